"""Speed's part of the replay files (docs/replay-format.md, "Speed"): options, layout, state and words.

The generic loader in engine.replay checks the document's keys and events
and calls these; every problem in a file raises ``ReplayError`` with one line
naming the place, such as ``layout.players[1].hand[2]: unknown card "ZZ"``.
"""

from engine import actions as A
from engine.cards import JOKER
from engine.cardnames import name, parse
from engine.replay import ReplayError, _dict, _int, _show, phase_name
from engine.speed.rules import ENDINGS, MATCHES, Speed

OPTIONS = ("short_side_piles", "doubles", "jokers", "ending", "call_ms", "match", "target", "players", "decks", "stall")
LAYOUT_KEYS = ("players", "side", "start", "centre")
MASHED = ({"ending": "call"},)  # options a blind masher tries besides the defaults (bench_mash): UP calls Speed (P-8)

# Speed's own names and numbers (engine.names adds them to the shared ones; its modules write them as private
# consts, _SPEED = const(6): tests/house/test_every_game.py checks they agree)
PH_CALL = 5  # P-8: a player is out and Speed may be pressed
SPEED = 6  # press Speed (P-8)
JOKER_LAST = 15  # P-10: the play would strand a joker
R_OUT = 12  # player has played every card (P-8)
R_SPEED = 13  # player pressed Speed (P-8)
R_PENALTY = 14  # player takes centre pile a as their draw pile, b cards (P-8)
R_REBUILD = 15  # side pile a rebuilt from its centre pile, b cards (P-7)
R_MATCH_OVER = 16  # player = the match's winner (P-9; 255: a draw)
OWN_PHASES = (("call", PH_CALL),)
OWN_VERBS = (("speed", SPEED, 0),)  # (name, number, arguments)
OWN_REASONS = (("joker_last", JOKER_LAST),)
OWN_REPORTS = (("out", R_OUT), ("speed", R_SPEED), ("penalty", R_PENALTY), ("rebuild", R_REBUILD),
               ("match_over", R_MATCH_OVER))
VERBS = (A.READY, A.PLAY, SPEED)
_FLAGS = ("short_side_piles", "doubles", "jokers", "stall")  # absent: false (stall: as files before it)
_CALL_MS = 600000  # ten minutes


def options(opts):
    """Keyword arguments for Speed() from a file's checked "options" object; defaults for missing keys."""
    out = {}
    for key in _FLAGS:
        value = opts.get(key, False)
        if value is not True and value is not False:
            raise ReplayError("options.%s: expected true or false, got %s" % (key, _show(value)))
        out[key] = value
    for key, values, default in (("ending", ENDINGS, "first_out"), ("match", MATCHES, "single")):
        value = opts.get(key, default)
        if not isinstance(value, str) or value not in values:
            raise ReplayError("options.%s: expected one of %s, got %s"
                              % (key, ", ".join('"%s"' % v for v in values), _show(value)))
        out[key] = value
    out["call_ms"] = _int(opts.get("call_ms", 3000), "options.call_ms", 1, _CALL_MS)
    out["target"] = _int(opts.get("target", 25), "options.target", 1, 10000)
    out["players"] = _int(opts.get("players", 2), "options.players", 2, 4)
    out["decks"] = _int(opts.get("decks", 1), "options.decks", 1, 2)
    if out["decks"] == 2 and out["players"] != 4:
        raise ReplayError("options.decks: two decks only with four players (P-11), got %d players" % out["players"])
    return out


def new(seed, kwargs):
    """A Speed game dealt from seed with the options of options()."""
    return Speed(seed=seed, **kwargs)


def _card(text, where, seen, game):
    """A card of the game by name: known, a joker only with jokers, at most once per deck (seen counts)."""
    card = parse(text)
    if card < 0:
        raise ReplayError("%s: unknown card %s" % (where, _show(text)))
    if card >> 4 == JOKER and not game.jokers:
        raise ReplayError("%s: %s is a joker, and this game is played without the jokers option (P-10)"
                          % (where, name(card)))
    got = seen.get(card, 0)
    if got >= game.decks:
        if game.decks == 1:
            raise ReplayError("%s: duplicate card %s" % (where, name(card)))
        raise ReplayError("%s: card %s a third time (two decks hold each card twice, P-11)" % (where, name(card)))
    seen[card] = got + 1
    return card


def _pile(value, where, seen, game):
    if not isinstance(value, list):
        raise ReplayError("%s: expected a list of cards, got %s" % (where, _show(value)))
    return [_card(text, "%s[%d]" % (where, i), seen, game) for i, text in enumerate(value)]


def _piles(value, where, count, seen, game):
    if not isinstance(value, list) or len(value) != count:
        raise ReplayError("%s: expected a list of %d piles, one per seat" % (where, count))
    return [_pile(v, "%s[%d]" % (where, i), seen, game) for i, v in enumerate(value)]


