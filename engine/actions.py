"""Verbs, refusal reasons, reports and phases shared by every game (one action stream), as numbers.

Their names (for files, traces and tools) are in engine.names, which a board
playing a game never loads.

An action is ``(t_ms, player, verb, a, b)`` of small ints. ``apply()`` returns
OK or a reason code; a refused action changes nothing. What happened is
reported through a ``Reports`` ring that the screen, lights and sound read.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython


# What every game shares; a game's own phases, verbs, refusal reasons and reports are its file module's
# OWN_PHASES, OWN_VERBS, OWN_REASONS and OWN_REPORTS (engine.names puts them together and refuses a clash),
# written in its modules as private consts (``_SLAP = const(4)``: a board holds no name for them;
# tests/house/test_every_game.py checks each against the file module). The numbers left out here are games' own.

# Phases (PH_ names, so that they never share a name with a verb of another value).
PH_READY = const(0)  # waiting for every player to say Spit / be ready (D-2)
PH_PLAY = const(1)
PH_OVER = const(4)  # the game (the match) is over

# The four buttons of a player's cluster: every hal numbers its keys player * BUTTONS + button
UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
BUTTONS = const(4)
PAUSE = const(16)  # the pause key's number (the desktop's Esc), past four clusters' buttons: no player's

# Verbs: a game's replay files accept the ones it plays. The Driver (engine.bots) presses these itself: a
# card at a slot of the cursor; a game's View says which button presses one of its own.
READY = const(0)  # say "Spit!" / be ready (D-2)
PLAY = const(1)  # a = stock or hand slot, b = centre pile
FLIP = const(2)  # a = stock slot
MOVE = const(3)  # a = from slot, b = to slot

# Refusal reasons (0 = the action was applied).
OK = const(0)
BAD_PLAYER = const(1)
WRONG_PHASE = const(2)
BAD_SLOT = const(3)
BAD_PILE = const(4)
EMPTY_SLOT = const(5)
FACE_DOWN = const(6)
NO_PILE = const(7)
NOT_ADJACENT = const(8)
ALREADY_UP = const(10)
SLOT_TAKEN = const(11)
ALREADY_READY = const(12)
BAD_VERB = const(14)

# Reports: (kind, player, a, b, card); 255 in a field means "none", card 0 "no card". The App sounds these
# (ui/reactions.py); a game's Words.SOUNDS says which of them each of its own sounds like.
R_READY = const(0)  # player said Spit
R_SPIT = const(1)  # player turned a spit card onto pile a (cards turned onto the centre)
R_LAND = const(2)  # player's card from slot a landed on pile b
R_FLIP = const(3)  # player turned up slot a
R_MOVE = const(4)  # player moved slot a into empty slot b
R_STALEMATE = const(5)  # nobody can move: say Spit again
R_SLAP = const(7)  # player slapped pile a
R_DEAL = const(9)  # a new round was dealt; a = round number
R_GAME_OVER = const(10)  # player = winner (255: draw)
R_SCORE = const(11)  # player scored a points this round (S-16, P-9)
R_FAULT = const(254)  # no report: a sound, a player paying for a fault (a game's Words.SOUNDS names it)
NONE = const(255)


class Reports:
    """A ring of the last reports, five bytes each; the oldest is overwritten when full."""

    def __init__(self, capacity=32):
        self.buf = bytearray(5 * capacity)
        self.cap = capacity
        self.head = 0  # index of the oldest unread report
        self.count = 0

    def add(self, kind, player, a=255, b=255, card=0):
        """Record one report."""
        cap = self.cap
        count = self.count
        i = self.head + count  # the slot after the newest report (no % : this runs for every action)
        if i >= cap:
            i -= cap
        if count == cap:  # full: the oldest report, in slot i, goes
            self.head = i + 1 if i + 1 < cap else 0
        else:
            self.count = count + 1
        i *= 5
        buf = self.buf
        buf[i] = kind
        buf[i + 1] = player
        buf[i + 2] = a
        buf[i + 3] = b
        buf[i + 4] = card

    def pop(self):
        """Offset into buf of the oldest unread report (kind, player, a, b, card), or -1."""
        if not self.count:
            return -1
        i = 5 * self.head
        self.head = (self.head + 1) % self.cap
        self.count -= 1
        return i

    def clear(self):
        """Forget every unread report."""
        self.head = 0
        self.count = 0

