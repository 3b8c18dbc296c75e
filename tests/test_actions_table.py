"""R9: the ``[actions]`` table, each effect and decision through the engine.

Every test builds its rule set as a family's file would (``rules_from_table``:
the same reading and checks as a house-rule file), deals three players
(Anna, Bram, Cees; Cees deals, Anna plays first) and types lines as the table
does.  The command line and the refused files are in ``test_actions_files.py``.
"""

from __future__ import annotations

import pytest

from referee.engine import Hand
from referee.engine.effects import Effect, classic_rule, old_key_effects
from referee.series.presets import load_rules, rules_from_table
from referee.words.events import told
from conftest import play


def refused(h: Hand, line: str):
    """Type ``line``: refused (an R0.4 refusal with an effect too, unlike conftest's)."""
    ruling = h.apply_line(line)
    assert not ruling.ok, (line, told(ruling))
    return ruling

PLAYERS = ["Anna", "Bram", "Cees"]


def hand(table: dict, players=PLAYERS, dealer="Cees", preset: str | None = None) -> Hand:
    rules = rules_from_table({"extends": preset, **table} if preset else table, "family")
    return Hand(rules, players, dealer)




# -- R9.1 the table and today's keys ------------------------------------------

def test_R9_1_a_rank_left_out_does_what_todays_keys_say():
    rules = rules_from_table({"actions": {"K": "again"}}, "family")
    effects = rules.effects()
    assert effects["K"] == (Effect("again"),)
    assert effects["8"] == (Effect("skip"),) and effects["2"] == (Effect("draw", n=2),)


def test_R9_1_none_takes_the_effect_away_and_the_card_is_plain():
    h = hand({"actions": {"7": "none"}})
    ruling = play(h, "start 9h", "7h")
    assert ruling.rule == "R3.1" and h.turn == "Bram"
    assert "7" not in h.rules.action_ranks()


@pytest.mark.parametrize("preset", ["standard", "family", "hard", "fast", "cumulative",
                                    "tournament"])
def test_R9_1_every_preset_expands_into_the_table_it_cites(preset):
    rules = load_rules(preset)
    assert rules.effects() == old_key_effects(rules)
    for rank, effects in rules.effects().items():
        assert classic_rule(rank, effects) is not None, rank


def test_R9_1_a_rank_keeping_its_rule_book_meaning_cites_its_r5_rule():
    h = hand({"actions": {"7": "again", "8": {"skip": 1}}})
    assert play(h, "start 9h", "7h").rule == "R5.2"
    assert play(h, "8h").rule == "R5.3"


def test_R9_1_the_later_file_wins_over_the_old_key_it_extends():
    rules = rules_from_table({"extends": "hard", "actions": {"K": "again"}}, "family")
    assert rules.effects()["K"] == (Effect("again"),) and rules.king == "none"
    assert rules.effects()["4"] == (Effect("skip", n=2),)


# -- R9.3 draw ---------------------------------------------------------------------

def test_R9_3_a_draw_for_the_next_player_is_a_pending_penalty_that_stacks_on_its_own_rank():
    h = hand({"actions": {"3": {"draw": 3}}})
    ruling = play(h, "start 9h", "3h")
    assert (ruling.rule, h.pending, h.turn) == ("R9.3", 3, "Bram")
    play(h, "3s")
    assert (h.pending, h.turn) == (6, "Cees")
    refused(h, "2s")
    play(h, "d")
    assert h.counts["Cees"] == 7 + 6 and h.turn == "Anna"


def test_R9_3_at_once_the_next_player_draws_and_then_plays_their_turn():
    h = hand({"actions": {"Q": {"draw": 2, "at_once": True}}})
    ruling = play(h, "start 9h", "Qh")
    assert ruling.rule == "R9.3" and h.counts["Bram"] == 9 and h.turn == "Bram"
    assert h.pending == 0 and "Bram draws 2 cards at once" in told(ruling)


def test_R9_3_to_self_the_player_draws_and_the_turn_passes():
    h = hand({"actions": {"4": {"draw": 1, "to": "self"}}})
    play(h, "start 9h", "9s")          # Anna 6
    ruling = play(h, "4s")             # Bram plays, draws one himself
    assert h.counts["Bram"] == 7 and h.turn == "Cees" and "draws 1 card" in told(ruling)


