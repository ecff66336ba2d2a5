"""tools/bench/bench.py --digest: one hash over every game of random play (each action applied and the reason
returned, each report, each game's end). Pinned here as the engine gave it before issue 35's speed-ups
(commit 2c33050): a change that makes the engine faster must not change a single game (C-5)."""

import subprocess
import sys

import pytest

import bench
from desktop.cli import checked
from engine.replay import file_module

PINNED = [  # (game, options, games, the digest the engine of 2c33050 gave)
    ("spit", {}, 100, "27464118803c9e74"),
    ("spit", {"alternate_colours": True, "stocks": 4}, 100, "2bbc2c2b0f18d08f"),
    ("spit", {"auto_flip": True}, 100, "7f31ff25a88f6b99"),
    ("spit", {"alternate_colours": True, "auto_flip": True, "one_round": True}, 100, "e820119b7e8a69e3"),
    ("speed", {"players": 2}, 30, "7bf3bcc94002659b"),
    ("speed", {"players": 3}, 30, "99db8f8d41c39790"),
    ("speed", {"players": 4, "decks": 2, "jokers": True}, 30, "516ebf98faf634d5"),
    ("california", {}, 40, "4befd9767da38630"),
]


@pytest.mark.parametrize("game, options, games, pinned", PINNED)
def test_the_same_games_as_before(game, options, games, pinned):
    """C-5: the same seeds play the same games, action by action, report by report."""
    whole, rows = bench.digest_games(games, game, [checked(file_module(game), options)])
    assert whole == pinned


def test_every_option_set_of_spit_plays_the_same_games():
    """Every option combination Spit's file module accepts (96), three seeds each."""
    whole, rows = bench.digest_games(3, "spit", bench.combinations("spit"))
    assert len(rows) == 96 and whole == "4abbedcd6809a63d"


def test_a_changed_game_changes_the_digest(monkeypatch):
    """The digest sees a rule that changed: a stalemate nobody declares plays other games."""
    from engine.spit.rules import Spit

    options = [checked(file_module("spit"), {})]
    monkeypatch.setattr(Spit, "can_move", lambda self, p: True)
    changed, rows = bench.digest_games(20, "spit", options)
    monkeypatch.undo()
    assert changed != bench.digest_games(20, "spit", options)[0]


def test_digest_and_engine_on_the_command_line(capsys):
    """--digest prints a line an option set and the whole; --engine with this checkout plays the same games (in a
    process of its own: it forgets the engine modules imported before)."""
    assert bench.main(["--digest", "--games", "5"]) == 0
    here = capsys.readouterr().out.splitlines()[-1]
    assert here.startswith("digest ") and "spit, 1 option sets, 5 games each" in here
    run = subprocess.run([sys.executable, bench.HERE, "--digest", "--games", "5", "--engine", bench._path.ROOT],
                         stdout=subprocess.PIPE, text=True, check=True)
    assert run.stdout.splitlines()[-1].split()[1] == here.split()[1]


def test_an_engine_that_is_neither_a_folder_nor_a_commit_is_one_line(capsys):
    assert bench.main(["--digest", "--engine", "no-such-commit"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bench: no-such-commit: neither a folder") and err.count("\n") == 1
