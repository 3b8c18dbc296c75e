"""Scoring and the series (RULES.md R7, R2.1, R1.5; NOTATION.md "Between hands and scoring")."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.cards import parse_card
from referee.messages import has
from referee.engine.rules import HouseRules
from referee.series.scoring import (
    Event,
    HandFacts,
    HandResult,
    ScoreError,
    Series,
    SeriesDataError,
    apply_result,
    card_points,
    choose_dealer,
    join_names,
    parse_hand_cards,
    render_standings,
    score_hand,
    standings_json,
    untold_winner,
)

ABC = ["Anna", "Bram", "Cees"]


def rules(mode: str = "elimination", limit: int = 100, hands: int = 0, **kw) -> HouseRules:
    return HouseRules().replace(series={"mode": mode, "limit": limit, "hands": hands}, **kw)


def series(players=ABC, dealer=None, **kw) -> Series:
    return Series.new(list(players), rules(**kw), dealer or players[0])


def over(winner, counts, discard=(), players=None, left=(), decks=1) -> HandFacts:
    """Facts of a refereed hand that is over."""
    players = list(players or [winner, *counts])
    return HandFacts(status="over", players=players, left=list(left), winner=winner,
                     counts={winner: 0, **counts}, discard=[parse_card(c) for c in discard],
                     decks=decks)


def refused(rule: str, fn, *args, **kwargs) -> ScoreError:
    with pytest.raises(ScoreError) as info:
        fn(*args, **kwargs)
    assert info.value.rule == rule, info.value.message
    assert info.value.message.endswith(f"({rule}).")
    return info.value


def play_hand(s: Series, winner: str, totals: dict[str, int]) -> list[Event]:
    """Score an unrefereed hand with point totals and move on when the series continues."""
    if s.hand_scored:
        s.start_next_hand()
    result = score_hand(s, HandFacts.unrefereed(s), winner, totals)
    events = apply_result(s, result)
    return events


# -- R7.1 points ----------------------------------------------------------------

def test_R7_1_points_standard_table():
    r = HouseRules()
    assert [card_points(parse_card(c), r) for c in ["Ah", "Joker", "Ks", "Qd", "Jc", "2h", "7s", "10d"]] \
        == [15, 20, 10, 10, 10, 2, 7, 10]


def test_R7_1_points_house_table():
    r = HouseRules().replace(points={**HouseRules().points, "A": 1, "Joker": 50})
    assert card_points(parse_card("As"), r) == 1
    assert card_points(parse_card("jo"), r) == 50


def test_R7_1_points_summed_and_winner_scores_zero():
    s = series()
    result = score_hand(s, over("Anna", {"Bram": 2, "Cees": 3}), None,
                        {"Bram": "Ah Ks", "Cees": "3d,4d, 5d"})
    assert result.points == {"Anna": 0, "Bram": 25, "Cees": 12}
    assert result.cards == {"Bram": ["Ah", "Ks"], "Cees": ["3d", "4d", "5d"]}
    assert result.winner == "Anna"


def test_R7_1_point_totals_accepted_as_int_or_digits():
    s = series()
    result = score_hand(s, over("Anna", {"Bram": 2, "Cees": 3}), "anna", {"Bram": 25, "Cees": "12"})
    assert result.points == {"Anna": 0, "Bram": 25, "Cees": 12}
    assert result.cards == {}


def test_R7_1_winner_given_cards_refused_but_empty_accepted():
    s = series()
    facts = over("Anna", {"Bram": 1, "Cees": 1})
    err = refused("R7.1", score_hand, s, facts, None, {"Anna": "5h", "Bram": "2c", "Cees": "3c"})
    assert "Anna" in err.message
    result = score_hand(s, facts, None, {"Anna": "", "Bram": "2c", "Cees": 3})
    assert result.points["Anna"] == 0


def test_R7_1_missing_player_refused_naming_them():
    s = series(players=["Anna", "Bram", "Cees", "Dirk"])
    facts = over("Anna", {"Bram": 1, "Cees": 1, "Dirk": 1})
    err = refused("R7.1", score_hand, s, facts, None, {"Bram": "2c"})
    assert "Cees and Dirk" in err.message


def test_R7_1_negative_total_refused():
    s = series()
    refused("R7.1", score_hand, s, HandFacts.unrefereed(s), "Anna", {"Bram": -3, "Cees": 4})


def test_R7_1_bad_card_token_named():
    with pytest.raises(ScoreError) as info:
        parse_hand_cards("Ah Xq 3d")
    assert "'Xq'" in info.value.message
    s = series()
    err = refused("R7.1", score_hand, s, over("Anna", {"Bram": 2, "Cees": 1}), None,
                  {"Bram": "Ah 1h", "Cees": "3d"})
    assert "'1h'" in err.message and "Bram" in err.message


def test_parse_hand_cards_lenient_in_canonical_out():
    cards = parse_hand_cards(" 7♥, ts;jo  AH ")
    assert [str(c) for c in cards] == ["7h", "10s", "Joker", "Ah"]
    assert parse_hand_cards("") == []


# -- R7.2 consistency --------------------------------------------------------------

def test_R7_2_count_mismatch_refused():
    s = series()
    err = refused("R7.2", score_hand, s, over("Anna", {"Bram": 1, "Cees": 2}), None,
                  {"Bram": "5h", "Cees": "2c 3c 4c"})
    assert err.message == "Cees holds 2 cards by the referee's count, 3 were given (R7.2)."


def test_R7_2_count_mismatch_one_given_reads_well():
    s = series()
    err = refused("R7.2", score_hand, s, over("Anna", {"Bram": 1, "Cees": 2}), None,
                  {"Bram": "5h", "Cees": "2c"})
    assert err.message == "Cees holds 2 cards by the referee's count, 1 was given (R7.2)."


def test_R7_2_card_in_discard_refused():
    s = series()
    facts = over("Bram", {"Anna": 2, "Cees": 1}, discard=["9h", "7h", "7c"])
    err = refused("R7.2", score_hand, s, facts, None, {"Anna": "Ks 7h", "Cees": "2c"})
    assert err.message == "7♥ is in the discard pile; Anna cannot hold it (R7.2)."


def test_R7_2_two_decks_one_copy_in_discard_is_fine_both_refused():
    players = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fien"]
    s = series(players=players)
    counts = {p: 1 for p in players[1:]}
    given = {"Bram": "7h", "Cees": "2c", "Dirk": "3c", "Eva": "4c", "Fien": "5c"}
    ok = score_hand(s, over("Anna", counts, discard=["7h"], decks=2), None, given)
    assert ok.points["Bram"] == 7
    err = refused("R7.2", score_hand, s, over("Anna", counts, discard=["7h", "7h"], decks=2),
                  None, given)
    assert "All 2 copies of 7♥" in err.message and "Bram" in err.message


def test_R7_2_same_card_in_two_hands_refused():
    s = series()
    err = refused("R7.2", score_hand, s, over("Anna", {"Bram": 2, "Cees": 1}), None,
                  {"Bram": "Qh 3s", "Cees": "qH"})
    assert "Q♥" in err.message and "Bram and Cees" in err.message


def test_R7_2_jokers_two_per_deck():
    s = series()
    facts = over("Anna", {"Bram": 2, "Cees": 1})
    assert score_hand(s, facts, None, {"Bram": "jo jo", "Cees": "3s"}).points["Bram"] == 40
    err = refused("R7.2", score_hand, s, facts, None, {"Bram": "jo *", "Cees": "joker"})
    assert "Joker" in err.message
    facts = over("Anna", {"Bram": 2, "Cees": 1}, discard=["Joker"])
    refused("R7.2", score_hand, s, facts, None, {"Bram": "jo jo", "Cees": "3s"})


def test_R7_2_total_must_fit_the_count():
    s = series()
    facts = over("Anna", {"Bram": 2, "Cees": 1})
    err = refused("R7.2", score_hand, s, facts, None, {"Bram": 230, "Cees": 3})
    assert "Bram" in err.message and "4 to 40" in err.message
    refused("R7.2", score_hand, s, facts, None, {"Bram": 3, "Cees": 3})
    assert score_hand(s, facts, None, {"Bram": 40, "Cees": 2}).points == {"Anna": 0, "Bram": 40, "Cees": 2}


def test_R7_2_unrefereed_hand_has_no_count_check_but_copies_still_count():
    s = series()
    result = score_hand(s, HandFacts.unrefereed(s), "Anna", {"Bram": "2c 3c 4c 5c", "Cees": 99})
    assert result.points == {"Anna": 0, "Bram": 14, "Cees": 99}
    refused("R7.2", score_hand, s, HandFacts.unrefereed(s), "Anna", {"Bram": "2c", "Cees": "2c"})


def test_R1_3_joker_without_jokers_refused():
    s = series(jokers=False)
    refused("R1.3", score_hand, s, over("Anna", {"Bram": 1, "Cees": 1}), None,
            {"Bram": "jo", "Cees": "3s"})


# -- status, names, winner ------------------------------------------------------------

def test_R6_1_hand_still_playing_refused():
    s = series()
    facts = HandFacts(status="playing", players=ABC, counts={"Anna": 3, "Bram": 2, "Cees": 4})
    err = refused("R6.1", score_hand, s, facts, "Anna", {"Bram": 5, "Cees": 8})
    assert "still being played" in err.message


def test_R6_1_winner_must_agree_with_referee():
    s = series()
    facts = over("Anna", {"Bram": 1, "Cees": 1})
    err = refused("R6.1", score_hand, s, facts, "Bram", {"Bram": "2c", "Cees": "3c"})
    assert "Anna" in err.message and "Bram" in err.message
    assert score_hand(s, facts, "ANNA", {"Bram": "2c", "Cees": "3c"}).winner == "Anna"


def test_R1_1_unknown_player_refused_names_canonical():
    s = series()
    err = refused("R1.1", score_hand, s, over("Anna", {"Bram": 1, "Cees": 1}), None,
                  {"Bram": "2c", "Kees": "3c"})
    assert "Kees" in err.message
    result = score_hand(s, over("Anna", {"Bram": 1, "Cees": 1}), None, {"bRAM": "2c", "cees": "3c"})
    assert set(result.points) == {"Anna", "Bram", "Cees"}


def test_scoring_twice_refused():
    s = series()
    facts = over("Anna", {"Bram": 1, "Cees": 1})
    apply_result(s, score_hand(s, facts, None, {"Bram": 2, "Cees": 3}))
    refused("R7.3", score_hand, s, facts, None, {"Bram": 2, "Cees": 3})
    facts.status = "scored"
    refused("R7.3", score_hand, s, facts, None, {"Bram": 2, "Cees": 3})
    result = HandResult(hand=1, winner="Anna", points={"Anna": 0})
    refused("R7.3", apply_result, s, result)
    assert s.records["Bram"].total == 2


def test_score_hand_does_not_mutate():
    s = series()
    before = s.to_dict()
    score_hand(s, over("Anna", {"Bram": 1, "Cees": 1}), None, {"Bram": 2, "Cees": 3})
    assert s.to_dict() == before


def test_R3_9_blocked_hand_everyone_scores():
    s = series()
    facts = HandFacts(status="over", players=ABC, winner=None, blocked=True,
                      counts={"Anna": 1, "Bram": 2, "Cees": 1})
    refused("R7.1", score_hand, s, facts, None, {"Bram": "2c 3c", "Cees": "4c"})
    refused("R3.9", score_hand, s, facts, "Anna", {"Anna": "5c", "Bram": "2c 3c", "Cees": "4c"})
    result = score_hand(s, facts, None, {"Anna": "5c", "Bram": "2c 3c", "Cees": "4c"})
    assert result.winner is None and result.blocked
    assert result.points == {"Anna": 5, "Bram": 5, "Cees": 4}
    events = apply_result(s, result)
    assert [e.kind for e in events] == ["hand_blocked"]
    assert [s.records[p].wins for p in ABC] == [0, 0, 0]
    assert [s.records[p].total for p in ABC] == [5, 5, 4]


def test_unrefereed_hand_requires_winner_and_everyone_else():
    s = series()
    facts = HandFacts.unrefereed(s)
    err = refused("R6.1", score_hand, s, facts, None, {"Cees": 6})  # two not given: who won?
    assert "--winner" in err.message
    refused("R7.1", score_hand, s, facts, "Bram", {"Cees": 6})
    result = score_hand(s, facts, "Bram", {"Anna": "Ah", "Cees": 6})
    assert result.points == {"Anna": 15, "Bram": 0, "Cees": 6}


def test_R7_1_the_one_player_not_given_is_the_winner_of_a_hand_not_refereed():
    s = series()
    facts = HandFacts.unrefereed(s)
    assert untold_winner(s, facts, None, {"anna": "Ah", "Cees": 6}) == "Bram"
    result = score_hand(s, facts, None, {"anna": "Ah", "Cees": 6})
    assert result.winner == "Bram" and result.points == {"Anna": 15, "Bram": 0, "Cees": 6}
    assert untold_winner(s, facts, "Cees", {"Anna": 3}) is None  # named: not guessed
    assert untold_winner(s, facts, None, {"Anna": 3}) is None  # two left out: not guessed
    s.records["Cees"].eliminated = True  # only those still in count
    assert untold_winner(s, HandFacts.unrefereed(s), None, {"Anna": 3}) == "Bram"


def test_unrefereed_hand_skips_eliminated_players():
    s = series()
    s.records["Cees"].eliminated = True
    result = score_hand(s, HandFacts.unrefereed(s), "Anna", {"Bram": 4})
    assert result.points == {"Anna": 0, "Bram": 4}
    refused("R7.4", score_hand, s, HandFacts.unrefereed(s), "Anna", {"Bram": 4, "Cees": 3})


# -- R7.3 / R7.4 elimination -----------------------------------------------------------

def test_R7_3_totals_add_up_over_hands():
    s = series()
    play_hand(s, "Anna", {"Bram": 10, "Cees": 20})
    play_hand(s, "Bram", {"Anna": 5, "Cees": 7})
    assert [(s.records[p].total, s.records[p].wins) for p in ABC] == [(5, 1), (10, 1), (27, 0)]
    assert s.hand == 2 and s.hands_scored == 2


def test_R7_4_elimination_over_limit():
    s = series(limit=50)
    events = play_hand(s, "Anna", {"Bram": 50, "Cees": 51})
    assert not s.records["Bram"].eliminated  # exactly the limit stays
    assert s.records["Cees"].eliminated
    assert s.active_players() == ["Anna", "Bram"]
    assert [e.kind for e in events] == ["hand_won", "eliminated"]
    assert events[1].text() == "Cees is out with 51 points (over 50)."
    assert not s.over
    events = play_hand(s, "Anna", {"Bram": 1})
    assert s.winners == ["Anna"] and s.over
    assert [e.kind for e in events][-2:] == ["eliminated", "series_won"]
    assert events[-1].text() == "Anna wins the series!"


def test_R7_4_all_over_lowest_stay():
    s = series(players=["Anna", "Bram", "Cees", "Dirk"], limit=100)
    play_hand(s, "Anna", {"Bram": 90, "Cees": 95, "Dirk": 98})
    play_hand(s, "Dirk", {"Anna": 0, "Bram": 0, "Cees": 0})  # nobody over yet
    s.records["Anna"].total = 96
    events = play_hand(s, "Cees", {"Anna": 20, "Bram": 26, "Dirk": 18})
    # Cees (95, won) stays under; the others go over and are out: not the all-over case.
    assert s.active_players() == ["Cees"] and s.winners == ["Cees"]
    assert "all_over" not in [e.kind for e in events]

    s = series(players=["Anna", "Bram", "Cees", "Dirk"], limit=100)
    s.records["Anna"].total, s.records["Bram"].total = 98, 99
    s.records["Cees"].total, s.records["Dirk"].total = 95, 97
    # A blocked hand: everyone scores, everyone goes over; Cees and Dirk tie lowest.
    facts = HandFacts(status="over", players=s.players, winner=None, blocked=True,
                      counts={"Anna": 1, "Bram": 1, "Cees": 1, "Dirk": 1})
    result = score_hand(s, facts, None, {"Anna": 10, "Bram": 8, "Cees": 10, "Dirk": 8})
    events = apply_result(s, result)
    assert s.active_players() == ["Cees", "Dirk"]
    assert [s.records[p].eliminated for p in s.players] == [True, True, False, False]
    assert not s.over
    kinds = [e.kind for e in events]
    assert kinds == ["hand_blocked", "all_over", "eliminated", "eliminated"]
    assert events[1].text() == "Everyone would go over 100; Cees and Dirk stay with the lowest total, 105."


def test_R7_4_all_over_single_lowest_wins_series():
    s = series(limit=20)
    s.records["Anna"].total = 15
    events = play_hand(s, "Anna", {"Bram": 25, "Cees": 30})
    # Anna won the hand with 0 points, so she is not over; Bram and Cees are out.
    assert s.winners == ["Anna"]
    s = series(limit=20)
    s.records["Anna"].total = 21  # over already (after an earlier all-over hand)
    s.records["Bram"].total = 21
    events = play_hand(s, "Anna", {"Bram": 5, "Cees": 30})
    assert s.winners == ["Anna"] and "all_over" in [e.kind for e in events]


# -- R7.5 fixed hands -------------------------------------------------------------------

def test_R7_5_fixed_hands_shared_win():
    s = series(mode="hands", hands=2, limit=10)
    play_hand(s, "Anna", {"Bram": 30, "Cees": 12})
    assert not s.over and not any(s.records[p].eliminated for p in ABC)  # no limit here
    events = play_hand(s, "Cees", {"Anna": 12, "Bram": 1})
    assert s.winners == ["Anna", "Cees"]
    assert events[-1].kind == "series_won" and events[-1].rule == "R7.5"
    assert events[-1].text() == "Anna and Cees share the series win!"
    refused("R7.5", score_hand, s, HandFacts.unrefereed(s), "Anna", {"Bram": 1, "Cees": 1})
    refused("R7.5", s.start_next_hand)


def test_R7_5_fixed_hands_single_winner():
    s = series(mode="hands", hands=1)
    play_hand(s, "Bram", {"Anna": 3, "Cees": 4})
    assert s.winners == ["Bram"]
    assert standings_json(s, False)["series_winner"] == ["Bram"]


# -- R7.6 casual --------------------------------------------------------------------------

def test_R7_6_casual_wins_counted_totals_stay_zero():
    s = series(mode="casual")
    facts = over("Anna", {"Bram": 2, "Cees": 3})
    result = score_hand(s, facts, None, {})
    assert result.points == {"Anna": 0}
    apply_result(s, result)
    for _ in range(5):
        play_hand(s, "Bram", {"Anna": 40})
    assert [(s.records[p].total, s.records[p].wins) for p in ABC] == [(0, 1), (0, 5), (0, 0)]
    assert not s.over
    # Scores given in casual play are still checked.
    s.start_next_hand()
    refused("R7.2", score_hand, s, over("Anna", {"Bram": 2, "Cees": 3}), None, {"Bram": "2c"})
    # An unrefereed casual hand needs only its winner.
    refused("R6.1", score_hand, s, HandFacts.unrefereed(s), None, {})


def test_R7_6_casual_with_hands_set_most_wins():
    s = series(mode="casual", hands=3)
    play_hand(s, "Anna", {})
    play_hand(s, "Bram", {})
    assert not s.over
    events = play_hand(s, "Cees", {})
    assert s.winners == ["Anna", "Bram", "Cees"] and events[-1].rule == "R7.6"
    s = series(mode="casual", hands=2)
    play_hand(s, "Cees", {})
    play_hand(s, "Cees", {})
    assert s.winners == ["Cees"]


# -- R2.1 dealer ------------------------------------------------------------------------------

def test_R2_1_dealer_rotation_skips_eliminated():
    s = series(players=["Anna", "Bram", "Cees", "Dirk"], dealer="Anna")
    s.records["Bram"].eliminated = True
    assert s.next_dealer() == "Cees"
    s.hand_scored = True
    s.start_next_hand()
    assert (s.hand, s.dealer, s.hand_scored) == (2, "Cees", False)
    s.records["Dirk"].eliminated = True
    assert s.next_dealer() == "Anna"  # wraps round, skipping Dirk and Bram


def test_R2_1_eliminated_dealer_passes_to_next_seat_after_them():
    s = series(players=["Anna", "Bram", "Cees", "Dirk"], dealer="Bram", limit=50)
    play_hand(s, "Cees", {"Anna": 3, "Bram": 60, "Dirk": 4})
    assert s.records["Bram"].eliminated
    assert s.next_dealer() == "Cees"
    s.start_next_hand()
    assert s.dealer == "Cees"


def test_R2_1_next_hand_needs_the_hand_scored():
    s = series()
    refused("R7.3", s.start_next_hand)


def test_R2_1_choose_dealer_repeatable_and_fair():
    assert choose_dealer(ABC, 7) == choose_dealer(ABC, 7)
    drawn = {choose_dealer(ABC, seed) for seed in range(200)}
    assert drawn == set(ABC)
    assert choose_dealer(ABC, None) in ABC


@given(st.lists(st.text(min_size=1, max_size=5), min_size=2, max_size=8, unique=True), st.integers())
def test_R2_1_choose_dealer_is_seated(players, seed):
    assert choose_dealer(players, seed) in players


def test_R1_1_series_setup_refusals():
    refused("R1.1", Series.new, ["Anna"], rules(), "Anna")
    refused("R1.1", Series.new, ["Anna", "anna"], rules(), "Anna")
    refused("R2.1", Series.new, ABC, rules(), "Dirk")
    assert Series.new(ABC, rules(), "cees").dealer == "Cees"


# -- R1.5 leaving --------------------------------------------------------------------------------

def test_R1_5_leaver_eliminated():
    s = series(players=["Anna", "Bram", "Cees", "Dirk"])
    s.mark_left("cees")
    assert s.records["Cees"].left and s.records["Cees"].eliminated
    assert s.active_players() == ["Anna", "Bram", "Dirk"]
    facts = over("Anna", {"Bram": 1, "Dirk": 1}, players=s.players, left=["Cees"])
    refused("R1.5", score_hand, s, facts, None, {"Bram": 2, "Cees": 5, "Dirk": 3})
    refused("R1.5", score_hand, s, facts, "Cees", {"Bram": 2, "Dirk": 3})
    result = score_hand(s, facts, None, {"Bram": 2, "Dirk": 3})
    assert result.points == {"Anna": 0, "Bram": 2, "Dirk": 3} and result.left == ["Cees"]
    apply_result(s, result)
    assert s.records["Cees"].total == 0
    assert standings_json(s, False)["players"][2] == \
        {"name": "Cees", "total": 0, "wins": 0, "eliminated": True, "left": True,
         "place": 4, "last": None, "to_go": None}


def test_R1_5_leaver_marked_at_scoring_and_last_player_standing_wins():
    s = series(players=["Anna", "Bram"], mode="hands", hands=5)
    facts = HandFacts(status="over", players=["Anna", "Bram"], left=["Bram"], winner="Anna",
                      counts={"Anna": 4})
    result = score_hand(s, facts, None, {})
    assert result.points == {"Anna": 0}
    events = apply_result(s, result)
    assert [e.kind for e in events] == ["hand_won", "left", "series_won"]
    assert s.records["Bram"].left and s.winners == ["Anna"]
    assert events[1].text() == "Bram left the table and is out of the series."


def test_R1_5_mark_left_does_not_end_the_series_before_scoring():
    s = series(players=["Anna", "Bram"])
    assert s.mark_left("Bram") is True
    assert s.mark_left("Bram") is False
    assert not s.over
    refused("R1.1", s.mark_left, "Zoë")


# -- series over ----------------------------------------------------------------------------------

def test_series_over_refuses_scoring_and_next_hand():
    s = series(players=["Anna", "Bram"], limit=10)
    play_hand(s, "Anna", {"Bram": 11})
    assert s.winners == ["Anna"]
    err = refused("R7.4", score_hand, s, HandFacts.unrefereed(s), "Anna", {"Bram": 1})
    assert "Anna" in err.message
    refused("R7.4", s.start_next_hand)


# -- standings -------------------------------------------------------------------------------------

def test_standings_json_next_dealer():
    s = series(dealer="Bram")
    js = standings_json(s, current_hand_started=False)
    assert js["next_dealer"] == "Bram" and js["series_winner"] is None
    assert js["players"][0] == {"name": "Anna", "total": 0, "wins": 0, "eliminated": False,
                                "left": False, "place": 1, "last": None, "to_go": 100}
    assert (js["hand"], js["mode"], js["limit"]) == (1, "elimination", 100)
    assert standings_json(s, current_hand_started=True)["next_dealer"] == "Cees"
    play_hand(s, "Anna", {"Bram": 1, "Cees": 2})
    assert standings_json(s, current_hand_started=False)["next_dealer"] == "Cees"


def test_standings_json_after_series_won():
    s = series(players=["Anna", "Bram"], limit=10)
    play_hand(s, "Bram", {"Anna": 12})
    js = standings_json(s, False)
    assert js["series_winner"] == ["Bram"] and js["next_dealer"] is None


def test_render_standings_aligned_with_wide_names():
    s = series(players=["Anna", "Zoë 🃏", "李小龙"], dealer="Anna", limit=20)
    play_hand(s, "Anna", {"Zoë 🃏": 21, "李小龙": 7})
    text = render_standings(s, current_hand_started=False, by_seat=True)
    lines = text.splitlines()
    assert lines[0].split() == ["Seat", "Place", "Player", "Total", "Last", "To", "go", "Wins"]
    assert lines[2].rstrip().endswith("out")
    assert lines[3].endswith("deals next")
    from referee.series.scoring import text_width
    # The Wins column ends in the same terminal column on every row.
    ends = [text_width(line.removesuffix("out").removesuffix("deals next").rstrip())
            for line in lines[:4]]
    assert len(set(ends)) == 1, text
    assert "Next to deal: 李小龙 (hand 2)." in lines
    assert "Elimination: a total over 20 points is out." in lines


def test_text_width_counts_every_character_as_the_unicode_tables_do():
    """The columns of text beyond ASCII (Latin-1 and its extensions read without
    ``unicodedata``; start-up of ``standings`` in French) are Unicode's own."""
    import unicodedata
    from referee.series.scoring import text_width

    def columns(ch: str) -> int:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            return 0
        return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    for code in range(0x20, 0x3100):
        ch = chr(code)
        assert text_width(f"é{ch}") == 1 + columns(ch), hex(code)
    assert text_width("Dern. donne") == 11 and text_width("Avant élim.") == 11
    assert text_width("Zoë\u00ad") == 3 and text_width("e\u0301") == 1


