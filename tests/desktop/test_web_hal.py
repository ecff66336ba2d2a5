"""The browser edition's Python without a browser: desktop/browser.py, desktop/link/broadcast.py, web/spit_page.py, tools/web.py.

The page's side (web/spit.js) is a stand-in here: it keeps the browser's
storage in a dict and the canvas in a bytearray. The same code runs in
Pyodide in tests/web/test_web.py.
"""

import base64
import json
import os
import sys
import zipfile

import pytest

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
from conftest import ROOT
sys.path.insert(0, os.path.join(ROOT, "web"))

from desktop import browser  # noqa: E402
from desktop.link.broadcast import BroadcastLink  # noqa: E402


class Page:
    """web/spit.js's side of desktop/browser.py, in memory."""

    def __init__(self, stored=None, readable=True, writable=True):
        self.stored = dict(stored or {})
        self.readable = readable
        self.writable = writable
        self.canvas = None
        self.shown = None
        self.tones = []
        self.finished_games = 0
        self.said = []  # the live region's lines, the newest last

    def load(self, key):
        if not self.readable:
            raise RuntimeError("SecurityError: the operation is insecure")
        return self.stored.get(key)

    def store(self, key, text):
        if not self.writable:
            return False  # QuotaExceededError
        self.stored[key] = text
        return True

    def draw(self, rgb, width, x1, y1, x2, y2):
        if self.canvas is None:
            self.canvas = bytearray(len(rgb))
        for y in range(y1, y2):
            at = 3 * (y * width + x1)
            self.canvas[at:at + 3 * (x2 - x1)] = rgb[at:at + 3 * (x2 - x1)]

    def lights(self, shown):
        self.shown = bytes(shown)

    def tone(self, hz, ms):
        self.tones.append((hz, ms))

    def finished(self, n):
        self.finished_games = n

    def announce(self, line):
        self.said.append(line)


@pytest.fixture
def make_hal(tmp_path, released_displays):
    made = []

    def make(page, **kw):
        for h in made:
            h.deinit()
        h = browser.Hal(page, folder=str(tmp_path / "storage"), **kw)
        made.append(h)
        return h

    yield make
    for h in made:
        h.deinit()


def test_the_canvas_gets_every_changed_area_so_it_holds_the_headless_frame(make_hal):
    """present() copies the whole frame first, then only the areas that changed: the canvas is the frame."""
    from ui.app import App
    from desktop.script import run_headless

    page = Page()
    hal = make_hal(page, real_clock=False)
    app = App(hal, settings={"game": "speed", "mode": "1p", "cpu": "level8"}, seed=5)
    run_headless(hal, app, {"menu": False, "presses": [(0, 0, 2, 60), (900, 0, 2, 60)], "tail_ms": 2500})
    assert page.canvas == hal.display.rgb
    assert page.shown == bytes(hal.pixels.shown)
    assert page.tones == [(hz, ms) for _, hz, ms in hal.tones]


def test_settings_saved_in_the_browser_come_back(make_hal):
    page = Page()
    hal = make_hal(page)
    assert hal.load_settings() == {}
    assert hal.save_settings({"game": "california", "sound": False})
    assert json.loads(page.stored[browser.SETTINGS]) == {"game": "california", "sound": False}
    assert make_hal(page).load_settings() == {"game": "california", "sound": False}


def test_a_stored_value_the_game_cannot_read_is_kept_and_never_written_over(make_hal, capsys):
    """The files' rule (desktop/settings.py): a bad value is kept as it is, one notice, the defaults used."""
    page = Page({browser.SETTINGS: '{"game": "speed",', browser.STATS: "not the statistics"})
    hal = make_hal(page)
    assert hal.load_settings() == {}
    assert not hal.save_settings({"game": "speed"})
    assert not hal.record_game("spit", "1p", 3, True, 60000)
    assert page.stored == {browser.SETTINGS: '{"game": "speed",', browser.STATS: "not the statistics"}
    err = capsys.readouterr().err
    assert "settings.json is not valid JSON" in err and "kept as it is" in err
    assert "statistics" in err and err.count("kept as it is") == 2


def test_storage_the_browser_will_not_read_is_never_written(make_hal, capsys):
    page = Page({browser.SETTINGS: '{"game": "speed"}'}, readable=False)
    hal = make_hal(page)
    assert hal.load_settings() == {}
    assert not hal.save_settings({"game": "spit"})
    assert not hal.record_game("spit", "2p", 0, True, 1000)
    assert page.stored == {browser.SETTINGS: '{"game": "speed"}'}
    assert "the browser's storage cannot be read (SecurityError" in capsys.readouterr().err


def test_a_full_storage_leaves_the_old_value_whole(make_hal, capsys):
    page = Page({browser.SETTINGS: '{"game": "speed"}'})
    page.writable = False
    hal = make_hal(page)
    assert hal.load_settings() == {"game": "speed"}
    assert not hal.save_settings({"game": "spit"})
    assert page.stored[browser.SETTINGS] == '{"game": "speed"}'
    assert "not kept in the browser's storage" in capsys.readouterr().err


