"""Who plays each seat (D-1): people on the first ones, the CPU on the rest, and their presses.

A mixin of ui.app.App: the seats people play, a Driver for each CPU seat (a
linked device's CPU plays only its own seat), the CPUs' presses each frame,
and the adaptive CPU's level from one game to the next.
"""

from micropython import const

_TYPING = const(0)  # true for mypy only (tools/typecheck.py's always_true): never imported on a board
if _TYPING:
    from typing import Any, Callable

PEOPLE = {"1p": 1, "2p": 2, "3p": 3, "4p": 4}  # the menu's modes: how many seats people play (D-1)
DEMO_BOTS = ("level7", "level8")


def _module(name):
    return __import__(name, None, None, ("_",))


class Seating:
    """The App's seats: ``people``, ``seat_cpu`` and the CPUs' presses (``_drive``)."""

    # What it uses of the App (ui/app.py, whose mixin it is), for mypy to check: annotations only, which
    # compile to nothing (no byte of a board's heap)
    adaptive_level: "int"
    clusters: "tuple"
    cpus: "list"
    demo: "bool"
    game: "Any"
    game_seed: "int"
    hal: "Any"
    kind: "Any"
    link: "Any"
    playback: "Any"
    press: "Callable[..., Any]"
    settings: "dict"

    def people(self):
        """D-1: how many seats people play (the first ones); the others are the CPU's."""
        wanted = PEOPLE.get(self.settings["mode"], 2)
        return min(wanted, self.game.players, getattr(self.hal, "clusters", 2))

    def _seat_cpus(self, now):
        """D-1: people play the first seats (1P vs CPU: one), the CPU the others; all in the demo, none in a replay."""
        people = 0 if self.demo else self.people()
        link = self.link
        for p in range(self.game.players):
            self.cpus[p] = None
            if link is not None:  # linked: another device's seat, or this one's person, has no CPU
                if link.remote(p) or (p == link.seat and link.cpu is None):
                    continue
            elif self.playback is not None or p < people:
                continue
            self.seat_cpu(p, now)

    def seat_cpu(self, p, now):
        """Put a CPU player in seat p (D-1: a seat with no person; a linked guest that has left)."""
        cpu = _module(self.kind.CPU)  # the CPU modules load only when a CPU seat exists
        name = DEMO_BOTS[p % 2] if self.demo else self.settings["cpu"]
        if self.link is not None and p == self.link.seat and self.link.cpu is not None:
            name = self.link.cpu  # tools/linkplay.py: this device's own seat is a CPU's
        if name not in self.kind.ROSTER:
            name = "level2"  # a bot of another game's roster
        bot = cpu.make(name)
        if name == "adaptive":
            bot.set_level(self.adaptive_level)
        bots = _module("engine.bots")
        act = next((d.act for d in self.cpus if d is not None), None) or bots.Act()  # one for every CPU seat
        driver = bots.Driver(bot, p, self.clusters[p], seed=self.game_seed * 2 + p,
                             view=cpu.View(p, self.game.players), act=act)
        driver.name = name if name != "adaptive" else "adaptive-level%d" % self.adaptive_level  # for the replay
        driver.start(self.game, now)
        self.cpus[p] = driver

    def _drive(self, now):
        """The CPU players' presses due by now, stamped with their own times, as a human's are."""
        for driver in self.cpus:
            if driver is None:
                continue
            while self.game is not None:  # a press may end the table (the game over: back to the menu)
                button = driver.poll(now, self.game)
                if button < 0:
                    break
                self.press(driver.player, button, driver.t, now, cpu=True)

    def _adapt(self, winner):
        """Adaptive CPU: after a game, a level down if the CPU won it, a level up if it lost.

        Within a game the bot moves its own level after each round (engine.spit.level); the
        app only carries the level from one game to the next (docs/bots.md).
        """
        driver = self.cpus[1]
        if driver is not None and not self.demo and getattr(driver.bot, "adaptive", False):
            bot = driver.bot
            bot.set_level(bot.level + (-1 if winner == 1 else 1 if winner == 0 else 0))
            self.adaptive_level = bot.level
