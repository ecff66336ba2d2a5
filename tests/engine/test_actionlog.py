"""The App's action log (engine.actionlog): 6 bytes an action, read back as the replay's tuples (C-5)."""

import os
import subprocess
import sys

from engine.actionlog import ActionLog

from conftest import ROOT


def test_entries_come_back_as_written_through_growth():
    log = ActionLog(capacity=2)
    entries = [(0, 0, 0, 0, 0), (1, 1, 1, 4, 1), (2 ** 32 - 1, 3, 5, 255, 255), (86400000, 2, 3, 16, 200)]
    for e in entries:
        log.append(*e)
    assert len(log) == 4 and list(log) == entries
    assert log[0] == entries[0] and log[-1] == entries[-1] and log[1:3] == entries[1:3]
    assert log == entries and log[4:] == []


def test_clear_keeps_the_buffer_and_forgets_the_actions():
    log = ActionLog(capacity=4)
    buf = log.buf
    log.append(5, 1, 2, 3, 0)
    log.clear()
    assert len(log) == 0 and log == [] and log.buf is buf


def test_an_index_past_the_end_is_an_index_error():
    log = ActionLog()
    log.append(1, 0, 0, 0, 0)
    for k in (1, -2):
        try:
            log[k]
        except IndexError:
            continue
        raise AssertionError("log[%d] did not raise" % k)


def test_a_board_keeps_no_log_and_the_desktop_does(headless_app):
    """ui.app: a hal with keep_log False (every board) keeps none, so nothing grows in a long game."""
    from boardsim import board_modules
    from ui.app import App

    hal, app = headless_app()
    assert app.log is not None and len(app.log) == 0
    hal.keep_log = False
    assert App(hal, settings={}).log is None
    with board_modules():
        from hal.device import BoardHal

        assert BoardHal.keep_log is False


def test_a_replay_with_arguments_the_engine_refuses_plays_back_as_tools_replay_says(tmp_path):
    """Arguments 16-255 are legal in a replay file (the engine refuses them): playback logs them too."""
    path = tmp_path / "wide.json"
    path.write_text('{"events": [[0, 0, "play", 16, 0], [5, 1, "flip", 200]]}')
    env = dict(os.environ, BLINKA_OS_AGNOSTIC="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, os.path.join(ROOT, "code.py"), "--headless", "--replay", str(path), "--screenshot",
                           str(tmp_path / "a.png")], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
