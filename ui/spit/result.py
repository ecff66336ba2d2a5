"""Spit's words on the result screen: what decided the game (loaded at its end, not held in play).

``decided(game, names, options)`` gives a few short lines; ``names`` calls
each seat as the screen's side does ("You", "CPU", "P2").
"""


from ui.result import tally


def decided(game, names, options):
    """S-15: the cards each has left; S-16 (scoring): the scores, and that the lowest wins."""
    if options.get("scoring"):
        return ("Lowest score wins", tally(names, game.scores), "(a point a card left)")
    return ("Cards left", tally(names, [game.cards_held(p) for p in range(game.players)]))
