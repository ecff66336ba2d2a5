"""Snap's part of the replay files: options, layout, state, words (engine.replay calls these).

Every problem in a file raises ``ReplayError`` with one line naming the place.
"""

from engine import actions as A
from engine.cardnames import name
from engine.replay import ReplayError, _cards, _dict, _show, phase_name
from tests.toy.engine.rules import Snap

OPTIONS = ("deck",)
LAYOUT_KEYS = ("piles", "centre")

# Snap's own names and numbers (engine.names adds them to the shared ones; its modules write them as private
# consts, _SNAP = const(4): tests/house/test_every_game.py checks they agree)
PH_PAIR = 2  # T-3: a pair shows
SNAP = 4  # T-3, T-4
R_TAKE = 8  # player takes the centre under their pile, b cards
R_PENALTY = 14  # T-4: a false snap, player takes the centre, b cards
OWN_PHASES = (("pair", PH_PAIR),)
OWN_VERBS = (("snap", SNAP, 1),)  # (name, number, arguments)
OWN_REPORTS = (("take", R_TAKE), ("penalty", R_PENALTY))
VERBS = (A.FLIP, SNAP)
_TITLE = "Snap"


def options(opts):
    """Keyword arguments for Snap() from a file's checked "options" object: deck, 52 or 20 (T-1)."""
    deck = opts.get("deck", 52)
    if deck != 52 and deck != 20 or type(deck) is not int:
        raise ReplayError("options.deck: expected 52 or 20, got %s" % _show(deck))
    return {"deck": deck}


def new(seed, kwargs):
    """A game of Snap dealt from seed (T-1)."""
    return Snap(seed=seed, **kwargs)


def load_layout(game, layout):
    """Set game to the position of a checked "layout" object: piles (two lists of cards) and centre."""
    seen = {}
    piles = layout.get("piles")
    if not isinstance(piles, list) or len(piles) != 2:
        raise ReplayError("layout.piles: expected a list of 2 piles, one per seat")
    cards = [_cards(p, "layout.piles[%d]" % i, seen, title=_TITLE) for i, p in enumerate(piles)]
    for i in range(2):
        if not cards[i]:
            raise ReplayError("layout.piles[%d]: no cards: a player without cards has already won (T-5)" % i)
    game.load(cards, _cards(layout.get("centre", []), "layout.centre", seen, title=_TITLE))


def state(game, refused=()):
    """The game as a JSON-ready dict (the output of tools/replay.py)."""
    return {
        "game": game.name,
        "phase": phase_name(game),
        "piles": [game.piles[p].n for p in range(2)],
        "centre": game.centre.names(),
        "winner": None if game.winner == A.NONE else game.winner,
        "refused": [list(r) for r in refused],
    }


def seen_by(game, seat):
    """D-3: the cards seat sees now: the centre's, each flipped face up for every seat (T-2)."""
    return list(game.centre.buf[:game.centre.n])


def describe(report):
    """One report (kind, player, a, b, card) in words."""
    kind, p, a, b, card = report
    who = "P%d" % (p + 1)
    if kind == A.R_LAND:
        return "%s flips %s" % (who, name(card))
    if kind == A.R_SLAP:
        return "%s snaps" % who
    if kind == R_TAKE:
        return "%s takes the centre (%d cards)" % (who, b)
    if kind == R_PENALTY:
        return "%s snapped no pair: takes the centre (%d cards)" % (who, b)
    if kind == A.R_GAME_OVER:
        return "game over: %s wins" % who
    return "report %d" % kind