_WORD_CHARS = "Anna=:;, \t\n\x1c\u00a0\u2003+-07٣ßé5hJoker"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_WORD_CHARS, max_size=12))
def test_a_scores_words_read_as_their_patterns_say_R7_1(word):
    """A score's words are read with str methods (start-up); they read as the
    patterns they stand for: ``NAME=...``/``NAME:...``, a signed integer, the
    separators of cards (blanks, commas, semicolons)."""
    import re
    from referee.series.scoring import _integer, _name_value
    m = re.match(r"^([^=:\s]+)[=:](.*)$", word)
    assert _name_value(word) == ((m.group(1), m.group(2)) if m else None)
    assert _integer(word.strip()) == bool(re.fullmatch(r"[+-]?\d+", word.strip()))
    assert word.replace(",", " ").replace(";", " ").split() == [
        x for x in re.split(r"[\s,;]+", word.strip()) if x]


def test_render_standings_casual_and_winner():
    s = series(mode="casual", hands=1)
    play_hand(s, "Cees", {})
    text = render_standings(s, current_hand_started=False)
    assert "Total" not in text.splitlines()[0]
    assert "Cees won the series." in text
    assert "Next to deal" not in text
    s2 = series(players=["Anna", "Bram"])
    s2.mark_left("Bram")
    assert "left" in render_standings(s2, False).splitlines()[2]


