"""R9.8 ``not_on``: a card that names a suit, barred on the cards its keys name
(Mau-Mau's "no Jack on a Jack", Huit américain's Eight never on an Eight or an
Ace), through the engine, over random house-rule tables with real cards, and
through ``play --script`` as a family types it."""

from __future__ import annotations

import random
import subprocess
import sys

from referee.engine import Hand
from referee.engine.cardkeys import key_cards
from referee.engine.cards import CARDS, SUITS
from referee.engine.compiled import tables_for
from referee.engine.rules import RulesError
from referee.series.presets import load_rules, rules_from_table
from referee.simulator.tables import random_rules
from referee.words.events import told

PLAYERS = ["Anna", "Bram", "Cees"]
NO_JACK_ON_JACK = {"actions": {"J": {"name_suit": True, "wild": True, "not_on": ["J"]}}}


def play(h: Hand, *lines: str):
    ruling = None
    for line in lines:
        ruling = h.apply_line(line)
        assert ruling.ok, (line, told(ruling))
    return ruling


def refused(h: Hand, line: str):
    ruling = h.apply_line(line)
    assert not ruling.ok, (line, told(ruling))
    return ruling


def test_R9_8_not_on_bars_a_wild_jack_on_a_jack_whatever_suit_is_named():
    h = Hand(rules_from_table(NO_JACK_ON_JACK, "f"), PLAYERS, "Cees")
    play(h, "start 9s", "Js h")
    for line in ("Jc d", "Jh s"):       # another suit, or the named suit itself
        ruling = refused(h, line)
        assert ruling.rule == "R9.8"
        text = told(ruling)
        assert "may not go on J♠" in text and "but not a Jack" in text
    play(h, "9h")                        # the named suit goes on
    play(h, "Jd c")                      # and a Jack on a Nine
    assert h.named_suit == "c"


def test_R9_8_without_not_on_a_wild_jack_still_goes_on_a_jack():
    h = Hand(rules_from_table({"actions": {"J": {"name_suit": True, "wild": True}}}, "f"),
             PLAYERS, "Cees")
    play(h, "start 9s", "Js h", "Jc d")


def test_R9_8_not_on_keys_are_checked_like_every_card_key():
    try:
        rules_from_table({"actions": {"J": {"name_suit": True, "not_on": ["Xx"]}}}, "f")
    except RulesError as exc:
        assert exc.key == "actions.J"
    else:  # pragma: no cover
        raise AssertionError("a key naming no card was accepted")


def test_R9_8_huit_americain_eight_never_on_an_eight_or_an_ace_but_cancels_a_live_ace():
    h = Hand(load_rules("huit-americain"), PLAYERS, "Cees")
    play(h, "start 4s", "8s h")
    assert refused(h, "8h c").rule == "R9.8"     # never two Eights in a row
    play(h, "Ah")                                # Bram: an Ace, 2 for Cees to draw
    play(h, "8d c")                              # Cees: on a live Ace the Eight cancels it
    assert h.pending == 0
    h = Hand(load_rules("huit-americain"), PLAYERS, "Cees")
    play(h, "start 4h", "Ah", "d")               # Bram draws the Ace's 2
    assert refused(h, "8h c").rule == "R9.8"     # the Ace is dead: no Eight on it


def test_R9_8_not_on_holds_under_random_tables_with_real_cards():
    """Under any rule set, a card whose ``name_suit`` bars it on some cards is never
    legal on them, whatever suit is named, and every other card's legality is as
    it would be without ``not_on``."""
    rng = random.Random(98)
    seen = 0
    for _ in range(400):
        rules, text = random_rules(rng)
        if "not_on" not in text:
            continue
        seen += 1
        t = tables_for(rules)
        barred: dict[int, set[int]] = {}
        for card in CARDS:
            for e in rules.card_entry(card)[1]:
                if e.kind == "name_suit":
                    for top in (c for key in e.not_on for c in key_cards(key)):
                        barred.setdefault(top.id, set()).add(card.id)
        for top in CARDS:
            for named in (None, *SUITS):
                mask = t.fits(top, named)
                for card in CARDS:
                    if card.id in barred.get(top.id, ()):
                        assert not mask >> card.id & 1, (text, top, named, card)
    assert seen >= 20


def test_R9_8_mau_mau_refuses_a_jack_on_a_jack_at_the_prompt(tmp_path):
    save = tmp_path / "s.toml"
    run = [sys.executable, "-m", "referee", ]
    subprocess.run(run + ["new", "--players", "Anna,Bram", "--rules", "mau-mau", "--dealer",
                          "Bram", "--save", str(save)], check=True, capture_output=True)
    script = tmp_path / "hand.txt"
    script.write_text("start 9s\nJs h\nJc d\n", encoding="utf-8")
    r = subprocess.run(run + ["play", "--script", str(script), "--save", str(save)],
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert ("line 3: Jc d: refused: J♣ may not go on J♠ under these house rules: play any "
            "hearts, but not a Jack, or draw (R9.8).") in r.stdout + r.stderr
    rules = subprocess.run(run + ["rules", "mau-mau"], capture_output=True, text=True).stdout
    assert "it may not go" in rules and "a Jack (R9.8)" in " ".join(rules.split())
