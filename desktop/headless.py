"""Headless target: the game's screen rendered into memory, for tests and scripted play.

The display is a Blinka ``busdisplay.BusDisplay`` with no bus, whose refresh
renders each dirty area with displayio's own ``fill_area`` into an RGB565
frame (what a board sends to its TFT) and an RGB888 copy of it. The desktop
target shows this same frame in a window, so both match pixel for pixel.

Auto-refresh is off: the game changes its displayio groups and calls
``hal.present()`` once per frame, which refreshes only the areas that changed
(``display.refreshed`` lists them). Nothing else ever calls ``display.refresh()``.
A refresh finds the areas; their pixels are rendered when the picture is next
read (``frame``, ``rgb``, ``pixel``, ``png``, or ``paint()``), from the groups
as they are then, which is what a refresh of each frame would have left there:
Blinka renders in pure Python, and most frames of a test are never looked at.

The clock is fake and starts at ``start_ms``: it moves only by ``advance(ms)``,
so a test or a scripted game is deterministic. ``events.feed()`` queues key
events, ``tones`` records every tone played as ``(t_ms, frequency_hz,
duration_ms)``, ``pixels.shown`` holds what the five LEDs show.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")  # Blinka: fake pins on a PC, no board probing

import array  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402

import adafruit_pixelbuf  # noqa: E402
import busdisplay  # noqa: E402
import displayio  # noqa: E402
import keypad  # noqa: E402
from adafruit_ticks import ticks_add  # noqa: E402
from displayio._area import Area  # noqa: E402  (Blinka's own; BusDisplay hands us these)

from desktop import boardfont  # noqa: E402
from desktop import files  # noqa: E402
from desktop import settings as _settings  # noqa: E402
from hal.nvmstore import Store  # noqa: E402

# RGB565 to RGB888 by byte lookups, each channel's top bits copied into its low
# bits (0x1F -> 0xFF). Red is in the high byte, blue in the low byte, green has
# three bits in each, so its two lookups are ORed together.
_RED = bytes((h >> 3) << 3 | (h >> 5) for h in range(256))
_GREEN_HI = bytes((h & 7) << 5 | (h & 7) >> 1 for h in range(256))
_GREEN_LO = bytes((lo >> 5) << 2 for lo in range(256))
_BLUE = bytes((lo & 31) << 3 | (lo & 31) >> 2 for lo in range(256))
_LITTLE = sys.byteorder == "little"

boardfont.install()  # terminalio.FONT as a board has it: text drawn pixel for pixel as there


def rgb565_to_rgb888(raw):
    """RGB888 bytes for bytes of native-order RGB565 pixels."""
    lo, hi = (raw[0::2], raw[1::2]) if _LITTLE else (raw[1::2], raw[0::2])
    n = len(lo)
    green = int.from_bytes(hi.translate(_GREEN_HI), "little") | int.from_bytes(
        lo.translate(_GREEN_LO), "little")
    out = bytearray(3 * n)
    out[0::3] = hi.translate(_RED)
    out[1::3] = green.to_bytes(n, "little")
    out[2::3] = lo.translate(_BLUE)
    return out


class FrameDisplay(busdisplay.BusDisplay):
    """A displayio display without a bus: a refresh renders the dirty areas into memory.

    ``frame`` is the RGB565 picture row by row, ``rgb`` the same in RGB888;
    ``refreshed`` lists the areas ``(x1, y1, x2, y2)`` (x2, y2 excluded) that
    the last refresh repainted. The pixels of the areas refreshed since the
    picture was last read are rendered when it is read (``paint()``).
    """

    _MERGE = 48  # more areas than this waiting to be rendered: render the box around them all

    # Blinka's BusDisplay.__new__ hands the display to its background refresh thread before
    # __init__ has run; the thread reads _auto_refresh, so it must exist from the start (without
    # it, now and then, the thread died with an AttributeError printed on standard error)
    _auto_refresh = False

    def __init__(self, width, height):
        size = width * height
        self._frame = array.array("H", bytes(2 * size))
        self._rgb = bytearray(3 * size)
        self._damage = []  # the areas refreshed but not yet rendered
        self._area_bytes = memoryview(bytearray(2 * size + 4))  # one area, full screen at most
        self._area_words = self._area_bytes.cast("I")
        self._area_mask = memoryview(bytearray(4 * (size // 32 + 1))).cast("I")
        self._zeros = memoryview(bytes(2 * size + 4)).cast("I")
        self._frame_bytes = memoryview(self._frame).cast("B")
        self._clipped = Area()
        self.refreshed = []
        super().__init__(None, b"", width=width, height=height, auto_refresh=False,
                         reverse_bytes_in_word=False)  # native RGB565, not the SPI byte order

    def _refresh_display(self):
        self.refreshed.clear()
        return super()._refresh_display()

    def _get_refresh_areas(self):
        areas = super()._get_refresh_areas()
        if self._core.full_refresh and self._core.current_group is not None:
            # Blinka keeps every layer's changes through a full refresh (it guards them
            # against its background thread), so the next refresh would repaint them all
            # again; CircuitPython does not. Collect them now and drop them.
            self._core.current_group._get_refresh_areas([])
        return areas

    @property
    def frame(self):
        """The RGB565 picture, row by row (an array of "H")."""
        self.paint()
        return self._frame

    @property
    def rgb(self):
        """The picture in RGB888 bytes, row by row (the same bytearray each time: a window may share it)."""
        self.paint()
        return self._rgb

    def _refresh_area(self, area):
        """Note one dirty area (clipped to the screen) as refreshed; paint() renders it."""
        clipped = self._clipped
        if not self._core.clip_area(area, clipped):
            return True
        box = (clipped.x1, clipped.y1, clipped.x2, clipped.y2)
        self.refreshed.append(box)
        damage = self._damage
        if box not in damage:
            damage.append(box)
            if len(damage) > self._MERGE:
                damage[:] = [(min(a[0] for a in damage), min(a[1] for a in damage),
                              max(a[2] for a in damage), max(a[3] for a in damage))]
        return True

    def paint(self):
        """Render every area refreshed since the last paint from the groups as they are now."""
        damage = self._damage
        if not damage:
            return
        damage.sort(key=lambda a: (a[2] - a[0]) * (a[3] - a[1]), reverse=True)
        done = []
        for box in damage:  # an area inside one already rendered is not rendered again
            if not any(d[0] <= box[0] and d[1] <= box[1] and box[2] <= d[2] and box[3] <= d[3] for d in done):
                self._render(*box)
                done.append(box)
        damage.clear()

    def _render(self, x1, y1, x2, y2):
        """Render one area with displayio's fill_area and copy it into the frame."""
        clipped = self._clipped
        clipped.x1, clipped.y1, clipped.x2, clipped.y2 = x1, y1, x2, y2
        w = x2 - x1
        n = w * (y2 - y1)
        # fill_area skips pixels whose mask bit is set and leaves uncovered ones as they are
        self._area_words[:(n + 1) // 2] = self._zeros[:(n + 1) // 2]
        self._area_mask[:n // 32 + 1] = self._zeros[:n // 32 + 1]
        self._core.fill_area(clipped, self._area_mask, self._area_words)
        rgb = rgb565_to_rgb888(self._area_bytes[:2 * n].tobytes())
        width = self._core.width
        for row in range(y2 - y1):
            at = (y1 + row) * width + x1
            self._frame_bytes[2 * at:2 * (at + w)] = self._area_bytes[2 * row * w:2 * (row + 1) * w]
            self._rgb[3 * at:3 * (at + w)] = rgb[3 * row * w:3 * (row + 1) * w]

    def pixel(self, x, y):
        """The (r, g, b) shown at x, y."""
        at = 3 * (y * self._core.width + x)
        return tuple(self.rgb[at:at + 3])

    def png(self, zoom=1):
        """The current frame as the bytes of an RGB888 PNG, each pixel zoom x zoom."""
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import io

        import pygame

        image = pygame.image.frombuffer(bytes(self.rgb), (self.width, self.height), "RGB")
        if zoom > 1:
            image = pygame.transform.scale(image, (self.width * zoom, self.height * zoom))
        out = io.BytesIO()
        try:
            pygame.image.save(image, out, "png")
        except pygame.error as e:
            raise files.WriteError("the PNG could not be made: %s" % e) from None
        data = out.getvalue()
        if not data.startswith(b"\x89PNG\r\n\x1a\n"):
            raise files.WriteError("the PNG could not be made: %d bytes came out" % len(data))
        return data

    def screenshot(self, path, zoom=1):
        """Write the current frame to path as an RGB888 PNG (atomically: WriteError, old file intact)."""
        try:
            data = self.png(zoom)
        except files.WriteError as e:
            raise files.WriteError("picture %s: not written (%s)" % (path, e)) from None
        files.write_atomic(path, data, "picture")


class Event(keypad.Event):
    """A key transition with CircuitPython's timestamp, which Blinka's keypad.Event lacks."""

    def __init__(self, key_number=0, pressed=True, timestamp=0):
        super().__init__(key_number, pressed)
        self._timestamp = timestamp

    @property
    def timestamp(self):
        """When the key changed, in ticks_ms."""
        return self._timestamp

    def __repr__(self):
        return "<Event: key_number %d %s at %d>" % (
            self.key_number, "pressed" if self.pressed else "released", self._timestamp)


class EventQueue:
    """keypad.EventQueue's reading side, filled by ``feed`` instead of a key scanner.

    A preallocated ring: reading with ``get_into`` allocates nothing. When it
    is full a new event is dropped and ``overflowed`` is set, as on a board.
    """

    def __init__(self, clock, max_events=64):
        self._clock = clock
        self._key = bytearray(max_events)
        self._pressed = bytearray(max_events)
        self._t = array.array("l", bytes(array.array("l").itemsize * max_events))
        self._head = 0
        self._count = 0
        self._overflowed = False

    def feed(self, key_number, pressed, timestamp=None):
        """Queue a key event; timestamp defaults to the hal's clock now."""
        cap = len(self._key)
        if self._count == cap:
            self._overflowed = True
            return
        i = (self._head + self._count) % cap
        self._key[i] = key_number
        self._pressed[i] = 1 if pressed else 0
        self._t[i] = self._clock() if timestamp is None else timestamp
        self._count += 1

    def get_into(self, event):
        """Move the oldest event into event and return True, or return False when there is none."""
        if not self._count:
            return False
        i = self._head
        event._key_number = self._key[i]
        event._pressed = self._pressed[i] == 1
        event._timestamp = self._t[i]
        self._head = (i + 1) % len(self._key)
        self._count -= 1
        return True

    def get(self):
        """The oldest event as a new Event, or None."""
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        """Drop every queued event and reset ``overflowed``."""
        self._count = 0
        self._overflowed = False

    def __len__(self):
        return self._count

    def __bool__(self):
        return self._count > 0

    @property
    def overflowed(self):
        """True when an event was dropped because the queue was full."""
        return self._overflowed


class Pixels(adafruit_pixelbuf.PixelBuf):
    """A strip of NeoPixels in memory: ``shown`` holds the RGB bytes the LEDs show since ``show()``."""

    def __init__(self, n=5, brightness=1.0):
        self.shown = bytearray(3 * n)
        super().__init__(n, byteorder="RGB", brightness=brightness, auto_write=False)

    def _transmit(self, buffer):
        self.shown[:] = buffer

    def shown_at(self, i):
        """The (r, g, b) LED i shows."""
        return tuple(self.shown[3 * i:3 * i + 3])


class Blind:
    """A display that shows nothing: a second device in one process (link tests), or frames no one watches."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None

    def refresh(self):
        """Nothing to paint."""


class Hal:
    """The headless target: memory screen, fed events, fake clock, recorded tones and lights.

    ``screen=False``: no screen at all (``Blind``), so that several may exist at once.
    """

    Event = Event  # the event class to read ``events`` into
    clusters = 4  # button clusters (players with keys): the keyboard has four (desktop/window.py)
    mode = "1p"  # Mode at a first start, with none stored (ui/app.py): a person alone is not asked for a P2 (D-1)
    button_words = ("W A S D", "arrows", "Esc, or Up+Down")  # players 1 and 2's keys and the pause, for the how-to pages

    def __init__(self, width=160, height=128, *, settings_path=None, start_ms=0, screen=True):
        self.display = FrameDisplay(width, height) if screen else Blind(width, height)  # biggest buffers first
        self._now = ticks_add(start_ms, 0)
        self.events = EventQueue(self.ticks_ms)
        self.pixels = Pixels(5)
        self.sound = True
        self.tones = []
        self.settings_path = settings_path
        self._settings = _settings.SettingsFile(settings_path) if settings_path else None
        self._stored = "{}"  # the settings without a file, as JSON text
        self.nvm = bytearray(256)  # the statistics, kept as a PyBadge keeps them in nvm
        self._stats = Store(self.nvm)
        self.drawing = True  # False: frames are run but not painted (playback nobody watches)
        self._missed = False

    def draw(self, on):
        """Paint the frames from now on (True) or not; the first painted one after a pause is whole."""
        if on and self._missed:
            self.display._core.full_refresh = True  # every change since the last painted frame
            self._missed = False
        self.drawing = on

    def ticks_ms(self):
        """The clock in integer ms (wraps like supervisor.ticks_ms)."""
        return self._now

    def advance(self, ms):
        """Move the fake clock forward by ms."""
        self._now = ticks_add(self._now, ms)

    def sleep_ms(self, ms):
        """Wait ms: the fake clock just moves on."""
        self.advance(ms)

    def poll(self):
        """Start a frame: nothing to read here; True (a headless game is never closed)."""
        return True

    def present(self):
        """End a frame: repaint what changed (nothing while not drawing)."""
        if self.drawing:
            self.display.refresh()
        else:
            self._missed = True

    def tone(self, frequency_hz, duration_ms):
        """Record a tone (unless sound is off)."""
        if self.sound:
            self.tones.append((self._now, frequency_hz, duration_ms))

    def load_settings(self):
        """The stored settings dict ({} when none; a file that cannot be understood is kept, see desktop/settings.py)."""
        if self._settings is None:
            return json.loads(self._stored)
        return self._settings.load()

    def save_settings(self, settings):
        """Store settings, keeping keys the game does not know; True when done, False (one notice) when not."""
        if self._settings is None:
            stored = json.loads(self._stored)
            stored.update(settings)
            self._stored = json.dumps(stored)
            return True
        return self._settings.save(settings)

    def notice(self, message):
        """Tell the user something on one line (standard error)."""
        _settings.notice(message)

    def record_game(self, game, mode, level, won, ms):
        """Count a finished game in the statistics (hal/nvmstore.py); True when stored."""
        return self._stats.record_game(game, mode, level, won, ms)

    def stats(self):
        """The statistics: {(game, mode, level): (played, won, best winning ms or None)}."""
        return self._stats.table()

    def deinit(self):
        """Release the display, so another Hal can be made."""
        displayio.release_displays()
