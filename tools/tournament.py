"""Seeded games between CPU players (every pair, seats alternating) and a table of the results.

    python3 tools/tournament.py --game spit --bots level1,level3,mybot.py --games 1000 --seed 1

A bot is a roster name of the game (level1..level8, adaptive; for Spit also first, nearest) or a .py
file holding one subclass of engine.bots.Bot (or naming it in ``BOT = ...``).
Each pair plays --games games: game i is dealt with seed SEED + i // 2 and
the bots swap seats every game, so each deal is played from both sides.
Time is simulated (every press and think time is paid), so a game takes a
few milliseconds to compute. How bots work: docs/bots.md.

A bot file that fails to load, or fails while playing (its decide raises,
leaves a bad action, a speed other than 1-8, a game that takes more than
SECONDS: an endless loop), ends the tournament with one line naming the bot
and the error, exit status 2.
"""

import contextlib
import importlib.util
import json
import math
import os
import signal
import sys
import threading
import time

import _path  # puts the repository root on sys.path

from engine import actions as A
from engine import games
from engine.bots import Bot
from engine.bots.hands import LEVELS
from engine.bots.match import Match
from desktop.cli import SEEDS, Parser, add_game_arguments, game_options, integer, whole_number



SECONDS = 60  # wall-clock time a bot file may take to load, or one game to be played, before it is stuck


class BotError(ValueError):
    """A --bots entry that names no bot, or a bot that fails; str() is one line naming it."""


class Stuck(BaseException):
    """Raised by the alarm of ``deadline`` (not an Exception, so that a bot's ``except Exception`` lets it by)."""


_playing = [None]  # the label of the bot whose decide is running
_armed = [False]  # a deadline is running (an inner one leaves it be)


@contextlib.contextmanager
def deadline(seconds):
    """Raise Stuck in the code run in this block if it takes longer than seconds (where there are alarms)."""
    if _armed[0] or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def alarm(signum, frame):
        raise Stuck()

    old = signal.signal(signal.SIGALRM, alarm)
    _armed[0] = True
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
        finally:  # an alarm due just now may raise Stuck here: put everything back all the same
            signal.signal(signal.SIGALRM, old)
            _armed[0] = False


def describe(error):
    """An exception as one short line: its type and message."""
    try:
        words = " ".join(str(error).split())
    except Exception:
        words = ""
    words = words if len(words) <= 200 else words[:197] + "..."
    return "%s: %s" % (type(error).__name__, words) if words else type(error).__name__


def load_file(path):
    """The Bot subclass a .py file defines (its BOT, or its only subclass of Bot)."""
    if not os.path.isfile(path):
        raise BotError("%s: %s" % (path, "not a regular file" if os.path.exists(path) else "no such file"))
    name = "bot_" + os.path.splitext(os.path.basename(path))[0].replace("-", "_")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    try:
        with deadline(SECONDS):
            spec.loader.exec_module(module)
    except KeyboardInterrupt:
        raise
    except Stuck:
        raise BotError("%s: still loading after %g s (an endless loop?)" % (path, SECONDS)) from None
    except BaseException as e:  # the file's own error (SystemExit too), in one line
        raise BotError("%s: %s" % (path, describe(e))) from None
    cls = getattr(module, "BOT", None)
    if cls is None:
        found = [v for v in vars(module).values()
                 if isinstance(v, type) and issubclass(v, Bot) and v is not Bot and v.__module__ == name]
        if len(found) != 1:
            raise BotError("%s: expected one subclass of engine.bots.Bot (or BOT = YourClass), found %d"
                           % (path, len(found)))
        cls = found[0]
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BotError("%s: BOT is not a subclass of engine.bots.Bot" % path)
    return cls


def maker(cls, label):
    """A function making a new bot of cls for each game, checked, with its decide watched."""

    def make_one():
        try:
            with deadline(SECONDS):
                bot = cls()
                speed = bot.speed
                decide = bot.decide
        except KeyboardInterrupt:
            raise
        except Stuck:
            raise BotError("%s: still making a bot after %g s (an endless loop?)" % (label, SECONDS)) from None
        except BaseException as e:
            raise BotError("%s: cannot make one: %s" % (label, describe(e))) from None
        if type(speed) is not int or not 1 <= speed <= LEVELS:
            raise BotError("%s: speed must be a whole number from 1 to %d, not %.40r" % (label, LEVELS, speed))
        if not callable(decide):
            raise BotError("%s: decide is not a method" % label)
        try:
            bot.decide = watched(decide, label)
        except (AttributeError, TypeError) as e:  # __slots__, a read-only attribute
            raise BotError("%s: cannot watch its decide: %s" % (label, describe(e))) from None
        return bot

    return make_one


