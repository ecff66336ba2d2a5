"""Each CPU level's median time a move in a game: the figures of its description's MEDIAN_MS.

    python3 tools/bench/bench_median.py [--game NAME] [--deals 30] [--seed 500]

It measures them as tests/engine/test_ladder.py does (which holds each figure
to 10%): each level of the game's ROSTER (its levelN bots, in order) plays
the next one up over DEALS seeded deals from both seats (deal g of a pair is
seed SEED + g // 2), and a level's median is taken over its moves in each pair
it plays (beside the one below and the one above). It prints a row a level:
the median in each pair, the description's figure, and whether each is within
10% of it; then the MEDIAN_MS tuple to write into the description, each
level's median over all its moves. Exit status 1 when a figure is more than
10% off (as test_ladder would fail), 2 for a bad argument (one line).
"""

import sys

import _path  # puts the repository root on sys.path

from engine import games
from engine.actions import PH_OVER
from engine.bots.match import Match
from desktop.cli import Parser, integer, whole_number

DEALS = 30  # per pair, each from both seats (tests/engine/test_ladder.py's)
FIRST_SEED = 500  # test_ladder's: not the tournament's seeds 1-200 the levels were tuned on
SLACK = 0.1  # test_ladder's bound: within 10% of the figure


def levels_of(name):
    """The CPU levels of a game's ROSTER (its levelN bots), in order."""
    return [int(bot[5:]) for bot in games.get(name).ROSTER if bot[:5] == "level" and bot[5:].isdigit()]


def play_pair(name, level, higher, deals=DEALS, first_seed=FIRST_SEED):
    """Games of level higher against level, each deal from both seats: (wins of higher, games, {level: the ms
    of each of its moves}); a game that does not end is a ValueError. A level is a number (levelN) or another
    bot of the roster by its name (the relaxed CPU)."""
    info = games.get(name)
    make = __import__(info.CPU, None, None, ("make",)).make
    wins = 0
    moves = {level: [], higher: []}
    for g in range(2 * deals):
        seed = first_seed + g // 2
        high_seat = g % 2
        high, low = [make(lv if isinstance(lv, str) else "level%d" % lv) for lv in (higher, level)]
        match = Match(info.new(seed, {}), (low, high) if high_seat else (high, low), seed=seed)
        match.moves = []
        match.run()
        if match.game.phase != PH_OVER or match.game.winner not in (0, 1):
            raise ValueError("%s: level %s against level %s, seed %d: the game did not end" % (name, higher, level,
                                                                                               seed))
        wins += match.game.winner == high_seat
        for p, ms in match.moves:
            moves[higher if p == high_seat else level].append(ms)
    return wins, 2 * deals, moves


def median(values):
    """The middle value (the upper of two): test_ladder's median."""
    values = sorted(values)
    return values[len(values) // 2]


def measure(name, deals=DEALS, first_seed=FIRST_SEED):
    """{level: [(the other level, its median ms in that pair)], "all": {level: median over all its moves},
    "wins": {(level, higher): (wins of higher, games)}} for a game's ladder."""
    ladder = levels_of(name)
    per, every, wins = {lv: [] for lv in ladder}, {lv: [] for lv in ladder}, {}
    for low, high in zip(ladder, ladder[1:]):
        won, played, moves = play_pair(name, low, high, deals, first_seed)
        wins[(low, high)] = (won, played)
        for lv, other in ((low, high), (high, low)):
            per[lv].append((other, median(moves[lv])))
            every[lv] += moves[lv]
    return {"per": per, "all": {lv: median(every[lv]) for lv in ladder if every[lv]}, "wins": wins}


def report(name, fig):
    """The table and the MEDIAN_MS line as text; and the levels whose figure is more than SLACK off."""
    shown = games.get(name).MEDIAN_MS
    lines = ["| level | median ms a move, by pair | MEDIAN_MS | within 10% |", "| --- | --- | --- | --- |"]
    off = []
    for lv, pairs in sorted(fig["per"].items()):
        want = shown[lv] if lv < len(shown) else 0
        ok = all(abs(ms - want) <= SLACK * want for _, ms in pairs) if want else False
        if not ok:
            off.append(lv)
        lines.append("| %d | %s | %d | %s |" % (lv, ", ".join("%d (with level %d)" % (ms, other)
                                                             for other, ms in pairs), want, "yes" if ok else "NO"))
    top = max(fig["all"]) if fig["all"] else 0
    medians = [fig["all"].get(k, 0) for k in range(max(top, len(shown) - 1) + 1)]
    lines += ["", "MEDIAN_MS = (%s)" % ", ".join("%d" % ms for ms in medians)]
    for (low, high), (won, played) in sorted(fig["wins"].items()):
        lines.append("level %d won %d of %d against level %d" % (high, won, played, low))
    return "\n".join(lines), off


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default=games.NAMES[0], help="the game (default %s)" % games.NAMES[0])
    parser.add_argument("--deals", type=integer, default=DEALS, help="deals per pair, each from both seats "
                        "(default %d, test_ladder's)" % DEALS)
    parser.add_argument("--seed", type=whole_number, default=FIRST_SEED, help="first deal seed (default %d)"
                        % FIRST_SEED)
    args = parser.parse_args(argv)
    if args.game not in games.NAMES:
        print("bench_median: no game called %r (there are %s)" % (args.game, ", ".join(games.NAMES)), file=sys.stderr)
        return 2
    if not 1 <= args.deals <= 10000:
        print("bench_median: --deals must be 1 to 10000", file=sys.stderr)
        return 2
    if len(levels_of(args.game)) < 2:
        print("bench_median: %s's ROSTER has fewer than two levelN bots: no pair to play" % args.game,
              file=sys.stderr)
        return 2
    try:
        fig = measure(args.game, args.deals, args.seed)
    except ValueError as e:
        print("bench_median: %s" % e, file=sys.stderr)
        return 1
    text, off = report(args.game, fig)
    print(text)
    if off:
        print("\nMEDIAN_MS is more than 10%% off at level %s (tests/engine/test_ladder.py would fail)"
              % ", ".join(str(lv) for lv in off))
        return 1
    return 0


if __name__ == "__main__":
    _path.run(main)
