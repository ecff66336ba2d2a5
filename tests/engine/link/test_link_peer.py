"""What a peer can do to a linked game (docs/link.md, "What a peer can do"), and what it cannot.

Issue 19: a hostile player's packets, built byte by byte with engine.link.wire.Packet
(tests/rawpeer.py), against a live host App and guest App on an in-memory link.
No packet from a peer crashes a host or a guest, a field is checked before it is
used, a cheat gains no more than docs/link.md says, and every way a game ends is
one notice and the menu.
"""

import json

import pytest

from conftest import kit, registered_games
from linkpair import cards_of as _cards_of
from rawpeer import FRAME_MS, Raw, Table, welcomed
from engine.link import wire as L

GAMES = registered_games()


# ---- 2: a verb the game lacks ---------------------------------------------------------------

def play_out(table, most_frames=40000):
    """Step table until its game is over (the CPU plays a seat whose guest left, D-1)."""
    from engine.actions import PH_OVER

    for _ in range(most_frames):
        table.frames(1)
        if table.app.game is not None and table.app.game.phase == PH_OVER and table.saved:
            return True
    return False


def lacked(game):
    """The verbs a game lacks: every action number (below 16) not among its file's VERBS, and 77, 200, 255."""
    from engine.replay import file_module

    verbs = file_module(game).VERBS
    return [v for v in range(16) if v not in verbs] + [77, 200, 255]


@pytest.mark.parametrize("game", GAMES)
def test_a_guests_action_with_a_verb_its_game_lacks_is_refused_and_the_replay_saved_loads(registered, game):
    """Verbs of no game, and another game's (flip, move, cover in Speed): refused; at the end the host saves a
    replay that loads and gives the host's state (before the mend: IndexError when saving, or a file that
    could not be loaded)."""
    from engine.replay import load, run, state

    verbs = lacked(game)
    table = Table(game, seed=7)
    peer = Raw(table)
    assert peer.sit() == 1
    table.frames(30)
    now = table.app.link.clock(table.now())
    peer.press(0, [(now + k, verb, 1, 1) for k, verb in enumerate(verbs)])
    table.frames(10)
    peer.send(L.K_BYE, 0, 0, bytes((peer.nonce & 0xFF, peer.nonce >> 8)))  # its seat goes to the CPU (D-1)
    assert play_out(table)
    doc = json.loads(json.dumps(table.saved[0]))
    again, events = load(doc)
    run(again, events)
    assert state(again) == state(table.app.game)
    table.close()


# ---- 6: a guest's stamps never go backwards --------------------------------------------------

class Sink:
    """A transport that keeps what is sent and has nothing to read."""

    def __init__(self):
        self.sent = []
        self.peer = 0

    def send(self, peer, buf, n):
        self.sent.append(bytes(buf[:n]))

    def recv_into(self, buf):
        return 0


def test_a_better_clock_sample_never_stamps_a_later_press_before_an_earlier_one():
    """Clock.sample switching to a smaller round trip steps the offset back 100 ms: the press after it keeps
    its place (before the mend it was stamped 1055 after 1100 and applied first)."""
    from engine.link.guest import Guest
    from engine.timing import Sequencer

    sink = Sink()
    guest = Guest(sink, 4321)
    guest.clock.sample(0, 1150, 100)  # round trip 100: offset 1100
    guest.add(guest.clock.host_ms(0), 1, 0, 0)
    guest.clock.sample(200, 1210, 220)  # round trip 20: offset 1000, 100 ms back
    guest.add(guest.clock.host_ms(55), 1, 1, 0)
    stamps = [L.get32(guest.out, L.PRESS_SIZE * k) for k in range(guest.no)]
    assert stamps == sorted(stamps) and stamps[0] == 1100
    seq = Sequencer(4, 2)
    for k, t in enumerate(stamps):
        seq.add(t, 1, 1, k, 0)
    seq.sort()
    assert [seq.a[i] for i in seq.order[:2]] == [0, 1]