# -- storage -----------------------------------------------------------------------------------------

ODD_NAMES = ["Zoë", "Jan Willem", "O'Neil", 'Quote"d', "🃏 Joker-fan", "Łukasz.", "a\\b"]


def test_to_dict_from_dict_round_trip_through_toml(tmp_path: Path):
    r = rules(limit=30)
    s = Series.new(ODD_NAMES[:5], r, "Jan Willem")
    facts = HandFacts(status="over", players=s.players, winner="Zoë",
                      counts={"Zoë": 0, "Jan Willem": 2, "O'Neil": 1, 'Quote"d': 1, "🃏 Joker-fan": 3})
    result = score_hand(s, facts, None, {"jan willem": "Ah Ks", "O'Neil": 7, 'Quote"d': "jo",
                                         "🃏 Joker-fan": "2c 3c 4c"})
    apply_result(s, result)
    s.mark_left("O'Neil")
    s.start_next_hand()
    path = tmp_path / "series.toml"
    path.write_text(tomli_w.dumps({"series": s.to_dict()}), encoding="utf-8")
    back = Series.from_dict(tomllib.loads(path.read_text(encoding="utf-8"))["series"], r)
    assert back == s
    assert back.to_dict() == s.to_dict()
    assert back.history[0].cards["Jan Willem"] == ["Ah", "Ks"]


