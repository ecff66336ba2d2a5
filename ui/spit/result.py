"""Spit's words on the result screen: what decided the game (loaded at its end, not held in play).

``decided(game, names, options)`` gives a few short lines; ``names`` calls
each seat as the screen's side does ("You", "CPU", "P2").
"""


def tally(names, counts):
    """Each seat's name and number on one line: "You 0  CPU 14"."""
    return "  ".join("%s %d" % (names[p], counts[p]) for p in range(len(names)))


def decided(game, names, options):
    """S-15: the cards each has left; S-16 (scoring): the scores, and that the lowest wins."""
    if options.get("scoring"):
        return ("Lowest score wins", tally(names, game.scores), "(a point a card left)")
    return ("Cards left", tally(names, [game.cards_held(p) for p in range(game.players)]))
