"""A lossy link for tests and tools/linkplay.py: it drops, duplicates, reorders and delays packets.

``Lossy(transport, clock, loss=0.1, jitter_ms=80, seed=1)`` wraps any
transport (docs/link.md): each packet sent is lost with probability loss,
sent twice now and then, and held for delay_ms plus a delay drawn from 0
to jitter_ms (so packets overtake each other), measured on ``clock()``, a function
giving milliseconds. Seeded with the project's generator: a run can be
repeated. ``pump()`` (called by ``send`` and ``recv_into``) lets go the
packets whose time has come.
"""

from engine.rng import Rng


class Lossy:
    """A transport whose sends go through loss, duplication and a random delay."""

    def __init__(self, transport, clock, loss=0.1, jitter_ms=80, seed=1, duplicate=0.05, delay_ms=0):
        self.inner = transport
        self.clock = clock
        self.delay = delay_ms  # every packet's least time on the way
        self.loss = int(loss * 1000)
        self.duplicate = int(duplicate * 1000)
        self.jitter = jitter_ms
        self.rng = Rng(seed)
        self.held = []  # (due ms, peer, bytes)
        self.sent = self.lost = self.doubled = 0

    @property
    def peer(self):
        return self.inner.peer

    def send(self, peer, buf, n):
        self.sent += 1
        data = bytes(buf[:n])
        copies = 1
        if self.rng.below(1000) < self.loss:
            self.lost += 1
            copies = 0
        elif self.rng.below(1000) < self.duplicate:
            self.doubled += 1
            copies = 2
        now = self.clock()
        for _ in range(copies):
            self.held.append((now + self.delay + self.rng.below(self.jitter + 1), peer, data))
        self.pump()

    def keep(self, peer, on=True):
        """A host's seated peer: the inner transport never gives its number away (hal/link/peers.py)."""
        keep = getattr(self.inner, "keep", None)
        if keep is not None:
            keep(peer, on)

    def pump(self):
        """Send what is due."""
        if not self.held:
            return
        now = self.clock()
        keep = []
        for item in self.held:
            if item[0] <= now:
                self.inner.send(item[1], item[2], len(item[2]))
            else:
                keep.append(item)
        self.held = keep

    def recv_into(self, buf):
        self.pump()
        return self.inner.recv_into(buf)

    def close(self):
        self.inner.close()
