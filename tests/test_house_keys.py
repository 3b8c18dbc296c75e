"""Every house-rule key of RULES.md R8 changes a ruling: each test plays the same
entries under the standard rules and under the house rule and asserts the difference.

Default table: Anna, Bram, Cees with Cees dealing, so Anna plays first.
"""

from __future__ import annotations

import pytest

from conftest import drain, make_hand, play, refused
from referee.engine import Hand
from referee.engine.keys import HOUSE_KEYS
from referee.engine.rules import KEYS, HouseRules

STANDARD = HouseRules()


def check(hand: Hand, **expected) -> None:
    """Assert that ``hand.state()`` has the given fields."""
    state = hand.state()
    for key, value in expected.items():
        assert state[key] == value, f"state[{key!r}] = {state[key]!r}, expected {value!r}"


def house(ruling) -> list:
    """The (key, value) house rules a ruling says decided it."""
    return ruling.house_rules()


# Engine keys of the R8 table (the top-level keys declared in ``HOUSE_KEYS``), each
# with at least one test below named after it.
ENGINE_KEYS = tuple(key.name for key in HOUSE_KEYS if key.section is None)


def test_every_R8_key_is_a_house_rule_field_and_has_a_test():
    # (the R9 tables have their tests in test_actions_table.py, by rule id)
    # ([scoring] is the series's: tests/test_family_scoring.py, R10.90; [calls]: tests/test_calls.py)
    assert set(ENGINE_KEYS) | {"points", "series", "scoring", "calls", "actions", "finish",
                               "start"} == set(KEYS)
    names = [n for n in globals() if n.startswith("test_")]
    for key in ENGINE_KEYS:
        assert any(n.startswith(f"test_{key}") for n in names), f"no test for {key}"


# ---------------------------------------------------------------------------

def test_deal_size_five():
    std = make_hand(STANDARD)
    five = make_hand(HouseRules(deal_size=5))
    check(std, counts={"Anna": 7, "Bram": 7, "Cees": 7}, draw_pile=33)
    check(five, counts={"Anna": 5, "Bram": 5, "Cees": 5}, draw_pile=39)
    play(five, "start 9h")
    check(five, draw_pile=38)


def test_jokers_false():
    std = make_hand(STANDARD, lines=["start 9h"])
    fam = make_hand(HouseRules(jokers=False), lines=["start 9h"])
    assert (std.deck_total, fam.deck_total) == (54, 52)
    check(fam, draw_pile=52 - 21 - 1)
    r = std.apply_line("Joker")
    assert (r.ok, r.rule) == (True, "R5.6")
    r = refused(fam, "Joker", "R1.3")
    assert ("jokers_per_deck", 0) in house(r)
    refused(fam, "start Joker", "R2.3")
    refused(make_hand(HouseRules(jokers=False)), "start Joker", "R1.3")


def test_jokers_per_deck_three_R1_4_allows_three_jokers_per_deck():
    three = make_hand(HouseRules(jokers_per_deck=3), lines=["start 9h"])
    one = make_hand(HouseRules(jokers_per_deck=1), lines=["start 9h"])
    assert (three.deck_total, one.deck_total) == (55, 53)
    check(three, draw_pile=55 - 21 - 1)
    for line in ("Joker", "Joker", "Joker"):       # Anna, Bram, Cees stack (R5.6)
        assert three.apply_line(line).ok
    check(three, pending_draw=15, turn="Anna")
    refused(three, "Joker", "R1.4")                 # a fourth: one deck holds three
    assert one.apply_line("Joker").ok
    refused(one, "Joker", "R1.4")                   # a second: one deck holds one


def test_decks_three_R1_4_allows_three_copies():
    three = make_hand(HouseRules(decks=3), lines=["start 9h"])
    assert three.deck_total == 162
    check(three, draw_pile=162 - 21 - 1)
    play(three, "9h", "9h")                         # the other two decks' 9h
    refused(three, "9h", "R1.4")


