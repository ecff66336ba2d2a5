"""Snap for two players: the rules T-1 to T-5 (tests/toy/__init__.py).

``Snap.apply(t, player, verb, a, b)`` is the only way a game changes; it
returns OK or a refusal reason (engine.actions) and allocates nothing. What
happened goes to ``self.reports``:

- R_LAND p, slot 0, pile 0, card (T-2: p's card now tops the centre);
- R_SLAP p, pile 0 (T-3: p snapped a pair); R_TAKE q, pile 0, count (q takes the centre under their pile);
- R_PENALTY p, pile 0, count (T-4: a false snap: p takes the centre);
- R_GAME_OVER p (T-5).
"""

from micropython import const

from engine import actions as A
from engine.actions import FLIP as _FLIP, PH_OVER, PH_PLAY
from engine.cards import DECK_SIZE, new_deck
from engine.pile import Pile
from engine.rng import Rng

_CAP = const(52)
_PH_PAIR = const(2)  # Snap's own phase, verb and reports (tests/toy/engine/file.py names them)
_SNAP = const(4)
_R_TAKE = const(8)
_R_PENALTY = const(14)


class Snap:
    """The state of one game of Snap and the rules that change it."""

    name = "toy"  # its name in engine.games
    players = 2
    slots = 1  # one pile to flip from: the cursor has nowhere to go
    game_no = 1
    round = 0  # no rounds
    PUBLIC = ("centre", "ready", "phase", "winner")
    HIDDEN = ("piles",)  # engine.digest: every seat sees these, and how many cards those hold

    def __init__(self, seed=1, deck=52, seen=None):
        self.seen = seen  # link play: who is shown each card turned up (engine.link.host, engine.link.guest)
        self.rng = Rng(seed) if seen is None else seen.rng(seed)
        self.reports = A.Reports()
        self.piles = (Pile(_CAP), Pile(_CAP))  # face down, bottom to top
        self.centre = Pile(_CAP)  # face up, bottom to top
        self.ready = bytearray(2)  # (no ready phase: the lights ask)
        self.phase = PH_PLAY
        self.winner = A.NONE
        self.now = 0
        cards = Pile(DECK_SIZE)  # T-1 (setup only)
        n = new_deck(cards.buf)
        if deck == 20:
            k = 0
            for i in range(n):
                r = cards.buf[i] & 15
                if r >= 10 or r == 1:
                    cards.buf[k] = cards.buf[i]
                    k += 1
            n = k
        cards.n = n
        self.rng.shuffle(cards.buf, n)
        p = 0
        while cards.n:
            self.piles[p].push(cards.pop())
            p = 1 - p

    def load(self, piles, centre):
        """A given position: both piles and the centre, each bottom first (T-3: a pair may show)."""
        for p in range(2):
            self.piles[p].load(piles[p])
        self.centre.load(centre)
        self.phase = _PH_PAIR if self.pair() else PH_PLAY
        self.winner = A.NONE
        self.reports.clear()

    def pair(self):
        """Do the centre's top two cards have the same rank (T-3)?"""
        c = self.centre
        n = c.n
        return n >= 2 and c.buf[n - 1] & 15 == c.buf[n - 2] & 15

    def apply(self, t, player, verb, a=0, b=0):
        """Apply one timestamped action; return OK or the reason it was refused."""
        if player != 0 and player != 1:
            return A.BAD_PLAYER
        if self.phase == PH_OVER:
            return A.WRONG_PHASE
        if verb == _FLIP:
            why = self._flip(player, a)
        elif verb == _SNAP:
            why = self._snap(player)
        else:
            return A.BAD_VERB
        if not why:
            self.now = t
        return why

    def legal(self, p, out):
        """Write p's useful legal actions (verb, a, b) into out; return how many: a flip in play (T-2), a snap of
        a pair (T-3)."""
        if self.phase == _PH_PAIR:
            verb = _SNAP
        elif self.phase == PH_PLAY and self.piles[p].n:
            verb = _FLIP
        else:
            return 0
        out[0] = verb
        out[1] = out[2] = 0
        return 1

    def advance(self, t):
        """The clock reached t: nothing in Snap waits for time."""

    def _flip(self, p, slot):
        """T-2: p's top card onto the centre; T-3 a pair stops the flips; T-5."""
        if slot != 0:
            return A.BAD_SLOT
        if self.phase != PH_PLAY:
            return A.WRONG_PHASE  # a pair shows: snap first
        own = self.piles[p]
        if not own.n:
            return A.EMPTY_SLOT
        card = own.pop()
        if self.seen:
            card = self.seen.card(card, A.NONE)  # it lands face up: every seat is shown it
        self.centre.push(card)
        self.reports.add(A.R_LAND, p, 0, 0, card)
        if self.pair():
            self.phase = _PH_PAIR
        elif not own.n:
            self._over(p)
        return A.OK

    def _snap(self, p):
        """T-3: the first snap of a pair sends the centre to the other player; T-4 a false snap to the snapper."""
        centre = self.centre
        if self.phase == _PH_PAIR:
            self.reports.add(A.R_SLAP, p, 0)
            q = 1 - p
            self.reports.add(_R_TAKE, q, 0, centre.n)
        elif centre.n:
            q = p
            self.reports.add(_R_PENALTY, p, 0, centre.n)
        else:
            return A.NO_PILE
        self._under(centre, self.piles[q])
        self.phase = PH_PLAY
        if not self.piles[p].n:
            self._over(p)
        return A.OK

    def _under(self, centre, pile):
        """The centre turned over and put under pile: its top card becomes pile's bottom one."""
        k = centre.n
        buf = pile.buf
        i = pile.n
        while i:
            i -= 1
            buf[i + k] = buf[i]
        top = centre.buf
        while i < k:  # (i is 0 here)
            buf[i] = top[k - 1 - i]
            i += 1
        pile.n += k
        centre.n = 0

    def _over(self, p):
        self.phase = PH_OVER
        self.winner = p
        self.reports.add(A.R_GAME_OVER, p)

    def cards_held(self, p):
        """How many cards player p has (their pile)."""
        return self.piles[p].n
