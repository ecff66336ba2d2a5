"""Link play on the App's side: this device hosts a game or joins one (docs/link.md).

The App asks a ``Linked`` at a few points of its frame: which seat a local
cluster plays (``local``), where a seat's action goes (``add``: the host's
delay line, or the link to the host), ``before`` its actions are applied
(the link read; the host applies the actions that are due one at a time and
logs those its engine accepts, with the cards each showed; a guest takes
its host's log entries one by one, in the host's order), and ``after`` in
place of telling the game the time (the host's clock runs ``delay_ms``
behind, and a guest's game hears the time only from the host's log). The
engine of this device's game is dealt with ``seen``: the host's Recorder,
which notes each card the engine turns up and to whom, or a guest's Blind,
through which its copy learns only what its seat may see (D-3). Seats: the
host plays seat 0, guests take seats 1 and on, and the host's CPU plays the
rest (D-1), and the seat of a guest that left until a guest takes it again.
Everything the host sends is checked before it is used: a welcome this
version cannot play, a host that says goodbye, goes silent or turns this
device away is one notice and the menu; a bad log entry is dropped and the
log played again from its start (three times in a row at one place: one
notice and the menu).
"""

import json

from engine import games, lockout
from engine.actions import OK
from engine.digest import digest
from engine.link.wire import CLOCK, DEAL, EVERYONE, FULL, ROOM, SHOWN, TOLD
from engine.link.guest import Blind, Guest
from engine.timing import Sequencer, ticks_add, ticks_diff

HOST = 0
GUEST = 1
NO_ANSWER_MS = 5000  # a guest paired with a code no host answers: the join page says so
RESTARTS_MOST = 3  # a guest's copy out of step this often in one game: it gives up (one notice)
NUMBER_MOST = 600000  # the largest number an option may be (call_ms: ten minutes, engine.speed.file)


def welcome_bytes(game, options, number):
    """WELCOME's payload after the seat and nonce: game index (1), game number (1), options (JSON); no seed."""
    head = bytearray(2)
    head[0] = games.NAMES.index(game)
    head[1] = number & 0xFF
    data = bytes(head) + json.dumps(options).encode()  # CircuitPython's json takes no keywords
    if len(data) > ROOM - 3:  # a WELCOME is one message (the game's options are at most 170 bytes)
        raise ValueError("the options do not fit a link's message")
    return data


def read_welcome(data):
    """(game, number, options) from WELCOME's payload; ValueError saying why this version cannot play it.

    Every option must be one of the game's, of the type of its menu values
    (a word among them; a number from 1 to NUMBER_MOST): the engine checks
    the rest when it deals.
    """
    if len(data) < 3:
        raise ValueError("not a welcome")
    if data[0] >= len(games.NAMES):
        raise ValueError("a game this version does not have (number %d)" % data[0])
    try:
        options = json.loads(bytes(data[2:]).decode())
    except (ValueError, UnicodeError):  # UnicodeError: CPython's decode; CircuitPython's is a ValueError
        raise ValueError("its options are not JSON") from None
    if not isinstance(options, dict):
        raise ValueError("its options are not JSON's object")
    name = games.NAMES[data[0]]
    known = games.get(name).OPTIONS
    for key in options:
        values = None
        for item in known:
            if item[0] == key:
                values = item[2]
        if values is None:
            raise ValueError("an option this version lacks, %s" % key)
        value = options[key]
        if type(value) is not type(values[0]) or (isinstance(value, str) and value not in values) \
                or (type(value) is int and not 1 <= value <= NUMBER_MOST):
            raise ValueError("option %s: %s" % (key, json.dumps(value)[:20]))
    return name, data[1], options


def _nonce(now):
    """A number for this run of a guest (its HELLO's): random where the board has a generator, else the clock's."""
    try:
        import os

        raw = os.urandom(2)
        n = raw[0] | raw[1] << 8
    except (ImportError, AttributeError, NotImplementedError, OSError):
        n = now & 0xFFFF
    return n or 1


