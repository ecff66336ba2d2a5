"""Memory budgets on CircuitPython's own VM, from the .mpy files a board's bundle ships.

    python tools/bench/bench_cp.py [--game spit|speed] [--players 2-4] [--decks 1|2] [--games 50] [--board pybadge]
                             [--json] [--no-search]

The VM is CircuitPython 10.3's unix port, 32-bit, built by
tools/board/circuitpython.py; the code is the board's bundle (tools/board/bundle.py:
every module compiled by CircuitPython's mpy-cross), with tools/board/standins/ in
place of the hardware modules. The collector is on (it collects inside calls,
as on a board) unless a figure needs it off. Figures (docs/performance.md):

Every figure is per game (each game alone: only its modules are imported):

- heap held after importing the game (its engine, buttons and words: the
  screen logic without displayio; the registry and the game's description,
  which the menu loads for every game, come before), then its CPU players,
  then the UI;
- the smallest ``-X heapsize`` (1 KB steps) in which N seeded CPU-against-CPU
  games play to the end through the real frame loop (``ui.app.App`` on the
  stand-in display), and that they end as on CPython (C-5);
- that a whole such game runs within a 2048-byte and a 1536-byte pystack, and
  that 10 games of level5 against level3 play out in the 40 KB heap with
  the 2048-byte pystack (``pair_at_budget``);
- bytes allocated per ``apply()``, per CPU players' frame, and per
  ``App.frame()`` (idle, and with a card play), the collector off.

Exit status 1 when a budget is broken, 2 when the VM cannot be built.
"""

import json
import os
import shutil
import sys
import tempfile

import _path
from engine import games as games_registry
from engine.games import NAMES
from desktop.cli import Parser  # argparse with one-line errors

import bench_board
import bundle
import circuitpython
import mpyvm

KB = 1024
BUDGETS = {"heap_needed": 40 * KB, "engine_import": 18 * KB, "game_and_cpu_import": 32 * KB, "apply_alloc": 0,
           "cpu_frame_alloc": 0, "idle_frame_alloc": 0, "play_frame_alloc": 0}
STANDINS = os.path.join(_path.ROOT, "tools", "board", "standins")
BOTS = ("level7", "level8")  # the demo's pair (ui/seating.py DEMO_BOTS)
PAIR = ("level5", "level3")  # issue 33: two CPUs, 10 games, in the 40 KB heap with the 2 KB pystack
PAIR_GAMES = 10

# A game registered at run time (engine.games' docstring: a game whose folders live outside engine/ and ui/):
# its name, title and package, set before the program runs (the home parameter of the functions below).
REGISTER = r"""
from engine import games as _games
_games.NAMES = _games.NAMES + (GAME,)
_games.TITLES = _games.TITLES + (HOME[0],)
_games.HOMES[GAME] = HOME[1]
del _games
"""

# A whole CPU-against-CPU demo game through the App, as a board plays it: 33 ms frames on a fake clock.
GAMES = mpyvm.DIGEST + r'''
import gc
import sys
import hal.pybadge
from ui import app as U

clock = [0]
hal.pybadge.Hal.ticks_ms = lambda self: clock[0]


h = hal.pybadge.Hal()
app = U.App(h, settings=dict(OPTIONS, game=GAME))  # one App for every game, as on a board
out = []
for seed in SEEDS:
    app.seed = seed
    app.games = 0  # so the game's seed is seed
    app.start_game(clock[0], demo=True)
    game = app.game
    frames = 0
    while game.phase != U.PH_OVER and frames < 200000:
        clock[0] += 33
        app.frame(clock[0])
        frames += 1
    out.append([seed, game.phase == U.PH_OVER, game.winner, digest(game, 0), frames])
    game = None
    gc.collect()
print("RESULT", out)
'''

