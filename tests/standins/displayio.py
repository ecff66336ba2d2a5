"""Stand-in for displayio: the parts the game uses, keeping pixels and tiles in memory."""


def release_displays():
    pass


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self.data = bytearray(width * height)

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        self.data[index] = value

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self.data[index]

    def fill(self, value):
        for i in range(len(self.data)):
            self.data[i] = value


class Palette:
    def __init__(self, color_count):
        self.colors = [0] * color_count
        self.transparent = []

    def __setitem__(self, i, colour):
        self.colors[i] = colour

    def __getitem__(self, i):
        return self.colors[i]

    def __len__(self):
        return len(self.colors)

    def make_transparent(self, i):
        if i not in self.transparent:
            self.transparent.append(i)

    def make_opaque(self, i):
        if i in self.transparent:
            self.transparent.remove(i)

    def is_transparent(self, i):
        return i in self.transparent


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader=None, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.tiles = bytearray(width * height)
        self.x = x
        self.y = y
        self.hidden = False

    def __setitem__(self, i, tile):
        self.tiles[i if not isinstance(i, tuple) else i[1] * self.width + i[0]] = tile

    def __getitem__(self, i):
        return self.tiles[i if not isinstance(i, tuple) else i[1] * self.width + i[0]]


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        # set without the properties: a subclass (a Label) may redefine them, as displayio's C init ignores
        self.items = []
        self._scale = scale
        self._x = x
        self._y = y
        self._hidden = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = value

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = value

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        self._hidden = value

    def append(self, item):
        self.items.append(item)

    def insert(self, i, item):
        self.items.insert(i, item)

    def remove(self, item):
        self.items.remove(item)

    def pop(self, i=-1):
        return self.items.pop(i)

    def __contains__(self, item):
        return item in self.items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]