def test_the_host_keeps_each_guests_actions_in_the_order_it_sent_them():
    """A guest (a hostile one too) whose stamps go backwards: the host never reorders its actions."""
    from engine.link.host import Host
    from engine.timing import Sequencer

    sink = Sink()
    host = Host(sink, 4321, 2, b"\x01\x00{}", guest_seats=range(1, 2))
    p = L.Packet(4321)
    buf = p.begin(L.K_HELLO, 0, 0)
    buf[L.HEADER] = buf[L.HEADER + 1] = 5

    class One(Sink):
        def __init__(self, data):
            super().__init__()
            self.data = [data]

        def recv_into(self, b):
            if not self.data:
                return 0
            d = self.data.pop()
            b[:len(d)] = d
            return len(d)

    host.link = One(bytes(p.buf[:p.finish(2)]))
    host.poll(1000)
    buf = p.begin(L.K_PRESS, 0, 0)
    for k, t in enumerate((900, 800, 850)):
        L.put32(buf, L.HEADER + 7 * k, t)
        buf[L.HEADER + 7 * k + 4] = 1
        buf[L.HEADER + 7 * k + 5] = k
    host.link = One(bytes(p.buf[:p.finish(21)]))
    host.poll(1000)
    seq = Sequencer(8, 2)
    host.due(2000, seq, 0)
    seq.sort()
    assert [seq.a[i] for i in seq.order[:3]] == [0, 1, 2]


# ---- 10: floods -------------------------------------------------------------------------------

def test_through_the_lossy_shim_a_seated_guest_keeps_its_number_under_a_flood_of_strangers():
    """tools/linkplay.py's shim passes keep() on (before the mend it had none, so the seated guest's number went
    to a stranger, who was sent the guest's log)."""
    import socket

    from engine.link.host import Host
    from link_shim import Lossy
    from desktop.link.udp import MOST_PEERS, UdpLink

    clock = [0]
    inner = UdpLink(0, bind="127.0.0.1")
    host = Host(Lossy(inner, lambda: clock[0], loss=0, jitter_ms=0, duplicate=0), 4321, 2, b"\x01\x00{}",
                guest_seats=range(1, 2))
    guest = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    guest.bind(("127.0.0.1", 0))
    guest.setblocking(False)
    p = L.Packet(4321)

    def hello(nonce):
        buf = p.begin(L.K_HELLO, 0, 0)
        buf[L.HEADER] = nonce & 0xFF
        buf[L.HEADER + 1] = nonce >> 8
        return bytes(buf[:p.finish(2)])

    def settle():
        for _ in range(20):
            clock[0] += 1
            host.poll(clock[0])

    guest.sendto(hello(9), ("127.0.0.1", inner.port))
    settle()
    assert [r.seat for r in host.remotes] == [1]
    strangers = [socket.socket(socket.AF_INET, socket.SOCK_DGRAM) for _ in range(3 * MOST_PEERS)]
    for s in strangers:
        s.bind(("127.0.0.1", 0))
        s.setblocking(False)
        s.sendto(hello(1), ("127.0.0.1", inner.port))
        settle()
    while True:  # what the guest was sent before
        try:
            guest.recv(300)
        except BlockingIOError:
            break
    host.send(clock[0] + 1000)  # a heartbeat to the seated guest: it must reach the guest, no one else
    got = []
    for s in strangers:
        try:
            got.append(s.recv(300))
        except BlockingIOError:
            pass
    assert all(g[3] in (L.K_OFFER, L.K_REFUSE) for g in got)  # strangers are offered the code or turned away
    assert guest.recv(300)[3] == L.K_LOG
    for s in strangers + [guest]:
        s.close()
    inner.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_flood_of_thousands_of_packets_a_second_does_not_drop_a_seated_guest(registered, game):
    """About 9,000 packets a second from strangers (300 a frame) into a host whose medium holds 2,000 waiting
    packets, as a socket's buffer does: the seated guest is still heard, so the game neither pauses for long
    nor gives its seat away (before the mend the host read 32 a frame, the buffer filled and the guest's own
    packets were lost)."""
    from rawpeer import guest_app

    table = Table(game, seed=3)
    table.medium.most = 2000
    side = guest_app(table, cpu="level7")
    table.frames(60, also=[side])
    assert side.app.link.seat == 1
    flood = Raw(table, nonce=5)
    junk = bytes(L.HEADER + L.TAIL + 4)
    paused = 0
    for frame in range(900):  # 30 s; the flood comes between the host's read and the guest's send
        table.frames(1)
        for k in range(300):
            flood.raw(junk)
        side.hal.advance(FRAME_MS)
        side.app.frame(side.hal.ticks_ms())
        paused += table.host.paused
    assert table.app.link.left == [] and [r.seat for r in table.host.remotes] == [1]
    assert paused < 100
    table.close()


