"""A guest of a linked game: it joins, sends its seat's actions, and plays the host's log (docs/link.md).

The guest says HELLO until the host's WELCOME gives it a seat, the game and
its options, never the deal's seed: the host deals and shows each card when
the rules let this seat see it (D-3). The guest's copy of the game is dealt
with a ``Blind`` as its engine's ``seen``: every card it deals is
``UNKNOWN``, and each time the engine turns one up for this seat, or decides
something from cards this seat cannot see, it takes the card or the decision
the host's log sent just before that entry. Applying the log entry by entry
in the host's order, this copy then equals the host's in everything this
seat may know. Its own seat's actions (its Cluster turns a press into one
with what this screen shows) are stamped in the host's game clock,
estimated from pings (engine.link.wire.Clock), never earlier than the one
before, and sent until the host acknowledges them. A digest that differs
from the host's makes ``desynced`` true: the app deals again and the log is
played from its start (the host resends it from entry 0, since this guest
then acknowledges none); a new WELCOME (the host dealt again) is a new game.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.link import wire as L
from engine.link.wire import (EVERYONE, K_BYE, K_DIGEST, K_HELLO, K_LOG, K_OFFER, K_PING, K_PONG, K_PRESS, K_REFUSE,
                         K_WELCOME, UNKNOWN, get32, put32)


HELLO_MS = const(300)  # say HELLO this often until welcomed
PING_MS = const(500)  # a ping this often (every PING_MS * 4 once the clock has its samples)
RESEND_MS = const(120)
BEAT_MS = const(200)
QUIET_MS = const(1500)  # the host silent this long: the game pauses here
GONE_MS = const(10000)  # ... and this long: the host has left (as the host lets a guest go)
OUTBOX = const(64)  # actions not yet acknowledged
SHOWN_MOST = const(64)  # cards one action may show (as the host's Recorder)


class Blind:
    """The engine's ``seen`` on a guest: the cards and decisions its host sent, in the order its engine asks.

    ``cards`` holds the cards shown to this seat (or to every seat) by the
    log's entries before the next action, ``bits`` its decisions; ``left()``
    is 0 when the action used every one and asked for none that did not come.
    """

    def __init__(self):
        self.seat = -1
        self.cards = bytearray(SHOWN_MOST)
        self.cn = 0  # cards waiting
        self.ci = 0  # ... taken
        self.bits = 0
        self.bn = 0  # decisions waiting
        self.bi = 0  # ... taken
        self.missing = 0  # cards or decisions asked for that had not come

    def rng(self, seed):
        """The deal's generator: this one shuffles nothing in, it hides every card."""
        return self

    def shuffle(self, buf, n=-1):
        """Every card shuffled is one this device has not been shown."""
        if n < 0:
            n = len(buf)
        for i in range(n):
            buf[i] = UNKNOWN

    def card(self, card, who):
        """The card the host showed for this turn of a card face up (who: EVERYONE or a seat); card when not
        this seat's to see."""
        if who != EVERYONE and who != self.seat:
            return card
        if self.ci < self.cn:
            card = self.cards[self.ci]
            self.ci += 1
            return card
        self.missing += 1
        return card

    def told(self, value):
        """The host's decision made from cards this seat cannot see."""
        if self.bi < self.bn:
            value = (self.bits >> self.bi) & 1 == 1
            self.bi += 1
            return value
        self.missing += 1
        return value

    def show(self, card):
        """A card the log shows this seat, for the next entry; False when there are too many."""
        if self.cn == SHOWN_MOST:
            return False
        self.cards[self.cn] = card
        self.cn += 1
        return True

    def tell(self, bits, count):
        """Decisions the log tells, for the next entry."""
        self.bits |= bits << self.bn
        self.bn += count

    def left(self):
        """Cards and decisions not used as the host used them (0: this copy did what the host's did)."""
        return self.cn - self.ci + self.bn - self.bi + self.missing

    def clear(self):
        self.cn = self.ci = self.bn = self.bi = self.missing = 0
        self.bits = 0


