"""The game on a screen: menu, table, the frame loop, banners, lights and sound.

Data flows one way: button events become timestamped actions, the engine
applies them in C-4 order, and the table, pixels and speaker react to the
engine's reports. The same App runs on a board, in the desktop window and
headless in tests; ``hal`` is whichever target was chosen at start.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

import sys

from engine import actions as A
from engine import games, lockout
from engine.actions import PAUSE, PH_OVER, PH_PLAY
from engine.timing import Sequencer, ticks_add, ticks_diff
from ui.lights import Lights
from ui.reactions import Reactions
from ui.seating import PEOPLE, Seating
from ui import words

MENU = 0
TABLE = 1
FRAME_MS = 33  # about 30 frames a second
BATCH = 32  # actions one frame's Sequencer holds in play (a replay's may need more: watch)
SEEDS = 0xFFFFFFFF  # a seed a replay file can hold (engine.replay.SEEDS; the replay code loads only to save one)
DEMO_IDLE_MS = 60000  # D-1: the title screen starts a CPU-against-CPU demo after a minute idle
_OVER = const(("ui.pause",))  # the screen over the table a board drops when it closes (the result's stay: _begin)


def _module(name):
    """A module by its dotted name (a game's modules are imported only when that game is played)."""
    return __import__(name, None, None, ("_",))


def _forget(name):
    """Drop a module, and its package's hold on it, so that its code can be collected."""
    sys.modules.pop(name, None)
    parent, _, child = name.rpartition(".")
    package = sys.modules.get(parent)
    if package is not None and getattr(package, child, None) is not None:
        try:
            delattr(package, child)
        except AttributeError:
            pass


class App:
    """Menu and table on one display; ``frame(now)`` runs one frame."""

    def __init__(self, hal, settings=None, seed=None):
        self.hal = hal
        self.width = hal.display.width
        self.height = hal.display.height
        if settings is None:
            settings = hal.load_settings()
            if "mode" not in settings and hasattr(hal, "mode"):  # a first start, nothing stored: the target's
                settings["mode"] = hal.mode  # Mode (the desktop's and the browser's: 1P vs CPU, issue 34.9)
        from ui.menu import clean

        self.settings = clean(settings, self._replaced)
        self.menu = None  # ui.menu.Menu while the title menu is shown (a board frees it while a game is played)
        self.menu_line = 0  # the menu's line, kept while the menu is freed
        hal.sound = self.settings["sound"]
        self.screen = MENU
        self.event = hal.Event()
        self.seq = Sequencer(BATCH)
        self.kind = None  # the game being played: its engine.games description
        self.direct = None  # (game, options) from the command line, until back at the menu
        self.clusters = ()
        self.words = None
        self.lights = Lights(getattr(hal, "pixels", None))
        self.seed = seed
        self.games = 0
        self.game = None
        self.table = None
        self.playback = None  # ui.playback.Playback while a replay file is played back on the table (watch)
        # C-5: every applied action, kept only where a replay can be saved (a board saves none, nor loads the code)
        self.log = _module("engine.actionlog").ActionLog() if getattr(hal, "keep_log", True) else None
        self.on_game_over = None  # called with the replay document of each finished game
        self.cpus = [None, None]  # a Driver on each seat the CPU plays (D-1), or None
        self.demo = False
        self.idle_since = None  # the title screen's last press (the demo starts after DEMO_IDLE_MS)
        self.demo_next = None
        self.seating = Seating(self)  # who plays each seat, the CPUs' Drivers
        self.reactions = Reactions(self)  # the banners, lights, tones and jingles of the engine's reports
        self.applied = 0  # actions applied or refused, all games
        self.link = None  # ui.linked.Linked when this device hosts or joins a linked game (docs/link.md)
        self.link_address = ""  # the host a guest looks for (code.py --join ADDRESS; "": the hal's own default)
        self.over = None  # the screen over the table: ui.result.Result or ui.pause.Pause
        self.show_menu()
        # a board drops the modules a game loaded when the player goes back to the menu: only the
        # chosen game's code is ever on the heap
        self.menu_modules = set(sys.modules) if getattr(hal, "drop_modules", False) else None

    def show_menu(self):
        """Show the title menu, made again if it was freed."""
        if self.menu is None:
            from ui.menu import Menu

            self.menu = Menu(self.width, self.height, self.settings, link=hasattr(self.hal, "open_link"),
                             line=self.menu_line, clusters=getattr(self.hal, "clusters", 2),
                             stats=getattr(self.hal, "stats", None), level=self.seating.adaptive_level)
            self.menu.buttons = getattr(self.hal, "button_words", self.menu.buttons)  # the how-to page's keys
        else:
            self.menu.refresh(self.seating.adaptive_level)
        self.hal.display.root_group = self.menu.group

    def _free_menu(self):
        """A board frees the menu and its modules while a game is played (made again back at the menu)."""
        if self.menu is not None:
            self.menu_line = self.menu.selected
            self.menu = None
        _forget("ui.menu")
        _forget("ui.notice")  # the menu's pages' (a link's notice in play loads it again)

    def _replaced(self, key, value, default):
        """One notice for a stored setting whose value the game cannot use."""
        text = repr(value)
        if len(text) > 40:
            text = text[:37] + "..."
        self.notice("setting %s: %s is not a value it can take, %r used instead" % (key, text, default))

    def notice(self, message):
        """One line for the player: the hal's notice (a board's screen), else standard output."""
        notice = getattr(self.hal, "notice", None)
        if notice is not None:
            notice(message)
        else:
            print("spit: " + message)

    # ---- screens --------------------------------------------------------------

    def options(self):
        """The engine options of the game to deal: the command line's or the host's (play_now), else the menu's;
        an option whose line means nothing beside the others' values (the description's applies, the menu's
        rule) at its default, so a combination the replay reader refuses (two decks for two, P-11) is never
        dealt nor saved, whoever gave it (a settings file, a script, a host)."""
        if self.direct is not None:
            info = games.get(self.direct[0])
            out = dict(self.direct[1])
        else:
            info = games.get(self.settings["game"])
            out = {item[0]: self.settings[item[0]] for item in info.OPTIONS}
        applies = getattr(info, "applies", None)
        if applies is not None:
            for key, _, values, _ in info.OPTIONS:
                if key in out and not applies(key, out):
                    out[key] = values[0]
        return out

    def play_now(self, game, options, now):
        """Deal a game straight away with these engine options (code.py --game), not the menu's.

        They hold until the player goes back to the menu; they are never saved as settings.
        """
        self.direct = (game, dict(options))
        self.start_game(now)

    def start_game(self, now, demo=False):
        """Deal a new game and show the table (demo: the CPU plays both seats); or link first (docs/link.md)."""
        if not demo and self.settings.get("link", "off") != "off" and self.link is None:
            if _module("ui.linked").open_from_menu(self, now):
                return  # a guest: the host deals (or the link would not open: the menu says why)
        seed = self.seed if self.seed is not None else now & 0xFFFFFF
        self.game_seed = (seed + self.games) & SEEDS  # a seed a replay file can hold
        self.games += 1
        self._end_playback()
        if self.seq.cap != BATCH:
            self.seq = Sequencer(BATCH)  # after a replay that needed a bigger batch
        self.demo = demo
        collect = getattr(self.hal, "collect", None)  # a board frees the last game first
        if collect is not None:
            self._release()  # and what only the menu and a game's end use
            self.game = None
            for p in range(len(self.cpus)):
                self.cpus[p] = None
            collect()
        info = games.get(self.direct[0] if self.direct is not None else self.settings["game"])
        if self.menu_modules is not None:  # a board holds only this game's description while it is played
            self._free_menu()
            for name in games.NAMES:
                if "engine.%s.game" % name != info.__name__:
                    _forget("engine.%s.game" % name)
                    _forget("engine." + name)  # and its package, which held it
        seen = self.link.seen if self.link is not None and not demo else None  # link play's hidden cards (D-3)
        self._begin(info.new(self.game_seed, self.options(), seen), now)

    def _begin(self, game, now):
        self.close_over()
        self.game = game
        info = games.get(game.name)
        if self.kind is not info or len(self.clusters) != game.players:  # its own buttons, screen, words
            self.kind = info
            self.table = None
            self.hal.display.root_group = None  # the old table goes before the new one is made
            cluster = _module(info.CONTROLS).Cluster
            self.clusters = tuple(cluster(p) for p in range(game.players))
            self.table = _module(games.ui(game.name, "table")).Table(self.width, self.height, players=game.players)
            self.table.banner.bottom = self.height  # a banner of more lines than the room below moves up
        if self.seq.players != game.players:
            self.seq = Sequencer(self.seq.cap, game.players)  # C-4 over every seat
        self.words = _module(games.ui(game.name, "words")).Words(dict(self.settings, **self.options()))
        if len(self.cpus) != game.players:
            self.cpus = [None] * game.players
        self.t0 = now
        for name in getattr(game, "times", ()):  # its ticks count from its own 0, the App's from t0 (a stall's clock)
            setattr(game, name, ticks_add(getattr(game, name), now))
        if self.link is not None:
            self.link.begin(game)  # the host welcomes its guests to this deal
        if self.log is not None:
            self.log.clear()
        self.seq.n = 0
        self.seq.priority = 0  # C-4: the first tie of every game goes to player 0
        self.seq.game_no = game.game_no
        self.seq.ties = 0
        self.saved = False
        self.end_ms = 0  # when the game ended, from its start
        self.banner_text = None
        self.banner_until = now
        self.said = 0
        self.banner_key = self.info_key = None
        self.quiet_until = now  # presses before this are ignored (just after a deal)
        self.flash_until = [now] * game.players
        self.reactions.begin(now)
        self.lights.reset(now)
        for c in self.clusters:
            c.cursor = min(2, self.game.slots - 1)
        self.game.reports.clear()
        self.screen = TABLE
        self.seating.seat_all(now)
        self._name_seats()
        hidden = [d is not None or (self.link is not None and self.link.remote(p)) for p, d in enumerate(self.cpus)]
        self.table.begin(game, hidden, self.options())  # D-3: every hand but this device's people's face down
        self.hal.display.root_group = self.table.group
        # the result screen's code now, while the heap is whole: at the game's end the heap is at its fullest
        # and in pieces (the deals', banners' holes), where a board could not place it (drop_game drops it)
        _module("ui.result")
        self._show(now)

    def _name_seats(self):
        """The banners' names: You, CPU, P2, ... from who plays each seat (ui/words.py)."""
        self.words.names = words.names(words.kinds(self))

    def watch(self, game, events, doc, now):
        """Play a replay back on the table (C-5): game as loaded, events as (t, player, verb, a, b), doc its file's."""
        self._end_playback()  # (a replay over a replay: the one before gives the player's settings back first)
        self.playback = _module("ui.playback").Playback(self, game, events, doc)
        self._begin(game, now)
        self.playback.begin(now)

    def _end_playback(self):
        """After a replay: the player's own settings again."""
        if self.playback is not None:
            self.playback.restore()
            self.playback = None

    def next_due(self):
        """The ms (from the start) of the replay's next event still to come, or None (no replay, or played)."""
        return self.playback.next_due() if self.playback is not None else None

    def replay(self):
        """The replay document of the game so far (the engine's replay format)."""
        return _module("ui.playback").document(self)

    def _ended(self, now):
        """The game (or the match) is over: count it, then the result screen (not in a demo or a replay)."""
        self._game_over(now)
        if not self.demo and self.playback is None:
            self.close_over()  # (a linked game paused as it ended)
            self.over = _module("ui.result").Result(self, now)

    def _release(self):
        """Forget what the hal holds only for the menu and a game's end (a board's nvm store: hal.release)."""
        release = getattr(self.hal, "release", None)
        if release is not None:
            for name in release():
                _forget(name)

    def _game_over(self, now):
        """Count the game in the statistics and hand its replay to on_game_over (not for demos or replays)."""
        if self.saved or self.playback is not None or self.demo:
            return
        self.saved = True
        driver = None
        for d in self.cpus:  # the CPUs' level (every CPU seat plays the one chosen)
            driver = driver or d
        level = getattr(driver.bot, "level", 0) if driver is not None else 0
        record = getattr(self.hal, "record_game", None)
        if record is not None:
            mode = self.settings["mode"]
            seats = self.game.players
            if seats > 2 and PEOPLE.get(mode, 2) < seats:
                mode += str(seats)  # a row of its own: 1P against three CPUs is "1p4", not 1P against one
            record(self.game.name, mode, level if 0 <= level < 256 else 0, self.game.winner == 0,
                   ticks_diff(now, self.t0))
            self._release()  # a board's store goes before the result screen is made: the heap's fullest point
        self.end_ms = max(0, ticks_diff(now, self.t0))
        if self.on_game_over is not None and (self.link is None or self.link.keeps_replay):
            self.on_game_over(self.replay())  # (a linked guest knows no seed: its host saves the game)

    def back_to_menu(self):
        """Leave the table for the title menu."""
        self.close_over()
        if self.link is not None:
            self.link.close()
        self.screen = MENU
        self.game = None
        self.demo = False
        if self.direct is not None:  # the menu shows the game last played (its options stay the menu's)
            self.settings["game"] = self.direct[0]
        self.direct = None
        for p in range(len(self.cpus)):
            self.cpus[p] = None
        self.idle_since = None
        if self.menu_modules is not None:
            self.hal.display.root_group = None
            self.drop_game()  # the game's modules go before the menu is made again
        self.show_menu()
        if self.playback is not None:
            self._end_playback()
            self.menu.draw()

    def drop_unused(self):
        """At the menu, a board drops every module loaded since it (a page's, the link's)."""
        if self.menu_modules is not None and self.screen == MENU:
            self.drop_game()

    def drop_game(self):
        """Forget the game's table, buttons, words and CPU, and drop every module loaded since the menu."""
        self.table = None
        self.kind = None
        self.words = None
        self.clusters = ()
        self.seq.n = 0
        for name in list(sys.modules):
            if name not in self.menu_modules:
                _forget(name)
        collect = getattr(self.hal, "collect", None)
        if collect is not None:
            collect()

    # ---- one frame ------------------------------------------------------------

    def frame(self, now):
        """Read every button event, apply the actions, react to what happened, redraw."""
        ev = self.event
        events = self.hal.events
        link = self.link
        while events.get_into(ev):
            if ev.key_number >= PAUSE:  # the desktop's Esc
                if ev.pressed:
                    self.pause_key(-1, now)
                continue
            self.seating.hold(ev.key_number, ev.pressed, now)  # the pause chord's buttons
            if ev.pressed:
                player = ev.key_number >> 2  # key_number is player * 4 + button
                if link is not None and self.screen == TABLE:
                    player = link.local(player)  # the seat this device's cluster plays
                if self.screen == MENU or 0 <= player < len(self.clusters):
                    self.press(player, ev.key_number & 3, ev.timestamp, now)
            if self.screen == MENU and self.menu is not None:
                self.menu.hold(ev.key_number, ev.pressed, ev.timestamp)  # UP or DOWN held repeats
        if self.screen == MENU and self.menu is not None and self.menu.tick(now):
            self.idle_since = now
        p = self.seating.chorded(now)
        if p >= 0:
            self.pause_key(link.local(p) if link is not None else p, now)
        self._idle(now)
        if link is not None and self.screen != TABLE:
            link.idle(now)  # a guest waits for the host's game
        if self.screen == TABLE and self.over is not None:
            self.over.tick(now)
        if self.screen == TABLE and (self.over is None or not self.over.stops):  # (paused: the table stands still)
            if self.playback is not None:
                self.playback.feed(now)
            if link is None or not link.paused:
                self.seating.drive(now)
            if link is not None:
                link.before(now)  # it may end the table: the host left, or its game cannot be played here
            if self.screen == TABLE:
                self.apply_now(now)
                self._advance(now)
                if self.reactions.react(now):
                    self._ended(now)
                self._show(now)
        self.lights.update(now, self.game if self.screen == TABLE else None)
        self.hal.present()

    def press(self, player, button, timestamp, now, cpu=False):
        """One button press of one player, stamped with when it went down (cpu: the CPU pressed it)."""
        if self.screen == MENU:
            self.idle_since = now
            if self.link is not None and self.link.joining:
                self.link.join_press(button)  # the join page: pair with the host offered, or back
                return
            what = self.menu.press(player, button)
            if what == "closed":
                self.drop_unused()  # the page's label library goes with it
            elif what == "start":
                self.start_game(now)
            elif what == "changed":
                self.hal.sound = self.settings["sound"]
                self.hal.save_settings(self.settings)
            return
        game = self.game
        if self.over is not None:  # the result or pause screen takes the presses of every cluster here
            if not cpu:
                self.over.press(button, now, timestamp)
            return
        if not cpu and (self.demo or self.cpus[player] is not None):
            if self.demo:
                self.back_to_menu()  # D-1: any button stops the demo
            return  # the CPU's seat has no buttons of its own
        if ticks_diff(self.quiet_until, now) > 0:
            return
        if self.playback is not None:
            if self.playback.press(button, now):
                self.back_to_menu()  # the replay has been played out: any key leaves it
            return
        if ticks_diff(timestamp, self.t0) < 0:
            return  # pressed before this game was dealt: not part of it (C-5: the log starts at 0)
        if game.phase == PH_OVER:
            return  # (the result screen takes the presses)
        cluster = self.clusters[player]
        if cluster.press(button, game) and not lockout.dropped(cluster, timestamp):  # (issue 20: a fumble's lockout)
            if self.link is not None:
                self.link.add(timestamp, player, cluster.verb, cluster.a, cluster.b, not cluster.fit)  # the host's
            else:
                self.seq.add(timestamp, player, cluster.verb, cluster.a, cluster.b, not cluster.fit)  # (the lockout's)

    def pause_key(self, player, now):
        """The pause key or chord (player: the seat that held it, -1 for Esc): pause a game, or resume it."""
        if self.screen == TABLE and not self.demo:
            _module("ui.pause").toggle(self, player, now)

    def close_over(self):
        """Take the result or pause screen off the table; a board drops their modules (loaded again when shown)."""
        if self.over is not None:
            self.over.close()
            self.over = None
        if self.menu_modules is not None:
            for name in _OVER + ((games.ui(self.game.name, "result"),) if self.game is not None else ()):
                if name not in self.menu_modules:
                    _forget(name)

    def _idle(self, now):
        """D-1: the demo starts after a minute on the title screen untouched, and deals again when over."""
        if self.screen == MENU:
            if self.idle_since is None or self.menu.showing_help or self.link is not None:
                self.idle_since = now  # (a guest on the join page waits for its host, not for a demo)
            elif ticks_diff(now, self.idle_since) >= DEMO_IDLE_MS:
                self.start_game(now, demo=True)
        elif self.demo and self.game.phase == PH_OVER:
            if self.demo_next is None:
                self.demo_next = ticks_add(now, 4000)
            elif ticks_diff(now, self.demo_next) >= 0:
                self.demo_next = None
                self.start_game(now, demo=True)

    def _advance(self, now):
        """Tell the game the time (a call-Speed limit, P-8); a replay's clock stops at its end (C-5)."""
        if self.link is not None:
            self.link.after(now)  # the host's clock, behind by its input delay; a guest's, from the host
            return
        if self.playback is not None:
            now = self.playback.clock(now)
        self.game.advance(now)

    def apply(self, at, player, verb, a, b, wrong, now):
        """Apply one action now, in the caller's order, with the feedback every action gets; the engine's answer
        (OK, or why not). A linked game's actions come this way, not through the App's Sequencer: the host's
        due ones one at a time in its delay line's C-4 order, a guest's from its host's log (ui.linked)."""
        result = self.game.apply(at, player, verb, a, b)
        self.applied += 1
        self._applied(at, player, verb, a, b, result, wrong, now)
        return result

    def apply_now(self, now):
        """Apply what the Sequencer holds (each frame; a replay's events past its batch: ui.playback)."""
        seq = self.seq
        n = seq.flush(self.game)  # C-4, a match's next game included
        self.applied += n
        for k in range(n):
            i = seq.order[k]
            self._applied(seq.t[i], seq.player[i], seq.verb[i], seq.a[i], seq.b[i], seq.result[i], seq.tag[i], now)

    def _applied(self, at, p, verb, a, b, result, wrong, now):
        """After an action: the log (where a replay can be saved), and a refusal's feedback."""
        log = self.log
        if log is not None:
            t = ticks_diff(at, self.t0)
            log.append(t if t > 0 else 0, p, verb, a, b)
        if result != A.OK:
            self._refused(p, verb, a, b, wrong, now)
            if self.cpus[p] is None:  # a person is told why (a CPU's slip is only seen)
                why = _module("ui.refusals").refused(self.words.names[p], result, self.words)
                if why is not None:
                    self.say(why, now, 900)

    def _refused(self, p, verb, a, b, wrong, now):
        """Quick feedback for a refused move: the card flashes and shakes, a low tone, red light."""
        cluster = self.clusters[p]
        self.table.refused(p, verb, a, b, cluster.cursor)  # the card (or the place aimed at) flashes
        lockout.refused(cluster, verb, wrong, now)  # a fumble locks the player's plays: the card shakes until then
        self.flash_until[p] = cluster.lock_until if lockout.locked(cluster, now) else ticks_add(now, 220)
        self.lights.refuse(p, now)
        self.reactions.refused()

    def say(self, text, now, ms):
        """Words on the banner for ms (a report's, a refusal's)."""
        self.said += 1
        self.banner_text = text
        self.banner_until = ticks_add(now, ms)

    def _banner_key(self, now):
        """A number that changes whenever the banner's words would."""
        if self.link is not None and self.link.banner_key():
            return -(1 << 20) - self.link.banner_key()  # the link's own words (made only when this key changes)
        if ticks_diff(self.banner_until, now) > 0 and not self.words.lasting(self.game):
            return -self.said  # a moment's message, numbered
        return self.words.banner_key(self.game) if not self.demo else -(1 << 19)

    def _banner(self, now):
        words = self.link.banner() if self.link is not None else None
        if words is not None:
            return words  # the link's state comes first: paused, or waiting for a guest
        if ticks_diff(self.banner_until, now) > 0 and not self.words.lasting(self.game):
            return self.banner_text  # a moment's message; the slap race is never hidden
        return self.words.banner(self.game) if not self.demo else "Demo: press any button"  # D-1: what stops it

    def _show(self, now):
        table = self.table
        game = self.game
        for p in range(game.players):
            if table.flash[p] >= 0 and ticks_diff(self.flash_until[p], now) <= 0:
                table.flash[p] = -1
            table.shake(p, table.flash[p], ticks_diff(self.flash_until[p], now))
            table.set_cursor(p, self.clusters[p].cursor if game.phase == PH_PLAY else -1)
        table.sync(game)
        key = self._banner_key(now)
        if key != self.banner_key:  # build the words only when they change: no strings per frame
            self.banner_key = key
            table.banner.set(self._banner(now))
        key = self.words.info_key(game)
        if key != self.info_key:
            self.info_key = key
            table.info.set(self.words.info(game))

    # ---- the loop -------------------------------------------------------------

    def run(self):
        """Run frames to a deadline until the window is closed (forever on a board)."""
        hal = self.hal
        deadline = hal.ticks_ms()
        while hal.poll():
            now = hal.ticks_ms()
            self.frame(now)
            deadline = ticks_add(deadline, FRAME_MS)
            wait = ticks_diff(deadline, hal.ticks_ms())
            if wait > 0:
                hal.sleep_ms(wait)
            elif wait < -FRAME_MS:
                deadline = hal.ticks_ms()  # late: resync instead of racing to catch up
