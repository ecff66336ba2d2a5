"""Buttons to engine to screen: the key mapping of each cluster, C-4 order, D-1, D-2, lights,
sound, settings, and whole games played through the frame loop.
"""

import json
import time

import pytest

from uitools import (DOWN, LEFT, RIGHT, UP, Presser, S, cards, deal, leave_result, load, logged, run_ms, say_spit,
                     step, tap)
from engine.replay import load as load_replay
from engine.replay import run as run_replay
from engine.replay import state
from engine.spit.rules import PH_OVER, PH_PLAY, PH_READY
from ui.app import MENU, TABLE
from ui.reactions import _J_WIN, _T_PLAY, _T_REFUSE, _T_SLAP
from ui.menu import DEFAULTS
from engine.spit.file import PH_SLAP


def replayed(doc):
    """The state the engine reaches from a replay document (C-5)."""
    game, events = load_replay(json.loads(json.dumps(doc)))  # through JSON, as saved
    run_replay(game, events)
    return game


def race_position(app):
    """Both players' middle stock (where the cursors start) holds a card that fits spit pile 0 (a 5):
    P1 a 6, P2 a 4. Whichever lands first makes the other one not fit (C-4)."""
    load(app, [["AS"], ["QS"], ["6H"], ["JS"], ["8C"]], [["AC"], ["QC"], ["4S"], ["JC"], ["8D"]],
         [["5C"], ["KD"]], (["2H"], ["3H"]))


# ---- each cluster's buttons -----------------------------------------------------------


@pytest.mark.parametrize("player", (0, 1))
def test_up_down_move_only_that_players_cursor_and_wrap(headless_app, player):
    """UP/DOWN move the pressing player's cursor over their stocks, wrapping at both ends."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    say_spit(hal, app)
    other = 1 - player
    mine, theirs = app.clusters[player], app.clusters[other]
    assert mine.cursor == theirs.cursor == 2
    seen = []
    for _ in range(5):
        tap(hal, player, UP)
        step(hal, app)
        seen.append(mine.cursor)
    assert seen == [1, 0, 4, 3, 2]  # UP from the top wraps to the bottom
    for _ in range(3):
        tap(hal, player, DOWN)
        step(hal, app)
    assert mine.cursor == 0  # 2, 3, 4, then DOWN from the bottom wraps to the top
    assert theirs.cursor == 2
    assert app.log[2:] == []  # moving a cursor is no action: only the two Spits are logged
    assert app.table.cursor_at == ([0, 2] if player == 0 else [2, 0])


def test_up_down_wrap_over_four_stocks(headless_app):
    """S-17: with four stocks the cursor wraps over four places."""
    hal, app = headless_app(seed=3, settings={"stocks": 4})
    deal(hal, app)
    say_spit(hal, app)
    for _ in range(3):
        tap(hal, 1, DOWN)
        step(hal, app)
    assert app.clusters[1].cursor == 1  # 2, 3, 0, 1


@pytest.mark.parametrize("player", (0, 1))
@pytest.mark.parametrize("button, pile", ((LEFT, 0), (RIGHT, 1)))
def test_left_right_play_toward_that_pile(headless_app, player, button, pile):
    """S-5: LEFT plays the card under the cursor on spit pile 0, RIGHT on pile 1."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    mine = [["AS"], ["QS"], ["9H", "6H"], ["JS"], ["8C"]]
    theirs = [["AC"], ["QC"], ["KC"], ["JC"], ["8D"]]
    load(app, *((mine, theirs) if player == 0 else (theirs, mine)), [["5C"], ["7D"]], (["2H"], ["3H"]))
    step(hal, app)
    tap(hal, player, button)
    step(hal, app)
    assert app.game.centre[pile].cards()[-1:] == cards(["6H"])
    assert app.game.centre[1 - pile].n == 1
    assert logged(app) == [(player, "play", 2, pile)]


