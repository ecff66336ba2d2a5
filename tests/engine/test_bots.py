"""The bot API of docs/bots.md: a bot is one small class that sees a View and puts an intent in an Act;
the example bots; bots from a file; the same bots on MicroPython (C-5).
"""

import inspect
import os

import pytest

from engine import actions as A
from engine.bots import FILL, NOTHING, Act, Bot, Driver
from engine.spit.cpu import make
from engine.spit.game import ROSTER
from engine.spit.first import FirstFit
from engine.bots.match import Match
from engine.spit.nearest import Nearest
from engine.spit.view import View
from engine.cardnames import parse
from engine.spit.buttons import Cluster
from engine.spit.rules import PH_OVER, PH_PLAY, PH_READY, Spit
from engine.spit import file as F_SPIT  # its own verbs, reasons, reports and phases
from engine.spit.file import PH_CHOOSE, PH_SLAP

from conftest import ROOT

MY_BOT = '''
from engine.bots import Bot


class BigPile(Bot):
    """Plays on the bigger spit pile when it can, to keep the smaller one small for the slap."""

    name = "bigpile"
    speed = 2

    def play(self, view, act):
        big = 0 if view.pile_size[0] >= view.pile_size[1] else 1
        for pile in (big, 1 - big):
            for slot in range(view.slots):
                if view.can_play(slot, pile):
                    act.play(slot, pile)
                    return
        for slot in range(view.slots):
            if view.my_count[slot] and not view.my_up[slot]:
                act.flip(slot)
                return
            if view.fill_source(slot) >= 0:
                act.fill(slot)
                return
'''


def cards(names):
    return [parse(n) for n in names.split()]


def view_of(game, player=0, cursor=2):
    view = View(player)
    view.refresh(game, cursor)
    return view


def position(stocks0, stocks1, centre, spit=("", ""), **options):
    game = Spit(**options)
    game.load([([cards(s) for s in stocks0], cards(spit[0])), ([cards(s) for s in stocks1], cards(spit[1]))],
              [cards(c) for c in centre])
    return game


def test_every_roster_name_makes_a_bot():
    """The menu's CPU line and the tournament name bots from one roster."""
    for name in ROSTER:
        bot = make(name)
        assert isinstance(bot, Bot) and (1 <= bot.speed <= 8 or (name, bot.speed) == ("relaxed", 0))
    with pytest.raises(ValueError):
        make("level9")
    with pytest.raises(ValueError):
        make("nobody")


@pytest.mark.parametrize("module", ("first", "nearest"))
def test_example_bots_are_one_small_class(module):
    """Each example is one Bot subclass with a play() method, in a file a class can read in a lesson."""
    path = os.path.join(ROOT, "engine", "spit", module + ".py")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert len(lines) < 70
    cls = make(module).__class__
    assert issubclass(cls, Bot) and "play" in vars(cls)
    assert cls.__doc__ and inspect.getdoc(cls.play)


def test_the_base_bot_says_spit_slaps_and_chooses():
    """Bot.decide does READY (S-4), SLAP (S-11) and CHOOSE (S-18) itself; play() is the bot's own."""
    game = Spit(seed=1)
    act = Act()
    bot = Bot()
    bot.decide(view_of(game), act)
    assert act.verb == A.READY
    game.phase = PH_SLAP
    game.centre[0].load(cards("2C 3C 4C"))
    game.centre[1].load(cards("5C"))
    act = Act()
    bot.decide(view_of(game), act)
    assert (act.verb, act.a) == (F_SPIT.SLAP, 1)
    game.phase = PH_CHOOSE
    game.chooser = 1
    act = Act()
    bot.decide(view_of(game, 0), act)
    assert act.verb == NOTHING  # not its choice
    bot.decide(view_of(game, 1), act)
    assert (act.verb, act.a) == (F_SPIT.CHOOSE, 1)
    game.phase = PH_PLAY
    act = Act()
    bot.decide(view_of(game), act)
    assert act.verb == NOTHING


def test_view_fits_follows_c2_and_s19():
    """view.fits: one rank up or down, K-A-2 round (C-2); with alternate colours, the other colour (S-19)."""
    game = position(["AS", "KH", "2D", "QC", "3S"], ["", "", "", "", ""], ["KS", "2H"])
    view = view_of(game)
    assert view.can_play(0, 0) and view.can_play(0, 1)  # A on K, A on 2
    assert not view.can_play(1, 0) and not view.can_play(4, 0)
    assert view.can_play(3, 0) and view.can_play(4, 1)
    assert not view.fits(0, 0)
    game = position(["AS", "KH", "2D", "QC", "3S"], ["", "", "", "", ""], ["KS", "2H"], alternate_colours=True)
    view = view_of(game)
    assert not view.can_play(0, 0) and view.can_play(0, 1)  # black A: not on the black K; on the red 2
    assert view.can_play(3, 1) is False and not view.can_play(3, 0)  # QC on KS: both black
    assert view.can_play(4, 1) is True


def test_view_presses_wrap_round_and_fill_source_is_the_buttons_choice():
    """Cursor presses go the short way round; fill_source names the stock the buttons move (S-7)."""
    game = position(["4C 5C", "", "8H 9H 2S", "JD", ""], ["", "", "", "", ""], ["KS", "2H"])
    view = view_of(game, cursor=0)
    assert [view.presses(s) for s in range(5)] == [0, 1, 2, 2, 1]
    assert view.fill_source(1) == 2 and view.fill_source(4) == 2 and view.fill_source(0) == -1
    cluster = Cluster(0)
    cluster.cursor = 1
    assert cluster.press(2, game) and (cluster.verb, cluster.a, cluster.b) == (A.MOVE, 2, 1)
    assert view.my_cards() == 6 and view.their_cards() == 0
    four = position(["4C", "5C", "8H", "JD"], ["", "", "", ""], ["KS", "2H"], stocks=4)
    view = view_of(four, cursor=3)
    assert [view.presses(s) for s in range(4)] == [1, 2, 1, 0]


