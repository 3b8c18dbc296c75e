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
from conftest import play, refused

PLAYERS = ["Anna", "Bram", "Cees"]
NO_JACK_ON_JACK = {"actions": {"J": {"name_suit": True, "wild": True, "not_on": ["J"]}}}




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


def random_tables_with(word: str, seed: int, files: int):
    """The rule sets (with their text, compiled tables) of ``files`` random house-rule
    files that write ``word``, from the seed ``seed``."""
    rng = random.Random(seed)
    for _ in range(files):
        rules, text = random_rules(rng)
        if word in text:
            yield rules, text, tables_for(rules)


def test_R9_8_not_on_holds_under_random_tables_with_real_cards():
    """Under any rule set, a card whose ``name_suit`` bars it on some cards is never
    legal on them, whatever suit is named."""
    seen = 0
    for rules, text, t in random_tables_with("not_on", 98, 400):
        seen += 1
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
    script.write_text("start 9s\nJs h\nJc d\nwhy\n", encoding="utf-8")
    r = subprocess.run(run + ["play", "--script", str(script), "--keep-going", "--save",
                              str(save)], capture_output=True, text=True)
    assert r.returncode == 1
    out = " ".join((r.stdout + r.stderr).split())
    assert ("line 3: Jc d: refused: J♣ may not go on J♠ under these house rules: play any "
            "hearts, but not a Jack, or draw (R9.8).") in out
    # ``why`` names the entry that bars it, and where it was set
    assert ('House rule `[actions] J = { name_suit = true, wild = true, not_on = ["J"] }` '
            "(R9.8). Set by the preset Mau-Mau.") in out
    rules = subprocess.run(run + ["rules", "mau-mau"], capture_output=True, text=True).stdout
    assert "it may not go" in rules and "a Jack (R9.8)" in " ".join(rules.split())


WILD_OUT = {"deal_size": 2, "finish": {"mode": "allowed"},
            "actions": {"A": {"name_suit": True, "wild": True, "wild_out": False}}}


def test_R9_8_wild_out_false_a_wild_card_going_out_must_match_as_any_card():
    h = Hand(rules_from_table(WILD_OUT, "f"), PLAYERS, "Cees")
    play(h, "start 9h", "9s", "9d", "9c")          # everyone holds one card now
    ruling = refused(h, "Ah")                        # Anna: an Ace on 9♣, going out
    assert ruling.rule == "R9.8"
    assert "A♥ is not wild as the last card" in told(ruling) and "match 9♣" in told(ruling)
    play(h, "Ac")                                    # of the top card's suit: out
    assert h.status == "over" and h.winner == "Anna"


def test_R9_8_wild_out_false_the_card_stays_wild_before_the_last_card_and_on_a_named_suit():
    h = Hand(rules_from_table({**WILD_OUT, "deal_size": 3}, "f"), PLAYERS, "Cees")
    play(h, "start 9h", "Ah s")                      # two cards left: still wild
    play(h, "Bram: As d")                            # Bram names diamonds, two left
    play(h, "Cees: 5d", "Anna: 5s", "Bram: 5c")      # one card each now
    ruling = refused(h, "Cees: Ad")                  # on 5♣, no suit named: must match
    assert ruling.rule == "R9.8"
    play(h, "Cees: d")
    named_only = {**WILD_OUT, "deal_size": 3, "actions": {"A": {
        "name_suit": True, "wild": True, "wild_out": False, "on_same_rank": "named_suit"}}}
    h2 = Hand(rules_from_table(named_only, "f"), PLAYERS, "Cees")
    play(h2, "start 9h", "9s", "9d", "9c", "5c", "5d", "Ad s")   # Cees names spades
    ruling = refused(h2, "Anna: Ah")                 # Anna's last card, not a spade
    assert "must be of the named suit, spades" in told(ruling)
    play(h2, "Anna: As")                             # of the named suit: out
    assert h2.winner == "Anna"


def test_R9_8_wild_out_holds_under_random_tables_with_real_cards():
    """Under any rule set, a card that is not wild going out matches as any card does
    wherever it would without its wildness (unless ``not_on`` bars it), and on an open
    card (R10.20).  (``play_mask`` going out keeps exactly those: the tests above.)"""
    seen = 0
    for _rules, text, t in random_tables_with("wild_out", 980, 600):
        tame = [c for c in CARDS if t.tame_out >> c.id & 1]
        assert tame, text
        seen += 1
        for top in CARDS:
            for named in (None, *SUITS):
                mask, plain = t.fits(top, named), t.fits_tame(top, named)
                for card in tame:
                    if plain >> card.id & 1 and not t.barred[top.id] >> card.id & 1:
                        assert mask >> card.id & 1, (text, top, named, card)
                    if t.open >> top.id & 1:
                        assert plain >> card.id & 1
    assert seen >= 10


def test_R9_8_last_card_refuses_going_out_on_a_wild_ace_of_another_suit(tmp_path):
    save = tmp_path / "s.toml"
    house = tmp_path / "two.toml"
    house.write_text('extends = "last-card"\ndeal_size = 2\n', encoding="utf-8")
    run = [sys.executable, "-m", "referee"]
    subprocess.run(run + ["new", "--players", "Anna,Bram", "--rules", str(house), "--dealer",
                          "Bram", "--save", str(save)], check=True, capture_output=True)
    script = tmp_path / "hand.txt"
    script.write_text("start 9h\n9s Last-card\n9d\nAh\n", encoding="utf-8")
    r = subprocess.run(run + ["play", "--script", str(script), "--save", str(save)],
                       capture_output=True, text=True)
    assert ("line 4: Ah: refused: A♥ is not wild as the last card under these house rules: "
            "to go out on it, it must match 9♦ as any card does (R9.8).") in r.stdout + r.stderr
