"""The Spit table as a displayio scene, laid out from the display's size (ui.table's parts).

Left column: player 1's stocks (the left cluster), right column: player 2's.
In the middle, the two spit piles (pile 0 on the left, player 1's side), their
sizes, the spit-card counts and a banner for the moments of the game.
``sync(game)`` compares every view with the game and touches only what
changed, so displayio repaints only those rectangles.
"""


from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from ui import sprites as S
from ui.table import CardView, Layout, Text, count_x, frames, place_cursor, refused, scene

_GAP = const(2)


class Table:
    """Everything on the table screen; ``sync`` brings it up to date with a game."""

    def __init__(self, width, height, slots=5, players=2):
        self.lay = lay = Layout(width, height, slots, False)  # no labels over the piles: the banner's room below
        self.group, sheet, looks = scene(width, height, lay)
        self.stocks = ([], [])
        self.counts = ([], [])
        for p in range(2):
            x = lay.stock_x[p]
            for s in range(5):
                y = lay.stock_y[s]
                self.stocks[p].append(CardView(self.group, x, y, lay, sheet, looks))
                cx = x + lay.cw + 3 if p == 0 else x - 3
                self.counts[p].append(Text(self.group, cx, y + lay.ch // 2, (0.0 if p == 0 else 1.0, 0.5),
                                           0xFFFFFF, scale=lay.ts))
        # loops, not list comprehensions: a label made in one is a frame deeper on a board's pystack
        self.piles = []
        self.sizes = []
        for i in range(2):
            self.piles.append(CardView(self.group, lay.pile_x[i], lay.pile_y, lay, sheet, looks))
            self.sizes.append(Text(self.group, count_x(lay, i, width // 2), lay.pile_y + lay.ch + 1, (0.5, 0.0),
                                   0xFFFFFF, scale=lay.ts, chars=2))
        top = _GAP
        ts = lay.ts
        self.spit = [Text(self.group, lay.centre_left, top, (0.0, 0.0), S.PLAYER_COLOURS[0], scale=ts, chars=2),
                     Text(self.group, lay.centre_right, top, (1.0, 0.0), S.PLAYER_COLOURS[1], scale=ts, chars=2)]
        if lay.shows_title("spit"):
            Text(self.group, width // 2, top, (0.5, 0.0), 0xC0C0C0, scale=ts, chars=4).set("spit")
        self.info = Text(self.group, width // 2, lay.info_y, (0.5, 0.0), 0xC0C0C0, scale=ts, chars=12 // ts)
        self.cursors = frames(self.group, S.PLAYER_COLOURS[:2], lay.cw + 4, lay.ch + 4)
        # between the two columns of stocks, never over a card: on a small screen long words take
        # two lines (terminalio's characters are 6 px wide)
        self.banner = Text(self.group, width // 2, lay.banner_y, (0.5, lay.banner_ay), 0x000000, S.COLOURS[S.GOLD],
                           scale=lay.ts, line_chars=lay.line_chars)
        self.flash = [-1, -1]  # slot flashing per player
        self.cursor_at = [-1, -1]
        self.shaken = [False, False]  # a card of that player may be out of its place (shake)

    refused = refused  # a refused play's card flashes (ui.table)

    def sync(self, game):
        """Make every card, count and label match the game (only changes are redrawn)."""
        slots = game.slots
        for p in range(2):
            views = self.stocks[p]
            counts = self.counts[p]
            up = game.up[p]
            for s in range(5):
                pile = game.stocks[p][s]
                if s >= slots:
                    continue
                n = pile.n
                if not n:
                    views[s].show(0, S.EMPTY)
                elif up[s]:
                    views[s].show(pile.top(), S.FLASH if self.flash[p] == s else S.FACE)
                else:
                    views[s].show(0, S.DOWN)
                counts[s].set(n if n > 1 else None)
            self.spit[p].set(game.spit[p].n)
        for i in range(2):
            pile = game.centre[i]
            self.piles[i].show(pile.top(), S.FACE if pile.n else S.EMPTY)
            self.sizes[i].set(pile.n if pile.n else None)

    def begin(self, game, cpus=None, options=None):
        """Get ready for a new game (the seam's call, docs/games.md): show its number of stocks.

        cpus[p] is true for a seat the CPU plays; Spit's stocks are face up for everyone anyway.
        """
        self.set_slots(game.slots)

    def set_slots(self, slots):
        """Show 5 or 4 stock places (S-17)."""
        for p in range(2):
            for s in range(5):
                self.stocks[p][s].set_hidden(s >= slots)
                if s >= slots:
                    self.counts[p][s].set(None)

    def shake(self, p, slot, left_ms):
        """Shake player p's card at slot while left_ms > 0 (a refused move); put it back after."""
        if left_ms <= 0 and not self.shaken[p]:
            return  # nothing shakes and nothing is out of place: the usual frame does no work
        self.shaken[p] = left_ms > 0
        for s in range(5):
            view = self.stocks[p][s]
            x = self.lay.stock_x[p]
            if s == slot and left_ms > 0:
                x += 2 if (left_ms // 40) % 2 else -2
            view.move_to(x, view.y)

    def set_cursor(self, p, slot):
        """Put player p's cursor on a stock slot (-1 hides it)."""
        place_cursor(self, p, slot, self.lay.stock_x[p] - 2, self.lay.stock_y[slot] - 2)
