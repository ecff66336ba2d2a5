"""California Spit's CPU players (engine/california/cpu.py) and the Driver's look hook.

Rules: K-1 (face-down piles are unseen), K-3 (open ranks, doubles), K-4 (a card laid on the opponent's row is
theirs), K-5 (games end with a winner), C-4 (a pile that closes while the CPU reaches for it refuses its card),
D-2 (the CPU is ready after its think time), D-3 (it sees only what its seat may see). docs/bots.md describes
the model: the perception time, the strategy per level, the figures.
"""

import copy
import random

import pytest

from engine import actions as A
from engine import games
from engine.actions import DOWN, PH_OVER, PH_PLAY, PH_READY, RIGHT
from engine.bots import NOTHING, Act, Bot, Driver
from engine.california import cpu as C
from engine.bots.match import Match
from engine.california.rules import California
from engine.california.buttons import Cluster, target
from engine.cardnames import parse
from engine.cards import new_deck
from engine.california import file as F_CAL  # its own verbs, reasons, reports and phases


def cards(names):
    return [parse(n) for n in names.split()]


def position(row0, row1, pile0="2C 3C 4C 5C", pile1="2D 3D 4D 5D"):
    """A game in play: each row four strings of card names (bottom first), each pile bottom first."""
    game = California()
    game.load((cards(pile0), cards(pile1)), ([cards(s) for s in row0], [cards(s) for s in row1]))
    return game


def seen_by(bot, game, me=0, cursor=1, seed=5):
    """A View of game from seat me, and bot given its generator (by a Driver, as in play)."""
    Driver(bot, me, Cluster(me), seed=seed, view=C.View(me))
    view = C.View(me)
    view.refresh(game, cursor)
    return view


def decide(bot, view):
    act = Act()
    bot.decide(view, act)
    return act


def view_fields(view):
    return {k: (bytes(v) if isinstance(v, bytearray) else v) for k, v in vars(view).items()}


def scramble_face_down(game, rng):
    """Shuffle every face-down card among the places of both players' piles (the counts stay)."""
    places = [(pile, i) for pile in game.piles for i in range(pile.n)]
    found = [pile.buf[i] for pile, i in places]
    rng.shuffle(found)
    for (pile, i), card in zip(places, found):
        pile.buf[i] = card
    return len(places)


# ---- what it sees ---------------------------------------------------------------------------


@pytest.mark.parametrize("names", (("level1", "level8"), ("level4", "adaptive")))
def test_d3_k1_face_down_cards_change_nothing_the_cpu_sees_or_decides(names):
    """K-1, D-3: every face-down card of both piles is shuffled under the CPU's eyes at many moments of
    real games: its view, its decision and its look time stay the same."""
    rng = random.Random(names[0])
    checked = 0
    for seed in (1, 2, 3):
        match = Match(California(seed=seed), [C.make(n) for n in names], seed=seed)
        step = 0
        while not match.over():
            match.step()
            step += 1
            if step % 3:
                continue
            other = copy.deepcopy(match.game)
            if scramble_face_down(other, rng) < 2:
                continue
            for d in match.drivers:
                b1, b2 = copy.deepcopy(d.bot), copy.deepcopy(d.bot)  # the same generator and memory
                v1, v2 = copy.deepcopy(d.view), copy.deepcopy(d.view)  # the same history of looks
                v1.refresh(match.game, d.cluster.cursor)
                v2.refresh(other, d.cluster.cursor)
                assert view_fields(v1) == view_fields(v2)
                a1, a2 = decide(b1, v1), decide(b2, v2)
                assert (a1.verb, a1.a, a1.b, a1.look_ms) == (a2.verb, a2.a, a2.b, a2.look_ms)
                checked += 1
    assert checked > 100


