"""Stand-in for CircuitPython's built-in adafruit_pixelbuf: what the real neopixel library builds on."""


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False, header=None, trailer=None):
        self._size = size
        self.byteorder = byteorder
        self.brightness = brightness
        self.auto_write = auto_write
        self.colours = [0] * size
        self.buf = bytearray(size * len(byteorder))
        self.shown = 0

    def __len__(self):
        return self._size

    def __setitem__(self, i, colour):
        self.colours[i] = colour
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        return self.colours[i]

    def fill(self, colour):
        for i in range(self._size):
            self.colours[i] = colour
        if self.auto_write:
            self.show()

    def show(self):
        self.shown += 1
        self._transmit(self.buf)