def test_left_right_turn_up_a_face_down_card(headless_app):
    """S-6: on a face-down card, LEFT or RIGHT turns it up; it is never turned by itself."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [["AS"], ["QS"], ["9H", "6H"], ["JS"], ["8C"]], [["AC"], ["QC"], ["KC"], ["JC"], ["8D"]],
         [["5C"], ["7D"]], (["2H"], ["3H"]))
    step(hal, app)
    tap(hal, 0, LEFT)
    run_ms(hal, app, 500)
    assert not app.game.up[0][2]
    tap(hal, 0, RIGHT)
    step(hal, app)
    assert app.game.up[0][2]
    assert logged(app) == [(0, "play", 2, 0), (0, "flip", 2, 0)]


def test_s7_left_right_fill_an_empty_slot(headless_app):
    """S-7: on an empty slot, LEFT/RIGHT moves the face-up top of the tallest stock into it."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [["AS"], [], ["KC"], ["TD", "JS"], ["8C"]], [["AC"], ["QC"], ["4D"], ["JC"], ["8D"]],
         [["5C"], ["5D"]], (["2H"], ["3H"]))
    step(hal, app)
    tap(hal, 0, UP)  # cursor 2 -> 1, the empty slot
    tap(hal, 0, RIGHT, hal.ticks_ms() + 1)
    step(hal, app)
    game = app.game
    assert logged(app) == [(0, "move", 3, 1)]
    assert game.stocks[0][1].cards() == cards(["JS"]) and game.up[0][1]
    assert game.stocks[0][3].cards() == cards(["TD"]) and not game.up[0][3]  # uncovered, still face down


def test_d2_spit_waits_for_both_human_players(headless_app):
    """D-2, S-4: any button says Spit; the spit cards turn only when both human players have pressed."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    game = app.game
    tap(hal, 0, UP)
    step(hal, app)
    for _ in range(30):  # P2 takes their time; P1 pressing again changes nothing
        tap(hal, 0, DOWN)
        step(hal, app)
    assert game.phase == PH_READY and list(game.ready) == [1, 0]
    assert game.centre[0].n == game.centre[1].n == 0
    assert app.table.banner.value == "P1 ready: P2?"
    tap(hal, 1, DOWN)
    step(hal, app)
    assert game.phase == PH_PLAY and game.centre[0].n == game.centre[1].n == 1
    assert app.table.banner.value == "SPIT!"
    assert [v for p, v, a, b in logged(app)].count("ready") == 32  # the extra presses were refused


def test_d2_spit_again_after_a_stalemate_waits_for_both(headless_app):
    """D-2, S-8: after a stalemate the next spit waits for both players again."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [[], [], ["4C"], ["KC"], []], [[], [], ["KD"], [], []], [["5C"], ["9D"]], (["QH"], ["3H"]))
    step(hal, app)
    tap(hal, 0, LEFT)
    run_ms(hal, app, 1100)
    game = app.game
    assert game.phase == PH_READY
    tap(hal, 1, RIGHT)
    run_ms(hal, app, 500)
    assert game.phase == PH_READY and game.spit[0].n == game.spit[1].n == 1
    tap(hal, 0, UP)
    step(hal, app)
    assert game.phase == PH_PLAY and game.spit[0].n == game.spit[1].n == 0
    assert game.centre[0].top() == cards(["QH"])[0] and game.centre[1].top() == cards(["3H"])[0]


def test_slap_with_left_right_takes_that_pile(headless_app):
    """S-11: at the slap LEFT/RIGHT slap pile 0/1; UP/DOWN do nothing; the slap sounds."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [[], [], ["4C"], [], []], [[], [], ["KD"], ["9S"], []], [["6C", "5C"], ["9D"]], (["2H"], ["3H"]))
    step(hal, app)
    tap(hal, 0, LEFT)
    run_ms(hal, app, 700)  # the "cleared" banner; presses are not ignored meanwhile
    assert app.game.phase == PH_SLAP
    tap(hal, 1, UP)
    tap(hal, 1, DOWN)
    step(hal, app)
    assert app.game.phase == PH_SLAP
    held = [app.game.cards_held(p) for p in range(2)]
    tap(hal, 1, RIGHT)  # P2 slaps the smaller pile (1 card); P1 gets the other (3 cards)
    step(hal, app)
    assert logged(app)[-1] == (1, "slap", 1, 0)
    assert app.game.round == 2
    assert [app.game.cards_held(p) for p in range(2)] == [held[0] + 3, held[1] + 1]
    assert hal.tones[-1][1:] == _T_SLAP


# ---- two clusters at once (C-4, D-1) ---------------------------------------------------


@pytest.mark.parametrize("fed_first", (0, 1))
@pytest.mark.parametrize("first", (0, 1))
def test_c4_earlier_press_lands_first_whatever_order_fed(headless_app, first, fed_first):
    """C-4: both push a card at pile 0 in one frame; the earlier timestamp lands, the later is refused."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    race_position(app)
    step(hal, app)
    now = hal.ticks_ms()
    stamp = {first: now - 20, 1 - first: now - 5}
    for p in (fed_first, 1 - fed_first):
        hal.events.feed(p * 4 + LEFT, True, stamp[p])
    step(hal, app)
    game = app.game
    assert game.centre[0].cards() == cards(["5C", "6H" if first == 0 else "4S"])
    assert game.stocks[1 - first][2].n == 1  # the later card stayed where it was
    assert [(p, v) for p, v, a, b in logged(app)] == [(first, "play"), (1 - first, "play")]
    assert app.table.flash[1 - first] == 2 and app.table.flash[first] == -1
    assert sorted(hal.tones[-2:]) == sorted([(now, *_T_PLAY), (now, *_T_REFUSE)])  # same frame


