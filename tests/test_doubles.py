"""Several cards of one rank as one play (RULES.md R3.10, ``multi_play``) and ``pass``,
the entry that sits out a skip passed on (R5.11): the notation, the engine's
rulings, the legality API, Tab completion, the simulator, the command line and
the prompt in Dutch and French (NOTATION.md "Entries", "Languages")."""

from __future__ import annotations

import json

import pytest

from conftest import cli, make_hand, play, refused
from referee.engine.cards import NotationError, parse_card
from referee.engine.notation import Pass, Play, parse_line
from referee.engine.rules import HouseRules
from referee.engine.state import Snapshot
from referee.engine import Hand
from referee.engine.lexicon import lexicon
from referee.messages import say
from referee.words.events import told
from tests.test_repl import drive, printed, saved_lines, table  # noqa: F401

DOUBLES = HouseRules(multi_play="same_rank")
FOUR = ("Anna", "Bram", "Cees", "Daan")


def doubles_hand(start: str, players=FOUR, rules: HouseRules = DOUBLES, lines=()):
    """A hand under ``rules`` (doubles played) started on ``start``: Anna to play."""
    return make_hand(rules, players, players[-1], (f"start {start}", *lines))


# -- the notation -----------------------------------------------------------------

def test_R3_10_cards_joined_by_plus_are_one_play():
    line = parse_line("Anna: 8h + 8s lk")
    play_, announce = line.actions
    assert play_ == Play(parse_card("8h"), None, (parse_card("8s"),))
    assert play_.cards == (parse_card("8h"), parse_card("8s"))
    assert line.canonical() == "Anna: 8h+8s lk"
    assert parse_line("Jh+Js+Jd c").canonical() == "Jh+Js+Jd c"
    assert parse_line("7h 8h+8s").canonical() == "7h 8h+8s"


@pytest.mark.parametrize("text", ["8h+", "8h+xx", "+8h", "8h+c"])
def test_R3_10_a_part_that_is_no_card_is_not_notation(text):
    with pytest.raises(NotationError) as err:
        parse_line(text)
    assert "8h+8s" in say(err.value)


def test_R3_10_d_card_stays_one_card():
    with pytest.raises(NotationError) as err:
        parse_line("d 8h+8s")
    assert "d 8h" in say(err.value)


def test_R5_11_pass_is_an_entry_word_in_every_language(speak):
    assert parse_line("pass").actions == (Pass(),)
    assert parse_line("Anna: pass").canonical() == "Anna: pass"
    for code, word in (("nl", "pas"), ("fr", "passe"), ("it", "passo"), ("pt", "passo")):
        lex = lexicon(code)
        line = parse_line(f"Anna: {word}", lex)
        assert line.actions == (Pass(),) and line.canonical() == "Anna: pass", code
        assert parse_line("pass", lex).actions == (Pass(),)  # the English word everywhere


def test_R3_10_dutch_and_french_cards_join_with_plus(speak):
    assert parse_line("Bh+Bs k", lexicon("nl")).canonical() == "Jh+Js c"
    assert parse_line("Vco+Vpi tr", lexicon("fr")).canonical() == "Jh+Js c"


# -- refused where doubles are not played, and the checks of a double --------------

def test_R3_10_doubles_are_refused_at_a_table_that_does_not_play_them():
    hand = make_hand(lines=("start 8c",))
    ruling = refused(hand, "8h+8s", "R3.10")
    assert "Doubles are not played at this table" in told(ruling)
    assert hand.legal().doubles is False
    assert not hand.legal().may_double(parse_card("8h"), [parse_card("8s")])


def test_R3_10_a_further_card_must_be_of_the_first_cards_rank():
    hand = doubles_hand("5c")
    ruling = refused(hand, "5h+6h", "R3.10")
    assert "6♥" in told(ruling) and "5♥" in told(ruling)


def test_R3_10_the_first_card_must_be_playable_on_its_own():
    hand = doubles_hand("5c")
    refused(hand, "6h+6c", "R3.1")      # 6♥ does not match 5♣, though 6♣ would
    play(hand, "Jc h")                  # (Bram faces hearts)
    refused(hand, "5s+5h", "R3.3")


def test_R3_10_card_identity_counts_every_card_of_the_play():
    hand = doubles_hand("5c")
    refused(hand, "5h+5h", "R1.4")      # one deck: one Five of hearts
    two_decks = doubles_hand("5c", players=FOUR, rules=DOUBLES.replace(decks=2))
    play(two_decks, "5h+5h")
    assert two_decks.copies[parse_card("5h")] == 2


