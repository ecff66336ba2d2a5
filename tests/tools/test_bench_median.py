"""tools/bench/bench_median.py: the command that measures a game's MEDIAN_MS, as tests/engine/test_ladder.py
holds it (to 10%), for any registered game (the toy's here: a game registered at test time)."""

import re

import pytest

import bench_median
from conftest import TOY


def test_it_prints_each_levels_median_and_the_tuple_to_write(registered, capsys):
    """A row a level of the roster (the toy's 2, 5 and 8), the median in each pair it plays, within 10% of the
    description's figure, and the MEDIAN_MS line whose figures are those of its moves."""
    assert bench_median.main(["--game", TOY[0], "--deals", "10"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^\| (\d+) \| (.+?) \| (\d+) \| (yes|NO) \|$", out, re.M)
    assert [int(r[0]) for r in rows] == bench_median.levels_of(TOY[0]) == [2, 5, 8]
    assert all(r[3] == "yes" for r in rows) and len(rows[1][1].split(",")) == 2  # level 5: beside 2 and 8
    (line,) = re.findall(r"^MEDIAN_MS = \((.*)\)$", out, re.M)
    figures = [int(x) for x in line.split(", ")]
    fig = bench_median.measure(TOY[0], 10)
    assert len(figures) == 9 and [k for k, ms in enumerate(figures) if ms] == [2, 5, 8]
    assert all(figures[lv] == fig["all"][lv] for lv in (2, 5, 8))
    shown = registered.get(TOY[0]).MEDIAN_MS
    assert all(abs(figures[lv] - shown[lv]) <= 0.1 * shown[lv] for lv in (2, 5, 8))


def test_a_figure_more_than_10_percent_off_is_said_and_exits_1(registered, capsys, monkeypatch):
    """What test_ladder would fail on: the level whose figure is off is named, exit status 1."""
    info = registered.get(TOY[0])
    wrong = list(info.MEDIAN_MS)
    wrong[5] = wrong[5] * 2
    monkeypatch.setattr(info, "MEDIAN_MS", tuple(wrong))
    assert bench_median.main(["--game", TOY[0], "--deals", "5"]) == 1
    out = capsys.readouterr().out
    assert "10% off at level 5 (" in out and re.search(r"^\| 5 \| .* \| NO \|$", out, re.M)


@pytest.mark.parametrize("args, words", [
    (["--game", "nothing"], "no game called 'nothing'"),
    (["--deals", "0"], "--deals must be 1 to 10000"),
])
def test_a_bad_argument_is_one_line_and_status_2(capsys, args, words):
    assert bench_median.main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
