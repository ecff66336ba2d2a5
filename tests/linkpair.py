"""Two devices in one test process: an in-memory link between them, and two Apps with no screens.

tools/doubles/link_memory.py's ``Medium`` carries packets between its ``MemoryLink``
ends; ``Pair(game, ...)`` makes a host App and a guest
App, each with its CPU player in its own seat, joined through a lossy shim
(tools/doubles/link_shim.py) on one fake clock, and ``run`` steps both frame by frame.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from engine.actions import PH_OVER  # noqa: E402
from desktop import headless  # noqa: E402
from link_memory import Medium, MemoryLink  # noqa: E402
from link_shim import Lossy  # noqa: E402
from ui.app import FRAME_MS, TABLE, App  # noqa: E402
from ui.linked import GUEST, HOST, Linked  # noqa: E402


class Pair:
    """A host App and a guest App linked in memory, stepped together on one fake clock."""

    def __init__(self, game, options=None, seed=3, bots=("level8", "level7"), loss=0.1, jitter_ms=80,
                 session=4321, start_ms=0):
        self.medium = Medium()
        self.hals = [headless.Hal(160, 128, screen=False, start_ms=start_ms) for _ in range(2)]
        host_end = MemoryLink(self.medium)
        guest_end = MemoryLink(self.medium, to=host_end)
        clock = self.hals[0].ticks_ms
        self.shims = [Lossy(host_end, clock, loss, jitter_ms, seed=seed * 2),
                      Lossy(guest_end, clock, loss, jitter_ms, seed=seed * 2 + 1)]
        self.apps = [App(h, settings={"game": game, "mode": "2p", "sound": False}, seed=seed) for h in self.hals]
        self.apps[0].link = Linked(self.apps[0], HOST, self.shims[0], session, cpu=bots[0])
        self.apps[1].link = Linked(self.apps[1], GUEST, self.shims[1], session, cpu=bots[1], nonce=77)
        self.links = [self.apps[0].link, self.apps[1].link]
        self.apps[0].play_now(game, dict(options or {}), self.hals[0].ticks_ms())
        self.saved = []
        self.apps[0].on_game_over = self.saved.append
        self.frames = 0
        self.running = [True, True]  # False: that device is not stepped (gone)

    def step(self):
        for app, hal, running in zip(self.apps, self.hals, self.running):
            hal.advance(FRAME_MS)
            if running:
                app.frame(hal.ticks_ms())
        self.frames += 1

    def over(self, k):
        app = self.apps[k]
        return app.screen == TABLE and app.game is not None and app.game.phase == PH_OVER

    def run(self, limit_ms=1800000, until=None):
        """Step until both games are over and the guest has the whole log (or until(pair) is true)."""
        while self.frames * FRAME_MS < limit_ms:
            self.step()
            if until is not None:
                if until(self):
                    return True
                continue
            host = self.links[0].host
            if self.over(0) and self.over(1) and self.links[1].guest.next == host.n:
                return True
        return False


def same_game(host_game, guest_game):
    """The host's game and a guest's copy agree: one digest (engine.digest), and every card the guest knows."""
    from engine.digest import digest
    from engine.replay import agrees, state

    return digest(host_game) == digest(guest_game) and agrees(state(guest_game), state(host_game))


class Tap:
    """A transport that keeps a copy of every packet it gives its reader (to decode what a device was sent)."""

    def __init__(self, inner):
        self.inner = inner
        self.got = []

    @property
    def peer(self):
        return self.inner.peer

    def send(self, peer, buf, n):
        self.inner.send(peer, buf, n)

    def recv_into(self, buf):
        n = self.inner.recv_into(buf)
        if n:
            self.got.append(bytes(buf[:n]))
        return n

    def keep(self, peer, on=True):
        self.inner.keep(peer, on)

    def close(self):
        self.inner.close()


class Devices:
    """A host App and guests Apps (seats 1, 2, ...), each seat a CPU's, through lossy shims on one fake clock;
    every packet a guest is given is kept (``taps[k].got``)."""

    def __init__(self, game, options=None, seed=3, guests=1, loss=0.05, jitter_ms=40, session=4321):
        self.medium = Medium()
        players = guests + 1
        self.hals = [headless.Hal(160, 128, screen=False) for _ in range(players)]
        host_end = MemoryLink(self.medium)
        ends = [host_end] + [MemoryLink(self.medium, to=host_end) for _ in range(guests)]
        clock = self.hals[0].ticks_ms
        shims = [Lossy(e, clock, loss, jitter_ms, seed=seed * 7 + k) for k, e in enumerate(ends)]
        self.taps = [Tap(s) for s in shims]
        mode = "%dp" % players if players > 2 else "2p"
        self.apps = [App(h, settings={"game": game, "mode": mode, "sound": False}, seed=seed) for h in self.hals]
        bots = ("level8", "level7", "level6", "level5")
        self.apps[0].link = Linked(self.apps[0], HOST, self.taps[0], session, guests=guests, cpu=bots[0])
        for k in range(1, players):
            self.apps[k].link = Linked(self.apps[k], GUEST, self.taps[k], session, cpu=bots[k], nonce=100 + k)
        self.links = [a.link for a in self.apps]
        self.saved = []
        self.apps[0].on_game_over = self.saved.append
        self.apps[0].play_now(game, dict(options or {}), self.hals[0].ticks_ms())
        self.frames = 0

    def step(self):
        for app, hal in zip(self.apps, self.hals):
            hal.advance(FRAME_MS)
            app.frame(hal.ticks_ms())
        self.frames += 1

    def run(self, limit_ms=1800000):
        """Step until every game is over and every guest has the whole log."""
        while self.frames * FRAME_MS < limit_ms:
            self.step()
            host = self.links[0].host
            if all(a.screen == TABLE and a.game is not None and a.game.phase == PH_OVER for a in self.apps) \
                    and all(link.guest.next == host.n for link in self.links[1:]):
                return True
        return False

    def close(self):
        for h in self.hals:
            h.deinit()


def cards_of(game):
    """Every card value a copy of a game holds in its piles and hands (engine.digest's lists)."""
    out = []

    def walk(v, hidden):
        if isinstance(v, (tuple, list)):
            for x in v:
                walk(x, hidden)
        elif hasattr(v, "buf") and hasattr(v, "n"):
            out.extend(v.buf[:v.n])
        elif isinstance(v, bytearray) and hidden:
            out.extend(c for c in v if c)

    for name in game.PUBLIC:
        walk(getattr(game, name), False)
    for name in game.HIDDEN:
        walk(getattr(game, name), True)
    return out
