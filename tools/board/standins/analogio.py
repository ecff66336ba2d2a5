"""Stand-in for analogio: readings from _sim.ANALOG (the middle, 32768, by default)."""

import _sim


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin

    @property
    def value(self):
        return _sim.ANALOG.get(self.pin.name, 32768)

    def deinit(self):
        pass
