"""Blind button mashers against the CPU levels of every game: does pressing without looking win?

A masher presses a fixed pattern of buttons (such as LEFT, RIGHT, LEFT, RIGHT)
at a fixed rhythm (a press every 100 to 400 ms) and never looks at the table.
Its presses go through the player's Cluster and the Sequencer like anyone's
(engine.bots.match), so it pays what a person pays: a refused play locks its
plays for engine.lockout.LOCK_MS (longer when repeated), California's press covers only the pile at
its mark (auto-aim off, the default), and Speed is called with UP only (P-8).
The games are the registry's (engine.games, a game registered from outside
too), each with its default options and each options object of its file
module's MASHED (Speed's ``{"ending": "call"}``, labelled speed-call: a press
means something else under it); the levels are those of its ROSTER.
Each masher plays N games against each level of each game, from both seats
(game i is dealt with seed SEED + i // 2, the masher in seat i % 2), and the
table says how many it won. The bound (issue 20): no masher wins more than
10% of its games against level 3 or above, in any game.

    python3 tools/bench/bench_mash.py --games 10 --seed 1 --jobs 2  # the whole table (docs/bots.md)
    python3 tools/bench/bench_mash.py --games 4 --levels 3 --rhythms 100,250 --games-list spit
"""

import sys
import time

import _path  # puts the repository root on sys.path

from engine import games
from engine.actions import DOWN, LEFT, PH_OVER, RIGHT, UP
from engine.bots.match import Match
from engine.timing import ticks_add, ticks_diff
from desktop.cli import Parser, integer, whole_number

_BUTTON = {"U": UP, "D": DOWN, "L": LEFT, "R": RIGHT}
PATTERNS = ("LR", "L", "R", "LRD", "LRUD", "ULDR", "LD")  # the patterns a masher tries, one letter a press
RHYTHMS = (100, 150, 200, 250, 300, 400)  # ms between two presses
BOUND = 0.10  # the most a masher may win against level FROM_LEVEL or above
FROM_LEVEL = 3


class Masher:
    """Presses a fixed pattern at a fixed rhythm without looking: a Driver's interface for engine.bots.match."""

    def __init__(self, player, cluster, pattern, every_ms, first_ms=0):
        self.player = player
        self.cluster = cluster
        self.buttons = bytes(_BUTTON[c] for c in pattern)
        self.every = every_ms
        self.first = first_ms
        self.i = 0
        self.t = 0  # time of the press poll() returned
        self.t_next = first_ms
        self.ib = self.nb = 0  # (a Driver's: a masher never plans a move)
        self.verb = 255
        self.move_ms = 0

    def start(self, game, now):
        self.t_next = ticks_add(now, self.first)

    def when(self):
        return self.t_next

    def look(self, game, now):
        """A masher never looks."""

    def poll(self, now, game):
        """The next button pressed by now, or -1."""
        if game.phase == PH_OVER or ticks_diff(self.t_next, now) > 0:
            return -1
        self.t = self.t_next
        self.t_next = ticks_add(self.t, self.every)
        b = self.buttons[self.i % len(self.buttons)]
        self.i += 1
        return b


def entries():
    """[(label, game name, options)]: every registered game with its defaults, then with each options object of
    its file module's MASHED (label: the name and the options' values, speed-call)."""
    from engine.replay import file_module

    out = []
    for name in games.NAMES:
        out.append((name, name, {}))
        for options in getattr(file_module(name), "MASHED", ()):
            out.append(("-".join([name] + [str(v) for v in options.values()]), name, dict(options)))
    return out


def levels_of(name):
    """The CPU levels of a game's ROSTER (its levelN bots)."""
    return [int(bot[5:]) for bot in games.get(name).ROSTER if bot[:5] == "level" and bot[5:].isdigit()]


def play(name, options, level, pattern, every_ms, seed, seat):
    """One game of a masher (in seat) against a CPU level; True when the masher wins."""
    info = games.get(name)
    make = __import__(info.CPU, None, None, ("make",)).make
    game = info.new(seed, options)
    match = Match(game, (make("level%d" % level), make("level%d" % level)), seed=seed)
    drivers = list(match.drivers)
    masher = Masher(seat, drivers[seat].cluster, pattern, every_ms, first_ms=37 * (seed % 7))
    masher.start(game, 0)
    drivers[seat] = masher
    match.drivers = tuple(drivers)
    match.run()
    return game.phase == PH_OVER and game.winner == seat


