"""Issue 19's defects that are not the link's: the board's statistics, games cut off by a cap, Speed's "out"
once a game is over, and command lines and files whose parts contradict each other."""

import json
import os
import subprocess
import sys

import pytest

from uitools import one_line_exit_2

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args, timeout=120):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


# ---- 16: the board's statistics keep counting ---------------------------------------------------

def test_a_pybadge_keeps_counting_when_its_statistics_fill_the_nvm():
    """256 bytes of nvm with the menu's every setting stored: each new (game, mode, level) is counted, however
    many come (the adaptive CPU adds one a level); when the record is full the entry with the fewest games
    goes (before the mend the seventh and every later one was silently not counted)."""
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    from hal.nvmstore import Store
    from ui.menu import clean

    nvm = bytearray(256)
    store = Store(nvm)
    assert store.save_settings(clean({}, lambda *a: None))
    for k in range(5):
        assert store.record_game("spit", "1p", 200, k % 2 == 0, 50000)  # the most played: it stays
    for level in range(1, 25):
        assert store.record_game("speed", "1p", level, True, 60000 + 100 * level)
        table = Store(nvm).table()
        assert table[("speed", "1p", level)] == (1, 1, 60000 + 100 * level)
        assert table[("spit", "1p", 200)][0] == 5
    assert len(Store(nvm).table()) >= 8  # docs/boards.md: what a PyBadge's record holds
    assert Store(nvm).settings == clean({}, lambda *a: None)
