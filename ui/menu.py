"""Title menu and its pages (how to play, statistics): lines of text driven by either cluster.

UP and DOWN choose a line (held, they repeat); LEFT and RIGHT change its
value, or open it. Only the lines that apply are shown: a game's description
says which of its options apply beside the others (``applies``), the CPU line
only when a seat is the CPU's, and Mode and the game's ``players`` option
never contradict (``settle``). The menu never asks which game it is.
"""

import displayio

from ui import sprites as S
from ui.seating import PEOPLE
from ui import notice
from ui.text import CHAR_H, Text, cell_h, text_scale
from engine import games
from engine.actions import DOWN, LEFT, UP
from engine.timing import ticks_add, ticks_diff

MODES = ("2p", "1p", "3p", "4p")  # the Mode line's order (D-1: how many seats people play)
LINK = ("link", "Link", ("off", "host", "join"), ("off", "host a game", "join a host"))  # docs/link.md
REPEAT_MS = (400, 120)  # UP or DOWN held: the first repeat after, then one every
STEP = 10  # a line, in the menu's own pixels (the body's scale): a 12-pixel cell less its empty rows (line_step)
MARK_W = 6  # the scroll marks' column at the right edge
TITLE_CHARS = max(len(t) for t in games.TITLES) + 1  # the title is the game's, with "!"


def howto(lines, buttons):
    """A game's how-to lines with {0} and {1} as player 1's and player 2's buttons on this device, {2} its pause."""
    return tuple(line.format(*buttons) if "{" in line else line for line in lines)


