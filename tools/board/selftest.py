"""Run the self-test on a board over USB and print its report.

    python tools/board/selftest.py [--port PORT] [--no-buttons] [--wait SECONDS]

The board must hold this game (tools/board/deploy.py). mpremote stops the game
(Ctrl-C), enters CircuitPython's raw REPL without a soft reset ("resume"),
and runs ``ui.selftest.main()`` (ui/selftest.py), whose lines are shown as
they come: board and firmware, free heap after start-up and at the table, a
seeded CPU-vs-random engine game with its time per frame, and a button check
that asks each player to press each button. Press the board's reset button
afterwards to play again. Exit status: 0 pass, 1 fail, 2 no report or a
garbled one (one line on standard error).
"""

import argparse
import json
import subprocess
import sys

import _path
from desktop.cli import Parser  # argparse with one-line errors

WORDS = "SELFTEST "


def command(port, buttons, wait_s, mpremote=None):
    """The mpremote command line that runs the device side."""
    code = "import ui.selftest\nui.selftest.main(buttons=%r, wait_ms=%d)\n" % (buttons, wait_s * 1000)
    base = mpremote.split() if mpremote else [sys.executable, "-m", "mpremote"]
    return base + ["connect", port, "resume", "exec", code]


NUMBER = (int, float)


def read_report(text):
    """The report dict from the text after SELFTEST; ValueError with one line when it is garbled."""
    try:
        report = json.loads(text)
    except RecursionError:
        raise ValueError("nested too deep") from None
    except ValueError as e:
        raise ValueError("not JSON (%s)" % str(e).splitlines()[0]) from None
    if not isinstance(report, dict):
        raise ValueError("not a JSON object")
    if not isinstance(report.get("pass"), bool):
        raise ValueError('no "pass": true or false')
    for key in ("board", "module", "firmware"):
        _check(report, key, str)
    for key in ("heap_menu", "heap_table"):
        _check(report, key, list)
        figures = report.get(key)
        if figures is not None and (len(figures) != 2 or not all(_is(v, NUMBER) for v in figures)):
            raise ValueError('"%s" is not [free bytes, largest block]' % key)
    _check(report, "heap_games", dict)
    for name, figures in (report.get("heap_games") or {}).items():
        if not isinstance(figures, list) or len(figures) != 2 or not all(_is(v, NUMBER) for v in figures):
            raise ValueError('"heap_games" of %.40s is not [free bytes, largest block]' % json.dumps(name))
    _check(report, "engine_game", dict)
    for key in ("frames", "frame_us_mean", "frame_ms_max"):
        _check(report.get("engine_game") or {}, key, NUMBER, "engine_game.")
    _check(report, "buttons", dict)
    for name, result in (report.get("buttons") or {}).items():
        if not isinstance(result, str):
            raise ValueError('buttons[%.40s] is not a word' % json.dumps(name))  # (escaped: one line, whatever it holds)
    return report


def _is(value, kinds):
    """value is None or of kinds (a bool is no number)."""
    return value is None or (isinstance(value, kinds) and not isinstance(value, bool))


def _check(report, key, kinds, where=""):
    if not _is(report.get(key), kinds):
        raise ValueError('"%s%s" is %s' % (where, key, type(report[key]).__name__))


def summary(report):
    """A few lines that say what the report found."""
    lines = ["board %s (%s), %s" % (report.get("board"), report.get("module"), report.get("firmware"))]
    for key, words in (("heap_menu", "after start-up"), ("heap_table", "at the table")):
        free, largest = report.get(key) or (None, None)
        lines.append("free heap %s: %s bytes, largest block %s" % (words, free, largest))
    for name, (free, largest) in sorted((report.get("heap_games") or {}).items()):
        lines.append("free heap at %s's table: %s bytes, largest block %s" % (name, free, largest))
    game = report.get("engine_game") or {}
    lines.append("engine game: %s frames, %s us a frame, %s ms at most"
                 % (game.get("frames"), game.get("frame_us_mean"), game.get("frame_ms_max")))
    buttons = report.get("buttons")
    if buttons is not None:
        bad = sorted(k for k, v in buttons.items() if v != "ok")
        lines.append("buttons: %s" % ("all %d ok" % len(buttons) if not bad else "check " + ", ".join(bad)))
    lines.append("PASS" if report.get("pass") else "FAIL")
    return lines


def run(cmd, out=None, err=None):
    """Run cmd, echo its output as it comes; return (exit status, the report dict or None)."""
    out = out or sys.stdout
    err = err or sys.stderr
    report = garbled = None
    seen_import_error = False
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
                                encoding="utf-8", errors="replace")  # a serial line can garble bytes
    except OSError as e:
        print("selftest: cannot run %s: %s (pip install -r requirements-dev.txt)" % (cmd[0], e), file=err)
        return 2, None
    for line in proc.stdout:
        if line.startswith(WORDS):
            try:
                report, garbled = read_report(line[len(WORDS):]), None
            except ValueError as e:
                report, garbled = None, str(e)
            continue
        if "no module named 'ui" in line.lower() or "no module named 'hal" in line.lower():
            seen_import_error = True
        out.write(line)
        out.flush()
    status = proc.wait()
    if garbled is not None:
        print("selftest: the board's report is garbled (%s): run the self-test again" % garbled, file=err)
        return 2, None
    if report is None:
        hint = ("the board has no ui/selftest.py: copy the game first (python tools/board/deploy.py BOARD)"
                if seen_import_error else "is the board plugged in, with nothing else using its serial port?")
        print("selftest: no self-test report (mpremote exit status %d): %s" % (status, hint), file=err)
        return 2, None
    print("", file=out)
    for line in summary(report):
        print(line, file=out)
    return (0 if report.get("pass") else 1), report


def seconds(text):
    """argparse type: a whole number of seconds from 1 to 600."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a whole number of seconds, got %r" % text) from None
    if not 1 <= value <= 600:
        raise argparse.ArgumentTypeError("expected 1 to 600 seconds, got %d" % value)
    return value


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", default="auto", help="the board's serial port (default: mpremote finds it)")
    parser.add_argument("--no-buttons", action="store_true", help="skip the button check")
    parser.add_argument("--wait", type=seconds, default=10, metavar="SECONDS", help="time for each button (10)")
    parser.add_argument("--mpremote", metavar="CMD", help="the mpremote command (default: this Python's)")
    args = parser.parse_args(argv)
    status, _ = run(command(args.port, not args.no_buttons, args.wait, args.mpremote))
    return status


if __name__ == "__main__":
    _path.run(main)
