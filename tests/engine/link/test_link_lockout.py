"""The lockout and the pause on linked devices (RULES.md C-3, docs/link.md): the host decides for every seat.

Two Apps with no screens linked in memory (tests/linkpair.py): the host
judges a guest's action as it arrives on its own table, drops one pressed in
that seat's lockout, and a refused one that was wrong locks the seat as a
refusal of its own player's does. A guest's press made while the host is
paused is dropped; after the resume a guest's presses take the usual delay.
"""

import pytest

from linkpair import Pair
from engine import actions as A, lockout
from engine.actions import LEFT, RIGHT
from engine.timing import ticks_diff


def count_lockouts(monkeypatch, app):
    """{seat: [refusals, lockouts]} of the host app's clusters, counted as its App reports them."""
    counts = {}
    real = lockout.refused

    def refused(cluster, verb, wrong, now):
        before = cluster.lock_until
        real(cluster, verb, wrong, now)
        for seat, c in enumerate(app.clusters):
            if c is cluster:
                n = counts.setdefault(seat, [0, 0])
                n[0] += 1
                n[1] += cluster.lock_until != before
    monkeypatch.setattr(lockout, "refused", refused)
    return counts


@pytest.mark.parametrize("game", ["spit", "california"])
def test_c3_a_guests_fumbles_lock_its_seat_as_the_hosts_lock_its_own(monkeypatch, game):
    """C-3, issue 36: two level-2 CPUs linked (seed 5): the guest's seat pays lockouts for its refused plays as
    the host's seat does (before: 9 refusals and 0 lockouts in Spit, 9 and 0 in California)."""
    pair = Pair(game, seed=5, bots=("level2", "level2"))
    counts = count_lockouts(monkeypatch, pair.apps[0])
    assert pair.run()
    print(game, counts)
    host, guest = counts.get(0, [0, 0]), counts.get(1, [0, 0])
    assert host[1] > 0 and guest[1] > 0
    assert guest[1] <= guest[0] and host[1] <= host[0]


def dealt_and_playing(pair):
    """Both devices at the table of a Spit game in play: every seat has said Spit (S-4); a second of play."""
    assert pair.run(until=lambda p: all(a.game is not None for a in p.apps) and p.links[1].dealt), "never dealt"
    for app in pair.apps:
        seat = app.link.seat
        app.press(seat, LEFT, app.hal.ticks_ms(), app.hal.ticks_ms())
    assert pair.run(until=lambda p: all(a.game.phase == A.PH_PLAY for a in p.apps), limit_ms=10000)
    for _ in range(30):
        pair.step()


def slots(game, seat, pile=0):
    """(a slot whose face-up card fits neither spit pile's top, one whose card fits pile) of seat's stocks."""
    from engine.cards import FITS

    wrong = right = -1
    for s in range(game.slots):
        stock = game.stocks[seat][s]
        if stock.n and game.up[seat][s]:
            card = stock.top()
            fit = [(FITS[c.top() & 15] >> (card & 15)) & 1 for c in game.centre]
            if not any(fit) and wrong < 0:
                wrong = s
            elif fit[pile] and right < 0:
                right = s
    return wrong, right


