"""The Speed table as a displayio scene, laid out from the display's size.

The same places as Spit's table (ui/spit_table.py, from ui/table.py's Layout): player 1's hand in the left
column (the left cluster), player 2's in the right, the two centre piles in
the middle (pile 0 on the left, player 1's side) with their sizes under them
and their side piles' counts above them, each player's draw-pile count at
the top in their colour, and a banner. D-3: a CPU's hand is drawn face down.
``sync(game)`` touches only what changed.
"""

import displayio

from ui import sprites as S
from ui.table import CardView, Layout, Text

_GAP = 2


class Table:
    """Everything on the Speed table screen; ``sync`` brings it up to date with a game."""

    def __init__(self, width, height):
        self.lay = lay = Layout(width, height, 5)
        self.group = displayio.Group()
        self.pal = pal = S.palette()
        felt = displayio.Bitmap(8, 8, len(S.COLOURS))
        felt.fill(S.FELT)
        self.group.append(displayio.TileGrid(felt, pixel_shader=pal, width=(width + 7) // 8,
                                             height=(height + 7) // 8, tile_width=8, tile_height=8))
        sheet = S.card_sheet(lay.cw, lay.ch, lay.rank_scale, lay.suit_scale)
        palettes = (pal, S.palette(flash=True))
        self.hands = ([], [])
        for p in range(2):
            for s in range(5):
                self.hands[p].append(CardView(self.group, lay.stock_x[p], lay.stock_y[s], lay, sheet, palettes))
        self.piles = [CardView(self.group, lay.pile_x[i], lay.pile_y, lay, sheet, palettes) for i in range(2)]
        size_y = lay.pile_y + lay.ch + 1
        self.sizes = [Text(self.group, lay.pile_x[i] + lay.cw // 2, size_y, (0.5, 0.0), 0xFFFFFF)
                      for i in range(2)]
        self.sides = [Text(self.group, lay.pile_x[i] + lay.cw // 2, lay.pile_y - 1, (0.5, 1.0), 0xA0A0A0)
                      for i in range(2)]  # each centre pile's side pile, above it
        top = _GAP
        self.draws = [Text(self.group, lay.centre_left, top, (0.0, 0.0), S.PLAYER_COLOURS[0]),
                      Text(self.group, lay.centre_right, top, (1.0, 0.0), S.PLAYER_COLOURS[1])]
        Text(self.group, width // 2, top, (0.5, 0.0), 0xC0C0C0).set("speed")
        self.info = Text(self.group, width // 2, top + 13, (0.5, 0.0), 0xC0C0C0)
        self.cursors = []
        for p in range(2):
            tg = displayio.TileGrid(S.frame(lay.cw + 4, lay.ch + 4, S.P0 + p), pixel_shader=pal)
            tg.hidden = True
            self.group.append(tg)
            self.cursors.append(tg)
        self.banner = Text(self.group, width // 2, lay.banner_y, (0.5, 0.0), 0x000000, S.COLOURS[S.GOLD],
                           line_chars=(lay.centre_right - lay.centre_left - 4) // 6)
        self.flash = [-1, -1]  # hand slot flashing per player
        self.cursor_at = [-1, -1]
        self.face_down = [False, False]  # D-3: a CPU's hand is shown face down

    def begin(self, game, cpus=None):
        """Get ready for a new game; cpus[p] is true for a seat the CPU plays (its hand face down, D-3)."""
        for p in range(2):
            self.face_down[p] = bool(cpus and cpus[p])
            self.flash[p] = -1

    def sync(self, game):
        """Make every card, count and label match the game (only changes are redrawn)."""
        for p in range(2):
            views = self.hands[p]
            hand = game.hands[p]
            down = self.face_down[p]
            flash = self.flash[p]
            for s in range(5):
                card = hand[s]
                if not card:
                    views[s].show(0, S.EMPTY)
                elif down:
                    views[s].show(0, S.DOWN)
                else:
                    views[s].show(card, S.FLASH if flash == s else S.FACE)
            self.draws[p].set(game.draw[p].n)
        for i in range(2):
            pile = game.centre[i]
            if pile.n:
                self.piles[i].show(pile.buf[pile.n - 1], S.FACE)
            elif game.start[i]:
                self.piles[i].show(0, S.DOWN)  # P-2: the start card lies face down until every player is ready
            else:
                self.piles[i].show(0, S.EMPTY)
            self.sizes[i].set(pile.n if pile.n else None)
            self.sides[i].set(game.side[i].n if game.side[i].n else None)

    def shake(self, p, slot, left_ms):
        """Shake player p's card at slot while left_ms > 0 (a refused play); put it back after."""
        x0 = self.lay.stock_x[p]
        for s in range(5):
            view = self.hands[p][s]
            x = x0
            if s == slot and left_ms > 0:
                x += 2 if (left_ms // 40) % 2 else -2
            view.move_to(x, view.y)

    def set_cursor(self, p, slot):
        """Put player p's cursor on a hand slot (-1 hides it)."""
        if slot == self.cursor_at[p]:
            return
        self.cursor_at[p] = slot
        tg = self.cursors[p]
        if slot < 0:
            tg.hidden = True
            return
        tg.x = self.lay.stock_x[p] - 2
        tg.y = self.lay.stock_y[slot] - 2
        tg.hidden = False
