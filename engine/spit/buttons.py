"""One button cluster per player, four buttons each, mapped onto Spit's actions.

Buttons: UP and DOWN move the player's cursor over their stocks (wrapping, so
any stock is at most two presses away); LEFT and RIGHT act toward the left or
right spit pile:

- on a face-up card: play it on that pile (S-5);
- on a face-down card: turn it up (S-6);
- on an empty slot: move the face-up top card of your tallest stock into it,
  uncovering the card beneath (S-7);
- when the banner says "Ready?": any button says Spit (S-4, S-8);
- at the slap (S-11): slap that pile; at S-18 the winner chooses it.

So the common play is one or two presses: move to the card, push it toward a
pile. Each press becomes one timestamped action for the engine, stamped with
the time the button went down (C-4).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.cards import FITS, is_red  # C-2, S-19: did the card fit when pressed (the lockout's question)
from engine.actions import DOWN, LEFT, PH_PLAY, PH_READY, RIGHT, UP  # noqa: F401

_SLAP = const(4)  # Spit's own (engine/spit/file.py names them)
_CHOOSE = const(5)
_PH_SLAP = const(2)
_PH_CHOOSE = const(3)


class Cluster:
    """A player's cursor and how their presses become actions."""

    FUMBLES = 1 << A.PLAY  # engine.lockout's: a card played that did not fit locks; a choice is never dropped
    FREE = 1 << _CHOOSE

    def __init__(self, player):
        self.player = player
        self.cursor = 2  # start in the middle of the row
        self.verb = self.a = self.b = 0  # the action of the last press
        self.fit = True  # it would have landed on the table as it was (engine.lockout: a refusal then locks)
        self.lock_until = 0  # engine.lockout's
        self.doubled = -1

    def press(self, button, game):
        """Turn a press into an action in (verb, a, b); False when it only moves the cursor."""
        phase = game.phase
        side = button == LEFT or button == RIGHT
        pile = 0 if button == LEFT else 1
        if phase == PH_READY:
            return self._set(A.READY, 0, 0)
        if phase == PH_PLAY:
            if not side:
                self.cursor = (self.cursor + (-1 if button == UP else 1)) % game.slots
                return False
            return self._act(game, pile)
        if phase == _PH_SLAP and side:
            return self._set(_SLAP, pile, 0)
        if phase == _PH_CHOOSE and side:
            return self._set(_CHOOSE, pile, 0)
        return False

    def _set(self, verb, a, b):
        self.verb = verb
        self.a = a
        self.b = b
        return True

    def _act(self, game, pile):
        p = self.player
        if self.cursor >= game.slots:
            self.cursor = game.slots - 1
        slot = self.cursor
        if game.stocks[p][slot].n == 0:
            return self._set(A.MOVE, self._tallest(game, slot), slot)
        if not game.up[p][slot]:
            return self._set(A.FLIP, slot, 0)
        self.fit = self.fits(game, A.PLAY, slot, pile)
        return self._set(A.PLAY, slot, pile)

    def fits(self, game, verb, a, b):
        """The lockout's question (engine.lockout): would the play (verb, a, b) land on the table as it is? Not a
        card this cluster could have pressed (its face down, gone, play not on: a table seen late) is no fumble."""
        p = self.player
        if game.phase != PH_PLAY or a >= game.slots or b > 1 or not game.stocks[p][a].n or not game.up[p][a]:
            return True
        card = game.stocks[p][a].top()
        centre = game.centre[b]
        top = centre.top() if centre.n else 0
        return top and (FITS[top & 15] >> (card & 15)) & 1 and not (game.alternate_colours
                                                                     and is_red(card) == is_red(top))

    def _tallest(self, game, empty):
        """The stock whose face-up top card best fills an empty slot: the most cards beneath it."""
        p = self.player
        best = empty
        most = 1
        for s in range(game.slots):
            n = game.stocks[p][s].n
            if n > most and game.up[p][s]:
                best = s
                most = n
        if best == empty:  # nothing to uncover: any face-up card (S-7 allows it)
            for s in range(game.slots):
                if game.stocks[p][s].n and game.up[p][s]:
                    return s
        return best
