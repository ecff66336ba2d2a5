"""The browser edition in a real browser: Debian's Chromium, headless, driven by Playwright for Python.

The site is built once (tools/web.py) into a temporary folder and served on
127.0.0.1 with the tests' files under /files/. Every page, and the bot lab's
worker, runs the project's own Python in Pyodide. Without Chromium, Playwright
or npm the tests are skipped with that reason; with SPIT_REQUIRE_BROWSER set
(CI sets it) that is a failure instead. Each page start costs a Pyodide boot,
so a test opens one page and runs its cases in it with ``spitOpen(query)``,
the same code the page runs for its own query string.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

import pytest

from conftest import ROOT
CHROMIUM = os.environ.get("SPIT_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
BOOT_MS = 120000  # the longest a page may take to start Python on a busy machine
REQUESTS = []  # (page origin, url) of every request any page or worker of this module made


def _missing(why):
    if os.environ.get("SPIT_REQUIRE_BROWSER"):
        pytest.fail("the browser tests are required here (SPIT_REQUIRE_BROWSER) but %s" % why)
    pytest.skip(why)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built site's folder and the tests' files folder."""
    if not os.path.exists(CHROMIUM):
        _missing("%s is not installed (Debian: apt-get install chromium; .ci/run installs it)" % CHROMIUM)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing("Playwright for Python is not installed (requirements-dev.txt)")
    if shutil.which("npm") is None and not os.path.isdir(os.path.join(ROOT, ".cache", "web")):
        _missing("npm is not installed: tools/web.py installs the pinned Pyodide with it")
    import web

    out = str(tmp_path_factory.mktemp("site"))
    try:
        web.build(out)
    except web.BuildError as e:
        _missing("the site could not be built: %s" % e)
    files = str(tmp_path_factory.mktemp("files"))
    return out, files


@pytest.fixture(scope="module")
def server(site):
    """The site on 127.0.0.1 (any free port), its files under /files/: its base URL."""
    import web

    httpd = web.server(site[0], 0, files=site[1])
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser(server):
    """Chromium, headless. Its address space is not capped: tools/tournament.py's main caps this process's at
    4 GB when a test runs it here, and Chromium, which reserves far more, dies at start under that cap."""
    import resource

    from playwright.sync_api import sync_playwright

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))  # the driver and the browser inherit it
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            yield b
            b.close()
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def new_context(browser, server, **kw):
    """A browser context (a fresh profile: its own storage) whose every request is recorded in REQUESTS."""
    context = browser.new_context(accept_downloads=True, **kw)
    origin = server.rstrip("/")
    context.on("request", lambda r: REQUESTS.append((origin, r.url)))
    context.on("websocket", lambda ws: REQUESTS.append((origin, ws.url)))
    return context


def open_page(context, server, query=""):
    """A page of the site opened at query, once its Python has started and the query is done."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "index.html" + query)
    page.wait_for_function("document.body.dataset.done", timeout=BOOT_MS)
    assert not errors, errors
    return page


def spit_open(page, query):
    """Open the page's game for another query without starting Python again; the state text."""
    page.evaluate("q => spitOpen(q)", query)
    assert page.evaluate("document.body.dataset.done") == "1", page.text_content("#message")
    return page.text_content("#state")


SCRIPTS = (("docs/img/speed.json", "160x128"), ("docs/img/speed.json", "240x135"), ("docs/img/speed.json", "240x240"),
           ("docs/img/california.json", "240x135"), ("docs/img/opening.json", "240x240"))


@pytest.fixture(scope="module")
def game_page(site, server, browser):
    """One page of the game for the tests that need no other (a Pyodide start each is the tests' main cost),
    opened at the first script's query string; ``opened`` is its canvas and state as it opened."""
    for script, _ in SCRIPTS:
        with open(os.path.join(ROOT, script)) as f:
            served(site, os.path.basename(script), f.read())
    context = new_context(browser, server)
    script, size = SCRIPTS[0]
    page = open_page(context, server, "?script=files/%s&size=%s" % (os.path.basename(script), size))
    page.opened = (canvas_rgb(page), page.text_content("#state"))
    yield page
    context.close()


def served(site, name, data):
    """Put a file under /files/; its path from the page."""
    with open(os.path.join(site[1], name), "w") as f:
        f.write(data)
    return "files/" + name


