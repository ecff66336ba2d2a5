"""The rule files of tests/rules/ that the whole program can play: those of every registered game.

A game whose files exist before it is registered (engine.games.NAMES: its
screen is not there yet) tests its own files with its engine's tests.
"""

import glob
import json
import os

from engine.games import NAMES

HERE = os.path.dirname(os.path.abspath(__file__))


def game_of(path):
    """The game a rule file is of (spit when it does not say)."""
    with open(path, encoding="utf-8") as f:
        return json.load(f).get("game", "spit")


def rule_files(game=None):
    """Sorted paths of the rule files of the registered games (or of one game, registered or not)."""
    paths = sorted(glob.glob(os.path.join(HERE, "rules", "*.json")))
    if game is not None:
        return [p for p in paths if game_of(p) == game]
    return [p for p in paths if game_of(p) in NAMES]
