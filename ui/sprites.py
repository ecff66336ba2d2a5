"""Card sprites made in code: one palette, a sheet of card bodies and a sheet of glyphs.

A card on the table is three TileGrids over these sheets (body, rank, suit),
so changing a card is changing three tile indices: no label per card, and
displayio repaints only that card's rectangle.
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
COLOURS = (0x000000, 0xFFFFFF, 0x101010, 0xD01818, 0x2848B0, 0x8890A0,
           0x20B0FF, 0xFF9020, 0xFF2020, 0xFFD020, 0x0B5D2A, 0x3C7D52)
PLAYER_COLOURS = (0x20B0FF, 0xFF9020)

# Tiles of the body sheet
EMPTY = 0  # an empty slot's outline
FACE = 1  # a face-up card, blank
DOWN = 2  # a face-down card (back)
FLASH = 3  # a face-up card outlined in the alert colour (refused move)
BODIES = 4

_SUITS = (  # 7x7: clubs, diamonds, hearts, spades
    ("..XXX..", "..XXX..", "XX.X.XX", "XXXXXXX", "XX.X.XX", "...X...", "..XXX.."),
    ("...X...", "..XXX..", ".XXXXX.", "XXXXXXX", ".XXXXX.", "..XXX..", "...X..."),
    (".XX.XX.", "XXXXXXX", "XXXXXXX", "XXXXXXX", ".XXXXX.", "..XXX..", "...X..."),
    ("...X...", "..XXX..", ".XXXXX.", "XXXXXXX", "XX.X.XX", "...X...", "..XXX.."),
)
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


def palette():
    """The shared palette; index 0 is transparent."""
    pal = displayio.Palette(len(COLOURS))
    for i, c in enumerate(COLOURS):
        pal[i] = c
    pal.make_transparent(CLEAR)
    return pal


def _rect(bmp, x0, y0, w, h, colour):
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            bmp[x, y] = colour


def _outline(bmp, x0, y0, w, h, colour):
    for x in range(x0 + 1, x0 + w - 1):
        bmp[x, y0] = colour
        bmp[x, y0 + h - 1] = colour
    for y in range(y0 + 1, y0 + h - 1):
        bmp[x0, y] = colour
        bmp[x0 + w - 1, y] = colour


def bodies(w, h):
    """Sheet of BODIES card-sized tiles side by side: empty, face, back, flash."""
    bmp = displayio.Bitmap(w * BODIES, h, len(COLOURS))
    # empty slot: a dim outline
    _outline(bmp, 0, 0, w, h, DIM)
    # face: white with a grey edge
    _rect(bmp, w + 1, 1, w - 2, h - 2, WHITE)
    _outline(bmp, w, 0, w, h, EDGE)
    # back: blue with a white inner frame and a lattice
    x0 = 2 * w
    _rect(bmp, x0 + 1, 1, w - 2, h - 2, BACK)
    _outline(bmp, x0, 0, w, h, EDGE)
    _outline(bmp, x0 + 2, 2, w - 4, h - 4, WHITE)
    for y in range(4, h - 4):
        for x in range(4, w - 4):
            if (x + y) % 4 == 0:
                bmp[x0 + x, y] = WHITE
    # flash: face with a thick alert outline
    x0 = 3 * w
    _rect(bmp, x0 + 1, 1, w - 2, h - 2, WHITE)
    _outline(bmp, x0, 0, w, h, ALERT)
    _outline(bmp, x0 + 1, 1, w - 2, h - 2, ALERT)
    return bmp


def glyphs(scale):
    """Sheet of 8*scale-square glyph tiles: 13 black ranks, 13 red ranks, then the 4 suits."""
    size = 8 * scale
    bmp = displayio.Bitmap(size * 30, size, len(COLOURS))
    for colour, base in ((BLACK, 0), (RED, 13)):
        for i, rows in enumerate(_RANKS):
            _draw(bmp, (base + i) * size, rows, colour, scale)
    for s, rows in enumerate(_SUITS):
        _draw(bmp, (26 + s) * size, rows, RED if s in (1, 2) else BLACK, scale)
    return bmp


def _draw(bmp, x0, rows, colour, scale):
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "X":
                _rect(bmp, x0 + x * scale, y * scale, scale, scale, colour)


def rank_tile(card):
    """Glyph tile of a card's rank, in its colour."""
    s = card >> 4
    return (card & 15) - 1 + (13 if s == 1 or s == 2 else 0)


def suit_tile(card):
    """Glyph tile of a card's suit."""
    return 26 + (card >> 4)


def frame(w, h, colour):
    """A card-sized outline two pixels thick (the players' cursors)."""
    bmp = displayio.Bitmap(w, h, len(COLOURS))
    _outline(bmp, 0, 0, w, h, colour)
    _outline(bmp, 1, 1, w - 2, h - 2, colour)
    return bmp