def test_c3_the_host_drops_a_guests_play_pressed_in_its_lockout():
    """C-3, issue 36: a guest plays a card that fits neither pile, then one that fits 200 ms later: the host
    refused the first, locked the seat, and drops the second (pressed in the lockout): it is never an action,
    the card stays in the guest's stock on both devices; after the lockout the same press lands it."""
    pair = Pair("spit", seed=1, bots=(None, None), loss=0, jitter_ms=20)
    dealt_and_playing(pair)
    host_app, guest_app = pair.apps
    wrong, right = slots(host_app.game, 1)
    assert wrong >= 0 and right >= 0, "seed 1 deals no such pair of cards"
    card = host_app.game.stocks[1][right].top()
    cluster = guest_app.clusters[1]
    for slot, ms in ((wrong, 200), (right, 800)):
        cluster.cursor = slot
        now = guest_app.hal.ticks_ms()
        guest_app.press(1, LEFT, now, now)
        for _ in range(ms // 33):
            pair.step()
    host = pair.links[0].host
    assert lockout.locked(host_app.clusters[1], host_app.hal.ticks_ms() - 800 + 100)
    plays = [e for e in host.entries() if e[1] == 1 and e[2] == A.PLAY]
    assert plays == []  # the wrong one refused (no entry), the right one dropped
    assert host_app.game.stocks[1][right].top() == card and guest_app.game.stocks[1][right].top() == card
    for _ in range(40):
        pair.step()  # the lockout is over
    cluster.cursor = right
    now = guest_app.hal.ticks_ms()
    guest_app.press(1, LEFT, now, now)
    for _ in range(20):
        pair.step()
    assert host_app.game.centre[0].top() == card and guest_app.game.centre[0].top() == card


USUAL_MS = 100 + 2 * 33  # a guest's press to its card on the host: the input delay, a frame each side


def lands_after(pair, card, limit_ms=8000, pile=0):
    """ms of frames until card tops spit pile pile on the host (None: not within limit_ms)."""
    host_game = pair.apps[0].game
    for k in range(limit_ms // 33):
        if host_game.centre[pile].top() == card:
            return k * 33
        pair.step()
    return None


def seated(jitter_ms):
    """A Spit pair of people dealt and playing: (pair, host App, guest App, the guest's wrong and right stock
    slots, the card on the right one)."""
    pair = Pair("spit", seed=1, bots=(None, None), loss=0, jitter_ms=jitter_ms)
    dealt_and_playing(pair)
    host_app, guest_app = pair.apps
    wrong, right = slots(host_app.game, 1)
    return pair, host_app, guest_app, wrong, right, host_app.game.stocks[1][right].top()


def host_paused(jitter_ms, ms):
    """A Spit pair playing, the host paused by its player and ms of frames run since: (pair, the guest's cluster,
    its wrong and right stock slots, the card on the right one)."""
    pair, host_app, guest_app, wrong, right, card = seated(jitter_ms)
    host_app.pause_key(0, host_app.hal.ticks_ms())
    for _ in range(ms // 33):
        pair.step()
    return pair, guest_app.clusters[1], wrong, right, card


@pytest.mark.parametrize("in_the_pause", ["the card", "a wrong card"])
def test_a_guests_press_in_the_hosts_pause_is_dropped_and_after_the_resume_the_delay_is_the_usual(in_the_pause):
    """Issue 36 (link timing): the host pauses for 10 s; 6 s in, the guest plays a card (it lands 6,072 ms after
    the resume before), or a wrong one (its stamp held a play 500 ms after the resume back 5,577 ms): the press
    made in the pause is dropped, and the card played 500 ms after the resume lands as quickly as before the
    pause: its stamp honoured, within the input delay and two frames."""
    pair, cluster, wrong, right, card = host_paused(20, 6000)
    host_app, guest_app = pair.apps
    assert pair.links[0].paused and pair.links[1].paused
    cluster.cursor = right if in_the_pause == "the card" else wrong
    now = guest_app.hal.ticks_ms()
    guest_app.press(1, LEFT, now, now)
    for _ in range(4000 // 33):
        pair.step()
    host_app.pause_key(0, host_app.hal.ticks_ms())  # resume
    assert lands_after(pair, card, 500) is None  # not played in the pause
    assert not pair.links[0].paused and not pair.links[1].paused
    assert host_app.game.stocks[1][right].top() == card
    cluster.cursor = right
    now = guest_app.hal.ticks_ms()
    guest_app.press(1, LEFT, now, now)
    ms = lands_after(pair, card)
    assert ms is not None and ms <= USUAL_MS, ms


@pytest.mark.parametrize("first", ["the card", "a wrong card"])
def test_after_the_hosts_resume_a_guests_presses_take_the_usual_delay(first):
    """Issue 36 (link timing): the host's clock stood still for its 10 s pause; a guest's press at the resume is
    stamped in the host's clock as it stands now, not 10 s ahead (where the host would stamp it at its arrival,
    a leg later), and so is one 1.1 s later, after a wrong card at the resume (its stamp held the next back)."""
    pair, host_app, guest_app, wrong, right, card = seated(20)
    cluster = guest_app.clusters[1]
    host_app.pause_key(0, host_app.hal.ticks_ms())
    for _ in range(10000 // 33):
        pair.step()
    host_app.pause_key(0, host_app.hal.ticks_ms())
    while pair.links[1].paused:
        pair.step()
    if first == "a wrong card":
        cluster.cursor = wrong
        now = guest_app.hal.ticks_ms()
        guest_app.press(1, LEFT, now, now)
        assert lands_after(pair, card, 1100) is None
    cluster.cursor = right
    now = guest_app.hal.ticks_ms()
    guest_app.press(1, LEFT, now, now)
    ms = lands_after(pair, card)
    assert ms is not None and ms <= USUAL_MS, ms


def test_the_hosts_own_press_while_a_guest_holds_the_pause_is_dropped():
    """Issue 36 (link timing), C-3: the guest's player pauses for 5 s; 3 s in, the host's player, shown only a
    banner, plays a card: dropped (no action is given while paused), and the host's play after the resume
    lands within the input delay and a frame (it landed 3 s after the resume)."""
    pair = Pair("spit", seed=1, bots=(None, None), loss=0, jitter_ms=20)
    dealt_and_playing(pair)
    host_app, guest_app = pair.apps
    wrong, right = slots(host_app.game, 0, 1)
    assert right >= 0
    card = host_app.game.stocks[0][right].top()
    guest_app.pause_key(1, guest_app.hal.ticks_ms())
    for _ in range(3000 // 33):
        pair.step()
    assert pair.links[0].paused and host_app.over is None  # the host's screen: the banner only
    host_app.clusters[0].cursor = right
    now = host_app.hal.ticks_ms()
    host_app.press(0, RIGHT, now, now)
    for _ in range(2000 // 33):
        pair.step()
    guest_app.pause_key(1, guest_app.hal.ticks_ms())  # resume
    assert lands_after(pair, card, 4000, 1) is None
    now = host_app.hal.ticks_ms()
    host_app.press(0, RIGHT, now, now)
    ms = lands_after(pair, card, pile=1)
    assert ms is not None and ms <= 100 + 33, ms


def test_a_guests_lockout_is_not_served_during_the_hosts_pause():
    """C-3, issue 36 (link timing): the guest's seat is locked for a wrong card; the host pauses 100 ms later for
    5 s: after the resume the seat's lockout has what it had left, so the good card the guest plays at once is
    dropped (it landed: the lockout ran out during the pause), and after the lockout the same press lands it."""
    pair, host_app, guest_app, wrong, right, card = seated(20)
    cluster = guest_app.clusters[1]
    locks = host_app.clusters[1]
    cluster.cursor = wrong
    now = guest_app.hal.ticks_ms()
    guest_app.press(1, LEFT, now, now)
    for _ in range(300 // 33):
        pair.step()
    assert lockout.locked(locks, host_app.hal.ticks_ms())
    left = ticks_diff(locks.lock_until, host_app.hal.ticks_ms())
    host_app.pause_key(0, host_app.hal.ticks_ms())
    for _ in range(5000 // 33):
        pair.step()
    host_app.pause_key(0, host_app.hal.ticks_ms())  # resume
    pair.step()
    assert 0 < ticks_diff(locks.lock_until, host_app.hal.ticks_ms()) <= left
    while pair.links[1].paused:
        pair.step()
    cluster.cursor = right
    now = guest_app.hal.ticks_ms()
    guest_app.press(1, LEFT, now, now)
    assert lands_after(pair, card, 500) is None
    for _ in range(left // 33 + 2):
        pair.step()
    now = guest_app.hal.ticks_ms()
    guest_app.press(1, LEFT, now, now)
    ms = lands_after(pair, card)
    assert ms is not None and ms <= USUAL_MS, ms


def test_a_guests_press_that_reaches_the_host_in_its_resume_frame_is_stamped_at_the_resume():
    """Issue 36 item 4, found by tools/linkplay.py --pause-at: the guest's press made in the host's pause reaches
    the host in the frame that reads its player's resume, and was read before that frame took the pause's time
    out of the host's clock: stamped 5 s ahead of the game, it landed 5 s after the resume and its stamp held
    every later press of the guest back as long (linkplay's Speed, seed 3: 6,105 ms). The resume moves the
    clock at once: the press is stamped at the resume, and lands with the usual delay, as does the next."""
    pair, cluster, _, right, card = host_paused(0, 5000)
    host_app, guest_app = pair.apps
    assert pair.links[1].paused
    cluster.cursor = right
    now = guest_app.hal.ticks_ms()
    guest_app.press(1, LEFT, now, now)  # on its way: the host reads it in its next frame
    host_app.pause_key(0, host_app.hal.ticks_ms())  # resume (as its Esc, read before that frame's link)
    ms = lands_after(pair, card)
    assert ms is not None and ms <= USUAL_MS, ms


def test_after_a_hosts_pause_both_result_screens_tell_the_same_time():
    """A linked game with a 5 s pause by the host in the middle: the guest's result says the time its host's does
    (the guest's clock stood still in the pause too, as the host's did; it said 5 s more before)."""
    pair = Pair("speed", seed=3, loss=0, jitter_ms=0)
    for _ in range(3000 // 33):
        pair.step()
    host_app, guest_app = pair.apps
    host_app.pause_key(0, host_app.hal.ticks_ms())
    for _ in range(5000 // 33):
        pair.step()
    host_app.pause_key(0, host_app.hal.ticks_ms())
    assert pair.run()
    times = [app.over.lines[-2 if app is guest_app else -1] for app in pair.apps]  # (a guest's last: the host
    # deals again)
    assert all(t.startswith("Time ") for t in times), times
    seconds = [int(t[5:].split(":")[0]) * 60 + int(t[5:].split(":")[1]) for t in times]
    assert abs(seconds[0] - seconds[1]) <= 1, times  # the guest sees the deal and the end a leg later each
