"""Cards as small ints, their ranks, colours and names (C-1, C-2).

A card is ``suit << 4 | rank``: rank 1 (ace) to 13 (king), suit 0-3 for
clubs, diamonds, hearts, spades. Jokers have rank 0 and suit 4 (``X1`` is 0x41,
``X2`` is 0x42). Every card fits in a byte, so piles are bytearrays. Their
names ('QS', 'X1') are engine.cardnames', for files and tools.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython


JOKER = const(4)
DECK_SIZE = const(52)
NO_CARD = const(0)  # no real card encodes as 0



def rank(card):
    """Rank 1-13 of a card, 0 for a joker."""
    return 0 if card >> 4 == JOKER else card & 15


def suit(card):
    """Suit 0-3 of a card (clubs, diamonds, hearts, spades), 4 for a joker."""
    return card >> 4


def is_red(card):
    """True for diamonds and hearts."""
    s = card >> 4
    return s == 1 or s == 2


def adjacent(card, top):
    """C-2: ranks one apart, circular, so the ace sits next to both king and two (not for jokers)."""
    d = (card & 15) - (top & 15)
    return d == 1 or d == -1 or d == 12 or d == -12


# C-2 as bit masks, so hot paths test a card without a call: bit (card & 15) of
# FITS[top & 15] is set when card may go on top (for cards, not jokers: their low bits are 1 and 2).
FITS = tuple(sum(1 << r for r in range(16) if adjacent(r, top)) for top in range(16))


def make(r, s):
    """The card of rank r (1-13) and suit s (0-3)."""
    return s << 4 | r


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
