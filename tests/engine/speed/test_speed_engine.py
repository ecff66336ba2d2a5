"""Speed's engine and replay layer: RULES.md P-1 to P-11, D-2 and C-4/C-5 for Speed.

Most rules are small replay files, tests/rules/p*.json, d02_*.json and
c04_speed_*.json (``"game": "speed"``), run here through engine.speed.file and
engine.replay.run; the rest are tests named after their rule. The property
tests play many random games of every option mix; ``SPIT_LONG=1`` plays
10,000 of them and prints the figures.
"""

import glob
import itertools
import json
import os
import re
import time

import pytest

from engine import actions as A
from engine.replay import names
from engine.speed import file as F
from engine.cardnames import adjacent, parse
from engine.cards import new_deck
from engine.replay import ReplayError, _dict, run
from engine.rng import Rng
from engine.actions import PH_OVER, PH_PLAY, PH_READY
from engine.speed.rules import ENDINGS, MATCHES, Speed, deal_sizes, legal_size
from engine.timing import Sequencer
from rulefiles import mismatches
from reports import drain
from engine.speed import file as F_SPEED  # its own verbs, reasons, reports and phases
from engine.speed.file import PH_CALL

N = names("speed")  # the game's names: the shared ones and its own (engine.names)

from conftest import TESTS as HERE
RULES_MD = os.path.join(HERE, "..", "..", "shared", "RULES.md")


def speed_files():
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "rules", "*.json"))):
        with open(path, encoding="utf-8") as f:
            if json.load(f).get("game") == "speed":
                out.append(path)
    return out


SPEED_FILES = speed_files()


# ---- a small runner (until engine.replay dispatches on "game") ---------------

def events_of(doc):
    """The file's events as (t, player, verb, a, b)."""
    out = []
    for ev in doc.get("events", []):
        v = N.VERBS.index(ev[2])
        assert v in F.VERBS, ev
        args = list(ev[3:]) + [0, 0]
        out.append((ev[0], ev[1], v, args[0], args[1]))
    return out


def load_doc(doc):
    """A Speed game from a parsed document, through engine.speed.file: (game, events)."""
    _dict(doc, "file", ("version", "game", "options", "seed", "layout", "events", "description",
                        "expect", "end_ms"))
    assert doc.get("game") == "speed"
    opts = _dict(doc.get("options", {}), "options", F.OPTIONS)
    game = F.new(doc.get("seed", 1), F.options(opts))
    if doc.get("layout") is not None:
        F.load_layout(game, _dict(doc["layout"], "layout", F.LAYOUT_KEYS))
    return game, events_of(doc)


def run_doc(doc, events=None):
    """Load and run a document (optionally with its events listed otherwise); return (game, refused)."""
    game, evs = load_doc(doc)
    refused = run(game, evs if events is None else events)
    if doc.get("end_ms") is not None:
        game.advance(doc["end_ms"])
    return game, refused


@pytest.mark.parametrize("path", SPEED_FILES, ids=[os.path.basename(p) for p in SPEED_FILES])
def test_speed_rule_file(path):
    """Each Speed rule file ends in the state its "expect" describes."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    game, refused = run_doc(doc)
    problems = mismatches(doc["expect"], F.state(game, refused))
    assert not problems, "%s (%s)\n  " % (os.path.basename(path), doc["description"]) + "\n  ".join(problems)


@pytest.mark.parametrize("path", SPEED_FILES, ids=[os.path.basename(p) for p in SPEED_FILES])
def test_speed_rule_file_through_the_generic_loader(path):
    """engine.replay's own loader (once it reads every game) gives each Speed file the same state."""
    import engine.replay as R

    if not hasattr(R, "file_module"):
        pytest.skip("engine.replay does not dispatch on \"game\" yet")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    game, events = R.loads(text)
    got = R.state(game, R.run(game, events))
    mine, refused = run_doc(json.loads(text))
    assert got == F.state(mine, refused)


@pytest.mark.parametrize("path", SPEED_FILES, ids=[os.path.basename(p) for p in SPEED_FILES])
def test_speed_rule_file_names_its_rule(path):
    """Each Speed rule file's name starts with the rule its description cites."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    assert doc.get("expect"), "no expect"
    cited = re.match(r"([cpd])(\d+)_", os.path.basename(path))
    assert cited, "file name should start with the rule it shows, e.g. p07_..."
    rule = "%s-%d" % (cited.group(1).upper(), int(cited.group(2)))
    assert re.search(re.escape(rule) + r"(?![0-9])", doc["description"]), rule


@pytest.mark.parametrize("path", SPEED_FILES, ids=[os.path.basename(p) for p in SPEED_FILES])
def test_c04_speed_listing_order_never_decides(path):
    """C-4: listing equal-time events of different players in another order changes nothing."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    game, refused = run_doc(doc)
    want = F.state(game, refused)
    events = events_of(doc)
    groups = [list(g) for _, g in itertools.groupby(range(len(events)), key=lambda i: events[i][0])]
    for combo in itertools.product(*[list(itertools.permutations(g)) for g in groups]):
        order = [i for g in combo for i in g]
        if any([i for i in order if events[i][1] == p] != sorted(i for i in order if events[i][1] == p)
               for p in range(4)):
            continue  # one player's own events keep their order (every seat, P-11)
        game2, refused2 = run_doc(doc, [events[i] for i in order])
        got = F.state(game2, sorted([order[i], why] for i, why in refused2))
        assert got == want, order


