"""One whole linked game between two processes over UDP on 127.0.0.1, CPU players in both seats.

    python3 tools/linkplay.py --game speed --seed 3 --bots level6,level7 [--loss 0.1] [--jitter-ms 80]
    python3 tools/linkplay.py --game speed --seed 3 --pause-at 6000 --pause-for 5000

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
changing its timing. What a frame sends is read in the other's next frame,
never earlier or later (``Lockstep``, ``Gate``): a run is the same each
time. The waits that the real-time pace measures in seconds (the host's
moment for the last acknowledgement, the guest's after the end) are the
same lengths of game time at ``--speed``; only the 600 s limit is the real
clock's still. The host binds a port the system chooses and tells
the guest through the pipe.

``--pause-at MS [--pause-for MS]`` (issue 36's pause check): the host's player presses its pause key (the
desktop's Esc, read by the App as a person's) when the host's game clock reaches MS, and again --pause-for
ms later (default 5000), both CPUs playing on: the guest's presses on through the pause, as a player shown
only the banner may. Then, for the host's seat and the guest's, the input delay (press to the action landing
in the host's log, in its game clock: a guest's press as the guest stamped it) before the pause and after
the resume, median and most, and what became of the guest's presses made in the pause: each is to be
dropped, or stamped at the resume and land within the usual delay after it (as one made at the resume: the
guest seat's most delay before the pause, at least the 100 ms input delay and a frame each side). One
landed later, no pause (the game over first), or no press of the guest's in the pause (nothing checked) is
exit status 1. The figures are watched from the tool's
processes (wrapping the host's Log.add and Log.record, the guest's Guest.add, on their instances): nothing
a board loads changes.

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
    """Two processes' clocks a frame apart at most, and what each frame sends read in the other's next frame.

    A frame's packets wait in this process (``Gate``) until both have finished
    that frame; then each sends its own and tells the other how many (a
    record on the pipe), and the other reads that many off its socket before
    its next frame: never one a frame early or late, however the machine
    schedules the two, so a run is the same each time. Records of 3 bytes:
    ``d`` a frame done, ``f`` and a count its packets sent. An end of file:
    the other has stopped (this one goes on alone, its packets straight out).
    """

    def __init__(self, fds):
        self.rfd, self.wfd = fds
        self.done_n = 0  # frames the other has finished
        self.flushed_n = 0  # ... and sent the packets of
        self.incoming = 0  # packets the other has sent that are not read yet
        self.frames = 0  # frames this one has finished
        self.gate = None  # this process's Gate (set by side)
        self.buf = b""

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

    def _read(self):
        """One read of the pipe: the records that came (an end of file: the other has stopped)."""
        got = os.read(self.rfd, 4096)
        if not got:
            os.close(self.rfd)
            self.rfd = None  # the other has stopped: on alone
            if self.gate is not None:
                self.gate.direct = True
            return
        self.buf += got
        while len(self.buf) >= 3:
            record, self.buf = self.buf[:3], self.buf[3:]
            if record[0:1] == b"d":
                self.done_n += 1
            else:
                self.flushed_n += 1
                self.incoming += record[1] | record[2] << 8

    def wait(self):
        """Block until the other has finished as many frames as this one and sent their packets (or has stopped);
        read those packets."""
        while self.rfd is not None and self.flushed_n < self.frames:
            self._read()
        if self.gate is not None and self.incoming:
            self.gate.take(self.incoming)
        self.incoming = 0

    def done(self):
        """This one finished a frame: tell the other; once it has finished that frame too, send this one's
        packets and tell it how many."""
        self.frames += 1
        self._write(b"d\0\0")
        while self.rfd is not None and self.done_n < self.frames:
            self._read()
        n = self.gate.flush() if self.gate is not None else 0
        self._write(b"f" + bytes((n & 0xFF, n >> 8 & 0xFF)))

    def _write(self, record):
        if self.wfd is not None:
            try:
                os.write(self.wfd, record)
            except BrokenPipeError:
                self.stop()

    def stop(self):
        """Stop telling (the other goes on alone)."""
        if self.wfd is not None:
            os.close(self.wfd)
            self.wfd = None
        if self.gate is not None:
            self.gate.flush()
            self.gate.direct = True


class Gate:
    """--lockstep's transport over the UDP socket: what a frame sends is held until Lockstep's ``done`` sends it,
    and what the other sent is read off the socket by Lockstep's ``wait`` (``take``) and given to the frames
    from here. direct: the other has stopped, or this one has: packets go and come at once."""

    def __init__(self, udp):
        self.udp = udp
        self.port = udp.port
        self.out = []  # (peer, bytes) a frame sent
        self.inbox = []  # (peer, bytes) taken off the socket for the next frame
        self.peer = -1
        self.direct = False

    def send(self, peer, buf, n):
        if self.direct:
            self.udp.send(peer, buf, n)
        else:
            self.out.append((peer, bytes(buf[:n])))

    def flush(self):
        """Send what the frame sent; how many packets."""
        out, self.out = self.out, []
        for peer, data in out:
            self.udp.send(peer, data, len(data))
        return len(out)

    def take(self, count, wait_s=2.0):
        """Read the count packets the other sent off the socket (waiting at most wait_s of the real clock for
        them: a send the system refused never comes)."""
        import select

        buf = bytearray(2048)
        end = time.monotonic() + wait_s
        while count > 0:
            n = self.udp.recv_into(buf)
            if n:
                self.inbox.append((self.udp.peer, bytes(buf[:n])))
                count -= 1
            elif time.monotonic() > end:
                return
            else:
                select.select([self.udp.sock], [], [], 0.05)

    def recv_into(self, buf):
        if not self.inbox:
            return self.udp.recv_into(buf) if self.direct else 0
        self.peer, data = self.inbox.pop(0)
        buf[:len(data)] = data
        return len(data)

    def keep(self, peer, on=True):
        self.udp.keep(peer, on)

    def close(self):
        self.udp.close()


class Watch:
    """The input delay of a linked game as this tool sees it (issue 36's pause check), in the host's game clock.

    The host notes each action its delay line takes (Log.add: the seat, the stamp, and for a guest's the number
    of that guest's action, Remote.got) and when the log records it (Log.record: the host's game clock then);
    a guest notes each press it sends (Guest.add: its number, its stamp, whether its link was paused, how many
    resumes it had shifted its clock for). Wrapped on the instances, in this tool only: nothing a board loads.
    """

    def __init__(self, link, hal):
        self.link = link
        self.ticks = hal.ticks_ms
        self.clock = lambda: link.clock(hal.ticks_ms())  # the host's game clock now
        self.queued = {}  # (seat, stamp, verb, a, b) -> [(guest action number or -1, press stamp, ticks)]
        self.landed = []  # [seat, number, press stamp, landed at, the host's ticks when it was queued]
        self.presses = []  # a guest's: [number, stamp, paused, resumes]
        self.resumes = 0
        if link.role == 0:
            self._host(link.host)
        else:
            self._guest(link.guest)

    def _host(self, host):
        add, record = host.add, host.record

        def watched_add(t, player, verb, a, b, wrong=0):
            final = host.handed + 1 if t <= host.handed else t  # (Log.add's own move)
            number = -1
            for r in host.remotes:
                if r.seat == player:
                    number = r.got  # Host._press counts it after the add
            ok = add(t, player, verb, a, b, wrong)
            if ok:
                self.queued.setdefault((player, final, verb, a, b), []).append((number, t, self.ticks()))
            return ok

        def watched_record(t, player, verb, a, b, seen):
            waiting = self.queued.get((player, t, verb, a, b))
            if waiting:
                number, pressed, ticks = waiting.pop(0)
                self.landed.append([player, number, pressed, self.clock(), ticks])
            return record(t, player, verb, a, b, seen)

        host.add = watched_add
        host.record = watched_record

    def _guest(self, guest):
        add, shift = guest.add, guest.shift

        def watched_add(t, verb, a, b):
            number = guest.sent + guest.no
            stamp = t if t >= guest.stamped else guest.stamped  # (Guest.add's own move)
            ok = add(t, verb, a, b)
            if ok:
                self.presses.append([number, stamp, bool(self.link.paused), self.resumes])
            return ok

        def watched_shift(ms):
            self.resumes += 1
            return shift(ms)

        guest.add = watched_add
        guest.shift = watched_shift


def side(role, port, game, options, seed, bot, loss, jitter_ms, speed, session, limit_s, sync=None, pause=None):
    """One process's game (role "host" or "guest"); its result as a dict. sync: the (read, write) pipe ends of
    --lockstep, None for the real-time pace. pause: the host's (at, for) in ms (--pause-at, --pause-for)."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    from engine.actions import PAUSE, PH_OVER
    from engine.digest import digest
    from engine.replay import state
    from engine.timing import ticks_diff
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
    if step:
        udp = step.gate = Gate(udp)
    lossy = Lossy(udp, hal.ticks_ms, loss=loss, jitter_ms=jitter_ms, seed=seed * 2 + (role == "guest"))
    link = Linked(app, HOST if role == "host" else GUEST, lossy, session, cpu=bot, nonce=seed & 0xFFFF or 1)
    app.link = link
    if role == "host":
        app.play_now(game, options, hal.ticks_ms())
    watch = Watch(link, hal)
    paused = None  # the host's pause (pause_key's)
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
            paused = pause_key(app, link, hal, pause if role == "host" else None, paused, PAUSE)
            app.frame(hal.ticks_ms())
            presses_on(app, link, hal, role, pause)
            step.done()
        else:
            target = int((time.monotonic() - start) * 1000 * speed)
            while hal.ticks_ms() - shown < target:
                hal.advance(FRAME_MS)
                paused = pause_key(app, link, hal, pause if role == "host" else None, paused, PAUSE)
                app.frame(hal.ticks_ms())
                presses_on(app, link, hal, role, pause)
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
        out["landed"] = watch.landed
        out["pause"] = paused
        out["ended_ms"] = ticks_diff(game_obj.now, app.t0) if game_obj is not None else 0
    else:
        out["applied"] = link.guest.next
        out["presses"] = watch.presses
    lossy.close()
    return out


def pause_key(app, link, hal, pause, paused, key):
    """The host's player at the pause key (--pause-at, --pause-for): the desktop's Esc, fed as a key press the
    App reads in its next frame, when the game's clock reaches pause's at, and again pause's for ms later.
    paused: None, then [the host's game clock when its link paused, the ticks of the first Esc's frame, of the
    second's, the game clock at the resume (that frame's, the pause's time taken out)]."""
    from engine.actions import PH_OVER
    from engine.timing import ticks_diff
    from ui.app import TABLE

    if pause is None or app.game is None or app.screen != TABLE or app.game.phase == PH_OVER:
        return paused
    now = hal.ticks_ms()
    if paused is None:
        if link.clock(now) >= pause[0]:
            hal.events.feed(key, True, now)
            hal.events.feed(key, False, now)
            return [None, now, None, None]
        return None
    if paused[0] is None and link.host.paused:
        paused[0] = link.host.paused_at  # (a press stamped after it is one made in the pause)
    if paused[2] is None and app.over is not None and ticks_diff(now, paused[1]) >= pause[1]:
        hal.events.feed(key, True, now)
        hal.events.feed(key, False, now)
        paused[2] = now
    elif paused[2] is not None and paused[3] is None and app.over is None and link.paused_at is None:
        paused[3] = link.clock(now) - ticks_diff(now, paused[2])
    return paused


def presses_on(app, link, hal, role, pause):
    """A guest's CPU presses on while its host pauses, as a player shown only the banner may (issue 36 item 4:
    such a press is dropped, or stamped at the resume): the App itself drives no CPU in a pause."""
    from ui.app import TABLE

    if pause and role == "guest" and link.paused and app.screen == TABLE and app.game is not None and link.dealt:
        app.seating.drive(hal.ticks_ms())


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
    parser.add_argument("--pause-at", type=integer, help="the host's player pauses when its game clock is at MS "
                        "(the pause key), and the input delay is measured before and after (MS, 1 to 3,600,000)")
    parser.add_argument("--pause-for", type=integer,
                        help="... and resumes this many ms later (1 to 600,000; default 5000)")
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
    if args.pause_at is not None and not 1 <= args.pause_at <= 3600000:
        parser.error("--pause-at must be from 1 to 3600000 (ms of the host's game clock)")
    if args.pause_for is not None and args.pause_at is None:
        parser.error("--pause-for goes with --pause-at")
    args.pause_for = 5000 if args.pause_for is None else args.pause_for
    if not 1 <= args.pause_for <= 600000:
        parser.error("--pause-for must be from 1 to 600000 (ms)")
    pause = None if args.pause_at is None else (args.pause_at, args.pause_for)
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
                      args.session, args.limit_s if args.role == "host" else args.limit_s + 10, sync,
                      pause)
        print("LINKPLAY " + json.dumps(result))
        return 0
    base = [sys.executable, os.path.abspath(__file__), "--game", name, "--seed", str(args.seed), "--bots", args.bots,
            "--loss", str(args.loss), "--jitter-ms", str(args.jitter_ms), "--speed", str(args.speed),
            "--limit-s", str(args.limit_s)] + homes(name)
    if pause:
        base += ["--pause-at", str(args.pause_at), "--pause-for", str(args.pause_for)]
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
    smooth = True
    if pause:
        figures = pause_figures(host, guest)
        for line in figures["lines"]:
            print(line)
        smooth = figures["paused"] and figures.get("checked", False) and not figures["late"]
    return 0 if over and agree and replayed and smooth else 1


