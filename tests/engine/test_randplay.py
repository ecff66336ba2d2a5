"""engine.randplay: the random players of the benchmarks, the demo and the property tests.

Where small ints hold 32 bits, RandomPlay.step is engine.randplay32's, with the generator's draws written into
it; a board runs RandomPlay.portable_step with Rng16. Both must choose the same actions from the same seed, in
every game, and a game whose reports nobody reads (reports=False, the benchmark's) plays as one whose are read.
"""

import pytest

from conftest import registered_games
from engine import games
from engine.digest import digest
from engine.randplay import RandomPlay
from engine.rng import Rng16
from engine.rng32 import Rng32

CASES = [("spit", {}), ("spit", {"alternate_colours": True, "stocks": 4, "auto_flip": True}),
         ("spit", {"one_round": True, "stall": True}), ("spit", {"scoring": True, "choose_pile": True}),
         ("speed", {"players": 2}), ("speed", {"players": 3, "ending": "call"}),
         ("speed", {"players": 4, "decks": 2, "jokers": True}), ("california", {})]


def played(name, options, seed, portable=False, reports=True):
    """A game played to its end: (the log of actions chosen, its digest, the generator's state)."""
    game = games.get(name).new(seed, options)
    play = RandomPlay(game, seed, reports=reports)
    play.log = []
    if portable:  # as a board plays it: two 16-bit halves, every draw through below()
        play.rng = Rng16(seed)
        play._below = play.rng.below
        step = RandomPlay.portable_step
    else:
        step = RandomPlay.step
    count = 0
    while game.phase != 4 and count < 100000:  # PH_OVER
        k = step(play)
        if not k:
            break
        count += k
    return play.log, digest(game), play.rng.next32()


def test_the_draws_written_into_the_step_are_the_generators():
    """On CPython the step is engine.randplay32's: it draws from the generator's state as Rng32.below does."""
    assert isinstance(RandomPlay(games.get("spit").new(1, {}), 1).rng, Rng32)
    assert RandomPlay.step is not RandomPlay.portable_step


@pytest.mark.parametrize("name, options", CASES)
def test_the_step_of_32_bit_ints_plays_as_the_portable_one(name, options):
    """C-5: the same seed, the same actions, the same end, the generator left in the same state."""
    if name not in registered_games():
        pytest.skip("no such game")
    for seed in range(1, 41):
        assert played(name, options, seed) == played(name, options, seed, portable=True), seed


@pytest.mark.parametrize("name, options", CASES[:1] + CASES[4:5] + CASES[-1:])
def test_reports_nobody_reads_change_no_game(name, options):
    """reports=False (the benchmark's): the game's reports are not kept, and the same game is played."""
    game = games.get(name).new(1, options)
    dealt = game.reports.count  # the deal's, before the players sat down
    RandomPlay(game, 1, reports=False).play()
    assert game.reports.count == dealt
    for seed in range(1, 21):
        assert played(name, options, seed) == played(name, options, seed, reports=False)
