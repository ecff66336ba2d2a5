"""The Spit table as a displayio scene, laid out from the display's size.

Left column: player 1's stocks (the left cluster), right column: player 2's.
In the middle, the two spit piles (pile 0 on the left, player 1's side), their
sizes, the spit-card counts and a banner for the moments of the game.
``sync(game)`` compares every view with the game and touches only what
changed, so displayio repaints only those rectangles.
"""

import displayio
import terminalio
from adafruit_display_text import bitmap_label

from ui import sprites as S

_GAP = 2
_COUNT_W = 11  # room for a stock's card count beside it


class Layout:
    """Card size and every position, computed from the display's width and height."""

    def __init__(self, width, height, slots=5):
        self.width = width
        self.height = height
        self.slots = slots
        ch = min((height - (5 + 1) * _GAP) // 5, 46)
        cw = min(ch + 3, (width - 2 * _COUNT_W - 6 * _GAP) // 4) & ~1  # even: a card is two half tiles
        self.cw = cw
        self.ch = ch
        self.rank_scale = 3 if ch >= 40 else 2 if ch >= 20 else 1
        self.suit_scale = 2 if ch >= 40 else 1
        top = (height - 5 * (ch + _GAP) + _GAP) // 2
        self.stock_x = (_GAP, width - _GAP - cw)
        self.stock_y = [top + s * (ch + _GAP) for s in range(5)]
        mid = width // 2
        self.pile_x = (mid - _GAP - cw, mid + _GAP)
        self.pile_y = (height - ch) // 2 - 8
        self.banner_y = self.pile_y + ch + 15  # the banner's top edge, below the pile sizes
        self.centre_left = _GAP + cw + _COUNT_W
        self.centre_right = width - self.centre_left


class CardView:
    """One place on the table for a card: one TileGrid of two half-card tiles, set only where they change.

    A card that changes is one dirty area, its rectangle (or the half that
    changed); showing what is already shown touches nothing.
    """

    def __init__(self, group, x, y, lay, sheet, palettes):
        self.palettes = palettes  # (normal, flash): FLASH is a face in the flash palette
        self.body = displayio.TileGrid(sheet, pixel_shader=palettes[0], width=2, height=1,
                                       tile_width=lay.cw // 2, tile_height=lay.ch, x=x, y=y)
        group.append(self.body)
        self.x = x
        self.y = y
        self.shown = -1  # card << 2 | body, cached
        self.show(0, S.EMPTY)

    def show(self, card, body):
        """Show a card (0 for none) as EMPTY, FACE, DOWN or FLASH (a face needs a card)."""
        key = card << 2 | body
        if key == self.shown:
            return
        self.shown = key
        grid = self.body
        # displayio repaints a tile that is set even to the same index: set only the changed ones
        tile = S.left_tile(card, body)
        if grid[0] != tile:
            grid[0] = tile
        tile = S.right_tile(card, body)
        if grid[1] != tile:
            grid[1] = tile
        pal = self.palettes[1 if body == S.FLASH else 0]
        if grid.pixel_shader is not pal:
            grid.pixel_shader = pal

    def set_hidden(self, hidden):
        """Hide or show the place (an unused stock, S-17); only a change repaints it."""
        if self.body.hidden != hidden:
            self.body.hidden = hidden

    def move_to(self, x, y):
        """Shift the whole card (the refusal shake)."""
        if x != self.x or y != self.y:
            self.body.x = x
            self.body.y = y
            self.x = x
            self.y = y


def wrap(text, width):
    """text broken into lines of at most width characters, at spaces where it can be."""
    lines = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut <= 0:
            cut = width
        lines.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    lines.append(text)
    return "\n".join(lines)


# The counts as text, made once (qstrs): a card play shows a new count without making a string
_NUMBERS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
            "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32",
            "33", "34", "35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46", "47", "48",
            "49", "50", "51", "52")


class Text:
    """A bitmap_label whose text changes only when the value does; line_chars > 0 breaks longer lines."""

    def __init__(self, group, x, y, anchor, colour, background=None, scale=1, line_chars=0):
        self.label = bitmap_label.Label(terminalio.FONT, text=" ", color=colour,
                                        background_color=background, padding_left=2, padding_right=2,
                                        padding_top=1, padding_bottom=1, scale=scale,
                                        anchor_point=anchor, anchored_position=(x, y), save_text=False)
        self.label.hidden = True  # the value None
        group.append(self.label)
        self.value = None
        self.line_chars = line_chars

    def set(self, value):
        """Show value (any object; str() of it), or hide the label for None or ''."""
        if value == self.value:
            return
        self.value = value
        if value is None or value == "":
            self.label.hidden = True
            return
        text = _NUMBERS[value] if type(value) is int and 0 <= value < 53 else str(value)
        self.label.text = wrap(text, self.line_chars) if 0 < self.line_chars < len(text) else text
        self.label.hidden = False


class Table:
    """Everything on the table screen; ``sync`` brings it up to date with a game."""

    def __init__(self, width, height, slots=5):
        self.lay = lay = Layout(width, height, slots)
        self.group = displayio.Group()
        self.pal = pal = S.palette()
        felt = displayio.Bitmap(8, 8, len(S.COLOURS))
        felt.fill(S.FELT)
        self.group.append(displayio.TileGrid(felt, pixel_shader=pal, width=(width + 7) // 8,
                                             height=(height + 7) // 8, tile_width=8, tile_height=8))
        sheet = S.card_sheet(lay.cw, lay.ch, lay.rank_scale, lay.suit_scale)
        palettes = (pal, S.palette(flash=True))
        self.stocks = ([], [])
        self.counts = ([], [])
        for p in range(2):
            x = lay.stock_x[p]
            for s in range(5):
                y = lay.stock_y[s]
                self.stocks[p].append(CardView(self.group, x, y, lay, sheet, palettes))
                cx = x + lay.cw + 3 if p == 0 else x - 3
                self.counts[p].append(Text(self.group, cx, y + lay.ch // 2, (0.0 if p == 0 else 1.0, 0.5),
                                           0xFFFFFF))
        # loops, not list comprehensions: a label made in one is a frame deeper on a board's pystack
        self.piles = []
        self.sizes = []
        for x in lay.pile_x:
            self.piles.append(CardView(self.group, x, lay.pile_y, lay, sheet, palettes))
            self.sizes.append(Text(self.group, x + lay.cw // 2, lay.pile_y + lay.ch + 1, (0.5, 0.0), 0xFFFFFF))
        top = _GAP
        self.spit = [Text(self.group, lay.centre_left, top, (0.0, 0.0), S.PLAYER_COLOURS[0]),
                     Text(self.group, lay.centre_right, top, (1.0, 0.0), S.PLAYER_COLOURS[1])]
        Text(self.group, width // 2, top, (0.5, 0.0), 0xC0C0C0).set("spit")
        self.info = Text(self.group, width // 2, top + 13, (0.5, 0.0), 0xC0C0C0)
        self.cursors = []
        for p in range(2):
            tg = displayio.TileGrid(S.frame(lay.cw + 4, lay.ch + 4, S.P0 + p), pixel_shader=pal)
            tg.hidden = True
            self.group.append(tg)
            self.cursors.append(tg)
        # between the two columns of stocks, never over a card: on a small screen long words take
        # two lines (terminalio's characters are 6 px wide)
        self.banner = Text(self.group, width // 2, lay.banner_y, (0.5, 0.0), 0x000000, S.COLOURS[S.GOLD],
                           line_chars=(lay.centre_right - lay.centre_left - 4) // 6)
        self.flash = [-1, -1]  # slot flashing per player
        self.cursor_at = [-1, -1]

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

    def begin(self, game, cpus=None):
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
        for s in range(5):
            view = self.stocks[p][s]
            x = self.lay.stock_x[p]
            if s == slot and left_ms > 0:
                x += 2 if (left_ms // 40) % 2 else -2
            view.move_to(x, view.y)

    def set_cursor(self, p, slot):
        """Put player p's cursor on a stock slot (-1 hides it)."""
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
