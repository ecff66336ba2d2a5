"""mypy against circuitpython-stubs, per board (tools/board/typecheck.py): a wrong pin or argument fails here."""

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

import boardinfo
import typecheck

pytestmark = pytest.mark.typecheck


@pytest.fixture(scope="module")
def results():
    """{board: (errors, output)} for every supported board, checked in parallel (mypy's caches kept between
    runs, outside the clone: typecheck.shared_cache)."""
    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        done = list(pool.map(lambda board: typecheck.check(board, cache=typecheck.shared_cache(board)),
                             sorted(boardinfo.BOARDS)))
    return {board: (errors, output) for board, errors, output, _ in done}


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(boardinfo.BOARDS))
def test_board_code_type_checks_against_circuitpython(results, board):
    errors, output = results[board]
    assert errors == [], output


@pytest.fixture(scope="module")
def pybadge_tree(tmp_path_factory):
    work = str(tmp_path_factory.mktemp("mypy-pybadge"))
    tree, config = typecheck.prepare("pybadge", work)
    return tree, config


def edited(tree, path, old, new):
    """Replace old by new in a bundle file; return a function that puts it back."""
    full = os.path.join(tree, path)
    with open(full, encoding="utf-8") as f:
        text = f.read()
    assert old in text, old
    with open(full, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))

    def restore():
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)
    return restore


@pytest.mark.slow
@pytest.mark.parametrize("path, old, new, words", [
    ("hal/pybadge.py", "board.BUTTON_CLOCK", "board.BUTTON_CLOK",
     'Module has no attribute "BUTTON_CLOK"; maybe "BUTTON_CLOCK"'),
    ("hal/pybadge.py", "value_when_pressed=True", "value_when_presed=True",
     'Unexpected keyword argument "value_when_presed" for "ShiftRegisterKeys"'),
    ("hal/pybadge.py", "key_count=8", "key_count=8, debounce=3",
     'Unexpected keyword argument "debounce"'),
    ("hal/pybadge.py", "self.out.play(self.sample, loop=True)", "self.out.play(self.sample, True)",
     'Too many positional arguments for "play" of "AudioOut"'),
    ("hal/device.py", "self.display.refresh()", "self.display.refresh(60)",
     'Too many positional arguments for "refresh" of "BusDisplay"'),
    ("hal/device.py", "return supervisor.ticks_ms()", "return supervisor.ticks()",
     'Module has no attribute "ticks"'),
    ("ui/table.py", "displayio.TileGrid(sheet", "displayio.TileGrd(sheet",
     'Module has no attribute "TileGrd"'),
])
def test_a_wrong_name_or_argument_fails_the_check(pybadge_tree, tmp_path, path, old, new, words):
    """Each case has a cache of its own: an edit of the same size within the same second as the
    previous case's would look unchanged to mypy (it trusts size and mtime), and report that case."""
    tree, config = pybadge_tree
    restore = edited(tree, path, old, new)
    try:
        errors, output = typecheck.mypy(tree, config, cache=str(tmp_path / "mypy-cache"))
    finally:
        restore()
    assert any(words in e for e in errors), output


@pytest.mark.slow
def test_a_pin_only_another_board_has_fails_on_this_one(tmp_path):
    """The PyGamer's joystick pins do not exist on a PyBadge."""
    tree, config = typecheck.prepare("pybadge", str(tmp_path))
    with open(os.path.join(tree, "hal", "pybadge.py"), "a", encoding="utf-8") as f:
        f.write("\nSTICK = board.JOYSTICK_X\n")
    errors, _ = typecheck.mypy(tree, config)
    assert any('has no attribute "JOYSTICK_X"' in e for e in errors)


def test_only_api_errors_count_in_ui():
    out = ("ui/app.py:3: error: Item \"None\" of \"Any | None\" has no attribute \"phase\"  [union-attr]\n"
           "ui/app.py:4: error: \"None\" has no attribute \"x\"  [attr-defined]\n"
           "ui/menu.py:5: error: Module has no attribute \"Labl\"  [attr-defined]\n"
           "hal/pico.py:6: error: Need type annotation for \"out\"  [var-annotated]\n")
    assert typecheck.counted(out) == [out.splitlines()[2], out.splitlines()[3]]


def test_the_board_stub_gives_display_its_circuitpython_9_type(tmp_path):
    typecheck.board_stub("pygamer", str(tmp_path))
    with open(tmp_path / "board" / "__init__.pyi", encoding="utf-8") as f:
        text = f.read()
    assert "DISPLAY: busdisplay.BusDisplay" in text and "import busdisplay" in text
    assert "JOYSTICK_X: microcontroller.Pin" in text
