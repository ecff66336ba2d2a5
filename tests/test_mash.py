"""Mashing does not beat thinking (issue 20): blind button mashers against the CPU, and the lockout they pay.

tools/bench_mash.py plays the whole table (docs/bots.md); here a small fixed
part of it: every game, level 3 (the lowest level the bound covers), the
patterns that did best in the table, at two rhythms, from both seats.
"""

import bench_mash
from engine import actions as A
from engine.actions import DOWN, LEFT, LOCK_MS, PH_PLAY, REPEAT_MS, RIGHT, UP
from engine.california_controls import Cluster as CaliforniaCluster
from engine.controls import Cluster as SpitCluster
from engine.cardnames import parse
from engine.speed import Speed
from engine.speed_controls import Cluster as SpeedCluster

def cards(*names):
    return [parse(n) for n in names]


GAMES_EACH = 2  # per masher, game and level: one deal from both seats
PATTERNS = ("LR", "LRD", "LRUD", "LD")
RHYTHMS = (100, 250)


def test_no_blind_masher_wins_against_level_3_in_any_game():
    """Issue 20: LR, LRD, LRUD and LD mashers pressing every 100 or 250 ms win no game of 2 (seed 1) against
    level 3 in Spit, Speed (first out and call Speed) and California Spit: at most the bound, 10%."""
    labels = [g[0] for g in bench_mash.GAMES]
    results = bench_mash.run(labels, [3], PATTERNS, RHYTHMS, GAMES_EACH, 1)
    assert len(results) == len(labels) * len(PATTERNS) * len(RHYTHMS)
    assert bench_mash.broken(results, GAMES_EACH) == []
    assert sum(results.values()) == 0, {k: w for k, w in results.items() if w}


def test_the_masher_presses_its_pattern_at_its_rhythm_without_looking():
    """The benchmark's masher: one press of its pattern every rhythm ms from its first, whatever the table."""
    game = Speed(seed=3)
    m = bench_mash.Masher(1, SpeedCluster(1), "ULDR", 150, first_ms=20)
    m.start(game, 1000)
    pressed = []
    for now in range(1000, 1700):
        b = m.poll(now, game)
        if b >= 0:
            pressed.append((m.t, b))
    assert pressed == [(1020, UP), (1170, LEFT), (1320, DOWN), (1470, RIGHT), (1620, UP)]


def test_a_refused_play_locks_that_players_plays_and_a_repeated_one_longer():
    """Issue 20: after a play refused because it was wrong when pressed, that player's plays are dropped for
    LOCK_MS, the cursor still moves; a refusal within REPEAT_MS of the end of the lockout locks twice as
    long (up to four times), a later one LOCK_MS again; a refused ready, slap, flip or fill locks nothing."""
    game = Speed(seed=3)
    game.load([cards("6H", "KD"), cards("QD")], [[], []], [[], []], centre=[cards("5S"), cards("9C")])
    c = SpeedCluster(0)
    c.cursor = 1
    assert c.press(LEFT, game, 0) and not c.fit  # the KD fits neither the 5S nor the 9C
    c.refused(A.PLAY, 100)
    assert c.locked(100) and c.lock_until == 100 + LOCK_MS
    assert not c.press(LEFT, game, 100 + LOCK_MS - 1)  # dropped
    cursor = c.cursor
    assert not c.press(DOWN, game, 200) and c.cursor == (cursor + 1) % 5  # the cursor moves in a lockout
    assert c.press(RIGHT, game, 100 + LOCK_MS) and c.verb == A.PLAY
    end = 100 + LOCK_MS
    c.refused(A.PLAY, end + 500)  # again soon after: twice as long
    assert c.lock_until == end + 500 + 2 * LOCK_MS
    end = c.lock_until
    c.refused(A.PLAY, end + 10)
    assert c.lock_until == end + 10 + 4 * LOCK_MS
    end = c.lock_until
    c.refused(A.PLAY, end + 10)  # four times is the longest
    assert c.lock_until == end + 10 + 4 * LOCK_MS
    end = c.lock_until
    c.refused(A.PLAY, end + REPEAT_MS)  # calm again: the short one
    assert c.lock_until == end + REPEAT_MS + LOCK_MS
    fresh = SpitCluster(1)
    fresh.fit = False
    for verb in (A.READY, A.SLAP, A.CHOOSE, A.FLIP, A.MOVE):
        fresh.refused(verb, 50)
        assert not fresh.locked(60)
    cover = CaliforniaCluster(0)
    cover.fit = False
    cover.refused(A.COVER, 50)
    assert cover.locked(50 + LOCK_MS - 1) and not cover.locked(50 + LOCK_MS)


def test_a_play_that_fitted_when_pressed_and_lost_a_race_locks_nothing():
    """C-4, issue 20: a card that fitted when pressed, refused because the other player's card landed first,
    is a lost race, not a fumble: no lockout (a card that did not fit when pressed is one)."""
    game = Speed(seed=3)
    game.load([cards("6H"), cards("4D")], [cards("2C"), cards("3C")], [[], []], centre=[cards("5S"), cards("9C")])
    c0, c1 = SpeedCluster(0), SpeedCluster(1)
    c0.cursor = c1.cursor = 0
    assert c0.press(LEFT, game, 10) and c0.fit and c1.press(LEFT, game, 11) and c1.fit
    assert game.apply(10, 0, c0.verb, c0.a, c0.b) == A.OK  # the 6H lands on the 5S
    assert game.apply(11, 1, c1.verb, c1.a, c1.b) != A.OK  # the 4D no longer fits
    c1.refused(A.PLAY, 20)
    assert not c1.locked(21)


def test_the_lockout_is_wrap_safe():
    """C-4's ticks wrap (2**29): a lockout across the wrap ends LOCK_MS later, not never or at once."""
    c = SpitCluster(0)
    c.fit = False
    t = (1 << 29) - 100
    c.refused(A.PLAY, t)
    assert c.locked((t + 50) & ((1 << 29) - 1)) and c.locked((t + LOCK_MS - 1) & ((1 << 29) - 1))
    assert not c.locked((t + LOCK_MS) & ((1 << 29) - 1))
