"""Stand-in for busio."""


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        self.pins = (clock, MOSI, MISO)

    def deinit(self):
        pass