@pytest.mark.parametrize("fed_first", (0, 1))
def test_c4_equal_timestamps_alternate_from_player_0(headless_app, fed_first):
    """C-4: the first exact tie of a game goes to player 0, the next to the one who lost the first."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    race_position(app)
    step(hal, app)
    t = hal.ticks_ms() - 10
    for p in (fed_first, 1 - fed_first):
        hal.events.feed(p * 4 + LEFT, True, t)
    step(hal, app)
    assert app.game.centre[0].cards() == cards(["5C", "6H"])  # P1 wins the first tie
    race_position(app)
    step(hal, app)
    t = hal.ticks_ms() - 10
    for p in (fed_first, 1 - fed_first):
        hal.events.feed(p * 4 + LEFT, True, t)
    step(hal, app)
    assert app.game.centre[0].cards() == cards(["5C", "4S"])  # P2 wins the second


def test_c4_first_tie_of_every_game_goes_to_player_0(headless_app):
    """C-4: the tie order starts afresh with each game: its first tie goes to player 0 again."""
    hal, app = headless_app(seed=3)
    for game in range(3):
        deal(hal, app)
        race_position(app)
        step(hal, app)
        t = hal.ticks_ms() - 10
        hal.events.feed(1 * 4 + LEFT, True, t)
        hal.events.feed(0 * 4 + LEFT, True, t)
        step(hal, app)
        assert app.game.centre[0].cards() == cards(["5C", "6H"]), "game %d" % (game + 1)


def test_d1_two_human_clusters_on_one_device(headless_app):
    """D-1: two clusters on one device drive two players at once, each with their own cursor."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [["AS"], ["6H"], ["KS"], ["JS"], ["8C"]], [["AC"], ["QC"], ["KC"], ["8H"], ["8D"]],
         [["5C"], ["9D"]], (["2H"], ["3H"]))
    step(hal, app)
    t = hal.ticks_ms()
    tap(hal, 0, UP, t - 30)  # P1 to stock 1 (6H), P2 to stock 3 (8H), pushed in the same frame
    tap(hal, 1, DOWN, t - 29)
    tap(hal, 0, LEFT, t - 20)
    tap(hal, 1, RIGHT, t - 19)
    step(hal, app)
    game = app.game
    assert game.centre[0].cards() == cards(["5C", "6H"])
    assert game.centre[1].cards() == cards(["9D", "8H"])
    assert logged(app) == [(0, "play", 1, 0), (1, "play", 3, 1)]
    assert [c.cursor for c in app.clusters] == [1, 3]


def test_held_button_acts_once_and_never_blocks_the_other_player(headless_app):
    """A button held down for many frames is one press; the other cluster keeps playing meanwhile."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [["AS"], ["QS"], ["9H", "6H"], ["JS"], ["8C"]], [["AC"], ["QC"], ["4S"], ["3D"], ["2D"]],
         [["5C"], ["5D"]], (["2H"], ["3H"]))
    step(hal, app)
    hal.events.feed(0 * 4 + LEFT, True, hal.ticks_ms())  # P1 holds LEFT down, no release
    step(hal, app)
    for button in (RIGHT, DOWN, RIGHT, DOWN, RIGHT):  # meanwhile P2 plays 4S, 3D, 2D on pile 1
        step(hal, app, 10)
        tap(hal, 1, button)
        step(hal, app)
    step(hal, app, 30)
    assert logged(app, 0) == [(0, "play", 2, 0)]  # one action for the whole hold
    assert logged(app, 1) == [(1, "play", 2, 1), (1, "play", 3, 1), (1, "play", 4, 1)]
    assert app.game.centre[1].cards() == cards(["5D", "4S", "3D", "2D"])
    hal.events.feed(0 * 4 + LEFT, False, hal.ticks_ms())
    step(hal, app)
    assert logged(app, 0) == [(0, "play", 2, 0)]  # letting go is no press


# ---- lights and sound ------------------------------------------------------------------


def led(colour):
    """The (r, g, b) an LED shows for 0xRRGGBB (brightness 1: exactly that)."""
    return colour >> 16, (colour >> 8) & 255, colour & 255


def side_pixels(hal, p):
    """What the LEDs of player p's side show: P1 the left two, P2 the right two."""
    return [hal.pixels.shown_at(i) for i in ((0, 1) if p == 0 else (3, 4))]


