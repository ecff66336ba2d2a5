"""Rule tests: every rule of RULES.md (C-1 to C-5, S-1 to S-19, S-14b) has a test.

Most rules are small replay files in tests/rules/, one position each, that a
person can read: a "description" citing the rule and an "expect" object. The
rest are here, where code says them better (the deck, the random generator,
the seeded deal, replaying whole games, scoring to 100).

"expect" is a subset of ``engine.replay.state()``: every key given must match,
recursively; keys left out are not checked. A list must have the same length
as the state's; its items must be equal, except dicts, which are matched the
same subset way (so a stock can be given as {"up": true} without its cards).
Three keys are added to the state for the files, because a new round's
shuffle cannot be predicted by hand:

- ``centre_sizes``: how many cards each spit pile holds;
- ``players[i].stock_sizes``: how many cards each stock pile holds;
- ``players[i].held``: the names of every stock and spit card the player
  holds, compared as a set (order does not matter).
"""

import glob
import itertools
import json
import os
import re

import pytest

from conftest import kit, registered_games
from rulefiles import RULES_MD, mismatches, rule_files, uncited
from engine import actions as A
from engine.games import NAMES
from engine.cardnames import adjacent, name, parse, rank, suit
from engine.cards import DECK_SIZE, FITS, JOKER, new_deck
from engine.randplay import RandomPlay
from engine.replay import ReplayError, document, load, loads, run, state
from engine.rng import Rng
from engine.spit.rules import PH_OVER, Spit
from engine.timing import Sequencer

from conftest import TESTS as HERE, files_of_tests
RULE_FILES = rule_files()  # the registered games' (tests/rulefiles.py)


# ---- the replay files ----------------------------------------------------

def full_state(game, refused):
    """state() plus the derived keys that "expect" may use (see the module docstring; the game's kit adds them)."""
    return kit(game.name).derived(game, state(game, refused))


