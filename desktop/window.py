"""Desktop target: the headless screen shown in a pygame window, with a keyboard per player.

The window shows the headless frame (``desktop.headless.FrameDisplay``) scaled x4
(``scale=3`` for a smaller window), so it matches the headless render pixel
for pixel, and the five NeoPixels as circles in a strip under the screen.

Keys, by their place on the keyboard (the positions of W A S D on a US
layout, Z Q S D on a French one):

    player 0 (left):   W up, S down, A left, D right
    player 1 (right):  the arrow keys
    player 2:          I up, K down, J left, L right
    player 3:          the numeric keypad's 8 up, 5 down, 4 left, 6 right
    Esc:               pause the game (again: resume)

A key gives one press and one release event (no auto-repeat), stamped with
``ticks_ms()`` when ``poll()`` reads it; when the window loses the focus,
every held key is released. Closing the window makes ``poll()`` return False.

Tones play through pygame.mixer when it opens, one at a time like a board's
speaker; without audio they are silently skipped. Settings live in
``$XDG_CONFIG_HOME/spit/settings.json`` (``~/.config/spit/settings.json``),
the statistics beside it in ``stats.nvm`` (hal/nvmstore.py's record); a file
that cannot be read is kept as it is (desktop/settings.py).
With no screen to open a window on, ``Hal()`` raises ``NoDisplay``.
"""

import array
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import adafruit_ticks  # noqa: E402
import pygame  # noqa: E402

from hal import BUTTONS, DOWN, LEFT, PAUSE, RIGHT, UP  # noqa: E402
from desktop import headless  # noqa: E402
from desktop import settings as _settings  # noqa: E402
from desktop.headless import Event  # noqa: E402, F401  (every target exports Event)

__all__ = ["Event", "Hal", "NoDisplay"]


class _quiet_stderr:
    """Standard error's descriptor sent to /dev/null for a block: what C libraries print there directly."""

    def __enter__(self):
        self.saved = None
        try:
            sys.stderr.flush()
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        except (OSError, ValueError, AttributeError):  # no descriptor 2 (a closed stderr): nothing to hide
            pass

    def __exit__(self, *exc):
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)


class NoDisplay(RuntimeError):
    """The window found no screen to open on (run with --headless instead)."""

KEYS = {  # SDL scancode (a key's place) -> key_number
    pygame.KSCAN_W: 0 * BUTTONS + UP,
    pygame.KSCAN_S: 0 * BUTTONS + DOWN,
    pygame.KSCAN_A: 0 * BUTTONS + LEFT,
    pygame.KSCAN_D: 0 * BUTTONS + RIGHT,
    pygame.KSCAN_UP: 1 * BUTTONS + UP,
    pygame.KSCAN_DOWN: 1 * BUTTONS + DOWN,
    pygame.KSCAN_LEFT: 1 * BUTTONS + LEFT,
    pygame.KSCAN_RIGHT: 1 * BUTTONS + RIGHT,
    pygame.KSCAN_I: 2 * BUTTONS + UP,  # a third player (Speed with three or four seats)
    pygame.KSCAN_K: 2 * BUTTONS + DOWN,
    pygame.KSCAN_J: 2 * BUTTONS + LEFT,
    pygame.KSCAN_L: 2 * BUTTONS + RIGHT,
    pygame.KSCAN_KP_8: 3 * BUTTONS + UP,  # a fourth: the numeric keypad
    pygame.KSCAN_KP_5: 3 * BUTTONS + DOWN,
    pygame.KSCAN_KP_4: 3 * BUTTONS + LEFT,
    pygame.KSCAN_KP_6: 3 * BUTTONS + RIGHT,
    pygame.KSCAN_ESCAPE: PAUSE,  # pause a game, resume it (no player's button)
}

_STRIP = 12  # height of the NeoPixel strip under the screen, in screen pixels
_BOARD = (24, 24, 28)  # the strip's background
_RIM = (70, 70, 78)  # the outline of an LED, so an unlit one shows
_RATE = 22050  # mixer sample rate
_VOLUME = 0.15  # fraction of full scale for a square-wave tone


