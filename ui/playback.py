"""What the App records and plays back: a replay on the table, a finished game's statistics and replay file.

A mixin of ui.app.App (C-5): ``watch`` plays a replay file's events at their
times, whatever the frame rate; ``_game_over`` counts a finished game and
hands its replay document (``replay``) to ``on_game_over``.
"""

from engine import games
from engine.actions import PH_OVER
from engine.timing import Sequencer, ticks_add, ticks_diff
from micropython import const

_TYPING = const(0)  # true for mypy only (tools/typecheck.py's always_true): never imported on a board
if _TYPING:
    from typing import Any, Callable


class Playback:
    """The App's replays: ``watch``, ``next_due`` and the replay document of the game so far."""

    # What it uses of the App (ui/app.py, whose mixin it is), for mypy to check: annotations only, which
    # compile to nothing (no byte of a board's heap)
    _apply: "Callable[..., Any]"
    _begin: "Callable[..., Any]"
    clock_ms: "int"
    cpus: "list"
    demo: "bool"
    end_ms: "int"
    game: "Any"
    game_seed: "int"
    hal: "Any"
    link: "Any"
    log: "Any"
    menu_settings: "Any"
    next_event: "Any"
    on_game_over: "Callable[..., Any]"
    options: "Callable[..., Any]"
    playback: "Any"
    saved: "bool"
    seq: "Any"
    settings: "dict"
    t0: "int"

    def watch(self, game, events, doc, now):
        """Play a replay back on the table: game as loaded, events as (t, player, verb, a, b)."""
        from engine.replay import group_size

        self.playback = events
        self.next_event = 0
        self.clock_ms = 0  # how far the replay's clock has run (it stops at the file's end)
        size = group_size(events)
        if size > self.seq.cap:  # C-4: all the events of one time go into one batch, however many
            self.seq = Sequencer(size)
        self.game_seed = doc.get("seed", 1)
        self.menu_settings = dict(self.settings)  # restored when the replay ends
        self.settings["game"] = game.name
        for item in games.get(game.name).OPTIONS:
            if item[0] in doc.get("options", {}):
                self.settings[item[0]] = doc["options"][item[0]]
        self._begin(game, now)

    def _feed_playback(self, now):
        """Queue the replay's events that are due by now, with their own times, a whole time at once.

        The events of one time are one C-4 batch (the batch holds the most a
        time has, see watch); when the next time's do not fit beside those
        queued, the queued ones are applied first. So the order is the one
        engine.replay.run gives, whatever the frame rate (C-5).
        """
        events = self.playback
        n = len(events)
        elapsed = ticks_diff(now, self.t0)
        seq = self.seq
        i = self.next_event
        while i < n and events[i][0] <= elapsed:
            t = events[i][0]
            j = i + 1
            while j < n and events[j][0] == t:
                j += 1
            if seq.n + j - i > seq.cap:
                self._apply(now)
            at = ticks_add(self.t0, t)
            for k in range(i, j):
                ev = events[k]
                seq.add(at, ev[1], ev[2], ev[3], ev[4])
            i = j
        self.next_event = i

    def next_due(self):
        """The ms (from the start) of the replay's next event still to come, or None."""
        if self.playback is None:
            return None
        if self.next_event >= len(self.playback):
            end = getattr(self.game, "end_ms", None)  # the clock still runs to the file's end_ms
            return end if end is not None and self.clock_ms < end else None
        return self.playback[self.next_event][0]

    def _game_over(self, now):
        """Count the game in the statistics and hand its replay to on_game_over (not for demos or replays)."""
        if self.saved or self.playback is not None or self.demo:
            return
        self.saved = True
        mode = self.settings["mode"]
        driver = self.cpus[1]
        level = getattr(driver.bot, "level", 0) if driver is not None else 0
        record = getattr(self.hal, "record_game", None)
        if record is not None:
            record(self.game.name, mode, level if 0 <= level < 256 else 0, self.game.winner == 0,
                   ticks_diff(now, self.t0))
        self.end_ms = max(0, ticks_diff(now, self.t0))
        if self.on_game_over is not None and (self.link is None or self.link.keeps_replay):
            self.on_game_over(self.replay())  # (a linked guest knows no seed: its host saves the game)

    def replay(self):
        """The replay document of the game so far (the engine's replay format)."""
        from engine.replay import document

        doc = document(self.options(), self.game_seed, self.log or (), game=self.game.name)
        cpus = [getattr(d, "name", None) if d is not None else None for d in self.cpus]
        if any(cpus):  # which seats a CPU played, and which CPU (docs/replay-format.md)
            doc["cpus"] = cpus
        if self.saved and self.game.phase == PH_OVER:
            doc["end_ms"] = max(self.end_ms, doc["events"][-1][0] if doc["events"] else 0)  # a time limit after the last press
        return doc
