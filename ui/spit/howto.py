"""Spit's how-to-play page: its lines (at most 24 characters each; {0} and {1} are player 1's and
player 2's buttons as the device names them, {2} its pause). The menu loads it while the page is shown."""

LINES = (
    "HOW TO PLAY SPIT",
    "Empty your stocks: one",
    "rank up or down (K-A-2).",
    "Up/Down: pick a stock",
    "Left/Right: play it on",
    " that pile, turn it up,",
    " or fill an empty slot",
    "Any key: say Spit!",
    "End: slap the small pile",
    "A miss locks you briefly",
    "P1 {0}  P2 {1}",  # the device's buttons (ui.menu.howto)
    "Pause: {2}",  # (the device's pause: a chord, and Esc where there is one)
)
