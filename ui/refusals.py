"""Why a person's play was refused, in a player's words (loaded at the first refusal a person makes; a board
drops it back at the menu, and a demo never loads it)."""

from engine import actions as A

_REFUSALS = {  # engine.actions' reasons a person can cause, in a player's words
    A.NOT_ADJACENT: "not one up or down",
    A.SAME_COLOUR: "same colour",
    A.FACE_DOWN: "turn it up first",
    A.EMPTY_SLOT: "no card there",
    A.NO_PILE: "no pile there",
    A.ALREADY_UP: "already face up",
    A.SLOT_TAKEN: "that place is taken",
    A.JOKER_LAST: "a joker can't go last",
    A.NO_MATCH: "rank not open",  # short: California's banner is 9 characters wide on a 160x128 panel
}


def refused(name, reason):
    """Why a seat's play was refused, in words (None for a reason not worth saying)."""
    why = _REFUSALS.get(reason)
    return None if why is None else "%s: %s" % (name, why)
