"""The self-test a board runs on request: tools/board/selftest.py sends it through mpremote.

By hand, at the board's REPL (Ctrl-C, then any key)::

    >>> import ui.selftest
    >>> ui.selftest.main()

It prints a report as it goes and ends with one line ``SELFTEST {json}`` for
the host: the board and firmware, the free heap after start-up (the menu), at
the table screen and at each game's table in the demo (after gc.collect(),
with the largest block that can still be allocated: tools/bench/bench_board.py
--selftest predicts these from CircuitPython's board VM), a seeded engine game with the time per frame, and a button
check that asks each player to press each button (the lights show whose turn
it is; each right press beeps). The hardware checks are hal/selftest.py's;
this entry, like code.py, chooses the board's hal and makes the App.
"""

import json

import hal
from engine import games
from engine.actions import PH_OVER
from engine.randplay import RandomPlay
from engine.timing import ticks_diff
from hal.selftest import board_id, button_check, firmware, heap, heap_words

FRAME_MS = 33  # the game's frame (ui.app.FRAME_MS)


def engine_game(seed, ticks_ms, level=3, limit_ms=1200000, name="spit"):
    """A seeded game, CPU player of level vs the game's random player (make("random")) or level 1, frame by frame."""
    info = games.get(name)
    game = info.new(seed, {})
    try:
        cpu = __import__(info.CPU, None, None, ("make",))
        from engine.bots.match import Match
    except ImportError:
        return _random_game(game, seed, ticks_ms)
    try:
        other = cpu.make("random")  # a game's random player, where its CPU module has one (Spit's)
    except ValueError:
        other = cpu.make("level1")
    bots = (cpu.make("level%d" % level), other)
    match = Match(game, bots, seed=seed, frame_ms=FRAME_MS, limit_ms=limit_ms)
    frames = total = worst = 0
    while not match.over():
        t0 = ticks_ms()
        match.step()
        spent = ticks_diff(ticks_ms(), t0)
        total += spent
        worst = max(worst, spent)
        frames += 1
    return _figures(game, seed, "level%d v %s" % (level, bots[1].name), match.actions, frames, total, worst)


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
        spent = ticks_diff(ticks_ms(), t0)
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
        spent = ticks_diff(h.ticks_ms(), t0)
        total += spent
        worst = max(worst, spent)
    return total, worst


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
    print("free heap after start-up (menu): %s" % heap_words(report["heap_menu"]))
    app.start_game(h.ticks_ms())
    total, worst = ui_frames(app, h, frames)
    report["heap_table"] = heap(probe)
    report["table_frames"] = {"frames": frames, "ms_mean": total // frames, "ms_max": worst}
    print("free heap at the table: %s" % heap_words(report["heap_table"]))
    print("table screen: %d frames, %d ms each on average, %d ms at most"
          % (frames, total // frames, worst))
    report["heap_games"] = {}
    for name in games.NAMES:  # each game's demo table after a few seconds of play, as tools/bench/bench_board.py
        app.back_to_menu()
        app.settings["game"] = name
        app.start_game(h.ticks_ms(), demo=True)
        ui_frames(app, h, 3 * frames)
        report["heap_games"][name] = heap(probe)
        print("free heap at %s's table (the demo): %s" % (name, heap_words(report["heap_games"][name])))
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