# ---- P-1 and P-11 the deal ------------------------------------------------------

def test_p01_deal_sizes():
    """P-1: side piles of 10 and 15 cards each; short side piles 5 and 20; jokers 16 (21 with short sides)."""
    assert deal_sizes(2) == ((10, 10), 15)
    assert deal_sizes(2, short_side_piles=True) == ((5, 5), 20)
    assert deal_sizes(2, jokers=True) == ((10, 10), 16)
    assert deal_sizes(2, jokers=True, short_side_piles=True) == ((5, 5), 21)


def test_p11_deal_sizes_for_three_and_four():
    """P-11: three players 6/5/5 and 11 each; four with two decks 10 and 15; four with one deck 5 and 7."""
    assert deal_sizes(3) == ((6, 5, 5), 11)
    assert deal_sizes(4, decks=2) == ((10, 10, 10, 10), 15)
    assert deal_sizes(4) == ((5, 5, 5, 5), 7)
    for players in (2, 3, 4):
        for jokers in (False, True):
            for short in (False, True):
                sides, each = deal_sizes(players, jokers, short)
                assert players + sum(sides) + players * each == 52 + 2 * jokers
                assert max(sides) - min(sides) <= 1 and sides == tuple(sorted(sides, reverse=True))


def reference_deal(seed, players=2, jokers=False, short=False, shuffles=1):
    """The documented deal by hand: from the top, start cards, side piles, then round-robin cards."""
    rng = Rng(seed)
    for _ in range(shuffles):
        buf = bytearray(54)
        n = new_deck(buf, jokers)
        deck = buf[:n]
        rng.shuffle(deck)
    cards = list(deck)
    start = [cards.pop() for _ in range(players)]
    sides_n, each = deal_sizes(players, jokers, short)
    sides = [[cards.pop() for _ in range(k)] for k in sides_n]
    held = [[] for _ in range(players)]
    for _ in range(each):
        for q in range(players):
            held[q].append(cards.pop())
    assert not cards
    return start, sides, [h[:5] for h in held], [h[5:] for h in held]


def table(game):
    """Every card of the table as lists: (start, sides, hands, draws, centres)."""
    return ([c for c in game.start], [s.cards() for s in game.side], [list(h) for h in game.hands],
            [d.cards() for d in game.draw], [c.cards() for c in game.centre])


@pytest.mark.parametrize("seed", [1, 7, 31337, 0xFFFFFFFF])
@pytest.mark.parametrize("jokers,short", [(False, False), (False, True), (True, False), (True, True)])
def test_p01_seeded_deal(seed, jokers, short):
    """P-1, P-2: a seed always gives the same, documented deal; five in hand, the rest a draw pile."""
    game = Speed(seed=seed, jokers=jokers, short_side_piles=short)
    start, sides, hands, draws, centres = table(game)
    assert (start, sides, hands, draws) == reference_deal(seed, 2, jokers, short)
    assert centres == [[], []] and game.phase == PH_READY
    every = start + sum(sides, []) + sum(hands, []) + sum(draws, [])
    assert sorted(every) == sorted(_deck(jokers))
    for p in range(2):
        assert game.cards_held(p) == (16 if jokers else 15) + (5 if short else 0)  # P-1, P-10
    assert table(Speed(seed=seed, jokers=jokers, short_side_piles=short)) == table(game)


def _deck(jokers):
    buf = bytearray(54)
    return list(buf[:new_deck(buf, jokers)])


@pytest.mark.parametrize("players", [3, 4])
def test_p11_three_and_four_seats_deal_and_play(players):
    """P-11: one centre card per seat, the general deal rule, and a stalemate needs every seat stuck."""
    game = Speed(seed=5, players=players)
    assert table(game)[:4] == reference_deal(5, players)
    for q in range(players):
        assert game.apply(0, q, A.READY) == A.OK
    assert game.phase in (PH_PLAY, PH_READY)
    assert all(len(c) == 1 for c in table(game)[4])
    assert game.apply(0, players, A.READY) == A.BAD_PLAYER
    ended, _ = random_game(dict(players=players), seed=5, limit=20000)
    assert ended


