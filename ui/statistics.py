"""The statistics page's words: a game's games played, won and fastest win, a row per mode and CPU level.

The hal's ``stats()`` (every target has it: hal/nvmstore.py's table) gives
``{(game, mode, level): (played, won, best winning ms or None)}``; level is
the CPU's on player 2's seat (0 when a person plays it, or an example bot).
"Won" counts player 1's wins. Loaded with the page and dropped with it on a
board (ui/app.py's drop_unused).
"""

from ui.seating import PEOPLE

MODES = ("1p", "2p", "3p", "4p")  # the rows' order
CHARS = 26  # a line of a page at 160 pixels (ui/page.py: 6-pixel characters from x = 4)
ROW = "%-9s%6s%5s%6s"


def mode_name(mode, level):
    """A row's name: who played, such as 1P vs L3 (against the CPU at level 3), 2 players."""
    people = PEOPLE.get(mode)
    if people is None:
        return str(mode)[:10]
    if level:
        return "%dP vs L%d" % (people, level)
    return "1P vs CPU" if people == 1 else "%d players" % people


def best_words(ms):
    """A winning time as m:ss, or - for none."""
    if not isinstance(ms, int) or ms <= 0:
        return "-"
    s = (ms + 500) // 1000
    return "%d:%02d" % (s // 60, s % 60)


def rows(game, table):
    """The page's rows for a game, in mode then level order, with a row of all of them when there are several."""
    entries = []
    for key, value in table.items():
        try:
            name, mode, level = key
            played, won, best = value
            if name != game or not isinstance(played, int) or not isinstance(won, int):
                continue
            order = MODES.index(mode) if mode in MODES else len(MODES)
            entries.append((order, level if isinstance(level, int) else 0, str(mode), played, won, best))
        except (TypeError, ValueError):
            continue  # not a row of the table's shape: left out, never a crash
    entries.sort(key=lambda e: e[:3])
    out = [ROW % (mode_name(mode, level), played, won, best_words(best))
           for _, level, mode, played, won, best in entries]
    if len(entries) > 1:
        bests = [e[5] for e in entries if isinstance(e[5], int) and e[5] > 0]
        out.append(ROW % ("All", sum(e[3] for e in entries), sum(e[4] for e in entries),
                          best_words(min(bests) if bests else None)))
    return out


def fits(height):
    """How many lines a page holds at a height (ui/page.py: a line every 10 pixels from y = 1, 12 high)."""
    return max(4, (height - 13) // 10 + 1)


def room(count, height):
    """How many rows a page shows at once, of count (the title, the heading and the footer take the rest)."""
    n = fits(height) - 3
    return n if count <= n else n - 1


def clamp(top, count, height):
    """The first row shown, kept so that the rows shown are rows."""
    return max(0, min(top, count - room(count, height)))


def page(title, game, table, top, height):
    """The page's lines: the title, then the rows from top that fit, and how to scroll or leave."""
    out = [(title + " statistics").upper()]
    lines = rows(game, table)
    if not lines:
        return out + ["No games played yet.", "", "Any key: back"]
    n = room(len(lines), height)
    top = clamp(top, len(lines), height)
    out.append(ROW % ("Mode", "Games", "Won", "Best"))
    out.extend(lines[top:top + n])
    if len(lines) > n:
        out.append("Rows %d-%d of %d: Up/Down" % (top + 1, min(top + n, len(lines)), len(lines)))
        out.append("Any other key: back")
    else:
        out.append("Any key: back")
    return out


def table(menu):
    """The hal's statistics the menu was given, or {} where there are none to read."""
    try:
        out = menu.stats() if menu.stats is not None else {}
    except (OSError, ValueError):
        out = {}
    return out if isinstance(out, dict) else {}


def texts(menu):
    """The lines of the menu's statistics page for its chosen game, from its first row shown."""
    from engine import games

    game = menu.settings["game"]
    return page(games.TITLES[games.NAMES.index(game)], game, table(menu), menu.stats_top, menu.height)


def scroll(menu, by):
    """Scroll the menu's statistics page a row up (-1) or down (1); True when it moved."""
    top = clamp(menu.stats_top + by, len(rows(menu.settings["game"], table(menu))), menu.height)
    if top == menu.stats_top:
        return False
    menu.stats_top = top
    menu._open(texts(menu))
    return True