def tool(*args, stdin=None):
    """A tool's standard output (it must succeed)."""
    done = subprocess.run([sys.executable] + list(args), cwd=ROOT, capture_output=True, text=True, input=stdin,
                          env=dict(os.environ, BLINKA_OS_AGNOSTIC="1", SDL_VIDEODRIVER="dummy",
                                   SDL_AUDIODRIVER="dummy"))
    assert done.returncode == 0, done.stderr
    return done.stdout


def canvas_rgb(page):
    """The canvas's pixels as RGB bytes, row by row."""
    rgba = page.evaluate("""() => {
        const c = document.getElementById('screen');
        return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data);
    }""")
    out = bytearray()
    for i in range(0, len(rgba), 4):
        out += bytes(rgba[i:i + 3])
    return bytes(out)


# ---- the contract: ?replay= and ?script= ----------------------------------------------------------

@pytest.mark.slow  # 6-11 s (the first starts Chromium and Pyodide): the file goes out among the long ones
def test_a_replay_in_the_page_ends_in_the_state_tools_replay_prints(site, game_page):
    """?replay=PATH: for each game, the page's final state is tools/replay.py's line for that file."""
    paths = {}
    for name, args in (("spit", ["--game", "spit"]), ("speed", ["--game", "speed"]),
                       ("california", ["--game", "california"]), ("speed-4p", ["--game", "speed", "--players", "4"])):
        path = os.path.join(site[1], "replay-%s.json" % name)
        tool("tools/demo.py", *args, "--seed", "4", "--save", path, "--quiet")
        paths[name] = path
    page = game_page
    for name in paths:
        assert spit_open(page, "?replay=files/replay-%s.json" % name) == tool("tools/replay.py", paths[name]).strip()
    page.evaluate("q => spitOpen(q)", "?replay=files/nothing.json")  # a file the server lacks: one line
    assert page.evaluate("document.body.dataset.done") == "error"
    assert "files/nothing.json: cannot be fetched (404" in page.text_content("#message")
    served(site, "bad.json", '{"version": 1, "events": [[0, 0, "jump"]]}')
    page.evaluate("q => spitOpen(q)", "?replay=files/bad.json")
    assert page.evaluate("document.body.dataset.done") == "error"
    assert "files/bad.json: " in page.text_content("#message")


@pytest.mark.slow
def test_a_replay_or_script_of_another_origin_is_refused_and_a_file_past_the_cap_is_one_line(site, game_page):
    """?replay= and ?script= fetch from the page's own origin only (an address, //host/..., not a path: one line, and
    no request reaches the other server); a file past 256 KB is one line, not a frozen page."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    asked = []

    class Other(BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append(self.path)
            body = b'{"seed": 1, "presses": []}'
            self.send_response(200)
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    other = ThreadingHTTPServer(("127.0.0.1", 0), Other)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    page = game_page
    try:
        far = "127.0.0.1:%d" % other.server_address[1]
        for query in ("?replay=http://%s/evil.json" % far, "?script=//%s/s.json" % far, "?script=/\\%s/s.json" % far):
            page.evaluate("q => spitOpen(q)", query)
            message = page.text_content("#message")
            assert page.evaluate("document.body.dataset.done") == "error", query
            assert "only a file of this site is opened" in message and "\n" not in message, message
    finally:
        other.shutdown()
        other.server_close()
    assert asked == []
    big = served(site, "big.json", json.dumps({"version": 1, "game": "spit", "seed": 1,
                                               "events": [[i, 0, "ready"] for i in range(30000)]}))
    assert os.path.getsize(os.path.join(site[1], "big.json")) > 256 * 1024
    page.evaluate("q => spitOpen(q)", "?replay=" + big)
    assert page.evaluate("document.body.dataset.done") == "error"
    assert "big.json: larger than 256 KB" in page.text_content("#message")


@pytest.mark.slow
def test_a_seed_or_code_of_digits_int_refuses_is_one_line_and_the_next_open_works(game_page):
    """?seed=\u00b2, ?code=\u00b2\u00b2\u00b2\u00b2, \u2460\u2460\u2460\u2460: one line each (str.isdigit takes them), and the
    page's display is released, so the next open never says "Too many displays"."""
    page = game_page
    for query in ("?seed=%C2%B2", "?link=join&code=%C2%B2%C2%B2%C2%B2%C2%B2", "?link=host&code=" + "%E2%91%A0" * 4):
        page.evaluate("q => spitOpen(q)", query)
        message = page.text_content("#message")
        assert page.evaluate("document.body.dataset.done") == "error", query
        assert ("seed=" in message or "the host's code is four digits" in message) and "Too many" not in message
    spit_open(page, "?game=speed&seed=3")
    assert page.evaluate("document.body.dataset.done") == "1"