def test_statistics_are_kept_in_the_browser_as_the_boards_record(make_hal):
    page = Page()
    hal = make_hal(page)
    assert hal.record_game("speed", "1p", 4, True, 42000)
    record = base64.b64decode(page.stored[browser.STATS])
    assert record == bytes(hal.nvm)
    assert make_hal(page).stats() == {("speed", "1p", 4): (1, 1, 42000)}


def test_two_tabs_add_their_games_and_settings_to_what_the_other_stored(tmp_path, released_displays):
    """Each tab reads the storage again before it writes: neither loses the other's games or settings."""
    page = Page()
    one = browser.Hal(page, folder=str(tmp_path / "one"), real_clock=False)
    one.deinit()  # Blinka holds one display at a time; the storage needs none
    two = browser.Hal(page, folder=str(tmp_path / "two"), real_clock=False)
    assert one.record_game("spit", "2p", 0, True, 30000) and one.save_settings({"game": "speed"})
    assert two.record_game("speed", "1p", 3, False, 50000) and two.save_settings({"sound": False})
    assert json.loads(page.stored[browser.SETTINGS]) == {"game": "speed", "sound": False}
    two.deinit()
    three = browser.Hal(page, folder=str(tmp_path / "three"), real_clock=False)
    assert three.stats() == {("spit", "2p", 0): (1, 1, 30000), ("speed", "1p", 3): (1, 0, None)}
    three.deinit()


def test_a_held_key_is_one_press_and_losing_the_focus_releases_it(make_hal):
    hal = make_hal(Page(), real_clock=False)
    hal.key(5, True)
    hal.key(5, True)  # the browser's auto-repeat
    hal.key(99, True)  # no such key
    hal.release_all()
    event = hal.Event()
    got = []
    while hal.events.get_into(event):
        got.append((event.key_number, event.pressed))
    assert got == [(5, True), (5, False)]


def test_a_faster_clock_runs_rate_times_real_time(make_hal, monkeypatch):
    from engine.timing import ticks_diff

    hal = make_hal(Page(), rate=4)
    t = [1000000000]
    monkeypatch.setattr(browser.time, "monotonic_ns", lambda: t[0])
    hal._start_ns = t[0]
    start = hal.ticks_ms()
    t[0] += 250 * 1000000
    assert ticks_diff(hal.ticks_ms(), start) == 1000


# ---- the BroadcastChannel transport ----------------------------------------------------------------------------

class Hub:
    """BroadcastChannel in memory: a message goes to every other open channel of the page."""

    def __init__(self):
        self.channels = []

    def open(self, deliver):
        hub = self

        class Channel:
            id = "tab%d" % len(hub.channels)
            open = True

            def post(self, to, data):
                assert isinstance(data, bytes)
                for other in list(hub.channels):
                    if other is not self and other.open:
                        other.deliver(self.id, to, data)

            def close(self):
                self.open = False

        ch = Channel()
        ch.deliver = deliver
        self.channels.append(ch)
        return ch


def test_a_guest_keeps_to_the_host_that_welcomes_it_and_a_host_learns_tabs_from_their_hello():
    from engine.link.wire import K_HELLO, K_OFFER, K_REFUSE, K_WELCOME

    hub = Hub()
    host = BroadcastLink(hub.open, joining=False)
    guest = BroadcastLink(hub.open, joining=True)
    other = BroadcastLink(hub.open, joining=True)
    buf = bytearray(250)
    hello = _message(K_HELLO, 1234, bytes([5, 0]))  # session 1234, nonce 5
    guest.send(0, hello, len(hello))  # to every tab: the host hears it, the other guest drops it
    assert host.recv_into(buf) == len(hello) and host.peer == 0
    assert other.recv_into(buf) == 0 and other.dropped == 1
    offer = _message(K_OFFER, 0, bytes([0xD2, 0x04, 1, 1]))
    host.send(0, offer, len(offer))  # to the guest only
    assert guest.recv_into(buf) == len(offer) and guest.peer == 0 and guest.host is None
    assert other.recv_into(buf) == 0
    refuse = _message(K_REFUSE, 1234, bytes([5, 0, 1]))  # a host with no seat says so before any WELCOME
    host.send(0, refuse, len(refuse))
    assert guest.recv_into(buf) == len(refuse) and guest.host is None
    second = BroadcastLink(hub.open, joining=False)  # another tab hosts too
    second.send(0, offer, len(offer))  # it has no peer 0 yet: nothing is sent
    welcome = _message(K_WELCOME, 1234, bytes([1, 5, 0, 1, 1]))
    host.send(0, welcome, len(welcome))
    assert guest.recv_into(buf) == len(welcome) and guest.host == host.id
    second.peers.number(guest.id)
    elsewhere = _message(K_WELCOME, 5678, bytes([1, 5, 0, 1, 1]))
    second.send(0, elsewhere, len(elsewhere))
    assert guest.recv_into(buf) == 0  # a guest hears its own host only, once welcomed
    other.send(0, offer, len(offer))  # not a HELLO: a host learns no tab from it
    assert host.recv_into(buf) == 0
    host.deliver("someone", None, b"SP")  # too short to be a link packet
    host.deliver("someone", "not this tab", hello)
    assert host.recv_into(buf) == 0
    host.keep(0)  # the guest has its seat: its messages wait in a queue of their own
    for _ in range(100):
        host.deliver("flood", None, hello)
    ping = _message(K_HELLO, 1234, bytes([5, 0]))
    guest.send(0, ping, len(ping))
    assert len(host.strays) == 32 and len(host.inbox) == 1
    assert host.recv_into(buf) == len(ping) and host.peer == 0  # the seated guest's first
    host.close()
    guest.close()