# N seeded CPU-against-CPU games with no screen (engine.bots.match, 33 ms frames): the game and its CPUs
# alone, without the registry and the descriptions that the menu holds.
MATCH = r"""
import gc
from engine.actions import PH_OVER
from engine.bots.match import Match
engine_class = getattr(__import__(MODULES[0], None, None, ("_",)), MODULES[3])  # no registry: the game alone
cluster = __import__(MODULES[1], None, None, ("_",)).Cluster
cpu = __import__(MODULES[2], None, None, ("make",))
cpu.make(BOTS[0])  # what the bots need is imported at start, as a program does


def play(seed):
    game = engine_class(seed=seed, **OPTIONS)
    Match(game, [cpu.make(BOTS[p % 2]) for p in range(game.players)], seed=seed, frame_ms=33, cluster=cluster,
          view=cpu.View).run()
    return game.phase == PH_OVER


# Each game in a call, as the App plays one in its methods: a module-level loop's frame would keep the
# last game alive in a dead slot of its value stack (the collector scans it), two games at a deal.
over = 0
for seed in SEEDS:
    gc.collect()  # the last game freed before each deal, as the App does on a board (hal collect)
    over += play(seed)
print("RESULT", [over])
"""

# What importing holds, what apply() and the CPU players allocate, and one real label's text change.
ALLOC = r"""
import gc
import micropython
from engine import games
info = games.get(GAME)  # the registry and the game's description: the menu's, loaded before any game


# What each step of the imports holds, in a call: the harness's own names are locals (on the stack), not new
# keys of this module's globals, whose table would grow inside a figure. The qstr pools' figures are printed
# around the game's steps (printing allocates nothing): a pool's table opened meanwhile is left out (own()).
def imported():
    gc.collect()
    micropython.qstr_info()
    base = gc.mem_alloc()
    from engine import timing, actions  # noqa: F401
    for name in (info.ENGINE, info.CONTROLS, games.ui(GAME, "words")):  # the game with its screen logic (no displayio)
        __import__(name)
    gc.collect()
    game = gc.mem_alloc() - base
    micropython.qstr_info()
    players = __import__(info.CPU, None, None, ("make",))
    players.make(BOTS[0])  # a level's strategy module too
    import engine.bots.match  # noqa: F401
    gc.collect()
    bots = gc.mem_alloc() - base - game
    micropython.qstr_info()
    for name in STANDIN_NAMES:  # the hardware's stand-ins: held apart from the game's own modules
        __import__(name)
    gc.collect()
    standins = gc.mem_alloc() - base - game - bots
    import hal.pybadge  # noqa: F401
    from ui import app  # noqa: F401
    gc.collect()
    return game, bots, standins, gc.mem_alloc() - base - game - bots - standins, players


fig = {}
fig["engine_import"], fig["bots_import"], fig["standins_import"], fig["ui_import"], players = imported()

from ui.table import Text
import displayio
label = Text(displayio.Group(), 10, 10, (0.0, 0.0), 0xFFFFFF)
label.set(7)
gc.collect()
gc.disable()
before = gc.mem_alloc()
label.set(12)
fig["label_change_alloc"] = gc.mem_alloc() - before
gc.enable()
label = None

applies = [0, 0, 0]  # calls, bytes, most in one call
cpu = [0, 0, 0]


def add(row, used):
    row[0] += 1
    row[1] += used
    if used > row[2]:
        row[2] = used


def counted(game):
    real = game.apply

    def apply(t, p, v, a=0, b=0):
        before = gc.mem_alloc()
        r = real(t, p, v, a, b)
        used = gc.mem_alloc() - before
        if game.phase == phase[0] and game.round == phase[1]:
            add(applies, used)
        return r
    game.apply = apply


from engine.bots.match import Match
phase = [0, 0]
before = used = 0
d = None  # every global the loop sets is bound before it: a new key inside a measured frame grows the dict
for seed in SEEDS:
    game = info.new(seed, OPTIONS)
    m = Match(game, [players.make(BOTS[p % 2]) for p in range(game.players)], seed=seed, frame_ms=33)
    counted(game)
    drivers = m.drivers
    while not m.over():
        gc.collect()
        gc.disable()
        phase[0] = game.phase
        phase[1] = game.round
        m.now += 33
        before = gc.mem_alloc()
        for d in drivers:
            m._poll(d, m.now)
        used = gc.mem_alloc() - before
        if m.seq.n:
            m.actions += m.seq.flush(game)
        gc.enable()
        if game.phase == phase[0] and game.round == phase[1]:
            add(cpu, used)
    m = game = None
fig["applies"] = applies
fig["cpu"] = cpu
print("RESULT", fig)
"""

