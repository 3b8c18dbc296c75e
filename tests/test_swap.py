"""R10.30-R10.31 swap with a chosen player (``{ swap = "choose" }``, typed ``7h Anna``):
through the notation, the engine, the file, ``rules FILE`` and ``play --script``.

Default table: Anna, Bram, Cees with Cees dealing, so Anna plays first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import make_hand, play, refused, subprocess_cli
from referee.engine.actionevents import CardsMoved
from referee.engine.cards import NotationError
from referee.engine.notation import parse_line
from referee.series.presets import rules_from_table
from referee.words.events import told

ROOT = Path(__file__).resolve().parents[1]
SEVEN = rules_from_table({"actions": {"7": {"swap": "choose"}}})


def hand(rules=SEVEN, *lines: str):
    return make_hand(rules, lines=("start 9h", *lines))


def test_R10_30_the_name_after_a_card_that_swaps_is_notation():
    h = hand()
    line = h.parse("7h Bram lk")
    assert line.actions[0].target == "Bram" and line.canonical() == "7h Bram lk"
    assert h.parse("d 7h Bram").canonical() == "d 7h Bram"
    with pytest.raises(NotationError):
        h.parse("9h Bram")                           # a card that swaps nothing
    with pytest.raises(NotationError):
        parse_line("7h Bram")                        # the parser alone knows no swap


def test_R10_30_the_two_players_swap_hands_and_the_table_is_told():
    h = hand(SEVEN, "fix count Bram 4")
    ruling = play(h, "7h Bram")
    assert ruling.rule == "R10.30"
    moved = next(e for e in ruling.events if type(e) is CardsMoved)
    assert moved.kind == "swap" and moved.moves == (("Anna", "Bram", 6), ("Bram", "Anna", 4))
    assert h.counts == {"Anna": 4, "Bram": 6, "Cees": 7} and h.turn == "Bram"
    assert "Anna plays 7♥ and swaps hands with Bram (R10.30)." in told(ruling)


@pytest.mark.parametrize("line, why", [
    ("7h", "name them after the card, like `7h Bram`"),
    ("7h Zed", "no player called Zed"),
    ("7h anna", "cannot swap hands with themself"),
])
def test_R10_30_a_missing_unknown_or_own_name_is_refused(line, why):
    ruling = refused(hand(), line, "R10.30")
    assert why in told(ruling)


def test_R10_30_a_player_who_left_cannot_be_named():
    h = make_hand(SEVEN, ("Anna", "Bram", "Cees", "Dirk"), "Dirk",
                  lines=("start 9h", "leave Cees"))
    ruling = refused(h, "7h Cees", "R10.30")
    assert "no longer in this hand" in told(ruling)


def test_R10_30_the_name_follows_the_suit_a_card_names():
    rules = rules_from_table({"actions": {"Q": ["name_suit", "swap"]}})
    h = hand(rules)
    play(h, "Qh s Cees")
    assert h.named_suit == "s" and h.counts["Anna"] == 7 and h.counts["Cees"] == 6


def test_R10_30_a_drawn_card_played_at_once_swaps():
    h = hand(SEVEN)
    play(h, "d 7h Cees")
    assert h.counts == {"Anna": 7, "Bram": 7, "Cees": 7} and h.turn == "Bram"
    refused(h, "d 7c", "R10.30")


def test_R10_30_each_card_of_a_double_swaps_in_turn():
    rules = rules_from_table({"actions": {"7": {"swap": "choose"}}, "multi_play": "same_rank"})
    h = hand(rules, "fix count Bram 3")
    ruling = play(h, "7h+7s Bram")
    assert sum(type(e) is CardsMoved for e in ruling.events) == 2
    assert h.counts["Anna"] == 5 and h.counts["Bram"] == 3


def test_R10_30_going_out_on_a_card_that_swaps_needs_no_name_and_swaps_nothing():
    rules = rules_from_table({"actions": {"7": {"swap": "choose"}}, "finish_on_action": True})
    h = hand(rules, "fix count Anna 1")
    play(h, "7h")
    assert h.status == "over" and h.winner == "Anna"


def test_R10_30_a_starter_swaps_nothing():
    rules = rules_from_table({"actions": {"7": {"swap": "choose"}},
                              "start": {"mode": "applies", "ranks": ["7"]}})
    h = make_hand(rules, lines=("start 7h",))
    assert h.counts == {"Anna": 7, "Bram": 7, "Cees": 7} and h.turn == "Anna"


def test_R10_31_who_holds_one_card_after_a_swap_owes_the_call():
    h = hand(SEVEN, "fix count Bram 2")
    play(h, "9c")                                    # Anna 6, Bram to play
    play(h, "7c Anna")                               # Bram (1 after the play) takes Anna's 6
    assert h.counts["Bram"] == 6 and h.counts["Anna"] == 1
    assert h.last_card == {"Anna": "open"}
    assert h.state()["announce_due"] == "Anna"


def test_R10_30_rules_file_says_the_swap_in_words(tmp_path):
    path = tmp_path / "ours.toml"
    path.write_text('extends = "standard"\n[actions]\n"7" = { swap = "choose" }\n',
                    encoding="utf-8")
    env = {**os.environ, "PESTEN_REF_LANG": "en", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "referee", "rules", str(path)],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "swaps hands with a player they name (R10.30)" in done.stdout


def test_R10_30_a_bad_swap_value_names_the_file_line_and_what_is_allowed(tmp_path):
    from conftest import refusal
    text = refusal(tmp_path, '[actions]\n"7" = { swap = "left" }\n')
    assert "ours.toml, line 2" in text and '"choose"' in text


def test_R10_30_play_script_swaps_hands_and_refuses_a_missing_name(tmp_path):
    rules = tmp_path / "ours.toml"
    rules.write_text('extends = "standard"\n[actions]\n"7" = { swap = "choose" }\n',
                     encoding="utf-8")
    run = subprocess_cli(tmp_path)

    run("new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", str(rules))
    script = tmp_path / "hand.txt"
    script.write_text("start 9h\n9c\n7c Anna\n", encoding="utf-8")
    shown = run("play", "--script", str(script)).stdout
    assert "Bram plays 7♣ and swaps hands with Anna (R10.30)." in shown
    state = json.loads(run("state", "--json").stdout)
    assert state["counts"] == {"Anna": 6, "Bram": 6, "Cees": 7} and state["turn"] == "Cees"
    script.write_text("7s\n", encoding="utf-8")
    out = run("play", "--script", str(script), code=1)
    assert "R10.30" in out.stdout + out.stderr


def test_R10_30_tab_offers_the_players_to_swap_with_after_the_card_and_its_suit():
    from referee.engine.compiled import tables_for
    from referee.interface.complete import HandView, suggest
    rules = rules_from_table({"actions": {"7": {"swap": "choose"}, "Q": ["name_suit", "swap"]}})
    t = tables_for(rules)
    view = HandView(players=("Anna", "Bram", "Cees"), turn="Anna", fits=("7h", "9h"),
                    names=t.names, swaps=t.swaps)
    assert suggest("7h ", view) == ["Bram", "Cees"]
    assert suggest("Qh s ", view) == ["Bram", "Cees"]
    assert suggest("7h B", view) == ["Bram"]
    assert "Bram" not in suggest("9h ", view)


def test_R10_30_R10_64_a_swapping_card_played_through_in_a_run_swaps_nothing():
    """Only the cards of a run's last rank act (R10.64): a Seven in the middle of a
    run asks for no name and moves no hand."""
    rules = rules_from_table({"multi_play": "run", "actions": {"7": {"swap": "choose"}}})
    h = hand(rules)
    ruling = play(h, "6h+7h+8h")
    assert not any(type(e) is CardsMoved for e in ruling.events)
    assert h.counts == {"Anna": 4, "Bram": 7, "Cees": 7}
    assert "7h Bram" in told(refused(hand(rules), "8h+7h", "R10.30"))


def test_R10_30_R10_82_the_call_on_going_out_after_a_swapping_card_is_no_name():
    """``7h Mau-Mau`` going out: the word is the rule set's call on going out, not a
    player to swap with (the bots of ``simulate`` typed it; it was refused)."""
    rules = rules_from_table({"multi_play": "same_rank_or_run",
                              "actions": {"7": {"swap": "choose"}},
                              "finish": {"mode": "allowed"},
                              "calls": {"out": {"word": "Mau-Mau"}}})
    from referee.engine import Hand
    from referee.series.spoken import table_lexicon

    def game(count: int) -> Hand:
        h = Hand(rules, ["Anna", "Bram", "Cees"], "Cees", lexicon=table_lexicon(rules))
        play(h, "start 9h", f"fix count Anna {count}")
        return h
    h = game(1)
    assert type(h.parse("7h Mau-Mau").actions[1]).__name__ == "OutCall"
    ruling = play(h, "7h Mau-Mau")
    assert h.status == "over" and '"Mau-Mau!"' in told(ruling)
    h = game(2)
    ruling = play(h, "7h+6h Mau-Mau")                 # (the run's 7 is played through)
    assert h.status == "over" and '"Mau-Mau!"' in told(ruling)
