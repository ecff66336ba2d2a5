"""Speed's table for three and four seats (P-11) at every screen size: places, repaints, D-3, the ranking banner.

Seat 0's hand is the left column, seat 1's the right, seat 2's the top row
and seat 3's the bottom row; the centre piles lie in one row, pile 0 on the
left (the buttons play along that row). Every position comes from the
table's own SeatsLayout and TileGrids, every colour from ui.sprites.
"""

from conftest import ROOT
import pytest

from uitools import S, colour, inside, label_box, overlap, repaint, rgb, union_pixels
from engine import actions as A
from engine.actions import PH_OVER, PH_PLAY
from engine.cardnames import parse
from engine.randplay import RandomPlay
from engine.speed.rules import Speed
from ui.speed.words import Words
from engine.speed import file as F_SPEED  # its own verbs, reasons, reports and phases

SIZES = [(160, 128), (240, 135), (240, 240)]
SEATS = [3, 4]

# The longest words the banner shows with three or four seats (ui/speed/words.py), one- and two-deck counts
BANNERS = ("P3 wins! 2nd P1 3rd P4 4th P2", "P4 wins! 2nd P3 3rd P2 4th P1", "Ready: P2 P3 P4?",
           "Ready? Press to start", "Stuck! Ready to flip", "Too late! P4 +104 cards", "P4 caught P1! +104",
           "P4 out: Up for SPEED!", "P4 wins game 2  1-1-0-0", "Game 3  1-1-0-0", "P4 wins! 1-2-0-2",
           "P2 wins! 104-60-3-25", "A draw", "Flip!")


def cards(*names):
    return [parse(n) for n in names]


def table_on(hal, players, cpus=None, game=None):
    """A Table for players seats on hal's screen, begun and synced with game (a fresh deal by default)."""
    from ui.speed.table import Table

    width, height = hal.display.width, hal.display.height
    table = Table(width, height, players=players)
    game = game or Speed(players=players, seed=7)
    table.begin(game, cpus or [False] * players)
    hal.display.root_group = table.group
    table.sync(game)
    hal.present()
    return table, game


def card_box(table, view):
    lay = table.lay
    return view.x, view.y, view.x + lay.cw, view.y + lay.ch


def count_box(count):
    """(x1, y1, x2, y2) of a Count's TileGrid: every digit it may show."""
    g = count.grid
    return g.x, g.y, g.x + g.tile_width * g.width, g.y + g.tile_height * g.height


def every_card(table):
    return [v for hand in table.hands for v in hand] + table.piles


def press_play(game, p, slot, t=100):
    """Seat p plays its slot on the first centre pile (left to right) that takes it; the pile."""
    card = game.hands[p][slot]
    for i in range(game.players):
        if game.apply(t, p, A.PLAY, slot, i) == A.OK:
            return i
    raise AssertionError("seat %d's %r fits no pile" % (p, card))


@pytest.fixture
def screen(headless_app):
    """make(width, height) -> the headless hal (its screen, no app on it)."""
    def make(width, height):
        hal, _ = headless_app(width, height)
        return hal
    return make


# ---- the places ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
def test_each_seat_shows_its_number_in_its_corner_beside_its_draw_count(screen, size, players):
    """Issue 34.5: "CPU3 wins", and the table says which seat is CPU3: each seat's corner shows its number (P3's
    and CPU3's 3) in black on the seat's colour at the screen's edge, a pixel of felt from its draw count, which
    covers no card and no cursor frame."""
    from ui import sprites as S_
    hal = screen(*size)
    table, game = table_on(hal, players)
    lay = table.lay
    sheet = S_.digit_sheet(lay.digit_scale)
    dw, dh = sheet.width // S_.DIGIT_TILES, sheet.height
    frames = [(v.x - 2, v.y - 2, v.x + lay.cw + 2, v.y + lay.ch + 2) for v in every_card(table)]
    for p in range(players):
        x, y, align = lay.count_at[p]
        bx = x if align == 0 else x + 2 * dw  # at the screen's edge
        assert bx == 2 or bx + dw == size[0] - 2
        for dy in range(dh):
            for dx in range(dw):
                ink = sheet[(1 + p + 1) * dw + dx, dy]  # the digit p + 1 (tile 0 is blank)
                assert hal.display.pixel(bx + dx, y + dy) == (rgb(0) if ink else rgb(S.PLAYER_COLOURS[p])), (p, dx, dy)
        draw = count_box(table.draws[p])
        badge = (bx, y, bx + dw, y + dh)
        assert not overlap(draw, badge) and (draw[0] == badge[2] + 1 or draw[2] + 1 == badge[0])
        for box in (draw, badge):
            assert not any(overlap(box, f) for f in frames), (p, box)