# ---- 5: a guest learns a card only when its seat may see it ---------------------------------------

def _visible(game_name, seed, options, log, seats):
    """For each entry of the host's log, the cards each seat sees at some moment while a copy of the game with
    every card known applies that entry (after each report the engine makes): engine.<game>.file's seen_by, D-3."""
    from engine import games
    from engine.replay import file_module

    files = file_module(game_name)
    ref = games.get(game_name).new(seed, options)
    now = [set() for _ in range(seats)]

    def snap():
        for q in range(seats):
            now[q].update(files.seen_by(ref, q))

    add = ref.reports.add

    def report(*args):
        add(*args)
        snap()

    ref.reports.add = report
    during = {}
    for e, (t, p, verb, a, b) in enumerate(log):
        if verb in (L.SHOWN, L.TOLD):
            continue
        for s in now:
            s.clear()
        if verb == L.CLOCK:
            ref.advance(t)
        elif verb != L.DEAL:
            assert ref.apply(t, p, verb, a, b) == 0, (e, p, verb, a, b)  # the log holds what its engine accepted
        snap()
        during[e] = [set(s) for s in now]
    return during, ref


@pytest.mark.parametrize("game, options, guests", [(game, {}, 1) for game in GAMES] + [
    (game, options, guests) for game in GAMES for options, guests in kit(game).LINK_SEEN])
