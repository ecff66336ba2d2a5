"""Link play on the App's side: this device hosts a game or joins one (docs/link.md).

The App asks a ``Linked`` at a few points of its frame: which seat a local
cluster plays (``local``), where a seat's action goes (``add``: the host's
delay line, or the link to the host), ``before`` its actions are applied
(the link read; the host hands over the actions that are due, a guest its
host's log entries one by one, in the host's order), ``applied`` for each
action applied, and ``after`` in place of telling the game the time (the
host's clock runs ``delay_ms`` behind, and a guest's game hears the time
only from the host's log). Seats: the host plays seat 0, guests take seats 1
and on, and the host's CPU plays the rest (D-1).
"""

import json

from engine import games
from engine.digest import digest
from engine.link import ROOM, put32
from engine.link_guest import Guest
from engine.link_host import CLOCK, DIGEST_MS, Host
from engine.timing import ticks_add, ticks_diff

HOST = 0
GUEST = 1
NO_ANSWER_MS = 5000  # a guest paired with a code no host answers: the join page says so


def welcome_bytes(seed, game, options, number):
    """WELCOME's payload after the seat: seed (4), game index (1), game number (1), options (JSON)."""
    head = bytearray(6)
    put32(head, 0, seed)
    head[4] = games.NAMES.index(game)
    head[5] = number & 0xFF
    data = bytes(head) + json.dumps(options).encode()  # CircuitPython's json takes no keywords
    if len(data) > ROOM - 3:  # a WELCOME is one message (the game's options are at most 170 bytes)
        raise ValueError("the options do not fit a link's message")
    return data