# ---- P-3 to P-5, P-10 --------------------------------------------------------------

def cards(*names):
    return [parse(n) for n in names]


def test_p05_can_play_and_legal_agree():
    """P-5, P-10: can_play() is true exactly when legal() lists a play; a stranded joker blocks the other card."""
    game = Speed(jokers=True)
    game.load([cards("6H", "X1"), cards("QD", "3C")], [[], []], [[], []], centre=[cards("5S"), cards("9C")])
    out = bytearray(legal_size(2))
    n = game.legal(0, out)
    assert [tuple(out[3 * i:3 * i + 3]) for i in range(n)] == [(A.PLAY, 1, 0), (A.PLAY, 1, 1)]  # the joker only
    assert game.can_play(0) and not game.can_play(1)
    assert game.apply(1, 0, A.PLAY, 0, 0) == F_SPEED.JOKER_LAST


def test_p04_hand_never_above_five_and_load_refills():
    """P-4: a hand has five slots; a given position's empty slots fill from the draw pile at once, slot 0 first."""
    game = Speed()
    game.load([[0, parse("4H")], cards("5D")], [cards("2C", "3C", "7D", "8D", "9D", "JC"), []], [[], []],
              centre=[cards("5S"), cards("QD")])
    assert list(game.hands[0]) == cards("JC", "4H", "9D", "8D", "7D") and game.draw[0].cards() == cards("2C", "3C")
    assert len(game.hands[0]) == 5


def test_p03_bad_slot_pile_and_empty_pile():
    """P-3: a slot outside 0-4, a pile outside 0-1, an empty slot or an empty centre pile is refused."""
    game = Speed()
    game.load([cards("4H", "9C"), cards("5D")], [[], []], [[], []], centre=[cards("5S"), []])
    assert game.apply(1, 0, A.PLAY, 5, 0) == A.BAD_SLOT
    assert game.apply(1, 0, A.PLAY, 0, 2) == A.BAD_PILE
    assert game.apply(1, 0, A.PLAY, 3, 0) == A.EMPTY_SLOT
    assert game.apply(1, 0, A.PLAY, 0, 1) == A.NO_PILE
    assert game.apply(1, 0, A.FLIP, 0, 0) == A.BAD_VERB
    assert game.apply(1, 0, A.PLAY, 0, 0) == A.OK


# ---- P-7 rebuilding ----------------------------------------------------------------

def test_p07_rebuild_is_seeded_and_keeps_the_top():
    """P-7: an empty side pile is rebuilt from all its centre pile's cards but the top, shuffled with the seed."""
    results = []
    for _ in range(2):
        game = Speed(seed=99)
        centre0 = cards("2D", "3D", "4D", "5D", "6D", "7D", "KS")
        game.load([cards("9C"), cards("3H")], [[], []], [[], cards("4S")], centre=[centre0, cards("JC")])
        assert game.phase == PH_READY  # stuck at once (P-5); the 3H fits cards under the tops
        game.reports.clear()
        game.apply(10, 0, A.READY)
        game.apply(10, 1, A.READY)
        got = drain(game)
        assert (F_SPEED.R_REBUILD, 0, 0, 6, 0) in got
        assert game.centre[0].cards()[0] == parse("KS") and len(game.centre[0]) == 2
        assert sorted(game.side[0].cards() + game.centre[0].cards()[1:]) == sorted(centre0[:-1])
        assert game.centre[1].cards() == cards("JC", "4S")
        results.append(table(game))
    assert results[0] == results[1]
    assert results[0][1][0] + results[0][4][0][1:] != cards("2D", "3D", "4D", "5D", "6D", "7D")  # shuffled


def test_p07_a_position_that_can_never_go_on_ends_the_game():
    """P-7 (decision): nobody can play and no card can ever be turned: fewest cards held wins, equal is a draw."""
    game = Speed()
    game.load([cards("2C", "3C"), cards("9H")], [[], []], [[], []], centre=[cards("6S"), cards("QD")])
    assert game.phase == PH_OVER and game.winner == 1 and game.game_winner == 1
    game = Speed(match="best_of_3")
    game.load([cards("2C"), cards("9H")], [[], []], [[], []], centre=[cards("6S"), cards("QD")])
    assert game.phase == PH_OVER and game.winner == A.NONE and F.state(game)["winner"] is None


# ---- P-8 the endings ----------------------------------------------------------------

def out_position(ending, centre, call_ms=3000):
    game = Speed(ending=ending, call_ms=call_ms)
    game.load([cards("6H"), cards("QD", "3C")], [[], []], [[], []], centre=[cards(*centre[0]), cards(*centre[1])])
    assert game.apply(1000, 0, A.PLAY, 0, 0) == A.OK
    return game


