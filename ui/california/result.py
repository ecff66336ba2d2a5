"""California Spit's words on the result screen: what decided the game (loaded at its end, not held in play).

``decided(game, names, options)`` gives a few short lines; ``names`` calls
each seat as the screen's side does ("You", "CPU", "P2").
"""

from ui.result import tally


def decided(game, names, options):
    """K-5: the cards left in each one's face-down pile (the winner laid their last)."""
    return ("Cards left in piles", tally(names, [game.piles[p].n for p in range(game.players)]))
