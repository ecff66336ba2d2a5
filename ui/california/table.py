"""The California Spit table as a displayio scene, laid out from the display's size (ui.table's parts).

The 2x4 layout as two columns, as Spit's stocks: player 1's row on the left
(LEFT covers there), player 2's on the right, slot 0 at the top, each pile's
top card face up with its height beside it. In the middle, each player's
face-down pile (player 1's on the left) with its count under it in the
player's colour; the round above; the banner below. Each player's cursor is
a bar in their colour at the screen's edge, at the height it marks. With
the hints option, a gold frame marks every pile that may be covered (K-3).
``sync(game)`` compares every view with the game and touches only what
changed, so displayio repaints only those rectangles.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import displayio
import vectorio

from ui import sprites as S
from ui.table import CardView, Layout, Text, count_x, place_cursor, scene

_GAP = const(2)
_EDGE = const(6)  # the columns' distance from the screen's sides: room for the cursor bars
_BAR = 4  # a cursor bar's width
_HEIGHT_W = 19  # room for a pile's height beside it: two digits and the label's padding (text scale 1)


class Table:
    """Everything on the table screen; ``sync`` brings it up to date with a game."""

    def __init__(self, width, height, players=2):
        self.lay = lay = Layout(width, height, 5, False)  # Spit's card size: the two games look alike...
        mid = width // 2
        ts = lay.ts
        height_w = _HEIGHT_W if ts == 1 else 12 * ts + 3
        room = mid - _GAP - lay.cw - (_EDGE + lay.cw + height_w)  # ...unless the bars leave the heights no room
        if room < 0:
            lay.cw -= (1 - room) // 2 + 1 & ~1  # a column and a centre pile each lose it; even: two half tiles
        lay.pile_x = (mid - _GAP - lay.cw, mid + _GAP)
        lay.centre_left = _EDGE + lay.cw + height_w
        lay.centre_right = width - lay.centre_left
        self.hints = False  # the option of the game being shown (begin)
        self.group, sheet, looks = scene(width, height, lay)
        top = (height - 4 * (lay.ch + _GAP) + _GAP) // 2
        self.col_x = (_EDGE, width - _EDGE - lay.cw)
        self.row_y = [top + s * (lay.ch + _GAP) for s in range(4)]
        ring = S.frame(lay.cw + 4, lay.ch + 4)
        gold = S.ink(S.COLOURS[S.GOLD])
        self.marks = []  # the hint frames, row * 4 + slot (under the cards: a frame shows round a card)
        self.rows = []  # CardView per row * 4 + slot
        self.heights = []
        for q in range(2):
            x = self.col_x[q]
            for s in range(4):
                y = self.row_y[s]
                mark = displayio.TileGrid(ring, pixel_shader=gold, x=x - 2, y=y - 2)
                mark.hidden = True
                self.group.append(mark)
                self.marks.append(mark)
                self.rows.append(CardView(self.group, x, y, lay, sheet, looks))
                cx = x + lay.cw + 3 if q == 0 else x - 3
                self.heights.append(Text(self.group, cx, y + lay.ch // 2, (0.0 if q == 0 else 1.0, 0.5),
                                         0xFFFFFF, scale=ts, chars=2))  # two digits from the start (the room
                # laid out for them): a pile of 10 would otherwise make a wider grid in play, 144 bytes a label
        # loops, not list comprehensions: a label made in one is a frame deeper on a board's pystack
        self.piles = []
        self.counts = []
        for p in range(2):
            x = lay.pile_x[p]
            self.piles.append(CardView(self.group, x, lay.pile_y, lay, sheet, looks))
            self.counts.append(Text(self.group, count_x(lay, p, mid), lay.pile_y + lay.ch + 1, (0.5, 0.0),
                                    S.PLAYER_COLOURS[p], scale=ts, chars=2))
        if ts == 1 or 10 * 6 * ts <= width - 2 * lay.centre_left:
            Text(self.group, width // 2, _GAP, (0.5, 0.0), 0xC0C0C0, scale=ts, chars=10).set("california")
        self.info = Text(self.group, width // 2, lay.info_y if ts > 1 else _GAP + 13, (0.5, 0.0), 0xC0C0C0, scale=ts,
                         chars=12 // ts)
        self.cursors = []
        for p in range(2):  # a bar: a rectangle in the player's colour
            fill = displayio.Palette(1)
            fill[0] = S.PLAYER_COLOURS[p]
            bar = vectorio.Rectangle(pixel_shader=fill, width=_BAR, height=lay.ch, x=1 if p == 0 else width - 1 - _BAR,
                                     y=0)
            bar.hidden = True
            self.group.append(bar)
            self.cursors.append(bar)
        line_chars = (lay.centre_right - lay.centre_left - 4) // 6 if ts == 1 else lay.line_chars
        self.banner = Text(self.group, width // 2, lay.banner_y, (0.5, lay.banner_ay), 0x000000, S.COLOURS[S.GOLD],
                           scale=ts, line_chars=line_chars)
        self.flash = [-1, -1]  # per player, the pile (row * 4 + slot) their refused card aimed at, or -1
        self.cursor_at = [-1, -1]
        self.shaken = [-1, -1]  # the pile each player's refusal has moved out of its place, or -1

    def sync(self, game):
        """Make every card, height, count and label match the game (only changes are redrawn)."""
        flash0, flash1 = self.flash
        for q in range(2):
            row = game.rows[q]
            for s in range(4):
                i = q * 4 + s
                pile = row[s]
                n = pile.n
                if n:
                    self.rows[i].show(pile.buf[n - 1], S.FLASH if i == flash0 or i == flash1 else S.FACE)
                else:
                    self.rows[i].show(0, S.EMPTY)
                self.heights[i].set(n if n > 1 else None)
                if self.hints:
                    mark = self.marks[i]
                    hide = not game.takes(q, s)
                    if mark.hidden != hide:
                        mark.hidden = hide
        for p in range(2):
            n = game.piles[p].n
            self.piles[p].show(0, S.DOWN if n else S.EMPTY)
            self.counts[p].set(n)

    def refused(self, p, verb, a, b, cursor):
        """The pile player p's refused cover aimed at flashes: row a, slot b (K-3)."""
        if verb == 7:  # California's own COVER (engine/california/file.py; tests/ui/test_panels_and_feedback.py checks it)
            self.flash[p] = a * 4 + b

    def begin(self, game, cpus=None, options=None):
        """Get ready for a new game (the seam's call, docs/games.md): its hints option; nothing is hidden."""
        self.hints = bool(options and options.get("hints"))
        for mark in self.marks:
            mark.hidden = True

    def shake(self, p, at, left_ms):
        """Shake the pile player p's refused card aimed at (row * 4 + slot) while left_ms > 0; put it back after."""
        if left_ms <= 0 and self.shaken[p] < 0:
            return  # nothing shakes and nothing is out of place: the usual frame does no work
        if not 0 <= at < len(self.rows):
            at = -1  # a cover aimed at no pile on the table (a peer's or a file's): nothing to shake
        if self.shaken[p] >= 0 and self.shaken[p] != at:
            self._home(self.shaken[p])
        if left_ms <= 0 or at < 0:
            self.shaken[p] = -1
            if at >= 0:
                self._home(at)
            return
        self.shaken[p] = at
        view = self.rows[at]
        view.move_to(self.col_x[at // 4] + (2 if (left_ms // 40) % 2 else -2), view.y)

    def _home(self, at):
        view = self.rows[at]
        view.move_to(self.col_x[at // 4], view.y)

    def set_cursor(self, p, slot):
        """Put player p's cursor bar at a height 0-3 (-1 hides it)."""
        place_cursor(self, p, slot, None, self.row_y[slot])