@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
def test_every_place_is_on_the_screen_and_nothing_covers_a_card(screen, size, players):
    """Every card place and cursor frame on the screen; no two cards overlap; counts and banners cover no card."""
    hal = screen(*size)
    table, _ = table_on(hal, players)
    width, height = size
    whole = (0, 0, width, height)
    rects = [card_box(table, v) for v in every_card(table)]
    assert len(rects) == 6 * players
    for i, a in enumerate(rects):
        assert inside(a, whole)
        assert inside((a[0] - 2, a[1] - 2, a[2] + 2, a[3] + 2), whole)  # the cursor frame
        for b in rects[i + 1:]:
            assert not overlap(a, b), "cards at %r and %r overlap" % (a, b)
    for p in range(players):
        table.draws[p].set(104)  # two decks: three digits
    for i in range(players):
        table.sizes[i].set(108)
        table.sides[i].set(15)
    table.info.set("Game 3  1-1-0-0" if players == 4 else "Game 3  1-1-0")
    counts = [count_box(c) for c in table.draws + table.sizes + table.sides]
    labels = counts + [label_box(table.info)]
    for i, box in enumerate(labels):
        assert inside(box, whole), "label at %r off the screen" % (box,)
        for card in rects:
            assert not overlap(box, card), "label at %r covers the card at %r" % (box, card)
        for other in labels[i + 1:]:
            assert not overlap(box, other), "labels at %r and %r overlap" % (box, other)
    for text in BANNERS:
        table.banner.set(text)
        box = label_box(table.banner)
        assert inside(box, whole), "banner %r at %r off the screen" % (text, box)
        assert table.banner.text.count("\n") <= 1, text
        for card in rects:
            assert not overlap(box, card), "banner %r covers the card at %r" % (text, card)
        for label in labels:
            assert not overlap(box, label), "banner %r covers the label at %r" % (text, label)


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
def test_the_seats_sit_round_the_table_and_the_centre_piles_lie_in_one_row_in_seat_order(screen, size, players):
    """Seat 0 the left column, 1 the right, 2 the top row, 3 the bottom; piles 0.. left to right in one row."""
    hal = screen(*size)
    table, _ = table_on(hal, players)
    lay = table.lay
    piles = [card_box(table, v) for v in table.piles]
    assert len({b[1] for b in piles}) == 1  # one row
    assert [b[0] for b in piles] == sorted(b[0] for b in piles) and piles[0][2] < piles[1][0]  # 0 on the left
    hands = [[card_box(table, v) for v in table.hands[p]] for p in range(players)]
    for p in (0, 1):  # columns, slot 0 at the top
        assert len({b[0] for b in hands[p]}) == 1 and [b[1] for b in hands[p]] == sorted(b[1] for b in hands[p])
    assert hands[0][0][2] <= piles[0][0] and hands[1][0][0] >= piles[-1][2]
    for p in range(2, players):  # rows, slot 0 on the left
        assert len({b[1] for b in hands[p]}) == 1 and [b[0] for b in hands[p]] == sorted(b[0] for b in hands[p])
    assert hands[2][0][3] <= piles[0][1]  # the top row above the piles
    if players == 4:
        assert hands[3][0][1] >= piles[0][3]
    for i in range(players):  # each pile's side count above it, its size under it
        side, size_box, pile = count_box(table.sides[i]), count_box(table.sizes[i]), piles[i]
        assert side[3] <= pile[1] and size_box[1] >= pile[3]
        assert side[0] < (pile[0] + pile[2]) // 2 < side[2]
    assert lay.cw >= 18 and lay.ch >= 20  # a rank and two suits at least at scale 1


