"""The boards' link-play transports on the desktop: hal/link/uart.py, link_socketpool.py, link_espnow.py.

Each runs on its stand-in (tools/board/standins/): busio.UART over a real byte
stream (a pseudo-terminal pair in raw mode, or a socket pair), socketpool's
sockets as real UDP sockets on 127.0.0.1, espnow on an in-process air. Two
ends swap packets of every size both ways; the UART's framing survives
garbage, a lost byte, a frame split across reads and frames back to back;
nothing raises for a bad frame or a link error; then a whole linked game's
traffic (engine.link.host and engine.link.guest) runs through each
transport: every action and log entry arrives once, in order. The UART's
send and receive allocate nothing on CircuitPython's own VM, and the three
modules type-check against circuitpython-stubs for an ESP32-S3 board.
"""

import os
import random
import socket
import subprocess
import sys
import tempfile
import time

import pytest

from boardsim import STANDINS, board_modules
from engine.link.wire import K_HELLO, K_OFFER, K_WELCOME, MTU, Packet
from engine.link.guest import Guest
from engine.link.host import Host, Recorder
from engine.timing import Sequencer

from conftest import ROOT
LINKS = ("hal.link.uart", "hal.link.socketpool", "hal.link.espnow")
SESSION = 4321


@pytest.fixture
def boards():
    """The stand-ins in place of CircuitPython's modules; the link modules imported afresh with them."""
    import hal

    def forget():
        for name in LINKS + ("hal.link",):  # the transports, and their package's hold on them
            sys.modules.pop(name, None)
        if hasattr(hal, "link"):
            delattr(hal, "link")

    forget()
    with board_modules() as mods:
        yield mods
        forget()


def payload(rng, n):
    return bytes(rng.randrange(256) for _ in range(n))


WAIT_S = 20.0  # the longest a wait for bytes in flight polls: a pty hands them over within a millisecond or so,
# but a machine loaded with other work (tests in parallel) has starved it for over 2 s; a wait ends as they come


