"""The Speed table as a displayio scene, laid out from the display's size.

Two seats: the same places as Spit's table (ui/spit/table.py, from ui/table.py's Layout): player 1's hand in
the left column (the left cluster), player 2's in the right, the two centre piles in
the middle (pile 0 on the left, player 1's side) with their sizes under them
and their side piles' counts above them, each player's draw-pile count at
the top in their colour on a card back's blue (a face-down pile), and a banner.

Three or four seats (ui/table.py's SeatsLayout, smaller cards): seat 0's hand
in the left column, seat 1's in the right, seat 2's along the top, seat 3's
along the bottom; the centre piles in one row in the middle, pile 0 on the
left to pile 3 on the right (LEFT and RIGHT play along that row), each with
its side pile's count above it in its seat's colour and its size under it,
all on a darker felt (the centre, apart from the hands beside it); each
seat's draw-pile count in a corner at one end of its hand, in its colour on
a card back's blue (a face-down pile of that many); the banner and the info
line under the piles, at the panel's text scale where they fit (else 1).

D-3: a CPU's hand is drawn face down. ``sync(game)`` touches only what changed.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import displayio
import vectorio

from ui import sprites as S
from ui.table import CardView, Layout, Text, count_x, frames, place_cursor, refused, scene

_GAP = const(2)
_CENTRE = const(0x084520)  # the centre's felt with three or four seats: a shade darker than the table's


def _layout(width, height, players):
    """Two seats: Spit's Layout; three or four: a SeatsLayout (ValueError when it cannot fit the screen)."""
    if players == 2:
        return Layout(width, height, 5)
    from ui.speed.seats import SeatsLayout  # three or four seats only: a two-seat table never loads ui/speed/seats.py

    lay = SeatsLayout(width, height, players, 5)
    if not lay.fits:
        raise ValueError("%d seats of Speed do not fit a %dx%d screen" % (players, width, height))
    return lay


