"""Spit: the program a CircuitPython board runs at start.

Until the screen and buttons arrive (the UI issue), it plays a game between
two random players and prints what happens on the serial console, so a board
with this bundle shows that the engine runs on it. On a desktop,
``python3 code.py`` does the same.
"""

import time

from engine.actions import NONE
from engine.randplay import RandomPlay
from engine.replay import describe
from engine.spit import OVER, Spit


def main(seed=None):
    """Play one random game to its end, printing every report."""
    if seed is None:
        seed = int(time.monotonic() * 1000) & 0xFFFF
    game = Spit(seed=seed)
    player = RandomPlay(game, seed)
    reports = game.reports
    print("Spit: a random game, seed", seed)
    actions = 0
    while game.phase != OVER and actions < 100000:
        n = player.step()
        if not n:
            break
        actions += n
        while True:
            i = reports.pop()
            if i < 0:
                break
            print("%7.3fs  %s" % (player.t / 1000, describe(tuple(reports.buf[i:i + 5]))))
    who = "a draw" if game.winner == NONE else "player %d wins" % game.winner
    print("Game over after %d rounds and %d actions: %s." % (game.round, actions, who))


if __name__ == "__main__":  # CircuitPython runs code.py as __main__ too
    main()
