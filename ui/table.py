"""What every game's table is made of: the layout from the display's size, card places and labels.

``Layout`` puts two columns of five card places at the sides (each player's
stocks or hand) and two piles in the middle; ``SeatsLayout`` puts three or
four hands around one row of piles, in smaller cards; ``CardView`` is one
card place (one TileGrid, so a changed card repaints one rectangle); ``Text``
a label whose text changes only when its value does; ``Count`` a small
number drawn from a digit sheet. Each game's Table is built from them
(ui/spit_table.py, ui/speed_table.py; docs/games.md).
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


class SeatsLayout:
    """Three or four hands around one row of centre piles: card size and every position, from the display's size.

    Seat 0's hand is the left column and seat 1's the right (slot 0 at the
    top), seat 2's the top row and seat 3's the bottom row (slot 0 on the
    left). Each seat's count sits in a corner at one end of its hand: seat 0's
    above its column, seat 2's at the right of its row, seat 1's below its
    column, seat 3's at the left of its row (round the table). The centre
    piles lie in one row between the columns, pile 0 on the left, with a count
    above each and its size under it; under them the banner, then the info line.
    The cards are the biggest that fit (160x128: 18x20, a rank and two suits
    at scale 1); ``fits`` is False when nothing does.
    """

    def __init__(self, width, height, players, slots=5):
        self.width = width
        self.height = height
        self.players = players
        self.slots = slots
        self.fits = False
        for ch in range(46, 11, -1):
            if self._try(ch):
                self.fits = True
                return

    def _try(self, ch):
        """Lay the table out with cards ch high; False when something does not fit."""
        width, height, slots, n = self.width, self.height, self.slots, self.players
        pad = 2 if ch < 40 else 4  # as ui.sprites.glyph_places
        k = 2 if ch >= 30 else 1  # the digits' scale
        dw, dh = 6 * k, 7 * k
        bound = (width - 4 - 8 - (slots - 1) * _GAP) // (slots + 2)  # two columns and a row between them
        rank = 3
        while rank > 1 and (2 * (pad + 5 * rank + 1) > bound or pad + 7 * rank > ch - 2):
            rank -= 1
        cw = min(bound, max(ch - 2, 2 * (pad + 5 * rank + 1))) & ~1
        if cw < 2 * (pad + 5 * rank) or cw - 7 - pad < cw // 2 or ch < 15 + 2 * pad:
            return False  # no rank half and suit half (ui.sprites.card_sheet)
        suit = 2 if cw - 14 - pad >= cw // 2 and ch >= 30 + 2 * pad else 1
        col_h = slots * ch + (slots - 1) * _GAP
        col_y = (height - col_h) // 2
        if col_y - 3 - dh < 0 or col_y + col_h + 3 + dh > height:
            return False  # the corner counts above and below the columns
        left = 2 + cw + 2  # the columns' cursor frames end here
        right = width - left
        row_w = slots * cw + (slots - 1) * _GAP
        row_x = (width - row_w) // 2
        if row_x - 2 < left:
            return False
        line_chars = (right - left - 4) // 6
        banner_h = 14 if line_chars >= 30 else 29  # the longest banners on one line or two
        top = ch + 4  # the top row and its cursor frame
        bottom = height - ch - 4 if n == 4 else height
        slack = bottom - top - (dh + 1 + ch + 1 + dh + banner_h + 14)
        if slack < 0:
            return False
        pitch = cw + max(_GAP, min(cw // 2, (right - left - n * cw) // (n - 1)))
        if pitch < 3 * dw + 1 or n * cw + (n - 1) * (pitch - cw) > right - left:
            return False  # each pile's size (three digits) under it
        space = min(slack // 4, 4)
        self.cw, self.ch = cw, ch
        self.rank_scale, self.suit_scale = rank, suit
        self.digit_scale = k
        self.hand_x = []
        self.hand_y = []
        for p in range(n):
            if p < 2:
                self.hand_x.append([2 if p == 0 else width - 2 - cw] * slots)
                self.hand_y.append([col_y + s * (ch + _GAP) for s in range(slots)])
            else:
                self.hand_x.append([row_x + s * (cw + _GAP) for s in range(slots)])
                self.hand_y.append([2 if p == 2 else height - 2 - ch] * slots)
        up, down = col_y - 3 - dh, col_y + col_h + 3
        corner = width - 2 - 3 * dw  # a three-digit count against the right edge
        self.count_at = ((2, up, 0), (corner, down, 2), (corner, up, 2), (2, down, 0))[:n]  # x, y, align
        x0 = (width - (n * cw + (n - 1) * (pitch - cw))) // 2
        self.pile_x = [x0 + i * pitch for i in range(n)]
        self.side_y = top + space  # the counts above the piles
        self.pile_y = self.side_y + dh + 1
        self.size_y = self.pile_y + ch + 1
        self.banner_y = self.size_y + dh + space + 1  # a label's box starts a pixel above its anchor
        self.info_y = bottom - 13
        self.line_chars = line_chars
        self.centre_left = left
        self.centre_right = right
        return True


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


class Count:
    """A number as one TileGrid of ``digits`` tiles over ui.sprites' digit sheet: a change repaints the changed digits.

    align 0 puts the digits at the left, 1 in the middle, 2 at the right; None
    (or a value shown as '') is blank. A value too big shows all nines.
    """

    def __init__(self, group, x, y, digits, sheet, ink, align=0):
        tw = sheet.width // S.DIGIT_TILES
        self.grid = displayio.TileGrid(sheet, pixel_shader=ink, width=digits, height=1, tile_width=tw,
                                       tile_height=sheet.height, x=x, y=y)
        group.append(self.grid)
        self.digits = digits
        self.align = align
        self.value = None

    def set(self, value):
        """Show value (an int >= 0), or nothing for None."""
        if value == self.value:
            return
        self.value = value
        n = self.digits
        if value is None:
            used = 0
        else:
            value = min(value, 10 ** n - 1)
            used = 1
            while used < n and value >= 10 ** used:
                used += 1
        start = 0 if self.align == 0 else n - used if self.align == 2 else (n - used) // 2
        grid = self.grid
        for i in range(n):
            place = start + used - 1 - i
            tile = 1 + value // 10 ** place % 10 if 0 <= place < used else 0
            if grid[i] != tile:  # displayio repaints a tile set even to the same index
                grid[i] = tile