def test_R9_3_to_previous_the_player_before_draws_with_two_players_the_other():
    h = hand({"actions": {"6": {"draw": 2, "to": "previous"}}})
    play(h, "start 9h", "9s", "6s")    # Bram plays a Six: Anna (before him) draws 2
    assert h.counts["Anna"] == 8 and h.turn == "Cees"
    two = hand({"actions": {"6": {"draw": 1, "to": "previous"}}}, ["Anna", "Bram"], "Bram")
    play(two, "start 9h", "6h")
    assert two.counts["Bram"] == 8 and two.turn == "Bram"


# -- R9.4 others_draw ----------------------------------------------------------------

def test_R9_4_every_other_player_draws_from_the_next_seat_on():
    h = hand({"actions": {"3": {"others_draw": 2}}})
    ruling = play(h, "start 9h", "3h")
    assert ruling.rule == "R9.4" and h.counts == {"Anna": 6, "Bram": 9, "Cees": 9}
    assert h.pending == 0 and h.turn == "Bram"


# -- R9.5 skip, R5.11 passing it on ------------------------------------------------------

def test_R9_5_skip_two_the_next_player_misses_two_turns():
    h = hand({"actions": {"9": {"skip": 2}}})
    ruling = play(h, "start 9h", "9s")
    assert ruling.rule == "R9.5" and h.turn == "Cees"
    play(h, "Cees: 5s", "Anna: 5c")     # Bram misses his second turn too
    assert h.turn == "Cees"


def test_R9_5_two_skips_in_one_play_fall_on_the_next_two_players():
    h = hand({"actions": {"Q": ["skip", "skip"]}})
    ruling = play(h, "start 9h", "Qh")
    assert h.turn == "Anna" and h.skips == {}
    assert "Bram misses the turn" in told(ruling) and "Cees misses the turn" in told(ruling)


def test_R9_5_skip_three_with_two_players_the_player_plays_on():
    h = hand({"actions": {"9": {"skip": 3}}}, ["Anna", "Bram"], "Bram")
    play(h, "start 9h", "9s")
    assert h.turn == "Anna"
    play(h, "5s")
    assert h.turn == "Anna"


def test_R5_11_a_skip_passed_on_goes_to_the_player_after_and_does_not_add():
    h = hand({"actions": {"8": {"skip": 1, "pass_on": True}}})
    ruling = play(h, "start 9h", "8h")
    assert (ruling.rule, h.turn, h.pending_skip) == ("R5.11", "Bram", 1)
    assert h.state()["pending_skip"] == 1
    play(h, "8c")
    assert (h.turn, h.pending_skip) == ("Cees", 1)


def test_R5_11_facing_a_skip_only_its_rank_goes_and_no_draw():
    h = hand({"actions": {"8": {"skip": 1, "pass_on": True}}})
    play(h, "start 9h", "8h")
    ruling = refused(h, "9c")
    assert ruling.rule == "R5.11" and "an Eight" in told(ruling)
    assert refused(h, "5h").rule == "R5.11"       # (it matches the Eight, all the same)
    assert refused(h, "d").rule == "R5.11"
    assert refused(h, "d 8c").rule == "R5.11"


def test_R5_11_pass_sits_the_skip_out_and_the_turn_moves_on():
    h = hand({"actions": {"8": {"skip": 2, "pass_on": True}}})
    play(h, "start 9h", "8h")
    ruling = play(h, "pass")
    assert (h.turn, h.pending_skip, h.skips) == ("Cees", 0, {"Bram": 1})
    assert "Bram passes and misses 2 turns (R5.11)." in told(ruling)
    play(h, "5h", "Anna: 5d")          # Bram misses his second turn
    assert h.turn == "Cees" and h.log[-3] == "pass"


def test_R5_11_pass_with_no_skip_pending_is_refused():
    h = hand({"actions": {"8": {"skip": 1, "pass_on": True}}})
    play(h, "start 9h")
    ruling = refused(h, "pass")
    assert ruling.rule == "R5.11" and "no skip" in told(ruling)


def test_R5_11_pass_closes_an_open_last_card_window_and_is_a_blank_turn():
    h = hand({"deal_size": 2, "actions": {"8": {"skip": 1, "pass_on": True}}})
    play(h, "start 9h", "8h")            # Anna holds one card, window open
    play(h, "pass")
    assert h.last_card["Anna"] == "missed" and "Bram" in h.idle


