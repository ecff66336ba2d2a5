"""The device modes with the CPU, through the headless frame loop: 1 player against the CPU to a
result, the CPU saying Spit after its reaction time, the demo after a minute idle (D-1, D-2).
"""

import pytest

from uitools import (DOWN, LEFT, RIGHT, UP, Presser, deal, inside, label_box, leave_result, load, logged, run_ms,
                     set_menu, step, tap)
from engine.bots import hands as H
from engine.spit.rules import PH_OVER, PH_PLAY, PH_READY
from ui.app import DEMO_IDLE_MS, MENU, TABLE
from ui.menu import DEFAULTS, clean, items, level_words
from engine import games

ONE_PLAYER = {"mode": "1p", "cpu": "level3"}


def test_d1_one_player_against_the_cpu_plays_to_a_result(headless_app):
    """D-1: player 1 on the left cluster against the CPU on player 2's seat, to the end of the game."""
    hal, app = headless_app(seed=4, settings=ONE_PLAYER)
    deal(hal, app)
    assert app.cpus[0] is None and app.cpus[1] is not None
    presser = Presser(hal, app, every=(5, 1))  # a steady human: one move every 5 frames
    while app.game.phase != PH_OVER and presser.frames < 20000:
        presser.step()
    assert app.game.phase == PH_OVER and app.game.winner in (0, 1)
    cpu = logged(app, 1)
    assert sum(1 for _, verb, _, _ in cpu if verb == "play") > 10  # the CPU played cards
    assert ("ready" in (verb for _, verb, _, _ in cpu))
    leave_result(hal, app, "Menu")  # the human's choice on the result screen: back to the title screen
    assert app.screen == MENU and app.cpus == [None, None]


def test_d1_the_cpus_seat_takes_no_presses_from_its_cluster(headless_app):
    """In 1-player mode player 2's buttons do nothing: the seat is the CPU's."""
    hal, app = headless_app(seed=4, settings=ONE_PLAYER)
    deal(hal, app)
    cursor = app.clusters[1].cursor
    tap(hal, 1, UP)
    tap(hal, 1, RIGHT)
    step(hal, app)
    assert logged(app, 1) == [] and app.clusters[1].cursor == cursor
    assert app.game.ready[1] == 0


def test_d2_the_cpu_says_spit_after_its_reaction_time(headless_app):
    """D-2: the human says Spit at once; the CPU says it one reaction time later, and play starts."""
    hal, app = headless_app(seed=4, settings=ONE_PLAYER)
    deal(hal, app)
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.game.phase == PH_READY and app.game.ready[0] == 1 and app.game.ready[1] == 0
    h = H.HANDS[3]
    run_ms(hal, app, 2000)
    assert app.game.phase == PH_PLAY
    t = [e[0] for e in app.log if e[1] == 1][0]  # the CPU's "ready", in ms from the deal
    assert t >= h[H.MU] - 3 * h[H.SIGMA] and t < 1500
    assert app.log[0][1] == 0 and app.log[0][0] < t


def test_the_cpu_moves_its_cursor_on_the_screen(headless_app):
    """The CPU's presses move its cursor one stock at a time, as a person's do."""
    hal, app = headless_app(seed=4, settings=ONE_PLAYER)
    deal(hal, app)
    load(app, [["KH"], ["KS"], ["KD"], ["KC"], ["QS"]], [["6H"], ["9C"], ["2D"], ["JC"], ["8D"]],
         [["5C"], ["TD"]])
    seen = set()
    for _ in range(150):  # 5 s
        step(hal, app)
        seen.add(app.table.cursor_at[1])
    assert {2, 1, 0} <= seen  # from the middle up to the 6H, one stock at a time
    assert ("play", 0, 0) in [(v, a, b) for p, v, a, b in logged(app, 1)]  # 6H on the 5C


def test_adaptive_cpu_starts_the_next_game_a_level_down_after_winning(headless_app):
    """Adaptive: the CPU won, so the next game starts a level lower."""
    hal, app = headless_app(seed=4, settings={"mode": "1p", "cpu": "adaptive"})
    deal(hal, app)
    assert app.cpus[1].bot.level == 4
    load(app, [["KH"], ["KS"], ["KD"], ["KC"], ["QS"]], [["6H"], [], [], [], []], [["5C"], ["TD"]])
    run_ms(hal, app, 3000)
    assert app.game.phase == PH_OVER and app.game.winner == 1  # S-15: its last card, no spit cards
    assert app.seating.adaptive_level == 3
    leave_result(hal, app, "Menu")
    assert app.screen == MENU
    app.start_game(hal.ticks_ms())
    assert app.cpus[1].bot.level == 3


