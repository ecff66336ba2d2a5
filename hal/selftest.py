"""The self-test a board runs on request: tools/selftest.py sends it through mpremote.

By hand, at the board's REPL (Ctrl-C, then any key)::

    >>> import hal.selftest
    >>> hal.selftest.main()

It prints a report as it goes and ends with one line ``SELFTEST {json}`` for
the host: the board and firmware, the free heap after start-up (the menu), at
the table screen and at each game's table in the demo (after gc.collect(),
with the largest block that can still be allocated: tools/bench_board.py
--selftest predicts these from CircuitPython's board VM), a seeded engine game with the time per frame, and a button
check that asks each player to press each button (the lights show whose turn
it is; each right press beeps).
"""

import json
import sys

import hal
from engine import games
from engine.actions import PH_CHOOSE, PH_OVER, PH_PLAY, PH_READY, PH_SLAP
from engine.randplay import RandomPlay
from engine.rng import Rng
from hal import device

FRAME_MS = 33  # the game's frame (ui.app.FRAME_MS)
WORDS = ("up", "down", "left", "right")


def heap(probe=True):
    """[free bytes, largest allocatable block or None] after a collection."""
    device.collect()
    free = device.mem_free()
    return [free, largest_block(free) if probe else None]


def largest_block(limit):
    """The largest bytearray that can be allocated now (to 256 bytes), found by bisection."""
    lo, hi = 0, limit + 1  # lo fits, hi does not
    while hi - lo > 256:
        mid = (lo + hi) // 2
        try:
            block = bytearray(mid)
            del block
            lo = mid
        except MemoryError:
            hi = mid
    device.collect()
    return lo


def firmware():
    """The CircuitPython (or MicroPython) version as text, and the machine it says it runs on."""
    version = ".".join(str(n) for n in sys.implementation.version[:3])
    machine = ""
    try:
        import os

        uname = os.uname()
        version = uname.release
        machine = uname.machine
    except (ImportError, AttributeError):
        pass
    return "%s %s" % (sys.implementation.name, version), machine


def board_id():
    """board.board_id, or "?" where there is no board module."""
    try:
        import board

        return board.board_id
    except (ImportError, AttributeError):
        return "?"


def engine_game(seed, ticks_ms, level=3, limit_ms=1200000, name="spit"):
    """A seeded game, CPU player of level vs a random player (Spit) or level 1, polled frame by frame."""
    info = games.get(name)
    game = info.new(seed, {})
    try:
        cpu = __import__(info.CPU, None, None, ("make",))
        from engine.bots.match import Match
    except ImportError:
        return _random_game(game, seed, ticks_ms)
    bots = (cpu.make("level%d" % level), RandomBot() if name == "spit" else cpu.make("level1"))
    match = Match(game, bots, seed=seed, frame_ms=FRAME_MS, limit_ms=limit_ms)
    frames = total = worst = 0
    while not match.over():
        t0 = ticks_ms()
        match.step()
        spent = device.ticks_diff(ticks_ms(), t0)
        total += spent
        worst = max(worst, spent)
        frames += 1
    return _figures(game, seed, "level%d v %s" % (level, bots[1].name), match.actions, frames, total, worst)


