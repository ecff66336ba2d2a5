"""California Spit's words on the table: the banner for each phase and for each moment (no displayio).

The same interface as ui/spit/words.py (docs/games.md): ``banner_key`` is a
number asked every frame, ``banner`` builds the words only when it changes,
``report`` gives a moment's words and how long they stay up.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_OVER, PH_PLAY, PH_READY

_R_COVER = const(17)  # California's own (engine/california/file.py names them)
_R_OPEN = const(18)
_R_PICKUP = const(19)
_NO_MATCH = const(16)

_RANKS = const(("", "aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings"))


class Words:
    """The banners of one game of California Spit."""

    SOUNDS = {_R_COVER: A.R_LAND, _R_PICKUP: A.R_SPIT}  # a cover lands as a card; a pick-up turns (ui/reactions.py)
    # its own reasons a person can cause (K-3; ui/refusals.py), short: its banner is 9 characters wide at 160x128
    REFUSALS = {_NO_MATCH: "rank not open"}

    def __init__(self, settings):
        self.names = ["P%d" % (p + 1) for p in range(4)]  # the App's: You, CPU, ... (ui/words.py)
        self.ms = 0  # how long the words of the last report stay up
        self.dealt = False  # a deal's matches are not news: its round is

    def report(self, kind, p, a, game):
        """The words of a moment, or None; sets ``ms``."""
        if kind == _R_COVER:
            self.dealt = False
        elif kind == _R_OPEN and not self.dealt:  # a card laid made a new match (K-3)
            self.ms = 600
            return "Match: %s!" % _RANKS[a]
        if kind == _R_PICKUP:  # no rank open: the piles go back under each player's own (K-4)
            self.ms = 1200
            return "No match: shuffle" if a else "Pick up!"
        if kind == A.R_DEAL:
            self.dealt = True
        if kind == A.R_DEAL and a > 1:
            self.ms = 900
            return "Round %d" % a
        return None

    def lasting(self, game):
        """True in a phase whose banner a moment's words must not hide (none in California Spit)."""
        return False

    def banner_key(self, game):
        """A number that changes whenever the phase's banner would."""
        key = game.phase * 1024 + game.ready[0] * 512 + game.ready[1] * 256 + game.winner
        return key * 16384 + game.open if game.phase == PH_PLAY else key

    def banner(self, game):
        """The phase's banner, or None."""
        phase = game.phase
        if phase == PH_READY:
            r0, r1 = game.ready
            if r0 or r1:
                return "%s ready: %s?" % (self.names[0 if r0 else 1], self.names[1 if r0 else 0])
            return "Ready? Press to deal"
        if phase == PH_PLAY and game.open:  # K-3: every rank open now, not only the newest
            return "Open: " + " ".join(_RANKS[r] for r in range(1, 14) if (game.open >> r) & 1)
        if phase == PH_OVER:
            if game.winner == A.NONE:
                return "A draw"
            return self.names[game.winner] + " wins!" if self.names[game.winner] != "You" else "You win!"
        return None

    def info_key(self, game):
        """A number that changes whenever the line under the title would."""
        return game.round

    def info(self, game):
        """The line under the title: the round (K-2 counts one from each deal)."""
        return "Round %d" % game.round if game.round else ""
