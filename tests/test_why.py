"""``why`` settles the argument (issue 33): the cards behind a ruling and who played
them, what was allowed instead of a refused card, the last entry of the log after
the series is opened again, and the house rule that decided with its file and line.

Asked as the user asks: ``pesten-ref play`` with the lines on its standard input
(through a pipe), in a subprocess, under standard, cumulative and a family file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

FAMILY = """\
# Our family's rules
extends = "standard"

stacking = "none"
[actions]
K = "again"
"""


def run(tmp_path: Path, *args: str, input: str = "", code: int | None = 0) -> str:
    """``pesten-ref ARGS --save tmp_path/s.toml`` as a subprocess, ``input`` piped in;
    -> its standard output (the exit status checked when ``code`` is not None)."""
    env = {**os.environ, "PESTEN_REF_SAVE": "", "PESTEN_REF_LANG": "en",
           "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(REPO)}
    env.pop("LANG", None)
    proc = subprocess.run([sys.executable, "-m", "referee", *args, "--save",
                           str(tmp_path / "s.toml")], input=input, capture_output=True,
                          text=True, cwd=tmp_path, env=env)
    assert "Traceback" not in proc.stderr, proc.stderr
    if code is not None:
        assert proc.returncode == code, proc.stdout + proc.stderr
    return proc.stdout


def new(tmp_path: Path, rules: str) -> None:
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", rules)


def play(tmp_path: Path, lines: str) -> list[dict]:
    """Feed ``lines`` to ``play --json --keep-going``; -> one answer per line."""
    out = run(tmp_path, "play", "--json", "--keep-going", input=lines, code=None)
    return [json.loads(line) for line in out.splitlines() if line.strip()]


@pytest.fixture
def family(tmp_path: Path) -> Path:
    (tmp_path / "familie.toml").write_text(FAMILY, encoding="utf-8")
    new(tmp_path, "familie.toml")
    return tmp_path


def test_R5_7_why_after_a_stacked_joker_names_each_card_and_who_played_it(tmp_path):
    new(tmp_path, "cumulative")
    *_, why = play(tmp_path, "start 5h\n2h\nJoker\nwhy\n")
    assert "Bram's Joker on Anna's Two: 2 + 5 = 7 pending (R5.1, R5.6, R5.7)" in why["ruling"]
    assert 'House rule `stacking = "cumulative"` (R5.7). Set by the preset cumulative.' \
        in why["ruling"]


@pytest.mark.parametrize("rules, n, chain", [
    ("standard", "2", "Anna's Two (R5.1, R5.7)"),
    ("cumulative", "2 + 5 = 7", "Bram's Joker on Anna's Two (R5.1, R5.6, R5.7)"),
])
def test_R5_7_why_did_i_have_to_draw(tmp_path, rules, n, chain):
    new(tmp_path, rules)
    lines = "start 5h\n2h\nJoker\nd\nwhy\n" if rules == "cumulative" else "start 5h\n2h\nd\nwhy\n"
    *_, why = play(tmp_path, lines)
    name = "Cees" if rules == "cumulative" else "Bram"
    assert f"Cause: {name} had to draw {n}: {chain}." in why["ruling"]


def test_R5_7_why_did_i_have_to_draw_under_a_family_file(family):
    *_, refused, why, d, why2 = play(family, "start 5h\n2h\n2c\nwhy\nd\nwhy\n")
    assert refused["ok"] is False and refused["rule"] == "R5.7"
    # The refusal: the house rule with its file and line, the cause, what was allowed.
    assert 'House rule `stacking = "none"` (R5.7). Set in familie.toml, line 4.' in why["ruling"]
    assert "Cause: Anna's Two: 2 pending (R5.1)." in why["ruling"]
    assert "Allowed instead: only `d`, to take the 2 pending cards." in why["ruling"]
    assert "Cause: Bram had to draw 2: Anna's Two (R5.1, R5.7)." in why2["ruling"]


def test_R5_7_can_i_put_a_two_on_a_joker(tmp_path):
    new(tmp_path, "standard")
    *_, check = play(tmp_path, "start 5h\nJoker\ncheck 2c\n")
    assert check["legal"] is False and check["rule"] == "R5.7"
    other = tmp_path / "other"
    other.mkdir()
    new(other, "cumulative")
    *_, check = play(other, "start 5h\nJoker\ncheck 2c\n")
    assert check["legal"] is True and check["rule"] == "R5.7"


def test_R9_6_why_after_a_house_rule_king_names_file_and_line(family):
    *_, why = play(family, "start 5h\nKh\nwhy\n")
    assert "Anna plays K♥ and plays again (R9.6)." in why["ruling"]
    assert 'House rule `[actions] K = "again"` (R9.6). Set in familie.toml, line 6.' \
        in why["ruling"]


def test_R9_6_why_says_the_rule_without_its_line_once_the_file_is_gone(family):
    (family / "familie.toml").unlink()
    *_, why = play(family, "start 5h\nKh\nwhy\n")
    assert 'House rule `[actions] K = "again"` (R9.6). Set in familie.toml.' in why["ruling"]
    assert "line" not in why["ruling"]


def test_R0_2_why_after_reopening_explains_the_last_entry_of_the_log(tmp_path):
    new(tmp_path, "cumulative")
    play(tmp_path, "start 5h\n2h\nJoker\n")
    text = run(tmp_path, "play", input="why\n")  # the prompt left and opened again
    assert "No ruling yet" not in text
    assert "Bram plays Joker" in text
    assert "Bram's Joker on Anna's Two: 2 + 5 = 7 pending" in text


def test_R3_10_why_after_a_double_cites_multi_play_and_tells_each_card_once(tmp_path):
    (tmp_path / "dubbel.toml").write_text('extends = "standard"\nmulti_play = "same_rank"\n',
                                          encoding="utf-8")
    new(tmp_path, "dubbel.toml")
    *_, why = play(tmp_path, "start 5h\n2h+2d\nwhy\n")
    ruling = why["ruling"]
    assert ruling.count("Anna plays 2♥") == 1 and ruling.count("Anna plays 2♦") == 1
    assert "(R3.10)" in ruling
    assert 'House rule `multi_play = "same_rank"` (R3.10). Set in dubbel.toml, line 2.' in ruling
    # stacking keeps its standard value: said as ever, with no file to point at.
    assert 'House rule `stacking = "same"` (R5.7).' in ruling and "preset" not in ruling


def test_R3_3_why_after_a_refusal_names_who_named_the_suit_and_what_was_allowed(tmp_path):
    new(tmp_path, "standard")
    *_, why = play(tmp_path, "start 5h\nJh s\n6h\nwhy\n")
    assert "Cause: Anna named spades with J♥ (R5.4)." in why["ruling"]
    assert "Allowed instead:" in why["ruling"]


def test_R5_11_why_of_a_passed_skip_names_the_cards(tmp_path):
    (tmp_path / "skip.toml").write_text('extends = "standard"\n[actions]\n8 = { skip = 1, '
                                        'pass_on = true }\n', encoding="utf-8")
    new(tmp_path, "skip.toml")
    answers = play(tmp_path, "start 5h\n8h\n5c\nwhy\n8c\nwhy\npass\nwhy\n")
    refused, eight, passed = answers[3], answers[5], answers[7]
    assert "Cause: Anna's Eight: 1 turn to miss, unless an Eight passes it on (R5.11)." \
        in refused["ruling"] and "Allowed instead: an Eight, or `pass`." in refused["ruling"]
    assert 'House rule `[actions] 8 = { skip = 1, pass_on = true }` (R5.11). Set in ' \
        'skip.toml, line 3.' in eight["ruling"]
    assert "Cause: Bram's Eight on Anna's Eight: 1 turn to miss" in passed["ruling"]


def test_R5_7_why_at_the_prompt_in_text_and_in_dutch(tmp_path):
    new(tmp_path, "cumulative")
    text = run(tmp_path, "play", "--keep-going", input="start 5h\n2h\nJoker\nwhy\n")
    assert "Cause: Bram's Joker on Anna's Two: 2 + 5 = 7 pending" in text
    env_nl = run(tmp_path, "play", "--lang", "nl", input="waarom\n", code=None)
    assert "Oorzaak:" in env_nl and "Bram" in env_nl


def test_R5_7_check_gives_the_reasons_why_gives_for_its_no(tmp_path):
    (tmp_path / "familie.toml").write_text('extends = "standard"\n\nstacking = "none"\n',
                                           encoding="utf-8")
    new(tmp_path, "familie.toml")
    *_, check = play(tmp_path, "start 5h\nJoker\ncheck 2c\n")
    assert check["legal"] is False and check["rule"] == "R5.7"
    assert 'House rule `stacking = "none"` (R5.7). Set in familie.toml, line 3.' \
        in check["ruling"]
    assert "Cause: Anna's Joker: 5 pending (R5.6)." in check["ruling"]


@pytest.mark.parametrize("args", [("R5.7", "familie.toml"), ("familie.toml", "R5.7")])
def test_R5_7_rules_one_rule_under_a_family_file_with_the_line_that_changes_it(family, args):
    text = run(family, "rules", *args)
    assert text.startswith("R5.7 ") and "Nothing stacks" in text
    assert 'familie.toml, line 4: stacking = "none"' in text
    assert "R5.8" not in text


def test_R9_6_rules_under_a_family_file_names_the_actions_line(family):
    text = run(family, "rules", "R9.6", "familie.toml")
    assert 'familie.toml, line 6: [actions] K = "again"' in text


def test_R8_5_rules_one_rule_under_a_preset_at_the_prompt(family):
    text = run(family, "play", input="rules cumulative R5.7\n")
    assert text.startswith("R5.7 ") and "add up" in text and "line" not in text


def test_R5_7_rules_under_a_missing_file_is_refused_without_a_traceback(family):
    text = run(family, "rules", "R5.7", "nope.toml", code=2)
    assert "R5.7" not in text


def test_R9_9_why_of_a_refused_card_names_who_set_the_limit_and_its_house_rule(tmp_path):
    (tmp_path / "lim.toml").write_text('extends = "standard"\n[actions]\n'
                                       'Q = { next_at_most = 5 }\n', encoding="utf-8")
    new(tmp_path, "lim.toml")
    *_, refused, why, check = play(tmp_path, "start 5h\nQh\n9h\nwhy\ncheck 9h\n")
    assert refused["ok"] is False and refused["rule"] == "R9.9"
    for answer in (why, check):
        assert "Cause: Anna played Q♥: the next card must be a card of at most 5" \
            in answer["ruling"]
        assert 'House rule `[actions] Q = { next_at_most = 5 }` (R9.9). Set in lim.toml, ' \
            'line 3.' in answer["ruling"]
    assert "Allowed instead: a card of at most 5" in why["ruling"]