def test_hand_end_last_holder_plays_on_until_one_holds_cards():
    std = make_hand(HouseRules(deal_size=1), lines=["start 9h", "9s"])
    last = make_hand(HouseRules(deal_size=1, hand_end="last_holder"), lines=["start 9h", "9s"])
    check(std, status="over", winner="Anna", places=[])
    check(last, status="playing", winner=None, places=["Anna"], turn="Bram")
    r = last.apply_line("9d")
    assert ("hand_end", "last_holder") in house(r)
    check(last, status="over", winner="Anna", places=["Anna", "Bram"], counts={"Cees": 1})


def test_decks_two_with_three_players():
    std = make_hand(STANDARD, lines=["start 9h"])
    two = make_hand(HouseRules(decks=2), lines=["start 9h"])
    assert (std.deck_total, two.deck_total) == (54, 108)
    check(two, draw_pile=108 - 21 - 1)
    refused(std, "9h", "R1.4")
    r = two.apply_line("9h")                 # the other deck's 9h
    assert (r.ok, r.rule) == (True, "R3.1")
    refused(two, "9h", "R1.4")


def test_decks_one_with_six_players():
    names = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fenna"]
    std = make_hand(STANDARD, players=names, dealer="Fenna", lines=["start 7h"])
    one = make_hand(HouseRules(decks=1), players=names, dealer="Fenna", lines=["start 7h"])
    assert (std.deck_total, one.deck_total) == (108, 54)
    check(one, draw_pile=54 - 42 - 1)
    assert std.apply_line("7h").ok
    refused(one, "7h", "R1.4")


def test_joker_penalty_three():
    hand = make_hand(HouseRules(joker_penalty=3), lines=["start 9h", "Joker"])
    check(hand, pending_draw=3, turn="Bram")
    play(hand, "Joker")
    check(hand, pending_draw=6, turn="Cees")
    play(hand, "d")
    check(hand, counts={"Anna": 6, "Bram": 6, "Cees": 13}, pending_draw=0)


@pytest.mark.parametrize("stack, amounts", [("add", [5, 10, 15, 20]), ("double", [5, 10, 20, 40])])
def test_joker_stack(stack, amounts):
    hand = make_hand(HouseRules(joker_stack=stack, decks=2), lines=["start 9h"])
    seen = []
    for _ in range(4):
        play(hand, "Joker")
        seen.append(hand.state()["pending_draw"])
    assert seen == amounts


def test_stacking_same_default():
    hand = make_hand(STANDARD, lines=["start 9h", "2h"])
    refused(hand, "Joker", "R5.7")
    hand = make_hand(STANDARD, lines=["start 9h", "Joker"])
    refused(hand, "2h", "R5.7")


def test_stacking_cumulative_two_joker_two_is_nine():
    hand = make_hand(HouseRules(stacking="cumulative"), lines=["start 9h", "2h"])
    r = hand.apply_line("Joker")
    assert (r.ok, r.rule) == (True, "R5.6")
    check(hand, pending_draw=7, turn="Cees")
    r = hand.apply_line("2c")                # any penalty card stacks on any
    assert (r.ok, r.rule) == (True, "R5.1")
    check(hand, pending_draw=9, turn="Anna")
    refused(hand, "9c", "R5.7")
    play(hand, "d")
    check(hand, pending_draw=0, counts={"Anna": 15, "Bram": 6, "Cees": 6}, turn="Bram")


def test_stacking_cumulative_with_double_two_joker_joker_is_fourteen():
    hand = make_hand(HouseRules(stacking="cumulative", joker_stack="double"),
                     lines=["start 9h", "2h", "Joker"])
    check(hand, pending_draw=7)              # a Joker on a Two adds its 5
    play(hand, "Joker")                      # a Joker on a Joker doubles the whole amount
    check(hand, pending_draw=14, turn="Anna")


