"""One button cluster per player, four buttons each, mapped onto Speed's actions.

- UP and DOWN move the player's cursor over their five hand slots (wrapping,
  so any slot is at most two presses away), past empty ones (the hand refills
  itself, P-4, so a slot is empty only when the draw pile is);
- LEFT and RIGHT play the card under the cursor on the left or right centre
  pile (P-3); with three or four seats the centre piles lie in one row and
  LEFT plays on the first pile from the left that takes the card, RIGHT on
  the first from the right (the leftmost or rightmost pile when none does,
  which the engine refuses): one press reaches a pile for the common play;
- when the banner says "Ready?" (the start, P-2, and every stalemate, P-6):
  any button says ready (D-2);
- when a player is out in the call and race endings (P-8): UP
  presses Speed, and only UP: it is a deliberate press, never a stray one.
  The other buttons do what they do in play, so LEFT or RIGHT plays a card,
  which the engine refuses then (P-8); a refusal only because play is held
  locks nothing (C-3), a play wrong when pressed in play does, for a moment
  (engine.lockout).

Each press becomes one timestamped action, stamped with the time the button
went down (C-4). The buttons are engine.actions' four, as for every game,
so the keyboards and boards need nothing new.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import DOWN, LEFT, PH_PLAY, PH_READY, RIGHT, UP  # noqa: F401

_PH_CALL = const(5)  # Speed's own (engine/speed/file.py names them)
_SPEED = const(6)


class Cluster:
    """A player's cursor over their hand and how their presses become actions."""

    FUMBLES = 1 << A.PLAY  # engine.lockout's: a card played that did not fit locks
    FREE = 0

    def __init__(self, player):
        self.player = player
        self.cursor = 2  # the middle of the hand
        self.verb = self.a = self.b = 0  # the action of the last press
        self.fit = True  # it would have landed on the table as it was (engine.lockout: a refusal then locks)
        self.lock_until = 0  # engine.lockout's
        self.doubled = -1

    def press(self, button, game):
        """Turn a press into an action in (verb, a, b); False when it only moves the cursor."""
        phase = game.phase
        if phase == PH_READY:
            return self._set(A.READY, 0, 0)
        if phase != PH_PLAY and phase != _PH_CALL:
            return False
        if phase == PH_PLAY and (button == UP or button == DOWN) or phase == _PH_CALL and button == DOWN:
            step = -1 if button == UP else 1
            hand = game.hands[self.player]
            c = self.cursor
            for _ in range(5):  # the next slot holding a card (an empty one only when the hand is)
                c = (c + step) % 5
                if hand[c]:
                    break
            self.cursor = c if hand[c] else (self.cursor + step) % 5
            return False
        if button == UP:  # in PH_CALL: UP, and only UP, presses Speed (P-8)
            return self._set(_SPEED, 0, 0)
        pile = (0 if button == LEFT else 1) if game.players == 2 else self._pile(game, button == LEFT)
        self.fit = self.fits(game, A.PLAY, self.cursor, pile)
        return self._set(A.PLAY, self.cursor, pile)

    def fits(self, game, verb, a, b):
        """The lockout's question (engine.lockout): would the play (verb, a, b) land on the table as it is? One
        refused only because play is held (P-8) is no fumble: True."""
        if game.phase != PH_PLAY:
            return True
        card = game.hands[self.player][a] if a < 5 else 0
        return card and b < len(game.centre) and game.takes(b, card)

    def _pile(self, game, from_left):
        """The first centre pile from the left (or the right) that takes the card under the cursor."""
        card = game.hands[self.player][self.cursor]
        n = game.players
        for k in range(n):
            i = k if from_left else n - 1 - k
            if card and game.takes(i, card):
                return i
        return 0 if from_left else n - 1

    def _set(self, verb, a, b):
        self.verb = verb
        self.a = a
        self.b = b
        return True
