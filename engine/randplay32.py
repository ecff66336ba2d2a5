"""RandomPlay.step with engine.rng32's draws written into it, where small ints hold 32 bits (64-bit CPython
and MicroPython): engine.randplay uses it there; a board, whose small ints hold 31 bits, never loads it.

The same draws as ``Rng32.below`` (xorshift32, the top 29 bits, redrawn above the largest multiple of n), in
the same order as ``RandomPlay.portable_step``, so the same actions (tests/engine/test_randplay.py checks it).
"""

_M = 0xFFFFFFFF
_TOP = 0x20000000  # the draws are 29 bits
_LIMIT_400 = 0x20000000 - 0x20000000 % 400  # below(400): the gap before the next instant


def step(self):
    """Pick one or two random actions at the next instant and apply them; return how many."""
    rng = self.rng
    legal = self.game.legal  # looked up each step: a benchmark may wrap it
    x = rng.x
    x ^= (x << 13) & _M  # below(400)
    x ^= x >> 17
    x ^= (x << 5) & _M
    while x >> 3 >= _LIMIT_400:
        x ^= (x << 13) & _M
        x ^= x >> 17
        x ^= (x << 5) & _M
    t = self.t + 1 + (x >> 3) % 400
    self.t = t
    seats = self.players
    x ^= (x << 13) & _M  # below(seats)
    x ^= x >> 17
    x ^= (x << 5) & _M
    limit = _TOP - _TOP % seats
    while x >> 3 >= limit:
        x ^= (x << 13) & _M
        x ^= x >> 17
        x ^= (x << 5) & _M
    p = (x >> 3) % seats
    out = self.out[p]
    n = legal(p, out)
    k = 1
    while not n and k < seats:  # the next seat that can act
        p = p + 1 if p + 1 < seats else 0
        out = self.out[p]
        n = legal(p, out)
        k += 1
    if not n:
        rng.x = x
        self.game.advance(t)  # nobody can act: only the clock can change the table (P-8)
        return 0
    x ^= (x << 13) & _M  # below(n)
    x ^= x >> 17
    x ^= (x << 5) & _M
    limit = _TOP - _TOP % n
    while x >> 3 >= limit:
        x ^= (x << 13) & _M
        x ^= x >> 17
        x ^= (x << 5) & _M
    i = 3 * ((x >> 3) % n)
    if self.log is not None:
        self._record(p, out, i)
    x ^= (x << 13) & _M  # below(8): a power of two, never redrawn
    x ^= x >> 17
    x ^= (x << 5) & _M
    rng.x = x
    if not (x >> 3) & 7:  # another player acts at the same instant
        return self._tie(t, p, out, i)
    self.game.apply(t, p, out[i], out[i + 1], out[i + 2])  # alone: no order to settle
    return 1
