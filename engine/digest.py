"""A number that changes when anything every seat knows of a game does: link play's desync check (docs/link.md).

Each engine class names its state in two lists (attribute names, docs/games.md):
``PUBLIC``, what every seat sees (piles face up, phases, scores), hashed whole;
``HIDDEN``, piles and hands that hold cards some seat may not see, of which only
how many cards each holds is hashed (a Speed hand: which slots are filled). A
linked guest knows the first whole and the second's shape, so a host and its
guests compute the same digest, and the digest tells a guest nothing it may
not see (D-3). Two copies that applied the same log give the same digest on
any Python (CPython, MicroPython, CircuitPython). Nothing is allocated.
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
    buf = v.buf  # a Pile: only its cards count, not the room after them
    n = v.n
    for i in range(n):
        h = _mix(h, buf[i])
    return _mix(h, n)


def _shape(h, v):
    """How many cards v holds, never which: a Pile's count, a hand's filled slots, each one of a tuple's."""
    if type(v) is tuple or type(v) is list:
        for i in range(len(v)):
            h = _shape(h, v[i])
        return _mix(h, len(v))
    if type(v) is bytearray or type(v) is bytes:
        for i in range(len(v)):
            h = _mix(h, 1 if v[i] else 0)
        return _mix(h, len(v))
    return _mix(h, v.n)


def digest(game):
    """The digest of game's PUBLIC attributes, and of the shape of its HIDDEN ones."""
    h = 7
    names = game.PUBLIC
    for i in range(len(names)):
        h = _value(h, getattr(game, names[i]))
    names = game.HIDDEN
    for i in range(len(names)):
        h = _shape(h, getattr(game, names[i]))
    return h
