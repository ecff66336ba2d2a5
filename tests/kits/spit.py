"""Spit's test kit (tests/kits/__init__.py): what the generic tests know of Spit."""

from engine import actions as A

LETTERS = "CSD"  # the rule letters of RULES.md Spit plays (C and D are every game's)
RULES = None  # the rules' text: RULES.md
# hypothesis examples: random action streams, random legal play, replayed logs, random documents played back
EXAMPLES = {"streams": 60, "endings": 40, "replays": 25, "playback": 20}
LADDER = (1, 2, 3, 4, 5, 6, 7, 8)  # the roster's levels, the CPU ladder (engine.bots.hands), then adaptive
ADAPTIVE = True
FASTEST_MS = 500  # the top level's median per move at most (ms, the CPU ladder)
SLOWEST_MS = 1600  # level 1's median per move at least
# tools/bench/bench_mpy.py on MicroPython's wasm VM: games to play (0: measured on CircuitPython's VM only), and the
# steady apply() calls they make at least
MPY_GAMES = 5
MPY_STEADY = 1000


def size(options):
    """How many cards a game holds, whatever its options: one deck."""
    return 52


def cards(game):
    """Every card in the game, wherever it lies."""
    out = []
    for p in range(2):
        out += game.centre[p].cards() + game.spit[p].cards() + game.hands[p].cards()
        for pile in game.stocks[p]:
            out += pile.cards()
    return out + game.deck.cards()


def untouched(game):
    """What a refused action must leave untouched beside state(): the shuffle, cleared, face-up flags, chooser."""
    return game.rng.hi, game.rng.lo, game.cleared, [bytes(u) for u in game.up], game.chooser, \
        [list(tops) for tops in game.tops]


def invariants(game):
    """S-7, S-17: no more stocks than the layout allows, only top cards face up; hands and deck empty in play."""
    for p in range(2):
        for s, pile in enumerate(game.stocks[p]):
            if s >= game.slots:
                assert pile.n == 0, "more stocks than the layout allows (S-7, S-17)"
            assert game.up[p][s] in (0, 1)
            if pile.n == 0:
                assert game.up[p][s] == 0, "an empty slot cannot have a face-up card"
        assert game.hands[p].n == 0, "hands are only used between rounds"
        tops = [0 if not pile.n else pile.buf[pile.n - 1] + 1 if game.up[p][s] else 257
                for s, pile in enumerate(game.stocks[p][:game.slots])] + [258] * (5 - game.slots)
        assert list(game.tops[p]) == tops, "the tops S-8's test and legal() read are not the stocks' (Spit.recount)"
    assert game.deck.n == 0
    if game.phase == A.PH_OVER:
        assert game.winner in (0, 1, A.NONE)


def ended(game, options):
    """S-15: without scoring the winner has no cards at all; in one round (S-9) no stock cards, in round 1."""
    if options.get("one_round"):
        left = (game._stock_cards(0), game._stock_cards(1))
        assert game.round == 1
        if game.cleared == A.NONE:  # neither could spit (S-9's decision): fewer stock cards wins
            assert not (game.spit[0].n or game.spit[1].n) and game.centre[0].n < 2 and game.centre[1].n < 2
            assert game.winner == (0 if left[0] < left[1] else 1 if left[1] < left[0] else A.NONE)
        else:
            assert game.winner == game.cleared and left[game.winner] == 0
    elif not options["scoring"]:
        assert game.winner in (0, 1)
        assert game.cards_held(game.winner) == 0


def hidden(game):
    """The state state() leaves out: the spit piles' cards and who cleared their stocks."""
    return {"spit_cards": [game.spit[0].names(), game.spit[1].names()], "cleared": game.cleared}


def derived(game, st):
    """The keys a rule file's "expect" may use beside state()'s (tests/engine/test_rules.py's docstring)."""
    st["centre_sizes"] = [len(pile) for pile in st["centre"]]
    for p, pl in enumerate(st["players"]):
        pl["stock_sizes"] = [len(s["cards"]) for s in pl["stocks"]]
        held = []
        for s in range(game.slots):
            held += game.stocks[p][s].names()
        pl["held"] = held + game.spit[p].names()
    return st


# The fuzz's check that it played the game (tests/ui/test_ui_fuzz.py): every verb of the first group seen, and one
# of the second's
FUZZ_VERBS = (("ready", "play", "flip", "move"), ("slap", "choose"))
CENTRE = "sizes"  # the table's labels of the two centre piles' counts, or None (tests/ui/test_panels_and_feedback.py)


def dealt(deck):
    """A dealt game's cards (a Counter): one deck, each card once."""
    from collections import Counter

    from engine.cards import DECK_SIZE, new_deck

    cards = bytearray(DECK_SIZE)
    assert deck == Counter(cards[:new_deck(cards)])


def shown(app):
    """The table's cards and cursors agree with the game: each stock's top card face up or down, the spit piles."""
    from ui import sprites as S

    game, table = app.game, app.table
    for p in range(2):
        for s in range(game.slots):
            pile = game.stocks[p][s]
            view = table.stocks[p][s]
            card = pile.top() if pile.n and game.up[p][s] else 0
            assert view.shown >> 2 == card, "P%d stock %d shows the wrong card" % (p + 1, s + 1)
            body = view.shown & 3
            if not pile.n:
                assert body == S.EMPTY
            elif not game.up[p][s]:
                assert body == S.DOWN
            else:
                assert body in (S.FACE, S.FLASH)
        assert 0 <= app.clusters[p].cursor < game.slots
    for i in range(2):
        assert table.piles[i].shown >> 2 == game.centre[i].top()


# Link play (tests/engine/link/test_link.py): the options of its lossy two-device game, and
# whether tests/tools/test_circuitpython.py measures a linked game of it on CircuitPython's VM (Speed's and California's
# are; Spit's frames are measured alone)
LINK_OPTIONS = {}
LINK_VM = False
LONG = {"scoring": True}  # the options of a long game (tests/hostile_pass.py attacks one over the link)
LINK_UDP = {}  # the options of its game between two processes over UDP (tests/tools/test_linkplay.py)
LINK_LOG = 64  # the link log's size (LOG_MOST) its tests shrink it to: a seeded game fills it three times
# the options and guests of the games beside its default one whose every packet to a guest is checked for a card
# its seat may not see (tests/engine/link/test_link_peer.py)
LINK_SEEN = (({"auto_flip": True, "scoring": True}, 1),)


def linked(pair):
    """What a linked game's screens show beside the shared checks: nothing more."""
