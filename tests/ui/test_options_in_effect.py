"""One rule decides which options are in effect (the description's applies, as the menu shows them): a
combination the replay reader refuses is never dealt nor saved, whichever way the options came."""

import pytest

from engine import games
from engine.replay import ReplayError, file_module, load
from uitools import run_ms


SPEED_TWO_DECKS_FOR_TWO = {"game": "speed", "mode": "2p", "players": 2, "decks": 2}


def saved(app):
    """The replay document the App would save now, read back by the replay reader (ReplayError if refused)."""
    doc = app.replay()
    load(doc)
    return doc


def test_two_decks_for_two_players_from_settings_or_a_script_deal_and_save_one_deck(headless_app):
    """A settings file or a button script's values of two decks and two players (P-11): one deck is dealt,
    and the saved replay says one deck, which tools/replay.py and --replay read."""
    hal, app = headless_app(settings=dict(SPEED_TWO_DECKS_FOR_TWO))
    app.start_game(hal.ticks_ms())
    run_ms(hal, app, 500)
    assert app.game.decks == 1 and app.options()["decks"] == 1
    assert saved(app)["options"]["decks"] == 1


def test_a_host_s_or_a_command_s_options_that_the_reader_refuses_are_not_played_as_given(headless_app):
    """play_now (a linked guest's WELCOME, code.py's direct start) with two decks for two: one deck, and the
    replay reads; the options that are in effect are played as given."""
    hal, app = headless_app(settings={})
    app.play_now("speed", {"players": 2, "decks": 2, "doubles": True}, hal.ticks_ms())
    run_ms(hal, app, 500)
    assert app.game.decks == 1 and app.options()["doubles"] is True
    doc = saved(app)
    assert doc["options"]["decks"] == 1 and doc["options"]["doubles"] is True


@pytest.mark.parametrize("name", games.NAMES)
def test_every_option_set_the_app_deals_is_one_the_replay_reader_takes(headless_app, name):
    """Every value of every option, each alone beside the others' defaults and each at its last value with
    every other at its last: what the App would deal is what the reader accepts."""
    info = games.get(name)
    hal, app = headless_app(settings={})
    for k, (key, _, values, _) in enumerate(info.OPTIONS):
        for value in values:
            for others in ("first", "last"):
                opts = {o: (v[0] if others == "first" else v[-1]) for o, _, v, _ in info.OPTIONS}
                opts[key] = value
                app.direct = (name, opts)
                try:
                    file_module(name).options(app.options())
                except ReplayError as e:
                    pytest.fail("%s %s: the App would deal %s, which the reader refuses: %s"
                                % (name, opts, app.options(), e))
