"""Fuzz: 100,000 seeded random button events through the frame loop, menus included.

Presses, releases, buttons held over many frames, both clusters at once, out
of order within a frame; some frames also carry a scripted player's presses
so that games get played to the end. After every frame the engine's
invariants hold and the table shows the game; every finished game's replay
reproduces it (C-5).
"""

import random
import time
from collections import Counter

import pytest

from conftest import kit, registered_games
from uitools import FRAME_MS, Presser
from engine import actions as A, lockout
from engine.replay import load, names, run, state
from engine.actions import PH_OVER
from gamecases import all_cards, check_invariants
from ui.app import MENU, TABLE

EVENTS = 100000


def check_table(app):
    """The table's cards and cursors agree with the game (its kit knows how it shows them)."""
    kit(app.game.name).shown(app)


@pytest.mark.slow
def test_fuzz_random_buttons_through_the_frame_loop(headless_app, capsys, monkeypatch):
    """No exception, invariants after every frame, every finished game replays (C-1, S-7, C-5)."""
    # dozens of random presses a frame are a masher's: a refused play's lockout (issue 20) would lock the
    # scripted player out of every game, so here it lasts 0 ms (its code still runs; tests/engine/test_mash.py and
    # the table tests check the lockout itself)
    monkeypatch.setattr(lockout, "LOCK_MS", 0)
    hal, app = headless_app(seed=7)
    rng = random.Random(20240611)
    presser = Presser(hal, app)
    finished = []

    def game_over(doc):
        again, events = load(doc)
        run(again, events)
        finished.append(state(again) == state(app.game))

    app.on_game_over = game_over
    assert app.screen == MENU
    menus = [0]
    back = app.back_to_menu

    def back_to_menu():  # (the menu may be left again within the same frame: counted here, not at frame ends)
        menus[0] += 1
        back()

    app.back_to_menu = back_to_menu
    held = [False] * 8
    fed = frames = 0
    seen_screens = Counter()
    verbs = {}  # by game: how many of each verb were applied
    options = set()
    game = None
    deck = None
    logged = 0
    games_seen = Counter()
    start = time.perf_counter()
    while fed < EVENTS:
        before = hal.ticks_ms()
        hal.advance(rng.choice((FRAME_MS, FRAME_MS, FRAME_MS, 5, 60, 250)))
        now = hal.ticks_ms()
        batch = []
        for _ in range(rng.randint(24, 54)):  # up to 60 with the scripted presses: the queue holds 64
            key = rng.randrange(8)
            if held[key] and rng.random() < 0.6:
                pressed = False
            else:
                pressed = rng.random() < 0.85  # now and then a release with no press, or a press while held
            held[key] = pressed
            batch.append((rng.randint(before + 1, now), key, pressed))
        if app.screen == TABLE and app.game.phase != PH_OVER and rng.random() < 0.75:
            for p in range(2):
                for button in presser.buttons(p):
                    batch.append((rng.randint(before + 1, now), p * 4 + button, True))
        rng.shuffle(batch)  # fed out of time order: the sequencer puts actions in order (C-4)
        for t, key, pressed in batch:
            hal.events.feed(key, pressed, t)
        fed += len(batch)
        app.frame(now)
        frames += 1
        assert not hal.events.overflowed and len(hal.events) == 0
        seen_screens[app.screen] += 1
        if app.screen == TABLE:
            if app.game is not game:
                game = app.game
                logged = 0
                deck = Counter(all_cards(game))
                kit(game.name).dealt(deck)
                options.add(tuple(sorted(app.options().items())))
                games_seen[game.name] += 1
            check_invariants(game, deck)
            check_table(app)
            counted = verbs.setdefault(game.name, Counter())
            for entry in app.log[logged:]:
                counted[names(game.name).VERBS[entry[2]]] += 1
            logged = len(app.log)
            assert game.phase != PH_OVER or game.winner in (0, 1, A.NONE)
    spent = time.perf_counter() - start
    assert fed >= EVENTS
    assert (seen_screens[MENU] > 0 or menus[0] > 0) and seen_screens[TABLE] > 0, (seen_screens, menus, finished)
    assert len(finished) >= 3 and all(finished), finished
    assert len(options) >= 2  # the menu changed the game's options along the way
    for name in registered_games():  # the verbs its kit asks for (Spit's: every one of its moves, a slap or choice)
        if kit(name).FUZZ_VERBS:
            every, one = kit(name).FUZZ_VERBS
            counted = verbs.get(name, Counter())
            assert all(counted[v] for v in every), verbs
            assert sum(counted[v] for v in one) > 0, verbs
    with capsys.disabled():
        print("\n  fuzz: %d events in %d frames, %d games finished, %.1f s (%.2f ms per frame); actions by game %s;"
              " games dealt %s" % (fed, frames, len(finished), spent, 1000 * spent / frames,
                                   {name: dict(c) for name, c in verbs.items()}, dict(games_seen)))
