"""Link play's fairness and latency, by simulation (docs/link.md, docs/performance.md).

    python3 tools/linkfair.py [--one-way-ms 20] [--jitter-ms 20] [--pairs 20000] [--json]

Fairness: a guest estimates the host's clock with engine.link.wire.Clock from
pings whose legs each take one-way plus 0-jitter ms; a guest's press and the
host's own are then made some ms apart, the guest's stamped with its
estimate and sent at its next frame. The host honours the stamp back to the
press's arrival less the guest's smallest measured round trip (at most
EARLY_MOST, engine.link.host) and orders them by their stamps (its input
delay is longer than any leg, so the guest's is always there in time): the
share ordered as they were truly pressed, for pairs 5 to 30 ms apart.

Cheating: a guest that sends each press at once stamped 0: how long before it
was made the host orders it, at most; and the same guest when it also holds
back its answers to the host's clock to make the link look longer.

Latency: two Apps in this process (tools/doubles/link_memory.py) play a seeded Speed
game with CPU players through the lossy shim with that delay and jitter
and no loss: from a press to its card on the other device's screen, both ways.
"""

import json
import os

import _path  # noqa: F401  (the repository root on sys.path)

from engine.link.wire import Clock
from engine.link.host import EARLY_MOST, RTTS
from engine.rng import Rng
from engine.timing import ticks_diff
from desktop.cli import Parser, integer

FRAME_MS = 33  # ui.app's frame: a guest reads its keys, and its host's answers, once a frame

GAPS = (5, 10, 15, 20, 25, 30)
PING_MS = 2000  # how often a guest pings in play (engine.link.guest: 4 x PING_MS)


class Link:
    """The simulated link: each leg one_way plus 0-jitter ms; the guest's clock (engine.link.wire.Clock) and the host's
    measure of the guest's round trip (engine.link.host: the smallest of its last RTTS, each a PONG's way back,
    the wait for the guest's next frame to read it, and the next PING's way there), as pings go every PING_MS."""

    def __init__(self, one_way_ms, jitter_ms, frame_ms, rng, stall_ms=0):
        self.one_way = one_way_ms
        self.jitter = jitter_ms
        self.frame = frame_ms
        self.stall = stall_ms  # a cheat that holds back each answer to make the link look longer
        self.rng = rng
        self.clock = Clock()
        self.offset = 123456  # the host's game clock minus the guest's: unknown to the guest
        self.rtts = [0] * RTTS
        self.ri = 0
        self.t = 0
        for _ in range(self.clock.keep):  # the samples taken before play
            self.ping(500)

    def leg(self):
        return self.one_way + self.rng.below(self.jitter + 1)

    def ping(self, every):
        d1 = self.leg()
        d2 = self.leg()
        t = self.t
        self.clock.sample(t, t + d1 + self.offset, t + d1 + d2)
        self.rtts[self.ri] = d2 + self.rng.below(self.frame + 1) + self.leg() + self.stall
        self.ri = (self.ri + 1) % RTTS
        self.t += every

    def early(self):
        """How long before its arrival the host honours a press's stamp."""
        rtt = min(x for x in self.rtts if x)
        return rtt if rtt < EARLY_MOST else EARLY_MOST


def fairness(one_way_ms, jitter_ms, pairs, seed=1, frame_ms=FRAME_MS):
    """{gap ms: share of press pairs that far apart the host orders by true press time}: an honest guest's press
    is sent at its next frame (0 to frame_ms later) and stamped with its clock's estimate; the host honours
    the stamp back to its arrival less the guest's measured round trip (at most EARLY_MOST)."""
    rng = Rng(seed)
    link = Link(one_way_ms, jitter_ms, frame_ms, rng)
    out = {}
    for gap in GAPS:
        right = 0
        for k in range(pairs):
            if k % 8 == 0:  # a ping every PING_MS of play: 8 pairs between two pings
                link.ping(PING_MS)
            guest = link.t + rng.below(PING_MS)  # the guest's true press time (its own clock is true time here)
            host = guest + (gap if rng.below(2) else -gap)
            stamp = link.clock.host_ms(guest) - link.offset  # the guest's stamp, in true time
            arrival = guest + rng.below(frame_ms + 1) + link.leg()
            if stamp < arrival - link.early():
                stamp = arrival - link.early()
            right += (stamp < host) == (guest < host) and stamp != host
        out[gap] = right / pairs
    return out


def cheat(one_way_ms, jitter_ms, presses, seed=2, frame_ms=FRAME_MS, stall_ms=0):
    """The most ms a cheating guest's press is ordered before it was made: it sends each press at once, stamped
    0 (as early as can be); stall_ms: it also holds back each answer to the host's clock by that long."""
    rng = Rng(seed)
    link = Link(one_way_ms, jitter_ms, frame_ms, rng, stall_ms)
    most = 0
    for k in range(presses):
        if k % 8 == 0:
            link.ping(PING_MS)
        made = link.t + rng.below(PING_MS)
        arrival = made + link.leg()
        stamp = arrival - link.early()  # what the host makes of a stamp of 0
        if made - stamp > most:
            most = made - stamp
    return most