def test_two_tabs_play_a_linked_game_through_the_broadcast_channel(released_displays):
    """The devices' Host and Guest (ui/linked.py), paired by code through OFFER and HELLO: the same final state."""
    from engine.actions import PH_OVER
    from engine.digest import digest
    from desktop import headless
    from ui.app import FRAME_MS, App
    from ui.linked import GUEST, HOST, Linked

    hub = Hub()
    hals = [headless.Hal(160, 128, screen=False) for _ in range(2)]
    apps = [App(h, settings={"game": "speed", "sound": False}, seed=9) for h in hals]
    apps[0].link = Linked(apps[0], HOST, BroadcastLink(hub.open, False), 4242, cpu="level8")
    apps[1].link = Linked(apps[1], GUEST, BroadcastLink(hub.open, True), 0, cpu="level7", nonce=5)
    apps[1].link.guest.join(4242)
    stray = BroadcastLink(hub.open, True)  # a third tab looking for a host the whole time
    apps[0].play_now("speed", {}, hals[0].ticks_ms())
    for frame in range(20000):
        for app, hal in zip(apps, hals):
            hal.advance(FRAME_MS)
            app.frame(hal.ticks_ms())
        if frame % 30 == 0:
            stray.send(0, b"SP" + bytes(16), 18)
        if all(a.game is not None and a.game.phase == PH_OVER for a in apps) and \
                apps[1].link.guest.next == apps[0].link.host.n:
            break
    assert apps[1].link.seat == 1
    assert apps[0].game.phase == PH_OVER and apps[1].game.phase == PH_OVER
    from linkpair import same_game

    assert same_game(apps[0].game, apps[1].game)  # the one digest, and every card the guest was shown


def _linked_tabs(hub, hosts=1, game="speed"):
    """Host tabs (code 4242 each) and one guest tab joining 4242, on the headless screen: (apps, hals)."""
    from desktop import headless
    from ui.app import App
    from ui.linked import GUEST, HOST, Linked

    hals = [headless.Hal(160, 128, screen=False) for _ in range(hosts + 1)]
    apps = [App(h, settings={"game": game, "sound": False}, seed=9) for h in hals]
    for i in range(hosts):
        apps[i].link = Linked(apps[i], HOST, BroadcastLink(hub.open, False), 4242, cpu="level8")
        apps[i].play_now(game, {}, hals[i].ticks_ms())
    apps[-1].link = Linked(apps[-1], GUEST, BroadcastLink(hub.open, True), 0, cpu="level7", nonce=5)
    apps[-1].link.guest.join(4242)
    return apps, hals


def test_each_linked_tab_says_which_player_it_is(released_displays):
    """Two linked tabs (issue 34.9): the host's says "You are P1" as its guest takes a seat, the guest's "You are
    P2" at its deal, each on its own banner for a moment; then the game's own words again."""
    hub = Hub()
    apps, hals = _linked_tabs(hub)
    said = [set(), set()]
    for _ in range(200):
        for i, (app, hal) in enumerate(zip(apps, hals)):
            hal.advance(33)
            app.frame(hal.ticks_ms())
            if app.table is not None and app.screen == 1:
                said[i].add(app.table.banner.value)
    assert apps[1].link.seat == 1
    assert "You are P1" in said[0] and "You are P2" in said[1]
    assert "You are P2" not in said[0] and "You are P1" not in said[1]
    assert all(apps[i].table.banner.value not in ("You are P1", "You are P2") for i in range(2))  # (after 4 s)
    for app in apps:
        app.link.close()


def _frames(apps, hals, count, each=None, at=0):
    """count frames of every tab, each(frame) called before the frame of tab number at."""
    from ui.app import FRAME_MS

    for frame in range(count):
        for i, (app, hal) in enumerate(zip(apps, hals)):
            if each is not None and i == at:
                each(frame)
            hal.advance(FRAME_MS)
            app.frame(hal.ticks_ms())


def _message(kind, session=4242, payload=b""):
    from engine.link.wire import Packet

    p = Packet(session)
    buf = p.begin(kind, 0, 0)
    buf[15:15 + len(payload)] = payload
    return bytes(buf[:p.finish(len(payload))])


