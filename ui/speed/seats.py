"""The parts of a table of three or four seats (Speed, P-11): its layout, and small counts.

``SeatsLayout`` puts three or four hands around one row of centre piles, in
the biggest cards that fit; ``Count`` is a number drawn from ui.sprites'
digit sheet as one TileGrid, so a change repaints only the digits that
changed. A module of its own: a two-seat game never loads it.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import displayio

from ui import sprites as S
from ui.text import cell_h, text_scale

_GAP = const(2)


class SeatsLayout:
    """Three or four hands around one row of centre piles: card size and every position, from the display's size.

    Seat 0's hand is the left column and seat 1's the right (slot 0 at the
    top), seat 2's the top row and seat 3's the bottom row (slot 0 on the
    left). Each seat's count sits in a corner at one end of its hand: seat 0's
    above its column, seat 2's at the right of its row, seat 1's below its
    column, seat 3's at the left of its row (round the table), the seat's
    number beside it at the screen's edge. The centre
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
        big = text_scale(width, height)
        for ts in ((big, 1) if big > 1 else (1,)):  # the panel's text first (issue 20.6), the biggest cards with it
            for ch in range(46, 11, -1):
                if self._try(ch, ts):
                    self.fits = True
                    return

    def _try(self, ch, ts):
        """Lay the table out with cards ch high and text at scale ts; False when something does not fit."""
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
        if row_x - 2 < max(left, 2 + 3 * dw + 1):
            return False  # (a corner: a seat's number and its draw count, a pixel apart, ui.speed.table)
        line_chars = (right - left - 4) // (6 * ts)
        if ts == 1:
            banner_h = 14 if line_chars >= 30 else 29  # the longest banners on one line or two
        else:
            banner_h = 2 * cell_h(ts) + (2 * ts if cell_h() == 12 else 0) + 1  # two lines (a longer one: scale 1,
            # ui.speed.table; a taller cell has no padding, ui.text)
        info_h = cell_h(ts) + ts + 1
        top = ch + 4  # the top row and its cursor frame
        bottom = height - ch - 4 if n == 4 else height
        slack = bottom - top - (dh + 1 + ch + 1 + dh + banner_h + info_h)
        if slack < 0:
            return False
        pitch = cw + max(_GAP, min(cw // 2, (right - left - n * cw) // (n - 1)))
        if pitch < 3 * dw + 1 or n * cw + (n - 1) * (pitch - cw) > right - left:
            return False  # each pile's size (three digits) under it
        space = min(slack // 4, 4)
        self.cw, self.ch = cw, ch
        self.ts = ts
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
        self.info_y = bottom - info_h + 1
        self.line_chars = line_chars
        self.centre_left = left
        self.centre_right = right
        return True


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
