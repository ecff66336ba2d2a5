"""What a peer can do to a linked game (docs/link.md, "What a peer can do"), and what it cannot.

Issue 19: a hostile player's packets, built byte by byte with engine.link.Packet
(tests/rawpeer.py), against a live host App and guest App on an in-memory link.
No packet from a peer crashes a host or a guest, a field is checked before it is
used, a cheat gains no more than docs/link.md says, and every way a game ends is
one notice and the menu.
"""

import json
import os
import subprocess
import sys

import pytest

from rawpeer import FRAME_MS, Raw, Table
from engine import link as L
from engine.actions import COVER

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---- 1: a California cover aimed off the table -------------------------------------------------

@pytest.mark.parametrize("row, slot", [(2, 0), (200, 0), (0, 255), (1, 4)])
def test_a_guests_cover_of_a_pile_not_on_the_table_is_refused_and_crashes_no_host(row, slot):
    table = Table("california")
    peer = Raw(table)
    assert peer.sit() == 1
    table.frames(40)
    now = table.app.link.clock(table.now())
    peer.press(0, [(now, COVER, row, slot)])
    table.frames(20)  # before the mend: IndexError in the shake of the pile aimed at
    assert table.app.game is not None and table.host.remotes[0].got == 1
    table.close()


def test_a_replay_with_a_cover_off_the_table_plays_back_headless(tmp_path):
    path = tmp_path / "cover.json"
    path.write_text(json.dumps({"game": "california", "seed": 3, "events": [[0, 0, "ready"], [0, 1, "ready"],
                                                                           [900, 0, "cover", 2, 0]]}))
    done = subprocess.run([sys.executable, "code.py", "--headless", "--replay", str(path), "--screenshot",
                           str(tmp_path / "out.png")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# ---- 2: a verb the game lacks ---------------------------------------------------------------

def play_out(table, most_frames=40000):
    """Step table until its game is over (the CPU plays a seat whose guest left, D-1)."""
    from engine.actions import PH_OVER

    for _ in range(most_frames):
        table.frames(1)
        if table.app.game is not None and table.app.game.phase == PH_OVER and table.saved:
            return True
    return False


@pytest.mark.parametrize("game, verbs", [("speed", (8, 9, 200, 2, 3, 7)), ("spit", (8, 6, 7, 255)),
                                         ("california", (1, 2, 8, 77))])
def test_a_guests_action_with_a_verb_its_game_lacks_is_refused_and_the_replay_saved_loads(game, verbs):
    """Verbs of no game, and another game's (flip, move, cover in Speed): refused; at the end the host saves a
    replay that loads and gives the host's state (before the mend: IndexError when saving, or a file that
    could not be loaded)."""
    from engine.replay import load, run, state

    table = Table(game, seed=7)
    peer = Raw(table)
    assert peer.sit() == 1
    table.frames(30)
    now = table.app.link.clock(table.now())
    peer.press(0, [(now + k, verb, 1, 1) for k, verb in enumerate(verbs)])
    table.frames(10)
    peer.send(L.K_BYE, 0, 0, bytes((peer.nonce & 0xFF, peer.nonce >> 8)))  # its seat goes to the CPU (D-1)
    assert play_out(table)
    doc = json.loads(json.dumps(table.saved[0]))
    again, events = load(doc)
    run(again, events)
    assert state(again) == state(table.app.game)
    table.close()


# ---- 6: a guest's stamps never go backwards --------------------------------------------------

class Sink:
    """A transport that keeps what is sent and has nothing to read."""

    def __init__(self):
        self.sent = []
        self.peer = 0

    def send(self, peer, buf, n):
        self.sent.append(bytes(buf[:n]))

    def recv_into(self, buf):
        return 0


def test_a_better_clock_sample_never_stamps_a_later_press_before_an_earlier_one():
    """Clock.sample switching to a smaller round trip steps the offset back 100 ms: the press after it keeps
    its place (before the mend it was stamped 1055 after 1100 and applied first)."""
    from engine.link_guest import Guest
    from engine.timing import Sequencer

    sink = Sink()
    guest = Guest(sink, 4321)
    guest.clock.sample(0, 1150, 100)  # round trip 100: offset 1100
    guest.add(guest.clock.host_ms(0), 1, 0, 0)
    guest.clock.sample(200, 1210, 220)  # round trip 20: offset 1000, 100 ms back
    guest.add(guest.clock.host_ms(55), 1, 1, 0)
    stamps = [L.get32(guest.out, L.PRESS_SIZE * k) for k in range(guest.no)]
    assert stamps == sorted(stamps) and stamps[0] == 1100
    seq = Sequencer(4, 2)
    for k, t in enumerate(stamps):
        seq.add(t, 1, 1, k, 0)
    seq.sort()
    assert [seq.a[i] for i in seq.order[:2]] == [0, 1]


def test_the_host_keeps_each_guests_actions_in_the_order_it_sent_them():
    """A guest (a hostile one too) whose stamps go backwards: the host never reorders its actions."""
    from engine.link_host import Host
    from engine.timing import Sequencer

    sink = Sink()
    host = Host(sink, 4321, 2, b"\x01\x00{}", guest_seats=range(1, 2))
    p = L.Packet(4321)
    buf = p.begin(L.K_HELLO, 0, 0)
    buf[L.HEADER] = buf[L.HEADER + 1] = 5

    class One(Sink):
        def __init__(self, data):
            super().__init__()
            self.data = [data]

        def recv_into(self, b):
            if not self.data:
                return 0
            d = self.data.pop()
            b[:len(d)] = d
            return len(d)

    host.link = One(bytes(p.buf[:p.finish(2)]))
    host.poll(1000)
    buf = p.begin(L.K_PRESS, 0, 0)
    for k, t in enumerate((900, 800, 850)):
        L.put32(buf, L.HEADER + 7 * k, t)
        buf[L.HEADER + 7 * k + 4] = 1
        buf[L.HEADER + 7 * k + 5] = k
    host.link = One(bytes(p.buf[:p.finish(21)]))
    host.poll(1000)
    seq = Sequencer(8, 2)
    host.due(2000, seq, 0)
    seq.sort()
    assert [seq.a[i] for i in seq.order[:3]] == [0, 1, 2]


# ---- 10: floods -------------------------------------------------------------------------------

def test_through_the_lossy_shim_a_seated_guest_keeps_its_number_under_a_flood_of_strangers():
    """tools/linkplay.py's shim passes keep() on (before the mend it had none, so the seated guest's number went
    to a stranger, who was sent the guest's log)."""
    import socket

    from engine.link_host import Host
    from hal.link_shim import Lossy
    from hal.link_udp import MOST_PEERS, UdpLink

    clock = [0]
    inner = UdpLink(0, bind="127.0.0.1")
    host = Host(Lossy(inner, lambda: clock[0], loss=0, jitter_ms=0, duplicate=0), 4321, 2, b"\x01\x00{}",
                guest_seats=range(1, 2))
    guest = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    guest.bind(("127.0.0.1", 0))
    guest.setblocking(False)
    p = L.Packet(4321)

    def hello(nonce):
        buf = p.begin(L.K_HELLO, 0, 0)
        buf[L.HEADER] = nonce & 0xFF
        buf[L.HEADER + 1] = nonce >> 8
        return bytes(buf[:p.finish(2)])

    def settle():
        for _ in range(20):
            clock[0] += 1
            host.poll(clock[0])

    guest.sendto(hello(9), ("127.0.0.1", inner.port))
    settle()
    assert [r.seat for r in host.remotes] == [1]
    strangers = [socket.socket(socket.AF_INET, socket.SOCK_DGRAM) for _ in range(3 * MOST_PEERS)]
    for s in strangers:
        s.bind(("127.0.0.1", 0))
        s.setblocking(False)
        s.sendto(hello(1), ("127.0.0.1", inner.port))
        settle()
    while True:  # what the guest was sent before
        try:
            guest.recv(300)
        except BlockingIOError:
            break
    host.send(clock[0] + 1000)  # a heartbeat to the seated guest: it must reach the guest, no one else
    got = []
    for s in strangers:
        try:
            got.append(s.recv(300))
        except BlockingIOError:
            pass
    assert all(g[3] == L.K_OFFER for g in got)  # strangers are only ever offered the code
    assert guest.recv(300)[3] == L.K_LOG
    for s in strangers + [guest]:
        s.close()
    inner.close()


def test_a_flood_of_thousands_of_packets_a_second_does_not_drop_a_seated_guest():
    """About 9,000 packets a second from strangers (300 a frame) into a host whose medium holds 2,000 waiting
    packets, as a socket's buffer does: the seated guest is still heard, so the game neither pauses for long
    nor gives its seat away (before the mend the host read 32 a frame, the buffer filled and the guest's own
    packets were lost)."""
    from rawpeer import guest_app

    table = Table("speed", seed=3)
    table.medium.most = 2000
    side = guest_app(table, cpu="level7")
    table.frames(60, also=[side])
    assert side.app.link.seat == 1
    flood = Raw(table, nonce=5)
    junk = bytes(L.HEADER + L.TAIL + 4)
    paused = 0
    for frame in range(900):  # 30 s; the flood comes between the host's read and the guest's send
        table.frames(1)
        for k in range(300):
            flood.raw(junk)
        side.hal.advance(FRAME_MS)
        side.app.frame(side.hal.ticks_ms())
        paused += table.host.paused
    assert table.app.link.left == [] and [r.seat for r in table.host.remotes] == [1]
    assert paused < 100
    table.close()
