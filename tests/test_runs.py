"""R10.60-R10.65 runs (``multi_play = "run" | "same_rank_or_run"``): ``5h+6h+7h``
through the engine, the file's checks, the rule book, the legality API, Tab, the
random house-rule files with their bots, and ``play --script`` (a subprocess).

Default table: Anna, Bram, Cees, Daan with Daan dealing, so Anna plays first.
"""

from __future__ import annotations

import json
import random


from conftest import make_hand, play, refusal, refused, rules_of, subprocess_cli
from referee.engine.cards import parse_card
from referee.engine.events import Reason
from referee.engine.notation import parse_line
from referee.engine.rules import HouseRules
from referee.series.presets import rules_from_table
from referee.series.rulebook import rule_text
from referee.words.events import told

RUN = HouseRules(multi_play="run")
BOTH = HouseRules(multi_play="same_rank_or_run")
FOUR = ("Anna", "Bram", "Cees", "Daan")


def run_hand(start: str, rules: HouseRules = RUN, lines=()):
    """A hand under ``rules`` started on ``start``: Anna to play."""
    return make_hand(rules, FOUR, "Daan", (f"start {start}", *lines))


def cards(text: str):
    return [parse_card(c) for c in text.split()]


# -- R10.60 what a run is, and the key -------------------------------------------------

def test_R10_60_a_run_of_one_suit_is_one_play_and_its_last_card_is_on_top():
    h = run_hand("4h")
    ruling = play(h, "5h+6h+7h")
    assert ruling.ok and ruling.logged
    assert h.discard[-4:] == cards("4h 5h 6h 7h")
    assert h.counts["Anna"] == 4 and h.top == parse_card("7h")
    assert parse_line("5h + 6h+7h").canonical() == "5h+6h+7h"


def test_R10_60_under_run_a_double_alone_is_refused_by_R3_10():
    h = run_hand("4h")
    ruling = refused(h, "5h+5s", "R3.10")
    assert ruling.refusal.reason is Reason.NO_DOUBLES
    assert ruling.refusal.house == ("multi_play", "run")


def test_R10_60_under_same_rank_a_run_stays_refused_by_R3_10():
    h = run_hand("4h", HouseRules(multi_play="same_rank"))
    ruling = refused(h, "5h+6h", "R3.10")
    assert ruling.refusal.reason is Reason.DOUBLE_RANK


def test_R10_60_same_rank_or_run_plays_doubles_and_runs():
    h = run_hand("4h", BOTH, ("5h+5s",))
    assert h.top == parse_card("5s") and h.turn == "Bram"
    play(h, "6s+7s+8s")
    assert h.top == parse_card("8s")


def test_R10_63_jokers_still_go_down_as_a_double_where_doubles_are_played():
    h = run_hand("9h", BOTH, ("Joker+Joker",))
    assert h.pending == 10


def test_R10_60_the_key_is_read_from_a_file_and_a_bad_value_names_what_is_allowed(tmp_path):
    assert rules_of(tmp_path, 'multi_play = "run"\n').multi_play == "run"
    assert rules_of(tmp_path, 'multi_play = "same_rank_or_run"\n').multi_play == "same_rank_or_run"
    said = refusal(tmp_path, '\nmulti_play = "runs"\n')
    assert "ours.toml" in said and "line 2" in said and "multi_play" in said
    assert '"same_rank_or_run"' in said and '"run"' in said


def test_R10_60_the_rule_book_tells_runs_and_marks_the_key():
    text = rule_text("R10.60", RUN)
    assert "5h+6h+7h" in text and "multi_play = \"run\"" in text
    assert "R10.60" in rule_text("R3.10", RUN)
    assert "R10.60" not in rule_text("R3.10", HouseRules())


def test_R10_60_a_run_longer_than_the_hand_is_a_mis_entry():
    h = make_hand(RUN, ("Anna", "Bram"), "Bram", ("start 4h",))
    h.counts["Anna"] = 2
    refused(h, "5h+6h+7h", "R3.10")


# -- R10.61 the first card -----------------------------------------------------------

def test_R10_61_the_first_card_must_go_on_the_top_card_as_a_single_card():
    h = run_hand("4c")
    ruling = refused(h, "5h+6h+7h", "R3.1")
    assert ruling.refusal.fields["card"] == parse_card("5h")
    play(h, "4h+5h")   # (the same rank: R3.1)


def test_R10_61_a_run_on_a_pending_penalty_is_refused_even_from_a_card_that_stacks():
    h = run_hand("9h", RUN, ("2h",))
    assert h.pending
    refused(h, "2s+3s", "R10.61")
    refused(h, "3h+4h", "R10.61")
    play(h, "2s")   # (one card still stacks, R5.7)


