"""The engine's memory budgets on a real MicroPython VM (tools/bench/bench_mpy.py, 5 games).

Each game whose kit (tests/kits/) says how many games to play here (MPY_GAMES: Spit's 5, Speed's 12, its games
being short); the others' budgets are measured on CircuitPython's VM (tests/tools/test_circuitpython.py).
The figures and what they mean: docs/performance.md.
"""

import pytest

import bench_mpy
from conftest import kit, registered_games

GAMES = sorted(game for game in registered_games() if kit(game).MPY_GAMES)


@pytest.fixture(scope="module", params=[pytest.param(game, marks=[pytest.mark.vm, pytest.mark.slow])
                                         for game in GAMES])
def figures(request):
    return bench_mpy.measure(kit(request.param).MPY_GAMES, game=request.param)


def test_import_heap_within_budget(figures):
    """Importing the game's engine, engine.timing and engine.randplay holds at most 20 KB."""
    assert 0 < figures["import_heap"] <= 20 * 1024


def test_peak_heap_within_budget(figures):
    """A whole game, its players included, needs at most 16 KB more."""
    assert 0 < figures["peak_heap"] <= 16 * 1024


def test_apply_allocates_nothing_in_steady_play(figures):
    """apply() allocates not one byte while phase and round stay the same."""
    assert figures["steady_applies"] >= kit(figures["game"]).MPY_STEADY
    assert figures["steady_alloc"] == 0
    assert figures["steady_alloc_max"] == 0


def test_same_games_as_cpython(figures):
    """C-5: MicroPython (two 16-bit halves in the generator) ends every game as CPython does."""
    assert figures["same_as_cpython"]


def test_fuel_figures_make_sense(figures):
    """apply() costs something, and less than a whole random-play action (which includes it)."""
    assert 0 < figures["fuel_per_apply"] < figures["fuel_per_action"]
    assert figures["fuel_per_loop_iteration"] > 0


def test_no_budget_broken(figures):
    """Every budget holds (in Speed's 12 short games, fewer than the benchmark's 1,000 steady calls are made: a kit
    that asks for fewer allows that one)."""
    allowed = set() if kit(figures["game"]).MPY_STEADY >= 1000 else {"steady_applies"}
    assert set(figures["broken"]) <= allowed


def test_a_broken_budget_is_reported():
    """bench_mpy exits non-zero on these: a byte allocated in steady play is enough."""
    fine = {"import_heap": 100, "peak_heap": 100, "steady_alloc": 0, "steady_applies": 1000,
            "same_as_cpython": True}
    assert bench_mpy.broken(fine) == []
    assert bench_mpy.broken(dict(fine, steady_alloc=16)) == ["steady_alloc"]
    assert bench_mpy.broken(dict(fine, peak_heap=16 * 1024 + 16)) == ["peak_heap"]
    assert bench_mpy.broken(dict(fine, import_heap=20 * 1024 + 16)) == ["import_heap"]


@pytest.mark.parametrize("seed", [0, 1, 7, 0x12345678, 0xFFFFFFFF, -1])
def test_rng16_gives_the_numbers_of_rng32(seed):
    """C-5: the generator of a 32-bit board (two 16-bit halves) draws what CPython's draws."""
    from engine.rng import Rng16
    from engine.rng32 import Rng32

    a, b = Rng16(seed), Rng32(seed)
    for k in range(2000):
        n = k % 401 + 1
        assert a.below(n) == b.below(n)
        assert (a.hi, a.lo) == (b.hi, b.lo)
    assert [a.next32() for _ in range(50)] == [b.next32() for _ in range(50)]
    x, y = bytearray(range(52)), bytearray(range(52))
    a.shuffle(x, 40)
    b.shuffle(y, 40)
    assert x == y