def open_from_menu(app, now):
    """Start in the menu: host this game, or look for a host (the join page); True when no game is to be
    dealt here now (a guest waits for its host's; a link that would not open leaves the menu as it was)."""
    mode = app.settings.get("link", "off")
    if mode == "off" or app.link is not None:
        return False
    opener = getattr(app.hal, "open_link", None)
    if opener is None:
        return False
    try:
        transport = opener(None if mode == "host" else app.link_address)
    except (OSError, ValueError, RuntimeError) as e:  # a port taken, no network, no such pins: one line
        app.notice("link: %s" % (getattr(e, "strerror", None) or e))
        return True
    if mode == "host":
        code = 1000 + (now * 7919) % 9000  # four digits the guests' screens show to match
        people = {"1p": 2, "2p": 2, "3p": 3, "4p": 4}.get(app.settings["mode"], 2)
        app.link = Linked(app, HOST, transport, code, guests=people - 1)
        app.notice("hosting a linked game: code %04d (a guest joins with --join ADDRESS --code %04d)" % (code, code))
        return False
    app.link = Linked(app, GUEST, transport, 0, nonce=_nonce(now))
    app.link.show_join_page()
    return True


def _host():
    """The host's module, loaded only where this device hosts."""
    from engine.link import host as link_host

    return link_host


