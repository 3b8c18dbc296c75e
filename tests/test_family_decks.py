"""R10.40-R10.41: decks of 52, 36 and 32 cards, and German and Swiss cards in the rule
book.  The engine counts from the deck (R1.3, R1.4); a card the deck does not hold is
refused under R1.3 wherever it is typed: played, as the starter, in ``fix``, in a
score's cards; the table-fit check counts from it; the simulator deals it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cli, make_hand, play, refused
from referee.engine.cards import Card, deck_ranks, full_deck
from referee.engine.rulecheck import check_table_fits
from referee.engine.rules import HouseRules, RulesError
from referee.messages import say
from referee.series.presets import load_rules
from referee.words.events import told


@pytest.fixture
def save(tmp_path) -> Path:
    return tmp_path / "pesten.toml"


@pytest.mark.parametrize("deck, lowest, total", [(52, "2", 54), (36, "6", 38), (32, "7", 34)])
def test_R10_40_the_deck_gives_the_ranks_and_the_cards_in_play(deck, lowest, total):
    assert deck_ranks(deck)[0] == lowest and deck_ranks(deck)[-1] == "A"
    assert len(full_deck(2, deck)) == total
    hand = make_hand(HouseRules(deck=deck, deal_size=5))
    assert hand.deck_total == total
    assert hand.state()["draw_pile"] == total - 15
    assert make_hand(HouseRules(deck=deck, decks=2)).deck_total == 2 * total


def test_R10_40_a_card_the_deck_does_not_hold_is_refused_under_R1_3():
    hand = make_hand(HouseRules(deck=32))
    r = refused(hand, "start 6h", "R1.3")
    assert ("deck", 32) in r.house_rules()
    assert told(r) == ("There is no 6♥ in this game: its 32-card deck runs from Seven to Ace "
                       "(R1.3, deck = 32).")
    play(hand, "start 7h")
    r = refused(hand, "5h", "R1.3")
    assert "no 5♥ in this game" in told(r)
    refused(hand, "d 2h", "R1.3")
    play(hand, "8h")                                  # an Eight is in the deck
    refused(hand, "fix play Bram 6h", "R1.3")


def test_R10_40_a_36_card_deck_holds_the_six_but_not_the_five():
    hand = make_hand(HouseRules(deck=36), lines=["start 6h"])
    play(hand, "6d")
    refused(hand, "5d", "R1.3")


def test_R10_40_the_table_fit_counts_from_the_deck_naming_its_line(tmp_path):
    check_table_fits(HouseRules(deck=32), 4)          # 4 x 7 + 1 = 29 <= 34
    with pytest.raises(RulesError):
        check_table_fits(HouseRules(deck=32), 5)      # 36 > 34
    path = tmp_path / "ours.toml"
    path.write_text("# ours\ndeck = 32\ndecks = 1\n", encoding="utf-8")
    shown = cli(None, "new", "--players", "Anna,Bram,Cees,Dirk,Eva", "--rules", str(path),
                "--save", str(tmp_path / "s.toml"), code=2).output
    assert "34" in shown and "line" in shown


def test_R10_40_a_deck_out_of_range_is_refused_naming_file_line_key(tmp_path):
    path = tmp_path / "ours.toml"
    path.write_text("# ours\ndeck = 40\n", encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_rules(str(path))
    err = caught.value
    assert (err.file, err.line, err.key) == (str(path), 2, "deck")
    assert all(n in say(err.allowed) for n in ("52", "36", "32"))


def test_R10_40_a_score_with_a_card_the_deck_does_not_hold_is_refused(save, tmp_path):
    path = tmp_path / "mau.toml"
    path.write_text("deck = 32\n", encoding="utf-8")
    cli(save, "new", "--players", "Anna,Bram,Cees", "--rules", str(path), "--dealer", "Cees")
    shown = cli(save, "score", "--winner", "Anna", "Bram=7h 5c", "Cees=Ks", code=1).output
    assert "Bram cannot hold 5♣" in shown and "R1.3" in shown
    done = json.loads(cli(save, "score", "--winner", "Anna", "Bram=7h 8c", "Cees=Ks", "--json").stdout)
    assert done["result"]["points"] == {"Anna": 0, "Bram": 15, "Cees": 10}


def test_R10_40_the_simulator_deals_the_deck_and_the_referee_agrees(tmp_path):
    path = tmp_path / "d32.toml"
    path.write_text("deck = 32\ndeal_size = 5\n", encoding="utf-8")
    shown = json.loads(cli(None, "simulate", "--rules", str(path), "--players", "4", "--hands",
                           "100", "--seed", "3", "--jobs", "1", "--json").stdout)
    assert (shown["refused_entries"], shown["mismatches"]) == (0, 0)
    assert Card("7", "h") in full_deck(0, 32) and Card("6", "h") not in full_deck(0, 32)


def test_R10_41_the_rule_book_gives_the_german_and_swiss_names():
    book = " ".join(cli(None, "rules", "standard", "R10.41").stdout.split())
    assert "Ober = Queen" in book and "Unter = Jack" in book and "Banner = Ten" in book
    assert "Schilten" in book and "Eichel" in book


def test_R10_40_the_rule_book_says_the_deck_in_force(tmp_path):
    path = tmp_path / "mau.toml"
    path.write_text("deck = 32\n", encoding="utf-8")
    book = " ".join(cli(None, "rules", str(path), "R10.40").stdout.split())
    assert "Here each deck holds 32 cards, Seven to Ace." in book and "`deck = 32`" in book
    book = " ".join(cli(None, "rules", str(path), "R1.3").stdout.split())
    assert "of 32 cards plus 2 Jokers: 34 cards" in book


def test_R10_40_tab_offers_no_card_the_deck_does_not_hold():
    from referee.interface.app import spent_cards
    from referee.interface.complete import HandView
    from referee.series.spoken import table_lexicon
    hand = make_hand(HouseRules(deck=32), lines=["start 7h"])
    spent = spent_cards(hand)
    assert "5h" in spent and "2c" in spent and "7d" not in spent and "Ac" not in spent
    offered = HandView(players=("Anna", "Bram", "Cees"), status="playing", turn="Anna",
                       spent=spent, lexicon=table_lexicon()).cards()
    assert "5h" not in offered and "7d" in offered and "As" in offered
    assert "5h" not in spent_cards(make_hand(HouseRules(), lines=["start 7h"]))