def level_words(name, median_ms, level=4, named=None):
    """The CPU line's words for a bot, longest first: a level with its median time per move
    (Level 3 ~0.64s/move), the adaptive CPU with the level it plays now, another bot of the roster in its
    game's words (named: the description's BOT_WORDS, {name: words}); on a Pico's panel, L3 ~0.64s/move."""
    if name[:5] == "level" and name[5:].isdigit() and int(name[5:]) < len(median_ms):
        time = (name[5:], (median_ms[int(name[5:])] + 5) // 1000, (median_ms[int(name[5:])] + 5) // 10 % 100)
        return ("Level %s ~%d.%02ds/move" % time, "L%s ~%d.%02ds/move" % time)
    if name == "adaptive":
        return ("adaptive (now Level %d)" % level, "adaptive (Level %d)" % level, "adaptive (L%d)" % level)
    if name == "relaxed":  # slower than Level 1 (engine.bots.hands' row 0): no median is measured for it
        return ("relaxed: slower than L1", "relaxed, slowest", "relaxed")
    if named is not None and name in named:
        return named[name]
    return (name,)


def mode_words(people, seats):
    """The Mode line's words: who plays the seats, such as 2 players, 1P vs CPU, 1P vs 3 CPU (D-1)."""
    if people >= seats:
        return "%d players" % seats
    cpus = seats - people
    return "%dP vs CPU" % people if cpus == 1 else "%dP vs %d CPU" % (people, cpus)


def seats(info, settings):
    """How many seats a game deals with these settings: its players option (docs/games.md), else its only count."""
    for key, _, values, _ in info.OPTIONS:
        if key == "players":
            value = settings.get("players", values[0])
            return value if value in values else values[0]
    return info.SEATS[0]


def items(game, link=False, clusters=4):
    """Every line the menu has for a game: (settings key, label, values, words for the values or None).

    The game line, then the mode (at most as many people as the game has
    seats and the device clusters, D-1), the CPU (the chosen game's roster,
    beside the mode that makes a seat the CPU's), the link (where this device
    can link to another: docs/link.md), the chosen game's own options, the
    sound, How to play, Statistics. Mode's and the CPU's words depend on the
    other lines (the menu's ``words``).
    """
    info = games.get(game)
    most = min(max(info.SEATS), clusters)
    return ((("start", "Start", None, None),
             ("game", "Game", games.NAMES, games.TITLES),
             ("mode", "Mode", tuple(m for m in MODES if PEOPLE[m] <= most), None),
             ("cpu", "CPU", info.ROSTER, None))
            + ((LINK,) if link else ())
            + info.OPTIONS
            + (("sound", "Sound", (True, False), ("on", "off")),
               ("howto", "How to play", None, None),
               ("stats", "Statistics", None, None)))


def shown(settings, link=False, clusters=4):
    """The lines that apply with these settings: the game's options its ``applies`` keeps, the CPU line only
    when a seat is the CPU's (D-1)."""
    info = games.get(settings["game"])
    applies = getattr(info, "applies", None)
    cpu = PEOPLE.get(settings["mode"], 2) < seats(info, settings)
    return [item for item in items(settings["game"], link, clusters)
            if (cpu or item[0] != "cpu") and (applies is None or item not in info.OPTIONS
                                                or applies(item[0], settings))]


def words(item, settings, level=4):
    """A line's value's words, longest first (the menu shows the longest that fits)."""
    key, _, values, names = item
    value = settings.get(key)
    info = games.get(settings["game"])
    if key == "mode":
        return (mode_words(PEOPLE.get(value, 2), seats(info, settings)),)
    if key == "cpu":
        return level_words(value, info.MEDIAN_MS, level, getattr(info, "BOT_WORDS", None))
    return (names[values.index(value)] if value in values else "?",)


def settle(settings, changed=None, clusters=4, replaced=None):
    """Mode and the seats never contradict: at most as many people as seats (and this device's clusters);
    the CPU is the game's own (its name's setting: each game keeps its CPU; changed "cpu": the game's too).

    Mode changed to more people than seats: the game's players option follows
    (where it has the count); otherwise Mode comes down to the seats.
    replaced(key, value, new) is told of a mode brought down.
    """
    game = settings["game"]
    info = games.get(game)
    if changed == "cpu":
        settings[game] = settings["cpu"]
    cpu = settings.get(game, settings.get("cpu"))
    settings["cpu"] = settings[game] = cpu if cpu in info.ROSTER else DEFAULTS["cpu"]
    most = min(max(info.SEATS), clusters)
    if PEOPLE.get(settings.get("mode"), 0) > most:  # more people than the game or this device has room for
        settings["mode"] = "%dp" % most
    people = PEOPLE.get(settings["mode"], 2)
    n = seats(info, settings)
    if people <= n:
        return
    for key, _, values, _ in info.OPTIONS:
        if changed == "mode" and key == "players" and people in values:
            settings["players"] = people
            return
    new = "%dp" % n
    if replaced is not None:
        replaced("mode", settings["mode"], new)
    settings["mode"] = new


def _defaults():
    out = {"game": "spit", "mode": "2p", "cpu": "level2", "sound": True, "link": "off"}  # link: never kept
    for name in games.NAMES:
        out[name] = "level2"  # its CPU (settle: "cpu" is the chosen game's)
        for key, _, values, _ in games.get(name).OPTIONS:
            out[key] = values[0]
    return out


# Every game's options live side by side in one settings dict (their keys differ), so each
# game remembers its own.
DEFAULTS = _defaults()


def clean(settings, replaced=None):
    """The menu's settings from a dict: its allowed values, the defaults for the rest; other keys left out.

    replaced(key, value, default) is called for each value that is there but
    not allowed, and for a mode with more people than the game's seats (settle).
    """
    out = _defaults()  # (every game's now: one registered after this module loaded too, engine.games.register)
    if not isinstance(settings, dict):
        return out
    game = settings.get("game")
    order = ((game,) if game in games.NAMES else ()) + games.NAMES
    seen = {}
    for name in order:  # the chosen game first: its CPU roster and its modes decide those lines
        for key, _, values, _ in items(name):
            if not values or key in seen or key not in settings:
                continue
            seen[key] = True
            value = settings[key]
            if value in values and type(value) is type(values[0]):
                out[key] = value
            elif replaced is not None:
                replaced(key, value, out[key])
    for name in games.NAMES:  # each game's CPU; where a file has none, its one "cpu" (every game's before issue 34)
        value = settings.get(name, settings.get("cpu"))
        if value in games.get(name).ROSTER:
            out[name] = value
        elif name in settings and replaced is not None:
            replaced(name, value, out[name])
    settle(out, replaced=replaced)
    return out


def line_step():
    """A line of the menu in its own pixels: a cell of the panel's font less its two empty rows."""
    return STEP + cell_h() - CHAR_H


def layout(width, height):
    """(body scale, title scale, first line's y, lines shown, characters a line) for a screen.

    The body's scale keeps the words about as tall as on the PyBadge's 1.8-inch
    160x128 (0.22 mm a pixel): the Pico kit's 240-pixel panels have pixels of
    0.097 mm (1.3-inch 240x240), 0.115 mm (1.54-inch) and 0.105 mm (1.14-inch
    240x135), so their words are drawn twice the size (the 1.3-inch's are 88%
    of the PyBadge's height: three times would leave 13 characters a line).
    """
    text_scale(width, height)  # the panel's font: the tall one where twice the size is short (ui.text)
    scale = max(1, min(width // 120, height // 64))
    title = max(1, min((width - 4) // (TITLE_CHARS * 6), height // 60))
    top = (2 + cell_h(title) + scale - 1) // scale
    shown = max(3, (height // scale - top) // line_step())
    return scale, title, top, shown, (width // scale - MARK_W) // 6


def _statistics():
    """ui/statistics.py: the statistics page's words, loaded with the page (a board drops it when it is left)."""
    from ui import statistics

    return statistics


class Lines:
    """A column of labels at the left edge, the chosen one on a black bar, scroll marks at the right edge."""

    def __init__(self, group, width, count, top, chars):
        palette = displayio.Palette(1)
        palette[0] = 0
        self.step = step = line_step()
        # the chosen line's glyphs, rows 1 to step + 1 of its cell: its descenders are on the bar too
        self.bar = displayio.TileGrid(displayio.Bitmap(8, step + 1, 1), pixel_shader=palette,
                                      width=(width + 7) // 8, tile_width=8, tile_height=step + 1, y=top + 1)
        group.append(self.bar)
        self.labels = []
        x = max(0, (width - MARK_W - chars * 6) // 2)
        for i in range(count):
            self.labels.append(Text(group, x, top + i * step, (0.0, 0.0), 0xFFFFFF, chars=chars))
        ink = displayio.Palette(2)
        ink.make_transparent(0)
        ink[1] = 0xFFFFFF
        self.marks = []
        for up in (True, False):  # arrow heads 5 by 3 pixels: lines hidden above, below
            bitmap = displayio.Bitmap(5, 3, 2)
            for row in range(3):
                for x in range(2 - row, 3 + row):
                    bitmap[x, row if up else 2 - row] = 1
            mark = displayio.TileGrid(bitmap, pixel_shader=ink, x=width - MARK_W + 1,
                                      y=top + (0 if up else (count - 1) * step) + 3)
            mark.hidden = True
            group.append(mark)
            self.marks.append(mark)

    def set(self, i, text, colour=0xFFFFFF):
        """Show text on line i in a colour."""
        label = self.labels[i]
        label.set(text)
        label.colour = colour


class Menu:
    """The title screen: the chosen game's title, options to choose, How to play, Statistics, and Start."""

    buttons = ("W A S D", "arrows")  # each cluster's keys in the how-to page's words (the hal's button_words)

    def __init__(self, width, height, settings, link=False, line=0, clusters=4, stats=None, level=4):
        self.settings = settings  # a clean() dict, the App's own: the menu changes it in place
        self.link = link  # a Link line: this device can link to another (docs/link.md)
        self.clusters = clusters  # button clusters: Mode offers at most this many people (D-1)
        self.stats = stats  # the hal's stats(): {(game, mode, level): (played, won, best ms)}
        self.level = level  # the adaptive CPU's level now (the App's)
        settle(settings, clusters=clusters)
        self.items = shown(settings, link, clusters)
        self.group = displayio.Group()
        S.felt(self.group, width, height, S.COLOURS[S.FELT])
        self.scale, title, self.y0, count, self.chars = layout(width, height)
        self.title = Text(self.group, width // 2, 2, (0.5, 0.0), S.COLOURS[S.GOLD], scale=title, chars=TITLE_CHARS)
        self.count = count
        self.lines = None  # the lines' labels, freed while a page covers them (_cover)
        self.body = None
        self.help = None  # the open page of the menu's own (how to play, statistics), or None
        self.help_labels = ()  # its labels
        self.page = None  # a page over the menu (show_page)
        self.page_labels = ()  # its labels
        self.stats_top = -1  # the statistics page's first row shown, -1 while it is not open
        self.width = width
        self.height = height
        self.selected = min(line, len(self.items) - 1)  # on Start, or the line the player left it on
        self.top = 0
        self.showing_help = False  # a page of the menu's own is open
        self.help_top = -1  # the how-to page's first line shown (a page longer than the screen scrolls)
        self.help_scrolls = False
        self.moved = False  # the last press moved the cursor or scrolled a page (a hold repeats it)
        self.held = -1  # the key held down that repeats, or -1
        self.repeat_at = 0
        self._cover(False)

    def refresh(self, level):
        """Shown again: the adaptive CPU's level may have moved, the settings changed (after a replay)."""
        self.level = level
        settle(self.settings, clusters=self.clusters)  # (the game last played may be another: App.back_to_menu)
        self.draw()

    def press(self, player, button):
        """Handle a press; return "start" to begin a game, "changed" when a setting changed, "closed" when a
        page was left, or None."""
        self.moved = False
        if self.page is not None:  # a notice over the menu (the link's host has left): any key takes it away
            self.show_page(None)
            return "closed"
        if self.stats_top >= 0:
            if button == UP or button == DOWN:
                self.moved = _statistics().scroll(self, -1 if button == UP else 1)
                return None
            self.show_stats(False)
            return "closed"
        if self.showing_help:
            if (button == UP or button == DOWN) and self.help_scrolls:
                self.moved = self._scroll_help(-1 if button == UP else 1)
                return None
            self.show_help(False)
            return "closed"
        if button == UP or button == DOWN:
            self.selected = (self.selected + (-1 if button == UP else 1)) % len(self.items)
            self.draw()
            self.moved = True
            return None
        key, _, values, _ = self.items[self.selected]
        if key == "start":
            return "start"
        if key == "howto":
            self.show_help(True)
            return None
        if key == "stats":
            self.show_stats(True)
            return None
        if len(values) > 1:
            i = values.index(self.settings[key]) if self.settings[key] in values else 0
            i = (i + (-1 if button == LEFT else 1)) % len(values)
            self.settings[key] = values[i]
            settle(self.settings, key, self.clusters)  # another game: its own options, its own CPU roster
            self.draw()
            return "changed"
        return None

    def hold(self, key, pressed, t):
        """A key went down or up at t: UP or DOWN held after a move repeats it (REPEAT_MS)."""
        if pressed:
            self.held = key if self.moved else -1
            self.repeat_at = ticks_add(t, REPEAT_MS[0])
            self.moved = False
        elif key == self.held:
            self.held = -1

    def tick(self, now):
        """The held key's repeat, when due; True when it moved something."""
        if self.held < 0 or self.page is not None or ticks_diff(now, self.repeat_at) < 0:
            return False
        self.repeat_at = ticks_add(now, REPEAT_MS[1])
        by = -1 if self.held & 3 == UP else 1
        if self.stats_top >= 0:
            return _statistics().scroll(self, by)
        if self.showing_help:
            return self.help_scrolls and self._scroll_help(by)
        self.selected = (self.selected + by) % len(self.items)
        self.draw()
        return True

    def draw(self):
        """Lay out the lines that apply now and redraw the visible ones, the marks and the title."""
        if self.lines is None:
            return  # under a page: drawn when it goes
        key = self.items[self.selected][0] if 0 <= self.selected < len(self.items) else None
        self.items = shown(self.settings, self.link, self.clusters)
        keys = [item[0] for item in self.items]
        if key in keys:
            self.selected = keys.index(key)  # the same line, though lines above came or went
        self.selected = min(self.selected, len(self.items) - 1)
        game = self.settings["game"]
        self.title.set(games.TITLES[games.NAMES.index(game)].upper() + "!")
        n = min(len(self.lines.labels), len(self.items))
        self.top = max(0, min(self.top, len(self.items) - n))  # another game may have fewer lines
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + n:
            self.top = self.selected - n + 1
        for i in range(n):
            k = self.top + i
            self.lines.set(i, self._text(self.items[k]), S.COLOURS[S.GOLD] if k == self.selected else 0xFFFFFF)
        for i in range(n, len(self.lines.labels)):
            self.lines.set(i, None)
        lines = self.lines
        lines.bar.y = self.y0 + (self.selected - self.top) * lines.step + 1  # the glyphs' rows of the cell
        lines.marks[0].hidden = self.top == 0
        lines.marks[1].hidden = self.top + n >= len(self.items)

    def _text(self, item):
        """A line's words: its label, and its value's words (the longest form that fits the line)."""
        if item[2] is None:
            return item[1]
        for form in words(item, self.settings, self.level):
            if len(item[1]) + 2 + len(form) <= self.chars:
                break
        return "%s: %s" % (item[1], form)

    def _cover(self, on):
        """A page covers the whole screen: the lines under it are freed (a board's heap is small while the link's
        join page is shown) and made again when the last page goes."""
        if on and self.body is not None:
            self.group.remove(self.body)
            self.body = self.lines = None
        elif not on and self.body is None and self.page is None and self.help is None:
            self.body = displayio.Group(scale=self.scale)
            self.lines = Lines(self.body, self.width // self.scale, self.count, self.y0, self.chars)
            self.group.append(self.body)
            self.draw()

    def _page(self, texts):
        """(a page of text over the menu, its labels), made now (ui.page is imported only for pages)."""
        from ui import page

        return page.make(self.width, self.height, texts)

    def show_page(self, texts):
        """Show a page of lines over the menu, or hide it (None): a linked guest's join page, a link's notice
        (in the board's font, ui/notice.py: the link's modules are loaded meanwhile)."""
        if self.page is not None:
            self.group.remove(self.page)
            self.page = None
            self.page_labels = ()
        if texts is not None:
            self._cover(True)
            self.page, self.page_labels = notice.make(self.width, self.height, texts)
            self.group.append(self.page)
        self._cover(texts is not None)

    def page_lines(self):
        """The lines of the link's page shown over the menu (for tests and tools)."""
        return notice.lines(self.page_labels)

    def _open(self, texts):
        """Put a page of the menu's own over it, in place of the one open (freed)."""
        if self.help is not None and self.help in self.group:
            self.group.remove(self.help)
        self.help = None
        self.help_labels = ()
        if texts is not None:
            self._cover(True)
            self.help, self.help_labels = self._page(texts)
            self.group.append(self.help)
        self._cover(texts is not None)

    def show_help(self, on):
        """Show or hide the how-to-play page over the menu (made when shown, freed when left)."""
        self.showing_help = on
        self.help_top = 0 if on else -1
        self.help_scrolls = False
        self._open(self._howto() if on else None)

    def _howto(self):
        """The how-to page's texts from its first line shown: wrapped to the panel, scrolling when long."""
        from ui import page

        lines = howto(__import__(games.ui(self.settings["game"], "howto"), None, None, ("LINES",)).LINES, self.buttons)
        texts, self.help_top, self.help_scrolls = page.window(lines[0], lines[1:], self.help_top, self.width,
                                                              self.height)
        return texts

    def _scroll_help(self, by):
        """Scroll the how-to page a line up (-1) or down (1); True when it moved."""
        top = self.help_top
        self.help_top += by
        texts = self._howto()
        if self.help_top == top:
            return False
        self._open(texts)
        return True

    def show_stats(self, on):
        """Show or hide the chosen game's statistics page (ui/statistics.py; made when shown, freed when left)."""
        self.showing_help = on
        self.stats_top = 0 if on else -1
        self._open(_statistics().texts(self) if on else None)
