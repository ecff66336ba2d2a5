"""Speed over the link (docs/link.md): what only Speed has, three and four seats (P-11) and hands each seat alone
sees (D-3), and its engine's own check of a WELCOME's seat count. The link tests every game meets are
tests/engine/link/."""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from linkpair import same_game  # noqa: E402
from engine.actions import PH_OVER  # noqa: E402
from ui.app import FRAME_MS  # noqa: E402


def test_three_devices_play_three_seat_speed_each_seeing_only_its_own_hand():
    """Speed across three devices (P-11): guests take seats 1 and 2 in the order they join; every device ends in
    the host's state, and each screen hides every hand but its own seat's person's (D-3)."""
    from desktop import headless
    from link_memory import Medium, MemoryLink
    from link_shim import Lossy
    from ui.app import App
    from ui.linked import GUEST, HOST, Linked

    medium = Medium()
    host_end = MemoryLink(medium)
    ends = [host_end, MemoryLink(medium, to=host_end), MemoryLink(medium, to=host_end)]
    hals = [headless.Hal(160, 128, screen=False) for _ in range(3)]
    shims = [Lossy(e, hals[0].ticks_ms, 0.05, 40, seed=k + 1) for k, e in enumerate(ends)]
    apps = [App(h, settings={"game": "speed", "mode": "3p", "sound": False}, seed=4) for h in hals]
    apps[0].link = Linked(apps[0], HOST, shims[0], 2468, guests=2, cpu="level8")
    apps[1].link = Linked(apps[1], GUEST, shims[1], 2468, cpu="level7", nonce=11)
    apps[2].link = Linked(apps[2], GUEST, shims[2], 2468, nonce=12)  # a person: its seat waits for its keys
    apps[0].play_now("speed", {"players": 3}, hals[0].ticks_ms())
    for _ in range(200):
        for app, h in zip(apps, hals):
            h.advance(FRAME_MS)
            app.frame(h.ticks_ms())
    assert sorted(a.link.seat for a in apps) == [0, 1, 2]
    person = apps[2]
    assert person.cpus == [None, None, None]
    assert person.table.face_down == [p != person.link.seat for p in range(3)]
    person.link.cpu = "level6"  # from here the person's seat is played by this device's CPU
    person.seating.seat(person.link.seat, hals[2].ticks_ms())
    for _ in range(30000):
        for app, h in zip(apps, hals):
            h.advance(FRAME_MS)
            app.frame(h.ticks_ms())
        if all(a.game.phase == PH_OVER for a in apps) and all(a.link.guest.next == apps[0].link.host.n
                                                               for a in apps[1:]):
            break
    assert apps[0].game.phase == PH_OVER
    assert {e[1] for e in apps[0].link.host.entries() if e[2] < 16} == {0, 1, 2}  # every seat played
    n = apps[0].link.host.n
    assert all(a.link.guest.next == n for a in apps[1:])
    assert same_game(apps[0].game, apps[1].game) and same_game(apps[0].game, apps[2].game)
    for h in hals:
        h.deinit()


def test_a_welcome_to_more_players_than_speed_seats_is_one_notice_and_the_menu():
    """A WELCOME whose players option is a number, as its menu's, but more than Speed seats (P-11): its engine
    refuses it when the guest deals; one line, the menu (the link tests give each game's options values of the
    wrong type: tests/engine/link/test_link_peer.py)."""
    from engine import games
    from rawpeer import welcomed
    from ui.app import MENU

    side = welcomed(bytes((games.NAMES.index("speed"), 1)) + b'{"players": 99}', "speed")
    assert side.app.link is None and side.app.screen == MENU and side.app.game is None
    assert side.told == ["link: the host's game cannot be played here: Speed is played by 2 to 4 players"]
