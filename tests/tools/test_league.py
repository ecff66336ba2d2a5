"""tools/league.py: a class league of bot files, each bot in a process of its own fed only its view."""

import csv
import json
import os
import shutil
import subprocess
import sys

import pytest

import league
from engine import games
from engine.bots.match import Match
from engine.rng import Rng

@pytest.fixture(autouse=True)
def address_space_as_it_was():
    """league.main caps its own process's address space at 4 GB (tournament._limit_memory): called here, in the
    test process, the cap would stay for every later test of this worker, and wasmtime's 4 GB reservation for
    the MicroPython VM (tests/engine/test_bots.py) then fails with "mmap failed to reserve"."""
    import resource

    saved = resource.getrlimit(resource.RLIMIT_AS)
    yield
    if resource.getrlimit(resource.RLIMIT_AS) != saved:
        resource.setrlimit(resource.RLIMIT_AS, saved)


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

RAISER = '''
from engine.bots import Bot


class Raiser(Bot):
    """Divides by zero in its third decision."""

    n = 0

    def play(self, view, act):
        self.n += 1
        if self.n == 3:
            1 / 0
'''

HANGER = '''
from engine.bots import Bot


class Hanger(Bot):
    """Thinks for ever once play starts."""

    def play(self, view, act):
        while True:
            pass
'''

# Every way a student might reach for the seed, the deal or the other seat: found is what it got.
PEEKER = '''
import gc
import os
import sys

from engine.bots import Bot

found = []


class Peeker(Bot):
    """Looks for the game beyond its view, swallowing every refusal, then plays the first card that fits."""

    def play(self, view, act):
        for probe in (lambda: [o for o in gc.get_objects() if hasattr(o, "deal") or hasattr(o, "stocks")],
                      lambda: sys._getframe(1).f_locals,
                      lambda: open("/proc/%d/cmdline" % os.getppid()).read(),
                      lambda: os.listdir(".."),
                      lambda: __import__("engine.spit.rules"),
                      lambda: __import__("subprocess").run(["cat", "/proc/self/environ"])):
            try:
                found.append(probe())
            except Exception:
                pass
        for slot in range(view.slots):
            for pile in range(2):
                if view.can_play(slot, pile):
                    act.play(slot, pile)
                    return
'''

NONSENSE = '''
from engine.bots import Bot


class Nonsense(Bot):
    """Leaves a string where the slot goes."""

    def play(self, view, act):
        act.play("top", 0)
'''


