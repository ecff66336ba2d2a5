"""A hostile pass over link play (issue 19), run by hand: PYTHONPATH=. .venv/bin/python tests/hostile_pass.py

Not a test file (pytest does not collect it): a few minutes of attacks on a
live host App and guest App talking UDP on 127.0.0.1 (desktop/link/udp.py), each
with its CPU in its seat, on fake clocks stepped in one loop. It counts what
it sent and what happened, and fails (exit status 1) if anything crashed, a
seat was taken from a guest that was there, a refused action reached the log,
the guest learnt a card its seat may not see, or the two ended apart. Then
the tools' command lines and the UART decoder on noise.
"""

import json
import os
import random
import socket
import subprocess
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests"), os.path.join(ROOT, "tools"), os.path.join(ROOT, "tools", "board"),
                os.path.join(ROOT, "tools", "doubles")]

from engine.link import wire as L  # noqa: E402
from engine.replay import agrees, load, run, state  # noqa: E402
from desktop import headless  # noqa: E402
from desktop.link.udp import UdpLink  # noqa: E402
from ui.app import FRAME_MS, TABLE, App  # noqa: E402
from ui.linked import GUEST, HOST, Linked  # noqa: E402

COUNTS = {}
PROBLEMS = []


def count(what, n=1):
    COUNTS[what] = COUNTS.get(what, 0) + n


