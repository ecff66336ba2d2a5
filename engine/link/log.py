"""The host's log: the delay line that orders every seat's actions, and the log of what its engine accepted,
sent to each guest from the entry it lacks (docs/link.md).

Every action, the host's own seats' and the guests', goes into a delay line
stamped in the host's game clock (ms from the deal, the time a replay file
holds); ``due(cut)`` hands over those stamped at or before cut, the clock
minus the host's delay, so a guest's press still in flight when the host's
own later press is made is ordered first (C-4). One stamped at or before the
last time handed over is stamped just after it: every time's actions go to
the engine in one batch, as a replay file's do (C-5).

The log holds what the engine accepted, in order (a refused action changed
nothing and needs no entry): each action, the cards its applying showed and
to whom (``SHOWN``), the decisions it made from cards not every seat may see
(``TOLD``), and a ``CLOCK`` entry where the host's clock passing a time limit
changed the game (the call-Speed penalty, P-8); a new game's log starts with
its deal's cards and ``DEAL``. The engine tells a ``Recorder`` what it shows
and decides. A guest is sent the log from the entry it last acknowledged,
with the cards shown to another seat blanked (``_send_log``). The log keeps
``LOG_MOST`` entries: past that the entries every guest has are let go, and a
guest a whole log behind is let go with them.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.link import wire as L
from engine.link.wire import EVERYONE, K_LOG, SHOWN, TOLD, get32, put32
from engine.rng import Rng


PENDING = const(64)  # actions waiting in the delay line
LOG_MOST = const(1024)  # log entries held (8 bytes each): past that, those every guest has are let go
SHOWN_MOST = const(64)  # cards one action may show (Spit's deal: 10; Speed's, four seats: 20)


class Recorder:
    """The engine's ``seen`` on the host: the cards one action showed, and to whom, and what it decided."""

    def __init__(self):
        self.cards = bytearray(SHOWN_MOST)
        self.who = bytearray(SHOWN_MOST)
        self.n = 0
        self.bits = 0  # the decisions (TOLD), first in bit 0
        self.told_n = 0

    def rng(self, seed):
        """The deal's generator: the host shuffles for real."""
        return Rng(seed)

    def card(self, card, who):
        """A card turned face up for who (EVERYONE or a seat): recorded, and given back as it is."""
        if self.n < SHOWN_MOST:
            self.cards[self.n] = card
            self.who[self.n] = who
            self.n += 1
        return card

    def told(self, value):
        """A decision made from cards some seat cannot see: recorded, given back as it is."""
        if self.told_n < 8:
            if value:
                self.bits |= 1 << self.told_n
            self.told_n += 1
        return value

    def clear(self):
        self.n = 0
        self.bits = 0
        self.told_n = 0


