"""Link play over Wi-Fi: UDP through CircuitPython's socketpool (Pico W, Pico 2 W; ESP32-S2/S3 boards).

The boards join the same network (CircuitPython does at start, from
CIRCUITPY_WIFI_SSID and CIRCUITPY_WIFI_PASSWORD in settings.toml). The host
listens on a port; a guest sends to the host's address, which the host's
screen shows (``address()``). A transport as desktop/link/udp.py's, the
desktop's (docs/link.md): ``send(peer, buf, n)``, ``recv_into(buf)`` with
``peer`` naming the sender (peers in the order first heard; a guest's only
peer, 0, is its host, and it ignores every other sender), ``close()``.

Nothing blocks: the socket is non-blocking, and an OSError (EAGAIN: nothing
waiting; or the network gone) is "no packet". Each length of packet is sent
through a memoryview of the caller's buffer made the first time that length
is sent, so a send allocates nothing after the first few; a receive cannot
help allocating, since ``recvfrom_into`` makes its (address, port) tuple.
On a Pico W a socket holds one datagram until it is read (the next is lost
meanwhile): the protocol sends again (docs/link-transports.md).
"""

from micropython import const  # Blinka's on the desktop

from engine.link.wire import MTU
from hal.link.peers import Peers
from hal.link.views import Views


PORT = const(47474)  # the host's port, as the desktop's
MOST_PEERS = const(8)  # senders a host keeps numbers for (hal/link/peers.py)


class SocketLink:
    """A non-blocking UDP socket of pool: a host listens on port; a guest sends to join, (address, port)."""

    def __init__(self, pool, port=PORT, join=None, bind=""):
        self.sock = pool.socket(pool.AF_INET, pool.SOCK_DGRAM)
        self.sock.setblocking(False)
        if join is None:
            self.sock.bind((bind, port))
            self.peers = Peers(MOST_PEERS)
        else:
            self.peers = Peers(1, (join[0], join[1]))  # an address as "192.168.1.20", as recvfrom_into gives it
        self.joining = join is not None
        self.peer = -1
        self.port = port
        self.views = Views()  # memoryviews of the buffer last sent from, by length

    def send(self, peer, buf, n):
        """Send the first n bytes of buf to a peer (a lost packet is the protocol's business)."""
        if peer < 0 or peer >= len(self.peers) or n <= 0 or n > MTU:
            return
        try:
            self.sock.sendto(self.views.of(buf, n), self.peers[peer])
        except OSError:
            pass  # no route, no memory for it, the network gone: the protocol sends again

    def recv_into(self, buf):
        """The next packet into buf: its length (0: none waiting); ``peer`` is who sent it."""
        peers = self.peers
        while True:
            try:
                n, addr = self.sock.recvfrom_into(buf)
            except OSError:
                return 0  # EAGAIN: nothing waiting (or a port-unreachable report, the network gone)
            i = peers.find(addr) if self.joining else peers.number(addr)
            if i < 0:
                continue  # a guest hears only its host; a host whose numbers are all kept, no newcomer
            self.peer = i
            return n

    def keep(self, peer, on=True):
        """The host has seated this peer: its number is never given to another sender (hal/link/peers.py)."""
        self.peers.keep(peer, on)

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


_POOL = []  # type: list  # CircuitPython allows one SocketPool per radio


def pool():
    """This board's SocketPool on wifi.radio (made once)."""
    if not _POOL:
        import socketpool
        import wifi

        _POOL.append(socketpool.SocketPool(wifi.radio))
    return _POOL[0]


def address():
    """This board's address on the network, as a guest types it ("192.168.1.20"), or None when not joined."""
    import wifi

    ip = wifi.radio.ipv4_address
    return None if ip is None else str(ip)


def make(port=PORT, join=None):
    """The link over this board's Wi-Fi: a host's on port, or a guest's to join, (address, port)."""
    return SocketLink(pool(), port, join)
