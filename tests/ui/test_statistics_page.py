"""The statistics page (issue 20, point 8): the chosen game's games played, won and fastest win, per mode and CPU
level, from the hal's stats() on every target; none to read is said, never a crash."""

import os
import sys

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"  # the desktop Hal in a dummy window
os.environ["SDL_AUDIODRIVER"] = "dummy"

from uitools import DOWN, LEFT, RIGHT, UP, step, tap
from ui import page
from ui import statistics as P


def open_stats(hal, app):
    for _ in range(40):
        if app.menu.items[app.menu.selected][0] == "stats":
            break
        tap(hal, 0, UP)
        step(hal, app)
    tap(hal, 0, RIGHT)
    step(hal, app)
    assert app.menu.showing_help and app.menu.stats_top == 0
    return page.lines(app.menu.help_labels)


def test_no_games_yet_says_so_on_headless(headless_app):
    hal, app = headless_app(settings={"game": "speed"})
    step(hal, app)
    texts = open_stats(hal, app)
    assert texts[0] == "SPEED STATISTICS" and "No games played yet." in texts
    tap(hal, 0, LEFT)
    step(hal, app)
    assert not app.menu.showing_help and app.menu.help is None


def test_the_page_shows_the_chosen_games_rows_per_mode_and_level(headless_app):
    hal, app = headless_app(settings={"game": "spit"})
    hal.record_game("spit", "1p", 3, True, 83400)
    hal.record_game("spit", "1p", 3, False, 90000)
    hal.record_game("spit", "2p", 0, True, 61000)
    hal.record_game("speed", "1p", 5, True, 30000)  # another game's: not on Spit's page
    step(hal, app)
    texts = open_stats(hal, app)
    assert texts[0] == "SPIT STATISTICS"
    assert texts[1].split() == ["Mode", "Games", "Won", "Best"]
    assert texts[2].split() == ["1P", "vs", "L3", "2", "1", "1:23"]
    assert texts[3].split() == ["2", "players", "1", "1", "1:01"]
    assert texts[4].split() == ["All", "3", "2", "1:01"]
    assert not any("L5" in t for t in texts)
    assert all(len(t) <= P.CHARS for t in texts)


def test_a_finished_game_is_on_the_page(headless_app):
    """The App records a game (ui/playback.py) and the page reads it back through the hal."""
    from engine.actions import PH_OVER
    from uitools import Presser, deal, leave_result

    hal, app = headless_app(seed=4, settings={"game": "spit", "mode": "1p", "cpu": "level8"})
    deal(hal, app)
    presser = Presser(hal, app, every=(5, 1))
    while app.game.phase != PH_OVER and presser.frames < 20000:
        presser.step()
    assert app.game.phase == PH_OVER
    leave_result(hal, app)  # back to the menu
    texts = open_stats(hal, app)
    assert texts[2].split()[:4] == ["1P", "vs", "L8", "1"]


def test_many_rows_scroll_with_up_and_down_and_any_other_key_leaves(headless_app):
    hal, app = headless_app(settings={"game": "speed"})
    for level in range(1, 9):
        hal.record_game("speed", "1p", level, level % 2 == 0, 10000 * level)
    hal.record_game("speed", "2p", 0, True, 5000)
    step(hal, app)
    texts = open_stats(hal, app)
    rows = P.rows("speed", hal.stats())
    assert len(rows) == 10  # 9 and All
    shown = texts[2:-2]
    assert shown == rows[:len(shown)] and len(shown) < len(rows)
    assert texts[-2].startswith("Rows 1-") and texts[-1] == "Any other key: back"
    for _ in range(len(rows)):
        tap(hal, 0, DOWN)
        step(hal, app)
    texts = page.lines(app.menu.help_labels)
    assert texts[-3] == rows[-1] and app.menu.stats_top == len(rows) - len(shown)
    tap(hal, 0, UP)
    step(hal, app)
    assert app.menu.stats_top == len(rows) - len(shown) - 1
    tap(hal, 1, RIGHT)
    step(hal, app)
    assert not app.menu.showing_help and app.menu.stats_top == -1


def test_holding_down_scrolls_the_page(headless_app):
    hal, app = headless_app(settings={"game": "speed"})
    for level in range(1, 9):
        hal.record_game("speed", "1p", level, True, 10000)
    hal.record_game("speed", "2p", 0, True, 5000)
    step(hal, app)
    open_stats(hal, app)
    hal.events.feed(DOWN, True, hal.ticks_ms())
    step(hal, app, 20)
    hal.events.feed(DOWN, False, hal.ticks_ms())
    assert app.menu.stats_top >= 2 and app.menu.showing_help


@pytest.mark.parametrize("size", ((160, 128), (240, 135), (240, 240)))
def test_every_page_line_fits_every_panel(headless_app, size):
    from uitools import label_box

    hal, app = headless_app(*size, settings={"game": "california"})
    for level in range(1, 9):
        hal.record_game("california", "1p", level, True, 65535 * 100)
    step(hal, app)
    open_stats(hal, app)
    assert app.menu.help_labels
    for label in app.menu.help_labels:
        x1, y1, x2, y2 = label_box(label)
        assert x2 <= hal.display.width and y2 <= hal.display.height, label.text