def desktop_frame(script, size):
    """The desktop's headless last frame of a script, as RGB bytes (code.py --headless --script)."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    import displayio

    from desktop import headless
    from ui.app import App
    from desktop.script import load_script, run_headless

    displayio.release_displays()
    with open(os.path.join(ROOT, script)) as f:
        doc = load_script(f.read())
    hal = headless.Hal(*map(int, size.split("x")))
    try:
        run_headless(hal, App(hal, settings=doc["settings"], seed=doc["seed"]), doc)
        return bytes(hal.display.rgb), hal.display.png(3)
    finally:
        hal.deinit()


@pytest.mark.slow
def test_a_scripts_last_frame_on_the_canvas_is_the_desktops_pixel_for_pixel(game_page, tmp_path):
    """?script=PATH&size=WxH: the canvas holds the last frame, the same pixels as the desktop's headless screenshot
    (the first as the page opened at that query string, the others through spitOpen)."""
    page = game_page
    for k, (script, size) in enumerate(SCRIPTS):
        if k == 0:
            got, state = page.opened
        else:
            state = spit_open(page, "?script=files/%s&size=%s" % (os.path.basename(script), size))
            got = canvas_rgb(page)
        want, png = desktop_frame(script, size)
        if got != want:
            (tmp_path / "desktop.png").write_bytes(png)
            page.screenshot(path=str(tmp_path / "page.png"))
        assert got == want, "%s at %s: the canvas differs from the desktop's frame (%s)" % (script, size, tmp_path)
        width, height = map(int, size.split("x"))
        zoom = int(page.evaluate("document.getElementById('screen').dataset.zoom"))
        box = page.evaluate("(() => { const r = document.getElementById('screen').getBoundingClientRect();"
                            " return [r.width, r.height]; })()")
        assert box[0] == width * zoom + 12 and box[1] == height * zoom + 12  # whole-number zoom, its 6 px rim
        with open(os.path.join(ROOT, script)) as f:
            assert json.loads(state)["game"] == json.loads(f.read()).get("settings", {}).get("game", "spit")


# ---- playing: keys, the on-screen buttons, lights, tones, storage -------------------------------------------------

RANKS = "A23456789TJQK"


def _fits(card, top):
    """S-5: one above or one below, K-A-2 wrapping (suits ignored)."""
    return (RANKS.index(card[0]) - RANKS.index(top[0])) % 13 in (1, 12)


def _play_of(state, player):
    """(slot, pile) of a face-up stock card of player that fits a centre pile, or None."""
    for slot, stock in enumerate(state["players"][player]["stocks"]):
        if stock["cards"] and stock["up"]:
            for pile in (0, 1):
                if _fits(stock["cards"][-1], state["centre"][pile][-1]):
                    return slot, pile
    return None


def _seed_with_plays():
    """A seed of Spit whose spit cards let both players play at once (found with the engine)."""
    from engine import actions as A
    from engine import games
    from engine.replay import file_module, state

    for seed in range(1, 200):
        game = games.get("spit").new(seed, file_module("spit").options({}))
        game.apply(700, 0, A.READY)
        game.apply(700, 1, A.READY)
        s = state(game)
        if _play_of(s, 0) and _play_of(s, 1):
            return seed
    raise AssertionError("no seed of 1-199 lets both play after the spit")


def _state(page):
    return json.loads(page.evaluate("spitPage.current_state()"))


def _wait(page, check, what, seconds=10):
    end = time.time() + seconds
    while time.time() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("%s: not within %g s" % (what, seconds))


def test_keys_and_the_on_screen_buttons_play_cards_with_lights_and_tones(game_page):
    """Player 1 on the keyboard (W S A D), player 2 on the right cluster's buttons: both say Spit and play a card."""
    seed = _seed_with_plays()
    page = game_page
    page.evaluate("localStorage.setItem('spit/settings.json', '{\"mode\": \"2p\"}')")  # two people (a first
    spit_open(page, "?game=spit&seed=%d" % seed)  # start, nothing stored, is one person's against the CPU)
    page.evaluate("localStorage.clear()")
    time.sleep(0.7)  # the deal's quiet moment (ui/app.py): presses before it are not the game's
    page.keyboard.press("KeyW")  # player 1 says Spit
    page.click('#right-cluster [data-key="7"]')  # player 2 presses A (right)
    state = _wait(page, lambda: (lambda s: s if s["phase"] == "play" else None)(_state(page)), "the spit cards")
    before = [len(p) for p in state["centre"]]
    slot, pile = _play_of(state, 0)
    for _ in range((slot - 2) % 5):  # the cursor starts on the middle stock (ui/app.py)
        page.keyboard.press("KeyS")
    page.keyboard.press("KeyA" if pile == 0 else "KeyD")
    state = _wait(page, lambda: (lambda s: s if len(s["centre"][pile]) == before[pile] + 1 else None)(_state(page)),
                  "player 1's card on pile %d" % pile)
    lit = _wait(page, lambda: page.evaluate(
        "[...document.querySelectorAll('#lights i')].some(i => i.style.background && i.style.background !== 'rgb(0, 0, 0)')"),
        "a light")
    assert lit
    assert page.evaluate("spitBench.tones") >= 1  # the landing's tone went to Web Audio
    before = [len(p) for p in state["centre"]]
    play = _play_of(state, 1)
    if play is not None:
        slot, pile = play
        for _ in range((slot - 2) % 5):
            page.click('#right-cluster [data-key="5"]')  # Start: down
        page.click('#right-cluster [data-key="%d"]' % (6 if pile == 0 else 7))  # B: left, A: right
        _wait(page, lambda: len(_state(page)["centre"][pile]) == before[pile] + 1, "player 2's card on pile %d" % pile)


RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


def test_the_live_region_says_a_card_played_and_tab_reaches_every_button_with_a_ring(game_page):
    """Accessibility (issue 34): one polite live region says the deal and each card played in the game's words
    ("P1 played the 7 on the left pile"); by keyboard alone, Tab reaches every on-screen button, each drawn with
    a focus ring when it has the focus, and Enter on one presses it as a finger does."""
    seed = _seed_with_plays()
    page = game_page
    page.evaluate("localStorage.setItem('spit/settings.json', '{\"mode\": \"2p\"}')")  # P1 and P2 at the keys
    spit_open(page, "?game=spit&seed=%d" % seed)
    page.evaluate("localStorage.clear()")
    regions = page.evaluate("[...document.querySelectorAll('[aria-live], [role=status]')].map(e => e.id)")
    assert regions == ["said"]
    assert page.get_attribute("#said", "role") == "status" and page.get_attribute("#said", "aria-live") == "polite"
    _wait(page, lambda: "Spit: P1 against P2." in page.text_content("#said"), "the deal said")
    page.evaluate("document.activeElement.blur()")
    reached = {}
    for _ in range(16):  # the header's link, eight buttons, the bar's four controls, the two summaries
        page.keyboard.press("Tab")
        key, ring, width = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
            return [e.dataset.key ?? null, s.outlineStyle, s.outlineWidth]; }""")
        if key is not None:
            reached[int(key)] = (ring, width)
    assert sorted(reached) == list(range(8)) and set(reached.values()) == {("solid", "3px")}, reached
    time.sleep(0.7)  # the deal's quiet moment (ui/app.py): presses before it are not the game's
    page.focus('#left-cluster [data-key="0"]')
    page.keyboard.press("Enter")  # player 1 says Spit on the focused button
    page.focus('#right-cluster [data-key="7"]')
    page.keyboard.press(" ")  # and player 2 with Space
    state = _wait(page, lambda: (lambda s: s if s["phase"] == "play" else None)(_state(page)), "the spit cards")
    before = [len(p) for p in state["centre"]]
    slot, pile = _play_of(state, 0)
    rank = state["players"][0]["stocks"][slot]["cards"][-1][0]
    for _ in range((slot - 2) % 5):  # the cursor starts on the middle stock (ui/app.py)
        page.keyboard.press("KeyS")
    page.keyboard.press("KeyA" if pile == 0 else "KeyD")
    _wait(page, lambda: len(_state(page)["centre"][pile]) == before[pile] + 1, "player 1's card on pile %d" % pile)
    said = "P1 played the %s on the %s pile." % (RANK_WORDS.get(rank, rank), ("left", "right")[pile])
    _wait(page, lambda: said in page.text_content("#said"), "%r in the live region" % said)


def test_settings_are_kept_in_the_browser_and_a_value_it_cannot_read_is_never_written_over(game_page):
    """The files' rule in the browser's storage: saved settings come back; a bad value is kept and the defaults used."""
    page = game_page
    page.evaluate("localStorage.clear()")
    spit_open(page, "")
    assert page.evaluate("localStorage.getItem('spit/settings.json')") is None
    page.keyboard.press("KeyS")  # the menu's second line, Game
    page.keyboard.press("KeyD")  # Spit -> Speed, saved at once
    _wait(page, lambda: page.evaluate("localStorage.getItem('spit/settings.json')"), "the settings stored")
    assert json.loads(page.evaluate("localStorage.getItem('spit/settings.json')"))["game"] == "speed"
    spit_open(page, "")  # the page opened again: the settings come back from the storage
    assert page.evaluate("spitPage.app.settings.get('game')") == "speed"
    page.evaluate("localStorage.setItem('spit/settings.json', '{\"game\": \"speed\", oops')")
    spit_open(page, "")
    assert "kept as it is" in page.text_content("#message")
    assert page.evaluate("spitPage.app.settings.get('game')") == "spit"  # the defaults
    page.keyboard.press("KeyS")
    page.keyboard.press("KeyD")
    _wait(page, lambda: page.evaluate("spitPage.app.settings.get('game')") == "speed", "the menu's change")
    time.sleep(0.3)
    assert page.evaluate("localStorage.getItem('spit/settings.json')") == '{"game": "speed", oops'
    page.evaluate("localStorage.clear()")


def test_the_how_to_page_opens_from_the_menu(game_page):
    """The menu's last line, How to play: its page (made only when shown) comes up."""
    page = game_page
    spit_open(page, "?game=california")
    spit_open(page, "")
    before = canvas_rgb(page)
    page.keyboard.press("KeyW")  # from Start up to the last line, How to play
    page.keyboard.press("KeyD")
    _wait(page, lambda: page.evaluate("spitPage.app.menu.showing_help"), "the how-to page")
    _wait(page, lambda: canvas_rgb(page) != before, "the page on the canvas")
    assert page.evaluate("document.getElementById('message').dataset.error") != "1"


