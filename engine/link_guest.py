"""A guest of a linked game: it joins, sends its seat's actions, and plays the host's log (docs/link.md).

The guest says HELLO until the host's WELCOME gives it a seat, the seed, the
game and its options; it then deals the same game (C-5) and applies the
host's log, entry by entry in the host's order, so its copy always equals
the host's at the same entry. Its own seat's actions (its Cluster turns a
press into one with what this screen shows) are stamped in the host's game
clock, estimated from pings (engine.link.Clock), and sent until the host
acknowledges them. A digest that differs from the host's makes ``desynced``
true: the app deals again and the log is played from its start (the host
resends it from entry 0, since this guest then acknowledges none); a new
WELCOME (the host dealt again) is a new game.
"""

from engine import link as L
from engine.link import K_BYE, K_DIGEST, K_HELLO, K_LOG, K_OFFER, K_PING, K_PONG, K_PRESS, K_WELCOME, get32, put32

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


HELLO_MS = const(300)  # say HELLO this often until welcomed
PING_MS = const(500)  # a ping this often (every PING_MS * 4 once the clock has its samples)
RESEND_MS = const(120)
BEAT_MS = const(200)
QUIET_MS = const(1500)  # the host silent this long: the game pauses here
OUTBOX = const(64)  # actions not yet acknowledged


