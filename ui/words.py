"""Words every game's table shares (no displayio): the seats' names (why a play was refused: ui/refusals.py).

The App names the seats from who plays them and gives the names to the
game's Words (ui/<game>/words.py, ``words.names``): "You" for the one person
of this device (a game against the CPU, or a linked device's own seat),
"CPU" for a CPU's seat (with more than one: "CPU1", "CPU2", ...), and P1,
P2, ... for people when two or more share the device. A game's Words
import nothing from here (a board holds its words with its engine, inside
the engine's import budget: docs/performance.md).
"""

PERSON = 0  # a person at this device's buttons
CPU = 1  # the CPU plays the seat
REMOTE = 2  # a person at another linked device


def kinds(app):
    """Who plays each of the App's seats: PERSON, CPU or REMOTE (another linked device's person); a linked
    device's own seat is its person's, whoever presses for them (tools/linkplay.py lets a CPU)."""
    link = app.link
    if link is not None:
        return [PERSON if p == link.seat else REMOTE if link.remote(p) else CPU for p in range(len(app.cpus))]
    return [PERSON if d is None else CPU for d in app.cpus]


def names(kinds):
    """The seats' names from who plays them (kinds[p] is PERSON, CPU or REMOTE); a CPU is numbered by its seat
    where there are several (CPU3 sits where P3 would)."""
    people = [p for p, k in enumerate(kinds) if k == PERSON]
    cpus = [p for p, k in enumerate(kinds) if k == CPU]
    out = []
    for p, kind in enumerate(kinds):
        if len(people) == 1 and p == people[0]:
            out.append("You")
        elif kind == CPU:
            out.append("CPU" if len(cpus) == 1 else "CPU%d" % (p + 1))
        else:
            out.append("P%d" % (p + 1))
    return out
