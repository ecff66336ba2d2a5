"""Link play between two tabs of the page on one machine: a BroadcastChannel (desktop/browser.py).

A transport as desktop/link/udp.py's (docs/link.md): ``send(peer, buf, n)``,
``recv_into(buf)`` with ``peer`` naming the sender, ``close()``. The page's
side (web/spit.js) opens the channel: ``opener(deliver)`` returns an object
with ``id`` (this tab's, random), ``post(to, data)`` (to another tab's id,
or None: every tab of the page) and ``close()``, and calls ``deliver(sender,
to, data)`` for each message another tab posts. Every tab of the site hears a
message to everyone, so each end keeps to its own, as ESP-NOW's broadcasting
guest does (hal/link/espnow.py):

- a host numbers the tabs that send it a HELLO (hal/link/peers.py, at most
  16); the messages of the tabs it has seated wait in one queue (WAITING),
  everyone else's in another (STRAYS), so a flood from a third tab loses
  only strangers' messages, never a seated guest's;
- a guest posts to everyone until a host welcomes it, passes on meanwhile
  every host's OFFER and REFUSE (a full game, or one too far on to join, is
  told so; peer 0 stands for "whoever answers"), and latches onto the tab
  whose WELCOME it accepts: one of this version whose CRC and session are
  right and that carries the nonce of the guest's own HELLO (junk that only
  looks like a WELCOME is dropped). From then on it hears and posts to that
  host only; another host tab of the same code that welcomes it too (its
  HELLO went to every tab) is told BYE, so it frees the seat at once, as a
  UDP guest, which says HELLO to one host, never holds two.

Beyond a queue's bound messages are lost, which the protocol sends again.
"""

from engine.link.wire import HEADER, K_BYE, K_HELLO, K_OFFER, K_REFUSE, K_WELCOME, MTU, VERSION, Packet
from hal.link.peers import Peers

MOST_PEERS = 16  # tabs a host keeps numbers for
WAITING = 64  # messages of this end's own peers kept until read (a seated guest's, a guest's host's)
STRAYS = 32  # ... and of every other tab (as many as engine.link.wire.READ_MOST strangers' read in a poll)


def _kind(msg):
    """The link kind of a message (-1 when it is not one of this version's)."""
    if len(msg) < HEADER + 2 or msg[0] != 0x53 or msg[1] != 0x50 or msg[2] != VERSION:
        return -1
    return msg[3]


class BroadcastLink:
    """One tab's end: a host's (joining False) or a guest's."""

    def __init__(self, opener, joining):
        self.joining = joining
        self.inbox = []  # (sender, data) of this end's own peers
        self.strays = []  # ... of the others
        self.peer = -1
        self.host = None  # a guest's host, once this tab has accepted its WELCOME
        self.hello = None  # a guest's last HELLO: (session, nonce), what a WELCOME for it must carry
        self.check = None  # a Packet decoding a WELCOME in that session (its CRC and size)
        self.peers = Peers(MOST_PEERS)
        self.dropped = 0  # messages not for this end, not link messages, or beyond a queue's bound
        self.closed = False
        self.channel = opener(self.deliver)
        self.id = str(self.channel.id)

    def deliver(self, sender, to, data):
        """A message another tab posted (the page calls this)."""
        if self.closed or (to is not None and str(to) != self.id):
            self.dropped += 1
            return
        data = bytes(data.to_bytes() if hasattr(data, "to_bytes") else data)
        sender = str(sender)
        if not len(data) <= MTU or _kind(data) < 0:
            self.dropped += 1  # not a link message: it costs no room in a queue
            return
        if self._own(sender):
            queue, most = self.inbox, WAITING
        elif self._heard(_kind(data), data):
            queue, most = self.strays, STRAYS
        else:
            self.dropped += 1  # a message this end would drop unread: it takes no room in a queue
            return
        if len(queue) >= most:
            self.dropped += 1
            return
        queue.append((sender, data))

    def _heard(self, kind, data):
        """Is a message of kind from a stranger one this end reads: a host, a HELLO; a guest with a host, a WELCOME
        of another host tab for it (answered BYE); a guest without one, an OFFER, REFUSE or WELCOME for it?"""
        if not self.joining:
            return kind == K_HELLO
        if kind == K_WELCOME:
            return self._welcomes_me(data)
        return self.host is None and (kind == K_OFFER or kind == K_REFUSE)

    def _own(self, sender):
        """Is sender this end's own peer: a guest's host, or a guest the host has seated?"""
        if self.joining:
            return self.host is not None and sender == self.host
        i = self.peers.find(sender)
        return i >= 0 and self.peers.kept[i] == 1

    def send(self, peer, buf, n):
        """Post the first n bytes of buf to a peer (a guest without a host yet: to every tab)."""
        if self.closed or not 0 < n <= MTU:
            return
        if self.joining:
            if n >= HEADER + 2 and buf[3] == K_HELLO:
                self._hello(buf[4] | buf[5] << 8, buf[HEADER] | buf[HEADER + 1] << 8)
            to = self.host
        elif 0 <= peer < len(self.peers):
            to = self.peers[peer]
        else:
            return
        self._post(to, bytes(buf[:n]))

    def _post(self, to, data):
        try:
            self.channel.post(to, data)
        except Exception:  # a channel the browser closed: a lost packet, sent again by the protocol
            pass

    def _hello(self, session, nonce):
        """The guest says HELLO in session with nonce: a WELCOME must carry them; another pairing forgets the host."""
        if self.hello != (session, nonce):
            self.hello = (session, nonce)
            self.check = Packet(session)
            self.host = None

    def _welcomes_me(self, data):
        """Is data a WELCOME this guest accepts: this version, its session, a right CRC and size, its nonce?"""
        if self.hello is None or self.hello[0] == 0:
            return False
        if self.check.decode(data, len(data)) != K_WELCOME:
            return False
        return (data[HEADER + 1] | data[HEADER + 2] << 8) == self.hello[1]

    def _bye(self, to):
        """Tell a host tab this guest plays elsewhere (its nonce: the host believes it and frees the seat)."""
        session, nonce = self.hello
        p = Packet(session)
        buf = p.begin(K_BYE, 0, 0)
        buf[HEADER] = nonce & 0xFF
        buf[HEADER + 1] = nonce >> 8
        self._post(to, bytes(buf[:p.finish(2)]))

    def recv_into(self, buf):
        """The next message into buf: its length (0: none waiting); ``peer`` is who sent it."""
        while self.inbox or self.strays:
            sender, data = (self.inbox or self.strays).pop(0)
            kind = _kind(data)
            if len(data) > len(buf):
                self.dropped += 1
                continue
            if self.joining:
                if sender != self.host:
                    if kind == K_WELCOME and self._welcomes_me(data):
                        if self.host is not None:
                            self._bye(sender)  # a second host of this code seated this guest: it is let go
                            self.dropped += 1
                            continue
                        self.host = sender  # its host: from now on only this tab
                    elif self.host is not None or not (kind == K_OFFER or kind == K_REFUSE):
                        self.dropped += 1  # another guest's HELLO, a WELCOME for no one here, junk
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
            self.strays = []
            try:
                self.channel.close()
            except Exception:
                pass
