"""Adafruit PyGamer: the PyBadge's screen, lights and speaker, with an analog joystick.

A, B, Select and Start are on the shift register (key numbers 0 B, 1 A,
2 Start, 3 Select) and play for player 2 as on a PyBadge: Select up, Start
down, B left, A right. Player 1 plays with the joystick, read each frame as
four directions: a direction is pressed when the stick leaves the dead zone
round its resting place (measured at start) towards it, and released when the
stick comes back; only the axis pushed furthest counts, so a diagonal never
gives two moves at once.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import analogio
import board
import keypad
import neopixel

from hal import DOWN, LEFT, RIGHT, UP
from hal import device, pybadge
from hal.device import Event  # noqa: F401  (every target exports Event)

NAME = "PyGamer"
P2 = 4
KEYMAP = bytes((P2 + LEFT, P2 + RIGHT, P2 + DOWN, P2 + UP))  # B, A, Start, Select
KEY_NAMES = ("stick up", "stick down", "stick left", "stick right", "Select", "Start", "B", "A")
PRESS = 16000  # distance from rest (of 32768) at which a direction is pressed
RELEASE = 9000  # and below which it is released again (hysteresis)
_NO = const(255)


def _rest(value):
    """The stick's resting reading: as read at start, or the middle if it was held over then."""
    return value if abs(value - 32768) < 8000 else 32768


class Stick:
    """The joystick as one direction at a time: UP, DOWN, LEFT, RIGHT, or none."""

    def __init__(self, x_pin, y_pin):
        self.x = analogio.AnalogIn(x_pin)
        self.y = analogio.AnalogIn(y_pin)
        self.rest_x = _rest(self.x.value)
        self.rest_y = _rest(self.y.value)
        self.held = _NO

    def direction(self):
        """The direction the stick points now (with hysteresis on the one held), or 255."""
        dx = self.x.value - self.rest_x
        dy = self.y.value - self.rest_y
        held = self.held
        if held != _NO:  # keep it until the stick comes back inside RELEASE
            along = -dy if held == UP else dy if held == DOWN else -dx if held == LEFT else dx
            across = abs(dy) if held == LEFT or held == RIGHT else abs(dx)
            if along > RELEASE and along >= across:
                return held
        if abs(dx) >= abs(dy):
            if dx > PRESS:
                return RIGHT
            if dx < -PRESS:
                return LEFT
        else:
            if dy > PRESS:
                return DOWN
            if dy < -PRESS:
                return UP
        return _NO

    def deinit(self):
        """Release the analog inputs."""
        self.x.deinit()
        self.y.deinit()


class Hal(device.BoardHal):
    """PyGamer: 160x128 screen, joystick and four buttons, 5 lights, speaker."""

    name = NAME
    key_names = KEY_NAMES
    button_words = ("stick", "Sel Sta B A", "hold Up+Down")  # the how-to pages' words: the clusters, the pause
    open_link = staticmethod(pybadge.Hal.open_link)  # the Feather header's TX and RX, as on a PyBadge

    def __init__(self, width=None, height=None):
        device.collect()
        display = board.DISPLAY
        scanner = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                           latch=board.BUTTON_LATCH, key_count=4,
                                           value_when_pressed=True, max_events=32)
        pixels = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=pybadge.brightness(),
                                   auto_write=False, pixel_order=neopixel.GRB)
        speaker = pybadge.Speaker(board.SPEAKER, board.SPEAKER_ENABLE)
        self.stick = Stick(board.JOYSTICK_X, board.JOYSTICK_Y)
        device.BoardHal.__init__(self, display, device.Events(scanner, KEYMAP), pixels, speaker,
                                 width, height)

    def poll(self):
        """Turn a change of the joystick's direction into a release and a press for player 1."""
        now = self.ticks_ms()
        stick = self.stick
        was = stick.held
        now_at = stick.direction()
        if now_at != was:
            if was != _NO:
                self.events.feed(was, False, now)
            if now_at != _NO:
                self.events.feed(now_at, True, now)
            stick.held = now_at
        return device.BoardHal.poll(self)

    def deinit(self):
        """Release the joystick too."""
        device.BoardHal.deinit(self)
        self.stick.deinit()
