"""The desktop entry point: ``python3 code.py [options]`` (a board runs code.py with none).

    python3 code.py                                  the simulator window
    python3 code.py --headless --screenshot OUT.png  a seeded deal, no window
    python3 code.py --headless --script S.json --screenshot OUT.png [--frames DIR]
    python3 code.py --replay GAME.json [--headless --screenshot OUT.png]
    python3 code.py --game speed [--option jokers=true ...] [--headless --screenshot OUT.png]

Bad input gets one line naming the problem and exit status 2. Every output
path is checked before any work starts, and every file is written atomically
(desktop/files.py): a failed write is one line and exit status 2, the old file whole.
"""

import argparse
import json
import os
import sys
import time

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")  # fake pins: board, keypad, neopixel import on a PC

SIZES = {"160x128": (160, 128), "240x135": (240, 135), "240x240": (240, 240)}
SEEDS = 0xFFFFFFFF  # the largest seed (engine.replay.SEEDS; not imported: argparse comes first)


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: 'prog: message (see --help)' on standard error, exit status 2."""

    def error(self, message):
        self.exit(2, "%s: %s (see --help)\n" % (self.prog, message))


def integer(text):
    """argparse type: an int in ASCII digits, perhaps after a minus (int() also takes "1_000", " 7", "+5"
    and other scripts' digits, which no one means as a number here)."""
    digits = text[1:] if text[:1] == "-" else text
    if not digits or any(c not in "0123456789" for c in digits):
        raise argparse.ArgumentTypeError("expected a whole number, got %r" % text)
    return int(text)


def whole_number(text):
    """argparse type: a seed, an int from 0 to 2**32 - 1 (engine.rng's whole state), in ASCII digits."""
    if not text or any(c not in "0123456789" for c in text):
        raise argparse.ArgumentTypeError("expected a whole number, got %r" % text)
    value = int(text)
    if not 0 <= value <= SEEDS:
        raise argparse.ArgumentTypeError("expected a seed from 0 to %d, got %d" % (SEEDS, value))
    return value


def option(text):
    """argparse type: KEY=VALUE, the value read as JSON where it can be (true, 3000), else as a word."""
    key, eq, value = text.partition("=")
    if not eq or not key:
        raise argparse.ArgumentTypeError("expected KEY=VALUE, got %r" % text)
    try:
        value = json.loads(value)
    except ValueError:
        pass  # a word such as call or best_of_3
    return key.strip(), value


def join_address(text):
    """argparse type: ADDRESS[:PORT] of a host (IPv4 or a name; the port 1-65535, 47474 when left out)."""
    address, colon, port = text.partition(":")
    if not address.strip() or ":" in port or "[" in address:
        raise argparse.ArgumentTypeError("expected ADDRESS or ADDRESS:PORT (IPv4 or a name), got %r" % text)
    if colon and not (port.isdigit() and 1 <= int(port) <= 65535):
        raise argparse.ArgumentTypeError("the port must be a number from 1 to 65535, got %r" % port)
    return text.strip()


def add_game_arguments(p, what="the game to play"):
    """--game NAME and --option KEY=VALUE (any option of that game, as in its replay files)."""
    from engine.games import NAMES

    p.add_argument("--game", choices=NAMES, default=None, help="%s (default spit)" % what)
    p.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, for example jokers=true or ending=call (repeatable; "
                        "docs/replay-format.md lists each game's)")
    p.add_argument("--players", type=integer, choices=(2, 3, 4), default=None,
                   help="seats at the table (Speed: 2 to 4, P-11); the same as --option players=N")


def game_options(args, p):
    """(game name, options dict: checked()) of --game and --option; a bad one is p.error (one line, exit 2)."""
    from engine.replay import ReplayError, file_module

    name = args.game or "spit"
    files = file_module(name)
    given = {}
    for key, value in args.option:
        if key not in files.OPTIONS:
            p.error("--option %s: %s has no option %r (it has %s)" % (key, name, key, ", ".join(files.OPTIONS)))
        if key in given and given[key] != value:
            p.error("--option %s given twice, as %s and %s: which one?" % (key, json.dumps(given[key]), json.dumps(value)))
        given[key] = value
    players = getattr(args, "players", None)
    if players is not None:
        if "players" not in files.OPTIONS:
            p.error("--players %d: %s has no option 'players' (it has %s)" % (players, name, ", ".join(files.OPTIONS)))
        if "players" in given and given["players"] != players:
            p.error("--players %d and --option players=%s say different numbers of seats"
                    % (players, json.dumps(given["players"])))
        given["players"] = players
    try:
        return name, checked(files, given)
    except ReplayError as e:
        p.error("--option: %s" % e)


def checked(files, given):
    """The options a game is dealt and shown with from a game's file module and the KEY=VALUE pairs given:
    the engine's keyword arguments (files.options, which checks every value) and the given ones the engine
    takes none of (California's hints, the screen's, and aim, the buttons'), kept as given; ReplayError for a
    bad one."""
    out = files.options(given)
    for key in files.OPTIONS:
        if key in given and key not in out:
            out[key] = given[key]
    return out


def parser():
    """The command line."""
    p = Parser(prog="code.py", description="Spit, Speed and their family: real-time card games.")
    add_game_arguments(p, "start straight at this game's table")
    p.add_argument("--headless", action="store_true", help="no window: render in memory (tests, screenshots)")
    p.add_argument("--seed", type=whole_number, help="deal seed (default: from the clock; 1 when headless)")
    p.add_argument("--script", metavar="FILE", help="headless: scripted button presses (docs/scripts.md)")
    p.add_argument("--screenshot", metavar="PNG", help="headless: write the last frame here (a .png name)")
    p.add_argument("--frames", metavar="DIR", help="headless: write every frame here as PNG")
    p.add_argument("--zoom", type=integer, choices=(1, 2, 3, 4), default=1,
                   help="headless: enlarge the screenshot N times, pixel for pixel (default 1)")
    p.add_argument("--replay", metavar="FILE", help="play a saved game back (docs/replay-format.md)")
    p.add_argument("--save-replay", metavar="FILE",
                   help="write the first finished game's replay here, later ones of the session to "
                        "FILE-2.json, FILE-3.json, ... (the first name not taken; FILE must not exist yet)")
    p.add_argument("--host", action="store_true",
                   help="host a linked game (docs/link.md): the game of --game or of the menu; its screen shows a code")
    p.add_argument("--join", metavar="ADDRESS", type=join_address,
                   help="join the linked game hosted at ADDRESS[:PORT] (127.0.0.1 for a window on this machine)")
    p.add_argument("--code", type=integer, default=None,
                   help="with --join: the host's code (its screen shows it), so there is nothing to confirm")
    p.add_argument("--size", choices=sorted(SIZES), default="160x128", help="screen size (default 160x128)")
    p.add_argument("--scale", type=integer, choices=(2, 3, 4, 5), default=4, help="window scale (default 4)")
    return p


def fail(message):
    """One line on standard error; exit status 2."""
    print("spit: " + message, file=sys.stderr)
    return 2


def _read(path, what):
    """A script or replay file's text; OSError with one line (never blocks on a FIFO, bounded in size)."""
    from desktop.files import read_text

    return read_text(path, what)


class Saver:
    """on_game_over: write each finished game's replay, never over one written before in this session.

    With a path, the first game goes there and each later one to the first free
    name of path with -2, -3, ... before its extension (game.json, game-2.json);
    without one, to the config folder's replays/GAME-DATE-TIME.json (spit-, speed-,
    california-...), named after the game of the replay. ``failed``
    turns True when a replay could not be written.
    """

    def __init__(self, path=None):
        self.path = path
        self.written = []
        self.failed = False

    def target(self, game="spit"):
        """Where the next replay of game goes."""
        if self.path is not None and not self.written:
            return self.path
        if self.path is not None:
            base = self.path
        else:
            from desktop.settings import default_path

            base = os.path.join(os.path.dirname(default_path()), "replays",
                                time.strftime(game + "-%Y%m%d-%H%M%S.json"))
        stem, ext = os.path.splitext(base)
        name = base
        n = 1
        while name in self.written or os.path.lexists(name):
            n += 1
            name = "%s-%d%s" % (stem, n, ext)
        return name

    def __call__(self, doc):
        from desktop.files import WriteError, write_atomic

        from engine.games import NAMES

        game = doc.get("game", "spit")
        target = self.target(game if game in NAMES else "spit")
        try:
            write_atomic(target, json.dumps(doc) + "\n", "replay")
        except WriteError as e:
            self.failed = True
            print("spit: %s" % e, file=sys.stderr)
            return
        self.written.append(target)
        print("spit: replay saved to %s" % target, file=sys.stderr)


def check_outputs(args):
    """The first problem with an output path of the command line, as one line; None when they can be written.

    Checked before any work starts: nothing is written here.
    """
    from desktop.files import WriteError, check_writable

    try:
        if args.screenshot:
            check_writable(args.screenshot, "--screenshot")
            if os.path.splitext(args.screenshot)[1].lower() != ".png":
                return "--screenshot %s: the picture is a PNG, so its name must end in .png" % args.screenshot
        if args.frames:
            if os.path.exists(args.frames) and not os.path.isdir(args.frames):
                return "--frames %s: is a file, not a folder" % args.frames
            check_writable(os.path.join(args.frames, "frame00000.png"), "--frames")
        if args.save_replay:
            if os.path.lexists(args.save_replay):
                return "--save-replay %s: a file of that name exists (a replay never writes over one)" \
                    % args.save_replay
            check_writable(args.save_replay, "--save-replay")
    except WriteError as e:
        return str(e)
    return None


def main(argv=None):
    """Run the simulator, or the headless renderer; return the exit status."""
    p = parser()
    args = p.parse_args(argv)
    width, height = SIZES[args.size]
    chosen = game_options(args, p) if args.game or args.option or args.players else None
    if chosen and (args.replay or args.script):
        return fail("--game and --option start a new game: not with --replay or --script")
    if not args.headless and (args.script or args.screenshot or args.frames):
        return fail("--script, --screenshot and --frames go with --headless")
    if args.headless and not (args.screenshot or args.frames):
        return fail("--headless needs --screenshot OUT.png or --frames DIR")
    problem = check_outputs(args)
    if problem:
        return fail(problem)
    if (args.host or args.join) and (args.headless or args.replay or args.script):
        return fail("--host and --join open a window: not with --headless, --replay or --script")
    if args.host and args.join:
        return fail("--host or --join: a device hosts a game or joins one")
    if args.code is not None and (not args.join or not 1000 <= args.code <= 9999):
        return fail("--code goes with --join and is the host's four digits (1000-9999)")
    if args.join and (chosen or args.seed is not None):
        return fail("--join plays the host's game: not with --game, --option, --players or --seed")
    from desktop.script import ScriptError, load_game, load_script

    script = watched = None
    try:
        if args.script:
            if args.replay:
                return fail("--script and --replay cannot be used together")
            script = load_script(_read(args.script, "script"))
        if args.replay:
            watched = load_game(_read(args.replay, "replay"))
    except OSError as e:
        return fail(str(e))
    except ScriptError as e:
        return fail("%s: %s" % (args.script or args.replay, e))

    from ui.app import App

    if args.headless:
        return _headless(args, width, height, script, watched, chosen)
    from desktop import window

    try:
        target = window.Hal(width, height, scale=args.scale)
    except window.NoDisplay as e:
        return fail(str(e))
    saver = Saver(args.save_replay)
    try:
        app = App(target, seed=args.seed)
        app.on_game_over = saver
        if args.host or args.join:
            app.settings["link"] = "host" if args.host else "join"
            app.link_address = args.join or ""
            if args.host and chosen and chosen[1].get("players", 2) > 2:
                app.settings["mode"] = "%dp" % chosen[1]["players"]  # a device for every seat: guests 1 to N-1
        if args.join:
            app.start_game(target.ticks_ms())  # the join page; the host deals
            if args.code is not None and app.link is not None:
                app.link.guest.join(args.code)
        elif watched:
            app.watch(*watched, target.ticks_ms())
        elif chosen:
            app.play_now(chosen[0], chosen[1], target.ticks_ms())
        app.run()
    except KeyboardInterrupt:
        pass
    finally:
        target.deinit()
    return 2 if saver.failed and args.save_replay else 0


def _headless(args, width, height, script, watched, chosen=None):
    from desktop import headless
    from desktop.files import WriteError
    from ui.app import App
    from desktop.script import run_headless, watch_headless

    target = headless.Hal(width, height)
    saver = Saver(args.save_replay)
    try:
        settings = script["settings"] if script else {}
        seed = script["seed"] if script else (args.seed if args.seed is not None else 1)
        if args.seed is not None:
            seed = args.seed
        app = App(target, settings=settings, seed=seed)
        if args.save_replay:
            app.on_game_over = saver
        if watched:
            watch_headless(target, app, *watched, frames=args.frames)
        elif chosen:
            app.play_now(chosen[0], chosen[1], target.ticks_ms())
            run_headless(target, app, {"menu": True, "presses": [], "tail_ms": 0}, frames=args.frames)
        else:
            run_headless(target, app, script, frames=args.frames)
        if args.screenshot:
            target.display.screenshot(args.screenshot, args.zoom)
    except WriteError as e:
        return fail(str(e))
    finally:
        target.deinit()
    return 2 if saver.failed else 0
