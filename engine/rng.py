"""The project's seeded random generator: the same numbers on every Python.

``random`` differs between CPython, MicroPython and CircuitPython, so a seed
would deal different cards on the board and in the simulator. This is
Marsaglia's xorshift32 (13, 17, 5). ``Rng`` is one of two classes that give
the same numbers: ``Rng16`` computes on two 16-bit halves so that no
intermediate value leaves the small-int range of a 32-bit board (no heap
allocation); ``Rng32`` (engine/rng32.py) uses one int, in half the steps,
where small ints hold 32 bits (64-bit CPython and MicroPython).
"""

import sys


class Rng16:
    """xorshift32 generator on two 16-bit halves; ``below`` and ``shuffle`` draw from it."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Restart from a seed (any int; 0 is mapped to a fixed non-zero state)."""
        seed &= 0xFFFFFFFF
        if seed == 0:
            seed = 0x9E3779B9
        self.hi = seed >> 16
        self.lo = seed & 0xFFFF

    def next32(self):
        """Advance the generator; return the new state as one 32-bit int (may allocate)."""
        self._step()
        return self.hi << 16 | self.lo

    def _step(self):
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self.hi = hi
        self.lo = lo

    def below(self, n):
        """Uniform int in 0..n-1 (n >= 1), without modulo bias."""
        limit = 0x20000000 - 0x20000000 % n
        hi = self.hi
        lo = self.lo
        while True:  # _step inlined: this runs several times per action
            hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
            lo ^= (lo << 13) & 0xFFFF
            lo ^= hi >> 1
            hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
            lo ^= (lo << 5) & 0xFFFF
            r = (hi << 13) | (lo >> 3)  # top 29 bits
            if r < limit:
                self.hi = hi
                self.lo = lo
                return r % n

    def shuffle(self, buf, n=-1):
        """Fisher-Yates shuffle of the first n items of buf, in place."""
        if n < 0:
            n = len(buf)
        i = n - 1
        while i > 0:
            j = self.below(i + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1


# 2**31 - 1 on a 32-bit board; no maxsize at all on some small builds. Rng32 is a module of its own,
# so that a board (which uses Rng16) never loads it.
if getattr(sys, "maxsize", 0) > 0xFFFFFFFF:
    from engine.rng32 import Rng32 as Rng
else:
    Rng = Rng16
