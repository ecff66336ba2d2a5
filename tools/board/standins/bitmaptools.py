"""Stand-in for CircuitPython's built-in bitmaptools: the calls bitmap_label makes.

The pixels are read and written in place (no call per pixel): on a board
these are C and take no pystack, so the stand-in keeps to one frame.
"""


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None, skip_dest_index=None):
    x2 = source.width if x2 is None else x2
    y2 = source.height if y2 is None else y2
    sb, db = source.bits, dest.bits
    sd, dd = source.data, dest.data
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dest.width:
                continue
            bit = sx * sb
            v = (sd[sy * source.stride + (bit >> 3)] >> (bit & 7)) & source.mask if sb < 8 else \
                sd[sy * source.stride + (bit >> 3)]
            if v == skip_source_index:
                continue
            bit = dx * db
            i = dy * dest.stride + (bit >> 3)
            if db < 8:
                dd[i] = (dd[i] & ~(dest.mask << (bit & 7))) | ((v & dest.mask) << (bit & 7))
            else:
                dd[i] = v & 0xFF


def replace_color(bitmap, old, new):
    for y in range(bitmap.height):
        for x in range(bitmap.width):
            if bitmap[x, y] == old:
                bitmap[x, y] = new
