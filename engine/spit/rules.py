"""Spit for two players: RULES.md C-1 to C-5 and S-1 to S-19.

``Spit.apply(t, player, verb, a, b)`` is the only way the game changes. It
returns OK or a refusal reason (engine.actions) and, once the game is set up,
allocates nothing while a round is being played. What happened goes to
``self.reports``. With the stall option, ``advance(t)`` declares the
stalemate when no card has been played, turned up or moved for _STALL_MS
(S-8's decision; R_STALEMATE's a is then the seconds, else 255).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import FLIP, MOVE, PH_PLAY as _PLAY  # the hot verbs, without an attribute lookup
from engine.cards import FITS as _FITS, is_red
from engine.pile import Pile
from engine.rng import Rng
from engine.spit.rounds import PH_OVER, PH_PLAY, PH_READY, Rounds  # noqa: F401
from engine.timing import ticks_add, ticks_diff

_SLAP = const(4)  # Spit's own (engine/spit/file.py names them)
_CHOOSE = const(5)
_PH_SLAP = const(2)
_PH_CHOOSE = const(3)
_SAME_COLOUR = const(9)
_NOT_CHOOSER = const(13)


_NONE = const(255)
_CAP = const(54)  # a pile can hold every card there is
_STALL_MS = const(10000)  # S-8's decision (the stall option): nothing played, turned up or moved for this long
_BACK = const(257)  # in tops: a face-down top card
_NO_SLOT = const(258)  # in tops: the fifth slot when there are four (S-17)


class Spit(Rounds):
    """The state of one game of Spit and the rules that change it."""

    name = "spit"  # its name in engine.games
    PUBLIC = ("up", "centre", "ready", "scores", "phase", "round", "winner", "chooser", "cleared")
    HIDDEN = ("stocks", "spit")  # engine.digest: every seat sees these, and how many cards those hold (link play)
    players = 2
    game_no = 1  # one game, not a match of them (engine.replay resets C-4's priority per game)
    times = ("now", "deadline")  # the ticks it holds: a pause moves them on (ui/pause.py)

    def __init__(self, stocks=5, scoring=False, choose_pile=False,
                 alternate_colours=False, auto_flip=False, seed=1, seen=None, stall=False, one_round=False):
        self.slots = 4 if stocks == 4 else 5  # S-17
        self.scoring = scoring
        self.choose_pile = choose_pile
        self.alternate_colours = alternate_colours
        self.auto_flip = auto_flip
        self.one_round = one_round  # S-9's variant: a spit pile but its top becomes its player's spit cards again
        self.stall = stall  # S-8's decision: _STALL_MS of play with no card played, turned up or moved is a stalemate
        self.deadline = 0  # in PH_PLAY: the tick of the last card played, turned up or moved, or of the last spit
        self.seen = seen  # link play: who is shown each card turned up (engine.link.host, engine.link.guest)
        self.rng = Rng(seed) if seen is None else seen.rng(seed)
        self.reports = A.Reports()
        self.centre = (Pile(_CAP), Pile(_CAP))  # pile i is on player i's side (S-4)
        self.stocks = ([Pile(_CAP) for _ in range(5)], [Pile(_CAP) for _ in range(5)])
        self.up = (bytearray(5), bytearray(5))  # 1 when the top card of a stock is face up
        # each stock's top as S-8's test and the legal actions (engine.spit.moves) read it, kept as the stocks
        # change (recount): 0 for an empty slot, card + 1 for a face-up top card, _BACK for a face-down one
        self.tops = ([0, 0, 0, 0, 0], [0, 0, 0, 0, 0])
        self.spit = (Pile(_CAP), Pile(_CAP))
        self.hands = (Pile(_CAP), Pile(_CAP))  # scratch between rounds
        self.deck = Pile(_CAP)
        self.ready = bytearray(2)
        self.scores = [0, 0]
        self.phase = PH_READY
        self.round = 0
        self.winner = _NONE
        self.cleared = _NONE  # who emptied their stocks this round
        self.chooser = _NONE
        self.now = 0
        self.deal()

    # ---- the action stream ------------------------------------------------

    def apply(self, t, player, verb, a=0, b=0):
        """Apply one timestamped action; return OK or the reason it was refused."""
        if player != 0 and player != 1:
            return A.BAD_PLAYER
        if self.stall:
            self.advance(t)  # S-8: a stall that has come by t is declared first (an action at 10 s is too late)
        self.now = t
        if verb == _PLAY:
            return self._play(player, a, b)
        if verb == FLIP:
            return self._flip(player, a)
        if verb == MOVE:
            return self._move(player, a, b)
        if verb == A.READY:
            return self._ready(player)
        if verb == _SLAP:
            return self._slap(player, a)
        if verb == _CHOOSE:
            return self._choose(player, a)
        return A.BAD_VERB

    def advance(self, t):
        """The clock reached t: with the stall option, _STALL_MS of play since the last card played, turned up or
        moved (or the last spit) is a stalemate as if nobody could move (S-8's decision), dated at the limit.

        Otherwise ``now`` stays the last action's time.
        """
        if self.phase == PH_PLAY and self.stall and ticks_diff(t, self.deadline) >= _STALL_MS:
            self.now = ticks_add(self.deadline, _STALL_MS)
            self._check_stuck(0, _STALL_MS // 1000)

    def _play(self, p, slot, pile):
        """S-5: the face-up top card of a stock onto a spit pile (C-2, S-19)."""
        if self.phase != PH_PLAY:
            return A.WRONG_PHASE
        if not 0 <= slot < self.slots:
            return A.BAD_SLOT
        if pile != 0 and pile != 1:
            return A.BAD_PILE
        stock = self.stocks[p][slot]
        if not stock.n:
            return A.EMPTY_SLOT
        up = self.up[p]
        if not up[slot]:
            return A.FACE_DOWN
        centre = self.centre[pile]
        if not centre.n:
            return A.NO_PILE
        card = stock.buf[stock.n - 1]
        top = centre.buf[centre.n - 1]
        if not (_FITS[top & 15] >> (card & 15)) & 1:
            return A.NOT_ADJACENT
        if self.alternate_colours and is_red(card) == is_red(top):
            return _SAME_COLOUR
        centre.push(card)  # C-3: it counts the instant it lands
        self.deadline = self.now  # S-8's stall clock starts again
        k = stock.n - 1
        stock.n = k
        up[slot] = 0
        tops = self.tops[p]
        self.reports.add(A.R_LAND, p, slot, pile, card)
        if k:
            if not self.auto_flip:
                tops[slot] = _BACK
                return A.OK  # p can turn up the card below (S-6), so nobody is stuck
            up[slot] = 1
            self._show(stock)
            tops[slot] = stock.buf[k - 1] + 1
            self.reports.add(A.R_FLIP, p, slot, _NONE, stock.buf[k - 1])
            self._check_stuck(p)
            return A.OK
        tops[slot] = 0
        if tops.count(0) == self.slots:
            self._round_over(p)  # S-10 (a): no stock cards left
        else:
            self._check_stuck(p)
        return A.OK

    def _flip(self, p, slot):
        """S-6: turn up the face-down top card of a stock."""
        if self.phase != PH_PLAY:
            return A.WRONG_PHASE
        if not 0 <= slot < self.slots:
            return A.BAD_SLOT
        if not self.stocks[p][slot].n:
            return A.EMPTY_SLOT
        up = self.up[p]
        if up[slot]:
            return A.ALREADY_UP
        up[slot] = 1
        self.deadline = self.now
        stock = self.stocks[p][slot]
        self._show(stock)
        card = stock.buf[stock.n - 1]
        self.tops[p][slot] = card + 1
        self.reports.add(A.R_FLIP, p, slot, _NONE, card)
        self._check_stuck(p)
        return A.OK

    def _move(self, p, src, dst):
        """S-7: a face-up top card into an empty slot."""
        if self.phase != PH_PLAY:
            return A.WRONG_PHASE
        if not (0 <= src < self.slots and 0 <= dst < self.slots):
            return A.BAD_SLOT
        stocks = self.stocks[p]
        up = self.up[p]
        if not stocks[src].n:
            return A.EMPTY_SLOT
        if not up[src]:
            return A.FACE_DOWN
        if stocks[dst].n:
            return A.SLOT_TAKEN
        stocks[dst].push(stocks[src].pop())
        self.deadline = self.now
        up[dst] = 1
        up[src] = 0
        tops = self.tops[p]
        tops[dst] = tops[src]
        tops[src] = 0
        self.reports.add(A.R_MOVE, p, src, dst, stocks[dst].top())
        if stocks[src].n:
            if not self.auto_flip:
                tops[src] = _BACK
                return A.OK  # p can turn up the card it uncovered (S-6), so nobody is stuck
            up[src] = 1
            self._show(stocks[src])
            tops[src] = stocks[src].top() + 1
            self.reports.add(A.R_FLIP, p, src, _NONE, stocks[src].top())
        self._check_stuck(p)
        return A.OK

    def _ready(self, p):
        """S-4, S-8, S-9: when both have said Spit, each with spit cards turns one onto their own pile (one round:
        a player without spit cards first shuffles their own pile but its top into new ones)."""
        if self.phase != PH_READY:
            return A.WRONG_PHASE
        if self.ready[p]:
            return A.ALREADY_READY
        self.ready[p] = 1
        self.reports.add(A.R_READY, p)
        if not self.ready[1 - p]:
            return A.OK
        self.ready[0] = self.ready[1] = 0
        for q in range(2):
            spit = self.spit[q]
            centre = self.centre[q]
            if self.one_round and not spit.n and centre.n > 1:  # S-9's one round: the top card stays on the table
                card = centre.pop()
                centre.move_all_to(spit)
                centre.push(card)
                self.rng.shuffle(spit.buf, spit.n)  # face down, seeded
            if spit.n:
                self._show(spit)
                card = spit.pop()
                centre.push(card)
                self.reports.add(A.R_SPIT, q, q, _NONE, card)
        self.phase = PH_PLAY
        self.deadline = self.now
        if not (self.centre[0].n or self.centre[1].n):
            self._round_over(_NONE)  # S-13: no spit pile to play on, whatever could still be turned up or moved
            return A.OK
        self._check_stuck()
        return A.OK

    def _slap(self, p, pile):
        """S-11: the first slap takes its pile; the other player gets the other pile."""
        if self.phase != _PH_SLAP:
            return A.WRONG_PHASE
        if pile != 0 and pile != 1:
            return A.BAD_PILE
        if not self.centre[pile].n:
            return A.NO_PILE
        self.reports.add(A.R_SLAP, p, pile)
        self._take(p, pile)
        return A.OK

    def _choose(self, p, pile):
        """S-18: the player who cleared their layout chooses a spit pile."""
        if self.phase != _PH_CHOOSE:
            return A.WRONG_PHASE
        if p != self.chooser:
            return _NOT_CHOOSER
        if pile != 0 and pile != 1:
            return A.BAD_PILE
        if not self.centre[pile].n:
            return A.NO_PILE
        self._take(p, pile)
        return A.OK

    def _show(self, pile):
        """Link play: the top card of pile is turned face up for everyone (a guest is told which it is)."""
        if self.seen:
            pile.buf[pile.n - 1] = self.seen.card(pile.buf[pile.n - 1], _NONE)

    # ---- what the table allows -------------------------------------------

    def can_move(self, p):
        """S-8: can player p play a card, turn one up, or uncover one by moving into an empty slot?"""
        tops = self.tops[p]
        if _BACK in tops:
            return True
        c0, c1 = self.centre
        fits0 = _FITS[c0.buf[c0.n - 1] & 15] if c0.n else 0  # the ranks that go on pile 0
        fits1 = _FITS[c1.buf[c1.n - 1] & 15] if c1.n else 0
        fits = fits0 | fits1
        alt = self.alternate_colours
        empty = 0 in tops
        for s in range(self.slots):
            c = tops[s]
            if c:
                if empty and self.stocks[p][s].n > 1:
                    return True
                card = c - 1
                if (fits >> (card & 15)) & 1:
                    if not alt:
                        return True
                    if (fits0 >> (card & 15)) & 1 and is_red(card) != is_red(c0.top()):  # S-19
                        return True
                    if (fits1 >> (card & 15)) & 1 and is_red(card) != is_red(c1.top()):
                        return True
        return False

    def recount(self):
        """Read each stock's top into tops again: after a deal, a position loaded, or stocks or face-up cards set
        by hand (a test's)."""
        for p in range(2):
            tops = self.tops[p]
            for s in range(self.slots):
                stock = self.stocks[p][s]
                n = stock.n
                tops[s] = 0 if not n else stock.buf[n - 1] + 1 if self.up[p][s] else _BACK
            if self.slots == 4:
                tops[4] = _NO_SLOT

    def _check_stuck(self, p=0, stall=_NONE):
        """S-8, S-10 (b): when nobody can move, say Spit again or end the round (p, who just moved, is asked first);
        stall: the seconds of the stall option's stalemate, declared whether or not someone could move."""
        if self.phase != PH_PLAY or (stall == _NONE and (self.can_move(p) or self.can_move(1 - p))):
            return
        if self.spit[0].n or self.spit[1].n or (self.one_round and (self.centre[0].n > 1 or self.centre[1].n > 1)):
            self.phase = PH_READY  # S-8, S-9: say Spit again (one round: a pile with cards under its top spits)
            self.reports.add(A.R_STALEMATE, _NONE, stall)
        else:
            self._round_over(_NONE)  # S-10 (b)

    def legal(self, p, out):
        """Write player p's useful legal actions into out as (verb, a, b) byte triples; return the count.

        The random players of tools and tests ask it (engine.randplay); a board's players never do, so it
        lives in engine.spit.moves, which this first call loads: the class then calls it directly.
        """
        from engine.spit.moves import legal

        Spit.legal = legal
        return legal(self, p, out)
