"""California Spit as the app, the menu and the tools see it (docs/games.md).

Only names and words: importing this loads no engine, screen or CPU module.
"""

SEATS = (2,)

# The options: (key, menu label, values, words); the first value is the default.
OPTIONS = (
    ("hints", "Hints", (False, True), ("off", "on")),  # the screen marks the piles that may be covered
)

ENGINE = "engine.california"  # class California
CONTROLS = "engine.california_controls"  # class Cluster
CPU = "engine.bots.california"  # make(name) and View: the CPU players (engine.bots.Driver presses for them)
SCREEN = "ui.california_table"  # class Table
WORDS = "ui.california_words"  # the banners and the moments' words (no displayio)
RESULT = "ui.california_result"  # the result screen's words: what decided a game (loaded at its end)

ROSTER = ("level1", "level2", "level3", "level4", "level5", "level6", "level7", "level8", "adaptive")
MEDIAN_MS = (0, 2600, 2100, 1590, 1300, 1060, 850, 690, 560)  # measured by tools/tournament.py: docs/bots.md

HOWTO = (
    "HOW TO PLAY CALIFORNIA",
    "Two tops of one rank are",
    "a match: cover every card",
    "of it from your pile,",
    "yours or the other's.",
    "Up/Down: move your mark",
    "Left/Right: cover the",
    " match nearest your mark",
    " in that column",
    "No match left: new deal",
    "Last card laid wins!",
    "P1 {0}  P2 {1}",  # the device's buttons (ui.menu.howto)
    "Pause: hold Up+Down",
)


def new(seed, options, seen=None):
    """A new game (the options dict's keys are OPTIONS: hints is the screen's, the engine takes none); seen: link
    play's hidden cards (engine.link_host)."""
    from engine.california import California

    return California(seed=seed, seen=seen)
