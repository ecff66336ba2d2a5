"""The names of engine.actions' numbers, for replay files, traces and tools (a board playing a game never
loads them): the buttons, and what every game shares; ``of(file)`` adds one game's own names (its file
module's OWN_PHASES, OWN_VERBS, OWN_REASONS and OWN_REPORTS) and refuses a clash."""

BUTTONS = ("up", "down", "left", "right")

# What every game shares (engine.actions), as a game's file module writes its own: (name, number)
PHASES = (("ready", 0), ("play", 1), ("over", 4))
VERBS = (("ready", 0, 0), ("play", 1, 2), ("flip", 2, 1), ("move", 3, 2))  # (name, number, arguments)
REASONS = (("ok", 0), ("bad_player", 1), ("wrong_phase", 2), ("bad_slot", 3), ("bad_pile", 4), ("empty_slot", 5),
           ("face_down", 6), ("no_pile", 7), ("not_adjacent", 8), ("already_up", 10), ("slot_taken", 11),
           ("already_ready", 12), ("bad_verb", 14))
REPORTS = (("ready", 0), ("spit", 1), ("land", 2), ("flip", 3), ("move", 4), ("stalemate", 5), ("slap", 7),
           ("deal", 9), ("game_over", 10), ("score", 11))


class Names:
    """One game's names by number (None for a number the game does not use): PHASES, VERBS, ARGC, REASONS and
    REPORTS."""

    def __init__(self, file):
        self.PHASES = _table(PHASES, getattr(file, "OWN_PHASES", ()), "phase")
        self.REASONS = _table(REASONS, getattr(file, "OWN_REASONS", ()), "reason")
        self.REPORTS = _table(REPORTS, getattr(file, "OWN_REPORTS", ()), "report")
        verbs = VERBS + tuple(getattr(file, "OWN_VERBS", ()))
        self.VERBS = _table([v[:2] for v in VERBS], [v[:2] for v in verbs[len(VERBS):]], "verb")
        argc = [None] * len(self.VERBS)
        for _, number, count in verbs:
            argc[number] = count
        self.ARGC = tuple(argc)


def _table(shared, own, what):
    """A tuple of names by number: the shared ones, then the game's own (ValueError for a clash)."""
    names = {}
    for name, number in tuple(shared) + tuple(own):
        if type(number) is not int or not 0 <= number <= 254:
            raise ValueError("%s %r: its number must be 0-254, got %r" % (what, name, number))
        if number in names or name in names.values():
            raise ValueError("%s %r (%d) clashes with %s %r" % (what, name, number, what, names.get(number, name)))
        names[number] = name
    return tuple(names.get(n) for n in range(max(names) + 1))


_CACHE = {}


def of(file):
    """The names of the game whose file module (engine.<game>.file) is file."""
    names = _CACHE.get(file)
    if names is None:
        names = _CACHE[file] = Names(file)
    return names
