"""Helpers for the ui tests: key taps and frames on the headless hal, screen geometry, a presser.

Geometry comes from the table's own Layout and TileGrids and colours from
ui.sprites, so a test says "the rank glyph of P1's stock 3 is red", never
"pixel (31, 52) is (208, 24, 24)".
"""

import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # before anything imports Blinka

from engine import actions as A  # noqa: E402
from engine import replay  # noqa: E402
from engine.cards import is_red  # noqa: E402
from engine.cardnames import parse  # noqa: E402
from engine.spit.rules import PH_OVER, PH_PLAY, PH_READY  # noqa: E402
from engine.timing import ticks_add  # noqa: E402
from hal import DOWN, LEFT, RIGHT, UP  # noqa: E402
from ui import sprites as S  # noqa: E402
from ui.app import FRAME_MS, TABLE  # noqa: E402
from engine.california import file as F_CAL  # noqa: E402  (a game's own verbs, reasons, reports, phases)
from engine.speed import file as F_SPEED  # noqa: E402
from engine.spit.file import PH_CHOOSE, PH_SLAP  # noqa: E402

__all__ = ["A", "UP", "DOWN", "LEFT", "RIGHT", "FRAME_MS", "S"]


def rgb(colour):
    """The (r, g, b) a 0xRRGGBB colour shows as after RGB565 (top bits copied into the low ones)."""
    r5, g6, b5 = colour >> 19, (colour >> 10) & 63, (colour >> 3) & 31
    return (r5 << 3 | r5 >> 2, g6 << 2 | g6 >> 4, b5 << 3 | b5 >> 2)


def colour(index):
    """The screen colour of a palette index of ui.sprites."""
    return rgb(S.COLOURS[index])


# ---- input and time -----------------------------------------------------------


def tap(hal, player, button, t=None):
    """A press and release of one button, stamped t (default: the clock now)."""
    t = hal.ticks_ms() if t is None else t
    hal.events.feed(player * 4 + button, True, t)
    hal.events.feed(player * 4 + button, False, ticks_add(t, 1))


def step(hal, app, n=1):
    """Run n frames: each one at the clock's now, then the clock moves a frame on."""
    for _ in range(n):
        app.frame(hal.ticks_ms())
        hal.advance(FRAME_MS)