def watched(decide, label):
    """decide, turning any error it raises or any bad action it leaves into a BotError naming label."""

    def guarded(view, act):
        _playing[0] = label
        try:
            decide(view, act)
        except (KeyboardInterrupt, Stuck):
            raise
        except BaseException as e:
            raise BotError("%s: decide failed: %s" % (label, describe(e))) from None
        _playing[0] = None
        for key in ("verb", "a", "b"):
            value = getattr(act, key)
            if not isinstance(value, int):
                raise BotError("%s: decide left act.%s = %.40r, not a whole number (use act.play() and the "
                               "others)" % (label, key, value))

    return guarded


def cpu(game):
    """The CPU module of a game (make, View; its ROSTER is the game's description's)."""
    return __import__(games.get(game).CPU, None, None, ("make",))


class Entrant:
    """One bot in the tournament: its label and how to make a fresh one for each game."""

    def __init__(self, spec, game=games.NAMES[0]):
        self.spec = spec
        roster = games.get(game).ROSTER
        if spec.endswith(".py"):
            cls = load_file(spec)
            self.label = os.path.splitext(os.path.basename(spec))[0]
            self.make = maker(cls, self.label)
        elif spec in roster:
            self.make = lambda: cpu(game).make(spec)
            self.label = spec
        else:
            raise BotError("unknown bot %r: use one of %s, or a .py file" % (spec, ", ".join(roster)))
        self.speed = self.make().speed


def played(game, bots, seed, options, what, moves=None):
    """A Match of bots played to its end within SECONDS; any failure is a BotError naming the bot or what."""
    _playing[0] = None
    try:
        with deadline(SECONDS):
            match = Match(games.get(game).new(seed, options), bots, seed=seed)
            match.moves = moves
            match.run()
    except (KeyboardInterrupt, BotError):
        raise
    except Stuck:
        if _playing[0] is not None:
            raise BotError("%s: decide did not return within %g s (an endless loop?)" % (_playing[0], SECONDS)) \
                from None
        raise BotError("%s took more than %g s" % (what, SECONDS)) from None
    except Exception as e:  # a bot broke the table or the driver in some other way
        raise BotError("%s failed: %s" % (what, describe(e))) from None
    return match


def play(a, b, seed, options, moves=None, game=games.NAMES[0]):
    """One game: bot a in seat 0, bot b in seat 1; (winner seat or None, seconds, actions, refused)."""
    match = played(game, (a.make(), b.make()), seed, options,
                   "the game of %s v %s (seed %d)" % (a.label, b.label, seed), moves)
    w = match.game.winner
    return (w if w in (0, 1) else None), match.now / 1000, match.actions, match.refused


def play_seats(entrants, seed, options, rotation, game=games.NAMES[0]):
    """One game of three or four bots, bot k in seat (k + rotation) % n: each bot's finishing place (1 best)."""
    n = len(entrants)
    bots = [None] * n
    for k, e in enumerate(entrants):
        bots[(k + rotation) % n] = e.make()
    match = played(game, bots, seed, options, "the game of seed %d" % seed)
    order = match.game.ranking  # P-11: the winner, then the others by cards held (engine.speed.rules)
    places = [0] * n
    for place, seat in enumerate(order):
        places[(seat - rotation) % n] = place + 1
    return places, match.game.winner == A.NONE


