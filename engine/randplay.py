"""Random legal play: two players who pick uniformly among their useful legal actions.

Used by the demo, the benchmarks and the property tests. Time advances by a
random human-like gap between actions; now and then both players act at the
same millisecond, so the C-4 tie rule and refused races are exercised too.
"""

from engine.rng import Rng
from engine.spit import OVER
from engine.timing import Sequencer


class RandomPlay:
    """Drives one game with random legal actions; allocates nothing per action."""

    def __init__(self, game, seed=1):
        self.game = game
        self.rng = Rng(seed)
        self.seq = Sequencer(4, game.players)
        self.out = (bytearray(3 * 48), bytearray(3 * 48))
        self.t = 0
        self.log = None  # a list to record (t, player, verb, a, b) into

    def step(self):
        """Queue one or two random actions at the next instant and apply them; return how many."""
        game = self.game
        rng = self.rng
        self.t += 1 + rng.below(400)
        p = rng.below(2)
        n = game.legal(p, self.out[p])
        if not n:
            p = 1 - p
            n = game.legal(p, self.out[p])
            if not n:
                return 0
        self._queue(p, n)
        if rng.below(8) == 0:  # the other player acts at the same instant
            q = 1 - p
            m = game.legal(q, self.out[q])
            if m:
                self._queue(q, m)
        return self.seq.flush(game)

    def _queue(self, p, n):
        out = self.out[p]
        i = 3 * self.rng.below(n)
        self.seq.add(self.t, p, out[i], out[i + 1], out[i + 2])
        if self.log is not None:
            self.log.append((self.t, p, out[i], out[i + 1], out[i + 2]))

    def play(self, limit=100000):
        """Play until the game is over or limit actions were applied; return the number applied."""
        count = 0
        game = self.game
        while game.phase != OVER and count < limit:
            k = self.step()
            if not k:
                break
            count += k
        return count
