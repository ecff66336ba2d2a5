"""Spit's words on the table: the banner for each phase and for each moment (no displayio).

The app asks ``banner_key`` every frame (a number, so no string is made per
frame) and builds the words with ``banner`` only when the key changes.
``report`` gives the words of a moment (a report of the engine) and how long
they stay up.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_OVER, PH_READY

_PH_SLAP = const(2)  # Spit's own (engine/spit/file.py names them)
_PH_CHOOSE = const(3)
_R_ROUND_OVER = const(6)
_SAME_COLOUR = const(9)

_SIDES = ("left", "right")


class Words:
    """The banners of one game of Spit."""

    SOUNDS = {}  # its reports' tones and lights are the shared ones (ui/reactions.py)
    REFUSALS = {_SAME_COLOUR: "same colour"}  # its own reasons a person can cause (S-19; ui/refusals.py)

    def __init__(self, settings):
        self.names = ["P%d" % (p + 1) for p in range(4)]  # the App's: You, CPU, ... (ui/words.py)
        self.scoring = settings.get("scoring", False)
        self.round_words = ""
        self.slapped = ""  # S-11: who slapped which pile, said with the next round's deal
        self.ms = 0  # how long the words of the last report stay up

    def report(self, kind, p, a, game):
        """The words of a moment, or None; sets ``ms``."""
        if kind == A.R_SPIT:
            self.ms = 700
            return "SPIT!"
        if kind == A.R_STALEMATE:
            self.ms = 1000
            return "No card for 10s" if a < 255 else "Stuck! Spit again"  # a: the stall's seconds (S-8), else 255
        if kind == _R_ROUND_OVER:
            self.round_words = "Round over" if p == A.NONE else "%s cleared!" % self.names[p]
            self.ms = 1200
            return self.round_words
        if kind == A.R_SCORE:
            self.round_words = "%d - %d" % tuple(game.scores)
            return None
        if kind == A.R_SLAP:  # S-11: the first slap takes its pile, the other player gets the other
            self.slapped = "%s slapped %s" % (self.names[p], _SIDES[a & 1])
            return None
        if kind == A.R_DEAL:
            self.ms = 1500
            if self.slapped:  # the round's number is on the line under the title
                said = self.slapped
                self.slapped = ""
                return said
            return "%s  Round %d" % (self.round_words, a) if self.round_words else "Round %d" % a
        return None

    def lasting(self, game):
        """True in a phase whose banner a moment's words must not hide (the slap race)."""
        return game.phase == _PH_SLAP or game.phase == _PH_CHOOSE

    def banner_key(self, game):
        """A number that changes whenever the phase's banner would."""
        return game.phase * 1024 + game.ready[0] * 512 + game.ready[1] * 256 + (game.chooser ^ game.winner)

    def banner(self, game):
        """The phase's banner, or None."""
        phase = game.phase
        if phase == PH_READY:
            r0, r1 = game.ready
            if r0 or r1:
                return "%s ready: %s?" % (self.names[0 if r0 else 1], self.names[1 if r0 else 0])
            return "Ready? Press to Spit"
        if phase == _PH_SLAP:
            return "Slap the smaller pile!"
        if phase == _PH_CHOOSE:
            return "%s: pick a pile" % self.names[game.chooser]
        if phase == PH_OVER:
            if game.winner == A.NONE:
                return "Draw %d-%d" % tuple(game.scores)
            words = self.names[game.winner] + " wins!" if self.names[game.winner] != "You" else "You win!"
            if self.scoring:  # S-16: the lower score wins
                words += " %d-%d, lower wins" % (game.scores[game.winner], game.scores[1 - game.winner])
            return words
        return None

    def info_key(self, game):
        """A number that changes whenever the line under the title would."""
        scores = game.scores
        return scores[0] * 4096 + scores[1] if self.scoring else -game.round

    def info(self, game):
        """The line under the title: the scores (S-16) or the round."""
        if self.scoring:
            return "%d-%d" % tuple(game.scores)
        return "Round %d" % game.round
