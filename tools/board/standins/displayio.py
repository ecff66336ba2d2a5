"""Stand-in for displayio: the parts the game uses, keeping pixels and tiles in memory."""


def release_displays():
    pass


class Bitmap:
    """Values packed as displayio packs them: 1, 2, 4, 8, 16 or 32 bits each, rows of whole 32-bit words.

    So a stand-in bitmap holds as many heap bytes as a board's (a heap figure
    measured with it means what it would on the board).
    """

    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self.bits = bits
        self.mask = (1 << bits) - 1
        self.stride = (width * bits + 31) // 32 * 4  # bytes per row
        self.data = bytearray(self.stride * height)

    # Index arithmetic inline, no helper call and no tuple made: on a board these are C, using
    # neither the heap nor the pystack, and a stand-in should not either.
    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            bit = index[0] * self.bits
            i = index[1] * self.stride + (bit >> 3)
        else:
            bit = (index % self.width) * self.bits
            i = (index // self.width) * self.stride + (bit >> 3)
        bits = self.bits
        if bits >= 8:
            for k in range(bits >> 3):
                self.data[i + k] = (value >> (8 * k)) & 0xFF
        else:
            shift = bit & 7
            self.data[i] = (self.data[i] & ~(self.mask << shift)) | ((value & self.mask) << shift)

    def __getitem__(self, index):
        if isinstance(index, tuple):
            bit = index[0] * self.bits
            i = index[1] * self.stride + (bit >> 3)
        else:
            bit = (index % self.width) * self.bits
            i = (index // self.width) * self.stride + (bit >> 3)
        bits = self.bits
        if bits >= 8:
            v = 0
            for k in range(bits >> 3):
                v |= self.data[i + k] << (8 * k)
            return v
        return (self.data[i] >> (bit & 7)) & self.mask

    def fill(self, value):
        data = self.data
        if self.bits >= 8:
            n = self.bits >> 3
            for i in range(0, len(data), n):
                for k in range(n):
                    data[i + k] = (value >> (8 * k)) & 0xFF
            return
        byte = 0
        for shift in range(0, 8, self.bits):
            byte |= (value & self.mask) << shift
        for i in range(len(data)):
            data[i] = byte


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
        # scale is set past its property: a Label redefines it, and displayio's C init sets no property
        self.items = []
        self._scale = scale
        self.x = x
        self.y = y
        self.hidden = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

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

    def __setitem__(self, i, item):
        self.items[i] = item

    def index(self, item):
        return self.items.index(item)
