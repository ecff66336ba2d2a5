"""Stand-in for CircuitPython's board module: every pin the game's boards use, and DISPLAY."""

import busdisplay


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


board_id = "pybadge"
_g = globals()
for _name in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "NEOPIXEL", "SPEAKER", "SPEAKER_ENABLE",
              "JOYSTICK_X", "JOYSTICK_Y", "A0", "LED", "TX", "RX"):
    _g[_name] = Pin(_name)
for _i in range(29):
    _g["GP%d" % _i] = Pin("GP%d" % _i)
DISPLAY = busdisplay.BusDisplay(None, width=160, height=128)