def test_p08_call_penalty_takes_the_biggest_pile():
    """P-8: the centre pile with most cards, all but its top, order kept; the hand refills from it slot 0 first."""
    game = out_position("call", (["5S"], ["2C", "3C", "4C", "5C", "6C", "7C", "8D", "9C"]))
    assert game.phase == PH_CALL and game.out == 0 and game.deadline == 4000
    game.reports.clear()
    assert game.apply(1500, 1, F_SPEED.SPEED) == A.OK
    assert drain(game)[:2] == [(F_SPEED.R_SPEED, 1, 255, 255, 0), (F_SPEED.R_PENALTY, 0, 1, 7, 0)]
    assert list(game.hands[0]) == cards("8D", "7C", "6C", "5C", "4C")
    assert game.draw[0].cards() == cards("2C", "3C") and game.centre[1].cards() == cards("9C")
    assert game.phase == PH_PLAY and game.out == A.NONE


def test_p08_call_penalty_tie_takes_the_lower_numbered_pile():
    """P-8: on a tie of the biggest piles, the lower-numbered one is taken."""
    game = out_position("call", (["4D", "5S"], ["8D", "9C", "TC"]))
    game.advance(4000)
    assert game.centre[0].cards() == cards("6H") and list(game.hands[0])[:2] == cards("5S", "4D")


def test_p08_call_limit_is_wrap_safe_and_exactly_at_the_limit_is_late():
    """P-8: times are wrapping ticks: an out just before the wrap has its limit after it; the limit itself is late."""
    game = Speed(ending="call", call_ms=3000)
    game.load([cards("6H"), cards("QD", "3C")], [[], []], [[], []], centre=[cards("4D", "5S"), cards("9C")])
    t = 0x1FFFFFFF - 1000
    assert game.apply(t, 0, A.PLAY, 0, 0) == A.OK
    game.advance(1998)  # 2999 ms later, across the wrap
    assert game.phase == PH_CALL
    game.advance(1999)
    assert game.phase == PH_PLAY and list(game.hands[0])[:2] == cards("5S", "4D")


def test_p08_first_out_never_waits_for_a_call():
    """P-8: in the standard ending the out player wins at once; legal() offers Speed only while a call is open."""
    game = out_position("first_out", (["5S"], ["9C"]))
    assert game.phase == PH_OVER and game.winner == 0
    out = bytearray(legal_size(2))
    for ending in ("call", "race"):
        game = out_position(ending, (["5S"], ["9C"]))
        for p in (0, 1):
            assert game.legal(p, out) == 1 and out[0] == F_SPEED.SPEED
        assert game.apply(1001, 1, A.PLAY, 0, 1) == A.WRONG_PHASE


# ---- P-9 matches ---------------------------------------------------------------------

def quick_out(game, t):
    """Give the current game's seat 0 a one-card hand that fits (test surgery) and play it."""
    hand = game.hands[0]
    for q in range(2):
        game.ready[q] = 0
    game.phase = PH_PLAY
    game.draw[0].clear()
    game.centre[0].load(cards("5S"))
    for s in range(5):
        hand[s] = 0
    hand[0] = parse("6H")
    game.reports.clear()
    return game.apply(t, 0, A.PLAY, 0, 0)


def test_p09_best_of_three_first_to_two_wins():
    """P-9: best of three: the first to win two games wins the match; each game is dealt afresh (R_DEAL)."""
    game = Speed(match="best_of_3", seed=3)
    assert quick_out(game, 100) == A.OK
    assert game.games_won == [1, 0] and game.phase == PH_READY and game.game_no == 2 and game.winner == A.NONE
    assert [r[:3] for r in drain(game)] == [(A.R_LAND, 0, 0), (F_SPEED.R_OUT, 0, 255), (A.R_GAME_OVER, 0, 255),
                                            (A.R_DEAL, 255, 2)]
    assert game.cards_held(0) == game.cards_held(1) == 15
    assert quick_out(game, 200) == A.OK
    assert game.games_won == [2, 0] and game.phase == PH_OVER and game.winner == 0


def test_p09_each_game_is_a_fresh_deal_from_the_seed_sequence():
    """P-9: the second game's deal comes from the same generator, continued after the first."""
    game = Speed(match="best_of_3", seed=11)
    quick_out(game, 100)
    assert table(game)[:4] == reference_deal(11, shuffles=2)


def test_p09_points_cards_left_in_the_other_hands_and_draw_piles():
    """P-9: points: the winner scores the cards the others hold; the first to reach the target wins."""
    game = Speed(match="points", target=25, seed=4)
    quick_out(game, 100)
    assert game.scores == [15, 0] and game.phase == PH_READY and game.game_no == 2
    quick_out(game, 200)
    assert game.scores == [30, 0] and game.phase == PH_OVER and game.winner == 0
    assert F.state(game)["scores"] == [30, 0]


