"""Issue 19's defects that are not the link's: the board's statistics, games cut off by a cap, Speed's "out"
once a game is over, and command lines and files whose parts contradict each other."""

import json
import os
import subprocess
import sys

import pytest

import inproc
from uitools import one_line_exit_2

from conftest import ROOT


def run(*args, timeout=120):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def run_here(*args):
    """The same as its command line runs it, in this process (tests/inproc.py): for the one-line refusals."""
    return inproc.run(list(args), cwd=ROOT)


# ---- 16: the board's statistics keep counting ---------------------------------------------------

def test_a_pybadge_keeps_counting_when_its_statistics_fill_the_nvm():
    """256 bytes of nvm with the menu's every setting stored: each new (game, mode, level) is counted, however
    many come (the adaptive CPU adds one a level); when the record is full the entry with the fewest games
    goes (before the mend the seventh and every later one was silently not counted)."""
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    from hal.nvmstore import Store, kept
    from ui.menu import clean

    nvm = bytearray(256)
    store = Store(nvm)
    assert store.save_settings(kept(clean({}, lambda *a: None)))  # what a board stores (hal/device.py)
    for k in range(5):
        assert store.record_game("spit", "1p", 200, k % 2 == 0, 50000)  # the most played: it stays
    for level in range(1, 25):
        assert store.record_game("speed", "1p", level, True, 60000 + 100 * level)
        table = Store(nvm).table()
        assert table[("speed", "1p", level)] == (1, 1, 60000 + 100 * level)
        assert table[("spit", "1p", 200)][0] == 5
    assert len(Store(nvm).table()) >= 7  # docs/boards.md: what a PyBadge's record holds (8 before California's aim)
    assert clean(Store(nvm).settings, lambda *a: None) == clean({}, lambda *a: None)


def test_the_settings_a_board_stores_load_as_the_menu_left_them():
    """hal.nvmstore.kept() leaves out "cpu" (the chosen game's level, stored under the game's name) and the
    link (a board starts unlinked): each game's CPU level and every other line come back as they were."""
    from hal.nvmstore import kept
    from ui.menu import clean

    settings = clean({"game": "speed", "speed": "level5", "spit": "level3", "california": "level7", "mode": "1p",
                      "link": "host", "sound": False, "stall": False})
    assert settings["cpu"] == "level5"
    stored = kept(settings)
    assert "cpu" not in stored and "link" not in stored
    again = clean(stored)
    assert again == dict(settings, link="off")
    assert (again["spit"], again["speed"], again["california"], again["cpu"]) == ("level3", "level5", "level7", "level5")


# ---- 18: a game cut off by a cap says so ---------------------------------------------------------

def test_the_demo_says_a_game_stopped_at_its_cap_is_not_over():
    """Random players at Speed's call ending with a 1 ms limit never finish: the demo stops at 100,000 actions
    and says so (before the mend it printed "a draw")."""
    done = run("tools/demo.py", "--game", "speed", "--option", "ending=call", "--option", "call_ms=1", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "a draw" not in done.stdout
    assert "not over: stopped at the cap of 100000 actions (phase play)" in done.stdout


def test_the_demo_still_names_the_winner_of_a_finished_game():
    done = run("tools/demo.py", "--game", "speed", "--quiet")
    assert done.returncode == 0 and "wins after" in done.stdout


@pytest.mark.slow
def test_linkplay_says_a_game_that_did_not_end_in_time_agrees_and_is_not_over():
    """Both processes stopped by the time limit at the same log entry: "they agree", and the game is said to be
    not over (before the mend: "THEY DIFFER"); the exit status is 1, since no whole game was played."""
    done = run("tools/linkplay.py", "--game", "speed", "--seed", "3", "--limit-s", "4", timeout=200)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "THEY DIFFER" not in done.stdout and "they agree" in done.stdout
    assert "not over: stopped after 4 s" in done.stdout


# ---- 19: Speed's "out" stays true once the game is over ------------------------------------------

@pytest.mark.parametrize("ending", ["first_out", "call", "race"])
def test_the_seat_that_played_every_card_reads_out_when_the_speed_game_is_over(ending):
    """P-8: the state says "out" of the seat that played every card, in the call and after the game's end
    (before the mend it read false once the game was over)."""
    from engine.games import get
    from engine.randplay import RandomPlay
    from engine.replay import state

    for seed in range(1, 40):
        game = get("speed").new(seed, {"ending": ending})
        RandomPlay(game, seed).play()
        held = [game.cards_held(p) for p in range(game.players)]
        if game.phase == 4 and 0 in held:
            break
    else:
        pytest.fail("no game ended with a seat out")
    out = [pl["out"] for pl in state(game)["players"]]
    assert out == [h == 0 for h in held] and any(out)


# ---- 20: parts that contradict each other are refused --------------------------------------------

@pytest.mark.parametrize("args, words", [
    (["--players", "4", "--option", "players=2"], "--players 4 and --option players=2"),
    (["--option", "players=3", "--players", "2"], "--players 2 and --option players=3"),
    (["--option", "players=3", "--option", "players=4"], "--option players given twice"),
])
@pytest.mark.parametrize("program", ["code.py", "tools/demo.py"])
def test_a_command_line_that_says_two_seat_counts_is_refused(program, args, words, tmp_path):
    extra = ["--headless", "--screenshot", str(tmp_path / "o.png")] if program == "code.py" else ["--quiet"]
    assert words in one_line_exit_2(run_here(program, "--game", "speed", *args, *extra))


def test_the_same_seat_count_twice_is_no_contradiction(tmp_path):
    done = run("tools/demo.py", "--game", "speed", "--players", "3", "--option", "players=3", "--quiet")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("program", ["tools/replay.py", "code.py"])
def test_a_replay_file_with_a_key_twice_is_refused(program, tmp_path):
    """JSON allows a key twice and keeps the last: a replay that says "game" twice is refused, one line
    (before the mend it played the last one's game)."""
    path = tmp_path / "twice.json"
    path.write_text('{"game": "spit", "seed": 2, "game": "speed", "events": []}')
    args = [str(path)] if program == "tools/replay.py" else ["--headless", "--replay", str(path), "--screenshot",
                                                              str(tmp_path / "o.png")]
    assert 'the key "game" twice' in one_line_exit_2(run_here(program, *args))


def test_save_replay_never_writes_over_a_file_that_is_there(tmp_path):
    """--save-replay names a new file: one there already is kept as it is (the desktop's own replays never
    write over one either)."""
    keep = tmp_path / "keep.json"
    keep.write_text("mine\n")
    line = one_line_exit_2(run_here("code.py", "--headless", "--game", "speed", "--save-replay", str(keep),
                               "--screenshot", str(tmp_path / "o.png")))
    assert "exists" in line and keep.read_text() == "mine\n"


@pytest.mark.parametrize("seed", ["\u0663", "1_000", "+5", " 7", "\uff17"])
@pytest.mark.parametrize("program", ["code.py", "tools/demo.py", "tools/tournament.py"])
def test_a_seed_is_written_in_ascii_digits(program, seed, tmp_path):
    extra = ["--headless", "--screenshot", str(tmp_path / "o.png")] if program == "code.py" else []
    assert "expected a whole number" in one_line_exit_2(run_here(program, "--seed", seed, *extra))
