"""Link play by ESP-NOW: ESP32-S2/S3 boards talk radio to radio, no network needed.

A transport as desktop/link/udp.py's (docs/link.md): ``send(peer, buf, n)``,
``recv_into(buf)`` with ``peer`` naming the sender, ``close()``. Peers are
MAC addresses, numbered in the order first heard. A host learns a guest
from its first HELLO (a packet that says "SP", the link's version, HELLO
and, when a session is given, that session or 0, discovery's: other ESP-NOW
traffic takes no place in its table). A guest is given its host's MAC, or
``BROADCAST``: it then broadcasts, passes on every host's OFFER (discovery:
the player picks a code) and a REFUSE of its HELLO (a full game, or one too
far on to join, is told so; peer 0 stands for "whoever answers"), and
latches onto the board whose WELCOME it accepts: one whose CRC is right and
that carries the session and nonce of the guest's last HELLO (junk that only
looks like a WELCOME is dropped). From then on it hears and sends to that
host only, so another guest's broadcast HELLO, or another game's host, is
never taken for its own; another host of the same code that welcomes it too
(the HELLO went to every board) is told BYE, so it frees the seat at once.
Strangers' packets are read and dropped here, never handed on: the radio's
ring is emptied every poll, so a flood costs reads, not a seated guest's room.

ESP-NOW sends only to registered peers: each is added to ``peers`` when
learnt (and taken off by ``close``). Nothing raises: a send the radio
refuses, or a read of a garbled buffer, is a lost packet, which the
protocol sends again. CircuitPython's ``read()`` makes a new packet object
each time (no read into a buffer exists), so a receive allocates; a send
goes through a memoryview of the caller's buffer made once per length.
The receive buffer is made larger than ESPNow's default (526 bytes: two
full packets), since a host may send a log and a digest at once.
"""

import espnow
from micropython import const  # Blinka's on the desktop

from engine.crc import crc16
from engine.link.wire import HEADER, K_BYE, K_HELLO, K_OFFER, K_REFUSE, K_WELCOME, MTU, VERSION, Packet
from hal.link.peers import Peers
from hal.link.views import Views


BROADCAST = b"\xff\xff\xff\xff\xff\xff"
BUFFER = const(4096)  # ESPNow's receive ring: 15 full packets
MOST_PEERS = const(16)  # boards a host numbers, guests asking who hosts included (ESP-NOW's table: 20);
# a new board takes the number of the one heard from least recently that has no seat (hal/link/peers.py)


