"""Comparing rule sets (referee/simulator/simcompare.py, ``pesten-ref simulate --compare``).

The same seeded deals under each rule set; identical rule sets are reported
as not different; a rule that changes the game is found; the rules sheet's
bots beat random play; the command prints plain sentences and JSON.
"""

from __future__ import annotations

import json
import re
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from conftest import cli  # noqa: E402
from referee.series.presets import load_rules  # noqa: E402
from referee.simulator import simcompare  # noqa: E402
from referee.simulator.simcompare import compare_rule_sets, simulate_in_parts  # noqa: E402
from referee.simulator.simulate import simulate  # noqa: E402


def test_two_identical_rule_sets_are_reported_as_not_different():
    report = compare_rule_sets([load_rules("standard"), load_rules("standard")], 4, 300,
                               seed=2, jobs=1)
    assert not any(c.supported for c in report.comparisons[0])
    text = report.render()
    assert "no difference between standard and standard" in text
    assert " *" not in text.split("In brackets")[0]


def test_parts_play_the_same_hands_as_one_run():
    """A run split in parts (as the worker processes play it) gives the same hands."""
    rules = load_rules("cumulative")
    whole = simulate(rules, 3, 40, seed=8).records
    parts = (simulate(rules, 3, 25, seed=8).records
             + simulate(rules, 3, 15, seed=8, start=25).records)
    assert whole == parts
    split = compare_rule_sets([rules], 3, 40, seed=8, jobs=2)
    assert split.runs[0].records == whole


def test_a_long_simulation_in_worker_processes_reports_as_one_run(monkeypatch):
    """``simulate`` of one rule set played in parts on two processes: the same figures."""
    monkeypatch.setattr(simcompare, "CHUNK", 16)
    rules = load_rules("standard")
    whole = simulate(rules, 4, 40, seed=3).to_json()
    split = simulate_in_parts(rules, 4, 40, seed=3, jobs=2).to_json()
    for report in (whole, split):
        del report["seconds"], report["hands_per_second"]
    assert split == whole
    assert simulate_in_parts(rules, 4, 40, seed=3, jobs=2).records == \
        simulate(rules, 4, 40, seed=3).records


def test_a_rule_that_changes_the_game_is_found():
    """Family play (no Jokers, no stacking) draws far fewer penalty cards: supported."""
    report = compare_rule_sets([load_rules("standard"), load_rules("family")], 4, 300,
                               seed=3, jobs=1)
    by_key = {c.key: c for c in report.comparisons[0]}
    assert by_key["penalty_cards"].supported
    assert by_key["penalty_cards"].difference.relative < -0.3
    assert "players draw" in report.render() and "fewer penalty cards" in report.render()
    assert report.runs[1].refused == report.runs[1].mismatches == 0


def test_the_sheet_bots_beat_random_bots_in_a_seeded_run():
    report = compare_rule_sets([load_rules("standard")], 4, 1500, seed=1, bots="mixed", jobs=1)
    share, seats, supported = report.skill[0]
    assert seats == 0.5
    assert supported and share.low > 0.5
    assert "good play pays off" in report.render()


def test_sheet_bots_forget_last_cards_at_the_rate_set():
    rules = load_rules("standard")
    never = compare_rule_sets([rules], 3, 200, seed=4, bots="sheet", forget=0.0, jobs=1)
    often = compare_rule_sets([rules], 3, 200, seed=4, bots="sheet", forget=0.8, jobs=1)
    assert sum(r.calls for r in never.runs[0].records) == 0
    assert sum(r.calls for r in often.runs[0].records) > 20


def test_json_gives_every_figure_with_its_interval(tmp_path):
    result = cli(None, "simulate", "--compare", "standard", "cumulative", "--players", "3",
                 "--hands", "150", "--seed", "5", "--json", "--jobs", "1")
    data = json.loads(result.output)
    assert data["rules"] == ["standard", "cumulative"] and data["hands"] == 150
    median = data["figures"]["cumulative"]["turns_median"]
    assert median["low"] <= median["value"] <= median["high"] and median["n"] == 150
    assert set(data["figures"]["standard"]) >= {
        "turns_median", "turns_p90", "turns_long", "seat_1", "seat_0", "penalty_cards",
        "largest_pickup", "big_pickup", "loser_points", "blocked", "calls"}
    diff = data["differences"]["cumulative"]["penalty_cards"]
    assert set(diff) >= {"value", "low", "high", "relative", "p", "supported"}
    assert data["trouble"]["cumulative"]["mismatches"] == 0


def test_compare_text_in_plain_sentences():
    result = cli(None, "simulate", "--compare", "standard", "family", "--players", "4",
                 "--hands", "200", "--seed", "6", "--jobs", "1")
    out = result.output
    assert "each rule set on the same 200 deals (seed 6), at a table of 4" in out
    assert "Hands won by the dealer's left (who starts)" in out
    assert "With family," in out
    assert "{" not in out


def test_a_plain_simulation_keeps_its_report():
    result = cli(None, "simulate", "--rules", "family", "--players", "4", "--hands", "20",
                 "--seed", "1")
    assert "The bots played 20 hands at a table of 4 with the family rules." in result.output


@pytest.mark.parametrize("args", [["--compare"], ["--compare", "standard", "nonsense-preset"]])
def test_bad_compare_arguments_give_a_clear_error(args):
    result = cli(None, "simulate", *args, "--hands", "10", code=2)
    assert result.output.strip()


def test_compare_says_of_every_figure_whether_the_hands_tell_a_difference_and_speaks_in_units(
        tmp_path):
    """Through the console script: a sentence per figure compared (the seats' wins in
    one when none differs), and the speed in hands a second."""
    from test_cli import run
    done = run(tmp_path, "simulate", "--compare", "standard", "family", "--players", "4",
               "--hands", "200", "--seed", "6", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert re.search(r"^That took \d+\.\d seconds, at a speed of [\d,]+ hands a second\.$",
                     out, flags=re.M)
    said = out.split(" figures compared at once).\n\n", 1)[1].splitlines()
    assert said == [
        "With family, half the hands are over by turn 53, against turn 67 with standard.",
        "Hand length in turns, 9 hands in 10 within: no difference between family and "
        "standard that the hands can tell.",
        "With family, hands are 17% shorter (±9%) than with standard.",
        "Hands longer than 3× the median: no difference between family and standard that "
        "the hands can tell.",
        "Hands won, seat by seat: no difference between family and standard that the hands "
        "can tell.",
        "With family, players draw 66% fewer penalty cards (±4%) than with standard.",
        "With family, someone picks up 10 cards or more at once in 0.0% of the hands, "
        "against 11.0% with standard.",
        "With family, a loser is left holding 29% fewer points (±5%) than with standard.",
        "Blocked hands: no difference between family and standard that the hands can tell.",
        "Forgotten last cards called per hand: no difference between family and standard "
        "that the hands can tell."]
