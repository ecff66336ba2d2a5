"""The title menu (issue 20, point 7): only the lines that apply, Mode and Players never contradicting,
scroll marks, key repeat, the game's own title, the adaptive CPU's level, a layout per panel."""

import itertools

import pytest

from ui import text as T

from conftest import registered_games
from uitools import DOWN, LEFT, RIGHT, UP, label_box, rgb, run_ms, step, tap
from engine.actions import PAUSE
from ui.app import MENU, TABLE
from engine import games
from engine.timing import ticks_add
from ui import menu as M
from ui.seating import PEOPLE

SIZES = ((160, 128), (240, 135), (240, 240))


def combinations(game, modes=M.MODES):
    """Every settings dict of a game's options, with every mode."""
    info = games.get(game)
    keys = [item[0] for item in info.OPTIONS]
    for values in itertools.product(*[item[2] for item in info.OPTIONS]):
        for mode in modes:
            settings = dict(M.DEFAULTS, game=game, mode=mode, **dict(zip(keys, values)))
            yield settings


def keys(settings, clusters=4):
    return [item[0] for item in M.shown(settings, clusters=clusters)]


def go_to(hal, app, key):
    """Move the menu's cursor to the line of key."""
    for _ in range(40):
        if app.menu.items[app.menu.selected][0] == key:
            return
        tap(hal, 0, DOWN)
        step(hal, app)
    raise AssertionError("no %s line" % key)


def set_to(hal, app, key, value):
    go_to(hal, app, key)
    for _ in range(12):
        if app.settings[key] == value:
            return
        tap(hal, 0, RIGHT)
        step(hal, app)
    raise AssertionError("%s never took %r" % (key, value))


# ---- only the lines that apply --------------------------------------------------------------------


@pytest.mark.parametrize("game", registered_games())
def test_every_combination_shows_exactly_the_options_that_apply(registered, game):
    """Every option line shown applies beside the others' values, every one hidden does not; the CPU line is shown
    exactly when a seat is the CPU's (D-1)."""
    info = games.get(game)
    applies = getattr(info, "applies", lambda key, settings: True)
    seen = 0
    for settings in combinations(game):
        M.settle(settings)
        shown = keys(settings)
        for key, _, _, _ in info.OPTIONS:
            assert (key in shown) == bool(applies(key, settings)), (key, settings)
        people = PEOPLE[settings["mode"]]
        assert ("cpu" in shown) == (people < M.seats(info, settings)), settings
        assert shown[:3] == ["start", "game", "mode"] and shown[-2:] == ["howto", "stats"]
        seen += 1
    assert seen >= 4


def test_speeds_lines_follow_its_rules():
    """P-8: Call time only with the call ending; P-9: Target only with points; P-11: Decks only with four
    players, and side piles of 10 only with two players or four with two decks."""
    base = dict(M.DEFAULTS, game="speed")
    assert "call_ms" not in keys(base) and "call_ms" in keys(dict(base, ending="call"))
    assert "call_ms" not in keys(dict(base, ending="race"))
    assert "target" not in keys(base) and "target" in keys(dict(base, match="points"))
    assert "decks" not in keys(base) and "decks" not in keys(dict(base, players=3, mode="2p"))
    assert "decks" in keys(dict(base, players=4))
    assert "short_side_piles" in keys(base)
    assert "short_side_piles" not in keys(dict(base, players=3))
    assert "short_side_piles" not in keys(dict(base, players=4, decks=1))
    assert "short_side_piles" in keys(dict(base, players=4, decks=2))


def test_spits_pile_line_only_without_scoring():
    """S-16's rounds end with no slap, so who picks a pile (S-18) means nothing with scoring on."""
    base = dict(M.DEFAULTS, game="spit")
    assert "choose_pile" in keys(base) and "choose_pile" not in keys(dict(base, scoring=True))


def test_d1_the_cpu_line_only_when_a_seat_is_the_cpus(registered):
    for game in games.NAMES:  # (the toy game's too: registered)
        base = dict(M.DEFAULTS, game=game)
        assert "cpu" not in keys(dict(base, mode="2p")) and "cpu" in keys(dict(base, mode="1p"))
    speed = dict(M.DEFAULTS, game="speed", players=4)
    assert "cpu" in keys(dict(speed, mode="3p")) and "cpu" not in keys(dict(speed, mode="4p"))


