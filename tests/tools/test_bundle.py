"""The board bundle (tools/board/bundle.py): everything a board imports is in it or built into its firmware."""

import ast
import errno
import os
import re
import shutil
import stat
import sys

import pytest

import boardinfo
import bundle
from boardsim import fake_mpy_cross

from conftest import ROOT
COMPILE_BUDGET = 64 * 1024  # heap to compile one module, upper bound (docs/boards.md)


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    """{board id: the folder of its bundle}, built once for every supported board."""
    base = tmp_path_factory.mktemp("bundles")
    return {board: bundle.build(board, str(base / board), source=True)["out"] for board in boardinfo.BOARDS}


def closure_on_board(tree, board):
    """Walk the imports of a bundle as the board would find them: its root, lib/, and its built-ins; from code.py,
    the hal, the self-test, the links and every game's modules, with engine/'s and ui/'s imports by name."""
    return bundle.walk(board, [tree, os.path.join(tree, "lib")])


# What only the desktop loads (a replay file played or saved: a board keeps no log), so no bundle holds
DESKTOP_ONLY = {"engine/replay.py", "engine/names.py", "engine/jsontext.py", "ui/playback.py"}


@pytest.mark.parametrize("board", sorted(boardinfo.BOARDS))
def test_every_import_reachable_from_code_py_is_in_the_bundle_or_built_in(bundles, board):
    found, missing = closure_on_board(bundles[board], board)
    assert missing == []
    assert {"code", "ui.selftest", "hal.selftest", "ui.app", "ui.result", "ui.pause", "ui.linked",
            "ui.refusals"} <= set(found)  # (the last four by name: ui.app's _module, ui.reactions' __import__)
    assert all(path is not None and path.startswith(bundles[board]) for path in found.values())
    from engine import games  # each game's modules load by their names (docs/games.md): each is in the bundle

    examples = 0
    for name in games.NAMES:
        info = games.get(name)
        bots = ["engine.%s.%s" % (name, b) for b in info.ROSTER  # a roster's bots its CPU imports by name
                if boardinfo.module_file([ROOT], "engine.%s.%s" % (name, b))]
        examples += len(bots)
        for module in [info.ENGINE, info.CONTROLS, info.CPU] + [games.ui(name, p) for p in bundle.PARTS] + bots:
            path = os.path.join(bundles[board], *module.split("."))
            assert os.path.exists(path + ".py") or os.path.exists(path + ".mpy"), (board, module)
            assert module in found, (board, module)
        assert not os.path.exists(os.path.join(bundles[board], "engine", name, "file.py")), (board, name)
    assert examples >= 2  # Spit's first and nearest (docs/bots.md)


@pytest.mark.parametrize("board", ["pybadge", "raspberry_pi_pico_w"])
def test_the_bundle_holds_what_a_board_can_import_and_nothing_the_desktop_alone_loads(bundles, board):
    """Every project module of the bundle is reached by the walk over the bundle itself (nothing shipped
    unused); the modules of engine/ and ui/ left out are the desktop's: the replay files' (their reader and
    writer, each game's file module, ui.playback)."""
    tree = bundles[board]
    found, _ = closure_on_board(tree, board)
    reached = {os.path.relpath(p, tree).replace(os.sep, "/") for p in found.values() if p}
    own = {rel for rel in bundle.files_of(tree) if rel.endswith(".py") and not rel.startswith("lib/")}
    assert own == {rel for rel in reached if not rel.startswith("lib/")}
    left = set()
    for folder in ("engine", "ui"):
        for base, dirs, names in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            left |= {os.path.relpath(os.path.join(base, n), ROOT).replace(os.sep, "/") for n in names
                     if n.endswith(".py")}
    left -= own
    from engine import games

    files = {"engine/%s/file.py" % name for name in games.NAMES}
    assert left == DESKTOP_ONLY | files


