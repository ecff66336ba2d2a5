"""A host transport's table of the addresses it has heard from, bounded (desktop/link/udp.py, hal/link/socketpool.py).

Peers are numbered in the order they were first heard from (docs/link.md).
The table holds at most ``most``; when it is full, a new sender takes the
number of the one heard from least recently that the host has not kept
(``keep``: a guest with a seat), so stray senders, floods from many ports or
guests that started again never lock a host out. With every number kept, a
new sender is ignored.
"""


class Peers:
    """Addresses by number: ``number(addr)`` finds or makes one (-1: the table is full of kept ones)."""

    def __init__(self, most, first=None):
        self.most = most
        self.addrs = [] if first is None else [first]
        self.heard = [0] * most  # when each was last heard from (a count of packets)
        self.kept = bytearray(most)
        self.count = 0

    def __getitem__(self, i):
        return self.addrs[i]

    def __len__(self):
        return len(self.addrs)

    def find(self, addr):
        """The number of addr, or -1 when it has none."""
        addrs = self.addrs
        for i in range(len(addrs)):
            if addrs[i] == addr:
                return i
        return -1

    def number(self, addr):
        """addr's number, made when it has none (-1 when every number is kept); it was heard from now."""
        i = self.find(addr)
        if i < 0:
            if len(self.addrs) < self.most:
                self.addrs.append(addr)
                i = len(self.addrs) - 1
            else:
                i = self._oldest()
                if i < 0:
                    return -1
                self.addrs[i] = addr
        self.count += 1
        self.heard[i] = self.count
        return i

    def _oldest(self):
        best = -1
        for i in range(len(self.addrs)):
            if not self.kept[i] and (best < 0 or self.heard[i] < self.heard[best]):
                best = i
        return best

    def keep(self, i, on=True):
        """Never give number i to another sender (on False: it may be given again)."""
        if 0 <= i < self.most:
            self.kept[i] = 1 if on else 0
