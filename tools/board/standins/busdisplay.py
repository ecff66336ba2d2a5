"""Stand-in for busdisplay: a display that counts its refreshes (on the board VM, a HeadlessDisplay's).

On the board VM (the real C displayio, with ``displayio.HeadlessDisplay``) it
draws into a HeadlessDisplay of the display's size, as the game sees it (the
rotation is left to the panel: the framebuffer is the picture the game made),
so a real display driver such as adafruit_st7789, which subclasses BusDisplay,
draws pixels that can be read back: ``pixel(x, y)``, ``stats()``, and
``memoryview(display.headless)``.
"""

try:
    from displayio import HeadlessDisplay
except ImportError:  # CPython or the plain VM: the Python displayio stand-in has none
    HeadlessDisplay = None


class BusDisplay:
    def __init__(self, bus, init_sequence=b"", *, width=160, height=128, auto_refresh=True, **kwargs):
        self.bus = bus
        self.width = width
        self.height = height
        self.auto_refresh = auto_refresh
        self.brightness = 1.0
        self.refreshes = 0
        self.options = kwargs
        self.headless = HeadlessDisplay(width, height) if HeadlessDisplay is not None else None
        self._root = None

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        self._root = group
        if self.headless is not None:
            self.headless.root_group = group

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        if self.headless is not None:
            self.headless.refresh()
        return True

    def pixel(self, x, y):
        return self.headless.pixel(x, y)

    def stats(self, reset=False):
        return self.headless.stats(reset)
