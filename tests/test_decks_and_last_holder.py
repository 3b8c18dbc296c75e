"""R1.3 / R1.4 (``decks`` 1-3, ``jokers_per_deck`` 0-4, the old ``jokers``) and R6.3
(``hand_end = "last_holder"``): through the engine, through the command line (a
subprocess: ``new --rules FILE``, ``play --script``, ``score``, ``standings
--json``), the refused files, and the simulator's real cards.

Default table: Anna, Bram, Cees with Cees dealing, so Anna plays first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import make_hand, play, refused
from referee.engine import Hand
from referee.engine.rules import HouseRules, RulesError
from referee.engine.rulecheck import check_table_fits
from referee.messages import say
from referee.series.presets import load_rules
from referee.simulator import simulate
from referee.words.events import told

LAST = HouseRules(hand_end="last_holder")
ROOT = Path(__file__).resolve().parents[1]


def pesten(tmp_path: Path, *args: str, code: int = 0, save: bool = True
           ) -> subprocess.CompletedProcess:
    """``pesten-ref ARGS --save tmp_path/series.toml`` (``save``) as a subprocess, in English."""
    env = {**os.environ, "PESTEN_REF_LANG": "en", "PYTHONPATH": str(ROOT),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("PESTEN_REF_SAVE", None)
    done = subprocess.run([sys.executable, "-m", "referee", *args,
                           *(["--save", str(tmp_path / "series.toml")] if save else [])],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == code, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done


def rules_file(tmp_path: Path, text: str, name: str = "ours.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused_file(tmp_path: Path, text: str) -> RulesError:
    with pytest.raises(RulesError) as caught:
        load_rules(str(rules_file(tmp_path, text)))
    return caught.value


# ---------------------------------------------------------------------------
# R1.3 decks 1-3, R1.4 copies per card
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("decks, players, total", [
    (1, 8, 54), (2, 3, 108), (3, 2, 162), (3, 8, 162), ("auto", 5, 54), ("auto", 6, 108)])
def test_R1_3_decks_in_play_and_the_cards_they_hold(decks, players, total):
    names = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fenna", "Gijs", "Hanna"][:players]
    hand = make_hand(HouseRules(decks=decks, deal_size=5), players=names, dealer=names[-1])
    assert hand.deck_total == total
    assert hand.state()["draw_pile"] == total - 5 * players


def test_R1_4_three_decks_allow_three_copies_of_a_card_on_the_discard_pile():
    hand = make_hand(HouseRules(decks=3), lines=["start 9h"])
    play(hand, "9h", "9h")
    r = refused(hand, "9h", "R1.4")
    assert "9♥" in told(r)


def test_R1_3_three_decks_fit_a_deal_two_do_not():
    rules = HouseRules(decks=3, deal_size=20)          # 8 x 20 + 1 = 161 <= 162
    check_table_fits(rules, 8)
    with pytest.raises(RulesError) as caught:
        check_table_fits(rules.replace(decks=2), 8)
    assert caught.value.key == "decks" and "`decks = 3`" in say(caught.value.told)


@pytest.mark.parametrize("value", ["0", "4", '"three"', "2.5"])
def test_R1_3_decks_out_of_range_is_refused_naming_file_line_key(tmp_path, value):
    err = refused_file(tmp_path, f"# ours\ndecks = {value}\n")
    assert (err.file, err.line, err.key) == (str(tmp_path / "ours.toml"), 2, "decks")
    assert '"auto"' in say(err.allowed) and "1 to 3" in say(err.allowed)


# ---------------------------------------------------------------------------
# R1.3 jokers_per_deck 0-4, and the old key jokers
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("jokers, total", [(0, 52), (1, 53), (2, 54), (3, 55), (4, 56)])
def test_R1_3_jokers_per_deck_gives_the_deck_its_size(jokers, total):
    hand = make_hand(HouseRules(jokers_per_deck=jokers))
    assert hand.deck_total == total
    assert make_hand(HouseRules(jokers_per_deck=jokers, decks=3)).deck_total == 3 * total


def test_R1_4_four_jokers_per_deck_two_decks_hold_eight():
    names = ["Anna", "Bram", "Cees", "Dirk"]
    hand = make_hand(HouseRules(jokers_per_deck=4, decks=2, stacking="none"), players=names,
                     dealer="Dirk", lines=["start 9h"])
    for _ in range(8):                       # each Joker taken at once (nothing stacks)
        play(hand, "Joker", "d")
    assert hand.state()["discard_pile"] == 9
    refused(hand, "Joker", "R1.4")


def test_R1_3_no_jokers_refuses_a_joker_citing_the_key():
    hand = make_hand(HouseRules(jokers_per_deck=0), lines=["start 9h"])
    r = refused(hand, "Joker", "R1.3")
    assert ("jokers_per_deck", 0) in r.house_rules()


@pytest.mark.parametrize("old, per_deck", [("true", 2), ("false", 0)])
def test_R1_3_the_old_key_jokers_expands_into_jokers_per_deck(tmp_path, old, per_deck):
    rules = load_rules(str(rules_file(tmp_path, f"jokers = {old}\n")))
    assert rules.jokers_per_deck == per_deck and rules.jokers is (per_deck > 0)
    assert "jokers" not in rules.to_table()
    assert HouseRules(jokers=old == "true") == HouseRules(jokers_per_deck=per_deck)


def test_R1_3_a_file_extending_family_may_set_jokers_per_deck(tmp_path):
    rules = load_rules(str(rules_file(tmp_path, 'extends = "family"\njokers_per_deck = 3\n')))
    assert (rules.jokers_per_deck, rules.stacking) == (3, "none")
    over = load_rules(str(rules_file(tmp_path, 'extends = "standard"\njokers = false\n', "b.toml")))
    assert over.jokers_per_deck == 0


def test_R1_3_a_file_setting_jokers_and_jokers_per_deck_is_refused_naming_both_lines(tmp_path):
    err = refused_file(tmp_path, "# ours\njokers = true\ndeal_size = 5\njokers_per_deck = 3\n")
    assert (err.file, err.line, err.key) == (str(tmp_path / "ours.toml"), 2, "jokers")
    text = say(err.told)
    assert "line 2" in text and "(line 4)" in text
    assert "`jokers = true`" in text and "`jokers_per_deck`" in text
    assert "`jokers_per_deck = 2`" in text and say(err.allowed) == "`jokers` or `jokers_per_deck`, not both"


@pytest.mark.parametrize("value", ["-1", "5", "true", '"two"'])
def test_R1_3_jokers_per_deck_out_of_range_is_refused(tmp_path, value):
    err = refused_file(tmp_path, f"jokers_per_deck = {value}\n")
    assert (err.line, err.key) == (1, "jokers_per_deck")
    assert "0 to 4" in say(err.allowed)


def test_R1_3_the_old_key_jokers_keeps_its_own_checks(tmp_path):
    err = refused_file(tmp_path, "jokers = 2\n")
    assert (err.line, err.key) == (1, "jokers") and "true or false" in say(err.allowed)


# ---------------------------------------------------------------------------
# R7.2 consistency with more copies
# ---------------------------------------------------------------------------

def test_R7_2_copies_per_card_across_hands_and_discard_count_jokers_per_deck(tmp_path):
    path = rules_file(tmp_path, "jokers_per_deck = 3\ndeal_size = 2\n")
    pesten(tmp_path, "new", "--players", "Anna,Bram", "--dealer", "Bram", "--rules", str(path))
    script = rules_file(tmp_path, "start Joker\n9s lk\nd\n9c\n", "hand.txt")
    pesten(tmp_path, "play", "--script", str(script))
    # The starter Joker lies on the discard pile: Bram can hold two more, not three.
    state = json.loads(pesten(tmp_path, "state", "--json").stdout)
    assert state["status"] == "over" and state["counts"] == {"Anna": 0, "Bram": 3}
    too_many = pesten(tmp_path, "score", "Bram=Joker Joker Joker", code=1)
    assert "R7.2" in too_many.stderr
    pesten(tmp_path, "score", "Bram=Joker Joker 2c")
    standard = tmp_path / "standard"
    standard.mkdir()
    pesten(standard, "new", "--players", "Anna,Bram", "--dealer", "Bram", "--rules",
           str(rules_file(tmp_path, "deal_size = 2\n", "std.toml")))
    pesten(standard, "play", "--script", str(script))
    two = pesten(standard, "score", "Bram=Joker Joker 2c", code=1)  # two per deck: one is left
    assert "R7.2" in two.stderr


# ---------------------------------------------------------------------------
# R6.3 hand_end = "last_holder"
# ---------------------------------------------------------------------------

def test_R6_3_a_player_who_goes_out_is_placed_and_the_hand_goes_on():
    hand = make_hand(LAST.replace(deal_size=1), lines=["start 9h"])
    r = hand.apply_line("9s")
    assert (r.ok, r.rule) == (True, "R6.3")
    assert "Anna goes out on 9♠ and is out in place 1; the hand goes on (R6.3)." in told(r)
    st = hand.state()
    assert (st["status"], st["turn"], st["places"], st["winner"]) == ("playing", "Bram", ["Anna"], None)
    assert st["counts"] == {"Bram": 1, "Cees": 1}
    r = hand.apply_line("9d")
    assert "Only Cees still holds cards: the hand is over. Anna went out first and wins it (R6.3)." in told(r)
    st = hand.state()
    assert (st["status"], st["winner"], st["places"], st["counts"]) == (
        "over", "Anna", ["Anna", "Bram"], {"Cees": 1})


def test_R6_3_first_out_is_the_default_and_ends_the_hand():
    hand = make_hand(HouseRules(deal_size=1), lines=["start 9h", "9s"])
    st = hand.state()
    assert (st["status"], st["winner"], st["places"]) == ("over", "Anna", [])


def test_R6_3_the_seat_of_a_player_out_is_skipped():
    names = ["Anna", "Bram", "Cees", "Dirk"]
    hand = make_hand(LAST.replace(deal_size=2), players=names, dealer="Dirk",
                     lines=["start 9h", "9s lk", "d", "d", "d", "9c"])
    assert hand.state()["places"] == ["Anna"] and hand.state()["turn"] == "Bram"
    play(hand, "d", "d", "d")
    assert hand.state()["turn"] == "Bram"
    play(hand, "Ac")          # an Ace: the direction turns, Anna's seat is passed by
    assert hand.state()["turn"] == "Dirk"


def test_R6_3_a_player_out_may_call_and_cannot_be_called():
    hand = make_hand(LAST.replace(deal_size=2), lines=[
        "start 9h", "9s lk", "9d", "d", "9c"])   # Bram forgot; Cees's draw closed his window
    assert hand.state()["places"] == ["Anna"] and hand.state()["callable"] == ["Bram"]
    r = hand.apply_line("Anna: call Bram")
    assert (r.ok, r.rule) == (True, "R4.3")
    assert hand.state()["counts"]["Bram"] == 3
    r = refused(hand, "call Anna", "R6.3")
    assert "Anna is out of this hand and holds no cards, so cannot be called (R6.3)." in told(r)
    for line in ("Anna: d", "Anna: 9h", "Anna: lk", "leave Anna", "fix count Anna 2"):
        refused(hand, line, "R6.3")


def test_R6_3_a_void_call_by_a_player_out_costs_them_nothing():
    hand = make_hand(LAST.replace(deal_size=1, false_call_penalty=2),
                     players=["Anna", "Bram", "Cees", "Dirk"], dealer="Dirk",
                     lines=["start 9h", "9s"])
    r = hand.apply_line("Anna: call Bram")
    assert (r.ok, r.rule) == (True, "R4.4")
    assert hand.state()["places"] == ["Anna"] and "Anna" not in hand.state()["counts"]


def test_R6_3_R6_2_holds_for_every_player_going_out():
    hand = make_hand(LAST.replace(deal_size=1), lines=["start 9h", "9s"])
    r = hand.apply_line("2s")                     # Bram, one of the last two
    assert (r.ok, r.rule) == (False, "R6.2") and hand.state()["places"] == ["Anna"]
    r = make_hand(LAST.replace(deal_size=1), lines=["start 9h"]).apply_line("8h")
    assert (r.ok, r.rule) == (False, "R6.2")


def test_R6_3_a_pending_penalty_aimed_at_a_player_who_went_out_moves_on():
    rules = LAST.replace(finish_on_action=True, deal_size=2)
    hand = make_hand(rules, lines=["start 9h", "2h"])
    r = hand.apply_line("fix count Bram 0")       # Bram, facing the Two, is out
    assert r.ok and "The penalty of 2 aimed at Bram moves on to Cees (R6.3)." in told(r)
    st = hand.state()
    assert (st["turn"], st["pending_draw"], st["places"]) == ("Cees", 2, ["Bram"])
    play(hand, "d")
    assert hand.state()["counts"] == {"Anna": 1, "Cees": 4} and hand.state()["turn"] == "Anna"


def test_R6_3_a_penalty_card_that_takes_a_player_out_stacks_for_the_next_still_in():
    rules = LAST.replace(finish_on_action=True, deal_size=2)
    hand = make_hand(rules, lines=["start 9h", "fix count Bram 1", "2h lk"])
    r = hand.apply_line("2s")                     # Bram stacks his last card and is out
    assert r.ok and "moves on" not in told(r)
    st = hand.state()
    assert (st["turn"], st["pending_draw"], st["places"]) == ("Cees", 4, ["Bram"])
    play(hand, "d")
    assert hand.state()["counts"] == {"Anna": 1, "Cees": 6} and hand.state()["turn"] == "Anna"


def test_R6_3_turns_to_miss_of_a_player_who_went_out_move_on():
    names = ["Anna", "Bram", "Cees", "Dirk"]
    hand = make_hand(LAST.replace(four="skip_two"), players=names, dealer="Dirk",
                     lines=["start 9h", "4h"])
    assert hand.state()["skips"] == {"Bram": 1} and hand.state()["turn"] == "Cees"
    r = hand.apply_line("fix count Bram 0")
    assert r.ok and "The turns Bram still had to miss (1) move on to Cees (R6.3)." in told(r)
    assert "Bram is out in place 1; the hand goes on (R6.3)." in told(r)
    st = hand.state()
    assert (st["places"], st["skips"], st["turn"]) == (["Bram"], {"Cees": 1}, "Cees")


def test_R6_3_a_player_leaving_after_someone_went_out_leaves_the_last_holder():
    hand = make_hand(LAST.replace(deal_size=1), lines=["start 9h", "9s"])
    r = hand.apply_line("leave Bram")
    assert r.ok and "Only Cees still holds cards: the hand is over." in told(r)
    st = hand.state()
    assert (st["status"], st["winner"], st["places"], st["counts"]) == (
        "over", "Anna", ["Anna"], {"Cees": 1})


def test_R6_3_undo_puts_a_player_back_in_the_hand():
    hand = make_hand(LAST.replace(deal_size=1), lines=["start 9h", "9s"])
    play(hand, "undo")
    assert hand.state()["places"] == [] and hand.state()["turn"] == "Anna"


def test_R6_3_in_free_order_the_hand_goes_on_too():
    hand = make_hand(LAST.replace(deal_size=1, turn_order="free"), lines=["start 9h"])
    play(hand, "Bram: 9s")
    assert hand.state()["places"] == ["Bram"] and hand.state()["status"] == "playing"
    refused(hand, "Bram: d", "R6.3")
    r = hand.apply_line("Bram: check 9d")          # (a query: asked, not refused)
    assert (r.ok, r.rule, r.data["legal"]) == (True, "R6.3", False)
    play(hand, "Cees: 9d")
    assert (hand.state()["status"], hand.state()["winner"]) == ("over", "Bram")


def test_R6_3_a_hand_over_keeps_its_places_when_saved_and_read_back():
    hand = make_hand(LAST.replace(deal_size=1), lines=["start 9h", "9s", "9d"])
    again = Hand.ended(hand.rules, hand.seats, hand.dealer, 1, hand.end_record())
    assert again.state() == hand.state()


def test_R6_3_the_last_holder_alone_scores_through_the_command_line(tmp_path):
    path = rules_file(tmp_path, 'hand_end = "last_holder"\ndeal_size = 1\n')
    pesten(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees",
           "--rules", str(path))
    script = rules_file(tmp_path, "start 9h\n9s\n9d\n", "hand.txt")
    out = pesten(tmp_path, "play", "--script", str(script)).stdout
    assert "Anna goes out on 9♠ and is out in place 1; the hand goes on (R6.3)." in out
    assert "Only Cees still holds cards" in out
    state = json.loads(pesten(tmp_path, "state", "--json").stdout)
    assert (state["places"], state["winner"], state["status"]) == (["Anna", "Bram"], "Anna", "over")
    bad = pesten(tmp_path, "score", "Bram=Qd", "Cees=Kd", code=1)
    assert "Bram went out in hand 1 and scores 0" in bad.stderr + bad.stdout
    missing = pesten(tmp_path, "score", "Bram=0", code=1)
    assert "Cees" in missing.stderr + missing.stdout
    pesten(tmp_path, "score", "Cees=Kd", "Bram=0")
    standings = json.loads(pesten(tmp_path, "standings", "--json").stdout)
    rows = {p["name"]: (p["total"], p["wins"]) for p in standings["players"]}
    assert rows == {"Anna": (0, 1), "Bram": (0, 0), "Cees": (10, 0)}


def test_R6_3_refused_values_of_hand_end(tmp_path):
    err = refused_file(tmp_path, 'hand_end = "last"\n')
    assert (err.line, err.key) == (1, "hand_end")
    assert '"first_out"' in say(err.allowed) and '"last_holder"' in say(err.allowed)


# ---------------------------------------------------------------------------
# the simulator's real cards (property: how a hand under last_holder ends)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_R6_3_a_simulated_hand_ends_with_one_holder_or_blocked(players):
    rules = LAST.replace(decks=3 if players > 5 else "auto", jokers_per_deck=3)
    ended = 0
    for seed in range(4):
        for dealer, number, lines, held in simulate.record(rules, players, 25, seed=seed):
            hand = Hand.replay(rules, simulate.NAMES[:players], dealer, number, lines)
            if hand.status != "over":        # (a hand cut at the simulator's cap)
                continue
            ended += 1
            holders = [p for p, cards in held.items() if cards]
            if hand.blocked:
                assert set(holders) <= set(hand.counts)
                continue
            assert holders == list(hand.counts) and len(holders) == 1
            assert len(hand.places) == players - 1 and hand.winner == hand.places[0]
    assert ended > 50


@pytest.mark.parametrize("text", ['hand_end = "last_holder"\n', "decks = 3\njokers_per_deck = 4\n",
                                  'jokers_per_deck = 1\nhand_end = "last_holder"\n'])
def test_R6_3_R1_3_simulate_runs_the_rule_sets_with_no_mismatch(tmp_path, text):
    path = rules_file(tmp_path, text)
    done = pesten(tmp_path, "simulate", "--rules", str(path), "--players", "6",
                  "--hands", "300", "--seed", "5", "--jobs", "1", "--json", save=False)
    report = json.loads(done.stdout)
    assert (report["mismatches"], report["refused_entries"]) == (0, 0)


def test_R6_3_the_prompt_tells_each_step_and_asks_only_the_last_holder(tmp_path, monkeypatch,
                                                                        capsys):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from referee.interface.repl import run_repl
    from referee.series.session import OpenSeries
    from referee.series.store import SaveFile

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    table = OpenSeries.create(SaveFile(tmp_path / "p.toml"), ["Anna", "Bram", "Cees"],
                         LAST.replace(deal_size=1, name="ours"), "Cees")
    with create_pipe_input() as pipe:
        pipe.send_text("start 9h\n9s\n9d\nscore\nKd\n\x04")
        with create_app_session(input=pipe, output=DummyOutput()):
            run_repl(table)
    out = " ".join(capsys.readouterr().out.split())
    assert "Anna goes out on 9♠ and is out in place 1; the hand goes on (R6.3)." in out
    assert "Only Cees still holds cards: the hand is over." in out
    assert "score Cees=…" in out and "Bram=…" not in out
    result = SaveFile(tmp_path / "p.toml").read_hand(1)["result"]
    assert (result["winner"], result["points"]) == ("Anna", {"Anna": 0, "Bram": 0, "Cees": 10})