def read_welcome(data):
    """(seed, game, number, options) from WELCOME's payload; ValueError when it is not one."""
    if len(data) < 6 or data[4] >= len(games.NAMES):
        raise ValueError("not a welcome")
    seed = data[0] | data[1] << 8 | data[2] << 16 | data[3] << 24
    try:
        options = json.loads(bytes(data[6:]).decode())
    except (ValueError, UnicodeError):  # UnicodeError: CPython's decode; CircuitPython's is a ValueError
        raise ValueError("not a welcome") from None
    if not isinstance(options, dict) or "seed" in options:
        raise ValueError("not a welcome")
    return seed, games.NAMES[data[4]], data[5], options


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
    app.link = Linked(app, GUEST, transport, 0, nonce=(now & 0xFFFF) or 1)
    app.link.show_join_page()
    return True


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
        self.seat = 0 if role == HOST else -1
        self.entry = [0, 0, 0, 0, 0]
        self.digest_ms = 0
        self.dealt = None  # the guest's welcome being played
        self.paused_at = None  # when the game paused (this device's clock)
        self.left = []  # seats whose guest has gone: the CPU's now
        self.shown = None  # the offer the join page shows
        self.unanswered = False  # the join page says no host answers the code

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
        """A game was dealt here (the App's _begin)."""
        if self.role == HOST:
            self.number += 1
            w = welcome_bytes(self.app.game_seed, game.name, self.app.options(), self.number)
            kw = {} if self.delay_ms is None else {"delay_ms": self.delay_ms}
            if self.host is None:
                self.host = Host(self.transport, self.session, game.players, w,
                                 guest_seats=range(1, self.guests + 1), **kw)
            else:
                self.host.new_game(w)

    def add(self, t, player, verb, a, b):
        """One action of a seat this device plays, stamped t (this device's ticks)."""
        if self.role == HOST:
            self.host.add(self.clock(t), player, verb, a, b)
        elif player == self.seat:
            self.guest.add(self.clock(t), verb, a, b)

    @property
    def paused(self):
        link = self.host if self.role == HOST else self.guest
        return link is not None and link.paused

    def idle(self, now):
        """Off the table: a guest listens for the host's welcome and deals the game it names."""
        if self.role == GUEST:
            guest = self.guest
            guest.poll(now)
            if self._left(now):
                return
            if guest.offer != self.shown and self.joining:
                self.show_join_page()
            if guest.rx.session and guest.seat < 0 and not self.unanswered and now - guest.joined_ms >= NO_ANSWER_MS:
                self.unanswered = True
                self.app.menu.show_page(("JOIN A LINKED GAME", "No host answers", "with code %04d." % guest.rx.session,
                                         "", "Any key: back"))
            if self._deal_if_welcomed(now):
                self.app.menu.show_page(None)

    def before(self, now):
        """Read the link; put the actions due in the App's Sequencer (a guest: apply the log)."""
        app = self.app
        if self.role == HOST:
            host = self.host
            host.poll(self.clock(now))
            self._pause(now, host.paused)
            while host.left >= 0:
                self.left.append(host.left)
                app.seat_cpu(host.left, now)  # D-1: the CPU takes a seat its guest has left
                host.left = -1
            host.due(self.clock(now) - host.delay_ms, app.seq, app.t0)
            return
        guest = self.guest
        guest.poll(now)
        if self._left(now) or self._deal_if_welcomed(now):
            return
        self._pause(now, guest.paused)
        entry = self.entry
        seq = app.seq
        while True:
            if guest.digest_n == guest.next:  # the host's state at this entry: is ours the same?
                guest.desynced = guest.digest != digest(app.game)
                guest.digest_n = -1
                guest.checked += 1
            if not guest.take(entry):
                break
            at = ticks_add(app.t0, entry[0])
            if entry[2] == CLOCK:
                app.game.advance(at)
                continue
            seq.add(at, entry[1], entry[2], entry[3], entry[4])
            app.apply_now(now)  # one at a time: the host's order, whatever C-4 would make of a batch
        if guest.digest_n >= 0 and guest.digest_n < guest.next:
            guest.digest_n = -1  # passed before it came: the next one
        if guest.desynced:
            self._redeal(now)

    def applied(self, t, player, verb, a, b):
        """The App applied this action (t: ms from the deal)."""
        if self.role == HOST:
            self.host.logged(t, player, verb, a, b)

    def after(self, now):
        """The time, for the game (the host's clock minus the delay); send what the guests lack."""
        if self.role != HOST:
            return
        app = self.app
        host = self.host
        game = app.game
        cut = self.clock(now) - host.delay_ms
        if not host.paused and cut > 0:
            before = game.now
            game.advance(ticks_add(app.t0, cut))
            if game.now != before:  # a time limit passed (P-8): the guests' games must hear it there
                host.logged(cut, 255, CLOCK, 0, 0)
        if ticks_diff(now, self.digest_ms) >= DIGEST_MS:
            self.digest_ms = now
            host.digest = digest(game)
            host.digest_n = host.log.n
        host.send(self.clock(now))

    def banner_key(self):
        """0, or a number for the link's words on the banner: 1 paused, 2 waiting for a guest."""
        if self.paused:
            return 1
        if self.role == HOST and self.host is not None and len(self.host.remotes) < self.guests - len(self.left):
            return 2
        return 0

    def banner(self):
        """The link's words for the banner, or None."""
        key = self.banner_key()
        if key == 1:
            return "Link quiet: paused"
        if key == 2:
            return "Code %04d: waiting" % self.session
        return None

    # ---- the join page (a guest) -------------------------------------------------

    @property
    def joining(self):
        """A guest that has not been dealt its host's game yet (the join page is up)."""
        return self.role == GUEST and self.dealt is None

    def show_join_page(self):
        offer = self.guest.offer
        if offer is None:
            where = "at %s ..." % self.app.link_address if self.app.link_address else "..."
            texts = ("JOIN A LINKED GAME", "Looking for a host", where, "", "Any key: back")
        elif self.guest.rx.session:
            texts = ("JOIN A LINKED GAME", "Code %04d: joining ..." % offer[0], "", "Any key: back")
        else:
            title = games.TITLES[offer[1]] if offer[1] < len(games.NAMES) else "not in this version"
            texts = ("JOIN A LINKED GAME", "A host's code: %04d" % offer[0], "Game: %s" % title,
                     "The same code on", "the host's screen?", "Left: join", "Right: back")
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
        self.app.menu.show_page(None)

    # ---- inside ----------------------------------------------------------------

    def _left(self, now):
        """A guest whose host said BYE: one notice, and the menu; True when so."""
        if not self.guest.gone:
            return False
        self.app.notice("link: the host has left the game")
        self.app.back_to_menu()
        self.close()
        return True

    def _pause(self, now, paused):
        """Stop the game's clock while paused: play resumes where it stopped."""
        app = self.app
        if paused and self.paused_at is None:
            self.paused_at = now
        elif not paused and self.paused_at is not None:
            if self.role == HOST:
                app.t0 = ticks_add(app.t0, ticks_diff(now, self.paused_at))
            else:
                self.guest.clock.reset()  # the host's clock stood still: measure it again
            self.paused_at = None

    def _deal_if_welcomed(self, now):
        """A guest: deal the game of a new welcome; True when it did."""
        guest = self.guest
        if guest.welcome is None or guest.welcome == self.dealt:
            return False
        try:
            seed, name, _, options = read_welcome(guest.welcome)
        except ValueError:
            guest.welcome = self.dealt
            return False
        self.dealt = guest.welcome
        self.seat = guest.seat
        guest.restart()
        return self._deal(name, options, seed, now)

    def _deal(self, name, options, seed, now):
        """Deal the host's game here; one notice and the menu when this device cannot play it."""
        try:
            self.app.deal_linked(name, options, seed, now)
        except (TypeError, ValueError) as e:  # an option this version lacks, or a value it refuses
            self.app.notice("link: the host's game cannot be played here: %s" % e)
            self.app.back_to_menu()
            self.close()
            return False
        return True

    def _redeal(self, now):
        """A guest out of step: the same game dealt again, its log played from the start."""
        seed, name, _, options = read_welcome(self.dealt)
        self.guest.restart()
        self._deal(name, options, seed, now)