def test_d3_view_shows_tops_heights_and_counts_only():
    """D-3, K-3: the view holds each pile's top and height and both piles' counts, never a face-down card;
    it works out the open ranks from the tops (7 open, two tops show it) and says when nothing changed."""
    game = position(["9H 7H", "2S", "JD", "QC"], ["7S", "3D", "KH 5C", "6H"], pile0="AS 8D", pile1="10C")
    view = C.View(1)
    assert view.refresh(game, 2)
    assert list(view.top) == cards("7H 2S JD QC 7S 3D 5C 6H")
    assert list(view.height) == [2, 1, 1, 1, 1, 1, 2, 1]
    assert list(view.pile_count) == [2, 1]
    assert view.open == 1 << 7 == game.open and view.phase == PH_PLAY and view.round == 1
    assert (view.slots, view.piles, view.game_no, view.me, view.cursor) == (4, 2, 1, 1, 2)
    assert [view.takes(r, s) for r in range(2) for s in range(4)] == [True] + [False] * 3 + [True] + [False] * 3
    assert not view.refresh(game, 0)  # the cursor is not the table
    assert len(vars(view)) <= 17  # MicroPython's attribute table stays small


def test_k3_the_view_knows_the_open_ranks_as_the_game_does():
    """K-3: a rank stays open while one top shows it, and the view, working from the tops it sees, agrees
    with the game at every step of real games, played at once (frame 0) and in frames of 33 ms."""
    checked = 0
    for frame in (0, 33):
        for seed in range(1, 9):
            match = Match(California(seed=seed), [C.make("level8"), C.make("level%d" % seed)], seed=seed,
                          frame_ms=frame)
            while not match.over():
                match.step()
                for d in match.drivers:
                    if match.game.phase == PH_PLAY:
                        d.view.refresh(match.game, d.cluster.cursor)
                        assert d.view.open == match.game.open
                        checked += 1
    assert checked > 5000


# ---- the perception time ------------------------------------------------------------------


def test_perception_after_a_deal_grows_with_the_comparisons():
    """K-2, K-3: after a deal the tops are compared pairwise in reading order; the pair found first costs
    one comparison, the pair found last (after every other pair) 28, each at the level's LOOK_MS."""
    early = position(["7H", "2S", "JD", "QC"], ["7S", "3D", "5C", "6H"])
    late = position(["9H", "2S", "JD", "7C"], ["AS", "3D", "5C", "7S"])
    for level in (1, 4, 8):
        acts = [decide(bot, seen_by(bot, game)) for game in (early, late) for bot in (C.make("level%d" % level),)]
        assert [a.verb for a in acts] == [A.PLAY, A.PLAY]
        assert [a.look_ms for a in acts] == [C.LOOK_MS[level], 28 * C.LOOK_MS[level]]


def test_perception_delays_the_first_press_through_the_driver():
    """D-2, K-3: with the same seed and level the Driver's think time is the same, and the first press of
    the late pair comes exactly the extra comparisons' time after that of the early pair."""
    times = []
    for game in (position(["7H", "2S", "JD", "QC"], ["7S", "3D", "5C", "6H"]),
                 position(["9H", "2S", "JD", "7C"], ["AS", "3D", "5C", "7S"])):
        driver = Driver(C.make("level3"), 0, Cluster(0), seed=9, slips=False, view=C.View(0))
        driver.start(game, 0)
        t = 0
        while driver.poll(t, game) < 0:
            t += 1
        times.append(driver.t)
    assert times[1] - times[0] == 27 * C.LOOK_MS[3]


def test_perception_after_a_cover_compares_the_card_just_laid_first():
    """K-3: after a cover the card just laid is compared with the other tops first (in reading order): a new
    match with the next top is seen sooner than one with the last top; the same seed and level."""
    looks = []
    for laid in ("2D", "6D"):  # 2D matches the 2S just after it in reading order, 6D the 6H at the end
        game = position(["7H", "2S", "JD", "QC"], ["7S", "3D", "5C", "6H"], pile1="4C " + laid)
        bot = C.make("level1")
        view = seen_by(bot, game)
        assert game.apply(100, 1, F_CAL.COVER, 0, 0) == A.OK  # the opponent covers 7H
        assert view.refresh(game, 1) and view.last == 0 and view.under == parse("7H")
        act = decide(bot, view)
        looks.append(act.look_ms)
        assert act.verb == A.PLAY and act.look_ms % C.LOOK_MS[1] == 0
    assert looks[0] < looks[1]


def test_k3_a_double_is_covered_again_with_one_press_and_one_glance():
    """K-3: a card laid on one of its own rank keeps the rank open; level 8 sees it at once (one
    comparison) and covers it again with the same button, the cursor resting on it."""
    game = position(["7S", "2S", "JD", "QC"], ["9H", "3D", "7H", "6H"], pile0="4C 7D")
    bot = C.make("level8")
    view = seen_by(bot, game, cursor=2)
    assert game.apply(100, 0, F_CAL.COVER, 1, 2) == A.OK  # its own cover: 7D on 7H, a double
    assert view.refresh(game, 2) and view.last == 6
    act = decide(bot, view)
    assert (act.verb, act.a, act.b, act.look_ms) == (A.PLAY, 2, 1, C.LOOK_MS[8])


