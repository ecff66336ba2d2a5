"""A replay on the table (C-5), and the replay document of a game played.

``Playback`` is the App's while it plays a replay file back (``App.watch``):
it feeds the file's events at their times, whatever the frame rate, and holds
the replay's clock to the file's end. Any cluster's buttons work it: LEFT
holds the replay and lets it go on, RIGHT plays it faster (2, 4, 8 times),
UP slower, DOWN (while held) steps to the next moment something happens; Esc
(or a cluster's pause chord) opens the pause screen as in a game. Speed and
steps move the whole table's clock (ui.pause.shift), so the game sees the
times the file holds. The seats are named as in the game played (You and the
CPU, from the file's ``cpus``), or by the bots' names when bots played every
seat (a league's game, tools/league.py). It exists only then, and this module
loads only where a replay is watched or saved (the desktop, the browser): a
board, which keeps no log, never imports it. ``document`` is the replay
document of the game so far, which the App hands to ``on_game_over``.
"""

from engine import games
from engine.actions import DOWN, LEFT, PH_OVER, RIGHT, UP
from engine.timing import Sequencer, ticks_add, ticks_diff

class Playback:
    """A replay file's events, played into the App's Sequencer at their own times."""

    def __init__(self, app, game, events, doc):
        """Take the table for game as loaded; events are (t, player, verb, a, b); doc is the file's document."""
        from engine.replay import group_size

        self.app = app  # the App (ui.app), which imports this module: it imports nothing of ui/ back
        self.events = events
        self.next_event = 0
        self.clock_ms = 0  # how far the replay's clock has run (it stops at the file's end)
        self.speed = 1  # times real time (RIGHT: faster, UP: slower)
        self.held = False  # LEFT holds the replay (DOWN then steps), LEFT again lets it go on
        self.last = None  # the time of the last frame (the clock moves on from it)
        self.t0 = None  # the App's t0 as this left it (another change of it is the pause screen's)
        cpus = doc.get("cpus")
        self.cpus = cpus if isinstance(cpus, list) else None  # who played each seat (checked by the reader)
        size = group_size(events)
        if size > app.seq.cap:  # C-4: all the events of one time go into one batch, however many
            app.seq = Sequencer(size)
        app.game_seed = doc.get("seed", 1)
        self.settings = dict(app.settings)  # the player's own, restored when the replay ends (restore)
        app.settings["game"] = game.name
        for item in games.get(game.name).OPTIONS:
            if item[0] in doc.get("options", {}):
                app.settings[item[0]] = doc["options"][item[0]]

    def seat_names(self):
        """The seats' names for the banners: as in the game played, or the bots' own where bots played all."""
        from ui import words

        cpus = self.cpus
        app = self.app
        if cpus is None or len(cpus) != app.game.players:
            return
        if all(cpus):
            app.words.names = [str(c)[:8] for c in cpus]  # a league's game: each seat its bot's name
        else:
            app.words.names = words.names([words.PERSON if c is None else words.CPU for c in cpus])
        app.words.names += ["P%d" % (p + 1) for p in range(len(cpus), 4)]

    def _tell(self, now):
        """Say on the banner how the replay runs (a moment's message)."""
        if self.held:
            text = "Replay held: Down steps"
        elif self.speed > 1:
            text = "Replay %dx: Up slower" % self.speed
        else:
            text = "Replay: Left holds"
        self.app.say(text, now, 1500)

    def begin(self, now):
        """The replay's first frame: the seats named, and how to work it said."""
        self.last = now
        self.t0 = self.app.t0
        self.seat_names()
        self.app.say("Replay: Left holds, Right faster", now, 3000)

    def press(self, button, now):
        """A button of any cluster while the replay plays; True when it leaves the replay (played out)."""
        if self.played_out() and not self.held:
            return True
        if button == LEFT:
            self.held = not self.held
        elif button == RIGHT:
            self.speed = min(8, self.speed * 2)
        elif button == UP:
            self.speed = max(1, self.speed // 2)
        elif button == DOWN and self.held:
            self.step(now)
            return False
        self._tell(now)
        return False

    def step(self, now):
        """While held: the clock jumps to the next event's time (nothing left: to the file's end)."""
        app = self.app
        due = self.next_due()
        if due is None:
            return
        ahead = due - ticks_diff(now, app.t0)
        if ahead > 0:
            _shift(app, -ahead)
            self.t0 = app.t0
        self.last = now  # (this frame's tick then holds the clock from here)

    def tick(self, now):
        """Each frame: a held replay's clock stands still, a fast one runs ahead (the table's whole clock)."""
        last = self.last
        self.last = now
        app = self.app
        if last is None or app.t0 != self.t0:  # (the pause screen took its time out of the clock itself)
            self.t0 = app.t0
            return
        dt = ticks_diff(now, last)
        if dt <= 0:
            return
        if self.held:
            _shift(app, dt)
        elif self.speed > 1 and not self.played_out():
            _shift(app, -(self.speed - 1) * dt)
        self.t0 = app.t0

    def feed(self, now):
        """Queue the replay's events that are due by now, with their own times, a whole time at once.

        The events of one time are one C-4 batch (the batch holds the most a
        time has, see __init__); when the next time's do not fit beside those
        queued, the queued ones are applied first. So the order is the one
        engine.replay.run gives, whatever the frame rate (C-5).
        """
        self.tick(now)
        app = self.app
        events = self.events
        n = len(events)
        t0 = app.t0
        elapsed = ticks_diff(now, t0)
        seq = app.seq
        i = self.next_event
        while i < n and events[i][0] <= elapsed:
            t = events[i][0]
            j = i + 1
            while j < n and events[j][0] == t:
                j += 1
            if seq.n + j - i > seq.cap:
                app.apply_now(now)
            at = ticks_add(t0, t)
            for k in range(i, j):
                ev = events[k]
                seq.add(at, ev[1], ev[2], ev[3], ev[4])
            i = j
        self.next_event = i

    def played_out(self):
        """True once every event has been fed (any key then leaves the replay)."""
        return self.next_event >= len(self.events)

    def clock(self, now):
        """now, held at the file's end (its end_ms, else its last event's time) once the replay reaches it."""
        app = self.app
        end = getattr(app.game, "end_ms", None)
        if end is None:
            end = self.events[-1][0] if self.events else 0
        elapsed = ticks_diff(now, app.t0)
        if elapsed > end:
            now = ticks_add(app.t0, end)
            elapsed = end
        self.clock_ms = elapsed
        return now

    def next_due(self):
        """The ms (from the start) of the replay's next event still to come, or None."""
        if self.next_event >= len(self.events):
            end = getattr(self.app.game, "end_ms", None)  # the clock still runs to the file's end_ms
            return end if end is not None and self.clock_ms < end else None
        return self.events[self.next_event][0]

    def restore(self):
        """Back at the menu: the player's own settings again."""
        self.app.settings.update(self.settings)


def _shift(app, ms):
    """The table's clock moved by ms (ui.pause's shift: the App's t0 and every time the engine holds)."""
    from ui.pause import shift

    shift(app, ms)


def document(app):
    """The replay document of the App's game so far (the engine's replay format, docs/replay-format.md)."""
    from engine.replay import document as make

    doc = make(app.options(), app.game_seed, app.log or (), game=app.game.name)
    cpus = [getattr(d, "name", None) if d is not None else None for d in app.cpus]
    if any(cpus):  # which seats a CPU played, and which CPU (docs/replay-format.md)
        doc["cpus"] = cpus
    if app.saved and app.game.phase == PH_OVER:
        doc["end_ms"] = max(app.end_ms, doc["events"][-1][0] if doc["events"] else 0)  # a time limit after the last press
    return doc
