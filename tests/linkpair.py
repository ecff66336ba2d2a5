"""Two devices in one test process: an in-memory link between them, and two Apps with no screens.

hal/link_memory.py's ``Medium`` carries packets between its ``MemoryLink``
ends; ``Pair(game, ...)`` makes a host App and a guest
App, each with its CPU player in its own seat, joined through a lossy shim
(hal/link_shim.py) on one fake clock, and ``run`` steps both frame by frame.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from engine.actions import PH_OVER  # noqa: E402
from hal import headless  # noqa: E402
from hal.link_memory import Medium, MemoryLink  # noqa: E402
from hal.link_shim import Lossy  # noqa: E402
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
            if self.over(0) and self.over(1) and self.links[1].guest.next == host.log.n:
                return True
        return False
