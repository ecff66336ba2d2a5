"""A tool run as its command line runs it, in this process: what subprocess.run would report, without a fresh Python.

    done = inproc.run(["tools/demo.py", "--seed", "+5"])
    done.returncode, done.stdout, done.stderr

The file is run as ``__main__`` (runpy), so its own start-up runs as from the
shell: ``_path.run`` around its ``main()``, one line and exit status 2 when
standard output cannot be written, argparse's exit 2. Standard input, output
and error are text streams over bytes (so ``sys.stdin.buffer`` is there),
decoded as subprocess's ``text=True`` decodes them; ``stdout=`` takes an open
file instead (``/dev/full``). ``cwd`` and ``env`` hold for the run and are put
back after it, with sys.argv, sys.path, the standard streams and the address space's limit
(tools/tournament.py caps it).

What a fresh process shows that this cannot (its interpreter's start and last
flush, a package missing from it): every tool keeps one test that starts it
as a real process (tests/tools/test_tool_limits.py runs each one's --help into
/dev/full).
"""

import io
import os
import resource
import runpy
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Done:
    """What subprocess.run returns, for the fields the tests read."""

    def __init__(self, args, returncode, stdout, stderr):
        self.args = args
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        return "Done(%r, returncode=%r)" % (self.args, self.returncode)


def _text(stream):
    """The bytes written to a stream of _stream(), as subprocess's text mode reads them (universal newlines)."""
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def _stream(data=b"", errors="strict"):
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors=errors, write_through=True)


def run(args, input=None, stdout=None, cwd=None, env=None):
    """Run args[0] (a path from the repository's root, or absolute) with args[1:] as sys.argv; a Done.

    input: text for standard input (else it is empty); stdout: an open file to write to instead of capturing.
    """
    path = args[0] if os.path.isabs(args[0]) else os.path.join(ROOT, args[0])
    saved = (sys.argv, sys.stdin, sys.stdout, sys.stderr, list(sys.path), dict(os.environ), os.getcwd(),
             resource.getrlimit(resource.RLIMIT_AS))
    out = _stream() if stdout is None else stdout
    err = _stream(errors="backslashreplace")
    sys.argv = [path] + [str(a) for a in args[1:]]
    sys.stdin = _stream((input or "").encode("utf-8"))
    sys.stdout, sys.stderr = out, err
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    if cwd is not None:
        os.chdir(cwd)
    try:
        runpy.run_path(path, run_name="__main__")
        code = 0
    except SystemExit as e:
        code = e.code
        if code is None:
            code = 0
        elif not isinstance(code, int):  # sys.exit("message"): the message on standard error, status 1
            print(code, file=sys.stderr)
            code = 1
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved[:4]
        sys.path[:] = saved[4]
        if os.environ != saved[5]:
            os.environ.clear()
            os.environ.update(saved[5])
        os.chdir(saved[6])
        if resource.getrlimit(resource.RLIMIT_AS) != saved[7]:
            resource.setrlimit(resource.RLIMIT_AS, saved[7])
    return Done(args, code, _text(out) if stdout is None else None, _text(err))
