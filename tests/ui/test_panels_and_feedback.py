"""Issue 20, point 6 (the Pico kit's panels: text and cards sized in millimetres) and point 9's table
and sound parts (the joker, Speed's counts and cursor, distinct tones, replay names and CPU seats, the
how-to pages' buttons)."""

from conftest import ROOT
import json
import os

import pytest

from conftest import registered_games
from engine import actions as A
from engine.actions import DOWN, UP
from engine.cardnames import parse
from engine.speed.rules import Speed
from engine.speed.buttons import Cluster
from engine.california import file as F_CAL  # its own verbs, reasons, reports and phases
from engine.spit import file as F_SPIT  # its own verbs, reasons, reports and phases


def cards(*names):
    return [parse(n) for n in names]


# ---- point 9: Speed's cursor passes empty hand slots ------------------------------------


def test_speed_cursor_up_and_down_skip_empty_hand_slots():
    """With an empty draw pile a hand has holes; UP and DOWN go to the next card, wrapping round."""
    game = Speed()
    game.load([cards("3C", "4D"), cards("QC")], [[], []], [[], []], centre=[cards("2C"), cards("9D")])
    game.hands[0][0] = 0
    game.hands[0][1] = parse("3C")
    game.hands[0][2] = 0
    game.hands[0][3] = 0
    game.hands[0][4] = parse("4D")
    assert game.phase == A.PH_PLAY
    c = Cluster(0)
    c.cursor = 1
    assert not c.press(DOWN, game) and c.cursor == 4  # past slots 2 and 3
    assert not c.press(DOWN, game) and c.cursor == 1  # past slot 0, wrapping
    assert not c.press(UP, game) and c.cursor == 4
    c.cursor = 2  # a slot emptied under the cursor: the next press still lands on a card
    assert not c.press(UP, game) and c.cursor == 1


def test_speed_cursor_with_one_card_stays_on_it_and_an_empty_hand_moves_one_slot():
    game = Speed()
    game.load([cards("3C"), cards("QC")], [[], []], [[], []], centre=[cards("2C"), cards("9D")])
    hand = game.hands[0]
    for s in range(5):
        hand[s] = 0
    hand[3] = parse("3C")
    c = Cluster(0)
    c.cursor = 3
    assert not c.press(DOWN, game) and c.cursor == 3
    hand[3] = 0
    assert not c.press(DOWN, game) and c.cursor == 4


def test_the_speed_cpu_counts_only_the_presses_the_cursor_makes():
    """The CPU plans its presses over the cards, not the slots, so it lands where it aimed."""
    from engine.speed.cpu import View
    view = View(0)
    view.hand[:] = bytes((0, parse("3C"), 0, 0, parse("4D")))
    view.cursor = 1
    assert view.steps(4, 1) == 1 and view.steps(4, -1) == 1
    assert view.presses(4) == 1
    view.hand[:] = bytes((parse("5C"), parse("3C"), parse("6C"), 0, parse("4D")))
    assert view.steps(4, 1) == 2 and view.steps(4, -1) == 2
    assert view.steps(1, 1) == 0


# ---- point 9: a distinct short sound per event, yours or the other side's ------------------


def reacted(hal, app, kind, p, a=0, ms=1000):
    """The tones (Hz, ms) the App plays for one engine report, over ms of frames after it."""
    from ui import app as U
    hal.tones.clear()
    now = hal.ticks_ms()
    app.game.reports.add(kind, p, a)
    app.reactions.react(now)
    for t in range(now + U.FRAME_MS, now + ms, U.FRAME_MS):  # the jingle's later notes, a frame at a time
        app.reactions.react(t)
    return [tone[1:] for tone in hal.tones]