def test_every_packet_a_guest_is_sent_holds_no_card_its_seat_may_not_see(registered, game, options, guests):
    """Each packet every guest received in a whole game, decoded: the WELCOME has no seed; cards travel only in
    SHOWN entries, each one a card that its seat sees while the entry after it is applied (the centre piles, a
    Spit stock's face-up top, California's rows, its own Speed hand: engine.<game>.file.seen_by), and another
    seat's are sent as 0. The guest's own copy holds no card it was not shown; yet it shows its table and ends in
    the host's state (before the mend the WELCOME's seed let a guest deal every hand itself)."""
    from linkpair import Devices, same_game

    devices = Devices(game, options, seed=11, guests=guests)
    assert devices.run(), [a.game.phase for a in devices.apps]
    host_app = devices.apps[0]
    host = devices.links[0].host
    assert host.base == 0
    log = host.entries()
    during, ref = _visible(game, host_app.game_seed, host_app.options(), log, guests + 1)
    principal = {}  # each SHOWN entry's entry: the next that is no SHOWN or TOLD
    nxt = None
    for e in range(len(log) - 1, -1, -1):
        if log[e][2] not in (L.SHOWN, L.TOLD):
            nxt = e
        principal[e] = nxt
    checked = blanked = 0
    for k in range(1, guests + 1):
        app = devices.apps[k]
        seat = devices.links[k].seat
        assert same_game(host_app.game, app.game)
        shown = set()
        p = L.Packet(4321)
        for data in devices.taps[k].got:
            kind = p.decode(bytearray(data), len(data))
            assert kind, "a packet the guest's own decoder drops"
            payload = bytes(p.buf[L.HEADER:L.HEADER + p.size])
            if kind == L.K_WELCOME:
                assert payload[0] == seat and len(payload) == 5 + len(json.dumps(host_app.options()))
                assert json.loads(payload[5:]) == host_app.options()  # game, number, options: no seed
            elif kind == L.K_LOG:
                for i in range(p.size // 8):
                    e = p.seq + i
                    entry = payload[8 * i:8 * i + 8]
                    t, who, verb, a, b = L.get32(entry, 0), entry[4], entry[5], entry[6], entry[7]
                    cards = [c for c in entry[:4] + entry[6:] if c]
                    assert (who, verb) == log[e][1:3]
                    if verb != L.SHOWN:
                        assert (t, who, verb, a, b) == log[e]
                        continue
                    if who != L.EVERYONE and who != seat:
                        assert cards == []  # another seat's cards: blanked
                        blanked += 1
                        continue
                    for c in cards:
                        assert c in during[principal[e]][seat], (e, c, log[principal[e]])
                        shown.add(c)
                        checked += 1
        assert set(_cards_of(app.game)) - {L.UNKNOWN} <= shown  # its copy knows only what it was shown
    assert checked > 20
    private = any(e[2] == L.SHOWN and e[1] != L.EVERYONE for e in log)  # a Speed hand's cards
    assert blanked > 0 or not private  # ... went to the others as 0
    devices.close()


# ---- 3, 13: everything a host sends is checked ------------------------------------------------------

def _joined(game, seed=3, frames=80):
    """A host Table and a guest App (its CPU plays seat 1), joined and dealt."""
    from rawpeer import guest_app

    table = Table(game, seed=seed)
    side = guest_app(table, cpu="level6")
    table.frames(frames, also=[side])
    assert side.app.game is not None and side.app.link.dealt
    return table, side


def _spoof_log(table, side, entries, seq=None):
    """One LOG packet from the host's own end to the guest (a spoofed source), entries of (t, seat, verb, a, b)."""
    guest = side.app.link.guest
    p = L.Packet(table.app.link.session)
    buf = p.begin(L.K_LOG, guest.next if seq is None else seq, guest.sent + guest.no)
    for k, (t, seat, verb, a, b) in enumerate(entries):
        L.put32(buf, L.HEADER + 8 * k, t)
        buf[L.HEADER + 8 * k + 4:L.HEADER + 8 * k + 8] = bytes((seat, verb, a, b))
    n = p.finish(8 * len(entries))
    table.end.send(table.end.peers.index(side.end), p.buf, n)


LACKS = 16  # in an entry below: the first action number the game lacks (lacked(game))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("entries", [
    [(100, 7, 1, 0, 0)],  # a seat the game lacks (before the mend: IndexError in the guest's shake)
    [(100, 200, 1, 0, 0)],
    [(100, 1, 9, 0, 0)],  # a verb no game has
    [(100, 1, LACKS, 0, 0)],  # a verb this game lacks (another game's: Spit's flip in Speed)
    [(0, 1, 1, 9, 9)],  # an action its engine refuses
    [(0xEE, 255, L.SHOWN, 0xEE, 0), (100, 0, 1, 0, 0)],  # a card that is no card
    [(0, 9, L.TOLD, 0, 0), (100, 0, 1, 0, 0)],  # nine decisions: no entry has more than eight
    [(0, 255, L.DEAL, 0, 0)],  # a second deal
    [(0x12121212, 255, L.SHOWN, 0x12, 0x12)] * 10,  # cards no action asks for
])
def test_a_bad_log_entry_is_dropped_and_the_guest_catches_up(registered, game, entries):
    """A spoofed LOG entry the guest cannot follow: dropped, the log played again from its start; the guest
    ends in the host's state (D-1: the host's CPU and the guest's play on)."""
    from linkpair import same_game

    entries = [(t, seat, lacked(game)[0] if verb == LACKS else verb, a, b) for t, seat, verb, a, b in entries]
    table, side = _joined(game)
    before = side.app.link.restarts
    _spoof_log(table, side, entries)
    for _ in range(900):  # found at once, or (cards no one asked for, taking the places of the host's own
        table.frames(1, also=[side])  # entries) by the next digest of a state past them
        if side.app.link.restarts > before:
            break
    assert side.app.link.restarts == before + 1 and side.told == []
    for _ in range(20000):
        table.frames(1, also=[side])
        if table.app.game.phase == 4 and side.app.game.phase == 4 and side.app.link.guest.next == table.host.n:
            break
    assert same_game(table.app.game, side.app.game)
    table.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_host_that_keeps_sending_what_cannot_be_followed_is_one_notice_and_the_menu(registered, game):
    from ui.app import MENU

    table, side = _joined(game)
    for _ in range(6):
        for seq in (None, 0):
            if side.app.link is not None:
                _spoof_log(table, side, [(100, 7, 1, 0, 0)], seq=seq)
                table.frames(3, also=[side])
    assert side.app.link is None and side.app.screen == MENU
    assert side.told == ["link: this device could not follow the host's game"]
    table.close()


