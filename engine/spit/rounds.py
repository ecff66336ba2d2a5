"""Spit's dealing and round ends: S-1 to S-3, S-10 to S-18, and the game's end.

``Rounds`` is the half of ``engine.spit.rules.Spit`` that moves cards between
rounds; it is its own module so that each stays small enough for a board to
compile. The phases are engine.actions' (one numbering for every game).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_OVER, PH_PLAY, PH_READY  # noqa: F401
from engine.cards import new_deck

_PH_SLAP = const(2)  # Spit's own (engine/spit/file.py names them)
_PH_CHOOSE = const(3)
_R_ROUND_OVER = const(6)
_R_TAKE = const(8)


_NONE = const(255)
_TARGET = const(100)  # S-16


class Rounds:
    """Dealing, settling a round and ending the game; mixed into Spit."""

    # ---- setting up -------------------------------------------------------

    def deal(self):
        """Shuffle every card in the game and deal 26/26 (S-1 to S-3)."""
        deck = self.deck
        deck.clear()
        if not self.round:
            deck.n = new_deck(deck.buf)
        else:
            self._gather(deck)
        self.rng.shuffle(deck.buf, deck.n)
        h0, h1 = self.hands
        h0.clear()
        h1.clear()
        i = 0
        while deck.n:
            self.hands[i & 1].push(deck.pop())
            i += 1
        self._lay_out()

    def load(self, layouts, centre=None):
        """Set up a given position: per player (stocks, spit) as card lists, bottom first.

        The top card of each stock starts face up. With centre piles given and
        not empty, play starts at once; otherwise both players must say Spit.
        """
        for p in range(2):
            stocks, spit = layouts[p]
            for s in range(5):
                pile = self.stocks[p][s]
                pile.load(stocks[s] if s < len(stocks) else ())
                self.up[p][s] = 1 if pile.n else 0
            self.spit[p].load(spit)
            self.centre[p].load(centre[p] if centre else ())
        self.round = 1
        self.phase = PH_READY
        self.winner = self.cleared = self.chooser = _NONE
        self.ready[0] = self.ready[1] = 0
        self.reports.clear()
        self.recount()
        if self.centre[0].n or self.centre[1].n:
            self.phase = PH_PLAY
            self._check_stuck()

    def _gather(self, deck):
        for p in range(2):
            self.centre[p].move_all_to(deck)
            self.spit[p].move_all_to(deck)
            self.hands[p].move_all_to(deck)
            for s in self.stocks[p]:
                s.move_all_to(deck)

    def _lay_out(self):
        """Each player deals their hand into stocks, row by row (S-2, S-13); the rest is spit (S-3)."""
        slots = self.slots
        for p in range(2):
            hand = self.hands[p]
            stocks = self.stocks[p]
            for row in range(slots):
                for s in range(row, slots):
                    if hand.n:
                        stocks[s].push(hand.pop())
            for s in range(5):
                self.up[p][s] = 1 if stocks[s].n else 0
                if stocks[s].n:
                    self._show(stocks[s])
            self.spit[p].clear()
            hand.move_all_to(self.spit[p])
        self.recount()
        self.round += 1
        self.phase = PH_READY
        self.ready[0] = self.ready[1] = 0
        self.cleared = self.chooser = _NONE
        self.reports.add(A.R_DEAL, _NONE, self.round & 255)

    # ---- end of a round ---------------------------------------------------

    def _round_over(self, cleared):
        """S-10: the round ends at once; score it (S-16) or settle the centre (S-11 to S-15)."""
        # Both spit piles empty at a round's end: nobody had a spit card to start one (only a
        # hand-made layout does that, S-13), and every new deal would repeat the round, so the
        # game ends: fewer cards held wins, or the lower score (S-16); equal is a draw
        # (docs/replay-format.md, "Neither player has spit cards").
        self.cleared = cleared
        self.reports.add(_R_ROUND_OVER, cleared)
        if self.one_round:  # S-9's one round: the first to clear wins; when nobody can spit, fewer stock cards
            if cleared == _NONE:
                left0 = self._stock_cards(0)
                left1 = self._stock_cards(1)
                cleared = 0 if left0 < left1 else 1 if left1 < left0 else _NONE
            self._game_over(cleared)
            return
        left0 = self._stock_cards(0) + self.spit[0].n
        left1 = self._stock_cards(1) + self.spit[1].n
        if self.scoring:  # S-16: cards left are points; no slap
            self.scores[0] += left0
            self.scores[1] += left1
            self.reports.add(A.R_SCORE, 0, left0 if left0 < 255 else 254)
            self.reports.add(A.R_SCORE, 1, left1 if left1 < 255 else 254)
            s0, s1 = self.scores
            if s0 >= _TARGET or s1 >= _TARGET or not (self.centre[0].n or self.centre[1].n):
                self._game_over(0 if s0 < s1 else 1 if s1 < s0 else _NONE)
            else:
                self.deal()
            return
        if cleared != _NONE and not self.spit[cleared].n:
            self._game_over(cleared)  # S-15: no cards at all
            return
        piles = (1 if self.centre[0].n else 0) + (1 if self.centre[1].n else 0)
        if piles == 2:
            if self.choose_pile and cleared != _NONE:
                self.phase = _PH_CHOOSE  # S-18
                self.chooser = cleared
            else:
                self.phase = _PH_SLAP  # S-11
            return
        if piles == 0:  # no spit pile was started: the game ends (see above)
            held0 = self.cards_held(0)
            held1 = self.cards_held(1)
            self._game_over(0 if held0 < held1 else 1 if held1 < held0 else _NONE)
            return
        pile = 0 if self.centre[0].n else 1
        if cleared != _NONE:
            taker = 1 - cleared  # S-14
        else:  # S-14b
            s0 = self._stock_cards(0)
            s1 = self._stock_cards(1)
            taker = 0 if s0 > s1 else 1 if s1 > s0 else pile
        self._next_round(pile if taker == 0 else _NONE, pile if taker == 1 else _NONE)

    def _take(self, p, pile):
        """Player p takes pile; the other player takes the other pile (S-11, S-18)."""
        if p == 0:
            self._next_round(pile, 1 - pile)
        else:
            self._next_round(1 - pile, pile)

    def _next_round(self, take0, take1):
        """S-12: each hand is the pile taken plus own stock and spit cards, shuffled, dealt again."""
        for p in range(2):
            take = take0 if p == 0 else take1
            self.reports.add(_R_TAKE, p, take)
            hand = self.hands[p]
            hand.clear()
            if take != _NONE:
                self.centre[take].move_all_to(hand)
            for s in self.stocks[p]:
                s.move_all_to(hand)
            self.spit[p].move_all_to(hand)  # S-14: each keeps their own spit cards
            self.rng.shuffle(hand.buf, hand.n)
        self._lay_out()

    def _game_over(self, winner):
        self.winner = winner
        self.phase = PH_OVER
        self.reports.add(A.R_GAME_OVER, winner)

    def cards_held(self, p):
        """How many cards player p has in stocks and spit pile."""
        return self._stock_cards(p) + self.spit[p].n

    def _stock_cards(self, p):
        n = 0
        for s in self.stocks[p]:
            n += s.n
        return n
