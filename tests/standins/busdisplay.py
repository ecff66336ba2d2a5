"""Stand-in for busdisplay: a display that counts its refreshes."""


class BusDisplay:
    def __init__(self, bus, init_sequence=b"", *, width=160, height=128, auto_refresh=True, **kwargs):
        self.bus = bus
        self.width = width
        self.height = height
        self.auto_refresh = auto_refresh
        self.root_group = None
        self.brightness = 1.0
        self.refreshes = 0
        self.options = kwargs

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