def test_each_event_has_its_own_sound_yours_and_the_cpus_differ(headless_app):
    """Your card, the CPU's card, a stalemate, a win and a loss: five different sounds; sound stays switchable."""
    from ui.reactions import _J_LOSS, _J_STUCK, _J_WIN, _T_PLAY, _T_REFUSE, _T_THEIRS
    hal, app = headless_app(seed=3)
    app.start_game(hal.ticks_ms())
    class Driver:
        bot = None

    app.cpus[1] = Driver()  # seat 1 is the CPU's (only its being there matters to the sounds)
    yours = reacted(hal, app, A.R_LAND, 0, 0)
    theirs = reacted(hal, app, A.R_LAND, 1, 0)
    stuck = reacted(hal, app, A.R_STALEMATE, 255)
    assert yours == [_T_PLAY] and theirs == [_T_THEIRS] and yours != theirs
    assert stuck == [_J_STUCK[0:2], _J_STUCK[2:4]]
    app.game.phase = A.PH_OVER
    won = reacted(hal, app, A.R_GAME_OVER, 0)
    lost = reacted(hal, app, A.R_GAME_OVER, 1)
    assert won == [_J_WIN[k:k + 2] for k in range(0, len(_J_WIN), 2)]
    assert lost == [_J_LOSS[k:k + 2] for k in range(0, len(_J_LOSS), 2)]
    assert won[-1][0] > won[0][0] and lost[-1][0] < lost[0][0]  # rising for a win, falling for a loss
    sounds = [tuple(yours), tuple(theirs), tuple(stuck), tuple(won), tuple(lost), (_T_REFUSE,)]
    assert len(set(sounds)) == len(sounds)
    assert all(ms <= 300 for s in sounds for _, ms in s)  # short
    hal.sound = False
    assert reacted(hal, app, A.R_LAND, 0, 0) == [] and reacted(hal, app, A.R_GAME_OVER, 0) == []


def test_a_linked_players_card_is_the_opponents_sound(headless_app):
    """A seat another device plays is not yours: its card sounds as the opponent's."""
    from ui.reactions import _T_THEIRS

    class Link:
        def remote(self, seat):
            return seat == 1

    hal, app = headless_app(seed=3)
    app.start_game(hal.ticks_ms())
    app.link = Link()
    try:
        assert reacted(hal, app, A.R_LAND, 1, 0) == [_T_THEIRS]
    finally:
        app.link = None


# ---- point 9: replays are named after their game and say who the CPU was -----------------


def test_the_window_names_each_replay_after_its_game(tmp_path, monkeypatch):
    from desktop.cli import Saver

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    saver = Saver()
    for game in ("speed", "california", "spit", "nonsense"):
        saver({"game": game, "seed": 1})
    names = sorted(os.path.basename(p).split("-")[0] for p in saver.written)
    assert names == ["california", "speed", "spit", "spit"]  # an unknown game's name is never a file name


def test_a_cpu_game_records_its_cpu_seats_and_the_file_plays_to_the_same_state(headless_app):
    """The App's replay of a game against the CPU says which seat the CPU played and its level; the
    cpus key loads, changes nothing, and a file without it still loads (old replays)."""
    from engine.replay import ReplayError, load, run, state
    from uitools import LEFT, run_ms, tap
    hal, app = headless_app(seed=4, settings={"mode": "1p", "cpu": "level6"})
    app.start_game(hal.ticks_ms())
    run_ms(hal, app, 1000)
    tap(hal, 0, LEFT)  # the person says Spit
    run_ms(hal, app, 6000)
    doc = json.loads(json.dumps(app.replay()))
    assert doc["cpus"] == [None, "level6"]
    assert len(doc["events"]) > 5  # the CPU played (and the person said ready)
    game, events = load(doc)
    with_key = state(game, run(game, events))
    old = dict(doc)
    del old["cpus"]
    game, events = load(old)
    assert state(game, run(game, events)) == with_key
    for bad in ([None], ["level6", 3], "level6", [None, ""]):
        with pytest.raises(ReplayError, match="cpus"):
            load(dict(doc, cpus=bad))


def test_two_people_write_no_cpus_key(headless_app):
    hal, app = headless_app(seed=4, settings={"mode": "2p"})
    app.start_game(hal.ticks_ms())
    assert "cpus" not in app.replay()


# ---- point 9: the joker is unmistakable at 1x --------------------------------------------


def luma(rgb):
    return (299 * (rgb >> 16) + 587 * (rgb >> 8 & 255) + 114 * (rgb & 255)) // 1000


