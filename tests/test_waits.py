"""R10.21 stacked waits (Makao's Four: `"4" = { skip = 1, stack = true }`), through the
engine (three players: Anna, Bram, Cees; Cees deals, Anna plays first), the file's
checks, `rules`, `play --script` as a family types it, and random tables."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from referee.engine import Hand
from referee.engine.rules import RulesError
from referee.series.presets import rules_from_table
from referee.words.events import told
from conftest import play, refused, run_in as _run

PLAYERS = ["Anna", "Bram", "Cees"]
MAKAO = {"actions": {"4": {"skip": 1, "stack": True}}}


def hand(table: dict = MAKAO, players=PLAYERS, dealer="Cees") -> Hand:
    return Hand(rules_from_table(table, "makao"), players, dealer)




def test_R10_21_a_four_makes_a_wait_pending_that_the_next_player_adds_to():
    h = hand()
    ruling = play(h, "start 9h", "4h")
    assert (ruling.rule, h.turn, h.pending_skip, h.skip_stacks) == ("R10.21", "Bram", 1, True)
    assert "Bram must add a Four to the wait" in told(ruling)
    ruling = play(h, "4c")                       # the total grows and passes on
    assert (h.turn, h.pending_skip) == ("Cees", 2)
    assert "wait 2 turns" in told(ruling)
    play(h, "4s")
    assert (h.turn, h.pending_skip) == ("Anna", 3)


def test_R10_21_pass_accepts_the_total_and_each_turn_waited_is_told():
    h = hand()
    play(h, "start 9h", "4h", "4c")              # Cees faces 2
    ruling = play(h, "pass")
    assert ruling.rule == "R10.21" and "Cees waits 2 turns" in told(ruling)
    assert (h.turn, h.waits, h.pending_skip) == ("Anna", {"Cees": 1}, 0)
    play(h, "5c")                                # Anna
    ruling = play(h, "6c")                       # Bram: the turn passes Cees by
    assert "Cees waits: that was the last turn to wait (R10.21)." in told(ruling)
    assert h.turn == "Anna" and h.waits == {}
    play(h, "7c", "8c")                          # Anna plays again, then skips Bram
    assert h.turn == "Cees"                      # Cees plays again: the wait is over


def test_R10_21_three_turns_are_told_one_by_one_with_the_turns_left():
    h = hand()
    play(h, "start 9h", "4h", "4c", "4s", "pass")      # Anna waits 3: this turn first
    assert h.waits == {"Anna": 2} and h.turn == "Bram"
    said = [told(play(h, line)) for line in ("5s", "6s", "7s", "d", "9s")]
    assert "Anna waits: 1 turn left (R10.21)." in said[1]
    assert h.waits == {}
    assert any("that was the last turn to wait" in s for s in said[2:])


def test_R10_21_a_draw_and_a_card_that_does_not_add_are_refused_citing_the_rule():
    h = hand()
    play(h, "start 9h", "4h")
    ruling = refused(h, "d")
    assert ruling.rule == "R10.21" and "no draw now" in told(ruling)
    ruling = refused(h, "9c")
    assert ruling.rule == "R10.21"
    assert "Bram must wait 1 turn unless they add a Four" in told(ruling)
    assert refused(h, "d 4c").rule == "R10.21"
    assert (h.turn, h.pending_skip) == ("Bram", 1)     # nothing changed (R0.4)


def test_R10_21_a_card_of_the_rank_that_does_not_wait_does_not_add():
    h = hand({"actions": {"4": {"skip": 1, "stack": True}, "4s": "none"}})
    play(h, "start 9h", "4h")
    assert refused(h, "4s").rule == "R10.21"
    play(h, "4d")
    assert h.pending_skip == 2


def test_R10_21_a_skip_passed_on_still_does_not_add_up():
    h = hand({"actions": {"4": {"skip": 1, "pass_on": True}}})
    play(h, "start 9h", "4h", "4c")
    assert (h.pending_skip, h.skip_stacks) == (1, False)


def test_R10_21_the_state_shows_the_pending_wait_and_the_waits():
    h = hand()
    play(h, "start 9h", "4h", "4c")
    st = h.state()
    assert (st["pending_skip"], st["pending_wait"], st["waits"]) == (2, True, {})
    play(h, "pass")
    st = h.state()
    assert (st["pending_skip"], st["pending_wait"], st["waits"]) == (0, False, {"Cees": 1})


def test_R10_21_legal_offers_the_waiting_cards_and_pass_and_no_draw():
    from referee.engine.cards import parse_card
    h = hand()
    play(h, "start 9h", "4h")
    legal = h.legal()
    assert legal.passes and not legal.draw_open
    four, nine = parse_card("4c"), parse_card("9h")
    assert legal.mask >> four.id & 1 and not legal.mask >> nine.id & 1


def test_R10_21_why_names_the_plays_behind_the_wait():
    h = hand()
    play(h, "start 9h", "4h", "4c")
    refused(h, "Qc")
    said = told(h.why())
    assert "Bram's Four on Anna's Four: 2 turns to wait, unless a Four adds to them (R10.21)" in said


def test_R10_21_a_penalty_for_a_player_who_must_wait_is_drawn_at_once():
    h = hand()
    play(h, "start 9h", "4h", "4c", "pass")            # Cees waits 1 more
    ruling = play(h, "5c", "2c")                       # Anna, then Bram: a Two on Cees
    assert h.counts["Cees"] == 7 + 2 and h.turn == "Anna" and h.waits == {}
    assert "Cees waits" in told(ruling)


def test_R10_21_a_player_who_leaves_takes_their_waits_with_them():
    h = hand(players=["Anna", "Bram", "Cees", "Dirk"], dealer="Dirk")
    play(h, "start 9h", "4h", "4c", "pass")            # Cees waits 1 more
    play(h, "leave Cees")
    assert h.waits == {} and "Cees" not in h.active


def test_R10_21_with_two_players_the_other_waits_while_the_player_plays_on():
    h = hand(players=["Anna", "Bram"], dealer="Bram")
    play(h, "start 9h", "4h", "4c", "pass")            # Anna waits 2: this turn first
    assert h.turn == "Bram" and h.waits == {"Anna": 1}
    ruling = play(h, "5c")
    assert h.turn == "Bram" and "Anna waits: that was the last turn" in told(ruling)


@pytest.mark.parametrize("entry, problem", [
    ({"skip": 1, "stack": True, "pass_on": True}, "not both"),
    ([{"skip": 1, "stack": True}, {"draw": 2}], "stands alone"),
    ([{"skip": 1, "stack": True}, "skip"], "stands alone"),
])
def test_R10_21_a_wait_beside_what_it_cannot_stand_with_is_refused_naming_the_key(entry, problem):
    with pytest.raises(RulesError) as err:
        rules_from_table({"actions": {"4": entry}}, "f")
    from referee.messages import say
    text = say(err.value.told)
    assert "actions.4" in text and problem in text and "R10.21" in text


def test_R10_21_a_wait_is_refused_in_free_turn_order(tmp_path):
    from tests.conftest import refusal
    text = refusal(tmp_path, 'turn_order = "free"\n[actions]\n"4" = { skip = 1, stack = true }\n')
    assert "R10.21" in text and "line 3" in text and "stack = false" in text


def test_R10_21_rules_says_the_wait_in_words_and_diff_names_it(tmp_path):
    f = tmp_path / "makao.toml"
    f.write_text('[actions]\n"4" = { skip = 1, stack = true }\n', encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "referee", "rules", str(f)], capture_output=True,
                         text=True, check=True).stdout
    words = " ".join(out.split())
    assert "the next player waits a turn unless they add a Four; the waits add up (R10.21)" in words
    diff = subprocess.run([sys.executable, "-m", "referee", "rules", "--diff", str(f),
                           "standard"], capture_output=True, text=True, check=True).stdout
    assert "actions.4" in diff and "{ skip = 1, stack = true }" in diff




def test_R10_21_waits_through_play_script(tmp_path):
    (tmp_path / "makao.toml").write_text('[actions]\n"4" = { skip = 1, stack = true }\n',
                                         encoding="utf-8")
    made = _run("new", "--players", "Anna,Bram,Cees", "--rules", "makao.toml",
                "--dealer", "Cees", "--save", "s.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hand.txt").write_text("start 9h\n4h\n4c\npass\n5c\n", encoding="utf-8")
    played = _run("play", "--save", "s.toml", "--script", "hand.txt", cwd=tmp_path)
    out = played.stdout + played.stderr
    assert "Bram plays 4♣: Cees must add a Four to the wait" in out, out
    assert "Cees waits 2 turns" in out, out
    state = json.loads(_run("state", "--json", "--save", "s.toml", cwd=tmp_path).stdout)
    assert state["waits"] == {"Cees": 1} and state["turn"] == "Bram"
    assert state["pending_wait"] is False
    shown = _run("state", "--save", "s.toml", cwd=tmp_path).stdout
    assert "waits 1 more turn" in shown


def test_R10_21_random_tables_with_waits_play_legally_to_the_end():
    """Random house-rule files that write a stacked wait: bots on the legality API add
    to waits and accept them; every hand ends or runs long without a refusal."""
    from referee.simulator.tables import random_table
    from referee.simulator.crosscheck import cross_check
    seeds = []
    for seed in range(400):
        rules, text, _players = random_table(random.Random(seed))
        if "stack = true" in text:
            seeds.append(seed)
    assert len(seeds) >= 5, seeds
    report = cross_check(seeds)
    assert not report.findings, report.findings[0].reproduction()
    assert report.constructs["wait_added"] and report.constructs["wait_accepted"], report.constructs


def test_R10_21_tab_offers_pass_and_the_waiting_cards_while_a_wait_is_pending(tmp_path):
    from referee.interface.app import SeriesApp
    from referee.interface.complete import suggest
    from referee.series.session import OpenSeries
    from referee.series.store import SaveFile
    table = OpenSeries.create(SaveFile(tmp_path / "p.toml"), PLAYERS,
                              rules_from_table(MAKAO, "makao"), "Cees")
    app = SeriesApp(table)
    for line in ("start 9h", "4h"):
        assert app.handle_line(line).ok, line
    words = suggest("", app.view())
    assert "pass" in words and "draw" not in words
    assert {"4c", "4d", "4s"} <= set(words) and "9c" not in words
