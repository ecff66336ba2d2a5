"""One button cluster per player mapped onto Snap's actions: LEFT flips (T-2), RIGHT snaps (T-3, T-4).

UP and DOWN do nothing: there is one pile to flip from. Each press becomes one
timestamped action, stamped with the time the button went down (C-4): two
players snapping one pair race for it.
"""

from engine import actions as A
from engine.actions import LEFT, PH_OVER, RIGHT
from micropython import const

_SNAP = const(4)  # Snap's own verb (tests/toy/engine/file.py)


class Cluster:
    """A player's buttons: which action a press makes."""

    FUMBLES = 0  # engine.lockout's: Snap has no play that locks
    FREE = 0

    def __init__(self, player):
        self.player = player
        self.cursor = 0  # the App's and the Driver's: the one pile
        self.verb = self.a = self.b = 0  # the action of the last press
        self.fit = True  # engine.lockout's (only plays and covers lock: Snap has neither)
        self.lock_until = 0
        self.doubled = -1

    def press(self, button, game):
        """Turn a press into an action in (verb, a, b); False when the press does nothing."""
        if game.phase == PH_OVER:
            return False
        if button == LEFT:
            self.verb = A.FLIP
        elif button == RIGHT:
            self.verb = _SNAP
        else:
            return False
        self.a = self.b = 0
        self.fit = True
        return True

    def fits(self, game, verb, a, b):
        """engine.lockout's question: Snap has no play that locks."""
        return True
