"""California Spit's words on the result screen: what decided the game (loaded at its end, not held in play).

``decided(game, names, options)`` gives a few short lines; ``names`` calls
each seat as the screen's side does ("You", "CPU", "P2").
"""

from ui.spit_result import tally


def decided(game, names, options):
    """K-5: the cards each has left."""
    return ("Cards left", tally(names, [game.cards_held(p) for p in range(game.players)]))
