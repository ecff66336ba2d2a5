"""The sending buffer's first n bytes as a memoryview, each made once: a radio's send takes no length.

socketpool's ``sendto`` and espnow's ``send`` send a whole buffer, and a
slice would be a new object per packet; ``Views.of(buf, n)`` keeps one
memoryview per length of the buffer last sent from (hal/link/socketpool.py,
hal/link/espnow.py).
"""

from engine.link.wire import MTU


class Views:
    """memoryviews of one buffer, by length, made the first time each length is sent."""

    def __init__(self):
        self.views = [None] * (MTU + 1)  # type: list
        self.viewed = None
        self.mv = memoryview(b"")

    def of(self, buf, n):
        """buf[0:n] as a memoryview, made once per length of the same buffer."""
        views = self.views
        if buf is not self.viewed:
            self.viewed = buf
            self.mv = memoryview(buf)
            for i in range(MTU + 1):
                views[i] = None
        v = views[n]
        if v is None:
            v = views[n] = self.mv[:n]
        return v
