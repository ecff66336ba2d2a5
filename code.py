"""Spit: the two-player real-time card game, for CircuitPython boards and the desktop.

On a board, CircuitPython runs this file at start and the game begins. On a
desktop, ``python3 code.py`` opens the simulator window; ``--help`` lists the
headless, script and replay options (desktop/cli.py).
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
        import os

        sys.path.insert(1, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools"))
        import _path  # the tools' start-up: a quiet Ctrl-C, one line when standard output cannot be written

        def desktop_main():
            """The simulator, or one line when this Python lacks its packages; the exit status."""
            try:
                from desktop.cli import main

                return main(sys.argv[1:])
            except ModuleNotFoundError as e:  # a Python without the simulator's packages (Blinka, pygame)
                if (e.name or "").split(".")[0] in ("", "code", "desktop", "engine", "hal", "tools", "ui"):
                    raise
                print("spit: this Python has no %s (the simulator's packages are not installed): run "
                      "`make run`, which installs them in .venv, or `.venv/bin/python code.py ...`" % e.name,
                      file=sys.stderr)
                return 2

        _path.run(desktop_main)
