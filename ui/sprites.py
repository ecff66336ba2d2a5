"""Card sprites made in code: a sheet of half-card tiles in four values, a palette for each look, digits.

A card on the table is one TileGrid of two tiles over the sheet: its left
half (an empty place's, a back's, or a face with its rank) and its right half
(the same, or a face with its suit twice). The sheet has two bits a pixel:
clear, paper, ink and edge; what they look like is the TileGrid's palette
(``card_palettes``): black or red ink on white for a face, a blue back with a
white lattice, a dim outline for an empty place, gold on dark purple for a joker
(the one dark face, with a star where a rank goes: never taken for a red jack),
and a refused card's look, tinted with a red edge. Changing a card is changing
two tile indices (and the palette when its look changes), so displayio
repaints one area, the card's rectangle or its changed half. A small count
(ui.speed.seats.Count) is one TileGrid over the digit sheet in the same way.

The glyphs are bit rows (bytes, the leftmost pixel in the highest bit used),
so the module holds them in a few small objects on a board's heap.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import displayio

# Palette indices of the table's own palette (felt, marks) and the colours of everything
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
FACE_EDGE = 12  # a face-up card's edge (ALERT when refused)
TINT = 13  # a refused card's paper
P2 = 14  # the third and fourth seats' colours (three- and four-player Speed)
P3 = 15
COLOURS = (0x000000, 0xFFFFFF, 0x101010, 0xD01818, 0x2848B0, 0x8890A0,
           0x20B0FF, 0xFF9020, 0xFF2020, 0xFFD020, 0x0B5D2A, 0x3C7D52, 0x8890A0, 0xFFD8D8,
           0x40E040, 0xF050F0)
PLAYER_COLOURS = (0x20B0FF, 0xFF9020, 0x40E040, 0xF050F0)  # blue, orange, green, magenta: seats 0-3
PLAYER_INDEX = (P0, P1, P2, P3)  # each seat's colour in the palette
JOKER_PAPER = 0x5A1890  # a joker's face (P-10): dark purple, the one dark face, its marks in gold
JOKER_INK = 0xFFD020
JOKER_REFUSED = 0x901848  # a refused joker's: darker red-purple

# What a card place shows (CardView.show's body)
EMPTY = 0  # an empty slot's outline
FACE = 1  # a face-up card
DOWN = 2  # a face-down card (back)
FLASH = 3  # a face-up card with the refused look: FACE in a flash palette

# The sheet's values
_CLEAR = const(0)
_PAPER = const(1)
INK = 2  # the glyphs' value (tests read the sheet for it)
_EDGE = const(3)

# Tiles of the card sheet, each half a card: left half then right half of an empty place and of a
# back, the left halves of the faces (13 ranks), their right halves (4 suits), a joker's two halves
_EMPTY_TILE = const(0)
_DOWN_TILE = const(2)
_RANK_TILES = const(4)
_SUIT_TILES = const(17)
_JOKER_TILES = const(21)
CARD_TILES = 23

# The looks (card_palettes' order)
_LOOK_EMPTY = const(0)
_LOOK_BACK = const(1)
_LOOK_FACE = const(2)  # + 0 black, 1 red, 2 joker
_LOOK_FLASH = const(5)  # the same three, refused

# Glyphs, a byte per row: suits and the joker's star 7 wide (bit 6 leftmost), ranks and digits 5 wide
# (bit 4 leftmost), 7 rows each
_SUITS = bytes((  # clubs, diamonds, hearts, spades
    0x1C, 0x1C, 0x6B, 0x7F, 0x6B, 0x08, 0x1C,
    0x08, 0x1C, 0x3E, 0x7F, 0x3E, 0x1C, 0x08,
    0x36, 0x7F, 0x7F, 0x7F, 0x3E, 0x1C, 0x08,
    0x08, 0x1C, 0x3E, 0x7F, 0x6B, 0x08, 0x1C,
))
_STAR = bytes((0x08, 0x08, 0x7F, 0x3E, 0x1C, 0x36, 0x63))  # the joker's two marks
_JOKER = bytes((0x04, 0x15, 0x0E, 0x1F, 0x0E, 0x15, 0x04))  # the joker's rank place: a burst, no letter
_RANKS = bytes((  # A 2 3 4 5 6 7 8 9 10 J Q K
    0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11,
    0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F,
    0x1E, 0x01, 0x01, 0x0E, 0x01, 0x01, 0x1E,
    0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02,
    0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E,
    0x0E, 0x10, 0x10, 0x1E, 0x11, 0x11, 0x0E,
    0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08,
    0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E,
    0x0E, 0x11, 0x11, 0x0F, 0x01, 0x01, 0x0E,
    0x17, 0x15, 0x15, 0x15, 0x15, 0x15, 0x17,
    0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C,
    0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D,
    0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11,
))


def palette():
    """The table's palette (COLOURS), index 0 transparent: the felt and whatever is drawn in those colours."""
    pal = displayio.Palette(len(COLOURS))
    for i, c in enumerate(COLOURS):
        pal[i] = c
    pal.make_transparent(CLEAR)
    return pal