# ---- colours and D-3 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", SEATS)
def test_cursors_and_counts_are_in_each_seats_colour(screen, players):
    """Whose seat is whose: the cursor frame, the draw count and the side count over its pile in its colour."""
    hal = screen(160, 128)
    table, game = table_on(hal, players)
    assert len(set(S.PLAYER_COLOURS)) == 4
    for p in range(players):
        table.set_cursor(p, p % 5)
    hal.present()
    d = hal.display
    for p in range(players):
        view = table.hands[p][p % 5]
        assert d.pixel(view.x - 2, view.y + 3) == rgb(S.PLAYER_COLOURS[p]), "P%d's cursor" % (p + 1)
        assert d.pixel(view.x - 1, view.y + 3) == rgb(S.PLAYER_COLOURS[p])
        for count in (table.draws[p], table.sides[p]):
            x1, y1, x2, y2 = count_box(count)
            seen = {d.pixel(x, y) for y in range(y1, y2) for x in range(x1, x2)}
            assert rgb(S.PLAYER_COLOURS[p]) in seen, "P%d's count at %r" % (p + 1, (x1, y1))
    table.set_cursor(1, -1)
    hal.present()
    view = table.hands[1][1]
    assert d.pixel(view.x - 2, view.y + 3) == colour(S.FELT)


@pytest.mark.parametrize("players", SEATS)
def test_d03_cpu_hands_are_drawn_face_down(screen, players):
    """D-3: the person's hand (seat 0) face up, every CPU seat's hand face down, on the screen too."""
    hal = screen(160, 128)
    cpus = [False] + [True] * (players - 1)
    table, game = table_on(hal, players, cpus)
    assert table.face_down == cpus
    d = hal.display
    for p in range(players):
        for s in range(5):
            view = table.hands[p][s]
            if p:
                assert view.shown == S.DOWN
                assert d.pixel(view.x + 1, view.y + 1) == colour(S.BACK)
            else:
                assert view.shown >> 2 == game.hands[0][s]
                assert d.pixel(view.x + 1, view.y + 1) == colour(S.WHITE)
    for i in range(players):  # the start cards lie face down until every seat is ready (P-2)
        assert table.piles[i].shown == S.DOWN and game.start[i]


# ---- repaint cost -------------------------------------------------------------------------------------


def _play_position(players):
    """A position in play: seat 0's slot 0 holds a 6H that goes on pile 1 (5S) only; its draw pile has two cards."""
    game = Speed(players=players)
    hands = (cards("6H", "KD", "KC", "KH", "KS"), cards("JD", "JH", "JS", "TC", "TD"),
             cards("TH", "TS", "9C", "9D", "9H"), cards("8C", "8D", "8H", "8S", "7D"))
    draws = [cards("2D", "3D")] + [[] for _ in range(players - 1)]
    sides = [cards("AS")] + [[] for _ in range(players - 1)]
    tops = (cards("2C"), cards("5S"), cards("QD"), cards("4S"))
    game.load(list(hands[:players]), draws, sides, centre=list(tops[:players]))
    assert game.phase == PH_PLAY
    return game


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("cpu", [False, True])
def test_one_card_play_repaints_two_cards_and_their_counters(screen, size, players, cpu, capsys):
    """A play repaints the hand slot, the pile it lands on and their counts (only the digits that change)."""
    hal = screen(*size)
    cpus = [cpu] + [True] * (players - 1)
    table, game = table_on(hal, players, cpus, _play_position(players))
    table.set_cursor(0, 0)
    hal.present()
    table.sync(game)
    hal.present()
    assert hal.display.refreshed == []  # showing what is shown already repaints nothing
    before = (game.draw[0].n, game.centre[1].n)
    assert press_play(game, 0, 0) == 1
    assert (game.draw[0].n, game.centre[1].n) == (before[0] - 1, before[1] + 1)
    table.sync(game)
    hal.present()
    areas = list(hal.display.refreshed)
    hand, pile = card_box(table, table.hands[0][0]), card_box(table, table.piles[1])
    counters = [count_box(table.draws[0]), count_box(table.sizes[1])]
    for area in areas:
        assert any(inside(area, box) for box in [hand, pile] + counters), "repainted %r elsewhere" % (area,)
    assert len([a for a in areas if inside(a, pile)]) == 1
    assert len([a for a in areas if inside(a, hand)]) == (0 if cpu else 1)  # a CPU's refilled back stays
    assert len(areas) <= 4
    pixels, n = repaint(hal.display)
    lay = table.lay
    card = lay.cw * lay.ch
    digit = table.sizes[1].grid.tile_width * table.sizes[1].grid.tile_height
    assert pixels == union_pixels(areas) <= 2 * card + 2 * digit  # one digit of each count changed
    assert table.piles[1].shown >> 2 == parse("6H")
    assert game.hands[0][0] == parse("3D")  # P-4: refilled from the draw pile's top
    assert table.hands[0][0].shown == (S.DOWN if cpu else parse("3D") << 2 | S.FACE)
    table.sync(game)
    hal.present()
    assert hal.display.refreshed == []
    with capsys.disabled():
        print("\n  repaint, one card play, %d seats%s at %dx%d: %d px in %d areas (cards %dx%d = %d px, digit %d px)"
              % ((players, " (a CPU's)" if cpu else "") + size + (pixels, n, lay.cw, lay.ch, card, digit)))