def test_a_guest_latches_only_onto_a_welcome_it_accepts_not_a_strangers_junk(released_displays):
    """A third tab's 22 bytes whose 4th is K_WELCOME (no valid CRC, session or nonce) come first: the guest still joins
    the real host."""
    from engine.link.wire import K_WELCOME, VERSION

    hub = Hub()
    stray = BroadcastLink(hub.open, True)
    apps, hals = _linked_tabs(hub)
    junk = bytes([0x53, 0x50, VERSION, K_WELCOME]) + bytes(18)
    forged = _message(K_WELCOME, 4242, bytes([1, 6, 0, 1, 1]))  # a valid message, another guest's nonce (6)
    guest = apps[1].link.transport

    def spoil(frame):
        if frame < 10:
            stray.channel.post(None, junk)
            stray.channel.post(None, forged)

    _frames(apps, hals, 120, spoil)
    assert apps[1].link.seat == 1 and guest.host == apps[0].link.transport.id
    for app in apps:
        app.link.close()


@pytest.mark.parametrize("mix", ["junk", "hello"])
def test_a_flood_from_a_third_tab_neither_ends_the_game_nor_crowds_out_the_seated_guest(mix, released_displays):
    """64 junk messages a frame from another tab (four-byte ones, and link messages of no session of this game;
    or HELLOs of this game's code, which a host reads: strangers' own queue must hold them) for longer than a host
    waits for a quiet guest: the guest stays seated and the host keeps its seat for it."""
    from engine.link.wire import K_HELLO, K_PING

    hub = Hub()
    stray = BroadcastLink(hub.open, True)
    apps, hals = _linked_tabs(hub)
    _frames(apps, hals, 60)
    assert apps[1].link.seat == 1
    hello = _message(K_HELLO, 4242, bytes([9, 9]))
    ping = _message(K_PING, 4242, bytes(10))

    def flood(frame):
        for i in range(64):
            stray.channel.post(None, hello if mix == "hello" or i % 3 == 1 else b"SPIT" if i % 3 == 0 else ping)

    _frames(apps, hals, 450, flood, 1)  # 15 s, past GONE_MS (10 s); after the host has read, before the guest sends
    guest = apps[1].link.guest
    assert not guest.gone and not guest.paused and apps[1].link.seat == 1
    assert [r.seat for r in apps[0].link.host.remotes] == [1]
    for app in apps:
        app.link.close()


def test_two_host_tabs_with_one_code_the_one_the_guest_did_not_pick_frees_its_seat_at_once(released_displays):
    """Both hosts welcome the guest's HELLO; it plays with the first and says BYE to the other, which frees the seat."""
    hub = Hub()
    apps, hals = _linked_tabs(hub, hosts=2)
    _frames(apps, hals, 30)  # a second
    guest = apps[2].link
    assert guest.seat == 1
    picked = [i for i in range(2) if apps[i].link.transport.id == guest.transport.host]
    other = apps[1 - picked[0]].link.host
    assert len(apps[picked[0]].link.host.remotes) == 1 and other.remotes == [] and other.free == [1]
    for app in apps:
        app.link.close()


def test_a_tab_joining_a_full_game_is_told_so_as_over_udp(released_displays):
    """K_REFUSE reaches a guest that has no host yet: FULL for a full game (LATE the same way)."""
    from engine.link.wire import FULL

    hub = Hub()
    apps, hals = _linked_tabs(hub)
    _frames(apps, hals, 30)
    assert apps[1].link.seat == 1
    from desktop import headless
    from ui.app import App
    from ui.linked import GUEST, Linked

    hal = headless.Hal(160, 128, screen=False)
    late = App(hal, settings={"game": "speed", "sound": False}, seed=9)
    late.link = Linked(late, GUEST, BroadcastLink(hub.open, True), 0, nonce=77)
    late.link.guest.join(4242)
    _frames(apps + [late], hals + [hal], 30)
    assert late.link.guest.refused == FULL and late.link.seat == -1
    for app in apps + [late]:
        app.link.close()


# ---- the page's Python ---------------------------------------------------------------------------------------

def _page(query, text=None):
    import spit_page

    return spit_page.Page(Page(), query, text)


@pytest.mark.parametrize("query, words", [
    ({"size": ["100x100"]}, "size=100x100: use 160x128, 240x135 or 240x240"),
    ({"game": ["poker"]}, "game=poker: use one of spit, speed, california"),
    ({"game": ["speed"], "option": ["jokers=maybe"]}, "option: "),
    ({"game": ["speed"], "option": ["wings=2"]}, "speed has no option 'wings'"),
    ({"seed": ["-1"]}, "seed=-1: expected a whole number"),
    ({"link": ["both"]}, "link=both: use host or join"),
    ({"link": ["join"], "code": ["123"]}, "code=123: the host's code is four digits"),
    ({"seed": ["\u00b2"]}, "seed=\u00b2: expected a whole number"),  # str.isdigit takes it, int refuses it
    ({"link": ["join"], "code": ["\u00b2" * 4]}, "the host's code is four digits"),
    ({"link": ["host"], "code": ["\u2460" * 4]}, "the host's code is four digits"),
    ({"link": ["host"], "game": ["spit"], "cpu": ["level9"]}, "cpu=level9: spit's CPU players are"),
    ({"clock": ["9"]}, "clock=9: a whole number from 1 to 8"),
    ({"replay": ["x.json"]}, "x.json: "),
    ({"script": ["s.json"]}, "s.json: "),
])
def test_a_query_the_page_cannot_follow_is_one_line_and_the_menu(query, words, released_displays):
    page = _page(query, "[]" if "replay" in query else '{"presses": [[0, 0, "jump"]]}')
    assert words in page.error and "\n" not in page.error
    assert page.app is not None and page.app.game is None or "size" in query or "clock" in query
    page.close()


