"""Speed's test kit (tests/kits/__init__.py): what the generic tests know of Speed."""

from engine import actions as A
from engine.speed.file import PH_CALL

LETTERS = "CPD"
RULES = None
# hypothesis examples: fewer than Spit's (tests/engine/speed/test_speed_engine.py has its own)
EXAMPLES = {"streams": 12, "endings": 12, "replays": 8, "playback": 6}
LADDER = (1, 2, 3, 4, 5, 6, 7, 8)  # the roster's levels, the CPU ladder (engine.bots.hands), then adaptive
ADAPTIVE = True
FASTEST_MS = 500
SLOWEST_MS = 1600
MPY_GAMES = 12  # Speed's games are short: more of them for enough steady apply() calls
MPY_STEADY = 300


def size(options):
    """How many cards a game of these options holds: a deck each (P-11), two jokers each with jokers (P-10)."""
    decks = options.get("decks", 1)
    return decks * (54 if options.get("jokers") else 52)


def cards(game):
    """Every card in the game, wherever it lies (the deck is the last centre pile's room during the deal)."""
    out = []
    for p in range(game.players):
        out += [c for c in game.hands[p] if c] + game.draw[p].cards() + game.side[p].cards()
        out += game.centre[p].cards() + ([game.start[p]] if game.start[p] else [])
    return out


def untouched(game):
    """What a refused action must leave untouched beside state(): the shuffle, hands, face-down piles, the clock."""
    return (game.rng.hi, game.rng.lo, [bytes(h) for h in game.hands], [p.names() for p in game.draw],
            [p.names() for p in game.side], bytes(game.start), game.out, game.deadline)


def invariants(game):
    """P-4: a hand holds at most five cards."""
    assert all(len(h) == 5 for h in game.hands), "a hand holds at most five cards (P-4)"
    if game.phase == A.PH_OVER:
        assert game.winner in tuple(range(game.players)) + (A.NONE,)


def ended(game, options):
    """A match ends with a winner or a draw."""
    assert game.winner in tuple(range(game.players)) + (A.NONE,)


def hidden(game):
    """The face-down draw and side piles, and the clock's limit, as the time left after the last change (an App's
    clock counts from its own start, a replay's from 0)."""
    return {"hidden": [p.names() for p in game.draw] + [p.names() for p in game.side],
            "deadline": game.deadline - game.now if game.phase == PH_CALL else None}


def derived(game, st):
    """No keys beside state()'s."""
    return st


FUZZ_VERBS = ()  # (the fuzz deals Spit first: it need not reach every verb of Speed)
CENTRE = "sizes"  # the table's labels of the two centre piles' counts, or None (tests/ui/test_panels_and_feedback.py)


def dealt(deck):
    """A dealt game's cards (a Counter): each card once, 52 or with jokers 54 (the fuzz's menu deals one deck)."""
    assert max(deck.values()) == 1 and len(deck) in (52, 54)


def shown(app):
    """The table's cards and cursors agree with the game: the hands (D-3: a CPU's face down), the centre piles."""
    from ui import sprites as S

    game, table = app.game, app.table
    for p in range(2):
        for s in range(5):
            card = game.hands[p][s]
            view = table.hands[p][s].shown
            if app.cpus[p] is not None and card:  # D-3: a CPU's hand face down
                assert view == S.DOWN, "P%d's CPU hand shows a card" % (p + 1)
            else:
                assert view >> 2 == card, "P%d hand slot %d shows the wrong card" % (p + 1, s + 1)
        assert 0 <= app.clusters[p].cursor < 5
    for i in range(2):
        assert table.piles[i].shown >> 2 == game.centre[i].top()


LINK_OPTIONS = {"ending": "call"}
LINK_VM = True
LONG = {"match": "best_of_3"}  # the options of a long game (tests/hostile_pass.py attacks one over the link)
LINK_UDP = {"ending": "race"}  # the options of its game between two processes over UDP (tests/tools/test_linkplay.py)
LINK_LOG = 32  # the link log's size (LOG_MOST) its tests shrink it to: a seeded game fills it three times
# the options and guests of the games beside its default one whose every packet to a guest is checked for a card
# its seat may not see (tests/engine/link/test_link_peer.py)
LINK_SEEN = (({"players": 3, "ending": "call", "call_ms": 800}, 2),
             ({"players": 4, "decks": 2, "jokers": True, "match": "best_of_3"}, 3))


def linked(pair):
    """Each screen hides the other seat's hand (D-3)."""
    assert pair.apps[0].table.face_down == [True, True] and pair.apps[1].table.face_down == [True, True]