def test_landed_card_flashes_the_players_lights_and_sounds(headless_app):
    """A landed card: the player's pixels flash in their colour and the play tone sounds."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    race_position(app)
    step(hal, app, 10)
    resting = side_pixels(hal, 0)
    hal.tones.clear()
    tap(hal, 0, LEFT)
    now = hal.ticks_ms()
    step(hal, app)
    assert side_pixels(hal, 0) == [led(S.PLAYER_COLOURS[0])] * 2 != resting
    assert side_pixels(hal, 1) != [led(S.PLAYER_COLOURS[1])] * 2
    assert hal.tones == [(now, *_T_PLAY)]
    run_ms(hal, app, 300)
    assert side_pixels(hal, 0) == resting


def test_refused_move_sounds_low_and_shows_red(headless_app):
    """A refused move: the low tone and red on that player's pixels only."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [["AS"], ["QS"], ["KC"], ["JS"], ["8C"]], [["AC"], ["QC"], ["4S"], ["JC"], ["8D"]],
         [["5C"], ["5D"]], (["2H"], ["3H"]))
    step(hal, app, 10)
    hal.tones.clear()
    tap(hal, 1, RIGHT)  # 4S on 5D: fine
    tap(hal, 0, LEFT, hal.ticks_ms() + 1)  # KC on 5C: refused
    step(hal, app)
    assert _T_REFUSE[0] < _T_PLAY[0]
    assert sorted(tone[1:] for tone in hal.tones) == sorted([_T_PLAY, _T_REFUSE])
    assert side_pixels(hal, 0) == [(255, 0, 0)] * 2
    assert (255, 0, 0) not in side_pixels(hal, 1)
    run_ms(hal, app, 300)
    assert (255, 0, 0) not in side_pixels(hal, 0)


