"""Stand-in for CircuitPython's built-in neopixel_write: the bytes go nowhere."""


def neopixel_write(pin, buf):
    pass
