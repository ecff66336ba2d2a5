"""Issue 20, points 1, 3 and 4: every mapped key is safe in every screen; the result screen (who won in the
players' words, what decided it, a 2 s press guard, rematch or menu); pause (Esc or a held Up+Down chord,
resume or quit, the clock stopped, a quit game not counted)."""

import pytest

from uitools import DOWN, FRAME_MS, LEFT, RIGHT, UP, Presser, cards, deal, leave_result, load, logged, run_ms, step, tap
from engine.actions import PH_OVER, PH_PLAY, PH_READY
from engine.replay import run as run_replay
from engine.replay import load as load_replay
from engine.replay import state
from engine.timing import ticks_add, ticks_diff
from hal import PAUSE
from ui.app import MENU, TABLE
from ui.seating import CHORD_MS
from ui.menu import settle
from ui.result import GUARD_MS, Result, seat_names, winner_words
from engine.speed.file import PH_CALL
from engine.spit.file import PH_CHOOSE, PH_SLAP

KEYS = tuple(range(16)) + (PAUSE,)  # desktop/window.py's key numbers: four players' buttons, and Esc
ONE_PLAYER = {"mode": "1p", "cpu": "level3"}


def esc(hal):
    hal.events.feed(PAUSE, True, hal.ticks_ms())
    hal.events.feed(PAUSE, False, hal.ticks_ms())


def end_spit(hal, app, winner=1):
    """A Spit position one play from the end (S-15): the given player plays out their last card."""
    mine = [[], [], ["KC"], ["9S"], []]
    last = [[], [], ["4C"], [], []]
    stocks = (mine, last) if winner == 1 else (last, mine)
    load(app, stocks[0], stocks[1], [["6C", "5C"], ["9D"]], (["2H"], []) if winner == 1 else ([], ["2H"]))
    step(hal, app)
    app.clusters[winner].cursor = 2
    tap(hal, winner, LEFT)  # the 4C on the 5C
    step(hal, app)
    assert app.game.phase == PH_OVER and app.game.winner == winner


# ---- point 1: every key in every screen ------------------------------------------------------------------


def _menu(hal, app):
    assert app.screen == MENU


def _howto(hal, app):
    app.menu.show_help(True)
    assert app.menu.showing_help


def _table(settings, phase=None):
    """A screen set up on a dealt table: phase READY, PLAY (both ready), or a game's own phase."""

    def make(hal, app):
        app.settings.update(settings)
        settle(app.settings, "cpu" if "cpu" in settings else None)  # the game's own CPU is "cpu" (ui.menu)
        deal(hal, app)
        if phase is None:
            assert app.game.phase == PH_READY
            return
        for p in range(app.game.players):
            tap(hal, p, RIGHT)
        step(hal, app)
        run_ms(hal, app, 700)
        if phase == PH_SLAP:
            load(app, [[], [], ["4C"], [], []], [[], [], ["KD"], ["9S"], []], [["6C", "5C"], ["9D"]],
                 (["2H"], ["3H"]))
            step(hal, app)
            app.clusters[0].cursor = 2
            tap(hal, 0, LEFT)
            step(hal, app)  # (S-18, "winner picks": P1 cleared, and chooses a pile)
        elif phase == PH_CALL:
            app.game.load([cards(["6H"]), cards(["QD", "3C"])], [[], []], [[], []],
                          centre=[cards(["5S"]), cards(["9C"])])
            step(hal, app)
            app.clusters[0].cursor = 0
            tap(hal, 0, LEFT)
            step(hal, app)
        want = PH_CHOOSE if app.settings.get("choose_pile") else phase
        assert app.game.phase == want, (app.game.phase, want)

    return make


def _result(live):
    def make(hal, app):
        deal(hal, app)
        end_spit(hal, app)
        if live:
            run_ms(hal, app, GUARD_MS)
        assert isinstance(app.over, Result) and app.over.panel.live == live

    return make


