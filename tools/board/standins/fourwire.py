"""Stand-in for fourwire."""


class FourWire:
    def __init__(self, spi_bus, *, command=None, chip_select=None, reset=None, baudrate=24000000,
                 polarity=0, phase=0):
        self.spi = spi_bus
        self.pins = (command, chip_select, reset)
        self.baudrate = baudrate
