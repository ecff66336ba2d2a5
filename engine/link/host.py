"""The host of a linked game: it deals, orders every seat's actions and sends the log (docs/link.md).

The host runs the one authoritative engine, which alone knows every card.
Every action, its own seats' and the guests', goes into a delay line stamped
in the host's game clock (ms from the deal, the time a replay file holds);
``due(cut)`` hands over those stamped at or before cut, the clock minus
``delay_ms``, so a guest's press still in flight when the host's own later
press is made is ordered first (C-4). A guest's stamp is honoured back to
the earliest time the press could have been made, its arrival less the
guest's smallest measured round trip (at most ``EARLY_MOST``), and never
before its own last one; one that arrives after its time was handed over is
stamped just after the last time handed over: every time's actions go to the
engine in one batch, as a replay file's do (C-5).

The log holds what the engine accepted, in order (a refused action changed
nothing and needs no entry): each action, the cards its applying showed and
to whom (``SHOWN``), the decisions it made from cards not every seat may see
(``TOLD``), and a ``CLOCK`` entry where the host's clock passing a time limit
changed the game (the call-Speed penalty, P-8); a new game's log starts with
its deal's cards and ``DEAL``. The engine tells a ``Recorder`` what it shows
and decides. Each guest is sent the log from the entry it last acknowledged,
with the cards shown to another seat blanked, again after ``RESEND_MS``
without news, so lost and reordered packets are made good and duplicates are
dropped by their numbers. The log keeps ``LOG_MOST`` entries: past that the
entries every guest has are let go. A guest not heard from for ``QUIET_MS``
pauses the game (``paused``); one gone for ``GONE_MS`` or that said BYE has
left (``left`` names its seat, which the app gives to the CPU, D-1) and its
seat is free again for the next HELLO.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.link import wire as L
from engine.link.wire import (CLOCK, DEAL, EVERYONE, K_BYE, K_DIGEST, K_HELLO, K_LOG, K_OFFER, K_PING, K_PONG, K_PRESS,
                         K_REFUSE, K_WELCOME, SHOWN, TOLD, get32, put32)
from engine.rng import Rng


DELAY_MS = const(100)  # the input delay: more than a guest's one-way time, jitter included
RESEND_MS = const(120)  # resend what is not acknowledged after this long
BEAT_MS = const(200)  # a message to each guest at least this often (it tells them the host is there)
DIGEST_MS = const(1000)  # a digest of the state this often
QUIET_MS = const(1500)  # a guest silent this long pauses the game
GONE_MS = const(10000)  # ... and this long has left: its seat goes to the CPU
PENDING = const(64)  # actions waiting in the delay line
PRESSES = const(40)  # a guest's actions taken per second of the host's clock (a person makes a few): the rest dropped
LOG_MOST = const(1024)  # log entries held (8 bytes each): past that, those every guest has are let go
EARLY_MOST = const(40)  # ms a guest's press may be honoured before its arrival, at most (docs/link.md)
RTTS = const(8)  # a guest's round trips kept: the smallest is the link's
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


class Remote:
    """One guest as the host knows it."""

    def __init__(self, peer, seat, nonce):
        self.peer = peer
        self.seat = seat
        self.nonce = nonce
        self.acked = 0  # log entries the guest has
        self.got = 0  # its actions received
        self.heard = 0  # when (host game clock) it was last heard from
        self.sent = -RESEND_MS  # when the log was last sent to it
        self.sent_to = 0  # the log entries that send covered
        self.digest_at = 0
        self.second = 0  # the second of the host's clock its actions are counted in
        self.pressed = 0  # ... and how many came in it
        self.stamped = 0  # the stamp of its last action taken: the next is never earlier
        self.rtts = [0] * RTTS  # its last round trips, ms (0: none yet)
        self.ri = 0
        self.rtt = 0  # the smallest of them: how long before its arrival a press may have been made
        self.wants = 0  # its player has paused (F_PAUSED in its messages)


class Host(L.Side):
    """One linked game's host: ``poll`` reads the link, ``add`` queues a seat's action, ``due`` hands them over."""

    def __init__(self, transport, session, seats, welcome, delay_ms=DELAY_MS, guest_seats=None, press_rate=PRESSES):
        self.link = transport
        self.rx = L.Packet(session)
        self.tx = L.Packet(session)
        self.seats = seats
        self.welcome = welcome  # WELCOME's payload after seat and nonce: game, game number, options
        self.free = list(guest_seats if guest_seats is not None else range(1, seats))  # seats a guest may take
        self.remotes = []
        self.delay_ms = delay_ms
        self.press_rate = press_rate  # a guest's actions taken per second (0: all; tests of throughput)
        self.pending = bytearray(7 * PENDING)  # t (4), player, verb, a... b: see add
        self.pb = bytearray(PENDING)
        self.np = 0
        self.handed = -1  # the last time handed over (host game clock)
        self.log = bytearray(8 * LOG_MOST)  # a ring: entry k at 8 * (k % LOG_MOST)
        self.n = 0  # entries logged
        self.base = 0  # the first entry still held
        self.paused = False
        self.held = 0  # the host's own player paused: its seat + 1 (hold)
        self.by = 0  # who paused the game: a seat + 1 (0: none, or only a quiet guest)
        self.left = []  # seats whose guest has left, until the app gives them to the CPU
        self.joined = []  # seats a guest has taken (again), until the app stops their CPU
        self.digest = 0  # the state's digest after digest_n log entries (set by the app)
        self.digest_n = 0
        self.now = 0
        self.dropped = 0  # packets of no use (another session, malformed, duplicates)

    # ---- actions -----------------------------------------------------------

    def add(self, t, player, verb, a, b):
        """Queue one action stamped t (host game clock); one after the last time handed over if earlier."""
        if self.np == PENDING:
            return False
        if t <= self.handed:
            t = self.handed + 1
        i = 7 * self.np
        buf = self.pending
        put32(buf, i, t)
        buf[i + 4] = player
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
            if t <= cut and seq.add(t0 + t, buf[i + 4], buf[i + 5], buf[i + 6], self.pb[j]):
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

    # ---- the link ----------------------------------------------------------

    def poll(self, now):
        """Read every packet that has come (now: the host game clock); answer, queue, acknowledge."""
        self.now = now
        self.read(now)
        self._watch(now)

    def _seated(self, peer):
        return self._remote(peer) is not None

    def _remote(self, peer):
        for r in self.remotes:
            if r.peer == peer:
                return r
        return None

    def _read(self, kind, now):
        rx = self.rx
        peer = self.link.peer
        r = self._remote(peer)
        if kind == K_HELLO and rx.from_session == 0:  # who hosts? this one, with its code, if a seat is free
            if self.free or r is not None:
                tx = self.tx
                buf = tx.begin(K_OFFER, 0, 0, 0, 0)
                buf[L.HEADER] = tx.session & 0xFF
                buf[L.HEADER + 1] = tx.session >> 8
                buf[L.HEADER + 2] = self.welcome[0]  # the game's index in NAMES
                buf[L.HEADER + 3] = len(self.free)
                self.link.send(peer, tx.buf, tx.finish(4))
            return
        if kind == K_OFFER or kind == K_REFUSE:
            return  # another host's
        if kind == K_HELLO:
            nonce = rx.buf[L.HEADER] | rx.buf[L.HEADER + 1] << 8
            if r is None:
                seat = -1 if self.base else self._seat(now)  # the log's start gone: no newcomer could catch up
                if seat < 0:
                    self.dropped += 1
                    self._refuse(peer, nonce, L.LATE if self.base else L.FULL)
                    return
                r = Remote(peer, seat, nonce)
                self.remotes.append(r)
                self.joined.append(seat)
                self._keep(peer, True)
            elif nonce != r.nonce:  # the guest started again: its actions are numbered from 0, the log sent again
                if self.base:
                    self._refuse(peer, nonce, L.LATE)
                    self._gone(r)
                    return
                r.nonce = nonce
                r.got = r.acked = r.sent_to = r.stamped = 0
            r.heard = now
            self._welcome(r)
            return
        if r is None:
            self.dropped += 1
            return
        if kind == K_BYE:
            if (rx.buf[L.HEADER] | rx.buf[L.HEADER + 1] << 8) == r.nonce:
                self._gone(r)
            else:
                self.dropped += 1  # not this guest's: a BYE needs its nonce to be believed
            return
        r.heard = now
        r.wants = rx.flags & L.F_PAUSED  # its player has paused
        if rx.ack < self.base:  # it started over (a desync) and its log's start is gone: it cannot be caught up
            self._refuse(peer, r.nonce, L.LATE)
            self._gone(r)
            return
        # lower only when the guest starts over (a desync): then from there; more than the log holds, and the
        # guest took entries that are not the host's (a spoofed LOG): the next, empty LOG tells it where it ends
        r.acked = rx.ack if rx.ack <= self.n else self.n
        if kind == K_PING:
            self._pong(r, now)
        elif kind == K_PRESS:
            self._press(r, now)

    def _pong(self, r, now):
        """Answer a ping with the host's clock; the guest's echo of the last answer is a round trip measured."""
        rx = self.rx
        buf = rx.buf
        echo = get32(buf, L.HEADER + 4)
        held = buf[L.HEADER + 8] | buf[L.HEADER + 9] << 8
        if 0 < echo <= now and now - echo >= held:  # a guest that says it held the answer longer gains nothing
            r.rtts[r.ri] = now - echo - held
            r.ri = (r.ri + 1) % RTTS
            best = 0
            rtts = r.rtts
            for k in range(RTTS):
                x = rtts[k]
                if x and (not best or x < best):
                    best = x
            r.rtt = best
        tx = self.tx
        out = tx.begin(K_PONG, 0, r.got, self._flags())  # (every message says whether the game is paused)
        for k in range(4):
            out[L.HEADER + k] = buf[L.HEADER + k]
        put32(out, L.HEADER + 4, now if now > 0 else 1)  # 0 means "no answer yet" in the next ping's echo
        self._send(r, tx.finish(8))

    def _press(self, r, now):
        """A guest's actions: those that follow what it sent before, stamped no earlier than they could be."""
        rx = self.rx
        first = rx.seq
        count = rx.size // L.PRESS_SIZE
        early = r.rtt if r.rtt < EARLY_MOST else EARLY_MOST
        for k in range(count):
            if first + k != r.got:
                continue  # a duplicate, or one after a gap: it comes again
            if now - r.second >= 1000:
                r.second = now
                r.pressed = 0
            r.pressed += 1
            if self.press_rate and r.pressed > self.press_rate:  # more than a person presses: acknowledged, dropped
                r.got += 1
                continue
            i = L.HEADER + L.PRESS_SIZE * k
            t = get32(rx.buf, i)
            if t > now:
                t = now  # no press comes from the future (a guest's clock not yet measured)
            if t < now - early:
                t = now - early  # made at most a round trip before it came: an earlier stamp is no press's
            if t < r.stamped:
                t = r.stamped  # one seat's actions keep the order they were sent in
            if not self.add(t, r.seat, rx.buf[i + 4], rx.buf[i + 5], rx.buf[i + 6]):
                break
            r.stamped = t
            r.got += 1

    def _seat(self, now):
        """A seat for a new guest: a free one, else that of a guest quiet for QUIET_MS (a guest that restarted
        comes back from another port); -1 when there is none."""
        if self.free:
            return self.free.pop(0)
        for r in self.remotes:
            if now - r.heard >= QUIET_MS:
                self._gone(r)
                return self.free.pop()
        return -1

    def _refuse(self, peer, nonce, why):
        tx = self.tx
        buf = tx.begin(K_REFUSE, 0, 0)
        buf[L.HEADER] = nonce & 0xFF
        buf[L.HEADER + 1] = nonce >> 8
        buf[L.HEADER + 2] = why
        self.link.send(peer, tx.buf, tx.finish(3))

    def _welcome(self, r):
        tx = self.tx
        buf = tx.begin(K_WELCOME, 0, r.got)
        buf[L.HEADER] = r.seat
        buf[L.HEADER + 1] = r.nonce & 0xFF
        buf[L.HEADER + 2] = r.nonce >> 8
        w = self.welcome
        for x in range(len(w)):
            buf[L.HEADER + 3 + x] = w[x]
        self._send(r, tx.finish(3 + len(w)))

    def _gone(self, r):
        """A guest has left: its seat is free again (the CPU plays it meanwhile, D-1)."""
        self.remotes.remove(r)
        self.left.append(r.seat)
        self.free.append(r.seat)
        self._keep(r.peer, False)

    def _keep(self, peer, on):
        """Tell a transport with a bounded table of senders which ones are seated (hal/link/peers.py)."""
        keep = getattr(self.link, "keep", None)
        if keep is not None:
            keep(peer, on)

    def _watch(self, now):
        """Pause while a guest is quiet; let go of the ones gone too long."""
        quiet = False
        by = self.held
        for r in self.remotes:
            if not by and r.wants:
                by = r.seat + 1
            silent = now - r.heard
            if silent >= GONE_MS:
                self._gone(r)
                return self._watch(now)  # the list changed under the loop: look again
            if silent >= QUIET_MS:
                quiet = True
        self.by = by
        self.paused = quiet or by != 0

    def shift(self, ms):
        """The game's clock stood still for ms (a pause): the link's timers, kept in that clock, go back by ms
        (else the host would send nothing, and hear no guest, until its clock caught up with them)."""
        self.now -= ms
        for r in self.remotes:
            r.heard -= ms
            r.sent -= ms
            r.digest_at -= ms
            r.second -= ms

    def hold(self, seat):
        """The host's own player paused (seat) or resumed (-1): every device pauses while any player holds it."""
        self.held = seat + 1 if seat >= 0 else 0
        self._watch(self.now)

    def send(self, now):
        """Send each guest the log it lacks (again after RESEND_MS), a heartbeat, and now and then a digest."""
        n = self.n
        for r in self.remotes:
            if r.acked < self.base:  # what it lacks is gone: it cannot be caught up
                self._refuse(r.peer, r.nonce, L.LATE)
                self._gone(r)
                return self.send(now)
            waited = now - r.sent
            if n > r.sent_to or (r.acked < n and waited >= RESEND_MS) or waited >= BEAT_MS:
                self._send_log(r, n, now)
            if self.digest_n and now - r.digest_at >= DIGEST_MS and r.acked <= self.digest_n:  # not past it yet
                r.digest_at = now
                tx = self.tx
                buf = tx.begin(K_DIGEST, self.digest_n, r.got, self._flags())
                put32(buf, L.HEADER, self.digest)
                self._send(r, tx.finish(4))

    def _flags(self):
        return L.F_PAUSED | self.by << L.F_BY if self.paused else 0

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

    def _send(self, r, n):
        self.link.send(r.peer, self.tx.buf, n)

    def new_game(self, welcome):
        """The host dealt again: an empty log, and every guest welcomed to the new game."""
        self.welcome = welcome
        self.n = self.base = 0
        self.np = 0
        self.handed = -1
        self.digest_n = 0
        for r in self.remotes:
            r.acked = r.sent_to = r.stamped = 0
            self._welcome(r)

    def bye(self):
        """Tell every guest the game is over for good (each BYE carries that guest's nonce)."""
        for r in self.remotes:
            buf = self.tx.begin(K_BYE, 0, r.got)
            buf[L.HEADER] = r.nonce & 0xFF
            buf[L.HEADER + 1] = r.nonce >> 8
            self._send(r, self.tx.finish(2))
