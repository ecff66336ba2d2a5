"""S-9's variant "one round" (seed 004): a spit pile but its top becomes its player's spit cards again, the
first to clear their stocks wins, no slap and no later round. The rule files tests/rules/s09_one_round_*.json
show each sentence; these show the seeded reshuffle, the options and the CPU playing it."""

import pytest

from engine import actions as A
from engine import games
from engine.bots.match import Match
from engine.cardnames import parse
from engine.replay import ReplayError
from engine.spit import file as F
from engine.spit.cpu import make
from engine.spit.rules import PH_OVER, PH_READY, Spit


def cards(*names):
    return [parse(n) for n in names]


PILE = ("3C", "KD", "5S", "7H", "TC", "4D", "QS", "8C", "2H", "9H")  # player 0's spit pile, 9H on top


def reshuffled(seed):
    """Player 0's new spit cards (bottom first) after the stalemate's Spit, from player 0's pile but its top."""
    game = Spit(seed=seed, one_round=True)
    game.load([([cards("AH"), cards("AS"), cards("JC"), cards("JD"), []], []),
               ([cards("6C"), cards("6D"), cards("QH"), cards("KS"), cards("4C")], cards("4S", "QC"))],
              [cards(*PILE), cards("6H")])
    assert game.phase == PH_READY  # nobody can move: say Spit
    assert game.apply(0, 0, A.READY) == A.OK and game.apply(0, 1, A.READY) == A.OK
    assert game.centre[0].names()[0] == "9H" and game.centre[0].n == 2  # the top stays, one new card on it
    return game.centre[0].names()[1:] + game.spit[0].names()


def test_s09_one_round_the_reshuffle_is_seeded():
    """S-9: the rest of the pile, shuffled (engine.rng): the same seed, the same order; other seeds, others."""
    first = reshuffled(1)
    assert sorted(first) == sorted(PILE[:-1])
    assert reshuffled(1) == first
    assert len({tuple(reshuffled(seed)) for seed in range(1, 9)}) > 1


def test_s09_one_round_is_an_option_of_files_tools_and_the_menu():
    assert F.options({})["one_round"] is False
    assert F.options({"one_round": True, "stocks": 4, "alternate_colours": True, "choose_pile": True})["one_round"]
    with pytest.raises(ReplayError, match="options.one_round: not with scoring"):
        F.options({"one_round": True, "scoring": True})  # S-16 does not combine: no round ends to score
    with pytest.raises(ReplayError, match="options.one_round"):
        F.options({"one_round": 1})
    info = games.get("spit")
    assert [o for o in info.OPTIONS if o[0] == "one_round"][0][2] == (False, True)
    assert info.new(1, {"one_round": True}).one_round is True and info.new(1, {}).one_round is False


def test_s09_one_round_hides_the_scoring_and_the_pile_choice():
    """S-9: it combines with S-17 and S-19, not with S-16 or S-18 (the description's applies, as the menu)."""
    info = games.get("spit")
    on = {"one_round": True, "scoring": True, "choose_pile": True}
    assert not info.applies("scoring", on) and not info.applies("choose_pile", on)
    assert info.applies("stocks", on) and info.applies("alternate_colours", on) and info.applies("one_round", on)
    assert info.applies("scoring", {"one_round": False}) and info.applies("one_round", {"scoring": True})


@pytest.mark.parametrize("options", [{}, {"stocks": 4, "alternate_colours": True}, {"stall": True}])
def test_s09_the_cpu_plays_one_round_to_its_end(options):
    """The CPU players play it as any Spit: every game ends in its first round, someone having cleared."""
    for seed in range(1, 7):
        game = games.get("spit").new(seed, dict(options, one_round=True))
        Match(game, (make("level4"), make("level6")), seed=seed).run()
        assert game.phase == PH_OVER and game.round == 1 and game.winner == game.cleared != A.NONE
