"""The page's Python (index.html, web/spit.js): the App on the browser's hal, and the page's contract.

``start(page, query, text)`` makes the screen and the App for the query
string's keys (the README's "In a browser"):

- ``replay=PATH``: the replay file (text, fetched by the page) is played on
  the table to its end as fast as it can, on a fake clock; ``state`` is then
  its final state as tools/replay.py prints it.
- ``script=PATH``: a script (docs/scripts.md) played the same way; the
  canvas holds its last frame and ``state`` is the final state of the game
  it played, as tools/replay.py prints it for that game's replay.
- ``game=NAME`` (``option=KEY=VALUE``, repeated; ``seed=N``): straight to that game's table.
- ``size=WxH``: 160x128 (the default), 240x135 or 240x240.
- ``link=host`` or ``link=join`` (``code=NNNN``: the host's code, chosen by
  the host or joined by the guest): link play with another tab (desktop/link/broadcast.py); ``cpu=BOT`` lets the CPU play this tab's own seat,
  as tools/linkplay.py does, and ``clock=N`` (1-8) runs the clock N times
  faster (its --speed).

Otherwise the title menu. A bad query or file is one line (``error``) and the menu.

What happens at the table is said in words, a line a frame at most, through
``page.announce(line)``: the page puts it in its live region for a screen
reader (``Voice``; the README's "Accessibility"). A board never loads this.
"""

import json
import sys
import time

from engine import actions as A
from engine.actions import PH_OVER
from engine.cardnames import RANKS
from engine.cards import JOKER
from engine.timing import ticks_add, ticks_diff
from desktop import browser
from ui.app import FRAME_MS, TABLE, App
from ui.reactions import Reactions

SIZES = {"160x128": (160, 128), "240x135": (240, 135), "240x240": (240, 240)}


class QueryError(ValueError):
    """A query string the page cannot follow; the message is one line."""


def _whole(text):
    """True when text is a whole number in ASCII digits only (str.isdigit also takes "²" and "①", which int refuses)."""
    return 0 < len(text) <= 10 and all("0" <= c <= "9" for c in text)


def _options(game, pairs):
    """The options of game (the engine's and the screen's) from option=KEY=VALUE pairs (QueryError names a bad one)."""
    from engine.replay import ReplayError, file_module
    from desktop.cli import checked, option

    files = file_module(game)
    given = {}
    for text in pairs:
        try:
            key, value = option(text)
        except Exception as e:
            raise QueryError("option=%s: %s" % (text, e)) from None
        if key not in files.OPTIONS:
            raise QueryError("option=%s: %s has no option %r (it has %s)" % (text, game, key, ", ".join(files.OPTIONS)))
        given[key] = value
    try:
        return checked(files, given)
    except ReplayError as e:
        raise QueryError("option: %s" % e) from None


def _seed(query):
    """The seed of the query (None when it gives none)."""
    text = query.get("seed", [None])[0]
    if text is None:
        return None
    if not _whole(text) or int(text) > 0xFFFFFFFF:
        raise QueryError("seed=%s: expected a whole number from 0 to 4294967295" % text)
    return int(text)


def final_state(app, doc):
    """The table's game as tools/replay.py prints it for the replay doc (its refused events found by replaying doc)."""
    from engine.replay import load, run, state

    if app.game is None:
        return None
    again, events = load(doc)
    refused = run(again, events)
    return state(app.game, refused)


# ---- the live region: what happens at the table, in words a screen reader says ----------------------------

_RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}  # the rest say their digit
_SIDES = ("left", "right")


def card_words(card):
    """A landed card as the live region names it: "the 7", "the queen", "the joker"; "a card" when this device
    was not shown it (a linked guest's, D-3)."""
    suit = card >> 4
    if suit == JOKER:
        return "the joker"
    rank = card & 15
    if suit > JOKER or not 1 <= rank <= 13:
        return "a card"
    letter = RANKS[rank - 1]
    return "the " + _RANK_WORDS.get(letter, letter)


def place_words(kind, a, b, game):
    """Where a landed card went: R_LAND's centre pile b by its side of two ("the left pile") or by its number
    from the left; a game's own landing report (its a and b are its own) by the place's number in the order of
    its fields, a * slots + b + 1, as no game's words name its places yet."""
    if kind == A.R_LAND:
        centre = getattr(game, "centre", ())
        if isinstance(centre, tuple) and len(centre) == 2 and b < 2:
            return "the %s pile" % _SIDES[b]
        return "pile %d" % (b + 1)
    if b == A.NONE:
        return "pile %d" % (a + 1)
    return "pile %d" % (a * game.slots + b + 1)


