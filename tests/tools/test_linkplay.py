"""tools/linkplay.py: two real processes over UDP on 127.0.0.1 play a whole game of every game (docs/link.md).

Through the lossy shim (10% loss, duplicates, 0-80 ms of jitter, both ways),
both processes end in the same state, and the host's replay, run as
tools/replay.py runs it, gives that state. The two clocks step together a frame at a time (--lockstep):
no real time, so a busy machine (tests in parallel) slows the game down without changing its timing; the
waits the real-time pace measures are the same game time as at --speed 8. tests/ui/test_caps_and_contradictions.py runs
the real-time pace (its time limit).
"""

import json
import os
import subprocess
import sys

import pytest

import inproc
from uitools import one_line_exit_2

from conftest import ROOT, kit, registered_games


def linkplay(*args, timeout=300):
    return subprocess.run([sys.executable, "tools/linkplay.py"] + list(args), cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("game", registered_games())
@pytest.mark.slow
def test_two_processes_over_udp_with_loss_and_jitter_agree(registered, game):
    """Every registered game, with its kit's options for it (LINK_UDP); one whose folders live outside engine/
    (the toy) is registered in the processes by --home."""
    seed = 2 + 2 * registered.NAMES.index(game)
    options = []
    for key, value in sorted(kit(game).LINK_UDP.items()):
        options += ["--option", "%s=%s" % (key, json.dumps(value))]
    package = registered.HOMES.get(game)
    if package:
        options += ["--home", "%s=%s:%s" % (game, registered.TITLES[registered.NAMES.index(game)], package)]
    levels = sorted((int(bot[5:]), bot) for bot in registered.get(game).ROSTER if bot[5:].isdigit())
    bots = ",".join(bot for _, bot in levels[-2:])  # its two strongest levels (level7,level8)
    done = linkplay("--game", game, "--seed", str(seed), "--bots", bots, "--loss", "0.1",
                    "--jitter-ms", "80", "--speed", "8", "--lockstep", *options)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    host, guest = lines[0].split(), lines[1].split()
    assert host[2] == guest[2]  # the two digests
    assert "they agree" in lines[2] and "gives that state" in lines[2]
    lost = int(lines[0].split("(")[1].split()[0])
    assert lost > 0  # the shim did drop packets


@pytest.mark.parametrize("args, words", [
    (["--bots", "level7"], "--bots needs two bot names"),
    (["--bots", "level7,nobody"], "has no bot 'nobody'"),
    (["--loss", "0.9"], "--loss must be from 0 to 0.5"),
    (["--jitter-ms", "-3"], "--jitter-ms must be from 0 to 500"),
])
def test_bad_arguments_are_one_line_and_status_2(args, words):
    assert words in one_line_exit_2(inproc.run(["tools/linkplay.py", "--game", "speed", *args]))


@pytest.mark.parametrize("args, words", [
    (["--role", "host"], "--role needs --port"),
    (["--role", "guest", "--port", "99999"], "--role needs --port"),
    (["--session", "70000"], "--session must be from 1000 to 9999"),
    (["--sync", "3"], "--sync takes READ,WRITE"),
    (["--role", "guest", "--sync", "a,b"], "--sync takes READ,WRITE"),
])
def test_its_inner_arguments_are_checked_too(args, words):
    assert words in one_line_exit_2(inproc.run(["tools/linkplay.py", "--game", "speed", *args]))


@pytest.mark.parametrize("args, words", [
    (["--join", "1.2.3.4:99999"], "the port must be a number from 1 to 65535"),
    (["--join", ""], "expected ADDRESS or ADDRESS:PORT"),
    (["--join", "::1"], "expected ADDRESS or ADDRESS:PORT"),
    (["--join", "127.0.0.1", "--game", "speed"], "--join plays the host's game"),
    (["--join", "127.0.0.1", "--seed", "3"], "--join plays the host's game"),
    (["--code", "1234"], "--code goes with --join"),
    (["--host", "--join", "127.0.0.1"], "a device hosts a game or joins one"),
    (["--host", "--headless", "--screenshot", "x.png"], "--host and --join open a window"),
])
def test_code_py_link_arguments_are_one_line_and_status_2(args, words):
    assert words in one_line_exit_2(inproc.run(["code.py"] + args, cwd=ROOT))
