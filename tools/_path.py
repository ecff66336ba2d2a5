"""What every tool does first: put the repository root on sys.path (so tools import
engine/ when run as scripts), and run its main() with a quiet Ctrl-C and pipe close."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def run(main):
    """Exit with main()'s status; 130 on Ctrl-C, 0 when the reader of our output went away."""
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
