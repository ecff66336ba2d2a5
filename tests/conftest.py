"""Shared test set-up: Hypothesis profiles (CI runs derandomized, so it never flakes)."""

import os
import sys

# The repository root goes at the end of sys.path, so that its code.py never
# hides the standard library's ``code`` module (pdb imports it).
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")  # the tests mirror the tree: tests/engine/, tests/ui/, ... (docs/house.md)
for path in (ROOT,) + tuple(os.path.join(ROOT, "tools", *sub) for sub in ((), ("board",), ("bench",), ("doubles",))):
    if path not in sys.path:
        sys.path.append(path)

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def released_displays():
    """Blinka allows one display at a time: release it before and after the test."""
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    import displayio

    displayio.release_displays()
    yield
    displayio.release_displays()


@pytest.fixture
def headless_app():
    """make(width, height, seed=, settings=, **hal_options) -> (hal, app) on the headless screen.

    settings=None makes the App read the hal's stored settings, as at start.

    Blinka allows one display at a time: making another releases the one
    before, and the last is released after the test.
    """
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    import displayio

    from desktop import headless
    from ui.app import App

    displayio.release_displays()
    made = []

    def make(width=160, height=128, seed=3, settings=(), **hal_options):
        for h in made:
            h.deinit()
        h = headless.Hal(width, height, **hal_options)
        made.append(h)
        return h, App(h, settings=dict(settings) if settings is not None else None, seed=seed)

    yield make
    for h in made:
        h.deinit()
    displayio.release_displays()


TOY = ("toy", "Snap", "T", "tests.toy.engine")  # the tests' toy game (tests/toy/): its record (name, title, letter), package


def registered_games():
    """Every game a test can register: engine.games.NAMES and the toy game (the ``registered`` fixture)."""
    from engine import games

    return games.NAMES + (TOY[0],)


def kit(name):
    """A game's test kit, tests/kits/<name>.py: what the generic tests know of it (tests/kits/__init__.py)."""
    return __import__("kits." + name, None, None, ("_",))


def register(monkeypatch, record=TOY[:3], package=TOY[3]):
    """Register a game whose folders live outside engine/ (the toy's by default) in engine.games through
    monkeypatch, as the registry's docstring says: its record appended to GAMES and its name, title and letter to
    NAMES, TITLES and LETTERS, its package to HOMES; a name or letter already there is refused (ValueError); undone with
    monkeypatch. Returns engine.games."""
    from engine import games

    name, title, letter = record
    if name in games.NAMES or letter in games.LETTERS + "CD" or len(letter) != 1:
        raise ValueError("engine.games: two games called %r or of letter %r" % (name, letter))
    monkeypatch.setattr(games, "GAMES", games.GAMES + tuple(record))
    monkeypatch.setattr(games, "NAMES", games.NAMES + (name,))
    monkeypatch.setattr(games, "TITLES", games.TITLES + (title,))
    monkeypatch.setattr(games, "LETTERS", games.LETTERS + letter)
    monkeypatch.setattr(games, "HOMES", dict(games.HOMES, **{name: package}))
    return games


@pytest.fixture
def registered(monkeypatch):
    """engine.games with the toy game registered for this test only, restored after it."""
    return register(monkeypatch)


@pytest.fixture(scope="session")
def cpvm():
    """{name: path} of CircuitPython's mpy-cross and unix VMs (tools/board/circuitpython.py), built once.

    Skipped with the reason when they cannot be built here (no gcc -m32); with
    SPIT_REQUIRE_CIRCUITPYTHON set (CI sets it) that is a failure instead.
    """
    import circuitpython

    try:
        return circuitpython.binaries()
    except circuitpython.Unavailable as e:
        if os.environ.get("SPIT_REQUIRE_CIRCUITPYTHON"):
            pytest.fail("the CircuitPython VM is required here: %s" % e)
        pytest.skip("CircuitPython VM: %s" % e)


def pytest_collection_modifyitems(config, items):
    """Every test that takes CircuitPython's VM is marked vm; under xdist the big units of work go first.

    pytest-xdist (`make test`: -n auto) hands tests out in this order (FileScheduling below): the slow
    tests, then the files that run whole in one worker, then the rest, so the long units start first and
    the short ones fill both workers at the end. Without xdist the order is the files' own.
    """
    for item in items:
        if "cpvm" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.vm)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        whole = _whole_files()
        items.sort(key=lambda item: (item.get_closest_marker("slow") is None,  # stable: the files' order within
                                     item.nodeid.split("::", 1)[0] not in whole))


# Files whose module fixture is cheap next to each of their tests (each plays games on the board VM for many
# seconds): their tests are spread over the workers like any other file's, each worker making the fixture once.
SPREAD = {"tests/tools/test_board_vm.py"}


def _whole_files():
    """The test files with a module- or session-scoped fixture (a bundle built, VM figures measured, mypy run,
    a browser started): each runs whole in one xdist worker, so that fixture is set up once."""
    out = set()
    for path in files_of_tests():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if 'scope="module"' in text or 'scope="session"' in text:
            out.add(os.path.relpath(path, ROOT).replace(os.sep, "/"))
    return out - SPREAD


def files_of_tests():
    """Every test file's path, in every folder of tests/ (they mirror the tree), sorted."""
    out = []
    for folder, dirs, files in os.walk(TESTS):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        out.extend(os.path.join(folder, f) for f in files if f.startswith("test_") and f.endswith(".py"))
    return sorted(out)


class FileScheduling:
    """pytest-xdist's scheduler for `make test`: a file with a shared module fixture is one unit of work (one
    worker runs it whole); every other test is a unit of its own; units go out in the workers' collection
    order (the slow tests first, pytest_collection_modifyitems)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(self, config, log):
        if config.getvalue("dist") != "load":
            return None  # another --dist asked for by name
        from xdist.scheduler import LoadScopeScheduling

        whole = _whole_files()

        class Scheduling(LoadScopeScheduling):
            def _split_scope(self, nodeid):
                path = nodeid.split("::", 1)[0]
                return path if path in whole else nodeid

        config.option.loadscopereorder = False  # keep the collection's order: slow first
        return Scheduling(config, log)


def pytest_configure(config):
    if config.pluginmanager.hasplugin("xdist") and not os.environ.get("PYTEST_XDIST_WORKER"):
        config.pluginmanager.register(FileScheduling(), "spit-file-scheduling")
