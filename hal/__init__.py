"""The hardware abstraction: one module per target, each exporting the same names.

``choose()`` picks the module once, at start; the game then builds
``module.Hal(width, height, **options)`` and never asks which target it is on.
Every target module exports:

- ``Hal``: ``display`` (displayio; auto-refresh off, ``present()`` refreshes
  it), ``events`` (``get_into(event)``), ``pixels`` (5 NeoPixels, ``show()``
  after changing them), ``tone(frequency_hz, duration_ms)``, ``sound``,
  ``ticks_ms()``, ``poll()``, ``present()``, ``load_settings()``,
  ``save_settings(settings)``, ``deinit()``.
- ``Event``: the class to read events into (``key_number``, ``pressed``,
  ``timestamp`` in ticks_ms): a ``keypad.Event`` on the desktop.

These are the boards' modules. The desktop's targets (the window, headless,
the browser's) export the same names but live in desktop/, which no board
has: desktop/cli.py chooses one of them, never this package.

Key numbers are ``player * 4 + button``, buttons ``UP, DOWN, LEFT, RIGHT``; ``PAUSE``
is a keyboard's pause key (a board pauses with a chord of its buttons, ui/app.py).
Their home is engine/actions.py (the App reads them there); this package names them too.
Board modules also export ``record_game(game, mode, level, won, ms)`` and
``stats()`` (hal/nvmstore.py); so do the desktop's.
This package imports nothing heavy, so ``import hal`` is cheap on a board.
"""

import sys

from engine.actions import BUTTONS, DOWN, LEFT, PAUSE, RIGHT, UP  # noqa: F401  (the key numbers' one home)


# board.board_id -> the hal module for it (settings.toml's SPIT_BOARD may name either)
BOARDS = {
    "pybadge": "pybadge",  # the PyBadge and the PyBadge LC run the same firmware
    "edgebadge": "pybadge",
    "pygamer": "pygamer",
    "raspberry_pi_pico": "pico",
    "raspberry_pi_pico_w": "pico",
    "raspberry_pi_pico2": "pico",
    "raspberry_pi_pico2_w": "pico",
}
MODULES = ("pybadge", "pygamer", "pico")


def module_name(target):
    """The hal module's name for a target: a module name or a board id; None when there is none."""
    target = BOARDS.get(target, target)
    return target if target in MODULES else None


def choose(target=None):
    """The board's hal module for target: a module name, a board id, or None for this board's own.

    On a board that is ``SPIT_BOARD`` from settings.toml, else ``board.board_id``;
    a computer names one (a board's module, run on stand-ins), or gets a
    ValueError: the desktop's own targets are desktop/'s. Only the chosen module
    is imported.
    """
    on_board = sys.implementation.name == "circuitpython"
    if target is None and on_board:
        import os

        import board

        target = os.getenv("SPIT_BOARD") or board.board_id
    name = module_name(target)
    if name is None:
        if on_board:
            raise RuntimeError("no hal module for board %r: set SPIT_BOARD in settings.toml to one of %s"
                               % (target, ", ".join(MODULES)))
        raise ValueError("unknown hal target %r: use one of %s (the desktop's are desktop/'s)"
                         % (target, ", ".join(MODULES)))
    try:
        __import__("hal." + name)  # by name, so that a bundle holds only its own board's module
    except ImportError as e:
        if on_board and "hal." + name in str(e):
            raise RuntimeError("this CIRCUITPY has no hal/%s.py: it was made for another board "
                               "(run tools/board/deploy.py for this one)" % name) from e
        raise
    return sys.modules["hal." + name]
