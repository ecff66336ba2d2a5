"""One button cluster per player, four buttons each, mapped onto California Spit's actions.

The layout is drawn as two columns of four piles (player 1's row on the
left, player 2's on the right, ui/california/table.py), and each player's
cursor marks a height, 0 (the top) to 3:

- UP and DOWN move the cursor (wrapping, so any height is at most two
  presses away);
- LEFT covers the pile at the cursor's height in the left column, RIGHT the
  one in the right column, with the top card of the player's own pile (K-3):
  the player aims, and a pile whose rank is not open is refused (NO_MATCH):
  the card shakes and the player's presses are locked for a moment
  (engine.lockout), as a fumbled card costs a person. So spotting
  the match is the player's work, and a double (a card laid on its own
  rank) is covered again with the same button;
- with the auto-aim option (California's ``aim``, off by default, for
  beginners: the game's ``auto_aim``), LEFT and RIGHT cover the pile at the
  cursor if its rank is open, else the open pile of that column nearest the
  cursor (one below before one above, then two away), and the cursor then
  rests on the pile covered: one press whenever the column has a match;
- when the banner says "Ready?" (every deal, K-2): any button says ready (D-2).

Each press becomes one timestamped action, stamped with the time the button
went down (C-4): two players aiming at one match race for it, and a card
aimed at a pile whose rank closed meanwhile is refused.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.actions import DOWN, LEFT, PH_PLAY, PH_READY, RIGHT, UP  # noqa: F401

_COVER = const(7)  # California's own (engine/california/file.py names them)


class Cluster:
    """A player's cursor over the layout's four heights and how their presses become actions."""

    FUMBLES = 1 << _COVER  # engine.lockout's: a cover whose rank was not open when pressed locks
    FREE = 0

    def __init__(self, player):
        self.player = player
        self.cursor = 1  # near the middle of the four heights
        self.verb = self.a = self.b = 0  # the action of the last press
        self.fit = True  # it would have landed on the table as it was (engine.lockout: a refusal then locks)
        self.lock_until = 0  # engine.lockout's
        self.doubled = -1

    def press(self, button, game):
        """Turn a press into an action in (verb, a, b); False when it only moves the cursor."""
        phase = game.phase
        if phase == PH_READY:
            return self._set(A.READY, 0, 0)
        if phase != PH_PLAY:
            return False
        if button == UP or button == DOWN:
            self.cursor = (self.cursor + (-1 if button == UP else 1)) % 4
            return False
        row = 0 if button == LEFT else 1
        slot = target(game, row, self.cursor)
        self.cursor = slot
        self.fit = self.fits(game, _COVER, row, slot)
        return self._set(_COVER, row, slot)

    def fits(self, game, verb, a, b):
        """The lockout's question (engine.lockout): would the cover (verb, a, b) land on the table as it is?"""
        return game.phase != PH_PLAY or a > 1 or b > 3 or game.takes(a, b)

    def _set(self, verb, a, b):
        self.verb = verb
        self.a = a
        self.b = b
        return True


def target(game, row, cursor):
    """The pile of row that LEFT (row 0) or RIGHT (row 1) covers from cursor: see the module's docstring."""
    if not game.auto_aim or game.takes(row, cursor):
        return cursor
    for d in (1, 3, 2):  # one below, one above (3 = -1 round four heights), two away
        slot = (cursor + d) % 4
        if game.takes(row, slot):
            return slot
    return cursor
