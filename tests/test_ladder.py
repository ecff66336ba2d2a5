"""The ladder of CPU levels, in Spit, Speed and California Spit: each level beats the one below it, and the
menu's median times per move run from a beginner's (about 2 s) to a fast adult's (about 0.45 s; 0.64 s in
California Spit, where spotting a match takes a look of its own and the mark is moved to the pile covered).

docs/bots.md has the tables these figures come from (400 games per pair); here a fixed set of deals,
each played from both seats, keeps the order and the medians from slipping.
"""

import pytest

from engine import games
from engine.actions import PH_OVER
from engine.bots import hands as H
from engine.bots.match import Match

DEALS = 30  # per pair, each played from both seats: 60 games
FIRST_SEED = 500  # not the tournament's seeds 1-200, so these games are not the ones the levels were tuned on
GAMES = ("spit", "speed", "california")
PAIRS = [(game, level) for game in GAMES for level in range(1, H.LEVELS)]
FASTEST = {"spit": 500, "speed": 500, "california": 650}  # the top level's median per move at most (ms)


def play_pair(name, level, deals=DEALS):
    """Games of level+1 against level: (wins of level+1, games, each level's times per move)."""
    info = games.get(name)
    make = __import__(info.CPU, None, None, ("make",)).make
    wins = 0
    moves = {level: [], level + 1: []}
    for g in range(2 * deals):
        seed = FIRST_SEED + g // 2
        high_seat = g % 2
        high, low = make("level%d" % (level + 1)), make("level%d" % level)
        match = Match(info.new(seed, {}), (low, high) if high_seat else (high, low), seed=seed)
        match.moves = []
        match.run()
        assert match.game.phase == PH_OVER and match.game.winner in (0, 1), (name, level, seed)
        wins += match.game.winner == high_seat
        for p, ms in match.moves:
            moves[level + 1 if p == high_seat else level].append(ms)
    return wins, 2 * deals, moves


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


@pytest.mark.parametrize("name, level", PAIRS, ids=["%s-level%d" % p for p in PAIRS])
def test_each_level_beats_the_one_below(name, level):
    """Level k+1 wins most of 60 fixed games against level k, and both play at the menu's median pace."""
    wins, played, moves = play_pair(name, level)
    assert wins > played // 2, "%s: level %d won %d of %d against level %d" % (name, level + 1, wins, played, level)
    shown = games.get(name).MEDIAN_MS
    for lv in (level, level + 1):
        assert abs(median(moves[lv]) - shown[lv]) <= 0.1 * shown[lv], (name, lv, median(moves[lv]), shown[lv])


@pytest.mark.parametrize("name", GAMES)
def test_the_ladder_spans_a_beginner_to_a_fast_adult(name):
    """Every level has its timing row, its strategy and its menu median; the medians fall from level 1
    (at least 1.6 s a move) to the top level (at most 0.5 s; 0.65 s in California Spit)."""
    info = games.get(name)
    cpu = __import__(info.CPU, None, None, ("make",))
    medians = info.MEDIAN_MS
    assert len(H.HANDS) == len(medians) == H.LEVELS + 1 and medians[0] == 0
    assert all(medians[k] > medians[k + 1] for k in range(1, H.LEVELS)), medians
    assert medians[1] >= 1600 and medians[H.LEVELS] <= FASTEST[name]
    levels = tuple("level%d" % k for k in range(1, H.LEVELS + 1))
    assert info.ROSTER[:H.LEVELS + 1] == levels + ("adaptive",)
    for k in range(1, H.LEVELS + 1):
        bot = cpu.make("level%d" % k)
        assert bot.level == bot.speed == k and bot.name == "level%d" % k
    assert 1 < cpu.make("adaptive").level < H.LEVELS
    with pytest.raises(ValueError):
        cpu.make("level%d" % (H.LEVELS + 1))
