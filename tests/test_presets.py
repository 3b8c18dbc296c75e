"""The variants of RULES.md R8, each through the engine with its shipped preset file."""

from __future__ import annotations

import pytest

from referee.engine import Hand
from referee.engine.rules import HouseRules
from referee.series.presets import load_rules
from referee.words.events import told

PLAYERS = ("Anna", "Bram", "Cees")


def hand_of(preset: str, *lines: str) -> Hand:
    hand = Hand(load_rules(preset), PLAYERS, "Cees")
    for line in lines:
        ruling = hand.apply_line(line)
        assert ruling.ok, (line, ruling.rule, told(ruling))
    return hand


def test_R0_1_state_holds_public_information_only():
    st = hand_of("standard", "start 9h", "9c").state()
    assert set(st) >= {"counts", "draw_pile", "discard_pile", "top"}
    assert all(isinstance(n, int) for n in st["counts"].values())   # counts, never cards


def test_R8_1_standard_is_every_default():
    rules = load_rules("standard")
    assert rules.differences(HouseRules()) == []
    hand = hand_of("standard", "start 9h", "2h")
    assert hand.state()["pending_draw"] == 2 and hand.state()["turn"] == "Bram"


@pytest.mark.parametrize("name", ["family", "gezinspesten"])
def test_R8_2_family_plays_without_jokers_and_nothing_stacks(name):
    hand = hand_of(name, "start 9h")
    assert hand.state()["draw_pile"] == 52 - 21 - 1
    joker = hand.apply_line("Joker")
    assert (joker.ok, joker.rule) == (False, "R1.3")
    hand.apply_line("2h")
    stack = hand.apply_line("2s")
    assert (stack.ok, stack.rule) == (False, "R5.7")      # stacking = "none"
    assert hand.state()["pending_draw"] == 2


@pytest.mark.parametrize("name", ["hard", "hard-pesten"])
def test_R8_3_hard_four_five_and_king(name):
    hand = hand_of(name, "start 9h", "4h")                 # Bram misses two turns
    assert hand.state()["turn"] == "Cees" and hand.state()["skips"] == {"Bram": 1}
    hand.apply_line("5h")                                  # everyone else draws one
    assert hand.state()["counts"] == {"Anna": 7, "Bram": 8, "Cees": 6}
    assert hand.state()["turn"] == "Anna" and hand.state()["skips"] == {"Bram": 1}
    hand.apply_line("Kh")       # reverse; Cees loses the turn, Bram uses his last miss
    assert hand.state()["direction"] == "counterclockwise"
    assert hand.state()["turn"] == "Anna" and hand.state()["skips"] == {}


@pytest.mark.parametrize("name", ["fast", "snel"])
def test_R8_4_fast_has_no_turns_and_names_every_entry(name):
    hand = hand_of(name, "start 9h", "Bram: 9c")
    assert hand.state()["turn"] is None
    unnamed = hand.apply_line("9d")
    assert (unnamed.ok, unnamed.rule) == (False, "R8.4")


@pytest.mark.parametrize("name", ["cumulative", "cumulatief"])
def test_R8_5_cumulative_two_joker_two_is_nine(name):
    hand = hand_of(name, "start 9h", "2h", "Joker", "2c")
    assert hand.state()["pending_draw"] == 9 and hand.state()["turn"] == "Anna"


@pytest.mark.parametrize("name", ["tournament", "toernooi"])
def test_R8_6_tournament_plays_standard_card_rules(name):
    rules = load_rules(name)
    assert rules.differences(load_rules("standard")) == []
    assert rules.series["mode"] == "elimination" and rules.series["limit"] == 100
