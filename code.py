"""Spit: the two-player real-time card game, for CircuitPython boards and the desktop.

On a board, CircuitPython runs this file at start and the game begins. On a
desktop, ``python3 code.py`` opens the simulator window; ``--help`` lists the
headless, script and replay options (ui/cli.py).
"""

import sys


def board_main():
    """Start the game on the board's own hardware (hal chooses the board module)."""
    import hal
    from ui.app import App

    App(hal.choose().Hal()).run()


if __name__ == "__main__":  # CircuitPython runs code.py as __main__ too
    if sys.implementation.name == "circuitpython":
        board_main()
    else:
        try:
            from ui.cli import main

            status = main(sys.argv[1:])
        except ModuleNotFoundError as e:  # a Python without the simulator's packages (Blinka, pygame)
            if (e.name or "").split(".")[0] in ("", "code", "engine", "hal", "tools", "ui"):
                raise
            print("spit: this Python has no %s (the simulator's packages are not installed): run `make run`, "
                  "which installs them in .venv, or `.venv/bin/python code.py ...`" % e.name, file=sys.stderr)
            status = 2
        sys.exit(status)
