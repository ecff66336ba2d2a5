"""The end of a game: who won in the players' words, what decided it, and a rematch or the menu.

Shown over the table when a game (a match) is over, for 2 s it takes no
press, so that a player still pressing at the end reads who won instead of
leaving it: a press counts when it is made after that, a fresh one. The winner is named from this screen's side: "You win!" for the
one person at it (or this device's seat in a linked game), "CPU wins" for
the CPU, "P2 wins" among people. The game's result words (its description's
``RESULT`` module, ``decided``) say what decided it: cards left, games won,
scores and which way they count. They are loaded only now: a board's heap
holds no result words while a game is played.
A linked guest's host deals the rematch: a guest's screen offers the menu.
"""

from engine.timing import ticks_add, ticks_diff
from ui.panel import Panel

GUARD_MS = 2000  # presses this long after the end are not taken: the result is read first
REMATCH = "Rematch"
MENU = "Menu"


def seat_names(app):
    """Each seat's name on this screen, as its banners say it: "You" (its one person, or this device's seat),
    "CPU", "P2" (ui/words.py)."""
    from ui import words

    return words.names(words.kinds(app))[:app.game.players]


def tally(names, counts):
    """Each seat's name and number on one line: "You 0  CPU 14" (for a game's ``decided``)."""
    return "  ".join("%s %d" % (names[p], counts[p]) for p in range(len(names)))


def winner_words(names, winner):
    """The title: "You win!", "CPU wins", "P2 wins", or "A draw"."""
    if not 0 <= winner < len(names):
        return "A draw"
    name = names[winner]
    return "You win!" if name == "You" else name + " wins"


def clock_words(ms):
    """A game's time as the result says it: "Time 2:05"."""
    s = max(0, ms) // 1000
    return "Time %d:%02d" % (s // 60, s % 60)


class Result:
    """The result screen over the table; ``press`` takes a choice once GUARD_MS have passed."""

    stops = False  # the table's frame goes on under it (the last banner, the lights)

    def __init__(self, app, now):
        self.app = app
        game = app.game
        names = seat_names(app)
        from engine import games

        words = __import__(games.ui(game.name, "result"), None, None, ("decided",))
        lines = list(words.decided(game, names, app.options()))
        lines.append(clock_words(ticks_diff(now, app.t0)))
        guest = app.link is not None and app.link.seat != 0
        if guest:
            lines.append("The host deals again")
        self.title = winner_words(names, game.winner)
        self.lines = lines
        self.until = ticks_add(now, GUARD_MS)
        self.panel = Panel(app.table.group, app.width, app.height, self.title, lines,
                           (MENU,) if guest else (REMATCH, MENU))
        self.panel.live = False
        self.panel.draw()

    def tick(self, now):
        """Each frame: the choices light up when the guard is over."""
        if not self.panel.live and ticks_diff(now, self.until) >= 0:
            self.panel.live = True
            self.panel.draw()

    def press(self, button, now, t):
        """A press of a person at this screen, made at t: pick a choice, or take it; nothing for a press made
        before the guard's end, though its frame comes after (a button held across the end: its next press)."""
        self.tick(now)
        if not self.panel.live or ticks_diff(t, self.until) < 0:
            return
        what = self.panel.press(button)
        if what == REMATCH:
            self.app.start_game(now)  # the same game, options and seats, dealt again
        elif what == MENU:
            self.app.back_to_menu()

    def close(self):
        self.panel.close()
