"""Link play over UDP on a desktop: two simulator windows on one machine, or two machines on a LAN.

A transport (docs/link.md) is ``send(peer, buf, n)``, ``recv_into(buf)``
(the bytes of the next packet, 0 when none has come; ``peer`` then names its
sender) and ``close()``. Peers are small numbers in the order they were
first heard from; a guest's only peer, 0, is its host. Nothing blocks.
"""

import socket

from hal.link.peers import Peers

PORT = 47474  # the host's default port
MOST_PEERS = 16  # senders a host keeps numbers for (hal/link/peers.py)


class UdpLink:
    """A non-blocking UDP socket: a host listens on port; a guest sends to (address, port)."""

    def __init__(self, port=PORT, join=None, bind="0.0.0.0"):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setblocking(False)
        if join is None:
            self.sock.bind((bind, port))
            self.peers = Peers(MOST_PEERS)
        else:
            self.sock.bind((bind, 0))
            self.peers = Peers(1, (socket.gethostbyname(join[0]), join[1]))
        self.joining = join is not None
        self.peer = -1
        self.port = self.sock.getsockname()[1]

    def send(self, peer, buf, n):
        """Send the first n bytes of buf to a peer (a lost packet is the protocol's business)."""
        try:
            self.sock.sendto(memoryview(buf)[:n], self.peers[peer])
        except (OSError, OverflowError, IndexError):
            pass  # no route, a full buffer, a peer renumbered: the protocol sends again

    def recv_into(self, buf):
        """The next packet into buf: its length (0: none waiting); ``peer`` is who sent it."""
        while True:
            try:
                n, addr = self.sock.recvfrom_into(buf)
            except (BlockingIOError, InterruptedError):
                return 0
            except OSError:
                return 0  # a port unreachable report from an earlier send
            i = self.peers.find(addr) if self.joining else self.peers.number(addr)
            if i < 0:
                continue  # a guest hears only its host; a host whose numbers are all kept, no newcomer
            self.peer = i
            return n

    def keep(self, peer, on=True):
        """The host has seated this peer: its number is never given to another sender (hal/link/peers.py)."""
        self.peers.keep(peer, on)

    def close(self):
        self.sock.close()


def open_link(join=None):
    """The desktop's link (hal's ``open_link``): a host on PORT (join None), or a guest of join ("ADDRESS" or
    "ADDRESS:PORT"; "" is this machine: two windows)."""
    if join is None:
        return UdpLink(PORT)
    address, _, port = (join or "127.0.0.1").partition(":")
    return UdpLink(join=(address, int(port) if port.isdigit() else PORT))
