"""Link play's fairness and latency, by simulation (docs/link.md, docs/performance.md).

    python3 tools/linkfair.py [--one-way-ms 20] [--jitter-ms 20] [--pairs 20000] [--json]

Fairness: a guest estimates the host's clock with engine.link.Clock from
pings whose legs each take one-way plus 0-jitter ms; a guest's press and the
host's own are then made some ms apart, the guest's stamped with its
estimate. The host orders them by their stamps (its input delay is longer
than any leg, so the guest's is always there in time): the share ordered as
they were truly pressed, for pairs 5 to 30 ms apart.

Latency: two Apps in this process (hal/link_memory.py) play a seeded Speed
game with CPU players through the lossy shim with that delay and jitter
and no loss: from a press to its card on the other device's screen, both ways.
"""

import json
import os

import _path  # noqa: F401  (the repository root on sys.path)

from engine.link import Clock
from engine.rng import Rng
from ui.cli import Parser, integer

GAPS = (5, 10, 15, 20, 25, 30)
PING_MS = 2000  # how often a guest pings in play (engine.link_guest: 4 x PING_MS)


def fairness(one_way_ms, jitter_ms, pairs, seed=1):
    """{gap ms: share of press pairs that far apart the host orders by true press time}."""
    rng = Rng(seed)
    clock = Clock()
    offset = 123456  # the host's game clock minus the guest's: unknown to the guest
    t = 0
    for _ in range(clock.keep):  # the samples taken before play
        d1 = one_way_ms + rng.below(jitter_ms + 1)
        d2 = one_way_ms + rng.below(jitter_ms + 1)
        clock.sample(t, t + d1 + offset, t + d1 + d2)
        t += 500
    out = {}
    for gap in GAPS:
        right = 0
        for k in range(pairs):
            if k % 8 == 0:  # a ping every PING_MS of play: 8 pairs between two pings
                d1 = one_way_ms + rng.below(jitter_ms + 1)
                d2 = one_way_ms + rng.below(jitter_ms + 1)
                clock.sample(t, t + d1 + offset, t + d1 + d2)
                t += PING_MS
            guest = t + rng.below(PING_MS)  # the guest's true press time (its own clock is true time here)
            host = guest + (gap if rng.below(2) else -gap)
            stamp = clock.host_ms(guest) - offset  # the guest's stamp, in true time
            right += (stamp < host) == (guest < host) and stamp != host
        out[gap] = right / pairs
    return out


def latency(one_way_ms, jitter_ms, seed=3, game="speed"):
    """Median and most ms from a press to its card on the other screen: (host to guest, guest to host)."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    from hal import headless
    from hal.link_memory import Medium, MemoryLink
    from hal.link_shim import Lossy
    from ui.app import FRAME_MS, App
    from ui.linked import CLOCK, GUEST, HOST, Linked

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
    applied = host_link.applied

    def host_applied(t, player, verb, a, b):  # the guest's press on the host's screen
        if player == 1:
            to_host.append(hals[0].ticks_ms() - apps[0].t0 - t)
        applied(t, player, verb, a, b)

    host_link.applied = host_applied
    take = guest_link.guest.take

    def guest_take(entry):  # the host's press on the guest's screen (the fake clocks are one)
        got = take(entry)
        if got and entry[1] == 0 and entry[2] != CLOCK:
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
    to_guest, to_host = latency(args.one_way_ms, args.jitter_ms)
    if args.json:
        print(json.dumps({"fair": fair, "host_to_guest": to_guest, "guest_to_host": to_host}, sort_keys=True))
        return 0
    print("one way %d ms + 0-%d ms of jitter, %d pairs per gap" % (args.one_way_ms, args.jitter_ms, args.pairs))
    for gap in GAPS:
        print("  presses %2d ms apart: %6.2f%% ordered by true press time" % (gap, 100 * fair[gap]))
    print("press to card on the other screen: host to guest median %s ms (most %s), guest to host median %s ms "
          "(most %s)" % (to_guest["median_ms"], to_guest["most_ms"], to_host["median_ms"], to_host["most_ms"]))
    return 0


if __name__ == "__main__":
    _path.run(lambda: main())
