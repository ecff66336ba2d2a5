"""What a peer can do to a linked game (docs/link.md, "What a peer can do"), and what it cannot.

Issue 19: a hostile player's packets, built byte by byte with engine.link.Packet
(tests/rawpeer.py), against a live host App and guest App on an in-memory link.
No packet from a peer crashes a host or a guest, a field is checked before it is
used, a cheat gains no more than docs/link.md says, and every way a game ends is
one notice and the menu.
"""

import json
import os
import subprocess
import sys

import pytest

from rawpeer import Raw, Table
from engine import link as L
from engine.actions import COVER

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---- 1: a California cover aimed off the table -------------------------------------------------

@pytest.mark.parametrize("row, slot", [(2, 0), (200, 0), (0, 255), (1, 4)])
def test_a_guests_cover_of_a_pile_not_on_the_table_is_refused_and_crashes_no_host(row, slot):
    table = Table("california")
    peer = Raw(table)
    assert peer.sit() == 1
    table.frames(40)
    now = table.app.link.clock(table.now())
    peer.press(0, [(now, COVER, row, slot)])
    table.frames(20)  # before the mend: IndexError in the shake of the pile aimed at
    assert table.app.game is not None and table.host.remotes[0].got == 1
    table.close()


def test_a_replay_with_a_cover_off_the_table_plays_back_headless(tmp_path):
    path = tmp_path / "cover.json"
    path.write_text(json.dumps({"game": "california", "seed": 3, "events": [[0, 0, "ready"], [0, 1, "ready"],
                                                                           [900, 0, "cover", 2, 0]]}))
    done = subprocess.run([sys.executable, "code.py", "--headless", "--replay", str(path), "--screenshot",
                           str(tmp_path / "out.png")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
