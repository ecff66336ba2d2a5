"""Speed through the whole program: the headless UI's three modes, the screen, D-3, the command line.

Two people (scripted button presses on both clusters), one person against
the CPU, and the demo (CPU against CPU) each play Speed to a result through
the real frame loop; the finished game's replay reproduces it (C-5). A CPU's
hand is drawn face down (D-3), and a Speed CPU decides the same whatever the
opponent's hand and every face-down pile hold.
"""

import copy
import json
import os
import random
import subprocess
import sys

import pytest

import inproc
from uitools import LEFT, RIGHT, UP, DOWN, Presser, run_ms, step, tap
from engine import actions as A
from engine.lockout import LOCK_MS
from engine.actions import PH_OVER, PH_PLAY, PH_READY
from engine.bots import Act
from engine.speed.cpu import View, make
from engine.cardnames import parse
from engine.randplay import RandomPlay
from engine.replay import load, run, state
from engine.rng import Rng
from engine.speed.rules import Speed
from ui import page
from ui import sprites as S
from ui.app import MENU, TABLE
from engine.speed.file import PH_CALL, SPEED

from conftest import ROOT


def cards(*names):
    return [parse(n) for n in names]


def speed_app(headless_app, mode="2p", seed=4, **options):
    hal, app = headless_app(seed=seed, settings={"game": "speed", "mode": mode, "cpu": "level5"})
    app.play_now("speed", options, hal.ticks_ms()) if options else app.start_game(hal.ticks_ms())
    step(hal, app)
    return hal, app


def play_out(hal, app, presser=None, limit_ms=600000):
    """Run frames (pressing with presser, if any) until the game is over; the replay document it saves."""
    saved = []
    app.on_game_over = saved.append
    ms = 0
    while app.game.phase != PH_OVER and ms < limit_ms:
        if presser is not None:
            presser.step()  # the clock moves on, the scripted players press, the frame runs
        else:
            step(hal, app)
        ms += 33
    assert app.game.phase == PH_OVER, "not over after %d ms" % ms
    return saved


def replays(doc, game):
    """The saved document, read back and run, ends where the game did (C-5)."""
    again, events = load(json.loads(json.dumps(doc)))
    run(again, events)
    return state(again) == state(game)


def test_two_players_play_speed_to_a_result_and_the_replay_reproduces_it(headless_app):
    """D-1: two people at one device (both clusters scripted), every option through the menu's defaults."""
    hal, app = speed_app(headless_app)
    assert app.game.name == "speed" and app.screen == TABLE
    saved = play_out(hal, app, Presser(hal, app))
    assert app.game.winner in (0, 1)
    assert len(saved) == 1 and replays(saved[0], app.game)
    assert saved[0]["game"] == "speed"


@pytest.mark.parametrize("options", [
    {"ending": "call", "doubles": True},
    {"ending": "race", "jokers": True, "short_side_piles": True},
    {"match": "best_of_3"},
    {"match": "points", "target": 10, "ending": "call", "call_ms": 2000},
])
def test_the_options_play_to_a_result_through_the_frame_loop(headless_app, options):
    """P-1, P-3, P-8, P-9, P-10 through the real buttons: each option mix ends and replays (C-5)."""
    hal, app = speed_app(headless_app, **options)
    saved = play_out(hal, app, Presser(hal, app))
    assert app.game.winner in (0, 1, A.NONE)
    assert replays(saved[0], app.game)
    if options.get("match") == "best_of_3":
        assert max(app.game.games_won) == 2


def test_one_player_against_the_cpu_plays_to_a_result_and_the_cpu_hand_is_face_down(headless_app):
    """D-1, D-3: player 2's seat is the CPU's; its hand is drawn face down, player 1's face up."""
    hal, app = speed_app(headless_app, mode="1p")
    assert app.cpus[0] is None and app.cpus[1] is not None
    run_ms(hal, app, 100)
    table, game = app.table, app.game
    assert table.face_down == [False, True]
    for s in range(5):
        assert table.hands[1][s].shown == (S.DOWN if game.hands[1][s] else S.EMPTY)
        assert table.hands[0][s].shown >> 2 == game.hands[0][s]
    presser = Presser(hal, app, every=(3, 1))  # the person plays player 1's seat, slowly (the CPU's has no keys)
    saved = play_out(hal, app, presser)
    assert replays(saved[0], app.game)
    played, won, _ = hal.stats()[("speed", "1p", app.cpus[1].bot.level)]  # the statistics name the game
    assert played == 1 and won == (1 if app.game.winner == 0 else 0)