def test_stacking_none():
    hand = make_hand(HouseRules(stacking="none"), lines=["start 9h", "2h"])
    r = refused(hand, "2c", "R5.7")
    assert ("stacking", "none") in house(r)
    play(hand, "d")
    check(hand, counts={"Anna": 6, "Bram": 9, "Cees": 7}, turn="Cees", pending_draw=0)
    hand = make_hand(HouseRules(stacking="none"), lines=["start 9h", "Joker"])
    refused(hand, "Joker", "R5.7")


@pytest.mark.parametrize("penalty", [0, 4])
def test_last_card_penalty(penalty):
    hand = make_hand(HouseRules(deal_size=2, last_card_penalty=penalty),
                     lines=["start 9h", "9c", "9d"])
    r = hand.apply_line("call Anna")
    assert (r.ok, r.rule) == (True, "R4.3")
    check(hand, counts={"Anna": 1 + penalty, "Bram": 1, "Cees": 2}, callable=[])
    assert ("last_card_penalty", penalty) in house(r)


def test_false_call_penalty():
    std = make_hand(STANDARD, lines=["start 9h"])
    r = std.apply_line("Bram: call Cees")    # Cees holds 7: void and free
    assert (r.ok, r.rule) == (True, "R4.4")
    check(std, counts={"Anna": 7, "Bram": 7, "Cees": 7})
    assert std.apply_line("call Cees").ok    # an unnamed call is accepted
    hand = make_hand(HouseRules(false_call_penalty=1), lines=["start 9h"])
    r = hand.apply_line("Bram: call Cees")
    assert (r.ok, r.rule) == (True, "R4.4")
    assert ("false_call_penalty", 1) in house(r)
    check(hand, counts={"Anna": 7, "Bram": 8, "Cees": 7}, draw_pile=31, turn="Anna")
    refused(hand, "call Cees", "R4.4")       # the caller must be named


def test_false_call_penalty_not_for_a_premature_or_good_call():
    rules = HouseRules(deal_size=2, false_call_penalty=1)
    hand = make_hand(rules, lines=["start 9h", "9c"])
    r = hand.apply_line("Cees: call Anna")   # premature: no effect, no penalty
    assert (r.ok, r.rule) == (True, "R4.2")
    check(hand, counts={"Anna": 1, "Bram": 2, "Cees": 2})
    play(hand, "9d")
    r = hand.apply_line("Cees: call Anna")
    assert (r.ok, r.rule) == (True, "R4.3")
    check(hand, counts={"Anna": 3, "Bram": 1, "Cees": 2})


def test_illegal_play_penalty():
    std = make_hand(STANDARD, lines=["start 9h"])
    refused(std, "5c", "R3.1")
    hand = make_hand(HouseRules(illegal_play_penalty=2), lines=["start 9h"])
    r = hand.apply_line("5c")
    assert (r.ok, r.rule, r.logged) == (False, "R3.8", True)
    assert ("illegal_play_penalty", 2) in house(r)
    assert hand.log == ["start 9h", "5c"]
    check(hand, turn="Anna", top="9h", counts={"Anna": 9, "Bram": 7, "Cees": 7}, draw_pile=30)
    # A named-suit miss and a card that does not stack are illegal plays too.
    play(hand, "Jh s")
    r = hand.apply_line("5h")
    assert (r.ok, r.rule, r.logged) == (False, "R3.8", True)
    check(hand, counts={"Anna": 8, "Bram": 9, "Cees": 7})
    play(hand, "2s")
    r = hand.apply_line("5s")
    assert (r.ok, r.rule, r.logged) == (False, "R3.8", True)
    check(hand, counts={"Anna": 8, "Bram": 8, "Cees": 9}, pending_draw=2, turn="Cees")
    # Out of turn is not an illegal play: no penalty, nothing logged.
    refused(hand, "Anna: 5s", "R3.7")
    play(hand, "undo")
    check(hand, counts={"Anna": 8, "Bram": 8, "Cees": 7})