@pytest.mark.parametrize("match", MATCHES)
def test_p09_random_matches_end_with_the_right_winner(match):
    """P-9: whole random matches: single ends after one game, best of 3 at two wins, points at the target."""
    for seed in range(1, 15):
        game, _ = random_game(dict(match=match, target=20), seed, 50000, keep=True)
        assert game.phase == PH_OVER and game.winner != A.NONE
        w = game.winner
        if match == "single":
            assert game.game_no == 1 and game.games_won[w] == 1
        elif match == "best_of_3":
            assert game.games_won[w] == 2 and game.games_won[1 - w] <= 1
            assert game.game_no == sum(game.games_won)
        else:
            assert game.scores[w] >= 20 and game.scores[1 - w] < 20


# ---- the replay file layer ---------------------------------------------------------------

EXAMPLE = {"game": "speed",
           "options": {"short_side_piles": False, "doubles": False, "jokers": False, "ending": "first_out",
                       "call_ms": 3000, "match": "single", "target": 25},
           "seed": 7,
           "layout": {"players": [{"hand": ["4H", "9C", "KD", "2S", "7H"], "draw": ["3C", "QS"]},
                                  {"hand": ["5D", "8C", "JS", "6H", "AC"], "draw": ["TD"]}],
                      "side": [["2D", "9S"], ["KC"]], "start": ["5S", "QD"]},
           "events": [[0, 0, "ready"], [0, 1, "ready"], [120, 0, "play", 0, 0], [900, 0, "speed"]],
           "end_ms": 5000}


def test_the_example_of_the_format():
    """The example of docs/replay-format.md, "Speed" runs: the 4H lands on the 5S, the Speed press is refused."""
    game, refused = run_doc(EXAMPLE)
    st = F.state(game, refused)
    assert st["centre"] == [["5S", "4H"], ["QD"]] and st["refused"] == [[3, "wrong_phase"]]
    assert st["players"][0]["hand"] == ["QS", "9C", "KD", "2S", "7H"] and st["players"][0]["draw"] == 1
    assert set(st) >= {"game", "phase", "centre", "side", "players", "winner", "games_won", "scores",
                       "game_no", "refused"}


def test_options_defaults_and_errors():
    """options(): defaults for missing keys; a bad value is one line naming the option."""
    assert F.options({}) == {"short_side_piles": False, "doubles": False, "jokers": False, "ending": "first_out",
                             "call_ms": 3000, "match": "single", "target": 25, "players": 2, "decks": 1,
                             "stall": False}
    bad = [({"doubles": 1}, "options.doubles: expected true or false, got 1"),
           ({"ending": "slow"}, 'options.ending: expected one of "first_out", "call", "race", got "slow"'),
           ({"match": ["x"]}, "options.match: expected one of"),
           ({"call_ms": 0}, "options.call_ms: expected an integer from 1 to 600000, got 0"),
           ({"call_ms": True}, "options.call_ms"),
           ({"target": 10001}, "options.target: expected an integer from 1 to 10000")]
    for opts, message in bad:
        with pytest.raises(ReplayError) as e:
            F.options(opts)
        assert str(e.value).startswith(message) and "\n" not in str(e.value)


@pytest.mark.parametrize("change,message", [
    (lambda lay: lay["players"][1]["hand"].__setitem__(2, "ZZ"), 'layout.players[1].hand[2]: unknown card "ZZ"'),
    (lambda lay: lay["players"][0]["draw"].append("KD"), "layout.players[0].draw[2]: duplicate card KD"),
    (lambda lay: lay["side"][1].append("X1"), "layout.side[1][1]: X1 is a joker"),
    (lambda lay: lay["players"][0]["hand"].append("8D"), "layout.players[0].hand: expected a list of up to 5"),
    (lambda lay: lay["players"][0]["hand"].__setitem__(1, None), "layout.players[0].hand: slot 1 is empty"),
    (lambda lay: lay["players"].pop(), "layout.players: expected a list of 2 players"),
    (lambda lay: lay.__setitem__("centre", [["AS"], []]), "layout: give either start"),
    (lambda lay: lay.__setitem__("start", ["AS"]), "layout.start: expected a list of 2 cards"),
    (lambda lay: lay["players"][1].update(hand=[], draw=[]), "layout.players[1]: no cards"),
    (lambda lay: lay["players"][1].update(stocks=[]), "layout.players[1]: unknown key \"stocks\""),
])
def test_layout_errors_name_the_place(change, message):
    """load_layout(): every problem is one line naming its place."""
    doc = json.loads(json.dumps(EXAMPLE))
    change(doc["layout"])
    with pytest.raises(ReplayError) as e:
        load_doc(doc)
    assert str(e.value).startswith(message), str(e.value)


