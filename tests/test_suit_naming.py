"""One answer to "does this card name a suit" (R5.4, R9.8): the compiled table's
``Tables.names``, which the notation, the checks, ``check``, ``Legal.may_double``, a
correction, Tab and the written entry all ask (issue 30).

Under ``[actions] Q = "name_suit"`` a Queen names a suit exactly as a Jack does under
the standard rules; under ``J = "none"`` a Jack names none.
"""

from __future__ import annotations

from conftest import make_hand
from referee.engine import legality
from referee.engine.cards import parse_card
from referee.engine.compiled import tables_for
from referee.engine.lexicon import lexicon
from referee.engine.written import written
from referee.interface.complete import HandView, suggest, with_suit
from referee.series.presets import rules_from_table

QUEEN = rules_from_table({"actions": {"Q": "name_suit"}, "multi_play": "same_rank"})
PLAIN_JACK = rules_from_table({"actions": {"J": "none"}})


def queen_hand(*lines: str):
    """Anna to play on Qc (the starter), holding what the deal gave her."""
    return make_hand(QUEEN, lines=["start Qc", *lines])


def test_R9_8_check_a_queen_that_names_a_suit_says_it_may_be_played():
    hand = queen_hand()
    assert legality.refusal(hand, parse_card("Qs")) is None
    ruling = hand.check("Qs")
    assert ruling.ok and ruling.data["legal"] is True
    assert hand.check("Qs h").data["legal"] is True
    # The checked path agrees: ``Qs h`` is accepted.
    assert hand.apply_line("Qs h").ok


def test_R5_4_check_a_jack_that_names_no_suit_needs_none():
    hand = make_hand(PLAIN_JACK, lines=["start 9c"])
    assert legality.refusal(hand, parse_card("Jc")) is None
    assert hand.check("Jc").data["legal"] is True
    assert not hand.apply_line("Jc s").ok          # (a suit after a card that names none)
    assert hand.apply_line("Jc").ok


def test_R3_10_may_double_queens_that_name_a_suit():
    hand = queen_hand()
    legal = hand.legal()
    assert legal.may_double(parse_card("Qs"), [parse_card("Qh")])
    assert hand.apply_line("Qs+Qh d").ok
    assert hand.named_suit == "d"
    assert [str(c) for c in hand.discard[-2:]] == ["Qs", "Qh"]


def test_R0_2_fix_play_a_queen_that_names_a_suit_names_it():
    hand = queen_hand()
    ruling = hand.apply_line("fix play Bram Qh s")
    assert ruling.ok, ruling
    assert hand.named_suit == "s" and str(hand.top) == "Qh"


def test_R5_4_fix_play_with_a_suit_after_a_card_that_names_none_is_refused():
    hand = queen_hand()
    ruling = hand.apply_line("fix play Bram 7h s")
    assert not ruling.ok and ruling.rule == "R5.4"
    assert hand.counts["Bram"] == 7 and str(hand.top) == "Qc"


def test_R9_8_a_lone_d_after_a_card_that_names_a_suit_is_diamonds_in_every_form():
    """N1, N1b, N3 of the reproductions: ``8c d 9d``, ``d 8c d``, ``6c+6s d``."""
    eights = rules_from_table({"actions": {"8": ["name_suit", "again"]}})
    hand = make_hand(eights, lines=["start 9c"])
    assert hand.apply_line("8c d 9d").ok
    assert str(hand.top) == "9d" and hand.turn == "Bram" and hand.counts["Anna"] == 5
    hand = make_hand(rules_from_table({"actions": {"8": "name_suit"}}), lines=["start 9c"])
    assert hand.apply_line("d 8c d").ok
    assert str(hand.top) == "8c" and hand.named_suit == "d" and hand.turn == "Bram"
    sixes = rules_from_table({"multi_play": "same_rank", "actions": {"6": "name_suit"}})
    hand = make_hand(sixes, lines=["start 9c"])
    assert hand.apply_line("6c+6s d").ok
    assert str(hand.top) == "6s" and hand.counts["Anna"] == 5 and hand.named_suit == "d"


def test_R9_8_jc_d_where_the_jack_names_nothing_is_a_draw():
    """D36: under ``J = "none"`` the ``d`` after a Jack draws."""
    hand = make_hand(PLAIN_JACK, lines=["start 9c"])
    ruling = hand.apply_line("Jc d")   # (Jc passes the turn: Anna's draw is refused)
    assert not ruling.ok and ruling.rule == "R3.7"
    assert hand.named_suit is None and str(hand.top) == "9c"


def test_R9_8_tab_offers_the_suits_after_a_card_the_table_says_names_one():
    names = tables_for(QUEEN).names
    view = HandView(players=("Anna", "Bram", "Cees"), turn="Anna", fits=("Qs", "Qh"),
                    names=names)
    assert suggest("Qs ", view) == ["c", "d", "h", "s"]
    assert suggest("fix play Anna Qh ", view) == ["c", "d", "h", "s"]
    plain = HandView(players=("Anna", "Bram", "Cees"), turn="Anna", fits=("Jc",),
                     names=tables_for(PLAIN_JACK).names)
    assert "s" not in suggest("Jc ", plain)
    assert with_suit("Anna: Qs lk", "h", names=names) == "Anna: Qs h lk"
    assert with_suit("Anna: Jc lk", "h", names=tables_for(PLAIN_JACK).names) == "Anna: Jc lk h"


def test_R9_8_an_entry_is_written_with_the_suit_a_card_names_under_the_rules():
    nl = lexicon("nl")
    names = tables_for(QUEEN).names
    assert written("Qh d", nl, names) == "Vh r"          # diamonds: ruiten
    assert written("Qh d", nl) == "Vh pak"              # (standard rules: a Queen draws)
    assert written("Jh d", nl) == "Bh r"


def test_R9_8_at_the_table_check_play_and_fix_agree_on_a_queen_that_names_a_suit(tmp_path):
    """As the user meets it (``pesten-ref play --json``, lines piped): under a house-rule
    file where a Queen names a suit, ``check Qs`` says it may go, ``Qs+Qh d`` names
    diamonds, and ``fix play Bram Qc s`` names spades."""
    import json
    from conftest import cli
    house = tmp_path / "queens.toml"
    house.write_text('multi_play = "same_rank"\n\n[actions]\nQ = "name_suit"\n', encoding="utf-8")
    save = tmp_path / "pesten.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", str(house))
    lines = "start 9s\ncheck Qs\nQs+Qh d\nfix play Bram Qc s\n"
    result = cli(save, "play", "--json", input=lines)
    objects = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert [o["ok"] for o in objects] == [True, True, True, True], result.stdout
    assert objects[1]["legal"] is True
    assert objects[2]["state"]["named_suit"] == "d" and objects[2]["state"]["top"] == "Qh"
    assert objects[3]["state"]["named_suit"] == "s" and objects[3]["state"]["top"] == "Qc"
