"""What every CircuitPython board module shares: key events, tones, the clock, nvm storage.

A board module (``hal.pybadge``, ``hal.pygamer``, ``hal.pico``) makes its
display, key scanner, pixels and speaker, and hands them to ``BoardHal``,
which gives them the names every target exports (see ``hal/__init__.py``).
Only CircuitPython's own modules are imported here, and only those every
supported board has, and engine.timing's wrap-safe ticks (which the App loads anyway).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import gc
import os
import time

import busdisplay  # noqa: F401  (named in a type comment, for mypy)
import keypad
import microcontroller
import supervisor

from engine.timing import ticks_add, ticks_diff  # supervisor.ticks_ms wraps every 2**29 ms, as they do

_NONE = const(255)  # a key the game does not use


def collect():
    """gc.collect(); the MicroPython VM of the tests replaces it (its collector misses live frames)."""
    gc.collect()


def mem_free():
    """Free heap in bytes (CircuitPython's gc.mem_free)."""
    return gc.mem_free()  # type: ignore[attr-defined]  # CircuitPython's gc has it, CPython's not


def setting(key, default):
    """A value from settings.toml (os.getenv), as the type of default (int or str)."""
    value = os.getenv(key)
    if value is None:
        return default
    if isinstance(default, int):
        if value == "":
            return default
        try:
            return int(value)
        except ValueError:
            raise ValueError("settings.toml: %s = %r is not a whole number" % (key, value)) from None
    return str(value)


class Event:
    """A key transition: ``key_number`` (player * 4 + button), ``pressed``, ``timestamp`` (ticks_ms)."""

    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        """True for a release."""
        return not self.pressed

    def __repr__(self):
        return "<Event: key_number %d %s at %d>" % (
            self.key_number, "pressed" if self.pressed else "released", self.timestamp)


class Events:
    """keypad's events renumbered as player * 4 + button, plus events made by ``feed`` (a joystick).

    ``keymap[k]`` is the game's key number for the scanner's key k (255: not
    used). Reading with ``get_into`` allocates nothing.
    """

    def __init__(self, scanner, keymap, size=16):
        self.scanner = scanner
        self.queue = scanner.events if scanner is not None else None
        self.keymap = keymap
        self._raw = keypad.Event()
        self._key = bytearray(size)
        self._pressed = bytearray(size)
        self._t = [0] * size
        self._head = 0
        self._count = 0
        self._overflowed = False

    def feed(self, key_number, pressed, timestamp):
        """Queue an event that no key scanner saw (a joystick direction)."""
        cap = len(self._key)
        if self._count == cap:
            self._overflowed = True
            return
        i = (self._head + self._count) % cap
        self._key[i] = key_number
        self._pressed[i] = 1 if pressed else 0
        self._t[i] = timestamp
        self._count += 1

    def get_into(self, event):
        """Move the oldest event into event and return True, or return False when there is none."""
        queue = self.queue
        if queue is not None:
            raw = self._raw
            while queue.get_into(raw):
                key = self.keymap[raw.key_number]
                if key != _NONE:
                    event.key_number = key
                    event.pressed = raw.pressed
                    event.timestamp = raw.timestamp
                    return True
        if not self._count:
            return False
        i = self._head
        event.key_number = self._key[i]
        event.pressed = self._pressed[i] == 1
        event.timestamp = self._t[i]
        self._head = (i + 1) % len(self._key)
        self._count -= 1
        return True

    def clear(self):
        """Drop every queued event."""
        if self.queue is not None:
            self.queue.clear()
        self._count = 0
        self._overflowed = False

    def __len__(self):
        return self._count + (len(self.queue) if self.queue is not None else 0)

    @property
    def overflowed(self):
        """True when an event was dropped because a queue was full."""
        return self._overflowed or (self.queue is not None and self.queue.overflowed)


class BoardHal:
    """The names every target exports, over a board's own display, keys, pixels and speaker.

    A board module's ``Hal`` makes them and passes them on: ``events`` is an
    ``Events``, ``pixels`` a NeoPixel strip or None, ``speaker`` an object
    with ``start(hz)`` and ``stop()`` or None.
    """

    Event = Event
    name = "board"

    keep_log = False  # a board saves no replay, so the App keeps no action log (C-5's log is the desktop's)
    drop_modules = True  # back at the menu, the App drops the game's modules (only one game on the heap)
    mode = "1p"  # Mode at a first start, nvm empty (ui/app.py): a person alone is not asked for a P2 (D-1, issue 34.9)
    clusters = 2  # two clusters of four buttons: other seats are the CPU's (D-1)

    def __init__(self, display, events, pixels, speaker, width=None, height=None):
        self.display = display  # type: busdisplay.BusDisplay
        self.events = events  # type: Events
        self.pixels = pixels
        self.speaker = speaker
        if (width is not None and width != display.width) or (height is not None and height != display.height):
            raise ValueError("this board's display is %dx%d, not %sx%s"
                             % (display.width, display.height, width, height))
        self.display.auto_refresh = False  # the game refreshes once a frame, in present()
        self.sound = True
        self._waits = tuple(ms / 1000 for ms in range(64))  # sleep_ms's seconds: no float made a frame
        self._tone_until = 0
        self._tone_on = False
        nvm = microcontroller.nvm
        self._nvm = nvm if nvm is not None else bytearray(256)
        self._store = None  # hal/nvmstore.py's Store, read from nvm when first needed (see release)

    @property
    def store(self):
        """The settings and statistics in nvm (hal/nvmstore.py), read again after ``release``."""
        if self._store is None:
            from hal.nvmstore import Store

            self._store = Store(self._nvm)
        return self._store

    def release(self):
        """A game is dealt: let go of what only the menu and a game's end use (the nvm store, about 5 KB of the
        heap with its module, which a game's table and CPU players need; nvm keeps every byte of it). Returns
        the modules it no longer uses, for the App to drop as it drops a game's."""
        self._store = None
        return ("hal.nvmstore", "engine.crc")

    def collect(self):
        """Free the garbage before a new game is dealt, so the game's objects go into whole holes."""
        collect()

    def ticks_ms(self):
        """The board's millisecond clock (supervisor.ticks_ms: wraps every 2**29 ms)."""
        return supervisor.ticks_ms()

    def sleep_ms(self, ms):
        """Wait ms milliseconds."""
        time.sleep(self._waits[ms] if 0 <= ms < 64 else ms / 1000)

    def poll(self):
        """Start a frame: stop a tone that has run its time; True (a board's game never closes)."""
        if self._tone_on and ticks_diff(self.ticks_ms(), self._tone_until) >= 0:
            self.speaker.stop()
            self._tone_on = False
        return True

    def present(self):
        """End a frame: repaint what changed."""
        self.display.refresh()

    def tone(self, frequency_hz, duration_ms):
        """Start a tone and return at once; poll() stops it after duration_ms."""
        speaker = self.speaker
        if not self.sound or speaker is None or frequency_hz <= 0 or duration_ms <= 0:
            return
        speaker.start(frequency_hz)
        self._tone_on = True
        self._tone_until = ticks_add(self.ticks_ms(), duration_ms)

    def load_settings(self):
        """The settings stored in nvm ({} when there are none or they are unreadable)."""
        return dict(self.store.settings)

    def save_settings(self, settings):
        """Store settings in nvm; True when done, False (with a notice) when they do not fit."""
        from hal.nvmstore import kept

        if self.store.save_settings(kept(settings)):
            return True
        print("spit: settings not saved (they do not fit in %d bytes of nvm)" % self.store.slot)
        return False

    def record_game(self, game, mode, level, won, ms):
        """Count a finished game in the statistics (see hal/nvmstore.py); True when stored."""
        return self.store.record_game(game, mode, level, won, ms)

    def stats(self):
        """The statistics: {(game, mode, level): (played, won, best winning ms or None)}."""
        return self.store.table()

    def deinit(self):
        """Release the keys, the speaker and the pixels (the built-in display stays)."""
        if self.speaker is not None:
            self.speaker.stop()
        scanner = self.events.scanner
        if scanner is not None:
            scanner.deinit()
        if self.pixels is not None:
            self.pixels.deinit()
