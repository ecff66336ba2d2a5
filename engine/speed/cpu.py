"""Speed's CPU players: what a seat sees (``View``, D-3) and the levels' strategy.

The same Driver as Spit's (engine.bots) presses the buttons with the same
eyes and hands per level (engine.bots.hands); only the mind differs. Each
play scores 100, plus points for each of the bot's own cards that could
follow it (a chain), plus points for covering the pile the opponent last
played on (the pile they need), minus points per cursor press; a joker is
kept for a stuck moment (it is played only when nothing else goes); Speed is
pressed as soon as a player is out, after the bot's think time like any move.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_PLAY, PH_READY, UP
from engine.bots import Ladder, relax
from engine.bots.hands import LEVELS
from engine.cards import FITS as _FITS, JOKER

_PH_CALL = const(5)  # Speed's own (engine/speed/file.py names them)
_SPEED = const(6)


NOISE = const(0)  # up to this many random points on every score
CHAIN = const(1)  # points per own card that could follow the card played
BLOCK = const(2)  # points for playing on the pile the opponent last played on
COST = const(3)  # points off per cursor press
KEEP = const(4)  # points off for playing a joker while another play exists

#      NOISE CHAIN BLOCK COST KEEP
STRATEGY = (
    None,
    (40, 0, 0, 6, 0),  # 1
    (30, 2, 0, 8, 0),  # 2
    (25, 4, 2, 10, 10),  # 3
    (20, 6, 3, 12, 25),  # 4
    (15, 8, 4, 14, 40),  # 5
    (8, 12, 6, 18, 80),  # 6
    (4, 14, 7, 19, 100),  # 7
    (0, 16, 8, 20, 120),  # 8
)

def _is_joker(card):
    return card >> 4 == JOKER


class View:
    """One seat's view of a Speed table: its own hand, the centre, and counts (D-3).

    ``hand[s]`` (0 for an empty slot); per seat ``draw_count``,
    ``hand_count`` and ``side_count`` (never another seat's cards); per centre
    pile ``pile_top`` (0 when empty) and ``pile_size``; ``phase``, ``round``,
    ``game_no``, ``slots`` (5), ``my_ready``, ``out`` (the seat that is out in
    PH_CALL, else 255), ``their_last`` (the pile the opponent last played on,
    255 before any), ``doubles``, ``cursor``, ``me``, ``piles`` (centre piles:
    one per seat). At most 17 attributes per instance: MicroPython's table of
    them then stays 136 bytes (a fourth seat's view costs 48 bytes less).
    """

    slots = 5
    skips_empty = True  # the cursor passes empty hand slots (engine/speed/buttons.py)

    @property
    def piles(self):
        """Centre piles: one per seat, in one row."""
        return self.players

    def __init__(self, me, players=2):
        self.me = me
        self.players = players
        self.hand = bytearray(5)
        self.draw_count = bytearray(players)
        self.hand_count = bytearray(players)
        self.side_count = bytearray(players)
        self.pile_top = bytearray(players)
        self.pile_size = bytearray(players)
        self.phase = 255
        self.round = 0
        self.game_no = 0
        self.my_ready = 0
        self.out = 255
        self.their_last = 255
        self.games_won = bytearray(players)
        self.doubles = False
        self.cursor = 2

    def refresh(self, game, cursor):
        """Copy what this seat can see from game; True when something visible changed."""
        self.cursor = cursor
        changed = False
        me = self.me
        if self.phase != game.phase or self.round != game.round or self.game_no != game.game_no:
            self.phase = game.phase
            self.round = game.round
            self.game_no = game.game_no
            self.doubles = game.doubles
            self.out = game.out
            changed = True
        hand = game.hands[me]
        mine = self.hand
        gone = 0  # a card that left my hand since the last look
        for s in range(5):
            if mine[s] != hand[s]:
                if mine[s]:
                    gone = mine[s]
                mine[s] = hand[s]
                changed = True
        for q in range(self.players):
            pile = game.centre[q]
            n = pile.n
            card = pile.buf[n - 1] if n else 0
            if self.pile_size[q] != n or self.pile_top[q] != card:
                if n == self.pile_size[q] + 1 and card != gone and self.phase == PH_PLAY:
                    self.their_last = q  # someone else's card landed there: the pile they play on
                self.pile_size[q] = n
                self.pile_top[q] = card
                changed = True
            n = game.draw[q].n
            if self.draw_count[q] != n:
                self.draw_count[q] = n
                changed = True
            n = game.side[q].n
            if self.side_count[q] != n:
                self.side_count[q] = n
                changed = True
            h = game.hands[q]
            n = (1 if h[0] else 0) + (1 if h[1] else 0) + (1 if h[2] else 0) + (1 if h[3] else 0) + (1 if h[4] else 0)
            if self.hand_count[q] != n:  # how many cards a hand holds is seen, never which
                self.hand_count[q] = n
                changed = True
            self.games_won[q] = game.games_won[q] if game.games_won[q] < 255 else 255
        if self.my_ready != game.ready[me]:
            self.my_ready = game.ready[me]
            changed = True
        return changed

    # ---- questions a bot asks --------------------------------------------

    def fits(self, card, pile):
        """Would card go on centre pile `pile` now (C-2, P-3's doubles, P-10's jokers)?"""
        if not card or not self.pile_size[pile]:
            return False
        top = self.pile_top[pile]
        if _is_joker(card) or _is_joker(top):
            return True
        if self.doubles and (card & 15) == (top & 15):
            return True
        return (_FITS[top & 15] >> (card & 15)) & 1 == 1

    def strands_joker(self, slot):
        """Would playing my card in slot leave me holding only jokers (P-10, refused)?"""
        card = self.hand[slot]
        if self.draw_count[self.me] or _is_joker(card):
            return False
        left = 0
        for s in range(5):
            c = self.hand[s]
            if s != slot and c:
                if not _is_joker(c):
                    return False
                left += 1
        return left > 0

    def button(self, verb, a):
        """The button that presses Speed's own verb: UP calls Speed (engine.speed.buttons)."""
        return UP

    def side_for(self, slot, pile):
        """The button side (0 left, 1 right) that plays my card in slot on pile, or -1 if neither does.

        With three or four piles LEFT plays on the first pile from the left
        that takes the card, RIGHT on the first from the right
        (engine.speed.buttons); with two, LEFT is pile 0 and RIGHT pile 1.
        """
        n = self.players
        if n == 2:
            return pile
        card = self.hand[slot]
        for i in range(n):
            if self.fits(card, i):
                if i == pile:
                    return 0
                break
        for k in range(n):
            i = n - 1 - k
            if self.fits(card, i):
                return 1 if i == pile else -1
        return -1

    def presses(self, slot):
        """Cursor presses from my cursor to hand slot `slot` (the row wraps round, past empty slots)."""
        d = self.steps(slot, 1)
        u = self.steps(slot, -1)
        return d if d <= u else u

    def steps(self, slot, step):
        """Presses of DOWN (step 1) or UP (-1) from my cursor to slot: the cursor passes empty slots."""
        c = self.cursor
        n = 0
        hand = self.hand
        while c != slot and n < 5:
            c = (c + step) % 5
            if hand[c] or c == slot:
                n += 1
        return n

    def follows(self, card, skip):
        """How many of my other cards could go on card."""
        n = 0
        for s in range(5):
            c = self.hand[s]
            if c and s != skip:
                if _is_joker(c) or _is_joker(card) or (_FITS[card & 15] >> (c & 15)) & 1 \
                        or (self.doubles and (c & 15) == (card & 15)):
                    n += 1
        return n


class Level(Ladder):
    """Speed's CPU opponent of a level (1-8); adaptive moves the level after each game of a match."""

    name = "level"
    STRATEGY = STRATEGY

    def __init__(self, level=3, adaptive=False):
        self.adaptive = adaptive
        self.seen_game = 0
        self.set_level(level)

    def decide(self, view, act):
        """Be ready, press Speed, or pick the best-scoring play."""
        if self.adaptive and view.game_no != self.seen_game:
            if self.seen_game and view.game_no > self.seen_game:
                mine = view.games_won[view.me]
                theirs = 0  # the best of the others (once a game: no per-frame cost)
                for q in range(view.players):
                    if q != view.me and view.games_won[q] > theirs:
                        theirs = view.games_won[q]
                self.set_level(self.level + (1 if theirs > mine else -1 if mine > theirs else 0))
            self.seen_game = view.game_no
        phase = view.phase
        if phase == PH_PLAY:
            self.play(view, act)
        elif phase == PH_READY:
            if not view.my_ready:
                act.ready()
        elif phase == _PH_CALL:
            act.do(_SPEED)  # P-8: the one who is out calls it; the others try to be first

    def play(self, view, act):
        """Score every play; put the best in act."""
        s = self.s
        noise = s[NOISE] + 1
        rng = self.rng
        best = -10000
        a = b = 0
        hand = view.hand
        for slot in range(5):
            card = hand[slot]
            if not card or view.strands_joker(slot):
                continue
            cost = s[COST] * view.presses(slot)
            joker = _is_joker(card)
            for pile in range(view.piles):
                if not view.fits(card, pile) or view.side_for(slot, pile) < 0:
                    continue  # no button plays it there
                score = 100 - cost + rng.below(noise) + s[CHAIN] * view.follows(card, slot)
                if pile == view.their_last:
                    score += s[BLOCK]
                if joker:
                    score -= s[KEEP]
                if score > best:
                    best = score
                    a = slot
                    b = pile
        if best > -10000:
            act.play(a, b)


def make(name):
    """A new Speed bot by its roster name: level1..level8 or adaptive."""
    if name == "adaptive":
        return Level(4, adaptive=True)
    if name == "relaxed":
        return relax(Level(1))
    if name[:5] == "level" and name[5:].isdigit() and 1 <= int(name[5:]) <= LEVELS:
        return Level(int(name[5:]))
    raise ValueError("no Speed bot called %r" % name)
