"""tools/tournament.py: seeded games between every pair of bots, seats alternating, and its table."""

import json

import pytest

import tournament

BOT_FILE = '''
from engine.bots import Bot


class Slowpoke(Bot):
    """Plays the first card that fits, with a beginner's hands."""

    speed = 1

    def play(self, view, act):
        for slot in range(view.slots):
            for pile in range(2):
                if view.can_play(slot, pile):
                    act.play(slot, pile)
                    return
            if view.my_count[slot] and not view.my_up[slot]:
                act.flip(slot)
                return
            if view.fill_source(slot) >= 0:
                act.fill(slot)
                return
'''


def rows(text):
    """The table's rows as lists of cells."""
    return [[c.strip() for c in line.strip("|").split("|")] for line in text.splitlines() if line.startswith("| ")]


def test_every_pair_plays_and_the_table_adds_up(capsys):
    """Three bots: three pairs of 6 games; wins and draws add up to the games; per-bot lines follow."""
    assert tournament.main(["--game", "spit", "--bots", "level1,level3,first", "--games", "6", "--seed", "1",
                            "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 games per pair, seed 1 (deals 1-3, each played from both seats)")
    table = rows(out)
    pairs = [r for r in table if " v " in r[0]]
    assert [r[0] for r in pairs] == ["level1 v level3", "level1 v first", "level3 v first"]
    for r in pairs:
        a, b = map(int, r[1].split("-"))
        assert a + b + int(r[3]) == 6
        assert r[2].endswith(")") and float(r[4]) > 10 and float(r[5]) > 20
    bots = [r for r in table if r[0] in ("level1", "level3", "first")]
    assert [r[1] for r in bots] == ["1", "3", "2"]  # each bot's speed
    assert all(float(r[5]) > 0.2 for r in bots)  # median time per move, in seconds


def test_the_same_seed_gives_the_same_table_and_jobs_do_not_change_it(capsys):
    """Seeded: the same command prints the same table, with one process or two."""
    args = ["--bots", "level2,level3", "--games", "60", "--seed", "7", "--quiet"]
    tournament.main(args)
    one = capsys.readouterr().out
    tournament.main(args + ["--jobs", "2"])
    two = capsys.readouterr().out
    assert one == two


def test_a_bot_from_a_file_and_json_output(tmp_path, capsys):
    """mybot.py: the one Bot subclass in a file takes part; --json gives the figures to programs."""
    path = tmp_path / "mybot.py"
    path.write_text(BOT_FILE)
    assert tournament.main(["--bots", "level1,%s" % path, "--games", "2", "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["bots"] == ["level1", "mybot"]
    res = doc["results"][0]
    assert res["games"] == 2 and sum(res["wins"]) + res["draws"] == 2
    assert len(res["median_move_ms"]) == 2


def test_progress_is_shown_on_standard_error(capsys):
    """A line on standard error says how far the tournament is (every 2 s, and at the end)."""
    tournament.main(["--bots", "level4,level5", "--games", "2"])
    err = capsys.readouterr().err
    assert "tournament: 2/2 games" in err


@pytest.mark.parametrize("args, words", [
    (["--game", "speed", "--bots", "level1,level2"], "not in the engine yet"),
    (["--game", "poker", "--bots", "level1,level2"], "unknown game"),
    (["--bots", "level1"], "at least two bots"),
    (["--bots", "level1,wizard"], "unknown bot 'wizard'"),
    (["--bots", "level1,/nowhere/bot.py"], "no such file"),
    (["--bots", "level1,level2", "--games", "0"], "at least 1"),
])
def test_bad_arguments_get_one_line_and_status_2(capsys, args, words):
    assert tournament.main(args) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.splitlines()) == 1


def test_a_file_without_one_bot_class_is_refused(tmp_path, capsys):
    """A file with no Bot subclass (or two, and no BOT) names the problem."""
    path = tmp_path / "empty.py"
    path.write_text("x = 1\n")
    assert tournament.main(["--bots", "level1,%s" % path]) == 2
    assert "expected one subclass of engine.bots.Bot" in capsys.readouterr().err
    broken = tmp_path / "broken.py"
    broken.write_text("def oops(:\n")
    assert tournament.main(["--bots", "level1,%s" % broken]) == 2
    assert "SyntaxError" in capsys.readouterr().err


def test_wilson_interval():
    """The 95% interval of a win rate (Wilson)."""
    lo, hi = tournament.wilson(50, 100)
    assert abs(lo - 0.4038) < 0.001 and abs(hi - 0.5962) < 0.001
    lo, hi = tournament.wilson(0, 10)
    assert lo == 0 and 0.27 < hi < 0.28
    assert tournament.median([3, 1, 2]) == 2 and tournament.median([4, 1]) == 2.5 and tournament.median([]) is None
