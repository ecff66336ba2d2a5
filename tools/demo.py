"""Play a full seeded game of Spit between two random players and print it as a trace.

    python3 tools/demo.py [--seed N] [--save GAME.json] [--quiet]

The game is recorded as a replay file, then replayed from that file to print
the trace, so what you read is exactly what the saved replay reproduces (C-5).
--save is checked before the game is played and written atomically: a failed
write is one line and exit status 2, and the file it would replace stays whole.
"""

import json
import sys

import _path  # puts the repository root on sys.path

from engine.randplay import RandomPlay
from engine.replay import ReplayError, document, load, run, state
from engine.spit import Spit
from hal.files import WriteError, check_writable, write_atomic
from replay import trace_line
from ui.cli import Parser, whole_number


def main(argv=None):
    parser = Parser(description="A seeded game of Spit between two random players, as a trace.")
    parser.add_argument("--seed", type=whole_number, default=1, help="deal and players' seed (default 1)")
    parser.add_argument("--save", metavar="FILE", help="also write the game's replay file here")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.add_argument("--stocks", type=int, choices=(4, 5), default=5, help="stock piles (S-17)")
    parser.add_argument("--scoring", action="store_true", help="play to 100 points (S-16)")
    args = parser.parse_args(argv)
    if args.save == "":
        parser.error("--save needs a file name")
    if args.save:
        try:
            check_writable(args.save, "--save")
        except WriteError as e:
            print("demo: %s" % e, file=sys.stderr)
            return 2

    options = {"stocks": args.stocks, "scoring": args.scoring}
    player = RandomPlay(Spit(seed=args.seed, **options), args.seed)
    player.log = []
    player.play()
    doc = document(options, args.seed, player.log)
    try:
        game, events = load(json.loads(json.dumps(doc)))
    except ReplayError as e:  # cannot happen for a document we wrote; say so plainly if it does
        print("demo: the recorded game does not load: %s" % e, file=sys.stderr)
        return 2
    trace = None if args.quiet else (lambda i, ev, r, reps: print(trace_line(i, ev, r, reps)))
    refused = run(game, events, trace)
    final = state(game, refused)
    if args.save:
        try:
            write_atomic(args.save, json.dumps(doc, indent=1) + "\n", "replay")
        except WriteError as e:
            print("demo: %s" % e, file=sys.stderr)
            return 2
    winner = final["winner"]
    result = "a draw" if winner is None else "player %d wins" % winner
    seconds = events[-1][0] / 1000 if events else 0
    print("Seed %d: %s after %d rounds, %d actions (%d refused), %.1f s of play."
          % (args.seed, result, final["round"], len(events), len(refused), seconds))
    return 0


if __name__ == "__main__":
    _path.run(main)