def _check_display():
    """Raise NoDisplay when SDL has no screen to open a window on."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return  # SDL was told which driver to use (dummy, x11, wayland...)
    if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay("no display to open a window on (DISPLAY is not set): run with --headless")


class Hal(headless.Hal):
    """The desktop target: a window, the keyboard, the speakers and the real clock."""

    @staticmethod
    def open_link(join=None):
        """A link to another simulator (docs/link.md): UDP, as a host or a guest of join."""
        from desktop.link.udp import open_link

        return open_link(join)

    def __init__(self, width=160, height=128, *, scale=4, settings_path=None):
        _check_display()
        try:
            pygame.display.init()
            window = pygame.display.set_mode((width * scale, (height + _STRIP) * scale), pygame.RESIZABLE)
        except pygame.error as e:
            pygame.display.quit()
            raise NoDisplay("cannot open a window (%s): run with --headless" % e) from None
        driver = pygame.display.get_driver()
        if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
            pygame.display.quit()  # SDL found no screen and fell back to drawing in memory
            raise NoDisplay("no display to open a window on (SDL fell back to its %s driver): "
                            "run with --headless" % driver)
        pygame.display.set_caption("Spit")
        super().__init__(width, height, settings_path=settings_path or _settings.default_path())
        self.stats_path = os.path.join(os.path.dirname(self.settings_path), "stats.nvm")
        self._stats_file = _settings.StatsFile(self.stats_path)
        self._stats_file.load(self._stats)  # a file it cannot read is kept, and the games are counted in memory
        self.scale = scale
        self.window = window
        self._frame = pygame.image.frombuffer(self.display.rgb, (width, height), "RGB")
        self._held = bytearray(max(KEYS.values()) + 1)  # every key of KEYS, whichever player's
        self._shown = bytearray(len(self.pixels.shown))  # the lights as last drawn
        self._redraw = True  # the whole window, on the first frame and after an expose
        self._closed = False
        self._sounds = {}
        self._channel = None
        try:
            with _quiet_stderr():  # the sound library's own complaints (ALSA's eight lines) are not the game's
                pygame.mixer.init(frequency=_RATE, size=-16, channels=1, buffer=512)
            self._channel = pygame.mixer.Channel(0)
        except pygame.error as e:  # no audio device: tones are skipped, and one line says so
            _settings.notice("no sound here (%s): the game plays without it" % e)

    def ticks_ms(self):
        """The real clock in integer ms (adafruit_ticks: wraps every 2**29 ms)."""
        return adafruit_ticks.ticks_ms()

    def advance(self, ms):
        """Not here: the desktop clock is the real one."""
        raise NotImplementedError("the desktop clock is real time; use desktop.headless to advance it")

    def sleep_ms(self, ms):
        """Wait ms of real time."""
        time.sleep(ms / 1000)

    def poll(self):
        """Turn the window's key presses and releases into events; False once the window is closed."""
        now = self.ticks_ms()
        for event in pygame.event.get():
            kind = event.type
            if kind == pygame.KEYDOWN or kind == pygame.KEYUP:
                key = KEYS.get(event.scancode)
                pressed = kind == pygame.KEYDOWN
                if key is not None and self._held[key] != pressed:
                    self._held[key] = pressed
                    self.events.feed(key, pressed, now)
            elif kind == pygame.WINDOWFOCUSLOST:
                for key in range(len(self._held)):
                    if self._held[key]:
                        self._held[key] = 0
                        self.events.feed(key, False, now)
            elif kind == pygame.VIDEORESIZE or kind == pygame.WINDOWSIZECHANGED:
                self._fit()
            elif kind == pygame.WINDOWEXPOSED or kind == pygame.WINDOWSHOWN or kind == pygame.WINDOWRESTORED:
                self._redraw = True
            elif kind == pygame.QUIT:
                self._closed = True
        return not self._closed

    def _fit(self):
        """The window was resized: the picture at the largest whole scale that fits it (at least 1), all of it
        drawn again on the next present (SDL gives a resized window a new, black surface)."""
        window = pygame.display.get_surface()
        if window is None:
            return
        w, h = window.get_size()
        self.window = window
        self.scale = max(1, min(w // self.display.width, h // (self.display.height + _STRIP)))
        self._redraw = True

    def present(self):
        """Repaint what changed on the screen, scale it into the window, draw the lights."""
        display = self.display
        display.refresh()
        display.paint()  # the window shows every frame: render its areas now
        s = self.scale
        redraw = self._redraw
        if redraw:
            self.window.fill((0, 0, 0))  # the margins of a window larger than the picture
            self._scale_area(0, 0, display.width, display.height)
        else:
            for x1, y1, x2, y2 in display.refreshed:
                self._scale_area(x1, y1, x2, y2)
        lights = redraw or self._shown != self.pixels.shown
        if lights:
            self._draw_lights()
        if redraw:
            pygame.display.flip()
        elif display.refreshed or lights:
            rects = [pygame.Rect(x1 * s, y1 * s, (x2 - x1) * s, (y2 - y1) * s)
                     for x1, y1, x2, y2 in display.refreshed]
            if lights:
                rects.append(pygame.Rect(0, display.height * s, display.width * s, _STRIP * s))
            pygame.display.update(rects)
        self._redraw = False

    def _scale_area(self, x1, y1, x2, y2):
        """Copy one area of the frame into the window, each pixel a scale x scale square."""
        s = self.scale
        part = self._frame.subsurface((x1, y1, x2 - x1, y2 - y1))
        self.window.blit(pygame.transform.scale(part, ((x2 - x1) * s, (y2 - y1) * s)), (x1 * s, y1 * s))

    def _draw_lights(self):
        """The NeoPixels as circles on the strip under the screen."""
        s = self.scale
        width = self.display.width * s
        top = self.display.height * s
        shown = self.pixels.shown
        self._shown[:] = shown
        n = len(shown) // 3
        self.window.fill(_BOARD, (0, top, width, _STRIP * s))
        for i in range(n):
            centre = ((2 * i + 1) * width // (2 * n), top + _STRIP * s // 2)
            # an LED at a low duty looks brighter than the same value on a screen
            colour = [round(255 * (c / 255) ** 0.5) for c in shown[3 * i:3 * i + 3]]
            pygame.draw.circle(self.window, colour, centre, 4 * s)
            pygame.draw.circle(self.window, _RIM, centre, 4 * s, max(1, s // 2))

    def tone(self, frequency_hz, duration_ms):
        """Start a square-wave tone and return at once (skipped when sound is off or there is no audio)."""
        if not self.sound or self._channel is None or frequency_hz <= 0 or duration_ms <= 0:
            return
        key = (frequency_hz, duration_ms)
        sound = self._sounds.get(key)
        if sound is None:
            if len(self._sounds) >= 32:
                self._sounds.clear()
            sound = self._sounds[key] = self._square(frequency_hz, duration_ms)
        self._channel.play(sound)  # replaces the tone playing, like a single speaker

    @staticmethod
    def _square(frequency_hz, duration_ms):
        """A pygame Sound: a square wave at frequency_hz lasting duration_ms."""
        rate, _, channels = pygame.mixer.get_init()  # SDL may change the rate and channels, not the size
        half = max(1, rate // (2 * frequency_hz))
        high = int(32767 * _VOLUME)
        wave = array.array("h")
        for i in range(rate * duration_ms // 1000):
            sample = high if (i // half) % 2 == 0 else -high
            for _ in range(channels):
                wave.append(sample)
        return pygame.mixer.Sound(buffer=wave)

    def record_game(self, game, mode, level, won, ms):
        """Count a finished game in stats.nvm beside settings.json as the file is now (another window's games
        too), never over a file it could not read."""
        count = super().record_game
        return self._stats_file.record(self._stats, lambda: count(game, mode, level, won, ms))

    def deinit(self):
        """Release the display and close the window and the audio."""
        super().deinit()
        if self._channel is not None:
            pygame.mixer.quit()
        pygame.display.quit()