# -- R9.6 again ------------------------------------------------------------------

def test_R9_6_heer_nog_een_keer_the_king_plays_again():
    h = hand({"actions": {"K": "again"}})
    ruling = play(h, "start 9h", "Kh")
    assert (ruling.rule, h.turn) == ("R9.6", "Anna")
    assert "Anna plays K♥ and plays again (R9.6)." in told(ruling)


def test_R9_6_follow_same_suit_the_follow_up_is_of_its_suit_or_rank_not_a_joker():
    h = hand({"actions": {"K": {"again": True, "follow": "same_suit"}}})
    play(h, "start 9h", "Kh")
    assert h.state()["limit"] == {"suit": "h", "rank": "K"}
    assert refused(h, "Joker").rule == "R9.6"
    play(h, "Ks")
    play(h, "5s")
    assert h.turn == "Bram" and h.limit is None


def test_R9_6_again_on_the_last_but_one_card_keeps_the_duty_until_another_player_acts():
    h = hand({"deal_size": 2, "actions": {"K": "again"}})
    play(h, "start 9h", "Kh")          # Anna holds one card, and plays on
    assert h.turn == "Anna" and h.last_card["Anna"] == "open"
    assert play(h, "lk").rule == "R4.1"       # still in time: nobody else acted
    assert h.last_card["Anna"] == "announced"


# -- R9.7 reverse ---------------------------------------------------------------

def test_R9_7_two_players_none_the_turn_simply_passes():
    h = hand({"actions": {"A": {"reverse": True, "two_players": "none"}}}, ["Anna", "Bram"],
             "Bram")
    ruling = play(h, "start 9h", "Ah")
    assert h.turn == "Bram" and ruling.rule == "R9.7" and h.direction == -1


def test_R9_7_a_reverse_on_another_rank():
    h = hand({"actions": {"Q": "reverse"}})
    ruling = play(h, "start 9h", "Qh")
    assert (h.turn, h.direction, ruling.rule) == ("Cees", -1, "R9.7")


def test_R9_13_reverse_then_skip_is_one_sentence_and_skips_in_the_new_direction():
    h = hand({"actions": {"Q": ["reverse", "skip"]}})
    ruling = play(h, "start 9h", "Qh")
    assert h.turn == "Bram"           # reversed: Cees is next, and misses the turn
    assert "play reverses and Cees misses the turn; Bram is next (R9.5)." in told(ruling)


# -- R9.8 name_suit -------------------------------------------------------------

def test_R9_8_any_rank_may_name_a_suit_and_a_wild_one_goes_on_anything():
    h = hand({"actions": {"Q": {"name_suit": True, "wild": True}}})
    play(h, "start 9h", "9s")
    ruling = play(h, "Qh d")
    assert (ruling.rule, h.named_suit) == ("R9.8", "d")
    play(h, "Qc h")                     # on_same_rank = "always": a Queen on the Queen
    h2 = hand({"actions": {"Q": {"name_suit": True}}})
    play(h2, "start 9h")
    assert refused(h2, "Qs").rule == "R3.1"   # not wild: it must match


def test_R9_8_qh_d_names_diamonds_after_a_suit_naming_rank_and_7h_d_still_draws():
    h = hand({"actions": {"Q": "name_suit"}})
    play(h, "start 9h", "Qh d")
    assert h.named_suit == "d" and h.turn == "Bram"
    h2 = hand({})
    play(h2, "start 9h", "7h d")
    assert h2.turn == "Bram" and h2.counts["Anna"] == 7


def test_R5_4_a_suit_after_a_card_that_names_none_is_refused():
    h = hand({})
    play(h, "start 9h")
    for line in ("7h s", "7h spades"):
        ruling = refused(h, line)
        assert ruling.rule == "R5.4" and "`7h`" in told(ruling)


def test_R9_8_a_suit_naming_rank_must_name_one():
    h = hand({"actions": {"Q": "name_suit"}})
    play(h, "start 9h")
    ruling = refused(h, "Qh")
    assert ruling.rule == "R9.8" and "`Qh s`" in told(ruling)


# -- R9.9 limits -------------------------------------------------------------

