"""How many full games per second the engine plays on CPython, one core (Spit, Speed, ...).

Each game is the game's engine with the given options (``--game``,
``--option``), seeded s, driven to the end by ``RandomPlay`` (random legal
actions, every one through ``apply``), seeds 1..N. Figures and the way they
are measured: docs/performance.md.

    python tools/bench/bench.py [--game speed] [--option KEY=VALUE] [--games N] [--repeat R] [--profile]
    python tools/bench/bench.py --vs REF [--pairs P] [--game ...] [--games N]
    python tools/bench/bench.py --digest [--every] [--engine REF] [--game ...] [--games N]

``--engine REF`` plays another engine: REF is a checkout's folder or a git
commit of this repository (its engine/ is exported to a temporary folder).
``--vs REF`` times this engine and REF's side by side, in turn in fresh
processes, and prints the ratio of each pair. ``--digest`` prints one hash
over every game instead of a time: every action applied (time, player, verb,
a, b and the reason returned), every report, and each game's end (its
engine.digest and every card of its state); two engines that give the same
hash played the same games. ``--every``: every combination of the game's
menu values that its file module accepts.
"""

import hashlib
import itertools
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

import _path  # noqa: F401  (puts the repository root on sys.path)
from desktop.cli import Parser, add_game_arguments, game_options  # argparse with one-line errors

HERE = os.path.abspath(__file__)


def play_games(games, first_seed=1, name=None, options=None):
    """Play games seeded first_seed.. to the end (name: the registry's first game when None); return the total
    number of actions applied."""
    from engine import games as registry
    from engine.randplay import RandomPlay

    info = registry.get(name or registry.NAMES[0])
    quiet = "reports" in RandomPlay.__init__.__code__.co_varnames  # nobody reads them (an engine before: on)
    actions = 0
    for seed in range(first_seed, first_seed + games):
        game = info.new(seed, options or {})
        actions += (RandomPlay(game, seed, reports=False) if quiet else RandomPlay(game, seed)).play()
    return actions


def measure(games, repeat, name=None, options=None):
    """Best of repeat timed runs of games games: (seconds, actions, CPU seconds). The CPU time is the process's
    own (time.process_time), which a busy machine's other processes inflate less than the wall's."""
    best = best_cpu = None
    actions = 0
    for _ in range(repeat):
        start = time.perf_counter()
        cpu = time.process_time()
        actions = play_games(games, 1, name, options)
        cpu = time.process_time() - cpu
        took = time.perf_counter() - start
        if best is None or took < best:
            best = took
        if best_cpu is None or cpu < best_cpu:
            best_cpu = cpu
    return best, actions, best_cpu


# ---- the same games: one hash over them -------------------------------------------------------------------


def _feed(h, v):
    """Every card and number of v (a Pile, a bytearray, an int, a tuple or list of them) into the hash h."""
    if v is None or isinstance(v, (bool, int)):
        h.update(b"%r," % (v,))
    elif isinstance(v, (bytes, bytearray)):
        h.update(b"b%d:" % len(v) + bytes(v))
    elif isinstance(v, (tuple, list)):
        h.update(b"(")
        for x in v:
            _feed(h, x)
        h.update(b")")
    else:  # a Pile: its cards, not the room after them
        h.update(b"p%d:" % v.n + bytes(v.buf[:v.n]))


def digest_game(h, game, seed, limit=100000):
    """Play one game as the benchmark does, feeding every action applied, its reason, every report and the
    game's end into h; return the number of actions applied."""
    from engine.actions import PH_OVER
    from engine.digest import digest
    from engine.randplay import RandomPlay

    apply = game.apply
    seen = []

    def recorded(t, player, verb, a=0, b=0):
        reason = apply(t, player, verb, a, b)
        seen.append((t, player, verb, a, b, reason))
        return reason

    game.apply = recorded  # RandomPlay and its Sequencer call game.apply
    reports = game.reports
    play = RandomPlay(game, seed)
    h.update(b"seed %d" % seed)
    count = 0
    while game.phase != PH_OVER and count < limit:  # RandomPlay.play, with the reports read after each step
        k = play.step()
        for action in seen:
            h.update(b"a%d,%d,%d,%d,%d,%d;" % action)
        del seen[:]
        i = reports.pop()
        while i >= 0:
            h.update(b"r" + bytes(reports.buf[i:i + 5]))
            i = reports.pop()
        if not k:
            break
        count += k
    h.update(b"end %d %d" % (count, digest(game)))
    for attr in game.PUBLIC + game.HIDDEN:
        _feed(h, getattr(game, attr))
    return count


def combinations(name):
    """Every option dict of the game's menu values that its file module accepts, once each as the engine
    sees them (California's are the screen's and the buttons': one)."""
    from engine import games as registry
    from engine.replay import ReplayError, file_module

    files = file_module(name)
    menu = registry.get(name).OPTIONS
    out = {}
    for values in itertools.product(*[option[2] for option in menu]):
        try:
            options = files.options(dict(zip([option[0] for option in menu], values)))
        except ReplayError:
            continue
        out.setdefault(json.dumps(options, sort_keys=True), options)
    return list(out.values())


def digest_games(games, name, sets):
    """(hash of every game of every option set, [(options, that set's hash, actions)])."""
    from engine import games as registry

    info = registry.get(name)
    whole = hashlib.sha256()
    rows = []
    for options in sets:
        h = hashlib.sha256()
        actions = 0
        for seed in range(1, games + 1):
            actions += digest_game(h, info.new(seed, options), seed)
        rows.append((options, h.hexdigest()[:16], actions))
        whole.update(h.digest())
    return whole.hexdigest()[:16], rows


