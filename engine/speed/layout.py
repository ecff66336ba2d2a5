"""Speed's rarely asked parts: setting up a given position (replay files' layouts, tests), the legal
actions (engine.randplay's random players) and the dead position that such a layout (or the rarest of
deals) can reach. A board's game loads it only for the last."""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.actions import PH_PLAY, PH_READY
from engine.actions import PLAY as _PLAY, READY as _READY
from engine.cards import JOKER

_PH_CALL = const(5)  # Speed's own (engine/speed/file.py names them)
_SPEED = const(6)


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
        game.deadline = game.now  # P-7's stall clock starts with play
        game._check_stuck(0)


def deadlock(game):
    """Nobody can play and no card can ever be turned (P-7's decision): fewest cards held wins, equal is a draw."""
    best = _NONE
    fewest = 1000
    for q in range(game.players):
        held = game.cards_held(q)
        if held < fewest:
            fewest = held
            best = q
        elif held == fewest:
            best = _NONE  # equal to the fewest so far: a draw unless someone holds fewer
    game._game_over(best)


def legal(game, p, out):
    """Speed.legal: player p's useful legal actions in out as (verb, a, b) byte triples; the count."""
    n = 0
    phase = game.phase
    if phase == PH_PLAY:
        players = game.players
        masks = game._masks
        for i in range(players):
            masks[i] = game._mask(i)
        blocked = game._strands_joker(p)
        hand = game.hands[p]
        i = 0
        for s in range(_SLOTS):
            card = hand[s]
            if not card:
                continue
            joker = card >> 4 == JOKER
            if blocked and not joker:
                continue
            for pile in range(players):
                m = masks[pile]
                if m and (joker or (m >> (card & 15)) & 1):
                    out[i] = _PLAY
                    out[i + 1] = s
                    out[i + 2] = pile
                    i += 3
        n = i // 3
    elif phase == PH_READY:
        if not game.ready[p]:
            out[0] = _READY
            out[1] = 0
            out[2] = 0
            n = 1
    elif phase == _PH_CALL:  # call: the player out to win, the others to penalise; race: anyone to win
        out[0] = _SPEED
        out[1] = 0
        out[2] = 0
        n = 1
    return n
