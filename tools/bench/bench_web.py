"""The browser edition's figures in headless Chromium on this machine (docs/performance.md, "In a browser").

    python3 tools/bench/bench_web.py [--runs 3] [--seconds 20] [--games 40]

- time from opening the page to its first frame on the canvas, cold (a new
  browser profile: nothing cached) and cached (the same profile, opened again);
- the time of each frame while playing (a CPU-against-CPU game of each game,
  the title screen's demo, at real time): median, 95th percentile, and the
  share over 16 ms (the browser's 60 Hz budget); a frame is the App's frame
  and its copy onto the canvas;
- the bot lab's games per second (docs/bots.md's example bot against levels 1
  and 8, every pair --games games, in its Web Worker) against
  tools/tournament.py's on CPython here, the same tournament.

It builds the site (tools/web.py) into a temporary folder and needs Debian's
Chromium and Playwright for Python (requirements-dev.txt).
"""

import json
import os
import statistics
import sys
import tempfile
import threading
import time

import _path  # puts the repository root on sys.path
from desktop.cli import Parser  # argparse with one-line errors

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


def first_frame(context, base, query):
    """ms from the navigation to the first frame drawn, and the page's own split of its start."""
    page = context.new_page()
    page.goto(base + "index.html" + query)
    page.wait_for_function("document.body.dataset.done", timeout=300000)
    bench = page.evaluate("({first: spitBench.firstFrameMs, runtime: spitBench.runtimeMs, unpack: spitBench.unpackMs,"
                          " imports: spitBench.importMs})")
    page.close()
    return bench


def frames(context, base, query, seconds):
    """Each frame's ms over seconds of a demo game (both seats the CPU's) at real time."""
    page = context.new_page()
    page.goto(base + "index.html" + query)
    page.wait_for_function("document.body.dataset.done", timeout=300000)
    page.evaluate("spitPage.app.start_game(spitPage.hal.ticks_ms(), true); spitBench.frames.length = 0")
    time.sleep(seconds)
    got = page.evaluate("spitBench.frames.slice()")
    page.close()
    return got


def lab_rate(context, base, games):
    """The bot lab's games per second, and the table it printed."""
    page = context.new_page()
    page.goto(base + "lab.html")
    page.wait_for_function("document.body.dataset.ready", timeout=300000)
    page.uncheck("#levels input[value=level3]")
    page.check("#levels input[value=level1]")
    page.check("#levels input[value=level8]")
    page.fill("#games", str(games))
    page.fill("#limit", "120")
    page.click("#run")
    page.wait_for_function("['done', 'error'].includes(document.getElementById('result').dataset.state)",
                           timeout=600000)
    out = page.evaluate("labBench")
    text = page.text_content("#result")
    page.close()
    if "gamesPerSecond" not in out:
        raise RuntimeError("the lab failed: %s" % text)
    return out, text


def cpython_rate(games):
    """tools/tournament.py's games per second for the same tournament on this Python."""
    import tournament
    from engine.bots import Bot  # noqa: F401
    from engine.games import NAMES
    from engine.replay import file_module

    with tempfile.TemporaryDirectory() as folder:
        import web

        bot = os.path.join(folder, "mybot.py")
        with open(bot, "w") as f:
            f.write(web.bot_example())
        specs = [bot, "level1", "level8"]
        start = time.time()
        results = tournament.run(specs, games, 1, file_module(NAMES[0]).options({}), moves=True)  # the first game, the browser's default
        seconds = time.time() - start
    return sum(r["games"] for r in results) / seconds


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def main(argv=None):
    p = Parser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=3, help="page starts of each kind (default 3)")
    p.add_argument("--seconds", type=float, default=20, help="seconds of each game's frames (default 20)")
    p.add_argument("--games", type=int, default=40, help="the lab's games per pair (default 40)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    if args.runs < 1 or args.games < 1 or args.seconds < 1:
        print("bench_web: --runs, --games and --seconds must be at least 1", file=sys.stderr)
        return 2
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench_web: Playwright for Python is not installed (requirements-dev.txt)", file=sys.stderr)
        return 2
    if not os.path.exists(CHROMIUM):
        print("bench_web: %s is not installed (apt-get install chromium)" % CHROMIUM, file=sys.stderr)
        return 2
    import web

    out = {"load": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as site:
        try:
            web.build(site)
        except web.BuildError as e:
            print("bench_web: %s" % e, file=sys.stderr)
            return 2
        httpd = web.server(site, 0)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = "http://127.0.0.1:%d/" % httpd.server_address[1]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            cold = []
            for _ in range(args.runs):
                context = browser.new_context()
                cold.append(first_frame(context, base, "?game=spit"))
                context.close()
            context = browser.new_context()
            first_frame(context, base, "?game=spit")
            cached = [first_frame(context, base, "?game=spit") for _ in range(args.runs)]
            out["cold_ms"] = statistics.median(c["first"] for c in cold)
            out["cached_ms"] = statistics.median(c["first"] for c in cached)
            out["cold_runtime_ms"] = statistics.median(c["runtime"] for c in cold)
            out["cached_runtime_ms"] = statistics.median(c["runtime"] for c in cached)
            out["frames"] = {}
            for query in ("?game=spit", "?game=speed", "?game=california", "?game=speed&size=240x240"):
                ms = frames(context, base, query, args.seconds)
                out["frames"][query] = {"n": len(ms), "median": statistics.median(ms), "p95": pct(ms, 0.95),
                                        "over16": sum(1 for m in ms if m > 16) / len(ms)}
            lab, table = lab_rate(context, base, args.games)
            out["lab_games_per_s"] = lab["gamesPerSecond"]
            out["lab_games"] = lab["games"]
            context.close()
            browser.close()
        httpd.shutdown()
    out["cpython_games_per_s"] = cpython_rate(args.games)
    out["ratio"] = out["lab_games_per_s"] / out["cpython_games_per_s"]
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print("load average at the start: %.1f (2 cores)" % out["load"])
    print("first frame: cold %.1f s (Pyodide's start %.1f s), cached %.1f s (%.1f s)"
          % (out["cold_ms"] / 1000, out["cold_runtime_ms"] / 1000, out["cached_ms"] / 1000,
             out["cached_runtime_ms"] / 1000))
    for query, f in out["frames"].items():
        print("frames %-28s %5d frames, median %.1f ms, 95th percentile %.1f ms, %.1f%% over 16 ms"
              % (query, f["n"], f["median"], f["p95"], 100 * f["over16"]))
    print("bot lab: %.1f games/s in the worker, %.1f on CPython: %.2f of CPython's speed (%d games)"
          % (out["lab_games_per_s"], out["cpython_games_per_s"], out["ratio"], out["lab_games"]))
    return 0


if __name__ == "__main__":
    _path.run(main)
