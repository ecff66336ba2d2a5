"""tools/tournament.py: seeded games between every pair of bots, seats alternating, and its table."""

import contextlib
import io
import json
import os
import tempfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    (["--game", "speed", "--bots", "level1,first"], "unknown bot 'first'"),  # Spit's example bot
    (["--game", "poker", "--bots", "level1,level2"], "invalid choice: 'poker'"),
    (["--game", "speed", "--option", "jokers=2", "--bots", "level1,level2"], "options.jokers"),
    (["--option", "jokers=true", "--bots", "level1,level2"], "spit has no option 'jokers'"),
    (["--bots", "level1"], "at least two bots"),
    (["--bots", "level1,wizard"], "unknown bot 'wizard'"),
    (["--bots", "level1,/nowhere/bot.py"], "no such file"),
    (["--bots", "level1,level2", "--games", "0"], "at least 1"),
])
def test_bad_arguments_get_one_line_and_status_2(capsys, args, words):
    try:
        status = tournament.main(args)
    except SystemExit as e:  # the argument parser's own one-line errors
        status = e.code
    assert status == 2
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


# ---- bots that load but fail while playing: one line naming the bot, exit status 2 ------------------

BROKEN = '''
import sys

from engine.bots import Bot


class Broken(Bot):
    speed = %s

    def __init__(self%s):
        pass

    def decide(self, view, act):
        %s
'''


@pytest.mark.parametrize("speed, init, decide, words", [
    ("2", "", "raise RuntimeError('no idea\\nwhat to do')", "mybot: decide failed: RuntimeError: no idea what to do"),
    ("2", "", "return 1 / 0", "mybot: decide failed: ZeroDivisionError"),
    ("2", "", "sys.exit(0)", "mybot: decide failed: SystemExit"),
    ("2", "", "act.play(1.5, 0)", "mybot: decide left act.a = 1.5, not a whole number"),
    ("2", "", "act.verb = None", "mybot: decide left act.verb = None"),
    ("2", "", "view.no_such_thing", "mybot: decide failed: AttributeError"),
    ("'fast'", "", "pass", "mybot: speed must be a whole number from 1 to 8, not 'fast'"),
    ("0", "", "pass", "mybot: speed must be a whole number from 1 to 8, not 0"),
    ("2.5", "", "pass", "not 2.5"),
    ("True", "", "pass", "not True"),
    ("2", ", level", "pass", "mybot: cannot make one: TypeError"),
    ("2", ", *a", "pass", None),
])
def test_a_bot_that_fails_while_playing_is_named_in_one_line(tmp_path, capsys, speed, init, decide, words):
    path = tmp_path / "mybot.py"
    path.write_text(BROKEN % (speed, init, decide))
    status = tournament.main(["--bots", "level1,%s" % path, "--games", "2", "--quiet"])
    captured = capsys.readouterr()
    if words is None:
        assert status == 0 and "level1 v mybot" in captured.out
        return
    assert status == 2
    assert len(captured.err.splitlines()) == 1 and words in captured.err, captured.err
    assert captured.err.startswith("tournament: ") and "Traceback" not in captured.err