@settings(max_examples=50)
@given(st.lists(st.text(min_size=1, max_size=12).filter(lambda n: n.strip() == n and n),
                min_size=2, max_size=8, unique_by=str.casefold),
       st.data())
def test_round_trip_any_names(names, data):
    s = Series.new(names, rules(), names[0])
    winner = data.draw(st.sampled_from(names))
    totals = {n: data.draw(st.integers(0, 60)) for n in names if n != winner}
    result = score_hand(s, HandFacts.unrefereed(s), winner, totals)
    apply_result(s, result)
    back = Series.from_dict(tomllib.loads(tomli_w.dumps(s.to_dict())), s.rules)
    assert back == s


def test_blocked_result_round_trip_has_no_none():
    s = series()
    facts = HandFacts(status="over", players=ABC, blocked=True, counts={p: 1 for p in ABC})
    apply_result(s, score_hand(s, facts, None, {"Anna": 2, "Bram": 3, "Cees": 4}))
    d = s.to_dict()
    assert "winner" not in d["history"][0]
    assert Series.from_dict(tomllib.loads(tomli_w.dumps(d)), s.rules) == s


def test_from_dict_damaged_refused():
    d = series().to_dict()
    del d["hand"]
    with pytest.raises(SeriesDataError) as info:
        Series.from_dict(d, rules())
    assert "hand" in info.value.message
    d = series().to_dict()
    d["dealer"] = "Nobody"
    with pytest.raises(SeriesDataError):
        Series.from_dict(d, rules())


