"""The screen and the replay agree (C-5; issue 9, class 4).

For every file the App's playback (headless, and frames at the uneven times
a window's clock gives) reaches the state engine.replay.run reaches, and
tools/replay.py prints: over the rule files, random documents and a dense
100,000-event file. All the events of one time are one C-4 batch, however
many there are.
"""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import kit, registered_games
from rulefiles import rule_files
from engine.replay import document, file_module, loads, run, state
from engine.rng import Rng
from gamecases import new, option_sets
from desktop.script import load_game, watch_headless

from conftest import ROOT
RULE_FILES = rule_files()  # the registered games' (tests/rulefiles.py)
REPLAY = os.path.join(ROOT, "tools", "replay.py")
GAMES = registered_games()


def everything(game):
    """The whole game state, the parts state() leaves out included (the shuffle's state, and its kit's hidden
    parts: Spit's spit cards, the face-down piles, Speed's clock limit)."""
    st_ = state(game)
    st_["rng"] = (game.rng.hi, game.rng.lo)
    st_.update(kit(game.name).hidden(game))
    return st_


def replayed(text):
    """What engine.replay.run reaches from text."""
    game, events = loads(text)
    run(game, events)
    return everything(game)


@pytest.fixture(scope="module")
def hal():
    """One headless hal for the module (Blinka has one display at a time); a fresh App per playback."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    import displayio

    from desktop import headless

    displayio.release_displays()
    h = headless.Hal(160, 128, start_ms=(1 << 29) - 5000)  # the tick clock wraps during the tests
    yield h
    h.deinit()
    displayio.release_displays()


def watched_headless(hal, text):
    """What headless playback (code.py --headless --replay) reaches from text."""
    from ui.app import App

    app = App(hal, settings={}, seed=1)
    watch_headless(hal, app, *load_game(text), tail_ms=0)
    return everything(app.game)


def watched_in_frames(hal, text, steps):
    """What the App reaches from text with frames at uneven times (a window's clock): steps in ms, cycled."""
    from ui.app import App

    app = App(hal, settings={}, seed=1)
    app.watch(*load_game(text), hal.ticks_ms())
    k = 0
    while app.next_due() is not None:
        hal.advance(steps[k % len(steps)])
        k += 1
        app.frame(hal.ticks_ms())
    return everything(app.game)


def race_34_at_once():
    """34 events at t=0: 16 refused flips of each player, then both players' cards for spit pile 0.

    Only one of 6H and 4S can land on the 5C (each no longer fits the other).
    C-4: the 34 events are one tie, the first of the game, so player 0 acts
    first: 6H lands. Fed 32 to a frame, the last two made a second tie that
    player 1 won, and 4S landed on the screen.
    """
    layout = {"players": [{"stocks": [["AS"], ["QS"], ["6H"], ["JS"], ["8C"]], "spit": ["2H"]},
                          {"stocks": [["AC"], ["QC"], ["4S"], ["JC"], ["8D"]], "spit": ["3H"]}],
              "centre": [["5C"], ["KD"]]}
    events = [[0, p, "flip", 0] for p in (0, 1) for _ in range(16)] + [[0, 0, "play", 2, 0], [0, 1, "play", 2, 0]]
    return json.dumps({"seed": 1, "layout": layout, "events": events})


def test_c05_34_events_at_once_land_the_same_card_everywhere(hal):
    """C-4, C-5: the screen lands the card tools/replay.py reports (6H, player 0's: the first tie)."""
    text = race_34_at_once()
    want = replayed(text)
    assert want["centre"][0] == ["5C", "6H"]
    assert watched_headless(hal, text) == want
    assert watched_in_frames(hal, text, [33]) == want
    out = subprocess.run([sys.executable, REPLAY, "-"], input=text, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout)["centre"][0] == ["5C", "6H"]


@pytest.mark.parametrize("path", RULE_FILES, ids=[os.path.basename(p) for p in RULE_FILES])
def test_c05_every_rule_file_plays_back_as_it_replays(hal, path):
    """C-5: each rule file reaches the same state headless, in uneven frames and in the replay runner."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    want = replayed(text)
    assert watched_headless(hal, text) == want
    assert watched_in_frames(hal, text, [1, 33, 250, 17]) == want


def random_document(seed, options, count, per_ms, rng, gap=40, name="spit"):
    """A replay document of count events of game name, per_ms of them at each time on average, times 1 to gap
    ms apart: mostly legal actions of a model game (applied in file order), some not (any of its verbs)."""
    game = new(name, seed, options)
    verbs = file_module(name).VERBS
    legal = bytearray(3 * 48)
    events = []
    t = 0
    for i in range(count):
        if rng.below(per_ms) == 0:
            t += 1 + rng.below(gap)
        p = rng.below(game.players)
        n = game.legal(p, legal)
        if n and rng.below(4):
            k = 3 * rng.below(n)
            verb, a, b = legal[k], legal[k + 1], legal[k + 2]
        else:
            verb, a, b = verbs[rng.below(len(verbs))], rng.below(6), rng.below(3)
        game.apply(t, p, verb, a, b)
        events.append((t, p, verb, a, b))
    return json.dumps(document(options, seed, events, game=name))


@pytest.mark.parametrize("name", GAMES)
def test_c05_random_documents_play_back_as_they_replay(hal, registered, name):
    """C-5: random documents of every registered game (ties of every size) reach one state in the App, headless
    and in the runner."""

    @settings(max_examples=kit(name).EXAMPLES["playback"])
    @given(options=option_sets(registered, name), seed=st.integers(0, 2**32 - 1), count=st.integers(0, 300),
           per_ms=st.sampled_from((1, 2, 8, 40, 400)), steps=st.lists(st.integers(7, 400), min_size=1, max_size=4))
    def plays_back(options, seed, count, per_ms, steps):
        text = random_document(seed, options, count, per_ms, Rng(seed ^ 0x5A5A), gap=12, name=name)
        want = replayed(text)
        assert watched_headless(hal, text) == want
        assert watched_in_frames(hal, text, steps) == want

    plays_back()


@pytest.mark.slow
def test_c05_a_dense_100000_event_file_ends_alike(hal, tmp_path):
    """C-5: 100,000 events, about 50 a millisecond: the App, headless playback and tools/replay.py agree."""
    text = random_document(77, {"scoring": True}, 100000, 50, Rng(77), gap=1)
    want = replayed(text)
    assert watched_headless(hal, text) == want
    assert watched_in_frames(hal, text, [33]) == want
    path = tmp_path / "dense.json"
    path.write_text(text)
    out = subprocess.run([sys.executable, REPLAY, str(path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    del printed["refused"]
    assert printed == {k: v for k, v in want.items() if k in printed}


def test_c05_playback_nobody_watches_is_run_unpainted_and_ends_alike(hal, monkeypatch):
    """Headless playback without --frames paints only from the last event on (the first of those
    frames whole), running the frames before it unpainted: a long file plays back at once and
    still reaches tools/replay.py's state, and the last picture shows that state."""
    from ui.app import App

    events = [[40 * i, i % 2, "flip", i % 5] for i in range(3000)] + [[120000, 0, "ready"]]
    text = json.dumps({"seed": 9, "events": events})
    painted = []
    real = hal.display.refresh
    monkeypatch.setattr(hal.display, "refresh", lambda *a, **k: painted.append(1) or real(*a, **k))
    app = App(hal, settings={}, seed=1)
    frames = watch_headless(hal, app, *load_game(text), tail_ms=330)
    assert everything(app.game) == replayed(text)
    assert len(painted) <= 12 < frames  # the tail's frames only (330 ms, 33 ms a frame)
    assert hal.drawing
    table = app.table
    for i in range(2):  # what the screen was last told to show is the final state
        assert table.sizes[i].value == (app.game.centre[i].n or None)


def test_c05_the_last_picture_of_unpainted_playback_is_the_painted_ones(hal, tmp_path):
    """Skipping the paint of the frames nobody watches leaves the same pixels at the end."""
    from ui.app import App

    events = [[0, 0, "ready"], [5, 1, "ready"]] + [[200 + 40 * i, i % 2, "flip", i % 5] for i in range(60)]
    text = json.dumps({"seed": 4, "events": events})
    pictures = []
    for frames in (str(tmp_path), None):
        app = App(hal, settings={}, seed=1)
        watch_headless(hal, app, *load_game(text), frames=frames, tail_ms=200)
        pictures.append(bytes(hal.display.frame))
    assert pictures[0] == pictures[1]
