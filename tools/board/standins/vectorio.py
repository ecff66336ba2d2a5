"""Stand-in for vectorio: the Rectangle a label's background is (ui/text.py)."""


class Rectangle:
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False