# App.frame() in a CPU-against-CPU demo, the collector off during each frame. Idle: nothing pressed,
# applied, reported or retexted; play: a card landed and no words changed but the counts.
FRAMES = r"""
import gc
import hal.pybadge
from ui import app as U
clock = [0]
hal.pybadge.Hal.ticks_ms = lambda self: clock[0]


def measure(h):
    # every frame's bytes, by kind; in a function, so that the harness's own names allocate nothing
    rows = {"idle": [0, 0, 0], "play": [0, 0, 0], "other": [0, 0, 0]}
    app = U.App(h, settings=dict(OPTIONS, game=GAME))
    for seed in SEEDS:
        app.seed = seed
        app.games = 0
        app.start_game(clock[0], demo=True)
        game = app.game
        c0, c1 = app.clusters[0], app.clusters[1]
        n = 0
        after = 0  # frames after the game's end: the winner's lights, the result on the table
        tidy = False  # the last frame was idle and took not a byte: it left no garbage
        while after < 90 and n < 100000:
            clock[0] += 33
            n += 1
            after += game.phase == U.PH_OVER
            state = (game.phase, game.round, app.reactions.lands, app.applied, app.banner_key, app.info_key,
                     c0.cursor, c1.cursor, app.said)
            # collected before each frame but after a tidy one, so the App's own collections at a deal find
            # what they would have found
            if not tidy or gc.mem_free() < 128 * 1024:
                gc.collect()
            gc.disable()
            before = gc.mem_alloc()
            app.frame(clock[0])
            used = gc.mem_alloc() - before
            gc.enable()
            same = state[:2] == (game.phase, game.round) and state[4:6] == (app.banner_key, app.info_key) \
                and state[8] == app.said
            if same and state[2:4] == (app.reactions.lands, app.applied) and state[6:8] == (c0.cursor, c1.cursor):
                kind = "idle"
            elif same and app.reactions.lands > state[2]:
                kind = "play"
            else:
                kind = "other"
            tidy = kind == "idle" and used == 0
            row = rows[kind]
            row[0] += 1
            row[1] += used
            if used > row[2]:
                row[2] = used
        game = None
        gc.collect()
    return rows


print("RESULT", measure(hal.pybadge.Hal()))
"""


def prepare(board, work, home=None):
    """Build the board's .mpy bundle in work; (bins, the VM's import path).

    home: (title, package) of a game registered at run time, whose folders are added to the bundle
    (bundle.add_home).

    The path finds the bundle's own libraries (the real neopixel) before the
    stand-ins.
    """
    bins = circuitpython.binaries()
    tree = os.path.join(work, board)
    bundle.build(board, tree, mpy_cross=bins["mpy-cross"])
    if home:
        bundle.add_home(tree, home[1], mpy_cross=bins["mpy-cross"])
    return bins, [tree, os.path.join(tree, "lib"), STANDINS]


def standin_names():
    """The hardware modules tools/board/standins/ stands in for."""
    return sorted(n[:-3] for n in os.listdir(STANDINS) if n.endswith(".py") and n != "_sim.py") + ["_sim"]


def guest(binary, program, path, heap, home=None, **params):
    """Run program on the VM with params as globals (a game of home registered first); (its RESULT value or None,
    the output)."""
    if home:
        params["HOME"] = tuple(home)
        program = REGISTER + program
    head = "".join("%s = %r\n" % kv for kv in sorted(params.items()))
    cwd = None
    if path:  # run in the bundle, with short paths as a board has ("/engine/spit.mpy"): every
        cwd = path[0]  # module's file name is a string on the heap
        path = [os.path.relpath(p, cwd) if p.startswith(cwd) else p for p in path]
    done = circuitpython.run(binary, head + program, path=path, heap=heap, cwd=cwd)
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("RESULT "):
            return eval(line[7:], {"__builtins__": {}}, {"true": True, "false": False}), done
    return None, done