# ---- link play: two tabs ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_two_tabs_linked_play_a_game_to_the_same_state_and_its_replay_downloads(game_page, server, tmp_path):
    """Two tabs through a BroadcastChannel and the link protocol (the CPU in each tab's own seat, as tools/linkplay.py):
    the same final state in both; the host's downloaded replay gives it with tools/replay.py."""
    host = game_page  # already started: one Python start fewer
    guest = host.context.new_page()
    guest.goto(server + "index.html?link=join&code=4321&cpu=level7&clock=3")  # it looks for its host meanwhile
    spit_open(host, "?link=host&code=4321&game=speed&seed=47&cpu=level8&clock=3")
    guest.wait_for_function("document.body.dataset.done", timeout=BOOT_MS)
    assert host.evaluate("spitPage.link_code()") == 4321
    end = time.time() + 180
    while time.time() < end and not (host.evaluate("spitPage.over()") and guest.evaluate("spitPage.over()")):
        time.sleep(0.25)
    assert host.evaluate("spitPage.over()") and guest.evaluate("spitPage.over()"), "the linked game did not end"
    assert guest.evaluate("spitPage.app.link.seat") == 1
    time.sleep(0.5)  # the guest's last acknowledgement
    # the guest knows only what its seat was shown (D-3, docs/link.md): the one digest, and every card it knows
    assert host.evaluate("spitPage.digest()") == guest.evaluate("spitPage.digest()")
    from engine.replay import agrees

    assert agrees(json.loads(guest.evaluate("spitPage.current_state()")),
                  json.loads(host.evaluate("spitPage.current_state()")))
    _wait(host, lambda: host.evaluate("!document.getElementById('download').disabled"), "the replay to download")
    with host.expect_download() as got:
        host.click("#download")
    path = tmp_path / "linked.json"
    got.value.save_as(str(path))
    assert got.value.suggested_filename.startswith("spit-") and got.value.suggested_filename.endswith(".json")
    assert tool("tools/replay.py", str(path)).strip() == host.evaluate("spitPage.table_state()")
    guest.close()
    spit_open(host, "")  # the host leaves the link: the menu
    host.set_input_files("#open", str(path))  # Open replay: the downloaded game on the table
    _wait(host, lambda: host.text_content("#message").startswith("watching linked.json"), "the replay opened")
    assert host.evaluate("spitPage.app.playback !== undefined && spitPage.app.playback !== null")


