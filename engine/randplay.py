"""Random legal play: players who pick uniformly among their useful legal actions (any game).

Used by the demo, the benchmarks and the property tests. Time advances by a
random human-like gap between actions; now and then both players act at the
same millisecond, so the C-4 tie rule and refused races are exercised too.
Where small ints hold 32 bits (64-bit CPython and MicroPython), ``step`` is
engine.randplay32's, with the generator's draws written into it: the same
actions from the same draws (``portable_step`` is this module's).
"""

from engine.rng import Rng, Rng16
from engine.actions import PH_OVER
from engine.timing import Sequencer


def _unread(kind, player, a=255, b=255, card=0):
    """Reports.add for a game whose reports nobody reads."""


class RandomPlay:
    """Drives one game with random legal actions; allocates nothing per action.

    reports=False: the game's reports are not kept (a benchmark's: nobody reads them; the App does).
    """

    def __init__(self, game, seed=1, reports=True):
        self.game = game
        self.rng = Rng(seed)
        self.seq = Sequencer(4, game.players)
        self.players = game.players
        # each seat's legal actions: lists where small ints hold 32 bits (CPython indexes them faster), bytes on a board
        self.out = tuple(bytearray(3 * 48) if Rng is Rng16 else [0] * (3 * 48) for _ in range(game.players))
        self.t = 0
        self.log = None  # a list to record (t, player, verb, a, b) into
        self._below = self.rng.below  # bound once: no method lookup per draw
        if not reports:
            game.reports.add = _unread

    def step(self):
        """Pick one or two random actions at the next instant and apply them; return how many."""
        below = self._below
        legal = self.game.legal  # looked up each step: a benchmark may wrap it
        t = self.t + 1 + below(400)
        self.t = t
        seats = self.players
        p = below(seats)
        out = self.out[p]
        n = legal(p, out)
        k = 1
        while not n and k < seats:  # the next seat that can act
            p = p + 1 if p + 1 < seats else 0
            out = self.out[p]
            n = legal(p, out)
            k += 1
        if not n:
            self.game.advance(t)  # nobody can act: only the clock can change the table (P-8)
            return 0
        i = 3 * below(n)
        if self.log is not None:
            self._record(p, out, i)
        if below(8) == 0:  # another player acts at the same instant
            return self._tie(t, p, out, i)
        self.game.apply(t, p, out[i], out[i + 1], out[i + 2])  # alone: no order to settle
        return 1

    def _tie(self, t, p, out, i):
        """Another player acts at the instant t of p's action (out[i:i + 3]): both go through the Sequencer; how
        many were applied (the other may have nothing to do: p's alone)."""
        seats = self.players
        below = self._below
        q = 1 - p if seats == 2 else p + 1 + below(seats - 1)
        if q >= seats:
            q -= seats
        other = self.out[q]
        m = self.game.legal(q, other)
        if m:  # a tie: the sequencer orders the two actions (C-4, seat 0 first in a match's next game)
            j = 3 * below(m)
            if self.log is not None:
                self._record(q, other, j)
            seq = self.seq
            seq.add(t, p, out[i], out[i + 1], out[i + 2])
            seq.add(t, q, other[j], other[j + 1], other[j + 2])
            return seq.flush(self.game)
        self.game.apply(t, p, out[i], out[i + 1], out[i + 2])
        return 1

    def _record(self, p, out, i):
        """Log player p's action at offset i of out."""
        self.log.append((self.t, p, out[i], out[i + 1], out[i + 2]))

    def play(self, limit=100000):
        """Play until the game is over or limit actions were applied; return the number applied."""
        count = 0
        game = self.game
        while game.phase != PH_OVER and count < limit:
            k = self.step()
            if not k:
                break
            count += k
        return count


RandomPlay.portable_step = RandomPlay.step
if Rng is not Rng16:  # small ints hold 32 bits: the draws written into the step (a board never loads the module)
    from engine.randplay32 import step

    RandomPlay.step = step
    del step