@pytest.mark.parametrize("board", sorted(boardinfo.BOARDS))
def test_the_bundle_holds_the_game_this_boards_hal_and_its_libraries_only(bundles, board):
    files = set(bundle.files_of(bundles[board]))
    module = boardinfo.BOARDS[board][0]
    hal = {f for f in files if f.startswith("hal/")}
    expected = {"hal/__init__.py", "hal/device.py", "hal/nvmstore.py", "hal/selftest.py", "hal/%s.py" % module}
    if module == "pygamer":
        expected.add("hal/pybadge.py")  # the PyGamer is a PyBadge with a joystick
    links = bundle.LINKS.get(board, ())
    expected |= {"hal/%s.py" % m[4:].replace(".", "/") for m in links}  # its link (docs/link.md)
    if links:
        expected.add("hal/link/__init__.py")
    if "hal.link.socketpool" in links or "hal.link.espnow" in links:
        expected.add("hal/link/views.py")  # what a radio's send needs (no length argument)
    if "hal.link.socketpool" in links:
        expected.add("hal/link/peers.py")  # a host's bounded table of senders
    assert hal == expected
    assert not files & {"desktop/cli.py", "desktop/script.py", "desktop/window.py", "desktop/headless.py", "desktop/settings.py"}
    assert {"code.py", "settings.toml", "ui/app.py", "ui/table.py", "engine/spit/rules.py", "engine/randplay.py",
            "ui/linked.py", "engine/link/host.py", "engine/link/guest.py"} <= files
    assert not files & DESKTOP_ONLY
    libs = {f for f in files if f.startswith("lib/")}
    assert "lib/neopixel.py" in libs
    assert not any(f.startswith("lib/adafruit_display_text/") for f in libs)  # the pages' labels are ui/text.py's
    assert ("lib/adafruit_st7789.py" in libs) == (module == "pico")
    assert "lib/adafruit_pixelbuf.py" not in libs  # built into these firmwares
    assert "adafruit_pixelbuf" in boardinfo.builtins(board)


def test_a_missing_library_is_found(bundles, tmp_path):
    tree = str(tmp_path / "CIRCUITPY")
    shutil.copytree(bundles["pybadge"], tree)
    os.remove(os.path.join(tree, "lib", "neopixel.py"))
    _, missing = closure_on_board(tree, "pybadge")
    assert missing == [("neopixel", "hal.pybadge")]


def write_tree(tmp_path, code, **modules):
    tree = tmp_path / "tree"
    (tree / "hal").mkdir(parents=True)
    (tree / "code.py").write_text(code)
    (tree / "hal" / "__init__.py").write_text("")
    (tree / "hal" / "selftest.py").write_text("")
    (tree / "hal" / "pybadge.py").write_text(modules.get("pybadge", ""))
    return str(tree)


@pytest.mark.parametrize("code, missing", [
    ("import argparse\n", ["argparse"]),
    ("import sys\nif sys.implementation.name == 'circuitpython':\n    import keypad\nelse:\n"
     "    import argparse\n", []),
    ("import sys\nif sys.implementation.name != 'circuitpython':\n    import pygame\n", []),
    ("try:\n    from typing import Any\nexcept ImportError:\n    pass\n", []),
    ("try:\n    import fourwire\nexcept ImportError:\n    import displayio\n", []),
    ("try:\n    import tomllib\nexcept ImportError:\n    import toml_fallback\n", ["toml_fallback"]),
    ("def f():\n    import json\n", []),
    ("def f():\n    import sqlite3\n", ["sqlite3"]),
    ("from hal import pybadge\n", []),
    ("from hal.pybadge import Hal\n", ["hal.pybadge.Hal"]),
])
def test_the_import_walk_follows_what_a_board_runs(tmp_path, code, missing):
    """CPython-only modules fail unless on the desktop's branch or behind an ImportError fallback."""
    tree = write_tree(tmp_path, code)
    _, found = boardinfo.closure(["code"], [tree], boardinfo.builtins("pybadge"))
    assert [name for name, _ in found] == missing


