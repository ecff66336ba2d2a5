"""California Spit's part of the replay files (docs/replay-format.md, "California Spit"): options, layout, state, words.

The generic loader in engine.replay checks the document's keys and events
and calls these; every problem in a file raises ``ReplayError`` with one line
naming the place, such as ``layout.players[1].row[2][0]: unknown card "ZZ"``.
"""

from engine import actions as A
from engine.california.rules import California
from engine.cardnames import RANKS, name
from engine.replay import ReplayError, _cards, _dict, _show, phase_name

OPTIONS = ("hints", "aim")
LAYOUT_KEYS = ("players",)

# California's own names and numbers (engine.names adds them to the shared ones; its modules write them as
# private consts, _COVER = const(7): tests/house/test_every_game.py checks they agree)
COVER = 7  # K-3: a = row (player), b = slot
NO_MATCH = 16  # K-3: the pile's rank is not open
R_COVER = 17  # player covered row a's slot b with card (K-3)
R_OPEN = 18  # rank a is open (K-3)
R_PICKUP = 19  # no rank is open, the layout is picked up (K-4)
OWN_VERBS = (("cover", COVER, 2),)  # (name, number, arguments)
OWN_REASONS = (("no_match", NO_MATCH),)
OWN_REPORTS = (("cover", R_COVER), ("open", R_OPEN), ("pickup", R_PICKUP))
VERBS = (A.READY, COVER)
_TITLE = "California Spit"


def options(opts):
    """Keyword arguments for California() from a file's checked "options" object.

    Its options, ``hints`` (the screen marks the piles that may be covered)
    and ``aim`` (a press covers the match nearest the mark: the buttons'),
    change how a game is shown and how presses become actions, never the rules
    the recorded actions are played by: the engine takes none.
    """
    for key in OPTIONS:
        value = opts.get(key, False)
        if value is not True and value is not False:
            raise ReplayError("options.%s: expected true or false, got %s" % (key, _show(value)))
    return {}


def new(seed, kwargs):
    """A California Spit game dealt from seed (K-1)."""
    return California(seed=seed, **kwargs)


def _row(value, where, seen, pile):
    """The four piles in front of a player, each bottom to top; empty slots only after the last card."""
    if not isinstance(value, list) or len(value) != 4:
        raise ReplayError("%s: expected a list of 4 piles (slots 0-3, each a list of cards, [] empty), got %s"
                          % (where, _show(value)))
    out = [_cards(v, "%s[%d]" % (where, s), seen, title=_TITLE) for s, v in enumerate(value)]
    for s in range(4):
        if not out[s] and any(out[s + 1:]):
            raise ReplayError("%s[%d]: an empty slot before a dealt one (K-2 deals slot 0 first)" % (where, s))
        if not out[s] and pile:
            raise ReplayError("%s[%d]: an empty slot while the pile has cards (K-2 deals four when it can)"
                              % (where, s))
    return out


def load_layout(game, layout):
    """Set game to the position of a checked "layout" object (keys LAYOUT_KEYS)."""
    seen = {}  # card: how many times it came so far
    players = layout.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise ReplayError("layout.players: expected a list of 2 players, one per seat")
    piles = []
    rows = []
    for p, pl in enumerate(players):
        where = "layout.players[%d]" % p
        _dict(pl, where, ("pile", "row"))
        if "pile" not in pl:
            raise ReplayError("%s: no pile (the face-down pile, bottom to top; [] for none)" % where)
        pile = _cards(pl["pile"], where + ".pile", seen, title=_TITLE)
        piles.append(pile)
        if ("row" in pl) != ("row" in players[0]):
            raise ReplayError("%s: a row for every player or for none" % where)
        row = _row(pl["row"], where + ".row", seen, pile) if "row" in pl else []
        rows.append(row)
        if not pile and not any(row):
            raise ReplayError("%s: no cards at all: a player without cards has already won (K-5)" % where)
    game.load(piles, rows if "row" in players[0] else None)


def open_ranks(game):
    """The open ranks as one-character names, ace to king (K-3)."""
    return [RANKS[r - 1] for r in range(1, 14) if (game.open >> r) & 1]


def state(game, refused=()):
    """The game as a JSON-ready dict (the output of tools/replay.py)."""
    players = []
    for p in range(2):
        players.append({
            "pile": game.piles[p].n,
            "row": [pile.names() for pile in game.rows[p]],
            "ready": bool(game.ready[p]),
        })
    return {
        "game": "california",
        "phase": phase_name(game),
        "round": game.round,
        "players": players,
        "open": open_ranks(game),
        "winner": None if game.winner == A.NONE else game.winner,
        "refused": [list(r) for r in refused],
    }


def seen_by(game, seat):
    """D-3: the cards seat sees now: every card laid in the rows (each was a top), and the tops of a layout just
    picked up (K-4, shown until the next deal); never a card in a face-down pile."""
    cards = []
    for row in game.rows:
        for pile in row:
            cards += list(pile.buf[:pile.n])
    return cards + [c for c in game.picked if c]


def describe(report):
    """One report tuple (kind, player, a, b, card) in words, for traces."""
    kind, p, a, b, card = report
    who = "P%d" % p
    if kind == A.R_READY:
        return who + " is ready"
    if kind == A.R_DEAL:
        return "round %d dealt" % a
    if kind == R_COVER:
        return "%s covers P%d's slot %d with %s" % (who, a, b, name(card))
    if kind == R_OPEN:
        return "rank %s is open" % RANKS[a - 1]
    if kind == R_PICKUP:
        return "no rank is open: the layout is picked up" + (" and the piles shuffled (no match)" if a == 1 else "")
    if kind == A.R_GAME_OVER:
        end = "%s wins" % who if p != A.NONE else "a draw"
        if a == 1:
            end += " (nobody can ever cover: fewer cards held)"
        return "game over: " + end
    return "report %d" % kind
