"""Three- and four-player Speed through the whole program: seats, buttons, CPU, tools (P-11, D-1, C-4).

The engine's part (deals, two decks, ranking, ties) is tests/engine/speed/test_speed_seats.py;
the table's at every size tests/ui/speed/test_speed_table_seats.py.
"""

import json
import os
import subprocess
import sys

import pytest

import inproc
from uitools import LEFT, RIGHT, Presser, run_ms, step, tap
from engine import actions as A
from engine.actions import PH_OVER, PH_PLAY
from engine.bots import Act
from engine.speed.cpu import View, make
from engine.cardnames import parse
from engine.replay import load, run, state
from engine.rng import Rng
from engine.speed.rules import Speed
from engine.speed.buttons import Cluster

from conftest import ROOT


def cards(*names):
    return [parse(n) for n in names]


def four_seat_position(game):
    """Seat 0 holds a 6H; the centre row's tops are 2C, 5S, 9D, 7C: the 6H fits piles 1 and 3."""
    game.load([cards("6H", "KD"), cards("QC"), cards("QD"), cards("QS")], [[], [], [], []], [[], [], [], []],
              centre=[cards("2C"), cards("5S"), cards("9D"), cards("7C")])


def test_p11_left_and_right_play_on_the_nearest_pile_in_that_direction_that_takes_the_card():
    """P-11 on four buttons: one press reaches a pile; left is the first pile from the left that takes it."""
    game = Speed(players=4)
    four_seat_position(game)
    assert game.phase == PH_PLAY
    c = Cluster(0)
    c.cursor = 0
    assert c.press(LEFT, game) and (c.verb, c.a, c.b) == (A.PLAY, 0, 1)  # 5S, not the 2C
    assert c.press(RIGHT, game) and (c.verb, c.a, c.b) == (A.PLAY, 0, 3)  # 7C, not the 9D
    c.cursor = 1  # the KD goes nowhere: the leftmost and the rightmost pile, refused by the engine
    assert c.press(LEFT, game) and c.b == 0
    assert c.press(RIGHT, game) and c.b == 3
    assert game.apply(10, 0, A.PLAY, 1, 0) == A.NOT_ADJACENT


def test_p11_the_cpu_plays_only_where_a_button_reaches_and_presses_that_side():
    """The CPU's view knows which side reaches a pile; its plays are ones the buttons can make."""
    game = Speed(players=4)
    four_seat_position(game)
    view = View(0, 4)
    view.refresh(game, 0)
    assert view.side_for(0, 1) == 0 and view.side_for(0, 3) == 1 and view.side_for(0, 2) == -1
    bot = make("level8")
    bot.rng = Rng(1)
    act = Act()
    bot.decide(view, act)
    assert act.verb == A.PLAY and act.a == 0 and act.b in (1, 3)


def test_d01_four_seats_one_person_three_cpus_play_to_a_result(headless_app):
    """D-1: on a four-seat table the seats without a person are the CPU's; the game ends and replays (C-5)."""
    hal, app = headless_app(seed=6, settings={"game": "speed", "mode": "1p", "cpu": "level6"})
    app.play_now("speed", {"players": 4}, hal.ticks_ms())
    assert app.game.players == 4 and len(app.clusters) == 4
    assert app.cpus[0] is None and all(app.cpus[p] is not None for p in (1, 2, 3))
    assert app.seq.players == 4  # C-4 over four seats
    assert app.table.face_down == [False, True, True, True]  # D-3
    saved = []
    app.on_game_over = saved.append
    presser = Presser(hal, app, every=(2, 1))
    for _ in range(20000):
        if app.game.phase == PH_OVER:
            break
        presser.step()
    assert app.game.phase == PH_OVER and app.game.winner in (0, 1, 2, 3)
    again, events = load(json.loads(json.dumps(saved[0])))
    run(again, events)
    assert state(again) == state(app.game)
    assert saved[0]["options"]["players"] == 4
    assert list(hal.stats()) == [("speed", "1p4", 6)]  # issue 34.5: a row of its own, not 1P against one CPU's


def test_d01_a_board_with_two_clusters_gives_the_other_seats_to_the_cpu(headless_app):
    """D-1: two clusters and four seats: two people, two CPUs (the third and fourth clusters have no keys)."""
    hal, app = headless_app(seed=6, settings={"game": "speed", "mode": "4p", "players": 4})  # (Mode and Players agree)
    hal.clusters = 2
    app.play_now("speed", {"players": 4}, hal.ticks_ms())
    assert [c is None for c in app.cpus] == [True, True, False, False]


def test_d01_four_people_at_the_keyboard(headless_app):
    """D-1: on the desktop a third and a fourth cluster (I J K L, the keypad 8 4 5 6) are people."""
    hal, app = headless_app(seed=6, settings={"game": "speed", "mode": "4p", "players": 4})  # (Mode and Players agree)
    app.play_now("speed", {"players": 4}, hal.ticks_ms())
    assert all(c is None for c in app.cpus)
    for p in range(4):
        tap(hal, p, LEFT)  # every seat says ready (D-2)
    step(hal, app)
    assert app.game.phase == PH_PLAY


def test_code_py_starts_at_a_four_seat_table_headless(tmp_path):
    out = tmp_path / "four.png"
    done = subprocess.run([sys.executable, "code.py", "--game", "speed", "--players", "4", "--headless",
                           "--screenshot", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_players_on_a_two_seat_game_is_one_line():
    done = inproc.run(["code.py", "--players", "3", "--headless", "--screenshot", "x.png"], cwd=ROOT)
    assert done.returncode == 2 and "spit has no option 'players'" in done.stderr


def test_a_tournament_at_one_table_of_four_rotates_seats_and_ranks_the_bots():
    done = subprocess.run([sys.executable, "tools/tournament.py", "--game", "speed", "--players", "4",
                           "--option", "decks=2", "--bots", "level1,level3,level5,level8", "--games", "8",
                           "--quiet", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    res = json.loads(done.stdout)
    assert res["players"] == 4 and res["games"] == 8
    places = res["results"]["mean_place"]
    assert all(1 <= p <= 4 for p in places) and abs(sum(places) - 10) < 1e-9  # 1 + 2 + 3 + 4 per game
    assert sum(res["results"]["wins"]) + res["results"]["draws"] == 8
    bad = subprocess.run([sys.executable, "tools/tournament.py", "--game", "speed", "--players", "4",
                          "--bots", "level1,level3", "--quiet"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "4 players need 4 bots" in bad.stderr


@pytest.mark.parametrize("players, decks", [(3, 1), (4, 1), (4, 2)])
def test_demo_plays_every_seat_count(players, decks):
    done = subprocess.run([sys.executable, "tools/demo.py", "--game", "speed", "--players", str(players),
                           "--option", "decks=%d" % decks, "--seed", "2", "--quiet"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Seed 2: player" in done.stdout or "a draw" in done.stdout


def test_d01_the_demo_plays_four_seats(headless_app):
    """D-1: the demo of a four-seat table: the CPU plays every seat (the demo's two levels, alternating)."""
    hal, app = headless_app(seed=3, settings={"game": "speed", "players": 4})
    app.start_game(hal.ticks_ms(), demo=True)
    assert all(d is not None for d in app.cpus) and len(app.cpus) == 4
    for _ in range(20000):
        if app.game.phase == PH_OVER:
            break
        step(hal, app)
    assert app.game.phase == PH_OVER
