"""Stand-in for CircuitPython's board module: every pin the game's boards use, and DISPLAY.

On the board VM (tools/board/circuitpython.py's micropython-board, which has the real
displayio) DISPLAY is a ``displayio.HeadlessDisplay``, a framebuffer that can be
read back, of the size in the environment's ``SPIT_VM_DISPLAY`` (``160x128``
by default, the PyBadge's; ``none`` for a board without one, as the Pico);
``SPIT_VM_BOARD`` sets ``board_id``. Elsewhere it
is the busdisplay stand-in.
"""

import os

import busdisplay

try:
    from displayio import HeadlessDisplay  # the board VM's
except ImportError:
    HeadlessDisplay = None


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


board_id = os.getenv("SPIT_VM_BOARD") or "pybadge"
_g = globals()
for _name in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "NEOPIXEL", "SPEAKER", "SPEAKER_ENABLE",
              "JOYSTICK_X", "JOYSTICK_Y", "A0", "LED", "TX", "RX"):
    _g[_name] = Pin(_name)
for _i in range(29):
    _g["GP%d" % _i] = Pin("GP%d" % _i)
_size = (os.getenv("SPIT_VM_DISPLAY") or "160x128").split("x")
if _size != ["none"]:  # a board with a display of its own (the Pico kit makes its own: none)
    if HeadlessDisplay is not None:  # a static C object on a board: here one of 112 bytes
        DISPLAY = HeadlessDisplay(int(_size[0]), int(_size[1]))
    else:
        DISPLAY = busdisplay.BusDisplay(None, width=int(_size[0]), height=int(_size[1]))