def test_what_the_walk_leaves_to_the_desktop_no_board_runs(bundles):
    """bundle.DESKTOP_BY_NAME (ui.playback) is named only in App.watch and App.replay; no board module calls
    watch, and replay only to hand its document to on_game_over, which no board module sets (None)."""
    tree = bundles["pybadge"]
    where, calls, sets = set(), [], []
    for rel in bundle.files_of(tree):
        if not rel.endswith(".py") or rel.startswith("lib/"):
            continue
        with open(os.path.join(tree, rel), encoding="utf-8") as f:
            module = ast.parse(f.read(), rel)
        for node in ast.walk(module):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [n.value for n in ast.walk(node) if isinstance(n, ast.Constant)]
                if set(names) & set(bundle.DESKTOP_BY_NAME):
                    where.add((rel, node.name))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr == "on_game_over":
                    calls += [("handed", a.func.attr) for a in node.args
                              if isinstance(a, ast.Call) and isinstance(a.func, ast.Attribute)]
                elif node.func.attr in ("watch", "replay"):
                    calls.append(("called", node.func.attr))
            elif isinstance(node, ast.Assign):
                sets += [ast.unparse(node.value) for t in node.targets
                         if isinstance(t, ast.Attribute) and t.attr == "on_game_over"]
    assert where == {("ui/app.py", "watch"), ("ui/app.py", "replay")}
    assert calls.count(("handed", "replay")) == calls.count(("called", "replay")) == 1 and ("called", "watch") not in calls
    assert sets == ["None"]


def test_the_walk_follows_engines_and_uis_imports_by_name_but_not_the_hals_nor_the_desktops(tmp_path):
    """A literal name given to __import__ or to a module's own helper that imports its argument is an import
    (ui.app's _module("ui.pause")), in engine/ and ui/ only; a desktop-room module imported so is not walked."""
    tree = tmp_path / "tree"
    for folder in ("ui", "hal"):
        (tree / folder).mkdir(parents=True)
    (tree / "code.py").write_text("from ui import app\nimport hal\n")
    (tree / "ui" / "app.py").write_text(
        "def _module(name):\n    return __import__(name, None, None, ('_',))\n"
        "def f(x):\n    if _module('ui.pause').on(x):\n        __import__('ui.result')\n"
        "    return _module('ui.playback'), _module(x)\n")
    (tree / "hal" / "__init__.py").write_text("def f():\n    return __import__('hal.other')\n")
    for name in ("__init__", "pause", "result", "playback"):
        (tree / "ui" / (name + ".py")).write_text("")
    builtin = boardinfo.builtins("pybadge")
    found, missing = boardinfo.closure(["code"], [str(tree)], builtin, by_name=("ui",), desktop=("ui.playback",))
    assert missing == [] and {"ui.pause", "ui.result"} <= set(found)
    assert not {"ui.playback", "hal.other"} & set(found)
    found, missing = boardinfo.closure(["code"], [str(tree)], builtin, by_name=("ui", "hal"))
    assert "ui.playback" in found and missing == [("hal.other", "hal")]
    found, _ = boardinfo.closure(["code"], [str(tree)], builtin)  # no folder's: static imports only
    assert not {"ui.pause", "ui.result", "ui.playback"} & set(found)