@pytest.mark.parametrize("card", ["2h", "Joker", "7h", "8h", "Ah", "Jh s"])
def test_finish_on_action(card):
    std = make_hand(STANDARD, lines=["start 9h", "fix count Anna 1"])
    r = std.apply_line(card)
    assert (r.ok, r.rule) == (False, "R6.2")
    hand = make_hand(HouseRules(finish_on_action=True), lines=["start 9h", "fix count Anna 1"])
    r = hand.apply_line(card)
    assert (r.ok, r.rule) == (True, "R6.1")
    # The hand ends at once and the card has no effect.
    check(hand, status="over", winner="Anna", pending_draw=0, named_suit=None, turn=None,
          direction="clockwise", counts={"Anna": 0, "Bram": 7, "Cees": 7})


@pytest.mark.parametrize("owed", [2, 3])
def test_finish_on_action_draw(owed):
    rules = HouseRules(finish_on_action_draw=owed)
    hand = make_hand(rules, lines=["start 9h", "fix count Anna 1"])
    assert hand.apply_line("7h").logged
    refused(hand, "d 5h", "R6.2")            # more than one card owed: no draw-and-play
    r = hand.apply_line("d")
    assert (r.ok, r.rule) == (True, "R6.2")
    check(hand, counts={"Anna": 1 + owed, "Bram": 7, "Cees": 7}, turn="Bram")
    std = make_hand(STANDARD, lines=["start 9h", "fix count Anna 1"])
    assert std.apply_line("7h").logged
    play(std, "d")
    check(std, counts={"Anna": 2, "Bram": 7, "Cees": 7})


def test_jack_wild():
    std = make_hand(STANDARD, lines=["start 9h"])
    refused(std, "Jc s", "R3.1")
    hand = make_hand(HouseRules(jack_wild=True), lines=["start 9h"])
    r = hand.apply_line("Jc s")
    assert (r.ok, r.rule) == (True, "R5.4")
    check(hand, named_suit="s", top="Jc", turn="Bram")
    play(hand, "Jd h")                       # any Jack, whatever suit is named
    check(hand, named_suit="h", turn="Cees")
    play(hand, "2h")
    refused(hand, "Js c", "R5.7")            # but not on a pending penalty


def test_jack_on_jack_false():
    std = make_hand(STANDARD, lines=["start 9h", "Jh s"])
    assert std.apply_line("Jc d").ok
    hand = make_hand(HouseRules(jack_on_jack=False), lines=["start 9h", "Jh s"])
    refused(hand, "Jc d", "R3.3")
    r = hand.apply_line("Js d")              # a Jack of the named suit still follows it
    assert (r.ok, r.rule) == (True, "R5.4")
    check(hand, named_suit="d", turn="Cees")


def test_penalty_ends_turn_false():
    std = make_hand(STANDARD, lines=["start 9h", "2h", "d"])
    check(std, turn="Cees")
    hand = make_hand(HouseRules(penalty_ends_turn=False), lines=["start 9h", "2h"])
    r = hand.apply_line("d")
    assert (r.ok, r.rule) == (True, "R5.7")
    assert ("penalty_ends_turn", False) in house(r)
    check(hand, turn="Bram", pending_draw=0, counts={"Anna": 6, "Bram": 9, "Cees": 7})
    play(hand, "5h")                         # the 2h counts as an ordinary card now
    check(hand, turn="Cees", top="5h", counts={"Anna": 6, "Bram": 8, "Cees": 7})


def test_draw_then_play_false():
    std = make_hand(STANDARD, lines=["start 9h"])
    assert std.apply_line("d 5h").ok
    hand = make_hand(HouseRules(draw_then_play=False), lines=["start 9h"])
    r = refused(hand, "d 5h", "R3.4")
    assert ("draw_then_play", False) in house(r)
    play(hand, "d")
    check(hand, turn="Bram", counts={"Anna": 8, "Bram": 7, "Cees": 7})


APPLIES = HouseRules(start_card="applies")