class Log:
    """The delay line and the log of one linked game's host (engine.link.host's Host is one): ``add`` queues a
    seat's action, ``due`` hands them over, ``record`` logs what the engine accepted, ``_send_log`` sends a guest
    what it lacks. Its guests (``remotes``, each with the entries it has acknowledged, ``acked``) are the
    Host's; one a whole log behind is let go by the Host's ``_refuse`` and ``_gone``."""

    def __init__(self):
        self.pending = bytearray(7 * PENDING)  # t (4), player (bit 7: wrong), verb, a... b: see add
        self.pb = bytearray(PENDING)
        self.np = 0
        self.handed = -1  # the last time handed over (host game clock)
        self.landed = 0  # the time of the last entry logged: the table changed then
        self.log = bytearray(8 * LOG_MOST)  # a ring: entry k at 8 * (k % LOG_MOST)
        self.n = 0  # entries logged
        self.base = 0  # the first entry still held

    def add(self, t, player, verb, a, b, wrong=0):
        """Queue one action stamped t (host game clock); one after the last time handed over if earlier (wrong:
        it did not fit the table when pressed, engine.lockout's, handed over as the action's tag)."""
        if self.np == PENDING:
            return False
        if t <= self.handed:
            t = self.handed + 1
        i = 7 * self.np
        buf = self.pending
        put32(buf, i, t)
        buf[i + 4] = player | (128 if wrong else 0)
        buf[i + 5] = verb
        buf[i + 6] = a
        self.pb[self.np] = b
        self.np += 1
        return True

    def due(self, cut, seq, t0):
        """Move the actions stamped at or before cut into seq (absolute ticks: t0 + t); returns how many."""
        if self.paused:
            return 0
        buf = self.pending
        k = 0
        moved = 0
        for j in range(self.np):
            i = 7 * j
            t = get32(buf, i)
            if t <= cut and seq.add(t0 + t, buf[i + 4] & 127, buf[i + 5], buf[i + 6], self.pb[j], buf[i + 4] >> 7):
                moved += 1
                continue
            if k != j:  # keep it: close the gap
                o = 7 * k
                for x in range(7):
                    buf[o + x] = buf[i + x]
                self.pb[k] = self.pb[j]
            k += 1
        self.np = k
        if cut > self.handed:
            self.handed = cut
        return moved

    # ---- the log -----------------------------------------------------------

    def record(self, t, player, verb, a, b, seen):
        """Log an entry the engine accepted (verb CLOCK: its clock passed t and that changed the game; DEAL: a
        new deal), after the cards its applying showed and the decisions it made (seen, a Recorder)."""
        i = 0
        n = seen.n
        while i < n:  # the cards, up to six to an entry (t's four bytes, a and b), each entry for one who
            who = seen.who[i]
            e = self._entry()
            buf = self.log
            for k in range(6):
                x = e + k + (2 if k >= 4 else 0)
                if i < n and seen.who[i] == who:
                    buf[x] = seen.cards[i]
                    i += 1
                else:
                    buf[x] = 0
            buf[e + 4] = who
            buf[e + 5] = SHOWN
        if seen.told_n:
            e = self._entry()
            buf = self.log
            put32(buf, e, t)
            buf[e + 4] = seen.told_n
            buf[e + 5] = TOLD
            buf[e + 6] = seen.bits
            buf[e + 7] = 0
        e = self._entry()
        buf = self.log
        put32(buf, e, t)
        buf[e + 4] = player
        buf[e + 5] = verb
        buf[e + 6] = a
        buf[e + 7] = b
        seen.clear()
        self.landed = t

    def _entry(self):
        """The offset of a new entry at the log's end (when it is full, the oldest every guest has goes)."""
        if self.n - self.base == LOG_MOST:
            most = self.n
            for r in self.remotes:
                if r.acked < most:
                    most = r.acked
            if most == self.base:  # a guest LOG_MOST entries behind: it cannot keep up
                for r in self.remotes:
                    if r.acked == most:
                        self._refuse(r.peer, r.nonce, L.LATE)
                        self._gone(r)
                        break
                most = self.n
                for r in self.remotes:
                    if r.acked < most:
                        most = r.acked
            self.base = most if most > self.base else self.base + 1
        e = 8 * (self.n % LOG_MOST)
        self.n += 1
        return e

    def entries(self):
        """The log as (t, player, verb, a, b) tuples, from its first entry still held (tests, tools)."""
        out = []
        for k in range(self.base, self.n):
            e = 8 * (k % LOG_MOST)
            buf = self.log
            out.append((get32(buf, e), buf[e + 4], buf[e + 5], buf[e + 6], buf[e + 7]))
        return out

    def _send_log(self, r, n, now):
        """The entries from the guest's first missing one; cards shown to another seat go as 0."""
        first = r.acked
        count = n - first
        if count > L.LOG_MOST:
            count = L.LOG_MOST
        tx = self.tx
        buf = tx.begin(K_LOG, first, r.got, self._flags())
        log = self.log
        seat = r.seat
        o = L.HEADER
        for k in range(first, first + count):
            e = 8 * (k % LOG_MOST)
            for x in range(8):
                buf[o + x] = log[e + x]
            if log[e + 5] == SHOWN and log[e + 4] != EVERYONE and log[e + 4] != seat:
                for x in range(8):  # another seat's cards: this guest learns only that some were shown
                    if x != 4 and x != 5:
                        buf[o + x] = 0
            o += 8
        self._send(r, tx.finish(8 * count))
        r.sent = now
        r.sent_to = first + count
