"""California Spit's how-to-play page: its lines (at most 24 characters each; {0} and {1} are player 1's and
player 2's buttons as the device names them, {2} its pause). The menu loads it while the page is shown."""

LINES = (
    "HOW TO PLAY CALIFORNIA",
    "Same-rank tops match:",
    "cover all with your pile",
    "Up/Down: move your mark",
    "Left/Right: cover the",
    " pile at your mark",
    "A miss locks you briefly",
    "No match left: new deal",
    "Last card laid wins!",
    "P1 {0}  P2 {1}",  # the device's buttons (ui.menu.howto)
    "Pause: {2}",  # (the device's pause: a chord, and Esc where there is one)
)
