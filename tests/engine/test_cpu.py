"""The CPU player: it sees only what a person sees, pays a person's button cost and timing,
makes only moves that were legal when it chose them, has a strategy, and its levels are ordered.

Rules: S-2/S-3 (face-down and spit cards are unseen), S-5 to S-7, S-11, C-4 (a pile that
changes while the CPU reaches for it refuses its card), D-2 (the CPU says Spit after its
reaction time). docs/bots.md describes the model.
"""

import copy
import random

import pytest

from engine import actions as A
from engine import games
from engine.replay import names
from engine.bots import FILL, NOTHING, Act, Bot, Driver
from engine.spit.cpu import make
from engine.bots import hands as H
from engine.spit.level import Level
from engine.spit.buttons import Cluster
from engine.bots.match import Match
from engine.spit.view import View
from engine.cardnames import parse
from engine.spit.buttons import LEFT, RIGHT, UP
from engine.spit.rules import PH_OVER, PH_PLAY, PH_READY, Spit
from engine.timing import Sequencer
from engine.spit import file as F_SPIT  # its own verbs, reasons, reports and phases
from engine.spit.file import PH_SLAP

N = names("spit")  # the game's names: the shared ones and its own (engine.names)

BOTS = ("level1", "level2", "level3", "level4", "level5", "adaptive", "first", "nearest")


def cards(names):
    return [parse(n) for n in names.split()]


def position(stocks0, stocks1, centre, spit=("", "")):
    """A game in play: stocks as 5 strings of card names (bottom first; "" is an empty slot)."""
    game = Spit()
    game.load([([cards(s) for s in stocks0], cards(spit[0])), ([cards(s) for s in stocks1], cards(spit[1]))],
              [cards(c) for c in centre])
    return game


def decision(bot, game, player, cursor=2):
    """What bot decides, looking at game from player's seat: (verb, a, b)."""
    view = View(player)
    view.refresh(game, cursor)
    act = Act()
    if bot.rng is None:
        Driver(bot, player, Cluster(player), view=View(player))  # gives the bot its generator
    bot.decide(view, act)
    return act.verb, act.a, act.b


# ---- it sees what a person sees ---------------------------------------------------------


def scramble_hidden(game, rng):
    """Shuffle every card nobody can see among their places: face-down stock cards and spit cards."""
    places = []
    for p in range(2):
        for s in range(5):
            pile = game.stocks[p][s]
            hidden = pile.n - 1 if game.up[p][s] else pile.n  # a face-up top card stays
            places += [(pile, i) for i in range(hidden)]
        places += [(game.spit[p], i) for i in range(game.spit[p].n)]
    found = [pile.buf[i] for pile, i in places]
    rng.shuffle(found)
    for (pile, i), card in zip(places, found):
        pile.buf[i] = card
    return len(places)


def view_fields(view):
    return {k: (bytes(v) if isinstance(v, bytearray) else v) for k, v in vars(view).items()
            if not k.startswith("_")}


@pytest.mark.parametrize("name", BOTS)
def test_s3_hidden_cards_change_nothing_the_cpu_sees_or_decides(name):
    """S-2, S-3: face-down stock cards and spit cards are shuffled under the CPU's eyes at many moments
    of real games: its view and its decision stay the same."""
    rng = random.Random(name)
    checked = 0
    for seed in (1, 2):
        match = Match(Spit(seed=seed), (make(name), make("level3")), seed=seed)
        step = 0
        while not match.over():
            match.step()
            step += 1
            if step % 7:
                continue
            game = match.game
            other = copy.deepcopy(game)
            if not scramble_hidden(other, rng):
                continue
            for p in range(2):
                bot = match.drivers[p].bot
                twin = copy.deepcopy(bot)  # the same generator state
                v1, v2 = View(p), View(p)
                v1.refresh(game, 2)
                v2.refresh(other, 2)
                assert view_fields(v1) == view_fields(v2)
                a1, a2 = Act(), Act()
                bot.decide(v1, a1)
                twin.decide(v2, a2)
                assert (a1.verb, a1.a, a1.b) == (a2.verb, a2.a, a2.b)
                checked += 1
    assert checked > 50


