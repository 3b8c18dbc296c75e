"""One sentence per event (issue 33): a ruling tells each thing that happened once,
in the order it happened, in every language (``referee.words.events.told``).

The property is checked over the recorded hands of ``tests/data/transcripts`` and
over random play (the legal entries the legality API offers, chosen by a seeded
random generator) under rule sets whose cards draw, skip, reverse, end on a
``draw_after`` finish and count as starters; the rulings of the cases the issue
names are checked word for word.
"""

from __future__ import annotations

import glob
import json
import os
import random
import re

import pytest

from referee.engine import Hand
from referee.engine.cards import CARDS
from referee.series.presets import load_rules, rules_from_table
from referee.words.events import sentence, told

LANGUAGES = ("en", "nl", "fr", "it", "pt")
TRANSCRIPTS = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "data", "transcripts",
                                            "*.jsonl")))
# Rule sets whose cards make several events: applied draws, skips, reshuffles, R9.15.
TABLES = (
    ("hard", {}),
    ("standard", {"finish": {"mode": "draw_after", "draw": 2}, "deal_size": 3}),
    ("hard", {"start_card": "applies", "deal_size": 4}),
    ("standard", {"actions": {"K": ["skip", "skip"], "4": {"skip": 2}, "5": {"others_draw": 1},
                              "Q": {"draw": 1}, "3": {"draw": 2, "to": "self"}},
                  "start": {"mode": "applies"}, "deal_size": 5}),
    ("standard", {"illegal_play_penalty": 2, "false_call_penalty": 2, "deal_size": 4}),
)
_RULE = re.compile(r"\s*\(R\d[^)]*\)")
# A sentence ends at . ! or ? followed by a blank and a capital letter or a card.
_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý0-9\"«])")


def repeats(ruling) -> list[tuple[str, str]]:
    """The sentences of ``ruling`` that say again what another one says (``said_again``)."""
    return said_again(told(ruling), [s for s in (sentence(e) for e in ruling.events) if s])


def said_again(text: str, own: list[str]) -> list[tuple[str, str]]:
    """The sentences of ``text`` that say again what another one says: the same
    sentence more often than the events' own sentences ``own`` say it (two reshuffles
    are told twice), or one held within another, rule ids left out ("Cees draws 1 card
    (R2.4). Cees draws 1 card.")."""
    said = [_RULE.sub("", s).strip().rstrip(".") for s in _END.split(text) if s.strip()]
    own = [_RULE.sub("", s).strip().rstrip(".") for s in own]
    out = []
    for i, a in enumerate(said):
        if said.count(a) > max(1, own.count(a)):
            out.append((a, a))
        out.extend((a, b) for j, b in enumerate(said) if j != i and a and a != b and a in b)
    return out


def random_rulings(preset: str, table: dict, players: list[str], seed: int):
    """The rulings of one hand of random legal play (at most 150 entries)."""
    rnd = random.Random(seed)
    rules = rules_from_table({"extends": preset, **table}, "test") if table else load_rules(preset)
    hand = Hand(rules, players, players[-1])
    for card in rnd.sample(list(CARDS), len(CARDS)):
        ruling = hand.apply_line(f"start {card}" + (" h" if hand.legal().player is None
                                                     and card.rank == "J" else ""))
        yield ruling
        if hand.status == "playing":
            break
    for _ in range(150):
        if hand.status != "playing":
            return
        who = hand.turn or rnd.choice(list(hand.active))
        legal = hand.legal(who)
        options = [f"{c} {rnd.choice('cdhs')}" if legal.names_suit(c) else str(c)
                   for c in legal.plays]
        options += ["d", "d"] if legal.draw_open else []
        options += ["pass", "pass"] if legal.passes else []
        options += [f"d {c}" for c in legal.draw_plays[:2] if not legal.names_suit(c, drawn=True)]
        options += [f"call {rnd.choice(list(hand.active))}"] if rnd.random() < 0.1 else []
        options += ["3c"] if rnd.random() < 0.05 else []  # (an illegal play: R3.8)
        if not options:
            return
        yield hand.apply_line((f"{who}: " if hand.free else "") + rnd.choice(options))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_ruling_of_a_recorded_hand_repeats_a_sentence(language, speak):
    speak(language)
    assert TRANSCRIPTS
    for path in TRANSCRIPTS:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        head = rows[0]
        hand = Hand(rules_from_table(head["rules_table"], head["rules"]), head["players"],
                    head["dealer"])
        for row in rows[1:]:
            ruling = hand.apply_line(row["input"])
            assert not repeats(ruling), (path, row["input"], told(ruling))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset,table", TABLES)
