"""The tools and code.py as a user runs them: bad input is one line on standard error and exit status 2."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT

BLOCK = r"""
import runpy, sys
BLOCKED = sys.argv[1].split(",")


class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError("No module named %r" % name, name=name)


sys.meta_path.insert(0, Block())
sys.argv = ["code.py"] + sys.argv[2:]
sys.path.insert(0, ".")
runpy.run_path("code.py", run_name="__main__")
"""


def one_line(done, prefix):
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(prefix), done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr


def run(args, **kwargs):
    env = dict(os.environ, PYTHONPATH="")
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120, env=env, **kwargs)


@pytest.mark.parametrize("args", [[], ["--headless", "--seed", "5", "--screenshot", "{tmp}/deal.png"],
                                  ["--replay", "docs/img/opening.json"]])
def test_code_py_without_the_simulators_packages_points_to_make_run(args, tmp_path):
    """`python3 code.py` with a Python that has neither Blinka nor pygame (-S: no site-packages)."""
    probe = run([sys.executable, "-S", "-E", "-c", "import displayio"])
    assert probe.returncode != 0  # the stand-in for a bare system Python hides them
    done = run([sys.executable, "-S", "-E", "code.py"] + [a.format(tmp=tmp_path) for a in args])
    err = one_line(done, "spit: this Python has no displayio")
    assert "make run" in err and ".venv/bin/python code.py" in err
    assert not (tmp_path / "deal.png").exists()


@pytest.mark.parametrize("blocked", ["pygame", "adafruit_ticks", "displayio,pygame"])
def test_code_py_names_whichever_package_is_missing(blocked):
    done = run([sys.executable, "-c", BLOCK, blocked])
    assert "make run" in one_line(done, "spit: this Python has no %s" % blocked.split(",")[0])


def test_code_py_still_runs_with_its_packages(tmp_path):
    out = tmp_path / "deal.png"
    done = run([sys.executable, "code.py", "--headless", "--seed", "5", "--screenshot", str(out)])
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 0


def test_bundle_and_deploy_exit_2_with_one_line(tmp_path):
    (tmp_path / "file").write_text("mine")
    done = run([sys.executable, "tools/board/bundle.py", "pybadge", str(tmp_path / "file")])
    assert "is a file, not a folder" in one_line(done, "bundle: ")
    done = run([sys.executable, "tools/board/deploy.py", "pybadge", "--drive", str(tmp_path / "file")])
    assert "is not a folder" in one_line(done, "deploy: ")
    assert (tmp_path / "file").read_text() == "mine"


def test_tournament_names_a_bot_that_cannot_be_made(tmp_path):
    bot = tmp_path / "needy.py"
    bot.write_text("from engine.bots import Bot\n\n\nclass Needy(Bot):\n    def __init__(self, level):\n"
                   "        self.level = level\n")
    done = run([sys.executable, "tools/tournament.py", "--bots", "level1,%s" % bot, "--games", "1", "--quiet"])
    assert "needy: cannot make one: TypeError" in one_line(done, "tournament: ")


def test_selftest_on_a_garbled_report(tmp_path):
    board = tmp_path / "mpremote"
    board.write_text("#!%s\nimport sys\nsys.stdout.buffer.write(b'SELFTEST {\"pass\": tr\\xffue}\\n')\n"
                     % sys.executable)
    board.chmod(0o755)
    done = run([sys.executable, "tools/board/selftest.py", "--mpremote", str(board)])
    assert "garbled" in one_line(done, "selftest: ")
