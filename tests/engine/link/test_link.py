"""Link play (docs/link.md): the wire format, the clock, and two devices playing every game to one end.

The two devices are two Apps with no screens in this process, joined by an
in-memory link through the lossy shim (tests/linkpair.py): packets dropped,
duplicated, reordered and delayed. Both must end in the same state, the one
the host's replay reaches (C-5), through a quiet link, a guest that leaves
(D-1) and a guest whose game has gone out of step. tests/tools/test_linkplay.py
plays the same over real UDP between two processes.
"""

import json

import pytest

from conftest import kit, registered_games
from linkpair import Pair, same_game
from engine.link import wire as L
from engine.digest import digest
from engine.link.guest import Guest
from engine.link.host import GONE_MS, Host, Recorder as Shown
from engine.replay import load, run, state
from engine.rng import Rng
from ui.app import FRAME_MS


def replayed_state(doc):
    again, events = load(json.loads(json.dumps(doc)))
    run(again, events)
    return state(again)


# ---- the wire format ---------------------------------------------------------------------------

def test_crc16_is_ccitt_false():
    assert L.crc16(b"123456789", 9) == 0x29B1
    rng = Rng(5)
    for n in range(0, 300, 7):  # the nibble table's steps agree with the polynomial, bit by bit
        buf = bytes(rng.below(256) for _ in range(n))
        crc = 0xFFFF
        for byte in buf:
            crc ^= byte << 8
            for _ in range(8):
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        assert L.crc16(buf, n) == crc, n


def test_a_message_round_trips_and_a_wrong_one_is_dropped():
    """Magic, version, session, kind, size and checksum: anything wrong is 0 and changes nothing."""
    out = L.Packet(1234)
    buf = out.begin(L.K_LOG, 70000, 12, L.F_PAUSED)
    for k in range(16):
        buf[L.HEADER + k] = k
    n = out.finish(16)
    inn = L.Packet(1234)
    assert inn.decode(out.buf, n) == L.K_LOG
    assert (inn.seq, inn.ack, inn.flags, inn.size) == (70000, 12, L.F_PAUSED, 16)
    before = (inn.kind, inn.seq, inn.ack, bytes(inn.buf))
    for spoil in (lambda b: b.__setitem__(0, 0x54), lambda b: b.__setitem__(2, L.VERSION + 1),
                  lambda b: b.__setitem__(L.HEADER + 3, 99)):
        bad = bytearray(out.buf[:n])
        spoil(bad)
        assert inn.decode(bad, n) == 0
    assert L.Packet(1235).decode(out.buf, n) == 0  # another session's
    assert inn.decode(out.buf, n - 1) == 0 and inn.decode(out.buf, 3) == 0
    assert (inn.kind, inn.seq, inn.ack, bytes(inn.buf)) == before
    buf = out.begin(L.K_LOG, 0, 0)
    assert inn.decode(out.buf, out.finish(5)) == 0  # a LOG is whole entries of 8 bytes


def test_discovery_is_heard_in_session_0_only_for_hello_and_offer():
    """Pairing: a HELLO in session 0 asks who hosts; the OFFER says the code; nothing else crosses."""
    out = L.Packet(0)
    buf = out.begin(L.K_HELLO, 0, 0)
    buf[L.HEADER] = buf[L.HEADER + 1] = 1
    n = out.finish(2)
    host = L.Packet(4321)
    assert host.decode(out.buf, n) == L.K_HELLO and host.from_session == 0
    out.begin(L.K_PING, 0, 0)
    assert host.decode(out.buf, out.finish(4)) == 0


def test_the_clock_keeps_the_sample_with_the_smallest_round_trip():
    """NTP-style: offset from the ping with the smallest round trip among the last ones kept."""
    c = L.Clock(keep=4)
    c.sample(1000, 5040, 1100)  # rtt 100: offset 5040 - 1050 = 3990
    c.sample(2000, 6001, 2002)  # rtt 2: offset 6001 - 2001 = 4000
    c.sample(3000, 7100, 3300)  # rtt 300
    assert c.rtt == 2 and c.offset == 4000 and c.host_ms(10) == 4010
    for t in (4000, 5000, 6000, 7000):  # the rtt-2 sample ages out
        c.sample(t, t + 4010 + 10, t + 20)
    assert c.rtt == 20 and c.offset == 4010


