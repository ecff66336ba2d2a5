"""CircuitPython's own VM in the loop: the .mpy bundles load on it, and the memory figures hold on it.

The VM and mpy-cross are CircuitPython 10.3's (tools/board/circuitpython.py, the
``cpvm`` fixture: skipped with the reason where gcc -m32 is missing, required
in CI). What each figure means: tools/bench/bench_cp.py and docs/performance.md.
"""

from conftest import ROOT
import json
import os
import subprocess

import pytest

import bench_cp
import boardinfo
import bundle
import circuitpython
from conftest import kit, register, registered_games

STANDINS = bench_cp.STANDINS

IMPORT_ALL = r'''
bad = []
for name in NAMES:
    try:
        __import__(name)
        if not __import__("sys").modules[name].__file__.endswith(".mpy"):
            bad.append(name + ": not from its .mpy")
    except Exception as e:
        bad.append("%s: %r" % (name, e))
print("RESULT", bad)
'''


def module_names(tree):
    """The import name of every .mpy of a bundle (lib/ is on the board's path, so it is no package)."""
    names = []
    for rel in bundle.files_of(tree):
        if rel.endswith(".mpy"):
            name = rel[:-4]
            if name.startswith("lib/"):
                name = name[4:]
            if name.endswith("/__init__"):
                name = name[:-9]
            names.append(name.replace("/", "."))
    return names


@pytest.fixture(scope="module")
def mpy_bundles(cpvm, tmp_path_factory):
    base = tmp_path_factory.mktemp("mpy-bundles")
    return {b: bundle.build(b, str(base / b), mpy_cross=cpvm["mpy-cross"])["out"] for b in boardinfo.BOARDS}


def test_the_vm_is_circuitpythons_32_bit_build(cpvm):
    done = subprocess.run([cpvm["micropython"], "-c", "import sys; print(sys.implementation.name, sys.maxsize)"],
                          capture_output=True, text=True)
    assert done.stdout.split() == ["circuitpython", str(2 ** 31 - 1)]  # a 32-bit build (64-bit: 2 ** 63 - 1)
    said = subprocess.run([cpvm["mpy-cross"], "--version"], capture_output=True, text=True).stdout
    assert "CircuitPython" in said and "mpy v6.3" in said


def test_the_vms_are_kept_outside_the_clone_keyed_by_the_kits_version_and_the_make_args(cpvm):
    """A fresh clone on the same machine finds the build (CI's clean clone does not build it again); another
    kit (its version and the digest of its sources) or other make arguments for the VMs (a hash of
    VM_MAKE_ARGS) get a folder of their own, so the cache never hands back a VM built otherwise."""
    _, _, version = circuitpython.source()
    home = os.sep + version.replace(os.sep, "_") + os.sep + circuitpython.build_key() + os.sep
    root = ROOT
    for name, path in cpvm.items():
        assert home in path, (name, path)
        stamp = os.path.join(os.path.dirname(path), "built.json")
        if name != circuitpython.BOARD_VM:
            stamp = os.path.join(os.path.dirname(os.path.dirname(path)), "built.json")  # beside bin/
        with open(stamp, encoding="utf-8") as f:
            assert json.load(f)["make"] == list(circuitpython.VM_MAKE_ARGS), (name, path)
        if not os.environ.get("SPIT_CIRCUITPYTHON_CACHE"):
            assert not os.path.abspath(path).startswith(root + os.sep), (name, path)


@pytest.mark.parametrize("vm, most", [("micropython-pystack", 2048), ("micropython-pystack1536", 1536)])
def test_the_pystack_vms_have_the_boards_pystack(cpvm, vm, most):
    """Recursion stops with 'pystack exhausted' at a depth set by the pystack's size."""
    program = "def r(n):\n    return r(n + 1) if n < 100000 else n\ntry:\n    r(0)\nexcept RuntimeError as e:\n" \
              "    print('RESULT', [str(e)])\n"
    result, _ = bench_cp.guest(cpvm[vm], program, [], "64k")
    assert result == ["pystack exhausted"]
    used = bench_cp.guest(cpvm[vm], "import micropython\nprint('RESULT', [micropython.pystack_use()])\n", [],
                          "64k")[0][0]
    assert 0 < used < most


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(boardinfo.BOARDS))
def test_every_mpy_of_every_bundle_is_circuitpythons_and_loads_on_its_vm(cpvm, mpy_bundles, board):
    tree = mpy_bundles[board]
    files = bundle.files_of(tree)
    assert [f for f in files if f.endswith(".py")] == ["code.py"]
    names = module_names(tree)
    assert {"engine.spit.rules", "ui.app", "hal." + boardinfo.BOARDS[board][0],
            "neopixel"} <= set(names)
    for rel in files:
        if rel.endswith(".mpy"):
            with open(os.path.join(tree, rel), "rb") as f:
                head = f.read(4)
            # 'C', mpy v6, bytecode only (no native code, so no sub-version), 31-bit small ints
            assert head == b"C\x06\x00\x1f", (rel, head)
    result, done = bench_cp.guest(cpvm["micropython"], IMPORT_ALL, [tree, os.path.join(tree, "lib"), STANDINS],
                                  "1m", NAMES=names)
    assert result == [], done.stdout + done.stderr


