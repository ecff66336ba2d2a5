"""California Spit's deals, pick-ups and ends: K-1, K-2, K-4, K-5 (mixed into engine.california.rules).

K-1, the deal of the deck (a seed always gives the same deal): a fresh deck
(engine.cards.new_deck's order) is shuffled with the game's Rng and dealt
from its top (the end of the shuffled buffer), one card at a time, player 0
first; each card goes on top of that player's pile (the last card dealt is
the top of the pile, the first card laid).

K-2, a round's deal: when every player is ready, each player deals from the
top of their pile: the first card to slot 0, then slots 1, 2, 3. A player
with fewer than four cards deals what they have; the slots after the last
card stay empty for that round (an empty slot shows no rank and cannot be
covered).

K-4, the pick-up: each player gathers the four piles in front of them with
slot 0's pile at the bottom of the stack and slots 1, 2, 3 laid on it in
turn, face up; turns the whole stack over and puts it under their own pile.
Bottom to top the pile is then: slot 3's pile from its top card down, slot
2's, slot 1's, slot 0's (its first card dealt this round last), then the cards
the pile held before. Decision (K-4): when a deal shows no match at all,
both piles are shuffled (player 0's first) right after that pick-up, before
the next deal.

The ends. K-5: a player wins the moment they cover a card with the last card
of their pile; a player whose pile is empty after a short deal has not won:
they cannot cover (EMPTY_SLOT) and wait for the pick-up, which gives them
their piles back. Decision (positions where nobody can ever cover, reached
only from hand-made layouts with few cards): (a) a rank is open and neither
player has a card in their pile, or (b) a deal shows no match and no rank is
held twice among all the cards in the game (no deal can ever show one);
then the game ends at once and the player holding fewer cards (pile and row)
wins; equal counts are a draw (winner 255).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_OVER, PH_PLAY, PH_READY
from engine.cards import DECK_SIZE, new_deck
from engine.pile import Pile

_R_OPEN = const(18)  # California's own (engine/california/file.py names them)
_R_PICKUP = const(19)


_SLOTS = const(4)


class Deals:
    """The deal of the deck and of each round, the pick-up and the ends; mixed into California."""

    def deal(self):
        """K-1: a fresh shuffled deck, 26 cards to each player's face-down pile; wait for every ready."""
        deck = Pile(DECK_SIZE)  # setup only
        deck.n = new_deck(deck.buf)
        self.rng.shuffle(deck.buf, deck.n)
        self._clear()
        p = 0
        while deck.n:
            self.piles[p].push(deck.pop())
            p = 1 - p

    def load(self, piles, rows=None):
        """A given position: piles (bottom first) and, optionally, the rows (four piles each, bottom first).

        With rows, play starts at once as after a deal (round 1: ranks open,
        a layout without a match is picked up, K-3, K-4); without them the
        game waits for every player to be ready (round 0). Reports are cleared.
        """
        self._clear()
        for p in range(2):
            self.piles[p].load(piles[p])
            if rows:
                for s in range(_SLOTS):
                    self.rows[p][s].load(rows[p][s])
        if rows:
            self.round = 1
            self._start_round()
        self.reports.clear()

    def _clear(self):
        for p in range(2):
            self.piles[p].clear()
            for s in range(_SLOTS):
                self.rows[p][s].clear()
            self.ready[p] = 0
            self.scores[p] = 0
        for r in range(14):
            self.tops[r] = 0
        for i in range(2 * _SLOTS):
            self.picked[i] = 0
        self.open = 0
        self.round = 0
        self.winner = A.NONE
        self.phase = PH_READY

    def _deal_row(self):
        """K-2: both players deal four cards from the top of their pile, slot 0 first."""
        self.round += 1
        self.reports.add(A.R_DEAL, A.NONE, self.round & 255)
        for p in range(2):
            pile = self.piles[p]
            row = self.rows[p]
            for s in range(_SLOTS):
                if pile.n:
                    card = pile.pop()
                    if self.seen:
                        card = self.seen.card(card, A.NONE)  # dealt face up: every seat is shown it
                    row[s].push(card)
        self._start_round()

    def _start_round(self):
        """K-3 at a deal: every rank shown twice or more opens; no match at all: K-4 at once."""
        tops = self.tops
        for r in range(14):
            tops[r] = 0
        for p in range(2):
            row = self.rows[p]
            for s in range(_SLOTS):
                pile = row[s]
                if pile.n:
                    tops[pile.buf[pile.n - 1] & 15] += 1
        open_ = 0
        for r in range(1, 14):
            if tops[r] >= 2:
                open_ |= 1 << r
                self.reports.add(_R_OPEN, A.NONE, r)
        self.open = open_
        self.phase = PH_PLAY
        if not open_:
            self._pickup(True)
        elif not (self.piles[0].n or self.piles[1].n):
            self._dead()  # (a): a match nobody can cover

    def _pickup(self, no_match):
        """K-4: each player puts their four piles, turned over, under their pile; then wait for ready."""
        self.reports.add(_R_PICKUP, A.NONE, 1 if no_match else 0)
        picked = self.picked
        for p in range(2):
            row = self.rows[p]
            for s in range(_SLOTS):
                picked[p * _SLOTS + s] = row[s].top()
            self._gather(p)
        tops = self.tops
        for r in range(14):
            tops[r] = 0
        self.open = 0
        self.phase = PH_READY
        if no_match:
            hopeless = self._hopeless()
            if self.seen:
                hopeless = self.seen.told(hopeless)  # decided from every pile: a guest is told
            if hopeless:
                self._dead()  # (b): no deal can ever show a match
                return
            for p in range(2):  # K-4's decision: a new order, so the deals never repeat for ever
                pile = self.piles[p]
                self.rng.shuffle(pile.buf, pile.n)

    def _gather(self, p):
        """The module docstring's pick-up order for player p; allocates nothing."""
        pile = self.piles[p]
        row = self.rows[p]
        k = row[0].n + row[1].n + row[2].n + row[3].n
        if not k:
            return
        buf = pile.buf
        m = pile.n
        for i in range(m - 1, -1, -1):  # the pile moves up by k cards
            buf[i + k] = buf[i]
        j = 0
        for s in range(_SLOTS - 1, -1, -1):
            piece = row[s]
            pbuf = piece.buf
            for i in range(piece.n - 1, -1, -1):
                buf[j] = pbuf[i]
                j += 1
            piece.n = 0
        pile.n = m + k

    def _hopeless(self):
        """True when no rank is held twice among all the game's cards: no deal can ever show a match."""
        ranks = self._ranks
        for r in range(14):
            ranks[r] = 0
        for p in range(2):
            for k in range(_SLOTS + 1):
                pile = self.piles[p] if k == _SLOTS else self.rows[p][k]
                buf = pile.buf
                for i in range(pile.n):
                    r = buf[i] & 15
                    if ranks[r]:
                        return False
                    ranks[r] = 1
        return True

    def _dead(self):
        """Nobody can ever cover (the module docstring): fewer cards held wins, equal counts draw."""
        a = self.cards_held(0)
        b = self.cards_held(1)
        self._game_over(0 if a < b else 1 if b < a else A.NONE, 1)

    def _game_over(self, w, why):
        """The game ends: w wins (255: a draw); why 0 is K-5, 1 a position nobody can go on from."""
        self.winner = w
        self.phase = PH_OVER
        self.ready[0] = 0
        self.ready[1] = 0
        self.reports.add(A.R_GAME_OVER, w, why)