class Guest(L.Side):
    """One linked game's guest: ``poll`` reads the link, ``add`` sends an action, ``take`` gives log entries.

    With session 0 it first asks who hosts (discovery): a host answers with an
    OFFER, ``offer``, whose code its screen shows; ``join(code)`` pairs.
    """

    def __init__(self, transport, session, nonce=1):
        self.link = transport
        self.rx = L.Packet(session)
        self.tx = L.Packet(session)
        self.nonce = nonce & 0xFFFF
        self.clock = L.Clock()
        self.seat = -1  # -1 until welcomed
        self.welcome = None  # bytes: seed (4), game index (1), options (JSON)
        self.next = 0  # log entries applied
        self.inbox = bytearray(8 * L.LOG_MOST)  # the entries of the last LOG not yet taken
        self.ni = 0
        self.ti = 0  # entries taken from the inbox
        self.out = bytearray(L.PRESS_SIZE * OUTBOX)
        self.sent = 0  # actions acknowledged by the host (the first one in out)
        self.no = 0  # actions in out
        self.stamped = 0  # the last action's stamp: the next is never earlier
        self.sent_ms = -RESEND_MS
        self.hello_ms = -HELLO_MS
        self.ping_ms = -PING_MS
        self.heard = 0
        self.host_paused = False
        self.paused = False  # the host paused, or has been quiet for QUIET_MS
        self.desynced = False
        self.digest_n = -1  # the host's last digest: after this many log entries (-1: none to check)
        self.digest = 0  # ... and its value
        self.checked = 0  # digests compared with this copy's state
        self.gone = False  # the host said BYE
        self.offer = None  # session 0 (discovery): (code, game index, free seats) of a host that answered
        self.joined_ms = 0  # when join() paired with a code
        self.dropped = 0
        self.now = 0

    # ---- the link ----------------------------------------------------------

    def poll(self, now):
        """Read every packet that has come (now: this device's clock, ms); say hello, ping, resend."""
        self.now = now
        self.read(now)
        self.paused = self.host_paused or (self.seat >= 0 and now - self.heard >= QUIET_MS)
        if self.seat < 0:
            if now - self.hello_ms >= HELLO_MS:
                self.hello_ms = now
                buf = self.tx.begin(K_HELLO, 0, 0)
                buf[L.HEADER] = self.nonce & 0xFF
                buf[L.HEADER + 1] = self.nonce >> 8
                self._send(2)
            return
        every = PING_MS if self.clock.k < self.clock.keep else 4 * PING_MS
        if now - self.ping_ms >= every:
            self.ping_ms = now
            buf = self.tx.begin(K_PING, 0, self.next)
            put32(buf, L.HEADER, now)
            self._send(4)
        if (self.no and now - self.sent_ms >= RESEND_MS) or now - self.sent_ms >= BEAT_MS:
            self._send_actions(now)

    def _read(self, kind, now):
        rx = self.rx
        buf = rx.buf
        if kind == K_OFFER:
            if self.rx.session == 0:
                self.offer = (buf[L.HEADER] | buf[L.HEADER + 1] << 8, buf[L.HEADER + 2], buf[L.HEADER + 3])
            else:
                self.dropped += 1  # paired already
            return
        if kind == K_WELCOME:
            if (buf[L.HEADER + 1] | buf[L.HEADER + 2] << 8) != self.nonce:
                self.dropped += 1  # another guest's welcome
                return
            self.heard = now
            self.seat = buf[L.HEADER]
            welcome = buf[L.HEADER + 3:L.HEADER + rx.size]
            if welcome != self.welcome:  # the first, or the host dealt again (the app deals it)
                self.welcome = bytes(welcome)
                self.stamped = 0  # a new game's clock
            return
        if self.seat < 0:
            self.dropped += 1
            return
        self.heard = now
        self.host_paused = bool(rx.flags & L.F_PAUSED)
        if rx.ack > self.sent:
            self._acked(rx.ack)
        if kind == K_PONG:
            self.clock.sample(get32(buf, L.HEADER), get32(buf, L.HEADER + 4), now)
        elif kind == K_LOG:
            if self.ti < self.ni:
                return  # the last one is still being taken: this comes again
            first = rx.seq
            count = rx.size // L.LOG_SIZE
            if first > self.next or first + count <= self.next:
                self.dropped += 1 if count else 0  # after a gap, or all had: the host resends
                return
            skip = self.next - first
            box = self.inbox
            k = 0
            for i in range(L.HEADER + 8 * skip, L.HEADER + 8 * count):
                box[k] = buf[i]
                k += 1
            self.ni = count - skip
            self.ti = 0
        elif kind == K_DIGEST:
            self.digest_n = rx.seq
            self.digest = get32(buf, L.HEADER)
        elif kind == K_BYE:
            self.gone = True

    def _acked(self, upto):
        """The host has the actions before upto: drop them from the outbox."""
        k = upto - self.sent
        if k > self.no:
            k = self.no
        out = self.out
        for i in range(L.PRESS_SIZE * (self.no - k)):
            out[i] = out[i + L.PRESS_SIZE * k]
        self.no -= k
        self.sent += k

    def _send_actions(self, now):
        count = self.no if self.no < L.PRESS_MOST else L.PRESS_MOST
        buf = self.tx.begin(K_PRESS, self.sent, self.next)
        out = self.out
        for i in range(L.PRESS_SIZE * count):
            buf[L.HEADER + i] = out[i]
        self._send(L.PRESS_SIZE * count)
        self.sent_ms = now

    def _send(self, size):
        self.link.send(0, self.tx.buf, self.tx.finish(size))

    # ---- the game ----------------------------------------------------------

    def add(self, t, verb, a, b):
        """Send one action of this seat, stamped t in the host's game clock; False when the outbox is full."""
        if self.no == OUTBOX:
            return False
        if t < self.stamped:
            t = self.stamped  # a better clock sample stepped the offset back: a later press is never stamped earlier
        self.stamped = t
        i = L.PRESS_SIZE * self.no
        out = self.out
        put32(out, i, t)
        out[i + 4] = verb
        out[i + 5] = a
        out[i + 6] = b
        self.no += 1
        self._send_actions(self.now)  # at once: the input delay is short
        return True

    def take(self, entry):
        """The next log entry into entry (a list of 5: t, player, verb, a, b); False when none is waiting."""
        if self.ti >= self.ni:
            return False
        i = 8 * self.ti
        box = self.inbox
        entry[0] = get32(box, i)
        entry[1] = box[i + 4]
        entry[2] = box[i + 5]
        entry[3] = box[i + 6]
        entry[4] = box[i + 7]
        self.ti += 1
        self.next += 1
        return True

    def join(self, session):
        """Pair with the host whose code (its OFFER's, the one its screen shows) is session."""
        self.rx.session = self.tx.session = session
        self.offer = None
        self.hello_ms = self.now - HELLO_MS  # say HELLO at once
        self.joined_ms = self.now

    def restart(self):
        """After a desync: the log is played again from its first entry (the host resends it)."""
        self.next = 0
        self.ni = self.ti = 0
        self.desynced = False
        self.digest_n = -1

    def bye(self):
        """Leave for good."""
        self.tx.begin(K_BYE, 0, self.next)
        self._send(0)
