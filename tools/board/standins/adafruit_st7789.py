"""Stand-in for adafruit_st7789: a BusDisplay that keeps its options."""

from busdisplay import BusDisplay


class ST7789(BusDisplay):
    def __init__(self, bus, *, bgr=True, invert=True, **kwargs):
        super().__init__(bus, b"", **kwargs)
