"""Speed's how-to-play page: its lines (at most 24 characters each; {0} and {1} are player 1's and
player 2's buttons as the device names them, {2} its pause). The menu loads it while the page is shown."""

LINES = (
    "HOW TO PLAY SPEED",
    "Play onto the centre one",
    "rank up or down (K-A-2).",
    "Up/Down: pick a card",
    "Left/Right: on that pile",
    " (3-4 seats: first fit)",
    "Stuck? Any key: ready",
    "Out of cards: Up = SPEED",
    "Counts: draw (corners),",  # the three number sets on the table (ui/speed/table.py)
    " side over, pile under",
    "P1 {0}  P2 {1}",  # the device's buttons (ui.menu.howto)
    "Pause: {2}",  # (the device's pause: a chord, and Esc where there is one)
)
