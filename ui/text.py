"""Text on the table and the menu: one TileGrid over the board's own font, nothing made per change.

CircuitPython's ``terminalio.FONT`` is a sheet of 6x12 tiles in ROM, one per
character (the REPL's terminal draws with it). A ``Text`` is a TileGrid over
that sheet, a tile per character: changing the words sets tile numbers, so a
change allocates nothing and repaints only the tiles that changed. A label
takes about 150 bytes of heap where an ``adafruit_display_text`` label takes
1.1-1.3 KB and leaves about 670 B of garbage per change (docs/performance.md,
"Text on the board"). The menu's pages (ui/page.py, ui/notice.py) are made
of these labels too.

A background colour is a ``vectorio.Rectangle`` behind the words, two pixels
wider on each side and one taller (times the scale); ``scale`` puts the words
in a Group of that scale (the rectangle is sized in the screen's pixels beside
it: a vectorio shape is not scaled by its Group on every displayio). The grid keeps the room it was made with (``chars`` x ``lines``):
left-anchored words start at its left, right-anchored words end at its
right, so neither moves; centred words are centred by moving the grid.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import displayio
import terminalio
import vectorio

CHAR_W = 6  # terminalio.FONT's tiles
CHAR_H = 12
_TWICE = const((7, 3))  # the font's rows drawn twice in a taller cell, in this order (inside the letters)
# The panels' pixel pitch in micrometres (the panel's diagonal over its pixels'): the PyBadge's 1.8"
# 160x128, the Pico kit's 1.14" 240x135 and 1.3" 240x240 (the smaller of its two, 1.3" and 1.54": 0.115)
PITCH_UM = {(160, 128): 223, (240, 135): 105, (240, 240): 97}
_BADGE_UM = const(223)
_FIRST = const(0x20)  # ' ', the first tile; the sheet holds ' ' to '~' in order
_POWERS = const((1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000))
_PAD_X = const(2)  # the background's margin round the words, in the label's own pixels
_PAD_Y = const(1)  # (none in a taller cell: its empty rows are the margin, and the Pico 240x135 has no row to spare)
_tiles = b""  # the tile of each of ' ' to '~', looked up at the first label (get_glyph makes an object a call)
_cell = [CHAR_H, 0, None]  # type: list  # the cell height of the panel laid out last (text_scale); the tall sheet's, the sheet


def text_scale(width, height):
    """The words' scale on a panel: the PyBadge's text height in mm, to the nearest whole scale.

    Where that scale leaves the words shorter than the PyBadge's (the Pico kit's
    panels: 2 x 12 pixels are 94% and 87% of its 12), the labels made from now
    on take a taller cell, the font with a row or two drawn twice: 2 x 13 pixels
    on the 1.14" 240x135 (102%), 2 x 14 on the 1.3" 240x240 (101%).
    """
    pitch = PITCH_UM.get((width, height), _BADGE_UM)
    scale = max(1, (_BADGE_UM + pitch // 2) // pitch)
    tall = scale * pitch
    _cell[0] = min(CHAR_H + len(_TWICE), max(CHAR_H, (CHAR_H * _BADGE_UM + tall - 1) // tall))
    return scale


def cell_h(scale=1):
    """The height in pixels of a line of labels made now at scale (a taller cell on the Pico panels)."""
    return _cell[0] * scale


def sheet(cell):
    """terminalio's sheet in cells cell pixels high: rows of _TWICE drawn twice, made at the first such label."""
    if _cell[1] != cell:
        import bitmaptools

        font = _font().bitmap
        _cell[2] = None  # (a board lays out one panel: a desktop test may lay out two)
        sheet = displayio.Bitmap(font.width, font.height // CHAR_H * cell, 2)
        twice = _TWICE[:cell - CHAR_H]
        for r in range(font.height // CHAR_H):  # the rows of tiles (the board's: one)
            y = r * cell
            for row in range(r * CHAR_H, (r + 1) * CHAR_H):
                for _ in range(2 if row - r * CHAR_H in twice else 1):
                    bitmaptools.blit(sheet, font, 0, y, x1=0, y1=row, x2=font.width, y2=row + 1)
                    y += 1
        _cell[1] = cell
        _cell[2] = sheet
    return _cell[2]


def _font():
    """terminalio.FONT (the desktop installs the board's copy before the first label: desktop/boardfont.py)."""
    global _tiles
    font = terminalio.FONT
    if not _tiles:
        # (the stubs' Glyph, a named tuple in C, declares no fields)
        _tiles = bytes(font.get_glyph(c).tile_index for c in range(_FIRST, 0x7F))  # type: ignore[attr-defined]
    return font


def _tile(code):
    """The font's tile for the character of code ('?' for one it lacks)."""
    k = code - _FIRST
    return _tiles[k] if 0 <= k < len(_tiles) else _tiles[31]  # 31: '?'


def wrap(text, width, glue=()):
    """text broken into lines of at most width characters, at spaces where it can be; a word in glue stays
    on the line of the word after it (a place and its name: "4th P1")."""
    lines = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut <= 0:
            cut = width
        elif glue:
            back = text.rfind(" ", 0, cut)
            if back > 0 and text[back + 1:cut] in glue:
                cut = back
        lines.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    lines.append(text)
    return "\n".join(lines)


class Text:
    """Words at (x, y) by an anchor point, in one colour, on an optional background.

    ``anchor`` is (ax, ay), each 0, 0.5 or 1: the point of the words' box that
    sits at (x, y). ``set`` changes the words only when given another value;
    ``line_chars`` > 0 breaks longer text into lines at spaces. Lines line up
    by the anchor (left, centred or right). Words longer than the room make
    a bigger grid once.
    """

    glue = ()  # words that stay with the word after them when the text wraps (``wrap``)
    bottom = 1 << 14  # the lowest y its words may reach (a table sets the screen's height): no limit

    def __init__(self, group, x, y, anchor, colour, background=None, scale=1, line_chars=0, chars=1, lines=1):
        self.x = x
        self.y = y
        self.ax2 = int(anchor[0] * 2)  # in halves, so that placing the words needs no float
        self.ay2 = int(anchor[1] * 2)
        self.scale = scale
        self.ch = _cell[0]  # the cells' height: the panel's (text_scale)
        self.line_chars = line_chars
        self.ink = displayio.Palette(2)
        self.ink.make_transparent(0)
        self.ink[1] = colour
        self.box = None
        # what is placed: the grid, or a Group (a scale, a background) holding it
        self.node = None  # type: displayio.Group | displayio.TileGrid | None
        self.words = None  # the Group the grid is in (scaled), when there is one
        if background is not None or scale > 1:
            self.node = self.words = displayio.Group(scale=scale)
            if background is not None:
                fill = displayio.Palette(1)
                fill[0] = background
                self.box = vectorio.Rectangle(pixel_shader=fill, width=1, height=1, x=0, y=0)
                if scale > 1:  # the box in screen pixels, the words in a scaled Group over it
                    self.node = displayio.Group()
                    self.node.append(self.box)
                    self.node.append(self.words)
                else:
                    self.node.append(self.box)
        self.parent = group
        self.grid = None
        self.cols = self.rows = 0
        if line_chars > 0:  # room for two lines of words that wrap
            chars = max(chars, line_chars)
            lines = max(lines, 2)
        self._grid(max(1, chars), max(1, lines))
        self.node.hidden = True  # the value None
        group.append(self.node)
        self.value = None
        self.wide = self.high = 0  # the words shown, in characters

    def _grid(self, cols, rows):
        """Make the grid with room for cols x rows characters, in place of the last one."""
        old = self.grid
        tiles = _font().bitmap if self.ch == CHAR_H else sheet(self.ch)
        grid = displayio.TileGrid(tiles, pixel_shader=self.ink, width=cols, height=rows,
                                  tile_width=CHAR_W, tile_height=self.ch, default_tile=_tiles[0])
        self.grid = grid
        self.cols = cols
        self.rows = rows
        if self.box is not None:
            grid.x = _PAD_X
            grid.y = _PAD_Y if self.ch == CHAR_H else 0
        if self.words is None:  # no Group: the grid itself is placed
            if old is not None:
                grid.x = old.x
                grid.y = old.y
                grid.hidden = old.hidden
                self.parent[self.parent.index(old)] = grid
            self.node = grid
        else:
            if old is not None:
                self.words.remove(old)
            self.words.append(grid)
        self.wide = self.high = -1  # placed again at the next change

    @property
    def colour(self):
        """The words' colour (RGB888)."""
        return self.ink[1]

    @colour.setter
    def colour(self, value):
        if self.ink[1] != value:
            self.ink[1] = value

    @property
    def hidden(self):
        """True while no words are shown."""
        return self.node.hidden

    @property
    def text(self):
        """The words shown, as lines ('' when hidden)."""
        if self.value is None or self.value == "":
            return ""
        text = str(self.value)
        return wrap(text, self.line_chars, self.glue) if 0 < self.line_chars < len(text) else text

    def area(self):
        """(x1, y1, x2, y2) in its parent's pixels that the words shown cover, with their background."""
        s = self.scale
        x = self.node.x
        y = self.node.y
        box = self.box
        if box is not None:
            return x + box.x, y, x + box.x + box.width, y + box.height
        if self.ax2 == 2:
            x += (self.cols - self.wide) * CHAR_W * s
        return x, y, x + self.wide * CHAR_W * s, y + self.high * self.ch * s

    def set(self, value):
        """Show value (a whole number, or any object as str() of it); hide the words for None or ''."""
        if value == self.value:
            return
        self.value = value
        node = self.node
        if value is None or value == "":
            if not node.hidden:
                node.hidden = True
            return
        if type(value) is int and value >= 0:
            self._number(value)
        else:
            text = str(value)
            self._words(wrap(text, self.line_chars, self.glue) if 0 < self.line_chars < len(text) else text)
        if node.hidden:  # showing repaints the whole label, even one shown already: only on a change
            node.hidden = False

    def _number(self, n):
        """Put the digits of n on the first row (a count changes without a string)."""
        wide = 1
        k = n
        while k >= 10:
            k //= 10
            wide += 1
        if wide > self.cols:
            self._grid(wide, self.rows)
        grid = self.grid
        cols = self.cols
        lead = cols - wide if self.ax2 == 2 else 0
        for i in range(cols * self.rows):
            j = i - lead
            tile = _tiles[16 + (n // _POWERS[wide - 1 - j]) % 10] if 0 <= j < wide else _tiles[0]  # 16: '0'
            if grid[i] != tile:
                grid[i] = tile
        self._fit(wide, 1)

    def _words(self, text):
        """Put text's lines on the rows, each lined up by the anchor.

        The text is read as its bytes, never a character at a time: on CircuitPython a str's one character
        (``for c in text``, ``text[i]``) is an interned name, which a board's table of names keeps for good."""
        data = text.encode()
        if len(data) != len(text):  # a character past ASCII (a bot's name on the desktop): '?', as the font has
            data = "".join(c if ord(c) < 0x80 else "?" for c in text).encode()
        wide = 0
        high = 1
        run = 0
        for c in data:
            if c == 10:  # a new line
                high += 1
                run = 0
            else:
                run += 1
                if run > wide:
                    wide = run
        if wide > self.cols or high > self.rows:
            self._grid(max(wide, self.cols), max(high, self.rows))
        grid = self.grid
        cols = self.cols
        start = 0
        n = len(data)
        for row in range(self.rows):
            end = start
            while end < n and data[end] != 10:
                end += 1
            length = end - start if start <= n else 0
            lead = cols - length if self.ax2 == 2 else (wide - length) // 2 if self.ax2 == 1 else 0
            at = row * cols
            for k in range(cols):
                j = k - lead
                tile = _tile(data[start + j]) if 0 <= j < length else _tiles[0]
                if grid[at + k] != tile:
                    grid[at + k] = tile
            start = end + 1
        self._fit(wide, high)

    def _fit(self, wide, high):
        """Place the words again when their size in characters changed."""
        if wide == self.wide and high == self.high:
            return
        self.wide = wide
        self.high = high
        s = self.scale
        box = self.box
        pad_x = pad_y = 0
        w = self.cols * CHAR_W if self.ax2 == 2 else wide * CHAR_W  # right: the grid's own right edge
        if box is not None:
            pad_x = _PAD_X
            pad_y = _PAD_Y if self.ch == CHAR_H else 0
            box.x = ((self.cols - wide) * CHAR_W if self.ax2 == 2 else 0) * s  # in screen pixels
            box.width = (wide * CHAR_W + 2 * pad_x) * s
            box.height = (high * self.ch + 2 * pad_y) * s
        w += 2 * pad_x
        h = (high if self.ay2 else self.rows) * self.ch + 2 * pad_y
        left = self.x - (self.ax2 * w * s) // 2
        top = self.y - (self.ay2 * h * s) // 2
        shown = (high * self.ch + 2 * pad_y) * s  # the lines shown, with the background's padding
        if top + shown > self.bottom:  # more lines than the room below: up, so that the last one is seen
            top = self.bottom - shown
        node = self.node
        if node.x != left:
            node.x = left
        if node.y != top:
            node.y = top
