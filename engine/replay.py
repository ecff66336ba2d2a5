"""Replay and scenario files (docs/replay-format.md): read, check, run, export, save.

The common parts (version, game, seed, events, end_ms) are read here; each
game's own parts (options, layout, state, the words for its reports) are in
its file module, engine.<game>.file (docs/games.md). This module runs on the
board too (saving a finished game), so it uses only ``json`` and plain Python. Every problem in a file raises ``ReplayError``
with one line that names the place, such as ``events[3]: unknown verb 'jump'``.
"""

from engine import actions as A
from engine import names as N
from engine.cards import JOKER
from engine.cardnames import name, parse
from engine import games
from engine.timing import Sequencer

VERSION = 1
MAX_MS = 86400000  # the latest event time: 24 hours (a tick difference stays exact far beyond it)
SEEDS = 0xFFFFFFFF  # seeds are 0 to 2**32 - 1, the generator's whole state (engine.rng)
KEYS = ("version", "game", "options", "seed", "layout", "events", "end_ms", "description", "expect", "cpus")


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


def file_module(game):
    """The file module of a game by name (engine.spit.file, ...; a registered game's in its package: engine.games)."""
    return __import__((games.HOMES.get(game) or "engine." + game) + ".file", None, None, ("state",))


def names(game):
    """The names of a game's numbers (engine.names: the shared ones and its file module's own), by its name."""
    return N.of(file_module(game))


def phase_name(game):
    """The name of a game's phase, for its state."""
    return names(game.name).PHASES[game.phase]


def _cards(value, where, seen, jokers=False, twice=False, title="Spit"):
    """The cards of a list of names; seen counts each card (at most once, or twice when twice)."""
    if not isinstance(value, list):
        raise ReplayError("%s: expected a list of cards, got %s" % (where, _show(value)))
    out = []
    for i, text in enumerate(value):
        card = parse(text)
        if card < 0:
            raise ReplayError("%s[%d]: unknown card %s" % (where, i, _show(text)))
        if card >> 4 == JOKER and not jokers:
            raise ReplayError("%s[%d]: %s is a joker, and %s is played without jokers (C-1)"
                              % (where, i, name(card), title))
        if seen.get(card, 0) >= (2 if twice else 1):
            raise ReplayError("%s[%d]: duplicate card %s" % (where, i, name(card)))
        seen[card] = seen.get(card, 0) + 1
        out.append(card)
    return out


def _dict(value, where, keys):
    if not isinstance(value, dict):
        raise ReplayError("%s: expected an object, got %s" % (where, _show(value)))
    for key in value:
        if key not in keys:
            raise ReplayError("%s: unknown key %s" % (where, _show(key)))
    return value


def _cpus(cpus, players):
    """Check the optional cpus key: per seat null (a person) or the CPU's name; it changes no play."""
    if cpus is None:
        return
    if not isinstance(cpus, list) or len(cpus) != players:
        raise ReplayError("cpus: expected a list of %d entries (one per seat), got %s" % (players, _show(cpus)))
    for i, c in enumerate(cpus):
        if c is not None and (not isinstance(c, str) or not 0 < len(c) <= 40):
            raise ReplayError("cpus[%d]: expected null or a CPU's name, got %s" % (i, _show(c)))


def _events(doc, names, players=2, verbs=None):
    """The checked events of a document, as (t, player, verb, a, b); names: its game's (engine.names.of)."""
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
        player = _int(ev[1], where + ": player", 0, players - 1)
        verb = ev[2]
        if type(verb) is not str or verb not in names.VERBS or (verbs is not None
                                                                 and names.VERBS.index(verb) not in verbs):
            raise ReplayError("%s: unknown verb %s" % (where, _show(verb)))
        v = names.VERBS.index(verb)
        args = ev[3:]
        if len(args) != names.ARGC[v]:
            raise ReplayError("%s: wrong arguments: %s takes %d, got %d" % (where, verb, names.ARGC[v], len(args)))
        for k, arg in enumerate(args):
            if type(arg) is not int or not 0 <= arg <= 255:
                raise ReplayError("%s: wrong arguments: argument %d must be an integer 0-255, got %s"
                                  % (where, k + 1, _show(arg)))
        a = args[0] if args else 0
        b = args[1] if len(args) > 1 else 0
        out.append((t, player, v, a, b))
    return out