# ---- the bot lab --------------------------------------------------------------------------------------------

RAISES = '''from engine.bots import Bot


class Broken(Bot):
    speed = 3

    def play(self, view, act):
        print("looking at", view.slots, "stocks")
        return 1 // 0
'''
HANGS = RAISES.replace("return 1 // 0", "while True:\n            pass")
NOT_PYTHON = RAISES.replace("def play(self, view, act):", "def play(self view, act):")


def _lab_run(page, code=None, seconds=60):
    if code is not None:
        page.fill("#code", code)
    page.click("#run")
    page.wait_for_function("['done', 'error'].includes(document.getElementById('result').dataset.state)",
                           timeout=seconds * 1000)
    return page.evaluate("document.getElementById('result').dataset.state"), page.text_content("#result")


@pytest.mark.slow
def test_the_bot_lab_plays_a_tournament_in_a_worker_and_says_what_is_wrong_with_a_bot(server, browser, tmp_path):
    """A two-game tournament's table is tools/tournament.py's for the downloaded file; a bot that is not Python,
    raises or hangs gets its one line; Stop ends a run; the page answers while the worker plays."""
    context = new_context(browser, server)
    page = context.new_page()
    page.goto(server + "lab.html")
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_MS)
    example = page.input_value("#code")
    assert "class FirstFit(Bot)" in example
    page.uncheck("#levels input[value=level3]")
    page.check("#levels input[value=level1]")
    page.fill("#games", "2")
    state, text = _lab_run(page)
    assert state == "done", text
    with page.expect_download() as got:
        page.click("#download")
    bot = tmp_path / "mybot.py"
    got.value.save_as(str(bot))
    assert got.value.suggested_filename == "mybot.py" and bot.read_text() == example
    printed = tool("tools/tournament.py", "--game", "spit", "--bots", "%s,level1" % bot, "--games", "2", "--seed", "1",
                   "--quiet")
    assert text == printed.rstrip("\n")
    assert page.evaluate("document.getElementById('progress').value") == 2

    state, text = _lab_run(page, NOT_PYTHON)
    assert state == "error" and text.startswith("tournament: mybot.py: SyntaxError") and "line 7" in text, text
    state, text = _lab_run(page, RAISES)
    assert state == "error" and text.startswith("tournament: mybot: decide failed: ZeroDivisionError: "), text
    assert page.text_content("#printed").endswith("looking at 5 stocks")  # what it printed, for its author

    page.fill("#code", example)
    page.fill("#games", "500")
    page.click("#run")
    page.wait_for_function("document.getElementById('progress').value > 0", timeout=60000)
    # the page answers while the worker plays: a question asked during the run is answered during it (were
    # Python on the page's own thread, the answer would wait for the 500 games' end)
    answer = page.evaluate("[1 + 1, document.getElementById('result').dataset.state, "
                           "document.getElementById('progress').value]")
    assert answer[:2] == [2, "running"] and answer[2] < 500, answer
    page.click("#stop")
    assert page.text_content("#result") == "tournament: stopped"
    page.wait_for_function("document.getElementById('status').textContent === 'Ready'", timeout=BOOT_MS)

    page.fill("#limit", "2")
    page.fill("#games", "2")
    t = time.time()
    state, text = _lab_run(page, HANGS, seconds=30)
    assert state == "error" and "more than 2 s: mybot's decide did not return (an endless loop?)" in text, text
    assert time.time() - t >= 2  # not before its limit (no upper bound in seconds: a busy machine is slower)
    assert page.is_disabled("#run")  # a fresh worker is starting
    context.close()