class Recorder:
    """A transport whose packets are fed in by the test; it sends nowhere."""

    def __init__(self):
        self.packets = []
        self.peer = 0
        self.sent = 0

    def send(self, peer, buf, n):
        self.sent += 1

    def recv_into(self, buf):
        if not self.packets:
            return 0
        data = self.packets.pop()
        buf[:len(data)] = data
        return len(data)


def _snapshot(host, guest):
    return (host.np, bytes(host.pending), host.n, [(r.seat, r.acked, r.got) for r in host.remotes], host.paused,
            guest.seat, guest.next, guest.ni, guest.no, guest.welcome, guest.clock.offset, guest.paused)


def test_fuzz_100000_random_and_mutated_packets_no_exception_nothing_changes():
    """Random bytes, and real messages of every kind mutated, of other sessions and versions: all dropped."""
    rng = Rng(2026)
    valid = []
    p = L.Packet(4321)
    for kind, size in ((L.K_HELLO, 2), (L.K_WELCOME, 12), (L.K_PING, 10), (L.K_PONG, 8), (L.K_PRESS, 14),
                       (L.K_LOG, 24), (L.K_DIGEST, 4), (L.K_BYE, 2), (L.K_OFFER, 4), (L.K_REFUSE, 3)):
        buf = p.begin(kind, 1, 1)
        for k in range(size):
            buf[L.HEADER + k] = rng.below(256)
        valid.append(bytes(buf[:p.finish(size)]))
    host_link, guest_link = Recorder(), Recorder()
    host = Host(host_link, 4321, 2, b"\x00\x01{}", guest_seats=range(1, 2))
    guest = Guest(guest_link, 4321)
    host.poll(0)
    guest.poll(0)
    before = _snapshot(host, guest)
    empty = 0
    for i in range(100000):
        kind = i % 4
        if kind == 0:  # random bytes of any length
            data = bytearray(rng.below(L.MTU + 1))
            for k in range(len(data)):
                data[k] = rng.below(256)
            if len(data) > 3 and rng.below(2):
                data[0], data[1], data[2] = 0x53, 0x50, L.VERSION  # past the first checks
        else:  # a real message, one to four bytes changed, or another session's or version's
            data = bytearray(valid[rng.below(len(valid))])
            if kind == 3:
                data[4 if rng.below(2) else 2] ^= 1 + rng.below(255)
            else:  # distinct places, each changed: never the message itself again
                places = []
                while len(places) < 1 + rng.below(4):
                    k = rng.below(len(data))
                    if k not in places:
                        places.append(k)
                for k in places:
                    data[k] ^= 1 + rng.below(255)
        empty += not data  # an empty packet is no packet: not even dropped
        host_link.packets.append(bytes(data))
        guest_link.packets.append(bytes(data))
        host.poll(i // 100)
        guest.poll(i // 100 if i // 100 < 1000 else 0)
    after = _snapshot(host, guest)
    assert after == before
    assert guest.dropped == 100000 - empty
    assert host.dropped + host_link.sent == 100000 - empty  # a HELLO of session 0 (who hosts?) is answered with an OFFER


# ---- two devices -----------------------------------------------------------------------------

@pytest.mark.parametrize("game", registered_games())
def test_two_devices_over_a_lossy_link_end_in_one_state_the_replay_gives(registered, game):
    """10% loss, duplicates and 0-80 ms of jitter both ways (each linked game, with its kit's options): the same
    final state on both, and the host's replay (C-5) reaches it; each screen hides the other seat's Speed hand
    (D-3: the kit's checks)."""
    pair = Pair(game, kit(game).LINK_OPTIONS, seed=5)
    assert pair.run(), "not over: %s" % [a.game.phase if a.game else None for a in pair.apps]
    host_game, guest_game = pair.apps[0].game, pair.apps[1].game
    assert same_game(host_game, guest_game)
    assert pair.saved and replayed_state(pair.saved[0]) == state(host_game)
    assert pair.shims[0].lost and pair.shims[1].lost and pair.shims[0].doubled  # the shim did its work
    assert pair.links[1].guest.checked >= 3  # the guest compared the host's digests along the way
    assert pair.links[1].restarts == 0  # loss, duplicates and reordering never put it out of step
    kit(game).linked(pair)


@pytest.mark.parametrize("game", registered_games())
def test_a_quiet_link_pauses_both_screens_and_play_resumes_where_it_stopped(registered, game):
    """Faults: 3 s without a packet pauses the game with a banner on both; it resumes, nothing lost."""
    pair = Pair(game, seed=8)
    assert pair.run(until=lambda p: p.apps[1].game is not None and p.links[1].guest.next > 20)
    pair.medium.cut = True
    banners = []
    for _ in range(3000 // FRAME_MS):
        pair.step()
        banners = [a.table.banner.value for a in pair.apps]
    assert banners == ["Link quiet: paused", "Link quiet: paused"]
    moves = pair.links[0].host.n
    for _ in range(10):
        pair.step()
    assert pair.links[0].host.n == moves  # nothing is played while paused
    pair.medium.cut = False
    assert pair.run()
    assert same_game(pair.apps[0].game, pair.apps[1].game)
    assert replayed_state(pair.saved[0]) == state(pair.apps[0].game)


@pytest.mark.parametrize("game", registered_games())
def test_a_guest_that_leaves_for_good_gives_its_seat_to_the_cpu(registered, game):
    """D-1: a guest gone for GONE_MS: the host's CPU plays its seat to the end."""
    pair = Pair(game, seed=6)
    assert pair.run(until=lambda p: p.apps[1].game is not None and p.links[1].guest.next > 10)
    pair.running[1] = False
    assert pair.run(until=lambda p: p.over(0), limit_ms=(GONE_MS + 600000))
    assert 1 in pair.links[0].left and pair.apps[0].cpus[1] is not None
    assert replayed_state(pair.saved[0]) == state(pair.apps[0].game)


def spoil(game):
    """Change the top card of the first face-up pile holding one (a pile of the game's PUBLIC attributes, which
    every seat sees: engine.digest) to another suit of the same rank, behind the game's back; True if one was."""
    def piles(v):
        if isinstance(v, (tuple, list)):
            for x in v:
                yield from piles(x)
        elif hasattr(v, "buf") and hasattr(v, "n"):
            yield v

    for name in game.PUBLIC:
        for pile in piles(getattr(game, name)):
            if pile.n and pile.buf[pile.n - 1] >> 4 < 4:  # a card of a suit (no joker)
                pile.buf[pile.n - 1] ^= 0x30  # another suit: the same rank, so nothing else notices
                return True
    return False


@pytest.mark.parametrize("game", registered_games())
def test_a_guest_out_of_step_is_found_by_the_digest_and_catches_up_from_the_log(registered, game):
    """A desync (here: a card of the guest's copy changed behind its back) is caught by a digest; the guest
    deals again and plays the host's log from its start."""
    pair = Pair(game, seed=9)
    assert pair.run(until=lambda p: p.apps[1].game is not None and p.links[1].guest.next > 15
                    and spoil(p.apps[1].game))
    redealt = []
    old = pair.apps[1].game
    assert pair.run(until=lambda p: p.apps[1].game is not old)
    redealt.append(pair.apps[1].game)
    assert pair.run()
    assert same_game(pair.apps[0].game, pair.apps[1].game)


@pytest.mark.parametrize("game", registered_games())
def test_two_menus_host_and_join_with_the_code_shown_on_both(registered, game):
    """From the menu: one device hosts (its banner shows the code), the other's join page offers that code and
    joins with LEFT; both reach the table of the host's game, and presses on each play their own seat."""
    from desktop import headless
    from link_memory import Medium, MemoryLink
    from ui.app import App, TABLE
    from uitools import LEFT, RIGHT, UP, step, tap

    medium = Medium()
    host_end = MemoryLink(medium)
    hals = [headless.Hal(160, 128, screen=False, start_ms=1000) for _ in range(2)]
    hals[0].open_link = lambda join=None: host_end
    hals[1].open_link = lambda join=None: MemoryLink(medium, to=host_end)
    apps = [App(h, settings={"game": game}, seed=5) for h in hals]

    def frames(n):
        for _ in range(n):
            for app, h in zip(apps, hals):
                step(h, app)

    for k, mode in ((0, "host"), (1, "join")):
        app, h = apps[k], hals[k]
        assert any(item[0] == "link" for item in app.menu.items)
        while app.menu.items[app.menu.selected][0] != "link":
            tap(h, 0, UP)
            step(h, app)
        while app.settings["link"] != mode:
            tap(h, 0, RIGHT)
            step(h, app)
        while app.menu.items[app.menu.selected][0] != "start":
            tap(h, 0, UP)
            step(h, app)
        tap(h, 0, LEFT)
        step(h, app)
    assert apps[0].screen == TABLE and apps[1].screen != TABLE
    code = apps[0].link.session
    assert apps[0].table.banner.value == "Code %04d: waiting" % code
    frames(20)
    assert apps[1].link.guest.offer is not None and apps[1].link.guest.offer[0] == code
    tap(hals[1], 0, LEFT)  # the same code as on the host's screen: join
    frames(30)
    assert apps[1].screen == TABLE and apps[1].game.name == game and apps[1].link.seat == 1
    assert apps[0].table.banner.value != "Code %04d: waiting" % code
    for k in (0, 1):  # each device's LEFT plays its own seat (D-2): ready, or a card
        tap(hals[k], 0, LEFT)
    frames(30)
    assert {e[1] for e in apps[0].link.host.entries() if e[2] < 16} == {0, 1}  # an action of each seat, logged
    assert same_game(apps[0].game, apps[1].game)
    for h in hals:
        h.deinit()


@pytest.mark.parametrize("game", registered_games())
@pytest.mark.parametrize("mode", ["host", "join"])
def test_a_link_that_will_not_open_is_one_notice_and_the_menu_stays(registered, mode, game):
    """A port taken, no network, no such pins: one line, no traceback, nothing dealt, the menu as it was."""
    from desktop import headless
    from ui.app import App, MENU

    h = headless.Hal(160, 128, screen=False)
    told = []
    h.notice = told.append

    def refuse(join=None):
        raise OSError(98, "Address already in use")

    h.open_link = refuse
    app = App(h, settings={"game": game}, seed=1)
    app.settings["link"] = mode
    app.start_game(h.ticks_ms())
    assert app.screen == MENU and app.game is None and app.link is None
    assert told == ["link: Address already in use"]


def test_a_flood_of_packets_cannot_hold_up_a_frame():
    """A poll takes at most DRAIN_MOST packets and decodes READ_MOST of senders with no seat: the rest wait for
    the next frame, so the frame loop goes on."""
    link = Recorder()
    host = Host(link, 4321, 2, b"\x00\x01{}", guest_seats=range(1, 2))
    link.packets = [b"SP\x02\x01\x00\x00" + bytes(20)] * 10000
    decoded = []
    decode = host.rx.decode
    host.rx.decode = lambda buf, n: decoded.append(n) or decode(buf, n)
    host.poll(0)
    assert len(link.packets) == 10000 - L.DRAIN_MOST and host.dropped == L.DRAIN_MOST
    assert len(decoded) == L.READ_MOST


def _guest_of(welcome_options, game_index):
    """A guest App whose host (a bare engine Host in memory) welcomes it to the game of that index in
    engine.games.NAMES with these raw options."""
    from desktop import headless
    from link_memory import Medium, MemoryLink
    from ui.app import App
    from ui.linked import GUEST, Linked

    medium = Medium()
    host_end = MemoryLink(medium)
    h = headless.Hal(160, 128, screen=False)
    told = []
    h.notice = told.append
    app = App(h, settings={}, seed=1)
    app.link = Linked(app, GUEST, MemoryLink(medium, to=host_end), 4321, nonce=3)
    welcome = bytes((game_index, 1)) + welcome_options
    host = Host(host_end, 4321, 2, welcome, guest_seats=range(1, 2))
    host.record(0, L.EVERYONE, L.DEAL, 0, 0, Shown())  # a deal that shows no card: the guest deals its copy
    for _ in range(20):
        h.advance(FRAME_MS)
        app.frame(h.ticks_ms())
        host.poll(h.ticks_ms())
        host.send(h.ticks_ms())
    return app, told


def _unplayable(game):
    """Welcome options a game cannot be played with: an option no game has, the seed (never sent), and each of
    its options with a value of another type (its menu values' type)."""
    from engine import games

    out = [{"nosuch": 1}, {"seed": 3}]
    for key, _, values, _ in games.get(game).OPTIONS:
        out.append({key: "never" if type(values[0]) is not str else 12345})
    return out


@pytest.mark.parametrize("game", registered_games())
def test_a_welcome_this_version_cannot_play_is_one_notice_and_the_menu(registered, game):
    """An option this version lacks or a value it refuses (a newer host): one line, the menu, no traceback."""
    for options in _unplayable(game):
        _cannot_play(json.dumps(options).encode(), registered.NAMES.index(game))


def _cannot_play(options, game_index):
    from ui.app import MENU

    app, told = _guest_of(options, game_index)
    assert app.screen == MENU and app.game is None
    assert app.link is None
    assert len(told) == 1 and told[0].startswith("link: the host's game cannot be played here")


@pytest.mark.parametrize("game", registered_games())
def test_a_join_page_offered_a_game_this_version_lacks_says_so(registered, game):
    from desktop import headless
    from link_memory import Medium, MemoryLink
    from ui.app import App
    from ui.linked import GUEST, Linked

    medium = Medium()
    host_end = MemoryLink(medium)
    h = headless.Hal(160, 128, screen=False)
    app = App(h, settings={"game": game}, seed=1)
    app.link = Linked(app, GUEST, MemoryLink(medium, to=host_end), 0, nonce=3)
    app.link.show_join_page()
    host = Host(host_end, 4321, 2, b"\xc8\x01{}", guest_seats=range(1, 2))  # game 200
    for _ in range(20):
        h.advance(FRAME_MS)
        app.frame(h.ticks_ms())
        host.poll(h.ticks_ms())
    assert app.link.guest.offer == (4321, 200, 1)
    texts = app.menu.page_lines()
    assert "Game: not in this version" in texts


def test_a_guest_pressing_faster_than_a_person_cannot_flood_the_log():
    """At most PRESSES actions a second from one guest are played; the rest are acknowledged and dropped."""
    from engine.link.host import PRESSES
    from engine.timing import Sequencer

    link = Recorder()
    host = Host(link, 4321, 2, b"\x00\x01{}", guest_seats=range(1, 2))
    p = L.Packet(4321)
    buf = p.begin(L.K_HELLO, 0, 0)
    buf[L.HEADER] = buf[L.HEADER + 1] = 7
    link.packets.append(bytes(buf[:p.finish(2)]))
    host.poll(0)
    sent = 0
    for batch in range(10):  # 10 x 33 actions in well under a second
        buf = p.begin(L.K_PRESS, sent, 0)
        for k in range(33):
            L.put32(buf, L.HEADER + 7 * k, 100)
            buf[L.HEADER + 7 * k + 4] = 1  # PLAY
        link.packets.append(bytes(buf[:p.finish(7 * 33)]))
        sent += 33
        host.poll(200 + batch)
    assert host.remotes[0].got == sent  # every one acknowledged: the guest stops sending them
    seq = Sequencer(400, 2)
    assert host.due(10000, seq, 0) == PRESSES