def is_card(card):
    """A card of the game: suit 0-3 and rank 1-13, or a joker (engine.cards)."""
    return (card >> 4 < 4 and 1 <= card & 15 <= 13) or card == 0x41 or card == 0x42


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
        self.welcome = None  # bytes: game index (1), game number (1), options (JSON)
        self.next = 0  # log entries taken
        self.inbox = bytearray(8 * L.LOG_MOST)  # the entries of the last LOG not yet taken
        self.ni = 0
        self.ti = 0  # entries taken from the inbox
        self.out = bytearray(L.PRESS_SIZE * OUTBOX)
        self.sent = 0  # actions acknowledged by the host (the first one in out)
        self.no = 0  # actions in out
        self.stamped = 0  # the last action's stamp: the next is never earlier
        self.acked = 0  # the log entries this guest last told the host it has
        self.sent_ms = -RESEND_MS
        self.hello_ms = -HELLO_MS
        self.ping_ms = -PING_MS
        self.pong_t2 = 0  # the host's clock in the last PONG, echoed in the next PING (its round trip)
        self.pong_ms = 0  # ... and when it came (this device's clock)
        self.heard = 0
        self.host_paused = False
        self.paused_by = 0  # the seat + 1 whose player paused the host's game (0: none, or a quiet link)
        self.wants = 0  # this device's player has paused: F_PAUSED in its messages (ask_pause)
        self.paused = False  # the host paused, or has been quiet for QUIET_MS
        self.desynced = False
        self.behind = 0  # heartbeats in a row that ended the host's log before this copy's next entry
        self.digest_n = -1  # the host's last digest: after this many log entries (-1: none to check)
        self.digest = 0  # ... and its value
        self.checked = 0  # digests compared with this copy's state
        self.gone = False  # the host said BYE, or has been silent for GONE_MS
        self.refused = 0  # the host's K_REFUSE: FULL or LATE
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
        if self.seat >= 0 and now - self.heard >= GONE_MS:
            self.gone = True  # a host that vanished without a BYE has left all the same
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
            buf = self.tx.begin(K_PING, 0, self.next, self.wants)
            put32(buf, L.HEADER, now)
            put32(buf, L.HEADER + 4, self.pong_t2)
            held = now - self.pong_ms if self.pong_t2 else 0
            held = held if 0 <= held < 0xFFFF else 0xFFFF
            buf[L.HEADER + 8] = held & 0xFF
            buf[L.HEADER + 9] = held >> 8
            self._send(10)
        if (self.no and now - self.sent_ms >= RESEND_MS) or now - self.sent_ms >= BEAT_MS or self.next != self.acked:
            self._send_actions(now)  # (log entries taken since the last message: acknowledged at once)

    def _read(self, kind, now):
        rx = self.rx
        buf = rx.buf
        if kind == K_OFFER:
            if self.rx.session == 0:
                self.offer = (buf[L.HEADER] | buf[L.HEADER + 1] << 8, buf[L.HEADER + 2], buf[L.HEADER + 3])
            else:
                self.dropped += 1  # paired already
            return
        if kind == K_HELLO or kind == K_PING or kind == K_PRESS:
            self.dropped += 1  # a guest's messages: not from a host
            return
        nonce = buf[L.HEADER] | buf[L.HEADER + 1] << 8  # a WELCOME's, REFUSE's or BYE's, after its seat for a WELCOME
        if kind == K_WELCOME:
            if (buf[L.HEADER + 1] | buf[L.HEADER + 2] << 8) != self.nonce:
                self.dropped += 1  # another guest's welcome
                return
            self.heard = now
            self.seat = buf[L.HEADER]
            self.refused = 0
            welcome = buf[L.HEADER + 3:L.HEADER + rx.size]
            if welcome != self.welcome:  # the first, or the host dealt again (the app deals it)
                self.welcome = bytes(welcome)
                self.stamped = 0  # a new game's clock
            return
        if kind == K_REFUSE:  # FULL before a seat; LATE before or after (a seated guest out of step too late)
            if nonce == self.nonce and (self.seat < 0 or buf[L.HEADER + 2] != L.FULL):
                self.refused = buf[L.HEADER + 2]
            else:
                self.dropped += 1
            return
        if self.seat < 0:
            self.dropped += 1
            return
        if kind == K_BYE:  # believed when it carries this guest's nonce and the count of its actions the host has
            if nonce == self.nonce and self.sent <= rx.ack <= self.sent + self.no:
                self.gone = True
            else:
                self.dropped += 1
            return
        self.heard = now
        self.host_paused = bool(rx.flags & L.F_PAUSED)
        self.paused_by = (rx.flags >> L.F_BY) & 7
        if self.sent < rx.ack <= self.sent + self.no:
            self._acked(rx.ack)
        if kind == K_PONG:
            t2 = get32(buf, L.HEADER + 4)
            self.clock.sample(get32(buf, L.HEADER), t2, now)
            self.pong_t2 = t2
            self.pong_ms = now
        elif kind == K_LOG:
            if self.ti < self.ni:
                return  # the last one is still being taken: this comes again
            first = rx.seq
            count = rx.size // L.LOG_SIZE
            if not count:  # a heartbeat: the host's log ends at first (an old one may come late: three in a row)
                self.behind = self.behind + 1 if first < self.next else 0
                if self.behind >= 3:
                    self.desynced = True  # this copy took entries the host never logged (a spoofed LOG)
                return
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

    def _acked(self, upto):
        """The host has the actions before upto: drop them from the outbox."""
        k = upto - self.sent
        out = self.out
        for i in range(L.PRESS_SIZE * (self.no - k)):
            out[i] = out[i + L.PRESS_SIZE * k]
        self.no -= k
        self.sent += k

    def _send_actions(self, now):
        count = self.no if self.no < L.PRESS_MOST else L.PRESS_MOST
        self.acked = self.next
        buf = self.tx.begin(K_PRESS, self.sent, self.next, self.wants)
        out = self.out
        for i in range(L.PRESS_SIZE * count):
            buf[L.HEADER + i] = out[i]
        self._send(L.PRESS_SIZE * count)
        self.sent_ms = now

    def _send(self, size):
        self.link.send(0, self.tx.buf, self.tx.finish(size))

    # ---- the game ----------------------------------------------------------

    def ask_pause(self, on):
        """This device's player paused (on) or resumed: the host is told at once, and pauses every device."""
        self.wants = L.F_PAUSED if on else 0
        self.sent_ms = self.now - BEAT_MS  # the next poll sends a message with the flag

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

    def shift(self, ms):
        """The host's clock stood still about ms (its pause): the estimate of it and the last stamp go back with
        it, so a press now is stamped when it is made, and the clock is measured again at once."""
        self.clock.offset -= ms
        self.stamped -= ms
        self.clock.reset()
        self.ping_ms = self.now - PING_MS

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

    def shown(self, seen):
        """The cards of the SHOWN entry just taken that this seat may see, into seen (a Blind); False when the
        entry is no good (a card that is none)."""
        i = 8 * (self.ti - 1)
        box = self.inbox
        who = box[i + 4]
        if who != EVERYONE and who != self.seat:
            return True  # another seat's: blanked by the host, nothing for this copy
        for k in range(6):
            card = box[i + k + (2 if k >= 4 else 0)]
            if card:
                if not is_card(card) or not seen.show(card):
                    return False
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
        self.behind = 0
        self.digest_n = -1

    def bye(self):
        """Leave for good (the BYE carries this guest's nonce, so no one else's is believed)."""
        buf = self.tx.begin(K_BYE, 0, self.next)
        buf[L.HEADER] = self.nonce & 0xFF
        buf[L.HEADER + 1] = self.nonce >> 8
        self._send(2)