def test_a_count_repaints_only_its_changed_digits(screen):
    """A Count is one TileGrid: 15 to 14 repaints one digit, 9 to 10 two, None blanks them (centred: 10 to 108 one)."""
    hal = screen(160, 128)
    table, game = table_on(hal, 4)
    count = table.sizes[0]
    tw, th = count.grid.tile_width, count.grid.tile_height
    for value, digits in ((15, 2), (14, 1), (9, 2), (10, 2), (10, 0), (108, 1), (None, 3)):
        count.set(value)
        hal.present()
        assert repaint(hal.display)[0] == digits * tw * th, value
    count.set(1234)
    assert [count.grid[i] for i in range(3)] == [10, 10, 10]  # too big: all nines


# ---- the ranking banner ------------------------------------------------------------------------------


def finished(players, seed):
    game = Speed(players=players, seed=seed)
    RandomPlay(game, seed).play()
    assert game.phase == PH_OVER
    return game


@pytest.mark.parametrize("players", SEATS)
def test_p11_the_last_banner_ranks_every_seat(screen, players):
    """P-11: after the winner, the other seats by cards held: "P3 wins! 2nd P1 3rd P4 4th P2"."""
    words = Words({})
    for seed in range(1, 6):
        game = finished(players, seed)
        ranking = game.ranking
        if game.winner == A.NONE:
            assert words.banner(game) == "A draw"
            continue
        assert ranking[0] == game.winner and sorted(ranking) == list(range(players))
        places = ("2nd", "3rd", "4th")
        expected = "P%d wins!" % (game.winner + 1)
        expected += "".join(" %s P%d" % (places[r - 1], ranking[r] + 1) for r in range(1, players))
        assert words.banner(game) == expected
        assert isinstance(words.banner_key(game), int)
    hal = screen(160, 128)
    table, _ = table_on(hal, players, game=game)
    table.banner.set(words.banner(game))
    hal.present()
    box = label_box(table.banner)
    assert inside(box, (0, 0, 160, 128))
    assert hal.display.pixel(box[0], box[1]) == colour(S.GOLD)


def test_the_keys_are_small_numbers_that_follow_every_seat():
    """banner_key changes as the game ends (the ranking is made then); info_key with the fourth seat's result."""
    words = Words({"match": "best_of_3"})
    game = Speed(players=4, seed=2)
    playing = words.banner_key(game)
    RandomPlay(game, 2).play()
    assert words.banner_key(game) != playing and 0 <= words.banner_key(game) < 1 << 30  # a small int on a board
    info = words.info_key(game)
    game.games_won[3] += 1
    assert words.info_key(game) != info
    assert words.info(game).endswith("-%d" % game.games_won[3])
    points = Words({"match": "points"})
    info = points.info_key(game)
    game.scores[3] += 5
    assert points.info_key(game) != info and points.info_key(game) < 1 << 30