def test_layout_with_jokers_and_null_slots():
    """A layout may hold jokers with the jokers option, fewer cards than a deck, and empty slots without a draw pile."""
    doc = {"game": "speed", "options": {"jokers": True},
           "layout": {"players": [{"hand": ["X1", None, "3C"]}, {"hand": ["X2"], "draw": []}],
                      "centre": [["5S"], ["9C"]]}}
    game, _ = load_doc(doc)
    assert F.state(game)["players"][0]["hand"] == ["X1", None, "3C", None, None]
    assert game.phase == PH_PLAY


def test_describe_every_speed_report():
    """describe() has words for every report Speed makes."""
    for kind in (A.R_READY, A.R_SPIT, A.R_LAND, A.R_FLIP, A.R_STALEMATE, F_SPEED.R_REBUILD, F_SPEED.R_OUT, F_SPEED.R_SPEED,
                 F_SPEED.R_PENALTY, A.R_DEAL, A.R_GAME_OVER, A.R_SCORE, F_SPEED.R_MATCH_OVER):
        text = F.describe((kind, 1, 0, 1, parse("QS")))
        assert text and not text.startswith("report"), kind
    assert F.describe((A.R_SPIT, 0, 0, 1, parse("3D"))) == "P0 turns 3D from the draw pile onto centre pile 0"
    assert F.describe((A.R_GAME_OVER, 255, 255, 255, 0)) == "game over: a draw"


# ---- properties: random legal play -------------------------------------------------------

def digest(game):
    """Everything a refused action must leave alone, as bytes (the clock aside)."""
    parts = [bytes(game.start), bytes(game.ready)]
    for q in range(game.players):
        parts += [bytes(game.hands[q]), bytes(game.draw[q].buf[:game.draw[q].n]),
                  bytes(game.side[q].buf[:game.side[q].n]), bytes(game.centre[q].buf[:game.centre[q].n])]
    parts.append(repr((game.phase, game.out, game.deadline, game.winner, game.game_winner, game.round,
                       game.game_no, game.games_won, game.scores, game.rng.hi, game.rng.lo)).encode())
    return b"|".join(parts)


def check_cards(game, deck):
    """Every card present exactly once; hands of five slots, none empty while the draw pile lasts (P-4)."""
    held = bytearray(game.start)
    for q in range(game.players):
        hand = game.hands[q]
        assert len(hand) == 5
        if game.draw[q].n:
            assert all(hand), "P-4: an empty slot while the draw pile has cards"
        held += hand
        held += game.draw[q].buf[:game.draw[q].n] + game.side[q].buf[:game.side[q].n]
        held += game.centre[q].buf[:game.centre[q].n]
    assert sorted(c for c in held if c) == deck


def random_game(opts, seed, limit, log=None, keep=False, check=True):
    """Play one match with random legal actions, junk actions and ties; return (ended or game, actions)."""
    game = Speed(seed=seed, **opts)
    players = game.players
    rng = Rng(seed * 7919 + 1)
    seq = Sequencer(4, players)
    outs = [bytearray(legal_size(players)) for _ in range(players)]
    deck = _deck(game.jokers)
    t = 0
    count = 0
    game_no = game.game_no
    while game.phase != PH_OVER and count < limit:
        t += 1 + rng.below(400)
        if game.phase == PH_CALL and rng.below(3) == 0:
            t += game.call_ms - 1 + rng.below(3)  # just before, at or just after the limit
        if rng.below(10) == 0:  # a junk action: refused ones change nothing
            game.advance(t)
            before = digest(game)
            p, v, a, b = rng.below(players + 1), rng.below(8), rng.below(6), rng.below(players + 1)
            reason = game.apply(t, p, v, a, b)
            if reason != A.OK:
                assert digest(game) == before, (p, v, a, b, N.REASONS[reason])
            if log is not None and p < players and v in F.VERBS:
                log.append([t, p, N.VERBS[v]] + [a, b][:N.ARGC[v]])
            count += 1
            if game.game_no != game_no:
                game_no = game.game_no
                seq.priority = 0
            continue
        p = rng.below(players)
        n = 0
        for k in range(players):
            q = (p + k) % players
            n = game.legal(q, outs[q])
            if n:
                p = q
                break
        if not n:
            assert game.phase == PH_CALL, "nobody has a legal action outside a call"
            game.advance(t)  # only the clock can move a call on
            continue
        out = outs[p]
        i = 3 * rng.below(n)
        acts = [(p, out[i], out[i + 1], out[i + 2])]
        if rng.below(6) == 0:  # another seat at the same millisecond: a tie (C-4)
            q = (p + 1 + rng.below(players - 1)) % players
            m = game.legal(q, outs[q])
            if m:
                j = 3 * rng.below(m)
                acts.append((q, outs[q][j], outs[q][j + 1], outs[q][j + 2]))
        for q, v, a, b in acts:
            seq.add(t, q, v, a, b)
            if log is not None:
                log.append([t, q, N.VERBS[v]] + [a, b][:N.ARGC[v]])
        count += seq.flush(game)
        if game.game_no != game_no:  # C-4: each game of a match starts with seat 0 holding priority
            game_no = game.game_no
            seq.priority = 0
        if check:
            check_cards(game, deck)
    if keep:
        return game, count
    return game.phase == PH_OVER, count


