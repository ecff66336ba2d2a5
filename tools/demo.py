"""Play a full seeded game (Spit, Speed, ...) between random players and print it as a trace.

    python3 tools/demo.py [--game speed] [--option KEY=VALUE ...] [--seed N] [--save GAME.json] [--quiet]

The game is recorded as a replay file, then replayed from that file to print
the trace, so what you read is exactly what the saved replay reproduces (C-5).
--save is checked before the game is played and written atomically: a failed
write is one line and exit status 2, and the file it would replace stays whole.
"""

import json
import sys

import _path  # puts the repository root on sys.path

from engine import games
from engine.randplay import RandomPlay
from engine.replay import ReplayError, document, load, run, state
from desktop.files import WriteError, check_writable, write_atomic
from replay import trace_line
from desktop.cli import Parser, add_game_arguments, game_options, integer, whole_number

CAP = 100000  # actions applied at most: random players may never finish a game


def main(argv=None):
    parser = Parser(description="A seeded game between random players, as a trace.")
    add_game_arguments(parser)
    parser.add_argument("--seed", type=whole_number, default=1, help="deal and players' seed (default 1)")
    parser.add_argument("--save", metavar="FILE", help="also write the game's replay file here")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.add_argument("--stocks", type=integer, choices=(4, 5), default=None,
                        help="Spit: stock piles (S-17); the same as --option stocks=N")
    parser.add_argument("--scoring", action="store_true", help="Spit: play to 100 points (S-16)")
    args = parser.parse_args(argv)
    if args.stocks is not None:
        args.option.append(("stocks", args.stocks))
    if args.scoring:
        args.option.append(("scoring", True))
    name, options = game_options(args, parser)
    if args.save == "":
        parser.error("--save needs a file name")
    if args.save:
        try:
            check_writable(args.save, "--save")
        except WriteError as e:
            print("demo: %s" % e, file=sys.stderr)
            return 2

    player = RandomPlay(games.get(name).new(args.seed, options), args.seed)
    player.log = []
    player.play(CAP)
    doc = document(options, args.seed, player.log, game=name)
    doc["end_ms"] = player.t  # the clock ran on to the last step (a time limit may have run out in it)
    try:
        game, events = load(json.loads(json.dumps(doc)))
    except ReplayError as e:  # cannot happen for a document we wrote; say so plainly if it does
        print("demo: the recorded game does not load: %s" % e, file=sys.stderr)
        return 2
    trace = None if args.quiet else (lambda i, ev, r, reps: print(trace_line(i, ev, r, reps, name)))
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
    # a game of rounds (Spit, S-12; California, K-2) says its round, a match of games (Speed) its game_no; a game
    # of neither (the toy's) says no count
    key = "game_no" if "game_no" in final else "round" if "round" in final else None
    count = final[key] if key is not None else 1
    unit = "" if key is None else " in %d %s%s" % (count, "round" if key == "round" else "game", "" if count == 1 else "s")
    if final["phase"] != "over":  # random players who never finish (a 1 ms call limit): the cap stopped them
        print("Seed %d: not over: stopped at the cap of %d actions (phase %s)%s, %d refused, %.1f s of play."
              % (args.seed, CAP, final["phase"], unit, len(refused), seconds))
        return 0
    print("Seed %d: %s%s, %d actions (%d refused), %.1f s of play."
          % (args.seed, result, unit.replace(" in ", " after ", 1), len(events), len(refused), seconds))
    return 0


if __name__ == "__main__":
    _path.run(main)
