"""One whole linked game between two processes over UDP on 127.0.0.1, CPU players in both seats.

    python3 tools/linkplay.py --game speed --seed 3 --bots level6,level7 [--loss 0.1] [--jitter-ms 80]

A host and a guest start as two processes, each a headless App (no window)
with the link of docs/link.md over a UDP socket through the lossy shim
(tools/doubles/link_shim.py: drops, duplicates, reorders and delays what it sends).
The host deals and plays seat 0 with the first bot; the guest joins, is
welcomed to seat 1 and plays it with the second. When the game is over on
both, each prints its final state digest; this prints both, whether they
agree, and whether the host's replay run through engine.replay (what
tools/replay.py does) ends in that same state. A game not over in 600 s of
the real clock stops there: the host stands still until the guest has its
whole log, and the line says "not over" and compares where both stopped.
Exit status 0 only when the game ended and all agree; 1 when it did not end
or they differ; 2 for bad arguments or a process that fails. ``--speed N``
runs both clocks N times faster than real time.

``--lockstep`` (the tests' way) takes the real clock out of the game: the
two processes' fake clocks (desktop.headless's ticks_ms, which the link, the
shim and the App read) step a frame at a time together, each waiting on a
pipe for the other to finish its last frame, as fast as the machine runs
them: nothing sleeps, and a busy machine slows the game down without
changing its timing. The waits that the real-time pace measures in seconds
(the host's moment for the last acknowledgement, the guest's after the end)
are the same lengths of game time at ``--speed``; only the 600 s limit is
the real clock's still. The host binds a port the system chooses and tells
the guest through the pipe.

A game whose folders live outside engine/ and ui/ (engine.games' docstring:
the tests' toy game) is played with ``--home NAME=TITLE:PACKAGE``, which
registers it in this process and in both roles' before ``--game`` is read.
"""

import json
import os
import socket
import subprocess
import sys
import time

import _path  # puts the repository root on sys.path

from desktop.cli import Parser, add_game_arguments, game_options, integer, whole_number

LIMIT_S = 600  # wall-clock seconds a game may take


def _free_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Lockstep:
    """Two processes' clocks a frame apart at most: after each frame a byte to the other, and before the next
    one a wait until the other has finished as many frames (an end of file: the other has stopped)."""

    def __init__(self, fds):
        self.rfd, self.wfd = fds
        self.theirs = 0  # frames the other has finished
        self.frames = 0  # frames this one has finished

    def send_port(self, port):
        os.write(self.wfd, b"%05d" % port)

    def port(self):
        data = b""
        while len(data) < 5:
            more = os.read(self.rfd, 5 - len(data))
            if not more:
                raise RuntimeError("the host stopped before it told its port")
            data += more
        return int(data)

    def wait(self):
        """Block until the other has finished as many frames as this one (or has stopped)."""
        while self.rfd is not None and self.theirs < self.frames:
            got = os.read(self.rfd, 4096)
            if not got:
                os.close(self.rfd)
                self.rfd = None  # the other has stopped: on alone
            self.theirs += len(got)

    def done(self):
        """This one finished a frame: tell the other."""
        self.frames += 1
        if self.wfd is not None:
            try:
                os.write(self.wfd, b".")
            except BrokenPipeError:
                self.stop()

    def stop(self):
        """Stop telling (the other goes on alone)."""
        if self.wfd is not None:
            os.close(self.wfd)
            self.wfd = None


