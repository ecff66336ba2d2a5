"""What the page and the bot lab's worker run first in Pyodide (web/boot.js): the paths, and displayio's shim.

Blinka's displayio starts a background refresh thread when it is imported,
which Pyodide (no threads) refuses; every target here refreshes by hand
(auto-refresh off, hal.present), so the thread is not started at all.
"""

import os
import sys


def setup(root="/spit"):
    """Put the game's files on sys.path and import displayio without its thread."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # Blinka: fake pins, no board probing
    for i, path in enumerate((root, root + "/tools")):
        if path not in sys.path:
            sys.path.insert(i, path)
    import threading

    start = threading.Thread.start
    threading.Thread.start = lambda self: None
    try:
        import displayio  # noqa: F401
    finally:
        threading.Thread.start = start
