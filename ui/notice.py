"""A page of a few lines over the menu in the board's own font (ui/text.py): the link's pages and notices.

The link's join page is the most a board's heap holds (the link's modules and
the menu are loaded while it is shown): a page of adafruit_display_text labels
there needed its 17 KB library on top, and the PyBadge's pool had no room for
it (tools/bench/bench_board.py, docs/performance.md); a ui/text.py label a line is
about 150 B. The how-to and statistics pages (ui/page.py) are made of the same
labels, laid out at the panel's own scale and steps.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import displayio

from ui.text import Text, cell_h, text_scale

_GOLD = const(0xFFD020)


def backdrop(width, height):
    """A page's Group, black over the whole screen (one 8x8 tile repeated)."""
    page = displayio.Group()
    pal = displayio.Palette(1)
    pal[0] = 0x000000
    page.append(displayio.TileGrid(displayio.Bitmap(8, 8, 1), pixel_shader=pal, width=(width + 7) // 8,
                                   height=(height + 7) // 8, tile_width=8, tile_height=8))
    return page


def make(width, height, texts):
    """(a Group, its labels): texts[0] as the title in gold, the rest as lines under it, on black."""
    page = backdrop(width, height)
    k = text_scale(width, height)  # as tall as the PyBadge's words where the lines fit (ui.text)
    cell = cell_h()
    while k > 1 and (len(texts) * cell * k > height or max([len(t) for t in texts] or [0]) * 6 * k > width - 8):
        k -= 1
    step = max(cell - 2, min(cell, height // max(1, len(texts)))) * k
    labels = []
    for i, text in enumerate(texts):
        if text:
            label = Text(page, 4, 1 + i * step, (0.0, 0.0), _GOLD if i == 0 else 0xFFFFFF, scale=k,
                         chars=len(text))
            label.set(text)
            labels.append(label)
    return page, labels


def lines(labels):
    """The page's lines of text, the title first (for tests and tools)."""
    return [label.value for label in labels]