# -- invariants -----------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.data())
def test_elimination_invariants(data):
    n = data.draw(st.integers(2, 6))
    players = [f"P{i}" for i in range(n)]
    limit = data.draw(st.sampled_from([20, 50, 100]))
    s = Series.new(players, rules(limit=limit), players[0])
    for _ in range(40):
        if s.over:
            break
        if s.hand_scored:
            s.start_next_hand()
        active = s.active_players()
        winner = data.draw(st.sampled_from(active))
        totals = {p: data.draw(st.integers(0, 40)) for p in active if p != winner}
        before = {p: s.records[p].total for p in players}
        apply_result(s, score_hand(s, HandFacts.unrefereed(s), winner, totals))
        active = s.active_players()
        assert active, "somebody always stays"
        assert all(s.records[p].total >= before[p] for p in players)
        over_limit = [p for p in active if s.records[p].total > limit]
        if over_limit:  # only after an all-over hand: every active player over, equal totals
            assert over_limit == active
            assert len({s.records[p].total for p in active}) == 1
        assert all(s.records[p].total > limit for p in players if s.records[p].eliminated)
        assert s.over == (len(active) == 1)
        if s.over:
            assert s.winners == active
        assert not s.records[s.next_dealer()].eliminated


# -- messages ------------------------------------------------------------------------------------------------

