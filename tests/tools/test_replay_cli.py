"""tools/replay.py: good files print the state; bad input gets one line, exit 2, no traceback."""

import json
import os
import subprocess
import sys

import pytest

import inproc

from conftest import ROOT
TOOL = os.path.join(ROOT, "tools", "replay.py")

LAYOUT = {"players": [
    {"stocks": [["3C"], ["9D", "4H"], ["2S", "5C", "KH"], ["JD", "6S", "7C", "8H"], ["QS", "AD", "TC", "2H", "9S"]],
     "spit": ["KS", "QD", "4C"]},
    {"stocks": [["3D"], ["9H", "4S"], ["2C", "5D", "KD"], ["JH", "6C", "7D", "8S"], ["QH", "AC", "10D", "2D", "9C"]],
     "spit": ["KC", "QC", "5H"]},
]}


def good_layout():
    """A fresh copy of a valid 36-card layout."""
    return json.loads(json.dumps(LAYOUT))


def replay(text, *args):
    """Run the tool on text given through standard input, as its command line runs it, in this process
    (tests/inproc.py; test_trace_prints_one_line_per_event_then_the_state starts a real one)."""
    return inproc.run([TOOL, "-", *args], input=text)


def test_good_file_prints_state_with_the_documented_keys():
    doc = {"game": "spit", "seed": 7, "layout": good_layout(),
           "events": [[0, 0, "ready"], [0, 1, "ready"], [130, 0, "play", 2, 1], [140, 1, "play", 9, 0]]}
    out = replay(json.dumps(doc))
    assert out.returncode == 0, out.stderr
    st = json.loads(out.stdout)
    for key in ("phase", "round", "centre", "players", "winner", "scores", "refused"):
        assert key in st
    assert st["phase"] == "play"
    # P0 spits 4C onto pile 0, P1 spits 5H onto pile 1; P0's KH fits neither; slot 9 does not exist
    assert st["centre"] == [["4C"], ["5H"]]
    assert st["refused"] == [[2, "not_adjacent"], [3, "bad_slot"]]
    assert st["players"][1]["stocks"][4] == {"cards": ["QH", "AC", "TD", "2D", "9C"], "up": True}
    assert st["players"][0]["spit"] == 2


def test_trace_prints_one_line_per_event_then_the_state(tmp_path):
    doc = {"seed": 7, "events": [[0, 0, "ready"], [0, 1, "ready"], [5, 0, "flip", 0]]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    out = subprocess.run([sys.executable, TOOL, str(path), "--trace"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 4
    assert lines[0].startswith("#0 0.000s P0 ready: ok")
    assert "spits" in lines[1]
    assert lines[2].startswith("#2 0.005s P0 flip 0: refused (already_up)")
    assert json.loads(lines[3])["phase"] == "play"


BAD = [
    ("not json", "{", "not valid JSON"),
    ("empty", "", "not valid JSON"),
    ("top level list", "[1, 2]", "file: expected an object"),
    ("unknown key", '{"seed": 1, "evnets": []}', 'file: unknown key "evnets"'),
    ("unknown game", '{"game": "poker"}', 'game: unknown game "poker"'),
    ("bad seed", '{"seed": "x"}', "seed: expected an integer"),
    ("bad option", '{"options": {"stocks": 6}}', "options.stocks: expected an integer from 4 to 5"),
    ("unknown option", '{"options": {"jokers": true}}', 'options: unknown key "jokers"'),
    ("option not bool", '{"options": {"scoring": 1}}', "options.scoring: expected true or false"),
    ("unknown verb", '{"events": [[0, 0, "jump"]]}', 'events[0]: unknown verb "jump"'),
    ("too few args", '{"events": [[0, 0, "play", 1]]}', "events[0]: wrong arguments: play takes 2, got 1"),
    ("too many args", '{"events": [[0, 0, "ready", 1]]}', "events[0]: wrong arguments: ready takes 0, got 1"),
    ("arg not int", '{"events": [[0, 0, "flip", "2"]]}', "events[0]: wrong arguments: argument 1"),
    ("arg negative", '{"events": [[0, 0, "flip", -1]]}', "events[0]: wrong arguments: argument 1"),
    ("bad player", '{"events": [[0, 2, "ready"]]}', "events[0]: player: expected an integer from 0 to 1"),
    ("short event", '{"events": [[0, 0]]}', "events[0]: expected [t_ms, player, verb, args...]"),
    ("time backwards", '{"events": [[5, 0, "ready"], [4, 1, "ready"]]}', "events[1]: time goes backwards (4 after 5)"),
    ("time not int", '{"events": [[0.5, 0, "ready"]]}', "events[0]: time must be a whole number"),
    ("events not list", '{"events": {}}', "events: expected a list"),
    ("bad version", '{"version": 9}', "version: this program reads version 1"),
]


@pytest.mark.parametrize("text,message", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input_gets_one_line_and_exit_2(text, message):
    out = replay(text)
    assert out.returncode == 2
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1
    assert out.stderr.startswith("replay: <stdin>: ")
    assert message in out.stderr


def layout_doc(mutate):
    lay = good_layout()
    mutate(lay)
    return json.dumps({"seed": 1, "layout": lay})


LAYOUT_BAD = [
    ("unknown card", lambda lay: lay["players"][0]["stocks"][0].__setitem__(0, "1Z"),
     'layout.players[0].stocks[0][0]: unknown card "1Z"'),
    ("duplicate card", lambda lay: lay["players"][1]["spit"].__setitem__(0, "3C"),
     "layout.players[1].spit[0]: duplicate card 3C"),
    ("card not string", lambda lay: lay["players"][0]["spit"].__setitem__(0, 12),
     "layout.players[0].spit[0]: unknown card 12"),
    ("four stocks with five-stock option", lambda lay: lay["players"][0]["stocks"].pop(),
     "layout.players[0].stocks: expected a list of 5 stock piles"),
    ("one player", lambda lay: lay["players"].pop(), "layout.players: expected a list of 2 players"),
    ("bad centre", lambda lay: lay.__setitem__("centre", [["AS"]]), "layout.centre: expected a list of 2 piles"),
    ("unknown player key", lambda lay: lay["players"][0].__setitem__("hand", []),
     'layout.players[0]: unknown key "hand"'),
]


@pytest.mark.parametrize("mutate,message", [b[1:] for b in LAYOUT_BAD], ids=[b[0] for b in LAYOUT_BAD])
def test_bad_layout_names_the_place(mutate, message):
    out = replay(layout_doc(mutate))
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert message in out.stderr


def test_missing_and_binary_files_exit_2(tmp_path):
    out = inproc.run([TOOL, str(tmp_path / "nope.json")])
    assert out.returncode == 2 and "cannot read" in out.stderr and "Traceback" not in out.stderr
    blob = tmp_path / "blob.json"
    blob.write_bytes(b"\xff\xfe\x00garbage")
    out = inproc.run([TOOL, str(blob)])
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1


def test_ten_is_accepted_as_a_rank():
    lay = good_layout()
    assert "10D" in lay["players"][1]["stocks"][4]
    out = replay(json.dumps({"layout": lay}))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["players"][1]["stocks"][4]["cards"][2] == "TD"
