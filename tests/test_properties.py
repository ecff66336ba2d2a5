"""Property tests: random action streams never break the game's invariants.

Invariants after every action: every card present exactly once, never more
than five stocks (four with S-17), only top cards face up, a refused action
changes nothing (C-4, C-5), and every game of random legal play ends.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import actions as A
from engine.randplay import RandomPlay
from engine.replay import document, load, run, state
from engine.spit.rules import PH_OVER, Spit

OPTION_SETS = st.fixed_dictionaries({
    "stocks": st.sampled_from((4, 5)),
    "scoring": st.booleans(),
    "choose_pile": st.booleans(),
    "alternate_colours": st.booleans(),
    "auto_flip": st.booleans(),
})


def all_cards(game):
    """Every card in the game, wherever it lies."""
    cards = []
    if game.name == "speed":
        for p in range(game.players):
            cards += [c for c in game.hands[p] if c] + game.draw[p].cards() + game.side[p].cards()
            cards += game.centre[p].cards() + ([game.start[p]] if game.start[p] else [])
        return cards  # the deck is the last centre pile's room during the deal (engine.speed.deal)
    if game.name == "california":
        for p in range(2):
            cards += game.piles[p].cards()
            for pile in game.rows[p]:
                cards += pile.cards()
        return cards
    for p in range(2):
        cards += game.centre[p].cards() + game.spit[p].cards() + game.hands[p].cards()
        for pile in game.stocks[p]:
            cards += pile.cards()
    return cards + game.deck.cards()


def snapshot(game):
    """Everything a refused action must leave untouched."""
    return (state(game), bytes(game.ready), game.rng.hi, game.rng.lo, game.cleared,
            [bytes(u) for u in game.up], game.round, game.winner, game.chooser)


def check_invariants(game, deck):
    cards = all_cards(game)
    assert Counter(cards) == deck, "cards lost or duplicated"
    if game.name == "california":
        tops = [pile.top() & 15 for row in game.rows for pile in row if pile.n]
        shown = sum(1 << r for r in set(tops) if tops.count(r) >= 2)
        assert game.open & shown == shown, "two tops of a rank and it is not open (K-3)"
        assert all(r in tops for r in range(1, 14) if game.open >> r & 1), "an open rank no top shows (K-3)"
        if game.phase == PH_OVER:
            assert game.winner in (0, 1, A.NONE)
        return
    if game.name == "speed":
        assert all(len(h) == 5 for h in game.hands), "a hand holds at most five cards (P-4)"
        if game.phase == PH_OVER:
            assert game.winner in tuple(range(game.players)) + (A.NONE,)
        return
    for p in range(2):
        for s, pile in enumerate(game.stocks[p]):
            if s >= game.slots:
                assert pile.n == 0, "more stocks than the layout allows (S-7, S-17)"
            assert game.up[p][s] in (0, 1)
            if pile.n == 0:
                assert game.up[p][s] == 0, "an empty slot cannot have a face-up card"
        assert game.hands[p].n == 0, "hands are only used between rounds"
    assert game.deck.n == 0
    if game.phase == PH_OVER:
        assert game.winner in (0, 1, A.NONE)


@settings(max_examples=60)
@given(options=OPTION_SETS, seed=st.integers(0, 2**32 - 1), data=st.data())
@pytest.mark.slow
def test_random_action_streams_keep_invariants(options, seed, data):
    """C-1, C-3, S-7: any stream of actions, legal or not, keeps every invariant."""
    game = Spit(seed=seed, **options)
    deck = Counter(all_cards(game))
    assert sum(deck.values()) == 52
    legal = bytearray(3 * 48)
    t = 0
    for _ in range(data.draw(st.integers(50, 400), label="length")):
        t += data.draw(st.integers(0, 500), label="gap")
        player = data.draw(st.integers(0, 1), label="player")
        n = game.legal(player, legal)
        if n and data.draw(st.booleans(), label="pick legal"):
            i = 3 * data.draw(st.integers(0, n - 1), label="which")
            verb, a, b = legal[i], legal[i + 1], legal[i + 2]
        else:
            verb = data.draw(st.integers(0, 6), label="verb")
            a = data.draw(st.integers(0, 6), label="a")
            b = data.draw(st.integers(0, 6), label="b")
        before = snapshot(game)
        reason = game.apply(t, player, verb, a, b)
        if reason != A.OK:
            assert snapshot(game) == before, "a refused action changed the game"
        check_invariants(game, deck)
        if game.phase == PH_OVER:
            break


@settings(max_examples=40)
@given(options=OPTION_SETS, seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_always_ends(options, seed):
    """S-10, S-15, S-16: every game of random legal play ends, with a winner or a draw."""
    game = Spit(seed=seed, **options)
    applied = RandomPlay(game, seed).play(limit=50000)
    assert game.phase == PH_OVER, "game did not end after %d actions" % applied
    if not options["scoring"]:
        assert game.winner in (0, 1)
        assert game.cards_held(game.winner) == 0  # S-15: the winner has no cards at all


@settings(max_examples=25)
@given(options=OPTION_SETS, seed=st.integers(0, 2**32 - 1))
def test_replaying_the_log_reproduces_the_game(options, seed):
    """C-5: a game is a pure function of settings, seed and the timestamped input log."""
    game = Spit(seed=seed, **options)
    player = RandomPlay(game, seed)
    player.log = []
    player.play(limit=50000)
    again, events = load(document(options, seed, player.log))
    run(again, events)
    assert state(again) == state(game)
    assert again.scores == game.scores
