"""California Spit for two players: RULES.md C-1 to C-5, K-1 to K-5 and D-2.

``California.apply(t, player, verb, a, b)`` is the only way a game changes.
It returns OK or a refusal reason (engine.actions) and allocates nothing
while a game is played. What happened goes to ``self.reports``:

- R_READY p; R_DEAL a = round (K-2);
- R_COVER p, row a, slot b, card (K-3: p's card now tops pile b of row a);
- R_OPEN a = rank, when a rank opens (K-3; at a deal, one per rank, ace first);
- R_PICKUP a (1: the deal showed no match and the piles were shuffled, K-4);
- R_GAME_OVER p (255: a draw), a (0: K-5, p covered with their last card;
  1: a position where nobody can ever cover, which only a hand-made layout
  reaches: see engine.california.deal).

Each player has a face-down pile (``piles[p]``, bottom to top) and a row of
four face-up piles in front of them (``rows[p][s]``, bottom to top; the top
card is face up). A rank is open (``open``, bit r for rank r) from the moment
two or more tops show it until none does; ``tops[r]`` counts the tops that
show rank r. The deal, the pick-up and the ends are in engine.california.deal.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_PLAY, PH_READY, READY as _READY
from engine.california.deal import Deals
from engine.pile import Pile
from engine.rng import Rng

_COVER = const(7)  # California's own (engine/california/file.py names them)
_NO_MATCH = const(16)
_R_COVER = const(17)
_R_OPEN = const(18)


_SLOTS = const(4)
_CAP = const(52)  # a pile can hold every card there is
LEGAL_SIZE = const(24)  # bytes legal() may write: 8 (row, slot) triples


class California(Deals):
    """The state of one game of California Spit and the rules that change it."""

    name = "california"  # its name in engine.games
    PUBLIC = ("rows", "open", "tops", "ready", "phase", "round", "winner")
    HIDDEN = ("piles",)  # engine.digest: every seat sees these, and how many cards those hold (link play)
    players = 2
    slots = _SLOTS
    game_no = 1  # one game, not a match of them
    auto_aim = False  # the buttons' auto-aim option (engine.california.game): no rule reads it

    def __init__(self, seed=1, seen=None):
        self.seen = seen  # link play: who is shown each card turned up (engine.link.host, engine.link.guest)
        self.rng = Rng(seed) if seen is None else seen.rng(seed)
        self.reports = A.Reports()
        self.piles = (Pile(_CAP), Pile(_CAP))  # face down, bottom to top (K-1)
        self.rows = (tuple(Pile(_CAP) for _ in range(_SLOTS)), tuple(Pile(_CAP) for _ in range(_SLOTS)))
        self.tops = bytearray(14)  # how many face-up tops show each rank (1-13)
        self._ranks = bytearray(14)  # scratch for the test of a hopeless deal
        self.picked = bytearray(2 * _SLOTS)  # the tops (p * 4 + s) when the layout was last picked up; 0: none
        self.open = 0  # bit r set: rank r is open (K-3)
        self.ready = bytearray(2)
        self.scores = [0, 0]
        self.phase = PH_READY
        self.round = 0  # counted from each deal (K-2): 0 until the first
        self.winner = A.NONE
        self.now = 0
        self.deal()

    # ---- the action stream ------------------------------------------------

    def apply(self, t, player, verb, a=0, b=0):
        """Apply one timestamped action; return OK or the reason it was refused."""
        if player != 0 and player != 1:
            return A.BAD_PLAYER
        if verb == _COVER:
            why = self._cover(player, a, b)
        elif verb == _READY:
            why = self._ready(player)
        else:
            return A.BAD_VERB
        if not why:
            self.now = t  # the time of the last change of the table (a refusal changes nothing)
        return why

    def advance(self, t):
        """The clock reached t: nothing in California Spit waits for time (``now`` stays as it is)."""

    def _cover(self, p, row, slot):
        """K-3: p's top card onto pile slot of row (either player's) whose top's rank is open; K-5."""
        if self.phase != PH_PLAY:
            return A.WRONG_PHASE
        if row > 1 or slot >= _SLOTS or row < 0 or slot < 0:
            return A.BAD_SLOT
        own = self.piles[p]
        if not own.n:
            return A.EMPTY_SLOT  # nothing to cover with: p waits for the pick-up (K-4)
        target = self.rows[row][slot]
        n = target.n
        if not n:
            return _NO_MATCH  # an empty slot (a short deal) shows no rank
        old = target.buf[n - 1] & 15
        if not (self.open >> old) & 1:
            return _NO_MATCH  # C-4: also a later card whose rank closed meanwhile
        card = own.pop()
        if self.seen:
            card = self.seen.card(card, A.NONE)  # it lands face up: every seat is shown it
        target.push(card)  # C-3: it counts the instant it lands
        self.reports.add(_R_COVER, p, row, slot, card)
        new = card & 15
        opened = False
        if new != old:  # a double (same rank) changes no count: its rank stays open
            tops = self.tops
            tops[old] -= 1
            if not tops[old]:
                self.open ^= 1 << old  # no top shows it any more: closed
            tops[new] += 1
            if tops[new] >= 2 and not (self.open >> new) & 1:
                self.open |= 1 << new  # a new match
                opened = True
        if not own.n:
            self._game_over(p, 0)  # K-5: covered with the last card of their pile
            return A.OK
        if opened:
            self.reports.add(_R_OPEN, A.NONE, new)
        if not self.open:
            self._pickup(False)  # K-4
        return A.OK

    def _ready(self, p):
        """K-2, D-2: when every player is ready, both deal their row together."""
        if self.phase != PH_READY:
            return A.WRONG_PHASE
        ready = self.ready
        if ready[p]:
            return A.ALREADY_READY
        ready[p] = 1
        self.reports.add(A.R_READY, p)
        if not ready[1 - p]:
            return A.OK
        ready[0] = 0
        ready[1] = 0
        self._deal_row()
        return A.OK

    # ---- what the table allows -------------------------------------------

    def can_cover(self, p):
        """Can player p cover a pile now (K-3)?"""
        if self.phase != PH_PLAY or not self.piles[p].n:
            return False
        open_ = self.open
        for q in range(2):
            row = self.rows[q]
            for s in range(_SLOTS):
                pile = row[s]
                if pile.n and (open_ >> (pile.buf[pile.n - 1] & 15)) & 1:
                    return True
        return False

    def takes(self, row, slot):
        """Does pile slot of row show an open rank (K-3: it may be covered)?"""
        pile = self.rows[row][slot]
        return pile.n > 0 and (self.open >> (pile.buf[pile.n - 1] & 15)) & 1 == 1

    def cards_held(self, p):
        """How many cards player p has: their face-down pile and the four piles in front of them."""
        row = self.rows[p]
        return self.piles[p].n + row[0].n + row[1].n + row[2].n + row[3].n

    def legal(self, p, out):
        """Write player p's legal actions into out as (verb, a, b) byte triples; return the count.

        out must hold LEGAL_SIZE (24) bytes: at most the eight piles of the layout.
        """
        phase = self.phase
        if phase == PH_PLAY:
            if not self.piles[p].n:
                return 0
            open_ = self.open
            i = 0
            for q in range(2):
                row = self.rows[q]
                for s in range(_SLOTS):
                    pile = row[s]
                    if pile.n and (open_ >> (pile.buf[pile.n - 1] & 15)) & 1:
                        out[i] = _COVER
                        out[i + 1] = q
                        out[i + 2] = s
                        i += 3
            return i // 3
        if phase == PH_READY and not self.ready[p]:
            out[0] = _READY
            out[1] = 0
            out[2] = 0
            return 1
        return 0
