"""Speed: RULES.md C-1 to C-5, P-1 to P-11 and D-2, for 2 to 4 players and one or two decks.

``Speed.apply(t, player, verb, a, b)`` is the only way a game changes (the
clock aside: ``advance(t)`` lets a call-Speed time limit run out, and with the
stall option declares the stalemate when no card has landed for _STALL_MS). It returns
OK or a refusal reason (engine.actions) and allocates nothing while a game is
played. What happened goes to ``self.reports``:

- R_READY p; R_SPIT p, centre pile a, b (0: from the start card or the side
  pile, 1: from the draw pile, P-7's fallback), card;
- R_LAND p, hand slot a, centre pile b, card; R_FLIP p, slot a, 255, card
  (P-4's refill: the slot now holds card);
- R_STALEMATE (P-5; a: 255, or the seconds of the stall option's, P-7); R_REBUILD q, side pile a, b cards (P-7);
- R_OUT p; R_SPEED p; R_PENALTY p, centre pile a, b cards (P-8);
- R_GAME_OVER p (255: a draw); R_SCORE p, a points (P-9); R_DEAL a = game
  number; R_MATCH_OVER p.

``round`` goes up by one at each deal (each game of a match) and at each
stalemate flip, so a CPU player can tell that the table changed under it.
The deal, the stalemate flips (P-6, P-7) and the ends of games are in engine.speed.deal; ``ranking`` holds
the last finished game's seats in order (P-11: the winner, then by cards
held, fewest first). With two decks (four players only, P-11) every card
exists twice: nothing here tells two cards apart but their slot or pile.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_PLAY, PH_READY
from engine.actions import PLAY as _PLAY, READY as _READY
from engine.cards import FITS as _FITS, JOKER
from engine.pile import Pile
from engine.rng import Rng
from engine.speed.deal import MATCHES, Deals, deal_sizes
from engine.timing import ticks_add, ticks_diff

_PH_CALL = const(5)  # Speed's own (engine/speed/file.py names them)
_SPEED = const(6)
_JOKER_LAST = const(15)
_R_OUT = const(12)
_R_SPEED = const(13)


_NONE = const(255)
_SLOTS = const(5)
_DECK = const(54)  # the most cards of one deck (jokers included): a pile holds every card there is
_ANY = const(0x3FFE)  # ranks 1-13: what goes on a joker (P-10)

_END_FIRST_OUT = const(0)
_END_CALL = const(1)
_END_RACE = const(2)
_STALL_MS = const(10000)  # P-7's decision (the stall option): no card landed for this long is a stalemate
ENDINGS = ("first_out", "call", "race")


def legal_size(players):
    """Bytes that legal() may write: (5 slots x one per centre pile + one) triples."""
    return 3 * (_SLOTS * players + 1)


class Speed(Deals):
    """The state of one match of Speed and the rules that change it."""

    name = "speed"  # its name in engine.games
    times = ("now", "deadline")  # the ticks it holds: a pause moves them on (ui/pause.py; other games: now)
    PUBLIC = ("centre", "ready", "ranking", "games_won", "scores", "phase", "round", "game_no", "winner", "out")
    HIDDEN = ("hands", "draw", "side", "start")  # engine.digest: every seat sees these, and how many cards those hold
    slots = _SLOTS

    def __init__(self, short_side_piles=False, doubles=False, jokers=False, ending="first_out",
                 call_ms=3000, match="single", target=25, seed=1, players=2, decks=1, seen=None, stall=False):
        if players not in (2, 3, 4):
            raise ValueError("Speed is played by 2 to 4 players")
        if decks != 1 and (decks != 2 or players != 4):
            raise ValueError("one deck, or two with four players (P-11)")
        if ending not in ENDINGS:
            raise ValueError("unknown ending %r" % (ending,))
        if match not in MATCHES:
            raise ValueError("unknown match %r" % (match,))
        self.players = players
        self.decks = decks
        self.short_side_piles = bool(short_side_piles)
        self.doubles = bool(doubles)
        self.jokers = bool(jokers)
        self.ending = ending
        self.ending_code = ENDINGS.index(ending)
        self.call_ms = call_ms
        self.match = match
        self.match_code = MATCHES.index(match)
        self.target = target
        self.side_sizes, self.cards_each = deal_sizes(players, self.jokers, self.short_side_piles, decks)
        self.most_jokers = 2 * decks if self.jokers else 0
        cap = _DECK * decks
        self.seen = seen  # link play: who is shown each card turned up (engine.link.host, engine.link.guest)
        self.rng = Rng(seed) if seen is None else seen.rng(seed)
        self.reports = A.Reports()
        self.hands = tuple(bytearray(_SLOTS) for _ in range(players))  # 0: an empty slot
        self.draw = tuple(Pile(cap) for _ in range(players))
        self.side = tuple(Pile(cap) for _ in range(players))
        self.centre = tuple(Pile(cap) for _ in range(players))  # seat i's side pile flips onto pile i
        self.deck = self.centre[players - 1]  # the deck is dealt from the last centre pile, empty after the deal
        self.ranking = bytearray(b"\xff" * players)  # the last game's seats, winner first (255: no game ended)
        self._held = [0] * players  # scratch for the ranking: cards held per seat
        self.start = bytearray(players)  # the face-down centre cards before the start flip (P-2)
        self.ready = bytearray(players)
        self.games_won = [0] * players
        self.scores = [0] * players
        self._masks = [0] * players  # scratch for legal(): what goes on each centre pile
        self.phase = PH_READY
        self.round = 0
        self.game_no = 0
        self.winner = _NONE  # the match's winner
        self.game_winner = _NONE  # the last game's winner
        self.out = _NONE  # in PH_CALL, the seat that has played every card
        # in PH_CALL with the call ending: the tick Speed must be pressed before; in PH_PLAY: the tick the
        # last card landed or play began, the clock of the stall option (P-7's decision)
        self.deadline = 0
        self.now = 0
        self.stall = stall  # P-7's decision: no card landed for _STALL_MS is a stalemate
        self.deal()

    # ---- the action stream ------------------------------------------------

    def apply(self, t, player, verb, a=0, b=0):
        """Apply one timestamped action; return OK or the reason it was refused."""
        self.advance(t)  # a call-Speed limit that has passed at t is settled first (P-8)
        self.now = t
        if not 0 <= player < self.players:
            return A.BAD_PLAYER
        if verb == _PLAY:
            return self._play(player, a, b)
        if verb == _READY:
            return self._ready(player)
        if verb == _SPEED:
            return self._speed(player)
        return A.BAD_VERB

    def advance(self, t):
        """The clock reached t: in the call ending, a limit that has passed gives the penalty (P-8); with
        the stall option, _STALL_MS since the last card landed (or play began) is a stalemate (P-7's decision).

        ``now`` stays the time of the last change of the table (a CPU player
        reacts to it, engine.bots), so a frame's tick that changes nothing
        leaves it alone.
        """
        phase = self.phase
        if phase == _PH_CALL and self.ending_code == _END_CALL and ticks_diff(t, self.deadline) >= 0:
            self.now = t
            self._penalty()  # a press exactly at the limit is too late
        elif phase == PH_PLAY and self.stall and ticks_diff(t, self.deadline) >= _STALL_MS:
            self.now = ticks_add(self.deadline, _STALL_MS)  # P-7: a playable card held back (P-5) for too long
            self.phase = PH_READY
            self.reports.add(A.R_STALEMATE, _NONE, _STALL_MS // 1000)  # a: the stall's seconds (else 255)

    def _play(self, p, slot, pile):
        """P-3, P-10: a card from hand onto a centre pile; P-4: the draw pile refills the slot."""
        if self.phase != PH_PLAY:
            return A.WRONG_PHASE
        if not 0 <= slot < _SLOTS:
            return A.BAD_SLOT
        if not 0 <= pile < self.players:
            return A.BAD_PILE
        hand = self.hands[p]
        card = hand[slot]
        if not card:
            return A.EMPTY_SLOT
        if self.seen:
            card = hand[slot] = self.seen.card(card, _NONE)  # it lands face up: every seat is shown it
        centre = self.centre[pile]
        n = centre.n
        if not n:
            return A.NO_PILE
        top = centre.buf[n - 1]
        if card >> 4 != JOKER:
            if top >> 4 != JOKER and not (_FITS[top & 15] >> (card & 15)) & 1 \
                    and not (self.doubles and (card & 15) == (top & 15)):
                return A.NOT_ADJACENT
            if self._strands_joker(p):
                return _JOKER_LAST
        centre.push(card)  # C-3: it counts the instant it lands
        self.deadline = self.now  # P-7's stall clock starts again
        self.reports.add(A.R_LAND, p, slot, pile, card)
        draw = self.draw[p]
        if draw.n:
            card = draw.pop()
            if self.seen:
                card = self.seen.card(card, p)  # into p's hand: p alone is shown it
            hand[slot] = card
            self.reports.add(A.R_FLIP, p, slot, _NONE, card)
        else:
            hand[slot] = 0
            if not (hand[0] or hand[1] or hand[2] or hand[3] or hand[4]):
                self._out(p)
                return A.OK
        self._check_stuck(p)
        return A.OK

    def _ready(self, p):
        """P-2, P-6, D-2: when every player is ready, the centre cards are turned together."""
        if self.phase != PH_READY:
            return A.WRONG_PHASE
        ready = self.ready
        if ready[p]:
            return A.ALREADY_READY
        ready[p] = 1
        self.reports.add(A.R_READY, p)
        players = self.players
        for q in range(players):
            if not ready[q]:
                return A.OK
        for q in range(players):
            ready[q] = 0
        started = False
        start = self.start
        for q in range(players):  # P-2: the start cards
            card = start[q]
            if card:
                if self.seen:
                    card = self.seen.card(card, _NONE)
                start[q] = 0
                self.centre[q].push(card)
                self.reports.add(A.R_SPIT, q, q, 0, card)
                started = True
        if not started:
            self._stalemate_flip()
        self.phase = PH_PLAY
        self.deadline = self.now
        self._check_stuck(0)
        return A.OK

    def _speed(self, p):
        """P-8: a Speed press while a player is out and Speed may be pressed."""
        if self.phase != _PH_CALL:
            return A.WRONG_PHASE
        self.reports.add(_R_SPEED, p)
        if p == self.out or self.ending_code == _END_RACE:
            self._game_over(p)  # race: the first press of all wins; call: the player who is out called it
        else:
            self._penalty()  # call: an opponent was first
        return A.OK

    def _out(self, p):
        """P-8: player p has played every card."""
        self.reports.add(_R_OUT, p)
        if self.ending_code == _END_FIRST_OUT:
            self._game_over(p)
            return
        self.phase = _PH_CALL
        self.out = p
        self.deadline = ticks_add(self.now, self.call_ms)

    # ---- what the table allows -------------------------------------------

    def cards_held(self, p):
        """How many cards player p holds: hand and draw pile."""
        hand = self.hands[p]
        n = self.draw[p].n
        for s in range(_SLOTS):
            if hand[s]:
                n += 1
        return n

    def _strands_joker(self, p):
        """P-10: would playing a card that is no joker leave p holding only jokers?"""
        if not self.jokers:
            return False
        held = self.cards_held(p)
        if held < 2 or held > self.most_jokers + 1:  # only 2 to (jokers there are + 1) cards can strand them
            return False
        jokers = 0
        hand = self.hands[p]
        for s in range(_SLOTS):
            if hand[s] >> 4 == JOKER:
                jokers += 1
        draw = self.draw[p]
        for j in range(draw.n):
            if draw.buf[j] >> 4 == JOKER:
                jokers += 1
        return jokers == held - 1

    def _mask(self, i):
        """The ranks that may go on centre pile i as bits (0: the pile is empty; P-3, P-10)."""
        pile = self.centre[i]
        if not pile.n:
            return 0
        top = pile.buf[pile.n - 1]
        if top >> 4 == JOKER:
            return _ANY
        if self.doubles:
            return _FITS[top & 15] | (1 << (top & 15))
        return _FITS[top & 15]

    def takes(self, i, card):
        """Would centre pile i take card now (P-3, P-10)? For the buttons' choice of a pile (not hot)."""
        if not self.centre[i].n:
            return False
        return card >> 4 == JOKER or (self._mask(i) >> (card & 15)) & 1 == 1

    def can_play(self, p):
        """P-5: does player p hold a card that may be played (P-3, P-10's last-card rule included)?"""
        fits = 0
        for i in range(self.players):
            fits |= self._mask(i)
        if not fits:
            return False
        blocked = self._strands_joker(p)
        hand = self.hands[p]
        for s in range(_SLOTS):
            card = hand[s]
            if not card:
                continue
            if card >> 4 == JOKER:
                return True
            if not blocked and (fits >> (card & 15)) & 1:
                return True
        return False

    def _check_stuck(self, p):
        """P-5: when nobody can play, declare the stalemate (p, who just moved, is asked first)."""
        if self.phase != PH_PLAY:
            return
        stuck = not self.can_play(p)
        for q in range(self.players):
            if stuck and q != p and self.can_play(q):
                stuck = False
        if self.seen:
            stuck = self.seen.told(stuck)  # decided from every hand: a guest is told
        if not stuck:
            return
        hopeless = self._hopeless()
        if self.seen:
            hopeless = self.seen.told(hopeless)
        for q in range(self.players):
            if self.draw[q].n or (not hopeless and (self.side[q].n or self.centre[q].n > 1)):
                self.phase = PH_READY  # P-6: wait for every player to be ready
                self.reports.add(A.R_STALEMATE, _NONE)
                return
        from engine.speed.layout import deadlock  # (hand-made layouts, and the rarest of deals: loaded then)

        deadlock(self)  # no card can ever be turned, or none that could ever be played

    def legal(self, p, out):
        """Write player p's useful legal actions into out as (verb, a, b) byte triples; return the count.

        out must hold legal_size(players) bytes: 33 for two players, 63 for four. The random players of
        tools and tests ask it (engine.randplay); a board's players never do, so it lives with the layouts.
        """
        from engine.speed.layout import legal

        return legal(self, p, out)
