"""The table as one player sees it: the only thing a bot is given to look at.

Face-up cards, how many cards each pile holds, whose turn it is to say Spit
or choose: what a person at the table sees. Never a face-down card, the
opponent's spit cards, or the game object itself. ``refresh`` copies it from
the game into preallocated bytearrays (nothing is allocated) and says
whether anything a person could see has changed.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.actions import LEFT, RIGHT
from engine.cards import FITS as _FITS, is_red  # C-2

_PH_SLAP = const(2)  # Spit's own phases and verbs (engine/spit/file.py names them)
_PH_CHOOSE = const(3)
_SLAP = const(4)
_CHOOSE = const(5)


class View:
    """One seat's view of the table; piles are numbered as the buttons: 0 left, 1 right.

    Stocks (slot 0 at the top of the screen), one bytearray entry per slot:

    - ``my_top[s]``, ``their_top[s]``: the top card if it is face up, else 0
    - ``my_count[s]``, ``their_count[s]``: how many cards the stock holds
    - ``my_up[s]``, ``their_up[s]``: 1 when the top card is face up

    The centre: ``pile_top[i]`` (0 when empty) and ``pile_size[i]``. Also
    ``phase`` (PH_READY, PH_PLAY, Spit's PH_SLAP and PH_CHOOSE, PH_OVER), ``round``,
    ``slots`` (5, or 4 under S-17), ``my_spit`` and ``their_spit`` (spit cards
    left), ``my_ready`` and ``their_ready`` (said Spit), ``my_choice`` (this
    player chooses a pile, S-18), ``alternate`` (S-19 is on) and ``cursor``
    (the stock this player's cursor is on).
    """

    def __init__(self, me, players=2):
        self.me = me  # Spit has two seats: players is the seam's argument (docs/games.md)
        self.piles = 2  # centre piles: LEFT and RIGHT reach one each
        self.my_top = bytearray(5)
        self.my_count = bytearray(5)
        self.my_up = bytearray(5)
        self.their_top = bytearray(5)
        self.their_count = bytearray(5)
        self.their_up = bytearray(5)
        self._tops = (self.my_top, self.their_top)
        self._counts = (self.my_count, self.their_count)
        self._ups = (self.my_up, self.their_up)
        self.pile_top = bytearray(2)
        self.pile_size = bytearray(2)
        self.phase = 255
        self.round = 0
        self.slots = 5
        self.my_spit = self.their_spit = 0
        self.my_ready = self.their_ready = 0
        self.my_choice = False
        self.alternate = False
        self.cursor = 2

    def own_phase(self, bot, act):
        """What a bot that leaves Spit's own phases to engine.bots.Bot.decide does there: slap the smaller pile
        (S-11), or choose it (S-18)."""
        if self.phase == _PH_SLAP:
            act.do(_SLAP, bot.smaller(self))
        elif self.phase == _PH_CHOOSE and self.my_choice:
            act.do(_CHOOSE, bot.smaller(self))

    def button(self, verb, a):
        """The button that presses one of Spit's own verbs (a slap, a choice) for pile a: LEFT or RIGHT."""
        return RIGHT if a == 1 else LEFT

    def refresh(self, game, cursor):
        """Copy what this seat can see from game; True when something visible changed."""
        self.cursor = cursor
        changed = False
        me = self.me
        if self.phase != game.phase or self.round != game.round:
            self.phase = game.phase
            self.round = game.round
            self.slots = game.slots
            self.alternate = game.alternate_colours
            changed = True
        for side in range(2):
            p = me ^ side
            stocks = game.stocks[p]
            up = game.up[p]
            tops = self._tops[side]
            counts = self._counts[side]
            ups = self._ups[side]
            for s in range(5):
                pile = stocks[s]
                n = pile.n
                u = up[s] if n else 0
                card = pile.buf[n - 1] if u else 0  # a face-down card is never read
                if counts[s] != n or ups[s] != u or tops[s] != card:
                    counts[s] = n
                    ups[s] = u
                    tops[s] = card
                    changed = True
            centre = game.centre[side]
            n = centre.n
            card = centre.buf[n - 1] if n else 0
            if self.pile_size[side] != n or self.pile_top[side] != card:
                self.pile_size[side] = n
                self.pile_top[side] = card
                changed = True
        n = game.spit[me].n
        m = game.spit[1 - me].n
        if self.my_spit != n or self.their_spit != m:
            self.my_spit = n
            self.their_spit = m
            changed = True
        n = game.ready[me]
        m = game.ready[1 - me]
        if self.my_ready != n or self.their_ready != m:
            self.my_ready = n
            self.their_ready = m
            changed = True
        self.my_choice = game.chooser == me
        return changed

    # ---- questions a bot asks --------------------------------------------

    def fits(self, card, pile):
        """Would card go on spit pile `pile` now (C-2, and S-19 when it is on)?"""
        if not card or not self.pile_size[pile]:
            return False
        top = self.pile_top[pile]
        if not (_FITS[top & 15] >> (card & 15)) & 1:
            return False
        return not self.alternate or is_red(card) != is_red(top)

    def can_play(self, slot, pile):
        """Is my stock `slot` face up with a card that goes on pile `pile`?"""
        return self.fits(self.my_top[slot], pile)

    def fill_source(self, slot):
        """The stock the buttons would move into my empty slot `slot` (S-7), or -1 if none uncovers a card.

        The button scheme (engine.spit.buttons) moves the face-up card with the
        most cards beneath it, so the card it leaves can be turned up.
        """
        if self.my_count[slot]:
            return -1
        best = -1
        most = 1
        for s in range(self.slots):
            n = self.my_count[s]
            if n > most and self.my_up[s]:
                best = s
                most = n
        return best

    def presses(self, slot):
        """Cursor presses from my cursor to stock `slot` (the row wraps round)."""
        k = self.slots
        d = (slot - self.cursor) % k
        return d if d <= k - d else k - d

    def my_cards(self):
        """How many cards I hold: stocks and spit cards (fewer is better)."""
        n = self.my_spit
        for s in range(5):
            n += self.my_count[s]
        return n

    def their_cards(self):
        """How many cards the opponent holds."""
        n = self.their_spit
        for s in range(5):
            n += self.their_count[s]
        return n
