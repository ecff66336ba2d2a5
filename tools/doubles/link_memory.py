"""Link play in one process: an in-memory medium between transports (tests, tools/linkfair.py).

``Medium`` carries packets between ``MemoryLink`` ends, which have the
transport interface of docs/link.md (desktop/link/udp.py's). Setting
``medium.cut`` loses every packet, as a link gone quiet does.
"""


class Medium:
    """Where the ends' packets travel: each end has an inbox of (sender end, bytes)."""

    def __init__(self):
        self.ends = []
        self.cut = False  # True: every packet is lost (a link gone quiet)
        self.most = 0  # packets an end's inbox holds (0: any number); more are lost, as a full socket's are
        self.lost = 0


class MemoryLink:
    """One end of a Medium; ``to`` is the end a guest sends to (its host)."""

    def __init__(self, medium, to=None):
        self.medium = medium
        self.inbox = []
        self.peers = [] if to is None else [to]
        self.joining = to is not None
        self.peer = -1
        self.closed = False
        medium.ends.append(self)

    def send(self, peer, buf, n):
        if not self.medium.cut and not self.closed:
            inbox = self.peers[peer].inbox
            if self.medium.most and len(inbox) >= self.medium.most:
                self.medium.lost += 1
                return
            inbox.append((self, bytes(buf[:n])))

    def recv_into(self, buf):
        while self.inbox:
            sender, data = self.inbox.pop(0)
            if sender not in self.peers:
                if self.joining:
                    continue
                self.peers.append(sender)
            self.peer = self.peers.index(sender)
            buf[:len(data)] = data
            return len(data)
        return 0

    def close(self):
        self.closed = True