def test_R3_10_jacks_name_the_suit_after_the_last_one():
    hand = doubles_hand("Jc")
    ruling = refused(hand, "Jh+Js", "R5.4")
    assert "`Jh+Js s`" in told(ruling)   # the entry to type is the whole play
    play(hand, "Jh+Js c")
    assert (hand.top, hand.named_suit, hand.turn) == (parse_card("Js"), "c", "Bram")


# -- each card's effect in turn ------------------------------------------------------

def test_R3_10_two_eights_skip_the_next_two_players():
    hand = doubles_hand("8c")
    ruling = play(hand, "8h+8s")
    assert hand.turn == "Daan" and hand.counts["Anna"] == 5
    assert told(ruling).count("R5.3") == 2
    assert "Bram misses the turn" in told(ruling) and "Cees misses the turn" in told(ruling)


def test_R3_10_two_eights_with_three_players_give_the_player_another_turn():
    hand = doubles_hand("8c", players=("Anna", "Bram", "Cees"))
    play(hand, "8h+8s")
    assert hand.turn == "Anna"
    two = doubles_hand("8c", players=("Anna", "Bram"))
    play(two, "8h+8s")
    assert two.turn == "Anna"


def test_R3_10_two_twos_make_four_pending_and_stack_like_one():
    hand = doubles_hand("2c")
    play(hand, "2h+2s")
    assert (hand.pending, hand.turn) == (4, "Bram")
    play(hand, "2d")
    assert (hand.pending, hand.turn) == (6, "Cees")
    jokers = doubles_hand("5c")
    play(jokers, "Joker+Joker")
    assert (jokers.pending, jokers.turn) == (10, "Bram")


def test_R3_10_two_aces_reverse_twice():
    hand = doubles_hand("Ac")
    play(hand, "Ah+As")
    assert (hand.direction, hand.turn) == (1, "Bram")
    play(hand, "Ad")
    assert (hand.direction, hand.turn) == (-1, "Anna")


def test_R3_10_two_sevens_let_the_player_play_again_once():
    hand = doubles_hand("7c")
    play(hand, "7h+7s")
    assert hand.turn == "Anna"
    play(hand, "5s")
    assert hand.turn == "Bram"


def test_R3_10_two_fours_give_the_next_two_players_their_skips():
    hand = doubles_hand("4c", rules=DOUBLES.replace(four="skip_two"))
    play(hand, "4h+4s")
    assert hand.turn == "Daan" and hand.skips == {"Bram": 1, "Cees": 1}


def test_R3_10_two_fives_make_every_opponent_draw_twice():
    hand = doubles_hand("5c", rules=DOUBLES.replace(five="all_draw_one"))
    play(hand, "5h+5s")
    assert hand.counts == {"Anna": 5, "Bram": 9, "Cees": 9, "Daan": 9}
    assert hand.turn == "Bram"


# -- the hand after the whole play: R4 and R6.2 ------------------------------------------

def test_R3_10_three_cards_to_one_opens_the_last_card_duty():
    hand = doubles_hand("5c", lines=("fix count Anna 3",))
    play(hand, "5h+5s")
    assert hand.counts["Anna"] == 1 and hand.last_card == {"Anna": "open"}
    play(hand, "lk")
    assert hand.last_card == {"Anna": "announced"}


def test_R3_10_going_out_on_a_double_of_action_cards_is_refused_by_R6_2():
    hand = doubles_hand("8c", lines=("fix count Anna 2",))
    ruling = hand.apply_line("8h+8s")
    assert not ruling.ok and ruling.rule == "R6.2"
    assert hand.counts["Anna"] == 2 and hand.owed == {"Anna": 1}
    assert not hand.legal().may_double(parse_card("8h"), [parse_card("8s")])


def test_R3_10_going_out_on_a_double_of_plain_cards_wins():
    hand = doubles_hand("5c", lines=("fix count Anna 2",))
    assert hand.legal().may_double(parse_card("5h"), [parse_card("5s")])
    play(hand, "5h+5s")
    assert (hand.status, hand.winner, hand.top) == ("over", "Anna", parse_card("5s"))


# -- the log: undo, redo, replay; the unchecked path ------------------------------------

