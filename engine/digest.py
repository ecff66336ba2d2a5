"""A number that changes when anything in a game's state does: link play's desync check (docs/link.md).

Each engine class names its state in ``STATE`` (attribute names, docs/games.md):
piles, bytearrays, numbers and flags, tuples and lists of them, and its Rng.
Two copies of a game that have applied the same actions give the same digest
on any Python (CPython, MicroPython, CircuitPython). Nothing is allocated.
"""


def _mix(h, x):
    return (h * 31 + x) & 0xFFFFFF  # 24 bits: h * 31 + x stays a small int on a 32-bit board (no heap)


def _value(h, v):
    if v is None or v is False:
        return _mix(h, 0)
    if v is True:
        return _mix(h, 1)
    if type(v) is int:
        return _mix(h, v & 0xFFFFFF)
    if type(v) is bytearray or type(v) is bytes:
        for i in range(len(v)):  # index loops: an iterator would be a heap object
            h = _mix(h, v[i])
        return _mix(h, len(v))
    if type(v) is tuple or type(v) is list:
        for i in range(len(v)):
            h = _value(h, v[i])
        return _mix(h, len(v))
    buf = getattr(v, "buf", None)
    if buf is not None:  # a Pile: only its cards count, not the room after them
        n = v.n
        for i in range(n):
            h = _mix(h, buf[i])
        return _mix(h, n)
    return _mix(_mix(h, v.hi), v.lo)  # an Rng's state


def digest(game):
    """The digest of every attribute game.STATE names."""
    h = 7
    names = game.STATE
    for i in range(len(names)):
        h = _value(h, getattr(game, names[i]))
    return h
