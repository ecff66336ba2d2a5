"""Cards as small ints, their colours and C-2's fits (C-1, C-2).

A card is ``suit << 4 | rank``: rank 1 (ace) to 13 (king), suit 0-3 for
clubs, diamonds, hearts, spades. Jokers have rank 0 and suit 4 (``X1`` is 0x41,
``X2`` is 0x42). Every card fits in a byte, so piles are bytearrays. Their
names ('QS', 'X1'), ranks, suits and C-2's adjacency as a function are engine.cardnames', for files, tools
and tests: a board playing holds only what its games use.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython


JOKER = const(4)
DECK_SIZE = const(52)
NO_CARD = const(0)  # no real card encodes as 0


def is_red(card):
    """True for diamonds and hearts."""
    s = card >> 4
    return s == 1 or s == 2


# C-2 as bit masks, so hot paths test a card without a call: bit (card & 15) of
# FITS[top & 15] is set when card may go on top (for cards, not jokers: their low bits are 1 and 2).
FITS = tuple(sum(1 << r for r in range(16) if r - top in (1, -1, 12, -12)) for top in range(16))


def new_deck(buf, jokers=False):
    """Fill buf (a bytearray) with a fresh ordered deck; return the number of cards."""
    n = 0
    for s in range(4):
        for r in range(1, 14):
            buf[n] = s << 4 | r
            n += 1
    if jokers:
        buf[n] = JOKER << 4 | 1
        buf[n + 1] = JOKER << 4 | 2
        n += 2
    return n
