"""Stand-in for terminalio: FONT, a 6x12 font whose glyphs are all one blank tile (fontio's Glyph shape)."""

import displayio


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6, 12, 2)
        self.glyph = Glyph(self.bitmap, 0, 6, 12, 0, -2, 6, 0)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        return self.glyph


FONT = _Font()