def play_file(path):
    """Load and run a replay file; return (document, game, refused)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    game, events = loads(text)
    refused = run(game, events)
    return json.loads(text), game, refused


def rule_letters():
    """The rule letters a rule file may cite: every game's (C and D) and each registered game's
    (engine.games.LETTERS: S, P, K, and the toy's T while it is registered)."""
    from engine import games

    return "CD" + games.LETTERS


def check_rule_file(path):
    """A rule file ends in the state its "expect" describes."""
    doc, game, refused = play_file(path)
    problems = mismatches(doc["expect"], full_state(game, refused))
    assert not problems, "%s (%s)\n  " % (os.path.basename(path), doc["description"]) + "\n  ".join(problems)


def check_rule_file_names_its_rule(path):
    """A rule file's description cites a rule of a registered game's letter, the one its file name starts with."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    letters = rule_letters()
    assert re.search(r"\b[%s]-\d+b?\b" % letters, doc.get("description", "")), "description cites no rule"
    assert doc.get("expect"), "no expect"
    cited = re.match(r"([%s])(\d+)([ab]?)_" % letters.lower(), os.path.basename(path))
    assert cited, "file name should start with the rule it shows, e.g. s07_ (a letter of %s)" % letters
    rule = "%s-%d" % (cited.group(1).upper(), int(cited.group(2)))
    # s14b_ is rule S-14b; s10a_ and s10b_ are the cases (a) and (b) of S-10
    rules = [rule + cited.group(3), rule] if cited.group(3) == "b" else [rule]
    assert any(re.search(re.escape(r) + r"(?![0-9b])", doc["description"]) for r in rules), \
        "the description should cite %s, the rule in the file name" % rules[0]


@pytest.mark.parametrize("path", RULE_FILES, ids=[os.path.basename(p) for p in RULE_FILES])
def test_rule_file(path):
    """Each tests/rules/*.json file ends in the state its "expect" describes."""
    check_rule_file(path)


@pytest.mark.parametrize("path", RULE_FILES, ids=[os.path.basename(p) for p in RULE_FILES])
def test_rule_file_names_its_rule(path):
    """Each rule file says in its description which rule it shows, and expects something."""
    check_rule_file_names_its_rule(path)


LATE = [g for g in registered_games() if g not in NAMES]  # registered only at test time (the toy): none in RULE_FILES


@pytest.mark.parametrize("game", LATE)
def test_a_game_registered_at_test_time_passes_the_rule_file_checks(registered, game):
    """The toy game (registered for this test, its letter T in engine.games.LETTERS) has rule files of its own
    letter, t02_ and t04_: each ends in its expected state, cites its rule, and its listing order decides
    nothing (C-4), as every game's."""
    assert game in registered.NAMES and registered.LETTERS[registered.NAMES.index(game)] in rule_letters()
    paths = rule_files(game)
    assert paths, "no rule file of %s in tests/rules/" % game
    for path in paths:
        check_rule_file(path)
        check_rule_file_names_its_rule(path)
        check_listing_order(path)


def test_the_rule_letters_are_the_registrys(monkeypatch):
    """A rule file of a letter no registered game has is refused; the same file passes once a game of that letter
    is registered (the check read a hand list, [CSPKD], and refused the toy's T)."""
    from conftest import TOY, register

    path = rule_files(TOY[0])[0]
    with pytest.raises(AssertionError, match="cites no rule"):
        check_rule_file_names_its_rule(path)
    register(monkeypatch)
    check_rule_file_names_its_rule(path)


def equal_time_shuffles(events):
    """Every way of listing events of equal time differently, each player's own events kept in order."""
    groups = []
    for _, group in itertools.groupby(enumerate(events), key=lambda ie: ie[1][0]):
        groups.append(list(group))
    choices = []
    for group in groups:
        orders = []
        for perm in itertools.permutations(group):
            ok = True
            for p in {ev[1] for _, ev in group}:  # every seat in the group (three or four in Speed, P-11)
                own = [i for i, ev in perm if ev[1] == p]
                ok = ok and own == sorted(own)
            if ok and perm not in orders:
                orders.append(perm)
        choices.append(orders)
    for combo in itertools.product(*choices):
        yield [ie for group in combo for ie in group]


def check_listing_order(path):
    """C-4: listing a rule file's equal-time events of different players in another order changes nothing."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    game, events = load(doc)
    want = state(game, run(game, events))
    tried = 0
    for listing in equal_time_shuffles(doc.get("events", [])):
        doc2 = dict(doc, events=[ev for _, ev in listing])
        game2, events2 = load(doc2)
        refused = [[listing[i][0], why] for i, why in run(game2, events2)]
        got = state(game2, sorted(refused))
        assert got == want, "listing %s gives another game" % [i for i, _ in listing]
        tried += 1
        if tried == 24:
            break


@pytest.mark.parametrize("path", RULE_FILES, ids=[os.path.basename(p) for p in RULE_FILES])
def test_c04_listing_order_never_decides(path):
    """C-4: listing equal-time events of different players in another order changes nothing."""
    check_listing_order(path)


# ---- C-1 the deck ---------------------------------------------------------

def test_c01_standard_deck_has_52_distinct_cards():
    """C-1: 52 distinct cards, 13 ranks in each of 4 suits, no joker."""
    buf = bytearray(54)
    n = new_deck(buf)
    cards = list(buf[:n])
    assert n == DECK_SIZE == 52
    assert len(set(cards)) == 52
    assert sorted((suit(c), rank(c)) for c in cards) == [(s, r) for s in range(4) for r in range(1, 14)]
    assert all(suit(c) != JOKER for c in cards)
    assert sorted(name(c) for c in cards) == sorted(r + s for r in "A23456789TJQK" for s in "CDHS")


def test_c01_jokers_only_in_the_54_card_deck():
    """C-1: the jokers variant adds exactly the two jokers X1 and X2."""
    buf = bytearray(54)
    n = new_deck(buf, jokers=True)
    cards = list(buf[:n])
    assert n == 54 and len(set(cards)) == 54
    jokers = [c for c in cards if suit(c) == JOKER]
    assert sorted(name(c) for c in jokers) == ["X1", "X2"]
    assert sorted(cards[:52]) == sorted(c for c in cards if suit(c) != JOKER)


def test_c01_card_names_round_trip():
    """C-1: every card and joker has one two-letter name; "10" is read as "T"."""
    buf = bytearray(54)
    n = new_deck(buf, jokers=True)
    for c in buf[:n]:
        assert parse(name(c)) == c
        assert parse(name(c).lower()) == c
    assert parse("10H") == parse("TH")
    for bad in ("1H", "ZZ", "AX", "", "KHH", None, 7):
        assert parse(bad) == -1


@pytest.mark.parametrize("seed", [1, 7, 2024, 0xFFFFFFFF])
@pytest.mark.parametrize("stocks", [5, 4])
def test_c01_a_game_of_spit_holds_the_52_cards_and_no_joker(seed, stocks):
    """C-1: a seeded Spit deal uses every card of one standard deck once."""
    game = Spit(seed=seed, stocks=stocks)
    cards = []
    for p in range(2):
        cards += game.spit[p].cards() + game.centre[p].cards()
        for pile in game.stocks[p]:
            cards += pile.cards()
    buf = bytearray(54)
    new_deck(buf)
    assert sorted(cards) == sorted(buf[:52])


# ---- C-2 circular ranks -----------------------------------------------------

def test_c02_adjacent_is_circular_and_ignores_suits():
    """C-2: a card fits when its rank is one above or below, K-A-2 both ways; suits never matter."""
    buf = bytearray(54)
    new_deck(buf)
    for card in buf[:52]:
        for top in buf[:52]:
            step = (rank(card) - rank(top)) % 13
            assert adjacent(card, top) == (step in (1, 12)), (name(card), name(top))
            assert bool(FITS[top & 15] >> (card & 15) & 1) == adjacent(card, top)  # the engines' masks agree
    assert adjacent(parse("AS"), parse("KH")) and adjacent(parse("KH"), parse("AS"))
    assert adjacent(parse("AS"), parse("2S")) and adjacent(parse("2D"), parse("AC"))
    assert not adjacent(parse("2C"), parse("KC")) and not adjacent(parse("AC"), parse("AD"))


# ---- C-4 the sequencer ------------------------------------------------------

def applied_order(seq_events):
    """The order (as list indices) in which a Sequencer applies one batch."""
    seq = Sequencer(len(seq_events))
    for i, (t, p) in enumerate(seq_events):
        seq.add(t, p, A.READY, 0, 0, i)
    seq.sort()
    return [seq.tag[seq.order[k]] for k in range(len(seq_events))]


def test_c04_earlier_timestamp_first_and_each_players_order_kept():
    """C-4: earlier actions first; one player's actions keep their order; no tie without two players."""
    assert applied_order([(30, 1), (10, 0), (20, 1)]) == [1, 2, 0]
    assert applied_order([(10, 1), (10, 1), (5, 1)]) == [2, 0, 1]


def test_c04_ties_alternate_from_player_0():
    """C-4: the first tie goes to player 0, each later one to the player who lost the one before."""
    seq = Sequencer(4)
    winners = []
    for k in range(6):
        first = k % 2  # list the players in turn first and second: the listing must not matter
        seq.add(100 * k, first, A.READY, 0, 0, first)
        seq.add(100 * k, 1 - first, A.READY, 0, 0, 1 - first)
        seq.sort()
        winners.append(seq.player[seq.order[0]])
        seq.n = 0
    assert winners == [0, 1, 0, 1, 0, 1]


def test_c04_a_batch_of_one_player_is_not_a_tie():
    """C-4: a tie needs two players; one player's equal-time actions do not pass priority."""
    seq = Sequencer(4)
    seq.add(5, 1, A.READY)
    seq.add(5, 1, A.READY)
    seq.sort()
    seq.n = 0
    seq.add(9, 1, A.READY, 0, 0, 1)
    seq.add(9, 0, A.READY, 0, 0, 0)
    seq.sort()
    assert seq.player[seq.order[0]] == 0  # still the first tie of the game



class _Match:
    """A stand-in match for the Sequencer: the action (READY, a == 1) ends its game and deals the next."""

    def __init__(self):
        self.game_no = 1
        self.applied = []

    def apply(self, t, player, verb, a, b):
        self.applied.append(player)
        if a == 1:
            self.game_no += 1
        return 0


def test_c04_a_batch_that_ends_a_game_gives_the_next_games_first_tie_to_player_0():
    """C-4 in a match: a batch that holds one game's end and the next game's first tie breaks that tie from
    player 0, as engine.replay.run does between its times; both ways of applying a batch (flush, and a time
    group at a time as the linked host does) agree."""
    for way in ("flush", "groups"):
        seq = Sequencer(8)
        game = _Match()
        seq.game_no = game.game_no
        seq.add(10, 1, A.READY)
        seq.add(10, 0, A.READY)
        seq.flush(game)  # game 1's first tie: player 0, so priority passes to player 1
        assert game.applied == [0, 1] and seq.priority == 1
        game.applied = []
        seq.add(20, 0, A.READY, 1)  # ends game 1
        seq.add(30, 0, A.READY)
        seq.add(30, 1, A.READY)  # game 2's first tie
        if way == "flush":
            seq.flush(game)
        else:
            seq.by_time()
            start = 0
            while start < seq.n:
                end = seq.group(start, game)
                for k in range(start, end):
                    i = seq.order[k]
                    game.apply(seq.t[i], seq.player[i], seq.verb[i], seq.a[i], seq.b[i])
                start = end
            seq.done(game)
        assert game.applied == [0, 0, 1], way
        assert seq.n == 0 and seq.priority == 1 and seq.game_no == 2

# ---- C-5 replays ----------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 11, 99, 4096])
@pytest.mark.parametrize("options", [
    {},
    {"stocks": 4, "auto_flip": True},
    {"choose_pile": True, "alternate_colours": True},
    {"scoring": True},
])
def test_c05_a_recorded_game_replays_exactly(seed, options):
    """C-5: a seeded random game, saved as a replay file and read back, reproduces every state."""
    opts = {"stocks": 5, "scoring": False, "choose_pile": False, "alternate_colours": False, "auto_flip": False}
    opts.update(options)
    game = Spit(seed=seed, **opts)
    player = RandomPlay(game, seed)
    player.log = []
    player.play(limit=20000)
    text = json.dumps(document(opts, seed, player.log))
    states = []
    for _ in range(2):
        again, events = loads(text)
        run(again, events)
        states.append(state(again))
        assert again.scores == game.scores
    assert states[0] == states[1] == state(game)
    assert game.phase == PH_OVER  # a whole game, not a prefix


# ---- the random generator (C-5 across Pythons) ----------------------------

def xorshift32(x):
    """Marsaglia's xorshift32 (13, 17, 5) on a plain 32-bit int: the reference."""
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x


@pytest.mark.parametrize("seed", [1, 2, 7, 0x12345678, 0xFFFFFFFF, 0x80000000, 2**32 + 5, -1])
def test_c05_rng_is_xorshift32(seed):
    """C-5: engine.rng.Rng gives the xorshift32 sequence, so a seed deals alike on every Python."""
    rng = Rng(seed)
    x = seed & 0xFFFFFFFF
    for _ in range(1000):
        x = xorshift32(x)
        assert rng.next32() == x


def test_c05_rng_seed_0_is_not_stuck():
    """C-5: seed 0 (a fixed point of xorshift) maps to a fixed non-zero state."""
    a, b = Rng(0), Rng(0x9E3779B9)
    values = [a.next32() for _ in range(50)]
    assert values == [b.next32() for _ in range(50)]
    assert len(set(values)) == 50


def reference_below(x, n):
    """below(n) on the reference: the top 29 bits, rejecting the biased tail; returns (value, state)."""
    limit = 0x20000000 - 0x20000000 % n
    while True:
        x = xorshift32(x)
        r = x >> 3
        if r < limit:
            return r % n, x


@pytest.mark.parametrize("seed", [1, 42, 0xDEADBEEF])
def test_c05_rng_below_matches_the_reference(seed):
    """C-5: below(n) is in range and matches the reference draw for draw."""
    rng = Rng(seed)
    x = seed
    for n in list(range(1, 60)) + [0x1FFFFFFF, 0x10000001, 3 << 26]:
        for _ in range(20):
            want, x = reference_below(x, n)
            got = rng.below(n)
            assert got == want and 0 <= got < n
    assert rng.next32() == xorshift32(x)


@pytest.mark.parametrize("seed", [1, 5, 123456789])
def test_c05_shuffle_is_a_deterministic_permutation(seed):
    """C-5: a shuffle is Fisher-Yates on below(), a permutation, and the same for the same seed."""
    buf = bytearray(range(52))
    Rng(seed).shuffle(buf)
    assert sorted(buf) == list(range(52))
    again = bytearray(range(52))
    Rng(seed).shuffle(again)
    assert buf == again
    other = bytearray(range(52))
    Rng(seed + 1).shuffle(other)
    assert other != buf
    ref = list(range(52))
    x = seed
    for i in range(51, 0, -1):
        j, x = reference_below(x, i + 1)
        ref[i], ref[j] = ref[j], ref[i]
    assert list(buf) == ref
    part = bytearray(range(52))
    Rng(seed).shuffle(part, 10)  # only the first 10 cards move
    assert sorted(part[:10]) == list(range(10)) and list(part[10:]) == list(range(10, 52))


# ---- S-1 to S-3 and S-17 the seeded deal ------------------------------------

def reference_deal(seed, slots=5):
    """S-1 to S-3 by hand: shuffle, deal alternately from the top, lay out row by row.

    Returns per player (stocks bottom first, spit cards as a set).
    """
    deck = bytearray(54)
    n = new_deck(deck)
    deck = deck[:n]
    Rng(seed).shuffle(deck)
    cards = list(deck)
    hands = ([], [])
    i = 0
    while cards:  # one card at a time from the top, player 0 first
        hands[i & 1].append(cards.pop())
        i += 1
    out = []
    for hand in hands:
        stocks = [[] for _ in range(slots)]
        for row in range(slots):  # S-2: one card to each of piles row..last, then the next row
            for s in range(row, slots):
                if hand:
                    stocks[s].append(hand.pop())
        out.append((stocks, sorted(hand)))
    return out


@pytest.mark.parametrize("seed", [1, 7, 31337, 0xFFFFFFFF])
def test_s01_s02_s03_seeded_deal(seed):
    """S-1, S-2, S-3: 26 cards each; stocks of 1-5 cards dealt row by row, tops up; 11 spit cards."""
    game = Spit(seed=seed)
    want = reference_deal(seed)
    held = []
    for p in range(2):
        stocks = [game.stocks[p][s].cards() for s in range(5)]
        assert [len(s) for s in stocks] == [1, 2, 3, 4, 5]  # S-2
        assert list(game.up[p]) == [1, 1, 1, 1, 1]  # S-2: each top card face up
        assert len(game.spit[p]) == 11  # S-3
        assert stocks == want[p][0], "S-2: not dealt row by row"
        assert sorted(game.spit[p].cards()) == want[p][1]
        cards = sum(stocks, []) + game.spit[p].cards()
        assert len(cards) == 26  # S-1
        held += cards
    assert len(set(held)) == 52
    st = state(game)
    assert st["phase"] == "ready" and st["round"] == 1 and st["centre"] == [[], []]


def test_s01_two_players_only():
    """S-1: Spit is for two players; a third seat is refused, and a replay file may not name one."""
    game = Spit(seed=1)
    assert game.apply(0, 2, A.READY) == A.BAD_PLAYER
    with pytest.raises(ReplayError):
        loads('{"events": [[0, 2, "ready"]]}')


@pytest.mark.parametrize("seed", [1, 7, 31337])
def test_s17_four_stocks_deal(seed):
    """S-17: four stock piles of 1-4 cards (10 cards, dealt row by row) and 16 spit cards each."""
    game = Spit(seed=seed, stocks=4)
    want = reference_deal(seed, slots=4)
    for p in range(2):
        stocks = [game.stocks[p][s].cards() for s in range(5)]
        assert [len(s) for s in stocks] == [1, 2, 3, 4, 0]
        assert stocks[:4] == want[p][0]
        assert list(game.up[p])[:4] == [1, 1, 1, 1]
        assert len(game.spit[p]) == 16
        assert len(state(game)["players"][p]["stocks"]) == 4


# ---- S-16 scoring to 100 ----------------------------------------------------

def scoring_round_end(scores, p0_spit, p1_extra):
    """A scoring game where player 0 clears at once (S-10 a) with p0_spit spit cards left.

    Player 1 is left with one stock card plus p1_extra spit cards. Returns the game after the round.
    """
    game = Spit(scoring=True, seed=5)
    deck = bytearray(54)
    new_deck(deck)
    spare = [c for c in deck[:52] if name(c) not in ("5S", "9C", "6H", "2D")]
    spit0, spare = spare[:p0_spit], spare[p0_spit:]
    spit1 = spare[:p1_extra]
    game.load([([[parse("6H")], [], [], [], []], spit0),
               ([[parse("2D")], [], [], [], []], spit1)], [[parse("5S")], [parse("9C")]])
    game.scores[0], game.scores[1] = scores
    assert game.apply(100, 0, A.PLAY, 0, 0) == A.OK
    return game


def test_s16_points_are_cards_left_and_play_goes_on_below_100():
    """S-16: each player scores their unplayed stock and spit cards; under 100 a fresh deal follows."""
    game = scoring_round_end((40, 50), 3, 8)
    assert game.scores == [43, 59]
    assert game.phase != PH_OVER and game.winner == A.NONE and game.round == 2


def test_s16_reaching_100_ends_the_game_and_the_lowest_score_wins():
    """S-16: 100 or more ends the game; the player with the lowest score wins."""
    game = scoring_round_end((90, 60), 12, 5)
    assert game.scores == [102, 66]
    assert game.phase == PH_OVER and game.winner == 1


def test_s16_the_player_who_cleared_can_still_lose_on_points():
    """S-16: the winner is the lowest total, not who cleared this round."""
    game = scoring_round_end((99, 10), 1, 0)
    assert game.scores == [100, 11]
    assert game.phase == PH_OVER and game.winner == 1
    game = scoring_round_end((20, 99), 0, 0)
    assert game.scores == [20, 100]
    assert game.phase == PH_OVER and game.winner == 0


def test_s16_equal_lowest_scores_are_a_draw():
    """S-16: a tie on the lowest score is a draw (no winner; state() shows null)."""
    game = scoring_round_end((95, 96), 5, 3)
    assert game.scores == [100, 100]
    assert game.phase == PH_OVER and game.winner == A.NONE
    assert state(game)["winner"] is None and state(game)["phase"] == "over"


@pytest.mark.parametrize("seed", [2, 8, 77, 1234])
def test_s16_random_scoring_games_end_at_100_with_the_lowest_winner(seed):
    """S-16: whole scoring games: every round adds the cards left; at 100 the lowest score wins."""
    game = Spit(scoring=True, seed=seed)
    player = RandomPlay(game, seed)
    last_round = game.round
    last_scores = list(game.scores)
    while game.phase != PH_OVER:
        held = (game.cards_held(0), game.cards_held(1))
        assert player.step(), "stuck"
        if game.round != last_round or game.phase == PH_OVER:
            gained = [game.scores[p] - last_scores[p] for p in range(2)]
            assert max(last_scores) < 100
            for p in range(2):  # a step applies at most one action of each player
                assert held[p] - 1 <= gained[p] <= held[p], (gained, held)
            last_round, last_scores = game.round, list(game.scores)
            if game.phase != PH_OVER:  # S-16: a fresh 26/26 deal each round
                for p in range(2):
                    assert [len(game.stocks[p][s]) for s in range(5)] == [1, 2, 3, 4, 5]
                    assert len(game.spit[p]) == 11
    s0, s1 = game.scores
    assert max(s0, s1) >= 100
    assert game.winner == (0 if s0 < s1 else 1 if s1 < s0 else A.NONE)


# ---- every rule is named ----------------------------------------------------



def cited_rules():
    """Every rule file's name and description, and every test's name and docstring in tests/, as one text."""
    import ast

    texts = []
    for path in RULE_FILES:
        with open(path, encoding="utf-8") as f:
            texts.append(os.path.basename(path) + " " + json.load(f)["description"])
    for path in files_of_tests():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                texts.append(node.name + " " + (ast.get_docstring(node) or ""))
    return "\n".join(texts)





@pytest.mark.parametrize("game", registered_games())
def test_every_rule_of_every_game_is_named_by_a_test(game):
    """Each rule of RULES.md for a registered game (the rule letters its kit names; the toy's rules are in its
    package's docstring) is cited by a rule file, or a test's name or docstring in tests/."""
    path = kit(game).RULES or RULES_MD
    if not os.path.exists(path):
        pytest.skip("RULES.md is not beside the repository")
    rules, missing = uncited(kit(game).LETTERS, cited_rules(), path)
    assert len(rules) >= 5
    assert not missing, "rules without a test: %s" % " ".join(missing)


def test_the_rule_check_sees_a_rule_named_only_in_a_test_name():
    """The coverage check counts p08_ in a test's name and P-8 in a docstring, not a rule nobody names."""
    assert uncited("P", "test_p08_x\nP-9 here\n")[1] == [r for r in uncited("P", "")[0] if r not in ("P-8", "P-9")]