def test_a_page_that_fails_to_start_releases_its_display_so_the_next_one_opens(released_displays, monkeypatch):
    """Every failure of a Page's start gives the display back: the next open never says "Too many displays"."""
    import spit_page

    def broken(self, query, text):
        raise RuntimeError("broken")

    with monkeypatch.context() as m:
        m.setattr(spit_page.Page, "_start", broken)
        with pytest.raises(RuntimeError, match="broken"):
            _page({})
    for query in ({"seed": ["\u00b2"]}, {"link": ["join"], "code": ["\u2460" * 4]}, {}):
        page = _page(query)
        assert page.app is not None
        page.close()


def test_page_stats_copes_with_records_whose_keys_mix_types_as_the_menu_does(tmp_path, released_displays):
    """A stats record with a valid CRC whose mode is None beside "2p": the page's table, as ui/statistics.py copes."""
    import spit_page

    stored = Page()
    hal = browser.Hal(stored, folder=str(tmp_path / "one"), real_clock=False)
    assert hal.record_game("spit", None, 0, True, 100) and hal.record_game("spit", "2p", 0, False, None)
    hal.deinit()
    page = spit_page.Page(stored, {})
    assert json.loads(page.stats()) == [["spit", "2p", 0, 1, 0, None], ["spit", "None", 0, 1, 1, 100]]
    page.close()


def test_game_opens_straight_at_its_table_with_its_options(released_displays):
    page = _page({"game": ["speed"], "option": ["jokers=true"], "seed": ["7"], "size": ["240x240"]})
    assert page.error is None and page.app.game.name == "speed" and page.app.options()["jokers"] is True
    assert (page.width, page.height) == (240, 240) and page.app.game_seed == 7
    page.close()


def test_a_game_opened_straight_keeps_its_screen_options(released_displays):
    """?game=california&option=hints=true: the screen's hints reach the table, as on the desktop (issue 34.2)."""
    page = _page({"game": ["california"], "option": ["hints=true"], "seed": ["3"], "size": ["240x240"]})
    assert page.error is None and page.app.options() == {"hints": True} and page.app.table.hints is True
    page.close()


def test_a_replay_to_download_is_the_one_the_desktop_saves(released_displays):
    """The table's game as the desktop's replay document (App.replay), and a finished game's when back at the menu."""
    page = _page({"script": ["s.json"]}, json.dumps({"seed": 2, "presses": [[0, 0, "left"], [0, 1, "left"]]}))
    name, text = page.replay_text()
    assert name.startswith("spit-") and name.endswith(".json") and text.endswith("\n")
    assert json.loads(text) == page.app.replay()
    assert page.open_replay("[1, 2]") is not None and page.open_replay(text) is None
    page.close()


def test_the_contract_state_is_tools_replay_output(released_displays, tmp_path):
    import subprocess

    doc = {"version": 1, "game": "spit", "seed": 3, "events": [[0, 0, "ready"], [0, 1, "ready"], [400, 0, "play", 2, 0],
                                                               [401, 1, "play", 0, 5]]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    printed = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "replay.py"), str(path)],
                             capture_output=True, text=True, check=True).stdout.strip()
    page = _page({"replay": ["r.json"]}, json.dumps(doc))
    assert page.error is None and page.state_json() == printed
    page.close()


# ---- the live region: what happens at the table, said in words (web/spit_page.py's Voice) ----------------------

RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


@pytest.fixture
def clocked(tmp_path, released_displays, monkeypatch):
    """page(query) -> a Page on the fake clock, whose tick runs one frame: step(page, frames, each=None) steps it,
    each(frame) called after every frame."""
    import spit_page
    from ui.app import FRAME_MS

    class FakeClock(browser.Hal):
        def __init__(self, page, width, height, real_clock=True, rate=1):
            super().__init__(page, width, height, real_clock=False, rate=rate, folder=str(tmp_path / "storage"))

    monkeypatch.setattr(spit_page.browser, "Hal", FakeClock)
    made = []

    def page(query):
        while made:
            made.pop().close()  # Blinka's one display
        made.append(spit_page.Page(Page(), query))
        return made[-1]

    def step(page, frames, each=None):
        for frame in range(frames):
            page.hal.advance(FRAME_MS)
            page.tick()
            if each is not None and each(frame):
                return frame
        return frames

    yield page, step
    while made:
        made.pop().close()


def _press(page, key):
    page.key(key, True)
    page.key(key, False)