def run_seats(specs, count, seed, options, progress=None, game=games.NAMES[0]):
    """count games of the bots at one table (three or four seats), the seats rotating every game:
    each bot's games, wins, finishing places; game g is dealt with seed SEED + g // seats."""
    entrants = [Entrant(s, game) for s in specs]
    n = len(specs)
    out = {"games": count, "draws": 0, "places": [[] for _ in range(n)], "wins": [0] * n}
    start = time.time()
    for g in range(count):
        places, draw = play_seats(entrants, seed + g // n, options, g % n, game)
        out["draws"] += draw
        for k, place in enumerate(places):
            out["places"][k].append(place)
            if place == 1 and not draw:
                out["wins"][k] += 1
        if progress:
            progress(g + 1, count, time.time() - start)
    return out


def table_seats(labels, speeds, res, seed):
    """The results of a table of three or four bots, for people (markdown)."""
    n = len(labels)
    games = res["games"]
    lines = ["%d games at one table of %d, seed %d (deals %d-%d, the seats rotating every game)"
             % (games, n, seed, seed, seed + (games - 1) // n), "",
             "| bot | speed | games | wins | win rate (95% interval) | mean finishing place |",
             "| --- | --- | --- | --- | --- | --- |"]
    for k in range(n):
        won = res["wins"][k]
        lo, hi = wilson(won, games)
        places = res["places"][k]
        lines.append("| %s | %d | %d | %d | %.1f%% (%.1f-%.1f) | %.2f |"
                     % (labels[k], speeds[k], games, won, 100 * won / games, 100 * lo, 100 * hi,
                        sum(places) / len(places)))
    if res["draws"]:
        lines.append("")
        lines.append("%d games were drawn" % res["draws"])
    return "\n".join(lines)


CHUNK = 50  # games per piece of work: the progress lines and the processes count in these


def play_chunk(job):
    """Games first..last-1 of one pair (a process of its own with --jobs): their totals."""
    i, j, specs, first, last, seed, options, want_moves, game = job
    a, b = Entrant(specs[i], game), Entrant(specs[j], game)
    out = {"pair": (i, j), "games": last - first, "wins": [0, 0], "draws": 0, "seconds": 0.0,
           "actions": 0, "refused": 0, "moves": ([], [])}
    for g in range(first, last):
        swap = g % 2 == 1
        moves = [] if want_moves else None
        winner, seconds, actions, refused = play(b if swap else a, a if swap else b, seed + g // 2, options,
                                                 moves, game)
        if winner is None:
            out["draws"] += 1
        else:
            out["wins"][winner ^ swap] += 1  # seat -> entrant: seat 0 is b when swapped
        out["seconds"] += seconds
        out["actions"] += actions
        out["refused"] += refused
        if moves:
            for p, ms in moves:
                out["moves"][p ^ swap].append(ms)
    return out


def _merge(total, part):
    total["games"] += part["games"]
    for k in (0, 1):
        total["wins"][k] += part["wins"][k]
        total["moves"][k].extend(part["moves"][k])
    for key in ("draws", "seconds", "actions", "refused"):
        total[key] += part[key]


def wilson(wins, n, z=1.96):
    """95% interval of a win rate (Wilson score interval), as (low, high)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def median(values):
    """The median of a list of numbers (None when empty)."""
    if not values:
        return None
    v = sorted(values)
    k = len(v) // 2
    return v[k] if len(v) % 2 else (v[k - 1] + v[k]) / 2


def run(specs, count, seed, options, jobs=1, progress=None, moves=False, game=games.NAMES[0]):
    """Play count games of every pair; return the results, one dict per pair, in pair order."""
    pairs = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    work = [(i, j, specs, g, min(g + CHUNK, count), seed, options, moves, game)
            for i, j in pairs for g in range(0, count, CHUNK)]
    results = {pair: {"pair": pair, "games": 0, "wins": [0, 0], "draws": 0, "seconds": 0.0, "actions": 0,
                      "refused": 0, "moves": ([], [])} for pair in pairs}
    start = time.time()
    done = 0
    if jobs > 1 and len(work) > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            for part in pool.imap(play_chunk, work):
                _merge(results[part["pair"]], part)
                done += part["games"]
                if progress:
                    progress(done, count * len(pairs), time.time() - start)
    else:
        for job in work:
            part = play_chunk(job)
            _merge(results[part["pair"]], part)
            done += part["games"]
            if progress:
                progress(done, count * len(pairs), time.time() - start)
    return [results[pair] for pair in pairs]


def table(specs, labels, speeds, results, games, seed):
    """The results as a table for people (markdown, so it can go into docs/bots.md)."""
    lines = ["%d games per pair, seed %d (deals %d-%d, each played from both seats)"
             % (games, seed, seed, seed + (games - 1) // 2), "",
             "| pair | wins | win rate of the first (95% interval) | draws | mean game (s) | mean actions |",
             "| --- | --- | --- | --- | --- | --- |"]
    for res in results:
        i, j = res["pair"]
        w0, w1 = res["wins"]
        n = w0 + w1
        lo, hi = wilson(w0, n)
        rate = "%.1f%% (%.1f-%.1f)" % (100 * w0 / n, 100 * lo, 100 * hi) if n else "-"
        lines.append("| %s v %s | %d-%d | %s | %d | %.1f | %.0f |"
                     % (labels[i], labels[j], w0, w1, rate, res["draws"], res["seconds"] / games,
                        res["actions"] / games))
    totals = {}
    moves = {}
    for res in results:
        for side, k in enumerate(res["pair"]):
            t = totals.setdefault(k, [0, 0])
            t[0] += res["wins"][side]
            t[1] += games
            moves.setdefault(k, []).extend(res["moves"][side])
    lines += ["", "| bot | speed | games | wins | win rate | median time per move (s) |",
              "| --- | --- | --- | --- | --- | --- |"]
    for k in range(len(specs)):
        won, played = totals.get(k, (0, 0))
        med = median(moves.get(k, []))
        lines.append("| %s | %d | %d | %d | %s | %s |"
                     % (labels[k], speeds[k], played, won, "%.1f%%" % (100 * won / played) if played else "-",
                        "%.2f" % (med / 1000) if med is not None else "-"))
    return "\n".join(lines)


MAX_JOBS = 64  # processes at once; more only makes a machine crawl
MEMORY_LIMIT = 4 << 30  # bytes of address space: a bot that grows without end gets a MemoryError


def _limit_memory():
    """Cap the address space (where the system allows it), so a bot that eats memory fails in Python,
    named in one line, instead of being killed by the system with no word."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY or soft > MEMORY_LIMIT:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, hard))
    except (ImportError, ValueError, OSError, AttributeError):
        pass  # no such limit here (Windows): the system's own rules apply


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    add_game_arguments(parser, "the game")
    parser.add_argument("--bots", required=True,
                        help="comma-separated bots: a name of the game's roster (%s's: %s), or FILE.py"
                        % (games.TITLES[0], ", ".join(games.get(games.NAMES[0]).ROSTER)))
    parser.add_argument("--games", type=integer, default=100, help="games per pair (default 100)")
    parser.add_argument("--seed", type=whole_number, default=1, help="first deal seed (default 1)")
    parser.add_argument("--jobs", type=integer, default=1, help="pairs played at once, one process each")
    parser.add_argument("--stocks", type=integer, choices=(4, 5), default=None,
                        help="Spit: stock piles (S-17); the same as --option stocks=N")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.stocks is not None:
        args.option.append(("stocks", args.stocks))
    name, options = game_options(args, parser)
    if args.games < 1 or args.jobs < 1:
        print("tournament: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.jobs > MAX_JOBS:
        print("tournament: --jobs %d: at most %d processes at once" % (args.jobs, MAX_JOBS), file=sys.stderr)
        return 2
    _limit_memory()
    if args.seed + (args.games - 1) // 2 > SEEDS:  # game i is dealt with seed SEED + i // 2
        print("tournament: --seed %d with --games %d needs seeds past %d, the largest"
              % (args.seed, args.games, SEEDS), file=sys.stderr)
        return 2
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(specs) < 2:
        print("tournament: name at least two bots", file=sys.stderr)
        return 2
    try:
        entrants = [Entrant(s, name) for s in specs]
    except BotError as e:
        print("tournament: %s" % e, file=sys.stderr)
        return 2
    labels = [e.label for e in entrants]
    seats = options.get("players", 2)

    shown = [0.0]

    def progress(done, total, seconds):
        if args.quiet or (seconds - shown[0] < 2 and done < total):
            return  # a line every 2 s at most
        shown[0] = seconds
        left = seconds * (total - done) / done
        print("tournament: %d/%d games, %.0f s, about %.0f s left" % (done, total, seconds, left),
              file=sys.stderr, flush=True)

    if seats > 2:  # one table of three or four (P-11): the seats rotate, each bot's place is counted
        if len(specs) != seats:
            print("tournament: %d players need %d bots, got %d" % (seats, seats, len(specs)), file=sys.stderr)
            return 2
        try:
            res = run_seats(specs, args.games, args.seed, options, progress, game=name)
        except BotError as e:
            print("tournament: %s" % e, file=sys.stderr)
            return 2
        if args.json:
            res["mean_place"] = [sum(p) / len(p) for p in res["places"]]
            res["win_interval"] = [wilson(w, args.games) for w in res["wins"]]
            del res["places"]
            print(json.dumps({"game": name, "players": seats, "games": args.games, "seed": args.seed,
                              "bots": labels, "results": res}, indent=1))
        else:
            print(table_seats(labels, [e.speed for e in entrants], res, args.seed))
        return 0
    try:
        results = run(specs, args.games, args.seed, options, args.jobs, progress, moves=True, game=name)
    except BotError as e:
        print("tournament: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        for res in results:
            res["median_move_ms"] = [median(m) for m in res["moves"]]
            del res["moves"]
        print(json.dumps({"game": name, "games": args.games, "seed": args.seed, "bots": labels,
                          "results": results}, indent=1))
    else:
        print(table(specs, labels, [e.speed for e in entrants], results, args.games, args.seed))
    return 0


if __name__ == "__main__":
    _path.run(main)