def test_k4_higher_levels_prefer_the_opponents_row():
    """K-4: a pair with one pile in each row, both one press away: level 8 covers the opponent's pile
    (the card is theirs to pick up), from either seat and for any seed; level 1 takes either."""
    game = position(["9H", "7H", "JD", "QC"], ["AS", "7S", "5C", "6H"])
    rows = {1: set(), 8: set()}
    for seed in range(1, 21):
        for me in (0, 1):
            for level in (1, 8):
                bot = C.make("level%d" % level)
                act = decide(bot, seen_by(bot, game, me=me, seed=seed))
                assert act.verb == A.PLAY and act.a == 1
                rows[level].add(act.b == 1 - me)
    assert rows == {1: {True, False}, 8: {True}}


# ---- the presses ----------------------------------------------------------------------------


def test_one_press_when_the_smart_button_already_reaches_the_pile():
    """K-3 with the auto-aim option: the cursor is at height 0 and the only open pile of the right column is at height 2: RIGHT
    reaches it from where the cursor is, so the intent keeps the cursor and the Driver presses once."""
    game = position(["9H", "8H", "JD", "QC"], ["AS", "3D", "9S", "6H"])
    game.auto_aim = True  # the auto-aim option
    driver = Driver(C.make("level8"), 0, Cluster(0), seed=3, slips=False, view=C.View(0))
    driver.cluster.cursor = 0
    driver.start(game, 0)
    t = 0
    while driver.poll(t, game) < 0:
        t += 1
    assert (driver.act.a, driver.act.b, driver.nb) == (0, 1, 1)
    assert driver.cluster.press(driver.buttons[0], game) and (driver.cluster.a, driver.cluster.b) == (1, 2)


def test_without_auto_aim_the_cpu_moves_its_mark_to_the_pile_and_pays_the_presses():
    """K-3, issue 20: by default a press covers the pile at the mark, so the CPU moves its mark to the one
    open piles (two presses down; the one in the opponent's row) and then covers it: three presses, each paid."""
    game = position(["JD", "8H", "9H", "QC"], ["AS", "3D", "9S", "6H"])
    driver = Driver(C.make("level8"), 0, Cluster(0), seed=3, slips=False, view=C.View(0))
    driver.cluster.cursor = 0
    driver.start(game, 0)
    t = 0
    buttons = []
    while len(buttons) < 3:
        b = driver.poll(t, game)
        if b >= 0:
            buttons.append((b, driver.t))
            if driver.cluster.press(b, game):
                break
        t += 1
    assert [b for b, _ in buttons] == [DOWN, DOWN, RIGHT] and (driver.cluster.a, driver.cluster.b) == (1, 2)
    assert buttons[2][1] - buttons[0][1] >= 2 * 92  # two press times of level 8 (112 +- 20 ms)


def test_k3_a_bots_cover_as_californias_own_verb_is_one_press_of_its_columns_side():
    """act.do(COVER, row), as any game's own verb (docs/games.md, 5): the View's button, LEFT for the left column
    and RIGHT for the right, covers the pile at the mark; the levels' act.play(height, row) moves the mark first."""
    class Covers(Bot):
        def play(self, view, act):
            act.do(F_CAL.COVER, 1)

    game = position(["JD", "8H", "9H", "QC"], ["AS", "3D", "9S", "6H"])
    assert (C.View(0).button(F_CAL.COVER, 0), C.View(0).button(F_CAL.COVER, 1)) == (A.LEFT, RIGHT)
    driver = Driver(Covers(), 0, Cluster(0), seed=3, slips=False, view=C.View(0))
    driver.cluster.cursor = 2
    driver.start(game, 0)
    t = 0
    while (b := driver.poll(t, game)) < 0:
        t += 1
    assert b == RIGHT and driver.nb == 1
    assert driver.cluster.press(b, game) and (driver.cluster.verb, driver.cluster.a, driver.cluster.b) == (
        F_CAL.COVER, 1, 2)
    assert game.apply(driver.t, 0, driver.cluster.verb, driver.cluster.a, driver.cluster.b) == A.OK