def test_adaptive_cpu_is_nudged_once_per_round_by_its_own_rule(headless_app):
    """Adaptive: within a game only the bot's own rule moves its level (cards held, 4 apart); the app adds no nudge."""
    hal, app = headless_app(seed=4, settings={"mode": "1p", "cpu": "adaptive"})
    deal(hal, app)
    assert app.cpus[1].bot.level == 4
    # The CPU clears its one stock card but keeps spit cards: the round ends, the game goes on (S-15)
    load(app, [["KH"], ["KS"], ["KD"], ["KC"], ["QS"]], [["6H"], [], [], [], []], [["5C"], ["TD"]],
         (["9H"], ["2C", "3C"]))
    for _ in range(100):  # up to 3.3 s, until the first round is settled
        step(hal, app)
        if app.game.round == 2:
            break
    assert app.game.round == 2 and app.game.phase != PH_OVER
    run_ms(hal, app, 1500)  # the bot looks at round 2 and compares the cards held: it is 4 or more ahead
    bot = app.cpus[1].bot
    assert bot.seen_round == 2
    assert bot.level == 3  # one step down, its own rule; before, the app stepped it down a second time
    assert app.seating.adaptive_level == 4  # the app moves the level it carries only at a game's end


def test_a_finished_game_is_counted_in_the_statistics(headless_app):
    """At game over the app records the game for the board's statistics (mode, level, won, time)."""
    hal, app = headless_app(seed=4, settings=ONE_PLAYER)
    deal(hal, app)
    load(app, [["KH"], ["KS"], ["KD"], ["KC"], ["QS"]], [["6H"], [], [], [], []], [["5C"], ["TD"]])
    run_ms(hal, app, 3000)
    assert app.game.phase == PH_OVER and app.game.winner == 1
    played, won, best = hal.stats()[("spit", "1p", 3)]
    assert (played, won, best) == (1, 0, None)


# ---- the demo -----------------------------------------------------------------------------


def test_d1_demo_starts_after_a_minute_idle_and_stops_at_a_press(headless_app):
    """D-1: a minute untouched on the title screen starts CPU against CPU; any button stops it."""
    hal, app = headless_app(seed=4)
    saved = []
    app.on_game_over = saved.append
    step(hal, app)
    run_ms(hal, app, DEMO_IDLE_MS - 2000)
    assert app.screen == MENU
    tap(hal, 0, UP)  # a press on the menu starts the minute again
    step(hal, app)
    tap(hal, 0, UP)
    step(hal, app)
    run_ms(hal, app, DEMO_IDLE_MS - 1000)
    assert app.screen == MENU
    settings = dict(app.settings)
    run_ms(hal, app, 1500)
    assert app.screen == TABLE and app.demo
    assert app.cpus[0] is not None and app.cpus[1] is not None
    assert app.table.banner.value == "Demo: press any button"  # what stops it, said at once (and while it plays)
    run_ms(hal, app, 8000)
    assert {p for p, _, _, _ in logged(app)} == {0, 1}  # both seats play
    tap(hal, 1, RIGHT)
    step(hal, app)
    assert app.screen == MENU and not app.demo and app.game is None
    assert app.settings == settings  # the press only stopped the demo
    assert saved == []  # a demo is not saved as a replay


@pytest.mark.parametrize("size", [(160, 128), (240, 135), (240, 240)])
@pytest.mark.parametrize("name", games.NAMES)
def test_d1_the_demo_says_press_any_button_while_it_plays(headless_app, name, size):
    """D-1: the demo's banner says what stops it whenever no moment's words are up (issue 34.9), not only for
    the moment before the first SPIT! or Flip! took its place, and the words lie within every panel."""
    hal, app = headless_app(*size, seed=4, settings={"game": name})
    run_ms(hal, app, DEMO_IDLE_MS + 100)
    assert app.demo
    shown = 0
    frames = 300  # 10 s of the demo
    for _ in range(frames):
        step(hal, app)
        banner = app.table.banner
        if banner.value == "Demo: press any button":
            shown += 1
            assert inside(label_box(banner), (0, 0) + size)
    assert shown > frames // 3  # (before, 15 frames: 0.5 s before the first moment's words)
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.screen == MENU and not app.demo


@pytest.mark.slow
def test_demo_deals_again_after_its_game_ends(headless_app):
    """The demo plays game after game until a button is pressed."""
    hal, app = headless_app(seed=4)
    step(hal, app)
    app.start_game(hal.ticks_ms(), demo=True)
    games = app.games
    frames = 0
    while app.game.phase != PH_OVER and frames < 20000:
        step(hal, app)
        frames += 1
    assert app.game.phase == PH_OVER
    run_ms(hal, app, 5000)
    assert app.screen == TABLE and app.demo and app.games == games + 1 and app.game.phase != PH_OVER


# ---- the menu -----------------------------------------------------------------------------