def test_R10_61_a_run_on_a_skip_passed_on_is_refused():
    rules = rules_from_table({"multi_play": "run", "actions": {"8": {"skip": 1, "pass_on": True}}})
    h = run_hand("9h", rules, ("8h",))
    assert h.pending_skip
    refused(h, "8s+9s", "R10.61")


# -- R10.62 the sequence -----------------------------------------------------------

def test_R10_62_a_run_goes_down_as_well_as_up():
    h = run_hand("9h", RUN, ("8h+7h+6h",))
    assert h.top == parse_card("6h")


def test_R10_62_a_run_turns_to_another_suit_on_the_same_rank():
    h = run_hand("3h", RUN, ("4h+5h+5s+6s",))
    assert h.top == parse_card("6s") and h.turn == "Bram"
    play(h, "Bram: 6d+6c+5c")   # (a run may begin with a turn, and go down)
    assert h.top == parse_card("5c")


def test_R10_62_a_card_out_of_sequence_is_refused_naming_it_and_the_card_before():
    h = run_hand("4h")
    ruling = refused(h, "5h+6h+8h", "R10.62")
    assert ruling.refusal.reason is Reason.RUN_BREAK
    assert ruling.refusal.fields["card"] == parse_card("8h")
    assert ruling.refusal.fields["before"] == parse_card("6h")
    assert "8♥" in told(ruling) and "6♥" in told(ruling)
    refused(h, "5h+6s", "R10.62")            # another suit, another rank
    refused(h, "5h+6h+5h", "R10.62")         # up, then down
    refused(h, "5h+6h+6s+5s", "R10.62")      # a turn does not turn the direction


def test_R10_62_the_ace_is_low_or_high_but_a_run_does_not_wrap():
    play(run_hand("4h"), "3h+2h+Ah")
    play(run_hand("Jh"), "Qh+Kh+Ah")
    ruling = refused(run_hand("Jh"), "Qh+Kh+Ah+2h", "R10.62")
    assert ruling.refusal.fields["card"] == parse_card("2h")


def test_R10_62_a_broken_run_is_an_illegal_play_under_illegal_play_penalty():
    rules = HouseRules(multi_play="run", illegal_play_penalty=2)
    h = run_hand("4h", rules)
    ruling = h.apply_line("5h+7h")
    assert not ruling.ok and ruling.logged and ruling.rule == "R3.8"
    assert h.counts["Anna"] == 9 and h.top == parse_card("4h")


# -- R10.63 Jokers ---------------------------------------------------------------

def test_R10_63_a_joker_in_a_run_is_refused():
    h = run_hand("4h")
    ruling = refused(h, "5h+Joker", "R10.63")
    assert ruling.refusal.reason is Reason.RUN_JOKER
    refused(h, "Joker+5h", "R10.63")
    refused(h, "5h+6h+Joker", "R10.63")


# -- R10.64 the cards that act -------------------------------------------------------

def test_R10_64_only_the_cards_of_the_last_rank_act():
    h = run_hand("9h", RUN, ("10h+Jh+Qh",))   # (a Jack played through names nothing)
    assert h.named_suit is None and h.turn == "Bram"
    h = run_hand("9h", RUN, ("2h+3h+4h",))    # (a Two played through makes no penalty)
    assert not h.pending and h.turn == "Bram"
    h = run_hand("4h", RUN, ("3h+2h",))       # (a run ending on a Two does)
    assert h.pending == 2 and h.turn == "Bram"
    ruling = play(run_hand("4h"), "5h+6h+7h")
    assert ruling.events[0].rule == "R10.64"
    assert "R10.64" in told(ruling) and "5♥" in told(ruling) and "6♥" in told(ruling)


def test_R10_64_a_run_ending_on_a_turn_acts_as_a_double_of_its_last_rank():
    h = run_hand("6h", RUN, ("7h+8h+8s",))    # (two Eights: two players miss a turn, R3.10)
    assert h.turn == "Daan"


def test_R10_64_a_jack_at_the_end_names_the_suit_typed_after_the_run():
    h = run_hand("9h")
    ruling = refused(h, "10h+Jh", "R5.4")
    assert ruling.refusal.reason is Reason.JACK_SUIT
    assert ruling.refusal.fields["play"] == "10h+Jh"
    play(h, "10h+Jh d")   # (a lone d after a Jack names diamonds)
    assert h.named_suit == "d"
    refused(run_hand("9h"), "Jh+Qh s", "R5.4")   # (the Queen on top names nothing)


