"""Snap's test kit (tests/kits/__init__.py): what the generic tests know of the tests' toy game (tests/toy/)."""

import os

from engine import actions as A
from tests.toy.engine.file import PH_PAIR

LETTERS = "T"  # its rules, T-1 to T-5
RULES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "toy", "__init__.py")
# hypothesis examples: a small game: fewer streams
EXAMPLES = {"streams": 8, "endings": 12, "replays": 8, "playback": 6}
LADDER = (2, 5, 8)  # the roster's levels (no adaptive CPU)
ADAPTIVE = False
FASTEST_MS = 400  # its top level's median per flip at most (ms)
SLOWEST_MS = 1200  # its lowest level's at least
MPY_GAMES = 0  # measured on CircuitPython's VM (tests/tools/test_circuitpython.py): one game here costs 18 s
MPY_STEADY = 0


def size(options):
    """How many cards a game of these options holds (T-1: 52, or the short deck's 20)."""
    return options.get("deck", 52)


def cards(game):
    """Every card in the game: the two piles and the centre."""
    return game.piles[0].cards() + game.piles[1].cards() + game.centre.cards()


def untouched(game):
    """What a refused action must leave untouched beside state(): the shuffle and the piles' cards."""
    return game.rng.hi, game.rng.lo, [p.names() for p in game.piles]


def invariants(game):
    """T-3: a pair shows exactly in the snap phase; T-5: the winner's pile is empty."""
    if game.phase != A.PH_OVER:
        assert (game.phase == PH_PAIR) == game.pair(), "a pair shows and it is not the snap phase (T-3)"
    else:
        assert game.winner in (0, 1) and game.piles[game.winner].n == 0


def ended(game, options):
    """T-5: the winner's pile is empty."""
    assert game.winner in (0, 1) and game.piles[game.winner].n == 0


def hidden(game):
    """The face-down piles, card by card."""
    return {"hidden": [p.names() for p in game.piles]}


def derived(game, st):
    """No keys beside state()'s."""
    return st


FUZZ_VERBS = ()
CENTRE = None  # the table's labels of two centre piles' counts: one centre pile, none


def dealt(deck):
    """A dealt game's cards (a Counter): each card once, 52 or the short deck's 20 (T-1)."""
    assert max(deck.values()) == 1 and len(deck) in (52, 20)


def shown(app):
    """The table's piles and centre agree with the game: the piles face down (or empty), the centre's top two."""
    from ui import sprites as S

    game, table = app.game, app.table
    for p in range(2):
        assert table.piles[p].shown & 3 in ((S.DOWN, S.FLASH) if game.piles[p].n else (S.EMPTY,))
    c = game.centre
    for i in range(2):
        k = c.n - 2 + i
        assert table.centre[i].shown >> 2 == (c.buf[k] if k >= 0 else 0)


LINK_OPTIONS = {}
LINK_VM = False
LONG = {}  # the options of a long game (tests/hostile_pass.py attacks one over the link)
LINK_UDP = {}  # the options of its game between two processes over UDP (tests/tools/test_linkplay.py)
LINK_LOG = 16  # the link log's size (LOG_MOST) its tests shrink it to: a seeded game fills it three times
# the games beside its default one whose every packet to a guest is checked (tests/engine/link/test_link_peer.py)
LINK_SEEN = ()


def linked(pair):
    """What a linked game's screens show beside the shared checks: nothing more (every card flipped is every
    seat's)."""
