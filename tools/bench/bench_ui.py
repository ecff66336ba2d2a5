"""The headless frame loop on the desktop: time per frame and pixels repainted per card play.

    python3 tools/bench/bench_ui.py [--game speed] [--games 3] [--size 160x128]

Plays CPU-against-CPU demo games of the game (the demo's levels) through the real
App on the headless screen (Blinka displayio, the same scene a board draws),
on a fake clock of 33 ms frames, and reports:

- the time of one frame (CPython, this machine): idle frames (nothing to
  repaint), frames in which one card landed, and the mean over whole games;
- what one card play repaints: the sum of the refreshed areas and their count
  (a board repaints the same areas over SPI), median and most.
"""

import os
import statistics
import sys
import time

import _path
from desktop.cli import Parser  # argparse with one-line errors

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from engine.actions import PH_OVER  # noqa: E402
from engine.games import NAMES  # noqa: E402
from desktop import headless  # noqa: E402
from ui.app import FRAME_MS, App  # noqa: E402
from desktop.cli import SIZES  # noqa: E402


def measure(games, size, game=NAMES[0]):
    """Frame times (s) by kind, and (pixels, areas) of each one-play frame."""
    width, height = SIZES[size]
    hal = headless.Hal(width, height)
    idle, plays, every, repaint = [], [], [], []
    try:
        app = App(hal, settings={"game": game}, seed=1)
        for _ in range(games):
            app.start_game(hal.ticks_ms(), demo=True)
            frames = 0
            while app.game.phase != PH_OVER and frames < 100000:
                game = app.game
                before = game.centre[0].n + game.centre[1].n  # both games' two centre piles
                phase, rnd = game.phase, game.round
                t = time.perf_counter()
                app.frame(hal.ticks_ms())
                hal.display.paint()  # the pixels too, as the window renders every frame (the headless screen waits)
                dt = time.perf_counter() - t
                every.append(dt)
                areas = hal.display.refreshed
                landed = game.centre[0].n + game.centre[1].n - before
                if not areas:
                    idle.append(dt)
                elif landed == 1 and game.phase == phase and game.round == rnd:
                    plays.append(dt)
                    repaint.append((sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in areas), len(areas)))
                hal.advance(FRAME_MS)
                frames += 1
    finally:
        hal.deinit()
    return idle, plays, every, repaint


def main(argv=None):
    parser = Parser(description="Frame time and repaint of the headless frame loop.")
    parser.add_argument("--games", type=int, default=3, help="demo games to play (default 3)")
    parser.add_argument("--size", choices=sorted(SIZES), default="160x128", help="screen size")
    parser.add_argument("--game", choices=NAMES, default=NAMES[0], help="the game (default %s)" % NAMES[0])
    args = parser.parse_args(argv)
    if args.games < 1:
        print("bench_ui: --games must be at least 1", file=sys.stderr)
        return 2
    idle, plays, every, repaint = measure(args.games, args.size, args.game)
    ms = lambda xs: statistics.median(xs) * 1000 if xs else float("nan")  # noqa: E731
    pixels = [p for p, _ in repaint]
    print("%s, screen %s, %d games, %d frames" % (args.game, args.size, args.games, len(every)))
    print("frame time, idle (nothing to repaint), median   %7.2f ms  (%d frames)" % (ms(idle), len(idle)))
    print("frame time, one card landed, median             %7.2f ms  (%d frames)" % (ms(plays), len(plays)))
    print("frame time, mean over whole games               %7.2f ms" % (statistics.mean(every) * 1000))
    areas = [a for _, a in repaint]
    print("pixels repainted by one card play, median       %7d px   (max %d)" % (statistics.median(pixels), max(pixels)))
    print("areas repainted by one card play, median        %7d      (max %d; %d of %d plays in more than 4)"
          % (statistics.median(areas), max(areas), sum(a > 4 for a in areas), len(areas)))
    return 0


if __name__ == "__main__":
    _path.run(main)