def play_cell(job):
    """(cell, masher wins) of one masher's count games against one level."""
    (label, level, pattern, every), count, seed = job
    name, options = next((g[1], g[2]) for g in entries() if g[0] == label)
    wins = 0
    for g in range(count):
        wins += play(name, options, level, pattern, every, seed + g // 2, g % 2)
    return job[0], wins


def run(labels, levels, patterns, rhythms, count, seed, progress=None, jobs=1):
    """{(label, level, pattern, rhythm): masher wins of count games}; jobs: processes at once. A level a game's
    roster lacks is not played in it."""
    cells = [(label, level, pattern, every) for label, name, _ in entries() if label in labels
             for level in levels if level in levels_of(name) for pattern in patterns for every in rhythms]
    work = [(cell, count, seed) for cell in cells]
    total = len(work) * count
    out = {}
    start = time.time()
    pool = None
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.Pool(jobs)
        answers = pool.imap_unordered(play_cell, work)
    else:
        answers = map(play_cell, work)
    try:
        for cell, wins in answers:
            out[cell] = wins
            if progress is not None:
                progress(len(out) * count, total, time.time() - start)
    finally:
        if pool is not None:
            pool.terminate()
    return out


def wilson_high(wins, n, z=1.96):
    """The upper end of the 95% interval (Wilson) of a win rate."""
    p = wins / n
    d = 1 + z * z / n
    return min(1.0, (p + z * z / (2 * n) + z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d)


def worst(results, count):
    """[(label, level, masher wins, games, the best masher 'PATTERN@MS', its wins)] per game and level."""
    rows = {}
    for (label, level, pattern, every), wins in results.items():
        key = (label, level)
        total, n, best, most = rows.get(key, (0, 0, "", -1))
        if wins > most:
            best, most = "%s@%d" % (pattern, every), wins
        rows[key] = (total + wins, n + count, best, most)
    order = [g[0] for g in entries()]
    return [(k[0], k[1]) + v for k, v in sorted(rows.items(), key=lambda kv: (order.index(kv[0][0]), kv[0][1]))]


def table(results, count, full=False):
    """The masher table as Markdown."""
    lines = ["| game | level | masher wins (all mashers) | the best masher | its wins of %d (95%% interval to) |"
             % count, "| --- | --- | --- | --- | --- |"]
    for label, level, total, n, best, most in worst(results, count):
        lines.append("| %s | %d | %d of %d (%.1f%%) | %s | %d (%.0f%%) |"
                     % (label, level, total, n, 100.0 * total / n, best, most, 100 * wilson_high(most, count)))
    if full:
        lines += ["", "| game | level | masher | wins of %d |" % count, "| --- | --- | --- | --- |"]
        order = [g[0] for g in entries()]
        for (label, level, pattern, every), wins in sorted(results.items(), key=lambda kv: (
                order.index(kv[0][0]), kv[0][1:])):
            lines.append("| %s | %d | %s@%d | %d |" % (label, level, pattern, every, wins))
    return "\n".join(lines)


def broken(results, count):
    """The cells where a masher won more than BOUND of its games against level FROM_LEVEL or above."""
    return sorted(k for k, wins in results.items() if k[1] >= FROM_LEVEL and wins > BOUND * count)


def _names(text, allowed, what):
    out = [s.strip() for s in text.split(",") if s.strip()]
    for s in out:
        if s not in allowed:
            raise ValueError("%s %r: one of %s" % (what, s, ", ".join(str(a) for a in allowed)))
    return out


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=integer, default=20, help="games per masher and level (default 20)")
    parser.add_argument("--seed", type=whole_number, default=1, help="first deal seed (default 1)")
    labels = [g[0] for g in entries()]
    parser.add_argument("--games-list", default=",".join(labels),
                        help="the games, comma-separated (default: %s)" % ",".join(labels))
    parser.add_argument("--levels", default="1,2,3,4,5,6,7,8", help="CPU levels (default 1-8)")
    parser.add_argument("--patterns", default=",".join(PATTERNS), help="button patterns (default: %s)"
                        % ",".join(PATTERNS))
    parser.add_argument("--rhythms", default=",".join(str(r) for r in RHYTHMS),
                        help="ms between presses (default: %s)" % ",".join(str(r) for r in RHYTHMS))
    parser.add_argument("--full", action="store_true", help="every masher's row as well")
    parser.add_argument("--jobs", type=integer, default=1, help="processes at once (default 1)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    try:
        labels = _names(args.games_list, labels, "game")
        levels = [int(x) for x in _names(args.levels, [str(k) for k in range(1, 9)], "level")]
        patterns = _names(args.patterns, PATTERNS + tuple(p for p in args.patterns.split(",")
                                                          if p and set(p) <= set("UDLR")), "pattern")
        rhythms = [int(x) for x in args.rhythms.split(",") if x.strip()]
        if not rhythms or min(rhythms) < 1:
            raise ValueError("rhythms: whole numbers of ms, at least 1")
    except ValueError as e:
        print("bench_mash: %s" % e, file=sys.stderr)
        return 2
    if args.games < 1 or not 1 <= args.jobs <= 64:
        print("bench_mash: --games must be at least 1, --jobs 1 to 64", file=sys.stderr)
        return 2
    shown = [0.0]

    def progress(done, total, seconds):
        if args.quiet or (seconds - shown[0] < 5 and done < total):
            return
        shown[0] = seconds
        print("bench_mash: %d/%d games, %.0f s" % (done, total, seconds), file=sys.stderr, flush=True)

    results = run(labels, levels, patterns, rhythms, args.games, args.seed, progress, args.jobs)
    print(table(results, args.games, args.full))
    bad = broken(results, args.games)
    print()
    if bad:
        print("The bound is broken: a masher wins more than %d%% against level %d or above in %d cells: %s"
              % (100 * BOUND, FROM_LEVEL, len(bad), ", ".join("%s L%d %s@%d" % k for k in bad[:10])))
        return 1
    print("No masher wins more than %d%% of its games against level %d or above." % (100 * BOUND, FROM_LEVEL))
    return 0


if __name__ == "__main__":
    _path.run(main)