def folder(tmp_path, bad=True):
    """A class's folder: the two example bots under students' names, and the three bad ones."""
    bots = tmp_path / "bots"
    bots.mkdir()
    shutil.copy(os.path.join(ROOT, "engine", "spit", "first.py"), bots / "ada.py")
    shutil.copy(os.path.join(ROOT, "engine", "spit", "nearest.py"), bots / "grace.py")
    if bad:
        (bots / "raiser.py").write_text(RAISER)
        (bots / "hanger.py").write_text(HANGER)
        (bots / "peeker.py").write_text(PEEKER)
    return bots


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.slow
def test_a_league_of_eight_bots_finishes_names_the_bad_ones_and_is_the_same_with_two_jobs(tmp_path, capsys):
    """Three levels, the example bots under students' names and three bad bots (one raises, one hangs, one
    peeks): every pair plays, each bad bot loses its games with a line naming it, the game and the replay,
    the files are written, and --jobs 2 gives the same standings and games as --jobs 1."""
    bots = folder(tmp_path)
    common = [str(bots), "--levels", "level1,level3,level5", "--games", "2", "--seed", "7",
              "--think-limit", "0.5", "--quiet"]  # 0.5 s: a level's move takes ms, and a
    # busy machine (load 4-10 on two cores) ran one past 0.2 s, failing the test; the hanger pays it once a game
    assert league.main(common + ["--out", str(tmp_path / "one")]) == 0
    out, err = capsys.readouterr()
    for bad, why in (("raiser", "ZeroDivisionError"), ("hanger", "no answer within 0.5 s"),
                     ("peeker", "reached beyond its view")):
        lines = [line for line in err.splitlines() if line.startswith("league: %s lost a game" % bad)]
        assert len(lines) >= 10 and all(why in line and "--replay " in line and "seed " in line
                                        for line in lines), (bad, lines[:2])
    for good in ("ada", "grace", "level1", "level3", "level5"):
        assert "league: %s lost" % good not in err
    table = read_csv(tmp_path / "one" / "standings.csv")
    assert len(table) == 8 and all(int(r["games"]) == 14 for r in table)
    assert {r["bot"]: int(r["faults"]) for r in table if int(r["faults"])}.keys() == {"raiser", "hanger", "peeker"}
    assert table[0]["bot"] == "level5"  # the best rating first
    html = (tmp_path / "one" / "league.html").read_text()
    assert "<svg" in html and "Head to head" in html and all(r["bot"] in html for r in table)
    assert league.main(common + ["--out", str(tmp_path / "two"), "--jobs", "2"]) == 0
    for name in ("standings.csv", "games.csv", "league.html"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name


@pytest.mark.parametrize("game", games.NAMES)
def test_a_bot_in_its_own_process_plays_as_it_would_in_the_league_s_process(game):
    """A level fed its view across the pipe makes every decision it makes in process: the same actions at
    the same times (with the same seed for its own rng)."""
    options = {}
    table = league.Table(game, options, [("level3", "level3"), ("level5", "level5")], 10.0)
    log = []
    try:
        winner, fault, line, match = table.play("level3", "level5", 11, 4, log)
    finally:
        table.close()
    assert fault is None, line
    cpu = __import__(games.get(game).CPU, None, None, ("make",))
    bots = [cpu.make("level3"), cpu.make("level5")]
    here = Match(games.get(game).new(11, options), bots, seed=11)
    for seat, bot in enumerate(bots):
        bot.rng = Rng(league.rng_seed("level%d" % (3 + 2 * seat), 4, seat))
    here.log = []
    here.run()
    assert log == here.log and len(log) > 20
    assert winner == here.game.winner


def test_nothing_a_bot_reaches_for_beyond_its_view_is_found(tmp_path):
    """The peeker's every probe is refused inside its process (and reported), even where it swallows the
    error: it plays on, and loses the game for the attempt."""
    bots = folder(tmp_path, bad=False)
    (bots / "peeker.py").write_text(PEEKER)
    table = league.Table("spit", {}, [(str(bots / "peeker.py"), "peeker"), ("level3", "level3")], 5.0)
    try:
        winner, fault, line, match = table.play(str(bots / "peeker.py"), "level3", 3, 0)
    finally:
        table.close()
    assert (winner, fault) == (1, 0)
    for event in ("gc.get_objects", "sys._getframe", "open", "os.listdir", "import"):
        assert event in line, line


def test_a_bot_that_leaves_nonsense_loses_the_game(tmp_path):
    """A string for a slot is no move: one line, the game lost, the other bot unharmed."""
    bots = folder(tmp_path, bad=False)
    (bots / "nonsense.py").write_text(NONSENSE)
    table = league.Table("spit", {}, [(str(bots / "nonsense.py"), "nonsense"), ("level1", "level1")], 5.0)
    try:
        winner, fault, line, match = table.play("level1", str(bots / "nonsense.py"), 3, 1)
    finally:
        table.close()
    assert (winner, fault) == (0, 1) and "not an intent" in line


def test_a_bot_file_that_cannot_load_loses_every_game_with_its_reason(tmp_path):
    bots = folder(tmp_path, bad=False)
    (bots / "broken.py").write_text("import nothing_of_the_kind\n")
    table = league.Table("spit", {}, [(str(bots / "broken.py"), "broken"), ("level1", "level1")], 5.0)
    try:
        for k in range(2):
            winner, fault, line, match = table.play(str(bots / "broken.py"), "level1", 3, k)
            assert (winner, fault) == (1, 0) and "cannot load" in line and "nothing_of_the_kind" in line
    finally:
        table.close()


def test_a_league_game_is_replayed_by_its_line_into_a_replay_file(tmp_path, capsys):
    """games.csv's replay column, given to --replay, saves the game: the replay reader ends it the same."""
    bots = folder(tmp_path, bad=False)
    assert league.main([str(bots), "--levels", "level2", "--games", "2", "--quiet", "--out",
                        str(tmp_path / "out")]) == 0
    row = read_csv(tmp_path / "out" / "games.csv")[1]
    target = tmp_path / "game.json"
    capsys.readouterr()
    assert league.main([str(bots), "--replay", row["replay"], "--save-replay", str(target)]) == 0
    assert "%s won" % row["winner"] in capsys.readouterr().out
    doc = json.loads(target.read_text())
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "replay.py"), str(target)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["phase"] == "over" and [row["seat1"], row["seat2"]][state["winner"]] == row["winner"]
    assert doc["cpus"] == [row["seat1"], row["seat2"]]


