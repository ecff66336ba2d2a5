"""What a CircuitPython board has built in, and which imports a board would run.

The modules built into each board's firmware come from circuitpython-stubs
(its ``board_definitions/<board_id>`` stubs list "Included modules" and
"Frozen libraries"). ``imports(source)`` reads a module's import statements
the way a board would run them: the desktop branch of
``if sys.implementation.name == "circuitpython":`` is left out, ``if
TYPE_CHECKING:`` blocks too, and ``try: import x / except ImportError:``
becomes a choice (the fallback's imports are needed only when x is missing).
A module named by a literal, ``__import__("ui.result", ...)`` or a call of the
module's own helper that hands its argument to ``__import__`` (ui/app.py's
``_module("ui.pause")``), is an import by name: ``closure`` follows those of
the folders it is told to (engine/ and ui/, which every board shares; hal/
names its board's modules by name so that another board's bundle lacks them).
"""

import ast
import functools
import os

import _path

ROOT = _path.ROOT
BOARDS = {  # board id -> (hal module, what the board is)
    "pybadge": ("pybadge", "Adafruit PyBadge / PyBadge LC"),
    "edgebadge": ("pybadge", "Adafruit EdgeBadge"),
    "pygamer": ("pygamer", "Adafruit PyGamer"),
    "raspberry_pi_pico": ("pico", "Raspberry Pi Pico (RP2040) kit"),
    "raspberry_pi_pico_w": ("pico", "Raspberry Pi Pico W (RP2040) kit"),
    "raspberry_pi_pico2": ("pico", "Raspberry Pi Pico 2 (RP2350) kit"),
    "raspberry_pi_pico2_w": ("pico", "Raspberry Pi Pico 2 W (RP2350) kit"),
}
ALIASES = {"pico": "raspberry_pi_pico", "pico_w": "raspberry_pi_pico_w", "pico2": "raspberry_pi_pico2",
           "pico2_w": "raspberry_pi_pico2_w"}
ALWAYS = ("gc", "micropython")  # in every CircuitPython, though the stubs do not list them


def board_id(name):
    """The board id for a board id or a short name (pico, pico2...); ValueError when unknown."""
    name = ALIASES.get(name, name)
    if name not in BOARDS:
        raise ValueError("unknown board %r: use one of %s (or %s)"
                         % (name, ", ".join(BOARDS), ", ".join(ALIASES)))
    return name


def stub_path(board):
    """The circuitpython-stubs definition file of a board."""
    import importlib.util

    spec = importlib.util.find_spec("board_definitions")  # a namespace package: no __init__
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("circuitpython-stubs is not installed: pip install -r requirements-dev.txt")
    return os.path.join(list(spec.submodule_search_locations)[0], board, "__init__.pyi")


def builtins(board):
    """The set of module names CircuitPython has built in (or frozen) on a board."""
    with open(stub_path(board), encoding="utf-8") as f:
        doc = f.read().split('"""')[1]
    names = set(ALWAYS)
    for line in doc.splitlines():
        line = line.strip()
        for label in ("- Included modules:", "- Frozen libraries:"):
            if line.startswith(label):
                for word in line[len(label):].split(","):
                    word = word.strip()
                    if word and "(" not in word and "." not in word:
                        names.add(word)
    return names


# ---- the imports a module runs on a board ---------------------------------------------

@functools.lru_cache(maxsize=512)
def imports(source, filename="<module>"):
    """The imports of a module as a board runs them: a tuple of items.

    An item is ``("import", module, level, names)`` (names: the ``from``
    list, or () for ``import module``), ``("name", module)`` for a module
    imported by a literal name (see above), or ``("try", items,
    fallback_items)`` for a try/except ImportError. Remembered for each
    source and file name: a process that builds several bundles parses each
    module once (the items are tuples, so no caller can change them).
    """
    tree = ast.parse(source, filename)
    return tuple(_block(tree.body, _importers(tree)))


def _importers(tree):
    """The names of __import__ and of the module's own functions that import their first argument by name."""
    out = {"__import__"}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.args.args:
            first = node.args.args[0].arg
            if any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "__import__"
                   and n.args and isinstance(n.args[0], ast.Name) and n.args[0].id == first
                   for n in ast.walk(node)):
                out.add(node.name)
    return out


def _by_name(node, importers):
    """The by-name imports of a statement's own expressions (not of the statements it holds)."""
    out = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.stmt, ast.excepthandler)):
            continue
        for n in ast.walk(child):
            if (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in importers and n.args
                    and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str)):
                out.append(("name", n.args[0].value))
    return out


def _block(statements, importers):
    out = []
    for node in statements:
        out.extend(_node(node, importers))
    return out