def felt(group, width, height, colour):
    """A cloth of one colour under everything (the table's, the menu's): 16x16 tiles of a one-value bitmap."""
    pal = displayio.Palette(1)
    pal[0] = colour
    group.append(displayio.TileGrid(displayio.Bitmap(16, 16, 1), pixel_shader=pal, width=(width + 15) // 16,
                                    height=(height + 15) // 16, tile_width=16, tile_height=16))


def _four(paper, ink, edge):
    pal = displayio.Palette(4)
    pal[_PAPER] = paper
    pal[INK] = ink
    pal[_EDGE] = edge
    pal.make_transparent(_CLEAR)
    return pal


def card_palettes():
    """The looks of a card place, in the order look() numbers them: empty, back, faces, refused faces."""
    c = COLOURS
    return (_four(c[DIM], c[DIM], c[DIM]), _four(c[BACK], c[WHITE], c[EDGE]),
            _four(c[WHITE], c[BLACK], c[FACE_EDGE]), _four(c[WHITE], c[RED], c[FACE_EDGE]),
            _four(JOKER_PAPER, JOKER_INK, JOKER_INK),
            _four(c[TINT], c[BLACK], c[ALERT]), _four(c[TINT], c[RED], c[ALERT]),
            _four(JOKER_REFUSED, JOKER_INK, c[ALERT]))


def look(card, body):
    """Which of card_palettes a place showing card as body takes."""
    if body == DOWN:
        return _LOOK_BACK
    if body == EMPTY or not card:
        return _LOOK_EMPTY
    s = card >> 4
    kind = 2 if s == 4 else 1 if s == 1 or s == 2 else 0  # a joker, red suits, black suits
    return (_LOOK_FLASH if body == FLASH else _LOOK_FACE) + kind


def glyph_places(w, h, rank_scale, suit_scale):
    """(x, y) in a w x h card of its rank glyph, its top suit and its bottom suit."""
    pad = 2 if h < 40 else 4
    ss = 8 * suit_scale
    x = w - ss - pad + suit_scale
    return (pad, pad), (x, pad + 1), (x, h - ss - pad + 1)


def card_sheet(w, h, rank_scale, suit_scale):
    """Sheet of CARD_TILES tiles, each half a w x h card (w even), two bits a pixel: see left_tile, right_tile."""
    hw = w // 2
    rank, suit, suit2 = glyph_places(w, h, rank_scale, suit_scale)
    if w != 2 * hw or rank[0] + 5 * rank_scale > hw or suit[0] < hw:
        raise ValueError("a %dx%d card does not split into a rank half and a suit half" % (w, h))
    bmp = displayio.Bitmap(hw * CARD_TILES, h, 4)
    bmp.fill(_PAPER)  # most of every face, and of a back
    for half in range(2):
        tile = _EMPTY_TILE + half  # an empty place: an outline
        _part(bmp, tile, half, hw, 0, 0, w, h, _CLEAR)
        _ring(bmp, tile, half, hw, 0, 0, w, h, INK)
        tile = _DOWN_TILE + half  # a back: an edge, a frame inside it and a lattice in ink
        _corners(bmp, tile, half, hw, w, h)
        _ring(bmp, tile, half, hw, 0, 0, w, h, _EDGE)
        _ring(bmp, tile, half, hw, 2, 2, w - 4, h - 4, INK)
        left = half * hw
        for y in range(4, h - 4):
            for x in range(max(4, left), min(w - 4, left + hw)):
                if (x + y) % 4 == 0:
                    bmp[tile * hw + x - left, y] = INK
    for i in range(13):
        _face(bmp, _RANK_TILES + i, 0, hw, w, h)
        _glyph(bmp, _RANK_TILES + i, 0, hw, rank, _RANKS, i * 7, 5, rank_scale)
    for s in range(4):
        _face(bmp, _SUIT_TILES + s, 1, hw, w, h)
        for at in (suit, suit2):
            _glyph(bmp, _SUIT_TILES + s, 1, hw, at, _SUITS, s * 7, 7, suit_scale)
    _face(bmp, _JOKER_TILES, 0, hw, w, h)  # jokers (Speed's P-10): a burst where the rank goes, stars
    _glyph(bmp, _JOKER_TILES, 0, hw, rank, _JOKER, 0, 5, rank_scale)
    _face(bmp, _JOKER_TILES + 1, 1, hw, w, h)
    for at in (suit, suit2):
        _glyph(bmp, _JOKER_TILES + 1, 1, hw, at, _STAR, 0, 7, suit_scale)
    return bmp


def _part(bmp, tile, half, hw, x0, y0, w, h, value):
    """Fill the part of a rectangle (in card coordinates) that lies in one half of the card, at tile."""
    left = half * hw
    base = tile * hw - left
    for y in range(y0, y0 + h):
        for x in range(max(x0, left), min(x0 + w, left + hw)):
            bmp[base + x, y] = value


def _ring(bmp, tile, half, hw, x0, y0, w, h, value):
    """A one-pixel outline without its corners, in one half of the card."""
    _part(bmp, tile, half, hw, x0 + 1, y0, w - 2, 1, value)
    _part(bmp, tile, half, hw, x0 + 1, y0 + h - 1, w - 2, 1, value)
    _part(bmp, tile, half, hw, x0, y0 + 1, 1, h - 2, value)
    _part(bmp, tile, half, hw, x0 + w - 1, y0 + 1, 1, h - 2, value)


def _corners(bmp, tile, half, hw, w, h):
    """Clear the card's four corner pixels (its rounded look) in one half."""
    for x in (0, w - 1):
        for y in (0, h - 1):
            _part(bmp, tile, half, hw, x, y, 1, 1, _CLEAR)


def _face(bmp, tile, half, hw, w, h):
    """One half of a face-up card (the sheet is paper already): its corners and its edge."""
    _corners(bmp, tile, half, hw, w, h)
    _ring(bmp, tile, half, hw, 0, 0, w, h, _EDGE)


def _glyph(bmp, tile, half, hw, at, rows, start, wide, scale):
    """Draw the 7 bit rows of a glyph (rows[start:start + 7], wide bits) at card point at, each dot scale x scale."""
    x0, y0 = at
    for y in range(7):
        bits = rows[start + y]
        for x in range(wide):
            if bits & (1 << (wide - 1 - x)):
                _part(bmp, tile, half, hw, x0 + x * scale, y0 + y * scale, scale, scale, INK)


def left_tile(card, body):
    """Sheet tile of a card place's left half: an empty place's, a back's, or the card's rank on a face."""
    if body == DOWN:
        return _DOWN_TILE
    if body == EMPTY or not card:
        return _EMPTY_TILE
    if card >> 4 == 4:
        return _JOKER_TILES
    return _RANK_TILES + (card & 15) - 1


def right_tile(card, body):
    """Sheet tile of a card place's right half: an empty place's, a back's, or the card's suit on a face."""
    if body == DOWN:
        return _DOWN_TILE + 1
    if body == EMPTY or not card:
        return _EMPTY_TILE + 1
    if card >> 4 == 4:
        return _JOKER_TILES + 1
    return _SUIT_TILES + (card >> 4)


def frame(w, h):
    """A card-sized outline two pixels thick in value 1 (a cursor, a hint): one bitmap for every such frame."""
    bmp = displayio.Bitmap(w, h, 2)
    _ring(bmp, 0, 0, w, 0, 0, w, h, 1)
    _ring(bmp, 0, 0, w, 1, 1, w - 2, h - 2, 1)
    return bmp


# The digit sheet: tile 0 blank, tile 1 + d the digit d (5x7, the card ranks' style), one ink
DIGIT_TILES = 11
_DIGITS = bytes((0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E, 0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E)) + _RANKS[7:63]


def digit_sheet(scale=1):
    """Sheet of DIGIT_TILES tiles of (6 x 7) * scale: blank, then 0-9 in value 1 (see ink)."""
    bmp = displayio.Bitmap(6 * scale * DIGIT_TILES, 7 * scale, 2)
    for d in range(10):
        x0 = 6 * scale * (1 + d)
        for y in range(7):
            bits = _DIGITS[d * 7 + y]
            for x in range(5):
                if bits & (1 << (4 - x)):
                    for dy in range(scale):
                        for dx in range(scale):
                            bmp[x0 + x * scale + dx, y * scale + dy] = 1
    return bmp


def ink(colour):
    """A two-colour palette for a one-bit sheet (the digits, the frames): transparent and colour."""
    pal = displayio.Palette(2)
    pal[1] = colour
    pal.make_transparent(0)
    return pal
