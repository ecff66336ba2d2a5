"""Speed as the app, the menu and the tools see it (docs/games.md).

Only names and words: importing this loads no engine, screen or CPU module.
"""

SEATS = (2, 3, 4)

# The options: (key, menu label, values, words); the first value is the default.
OPTIONS = (
    ("short_side_piles", "Side pile", (False, True), ("10 cards", "5 cards")),  # P-1
    ("doubles", "Doubles", (False, True), ("off", "on")),  # P-3
    ("jokers", "Jokers", (False, True), ("off", "on")),  # P-10
    ("ending", "Ending", ("first_out", "call", "race"), ("first out", "call Speed", "race")),  # P-8
    ("call_ms", "Call time", (3000, 2000, 5000), ("3 s", "2 s", "5 s")),  # P-8
    ("match", "Match", ("single", "best_of_3", "points"), ("one game", "best of 3", "points")),  # P-9
    ("target", "Target", (25, 10, 50), ("25 points", "10 points", "50 points")),  # P-9
    ("players", "Players", (2, 3, 4), ("2", "3", "4")),  # P-11
    ("decks", "Decks", (1, 2), ("1 deck", "2 decks")),  # P-11: two decks only with four players
    ("stall", "No play", (True, False), ("10 s: flip", "wait")),  # P-7's decision: a card held back (P-5)
)


def applies(key, settings):
    """Whether an option's line means anything beside the others' values (the menu shows only those)."""
    if key == "call_ms":
        return settings.get("ending") == "call"  # P-8: the call ending's time limit
    if key == "target":
        return settings.get("match") == "points"  # P-9
    if key == "decks":
        return settings.get("players") == 4  # P-11: two decks only with four players
    if key == "short_side_piles":  # P-11: side piles of 10 only for two players, or four with two decks
        return settings.get("players", 2) == 2 or (settings.get("players") == 4 and settings.get("decks") == 2)
    return True

ENGINE = "engine.speed.rules"  # class Speed
CONTROLS = "engine.speed.buttons"  # class Cluster
CPU = "engine.speed.cpu"  # make(name) and View: the CPU players (engine.bots.Driver presses for them)

# relaxed: slower than level 1 (engine.bots.relax); the menu's CPU line wraps round from it to level 1
ROSTER = ("level1", "level2", "level3", "level4", "level5", "level6", "level7", "level8", "adaptive", "relaxed")
MEDIAN_MS = (0, 2150, 1710, 1350, 1090, 870, 710, 580, 470)


def new(seed, options, seen=None):
    """A new game with the options dict (keys of OPTIONS); two decks are played only by four (P-11); seen: link
    play's hidden cards (engine.link.host)."""
    from engine.speed.rules import Speed

    for key, _, values, _ in OPTIONS:  # a tool's partial options: the menu's defaults for the rest
        if key not in options:
            options = dict(options)
            options[key] = values[0]
    if options.get("decks", 1) == 2 and options.get("players", 2) != 4:
        options = dict(options, decks=1)  # the menu's two decks with fewer seats: one deck, as RULES.md deals
    return Speed(seed=seed, seen=seen, **options)
