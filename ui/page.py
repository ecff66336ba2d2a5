"""A page of text over the menu (how to play, statistics): a ui/text.py label a line, while shown.

A page is read one at a time, so it is made when shown and freed when left:
a label a line on black, the title in gold, in the board's own font as the
menu's lines and the link's pages (ui/notice.py). Its labels were
adafruit_display_text's until the PyGamer's soak (docs/performance.md): that
library took 17 KB of a board's heap while a page was shown, loaded again at
each page into a heap broken up by the games, and its names stayed interned
(about 2 KB) after it was dropped; a ui/text.py label is about 150 B.
On the Pico kit's panels the words are drawn at the panel's scale in its
taller cells (ui/text.py), as tall as the PyBadge's: a page then holds fewer
and shorter lines, so longer ones wrap and a page longer than the screen
scrolls (``window``).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from ui.notice import backdrop
from ui.text import CHAR_W, Text, cell_h, text_scale, wrap

_GOLD = const(0xFFD020)
_X = const(4)  # the lines' left edge


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
    """(a Group, its labels): texts[0] as the title in gold, the rest as lines under it, on black, at the top
    left; a label a line."""
    page = backdrop(width, height)
    k, step, _, _ = shape(width, height)
    if k == 1:
        step = max(10, min(12, height // max(1, len(texts))))  # (the PyBadge's pages, as they were)
    row = 0
    labels = []
    for i, text in enumerate(texts):
        for line in text.split("\n"):  # (a title of two lines: both gold)
            if line:
                label = Text(page, _X, 1 + row * step, (0.0, 0.0), _GOLD if i == 0 else 0xFFFFFF, scale=k,
                             chars=len(line))
                label.set(line)
                labels.append(label)
            row += 1
    return page, labels


def lines(labels):
    """The page's lines of text, the title first (for tests and tools)."""
    return [label.text for label in labels]
