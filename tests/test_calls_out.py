"""R10.81-R10.83: the last-card call under Tschau Sepp's name (``second_last``), the
call on going out (``[calls] out = { word = "Mau-Mau", on = ["J"], factor = 2 }``)
and the call said out of place; R1.3 / R10.40: a card key a house-rule file writes
must be in its deck.  Checked through the engine (a ``Hand`` reading the table's
lexicon, as the application gives it), the house-rule file's validation, and the
command line as a subprocess (``play --script``, ``score``, ``history``, ``rules``).
"""

from __future__ import annotations

import json

import pytest

from conftest import play, refusal, rules_of
from referee.engine.rules import HouseRules
from referee.series.scoring import HandFacts
from referee.words.events import told
from test_calls import hand_under, run

MAU_MAU = ('finish_on_action = true\n[calls]\n'
           'out = { word = "Mau-Mau", on = ["J"], factor = 2 }\n')
TSCHAU_SEPP = '[calls]\nsecond_last = { word = "Tschau", penalty = 1 }\nout = { word = "Sepp" }\n'
TO_JACK = ("start 9h", "9s", "Bram: 9d", "Cees: 9c")
"""Anna, Bram, Cees hold two cards each; Anna is left with one and is to play on 9♣."""


# -- R10.81 ------------------------------------------------------------------------

def test_R10_81_second_last_is_the_last_card_call_under_its_word(tmp_path):
    rules = rules_of(tmp_path, TSCHAU_SEPP)
    assert (rules.last_call_word(), rules.last_call_penalty()) == ("Tschau", 1)
    hand = hand_under(rules, "start 9h")
    ruling = hand.apply_line("9s Tschau")
    assert ruling.ok and hand.last_card["Anna"] == "announced"
    assert '"Tschau!" on the second-to-last card' in told(ruling) and "R10.81" in told(ruling)
    assert hand.log[-1] == "9s lk"


def test_R10_81_a_missed_tschau_costs_its_penalty(tmp_path):
    hand = hand_under(rules_of(tmp_path, TSCHAU_SEPP), "start 9h", "9s", "Bram: 9d")
    ruling = hand.apply_line("Cees: call Anna")
    assert ruling.ok and hand.counts["Anna"] == 2
    assert 'Anna forgot to say "Tschau!" and draws 1 (R10.81).' in told(ruling)
    assert ("calls.second_last.penalty", 1) in ruling.house_rules()


def test_R10_81_last_and_second_last_together_are_refused(tmp_path):
    said = refusal(tmp_path, '[calls]\nlast = { word = "Mau" }\nsecond_last = { word = "Tschau" }\n')
    assert "ours.toml, line 3:" in said and "calls.second_last" in said and "R10.81" in said


def test_R10_81_a_second_last_over_an_extended_last_is_refused(tmp_path):
    (tmp_path / "base.toml").write_text('[calls]\nlast = { word = "Mau" }\n', encoding="utf-8")
    said = refusal(tmp_path, 'extends = "base.toml"\n[calls]\nsecond_last = { word = "Tschau" }\n')
    assert "ours.toml, line 3:" in said and "calls.second_last" in said


# -- R10.82 ------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["Jc Mau-Mau", "Jc mau-mau", "Jc MAU-MAU", "Jc h Mau-Mau",
                                   "Anna: Jc d Mau-Mau"])
def test_R10_82_the_call_on_a_jack_doubles_the_others_points(tmp_path, typed):
    hand = hand_under(rules_of(tmp_path, MAU_MAU), *TO_JACK)
    ruling = hand.apply_line(typed)
    assert ruling.ok and hand.winner == "Anna" and hand.out_factor == 2
    assert "points of this hand are multiplied by 2 (R10.82)" in told(ruling)
    assert ("calls.out.factor", 2) in ruling.house_rules()
    assert HandFacts.from_hand(hand).factor == 2
    assert hand.log[-1] == typed     # (the game's word, logged as typed)


def test_R10_82_without_the_word_nothing_is_multiplied(tmp_path):
    hand = hand_under(rules_of(tmp_path, MAU_MAU), *TO_JACK)
    ruling = hand.apply_line("Jc")
    assert ruling.ok and hand.winner == "Anna" and hand.out_factor == 1
    assert "R10.82" not in told(ruling)


