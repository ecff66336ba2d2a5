"""Why a person's play was refused, in a player's words (loaded at the first refusal a person makes; a board
drops it back at the menu, and a demo never loads it)."""

from engine import actions as A

_REFUSALS = {  # the shared reasons a person can cause, in a player's words (a game's own: its Words.REFUSALS)
    A.NOT_ADJACENT: "not one up or down",
    A.FACE_DOWN: "turn it up first",
    A.EMPTY_SLOT: "no card there",
    A.NO_PILE: "no pile there",
    A.ALREADY_UP: "already face up",
    A.SLOT_TAKEN: "that place is taken",
}


def refused(name, reason, words):
    """Why a seat's play was refused, in words (None for a reason not worth saying); words: the game's Words,
    whose REFUSALS word its own reasons."""
    why = _REFUSALS.get(reason) or words.REFUSALS.get(reason)
    return None if why is None else "%s: %s" % (name, why)