def test_menu_has_the_mode_and_cpu_lines_with_each_levels_time(headless_app):
    """The Mode line offers 1P against the CPU; the CPU line (shown once a seat is the CPU's, D-1) shows each
    level's median time per move."""
    hal, app = headless_app(seed=4)
    step(hal, app)
    keys = [item[0] for item in items("spit")]
    mode = items("spit")[keys.index("mode")]
    assert "1p" in mode[2]
    cpu = items("spit")[keys.index("cpu")]
    shown = games.get("spit").MEDIAN_MS
    assert [level_words("level%d" % k, shown)[0] for k in (1, 3, H.LEVELS)] == [
        "Level 1 ~2.07s/move", "Level 3 ~1.32s/move", "Level 8 ~0.45s/move"]
    assert "cpu" not in [item[0] for item in app.menu.items]  # two people: no CPU seat, no CPU line
    set_menu(hal, app, "mode", "1p")
    while app.menu.items[app.menu.selected][0] != "cpu":
        tap(hal, 0, UP)
        step(hal, app)
    for _ in range(len(cpu[2])):  # every value fits on the 160-pixel screen
        line = app.menu.lines.labels[app.menu.selected - app.menu.top]
        assert line.text.startswith("CPU: ")
        assert label_box(line)[2] <= hal.display.width
        tap(hal, 0, RIGHT)
        step(hal, app)
    assert clean({"mode": "1p", "cpu": "level5"})["cpu"] == "level5"
    assert clean({"cpu": "level9"})["cpu"] == DEFAULTS["cpu"]


# ---- issue 34.4: each game its own CPU, the CPU line beside Mode, whole on a Pico's panel ------------------------


def test_each_game_keeps_its_own_cpu(headless_app):
    """Level 8 chosen for one game leaves the others' CPU as it was; each game deals against its own, and the menu
    shows it again when that game is chosen (issue 34.4: Speed's level 8 made California's CPU level 8)."""
    first, other = games.NAMES[1], games.NAMES[2]
    hal, app = headless_app(seed=4, settings={"game": first, "mode": "1p"})
    step(hal, app)
    set_menu(hal, app, "cpu", "level8")
    set_menu(hal, app, "game", other)
    assert app.settings["cpu"] == app.settings[other] == DEFAULTS["cpu"] and app.settings[first] == "level8"
    deal(hal, app)
    assert app.cpus[1].name == DEFAULTS["cpu"]
    app.back_to_menu()
    set_menu(hal, app, "game", first)
    assert app.settings["cpu"] == "level8"
    deal(hal, app)
    assert app.cpus[1].name == "level8"
    app.back_to_menu()
    app.play_now(other, {}, hal.ticks_ms())  # code.py --game: that game's own CPU too
    step(hal, app)
    assert app.cpus[1].name == DEFAULTS["cpu"]


def test_a_settings_file_of_one_cpu_loads_it_for_every_game_and_saves_each_games(headless_app, tmp_path, capsys):
    """A settings file written before each game had its CPU ("cpu" alone) gives every game that level, as it did;
    a level changed after is that game's alone, in the file too, and read back so."""
    import json

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"game": games.NAMES[0], "mode": "1p", "cpu": "level6"}))
    hal, app = headless_app(settings=None, settings_path=str(path))
    step(hal, app)
    assert capsys.readouterr().err == ""
    assert all(app.settings[name] == "level6" for name in games.NAMES) and app.settings["cpu"] == "level6"
    set_menu(hal, app, "cpu", "level7")
    saved = json.loads(path.read_text())
    assert saved[games.NAMES[0]] == saved["cpu"] == "level7" and saved[games.NAMES[1]] == "level6"
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert app.settings["cpu"] == "level7" and app.settings[games.NAMES[1]] == "level6"
    assert clean({"game": games.NAMES[1], "cpu": "level6", games.NAMES[1]: "level9"}, lambda *a: None)["cpu"] == \
        DEFAULTS["cpu"]  # a game's own value it cannot take: its default (one notice), never another key's


@pytest.mark.parametrize("game", games.NAMES)
def test_the_cpu_line_is_right_after_mode(game):
    """The CPU line follows the Mode line that makes a seat the CPU's (it sat under Sound, far from it)."""
    from ui.menu import shown
    keys = [item[0] for item in shown(dict(DEFAULTS, game=game, mode="1p"))]
    assert keys.index("cpu") == keys.index("mode") + 1


@pytest.mark.parametrize("size", [(160, 128), (240, 135), (240, 240)])
def test_every_levels_cpu_line_shows_its_time_per_move_whole(headless_app, size):
    """Issue 34.4: at 240x135 the line was cut to "CPU: Level 1 ~2.15s"; every level's line says its time per move
    whole (L8 ~0.45s/move on a Pico's panel) within the line, at every size, for every game."""
    from ui.menu import layout
    for game in games.NAMES:
        hal, app = headless_app(*size, settings={"game": game, "mode": "1p"})
        step(hal, app)
        chars = layout(*size)[4]
        set_menu(hal, app, "cpu", "level1")
        for _ in games.get(game).ROSTER:
            line = app.menu.lines.labels[app.menu.selected - app.menu.top]
            assert len(line.text) <= chars
            if app.settings["cpu"][:5] == "level":
                assert line.text.endswith("s/move") and app.settings["cpu"][5:] + " ~" in line.text, line.text
            tap(hal, 0, RIGHT)
            step(hal, app)
