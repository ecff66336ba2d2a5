"""Stand-in for neopixel: a strip of colours in memory; show() copies them to ``shown``."""

GRB = "GRB"
RGB = "RGB"


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin = pin
        self.n = n
        self.brightness = brightness
        self.colours = [0] * n
        self.shown = [0] * n
        self.shows = 0

    def __len__(self):
        return self.n

    def __setitem__(self, i, colour):
        if isinstance(colour, tuple):
            colour = colour[0] << 16 | colour[1] << 8 | colour[2]
        self.colours[i] = colour

    def __getitem__(self, i):
        return self.colours[i]

    def fill(self, colour):
        for i in range(self.n):
            self[i] = colour

    def show(self):
        self.shown = list(self.colours)
        self.shows += 1

    def deinit(self):
        pass