def wrong_values(game):
    """(options, words) of a WELCOME the game's options cannot take: each option with a value of another type
    than its menu values', a word not among them, a number below 1 (call_ms "soon" and 0, jokers 1, ending
    "never")."""
    from engine import games

    out = []
    for key, _, values, _ in games.get(game).OPTIONS:
        wrong = ["soon"] if type(values[0]) is not str else [12345, "never"]
        if type(values[0]) is bool:
            wrong.append(1)
        elif type(values[0]) is int:
            wrong.append(0)
        out += [({key: value}, "option %s: %s" % (key, json.dumps(value))) for value in wrong]
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("welcome, words", [
    (b"\xc8\x01{}", "a game this version does not have (number 200)"),
    (b"{not json", "its options are not JSON"),
    (b"[1, 2]", "its options are not JSON's object"),
    (b"\xff\xfe", "its options are not JSON"),
    (None, "option"),  # each of the game's options with a value it cannot take (wrong_values)
    (b"", "not a welcome"),
])
def test_a_welcome_this_version_cannot_read_is_one_notice_and_the_menu(registered, game, welcome, words):
    """A game index of 200, options that are not JSON, values the options cannot take (call_ms "soon" was
    dealt, and its engine would have raised TypeError when a seat went out): one line, the menu (before the
    mend the guest stayed on "joining", saying nothing)."""
    from ui.app import MENU

    head = bytes((registered.NAMES.index(game), 1))
    if welcome is None:
        cases = [(head + json.dumps(options).encode(), said) for options, said in wrong_values(game)]
    elif welcome[:1] == b"\xc8":
        cases = [(welcome, words)]
    else:
        cases = [((head + welcome)[:2 if not welcome else None], words)]
    assert cases
    for data, said in cases:
        side = welcomed(data, game)
        assert side.app.link is None and side.app.screen == MENU and side.app.game is None
        assert len(side.told) == 1 and side.told[0].startswith("link: the host's game cannot be played here: ")
        assert said in side.told[0], (data, side.told)


# ---- 14: a BYE needs the guest's nonce ------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_spoofed_bye_does_not_end_a_guests_game(registered, game):
    """A BYE in the session from the host's address, but without the guest's nonce (or with the wrong count of
    its actions): dropped, the game goes on; the host's own BYE ends it with one notice."""
    table, side = _joined(game)
    guest = side.app.link.guest
    p = L.Packet(table.app.link.session)
    to = table.end.peers.index(side.end)
    for nonce, ack in ((0, guest.sent), (guest.nonce ^ 1, guest.sent), (guest.nonce, guest.sent + guest.no + 5)):
        buf = p.begin(L.K_BYE, 0, ack)
        buf[L.HEADER] = nonce & 0xFF
        buf[L.HEADER + 1] = nonce >> 8
        table.end.send(to, p.buf, p.finish(2))
        table.frames(2, also=[side])
        assert side.app.link is not None and not guest.gone
    assert side.told == []
    table.host.bye()
    table.frames(2, also=[side])
    assert side.app.link is None and side.told == ["link: the host has left the game"]
    table.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_bye_without_its_guests_nonce_does_not_take_a_seat_away(registered, game):
    table, side = _joined(game)
    guest = side.app.link.guest
    p = L.Packet(table.app.link.session)
    buf = p.begin(L.K_BYE, 0, 0)
    buf[L.HEADER] = (guest.nonce ^ 0x55) & 0xFF
    buf[L.HEADER + 1] = guest.nonce >> 8
    side.end.send(0, p.buf, p.finish(2))  # from the guest's own address
    table.frames(2, also=[side])
    assert [r.seat for r in table.host.remotes] == [1] and table.app.link.left == []
    table.close()


