"""S-8's decision, the stall option: 10 s of play with no card played, turned up or moved is a stalemate, as
Speed's P-7 stall; the menu deals with it on, a file without it plays with it off. The rule files
tests/rules/s08_stall_*.json show the table; these show the clock, the options and the words."""

import pytest

from reports import drain
from engine import actions as A
from engine import games
from engine.cardnames import parse
from engine.replay import ReplayError
from engine.spit import file as F
from engine.spit.rules import PH_PLAY, PH_READY, Spit, _STALL_MS as STALL_MS
from ui.speed import words as speed_words
from ui.spit import words as spit_words


def cards(*names):
    return [parse(n) for n in names]


def moving(stall=True):
    """Player 0 could play the 4H on the 5D or move the 6H into an empty slot, uncovering the KS."""
    game = Spit(stall=stall)
    game.load([([cards("2S", "4H"), cards("KS", "6H"), [], [], []], cards("AC")),
               ([cards("8D"), cards("3S"), [], [], []], cards("TC"))], [cards("5D"), cards("9C")])
    assert game.phase == PH_PLAY and game.can_move(0) and game.can_move(1)
    game.reports.clear()
    return game


def test_s08_the_stall_declares_the_stalemate_at_the_limit_itself():
    """S-8 (decision): a frame late, the stalemate is still dated at 10 s, and its report says it is the stall's."""
    game = moving()
    game.advance(STALL_MS - 1)
    assert game.phase == PH_PLAY and drain(game) == []
    game.advance(STALL_MS + 40)
    assert game.phase == PH_READY and game.now == STALL_MS
    assert drain(game) == [(A.R_STALEMATE, 255, STALL_MS // 1000, 255, 0)]  # a: the seconds (255: nobody could move)
    assert game.apply(STALL_MS + 100, 0, A.READY) == A.OK and game.apply(STALL_MS + 200, 1, A.READY) == A.OK
    assert game.phase == PH_PLAY and game.deadline == STALL_MS + 200  # the spit starts the clock again


@pytest.mark.parametrize("verb, a, b", [(A.PLAY, 0, 0), (A.MOVE, 1, 2), (A.FLIP, 1, 0)])
def test_s08_a_card_played_turned_up_or_moved_starts_the_clock_again(verb, a, b):
    """S-8 (decision): the 10 s count from the last card played, turned up or moved."""
    game = moving()
    if verb == A.FLIP:
        assert game.apply(1000, 0, A.MOVE, 1, 2) == A.OK  # the KS is left face down
    assert game.apply(4000, 0, verb, a, b) == A.OK
    assert game.apply(4000 + STALL_MS - 1, 1, A.PLAY, 0, 1) == A.OK  # the 8D on the 9C, just in time
    game.advance(4000 + 2 * STALL_MS - 2)
    assert game.phase == PH_PLAY
    assert game.apply(4000 + 2 * STALL_MS - 1, 1, A.PLAY, 1, 0) == A.WRONG_PHASE  # at exactly 10 s: too late


def test_s08_a_refused_action_does_not_start_the_clock_again():
    game = moving()
    assert game.apply(5000, 1, A.PLAY, 1, 1) == A.NOT_ADJACENT  # the 3S on the 9C
    game.advance(STALL_MS)
    assert game.phase == PH_READY


def test_s08_without_the_option_the_game_waits_and_a_file_without_it_plays_it_off():
    game = moving(stall=False)
    game.advance(3600000)
    assert game.phase == PH_PLAY and drain(game) == []
    assert F.options({})["stall"] is False  # a file without the key: as files before the option
    assert F.options({"stall": True})["stall"] is True
    with pytest.raises(ReplayError, match="options.stall"):
        F.options({"stall": 1})


def test_s08_the_menu_and_a_tools_partial_options_deal_with_the_stall_on():
    info = games.get("spit")
    assert [o for o in info.OPTIONS if o[0] == "stall"][0][2] == (True, False)
    assert info.new(1, {}).stall is True and info.new(1, {"stall": False}).stall is False
    assert "deadline" in Spit.times  # a pause moves the stall clock on (ui/pause.py)


@pytest.mark.parametrize("words, stuck", [(spit_words, "Stuck! Spit again"), (speed_words, "Stuck! Ready to flip")])
def test_s08_p07_the_stall_banner_says_why_in_both_games(words, stuck):
    """A stalemate nobody could move out of is "Stuck!"; the stall's, while someone could, says why."""
    said = words.Words({})
    assert said.report(A.R_STALEMATE, A.NONE, A.NONE, None) == stuck
    assert said.report(A.R_STALEMATE, A.NONE, 10, None) == "No card for 10s"
