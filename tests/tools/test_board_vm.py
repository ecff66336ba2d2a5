"""The whole game on CircuitPython's board VM: it fits each board's pool, and it draws what the desktop draws.

The VM is micropython-board (tools/board/circuitpython.py): CircuitPython 10.3 with
its real C displayio and a board's split heap in a pool of BOARD_PORT_HEAP
bytes. tools/bench/bench_board.py plays every game, mode and option through the menu
as a player would; docs/performance.md has the figures.
"""

import os

import pytest

import bench_board
import bundle
from desktop import headless
from ui.app import App
from desktop.script import load_script, run_headless

ROOT = bench_board._path.ROOT
SIZES = [(160, 128), (240, 135), (240, 240)]
SCRIPTS = ["docs/img/opening.json", "docs/img/speed.json", "docs/img/california.json", "tests/scripts/speed4.json"]


@pytest.fixture(scope="module")
def work(cpvm, tmp_path_factory):
    return str(tmp_path_factory.mktemp("board-vm"))


@pytest.fixture(scope="module")
def boards(work):
    made = {}

    def board(name, display=None):
        key = (name, display)
        if key not in made:
            made[key] = bench_board.Board(name, work, display)
        return made[key]

    return board


@pytest.mark.slow
@pytest.mark.parametrize("run", sorted(bench_board.plans()))
@pytest.mark.parametrize("name", ["pybadge", "pygamer", "pico240", "pico135"])
def test_every_game_mode_and_option_plays_in_the_boards_pool(boards, work, name, run):
    """Five games a step end in the budget less ROOM (the budget: PyBadge's pool less 16 KB; the Pico kit's
    160 KB), the menu and pages too, with at most QSTRS_MOST names interned (bench_board's CLIFF)."""
    plan = bench_board.plans(5)[run]
    fig = bench_board.measure(name, plan, bench_board.count(plan), work=work, board=boards(name),
                              less=bench_board.ROOM)
    assert fig["at_budget"], fig.get("output") or fig["record"]
    record = fig["record"]
    assert record["games"] == bench_board.count(plan) and not record["missing"]
    assert 0 < fig["extra"] < 40 * 1024  # the stand-ins, vmplay's plan and the hands: measured, given to the pool
    assert 0 < fig["qstrs"] <= bench_board.QSTRS_MOST, fig["qstrs"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pybadge", "pygamer", "pico240", "pico135"])  # each a test of its own (xdist)
def test_twenty_games_in_a_row_with_the_menu_between_fit_every_board(boards, work, name):
    """The soak: game, mode and option changes, pages, 20 games: no MemoryError from a fragmented heap, in the
    budget less ROOM and with at most QSTRS_MOST names."""
    plan = bench_board.plans(1, soak=True)["soak"]
    assert bench_board.ROOM >= 24 * 1024  # issue 33: every board's budget less 24 KB (the PyBadge's pool less 40)
    assert boards(name).start == bundle.HEAP_START  # the VM's first area is the one the bundle asks for
    fig = bench_board.measure(name, plan, 20, work=work, board=boards(name), less=bench_board.ROOM)
    assert fig["at_budget"], (name, fig.get("output") or fig["record"])
    assert 0 < fig["qstrs"] <= bench_board.QSTRS_MOST, fig["qstrs"]


@pytest.mark.slow
def test_the_pygamer_plays_a_game_of_each_in_its_pool(boards, work):
    plan = [step for steps in bench_board.plans(1).values() for step in steps[:3]]
    fig = bench_board.measure("pygamer", plan, bench_board.count(plan), work=work, board=boards("pygamer"))
    assert fig["at_budget"], fig.get("output") or fig["record"]


def desktop_frame(script, size):
    """The desktop headless screen's last frame of a script (RGB565 bytes, as the board's framebuffer)."""
    hal = headless.Hal(*size)
    try:
        app = App(hal, settings=script["settings"], seed=script["seed"])
        run_headless(hal, app, script)
        return hal.display.frame.tobytes()
    finally:
        hal.deinit()


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
@pytest.mark.parametrize("path", SCRIPTS, ids=[os.path.basename(p)[:-5] for p in SCRIPTS])
def test_the_desktop_draws_what_the_board_draws(boards, tmp_path, path, size):
    """A scripted game's last frame on the board VM (C displayio, the ROM font) equals the desktop's, pixel for pixel."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        script = load_script(f.read())
    out = str(tmp_path / "frame.raw")
    bench_board.last_frame(boards("pybadge", size), script, out)
    with open(out, "rb") as f:
        board = f.read()
    desktop = desktop_frame(script, size)
    assert len(board) == len(desktop) == 2 * size[0] * size[1]
    assert len(set(board[i:i + 2] for i in range(0, len(board), 2))) >= 8  # a table in its colours, not a blank
    if board != desktop:
        w = size[0]
        diff = [i // 2 for i in range(0, len(board), 2) if board[i:i + 2] != desktop[i:i + 2]]
        xs = [i % w for i in diff]
        ys = [i // w for i in diff]
        pytest.fail("%d pixels differ, within x %d-%d, y %d-%d" % (len(diff), min(xs), max(xs), min(ys), max(ys)))


@pytest.mark.slow
def test_a_game_registered_at_test_time_plays_every_mode_and_option_in_the_pybadges_pool(registered, work):
    """The toy (registered for this test) through bench_board as every game: its folders added to the board's
    bundle and registered in the VM, its plan (both modes with the pages, the demo, each option's every value),
    a game a step, in the PyBadge's pool."""
    late = [n for n in registered.NAMES if n in registered.HOMES]
    assert late
    board = bench_board.Board("pybadge", work)
    assert [h[0] for h in board.homes] == late
    for name in late:
        plan = bench_board.plans(1)[name]
        fig = bench_board.measure("pybadge", plan, bench_board.count(plan), work=work, board=board)
        assert fig["at_budget"], fig.get("output") or fig["record"]
        assert fig["record"]["games"] == bench_board.count(plan) and not fig["record"]["missing"]
