"""Snap (the tests' toy game) as the app, the menu and the tools see it (docs/games.md).

Only names and words: importing this loads no engine, screen or CPU module.
"""

SEATS = (2,)

# The options: (key, menu label, values, words); the first value is the default.
OPTIONS = (
    ("deck", "Deck", (52, 20), ("52 cards", "20 cards")),  # T-1: the short deck, tens to aces
)

ENGINE = "tests.toy.engine.rules"  # class Snap
CONTROLS = "tests.toy.engine.buttons"  # class Cluster
CPU = "tests.toy.engine.cpu"  # make(name) and View

ROSTER = ("level2", "level5", "level8")
# The median time per flip of the roster's levels (the menu's CPU line), by level: a Match of each level against
# itself over 20 seeded games (tests/toy/test_toy_game.py holds them to it)
MEDIAN_MS = (0, 0, 1300, 0, 0, 660, 0, 0, 350)


def new(seed, options, seen=None):
    """A new game of Snap (options: deck, the engine's); seen: link play's hidden cards (engine.link.host)."""
    from tests.toy.engine.rules import Snap

    return Snap(seed=seed, deck=options.get("deck", 52), seen=seen)
