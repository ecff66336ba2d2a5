"""The Snap table as a displayio scene (ui.table's parts): each player's face-down pile at their side, with its
count, and the centre's top two cards in the middle (a pair shows there), the banner below.

``sync(game)`` touches only what changed, so displayio repaints only those rectangles.
"""

from ui import sprites as S
from ui.table import CardView, Layout, Text, refused, scene


class Table:
    """Everything on the table screen; ``sync`` brings it up to date with a game."""

    def __init__(self, width, height, players=2):
        self.lay = lay = Layout(width, height, 5)
        self.group, sheet, looks = scene(width, height, lay)
        ts = lay.ts
        y = lay.stock_y[2]
        self.piles = []
        self.counts = []
        for p in range(2):
            x = lay.stock_x[p]
            self.piles.append(CardView(self.group, x, y, lay, sheet, looks))
            self.counts.append(Text(self.group, x + lay.cw // 2, y + lay.ch + 1, (0.5, 0.0), S.PLAYER_COLOURS[p],
                                    scale=ts, chars=2))
        self.centre = [CardView(self.group, lay.pile_x[i], lay.pile_y, lay, sheet, looks) for i in range(2)]
        self.size = Text(self.group, width // 2, lay.pile_y + lay.ch + 1, (0.5, 0.0), 0xFFFFFF, scale=ts, chars=2)
        if lay.shows_title("snap"):
            Text(self.group, width // 2, 2, (0.5, 0.0), 0xC0C0C0, scale=ts, chars=4).set("snap")
        self.info = Text(self.group, width // 2, lay.info_y, (0.5, 0.0), 0xC0C0C0, scale=ts, chars=12 // ts)
        self.banner = Text(self.group, width // 2, lay.banner_y, (0.5, lay.banner_ay), 0x000000, S.COLOURS[S.GOLD],
                           scale=ts, line_chars=lay.line_chars)
        self.flash = [-1, -1]  # per player: 0 while their refused flip shows (the App's)
        self.cursor_at = [-1, -1]

    refused = refused  # a refused flip flashes the player's pile (ui.table: FLIP's slot, 0)

    def begin(self, game, hidden=None, options=None):
        """Get ready for a new game (the seam's call, docs/games.md): every pile is face down anyway."""

    def sync(self, game):
        """Make every card and count match the game (only changes are redrawn)."""
        for p in range(2):
            n = game.piles[p].n
            self.piles[p].show(0, (S.FLASH if self.flash[p] >= 0 else S.DOWN) if n else S.EMPTY)
            self.counts[p].set(n)
        c = game.centre
        n = c.n
        for i in range(2):
            k = n - 2 + i  # the card under the top, then the top
            if k >= 0:
                self.centre[i].show(c.buf[k], S.FACE)
            else:
                self.centre[i].show(0, S.EMPTY)
        self.size.set(n if n > 2 else None)

    def shake(self, p, at, left_ms):
        """A refused flip shows on the player's pile while left_ms > 0 (``flash``, drawn by sync)."""

    def set_cursor(self, p, slot):
        """Snap has no cursor to show: one pile to flip from."""
        self.cursor_at[p] = slot
