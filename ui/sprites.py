"""Card sprites made in code: one palette (and its flash twin), one sheet of half-card tiles, digits.

A card on the table is one TileGrid of two tiles over the sheet: its left
half (an empty place's, a back's, or a face with its rank) and its right half
(the same, or a face with its suit twice). Changing a card is changing those
two tile indices, so displayio repaints one area, the card's rectangle or its
changed half; no label or bitmap per card. A small count (ui.seats.Count) is
one TileGrid over the digit sheet in the same way: a change repaints the
digits that changed.
"""

import displayio

# Palette indices shared by every sprite
CLEAR = 0
WHITE = 1
BLACK = 2
RED = 3
BACK = 4
EDGE = 5
P0 = 6
P1 = 7
ALERT = 8
GOLD = 9
FELT = 10
DIM = 11
FACE_EDGE = 12  # a face-up card's edge and the ring inside it: ALERT in the flash palette
FACE_RING = 13
P2 = 14  # the third and fourth seats' colours (three- and four-player Speed)
P3 = 15
COLOURS = (0x000000, 0xFFFFFF, 0x101010, 0xD01818, 0x2848B0, 0x8890A0,
           0x20B0FF, 0xFF9020, 0xFF2020, 0xFFD020, 0x0B5D2A, 0x3C7D52, 0x8890A0, 0xFFFFFF,
           0x40E040, 0xF050F0)
PLAYER_COLOURS = (0x20B0FF, 0xFF9020, 0x40E040, 0xF050F0)  # blue, orange, green, magenta: seats 0-3
PLAYER_INDEX = (P0, P1, P2, P3)  # each seat's colour in the palette (its cursor)

# What a card place shows (CardView.show's body)
EMPTY = 0  # an empty slot's outline
FACE = 1  # a face-up card
DOWN = 2  # a face-down card (back)
FLASH = 3  # a face-up card outlined in the alert colour (refused move): FACE in the flash palette

# Tiles of the card sheet, each half a card: left half then right half of an empty place and of a
# back, then the left halves of the faces (13 black ranks, 13 red) and their right halves (4 suits)
_EMPTY_TILE = 0
_DOWN_TILE = 2
_RANK_TILES = 4
_SUIT_TILES = 30
_JOKER_TILES = 34  # a joker's left half (a red J over the star) and right half (two stars)
CARD_TILES = 36

_SUITS = (  # 7x7: clubs, diamonds, hearts, spades
    ("..XXX..", "..XXX..", "XX.X.XX", "XXXXXXX", "XX.X.XX", "...X...", "..XXX.."),
    ("...X...", "..XXX..", ".XXXXX.", "XXXXXXX", ".XXXXX.", "..XXX..", "...X..."),
    (".XX.XX.", "XXXXXXX", "XXXXXXX", "XXXXXXX", ".XXXXX.", "..XXX..", "...X..."),
    ("...X...", "..XXX..", ".XXXXX.", "XXXXXXX", "XX.X.XX", "...X...", "..XXX.."),
)
_STAR = ("...X...", "...X...", "XXXXXXX", ".XXXXX.", "..XXX..", ".XX.XX.", "XX...XX")  # 7x7: a joker's mark
_JOKER = ("..XXX", "...X.", "...X.", "...X.", "...X.", "X..X.", ".XX..")  # 5x7: the J of a joker, in red
_RANKS = (  # 5x7: A 2 3 4 5 6 7 8 9 10 J Q K
    (".XXX.", "X...X", "X...X", "XXXXX", "X...X", "X...X", "X...X"),
    (".XXX.", "X...X", "....X", "...X.", "..X..", ".X...", "XXXXX"),
    ("XXXX.", "....X", "....X", ".XXX.", "....X", "....X", "XXXX."),
    ("...X.", "..XX.", ".X.X.", "X..X.", "XXXXX", "...X.", "...X."),
    ("XXXXX", "X....", "XXXX.", "....X", "....X", "X...X", ".XXX."),
    (".XXX.", "X....", "X....", "XXXX.", "X...X", "X...X", ".XXX."),
    ("XXXXX", "....X", "...X.", "..X..", ".X...", ".X...", ".X..."),
    (".XXX.", "X...X", "X...X", ".XXX.", "X...X", "X...X", ".XXX."),
    (".XXX.", "X...X", "X...X", ".XXXX", "....X", "....X", ".XXX."),
    ("X.XXX", "X.X.X", "X.X.X", "X.X.X", "X.X.X", "X.X.X", "X.XXX"),
    ("..XXX", "...X.", "...X.", "...X.", "...X.", "X..X.", ".XX.."),
    (".XXX.", "X...X", "X...X", "X...X", "X.X.X", "X..X.", ".XX.X"),
    ("X...X", "X..X.", "X.X..", "XX...", "X.X..", "X..X.", "X...X"),
)


