"""The statistics page's words: a game's games played, won and fastest win, a row per mode and CPU level.

The hal's ``stats()`` (every target has it: hal/nvmstore.py's table) gives
``{(game, mode, level): (played, won, best winning ms or None)}``; level is
the CPUs' (0 when no seat is the CPU's, or for an example bot), and mode the
Mode line's, with the seats after it where CPUs fill more than two (1p4:
one person and three CPUs; ui/app.py).
"Won" counts player 1's wins. Loaded with the page and dropped with it on a
board (ui/app.py's drop_unused).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from ui.seating import PEOPLE

MODES = ("1p", "2p", "3p", "4p")  # the rows' order
CHARS = 26  # a line of a page at 160 pixels (ui/page.py: 6-pixel characters from x = 4)
ROW = "%-9s%5s%5s%6s"  # 25 of them: the last off the screen's edge
NARROW = "%-8s%3s%3s%5s"  # a row where a line holds fewer (the Pico kit's panels: 19 characters at scale 2)
_NARROW_TAIL = const("%3s%3s%5s")


def mode_name(mode, level, short=False):
    """A row's name: who played, such as 1P vs L3 (against the CPU at level 3), 2 players, 1P+3xL3 (one person and
    three CPUs at level 3: the mode 1p4, ui/app.py) (short: 8 letters at most, 1P v CPU, 2P)."""
    people = PEOPLE.get(mode)
    if people is None:
        people = PEOPLE.get(str(mode)[:2])
        seats = str(mode)[2:]
        if people is not None and seats.isdigit() and int(seats) > people:
            return "%dP+%d%s" % (people, int(seats) - people, "xL%d" % level if level else " CPU")
        return str(mode)[:8 if short else 10]
    if level:
        return "%dP vs L%d" % (people, level)
    if short:
        return "1P v CPU" if people == 1 else "%dP" % people
    return "1P vs CPU" if people == 1 else "%d players" % people


def _chars(width, height):
    """Characters a line of the page holds on a panel (ui/page.py)."""
    from ui.page import shape

    return shape(width, height)[3]


def best_words(ms):
    """A winning time as m:ss, or - for none."""
    if not isinstance(ms, int) or ms <= 0:
        return "-"
    s = (ms + 500) // 1000
    return "%d:%02d" % (s // 60, s % 60)


def _row(name, played, won, best, chars):
    """One row: ROW where a line holds CHARS, else NARROW, its name giving way to a long count or time."""
    if chars >= CHARS:
        return ROW % (name, played, won, best_words(best))
    tail = _NARROW_TAIL % (played, won, best_words(best))
    return (name + " " * 8)[:max(1, min(8, chars - len(tail)))] + tail


def rows(game, table, chars=CHARS):
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
    entries.sort(key=lambda e: (e[0], e[2], e[1]))  # mode, then level (1p4 before 3p4)
    narrow = chars < CHARS
    out = [_row(mode_name(mode, level, narrow), played, won, best, chars)
           for _, level, mode, played, won, best in entries]
    if len(entries) > 1:
        bests = [e[5] for e in entries if isinstance(e[5], int) and e[5] > 0]
        out.append(_row("All", sum(e[3] for e in entries), sum(e[4] for e in entries),
                        min(bests) if bests else None, chars))
    return out


def fits(height, width=160):
    """How many lines a page holds on a panel (ui/page.py: at 160x128, a line every 10 pixels from y = 1)."""
    from ui.page import shape

    return shape(width, height)[2]


def room(count, height, width=160):
    """How many rows a page shows at once, of count (the title, the heading and the footer take the rest)."""
    n = fits(height, width) - 3
    return n if count <= n else n - 1


def clamp(top, count, height, width=160):
    """The first row shown, kept so that the rows shown are rows."""
    return max(0, min(top, count - room(count, height, width)))


def page(title, game, table, top, height, width=160):
    """The page's lines: the title, then the rows from top that fit, and how to scroll or leave."""
    chars = _chars(width, height)
    narrow = chars < CHARS
    out = [(title + " statistics").upper() if len(title) + 11 <= chars else (title + " stats").upper()[:chars]]
    lines = rows(game, table, chars)
    if not lines:
        return out + ["No games played yet."[:chars], "", "Any key: back"]
    n = room(len(lines), height, width)
    top = clamp(top, len(lines), height, width)
    out.append((NARROW if narrow else ROW) % ("Mode", "G" if narrow else "Games", "W" if narrow else "Won", "Best"))
    out.extend(lines[top:top + n])
    if len(lines) > n:
        out.append(("Rows %d-%d of %d: Up/Down" if not narrow else "Up/Down: %d-%d of %d")
                   % (top + 1, min(top + n, len(lines)), len(lines)))
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
    return page(games.TITLES[games.NAMES.index(game)], game, table(menu), menu.stats_top, menu.height, menu.width)


def scroll(menu, by):
    """Scroll the menu's statistics page a row up (-1) or down (1); True when it moved."""
    top = clamp(menu.stats_top + by, len(rows(menu.settings["game"], table(menu))), menu.height, menu.width)
    if top == menu.stats_top:
        return False
    menu.stats_top = top
    menu._open(texts(menu))
    return True
