"""Link play over UDP on a desktop: two simulator windows on one machine, or two machines on a LAN.

A transport (docs/link.md) is ``send(peer, buf, n)``, ``recv_into(buf)``
(the bytes of the next packet, 0 when none has come; ``peer`` then names its
sender) and ``close()``. Peers are small numbers in the order they were
first heard from; a guest's only peer, 0, is its host. Nothing blocks.
"""

import socket

PORT = 47474  # the host's default port


class UdpLink:
    """A non-blocking UDP socket: a host listens on port; a guest sends to (address, port)."""

    def __init__(self, port=PORT, join=None, bind="0.0.0.0"):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setblocking(False)
        if join is None:
            self.sock.bind((bind, port))
            self.peers = []
        else:
            self.sock.bind((bind, 0))
            self.peers = [(socket.gethostbyname(join[0]), join[1])]
        self.joining = join is not None
        self.peer = -1
        self.port = self.sock.getsockname()[1]

    def send(self, peer, buf, n):
        """Send the first n bytes of buf to a peer (a lost packet is the protocol's business)."""
        try:
            self.sock.sendto(memoryview(buf)[:n], self.peers[peer])
        except OSError:
            pass  # no route, a full buffer: the protocol sends again

    def recv_into(self, buf):
        """The next packet into buf: its length (0: none waiting); ``peer`` is who sent it."""
        while True:
            try:
                n, addr = self.sock.recvfrom_into(buf)
            except (BlockingIOError, InterruptedError):
                return 0
            except OSError:
                return 0  # a port unreachable report from an earlier send
            if addr in self.peers:
                self.peer = self.peers.index(addr)
                return n
            if self.joining:
                continue  # a guest hears only its host
            self.peers.append(addr)
            self.peer = len(self.peers) - 1
            return n

    def close(self):
        self.sock.close()


def open_link(join=None):
    """The desktop's link (hal's ``open_link``): a host on PORT (join None), or a guest of join ("ADDRESS" or
    "ADDRESS:PORT"; "" is this machine: two windows)."""
    if join is None:
        return UdpLink(PORT)
    address, _, port = (join or "127.0.0.1").partition(":")
    return UdpLink(join=(address, int(port) if port.isdigit() else PORT))