def test_start_card_applies_two():
    std = make_hand(STANDARD, lines=["start 2h"])
    check(std, pending_draw=0, turn="Anna")
    hand = make_hand(APPLIES)
    r = hand.apply_line("start 2h")
    assert (r.ok, r.rule) == (True, "R2.4")
    assert ("start_card", "applies") in house(r)
    check(hand, pending_draw=2, turn="Anna")
    refused(hand, "5h", "R5.7")
    play(hand, "2c")
    check(hand, pending_draw=4, turn="Bram")


def test_start_card_applies_joker():
    hand = make_hand(HouseRules(start_card="applies", joker_penalty=3), lines=["start Joker"])
    check(hand, pending_draw=3, turn="Anna")
    play(hand, "d")
    check(hand, pending_draw=0, turn="Bram", counts={"Anna": 10, "Bram": 7, "Cees": 7})
    play(hand, "5c")                         # any card on a dealt-with Joker


def test_start_card_applies_eight():
    hand = make_hand(APPLIES, lines=["start 8h"])
    check(hand, turn="Bram", pending_draw=0)


def test_start_card_applies_ace():
    hand = make_hand(APPLIES, lines=["start Ah"])
    # Counterclockwise, so the dealer's right-hand neighbour starts.
    check(hand, turn="Bram", direction="counterclockwise")
    play(hand, "5h")
    check(hand, turn="Anna")
    hand = make_hand(APPLIES, players=("Anna", "Bram", "Cees", "Dirk"), dealer="Anna",
                     lines=["start Ac"])
    check(hand, turn="Dirk", direction="counterclockwise")


@pytest.mark.parametrize("starter", ["7h", "Jh", "Kh", "4h", "5h", "3h"])
def test_start_card_applies_other_ranks_still_no_effect(starter):
    rules = HouseRules(start_card="applies", king="reverse_skip", four="skip_two",
                       five="all_draw_one")
    hand = make_hand(rules, lines=[f"start {starter}"])
    check(hand, turn="Anna", pending_draw=0, skips={}, named_suit=None, direction="clockwise",
          counts={"Anna": 7, "Bram": 7, "Cees": 7})


def test_king_draw_one():
    std = make_hand(STANDARD, lines=["start 9h", "Kh"])
    check(std, counts={"Anna": 6, "Bram": 7, "Cees": 7}, turn="Bram")
    hand = make_hand(HouseRules(king="draw_one"), lines=["start 9h"])
    r = hand.apply_line("Kh")
    assert (r.ok, r.rule) == (True, "R5.8")
    assert ("king", "draw_one") in house(r)
    check(hand, counts={"Anna": 6, "Bram": 8, "Cees": 7}, turn="Bram", pending_draw=0,
          draw_pile=31)
    play(hand, "5h")                         # and then Bram plays his turn
    check(hand, turn="Cees")


def test_king_reverse_skip():
    std = make_hand(STANDARD, lines=["start 9h", "Kh"])
    check(std, turn="Bram", direction="clockwise")
    hand = make_hand(HouseRules(king="reverse_skip"), lines=["start 9h"])
    r = hand.apply_line("Kh")
    assert (r.ok, r.rule) == (True, "R5.8")
    # Reversed, so Cees is next, and Cees misses the turn: Bram plays.
    check(hand, turn="Bram", direction="counterclockwise", skips={})
    play(hand, "5h")
    check(hand, turn="Anna")


def test_king_reverse_skip_two_players_plays_again():
    hand = make_hand(HouseRules(king="reverse_skip"), players=("Anna", "Bram"), dealer="Bram",
                     lines=["start 9h", "Kh"])
    check(hand, turn="Anna", direction="counterclockwise")


def test_king_skip_uses_no_four_miss():
    rules = HouseRules(king="reverse_skip", four="skip_two")
    hand = make_hand(rules, players=("Anna", "Bram", "Cees", "Dirk"), dealer="Dirk",
                     lines=["start 9h", "4h", "d"])
    check(hand, turn="Dirk", skips={"Bram": 1})
    play(hand, "d")
    check(hand, turn="Anna")
    play(hand, "Kh")                         # reverses: Dirk loses the turn, Cees plays
    check(hand, turn="Cees", direction="counterclockwise", skips={"Bram": 1})
    play(hand, "Ks")                         # reverses again: Dirk loses the turn again
    check(hand, turn="Anna", direction="clockwise", skips={"Bram": 1})
    play(hand, "d")                          # Bram uses his last miss: Cees
    check(hand, turn="Cees", skips={})


