"""Words at the panel's text scale where they fit, else at scale 1 (three- and four-seat Speed's banner, info line).

A module of its own, loaded only on a panel of text scale 2 (the Pico kit's):
the PyBadge's tables never load it.
"""

from ui.text import Text, wrap


class Fitted(Text):
    """Words at the panel's scale when they take at most ``most`` lines of ``room`` pixels, else at scale 1.

    Three or four seats' banner and info line: the ranking (P-11) is too long
    for two lines at scale 2, and is shown smaller rather than over the cards.
    """

    def __init__(self, group, x, y, colour, background, scale, room, most):
        Text.__init__(self, group, x, y, (0.5, 0.0), colour, background, scale=scale,
                      line_chars=room // (6 * scale) if most > 1 else 0, chars=room // (6 * scale))
        self.big = scale
        self.room = room
        self.most = most

    def set(self, value):
        """Show value as Text does, at the scale its words fit."""
        if self.big > 1 and value != self.value and type(value) is str:
            chars = self.room // (6 * self.big)
            if self.most > 1:
                fits = wrap(value, chars, self.glue).count("\n") < self.most
            else:
                fits = len(value) <= chars
            scale = self.big if fits else 1
            if scale != self.scale:
                self.scale = scale
                self.words.scale = scale
                if self.most > 1:
                    self.line_chars = self.room // (6 * scale)
                self.wide = -1  # placed again at this scale
        Text.set(self, value)
