"""A replay on the table (C-5), and the replay document of a game played.

``Playback`` is the App's while it plays a replay file back (``App.watch``):
it feeds the file's events at their times, whatever the frame rate, and holds
the replay's clock to the file's end. It exists only then, and this module
loads only where a replay is watched or saved (the desktop, the browser): a
board, which keeps no log, never imports it. ``document`` is the replay
document of the game so far, which the App hands to ``on_game_over``.
"""

from engine import games
from engine.actions import PH_OVER
from engine.timing import Sequencer, ticks_add, ticks_diff
from micropython import const

_TYPING = const(0)  # true for mypy only (tools/board/typecheck.py's always_true): never imported on a board
if _TYPING:
    from ui.app import App


class Playback:
    """A replay file's events, played into the App's Sequencer at their own times."""

    def __init__(self, app, game, events, doc):
        """Take the table for game as loaded; events are (t, player, verb, a, b); doc is the file's document."""
        from engine.replay import group_size

        self.app = app  # type: App
        self.events = events
        self.next_event = 0
        self.clock_ms = 0  # how far the replay's clock has run (it stops at the file's end)
        size = group_size(events)
        if size > app.seq.cap:  # C-4: all the events of one time go into one batch, however many
            app.seq = Sequencer(size)
        app.game_seed = doc.get("seed", 1)
        self.settings = dict(app.settings)  # the player's own, restored when the replay ends (restore)
        app.settings["game"] = game.name
        for item in games.get(game.name).OPTIONS:
            if item[0] in doc.get("options", {}):
                app.settings[item[0]] = doc["options"][item[0]]

    def feed(self, now):
        """Queue the replay's events that are due by now, with their own times, a whole time at once.

        The events of one time are one C-4 batch (the batch holds the most a
        time has, see __init__); when the next time's do not fit beside those
        queued, the queued ones are applied first. So the order is the one
        engine.replay.run gives, whatever the frame rate (C-5).
        """
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