class RandomBot:
    """A CPU player (engine.bots' interface) that makes any of its plays, flips and fills at random."""

    name = "random"
    speed = 3  # the eyes and hands of a level-3 player

    def __init__(self):
        self.rng = Rng(1)  # the Driver gives it its own seeded one
        self.moves = bytearray(3 * 20)

    def decide(self, view, act):
        """Say Spit, slap or choose a pile at random, or make a random move."""
        phase = view.phase
        if phase == PH_READY:
            if not view.my_ready:
                act.ready()
        elif phase == PH_SLAP:
            act.slap(self.rng.below(2))
        elif phase == PH_CHOOSE:
            if view.my_choice:
                act.choose(self.rng.below(2))
        elif phase == PH_PLAY:
            self.play(view, act)

    def play(self, view, act):
        """Put one of the moves the view allows in act, at random."""
        moves = self.moves
        n = 0
        for s in range(view.slots):
            for pile in (0, 1):
                if view.can_play(s, pile):
                    moves[n], moves[n + 1], moves[n + 2] = 0, s, pile
                    n += 3
            if view.my_count[s] and not view.my_up[s]:
                moves[n], moves[n + 1] = 1, s
                n += 3
            elif not view.my_count[s] and view.fill_source(s) >= 0:
                moves[n], moves[n + 1] = 2, s
                n += 3
        if n:
            i = 3 * self.rng.below(n // 3)
            kind, s = moves[i], moves[i + 1]
            if kind == 0:
                act.play(s, moves[i + 2])
            elif kind == 1:
                act.flip(s)
            else:
                act.fill(s)


def _random_game(game, seed, ticks_ms):
    """Without engine.bots: two random players (engine.randplay), frame by frame."""
    play = RandomPlay(game, seed)
    frames = actions = total = worst = 0
    end = FRAME_MS
    stuck = False
    while game.phase != PH_OVER and not stuck:
        t0 = ticks_ms()
        while play.t < end and game.phase != PH_OVER:  # the actions due in this frame
            k = play.step()
            if not k:
                stuck = True  # no legal action for either player
                break
            actions += k
        spent = device.ticks_diff(ticks_ms(), t0)
        total += spent
        worst = max(worst, spent)
        frames += 1
        end += FRAME_MS
    return _figures(game, seed, "random v random", actions, frames, total, worst)


def _figures(game, seed, players, actions, frames, total, worst):
    return {"seed": seed, "players": players, "actions": actions, "frames": frames,
            "over": game.phase == PH_OVER, "winner": game.winner, "ms": total,
            "frame_us_mean": total * 1000 // max(1, frames), "frame_ms_max": worst}


def ui_frames(app, h, n):
    """Run n frames of the app now; (total ms, worst ms)."""
    total = worst = 0
    for _ in range(n):
        h.poll()
        t0 = h.ticks_ms()
        app.frame(t0)
        spent = device.ticks_diff(h.ticks_ms(), t0)
        total += spent
        worst = max(worst, spent)
    return total, worst


def button_check(h, wait_ms):
    """Ask for each button of each player in turn; {name: "ok", "timeout" or "wrong: <name>"}."""
    names = getattr(h, "key_names", None) or tuple("P%d %s" % (k // 4 + 1, WORDS[k % 4]) for k in range(8))
    event = h.Event()
    results = {}
    h.events.clear()
    pixels = h.pixels
    for key in range(2 * hal.BUTTONS):
        player = key // hal.BUTTONS
        print("  player %d: press %s (%s) ..." % (player + 1, WORDS[key % 4], names[key]))
        if pixels is not None:  # light the half of the strip on this player's side
            n = len(pixels)
            for i in range(n):
                side = 0 if i < n // 2 else 1 if i >= n - n // 2 else -1
                pixels[i] = 0x003000 if side == player else 0
            pixels.show()
        deadline = (h.ticks_ms() + wait_ms) & 0x1FFFFFFF
        result = "timeout"
        while result == "timeout" and device.ticks_diff(deadline, h.ticks_ms()) > 0:
            h.poll()
            while h.events.get_into(event):
                if event.pressed:
                    k = event.key_number
                    result = "ok" if k == key else "wrong: %s" % (names[k] if 0 <= k < len(names) else k)
                    break
            h.sleep_ms(5)
        if result == "ok":
            h.tone(880, 60)
        print("    %s" % result)
        results[names[key]] = result
    h.poll()
    if pixels is not None:
        pixels.fill(0)
        pixels.show()
    return results


def main(target=None, buttons=True, wait_ms=10000, seed=7, frames=30, probe=True):
    """Run every check, print the report; return it as a dict (also printed as ``SELFTEST {json}``)."""
    report = {"board": board_id()}
    report["firmware"], report["machine"] = firmware()
    report["heap_start"] = heap(probe)
    module = hal.choose(target)
    print("board: %s, hal.%s; %s; %s" % (report["board"], module.__name__.split(".")[-1],
                                         report["firmware"], report["machine"]))
    report["module"] = module.__name__
    h = module.Hal()
    from ui.app import App

    app = App(h, seed=seed)
    report["display"] = [h.display.width, h.display.height]
    report["heap_menu"] = heap(probe)
    print("free heap after start-up (menu): %s" % _bytes(report["heap_menu"]))
    app.start_game(h.ticks_ms())
    total, worst = ui_frames(app, h, frames)
    report["heap_table"] = heap(probe)
    report["table_frames"] = {"frames": frames, "ms_mean": total // frames, "ms_max": worst}
    print("free heap at the table: %s" % _bytes(report["heap_table"]))
    print("table screen: %d frames, %d ms each on average, %d ms at most"
          % (frames, total // frames, worst))
    report["heap_games"] = {}
    for name in games.NAMES:  # each game's demo table after a few seconds of play, as tools/bench_board.py
        app.back_to_menu()
        app.settings["game"] = name
        app.start_game(h.ticks_ms(), demo=True)
        ui_frames(app, h, 3 * frames)
        report["heap_games"][name] = heap(probe)
        print("free heap at %s's table (the demo): %s" % (name, _bytes(report["heap_games"][name])))
    app.back_to_menu()
    del app
    print("engine game, seed %d, frame by frame ..." % seed)
    game = engine_game(seed, h.ticks_ms)
    report["engine_game"] = game
    print("  %s: %d actions in %d frames, %s; %d us a frame on average, %d ms at most"
          % (game["players"], game["actions"], game["frames"],
             ("won by P%d" % (game["winner"] + 1)) if game["over"] and game["winner"] in (0, 1) else "not over",
             game["frame_us_mean"], game["frame_ms_max"]))
    others = {}
    for name in games.NAMES[1:]:  # every other game: one seeded game each
        figures = engine_game(seed, h.ticks_ms, name=name)
        others[name] = figures
        print("  %s, %s: %d actions in %d frames, %s; %d us a frame on average"
              % (name, figures["players"], figures["actions"], figures["frames"],
                 "over" if figures["over"] else "not over", figures["frame_us_mean"]))
    report["other_games"] = others
    if buttons:
        print("button check (%d s for each button):" % (wait_ms // 1000))
        report["buttons"] = button_check(h, wait_ms)
    problems = [name for name, result in report.get("buttons", {}).items() if result != "ok"]
    if not game["over"]:
        problems.append("engine game")
    problems += ["%s game" % name for name, figures in others.items() if not figures["over"]]
    report["pass"] = not problems
    h.deinit()
    print("result: %s" % ("PASS" if not problems else "FAIL: " + ", ".join(problems)))
    print("SELFTEST " + json.dumps(report))
    print("press reset to play again")
    return report


def _bytes(figures):
    free, largest = figures
    return "%d bytes (largest block %s)" % (free, "%d bytes" % largest if largest is not None else "not probed")