def _paused(settings):
    def make(hal, app):
        app.settings.update(settings)
        settle(app.settings, "cpu" if "cpu" in settings else None)  # the game's own CPU is "cpu" (ui.menu)
        deal(hal, app)
        esc(hal)
        step(hal, app)
        assert app.over is not None and app.over.stops

    return make


SPEED4 = {"game": "speed", "players": 4, "mode": "4p", "ending": "call"}
SCREENS = {
    "menu": _menu,
    "how-to page": _howto,
    "spit ready": _table({"game": "spit"}),
    "spit play": _table({"game": "spit"}, PH_PLAY),
    "spit slap": _table({"game": "spit"}, PH_SLAP),
    "spit choose": _table({"game": "spit", "choose_pile": True}, PH_SLAP),
    "spit vs cpu play": _table(dict(ONE_PLAYER, game="spit"), PH_PLAY),
    "speed ready": _table({"game": "speed"}),
    "speed play": _table({"game": "speed"}, PH_PLAY),
    "speed call": _table({"game": "speed", "ending": "call"}, PH_CALL),
    "speed 4 players ready": _table(SPEED4),
    "speed 4 players play": _table(SPEED4, PH_PLAY),
    "california ready": _table({"game": "california"}),
    "california play": _table({"game": "california"}, PH_PLAY),
    "result, guarded": _result(False),
    "result, live": _result(True),
    "pause": _paused({"game": "spit"}),
    "pause, speed 4 players": _paused(SPEED4),
}


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_mapped_key_is_safe_in_every_screen(headless_app, screen):
    """Issue 20 (1): each key of the desktop's map (four players and Esc), pressed alone in each screen, is
    taken or ignored: nothing raises, and the app is on a screen it can show."""
    for key in KEYS:
        hal, app = headless_app(seed=5, settings={})
        SCREENS[screen](hal, app)
        hal.events.feed(key, True, hal.ticks_ms())
        step(hal, app)
        hal.events.feed(key, False, hal.ticks_ms())
        run_ms(hal, app, 100)
        assert app.screen in (MENU, TABLE), (screen, key)
        assert (app.screen == TABLE) == (app.game is not None), (screen, key)


def test_every_desktop_key_goes_through_the_window_on_the_menu_and_a_table_of_four(tmp_path, monkeypatch):
    """Issue 20 (1): the desktop's own poll takes every key of its map (the held-keys buffer held two
    players' keys: I J K L and the keypad closed the window with an IndexError)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from desktop import window
    from ui.app import App

    hal = window.Hal(settings_path=str(tmp_path / "settings.json"))
    try:
        app = App(hal, settings={"game": "speed", "players": 4, "mode": "4p"}, seed=3)
        for start in (False, True):
            if start:
                app.start_game(hal.ticks_ms())
            for scancode, key in sorted(window.KEYS.items()):
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    pygame.event.post(pygame.event.Event(kind, scancode=scancode, key=0, mod=0, unicode=""))
                assert hal.poll()
                ev = hal.Event()
                got = []
                while hal.events.get_into(ev):
                    got.append((ev.key_number, ev.pressed, ev.timestamp))
                assert [g[:2] for g in got] == [(key, True), (key, False)], (scancode, got)
                for g in got:
                    hal.events.feed(*g)  # (read again by the frame)
                app.frame(hal.ticks_ms())
                app.frame(hal.ticks_ms())
        assert set(window.KEYS.values()) == set(KEYS)
    finally:
        hal.deinit()


# ---- point 3: the result screen ------------------------------------------------------------------------


def test_result_two_people_names_the_winner_and_the_cards_left(headless_app):
    """Two people: "P2 wins", and what decided it (S-15: P2 has no card left), and the time."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    end_spit(hal, app, winner=1)
    result = app.over
    assert result.title == "P2 wins"
    assert result.lines[:2] == ["Cards left", "P1 3  P2 0"]
    assert result.lines[2].startswith("Time 0:0")
    assert result.panel.choices == ("Rematch", "Menu")