def test_the_driver_turns_an_intent_into_presses():
    """play: cursor presses then left/right; flip and fill: cursor then a push; ready, slap: one press."""
    game = position(["AS", "KH", "2D 7C", "", "3S"], ["QD", "QH", "QC", "JS", "JH"], ["KS", "9H"])
    game.up[0][2] = 0
    game.recount()  # a top card turned down by hand: the rules read the tops again

    class Scripted(Bot):
        def play(self, view, act):
            act.verb, act.a, act.b = self.want

    bot = Scripted()
    driver = Driver(bot, 0, Cluster(0), seed=1, slips=False, view=View(0))
    for want, buttons in (((A.PLAY, 0, 0), [0, 0, 2]), ((A.PLAY, 4, 1), [1, 1, 3]), ((A.FLIP, 2, 0), [2]),
                          ((FILL, 3, 0), [1, 2]), ((A.PLAY, 9, 0), [])):
        bot.want = want
        driver.cluster.cursor = 2
        driver.start(game, 0)
        got = []
        for t in range(0, 5000, 10):
            b = driver.poll(t, game)
            if b >= 0:
                got.append(b)
                if driver.ib == driver.nb:
                    break
        assert got == buttons, want  # a slot that is not there: nothing pressed


@pytest.mark.parametrize("speed", (-1, 9, 100))
def test_a_bot_with_a_speed_out_of_range_gets_level_2s(speed):
    """A speed outside 0-8 gets level 2's eyes and hands; 0 is the relaxed CPU's row, slower than level 1's."""
    from engine.bots.hands import HANDS, MU

    bot = Bot()
    bot.speed = speed
    driver = Driver(bot, 0, Cluster(0), view=View(0))
    assert driver.hands() == HANDS[2]
    bot.speed = 0
    assert driver.hands() == HANDS[0] and HANDS[0][MU] > HANDS[1][MU]


@pytest.mark.parametrize("name", ("first", "nearest"))
def test_example_bots_play_whole_games(name):
    """Each example bot plays seeded games to their end against level 2, from both seats."""
    wins = 0
    for g in range(6):
        bots = (make(name), make("level2")) if g % 2 == 0 else (make("level2"), make(name))
        match = Match(Spit(seed=g // 2 + 1), bots, seed=g // 2 + 1)
        match.run()
        assert match.game.phase == PH_OVER
        wins += match.game.winner == g % 2
    assert wins >= 1


def test_a_bot_written_in_a_file_plays(tmp_path):
    """A bot written against the API, in its own file, is loaded and plays (as tools/tournament.py does)."""
    import tournament

    path = tmp_path / "bigpile.py"
    path.write_text(MY_BOT)
    cls = tournament.load_file(str(path))
    assert cls.__name__ == "BigPile"
    match = Match(Spit(seed=2), (cls(), make("level1")), seed=2)
    match.run()
    assert match.game.phase == PH_OVER and match.game.winner in (0, 1)


@pytest.mark.vm
def test_example_bots_run_on_micropython_as_on_cpython():
    """The same bots on the MicroPython VM (from .py source) play the same game as on CPython (C-5)."""
    from mpyvm import run

    code = r'''
import sys
sys.path.insert(0, "/input")
from engine.spit.rules import Spit
from engine.spit.cpu import make
from engine.bots.match import Match
m = Match(Spit(seed=3), (make("first"), make("nearest")), seed=3, frame_ms=33)
m.run()
print(m.game.winner, m.now, m.actions, m.refused)
'''
    result = run(code, readonly_dir=ROOT, fuel=10 ** 11, wall_timeout_seconds=None)
    match = Match(Spit(seed=3), (make("first"), make("nearest")), seed=3, frame_ms=33)
    match.run()
    assert result.stdout.split() == [str(match.game.winner), str(match.now), str(match.actions),
                                     str(match.refused)]


def test_ready_phase_bot_answers_once():
    """In READY a bot that has said Spit asks for nothing more."""
    game = Spit(seed=1)
    assert game.phase == PH_READY
    game.apply(0, 0, A.READY)
    act = Act()
    FirstFit().decide(view_of(game, 0), act)
    assert act.verb == NOTHING
    Nearest().decide(view_of(game, 1), act)
    assert act.verb == A.READY


def test_a_bot_that_is_not_a_bot_subclass_plays_with_the_default_hands():
    """A bot of one's own need not subclass engine.bots.Bot (hal/selftest.py's RandomBot does not): the
    Driver gives it engine.bots.hands' rows, as a Bot's; a ladder may bring its own (California's)."""
    from engine.bots import Driver
    from engine.bots import hands as H
    from engine.california.cpu import HANDS as CALIFORNIA, Level

    class Plain:
        name = "plain"
        speed = 3
        rng = None

        def decide(self, view, act):
            pass

    assert Driver(Plain(), 0, Cluster(0), view=View(0)).hands() == H.HANDS[3]
    assert Driver(Level(2), 0, Cluster(0), view=View(0)).hands() == CALIFORNIA[2] != H.HANDS[2]
