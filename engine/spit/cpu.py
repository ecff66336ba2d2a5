"""Spit's CPU players for the seam (docs/games.md): ``make(name)`` and the ``View`` a bot sees."""

from engine.bots import relax
from engine.bots.hands import LEVELS
from engine.spit.view import View  # noqa: F401


def make(name):
    """A new Spit bot by its roster name: level1..level8, adaptive, or an example bot (first, nearest)."""
    if name == "adaptive" or name == "relaxed":
        from engine.spit.level import Level

        return Level(4, adaptive=True) if name == "adaptive" else relax(Level(1))
    if name[:5] == "level" and name[5:].isdigit() and 1 <= int(name[5:]) <= LEVELS:
        from engine.spit.level import Level

        return Level(int(name[5:]))
    if name == "random":  # on no roster: the self-test's opponent (ui/selftest.py)
        from engine.spit.randbot import RandomBot

        return RandomBot()
    from engine.spit.game import ROSTER  # the bots by name: the game's description (only for an example bot)

    if name in ROSTER:
        return __import__("engine.spit." + name, None, None, ("BOT",)).BOT()
    raise ValueError("no bot called %r" % name)