def cpython_games(seeds, game=NAMES[0], options=None, home=None):
    """[seed, over, winner, digest, frames] of the same demo games on CPython (C-5), on the headless screen."""
    import subprocess

    head = "import sys\nsys.path[:0] = %r\nSEEDS = %r\nGAME = %r\nOPTIONS = %r\n" % (
        [STANDINS, _path.ROOT], list(seeds), game, dict(options or {}))
    if home:
        head += "HOME = %r\n" % (tuple(home),) + REGISTER
    done = subprocess.run([sys.executable, "-c", head + GAMES], capture_output=True, text=True,
                          cwd=tempfile.gettempdir())
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("RESULT "):
            return eval(line[7:], {"__builtins__": {}})
    raise RuntimeError("the games on CPython failed:\n" + done.stderr[-3000:])


def modules(game):
    """[engine module, controls module, CPU module, engine class name] of a game (engine.games)."""
    from engine import games

    info = games.get(game)
    return [info.ENGINE, info.CONTROLS, info.CPU, type(info.new(1, {})).__name__]


def plays(bins, path, kb, seeds, program=MATCH, game=NAMES[0], options=None, home=None, bots=BOTS,
          vm="micropython"):
    """True when every game of seeds plays to the end in a kb KB heap (MATCH: no screen; GAMES: the App), with
    these CPU levels (MATCH), on this VM of tools/board/circuitpython.py."""
    result, _ = guest(bins[vm], program, path, "%dk" % kb, home=home if program is not MATCH else None,
                      SEEDS=seeds, BOTS=list(bots), GAME=game, MODULES=modules(game), OPTIONS=dict(options or {}))
    if program is MATCH:
        return result == [len(seeds)]
    return result is not None and all(r[1] for r in result)


def smallest_heap(bins, path, seeds, program=MATCH, low=8, high=256, game=NAMES[0], options=None, home=None):
    """The smallest heap in KB (1 KB steps) in which the games all play out; None if not even in high."""
    if not plays(bins, path, high, seeds, program, game, options, home):
        return None
    while high - low > 1:
        mid = (low + high) // 2
        if plays(bins, path, mid, seeds, program, game, options, home):
            high = mid
        else:
            low = mid
    return high


def home_of(game):
    """(title, package) of a game registered here whose folders live outside engine/ (engine.games.HOMES), else
    None: the guests register it too, and its folders are added to the bundle."""
    package = games_registry.HOMES.get(game)
    return package and (games_registry.TITLES[games_registry.NAMES.index(game)], package)


QSTR_ENTRY = 7  # bytes of a name's entry in a qstr pool's table on this VM (hash 2, length 1, pointer 4)


def names_charged(measured, before, after):
    """An import's heap with its names charged at their entries' cost, not the pool's table that happened to
    open meanwhile (before, after: ``qstr_info()`` lines around it).

    A table opens for whichever name finds the last one full, and it holds up to as many names again as came
    before: which step pays for it depends on everything interned earlier (the same game measured 20,384 B
    here and 20,496 B in CI's order), so a budget held to the byte would judge the order, not the game.
    """
    tables = bench_board.qstr_tables(after) - bench_board.qstr_tables(before)
    names = bench_board.qstr_count(after) - bench_board.qstr_count(before)
    return measured - tables + QSTR_ENTRY * names