def test_view_never_holds_a_face_down_card():
    """A face-down top card shows as 0 with its count; the face-up one shows as itself."""
    game = position(["3C", "9D 4H", "", "JD 6S", "QS"], ["3D", "", "", "", "9C"], ["5C", "KD"], ("AS", "2S"))
    game.up[0][3] = 0  # 6S face down
    game.recount()
    view = View(0)
    assert view.refresh(game, 2)
    assert list(view.my_top) == [parse("3C"), parse("4H"), 0, 0, parse("QS")]
    assert list(view.my_count) == [1, 2, 0, 2, 1]
    assert list(view.my_up) == [1, 1, 0, 0, 1]
    assert list(view.their_top) == [parse("3D"), 0, 0, 0, parse("9C")]
    assert (view.my_spit, view.their_spit) == (1, 1)
    assert list(view.pile_top) == [parse("5C"), parse("KD")] and list(view.pile_size) == [1, 1]
    assert not view.refresh(game, 0)  # nothing changed (the cursor is not the table)


# ---- its moves are legal when it chooses them -----------------------------------------------


class Checked:
    """Wraps Driver._decide: every planned action must be in game.legal() at the moment it is chosen."""

    def __init__(self, monkeypatch):
        self.game = None
        self.plans = {}  # player -> (engine verb, a, b, target pile top, phase, slipped)
        self.buf = bytearray(3 * 64)
        self.checked = 0
        real = Driver._decide
        me = self

        def decide(driver):
            wrong = driver.wrong
            if not real(driver):
                return False
            me.check(driver, driver.wrong != wrong)
            return True

        monkeypatch.setattr(Driver, "_decide", decide)

    def check(self, driver, slipped):
        game = self.game
        act = driver.act
        verb, a, b = driver.verb, act.a, act.b
        if verb == FILL:
            verb, a, b = A.MOVE, driver.view.fill_source(act.a), act.a
        n = game.legal(driver.player, self.buf)
        legal = {tuple(self.buf[3 * k:3 * k + 3]) for k in range(n)}
        if not slipped:
            assert (verb, a, b) in legal, "P%d chose %s %d %d, not legal now" % (driver.player, N.VERBS[verb], a, b)
        top = game.centre[b].top() if verb == A.PLAY else 0
        self.plans[driver.player] = (verb, a, b, top, game.phase, slipped)
        self.checked += 1


def test_cpu_moves_are_legal_when_chosen_and_refused_only_when_the_table_changed(monkeypatch):
    """The CPU, slips off, only ever chooses a legal action; the engine refuses one only when the
    pile it aimed at got a new card, or the round ended, while it reached for it (C-4)."""
    checked = Checked(monkeypatch)
    refused = 0
    for seed, pair, options in ((1, ("level5", "level4"), {}), (2, ("level1", "level2"), {}),
                                (3, ("first", "nearest"), {}), (4, ("level3", "adaptive"), {}),
                                (5, ("level5", "first"), {"stocks": 4, "alternate_colours": True,
                                                          "choose_pile": True})):  # S-17, S-18, S-19
        game = Spit(seed=seed, **options)
        checked.game = game
        match = Match(game, (make(pair[0]), make(pair[1])), seed=seed, slips=False)
        real_apply = game.apply

        def apply(t, p, verb, a=0, b=0):
            before = game.centre[b].top() if verb == A.PLAY else 0
            phase = game.phase
            result = real_apply(t, p, verb, a, b)
            if result != A.OK:
                plan = checked.plans[p]
                assert plan[:3] == (verb, a, b)
                changed = phase != plan[4] or (verb == A.PLAY and before != plan[3])
                assert changed, "refused %s (%s) though nothing changed" % (N.VERBS[verb], N.REASONS[result])
                assert result in (A.NOT_ADJACENT, A.WRONG_PHASE, A.NO_PILE)
            return result

        game.apply = apply
        match.run()
        assert game.phase == PH_OVER
        refused += match.refused
    assert checked.checked > 500
    assert refused > 0  # races happen, and are lost