def test_a_missing_gcc_m32_is_one_line_naming_the_package(monkeypatch, tmp_path):
    """Without gcc -m32 (a gcc that cannot link 32-bit), building says so and names gcc-multilib."""
    fake = tmp_path / "gcc"
    fake.write_text("#!/bin/sh\necho 'cannot find crti.o' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + os.environ["PATH"])
    monkeypatch.setenv("SPIT_CIRCUITPYTHON_CACHE", str(tmp_path / "cache"))
    with pytest.raises(circuitpython.Unavailable, match="install gcc-multilib"):
        circuitpython.binaries()
    done = subprocess.run([os.sys.executable, os.path.join(bench_cp._path.ROOT, "tools", "board", "circuitpython.py")],
                          capture_output=True, text=True, env=dict(os.environ))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().count("\n") == 0 and "gcc-multilib" in done.stderr


@pytest.fixture(scope="module", params=[pytest.param(game, marks=pytest.mark.slow) for game in registered_games()])
def figures(cpvm, request):
    """Every figure of one game (each game alone, as a board holds only the chosen one); the toy game's too, its
    folders added to the bundle (bench_cp.home_of)."""
    with pytest.MonkeyPatch.context() as mp:
        register(mp)
        return bench_cp.measure(games=5, search=False, game=request.param)


def test_apply_and_the_cpu_players_allocate_nothing(figures):
    """0 bytes per steady apply() and per CPU frame (Speed's games are short: fewer calls in 5 games)."""
    assert figures["apply_calls"] > 100 and figures["apply_alloc"] == 0
    assert figures["cpu_frames"] > 1000 and figures["cpu_frame_alloc"] == 0


def test_a_frame_allocates_nothing_when_idle_or_when_a_card_lands(figures):
    """App.frame() on the board's hal (stand-in hardware, stand-in label): 0 bytes in either frame."""
    assert figures["play_frames"] > 100 and figures["play_frame_alloc"] == 0
    assert figures["idle_frames"] > 1000 and figures["idle_frame_alloc"] == 0


def test_games_run_within_the_boards_pystacks_and_end_as_on_cpython(figures):
    assert figures["all_over"] and figures["same_as_cpython"]
    assert figures["pystack_2048"] and figures["pystack_1536"]
    assert figures["pair_at_budget"]  # issue 33: level5 v level3, 10 games, 40 KB heap, 2 KB pystack


def test_import_heap_within_budget(figures):
    """Each game alone <= 18 KB after import (with its screen logic; its names at their entries' cost), <= 32 KB
    with its CPU levels."""
    assert 0 < figures["engine_import"] <= bench_cp.BUDGETS["engine_import"]
    assert 0 < figures["game_and_cpu_import"] <= bench_cp.BUDGETS["game_and_cpu_import"]
    assert not figures["broken"], figures["broken"]


@pytest.mark.slow
@pytest.mark.parametrize("game", registered_games())
def test_the_game_and_its_cpus_play_in_a_40_kb_heap(cpvm, registered, tmp_path, game):
    """CPU-against-CPU games (the demo's levels) play to the end in 40 KB from .mpy, and not in 24 KB."""
    bins, path = bench_cp.prepare("pybadge", str(tmp_path), bench_cp.home_of(game))
    assert bench_cp.plays(bins, path, 40, range(1, 11), game=game)
    assert not bench_cp.plays(bins, path, 24, range(1, 11), game=game)


def test_the_label_stand_in_is_separated_and_the_real_one_measured(figures):
    """The real bitmap_label allocates when its text changes (its new bitmap): measured apart."""
    assert figures["label_change_alloc"] > 0


def test_a_source_tree_that_is_not_circuitpython_is_one_line(monkeypatch, tmp_path):
    monkeypatch.setenv("SPIT_CIRCUITPYTHON_SRC", str(tmp_path))
    with pytest.raises(circuitpython.Unavailable, match="is not a CircuitPython source tree"):
        circuitpython.binaries()


def test_without_the_kit_or_a_source_tree_it_says_where_to_get_one(monkeypatch, tmp_path):
    monkeypatch.delenv("SPIT_CIRCUITPYTHON_SRC", raising=False)
    monkeypatch.setenv("SPIT_CIRCUITPYTHON_KIT", str(tmp_path / "no-kit"))
    with pytest.raises(circuitpython.Unavailable, match="no CircuitPython source.*SPIT_CIRCUITPYTHON_SRC"):
        circuitpython.binaries()


@pytest.mark.slow
@pytest.mark.parametrize("game", [name for name in registered_games() if kit(name).LINK_VM])
def test_a_linked_game_allocates_nothing_in_idle_and_play_frames(cpvm, game):
    """Link play (docs/link.md) on the VM: host and guest Apps linked by a preallocated ring, CPU players in
    both seats; 0 bytes in every frame where nothing is retexted, on both devices, and both end alike."""
    import bench_link_cp

    fig = bench_link_cp.measure(game)
    assert fig["broken"] == [], fig
    assert fig["idle_frames"] > 100 and fig["play_frames"] > 10