def test_game_over_plays_the_win_tone_and_lights_the_winner(headless_app):
    """S-15: the winner's side of the lights goes rainbow, the loser's goes dark, the win tone plays."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [[], [], ["4C"], [], []], [[], [], ["KD"], ["9S"], []], [["5C"], ["9D"]], ([], ["3H"]))
    step(hal, app)
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.game.winner == 0
    assert hal.tones[-1][1:] == _J_WIN[:2]  # the win jingle's first note, at once
    assert side_pixels(hal, 1) == [(0, 0, 0)] * 2
    assert all(c != (0, 0, 0) for c in side_pixels(hal, 0))


def test_sound_off_means_no_tones(headless_app):
    """With Sound off in the settings, plays, refusals, spits and slaps make no tone at all."""
    hal, app = headless_app(seed=5, settings={"sound": False})
    deal(hal, app)
    play_out(hal, app, Presser(hal, app, every=(1, 2)))
    assert app.game.phase == PH_OVER and len(app.log) > 50
    assert hal.sound is False and hal.tones == []


def test_sound_menu_line_turns_the_tones_off(headless_app):
    """Changing Sound in the menu applies at once."""
    hal, app = headless_app(seed=3)
    step(hal, app)
    while app.menu.items[app.menu.selected][0] != "sound":
        tap(hal, 0, DOWN)
        step(hal, app)
    tap(hal, 1, RIGHT)
    step(hal, app)
    assert app.settings["sound"] is False and hal.sound is False
    deal(hal, app)
    say_spit(hal, app)
    assert hal.tones == []


# ---- settings --------------------------------------------------------------------------


@pytest.mark.parametrize("garbage", (b"{not json", b"\xff\xfe\x00", b"[1, 2]", b'{"stocks": "many", "sound": 0}'))
def test_corrupt_settings_file_means_defaults(headless_app, tmp_path, capsys, garbage):
    """A settings file that is not what the app wrote gives the defaults, not an error."""
    path = tmp_path / "settings.json"
    path.write_bytes(garbage)
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert app.settings == dict(DEFAULTS, mode="1p")  # a first start's: no mode stored (issue 34.9)
    assert hal.sound is True
    step(hal, app)
    assert app.screen == MENU
    err = capsys.readouterr().err
    # one line for a file it cannot read; one for each bad value in a file it can
    assert len(err.splitlines()) == (2 if garbage.startswith(b'{"') else 1) and "Traceback" not in err


def test_changed_menu_option_is_saved_and_read_back(headless_app, tmp_path):
    """A setting changed in the menu is written to the settings file and used at the next start."""
    path = tmp_path / "spit" / "settings.json"
    hal, app = headless_app(settings=None, settings_path=str(path))
    step(hal, app)
    while app.menu.items[app.menu.selected][0] != "stocks":  # Start, Game, Mode, CPU (a first start's 1P), Stocks
        tap(hal, 0, DOWN)
        step(hal, app)
    tap(hal, 0, RIGHT)
    step(hal, app)
    assert app.settings["stocks"] == 4
    assert json.loads(path.read_text())["stocks"] == 4
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert app.settings["stocks"] == 4
    app.start_game(hal.ticks_ms())
    assert app.game.slots == 4


def test_d1_a_first_start_is_one_person_against_the_cpu_and_a_stored_mode_is_kept(headless_app, tmp_path,
                                                                                     monkeypatch):
    """D-1 (issue 34.9): with no settings stored a person alone is not asked for a P2 nobody is there to be: the
    first start's Mode is 1P vs CPU, whose seat says Spit itself; a stored mode (2 players) is kept as it was."""
    path = tmp_path / "spit" / "settings.json"
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert app.settings["mode"] == "1p" and "cpu" in [item[0] for item in app.menu.items]
    deal(hal, app)
    assert app.cpus[0] is None and app.cpus[1] is not None
    tap(hal, 0, LEFT)  # the one person says Spit ...
    for _ in range(100):
        step(hal, app)
        if app.game.phase == PH_PLAY:
            break
    assert app.game.phase == PH_PLAY  # ... and the CPU's seat does too: nobody waits for a P2
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"mode": "2p"}))
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert app.settings["mode"] == "2p"
    deal(hal, app)
    assert app.cpus == [None, None]
    from desktop import headless

    monkeypatch.delattr(headless.Hal, "mode")  # a board's hal names no first Mode: the menu's default, 2 players
    hal, app = headless_app(settings=None, settings_path=str(tmp_path / "none.json"))
    assert app.settings["mode"] == "2p"


# ---- whole games ------------------------------------------------------------------------


def play_out(hal, app, presser, limit=20000):
    """Run the presser until the game is over; return the frames run."""
    frames = 0
    while app.game.phase != PH_OVER and frames < limit:
        presser.step()
        frames += 1
    return frames


@pytest.mark.parametrize("seed, size, start_ms", ((5, (160, 128), 0), (11, (240, 135), (1 << 29) - 3000)),
                         ids=("160x128", "240x135, the clock wraps"))
@pytest.mark.slow
def test_whole_game_through_the_buttons_ends_with_the_winner_shown(headless_app, seed, size, start_ms, capsys):
    """Two scripted clusters play a seeded game to the end through the frame loop; the banner names
    the winner and the app's replay reproduces the final state (C-5)."""
    hal, app = headless_app(*size, seed=seed, start_ms=start_ms)
    saved = []
    app.on_game_over = saved.append
    deal(hal, app)
    presser = Presser(hal, app, every=(1, 2), offset=(5, 5))  # P2 slower; equal offsets make ties
    start = time.perf_counter()
    frames = play_out(hal, app, presser)
    spent = time.perf_counter() - start
    game = app.game
    assert game.phase == PH_OVER and game.winner in (0, 1)
    assert game.cards_held(game.winner) == 0  # S-15
    assert app.seq.ties > 0  # exact ties happened and were settled by C-4
    run_ms(hal, app, 1500)
    assert app.table.banner.value == "P%d wins!" % (game.winner + 1)
    assert [t[1:] for t in hal.tones[-4:]] == [_J_WIN[k:k + 2] for k in range(0, 8, 2)]  # the whole jingle
    # C-5: the replay the app recorded reproduces the same final state through the engine
    assert len(saved) == 1 and saved[0] == app.replay()
    again = replayed(app.replay())
    assert state(again) == state(game)
    assert len(app.log) >= 50 and presser.presses > len(app.log)
    # the result screen's Menu goes back to the menu (issue 20)
    leave_result(hal, app, "Menu")
    assert app.screen == MENU
    with capsys.disabled():
        print("\n  whole game seed %d at %dx%d: %d frames, %d actions, %d rounds, %.2f ms per frame"
              % (seed, size[0], size[1], frames, len(app.log), game.round, 1000 * spent / frames))


