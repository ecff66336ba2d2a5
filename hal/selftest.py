"""The self-test's hardware checks: the heap, the firmware, the board, each button (ui/selftest.py runs them).

tools/board/selftest.py runs the self-test on a board through mpremote; by hand, at
the board's REPL (Ctrl-C, then any key)::

    >>> import ui.selftest
    >>> ui.selftest.main()

What is here needs only the board and its hal object: the free heap after a
collection (with the largest block that can still be allocated), the
firmware's version, ``board.board_id``, and a button check that asks each
player to press each button (the lights show whose turn it is; each right
press beeps). The App and the games it measures are ui/selftest.py's.
"""

import sys

import hal
from engine.timing import ticks_add, ticks_diff
from hal import device

WORDS = ("up", "down", "left", "right")


def heap(probe=True):
    """[free bytes, largest allocatable block or None] after a collection."""
    device.collect()
    free = device.mem_free()
    return [free, largest_block(free) if probe else None]


def largest_block(limit):
    """The largest bytearray that can be allocated now (to 256 bytes), found by bisection."""
    lo, hi = 0, limit + 1  # lo fits, hi does not
    while hi - lo > 256:
        mid = (lo + hi) // 2
        try:
            block = bytearray(mid)
            del block
            lo = mid
        except MemoryError:
            hi = mid
    device.collect()
    return lo


def firmware():
    """The CircuitPython (or MicroPython) version as text, and the machine it says it runs on."""
    version = ".".join(str(n) for n in sys.implementation.version[:3])
    machine = ""
    try:
        import os

        uname = os.uname()
        version = uname.release
        machine = uname.machine
    except (ImportError, AttributeError):
        pass
    return "%s %s" % (sys.implementation.name, version), machine


def board_id():
    """board.board_id, or "?" where there is no board module."""
    try:
        import board

        return board.board_id
    except (ImportError, AttributeError):
        return "?"


def button_check(h, wait_ms):
    """Ask for each button of each player in turn; {name: "ok", "timeout" or "wrong: <name>"}."""
    names = getattr(h, "key_names", None) or tuple("P%d %s" % (k // 4 + 1, WORDS[k % 4]) for k in range(8))
    event = h.Event()
    results = {}
    h.events.clear()
    pixels = h.pixels
    for key in range(2 * hal.BUTTONS):
        player = key // hal.BUTTONS
        print("  player %d: press %s (%s) ..." % (player + 1, WORDS[key % 4], names[key]))
        if pixels is not None:  # light the half of the strip on this player's side
            n = len(pixels)
            for i in range(n):
                side = 0 if i < n // 2 else 1 if i >= n - n // 2 else -1
                pixels[i] = 0x003000 if side == player else 0
            pixels.show()
        deadline = ticks_add(h.ticks_ms(), wait_ms)
        result = "timeout"
        while result == "timeout" and ticks_diff(deadline, h.ticks_ms()) > 0:
            h.poll()
            while h.events.get_into(event):
                if event.pressed:
                    k = event.key_number
                    result = "ok" if k == key else "wrong: %s" % (names[k] if 0 <= k < len(names) else k)
                    break
            h.sleep_ms(5)
        if result == "ok":
            h.tone(880, 60)
        print("    %s" % result)
        results[names[key]] = result
    h.poll()
    if pixels is not None:
        pixels.fill(0)
        pixels.show()
    return results


def heap_words(figures):
    """[free, largest] as words: 1234 bytes (largest block 1000 bytes)."""
    free, largest = figures
    return "%d bytes (largest block %s)" % (free, "%d bytes" % largest if largest is not None else "not probed")
