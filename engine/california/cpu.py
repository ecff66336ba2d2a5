"""California Spit's CPU players: what a seat sees (``View``, D-3) and the levels' strategy.

The same Driver as Spit's and Speed's (engine.bots) presses the buttons with
the same eyes and hands per level (engine.bots.hands); the mind is this
module's. Spotting a match takes a perception time: the bot compares the
tops one pair at a time in a fixed order (after a cover, the card just laid
with the others first), and each comparison until it has found the pile it
covers costs its level's LOOK_MS, paid before the first press
(``act.look_ms``). Low levels cover the first match they see; higher ones
prefer a pile in the opponent's row (K-4: each player picks up their own
row, so a card laid there is the opponent's to take back), fewer presses,
and keep covering a match they know about (the other card of a pair, a
double) instead of scanning the table again.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.actions import LEFT, PH_PLAY, PH_READY, RIGHT
from engine.bots import Ladder, relax
from engine.bots.hands import LEVELS
from engine.california.buttons import target


NOISE = const(0)  # up to this many random points on every score
OPP = const(1)  # points for a pile in the opponent's row (the card laid there is theirs, K-4)
COST = const(2)  # points off per button press
LOOK = const(3)  # points off per comparison made before the pile is found
RECALL = const(4)  # 1: the matches it knows about are looked at first (before the card just laid)

#      NOISE OPP COST LOOK RECALL
STRATEGY = (
    None,
    (40, 0, 6, 30, 0),  # 1
    (30, 0, 8, 24, 0),  # 2
    (25, 2, 10, 18, 1),  # 3
    (20, 2, 12, 14, 1),  # 4
    (15, 2, 14, 10, 1),  # 5
    (8, 3, 18, 7, 1),  # 6
    (4, 3, 19, 5, 1),  # 7
    (0, 3, 20, 4, 1),  # 8
)

# The time of one comparison (ms) per level (speed): level 1 a beginner, level 8 a practised eye.
LOOK_MS = (58, 52, 49, 46, 44, 41, 35, 29, 25)  # (0: the relaxed CPU's)

# The eyes and hands per level (engine.bots.hands' columns). A game of California Spit is a race of about
# a hundred covers and magnifies speed: with Spit's rows (each 23% slower than the next) its lower levels
# beat the one below in 98-99.5% of games. So levels 1-4 take half steps, from Spit's row 3 to row 5
# (geometric means of the rows beside them): each level beats the one below in 79-93% (docs/bots.md).
#      MU  SIGMA  TAU  SEE  PRESS JITTER MISS WRONG
HANDS = (
    (1150, 170, 650, 300, 380, 90, 180, 90),  # 0: the relaxed CPU, Spit's level 1
    (764, 106, 372, 219, 268, 59, 65, 34),  # 1: Spit's 3
    (690, 94, 323, 202, 246, 53, 50, 27),  # 2
    (623, 84, 281, 187, 225, 47, 39, 21),  # 3: Spit's 4
    (563, 75, 245, 173, 206, 42, 30, 17),  # 4
    (508, 67, 213, 160, 189, 38, 23, 13),  # 5: Spit's 5, and so on
    (414, 53, 161, 137, 159, 31, 14, 8),  # 6
    (337, 42, 122, 117, 133, 25, 8, 5),  # 7
    (275, 33, 92, 100, 112, 20, 5, 3),  # 8
)

_NONE = const(255)  # no pile (View.last), or a pile not found (Level.found)
_ORDER = b"\x00\x04\x01\x05\x02\x06\x03\x07"  # reading order: height by height, left column first


class View:
    """One seat's view of a California table: every pile's top and height, both piles' counts (D-3).

    Pile k of the layout is row ``k >> 2`` (0 is player 1's, the left column),
    slot ``k & 3`` (the height, 0 at the top): ``top[k]`` (0 when empty),
    ``height[k]``; ``pile_count[p]`` is how many cards player p's face-down
    pile holds (never which); ``open`` (bit r: rank r is open, K-3, worked
    out from the tops seen), ``last`` (the pile where the last card seen
    landed, 255 after a deal or when several landed between two looks),
    ``under`` (the top it covered), ``changes`` (a count of the table's
    changes); ``phase``, ``round``, ``my_ready``, ``cursor`` (the height of
    this player's cursor), ``auto_aim`` (the buttons' auto-aim option: else a
    press covers the pile at the cursor), ``me``.
    """

    slots = 4  # heights the cursor moves over
    piles = 2  # columns: LEFT covers in row 0, RIGHT in row 1
    game_no = 1  # one game, not a match of them

    def __init__(self, me, players=2):
        self.me = me  # two seats: players is the seam's argument (docs/games.md)
        self.top = bytearray(8)
        self.height = bytearray(8)
        self.pile_count = bytearray(2)
        self.phase = 255
        self.round = 0
        self.my_ready = 0
        self.open = 0
        self.last = _NONE
        self.under = 0
        self.changes = 0
        self.cursor = 1
        self.auto_aim = False  # the buttons' auto-aim option (engine.california.buttons)

    def refresh(self, game, cursor):
        """Copy what this seat can see from game; True when something visible changed."""
        self.cursor = cursor
        self.auto_aim = game.auto_aim
        changed = False
        open_ = self.open
        if self.phase != game.phase or self.round != game.round:
            self.phase = game.phase
            self.round = game.round
            open_ = 0  # a deal or a pick-up: every match is new
            changed = True
        top = self.top
        height = self.height
        landed = 0  # cards seen landing since the last look (2: more than one, or a deal)
        once = twice = 0  # ranks shown by one top, by two or more
        k = 0
        for p in range(2):
            row = game.rows[p]
            for s in range(4):
                pile = row[s]
                n = pile.n
                card = pile.buf[n - 1] if n else 0
                if n != height[k] or card != top[k]:
                    if n == height[k] + 1 and not landed:
                        landed = 1
                        self.last = k
                        self.under = top[k]
                    else:
                        landed = 2
                    height[k] = n
                    top[k] = card
                if n:
                    bit = 1 << (card & 15)
                    twice |= once & bit
                    once |= bit
                k += 1
        if landed:
            changed = True
            self.changes = (self.changes + 1) & 0x3FFF
            if landed == 2:
                self.last = _NONE
                self.under = 0
        if landed == 2 and open_ and game.phase == PH_PLAY:
            # several cards landed between two looks: the open ranks are what a person who saw each land knows
            self.open = game.open
        else:
            self.open = (open_ & once) | twice  # K-3: open from two tops of a rank until none shows it
        for p in range(2):
            n = game.piles[p].n
            if self.pile_count[p] != n:
                self.pile_count[p] = n
                changed = True
        if self.my_ready != game.ready[self.me]:
            self.my_ready = game.ready[self.me]
            changed = True
        return changed

    # ---- questions a bot asks --------------------------------------------

    def takes(self, row, slot):
        """Does pile slot of row show an open rank (K-3: it may be covered)?"""
        k = row * 4 + slot
        return self.height[k] > 0 and (self.open >> (self.top[k] & 15)) & 1 == 1

    def aim(self, row, slot):
        """The cursor height nearest my cursor from which LEFT (row 0) or RIGHT (row 1) covers that pile."""
        cursor = self.cursor
        for d in range(3):
            if target(self, row, (cursor + d) & 3) == slot:
                return (cursor + d) & 3
            if target(self, row, (cursor - d) & 3) == slot:
                return (cursor - d) & 3
        return slot

    def button(self, verb, a):
        """The button that presses California's own verb, a cover in row a (0 the left column, 1 the right): LEFT
        or RIGHT, covering the pile at the cursor (engine.california.buttons). Its levels move the cursor first:
        they put a cover in ``act.play(height, row)``, the cursor's height and the column's side."""
        return RIGHT if a == 1 else LEFT

    def presses(self, height):
        """Cursor presses from my cursor to height (0, 1 or 2: the heights wrap round)."""
        d = (height - self.cursor) & 3
        return d if d <= 2 else 4 - d


class Level(Ladder):
    """California Spit's CPU opponent of a level (1-8); adaptive moves a level between games (ui.app)."""

    name = "level"
    STRATEGY = STRATEGY
    HANDS = HANDS

    def __init__(self, level=3, adaptive=False):
        self.adaptive = adaptive
        self.found = bytearray(8)  # per pile: the comparisons made when it was found (255: not found)
        self.known = 0  # ranks it knows to be open
        self.seen = -1  # the view's count of changes at its last look
        self.seen_round = -1
        self.pick = _NONE  # the pile (row * 4 + slot) of its last cover
        self.set_level(level)

    def decide(self, view, act):
        """Be ready, or cover the best pile of those it has found."""
        if view.round != self.seen_round:
            self.seen_round = view.round
            self.known = 0  # a deal: nothing is known yet
        if view.phase == PH_PLAY:
            self.play(view, act)
        elif view.phase == PH_READY:
            if not view.my_ready:
                act.ready()  # D-2

    def play(self, view, act):
        """Look for piles to cover, score them, and put the best in act with its look time."""
        if not view.pile_count[view.me]:
            return  # nothing to cover with: wait for the pick-up (K-4)
        self.look(view)
        s = self.s
        found = self.found
        noise = s[NOISE] + 1
        opp = s[OPP]
        rng = self.rng
        best = -10000
        pick = _NONE
        aim = 0
        for k in range(8):
            f = found[k]
            if f == _NONE:
                continue
            row = k >> 2
            h = view.aim(row, k & 3)
            score = rng.below(noise) - s[LOOK] * f - s[COST] * (view.presses(h) + 1)
            if row != view.me:
                score += opp
            if score > best:
                best = score
                pick = k
                aim = h
        if pick == _NONE:
            return
        self.pick = pick
        act.play(aim, pick >> 2)
        f = found[pick]
        act.look_ms = f * LOOK_MS[self.speed]
        known = self.known
        for k in range(8):
            if found[k] <= f:  # every match seen by then is known
                known |= 1 << (view.top[k] & 15)
        self.known = known

    def look(self, view):
        """Fill found: for each pile, the comparisons made when it is seen to show an open rank."""
        found = self.found
        top = view.top
        open_ = view.open
        for k in range(8):
            found[k] = _NONE
        last = view.last if view.changes != self.seen else _NONE  # a card it has not looked at yet
        self.seen = view.changes
        known = self.known & open_
        c = 0
        if last != _NONE:
            under = view.under & 15
            if under and (open_ >> under) & 1:
                known |= 1 << under  # a card was laid on it: its rank is open (K-3)
            c = 1
            if top[last] & 15 == under:
                found[last] = 1  # a double: its rank stays open, cover it again (K-3)
        self.known = known
        if self.s[RECALL]:
            c = self._recall(view, known, c)
        if last != _NONE:
            c = self._compare(view, last, c)
        if not self.s[RECALL]:
            c = self._recall(view, known, c)
        c = self._pairs(view, last, c)
        height = view.height
        for i in range(8):  # at last, each pile still unseen against the open ranks
            k = _ORDER[i]
            if found[k] == _NONE and height[k]:
                c += 1
                if (open_ >> (top[k] & 15)) & 1:
                    found[k] = c

    def _recall(self, view, known, c):
        """The matches it knows: each pile not yet found against the known ranks, one comparison each."""
        if not known:
            return c
        found = self.found
        for i in range(8):
            k = _ORDER[i]
            if found[k] == _NONE and view.height[k]:
                c += 1
                if (known >> (view.top[k] & 15)) & 1:
                    found[k] = c
        return c

    def _compare(self, view, last, c):
        """The card just laid on pile last against every other top."""
        found = self.found
        top = view.top
        r = top[last] & 15
        for i in range(8):
            k = _ORDER[i]
            if k != last and view.height[k]:
                c += 1
                if top[k] & 15 == r:
                    if found[k] == _NONE:
                        found[k] = c
                    if found[last] == _NONE:
                        found[last] = c
        return c

    def _pairs(self, view, last, c):
        """Every other pair of tops, in reading order (pairs already both found are skipped)."""
        found = self.found
        top = view.top
        height = view.height
        for i in range(7):
            a = _ORDER[i]
            if not height[a] or a == last:
                continue
            for j in range(i + 1, 8):
                b = _ORDER[j]
                if not height[b] or b == last or (found[a] != _NONE and found[b] != _NONE):
                    continue
                c += 1
                if top[a] & 15 == top[b] & 15:
                    if found[a] == _NONE:
                        found[a] = c
                    if found[b] == _NONE:
                        found[b] = c
        return c


def make(name):
    """A new California Spit bot by its roster name: level1..level8 or adaptive."""
    if name == "adaptive":
        return Level(4, adaptive=True)
    if name == "relaxed":
        return relax(Level(1))
    if name[:5] == "level" and name[5:].isdigit() and 1 <= int(name[5:]) <= LEVELS:
        return Level(int(name[5:]))
    raise ValueError("no California bot called %r" % name)
