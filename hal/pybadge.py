"""Adafruit PyBadge, PyBadge LC and EdgeBadge: the board's own screen, buttons, lights and speaker.

The 160x128 ST7735R is ``board.DISPLAY``. The eight buttons are read through
the board's shift register by ``keypad.ShiftRegisterKeys`` (debounced and
timestamped by CircuitPython); its key numbers are bits of the register:

    0 B   1 A   2 Start   3 Select   4 right   5 down   6 up   7 left

Player 1 (left cluster) plays with the D-pad; player 2 (right cluster) with
the buttons on the right: Select up, Start down, B left, A right. The five
NeoPixels under the screen are the lights. Tones are a square wave played by
the DAC on ``board.SPEAKER`` (the amplifier is switched on by
``board.SPEAKER_ENABLE`` only while one sounds).
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import array

import audiocore
import audioio
import board
import digitalio
import keypad
import neopixel

from hal import DOWN, LEFT, RIGHT, UP
from hal import device
from hal.device import Event  # noqa: F401  (every target exports Event)

NAME = "PyBadge"
P2 = 4  # player 2's first key number
# shift-register key number -> player * 4 + button
KEYMAP = bytes((P2 + LEFT, P2 + RIGHT, P2 + DOWN, P2 + UP, RIGHT, DOWN, UP, LEFT))
KEY_NAMES = ("up", "down", "left", "right", "Select", "Start", "B", "A")  # by the game's key number
_WAVE = const(16)  # samples in one period of the square wave
_LEVEL = const(0x1800)  # its swing either side of the DAC's midpoint: loud enough, not shrill


class Speaker:
    """A square-wave tone on the DAC, looped until stop(); the amplifier is on only meanwhile."""

    def __init__(self, pin, enable_pin):
        wave = array.array("H", [0x8000] * _WAVE)
        for i in range(_WAVE):
            wave[i] = 0x8000 + (_LEVEL if i < _WAVE // 2 else -_LEVEL)
        self.sample = audiocore.RawSample(wave, sample_rate=8000)
        self.out = audioio.AudioOut(pin)
        self.enable = digitalio.DigitalInOut(enable_pin)
        self.enable.switch_to_output(value=False)

    def start(self, frequency_hz):
        """Play frequency_hz until stop()."""
        if self.out.playing:
            self.out.stop()
        self.sample.sample_rate = min(frequency_hz, 20000) * _WAVE
        self.enable.value = True
        self.out.play(self.sample, loop=True)

    def stop(self):
        """Silence."""
        if self.out.playing:
            self.out.stop()
        self.enable.value = False


def brightness():
    """The NeoPixels' brightness from settings.toml (SPIT_PIXEL_BRIGHTNESS, percent)."""
    return max(0, min(100, device.setting("SPIT_PIXEL_BRIGHTNESS", 10))) / 100


class Hal(device.BoardHal):
    """PyBadge, PyBadge LC, EdgeBadge: 160x128 screen, D-pad and four buttons, 5 lights, speaker."""

    name = NAME
    key_names = KEY_NAMES
    button_words = ("D-pad", "Sel Sta B A", "hold Up+Down")  # the how-to pages' words: the clusters, the pause

    @staticmethod
    def open_link(join=None):
        """The link to another board (docs/link.md): three wires between the two boards' TX, RX and GND."""
        from hal.link.uart import make

        return make()

    def __init__(self, width=None, height=None):
        device.collect()
        display = board.DISPLAY
        scanner = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                           latch=board.BUTTON_LATCH, key_count=8,
                                           value_when_pressed=True, max_events=32)
        pixels = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=brightness(), auto_write=False,
                                   pixel_order=neopixel.GRB)
        speaker = Speaker(board.SPEAKER, board.SPEAKER_ENABLE)
        device.BoardHal.__init__(self, display, device.Events(scanner, KEYMAP), pixels, speaker,
                                 width, height)