# ---- another engine, and two side by side -----------------------------------------------------------------


def engine_root(ref, keep):
    """The folder whose engine/ a run plays: ref itself when it is a folder holding one, else ref as a git
    commit of this repository exported into a temporary folder (appended to keep, removed by the caller)."""
    if os.path.isdir(os.path.join(ref, "engine")):
        return os.path.abspath(ref)
    folder = tempfile.mkdtemp(prefix="bench-engine-")
    keep.append(folder)
    archive = subprocess.run(["git", "-C", _path.ROOT, "archive", "--format=tar", ref, "engine"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if archive.returncode:
        said = archive.stderr.decode(errors="replace").strip().splitlines()
        raise ValueError("%s: neither a folder with an engine/ nor a commit (git: %s)"
                         % (ref, said[-1] if said else "status %d" % archive.returncode))
    path = os.path.join(folder, "engine.tar")
    with open(path, "wb") as f:
        f.write(archive.stdout)
    with tarfile.open(path) as tar:
        tar.extractall(folder)
    os.remove(path)
    return folder


def use_engine(root):
    """Play root's engine/ from now on: the engine modules imported so far are forgotten (a process of its own:
    the command line's)."""
    for module in [m for m in sys.modules if m == "engine" or m.startswith("engine.")]:
        del sys.modules[module]
    sys.path.insert(0, root)


def side_by_side(args, other, pairs):
    """This engine and other's (a folder), each in a fresh process in turn, pairs times: printed rows, by the
    processes' CPU time and by the wall's."""
    base = [sys.executable, HERE, "--games", str(args.games), "--repeat", str(args.repeat), "--json"]
    if args.game:
        base += ["--game", args.game]
    for key, value in args.option:
        base += ["--option", "%s=%s" % (key, json.dumps(value))]
    if args.players:
        base += ["--players", str(args.players)]
    rates = {"this": ([], []), "other": ([], [])}
    for _ in range(pairs):
        for who, extra in (("this", []), ("other", ["--engine", other])):
            run = json.loads(subprocess.run(base + extra, stdout=subprocess.PIPE, check=True, text=True).stdout)
            rates[who][0].append(run["games_per_cpu_s"])
            rates[who][1].append(run["games_per_s"])
    for k, clock in enumerate(("CPU", "wall")):
        ours, theirs = rates["this"][k], rates["other"][k]
        ratios = [a / b for a, b in zip(ours, theirs)]
        print("games a second of %s time, this engine: %s (median %.0f)"
              % (clock, " ".join("%.0f" % r for r in ours), statistics.median(ours)))
        print("games a second of %s time, %s: %s (median %.0f)"
              % (clock, args.vs, " ".join("%.0f" % r for r in theirs), statistics.median(theirs)))
        print("ratio this/%s by %s time, pair by pair: %s; median %.2f (min %.2f, max %.2f)"
              % (args.vs, clock, " ".join("%.2f" % r for r in ratios), statistics.median(ratios), min(ratios),
                 max(ratios)))


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    add_game_arguments(parser, "the game to play")
    parser.add_argument("--games", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the fastest counts (default 3; with --vs, a process's)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one run instead")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the lines")
    parser.add_argument("--engine", metavar="REF", help="play the engine of REF: a checkout's folder or a commit")
    parser.add_argument("--vs", metavar="REF", help="time this engine and REF's side by side (ratios)")
    parser.add_argument("--pairs", type=int, default=5, help="with --vs: runs of each, in turn (default 5)")
    parser.add_argument("--digest", action="store_true", help="print one hash over every game instead of a time")
    parser.add_argument("--every", action="store_true",
                        help="with --digest: every combination of the menu's values the game accepts")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1 or args.pairs < 1:
        print("bench: --games, --repeat and --pairs must be at least 1", file=sys.stderr)
        return 2
    keep = []
    try:
        return run(args, parser, keep)
    except ValueError as e:
        print("bench: %s" % e, file=sys.stderr)
        return 2
    finally:
        for folder in keep:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)


def run(args, parser, keep):
    """main()'s work once the arguments are checked."""
    if args.vs:
        name, _ = game_options(args, parser)  # a bad option is refused here, not in the runs
        side_by_side(args, engine_root(args.vs, keep), args.pairs)
        return 0
    if args.engine:
        use_engine(engine_root(args.engine, keep))
    name, options = game_options(args, parser)
    if args.digest:
        sets = combinations(name) if args.every else [options]
        whole, rows = digest_games(args.games, name, sets)
        for options, h, actions in rows:
            print("%s %8d %s" % (h, actions, json.dumps(options, sort_keys=True)))
        import engine

        print("digest %s: %s, %d option sets, %d games each (the engine in %s)"
              % (whole, name, len(rows), args.games, os.path.dirname(os.path.dirname(engine.__file__))))
        return 0
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(play_games, args.games, 1, name, options)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        return 0
    took, actions, cpu = measure(args.games, args.repeat, name, options)
    if args.json:
        print(json.dumps({"game": name, "options": options, "games": args.games, "seconds": took,
                          "games_per_s": args.games / took, "cpu_seconds": cpu, "games_per_cpu_s": args.games / cpu,
                          "actions": actions}))
        return 0
    print("game:             %s %s" % (name, options))
    print("games:            %d (best of %d runs, %.2f s)" % (args.games, args.repeat, took))
    print("games/s:          %.0f (%.0f a second of the process's CPU time)" % (args.games / took, args.games / cpu))
    print("actions/s:        %.0f" % (actions / took))
    print("actions per game: %.1f" % (actions / args.games))
    return 0


if __name__ == "__main__":
    _path.run(main)
