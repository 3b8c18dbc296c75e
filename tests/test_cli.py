"""The ``pesten-ref`` command line (NOTATION.md "Commands", "Between hands and
scoring", "JSON"): ``new``, ``play``, ``state``, ``score``, ``standings``,
``rules``, exit statuses 0/1/2/3 and the save-file lock.

Most tests drive ``referee.interface.cli.main`` in-process through click's CliRunner,
always with ``--save`` in a temporary folder and ``PESTEN_REF_SAVE`` unset; a
few run the real console script in a subprocess.  Every invocation is checked
for its exit status and for the absence of a traceback (``cli`` below).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import cli  # noqa: E402
from referee.interface.cli import main
from referee.messages import t

REPO = Path(__file__).resolve().parent.parent

# A hand that Anna wins (players Anna, Bram, Cees; dealer Cees, so Anna plays
# first).  Afterwards Bram and Cees hold 5 cards each; the discard pile holds
# 9h 7h 7s 7c 7d 3d 3s 3c 3h 4h 4c 4s.
ANNA_WINS = """\
start 9h
7h 7s 7c 7d 3d
3s
3c
3h lk
4h
4c
4s
"""

STATE_FIELDS = ("hand", "status", "dealer", "turn", "direction", "top", "named_suit",
                "pending_draw", "skips", "counts", "draw_pile", "discard_pile",
                "announce_due", "callable", "winner")

RULE_IDS = (
    "R0.1 R0.2 R0.3 R0.4 R1.1 R1.2 R1.3 R1.4 R1.5 R2.1 R2.2 R2.3 R2.4 R2.5 "
    "R3.1 R3.2 R3.3 R3.4 R3.5 R3.6 R3.7 R3.8 R3.9 R4.1 R4.2 R4.3 R4.4 R4.5 "
    "R5.1 R5.2 R5.3 R5.4 R5.5 R5.6 R5.7 R5.8 R5.9 R5.10 R6.1 R6.2 "
    "R7.1 R7.2 R7.3 R7.4 R7.5 R7.6 R8.1 R8.2 R8.3 R8.4 R8.5 R8.6").split()


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def jlines(result) -> list[dict]:
    """The JSON objects of ``play --json`` (one per output line)."""
    return [json.loads(line) for line in result.stdout.split("\n") if line.strip()]


def state(save) -> dict:
    """``state --json`` of the series at ``save``."""
    return json.loads(cli(save, "state", "--json").stdout)


def standings(save) -> dict:
    """``standings --json`` of the series at ``save``."""
    return json.loads(cli(save, "standings", "--json").stdout)


def new3(save, *extra: str) -> None:
    """A series for Anna, Bram, Cees (seated in that order), Cees dealing."""
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", *extra)


def totals(save) -> dict:
    return {p["name"]: p["total"] for p in standings(save)["players"]}


@pytest.fixture
def save(tmp_path) -> Path:
    return tmp_path / "pesten.toml"


@pytest.fixture
def won(save) -> Path:
    """Hand 1 refereed and won by Anna; Bram and Cees hold 5 cards each."""
    new3(save)
    cli(save, "play", input=ANNA_WINS)
    assert state(save)["status"] == "over"
    return save


# ---------------------------------------------------------------------------
# new
# ---------------------------------------------------------------------------

def test_new_with_a_dealer_deals_hand_one_waiting(save):
    out = cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "cees").stdout
    assert "Cees" in out and "Anna" in out          # dealer and first player are told
    st = state(save)
    assert st["hand"] == 1 and st["status"] == "waiting" and st["dealer"] == "Cees"
    assert st["counts"] == {"Anna": 7, "Bram": 7, "Cees": 7}
    assert st["draw_pile"] == 54 - 21 and st["discard_pile"] == 0
    assert st["top"] is None and st["turn"] is None and st["named_suit"] is None
    assert st["direction"] == "clockwise" and st["winner"] is None


def test_new_dealer_drawn_at_random_is_announced_and_repeatable_with_seed(tmp_path):
    dealers = []
    for seed in range(8):
        first = tmp_path / f"a{seed}.toml"
        second = tmp_path / f"b{seed}.toml"
        out1 = cli(first, "new", "--players", "Anna,Bram,Cees,Dirk", "--seed", str(seed)).stdout
        cli(second, "new", "--players", "Anna,Bram,Cees,Dirk", "--seed", str(seed))
        dealer = state(first)["dealer"]
        assert state(second)["dealer"] == dealer
        assert "random" in out1.lower() and dealer in out1
        dealers.append(dealer)
    assert len(set(dealers)) > 1      # the draw is not always the same seat


@pytest.mark.parametrize("spec, name", [
    ("standard", "standard"), ("family", "family"), ("hard", "hard"), ("fast", "fast"),
    ("cumulative", "cumulative"), ("tournament", "tournament"),
    ("gezinspesten", "family"), ("FAMILY", "family"), ("hard pesten", "hard"),
    ("snel", "fast"), ("toernooi", "tournament"), ("cumulatief", "cumulative"),
])
def test_new_rules_presets_and_aliases(save, spec, name):
    out = cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", spec).stdout
    assert name in out
    rules = tomllib.loads(save.read_text(encoding="utf-8"))["rules"]
    assert rules["name"] == name
    expected = {
        "family": {"jokers_per_deck": 0, "stacking": "none", "joker_penalty": 3},
        "hard": {"four": "skip_two", "five": "all_draw_one", "king": "reverse_skip"},
        "fast": {"turn_order": "free"},
        "cumulative": {"stacking": "cumulative"},
        "standard": {"jokers_per_deck": 2, "stacking": "same", "turn_order": "seated"},
    }.get(name, {})
    for key, value in expected.items():
        assert rules[key] == value, key


def test_new_rules_family_deals_from_a_deck_without_jokers(save):
    new3(save, "--rules", "family")
    assert state(save)["draw_pile"] == 52 - 21


def test_new_fast_rules_have_no_player_to_act(save):
    new3(save, "--rules", "fast")
    st = jlines(cli(save, "play", "--json", input="start 9h\n"))[0]["state"]
    assert st["status"] == "playing" and st["turn"] is None


def test_new_house_rule_file_extending_a_preset(save, tmp_path):
    house = tmp_path / "ours.toml"
    house.write_text('extends = "family"\ndeal_size = 5\n', encoding="utf-8")
    new3(save, "--rules", str(house))
    st = state(save)
    assert st["counts"] == {"Anna": 5, "Bram": 5, "Cees": 5}
    assert st["draw_pile"] == 52 - 15


@pytest.mark.parametrize("spec", ["bogus", "nothere.toml"])
def test_new_unknown_rule_set_is_bad_usage(save, spec):
    result = cli(save, "new", "--players", "Anna,Bram", "--rules", spec, code=2)
    assert spec in result.stderr
    assert not save.exists()


def test_new_invalid_house_rule_file_is_bad_usage(save, tmp_path):
    house = tmp_path / "bad.toml"
    house.write_text('deal_size = "seven"\n', encoding="utf-8")
    result = cli(save, "new", "--players", "Anna,Bram", "--rules", str(house), code=2)
    assert "deal_size" in result.stderr
    assert not save.exists()


@pytest.mark.parametrize("players", [
    "Anna",                     # one player
    "A1,B1,C1,D1,E1,F1,G1,H1,I1",  # nine players
    "Anna,anna",                # not unique, case-insensitive
    "Anna,Bram Cees",           # a space is not a name character
    "Anna,B!ram",
    "Anna,Bram:",
    "Anna,Jo",                  # reads as a Joker
    "Anna,joker",
    "Anna,7h",                  # reads as a card
    "Anna,10S",
    "Anna,spades",              # reads as a suit
    "Anna,d",                   # draw (and diamonds)
    "Anna,start", "Anna,undo", "Anna,lk", "Anna,call", "Anna,state",  # command words
])
def test_new_refuses_player_names_against_r1_1(save, players):
    result = cli(save, "new", "--players", players, code=2)
    assert "R1.1" in result.stderr
    assert not save.exists()


@pytest.mark.parametrize("players", [
    "Jo.,Joanne", "O'Neil,J.R.", "Zoë,Anne-Marie", "李雷,Ægir", "Bram_2,Cees.", "Anna,Bram,Cees,Dirk,Eva,Femke,Gijs,Hans",
])
def test_new_accepts_names_allowed_by_r1_1(save, players):
    cli(save, "new", "--players", players)
    assert list(state(save)["counts"]) == players.split(",")


def test_new_accepts_a_name_with_a_combining_accent(save):
    cli(save, "new", "--players", "Zoe\u0308,Bram")


def test_new_bad_dealer_is_bad_usage(save):
    result = cli(save, "new", "--players", "Anna,Bram", "--dealer", "Xavier", code=2)
    assert "Xavier" in result.stderr
    assert not save.exists()


def test_new_refuses_an_existing_series_without_force(save):
    new3(save)
    cli(save, "play", input="start 9h\n9c\n")
    before = save.read_bytes()
    hand_before = (save.parent / "pesten.hands" / "hand-00001.toml").read_bytes()
    result = cli(save, "new", "--players", "Dirk,Eva", code=2)
    assert str(save) in result.stderr and "--force" in result.stderr
    assert save.read_bytes() == before
    assert (save.parent / "pesten.hands" / "hand-00001.toml").read_bytes() == hand_before
    assert state(save)["top"] == "9c"


def test_new_force_replaces_the_series(won):
    save = won
    cli(save, "score", "Bram=30", "Cees=20")
    cli(save, "play", input="")                      # deals hand 2
    assert state(save)["hand"] == 2
    cli(save, "new", "--players", "Dirk,Eva", "--dealer", "Eva", "--force")
    st = state(save)
    assert st["hand"] == 1 and st["status"] == "waiting" and st["dealer"] == "Eva"
    assert st["counts"] == {"Dirk": 7, "Eva": 7}
    table = standings(save)
    assert [p["name"] for p in table["players"]] == ["Dirk", "Eva"]
    assert all(p["total"] == 0 and p["wins"] == 0 for p in table["players"])
    replay = jlines(cli(save, "replay", "--json"))
    assert replay == []
    assert not (save.parent / "pesten.hands" / "hand-00002.toml").exists()


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------

def test_play_json_one_compact_object_per_non_blank_line(save):
    new3(save)
    text = "start 9h\n\n   \n# a comment\n9c   # Anna, with a comment\n  # indented comment\nstate\n3c\n"
    result = cli(save, "play", "--json", input=text)
    lines = [line for line in result.stdout.split("\n") if line]
    assert len(lines) == 4
    objects = [json.loads(line) for line in lines]
    for line, obj in zip(lines, objects):
        assert line == json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
        assert {"input", "ok", "ruling", "rule", "state"} <= set(obj)
        assert obj["ok"] is True and isinstance(obj["ruling"], str) and obj["ruling"]
    assert [o["input"] for o in objects] == ["start 9h", "9c   # Anna, with a comment", "state", "3c"]
    assert objects[1]["rule"] == "R3.1" and objects[1]["state"]["turn"] == "Bram"
    assert objects[3]["state"]["top"] == "3c"
    assert result.stderr == ""


def test_play_stops_at_the_first_refused_entry_and_keeps_what_came_before(save):
    new3(save)
    result = cli(save, "play", "--json", input="start 9h\n9c\n4h\n3c\n", code=1)
    objects = jlines(result)
    assert [o["input"] for o in objects] == ["start 9h", "9c", "4h"]
    assert objects[2]["ok"] is False and objects[2]["rule"] == "R3.1"
    assert "4♥" in objects[2]["ruling"] or "4h" in objects[2]["ruling"]
    # 3c was not applied; everything before the refusal is saved.
    st = state(save)
    assert st == objects[1]["state"] == objects[2]["state"]
    assert st["top"] == "9c" and st["turn"] == "Bram"


def test_play_text_mode_tells_rulings_on_stdout_and_refusals_on_stderr(save):
    new3(save)
    result = cli(save, "play", input="start 9h\n9c\n4h\n", code=1)
    assert "9♣" in result.stdout
    assert "R3.1" in result.stderr and "4h" in result.stderr
    assert "R3.1" not in result.stdout


def test_play_queries_answer_ok_and_change_nothing(save):
    new3(save)
    cli(save, "play", input="start 9h\n")
    before = state(save)
    result = cli(save, "play", "--json", input="state\ncheck 4h\nwhy\nrules R5.1\nhelp\nreplay\n")
    objects = jlines(result)
    assert len(objects) == 6 and all(o["ok"] is True for o in objects)
    assert all(o["state"] == before for o in objects)
    assert state(save) == before


def test_play_json_state_is_the_saved_state(save):
    new3(save)
    objects = jlines(cli(save, "play", "--json", input="start 9h\n9c\nJc h\n"))
    assert state(save) == objects[-1]["state"]


# ---------------------------------------------------------------------------
# state
# ---------------------------------------------------------------------------

def test_state_json_has_every_field_of_notation(save):
    new3(save)
    cli(save, "play", input="start 9h\n")
    st = state(save)
    assert set(STATE_FIELDS) <= set(st)
    assert isinstance(st["hand"], int) and st["status"] == "playing"
    assert st["dealer"] == "Cees" and st["turn"] == "Anna"
    assert st["direction"] == "clockwise" and st["top"] == "9h" and st["named_suit"] is None
    assert st["pending_draw"] == 0 and st["skips"] == {}
    assert st["counts"] == {"Anna": 7, "Bram": 7, "Cees": 7}
    assert st["draw_pile"] == 32 and st["discard_pile"] == 1
    assert st["announce_due"] is None and st["callable"] == [] and st["winner"] is None


def test_state_json_follows_named_suit_pending_draw_and_direction(save):
    new3(save)
    objects = jlines(cli(save, "play", "--json", input="start 9h\nJh s\n2s\n"))
    assert objects[1]["state"]["named_suit"] == "s"
    assert objects[2]["state"]["named_suit"] is None
    assert objects[2]["state"]["pending_draw"] == 2 and objects[2]["state"]["turn"] == "Cees"
    objects = jlines(cli(save, "play", "--json", input="d\nAs\n"))
    assert objects[0]["state"]["counts"]["Cees"] == 9 and objects[0]["state"]["pending_draw"] == 0
    assert objects[1]["state"]["direction"] == "counterclockwise"
    assert objects[1]["state"]["turn"] == "Cees"      # Ace by Anna: back to Cees


def test_state_json_announce_due_and_callable(save):
    new3(save)
    objects = jlines(cli(save, "play", "--json",
                         input="start 9h\nfix count Anna 2\n9c\n3c\ncall Anna\n"))
    assert objects[2]["state"]["announce_due"] == "Anna" and objects[2]["state"]["callable"] == []
    assert objects[3]["state"]["announce_due"] is None and objects[3]["state"]["callable"] == ["Anna"]
    assert objects[4]["rule"] == "R4.3"
    assert objects[4]["state"]["counts"]["Anna"] == 3 and objects[4]["state"]["callable"] == []


def test_state_json_skips_under_hard_rules(save):
    new3(save, "--rules", "hard")
    st = jlines(cli(save, "play", "--json", input="start 9h\n4h\n"))[-1]["state"]
    assert st["skips"] == {"Bram": 1} and st["turn"] == "Cees"


def test_state_text_mode(won):
    out = cli(won, "state").stdout
    assert "Anna" in out


# ---------------------------------------------------------------------------
# score
# ---------------------------------------------------------------------------

def test_score_a_refereed_hand_with_cards_and_totals(won):
    result = cli(won, "score", 'Bram=Kh Qh Jh 2c 5c', "Cees=23", "--json")
    out = json.loads(result.stdout)
    assert out["result"]["points"] == {"Anna": 0, "Bram": 37, "Cees": 23}
    assert totals(won) == {"Anna": 0, "Bram": 37, "Cees": 23}
    wins = {p["name"]: p["wins"] for p in standings(won)["players"]}
    assert wins == {"Anna": 1, "Bram": 0, "Cees": 0}
    assert state(won)["status"] == "waiting" and state(won)["hand"] == 2   # dealt at once
    assert out["dealt"] == {"hand": 2, "dealer": "Anna", "decks": 1}


def test_score_text_mode_prints_the_standings(won):
    out = cli(won, "score", "--winner", "anna", "Bram=37", "Cees=Ks Qs Js 2s 5s").stdout
    assert "37" in out and "Anna" in out


@pytest.mark.parametrize("args, words", [
    (["Bram=Kh Qh Jh 2c", "Cees=23"], ["Bram", "5 cards", "4"]),      # the referee's count
    (["Bram=Kh Qh Jh 2c 9h", "Cees=23"], ["9♥", "discard"]),          # card on the discard pile
    (["Bram=Kh Qh Jh 2c 5c", "Cees=Kh Qs Js 2s 5s"], ["K♥"]),         # one deck: one K♥
    (["Bram=5", "Cees=23"], ["Bram", "5"]),                            # 5 cards make at least 10
])
def test_score_refuses_cards_against_r7_2(won, args, words):
    result = cli(won, "score", *args, code=1)
    assert "R7.2" in result.stderr
    for word in words:
        assert word in result.stderr
    assert totals(won) == {"Anna": 0, "Bram": 0, "Cees": 0}
    assert state(won)["status"] == "over"


@pytest.mark.parametrize("args, rule", [
    (["--winner", "Bram", "Bram=0", "Cees=23"], "R6.1"),   # the referee has Anna
    (["Bram=23"], "R7.1"),                                  # Cees left out
    (["Bram=23", "Cees=23", "Xavier=4"], "R1.1"),           # no such player
    (["Bram=23", "Cees=23", "Anna=4"], "R7.1"),             # the winner scores 0
    (["Bram=-3", "Cees=23"], "R7.1"),
    (["Bram=Kh Qh Jh 2c Zz", "Cees=23"], "R7.1"),           # not a card
])
def test_score_refusals_cite_a_rule_and_change_nothing(won, args, rule):
    result = cli(won, "score", *args, code=1)
    assert f"({rule})" in result.stderr
    assert result.stdout == ""
    assert totals(won) == {"Anna": 0, "Bram": 0, "Cees": 0}


def test_score_twice_scores_the_next_hand_which_was_not_refereed(won):
    """Once a hand is scored the next one is dealt at once (NOTATION "Between
    hands and scoring"): the same arguments again are the next, unrefereed hand,
    which needs its winner named (R6.1) unless one player alone is not given (R7.1),
    and the output says which hand was scored and why that player won."""
    cli(won, "score", "Bram=30", "Cees=20")
    result = cli(won, "score", "Bram=30", code=1)
    assert "Hand 2 was not refereed" in result.stderr and "(R6.1)" in result.stderr
    assert totals(won) == {"Anna": 0, "Bram": 30, "Cees": 20}
    result = cli(won, "score", "Bram=30", "Cees=20")
    assert "Hand 2 scored" in result.output and "No score was given for Anna" in result.output
    assert totals(won) == {"Anna": 0, "Bram": 60, "Cees": 40}


def test_score_a_hand_still_being_played_is_refused(save):
    new3(save)
    cli(save, "play", input="start 9h\n9c\n")
    result = cli(save, "score", "--winner", "Anna", "Bram=30", "Cees=20", code=1)
    assert "still being played" in result.stderr and "R6.1" in result.stderr
    assert state(save)["status"] == "playing"
    assert standings(save)["hands_scored"] == 0


def test_score_a_hand_never_refereed_needs_the_winner(save):
    new3(save)
    result = cli(save, "score", "Cees=20", code=1)  # Anna and Bram not given: who won?
    assert "--winner" in result.stderr
    cli(save, "score", "--winner", "Bram", "Anna=12", "Cees=Ah Kd")
    assert totals(save) == {"Anna": 12, "Bram": 0, "Cees": 25}
    assert {p["name"]: p["wins"] for p in standings(save)["players"]}["Bram"] == 1


def test_a_player_named_like_an_option_can_be_scored(save):
    runner = CliRunner(env={"PESTEN_REF_SAVE": None})
    made = runner.invoke(main, ["new", "--players=-h,Bram", "--dealer", "Bram", "--save", str(save)])
    if made.exit_code == 2:                     # refused up front: as good a fix
        assert "R1.1" in made.stderr
        return
    assert made.exit_code == 0
    result = runner.invoke(main, ["score", "--winner", "Bram", "-h=30", "--save", str(save)])
    assert result.exit_code == 0
    assert totals(save) == {"-h": 30, "Bram": 0}


def test_score_malformed_argument_is_bad_usage(won):
    result = cli(won, "score", "Bram", code=2)
    assert "Bram" in result.stderr
    assert totals(won) == {"Anna": 0, "Bram": 0, "Cees": 0}


# ---------------------------------------------------------------------------
# standings, the next hand, elimination, the end of the series
# ---------------------------------------------------------------------------

def test_standings_json_shape(save):
    new3(save)
    table = standings(save)
    assert [p["name"] for p in table["players"]] == ["Anna", "Bram", "Cees"]
    for p in table["players"]:
        assert {"name", "total", "wins", "eliminated"} <= set(p)
        assert p["total"] == 0 and p["wins"] == 0 and p["eliminated"] is False
    assert table["next_dealer"] == "Cees"          # hand 1 not started: its dealer deals next
    assert table["series_winner"] is None
    cli(save, "play", input="start 9h\n")
    assert standings(save)["next_dealer"] == "Anna"  # hand 1 started: the next seat deals hand 2


def test_standings_text(won):
    cli(won, "score", "Bram=30", "Cees=20")
    out = cli(won, "standings").stdout
    assert "Anna" in out and "30" in out and "20" in out


def test_the_next_play_deals_the_next_hand_with_the_next_dealer(won):
    save = won
    cli(save, "score", "Bram=30", "Cees=20")
    assert standings(save)["next_dealer"] == "Anna"
    objects = jlines(cli(save, "play", "--json", input="state\nstart 9h\n"))
    st = objects[0]["state"]
    assert st["hand"] == 2 and st["status"] == "waiting" and st["dealer"] == "Anna"
    assert st["counts"] == {"Anna": 7, "Bram": 7, "Cees": 7} and st["top"] is None
    assert objects[1]["state"]["turn"] == "Bram"           # left of the dealer (R2.5)
    # hand 2 is not refereed further; its result is given
    cli(save, "score", "--winner", "Cees", "Anna=5", "Bram=5", code=1)   # still being played
    cli(save, "play", input="fix count Cees 0\n")
    cli(save, "score", "Anna=30", "Bram=30")
    cli(save, "play", input="")
    assert state(save)["hand"] == 3 and state(save)["dealer"] == "Bram"


def test_the_score_tells_the_table_about_the_new_deal(won):
    out = cli(won, "score", "Bram=30", "Cees=20").stdout
    assert "Hand 2: Anna deals; Bram plays first" in out
    assert state(won)["dealer"] == "Anna" and state(won)["status"] == "waiting"


def test_elimination_over_the_limit_across_hands(save):
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--limit", "50")
    cli(save, "score", "--winner", "Anna", "Bram=30", "Cees=45")
    cli(save, "play", input="")
    cli(save, "score", "--winner", "Bram", "Anna=10", "Cees=5")     # Cees 50: not over
    table = standings(save)
    assert [p["eliminated"] for p in table["players"]] == [False, False, False]
    cli(save, "play", input="")
    out = cli(save, "score", "--winner", "Bram", "Anna=10", "Cees=1").stdout   # Cees 51
    assert "Cees" in out
    table = standings(save)
    assert {p["name"]: p["eliminated"] for p in table["players"]} == {
        "Anna": False, "Bram": False, "Cees": True}
    assert table["series_winner"] is None
    # Hand 4 is dealt to the two left; Cees deals no more and is not in it.
    cli(save, "play", input="")
    st = state(save)
    assert st["hand"] == 4 and list(st["counts"]) == ["Anna", "Bram"]
    assert st["dealer"] == "Anna"          # after Cees dealt hand 3, skipping nobody
    result = cli(save, "score", "--winner", "Anna", "Bram=5", "Cees=5", code=1)
    assert "Cees" in result.stderr and "R7.4" in result.stderr
    cli(save, "score", "--winner", "Anna", "Bram=20")                 # Bram 50: not over
    table = standings(save)
    assert totals(save) == {"Anna": 20, "Bram": 50, "Cees": 51}
    assert table["series_winner"] is None
    cli(save, "play", input="")
    cli(save, "score", "--winner", "Anna", "Bram=1")                  # Bram 51
    table = standings(save)
    assert table["series_winner"] == ["Anna"]
    assert table["next_dealer"] is None
    assert [p["eliminated"] for p in table["players"]] == [False, True, True]


def test_a_series_that_is_over_refuses_play_and_score(save):
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Bram", "--limit", "10")
    cli(save, "score", "--winner", "Anna", "Bram=11")
    result = cli(save, "play", input="start 9h\n", code=1)
    assert t("cli.play.series_over", winners="Anna") in result.stderr
    result = cli(save, "score", "--winner", "Anna", "Bram=3", code=1)
    assert t("score.refuse.series_over", names="Anna") in result.stderr
    table = standings(save)
    assert table["series_winner"] == ["Anna"] and totals(save) == {"Anna": 0, "Bram": 11}
    assert "Anna" in cli(save, "standings").stdout


def test_fixed_hands_shared_win(save):
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--mode", "hands",
        "--hands", "2")
    cli(save, "score", "--winner", "Anna", "Bram=10", "Cees=20")
    assert standings(save)["series_winner"] is None
    cli(save, "play", input="")
    cli(save, "score", "--winner", "Bram", "Anna=10", "Cees=5")
    table = standings(save)
    assert sorted(table["series_winner"]) == ["Anna", "Bram"]
    cli(save, "play", input="", code=1)


def test_casual_mode_needs_only_the_winner(save):
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--mode", "casual")
    cli(save, "score", "--winner", "Bram")
    table = standings(save)
    assert [(p["total"], p["wins"]) for p in table["players"]] == [(0, 0), (0, 1), (0, 0)]


def test_a_player_who_left_is_out_after_the_hand_is_scored(save):
    new3(save)
    cli(save, "play", input="start 9h\nleave Bram\nfix count Anna 0\n")
    result = cli(save, "score", "Bram=5", "Cees=5", code=1)
    assert "R1.5" in result.stderr
    cli(save, "score", "Cees=30")
    table = standings(save)
    bram = table["players"][1]
    assert bram["name"] == "Bram" and bram["eliminated"] is True
    cli(save, "play", input="")
    assert list(state(save)["counts"]) == ["Anna", "Cees"]


def test_standings_during_a_hand_show_a_player_who_left_as_eliminated(save):
    new3(save)
    cli(save, "play", input="start 9h\nleave Anna\n")
    table = standings(save)
    anna = table["players"][0]
    assert anna["eliminated"] is True
    assert table["next_dealer"] == "Bram"


# ---------------------------------------------------------------------------
# rules
# ---------------------------------------------------------------------------

def test_rules_whole_book_names_every_rule_id(save):
    out = cli(save, "rules").stdout
    for rid in RULE_IDS:
        assert f"{rid} " in out, rid


def test_rules_one_rule_by_id(save):
    out = cli(save, "rules", "R4.2").stdout
    assert out.startswith("R4.2")
    assert "R4.3" not in out and "R4.1 " not in out
    assert cli(save, "rules", "r4.2").stdout == out


def test_rules_topic_words(save):
    out = cli(save, "rules", "laatste", "kaart").stdout
    for rid in ("R4.1", "R4.2", "R4.3"):
        assert rid in out
    assert "R5.1 " not in out


def test_rules_a_preset(save):
    out = cli(save, "rules", "family").stdout
    assert "R8.2" in out and "family" in out
    assert out != cli(save, "rules").stdout


def test_rules_follow_the_series_in_force(save):
    new3(save, "--rules", "family")
    assert "R8.2" in cli(save, "rules").stdout
    assert '"none"' in cli(save, "rules", "R5.7").stdout


def test_rules_diff_two_presets(save):
    out = cli(save, "rules", "--diff", "family", "hard").stdout
    lines = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.strip()}
    assert lines["stacking"][:2] == ['"none"', '"same"']
    assert lines["four"][:2] == ['"none"', '"skip_two"']
    assert lines["jokers_per_deck"][:2] == ["0", "2"]
    assert "deal_size" not in lines          # only what differs


def test_rules_diff_unknown_preset_is_bad_usage(save):
    result = cli(save, "rules", "--diff", "family", "bogus", code=2)
    assert "bogus" in result.stderr


# ---------------------------------------------------------------------------
# exit statuses and errors
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["state"], ["state", "--json"], ["standings"], ["play"], ["score", "--winner", "Anna"],
    ["replay"],
])
def test_no_series_is_exit_2_with_a_clear_sentence(save, args):
    result = cli(save, *args, input="", code=2)
    assert str(save) in result.stderr and "new" in result.stderr
    assert not save.exists()


@pytest.mark.parametrize("args", [
    ["new"],                                     # --players missing
    ["play", "--bogus"],
    ["state", "extra"],
    ["replay", "--hand", "0"],
    ["new", "--players", "Anna,Bram", "--mode", "sometimes"],
    ["nonsense"],
])
def test_bad_usage_is_exit_2(save, args):
    result = cli(save, *args, code=2)
    assert result.stderr


def test_replay_of_a_hand_not_yet_dealt_is_exit_2(save):
    new3(save)
    result = cli(save, "replay", "--hand", "4", code=2)
    assert "4" in result.stderr


HOLDER = textwrap.dedent("""\
    import sys
    from referee.series.store import SaveFile
    with SaveFile(sys.argv[1]).lock():
        print("locked", flush=True)
        sys.stdin.readline()
""")


@pytest.fixture
def locked(won):
    """The series of ``won``, its lock held by another process until the test ends."""
    env = {k: v for k, v in os.environ.items() if k != "PESTEN_REF_SAVE"}
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(won)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout.readline().strip() == "locked"
        yield won, proc.pid
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)


@pytest.mark.parametrize("args", [
    ["play"], ["score", "Bram=30", "Cees=20"], ["new", "--players", "Dirk,Eva", "--force"],
])
def test_a_busy_save_file_is_exit_3_naming_the_file(locked, args):
    save, pid = locked
    before = save.read_bytes()
    result = cli(save, *args, input="undo\n", code=3)
    assert str(save) in result.stderr and str(pid) in result.stderr
    assert save.read_bytes() == before
    assert state(save)["status"] == "over"


def test_reading_commands_work_while_the_save_file_is_busy(locked):
    save, _ = locked
    assert state(save)["winner"] == "Anna"
    assert standings(save)["players"][0]["name"] == "Anna"
    assert "R4.2" in cli(save, "rules", "R4.2").stdout
    assert len(jlines(cli(save, "replay", "--json"))) == 8
    cli(save, "state")
    cli(save, "replay")


def test_a_writer_after_the_holder_ended_goes_through(won):
    env = {k: v for k, v in os.environ.items() if k != "PESTEN_REF_SAVE"}
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(won)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout.readline().strip() == "locked"
    cli(won, "score", "Bram=30", "Cees=20", code=3)
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    cli(won, "score", "Bram=30", "Cees=20")
    assert totals(won)["Bram"] == 30


# ---------------------------------------------------------------------------
# the real console script, end to end
# ---------------------------------------------------------------------------

def _command() -> list[str]:
    found = shutil.which("pesten-ref")
    return [found] if found else [sys.executable, "-c", "from referee.interface.cli import main; main()"]


def run(tmp_path, *args: str, input: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PESTEN_REF_SAVE"}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")   # each test its own user's series
    return subprocess.run([*_command(), *args], input=input.encode("utf-8"), cwd=tmp_path,
                          env=env, capture_output=True, timeout=120)


def test_end_to_end_a_hand_through_the_console_script(tmp_path):
    proc = run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    assert proc.returncode == 0, proc.stderr
    # Without --save and no pesten.toml here, the series is the user's own, in the
    # data directory (NOTATION "Commands"), found from any folder.
    assert not (tmp_path / "pesten.toml").exists()
    assert os.path.join("pesten-ref", "series.toml") in proc.stdout.decode("utf-8")
    proc = run(tmp_path, "play", "--json", input=ANNA_WINS)
    assert proc.returncode == 0, proc.stderr
    objects = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert len(objects) == 8 and objects[-1]["state"]["winner"] == "Anna"
    proc = run(tmp_path, "score", "Bram=Kh Qh Jh 2c 5c", "Cees=23")
    assert proc.returncode == 0, proc.stderr
    proc = run(tmp_path, "standings", "--json")
    table = json.loads(proc.stdout)
    assert [p["total"] for p in table["players"]] == [0, 37, 23]


def test_end_to_end_exit_statuses_and_no_traceback(tmp_path):
    assert run(tmp_path, "state").returncode == 2
    run(tmp_path, "new", "--players", "Anna,Bram", "--dealer", "Bram")
    refused = run(tmp_path, "play", input="start 9h\n4c\n")
    assert refused.returncode == 1
    existing = run(tmp_path, "new", "--players", "Anna,Bram")
    assert existing.returncode == 2
    for proc in (refused, existing):
        assert b"Traceback" not in proc.stderr and b"Traceback" not in proc.stdout
        assert proc.stderr.strip()


def test_end_to_end_pesten_ref_save_environment_variable(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PESTEN_REF_SAVE"}
    env["PESTEN_REF_SAVE"] = str(tmp_path / "elsewhere.toml")
    proc = subprocess.run([*_command(), "new", "--players", "Anna,Bram"], cwd=tmp_path, env=env,
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "elsewhere.toml").is_file() and not (tmp_path / "pesten.toml").exists()


def test_R6_1_going_out_names_the_card_it_was_on(tmp_path):
    """"Anna goes out on 4♠ and wins the hand"; after a correction that empties a
    hand there is no card to name."""
    assert run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees").returncode == 0
    out = run(tmp_path, "play", input=ANNA_WINS).stdout.decode("utf-8")
    assert out.splitlines()[-2:] == ["Anna goes out on 4♠ and wins the hand (R6.1).",
                                     "Score it with `pesten-ref score`."]
    assert run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees",
               "--force").returncode == 0
    out = run(tmp_path, "play", input="start 9h\nfix count Anna 0\n").stdout.decode("utf-8")
    assert "Anna goes out and wins the hand (R6.1)." in out


def test_new_json_tells_the_new_series_as_one_object(tmp_path):
    """``new --json`` (docs/JSON.md "A new series"): one object, every field of it
    documented; a refusal is the error object."""
    proc = run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--seed", "3", "--json")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode("utf-8").splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["ok"] is True and data["players"] == ["Anna", "Bram", "Cees"]
    assert (data["rules"], data["mode"], data["limit"], data["hands"]) == (
        "standard", "elimination", 100, None)
    assert data["dealer_drawn"] is True and data["kept"] is None
    seats = data["players"]
    assert data["first"] == seats[(seats.index(data["dealer"]) + 1) % 3]
    assert (data["deal_size"], data["decks"]) == (7, 1)
    assert data["state"]["status"] == "waiting" and data["state"]["dealer"] == data["dealer"]
    assert data["file"].endswith("series.toml")
    documented = (REPO / "docs" / "JSON.md").read_text(encoding="utf-8")
    section = documented.split("## A new series: `new --json`")[1].split("\n## ")[0]
    assert [key for key in data if f'"{key}"' not in section] == []

    proc = run(tmp_path, "new", "--players", "Anna,Bram", "--dealer", "Bram", "--json",
               "--hands", "4", "--force")
    data = json.loads(proc.stdout)
    assert (data["dealer"], data["dealer_drawn"], data["first"], data["kept"]) == (
        "Bram", False, "Anna", 1)
    assert (data["mode"], data["limit"], data["hands"]) == ("hands", None, 4)

    proc = run(tmp_path, "new", "--players", "Anna,Bram", "--dealer", "Zed", "--json")
    assert proc.returncode == 2
    error = json.loads(proc.stdout)
    assert error["ok"] is False and error["exit"] == 2 and "Zed" in error["error"]
