"""Only the chosen game's modules are loaded, and a board drops them back at the menu (issue: the seam)."""

import json
import os
import subprocess
import sys

from conftest import ROOT

# Runs in a fresh interpreter: dropping modules must not disturb this test process's own imports.
PROGRAM = r'''
import json, os, sys
os.environ["BLINKA_OS_AGNOSTIC"] = "1"
sys.path.insert(0, %r)
from desktop import headless
from ui.app import App

def loaded():
    return sorted(m for m in sys.modules if m.startswith(("engine.", "ui.")))

h = headless.Hal(160, 128)
h.drop_modules = %r
out = {"menu": loaded()}
app = App(h, settings={"game": %r, "mode": %r}, seed=3)
out["app"] = loaded()
app.start_game(h.ticks_ms())
out["table"] = loaded()
app.back_to_menu()
out["back"] = loaded()
print(json.dumps(out))
'''


def run(game, mode="2p", drop=True):
    done = subprocess.run([sys.executable, "-c", PROGRAM % (ROOT, drop, game, mode)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_choosing_speed_loads_no_spit_and_no_cpu_without_a_cpu_seat():
    got = run("speed")
    table = set(got["table"])
    assert "engine.speed.rules" in table and "ui.speed.table" in table
    assert not table & {"engine.spit.rules", "engine.spit.rounds", "engine.spit.buttons", "ui.table_spit", "engine.bots"}
    assert not any(m.startswith("engine.bots") for m in table)


def test_while_a_game_is_played_a_board_holds_neither_the_menu_nor_the_other_games():
    table = set(run("speed", mode="1p")["table"])
    assert "ui.menu" not in table and "engine.speed.game" in table
    assert not any(m.startswith(("engine.spit", "engine.california")) for m in table)


def test_choosing_spit_loads_no_speed():
    table = set(run("spit")["table"])
    assert "engine.spit.rules" in table
    assert not any("speed" in m for m in table if m not in ("engine.speed", "engine.speed.game"))


def test_the_cpu_modules_load_only_with_a_cpu_seat():
    table = set(run("speed", mode="1p")["table"])
    assert "engine.bots" in table and "engine.speed.cpu" in table and "engine.spit.view" not in table


def test_back_at_the_menu_a_board_drops_the_games_modules():
    got = run("speed", mode="1p")
    assert got["back"] == got["app"]  # only what the menu itself needs stays
    kept = run("speed", mode="1p", drop=False)
    assert "engine.speed.rules" in kept["back"]  # the desktop keeps them (its tests import them too)


JOIN = r'''
import json, os, sys
os.environ["BLINKA_OS_AGNOSTIC"] = "1"
sys.path[:0] = [%r, %r]
from desktop import headless
from link_memory import Medium, MemoryLink
from ui.app import App

def loaded():
    return sorted(m for m in sys.modules if m.startswith(("engine.", "ui.", "hal.")))

h = headless.Hal(160, 128)
h.drop_modules = True
medium = Medium()
host = MemoryLink(medium)  # a silent host's end of the medium: peer 0
h.open_link = lambda join=None: MemoryLink(medium, to=host)
app = App(h, settings={"game": "spit"}, seed=3)
out = {"app": loaded()}
app.settings["link"] = "join"  # the menu's Link line (a setting never kept)
app.start_game(h.ticks_ms())  # the join page: a guest looks for a host
out["join"] = loaded()
app.press(0, 0, h.ticks_ms(), h.ticks_ms())  # UP: back to the menu
out["back"] = loaded()
print(json.dumps(out))
'''


def test_leaving_the_join_page_a_board_drops_the_links_modules():
    """The link's code (about 30 KB on a board) goes when its page does, not after the next game (bench_board found it)."""
    program = JOIN % (ROOT, os.path.join(ROOT, "tools", "doubles"))
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.splitlines()[-1])
    assert "ui.linked" in got["join"] and "engine.link.guest" in got["join"]
    assert got["back"] == got["app"]
