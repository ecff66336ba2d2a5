"""Replay and scenario files (docs/replay-format.md): read, check, run, export, save.

This module runs on the board too (saving a finished game), so it uses only
``json`` and plain Python. Every problem in a file raises ``ReplayError``
with one line that names the place, such as ``events[3]: unknown verb 'jump'``.
"""

from engine import actions as A
from engine.cards import JOKER, name, parse
from engine.spit import PHASES, Spit
from engine.timing import Sequencer

VERSION = 1
MAX_MS = 86400000  # the latest event time: 24 hours (a tick difference stays exact far beyond it)
SEEDS = 0xFFFFFFFF  # seeds are 0 to 2**32 - 1, the generator's whole state (engine.rng)
OPTIONS = ("stocks", "scoring", "choose_pile", "alternate_colours", "auto_flip")
KEYS = ("version", "game", "options", "seed", "layout", "events", "description", "expect")


class ReplayError(ValueError):
    """A replay file that cannot be used; the message is one line naming the place."""


def _int(value, where, low, high):
    if type(value) is not int or not low <= value <= high:
        raise ReplayError("%s: expected an integer from %d to %d, got %s" % (where, low, high, _show(value)))
    return value


def _show(value):
    try:
        import json

        text = json.dumps(value)
    except Exception:
        text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _cards(value, where, seen, jokers=False):
    if not isinstance(value, list):
        raise ReplayError("%s: expected a list of cards, got %s" % (where, _show(value)))
    out = []
    for i, text in enumerate(value):
        card = parse(text)
        if card < 0:
            raise ReplayError("%s[%d]: unknown card %s" % (where, i, _show(text)))
        if card >> 4 == JOKER and not jokers:
            raise ReplayError("%s[%d]: %s is a joker, and Spit is played without jokers (C-1)"
                              % (where, i, name(card)))
        if card in seen:
            raise ReplayError("%s[%d]: duplicate card %s" % (where, i, name(card)))
        seen[card] = 1
        out.append(card)
    return out


def _dict(value, where, keys):
    if not isinstance(value, dict):
        raise ReplayError("%s: expected an object, got %s" % (where, _show(value)))
    for key in value:
        if key not in keys:
            raise ReplayError("%s: unknown key %s" % (where, _show(key)))
    return value


def options_of(doc):
    """The game options of a checked document, as keyword arguments for Spit()."""
    opts = _dict(doc.get("options", {}), "options", OPTIONS)
    out = {"stocks": _int(opts.get("stocks", 5), "options.stocks", 4, 5)}
    for key in OPTIONS[1:]:
        value = opts.get(key, False)
        if value is not True and value is not False:
            raise ReplayError("options.%s: expected true or false, got %s" % (key, _show(value)))
        out[key] = value
    return out


def _layout(doc, slots):
    lay = _dict(doc["layout"], "layout", ("players", "centre"))
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
    return out, centre


def _events(doc):
    events = doc.get("events", [])
    if not isinstance(events, list):
        raise ReplayError("events: expected a list")
    out = []
    last = 0
    for i, ev in enumerate(events):
        where = "events[%d]" % i
        if not isinstance(ev, list) or len(ev) < 3:
            raise ReplayError("%s: expected [t_ms, player, verb, args...], got %s" % (where, _show(ev)))
        t = ev[0]
        if type(t) is not int or not 0 <= t <= MAX_MS:
            raise ReplayError("%s: time must be a whole number of ms from 0 to %d (24 hours), got %s"
                              % (where, MAX_MS, _show(t)))
        if t < last:
            raise ReplayError("%s: time goes backwards (%d after %d)" % (where, t, last))
        last = t
        player = _int(ev[1], where + ": player", 0, 1)
        verb = ev[2]
        if verb not in A.VERBS:
            raise ReplayError("%s: unknown verb %s" % (where, _show(verb)))
        v = A.VERBS.index(verb)
        args = ev[3:]
        if len(args) != A.ARGC[v]:
            raise ReplayError("%s: wrong arguments: %s takes %d, got %d" % (where, verb, A.ARGC[v], len(args)))
        for k, arg in enumerate(args):
            if type(arg) is not int or not 0 <= arg <= 255:
                raise ReplayError("%s: wrong arguments: argument %d must be an integer 0-255, got %s"
                                  % (where, k + 1, _show(arg)))
        a = args[0] if args else 0
        b = args[1] if len(args) > 1 else 0
        out.append((t, player, v, a, b))
    return out