def test_docstrings_are_blanked_and_nothing_else_changes(bundles):
    """Every bundled module parses to the same code as its source, docstrings aside, line for line."""
    def code(source):
        tree = ast.parse(source)
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (isinstance(body, list) and len(body) > 1 and isinstance(body[0], ast.Expr)
                    and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
                del body[0]
        return ast.dump(tree, include_attributes=True)

    tree = bundles["raspberry_pi_pico"]
    sources = dict((name, path) for name, path in bundle.modules("raspberry_pi_pico")[1].items())
    checked = 0
    for rel in bundle.files_of(tree):
        if not rel.endswith(".py"):
            continue
        if rel.startswith("lib/"):
            name = rel[4:-3].replace("/", ".").replace(".__init__", "")
            original = sources[name]
        else:
            original = os.path.join(ROOT, rel)
        with open(original, encoding="utf-8") as f:
            before = f.read()
        with open(os.path.join(tree, rel), encoding="utf-8") as f:
            after = f.read()
        assert code(before) == code(after), rel
        assert before.count("\n") == after.count("\n"), rel
        checked += 1
    assert checked > 25
    assert os.path.getsize(os.path.join(tree, "lib/neopixel.py")) < 0.85 * os.path.getsize(sources["neopixel"])


@pytest.mark.slow
def test_with_circuitpythons_mpy_cross_only_mpy_files_remain_besides_code_py(tmp_path):
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.3")
    fig = bundle.build("pybadge", str(tmp_path / "out"), mpy_cross=tool)
    files = bundle.files_of(fig["out"])
    assert "code.py" in files
    py = [f for f in files if f.endswith(".py")]
    assert py == ["code.py"]  # a .py beside its .mpy would be imported instead
    assert "hal/pybadge.mpy" in files and "lib/neopixel.mpy" in files
    assert not any(f.startswith("lib/adafruit_display_text/") for f in files)


def test_micropythons_mpy_cross_is_refused_unless_forced(tmp_path):
    tool = fake_mpy_cross(tmp_path, "MicroPython v1.24.1 on 2024-11-29; mpy-cross emitting mpy v6.3")
    with pytest.raises(SystemExit, match="incompatible .mpy"):
        bundle.build("pybadge", str(tmp_path / "out"), mpy_cross=tool)
    assert bundle.build("pybadge", str(tmp_path / "out2"), mpy_cross=tool, force=True)["files"] > 20


def test_a_folder_that_is_not_a_bundle_is_never_overwritten(tmp_path):
    (tmp_path / "mine.txt").write_text("keep")
    with pytest.raises(SystemExit, match="not empty"):
        bundle.build("pybadge", str(tmp_path), source=True)
    out = str(tmp_path / "b")
    bundle.build("pybadge", out, source=True)
    bundle.build("pygamer", out, source=True)  # a bundle is replaced whole
    assert "hal/pygamer.py" in bundle.files_of(out)


def test_report_and_command_line(bundles, capsys):
    fig = bundle.report("pybadge", bundles["pybadge"])
    tree = bundles["pybadge"]
    sizes = {rel: os.path.getsize(os.path.join(tree, rel)) for rel in bundle.files_of(tree)}
    assert fig["bytes"] == sum(sizes.values()) and fig["files"] == len(sizes)
    assert fig["largest"]["bytes"] == max(n for rel, n in sizes.items() if rel.endswith(".py"))
    assert fig["bytes"] < 450 * 1024  # the source bundle (the .mpy one ships at about 180 KB): a PyBadge's CIRCUITPY is 2 MB, a Pico's about 1 MB
    out = bundles["pybadge"] + "-cli"
    assert bundle.main(["pybadge", out, "--source"]) == 0
    words = capsys.readouterr().out
    assert re.search(r"bundle for pybadge \(hal.pybadge\) .*: \d+ files, [\d.]+ KB", words)
    assert "largest module: " in words
    with pytest.raises(SystemExit):
        bundle.main(["toaster", out])


@pytest.mark.vm
@pytest.mark.slow
def test_every_module_compiles_on_micropython_within_the_heap_budget(bundles):
    """MicroPython parses every bundled module (no CPython-only syntax) and needs under 64 KB for each."""
    figures = {}
    for board in ("pybadge", "pygamer", "raspberry_pi_pico"):
        tree = bundles[board]
        todo = [p for p in bundle.files_of(tree) if p.endswith(".py") and p not in figures]
        figures.update(bundle.compile_heap(tree, todo))
    assert len(figures) > 30
    worst = max(figures, key=lambda p: figures[p][0])
    print("largest compile heap: %s %d bytes" % (worst, figures[worst][0]))
    over = {p: f for p, f in figures.items() if f[0] > COMPILE_BUDGET}
    assert over == {}
    for path in ("hal/device.py", "hal/pybadge.py", "hal/pygamer.py", "hal/pico.py", "hal/nvmstore.py"):
        assert figures[path][0] < 32 * 1024, path


@pytest.mark.vm
def test_every_registered_games_modules_are_in_a_bundle_and_compile_within_the_heap_budget(registered, bundles,
                                                                                           tmp_path):
    """Every registered game's modules (each its description names) are in the bundle: a game whose folders
    live outside engine/ (engine.games.HOMES: the toy) added at its package's path (bundle.add_home, its file
    module too), where MicroPython parses each and needs under 64 KB for it, as for the bundle's own."""
    tree = str(tmp_path / "CIRCUITPY")
    shutil.copytree(bundles["pybadge"], tree)
    added = []
    for name in registered.NAMES:
        if name in registered.HOMES:
            added += bundle.add_home(tree, registered.HOMES[name])
        info = registered.get(name)
        home = registered.HOMES.get(name) or "engine." + name
        for module in [info.ENGINE, info.CONTROLS, info.CPU] + [registered.ui(name, p) for p in bundle.PARTS] + \
                [home + ".game"]:
            assert os.path.exists(os.path.join(tree, *module.split(".")) + ".py"), (name, module)
        on = os.path.exists(os.path.join(tree, *home.split(".")) + "/file.py")
        assert on == (name in registered.HOMES), (name, on)  # a board saves no replay (the toy's folder is copied whole)
    assert added and all(p.endswith(".py") and "/" in p for p in added)
    figures = bundle.compile_heap(tree, added)
    assert set(figures) == set(added)
    assert {p: f for p, f in figures.items() if f[0] > COMPILE_BUDGET} == {}


# ---- the Pico kit's wiring: code, settings template and docs agree ---------------------------

def test_pico_default_pins_exist_on_every_pico_board():
    """A misspelled default pin fails here (hal/pico.py looks pins up by name at run time)."""
    pins = bundle._pico_pins()
    for board in ("raspberry_pi_pico", "raspberry_pi_pico_w", "raspberry_pi_pico2", "raspberry_pi_pico2_w"):
        with open(boardinfo.stub_path(board), encoding="utf-8") as f:
            names = set(re.findall(r"^(\w+): microcontroller\.Pin", f.read(), re.M))
        for key, default, _ in pins:
            assert default in names, (board, key, default)
    assert len({default for _, default, _ in pins}) == len(pins)


def test_settings_template_and_wiring_doc_list_every_pin():
    pins = bundle._pico_pins()
    template = bundle.settings_template("raspberry_pi_pico")
    with open(os.path.join(ROOT, "docs", "wiring.md"), encoding="utf-8") as f:
        doc = f.read()
    rows = re.findall(r"^\| *(GP\d+) *\| *pin (\d+) *\|[^|]*\|[^|]*\| *`(SPIT_\w+)` *\|", doc, re.M)
    assert sorted((key, gp) for gp, _, key in rows) == sorted((key, default) for key, default, _ in pins)
    physical = {"GP%d" % g: p for p, g in zip(
        (1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20, 21, 22, 24, 25, 26, 27, 29),
        (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22))}
    for gp, pin, _ in rows:
        assert physical[gp] == int(pin), gp  # the Pico's own pin numbering
    for key, default, _ in pins:
        assert '# %s = "%s"' % (key, default) in template


# ---- bad output folders, a full disk and the user's settings.toml: one line, exit status 2 ---------

def snapshot(tree):
    """{relative path: bytes or ('link', target)} of every entry under tree, the bundle's mark included."""
    out = {}
    for base, dirs, names in os.walk(tree):
        for n in dirs + names:
            path = os.path.join(base, n)
            rel = os.path.relpath(path, tree)
            if os.path.islink(path):
                out[rel] = ("link", os.readlink(path))
            elif os.path.isfile(path):
                with open(path, "rb") as f:
                    out[rel] = f.read()
    return out


def one_error_line(capsys, tool="bundle"):
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith(tool + ": ") and "Traceback" not in err, err
    return err


@pytest.fixture
def earlier(tmp_path):
    """A pybadge bundle in tmp_path/out, as a user left it."""
    out = str(tmp_path / "out")
    bundle.build("pybadge", out, source=True)
    return out


def test_an_out_that_is_a_file_or_inside_one_is_refused(tmp_path, capsys):
    (tmp_path / "file").write_text("mine")
    for out in (tmp_path / "file", tmp_path / "file" / "sub"):
        assert bundle.main(["pybadge", "--source", str(out)]) == 2
        assert "not a folder" in one_error_line(capsys)
    assert (tmp_path / "file").read_text() == "mine"


def test_a_read_only_out_or_parent_is_refused_and_left_as_it_is(earlier, tmp_path, capsys):
    before = snapshot(earlier)
    os.chmod(earlier, 0o555)
    try:
        assert bundle.main(["pygamer", "--source", earlier]) == 2
        assert "read-only" in one_error_line(capsys)
    finally:
        os.chmod(earlier, 0o755)
    assert snapshot(earlier) == before
    parent = tmp_path / "locked"
    parent.mkdir()
    os.chmod(parent, 0o555)
    try:
        assert bundle.main(["pybadge", "--source", str(parent / "out")]) == 2
        assert "read-only" in one_error_line(capsys)
    finally:
        os.chmod(parent, 0o755)
    assert os.listdir(parent) == []


def test_a_symlink_is_followed_and_a_dangling_one_refused(earlier, tmp_path, capsys):
    link = tmp_path / "link"
    link.symlink_to(earlier)
    assert bundle.main(["pygamer", "--source", str(link)]) == 0
    assert link.is_symlink() and "hal/pygamer.py" in bundle.files_of(earlier)
    capsys.readouterr()
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "unmounted" / "CIRCUITPY")
    assert bundle.main(["pybadge", "--source", str(dangling)]) == 2
    assert "does not exist" in one_error_line(capsys)
    assert not (tmp_path / "unmounted").exists()


