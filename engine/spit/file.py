"""Spit's part of the replay format (docs/replay-format.md): options, layout, state and words.

engine.replay reads a file's common parts (version, seed, events) and hands
the rest to the game's file module, named in engine.games.
"""

from engine import actions as A
from engine.cardnames import name
from engine.replay import ReplayError, _cards, _dict, _int, _show, phase_name

OPTIONS = ("stocks", "scoring", "choose_pile", "alternate_colours", "auto_flip", "stall", "one_round")  # absent: false
LAYOUT_KEYS = ("players", "centre")

# Spit's own names and numbers (engine.names adds them to the shared ones; its modules write them as private
# consts, _SLAP = const(4): tests/house/test_every_game.py checks they agree)
PH_SLAP = 2  # S-11
PH_CHOOSE = 3  # S-18
SLAP = 4  # a = centre pile
CHOOSE = 5  # a = centre pile
SAME_COLOUR = 9  # S-19
NOT_CHOOSER = 13
R_ROUND_OVER = 6  # player = who cleared their stocks (255: S-10 b)
R_TAKE = 8  # player takes pile a (255: nothing)
OWN_PHASES = (("slap", PH_SLAP), ("choose", PH_CHOOSE))
OWN_VERBS = (("slap", SLAP, 1), ("choose", CHOOSE, 1))  # (name, number, arguments)
OWN_REASONS = (("same_colour", SAME_COLOUR), ("not_chooser", NOT_CHOOSER))
OWN_REPORTS = (("round_over", R_ROUND_OVER), ("take", R_TAKE))
VERBS = (A.READY, A.PLAY, A.FLIP, A.MOVE, SLAP, CHOOSE)


def options(opts):
    """The game options of a file's checked "options" object, as keyword arguments for Spit()."""
    out = {"stocks": _int(opts.get("stocks", 5), "options.stocks", 4, 5)}
    for key in OPTIONS[1:]:
        value = opts.get(key, False)
        if value is not True and value is not False:
            raise ReplayError("options.%s: expected true or false, got %s" % (key, _show(value)))
        out[key] = value
    if out["one_round"] and out["scoring"]:
        raise ReplayError("options.one_round: not with scoring (S-9: one round has no round ends to score, S-16)")
    return out


def new(seed, kwargs):
    """A new game of Spit."""
    from engine.spit.rules import Spit

    return Spit(seed=seed, **kwargs)


def load_layout(game, lay):
    """Set up the position of a file's checked "layout" object."""
    slots = game.slots
    players = lay.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise ReplayError("layout.players: expected a list of 2 players")
    seen = {}
    out = []
    for p, pl in enumerate(players):
        where = "layout.players[%d]" % p
        _dict(pl, where, ("stocks", "spit"))
        stocks = pl.get("stocks", [])
        if not isinstance(stocks, list) or len(stocks) != slots:
            raise ReplayError("%s.stocks: expected a list of %d stock piles" % (where, slots))
        piles = [_cards(s, "%s.stocks[%d]" % (where, i), seen) for i, s in enumerate(stocks)]
        if not any(piles):  # S-10 (a): a round with a player who has no stock card is already over
            raise ReplayError("%s.stocks: no stock cards: every player starts a round with at least one (S-10 a)"
                              % where)
        out.append((piles, _cards(pl.get("spit", []), where + ".spit", seen)))
    centre = lay.get("centre")
    if centre is not None:
        if not isinstance(centre, list) or len(centre) != 2:
            raise ReplayError("layout.centre: expected a list of 2 piles")
        centre = [_cards(c, "layout.centre[%d]" % i, seen) for i, c in enumerate(centre)]
    game.load(out, centre)


def state(game, refused=()):
    """The game as a JSON-ready dict (the output of tools/replay.py)."""
    players = []
    for p in range(2):
        stocks = []
        for s in range(game.slots):
            pile = game.stocks[p][s]
            stocks.append({"cards": pile.names(), "up": bool(pile.n and game.up[p][s])})
        players.append({"stocks": stocks, "spit": game.spit[p].n, "ready": bool(game.ready[p])})
    return {
        "game": "spit",
        "phase": phase_name(game),
        "round": game.round,
        "centre": [game.centre[0].names(), game.centre[1].names()],
        "players": players,
        "winner": None if game.winner == A.NONE else game.winner,
        "scores": list(game.scores),
        "chooser": None if game.chooser == A.NONE else game.chooser,
        "refused": [list(r) for r in refused],
    }


def seen_by(game, seat):
    """D-3: the cards seat sees now: the spit piles, and every stock's top card that is face up (both players')."""
    cards = []
    for pile in game.centre:
        cards += list(pile.buf[:pile.n])
    for p in range(2):
        for s in range(game.slots):
            pile = game.stocks[p][s]
            if pile.n and game.up[p][s]:
                cards.append(pile.buf[pile.n - 1])
    return cards


def describe(report):
    """One report tuple (kind, player, a, b, card) in words, for traces."""
    kind, p, a, b, card = report
    who = "P%d" % p
    if kind == A.R_READY:
        return who + " says Spit"
    if kind == A.R_SPIT:
        return "%s spits %s onto pile %d" % (who, name(card), a)
    if kind == A.R_LAND:
        return "%s lands %s from stock %d on pile %d" % (who, name(card), a, b)
    if kind == A.R_FLIP:
        return "%s turns up %s in stock %d" % (who, name(card), a)
    if kind == A.R_MOVE:
        return "%s moves %s from stock %d to %d" % (who, name(card), a, b)
    if kind == A.R_STALEMATE:
        return "stalemate: say Spit again" + ("" if a == A.NONE else " (the stall: no card for %d s)" % a)
    if kind == R_ROUND_OVER:
        return "round over" + ("" if p == A.NONE else " (%s cleared their stocks)" % who)
    if kind == A.R_SLAP:
        return "%s slaps pile %d" % (who, a)
    if kind == R_TAKE:
        return "%s takes %s" % (who, "nothing" if a == A.NONE else "pile %d" % a)
    if kind == A.R_DEAL:
        return "round %d dealt" % a
    if kind == A.R_GAME_OVER:
        return "game over: " + ("a draw" if p == A.NONE else "%s wins" % who)
    if kind == A.R_SCORE:
        return "%s scores %d" % (who, a)
    return "report %d" % kind
