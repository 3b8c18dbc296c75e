"""R10.10-R10.13: effects on one card or one colour of a rank, through the engine
(three players: Anna, Bram, Cees; Cees deals, Anna plays first) and through
``play --script`` as a family types it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from referee.engine import Hand
from referee.engine.rules import RulesError
from referee.series.presets import rules_from_table
from referee.words.events import told
from conftest import play, refused, run_in as _run

PLAYERS = ["Anna", "Bram", "Cees"]
MAKAO = {"actions": {"Kh": {"draw": 5}, "K♠": {"draw": 5, "to": "previous"},
                     "J black": {"draw": 5}},
         "stacking": {"groups": [["2", "Kh", "J black"]]}}


def hand(table: dict, players=PLAYERS, dealer="Cees") -> Hand:
    return Hand(rules_from_table(table, "makao"), players, dealer)




def test_R10_10_a_card_key_acts_on_that_card_alone():
    h = hand(MAKAO)
    ruling = play(h, "start 9h", "Kh")
    assert (ruling.rule, h.pending, h.turn) == ("R9.3", 5, "Bram")
    other = hand(MAKAO)
    play(other, "start 9d", "Kd")          # the King of diamonds keeps its rank's meaning
    assert other.pending == 0 and other.turn == "Bram"


@pytest.mark.parametrize("written", ["K♥", "KH", "Rco", "Hh"])
def test_R10_10_the_card_may_be_written_with_its_symbol_or_a_languages_letters(written):
    rules = rules_from_table({"actions": {written: "again"}}, "f")
    assert list(rules.actions) == ["Kh"]
    h = Hand(rules, PLAYERS, "Cees")
    play(h, "start 9h", "Kh")                # the King of hearts plays again
    assert h.turn == "Anna"


def test_R10_10_two_spellings_of_one_card_are_refused():
    with pytest.raises(RulesError) as err:
        rules_from_table({"actions": {"Kh": "again", "K♥": "skip"}}, "f")
    assert "actions.K♥" in str(err.value) or "Kh" in str(err.value)


def test_R10_10_to_previous_on_the_king_of_spades():
    h = hand(MAKAO)
    play(h, "start 9s", "9c", "Kc", "Ks")  # Cees's King of spades: Anna draws 5
    assert h.counts["Bram"] == 11 and h.turn == "Anna" and h.pending == 0


def test_R10_10_a_colour_key_acts_on_both_cards_of_that_colour():
    h = hand(MAKAO)
    play(h, "start 9c", "Jc")
    assert h.pending == 5 and h.turn == "Bram"
    red = hand(MAKAO)
    play(red, "start 9h", "Jh h")          # a red Jack keeps its rank's meaning: names a suit
    assert red.pending == 0 and red.named_suit == "h"


def test_R10_10_the_most_specific_entry_wins():
    table = {"actions": {"J": "again", "J black": "skip", "Js": "none"}}
    h = hand(table)
    play(h, "start 9s", "Js")              # the card's entry: a plain card
    assert h.turn == "Bram"
    h = hand(table)
    play(h, "start 9c", "Jc")              # the colour's: Bram misses the turn
    assert h.turn == "Cees"
    h = hand(table)
    play(h, "start 9h", "Jh")              # the rank's: Anna plays again
    assert h.turn == "Anna"


def test_R10_10_stacking_groups_take_card_and_colour_keys():
    h = hand(MAKAO)
    play(h, "start 9h", "2h", "Kh")        # a Two, then the King of hearts on it
    assert h.pending == 7 and h.turn == "Cees"
    play(h, "Js")                          # a black Jack on it: 12
    assert h.pending == 12
    refused(h, "Kd")                       # the King of diamonds stacks on nothing
    refused(h, "Jh")                       # nor does a red Jack


def test_R10_10_a_group_key_whose_cards_do_not_all_draw_is_refused():
    with pytest.raises(RulesError) as err:
        rules_from_table({"actions": {"J black": {"draw": 5}},
                          "stacking": {"groups": [["2", "J"]]}}, "f")
    assert "R9.14" in str(err.value) or "stacking.groups" in str(err.value)


def test_R10_10_finish_blocked_takes_card_keys():
    rules = rules_from_table({"actions": {"Kh": {"draw": 5}}, "finish": {"blocked": ["Kh"]}}, "f")
    from referee.engine.compiled import tables_for
    from referee.engine.cards import Card
    t = tables_for(rules)
    assert not t.finish >> Card("K", "h").id & 1
    assert t.finish >> Card("K", "d").id & 1 and t.finish >> Card("2", "h").id & 1


def test_R10_10_a_key_that_is_no_card_is_refused_naming_the_line():
    with pytest.raises(RulesError) as err:
        rules_from_table({"actions": {"K purple": "again"}}, "f")
    assert "actions.K purple" in str(err.value)


def test_R10_10_rules_and_diff_say_the_card_entries(tmp_path):
    f = tmp_path / "makao.toml"
    f.write_text('[actions]\n"Kh" = { draw = 5 }\n"J black" = { draw = 5 }\n', encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "referee", "rules", str(f)], capture_output=True,
                         text=True, check=True).stdout
    assert "King of hearts: the next player draws 5 cards" in out
    assert "black Jack: the next player draws 5 cards" in out.replace("Black Jack", "black Jack")
    diff = subprocess.run([sys.executable, "-m", "referee", "rules", "--diff", str(f), "standard"],
                          capture_output=True, text=True, check=True).stdout
    assert "actions.Kh" in diff and "R10.10" in diff




MAKAO_FILE = '''[actions]
"Kh" = { draw = 5 }
"K♠" = { draw = 5, to = "previous" }
"J black" = { draw = 5 }

[stacking]
groups = [["2", "Kh", "J black"]]
'''


def test_R10_10_a_card_and_a_colour_through_play_script(tmp_path):
    import json
    (tmp_path / "makao.toml").write_text(MAKAO_FILE, encoding="utf-8")
    made = _run("new", "--players", "Anna,Bram,Cees", "--rules", "makao.toml",
                "--dealer", "Cees", "--save", "s.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hand.txt").write_text("start 9h\n2h\nKh\nJs\nKd\n", encoding="utf-8")
    played = _run("play", "--save", "s.toml", "--script", "hand.txt", "--keep-going",
                  cwd=tmp_path)
    out = played.stdout + played.stderr
    assert "Bram plays K♥: Cees must draw 7 or play a Two, a Jack of clubs or spades or K♥ (R9.3)." in out
    assert "K♦" in out and "(R5.7)" in out, out
    state = json.loads(_run("state", "--json", "--save", "s.toml", cwd=tmp_path).stdout)
    assert state["pending_draw"] == 12 and state["turn"] == "Anna" and state["top"] == "Js"


def test_R10_10_a_card_of_a_grouped_colour_stacks_with_its_colour():
    # the red Kings draw 2, the King of hearts 5: a group naming "K red" holds it too
    h = hand({"actions": {"K red": {"draw": 2}, "Kh": {"draw": 5}},
              "stacking": {"groups": [["K red", "2"]]}})
    play(h, "start 9h", "Kh", "2h")
    assert h.pending == 7 and h.turn == "Cees"


# -- R10.11 counter cards -----------------------------------------------------------

BLACK_JACK = {"actions": {"J black": {"draw": 5},
                          "J red": {"counter": "cancel", "against": ["J black"]},
                          "8": {"counter": "back", "against": ["2"]},
                          "9": {"counter": "on", "against": ["2"], "same_suit": True}}}


def test_R10_11_cancel_ends_the_penalty_and_the_turn_passes():
    h = hand(BLACK_JACK)
    play(h, "start 9c", "Jc")
    ruling = play(h, "Jh")
    assert ruling.rule == "R10.11" and h.pending == 0 and h.turn == "Cees"
    assert "the penalty of 5 cards is cancelled (R10.11)" in told(ruling)


def test_R10_11_back_sends_the_penalty_to_the_player_who_played_the_last_penalty_card():
    h = hand(BLACK_JACK)
    play(h, "start 9h", "2h")
    ruling = play(h, "8h")
    assert h.pending == 2 and h.turn == "Anna"
    assert "goes back to Anna (R10.11)" in told(ruling)
    play(h, "d")
    assert h.counts["Anna"] == 6 + 2 and h.pending == 0


def test_R10_11_on_passes_the_penalty_to_the_next_player_same_suit_only():
    h = hand(BLACK_JACK)
    play(h, "start 2d", "2h")
    refused(h, "9s")                        # same_suit: only the Nine of hearts
    ruling = play(h, "9h")
    assert h.pending == 2 and h.turn == "Cees" and "passes on to Cees" in told(ruling)


def test_R10_11_a_counter_is_judged_by_the_card_it_went_on_though_its_own_draw_reshuffles():
    from conftest import drain
    h = hand({"actions": {"8": [{"others_draw": 1}, {"counter": "back", "against": ["2"]}]}})
    play(h, "start 9h")
    drain(h)                                # the draw pile is empty: a draw reshuffles
    first = h.turn
    play(h, "2h")
    ruling = play(h, "8h")                  # its others_draw reshuffles the Two away first
    assert "Reshuffled" in [type(e).__name__ for e in ruling.events]
    assert h.pending == 2 and h.turn == first and "goes back to" in told(ruling)


def test_R10_10_a_card_whose_own_entry_makes_no_penalty_does_not_stack_on_its_rank():
    h = hand({"actions": {"2 red": {"others_draw": 3}}})
    play(h, "start 9c", "2c")                # a black Two: Bram must draw 2 or stack
    assert h.pending == 2 and h.turn == "Bram"
    assert refused(h, "2d").rule == "R5.7"   # a red Two makes no penalty here
    play(h, "2s")
    assert h.pending == 4 and h.turn == "Cees"


def test_R10_11_a_counter_card_does_not_answer_other_penalties_and_is_plain_elsewhere():
    h = hand(BLACK_JACK)
    play(h, "start 9h", "2h")
    refused(h, "Jh")                        # the red Jack counters only a black Jack
    plain = hand(BLACK_JACK)
    play(plain, "start 8h", "8d")           # outside a penalty an Eight is a plain card
    assert plain.turn == "Bram" and plain.pending == 0


def test_R10_11_the_refusal_names_the_counter_cards():
    h = hand(BLACK_JACK)
    play(h, "start 2d", "2h")
    assert "a Two, an Eight or 9♥" in told(refused(h, "5c"))


def test_R10_11_a_bad_against_is_refused_naming_the_key():
    with pytest.raises(RulesError) as err:
        rules_from_table({"actions": {"8": {"counter": "back", "against": "2"}}}, "f")
    assert "actions.8" in str(err.value)


def test_R10_11_counters_through_play_script(tmp_path):
    import json
    (tmp_path / "bj.toml").write_text(
        '[actions]\n"J black" = { draw = 5 }\n'
        '"J red" = { counter = "cancel", against = ["J black"] }\n', encoding="utf-8")
    made = _run("new", "--players", "Anna,Bram,Cees", "--rules", "bj.toml",
                "--dealer", "Cees", "--save", "s.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hand.txt").write_text("start 9c\nJc\nJd\n", encoding="utf-8")
    out = _run("play", "--save", "s.toml", "--script", "hand.txt", cwd=tmp_path).stdout
    assert "Bram plays J♦: the penalty of 5 cards is cancelled (R10.11)." in out
    state = json.loads(_run("state", "--json", "--save", "s.toml", cwd=tmp_path).stdout)
    assert state["pending_draw"] == 0 and state["turn"] == "Cees"


# -- R10.20 open cards ----------------------------------------------------------------

def test_R10_20_an_open_card_goes_on_anything_and_anything_goes_on_it():
    h = hand({"actions": {"Q": "open"}})
    ruling = play(h, "start 9h", "Qs")
    assert ruling.rule == "R10.20" and "an open card" in told(ruling)
    play(h, "3d")                           # any card on it
    assert h.turn == "Cees"


def test_R10_20_an_open_card_does_not_go_on_a_pending_penalty():
    h = hand({"actions": {"Q": "open"}})
    play(h, "start 9h", "2h")
    refused(h, "Qc")


def test_R10_20_open_through_play_script(tmp_path):
    (tmp_path / "q.toml").write_text('[actions]\nQ = "open"\n', encoding="utf-8")
    made = _run("new", "--players", "Anna,Bram,Cees", "--rules", "q.toml",
                "--dealer", "Cees", "--save", "s.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hand.txt").write_text("start 9h\nQs\n3d\n", encoding="utf-8")
    out = _run("play", "--save", "s.toml", "--script", "hand.txt", cwd=tmp_path).stdout
    assert "Anna plays Q♠, an open card: any card may go on it (R10.20)." in out
    assert "Bram plays 3♦." in out
