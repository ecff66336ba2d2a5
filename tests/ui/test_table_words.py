"""Issue 20.5: the table says what happened: who slapped, who caught whom, every open rank, why a play was
refused, which seat is you and which the CPU, a stalemate seen before a press counts, a host that left."""

import pytest

from uitools import LEFT, RIGHT, deal, load, play_into_a_stalemate, run_ms, say_spit, step, tap

from engine import actions as A
from engine.actions import PH_PLAY, PH_READY
from ui.california import words as california_words
from ui.speed import words as speed_words
from ui.spit import words as spit_words
from ui.words import CPU, PERSON, REMOTE, names
from engine.speed import file as F_SPEED  # its own verbs, reasons, reports and phases
from engine.speed.file import PH_CALL


class Pile:
    def __init__(self, n):
        self.n = n


class Game:
    """Just what the words read of a game."""

    def __init__(self, **kw):
        self.phase = PH_PLAY
        self.ready = [0, 0]
        self.winner = A.NONE
        self.out = A.NONE
        self.open = 0
        self.__dict__.update(kw)


def test_names_say_you_and_cpu_from_who_plays_each_seat():
    assert spit_words.Words({}).names[:2] == ["P1", "P2"]
    assert names([PERSON, CPU]) == ["You", "CPU"]
    assert names([PERSON, PERSON]) == ["P1", "P2"]
    assert names([REMOTE, PERSON]) == ["P1", "You"]  # a linked guest's own screen: its seat is "You"
    assert names([PERSON, CPU, CPU, CPU]) == ["You", "CPU2", "CPU3", "CPU4"]  # numbered by seat, as P2..P4
    assert names([CPU, CPU]) == ["CPU1", "CPU2"]  # the demo


def test_s11_the_deal_after_a_slap_says_who_slapped_which_pile():
    words = spit_words.Words({})
    game = Game()
    assert words.report(A.R_SLAP, 1, 0, game) is None  # the slap race's banner stays up
    assert words.report(A.R_DEAL, A.NONE, 2, game) == "P2 slapped left"
    assert words.report(A.R_DEAL, A.NONE, 3, game) == "Round 3"  # said once


def test_s16_a_scoring_game_says_the_lower_score_wins():
    words = spit_words.Words({"scoring": True})
    words.names = names([PERSON, CPU])
    game = Game(phase=A.PH_OVER, winner=1, scores=[105, 96])
    assert words.banner(game) == "CPU wins! 96-105, lower wins"


def test_p8_a_catch_says_who_caught_whom():
    words = speed_words.Words({"ending": "call"})
    words.names = names([PERSON, CPU])
    game = Game(draw=[Pile(12), Pile(0)], out=0)
    words.report(F_SPEED.R_OUT, 0, 0, game)
    assert words.report(F_SPEED.R_SPEED, 1, 0, game) is None
    assert words.report(F_SPEED.R_PENALTY, 0, 1, game) == "CPU caught You! +12"
    words.names = names([PERSON, PERSON])
    words.report(F_SPEED.R_OUT, 0, 0, game)
    words.report(F_SPEED.R_SPEED, 1, 0, game)
    assert words.report(F_SPEED.R_PENALTY, 0, 1, game) == "P2 caught P1! +12"
    words.report(F_SPEED.R_OUT, 0, 0, game)  # the call time ran out: nobody caught anybody
    assert words.report(F_SPEED.R_PENALTY, 0, 1, game) == "Too late! P1 +12 cards"


def test_p8_the_call_banner_speaks_to_both_sides():
    words = speed_words.Words({"ending": "call"})
    banner = words.banner(Game(phase=PH_CALL, out=1))
    assert banner == "P2 out: Up for SPEED!"  # for both sides: the player out calls, the others catch


def test_k3_the_banner_names_every_open_rank():
    words = california_words.Words({})
    game = Game(open=(1 << 11) | (1 << 7))
    key = words.banner_key(game)
    assert words.banner(game) == "Open: 7s jacks"
    game.open = 1 << 7
    assert words.banner_key(game) != key and words.banner(game) == "Open: 7s"
    game.open = 0
    assert words.banner(game) is None


def test_a_refused_play_says_why(headless_app):
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [[], [], ["KC"], [], []], [[], [], ["4D"], [], []], [["5C"], ["5D"]], (["2H"], ["3H"]))
    step(hal, app)
    tap(hal, 0, LEFT)  # KC does not go on 5C
    step(hal, app)
    assert app.table.banner.value == "P1: not one up or down"


def test_the_table_names_you_and_the_cpu(headless_app):
    hal, app = headless_app(seed=3, settings={"mode": "1p"})
    deal(hal, app)
    assert app.words.names == ["You", "CPU"]
    hal2, app2 = headless_app(seed=3, settings={"mode": "2p"})
    deal(hal2, app2)
    assert app2.words.names == ["P1", "P2"]


def test_a_stalemate_is_seen_before_a_press_counts_as_ready(headless_app):
    """S-8: a press meant as a play, made as the table turns stuck, is not taken as Spit."""
    hal, app = headless_app(seed=3)
    play_into_a_stalemate(hal, app)
    assert app.game.phase == PH_READY
    tap(hal, 1, RIGHT)  # P2 was still playing
    step(hal, app)
    assert list(app.game.ready) == [0, 0]
    run_ms(hal, app, 600)
    tap(hal, 1, RIGHT)
    step(hal, app)
    assert app.game.ready[1] == 1


@pytest.mark.parametrize("game", ["spit", "speed"])
def test_s08_p07_the_stall_says_why_on_the_table(headless_app, game):
    """S-8, P-7 (the stall option, on in the menu): 10 s with no card, though one could go, says why, not Stuck."""
    hal, app = headless_app(seed=3, settings={"game": game})
    deal(hal, app)
    say_spit(hal, app, wait_ms=9000)
    assert app.game.phase == PH_PLAY
    run_ms(hal, app, 1200)
    assert app.game.phase == PH_READY and app.table.banner.value == "No card for 10s"


def test_a_host_that_left_is_said_on_the_guests_screen(headless_app):
    """The link: a guest sent to its menu because the host left sees why, and any key takes the notice away."""
    from ui.linked import GUEST, Linked

    hal, app = headless_app(seed=3)

    class Quiet:
        def close(self):
            pass

    link = Linked.__new__(Linked)
    link.app = app
    link.role = GUEST
    link.guest = None
    link.host = None
    link.transport = Quiet()
    app.link = link
    link._leave("the host has left the game")
    assert app.link is None
    assert app.menu.page is not None
    assert "The host has left the game." in " ".join(app.menu.page_lines())
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.menu.page is None
