"""Stand-in for audioio: remembers what it plays."""


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.pin = left_channel
        self.playing = False
        self.rate = 0  # the sample rate of the last sample played
        self.plays = 0

    def play(self, sample, *, loop=False):
        self.playing = True
        self.rate = sample.sample_rate
        self.plays += 1

    def stop(self):
        self.playing = False

    def deinit(self):
        pass
