"""The log of a game's applied actions, compact: what a replay file is saved from (C-5)."""


class ActionLog:
    """The actions of a game as applied, 8 bytes each in one bytearray: (t_ms, player, verb, a, b).

    ``append`` writes into the buffer and allocates nothing until it is full
    (then it doubles). t is 0 to 2**32 - 1 ms; player, verb, a and b 0 to 255,
    as a replay file's (docs/replay-format.md). Reading (``log[i]``, a slice,
    iteration) gives tuples, for saving a replay.
    """

    def __init__(self, capacity=256):
        self.buf = bytearray(8 * capacity)
        self.n = 0

    def clear(self):
        """Forget every action (the buffer stays)."""
        self.n = 0

    def append(self, t, p, verb, a, b):
        """Log one action."""
        i = 8 * self.n
        buf = self.buf
        if i == len(buf):
            self.buf = buf = buf + bytearray(len(buf) or 8)
        buf[i] = t & 0xFF
        buf[i + 1] = (t >> 8) & 0xFF
        buf[i + 2] = (t >> 16) & 0xFF
        buf[i + 3] = (t >> 24) & 0xFF
        buf[i + 4] = p
        buf[i + 5] = verb
        buf[i + 6] = a
        buf[i + 7] = b
        self.n += 1

    def __len__(self):
        return self.n

    def _entry(self, k):
        buf = self.buf
        i = 8 * k
        return (buf[i] | buf[i + 1] << 8 | buf[i + 2] << 16 | buf[i + 3] << 24,
                buf[i + 4], buf[i + 5], buf[i + 6], buf[i + 7])

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self._entry(j) for j in range(*k.indices(self.n))]
        if k < 0:
            k += self.n
        if not 0 <= k < self.n:
            raise IndexError("action log index out of range")
        return self._entry(k)

    def __iter__(self):
        for k in range(self.n):
            yield self._entry(k)

    def __eq__(self, other):
        return list(self) == list(other)
