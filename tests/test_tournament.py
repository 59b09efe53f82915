"""Tournaments (issue 12, item 5): seats rotate, results are reproducible on one or two
processes, win rates carry Wilson 95 % intervals, the CSV has a row per game and bot, and the
CLI shows a progress bar on stderr."""

from __future__ import annotations

import csv
import io

import pytest

from nbgames.cli import main
from nbgames.engine.tournament import CSV_FIELDS, tournament, wilson


def test_seats_rotate_and_two_processes_give_the_same_results():
    one = tournament("newyork", ["greedy", "random", "random"], 6, seed=4)
    two = tournament("newyork", ["greedy", "random", "random"], 6, seed=4, jobs=2)
    key = lambda r: (r["game"], r["entrant"])  # noqa: E731
    strip = lambda rows: [{k: v for k, v in r.items() if not k.startswith("think")}  # noqa: E731
                          for r in sorted(rows, key=key)]
    assert strip(one.rows) == strip(two.rows)
    for entrant in range(3):
        seats = [r["seat"] for r in sorted(one.rows, key=key) if r["entrant"] == entrant]
        assert seats == [(entrant + g) % 3 for g in range(6)]
    assert sum(e.wins for e in one.entrants) == pytest.approx(6)
    assert one.entrants[0].games == 6 and one.entrants[0].moves > 0
    assert 0 < one.entrants[0].think_max <= one.entrants[0].think


def test_greedy_beats_random_at_new_york():
    result = tournament("newyork", ["greedy", "random", "random", "random"], 8, seed=1)
    assert result.entrants[0].win_rate >= 0.75
    assert result.entrants[0].mean_score > max(e.mean_score for e in result.entrants[1:])


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(60, 100)
    assert low == pytest.approx(0.502, abs=1e-3) and high == pytest.approx(0.691, abs=1e-3)
    low, high = wilson(10, 10)
    assert high == 1.0 and 0.69 < low < 0.73  # sound at 100 %, unlike p ± 1.96·se


def test_cli_prints_win_rates_with_intervals_and_writes_csv(tmp_path, capsys):
    path = tmp_path / "games.csv"
    assert main(["tournament", "pebbles", "--bots", "greedy,random", "-n", "4", "--csv", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "4 games of pebbles" in out and "95% CI" in out and "think/move" in out and "longest" in out
    assert "4/4 games" in err  # the progress bar
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert len(rows) == 8 and tuple(rows[0]) == CSV_FIELDS


def test_cli_refuses_an_unknown_bot(capsys):
    assert main(["tournament", "pebbles", "--bots", "greedy,oracle", "-n", "1"]) == 2
    assert "unknown bot 'oracle'" in capsys.readouterr().err
