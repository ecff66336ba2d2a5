"""The rule files of tests/rules/ that the whole program can play: those of every registered game.

A game whose files exist before it is registered (engine.games.NAMES: its
screen is not there yet) tests its own files with its engine's tests.
"""

import glob
import json
import os
import re

from engine.games import NAMES

HERE = os.path.dirname(os.path.abspath(__file__))
RULES_MD = os.path.join(HERE, "..", "..", "shared", "RULES.md")  # the rules (../shared/RULES.md)


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


def mismatches(want, got, where="state"):
    """Every place where got does not match want (subset rule above), as readable lines."""
    if where.endswith(".held"):
        if sorted(want) != sorted(got):
            return ["%s: want %s, got %s" % (where, sorted(want), sorted(got))]
        return []
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return ["%s: want an object, got %r" % (where, got)]
        out = []
        for key, value in want.items():
            if key not in got:
                out.append("%s: no key %r in the state" % (where, key))
            else:
                out += mismatches(value, got[key], "%s.%s" % (where, key))
        return out
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return ["%s: want %s, got %s" % (where, json.dumps(want), json.dumps(got))]
        out = []
        for i, (w, g) in enumerate(zip(want, got)):
            out += mismatches(w, g, "%s[%d]" % (where, i))
        return out
    if want != got or type(want) is not type(got):
        return ["%s: want %s, got %s" % (where, json.dumps(want), json.dumps(got))]
    return []


def uncited(letters, blob, path=RULES_MD):
    """The rules of RULES.md (or of the text at path) with one of these letters that blob never cites (as P-3 or
    as p03_)."""
    with open(path, encoding="utf-8") as f:
        rules = sorted(set(re.findall(r"^- ([%s]-\d+b?) " % letters, f.read(), re.M)))
    missing = []
    for rule in rules:
        letter, num = rule[0], rule[2:]
        bare = num.rstrip("b")
        pats = [re.escape(rule) + r"(?![0-9b])",
                r"(?<![a-z0-9])%s%02d%s_" % (letter.lower(), int(bare), num[len(bare):])]
        if not any(re.search(p, blob) for p in pats):
            missing.append(rule)
    return rules, missing
