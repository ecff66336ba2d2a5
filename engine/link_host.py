"""The host of a linked game: it deals, orders every seat's actions and sends the log (docs/link.md).

The host runs the one authoritative engine. Every action, its own seats'
and the guests', goes into a delay line stamped in the host's game clock
(ms from the deal, the time a replay file holds); ``due(cut)`` hands over
those stamped at or before cut, the clock minus ``delay_ms``, so a guest's
press still in flight when the host's own later press is made is ordered
first (C-4). A guest's action that arrives after its time was handed over
is stamped just after the last time handed over: every time's actions go
to the engine in one batch, as a replay file's do (C-5).

The applied actions are the log (8 bytes each, engine.actionlog's, with a
CLOCK entry where the host's clock passing a time limit changed the game:
the call-Speed penalty, P-8); each
guest is sent the log from the entry it last acknowledged, again after
``RESEND_MS`` without news, so lost and reordered packets are made good and
duplicates are dropped by their numbers. A guest not heard from for
``QUIET_MS`` pauses the game (``paused``); one gone for ``GONE_MS`` has left
(``left`` names its seat, which the app gives to the CPU, D-1).
"""

from engine import link as L
from engine.actionlog import ActionLog
from engine.link import K_BYE, K_DIGEST, K_HELLO, K_LOG, K_OFFER, K_PING, K_PONG, K_PRESS, K_WELCOME, get32, put32

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


DELAY_MS = const(100)  # the input delay: more than a guest's one-way time, jitter included
RESEND_MS = const(120)  # resend what is not acknowledged after this long
BEAT_MS = const(200)  # a message to each guest at least this often (it tells them the host is there)
DIGEST_MS = const(1000)  # a digest of the state this often
QUIET_MS = const(1500)  # a guest silent this long pauses the game
GONE_MS = const(10000)  # ... and this long has left: its seat goes to the CPU
PENDING = const(64)  # actions waiting in the delay line
PRESSES = const(40)  # a guest's actions taken per second of the host's clock (a person makes a few): the rest dropped
CLOCK = const(255)  # a log entry's verb when the host's clock passed a time limit (engine advance)


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


class Host(L.Side):
    """One linked game's host: ``poll`` reads the link, ``add`` queues a seat's action, ``due`` hands them over."""

    def __init__(self, transport, session, seats, welcome, delay_ms=DELAY_MS, guest_seats=None, press_rate=PRESSES):
        self.link = transport
        self.rx = L.Packet(session)
        self.tx = L.Packet(session)
        self.seats = seats
        self.welcome = welcome  # WELCOME's payload after seat and nonce: seed, game, options
        self.free = list(guest_seats if guest_seats is not None else range(1, seats))  # seats a guest may take
        self.remotes = []
        self.delay_ms = delay_ms
        self.press_rate = press_rate  # a guest's actions taken per second (0: all; tests of throughput)
        self.pending = bytearray(7 * PENDING)  # t (4), player, verb, a... b: see add
        self.pb = bytearray(PENDING)
        self.np = 0
        self.handed = -1  # the last time handed over (host game clock)
        self.log = ActionLog(256)  # what the engine applied, in order: actions and CLOCK entries
        self.paused = False
        self.left = -1  # a seat whose guest has left for good, until the app takes it
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
                buf[L.HEADER + 2] = self.welcome[4]  # the game's index in NAMES
                buf[L.HEADER + 3] = len(self.free)
                self.link.send(peer, tx.buf, tx.finish(4))
            return
        if kind == K_OFFER:
            return  # another host's
        if kind == K_HELLO:
            nonce = rx.buf[L.HEADER] | rx.buf[L.HEADER + 1] << 8
            if r is None:
                if not self.free:
                    self.dropped += 1
                    return
                r = Remote(peer, self.free.pop(0), nonce)
                self.remotes.append(r)
                self._keep(peer, True)
            elif nonce != r.nonce:  # the guest started again: its actions are numbered from 0
                r.nonce = nonce
                r.got = r.acked = r.sent_to = r.stamped = 0
            r.heard = now
            self._welcome(r)
            return
        if r is None:
            self.dropped += 1
            return
        r.heard = now
        if rx.ack <= self._logged():
            r.acked = rx.ack  # lower only when the guest starts over (a desync): then from there
        if kind == K_PING:
            tx = self.tx
            buf = tx.begin(K_PONG, 0, r.got)
            for x in range(4):
                buf[L.HEADER + x] = rx.buf[L.HEADER + x]
            put32(buf, L.HEADER + 4, now)
            self._send(r, tx.finish(8))
        elif kind == K_PRESS:
            first = rx.seq
            count = rx.size // L.PRESS_SIZE
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
                if t < r.stamped:
                    t = r.stamped  # one seat's actions keep the order they were sent in
                r.stamped = t
                if not self.add(t, r.seat, rx.buf[i + 4], rx.buf[i + 5], rx.buf[i + 6]):
                    break
                r.got += 1
        elif kind == K_BYE:
            self._gone(r)

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
        self.remotes.remove(r)
        self.left = r.seat
        self._keep(r.peer, False)

    def _keep(self, peer, on):
        """Tell a transport with a bounded table of senders which ones are seated (hal/link_peers.py)."""
        keep = getattr(self.link, "keep", None)
        if keep is not None:
            keep(peer, on)

    def _watch(self, now):
        """Pause while a guest is quiet; let one go that has been gone too long."""
        quiet = False
        for r in self.remotes:
            silent = now - r.heard
            if silent >= GONE_MS:
                self._gone(r)
                return
            if silent >= QUIET_MS:
                quiet = True
        self.paused = quiet

    def _logged(self):
        return self.log.n

    def logged(self, t, player, verb, a, b):
        """The engine applied this (verb CLOCK: its clock passed t and that changed the game)."""
        self.log.append(t, player, verb, a, b)

    def send(self, now):
        """Send each guest the log it lacks (again after RESEND_MS), a heartbeat, and now and then a digest."""
        n = self._logged()
        for r in self.remotes:
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
        return L.F_PAUSED if self.paused else 0

    def _send_log(self, r, n, now):
        first = r.acked
        count = n - first
        if count > L.LOG_MOST:
            count = L.LOG_MOST
        tx = self.tx
        buf = tx.begin(K_LOG, first, r.got, self._flags())
        src = self.log.buf if count else None
        for k in range(8 * count):
            buf[L.HEADER + k] = src[8 * first + k]
        self._send(r, tx.finish(8 * count))
        r.sent = now
        r.sent_to = first + count

    def _send(self, r, n):
        self.link.send(r.peer, self.tx.buf, n)

    def new_game(self, welcome):
        """The host dealt again: an empty log, and every guest welcomed to the new game."""
        self.welcome = welcome
        self.log.clear()
        self.np = 0
        self.handed = -1
        self.digest_n = 0
        for r in self.remotes:
            r.acked = r.sent_to = r.stamped = 0
            self._welcome(r)

    def bye(self):
        """Tell every guest the game is over for good."""
        for r in self.remotes:
            self.tx.begin(K_BYE, 0, r.got)
            self._send(r, self.tx.finish(0))
