"""The games this device plays, by name: the seam every game goes through (docs/games.md).

A game is a set of modules named after it; this registry holds only names, so
importing it loads no game. ``get(name)`` imports a game's description
(engine.<name>.game): its title, options, seats, and the names of its
engine, file, controls, CPU and screen modules.

A game whose folders live elsewhere (the tests' toy game, tests/toy/) is
registered by adding its name to NAMES, its title to TITLES and its package
to HOMES: its description and file modules are then <package>.game and
<package>.file (tests/conftest.py's ``registered`` fixture).
"""

NAMES = ("spit", "speed", "california")
TITLES = ("Spit", "Speed", "California")  # the menu's game line, by NAMES
HOMES = {}  # name: the package of a game not in engine/ (a board has none: a dict, and no function, costs no heap)


def get(name):
    """The description module of a game by name (ValueError for a name not in NAMES)."""
    if name not in NAMES:
        raise ValueError("no game called %r" % (name,))
    return __import__((HOMES.get(name) or "engine." + name) + ".game", None, None, ("_",))