def test_R3_10_a_double_is_one_entry_of_the_log(speak):
    hand = Hand(DOUBLES, FOUR, FOUR[-1], lexicon=lexicon("nl"))
    play(hand, "start 8c", "8h+8s")
    play(hand, "Bs+Bh k")                  # logged in canonical English
    assert hand.log == ["start 8c", "8h+8s", "Js+Jh c"]
    after = hand.state()
    play(hand, "undo")
    assert hand.state()["counts"]["Daan"] == 7 and hand.turn == "Daan"
    play(hand, "redo")
    assert hand.state() == after
    again = type(hand).replay(DOUBLES, FOUR, "Daan", 1, hand.log)
    assert again.state() == after


def test_R3_10_push_plays_a_double_taken_from_the_legality_api():
    hand = doubles_hand("8c")
    legal = hand.legal()
    eight_h, eight_s = parse_card("8h"), parse_card("8s")
    assert legal.doubles and legal.may_double(eight_h, [eight_s])
    hand.push(Play(eight_h, None, (eight_s,)))
    checked = doubles_hand("8c", lines=("8h+8s",))
    assert hand.state() == checked.state()


def test_R5_11_the_pending_skip_is_state_a_refusal_puts_back():
    hand = doubles_hand("5c")
    assert hand.pending_skip == 0
    snap = Snapshot(hand)
    hand.pending_skip = 1
    snap.restore(hand)
    assert hand.pending_skip == 0


def test_R5_11_pass_with_no_skip_pending_is_refused():
    hand = make_hand(lines=("start 9h",))
    ruling = refused(hand, "pass", "R5.11")
    assert told(ruling).startswith("There is no skip to pass:")
    refused(hand, "Bram: pass", "R3.7")        # whose turn comes first (R0.3)


# -- Tab completion and the simulator ask the legality API ------------------------------

@pytest.fixture
def doubles_table(tmp_path, monkeypatch):
    """A fresh series playing doubles (Anna, Bram, Cees; Cees deals) saved in tmp_path."""
    from referee.series.presets import load_rules
    from referee.series.session import OpenSeries
    from referee.series.store import SaveFile
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("NO_COLOR", "1")
    rules = tmp_path / "dubbel.toml"
    rules.write_text('extends = "standard"\nmulti_play = "same_rank"\n', encoding="utf-8")
    return OpenSeries.create(SaveFile(tmp_path / "p.toml"), ["Anna", "Bram", "Cees"],
                        load_rules(str(rules)), "Cees")


def test_R3_10_tab_completes_the_cards_that_may_follow_a_plus(table, doubles_table):
    from referee.interface.app import SeriesApp
    from referee.interface.complete import suggest
    app = SeriesApp(table)
    app.handle_line("start 8c")
    assert suggest("8h+", app.view()) == []                # standard: no doubles
    app = SeriesApp(doubles_table)
    app.handle_line("start 8c")
    view = app.view()
    assert suggest("8h+", view) == ["8h+8d", "8h+8s"]     # 8♣ is the starter
    assert suggest("8h+8s+", view) == ["8h+8s+8d"]
    assert suggest("8h+8s ", view)[0] == "lk"


def test_R5_11_tab_offers_pass_first_when_a_skip_is_pending():
    from tests.test_complete import view
    from referee.interface.complete import describe, suggest
    assert suggest("", view(passes=True, draws=False))[0] == "pass"
    assert suggest("", view())[0] != "pass" and "pass" not in suggest("pa", view())
    assert "R5.11" in describe("pass", view())


def test_R3_10_the_bots_play_doubles_with_no_mismatch():
    from referee.simulator.simulate import _Run
    table = _Run(DOUBLES.replace(four="skip_two", five="all_draw_one", king="reverse_skip"),
                   4, 7, fast=False)
    table.record = []
    for number in range(1, 41):
        table.run(number, table.seats[number % 4])
    typed = [line for _, _, lines in table.record for line in lines]
    assert sum("+" in line for line in typed) > 50
    assert (table.refused, table.mismatches) == (0, 0), table.problems


# -- the command line and the prompt ------------------------------------------------------

@pytest.fixture
def doubles_save(tmp_path):
    rules = tmp_path / "dubbel.toml"
    rules.write_text('extends = "standard"\nmulti_play = "same_rank"\n', encoding="utf-8")
    path = tmp_path / "pesten.toml"
    cli(path, "new", "--players", "Anna,Bram,Cees,Daan", "--dealer", "Daan", "--rules", str(rules))
    return path