def test_every_score_message_key_exists():
    source = (Path(__file__).parents[1] / "referee" / "series" / "scoring.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(score\.[a-z_.]+)"', source))
    keys |= {f"score.event.{k}" for k in
             ["hand_won", "hand_blocked", "left", "eliminated", "all_over", "series_won"]}
    assert keys and all(has(k) for k in keys), sorted(k for k in keys if not has(k))


def test_join_names():
    assert join_names(["A"]) == "A"
    assert join_names(["A", "B"]) == "A and B"
    assert join_names(["A", "B", "C"]) == "A, B and C"


def test_hand_facts_from_engine_hand():
    from types import SimpleNamespace

    from referee.engine import Hand

    s = series()
    waiting = HandFacts.from_hand(Hand(s.rules, ABC, "Anna"))
    assert waiting.status == "waiting" and not waiting.refereed and waiting.players == ABC
    # A hand that was never refereed needs its winner named, or the one player not given.
    refused("R6.1", score_hand, s, waiting, None, {"Cees": 2})
    assert score_hand(s, waiting, None, {"Bram": 1, "Cees": 2}).winner == "Anna"
    done = SimpleNamespace(status="over", scored=False, seats=ABC, left=["Cees"], winner="Bram",
                           blocked=False, counts={"Anna": 2, "Bram": 0}, decks=1,
                           discard=[parse_card("Ah")])
    facts = HandFacts.from_hand(done)
    assert facts.refereed and facts.left == ["Cees"]
    refused("R7.2", score_hand, s, facts, None, {"Anna": "Ah 2c"})
    assert score_hand(s, facts, None, {"Anna": "As 2c"}).points == {"Anna": 17, "Bram": 0}
    assert HandFacts.from_hand(SimpleNamespace(**{**vars(done), "scored": True})).status == "scored"


def test_places_share_ties_and_skip_the_next_in_every_mode():
    from referee.series.scoring import places
    s = series(players=["Anna", "Bram", "Cees", "Dirk"], limit=50)
    play_hand(s, "Anna", {"Bram": 20, "Cees": 20, "Dirk": 60})       # Dirk out (R7.4)
    assert places(s) == {"Anna": 1, "Bram": 2, "Cees": 2, "Dirk": 4}
    play_hand(s, "Bram", {"Anna": 55, "Cees": 5})                    # Anna out later than Dirk
    assert places(s) == {"Anna": 3, "Bram": 1, "Cees": 2, "Dirk": 4}
    c = series(players=["Anna", "Bram", "Cees"], mode="casual")
    play_hand(c, "Cees", {})
    play_hand(c, "Bram", {})
    assert places(c) == {"Anna": 3, "Bram": 1, "Cees": 1}


def test_R7_3_replay_series_gives_the_same_series_as_scoring_hand_by_hand():
    from referee.series.scoring import replay_series
    s = series(players=["Anna", "Bram", "Cees"], limit=40)
    results = []
    for winner, pts in [("Anna", {"Bram": 30, "Cees": 5}), ("Cees", {"Anna": 9, "Bram": 20}),
                        ("Anna", {"Cees": 7})]:
        if s.hand_scored:
            s.start_next_hand()
        results.append(score_hand(s, HandFacts.unrefereed(s), winner, pts))
        apply_result(s, results[-1])
    replayed, deals = replay_series(s.players, s.rules, "Anna", results)
    s.start_next_hand()                        # the replayed series has hand 4 dealt
    assert standings_json(replayed, False) == standings_json(s, False)
    assert [(d.hand, d.dealer, d.players) for d in deals] == [
        (1, "Anna", ("Anna", "Bram", "Cees")), (2, "Bram", ("Anna", "Bram", "Cees")),
        (3, "Cees", ("Anna", "Cees")), (4, "Anna", ("Anna", "Cees"))]
