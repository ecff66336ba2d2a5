"""Speed's dealing, stalemate flips, given positions and the ends of games and matches: P-1, P-2, P-6 to P-9, P-11.

``Deals`` is the half of ``engine.speed.rules.Speed`` that moves cards between
games; it is its own module so that each stays small enough for a board to
compile (as engine.spit.rounds is for Spit).

The deal (P-1, P-11; a seed always gives the same deal): a fresh deck
(engine.cards.new_deck, jokers last; with two decks, that order twice, one
deck after the other) is shuffled with the game's Rng and
dealt from its top (the end of the buffer): first one face-down centre card
per seat, seat 0 first; then the side piles, seat 0's whole pile first, each
card going on top of the one before; then the players' cards one at a time
round-robin from seat 0. A player's first five cards go to hand slots 0-4;
the rest go onto their draw pile, each on top of the one before (the last
card dealt is the top of the draw pile).

The ranking (P-11), when a game ends: the winner first, then the other
seats by cards held (hand and draw pile), fewest first; equal counts in seat
order from the winner (the seat after the winner first, wrapping round). A
drawn game (a dead position, no winner) ranks every seat by cards held,
equal counts in seat order from seat 0.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_OVER, PH_PLAY, PH_READY
from engine.cards import DECK_SIZE, FITS as _FITS, JOKER, new_deck

_R_PENALTY = const(14)  # Speed's own (engine/speed/file.py names them)
_R_REBUILD = const(15)
_R_MATCH_OVER = const(16)


_NONE = const(255)
_SLOTS = const(5)

_MATCH_SINGLE = const(0)
_MATCH_BEST_OF_3 = const(1)
_MATCH_POINTS = const(2)
MATCHES = ("single", "best_of_3", "points")


def deal_sizes(players, jokers=False, short_side_piles=False, decks=1):
    """P-1, P-11: (side pile size of each seat, cards to each player) for one deal."""
    total = (DECK_SIZE + (2 if jokers else 0)) * decks
    side = 10 if not short_side_piles and (players == 2 or (players == 4 and decks == 2)) else 5
    rest = total - players - players * side
    each = rest // players
    extra = rest - each * players  # what does not divide: one card more each, from seat 0's side pile
    return tuple(side + (1 if q < extra else 0) for q in range(players)), each


class Deals:
    """Dealing, given positions and the ends of games and matches; mixed into Speed."""

    # ---- setting up -------------------------------------------------------

    def deal(self):
        """A fresh shuffled deck dealt as the module docstring says; the game waits for every ready (P-2)."""
        self._clear_table()
        deck = self.deck  # the last centre pile's room: every card is dealt, so it is empty again after
        buf = deck.buf
        n = new_deck(buf, self.jokers)
        for k in range(n, n * self.decks):  # the second deck: the same cards again (P-11)
            buf[k] = buf[k - n]
        deck.n = n * self.decks
        self.rng.shuffle(buf, deck.n)
        players = self.players
        for q in range(players):
            self.start[q] = deck.pop()
        for q in range(players):
            side = self.side[q]
            for _ in range(self.side_sizes[q]):
                side.push(deck.pop())
        for k in range(self.cards_each):
            for q in range(players):
                card = deck.pop()
                if k < _SLOTS:
                    self.hands[q][k] = card
                else:
                    self.draw[q].push(card)
        seen = self.seen
        if seen:  # link play: each seat is shown its own hand
            for q in range(players):
                hand = self.hands[q]
                for s in range(_SLOTS):
                    if hand[s]:
                        hand[s] = seen.card(hand[s], q)
        self.game_no += 1
        self.round += 1
        self.reports.add(A.R_DEAL, _NONE, self.game_no & 255)

    def load(self, hands, draws, sides, start=None, centre=None):
        """Set up a given position, for replay files and tests (engine.speed.layout: a board never loads it)."""
        from engine.speed.layout import load

        load(self, hands, draws, sides, start, centre)

    # ---- stalemates (P-6, P-7) ---------------------------------------------

    def _stalemate_flip(self):
        """P-6, P-7: rebuild empty side piles, then every side pile flips; with none, the draw piles do."""
        self.round += 1
        players = self.players
        for q in range(players):
            side = self.side[q]
            centre = self.centre[q]
            k = centre.n - 1
            if not side.n and k > 0:  # P-7: all but the top card, shuffled, face down
                buf = centre.buf
                sbuf = side.buf
                for j in range(k):
                    sbuf[j] = buf[j]
                side.n = k
                buf[0] = buf[k]
                centre.n = 1
                self.rng.shuffle(sbuf, k)
                self.reports.add(_R_REBUILD, q, q, k)
        flipped = False
        hopeless = self._hopeless()  # the flips would only turn the same table round (see _hopeless)
        if self.seen:
            hopeless = self.seen.told(hopeless)  # decided from every hand: a guest is told
        for q in range(players):
            side = self.side[q]
            if side.n and not hopeless:
                card = side.pop()
                if self.seen:
                    card = self.seen.card(card, _NONE)
                self.centre[q].push(card)
                self.reports.add(A.R_SPIT, q, q, 0, card)
                flipped = True
        if flipped:
            return
        for q in range(players):  # P-7's fallback: the top of each draw pile onto its own centre pile
            draw = self.draw[q]
            if draw.n:
                card = draw.pop()
                if self.seen:
                    card = self.seen.card(card, _NONE)
                self.centre[q].push(card)
                self.reports.add(A.R_SPIT, q, q, 1, card)

    def _hopeless(self):
        """True when no card of the centre and side piles fits any card in a hand (P-3, P-10).

        Then the stalemate flips (P-6, P-7) would turn the same cards round for
        ever, so the draw piles are turned instead (P-7's fallback), and with
        no draw pile left the game ends as a dead position (docs/replay-format.md,
        "Speed: the endless stalemate"). Runs only at a stalemate.
        """
        wanted = 0  # the table ranks some hand card may go on
        for q in range(self.players):
            hand = self.hands[q]
            for s in range(_SLOTS):
                card = hand[s]
                if not card:
                    continue
                if card >> 4 == JOKER:
                    return False  # a joker goes on any card
                wanted |= _FITS[card & 15]
                if self.doubles:
                    wanted |= 1 << (card & 15)
        for k in range(2 * self.players):  # every centre pile, then every side pile (no tuple made)
            pile = self.centre[k] if k < self.players else self.side[k - self.players]
            buf = pile.buf
            for j in range(pile.n):
                card = buf[j]
                if card >> 4 == JOKER or (wanted >> (card & 15)) & 1:
                    return False  # a joker takes any card; this card takes one in a hand
        return True

    # ---- the table between games -------------------------------------------

    def _clear_table(self):
        for q in range(self.players):
            hand = self.hands[q]
            for s in range(_SLOTS):
                hand[s] = 0
            self.draw[q].clear()
            self.side[q].clear()
            self.centre[q].clear()
            self.start[q] = 0
            self.ready[q] = 0
        self.phase = PH_READY
        self.out = _NONE

    def _refill(self, p):
        """P-4: every empty hand slot takes the top card of the draw pile, slot 0 first."""
        hand = self.hands[p]
        draw = self.draw[p]
        for s in range(_SLOTS):
            if not draw.n:
                return
            if not hand[s]:
                card = draw.pop()
                if self.seen:
                    card = self.seen.card(card, p)  # into p's hand: p alone is shown it
                hand[s] = card
                self.reports.add(A.R_FLIP, p, s, _NONE, card)

    # ---- the ends -----------------------------------------------------------

    def _penalty(self):
        """P-8: the player who is out takes the biggest centre pile but its top card, or wins if there is none."""
        p = self.out
        best = _NONE
        most = 1  # a pile must have a card under its top
        for i in range(self.players):
            n = self.centre[i].n
            if n > most:  # strictly more: a tie keeps the lower-numbered pile
                most = n
                best = i
        if best == _NONE:
            self._game_over(p)
            return
        pile = self.centre[best]
        draw = self.draw[p]
        k = pile.n - 1
        buf = pile.buf
        dbuf = draw.buf
        for j in range(k):  # order kept: buf[k - 1], just under the top, becomes the top of the draw pile
            dbuf[j] = buf[j]
        draw.n = k
        buf[0] = buf[k]
        pile.n = 1
        self.reports.add(_R_PENALTY, p, best, k)
        self._refill(p)
        self.out = _NONE
        self.phase = PH_PLAY
        self.deadline = self.now  # P-7's stall clock starts again
        self._check_stuck(p)

    def _rank(self, w):
        """P-11: fill ranking, winner w first, then by cards held (module docstring); allocates nothing."""
        players = self.players
        held = self._held
        ranking = self.ranking
        first = 0 if w == _NONE else w
        for r in range(players):  # seat order from the winner, then a stable insertion sort by cards held
            q = (first + r) % players
            held[q] = self.cards_held(q)
            j = r
            while j > 0 and (w == _NONE or j > 1) and held[ranking[j - 1]] > held[q]:
                ranking[j] = ranking[j - 1]
                j -= 1
            ranking[j] = q

    def _game_over(self, w):
        """A game ends: rank the seats (P-11), count it (P-9) and deal the next game or end the match."""
        self._rank(w)
        self.game_winner = w
        self.out = _NONE
        self.phase = PH_OVER
        self.reports.add(A.R_GAME_OVER, w)
        if w == _NONE:  # a draw (a deadlocked hand-made layout): the match ends there
            self._match_over(_NONE)
            return
        self.games_won[w] += 1
        match = self.match_code
        if match == _MATCH_POINTS:
            points = 0
            for q in range(self.players):
                if q != w:
                    points += self.cards_held(q)
            self.scores[w] += points
            self.reports.add(A.R_SCORE, w, points if points < 255 else 254)
            done = self.scores[w] >= self.target
        elif match == _MATCH_BEST_OF_3:
            done = self.games_won[w] >= 2
        else:
            done = True
        if done:
            self._match_over(w)
        else:
            self.deal()

    def _match_over(self, w):
        self.winner = w
        self.phase = PH_OVER
        self.reports.add(_R_MATCH_OVER, w)
