"""Speed: setting up a given position (replay files' layouts, tests); a board playing never loads it."""

from engine.actions import PH_PLAY

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_NONE = const(255)
_SLOTS = const(5)


def load(game, hands, draws, sides, start=None, centre=None):
    """Set up a given position (card lists bottom first; hands as up to 5 cards or 0/None).

    With centre piles given and not all empty, play starts at once (then
    the P-5 test runs) and start cards are ignored; otherwise the start
    cards lie face down and the game waits for every player to be ready
    (P-2). An empty hand slot is filled from the draw pile at once (P-4),
    slot 0 first. The position is game 1 of the match.
    """
    game._clear_table()
    played = False
    for q in range(game.players):
        hand = game.hands[q]
        given = hands[q]
        for s in range(_SLOTS):
            hand[s] = (given[s] or 0) if s < len(given) else 0
        game.draw[q].load(draws[q])
        game.side[q].load(sides[q])
        game.centre[q].load(centre[q] if centre else ())
        game.start[q] = (start[q] or 0) if start and q < len(start) else 0
        played = played or game.centre[q].n > 0
        game._refill(q)
    for q in range(game.players):
        if played:
            game.start[q] = 0
        game.games_won[q] = 0
        game.scores[q] = 0
    game.game_no = 1
    game.round = 1
    game.winner = game.game_winner = _NONE
    for q in range(game.players):
        game.ranking[q] = _NONE
    game.reports.clear()
    if played:
        game.phase = PH_PLAY
        game._check_stuck(0)
