"""R10.50-R10.52 the draw policy (``draw = "one" | "until_playable" | { up_to = N }``):
``d 3`` and ``d 3 5h`` through the engine, the file's checks, the rule book and
``play --script`` (a subprocess).

Default table: Anna, Bram, Cees with Cees dealing, so Anna plays first.
"""

from __future__ import annotations

import json

import pytest

from conftest import drain, make_hand, play, refused, subprocess_cli
from referee.engine.notation import Draw, parse_line
from referee.engine.rules import HouseRules, RulesError
from referee.series.presets import rules_from_table
from referee.series.rulebook import rule_text
from referee.words.events import told

UP_TO_3 = rules_from_table({"draw": {"up_to": 3}})
UNTIL = rules_from_table({"draw": "until_playable"})


def test_R10_50_the_count_is_notation_and_prints_back():
    line = parse_line("d 3 5h")
    assert line.actions[0].count == 3 and str(line.actions[0].card) == "5h"
    assert line.canonical() == "d 3 5h"
    assert parse_line("d 3").canonical() == "d 3"
    assert parse_line("d").actions[0] == Draw()


def test_R10_50_up_to_draws_the_count_typed_and_passes_the_turn():
    h = make_hand(UP_TO_3, lines=["start 9h"])
    ruling = play(h, "d 3")
    assert ruling.rule == "R10.50"
    assert h.counts["Anna"] == 10 and h.turn == "Bram"
    assert "Anna draws 3 cards; the turn passes (R10.50)." in told(ruling)


def test_R10_50_up_to_plays_the_last_card_drawn():
    h = make_hand(UP_TO_3, lines=["start 9h"])
    pile = h.draw_pile
    ruling = play(h, "d 2 9s")
    assert h.counts["Anna"] == 8 and str(h.top) == "9s" and h.turn == "Bram"
    assert h.draw_pile == pile - 2
    assert "plays the last one drawn" in told(ruling)


def test_R10_50_more_than_up_to_is_refused():
    h = make_hand(UP_TO_3, lines=["start 9h"])
    refused(h, "d 4", "R10.50")
    refused(h, "d 4 9s", "R10.50")


def test_R10_50_a_count_under_draw_one_is_refused_and_d_1_is_d():
    h = make_hand(lines=["start 9h"])
    refused(h, "d 3", "R10.50")
    assert play(h, "d 1").rule == "R3.4"
    assert play(h, "d 1 9c").rule == "R3.4"
    assert h.counts == {"Anna": 8, "Bram": 7, "Cees": 7}


def test_R10_50_a_penalty_is_taken_with_d_alone():
    h = make_hand(UP_TO_3, lines=["start 9h", "2h"])
    refused(h, "d 2", "R10.50")
    play(h, "d")
    assert h.counts["Bram"] == 9 and h.turn == "Cees"


def test_R10_50_a_played_card_is_checked_as_d_card_would_be():
    h = make_hand(UP_TO_3, lines=["start 9h"])
    refused(h, "d 2 5c", "R3.1")


def test_R10_51_until_playable_stops_on_a_card_that_is_played():
    h = make_hand(UNTIL, lines=["start 9h"])
    refused(h, "d 3", "R10.51")
    refused(h, "d", "R10.51")
    play(h, "d 3 9s")
    assert h.counts["Anna"] == 9 and str(h.top) == "9s"


def test_R10_51_until_playable_without_a_card_when_the_piles_run_out():
    h = make_hand(UNTIL, lines=["start 9h"])
    left = h.draw_pile
    ruling = play(h, f"d {left}")
    assert ruling.ok and h.draw_pile == 0 and h.turn == "Bram"


def test_R10_51_until_playable_keeps_the_card_when_drawn_cards_are_not_played():
    rules = rules_from_table({"draw": "until_playable", "draw_then_play": False})
    h = make_hand(rules, lines=["start 9h"])
    play(h, "d 3")
    assert h.counts["Anna"] == 10
    refused(h, "d 2 9s", "R3.4")


def test_R10_52_a_count_above_what_the_piles_hold_is_refused():
    h = make_hand(UP_TO_3, lines=["start 9h"])
    drain(h, keep=1)
    left = h.draw_pile + len(h.discard) - 1
    assert left < 3
    refused(h, f"d {left + 1}", "R10.52")


def test_R10_52_a_count_reshuffles_when_the_draw_pile_runs_out():
    h = make_hand(UP_TO_3, lines=["start 9h", "9s", "9c", "9d"])
    drain(h, keep=1)
    ruling = play(h, "d 3")
    assert "(R3.5)" in told(ruling)
    assert h.draw_pile == 1  # (1 left, 3 reshuffled under the top card: 4, 3 of them drawn)
    assert len(h.discard) == 1


@pytest.mark.parametrize("value", ['"two"', "{ up_to = 1 }", "{ up_to = 11 }", "3",
                                   "{ at_most = 3 }"])
def test_R10_50_a_bad_draw_policy_names_the_file_line_key_and_what_is_allowed(tmp_path, value):
    from referee.series.presets import load_rules
    from referee.messages import say
    path = tmp_path / "ours.toml"
    path.write_text(f'# ours\n\ndraw = {value}\n', encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_rules(str(path))
    text = say(err.value.told)
    assert "ours.toml, line 3: `draw" in text
    assert '"one" or "until_playable" or `{ up_to = N }` with N from 2 to 10' in text


def test_R10_50_the_rule_book_says_the_policy_in_force():
    assert "at most 3" in rule_text("R10.50", UP_TO_3)
    assert "until one can be played" in rule_text("R10.50", UNTIL)
    assert "`d 3`" in rule_text("R10.50", HouseRules()) or "d 3" in rule_text("R10.50", HouseRules())


def test_R10_50_play_script_draws_three_and_plays_the_last(tmp_path):
    rules = tmp_path / "ours.toml"
    rules.write_text('extends = "standard"\ndraw = { up_to = 3 }\n', encoding="utf-8")
    run = subprocess_cli(tmp_path)

    run("new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", str(rules))
    script = tmp_path / "hand.txt"
    script.write_text("start 9h\nd 3\nd 2 9s\n", encoding="utf-8")
    shown = run("play", "--script", str(script)).stdout
    assert "Anna draws 3 cards" in shown and "Bram draws 2 cards" in shown
    state = json.loads(run("state", "--json").stdout)
    assert state["counts"] == {"Anna": 10, "Bram": 8, "Cees": 7}
    assert state["top"] == "9s" and state["turn"] == "Cees"
    script.write_text("d 4\n", encoding="utf-8")
    refusal = run("play", "--script", str(script), code=1)
    assert "R10.50" in refusal.stdout + refusal.stderr


def test_R10_51_a_plain_d_with_nothing_left_to_draw_draws_nothing():
    h = make_hand(UNTIL, lines=["start 9h"])
    play(h, f"d {h.draw_pile}")
    assert h.draw_pile == 0 and len(h.discard) == 1
    ruling = play(h, "d")
    assert ruling.rule == "R3.4" and h.counts["Bram"] == 7 and h.turn == "Cees"
    refused(h, "d 1", "R10.52")
