"""Speed's words on the result screen: what decided the match (loaded at its end, not held in play).

``decided(game, names, options)`` gives a few short lines; ``names`` calls
each seat as the screen's side does ("You", "CPU", "P2").
"""

from ui.result import tally


def decided(game, names, options):
    """P-9: the points to the target, or the games won; one game: the cards each has left (P-11)."""
    match = options.get("match", "single")
    if match == "points":
        return ("First to %d points" % game.target, tally(names, game.scores))
    if match != "single":
        return ("Games won", tally(names, game.games_won))
    return ("Cards left", tally(names, [game.cards_held(p) for p in range(game.players)]))
