"""Type-check what each board runs against CircuitPython's own API (circuitpython-stubs), with mypy.

    python tools/board/typecheck.py [BOARD ...] [--cache DIR]

For each board (all of them by default) the bundle is built in a temporary
folder and mypy checks its code.py, hal/ and ui/ modules (ui/ more leniently:
its attributes start as None), following their imports into engine/
(pure Python that uses none of CircuitPython's API: read, not checked) and
lib/ (libraries: read for their types, not checked), against the stubs of CircuitPython's modules and
the board's own ``board`` module (its pin names). The stubs ship one ``board``
per board in ``board_definitions/<board id>``; here it is copied as ``board``
into a folder put first on mypy's path (what ``circuitpy_setboard`` does to
the installed package, without changing it). The stubs still give
``board.DISPLAY`` the type ``displayio.Display``, which CircuitPython 9 renamed
``busdisplay.BusDisplay``; the copy says so. A misspelled pin, a keypad
argument that does not exist, or a call CircuitPython's API does not allow
fails the check. Exit status 1 when any board fails, 2 when a file cannot be written.
"""

import os
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import _path  # noqa: F401
from desktop.cli import Parser  # argparse with one-line errors
import boardinfo
import bundle
import circuitpython
from desktop.files import WriteError, write_atomic

API_CODES = ("attr-defined", "call-arg", "name-defined", "import-not-found", "import-untyped",
             "valid-type")
CONFIG = """[mypy]
mypy_path = {stubs},{lib}
check_untyped_defs = True
always_true = _TYPING
warn_unused_configs = False
show_error_codes = True
cache_dir = {cache}

[mypy-desktop.*,_path]
ignore_missing_imports = True

[mypy-engine.*]
ignore_errors = True

[mypy-ui.*]
strict_optional = False
disable_error_code = var-annotated,misc

[mypy-{libs}]
follow_imports = silent
"""
_PREPARING = threading.Lock()  # check() builds its bundle under it; the mypy runs go on in parallel


def board_stub(board, folder):
    """Write the board's pin stub as folder/board/__init__.pyi (with BusDisplay for DISPLAY)."""
    with open(boardinfo.stub_path(board), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("displayio.Display", "busdisplay.BusDisplay")
    text = text.replace("# Imports\n", "# Imports\nimport busdisplay\n", 1)
    write_atomic(os.path.join(folder, "board", "__init__.pyi"), text, "stub")


def targets(tree):
    """The files mypy is given: code.py, every hal module and every ui module of the bundle.

    The ui modules are named one by one: each game's screen is imported by name
    when that game is chosen (engine.games), so no import reaches it.
    """
    hal = sorted("hal/" + n for n in os.listdir(os.path.join(tree, "hal")) if n.endswith(".py"))
    ui = sorted("ui/" + n for n in os.listdir(os.path.join(tree, "ui")) if n.endswith(".py") and n != "__init__.py")
    return ["code.py"] + hal + ui


def prepare(board, work, tree=None):
    """Lay out work/ for one board (bundle, stubs, mypy.ini); return (tree, config path)."""
    if tree is None:
        tree = os.path.join(work, "CIRCUITPY")
        bundle.build(board, tree, source=True)  # mypy reads the .py files
    stubs = os.path.join(work, "stubs")
    board_stub(board, stubs)
    libs = sorted({rel.split("/")[1].split(".")[0] for rel in bundle.files_of(tree) if rel.startswith("lib/")})
    config = os.path.join(work, "mypy.ini")
    write_atomic(config, CONFIG.format(stubs=stubs, lib=os.path.join(tree, "lib"),
                                       cache=os.path.join(work, "cache"),
                                       libs=",".join(n + "," + n + ".*" for n in libs) or "none"), "mypy config")
    return tree, config


def mypy(tree, config, cache=None):
    """Run mypy on a prepared bundle; (errors that count, the full output)."""
    cmd = [sys.executable, "-m", "mypy", "--config-file", config]
    if cache:
        cmd += ["--cache-dir", cache]
    done = subprocess.run(cmd + targets(tree), cwd=tree, capture_output=True, text=True)
    output = (done.stdout + done.stderr).strip()
    if done.returncode not in (0, 1):
        return [output or "mypy exit status %d" % done.returncode], output
    return counted(output), output


def counted(output):
    """The error lines that fail the check.

    In ui/ only the errors that mean a wrong name or argument of an API count
    (API_CODES): its untyped attributes start as None or [None, None], and
    what mypy infers from that is not a fault of the code.
    """
    errors = []
    for line in output.splitlines():
        parts = line.split(": error: ", 1)
        if len(parts) != 2:
            continue
        code = parts[1].rsplit("[", 1)[-1].rstrip("]") if parts[1].endswith("]") else ""
        if parts[0].startswith("ui/") and (code not in API_CODES or parts[1].startswith('"None"')):
            continue
        errors.append(line)
    return errors


def shared_cache(board):
    """A board's mypy cache kept between runs and clones: ``~/.cache/spit/mypy/<board>`` (under
    ``$XDG_CACHE_HOME`` when set). mypy compares each file's hash with the one it cached, so a cache made from
    other code is only slower to use, never wrong; a warm one checks a board in a third of the time."""
    return circuitpython.user_cache("mypy", board)


def check(board, work=None, cache=None):
    """Type-check one board; (board, errors that count, full output, seconds)."""
    start = time.time()
    with tempfile.TemporaryDirectory(prefix="spit-mypy-") as tmp:
        with _PREPARING:  # one bundle at a time: CPython 3.11.7's ast.parse is not safe in two threads at once
            tree, config = prepare(board, work or tmp)  # ("AST constructor recursion depth mismatch")
        errors, output = mypy(tree, config, cache)
    return board, errors, output, time.time() - start


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("boards", nargs="*", help="board ids (default: every supported board)")
    parser.add_argument("--cache", metavar="DIR", help="mypy's cache folder, one per board below it")
    args = parser.parse_args(argv)
    try:
        boards = [boardinfo.board_id(b) for b in args.boards] or list(boardinfo.BOARDS)
    except ValueError as e:
        print("typecheck: %s" % e, file=sys.stderr)
        return 2
    if args.cache and (os.path.exists(args.cache) and not os.path.isdir(args.cache)
                       or not os.path.exists(args.cache) and not os.path.isdir(os.path.dirname(
                           os.path.abspath(args.cache)))):
        print("typecheck: --cache %s: not a folder (nor one that can be made)" % args.cache, file=sys.stderr)
        return 2
    try:
        with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
            results = list(pool.map(
                lambda b: check(b, cache=os.path.join(args.cache, b) if args.cache else None), boards))
    except WriteError as e:
        print("typecheck: %s" % e, file=sys.stderr)
        return 2
    failed = 0
    for board, errors, output, seconds in results:
        print("%-22s %s (%.1f s)" % (board, "FAILED" if errors else "ok", seconds))
        if errors:
            failed += 1
            print("    " + "\n    ".join(errors))
    return 1 if failed else 0


if __name__ == "__main__":
    _path.run(main)
