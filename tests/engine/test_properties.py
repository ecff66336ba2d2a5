"""Property tests: random action streams never break a game's invariants, for every registered game.

Invariants after every action: every card present exactly once, the game's own invariants (its kit's: never more
than five stocks in Spit, four with S-17, only top cards face up; a Speed hand of five; California's open ranks),
a refused action changes nothing (C-4, C-5), and every game of random legal play ends. The options are drawn
from the game's menu values (those its file module accepts); each game's kit says how many examples.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import kit, registered_games
from gamecases import all_cards, check_invariants, new, option_sets, snapshot
from engine import actions as A
from engine.randplay import RandomPlay
from engine.replay import document, file_module, load, run, state

GAMES = registered_games()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.slow
def test_random_action_streams_keep_invariants(registered, name):
    """C-1, C-3, S-7: any stream of actions, legal or not, keeps every invariant."""
    top_verb = max(file_module(name).VERBS) + 1  # one past the game's verbs: refused

    @settings(max_examples=kit(name).EXAMPLES["streams"])
    @given(options=option_sets(registered, name), seed=st.integers(0, 2**32 - 1), data=st.data())
    def stream(options, seed, data):
        random_action_stream(new(name, seed, options), options, data, top_verb)

    stream()


def random_action_stream(game, options, data, top_verb):
    """Actions drawn by data, legal or not, applied to game: every invariant holds after each."""
    deck = Counter(all_cards(game))
    assert sum(deck.values()) == kit(game.name).size(options)
    legal = bytearray(3 * 48)
    t = 0
    for _ in range(data.draw(st.integers(50, 400), label="length")):
        t += data.draw(st.integers(0, 500), label="gap")
        player = data.draw(st.integers(0, game.players - 1), label="player")
        n = game.legal(player, legal)
        if n and data.draw(st.booleans(), label="pick legal"):
            i = 3 * data.draw(st.integers(0, n - 1), label="which")
            verb, a, b = legal[i], legal[i + 1], legal[i + 2]
        else:
            verb = data.draw(st.integers(0, top_verb), label="verb")
            a = data.draw(st.integers(0, 6), label="a")
            b = data.draw(st.integers(0, 6), label="b")
        game.advance(t)  # the clock reaching t (a call limit, a stall) is not the action's doing (P-7, P-8)
        before = snapshot(game)
        reason = game.apply(t, player, verb, a, b)
        if reason != A.OK:
            assert snapshot(game) == before, "a refused action changed the game"
        check_invariants(game, deck)
        if game.phase == A.PH_OVER:
            break


@pytest.mark.parametrize("name", GAMES)
def test_random_legal_play_always_ends(registered, name):
    """S-10, S-15, S-16: every game of random legal play ends, with a winner or a draw (and the game's kit's
    checks of a game's end: S-15, without scoring Spit's winner has no cards at all)."""

    @settings(max_examples=kit(name).EXAMPLES["endings"])
    @given(options=option_sets(registered, name), seed=st.integers(0, 2**32 - 1))
    def ends(options, seed):
        game = new(name, seed, options)
        applied = RandomPlay(game, seed).play(limit=50000)
        assert game.phase == A.PH_OVER, "game did not end after %d actions" % applied
        kit(name).ended(game, options)

    ends()


@pytest.mark.parametrize("name", GAMES)
def test_replaying_the_log_reproduces_the_game(registered, name):
    """C-5: a game is a pure function of settings, seed and the timestamped input log."""

    @settings(max_examples=kit(name).EXAMPLES["replays"])
    @given(options=option_sets(registered, name), seed=st.integers(0, 2**32 - 1))
    def replayed(options, seed):
        game = new(name, seed, options)
        player = RandomPlay(game, seed)
        player.log = []
        player.play(limit=50000)
        again, events = load(document(options, seed, player.log, game=name))
        run(again, events)
        assert state(again) == state(game)
        assert snapshot(again) == snapshot(game)  # the scores, the shuffle and the hidden cards too
        assert getattr(again, "scores", None) == getattr(game, "scores", None)

    replayed()