@pytest.mark.parametrize("winner,title", [(0, "You win!"), (1, "CPU wins")])
def test_result_against_the_cpu_says_you_or_cpu(headless_app, winner, title):
    """One person against the CPU: "You win!" or "CPU wins", the seats named You and CPU."""
    hal, app = headless_app(seed=3, settings=ONE_PLAYER)
    deal(hal, app)
    assert app.cpus[0] is None and app.cpus[1] is not None
    load(app, [["KC"], [], [], [], []], [["9S"], [], [], [], []], [["6C"], ["9D"]])
    app.game.winner = winner
    app.game.phase = PH_OVER
    result = Result(app, hal.ticks_ms())
    assert result.title == title
    assert result.lines[:2] == ["Cards left", "You 1  CPU 1"]


def test_result_of_scoring_spit_says_the_lowest_score_wins(headless_app):
    """S-16: the lower score wins; the result says so plainly instead of "P2 wins! 105-96"."""
    hal, app = headless_app(seed=3, settings={"scoring": True})
    deal(hal, app)
    app.game.scores[0] = 105
    app.game.scores[1] = 96
    app.game.winner = 1
    app.game.phase = PH_OVER
    result = Result(app, hal.ticks_ms())
    assert result.title == "P2 wins"
    assert result.lines[:2] == ["Lowest score wins", "P1 105  P2 96"]


def test_result_of_a_speed_match_and_a_linked_seat():
    """P-9: games won or points; a linked screen names its own seat You, the others P1, P2 (issue 20)."""
    from ui.speed.result import decided

    class Game:
        players = 2
        scores = [25, 13]
        games_won = [2, 1]
        target = 25

    assert decided(Game, ["You", "CPU"], {"match": "points"}) == ("First to 25 points", "You 25  CPU 13")
    assert decided(Game, ["P1", "P2"], {"match": "best_of_3"}) == ("Games won", "P1 2  P2 1")

    class Link:
        seat = 1

        @staticmethod
        def remote(seat):
            return seat != 1  # a guest's: every seat but its own is another device's

    class App:
        link = Link
        cpus = [None, None]
        game = Game

    names = seat_names(App)
    assert names == ["P1", "You"]
    assert winner_words(names, 1) == "You win!" and winner_words(names, 0) == "P1 wins"
    assert winner_words(names, 255) == "A draw"


def test_result_ignores_presses_for_2_s_then_rematch_deals_again(headless_app):
    """A player still pressing at the end sees the result: presses in the first 2 s do nothing; then
    Rematch (the first choice) deals the same game again."""
    hal, app = headless_app(seed=3)
    saved = []
    app.on_game_over = saved.append
    deal(hal, app)
    games = app.games
    end_spit(hal, app)
    for button in (LEFT, RIGHT, UP, DOWN, LEFT):
        tap(hal, 0, button)
        tap(hal, 1, button)
        run_ms(hal, app, 300)
    assert app.screen == TABLE and isinstance(app.over, Result) and not app.over.panel.live
    assert app.over.panel.selected == 0  # Up/Down in the guard did not move the mark either
    run_ms(hal, app, GUARD_MS - 1500 + 100)
    assert app.over.panel.live
    tap(hal, 1, LEFT)
    step(hal, app)
    assert app.screen == TABLE and app.over is None
    assert app.games == games + 1 and app.game.phase == PH_READY
    assert len(saved) == 1  # the finished game was saved once