def _recorded(game):
    """The game's reports as they are made, (kind, player, a, b, card) each, kept in a list the test empties."""
    made = []
    add = game.reports.add

    def recording(kind, player, a=255, b=255, card=0):
        made.append((kind, player, a, b, card))
        add(kind, player, a, b, card)

    game.reports.add = recording
    return made


def _spit_player(page):
    """Player 1 of Spit on the keys W S A D, a press every sixth frame: Spit when asked, a card that fits played
    (S-5), else a face-down card turned up (S-6)."""
    from engine.actions import PH_OVER, PH_PLAY
    from engine.cardnames import adjacent

    def each(frame):
        game, cursor = page.app.game, page.app.clusters[0].cursor
        if frame % 6 or game.phase == PH_OVER:
            return False
        if game.phase != PH_PLAY:
            _press(page, 2)  # any button says Spit; LEFT slaps the left pile
            return False
        for slot in range(game.slots):
            stock = game.stocks[0][slot]
            for pile in (0, 1):
                centre = game.centre[pile]
                if not (stock.n and game.up[0][slot] and centre.n):
                    continue
                if adjacent(stock.buf[stock.n - 1], centre.buf[centre.n - 1]):
                    _press(page, 1 if cursor != slot else 2 + pile)  # DOWN to the card, then LEFT or RIGHT
                    return False
        for slot in range(game.slots):
            if game.stocks[0][slot].n and not game.up[0][slot]:
                _press(page, 1 if cursor != slot else 2)
                return False
        return False

    return each


def test_the_live_region_names_who_played_each_card_its_rank_and_its_pile(clocked):
    """1P vs CPU (a first start): the deal is said with the seats, then every card that lands, yours and the
    CPU's, in the line of its frame: "You played the 7 on the left pile", "CPU played the queen on the right
    pile" (the engine's R_LAND reports, each checked against the line)."""
    from engine.actions import R_LAND
    from engine.cardnames import name

    open_page, step = clocked
    page = open_page({"game": ["spit"], "seed": ["5"]})
    made = _recorded(page.app.game)
    step(page, 1)
    assert page.page.said == ["Spit: You against CPU. Ready? Press to Spit."]
    player = _spit_player(page)
    heard = {"You": 0, "CPU": 0}

    def each(frame):
        player(frame)
        lands = [r for r in made if r[0] == R_LAND]
        del made[:]
        for _, p, slot, pile, card in lands:
            who = ("You", "CPU")[p]
            rank = name(card)[0]
            words = "%s played the %s on the %s pile." % (who, RANK_WORDS.get(rank, rank), ("left", "right")[pile])
            assert words in page.page.said[-1], (words, page.page.said[-3:])
            heard[who] += 1
        return False

    step(page, 900, each)  # 30 s of a game
    assert heard["You"] >= 3 and heard["CPU"] >= 3, heard
    assert "SPIT!" in page.page.said
    assert all(line and len(line) < 200 for line in page.page.said)  # a line a frame, and short


def test_a_refused_card_is_said_with_the_reason_the_banner_shows(clocked):
    """S-5: a card that is not one up or down is refused, and the live region says why, as the banner does."""
    from engine.actions import PH_PLAY
    from engine.cardnames import adjacent

    open_page, step = clocked
    page = open_page({"game": ["spit"], "seed": ["5"], "option": ["stall=false"]})
    step(page, 25)  # the deal's quiet moment
    _press(page, 2)
    _press(page, 1)
    step(page, 12, lambda frame: page.app.game.phase == PH_PLAY)
    game = page.app.game
    cursor = page.app.clusters[0].cursor
    stock, centre = game.stocks[0][cursor], game.centre[0]
    assert game.phase == PH_PLAY and stock.n and game.up[0][cursor]
    assert not adjacent(stock.buf[stock.n - 1], centre.buf[centre.n - 1])  # seed 5: the middle card fits nowhere left
    _press(page, 2)
    step(page, 1)
    assert page.app.table.banner.value == "You: not one up or down"
    assert page.page.said[-1] == "You: not one up or down."


@pytest.mark.parametrize("rule, lines", [
    ("s15_no_cards_left_wins", ["P1 played the 10 on the right pile. P1 cleared!", "P1 wins!"]),
    ("p08_first_out_wins", ["P1 played the 6 on the left pile. P1 is out!", "P1 wins!"]),
    # a game's own landing (K-3's cover of row a's slot b) by its place's number: row 1's slot 0 is pile 5 of 8
    ("k05_last_card_wins", ["P1 played the 3 on pile 5.", "P1 wins!"]),
])
def test_a_replay_says_each_card_played_and_the_winner_in_every_game(clocked, rule, lines):
    """A replay watched on the page (Open replay): the same words as a game played, whatever the game."""
    open_page, step = clocked
    page = open_page({})
    with open(os.path.join(ROOT, "tests", "rules", rule + ".json")) as f:
        assert page.open_replay(f.read()) is None
    step(page, 100)  # 3.3 s: its events, a moment's words and the winner's banner
    title = {"s": "Spit", "p": "Speed", "k": "California"}[rule[0]]
    assert page.page.said[0] == "%s replay: P1 against P2. Replay: Left holds, Right faster." % title
    assert page.page.said[1:] == lines


