"""Words every game's table shares (no displayio): the seats' names and why a play was refused.

Each game's Words (ui/<game>_words.py) names seats through ``Names``: "P1",
"P2", ... until the App says who plays each seat (``seat``), then "You" for
the one person of this device (a game against the CPU, or a linked device's
own seat), "CPU" for a CPU's seat (with more than one CPU: "CPU2", ...), and
P1, P2, ... for people when two or more share the device.
"""

from engine import actions as A

PERSON = 0  # a person at this device's buttons
CPU = 1  # the CPU plays the seat
REMOTE = 2  # a person at another linked device

_REFUSALS = {  # engine.actions' reasons a person can cause, in a player's words
    A.NOT_ADJACENT: "not one up or down",
    A.SAME_COLOUR: "same colour",
    A.FACE_DOWN: "turn it up first",
    A.EMPTY_SLOT: "no card there",
    A.NO_PILE: "no pile there",
    A.ALREADY_UP: "already face up",
    A.SLOT_TAKEN: "that place is taken",
    A.JOKER_LAST: "a joker can't go last",
    A.NO_MATCH: "that rank isn't open",
}


class Names:
    """The seats' names on one table's banners."""

    def __init__(self):
        self.names = ["P1", "P2", "P3", "P4"]
        self.you = -1  # the one seat this device's person plays, or -1

    def seat(self, kinds):
        """Name the seats from who plays them: kinds[p] is PERSON, CPU or REMOTE."""
        people = [p for p, k in enumerate(kinds) if k == PERSON]
        cpus = [p for p, k in enumerate(kinds) if k == CPU]
        self.you = people[0] if len(people) == 1 else -1
        for p in range(len(kinds)):
            if p == self.you:
                self.names[p] = "You"
            elif kinds[p] == CPU:
                self.names[p] = "CPU" if len(cpus) == 1 else "CPU%d" % (cpus.index(p) + 1)
            else:
                self.names[p] = "P%d" % (p + 1)

    def name(self, p):
        """A seat's name: P1, You, CPU, ..."""
        return self.names[p] if 0 <= p < len(self.names) else "P%d" % (p + 1)

    def does(self, p, verb):
        """A seat and a verb that agree: 'You take', 'CPU takes'."""
        return "You " + verb if p == self.you else "%s %ss" % (self.name(p), verb)

    def wins(self, p):
        """'You win!', 'CPU wins!', 'P2 wins!'."""
        return self.does(p, "win") + "!"

    def refused(self, p, reason):
        """Why player p's play was refused, in words (None for a reason not worth saying)."""
        why = _REFUSALS.get(reason)
        if why is None:
            return None
        return "%s: %s" % (self.name(p), why)
