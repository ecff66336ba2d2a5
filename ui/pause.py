"""Pause: a game in progress stops, its clock too, until it is resumed or quit to the menu.

The desktop's Esc (engine.actions.PAUSE), or a board's chord (Up and Down of one
cluster held together, docs/boards.md), opens the pause screen over the
table; the same key or chord again, or its Resume, goes on where the game
stopped: the time paused is taken out of the game's clock (the App's t0, the
engine's times, the CPU players' plans), so a replay of the game has no
gap and a time limit (P-8) is not eaten by it. Quit to the menu ends the
game unfinished: it is not counted in the statistics and saves no replay.
In a linked game the link pauses every device (the host holds the log,
ui/linked.py), each other screen saying who paused; quitting leaves the link.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.actions import PH_OVER
from engine.timing import ticks_add, ticks_diff
from ui.panel import Panel

RESUME = "Resume"
_TIMES = const(("now",))  # the ticks a game's engine holds, unless it names its own (``times``)
QUIT = "Quit to menu"


def toggle(app, player, now):
    """The pause key or chord: pause a game in progress, or resume the paused one (player: the seat, or -1)."""
    over = app.over
    if over is None:
        if app.game is not None and app.game.phase != PH_OVER:
            app.over = Pause(app, player, now)
    elif isinstance(over, Pause):
        over.resume(now)


def shift(app, ms):
    """The game's clock stood still for ms: every time the App, the engine, the CPU players and the lockout hold
    moves on."""
    app.t0 = ticks_add(app.t0, ms)
    game = app.game
    for name in getattr(game, "times", _TIMES):  # the engine's ticks: the last change, a call-Speed limit (P-8)
        setattr(game, name, ticks_add(getattr(game, name), ms))
    for driver in app.cpus:
        if driver is not None:
            driver.shift(ms)
    for c in app.clusters:
        c.lock_until = ticks_add(c.lock_until, ms)  # a fumble's lockout (C-3) is not served in the pause ...
    app.flash_until = [ticks_add(t, ms) for t in app.flash_until]  # ... and its card shakes to its end
    app.quiet_until = ticks_add(app.quiet_until, ms)
    app.banner_until = ticks_add(app.banner_until, ms)


class Pause:
    """The pause screen over the table: Resume, or Quit to menu."""

    def __init__(self, app, player, now):
        self.app = app
        self.at = now
        self.resumed = None  # when Resume was taken (a link's host moves its clock then)
        link = app.link
        self.stops = link is None  # the table's frame stands still (a link stops a linked game's itself)
        if link is not None:
            link.hold(True)  # every device pauses; the others say who
        lines = ["The clock has stopped"]
        if player >= 0 and (link is not None or app.seating.people() > 1):
            lines.insert(0, "P%d paused" % (player + 1))
        self.panel = Panel(app.table.group, app.width, app.height, "Paused", lines, (RESUME, QUIT))

    def tick(self, now):
        """Nothing changes on the pause screen by itself."""

    def press(self, button, now, t=0):
        """Up/Down pick Resume or Quit to menu; Left/Right take it (t: when it was pressed)."""
        what = self.panel.press(button)
        if what == RESUME:
            self.resume(now)
        elif what == QUIT:
            self.app.back_to_menu()  # unfinished: no statistics, no replay

    def resume(self, now):
        """Go on where the game stopped, the time paused taken out of its clock."""
        app = self.app
        if app.link is None:
            shift(app, ticks_diff(now, self.at))  # (a link's own pause shifts its host's clock: ui/linked.py)
        self.resumed = now
        app.close_over()

    def close(self):
        """Take the screen off the table; a linked game goes on for every device (when none else holds it)."""
        self.panel.close()
        if self.app.link is not None:
            self.app.link.hold(False, self.resumed)
