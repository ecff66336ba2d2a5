"""The built-in CPU opponent: eight levels of one strategy, and an adaptive one.

Each option on the table gets a score and the best one is taken: a play
scores 100, plus points for each of its own cards that could follow it (a
chain), minus points for each opponent's card it lets onto the pile, minus
points per cursor press to reach it; turning a card up and filling an empty
slot score less than a play (a play is a race, a flip is not). A beginner
adds a lot of noise to every score (it does not see the best move) and
weighs little; an expert weighs everything and adds none. At the slap it
goes for the smaller pile. Timing and slips are the driver's (engine.bots.hands).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.bots import Ladder
from engine.cards import FITS as _FITS, is_red  # C-2
from engine.spit.rules import PH_PLAY, PH_READY

_PH_SLAP = const(2)  # Spit's own (engine/spit/file.py names them)
_PH_CHOOSE = const(3)
_SLAP = const(4)
_CHOOSE = const(5)


NOISE = const(0)  # up to this many random points on every score
CHAIN = const(1)  # points per own card that could follow the card played
SPITE = const(2)  # points off per opponent's card the play lets onto the pile
COST = const(3)  # points off per cursor press
TURN = const(4)  # score of turning a card up (a play scores 100)
FILL_IN = const(5)  # score of filling an empty slot, uncovering a card
UNCOVER = const(6)  # points for a play that leaves a face-down card to turn up
SMART = const(7)  # per thousand: slaps the smaller pile (else the other)

#      NOISE CHAIN SPITE COST TURN FILL_IN UNCOVER SMART
STRATEGY = (
    None,
    (40, 0, 0, 6, 90, 80, 0, 750),  # 1
    (30, 3, 4, 8, 88, 78, 2, 850),  # 2
    (25, 6, 8, 10, 85, 75, 4, 900),  # 3
    (20, 9, 12, 12, 84, 72, 5, 925),  # 4
    (15, 12, 16, 14, 82, 70, 6, 950),  # 5
    (8, 16, 24, 18, 80, 65, 8, 1000),  # 6
    (5, 18, 28, 19, 80, 65, 9, 1000),  # 7
    (0, 20, 40, 20, 80, 65, 10, 1000),  # 8
)


class Level(Ladder):
    """The CPU opponent of a level (1-8); adaptive moves the level after each round."""

    name = "level"
    STRATEGY = STRATEGY

    def __init__(self, level=3, adaptive=False):
        self.adaptive = adaptive
        self.seen_round = 0
        self.set_level(level)

    def decide(self, view, act):
        """Say Spit, slap, or pick the best-scoring move."""
        if self.adaptive and view.round != self.seen_round:
            if self.seen_round:
                self.adapt(view.my_cards(), view.their_cards())
            self.seen_round = view.round
        phase = view.phase
        if phase == PH_PLAY:
            self.play(view, act)
        elif phase == PH_READY:
            if not view.my_ready:
                act.ready()
        elif phase == _PH_SLAP or (phase == _PH_CHOOSE and view.my_choice):
            pile = self.smaller(view)
            if self.rng.below(1000) >= self.s[SMART]:
                pile = 1 - pile
            if phase == _PH_SLAP:
                act.do(_SLAP, pile)
            else:
                act.do(_CHOOSE, pile)

    def adapt(self, mine, theirs):
        """After a round: a level up when the opponent is ahead (holds fewer cards), down when behind."""
        if theirs + 4 <= mine:
            self.set_level(self.level + 1)
        elif mine + 4 <= theirs:
            self.set_level(self.level - 1)

    def play(self, view, act):
        """Score every play, flip and fill; put the best in act."""
        s = self.s
        noise = s[NOISE] + 1
        rng = self.rng
        best = -10000
        verb = a = b = 0
        slots = view.slots
        my_top = view.my_top
        my_count = view.my_count
        for slot in range(slots):
            n = my_count[slot]
            cost = s[COST] * view.presses(slot)
            if not n:
                if view.fill_source(slot) >= 0:
                    score = s[FILL_IN] - cost + rng.below(noise)
                    if score > best:
                        best = score
                        verb = A.MOVE
                        a = slot
                continue
            card = my_top[slot]
            if not card:
                score = s[TURN] - cost + rng.below(noise)
                if score > best:
                    best = score
                    verb = A.FLIP
                    a = slot
                continue
            for pile in range(2):
                if not view.fits(card, pile):
                    continue
                score = 100 - cost + rng.below(noise)
                if n > 1:
                    score += s[UNCOVER]
                if s[CHAIN]:
                    score += s[CHAIN] * self._follows(view, my_top, card, slot)
                if s[SPITE]:
                    their = view.their_top
                    score -= s[SPITE] * (self._follows(view, their, card, -1)
                                         - self._follows(view, their, view.pile_top[pile], -1))
                if score > best:
                    best = score
                    verb = A.PLAY
                    a = slot
                    b = pile
        if best == -10000:
            return
        if verb == A.PLAY:
            act.play(a, b)
        elif verb == A.FLIP:
            act.flip(a)
        else:
            act.fill(a)

    def _follows(self, view, tops, card, skip):
        """How many of the face-up cards in tops (but slot skip) could go on card."""
        fits = _FITS[card & 15]
        n = 0
        for slot in range(view.slots):
            c = tops[slot]
            if c and slot != skip and (fits >> (c & 15)) & 1:
                if not view.alternate or is_red(c) != is_red(card):  # S-19
                    n += 1
        return n
