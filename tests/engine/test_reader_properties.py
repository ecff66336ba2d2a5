"""Property tests of the readers (issue 9): any input to a replay file or a button script, from
random bytes to mutated good files, gives a result or one line with exit status 2; never a
traceback, never a hang."""

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import replay as replay_tool  # tools/replay.py (tests/conftest.py puts tools/ on the path)
from rulefiles import rule_files
from engine.replay import ReplayError, load, run, state
from desktop.script import ScriptError, load_game, load_script

from conftest import ROOT
RULE_FILES = rule_files()  # the registered games' (tests/rulefiles.py)
RULE_TEXTS = [open(p, encoding="utf-8").read() for p in RULE_FILES]
SCRIPT_TEXTS = [open(os.path.join(ROOT, "docs", "img", "opening.json"), encoding="utf-8").read(), json.dumps({
    "seed": 3, "settings": {"stocks": 4, "sound": False, "mode": "1p", "cpu": "level2"}, "menu": False,
    "presses": [[0, 0, "left"], [40, 1, "up"], [300, 1, "left", 120], [330, 0, "down"]], "tail_ms": 100,
    "description": "a small script"})]

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 40, 2 ** 40) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=30)
SMALL = st.sampled_from([0, 1, 2, 3, 4, 5, 255, 256, -1, True, None, "0", 1.5, 86400000, 86400001,
                         2 ** 32, "ready", "play", "jump", "X1", "AS", "10H", [], {}])


def places(doc):
    """Every (container, key) inside doc, for mutations."""
    out = []
    stack = [doc]
    while stack:
        v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, item in items:
            out.append((v, k))
            stack.append(item)
    return out


@st.composite
def mutated(draw, texts):
    """One of the good texts, changed: values replaced, removed, added or copied; or its bytes edited."""
    text = draw(st.sampled_from(texts))
    if draw(st.integers(0, 3)) == 0:  # edit the bytes
        raw = bytearray(text.encode("utf-8"))
        for _ in range(draw(st.integers(1, 6))):
            i = draw(st.integers(0, max(0, len(raw) - 1)))
            what = draw(st.integers(0, 2))
            if what == 0 and raw:
                del raw[i]
            elif what == 1:
                raw[i:i] = draw(st.binary(min_size=1, max_size=4))
            elif raw:
                raw[i] = draw(st.integers(0, 255))
        return bytes(raw)
    doc = json.loads(text)
    for _ in range(draw(st.integers(1, 5))):
        spots = places(doc)
        if not spots:
            break
        box, key = draw(st.sampled_from(spots))
        what = draw(st.integers(0, 3))
        if what == 0:
            box[key] = draw(SMALL | JSON_VALUES)
        elif what == 1:
            del box[key]
        elif what == 2 and isinstance(box, list):
            box.insert(key, draw(SMALL | JSON_VALUES))
        elif what == 2:
            box[draw(st.text(max_size=8))] = draw(SMALL)
        else:
            box[key] = json.loads(json.dumps(box[key]))  # a copy of a neighbour (duplicate cards, events)
            if isinstance(box, list):
                box.append(box[key])
    return json.dumps(doc).encode("utf-8")


def anything(texts):
    """Random bytes, random JSON, JSON nested deeply, or a mutated good file."""
    return st.one_of(
        st.binary(max_size=300),
        JSON_VALUES.map(lambda v: json.dumps(v).encode("utf-8")),
        st.integers(1, 3000).map(lambda n: (b"[" * n + b"]" * n) if n % 2 else (b'{"a":' * n + b"1" + b"}" * n)),
        mutated(texts),
    )


def one_line(err):
    """The message is exactly one line."""
    assert err.count("\n") == 1 and err.endswith("\n"), err


def run_replay_tool(data, *args):
    """tools/replay.py's main on data as a file; (status, stdout, stderr)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "f.json")
        with open(path, "wb") as f:
            f.write(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = replay_tool.main([path, *args])
    return status, out.getvalue(), err.getvalue()


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(data=anything(RULE_TEXTS), trace=st.booleans())
def test_replay_reader_gives_a_state_or_one_line(data, trace):
    """Replay files, tools/replay.py: a state (status 0) or one line naming the place (status 2)."""
    status, out, err = run_replay_tool(data, *(["--trace"] if trace else []))
    assert status in (0, 2)
    if status == 2:
        one_line(err)
        assert out == "" and err.startswith("replay: ")
    else:
        assert err == ""
        json.loads(out.splitlines()[-1])


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(data=anything(RULE_TEXTS))
def test_replay_reader_of_code_py_agrees(data):
    """code.py --replay reads through desktop.script.load_game: a game it can run, or one line (ScriptError)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # code.py reads text: cannot read, one line (tests/desktop/test_cli.py)
    try:
        game, events, doc = load_game(text)
    except ScriptError as e:
        assert "\n" not in str(e) and str(e)
        try:
            load(json.loads(text))
        except (ReplayError, ValueError, RecursionError):
            return
        raise AssertionError("load_game refused what the replay reader takes")
    state(game, run(game, events))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(data=anything(SCRIPT_TEXTS))
def test_script_reader_gives_a_script_or_one_line(data):
    """Button scripts: a checked script, or one ScriptError line naming the place."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    try:
        script = load_script(text)
    except ScriptError as e:
        assert "\n" not in str(e) and str(e)
        return
    assert set(script) == {"seed", "settings", "menu", "presses", "tail_ms"}
    assert all(0 <= t <= 600000 for t, _, _, _ in script["presses"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=anything(SCRIPT_TEXTS), which=st.sampled_from(("--script", "--replay")))
@pytest.mark.slow
def test_code_py_on_any_file_exits_0_or_2_with_one_line(data, which):
    """code.py --headless --script/--replay FILE, as a user runs it: exit 0, or 2 with one line."""
    if which == "--script":
        try:
            script = load_script(data.decode("utf-8"))
            if script["presses"] and script["presses"][-1][0] > 5000:
                return  # a valid script this long only takes time
        except (UnicodeDecodeError, ScriptError):
            pass
    else:
        data = data if b"presses" not in data else data.replace(b"presses", b"events")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "f.json")
        with open(path, "wb") as f:
            f.write(data)
        out = subprocess.run([sys.executable, os.path.join(ROOT, "code.py"), "--headless", which, path,
                              "--screenshot", os.path.join(folder, "o.png")],
                             capture_output=True, text=True, timeout=120,
                             env=dict(os.environ, XDG_CONFIG_HOME=folder))
    assert out.returncode in (0, 2), out.stderr
    assert "Traceback" not in out.stderr
    if out.returncode == 2:
        one_line(out.stderr)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=anything(RULE_TEXTS))
def test_replay_tool_exit_status_is_0_or_2(data):
    """tools/replay.py as a program: exit 0 with the state, or 2 with one line; no traceback."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "f.json")
        with open(path, "wb") as f:
            f.write(data)
        out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "replay.py"), path],
                             capture_output=True, text=True, timeout=120)
    assert out.returncode in (0, 2), out.stderr
    assert "Traceback" not in out.stderr
    if out.returncode == 2:
        one_line(out.stderr)
    else:
        json.loads(out.stdout)
