"""Settling disputes at the table (NOTATION.md queries, corrections, ``replay``;
RULES.md R0.2-R0.4): ``check CARD``, ``why``, ``rules`` at the prompt, the
``replay`` command, corrections (``fix draw|count|play``), undo/redo across
restarts and the wording of the refusals people argue about.

Everything goes through the command line in-process (click's CliRunner) with
``--save`` in a temporary folder and ``PESTEN_REF_SAVE`` unset.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from conftest import cli  # noqa: E402
from referee.interface.cli import main

REPO = Path(__file__).resolve().parent.parent


def answers(save, text: str, code: int = 0, keep_going: bool = False) -> list[dict]:
    """Feed ``text`` to ``play --json``; -> the JSON answers, one per non-blank line."""
    args = ["play", "--json"] + (["--keep-going"] if keep_going else [])
    result = cli(save, *args, input=text, code=code)
    return [json.loads(line) for line in result.stdout.split("\n") if line.strip()]


def ask(save, text: str) -> dict:
    """The answer to one line (a query or an entry that must be accepted)."""
    (answer,) = answers(save, text + "\n")
    return answer


def state(save) -> dict:
    return json.loads(cli(save, "state", "--json").stdout)


def replay(save, *extra: str) -> list[dict]:
    out = cli(save, "replay", "--json", *extra).stdout
    return [json.loads(line) for line in out.split("\n") if line.strip()]


@pytest.fixture
def save(tmp_path) -> Path:
    return tmp_path / "pesten.toml"


def new(save, rules: str = "standard", players: str = "Anna,Bram,Cees", dealer: str = "Cees"):
    cli(save, "new", "--players", players, "--dealer", dealer, "--rules", rules)


@pytest.fixture
def started(save) -> Path:
    """Standard rules, Anna, Bram, Cees; Cees dealt and turned 9h: Anna to play."""
    new(save)
    answers(save, "start 9h\n")
    return save


# ---------------------------------------------------------------------------
# check CARD
# ---------------------------------------------------------------------------

def test_check_under_a_named_suit_cites_r3_3_and_says_what_is_legal(started):
    save = started
    ask(save, "Jh s")                                   # Anna names spades; Bram to play
    before = state(save)
    no = ask(save, "check 5h")
    assert no["ok"] is True and no["legal"] is False and no["rule"] == "R3.3"
    assert "(R3.3)" in no["ruling"]
    assert "spades" in no["ruling"] and "Jack" in no["ruling"] and "Joker" in no["ruling"]
    yes = ask(save, "check 5s")
    assert yes["legal"] is True and yes["rule"] == "R3.3"
    assert ask(save, "check Jd")["legal"] is True          # another Jack (jack_on_jack)
    assert ask(save, "check joker")["legal"] is True       # a Joker on anything (R3.2)
    assert state(save) == before
    assert [row["input"] for row in replay(save)] == ["start 9h", "Jh s"]   # nothing logged


def test_check_facing_a_pending_penalty_cites_r5_7(started):
    save = started
    ask(save, "2h")                                     # Bram must draw 2 or play a Two
    yes = ask(save, "check 2s")
    assert yes["legal"] is True and yes["rule"] == "R5.7"
    for card in ("5h", "joker", "9d"):
        no = ask(save, f"check {card}")
        assert no["legal"] is False and no["rule"] == "R5.7", card
        assert "a Two" in no["ruling"]


def test_check_pending_penalty_under_cumulative_stacking(save):
    new(save, "cumulative")
    answers(save, "start 9h\n2h\n")
    assert ask(save, "check joker")["legal"] is True
    assert ask(save, "check 5h")["legal"] is False


def test_check_pending_penalty_under_family_rules_nothing_stacks(save):
    new(save, "family")
    answers(save, "start 9h\n2h\n")
    no = ask(save, "check 2s")
    assert no["legal"] is False and no["rule"] == "R5.7"


def test_check_finishing_on_an_action_card_cites_r6_2(started):
    save = started
    ask(save, "fix count Anna 1")
    no = ask(save, "check 8h")
    assert no["legal"] is False and no["rule"] == "R6.2"
    assert "Anna" in no["ruling"]
    yes = ask(save, "check 9c")
    assert yes["legal"] is True
    assert state(save)["counts"]["Anna"] == 1


def test_check_in_a_script_never_stops_it(started):
    save = started
    objects = answers(save, "check 4c\n9c\n")
    assert objects[0]["ok"] is True and objects[0]["legal"] is False
    assert objects[1]["ok"] is True and objects[1]["state"]["top"] == "9c"


def test_check_text_mode(started):
    out = cli(started, "play", input="check 4c\ncheck 9c\n").stdout
    assert "R3.1" in out


def test_check_for_a_named_player(started):
    no = ask(started, "Bram: check 9c")
    assert no["legal"] is False and no["rule"] == "R3.7"
    assert ask(started, "Anna: check 9c")["legal"] is True


def test_check_for_an_unknown_player_cites_r1_1(started):
    answer = ask(started, "Xavier: check 9c")
    assert answer["legal"] is False and answer["rule"] == "R1.1"


def test_check_for_a_player_who_left_cites_r1_5(started):
    ask(started, "leave Bram")
    answer = ask(started, "Bram: check 9c")
    assert answer["legal"] is False and answer["rule"] == "R1.5"


def test_check_in_fast_play_for_a_player_who_left_does_not_crash(save):
    new(save, "fast")
    answers(save, "start 9h\nleave Bram\n")
    runner = CliRunner(env={"PESTEN_REF_SAVE": None})
    result = runner.invoke(main, ["play", "--json", "--save", str(save)],
                           input="Bram: check 9c\nAnna: 9c\n")
    assert result.exit_code == 0, result.output
    first, second = [json.loads(line) for line in result.stdout.split("\n") if line.strip()]
    assert first["ok"] is True and first["legal"] is False and first["rule"] == "R1.5"
    assert second["ok"] is True


# ---------------------------------------------------------------------------
# why
# ---------------------------------------------------------------------------

def test_why_after_a_refusal_names_the_rule(started):
    save = started
    objects = answers(save, "Jh s\n5h\nwhy\n", code=1, keep_going=True)
    refused, why = objects[1], objects[2]
    assert refused["ok"] is False and refused["rule"] == "R3.3"
    assert why["ok"] is True and why["rule"] == "R3.3"
    assert why["ruling"].count("R3.3") == 1 and "spades" in why["ruling"]  # cited once
    assert why["state"] == refused["state"]


def test_why_names_the_house_rule_that_decided_a_refusal(save):
    new(save, "family")
    objects = answers(save, "start 9h\n2h\n2s\nwhy\n", code=1, keep_going=True)
    why = objects[3]
    assert objects[2]["ok"] is False and objects[2]["rule"] == "R5.7"
    assert "R5.7" in why["ruling"] and 'stacking = "none"' in why["ruling"]


@pytest.mark.parametrize("card, rule, house", [
    ("5h", "R5.10", 'five = "all_draw_one"'),
    ("4h", "R5.9", 'four = "skip_two"'),
    ("Kh", "R5.8", 'king = "reverse_skip"'),
])
def test_why_after_an_automatic_effect_names_rule_and_house_rule(save, card, rule, house):
    new(save, "hard")
    objects = answers(save, f"start 9h\n{card}\nwhy\n")
    assert objects[1]["rule"] == rule
    why = objects[2]
    assert why["ok"] is True and why["rule"] == rule
    assert rule in why["ruling"] and house in why["ruling"]


def test_why_under_standard_rules_names_no_house_rule(started):
    objects = answers(started, "9c\nwhy\n")
    assert "R3.1" in objects[1]["ruling"] and "house rule" not in objects[1]["ruling"]


def test_why_after_a_call_tells_each_effect_once_with_its_rule(save):
    new(save, dealer="Anna")
    hand = ("start 9h\n9c\nd\n10c\nJc h\n3h\n3d\n6d\n6s\n4s\n4h\nQh\nQs\n10s\n10d\n9d\n"
            "9s\n3s\ncall Bram\nwhy\n")
    objects = answers(save, hand)
    call, why = objects[-2], objects[-1]
    assert call["rule"] == "R4.3" and call["state"]["counts"]["Bram"] == 3
    # R4.3 (the call) and the draw it brings are one sentence: why tells it once.
    assert why["ruling"] == 'Bram forgot to say "Laatste kaart!" and draws 2 (R4.3).'


def test_why_with_no_ruling_yet_is_still_ok(started):
    answer = ask(started, "why")
    assert answer["ok"] is True and answer["ruling"]


# ---------------------------------------------------------------------------
# rules typed at the prompt
# ---------------------------------------------------------------------------

def test_rules_by_id_typed_at_the_prompt(started):
    before = state(started)
    answer = ask(started, "rules R4.2")
    assert answer["ok"] is True and answer["ruling"].startswith("R4.2")
    assert "R4.3" not in answer["ruling"]
    assert answer["state"] == before
    text = cli(started, "play", input="rules R4.2\n").stdout
    assert text.startswith("R4.2")


def test_rules_by_topic_typed_at_the_prompt(started):
    answer = ask(started, "rules laatste kaart")
    assert answer["ok"] is True
    for rid in ("R4.1", "R4.2", "R4.3"):
        assert rid in answer["ruling"]


def test_rules_at_the_prompt_follow_the_rules_in_force(save):
    new(save, "family")
    answers(save, "start 9h\n")
    assert '"none"' in ask(save, "rules R5.7")["ruling"]


# ---------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------

SESSION = "start 9h\n9c\nfix draw Anna 2\n3c\nCees: 3d\n"


def test_replay_json_numbers_entries_with_actor_ruling_and_state_after(started):
    save = started
    played = answers(save, SESSION.split("\n", 1)[1])
    rows = replay(save)
    assert [r["n"] for r in rows] == [1, 2, 3, 4, 5]
    assert [r["input"] for r in rows] == SESSION.strip().split("\n")
    assert [r["by"] for r in rows[:2]] == ["Cees", "Anna"]
    assert rows[3]["by"] == "Bram" and rows[4]["by"] == "Cees"
    assert all(r["ok"] for r in rows)
    assert [r["rule"] for r in rows[1:]] == [p["rule"] for p in played]
    assert [r["state"] for r in rows[1:]] == [p["state"] for p in played]
    assert [r["ruling"] for r in rows[1:]] == [p["ruling"] for p in played]
    assert [r["correction"] for r in rows] == [False, False, True, False, False]
    assert rows[-1]["state"] == state(save)


def test_replay_text_shows_numbers_actors_and_the_correction(started):
    save = started
    answers(save, SESSION.split("\n", 1)[1])
    out = cli(save, "replay").stdout
    lines = out.splitlines()
    numbered = [line for line in lines if re.match(r"\s*\d+\.", line)]
    assert len(numbered) == 5
    assert numbered[1].split(".", 1)[1].strip().startswith("Anna")
    assert "correction" in numbered[2].lower() and "fix draw Anna 2" in numbered[2]
    assert all("correction" not in line.lower() for i, line in enumerate(numbered) if i != 2)
    assert "9♣" in out or "9c" in out


def test_replay_records_the_time_of_each_entry(save):
    with freeze_time("2024-05-01 20:13:05"):
        new(save)
        answers(save, "start 9h\n")
    with freeze_time("2024-05-01 20:14:30"):
        answers(save, "9c\n")
    rows = replay(save)
    assert [r["at"] for r in rows] == ["2024-05-01T20:13:05+00:00", "2024-05-01T20:14:30+00:00"]


def test_replay_shows_a_refusal_that_took_effect(started):
    save = started
    ask(save, "fix count Anna 1")
    objects = answers(save, "8h\n", code=1)
    assert objects[0]["ok"] is False and objects[0]["rule"] == "R6.2"
    rows = replay(save)
    assert rows[-1]["input"] == "8h" and rows[-1]["ok"] is False and rows[-1]["rule"] == "R6.2"
    assert "[refused]" in cli(save, "replay").stdout or "refused" in cli(save, "replay").stdout


def test_replay_of_an_earlier_hand_and_at_the_prompt(started):
    save = started
    answers(save, "fix count Anna 0\n")
    cli(save, "score", "Bram=30", "Cees=30")
    answers(save, "start 5c\n")                      # hand 2
    assert [r["input"] for r in replay(save, "--hand", "1")] == ["start 9h", "fix count Anna 0"]
    assert [r["input"] for r in replay(save)] == ["start 5c"]
    at_prompt = ask(save, "replay")
    assert at_prompt["ok"] is True and "start 5c" in at_prompt["ruling"]


# ---------------------------------------------------------------------------
# corrections (R0.2)
# ---------------------------------------------------------------------------

def test_corrections_change_the_state_as_stated(started):
    save = started
    before = state(save)
    draw = ask(save, "fix draw Anna 2")
    assert draw["ok"] is True and draw["rule"] == "R0.2"
    st = draw["state"]
    assert st["counts"] == {"Anna": 9, "Bram": 7, "Cees": 7}
    assert st["draw_pile"] == before["draw_pile"] - 2 and st["turn"] == "Anna"
    count = ask(save, "fix count Bram 5")
    st = count["state"]
    assert st["counts"] == {"Anna": 9, "Bram": 5, "Cees": 7}
    assert st["draw_pile"] == before["draw_pile"]          # Bram's 2 cards were never drawn
    play = ask(save, "fix play Cees 7h")
    st = play["state"]
    assert st["counts"] == {"Anna": 9, "Bram": 5, "Cees": 6}
    assert st["top"] == "7h" and st["discard_pile"] == 2
    assert st["turn"] == "Anna"                             # a correction plays no turn
    assert all("R0.2" in a["ruling"] for a in (draw, count, play))
    assert state(save) == st


def test_corrections_are_logged_undone_and_redone(started):
    save = started
    answers(save, "fix draw Anna 2\nfix count Bram 5\nfix play Cees 7h\n")
    after = state(save)
    rows = replay(save)
    assert [r["input"] for r in rows] == ["start 9h", "fix draw Anna 2", "fix count Bram 5",
                                          "fix play Cees 7h"]
    assert [r["correction"] for r in rows] == [False, True, True, True]
    undone = answers(save, "undo\nundo\nundo\n")
    assert [u["rule"] for u in undone] == ["R0.2"] * 3
    assert undone[-1]["state"]["counts"] == {"Anna": 7, "Bram": 7, "Cees": 7}
    assert undone[-1]["state"]["top"] == "9h" and undone[-1]["state"]["draw_pile"] == 32
    assert [r["input"] for r in replay(save)] == ["start 9h"]
    answers(save, "redo\nredo\nredo\n")
    assert state(save) == after
    assert [r["correction"] for r in replay(save)] == [False, True, True, True]


@pytest.mark.parametrize("line, rule", [
    ("fix draw Xavier 2", "R1.1"),
    ("fix count Anna 99", "R0.2"),         # more than the draw pile holds
    ("fix play Anna 9h", "R1.4"),          # the starter is the only 9h
])
def test_corrections_that_cannot_be_true_are_refused(started, line, rule):
    before = state(started)
    (answer,) = answers(started, line + "\n", code=1)
    assert answer["ok"] is False and answer["rule"] == rule
    assert state(started) == before


def test_a_correction_with_bad_notation_is_refused(started):
    (answer,) = answers(started, "fix draw Anna\n", code=1)
    assert answer["ok"] is False and "fix draw" in answer["ruling"]


# ---------------------------------------------------------------------------
# undo / redo across restarts, reshuffle
# ---------------------------------------------------------------------------

def test_undo_in_one_play_and_redo_in_the_next(started):
    save = started
    answers(save, "9c\n3c\n")
    after = state(save)
    undone = answers(save, "undo\nundo\n")
    assert undone[-1]["state"]["top"] == "9h" and undone[-1]["state"]["turn"] == "Anna"
    assert state(save) == undone[-1]["state"]
    first = ask(save, "redo")                  # a new `play`: the redo stack was saved
    assert first["ok"] is True and first["rule"] == "R0.2" and first["state"]["top"] == "9c"
    second = ask(save, "redo")                 # and once more, in yet another run
    assert second["state"] == after
    (nothing,) = answers(save, "redo\n", code=1)
    assert nothing["ok"] is False and nothing["rule"] == "R0.2"


def test_a_new_entry_clears_what_redo_could_put_back(started):
    save = started
    answers(save, "9c\nundo\n")
    answers(save, "9d\n")
    (answer,) = answers(save, "redo\n", code=1)
    assert answer["ok"] is False and answer["rule"] == "R0.2"
    assert state(save)["top"] == "9d"


def test_undo_with_nothing_to_undo_cites_r0_2(save):
    new(save)
    (answer,) = answers(save, "undo\n", code=1)
    assert answer["ok"] is False and answer["rule"] == "R0.2"


def test_undo_after_a_reshuffle_restores_the_piles(started):
    save = started
    answers(save, "9c\n3c\nfix draw Cees 30\nd\nd\n")
    before = state(save)
    assert before["draw_pile"] == 0 and before["discard_pile"] == 3 and before["turn"] == "Bram"
    reshuffled = ask(save, "d")
    assert "R3.5" in reshuffled["ruling"]
    st = reshuffled["state"]
    assert st["discard_pile"] == 1 and st["top"] == "3c" and st["draw_pile"] == 1
    # 9♣ went back into the draw pile, so it may be played again.
    assert ask(save, "check 9c")["legal"] is True
    undone = ask(save, "undo")
    assert undone["state"] == before
    assert state(save) == before
    # ... and after the undo 9♣ lies on the discard pile again.
    again = ask(save, "check 9c")
    assert again["legal"] is False and again["rule"] == "R1.4"


# ---------------------------------------------------------------------------
# the wording of refusals people argue about
# ---------------------------------------------------------------------------

def test_out_of_turn_names_both_players(started):
    save = started
    ask(save, "9c")                                         # Bram to play
    (answer,) = answers(save, "Cees: 3c\n", code=1)
    assert answer["ok"] is False and answer["rule"] == "R3.7"
    assert "It is Bram's turn, not Cees's" in answer["ruling"]


def test_a_card_already_on_the_discard_pile_suggests_the_other_suit(started):
    save = started
    ask(save, "7h")                                         # Anna plays again (R5.2)
    (answer,) = answers(save, "7h\n", code=1)
    assert answer["ok"] is False and answer["rule"] == "R1.4"
    assert "7♥ is already on the discard pile — was it 7♦?" in answer["ruling"]


def test_every_engine_refusal_names_a_rule_id():
    from referee.messages.en_engine import MESSAGES
    refusals = {k: v for k, v in MESSAGES.items() if k.startswith("engine.refuse.")}
    assert len(refusals) >= 20
    forms = [(k, f) for k, v in refusals.items()
             for f in (v.values() if isinstance(v, dict) else [v])]
    missing = [k for k, f in forms if not re.search(r"\(R\d+(\.\d+)?[,)]", f)]
    assert missing == []


def test_fast_play_starter_ruling_names_no_placeholder_player(save):
    """Nobody plays first in snel pesten (R8.4): no '-' where a name would be."""
    new(save, "fast")
    answer = ask(save, "start 9h")
    assert answer["ok"] is True and "R8.4" in answer["ruling"]
    assert "plays first" not in answer["ruling"] and " - " not in answer["ruling"]
