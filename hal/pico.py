"""The classroom kit: a Raspberry Pi Pico (RP2040 or RP2350), an ST7789 SPI TFT and eight buttons.

Each button joins a GPIO to ground (the internal pull-ups hold the others
high) and is read by ``keypad.Keys`` in key-number order, player * 4 + button.
The display is an ST7789 (240x240 or 240x135) on SPI0 through
``adafruit_st7789`` and ``fourwire``. A NeoPixel strip and a piezo are
optional. The default wiring is ``PINS`` (docs/wiring.md draws it); every pin
and the panel's size and offsets can be changed in settings.toml, which
CircuitPython reads at start (``os.getenv``):

    SPIT_PIN_P1_UP = "GP6"        # any pin name of the board module; "" for none (optional parts)
    SPIT_TFT_HEIGHT = 135         # a 240x135 panel: its offsets and rotation follow
"""

import board
import busio
import displayio
import keypad
import neopixel
import pwmio
from adafruit_st7789 import ST7789

try:
    from fourwire import FourWire
except ImportError:  # CircuitPython 8 kept it in displayio
    from displayio import FourWire  # type: ignore[attr-defined,no-redef]

from hal import device
from hal.device import Event  # noqa: F401  (every target exports Event)

NAME = "Pico kit"
PINS = (  # settings.toml key, default pin on a Raspberry Pi Pico, what is wired to it
    ("SPIT_PIN_P1_UP", "GP2", "player 1 up button"),
    ("SPIT_PIN_P1_DOWN", "GP3", "player 1 down button"),
    ("SPIT_PIN_P1_LEFT", "GP4", "player 1 left button"),
    ("SPIT_PIN_P1_RIGHT", "GP5", "player 1 right button"),
    ("SPIT_PIN_P2_UP", "GP10", "player 2 up button"),
    ("SPIT_PIN_P2_DOWN", "GP11", "player 2 down button"),
    ("SPIT_PIN_P2_LEFT", "GP12", "player 2 left button"),
    ("SPIT_PIN_P2_RIGHT", "GP13", "player 2 right button"),
    ("SPIT_PIN_PIEZO", "GP15", "piezo + (optional)"),
    ("SPIT_PIN_TFT_DC", "GP16", "display DC"),
    ("SPIT_PIN_TFT_CS", "GP17", "display CS"),
    ("SPIT_PIN_TFT_SCK", "GP18", "display SCK / SCL (SPI0 SCK)"),
    ("SPIT_PIN_TFT_MOSI", "GP19", "display MOSI / SDA (SPI0 TX)"),
    ("SPIT_PIN_TFT_RST", "GP20", "display RST (optional)"),
    ("SPIT_PIN_TFT_BL", "GP21", "display backlight BL / LITE (optional)"),
    ("SPIT_PIN_NEOPIXEL", "GP22", "NeoPixel strip DIN (optional)"),
)
OPTIONAL = ("SPIT_PIN_PIEZO", "SPIT_PIN_TFT_RST", "SPIT_PIN_TFT_BL", "SPIT_PIN_NEOPIXEL")
PANELS = {  # (width, height) -> (rotation, rowstart, colstart) of Adafruit's ST7789 breakouts
    (240, 240): (0, 80, 0),
    (240, 135): (270, 40, 53),
    (320, 240): (90, 0, 0),
}
KEY_NAMES = ("P1 up", "P1 down", "P1 left", "P1 right", "P2 up", "P2 down", "P2 left", "P2 right")
KEYMAP = bytes(range(8))  # keypad.Keys numbers the pins in the order given: player * 4 + button


def pin_name(key):
    """The pin name settings.toml gives for key (or the default); "" when an optional part is left out."""
    for k, default, _ in PINS:
        if k == key:
            name = device.setting(key, default).strip()
            if name.startswith("board."):
                name = name[6:]
            if name.lower() in ("", "none") and key not in OPTIONAL:
                raise ValueError("settings.toml: %s needs a pin" % key)
            return "" if name.lower() == "none" else name
    raise KeyError(key)


def pins():
    """{key: board pin or None} for every entry of PINS; a wrong or doubled pin name raises ValueError."""
    out = {}  # type: dict
    seen = {}  # type: dict
    for key, _, _ in PINS:
        name = pin_name(key)
        if not name:
            out[key] = None
            continue
        pin = getattr(board, name, None)
        if pin is None:
            raise ValueError("settings.toml: %s = %r: this board has no pin of that name" % (key, name))
        if name in seen:
            raise ValueError("settings.toml: %s and %s both use %s" % (seen[name], key, name))
        seen[name] = key
        out[key] = pin
    return out