def side(role, port, game, options, seed, bot, loss, jitter_ms, speed, session, limit_s, sync=None):
    """One process's game (role "host" or "guest"); its result as a dict. sync: the (read, write) pipe ends of
    --lockstep, None for the real-time pace."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    from engine.actions import PH_OVER
    from engine.digest import digest
    from engine.replay import state
    from desktop import headless
    from link_shim import Lossy
    from desktop.link.udp import UdpLink
    from ui.app import FRAME_MS, TABLE, App
    from ui.linked import GUEST, HOST, Linked

    hal = headless.Hal(160, 128, screen=False)  # nothing to look at: the frames run faster
    app = App(hal, settings={"game": game, "mode": "2p", "sound": False}, seed=seed)
    step = Lockstep(sync) if sync else None
    if step and role == "host":
        udp = UdpLink(0, bind="127.0.0.1")
        step.send_port(udp.port)
    elif step:
        udp = UdpLink(join=("127.0.0.1", step.port()), bind="127.0.0.1")
    else:
        udp = UdpLink(port, bind="127.0.0.1") if role == "host" else UdpLink(join=("127.0.0.1", port), bind="127.0.0.1")
    lossy = Lossy(udp, hal.ticks_ms, loss=loss, jitter_ms=jitter_ms, seed=seed * 2 + (role == "guest"))
    link = Linked(app, HOST if role == "host" else GUEST, lossy, session, cpu=bot, nonce=seed & 0xFFFF or 1)
    app.link = link
    if role == "host":
        app.play_now(game, options, hal.ticks_ms())
    start = time.monotonic()
    shown = hal.ticks_ms()
    over_at = None
    last = None  # the game being played (a guest whose host said goodbye is back at its menu)

    def seconds():
        """The pace's clock: real seconds, or in lockstep the game's time at that speed."""
        return time.monotonic() if step is None else (hal.ticks_ms() - shown) / 1000 / speed

    while True:
        if time.monotonic() - start >= limit_s:
            if step:
                step.stop()
            if role == "host":
                _hand_over(link, hal)  # time is up: the game stands still while the guest takes what it lacks
            break
        if step:
            step.wait()
            hal.advance(FRAME_MS)
            app.frame(hal.ticks_ms())
            step.done()
        else:
            target = int((time.monotonic() - start) * 1000 * speed)
            while hal.ticks_ms() - shown < target:
                hal.advance(FRAME_MS)
                app.frame(hal.ticks_ms())
            time.sleep(0.002)
        if app.game is not None:
            last = app.game
        done = app.screen == TABLE and app.game is not None and app.game.phase == PH_OVER
        if role == "host" and done:
            host = link.host
            if all(r.acked == host.n for r in host.remotes):  # none left: the guest has gone (the CPU played on)
                if over_at is None:
                    over_at = seconds()
                elif seconds() - over_at > 0.3:  # the guest has it all: a moment for its last ack
                    host.bye()
                    break
        if role == "guest" and done and link.guest.next and over_at is None:
            over_at = seconds()
        if role == "guest" and (link.guest.gone or app.link is None) and last is not None:
            break  # the host said goodbye: it has had every acknowledgement
        if role == "guest" and over_at is not None and seconds() - over_at > 3:
            break
    if step:
        step.stop()
    game_obj = last
    out = {"role": role, "over": bool(game_obj is not None and game_obj.phase == PH_OVER),
           "digest": digest(game_obj) if game_obj is not None else None,
           "state": state(game_obj) if game_obj is not None else None,
           "sent": lossy.sent, "lost": lossy.lost, "doubled": lossy.doubled}
    if role == "host":
        out["replay"] = app.replay()
        out["log"] = link.host.n
    else:
        out["applied"] = link.guest.next
    lossy.close()
    return out


def _hand_over(link, hal, grace_s=5):
    """The host at the time limit: the game stands still (no frame), the link sends the guest what it lacks,
    then says goodbye (a guest that does not catch up in grace_s is left as it is)."""
    from ui.app import FRAME_MS

    host = link.host
    end = time.monotonic() + grace_s
    while time.monotonic() < end and not all(r.acked == host.n for r in host.remotes):
        hal.advance(FRAME_MS)
        t = link.clock(hal.ticks_ms())
        host.poll(t)
        host.send(t)
        time.sleep(0.002)
    host.bye()


def register_homes(argv):
    """Register each game of a --home NAME=TITLE:PACKAGE in argv: a game whose folders live outside engine/ and ui/
    (engine.games' docstring), registered in the process that runs it; the roles are passed it again."""
    from engine import games

    for k, arg in enumerate(argv[:-1]):
        if arg == "--home" and "=" in argv[k + 1] and ":" in argv[k + 1]:
            name, rest = argv[k + 1].split("=", 1)
            title, package = rest.split(":", 1)
            if name not in games.NAMES:
                games.NAMES = games.NAMES + (name,)
                games.TITLES = games.TITLES + (title,)
                games.HOMES[name] = package


def homes(name):
    """The --home argument that registers game name in a role's process, if it lives outside engine/ ([] if not)."""
    from engine import games

    package = games.HOMES.get(name)
    return ["--home", "%s=%s:%s" % (name, games.TITLES[games.NAMES.index(name)], package)] if package else []


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    register_homes(argv)  # before --game's choices are read from engine.games
    parser = Parser(description="A whole linked game between two processes over UDP, CPU players in both seats.")
    add_game_arguments(parser)
    parser.add_argument("--seed", type=whole_number, default=1, help="deal seed (default 1)")
    parser.add_argument("--bots", default="level7,level8", help="the two seats' bots, host first (default level7,level8)")
    parser.add_argument("--loss", type=float, default=0.0, help="share of packets lost each way (0 to 0.5)")
    parser.add_argument("--jitter-ms", type=integer, default=0, help="each packet delayed 0 to this many ms (0 to 500)")
    parser.add_argument("--speed", type=integer, default=1, help="clocks this many times faster than real time (1 to 8)")
    parser.add_argument("--lockstep", action="store_true",
                        help="the two clocks step together a frame at a time, as fast as the machine runs (no real "
                             "time; the tests' way)")
    parser.add_argument("--role", choices=("host", "guest"), help=argparse_hidden())
    parser.add_argument("--port", type=integer, help=argparse_hidden())
    parser.add_argument("--session", type=integer, default=1234, help=argparse_hidden())
    parser.add_argument("--limit-s", type=integer, default=LIMIT_S, help=argparse_hidden())  # tests: a game cut short
    parser.add_argument("--sync", help=argparse_hidden())  # --lockstep's pipe ends READ,WRITE (run_both)
    parser.add_argument("--home", action="append", default=[], help=argparse_hidden())  # register_homes
    args = parser.parse_args(argv)
    name, options = game_options(args, parser)
    bots = args.bots.split(",")
    if len(bots) != 2 or not all(bots):
        parser.error("--bots needs two bot names, such as level6,level7")
    if not 0 <= args.loss <= 0.5:
        parser.error("--loss must be from 0 to 0.5")
    if not 0 <= args.jitter_ms <= 500:
        parser.error("--jitter-ms must be from 0 to 500")
    if not 1 <= args.speed <= 8:
        parser.error("--speed must be from 1 to 8")
    sync = None
    if args.sync is not None:
        try:
            sync = tuple(int(fd) for fd in args.sync.split(","))
        except ValueError:
            sync = ()
        if len(sync) != 2 or not args.role:
            parser.error("--sync takes READ,WRITE, the pipe ends run_both gives a --role")
    elif args.role and not (args.port and 1 <= args.port <= 65535):
        parser.error("--role needs --port, from 1 to 65535")
    if not 1000 <= args.session <= 9999:
        parser.error("--session must be from 1000 to 9999")
    if not 1 <= args.limit_s <= LIMIT_S:
        parser.error("--limit-s must be from 1 to %d" % LIMIT_S)
    from engine import games

    roster = games.get(name).ROSTER
    for bot in bots:
        if bot not in roster:
            parser.error("%s has no bot %r (its roster: %s)" % (name, bot, ", ".join(roster)))
    if args.role:
        bot = bots[0] if args.role == "host" else bots[1]
        result = side(args.role, args.port, name, options, args.seed, bot, args.loss, args.jitter_ms, args.speed,
                      args.session, args.limit_s if args.role == "host" else args.limit_s + 10, sync)
        print("LINKPLAY " + json.dumps(result))
        return 0
    base = [sys.executable, os.path.abspath(__file__), "--game", name, "--seed", str(args.seed), "--bots", args.bots,
            "--loss", str(args.loss), "--jitter-ms", str(args.jitter_ms), "--speed", str(args.speed),
            "--limit-s", str(args.limit_s)] + homes(name)
    if not args.lockstep:
        base += ["--port", str(_free_port())]  # (in lockstep the host binds a port the system chooses)
    for key, value in sorted(options.items()):
        base += ["--option", "%s=%s" % (key, json.dumps(value))]
    results = run_both(base, args.limit_s, lockstep=args.lockstep)
    if isinstance(results, str):
        print("linkplay: %s" % results, file=sys.stderr)
        return 2
    host, guest = results
    from engine.replay import agrees, load, run, state

    again, events = load(host["replay"])
    run(again, events)
    replayed = state(again) == host["state"]
    # the guest knows only the cards its seat was shown: its state has "??" for the others (docs/link.md)
    agree = host["digest"] == guest["digest"] and agrees(guest["state"], host["state"])
    over = host["over"] and guest["over"]
    print("host:  digest %s, %s, %d log entries, %d packets sent (%d lost, %d doubled)"
          % (host["digest"], "over" if host["over"] else "not over", host["log"], host["sent"], host["lost"],
             host["doubled"]))
    print("guest: digest %s, %s, %d log entries applied, %d packets sent (%d lost, %d doubled)"
          % (guest["digest"], "over" if guest["over"] else "not over", guest["applied"], guest["sent"],
             guest["lost"], guest["doubled"]))
    if over:
        what = "winner: %s" % host["state"]["winner"]
    else:  # the time limit came first: where both stopped is compared all the same
        what = "not over: stopped after %d s (phase %s)" % (args.limit_s, host["state"]["phase"])
    print("%s; %s; the host's replay %s" % (what, "they agree" if agree else "THEY DIFFER",
                                            "gives that state" if replayed else "DOES NOT give that state"))
    return 0 if over and agree and replayed else 1


def run_both(base, limit_s=LIMIT_S, lockstep=False):
    """Start the host and the guest; their results, or one line saying why not (a process failed: the other
    is stopped at once). Ctrl-C stops both. lockstep: two pipes between them (Lockstep)."""
    import tempfile

    outs = [tempfile.TemporaryFile(mode="w+") for _ in range(4)]
    ends = {"host": (), "guest": ()}
    pipes = []
    if lockstep:
        to_guest, to_host = os.pipe(), os.pipe()
        pipes = list(to_guest + to_host)
        ends = {"host": (to_host[0], to_guest[1]), "guest": (to_guest[0], to_host[1])}
    try:
        procs = [subprocess.Popen(base + ["--role", role] + (["--sync", "%d,%d" % ends[role]] if lockstep else []),
                                  stdout=outs[2 * k], stderr=outs[2 * k + 1], text=True, pass_fds=ends[role])
                 for k, role in enumerate(("host", "guest"))]
    finally:
        for fd in pipes:
            os.close(fd)  # each process has its own two: an end of file reaches the other when one stops
    names = ("host", "guest")
    try:
        deadline = time.monotonic() + limit_s + 60
        first = None  # the process that failed first (the other is then stopped)
        while any(p.poll() is None for p in procs):
            failed = [k for k, p in enumerate(procs) if p.poll() not in (None, 0)]
            first = failed[0] if failed else None
            if failed or time.monotonic() > deadline:
                why = ("did not finish in %d s" % (limit_s + 60)) if not failed else None
                for p in procs:
                    if p.poll() is None:
                        p.kill()
                        p.wait()
                if why:
                    return "the game " + why
                break
            time.sleep(0.05)
        results = []
        order = (first, 1 - first) if first is not None else (0, 1)
        for k in order:
            proc, name = procs[k], names[k]
            outs[2 * k].seek(0)
            outs[2 * k + 1].seek(0)
            lines = [line for line in outs[2 * k].read().splitlines() if line.startswith("LINKPLAY ")]
            if proc.returncode != 0 or not lines:
                quiet = "stopped by signal %d" % -proc.returncode if proc.returncode < 0 else "no output"
                last = (outs[2 * k + 1].read().strip().splitlines() or [quiet])[-1]
                return "the %s process failed: %s" % (name, last)
            results.append(json.loads(lines[-1][9:]))
        return results if order == (0, 1) else results[::-1]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
        for f in outs:
            f.close()


def argparse_hidden():
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    _path.run(lambda: main())
