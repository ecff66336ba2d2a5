"""The small ones of issue 9 (class 7): zero games in the benchmarks, an unknown board in the type
check, standard output on a full disk in every tool, ``"version": true``, and seeds past 2^32 - 1."""

import glob
import json
import os
import subprocess
import sys

import pytest

import inproc
from uitools import one_line_exit_2

from engine.replay import SEEDS, ReplayError, document, loads, run, state
from desktop.script import ScriptError, load_script

from conftest import ROOT
TOOLS = sorted(p for p in glob.glob(os.path.join(ROOT, "tools", "*.py")) + glob.glob(os.path.join(ROOT, "tools", "*", "*.py"))
               if os.path.basename(p) not in ("_path.py", "micropython.py", "mpyvm.py", "vmplay.py", "link_memory.py",
                                              "link_shim.py") and "standins" not in p)  # modules, not tools


def where(name):
    """The path of tools/NAME, in whichever of tools/'s folders it is (docs/house.md: tools/ by purpose)."""
    for folder in ("", "board", "bench"):
        path = os.path.join(ROOT, "tools", folder, name)
        if os.path.exists(path):
            return path
    raise FileNotFoundError("no tool %s" % name)


def tool(name, *args, stdout=None, input=None, cwd=None, env=None):
    """Run tools/NAME (or a path) with args as its command line runs it, in this process (tests/inproc.py):
    what subprocess.run would give (stdout None when it went to a file)."""
    path = name if os.path.isabs(name) else where(name)
    return inproc.run([path, *args], input=input, stdout=stdout, cwd=cwd, env=env)


def process(name, *args, stdout=subprocess.PIPE, **kw):
    """The same in a fresh Python, for what only a real process shows: its last flush of standard output, a
    bot that closes it, the tournament's cap on the address space. Each tool has one such test here at least
    (its --help into /dev/full)."""
    path = name if os.path.isabs(name) else where(name)
    return subprocess.run([sys.executable, path, *args], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          timeout=120, **kw)




# ---- the benchmarks and the type check ------------------------------------------------


@pytest.mark.parametrize("name, args", [
    ("bench.py", ["--games", "0"]), ("bench.py", ["--repeat", "0"]), ("bench.py", ["--games", "-3"]),
    ("bench_mpy.py", ["--games", "0"]), ("bench_cpu_mpy.py", ["--games", "0"]), ("bench_ui.py", ["--games", "0"]),
])
def test_benchmarks_refuse_zero_games_in_one_line(name, args):
    """--games 0 / --repeat 0: one line saying what is wrong, exit 2 (bench.py divided by zero)."""
    assert "at least 1" in one_line_exit_2(tool(name, *args))


def test_typecheck_names_an_unknown_board_in_one_line():
    """tools/board/typecheck.py nosuch: one line listing the boards, exit 2, no traceback."""
    line = one_line_exit_2(tool("typecheck.py", "nosuch"))
    assert line.startswith("typecheck: unknown board 'nosuch'") and "pybadge" in line


# ---- standard output on a full disk -----------------------------------------------------


needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")


@needs_dev_full
@pytest.mark.parametrize("path", TOOLS, ids=[os.path.basename(p) for p in TOOLS])
def test_every_tool_says_so_when_standard_output_is_full(path):
    """Every tool, its help sent to /dev/full: one line on standard error, exit 2 (argparse used to
    swallow the error and exit 0; other output ended in a traceback)."""
    with open("/dev/full", "w") as full:
        line = one_line_exit_2(process(path, "--help", stdout=full))
    name = os.path.splitext(os.path.basename(path))[0]
    assert line == "%s: cannot write to standard output: No space left on device" % name


@needs_dev_full
@pytest.mark.parametrize("name, args", [
    ("replay.py", ["-"]), ("replay.py", ["-", "--trace"]), ("demo.py", []), ("demo.py", ["--quiet"]),
    ("boardinfo.py", []),
])
def test_tools_output_to_a_full_disk_is_one_line(name, args):
    """tools/replay.py f.json > /dev/full and the like: one line, exit 2, no traceback."""
    text = json.dumps({"events": [[0, 0, "ready"], [0, 1, "ready"]]})
    with open("/dev/full", "w") as full:
        line = one_line_exit_2(tool(name, *args, stdout=full, input=text))
    assert "cannot write to standard output" in line


