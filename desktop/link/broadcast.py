"""Link play between two tabs of the page on one machine: a BroadcastChannel (desktop/browser.py).

A transport as desktop/link/udp.py's (docs/link.md): ``send(peer, buf, n)``,
``recv_into(buf)`` with ``peer`` naming the sender, ``close()``. The page's
side (web/spit.js) opens the channel: ``opener(deliver)`` returns an object
with ``id`` (this tab's, random), ``post(to, data)`` (to another tab's id,
or None: every tab of the page) and ``close()``, and calls ``deliver(sender,
to, data)`` for each message another tab posts. Every tab hears a message to
everyone, so each end keeps to its own, as ESP-NOW's broadcasting guest does
(hal/link/espnow.py): a host numbers the tabs that send it a HELLO
(hal/link/peers.py, at most 16); a guest posts to everyone until a host
welcomes it, passes on every host's OFFER meanwhile (peer 0 stands for
"whoever answers"), and from the WELCOME on hears and posts to that host only.
At most 64 messages wait; more are lost, which the protocol sends again.
"""

from engine.link.wire import K_HELLO, K_OFFER, K_WELCOME, MTU, VERSION
from hal.link.peers import Peers

MOST_PEERS = 16  # tabs a host keeps numbers for
WAITING = 64  # messages kept until read


def _kind(msg):
    """The link kind of a message (-1 when it is not one of this version's)."""
    if len(msg) < 6 or msg[0] != 0x53 or msg[1] != 0x50 or msg[2] != VERSION:
        return -1
    return msg[3]


class BroadcastLink:
    """One tab's end: a host's (joining False) or a guest's."""

    def __init__(self, opener, joining):
        self.joining = joining
        self.inbox = []
        self.peer = -1
        self.host = None  # a guest's host, once it has welcomed this tab
        self.peers = Peers(MOST_PEERS)
        self.dropped = 0  # messages not for this end, or beyond WAITING
        self.closed = False
        self.channel = opener(self.deliver)
        self.id = str(self.channel.id)

    def deliver(self, sender, to, data):
        """A message another tab posted (the page calls this)."""
        if self.closed or (to is not None and str(to) != self.id) or len(self.inbox) >= WAITING:
            self.dropped += 1
            return
        data = bytes(data.to_bytes() if hasattr(data, "to_bytes") else data)
        if 0 < len(data) <= MTU:
            self.inbox.append((str(sender), data))
        else:
            self.dropped += 1

    def send(self, peer, buf, n):
        """Post the first n bytes of buf to a peer (a guest without a host yet: to every tab)."""
        if self.closed or not 0 < n <= MTU:
            return
        if self.joining:
            to = self.host
        elif 0 <= peer < len(self.peers):
            to = self.peers[peer]
        else:
            return
        try:
            self.channel.post(to, bytes(buf[:n]))
        except Exception:  # a channel the browser closed: a lost packet, sent again by the protocol
            pass

    def recv_into(self, buf):
        """The next message into buf: its length (0: none waiting); ``peer`` is who sent it."""
        while self.inbox:
            sender, data = self.inbox.pop(0)
            kind = _kind(data)
            if len(data) > len(buf) or kind < 0:
                self.dropped += 1
                continue
            if self.joining:
                if self.host is None:
                    if kind == K_WELCOME:
                        self.host = sender  # its host: from now on only this tab
                    elif kind != K_OFFER:
                        self.dropped += 1  # another guest's HELLO
                        continue
                elif sender != self.host:
                    self.dropped += 1
                    continue
                i = 0
            else:
                i = self.peers.find(sender)
                if i < 0:
                    i = self.peers.number(sender) if kind == K_HELLO else -1
                    if i < 0:
                        self.dropped += 1  # a host learns a tab from its HELLO only
                        continue
                else:
                    self.peers.number(sender)  # heard from now
            buf[:len(data)] = data
            self.peer = i
            return len(data)
        return 0

    def keep(self, peer, on=True):
        """The host has seated this peer: its number is never given to another tab."""
        self.peers.keep(peer, on)

    def close(self):
        """Leave the channel."""
        if not self.closed:
            self.closed = True
            self.inbox = []
            try:
                self.channel.close()
            except Exception:
                pass
