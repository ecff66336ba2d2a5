"""California Spit over the link: a guest's cover aimed at a pile not on the table (its verb's two arguments, K-3).
The link tests every game meets are tests/engine/link/."""

import json
import subprocess
import sys

import pytest

from conftest import ROOT
from rawpeer import Raw, Table
from engine.california.file import COVER


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
