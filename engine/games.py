"""The games this device plays, by name: the seam every game goes through (docs/games.md).

A game is a set of modules named after it; this registry holds only names, so
importing it loads no game. ``get(name)`` imports a game's description
(engine.games.<name>): its title, options, seats, and the names of its
engine, file, controls, CPU and screen modules.
"""

NAMES = ("spit", "speed", "california")
TITLES = ("Spit", "Speed", "California")  # the menu's game line, by NAMES


def get(name):
    """The description module of a game by name (ValueError for a name not in NAMES)."""
    if name not in NAMES:
        raise ValueError("no game called %r" % (name,))
    return __import__("engine.%s.game" % name, None, None, ("_",))
