"""The engine answers every recorded line as the baseline revision did (issue 11).

``tests/data/differential-15b2f64.jsonl.gz`` holds 300 simulated hands with noise
and the hands of ``SCRIPTED``, recorded from revision 15b2f64 with
``python bench/differential.py record --hands 300 --seed 2 --out
tests/data/differential-15b2f64.jsonl.gz``; ``bench/differential.py`` replays them
through this tree's engine.  Only the rule decisions of issue 11 may differ.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from conftest import bench_module

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "data" / "differential-15b2f64.jsonl.gz"

differential = bench_module("differential")


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return [r for r in differential._read(FIXTURE) if "lines" in r]


@pytest.fixture(scope="module")
def standard() -> dict:
    return next(r for r in differential._read(FIXTURE) if "format" in r)["standard"]


def test_every_recorded_ruling_is_the_baselines_or_a_decision():
    result = differential.compare_file(FIXTURE, show=3)
    assert result.hands == 311
    assert result.unexplained == 0, result.report(3)
    assert result.entries > 20_000


def test_the_fixture_covers_presets_players_and_refusals(records):
    from referee.engine.rules import GAMES   # the family's games (R10) came after the baseline
    presets = {p.stem for p in (ROOT / "house_rules").glob("*.toml")} - set(GAMES)
    assert presets <= {r["name"].rstrip("+") for r in records}
    assert {len(r["players"]) for r in records} == set(range(2, 9))
    cited = {rule for r in records for ok, rule, _legal, _delta in r["answers"] if not ok}
    assert {"R0.2", "R1.1", "R1.4", "R2.3", "R3.1", "R3.3", "R3.4", "R3.7", "R3.8", "R4.4",
            "R5.4", "R5.7", "R6.1", "R6.2", "R8.4", None} <= cited
    lines = [line for r in records for line in r["lines"]]
    for word in ("undo", "redo", "fix draw", "fix count", "fix play", "leave", "call", "check"):
        assert any(word in line for line in lines), word


def _long_hand(records: list[dict]) -> dict:
    return next(r for r in records if r["i"] >= 0 and len(r["lines"]) > 20)


def test_a_different_ok_is_an_unexplained_difference(records, standard):
    record = copy.deepcopy(_long_hand(records))
    record["answers"][9][0] = not record["answers"][9][0]
    outcome, entries, details = differential.compare_hand(differential.Candidate(), record,
                                                          standard)
    assert (outcome, entries, details["entry"]) == ("failure", 10, 10)
    assert details["line"] == record["lines"][9]


def test_a_different_state_is_an_unexplained_difference(records, standard):
    record = copy.deepcopy(_long_hand(records))
    pile = record["state0"]["draw_pile"]
    record["answers"][0][3]["draw_pile"] = pile + 1   # the baseline said one card more
    outcome, entries, details = differential.compare_hand(differential.Candidate(), record,
                                                          standard)
    assert (outcome, entries) == ("failure", 1)
    assert details["old"]["state"]["draw_pile"] == pile + 1
    assert "draw_pile" in differential._describe_failure(details)


def test_a_different_rule_is_an_unexplained_difference(records, standard):
    record = copy.deepcopy(_long_hand(records))
    record["answers"][2][1] = "R9.9"
    assert differential.compare_hand(differential.Candidate(), record, standard)[:2] == (
        "failure", 3)


# -- which differences a decision explains ----------------------------------

RULES = {"penalty_ends_turn": True, "draw_then_play": True, "illegal_play_penalty": 0,
         "jack_wild": False, "jack_on_jack": True, "turn_order": "seated", "four": "none",
         "king": "none", "five": "none"}
PENDING = {"status": "playing", "turn": "Bram", "pending_draw": 2, "named_suit": None,
           "top": "2h", "discard_pile": 2, "counts": {"Anna": 6, "Bram": 7}}
NAMED = {**PENDING, "pending_draw": 0, "named_suit": "s", "top": "Jh", "draw_pile": 32}
DREW_TWO = {**NAMED, "counts": {"Anna": 6, "Bram": 9}, "draw_pile": 30, "discard_pile": 2}
TOOK = {**PENDING, "pending_draw": 0, "turn": "Anna", "counts": {"Anna": 6, "Bram": 10}}
WON = {**PENDING, "status": "over", "turn": None, "winner": "Bram", "counts": {"Anna": 6}}


def _explain(changes: dict, line: str, before: dict, old: tuple, new: tuple):
    return differential.explain({**RULES, **changes}, line, before, old, new, None)


@pytest.mark.parametrize("changes, line, before, old, new, decision", [
    ({"penalty_ends_turn": False}, "d 9h", PENDING,
     (False, "R5.7", None, PENDING), (True, "R3.1", None, {}), "d_card_takes_penalty"),
    ({"penalty_ends_turn": False, "draw_then_play": False}, "Bram: d 9h", PENDING,
     (False, "R5.7", None, PENDING), (False, "R3.4", None, PENDING), "d_card_takes_penalty"),
    ({}, "d 9h", PENDING, (False, "R5.7", None, PENDING), (True, "R3.1", None, {}), None),
    ({"illegal_play_penalty": 1}, "d 9h", PENDING,
     (False, "R3.8", None, {**PENDING, "draw_pile": 3}), (False, "R5.7", None, PENDING),
     "no_r38_for_d_card"),
    ({"illegal_play_penalty": 1}, "9h", PENDING,
     (False, "R3.8", None, {**PENDING, "draw_pile": 3}), (False, "R5.7", None, PENDING), None),
    ({"jack_wild": True, "jack_on_jack": False}, "Jc d", NAMED,
     (True, "R5.4", None, {}), (False, "R3.3", None, NAMED), "jack_on_jack_over_jack_wild"),
    ({"jack_wild": True, "jack_on_jack": False}, "check Jc", NAMED,
     (True, "R3.3", True, NAMED), (True, "R3.3", False, NAMED), "jack_on_jack_over_jack_wild"),
    ({"jack_wild": True}, "Jc d", NAMED, (True, "R5.4", None, {}),
     (False, "R3.3", None, NAMED), None),
    ({"jack_wild": True, "jack_on_jack": False}, "Js d", NAMED, (True, "R5.4", None, {}),
     (False, "R3.3", None, NAMED), None),
    # A Jack without a suit, not of the named suit: R5.4 before, now R3.3 (or R3.8).
    ({"jack_wild": True, "jack_on_jack": False}, "Jc", NAMED,
     (False, "R5.4", None, NAMED), (False, "R3.3", None, NAMED), "jack_on_jack_over_jack_wild"),
    ({"jack_wild": True, "jack_on_jack": False}, "d Jc", NAMED,
     (False, "R5.4", None, NAMED), (False, "R3.3", None, NAMED), "jack_on_jack_over_jack_wild"),
    ({"jack_wild": True, "jack_on_jack": False, "illegal_play_penalty": 2}, "Jc", NAMED,
     (False, "R5.4", None, NAMED), (False, "R3.8", None, DREW_TWO),
     "jack_on_jack_over_jack_wild"),
    ({"jack_wild": True, "jack_on_jack": False, "illegal_play_penalty": 1}, "Jc", NAMED,
     (False, "R5.4", None, NAMED), (False, "R3.8", None, DREW_TWO), None),  # one too many
    ({"jack_wild": True, "jack_on_jack": False, "illegal_play_penalty": 2}, "Jc", NAMED,
     (False, "R5.4", None, NAMED), (False, "R3.8", None, {**DREW_TWO, "named_suit": None}),
     None),
    ({"jack_wild": True, "jack_on_jack": False}, "Jc", NAMED,
     (False, "R5.4", None, NAMED), (False, "R3.3", None, {**NAMED, "turn": "Anna"}), None),
    # ... or the last card (R6.2, an action card): now it does not match (R3.3).
    ({"jack_wild": True, "jack_on_jack": False}, "Jc d", NAMED,
     (False, "R6.2", None, NAMED), (False, "R3.3", None, NAMED), "jack_on_jack_over_jack_wild"),
    ({"jack_wild": True, "jack_on_jack": False, "illegal_play_penalty": 2}, "Bram: Jc", NAMED,
     (False, "R6.2", None, NAMED), (False, "R3.8", None, DREW_TWO),
     "jack_on_jack_over_jack_wild"),
    ({"jack_wild": True, "jack_on_jack": False}, "Jc d", NAMED,
     (False, "R6.1", None, NAMED), (False, "R3.3", None, NAMED), None),
    ({"jack_wild": True}, "Jc", NAMED,
     (False, "R5.4", None, NAMED), (False, "R3.3", None, NAMED), None),
    ({"jack_wild": True, "jack_on_jack": False}, "Js", NAMED,
     (False, "R5.4", None, NAMED), (False, "R3.3", None, NAMED), None),
    ({"jack_wild": True, "jack_on_jack": False}, "Joker", NAMED,
     (True, "R5.6", None, {}), (False, "R3.3", None, NAMED), None),
    # "d d" on a pending penalty: told in order, the penalty cited.
    ({"penalty_ends_turn": False}, "d d", PENDING,
     (True, "R3.4", None, TOOK), (True, "R5.7", None, TOOK), "penalty_then_draw_in_order"),
    ({"turn_order": "free"}, "Bram: d d", PENDING,
     (True, "R3.4", None, TOOK), (True, "R5.7", None, TOOK), "penalty_then_draw_in_order"),
    ({"penalty_ends_turn": False}, "d d", NAMED,
     (True, "R3.4", None, TOOK), (True, "R5.7", None, TOOK), None),
    ({"penalty_ends_turn": False}, "d d", PENDING,
     (True, "R3.4", None, TOOK), (True, "R5.7", None, {**TOOK, "turn": "Bram"}), None),
    ({"penalty_ends_turn": False}, "d lk", PENDING,
     (True, "R3.4", None, TOOK), (True, "R5.7", None, TOOK), None),
    ({}, "start 4h", {}, (True, "R2.4", None, PENDING), (True, "R2.3", None, PENDING),
     "starter_cites_r23"),
    ({"turn_order": "free"}, "start 8h", {}, (True, "R2.4", None, PENDING),
     (True, "R2.3", None, PENDING), "starter_cites_r23"),
    ({"four": "skip_two"}, "start 4h", {}, (True, "R2.4", None, PENDING),
     (True, "R2.3", None, PENDING), None),
    ({}, "start 4h", {}, (True, "R2.4", None, PENDING),
     (True, "R2.3", None, {**PENDING, "turn": "Anna"}), None),
    # R6.1: a correction that ends the hand: the pending penalty lapses with it.
    ({}, "fix play Bram 7s", PENDING, (True, "R0.2", None, WON),
     (True, "R0.2", None, {**WON, "pending_draw": 0}), "penalty_lapses_at_end"),
    ({}, "fix count Bram 0", PENDING, (True, "R0.2", None, WON),
     (True, "R0.2", None, {**WON, "pending_draw": 0}), "penalty_lapses_at_end"),
    ({}, "fix play Bram 7s", PENDING, (True, "R0.2", None, WON),
     (True, "R0.2", None, {**WON, "pending_draw": 0, "winner": "Anna"}), None),
    ({}, "fix play Bram 7s", PENDING, (True, "R0.2", None, PENDING),
     (True, "R0.2", None, {**PENDING, "pending_draw": 0}), None),   # (not over)
    ({}, "9h", PENDING, (True, "R3.1", None, WON),
     (True, "R3.1", None, {**WON, "pending_draw": 0}), None),       # (no correction)
])
def test_a_decision_explains_only_its_own_difference(changes, line, before, old, new, decision):
    assert _explain(changes, line, before, old, new) == decision


def test_a_penalty_turn_explains_a_blocked_hand_only_after_it_drew_nothing():
    turns = differential._PenaltyTurns()
    rules = {**RULES, "penalty_ends_turn": False}
    took = {**PENDING, "pending_draw": 0, "counts": {"Anna": 6, "Bram": 9}}
    blocked = {**took, "status": "over", "turn": None, "winner": None}
    assert differential.explain(rules, "d", took, (True, "R3.4", None, blocked),
                                (True, "R3.4", None, took), turns) is None
    turns.update("d", PENDING, took)      # the penalty brought two cards
    turns.update("d", took, took)         # then nothing was left to draw
    assert differential.explain(rules, "d", took, (True, "R3.4", None, blocked),
                                (True, "R3.4", None, took), turns) == "penalty_turn_not_blank"
    turns.update("9h", took, {**took, "top": "9h", "discard_pile": 3})  # a card played
    assert differential.explain(rules, "d", took, (True, "R3.4", None, blocked),
                                (True, "R3.4", None, took), turns) is None


def test_R9_1_every_recorded_ruling_is_the_same_with_the_rules_written_as_the_actions_table():
    """Today's keys and the [actions], [stacking], [finish] and [start] tables they
    expand to (``actions_form``) rule the same, entry by entry (RULES.md R9.1)."""
    result = differential.compare_file(FIXTURE, show=3, as_actions=True)
    assert result.hands == 311
    assert result.unexplained == 0, result.report(3)
    assert result.identical == differential.compare_file(FIXTURE, show=3).identical


def test_R9_1_the_actions_form_sets_no_old_key_that_expands():
    record = next(r for r in differential._read(FIXTURE) if "lines" in r)
    candidate = differential.Candidate()
    rules, _ = candidate.rules(record["rules"], record["name"])
    form = differential.actions_form(record["rules"], rules)
    assert not set(differential._EXPANDED) & set(form) - {"stacking", "joker_penalty"}
    assert isinstance(form["stacking"], dict) and form["actions"]
