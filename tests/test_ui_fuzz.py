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

from uitools import FRAME_MS, Presser
from engine import actions as A, lockout
from engine import names as N
from engine.replay import load, run, state
from engine.actions import PH_OVER
from test_properties import all_cards, check_invariants
from ui import sprites as S
from ui.app import MENU, TABLE

EVENTS = 100000
DECK = Counter(range(1, 14)) + Counter(range(17, 30)) + Counter(range(33, 46)) + Counter(range(49, 62))


def check_table(app):
    """The table's cards and cursors agree with the game."""
    game, table = app.game, app.table
    if game.name == "california":
        for q in range(2):
            for s in range(4):
                pile = game.rows[q][s]
                shown = table.rows[q * 4 + s].shown
                assert shown >> 2 == (pile.top() if pile.n else 0), "row %d pile %d shows the wrong card" % (q, s)
                assert shown & 3 == (S.EMPTY if not pile.n else shown & 3) and (not pile.n or shown & 3 != S.DOWN)
            assert table.piles[q].shown & 3 == (S.DOWN if game.piles[q].n else S.EMPTY)  # face down (K-1)
            assert 0 <= app.clusters[q].cursor < 4
        return
    if game.name == "speed":
        for p in range(2):
            for s in range(5):
                card = game.hands[p][s]
                shown = table.hands[p][s].shown
                if app.cpus[p] is not None and card:  # D-3: a CPU's hand face down
                    assert shown == S.DOWN, "P%d's CPU hand shows a card" % (p + 1)
                else:
                    assert shown >> 2 == card, "P%d hand slot %d shows the wrong card" % (p + 1, s + 1)
            assert 0 <= app.clusters[p].cursor < 5
        for i in range(2):
            assert table.piles[i].shown >> 2 == game.centre[i].top()
        return
    for p in range(2):
        for s in range(game.slots):
            pile = game.stocks[p][s]
            view = table.stocks[p][s]
            card = pile.top() if pile.n and game.up[p][s] else 0
            assert view.shown >> 2 == card, "P%d stock %d shows the wrong card" % (p + 1, s + 1)
            body = view.shown & 3
            if not pile.n:
                assert body == S.EMPTY
            elif not game.up[p][s]:
                assert body == S.DOWN
            else:
                assert body in (S.FACE, S.FLASH)
        assert 0 <= app.clusters[p].cursor < game.slots
    for i in range(2):
        assert table.piles[i].shown >> 2 == game.centre[i].top()


@pytest.mark.slow
def test_fuzz_random_buttons_through_the_frame_loop(headless_app, capsys, monkeypatch):
    """No exception, invariants after every frame, every finished game replays (C-1, S-7, C-5)."""
    # dozens of random presses a frame are a masher's: a refused play's lockout (issue 20) would lock the
    # scripted player out of every game, so here it lasts 0 ms (its code still runs; tests/test_mash.py and
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
    verbs = Counter()
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
                assert deck == DECK if game.name == "spit" else (max(deck.values()) == 1 and len(deck) in (52, 54))
                options.add(tuple(sorted(app.options().items())))
                games_seen[game.name] += 1
            check_invariants(game, deck)
            check_table(app)
            for entry in app.log[logged:]:
                if game.name == "spit":
                    verbs[N.VERBS[entry[2]]] += 1
            logged = len(app.log)
            assert game.phase != PH_OVER or game.winner in (0, 1, A.NONE)
    spent = time.perf_counter() - start
    assert fed >= EVENTS
    assert (seen_screens[MENU] > 0 or menus[0] > 0) and seen_screens[TABLE] > 0, (seen_screens, menus, finished)
    assert len(finished) >= 3 and all(finished), finished
    assert len(options) >= 2  # the menu changed the game's options along the way
    assert all(verbs[v] for v in ("ready", "play", "flip", "move")), verbs
    assert verbs["slap"] + verbs["choose"] > 0, verbs
    with capsys.disabled():
        print("\n  fuzz: %d events in %d frames, %d games finished, %.1f s (%.2f ms per frame); Spit's actions %s;"
              " games dealt %s" % (fed, frames, len(finished), spent, 1000 * spent / frames, dict(verbs),
                                   dict(games_seen)))
