"""A Spit bot that makes any of its moves at random: the self-test's opponent (ui/selftest.py), on no roster."""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.actions import PH_PLAY, PH_READY
from engine.bots import Bot
from engine.rng import Rng

_PH_SLAP = const(2)  # Spit's own (engine/spit/file.py names them)
_PH_CHOOSE = const(3)
_SLAP = const(4)
_CHOOSE = const(5)


class RandomBot(Bot):
    """A CPU player that makes any of its plays, flips and fills at random (a Bot: the Driver reads its HANDS)."""

    name = "random"
    speed = 3  # the eyes and hands of a level-3 player

    def __init__(self):
        self.rng = Rng(1)  # the Driver gives it its own seeded one
        self.moves = bytearray(3 * 20)

    def decide(self, view, act):
        """Say Spit, slap or choose a pile at random, or make a random move."""
        phase = view.phase
        if phase == PH_READY:
            if not view.my_ready:
                act.ready()
        elif phase == _PH_SLAP:
            act.do(_SLAP, self.rng.below(2))
        elif phase == _PH_CHOOSE:
            if view.my_choice:
                act.do(_CHOOSE, self.rng.below(2))
        elif phase == PH_PLAY:
            self.play(view, act)

    def play(self, view, act):
        """Put one of the moves the view allows in act, at random."""
        moves = self.moves
        n = 0
        for s in range(view.slots):
            for pile in (0, 1):
                if view.can_play(s, pile):
                    moves[n], moves[n + 1], moves[n + 2] = 0, s, pile
                    n += 3
            if view.my_count[s] and not view.my_up[s]:
                moves[n], moves[n + 1] = 1, s
                n += 3
            elif not view.my_count[s] and view.fill_source(s) >= 0:
                moves[n], moves[n + 1] = 2, s
                n += 3
        if n:
            i = 3 * self.rng.below(n // 3)
            kind, s = moves[i], moves[i + 1]
            if kind == 0:
                act.play(s, moves[i + 2])
            elif kind == 1:
                act.flip(s)
            else:
                act.fill(s)
