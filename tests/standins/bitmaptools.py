"""Stand-in for CircuitPython's built-in bitmaptools: the calls bitmap_label makes, pixel by pixel."""


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None, skip_dest_index=None):
    x2 = source.width if x2 is None else x2
    y2 = source.height if y2 is None else y2
    for sy in range(y1, y2):
        for sx in range(x1, x2):
            dx, dy = x + sx - x1, y + sy - y1
            if 0 <= dx < dest.width and 0 <= dy < dest.height:
                v = source.data[sy * source.width + sx]
                if v != skip_source_index:
                    dest.data[dy * dest.width + dx] = v


def replace_color(bitmap, old, new):
    data = bitmap.data
    for i in range(len(data)):
        if data[i] == old:
            data[i] = new
