"""R10.22 a demanded rank (Makao's Jack: `J = { demand = "rank", except = [...] }`),
through the engine (three players: Anna, Bram, Cees; Cees deals, Anna plays first),
the file's checks, `rules`, `play --script` as a family types it, and random tables."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from referee.engine import Hand
from referee.engine.lexicon import lexicon
from referee.engine.rules import RulesError
from referee.series.presets import rules_from_table
from referee.words.events import told
from conftest import run_in as _run
from test_waits import play, refused

PLAYERS = ["Anna", "Bram", "Cees"]
MAKAO = {"actions": {"J": {"demand": "rank", "except": ["2", "3", "4", "J", "Q", "K", "A"]}}}


def hand(table: dict = MAKAO, players=PLAYERS, dealer="Cees", lex=None) -> Hand:
    if lex is None:
        return Hand(rules_from_table(table, "makao"), players, dealer)
    return Hand(rules_from_table(table, "makao"), players, dealer, 1, lex)


def test_R10_22_a_jack_demands_the_rank_typed_after_it():
    h = hand()
    ruling = play(h, "start 9h", "Jh 7")
    assert ruling.rule == "R10.22" and h.demand == ("7", "Anna") and h.turn == "Bram"
    assert "Anna plays J♥ and demands a Seven" in told(ruling)
    ruling = refused(h, "9c")
    assert ruling.rule == "R10.22"
    assert "Anna demanded a Seven; play a Seven or a Jack, or draw (R10.22)" in told(ruling)
    assert h.turn == "Bram"                      # nothing changed (R0.4)


def test_R10_22_every_player_in_turn_answers_and_the_demander_too_then_it_ends():
    h = hand()
    play(h, "start 9h", "Jh 9", "d")             # Bram draws: the demand stays
    assert h.demand == ("9", "Anna") and h.turn == "Cees"
    play(h, "9c")                                # Cees plays a Nine of any suit
    assert h.demand == ("9", "Anna") and h.turn == "Anna"
    assert refused(h, "5c").rule == "R10.22"     # the demander is bound too
    ruling = play(h, "9d")
    assert h.demand is None and "The demand Anna made for a Nine ends (R10.22)." in told(ruling)
    play(h, "5d")                                # free again: matching as usual


def test_R10_22_a_demander_passed_by_ends_the_demand():
    h = hand()
    play(h, "start 9h", "Jh 8", "d", "8c")       # Cees's Eight skips Anna, the demander
    assert h.demand is None and h.turn == "Bram"


def test_R10_22_a_card_that_demands_may_demand_anew_or_end_the_demand():
    h = hand()
    play(h, "start 9h", "Jh 7", "Jc 8")          # any Jack goes on a demand, and demands anew
    assert h.demand == ("8", "Bram")
    ruling = play(h, "Js")                        # a Jack that demands nothing ends it
    assert h.demand is None and "demands nothing" in told(ruling)
    assert "The demand Bram made for an Eight ends (R10.22)." in told(ruling)


def test_R10_22_a_rank_in_except_or_after_a_card_that_demands_none_is_refused():
    h = hand()
    play(h, "start 9h")
    ruling = refused(h, "Jh Q")
    assert ruling.rule == "R10.22"
    assert "cannot demand a Queen: it may demand Five, Six, Seven, Eight, Nine or Ten" in told(ruling)
    ruling = refused(h, "9c 7")
    assert ruling.rule == "R10.22" and "demands no rank" in told(ruling)
    std = Hand(rules_from_table({}, "std"), PLAYERS, "Cees")
    play(std, "start 9h")
    assert refused(std, "Jh 7").rule == "R10.22"  # a Jack naming a suit demands nothing


def test_R10_22_the_rank_typed_as_in_a_card_in_any_form_and_language():
    for line, rank in (("Jh 10", "10"), ("Jh T", "10"), ("Jh+Jc 9", "9"), ("d Jh 6", "6")):
        h = hand({**MAKAO, "multi_play": "same_rank"})
        play(h, "start 9h", line)
        assert h.demand == (rank, "Anna"), line
    h = hand({"actions": {"J": {"demand": "rank"}}}, lex=lexicon("nl"))
    play(h, "start 9h", "Bh V")                  # Dutch: the Jack of hearts demands Queens
    assert h.demand == ("Q", "Anna")


def test_R10_22_the_state_check_and_legality_show_the_demand():
    from referee.engine.cards import parse_card
    h = hand()
    play(h, "start 9h", "Jh 7")
    assert h.state()["demand"] == {"rank": "7", "by": "Anna"}
    legal = h.legal()
    for card, ok in (("7c", True), ("Jd", True), ("Joker", True), ("9h", False)):
        assert bool(legal.mask >> parse_card(card).id & 1) is ok, card
    assert legal.demand_ranks(parse_card("Jc")) == ("5", "6", "7", "8", "9", "10")
    assert legal.demand_ranks(parse_card("9c")) == ()
    said = told(h.apply_line("check 9c"))
    assert "Legal now: a Seven or a card that demands, or `d`." in said


def test_R10_22_a_demander_who_leaves_ends_the_demand():
    h = hand(players=["Anna", "Bram", "Cees", "Dirk"], dealer="Dirk")
    play(h, "start 9h", "Jh 7")
    ruling = play(h, "leave Anna")
    assert h.demand is None and "The demand Anna made for a Seven ends" in told(ruling)


@pytest.mark.parametrize("entry, problem", [
    ([{"demand": "rank"}, "name_suit"], "names no suit"),
    ({"demand": "rank", "except": ["Joker"]}, "actions.J"),
    ({"demand": "suit"}, "actions.J"),
])
def test_R10_22_a_demand_the_file_cannot_hold_is_refused_naming_the_key(entry, problem):
    with pytest.raises(RulesError) as err:
        rules_from_table({"actions": {"J": entry}}, "f")
    from referee.messages import say
    assert problem in say(err.value.told)


def test_R10_22_a_demand_is_refused_in_free_turn_order(tmp_path):
    from tests.conftest import refusal
    text = refusal(tmp_path, 'turn_order = "free"\n[actions]\nJ = { demand = "rank" }\n')
    assert "R10.22" in text and "line 3" in text


def test_R10_22_rules_says_the_demand_in_words(tmp_path):
    f = tmp_path / "makao.toml"
    f.write_text('[actions]\nJ = { demand = "rank", except = ["2", "A"] }\n', encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "referee", "rules", str(f)], capture_output=True,
                         text=True, check=True).stdout
    words = " ".join(out.split())
    assert "its player may demand a rank but Two, Ace" in words and "(R10.22)" in words




def test_R10_22_a_demand_through_play_script(tmp_path):
    (tmp_path / "makao.toml").write_text(
        '[actions]\nJ = { demand = "rank", except = ["2", "3", "4", "J", "Q", "K", "A"] }\n',
        encoding="utf-8")
    made = _run("new", "--players", "Anna,Bram,Cees", "--rules", "makao.toml",
                "--dealer", "Cees", "--save", "s.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hand.txt").write_text("start 9h\nJh 7\n9c\nd\n", encoding="utf-8")
    played = _run("play", "--save", "s.toml", "--script", "hand.txt", "--keep-going",
                  cwd=tmp_path)
    out = played.stdout + played.stderr
    assert "Anna plays J♥ and demands a Seven" in out, out
    assert "Anna demanded a Seven; play a Seven or a Jack, or draw (R10.22)" in out, out
    state = json.loads(_run("state", "--json", "--save", "s.toml", cwd=tmp_path).stdout)
    assert state["demand"] == {"rank": "7", "by": "Anna"} and state["turn"] == "Cees"


def test_R10_22_random_tables_with_demands_play_legally_to_the_end():
    """Random house-rule files that write a demand: bots demand ranks they hold and
    answer demands; no entry is refused and the real cards stay right."""
    from referee.simulator.tables import random_table
    from referee.simulator.crosscheck import cross_check
    seeds = [seed for seed in range(300)
             if "demand = " in random_table(random.Random(seed))[1]]
    assert len(seeds) >= 5, seeds
    report = cross_check(seeds)
    assert not report.findings, report.findings[0].reproduction()
    assert report.constructs["demand"] and report.constructs["demand_answered"]
