"""The seeded generator on one 32-bit int, where small ints hold 32 bits (64-bit CPython, MicroPython).

The same numbers as engine.rng.Rng16 (tests/tools/test_mpy_budget.py checks it), in
half the steps; engine.rng chooses between them. A 32-bit board never loads
this module. It imports nothing: engine.rng imports it, so it cannot import
engine.rng back (``import engine.rng32`` alone failed while the two made a circle).
"""


class Rng32:
    """The same generator as engine.rng.Rng16 on one 32-bit int, for Pythons whose small ints hold it."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Restart from a seed (any int; 0 is mapped to a fixed non-zero state)."""
        seed &= 0xFFFFFFFF
        self.x = seed if seed else 0x9E3779B9

    @property
    def hi(self):
        """The high 16 bits of the state (as in Rng16)."""
        return self.x >> 16

    @property
    def lo(self):
        """The low 16 bits of the state (as in Rng16)."""
        return self.x & 0xFFFF

    def next32(self):
        """Advance the generator; return the new state."""
        self._step()
        return self.x

    def _step(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x

    def below(self, n):
        """Uniform int in 0..n-1 (n >= 1), without modulo bias."""
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        r = x >> 3  # top 29 bits
        limit = 0x20000000 - 0x20000000 % n
        while r >= limit:  # rare: redraw rather than favour low numbers
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            r = x >> 3
        self.x = x
        return r % n

    def shuffle(self, buf, n=-1):
        """Fisher-Yates shuffle of the first n items of buf, in place (as Rng16's; below's draws written in)."""
        if n < 0:
            n = len(buf)
        x = self.x
        i = n - 1
        while i > 0:
            x ^= (x << 13) & 0xFFFFFFFF  # below(i + 1)
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            limit = 0x20000000 - 0x20000000 % (i + 1)
            while x >> 3 >= limit:
                x ^= (x << 13) & 0xFFFFFFFF
                x ^= x >> 17
                x ^= (x << 5) & 0xFFFFFFFF
            j = (x >> 3) % (i + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1
        self.x = x
