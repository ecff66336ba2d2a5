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
    from engine.link.wire import K_HELLO, K_OFFER, K_WELCOME, VERSION

    def msg(kind, session=0):
        return bytes([0x53, 0x50, VERSION, kind, session & 0xFF, session >> 8]) + bytes(12)

    hub = Hub()
    host = BroadcastLink(hub.open, joining=False)
    guest = BroadcastLink(hub.open, joining=True)
    other = BroadcastLink(hub.open, joining=True)
    buf = bytearray(250)
    guest.send(0, msg(K_HELLO), 18)  # to every tab: the host hears it, the other guest drops it
    assert host.recv_into(buf) == 18 and host.peer == 0
    assert other.recv_into(buf) == 0 and other.dropped == 1
    host.send(0, msg(K_OFFER), 18)  # to the guest only
    assert guest.recv_into(buf) == 18 and guest.peer == 0 and guest.host is None
    assert other.recv_into(buf) == 0
    second = BroadcastLink(hub.open, joining=False)  # another tab hosts too
    second.send(0, msg(K_OFFER), 18)  # it has no peer 0 yet: nothing is sent
    host.send(0, msg(K_WELCOME, 1234), 18)
    assert guest.recv_into(buf) == 18 and guest.host == host.id
    second.peers.number(guest.id)
    second.send(0, msg(K_WELCOME, 5678), 18)
    assert guest.recv_into(buf) == 0  # a guest hears its own host only, once welcomed
    other.send(0, msg(K_OFFER), 18)  # not a HELLO: a host learns no tab from it
    assert host.recv_into(buf) == 0
    host.deliver("someone", None, b"SP")  # too short to be a link packet
    host.deliver("someone", "not this tab", msg(K_HELLO))
    assert host.recv_into(buf) == 0
    for _ in range(100):
        host.deliver("flood", None, msg(K_HELLO))
    assert len(host.inbox) == 64
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


def test_game_opens_straight_at_its_table_with_its_options(released_displays):
    page = _page({"game": ["speed"], "option": ["jokers=true"], "seed": ["7"], "size": ["240x240"]})
    assert page.error is None and page.app.game.name == "speed" and page.app.options()["jokers"] is True
    assert (page.width, page.height) == (240, 240) and page.app.game_seed == 7
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
