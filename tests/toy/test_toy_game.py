"""The tests' toy game, Snap (tests/toy/): its rules T-1 to T-5, an apply() that allocates nothing, its file's
refusals, and the menu's median times of its CPU levels."""

import pytest

from engine import actions as A
from engine.actions import FLIP, PH_OVER, PH_PLAY
from tests.toy.engine.file import PH_PAIR, R_PENALTY, R_TAKE, SNAP
from engine.bots.match import Match
from engine.cardnames import name, parse
from engine.replay import ReplayError
from tests.toy.engine import cpu, game as info
from tests.toy.engine.rules import Snap
from reports import drain


def cards(names):
    return [parse(n) for n in names.split()]


def names(pile):
    return " ".join(name(c) for c in pile.buf[:pile.n])


def reports(game):
    return drain(game)


def position(pile0, pile1, centre=""):
    game = Snap(1)
    game.load([cards(pile0), cards(pile1)], cards(centre))
    return game


@pytest.mark.parametrize("deck, each", ((52, 26), (20, 10)))
def test_t01_the_deck_is_dealt_alternately_into_two_piles(deck, each):
    game = Snap(5, deck=deck)
    dealt = game.piles[0].cards() + game.piles[1].cards()
    assert game.piles[0].n == game.piles[1].n == each and len(set(dealt)) == deck
    if deck == 20:
        assert {c & 15 for c in dealt} == {1, 10, 11, 12, 13}
    assert game.phase == PH_PLAY and game.centre.n == 0
    assert Snap(5, deck=deck).piles[0].cards() == game.piles[0].cards()  # a seed is a deal
    assert Snap(6, deck=deck).piles[0].cards() != game.piles[0].cards()


def test_t02_a_flip_turns_the_top_card_onto_the_centre_at_any_time():
    game = position("2C 3C", "4D 5D", "9S")
    assert game.apply(10, 1, FLIP) == A.OK and game.apply(11, 1, FLIP) == A.OK  # no turns
    assert names(game.centre) == "9S 5D 4D" and names(game.piles[1]) == ""
    assert game.phase == PH_OVER and game.winner == 1  # T-5: the last card, no pair
    assert reports(game)[-1][:2] == (A.R_GAME_OVER, 1)
    assert game.apply(12, 0, FLIP) == A.WRONG_PHASE


def test_t02_refusals():
    game = position("2C 3C", "4D 5D")
    assert game.apply(0, 2, FLIP) == A.BAD_PLAYER
    assert game.apply(0, 0, FLIP, 1) == A.BAD_SLOT
    assert game.apply(0, 0, A.PLAY) == A.BAD_VERB
    assert game.apply(0, 0, SNAP) == A.NO_PILE  # T-4: nothing in the centre to take
    assert game.centre.n == 0 and game.now == 0


def test_t03_a_pair_stops_the_flips_and_the_first_snap_sends_the_centre_under_the_other_pile():
    game = position("2C 3C", "4D 5D 9H", "7S 9S")
    assert game.apply(5, 1, FLIP) == A.OK
    assert game.phase == PH_PAIR and game.pair()
    assert game.apply(6, 0, FLIP) == A.WRONG_PHASE and game.apply(6, 1, FLIP) == A.WRONG_PHASE
    reports(game)
    assert game.apply(7, 0, SNAP) == A.OK
    assert names(game.piles[1]) == "9H 9S 7S 4D 5D"  # turned over: the top card at the bottom
    assert game.centre.n == 0 and game.phase == PH_PLAY
    assert reports(game) == [(A.R_SLAP, 0, 0, 255, 0), (R_TAKE, 1, 0, 3, 0)]
    assert game.apply(7, 1, SNAP) == A.NO_PILE  # the other snap, too late: the centre is gone


def test_t04_a_false_snap_takes_the_centre_under_the_snappers_own_pile():
    game = position("2C 3C", "4D 5D", "7S 8S")
    assert game.apply(1, 0, SNAP) == A.OK
    assert names(game.piles[0]) == "8S 7S 2C 3C" and game.centre.n == 0 and game.phase == PH_PLAY
    assert reports(game) == [(R_PENALTY, 0, 0, 2, 0)]