def test_an_edited_settings_toml_is_kept_and_a_template_replaced(earlier, capsys):
    path = os.path.join(earlier, "settings.toml")
    bundle.build("pygamer", earlier, source=True)  # the template as bundled: replaced by the new board's
    with open(path, encoding="utf-8") as f:
        assert f.read() == bundle.settings_template("pygamer")
    with open(path, "a", encoding="utf-8") as f:
        f.write('SPIT_PIXEL_BRIGHTNESS = 3\n')
    with open(path, "rb") as f:
        edited = f.read()
    assert bundle.main(["raspberry_pi_pico", "--source", earlier]) == 0
    assert "your settings.toml is kept" in capsys.readouterr().out
    with open(path, "rb") as f:
        assert f.read() == edited
    assert "hal/pico.py" in bundle.files_of(earlier)


def test_a_symlinked_settings_toml_stays_a_link(earlier, tmp_path):
    mine = tmp_path / "my-settings.toml"
    mine.write_text('SPIT_BOARD = "pybadge"\n')
    path = os.path.join(earlier, "settings.toml")
    os.remove(path)
    os.symlink(str(mine), path)
    fig = bundle.build("pybadge", earlier, source=True)
    assert fig["settings_kept"] and os.readlink(path) == str(mine)
    assert mine.read_text() == 'SPIT_BOARD = "pybadge"\n'