def run_ms(hal, app, ms):
    """Run frames for ms of game time."""
    step(hal, app, max(1, -(-ms // FRAME_MS)))


def deal(hal, app):
    """Deal a game on the table and draw it."""
    app.start_game(hal.ticks_ms())
    step(hal, app)


def say_spit(hal, app, wait_ms=800):
    """Both players say Spit (S-4), then wait for the SPIT! banner to go."""
    tap(hal, 0, LEFT)
    tap(hal, 1, LEFT)
    step(hal, app)
    assert app.game.phase == PH_PLAY
    run_ms(hal, app, wait_ms)


def leave_result(hal, app, choice="Menu", player=0):
    """Wait out the result screen's guard, then take a choice with player's cluster (issue 20: a key in the
    guard does nothing; Up/Down pick, Left takes)."""
    from ui.result import GUARD_MS

    run_ms(hal, app, GUARD_MS)
    panel = app.over.panel
    for _ in range(len(panel.choices)):
        if panel.choices[panel.selected] == choice:
            break
        tap(hal, player, DOWN)
        step(hal, app)
    assert panel.choices[panel.selected] == choice
    tap(hal, player, LEFT)
    step(hal, app)


def cards(names):
    """Card numbers for a list of names like ["4C", "KD"]."""
    return [parse(n) for n in names]


def load(app, stocks0, stocks1, centre, spit=((), ())):
    """Put a given position on the app's table: stocks as 5 lists of names, bottom first."""
    layouts = [([cards(s) for s in stocks0], cards(spit[0])), ([cards(s) for s in stocks1], cards(spit[1]))]
    app.game.load(layouts, [cards(c) for c in centre])


def play_into_a_stalemate(hal, app):
    """A dealt Spit table (seed 3) where P1 plays 4C on 5C and then nobody can move (S-8)."""
    deal(hal, app)
    load(app, [[], [], ["4C"], ["KC"], []], [[], [], ["KD"], [], []], [["5C"], ["9D"]], (["2H"], ["3H"]))
    step(hal, app)
    tap(hal, 0, LEFT)  # 4C on 5C: now neither KC nor KD goes anywhere
    step(hal, app)


def set_menu(hal, app, key, value):
    """Move to the menu's line for key and change it until its setting is value."""
    while app.menu.items[app.menu.selected][0] != key:
        tap(hal, 0, DOWN)
        step(hal, app)
    while app.settings[key] != value:
        tap(hal, 0, RIGHT)
        step(hal, app)


def logged(app, player=None):
    """The actions the app applied (its replay log) as (player, verb name, a, b), optionally one player's."""
    names = replay.names(app.game.name)  # the game's (engine.names: the shared ones and its own)
    return [(p, names.VERBS[v], a, b) for t, p, v, a, b in app.log if player is None or p == player]


# ---- geometry -----------------------------------------------------------------


def stock_rect(lay, p, s):
    """(x1, y1, x2, y2) of player p's stock s."""
    x, y = lay.stock_x[p], lay.stock_y[s]
    return x, y, x + lay.cw, y + lay.ch


def pile_rect(lay, i):
    """(x1, y1, x2, y2) of spit pile i."""
    x, y = lay.pile_x[i], lay.pile_y
    return x, y, x + lay.cw, y + lay.ch


def label_box(label):
    """(x1, y1, x2, y2) a label paints, padding and background included (a ui.text.Text or a bitmap_label)."""
    if hasattr(label, "area"):
        return label.area()
    tg = label.tilegrid
    s = label.scale
    x1 = label.x + tg.x * s
    y1 = label.y + tg.y * s
    return x1, y1, x1 + tg.tile_width * tg.width * s, y1 + tg.tile_height * tg.height * s


def inside(inner, outer):
    """True when box inner lies within box outer."""
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def overlap(a, b):
    """True when boxes a and b share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def glyph_pixel(sheet, tile, w, h, want):
    """Offset (dx, dy) of the first pixel of a w x h sheet tile drawn in palette index want."""
    for dy in range(h):
        for dx in range(w):
            if sheet[tile * w + dx, dy] == want:
                return dx, dy
    raise AssertionError("sheet tile %d has no pixel of colour %d" % (tile, want))


def rank_colour_index(card):
    """ui.sprites palette index of a card's rank glyph: red suits red, the others black."""
    return S.RED if is_red(card) else S.BLACK


def card_pixels(table, view, card):
    """Screen points of a CardView showing card's rank (left half) and suit (right half), with their colours."""
    lay = table.lay
    hw = lay.cw // 2
    want = rank_colour_index(card)
    points = []
    for half, tile in ((0, S.left_tile(card, S.FACE)), (1, S.right_tile(card, S.FACE))):
        dx, dy = glyph_pixel(view.body.bitmap, tile, hw, lay.ch, S.INK)
        points.append(((view.x + half * hw + dx, view.y + dy), colour(want)))
    return points


def repaint(display):
    """(pixels, areas) the last refresh repainted: the sum of its areas' sizes and their number."""
    areas = display.refreshed
    return sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in areas), len(areas)


def union_pixels(areas):
    """How many distinct pixels a list of areas covers."""
    seen = set()
    for x1, y1, x2, y2 in areas:
        seen.update((x, y) for y in range(y1, y2) for x in range(x1, x2))
    return len(seen)


# ---- a scripted player ----------------------------------------------------------

_RANK = {A.PLAY: 0, F_CAL.COVER: 0, A.FLIP: 1, A.MOVE: 2}


class Presser:
    """Looks at the public table each frame and presses buttons for both clusters.

    For each player it picks a useful legal action from ``game.legal`` (a play
    first, then a flip, then filling an empty slot), moves that player's
    cursor there with UP/DOWN and pushes LEFT or RIGHT, feeding the presses
    into ``hal.events`` with timestamps inside the frame just gone. So every
    card goes through the real button scheme. ``every`` slows a player down
    (acts on every n-th frame); ``offset`` is the ms into the frame of each
    player's first press (equal offsets make exact ties, C-4).
    """

    def __init__(self, hal, app, every=(1, 1), offset=(5, 5)):
        self.hal = hal
        self.app = app
        self.every = every
        self.offset = offset
        self.buf = bytearray(3 * 64)
        self.frames = 0
        self.presses = 0

    def buttons(self, p):
        """The buttons player p presses this frame, in order."""
        game = self.app.game
        phase = game.phase
        if phase == PH_READY:
            return [RIGHT] if not game.ready[p] else []
        if phase == F_SPEED.PH_CALL:
            return [UP]  # Speed: a player is out, press Speed (P-8: UP, engine.speed.buttons)
        if phase == PH_SLAP or phase == PH_CHOOSE:
            if not game.legal(p, self.buf):
                return []
            return [LEFT if game.centre[0].n <= game.centre[1].n else RIGHT]  # the smaller pile
        if phase != PH_PLAY:
            return []
        best = None
        buf = self.buf
        for k in range(game.legal(p, buf)):
            verb, a, b = buf[3 * k], buf[3 * k + 1], buf[3 * k + 2]
            if best is None or _RANK[verb] < _RANK[best[0]]:
                best = (verb, a, b)
        if best is None:
            return []
        verb, a, b = best
        slot = b if verb == A.MOVE or verb == F_CAL.COVER else a  # MOVE: the cursor goes on the empty slot
        k = game.slots
        d = (slot - self.app.clusters[p].cursor) % k
        moves = [DOWN] * d if d <= k // 2 else [UP] * (k - d)
        if verb == F_CAL.COVER:  # California: the cursor to the pile's height, then its column (row a)
            return moves + [RIGHT if a == 1 else LEFT]
        return moves + [RIGHT if verb == A.PLAY and b == 1 else LEFT]

    def feed(self):
        """Queue this frame's presses of both players."""
        app = self.app
        if app.screen != TABLE or app.game.phase == PH_OVER:
            return
        now = self.hal.ticks_ms()
        keys = []
        for p in range(2):
            if self.frames % self.every[p]:
                continue
            for i, button in enumerate(self.buttons(p)):
                keys.append((self.offset[p] + 3 * i, p, button))
        keys.sort()
        for dt, p, button in keys:
            tap(self.hal, p, button, ticks_add(now, dt - FRAME_MS))  # wrap-safe, like the clock
        self.presses += len(keys)

    def step(self):
        """One frame: the clock moves on, both players press, the app runs the frame."""
        self.hal.advance(FRAME_MS)
        self.feed()
        self.frames += 1
        self.app.frame(self.hal.ticks_ms())


def one_line_exit_2(out):
    """Exit status 2, one line on standard error, no traceback; the line."""
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    return lines[0]