def load_layout(game, layout):
    """Set game to the position of a checked "layout" object (keys LAYOUT_KEYS)."""
    count = game.players
    seen = {}  # card: how many times it came so far
    players = layout.get("players")
    if not isinstance(players, list) or len(players) != count:
        raise ReplayError("layout.players: expected a list of %d players, one per seat" % count)
    hands = []
    draws = []
    for p, pl in enumerate(players):
        where = "layout.players[%d]" % p
        _dict(pl, where, ("hand", "draw"))
        hand = pl.get("hand", [])
        if not isinstance(hand, list) or len(hand) > game.slots:
            raise ReplayError("%s.hand: expected a list of up to %d cards (null: an empty slot), got %s"
                              % (where, game.slots, _show(hand)))
        cards = [0 if text is None else _card(text, "%s.hand[%d]" % (where, s), seen, game)
                 for s, text in enumerate(hand)]
        cards += [0] * (game.slots - len(cards))
        draw = _pile(pl.get("draw", []), where + ".draw", seen, game)
        if draw and 0 in cards:
            raise ReplayError("%s.hand: slot %d is empty while the draw pile has cards (P-4 refills it at once)"
                              % (where, cards.index(0)))
        if not draw and not any(cards):
            raise ReplayError("%s: no cards in hand or draw pile: a player without cards is already out (P-8)"
                              % where)
        hands.append(cards)
        draws.append(draw)
    sides = [[] for _ in range(count)]
    if layout.get("side") is not None:
        sides = _piles(layout["side"], "layout.side", count, seen, game)
    start = layout.get("start")
    centre = layout.get("centre")
    if start is not None and centre is not None:
        raise ReplayError("layout: give either start (face-down centre cards) or centre (piles in play), not both")
    if start is not None:
        if not isinstance(start, list) or len(start) != count:
            raise ReplayError("layout.start: expected a list of %d cards, one per seat (null: none)" % count)
        start = [0 if text is None else _card(text, "layout.start[%d]" % i, seen, game)
                 for i, text in enumerate(start)]
    if centre is not None:
        centre = _piles(centre, "layout.centre", count, seen, game)
    game.load(hands, draws, sides, start, centre)


def state(game, refused=()):
    """The game as a JSON-ready dict (the output of tools/replay.py)."""
    players = []
    for p in range(game.players):
        players.append({
            "hand": [name(c) if c else None for c in game.hands[p]],
            "draw": game.draw[p].n,
            "ready": bool(game.ready[p]),
            "out": game.cards_held(p) == 0,  # P-8: every card played; it stays so to the game's end
        })
    return {
        "game": "speed",
        "phase": phase_name(game),
        "game_no": game.game_no,
        "round": game.round,
        "centre": [pile.names() for pile in game.centre],
        "start": [1 if c else 0 for c in game.start],
        "side": [pile.n for pile in game.side],
        "players": players,
        "ranking": None if game.ranking[0] == A.NONE else list(game.ranking),
        "winner": None if game.winner == A.NONE else game.winner,
        "game_winner": None if game.game_winner == A.NONE else game.game_winner,
        "games_won": list(game.games_won),
        "scores": list(game.scores),
        "refused": [list(r) for r in refused],
    }


def seen_by(game, seat):
    """D-3: the cards seat sees now: the centre piles and its own hand (never another's, a draw or a side pile)."""
    cards = []
    for pile in game.centre:
        cards += list(pile.buf[:pile.n])
    return cards + [c for c in game.hands[seat] if c]


def describe(report):
    """One report tuple (kind, player, a, b, card) in words, for traces."""
    kind, p, a, b, card = report
    who = "P%d" % p
    if kind == A.R_READY:
        return who + " is ready"
    if kind == A.R_SPIT:
        return "%s turns %s%s onto centre pile %d" % (who, name(card), " from the draw pile" if b == 1 else "", a)
    if kind == A.R_LAND:
        return "%s plays %s from hand slot %d onto centre pile %d" % (who, name(card), a, b)
    if kind == A.R_FLIP:
        return "%s takes %s from the draw pile into hand slot %d" % (who, name(card), a)
    if kind == A.R_STALEMATE:
        if a != A.NONE:
            return "stalemate: no card landed for %d s (the stall); every player must be ready" % a
        return "stalemate: nobody can play; every player must be ready"
    if kind == R_REBUILD:
        return "side pile %d rebuilt from its centre pile (%d cards)" % (a, b)
    if kind == R_OUT:
        return who + " is out"
    if kind == R_SPEED:
        return who + " presses Speed"
    if kind == R_PENALTY:
        return "%s takes centre pile %d (%d cards) as their draw pile" % (who, a, b)
    if kind == A.R_DEAL:
        return "game %d dealt" % a
    if kind == A.R_GAME_OVER:
        return "game over: " + ("a draw" if p == A.NONE else "%s wins" % who)
    if kind == A.R_SCORE:
        return "%s scores %d" % (who, a)
    if kind == R_MATCH_OVER:
        return "match over: " + ("a draw" if p == A.NONE else "%s wins" % who)
    return "report %d" % kind