def test_second_game_replays_too(headless_app):
    """C-4, C-5: each game's first tie goes to player 0, so every game's replay reproduces it."""
    hal, app = headless_app(seed=2)  # its second game replays only if the tie order starts afresh
    for n in range(2):
        deal(hal, app)
        play_out(hal, app, Presser(hal, app, every=(1, 2)))
        assert app.game.phase == PH_OVER
        assert state(replayed(app.replay())) == state(app.game), "game %d" % (n + 1)
        leave_result(hal, app, "Menu", player=1)
        assert app.screen == MENU


def test_presses_before_the_deal_are_not_part_of_the_game(headless_app):
    """C-5: presses stamped before the game was dealt (read in the frame that starts it) are not
    applied, so the replay, which starts at 0 ms, holds the game exactly."""
    hal, app = headless_app(seed=5)
    step(hal, app)
    now = hal.ticks_ms()
    tap(hal, 0, LEFT, now - 30)  # Start
    tap(hal, 1, LEFT, now - 20)  # pressed before the table was there
    tap(hal, 0, RIGHT, now - 10)
    app.frame(now)
    assert app.screen == TABLE and list(app.game.ready) == [0, 0] and app.log == []
    tap(hal, 1, LEFT, now)  # at the deal's own time: it counts
    step(hal, app)
    assert list(app.game.ready) == [0, 1]
    play_out(hal, app, Presser(hal, app, every=(1, 2)))
    assert state(replayed(app.replay())) == state(app.game)


def test_watching_the_replay_shows_the_same_final_table(headless_app):
    """A recorded game played back on the table (watch) ends where the game ended."""
    hal, app = headless_app(seed=5)
    deal(hal, app)
    play_out(hal, app, Presser(hal, app, every=(1, 2)))
    doc = app.replay()
    final = state(app.game)
    hal, app = headless_app(seed=5)
    game, events = load_replay(doc)
    app.watch(game, events, doc, hal.ticks_ms())
    run_ms(hal, app, events[-1][0] + 1500)
    assert state(app.game) == final
    assert app.table.banner.value == "P%d wins!" % (final["winner"] + 1)


@pytest.mark.parametrize("start_ms", (0, (1 << 29) - 65536, 3 << 27), ids=("zero", "board boot", "upper half"))
def test_lights_at_rest_whatever_the_clock_reads(headless_app, start_ms):
    """The lights show the game, not stale flashes, whatever the tick clock reads when the game starts
    (a board's clock starts 65 s before it wraps; a desktop's can be anywhere in its period)."""
    hal, app = headless_app(seed=3, start_ms=start_ms)
    step(hal, app)
    deal(hal, app)
    step(hal, app, 2)
    assert side_pixels(hal, 0) == side_pixels(hal, 1) == [(0, 0, 0)] * 2  # PH_READY: nobody has said Spit
    tap(hal, 0, LEFT)
    step(hal, app)
    assert side_pixels(hal, 0) == [led(S.PLAYER_COLOURS[0])] * 2 and side_pixels(hal, 1) == [(0, 0, 0)] * 2
    tap(hal, 1, LEFT)
    run_ms(hal, app, 800)
    assert app.game.phase == PH_PLAY
    for p in range(2):
        assert (255, 0, 0) not in side_pixels(hal, p)  # nothing was refused
        assert side_pixels(hal, p)[0] == side_pixels(hal, p)[1] != (0, 0, 0)  # the player's resting colour