def test_names_p1_to_p4_in_the_moments_words():
    words = Words({})
    game = Speed(players=4)
    assert words.report(F_SPEED.R_OUT, 3, 0, game) == "P4 is out!"
    game.ready[0] = game.ready[2] = 1
    assert words.banner(game) == "Ready: P2 P4?"


# ---- what the numbers are, the centre apart, the ranking (issue 20.9) ------------------------------------


def _names(players):
    """The seats' names the banners use (ui/words.py): one person against CPUs, and people only."""
    from itertools import permutations

    cpu = ["You"] + ["CPU%d" % p for p in range(1, players)]
    people = ["P%d" % (p + 1) for p in range(players)]
    return [list(n) for n in permutations(cpu)] + [list(n) for n in permutations(people)]


def _ranking(names):
    words = "%s wins!" % names[0] if names[0] != "You" else "You win!"
    for r in range(1, len(names)):
        words += " %s %s" % (("2nd", "3rd", "4th")[r - 1], names[r])
    return words


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_each_draw_count_lies_on_a_card_backs_blue(screen, size, players):
    """A draw pile's count is on a card back's blue (a face-down pile of that many), in its seat's colour."""
    hal = screen(*size)
    table, game = table_on(hal, players)
    d = hal.display
    for p in range(players):
        box = label_box(table.draws[p]) if players == 2 else count_box(table.draws[p])
        seen = {d.pixel(x, y) for y in range(box[1], box[3]) for x in range(box[0], box[2])}
        assert colour(S.BACK) in seen and rgb(S.PLAYER_COLOURS[p]) in seen, "P%d's draw count" % (p + 1)
    for i in range(players):  # a centre pile's size is not on blue: it is a face-up pile
        box = label_box(table.sizes[i]) if players == 2 else count_box(table.sizes[i])
        assert colour(S.BACK) not in {d.pixel(x, y) for y in range(box[1], box[3]) for x in range(box[0], box[2])}


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
def test_the_centre_row_lies_on_its_own_felt_apart_from_every_hand(screen, size, players):
    """The centre piles and their counts on a darker felt that no hand card or cursor frame touches."""
    from ui.speed.table import _CENTRE  # noqa: F401

    hal = screen(*size)
    table, game = table_on(hal, players)
    d = hal.display
    zone = [n for n in table.group if type(n).__name__ == "Rectangle"][0]
    box = (zone.x, zone.y, zone.x + zone.width, zone.y + zone.height)
    for i in range(players):
        assert inside(card_box(table, table.piles[i]), box)
        assert inside(count_box(table.sides[i]), box) and inside(count_box(table.sizes[i]), box)
    for p in range(players):
        for view in table.hands[p]:
            x1, y1, x2, y2 = card_box(table, view)
            assert not overlap((x1 - 2, y1 - 2, x2 + 2, y2 + 2), box), "P%d's hand on the centre" % (p + 1)
    assert d.pixel(box[0], box[1]) == rgb(_CENTRE)
    assert d.pixel(table.hands[0][0].x + table.lay.cw + 3, table.hands[0][0].y) == colour(S.FELT)


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
def test_p11_the_ranking_wraps_between_places_and_covers_no_card_or_count(screen, size, players):
    """P-11: every ranking a game can end with: never "4th" at a line's end; over no card, cursor or count."""
    hal = screen(*size)
    table, _ = table_on(hal, players)
    width, height = size
    lay = table.lay
    frames = [(v.x - 2, v.y - 2, v.x + lay.cw + 2, v.y + lay.ch + 2) for v in every_card(table)]
    for p in range(players):
        table.draws[p].set(104)
    for i in range(players):
        table.sizes[i].set(108)
        table.sides[i].set(15)
    counts = [count_box(c) for c in table.draws + table.sizes + table.sides]
    assert Words({}).info(finished(players, 1)) == ""  # a single game's info line is empty: the ranking's room
    for names in _names(players):
        text = _ranking(names)
        table.banner.set(text)
        lines = table.banner.text.split("\n")
        assert len(lines) <= (3 if width == 160 else 2), text
        assert all(line.split()[-1] not in ("2nd", "3rd", "4th") for line in lines), lines
        box = label_box(table.banner)
        assert inside(box, (0, 0, width, height)), text
        for other in frames + counts:
            assert not overlap(box, other), "%r at %r covers %r" % (text, box, other)


