"""California Spit as the app, the menu and the tools see it (docs/games.md).

Only names and words: importing this loads no engine, screen or CPU module.
"""

SEATS = (2,)

# The options: (key, menu label, values, words); the first value is the default.
OPTIONS = (
    ("hints", "Hints", (False, True), ("off", "on")),  # the screen marks the piles that may be covered
    ("aim", "Auto-aim", (False, True), ("off", "on")),  # a press covers the match nearest the mark (the buttons')
)

ENGINE = "engine.california.rules"  # class California
CONTROLS = "engine.california.buttons"  # class Cluster
CPU = "engine.california.cpu"  # make(name) and View: the CPU players (engine.bots.Driver presses for them)

# relaxed: slower than level 1 (engine.bots.relax); the menu's CPU line wraps round from it to level 1
ROSTER = ("level1", "level2", "level3", "level4", "level5", "level6", "level7", "level8", "adaptive", "relaxed")
MEDIAN_MS = (0, 1890, 1700, 1440, 1330, 1200, 970, 790, 640)  # measured by tools/tournament.py: docs/bots.md


def new(seed, options, seen=None):
    """A new game (the options dict's keys are OPTIONS: hints is the screen's, aim the buttons', the engine takes
    none); seen: link play's hidden cards (engine.link.host)."""
    from engine.california.rules import California

    game = California(seed=seed, seen=seen)
    game.auto_aim = bool(options.get("aim", False))  # read by the buttons (engine.california.buttons), never a rule
    return game