def test_watched_replay_is_worked_by_the_buttons_and_never_touched_by_them(headless_app):
    """Watching a replay: LEFT holds it (its clock stands still) and lets it go on, DOWN steps while held,
    RIGHT plays faster and UP slower, the banner saying so; no press reaches the game; Esc pauses it as a
    game; once it is played out any key goes back to the menu."""
    from engine.actions import PAUSE

    hal, app = headless_app(seed=3)
    doc = {"seed": 3, "events": [[0, 0, "ready"], [10, 1, "ready"], [1500, 0, "flip", 2], [9500, 0, "flip", 1],
                                 [17500, 1, "flip", 1]]}
    game, events = load_replay(doc)
    app.watch(game, events, doc, hal.ticks_ms())
    step(hal, app)
    assert app.banner_text == "Replay: Left holds, Right faster"
    run_ms(hal, app, 900)
    tap(hal, 0, LEFT)  # held
    step(hal, app)
    assert app.banner_text == "Replay held: Down steps"
    run_ms(hal, app, 3000)
    assert [v for p, v, a, b in logged(app)] == ["ready", "ready"]  # the clock stood still: no flip yet
    tap(hal, 1, DOWN)  # a step: the next moment, at once
    step(hal, app, 2)
    assert logged(app)[-1] == (0, "flip", 2, 0) and len(logged(app)) == 3
    run_ms(hal, app, 2000)
    assert len(logged(app)) == 3  # still held
    tap(hal, 0, LEFT)  # on again, then four times as fast: the next flip 8 s on comes in about 2 s
    tap(hal, 1, RIGHT)
    step(hal, app)
    tap(hal, 1, RIGHT)
    step(hal, app)
    assert app.playback.speed == 4 and app.banner_text == "Replay 4x: Up slower"
    run_ms(hal, app, 1700)
    assert len(logged(app)) == 3
    run_ms(hal, app, 600)
    assert logged(app)[-1] == (0, "flip", 1, 0)
    tap(hal, 0, UP)
    step(hal, app)
    assert app.playback.speed == 2
    hal.events.feed(PAUSE, True, hal.ticks_ms())  # Esc: the pause screen, as in a game
    hal.events.feed(PAUSE, False, hal.ticks_ms())
    step(hal, app)
    assert app.over is not None
    run_ms(hal, app, 10000)
    hal.events.feed(PAUSE, True, hal.ticks_ms())
    hal.events.feed(PAUSE, False, hal.ticks_ms())
    step(hal, app)
    assert app.over is None and len(logged(app)) == 4  # the pause took its 10 s out of the replay's clock
    run_ms(hal, app, 4500)
    assert logged(app)[-1] == (1, "flip", 1, 0) and app.playback.played_out()
    assert all(v in ("ready", "flip") for p, v, a, b in logged(app))  # only the replay's own events
    tap(hal, 1, UP)
    step(hal, app)
    assert app.screen == MENU


def test_a_replay_names_its_seats_as_the_game_did_or_by_its_bots(headless_app):
    """A replay of a game against the CPU says You and CPU, as the game did (not P1 and P2); a league's
    game, bots in every seat, names each seat by its bot."""
    hal, app = headless_app(seed=3)
    for cpus, names in (([None, "level3"], ["You", "CPU"]), (["ada", "level3"], ["ada", "level3"]),
                        (None, ["P1", "P2"])):
        doc = {"seed": 3, "events": [[0, 0, "ready"]]}
        if cpus is not None:
            doc["cpus"] = cpus
        game, events = load_replay(doc)
        app.watch(game, events, doc, hal.ticks_ms())
        step(hal, app)
        assert app.words.names[:2] == names


def test_new_round_counts_down_on_the_lights_before_spit(headless_app):
    """S-12: after the deal of a new round the strip lights up and goes out pixel by pixel (3-2-1),
    while presses are ignored; then the round's Ready lights take over."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [[], [], ["4C"], [], []], [[], [], ["KD"], ["9S"], []], [["6C", "5C"], ["9D"]], (["2H"], ["3H"]))
    step(hal, app)
    tap(hal, 0, LEFT)  # P1 clears their stocks: the slap race
    step(hal, app)
    tap(hal, 1, RIGHT)  # P2 slaps: round 2 is dealt
    step(hal, app)
    assert app.game.round == 2
    white = (128, 128, 128)
    lit = [sum(1 for i in range(5) if hal.pixels.shown_at(i) == white)]
    for _ in range(6):
        run_ms(hal, app, 100)
        lit.append(sum(1 for i in range(5) if hal.pixels.shown_at(i) == white))
    assert lit[0] == 5 and lit[-1] == 0
    assert lit == sorted(lit, reverse=True) and len(set(lit)) >= 4  # it counts down, step by step
