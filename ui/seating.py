"""Who plays each seat (D-1): people on the first ones, the CPU on the rest, and their presses.

``Seating`` is the App's (``app.seating``): the seats people play, a Driver
for each CPU seat in the App's ``cpus`` (a linked device's CPU plays only its
own seat), the CPUs' presses each frame, and the adaptive CPU's level from
one game to the next.
"""

from engine.timing import ticks_diff

PEOPLE = {"1p": 1, "2p": 2, "3p": 3, "4p": 4}  # the menu's modes: how many seats people play (D-1)
CHORD_MS = 500  # Up and Down of one cluster held together this long: pause (docs/boards.md)
DEMO_BOTS = ("level7", "level8")


class Seating:
    """The App's seats: ``people``, ``seat`` and the CPUs' presses (``drive``)."""

    def __init__(self, app):
        self.app = app  # the App (ui.app), which imports this module: it imports nothing of ui/ back
        self.adaptive_level = 4  # the adaptive CPU starts in the middle of the ladder (docs/bots.md)
        self.held = bytearray(4)  # each cluster's buttons held, a bit each: the pause chord
        self.chord = -1  # the cluster holding the chord ...
        self.chord_at = 0  # ... since

    def hold(self, key, pressed, now):
        """Note a cluster's buttons held: Up and Down of one together start the pause chord (docs/boards.md)."""
        p = key >> 2
        if p >= len(self.held):
            return
        bit = 1 << (key & 3)
        held = self.held[p] | bit if pressed else self.held[p] & ~bit
        self.held[p] = held
        if held & 3 == 3:  # UP and DOWN
            if self.chord != p:
                self.chord = p
                self.chord_at = now
        elif self.chord == p:
            self.chord = -1

    def chorded(self, now):
        """The cluster whose chord has been held CHORD_MS (once: then it starts again), or -1."""
        p = self.chord
        if p >= 0 and ticks_diff(now, self.chord_at) >= CHORD_MS:
            self.chord = -1
            return p
        return -1

    def people(self):
        """D-1: how many seats people play (the first ones); the others are the CPU's."""
        app = self.app
        wanted = PEOPLE.get(app.settings["mode"], 2)
        return min(wanted, app.game.players, getattr(app.hal, "clusters", 2))

    def seat_all(self, now):
        """D-1: people play the first seats (1P vs CPU: one), the CPU the others; all in the demo, none in a replay."""
        app = self.app
        people = 0 if app.demo else self.people()
        link = app.link
        for p in range(app.game.players):
            app.cpus[p] = None
            if link is not None:  # linked: another device's seat, or this one's person, has no CPU
                if link.remote(p) or (p == link.seat and link.cpu is None):
                    continue
            elif app.playback is not None or p < people:
                continue
            self.seat(p, now)

    def seat(self, p, now):
        """Put a CPU player in seat p (D-1: a seat with no person; a linked guest that has left)."""
        app = self.app
        cpu = __import__(app.kind.CPU, None, None, ("make",))  # the CPU modules load only when a CPU seat exists
        name = DEMO_BOTS[p % 2] if app.demo else app.settings.get(app.game.name)  # the game's own CPU (ui.menu)
        if app.link is not None and p == app.link.seat and app.link.cpu is not None:
            name = app.link.cpu  # tools/linkplay.py: this device's own seat is a CPU's
        if name not in app.kind.ROSTER:
            name = "level2"  # a bot of another game's roster
        bot = cpu.make(name)
        if name == "adaptive":
            bot.set_level(self.adaptive_level)
        bots = __import__("engine.bots", None, None, ("Driver",))
        act = next((d.act for d in app.cpus if d is not None), None) or bots.Act()  # one for every CPU seat
        driver = bots.Driver(bot, p, app.clusters[p], seed=app.game_seed * 2 + p,
                             view=cpu.View(p, app.game.players), act=act)
        driver.name = name if name != "adaptive" else "adaptive-level%d" % self.adaptive_level  # for the replay
        driver.start(app.game, now)
        app.cpus[p] = driver

    def drive(self, now):
        """The CPU players' presses due by now, stamped with their own times, as a human's are."""
        app = self.app
        for driver in app.cpus:
            if driver is None:
                continue
            while app.game is not None:  # a press may end the table (the game over: back to the menu)
                button = driver.poll(now, app.game)
                if button < 0:
                    break
                app.press(driver.player, button, driver.t, now, cpu=True)

    def adapt(self, winner):
        """Adaptive CPU: after a game, a level down if the CPU won it, a level up if it lost.

        Within a game the bot moves its own level after each round (engine.spit.level); the
        app only carries the level from one game to the next (docs/bots.md).
        """
        app = self.app
        driver = app.cpus[1]
        if driver is not None and not app.demo and getattr(driver.bot, "adaptive", False):
            bot = driver.bot
            bot.set_level(bot.level + (-1 if winner == 1 else 1 if winner == 0 else 0))
            self.adaptive_level = bot.level
