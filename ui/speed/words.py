"""Speed's words on the table: the banner for each phase and for each moment (no displayio).

The same interface as ui/spit/words.py (docs/games.md): ``banner_key`` is a
number asked every frame, ``banner`` builds the words only when it changes,
``report`` gives a moment's words and how long they stay up.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_OVER, PH_READY

_PH_CALL = const(5)  # Speed's own (engine/speed/file.py names them)
_R_OUT = const(12)
_R_SPEED = const(13)
_R_PENALTY = const(14)
_JOKER_LAST = const(15)


_PLACES = const(("2nd", "3rd", "4th"))


class Words:
    """The banners of one match of Speed."""

    # how its own reports sound and light, as the shared ones do (ui/reactions.py): out, as a card turned; a
    # Speed call, as a slap; the penalty (P-8) as a fault paid
    SOUNDS = {_R_OUT: A.R_SPIT, _R_SPEED: A.R_SLAP, _R_PENALTY: A.R_FAULT}
    REFUSALS = {_JOKER_LAST: "a joker can't go last"}  # its own reasons a person can cause (P-10; ui/refusals.py)

    def __init__(self, settings):
        self.names = ["P%d" % (p + 1) for p in range(4)]  # the App's: You, CPU, ... (ui/words.py)
        self.catcher = -1  # P-8: the opponent who pressed Speed before the player who was out
        self.ending = settings.get("ending", "first_out")
        self.match = settings.get("match", "single")
        self.ms = 0  # how long the words of the last report stay up

    def report(self, kind, p, a, game):
        """The words of a moment, or None; sets ``ms``."""
        catcher = self.catcher  # P-8: a Speed press reported just before a penalty caught the player out
        self.catcher = -1
        if kind == A.R_SPIT:  # the centre cards turned: at the start (P-2) or a stalemate (P-6)
            self.ms = 700
            return "Flip!"
        if kind == A.R_STALEMATE:
            self.ms = 1000
            return "No card for 10s" if a < 255 else "Stuck! Ready to flip"  # a: the stall's seconds (P-7), else 255
        if kind == _R_OUT:
            self.ms = 900
            return "%s is out!" % self.names[p] if self.ending == "first_out" else None  # (else the call's banner)
        if kind == _R_SPEED:
            self.catcher = p
            return None
        if kind == _R_PENALTY:  # P-8: caught by an opponent's Speed, or the call time ran out
            self.ms = 1500
            if catcher >= 0:
                return "%s caught %s! +%d" % (self.names[catcher], self.names[p], game.draw[p].n)
            return "Too late! %s +%d cards" % (self.names[p], game.draw[p].n)
        if kind == A.R_GAME_OVER and game.phase != PH_OVER:  # a game of a match; the next is dealt
            self.ms = 1800
            return "%s wins game %d  %s" % (self.names[p], game.game_no - 1, self._tally(game))
        if kind == A.R_DEAL and a > 1:
            self.ms = 1200
            return "Game %d  %s" % (a, self._tally(game))
        return None

    def _tally(self, game):
        """The match so far: games won, or points (P-9)."""
        return "-".join([str(n) for n in (game.scores if self.match == "points" else game.games_won)])

    def lasting(self, game):
        """True in a phase whose banner a moment's words must not hide (someone may press Speed)."""
        return game.phase == _PH_CALL

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
            waiting = [self.names[p] for p in range(game.players) if not game.ready[p]]
            if len(waiting) < game.players:
                return "Ready: %s?" % " ".join(waiting)
            return "Ready? Press to flip" if game.round > 1 or game.game_no > 1 else "Ready? Press to start"
        if phase == _PH_CALL:
            return "%s out: Up for SPEED!" % self.names[game.out]  # UP only (engine.speed.buttons): to call, or catch
        if phase == PH_OVER:
            if game.winner == A.NONE:
                return "A draw"
            words = self.names[game.winner] + " wins!" if self.names[game.winner] != "You" else "You win!"
            if self.match != "single":
                words += " " + self._tally(game)
            elif game.players > 2:  # P-11: the others' places, fewest cards held first
                for r in range(1, game.players):
                    words += " %s %s" % (_PLACES[r - 1], self.names[game.ranking[r]])
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
