"""The whole game on each board: the App's heap on CircuitPython's board VM, in the board's own pool.

    python tools/bench/bench_board.py [--board NAME ...] [--search] [--sweep] [--soak] [--games N] [--json]
    python tools/bench/bench_board.py --long 100 [--plot docs/img/heap-long-soak.png]

The VM is tools/board/circuitpython.py's ``micropython-board``: CircuitPython 10.3's
unix port with its real C displayio, fontio, terminalio.FONT, bitmaptools and
vectorio, a 2048-byte pystack, and a GC heap that grows in areas carved from
a TLSF pool of ``BOARD_PORT_HEAP`` bytes, as on a board. The code is the
board's bundle as it ships (``.mpy``, tools/board/bundle.py); the hardware a board
has in C is stood in for by tools/board/standins/, frozen into the VM, and
``board.DISPLAY`` (or the Pico kit's ST7789) is a ``displayio.HeadlessDisplay``.

tools/board/vmplay.py plays a plan through the App as a player would: every game
in every mode (two people, one against the CPU, the demo), each option of
each game changed through the menu, the menu's pages, the result screen and
back to the menu. What is not the game is measured and the pool is given that
much more: the stand-ins' objects (C on a board), vmplay itself and the hands
that press for the people, less any qstr pool's table opened while they are
measured (``micropython.qstr_info()`` before and after: the pool is the game's,
whose names fill it). A run passes when every game of it ends.

Budgets (docs/performance.md): each board's pool less 16 KB, and for the
Pico kit, whose pool is inferred at 176-184 KB, 160 KB. ``--search`` finds
the smallest pool in which each run passes (1 KB steps): the margin is the
budget less that. ``--soak`` adds 20 games in a row with round trips to the
menu, changes of game and of options. Each run also reports the names the App
interned (``qstrs``: CLIFF below). ``--sweep`` plays every pool from the
budget less ROOM to the board's whole pool in 1 KB steps with each layout pad
of PADS and reports any that fails (the result is monotonic when none does),
and the margin as the worst over the pads. The harness (vmplay) is frozen
into the VM, and a run's program is one line: nothing of it is in the heap
or the names. Exit status 1 when a run fails in its budget, 2 when the VM
cannot be built.

``--long N`` plays only a soak of N games at each board's budget and logs the
heap back at the menu after each game (free bytes, the largest free block:
``micropython.mem_info()``'s largest hole or largest new area), with its
trend; ``--plot`` draws the logs (pygame, a PNG). The VM's first heap area is
the bundle's ``CIRCUITPY_HEAP_START_SIZE`` plus the run's extra.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import _path
from engine import games as registry
from desktop.cli import Parser  # argparse with one-line errors

import bundle
import circuitpython

KB = 1024
# name: (board id, the bundle's hal, display (w, h), the firmware's pool, the budget's pool)
BOARDS = {
    "pybadge": ("pybadge", (160, 128), 158780, 158780 - 16 * KB),
    "pygamer": ("pygamer", (160, 128), 158788, 158788 - 16 * KB),
    "pico240": ("raspberry_pi_pico", (240, 240), 176000, 160 * KB),
    "pico135": ("raspberry_pi_pico", (240, 135), 176000, 160 * KB),
}
STANDINS = sorted(n[:-3] for n in circuitpython.frozen_standins())
# What the tests hold every run on every board to (tests/tools/test_board_vm.py; docs/performance.md "The
# names' cliff"): the table of names interned at run time doubles to 1,280 entries at the 1,261st name, one
# block of 8,984 B (7,704 B on a board) that a heap broken up by play may not have, so a run stays at most
# QSTRS_MOST names (160 under that: issue 33); and it passes in the budget less ROOM, room for what comes next.
CLIFF = 1260
QSTRS_MOST = 1100
ROOM = 24 * KB
PADS = (0, 520, 1544, 3000)  # --sweep's layout pads (bytes held from boot)
MODES = ("2p", "1p")  # the menu's modes that every game has, then the demo
PAGES = ["howto", "stats", "join"]  # the menu's pages: how to play, statistics, the link's join page (where the
# board has a link)


def plans(games=5, soak=False):
    """{run name: plan}: for each game, every mode and each option's every value; the soak if asked.

    Each option's every value is played: the n-th sweep sets every option to
    its n-th value (wrapping round), then every option at its last value.
    A plan is a list of steps for tools/board/vmplay.py: the menu settings to choose
    (the game first), the pages to open, how many games to play, and whether
    it is the demo. Nothing here knows a game by name: it reads the registry.
    """
    out = {}
    for name in registry.NAMES:
        info = registry.get(name)
        steps = []
        for mode in MODES:
            steps.append({"settings": [("game", name), ("mode", mode)], "pages": PAGES, "games": games})
        steps.append({"settings": [("game", name)], "games": games, "demo": True})
        widest = max([len(values) for _, _, values, _ in info.OPTIONS] or [1])
        for v in range(1, widest):  # every value of every option, a sweep of them at a time (in the menu's order)
            settings = [("game", name)] + [(key, values[v % len(values)]) for key, _, values, _ in info.OPTIONS]
            steps.append({"settings": settings, "games": games, "demo": True})
        last = [("game", name)] + [(key, values[-1]) for key, _, values, _ in info.OPTIONS]
        steps.append({"settings": last, "games": games, "demo": True})  # every option at its last value
        steps.append({"settings": [(key, values[0]) for key, _, values, _ in info.OPTIONS]})  # back as it was
        out[name] = steps
    if soak:
        out["soak"] = soak_steps(20)
    return out


def soak_steps(n, log=False):
    """n games in a row: a game change, a mode change or an option change each time, pages between (the soak's
    20, --long's 100); log: vmplay prints the heap at the menu after each game (HEAPLOG)."""
    steps = []
    for i in range(n):
        name = registry.NAMES[i % len(registry.NAMES)]
        info = registry.get(name)
        settings = [("game", name), ("mode", MODES[(i // len(registry.NAMES)) % 2])]
        if info.OPTIONS:
            key, _, values, _ = info.OPTIONS[i % len(info.OPTIONS)]
            settings.append((key, values[(i // 2) % len(values)]))
        step = {"settings": settings, "pages": ["howto"] if i % 5 == 0 else ["stats"] if i % 5 == 4 else [],
                "games": 1}
        if log:
            step["log"] = True
        steps.append(step)
    return steps


PROGRAM = "import vmplay\nvmplay.bench()\n"  # the whole program of a run: vmplay is frozen, the plan is in a file
PLAN_FILE = "_plan.json"


def qstr_tables(line):
    """The bytes of the qstr pools' tables in a ``micropython.qstr_info()`` line; None for another line."""
    if not line.startswith("qstr pool: "):
        return None
    fig = dict(part.split("=") for part in line[11:].split(", "))
    return int(fig["n_total_bytes"]) - int(fig["n_str_data_bytes"])


def qstr_count(line):
    """The names interned at run time in a ``micropython.qstr_info()`` line (its n_qstr: the runtime pools')."""
    return int(dict(part.split("=") for part in line[11:].split(", "))["n_qstr"])


def own(measured, before, after):
    """What a measured step took, less the tables of the qstr pools it opened (before, after: their bytes): a
    pool opens for whichever name finds the last one full, and its room holds the game's names from then on."""
    return measured - (after - before)


class Board:
    """One board's bundle and the VM to play it on, in a temporary folder."""

    def __init__(self, name, work, display=None):
        self.name = name
        self.id, self.display, self.pool, self.budget = BOARDS[name]
        if display is not None:  # the board's bundle on another panel (the desktop's sizes, for pictures)
            self.display = display
        self.vm = circuitpython.binaries()[circuitpython.BOARD_VM]
        self.mpy_cross = circuitpython.binaries()["mpy-cross"]
        # a game registered here from outside engine/ (the tests' toy) goes into the bundle and is registered
        # in the VM before the plan is played: (name, title, package) each
        self.homes = [(n, registry.TITLES[i], registry.LETTERS[i], registry.HOMES[n])
                      for i, n in enumerate(registry.NAMES) if n in registry.HOMES]
        self.tree = os.path.join(work, "+".join([name] + [h[0] for h in self.homes]))
        if not os.path.isdir(self.tree):
            bundle.build(self.id, self.tree, mpy_cross=self.mpy_cross)
            for home in self.homes:
                bundle.add_home(self.tree, home[3], mpy_cross=self.mpy_cross)
        # the GC heap's first area, as the bundle's settings.toml asks CircuitPython for it at start (the VM's
        # -X heapsize); the measured extra (the stand-ins', vmplay's and the hands' heap, held from boot in the
        # first area) is added to it as to the pool, so the App has the first area a board gives it
        self.start = bundle.heap_start(os.path.join(self.tree, "settings.toml"))
        self.extra = 0

    def env(self, pool):
        """The VM's environment: the pool, the board, its display, the terminal's tiles (taken at boot)."""
        w, h = self.display
        env = dict(os.environ, BOARD_PORT_HEAP=str(pool), SPIT_VM_BOARD=self.id,
                   BOARD_TERMINAL_BYTES=str((w // 6) * (h // 12) * 2), MICROPYPATH=os.pathsep.join(
                       ["", "lib", ".frozen"]))
        if self.id.startswith("raspberry_pi_pico"):
            env.update(SPIT_VM_DISPLAY="none", SPIT_TFT_WIDTH=str(w), SPIT_TFT_HEIGHT=str(h))
        else:
            env["SPIT_VM_DISPLAY"] = "%dx%d" % (w, h)
        return env

    def run(self, program, pool, timeout=900, pad=0):
        """Run program (source) in the bundle's folder, as code.py runs on a board; CompletedProcess.

        A short program goes on the command line (``-c``): then not even a module's name is interned for it;
        a long one (a script's events) is imported from a file written beside the bundle.
        """
        command = program
        main = None
        if len(program) > 4096:
            main = os.path.join(self.tree, "_bench_main.py")
            with open(main, "w", encoding="utf-8") as f:
                f.write(program)
            # imported, not run as a script: the unix VM puts a script's absolute folder first on sys.path, so
            # every module's __file__ would hold this machine's temporary path (its length on the heap, once a
            # module), and the folder would be the VM's first string on the heap; a board's are "/ui/app.mpy"
            command = "import _bench_main"
        try:
            heap = ["-X", "heapsize=%d" % (self.start + self.extra + pad)] if self.start else []
            return subprocess.run([self.vm] + heap + ["-c", command], capture_output=True, text=True, cwd=self.tree,
                                  env=self.env(pool), timeout=timeout, preexec_fn=circuitpython.fixed_addresses)
        finally:
            if main is not None:
                os.remove(main)

    def play(self, plan, pool, pad=0, names=False):
        """(record, extra heap, output) of a plan played in a pool (with a layout pad of that many bytes held from
        the start, given back in the extra); record None when nothing came out. The record's ``qstrs`` is the
        number of names the App interned at run time by the plan's end (``micropython.qstr_info()``'s n_qstr, less
        the VM's own and the stand-ins' before the App starts)."""
        with open(os.path.join(self.tree, PLAN_FILE), "w", encoding="utf-8") as f:
            json.dump({"standins": STANDINS, "homes": self.homes, "pad": pad, "plan": plan, "names": int(names)}, f)
        done = self.run(PROGRAM, pool, pad=pad)
        record, extra, pools, hands, counts, heap = None, None, [], [], [], []
        for line in done.stdout.splitlines():
            if line.startswith("HEAPLOG "):  # a game's end, back at the menu: [game, free, largest free block]
                heap.append([int(v) for v in line.split()[1:3]] + [0])
            elif heap and line.startswith("GC: total:"):  # the largest new area the pool could still give
                split = line.partition("max new split: ")[2]
                heap[-1][2] = max(heap[-1][2], int(split) if split.isdigit() else 0)
            elif heap and "max free sz: " in line:  # the largest hole in the areas, in 16-byte blocks
                heap[-1][2] = max(heap[-1][2], int(line.rpartition("max free sz: ")[2]) * 16)
            elif qstr_tables(line) is not None:
                pools.append(qstr_tables(line))
                counts.append(qstr_count(line))
            elif line.startswith("EXTRA "):
                extra = [own(int(v), pools[i], pools[i + 1]) for i, v in enumerate(line.split()[1:])]
            elif line.startswith("HANDS "):
                hands.append(own(int(line[6:]), pools[-2], pools[-1]))
            elif line.startswith("RESULT "):
                record = eval(line[7:], {"__builtins__": {}}, {"true": True, "false": False})
        if record is not None and hands:
            record["hands"] = max(hands)  # (vmplay's own figure holds the qstr pools opened meanwhile)
        if record is not None and heap:
            record["heap"] = heap
        if record is not None and len(counts) > 3:  # the App's: the last count less those before it started (the
            # VM's and the stand-ins', a board's C modules' names, in ROM on a board)
            record["qstrs"] = counts[-1] - counts[2]
        return record, extra, done


def last_frame(board, script, path):
    """Play a checked script (desktop.script.load_script) on the board VM; write its last frame (RGB565) to path.

    Returns the VM's record: frames run and the display's (refreshes, areas, pixels sent).
    """
    from desktop.script import key_events

    events = key_events(script["presses"])
    end = (events[-1][0] if events else 0) + script["tail_ms"]
    program = ("import vmplay\nvmplay.script(%r, %r, %r, %r, %r)\n"
               % (script["settings"], script["seed"], [list(e) for e in events], end, path))
    done = board.run(program, board.pool + 64 * KB)
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return eval(line[7:], {"__builtins__": {}})
    raise RuntimeError("the script did not play on the board VM:\n" + (done.stdout + done.stderr)[-3000:])


def bus(row):
    """{frames, mean, median, p95, most, over_2000} of a record's bus row (pixels a frame, vmplay's buckets)."""
    frames = row[0]
    if not frames:
        return {"frames": 0}
    out = {"frames": frames, "mean": row[1] // frames, "most": row[2], "over_2000": row[3]}
    seen = 0
    for i, n in enumerate(row[4:]):
        seen += n
        bucket = "%d-%d" % (500 * i, 500 * i + 499) if i < 20 else "10000 or more"
        if "median" not in out and 2 * seen >= frames:
            out["median"] = bucket
        if 100 * seen >= 95 * frames:
            out["p95"] = bucket
            break
    return out


SELFTEST = r'''
gc_base = __import__("gc")
gc_base.collect()
for name in STANDINS:
    try:
        __import__(name)
    except ImportError:
        pass
import ui.selftest
ui.selftest.main(buttons=False)
'''


def selftest(board):
    """The board's self-test (ui/selftest.py, as tools/board/selftest.py runs it) on the board VM, in the board's
    own pool with the stand-ins' heap added: the report a board should give (its SELFTEST dict)."""
    extra = board.play([], 512 * KB)[1]
    done = board.run("STANDINS = %r\n" % STANDINS + SELFTEST, board.pool + extra[0])
    for line in done.stdout.splitlines():
        if line.startswith("SELFTEST "):
            return json.loads(line[9:])
    raise RuntimeError("the self-test did not run on the board VM:\n" + (done.stdout + done.stderr)[-3000:])


def passed(record, games):
    """True when the record shows every game played and nothing failed."""
    return bool(record) and record["error"] is None and record["games"] == games and not record["missing"]


def extra_heap(board, plan):
    """What the stand-ins, vmplay and the hands take (measured in a big pool): the pool is given it too.

    One deal a step is enough, and no play: the hands are made again for each game, the same for each, when
    the table is dealt (vmplay's deal_only).
    """
    plan = [dict(step, games=min(1, step.get("games", 0)), deal_only=True) for step in plan]
    record, extra, done = board.play(plan, 512 * KB)
    if record is None or extra is None:
        raise RuntimeError("the plan did not run on the board VM:\n" + (done.stdout + done.stderr)[-3000:])
    return extra[0] + extra[1] + record["hands"], record


def measure(name, plan, games, search=False, work=None, board=None, less=0, sweep=False):
    """The figures of one run of a plan on a board: its extras, at the budget (less ``less`` bytes: the tests ask
    for ROOM), the names the App interned (``qstrs``) and the smallest pool."""
    own = work is None
    work = work or tempfile.mkdtemp(prefix="spit-board-")
    try:
        board = board or Board(name, work)
        board.extra = 0
        extra, big = extra_heap(board, plan)
        board.extra = extra
        fig = {"board": name, "games": games, "extra": extra, "budget": board.budget, "pool": board.pool,
               "skipped": big["skipped"]}
        record, _, done = board.play(plan, board.budget - less + extra)
        fig["frames"] = record["frames"] if record else 0
        fig["qstrs"] = record.get("qstrs") if record else None
        fig["at_budget"] = passed(record, games)
        fig["record"] = record
        if not fig["at_budget"]:
            fig["output"] = (done.stdout + done.stderr)[-2000:]
        if search:
            fig["needed"] = smallest(board, plan, games, extra)
            fig["margin"] = None if fig["needed"] is None else board.budget - fig["needed"]
        if sweep:
            # monotonic: every pool from the budget less ROOM to the board's whole pool, 1 KB steps, with each
            # layout pad (a bytearray held from boot, given back in the extra: the layout an unrelated edit gives)
            fig["sweep_fails"] = [(pad, pool) for pad in PADS
                                  for pool in range(board.budget - ROOM, board.pool + 1, KB)
                                  if not passed(board.play(plan, pool + extra + pad, pad)[0], games)]
            worst = [smallest(board, plan, games, extra, pad) for pad in PADS]
            fig["needed_padded"] = None if None in worst else max(worst)
            fig["margin"] = None if None in worst else min(fig.get("margin", 1 << 30), board.budget - max(worst))
        return fig
    finally:
        if own:
            shutil.rmtree(work, ignore_errors=True)


def smallest(board, plan, games, extra, pad=0):
    """The smallest pool (1 KB steps) in which the plan passes, less the extra; None when even the largest fails."""
    low, high = 64 * KB, board.pool + extra + 64 * KB
    if not passed(board.play(plan, high + pad, pad)[0], games):
        return None
    while high - low > KB:
        mid = (low + high) // 2
        if passed(board.play(plan, mid + pad, pad)[0], games):
            high = mid
        else:
            low = mid
    return high - extra


def trend(rows, column=1):
    """Least-squares slope of a heap log's column over its games, bytes a game (rows: [game, free, largest])."""
    n = len(rows)
    if n < 2:
        return 0.0
    xs = [r[0] for r in rows]
    ys = [r[column] for r in rows]
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0


def plot(path, logs):
    """A PNG of the long soaks' heap logs ({board: rows}): free bytes (solid) and the largest free block (thin)
    at the menu after each game, a colour a board; drawn with pygame (the desktop's own), written atomically."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    w, h, left, top, bottom = 900, 440, 70, 60, 40
    surface = pygame.Surface((w, h))
    surface.fill((255, 255, 255))
    font = pygame.font.Font(None, 20)
    games = max([r[0] for rows in logs.values() for r in rows] or [1])
    most = max([r[c] for rows in logs.values() for r in rows for c in (1, 2)] or [1])
    top_kb = (most // 8192 + 1) * 8

    def at(game, value):
        return (left + (w - left - 20) * (game - 1) // max(1, games - 1),
                h - bottom - (h - top - bottom) * value // (top_kb * KB))

    for kb in range(0, top_kb + 1, 8):
        y = at(1, kb * KB)[1]
        pygame.draw.line(surface, (225, 225, 225), (left, y), (w - 20, y))
        surface.blit(font.render("%d KB" % kb, True, (90, 90, 90)), (8, y - 7))
    for g in range(0, games + 1, 10):
        x = at(max(1, g), 0)[0]
        surface.blit(font.render(str(max(1, g)), True, (90, 90, 90)), (x - 6, h - bottom + 8))
    colours = ((200, 40, 40), (30, 110, 200), (20, 150, 70), (150, 90, 10), (120, 60, 160))
    for i, (board, rows) in enumerate(sorted(logs.items())):
        colour = colours[i % len(colours)]
        for column, width in ((1, 3), (2, 1)):
            points = [at(r[0], r[column]) for r in rows]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, width)
        surface.blit(font.render(board, True, colour), (left + 10 + 110 * i, 8))
    surface.blit(font.render("free heap at the menu after each game (thick) and its largest free block (thin), "
                             "by game number", True, (60, 60, 60)), (left + 10, 28))
    scratch = path + ".tmp.png"
    pygame.image.save(surface, scratch)
    os.replace(scratch, path)


def count(plan):
    """The games a plan plays."""
    return sum(step.get("games", 0) for step in plan)


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", choices=sorted(BOARDS), action="append",
                        help="the board to measure (repeatable; default every board)")
    parser.add_argument("--games", type=int, default=5, help="games per step of a plan (default 5)")
    parser.add_argument("--search", action="store_true", help="find the smallest pool of each run")
    parser.add_argument("--sweep", action="store_true",
                        help="also play every pool from the budget less ROOM to the whole pool (1 KB steps) with "
                        "each of PADS: report any failure, and the margin as the worst over the pads (slow)")
    parser.add_argument("--soak", action="store_true", help="also 20 games in a row (menu, games, options)")
    parser.add_argument("--run", action="append", help="only these runs (a game's name, or soak)")
    parser.add_argument("--long", type=int, metavar="N",
                        help="only a soak of N games in a row at the budget, logging the heap at the menu after "
                             "each game (free bytes, the largest free block) and its trend")
    parser.add_argument("--plot", metavar="PNG", help="with --long: draw the logs of every board measured")
    parser.add_argument("--selftest", action="store_true",
                        help="only run the board's self-test on the VM: the figures a real board should print")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 50:
        parser.error("--games must be from 1 to 50")
    if args.long is not None and not 2 <= args.long <= 500:
        parser.error("--long must be from 2 to 500 games")
    if args.plot and args.long is None:
        parser.error("--plot draws --long's logs: give --long N")
    runs = plans(args.games, args.soak) if args.long is None else {"long": soak_steps(args.long, log=True)}
    if args.run:
        unknown = [r for r in args.run if r not in runs]
        if unknown:
            parser.error("unknown run %s (use %s)" % (unknown[0], ", ".join(runs)))
        runs = {k: v for k, v in runs.items() if k in args.run}
    figs = []
    work = tempfile.mkdtemp(prefix="spit-board-")
    try:
        for name in args.board or sorted(BOARDS):
            board = Board(name, work)
            if args.selftest:
                report = selftest(board)
                figs.append({"board": name, "selftest": report})
                if not args.json:
                    import selftest as host

                    print("== %s (the board VM in a pool of %d B)" % (name, board.pool))
                    for line in host.summary(report):
                        print("   " + line)
                continue
            for run, plan in runs.items():
                fig = measure(name, plan, count(plan), args.search, work, board, sweep=args.sweep)
                fig["run"] = run
                figs.append(fig)
                if not args.json:
                    print("%-8s %-10s %3d games  extra %6d B  in %d B: %s%s  qstrs %s" % (
                        name, run, fig["games"], fig["extra"], fig["budget"],
                        "ends" if fig["at_budget"] else "FAILS",
                        "  needs %s B, margin %s B" % (fig["needed"], fig.get("margin"))
                        if "needed" in fig else "", (fig["record"] or {}).get("qstrs")), flush=True)
                    rows = (fig["record"] or {}).get("heap") or []
                    if rows:
                        print("    at the menu after each game: free %d B first, %d B least, %d B last; largest "
                              "free block %d B least; trend %+.1f B a game (free), %+.1f B (largest)" % (
                                  rows[0][1], min(r[1] for r in rows), rows[-1][1], min(r[2] for r in rows),
                                  trend(rows), trend(rows, 2)), flush=True)
                    if args.sweep:
                        print("    sweep (pads %s): %s" % (", ".join(map(str, PADS)), "monotonic" if not
                              fig["sweep_fails"] else "FAILS at (pad, pool) %s" % fig["sweep_fails"]), flush=True)
                    record = fig["record"] or {}
                    for key in ("bus_play", "bus_deal", "bus_screen"):
                        if key in record:
                            print("    %-10s pixels a frame: %s" % (key[4:], bus(record[key])))
        if args.plot:
            plot(args.plot, {f["board"]: f["record"]["heap"] for f in figs if (f.get("record") or {}).get("heap")})
    except circuitpython.Unavailable as e:
        print("bench_board: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("bench_board: cannot write %s: %s" % (args.plot, e.strerror or e), file=sys.stderr)
        return 2
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(figs, indent=1, sort_keys=True))
    return 0 if all(f.get("at_budget", True) for f in figs) else 1


if __name__ == "__main__":
    _path.run(lambda: main())
