"""The board's half of tools/bench/bench_board.py: the whole App played on micropython-board, as a player would.

Runs on CircuitPython's board VM (tools/board/circuitpython.py), from the board's
``.mpy`` bundle, never on the desktop. ``main(plan)`` builds the board's hal
and the App as code.py does, then for each step of the plan goes through the
menu with button presses (the game, the mode and every option set line by
line, the pages opened and closed), starts the game, plays it to its end (the
people's seats pressed by level-8 hands, ``Hands``; the CPU's seats are the
App's own), pausing it once on the way (the Up+Down chord, then Resume),
stays on the result, and takes its Menu choice. It prints one
``RESULT`` line: what it did and the heap it saw, or the error that stopped it.

The hands, and this module itself, are not the game: their heap is measured
(``gc.mem_alloc`` before and after they are made) so that the benchmark can
give the board's pool that much more, as it does for the stand-ins. A step
that only deals (``deal_only``, the benchmark's measure) prints its hands'
bytes with the qstr pools' figures before and after (``qstr_info``): a pool
opened meanwhile is the game's, which bench_board leaves out of the hands.
"""

import gc

import micropython

FRAME_MS = 33
OVER_MS = 3000  # on the result screen before the first press to leave it (it takes none for 2 s)
PAUSE_AT = 300  # the frame of each game at which the pause screen is opened, and closed again
CHORD_FRAMES = 20  # Up and Down held this many frames: the pause chord (ui.seating.CHORD_MS, 500 ms)
clock = [0]
OVER = [None]  # engine.actions.PH_OVER, read once the App has loaded it


def _free():
    """Free heap after a collection (the figure a board's self-test prints)."""
    gc.collect()
    return gc.mem_free()


class Hands:
    """A person's fingers on the people's seats: a level-8 CPU player's presses, through the App's buttons."""

    def __init__(self, app, seats, seed):
        self.drivers = []
        if not seats:
            return
        cpu = __import__(app.kind.CPU, None, None, ("make",))
        bots = __import__("engine.bots", None, None, ("Driver",))
        for p in range(seats):
            driver = bots.Driver(cpu.make("level8"), p, app.clusters[p], seed=seed * 2 + p,
                                 view=cpu.View(p, app.game.players), act=bots.Act())
            driver.start(app.game, clock[0])
            self.drivers.append(driver)

    def press(self, app):
        """Every press due by now, as the App's keys would give it (stamped with its own time)."""
        for driver in self.drivers:
            while app.game is not None and app.screen == 1:
                button = driver.poll(clock[0], app.game)
                if button < 0:
                    break
                app.press(driver.player, button, driver.t, clock[0])