def held_across_the_guard(hal, app):
    """On the result just shown: Left (Rematch) pressed 5 ms before the guard's end, its frame after it, held 300 ms
    and let go deals nothing; a fresh press then deals the rematch."""
    games = app.games
    result = app.over
    assert isinstance(result, Result)
    while ticks_diff(result.until, hal.ticks_ms()) > FRAME_MS:
        step(hal, app)
    hal.events.feed(LEFT, True, ticks_add(result.until, -5))
    hal.advance(ticks_diff(result.until, hal.ticks_ms()) + 10)  # (a long frame: the next one starts after it)
    run_ms(hal, app, 300)  # its frame, and more, after the guard: the button still held
    assert result.panel.live and app.over is result and app.games == games
    hal.events.feed(LEFT, False, hal.ticks_ms())
    step(hal, app)
    assert app.over is result
    tap(hal, 0, LEFT)  # a fresh press
    step(hal, app)
    assert app.over is None and app.games == games + 1


def test_a_button_held_across_the_guard_takes_nothing_until_pressed_again(headless_app):
    """Issue 34.5: a press made in the guard's last moment, though its frame comes after it, and the button held
    on past it, does not deal the rematch; the next press, made after the guard, does."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    end_spit(hal, app)
    held_across_the_guard(hal, app)


def test_four_seat_speeds_result_waits_for_a_fresh_press_too(headless_app):
    """Issue 34.5 on the four-seat table it was seen on: one person against three CPUs, played to its result."""
    hal, app = headless_app(seed=6, settings={"game": "speed", "mode": "1p", "cpu": "level8"})
    app.play_now("speed", {"players": 4}, hal.ticks_ms())
    presser = Presser(hal, app, every=(2, 1))
    for _ in range(20000):
        if app.game.phase == PH_OVER:
            break
        presser.step()
    step(hal, app)
    held_across_the_guard(hal, app)


def test_result_menu_goes_back_to_the_menu(headless_app):
    """Down then Left on the result screen: the title menu."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    end_spit(hal, app)
    leave_result(hal, app, "Menu")
    assert app.screen == MENU and app.over is None


def test_a_finished_game_against_the_cpu_is_counted_once(headless_app):
    """The result screen does not change the statistics: one finished game, one record."""
    hal, app = headless_app(seed=4, settings=ONE_PLAYER)
    deal(hal, app)
    end_spit(hal, app, winner=0)
    leave_result(hal, app, "Rematch")
    assert sum(v[0] for v in hal.stats().values()) == 1


# ---- point 4: pause ------------------------------------------------------------------------------------


def test_esc_pauses_and_the_cpu_and_clock_stop_until_resumed(headless_app):
    """Esc opens the pause screen: the CPU does not press, the game's clock stops (t0 moves on by the
    time paused); Esc again resumes where it stopped."""
    hal, app = headless_app(seed=4, settings=ONE_PLAYER)
    deal(hal, app)
    tap(hal, 0, RIGHT)  # ready
    run_ms(hal, app, 1500)
    assert app.game.phase == PH_PLAY
    before = len(app.log)
    t0 = app.t0
    elapsed = ticks_diff(hal.ticks_ms(), app.t0)
    esc(hal)
    step(hal, app)
    assert app.over is not None and app.over.panel.title.value == "Paused"
    run_ms(hal, app, 10000)
    assert len(app.log) == before  # the CPU pressed nothing while paused
    esc(hal)
    step(hal, app)
    assert app.over is None
    assert ticks_diff(app.t0, t0) >= 10000
    assert abs(ticks_diff(hal.ticks_ms(), app.t0) - elapsed) <= 200  # the clock stood still
    run_ms(hal, app, 3000)
    assert len(app.log) > before  # and plays on


