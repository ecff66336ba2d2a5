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
    (["--pause-at", "0"], "--pause-at must be from 1 to 3600000"),
    (["--pause-at", "x"], "--pause-at"),
    (["--pause-at", "6000", "--pause-for", "0"], "--pause-for must be from 1 to 600000"),
    (["--pause-for", "100"], "--pause-for goes with --pause-at"),
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


def spread(text):
    """(median, most) of linkplay's 'median M ms, most X ms (N presses)'; None for 'no presses'."""
    if text.startswith("no presses"):
        return None
    words = text.replace(",", "").split()
    return int(words[1]), int(words[4])


@pytest.mark.parametrize("game", registered_games())
@pytest.mark.slow
def test_after_the_hosts_pause_both_seats_play_as_smoothly_as_before_it(registered, game):
    """Issue 36 (link timing, "Done when"): the host's player pauses 6 s into the game for 5 s (its pause key),
    both CPUs playing and the guest's pressing on through the pause, as a player shown only the banner may. The
    game ends with both digests agreeing; each seat's input delay (press to the host's log) after the resume is
    no worse than before the pause: its median within a frame (a press waits up to a frame for the host's next
    read and up to one for its turn to be due: the rest is the 100 ms delay, the same either side), its most
    within a frame of the worse of the most before and the usual delay (100 ms and a frame each side); every
    guest press made in the pause is dropped or lands within the usual delay after the resume (as one made at
    the resume would: the guest seat's most before the pause, at least 100 ms and a frame each side). The two
    processes step in lockstep, each frame's packets read in the other's next: the same run every time."""
    from engine.link.host import DELAY_MS
    from ui.app import FRAME_MS

    usual = DELAY_MS + 2 * FRAME_MS
    options = []
    package = registered.HOMES.get(game)
    if package:
        options += ["--home", "%s=%s:%s" % (game, registered.TITLES[registered.NAMES.index(game)], package)]
    levels = sorted((int(bot[5:]), bot) for bot in registered.get(game).ROSTER if bot[5:].isdigit())
    bots = ",".join(bot for _, bot in levels[-2:])
    done = linkplay("--game", game, "--seed", "3", "--bots", bots, "--jitter-ms", "20", "--speed", "8",
                    "--lockstep", "--pause-at", "6000", "--pause-for", "5000", *options)
    print(done.stdout)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[2] == lines[1].split()[2] and "they agree" in lines[2]
    assert lines[3].startswith("pause: the host's player paused at")
    for line in lines[4:6]:
        before, after = (spread(part.split(" the pause ")[-1].split(" the resume ")[-1])
                         for part in line.split("; after"))
        assert before is not None, line
        if after is None:
            continue  # (the game ended at the resume)
        assert after[0] <= before[0] + FRAME_MS, line
        assert after[1] <= max(before[1], usual) + FRAME_MS, line
    assert "LATE" not in lines[6] and "none later than" in lines[6], lines[6]


def test_a_pause_with_no_guest_press_in_it_is_said_not_checked_and_fails():
    """A run whose guest pressed nothing during the pause proves nothing about presses made in one: the report
    says so and the run is not smooth (exit status 1), where it passed before (a tester's Speed seed 1)."""
    import linkplay  # (tools/ is on the tests' path: conftest)

    host = {"pause": (6000, 100, 5100, 11000), "landed": [(0, 1, 5000, 5110, 0), (1, 7, 5500, 5620, 0),
                                                          (1, 8, 11500, 11610, 0)], "ended_ms": 20000}
    guest = {"presses": [[7, 5500, False, 0], [8, 11500, False, 1]]}
    figures = linkplay.pause_figures(host, guest)
    assert not figures["checked"] and "NOT CHECKED" in figures["lines"][-1]
    guest["presses"].append([9, 7000, True, 0])
    host["landed"].append((1, 9, 7000, 11130, 0))
    figures = linkplay.pause_figures(host, guest)
    assert figures["checked"] and "1 of the guest's" in figures["lines"][-1] and figures["late"] == 0