def test_no_ruling_of_random_play_repeats_a_sentence(language, preset, table, speak):
    speak(language)
    for seed in range(3):
        for players in (["Anna", "Bram"], ["Anna", "Bram", "Cees", "Dirk"]):
            for ruling in random_rulings(preset, table, players, seed):
                assert not repeats(ruling), (preset, table, seed, told(ruling))


def test_the_check_finds_a_sentence_said_twice():
    """The property is not empty: the rulings the issue quoted fail it."""
    assert said_again("The starter 5♥ counts: Cees draws 1 card (R2.4). Cees draws 1 card.",
                      [])
    assert said_again("Anna plays K♥: Bram misses the turn, so Anna plays again (R9.5). "
                      "Anna plays K♥: Bram misses the turn, so Anna plays again (R9.5).", [])
    reshuffled = "The draw pile is empty: it is shuffled (R3.5)."
    assert not said_again(f"{reshuffled} Anna draws 2 cards. {reshuffled}", [reshuffled] * 2)


# -- the cases of the issue, word for word ------------------------------------------

def hand(table: dict, players=("Anna", "Bram", "Cees"), preset="standard") -> Hand:
    return Hand(rules_from_table({"extends": preset, **table}, "test"), list(players),
                players[-1])


def test_R9_15_draw_after_tells_the_play_once_and_the_draw_once(speak):
    h = hand({"deal_size": 1, "finish": {"mode": "draw_after", "draw": 1}},
             players=("Papa", "Mama", "Cees"))
    h.apply_line("start 9c")
    assert told(h.apply_line("Jc h")) == (
        "J♣ was Papa's last card: it stands, and Papa draws 1 card and is not out (R9.15). "
        "Papa plays J♣ and names hearts (R5.4). Mama is to play.")  # (R9.15: the draw first)
    speak("nl")
    h = hand({"deal_size": 1, "finish": {"mode": "draw_after", "draw": 1}},
             players=("Papa", "Mama", "Cees"))
    h.apply_line("start 9c")
    assert told(h.apply_line("Jc h")) == (
        "B♣ was de laatste kaart van Papa: die blijft liggen, en Papa pakt 1 kaart en is niet "
        "uit (R9.15). Papa speelt B♣ en vraagt harten (R5.4). Mama is aan de beurt.")


def test_R5_4_a_last_jack_that_stands_under_draw_after_names_a_suit():
    h = hand({"deal_size": 1, "finish": {"mode": "draw_after", "draw": 1}})
    h.apply_line("start 9c")
    ruling = h.apply_line("Jc")  # (it was taken without a suit, and then could not be said)
    assert not ruling.ok and ruling.rule == "R5.4" and ruling.needs_suit
    assert h.apply_line("Jc d").ok and h.named_suit == "d" and h.counts["Anna"] == 1


def test_R2_4_a_starter_that_makes_a_player_draw_is_told_once():
    h = hand({"start": {"mode": "applies"}, "actions": {"5": {"draw": 1, "at_once": True}}})
    said = told(h.apply_line("start 5h"))
    assert said.count("Anna draws 1 card") == 1, said
    assert h.counts["Anna"] == 8


def test_R9_5_a_rank_with_two_skips_is_told_in_one_sentence():
    h = hand({"actions": {"K": ["skip", "skip"]}}, players=("Anna", "Bram"))
    h.apply_line("start 9h")
    assert told(h.apply_line("Kh")) == (
        "Anna plays K♥: Bram misses the next 2 turns; Anna is next (R9.5).")
    h = hand({"actions": {"K": ["skip", "skip"]}}, players=("Anna", "Bram", "Cees", "Dirk"))
    h.apply_line("start 9h")
    assert told(h.apply_line("Kh")) == (
        "Anna plays K♥: Bram misses the turn and Cees misses the turn; Dirk is next (R9.5).")


def test_R3_5_a_reshuffle_is_told_before_the_draw_it_happened_in():
    h = hand({"deal_size": 1, "decks": 1, "jokers": False}, players=("Anna", "Bram"))
    h.apply_line("start 9h")
    while h.draw_pile:  # (both draw until the pile is empty; the discard holds the starter)
        h.apply_line("d")
    assert h.apply_line("9c").ok and h.draw_pile == 0
    said = told(h.apply_line("d"))
    assert said.index("The draw pile is empty") < said.index("draws a card"), said