def test_pause_keeps_a_call_speed_limit_and_the_replay_plays(headless_app):
    """P-8: a call-Speed limit does not run out while paused; the game's replay has no gap (time shift only)."""
    hal, app = headless_app(seed=4, settings={"game": "speed"})
    app.play_now("speed", {"ending": "call", "call_ms": 2000}, hal.ticks_ms())
    step(hal, app)
    game = app.game
    for p in range(2):
        tap(hal, p, RIGHT)
    run_ms(hal, app, 700)
    game.load([cards(["6H"]), cards(["QD", "3C"])], [[], []], [[], []], centre=[cards(["5S"]), cards(["9C"])])
    step(hal, app)
    app.clusters[0].cursor = 0
    tap(hal, 0, LEFT)
    step(hal, app)
    assert game.phase == PH_CALL
    esc(hal)
    step(hal, app)
    run_ms(hal, app, 5000)  # longer than the 2 s limit
    assert game.phase == PH_CALL
    tap(hal, 0, LEFT)  # Resume
    step(hal, app)
    assert app.over is None
    run_ms(hal, app, 500)
    assert game.phase == PH_CALL  # still within the limit
    tap(hal, 0, UP)  # SPEED
    step(hal, app)
    assert game.phase == PH_OVER and game.winner == 0


def test_paused_spit_game_replays_the_same(headless_app):
    """C-5: a game paused halfway and played out saves a replay that reproduces it (no pause in it)."""
    hal, app = headless_app(seed=2)
    saved = []
    app.on_game_over = saved.append
    deal(hal, app)
    presser = Presser(hal, app, every=(1, 2))
    for _ in range(200):
        presser.step()
    esc(hal)
    step(hal, app)
    run_ms(hal, app, 4000)
    esc(hal)
    step(hal, app)
    while app.game.phase != PH_OVER and presser.frames < 20000:
        presser.step()
    assert app.game.phase == PH_OVER and len(saved) == 1
    again, events = load_replay(saved[0])
    run_replay(again, events)
    assert state(again) == state(app.game)
    assert max(t for t, *_ in events) < ticks_diff(hal.ticks_ms(), app.t0) + 1  # the pause is not in it


def test_quit_from_pause_goes_to_the_menu_and_is_not_counted(headless_app):
    """Quit to menu: the title menu, no statistics recorded, no replay saved."""
    hal, app = headless_app(seed=4, settings=ONE_PLAYER)
    saved = []
    app.on_game_over = saved.append
    deal(hal, app)
    tap(hal, 0, RIGHT)
    run_ms(hal, app, 2000)
    esc(hal)
    step(hal, app)
    tap(hal, 0, DOWN)  # Quit to menu
    step(hal, app)
    tap(hal, 0, RIGHT)
    step(hal, app)
    assert app.screen == MENU and app.over is None
    assert hal.stats() == {} and saved == []