def test_R10_64_why_tells_the_cards_played_through_and_the_house_rule():
    from referee.words.events import told_why
    h = run_hand("4h", RUN, ("3h+2h",))
    said = told_why(h.why())
    assert "3♥" in said and "(R10.64)" in said
    assert 'multi_play = "run"` (R10.60)' in said and "R3.10" not in said
    assert "(R5.1)" in said


# -- R10.65 going out ---------------------------------------------------------------

def test_R10_65_a_run_that_leaves_one_card_opens_the_last_card_duty():
    h = run_hand("4h", RUN, ("fix count Anna 3",))
    play(h, "5h+6h")
    assert h.counts["Anna"] == 1 and h.last_card == {"Anna": "open"}
    play(h, "lk")
    assert h.last_card == {"Anna": "announced"}


def test_R10_65_going_out_on_a_run_ending_on_an_action_card_is_refused_by_R6_2():
    h = run_hand("4h", RUN, ("fix count Anna 2",))
    ruling = h.apply_line("3h+2h")
    assert not ruling.ok and ruling.rule == "R6.2"
    assert ruling.refusal.fields["card"] == parse_card("2h")
    assert h.counts["Anna"] == 2 and h.owed == {"Anna": 1}
    assert not h.legal().may_double(parse_card("3h"), [parse_card("2h")])


def test_R10_65_going_out_on_a_run_through_an_action_card_wins():
    h = run_hand("4h", RUN, ("fix count Anna 2",))
    assert h.legal().may_double(parse_card("2h"), [parse_card("3h")])
    play(h, "2h+3h")
    assert (h.status, h.winner, h.top) == ("over", "Anna", parse_card("3h"))


# -- the legality API, Tab, check ------------------------------------------------------

def test_R10_60_legal_follows_offers_the_next_card_and_a_turn_that_leads_on():
    legal = run_hand("6c").legal()
    assert legal.runs and legal.doubles
    follow = [str(c) for c in legal.follows(cards("5c"))]
    assert follow == ["4c", "5d", "5h", "5s"]    # (6c is the top card: one deck)
    follow = [str(c) for c in legal.follows(cards("7c 8c"))]
    assert "9c" in follow and "8d" in follow and "7c" not in follow
    assert not run_hand("6c", HouseRules()).legal().runs


def test_R10_60_tab_offers_what_may_follow_the_run_typed():
    from referee.interface.app import follow_now
    from referee.interface.complete import HandView, suggest
    h = run_hand("6c")
    view = HandView(players=FOUR, turn="Anna", fits=("5c", "7c"),
                    follow=lambda typed: follow_now(h, typed))
    assert suggest("7c+8c+", view) == [f"7c+8c+{c}" for c in follow_now(h, ("7c", "8c"))]
    assert "7c+8c+9c" in suggest("7c+8c+", view)
    assert suggest("5c+4c+3", view) == ["5c+4c+3c"]


# -- over random tables: the files write runs and the bots play them ------------------

def test_R10_60_random_files_write_runs_and_the_cross_check_bots_play_them_right():
    from referee.simulator.crosscheck import cross_check
    from referee.simulator.tables import random_rules
    written = {random_rules(random.Random(seed))[0].multi_play for seed in range(200)}
    assert {"run", "same_rank_or_run"} <= written
    report = cross_check(range(40))
    assert report.constructs["run"] > 0
    assert report.findings == []


# -- the command line -----------------------------------------------------------------

def test_R10_60_play_script_plays_a_run_and_refuses_a_broken_one(tmp_path):
    rules = tmp_path / "ours.toml"
    rules.write_text('extends = "standard"\nmulti_play = "run"\n', encoding="utf-8")
    run = subprocess_cli(tmp_path)

    run("new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", str(rules))
    script = tmp_path / "hand.txt"
    script.write_text("start 4h\n5h+6h+6s\nBram: 7s+8s+9s\n", encoding="utf-8")
    shown = run("play", "--script", str(script)).stdout
    assert "R10.64" in shown
    state = json.loads(run("state", "--json").stdout)
    assert state["counts"] == {"Anna": 4, "Bram": 4, "Cees": 7}
    assert state["top"] == "9s" and state["turn"] == "Cees"
    script.write_text("10s+Qs\n", encoding="utf-8")
    refused_run = run("play", "--script", str(script), code=1)
    assert "R10.62" in refused_run.stdout + refused_run.stderr
    book = run("rules", "R10.62").stdout
    assert "R10.62" in book and "Kh+Ah+2h" in book.replace("♥", "h").replace("K h", "Kh")
