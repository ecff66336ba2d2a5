"""``micropython.const`` for a CPython without Blinka (``make demo``, tools/replay.py on a bare python3).

tools/_path.py puts this folder last on sys.path, so Blinka's own
``micropython`` (requirements.txt) wins wherever it is installed, and a
board's built-in one is never shadowed: there, mpy-cross folds
``_NAME = const(...)`` into the code.
"""


def const(x):
    """x itself."""
    return x
