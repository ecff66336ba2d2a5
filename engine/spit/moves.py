"""Spit's useful legal actions, ``Spit.legal``: what the random players of tools and tests choose from
(engine.randplay). A board's players never ask (they see the table through engine.spit.view), so a board never
loads this module: ``Spit.legal`` imports it at its first call.

The random players ask before every action, so it reads each slot once from ``Spit.tops`` and C-2 and S-19
from tables: ``_KEY[entry]``, a card's rank (+ 16 when red), and ``_rows(alt)[top][key]``, 1 where a card
of key ``key`` may go on one of key ``top`` (made when a game with or without S-19 first asks).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.actions import FLIP, MOVE, PLAY, READY, PH_PLAY, PH_READY
from engine.cards import FITS, is_red

_PH_SLAP = const(2)  # Spit's own (engine/spit/file.py names them)
_PH_CHOOSE = const(3)
_SLAP = const(4)
_CHOOSE = const(5)
_BACK = const(257)  # Spit.tops: a face-down top card (0: an empty slot; card + 1: a face-up one)
_NO_SLOT = const(258)  # Spit.tops: the fifth slot when there are four (S-17)
_NO_KEY = const(32)  # _KEY of an entry that is no face-up card

_NOWHERE = (0,) * 33  # an empty centre pile: no card goes on it
_ROWS = [None, None]  # by alt: the rows by a top card's key, made when first asked
_EMPTY = [0] * 5  # scratch: the empty slots of the player asked


def _keys():
    """By entry of Spit.tops, the key of its face-up card: its rank, + 16 when red; _NO_KEY when none is."""
    keys = [_NO_KEY] * 259
    for card in range(256):
        keys[card + 1] = (card & 15) + (16 if is_red(card) else 0)
    return tuple(keys)


_KEY = _keys()


def _rows(alt):
    """By a top card's key, the tuple by key of 1 where a card may go on it (C-2; S-19 with alt), as the rules
    test it; top cards that differ only in colour share a row without alt."""
    rows = _ROWS[alt]
    if rows is None:
        rows = []
        row = bytearray(33)
        for top in range(32):
            if not alt and top >= 16:
                rows.append(rows[top - 16])
                continue
            fits = FITS[top & 15]
            for key in range(32):
                row[key] = 1 if (fits >> (key & 15)) & 1 and not (alt and (key >> 4) == (top >> 4)) else 0
            rows.append(tuple(row))
        rows = _ROWS[alt] = tuple(rows)
    return rows


def legal(game, p, out):
    """Write player p's useful legal actions into out as (verb, a, b) triples; return the count.

    Moving a lone card into another empty slot is legal but changes
    nothing that matters, so it is left out.
    """
    phase = game.phase
    if phase != PH_PLAY:
        return _other(game, p, out, phase)
    tops = game.tops[p]
    c0, c1 = game.centre
    rows = _ROWS[1 if game.alternate_colours else 0] or _rows(1 if game.alternate_colours else 0)
    keys = _KEY
    k = c0.n
    on0 = rows[keys[c0.buf[k - 1] + 1]] if k else _NOWHERE  # on0[key]: a card of that key goes on pile 0
    k = c1.n
    on1 = rows[keys[c1.buf[k - 1] + 1]] if k else _NOWHERE
    down = _BACK in tops
    m = 0  # the empty slots, in _EMPTY
    if 0 in tops:
        stocks = game.stocks[p]
        empty = _EMPTY
        s = 0
        for c in tops:
            if not c:
                empty[m] = s
                m += 1
            s += 1
    i = 0  # where the next triple goes
    s = 0
    for c in tops:
        key = keys[c]
        if on0[key]:
            out[i] = PLAY
            out[i + 1] = s
            out[i + 2] = 0
            i += 3
        if on1[key]:
            out[i] = PLAY
            out[i + 1] = s
            out[i + 2] = 1
            i += 3
        if down and c == _BACK:
            out[i] = FLIP
            out[i + 1] = s
            out[i + 2] = 0
            i += 3
        elif m and key < _NO_KEY and stocks[s].n > 1:
            for e in range(m):
                out[i] = MOVE
                out[i + 1] = s
                out[i + 2] = empty[e]
                i += 3
        s += 1
    return i // 3


def _other(game, p, out, phase):
    """legal() in a phase but play: say Spit, slap a pile or choose one."""
    n = 0
    if phase == PH_READY:
        if not game.ready[p]:
            n = _put(out, n, READY, 0)
    elif phase == _PH_SLAP or (phase == _PH_CHOOSE and p == game.chooser):
        verb = _SLAP if phase == _PH_SLAP else _CHOOSE
        for pile in range(2):
            if game.centre[pile].n:
                n = _put(out, n, verb, pile)
    return n


def _put(out, n, verb, a):
    i = 3 * n
    out[i] = verb
    out[i + 1] = a
    out[i + 2] = 0
    return n + 1