@pytest.mark.slow
def test_the_bot_lab_plays_a_league_of_uploaded_bots_with_the_command_s_table_and_page(server, browser, tmp_path):
    """Two bot files chosen, the editor's bot and a level: the lab's league shows tools/league.py's table and
    fault lines for the same files, word for word, and its page (standings, chart, head to head) beside."""
    bots = tmp_path / "class"
    bots.mkdir()
    shutil.copy(os.path.join(ROOT, "engine", "spit", "nearest.py"), bots / "grace.py")
    (bots / "broken.py").write_text(RAISES)
    context = new_context(browser, server)
    page = context.new_page()
    page.goto(server + "lab.html")
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_MS)
    (bots / "mybot.py").write_text(page.input_value("#code"))
    page.set_input_files("#files", [str(bots / "grace.py"), str(bots / "broken.py")])
    page.uncheck("#levels input[value=level3]")
    page.check("#levels input[value=level1]")
    page.fill("#games", "2")
    page.click("#league")
    page.wait_for_function("['done', 'error'].includes(document.getElementById('result').dataset.state)",
                           timeout=60000)
    text = page.text_content("#result")
    assert page.evaluate("document.getElementById('result').dataset.state") == "done", text
    done = subprocess.run([sys.executable, "tools/league.py", str(bots), "--levels", "level1", "--games", "2",
                           "--seed", "1", "--quiet", "--out", str(tmp_path / "out")], cwd=ROOT, capture_output=True,
                          text=True, env=dict(os.environ, BLINKA_OS_AGNOSTIC="1"))
    assert done.returncode == 0, done.stderr
    def same(words):  # the error's own words are the Python's (Pyodide's is newer than this one)
        return re.sub(r"ZeroDivisionError: [^;]*;", "ZeroDivisionError;", words)

    assert same(text) == same("\n".join([done.stdout.split("\nwritten: ")[0]] + done.stderr.strip().splitlines()))
    assert "broken lost a game of spit" in text
    assert page.is_visible("#league-page")
    shown = page.frame_locator("#league-page").locator("h2").all_text_contents()
    assert shown == ["Standings", "Ratings", "Head to head"]
    context.close()


# ---- no request leaves the page's origin ----------------------------------------------------------------------

def _origin(url):
    if url.startswith("blob:"):
        url = url[len("blob:"):]
    parts = urlsplit(url)
    return "%s://%s" % (parts.scheme, parts.netloc)


def test_no_request_leaves_the_pages_own_origin(server, browser):
    """Every request of every page and worker this module opened went to the page's own server (run last; run alone,
    it opens the game and the bot lab itself)."""
    if not any("lab-worker.js" in url for _, url in REQUESTS):
        context = new_context(browser, server)
        open_page(context, server, "?game=california")
        lab = context.new_page()
        lab.goto(server + "lab.html")
        lab.wait_for_function("document.body.dataset.ready", timeout=BOOT_MS)
        context.close()
    assert REQUESTS
    wasm = [url for _, url in REQUESTS if url.endswith("/pyodide.asm.wasm")]
    assert len(wasm) >= 2  # the page's and the worker's: a worker's requests are seen too
    away = [url for origin, url in REQUESTS if not url.startswith("data:") and _origin(url) != origin]
    assert not away, "requests that left the page's origin: %s" % away[:10]


def test_the_request_check_sees_a_request_to_another_origin(server, browser):
    """The check above would see a page's request elsewhere (here another port of this machine: nothing listens)."""
    context = browser.new_context()
    seen = []
    context.on("request", lambda r: seen.append(r.url))
    page = context.new_page()
    page.goto(server + "spit.css")
    page.evaluate("fetch('http://127.0.0.1:9/elsewhere').catch(() => null)")
    _wait(page, lambda: any(_origin(u) == "http://127.0.0.1:9" for u in seen), "the request elsewhere", 5)
    context.close()