def test_t05_a_last_card_that_makes_a_pair_waits_for_the_snap():
    game = position("9C", "4D 5D", "9S")
    assert game.apply(1, 0, FLIP) == A.OK
    assert game.phase == PH_PAIR and game.piles[0].n == 0  # not over: a pair shows
    assert game.apply(2, 1, SNAP) == A.OK  # P2 wins the snap: P1 takes the centre back
    assert game.phase == PH_PLAY and names(game.piles[0]) == "9C 9S"
    game = position("9C", "4D 5D", "9S")
    game.apply(1, 0, FLIP)
    assert game.apply(2, 0, SNAP) == A.OK  # P1 snaps it: their pile is empty, no pair shows
    assert game.phase == PH_OVER and game.winner == 0 and names(game.piles[1]) == "9C 9S 4D 5D"


# On CircuitPython's VM: bytes allocated while every action of a game is applied, against a method that does
# nothing called the same way (the loop's own bytes)
ALLOC = r"""
import gc
import sys
sys.path.insert(0, ROOT)
from tests.toy.engine.rules import Snap


class Nothing:
    def apply(self, t, player, verb, a=0, b=0):
        return 0


def play(game):
    apply = game.apply
    i = 0
    while i < len(EVENTS):
        e = EVENTS[i]
        apply(e[0], e[1], e[2], e[3], e[4])
        i += 1


def measure(game):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    play(game)
    after = gc.mem_alloc()
    gc.enable()
    return after - before


play(Snap(SEED))
game = Snap(SEED)
print("RESULT", measure(Nothing()), measure(game), game.phase, game.winner)
"""


def test_apply_allocates_nothing_on_circuitpython(registered, cpvm):
    """Every action of a whole game (flips, snaps, its end) on CircuitPython's VM: apply() allocates no byte."""
    import subprocess

    from conftest import ROOT

    game = Snap(3)
    match = Match(game, [cpu.make("level8"), cpu.make("level2")], seed=3)
    match.log = []
    match.run()
    events = [list(entry[:5]) for entry in match.log]
    assert game.phase == PH_OVER and any(e[2] == SNAP for e in events)
    source = "ROOT = %r\nSEED = 3\nEVENTS = %r\n" % (ROOT, events) + ALLOC
    done = subprocess.run([cpvm["micropython"], "-X", "heapsize=512k", "-c", source], capture_output=True,
                          text=True, timeout=60)
    line = [row for row in done.stdout.splitlines() if row.startswith("RESULT ")]
    assert line, done.stdout + done.stderr
    loop, applied, phase, winner = (int(x) for x in line[0].split()[1:])
    assert (applied, phase, winner) == (loop, PH_OVER, game.winner)


@pytest.mark.parametrize("options, why", (({"deck": 40}, "options.deck: expected 52 or 20, got 40"),
                                         ({"deck": True}, "options.deck: expected 52 or 20, got true")))
def test_a_files_bad_option_is_one_line(options, why):
    from tests.toy.engine import file

    with pytest.raises(ReplayError, match="^%s$" % why):
        file.options(options)


def test_a_files_layout_is_played_from(registered):
    from engine import replay

    doc = {"game": "toy", "layout": {"piles": [["9C"], ["4D", "5D"]], "centre": ["9S"]},
           "events": [[0, 0, "flip", 0], [5, 1, "snap", 0]]}
    game, events = replay.load(doc)
    assert replay.run(game, events) == []
    assert replay.state(game)["piles"] == [2, 2] and game.phase == PH_PLAY
    with pytest.raises(ReplayError, match="^layout.piles\\[0\\]: no cards"):
        replay.load(dict(doc, layout={"piles": [[], ["4D"]]}))
    with pytest.raises(ReplayError, match="^events\\[0\\]: unknown verb"):
        replay.load(dict(doc, events=[[0, 0, "cover", 0, 0]]))


@pytest.mark.parametrize("level", [bot for bot in info.ROSTER])
def test_the_menus_median_time_per_flip_is_the_levels(registered, level):
    """MEDIAN_MS: the median time per flip of the level against itself over 20 seeded games, within 10%."""
    times = []
    for seed in range(1, 21):
        match = Match(Snap(seed), [cpu.make(level), cpu.make(level)], seed=seed)
        match.moves = []
        match.run()
        assert match.game.phase == PH_OVER
        times += [ms for _, ms in match.moves]
    times.sort()
    shown = info.MEDIAN_MS[int(level[5:])]
    assert abs(times[len(times) // 2] - shown) <= 0.1 * shown, (level, times[len(times) // 2], shown)