class Table:
    """Everything on the Speed table screen; ``sync`` brings it up to date with a game."""

    def __init__(self, width, height, players=2):
        self.players = players
        self.lay = lay = _layout(width, height, players)
        self.group, sheet, looks = scene(width, height, lay)
        if players > 2:  # the centre row on a darker felt: apart from the hand cards beside it
            fill = displayio.Palette(1)
            fill[0] = _CENTRE
            x, y = lay.pile_x[0] - 3, max(lay.side_y - 2, lay.ch + 4)  # under the top row's cursor frame
            self.group.append(vectorio.Rectangle(pixel_shader=fill, width=lay.pile_x[-1] + lay.cw + 3 - x,
                                                 height=lay.size_y + 7 * lay.digit_scale + 1 - y, x=x, y=y))
        if players == 2:
            self.home_x = [[x] * 5 for x in lay.stock_x]
            self.home_y = [lay.stock_y, lay.stock_y]
        else:
            self.home_x = lay.hand_x
            self.home_y = lay.hand_y
        self.hands = tuple([] for _ in range(players))
        for p in range(players):
            for s in range(5):
                self.hands[p].append(CardView(self.group, self.home_x[p][s], self.home_y[p][s], lay, sheet,
                                              looks))
        self.piles = []
        self.sizes = []  # each centre pile's size, under it
        self.sides = []  # each centre pile's side pile count, above it
        self.draws = []  # each seat's draw pile count
        if players == 2:
            self._labels(width)
        else:
            self._counts(width)
            # the label is made here, not in _counts: under that bigger frame the label library's calls
            # no longer fit a 1536-byte pystack
            room = lay.centre_right - lay.centre_left - 4
            if lay.ts > 1:  # the panel's scale where the words fit (a Pico's panel: a board of more heap)
                from ui.fitted import Fitted

                self.info = Fitted(self.group, width // 2, lay.info_y, 0xC0C0C0, None, lay.ts, room, 1)
            else:
                self.info = Text(self.group, width // 2, lay.info_y, (0.5, 0.0), 0xC0C0C0, chars=12)
        self.cursors = frames(self.group, S.PLAYER_COLOURS[:players], lay.cw + 4, lay.ch + 4)
        ts = lay.ts
        if players == 2 or ts == 1:
            self.banner = Text(self.group, width // 2, lay.banner_y, (0.5, getattr(lay, "banner_ay", 0.0)),
                               0x000000, S.COLOURS[S.GOLD], scale=ts, line_chars=lay.line_chars)
        else:
            self.banner = Fitted(self.group, width // 2, lay.banner_y, 0x000000, S.COLOURS[S.GOLD], ts,
                                 lay.centre_right - lay.centre_left - 4, 2)
        if players > 2:
            self.banner.glue = ("2nd", "3rd", "4th")  # the ranking's places (ui/speed/words.py, P-11): "4th P1" on one line
        self.flash = [-1] * players  # hand slot flashing per player
        self.cursor_at = [-1] * players
        self.face_down = [False] * players  # D-3: a CPU's hand is shown face down
        self.shaken = [False] * players  # a card of that seat may be out of its place (shake)

    def _labels(self, width):
        """Two seats: the piles, their sizes and side counts, the draw counts, the title and the info line."""
        lay = self.lay
        sheet = self.hands[0][0].body.bitmap
        looks = self.hands[0][0].looks
        for i in range(2):
            self.piles.append(CardView(self.group, lay.pile_x[i], lay.pile_y, lay, sheet, looks))
        ts = lay.ts
        size_y = lay.pile_y + lay.ch + 1
        for i in range(2):
            self.sizes.append(Text(self.group, count_x(lay, i, width // 2), size_y, (0.5, 0.0), 0xFFFFFF, scale=ts,
                                   chars=2))
        above = lay.pile_y >= _GAP + 2 * lay.line_h  # a row above the piles; else beside them, outside
        back = S.COLOURS[S.BACK]  # a side pile's count on a card back's blue: a face-down pile of that many
        for i in range(2):
            if above:
                x, y, anchor = lay.pile_x[i] + lay.cw // 2, lay.pile_y - 1, (0.5, 1.0)
            else:
                x = lay.pile_x[i] - 3 if i == 0 else lay.pile_x[i] + lay.cw + 3
                y, anchor = lay.pile_y + lay.ch // 2, (1.0 if i == 0 else 0.0, 0.5)
            self.sides.append(Text(self.group, x, y, anchor, 0xFFFFFF, back, scale=ts, chars=2))
        top = _GAP
        self.draws.append(Text(self.group, lay.centre_left, top, (0.0, 0.0), S.PLAYER_COLOURS[0], scale=ts, chars=2))
        self.draws.append(Text(self.group, lay.centre_right, top, (1.0, 0.0), S.PLAYER_COLOURS[1], scale=ts,
                               chars=2))
        for label in self.draws:  # its two places on a card back's blue (the words' own palette: nothing more made)
            label.ink.make_opaque(0)
            label.ink[0] = back
        if lay.shows_title("speed"):
            Text(self.group, width // 2, top, (0.5, 0.0), 0xC0C0C0, scale=ts, chars=5).set("speed")
        self.info = Text(self.group, width // 2, lay.info_y, (0.5, 0.0), 0xC0C0C0, scale=ts, chars=12 // ts)

    def _counts(self, width):
        """Three or four seats: the row of piles with their counts, and each seat's draw count."""
        from ui.speed.seats import Count

        lay = self.lay
        sheet = self.hands[0][0].body.bitmap
        looks = self.hands[0][0].looks
        digits = S.digit_sheet(lay.digit_scale)
        inks = [S.ink(c) for c in S.PLAYER_COLOURS]
        white = S.ink(0xFFFFFF)
        dw = 6 * lay.digit_scale
        # loops, not list comprehensions: a label made in one is a frame deeper on a board's pystack
        for i in range(self.players):
            x = lay.pile_x[i]
            self.piles.append(CardView(self.group, x, lay.pile_y, lay, sheet, looks))
            mid = x + (lay.cw - 3 * dw) // 2
            self.sizes.append(Count(self.group, mid, lay.size_y, 3, digits, white, 1))
            self.sides.append(Count(self.group, mid, lay.side_y, 3, digits, inks[i], 1))  # seat i's side pile
        for p in range(self.players):
            x, y, align = lay.count_at[p]
            ink = displayio.Palette(2)  # on a card back's blue: a face-down pile of that many
            ink[0] = S.COLOURS[S.BACK]
            ink[1] = S.PLAYER_COLOURS[p]
            # two digits (a seat's draw pile holds 16 at most, P-11), away from the seat's number in black on its
            # colour a pixel apart at the screen's edge: the banners' P3 and CPU3 (ui/words.py), not by colour alone
            self.draws.append(Count(self.group, x + dw + 1 if align == 0 else x - 1, y, 2, digits, ink, 2 - align))
            ink = displayio.Palette(2)
            ink[0] = S.PLAYER_COLOURS[p]
            Count(self.group, x if align == 0 else x + 2 * dw, y, 1, digits, ink).set(p + 1)

    refused = refused  # a refused play's card flashes (ui.table)

    def begin(self, game, cpus=None, options=None):
        """Get ready for a new game; cpus[p] is true for a seat the CPU plays (its hand face down, D-3)."""
        for p in range(self.players):
            self.face_down[p] = bool(cpus and cpus[p])
            self.flash[p] = -1

    def sync(self, game):
        """Make every card, count and label match the game (only changes are redrawn)."""
        for p in range(self.players):
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
        for i in range(self.players):
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
        if left_ms <= 0 and not self.shaken[p]:
            return  # nothing shakes and nothing is out of place: the usual frame does no work
        self.shaken[p] = left_ms > 0
        xs = self.home_x[p]
        views = self.hands[p]
        for s in range(5):
            view = views[s]
            x = xs[s]
            if s == slot and left_ms > 0:
                x += 2 if (left_ms // 40) % 2 else -2
            view.move_to(x, view.y)

    def set_cursor(self, p, slot):
        """Put player p's cursor on a hand slot (-1 hides it)."""
        place_cursor(self, p, slot, self.home_x[p][slot] - 2, self.home_y[p][slot] - 2)
