"""A page of text over the menu (how to play, joining a linked host): adafruit_display_text, while shown.

A page is read one at a time, so it is made when shown and freed when left:
a ``bitmap_label`` a line on black, the title in gold.
The label library is imported only here (about 17 KB of heap on a board,
docs/performance.md), and a board drops it with the page (``Menu.close_page``).
"""

import terminalio
from adafruit_display_text import bitmap_label

from ui.notice import backdrop

_GOLD = 0xFFD020


def make(width, height, texts):
    """A Group: texts[0] as the title in gold, the rest as lines under it, on black, at the top left.

    A label a line, each with its own small bitmap: one label of every line
    needed one block of 5 KB at 240x240, which a heap fragmented by ten games
    no longer had (tools/bench_board.py's soak, docs/performance.md).
    """
    page = backdrop(width, height)
    step = max(10, min(12, height // max(1, len(texts))))
    for i, text in enumerate(texts):
        if text:
            page.append(bitmap_label.Label(terminalio.FONT, text=text, color=_GOLD if i == 0 else 0xFFFFFF,
                                           anchor_point=(0.0, 0.0), anchored_position=(4, 1 + i * step),
                                           save_text=True))
    return page


def lines(page):
    """The page's lines of text, the title first (for tests and tools)."""
    out = []
    for layer in page:
        text = getattr(layer, "text", None)
        if text is not None:
            out.extend(text.split("\n"))
    return out