def panel(width=None, height=None):
    """(width, height, rotation, rowstart, colstart, baudrate) from settings.toml."""
    width = width or device.setting("SPIT_TFT_WIDTH", 240)
    height = height or device.setting("SPIT_TFT_HEIGHT", 240)
    rotation, rowstart, colstart = PANELS.get((width, height), (0, 0, 0))
    return (width, height, device.setting("SPIT_TFT_ROTATION", rotation),
            device.setting("SPIT_TFT_ROWSTART", rowstart), device.setting("SPIT_TFT_COLSTART", colstart),
            device.setting("SPIT_TFT_BAUDRATE", 24000000))


class Speaker:
    """A piezo on a PWM pin: a square wave at half duty while a tone sounds."""

    def __init__(self, pin):
        self.pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)

    def start(self, frequency_hz):
        """Sound frequency_hz until stop()."""
        self.pwm.frequency = max(20, min(frequency_hz, 20000))
        self.pwm.duty_cycle = 0x8000

    def stop(self):
        """Silence."""
        self.pwm.duty_cycle = 0


class Hal(device.BoardHal):
    """The Pico kit: ST7789 screen, two clusters of four buttons, optional NeoPixels and piezo."""

    name = NAME
    key_names = KEY_NAMES
    button_words = ("L keys", "R keys", "hold Up+Down")  # the how-to pages' words: the clusters, the pause

    @staticmethod
    def _open_wifi(join=None):
        """UDP over this board's Wi-Fi: a host's, or a guest's of settings.toml's SPIT_LINK_HOST (its address)."""
        import os

        # by name: only a W board's bundle has it (tools/board/bundle.py's LINKS)
        wifi_link = __import__("hal.link.socketpool", None, None, ("make",))
        if join is None:
            return wifi_link.make()
        address = os.getenv("SPIT_LINK_HOST")
        if not address:
            raise OSError("no SPIT_LINK_HOST in settings.toml: the host's address (docs/link-transports.md)")
        return wifi_link.make(join=(address, wifi_link.PORT))

    def __init__(self, width=None, height=None):
        try:  # a Pico W or Pico 2 W: link play over Wi-Fi (docs/link.md); by name, as a plain Pico has none
            __import__("wifi")
            self.open_link = self._open_wifi
        except ImportError:
            pass
        p = pins()
        width, height, rotation, rowstart, colstart, baudrate = panel(width, height)
        displayio.release_displays()
        device.collect()
        spi = busio.SPI(clock=p["SPIT_PIN_TFT_SCK"], MOSI=p["SPIT_PIN_TFT_MOSI"])
        bus = FourWire(spi, command=p["SPIT_PIN_TFT_DC"], chip_select=p["SPIT_PIN_TFT_CS"],
                       reset=p["SPIT_PIN_TFT_RST"], baudrate=baudrate)
        display = ST7789(bus, width=width, height=height, rotation=rotation, rowstart=rowstart,
                         colstart=colstart, backlight_pin=p["SPIT_PIN_TFT_BL"], auto_refresh=False)
        keys = keypad.Keys([p[key] for key, _, _ in PINS[:8]], value_when_pressed=False, pull=True,
                           max_events=32)
        pixels = None
        count = device.setting("SPIT_NEOPIXELS", 5)
        if p["SPIT_PIN_NEOPIXEL"] is not None and count > 0:
            percent = max(0, min(100, device.setting("SPIT_PIXEL_BRIGHTNESS", 10)))
            pixels = neopixel.NeoPixel(p["SPIT_PIN_NEOPIXEL"], count, auto_write=False, brightness=percent / 100)
        speaker = Speaker(p["SPIT_PIN_PIEZO"]) if p["SPIT_PIN_PIEZO"] is not None else None
        self.spi = spi
        device.BoardHal.__init__(self, display, device.Events(keys, KEYMAP), pixels, speaker)

    def deinit(self):
        """Release the keys, pixels and piezo, then the display and its SPI bus."""
        device.BoardHal.deinit(self)
        if self.speaker is not None:
            self.speaker.pwm.deinit()
        displayio.release_displays()
        self.spi.deinit()