def test_the_demo_plays_speed_cpu_against_cpu(headless_app):
    """D-1: the demo, with Speed chosen in the menu: the CPU plays both seats to the end."""
    hal, app = headless_app(seed=9, settings={"game": "speed"})
    app.start_game(hal.ticks_ms(), demo=True)
    assert app.cpus[0] is not None and app.cpus[1] is not None
    play_out(hal, app)
    assert app.game.winner in (0, 1)
    assert app.table.face_down == [True, True]


def test_the_menu_offers_speed_and_shows_its_own_options(headless_app):
    """The game line changes the options shown; each game remembers its own options."""
    hal, app = headless_app(seed=1, settings={})
    keys = [item[0] for item in app.menu.items]
    assert "stocks" in keys and "jokers" not in keys
    while app.menu.items[app.menu.selected][0] != "game":
        tap(hal, 0, DOWN)
        step(hal, app)
    tap(hal, 0, RIGHT)
    step(hal, app)
    assert app.settings["game"] == "speed"
    keys = [item[0] for item in app.menu.items]
    assert "jokers" in keys and "ending" in keys and "stocks" not in keys
    assert app.settings["stocks"] == 5  # Spit's option is kept for when Spit comes back
    while app.menu.items[app.menu.selected][0] != "jokers":
        tap(hal, 0, DOWN)
        step(hal, app)
    tap(hal, 0, RIGHT)
    step(hal, app)
    assert app.settings["jokers"] is True and hal.load_settings()["jokers"] is True
    while app.menu.items[app.menu.selected][0] != "start":
        tap(hal, 0, UP)
        step(hal, app)
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.screen == TABLE and app.game.name == "speed" and app.game.jokers
    assert len(app.game.deck.buf) >= 54


def test_the_how_to_play_page_is_the_chosen_games(headless_app):
    hal, app = headless_app(seed=1, settings={"game": "speed"})
    app.menu.show_help(True)
    texts = page.lines(app.menu.help_labels)
    assert texts[0] == "HOW TO PLAY SPEED" and any("Left/Right" in t for t in texts)


def test_buttons_play_the_card_under_the_cursor_on_the_left_or_right_pile(headless_app):
    """P-3 on four buttons: up/down choose a hand slot, left/right play it on that pile; any key is ready."""
    hal, app = speed_app(headless_app)
    game = app.game
    game.load([cards("4H", "9C", "KD", "2S", "7H"), cards("5D", "8C", "JS", "6H", "AC")],
              [cards("3C"), cards("TD")], [[], []], centre=[cards("5S"), cards("QD")])
    step(hal, app)
    assert game.phase == PH_PLAY and app.clusters[0].cursor == 2
    tap(hal, 0, DOWN)
    tap(hal, 0, DOWN)  # from the middle slot two down: the last slot
    step(hal, app)
    assert app.clusters[0].cursor == 4
    tap(hal, 0, DOWN)
    step(hal, app)
    assert app.clusters[0].cursor == 0  # wraps round: any slot is at most two presses away
    tap(hal, 0, LEFT)  # the 4H on the 5S
    step(hal, app)
    assert game.centre[0].cards() == cards("5S", "4H")
    assert game.hands[0][0] == parse("3C")  # P-4: refilled into the same slot
    tap(hal, 1, UP)
    tap(hal, 1, UP)  # player 2's slot 0: the 5D
    tap(hal, 1, RIGHT)  # onto the QD: refused, the card shakes
    step(hal, app)
    assert game.centre[1].cards() == cards("QD") and app.table.flash[1] == 0


