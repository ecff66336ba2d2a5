"""D-3: a CPU player sees only what its seat may see, never a face-down card.

Spit has no hands: what is hidden is every stock card under the top, a top
that is face down, and the spit piles. The test scrambles all of them in a
copy of a game, at many positions of random games, and checks that each
seat's View and each level's decision are the same on both.
"""

import copy
import random

import pytest

from engine.bots import Act
from engine.spit.cpu import make
from engine.spit.view import View
from engine.randplay import RandomPlay
from engine.rng import Rng
from engine.spit.rules import PH_OVER, Spit

VIEW_FIELDS = ("my_top", "my_count", "my_up", "their_top", "their_count", "their_up", "pile_top", "pile_size",
               "phase", "round", "slots", "my_spit", "their_spit", "my_ready", "their_ready", "my_choice",
               "alternate", "cursor")


def hidden_places(game):
    """(pile, index) of every card no seat can see: under a stock's top, a face-down top, the spit piles."""
    places = []
    for p in range(2):
        for s, pile in enumerate(game.stocks[p]):
            shown = pile.n - 1 if pile.n and game.up[p][s] else pile.n
            places += [(pile, i) for i in range(shown)]
        places += [(game.spit[p], i) for i in range(game.spit[p].n)]
    return places


def scrambled(game, rng):
    """A copy of game with its hidden cards shuffled among their places (what is face up stays)."""
    other = copy.deepcopy(game)
    places = hidden_places(other)
    cards = [pile.buf[i] for pile, i in places]
    rng.shuffle(cards)
    for (pile, i), card in zip(places, cards):
        pile.buf[i] = card
    return other


def seen(game, me):
    view = View(me)
    view.refresh(game, 2)
    return {f: (bytes(v) if isinstance(v, (bytearray, bytes)) else v)
            for f, v in ((f, getattr(view, f)) for f in VIEW_FIELDS)}, view


def decision(name, view):
    """What a fresh bot of that name, with the same seeded generator, decides on view."""
    bot = make(name)
    bot.rng = Rng(7)  # as the Driver gives one (engine.bots)
    act = Act()
    bot.decide(view, act)
    return act.verb, act.a, act.b


@pytest.mark.parametrize("seed", range(1, 9))
def test_d03_a_cpu_sees_nothing_face_down(seed):
    """Scrambling every face-down card changes no seat's View and no level's decision."""
    rng = random.Random(seed)
    game = Spit(seed=seed)
    player = RandomPlay(game, seed)
    positions = changed = 0
    while game.phase != PH_OVER and positions < 120:
        player.step()
        positions += 1
        if positions % 3:
            continue
        other = scrambled(game, rng)
        changed += any(a.buf[:a.n] != b.buf[:b.n]
                       for p in range(2) for a, b in zip(game.stocks[p], other.stocks[p]))
        for me in range(2):
            mine, view = seen(game, me)
            theirs, other_view = seen(other, me)
            assert mine == theirs
            for name in ("level1", "level3", "level5", "first", "nearest"):
                assert decision(name, view) == decision(name, other_view), name
    assert changed > 10  # the scramble really moved hidden cards