def palette(flash=False):
    """The shared palette, index 0 transparent; flash=True outlines face-up cards in ALERT."""
    pal = displayio.Palette(len(COLOURS))
    for i, c in enumerate(COLOURS):
        pal[i] = c
    if flash:
        pal[FACE_EDGE] = pal[FACE_RING] = COLOURS[ALERT]
    pal.make_transparent(CLEAR)
    return pal


def glyph_places(w, h, rank_scale, suit_scale):
    """(x, y) in a w x h card of its rank glyph, its top suit and its bottom suit."""
    pad = 2 if h < 40 else 4
    ss = 8 * suit_scale
    x = w - ss - pad + suit_scale
    return (pad, pad), (x, pad + 1), (x, h - ss - pad + 1)


def card_sheet(w, h, rank_scale, suit_scale):
    """Sheet of CARD_TILES tiles, each half a w x h card (w even): see left_tile and right_tile."""
    hw = w // 2
    rank, suit, suit2 = glyph_places(w, h, rank_scale, suit_scale)
    if w != 2 * hw or rank[0] + 5 * rank_scale > hw or suit[0] < hw:
        raise ValueError("a %dx%d card does not split into a rank half and a suit half" % (w, h))
    bmp = displayio.Bitmap(hw * CARD_TILES, h, len(COLOURS))
    bmp.fill(WHITE)  # most of every face
    for half in range(2):
        tile = _EMPTY_TILE + half  # an empty place: a dim outline
        _part(bmp, tile, half, hw, 0, 0, w, h, CLEAR)
        _ring(bmp, tile, half, hw, 0, 0, w, h, DIM)
        tile = _DOWN_TILE + half  # a back: blue with a white inner frame and a lattice
        _corners(bmp, tile, half, hw, w, h)
        _part(bmp, tile, half, hw, 1, 1, w - 2, h - 2, BACK)
        _ring(bmp, tile, half, hw, 0, 0, w, h, EDGE)
        _ring(bmp, tile, half, hw, 2, 2, w - 4, h - 4, WHITE)
        left = half * hw
        for y in range(4, h - 4):
            for x in range(max(4, left), min(w - 4, left + hw)):
                if (x + y) % 4 == 0:
                    bmp[tile * hw + x - left, y] = WHITE
    for i in range(26):
        tile = _RANK_TILES + i
        _face(bmp, tile, 0, hw, w, h)
        _glyph(bmp, tile, 0, hw, rank, _RANKS[i % 13], RED if i >= 13 else BLACK, rank_scale)
    for s in range(4):
        tile = _SUIT_TILES + s
        _face(bmp, tile, 1, hw, w, h)
        for at in (suit, suit2):
            _glyph(bmp, tile, 1, hw, at, _SUITS[s], RED if s in (1, 2) else BLACK, suit_scale)
    _face(bmp, _JOKER_TILES, 0, hw, w, h)  # jokers (Speed's P-10): the same look for both
    _glyph(bmp, _JOKER_TILES, 0, hw, rank, _JOKER, RED, rank_scale)
    _face(bmp, _JOKER_TILES + 1, 1, hw, w, h)
    for at in (suit, suit2):
        _glyph(bmp, _JOKER_TILES + 1, 1, hw, at, _STAR, BLACK, suit_scale)
    return bmp


