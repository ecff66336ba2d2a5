"""A hostile peer for tests: raw packets built with engine.link.wire.Packet, against a live App on an in-memory link.

``Table(game)`` is a host App with no screen on a tools/doubles/link_memory.py medium;
``Raw(table)`` is a peer on the same medium that speaks the wire format byte
by byte (``send``), reads what the host answers (``heard``: decoded packets),
and can take a seat (``sit``). Nothing here trusts the host or the peer: the
tests decide what must hold.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from engine.link import wire as L  # noqa: E402
from desktop import headless  # noqa: E402
from link_memory import Medium, MemoryLink  # noqa: E402
from ui.app import FRAME_MS, App  # noqa: E402
from ui.linked import GUEST, HOST, Linked  # noqa: E402

SESSION = 4321


class Table:
    """A host App playing game with its CPU in seat 0, on an in-memory medium; ``frames(n)`` steps it."""

    def __init__(self, game, options=None, seed=5, guests=1, session=SESSION, mode="2p", cpu="level8"):
        self.medium = Medium()
        self.end = MemoryLink(self.medium)
        self.hal = headless.Hal(160, 128, screen=False)
        self.told = []
        self.hal.notice = self.told.append
        self.app = App(self.hal, settings={"game": game, "mode": mode, "sound": False}, seed=seed)
        self.app.link = Linked(self.app, HOST, self.end, session, guests=guests, cpu=cpu)
        self.saved = []
        self.app.on_game_over = self.saved.append
        self.app.play_now(game, dict(options or {}), self.hal.ticks_ms())
        self.peers = []

    @property
    def host(self):
        return self.app.link.host if self.app.link is not None else None

    def now(self):
        return self.hal.ticks_ms()

    def frames(self, n=1, also=()):
        """Step the host (and the Apps in also) n frames on the one fake clock."""
        for _ in range(n):
            self.hal.advance(FRAME_MS)
            self.app.frame(self.hal.ticks_ms())
            for other in also:
                other.hal.advance(FRAME_MS)
                other.app.frame(other.hal.ticks_ms())
            for peer in self.peers:
                peer.listen()

    def close(self):
        self.hal.deinit()


class Raw:
    """A peer of table's host that sends raw packets; ``heard`` holds every packet it got, decoded."""

    def __init__(self, table, session=SESSION, nonce=0x2B2B):
        self.table = table
        self.end = MemoryLink(table.medium, to=table.end)
        self.packet = L.Packet(session)
        self.reader = L.Packet(session)
        self.nonce = nonce
        self.heard = []  # (kind, seq, ack, flags, payload bytes)
        self.seat = -1
        table.peers.append(self)

    def send(self, kind, seq=0, ack=0, payload=b"", flags=0, session=-1):
        """One packet of kind with this payload, in this peer's session unless given."""
        buf = self.packet.begin(kind, seq, ack, flags, session)
        for i, b in enumerate(payload):
            buf[L.HEADER + i] = b
        self.end.send(0, self.packet.buf, self.packet.finish(len(payload)))

    def raw(self, data):
        """Bytes as they are, as one packet."""
        self.end.send(0, bytearray(data), len(data))

    def listen(self):
        buf = bytearray(L.MTU)
        while True:
            n = self.end.recv_into(buf)
            if not n:
                return
            self.reader.session = self.packet.session
            kind = self.reader.decode(buf, n)
            if kind:
                r = self.reader
                payload = bytes(r.buf[L.HEADER:L.HEADER + r.size])
                self.heard.append((kind, r.seq, r.ack, r.flags, payload))
                if kind == L.K_WELCOME and payload[1] | payload[2] << 8 == self.nonce:
                    self.seat = payload[0]

    def hello(self):
        self.send(L.K_HELLO, payload=bytes((self.nonce & 0xFF, self.nonce >> 8)))

    def sit(self, frames=5):
        """Say HELLO until welcomed; the seat (-1: none given)."""
        for _ in range(frames):
            self.hello()
            self.table.frames(1)
            if self.seat >= 0:
                break
        return self.seat

    def press(self, first, actions, ack=0):
        """One PRESS of (t, verb, a, b) actions numbered from first."""
        payload = bytearray()
        for t, verb, a, b in actions:
            payload += bytes((t & 0xFF, (t >> 8) & 0xFF, (t >> 16) & 0xFF, (t >> 24) & 0xFF, verb, a, b))
        self.send(L.K_PRESS, first, ack, bytes(payload))

    def kinds(self, kind):
        return [h for h in self.heard if h[0] == kind]


def guest_app(table, nonce=77, cpu=None):
    """A real guest App on table's medium (joined with the host's session): a Table-like object."""

    class Side:
        pass

    side = Side()
    side.hal = headless.Hal(160, 128, screen=False)
    side.told = []
    side.hal.notice = side.told.append
    side.app = App(side.hal, settings={"game": table.app.settings["game"], "mode": "2p", "sound": False}, seed=1)
    side.end = MemoryLink(table.medium, to=table.end)
    side.app.link = Linked(side.app, GUEST, side.end, table.app.link.session, cpu=cpu, nonce=nonce)
    return side


def welcomed(welcome, game):
    """A guest App welcomed by a bare engine Host (on a Table of game's medium) whose WELCOME payload, after seat
    and nonce, is welcome; the Table and the guest's hal are let go before it returns."""
    from engine.link.host import Host, Recorder

    table = Table(game)
    side = guest_app(table)
    host = Host(table.end, table.app.link.session, 2, welcome, guest_seats=range(1, 2))
    host.record(0, L.EVERYONE, L.DEAL, 0, 0, Recorder())
    table.app.link = None  # the App's own host stands aside: this one answers
    for _ in range(30):
        side.hal.advance(FRAME_MS)
        side.app.frame(side.hal.ticks_ms())
        host.poll(side.hal.ticks_ms())
        host.send(side.hal.ticks_ms())
    side.hal.deinit()
    table.close()
    return side


__all__ = ["Table", "Raw", "guest_app", "welcomed", "GUEST", "HOST", "FRAME_MS"]