@pytest.mark.parametrize("w, h, rank_scale, suit_scale", [(26, 23, 2, 1), (18, 15, 1, 1), (46, 46, 3, 2)])
def test_the_joker_is_drawn_unlike_a_red_jack(w, h, rank_scale, suit_scale):
    """P-10: the joker's glyphs differ from a jack's in both halves, and its face is the one dark one
    (gold marks on purple) where every other face is light paper, at every card size."""
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    from ui import sprites as S
    sheet = S.card_sheet(w, h, rank_scale, suit_scale)
    joker = 4 << 4 | 1
    hw = w // 2

    def tile(t):
        return [sheet[t * hw + x, y] for y in range(h) for x in range(hw)]

    for jack in (parse("JH"), parse("JD"), parse("JS")):
        assert tile(S.left_tile(joker, S.FACE)) != tile(S.left_tile(jack, S.FACE))
        assert tile(S.right_tile(joker, S.FACE)) != tile(S.right_tile(jack, S.FACE))
        looks = S.card_palettes()
        paper, ink = looks[S.look(joker, S.FACE)][1], looks[S.look(joker, S.FACE)][S.INK]
        jack_paper = looks[S.look(jack, S.FACE)][1]
        assert luma(paper) < 128 <= luma(jack_paper) and luma(ink) > 160  # dark face, bright marks
    for look in range(len(looks)):  # no other face-up look has dark paper
        if look not in (S.look(joker, S.FACE), S.look(joker, S.FLASH), S.look(0, S.DOWN), S.look(0, S.EMPTY)):
            assert luma(looks[look][1]) >= 128


# ---- point 6: the Pico kit's panels: text and cards for their size in millimetres -----------

SIZES = [(160, 128), (240, 135), (240, 240)]


def texts(table):
    """Every ui.text.Text label a table holds."""
    from ui.text import Text
    out = []
    for value in vars(table).values():
        for v in (value if isinstance(value, (list, tuple)) else [value]):
            if isinstance(v, Text):
                out.append(v)
            elif isinstance(v, (list, tuple)):
                out.extend(t for t in v if isinstance(t, Text))
    return out


@pytest.mark.parametrize("game", registered_games())
@pytest.mark.parametrize("size", SIZES, ids=["160x128", "240x135", "240x240"])
def test_every_tables_text_is_as_tall_in_mm_as_the_pybadges(registered, headless_app, game, size):
    """Point 6: each label's height on its panel (its font's cell, 12 px or the tall font's 14, times its
    scale times the pixel pitch) is at least the PyBadge's 1.8" 160x128 text height: the 1.3" 240x240's
    0.097 mm pitch at scale 2 in 14-pixel cells is 101% of it, the 1.14" 240x135's in 13-pixel cells 102% (in terminalio's
    12-pixel cells they were 87% and 94%; at scale 1, 44% and 47%)."""
    from ui.table import PITCH_UM, text_scale
    hal, _ = headless_app(*size)
    table = __import__(registered.ui(game, "table"), None, None, ("_",)).Table(*size)
    badge_mm = 12 * PITCH_UM[(160, 128)] / 1000
    labels = texts(table)
    assert len(labels) >= 5
    for label in labels:
        mm = label.ch * label.scale * PITCH_UM[size] / 1000
        assert label.scale == text_scale(*size)
        assert label.ch == {(160, 128): 12, (240, 135): 13, (240, 240): 14}[size]
        assert mm >= badge_mm, "%s: %r is %.2f mm high, the PyBadge's %.2f" % (game, label.text, mm, badge_mm)
    assert text_scale(240, 135) == text_scale(240, 240) == 2 and text_scale(160, 128) == 1


@pytest.mark.parametrize("game", registered_games())
@pytest.mark.parametrize("size", SIZES, ids=["160x128", "240x135", "240x240"])
def test_the_two_centre_counts_of_two_digits_read_as_two(registered, headless_app, monkeypatch, game, size):
    """Issue 34.2: the counts under the two centre piles, 12 and 10, drawn with at least a character's width of felt
    between their inks on the screen (at 240x135 they were 6 pixels apart: "12 10" read "1210")."""
    from conftest import kit
    from uitools import S, colour, deal, step
    name = kit(game).CENTRE
    if name is None:
        pytest.skip("one centre pile")
    hal, app = headless_app(*size, settings={"game": game})
    deal(hal, app)
    monkeypatch.setattr(app.table, "sync", lambda g: None)  # the numbers stay as set
    labels = getattr(app.table, name)
    labels[0].set(12)
    labels[1].set(10)
    step(hal, app)
    boxes = [label.area() for label in labels]
    felt = colour(S.FELT)
    ink = [x for x in range(boxes[0][0], boxes[1][2])
           if any(hal.display.pixel(x, y) != felt for y in range(boxes[0][1], boxes[0][3]))]
    gaps = [b - a - 1 for a, b in zip(ink, ink[1:])]
    widest = max(gaps)
    assert ink[gaps.index(widest)] < hal.display.width // 2 <= ink[gaps.index(widest) + 1]  # the gap is the middle's
    assert widest >= 6 * labels[0].scale, (game, size, widest)


