"""Scripted button presses for the headless screen (docs/scripts.md).

A script is JSON: the seed and settings of a game, and the presses of both
clusters with their times. ``load_script`` checks it (ScriptError names the
place); ``run_headless`` plays it through the real frame loop on a fake clock.
"""

import json
import os

from engine.jsontext import JSONError, loads as parse_json
from engine.replay import SEEDS, ReplayError, load as load_replay
from ui.app import FRAME_MS
from engine.names import BUTTONS
from ui.menu import clean

KEYS = ("seed", "settings", "menu", "presses", "tail_ms", "description")
HOLD_MS = 60
MAX_MS = 600000  # the latest press: 10 minutes, as for hold_ms and tail_ms (every frame is drawn)


class ScriptError(ValueError):
    """A script that cannot be played; the message is one line naming the place."""


def load_script(text):
    """Parse and check a script; return a dict with seed, settings, menu, presses (sorted), tail_ms."""
    try:
        doc = parse_json(text)
    except JSONError as e:
        raise ScriptError(str(e))
    if not isinstance(doc, dict):
        raise ScriptError("expected an object with \"presses\"")
    for key in doc:
        if key not in KEYS:
            raise ScriptError("unknown key %s" % json.dumps(key))
    seed = doc.get("seed", 1)
    if type(seed) is not int or not 0 <= seed <= SEEDS:
        raise ScriptError("seed: expected a whole number from 0 to %d, got %s" % (SEEDS, json.dumps(seed)))
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        raise ScriptError("settings: expected an object")
    checked = clean(settings)
    for key, value in settings.items():
        if key not in checked:
            raise ScriptError("settings: unknown key %s" % json.dumps(key))
        if checked[key] != value or type(checked[key]) is not type(value):
            raise ScriptError("settings.%s: %s is not a value it can take" % (key, json.dumps(value)))
    menu = doc.get("menu", False)
    if menu is not True and menu is not False:
        raise ScriptError("menu: expected true or false")
    tail = doc.get("tail_ms", 1500)
    if type(tail) is not int or not 0 <= tail <= 600000:
        raise ScriptError("tail_ms: expected a whole number of ms from 0 to 600000")
    presses = doc.get("presses", [])
    if not isinstance(presses, list):
        raise ScriptError("presses: expected a list")
    out = []
    last = 0
    for i, press in enumerate(presses):
        where = "presses[%d]" % i
        if not isinstance(press, list) or not 3 <= len(press) <= 4:
            raise ScriptError("%s: expected [t_ms, player, button] or [t_ms, player, button, hold_ms]" % where)
        t, player, button = press[0], press[1], press[2]
        hold = press[3] if len(press) == 4 else HOLD_MS
        if type(t) is not int or not 0 <= t <= MAX_MS:
            raise ScriptError("%s: time must be a whole number of ms from 0 to %d" % (where, MAX_MS))
        if t < last:
            raise ScriptError("%s: time goes backwards (%d after %d)" % (where, t, last))
        last = t
        if player not in (0, 1) or type(player) is not int:
            raise ScriptError("%s: player must be 0 or 1" % where)
        if button not in BUTTONS:
            raise ScriptError("%s: unknown button %s (use %s)" % (where, json.dumps(button), ", ".join(BUTTONS)))
        if type(hold) is not int or not 1 <= hold <= 600000:
            raise ScriptError("%s: hold_ms must be a whole number of ms from 1 to 600000" % where)
        out.append((t, player, BUTTONS.index(button), hold))
    return {"seed": seed, "settings": checked, "menu": menu, "presses": out, "tail_ms": tail}


def key_events(presses):
    """Every key down and up of the presses as (t, key_number, pressed), in time order."""
    events = []
    held_until = {}
    for t, player, button, hold in presses:
        key = player * 4 + button
        if held_until.get(key, -1) >= t:  # pressed again while held: release first
            events.append((t, key, False))
        events.append((t, key, True))
        events.append((t + hold, key, False))
        held_until[key] = t + hold
    events.sort(key=lambda e: (e[0], not e[2]))
    return events


UNSEEN_MS = 30 * FRAME_MS  # the longest frame of playback that is not painted


def _play(hal, app, key_events_list, end_ms, frames, every, due=None, draw_from=0):
    """Run frames on the fake clock until end_ms, feeding key events at their own times.

    due, when given, says when (ms from the start) the next thing happens, or
    None: the clock then jumps, in whole frames, to the frame that thing is
    due in, instead of drawing the frames in between. Frames before draw_from
    ms are run but not painted (the first painted one is painted whole).
    """
    start = hal.ticks_ms()
    i = 0
    t = 0
    n = 0
    while True:
        while i < len(key_events_list) and key_events_list[i][0] <= t:
            et, key, pressed = key_events_list[i]
            hal.events.feed(key, pressed, start + et)
            i += 1
        if draw_from:
            hal.draw(t >= draw_from)
        app.frame(hal.ticks_ms())
        if every:
            every(n)
        n += 1
        if t >= end_ms:
            return n
        step = FRAME_MS
        if due is not None:
            nxt = due()
            if nxt is not None and nxt - t > FRAME_MS:
                step = -(-(nxt - t) // FRAME_MS) * FRAME_MS  # the first frame at or after it
        if t + UNSEEN_MS < draw_from:  # unpainted: one frame may apply a second's events (in C-4 order)
            step = max(step, UNSEEN_MS)
        hal.advance(step)
        t += step


def run_headless(hal, app, script=None, frames=None):
    """Play a checked script (or just deal) headless; return the number of frames run."""
    every = None
    if frames:
        def every(n):
            hal.display.screenshot(os.path.join(frames, "frame%05d.png" % n))

    if script is None or not script["menu"]:
        app.start_game(hal.ticks_ms())
    if script is None:
        return _play(hal, app, [], 0, frames, every)
    events = key_events(script["presses"])
    end = (events[-1][0] if events else 0) + script["tail_ms"]
    return _play(hal, app, events, end, frames, every)


def load_game(text):
    """A replay file to watch: (game, events, doc); ScriptError for a bad file."""
    try:
        doc = parse_json(text)
    except JSONError as e:
        raise ScriptError(str(e))
    try:
        game, events = load_replay(doc)
    except ReplayError as e:
        raise ScriptError(str(e))
    return game, events, doc


def watch_headless(hal, app, game, events, doc, frames=None, tail_ms=1500):
    """Play a replay back on the headless screen; return the number of frames run.

    Without frames to write nobody watches the frames between the events, so
    time jumps from one event to the next (a replay's times may reach 24 hours,
    engine.replay.MAX_MS); the tail after the last event is drawn as usual.
    """
    every = None
    if frames:
        def every(n):
            hal.display.screenshot(os.path.join(frames, "frame%05d.png" % n))

    app.watch(game, events, doc, hal.ticks_ms())
    last = events[-1][0] if events else 0
    if getattr(game, "end_ms", None) is not None:
        last = max(last, game.end_ms)  # the clock runs on to the file's end (a time limit, P-8)
    if frames:
        return _play(hal, app, [], last + tail_ms, frames, every)
    # nobody watches the frames before the tail: they are run (C-5: the same frames apply the same
    # events) but painted only from the last event on
    return _play(hal, app, [], last + tail_ms, frames, every, app.next_due, draw_from=last)
