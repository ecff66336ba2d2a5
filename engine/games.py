"""The games this device plays, by name: the seam every game goes through (docs/games.md).

A game is a set of modules named after it; this registry holds one record a
game, its name, title and rule letter, so importing it loads no game.
``get(name)`` imports a game's description (engine.<name>.game): its options,
seats, and the names of its engine, file, controls, CPU and screen modules.
The letter is its rules' in ../shared/RULES.md (S-1, P-1, K-1; C and D are
every game's), which its rule files and tests cite.

``GAMES`` is append-only: a game's place in it is a wire format (link play's
WELCOME sends the host's game as its index in NAMES, engine/link/wire.py), and
its name a key of what a board stores (hal/nvmstore.py's statistics and
settings keep the name): a game is never moved, renamed or removed. A
duplicate name or letter is refused at import (ValueError).

The records are one flat tuple, three items a game (a line each): on a board
its constants stay in the heap as long as ``get`` does, and a tuple a record
cost 400 B of heap at the menu where this costs 192 B (PyBadge, bench_board), words
in its ValueError 64 B more.

A game whose folders live elsewhere (the tests' toy game, tests/toy/) is
registered by appending its record to GAMES and its parts to NAMES, TITLES
and LETTERS and its package to HOMES, refusing a name or letter already
there: its description and file modules are then <package>.game and
<package>.file (tests/conftest.py's ``register``).
"""

GAMES = (  # append only (above): name, title on the menu's game line, rule letter; a game a line
    "spit", "Spit", "S",
    "speed", "Speed", "P",
    "california", "California", "K",
)
NAMES = ()
TITLES = ()
LETTERS = ""
for i in range(0, len(GAMES), 3):  # once, at import: a loop costs a board no heap afterwards, a function would
    if GAMES[i] in NAMES or GAMES[i + 2] in LETTERS + "CD":
        raise ValueError(GAMES[i])  # the record of a name or letter taken (words here would stay in the heap)
    NAMES += (GAMES[i],)
    TITLES += (GAMES[i + 1],)
    LETTERS += GAMES[i + 2]
del i
HOMES = {}  # name: the package of a game not in engine/ (a board has none: a dict, and no function, costs no heap)


def ui(name, part):
    """The dotted name of a game's screen module ``part`` ("table", "words", "result" or "howto"), by the
    convention that a game's screen is its folder ui/<name>/ (a game from elsewhere: the ui folder beside its
    engine package in HOMES, "a.b.engine" -> "a.b.ui"). No description names its screen: the engine does not
    know where it lives (docs/games.md)."""
    home = HOMES.get(name)
    return (home.rpartition(".")[0] + ".ui." if home else "ui." + name + ".") + part


def get(name):
    """The description module of a game by name (ValueError for a name not in NAMES)."""
    if name not in NAMES:
        raise ValueError("no game called %r" % (name,))
    return __import__((HOMES.get(name) or "engine." + name) + ".game", None, None, ("_",))