def p1_out_in_the_call(headless_app):
    """A call-Speed game where P1 has just played their last card (P-8): (hal, app, game) in PH_CALL."""
    hal, app = speed_app(headless_app, ending="call")
    game = app.game
    game.load([cards("6H"), cards("QD", "3C")], [[], []], [[], []], centre=[cards("5S"), cards("9C")])
    step(hal, app)
    app.clusters[0].cursor = 0
    tap(hal, 0, LEFT)
    step(hal, app)
    return hal, app, game


def test_call_speed_is_the_up_button_only(headless_app):
    """P-8 (call), issue 20: the player who is out presses UP for Speed and wins; DOWN only moves the cursor,
    and LEFT or RIGHT plays a card, which the engine refuses then (P-8): a stray press never calls Speed."""
    hal, app, game = p1_out_in_the_call(headless_app)
    assert game.phase == PH_CALL and "SPEED" in (app.table.banner.value or "")
    assert "Up" in app.table.banner.value
    log = len(app.log)
    tap(hal, 0, DOWN)
    step(hal, app)
    assert game.phase == PH_CALL and len(app.log) == log  # the cursor moved: no action
    tap(hal, 0, UP)
    step(hal, app)
    assert game.phase == PH_OVER and game.winner == 0


def test_a_stray_play_while_speed_may_be_pressed_is_refused_and_locks_nothing(headless_app):
    """P-8, C-3, issue 36: while a player is out, the other's LEFT is a play the engine refuses (P-8), only
    because play is held: it shakes the card but locks nothing, so their UP at once is Speed pressed first by
    an opponent, and the player who was out takes a centre pile (P-8)."""
    hal, app, game = p1_out_in_the_call(headless_app)
    assert game.phase == PH_CALL
    tap(hal, 1, LEFT)
    step(hal, app)
    assert app.log[-1][2] == A.PLAY and app.table.flash[1] >= 0
    tap(hal, 1, UP)
    step(hal, app)
    assert app.log[-1][2] == SPEED and game.phase == PH_PLAY and parse("5S") in game.hands[0]  # the pile taken


def test_a_stalemate_asks_every_player_to_be_ready(headless_app):
    """P-5, P-6, D-2: the engine declares the stalemate; the banner asks; both presses flip the side piles."""
    hal, app = speed_app(headless_app)
    game = app.game
    game.load([cards("2C"), cards("9H")], [cards("3D"), cards("4D")], [cards("KS"), cards("8S")],
              centre=[cards("6S"), cards("QD")])
    run_ms(hal, app, 1200)
    assert game.phase == PH_READY and "Ready" in app.table.banner.value
    tap(hal, 0, RIGHT)
    step(hal, app)
    assert game.phase == PH_READY and "P2" in app.table.banner.value
    tap(hal, 1, LEFT)
    step(hal, app)
    assert game.centre[0].top() == parse("KS") and game.centre[1].top() == parse("8S")


# ---- D-3: what a Speed CPU sees ---------------------------------------------------------------

def scramble(game, me, rng):
    """A copy of game with every card me may not see shuffled among those places: the others' hands,
    every draw pile (mine too: face down) and every side pile."""
    other = copy.deepcopy(game)
    places = []
    for q in range(other.players):
        if q != me:
            places += [(other.hands[q], s) for s in range(5) if other.hands[q][s]]
        for pile in (other.draw[q], other.side[q]):
            places += [(pile.buf, i) for i in range(pile.n)]
    values = [buf[i] for buf, i in places]
    rng.shuffle(values)
    for (buf, i), card in zip(places, values):
        buf[i] = card
    return other


def test_d03_a_speed_cpu_sees_only_its_hand_the_centre_and_counts():
    """D-3: changing the opponent's hand and every face-down pile changes no View and no decision."""
    rng = random.Random(5)
    checked = 0
    for seed in range(1, 30):
        game = Speed(seed=seed, jokers=seed % 2 == 0, doubles=seed % 3 == 0)
        play = RandomPlay(game, seed)
        for _ in range(rng.randrange(0, 120)):
            if game.phase == PH_OVER or not play.step():
                break
        for me in (0, 1):
            other = scramble(game, me, rng)
            views = []
            for g in (game, other):
                view = View(me)
                view.refresh(g, 2)
                views.append(view)
            fields = [f for f in vars(views[0]) if not f.startswith("_")]
            for f in fields:
                a, b = getattr(views[0], f), getattr(views[1], f)
                assert (bytes(a) if isinstance(a, bytearray) else a) == (bytes(b) if isinstance(b, bytearray) else b), f
            for level in ("level1", "level4", "level8"):
                acts = []
                for view in views:
                    bot = make(level)
                    bot.rng = Rng(3)
                    act = Act()
                    bot.decide(view, act)
                    acts.append((act.verb, act.a, act.b))
                assert acts[0] == acts[1]
            checked += 1
    assert checked >= 50


