"""Snap's words on the table: the banner for each phase and for each moment (no displayio)."""

from engine import actions as A
from engine.actions import PH_OVER
from micropython import const

_PH_PAIR = const(2)  # Snap's own phase and report (tests/toy/engine/file.py)
_R_PENALTY = const(14)


class Words:
    """The banners of one game of Snap."""

    SOUNDS = {_R_PENALTY: A.R_FAULT}  # a false snap's penalty as a fault paid; the others are shared reports
    REFUSALS = {}  # no reason of its own

    def __init__(self, settings):
        self.names = ["P%d" % (p + 1) for p in range(4)]  # the App's: You, CPU, ... (ui/words.py)
        self.ms = 0

    def report(self, kind, p, a, game):
        """The words of a moment, or None; sets ``ms``."""
        if kind == A.R_SLAP:
            self.ms = 700
            return self.names[p] + " snaps!"
        if kind == _R_PENALTY:
            self.ms = 900
            return "No pair: %s takes it" % self.names[p]
        return None

    def lasting(self, game):
        """True while a pair shows: the race for it is never hidden."""
        return game.phase == _PH_PAIR

    def banner_key(self, game):
        """A number that changes whenever the phase's banner would."""
        return game.phase * 256 + game.winner

    def banner(self, game):
        """The phase's banner, or None."""
        if game.phase == _PH_PAIR:
            return "Pair! Snap!"
        if game.phase == PH_OVER:
            name = self.names[game.winner]
            return "You win!" if name == "You" else name + " wins!"
        return None

    def info_key(self, game):
        """A number that changes whenever the line under the title would."""
        return 0

    def info(self, game):
        """The line under the title: none."""
        return ""
