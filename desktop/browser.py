"""Browser target: the headless screen drawn on the page's canvas, keys and touch buttons, Web Audio, browser storage.

It runs in Pyodide (web/, tools/web.py) with ``page``, the page's side
(web/spit.js), which draws, plays and stores:

- ``page.draw(rgb, width, x1, y1, x2, y2)``: copy that area of the RGB888
  frame (``desktop.headless.FrameDisplay``'s, the same pixels as the desktop's)
  onto ``<canvas id="screen">``;
- ``page.lights(shown)``: the five NeoPixels' RGB bytes, drawn beside the screen;
- ``page.tone(frequency_hz, duration_ms)``: a square wave through Web Audio;
- ``page.load(key)``: the text the browser's storage holds under key, or None
  (raises when the storage cannot be read); ``page.store(key, text)``: True
  when stored.

Keys and the on-screen buttons reach ``key(key_number, pressed)``, stamped
with the clock when they come; ``release_all()`` when the page loses the
focus. Settings and statistics follow the desktop's files' rule
(desktop/settings.py, which this reuses): each is copied from the browser's
storage into a file of Pyodide's memory file system at start, and copied
back only after it was written there; a stored value that cannot be read or
understood is kept as it is, never written over, and the game runs on its
defaults. ``real_clock=False`` keeps headless's fake clock (a replay or a
script played as fast as it can); ``rate`` runs the real one that many times
faster (two tabs' linked game in a test, as tools/linkplay.py's --speed).
"""

import base64
import binascii
import os
import time

import adafruit_ticks

from engine.timing import ticks_add
from hal import BUTTONS
from desktop import headless
from desktop import settings as _settings
from desktop.headless import Event  # noqa: F401  (every target exports Event)

SETTINGS = "spit/settings.json"  # the browser storage's keys
STATS = "spit/stats.nvm"
FOLDER = "/browser-storage/spit"  # where the stored values are files, in Pyodide's memory (notices name it)