def _part(bmp, tile, half, hw, x0, y0, w, h, colour):
    """Fill the part of a rectangle (in card coordinates) that lies in one half of the card, at tile."""
    left = half * hw
    base = tile * hw - left
    for y in range(y0, y0 + h):
        for x in range(max(x0, left), min(x0 + w, left + hw)):
            bmp[base + x, y] = colour


def _ring(bmp, tile, half, hw, x0, y0, w, h, colour):
    """A one-pixel outline without its corners, in one half of the card."""
    _part(bmp, tile, half, hw, x0 + 1, y0, w - 2, 1, colour)
    _part(bmp, tile, half, hw, x0 + 1, y0 + h - 1, w - 2, 1, colour)
    _part(bmp, tile, half, hw, x0, y0 + 1, 1, h - 2, colour)
    _part(bmp, tile, half, hw, x0 + w - 1, y0 + 1, 1, h - 2, colour)


def _corners(bmp, tile, half, hw, w, h):
    """Clear the card's four corner pixels (its rounded look) in one half."""
    for x in (0, w - 1):
        for y in (0, h - 1):
            _part(bmp, tile, half, hw, x, y, 1, 1, CLEAR)


def _face(bmp, tile, half, hw, w, h):
    """One half of a face-up card (the sheet is white already): its edge and the ring inside it."""
    _corners(bmp, tile, half, hw, w, h)
    _ring(bmp, tile, half, hw, 0, 0, w, h, FACE_EDGE)
    _ring(bmp, tile, half, hw, 1, 1, w - 2, h - 2, FACE_RING)


def _glyph(bmp, tile, half, hw, at, rows, colour, scale):
    """Draw a glyph's rows ("X" set) at card point at, each dot scale x scale, in one half."""
    x0, y0 = at
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "X":
                _part(bmp, tile, half, hw, x0 + x * scale, y0 + y * scale, scale, scale, colour)


def left_tile(card, body):
    """Sheet tile of a card place's left half: an empty place's, a back's, or the card's rank on a face."""
    if body == DOWN:
        return _DOWN_TILE
    if body == EMPTY or not card:
        return _EMPTY_TILE
    s = card >> 4
    if s == 4:
        return _JOKER_TILES
    return _RANK_TILES + (card & 15) - 1 + (13 if s == 1 or s == 2 else 0)


def right_tile(card, body):
    """Sheet tile of a card place's right half: an empty place's, a back's, or the card's suit on a face."""
    if body == DOWN:
        return _DOWN_TILE + 1
    if body == EMPTY or not card:
        return _EMPTY_TILE + 1
    if card >> 4 == 4:
        return _JOKER_TILES + 1
    return _SUIT_TILES + (card >> 4)


def frame(w, h, colour):
    """A card-sized outline two pixels thick (the players' cursors)."""
    bmp = displayio.Bitmap(w, h, len(COLOURS))
    _ring(bmp, 0, 0, w, 0, 0, w, h, colour)
    _ring(bmp, 0, 0, w, 1, 1, w - 2, h - 2, colour)
    return bmp


# The digit sheet: tile 0 blank, tile 1 + d the digit d (5x7, the card ranks' style), one ink
DIGIT_TILES = 11
_DIGITS = (
    (".XXX.", "X...X", "X..XX", "X.X.X", "XX..X", "X...X", ".XXX."),
    ("..X..", ".XX..", "..X..", "..X..", "..X..", "..X..", ".XXX."),
) + _RANKS[1:9]  # 2-9 as on the cards


def digit_sheet(scale=1):
    """Sheet of DIGIT_TILES tiles of (6 x 7) * scale: blank, then 0-9 in value 1 (see ink)."""
    bmp = displayio.Bitmap(6 * scale * DIGIT_TILES, 7 * scale, 2)
    for d in range(10):
        x0 = 6 * scale * (1 + d)
        for y, row in enumerate(_DIGITS[d]):
            for x, ch in enumerate(row):
                if ch == "X":
                    for dy in range(scale):
                        for dx in range(scale):
                            bmp[x0 + x * scale + dx, y * scale + dy] = 1
    return bmp


def ink(colour):
    """A two-colour palette for the digit sheet: transparent and colour."""
    pal = displayio.Palette(2)
    pal[1] = colour
    pal.make_transparent(0)
    return pal