def test_four_skip_two():
    std = make_hand(STANDARD, lines=["start 9h", "4h"])
    check(std, turn="Bram", skips={})
    hand = make_hand(HouseRules(four="skip_two"), lines=["start 9h"])
    r = hand.apply_line("4h")
    assert (r.ok, r.rule) == (True, "R5.9")
    assert ("four", "skip_two") in house(r)
    check(hand, turn="Cees", skips={"Bram": 1})
    turns = []
    for _ in range(4):
        play(hand, "d")
        turns.append(hand.turn)
    # Cees -> Anna -> (Bram misses his second turn) Cees -> Anna -> Bram
    assert turns == ["Anna", "Cees", "Anna", "Bram"]
    check(hand, skips={})


def test_four_skip_two_across_an_ace():
    hand = make_hand(HouseRules(four="skip_two"), lines=["start 9h", "4h"])
    check(hand, turn="Cees", skips={"Bram": 1})
    play(hand, "Ah")                         # Cees reverses: Bram is next and misses again
    check(hand, turn="Anna", direction="counterclockwise", skips={})
    play(hand, "d")
    check(hand, turn="Cees")
    play(hand, "d")
    check(hand, turn="Bram")                 # exactly two turns missed


def test_four_skip_two_with_two_players():
    hand = make_hand(HouseRules(four="skip_two"), players=("Anna", "Bram"), dealer="Bram",
                     lines=["start 9h", "4h"])
    check(hand, turn="Anna", skips={"Bram": 1})
    play(hand, "5h")
    check(hand, turn="Anna", skips={})
    play(hand, "5c")
    check(hand, turn="Bram")


def test_five_all_draw_one():
    std = make_hand(STANDARD, lines=["start 9h", "5h"])
    check(std, counts={"Anna": 6, "Bram": 7, "Cees": 7})
    hand = make_hand(HouseRules(five="all_draw_one"), lines=["start 9h"])
    r = hand.apply_line("5h")
    assert (r.ok, r.rule) == (True, "R5.10")
    assert ("five", "all_draw_one") in house(r)
    check(hand, counts={"Anna": 6, "Bram": 8, "Cees": 8}, turn="Bram", draw_pile=30)


def test_multi_play_same_rank():
    std = make_hand(STANDARD, lines=["start 9h"])
    r = refused(std, "9c+9s", "R3.10")
    assert ("multi_play", "none") in house(r)
    hand = make_hand(HouseRules(multi_play="same_rank"), lines=["start 9h", "9c+9s"])
    check(hand, counts={"Anna": 5, "Bram": 7, "Cees": 7}, turn="Bram", top="9s")


FAST = HouseRules(turn_order="free")


def test_turn_order_free_turn_is_null_and_entries_need_a_player():
    std = make_hand(STANDARD, lines=["start 9h"])
    assert std.apply_line("9c").ok
    hand = make_hand(FAST, lines=["start 9h"])
    check(hand, turn=None)
    refused(hand, "9c", "R8.4")
    refused(hand, "d", "R8.4")
    refused(hand, "lk", "R8.4")
    refused(hand, "call Anna", "R8.4")
    r = hand.apply_line("Cees: 9c")          # anyone may play a matching card
    assert (r.ok, r.rule) == (True, "R3.1")
    check(hand, turn=None, counts={"Anna": 7, "Bram": 7, "Cees": 6})
    play(hand, "Cees: 9d", "Anna: d")
    check(hand, turn=None, counts={"Anna": 8, "Bram": 7, "Cees": 5})