@pytest.mark.parametrize("size", SIZES[1:], ids=["240x135", "240x240"])
def test_pico_panel_cards_are_as_large_as_the_columns_allow(size):
    """Point 6: five cards a column fill the panel's height, and the width left by two-digit counts in the
    bigger text bounds the cards' width (the PyBadge's proportions, never squeezed under them)."""
    from ui.table import Layout
    lay = Layout(*size)
    width, height = size
    assert lay.ch == min((height - 12) // 5, 46)
    assert lay.cw >= min(lay.ch + 3, (width - 2 * 24 - 12) // 4) - 1
    assert lay.stock_y[4] + lay.ch <= height and lay.stock_y[0] >= 0


# ---- point 9: the how-to pages name the device's own buttons --------------------------------


def board_words(path):
    """The button_words a board's hal module gives its Hal (read from its source: the module needs a board)."""
    import ast
    tree = ast.parse(open(path).read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "button_words" for t in node.targets):
            return ast.literal_eval(node.value)
    return None


@pytest.mark.parametrize("board", ["pybadge", "pygamer", "pico"])
@pytest.mark.parametrize("game", registered_games())
def test_the_how_to_page_names_the_boards_own_buttons(registered, headless_app, board, game):
    """On a board the page says its buttons (never the desktop's W A S D and arrows); every game's does."""
    from desktop import headless
    from ui.page import lines
    root = ROOT
    words = board_words(os.path.join(root, "hal", board + ".py"))
    assert words and len(words) == 3 and "Up+Down" in words[2]  # the clusters, the pause chord
    hal, app = headless_app(seed=3, settings={"game": game})
    hal.button_words = words
    app.menu = None
    app.show_menu()
    app.menu.show_help(True)
    text = "\n".join(lines(app.menu.help_labels))
    assert words[0] in text and words[1] in text
    assert "Pause:" not in text or "Pause: " + words[2] in text  # where the page names the pause: the chord
    assert "W A S D" not in text and "arrows" not in text and "WASD" not in text
    assert all(len(line) <= 26 for line in text.split("\n"))  # a line fits the 160-pixel page
    assert headless.Hal.button_words == ("W A S D", "arrows", "Esc, or Up+Down")


def test_the_desktop_how_to_page_names_its_keys_for_every_game(registered, headless_app):
    from ui.page import lines
    for game in registered.NAMES:
        hal, app = headless_app(seed=3, settings={"game": game})
        app.menu.show_help(True)
        text = "\n".join(lines(app.menu.help_labels))
        assert "W A S D" in text and "arrows" in text and "{" not in text
        assert "Up+Down" not in text or "Pause: Esc, or Up+Down" in text  # where it names the pause: Esc too


def test_the_tables_refused_flash_names_engine_actions_verbs():
    """ui/table.py and ui/california/table.py hold PLAY, FLIP, MOVE and COVER as numbers (no engine import on a
    board's table for them): the numbers are engine.actions' and California's file module's; a refused play
    flashes the place it aimed at."""
    import ast
    import inspect

    from ui import table as T
    from ui.california import table as CT

    assert (T._PLAY, T._FLIP, T._MOVE) == (A.PLAY, A.FLIP, A.MOVE)
    source = inspect.getsource(CT.Table.refused)
    assert "verb == %d" % F_CAL.COVER in source and isinstance(ast.parse(source.strip()), ast.Module)

    class Stub:
        flash = [-1, -1]

    stub = Stub()
    T.refused(stub, 1, A.PLAY, 3, 0, 2)
    assert stub.flash == [-1, 3]
    T.refused(stub, 0, A.MOVE, 4, 1, 2)
    assert stub.flash == [2, 3]
    T.refused(stub, 0, F_SPIT.SLAP, 1, 0, 4)  # not a card's play: nothing flashes anew
    assert stub.flash == [2, 3]
    ct = CT.Table.__new__(CT.Table)
    ct.flash = [-1, -1]
    CT.Table.refused(ct, 1, F_CAL.COVER, 1, 2, 0)
    assert ct.flash == [-1, 6]