def test_a_page_of_statistics_is_dropped_with_its_modules_where_a_board_drops_them(headless_app):
    hal, app = headless_app(settings={"game": "spit"})
    app.menu_modules = set(sys.modules) - {"ui.statistics", "ui.page"}  # as a board keeps the menu's modules
    step(hal, app)
    open_stats(hal, app)
    assert "ui.statistics" in sys.modules
    tap(hal, 0, LEFT)
    step(hal, app)
    assert "ui.statistics" not in sys.modules and "ui.page" not in sys.modules


# ---- a table that cannot be read ------------------------------------------------------------------


def test_rows_leave_out_what_is_not_a_row():
    table = {("spit", "1p", 2): (3, 1, 60000), "junk": 1, ("spit", "2p"): (1, 1, 1), ("spit", "2p", 0): "x",
             ("spit", "2p", 0, 1): (1, 1, 1), ("spit", "cpu", 2): (1, 0, None), ("spit", None, "x"): (1, 1, -5)}
    rows = P.rows("spit", table)
    assert rows[0].split() == ["1P", "vs", "L2", "3", "1", "1:00"]
    assert len(rows) == 4 and rows[-1].split()[0] == "All"


def test_a_hal_whose_stats_fail_shows_none(headless_app):
    hal, app = headless_app(settings={"game": "spit"})

    def broken():
        raise OSError("no such file")

    app.menu.stats = broken
    step(hal, app)
    assert "No games played yet." in open_stats(hal, app)


def test_a_corrupt_stats_file_is_kept_and_the_page_says_none(tmp_path, released_displays, capsys):
    """desktop/settings.py keeps a statistics file it cannot read; the page shows no games, the file is untouched."""
    from desktop import window
    from ui.app import App

    path = tmp_path / "stats.nvm"
    path.write_bytes(bytes(range(256)))
    h = window.Hal(settings_path=str(tmp_path / "settings.json"))
    try:
        app = App(h, settings={"game": "spit"})
        h.events.feed(UP, True, 0)
        h.events.feed(UP, False, 1)
        app.frame(10)
        assert app.menu.items[app.menu.selected][0] == "stats"
        h.events.feed(RIGHT, True, 20)
        h.events.feed(RIGHT, False, 21)
        app.frame(30)
        assert "No games played yet." in page.lines(app.menu.help_labels)
    finally:
        h.deinit()
    assert path.read_bytes() == bytes(range(256))
    assert len([e for e in capsys.readouterr().err.splitlines() if "stats.nvm" in e]) == 1


def test_a_missing_stats_file_shows_none_and_makes_no_file(tmp_path, released_displays):
    from desktop import window
    from ui.app import App

    h = window.Hal(settings_path=str(tmp_path / "settings.json"))
    try:
        app = App(h, settings={"game": "speed"})
        app.menu.show_stats(True)
        assert "No games played yet." in page.lines(app.menu.help_labels)
    finally:
        h.deinit()
    assert not (tmp_path / "stats.nvm").exists()


@pytest.mark.parametrize("size", [(160, 128), (240, 135), (240, 240)])
def test_the_rows_keep_off_the_right_edge_as_off_the_left(headless_app, size):
    """Issue 34.3: no word of the page, "Best" and the times under it included, reaches the screen's last four
    columns (the lines start four pixels in: ui/page.py); at 160x128 "Best" touched the right edge."""
    width, height = size
    hal, app = headless_app(width, height, settings={"game": "spit"})
    hal.record_game("spit", "1p", 3, True, 95000)
    hal.record_game("spit", "2p", 0, True, 61000)
    step(hal, app)
    texts = open_stats(hal, app)
    assert texts[1].split()[-1] == "Best"
    paper = hal.display.pixel(width - 1, height - 1)
    ink = [x for x in range(width) for y in range(height) if hal.display.pixel(x, y) != paper]
    assert min(ink) >= 4 and max(ink) < width - 4, (min(ink), max(ink))


def test_games_of_more_seats_against_the_cpu_have_rows_of_their_own(headless_app):
    """Issue 34.5: one person against three CPUs at level 6 (the App's mode "1p4") is a row apart from one against
    one CPU ("1p", as every file before it holds), on the page and through the statistics file (nvm) read again;
    three people and one CPU is "3p4", four people stay "4p"."""
    from hal.nvmstore import Store
    hal, app = headless_app(settings={"game": "speed"})
    hal.record_game("speed", "1p", 6, True, 61000)
    hal.record_game("speed", "1p4", 6, False, 90000)
    hal.record_game("speed", "3p4", 2, True, 70000)
    hal.record_game("speed", "4p", 0, True, 50000)
    again = Store(bytearray(hal.nvm))
    assert again.table() == hal.stats() and len(again.table()) == 4
    step(hal, app)
    texts = open_stats(hal, app)
    assert [t.split()[0] for t in texts[2:7]] == ["1P", "4", "1P+3xL6", "3P+1xL2", "All"]
    assert texts[3].split() == ["4", "players", "1", "1", "0:50"]
    assert P.mode_name("2p4", 0) == "2P+2 CPU" and P.mode_name("1p4", 8, True) == "1P+3xL8"
    assert P.rows("speed", {("speed", "1p4", 3): (2, 1, 9000)}, 19) == ["1P+3xL3   2  1 0:09"]  # a Pico's line
