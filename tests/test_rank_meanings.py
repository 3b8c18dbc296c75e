"""R9.1: what each rank does under today's keys, and the R5 rule it cites while it
keeps that meaning; R2.4: the starters that act under ``start_card = "applies"``.

The rule book's meanings are declared once (``keys.RANK_MEANINGS``); these tests
state them again from RULES.md R5, independently, so a wrong entry of the table
shows here.
"""

from __future__ import annotations

import pytest

from referee.engine.cards import JOKER, parse_card
from referee.engine.compiled import house_of, tables_for
from referee.engine.effects import Effect
from referee.engine.rules import HouseRules, RulesError
from referee.messages import say
from referee.series.presets import rules_from_table

# (today's keys, rank, its effects by the rule book, the R5 rule it cites)
MEANINGS = [
    ({}, "2", (Effect("draw", n=2),), "R5.1"),
    ({}, "7", (Effect("again"),), "R5.2"),
    ({}, "8", (Effect("skip"),), "R5.3"),
    ({"jack_wild": True, "jack_on_jack": False}, "J",
     (Effect("name_suit", wild=True, on_same_rank="named_suit"),), "R5.4"),
    ({}, "J", (Effect("name_suit", wild=False, on_same_rank="always"),), "R5.4"),
    ({}, "A", (Effect("reverse"),), "R5.5"),
    ({"joker_penalty": 8}, JOKER, (Effect("draw", n=8),), "R5.6"),
    ({"king": "draw_one"}, "K", (Effect("draw", n=1, at_once=True),), "R5.8"),
    ({"king": "reverse_skip"}, "K", (Effect("reverse", two_players="none"), Effect("skip")), "R5.8"),
    ({"four": "skip_two"}, "4", (Effect("skip", n=2),), "R5.9"),
    ({"five": "all_draw_one"}, "5", (Effect("others_draw", n=1),), "R5.10"),
]

_CARD = {"2": "2h", "7": "7h", "8": "8h", "J": "Jh", "A": "Ah", JOKER: "Joker", "K": "Kh",
         "4": "4h", "5": "5h"}


@pytest.mark.parametrize("keys, rank, effects, rule", MEANINGS,
                         ids=[f"{m[1]}-{m[3]}-{i}" for i, m in enumerate(MEANINGS)])
def test_R9_1_a_rank_under_todays_keys_has_the_rule_books_effects_and_cites_its_R5_rule(
        keys, rank, effects, rule):
    rules = HouseRules(**keys)
    assert rules.effects()[rank] == effects
    assert tables_for(rules).rule[parse_card(_CARD[rank]).id] == rule


@pytest.mark.parametrize("keys, rank", [({"king": "none"}, "K"), ({"four": "none"}, "4"),
                                        ({"five": "none"}, "5")])
def test_R9_1_a_rank_its_key_leaves_plain_has_no_effect(keys, rank):
    rules = HouseRules(**keys)
    assert rank not in rules.effects() and rank not in rules.action_ranks()


def test_R9_1_a_rank_given_another_meaning_cites_the_effects_own_rule():
    rules = rules_from_table({"actions": {"7": "skip", "K": {"draw": 2}}}, "t")
    tables = tables_for(rules)
    assert tables.rule[parse_card("7h").id] is None       # a skip on a Seven: R9.5, not R5.2
    assert tables.rule[parse_card("Kh").id] is None       # a King drawing 2: R9.3, not R5.8
    assert tables.steps[parse_card("7h").id][0][1] == "R9.5"


def test_R9_1_why_names_the_key_that_switches_a_ranks_meaning_on():
    rules = HouseRules(king="draw_one", four="skip_two", jack_wild=True)
    assert house_of(rules, "K") == ("king", "draw_one")
    assert house_of(rules, "4") == ("four", "skip_two")
    assert house_of(rules, "J") is None and house_of(rules, "2") is None


def test_R9_1_a_file_setting_todays_key_and_the_ranks_entry_is_refused():
    for key, value, rank in (("king", "draw_one", "K"), ("four", "skip_two", "4"),
                             ("five", "all_draw_one", "5"), ("jack_wild", True, "J"),
                             ("jack_on_jack", False, "J"), ("joker_penalty", 3, JOKER)):
        with pytest.raises(RulesError) as info:
            rules_from_table({key: value, "actions": {rank: "again"}}, "t")
        assert info.value.key == f"actions.{rank}", key


def test_R2_4_the_starters_that_act_are_a_two_a_joker_an_eight_and_an_ace():
    assert HouseRules(start_card="applies").start_ranks() == {"2", JOKER, "8", "A"}
    with_king = HouseRules(start_card="applies", king="draw_one")
    assert with_king.start_ranks() == {"2", JOKER, "8", "A"}   # (the King does not start)


def test_R9_1_a_value_in_an_actions_error_is_written_as_toml_writes_it():
    with pytest.raises(RulesError) as info:
        rules_from_table({"actions": {"K": {"next_rank": 'Q"'}}}, "t")
    assert say(info.value.told) == ('house rules "t": `actions.K`: `next_rank = "Q\\""` is not '
                                    'allowed for "next_rank"; use a rank: A, K, Q, J, 2 to 10.')
    with pytest.raises(RulesError) as info:
        rules_from_table({"actions": {"K": "draw"}}, "t")
    assert "such as `{ draw = 1 }`" in say(info.value.told)