def test_a_failing_bot_is_named_with_jobs_too(tmp_path, capsys):
    path = tmp_path / "late.py"
    path.write_text(BROKEN % ("3", "", "Bot.decide(self, view, act)\n        self.n = getattr(self, 'n', 0) + 1\n"
                                       "        if self.n > 5:\n            raise ValueError('late')"))
    assert tournament.main(["--bots", "level1,level2,%s" % path, "--games", "4", "--jobs", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == "tournament: late: decide failed: ValueError: late\n"


def test_a_file_that_exits_or_raises_anything_while_loading_is_one_line(tmp_path, capsys):
    for text, words in (("import sys\nsys.exit(0)\n", "SystemExit"),
                        ("class E(BaseException):\n    pass\nraise E('odd')\n", "E: odd"),
                        ("x = 1 +\n", "SyntaxError"), ("\xff\x00", "Error")):
        path = tmp_path / "odd.py"
        path.write_bytes(text.encode("latin-1"))
        assert tournament.main(["--bots", "level1,%s" % path, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and words in err, err


def test_an_endless_loop_is_stopped_and_named(tmp_path, capsys, monkeypatch):
    """A bot that never returns, or a file that never finishes loading, is stopped after SECONDS."""
    monkeypatch.setattr(tournament, "SECONDS", 1)
    path = tmp_path / "spin.py"
    path.write_text(BROKEN % ("2", "", "while True:\n            pass"))
    assert tournament.main(["--bots", "level1,%s" % path, "--games", "1", "--quiet"]) == 2
    assert capsys.readouterr().err == "tournament: spin: decide did not return within 1 s (an endless loop?)\n"
    path.write_text("while True:\n    pass\n")
    assert tournament.main(["--bots", "level1,%s" % path, "--quiet"]) == 2
    assert "spin.py: still loading after 1 s" in capsys.readouterr().err


# ---- the bot-file reader, property-tested: a table, or one line and exit status 2 ------------------

GOOD = BOT_FILE.encode("utf-8")


@st.composite
def mutated(draw, data=GOOD):
    """A good bot file with a few bytes or lines flipped, cut, doubled or swapped."""
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(("flip", "cut", "insert", "line", "swap", "truncate")))
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        if kind == "flip":
            data = data[:i] + bytes([draw(st.integers(0, 255))]) + data[i + 1:]
        elif kind == "cut":
            data = data[:i] + data[i + draw(st.integers(1, 20)):]
        elif kind == "insert":
            data = data[:i] + draw(st.sampled_from((b" ", b"\n", b"(", b"0", b"-", b"not ", b"\t", b"\xff"))) + data[i:]
        elif kind == "truncate":
            data = data[:i]
        else:
            lines = data.split(b"\n")
            j, k = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if kind == "line":
                lines.insert(j, lines[k])
            else:
                lines[j], lines[k] = lines[k], lines[j]
            data = b"\n".join(lines)
    return data


# bounded bodies only: no generated bot loops for long
BODIES = ("pass", "Bot.decide(self, view, act)", "act.play(0, 0)", "act.play(view.slots, 1)", "act.flip(-1)",
          "act.fill(10 ** 30)", "act.play(0.5, 0)", "act.play('0', 0)", "act.ready()", "act.do(4, 3)",
          "act.do(5, None)", "act.verb = 200", "act.b = []", "raise ValueError('x')", "return view.nothing",
          "self.n = getattr(self, 'n', 0) + 1\n        if self.n > 40:\n            raise RuntimeError('late')",
          "for s in range(view.slots):\n            if view.can_play(s, 0):\n                act.play(s, 0)",
          "import sys\n        sys.exit(3)", "self.rng.below(0)", "act.play(*divmod(self.rng.below(12), 2))")
GENERATED = st.builds(
    lambda speed, init, body, base: (
        "from engine.bots import Bot\n\n\nclass Gen(%s):\n    speed = %s\n\n    def __init__(self%s):\n"
        "        %s\n\n    def decide(self, view, act):\n        %s\n"
        % (base, speed, init[0], init[1], "\n        ".join(body))
    ).encode("utf-8"),
    st.one_of(st.sampled_from(("1", "3", "5")),  # one in two a good speed
              st.sampled_from(("0", "6", "-2", "2.0", "'fast'", "None", "True", "[]", "10 ** 99"))),
    st.one_of(st.just(("", "pass")),
              st.sampled_from(((", x", "pass"), (", *a, **k", "pass"), ("", "raise OSError('disk')"),
                               ("", "self.speed = 4"), ("", "self.decide = 5"), ("", "Bot.__init__(self)")))),
    st.lists(st.sampled_from(BODIES), min_size=1, max_size=3),
    st.sampled_from(("Bot", "Bot, int", "object")),
)


@settings(max_examples=80)
@given(st.one_of(st.binary(max_size=300), mutated(), GENERATED))
def test_any_bot_file_gives_a_table_or_one_line_and_status_2(text):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "anybot.py")
        with open(path, "wb") as f:
            f.write(text)
        out, err = io.StringIO(), io.StringIO()
        old, tournament.SECONDS = tournament.SECONDS, 10  # bounds a mutation that loops (none should)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = tournament.main(["--bots", "level1,%s" % path, "--games", "1", "--quiet"])
        finally:
            tournament.SECONDS = old
    if status == 0:
        assert "level1 v anybot" in out.getvalue() and err.getvalue() == ""
    else:
        assert status == 2
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith("tournament: "), err.getvalue()