# ---- the command line -------------------------------------------------------------------------

def test_code_py_starts_straight_at_speeds_table_headless(tmp_path):
    out = tmp_path / "speed.png"
    done = subprocess.run([sys.executable, "code.py", "--game", "speed", "--option", "jokers=true",
                           "--headless", "--screenshot", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, words", [
    (["--game", "speed", "--option", "ending=sometimes"], "options.ending"),
    (["--game", "speed", "--option", "stocks=4"], "speed has no option 'stocks'"),
    (["--game", "speed", "--option", "jokers"], "expected KEY=VALUE"),
])
def test_a_bad_game_option_is_one_line_and_status_2(args, words):
    done = inproc.run(["code.py"] + args + ["--headless", "--screenshot", "x.png"], cwd=ROOT)  # tests/inproc.py
    assert done.returncode == 2 and words in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_demo_and_tournament_play_speed():
    done = subprocess.run([sys.executable, "tools/demo.py", "--game", "speed", "--seed", "3", "--quiet",
                           "--option", "ending=race"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Seed 3: player" in done.stdout
    done = subprocess.run([sys.executable, "tools/tournament.py", "--game", "speed", "--bots", "level1,level8",
                           "--games", "4", "--quiet", "--json"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["game"] == "speed" and result["results"][0]["games"] == 4


# ---- the table at every size ------------------------------------------------------------------

SPEED_BANNERS = ("Ready? Press to start", "Ready? Press to flip", "Ready: P2?", "Stuck! Ready to flip", "Flip!",
                 "P1 out: Up for SPEED!", "P2 out: Up for SPEED!", "Too late! P1 +17 cards", "P2 wins game 2  1-1",
                 "Game 3  1-1", "P1 wins! 2-1", "P2 wins! 25-7", "A draw")


@pytest.mark.parametrize("size", [(160, 128), (240, 135), (240, 240)])
def test_speed_table_fits_the_screen_without_overlaps(headless_app, size):
    """Every card, cursor and label of Speed's table is on the screen; labels and banners cover no card."""
    from uitools import inside, label_box, overlap
    from ui.speed.table import Table

    hal, _ = headless_app(*size)
    width, height = size
    screen = (0, 0, width, height)
    table = Table(width, height)
    lay = table.lay
    rects = [(v.x, v.y, v.x + lay.cw, v.y + lay.ch) for v in table.hands[0] + table.hands[1] + table.piles]
    for i, a in enumerate(rects):
        assert inside(a, screen)
        assert inside((a[0] - 2, a[1] - 2, a[2] + 2, a[3] + 2), screen)  # the cursor frame
        for b in rects[i + 1:]:
            assert not overlap(a, b)
    for p in range(2):
        table.draws[p].set(20)
        table.sizes[p].set(52)
        table.sides[p].set(10)
    table.info.set("Game 3  1-1")
    labels = [t for t in table.draws + table.sizes + table.sides + [table.info]]
    for label in labels:
        box = label_box(label)
        assert inside(box, screen), "label %r at %r off the screen" % (label.text, box)
        for card in rects:
            assert not overlap(box, card), "label %r covers the card at %r" % (label.text, card)
    kept = labels if lay.ts == 1 else table.draws + table.sizes + table.sides  # bigger text: over the info line
    for text in SPEED_BANNERS:
        table.banner.set(text)
        box = label_box(table.banner)
        assert inside(box, screen), "banner %r at %r off the screen" % (text, box)
        for card in rects:
            assert not overlap(box, card), "banner %r covers the card at %r" % (text, card)
        for label in kept:
            assert not overlap(box, label_box(label)), "banner %r covers the label %r" % (text, label.text)