def test_a_closed_pipe_still_ends_quietly(tmp_path):
    """The reader going away (| head) is no error: exit 0, nothing on standard error."""
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"events": [[t, t % 2, "flip", 0] for t in range(5000)]}))  # 300 KB of trace
    proc = subprocess.Popen([sys.executable, os.path.join(ROOT, "tools", "replay.py"), str(path), "--trace"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=60) == 0 and err == ""


def test_a_tools_own_errors_are_unchanged():
    """Bad input is still the tool's own line, with standard output fine."""
    out = tool("replay.py", "-", input='{"events": [[0, 0, "jump"]]}')
    assert 'events[0]: unknown verb "jump"' in one_line_exit_2(out)


# ---- "version": true ---------------------------------------------------------------------


@pytest.mark.parametrize("version", [True, 1.0, "1", False, 0])
def test_version_must_be_the_integer_1(version):
    """bool is an int in Python: true (and 1.0) used to pass as version 1."""
    with pytest.raises(ReplayError, match="version: this program reads version 1, got "):
        loads(json.dumps({"version": version}))
    loads('{"version": 1}')


# ---- seeds are 0 to 2^32 - 1 everywhere ---------------------------------------------------


@pytest.mark.parametrize("seed", [SEEDS + 1, 2 ** 40, -1])
def test_replay_seed_out_of_range_is_refused(seed):
    """A seed of 2^32 dealt as seed 0 (and -1 as 2^32 - 1): out of range now, one line."""
    assert SEEDS == 2 ** 32 - 1
    with pytest.raises(ReplayError, match=r"^seed: expected an integer from 0 to 4294967295, got "):
        loads(json.dumps({"seed": seed}))
    out = tool("replay.py", "-", input=json.dumps({"seed": seed}))
    assert "seed: expected an integer from 0 to 4294967295" in one_line_exit_2(out)


def test_the_largest_seed_is_a_seed_of_its_own():
    """0 and 2^32 - 1 are both accepted, and deal differently."""
    a, _ = loads('{"seed": 0}')
    b, _ = loads(json.dumps({"seed": SEEDS}))
    assert state(a) != state(b)


@pytest.mark.parametrize("seed", [SEEDS + 1, -1])
def test_script_seed_out_of_range_is_refused(seed):
    """Button scripts: the same range, one line."""
    with pytest.raises(ScriptError, match=r"^seed: expected a whole number from 0 to 4294967295"):
        load_script(json.dumps({"seed": seed}))
    assert load_script(json.dumps({"seed": SEEDS}))["seed"] == SEEDS


@pytest.mark.parametrize("program, args", [
    (os.path.join(ROOT, "code.py"), ["--headless", "--screenshot", "x.png"]),
    ("demo.py", ["--quiet"]),
    ("tournament.py", ["--bots", "level1,level2", "--quiet"]),
])
@pytest.mark.parametrize("seed", [str(SEEDS + 1), "-1", "seven"])
def test_seed_flags_out_of_range_are_one_line(program, args, seed, tmp_path):
    """--seed N via desktop.cli.whole_number: outside 0..2^32 - 1 is one line (not argparse's usage too), exit 2."""
    line = one_line_exit_2(tool(program, *args, "--seed", seed, cwd=str(tmp_path)))
    assert "argument --seed: expected a" in line and line.endswith("(see --help)")
    assert not os.path.exists(tmp_path / "x.png")


def test_tournament_seeds_must_not_run_past_the_largest():
    """tournament deals SEED + i // 2: the last deal's seed must be a seed too."""
    line = one_line_exit_2(tool("tournament.py", "--bots", "level1,level2", "--seed", str(SEEDS), "--games", "3"))
    assert "needs seeds past 4294967295" in line


def test_the_apps_next_seed_wraps_into_range(headless_app):
    """The App deals game k with seed + k: from 2^32 - 1 the next is 0, and its replay loads."""
    hal, app = headless_app(seed=SEEDS)
    app.start_game(hal.ticks_ms())
    assert app.game_seed == SEEDS
    app.back_to_menu()
    app.start_game(hal.ticks_ms())
    assert app.game_seed == 0
    game, events = loads(json.dumps(document(app.options(), app.game_seed, [])))
    run(game, events)
    assert state(game) == state(app.game)


CODE = os.path.join(ROOT, "code.py")


def test_code_py_says_so_when_standard_output_is_full():
    with open("/dev/full", "w") as full:
        out = process(CODE, "--help", stdout=full)
    assert "cannot write to standard output" in one_line_exit_2(out)


@pytest.mark.parametrize("path", TOOLS + [CODE], ids=os.path.basename)
def test_every_command_line_error_is_one_line(path):
    """argparse's usage and error, two lines, are one line in every tool (desktop.cli.Parser)."""
    out = tool(path, "--no-such-flag")
    assert "--no-such-flag" in one_line_exit_2(out) or "required" in out.stderr


def test_a_replay_file_may_start_with_a_byte_order_mark(tmp_path):
    """Some editors write a UTF-8 BOM; the replay reader takes the file as it would without."""
    good = os.path.join(ROOT, "tests", "rules", "s05_play_onto_either_pile.json")
    with open(good, "rb") as f:
        data = f.read()
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + data)
    plain, bom = tool("replay.py", good), tool("replay.py", str(marked))
    assert bom.returncode == 0 and bom.stdout == plain.stdout


# ---- found by a hostile run of the tools: FIFOs, devices, closed input, bad flags ------------------

