"""What the App does with the engine's reports: banners, lights, tones and jingles (``app.reactions``).

Each report the engine made this frame (a card landed, Spit, a slap, a
refusal, the game's end) gets the game's words on the banner, a flash of the
lights and a tone; the game's end a jingle, one note a frame. The App owns
one ``Reactions`` (``app.reactions``) and calls ``react`` once a frame, after
the actions are applied (True when the game ended: the App then counts it and
shows the result screen); ``begin`` at each deal. It imports nothing of ui/:
the App imports it, and a circle of imports is two modules that are one.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import PH_OVER
from engine.timing import ticks_add, ticks_diff
# Tones (Hz, ms): one short tone per event, yours (a seat a person plays on this device) or the other side's
_T_PLAY = const((988, 30))  # your card landed
_T_THEIRS = const((587, 30))  # the opponent's (a CPU's, a linked player's) card landed
_T_REFUSE = const((150, 120))
_T_SPIT = const((1320, 90))
_T_SLAP = const((440, 120))
# Jingles: (Hz, ms) pairs played one after another, a note a frame at most (_react starts each when it is due)
_J_WIN = const((1047, 70, 1319, 70, 1568, 70, 2093, 200))  # type: tuple[int, ...]  # C E G C, rising
_J_LOSS = const((392, 140, 330, 140, 262, 280))  # type: tuple[int, ...]  # G E C, falling
_J_STUCK = const((523, 60, 523, 60))  # type: tuple[int, ...]  # two short blips: nobody can move


class Reactions:
    """The App's reactions to the engine's reports: ``react`` once a frame, ``refused`` for a refused move."""

    def __init__(self, app):
        self.app = app  # the App (ui.app), which calls react once a frame
        self.lands = 0  # cards landed on a spit pile, all games (R_LAND reports)
        self.begin(0)

    def begin(self, now):
        """A new deal: no tone or jingle pending."""
        self.refuse_tone = False
        self.jingle = None  # the jingle playing (_J_WIN...), its next note and when that note is due
        self.jingle_i = 0
        self.jingle_at = now

    def refused(self):
        """A move was refused this frame: its low tone plays after the frame's other tones, so it is heard."""
        self.refuse_tone = True

    def react(self, now):
        """Turn the engine's reports into banners, lights and tones (the words are the game's); True when the
        game (or the match) ended among them."""
        app = self.app
        reports = app.game.reports
        buf = reports.buf
        words = app.words
        cpus = app.cpus
        link = app.link
        ended = False
        while True:
            i = reports.pop()
            if i < 0:
                break
            kind, p, a = buf[i], buf[i + 1], buf[i + 2]
            sound = words.SOUNDS.get(kind, kind)  # a game's own report sounds as the shared one it names
            # p is a seat a person plays on this device ("yours")
            yours = not app.demo and p < len(cpus) and cpus[p] is None and (link is None or not link.remote(p))
            if sound == A.R_LAND:
                self.lands += 1
                app.lights.flash(p, now)
                app.hal.tone(*(_T_PLAY if yours else _T_THEIRS))
            elif sound == A.R_STALEMATE:
                self.jingle = _J_STUCK
                self.jingle_i = 0
                self.jingle_at = now
                app.quiet_until = ticks_add(now, 500)  # seen before a press counts as ready (issue 20.5)
            elif sound == A.R_SPIT:  # cards turned onto the centre
                app.lights.spit(now)
                app.hal.tone(*_T_SPIT)
            elif sound == A.R_SLAP:
                app.hal.tone(*_T_SLAP)
            elif sound == A.R_FAULT:  # a player pays for a fault (a game's own report: Speed's penalty, P-8)
                app.lights.refuse(p, now, 600)
                self.refuse_tone = True
            elif sound == A.R_DEAL:
                app.quiet_until = ticks_add(now, 600)
                app.lights.countdown(now, 600)  # the count runs out when Spit can be said
            elif sound == A.R_GAME_OVER and app.game.phase == PH_OVER:  # the game, or the match, is over
                app.seating.adapt(p)
                # a win jingle when one of this device's people won (or nobody here plays); a loss, falling
                people = 0
                for q in range(len(cpus)):
                    if cpus[q] is None and not app.demo and (link is None or not link.remote(q)):
                        people += 1
                self.jingle = _J_WIN if yours or (people == 0 and p < len(cpus)) else _J_LOSS
                self.jingle_i = 0
                self.jingle_at = now
                ended = True
            text = words.report(kind, p, a, app.game)
            if text is not None:
                app.say(text, now, words.ms)
        if self.refuse_tone:
            self.refuse_tone = False
            if app.game.phase != PH_OVER:  # the game's end is the last thing heard
                app.hal.tone(*_T_REFUSE)
        elif self.jingle is not None and ticks_diff(now, self.jingle_at) >= 0:  # the jingle's next note
            j = self.jingle
            k = self.jingle_i
            app.hal.tone(j[k], j[k + 1])
            self.jingle_at = ticks_add(now, j[k + 1])
            self.jingle_i = k + 2
            if k + 2 >= len(j):
                self.jingle = None
        return ended