def load(doc):
    """Check a parsed replay document; return (game, events) ready to run."""
    _dict(doc, "file", KEYS)
    version = doc.get("version", VERSION)
    if type(version) is not int or version != VERSION:  # not true, not 1.0: exactly the integer
        raise ReplayError("version: this program reads version %d, got %s" % (VERSION, _show(doc.get("version"))))
    game = doc.get("game", "spit")
    if game != "spit":
        raise ReplayError("game: unknown game %s (this version plays \"spit\")" % _show(game))
    opts = options_of(doc)
    seed = _int(doc.get("seed", 1), "seed", 0, SEEDS)
    spit = Spit(seed=seed, **opts)
    if doc.get("layout") is not None:
        layouts, centre = _layout(doc, spit.slots)
        spit.load(layouts, centre)
    return spit, _events(doc)


def loads(text):
    """Parse and check replay text; ReplayError if it is not valid JSON or not a valid replay."""
    from engine.jsontext import JSONError, loads as parse_json

    try:
        doc = parse_json(text)
    except JSONError as e:
        raise ReplayError(str(e))
    return load(doc)


def group_size(events):
    """The most events that share one time: a batch must hold them all (C-4)."""
    size = 1
    i = 0
    n = len(events)
    while i < n:
        j = i + 1
        while j < n and events[j][0] == events[i][0]:
            j += 1
        if j - i > size:
            size = j - i
        i = j
    return size


def run(game, events, trace=None):
    """Apply events to game in C-4 order; return the refused ones as [[index, reason], ...].

    trace, when given, is called as trace(index, event, reason, reports) after
    each event, reports being a list of (kind, player, a, b, card) tuples.
    """
    refused = []
    n = len(events)
    seq = Sequencer(group_size(events), Spit.players)  # events come in groups that share a timestamp
    reports = game.reports
    i = 0
    while i < n:
        seq.n = 0
        j = i
        while j < n and events[j][0] == events[i][0]:
            t, p, v, a, b = events[j]
            seq.add(t, p, v, a, b, j)
            j += 1
        seq.sort()
        for k in range(j - i):
            s = seq.order[k]
            idx = seq.tag[s]
            reports.clear()
            reason = game.apply(seq.t[s], seq.player[s], seq.verb[s], seq.a[s], seq.b[s])
            if reason:
                refused.append([idx, A.REASONS[reason]])
            if trace:
                got = []
                while True:
                    r = reports.pop()
                    if r < 0:
                        break
                    got.append(tuple(reports.buf[r:r + 5]))
                trace(idx, events[idx], reason, got)
        i = j
    refused.sort()
    return refused


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
        "phase": PHASES[game.phase],
        "round": game.round,
        "centre": [game.centre[0].names(), game.centre[1].names()],
        "players": players,
        "winner": None if game.winner == A.NONE else game.winner,
        "scores": list(game.scores),
        "chooser": None if game.chooser == A.NONE else game.chooser,
        "refused": [list(r) for r in refused],
    }


def document(options, seed, events, layout=None):
    """A replay document for saving: options dict, seed, events as (t, player, verb, a, b)."""
    doc = {"version": VERSION, "game": "spit", "options": dict(options), "seed": seed}
    if layout is not None:
        doc["layout"] = layout
    out = []
    for t, p, v, a, b in events:
        out.append([t, p, A.VERBS[v]] + [a, b][:A.ARGC[v]])
    doc["events"] = out
    return doc


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
        return "stalemate: say Spit again"
    if kind == A.R_ROUND_OVER:
        return "round over" + ("" if p == A.NONE else " (%s cleared their stocks)" % who)
    if kind == A.R_SLAP:
        return "%s slaps pile %d" % (who, a)
    if kind == A.R_TAKE:
        return "%s takes %s" % (who, "nothing" if a == A.NONE else "pile %d" % a)
    if kind == A.R_DEAL:
        return "round %d dealt" % a
    if kind == A.R_GAME_OVER:
        return "game over: " + ("a draw" if p == A.NONE else "%s wins" % who)
    if kind == A.R_SCORE:
        return "%s scores %d" % (who, a)
    return "report %d" % kind