def test_the_result_and_the_pause_are_said_with_their_choice_marked(clocked):
    """The screen over the table: the pause's title, its line and the choice marked as it moves; a game's end,
    the result's winner and what decided it, then its first choice once it can be taken (2 s on)."""
    from engine.actions import PAUSE, PH_OVER, PH_READY

    open_page, step = clocked
    page = open_page({"game": ["california"], "seed": ["5"]})
    step(page, 25)
    _press(page, 2)
    step(page, 5)
    _press(page, PAUSE)
    step(page, 1)
    assert page.page.said[-1] == "Paused. The clock has stopped. Resume."
    _press(page, 1)  # DOWN: the next choice
    step(page, 1)
    assert page.page.said[-1] == "Quit to menu."
    _press(page, 0)
    _press(page, PAUSE)
    step(page, 1)
    assert page.app.over is None
    def ready(frame):  # you only say you are ready (K-2, K-4); the CPU covers
        if page.app.game.phase == PH_READY and frame % 10 == 0:
            _press(page, 2)
        return page.app.game.phase == PH_OVER

    step(page, 20000, ready)
    result = page.app.over
    said = " ".join(" ".join(words.split()) + "." for words in [result.title] + result.lines)  # a sentence each
    ended = [line for line in page.page.said if said in line]
    assert len(ended) == 1 and ended[0].endswith(said), (said, page.page.said[-3:])
    assert said.startswith("CPU wins.") and "Time " in said and "wins!" not in ended[0]  # (not the banner too)
    step(page, 70)
    assert page.page.said[-1] == "Rematch."


def test_a_demo_is_said_once_not_card_by_card(clocked):
    """D-1: the demo plays itself to anyone at the menu: its deal and how to stop it are said, not its every card
    nor its moments (SPIT!), though it plays them."""
    open_page, step = clocked
    page = open_page({})
    page.app.start_game(page.hal.ticks_ms(), demo=True)
    step(page, 600)
    assert page.page.said == ["Spit demo: CPU1 against CPU2. Demo: press any button."]
    assert page.app.reactions.lands > 0 and page.app.said > 0


def test_four_seats_are_said_in_seat_order_and_a_centre_pile_by_its_number(clocked):
    """Speed for four (P-11): every seat named at the deal; with four centre piles, a card lands on pile 1-4."""
    import re

    open_page, step = clocked
    page = open_page({"game": ["speed"], "seed": ["3"], "option": ["players=4"]})
    step(page, 1)
    assert page.page.said == ["Speed: You against CPU2, CPU3 and CPU4. Ready? Press to start."]
    _press(page, 2)
    step(page, 300)
    lands = [m for line in page.page.said for m in re.findall(r"(\w+) played the (\w+) on ([\w ]+)\.", line)]
    assert lands and {place for _, _, place in lands} <= {"pile 1", "pile 2", "pile 3", "pile 4"}, lands


# ---- the build -------------------------------------------------------------------------------------------------

def test_the_bundle_holds_the_game_and_the_libraries_it_imports_and_is_the_same_each_time():
    import web

    entries = web.project_files() + web.library_files()
    names = {name for name, _ in entries}
    for needed in ("engine/spit/rules.py", "ui/app.py", "desktop/browser.py", "desktop/headless.py", "desktop/link/broadcast.py",
                   "tools/tournament.py", "spit_page.py", "spit_lab.py", "spit_boot.py", "displayio/__init__.py",
                   "busdisplay/__init__.py", "adafruit_ticks.py", "keypad.py"):
        assert needed in names, needed
    assert not any(n.startswith(("pygame", "_distutils_hack")) for n in names)
    assert web.make_zip(entries) == web.make_zip(list(reversed(entries)))
    z = zipfile.ZipFile(__import__("io").BytesIO(web.make_zip(entries)))
    assert all(i.date_time == web.STAMP for i in z.infolist())


def test_the_bot_labs_example_is_the_one_in_docs_bots_md():
    import web

    example = web.bot_example()
    assert "class FirstFit(Bot):" in example and example.rstrip().endswith("BOT = FirstFit")