def test_R10_82_a_factor_of_one_is_told_only(tmp_path):
    hand = hand_under(rules_of(tmp_path, TSCHAU_SEPP), "start 9h", "9s Tschau", "Bram: 9d",
                      "Cees: 9c")
    ruling = hand.apply_line("3c Sepp")
    assert ruling.ok and hand.out_factor == 1
    assert 'Anna goes out on 3♣ with "Sepp!" (R10.82).' in told(ruling)


def test_R10_82_without_calls_the_word_is_no_notation(tmp_path):
    hand = hand_under(HouseRules(finish_on_action=True), *TO_JACK)
    assert not hand.apply_line("Jc Mau-Mau").ok
    assert hand.status == "playing" and hand.counts["Anna"] == 1


def test_R10_82_under_last_holder_only_the_winners_call_counts(tmp_path):
    rules = rules_of(tmp_path, 'hand_end = "last_holder"\n' + MAU_MAU)
    hand = hand_under(rules, "start 9h", "9s lk", "Bram: 9d lk", "Cees: 9c lk", "Jc Mau-Mau")
    assert hand.out_factor == 2 and hand.status == "playing"
    ruling = hand.apply_line("Bram: Js Mau-Mau")
    assert ruling.ok and hand.status == "over" and hand.winner == "Anna"
    assert "only the winner's call counts (R10.83)" in told(ruling)
    assert hand.out_factor == 2


@pytest.mark.parametrize("text, line, words", [
    ('[calls]\nout = { word = "Mau-Mau", factor = 11 }\n', 2, ["calls.out.factor = 11", "1 to 10"]),
    ('[calls]\nout = { word = "Mau-Mau", factor = 0 }\n', 2, ["calls.out.factor = 0"]),
    ('[calls]\nout = { word = "Mau-Mau", on = "J" }\n', 2, ["calls.out.on", "a list of ranks"]),
    ('[calls]\nout = { word = "Mau-Mau", on = ["X"] }\n', 2, ["calls.out.on", '"X"']),
    ('[calls]\nout = { word = "lk" }\n', 2, ["calls.out.word", "R10.80"]),
    ('[calls]\nout = { word = "Mau-Mau", penalty = 1 }\n', 2, ["`penalty`", "word, on or factor"]),
    ('[calls]\nlast = { word = "Mau" }\nout = { word = "mau" }\n', 3,
     ["calls.out.word", "calls.last.word", "R10.82"]),
])
def test_R10_82_a_bad_call_names_the_file_line_and_key(tmp_path, text, line, words):
    said = refusal(tmp_path, text)
    assert f"ours.toml, line {line}:" in said, said
    for word in words:
        assert word in said, said


def test_R10_82_play_script_score_and_history_count_the_factor(tmp_path):
    (tmp_path / "mm.toml").write_text("deal_size = 2\n" + MAU_MAU, encoding="utf-8")
    (tmp_path / "hand.txt").write_text("start 9h\n9s\n9d\n9c\nJc h Mau-Mau\n", encoding="utf-8")
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "mm.toml")
    out = run(tmp_path, "play", "--script", "hand.txt").stdout
    assert 'Anna: "Mau-Mau!" on J♣' in out
    said = run(tmp_path, "score", "Bram=2", "Cees=Kh").stdout
    assert "Bram 4, Cees 20 (multiplied by 2" in said and "R10.82" in said
    standings = json.loads(run(tmp_path, "standings", "--json").stdout)
    assert {p["name"]: p["total"] for p in standings["players"]} == {
        "Anna": 0, "Bram": 4, "Cees": 20}
    history = json.loads(run(tmp_path, "history", "--json").stdout)
    assert history["hands"][0]["points"] == {"Anna": 0, "Bram": 4, "Cees": 20}


