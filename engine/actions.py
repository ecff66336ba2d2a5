"""Verbs, refusal reasons, reports and phases shared by every game (one action stream), as numbers.

Their names (for files, traces and tools) are in engine.names, which a board
playing a game never loads.

An action is ``(t_ms, player, verb, a, b)`` of small ints. ``apply()`` returns
OK or a reason code; a refused action changes nothing. What happened is
reported through a ``Reports`` ring that the screen, lights and sound read.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython


# Phases, one numbering for every game (each game uses the ones it has). They are
# PH_ names so that they never share a name with a verb of another value.
PH_READY = const(0)  # waiting for every player to say Spit / be ready (D-2)
PH_PLAY = const(1)
PH_SLAP = const(2)  # Spit S-11
PH_CHOOSE = const(3)  # Spit S-18
PH_OVER = const(4)  # the game (the match) is over
PH_CALL = const(5)  # Speed P-8: a player is out and Speed may be pressed

# The four buttons of a player's cluster: every hal numbers its keys player * BUTTONS + button
UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
BUTTONS = const(4)
PAUSE = const(16)  # the pause key's number (the desktop's Esc), past four clusters' buttons: no player's

# Verbs of every game; a game's replay files accept the ones it plays.
READY = const(0)  # say "Spit!" / be ready (D-2)
PLAY = const(1)  # a = stock or hand slot, b = centre pile
FLIP = const(2)  # a = stock slot
MOVE = const(3)  # a = from slot, b = to slot
SLAP = const(4)  # a = centre pile
CHOOSE = const(5)  # a = centre pile
SPEED = const(6)  # press Speed (P-8)
COVER = const(7)  # California K-3: a = row (player), b = slot

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
SAME_COLOUR = const(9)
ALREADY_UP = const(10)
SLOT_TAKEN = const(11)
ALREADY_READY = const(12)
NOT_CHOOSER = const(13)
BAD_VERB = const(14)
JOKER_LAST = const(15)  # P-10: the play would strand a joker
NO_MATCH = const(16)  # K-3: the pile's rank is not open

# Reports: (kind, player, a, b, card); 255 in a field means "none", card 0 "no card".
R_READY = const(0)  # player said Spit
R_SPIT = const(1)  # player turned a spit card onto pile a
R_LAND = const(2)  # player's card from slot a landed on pile b
R_FLIP = const(3)  # player turned up slot a
R_MOVE = const(4)  # player moved slot a into empty slot b
R_STALEMATE = const(5)  # nobody can move: say Spit again
R_ROUND_OVER = const(6)  # player = who cleared their stocks (255: S-10 b)
R_SLAP = const(7)  # player slapped pile a
R_TAKE = const(8)  # player takes pile a (255: nothing)
R_DEAL = const(9)  # a new round was dealt; a = round number
R_GAME_OVER = const(10)  # player = winner (255: draw)
R_SCORE = const(11)  # player scored a points this round (S-16, P-9)
R_OUT = const(12)  # Speed: player has played every card (P-8)
R_SPEED = const(13)  # Speed: player pressed Speed (P-8)
R_PENALTY = const(14)  # Speed: player takes centre pile a as their draw pile, b cards (P-8)
R_REBUILD = const(15)  # Speed: side pile a rebuilt from its centre pile, b cards (P-7)
R_MATCH_OVER = const(16)  # player = the match's winner (P-9; 255: a draw)
R_COVER = const(17)  # California: player covered row a's slot b with card (K-3)
R_OPEN = const(18)  # California: rank a is open (K-3)
R_PICKUP = const(19)  # California: no rank is open, the layout is picked up (K-4)
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