def test_a_line_that_goes_away_takes_the_cursor_to_the_same_line(headless_app):
    """Turning Ending to call Speed brings its Call time line in; the cursor stays on Ending."""
    hal, app = headless_app(settings={"game": "speed"})
    set_to(hal, app, "ending", "call")
    assert app.menu.items[app.menu.selected][0] == "ending"
    assert "call_ms" in [item[0] for item in app.menu.items]
    tap(hal, 0, RIGHT)  # race: the Call time line goes
    step(hal, app)
    assert app.menu.items[app.menu.selected][0] == "ending" and app.settings["ending"] == "race"
    assert "call_ms" not in [item[0] for item in app.menu.items]


@pytest.mark.parametrize("game", games.NAMES[1:])
def test_back_at_the_menu_it_shows_the_game_last_played(headless_app, game):
    """Issue 34.1: a game dealt from the command line (code.py --game), quit from its pause: the menu is titled and
    set for that game, its CPU line of that game's roster, and Start deals it again."""
    hal, app = headless_app(settings={"game": games.NAMES[0], "mode": "1p", "cpu": games.get(games.NAMES[0]).ROSTER[-1]})
    step(hal, app)
    app.play_now(game, {}, hal.ticks_ms())
    run_ms(hal, app, 500)
    hal.events.feed(PAUSE, True, hal.ticks_ms())
    step(hal, app)
    tap(hal, 0, DOWN)  # Quit to menu
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.screen == MENU and app.settings["game"] == game
    assert app.menu.title.value == games.TITLES[games.NAMES.index(game)].upper() + "!"
    assert app.settings["cpu"] in games.get(game).ROSTER
    go_to(hal, app, "start")
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.screen == TABLE and app.game.name == game


# ---- Mode and Players -----------------------------------------------------------------------------


def test_d1_mode_offers_only_the_seats_a_game_has(registered):
    """Spit, California (and the toy) have two seats: no three- or four-player mode; Speed has 2 to 4. Every
    registered game's Mode offers 1p and one mode per seat up to its most (its description's SEATS)."""
    for game in registered.NAMES:
        mode = [item for item in M.shown(dict(M.DEFAULTS, game=game)) if item[0] == "mode"][0]
        assert set(mode[2]) == {"%dp" % n for n in range(1, max(registered.get(game).SEATS) + 1)}, game
    mode = [item for item in M.shown(dict(M.DEFAULTS, game="speed")) if item[0] == "mode"][0]
    assert set(mode[2]) == {"2p", "1p", "3p", "4p"}
    for game in ("spit", "california"):
        mode = [item for item in M.shown(dict(M.DEFAULTS, game=game)) if item[0] == "mode"][0]
        assert set(mode[2]) == {"2p", "1p"}


def test_d1_mode_offers_no_more_people_than_the_device_has_clusters():
    """A board has two clusters: Speed's Mode offers 1 or 2 people, the other seats are the CPU's."""
    mode = [item for item in M.shown(dict(M.DEFAULTS, game="speed"), clusters=2) if item[0] == "mode"][0]
    assert set(mode[2]) == {"2p", "1p"}
    settings = dict(M.DEFAULTS, game="speed", mode="4p", players=4)
    M.settle(settings, clusters=2)
    assert settings["mode"] == "2p" and settings["players"] == 4


@pytest.mark.parametrize("game", registered_games())
@pytest.mark.slow
def test_mode_and_players_never_contradict_after_any_change(registered, game):
    """Whatever line is changed to whatever value, the people are never more than the seats."""
    info = games.get(game)
    for settings in combinations(game):
        for key, _, values, _ in info.OPTIONS + (("mode", "Mode", M.MODES, None),):
            for value in values:
                changed = dict(settings, **{key: value})
                M.settle(changed, key)
                assert PEOPLE[changed["mode"]] <= M.seats(info, changed), (key, value, changed)
                if key == "mode" and PEOPLE[value] <= max(info.SEATS):
                    assert changed["mode"] == value  # the mode chosen holds; the seats follow it


