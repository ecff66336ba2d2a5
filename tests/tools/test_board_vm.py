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


def _soak_names(board, plan):
    """The names the soak's plan interns on a board (bench_board's names dump: a Q(...) line each)."""
    board.extra = 0
    done = board.play(plan, board.pool + 64 * 1024, names=True)[2]
    return {line[2:-1] for line in done.stdout.splitlines() if line.startswith("Q(")}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pybadge", "pygamer", "pico240", "pico135"])
def test_two_games_registered_at_test_time_change_no_boards_soak(monkeypatch, boards, work, name):
    """issue 33.3: a game costs a board only while it is played. With two more games registered (the toy twice,
    as "toy" and "toy2": its folders in the bundle, its records in the VM's registry) the built-in games' soak
    still passes in the budget less ROOM. On the PyBadge it interns the names it did without them but for the
    records' own and those of the toy's description modules, loaded while the menu's game line passes over it
    (the menu holds the registry's names and titles and the game shown's description, no game's engine,
    table, words or CPU)."""
    from conftest import TOY, register

    plan = bench_board.plans(1, soak=True)["soak"]  # the built-in games' soak, planned before the toys come
    alone = _soak_names(boards(name), plan) if name == "pybadge" else None
    register(monkeypatch)
    register(monkeypatch, ("toy2", "Snap 2", "U"), TOY[3])
    board = bench_board.Board(name, work)
    assert [h[0] for h in board.homes] == ["toy", "toy2"]
    fig = bench_board.measure(name, plan, 20, work=work, board=board, less=bench_board.ROOM)
    assert fig["at_budget"], (name, fig.get("output") or fig["record"])
    assert 0 < fig["qstrs"] <= bench_board.QSTRS_MOST
    if alone is not None:
        extra = _soak_names(board, plan) - alone
        assert extra and all(n in ("toy", "toy2", "Snap", "Snap 2") or n.split(".")[0].split("/")[0] == "tests"
                             for n in extra), sorted(extra)
        assert len(extra) <= 12, sorted(extra)


@pytest.mark.slow
def test_a_long_soak_holds_its_free_heap_and_a_block_for_the_names_table(boards, work):
    """issue 33.5 (bench_board --long 100 in docs/performance.md): game after game with the menu between, the
    free heap back at the menu holds level once the first round of games has interned its names, and its largest
    free block stays big enough for the names' table to double (8,984 B: the 1,280-entry table)."""
    plan = bench_board.soak_steps(30, log=True)
    fig = bench_board.measure("pybadge", plan, 30, work=work, board=boards("pybadge"))
    assert fig["at_budget"], fig.get("output") or fig["record"]
    rows = fig["record"]["heap"]
    assert [r[0] for r in rows] == list(range(1, 31))
    settled = [r[1] for r in rows[10:20]]
    assert min(r[1] for r in rows[20:]) >= min(settled) - 256, rows
    assert abs(bench_board.trend(rows[10:])) < 32, bench_board.trend(rows[10:])
    assert min(r[2] for r in rows) >= 24 + 7 * 1280, rows


def test_the_long_soaks_trend_and_plot(tmp_path):
    assert bench_board.trend([[1, 100, 0], [2, 90, 0], [3, 80, 0]]) == -10
    assert bench_board.trend([[1, 5, 7]], 2) == 0
    path = tmp_path / "heap.png"
    bench_board.plot(str(path), {"pybadge": [[1, 60000, 20000], [2, 59000, 15000]], "pico240": [[1, 80000, 9000]]})
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(os.listdir(tmp_path)) == ["heap.png"]  # written whole, then renamed


@pytest.mark.parametrize("argv", [["--long", "1"], ["--long", "501"], ["--plot", "x.png"]])
def test_the_long_soaks_arguments_are_checked(argv, capsys):
    with pytest.raises(SystemExit) as e:
        bench_board.main(argv)
    assert e.value.code == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1