def test_with_slips_every_refusal_is_a_slip_or_a_changed_pile(monkeypatch):
    """Slips on (level 1 makes many): a refused card was pushed toward the wrong pile, or its pile changed."""
    checked = Checked(monkeypatch)
    game = Spit(seed=5)
    checked.game = game
    match = Match(game, (make("level1"), make("level1")), seed=5)
    real_apply = game.apply
    kinds = {"slip": 0, "changed": 0}

    def apply(t, p, verb, a=0, b=0):
        before = game.centre[b].top() if verb == A.PLAY else 0
        phase = game.phase
        result = real_apply(t, p, verb, a, b)
        if result != A.OK:
            plan = checked.plans[p]
            if plan[5]:
                kinds["slip"] += 1
            else:
                assert phase != plan[4] or before != plan[3]
                kinds["changed"] += 1
        return result

    game.apply = apply
    match.run()
    assert kinds["slip"] > 0
    assert sum(d.missed for d in match.drivers) > 0


def test_c4_a_pile_that_changes_while_the_cpu_reaches_refuses_its_card():
    """The CPU aims its 6H, two stocks away, at the 5C; the opponent lands a 4S there first: refused."""
    game = position(["AS", "QS", "4S", "JS", "8C"], ["6H", "9C", "2D", "JC", "8D"], ["5C", "KD"], ("2H", "3H"))
    driver = Driver(make("level5"), 1, Cluster(1), seed=1, slips=False, view=View(1))
    driver.start(game, 0)
    seq = Sequencer(8)
    presses = []
    t = 0
    while not presses or presses[-1][1] not in (LEFT, RIGHT):
        t += 1
        b = driver.poll(t, game)
        if b >= 0:
            presses.append((driver.t, b))
    assert [b for _, b in presses] == [UP, UP, LEFT]  # cursor 2 -> 1 -> 0, then push left
    first, push = presses[0][0], presses[-1][0]
    assert push - first >= 2 * (H.HANDS[5][H.PRESS] - H.HANDS[5][H.JITTER])  # every press takes its time
    cluster = driver.cluster
    for when, b in presses:
        if cluster.press(b, game):
            seq.add(when, 1, cluster.verb, cluster.a, cluster.b)
    seq.add(push - 1, 0, A.PLAY, 2, 0)  # the opponent's 4S, a millisecond earlier
    seq.flush(game)
    results = {seq.player[i]: seq.result[i] for i in range(2)}
    assert results == {0: A.OK, 1: A.NOT_ADJACENT}
    assert game.stocks[1][0].top() == parse("6H")  # the card stays where it was
    while True:  # it looks again, and goes for the other pile... nothing fits there: it waits
        t += 1
        if driver.poll(t, game) >= 0 or t > push + 3000:
            break
    assert t > push + 3000


# ---- its timing is a person's --------------------------------------------------------


