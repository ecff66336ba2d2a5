"""Apply a replay or scenario file and print the resulting state as JSON.

    python3 tools/replay.py GAME.json [--trace]
    python3 tools/replay.py - < GAME.json

The format is docs/replay-format.md. With --trace, one line per event comes
first (time, player, action, result, what happened), then the state. Bad input
gets one line on standard error naming the place, and exit status 2.
"""

import json
import sys

import _path  # puts the repository root on sys.path
from desktop.cli import Parser  # argparse with one-line errors
from desktop.files import read_text

from engine import actions as A
from engine import games
from engine.replay import ReplayError, describe, loads, names, run, state


def trace_line(index, event, reason, reports, game=games.NAMES[0]):
    """One line of --trace: '#3 0.130s P0 play 2 1: ok | P0 lands 7C from stock 2 on pile 1'."""
    t, p, v, a, b = event
    words = names(game)  # the game's names: the shared ones and its own (engine.names)
    args = [a, b][:words.ARGC[v]]
    action = " ".join([words.VERBS[v]] + [str(x) for x in args])
    result = "ok" if reason == A.OK else "refused (%s)" % words.REASONS[reason]
    line = "#%d %d.%03ds P%d %s: %s" % (index, t // 1000, t % 1000, p, action, result)
    if reports:
        line += " | " + "; ".join(describe(r, game) for r in reports)
    return line


def main(argv=None):
    parser = Parser(description="Apply a replay file (Spit, Speed, ...) and print the resulting state as JSON.")
    parser.add_argument("file", help="replay file, or - for standard input")
    parser.add_argument("--trace", action="store_true", help="print one line per event before the state")
    args = parser.parse_args(argv)
    where = "<stdin>" if args.file == "-" else args.file
    try:
        text = read_text(args.file, "file")
    except OSError as e:
        print("replay: %s" % e, file=sys.stderr)
        return 2
    try:
        game, events = loads(text)
    except ReplayError as e:
        print("replay: %s: %s" % (where, e), file=sys.stderr)
        return 2
    out = None
    if args.trace:
        out = lambda i, ev, reason, reports: print(trace_line(i, ev, reason, reports, game.name))  # noqa: E731
    refused = run(game, events, out)
    print(json.dumps(state(game, refused)))
    return 0


if __name__ == "__main__":
    _path.run(main)