def _sentence(text):
    """text as a sentence of a line, ending in a stop, so that a screen reader pauses between two."""
    text = " ".join(text.split())  # a panel's wrapped lines are one line here
    return text if text[-1:] in ".!?" else text + "."


class _Heard(Reactions):
    """The App's reactions (ui/reactions.py), the page's Voice hearing each report of the frame first."""

    def __init__(self, app, voice):
        super().__init__(app)
        self.voice = voice

    def react(self, now):
        """The Voice reads the frame's reports (without taking them), then the App reacts to them as ever."""
        self.voice.reports(self.app.game.reports)
        return super().react(now)


class Voice:
    """What the page's live region says: each frame's news as one line (``say(line)``), or nothing.

    The news is a game dealt (its title and seats), each card landed (who, which rank, where: a report that
    sounds as R_LAND, whatever the game), and the words the table newly shows: the banner's (a moment's, a
    refusal's, the phase's, the winner's) or, over the table, the result's or the pause's title and lines and
    the choice marked. Every word is the engine's report or the App's; none is a game's by its name.
    """

    def __init__(self, app, say):
        self.app = app
        self.say = say  # called with each line
        self.line = ""  # the last line said (what the live region holds)
        self.news = []  # this frame's sentences so far
        self.game = None  # the game last heard of
        self.banner = None  # the App's banner_key when its banner was last heard
        self.over = None  # the screen over the table last heard of ...
        self.marked = None  # ... and its choice marked, (selected, live)
        app.reactions = _Heard(app, self)

    def _dealt(self):
        """A game newly on the table: its title and seats ("Spit: You against CPU"), before anything in it."""
        app = self.app
        game = app.game
        if game is self.game:
            return
        self.game = game
        self.banner = None  # its first banner is news
        self.over = self.marked = None
        from engine import games

        title = games.TITLES[games.NAMES.index(game.name)]
        if app.playback is not None:
            title += " replay"
        elif app.demo:
            title += " demo"
        names = app.words.names[:game.players]
        seats = names[0]
        if len(names) > 1:
            seats += " against " + (", ".join(names[1:-1]) + " and " if len(names) > 2 else "") + names[-1]
        self.news.append("%s: %s" % (title, seats))

    def reports(self, ring):
        """The frame's reports, read in place (the App's reactions take them after): each card landed."""
        app = self.app
        self._dealt()
        if app.demo:
            return  # a demo plays itself to anyone at the menu: its cards are not news (its banner says how to stop it)
        buf = ring.buf
        names = app.words.names
        sounds = app.words.SOUNDS
        i = ring.head
        for _ in range(ring.count):
            o = 5 * i
            kind, p, a, b, card = buf[o], buf[o + 1], buf[o + 2], buf[o + 3], buf[o + 4]
            if sounds.get(kind, kind) == A.R_LAND and p < len(names):
                self.news.append("%s played %s on %s" % (names[p], card_words(card), place_words(kind, a, b, app.game)))
            i = i + 1 if i + 1 < ring.cap else 0

    def frame(self):
        """After the App's frame: the words the table newly shows, then the frame's news said as one line."""
        app = self.app
        if app.screen != TABLE or app.game is None or app.table is None:
            self.game = None  # at the menu: the next game is news
        else:
            self._dealt()
            self._shown()
        if self.news:
            line = " ".join(_sentence(t) for t in self.news if t.strip())
            del self.news[:]
            if line:
                self.line = line
                self.say(line)

    def _shown(self):
        """The banner's words when they change; the screen over the table instead while there is one."""
        app = self.app
        over = app.over
        panel = getattr(over, "panel", None)
        if panel is None:
            self.over = self.marked = None
            key = app.banner_key
            if key != self.banner:
                first = self.banner is None
                self.banner = key
                words = app.table.banner.value
                if words and (first or not app.demo):  # a demo's first banner (how to stop it), not its moments
                    self.news.append(str(words))
            return
        self.banner = app.banner_key  # under the panel: the banner's change is the panel's news
        if over is not self.over:
            self.over = over
            self.marked = None
            self.news.append(str(panel.title.value))
            lines = getattr(over, "lines", None)  # the result keeps its lines whole: a sentence each
            self.news.extend([str(line) for line in lines] if lines is not None else [str(panel.lines.value or "")])
        marked = (panel.selected, panel.live)
        if marked != self.marked:
            self.marked = marked
            if panel.live:  # the result's choices are dim for its first 2 s: not yet a choice
                self.news.append(panel.choices[panel.selected])


