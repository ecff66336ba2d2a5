"""Cards' names: 'TC', 'AS', 'X1', their ranks and suits (replay files, traces, tools and tests; a board playing
never loads them)."""

from engine.cards import JOKER

RANKS = "A23456789TJQK"
SUITS = "CDHS"


def name(card):
    """Two-letter name: 'TC', 'AS', 'X1'; '??' for a card this device has not been shown (a linked guest's)."""
    s = card >> 4
    if s == JOKER:
        return "X" + str(card & 15)
    if s > JOKER or not 1 <= card & 15 <= 13:
        return "??"
    return RANKS[(card & 15) - 1] + SUITS[s]


def parse(text):
    """Card from its name ('QS', '10H', 'x2'); -1 when it is not a card."""
    if not isinstance(text, str):
        return -1
    t = text.strip().upper()
    if t in ("X1", "X2"):
        return JOKER << 4 | int(t[1])
    if len(t) == 3 and t[:2] == "10":
        t = "T" + t[2]
    if len(t) != 2:
        return -1
    r = RANKS.find(t[0])
    s = SUITS.find(t[1])
    if r < 0 or s < 0:
        return -1
    return s << 4 | (r + 1)


def rank(card):
    """Rank 1-13 of a card, 0 for a joker."""
    return 0 if card >> 4 == JOKER else card & 15


def suit(card):
    """Suit 0-3 of a card (clubs, diamonds, hearts, spades), 4 for a joker."""
    return card >> 4


def adjacent(card, top):
    """C-2: ranks one apart, circular, so the ace sits next to both king and two (not for jokers)."""
    d = (card & 15) - (top & 15)
    return d == 1 or d == -1 or d == 12 or d == -12


def make(r, s):
    """The card of rank r (1-13) and suit s (0-3)."""
    return s << 4 | r
