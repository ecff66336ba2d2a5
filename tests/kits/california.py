"""California Spit's test kit (tests/kits/__init__.py): what the generic tests know of California Spit."""

from engine import actions as A

LETTERS = "CKD"
RULES = None
# hypothesis examples: fewer than Spit's (tests/engine/california/test_california_engine.py has its own)
EXAMPLES = {"streams": 20, "endings": 12, "replays": 8, "playback": 6}
LADDER = (1, 2, 3, 4, 5, 6, 7, 8)  # the roster's levels, the CPU ladder (engine.bots.hands), then adaptive
ADAPTIVE = True
FASTEST_MS = 650  # spotting a match takes a look of its own
SLOWEST_MS = 1600
MPY_GAMES = 0  # measured on CircuitPython's VM (tests/tools/test_circuitpython.py)
MPY_STEADY = 0


def size(options):
    """How many cards a game holds, whatever its options: one deck."""
    return 52


def cards(game):
    """Every card in the game, wherever it lies."""
    out = []
    for p in range(2):
        out += game.piles[p].cards()
        for pile in game.rows[p]:
            out += pile.cards()
    return out


def untouched(game):
    """What a refused action must leave untouched beside state(): the shuffle and the face-down piles."""
    return game.rng.hi, game.rng.lo, [p.names() for p in game.piles], bytes(game.tops), bytes(game.picked)


def invariants(game):
    """K-3: a rank is open exactly while two tops show it."""
    tops = [pile.top() & 15 for row in game.rows for pile in row if pile.n]
    shown = sum(1 << r for r in set(tops) if tops.count(r) >= 2)
    assert game.open & shown == shown, "two tops of a rank and it is not open (K-3)"
    assert all(r in tops for r in range(1, 14) if game.open >> r & 1), "an open rank no top shows (K-3)"
    if game.phase == A.PH_OVER:
        assert game.winner in (0, 1, A.NONE)


def ended(game, options):
    """K-5: the winner covered with the last card of their pile."""
    assert game.winner in (0, 1) and game.piles[game.winner].n == 0


def hidden(game):
    """The face-down piles, card by card."""
    return {"hidden": [p.names() for p in game.piles]}


def derived(game, st):
    """No keys beside state()'s."""
    return st


FUZZ_VERBS = ()
CENTRE = "counts"  # the table's labels of the two centre piles' counts, or None (tests/ui/test_panels_and_feedback.py)


def dealt(deck):
    """A dealt game's cards (a Counter): one deck, each card once."""
    assert max(deck.values()) == 1 and len(deck) in (52, 54)


def shown(app):
    """The table's cards and cursors agree with the game: each row's tops, the face-down piles (K-1)."""
    from ui import sprites as S

    game, table = app.game, app.table
    for q in range(2):
        for s in range(4):
            pile = game.rows[q][s]
            view = table.rows[q * 4 + s].shown
            assert view >> 2 == (pile.top() if pile.n else 0), "row %d pile %d shows the wrong card" % (q, s)
            assert view & 3 == (S.EMPTY if not pile.n else view & 3) and (not pile.n or view & 3 != S.DOWN)
        assert table.piles[q].shown & 3 == (S.DOWN if game.piles[q].n else S.EMPTY)  # face down (K-1)
        assert 0 <= app.clusters[q].cursor < 4


LINK_OPTIONS = {}
LINK_VM = True
LONG = {}  # the options of a long game (tests/hostile_pass.py attacks one over the link)
LINK_UDP = {}  # the options of its game between two processes over UDP (tests/tools/test_linkplay.py)
LINK_LOG = 32  # the link log's size (LOG_MOST) its tests shrink it to: a seeded game fills it three times
# the options and guests of the games beside its default one whose every packet to a guest is checked for a card
# its seat may not see (tests/engine/link/test_link_peer.py)
LINK_SEEN = ()


def linked(pair):
    """What a linked game's screens show beside the shared checks: nothing more."""
