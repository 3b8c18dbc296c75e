"""R10.84: a false last-card call (Flemish Pesten's false knock, ``[calls] last =
{ word, penalty, false_penalty }``), through the engine, over random house-rule
tables, and through the command line as a family types it."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from referee.engine import Hand
from referee.engine.cards import CARDS, deck_ranks
from referee.engine.rules import RulesError
from referee.series.presets import load_rules, rules_from_table
from referee.series.spoken import table_lexicon
from referee.simulator.tables import random_rules
from referee.words.events import told
from conftest import play

PLAYERS = ["Anna", "Bram", "Cees"]




def hand(rules) -> Hand:
    """A hand read as the table reads it: the game's call words too (R10.80)."""
    return Hand(rules, PLAYERS, "Cees", lexicon=table_lexicon(rules))


def flemish() -> Hand:
    return hand(load_rules("pesten-vlaams"))


def test_R10_84_a_knock_with_more_than_one_card_costs_five():
    h = flemish()
    play(h, "start 9h")
    ruling = play(h, "9s klop")
    assert h.counts["Anna"] == 6 + 5
    text = told(ruling)
    assert 'Anna: "klop!" holding 6 cards, with no call due: a false call costs 5 cards' in text
    assert "(R10.84)" in text and h.turn == "Bram"
    play(h, "Cees: lk")                     # ``lk`` is the knock too, named: Cees pays
    assert h.counts["Cees"] == 7 + 5


def test_R10_84_a_lone_knock_nobody_owes_must_name_its_player():
    h = flemish()
    play(h, "start 9h", "9s")
    ruling = h.apply_line("klop")
    assert not ruling.ok and ruling.rule == "R10.84"
    assert "name who said it, like `Bram: klop`" in told(ruling)
    assert h.counts == {"Anna": 6, "Bram": 7, "Cees": 7}   # nothing changed


def test_R10_84_a_knock_in_time_late_or_twice_is_not_false():
    rules = rules_from_table({"extends": "pesten-vlaams", "deal_size": 2}, "two")
    h = hand(rules)
    play(h, "start 9h", "9s klop")          # in time: one card left
    assert h.counts["Anna"] == 1
    play(h, "Anna: klop")                   # said again: no effect
    assert h.counts["Anna"] == 1
    play(h, "Bram: 9d", "Cees: 9c")         # Bram forgot; Cees acted: Bram is late
    play(h, "Bram: klop")
    assert h.counts["Bram"] == 1
    one = hand(rules_from_table({"extends": "pesten-vlaams", "deal_size": 1}, "one"))
    play(one, "start 9h", "Bram: klop")     # dealt one card: no call owed, yet not false
    assert one.counts["Bram"] == 1


def test_R10_84_without_false_penalty_a_call_nobody_owes_has_no_effect():
    h = hand(load_rules("mau-mau"))
    play(h, "start 9h")
    ruling = play(h, "9s Mau", "Mau")        # a lone call stays the player to act's, no cost
    assert h.counts == {"Anna": 4, "Bram": 5, "Cees": 5}
    assert "owes no announcement now; it has no effect (R4.1)" in told(ruling)


@pytest.mark.parametrize("value", [-1, "5", 1.5])
def test_R10_84_false_penalty_is_checked_like_every_key(value):
    with pytest.raises(RulesError) as caught:
        rules_from_table({"calls": {"last": {"word": "klop", "false_penalty": value}}}, "f")
    assert caught.value.key == "calls.last.false_penalty"


def test_R10_84_a_named_false_call_costs_false_penalty_under_random_tables():
    """Under any rule set whose call has ``false_penalty``, a player who is owed no
    call and holds other than one card draws exactly that many cards (while the piles
    hold them) by calling; one holding one card draws nothing."""
    rng = random.Random(84)
    seen = 0
    for _ in range(600):
        rules, text = random_rules(rng)
        cost = rules.false_call_cost()
        if not cost or rules.free_order:
            continue
        plain = next((c for c in CARDS if c.rank != "Joker" and not rules.card_entry(c)[1]
                      and c.rank in deck_ranks(rules.deck)), None)
        if plain is None:
            continue
        h = Hand(rules, PLAYERS, "Cees")
        if not h.apply_line(f"start {plain}").ok or h.status != "playing":
            continue
        caller = next(p for p in PLAYERS if p != h.turn and p in h.counts)
        before, pile = h.counts[caller], h.draw_pile + len(h.discard) - 1
        ruling = h.apply_line(f"{caller}: lk")
        assert ruling.ok, (text, told(ruling))
        seen += 1
        if before == 1:
            assert h.counts[caller] == 1, text
        else:
            assert h.counts[caller] == before + min(cost, pile), text
    assert seen >= 15


def test_R10_84_flemish_pesten_tells_the_false_knock_in_its_book_and_at_the_prompt(tmp_path):
    run = [sys.executable, "-m", "referee"]
    book = subprocess.run(run + ["rules", "pesten-vlaams"], capture_output=True,
                          text=True).stdout
    assert 'One who says "klop!" with no call due draws 5 cards (R10.84).' in " ".join(
        book.split())
    save = tmp_path / "s.toml"
    subprocess.run(run + ["new", "--players", "Anna,Bram,Cees", "--rules", "pesten-vlaams",
                          "--dealer", "Cees", "--save", str(save)], check=True,
                   capture_output=True)
    script = tmp_path / "hand.txt"
    script.write_text("start 9h\n9s klop\nklop\n", encoding="utf-8")
    r = subprocess.run(run + ["play", "--script", str(script), "--keep-going", "--save",
                              str(save)], capture_output=True, text=True)
    out = " ".join((r.stdout + r.stderr).split())
    assert "a false call costs 5 cards, which Anna draws (R10.84)" in out
    assert "line 3: klop: refused: Nobody owes \"klop!\" now" in out