# ---- 7: a host that vanishes --------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_host_that_vanishes_without_a_bye_sends_its_guests_to_the_menu(registered, game):
    """No BYE, no packet at all: after GONE_MS the guest says the host has left and shows the menu (before the
    mend it stayed paused for ever, with no key to leave)."""
    from engine.link.guest import GONE_MS
    from engine.link.host import BEAT_MS
    from ui.app import MENU

    table, side = _joined(game)
    table.medium.cut = True  # the host is gone: nothing comes any more (its last heartbeat up to BEAT_MS before)
    for _ in range((GONE_MS - BEAT_MS) // FRAME_MS - 1):
        side.hal.advance(FRAME_MS)
        side.app.frame(side.hal.ticks_ms())
    assert side.app.link is not None and side.app.link.paused  # quiet: paused first
    for _ in range(10 + BEAT_MS // FRAME_MS):
        side.hal.advance(FRAME_MS)
        side.app.frame(side.hal.ticks_ms())
    assert side.app.link is None and side.app.screen == MENU
    assert side.told == ["link: the host has left the game"]
    table.close()


# ---- 8: a guest that restarts gets its seat back; the loser of a race is told the game is full -----------

def _play_to_end(table, sides, most=20000):
    for _ in range(most):
        table.frames(1, also=sides)
        if table.app.game.phase == 4 and all(s.app.game is not None and s.app.game.phase == 4
                                             and s.app.link.guest.next == table.host.n for s in sides):
            return True
    return False


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("away_s", [3, 12])
def test_a_guest_that_restarts_from_another_port_gets_its_seat_back_and_is_caught_up(registered, game, away_s):
    """The guest's device restarts: a new address, a new nonce. Its HELLO takes the seat of the quiet guest it
    was (3 s away), or the seat the CPU has played since that guest left (12 s: D-1, then the CPU stops); the
    log from its start catches it up (before the mend it was a stranger, and the seat never came free)."""
    from linkpair import same_game
    from rawpeer import guest_app

    table, side = _joined(game)
    side.end.closed = True  # the old device: gone without a word
    for _ in range(away_s * 1000 // FRAME_MS):
        table.frames(1)
    assert (1 in table.app.link.left) == (away_s > 10)
    again = guest_app(table, nonce=4242, cpu="level6")
    table.frames(60, also=[again])
    assert again.app.link.seat == 1 and again.app.link.dealt
    assert table.app.link.left == [] and table.app.cpus[1] is None  # the CPU let the seat go
    assert _play_to_end(table, [again])
    assert same_game(table.app.game, again.app.game) and again.told == []
    table.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_guest_that_loses_the_race_for_the_last_seat_is_told_the_game_is_full(registered, game):
    """Two guests, one seat: the second is told every seat is taken (before the mend its page said no host
    answered, though the host had)."""
    from rawpeer import guest_app

    table = Table(game)
    first = guest_app(table, nonce=1, cpu="level5")
    table.frames(30, also=[first])
    second = guest_app(table, nonce=2)
    second.app.link.show_join_page()
    table.frames(200, also=[first, second])  # past NO_ANSWER_MS
    assert first.app.link.seat == 1 and second.app.link.seat == -1
    assert "has no free seat." in second.app.menu.page_lines()
    assert "No host answers" not in second.app.menu.page_lines()
    table.close()


# ---- 9: the host's log is bounded ------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_guest_pressing_what_is_refused_for_eight_minutes_adds_nothing_to_the_log(registered, game):
    """40 refused actions a second for 8 minutes (a slot no game has): the log holds what the engine accepted,
    never one of them, in its 8 KB (before the mend each was logged: 256 KB after 8 minutes)."""
    from engine.link.log import LOG_MOST

    table = Table(game, seed=2)
    peer = Raw(table)
    assert peer.sit() == 1
    sent = 0
    for frame in range(8 * 60 * 1000 // FRAME_MS):
        now = table.app.link.clock(table.now())
        actions = [(now, 1, 9, 0)] * (2 if frame % 3 else 1)  # 40 a second
        peer.press(sent, actions)
        sent += len(actions)
        table.frames(1)
    host = table.host
    assert host.remotes and host.remotes[0].got == sent  # every one taken (and acknowledged) ...
    assert not any(e[1] == 1 and e[2] < 16 for e in host.entries())  # ... refused, and not logged
    assert host.n < 200 and len(host.log) == 8 * LOG_MOST
    table.close()


@pytest.mark.parametrize("game", GAMES)
def test_past_its_size_the_log_lets_go_of_what_every_guest_has_and_a_late_comer_is_told_so(registered, monkeypatch,
                                                                                            game):
    """A log of a few entries (LOG_MOST made small: the kit's LINK_LOG, a third of a seeded game or less): a whole
    game plays on through it, the guest caught up all the while; a guest that restarts after the log's start is
    gone cannot be caught up: one notice and the menu (its seat stays the CPU's)."""
    from engine.link import log as link_log
    from linkpair import same_game
    from rawpeer import guest_app
    from ui.app import MENU

    most = kit(game).LINK_LOG
    monkeypatch.setattr(link_log, "LOG_MOST", most)
    table, side = _joined(game, frames=10)
    assert _play_to_end(table, [side])
    host = table.host
    assert host.n > 3 * most and host.base > 0 and len(host.log) == 8 * most
    assert same_game(table.app.game, side.app.game)
    side.end.closed = True
    for _ in range(12000 // FRAME_MS):
        table.frames(1)
    late = guest_app(table, nonce=999)
    table.frames(30, also=[late])
    assert late.app.link is None and late.app.screen == MENU
    assert late.told == ["link: the host's game has gone too far to catch this device up"]
    table.close()


# ---- 4: an early stamp gains at most what the link's round trip allows ------------------------------

@pytest.mark.parametrize("stall_ms", [0, 300])
def test_a_guest_that_stamps_its_presses_early_gains_at_most_20_ms_on_the_test_link(stall_ms):
    """linkfair's link (each leg 20 ms plus 0-20 ms): a guest whose presses go out at once stamped 0 has each
    ordered at most 20 ms before it was made, also when it holds back its answers to the host's clock to make the
    link look longer (the host honours a stamp back to the press's arrival less the guest's smallest round trip,
    at most EARLY_MOST = 40 ms); before the mend a stamp of 0 was taken as it was."""
    from engine.link.guest import Guest
    from engine.link.host import Host
    from link_memory import Medium, MemoryLink
    from link_shim import Lossy

    clock = [0]
    medium = Medium()
    host_end = MemoryLink(medium)
    guest_end = MemoryLink(medium, to=host_end)
    shims = [Lossy(e, lambda: clock[0], loss=0, jitter_ms=20, duplicate=0, delay_ms=20, seed=k + 4)
             for k, e in enumerate((host_end, guest_end))]
    host = Host(shims[0], 4321, 2, b"\x00\x01{}", guest_seats=range(1, 2), press_rate=0)
    guest = Guest(shims[1], 4321, nonce=8)
    p = L.Packet(4321)
    most = 0
    made = None
    seen_t2 = 0
    for ms in range(60000):
        clock[0] = ms
        host.poll(ms)
        if host.np:
            most = max(most, made - L.get32(host.pending, 0))
            host.np = 0
        if guest.pong_t2 != seen_t2:
            seen_t2 = guest.pong_t2
            guest.pong_ms += stall_ms  # says it held the answer stall_ms less than it did: a longer round trip
        guest.poll(ms)
        host.send(ms)
        if guest.seat == 1 and ms > 5000 and ms % 97 == 0:  # a cheat's press: sent at once, stamped 0
            made = ms
            buf = p.begin(L.K_PRESS, guest.sent + guest.no, guest.next)
            buf[L.HEADER:L.HEADER + 7] = bytes((0, 0, 0, 0, 1, 0, 0))
            shims[1].send(0, p.buf, p.finish(7))
            guest.no += 1  # numbered as the guest's own (the host acknowledges it)
    assert host.remotes[0].rtt >= 40 + stall_ms and host.remotes[0].got > 500
    assert 0 < most <= 20, most


@pytest.mark.parametrize("game", GAMES)
def test_a_guest_saves_no_replay_of_a_game_whose_seed_it_never_had(registered, game):
    """The host saves the linked game's replay (its seed, every action); a guest, knowing no seed, saves none
    (a replay of its copy would deal another game)."""
    from rawpeer import guest_app

    table = Table(game, seed=8)
    side = guest_app(table, cpu="level6")
    kept = []
    side.app.on_game_over = kept.append
    assert _play_to_end(table, [side])
    assert table.saved and kept == []
    table.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_seated_guest_out_of_step_after_the_logs_start_is_gone_is_told_so_at_once(registered, monkeypatch, game):
    """A desync late in a long game: the log from its start is no longer held, so the host lets the guest go;
    the guest says so at once and shows the menu (before the mend a seated guest ignored the host's REFUSE and
    said, 10 s later, that the host had left)."""
    from engine.link import log as link_log
    from ui.app import MENU

    monkeypatch.setattr(link_log, "LOG_MOST", kit(game).LINK_LOG)
    table, side = _joined(game, frames=10)
    for _ in range(4000):
        table.frames(1, also=[side])
        if table.host.base > 0:
            break
    assert table.host.base > 0
    side.app.link.guest.desynced = True  # as a digest that differs would
    side.app.link._take(side.hal.ticks_ms())
    table.frames(5, also=[side])
    assert side.app.link is None and side.app.screen == MENU
    assert side.told == ["link: the host's game has gone too far to catch this device up"]
    assert 1 in table.app.link.left  # its seat is the CPU's
    table.close()
