"""The table, banners, menu and layout as pixels on the headless screen.

Every position comes from the table's Layout and TileGrids, every colour from
ui.sprites, so these tests say what is where in the game's words.
"""

import pytest

from uitools import (DOWN, LEFT, RIGHT, UP, S, card_pixels, cards, colour, deal, inside, label_box, load, overlap,
                     pile_rect, play_into_a_stalemate, repaint, rgb, run_ms, say_spit, step, stock_rect, tap,
                     union_pixels)
from engine import actions as A
from engine.cards import is_red
from engine.spit.rules import PH_OVER, PH_READY
from engine.lockout import LOCK_MS
from ui.table import Layout
from ui.spit.table import Table
from engine.spit.file import PH_CHOOSE, PH_SLAP

SIZES = [(160, 128), (240, 135), (240, 240)]
FELT = colour(S.FELT)
GOLD = colour(S.GOLD)


def assert_card_shown(hal, table, view, card):
    """The view shows card face up: white body, rank and suit glyphs in the card's colour."""
    d = hal.display
    assert d.pixel(view.x + 1, view.y + 1) == colour(S.WHITE)
    assert d.pixel(view.x + 1, view.y) == colour(S.EDGE)
    for (x, y), want in card_pixels(table, view, card):
        assert d.pixel(x, y) == want, "card 0x%02x at (%d, %d)" % (card, x, y)


