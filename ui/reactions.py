"""What the App does with the engine's reports: banners, lights, tones and jingles (a mixin of ui.app.App).

Each report the engine made this frame (a card landed, Spit, a slap, a
refusal, the game's end) gets the game's words on the banner, a flash of the
lights and a tone; the game's end a jingle, one note a frame, and the result
screen. Its own module: ui/app.py stays small enough for a board to compile
from source (tests/test_bundle.py's 64 KB).
"""

from engine import actions as A
from engine.actions import PH_OVER
from engine.timing import ticks_add, ticks_diff
from micropython import const

_TYPING = const(0)  # true for mypy only (tools/typecheck.py's always_true): never imported on a board
if _TYPING:
    from typing import Any, Callable

# Tones (Hz, ms): one short tone per event, yours (a seat a person plays on this device) or the other side's
_T_PLAY = (988, 30)  # your card landed
_T_THEIRS = (587, 30)  # the opponent's (a CPU's, a linked player's) card landed
_T_REFUSE = (150, 120)
_T_SPIT = (1320, 90)
_T_SLAP = (440, 120)
# Jingles: (Hz, ms) pairs played one after another, a note a frame at most (_react starts each when it is due)
_J_WIN = (1047, 70, 1319, 70, 1568, 70, 2093, 200)  # type: tuple[int, ...]  # C E G C, rising
_J_LOSS = (392, 140, 330, 140, 262, 280)  # type: tuple[int, ...]  # G E C, falling
_J_STUCK = (523, 60, 523, 60)  # type: tuple[int, ...]  # two short blips: nobody can move


class Reactions:
    """The App's ``_react``: called once a frame, after the actions are applied."""

    # What it uses of the App (ui/app.py, whose mixin it is), for mypy to check: annotations only, which
    # compile to nothing (no byte of a board's heap)
    _game_over: "Callable[..., Any]"
    _say: "Callable[..., Any]"
    close_over: "Callable[..., Any]"
    cpus: "list"
    demo: "bool"
    game: "Any"
    hal: "Any"
    jingle: "Any"
    jingle_at: "int"
    jingle_i: "int"
    lands: "int"
    lights: "Any"
    link: "Any"
    over: "Any"
    playback: "Any"
    quiet_until: "int"
    refuse_tone: "bool"
    seating: "Any"
    words: "Any"

    def _react(self, now):
        """Turn the engine's reports into banners, lights and tones (the words are the game's)."""
        reports = self.game.reports
        buf = reports.buf
        words = self.words
        cpus = self.cpus
        link = self.link
        while True:
            i = reports.pop()
            if i < 0:
                break
            kind, p, a = buf[i], buf[i + 1], buf[i + 2]
            sound = words.SOUNDS.get(kind, kind)  # a game's own report sounds as the shared one it names
            # p is a seat a person plays on this device ("yours")
            yours = not self.demo and p < len(cpus) and cpus[p] is None and (link is None or not link.remote(p))
            if sound == A.R_LAND:
                self.lands += 1
                self.lights.flash(p, now)
                self.hal.tone(*(_T_PLAY if yours else _T_THEIRS))
            elif sound == A.R_STALEMATE:
                self.jingle = _J_STUCK
                self.jingle_i = 0
                self.jingle_at = now
                self.quiet_until = ticks_add(now, 500)  # seen before a press counts as ready (issue 20.5)
            elif sound == A.R_SPIT:  # cards turned onto the centre
                self.lights.spit(now)
                self.hal.tone(*_T_SPIT)
            elif sound == A.R_SLAP:
                self.hal.tone(*_T_SLAP)
            elif sound == A.R_PENALTY:  # a player pays for being late (Speed's P-8)
                self.lights.refuse(p, now, 600)
                self.refuse_tone = True
            elif sound == A.R_DEAL:
                self.quiet_until = ticks_add(now, 600)
                self.lights.countdown(now, 600)  # the count runs out when Spit can be said
            elif sound == A.R_GAME_OVER and self.game.phase == PH_OVER:  # the game, or the match, is over
                self.seating.adapt(p)
                # a win jingle when one of this device's people won (or nobody here plays); a loss, falling
                people = 0
                for q in range(len(cpus)):
                    if cpus[q] is None and not self.demo and (link is None or not link.remote(q)):
                        people += 1
                self.jingle = _J_WIN if yours or (people == 0 and p < len(cpus)) else _J_LOSS
                self.jingle_i = 0
                self.jingle_at = now
                self._game_over(now)
                if not self.demo and self.playback is None:
                    self.close_over()  # (a linked game paused as it ended)
                    self.over = __import__("ui.result", None, None, ("_",)).Result(self, now)
            text = words.report(kind, p, a, self.game)
            if text is not None:
                self._say(text, now, words.ms)
        if self.refuse_tone:
            self.refuse_tone = False
            if self.game.phase != PH_OVER:  # the game's end is the last thing heard
                self.hal.tone(*_T_REFUSE)
        elif self.jingle is not None and ticks_diff(now, self.jingle_at) >= 0:  # the jingle's next note
            j = self.jingle
            k = self.jingle_i
            self.hal.tone(j[k], j[k + 1])
            self.jingle_at = ticks_add(now, j[k + 1])
            self.jingle_i = k + 2
            if k + 2 >= len(j):
                self.jingle = None