@pytest.mark.parametrize("args, words", [
    (["/no/such/folder"], "not a folder"),
    (["{bots}", "--levels", "level99"], "unknown level"),
    (["{empty}"], "at least two bots"),
    (["{bots}", "--games", "0"], "--games"),
    (["{bots}", "--think-limit", "0"], "--think-limit"),
    (["{bots}", "--replay", "ada,grace,1"], "SEAT0,SEAT1,SEED,K"),
    (["{bots}", "--replay", "ada,grace,1,0"], "--save-replay"),
])
def test_bad_arguments_are_one_line_and_exit_status_2(tmp_path, capsys, args, words):
    bots = folder(tmp_path, bad=False)
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "one.py").write_text(RAISER)
    args = [a.format(bots=bots, empty=empty) for a in args]
    out = str(tmp_path / "out")
    if "--replay" in args and "--save-replay" not in args and args[-1] != "ada,grace,1,0":
        args += ["--save-replay", str(tmp_path / "r.json")]
    assert league.main(args + ["--out", out]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err


def test_ratings_are_equal_for_equal_bots_and_order_by_strength():
    """Bradley-Terry on the Elo scale: mean 1500; equal records give equal ratings; beating a bot 9 to 1
    puts it about 380 points above (log10(9) * 400)."""
    r = league.ratings(2, {(0, 1): (5.0, 5.0)})
    assert r[0] == pytest.approx(1500) and r[1] == pytest.approx(1500)
    r = league.ratings(2, {(0, 1): (900.0, 100.0)})
    assert r[0] - r[1] == pytest.approx(400 * 0.954, abs=5)
    r = league.ratings(3, {(0, 1): (10.0, 0.0), (1, 2): (10.0, 0.0), (0, 2): (10.0, 0.0)})
    assert r[0] > r[1] > r[2] and sum(r) / 3 == pytest.approx(1500, abs=30)


def test_the_league_played_in_one_process_is_the_league_of_bot_processes(tmp_path):
    """The browser's lab has no processes: its league (here=True) plays the same games to the same standings
    and the same faults, so its table is the command's."""
    bots = folder(tmp_path, bad=False)
    (bots / "raiser.py").write_text(RAISER)
    (bots / "nonsense.py").write_text(NONSENSE)
    entrants = league.entrants_of(str(bots), ["level2"], "spit")
    apart = league.run("spit", {}, entrants, 2, 5)
    here = league.run("spit", {}, entrants, 2, 5, here=True, chunk=1)
    assert [row[:8] for row in here] == [row[:8] for row in apart]
    assert [row[8] for row in here] == [row[8] for row in apart]
    assert league.text_table("t", "n", league.standings(entrants, here)[0]) == \
        league.text_table("t", "n", league.standings(entrants, apart)[0])


def test_the_bot_lab_s_league_shows_the_command_s_table_and_faults(tmp_path, capsys):
    """web/spit_lab.py's league (the browser's, in one Python) on the same files: the command's table, word
    for word, its page and its fault lines; a bad file name is one line."""
    sys.path.insert(0, os.path.join(ROOT, "web"))
    try:
        import spit_lab
    finally:
        sys.path.remove(os.path.join(ROOT, "web"))
    bots = folder(tmp_path, bad=False)
    (bots / "raiser.py").write_text(RAISER)
    files = [{"name": p.name, "code": p.read_text()} for p in sorted(bots.iterdir())]
    got = json.loads(spit_lab.league(json.dumps(files), "spit", "level1", 2, 3, folder=str(tmp_path / "lab")))
    assert got["error"] is None and got["games"] == 12
    capsys.readouterr()
    assert league.main([str(bots), "--levels", "level1", "--games", "2", "--seed", "3", "--quiet", "--out",
                        str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert got["table"] == out.split("\nwritten: ")[0]
    assert got["faults"] == err.strip().splitlines() and len(got["faults"]) == 6
    assert got["page"] == (tmp_path / "out" / "league.html").read_text()
    bad = json.loads(spit_lab.league(json.dumps([{"name": "../x.py", "code": ""}, {"name": "a b.py"}]), "spit",
                                     "level1", 2, 3, folder=str(tmp_path / "lab")))
    assert bad["error"].startswith("league: 'a b.py': a bot file's name") and bad["table"] is None