def measure(games=50, board="pybadge", search=True, game=NAMES[0], options=None, home=None):
    """Every figure of one game (with these engine options: players=4, ...), as a dict (see the module's docstring).

    home: (title, package) of a game registered at run time (home_of(game) unless given).
    """
    home = home or home_of(game)
    options = dict(options or {})
    # ranges, not lists: a guest's parameters are source it compiles, and a long list literal
    # would leave the compiler's garbage in the heap before the game is even imported
    seeds = range(1, games + 1)
    work = tempfile.mkdtemp(prefix="spit-benchcp-")
    try:
        bins, path = prepare(board, work, home)
        fig = {"game": game, "games": games, "board": board, "options": options}
        few = seeds[:min(games, 5)]
        alloc, done = guest(bins["micropython"], ALLOC, path, "512k", home, SEEDS=few, BOTS=list(BOTS),
                            STANDIN_NAMES=standin_names(), GAME=game, OPTIONS=options)
        if alloc is None:
            raise RuntimeError("the allocation guest failed:\n" + done.stdout[-3000:] + done.stderr[-3000:])
        for k in ("engine_import", "bots_import", "standins_import", "ui_import", "label_change_alloc"):
            fig[k] = alloc[k]
        pools = [line for line in done.stdout.splitlines() if line.startswith("qstr pool: ")]
        fig["engine_import"] = names_charged(fig["engine_import"], pools[0], pools[1])
        fig["bots_import"] = names_charged(fig["bots_import"], pools[1], pools[2])
        fig["game_and_cpu_import"] = fig["engine_import"] + fig["bots_import"]
        fig["apply_calls"], _, fig["apply_alloc"] = alloc["applies"]
        fig["cpu_frames"], _, fig["cpu_frame_alloc"] = alloc["cpu"]
        rows, done = guest(bins["micropython"], FRAMES, path, "512k", home, SEEDS=few, GAME=game,
                           OPTIONS=options)
        if rows is None:
            raise RuntimeError("the frames guest failed:\n" + done.stdout[-3000:] + done.stderr[-3000:])
        for kind in ("idle", "play", "other"):
            fig[kind + "_frames"], _, fig[kind + "_frame_alloc"] = rows[kind]
        result, done = guest(bins["micropython"], GAMES, path, "256k", home, SEEDS=seeds, GAME=game,
                             OPTIONS=options)
        if result is None:
            raise RuntimeError("the games guest failed:\n" + done.stdout[-3000:] + done.stderr[-3000:])
        fig["all_over"] = all(r[1] for r in result)
        fig["same_as_cpython"] = result == cpython_games(seeds, game, options, home)
        fig["frames_played"] = sum(r[4] for r in result)
        for vm, key in (("micropython-pystack", "pystack_2048"), ("micropython-pystack1536", "pystack_1536")):
            res, done = guest(bins[vm], GAMES, path, "256k", home, SEEDS=range(1, 2), GAME=game, OPTIONS=options)
            fig[key] = bool(res and res[0][1])
            if not fig[key]:
                fig[key + "_error"] = (done.stdout + done.stderr).strip().splitlines()[-1:]
        fig["heap_at_budget"] = plays(bins, path, BUDGETS["heap_needed"] // KB, seeds, game=game, options=options,
                                      home=home)
        fig["pair_at_budget"] = plays(bins, path, BUDGETS["heap_needed"] // KB, range(1, PAIR_GAMES + 1), game=game,
                                      options=options, home=home, bots=PAIR, vm="micropython-pystack")
        if search:
            kb = smallest_heap(bins, path, seeds, game=game, options=options, home=home)
            fig["heap_needed"] = kb * KB if kb else None
            kb = smallest_heap(bins, path, seeds[:5], GAMES, game=game, options=options, home=home)
            fig["app_heap_needed"] = kb * KB if kb else None
        fig["broken"] = broken(fig)
        return fig
    finally:
        shutil.rmtree(work, ignore_errors=True)


def broken(fig):
    """The names of the budgets fig breaks (and of the checks that failed)."""
    out = [k for k, most in sorted(BUDGETS.items()) if fig.get(k) is not None and fig[k] > most]
    for k in ("all_over", "same_as_cpython", "pystack_2048", "pystack_1536", "heap_at_budget", "pair_at_budget"):
        if not fig.get(k):
            out.append(k)
    return out


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="seeded games (default 50)")
    parser.add_argument("--board", default="pybadge", help="the bundle to measure (default pybadge)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-search", action="store_true", help="skip the smallest-heap search")
    parser.add_argument("--game", choices=NAMES, action="append",
                        help="the game to measure (repeatable; default every game)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=None,
                        help="seats, for the games that have more than two (Speed, P-11)")
    parser.add_argument("--decks", type=int, choices=(1, 2), default=None, help="Speed: decks (two with four seats)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    figs = []
    try:
        for game in args.game or NAMES:
            options = {}
            keys = [item[0] for item in games_registry.get(game).OPTIONS]
            for key in ("players", "decks"):
                if getattr(args, key) is not None and key in keys:
                    options[key] = getattr(args, key)
            figs.append(measure(args.games, args.board, not args.no_search, game, options))
    except circuitpython.Unavailable as e:
        print("bench_cp: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figs, indent=1, sort_keys=True))
    else:
        for fig in figs:
            print("== %s" % fig["game"])
            for k in sorted(fig):
                print("%-24s %s" % (k, fig[k]))
    return 1 if any(fig["broken"] for fig in figs) else 0


if __name__ == "__main__":
    _path.run(lambda: main())
