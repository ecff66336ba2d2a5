"""The desktop entry point: ``python3 code.py [options]`` (a board runs code.py with none).

    python3 code.py                                  the simulator window
    python3 code.py --headless --screenshot OUT.png  a seeded deal, no window
    python3 code.py --headless --script S.json --screenshot OUT.png [--frames DIR]
    python3 code.py --replay GAME.json [--headless --screenshot OUT.png]

Bad input gets one line naming the problem and exit status 2.
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


def whole_number(text):
    """argparse type: a seed, an int from 0 to 2**32 - 1 (engine.rng's whole state)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a whole number, got %r" % text)
    if not 0 <= value <= SEEDS:
        raise argparse.ArgumentTypeError("expected a seed from 0 to %d, got %d" % (SEEDS, value))
    return value


def parser():
    """The command line."""
    p = Parser(prog="code.py", description="Spit: the two-player real-time card game.")
    p.add_argument("--headless", action="store_true", help="no window: render in memory (tests, screenshots)")
    p.add_argument("--seed", type=whole_number, help="deal seed (default: from the clock; 1 when headless)")
    p.add_argument("--script", metavar="FILE", help="headless: scripted button presses (docs/scripts.md)")
    p.add_argument("--screenshot", metavar="PNG", help="headless: write the last frame here")
    p.add_argument("--frames", metavar="DIR", help="headless: write every frame here as PNG")
    p.add_argument("--zoom", type=int, choices=(1, 2, 3, 4), default=1,
                   help="headless: enlarge the screenshot N times, pixel for pixel (default 1)")
    p.add_argument("--replay", metavar="FILE", help="play a saved game back (docs/replay-format.md)")
    p.add_argument("--save-replay", metavar="FILE", help="write each finished game's replay here")
    p.add_argument("--size", choices=sorted(SIZES), default="160x128", help="screen size (default 160x128)")
    p.add_argument("--scale", type=int, choices=(2, 3, 4, 5), default=4, help="window scale (default 4)")
    return p


def fail(message):
    """One line on standard error; exit status 2."""
    print("spit: " + message, file=sys.stderr)
    return 2


def _read(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise OSError("%s %s: cannot read: %s" % (what, path, getattr(e, "strerror", None) or e))


def _saver(path):
    """on_game_over callback: write the replay to path, or to the config folder's replays/."""

    def save(doc):
        target = path
        if target is None:
            from hal.settings import default_path

            folder = os.path.join(os.path.dirname(default_path()), "replays")
            target = os.path.join(folder, time.strftime("spit-%Y%m%d-%H%M%S.json"))
        try:
            folder = os.path.dirname(os.path.abspath(target))
            os.makedirs(folder, exist_ok=True)
            tmp = target + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(doc, f)
                f.write("\n")
            os.replace(tmp, target)
            print("spit: replay saved to %s" % target, file=sys.stderr)
        except OSError as e:
            print("spit: could not save the replay (%s)" % (e.strerror or e), file=sys.stderr)

    return save


def main(argv=None):
    """Run the simulator, or the headless renderer; return the exit status."""
    args = parser().parse_args(argv)
    width, height = SIZES[args.size]
    if not args.headless and (args.script or args.screenshot or args.frames):
        return fail("--script, --screenshot and --frames go with --headless")
    if args.headless and not (args.screenshot or args.frames):
        return fail("--headless needs --screenshot OUT.png or --frames DIR")
    from ui.script import ScriptError, load_game, load_script

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

    import hal as hal_pkg
    from ui.app import App

    if args.headless:
        return _headless(args, width, height, script, watched)
    try:
        target = hal_pkg.choose("desktop").Hal(width, height, scale=args.scale)
    except hal_pkg.NoDisplay as e:
        return fail(str(e))
    try:
        app = App(target, seed=args.seed)
        app.on_game_over = _saver(args.save_replay)
        if watched:
            app.watch(*watched, target.ticks_ms())
        app.run()
    except KeyboardInterrupt:
        pass
    finally:
        target.deinit()
    return 0


def _headless(args, width, height, script, watched):
    from hal import headless
    from ui.app import App
    from ui.script import run_headless, watch_headless

    target = headless.Hal(width, height)
    try:
        settings = script["settings"] if script else {}
        seed = script["seed"] if script else (args.seed if args.seed is not None else 1)
        if args.seed is not None:
            seed = args.seed
        app = App(target, settings=settings, seed=seed)
        if args.save_replay:
            app.on_game_over = _saver(args.save_replay)
        if watched:
            watch_headless(target, app, *watched, frames=args.frames)
        else:
            run_headless(target, app, script, frames=args.frames)
        if args.screenshot:
            try:
                target.display.screenshot(args.screenshot)
                if args.zoom > 1:
                    _zoom(args.screenshot, args.zoom)
            except (OSError, Exception) as e:  # pygame.error for an unwritable or unknown format
                return fail("cannot write %s: %s" % (args.screenshot, e))
    finally:
        target.deinit()
    return 0


def _zoom(path, factor):
    """Enlarge a PNG in place, each pixel becoming a factor x factor square."""
    import pygame

    image = pygame.image.load(path)
    w, h = image.get_size()
    pygame.image.save(pygame.transform.scale(image, (w * factor, h * factor)), path)