def load(doc):
    """Check a parsed replay document; return (game, events) ready to run.

    The game's ``end_ms`` is the file's (None without one): run() advances
    the clock to it after the last event.
    """
    _dict(doc, "file", KEYS)
    version = doc.get("version", VERSION)
    if type(version) is not int or version != VERSION:  # not true, not 1.0: exactly the integer
        raise ReplayError("version: this program reads version %d, got %s" % (VERSION, _show(doc.get("version"))))
    name = doc.get("game", "spit")
    if not isinstance(name, str) or name not in games.NAMES:
        raise ReplayError("game: unknown game %s (this version plays %s)"
                          % (_show(name), ", ".join('"%s"' % n for n in games.NAMES)))
    files = file_module(name)
    opts = files.options(_dict(doc.get("options", {}), "options", files.OPTIONS))
    seed = _int(doc.get("seed", 1), "seed", 0, SEEDS)
    game = files.new(seed, opts)
    if doc.get("layout") is not None:
        files.load_layout(game, _dict(doc["layout"], "layout", files.LAYOUT_KEYS))
    _cpus(doc.get("cpus"), game.players)
    events = _events(doc, N.of(files), game.players, files.VERBS)
    end = doc.get("end_ms")
    game.end_ms = None if end is None else _int(end, "end_ms", events[-1][0] if events else 0, MAX_MS)
    return game, events


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
    why = names(game.name).REASONS
    n = len(events)
    seq = Sequencer(group_size(events), game.players)  # events come in groups that share a timestamp
    reports = game.reports
    game_no = game.game_no
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
                refused.append([idx, why[reason]])
            if trace:
                got = []
                while True:
                    r = reports.pop()
                    if r < 0:
                        break
                    got.append(tuple(reports.buf[r:r + 5]))
                trace(idx, events[idx], reason, got)
        i = j
        if game.game_no != game_no:  # C-4: each game of a match starts with seat 0 holding priority
            game_no = game.game_no
            seq.priority = 0
    end = getattr(game, "end_ms", None)
    if end is not None:
        reports.clear()
        game.advance(end)
    refused.sort()
    return refused


def state(game, refused=()):
    """The game as a JSON-ready dict (the output of tools/replay.py), in its game's words."""
    return file_module(game.name).state(game, refused)


def agrees(known, full):
    """A linked guest's state (``state``: "??" for each card it was not shown) is full's but for those."""
    if known == "??":
        return True
    if isinstance(known, dict):
        return isinstance(full, dict) and len(known) == len(full) and all(
            k in full and agrees(known[k], full[k]) for k in known)
    if isinstance(known, list):
        return isinstance(full, list) and len(known) == len(full) and all(
            agrees(known[i], full[i]) for i in range(len(known)))
    return known == full


def document(options, seed, events, layout=None, game="spit"):
    """A replay document for saving: options dict, seed, events as (t, player, verb, a, b).

    An event with a verb its game does not have (a linked peer's: the engine refused it, and it changed
    nothing) is left out, so the document always loads (docs/link.md).
    """
    doc = {"version": VERSION, "game": game, "options": dict(options), "seed": seed}
    if layout is not None:
        doc["layout"] = layout
    files = file_module(game)
    verbs = files.VERBS
    words = N.of(files)
    out = []
    for t, p, v, a, b in events:
        if v in verbs:
            out.append([t, p, words.VERBS[v]] + [a, b][:words.ARGC[v]])
    doc["events"] = out
    return doc


def describe(report, game="spit"):
    """One report tuple (kind, player, a, b, card) of a game in words, for traces."""
    return file_module(game).describe(report)
