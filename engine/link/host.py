"""The host of a linked game: it deals, seats its guests, orders every seat's actions and sends the log
(docs/link.md).

The host runs the one authoritative engine, which alone knows every card.
Its delay line and log are engine.link.log's ``Log``, the base of ``Host``:
every seat's action is ordered there (C-4, C-5) and what the engine accepted
is logged. A guest's stamp is honoured back to the earliest time the press
could have been made, its arrival less the guest's smallest measured round
trip (at most ``EARLY_MOST``), and never before its own last one. Each guest
is sent the log from the entry it last acknowledged, again after
``RESEND_MS`` without news, so lost and reordered packets are made good and
duplicates are dropped by their numbers. A guest not heard from for
``QUIET_MS`` pauses the game (``paused``); one gone for ``GONE_MS`` or that
said BYE has left (``left`` names its seat, which the app gives to the CPU,
D-1) and its seat is free again for the next HELLO.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.link import wire as L
from engine.link.log import PENDING, Log, Recorder  # noqa: F401  (PENDING, Recorder: what a host's app makes)
from engine.link.wire import K_BYE, K_DIGEST, K_HELLO, K_OFFER, K_PING, K_PONG, K_PRESS, K_REFUSE, K_WELCOME, get32, put32


DELAY_MS = const(100)  # the input delay: more than a guest's one-way time, jitter included
RESEND_MS = const(120)  # resend what is not acknowledged after this long
BEAT_MS = const(200)  # a message to each guest at least this often (it tells them the host is there)
DIGEST_MS = const(1000)  # a digest of the state this often
QUIET_MS = const(1500)  # a guest silent this long pauses the game
GONE_MS = const(10000)  # ... and this long has left: its seat goes to the CPU
PRESSES = const(40)  # a guest's actions taken per second of the host's clock (a person makes a few): the rest dropped
EARLY_MOST = const(40)  # ms a guest's press may be honoured before its arrival, at most (docs/link.md)
_FRAME_MS = const(33)  # a guest shows the log's entries a frame after they come
RTTS = const(8)  # a guest's round trips kept: the smallest is the link's


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


class Host(Log, L.Side):
    """One linked game's host: ``poll`` reads the link, ``add`` queues a seat's action, ``due`` hands them over
    (its Log's), ``send`` sends each guest what it lacks."""

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
        Log.__init__(self)  # the delay line and the log (allocated here, as before the split)
        self.paused = False
        self.paused_at = 0  # when (host game clock) the game last paused
        self.judge = None  # the app's: judge(seat, t, verb, a, b) -> -1 drop (its lockout), 1 wrong, 0 (C-3)
        self.held = 0  # the host's own player paused: its seat + 1 (hold)
        self.by = 0  # who paused the game: a seat + 1 (0: none, or only a quiet guest)
        self.left = []  # seats whose guest has left, until the app gives them to the CPU
        self.joined = []  # seats a guest has taken (again), until the app stops their CPU
        self.digest = 0  # the state's digest after digest_n log entries (set by the app)
        self.digest_n = 0
        self.now = 0
        self.dropped = 0  # packets of no use (another session, malformed, duplicates)

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
            verb = rx.buf[i + 4]
            w = self.judge(r.seat, t, verb, rx.buf[i + 5], rx.buf[i + 6]) if self.judge is not None else 0
            if w < 0 or self.paused and t > self.paused_at:
                r.got += 1  # pressed in its seat's lockout (C-3) or in a pause: dropped before it is an action
                continue
            if w and t - self.landed < self.delay_ms + early + _FRAME_MS:
                w = 0  # the table changed since the guest last saw it: it may have lost a race, not fumbled
            if not self.add(t, r.seat, verb, rx.buf[i + 5], rx.buf[i + 6], w):
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
        paused = quiet or by != 0
        if paused and not self.paused:
            self.paused_at = now
        self.paused = paused

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
        for r in self.remotes:
            r.sent = self.now - BEAT_MS  # told at once: a guest's clock stands still as long as the host's

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