class EspNowLink:
    """ESP-NOW on now (an espnow.ESPNow): a host when join is None, else a guest of the MAC join (or BROADCAST)."""

    def __init__(self, now, join=None, session=None, owned=False):
        self.now = now
        self.owned = owned  # made by make(): close() lets the radio go (a board allows one ESPNow at a time)
        self.session = session
        self.joining = join is not None
        self.peers = Peers(MOST_PEERS if join is None else 1)  # a host's: a new board takes a stray's number
        self.macs = self.peers.addrs  # peer number -> MAC
        self.targets = []  # peer number -> its espnow.Peer
        self.added = []  # the espnow.Peer objects this link registered
        self.peer = -1
        self.everyone = None  # a guest looking for its host: the broadcast peer
        self.hello = 0  # a broadcasting guest's last HELLO: session << 16 | nonce, what its host's WELCOME carries
        self.dropped = 0  # packets from no one this link listens to
        self.errors = 0  # sends and reads the radio refused
        if join is not None:
            if bytes(join) == BROADCAST:
                self.everyone = self._register(BROADCAST)
            else:
                self._learn(bytes(join))
        self.views = Views()  # memoryviews of the buffer last sent from, by length

    def _register(self, mac):
        """An espnow.Peer for mac, added to the radio's table (one already there is used as it is)."""
        peer = espnow.Peer(mac, lmk=None)
        try:
            self.now.peers.append(peer)
            self.added.append(peer)
        except (OSError, ValueError):
            pass  # already registered (a link before this one), or the table is full: sends will say
        return peer

    def _learn(self, mac):
        """A new peer's number (a stray's, heard from least recently, when the table is full; -1: every one is
        kept); the board it replaces is taken off the radio's table."""
        i = self.peers.number(mac)
        if i < 0:
            return -1
        if i < len(self.targets):
            self._forget(self.targets[i])
            self.targets[i] = self._register(mac)
        else:
            self.targets.append(self._register(mac))
        return i

    def keep(self, peer, on=True):
        """The host has seated this peer: its number is never given to another board (hal/link/peers.py)."""
        self.peers.keep(peer, on)

    def send(self, peer, buf, n):
        """Send the first n bytes of buf to a peer (a guest still looking for its host broadcasts them)."""
        if n <= 0 or n > MTU:
            return
        if 0 <= peer < len(self.targets):
            to = self.targets[peer]
        elif self.everyone is not None and peer == 0:
            to = self.everyone
            if n >= HEADER + 2 and buf[3] == K_HELLO:
                self.hello = (buf[4] | buf[5] << 8) << 16 | buf[HEADER] | buf[HEADER + 1] << 8
        else:
            return
        try:
            self.now.send(self.views.of(buf, n), to)
        except (OSError, ValueError, MemoryError):  # espidf.IDFError is an OSError; its MemoryError: no room
            self.errors += 1

    def _says(self, msg, kind, discovery=False):
        """Is msg a link packet of this kind, and of this session when one was given (or of 0, if discovery)?"""
        if len(msg) < 6 or msg[0] != 0x53 or msg[1] != 0x50 or msg[2] != VERSION or msg[3] != kind:
            return False
        session = msg[4] | msg[5] << 8
        return self.session is None or session == self.session or (discovery and session == 0)

    def _answers(self, msg, kind):
        """Is msg a WELCOME or REFUSE (kind) that answers this guest's last HELLO: its session and nonce, a right
        CRC (a WELCOME's nonce after its seat)?"""
        h = self.hello
        n = len(msg)
        at = HEADER + (kind == K_WELCOME)
        if h >> 16 == 0 or n < at + 4 or not self._says(msg, kind) or (msg[4] | msg[5] << 8) != h >> 16:
            return False
        return (msg[at] | msg[at + 1] << 8) == h & 0xFFFF and crc16(msg, n - 2) == msg[n - 2] | msg[n - 1] << 8

    def _bye(self, mac):
        """Tell a second host of this code that welcomed this guest that it plays elsewhere (its nonce: the host
        believes it and frees the seat); the board is registered for the send only."""
        p = Packet(self.hello >> 16)
        b = p.begin(K_BYE, 0, 0)
        b[HEADER] = self.hello & 0xFF
        b[HEADER + 1] = (self.hello >> 8) & 0xFF
        to = self._register(mac)
        try:
            self.now.send(memoryview(b)[:p.finish(2)], to)
        except (OSError, ValueError, MemoryError):
            self.errors += 1
        self._forget(to)

    def recv_into(self, buf):
        """The next packet into buf: its length (0: none waiting); ``peer`` is who sent it."""
        macs = self.macs
        while True:
            try:
                packet = self.now.read()
            except (OSError, ValueError):  # a garbled receive buffer
                self.errors += 1
                return 0
            if packet is None:
                return 0
            msg = packet.msg
            mac = packet.mac
            n = len(msg)
            if n > len(buf):
                self.dropped += 1
                continue
            i = self.peers.find(mac)
            if i >= 0 and not self.joining:
                self.peers.number(mac)  # heard from now
            if i < 0:
                if not self.joining:
                    if not self._says(msg, K_HELLO, True):
                        self.dropped += 1
                        continue
                    i = self._learn(bytes(mac))
                    if i < 0:
                        self.dropped += 1  # every number is a seated guest's
                        continue
                elif macs:
                    if self._answers(msg, K_WELCOME):
                        self._bye(bytes(mac))  # a second host of this code seated this guest: it is let go
                    self.dropped += 1  # a guest hears its host only
                    continue
                elif self._answers(msg, K_WELCOME):
                    i = self._learn(bytes(mac))  # its host: from now on only this MAC
                    self._forget(self.everyone)
                    self.everyone = None
                elif not (self._says(msg, K_OFFER, True) or self._answers(msg, K_REFUSE)):
                    self.dropped += 1  # another guest's HELLO, a WELCOME for no one here, anything else on the air
                    continue  # (an OFFER or REFUSE is passed on: peer 0 stands for "whoever answers" until then)
                else:
                    i = 0
            for j in range(n):
                buf[j] = msg[j]
            self.peer = i
            return n

    def _forget(self, peer):
        if peer is None or peer not in self.added:
            return
        self.added.remove(peer)
        try:
            self.now.peers.remove(peer)
        except (OSError, ValueError):
            pass

    def close(self):
        """Take this link's peers off the radio's table, and let the radio go if make() made it."""
        while self.added:
            self._forget(self.added[0])
        if self.owned:
            self.now.deinit()


def make(join=None, session=None, buffer_size=BUFFER):
    """The link on this board's radio: a host's (join None) or a guest's of join, a MAC or BROADCAST."""
    return EspNowLink(espnow.ESPNow(buffer_size=buffer_size), join, session, owned=True)
