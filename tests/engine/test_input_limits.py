"""Valid or merely large input never crashes or hangs a reader (issue 9, class 3).

More than 256 events in one millisecond, JSON nested far deeper than any
file of ours, and event times as late as the format allows.
"""

import json
import os
import subprocess
import sys

import pytest

from uitools import one_line_exit_2

from engine import actions as A
from engine.jsontext import DEPTH, JSONError, loads as parse_json
from engine.replay import MAX_MS, ReplayError, loads, run, state
from engine.timing import Sequencer
from desktop.script import ScriptError, load_game, load_script

from conftest import ROOT
REPLAY = os.path.join(ROOT, "tools", "replay.py")
CODE = os.path.join(ROOT, "code.py")
DEEP = "[" * 100000 + "]" * 100000


def tool(path, *args, **kw):
    """Run a program of the repository; the completed process."""
    return subprocess.run([sys.executable, path, *args], capture_output=True, text=True, timeout=120, **kw)




# ---- more than 256 events in one millisecond (C-4) ---------------------------------


@pytest.mark.parametrize("n", (255, 256, 257, 300, 1000))
def test_c04_a_batch_of_any_size_keeps_the_c04_order(n):
    """C-4: every action of one ms is one tie: the priority seat's actions, in their order, then the other's."""
    seq = Sequencer(n)
    for i in range(n):
        seq.add(7, (i * 7 // 3) % 2, A.READY, 0, 0, i)
    seq.sort()
    got = [seq.tag[seq.order[k]] for k in range(n)]
    p0 = [i for i in range(n) if (i * 7 // 3) % 2 == 0]
    assert got == p0 + [i for i in range(n) if i not in p0]
    assert seq.ties == 1 and seq.priority == 1


def test_c04_a_big_tie_of_three_seats_goes_round_from_the_priority_seat():
    """C-4 (more seats): seats act in seat order from the priority seat, wrapping; priority passes on."""
    seq = Sequencer(600, players=3)
    seq.priority = 2
    for i in range(600):
        seq.add(0, i % 3, A.READY, 0, 0, i)
    seq.sort()
    got = [seq.tag[seq.order[k]] for k in range(600)]
    assert got == list(range(2, 600, 3)) + list(range(0, 600, 3)) + list(range(1, 600, 3))
    assert seq.priority == 0


def test_replay_tool_applies_300_events_of_one_millisecond(tmp_path):
    """300 events at t=0 (it used to crash at 257): all applied, one tie, exit 0."""
    events = [[0, i % 2, "ready"] for i in range(300)]
    path = tmp_path / "many.json"
    path.write_text(json.dumps({"seed": 4, "events": events}))
    out = tool(REPLAY, str(path))
    assert out.returncode == 0, out.stderr
    st = json.loads(out.stdout)
    assert st["phase"] == "play"
    # C-4: player 0 says Spit first, then player 1 (play starts); every other ready is refused
    assert [i for i, _ in st["refused"]] == [i for i in range(300) if i not in (0, 1)]


# ---- JSON nested too deeply, in every reader ------------------------------------------


def test_nesting_limit_is_exact():
    """jsontext: DEPTH lists inside one another are read, one more is one line naming the limit."""
    assert parse_json("[" * DEPTH + "]" * DEPTH) is not None
    with pytest.raises(JSONError, match="nested too deeply"):
        parse_json("[" * (DEPTH + 1) + "]" * (DEPTH + 1))
    with pytest.raises(JSONError, match="nested too deeply"):
        parse_json('{"a": ' * (DEPTH + 1) + "1" + "}" * (DEPTH + 1))
    with pytest.raises(JSONError, match="nested too deeply"):
        parse_json(DEEP)


@pytest.mark.parametrize("text", (DEEP, '{"events": ' + DEEP + "}", '{"expect": ' + "[" * 40 + "]" * 40 + "}"),
                         ids=("top", "events", "expect"))
def test_deep_replay_is_one_line(text, tmp_path):
    """Replay files: too deep is a ReplayError, and one line with exit 2 from tools/replay.py and code.py."""
    with pytest.raises(ReplayError, match="nested too deeply"):
        loads(text)
    with pytest.raises(ScriptError, match="nested too deeply"):
        load_game(text)
    path = tmp_path / "deep.json"
    path.write_text(text)
    assert "nested too deeply" in one_line_exit_2(tool(REPLAY, str(path)))
    out = tool(CODE, "--headless", "--replay", str(path), "--screenshot", str(tmp_path / "o.png"))
    assert "nested too deeply" in one_line_exit_2(out)


@pytest.mark.parametrize("text", (DEEP, '{"presses": ' + DEEP + "}", '{"settings": {"cpu": ' + DEEP + "}}"),
                         ids=("top", "presses", "settings"))
def test_deep_script_is_one_line(text, tmp_path):
    """Button scripts: too deep is a ScriptError, and one line with exit 2 from code.py."""
    with pytest.raises(ScriptError, match="nested too deeply"):
        load_script(text)
    path = tmp_path / "deep.json"
    path.write_text(text)
    out = tool(CODE, "--headless", "--script", str(path), "--screenshot", str(tmp_path / "o.png"))
    assert "nested too deeply" in one_line_exit_2(out)


def test_deep_settings_file_gives_defaults_and_one_notice(tmp_path, capsys):
    """Settings: a file nested too deeply is unreadable: defaults in memory, one line, no exception."""
    from desktop import settings

    path = tmp_path / "settings.json"
    path.write_text('{"sound": ' + DEEP + "}")
    assert settings.load(str(path)) == {}
    err = capsys.readouterr().err
    assert "nested too deep" in err and len(err.splitlines()) == 1


# ---- late event times ------------------------------------------------------------------


def test_event_times_have_an_upper_bound(tmp_path):
    """Replay files: a time after MAX_MS (24 hours) is one line naming the event, exit 2."""
    assert MAX_MS == 24 * 3600 * 1000
    loads(json.dumps({"events": [[MAX_MS, 0, "ready"]]}))
    path = tmp_path / "late.json"
    path.write_text(json.dumps({"events": [[0, 0, "ready"], [300000000, 0, "ready"]]}))
    line = one_line_exit_2(tool(REPLAY, str(path)))
    assert "events[1]: time must be a whole number of ms from 0 to 86400000" in line
    out = tool(CODE, "--headless", "--replay", str(path), "--screenshot", str(tmp_path / "o.png"))
    assert "events[1]: time must be" in one_line_exit_2(out)


def test_script_press_times_have_an_upper_bound():
    """Button scripts: a press after 10 minutes (every frame up to it is drawn) is refused in one line."""
    load_script('{"presses": [[600000, 0, "left"]]}')
    with pytest.raises(ScriptError, match=r"presses\[1\]: time must be a whole number of ms from 0 to 600000"):
        load_script('{"presses": [[0, 0, "left"], [600001, 0, "left"]]}')


def test_headless_playback_jumps_to_the_next_event(headless_app):
    """With no frames to write, headless playback jumps time to the next event: an event 24 hours
    in takes a few frames, and the game ends as the replay runner says (C-5)."""
    from desktop.script import watch_headless

    doc = {"seed": 9, "events": [[0, 0, "ready"], [0, 1, "ready"], [40000000, 0, "flip", 1],
                                 [MAX_MS, 1, "play", 2, 0], [MAX_MS, 0, "play", 2, 1]]}
    text = json.dumps(doc)
    game, events = loads(text)
    want = state(game, run(game, events))
    hal, app = headless_app(seed=9)
    frames = watch_headless(hal, app, *load_game(text))
    assert frames < 200
    assert state(app.game) == dict(want, refused=[])