class Inject:
    """A guest's transport that, besides its UDP socket's packets, gives its reader packets put in ``forged``
    as though from its host: a spoofed source address (a raw socket's, which a test on 127.0.0.1 cannot make).
    It keeps every card its host's LOG packets showed this guest (``shown``)."""

    def __init__(self, inner):
        self.inner = inner
        self.forged = []
        self.peer = 0
        self.shown = set()
        self.reader = L.Packet(2345)

    def _note(self, buf, n):
        r = self.reader
        if r.decode(bytearray(buf[:n]), n) == L.K_LOG:
            for i in range(r.size // 8):
                e = L.HEADER + 8 * i
                if r.buf[e + 5] == L.SHOWN:
                    for k in (0, 1, 2, 3, 6, 7):
                        if r.buf[e + k]:
                            self.shown.add(r.buf[e + k])

    def send(self, peer, buf, n):
        self.inner.send(peer, buf, n)

    def recv_into(self, buf):
        if self.forged:
            data = self.forged.pop(0)
            buf[:len(data)] = data
            self.peer = 0
            return len(data)
        n = self.inner.recv_into(buf)
        self.peer = self.inner.peer
        if n:
            self._note(buf, n)
        return n

    def keep(self, peer, on=True):
        pass

    def close(self):
        self.inner.close()


class Device:
    def __init__(self, role, game, link_of, seed=7, cpu="level7", nonce=1):
        self.hal = headless.Hal(160, 128, screen=False)
        self.told = []
        self.hal.notice = self.told.append
        self.app = App(self.hal, settings={"game": game, "mode": "2p", "sound": False}, seed=seed)
        self.transport = link_of()
        self.app.link = Linked(self.app, role, self.transport, 2345, cpu=cpu, nonce=nonce)
        self.saved = []
        self.app.on_game_over = self.saved.append

    def frame(self):
        self.hal.advance(FRAME_MS)
        self.app.frame(self.hal.ticks_ms())


def packet(kind, session, seq, ack, payload, flags=0):
    p = L.Packet(session)
    buf = p.begin(kind, seq, ack, flags)
    for i, b in enumerate(payload):
        buf[L.HEADER + i] = b
    return bytes(buf[:p.finish(len(payload))])


def crafted(rng, session):
    """A packet that passes the CRC: any kind, any numbers, any payload of a size its kind may have."""
    kind = rng.randrange(1, L.KINDS + 1)
    size = {L.K_HELLO: 2, L.K_PING: 10, L.K_PONG: 8, L.K_DIGEST: 4, L.K_BYE: 2, L.K_OFFER: 4, L.K_REFUSE: 3}.get(kind)
    if size is None:
        size = rng.choice((5, 7, 8, 14, 16, 21, 24, 80, 224, 231)) if kind != L.K_WELCOME else rng.randrange(5, 230)
        if kind == L.K_PRESS:
            size -= size % 7
        elif kind == L.K_LOG:
            size -= size % 8
    payload = bytes(rng.randrange(256) for _ in range(size))
    seq = rng.choice((0, 1, rng.randrange(1 << 32), rng.randrange(200)))
    ack = rng.choice((0, rng.randrange(1 << 32), rng.randrange(200)))
    return packet(kind, rng.choice((session, session, 0, rng.randrange(1 << 16))), seq, ack, payload,
                  rng.randrange(4))


class _Setter:
    """conftest.register's monkeypatch for a run by hand: the toy game stays registered until the pass ends."""

    def setattr(self, target, name, value):
        setattr(target, name, value)


def games():
    """Every registered game, the tests' toy game (tests/toy/) registered first (tests/conftest.py)."""
    from conftest import register

    return register(_Setter()).NAMES


def long_options(game):
    """The options of a long game of game (many rounds, or a match): its test kit's LONG (tests/kits/)."""
    from conftest import kit

    return dict(kit(game).LONG)


def live_game(game, seed, attacks):
    """A host and a guest over UDP, attacked as they play; returns the two devices."""
    rng = random.Random(seed)
    port_sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    port_sock.bind(("127.0.0.1", 0))
    port = port_sock.getsockname()[1]
    port_sock.close()
    host = Device(HOST, game, lambda: UdpLink(port, bind="127.0.0.1"), seed=seed, cpu="level8")
    host.app.play_now(game, long_options(game), host.hal.ticks_ms())
    guest = Device(GUEST, game, lambda: Inject(UdpLink(join=("127.0.0.1", port), bind="127.0.0.1")), cpu="level7",
                   nonce=rng.randrange(1, 65536))
    strangers = [socket.socket(socket.AF_INET, socket.SOCK_DGRAM) for _ in range(24)]
    for s in strangers:
        s.bind(("127.0.0.1", 0))
        s.setblocking(False)
    guest_port = guest.transport.inner.sock.getsockname()[1]
    frames = 0
    seat_lost = 0
    while frames < 120000:
        frames += 1
        for dev in (host, guest):
            try:
                dev.frame()
            except Exception as e:  # anything at all: the pass has failed
                PROBLEMS.append("%s crashed: %r" % ("host" if dev is host else "guest", e))
                return host, guest
        attacks(rng, frames, host, guest, strangers, port, guest_port)
        link = host.app.link
        if link is not None and guest.app.link is not None and guest.app.link.dealt and link.host is not None \
                and not any(r.seat == 1 for r in link.host.remotes) and not link.host.paused:
            seat_lost += 1
        over = all(d.app.screen == TABLE and d.app.game is not None and d.app.game.phase == 4 for d in (host, guest))
        if over and guest.app.link is not None and guest.app.link.guest.next == host.app.link.host.n:
            break
        if guest.app.link is None and host.app.game.phase == 4:
            break  # the guest was sent to its menu; the host's CPU played its seat to the end
    count("frames played", frames)
    if seat_lost > 300:  # ten seconds without its seat while it was there
        PROBLEMS.append("%s: the seated guest lost its seat for %d frames" % (game, seat_lost))
    for s in strangers:
        s.close()
    return host, guest


def check_end(game, host, guest):
    """The two agree (unless the guest was sent to its menu with one notice: a spoofed entry late in a long
    game, whose log's start is gone), the saved replay loads and gives the host's state."""
    h, g = host.app.game, guest.app.game
    from engine.digest import digest

    if guest.app.link is None:
        if len(guest.told) != 1:
            PROBLEMS.append("%s: the guest left its game with %r" % (game, guest.told))
        count("guests sent to their menu with one notice: %s" % guest.told[0][:60])
    elif h is None or g is None or digest(h) != digest(g) or not agrees(state(g), state(h)):
        PROBLEMS.append("%s: host and guest ended apart" % game)
    if not host.saved:
        PROBLEMS.append("%s: the host saved no replay" % game)
    else:
        again, events = load(json.loads(json.dumps(host.saved[0])))
        run(again, events)
        if state(again) != state(h):
            PROBLEMS.append("%s: the saved replay does not give the host's state" % game)
    from linkpair import cards_of as _cards_of

    if g is not None and not set(_cards_of(g)) - {L.UNKNOWN} <= guest.transport.shown:
        PROBLEMS.append("%s: the guest's copy holds a card it was never shown" % game)
    count("cards shown to the guest, checked against its copy", len(guest.transport.shown))


def flood_and_craft(rng, frame, host, guest, strangers, port, guest_port):
    """Random bytes and crafted packets from strangers to both, a flood of 300 a frame for 30 s, stranger
    HELLOs in the session, crafted packets forged as from the host, and BYEs with guessed nonces."""
    session = host.app.link.session
    for _ in range(20):
        s = rng.choice(strangers)
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 260))) if rng.random() < 0.5 \
            else crafted(rng, session)
        try:
            s.sendto(data, ("127.0.0.1", rng.choice((port, guest_port))))
        except OSError:
            pass
        count("random and crafted packets from strangers")
    if 300 <= frame < 1200:  # 30 s of about 9,000 packets a second
        junk = bytes(L.HEADER + L.TAIL + 4)
        for k in range(300):
            try:
                strangers[k % len(strangers)].sendto(junk, ("127.0.0.1", port))
            except OSError:
                pass
        count("flood packets", 300)
    if frame % 10 == 0:
        nonce = rng.randrange(1, 65536)
        rng.choice(strangers).sendto(packet(L.K_HELLO, session, 0, 0, bytes((nonce & 0xFF, nonce >> 8))),
                                     ("127.0.0.1", port))
        count("stranger HELLOs in the session (seat grabs)")
    link = guest.app.link
    if link is not None and link.guest.seat >= 0:
        forged = guest.transport.forged
        if frame % 3 == 0:
            forged.append(crafted(rng, session))
            count("crafted packets forged as from the host")
        if frame % 5 == 0:
            nonce = rng.randrange(65536)
            forged.append(packet(L.K_BYE, session, 0, rng.randrange(300), bytes((nonce & 0xFF, nonce >> 8))))
            count("forged BYEs with guessed nonces")


