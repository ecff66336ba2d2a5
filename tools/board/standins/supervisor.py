"""Stand-in for supervisor: ticks_ms from the host's clock."""

import time


def ticks_ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms() & 0x1FFFFFFF
    return int(time.monotonic() * 1000) & 0x1FFFFFFF