def test_an_unreadable_settings_toml_is_never_replaced(earlier, capsys):
    path = os.path.join(earlier, "settings.toml")
    os.remove(path)
    os.mkfifo(path)  # reading it would block: it is refused without being opened
    before = snapshot(earlier)
    assert bundle.main(["pybadge", "--source", earlier]) == 2
    err = one_error_line(capsys)
    assert "settings.toml" in err and "not a regular file" in err and "left as it is" in err
    assert snapshot(earlier) == before and stat.S_ISFIFO(os.lstat(path).st_mode)


def test_a_full_disk_part_way_leaves_the_earlier_bundle_whole(earlier, tmp_path, monkeypatch, capsys):
    with open(os.path.join(earlier, "settings.toml"), "a", encoding="utf-8") as f:
        f.write("SPIT_PIXEL_BRIGHTNESS = 1\n")
    before = snapshot(earlier)
    real = bundle._copy
    calls = []

    def copy(src, dst, keep_docstrings):  # a stand-in disk that fills up at the sixth file
        calls.append(dst)
        if len(calls) > 5:
            raise OSError(errno.ENOSPC, "No space left on device", dst)
        real(src, dst, keep_docstrings)

    monkeypatch.setattr(bundle, "_copy", copy)
    assert bundle.main(["pygamer", "--source", earlier]) == 2
    assert "No space left on device" in one_error_line(capsys)
    assert snapshot(earlier) == before
    assert sorted(os.listdir(tmp_path)) == ["out"]  # no scratch folder left behind
    fresh = tmp_path / "fresh"
    fresh.mkdir()  # an empty folder is written in place, and emptied again
    assert bundle.main(["pygamer", "--source", str(fresh)]) == 2
    assert os.listdir(fresh) == []