@pytest.mark.parametrize("aim", (False, True))
def test_every_intent_is_reached_with_the_fewest_presses_the_controls_need(monkeypatch, aim):
    """K-3, C-4: in real games (slips off) every cover the CPU plans aims at a pile that takes a cover when
    it chooses; its buttons, pressed on the table as it was, cover exactly that pile; no height nearer
    the cursor would reach it; and the pile the button reaches from the cursor costs one press (with the
    auto-aim option, most covers are one press)."""
    real = Driver._decide
    seen = [None]
    presses = []

    def checked(driver):
        game = seen[0]
        cursor = driver.cluster.cursor
        if not real(driver):
            return False
        if driver.verb != A.PLAY:
            return True
        bot, act = driver.bot, driver.act
        row, slot = act.b, bot.pick & 3
        assert bot.pick >> 2 == row and game.takes(row, slot)
        cluster = copy.deepcopy(driver.cluster)
        for i in range(driver.nb):
            acted = cluster.press(driver.buttons[i], game)
        assert acted and (cluster.verb, cluster.a, cluster.b) == (F_CAL.COVER, row, slot)
        dist = min(min((h - cursor) % 4, (cursor - h) % 4) for h in range(4) if target(game, row, h) == slot)
        assert driver.nb == dist + 1
        if target(game, row, cursor) == slot:
            assert act.a == cursor and driver.nb == 1
        presses.append(driver.nb)
        return True

    monkeypatch.setattr(Driver, "_decide", checked)
    for seed in range(1, 7):
        game = California(seed=seed)
        game.auto_aim = aim
        seen[0] = game
        match = Match(game, [C.make("level%d" % (seed + 2)), C.make("level%d" % seed)], seed=seed, slips=False)
        match.run()
        assert game.phase == PH_OVER
    assert len(presses) > 200
    assert (presses.count(1) > len(presses) // 2) == aim  # auto-aim: most covers are one press


# ---- whole games --------------------------------------------------------------------------


def test_k5_fifty_seeded_games_end_with_a_winner_and_every_card():
    """K-1 to K-5, D-2: 50 seeded games of two CPUs (every level) end (PH_OVER) with a winner whose pile is
    empty (K-5), and the 52 cards of the deck are all there after every step."""
    buf = bytearray(54)
    deck = sorted(buf[:new_deck(buf)])
    for seed in range(1, 51):
        game = California(seed=seed)
        match = Match(game, [C.make("level%d" % (1 + seed % 8)), C.make("level%d" % (1 + seed * 3 % 8))],
                      seed=seed)
        while not match.over():
            match.step()
            held = [c for p in range(2) for pile in (game.piles[p],) + game.rows[p] for c in pile.cards()]
            assert sorted(held) == deck, seed
        assert game.phase == PH_OVER and game.winner in (0, 1), seed
        assert not game.piles[game.winner].n


def test_d2_the_cpu_is_ready_after_its_think_time():
    """D-2: at every deal the CPU presses once to be ready, a think time after the table changed."""
    game = California(seed=4)
    driver = Driver(C.make("level2"), 0, Cluster(0), seed=1, view=C.View(0))
    driver.start(game, 0)
    t = 0
    while driver.poll(t, game) < 0:
        t += 1
    assert driver.verb == A.READY and t >= 80 and driver.act.look_ms == 0
    assert driver.cluster.press(driver.buttons[0], game) and game.apply(t, 0, driver.cluster.verb) == A.OK
    assert game.ready[0] == 1 and game.phase == PH_READY
    driver.look(game, t)
    assert driver.poll(t + 60000, game) < 0 and driver.act.verb == NOTHING  # ready: nothing more to do


def test_roster_make_and_adaptive():
    """The roster names make bots of their level; adaptive starts at level 4 (ui.app moves it between games)."""
    roster = games.get("california").ROSTER
    assert roster[:8] == tuple("level%d" % k for k in range(1, 9)) and roster[8] == "adaptive"
    bot = C.make("adaptive")
    assert bot.adaptive and bot.level == bot.speed == 4 and bot.name == "adaptive"
    bot.set_level(6)
    assert bot.level == 6 and bot.s == C.STRATEGY[6]
    assert len(C.STRATEGY) == len(C.LOOK_MS) == 9
    with pytest.raises(ValueError):
        C.make("first")


# ---- the Driver's look hook ---------------------------------------------------------------


def match_log(game, names, make):
    match = Match(game, [make(n) for n in names], seed=3)
    match.log = []
    match.run()
    return match.log


@pytest.mark.parametrize("name", ("spit", "speed"))
def test_look_ms_zero_presses_as_before_the_hook(name, monkeypatch):
    """C-4: a bot that leaves look_ms at 0 (Spit's and Speed's) presses at exactly the times it did before
    the hook: a seeded game's log equals that of a Driver whose first press is at the decision time."""
    from engine import games

    info = games.get(name)
    make = __import__(info.CPU, None, None, ("make",)).make
    logs = [match_log(info.new(7, {}), ("level6", "level3"), make)]
    real = Driver._decide

    def bypassed(driver):  # the Driver before the hook: t_next = td
        if not real(driver):
            return False
        assert driver.act.look_ms == 0
        driver.t_next = driver.td
        return True

    monkeypatch.setattr(Driver, "_decide", bypassed)
    logs.append(match_log(info.new(7, {}), ("level6", "level3"), make))
    assert len(logs[0]) > 20 and logs[0] == logs[1]


def test_look_ms_delays_the_first_press_and_is_reset_before_each_decision():
    """D-2: a bot's look_ms puts its first press that much after the decision; the Driver sets it back to
    0 before asking the bot again (a bot that says nothing of it pays nothing)."""

    class Once(Bot):
        speed = 4
        calls = 0

        def decide(self, view, act):
            self.calls += 1
            if view.phase == PH_READY and not view.my_ready:
                act.ready()
                if self.calls == 1:
                    act.look_ms = 700

    times = []
    for look in (True, False):
        game = California(seed=2)
        bot = Once()
        if not look:
            bot.calls = 1
        driver = Driver(bot, 0, Cluster(0), seed=1, view=C.View(0))
        driver.start(game, 0)
        t = 0
        while driver.poll(t, game) < 0:
            t += 1
        times.append(driver.t)
        assert driver.act.look_ms == (700 if look else 0)
        calls = bot.calls
        driver.nb = driver.ib = 0
        driver.td = t
        driver.poll(t, game)  # it decides again: the Driver reset look_ms first
        assert driver.act.look_ms == 0 and bot.calls == calls + 1
    assert times[0] - times[1] == 700


# ---- on MicroPython -------------------------------------------------------------------------

GUEST = r'''
from engine.actions import PH_OVER
from engine.timing import Sequencer
from engine.bots import Driver
from engine.california.rules import California
from engine.california.buttons import Cluster
from engine.california import cpu
S = [0, 0, 0]  # bytes allocated, frames, games ended


def play(seed):
    game = California(seed=seed)
    drivers = (Driver(cpu.make("level8"), 0, Cluster(0), seed=seed * 2 + 1, view=cpu.View(0)),
               Driver(cpu.make("level3"), 1, Cluster(1), seed=seed * 2 + 2, view=cpu.View(1)))
    seq = Sequencer(8, 2)
    for d in drivers:
        d.start(game, 0)
    t = 0
    while game.phase != PH_OVER and t < 3600000:
        t += 33
        before = mem_alloc()
        for d in drivers:
            while True:
                b = d.poll(t, game)
                if b < 0:
                    break
                if d.cluster.press(b, game):
                    seq.add(d.t, d.player, d.cluster.verb, d.cluster.a, d.cluster.b)
        S[0] += mem_alloc() - before
        S[1] += 1
        if seq.n:
            seq.flush(game)
    S[2] += game.phase == PH_OVER


for seed in (1, 2):
    collect()
    play(seed)
print(json.dumps({"alloc": S[0], "frames": S[1], "over": S[2]}))
'''


@pytest.mark.vm
def test_cpu_frames_allocate_nothing_on_micropython():
    """The CPU players' part of every frame of two games on the MicroPython VM (polls, refreshes,
    decisions, presses, Sequencer.add) allocates 0 bytes."""
    mpyvm = pytest.importorskip("mpyvm")
    out, _ = mpyvm.guest(GUEST)
    assert out["over"] == 2 and out["frames"] >= 1000
    assert out["alloc"] == 0