def test_R9_9_next_at_most_any_suit_or_a_joker_or_a_draw():
    h = hand({"actions": {"K": {"next_at_most": 4}}})
    ruling = play(h, "start 9h", "Kh")
    assert ruling.rule == "R9.9" and h.state()["limit"] == {"at_most": 4}
    assert refused(h, "Js").rule == "R9.9"
    assert refused(h, "5h").rule == "R9.9"
    play(h, "4d")                       # any suit, and 4 is at most 4
    assert h.limit is None and h.turn == "Cees"


def test_R9_9_the_limit_binds_d_card_and_a_draw_lifts_it():
    h = hand({"actions": {"K": {"next_at_least": "Q"}}})
    play(h, "start 9h", "Kh")
    assert refused(h, "d 5h").rule == "R9.9"
    play(h, "d")
    assert h.limit is None


def test_R9_9_next_rank_only_that_rank_or_a_joker():
    h = hand({"actions": {"Q": {"next_rank": "Q"}}})
    play(h, "start 9h", "Qh")
    assert refused(h, "9c").rule == "R9.9"
    play(h, "Joker")


# -- R9.10 show; R9.11 pass_cards; R9.12 rotate_hands; R9.18 -----------------------

def test_R9_10_show_tells_the_table_and_changes_nothing_else():
    h = hand({"actions": {"10": {"show": "others"}}})
    before = dict(h.counts)
    ruling = play(h, "start 9h", "10h")
    assert "everyone but Anna shows their cards" in told(ruling)
    assert h.counts == {**before, "Anna": 6} and h.turn == "Bram"


def test_R9_11_pass_cards_counts_stay_and_the_duty_opens_for_one_card():
    h = hand({"deal_size": 2, "actions": {"10": {"pass_cards": 1}}})
    ruling = play(h, "start 9h", "10h")     # Anna holds 1, everyone passes one
    assert h.counts == {"Anna": 1, "Bram": 2, "Cees": 2}
    assert h.last_card == {"Anna": "open"} and ruling.rule == "R9.11"


def test_R9_12_rotate_hands_counts_move_against_play():
    h = hand({"actions": {"J": "none", "Q": "rotate_hands"}})
    play(h, "start 9h", "9s")               # Anna 6, Bram 7, Cees 7
    play(h, "Qs")                           # Bram 6; hands move against play:
    assert h.counts == {"Anna": 6, "Bram": 7, "Cees": 6}   # Bram's to Anna, Cees' to Bram


def test_R9_18_after_a_rotation_whoever_holds_one_card_owes_laatste_kaart():
    h = hand({"deal_size": 2, "actions": {"Q": "rotate_hands"}})
    play(h, "start 9h", "Qh")               # Anna 1 -> her hand goes to Cees
    assert h.counts == {"Anna": 2, "Bram": 2, "Cees": 1}
    assert h.last_card == {"Cees": "open"}


# -- R9.14 stacking ----------------------------------------------------------------

def test_R9_14_one_group_of_two_and_joker_is_cumulative():
    h = hand({"stacking": {"groups": [["2", "Joker"]]}})
    play(h, "start 9h", "2h", "Joker")
    assert h.pending == 7


def test_R9_14_double_doubles_a_penalty_its_own_rank_made():
    h = hand({"stacking": {"groups": [["2"], ["Joker"]], "double": ["2"]}})
    play(h, "start 9h", "2h", "2s")
    assert h.pending == 4
    play(h, "2c")
    assert h.pending == 8


def test_R9_14_no_group_no_stacking():
    h = hand({"stacking": {"groups": []}})
    play(h, "start 9h", "2h")
    assert refused(h, "2s").rule == "R5.7"


# -- R9.15 finish ----------------------------------------------------------------

def test_R9_15_draw_after_the_card_stands_the_penalty_stays_and_the_player_draws():
    h = hand({"deal_size": 1, "finish": {"mode": "draw_after", "draw": 2}})
    ruling = play(h, "start 9h", "2h")
    assert h.status == "playing" and h.counts["Anna"] == 2 and h.pending == 2
    assert h.turn == "Bram" and "is not out (R9.15)" in told(ruling)


def test_R9_15_blocked_lists_the_ranks_one_may_not_go_out_on():
    h = hand({"deal_size": 1, "finish": {"blocked": ["Joker"]}})
    ruling = play(h, "start 9h", "2h")
    assert h.status == "over" and h.winner == "Anna" and ruling.rule == "R6.1"
    h2 = hand({"deal_size": 1, "finish": {"blocked": ["Joker"]}})
    play(h2, "start 9h")
    assert refused(h2, "Joker").rule == "R6.2"


