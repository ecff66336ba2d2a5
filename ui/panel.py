"""A panel over the table: the result and pause screens' title, lines and choices (ui/result.py, ui/pause.py).

Two rectangles (a gold rim and the dark inside, vectorio) and a few
ui/text.py labels: the title at twice the size, the lines, and the choices,
a line each as in the title menu (Up/Down pick, Left/Right take the one
marked with ">"). Cheap on a board's heap: no label library, and nothing made
again while it is shown but the words of a choice that changes.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import displayio
import vectorio

from ui import sprites as S
from ui.text import CHAR_W, Text, cell_h, text_scale, wrap

_INSIDE = const(0x102030)  # the panel's dark blue
_DIM = const(0x808890)  # choices that cannot be taken yet
_PAD = const(4)


def _rect(group, colour, x, y, w, h):
    pal = displayio.Palette(1)
    pal[0] = colour
    group.append(vectorio.Rectangle(pixel_shader=pal, width=w, height=h, x=x, y=y))


class Panel:
    """A title, lines of words (str, wrapped to the panel) and choices, centred over a table's group."""

    def __init__(self, parent, width, height, title, lines, choices):
        self.parent = parent
        self.choices = choices
        self.selected = 0
        self.live = True
        group = displayio.Group()
        self.group = group
        k = text_scale(width, height)  # the panel's words as tall as the PyBadge's where the panel fits
        step = cell_h()  # one line of words (the panel's font: ui.text)
        while True:
            chars = (width - 4 * _PAD) // (CHAR_W * k)
            text = "\n".join(wrap(line, chars) for line in lines)  # a long line wraps at spaces
            rows = text.count("\n") + 1 if lines else 0
            high = (k + 1) * step + _PAD + (rows + len(choices)) * step * k + 3 * _PAD
            if high <= height or k == 1:
                break
            k -= 1
        high = min(high, height)
        top = (height - high) // 2
        _rect(group, S.COLOURS[S.GOLD], _PAD, top, width - 2 * _PAD, high)
        _rect(group, _INSIDE, _PAD + 1, top + 1, width - 2 * _PAD - 2, high - 2)
        mid = width // 2
        y = top + _PAD
        self.title = Text(group, mid, y, (0.5, 0.0), S.COLOURS[S.GOLD], scale=k + 1, chars=len(title))
        self.title.set(title)
        y += (k + 1) * step + _PAD
        self.lines = Text(group, mid, y, (0.5, 0.0), 0xFFFFFF, scale=k, chars=chars, lines=max(1, rows))
        self.lines.set(text)
        y += rows * step * k + _PAD
        self.marks = []
        wide = max(len(c) for c in choices) + 1
        for i in range(len(choices)):
            self.marks.append(Text(group, mid - wide * CHAR_W * k // 2, y + i * step * k, (0.0, 0.0), 0xFFFFFF,
                                   scale=k, chars=wide))
        self.draw()
        parent.append(group)

    def draw(self):
        """The choices: the one marked in gold with ">", all dim while they cannot be taken."""
        for i, mark in enumerate(self.marks):
            on = i == self.selected
            mark.set((">" if on else " ") + self.choices[i])
            mark.colour = _DIM if not self.live else S.COLOURS[S.GOLD] if on else 0xFFFFFF

    def press(self, button):
        """Up/Down move the mark; Left/Right: the marked choice (its words), else None."""
        if button < 2:  # UP 0, DOWN 1
            self.selected = (self.selected + (1 if button else -1)) % len(self.choices)
            self.draw()
            return None
        return self.choices[self.selected]

    def close(self):
        """Take the panel off the table."""
        if self.group in self.parent:
            self.parent.remove(self.group)
