"""Shared test set-up: Hypothesis profiles (CI runs derandomized, so it never flakes)."""

import os
import sys

# The repository root goes at the end of sys.path, so that its code.py never
# hides the standard library's ``code`` module (pdb imports it).
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (ROOT, os.path.join(ROOT, "tools")):
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

    from hal import headless
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


@pytest.fixture(scope="session")
def cpvm():
    """{name: path} of CircuitPython's mpy-cross and unix VMs (tools/circuitpython.py), built once.

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