def test_R9_15_draw_after_on_a_seven_the_player_draws_and_plays_again_after_drawing_one():
    h = hand({"deal_size": 1, "finish": {"mode": "draw_after", "draw": 1}})
    play(h, "start 9h", "7h")
    assert h.turn == "Anna" and h.counts["Anna"] == 1 and h.last_card["Anna"] == "open"


# -- R9.16 start -------------------------------------------------------------

def test_R9_16_redraw_the_starter_goes_back_and_another_is_turned():
    h = hand({"start": {"mode": "redraw"}})
    pile = h.draw_pile
    ruling = play(h, "start 8h")
    assert h.status == "waiting" and h.draw_pile == pile and ruling.rule == "R9.16"
    play(h, "start 8h")  # (it went back: it may come up again)
    assert h.status == "waiting"
    play(h, "start 9h")
    assert h.status == "playing" and h.top.rank == "9"


def test_R9_16_a_jack_starter_the_dealer_names_the_suit():
    h = hand({"start": {"mode": "applies"}})
    assert refused(h, "start Jh").rule == "R9.16"
    ruling = play(h, "start Jh s")
    assert h.named_suit == "s" and h.turn == "Anna" and ruling.rule == "R2.4"
    assert h.log[-1] == "start Jh s"


def test_R9_16_applies_with_ranks_only_those_count():
    h = hand({"start": {"mode": "applies", "ranks": ["A"]}})
    play(h, "start 8h")
    assert h.turn == "Anna" and h.direction == 1


def test_R9_16_an_again_starter_does_nothing():
    h = hand({"actions": {"K": "again"}, "start": {"mode": "applies"}})
    ruling = play(h, "start Kh")
    assert h.turn == "Anna" and "no effect" in told(ruling)


def test_R2_4_todays_start_card_applies_keeps_its_rulings():
    h = hand({"start_card": "applies"})
    ruling = play(h, "start 8h")
    assert (ruling.rule, h.turn) == ("R2.4", "Bram")
    h = hand({"start_card": "applies"})
    assert play(h, "start Jh").rule == "R2.4"   # (a Jack: no effect, as today)


# -- R9.17 free order ---------------------------------------------------------

def test_R9_17_in_free_order_again_does_nothing_and_a_limit_binds_everyone():
    h = hand({"actions": {"K": "again", "5": {"next_at_most": 5}}}, preset="fast")
    assert "K" not in h.rules.action_ranks()
    play(h, "start 9h", "Anna: 5h")
    assert refused(h, "Cees: Jh").rule == "R9.9"
    play(h, "Cees: 3h")


# -- the state's JSON ---------------------------------------------------------

def test_R9_the_state_shows_no_skip_and_no_limit_by_default():
    h = hand({})
    play(h, "start 9h")
    state = h.state()
    assert state["pending_skip"] == 0 and state["limit"] is None


def test_R9_10_show_next_names_the_next_player():
    h = hand({"actions": {"10": "show"}})
    ruling = play(h, "start 9h", "10h")
    assert "Bram shows their cards to the table (R9.10)." in told(ruling)


def test_R9_11_pass_cards_to_the_right_and_a_player_with_fewer_passes_what_they_hold():
    h = hand({"deal_size": 2, "actions": {"10": {"pass_cards": 2, "to": "right"}}})
    ruling = play(h, "start 9h", "10h")    # Anna 1 card: passes 1, gets 2 from Bram
    assert h.counts == {"Anna": 2, "Bram": 2, "Cees": 1}
    assert "to the player on their right" in told(ruling)


def test_R9_12_rotate_hands_with_the_play():
    h = hand({"actions": {"Q": {"rotate_hands": True, "against_play": False}}})
    play(h, "start 9h", "9s", "Qs")         # Bram 6; hands move with the play
    assert h.counts == {"Anna": 7, "Bram": 6, "Cees": 6}    # Anna's to Bram, Bram's to Cees


def test_R9_8_on_same_rank_named_suit_a_queen_on_a_queen_only_in_the_named_suit():
    h = hand({"actions": {"Q": {"name_suit": True, "on_same_rank": "named_suit"}}})
    play(h, "start 9h", "Qh s")
    assert refused(h, "Qc h").rule == "R3.3"
    play(h, "Qs d")