MIXES = [dict(short_side_piles=s, doubles=d, jokers=j, ending=e, match=m)
         for s in (False, True) for d in (False, True) for j in (False, True) for e in ENDINGS for m in MATCHES]
GAMES = int(os.environ.get("SPEED_GAMES", "10000" if os.environ.get("SPIT_LONG") else "144"))


def test_random_games_of_every_option_mix_end_and_keep_every_card():
    """Properties: random play of every option mix ends, every card once at every step, refusals change nothing."""
    started = time.time()
    ended = 0
    most = 0
    total = 0
    stuck = []
    for k in range(GAMES):
        opts = MIXES[k % len(MIXES)]
        game, count = random_game(opts, k + 1, 100000, keep=True)
        if game.phase == PH_OVER:
            ended += 1
            most = max(most, count)
        else:
            stuck.append(k)
        total += count
    took = time.time() - started
    print("\n%d random Speed matches: %d ended (most actions %d), %d did not %s; "
          "mean %.0f actions, %.1f s" % (GAMES, ended, most, len(stuck), stuck, total / GAMES, took))
    assert ended == GAMES, "matches that did not end: %s" % stuck


def endless(game):
    """The stalemate that P-7 as written repeats for ever: no card on the table can ever take a hand's card.

    The table's cards (centre and side piles) only go round (rebuilt, flipped)
    while some side pile or a card under a centre top exists, so the draw
    piles never come into play and the hands never change.
    """
    table = []
    for q in range(game.players):
        table += game.centre[q].cards() + game.side[q].cards()
    if len(table) <= game.players or game.phase != PH_READY:
        return False
    for q in range(game.players):
        for card in game.hands[q]:
            if not card:
                continue
            for top in table:
                if card >> 4 == 4 or top >> 4 == 4 or adjacent(card, top) \
                        or (game.doubles and card & 15 == top & 15):
                    return False
    return True


def test_p07_the_endless_stalemate_turns_the_draw_piles_then_ends():
    """P-7, P-6: when no table card fits any hand, the draw piles are turned (P-7's fallback), never the sides.

    As written, the side piles alone would go round for ever (about 2 random
    matches in 1,000 with the call ending got there, after a penalty emptied
    a centre pile): the project's decision turns the draw piles instead, and
    with none left the game ends as a dead position, fewest cards held winning
    (docs/replay-format.md, "the endless stalemate").
    """
    game = Speed(seed=2)
    game.load([cards("2C", "2H", "2S", "3C", "3H"), cards("JC", "JD", "JH", "QC", "QD")], [cards("AS"), []],
              [cards("9C"), []], centre=[cards("6H", "7H"), cards("8D")])
    assert game.phase == PH_READY and endless(game)
    assert game.apply(100, 0, A.READY) == A.OK and game.apply(100, 1, A.READY) == A.OK
    assert game.centre[0].cards() == cards("6H", "7H", "AS")  # the draw pile's card, not the side pile's 9C
    assert game.side[0].cards() == cards("9C") and game.draw[0].n == 0
    assert game.phase == PH_PLAY  # the ace takes a 2 from player 0's hand
    assert game.apply(200, 0, A.PLAY, 0, 0) == A.OK


def test_p07_an_endless_stalemate_with_no_draw_pile_is_a_dead_position():
    """P-7: nothing fits and nothing is left to turn but the side piles: the game ends, fewest cards wins."""
    game = Speed(seed=2)
    game.load([cards("2C", "2H", "2S", "3C"), cards("JC", "JD", "JH", "QC", "QD")], [[], []],
              [cards("9C"), []], centre=[cards("6H", "7H"), cards("8D")])
    assert game.phase == A.PH_OVER and game.winner == 0  # 4 cards against 5


@pytest.mark.parametrize("seed", [3, 17, 256])
@pytest.mark.parametrize("mix", [0, 13, 29, 47, 71])
def test_c05_a_recorded_speed_match_replays_exactly(seed, mix):
    """C-5: a random match written as a replay file and read back through speed_file ends in the same state."""
    opts = dict(MIXES[mix], call_ms=700, target=12)
    log = []
    game, _ = random_game(opts, seed, 100000, log=log, keep=True, check=False)
    doc = {"game": "speed", "options": opts, "seed": seed, "events": log}
    again, refused = run_doc(json.loads(json.dumps(doc)))
    assert digest(again) == digest(game)
    assert F.state(again)["winner"] == F.state(game)["winner"]