HEADLESS = dict(os.environ, BLINKA_OS_AGNOSTIC="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


@pytest.mark.parametrize("args", [
    ["replay.py", "{fifo}"], ["replay.py", "{fifo}", "--trace"], ["replay.py", "/dev/zero"],
    [CODE, "--headless", "--script", "{fifo}", "--screenshot", "{tmp}/a.png"],
    [CODE, "--headless", "--replay", "{fifo}", "--screenshot", "{tmp}/a.png"],
])
def test_a_fifo_or_a_device_named_as_input_is_one_line_never_a_hang(args, tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(str(fifo))
    args = [a.format(fifo=fifo, tmp=tmp_path) for a in args]
    out = tool(*args, env=HEADLESS)
    assert "not a regular file" in one_line_exit_2(out)


def test_standard_input_closed_or_endless_is_one_line():
    closed = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "replay.py"), "-"], stdin=None,
                            capture_output=True, text=True, timeout=60, close_fds=True,
                            preexec_fn=lambda: os.close(0))
    assert "standard input is closed" in one_line_exit_2(closed)
    with open("/dev/zero", "rb") as zero:
        endless = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "replay.py"), "-"], stdin=zero,
                                 capture_output=True, text=True, timeout=120)
    assert "too large" in one_line_exit_2(endless)


@pytest.mark.parametrize("make", ["fifo", "zero"])
def test_a_drive_whose_boot_out_is_a_fifo_or_a_device_is_refused_not_read(make, tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    if make == "fifo":
        os.mkfifo(str(drive / "boot_out.txt"))
    else:
        os.symlink("/dev/zero", str(drive / "boot_out.txt"))
    out = tool("deploy.py", "pybadge", "--source", "--drive", str(drive))
    assert "no boot_out.txt naming its board" in one_line_exit_2(out)


@pytest.mark.parametrize("args, words", [
    (["typecheck.py", "--cache", "/dev/full", "pybadge"], "not a folder"),
    (["demo.py", "--save", ""], "needs a file name"),
    (["selftest.py", "--wait", "-1"], "expected 1 to 600 seconds"),
])
def test_bad_flag_values_are_one_line(args, words):
    assert words in one_line_exit_2(tool(*args))


# ---- found by a second hostile run -------------------------------------------------------------

def test_a_bot_that_closes_standard_output_is_one_line(tmp_path):
    bot = tmp_path / "closeout.py"
    bot.write_text("import sys\nsys.stdout.close()\nfrom engine.bots import Bot\n\n\nclass C(Bot):\n"
                   "    name = 'c'\n    speed = 3\n\n\nBOT = C\n")
    out = process("tournament.py", "--bots", "level1," + str(bot), "--games", "2", "--quiet")
    assert "cannot write to standard output" in one_line_exit_2(out)


def test_a_bot_that_grows_without_end_is_named_not_killed(tmp_path):
    """The tournament caps its address space (4 GB), so the bot fails with MemoryError, named in one line.

    The bot grows in blocks of 256 MB that it never writes (zero pages the kernel hands out only when
    touched), so it reaches the cap at once instead of spending seconds zeroing memory; past 8 GB it stops
    itself with another error, which a tournament without its cap would name instead.
    """
    bot = tmp_path / "grow.py"
    bot.write_text("from engine.bots import Bot\n\n\nclass Grow(Bot):\n    name = 'grow'\n    speed = 3\n\n"
                   "    def play(self, view, act):\n        x = []\n        while True:\n"
                   "            x.append(bytes(1 << 28))\n"
                   "            if len(x) > 32:\n                raise RuntimeError('grew past 8 GB')\n\n\n"
                   "BOT = Grow\n")
    out = process("tournament.py", "--bots", "level1," + str(bot), "--games", "2", "--quiet")
    assert "grow: decide failed: MemoryError" in one_line_exit_2(out)


def test_more_bad_tournament_flags_are_one_line(tmp_path):
    out = tool("tournament.py", "--bots", "level1,level2", "--jobs", "100000")
    assert "at most 64 processes" in one_line_exit_2(out)
    (tmp_path / "folder.py").mkdir()
    out = tool("tournament.py", "--bots", "level1," + str(tmp_path / "folder.py"))
    assert "not a regular file" in one_line_exit_2(out)


def test_circuitpython_print_builds_nothing_and_a_file_as_cache_is_one_line(tmp_path):
    env = dict(os.environ, SPIT_CIRCUITPYTHON_CACHE=str(tmp_path / "empty"))
    assert "not built yet" in one_line_exit_2(tool("circuitpython.py", "--print", env=env))
    assert not (tmp_path / "empty").exists()
    (tmp_path / "afile").write_text("x")
    env["SPIT_CIRCUITPYTHON_CACHE"] = str(tmp_path / "afile")
    assert "is not a folder" in one_line_exit_2(tool("circuitpython.py", "--print", env=env))