@pytest.mark.parametrize("level", (1, 3, 5))
def test_d2_the_cpu_says_spit_after_its_reaction_time(level):
    """D-2: at the deal the CPU says Spit one think time after the table appears, never at once."""
    times = []
    for seed in range(1, 201):
        game = Spit(seed=seed)
        driver = Driver(make("level%d" % level), 1, Cluster(1), seed=seed, view=View(1))
        driver.start(game, 1000)
        t = 1000
        while True:
            t += 5
            b = driver.poll(t, game)
            if b >= 0:
                break
        assert driver.cluster.press(b, game) and driver.cluster.verb == A.READY
        times.append(driver.t - 1000)
    h = H.HANDS[level]
    times.sort()
    assert times[0] >= 80 and times[0] >= h[H.MU] - 3 * h[H.SIGMA]
    median = times[len(times) // 2]
    expected = h[H.MU] + h[H.TAU] * 693 // 1000  # ex-Gaussian: about mu + tau ln 2
    assert abs(median - expected) < 0.12 * expected


def test_think_and_press_times_follow_the_level_table():
    """Think times are an ex-Gaussian above MU - 3 SIGMA; press gaps stay within PRESS +- JITTER."""
    from engine.rng import Rng

    rng = Rng(9)
    for level in range(1, 6):
        h = H.HANDS[level]
        think = [H.think_ms(h, rng) for _ in range(2000)]
        press = [H.press_ms(h, rng) for _ in range(2000)]
        assert min(think) >= h[H.MU] - 3 * h[H.SIGMA]
        assert abs(sum(think) / len(think) - (h[H.MU] + h[H.TAU])) < 0.05 * (h[H.MU] + h[H.TAU])
        assert h[H.PRESS] - h[H.JITTER] <= min(press) and max(press) <= h[H.PRESS] + h[H.JITTER]
    assert H.HANDS[1][H.MU] > H.HANDS[5][H.MU] and H.HANDS[1][H.PRESS] > H.HANDS[5][H.PRESS]


def test_slips_happen_at_the_level_rates():
    """A level's slips per thousand plays: missed plays and cards pushed toward the wrong pile."""
    for level in (1, 5):
        decided = missed = wrong = 0
        for seed in range(1, 7):
            match = Match(Spit(seed=seed), (make("level%d" % level), make("level%d" % level)), seed=seed)
            plays = [0, 0]
            for d in match.drivers:
                real = d.bot.decide

                def counting(view, act, real=real, p=d.player):
                    real(view, act)
                    plays[p] += act.verb == A.PLAY

                d.bot.decide = counting
            match.run()
            decided += sum(plays)
            missed += sum(d.missed for d in match.drivers)
            wrong += sum(d.wrong for d in match.drivers)
        h = H.HANDS[level]
        assert abs(1000 * missed / decided - h[H.MISS]) < 0.4 * h[H.MISS] + 4
        assert abs(1000 * wrong / decided - h[H.WRONG]) < 0.4 * h[H.WRONG] + 4


def test_menu_median_times_match_a_measurement():
    """Spit's MEDIAN_MS (engine/spit/game.py, shown on the menu) is within 10% of the median time per move."""
    shown = games.get("spit").MEDIAN_MS
    for level in range(1, 6):
        moves = []
        for seed in range(1, 9):
            match = Match(Spit(seed=seed), (make("level%d" % level), make("level3")), seed=seed)
            match.moves = []
            match.run()
            moves += [ms for p, ms in match.moves if p == 0]
        moves.sort()
        median = moves[len(moves) // 2]
        assert abs(median - shown[level]) <= 0.1 * shown[level], (level, median)


# ---- its strategy ---------------------------------------------------------------------------


def test_level5_plays_the_card_that_opens_a_chain_for_itself():
    """5C and 3S both go on the 4D, one press away each; after the 5C its 6S goes too: the 5C first."""
    game = position(["KH", "5C", "QH", "3S", "6S"], ["JD", "JH", "JS", "JC", "TC"], ["4D", "9H"])
    assert decision(Level(5), game, 0) == (A.PLAY, 1, 0)


def test_level5_does_not_open_a_pile_for_the_opponent():
    """5C goes on the 4D, TS on the 9H; the opponent shows a 6D, which the 5C would let in: the TS."""
    game = position(["KH", "5C", "QH", "TS", "KS"], ["6D", "QD", "QS", "QC", "KC"], ["4D", "9H"])
    assert decision(Level(5), game, 0) == (A.PLAY, 3, 1)


def test_s6_s7_level5_turns_cards_up_and_fills_empty_slots():
    """With no card to play, it turns up a face-down card (S-6); with none, it fills an empty slot (S-7)."""
    game = position(["KH 2C", "", "QH", "9S 8S", "KS"], ["6D", "QD", "QS", "QC", "KC"], ["4D", "4H"])
    game.up[0][0] = 0
    game.recount()
    assert decision(Level(5), game, 0, cursor=0) == (A.FLIP, 0, 0)
    game.up[0][0] = 1
    game.recount()
    assert decision(Level(5), game, 0, cursor=0) == (FILL, 1, 0)  # the 2C moves in, uncovering the KH


@pytest.mark.parametrize("sizes", ((3, 10), (12, 2)))
def test_s11_the_cpu_slaps_the_smaller_pile(sizes):
    """S-11: at the slap the CPU (level 4 and up) goes for the pile with fewer cards."""
    game = Spit(seed=1)
    game.phase = PH_SLAP
    for pile, n in enumerate(sizes):
        game.centre[pile].n = n
        for i in range(n):
            game.centre[pile].buf[i] = 1 + i
    smaller = 0 if sizes[0] < sizes[1] else 1
    for level in (4, 5):
        assert decision(Level(level), game, 1) == (F_SPIT.SLAP, smaller, 0)
    assert decision(make("first"), game, 0) == (F_SPIT.SLAP, smaller, 0)


def test_adaptive_moves_a_level_after_a_round():
    """Ahead by 4 cards or more after a round: a level down; behind: a level up; always 1 to 8."""
    bot = Level(3, adaptive=True)
    bot.adapt(10, 20)  # the CPU holds fewer cards: it is winning
    assert bot.level == 2 and bot.speed == 2
    bot.adapt(30, 22)
    bot.adapt(30, 22)
    assert bot.level == 4
    bot.adapt(26, 26)
    assert bot.level == 4
    for _ in range(5):
        bot.adapt(40, 10)
    assert bot.level == 8 and bot.name == "adaptive"
    for _ in range(9):
        bot.adapt(10, 40)
    assert bot.level == 1


# ---- the levels are ordered ---------------------------------------------------------------


def test_seeded_games_between_levels_end_and_the_higher_level_wins_more():
    """Over a fixed set of deals, each played from both seats, every game ends with a winner, and each
    level beats the one below it more often than not (docs/bots.md has the 1000-game table)."""
    for level in range(1, 5):
        low, high = make("level%d" % level), make("level%d" % (level + 1))
        wins = 0
        for g in range(30):
            swap = g % 2
            bots = (high, low) if swap else (low, high)
            match = Match(Spit(seed=100 + g // 2), bots, seed=100 + g // 2)
            match.run()
            assert match.game.phase == PH_OVER and match.game.winner in (0, 1)
            wins += match.game.winner == (1 - swap)
        assert wins >= 18, "level %d won %d of 30 against level %d" % (level + 1, wins, level)


def test_a_bot_that_never_plays_is_stopped_by_the_time_limit():
    """A game that cannot end (a bot that does nothing) stops at limit_ms, with no winner."""
    match = Match(Spit(seed=1), (Bot(), Bot()), seed=1, limit_ms=60000)
    match.run()
    assert match.game.phase == PH_PLAY and match.now >= 60000 and match.game.winner == 255


def test_framed_play_is_like_the_device_and_ends_too():
    """Polled once every 33 ms, as in the frame loop, a game is played to its end the same way."""
    match = Match(Spit(seed=3), (make("level2"), make("level4")), seed=3, frame_ms=33)
    match.log = []
    match.run()
    assert match.game.phase == PH_OVER and match.game.winner in (0, 1)
    times = [t for t, p, verb, a, b, r in match.log]
    assert times == sorted(times)
    assert sum(t % 33 != 0 for t in times) > len(times) // 2  # each press keeps its own time, as keypad's do


def test_nothing_to_do_means_no_presses():
    """In READY after saying Spit, and with no move at all, the driver presses nothing."""
    game = position(["KH", "KS", "KD", "KC", "QS"], ["QD", "QH", "QC", "JS", "JH"], ["4D", "4H"], ("2C", "3C"))
    game.phase = PH_READY
    driver = Driver(make("level5"), 0, Cluster(0), seed=1, view=View(0))
    driver.start(game, 0)
    pressed = []
    for t in range(0, 9000, 10):
        b = driver.poll(t, game)
        if b >= 0:
            pressed.append(b)
            assert driver.cluster.press(b, game) and game.apply(driver.t, 0, driver.cluster.verb) == A.OK
    assert pressed == [LEFT] and game.phase == PH_READY and game.ready[0] == 1
    assert driver.act.verb == NOTHING  # it looked again, and had nothing to do


# ---- on MicroPython -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mpy_figures():
    import bench_cpu_mpy

    return bench_cpu_mpy.measure(1, fuel=False)


@pytest.mark.vm
@pytest.mark.slow
def test_cpu_frames_allocate_nothing_on_micropython(mpy_figures):
    """A whole game of level 5 against level 3 on the MicroPython VM: the CPU players' part of every
    frame (polls, presses, Sequencer.add) allocates 0 bytes."""
    assert mpy_figures["measured_frames"] >= 1000
    assert mpy_figures["frame_alloc"] == 0 and mpy_figures["frame_alloc_max"] == 0


@pytest.mark.vm
@pytest.mark.slow
def test_cpu_heap_and_results_on_micropython(mpy_figures):
    """The bot modules and two drivers fit their budgets; the game ends as on CPython (C-5)."""
    assert mpy_figures["broken"] == []
    assert mpy_figures["same_as_cpython"]
    assert 0 < mpy_figures["deep"] <= 1024
