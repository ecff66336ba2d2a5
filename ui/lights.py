"""NeoPixels for the table: player colours, a flash per landed card, refusals, Spit, the winner.

The strip is split in halves: the left pixels belong to player 1 (left
cluster), the right ones to player 2, and the middle one (on a strip of five)
to the table. Colours are recomputed each frame; the strip is written only
when one of them changes.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.actions import PH_OVER, PH_READY
from engine.timing import ticks_add, ticks_diff

_DIM = const((0x002030, 0x302000))  # each player's resting colour
_BRIGHT = const((0x20B0FF, 0xFF9020))
_RED = const(0xFF0000)
_WHITE = const(0x808080)
_RAINBOW = const((0xFF0000, 0xFF8000, 0xFFFF00, 0x00FF00, 0x0080FF, 0x8000FF))


class Lights:
    """What the pixels show; call ``update`` once a frame."""

    def __init__(self, pixels):
        self.pixels = pixels
        self.n = len(pixels) if pixels is not None else 0
        self.flash_until = [0, 0]
        self.refuse_until = [0, 0]
        self.spit_until = 0
        self.count_until = 0  # the countdown before a round's "Spit!"
        self.count_ms = 1
        self.last = [-1] * self.n

    def reset(self, now):
        """Forget every flash: the lights come to rest (at a game's start; the tick clock can read anything)."""
        self.flash_until[0] = self.flash_until[1] = now
        self.refuse_until[0] = self.refuse_until[1] = now
        self.spit_until = now
        self.count_until = now

    def flash(self, player, now, ms=120):
        """A card of player's landed (the strip's halves are players 1 and 2: seats 3 and 4 have none)."""
        if player < 2:
            self.flash_until[player] = ticks_add(now, ms)

    def refuse(self, player, now, ms=220):
        """A move of player's was refused."""
        if player < 2:
            self.refuse_until[player] = ticks_add(now, ms)

    def spit(self, now, ms=450):
        """The spit cards were turned."""
        self.spit_until = ticks_add(now, ms)

    def countdown(self, now, ms=600):
        """A new round: the strip lights up and goes out pixel by pixel before Spit can be said."""
        self.count_until = ticks_add(now, ms)
        self.count_ms = ms

    def _side(self, i):
        half = self.n // 2
        if i < half:
            return 0
        if self.n % 2 and i == half:
            return -1
        return 1

    def colour(self, i, now, game):
        """The colour of pixel i now."""
        if game is None:
            return _DIM[self._side(i)] if self._side(i) >= 0 else 0
        if game.phase == PH_OVER:
            side = self._side(i)
            if game.winner in (0, 1) and (side == game.winner or side == -1):  # no tuple per pixel
                return _RAINBOW[(now // 90 + i) % len(_RAINBOW)]
            return 0
        left = ticks_diff(self.count_until, now)
        if left > 0:  # 3-2-1: fewer pixels lit as the wait runs out
            return _WHITE if i < (left * self.n + self.count_ms - 1) // self.count_ms else 0
        if ticks_diff(self.spit_until, now) > 0:
            left = ticks_diff(self.spit_until, now)
            return _WHITE if (left // 150 + i) % 3 == 0 else 0
        side = self._side(i)
        if side < 0:
            return _WHITE if game.phase == PH_READY and (now // 400) % 2 else 0
        if ticks_diff(self.refuse_until[side], now) > 0:
            return _RED
        if ticks_diff(self.flash_until[side], now) > 0:
            return _BRIGHT[side]
        if game.phase == PH_READY:
            return _BRIGHT[side] if game.ready[side] else 0
        return _DIM[side]

    def update(self, now, game):
        """Recompute every pixel; write the strip only if something changed."""
        changed = False
        for i in range(self.n):
            c = self.colour(i, now, game)
            if c != self.last[i]:
                self.last[i] = c
                self.pixels[i] = c
                changed = True
        if changed:
            self.pixels.show()
