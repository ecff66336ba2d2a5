"""python3 code.py: a scripted headless game writes its last frame; bad input gets one line and exit 2."""

import json
import os
import struct
import subprocess
import sys

import pytest

from uitools import FRAME_MS

from conftest import ROOT
CODE = os.path.join(ROOT, "code.py")

SCRIPT = {
    "seed": 3,
    "settings": {"stocks": 5, "sound": False},
    "description": "both say Spit; P2 plays 2H on pile 0 and 2C on pile 1; P1 tries 7C (refused)",
    "presses": [[0, 0, "left"], [40, 1, "up"], [300, 1, "up"], [330, 1, "left"], [400, 1, "down"],
                [430, 1, "down"], [460, 1, "right"], [500, 0, "left"], [560, 1, "down", 900]],
    "tail_ms": 300,
}


def spit(*args, env=None, cwd=None):
    """Run code.py with args; the completed process."""
    return subprocess.run([sys.executable, CODE, *args], capture_output=True, text=True, timeout=60,
                          env=env, cwd=cwd)


def png_size(path):
    """(width, height) from a PNG's header."""
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def quiet_env(tmp_path, **extra):
    """The environment with no screen and the settings folder in tmp_path."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env.update(extra)
    return env


def one_line_exit_2(out):
    """Exit 2 with one line on standard error, nothing on standard output, no traceback."""
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    return lines[0]


def test_no_display_points_to_headless(tmp_path):
    """With no screen to open a window on, code.py says to use --headless, in one line, exit 2."""
    line = one_line_exit_2(spit(env=quiet_env(tmp_path), cwd=str(tmp_path)))
    assert "--headless" in line
    assert not (tmp_path / "config").exists()  # nothing written


@pytest.mark.parametrize("size", ("160x128", "240x240"))
def test_headless_script_writes_the_last_frame(headless_app, tmp_path, size):
    """--headless --script plays the presses through the frame loop; the PNG is the in-process frame."""
    script = tmp_path / "opening.json"
    script.write_text(json.dumps(SCRIPT))
    shot = tmp_path / "out.png"
    out = spit("--headless", "--script", str(script), "--screenshot", str(shot), "--size", size,
               env=quiet_env(tmp_path), cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    width, height = map(int, size.split("x"))
    assert png_size(shot) == (width, height)
    # the same script played in this process draws the same picture
    from desktop.script import load_script, run_headless

    hal, app = headless_app(width, height, seed=SCRIPT["seed"], settings=SCRIPT["settings"])
    frames = run_headless(hal, app, load_script(json.dumps(SCRIPT)))
    assert frames * FRAME_MS >= 560 + 900
    assert [c.names() for c in app.game.centre] == [["AS", "2H"], ["AC", "2C"]]
    import pygame

    picture = pygame.image.tostring(pygame.image.load(str(shot)), "RGB")
    assert picture == bytes(hal.display.rgb)


BAD_SCRIPTS = [
    ("not json", "{presses: []", "not valid JSON"),
    ("unknown button", {"presses": [[0, 0, "left"], [10, 1, "jump"]]}, 'presses[1]: unknown button "jump"'),
    ("time backwards", {"presses": [[100, 0, "left"], [50, 1, "left"]]}, "presses[1]: time goes backwards"),
    ("bad settings value", {"settings": {"stocks": 6}}, "settings.stocks: 6 is not a value it can take"),
    ("bad settings type", {"settings": {"sound": 1}}, "settings.sound: 1 is not a value it can take"),
    ("unknown settings key", {"settings": {"volume": 2}}, 'settings: unknown key "volume"'),
    ("unknown key", {"presses": [], "colour": "red"}, 'unknown key "colour"'),
    ("bad player", {"presses": [[0, 2, "left"]]}, "presses[0]: player must be 0 or 1"),
]


@pytest.mark.parametrize("text, where", [(b[1], b[2]) for b in BAD_SCRIPTS], ids=[b[0] for b in BAD_SCRIPTS])
def test_bad_script_gets_one_line_naming_the_place(tmp_path, text, where):
    """A bad --script file: one line naming the file and the place, exit 2, no picture written."""
    script = tmp_path / "bad.json"
    script.write_text(text if isinstance(text, str) else json.dumps(text))
    shot = tmp_path / "out.png"
    line = one_line_exit_2(spit("--headless", "--script", str(script), "--screenshot", str(shot),
                                env=quiet_env(tmp_path), cwd=str(tmp_path)))
    assert str(script) in line and where in line, line
    assert not shot.exists()


def test_missing_script_file_gets_one_line(tmp_path):
    """A --script file that is not there: one line naming it, exit 2."""
    missing = tmp_path / "nowhere" / "s.json"
    line = one_line_exit_2(spit("--headless", "--script", str(missing), "--screenshot", str(tmp_path / "o.png"),
                                env=quiet_env(tmp_path), cwd=str(tmp_path)))
    assert str(missing) in line and "cannot read" in line
