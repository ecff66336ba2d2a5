"""A pile of cards: a fixed bytearray and a count, bottom card first."""


class Pile:
    """Cards bottom to top in a preallocated buffer; pushing and popping never allocate."""

    def __init__(self, capacity=54):
        self.buf = bytearray(capacity)
        self.n = 0

    def __len__(self):
        return self.n

    def top(self):
        """The top card, or 0 (no card) when the pile is empty."""
        n = self.n
        return self.buf[n - 1] if n else 0

    def push(self, card):
        """Put a card on top."""
        self.buf[self.n] = card
        self.n += 1

    def pop(self):
        """Take the top card off and return it."""
        self.n -= 1
        return self.buf[self.n]

    def clear(self):
        """Empty the pile."""
        self.n = 0

    def move_all_to(self, other):
        """Put every card of this pile on top of other, keeping their order."""
        buf = self.buf
        obuf = other.buf
        m = other.n
        for i in range(self.n):
            obuf[m + i] = buf[i]
        other.n = m + self.n
        self.n = 0

    def load(self, cards):
        """Replace the contents with a sequence of cards, bottom first (setup only)."""
        self.n = 0
        for c in cards:
            self.push(c)

    def cards(self):
        """The cards as a new list, bottom first (for tools and tests, not the frame loop)."""
        return list(self.buf[:self.n])

    def names(self):
        """The cards' names as a new list, bottom first (for tools and tests)."""
        from engine.cardnames import name

        return [name(c) for c in self.buf[:self.n]]
