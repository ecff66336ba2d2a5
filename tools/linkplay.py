"""One whole linked game between two processes over UDP on 127.0.0.1, CPU players in both seats.

    python3 tools/linkplay.py --game speed --seed 3 --bots level6,level7 [--loss 0.1] [--jitter-ms 80]

A host and a guest start as two processes, each a headless App (no window)
with the link of docs/link.md over a UDP socket through the lossy shim
(hal/link_shim.py: drops, duplicates, reorders and delays what it sends).
The host deals and plays seat 0 with the first bot; the guest joins, is
welcomed to seat 1 and plays it with the second. When the game is over on
both, each prints its final state digest; this prints both, whether they
agree, and whether the host's replay run through engine.replay (what
tools/replay.py does) ends in that same state. Exit status 0 only when all
agree; 1 when they do not; 2 for bad arguments or a process that fails.
``--speed N`` runs both clocks N times faster than real time.
"""

import json
import os
import socket
import subprocess
import sys
import time

import _path  # puts the repository root on sys.path

from ui.cli import Parser, add_game_arguments, game_options, whole_number

LIMIT_S = 600  # wall-clock seconds a game may take


def _free_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def side(role, port, game, options, seed, bot, loss, jitter_ms, speed, session, limit_s):
    """One process's game (role "host" or "guest"); its result as a dict."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    from engine.actions import PH_OVER
    from engine.digest import digest
    from engine.replay import state
    from hal import headless
    from hal.link_shim import Lossy
    from hal.link_udp import UdpLink
    from ui.app import FRAME_MS, TABLE, App
    from ui.linked import GUEST, HOST, Linked

    hal = headless.Hal(160, 128, screen=False)  # nothing to look at: the frames run faster
    app = App(hal, settings={"game": game, "mode": "2p", "sound": False}, seed=seed)
    udp = UdpLink(port, bind="127.0.0.1") if role == "host" else UdpLink(join=("127.0.0.1", port), bind="127.0.0.1")
    lossy = Lossy(udp, hal.ticks_ms, loss=loss, jitter_ms=jitter_ms, seed=seed * 2 + (role == "guest"))
    link = Linked(app, HOST if role == "host" else GUEST, lossy, session, cpu=bot, nonce=seed & 0xFFFF or 1)
    app.link = link
    if role == "host":
        app.play_now(game, options, hal.ticks_ms())
    start = time.monotonic()
    shown = hal.ticks_ms()
    over_at = None
    while time.monotonic() - start < limit_s:
        target = int((time.monotonic() - start) * 1000 * speed)
        while hal.ticks_ms() - shown < target:
            hal.advance(FRAME_MS)
            app.frame(hal.ticks_ms())
        time.sleep(0.002)
        done = app.screen == TABLE and app.game is not None and app.game.phase == PH_OVER
        if role == "host" and done:
            host = link.host
            if all(r.acked == host.log.n for r in host.remotes) and host.remotes:
                if over_at is None:
                    over_at = time.monotonic()
                elif time.monotonic() - over_at > 0.3:  # the guest has it all: a moment for its last ack
                    host.bye()
                    break
        if role == "guest" and done and link.guest.next and over_at is None:
            over_at = time.monotonic()
        if role == "guest" and over_at is not None and (link.guest.gone or time.monotonic() - over_at > 3):
            break
    game_obj = app.game
    out = {"role": role, "over": bool(game_obj is not None and game_obj.phase == PH_OVER),
           "digest": digest(game_obj) if game_obj is not None else None,
           "state": state(game_obj) if game_obj is not None else None,
           "sent": lossy.sent, "lost": lossy.lost, "doubled": lossy.doubled}
    if role == "host":
        out["replay"] = app.replay()
        out["log"] = link.host.log.n
    else:
        out["applied"] = link.guest.next
    lossy.close()
    return out


def main(argv=None):
    parser = Parser(description="A whole linked game between two processes over UDP, CPU players in both seats.")
    add_game_arguments(parser)
    parser.add_argument("--seed", type=whole_number, default=1, help="deal seed (default 1)")
    parser.add_argument("--bots", default="level7,level8", help="the two seats' bots, host first (default level7,level8)")
    parser.add_argument("--loss", type=float, default=0.0, help="share of packets lost each way (0 to 0.5)")
    parser.add_argument("--jitter-ms", type=int, default=0, help="each packet delayed 0 to this many ms (0 to 500)")
    parser.add_argument("--speed", type=int, default=1, help="clocks this many times faster than real time (1 to 8)")
    parser.add_argument("--role", choices=("host", "guest"), help=argparse_hidden())
    parser.add_argument("--port", type=int, help=argparse_hidden())
    parser.add_argument("--session", type=int, default=1234, help=argparse_hidden())
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
    from engine import games

    roster = __import__(games.get(name).CPU, None, None, ("ROSTER",)).ROSTER
    for bot in bots:
        if bot not in roster:
            parser.error("%s has no bot %r (its roster: %s)" % (name, bot, ", ".join(roster)))
    if args.role:
        bot = bots[0] if args.role == "host" else bots[1]
        result = side(args.role, args.port, name, options, args.seed, bot, args.loss, args.jitter_ms, args.speed,
                      args.session, LIMIT_S)
        print("LINKPLAY " + json.dumps(result))
        return 0
    port = _free_port()
    base = [sys.executable, os.path.abspath(__file__), "--game", name, "--seed", str(args.seed), "--bots", args.bots,
            "--loss", str(args.loss), "--jitter-ms", str(args.jitter_ms), "--speed", str(args.speed),
            "--port", str(port)]
    for key, value in sorted(options.items()):
        base += ["--option", "%s=%s" % (key, json.dumps(value))]
    procs = [subprocess.Popen(base + ["--role", role], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for role in ("host", "guest")]
    results = []
    for proc in procs:
        try:
            out, err = proc.communicate(timeout=LIMIT_S + 60)
        except subprocess.TimeoutExpired:
            for p in procs:
                p.kill()
            print("linkplay: a process did not finish in %d s" % (LIMIT_S + 60), file=sys.stderr)
            return 2
        lines = [line for line in out.splitlines() if line.startswith("LINKPLAY ")]
        if proc.returncode != 0 or not lines:
            last = (err.strip().splitlines() or ["no output"])[-1]
            print("linkplay: the %s process failed: %s" % ("host" if proc is procs[0] else "guest", last),
                  file=sys.stderr)
            return 2
        results.append(json.loads(lines[-1][9:]))
    host, guest = results
    from engine.replay import load, run, state

    again, events = load(host["replay"])
    run(again, events)
    replayed = state(again) == host["state"]
    agree = host["over"] and guest["over"] and host["digest"] == guest["digest"] and host["state"] == guest["state"]
    print("host:  digest %s, %s, %d log entries, %d packets sent (%d lost, %d doubled)"
          % (host["digest"], "over" if host["over"] else "not over", host["log"], host["sent"], host["lost"],
             host["doubled"]))
    print("guest: digest %s, %s, %d log entries applied, %d packets sent (%d lost, %d doubled)"
          % (guest["digest"], "over" if guest["over"] else "not over", guest["applied"], guest["sent"],
             guest["lost"], guest["doubled"]))
    print("winner: %s; %s; the host's replay %s"
          % (host["state"]["winner"], "they agree" if agree else "THEY DIFFER",
             "gives that state" if replayed else "DOES NOT give that state"))
    return 0 if agree and replayed else 1


def argparse_hidden():
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    _path.run(lambda: main())
