"""The board's ``terminalio.FONT`` on the desktop: the same sheet of 6x12 tiles as CircuitPython's ROM font.

CircuitPython builds its terminal font at compile time
(``tools/gen_display_resources.py``) from Terminus ``ter-u12n.bdf``: one
6x12 tile per character, ' ' to '~' first, each glyph placed in its tile by
the font's bounding box, and ``get_glyph`` answers whole tiles (dx = dy = 0).
Blinka's ``terminalio.FONT`` reads the same BDF but gives each glyph its own
box (dy = -2) and has no tile sheet, so text drew a pixel higher on the
desktop than on a board. ``install()`` puts this font in its place: the
desktop and headless targets then draw text pixel for pixel as the board
does (tests/tools/test_board_vm.py compares the two sheets and whole frames).
Desktop only: a board has the real one in ROM.
"""

import os

import displayio
import fontio

_ASCII = range(0x20, 0x7F)


def _bdf_glyphs(path, wanted):
    """{code point: (width, height, x offset, y offset, rows as ints)} of the wanted characters, and the box."""
    glyphs = {}
    box = None
    with open(path, "rb") as f:
        code = None
        bbx = None
        rows = None
        for line in f:
            if line.startswith(b"FONTBOUNDINGBOX "):
                box = tuple(int(v) for v in line.split()[1:5])
            elif line.startswith(b"ENCODING"):
                code = int(line.split()[1])
                rows = None
            elif code not in wanted:
                continue
            elif line.startswith(b"BBX"):
                bbx = tuple(int(v) for v in line.split()[1:5])
            elif line.startswith(b"BITMAP"):
                rows = []
            elif line.startswith(b"ENDCHAR"):
                glyphs[code] = bbx + (rows,)
                code = None
            elif rows is not None:
                rows.append(int(line.strip(), 16))
    return glyphs, box


class BoardFont:
    """``fontio.BuiltinFont`` as CircuitPython's C has it: ``bitmap`` a tile sheet, glyphs whole tiles."""

    def __init__(self, path=None):
        if path is None:
            path = os.path.join(os.path.dirname(fontio.__file__), "displayio", "resources", "ter-u12n.bdf")
            if not os.path.isfile(path):
                path = os.path.join(os.path.dirname(displayio.__file__), "resources", "ter-u12n.bdf")
        glyphs, box = _bdf_glyphs(path, set(_ASCII))
        self.width, self.height = box[0], box[1]
        self.bitmap = displayio.Bitmap(self.width * len(_ASCII), self.height, 2)
        for index, code in enumerate(_ASCII):  # as gen_display_resources.py places each glyph
            if code not in glyphs:
                continue
            w, h, dx, dy, rows = glyphs[code]
            x0 = index * self.width + dx
            y0 = (self.height - 2) - (h + dy)
            span = (w + 7) // 8 * 8
            for y, bits in enumerate(rows):
                for i in range(w):
                    if bits & (1 << (span - 1 - i)):
                        self.bitmap[x0 + i, y0 + y] = 1

    def get_bounding_box(self):
        """(width, height) of every glyph: the tile's size."""
        return (self.width, self.height)

    def get_glyph(self, codepoint):
        """The glyph of a character: its whole tile of the sheet (None for one the font lacks)."""
        if codepoint not in _ASCII:
            return None
        return fontio.Glyph(self.bitmap, codepoint - 0x20, self.width, self.height, 0, 0, self.width, 0)


def install():
    """Make ``terminalio.FONT`` the board's font (once)."""
    import terminalio

    if not isinstance(terminalio.FONT, BoardFont):
        terminalio.FONT = BoardFont()
    return terminalio.FONT
