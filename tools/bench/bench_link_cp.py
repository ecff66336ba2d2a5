"""Link play on CircuitPython's own VM: the frame loop's bytes with the link running (docs/link.md).

    python tools/bench/bench_link_cp.py [--game NAME] [--seed N] [--option KEY=VALUE ...] [--json]

Two Apps (ui.app on hal.pybadge with tools/board/standins/, from the PyBadge's
.mpy bundle, as tools/bench/bench_cp.py runs one) are linked by a preallocated
in-memory ring, one hosting and one its guest, CPU players in both seats;
each frame of both is measured with the collector off. Frames are sorted as
bench_cp sorts them: idle (nothing pressed, applied or retexted on either
device), play (a card landed, no words changed), other (a deal, a banner's
new words, the result). Budget: 0 bytes in idle and play frames. Both
devices must end in the same state as far as both know it (engine.digest:
the guest is shown only its own seat's cards). Exit status 1 when a
budget is broken, 2 when the VM cannot be built.
"""

import json
import shutil
import sys
import tempfile

import _path
import bench_cp
import circuitpython
from engine.games import NAMES
from desktop.cli import Parser, option, whole_number

LINKED = r'''
import gc
import hal.pybadge
from ui import app as U
from ui.linked import Linked, HOST, GUEST
clock = [0]
hal.pybadge.Hal.ticks_ms = lambda self: clock[0]


class Ring:
    """A preallocated in-memory link: each end's inbox holds up to 16 packets."""

    def __init__(self):
        self.bufs = [bytearray(250) for _ in range(16)]
        self.lens = bytearray(16)
        self.head = 0
        self.n = 0
        self.other = None
        self.peer = 0

    def send(self, peer, buf, n):
        o = self.other
        if o.n == 16:
            return
        i = (o.head + o.n) % 16
        dst = o.bufs[i]
        for k in range(n):
            dst[k] = buf[k]
        o.lens[i] = n
        o.n += 1

    def recv_into(self, buf):
        if not self.n:
            return 0
        src = self.bufs[self.head]
        n = self.lens[self.head]
        for k in range(n):
            buf[k] = src[k]
        self.head = (self.head + 1) % 16
        self.n -= 1
        return n

    def close(self):
        pass


def looks(app):
    if app.game is None:  # a guest not dealt yet
        return (0, 0, 0, 0, 0, -1, -1)
    return (app.reactions.lands, app.applied, app.banner_key, app.info_key, app.said, app.game.phase, app.game.round)


def measure():
    ra = Ring()
    rb = Ring()
    ra.other = rb
    rb.other = ra
    host = U.App(hal.pybadge.Hal(), settings=dict(OPTIONS, game=GAME))
    guest = U.App(hal.pybadge.Hal(), settings=dict(OPTIONS, game=GAME))
    host.link = Linked(host, HOST, ra, 4321, cpu="level8")
    guest.link = Linked(guest, GUEST, rb, 4321, cpu="level7", nonce=5)
    host.seed = SEED
    host.play_now(GAME, OPTIONS, clock[0])
    rows = {"idle": [0, 0, 0], "play": [0, 0, 0], "other": [0, 0, 0]}
    n = 0
    while n < 100000:
        clock[0] += 33
        n += 1
        a = looks(host)
        b = looks(guest)
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        host.frame(clock[0])
        guest.frame(clock[0])
        used = gc.mem_alloc() - before
        gc.enable()
        a2 = looks(host)
        b2 = looks(guest)
        words = a[2:] == a2[2:] and b[2:] == b2[2:] and guest.game is not None
        if words and a[:2] == a2[:2] and b[:2] == b2[:2]:
            kind = "idle"
        elif words and (a2[0] > a[0] or b2[0] > b[0]):
            kind = "play"
        else:
            kind = "other"
        row = rows[kind]
        row[0] += 1
        row[1] += used
        if used > row[2]:
            row[2] = used
        if host.game.phase == U.PH_OVER and guest.game is not None and guest.game.phase == U.PH_OVER \
                and guest.link.guest.next == host.link.host.n:
            break
    from engine.digest import digest as known  # what every seat knows: the guest is shown no other card
    gc.collect()
    return [rows, known(host.game), known(guest.game) if guest.game is not None else None,
            host.game.phase == U.PH_OVER, host.link.host.n, gc.mem_alloc(), n]


print("RESULT", measure())
'''


def measure(game, seed=3, board="pybadge", options=None):
    """The figures of one linked game (with these engine options) on the VM, as a dict."""
    work = tempfile.mkdtemp(prefix="spit-benchlink-")
    try:
        bins, path = bench_cp.prepare(board, work)
        result, done = bench_cp.guest(bins["micropython"], LINKED, path, "1024k", GAME=game,
                                      OPTIONS=dict(options or {}), SEED=seed)
        if result is None:
            raise RuntimeError("the linked games failed on the VM:\n" + done.stdout[-3000:] + done.stderr[-3000:])
        rows, host_digest, guest_digest, over, entries, held, frames = result
        fig = {"game": game, "seed": seed, "options": dict(options or {}), "over": over,
               "same_state": host_digest == guest_digest, "log_entries": entries, "held_after": held,
               "frames": frames, "vm": bins["micropython"]}
        for kind in ("idle", "play", "other"):
            fig[kind + "_frames"], fig[kind + "_bytes"], fig[kind + "_most"] = rows[kind]
        fig["broken"] = [k for k in ("idle_bytes", "play_bytes") if fig[k]] + \
            [k for k in ("over", "same_state") if not fig[k]]
        return fig
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=NAMES, action="append", help="the game (repeatable; default every game)")
    parser.add_argument("--seed", type=whole_number, default=3, help="the deal's seed (default 3)")
    parser.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeatable), such as scoring=true for a long Spit game")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    from engine.replay import ReplayError, file_module

    chosen = args.game or NAMES
    for name in chosen:
        files = file_module(name)
        for key, value in args.option:
            if key not in files.OPTIONS:
                parser.error("--option %s: %s has no option %r" % (key, name, key))
        try:
            files.options(dict(args.option))
        except ReplayError as e:
            parser.error("--option: %s" % e)
    try:
        figs = [measure(g, args.seed, options=dict(args.option)) for g in chosen]
    except circuitpython.Unavailable as e:
        print("bench_link_cp: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figs, indent=1, sort_keys=True))
    else:
        for fig in figs:
            print("== %s %s(seed %d): %s, %s; %d frames, %d log entries, %d bytes held after" % (
                fig["game"], "".join("%s=%s " % kv for kv in sorted(fig["options"].items())), fig["seed"],
                "over" if fig["over"] else "NOT OVER", "the same state" if fig["same_state"] else "STATES DIFFER",
                fig["frames"], fig["log_entries"], fig["held_after"]))
            for kind in ("idle", "play", "other"):
                print("  %-5s frames %6d, bytes %8d, most in one %6d" % (kind, fig[kind + "_frames"],
                                                                       fig[kind + "_bytes"], fig[kind + "_most"]))
    return 1 if any(fig["broken"] for fig in figs) else 0


if __name__ == "__main__":
    _path.run(lambda: main())
