"""What happens outside the board in a simulated run: scripted key presses and joystick moves.

The stand-ins of keypad and analogio read from here. ``SCRIPT`` holds steps,
``("key", key_number, pressed)`` or ``("stick", x, y)``; they start to happen
once the game clears its key queue (``ARMED``), one every ``GAP_MS`` at most,
when the key queue is read empty: a stick move stays long enough to be polled.
"""

import supervisor

SCRIPT = []
ARMED = [False]
ANALOG = {}  # pin name -> value
GAP_MS = 30
_LAST = [None]


def step():
    """The next scripted key event as (key_number, pressed), or None (a stick move, or nothing)."""
    if not ARMED[0] or not SCRIPT:
        return None
    now = supervisor.ticks_ms()
    if _LAST[0] is not None and ((now - _LAST[0]) & 0x1FFFFFFF) < GAP_MS:
        return None
    _LAST[0] = now
    kind, a, b = SCRIPT.pop(0)
    if kind == "key":
        return (a, b)
    ANALOG["JOYSTICK_X"] = a
    ANALOG["JOYSTICK_Y"] = b
    return None