def test_choosing_three_players_deals_three_seats_and_fewer_seats_bring_the_mode_down(headless_app):
    """Mode 3 players with Players 2 sets Players to 3; Players back to 2 makes Mode 2 players (P-11, D-1)."""
    hal, app = headless_app(settings={"game": "speed", "players": 2})
    set_to(hal, app, "mode", "3p")
    assert app.settings["players"] == 3
    set_to(hal, app, "players", 2)
    assert app.settings["mode"] == "2p"
    set_to(hal, app, "players", 4)
    set_to(hal, app, "mode", "1p")
    mode = app.menu.lines.labels[app.menu.selected - app.menu.top].text
    assert mode == "Mode: 1P vs 3 CPU"


@pytest.mark.parametrize("stored, want", [
    ({"game": "speed", "mode": "3p", "players": 2}, {"mode": "2p", "players": 2}),
    ({"game": "speed", "mode": "4p", "players": 3}, {"mode": "3p", "players": 3}),
    ({"game": "california", "mode": "4p"}, {"mode": "2p"}),
    ({"game": "spit", "mode": "3p"}, {"mode": "2p"}),
])
def test_stored_contradictory_mode_and_players_load_with_one_notice(stored, want):
    told = []
    out = M.clean(stored, lambda key, value, default: told.append((key, value, default)))
    assert {k: out[k] for k in want} == want
    assert len(told) == 1 and told[0][0] == "mode"


def test_a_stored_contradiction_gives_the_app_one_notice_line(headless_app, capsys):
    hal, app = headless_app(settings={"game": "speed", "mode": "3p", "players": 2})
    printed = [line for line in capsys.readouterr().err.splitlines() if "mode" in line]
    assert len(printed) == 1 and app.settings["mode"] == "2p"