# ---- every rule is named --------------------------------------------------------------

def test_every_rule_of_speed_is_named_by_a_test():
    """Each P- rule of RULES.md, and D-2, is cited by a Speed rule file or a test here."""
    if not os.path.exists(RULES_MD):
        pytest.skip("RULES.md is not beside the repository")
    with open(RULES_MD, encoding="utf-8") as f:
        rules = sorted(set(re.findall(r"^- (P-\d+) ", f.read(), re.M))) + ["D-2"]
    assert len(rules) >= 12
    texts = []
    for path in SPEED_FILES:
        with open(path, encoding="utf-8") as f:
            texts.append(os.path.basename(path) + " " + json.load(f)["description"])
    for key, value in globals().items():
        if key.startswith("test_") and callable(value):
            texts.append(key + " " + (value.__doc__ or ""))
    blob = "\n".join(texts)
    missing = [r for r in rules if not re.search(re.escape(r) + r"(?![0-9])", blob)
               and not re.search(r"(?<![a-z0-9])%s%02d_" % (r[0].lower(), int(r[2:])), blob)]
    assert not missing, "rules without a test: %s" % " ".join(missing)


# ---- P-7 (decision): a card held back stalls the game -------------------------------------

def held_back(stall=True):
    """Player 0 holds the only playable card (9H on the 10C); player 1 can play nothing (P-5)."""
    game = Speed(stall=stall)
    game.load([cards("9H", "2C"), cards("5D")], [[], []], [cards("KS", "8S"), cards("QD")],
              centre=[cards("10C"), cards("3S")])
    assert game.phase == PH_PLAY and game.can_play(0) and not game.can_play(1)
    game.reports.clear()
    return game


def test_p07_a_card_held_back_for_the_stall_time_is_a_stalemate():
    """P-7 (decision, the stall option): no card landed for STALL_MS while someone could play: the stalemate
    is declared at that instant (P-6: every player ready, then the side piles flip)."""
    from engine.speed.rules import _STALL_MS as STALL_MS

    game = held_back()
    game.advance(STALL_MS - 1)
    assert game.phase == PH_PLAY and drain(game) == []
    game.advance(STALL_MS + 40)  # a frame late: the stalemate is dated at the limit itself
    assert game.phase == PH_READY and game.now == STALL_MS
    assert drain(game) == [(A.R_STALEMATE, 255, 10, 255, 0)]  # a: the stall's seconds (the banner says why)
    assert game.apply(STALL_MS + 600, 0, A.READY) == A.OK and game.apply(STALL_MS + 700, 1, A.READY) == A.OK
    assert game.phase == PH_PLAY and game.centre[0].cards()[-1] == parse("8S")  # the sides flipped
    assert game.centre[1].cards()[-1] == parse("QD") and game.deadline == STALL_MS + 700  # the clock starts again


def test_p07_a_card_landing_starts_the_stall_clock_again():
    """P-7 (decision): the stall time runs from the last card that landed, not from the start of play."""
    from engine.speed.rules import _STALL_MS as STALL_MS

    game = held_back()
    assert game.apply(STALL_MS - 100, 0, A.PLAY, 0, 0) == A.OK  # the 9H on the 10C
    game.advance(STALL_MS + 100)
    assert game.phase == PH_PLAY
    game.advance(2 * STALL_MS - 100)
    assert game.phase == PH_READY


def test_p07_without_the_stall_option_a_held_card_waits_for_ever():
    """P-7: the option off (and every replay file written before it) waits as P-5 and P-6 say."""
    game = held_back(stall=False)
    game.advance(3600000)
    assert game.phase == PH_PLAY and drain(game) == []
    opts = F.options({})
    assert opts["stall"] is False  # a file without the key: as files before the option
    assert F.options({"stall": True})["stall"] is True
    with pytest.raises(ReplayError, match="options.stall"):
        F.options({"stall": 1})


def test_p07_the_menu_and_the_tools_deal_with_the_stall_option_on():
    """The menu's default (engine.speed.OPTIONS: first value) is on; a tool's partial options get it."""
    from engine import games

    info = games.get("speed")
    assert [o for o in info.OPTIONS if o[0] == "stall"][0][2] == (True, False)
    assert info.new(1, {}).stall is True and info.new(1, {"stall": False}).stall is False


def test_p07_a_pause_moves_the_stall_clock_on():
    """The stall clock is the deadline, one of the ticks a pause moves on (Speed.times, ui/pause.py)."""
    assert "deadline" in Speed.times