def wait_packet(link, buf, seconds=WAIT_S):
    """The next packet's length, polling for up to seconds (a pty hands bytes over within a millisecond or so)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        n = link.recv_into(buf)
        if n:
            return n
    return 0


def drain(link, seconds=0.05):
    """Every packet that comes within seconds, as bytes."""
    buf = bytearray(MTU)
    got = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        n = link.recv_into(buf)
        if n:
            got.append(bytes(buf[:n]))
    return got


def take(link, count):
    """The next count packets, as bytes (each waited for), and then nothing more waiting."""
    buf = bytearray(MTU)
    got = []
    for _ in range(count):
        n = wait_packet(link, buf)
        assert n, "only %d of %d packets came" % (len(got), count)
        got.append(bytes(buf[:n]))
    assert link.recv_into(buf) == 0
    return got


def arrived(uart, count, seconds=WAIT_S):
    """Wait until count bytes are waiting at uart."""
    end = time.monotonic() + seconds
    while uart.in_waiting < count and time.monotonic() < end:
        time.sleep(0.0005)
    assert uart.in_waiting >= count


# ---- the UART's framing ---------------------------------------------------------------------

class Capture:
    """A port that keeps what is written (and has nothing to read)."""

    in_waiting = 0

    def __init__(self):
        self.out = []

    def write(self, buf):
        self.out.append(bytes(buf))

    def readinto(self, buf):
        return None


def frame_of(data):
    """The bytes hal.link.uart puts on the wire for one packet."""
    from hal.link.uart import UartLink

    port = Capture()
    UartLink(port).send(0, data, len(data))
    return port.out[0]


def uart_pair(busio, kind=None):
    """Two UartLinks at the two ends of one cable (their UARTs are their .port)."""
    from hal.link import uart as link_uart

    busio.cable(kind)
    a, b = link_uart.make(), link_uart.make()
    return a, b


def test_the_frames_crc_is_crc16_cms_and_not_the_packets_own(boards):
    from engine.link.wire import crc16 as packet_crc
    from hal.link.uart import crc16

    assert crc16(b"123456789", 9) == 0xAEE7  # the catalogue's check value of CRC-16/CMS
    assert crc16(b"", 0) == 0xFFFF
    assert packet_crc(b"123456789", 9) != crc16(b"123456789", 9)
    # on the wire: 0, COBS of the packet and its CRC inverted (0xAEE7 ^ 0xFFFF, high byte first), 0, padding
    assert frame_of(b"123456789") == b"\x00\x0c123456789\x51\x18\x00" + bytes(2)


def test_a_frame_is_cobs_between_zeros_padded_to_sixteen_bytes(boards):
    for n in (1, 2, 17, 100, 233, 249, 250):
        f = frame_of(bytes(range(n)))
        assert f[0] == 0 and len(f) % 16 == 0 and len(f) <= 256
        body = f[1:].rstrip(b"\0")
        assert 0 not in body and len(body) == n + 3  # the packet, its CRC, one code byte


@pytest.mark.parametrize("kind", ["pty", "socket"])
def test_uart_packets_of_every_size_cross_both_ways(boards, kind):
    a, b = uart_pair(boards["busio"], kind)
    rng = random.Random(1)
    buf = bytearray(MTU)
    for n in range(1, MTU + 1):
        for sender, receiver in ((a, b), (b, a)):
            data = payload(rng, n)
            sender.send(0, data, n)
            assert wait_packet(receiver, buf) == n and bytes(buf[:n]) == data, n
            assert receiver.peer == 0
    assert a.dropped == b.dropped == 0 and a.recv_into(buf) == 0


def test_uart_frames_back_to_back_arrive_in_order(boards):
    a, b = uart_pair(boards["busio"])
    rng = random.Random(2)
    sent = [payload(rng, rng.randrange(1, MTU + 1)) for _ in range(12)]  # 1.7 KB: within the tty's buffer
    for data in sent:
        a.send(0, data, len(data))
    got = []
    buf = bytearray(MTU)
    while len(got) < len(sent):
        n = wait_packet(b, buf)
        assert n
        got.append(bytes(buf[:n]))
    assert got == sent and b.dropped == 0


def test_uart_garbage_before_between_and_after_frames_is_dropped(boards):
    a, b = uart_pair(boards["busio"])
    rng = random.Random(3)
    raw = a.port  # the sending board's UART: bytes written there as they are
    for k in range(20):
        garbage = payload(rng, rng.randrange(0, 300))
        if k % 3 == 0:
            garbage = garbage.replace(b"\0", b"\1")  # a run with no zero: it ends at the frame's own zero
        raw.write(garbage)
        data = payload(rng, rng.randrange(1, MTU + 1))
        raw.write(frame_of(data))
        assert take(b, 1) == [data]
    raw.write(b"\x05\x01\x02")  # a frame cut off: nothing, until a zero ends it
    assert drain(b, 0.02) == []
    assert b.dropped >= 10


def test_uart_a_lost_byte_loses_only_its_frame(boards):
    a, b = uart_pair(boards["busio"])
    rng = random.Random(4)
    first, second = payload(rng, 40), payload(rng, 30)
    f, g = frame_of(first), frame_of(second)
    for i in range(len(f)):
        dropped = b.dropped
        a.port.write(f[:i] + f[i + 1:] + g)
        if f[i] == 0:  # a zero between frames: both still whole
            assert take(b, 2) == [first, second], i
        else:
            assert take(b, 1) == [second], i
            assert b.dropped == dropped + 1


def test_uart_a_damaged_frame_is_dropped_and_the_next_one_read(boards):
    a, b = uart_pair(boards["busio"])
    rng = random.Random(5)
    data, after = payload(rng, 60), payload(rng, 20)
    f = frame_of(data)
    for i in range(1, len(f.rstrip(b"\0"))):
        for bit in (0, 3, 7):
            bad = bytearray(f)
            bad[i] ^= 1 << bit
            a.port.write(bytes(bad) + frame_of(after))
            assert take(b, 1) == [after], (i, bit)  # CRC-16 finds every one-bit error


def test_uart_a_damaged_end_of_frame_or_padding_never_passes_a_wrong_packet(boards):
    """Every byte of a frame, its end zero and its padding included, changed to every other value, and a byte
    inserted before the end zero: the packet arrives as sent or not at all, and the next frame is read (before
    the mend the end zero turned to 0x01, or a 0x01 put before it, passed the packet with a byte more)."""
    a, b = uart_pair(boards["busio"], "memory")
    rng = random.Random(12)
    wrong = 0
    tried = 0
    for size in (1, 2, 17, 60, 120, 233, 250):
        data, after = payload(rng, size), payload(rng, 20)
        f = frame_of(data)
        end = len(f.rstrip(b"\0"))  # the end zero's place; the padding follows it
        bad_frames = []
        for i in range(1, len(f)):
            for value in (0, 1, 2, 0x80, 0xFF, f[i] ^ 1, f[i] ^ 0x40):
                if value != f[i]:
                    bad = bytearray(f)
                    bad[i] = value
                    bad_frames.append(bad)
        for value in (1, 2, 0xFF):
            bad_frames.append(f[:end] + bytes((value,)) + f[end:])
        for bad in bad_frames:
            tried += 1
            a.port.write(bytes(bad) + frame_of(after))
            got = []
            buf = bytearray(MTU)
            n = b.recv_into(buf)
            while n:  # the in-memory cable: every byte is there at once
                got.append(bytes(buf[:n]))
                n = b.recv_into(buf)
            assert got and got[-1] == after
            wrong += any(g != data for g in got[:-1]) or len(got) > 2
    assert tried > 4000
    assert wrong == 0


def test_uart_a_frame_split_across_reads_arrives_whole(boards):
    a, b = uart_pair(boards["busio"])
    data = payload(random.Random(6), 200)
    f = frame_of(data).rstrip(b"\0") + b"\0"
    buf = bytearray(MTU)
    for cut in range(1, len(f)):
        a.port.write(f[:cut])
        arrived(b.port, cut)
        assert b.recv_into(buf) == 0
        a.port.write(f[cut:])
        assert wait_packet(b, buf) == 200 and bytes(buf[:200]) == data, cut
    assert b.dropped == 0


def test_uart_an_endless_run_without_a_zero_is_dropped(boards):
    a, b = uart_pair(boards["busio"])
    data = payload(random.Random(7), 50)
    a.port.write(bytes(range(1, 250)) * 4)  # 996 bytes and no zero: longer than any frame
    a.port.write(frame_of(data))
    assert take(b, 1) == [data] and b.dropped == 1  # waited for (a pty under load takes its time), then
    assert drain(b, 0.05) == []  # nothing more comes


def test_uart_recv_on_a_quiet_or_unplugged_line_is_0_at_once(boards):
    from hal.link import uart as link_uart

    a, b = uart_pair(boards["busio"])
    alone = link_uart.make()  # no cable: it talks to no one
    buf = bytearray(MTU)
    start = time.perf_counter()
    for _ in range(30):
        assert a.recv_into(buf) == 0 and alone.recv_into(buf) == 0
    # a read that waited would wait busio's timeout (1 s by default) at each call: 30 s or more. A generous
    # bound, so that a busy machine never fails it: at once is microseconds
    assert time.perf_counter() - start < 15
    alone.send(0, b"SP" + bytes(20), 22)
    a.send(1, b"to no one", 9)  # point to point: only peer 0 is there
    assert drain(b, 0.02) == []
    a.send(0, b"", 0)
    a.send(0, bytes(MTU + 1), MTU + 1)  # no packet is that long
    assert drain(b, 0.02) == []


class Refusing:
    """A port that raises OSError at every turn (a board's UART in trouble)."""

    @property
    def in_waiting(self):
        raise OSError(5)

    def write(self, buf):
        raise OSError(11)

    def readinto(self, buf):
        raise OSError(5)


def test_uart_port_errors_are_lost_packets(boards):
    from hal.link.uart import UartLink

    link = UartLink(Refusing())
    link.send(0, b"hello", 5)
    assert link.recv_into(bytearray(MTU)) == 0 and link.errors == 2


def test_uart_make_opens_tx_and_rx_without_waiting(boards):
    from hal.link import uart as link_uart

    link = link_uart.make()
    uart = link.port
    assert [p.name for p in uart.pins] == ["TX", "RX"]
    assert (uart.baudrate, uart.timeout, uart.receiver_buffer_size) == (115200, 0, 1024)
    link.close()
    assert uart.deinited


UART_ALLOC = r'''
import gc
import board
import busio
from hal.link.uart import UartLink
busio.cable("memory")
a = UartLink(busio.UART(board.TX, board.RX, timeout=0))
b = UartLink(busio.UART(board.TX, board.RX, timeout=0))
packet = bytearray(250)
for i in range(250):
    packet[i] = (i * 7) & 0xFF  # zeros among the rest
buf = bytearray(250)


def swap(n, times):
    ok = 0
    for k in range(times):
        a.send(0, packet, n)
        if b.recv_into(buf) == n and buf[n - 1] == packet[n - 1]:
            ok += 1
        b.send(0, packet, n)
        if a.recv_into(buf) == n:
            ok += 1
        if b.recv_into(buf) == 0 and a.recv_into(buf) == 0:  # a quiet line
            ok += 1
    return ok


swap(250, 2)
sizes = (1, 17, 40, 100, 233, 250)
for n in sizes:
    swap(n, 1)
gc.collect()
gc.disable()
before = gc.mem_alloc()
ok = 0
for n in sizes:
    ok += swap(n, 5)
used = gc.mem_alloc() - before
gc.enable()
print("RESULT", [ok, used, a.dropped + b.dropped])
'''


def test_uart_send_and_receive_allocate_nothing_on_circuitpython(cpvm):
    """30 packets each way (six sizes) and 30 polls of a quiet line on CircuitPython 10's VM: 0 bytes."""
    import circuitpython

    done = circuitpython.run(cpvm["micropython"], UART_ALLOC, path=[ROOT, STANDINS], heap="256k")
    line = [ln for ln in done.stdout.splitlines() if ln.startswith("RESULT ")]
    assert line, done.stdout + done.stderr
    ok, used, dropped = eval(line[0][7:])
    assert ok == 6 * 5 * 3 and dropped == 0
    assert used == 0


# ---- UDP through socketpool -----------------------------------------------------------------

def free_port():
    """A port nobody listens on (just now: for the tests of an unreachable host)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def listening_host():
    """A host's SocketLink on a port the system chose, and that port: no other test (in another xdist worker)
    can take it between a look for a free port and the bind."""
    from hal.link import socketpool as link_socketpool

    host = link_socketpool.make(0)
    return host, host.sock.sock.getsockname()[1]


def udp_pair():
    """A host's and a guest's SocketLink on 127.0.0.1."""
    from hal.link import socketpool as link_socketpool

    host, port = listening_host()
    return host, link_socketpool.make(join=("127.0.0.1", port))


def test_udp_packets_of_every_size_cross_both_ways(boards):
    host, guest = udp_pair()
    rng = random.Random(8)
    buf = bytearray(MTU)
    for n in range(1, MTU + 1):
        data = payload(rng, n)
        guest.send(0, data, n)
        assert wait_packet(host, buf) == n and bytes(buf[:n]) == data and host.peer == 0
        host.send(0, data, n)
        assert wait_packet(guest, buf) == n and bytes(buf[:n]) == data and guest.peer == 0
    assert host.recv_into(buf) == 0 and guest.recv_into(buf) == 0


def test_udp_peers_are_numbered_as_first_heard_and_a_guest_hears_only_its_host(boards):
    from hal.link import socketpool as link_socketpool

    host, port = listening_host()
    guests = [link_socketpool.make(join=("127.0.0.1", port)) for _ in range(3)]
    buf = bytearray(MTU)
    for k in (2, 0, 1, 0):
        guests[k].send(0, bytes([k]), 1)
        assert wait_packet(host, buf) == 1 and host.peer == [1, 2, 0][buf[0]]  # guest 2 first, then 0, then 1
    for peer in range(3):
        host.send(peer, b"to %d" % peer, 4)
    for k, peer in ((2, 0), (0, 1), (1, 2)):
        assert wait_packet(guests[k], buf) == 4 and bytes(buf[:4]) == b"to %d" % peer
    # a stranger writing to a guest's port is not its host
    first = guests[0]
    first.send(0, b"x", 1)
    wait_packet(host, buf)
    host.send(1, b"y", 1)  # guest 0 is the host's peer 1
    assert wait_packet(first, buf) == 1
    stranger = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    stranger.sendto(b"not yours", first.sock.sock.getsockname())
    assert drain(first, 0.02) == []
    stranger.close()


def test_udp_a_host_numbers_eight_senders_and_strays_never_lock_it_out(boards):
    """hal/link/peers.py: a full table gives a newcomer the number of the sender heard from least recently,
    unless the host has kept it (a seated guest); with every number kept, a newcomer is ignored."""
    from hal.link import socketpool as link_socketpool

    host, port = listening_host()
    guests = [link_socketpool.make(join=("127.0.0.1", port)) for _ in range(10)]
    for g in guests[:8]:
        g.send(0, b"hi", 2)
    assert len(drain(host, 0.05)) == 8 and len(host.peers) == 8
    host.keep(0)  # the first sender has a seat
    for g in guests[8:]:
        g.send(0, b"hi", 2)
    got = drain(host, 0.05)
    assert len(got) == 2 and len(host.peers) == 8  # the newcomers took stray senders' numbers, not the kept one
    guests[0].send(0, b"me", 2)
    assert drain(host, 0.05) and host.peer == 0
    for i in range(8):
        host.keep(i)
    guests[1].send(0, b"hi", 2)  # a stray whose number went to a newcomer: every number is kept now
    assert drain(host, 0.05) == []


def test_udp_a_quiet_socket_and_an_unreachable_host_are_no_packet(boards):
    from hal.link import socketpool as link_socketpool

    guest = link_socketpool.make(join=("127.0.0.1", free_port()))  # nobody listens there
    buf = bytearray(MTU)
    start = time.perf_counter()
    for _ in range(30):
        assert guest.recv_into(buf) == 0
    assert time.perf_counter() - start < 15  # a read that waited would wait for ever; at once is microseconds
    for _ in range(3):
        guest.send(0, b"anyone?", 7)
        assert drain(guest, 0.01) == []  # the port-unreachable report is no packet
    guest.send(5, b"x", 1)  # no such peer
    guest.close()
    assert link_socketpool.address() == "127.0.0.1"


# ---- ESP-NOW ---------------------------------------------------------------------------------

def hello(session=SESSION, nonce=1):
    p = Packet(session)
    buf = p.begin(K_HELLO, 0, 0)
    buf[15] = nonce
    buf[16] = 0
    return bytes(buf[:p.finish(2)])


def welcome(session=SESSION, nonce=1):
    """A WELCOME to seat 1 for the HELLO of nonce (hello()'s), then five bytes of a game."""
    p = Packet(session)
    buf = p.begin(K_WELCOME, 0, 0)
    buf[15:23] = bytes([1, nonce & 0xFF, nonce >> 8, 3, 4, 5, 6, 7])
    return bytes(buf[:p.finish(8)])


def test_espnow_packets_cross_both_ways_with_the_hosts_mac(boards):
    import espnow
    from hal.link.espnow import EspNowLink

    host_radio, guest_radio = espnow.ESPNow(4096), espnow.ESPNow(4096)
    host, guest = EspNowLink(host_radio), EspNowLink(guest_radio, join=host_radio.mac)
    buf = bytearray(MTU)
    h = hello()
    guest.send(0, h, len(h))
    assert host.recv_into(buf) == len(h) and host.peer == 0 and host.macs == [guest_radio.mac]
    rng = random.Random(9)
    for n in range(1, MTU + 1):
        data = payload(rng, n)
        host.send(0, data, n)
        assert guest.recv_into(buf) == n and bytes(buf[:n]) == data and guest.peer == 0
        guest.send(0, data, n)
        assert host.recv_into(buf) == n and bytes(buf[:n]) == data and host.peer == 0
    assert host.recv_into(buf) == 0 and guest.recv_into(buf) == 0


def test_espnow_a_host_learns_guests_from_their_hello_only(boards):
    import espnow
    from hal.link.espnow import BROADCAST, EspNowLink

    host_radio = espnow.ESPNow(4096)
    host = EspNowLink(host_radio, session=SESSION)
    others = [espnow.ESPNow(4096) for _ in range(3)]
    links = [EspNowLink(r, join=host_radio.mac) for r in others]
    buf = bytearray(MTU)
    links[0].send(0, b"SP junk", 7)  # not a HELLO
    links[1].send(0, hello(session=99), 17)  # another game's
    assert host.recv_into(buf) == 0 and host.macs == [] and host.dropped == 2
    links[2].send(0, hello(), 17)
    links[0].send(0, hello(), 17)
    assert host.recv_into(buf) == 17 and host.peer == 0
    assert host.recv_into(buf) == 17 and host.peer == 1
    assert host.macs == [others[2].mac, others[0].mac]
    assert host_radio.peers.has(others[2].mac) and not host_radio.peers.has(BROADCAST)


def test_espnow_a_host_is_never_locked_out_by_boards_asking_who_hosts(boards):
    """Thirty boards' discovery HELLOs, then a guest's: it is learnt (the number of the board heard from least
    recently that has no seat), its seat's number is kept, and the radio's own table stays within its 20
    (before the mend the host kept the first 16 MACs for ever and heard no one after them)."""
    import espnow
    from hal.link.espnow import MOST_PEERS, EspNowLink

    host_radio = espnow.ESPNow(8192)
    host = EspNowLink(host_radio, session=SESSION)
    buf = bytearray(MTU)
    first = EspNowLink(espnow.ESPNow(4096), join=host_radio.mac)
    first.send(0, hello(), 17)
    assert host.recv_into(buf) == 17 and host.peer == 0
    host.keep(0)  # seated
    for k in range(30):
        asker = EspNowLink(espnow.ESPNow(4096), join=host_radio.mac)
        asker.send(0, hello(session=0, nonce=k), 17)
        assert host.recv_into(buf) == 17, k
        assert len(host_radio.peers) <= MOST_PEERS
    late = espnow.ESPNow(4096)
    guest = EspNowLink(late, join=host_radio.mac)
    guest.send(0, hello(nonce=99), 17)
    assert host.recv_into(buf) == 17 and host.macs[host.peer] == late.mac
    host.send(host.peer, b"SP welcome", 10)
    assert guest.recv_into(buf) == 10
    host.send(0, b"SP still yours", 14)  # the seated board kept its number
    assert first.recv_into(buf) == 14


def offer(code):
    p = Packet(0)
    buf = p.begin(K_OFFER, 0, 0)
    buf[15] = code & 0xFF
    buf[16] = code >> 8
    buf[17] = 0
    buf[18] = 1
    return bytes(buf[:p.finish(4)])


def test_espnow_a_guest_broadcasts_hears_every_offer_and_keeps_to_the_host_that_welcomes_it(boards):
    import espnow
    from hal.link.espnow import BROADCAST, EspNowLink

    host_radio, wrong_radio, other_radio, guest_radio = (espnow.ESPNow(4096) for _ in range(4))
    host = EspNowLink(host_radio, session=SESSION)
    wrong = EspNowLink(wrong_radio, session=99)  # another game's host nearby
    other = EspNowLink(other_radio, join=BROADCAST)  # another guest, looking too
    guest = EspNowLink(guest_radio, join=BROADCAST)
    buf = bytearray(MTU)
    other.send(0, hello(session=0, nonce=2), 17)  # who hosts? everyone hears it
    assert guest.recv_into(buf) == 0 and guest.macs == []  # a guest's HELLO: no host
    assert host.recv_into(buf) == 17 and wrong.recv_into(buf) == 17  # discovery: both hosts learn it
    guest.send(0, hello(session=0), 17)
    assert host.recv_into(buf) == 17 and wrong.recv_into(buf) == 17 and other.recv_into(buf) == 0
    for link, code in ((wrong, 99), (host, SESSION)):
        o = offer(code)
        link.send(link.macs.index(guest_radio.mac), o, len(o))
    for code in (99, SESSION):  # both offers reach the guest, as from peer 0: the player picks one
        assert guest.recv_into(buf) == len(offer(code)) and guest.peer == 0 and (buf[15] | buf[16] << 8) == code
    assert guest.macs == [] and guest_radio.peers.has(BROADCAST)
    guest.send(0, hello(), 17)  # HELLO in the session picked, still to everyone
    assert host.recv_into(buf) == 17 and other.recv_into(buf) == 0
    w = welcome()
    host.send(host.macs.index(guest_radio.mac), w, len(w))
    assert guest.recv_into(buf) == len(w) and guest.peer == 0 and guest.macs == [host_radio.mac]
    assert guest.everyone is None and not guest_radio.peers.has(BROADCAST)
    wrong.recv_into(buf)  # (the wrong host heard that HELLO too: its engine drops it)
    # from now on: to the host only, and only the host is heard
    guest.send(0, b"SP only to you", 14)
    assert host.recv_into(buf) == 14 and other.recv_into(buf) == 0 and wrong.recv_into(buf) == 0
    for packet in (welcome(session=99), offer(99)):
        wrong.send(wrong.macs.index(guest_radio.mac), packet, len(packet))
        assert guest.recv_into(buf) == 0


def test_espnow_a_guest_told_its_session_takes_that_sessions_welcome_only(boards):
    import espnow
    from hal.link.espnow import BROADCAST, EspNowLink

    host_radio, wrong_radio, guest_radio = (espnow.ESPNow(4096) for _ in range(3))
    guest = EspNowLink(guest_radio, join=BROADCAST, session=SESSION)
    buf = bytearray(MTU)
    guest.send(0, hello(), 17)
    for radio, session in ((wrong_radio, 99), (host_radio, SESSION)):
        radio.peers.append(espnow.Peer(guest_radio.mac, lmk=None))
        radio.send(welcome(session=session), radio.peers[0])
    assert guest.recv_into(buf) == len(welcome()) and guest.macs == [host_radio.mac] and guest.dropped == 1


def test_espnow_a_guest_latches_only_onto_a_welcome_it_accepts_not_a_strangers_junk(boards):
    """Issue 36 (as the browser's tabs, item 5): a broadcasting guest has said HELLO (nonce 5); a third board's 22
    bytes whose 4th is K_WELCOME, a WELCOME with a wrong CRC and one of the session for another nonce come first:
    none is its host's, the real host's WELCOME is (before, the junk's board was taken for the host and the real
    host's packets dropped for good)."""
    import espnow
    from engine.link.wire import VERSION
    from hal.link.espnow import BROADCAST, EspNowLink

    host_radio, stray_radio, guest_radio = (espnow.ESPNow(4096) for _ in range(3))
    guest = EspNowLink(guest_radio, join=BROADCAST)
    stray = EspNowLink(stray_radio, join=BROADCAST)
    buf = bytearray(MTU)
    guest.send(0, hello(nonce=5), 17)
    junk = bytes([0x53, 0x50, VERSION, K_WELCOME, SESSION & 0xFF, SESSION >> 8]) + bytes(16)
    spoilt = bytearray(welcome(nonce=5))
    spoilt[-1] ^= 1
    for packet in (junk, bytes(spoilt), welcome(nonce=6), welcome(session=99, nonce=5)):
        stray.send(0, packet, len(packet))
    assert guest.recv_into(buf) == 0 and guest.macs == [] and guest.dropped == 4
    host_radio.peers.append(espnow.Peer(guest_radio.mac, lmk=None))
    w = welcome(nonce=5)
    host_radio.send(w, host_radio.peers[0])
    assert guest.recv_into(buf) == len(w) and guest.macs == [host_radio.mac] and guest.peer == 0
    stray.send(0, w, len(w))  # the real one copied by a stranger: not its host
    assert guest.recv_into(buf) == 0


def linked_boards(hosts=1, guests=1, seats=1):
    """Engine hosts of SESSION (``seats`` guest seats each) and guests joining by discovery, each over its board's
    ESP-NOW link (the guests broadcast): (hosts, guests, step(ms)), step running the fake clock a frame at a time."""
    from hal.link.espnow import BROADCAST, make

    hs = [Host(make(session=SESSION), SESSION, seats + 1, bytes([0, 1]) + b"{}", guest_seats=range(1, seats + 1))
          for _ in range(hosts)]
    gs = [Guest(make(join=BROADCAST), 0, nonce=70 + k) for k in range(guests)]
    clock = [0]

    def step(ms, each=None):
        for _ in range(ms // 33):
            clock[0] += 33
            now = clock[0]
            for h in hs:
                h.poll(now)
                if each is not None:
                    each()  # after the host has read, before the guests send
                h.send(now)
            for g in gs:
                g.poll(now)
                if g.seat < 0 and g.offer is not None and not g.rx.session:
                    g.join(g.offer[0])

    return hs, gs, step


def test_espnow_a_guest_joining_a_full_game_is_told_so(boards):
    """Issue 36 (as the browser's tabs, item 8): K_REFUSE reaches a broadcasting guest that has no host yet, so a
    board joining a full game says so (before, the REFUSE was dropped and it said no host answers)."""
    from engine.link.wire import FULL

    (host,), (first, late), step = linked_boards(guests=2)
    late.rx.session = -1  # the second board waits (it takes no offer) ...
    step(1000)
    assert first.seat == 1 and [r.seat for r in host.remotes] == [1]
    late.join(SESSION)  # ... then joins the code the host's screen shows (a full host offers none): no seat
    step(1000)
    assert late.refused == FULL and late.seat < 0 and late.link.macs == []
    for link in [host.link] + [g.link for g in (first, late)]:
        link.close()


def test_espnow_two_hosts_with_one_code_the_one_the_guest_did_not_pick_frees_its_seat_at_once(boards):
    """Issue 36 (as the browser's tabs, item 7): both hosts of the code welcome the guest's broadcast HELLO; it
    plays with the first and says BYE to the other, which frees the seat at once (before, it kept the seat for
    nobody and sat at "Link quiet" for 10 s)."""
    hosts, (guest,), step = linked_boards(hosts=2)
    step(1000)
    assert guest.seat == 1
    picked = [h for h in hosts if h.link.now.mac in guest.link.macs]
    other = [h for h in hosts if h not in picked]
    assert len(picked) == 1 and [r.seat for r in picked[0].remotes] == [1]
    assert other[0].remotes == [] and other[0].free == [1] and not other[0].paused
    assert len(guest.link.now.peers) == 1  # the BYE's peer taken off the radio's table again
    for link in [h.link for h in hosts] + [guest.link]:
        link.close()


@pytest.mark.parametrize("mix", ["junk", "hello"])
def test_espnow_a_flood_from_a_third_board_neither_ends_the_game_nor_crowds_out_the_seated_guest(boards, mix):
    """Issue 36 (as the browser's tabs, item 6): 64 packets a frame broadcast by a third board (four-byte junk and
    link packets of no session of this game, or HELLOs of this game's code) for longer than a host waits for a
    quiet guest: the guest stays seated and the host keeps its seat for it."""
    from engine.link.wire import K_PING
    from hal.link.espnow import BROADCAST, make

    (host,), (guest,), step = linked_boards()
    step(1000)
    assert guest.seat == 1
    stray = make(join=BROADCAST)
    h = hello(nonce=9)
    p = Packet(77)
    p.begin(K_PING, 0, 0)
    ping = bytes(p.buf[:p.finish(10)])

    def flood():
        for i in range(64):
            packet = h if mix == "hello" or i % 3 == 1 else b"SPIT" if i % 3 == 0 else ping
            stray.send(0, packet, len(packet))

    step(15000, flood)  # past GONE_MS (10 s)
    assert not guest.gone and not guest.paused and guest.seat == 1
    assert [r.seat for r in host.remotes] == [1] and not host.paused
    for link in (host.link, guest.link, stray):
        link.close()


def test_espnow_radio_errors_are_lost_packets(boards):
    import espnow
    from hal.link.espnow import EspNowLink

    host_radio, guest_radio = espnow.ESPNow(4096), espnow.ESPNow(600)
    host, guest = EspNowLink(host_radio), EspNowLink(guest_radio, join=host_radio.mac)
    buf = bytearray(MTU)
    guest.send(0, hello(), 17)
    assert host.recv_into(buf) == 17
    host_radio.peers.remove(host.targets[0])  # the radio forgets the peer: ESP-IDF refuses the send
    host.send(0, b"lost", 4)
    assert host.errors == 1 and guest.recv_into(buf) == 0
    host_radio.peers.append(host.targets[0])
    for _ in range(5):
        host.send(0, bytes(MTU), MTU)  # 600 bytes of buffer: two are kept, the rest lost
    assert len(drain(guest, 0.01)) == 2 and guest_radio.read_failure == 3
    host.send(7, b"x", 1)  # no such peer
    guest_radio.deinit()  # the guest's radio gone: a read error is no packet
    assert guest.recv_into(buf) == 0 and guest.errors == 1
    guest.send(0, b"x", 1)
    assert guest.errors == 2


def test_espnow_close_takes_its_peers_off_and_lets_go_of_a_radio_it_made(boards):
    import espnow
    from hal.link import espnow as link_espnow

    host = link_espnow.make()
    guest = link_espnow.make(join=host.now.mac)
    assert host.now.buffer_size == 4096 and guest.now.peers.has(host.now.mac)
    guest.close()
    assert len(guest.now.peers) == 0 and guest.now.deinited
    given = espnow.ESPNow()
    link = link_espnow.EspNowLink(given, join=link_espnow.BROADCAST)
    link.close()
    assert len(given.peers) == 0 and not given.deinited


# ---- the whole protocol through each transport ---------------------------------------------

def play(host_link, guest_link, actions=300, own=150, seconds=120, settle=None):
    """A host and a guest polled in one loop on a fake clock (1 ms a turn), from discovery (session 0) on.

    The guest asks who hosts, joins the code offered, and sends actions; the
    host adds its own seat's too, hands them over through a Sequencer and logs
    them. The clock moves only with the loop, so a busy machine (tests run in
    parallel) slows the game down but changes none of its timing; ``seconds``
    of the real clock only bound a test that hangs. settle(), when given, runs
    before each turn: it waits for what is in flight on a wire that takes real
    time (a pty), so that the fake clock never runs ahead of it. Returns
    (host, guest, actions sent, the host's own, applied, taken).
    """
    host = Host(host_link, SESSION, 2, bytes([0, 1]) + b"{}", guest_seats=range(1, 2),
                press_rate=0)  # a throughput test: far more actions a second than a person makes
    shown = Recorder()  # these actions show no card
    guest = Guest(guest_link, 0, nonce=77)
    seq = Sequencer(64, 2)
    sent, mine, applied, taken = [], [], [], []
    entry = [0] * 5
    start = time.monotonic()
    done_at = None
    now = 0
    while time.monotonic() - start < seconds:
        if settle is not None:
            settle()
        now += 1
        host.poll(now)
        guest.poll(now)
        if guest.seat < 0 and guest.offer is not None:
            guest.join(guest.offer[0])  # the code the host's screen shows
        k = len(sent)
        if guest.seat == 1 and k < actions and guest.add(guest.clock.host_ms(now), 1 + k % 9, k & 0xFF, k >> 8):
            sent.append((1 + k % 9, k & 0xFF, k >> 8))
        k = len(mine)
        if k < own and len(sent) > 2 * k and host.add(now, 0, 20 + k % 5, k & 0xFF, k >> 8):
            mine.append((20 + k % 5, k & 0xFF, k >> 8))
        host.due(now - host.delay_ms, seq, 0)
        seq.sort()
        for j in range(seq.n):
            i = seq.order[j]
            row = (seq.t[i], seq.player[i], seq.verb[i], seq.a[i], seq.b[i])
            applied.append(row)
            host.record(*row, shown)
        seq.n = 0
        host.send(now)
        while guest.take(entry):
            taken.append(tuple(entry))
        if len(taken) == actions + own and done_at is None:
            done_at = now
        if done_at is not None and now - done_at > 300:  # a moment more: nothing comes twice
            break
    return host, guest, sent, mine, applied, taken


def check(result, actions=300, own=150):
    host, guest, sent, mine, applied, taken = result
    assert len(sent) == actions and len(mine) == own
    assert [r[2:] for r in applied if r[1] == 1] == sent  # each of the guest's actions once, in order
    assert [r[2:] for r in applied if r[1] == 0] == mine
    assert taken == applied  # the guest has the host's log, entry by entry, in the host's order
    assert guest.desynced is False and not host.paused
    assert guest.rx.session == SESSION and guest.seat == 1  # paired through the host's offer


class Counted:
    """A UART that counts the bytes written to it and read from it."""

    def __init__(self, uart):
        self.uart = uart
        self.wrote = self.read = 0

    @property
    def in_waiting(self):
        return self.uart.in_waiting

    def write(self, buf):
        self.wrote += len(buf)
        return self.uart.write(buf)

    def readinto(self, buf):
        got = self.uart.readinto(buf)
        self.read += got or 0
        return got


def crossed(a, b, seconds=WAIT_S):
    """A settle() for play(): wait until every byte each Counted end wrote (less what its full cable lost) is
    at the other end, read or waiting."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if all(src.wrote - src.uart.end.lost <= dst.read + dst.in_waiting for src, dst in ((a, b), (b, a))):
            return
        time.sleep(0.0001)


def test_the_protocol_over_the_uart(boards):
    """Through the pseudo-terminal: each turn of the fake clock waits until the bytes sent have crossed (the
    tty's hand-over takes real time, which a loaded machine stretches; before, the game ran out of its 60 s)."""
    from hal.link.uart import UartLink

    a, b = uart_pair(boards["busio"])
    ends = Counted(a.port), Counted(b.port)
    a, b = UartLink(ends[0]), UartLink(ends[1])
    check(play(a, b, settle=lambda: crossed(*ends)))
    assert a.dropped == b.dropped == 0


class Noisy:
    """A UART that damages what it sends now and then: a byte flipped, lost or added, or garbage between frames."""

    def __init__(self, uart, seed):
        self.uart = uart
        self.rng = random.Random(seed)
        self.damaged = 0

    @property
    def in_waiting(self):
        return self.uart.in_waiting

    def readinto(self, buf):
        return self.uart.readinto(buf)

    def write(self, buf):
        data = bytearray(buf)
        rng = self.rng
        if rng.random() < 0.15:
            self.damaged += 1
            i = rng.randrange(len(data))
            what = rng.randrange(4)
            if what == 0:
                data[i] ^= 1 << rng.randrange(8)
            elif what == 1:
                del data[i]
            elif what == 2:
                data.insert(i, rng.randrange(256))
            else:
                data[:0] = payload(rng, rng.randrange(1, 40))
        return self.uart.write(data)


def test_the_protocol_over_a_noisy_uart(boards):
    """15% of frames each way damaged on the wire: each is dropped, sent again, and the game is whole."""
    from hal.link.uart import UartLink

    a, b = uart_pair(boards["busio"], "memory")  # bytes cross at once: nothing depends on the machine's speed
    a, b = UartLink(Noisy(a.port, 1)), UartLink(Noisy(b.port, 2))
    check(play(a, b))
    assert a.port.damaged > 20 and b.port.damaged > 20 and a.dropped + b.dropped > 20


def test_the_protocol_over_udp(boards):
    host, guest = udp_pair()
    check(play(host, guest))


def test_the_protocol_over_espnow_with_a_guest_that_broadcasts(boards):
    from hal.link import espnow as link_espnow

    host = link_espnow.make(session=SESSION)
    guest = link_espnow.make(join=link_espnow.BROADCAST, session=SESSION)
    check(play(host, guest))
    assert guest.macs == [host.now.mac] and host.now.read_failure == guest.now.read_failure == 0


# ---- the bundles and the type check ----------------------------------------------------------

def test_the_boards_bundles_name_their_transports():
    import bundle

    for board in ("pybadge", "edgebadge", "pygamer"):
        assert "hal.link.uart" in bundle.entries(board)
    for board in ("raspberry_pi_pico_w", "raspberry_pi_pico2_w"):
        assert "hal.link.socketpool" in bundle.entries(board)
    assert not any(m.startswith("hal.link") for m in bundle.entries("raspberry_pi_pico"))


@pytest.mark.typecheck
def test_the_link_modules_type_check_against_an_esp32_s3_boards_stubs():
    """No bundle is for an ESP32 yet: mypy checks all three modules as tools/board/typecheck.py checks a bundle's hal/."""
    import typecheck

    with tempfile.TemporaryDirectory(prefix="spit-mypy-links-") as work:
        stubs = os.path.join(work, "stubs")
        typecheck.board_stub("adafruit_feather_esp32s3_tft", stubs)
        config = os.path.join(work, "mypy.ini")
        with open(config, "w", encoding="utf-8") as f:
            f.write(typecheck.CONFIG.format(stubs=stubs, lib=os.path.join(work, "lib"),
                                            cache=os.path.join(work, "cache"), libs="none"))
        done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", config]
                              + ["hal/%s.py" % m[4:].replace(".", "/") for m in LINKS],
                              cwd=ROOT, capture_output=True, text=True)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert typecheck.counted(output) == []
