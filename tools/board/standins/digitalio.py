"""Stand-in for digitalio."""


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.value = False
        self.output = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.output = True
        self.value = value

    def deinit(self):
        pass

    @property
    def direction(self):
        return Direction.OUTPUT if self.output else Direction.INPUT

    @direction.setter
    def direction(self, value):
        self.output = value == Direction.OUTPUT


class Direction:
    INPUT = 0
    OUTPUT = 1
