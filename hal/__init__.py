"""The hardware abstraction: one module per target, each exporting the same names.

``choose()`` picks the module once, at start; the game then builds
``module.Hal(width, height, **options)`` and never asks which target it is on.
Every target module exports:

- ``Hal``: ``display`` (displayio; auto-refresh off, ``present()`` refreshes
  it), ``events`` (``get_into(event)``), ``pixels`` (5 NeoPixels, ``show()``
  after changing them), ``tone(frequency_hz, duration_ms)``, ``sound``,
  ``ticks_ms()``, ``poll()``, ``present()``, ``load_settings()``,
  ``save_settings(settings)``, ``deinit()``.
- ``Event``: the ``keypad.Event`` to read events into, with ``timestamp``.

Key numbers are ``player * 4 + button``, buttons ``UP, DOWN, LEFT, RIGHT``.
This package imports nothing heavy, so ``import hal`` is cheap on a board.
"""

import sys

UP = 0
DOWN = 1
LEFT = 2
RIGHT = 3
BUTTONS = 4  # per player: key_number = player * BUTTONS + button


class NoDisplay(RuntimeError):
    """The desktop target found no screen to open its window on."""


def choose(target=None):
    """The hal module for target: "desktop", "headless", or None for this machine's own."""
    if target is None:
        if sys.implementation.name == "circuitpython":
            import board

            target = board.board_id
        else:
            target = "desktop"
    if target == "desktop":
        from hal import desktop

        return desktop
    if target == "headless":
        from hal import headless

        return headless
    if sys.implementation.name == "circuitpython":
        raise RuntimeError("no hal module for board %r yet (the board issue adds them)" % target)
    raise ValueError("unknown hal target %r: use 'desktop' or 'headless'" % target)
