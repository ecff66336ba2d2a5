"""Speed's words on the table: the banner for each phase and for each moment (no displayio).

The same interface as ui/spit_words.py (docs/games.md): ``banner_key`` is a
number asked every frame, ``banner`` builds the words only when it changes,
``report`` gives a moment's words and how long they stay up.
"""

from engine import actions as A
from engine.actions import PH_CALL, PH_OVER, PH_READY


_PLACES = ("2nd", "3rd", "4th")


def name(p):
    """A player's name on the screen: P1, P2, ..."""
    return "P%d" % (p + 1)


class Words:
    """The banners of one match of Speed."""

    def __init__(self, settings):
        self.ending = settings.get("ending", "first_out")
        self.match = settings.get("match", "single")
        self.ms = 0  # how long the words of the last report stay up

    def report(self, kind, p, a, game):
        """The words of a moment, or None; sets ``ms``."""
        if kind == A.R_SPIT:  # the centre cards turned: at the start (P-2) or a stalemate (P-6)
            self.ms = 700
            return "Flip!"
        if kind == A.R_STALEMATE:
            self.ms = 1000
            return "Stuck! Ready to flip"
        if kind == A.R_OUT:
            self.ms = 900
            return "%s out: Up for SPEED!" % name(p) if self.ending != "first_out" else "%s is out!" % name(p)
        if kind == A.R_PENALTY:
            self.ms = 1500
            return "Too late! %s takes %d" % (name(p), game.draw[p].n)
        if kind == A.R_GAME_OVER and game.phase != PH_OVER:  # a game of a match; the next is dealt
            self.ms = 1800
            return "%s wins game %d  %s" % (name(p), game.game_no - 1, self._tally(game))
        if kind == A.R_DEAL and a > 1:
            self.ms = 1200
            return "Game %d  %s" % (a, self._tally(game))
        return None

    def _tally(self, game):
        """The match so far: games won, or points (P-9)."""
        if self.match == "points":
            return "-".join(str(s) for s in game.scores)
        return "-".join(str(w) for w in game.games_won)

    def lasting(self, game):
        """True in a phase whose banner a moment's words must not hide (someone may press Speed)."""
        return game.phase == PH_CALL

    def banner_key(self, game):
        """A number that changes whenever the phase's banner would."""
        key = game.phase * 64 + (game.out if game.out < 8 else 15) * 4
        ready = game.ready
        for p in range(game.players):
            key = key * 2 + ready[p]
        return key * 256 + game.winner  # the ranking (P-11) is made as the phase turns PH_OVER

    def banner(self, game):
        """The phase's banner, or None."""
        phase = game.phase
        if phase == PH_READY:
            waiting = [name(p) for p in range(game.players) if not game.ready[p]]
            if len(waiting) < game.players:
                return "Ready: %s?" % " ".join(waiting)
            return "Ready? Press to flip" if game.round > 1 or game.game_no > 1 else "Ready? Press to start"
        if phase == PH_CALL:
            return "%s out: Up for SPEED!" % name(game.out)  # UP only (engine.speed_controls)
        if phase == PH_OVER:
            if game.winner == A.NONE:
                return "A draw"
            words = "%s wins!" % name(game.winner)
            if self.match != "single":
                words += " " + self._tally(game)
            elif game.players > 2:  # P-11: the others' places, fewest cards held first
                for r in range(1, game.players):
                    words += " %s %s" % (_PLACES[r - 1], name(game.ranking[r]))
            return words
        return None

    def info_key(self, game):
        """A number that changes whenever the line under the title would."""
        key = game.game_no
        if self.match == "points":  # scores only grow in a match: their sum changes whenever one does
            for p in range(game.players):
                key += game.scores[p] * 4096
            return key
        for p in range(game.players):
            key = key * 16 + game.games_won[p]
        return key

    def info(self, game):
        """The line under the title: the game of the match and its score."""
        if self.match == "single":
            return ""
        if self.match == "points":
            return "%s /%d" % (self._tally(game), game.target)
        return "Game %d  %s" % (game.game_no, self._tally(game))