def _spread(delays):
    """'median M ms, most X ms (N presses)' of a list of delays."""
    if not delays:
        return "no presses"
    ds = sorted(delays)
    return "median %d ms, most %d ms (%d presses)" % (ds[len(ds) // 2], ds[-1], len(ds))


def pause_figures(host, guest):
    """The input delay of each seat before the host's pause and after its resume (press to the host's log, in
    its game clock: a guest's press as the guest stamped it), and the guest's presses made in the pause: each
    one dropped, or landed at most the usual delay after the resume (issue 36 item 4): within the guest seat's most delay before the pause, or the host's input delay
    and a frame each side if that is more (a press made in the pause arrives a leg after the resume at the
    earliest: the delay of one made then). {"lines", "paused", "late", "before", "after", "in_pause", "usual"}."""
    from engine.link.host import DELAY_MS
    from ui.app import FRAME_MS

    usual = DELAY_MS + 2 * FRAME_MS
    pause = host["pause"]
    if not pause or pause[0] is None or pause[3] is None:
        return {"lines": ["pause: none (the game was over, or not resumed, before; it lasted %d ms)"
                          % host["ended_ms"]], "paused": False, "late": 0, "before": {}, "after": {}, "in_pause": [],
                "usual": usual}
    paused_at, first, second, resumed_at = pause
    made = {p[0]: p for p in guest["presses"]}  # a guest's action number -> [number, stamp, paused, resumes]
    before, after = {0: [], 1: []}, {0: [], 1: []}
    in_pause = []  # (a guest's press made in the pause: ms after the resume it landed)
    landed = set()
    for seat, number, pressed, at, _ in host["landed"]:
        if seat == 0:  # the host's player: one stamped in the pause is dropped (ui/linked.py), so none is here
            (before if pressed <= paused_at else after)[0].append(at - pressed)
        elif number in made:
            landed.add(number)
            _, stamp, was_paused, resumes = made[number]
            if was_paused or (resumes == 0 and stamp > paused_at):
                in_pause.append(at - resumed_at)
            else:
                (before if resumes == 0 else after)[seat].append(at - stamp)
    pressed = [p for p in guest["presses"] if p[2] or (p[3] == 0 and p[1] > paused_at)]
    if before[1]:  # one made in the pause is as one made at the resume: the guest's usual delay, on this link
        usual = max(usual, max(before[1]))
    late = [ms for ms in in_pause if ms > usual]
    lines = ["pause: the host's player paused at %d ms of its game clock for %d ms (the guest's CPU pressing on)"
             % (paused_at, (second - first))]
    for seat, who in ((0, "host's seat"), (1, "guest's seat")):
        lines.append("  %s input delay: before the pause %s; after the resume %s"
                     % (who, _spread(before[seat]), _spread(after[seat])))
    if pressed:
        lines.append("  presses made in the pause: %d of the guest's, %d dropped; %d landed, %s%s"
                     % (len(pressed), len([p for p in pressed if p[0] not in landed]), len(in_pause),
                        ("at most %d ms after the resume" % max(in_pause)) if in_pause else "none",
                        "; %d LATE (more than %d ms after it)" % (len(late), usual) if late else
                        " (none later than %d ms after it)" % usual))
    else:  # nothing to judge: said so, and not passed as if it had been (another seed, or a longer pause)
        lines.append("  presses made in the pause: NONE of the guest's (its CPU had nothing to press): the pause "
                     "is NOT CHECKED; try another --seed or a longer --pause-for")
    return {"lines": lines, "paused": True, "late": len(late), "before": before, "after": after,
            "in_pause": in_pause, "usual": usual, "checked": bool(pressed)}


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
