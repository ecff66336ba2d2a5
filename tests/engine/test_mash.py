"""Mashing does not beat thinking (issue 20): blind button mashers against the CPU, and the lockout they pay.

tools/bench/bench_mash.py plays the whole table (docs/bots.md); here a small fixed
part of it: every game, level 3 (the lowest level the bound covers), the
patterns that did best in the table, at two rhythms, from both seats.
"""

import pytest

import bench_mash
from engine import actions as A
from engine.actions import DOWN, LEFT, RIGHT, UP
from engine.lockout import _REPEAT_MS as REPEAT_MS, LOCK_MS, dropped, locked, refused
from engine.california.buttons import Cluster as CaliforniaCluster
from engine.spit.buttons import Cluster as SpitCluster
from engine.cardnames import parse
from engine.speed.rules import Speed
from engine.speed.buttons import Cluster as SpeedCluster
from engine.california import file as F_CAL  # its own verbs, reasons, reports and phases
from engine.spit import file as F_SPIT  # its own verbs, reasons, reports and phases

def cards(*names):
    return [parse(n) for n in names]


GAMES_EACH = 2  # per masher, game and level: one deal from both seats
PATTERNS = ("LR", "LRD", "LRUD", "LD")
RHYTHMS = (100, 250)


@pytest.mark.slow
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
    assert c.press(LEFT, game) and not c.fit  # the KD fits neither the 5S nor the 9C
    refused(c, A.PLAY, 100)
    assert locked(c, 100) and c.lock_until == 100 + LOCK_MS
    assert c.press(LEFT, game) and dropped(c, 100 + LOCK_MS - 1)  # dropped before it becomes an action
    assert not c.press(DOWN, game) and c.cursor == 0  # the cursor moves in a lockout (to the next card: the 6H)
    assert c.press(RIGHT, game) and c.verb == A.PLAY and not dropped(c, 100 + LOCK_MS)
    end = 100 + LOCK_MS
    refused(c, A.PLAY, end + 500)  # again soon after: twice as long
    assert c.lock_until == end + 500 + 2 * LOCK_MS
    end = c.lock_until
    refused(c, A.PLAY, end + 10)
    assert c.lock_until == end + 10 + 4 * LOCK_MS
    end = c.lock_until
    refused(c, A.PLAY, end + 10)  # four times is the longest
    assert c.lock_until == end + 10 + 4 * LOCK_MS
    end = c.lock_until
    refused(c, A.PLAY, end + REPEAT_MS)  # calm again: the short one
    assert c.lock_until == end + REPEAT_MS + LOCK_MS
    fresh = SpitCluster(1)
    fresh.fit = False
    for verb in (A.READY, F_SPIT.SLAP, F_SPIT.CHOOSE, A.FLIP, A.MOVE):
        refused(fresh, verb, 50)
        assert not locked(fresh, 60)
    spit = SpitCluster(0)
    spit.fit = False
    refused(spit, A.PLAY, 50)
    for verb, drop in ((F_SPIT.SLAP, True), (A.FLIP, True), (A.MOVE, True), (A.READY, False), (F_SPIT.CHOOSE, False)):
        spit.verb = verb  # the action a press made in the lockout: a slap is a race of hands, ready is not
        assert dropped(spit, 60) == drop
    cover = CaliforniaCluster(0)
    cover.fit = False
    refused(cover, F_CAL.COVER, 50)
    assert locked(cover, 50 + LOCK_MS - 1) and not locked(cover, 50 + LOCK_MS)


def test_a_play_that_fitted_when_pressed_and_lost_a_race_locks_nothing():
    """C-4, issue 20: a card that fitted when pressed, refused because the other player's card landed first,
    is a lost race, not a fumble: no lockout (a card that did not fit when pressed is one)."""
    game = Speed(seed=3)
    game.load([cards("6H"), cards("4D")], [cards("2C"), cards("3C")], [[], []], centre=[cards("5S"), cards("9C")])
    c0, c1 = SpeedCluster(0), SpeedCluster(1)
    c0.cursor = c1.cursor = 0
    assert c0.press(LEFT, game) and c0.fit and c1.press(LEFT, game) and c1.fit
    assert game.apply(10, 0, c0.verb, c0.a, c0.b) == A.OK  # the 6H lands on the 5S
    assert game.apply(11, 1, c1.verb, c1.a, c1.b) != A.OK  # the 4D no longer fits
    refused(c1, A.PLAY, 20)
    assert not locked(c1, 21)


def test_the_lockout_is_wrap_safe():
    """C-4's ticks wrap (2**29): a lockout across the wrap ends LOCK_MS later, not never or at once."""
    c = SpitCluster(0)
    c.fit = False
    t = (1 << 29) - 100
    refused(c, A.PLAY, t)
    assert locked(c, (t + 50) & ((1 << 29) - 1)) and locked(c, (t + LOCK_MS - 1) & ((1 << 29) - 1))
    assert not locked(c, (t + LOCK_MS) & ((1 << 29) - 1))
