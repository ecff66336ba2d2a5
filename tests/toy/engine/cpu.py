"""Snap's CPU players: what a seat sees (``View``) and the level's mind (flip, and snap every pair).

The Driver (engine.bots) gives a level its eyes and hands (engine.bots.hands):
a pair is snapped a think time after it shows (the phase changes: a fresh
look), so a quicker level wins the race for it. The Driver asks the View
which button presses Snap's own verb (``button``): RIGHT, the snap button (tests/toy/engine/buttons.py).
"""

from engine.actions import PH_PLAY, RIGHT
from engine.bots import Bot
from engine.bots.hands import LEVELS
from micropython import const

_PH_PAIR = const(2)  # Snap's own phase and verb (tests/toy/engine/file.py)
_SNAP = const(4)


class View:
    """One seat's view of the table: the phase, its own pile's count, the centre's count and top."""

    slots = 1
    piles = 1
    game_no = 1

    def __init__(self, me, players=2):
        self.me = me
        self.phase = 255
        self.round = 0
        self.my_ready = 1  # (no ready phase)
        self.cursor = 0
        self.mine = 0  # cards in my pile
        self.centre = 0  # cards in the centre
        self.top = 0

    def refresh(self, game, cursor):
        """Copy what this seat can see from game; True when something visible changed."""
        self.cursor = cursor
        c = game.centre
        top = c.buf[c.n - 1] if c.n else 0
        mine = game.piles[self.me].n
        if game.phase == self.phase and c.n == self.centre and top == self.top and mine == self.mine:
            return False
        self.phase = game.phase
        self.centre = c.n
        self.top = top
        self.mine = mine
        return True

    def button(self, verb, a):
        """The button that presses one of Snap's own verbs: RIGHT snaps."""
        return RIGHT


class Level(Bot):
    """A CPU player of a level (1-8: the eyes and hands of engine.bots.hands); it never snaps falsely."""

    def __init__(self, level):
        self.level = self.speed = level
        self.name = "level%d" % level

    def decide(self, view, act):
        """Snap a pair (the RIGHT button), else flip while the pile lasts."""
        if view.phase == _PH_PAIR:
            act.do(_SNAP)
        elif view.phase == PH_PLAY and view.mine:
            act.flip(0)


def make(name):
    """A new Snap bot by its name: level1..level8."""
    if name[:5] == "level" and name[5:].isdigit() and 1 <= int(name[5:]) <= LEVELS:
        return Level(int(name[5:]))
    raise ValueError("no Snap bot called %r" % name)