class Player:
    """Goes through the App's screens with button presses, frame by frame on a fake clock."""

    def __init__(self, app, out):
        self.app = app
        self.out = out
        self.display = app.hal.display
        self.display.stats(True)
        for key in ("bus_play", "bus_deal", "bus_screen"):
            out[key] = [0, 0, 0, 0] + [0] * 21  # frames, pixels in all, the most in one frame, frames over
            # 2,000, then how many frames sent 0-499, 500-999, ... 10,000 or more pixels
        # bus_play: frames in which one card landed and nothing else changed; bus_deal: a new round on the
        # table; bus_screen: another screen (the menu, a table, a page)

    def frame(self, hands=None):
        clock[0] += FRAME_MS
        app = self.app
        if hands is not None:
            hands.press(app)
        screen = app.screen
        game = app.game if screen == 1 else None
        lands = app.reactions.lands
        deal = game.round if game is not None else -1
        said = (app.banner_key, app.info_key, app.said) if game is not None else None
        cursors = [c.cursor for c in app.clusters] if game is not None else None
        app.frame(clock[0])
        pixels = self.display.stats(True)[2]  # what a bus would have sent this frame
        if app.screen != screen or (app.screen == 1 and app.game is not game):
            kind = "bus_screen"
        elif game is not None and game.round != deal:
            kind = "bus_deal"
        elif app.reactions.lands == lands + 1 and said == (app.banner_key, app.info_key, app.said) and \
                cursors == [c.cursor for c in app.clusters]:
            kind = "bus_play"  # one card landed, and nothing else moved or was said
        else:
            return
        row = self.out[kind]
        row[0] += 1
        row[1] += pixels
        if pixels > row[2]:
            row[2] = pixels
        if pixels > 2000:
            row[3] += 1
        row[4 + min(pixels // 500, 20)] += 1

    def tap(self, button, player=0):
        """One press of a button of player's cluster, as a key event, and the frames it takes."""
        key = player * 4 + button
        self.app.hal.events.feed(key, True, clock[0] + 1)
        self.frame()
        self.app.hal.events.feed(key, False, clock[0] + 1)
        self.frame()

    def line(self, key):
        """Move the menu's cursor to the line of key; False when the menu has no such line."""
        menu = self.app.menu
        keys = [item[0] for item in menu.items]
        if key not in keys:
            return False
        for _ in range(len(keys)):
            if menu.items[menu.selected][0] == key:
                return True
            self.tap(1)  # DOWN
        return False

    def choose(self, key, value):
        """Set a menu line to value with RIGHT presses; False when the menu does not offer it."""
        if not self.line(key):
            return False
        for _ in range(24):
            if self.app.settings.get(key) == value:
                return True
            self.tap(3)  # RIGHT
        return self.app.settings.get(key) == value

    def join(self):
        """The link's join page (where this board can link): look for a host a while, then back."""
        if not self.choose("link", "join"):
            return False
        self.line("start")
        self.tap(3)
        for _ in range(60):  # two seconds of looking for a host
            self.frame()
        self.out["free_join"] = min(self.out.get("free_join", 1 << 30), _free())
        self.tap(0)  # any key but LEFT goes back
        return self.choose("link", "off")

    def page(self, key):
        """Open a page of the menu (how to play, the statistics; join, the link's) and leave it again."""
        if key == "join":
            return self.join()
        if not self.line(key):
            return False
        self.tap(3)
        self.frame()
        self.out["free_" + key] = min(self.out.get("free_" + key, 1 << 30), _free())
        self.tap(2)  # LEFT: any key leaves how to play; on the statistics page UP and DOWN scroll
        return True

    def pause(self, hands):
        """Open the pause screen with the chord (Up and Down of player 1 held), then Resume; True when it did."""
        events = self.app.hal.events
        events.feed(0, True, clock[0] + 1)  # UP
        events.feed(1, True, clock[0] + 2)  # DOWN
        for _ in range(CHORD_FRAMES):
            self.frame()
        paused = self.app.over is not None
        self.out["free_pause"] = min(self.out.get("free_pause", 1 << 30), _free())
        events.feed(0, False, clock[0] + 1)
        events.feed(1, False, clock[0] + 1)
        self.frame()
        self.tap(2)  # LEFT: Resume, the choice marked
        return paused and self.app.over is None

    def leave(self, hands):
        """From the result back to the menu: wait, then take its Menu choice as a player who has seen it."""
        for _ in range(OVER_MS // FRAME_MS):
            self.frame(hands)
        if self.app.over is not None:
            self.tap(1)  # DOWN: Menu (after Rematch)
        for _ in range(8):
            if self.app.screen == 0:
                return True
            self.tap(3)
            for _ in range(20):
                self.frame()
        return self.app.screen == 0


def play(player, step, seed, record):
    """One step of the plan: its settings through the menu, its pages, then its games."""
    app = player.app
    later = []
    for key, value in step.get("settings", ()):
        if not player.choose(key, value):
            later.append((key, value))  # a line shown only beside another's value (a Players line before Decks)
    for key, value in later:
        if not player.choose(key, value):
            record["skipped"].append("%s=%r" % (key, value))  # a line the menu does not show with the others
    for key in step.get("pages", ()):
        if not player.page(key):
            record["skipped"].append("page " + key)
    record["free_menu"] = min(record["free_menu"], _free())
    for _ in range(step.get("games", 0)):
        if step.get("demo"):
            app.start_game(clock[0], demo=True)
        else:
            player.line("start")
            player.tap(3)
        if app.screen != 1:
            record["missing"].append("no table")
            return
        record["free_table"] = min(record["free_table"], _free())
        gc.collect()
        before = gc.mem_alloc()
        if step.get("deal_only"):
            micropython.qstr_info()  # (printed: it allocates nothing)
        hands = Hands(app, 0 if step.get("demo") else app.seating.people(), seed)
        gc.collect()
        record["hands"] = max(record["hands"], gc.mem_alloc() - before)
        seed += 1
        if step.get("deal_only"):  # the hands' heap is all this step asks (bench_board's extra): not played
            micropython.qstr_info()
            print("HANDS", gc.mem_alloc() - before)
            hands = None
            app.back_to_menu()
            continue
        frames = 0
        over = OVER[0]
        while app.game is not None and app.game.phase != over and frames < 200000:
            player.frame(hands)
            frames += 1
            if frames == PAUSE_AT and not step.get("demo") and app.game.phase != over:
                if not player.pause(hands):
                    record["missing"].append("the pause screen did not open and close")
        record["frames"] += frames
        if app.game is None or app.game.phase != over:
            record["missing"].append("a game did not end")
            return
        record["games"] += 1
        record["free_over"] = min(record["free_over"], _free())
        if not player.leave(hands):
            record["missing"].append("the result did not lead back to the menu")
            app.back_to_menu()
        hands = None
        if step.get("log"):  # bench_board --long: the heap back at the menu after each game, as the GC sees it
            gc.collect()
            print("HEAPLOG", record["games"], gc.mem_free())
            micropython.mem_info()  # (printed from C: "max free sz" in blocks, "max new split" in bytes)


def main(plan, seed=1):
    """Play the plan on this board's hal; print RESULT with what happened and the heap seen."""
    record = {"games": 0, "frames": 0, "hands": 0, "missing": [], "skipped": [], "error": None, "steps": 0,
              "free_start": _free(), "free_menu": 1 << 30, "free_table": 1 << 30, "free_over": 1 << 30}
    try:
        import hal

        target = hal.choose()
        target.Hal.ticks_ms = lambda self: clock[0]
        from ui import app as U

        app = U.App(target.Hal())
        OVER[0] = __import__("engine.actions", None, None, ("PH_OVER",)).PH_OVER
        player = Player(app, record)
        player.frame()
        for step in plan:
            play(player, step, seed, record)
            seed += 100
            record["steps"] += 1
    except MemoryError as e:
        record["error"] = "MemoryError: %s" % e
    except Exception as e:  # any other failure: reported, then raised for its traceback
        record["error"] = "%s: %s" % (type(e).__name__, e)
        print("RESULT", record)
        raise
    print("RESULT", record)


def bench():
    """tools/bench/bench_board.py's run, the whole of its program (``import vmplay; vmplay.bench()``).

    Its plan is read from ``_plan.json`` in the bundle's folder: the stand-ins
    to import, the games registered from outside engine/ (name, title, letter,
    package each), the layout pad and the steps. What is not the game is
    measured and printed as ``EXTRA stand-ins harness`` (the pad and the plan
    are the harness's), each with the qstr pools' figures around it; then
    main() plays the plan, and the runtime qstr pools' figures are printed
    last. This module is frozen into the VM beside the stand-ins
    (tools/board/circuitpython.py): its code and its names are in ROM, so the
    heap and the names a run reports are the App's.
    """
    import json

    gc.collect()
    base = gc.mem_alloc()
    with open("_plan.json") as f:
        run = json.load(f)
    gc.collect()
    planned = gc.mem_alloc() - base  # the harness's
    base += planned
    micropython.qstr_info()
    for name in run["standins"]:
        try:
            __import__(name)
        except ImportError:  # a module this board's firmware lacks (wifi on a plain Pico)
            pass
    gc.collect()
    standins = gc.mem_alloc() - base
    micropython.qstr_info()
    pad = bytearray(run["pad"])  # held to the end: the heap's layout moved, as an unrelated edit moves it
    plan = run["plan"]
    homes = run["homes"]
    names = run.get("names", 0)
    run = None
    gc.collect()
    harness = planned + gc.mem_alloc() - base - standins
    micropython.qstr_info()
    print("EXTRA", standins, harness)
    if homes:  # (the registry is the game's: its heap is not the harness's)
        games = __import__("engine.games", None, None, ("NAMES",))
        for name, title, letter, package in homes:
            games.GAMES += (name, title, letter)
            games.NAMES += (name,)
            games.TITLES += (title,)
            games.LETTERS += letter
            games.HOMES[name] = package
        games = None
    main(plan)
    plan = None
    micropython.qstr_info(names)  # names: every runtime name too, a Q(...) line each (bench_board --names)
    return pad


def script(settings, seed, events, end_ms, path):
    """Play a script's key events through the App as desktop/script.py plays it headless; write the last frame.

    events are (t_ms, key_number, pressed) from the deal; the frames are those of
    desktop.script._play (one every FRAME_MS, the events due fed first), so the
    table ends as the desktop's does. The frame (RGB565, the display's own
    bytes) goes to path, written from the framebuffer without a copy.
    """
    import board
    import hal

    target = hal.choose()
    target.Hal.ticks_ms = lambda self: clock[0]
    from ui import app as U

    h = target.Hal()
    app = U.App(h, settings=settings, seed=seed)
    app.start_game(clock[0])
    start = clock[0]
    i = 0
    t = 0
    while True:
        while i < len(events) and events[i][0] <= t:
            h.events.feed(events[i][1], events[i][2], start + events[i][0])
            i += 1
        app.frame(clock[0])
        if t >= end_ms:
            break
        clock[0] += FRAME_MS
        t += FRAME_MS
    display = board.DISPLAY if hasattr(board, "DISPLAY") else h.display.headless
    with open(path, "wb") as f:
        f.write(memoryview(display))
    print("RESULT", {"frames": t // FRAME_MS + 1, "stats": display.stats()})
