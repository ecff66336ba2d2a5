"""Every registered game's cases for the generic tests: games dealt from a file's options, the options a
game's menu offers, and the invariants every game keeps (each game's kit, tests/kits/, says where its cards
lie and what else it keeps)."""

from collections import Counter

from hypothesis import strategies as st

from conftest import kit
from engine.replay import ReplayError, file_module, state


def option_sets(games, name):
    """Option dicts of the game's menu values (engine.games' OPTIONS), those its file module accepts."""

    def accepted(options):
        try:
            file_module(name).options(options)
        except ReplayError:
            return False
        return True

    return st.fixed_dictionaries({key: st.sampled_from(values)
                                  for key, _, values, _ in games.get(name).OPTIONS}).filter(accepted)


def new(name, seed, options):
    """A game dealt from seed with a file's options."""
    files = file_module(name)
    return files.new(seed, files.options(options))


def all_cards(game):
    """Every card in the game, wherever it lies (its kit knows where)."""
    return kit(game.name).cards(game)


def snapshot(game):
    """Everything a refused action must leave untouched."""
    return (state(game), bytes(game.ready), game.round, game.winner) + tuple(kit(game.name).untouched(game))


def check_invariants(game, deck):
    assert Counter(all_cards(game)) == deck, "cards lost or duplicated"
    kit(game.name).invariants(game)