class Linked:
    """This device's part in a linked game: role HOST or GUEST over one transport (hal's link modules)."""

    def __init__(self, app, role, transport, session, guests=1, cpu=None, delay_ms=None, nonce=1):
        self.app = app
        self.role = role
        self.transport = transport
        self.session = session
        self.guests = guests  # host: how many guests play (seats 1 .. guests)
        self.cpu = cpu  # a bot name: the CPU plays this device's own seat (tools/linkplay.py)
        self.delay_ms = delay_ms
        self.nonce = nonce
        self.number = 0  # games dealt in this session
        self.host = None
        self.guest = Guest(transport, session, nonce) if role == GUEST else None
        # the engine's: what it shows, and to whom (D-3); a guest never loads the host's module (its join page
        # is a board's fullest heap)
        self.seen = _host().Recorder() if role == HOST else Blind()
        self.batch = Sequencer(_host().PENDING, 2) if role == HOST else None  # host: the actions due, in C-4 order
        self.digest_every = _host().DIGEST_MS if role == HOST else 0
        self.seat = 0 if role == HOST else -1
        self.keeps_replay = role == HOST  # a guest's copy has no seed: a replay of it would be another game
        self.entry = [0, 0, 0, 0, 0]
        self.digest_ms = 0
        self.welcomed = None  # guest: the welcome being played ...
        self.parsed = None  # ... as (game, number, options)
        self.dealt = False  # ... and whether its DEAL has come (this copy of the game is dealt)
        self.restarts = 0  # guest: times in a row its log was played again from its start at one place ...
        self.failed_at = -1  # ... the entry it stopped at
        self.paused_at = None  # when the game paused (this device's clock)
        self.left = []  # seats whose guest has gone: the CPU's now
        self.shown = None  # the offer the join page shows
        self.unanswered = False  # the join page says no host answers the code
        self.full = False  # ... or that the host's seats are all taken

    # ---- seats ---------------------------------------------------------------

    def local(self, player):
        """The seat local cluster player plays, or -1 (a guest plays its own seat with its first cluster)."""
        if player != 0:
            return -1
        return self.seat

    def remote(self, seat):
        """True for a seat another device plays (no CPU of this device plays it)."""
        if self.role == HOST:
            return 1 <= seat <= self.guests and seat not in self.left
        return seat != self.seat

    def clock(self, now):
        """This device's clock in the host's game clock (ms from the deal)."""
        if self.role == HOST:
            return ticks_diff(now, self.app.t0)
        return self.guest.clock.host_ms(now)

    # ---- the frame -------------------------------------------------------------

    def begin(self, game):
        """A game was dealt here (the App's _begin): the host welcomes its guests to it and logs its deal."""
        if self.role != HOST:
            return
        self.number += 1
        w = welcome_bytes(game.name, self.app.options(), self.number)
        kw = {} if self.delay_ms is None else {"delay_ms": self.delay_ms}
        if self.host is None:
            self.host = _host().Host(self.transport, self.session, game.players, w,
                             guest_seats=range(1, self.guests + 1), **kw)
            self.host.judge = self._judge
        else:
            self.host.new_game(w)
        if self.batch.players != game.players:
            self.batch = Sequencer(self.batch.cap, game.players)
        self.batch.priority = 0
        self.batch.game_no = game.game_no
        self.host.record(0, EVERYONE, DEAL, 0, 0, self.seen)  # the cards its deal showed, then DEAL

    def add(self, t, player, verb, a, b, wrong):
        """One action of a seat this device plays, stamped t (this device's ticks); wrong: it did not fit when
        pressed (engine.lockout's: the host judges a guest's itself)."""
        if self.role == HOST:
            host = self.host
            t = self.clock(t)
            if not host.paused or t <= host.paused_at:  # pressed in a pause (a guest's, a quiet link's): dropped
                host.add(t, player, verb, a, b, wrong)
        elif player == self.seat:
            self.guest.add(self.clock(t), verb, a, b)

    @property
    def paused(self):
        link = self.host if self.role == HOST else self.guest
        return link is not None and link.paused

    def hold(self, on, now=None):
        """This device's player paused (on) or resumed: the host pauses every device, a guest asks its host to.
        now: when the host's player resumed: the pause's time comes out of its clock at once, before the frame
        reads the link (a guest's press read then would be stamped a pause ahead, issue 36 item 4)."""
        if self.role == HOST:
            if self.host is not None:
                self.host.hold(self.seat if on else -1)
                if not on and now is not None:
                    self._pause(now, self.host.paused)
        else:
            self.guest.ask_pause(on)

    def paused_by(self):
        """The seat + 1 whose player paused the game (0: none, or a quiet link)."""
        if self.role == HOST:
            return self.host.by if self.host is not None else 0
        return self.guest.paused_by

    def idle(self, now):
        """Off the table: a guest listens for the host's welcome and its deal, and deals that game."""
        if self.role != GUEST:
            return
        guest = self.guest
        guest.poll(now)
        if self._ended():
            return
        if guest.offer != self.shown and self.joining:
            self.show_join_page()
        if guest.refused == FULL and not self.full:
            self.full = True
            self.app.menu.show_page(("JOIN A LINKED GAME", "The game of code %04d" % guest.rx.session,
                                     "has no free seat.", "", "Any key: back"))
        elif guest.rx.session and guest.seat < 0 and not self.unanswered and not self.full \
                and now - guest.joined_ms >= NO_ANSWER_MS:
            self.unanswered = True
            self.app.menu.show_page(("JOIN A LINKED GAME", "No host answers", "with code %04d." % guest.rx.session,
                                     "", "Any key: back"))
        if guest.welcome is not None:
            self._take(now)

    def before(self, now):
        """Read the link; the host applies the actions due, a guest the host's log entries."""
        app = self.app
        if self.role == HOST:
            host = self.host
            host.poll(self.clock(now))
            self._pause(now, host.paused)
            self._seats(now)
            if host.due(self.clock(now) - host.delay_ms, self.batch, app.t0):
                self._apply_due(now)
            return
        self.guest.poll(now)
        if self._ended():
            return
        self._pause(now, self.guest.paused)
        self._take(now)

    def after(self, now):
        """The time, for the game (the host's clock minus the delay); send what the guests lack."""
        if self.role != HOST:
            return
        app = self.app
        host = self.host
        cut = self.clock(now) - host.delay_ms
        if not host.paused and cut > 0:
            self._advance(ticks_add(app.t0, cut))
        if ticks_diff(now, self.digest_ms) >= self.digest_every:
            self.digest_ms = now
            host.digest = digest(app.game)
            host.digest_n = host.n
        host.send(self.clock(now))

    def banner_key(self):
        """0, or a number for the link's words on the banner: 1 quiet, 2 waiting for a guest, 8 + seat paused."""
        if self.paused:
            by = self.paused_by()
            return 8 + by if by else 1
        if self.role == HOST and self.host is not None and len(self.host.remotes) < self.guests - len(self.left):
            return 2
        return 0

    def banner(self):
        """The link's words for the banner, or None."""
        key = self.banner_key()
        if key > 8:
            return "P%d paused" % (key - 8)
        if key == 1:
            return "Link quiet: paused"
        if key == 2:
            return "Code %04d: waiting" % self.session
        return None

    # ---- the host's side ---------------------------------------------------------

    def _apply_due(self, now):
        """Apply the due actions one at a time in C-4 order, each after the clock's own change by its time;
        log those the engine accepts (a refused one changed nothing: no entry, and its shown cards forgotten)."""
        app = self.app
        host = self.host
        batch = self.batch
        seen = self.seen
        batch.by_time()
        start = 0
        while start < batch.n:
            end = batch.group(start, app.game)  # C-4: a new game of the match starts with seat 0's priority
            for k in range(start, end):
                i = batch.order[k]
                at = batch.t[i]
                self._advance(at)
                p = batch.player[i]
                verb = batch.verb[i]
                a = batch.a[i]
                b = batch.b[i]
                seen.clear()
                if app.apply(at, p, verb, a, b, batch.tag[i], now) == OK:
                    host.record(ticks_diff(at, app.t0), p, verb, a, b, seen)
                seen.clear()
            start = end
        batch.done(app.game)

    def _judge(self, seat, t, verb, a, b):
        """A guest's action as it comes (t: the host's game clock), judged as the host judges its own player's
        press (C-3): -1 pressed in the seat's lockout (dropped), 1 wrong on the table as it is, else 0."""
        app = self.app
        cluster = app.clusters[seat]
        cluster.verb = verb
        if lockout.dropped(cluster, ticks_add(app.t0, t)):
            return -1
        return 1 if (cluster.FUMBLES >> verb) & 1 and not cluster.fits(app.game, verb, a, b) else 0

    def _advance(self, at):
        """Tell the game the time at (ticks); a CLOCK entry when that changed it (a time limit, P-8)."""
        game = self.app.game
        before = game.now
        self.seen.clear()
        game.advance(at)
        if game.now != before:
            self.host.record(ticks_diff(at, self.app.t0), EVERYONE, CLOCK, 0, 0, self.seen)
        self.seen.clear()

    def _seats(self, now):
        """D-1: the CPU takes a seat its guest has left, and gives it back to the guest that takes it again."""
        host = self.host
        app = self.app
        while host.left:
            seat = host.left.pop(0)
            if seat not in self.left:
                self.left.append(seat)
                app.seating.seat(seat, now)
        while host.joined:
            seat = host.joined.pop(0)
            if seat in self.left:
                self.left.remove(seat)
                app.cpus[seat] = None
            app.say("You are P%d" % (self.seat + 1), now, 4000)  # which seat this device plays (issue 34.9)

    # ---- the join page (a guest) -------------------------------------------------

    @property
    def joining(self):
        """A guest that has not been dealt its host's game yet (the join page is up)."""
        return self.role == GUEST and not self.dealt

    def show_join_page(self):
        offer = self.guest.offer
        if offer is None:
            where = "at %s ..." % self.app.link_address if self.app.link_address else "..."
            texts = ["JOIN A LINKED GAME", "Looking for a host", where, "", "Any key: back"]
        elif self.guest.rx.session:
            texts = ["JOIN A LINKED GAME", "Code %04d: joining ..." % offer[0], "", "Any key: back"]
        else:
            title = games.TITLES[offer[1]] if offer[1] < len(games.NAMES) else "not in this version"
            texts = ["JOIN A LINKED GAME", "A host's code: %04d" % offer[0], "Game: %s" % title,
                     "The same code on", "the host's screen?", "Left: join", "Right: back"]
        self.shown = offer
        self.app.menu.show_page(texts)

    def join_press(self, button):
        """A press on the join page: LEFT pairs with the host offered; any other key goes back."""
        offer = self.guest.offer
        if button == 2 and offer is not None and not self.guest.rx.session:  # LEFT
            self.guest.join(offer[0])
            self.guest.offer = offer  # kept for the page
            self.show_join_page()
            return
        self.close()

    def close(self):
        """Leave the link (the menu again)."""
        if self.app.link is not self:
            return  # closed already
        self.app.link = None
        link = self.host if self.role == HOST else self.guest
        if link is not None:
            link.bye()
        self.transport.close()
        if self.app.menu is not None:
            self.app.menu.show_page(None)
        self.app.drop_unused()  # back at the menu, a board drops the link's modules too

    # ---- a guest's copy of the game -------------------------------------------------

    def _take(self, now):
        """Take the host's log entries: cards and decisions for the next entry, the deal, the clock, actions.

        An entry this copy cannot follow (a seat the game lacks, an action its
        engine refuses, a card shown that is none, one missing or one too many)
        is dropped and the log played again from its start.
        """
        guest = self.guest
        app = self.app
        seen = self.seen
        if guest.welcome != self.welcomed and not self._welcome(guest.welcome):
            return
        entry = self.entry
        ok = True
        while ok:
            if self.dealt and guest.digest_n == guest.next:  # the host's state at this entry: is ours the same?
                guest.desynced = guest.digest != digest(app.game)
                guest.digest_n = -1
                guest.checked += 1
                if guest.desynced:
                    break
            if not guest.take(entry):
                break
            verb = entry[2]
            if verb == SHOWN:
                ok = guest.shown(seen)
                continue
            if verb == TOLD:
                ok = 1 <= entry[1] <= 8
                seen.tell(entry[3] & ((1 << entry[1]) - 1), entry[1])
                continue
            if verb == DEAL:
                ok = not self.dealt and self._deal(now)
                if app.link is not self:
                    return  # the game could not be played here: the menu
            elif not self.dealt:
                ok = False  # an action before the deal
            elif verb == CLOCK:
                app.game.advance(ticks_add(app.t0, entry[0]))
                ok = seen.left() == 0
            else:
                ok = entry[1] < app.game.players
                if ok:  # one at a time: the host's order, whatever C-4 would make of a batch
                    ok = app.apply(ticks_add(app.t0, entry[0]), entry[1], verb, entry[3], entry[4], 0, now) == OK \
                        and seen.left() == 0
            seen.clear()
        if not ok:
            guest.desynced = True
        if guest.digest_n >= 0 and guest.digest_n < guest.next:
            guest.digest_n = -1  # passed before it came: the next one
        if guest.desynced:
            self._restart()

    def _welcome(self, welcome):
        """A new welcome (the first, or the host dealt again): its game is dealt when its DEAL comes; one notice
        and the menu when this version cannot play it. False when no entry is to be taken now."""
        guest = self.guest
        try:
            self.parsed = read_welcome(welcome)
        except ValueError as e:
            self._leave("the host's game cannot be played here: %s" % e)
            return False
        self.welcomed = welcome
        self.dealt = False
        self.restarts = 0
        self.failed_at = -1
        self.seat = guest.seat
        self.seen.seat = guest.seat
        self.seen.clear()
        guest.restart()
        return True

    def _deal(self, now):
        """The DEAL entry: this copy of the host's game, dealt with the cards the log showed; True when it took
        every one and this device's seat is one of the game's."""
        name, _, options = self.parsed
        app = self.app  # the game its host dealt, its name and options (C-5); its cards come from the log, so
        app.seed = 0  # the seed is this copy's own (the App's game seed is seed + games)
        app.games = 0
        try:
            app.play_now(name, options, now)
        except (TypeError, ValueError) as e:  # an option this version lacks, or a value it refuses
            self._leave("the host's game cannot be played here: %s" % e)
            return False
        if not 1 <= self.seat < self.app.game.players:
            self._leave("the host's game cannot be played here: it gave this device seat %d" % self.seat)
            return False
        self.dealt = True
        self.app.say("You are P%d" % (self.seat + 1), now, 4000)  # which seat this device plays (issue 34.9)
        if self.app.menu is not None:  # (a board freed the menu with its join page when the table was dealt)
            self.app.menu.show_page(None)
        return self.seen.left() == 0

    def _restart(self):
        """Out of step with the host: the log played again from its start (dealt again at its DEAL); a guest
        stopped RESTARTS_MOST times in a row at the same place, or before it, gives up (a host whose log cannot
        be followed; a spoofed entry, once replayed past, counts no more)."""
        at = self.guest.next
        self.restarts = self.restarts + 1 if at <= self.failed_at else 1
        self.failed_at = at
        if self.restarts > RESTARTS_MOST:
            self._leave("this device could not follow the host's game")
            return
        self.dealt = False
        self.seen.clear()
        self.guest.restart()

    def _ended(self):
        """A guest whose host said BYE, went silent or turned it away: one notice, and the menu; True when so."""
        guest = self.guest
        if guest.gone:
            self._leave("the host has left the game")
            return True
        if guest.refused and guest.refused != FULL:
            self._leave("the host's game has gone too far to catch this device up")
            return True
        return False

    def _leave(self, why):
        """One notice, the menu, and the notice on a page over it (any key takes it away)."""
        app = self.app
        app.notice("link: %s" % why)
        app.back_to_menu()
        self.close()
        if app.menu is not None:
            from ui.text import wrap

            chars = max(10, (app.width - 8) // 6)
            app.menu.show_page(("LINK", ) + tuple(wrap(why[0].upper() + why[1:] + ".", chars).split("\n"))
                               + ("", "Any key: back"))

    def _pause(self, now, paused):
        """Stop the game's clock while paused: play resumes where it stopped."""
        app = self.app
        if paused and self.paused_at is None:
            self.paused_at = now
        elif not paused and self.paused_at is not None:
            from ui.pause import shift

            ms = ticks_diff(now, self.paused_at)
            shift(app, ms)  # the game's clock, its engine's times and its CPU players' move on (a guest's too: its
            # result's Time counts no pause, as its host's does not)
            if self.role == HOST:
                self.host.shift(ms)
            else:
                self.guest.shift(ms)  # the host's clock stood still: so did its stamps
            self.paused_at = None