def test_R3_10_a_script_plays_doubles_and_saves_them(doubles_save, tmp_path):
    script = tmp_path / "hand.txt"
    script.write_text("start 8c\n8h + 8s\nDaan: Js+Jh c\n", encoding="utf-8")
    cli(doubles_save, "play", "--script", str(script))
    st = json.loads(cli(doubles_save, "state", "--json").stdout)
    assert (st["top"], st["named_suit"], st["turn"]) == ("Jh", "c", "Anna")
    assert st["counts"] == {"Anna": 5, "Bram": 7, "Cees": 7, "Daan": 5}
    replayed = cli(doubles_save, "replay", "--json").stdout.splitlines()
    assert [json.loads(line)["input"] for line in replayed][1:] == ["8h + 8s", "Daan: Js+Jh c"]


def standard_script(tmp_path, text: str):
    """A standard series (Anna, Bram, Cees; Cees deals) playing the script ``text``,
    which stops at a refused line (exit 1) -> click Result."""
    path = tmp_path / "pesten.toml"
    cli(path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    script = tmp_path / "hand.txt"
    script.write_text(text, encoding="utf-8")
    return cli(path, "play", "--script", str(script), code=1)


def test_R3_10_a_script_under_standard_rules_stops_at_a_double(tmp_path):
    result = standard_script(tmp_path, "start 8c\n8h+8s\n")
    assert "R3.10" in result.stderr and "line 2" in result.stderr


def test_R5_11_a_script_stops_at_a_pass_with_no_skip(tmp_path):
    result = standard_script(tmp_path, "start 9h\npass\n")
    assert "There is no skip to pass" in result.stdout + result.stderr and "R5.11" in result.stderr


def test_R3_10_and_R5_11_at_the_prompt_in_dutch(speak, doubles_table, capsys):
    speak("nl")
    drive(doubles_table, "start 8k\n8h+8s\npas\nBs+Bh k\n")
    out = printed(capsys)
    assert "Anna speelt 8♥: Bram slaat een beurt over" in out
    assert "Er is geen overgeslagen beurt naar Anna doorgegeven" in out and "(R5.11)" in out
    assert saved_lines(doubles_table) == ["start 8c", "8h+8s", "Js+Jh c"]
    assert doubles_table.state()["named_suit"] == "c"


def test_R3_10_and_R5_11_at_the_prompt_in_french(speak, table, capsys):
    speak("fr")
    drive(table, "start 8tr\n8co+8pi\npasse\n")
    out = printed(capsys)
    assert "on ne joue pas de doubles" in out and "(R3.10)" in out
    assert "Il n'y a pas de saut à passer" in out
    assert saved_lines(table) == ["start 8c"]


@pytest.mark.parametrize("code, words", [("en", ("8h+8s", "pass")), ("nl", ("8h+8s", "pas")),
                                         ("fr", ("8co+8pi", "passe")), ("it", ("8cu+8pi", "passo")),
                                         ("pt", ("8co+8es", "passo"))])
def test_R3_10_and_R5_11_help_notation_shows_plus_and_pass(speak, monkeypatch, code, words):
    monkeypatch.setenv("LANGUAGE", "en")  # (put back after: ``--lang`` sets it for the process)
    out = cli(None, "--lang", code, "help", "notation").stdout
    for word in words:
        assert word in out, (code, word)


# -- names (R1.1) ------------------------------------------------------------------------

@pytest.mark.parametrize("name, says", [("An+na", "`+` joins cards played together"),
                                        ("Pass", "reads as a card"), ("pas", "reads as a card"),
                                        ("Passe", "reads as a card"), ("Passo", "reads as a card")])
def test_R1_1_a_name_holds_no_plus_and_is_no_pass_word(speak, monkeypatch, tmp_path, name, says):
    monkeypatch.setenv("LANGUAGE", "en")
    result = cli(tmp_path / "p.toml", "--lang", "en", "new", "--players", f"{name},Bram", code=2)
    assert says in result.output and "R1.1" in result.output


def test_R3_10_a_line_is_atomic_when_a_double_ends_the_hand_before_its_lk():
    # The hand ends on the double; the "Laatste kaart!" after it is refused (R6.1), and
    # so the whole line, which changes nothing (R0.3).
    hand = doubles_hand("5c", lines=("fix count Anna 2",))
    refused(hand, "5h+5s lk", "R6.1")
    assert hand.status == "playing" and hand.counts["Anna"] == 2


@pytest.mark.parametrize("code", ["en", "nl", "fr", "it", "pt"])
def test_R5_11_the_local_pass_words_read_as_nothing_else(speak, code):
    from referee.engine.cards import parse_suit, try_card
    lex = lexicon(code)
    words = [w for w, english in lex.words.items() if english == "pass"] or ["pass"]
    for word in words:
        assert try_card(word, lex) is None and parse_suit(word, lex) is None, word
        assert parse_line(word, lex).actions == (Pass(),), word
