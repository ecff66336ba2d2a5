"""A page of text over the menu (how to play, statistics): adafruit_display_text, while shown.

A page is read one at a time, so it is made when shown and freed when left:
a ``bitmap_label`` a line on black, the title in gold.
The label library is imported only here (about 17 KB of heap on a board,
docs/performance.md), and a board drops it with the page (``Menu.close_page``).
On the Pico kit's panels the words are drawn at the panel's scale in its
taller cells (ui/text.py), as tall as the PyBadge's: a page then holds fewer
and shorter lines, so longer ones wrap and a page longer than the screen
scrolls (``window``).
"""

import terminalio
from adafruit_display_text import bitmap_label

from ui.notice import backdrop
from ui.text import CHAR_H, CHAR_W, cell_h, sheet, text_scale, wrap

_GOLD = 0xFFD020
_X = 4  # the lines' left edge


class CellFont:
    """terminalio.FONT in taller cells (ui.text's sheet): what adafruit_display_text asks of a font."""

    def __init__(self, cell):
        import fontio  # (on the Pico panels only: the desktop VM that loads every module has no fontio)

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


def shape(width, height):
    """(scale, line step in pixels, lines a screen holds, characters a line) of a page on a panel."""
    k = text_scale(width, height)
    cell = cell_h()
    step = (cell - 2) * k  # a line: the cell less its two empty rows (as the menu's lines)
    return k, step, max(4, (height - 2 - 2 * k) // step), (width - _X) // (CHAR_W * k)


def window(title, lines, top, width, height):
    """(the page's texts, the first line shown, True when it scrolls): the title and lines wrapped to the
    panel, from line top, and a footer that says how to scroll when they do not all fit.

    Where a line holds fewer characters than the lines were written for, a line that goes on the one
    before (it starts in lower case) joins it before the wrap, and the title may take two lines (the
    first entry of texts then holds both, a newline between).
    """
    _, _, fit, chars = shape(width, height)
    body = list(lines)
    if max([len(line) for line in lines] or [0]) > chars:
        joined = []
        for line in lines:
            if joined and line[:1].islower() and joined[-1]:
                joined[-1] += " " + line
            else:
                joined.append(line)
        body = []
        for line in joined:
            lead = len(line) - len(line.lstrip())  # a wrapped line keeps its indent
            for part in wrap(line.lstrip(), chars - lead).split("\n"):
                body.append(" " * lead + part)
    head = wrap(title, chars)
    room = fit - 1 - head.count("\n")
    if len(body) <= room:
        return [head] + body, 0, False
    room -= 2 if room >= 6 else 1  # the footer: where to scroll, and how to leave where there is room
    top = max(0, min(top, len(body) - room))
    more = "Up/Down %d-%d of %d" % (top + 1, top + room, len(body))
    tail = [more[:chars], "Any other key: back"[:chars]] if fit - 1 - head.count("\n") - room >= 2 else [more[:chars]]
    return [head] + body[top:top + room] + tail, top, True


def make(width, height, texts):
    """A Group: texts[0] as the title in gold, the rest as lines under it, on black, at the top left.

    A label a line, each with its own small bitmap: one label of every line
    needed one block of 5 KB at 240x240, which a heap fragmented by ten games
    no longer had (tools/bench/bench_board.py's soak, docs/performance.md).
    """
    page = backdrop(width, height)
    k, step, _, _ = shape(width, height)
    cell = cell_h()
    font = terminalio.FONT if cell == CHAR_H else CellFont(cell)
    if k == 1:
        step = max(10, min(12, height // max(1, len(texts))))  # (the PyBadge's pages, as they were)
    row = 0
    for i, text in enumerate(texts):
        for line in text.split("\n"):  # (a title of two lines: both gold)
            if line:
                page.append(bitmap_label.Label(font, text=line, color=_GOLD if i == 0 else 0xFFFFFF, scale=k,
                                               anchor_point=(0.0, 0.0), anchored_position=(_X, 1 + row * step),
                                               save_text=True))
            row += 1
    return page


def lines(page):
    """The page's lines of text, the title first (for tests and tools)."""
    out = []
    for layer in page:
        text = getattr(layer, "text", None)
        if text is not None:
            out.extend(text.split("\n"))
    return out
