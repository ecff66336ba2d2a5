"""What every tool does first: put the repository root and tools/'s folders on sys.path (so tools import
engine/ and each other when run as scripts; tools/cpython/ last, for a Python without Blinka), and run
its main() with a quiet Ctrl-C and pipe close, and one line (exit status 2) when its
standard output cannot be written."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
# tools/ by purpose (docs/house.md): a tool imports another by its name, whichever folder either is in
FOLDERS = tuple(os.path.join(ROOT, "tools", *sub) for sub in ((), ("board",), ("bench",), ("doubles",)))
sys.path[1:1] = [f for f in FOLDERS if f not in sys.path]
# The engine's ``from micropython import const``: Blinka's module (requirements.txt) where it is
# installed, else tools/cpython/'s (a bare python3: make demo, tools/replay.py): last, so never in its way.
CPYTHON = os.path.join(ROOT, "tools", "cpython")
if CPYTHON not in sys.path:
    sys.path.append(CPYTHON)


class _Watched:
    """Standard output, remembering the first error a write or flush of it raised (argparse, for one,
    swallows them)."""

    def __init__(self, stream):
        self._stream = stream
        self.error = None

    def write(self, text):
        try:
            return self._stream.write(text)
        except (OSError, ValueError) as e:  # ValueError: something closed it
            self.error = self.error or e
            raise

    def flush(self):
        try:
            self._stream.flush()
        except (OSError, ValueError) as e:
            self.error = self.error or e
            raise

    def __getattr__(self, name):
        return getattr(self._stream, name)


def run(main):
    """Exit with main()'s status; 130 on Ctrl-C, 0 when the reader of our output went away,
    2 with one line on standard error when standard output cannot be written (a full disk)."""
    out = None
    if sys.stdout is not None:
        out = sys.stdout = _Watched(sys.stdout)
    status = 0
    try:
        status = main()
    except KeyboardInterrupt:
        status = 130
    except SystemExit as e:  # argparse's --help and errors, a tool's own exit
        status = e.code
    except (OSError, ValueError):
        if out is None or out.error is None:
            raise  # not standard output's: the tool's own error
    if out is not None:
        try:
            out.flush()  # what is still buffered, now, while a failure can be reported
        except (OSError, ValueError):
            pass  # remembered in out.error
        if isinstance(out.error, BrokenPipeError):
            _silence(out)
            if status != 130:
                status = 0  # the reader went away: nothing to say
        elif out.error is not None:
            _silence(out)
            tool = os.path.splitext(os.path.basename(sys.argv[0] or "tool"))[0]
            reason = getattr(out.error, "strerror", None) or "it was closed"
            print("%s: cannot write to standard output: %s" % (tool, reason), file=sys.stderr)
            status = 2
    sys.exit(status)


def _silence(out):
    """Point standard output at the null device, so the interpreter's last flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # ValueError: no real file behind standard output
        pass