def pressing(rng, frame, host, guest, strangers, port, guest_port):
    """The seated guest's own socket sends crafted actions: any verb, any arguments, any stamp, next numbers."""
    link = guest.app.link
    if link is None or link.guest.seat < 0:
        return
    g = link.guest
    for _ in range(rng.randrange(1, 4)):
        if g.no == 64:
            break
        t = rng.choice((0, rng.randrange(1 << 32), host.app.link.clock(host.hal.ticks_ms())))
        i = 7 * g.no
        g.out[i:i + 7] = bytes((t & 0xFF, (t >> 8) & 0xFF, (t >> 16) & 0xFF, t >> 24, rng.randrange(256),
                                rng.randrange(256), rng.randrange(256)))
        g.no += 1
        count("crafted actions from the seated guest")
    g._send_actions(g.now)  # its own stream: the host takes them in order and acknowledges them


def restarting(rng, frame, host, guest, strangers, port, guest_port):
    """Every 40 s of play the guest's device restarts: a new App, a new socket (another port), a new nonce."""
    if frame % 1200 == 600:
        if guest.app.link is not None:
            guest.app.link.transport.close()
        guest.hal.deinit()
        game = host.app.game.name
        Device.__init__(guest, GUEST, game, lambda: Inject(UdpLink(join=("127.0.0.1", port), bind="127.0.0.1")),
                        cpu="level7", nonce=rng.randrange(1, 65536))
        guest.app.link.session = host.app.link.session
        guest.app.link.guest.join(host.app.link.session)
        count("guest restarts from a new port")