def test_R10_82_score_json_keeps_the_factor_beside_what_each_held(tmp_path):
    (tmp_path / "mm.toml").write_text("deal_size = 2\n" + MAU_MAU, encoding="utf-8")
    (tmp_path / "hand.txt").write_text("start 9h\n9s\n9d\n9c\nJc Mau-Mau\n", encoding="utf-8")
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "mm.toml")
    run(tmp_path, "play", "--script", "hand.txt")
    result = json.loads(run(tmp_path, "score", "Bram=Ah", "Cees=3d", "--json").stdout)["result"]
    assert result["factor"] == 2
    assert result["points"] == {"Anna": 0, "Bram": 30, "Cees": 6}
    assert result["held"] == {"Anna": 0, "Bram": 15, "Cees": 3}


def test_R10_82_the_winner_collects_the_multiplied_points(tmp_path):
    text = ("deal_size = 2\n[scoring]\nmode = \"winner_collects\"\n[series]\nmode = \"target\"\n"
            + MAU_MAU.replace("finish_on_action = true\n", "").replace(
                "[calls]", "[calls]", 1))
    (tmp_path / "mm.toml").write_text("finish_on_action = true\n" + text, encoding="utf-8")
    (tmp_path / "hand.txt").write_text("start 9h\n9s\n9d\n9c\nJc Mau-Mau\n", encoding="utf-8")
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "mm.toml")
    run(tmp_path, "play", "--script", "hand.txt")
    result = json.loads(run(tmp_path, "score", "Bram=Ah", "Cees=3d", "--json").stdout)["result"]
    assert result["points"] == {"Anna": 36, "Bram": 0, "Cees": 0} and result["factor"] == 2


def test_R10_82_rules_file_tells_the_call(tmp_path):
    (tmp_path / "mm.toml").write_text(MAU_MAU, encoding="utf-8")
    book = run(tmp_path, "rules", str(tmp_path / "mm.toml"), save=False).stdout
    r10 = " ".join(book.split("R10.82 ", 1)[1].split("\n\n", 1)[0].split())
    assert 'Here the call is "Mau-Mau!", on Jack, and the points count 2 times.' in r10
    diff = run(tmp_path, "rules", "--diff", "standard", str(tmp_path / "mm.toml"),
               save=False).stdout
    assert any(x.strip().startswith("calls.out") for x in diff.splitlines())


# -- R10.83 ------------------------------------------------------------------------

def test_R10_83_the_call_on_a_card_not_named_has_no_effect(tmp_path):
    hand = hand_under(rules_of(tmp_path, MAU_MAU), *TO_JACK)
    ruling = hand.apply_line("3c Mau-Mau")
    assert ruling.ok and hand.winner == "Anna" and hand.out_factor == 1
    assert "which the call is not said on: no effect on the points (R10.83)" in told(ruling)


def test_R10_83_the_call_without_going_out_costs_the_false_call_penalty(tmp_path):
    rules = rules_of(tmp_path, "false_call_penalty = 1\n" + MAU_MAU)
    hand = hand_under(rules, "start 9h")
    ruling = hand.apply_line("9s Mau-Mau")
    assert ruling.ok and hand.status == "playing" and hand.counts["Anna"] == 2
    assert "without going out" in told(ruling) and "R10.83" in told(ruling)
    assert "made a false call and draws 1 (R4.4)" in told(ruling)


def test_R10_83_without_a_false_call_penalty_it_is_told_only(tmp_path):
    hand = hand_under(rules_of(tmp_path, MAU_MAU), "start 9h", "9s")
    ruling = hand.apply_line("Bram: Mau-Mau")
    assert ruling.ok and hand.counts["Bram"] == 2 and hand.out_factor == 1
    assert "Bram says \"Mau-Mau!\" without going out" in told(ruling)


def test_R10_83_the_word_alone_after_the_hand_is_over_is_refused(tmp_path):
    hand = hand_under(rules_of(tmp_path, MAU_MAU), *TO_JACK, "Jc")
    ruling = hand.apply_line("Anna: Mau-Mau")
    assert not ruling.ok and ruling.rule == "R6.1" and hand.out_factor == 1


# -- R1.3 / R10.40: card keys in the deck ----------------------------------------------

