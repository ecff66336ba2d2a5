"""A board without a board: CircuitPython's modules stood in for, on CPython or on the MicroPython VM.

tools/board/standins/ holds small stand-ins of board, keypad, displayio, busdisplay,
neopixel, supervisor, microcontroller and the rest (the same files run on both
Pythons); tools/board/standins/_sim.py scripts the key presses and joystick moves.
"""

import contextlib
import importlib
import json
import os
import shutil
import stat
import sys

STANDINS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "board", "standins")
NAMES = sorted(n[:-3] for n in os.listdir(STANDINS) if n.endswith(".py"))
GAME = ("hal.device", "hal.nvmstore", "hal.pybadge", "hal.pygamer", "hal.pico", "hal.selftest")


@contextlib.contextmanager
def board_modules(env=None):
    """On CPython: import the stand-ins as CircuitPython's modules for a while, and the hal board code.

    Whatever was in sys.modules under those names (Blinka's) is put back after,
    and the hal modules imported meanwhile are forgotten. env sets os.environ
    entries (settings.toml) for the time.
    """
    saved = {name: sys.modules.get(name) for name in NAMES + list(GAME)}
    old_env = {k: os.environ.get(k) for k in (env or {})}
    for name in NAMES + list(GAME):
        sys.modules.pop(name, None)
    sys.path.insert(0, STANDINS)
    os.environ.update(env or {})
    try:
        for name in NAMES:
            importlib.import_module(name)
        yield sys.modules
    finally:
        sys.path.remove(STANDINS)
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        for k, v in old_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        import hal

        for name in GAME:
            if hasattr(hal, name.split(".")[1]):
                delattr(hal, name.split(".")[1])


# ---- the device side of the self-test on the MicroPython VM -------------------------------

VM_MAIN = r'''
import sys
import gc
gc.disable()  # the VM's collector does not see live frames (tools/bench/bench_mpy.py): no collection at all
for path in ("/input/lib", "/input", "/input/_standins"):
    sys.path.insert(0, path)
import _sim
_sim.SCRIPT.extend(SCRIPT)
import os
for k, v in ENV.items():
    os.putenv(k, v)
import board
board.board_id = BOARD_ID
import hal.device
hal.device.collect = lambda: None
import ui.selftest
try:
    ui.selftest.main(target=TARGET, wait_ms=WAIT_MS, frames=FRAMES, probe=False)
    print("nvm", bytes(__import__("microcontroller").nvm[:8]))
except BaseException as e:
    print("EXCEPTION")
    sys.print_exception(e, sys.stdout)
'''


def vm_selftest(bundle_dir, work, board_id, target, script=(), env=None, wait_ms=3000, frames=3):
    """Run ui.selftest.main() of a built bundle on the MicroPython VM; (its output, the report or None)."""
    from mpyvm import run

    tree = os.path.join(work, "vm-" + target)
    if os.path.exists(tree):
        shutil.rmtree(tree)
    shutil.copytree(bundle_dir, tree)
    shutil.copytree(STANDINS, os.path.join(tree, "_standins"))
    head = "SCRIPT = %r\nENV = %r\nBOARD_ID = %r\nTARGET = %r\nWAIT_MS = %d\nFRAMES = %d\n" % (
        list(script), dict(env or {}), board_id, target, wait_ms, frames)
    result = run(head + VM_MAIN, readonly_dir=tree, fuel=10 ** 13, wall_timeout_seconds=None)
    report = None
    for line in result.stdout.splitlines():
        if line.startswith("SELFTEST "):
            report = json.loads(line[len("SELFTEST "):])
    return result.stdout, report


def fake_mpy_cross(tmp_path, says):
    """An executable that answers --version with says and 'compiles' like mpy-cross -o OUT -s NAME SRC."""
    path = tmp_path / "mpy-cross"
    path.write_text("#!%s\nimport sys\nargs = sys.argv[1:]\nif args == ['--version']:\n    print(%r)\n"
                    "    sys.exit(0)\nout = args[args.index('-o') + 1]\nsrc = args[-1]\n"
                    "open(out, 'wb').write(b'C\\x06' + open(src, 'rb').read()[:8])\n" % (sys.executable, says))
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)