@pytest.mark.parametrize("players", SEATS)
def test_the_banner_and_info_take_the_panels_scale_where_they_fit(screen, players):
    """240x240: the banner and the info line at scale 2 (ui.table.text_scale), the ranking at 1; 160x128: 1."""
    hal = screen(240, 240)
    table, _ = table_on(hal, players)
    assert table.lay.ts == 2
    table.banner.set("Ready? Press to start")
    table.info.set("Game 3  1-1-0")
    assert table.banner.scale == 2 and table.info.scale == 2
    table.banner.set(_ranking(["CPU1", "CPU3", "CPU2", "You"][:players]))
    assert table.banner.scale == 1 and table.banner.text.count("\n") <= 1
    table.banner.set("Stuck! Ready to flip")
    assert table.banner.scale == 2
    table.info.set("104-60-3-25 /50")  # too wide for the centre at scale 2
    assert table.info.scale == 1
    hal = screen(160, 128)
    table, _ = table_on(hal, players)
    table.banner.set("Ready? Press to start")
    assert table.lay.ts == 1 and table.banner.scale == 1


def test_the_how_to_page_has_a_key_to_the_counts_in_its_twelve_lines():
    """Speed's how-to page: 12 lines of at most 24 characters, a key to the numbers, the buttons' lines last."""
    from ui.speed import howto as speed

    assert len(speed.LINES) == 12 and max(len(line) for line in speed.LINES) <= 24
    assert "draw" in " ".join(speed.LINES) and "side" in " ".join(speed.LINES)
    assert speed.LINES[-2:] == ("P1 {0}  P2 {1}", "Pause: {2}")


# ---- through the program ---------------------------------------------------------------------------------


def test_the_app_shows_a_four_seat_table_with_the_cpu_hands_face_down(headless_app):
    """D-1, D-3: one person and three CPUs: a four-seat table, seats 1-3 face down."""
    hal, app = headless_app(seed=4, settings={"game": "speed", "mode": "1p", "players": 4, "cpu": "level8"})
    app.start_game(hal.ticks_ms())
    for _ in range(3):
        app.frame(hal.ticks_ms())
        hal.advance(33)
    table = app.table
    assert len(table.hands) == 4 and len(table.piles) == 4
    assert table.face_down == [False, True, True, True]
    for p in range(1, 4):
        assert all(v.shown in (S.DOWN, S.EMPTY) for v in table.hands[p])


# ---- the screenshots (docs/img/speed-4p.png, speed-3p.png) -----------------------------------------------


def screenshot(path, players, plays=8, seed=7, **options):
    """A players-seat game at 160x128 a few plays in (seat 0 a person, the others CPUs), as a PNG at zoom 3."""
    from desktop import headless

    hal = headless.Hal(160, 128)
    game = Speed(players=players, seed=seed, **options)
    play = RandomPlay(game, seed)
    for _ in range(plays):
        play.step()
    table, _ = table_on(hal, players, [False] + [True] * (players - 1), game)
    for p in range(players):
        table.set_cursor(p, (2 + p) % 5)
    hal.present()
    hal.display.screenshot(path, 3)
    hal.deinit()


if __name__ == "__main__":  # PYTHONPATH=. .venv/bin/python tests/ui/speed/test_speed_table_seats.py: remake the screenshots
    import os

    root = ROOT
    screenshot(os.path.join(root, "docs", "img", "speed-4p.png"), 4, decks=2)  # P-11's standard for four
    screenshot(os.path.join(root, "docs", "img", "speed-3p.png"), 3)