def _node(node, importers):
    if isinstance(node, ast.Import):
        return [("import", alias.name, 0, ()) for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        return [("import", node.module or "", node.level, tuple(a.name for a in node.names))]
    if isinstance(node, ast.If):
        branch = _board_branch(node.test)
        if branch is True:
            return _block(node.body, importers)
        if branch is False:
            return _block(node.orelse, importers)
        return _by_name(node, importers) + _block(node.body, importers) + _block(node.orelse, importers)
    if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
        fallback = []
        for h in node.handlers:
            fallback.extend(_block(h.body, importers))
        return ([("try", tuple(_block(node.body, importers)), tuple(fallback))] + _block(node.orelse, importers)
                + _block(node.finalbody, importers))
    out = _by_name(node, importers)
    for field in ("body", "orelse", "finalbody", "handlers"):
        for child in getattr(node, field, ()) or ():
            out.extend(_node(child, importers) if isinstance(child, ast.stmt) else _block(child.body, importers))
    return out


def _board_branch(test):
    """True when an if's body is what a board runs, False when its else is, None when both may run."""
    if isinstance(test, ast.Name) and test.id in ("TYPE_CHECKING", "_TYPING"):  # (_TYPING: const(0), ui/seating.py)
        return False
    if (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq))
            and ast.unparse(test.left) == "sys.implementation.name"
            and isinstance(test.comparators[0], ast.Constant)):
        board = test.comparators[0].value == "circuitpython"
        return board if isinstance(test.ops[0], ast.Eq) else not board
    return None


def _catches_import_error(handler):
    kinds = handler.type
    if kinds is None:
        return True
    names = [ast.unparse(k) for k in (kinds.elts if isinstance(kinds, ast.Tuple) else [kinds])]
    return any(n in ("ImportError", "ModuleNotFoundError", "Exception", "BaseException") for n in names)


# ---- resolving them against a tree of files and a board's built-ins ---------------------

def module_file(roots, name):
    """The file (.py or .mpy) of module name under one of roots, or None."""
    rel = name.replace(".", os.sep)
    for root in roots:
        for path in (rel + ".py", rel + ".mpy", os.path.join(rel, "__init__.py"),
                     os.path.join(rel, "__init__.mpy")):
            full = os.path.join(root, path)
            if os.path.isfile(full):
                return full
    return None


def closure(entries, roots, builtin, extra_roots=(), by_name=(), desktop=()):
    """Walk the imports from entry modules; return (modules found: {name: file}, missing: [(name, importer)]).

    Modules are looked up in builtin (a set of names), then in roots, then in
    extra_roots (where the libraries to copy come from). The imports by name
    (``__import__("ui.result")``) of the modules in the top folders by_name
    names are followed too, and missing when not found; those of others are not,
    nor those of the modules desktop names (what a board module loads by name for the desktop only).
    """
    found = {}
    missing = []
    todo = list(entries)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        if "." in name:
            todo.append(name.rpartition(".")[0])  # its package is imported first (its __init__)
        path = module_file(roots, name) or module_file(extra_roots, name)
        found[name] = path
        if path is None or path.endswith(".mpy"):
            continue
        with open(path, encoding="utf-8") as f:
            items = imports(f.read(), path)
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        items = _static(items, name.split(".")[0] in by_name, desktop)
        for miss in _need(items, package, roots, builtin, extra_roots, todo):
            missing.append((miss, name))
    return found, missing


def _static(items, follow, desktop):
    """items with the imports by name of the modules desktop does not name if follow, else with none of them."""
    return [("try", _static(i[1], follow, desktop), _static(i[2], follow, desktop)) if i[0] == "try" else i
            for i in items if i[0] != "name" or (follow and i[1] not in desktop)]


def _need(items, package, roots, builtin, extra_roots, todo):
    """Queue what items import; return the names that cannot be found."""
    missing = []
    for item in items:
        if item[0] == "name":
            item = ("import", item[1], 0, ())
        if item[0] == "try":
            first = _need(item[1], package, roots, builtin, extra_roots, [])
            if first:
                missing.extend(_need(item[2], package, roots, builtin, extra_roots, todo))
            else:
                _need(item[1], package, roots, builtin, extra_roots, todo)
            continue
        _, module, level, names = item
        if level:
            base = package.split(".")[:len(package.split(".")) - level + 1] if package else []
            module = ".".join(base + ([module] if module else []))
        top = module.split(".")[0]
        if top in builtin or module in builtin:
            continue
        path = module_file(roots, module) or module_file(extra_roots, module)
        if path:
            todo.append(module)
            for n in names:
                sub = module + "." + n
                if module_file(roots, sub) or module_file(extra_roots, sub):
                    todo.append(sub)
                elif n != "*" and path.endswith(".py") and n not in defines(path):
                    missing.append(sub)  # neither a submodule nor a name the module defines
        else:
            missing.append(module)
    return missing


_DEFINED = {}


def defines(path):
    """The names a module defines at its top level (whichever branch of an if or try runs)."""
    if path not in _DEFINED:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        names = set()
        todo = list(tree.body)
        while todo:
            node = todo.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
            elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                for field in ("body", "orelse", "finalbody"):
                    todo.extend(getattr(node, field, ()))
                for handler in getattr(node, "handlers", ()):
                    todo.extend(handler.body)
        _DEFINED[path] = names
    return _DEFINED[path]


def site_packages():
    """The folders pip installed the CircuitPython libraries into (this Python's site-packages)."""
    import site
    import sysconfig

    dirs = [sysconfig.get_paths()["purelib"]]
    try:
        dirs += site.getsitepackages()
    except AttributeError:
        pass
    return [d for i, d in enumerate(dirs) if os.path.isdir(d) and d not in dirs[:i]]


def main(argv=None):
    """Each board and the modules its CircuitPython has built in."""
    from desktop.cli import Parser

    Parser(description="Print each supported board and the modules its CircuitPython has built in.").parse_args(argv)
    for b in BOARDS:
        print(b, " ".join(sorted(builtins(b))))
    return 0


if __name__ == "__main__":
    _path.run(main)