def assert_empty_slot(hal, box):
    """An empty place: the dim outline, felt inside."""
    x1, y1, x2, y2 = box
    d = hal.display
    assert d.pixel(x1 + 1, y1) == d.pixel(x1, y1 + 1) == d.pixel(x2 - 2, y2 - 1) == colour(S.DIM)
    assert d.pixel((x1 + x2) // 2, (y1 + y2) // 2) == FELT


def assert_face_down(hal, box):
    """A face-down card: edge, blue back, white inner frame."""
    x1, y1, x2, y2 = box
    d = hal.display
    assert d.pixel(x1 + 1, y1) == colour(S.EDGE)
    assert d.pixel(x1 + 1, y1 + 1) == colour(S.BACK)
    assert d.pixel(x1 + 3, y1 + 2) == colour(S.WHITE)


def banner_shown(hal, table):
    """True when the banner's gold box is on the screen, with dark text inside it."""
    x1, y1, x2, y2 = label_box(table.banner)
    d = hal.display
    if table.banner.hidden:
        return False
    if not (d.pixel(x1, y1) == d.pixel(x2 - 1, y2 - 1) == GOLD):
        return False
    return any(d.pixel(x, y) == (0, 0, 0) for y in range(y1, y2) for x in range(x1, x2))


def find_play(game, min_cards):
    """(player, slot, pile) of a legal play from a stock holding at least min_cards cards."""
    buf = bytearray(3 * 64)
    for p in range(2):
        for k in range(game.legal(p, buf)):
            verb, a, b = buf[3 * k:3 * k + 3]
            if verb == A.PLAY and game.stocks[p][a].n >= min_cards:
                return p, a, b
    raise AssertionError("no play from a stock of %d cards in this deal" % min_cards)


def press_play(hal, app, p, slot, pile):
    """Move player p's cursor to slot and push the card toward pile."""
    while app.clusters[p].cursor != slot:
        tap(hal, p, DOWN)
        step(hal, app)
    tap(hal, p, LEFT if pile == 0 else RIGHT)
    step(hal, app)


# ---- the deal ---------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_deal_shows_each_top_card_in_its_place(headless_app, size):
    """S-2: after a seeded deal each stock's face-up top card is drawn in its Layout place."""
    hal, app = headless_app(*size, seed=3)
    deal(hal, app)
    game, table = app.game, app.table
    lay = Layout(*size, above=False)  # Spit's: no labels over its piles
    reds = blacks = 0
    for p in range(2):
        for s in range(game.slots):
            view = table.stocks[p][s]
            assert (view.x, view.y) == stock_rect(lay, p, s)[:2]
            card = game.stocks[p][s].top()
            assert_card_shown(hal, table, view, card)
            reds += is_red(card)
            blacks += not is_red(card)
    assert reds and blacks  # the deal shows both colours, so red and black are both checked
    for i in range(2):  # S-4: no spit pile before the Spit, only its place
        assert_empty_slot(hal, pile_rect(lay, i))


def test_face_down_card_shows_the_back_until_turned_up(headless_app):
    """S-6: the card under a played one stays face down (a blue back) until LEFT/RIGHT turns it up."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    say_spit(hal, app)
    p, slot, pile = find_play(app.game, 2)
    press_play(hal, app, p, slot, pile)
    box = stock_rect(app.table.lay, p, slot)
    assert not app.game.up[p][slot]
    assert_face_down(hal, box)
    step(hal, app, 3)
    tap(hal, p, RIGHT)
    step(hal, app)
    assert app.game.up[p][slot]
    assert_card_shown(hal, app.table, app.table.stocks[p][slot], app.game.stocks[p][slot].top())


def test_spit_cards_land_on_their_own_side(headless_app):
    """S-4: each player's spit card starts the pile on their side, drawn there face up."""
    hal, app = headless_app(240, 135, seed=3)
    deal(hal, app)
    spit_before = [app.game.spit[p].n for p in range(2)]
    say_spit(hal, app)
    game, table = app.game, app.table
    for i in range(2):
        assert game.centre[i].n == 1 and game.spit[i].n == spit_before[i] - 1
        view = table.piles[i]
        assert (view.x, view.y) == pile_rect(table.lay, i)[:2]
        assert_card_shown(hal, table, view, game.centre[i].top())
        assert table.spit[i].value == spit_before[i] - 1


def test_four_stocks_leave_the_fifth_place_bare(headless_app):
    """S-17: with four stocks the fifth place shows only felt."""
    hal, app = headless_app(seed=3, settings={"stocks": 4})
    deal(hal, app)
    x1, y1, x2, y2 = stock_rect(app.table.lay, 0, 4)
    assert app.game.slots == 4
    assert all(hal.display.pixel(x, y) == FELT for x, y in ((x1 + 1, y1), (x1 + 1, y1 + 1), (x2 - 2, y2 - 2)))
    assert_card_shown(hal, app.table, app.table.stocks[0][3], app.game.stocks[0][3].top())


# ---- cursors and refusals -----------------------------------------------------------


def test_cursors_frame_each_players_stock_in_their_colour(headless_app):
    """The cursor is a frame in the player's colour around their chosen stock, shown only in play."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    lay = app.table.lay

    def framed(p, s):
        x1, y1, _, _ = stock_rect(lay, p, s)
        return hal.display.pixel(x1 - 1, y1 - 2) == rgb(S.PLAYER_COLOURS[p])

    assert not framed(0, 2) and not framed(1, 2)  # PH_READY: no cursor
    say_spit(hal, app)
    assert framed(0, 2) and framed(1, 2)
    tap(hal, 0, UP)
    tap(hal, 1, DOWN)
    step(hal, app)
    assert framed(0, 1) and not framed(0, 2)
    assert framed(1, 3) and not framed(1, 2)


def test_refused_play_flashes_and_shakes_the_card(headless_app):
    """A refused move (C-4): the card gets a red edge on a tinted face and shakes, then goes back as it was."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [[], [], ["KC"], [], []], [[], [], ["4D"], [], []], [["5C"], ["5D"]], (["2H"], ["3H"]))
    step(hal, app)
    view = app.table.stocks[0][2]
    x, y = stock_rect(app.table.lay, 0, 2)[:2]
    tap(hal, 0, LEFT)  # KC does not go on 5C
    step(hal, app)
    assert app.game.stocks[0][2].cards() == cards(["KC"]) and app.game.centre[0].cards() == cards(["5C"])
    assert view.x != x  # shaken sideways
    mid = view.x + app.table.lay.cw // 2  # (its sides may be under the cursor's frame as it shakes)
    assert hal.display.pixel(mid, view.y) == colour(S.ALERT)
    assert hal.display.pixel(mid, view.y + 1) == colour(S.TINT)
    run_ms(hal, app, 300)
    assert app.table.flash[0] == 2  # it shakes as long as the player's plays are locked (issue 20)
    run_ms(hal, app, LOCK_MS - 300)
    assert (view.x, view.y) == (x, y)
    assert_card_shown(hal, app.table, view, app.game.stocks[0][2].top())


# ---- repaint cost -------------------------------------------------------------------


# A stock of 3, 2 or 1 cards plays its top card onto a spit pile of one card: the card under it stays
# face down (its count goes from 3 to 2, or from 2 to none) or the place empties (it had no count)
PLAYS = {"count stays": (2, ["3D", "7H", "6C"]), "count goes": (1, ["2D", "6S"]), "slot empties": (0, ["6H"])}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("case", sorted(PLAYS))
def test_one_card_play_repaints_two_cards_and_two_counters(headless_app, size, case, capsys):
    """A card play repaints its stock, the pile it lands on and their counters: one area each, nothing twice."""
    hal, app = headless_app(*size, seed=3)
    deal(hal, app)
    slot, stock = PLAYS[case]
    stocks = [["9C"], ["2D", "KS"], ["3D", "7H", "KC"], ["JD"], ["QH"]]
    stocks[slot] = stock
    load(app, stocks, [["9D"], ["KH"], [], [], []], [["5C"], ["10S"]], (["2H"], ["3H"]))
    while app.clusters[0].cursor != slot:
        tap(hal, 0, DOWN)
        step(hal, app)
    run_ms(hal, app, 200)  # quiet: no flash, no banner
    step(hal, app)
    assert hal.display.refreshed == []  # showing what is shown already repaints nothing
    table, lay = app.table, app.table.lay
    count, size_label = table.counts[0][slot], table.sizes[0]
    was_counted = not count.hidden
    before = [label_box(count), label_box(size_label)]
    tap(hal, 0, LEFT)  # 6 onto the 5C
    app.frame(hal.ticks_ms())
    assert app.game.centre[0].n == 2 and app.game.stocks[0][slot].n == len(stock) - 1
    areas = list(hal.display.refreshed)
    card_boxes = [stock_rect(lay, 0, slot), pile_rect(lay, 0)]
    label_boxes = [hull(before[0], label_box(count)), hull(before[1], label_box(size_label))]
    for box in card_boxes:  # each card is one area, within its place
        assert len([a for a in areas if inside(a, box)]) == 1, "card %r: %r" % (box, areas)
    for area in areas:
        assert any(inside(area, box) for box in card_boxes + label_boxes), "repainted %r elsewhere" % (area,)
    assert len(areas) == 3 + was_counted <= 4  # the stock's count repaints only when it had one
    pixels, n = repaint(hal.display)
    card = lay.cw * lay.ch
    counters = sum((b[2] - b[0]) * (b[3] - b[1]) for b in label_boxes)
    assert pixels == union_pixels(areas) <= 2 * card + counters  # nothing painted twice
    assert app.table.piles[0].shown >> 2 == app.game.centre[0].top()
    assert_card_shown(hal, table, table.piles[0], app.game.centre[0].top())
    if len(stock) > 1:
        assert_face_down(hal, card_boxes[0])
        assert count.hidden == (len(stock) == 2)
    else:
        assert_empty_slot(hal, card_boxes[0])
    step(hal, app)
    assert hal.display.refreshed == []
    with capsys.disabled():
        print("\n  repaint, one card play (%s) at %dx%d: %d px in %d areas (bound %d: cards %dx%d = %d px, "
              "counters %d px)" % ((case,) + size + (pixels, n, 2 * card + counters, lay.cw, lay.ch, card, counters)))


def hull(a, b):
    """The smallest box holding boxes a and b."""
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


# ---- banners --------------------------------------------------------------------------


def test_banners_ready_then_spit_then_none(headless_app):
    """S-4: "Ready?" until both say Spit, which player is waiting, "SPIT!" right after, then the table."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    banner = app.table.banner
    assert banner.value == "Ready? Press to Spit"
    assert banner_shown(hal, app.table)
    tap(hal, 1, UP)
    step(hal, app)
    assert banner.value == "P2 ready: P1?"
    assert banner_shown(hal, app.table)
    tap(hal, 0, DOWN)
    step(hal, app)
    assert banner.value == "SPIT!"
    assert banner_shown(hal, app.table)
    box = label_box(banner)
    run_ms(hal, app, 800)
    assert banner.value is None and banner.hidden
    assert not banner_shown(hal, app.table)
    assert hal.display.pixel(box[0], box[1]) != GOLD


@pytest.mark.parametrize("size", [SIZES[0], SIZES[2]])
def test_the_ready_banner_leaves_the_round_in_sight(headless_app, size):
    """Issue 34.3: the Ready banner and the round's line under the piles, both on the screen at once, never
    overlap (at 240x240 the banner's three lines covered "Round 1": the row kept empty over the piles is the
    banner's now). The 240x135 has no row to spare: there a banner lies over the round for its moment."""
    hal, app = headless_app(*size)
    deal(hal, app)
    table = app.table
    assert table.banner.text.startswith("Ready?") and table.info.text == "Round 1"
    assert not overlap(label_box(table.banner), label_box(table.info)), size
    assert inside(label_box(table.banner), (0, 0) + size)


def test_banner_stalemate_says_spit_again(headless_app):
    """S-8: when nobody can move the table says so and waits for both to say Spit again."""
    hal, app = headless_app(seed=3)
    play_into_a_stalemate(hal, app)
    assert app.game.phase == PH_READY
    assert app.table.banner.value == "Stuck! Spit again"
    assert banner_shown(hal, app.table)
    run_ms(hal, app, 1100)
    assert app.table.banner.value == "Ready? Press to Spit"


def slap_position(app):
    """P1 is about to play out their last stock card with spit cards left; both spit piles in play."""
    load(app, [[], [], ["4C"], [], []], [[], [], ["KD"], ["9S"], []], [["6C", "5C"], ["9D"]], (["2H"], ["3H"]))


def test_banner_slap_after_a_player_clears(headless_app):
    """S-10 (a), S-11: "Slap the smaller pile!" at once (the race is on), until someone slaps."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    slap_position(app)
    step(hal, app)
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.game.phase == PH_SLAP
    assert app.table.banner.value == "Slap the smaller pile!"
    run_ms(hal, app, 1300)
    assert app.table.banner.value == "Slap the smaller pile!"
    assert banner_shown(hal, app.table)
    tap(hal, 1, RIGHT)
    step(hal, app)
    assert app.game.phase == PH_READY and app.game.round == 2
    assert app.table.banner.value == "P2 slapped right"  # S-11: who slapped which pile (issue 20.5)


def test_banner_choose_names_the_chooser(headless_app):
    """S-18: with "winner picks" the banner asks the player who cleared to pick a pile."""
    hal, app = headless_app(seed=3, settings={"choose_pile": True})
    deal(hal, app)
    slap_position(app)
    step(hal, app)
    tap(hal, 0, LEFT)
    run_ms(hal, app, 1300)
    assert app.game.phase == PH_CHOOSE
    assert app.table.banner.value == "P1: pick a pile"
    assert banner_shown(hal, app.table)


def test_banner_game_over_names_the_winner(headless_app):
    """S-15: a player with no spit cards who plays out their stocks wins; the banner says who."""
    hal, app = headless_app(seed=3)
    deal(hal, app)
    load(app, [[], [], ["KC"], ["9S"], []], [[], [], ["4C"], [], []], [["6C", "5C"], ["9D"]], (["2H"], []))
    step(hal, app)
    tap(hal, 1, LEFT)
    step(hal, app)
    assert app.game.phase == PH_OVER and app.game.winner == 1
    run_ms(hal, app, 1300)
    assert app.table.banner.value == "P2 wins!"
    assert app.over.title == "P2 wins"  # the result screen over the table says it too (issue 20)
    assert title_shown(hal, app.over.panel)


def title_shown(hal, panel):
    """True when a result or pause panel's title is on the screen: gold words inside its dark box."""
    x1, y1, x2, y2 = label_box(panel.title)
    d = hal.display
    pixels = [d.pixel(x, y) for y in range(y1, y2) for x in range(x1, x2)]
    return GOLD in pixels and rgb(0x102030) in pixels


# ---- menu and how to play ------------------------------------------------------------


def test_menu_and_how_to_play_pages_render(headless_app):
    """The title menu and the how-to-play page draw their own pictures, not the table's."""
    hal, app = headless_app(seed=3)
    step(hal, app)
    menu_frame = bytes(hal.display.rgb)
    d = hal.display
    assert d.pixel(d.width - 1, d.height - 1) == FELT
    assert any(d.pixel(x, y) == GOLD for y in range(0, 28) for x in range(d.width))  # the title
    line = app.menu.lines.labels[0]  # "> Start", selected: gold
    x1, y1, x2, y2 = label_box(line)
    assert any(d.pixel(x, y) == GOLD for y in range(y1, y2) for x in range(x1, x2))
    tap(hal, 0, UP)  # from Start, UP wraps to the last line: Statistics, then How to play
    step(hal, app)
    assert app.menu.items[app.menu.selected][0] == "stats" and app.menu.selected == len(app.menu.items) - 1
    tap(hal, 0, UP)
    step(hal, app)
    assert app.menu.items[app.menu.selected][0] == "howto"
    tap(hal, 0, RIGHT)
    step(hal, app)
    assert app.menu.showing_help
    help_frame = bytes(d.rgb)
    assert help_frame != menu_frame
    assert d.pixel(d.width - 1, d.height - 1) == (0, 0, 0)
    title = sum(help_frame[i:i + 3] == bytes(GOLD) for i in range(0, 3 * d.width * 12, 3))
    assert title > 10  # the first line, HOWTO[0], in gold
    tap(hal, 1, LEFT)  # any key closes it
    step(hal, app)
    assert not app.menu.showing_help and bytes(d.rgb) != help_frame
    for _ in range(2):
        tap(hal, 0, DOWN)
        step(hal, app)
    tap(hal, 0, LEFT)  # Start
    step(hal, app)
    table_frame = bytes(d.rgb)
    assert table_frame not in (menu_frame, help_frame)
    assert app.table.banner.value == "Ready? Press to Spit"


# ---- layout -------------------------------------------------------------------------

BANNERS = ("Ready? Press to Spit", "P1 ready: P2?", "SPIT!", "Stuck! Spit again", "Slap the smaller pile!",
           "P2: pick a pile", "P2 cleared!  Round 12", "Round over  Round 12", "99 - 99  Round 12",
           "P2 wins! 100-99", "Draw 100-100")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("slots", (5, 4))
def test_layout_fits_the_screen_without_overlaps(headless_app, size, slots):
    """Every card, cursor and label is on the screen; no two cards overlap; labels do not cover cards."""
    hal, _ = headless_app(*size)
    width, height = size
    screen = (0, 0, width, height)
    lay = Layout(width, height, slots, above=False)  # Spit's: no labels over its piles
    table = Table(width, height, slots)
    cards = [stock_rect(lay, p, s) for p in range(2) for s in range(5)] + [pile_rect(lay, i) for i in range(2)]
    for i, a in enumerate(cards):
        assert inside(a, screen), "card %r off the %dx%d screen" % (a, width, height)
        for b in cards[i + 1:]:
            assert not overlap(a, b), "cards %r and %r overlap" % (a, b)
    for p in range(2):
        for s in range(5):
            x1, y1, x2, y2 = stock_rect(lay, p, s)
            assert inside((x1 - 2, y1 - 2, x2 + 2, y2 + 2), screen)  # the cursor frame
    # the labels with their widest values
    for p in range(2):
        for s in range(5):
            table.counts[p][s].set(5)
        table.spit[p].set(37)
        table.sizes[p].set(52)
    table.info.set("100-99")
    labels = [t for t in table.counts[0] + table.counts[1] + table.spit + table.sizes + [table.info]]
    for label in labels:
        box = label_box(label)
        assert inside(box, screen), "label %r at %r off the screen" % (label.text, box)
        for card in cards:
            assert not overlap(box, card), "label %r covers the card at %r" % (label.text, card)
    # every banner stays in the centre: it never hides a card, nor a count at the PyBadge's text size; in the
    # Pico kit's bigger text (point 6 of issue 20) a banner's moment may cover stock counts and the info line
    kept = labels if lay.ts == 1 else table.spit + table.sizes
    for text in BANNERS:
        table.banner.set(text)
        box = label_box(table.banner)
        assert inside(box, screen), "banner %r at %r off the screen" % (text, box)
        for card in cards:
            assert not overlap(box, card), "banner %r at %r covers the card at %r" % (text, box, card)
        for label in kept:
            assert not overlap(box, label_box(label)), "banner %r covers the label %r" % (text, label.text)
        assert table.banner.value == text
    # each card is one TileGrid (so one dirty area) that covers exactly its place
    for view in table.stocks[0] + table.stocks[1] + table.piles:
        tg = view.body
        assert (tg.x, tg.y, tg.x + tg.width * tg.tile_width, tg.y + tg.height * tg.tile_height) == \
            (view.x, view.y, view.x + lay.cw, view.y + lay.ch)


def test_long_banner_words_wrap_to_the_centre():
    """A banner longer than the centre is broken at spaces into lines that fit it."""
    from ui.table import wrap

    assert wrap("Slap the smaller pile!", 13) == "Slap the\nsmaller pile!"
    assert wrap("P2 cleared!  Round 12", 13) == "P2 cleared!\nRound 12"
    assert wrap("SPIT!", 13) == "SPIT!"
    assert wrap("Unbreakablewordhere", 8) == "Unbreaka\nblewordh\nere"