@pytest.mark.parametrize("text, key", [
    ('deck = 32\n[points]\n"6h" = 50\n', "points.6h"),
    ('deck = 32\n[actions]\n"6h" = "again"\n', "actions.6h"),
    ('deck = 36\n[actions]\n"5 red" = "again"\n', "actions.5 red"),
    ('jokers_per_deck = 0\n[actions]\nJoker = { draw = 5 }\n', "actions.Joker"),
    ('deck = 32\n[finish]\nblocked = ["6"]\n', "finish.blocked"),
    ('deck = 32\n[actions]\n"6" = { draw = 2 }\n[stacking]\ngroups = [["6"]]\n', "actions.6"),
    ('deck = 32\n[calls]\nout = { word = "Mau-Mau", on = ["6"] }\n', "calls.out.on"),
])
def test_R1_3_a_card_key_not_in_the_deck_is_refused(tmp_path, text, key):
    said = refusal(tmp_path, text)
    assert "ours.toml, line 3:" in said and f"`{key}`" in said, said
    assert "not in this game's deck" in said and "the deck holds the ranks" in said


@pytest.mark.parametrize("text", [
    'deck = 32\n[points]\n"7h" = 50\n',
    'extends = "hard"\ndeck = 32\n',          # (the preset's Four and Five entries)
    'extends = "family"\n',
    'jokers_per_deck = 0\n[points]\nJoker = 30\n',
    'deck = 32\n[actions]\n"2" = "none"\n',  # (takes the standard Two away: names no card)
])
def test_R1_3_card_keys_in_the_deck_and_the_presets_entries_are_accepted(tmp_path, text):
    rules_of(tmp_path, text)


def test_R1_3_the_refusal_is_told_in_the_tables_language(tmp_path):
    (tmp_path / "bad.toml").write_text('deck = 32\n[points]\n"6h" = 50\n', encoding="utf-8")
    from test_calls import ROOT
    import os
    import subprocess
    import sys
    env = {**os.environ, "PESTEN_REF_LANG": "nl", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "referee", "rules", str(tmp_path / "bad.toml")],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    said = done.stdout + done.stderr
    assert "bad.toml" in said and "points.6h" in said and "R10.40" in said


def test_R10_82_play_script_in_dutch_reads_the_games_word(tmp_path):
    (tmp_path / "mm.toml").write_text("deal_size = 2\n" + MAU_MAU, encoding="utf-8")
    (tmp_path / "hand.txt").write_text("start 9h\n9s\n9d\n9c\nBc h Mau-Mau\n", encoding="utf-8")
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "mm.toml",
        lang="nl")
    out = run(tmp_path, "play", "--script", "hand.txt", lang="nl").stdout
    assert '"Mau-Mau!"' in out and "R10.82" in out
    result = json.loads(run(tmp_path, "score", "Bram=2", "Cees=3", "--json", lang="nl").stdout)
    assert result["result"]["points"] == {"Anna": 0, "Bram": 4, "Cees": 6}


def test_R10_82_a_saved_factor_the_entries_do_not_give_is_named(tmp_path):
    (tmp_path / "mm.toml").write_text("deal_size = 2\n" + MAU_MAU, encoding="utf-8")
    (tmp_path / "hand.txt").write_text("start 9h\n9s\n9d\n9c\nJc Mau-Mau\n", encoding="utf-8")
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "mm.toml")
    run(tmp_path, "play", "--script", "hand.txt")
    run(tmp_path, "score", "Bram=2", "Cees=3")
    saved = next((tmp_path / "s.hands").glob("hand-00001.toml"))
    text = saved.read_text(encoding="utf-8")
    assert "factor = 2" in text
    saved.write_text(text.replace("factor = 2", "factor = 3"), encoding="utf-8")
    import os
    import subprocess
    import sys
    from test_calls import ROOT
    env = {**os.environ, "PESTEN_REF_LANG": "en", "PYTHONPATH": str(ROOT),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "referee", "history", "--save",
                           str(tmp_path / "s.toml")], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    said = done.stdout + done.stderr
    assert done.returncode != 0 and "Traceback" not in said
    assert "result.factor" in said and "by 2, not 3" in said and "R10.82" in said
