"""What a person's eyes and hands cost, per level: the timing model every CPU player pays.

A move is: see the table change, choose (the think time), then press the
buttons one by one (the press time each; the first press ends the think
time). The think time is an ex-Gaussian, the usual shape of human reaction
times: a normal part (mean MU, spread SIGMA) plus an exponential tail (mean
TAU). SEE is how long a change must have been on the table before a player
who is already looking can act on it. Slips are per thousand decisions: a
play overlooked (MISS) and a card pushed toward the wrong pile (WRONG).
The figures and where they come from: docs/bots.md.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython


MU = const(0)
SIGMA = const(1)
TAU = const(2)
SEE = const(3)
PRESS = const(4)
JITTER = const(5)  # a press takes PRESS +- JITTER ms
MISS = const(6)
WRONG = const(7)

# Row n is level n; row 0 the relaxed CPU's (issue 34: slower than level 1, so that a young or new player
# can win: its times two ratios of the ladder below level 1's, its slips level 1's). Times in ms, slips per
# thousand plays. Level 1 is a beginner (about 2 s a move), level 8 a fast, accurate adult (about
# 0.45 s); every figure goes from one to the other in equal ratios (docs/bots.md).
#      MU  SIGMA  TAU  SEE  PRESS JITTER MISS WRONG
HANDS = (
    (1740, 260, 1130, 430, 550, 130, 180, 90),  # 0: relaxed
    (1150, 170, 650, 300, 380, 90, 180, 90),  # 1
    (937, 135, 492, 256, 319, 73, 108, 55),  # 2
    (764, 106, 372, 219, 268, 59, 65, 34),  # 3
    (623, 84, 281, 187, 225, 47, 39, 21),  # 4
    (508, 67, 213, 160, 189, 38, 23, 13),  # 5
    (414, 53, 161, 137, 159, 31, 14, 8),  # 6
    (337, 42, 122, 117, 133, 25, 8, 5),  # 7
    (275, 33, 92, 100, 112, 20, 5, 3),  # 8
)
LEVELS = const(8)

# Quantiles of the exponential distribution with mean 1000 (the (i + 0.5)/32-th),
# so a think time needs no float and no log at run time.
_EXP = const((16, 48, 81, 116, 152, 189, 227, 267, 309, 352, 398, 445, 495, 548, 604, 662,
        725, 792, 863, 940, 1023, 1114, 1214, 1326, 1451, 1594, 1761, 1962, 2213, 2549, 3060, 4159))


def think_ms(hands, rng):
    """One think time (ms) drawn from a level's ex-Gaussian."""
    s = hands[SIGMA]
    w = 2 * s + 1
    # three uniform draws on [-s, s] add up to a bell of spread s (Irwin-Hall)
    normal = rng.below(w) + rng.below(w) + rng.below(w) - 3 * s
    t = hands[MU] + normal + hands[TAU] * _EXP[rng.below(32)] // 1000
    return t if t > 80 else 80


def press_ms(hands, rng):
    """One gap between two presses (ms)."""
    j = hands[JITTER]
    return hands[PRESS] - j + rng.below(2 * j + 1)
