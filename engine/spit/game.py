"""Spit as the app, the menu and the tools see it (docs/games.md).

Only names and words: importing this loads no engine, screen or CPU module.
"""

SEATS = (2,)  # how many players a game can have

# The options: (key, menu label, values, words); the first value is the default.
OPTIONS = (
    ("stocks", "Stocks", (5, 4), ("5 piles", "4 piles")),  # S-17
    ("one_round", "One round", (False, True), ("off", "on")),  # S-9's variant: spit piles reshuffled, no slap
    ("scoring", "Scoring", (False, True), ("off", "to 100")),  # S-16
    ("alternate_colours", "Colours", (False, True), ("any", "alternate")),  # S-19
    ("choose_pile", "Pile", (False, True), ("slap race", "winner picks")),  # S-18
    ("auto_flip", "Auto-flip", (False, True), ("off", "on")),  # S-6's aid
    ("stall", "No play", (True, False), ("10 s: spit", "wait")),  # S-8's decision: a move nobody makes
)


def applies(key, settings):
    """Whether an option's line means anything beside the others' values (the menu shows only those)."""
    if key == "choose_pile":  # S-16's rounds end with no slap, and one round has none, so nobody picks a pile (S-18)
        return not settings.get("scoring") and not settings.get("one_round")
    if key == "scoring":
        return not settings.get("one_round")  # S-9's one round: no round ends to score (S-16)
    return True

# The modules of the game, by role (each may be imported on its own; engine.<name>.file is the files')
ENGINE = "engine.spit.rules"  # class Spit
CONTROLS = "engine.spit.buttons"  # class Cluster: four buttons per player
CPU = "engine.spit.cpu"  # make(name) and View: the CPU players (engine.bots.Driver presses for them)

# The CPU line of the menu: bot names, and the median time per move of each level (ms,
# measured by tools/tournament.py --json: median_move_ms, docs/bots.md)
ROSTER = ("level1", "level2", "level3", "level4", "level5", "level6", "level7", "level8", "adaptive",
          "first", "nearest", "relaxed")
MEDIAN_MS = (0, 2070, 1650, 1320, 1060, 850, 690, 550, 450)
BOT_WORDS = {"first": ("simple: first card", "first card"),  # engine/spit/first.py: the first card that fits
             "nearest": ("simple: nearest card", "nearest card")}  # engine/spit/nearest.py: the fewest presses


def new(seed, options, seen=None):
    """A new game with the options dict (keys of OPTIONS); seen: link play's hidden cards (engine.link.host)."""
    from engine.spit.rules import Spit

    for key, _, values, _ in OPTIONS:  # a tool's partial options: the menu's defaults for the rest
        if key not in options:
            options = dict(options)
            options[key] = values[0]
    return Spit(seed=seed, seen=seen, **options)