class Page:
    """The App on the browser's hal, stepped by the page: ``tick()`` runs a frame when one is due."""

    def __init__(self, page, query, text=None):
        self.page = page
        self.error = None
        self.state = None  # the final state of a replay or script (the contract's <pre id="state">)
        self.replays = []  # finished games' replay documents (the newest last)
        size = query.get("size", ["160x128"])[0]
        if size not in SIZES:
            self.error = "size=%s: use 160x128, 240x135 or 240x240" % size
            size = "160x128"
        self.width, self.height = SIZES[size]
        fast = "replay" in query or "script" in query
        rate = query.get("clock", ["1"])[0]
        if rate not in "12345678" or len(rate) != 1:
            self.error = "clock=%s: a whole number from 1 to 8" % rate
            rate = "1"
        self.rate = int(rate)
        self.hal = browser.Hal(page, self.width, self.height, real_clock=not fast, rate=self.rate)
        self.app = None
        try:
            try:
                self._start(query, text)
            except QueryError as e:
                self.error = str(e)
            if self.app is None:  # a bad query: the title menu
                self.app = App(self.hal)
                self.app.on_game_over = self.finished
        except BaseException:
            self._release()  # whatever went wrong, the next Page can have the display
            raise
        self.voice = Voice(self.app, page.announce)  # (a replay or script was played out already, unheard)
        self.deadline = self.hal.ticks_ms()
        self.ran = False  # the last tick ran a frame

    def _start(self, query, text):
        from desktop.script import ScriptError, load_game, load_script, run_headless, watch_headless

        hal = self.hal
        if "replay" in query or "script" in query:
            what = "replay" if "replay" in query else "script"
            where = query[what][0]
            try:
                if what == "replay":
                    watched = load_game(text or "")
                    app = self.app = App(hal, settings={}, seed=1)
                    watch_headless(hal, app, *watched)
                    self.state = final_state(app, watched[2])
                else:
                    script = load_script(text or "")
                    app = self.app = App(hal, settings=script["settings"], seed=script["seed"])
                    app.on_game_over = self.finished
                    run_headless(hal, app, script)
                    self.state = final_state(app, app.replay()) if app.game is not None else None
            except ScriptError as e:
                self.app = None
                raise QueryError("%s: %s" % (where, e)) from None
            return
        seed = _seed(query)
        game = query.get("game", [None])[0]
        link = query.get("link", [None])[0]
        if link not in (None, "host", "join"):
            raise QueryError("link=%s: use host or join" % link)
        from engine.games import NAMES

        if game is not None and game not in NAMES:
            raise QueryError("game=%s: use one of %s" % (game, ", ".join(NAMES)))
        if (game is None or link == "join") and query.get("option"):
            raise QueryError("option= goes with game= (and not with link=join)")
        options = _options(game, query.get("option", [])) if game is not None and link != "join" else None
        app = self.app = App(hal, seed=seed)
        app.on_game_over = self.finished
        now = hal.ticks_ms()
        if link is not None:
            self._link(link, game, options, query, now)
        elif game is not None:
            app.play_now(game, options, now)

    def _link(self, role, game, options, query, now):
        """Host or join a game of another tab: the same Host and Guest as the devices (docs/link.md)."""
        from ui.linked import GUEST, HOST, Linked

        app = self.app
        cpu = query.get("cpu", [None])[0]
        code = query.get("code", [None])[0]
        if code is not None and not (_whole(code) and 1000 <= int(code) <= 9999):
            raise QueryError("code=%s: the host's code is four digits, 1000-9999" % code)
        if cpu is not None:
            from engine import games

            name = game or app.settings["game"]
            roster = games.get(name).ROSTER
            if role == "host" and cpu not in roster:
                raise QueryError("cpu=%s: %s's CPU players are %s" % (cpu, name, ", ".join(roster)))
        transport = self.hal.open_link(None if role == "host" else "")
        if role == "host":
            session = int(code) if code is not None else 1000 + (now * 7919) % 9000
            app.link = Linked(app, HOST, transport, session, cpu=cpu)
            if game is not None:
                app.play_now(game, options, now)
            else:
                app.start_game(now)
        else:
            app.link = Linked(app, GUEST, transport, 0, cpu=cpu, nonce=(now & 0xFFFF) or 1)
            app.link.show_join_page()
            if code is not None:
                app.link.guest.join(int(code))

    # ---- what the page asks ---------------------------------------------------------------

    def finished(self, doc):
        """A finished game's replay (App.on_game_over): kept for the page's download."""
        self.replays.append(doc)
        del self.replays[:-8]
        try:
            self.page.finished(len(self.replays))
        except Exception:
            pass

    def tick(self):
        """Run a frame when one is due; the real ms until the next one (the App's run(), one frame at a time)."""
        return self._tick() / self.rate

    def _tick(self):
        hal = self.hal
        now = hal.ticks_ms()
        wait = ticks_diff(self.deadline, now)
        self.ran = wait <= 0
        if not self.ran:
            return wait
        self.app.frame(now)
        self.voice.frame()
        self.deadline = ticks_add(self.deadline, FRAME_MS)
        wait = ticks_diff(self.deadline, hal.ticks_ms())
        if wait < -FRAME_MS:
            self.deadline = hal.ticks_ms()  # late: resync instead of racing to catch up
            wait = 0
        return max(0, wait)

    def key(self, key_number, pressed):
        """A key or an on-screen button (key_number = player * 4 + button)."""
        self.hal.key(key_number, pressed)

    def release_all(self):
        self.hal.release_all()

    def replay_text(self):
        """(file name, JSON text) of the replay to download: the table's game (finished, or so far), else the last
        finished one; None when there is none."""
        app = self.app
        if app.screen == TABLE and app.game is not None and app.playback is None and not app.demo:
            doc = app.replay()
        elif self.replays:
            doc = self.replays[-1]
        else:
            return None
        name = time.strftime("spit-%Y%m%d-%H%M%S.json")
        return name, json.dumps(doc) + "\n"

    def open_replay(self, text, name="replay"):
        """Watch a replay file on the table; None, or the one-line reason it cannot be played."""
        from desktop.script import ScriptError, load_game

        try:
            game, events, doc = load_game(text)
        except ScriptError as e:
            return "%s: %s" % (name, e)
        app = self.app
        if app.link is not None:
            app.link.close()
        app.watch(game, events, doc, self.hal.ticks_ms())
        return None

    def state_json(self):
        """The contract's state as JSON text (tools/replay.py's line), or "" when there is none."""
        return "" if self.state is None else json.dumps(self.state)

    def table_state(self):
        """The table's game as tools/replay.py prints it for the replay the page would download, or ""."""
        if self.app.game is None:
            return ""
        return json.dumps(final_state(self.app, self.app.replay()))

    def close(self):
        """Leave the link and release the display, so that another Page can be made."""
        self._release()

    def _release(self):
        """Leave the link (if any) and release the display, whatever state the Page got to."""
        try:
            if self.app is not None and self.app.link is not None:
                self.app.link.close()
        finally:
            self.hal.deinit()

    def current_state(self):
        """The table's game now, in tools/replay.py's words without its refused list (tests, the link)."""
        from engine.replay import state

        return json.dumps(state(self.app.game)) if self.app.game is not None else ""

    def digest(self):
        """engine.digest of the table's game: what a linked host and its guest both know agrees (docs/link.md)."""
        from engine.digest import digest

        return digest(self.app.game) if self.app.game is not None else 0

    def over(self):
        """True when the table's game has ended."""
        game = self.app.game
        return game is not None and game.phase == PH_OVER

    def link_code(self):
        """The code a host tab shows (0 when it hosts no game)."""
        link = self.app.link
        return link.session if link is not None and link.role == 0 else 0

    def stats(self):
        """The statistics as rows [game, mode, level, played, won, best ms or None] (the page's table)."""
        from ui.statistics import MODES

        rows = []
        for key, value in self.hal.stats().items():
            try:  # as the menu's statistics page (ui/statistics.py): a record of another shape is left out
                game, mode, level = key
                played, won, best = value
            except (TypeError, ValueError):
                continue
            if not isinstance(game, str) or not isinstance(played, int) or not isinstance(won, int):
                continue
            order = MODES.index(mode) if mode in MODES else len(MODES)
            level = level if isinstance(level, int) else 0
            best = best if isinstance(best, int) and best > 0 else None
            rows.append(((game, order, level, str(mode)), [game, str(mode), level, played, won, best]))
        rows.sort(key=lambda r: r[0])
        return json.dumps([row for _, row in rows])


def start(page, query_json, text=None):
    """The Page for a query (a JSON object of lists, as URLSearchParams gives) and the file it names."""
    query = json.loads(query_json)
    return Page(page, query, text)


if __name__ == "__main__":
    print("spit_page: runs in the browser (python3 tools/web.py --serve)", file=sys.stderr)
