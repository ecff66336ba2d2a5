"""How many full games per second the engine plays on CPython, one core (Spit, Speed, ...).

Each game is the game's engine with the given options (``--game``,
``--option``), seeded s, driven to the end by ``RandomPlay`` (random legal
actions, every one through ``apply``), seeds 1..N. Figures and the way they
are measured: docs/performance.md.

    python tools/bench/bench.py [--game speed] [--option KEY=VALUE] [--games N] [--repeat R] [--profile]
"""

import sys
import time

import _path  # noqa: F401  (puts the repository root on sys.path)
from desktop.cli import Parser, add_game_arguments, game_options  # argparse with one-line errors

from engine import games as registry
from engine.randplay import RandomPlay


def play_games(games, first_seed=1, name=registry.NAMES[0], options=None):
    """Play games seeded first_seed.. to the end; return the total number of actions applied."""
    info = registry.get(name)
    actions = 0
    for seed in range(first_seed, first_seed + games):
        actions += RandomPlay(info.new(seed, options or {}), seed).play()
    return actions


def measure(games, repeat, name=registry.NAMES[0], options=None):
    """Best of repeat timed runs of games games: (seconds, actions)."""
    best = None
    actions = 0
    for _ in range(repeat):
        start = time.perf_counter()
        actions = play_games(games, 1, name, options)
        took = time.perf_counter() - start
        if best is None or took < best:
            best = took
    return best, actions


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    add_game_arguments(parser, "the game to play")
    parser.add_argument("--games", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the fastest counts (default 3)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one run instead")
    args = parser.parse_args(argv)
    name, options = game_options(args, parser)
    if args.games < 1 or args.repeat < 1:
        print("bench: --games and --repeat must be at least 1", file=sys.stderr)
        return 2
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(play_games, args.games, 1, name, options)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        return 0
    took, actions = measure(args.games, args.repeat, name, options)
    print("game:             %s %s" % (name, options))
    print("games:            %d (best of %d runs, %.2f s)" % (args.games, args.repeat, took))
    print("games/s:          %.0f" % (args.games / took))
    print("actions/s:        %.0f" % (actions / took))
    print("actions per game: %.1f" % (actions / args.games))
    return 0


if __name__ == "__main__":
    _path.run(main)