def test_turn_order_free_pending_penalty_blocks_everyone_else():
    hand = make_hand(FAST, lines=["start 9h", "Anna: 2h"])
    check(hand, turn="Bram", pending_draw=2)
    refused(hand, "Cees: 2c", "R3.7")
    refused(hand, "Anna: 2c", "R3.7")
    play(hand, "Bram: 2c")
    check(hand, turn="Cees", pending_draw=4)
    play(hand, "Cees: d")
    check(hand, turn=None, pending_draw=0, counts={"Anna": 6, "Bram": 6, "Cees": 11})


@pytest.mark.parametrize("card", ["7h", "8h", "4h"])
def test_turn_order_free_seven_eight_four_no_effect_and_may_go_out(card):
    rules = HouseRules(turn_order="free", four="skip_two", deal_size=2)
    hand = make_hand(rules, lines=["start 9h"])
    r = hand.apply_line(f"Anna: {card}")
    assert (r.ok, r.rule) == (True, "R3.1")
    check(hand, turn=None, skips={}, direction="clockwise")
    r = hand.apply_line(f"Anna: {card[0]}c")  # her last card, of the same rank
    assert (r.ok, r.rule) == (True, "R6.1")
    check(hand, status="over", winner="Anna")
    seated = make_hand(HouseRules(four="skip_two"), lines=["start 9h", "fix count Anna 1"])
    assert seated.apply_line(card).rule == "R6.2"   # an action card in seated order


def test_turn_order_free_king_reverses_without_skip_and_jack_binds_everyone():
    hand = make_hand(HouseRules(turn_order="free", king="reverse_skip"), lines=["start 9h"])
    play(hand, "Anna: Kh")
    check(hand, direction="counterclockwise", turn=None, skips={})
    play(hand, "Bram: Jh c")
    refused(hand, "Cees: 5h", "R3.3")
    play(hand, "Cees: 5c", "Anna: 2c")       # counterclockwise: the Two falls on Cees
    check(hand, turn="Cees", pending_draw=2)


def test_turn_order_free_five_and_king_draw_one_work_as_usual():
    rules = HouseRules(turn_order="free", king="draw_one", five="all_draw_one")
    hand = make_hand(rules, lines=["start 9h", "Bram: Kh"])
    check(hand, turn=None, counts={"Anna": 7, "Bram": 6, "Cees": 8})
    play(hand, "Anna: 5h")
    check(hand, turn=None, counts={"Anna": 6, "Bram": 7, "Cees": 9})


def test_turn_order_free_blocked_when_everyone_drew_nothing():
    hand = make_hand(FAST, lines=["start 9h"])
    for _ in range(32):
        play(hand, "Anna: d")
    play(hand, "Anna: d", "Bram: d", "Anna: d")
    check(hand, status="playing")
    play(hand, "Cees: d")
    check(hand, status="over", winner=None)
    assert hand.blocked


def test_jump_in_identical_lets_the_top_cards_twin_be_played_out_of_turn():
    # (R10.70) Two decks, so that 9♠ has a twin; Bram is to play after Anna's 9♠.
    std = make_hand(HouseRules(decks=2), lines=["start 9h", "Anna: 9s"])
    jump = make_hand(HouseRules(decks=2, jump_in="identical"), lines=["start 9h", "Anna: 9s"])
    refused(std, "Cees: 9s", "R3.7")
    ruling = play(jump, "Cees: 9s")
    assert ruling.rule == "R10.70" and ("jump_in", "identical") in house(ruling)
    check(jump, turn="Anna")


def test_jump_in_on_penalty_true_lets_a_twin_stack_out_of_turn():
    # (R10.72) Anna's Two is pending for Bram; Cees holds its twin.
    lines = ["start 9h", "Anna: 2h"]
    off = make_hand(HouseRules(decks=2, jump_in="identical"), lines=lines)
    on = make_hand(HouseRules(decks=2, jump_in="identical", jump_in_on_penalty=True),
                   lines=lines)
    refused(off, "Cees: 2h", "R10.72")
    play(on, "Cees: 2h")
    check(on, pending_draw=4, turn="Anna")