def test_the_build_without_npm_is_one_line_and_status_2(tmp_path, monkeypatch, capsys):
    import web

    monkeypatch.setattr(web, "CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(web.shutil, "which", lambda name: None)
    assert web.main(["--out", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("web: npm is not installed") and "\n" not in err


def test_the_browser_benchmark_refuses_zero_games_in_one_line():
    import inproc

    done = inproc.run([os.path.join(ROOT, "tools", "bench", "bench_web.py"), "--games", "0"])
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0 and "at least 1" in done.stderr


# ---- the server (tools/web.py --serve) -------------------------------------------------------------------------

@pytest.fixture
def site(tmp_path):
    """A site served by tools/web.py's server on 127.0.0.1 (any free port): (folder, get(path) -> response)."""
    import http.client
    import threading

    import web

    folder = tmp_path / "site"
    (folder / "pyodide-1.0").mkdir(parents=True)
    (folder / "index.html").write_text("<p>the page</p>")
    (folder / "pyodide-1.0" / "pyodide.mjs").write_text("export {}")
    (folder / "empty").mkdir()
    (tmp_path / "secret.txt").write_text("outside the site")
    os.symlink(tmp_path / "secret.txt", folder / "secret.txt")
    os.symlink(tmp_path, folder / "up")
    httpd = web.server(str(folder), 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()

    def get(path):
        conn = http.client.HTTPConnection("127.0.0.1", httpd.server_address[1], timeout=30)
        conn.request("GET", path)
        r = conn.getresponse()
        r.body = r.read()
        conn.close()
        return r

    yield folder, get
    httpd.shutdown()
    httpd.server_close()


def test_the_server_serves_the_sites_files_and_caches_only_the_runtimes_folder_for_good(site):
    folder, get = site
    r = get("/")
    assert r.status == 200 and r.body == b"<p>the page</p>" and r.getheader("Cache-Control") == "no-cache"
    r = get("/pyodide-1.0/pyodide.mjs")
    assert r.status == 200 and r.getheader("Cache-Control") == "max-age=31536000, immutable"
    assert r.getheader("Content-Type") == "text/javascript"


def test_the_server_answers_a_nul_in_the_path_with_400_not_a_dropped_connection(site, capsys):
    _, get = site
    assert get("/%00").status == 400 and get("/index.html%00.js").status == 400 and get("/%ff").status == 400
    assert "Traceback" not in capsys.readouterr().err


def test_the_server_never_caches_for_good_a_file_outside_the_runtimes_folder(site):
    """The cache header goes with the file found, not the raw path: a ``..`` out of pyodide-X/ is refused."""
    _, get = site
    for path in ("/pyodide-1.0/..%2findex.html", "/pyodide-1.0/../index.html", "/pyodide-1.0/%2e%2e/index.html"):
        r = get(path)
        assert r.status == 404 and r.getheader("Cache-Control") != "max-age=31536000, immutable", path


def test_the_server_lists_no_folder(site):
    _, get = site
    r = get("/empty/")
    assert r.status == 404 and b"Directory listing" not in r.body
    assert get("/pyodide-1.0/").status == 404


def test_the_server_follows_no_symlink_out_of_the_site(site):
    _, get = site
    for path in ("/secret.txt", "/up/secret.txt"):
        r = get(path)
        assert r.status == 404 and b"outside the site" not in r.body, path


def test_after_the_host_tabs_pause_both_tabs_play_as_smoothly_as_before_it(released_displays):
    """Issue 36 ("Done when": two browser tabs linked, a pause by the host in the middle): two tabs over the
    BroadcastChannel in memory (Hub; no browser here: the page's JavaScript side is not run), CPUs in both
    seats; the host tab's player presses Esc 6 s into the game and again 5 s later, the guest tab's CPU
    pressing on through the pause. Measured as tools/linkplay.py --pause-at measures two processes (its Watch
    and pause_figures): each seat's input delay after the resume is as before the pause (median within a
    frame; most within a frame of the worse of the most before and the usual delay), every guest press made in
    the pause is dropped or lands within the usual delay after the resume, and the game ends the same on both."""
    import linkplay
    from engine.actions import PAUSE, PH_OVER
    from engine.link.host import DELAY_MS
    from linkpair import same_game
    from ui.app import FRAME_MS

    hub = Hub()
    apps, hals = _linked_tabs(hub)
    links = [app.link for app in apps]
    watches = [linkplay.Watch(link, hal) for link, hal in zip(links, hals)]
    paused = None
    for frame in range(20000):
        hals[0].advance(FRAME_MS)
        paused = linkplay.pause_key(apps[0], links[0], hals[0], (6000, 5000), paused, PAUSE)
        apps[0].frame(hals[0].ticks_ms())
        hals[1].advance(FRAME_MS)
        apps[1].frame(hals[1].ticks_ms())
        linkplay.presses_on(apps[1], links[1], hals[1], "guest", True)
        if all(a.game is not None and a.game.phase == PH_OVER for a in apps) and \
                links[1].guest.next == links[0].host.n:
            break
    assert apps[0].game.phase == PH_OVER and same_game(apps[0].game, apps[1].game)
    figures = linkplay.pause_figures({"pause": paused, "landed": watches[0].landed, "ended_ms": 0},
                                     {"presses": watches[1].presses})
    print("\n".join(figures["lines"]))
    assert figures["paused"] and figures["late"] == 0
    usual = DELAY_MS + 2 * FRAME_MS
    for seat in (0, 1):
        before, after = sorted(figures["before"][seat]), sorted(figures["after"][seat])
        assert before and after, figures["lines"]
        assert after[len(after) // 2] <= before[len(before) // 2] + FRAME_MS, figures["lines"]
        assert after[-1] <= max(before[-1], usual) + FRAME_MS, figures["lines"]
