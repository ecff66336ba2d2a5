"""Snap's how-to-play page: its lines (at most 24 characters; {0} and {1} are the players' buttons)."""

LINES = (
    "HOW TO PLAY SNAP",
    "Left: flip your top card",
    " onto the centre pile",
    "Two of a rank on top:",
    " Right snaps them first",
    "The snapped pile goes",
    " under the other's pile",
    "False snap: you take it",
    "Empty pile wins!",
    "P1 {0}  P2 {1}",
)