def test_chord_up_and_down_held_pauses_and_leaves_the_cursor(headless_app):
    """A board's pause: Up and Down of one cluster held together for CHORD_MS (docs/boards.md); the two
    presses move the cursor up and back down, so the game sees no play; held shorter, no pause."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    tap(hal, 0, RIGHT)
    tap(hal, 1, RIGHT)
    run_ms(hal, app, 700)
    assert app.game.phase == PH_PLAY
    cursor = app.clusters[1].cursor
    actions = len(app.log)
    t = hal.ticks_ms()
    hal.events.feed(4 + UP, True, t)
    hal.events.feed(4 + DOWN, True, t + 10)
    run_ms(hal, app, CHORD_MS // 2)
    hal.events.feed(4 + UP, False, hal.ticks_ms())
    run_ms(hal, app, CHORD_MS)
    assert app.over is None  # let go too soon
    hal.events.feed(4 + DOWN, False, hal.ticks_ms())
    t = hal.ticks_ms()
    hal.events.feed(4 + UP, True, t)
    hal.events.feed(4 + DOWN, True, t + 10)
    run_ms(hal, app, CHORD_MS + 100)
    assert app.over is not None and app.over.stops
    assert app.over.panel.lines.value == "P2 paused\nThe clock has stopped"
    assert app.clusters[1].cursor == cursor and len(app.log) == actions
    hal.events.feed(4 + UP, False, hal.ticks_ms())
    hal.events.feed(4 + DOWN, False, hal.ticks_ms())
    step(hal, app)
    tap(hal, 1, LEFT)  # Resume
    step(hal, app)
    assert app.over is None
    assert logged(app) == logged(app)[:actions]


def test_no_pause_on_the_result_screen_or_the_menu(headless_app):
    """Esc and the chord pause only a game in progress."""
    hal, app = headless_app(seed=3)
    esc(hal)
    step(hal, app)
    assert app.screen == MENU
    deal(hal, app)
    end_spit(hal, app)
    esc(hal)
    step(hal, app)
    assert isinstance(app.over, Result)


# ---- a linked game ---------------------------------------------------------------------------------------


def test_a_linked_pause_pauses_both_devices_and_says_who():
    """Issue 20 (4): a pause on either device pauses the linked game for both (the host holds its log),
    the other screen saying who paused; resumed, the game plays on to the same end on both (the result
    from each screen's own side; a guest's offers the menu, its host deals again)."""
    from linkpair import Pair

    pair = Pair("spit", loss=0, jitter_ms=0)
    host, guest = pair.apps
    assert pair.run(until=lambda p: p.links[1].dealt and guest.game.phase == PH_PLAY)
    for who, other, name in ((0, 1, "P1 paused"), (1, 0, "P2 paused")):
        esc(pair.hals[who])
        pair.run(until=lambda p: p.frames and False, limit_ms=(pair.frames * 33) + 1500)
        assert pair.apps[who].over is not None and not pair.apps[who].over.stops  # the link stops it
        assert pair.links[0].paused and pair.links[1].paused
        assert pair.apps[other].table.banner.value == name
        n = pair.links[0].host.n
        pair.run(until=lambda p: False, limit_ms=(pair.frames * 33) + 3000)
        assert pair.links[0].host.n == n  # nothing played while paused
        esc(pair.hals[who])  # again: resume
        pair.run(until=lambda p: False, limit_ms=(pair.frames * 33) + 1500)
        assert pair.apps[who].over is None and not pair.links[0].paused and not pair.links[1].paused
    pair.run()
    assert host.game.phase == PH_OVER and guest.game.phase == PH_OVER
    winner = host.game.winner
    assert host.over.title == ("You win!" if winner == 0 else "P2 wins")
    assert guest.over.title == ("You win!" if winner == 1 else "P1 wins")
    assert host.over.panel.choices == ("Rematch", "Menu") and guest.over.panel.choices == ("Menu",)


def test_result_of_california_counts_the_face_down_piles(headless_app):
    """K-5: the winner laid the last card of their pile; the result counts the piles, not the rows in front."""
    hal, app = headless_app(seed=3, settings={"game": "california", "mode": "1p"})
    deal(hal, app)
    game = app.game
    while game.piles[0].n:  # player 1's pile laid out (the cards go to the rows, as covers do)
        game.rows[0][0].push(game.piles[0].pop())
    game.winner = 0
    game.phase = PH_OVER
    result = Result(app, hal.ticks_ms())
    assert result.title == "You win!"
    assert result.lines[0] == "Cards left in piles"
    assert result.lines[1] == "You 0  CPU %d" % game.piles[1].n


@pytest.mark.parametrize("size,scale", [((160, 128), 1), ((240, 135), 1), ((240, 240), 2)])
def test_the_result_panel_is_as_tall_in_mm_as_the_pybadges_where_it_fits(headless_app, size, scale):
    """Issue 20.6: on the 240x240 panel (pixels half the PyBadge's) the panel's words are twice the size;
    on 240x135 twice would not fit the screen's height, so they stay at one."""
    hal, app = headless_app(*size, seed=3)
    deal(hal, app)
    end_spit(hal, app, winner=1)
    panel = app.over.panel

    def scale_of(text):
        return text.words.scale if text.words is not None else 1  # (a label at 1 is its grid alone)

    assert scale_of(panel.lines) == scale and scale_of(panel.title) == scale + 1
    assert all(scale_of(mark) == scale for mark in panel.marks)