# ---- scroll marks, layout, title -------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_scroll_marks_show_where_lines_are_hidden(headless_app, size):
    hal, app = headless_app(*size, settings={"game": "speed", "mode": "1p", "ending": "call", "match": "points"})
    step(hal, app)
    up, down = app.menu.lines.marks
    assert len(app.menu.items) > len(app.menu.lines.labels)
    assert up.hidden and not down.hidden  # at Start: more below
    white = rgb(0xFFFFFF)
    s = app.menu.scale
    assert any(hal.display.pixel((down.x + x) * s, (down.y + y) * s) == white for x in range(5) for y in range(3))
    tap(hal, 0, UP)  # round to the last line
    step(hal, app)
    assert not up.hidden and down.hidden
    for _ in range(len(app.menu.items) // 2):
        tap(hal, 0, UP)
        step(hal, app)
    assert app.menu.top > 0 and not up.hidden
    assert down.hidden == (app.menu.top + len(app.menu.lines.labels) >= len(app.menu.items))


def test_no_scroll_marks_when_every_line_fits(headless_app):
    hal, app = headless_app(240, 240, settings={"game": "california"})
    step(hal, app)
    assert len(app.menu.items) <= len(app.menu.lines.labels)
    assert all(mark.hidden for mark in app.menu.lines.marks)


@pytest.mark.parametrize("size", SIZES)
def test_every_line_of_every_game_fits_its_panel(registered, size):
    """Every line of every game, with every value, fits the width the panel gives a line (no word off screen)."""
    menu = M.Menu.__new__(M.Menu)  # only its words: _text(item) with settings and chars
    menu.chars = M.layout(*size)[4]
    menu.level = 8
    for game in games.NAMES:
        for settings in combinations(game, ("1p",)):
            for item in M.shown(settings, link=True):
                for value in item[2] or (None,):
                    menu.settings = dict(settings, **{item[0]: value}) if value is not None else settings
                    text = menu._text(item)
                    assert len(text) <= menu.chars, (size, text)
            break  # a line's words do not depend on the other options' values


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_is_laid_out_for_each_panel(headless_app, size):
    """More lines where there is room, words twice the size on the 240-pixel panels (in the tall font: at least
    as tall in mm as the PyBadge's), the whole screen used."""
    width, height = size
    hal, app = headless_app(width, height, settings={"game": "speed"})
    step(hal, app)
    scale, _, top, count, _ = M.layout(width, height)
    assert app.menu.scale == scale == (1 if width == 160 else 2)
    last = app.menu.lines.labels[-1]
    x1, y1, x2, y2 = label_box(last)
    assert (y2 - 2) * scale <= height and x2 * scale <= width
    assert (y1 * scale) > height * 2 // 3  # the lines go down to the bottom of the screen
    assert count >= (10 if width == 160 else 8 if height == 240 else 4)  # 2 x 13- or 14-pixel lines on the Picos
    assert last.ch * scale * T.PITCH_UM[size] >= T.CHAR_H * T.PITCH_UM[(160, 128)]  # issue 20.6


@pytest.mark.parametrize("size", SIZES)
def test_the_title_is_the_chosen_games_and_fits(registered, headless_app, size):
    hal, app = headless_app(*size, settings={})
    step(hal, app)
    set_to(hal, app, "game", "spit")
    for name, title in zip(games.NAMES, games.TITLES):
        set_to(hal, app, "game", name)
        assert app.menu.title.value == title.upper() + "!"
        x1, y1, x2, y2 = label_box(app.menu.title)
        assert 0 <= x1 and x2 <= hal.display.width and y2 < app.menu.y0 * app.menu.scale + 4


@pytest.mark.parametrize("size", SIZES)
def test_the_chosen_line_lies_whole_on_its_bar(headless_app, size):
    """Issue 34.3: every gold pixel of the chosen line, descenders too ("Side pile: 10 cards"'s p), is on the black
    bar, whichever line is chosen (its row under the bar poked out: at 240x135 two pixels of the p's tail)."""
    from uitools import colour, S
    width, height = size
    hal, app = headless_app(width, height, settings={"game": "speed", "mode": "1p"})
    menu = app.menu
    gold = colour(S.GOLD)
    below = menu.title.area()[3] + 1
    for _ in range(len(menu.items)):
        step(hal, app)
        bar = menu.lines.bar
        y1, y2 = bar.y * menu.scale, (bar.y + bar.tile_height) * menu.scale
        rows = [y for y in range(below, height) if any(hal.display.pixel(x, y) == gold for x in range(width))]
        assert rows and y1 <= rows[0] and rows[-1] < y2, (menu.items[menu.selected][0], rows, (y1, y2))
        tap(hal, 0, DOWN)


# ---- key repeat ---------------------------------------------------------------------------------


def test_holding_down_repeats_after_400_ms_then_every_120(headless_app):
    hal, app = headless_app(settings={"game": "speed"})
    step(hal, app)
    hal.events.feed(DOWN, True, hal.ticks_ms())
    step(hal, app)
    assert app.menu.selected == 1
    step(hal, app, 11)  # 12 frames of 33 ms: 396 ms, no repeat yet
    assert app.menu.selected == 1
    step(hal, app, 2)
    assert app.menu.selected == 2
    step(hal, app, 8)  # 264 ms more: two repeats of 120 ms
    assert app.menu.selected == 4
    hal.events.feed(DOWN, False, hal.ticks_ms())
    step(hal, app, 30)
    assert app.menu.selected == 4


def test_holding_up_on_the_second_cluster_repeats_and_left_right_never_do(headless_app):
    hal, app = headless_app(settings={"game": "speed"})
    step(hal, app)
    hal.events.feed(4 + UP, True, hal.ticks_ms())
    step(hal, app, 20)
    assert app.menu.selected == len(app.menu.items) - 3  # one press and two repeats: round to the end
    hal.events.feed(4 + UP, False, hal.ticks_ms())
    set_to(hal, app, "sound", True)
    hal.events.feed(RIGHT, True, hal.ticks_ms())
    step(hal, app, 40)
    assert app.settings["sound"] is False  # changed once, not again and again
    hal.events.feed(RIGHT, False, hal.ticks_ms())


def test_a_held_key_that_opened_a_page_does_not_scroll_the_menu_behind_it(headless_app):
    hal, app = headless_app(settings={"game": "spit"})
    step(hal, app)
    go_to(hal, app, "howto")
    line = app.menu.selected
    tap(hal, 0, RIGHT)
    step(hal, app)
    hal.events.feed(DOWN, True, hal.ticks_ms())  # closes the page
    step(hal, app, 30)
    assert not app.menu.showing_help and app.menu.selected == line
    hal.events.feed(DOWN, False, hal.ticks_ms())


def test_a_press_and_release_within_a_frame_does_not_repeat(headless_app):
    hal, app = headless_app()
    step(hal, app)
    tap(hal, 0, DOWN)
    step(hal, app, 40)
    assert app.menu.selected == 1


def test_a_held_key_repeats_from_its_own_time_and_the_clock_wraps(headless_app):
    """ticks wrap round (2**29 ms): a hold across the wrap still repeats once its time has come."""
    hal, app = headless_app(start_ms=(1 << 29) - 200)
    step(hal, app)
    hal.events.feed(DOWN, True, hal.ticks_ms())
    step(hal, app, 14)
    assert app.menu.selected == 2
    assert ticks_add(hal.ticks_ms(), 0) < 1000  # the clock did wrap
    hal.events.feed(DOWN, False, hal.ticks_ms())


# ---- words ---------------------------------------------------------------------------------------


def test_the_adaptive_cpu_line_shows_the_level_it_plays_now(headless_app):
    hal, app = headless_app(settings={"game": "spit", "mode": "1p", "cpu": "adaptive"})
    step(hal, app)
    go_to(hal, app, "cpu")
    text = app.menu.lines.labels[app.menu.selected - app.menu.top].text
    assert text == "CPU: adaptive (Level 4)"
    app.seating.adaptive_level = 6  # after games it won less
    app.start_game(hal.ticks_ms())
    app.back_to_menu()
    step(hal, app)
    assert app.menu.lines.labels[app.menu.selected - app.menu.top].text == "CPU: adaptive (Level 6)"


def test_the_example_bots_have_player_words():
    settings = dict(M.DEFAULTS, game="spit", mode="1p")
    cpu = [item for item in M.shown(settings) if item[0] == "cpu"][0]
    words = {bot: M.words(cpu, dict(settings, cpu=bot)) for bot in cpu[2]}
    assert words["first"][0] == "simple: first card" and words["nearest"][0] == "simple: nearest card"
    assert not any("bot" in form for forms in words.values() for form in forms)


def test_the_cpu_words_shorten_to_fit_a_narrow_line(headless_app):
    hal, app = headless_app(240, 240, settings={"game": "spit", "mode": "1p", "cpu": "adaptive"})
    step(hal, app)
    go_to(hal, app, "cpu")
    assert app.menu.lines.labels[app.menu.selected - app.menu.top].text == "CPU: adaptive (L4)"
    tap(hal, 0, LEFT)  # level 8
    step(hal, app)
    text = app.menu.lines.labels[app.menu.selected - app.menu.top].text
    assert text.startswith("CPU: L8 ~") and text.endswith("s/move") and len(text) <= app.menu.chars  # issue 34.4


@pytest.mark.parametrize("game", registered_games())
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.slow
def test_the_how_to_page_is_as_tall_as_the_pybadges_and_scrolls_where_it_is_long(registered, headless_app, game,
                                                                                  size):
    """Issue 20.6: the how-to page at the panel's scale in its cells (as tall in mm as the PyBadge's), every
    line inside the screen; a page longer than the screen scrolls with Up/Down to its last line, and any
    other key leaves it."""
    from ui import page

    width, height = size
    hal, app = headless_app(width, height, settings={"game": game})
    step(hal, app)
    go_to(hal, app, "howto")
    tap(hal, 0, RIGHT)
    step(hal, app)
    menu = app.menu
    assert menu.showing_help
    seen = []
    for _ in range(40):
        assert menu.help_labels
        for label in menu.help_labels:
            x1, y1, x2, y2 = label.area()
            k = label.scale
            assert x2 <= width and y1 + (y2 - y1) // 2 <= height, (label.text, size)
            assert label.ch * k * T.PITCH_UM[size] >= T.CHAR_H * T.PITCH_UM[(160, 128)], (label.text, size)
        shown = page.lines(menu.help_labels)
        seen.extend(shown[1:])
        if not menu.help_scrolls:
            break
        tap(hal, 0, DOWN)
        step(hal, app)
        if page.lines(menu.help_labels) == shown:
            break
    words = " ".join(" ".join(seen).split())
    for line in M.howto(__import__(games.ui(game, "howto"), None, None, ("LINES",)).LINES, menu.buttons)[1:]:
        for word in line.split():
            assert word in words, (word, size)
    tap(hal, 0, LEFT)
    step(hal, app)
    assert not menu.showing_help
