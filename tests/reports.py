"""What a game reported since it was last asked: its reports ring emptied into a list (for the engines' tests)."""


def drain(game):
    """Every report waiting in game.reports, oldest first, each a (kind, player, a, b, c) tuple; the ring empties."""
    got = []
    while True:
        r = game.reports.pop()
        if r < 0:
            return got
        got.append(tuple(game.reports.buf[r:r + 5]))