def latency(one_way_ms, jitter_ms, seed=3, game="speed"):
    """Median and most ms from a press to its card on the other screen: (host to guest, guest to host)."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    from desktop import headless
    from link_memory import Medium, MemoryLink
    from link_shim import Lossy
    from ui.app import FRAME_MS, App
    from ui.linked import GUEST, HOST, Linked

    medium = Medium()
    hals = [headless.Hal(160, 128, screen=False) for _ in range(2)]
    ends = [MemoryLink(medium)]
    ends.append(MemoryLink(medium, to=ends[0]))
    shims = [Lossy(e, hals[0].ticks_ms, loss=0, jitter_ms=jitter_ms, seed=seed + i, duplicate=0, delay_ms=one_way_ms)
             for i, e in enumerate(ends)]
    apps = [App(h, settings={"game": game, "mode": "2p", "sound": False}, seed=seed) for h in hals]
    apps[0].link = Linked(apps[0], HOST, shims[0], 4321, cpu="level8")
    apps[1].link = Linked(apps[1], GUEST, shims[1], 4321, cpu="level8", nonce=9)
    to_guest, to_host = [], []
    host_link, guest_link = apps[0].link, apps[1].link
    apply = apps[0].apply

    def host_apply(at, player, verb, a, b, wrong, now):  # the guest's press on the host's screen
        if player == 1:
            to_host.append(ticks_diff(hals[0].ticks_ms(), at))
        return apply(at, player, verb, a, b, wrong, now)

    apps[0].apply = host_apply
    take = guest_link.guest.take

    def guest_take(entry):  # the host's press on the guest's screen (the fake clocks are one)
        got = take(entry)
        if got and entry[1] == 0 and entry[2] < 16:  # an action (not the host's CLOCK, SHOWN, TOLD or DEAL)
            to_guest.append(hals[1].ticks_ms() - apps[0].t0 - entry[0])
        return got

    guest_link.guest.take = guest_take
    apps[0].play_now(game, {}, hals[0].ticks_ms())
    for _ in range(600000 // FRAME_MS):
        for app, h in zip(apps, hals):
            h.advance(FRAME_MS)
            app.frame(h.ticks_ms())
        if apps[1].game is not None and apps[1].game.phase == 5 and apps[0].game.phase == 5:
            break
    for h in hals:
        h.deinit()

    def figures(values):
        values = sorted(values)
        return {"moves": len(values), "median_ms": values[len(values) // 2] if values else None,
                "most_ms": values[-1] if values else None}

    return figures(to_guest), figures(to_host)


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--one-way-ms", type=integer, default=20, help="each leg's least time (default 20)")
    parser.add_argument("--jitter-ms", type=integer, default=20, help="each leg's added 0 to this many ms (default 20)")
    parser.add_argument("--pairs", type=integer, default=20000, help="press pairs per gap (default 20000)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not 0 <= args.one_way_ms <= 1000 or not 0 <= args.jitter_ms <= 1000 or not 1 <= args.pairs <= 1000000:
        parser.error("--one-way-ms and --jitter-ms go from 0 to 1000, --pairs from 1 to 1000000")
    fair = fairness(args.one_way_ms, args.jitter_ms, args.pairs)
    gain = cheat(args.one_way_ms, args.jitter_ms, args.pairs)
    stalled = cheat(args.one_way_ms, args.jitter_ms, args.pairs, stall_ms=1000)
    to_guest, to_host = latency(args.one_way_ms, args.jitter_ms)
    if args.json:
        print(json.dumps({"fair": fair, "cheat_ms": gain, "cheat_stalling_ms": stalled, "host_to_guest": to_guest,
                          "guest_to_host": to_host}, sort_keys=True))
        return 0
    print("one way %d ms + 0-%d ms of jitter, %d pairs per gap" % (args.one_way_ms, args.jitter_ms, args.pairs))
    for gap in GAPS:
        print("  presses %2d ms apart: %6.2f%% ordered by true press time" % (gap, 100 * fair[gap]))
    print("a guest that stamps every press 0 has it ordered at most %d ms before it was made (%d ms when it also"
          " holds back its answers to the host's clock)" % (gain, stalled))
    print("press to card on the other screen: host to guest median %s ms (most %s), guest to host median %s ms "
          "(most %s)" % (to_guest["median_ms"], to_guest["most_ms"], to_host["median_ms"], to_host["most_ms"]))
    return 0


if __name__ == "__main__":
    _path.run(lambda: main())
