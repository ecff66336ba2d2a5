"""Snap's words on the result screen: what decided the game (loaded at its end)."""

from ui.result import tally


def decided(game, names, options):
    """T-5: the cards left in each one's pile (the winner has none)."""
    return ("Cards left in piles", tally(names, [game.piles[p].n for p in range(game.players)]))