def test_a_failing_mpy_cross_is_one_line(tmp_path, capsys):
    tool = tmp_path / "mpy-cross"
    tool.write_text("#!%s\nimport sys\nif sys.argv[1:] == ['--version']:\n    print('CircuitPython 9.2.1')\n"
                    "    sys.exit(0)\nprint(sys.argv[-1].split('/')[-1] + ':1: SyntaxError')\nprint('  nope')\n"
                    "sys.exit(1)\n" % sys.executable)
    tool.chmod(0o755)
    out = tmp_path / "out"
    assert bundle.main(["pybadge", str(out), "--mpy-cross", str(tool)]) == 2
    # (the first file it is given: engine/__init__.py says nothing, so the bundle ships no module for it)
    assert "mpy-cross failed on engine/actionlog.py: actionlog.py:1: SyntaxError; nope" in one_error_line(capsys)
    assert not out.exists() and os.listdir(tmp_path) == ["mpy-cross"]


@pytest.mark.slow
def test_a_package_whose_init_says_nothing_ships_no_module_and_still_imports(tmp_path, cpvm):
    """An __init__.py of only a docstring is left out of an .mpy bundle (one interned name fewer a package on the
    board: its file's); a package with code in its __init__ keeps it. The board VM imports a folder without one as
    a namespace package (tests/tools/test_board_vm.py plays every game from such a bundle)."""
    out = tmp_path / "b"
    bundle.build("pybadge", str(out), mpy_cross=cpvm["mpy-cross"])
    files = set(bundle.files_of(str(out)))
    assert "engine/__init__.mpy" not in files and "ui/speed/__init__.mpy" not in files
    assert "engine/bots/__init__.mpy" in files and "hal/__init__.mpy" in files  # code: kept
    assert "engine/speed/rules.mpy" in files


def test_the_template_sets_the_heaps_first_area_and_the_benchmark_reads_it(tmp_path):
    """issue 33: the bundle's settings.toml asks CircuitPython for one first heap area of HEAP_START, which
    bench_board gives the VM (-X heapsize); it fits the PyBadge's pool less 40 KB with what a board takes before
    code.py (the terminal, the pystack, USB and the flash cache: about 7 KB), or a board would fall back to 8 KB."""
    for board in ("pybadge", "pygamer", "raspberry_pi_pico"):
        path = tmp_path / (board + ".toml")
        path.write_text(bundle.settings_template(board), encoding="utf-8")
        assert bundle.heap_start(str(path)) == bundle.HEAP_START
    assert bundle.HEAP_START + 7 * 1024 <= 158780 - 40 * 1024
    odd = tmp_path / "odd.toml"
    for text, want in (("CIRCUITPY_HEAP_START_SIZE = 65536  # mine\n", 65536), ("# CIRCUITPY_HEAP_START_SIZE = 1\n", 0),
                       ('CIRCUITPY_HEAP_START_SIZE = "big"\n', 0), ("CIRCUITPY_HEAP_START_SIZE = \u00b2\n", 0)):
        odd.write_text(text, encoding="utf-8")
        assert bundle.heap_start(str(odd)) == want, text
    assert bundle.heap_start(str(tmp_path / "missing.toml")) == 0
