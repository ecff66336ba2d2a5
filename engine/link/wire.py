"""Link play's wire format: one message per packet, checked, numbered (docs/link.md).

Every message is at most MTU (250) bytes, ESP-NOW's limit:

    0-1   b"SP"        magic
    2     VERSION      a packet of another version is dropped
    3     kind         K_* below
    4-5   session      the host's session code (1-9999): another session's packets are dropped;
                       0 is discovery: a HELLO asking who hosts, and the host's OFFER with its code
    6-9   seq          the number of the message's first entry in its stream (LOG, PRESS), else a counter
    10-13 ack          what the sender has of the receiver's stream: the next entry it expects
    14    flags        F_PAUSED: host -> guest, the host has paused the game (a link went quiet, or a
                       player paused: bits 1-3 are that seat + 1, 0 for a quiet link); guest -> host,
                       this guest's player has paused (its pause screen is up)
    15-   payload
    last 2            CRC-16/CCITT of every byte before them

Numbers are little-endian; seq, ack and the times in payloads are unsigned
32-bit. ``Packet.decode`` never raises: anything malformed, of another
version or session, or failing the checksum is 0 (dropped) and leaves the
packet's fields as they were. Nothing here allocates once made.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.crc import crc16


MTU = const(250)
VERSION = const(2)  # 2: the host deals and shows each card when a seat may see it (1 sent the deal's seed)
HEADER = const(15)
TAIL = const(2)
ROOM = const(233)  # MTU - HEADER - TAIL: the payload's most bytes

K_HELLO = const(1)  # guest -> host: payload nonce (2)
K_WELCOME = const(2)  # host -> guest: seat (1), nonce (2), game (1, its index in NAMES), game number (1), options
K_PING = const(3)  # guest -> host: t1 (4) the guest's clock, echo (4) the t2 of the last PONG, held (2) ms since
K_PONG = const(4)  # host -> guest: t1 (4) echoed, t2 (4) the host's game clock
K_PRESS = const(5)  # guest -> host: actions of 7 bytes: t (4, host game clock), verb, a, b
K_LOG = const(6)  # host -> guest: entries of 8 bytes: t (4), player, verb, a, b (verbs from DEAL up: below)
K_DIGEST = const(7)  # host -> guest: payload digest (4) of what every seat knows after seq entries
K_BYE = const(8)  # either way: leaving for good; payload the guest's nonce (2)
K_OFFER = const(9)  # host -> guest, session 0: payload code (2), game (1), free seats (1)
K_REFUSE = const(10)  # host -> guest: payload nonce (2), why (1): FULL, or LATE (its log is gone)
KINDS = const(10)

FULL = const(1)  # K_REFUSE: every seat is taken
LATE = const(2)  # K_REFUSE: the log's start is gone, so this guest cannot be caught up

# A LOG entry's verb below 16 is an action of the game; these are the host's own entries:
DEAL = const(252)  # the game is dealt: the SHOWN entries before it are the deal's
TOLD = const(253)  # player = how many decisions (1-8), a = their bits, first in bit 0: made from cards not all see
SHOWN = const(254)  # player = who may see (EVERYONE or a seat); t's 4 bytes, a and b: up to 6 cards (0: none)
CLOCK = const(255)  # the host's clock passed t and that changed the game (a time limit, P-8)
EVERYONE = const(255)
UNKNOWN = const(0x70)  # a card this device has not been shown: no real card (suit 7, rank 0: every rank table has it)

F_PAUSED = const(1)
F_BY = const(1)  # the flags' bits 1-3, shifted by this: the seat + 1 that paused (0: a quiet link)

READ_MOST = const(32)  # packets of senders without a seat decoded in one poll (a flood cannot stall a frame)
DRAIN_MOST = const(512)  # packets taken from the transport in one poll: past READ_MOST strays', let go unread
PRESS_SIZE = const(7)
LOG_SIZE = const(8)
PRESS_MOST = const(33)  # ROOM // PRESS_SIZE
LOG_MOST = const(29)  # ROOM // LOG_SIZE


def put32(buf, i, x):
    """Write x as four little-endian bytes at buf[i]."""
    buf[i] = x & 0xFF
    buf[i + 1] = (x >> 8) & 0xFF
    buf[i + 2] = (x >> 16) & 0xFF
    buf[i + 3] = (x >> 24) & 0xFF


def get32(buf, i):
    """The unsigned 32-bit little-endian number at buf[i] (a small int on a board up to 2**30)."""
    return buf[i] | buf[i + 1] << 8 | buf[i + 2] << 16 | buf[i + 3] << 24


class Packet:
    """One message being built (``begin`` ... ``finish``) or read (``decode``), in one MTU-sized buffer."""

    def __init__(self, session=0):
        self.buf = bytearray(MTU)
        self.session = session
        self.n = 0  # bytes in buf
        self.kind = 0
        self.seq = 0
        self.ack = 0
        self.flags = 0
        self.size = 0  # payload bytes (decode)
        self.from_session = 0  # the session the last message decoded was sent in (0: discovery)

    def begin(self, kind, seq, ack, flags=0, session=-1):
        """Start a message (in this packet's session unless given); its payload goes at buf[HEADER:],
        then ``finish(payload_bytes)``."""
        if session < 0:
            session = self.session
        buf = self.buf
        buf[0] = 0x53
        buf[1] = 0x50
        buf[2] = VERSION
        buf[3] = kind
        buf[4] = session & 0xFF
        buf[5] = session >> 8
        put32(buf, 6, seq)
        put32(buf, 10, ack)
        buf[14] = flags
        return buf

    def finish(self, size):
        """Close a message with size payload bytes: its checksum; returns its length."""
        n = HEADER + size
        c = crc16(self.buf, n)
        self.buf[n] = c & 0xFF
        self.buf[n + 1] = c >> 8
        self.n = n + TAIL
        return self.n

    def decode(self, buf, n):
        """Read the n bytes of buf as a message of this session: its kind, or 0 (dropped, nothing changed)."""
        if n < HEADER + TAIL or n > MTU or buf[0] != 0x53 or buf[1] != 0x50 or buf[2] != VERSION:
            return 0
        kind = buf[3]
        session = buf[4] | buf[5] << 8
        if kind < 1 or kind > KINDS:
            return 0
        if session != self.session and not (session == 0 and (kind == K_HELLO or kind == K_OFFER)):
            return 0  # another session's; discovery is always heard
        if crc16(buf, n - TAIL) != (buf[n - 2] | buf[n - 1] << 8):
            return 0
        size = n - HEADER - TAIL
        if not _fits(kind, size):
            return 0
        mine = self.buf
        if buf is not mine:
            for i in range(n):
                mine[i] = buf[i]
        self.n = n
        self.kind = kind
        self.seq = get32(buf, 6)
        self.ack = get32(buf, 10)
        self.flags = buf[14]
        self.size = size
        self.from_session = session
        return kind


class Side:
    """What a host and a guest share: reading the packets that have come, a bounded number per frame."""

    def read(self, now):
        """Take up to DRAIN_MOST waiting packets and decode those of seated peers and READ_MOST others, so a
        flood of strangers' packets neither holds up a frame nor crowds a seated guest out of the transport's
        buffer; ``_read`` each one kept."""
        rx = self.rx
        link = self.link
        buf = rx.buf
        strays = 0
        for _ in range(DRAIN_MOST):
            n = link.recv_into(buf)
            if n <= 0:
                return
            if not self._seated(link.peer):
                strays += 1
                if strays > READ_MOST:
                    self.dropped += 1  # read and let go: a flood costs a read, not a decode
                    continue
            kind = rx.decode(buf, n)
            if not kind:
                self.dropped += 1  # another session's, another version's, malformed
                continue
            self._read(kind, now)

    def _seated(self, peer):
        """Is peer one whose every packet is decoded (a guest hears only its host: yes)?"""
        return True


def _fits(kind, size):
    """Is size a payload length a message of kind can have?"""
    if kind == K_HELLO:
        return size == 2
    if kind == K_WELCOME:
        return size >= 5
    if kind == K_PING:
        return size == 10
    if kind == K_PONG:
        return size == 8
    if kind == K_PRESS:
        return size % PRESS_SIZE == 0
    if kind == K_LOG:
        return size % LOG_SIZE == 0
    if kind == K_DIGEST:
        return size == 4
    if kind == K_OFFER:
        return size == 4
    if kind == K_REFUSE:
        return size == 3
    return size == 2  # K_BYE


class Clock:
    """The host's game clock as a guest estimates it, NTP-style: keep the sample with the smallest round trip.

    ``sample(t1, t2, t3)``: the guest sent a ping at t1 (its clock), the host
    stamped it t2 (its game clock), the pong came back at t3. Samples older
    than ``keep`` pings are forgotten, so the estimate follows a drifting clock.
    """

    def __init__(self, keep=8):
        self.keep = keep
        self.rtts = [0] * keep
        self.offsets = [0] * keep
        self.k = 0  # samples taken
        self.offset = 0  # host game clock - guest clock, ms
        self.rtt = -1  # the round trip of the sample in use (-1: none yet)

    def sample(self, t1, t2, t3):
        """One ping's times; returns the offset in use after it."""
        rtt = t3 - t1
        if rtt < 0:
            return self.offset
        i = self.k % self.keep
        self.rtts[i] = rtt
        self.offsets[i] = t2 - (t1 + rtt // 2)
        self.k += 1
        best = -1
        for j in range(self.k if self.k < self.keep else self.keep):
            if best < 0 or self.rtts[j] < self.rtts[best]:
                best = j
        self.rtt = self.rtts[best]
        self.offset = self.offsets[best]
        return self.offset

    def reset(self):
        """Forget every sample (the host's clock stood still during a pause)."""
        self.k = 0
        self.rtt = -1

    def host_ms(self, guest_ms):
        """A time of the guest's clock in the host's game clock."""
        return guest_ms + self.offset
