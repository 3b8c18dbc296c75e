"""R10.80: the last-card call of R4 with a rule set's own word and penalty
(``[calls] last = { word = "Mau", penalty = 1 }``).  Checked through the engine
(a ``Hand`` reading the table's lexicon, as the application gives it), the
house-rule file's validation, ``rules FILE`` and ``play --script`` run as a
subprocess.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import play, refusal, rules_of
from referee.engine import Hand
from referee.engine.rules import HouseRules
from referee.series.spoken import table_lexicon
from referee.words.events import told

ROOT = Path(__file__).resolve().parents[1]
MAU = '[calls]\nlast = { word = "Mau", penalty = 1 }\n'


def hand_under(rules: HouseRules, *lines: str) -> Hand:
    """A hand of Anna, Bram and Cees (Cees deals) reading the table's lexicon, as
    the application builds it for ``rules`` (the call's word included)."""
    hand = Hand(rules.replace(deal_size=2), ["Anna", "Bram", "Cees"], "Cees", 1,
                table_lexicon(rules))
    play(hand, *lines)
    return hand


def test_R10_80_the_games_word_is_the_announcement(tmp_path):
    hand = hand_under(rules_of(tmp_path, MAU), "start 9h")
    ruling = hand.apply_line("9s Mau")
    assert ruling.ok and hand.last_card["Anna"] == "announced"
    assert '"Mau!"' in told(ruling) and "R10.80" in told(ruling)
    assert hand.log[-1] == "9s lk"        # (logged as the notation writes it)


@pytest.mark.parametrize("typed", ["Mau", "mau", "MAU", "lk", "Anna: Mau"])
def test_R10_80_the_word_alone_or_lk_in_time(tmp_path, typed):
    hand = hand_under(rules_of(tmp_path, MAU), "start 9h", "9s")
    ruling = hand.apply_line(typed)
    assert ruling.ok and hand.last_card["Anna"] == "announced"


def test_R10_80_a_missed_call_costs_the_rule_sets_penalty(tmp_path):
    hand = hand_under(rules_of(tmp_path, MAU), "start 9h", "9s", "9d")
    ruling = hand.apply_line("Bram: call Anna")
    assert ruling.ok and hand.counts["Anna"] == 2           # one card drawn, not two
    assert 'forgot to say "Mau!"' in told(ruling) and "R10.80" in told(ruling)
    assert ("calls.last.penalty", 1) in ruling.house_rules()


def test_R10_80_a_penalty_left_out_is_last_card_penalty(tmp_path):
    rules = rules_of(tmp_path, 'last_card_penalty = 3\n[calls]\nlast = { word = "Mau" }\n')
    assert (rules.last_call_word(), rules.last_call_penalty()) == ("Mau", 3)
    hand = hand_under(rules, "start 9h", "9s", "9d")
    play(hand, "Bram: call Anna")
    assert hand.counts["Anna"] == 4


def test_R10_80_without_calls_the_word_is_no_announcement(tmp_path):
    rules = HouseRules()
    assert rules.last_call_word() is None and rules.last_call_penalty() == 2
    hand = hand_under(rules, "start 9h", "9s")
    assert not hand.apply_line("Mau").ok
    ruling = hand.apply_line("lk")
    assert '"Laatste kaart!"' in told(ruling) and "(R4.1)" in told(ruling)


@pytest.mark.parametrize("text, line, words", [
    ('[calls]\nlast = { word = "7h" }\n', 2, ["calls.last.word", "R10.80"]),
    ('[calls]\nlast = { word = "draw" }\n', 2, ["calls.last.word", "R10.80"]),
    ('[calls]\nlast = { word = "Mau Mau" }\n', 2, ["calls.last.word", "R10.80"]),
    ('[calls]\nlast = { penalty = 1 }\n', 2, ["calls.last", "no word", "R10.80"]),
    ('[calls]\nlast = { word = "Mau", pen = 1 }\n', 2, ["`pen`", "word, penalty or false_penalty"]),
    ('[calls]\nlats = { word = "Mau" }\n', 2, ["calls.lats", "`last`"]),
    ('[calls]\nlast = "Mau"\n', 2, ["calls.last", "must be a table"]),
    ('\n[calls]\nlast = { word = "Mau", penalty = -1 }\n', 3, ["calls.last.penalty = -1", "0 or more"]),
])
def test_R10_80_a_bad_call_names_the_file_line_and_key(tmp_path, text, line, words):
    said = refusal(tmp_path, text)
    assert f"ours.toml, line {line}:" in said
    for word in words:
        assert word in said, said


def test_R10_80_rules_file_tells_the_word_and_the_penalty(tmp_path):
    (tmp_path / "mau.toml").write_text(MAU, encoding="utf-8")
    book = run(tmp_path, "rules", str(tmp_path / "mau.toml"), save=False).stdout
    r10 = " ".join(book.split("R10.80 ", 1)[1].split("\n\n", 1)[0].split())
    assert 'Here the call is "Mau!" and a missed one costs 1 card.' in r10
    r43 = " ".join(book.split("R4.3 ", 1)[1].split("\n\n", 1)[0].split())
    assert "draws 1 card" in r43 and "calls.last" in r43
    diff = run(tmp_path, "rules", "--diff", "standard", str(tmp_path / "mau.toml"), save=False).stdout
    assert any(x.startswith("calls.last") and x.rstrip().endswith("R10.80") for x in diff.splitlines())


def run(tmp_path: Path, *args: str, save: bool = True, lang: str = "en") -> subprocess.CompletedProcess:
    env = {**os.environ, "PESTEN_REF_LANG": lang, "PYTHONPATH": str(ROOT),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("PESTEN_REF_SAVE", None)
    done = subprocess.run([sys.executable, "-m", "referee", *args,
                           *(["--save", str(tmp_path / "s.toml")] if save else [])],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, (args, done.stdout, done.stderr)
    return done


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_R10_80_play_script_reads_the_word_in_every_language(tmp_path, lang):
    (tmp_path / "mau.toml").write_text("deal_size = 2\n" + MAU, encoding="utf-8")
    (tmp_path / "hand.txt").write_text("start 9h\n9s Mau\n9d\nd\n", encoding="utf-8")
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "mau.toml",
        lang=lang)
    told_out = run(tmp_path, "play", "--script", "hand.txt", lang=lang).stdout
    assert '"Mau!"' in told_out and "R10.80" in told_out
    state = json.loads(run(tmp_path, "state", "--json").stdout)
    assert state["counts"]["Anna"] == 1


def test_R10_80_play_script_a_missed_call_is_caught(tmp_path):
    (tmp_path / "mau.toml").write_text("deal_size = 2\n" + MAU, encoding="utf-8")
    (tmp_path / "hand.txt").write_text("start 9h\n9s\n9d\nBram: call Anna\n", encoding="utf-8")
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "mau.toml")
    told_out = run(tmp_path, "play", "--script", "hand.txt").stdout
    assert 'Anna forgot to say "Mau!" and draws 1 (R10.80).' in told_out
    state = json.loads(run(tmp_path, "state", "--json").stdout)
    assert state["counts"]["Anna"] == 2
