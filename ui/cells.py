"""The board's font in taller cells, for the panels whose pixels are too small at a whole scale (the Pico kit's).

ui/text.py's ``text_scale`` says which cell a panel's labels take; only a
panel with a taller one loads this module: a sheet made once from the ROM
font (1 KB on a Pico), and the same cells as a font for adafruit_display_text
(the how-to and statistics pages, ui/page.py).
"""

import displayio
import terminalio

from ui.text import CHAR_H, CHAR_W

_TWICE = (7, 3)  # the font's rows drawn twice in a taller cell, in this order (inside the letters)
_sheets = {}  # type: dict[int, displayio.Bitmap]  # the taller sheet by its cells' height, once made


def sheet(cell):
    """terminalio's sheet in cells cell pixels high: rows of _TWICE drawn twice, made at the first such label."""
    made = _sheets.get(cell)
    if made is None:
        import bitmaptools

        font = terminalio.FONT.bitmap
        _sheets.clear()  # (a board lays out one panel: a desktop test may lay out two)
        made = displayio.Bitmap(font.width, font.height // CHAR_H * cell, 2)
        twice = _TWICE[:cell - CHAR_H]
        for r in range(font.height // CHAR_H):  # the rows of tiles (the board's: one)
            y = r * cell
            for row in range(r * CHAR_H, (r + 1) * CHAR_H):
                for _ in range(2 if row - r * CHAR_H in twice else 1):
                    bitmaptools.blit(made, font, 0, y, x1=0, y1=row, x2=font.width, y2=row + 1)
                    y += 1
        _sheets[cell] = made
    return made


class CellFont:
    """terminalio.FONT in taller cells: what adafruit_display_text asks of a font."""

    def __init__(self, cell):
        import fontio  # (the desktop VM that loads every module has no fontio: only here)

        self.cell = cell
        self.sheet = sheet(cell)
        self.glyph = fontio.Glyph

    def get_bounding_box(self):
        """(width, height) of every glyph: the cell."""
        return (CHAR_W, self.cell)

    def get_glyph(self, codepoint):
        """The glyph of a character: its whole cell of the sheet (None for one the font lacks)."""
        glyph = terminalio.FONT.get_glyph(codepoint)
        if glyph is None:
            return None
        tile = glyph.tile_index  # type: ignore[attr-defined]  # (the stubs' Glyph, a named tuple in C, declares no fields)
        return self.glyph(self.sheet, tile, CHAR_W, self.cell, 0, 0, CHAR_W, 0)
