"""Spit's CPU players for the seam (docs/games.md): ``make(name)`` and the ``View`` a bot sees."""

from engine.bots import ROSTER, make  # noqa: F401
from engine.bots.view import View  # noqa: F401
