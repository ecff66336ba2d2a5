"""Title menu and the how-to-play page: lists of labels driven by either cluster.

UP and DOWN choose a line; LEFT and RIGHT change its value, or open it.
"""

import displayio

from ui import sprites as S
from ui.text import Text
from engine import games
from engine.actions import DOWN, LEFT, UP


def howto(lines, buttons):
    """A game's how-to lines with {0} and {1} as player 1's and player 2's buttons on this device."""
    return tuple(line.format(*buttons) if "{" in line else line for line in lines)


def level_words(name, median_ms):
    """The CPU line's words for a bot: a level with its median time per move, such as Level 3 ~0.64s/move."""
    if name[:5] == "level" and name[5:].isdigit() and int(name[5:]) < len(median_ms):
        hundredths = (median_ms[int(name[5:])] + 5) // 10
        return "Level %s ~%d.%02ds/move" % (name[5:], hundredths // 100, hundredths % 100)
    return name if name == "adaptive" else "bot: " + name


LINK = ("link", "Link", ("off", "host", "join"), ("off", "host a game", "join a host"))  # docs/link.md


def items(game, link=False):
    """The menu's lines for a game: (settings key, label, values, words for the values).

    The game line, then the mode, the link (where this device can link to
    another: docs/link.md), the chosen game's own options, the sound, the CPU
    (the chosen game's roster, D-1), How to play.
    """
    info = games.get(game)
    return ((("start", "Start", None, None),
             ("game", "Game", games.NAMES, games.TITLES),
             ("mode", "Mode", ("2p", "1p", "3p", "4p"), ("2 players", "1P vs CPU", "3 players", "4 players")))
            + ((LINK,) if link else ())
            + info.OPTIONS
            + (("sound", "Sound", (True, False), ("on", "off")),
               ("cpu", "CPU", info.ROSTER, tuple(level_words(n, info.MEDIAN_MS) for n in info.ROSTER)),
               ("howto", "How to play", None, None)))


def _defaults():
    out = {"game": "spit", "mode": "2p", "cpu": "level2", "sound": True, "link": "off"}  # link: never kept
    for name in games.NAMES:
        for key, _, values, _ in games.get(name).OPTIONS:
            out[key] = values[0]
    return out


# Every game's options live side by side in one settings dict (their keys differ), so each
# game remembers its own.
DEFAULTS = _defaults()


def clean(settings, replaced=None):
    """The menu's settings from a dict: its allowed values, the defaults for the rest; other keys left out.

    replaced(key, value, default) is called for each value that is there but not allowed.
    """
    out = dict(DEFAULTS)
    if not isinstance(settings, dict):
        return out
    game = settings.get("game")
    order = ((game,) if game in games.NAMES else ()) + games.NAMES
    seen = {}
    for name in order:  # the chosen game first: its CPU roster decides the CPU line
        for key, _, values, _ in items(name):
            if not values or key in seen or key not in settings:
                continue
            seen[key] = True
            value = settings[key]
            if value in values and type(value) is type(values[0]):
                out[key] = value
            elif replaced is not None:
                replaced(key, value, out[key])
    return out


class Lines:
    """A column of labels at the left edge; only changed lines are redrawn."""

    def __init__(self, group, width, height, count, top, step):
        self.labels = []
        chars = (width - 4) // 6
        for i in range(count):
            self.labels.append(Text(group, 4, top + i * step, (0.0, 0.0), 0xFFFFFF, chars=chars))

    def set(self, i, text, colour=0xFFFFFF):
        """Show text on line i in a colour."""
        label = self.labels[i]
        label.set(text)
        label.colour = colour


class Menu:
    """The title screen: options to choose, How to play, and Start."""

    buttons = ("W A S D", "arrows")  # each cluster's keys in the how-to page's words (the hal's button_words)

    def __init__(self, width, height, settings, link=False, line=0):
        self.settings = settings  # a clean() dict, the App's own: the menu changes it in place
        self.link = link  # a Link line: this device can link to another (docs/link.md)
        self.items = items(self.settings["game"], link)
        self.group = displayio.Group()
        S.felt(self.group, width, height, S.COLOURS[S.FELT])
        Text(self.group, width // 2, 2, (0.5, 0.0), S.COLOURS[S.GOLD], scale=2, chars=5).set("SPIT!")
        self.step = 10
        self.visible = max(3, (height - 30) // self.step)
        self.lines = Lines(self.group, width, height, self.visible, 28, self.step)
        self.help = None
        self.page = None  # a page over the menu (show_page)
        self.width = width
        self.height = height
        self.selected = min(line, len(self.items) - 1)  # on Start, or the line the player left it on
        self.top = 0
        self.showing_help = False
        self.draw()

    def press(self, player, button):
        """Handle a press; return "start" to begin a game, "changed" when a setting changed, or None."""
        if self.page is not None:  # a notice over the menu (the link's host has left): any key takes it away
            self.show_page(None)
            return "closed"
        if self.showing_help:
            self.show_help(False)
            self.help = None  # made again when next shown: a page is freed when it is left
            return "closed"
        if button == UP or button == DOWN:
            self.selected = (self.selected + (-1 if button == UP else 1)) % len(self.items)
            self.draw()
            return None
        key, _, values, _ = self.items[self.selected]
        if key == "start":
            return "start"
        if key == "howto":
            self.show_help(True)
            return None
        if len(values) > 1:
            i = values.index(self.settings[key])
            i = (i + (-1 if button == LEFT else 1)) % len(values)
            self.settings[key] = values[i]
            if key == "game":  # another game: its own options, its own CPU roster
                self.items = items(values[i], self.link)
                if self.settings["cpu"] not in self.items[-2][2]:
                    self.settings["cpu"] = DEFAULTS["cpu"]
                if self.help is not None and self.help in self.group:
                    self.group.remove(self.help)
                self.help = None
            self.draw()
            return "changed"
        return None

    def draw(self):
        """Redraw the visible lines of the menu."""
        n = min(len(self.lines.labels), len(self.items))
        self.top = min(self.top, len(self.items) - n)  # another game may have fewer lines
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + n:
            self.top = self.selected - n + 1
        for i in range(n):
            k = self.top + i
            key, label, values, words = self.items[k]
            text = label if values is None else "%s: %s" % (label, words[values.index(self.settings[key])])
            mark = ">" if k == self.selected else " "
            colour = S.COLOURS[S.GOLD] if k == self.selected else 0xFFFFFF
            self.lines.set(i, mark + text, colour)
        for i in range(n, len(self.lines.labels)):
            self.lines.set(i, None)

    def _page(self, texts):
        """A page of text over the menu, made now (its label library is imported only for pages)."""
        from ui import page

        return page.make(self.width, self.height, texts)

    def show_page(self, texts):
        """Show a page of lines over the menu, or hide it (None): a linked guest's join page."""
        if self.page is not None:
            self.group.remove(self.page)
            self.page = None
        if texts is not None:
            self.page = self._page(texts)
            self.group.append(self.page)

    def show_help(self, on):
        """Show or hide the how-to-play page over the menu."""
        self.showing_help = on
        if on and self.help is None:
            self.help = self._page(howto(games.get(self.settings["game"]).HOWTO, self.buttons))
        if self.help is not None:
            if on and self.help not in self.group:
                self.group.append(self.help)
            elif not on and self.help in self.group:
                self.group.remove(self.help)