class Hal(headless.Hal):
    """The browser's target: canvas, keys and buttons, Web Audio, the browser's storage."""

    clusters = 4  # the keyboard's (desktop/window.py's keys); the touch buttons are two

    def __init__(self, page, width=160, height=128, *, real_clock=True, rate=1, folder=FOLDER):
        self.page = page
        self.real_clock = real_clock
        self.rate = rate
        self._start_ns = time.monotonic_ns()
        self._start_ms = adafruit_ticks.ticks_ms()
        self._unread = []  # keys whose stored value could not be read at all
        os.makedirs(folder, exist_ok=True)
        settings_path = os.path.join(folder, "settings.json")
        self.stats_path = os.path.join(folder, "stats.nvm")
        self._restore(SETTINGS, settings_path, False)
        self._restore(STATS, self.stats_path, True)
        super().__init__(width, height, settings_path=settings_path)
        self._stats_file = _settings.StatsFile(self.stats_path)
        if STATS in self._unread:
            self._stats_file.kept = True  # never written over: the games are counted in memory only
        else:
            self._stats_file.load(self._stats)  # a value it cannot understand is kept, with one notice
        if SETTINGS in self._unread:
            self._settings.kept = True  # the defaults, and nothing is saved over the stored value
        self._held = bytearray(4 * BUTTONS + 1)  # four clusters and the pause key (engine.actions.PAUSE)
        self._shown = None  # the lights as last drawn (None: never)
        self._whole = True  # the next frame is drawn whole (the first one)

    def _restore(self, key, path, binary):
        """Put the stored value of key into path as the file desktop/settings.py reads (none: no file)."""
        try:
            text = self.page.load(key)
        except Exception as e:  # the storage refuses to be read (a browser's privacy setting)
            self._unread.append(key)
            _settings.notice("%s: the browser's storage cannot be read (%s): kept as it is, nothing is saved "
                             "over it" % (key, str(e).splitlines()[0] if str(e).strip() else type(e).__name__))
            text = None
        if text is None:
            if os.path.lexists(path):
                os.remove(path)
            return
        data = str(text).encode("utf-8", "surrogatepass")
        if binary:
            try:
                data = base64.b64decode(data, validate=True)
            except (binascii.Error, ValueError):
                pass  # not ours: the file holds the text as it is, which the statistics' reader keeps
        with open(path, "wb") as f:
            f.write(data)

    def _keep_in_browser(self, key, path, binary):
        """Copy a file just written back into the browser's storage; True when stored."""
        with open(path, "rb") as f:
            data = f.read()
        text = base64.b64encode(data).decode("ascii") if binary else data.decode("utf-8")
        try:
            stored = self.page.store(key, text)
        except Exception as e:
            stored = False
            _settings.notice("%s: the browser's storage refused it (%s)" % (key, str(e).splitlines()[0]))
        if not stored:
            _settings.notice("%s: not kept in the browser's storage (full, or not allowed); the old value is whole"
                             % key)
        return bool(stored)

    # ---- the clock ---------------------------------------------------------------

    def ticks_ms(self):
        """The real clock in integer ms (adafruit_ticks' period), or the fake one (real_clock=False)."""
        if self.real_clock:
            if self.rate == 1:
                return adafruit_ticks.ticks_ms()
            return ticks_add(self._start_ms, (time.monotonic_ns() - self._start_ns) * self.rate // 1000000)
        return self._now

    def advance(self, ms):
        """Move the fake clock on (real_clock=False only)."""
        if self.real_clock:
            raise NotImplementedError("the browser's clock is real time here")
        super().advance(ms)

    # ---- buttons -------------------------------------------------------------------

    def key(self, key_number, pressed):
        """A key or an on-screen button went down or up (no repeats: a held key gives one press)."""
        if not 0 <= key_number < len(self._held):
            return
        pressed = bool(pressed)
        if self._held[key_number] != pressed:
            self._held[key_number] = pressed
            self.events.feed(key_number, pressed, self.ticks_ms())

    def release_all(self):
        """The page lost the focus: every held key goes up."""
        for key in range(len(self._held)):
            if self._held[key]:
                self.key(key, False)

    # ---- the screen, the lights, the sound ----------------------------------------------

    def present(self):
        """Repaint what changed and copy it onto the canvas; the lights when they changed."""
        if not self.drawing:
            self._missed = True
            return
        display = self.display
        display.refresh()
        width = display.width
        if self._whole:
            self._whole = False
            self.page.draw(display.rgb, width, 0, 0, width, display.height)
        else:
            for x1, y1, x2, y2 in display.refreshed:
                self.page.draw(display.rgb, width, x1, y1, x2, y2)
        shown = self.pixels.shown
        if self._shown != shown:
            self._shown = bytes(shown)
            self.page.lights(self._shown)

    def redraw(self):
        """Draw the whole frame again on the next present (a canvas made anew)."""
        self._whole = True
        self._shown = None

    def tone(self, frequency_hz, duration_ms):
        """Play a tone through Web Audio (and record it, as headless does); none when sound is off."""
        if self.sound and frequency_hz > 0 and duration_ms > 0:
            super().tone(frequency_hz, duration_ms)
            if len(self.tones) > 64:
                del self.tones[:32]  # the record is for tests: it does not grow through a long session
            self.page.tone(frequency_hz, duration_ms)

    # ---- settings and statistics ------------------------------------------------------

    def save_settings(self, settings):
        """Store settings as the desktop does, then in the browser's storage; True when both are done.

        The stored value is read again first: another tab of the page may have changed it.
        """
        if not self._settings.kept:
            self._restore(SETTINGS, self.settings_path, False)
            if SETTINGS in self._unread:
                self._settings.kept = True
            else:
                self._settings.load()  # its keys are kept; a value it can no longer understand is kept whole
        return super().save_settings(settings) and self._keep_in_browser(SETTINGS, self.settings_path, False)

    def record_game(self, game, mode, level, won, ms):
        """Count a finished game in the statistics the browser holds now (another tab's games too); never over a
        value it could not read."""
        if not self._stats_file.kept:
            self._restore(STATS, self.stats_path, True)
            if STATS in self._unread:
                self._stats_file.kept = True
            else:
                self._stats_file.load(self._stats)
        return (super().record_game(game, mode, level, won, ms) and self._stats_file.save(self._stats)
                and self._keep_in_browser(STATS, self.stats_path, True))

    # ---- link play ---------------------------------------------------------------------

    def open_link(self, join=None):
        """A link to another tab of this page (desktop/link/broadcast.py): a host (join None) or a guest."""
        from desktop.link.broadcast import BroadcastLink

        opener = getattr(self.page, "channel", None)
        if opener is None:
            raise OSError("this browser has no BroadcastChannel")
        return BroadcastLink(opener, join is not None)
