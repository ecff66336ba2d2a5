"""Title menu and the how-to-play page: lists of labels driven by either cluster.

UP and DOWN choose a line; LEFT and RIGHT change its value, or open it.
"""

import displayio
import terminalio
from adafruit_display_text import bitmap_label

from ui import sprites as S
from engine.bots import ROSTER
from engine.bots.hands import median_words
from engine.controls import DOWN, LEFT, UP

# The CPU line (D-1): levels 1-5 with their median time per move, adaptive, then the roster's other bots
CPU_WORDS = tuple("Level %s %s" % (name[5:], median_words(int(name[5:]))) if name[:5] == "level"
                  else name if name == "adaptive" else "bot: " + name for name in ROSTER)

# (settings key, label, values, words for the values)
ITEMS = (
    ("start", "Start", None, None),
    ("game", "Game", ("spit",), ("Spit",)),
    ("mode", "Mode", ("2p", "1p"), ("2 players", "1P vs CPU")),
    ("stocks", "Stocks", (5, 4), ("5 piles", "4 piles")),
    ("scoring", "Scoring", (False, True), ("off", "to 100")),
    ("alternate_colours", "Colours", (False, True), ("any", "alternate")),
    ("choose_pile", "Pile", (False, True), ("slap race", "winner picks")),
    ("auto_flip", "Auto-flip", (False, True), ("off", "on")),
    ("sound", "Sound", (True, False), ("on", "off")),
    ("cpu", "CPU", ROSTER, CPU_WORDS),
    ("howto", "How to play", None, None),
)
DEFAULTS = {"game": "spit", "mode": "2p", "cpu": "level2", "stocks": 5, "scoring": False,
            "alternate_colours": False, "choose_pile": False, "auto_flip": False, "sound": True}

HOWTO = (
    "HOW TO PLAY",
    "Empty your stocks onto",
    "the piles: one rank up",
    "or down (K-A-2 wraps).",
    "Up/Down: pick a stock",
    "Left/Right: play it on",
    " that pile, turn it up,",
    " or fill an empty slot",
    "Any key: say Spit!",
    "End: slap the small pile",
    "P1: W A S D   P2: arrows",
)


def clean(settings, replaced=None):
    """The menu's settings from a dict: its allowed values, the defaults for the rest; other keys left out.

    replaced(key, value, default) is called for each value that is there but not allowed.
    """
    out = dict(DEFAULTS)
    if isinstance(settings, dict):
        for key, _, values, _ in ITEMS:
            if values and key in settings:
                value = settings[key]
                if value in values and type(value) is type(values[0]):
                    out[key] = value
                elif replaced is not None:
                    replaced(key, value, out[key])
    return out


class Lines:
    """A column of labels at the left edge; only changed lines are redrawn."""

    def __init__(self, group, width, height, count, top, step):
        self.labels = []
        self.texts = []
        for i in range(count):
            label = bitmap_label.Label(terminalio.FONT, text=" ", color=0xFFFFFF,
                                       anchor_point=(0.0, 0.0), anchored_position=(4, top + i * step),
                                       save_text=False)
            group.append(label)
            self.labels.append(label)
            self.texts.append(None)

    def set(self, i, text, colour=0xFFFFFF):
        """Show text on line i in a colour."""
        label = self.labels[i]
        if self.texts[i] != text:
            self.texts[i] = text
            label.text = text or " "
        if label.color != colour:
            label.color = colour


class Menu:
    """The title screen: options to choose, How to play, and Start."""

    def __init__(self, width, height, settings):
        self.settings = clean(settings)
        self.group = displayio.Group()
        bg = displayio.Bitmap(8, 8, 1)
        pal = displayio.Palette(1)
        pal[0] = S.COLOURS[S.FELT]
        self.group.append(displayio.TileGrid(bg, pixel_shader=pal, width=(width + 7) // 8,
                                             height=(height + 7) // 8, tile_width=8, tile_height=8))
        self.group.append(bitmap_label.Label(terminalio.FONT, text="SPIT!", scale=2,
                                             color=S.COLOURS[S.GOLD], anchor_point=(0.5, 0.0),
                                             anchored_position=(width // 2, 2)))
        self.step = 10
        self.visible = max(3, (height - 30) // self.step)
        self.lines = Lines(self.group, width, height, min(self.visible, len(ITEMS)), 28, self.step)
        self.help = None
        self.width = width
        self.height = height
        self.selected = 0  # on Start
        self.top = 0
        self.showing_help = False
        self.draw()

    def press(self, player, button):
        """Handle a press; return "start" to begin a game, "changed" when a setting changed, or None."""
        if self.showing_help:
            self.show_help(False)
            return None
        if button == UP or button == DOWN:
            self.selected = (self.selected + (-1 if button == UP else 1)) % len(ITEMS)
            self.draw()
            return None
        key, _, values, _ = ITEMS[self.selected]
        if key == "start":
            return "start"
        if key == "howto":
            self.show_help(True)
            return None
        if len(values) > 1:
            i = values.index(self.settings[key])
            i = (i + (-1 if button == LEFT else 1)) % len(values)
            self.settings[key] = values[i]
            self.draw()
            return "changed"
        return None

    def draw(self):
        """Redraw the visible lines of the menu."""
        n = len(self.lines.labels)
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + n:
            self.top = self.selected - n + 1
        for i in range(n):
            k = self.top + i
            key, label, values, words = ITEMS[k]
            text = label if values is None else "%s: %s" % (label, words[values.index(self.settings[key])])
            mark = ">" if k == self.selected else " "
            colour = S.COLOURS[S.GOLD] if k == self.selected else 0xFFFFFF
            self.lines.set(i, mark + text, colour)

    def show_help(self, on):
        """Show or hide the how-to-play page over the menu."""
        self.showing_help = on
        if on and self.help is None:
            self.help = displayio.Group()
            pal = displayio.Palette(1)
            pal[0] = 0x000000
            bg = displayio.Bitmap(8, 8, 1)
            self.help.append(displayio.TileGrid(bg, pixel_shader=pal, width=(self.width + 7) // 8,
                                                height=(self.height + 7) // 8, tile_width=8, tile_height=8))
            step = max(10, min(12, self.height // len(HOWTO)))
            lines = Lines(self.help, self.width, self.height, len(HOWTO), 1, step)
            for i, text in enumerate(HOWTO):
                lines.set(i, text, S.COLOURS[S.GOLD] if i == 0 else 0xFFFFFF)
        if self.help is not None:
            if on and self.help not in self.group:
                self.group.append(self.help)
            elif not on and self.help in self.group:
                self.group.remove(self.help)
