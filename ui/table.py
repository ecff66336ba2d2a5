"""What every game's table is made of: the layout from the display's size, card places and labels.

``Layout`` puts two columns of five card places at the sides (each player's
stocks or hand) and two piles in the middle; ``CardView`` is one card place
(one TileGrid, so a changed card repaints one rectangle); ``Text`` (ui/text.py) a label
whose text changes only when its value does. Each game's Table is built from
them (ui/spit/table.py, ui/speed/table.py; docs/games.md); ui/speed/seats.py has
the parts of a table of three or four.
"""

import displayio
from micropython import const

from ui import sprites as S
from ui.text import PITCH_UM, Text, cell_h, text_scale, wrap  # noqa: F401  (every table's labels, the panels' scale)

_PLAY = const(1)  # engine.actions' PLAY, FLIP and MOVE (tests/ui/test_panels_and_feedback.py checks they agree)
_FLIP = const(2)
_MOVE = const(3)
_GAP = const(2)
_COUNT_W = const(11)  # room for a stock's card count beside it (at text scale 1)



def refused(table, p, verb, a, b, cursor):
    """A Table's ``refused``: the card of player p's refused play flashes: the slot played (PLAY, FLIP: a),
    or the one the cursor is on (MOVE, a fill). A game whose places differ has its own (ui/california/table.py)."""
    if verb == _PLAY or verb == _FLIP:
        table.flash[p] = a
    elif verb == _MOVE:
        table.flash[p] = cursor

def count_x(lay, i, mid):
    """The x of the count centred under centre pile i, moved out from the middle (mid) where two digits of the two
    counts would leave less than a character between them (the 240x135's: "12 10" read "1210")."""
    x = lay.pile_x[i] + lay.cw // 2
    room = 9 * lay.ts  # half of two digits and half a character's gap
    return min(x, mid - room) if i == 0 else max(x, mid + room)


class Layout:
    """Card size and every position, computed from the display's width and height."""

    def __init__(self, width, height, slots=5, above=True):
        self.width = width
        self.height = height
        self.slots = slots
        self.ts = ts = text_scale(width, height)  # every label's scale
        self.line_h = cell_h(ts) + ts  # a line of labels
        count_w = _COUNT_W if ts == 1 else 12 * ts  # two digits beside a card
        ch = min((height - (5 + 1) * _GAP) // 5, 46)
        cw = min(ch + 3, (width - 2 * count_w - 6 * _GAP) // 4) & ~1  # even: a card is two half tiles
        self.cw = cw
        self.ch = ch
        self.rank_scale = 3 if ch >= 40 else 2 if ch >= 20 else 1
        self.suit_scale = 2 if ch >= 40 else 1
        top = (height - 5 * (ch + _GAP) + _GAP) // 2
        self.stock_x = (_GAP, width - _GAP - cw)
        self.stock_y = [top + s * (ch + _GAP) for s in range(5)]
        mid = width // 2
        self.pile_x = (mid - _GAP - cw, mid + _GAP)
        self.centre_left = _GAP + cw + count_w
        self.centre_right = width - self.centre_left
        room = self.centre_right - self.centre_left
        self.title_room = room - 2 * count_w - 4 - 4 * ts  # pixels for the game's name between the top counts
        self.line_chars = (room - 4) // 6  # the banner's, between the columns
        self.info_y = _GAP + 13  # the info line (the round), under the title
        self.pile_y = (height - ch) // 2 - 8
        self.banner_y = self.pile_y + ch + 15  # the banner's top edge, below the pile sizes
        self.banner_ay = 0.0
        if ts > 1:  # bigger text: the counts' row, [a row above the piles,] the piles, their sizes, the info line
            free = _GAP + self.line_h  # (above: the game puts labels over its piles; else the row is the banner's)
            room = above and height - free - ch - 3 * self.line_h - 4 >= self.line_h
            self.pile_y = free + self.line_h if room else free
            self.info_y = self.pile_y + ch + 1 + self.line_h
            # the banner may reach over the stocks' counts for its moment: the longest take two lines
            self.line_chars = (width - 2 * (_GAP + cw) - 8) // (6 * ts)
            self.banner_y = self.info_y + self.line_h
            if self.banner_y + 3 * cell_h(ts) + 2 * ts > height:  # no room under: over the info line, from the bottom
                self.banner_y = height - 1
                self.banner_ay = 1.0

    def shows_title(self, name):
        """True where the game's name fits the top row between the counts (always in the PyBadge's text)."""
        return self.ts == 1 or len(name) * 6 * self.ts <= self.title_room


class CardView:
    """One place on the table for a card: one TileGrid of two half-card tiles, set only where they change.

    A card that changes is one dirty area, its rectangle (or the half that
    changed); showing what is already shown touches nothing.
    """

    def __init__(self, group, x, y, lay, sheet, looks):
        self.looks = looks  # ui.sprites.card_palettes(): each look (empty, back, faces) has its palette
        self.body = displayio.TileGrid(sheet, pixel_shader=looks[0], width=2, height=1,
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
        pal = self.looks[S.look(card, body)]
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


def scene(width, height, lay):
    """A table's first parts: (its Group, with the felt; the card sheet; its looks, for CardViews)."""
    group = displayio.Group()
    S.felt(group, width, height, S.COLOURS[S.FELT])
    return group, S.card_sheet(lay.cw, lay.ch, lay.rank_scale, lay.suit_scale), S.card_palettes()


def frames(group, colours, w, h, x=0, y=0):
    """A hidden card-sized frame per colour (each player's cursor, a hint), all over one one-bit bitmap."""
    ring = S.frame(w, h)
    out = []
    for colour in colours:
        tg = displayio.TileGrid(ring, pixel_shader=S.ink(colour), x=x, y=y)
        tg.hidden = True
        group.append(tg)
        out.append(tg)
    return out


def place_cursor(table, p, slot, x, y):
    """Move player p's cursor TileGrid (``table.cursors[p]``) to (x, y) for slot, or hide it (slot -1).

    Nothing is touched when the slot is the one it is at (``table.cursor_at``);
    x None keeps its x (a bar that moves only up and down).
    """
    if slot == table.cursor_at[p]:
        return
    table.cursor_at[p] = slot
    tg = table.cursors[p]
    if slot < 0:
        tg.hidden = True
        return
    if x is not None:
        tg.x = x
    tg.y = y
    tg.hidden = False
