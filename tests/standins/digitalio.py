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