def forging_log(rng, frame, host, guest, strangers, port, guest_port):
    """Every 20 s, a LOG forged as from the host at the guest's very next entry: 1-3 random entries (any verb,
    the host's own ones too, any seat, any card)."""
    link = guest.app.link
    if link is None or not link.dealt or frame % 600 != 300:
        return
    entries = bytearray()
    for _ in range(rng.randrange(1, 4)):
        entries += bytes(rng.randrange(256) for _ in range(5))
        entries += bytes((rng.choice((0, 1, 2, 6, 7, 9, 200, L.DEAL, L.TOLD, L.SHOWN, L.CLOCK)), rng.randrange(256),
                          rng.randrange(256)))
    g = link.guest
    guest.transport.forged.append(packet(L.K_LOG, host.app.link.session, g.next, g.sent + g.no, entries))
    count("LOG entries forged at the guest's next place", len(entries) // 8)


def main():
    import time

    start = time.time()
    names = games()
    for k in range(2 * len(names)):  # every game twice, each time another seed
        game, seed = names[k % len(names)], 5 + k
        for attacks in (flood_and_craft, pressing, restarting, forging_log):
            host, guest = live_game(game, seed + 10 * len(COUNTS), attacks)
            if not PROBLEMS:
                check_end(game, host, guest)
            if guest.app.link is not None:
                count("guest's log played again from its start", guest.app.link.restarts)
            for dev in (host, guest):
                count("notices (%s)" % ("host" if dev is host else "guest"), len(dev.told))
                if dev.app.link is not None:
                    dev.app.link.close()
                dev.hal.deinit()
            count("games played to the end")
    command_lines()
    uart_noise()
    for what in sorted(COUNTS):
        print("%10d  %s" % (COUNTS[what], what))
    print("%.0f s; problems: %s" % (time.time() - start, PROBLEMS or "none"))
    return 1 if PROBLEMS else 0


BAD_LINES = [
    ["code.py", "--join", "127.0.0.1:0"], ["code.py", "--join", "1.2.3.4:65536"], ["code.py", "--join", ":47474"],
    ["code.py", "--join", "[::1]:5"], ["code.py", "--join", "a:b:c"], ["code.py", "--join", "\u0663.1.1.1:\u0664"],
    ["code.py", "--join", "127.0.0.1", "--code", "999"], ["code.py", "--join", "127.0.0.1", "--code", "\u0661\u0662\u0663\u0664"],
    ["code.py", "--join", "127.0.0.1", "--code", "1_234"], ["code.py", "--code", "1234"],
    ["code.py", "--host", "--join", "x"], ["code.py", "--host", "--headless", "--screenshot", "/tmp/x.png"],
    ["code.py", "--host", "--replay", "x.json"], ["code.py", "--join", "x", "--seed", "3"],
    ["code.py", "--join", "x", "--players", "3"], ["code.py", "--host", "--players", "5"],
    ["code.py", "--host", "--option", "players=3", "--players", "4"], ["code.py", "--host", "--option", "seed=3"],
    ["tools/linkplay.py", "--bots", "level1"], ["tools/linkplay.py", "--bots", ",level1"],
    ["tools/linkplay.py", "--loss", "nan"], ["tools/linkplay.py", "--loss", "-0.1"], ["tools/linkplay.py", "--loss", "inf"],
    ["tools/linkplay.py", "--jitter-ms", "501"], ["tools/linkplay.py", "--jitter-ms", "1_0"],
    ["tools/linkplay.py", "--speed", "0"], ["tools/linkplay.py", "--speed", "9"], ["tools/linkplay.py", "--seed", "-1"],
    ["tools/linkplay.py", "--seed", "4294967296"], ["tools/linkplay.py", "--session", "999"],
    ["tools/linkplay.py", "--session", "10000"], ["tools/linkplay.py", "--role", "host"],
    ["tools/linkplay.py", "--role", "guest", "--port", "0"], ["tools/linkplay.py", "--role", "boss"],
    ["tools/linkplay.py", "--limit-s", "0"], ["tools/linkplay.py", "--limit-s", "601"],
    ["tools/linkplay.py", "--game", "speed", "--option", "players=5"],
    ["tools/linkplay.py", "--game", "spit", "--option", "call_ms=1"],
    ["tools/linkplay.py", "--game", "speed", "--option", "call_ms=soon"],
    ["tools/linkfair.py", "--pairs", "0"], ["tools/linkfair.py", "--pairs", "1000001"],
    ["tools/linkfair.py", "--one-way-ms", "-1"], ["tools/linkfair.py", "--jitter-ms", "1001"],
    ["tools/linkfair.py", "--pairs", "\u0665"],
    ["tools/bench/bench_link_cp.py", "--game", "chess"], ["tools/bench/bench_link_cp.py", "--seed", "x"],
    ["tools/bench/bench_link_cp.py", "--game", "spit", "--option", "hints=true"],
    ["tools/bench/bench_link_cp.py", "--game", "speed", "--option", "players=9"],
    ["tools/bench/bench_link_cp.py", "--option", "nothing"],
    ["tools/demo.py", "--game", "speed", "--players", "3", "--option", "players=4"],
    ["tools/demo.py", "--seed", "+1"], ["tools/demo.py", "--seed", "\uff11"],
    ["tools/replay.py", "/nonexistent.json"],
]


def replay_documents(tmp):
    """Hostile replay files: each is status 0 or 2 with one line, never a traceback, from code.py and replay.py."""
    rng = random.Random(19)
    base = {"version": 1, "game": "california", "seed": 3,
            "events": [[0, 0, "ready"], [0, 1, "ready"], [900, 0, "cover", 0, 1]]}
    texts = ['{"game": "spit", "game": "speed"}', '{"events": [[0, 0, "cover", 2, 0]], "game": "california"}',
             '{"events": [[0, 5, "play", 0, 0]], "game": "speed"}', '{"events": [[0, 0, "flip", 0]], "game": "speed"}',
             '{"events": [[0, 0, "play", 300, 0]]}', '{"seed": 1e400}', '{"seed": -0}', '{"version": 1.0}',
             '{"events": [[1e3, 0, "ready"]]}', '{"options": {"call_ms": "soon"}, "game": "speed"}',
             '{"options": {"players": 3, "decks": 2}, "game": "speed"}', "[" * 100 + "]" * 100, "\ufeff{}", "",
             '{"end_ms": -1}', '{"events": [[0, 0, "ready"], [0, 0, "ready"]], "end_ms": 0}']
    for k in range(75):
        doc = json.loads(json.dumps(base))
        what = k % 5
        if what == 0:
            doc["events"].append([rng.randrange(-5, 1 << 33), rng.randrange(-1, 5),
                                  rng.choice(("ready", "play", "flip", "move", "slap", "choose", "speed", "cover",
                                              "jump", 7, None)), rng.randrange(-2, 300), rng.randrange(-2, 300)])
        elif what == 1:
            doc[rng.choice(("game", "seed", "version", "events", "end_ms", "options", "layout"))] = rng.choice(
                (None, True, -1, 2 ** 40, "x", [], {}, [[]], 0.5))
        elif what == 2:
            doc["game"] = rng.choice(("spit", "speed", "california"))
        elif what == 3:
            doc["options"] = {rng.choice(("players", "decks", "call_ms", "stocks", "hints", "jokers")):
                              rng.choice((0, 1, 5, 99, True, "call", None, [1]))}
        else:
            doc["events"] = [[i * 7, i % 2, "cover", rng.randrange(3), rng.randrange(5)] for i in range(50)]
        texts.append(json.dumps(doc))
    for i, text in enumerate(texts):
        path = os.path.join(tmp, "hostile%d.json" % i)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        for args in (["tools/replay.py", path], ["code.py", "--headless", "--replay", path, "--screenshot",
                                                 os.path.join(tmp, "o.png")]):
            done = subprocess.run([sys.executable] + args, cwd=ROOT, capture_output=True, text=True, timeout=120)
            count("hostile replay documents run")
            if done.returncode not in (0, 2) or "Traceback" in done.stderr \
                    or (done.returncode == 2 and len(done.stderr.splitlines()) != 1):
                PROBLEMS.append("%s: status %d, %r" % (" ".join(args), done.returncode, done.stderr[-300:]))


def command_lines():
    """Each bad command line: status 2 and one line on standard error, never a traceback."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        replay_documents(tmp)
    for args in BAD_LINES:
        done = subprocess.run([sys.executable] + args, cwd=ROOT, capture_output=True, text=True, timeout=120)
        count("hostile command lines")
        if done.returncode != 2 or "Traceback" in done.stderr or len(done.stderr.splitlines()) != 1:
            PROBLEMS.append("%s: status %d, %r" % (" ".join(args), done.returncode, done.stderr[-200:]))


def uart_noise(megabytes=12):
    """The UART decoder fed random bytes (with zeros now and then): no exception; what passes both CRCs counted."""
    import busio  # noqa: F401  (the stand-in, from tools/board/standins)
    from hal.link.uart import UartLink

    class Feed:
        def __init__(self, data):
            self.data = data
            self.i = 0

        @property
        def in_waiting(self):
            return len(self.data) - self.i

        def readinto(self, buf):
            n = min(len(buf), len(self.data) - self.i)
            buf[:n] = self.data[self.i:self.i + n]
            self.i += n
            return n

        def write(self, buf):
            pass

    rng = random.Random(12)
    data = bytearray(rng.randrange(256) if rng.random() > 0.01 else 0 for _ in range(megabytes << 20))
    link = UartLink(Feed(data))
    buf = bytearray(L.MTU)
    p = L.Packet(2345)
    passed = decoded = 0
    while True:
        n = link.recv_into(buf)
        if not n:
            break
        passed += 1
        decoded += bool(p.decode(buf, n))
    count("UART noise bytes", len(data))
    count("UART noise frames passing the frame CRC", passed)
    count("UART noise frames passing both CRCs and the packet's checks", decoded)
    if decoded:
        PROBLEMS.append("a noise frame passed as a packet")


if __name__ == "__main__":
    sys.path.insert(0, os.path.join(ROOT, "tools", "board", "standins"))
    sys.exit(main())
