"""The ladder of CPU levels, in every registered game (the toy's too): each level beats the one below it, and the
menu's median times per move run from a beginner's (about 2 s) to a fast adult's (about 0.45 s; 0.64 s in
California Spit, where spotting a match takes a look of its own and the mark is moved to the pile covered).
Each game's kit (tests/kits/) holds its ladder's levels and figures.

docs/bots.md has the tables these figures come from (400 games per pair); here a fixed set of deals,
each played from both seats, keeps the order and the medians from slipping.
"""

import pytest

import bench_median

from conftest import kit, registered_games
from engine import games
from engine.bots import hands as H

DEALS = bench_median.DEALS  # per pair, each played from both seats: 60 games
FIRST_SEED = bench_median.FIRST_SEED  # not the tournament's seeds 1-200 the levels were tuned on
GAMES = registered_games()
PAIRS = [(game, low, high) for game in GAMES for low, high in zip(kit(game).LADDER, kit(game).LADDER[1:])]


def play_pair(name, level, deals=DEALS, higher=None):
    """Games of the level higher (level+1 unless said) against level: (wins of higher, games, each level's times
    per move), played by tools/bench/bench_median.py, the command that measures a game's MEDIAN_MS."""
    higher = level + 1 if higher is None else higher
    wins, played, moves = bench_median.play_pair(name, level, higher, deals, FIRST_SEED)
    return wins, played, moves


median = bench_median.median  # the tool's, so the test holds a figure to what the tool prints


@pytest.mark.parametrize("name, level, higher", PAIRS, ids=["%s-level%d" % p[:2] for p in PAIRS])
def test_each_level_beats_the_one_below(registered, name, level, higher):
    """Level k+1 (the roster's next level) wins most of 60 fixed games against level k, and both play at the
    menu's median pace."""
    wins, played, moves = play_pair(name, level, higher=higher)
    assert wins > played // 2, "%s: level %d won %d of %d against level %d" % (name, higher, wins, played, level)
    shown = games.get(name).MEDIAN_MS
    for lv in (level, higher):
        assert abs(median(moves[lv]) - shown[lv]) <= 0.1 * shown[lv], (name, lv, median(moves[lv]), shown[lv])


@pytest.mark.parametrize("name", GAMES)
def test_the_ladder_spans_a_beginner_to_a_fast_adult(registered, name):
    """Every level has its timing row, its strategy and its menu median; the medians fall from level 1
    (at least 1.6 s a move) to the top level (at most 0.5 s; 0.65 s in California Spit; the kit's figures)."""
    info = games.get(name)
    ladder = kit(name).LADDER
    cpu = __import__(info.CPU, None, None, ("make",))
    medians = info.MEDIAN_MS
    assert len(H.HANDS) == len(medians) == H.LEVELS + 1 and medians[0] == 0
    assert ladder[-1] == H.LEVELS and all(medians[k] == 0 for k in range(H.LEVELS + 1) if k not in ladder)
    assert all(medians[a] > medians[b] for a, b in zip(ladder, ladder[1:])), medians
    assert medians[ladder[0]] >= kit(name).SLOWEST_MS and medians[H.LEVELS] <= kit(name).FASTEST_MS
    levels = tuple("level%d" % k for k in ladder)
    assert info.ROSTER[:len(ladder) + kit(name).ADAPTIVE] == levels + ("adaptive",) * kit(name).ADAPTIVE
    for k in range(1, H.LEVELS + 1):
        bot = cpu.make("level%d" % k)
        assert bot.level == bot.speed == k and bot.name == "level%d" % k
    if kit(name).ADAPTIVE:
        assert 1 < cpu.make("adaptive").level < H.LEVELS
    with pytest.raises(ValueError):
        cpu.make("level%d" % (H.LEVELS + 1))


RELAXED = [g for g in games.NAMES if "relaxed" in games.get(g).ROSTER]  # (collected before the toy is registered)


@pytest.mark.parametrize("name", RELAXED)
def test_the_relaxed_cpu_is_slower_than_level_1_and_loses_to_it(registered, name):
    """issue 34: the relaxed CPU (engine.bots.relax) plays level 1's strategy with slower eyes and hands
    (hands' row 0), so that a young or new player can win: level 1 wins most of 20 fixed games against it, and
    its median move takes at least a quarter longer than level 1's."""
    wins, played, moves = play_pair(name, "relaxed", 10, higher=1)
    assert wins > played // 2, "%s: level 1 won %d of %d against the relaxed CPU" % (name, wins, played)
    assert median(moves["relaxed"]) >= 1.25 * median(moves[1]), (median(moves["relaxed"]), median(moves[1]))
    bot = __import__(games.get(name).CPU, None, None, ("make",)).make("relaxed")
    assert (bot.name, bot.level, bot.speed) == ("relaxed", 0, 0)  # its statistics' row is its own (level 0)
