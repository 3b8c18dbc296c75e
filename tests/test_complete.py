"""Tab completion's pure core (referee.interface.complete): what is offered where, and the suit fix-up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.interface.app import COMMANDS
from referee.interface.complete import (ALL_CARDS, HandView, describe, partial_word, suggest,
                              suggest_answer, with_suit)
from referee.engine import Hand
from referee.engine.rules import HouseRules
from referee.words.cards import pretty

REPO = Path(__file__).resolve().parents[1]
PLAYERS = ("Anna", "Bram", "Cees")


def view(**kw) -> HandView:
    """A hand in play, Anna to act on 9c, unless told otherwise; read in the
    language the messages speak (as the prompt's view: ``spoken.table_lexicon``)."""
    from referee.series.spoken import table_lexicon
    base = dict(players=PLAYERS, status="playing", turn="Anna",
                fits=("2c", "3c", "9d", "9h", "Joker"), rule_ids=("R4.1", "R4.2", "R5.1"),
                commands=tuple(COMMANDS.values()), lexicon=table_lexicon())
    base.update(kw)
    return HandView(**base)


# -- commands ---------------------------------------------------------------

def test_waiting_hand_offers_start_first_and_no_cards():
    words = suggest("", view(status="waiting", fits=()))
    assert words[:2] == ["start", "score"]
    assert {"state", "help", "rules", "replay", "standings", "history"} <= set(words)
    assert not set(words) & set(ALL_CARDS)
    assert "undo" not in words and "check" not in words


def test_commands_are_completed_from_their_first_letters():
    assert suggest("st", view(status="waiting")) == ["start", "state", "standings"]
    assert suggest("re", view()) == ["redo", "replay"]
    assert suggest("UN", view()) == ["undo"]
    assert suggest("h", view()) == ["history", "help"]


def test_the_commands_offered_come_from_the_registry():
    offered = set(suggest("", view()))
    for cmd in COMMANDS.values():
        assert (cmd.name in offered) == ("playing" in cmd.when), cmd.name
        assert describe(cmd.name, view()) == cmd.summary()


def test_over_hand_offers_score_first_then_undo_and_queries_only():
    words = suggest("", view(status="over", fits=()))
    assert words[:3] == ["score", "undo", "redo"]
    assert "draw" not in words and "9c" not in words and "check" not in words


def test_lk_and_call_come_early_only_when_they_can_matter():
    calm = suggest("", view())
    assert calm.index("lk") > calm.index("fix")
    due = suggest("", view(announce_due="Bram", callable=("Cees",)))
    assert due.index("lk") < due.index("check") and due.index("call") < due.index("check")


def test_nothing_follows_words_that_stand_alone():
    for text in ("undo ", "redo ", "state ", "why ", "history "):
        assert suggest(text, view()) == [], text


def test_a_command_offers_the_options_of_its_command_line_twin():
    assert suggest("replay ", view()) == ["--hand"]
    assert suggest("standings ", view()) == ["--seats"]
    assert "score" in suggest("help ", view())


# -- cards --------------------------------------------------------------------

def test_tab_alone_offers_only_the_cards_that_fit_now():
    words = suggest("", view())
    assert words[:5] == ["2c", "3c", "9d", "9h", "Joker"]
    assert words[5] == "draw"
    assert not (set(ALL_CARDS) - {"2c", "3c", "9d", "9h"}) & set(words)
    assert len(words) == len(set(words))


def test_with_a_two_pending_tab_offers_the_twos_and_d():
    pending = view(fits=("2c", "2d", "2s"))  # what the legality API allows on a Two
    assert suggest("", pending)[:4] == ["2c", "2d", "2s", "draw"]
    assert not set(suggest("", pending)) & (set(ALL_CARDS) - {"2c", "2d", "2s"})


def test_once_a_card_is_begun_every_card_is_offered_the_legal_first():
    assert suggest("K", view()) == ["Kc", "Kd", "Kh", "Ks"]
    assert suggest("9", view())[:2] == ["9d", "9h"]


def test_cards_are_filtered_by_what_is_typed_in_canonical_form():
    assert suggest("9", view()) == ["9d", "9h", "9c", "9s"]
    assert suggest("q", view()) == ["Qc", "Qd", "Qh", "Qs"]
    assert suggest("QH", view()) == ["Qh"]
    assert suggest("t", view()) == ["10c", "10d", "10h", "10s"]
    assert suggest("10♥", view()) == ["10h"]
    assert suggest("*", view()) == ["Joker"]
    assert suggest("j", view()) == ["Joker", "Jc", "Jd", "Jh", "Js"]


def test_cards_after_a_player_prefix():
    assert suggest("Anna: 9", view()) == ["9d", "9h", "9c", "9s"]
    assert suggest("Anna:9", view()) == ["9d", "9h", "9c", "9s"]
    assert partial_word("Anna:9") == "9"
    assert suggest("Anna: ", view())[:5] == ["2c", "3c", "9d", "9h", "Joker"]


def test_spent_cards_and_missing_jokers_are_never_offered():
    v = view(spent=frozenset({"9c", "Kd"}), jokers=False, fits=())
    assert suggest("9", v) == ["9d", "9h", "9s"] and suggest("K", v) == ["Kc", "Kh", "Ks"]
    assert suggest("jo", v) == []


def test_start_offers_every_card_and_nothing_after_it():
    assert suggest("start 9", view(status="waiting")) == ["9c", "9d", "9h", "9s"]
    assert suggest("start 9h ", view(status="waiting")) == []


def test_after_a_card_lk_then_cards_matching_it_and_not_the_same_card():
    words = suggest("7h ", view())
    assert words[0] == "lk"
    assert "7h" not in words  # one deck: the Seven just typed cannot come again
    near = words[1:words.index("2c")]
    assert set(near) == {f"{r}h" for r in ("2", "3", "4", "5", "6", "8", "9", "10", "J", "Q",
                                            "K", "A")} | {"7c", "7d", "7s", "Joker"}
    assert "7h" in suggest("7h ", view(decks=2))


def test_after_a_draw_word_the_cards_d_card_may_name():
    v = view(draw_fits=("2c", "9d"))
    assert suggest("d ", v) == ["2c", "9d"]
    assert suggest("draw 9", v) == ["9d", "9c", "9h", "9s"]
    assert suggest("d ", view(draw_fits=())) == []  # a pending penalty ends the turn


def test_check_completes_cards_fit_first():
    assert suggest("check ", view())[:2] == ["2c", "3c"]
    assert suggest("check J", view()) == ["Joker", "Jc", "Jd", "Jh", "Js"]


# -- names ----------------------------------------------------------------------

def test_names_after_call_put_the_callable_first():
    assert suggest("call ", view(callable=("Cees",))) == ["Cees", "Anna", "Bram"]
    assert suggest("call b", view()) == ["Bram"]
    assert suggest("Bram: call ", view(callable=("Anna",))) == ["Anna", "Bram", "Cees"]
    assert suggest("7h lk call C", view()) == ["Cees"]


def test_names_after_leave_and_fix():
    assert suggest("leave ", view()) == list(PLAYERS)
    assert suggest("leave C", view()) == ["Cees"]
    assert suggest("fix ", view()) == ["draw", "count", "play"]
    assert suggest("fix count ", view()) == list(PLAYERS)
    assert suggest("fix play Anna Q", view()) == ["Qc", "Qd", "Qh", "Qs"]


def test_names_as_prefixes():
    assert suggest("An", view()) == ["Anna:"]
    assert suggest("c", view()) == ["check", "call", "Cees:"]
    assert suggest("c", view(commands=())) == ["call", "Cees:"]
    assert "Anna:" not in suggest("", view())  # seated order: not before anything is typed
    assert "Anna:" not in suggest("Anna: ", view())  # the prefix is there already


def test_free_order_offers_the_prefix_first():
    words = suggest("", view(free=True, turn=None))
    assert words[:3] == ["Anna:", "Bram:", "Cees:"]


# -- suits after a Jack --------------------------------------------------------

def test_suits_after_a_jack():
    assert suggest("Jh ", view()) == ["c", "d", "h", "s"]
    assert suggest("Anna: 7h Jh ", view()) == ["c", "d", "h", "s"]
    assert suggest("Jh s", view()) == ["s"]
    assert suggest("d Jh ", view()) == ["c", "d", "h", "s"]
    assert suggest("fix play Anna Jc ", view()) == ["c", "d", "h", "s"]
    assert suggest("check Jc ", view()) == ["c", "d", "h", "s"]


def test_after_a_named_suit_cards_of_that_suit_come_first():
    words = suggest("Jh d ", view())  # a lone d after a Jack is diamonds, not a draw
    assert words[0] == "lk"
    assert words[1:4] == ["2d", "3d", "4d"]
    assert "Jh" not in words


def test_rule_ids_after_rules():
    assert suggest("rules R4", view()) == ["R4.1", "R4.2"]
    assert suggest("rules ", view()) == ["R4.1", "R4.2", "R5.1"]


# -- score at the prompt -------------------------------------------------------------

def over(**kw) -> HandView:
    """Hand over: Anna won it."""
    return view(status="over", turn=None, fits=(), winner="Anna", **kw)


def test_score_offers_the_names_still_to_give_then_cards_between_them():
    assert suggest("score ", over()) == ["Bram=", "Cees="]
    assert suggest("score c", over()) == ["Cees="]
    assert suggest("score Bram=", over())[:3] == ["2c", "2d", "2h"]
    assert partial_word("score Bram=A") == "A"
    assert suggest("score Bram=A", over()) == ["Ac", "Ad", "Ah", "As"]
    after = suggest("score Bram=Ah ", over())
    assert after[0] == "Cees=" and "Bram=" not in after and "Anna=" not in after
    assert "Ah" not in after and "Ks" in after  # one deck: the Ace is Bram's
    assert suggest("score Bram=Ah Ks Cees=23 ", over())[:1] == ["2c"]
    assert "Cees=" not in suggest("score Bram Ah cees=3 ", over(players=("Anna", "Bram", "cees")))


def test_score_of_a_hand_not_refereed_offers_the_winner_option():
    waiting = view(status="waiting", turn=None, fits=())
    assert suggest("score ", waiting) == ["Anna=", "Bram=", "Cees=", "--winner"]
    assert suggest("score --winner ", waiting) == list(PLAYERS)
    assert describe("--winner", waiting) == "who won (a hand played without the referee)"
    assert describe("Bram=", waiting) == "the cards left for Bram"


def test_show_completes_calls_on_off():
    assert suggest("show ", view()) == ["calls"]
    assert suggest("show calls o", view()) == ["on", "off"]


def test_the_answer_to_cards_left_offers_cards_not_given_yet():
    v = over(spent=frozenset({"9c"}))
    words = suggest_answer("", "cards", v, taken=("Ah",))
    assert "Ah" not in words and "9c" not in words and "Ks" in words
    assert suggest_answer("Ks K", "cards", v) == ["Kc", "Kd", "Kh"]
    assert suggest_answer("", "player", v) == list(PLAYERS)
    assert suggest_answer("h", "suit", v) == ["h"]


# -- descriptions -----------------------------------------------------------------

def test_describe_gives_a_short_note_from_the_message_layer():
    v = view(callable=("Cees",))
    assert describe("9d", v) == "9♦, fits now"
    assert describe("Kd", v) == "K♦"
    assert describe("s", v) == "♠ spades"
    assert describe("Cees", v) == "can be called!"
    assert describe("Anna:", v) == "entry by Anna"
    assert describe("call", v) == "call a forgotten last card"
    assert describe("undo", v) == "take back the last entry"
    assert describe("R4.2", v) == "rule R4.2"


# -- the suit answer -------------------------------------------------------------------

def test_with_suit_names_the_suit_right_after_the_jack():
    assert with_suit("Jh", "s") == "Jh s"
    assert with_suit("  jh  ", "d") == "jh d"
    assert with_suit("Anna: 7h Jh lk", "c") == "Anna: 7h Jh c lk"
    assert with_suit("Anna:Jh", "c") == "Anna:Jh c"
    assert with_suit("Jh s 7s Jd", "h") == "Jh s 7s Jd h"
    assert with_suit("d Jc", "h") == "d Jc h"
    assert with_suit("Jh # well played", "s") == "Jh s # well played"
    assert with_suit("7h", "s") == "7h s"


def test_with_suit_makes_a_line_the_engine_accepts():
    hand = Hand(HouseRules(), list(PLAYERS), "Cees")
    assert hand.apply_line("start 9h").ok  # Anna to act on 9h
    ruling = hand.apply_line("Jh")
    assert not ruling.ok and ruling.rule == "R5.4"
    ruling = hand.apply_line(with_suit("Jh", "s"))
    assert ruling.ok and hand.named_suit == "s"


# -- invariants ---------------------------------------------------------------------

@given(st.text(alphabet=st.sampled_from(list("AaJjhs79dc: ♥*tlkrR.1204 ")), max_size=14))
def test_every_suggestion_replaces_the_word_being_typed(text):
    words = suggest(text, view(callable=("Bram",), announce_due="Cees"))
    assert len(words) == len(set(words))
    word = partial_word(text)
    assert text.endswith(word)
    for w in words:
        assert isinstance(w, str) and w.strip() == w and w


def test_complete_and_cli_do_not_load_prompt_toolkit():
    code = ("import sys, referee.interface.complete, referee.interface.cli; "
            "sys.exit(1 if 'prompt_toolkit' in sys.modules else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()


def test_R5_7_with_a_two_pending_tab_offers_the_twos_and_draw():
    """Completion asks the engine's legality API (``Hand.legal``): the Twos and ``d``."""
    from referee.interface.app import fits_now
    hand = Hand(HouseRules(), list(PLAYERS), "Cees")
    for line in ("start 9h", "2h"):
        assert hand.apply_line(line).ok
    fits, draw_fits = fits_now(hand)
    v = view(turn="Bram", fits=fits, draw_fits=draw_fits)
    words = suggest("", v)
    cards = [w for w in words if w in set(ALL_CARDS) | {"Joker"}]
    assert sorted(cards) == ["2c", "2d", "2s"]
    assert "draw" in words
    assert [w for w in suggest("d ", v) if w in set(ALL_CARDS)] == []


def _table_view(hand: Hand) -> HandView:
    """The view the prompt builds of ``hand`` (``SeriesApp.view``: the legality API asked)."""
    from referee.interface.app import fits_now, legal_now
    fits, draw_fits = fits_now(hand)
    legal = legal_now(hand)
    return view(turn=hand.turn, fits=fits, draw_fits=draw_fits, passes=legal.passes,
                draws=legal.draw_open)


def test_R5_11_tab_offers_pass_only_while_a_skip_is_passed_on_and_draw_not_then():
    from referee.series.presets import rules_from_table
    rules = rules_from_table({"actions": {"8": {"skip": 1, "pass_on": True}}}, "test")
    hand = Hand(rules, list(PLAYERS), "Cees")
    assert hand.apply_line("start 9h").ok
    words = suggest("", _table_view(hand))
    assert "draw" in words and "pass" not in words  # (no skip: `pass` is refused, R5.11)
    assert hand.apply_line("8h").ok and hand.turn == "Bram"
    words = suggest("", _table_view(hand))
    assert words[0] == "pass" and "draw" not in words  # (a skip pending: no `d`, R5.11)
    assert [w for w in words if w in set(ALL_CARDS)] == ["8c", "8d", "8s"]
    assert suggest("d", _table_view(hand)) == []
    assert not hand.apply_line("d").ok and hand.apply_line("pass").ok


def test_R5_11_tab_in_dutch_offers_pas_only_with_a_skip_and_pak_only_without(speak):
    from referee.series.presets import rules_from_table
    speak("nl")
    rules = rules_from_table({"actions": {"8": {"skip": 1, "pass_on": True}}}, "test")
    hand = Hand(rules, list(PLAYERS), "Cees")
    assert hand.apply_line("start 9h").ok
    assert suggest("pa", _table_view(hand)) == ["pak"]
    assert hand.apply_line("8h").ok
    assert suggest("pa", _table_view(hand)) == ["pas"]


# -- completion in the table's language (NOTATION.md "Languages") --------------------

def test_tab_alone_offers_the_cards_and_words_in_dutch(speak):
    speak("nl")
    words = suggest("", view())
    assert words[:6] == ["2k", "3k", "9r", "9h", "Joker", "pak"]
    assert {"toestand", "waarom", "regels", "hulp", "terug"} <= set(words)
    assert not {"2c", "draw", "state", "why", "help"} & set(words)


def _cards(words):
    from referee.engine.cards import try_card
    from referee.series.spoken import table_lexicon
    return [w for w in words if try_card(w, table_lexicon()) is not None]


def test_a_dutch_letter_completes_the_dutch_cards_and_an_english_one_the_english(speak):
    speak("nl")
    v = view(fits=())
    assert _cards(suggest("B", v)) == ["Bk", "Br", "Bh", "Bs"]
    assert "betrap" in suggest("B", v)  # call
    assert _cards(suggest("J", v)) == ["Jc", "Jd", "Jh", "Js", "Joker"]
    assert _cards(suggest("H", v)) == ["Hk", "Hr", "Hh", "Hs"]  # heer: the Kings
    assert suggest("pa", v) == ["pak"]  # draw; no skip is pending: no pass (R5.11)
    assert suggest("pa", view(fits=(), passes=True, draws=False)) == ["pas"]
    assert suggest("pakk", v) == ["pakken"]
    assert suggest("dr", v) == ["draw"]  # English words still complete


def test_a_false_friend_is_completed_with_the_card_it_is(speak):
    speak("fr")
    v = view(fits=())
    # `7c` is clubs in every language; the French hearts and diamonds begin with c too.
    assert suggest("7c", v) == ["7c", "7ca", "7co"]
    assert [describe(w, v) for w in suggest("7c", v)] == ["7♣", "7♦", "7♥"]
    assert _cards(suggest("V", v)) == ["Vtr", "Vca", "Vco", "Vpi"]
    assert describe("Vco", view(fits=("Jh",))) == "V♥, jouable maintenant"


def test_suits_after_a_jack_and_the_suit_answer_in_the_language(speak):
    speak("fr")
    assert suggest("Vco ", view()) == ["tr", "ca", "co", "pi"]
    assert describe("pi", view()) == "♠ pique"
    assert suggest_answer("", "suit", view()) == ["tr", "ca", "co", "pi"]
    speak("it")
    assert suggest("Fcu ", view()) == ["fi", "qu", "cu", "pi"]


def test_words_typed_in_the_language_lead_to_what_follows_them(speak):
    speak("nl")
    v = view(draw_fits=("7h",))
    assert suggest("regels ", v) == ["R4.1", "R4.2", "R5.1"]
    assert suggest("pak ", v) == ["7h"]
    assert suggest("controleer ", view(fits=("9d",)))[:1] == ["9r"]
    speak("pt")
    assert suggest("coringa", view(fits=())) == ["coringa"]
    assert suggest("comp", view(fits=())) == ["compra"]
    speak("fr")
    assert "verifie" not in suggest("v", view(fits=())) and "vérifie" in suggest("v", view(fits=()))


@pytest.mark.parametrize("code", ["nl", "fr", "it", "pt"])
def test_every_card_offered_in_a_language_reads_as_the_card_meant(speak, code):
    from referee.engine.cards import try_card
    speak(code)
    v = view(fits=())
    lex = v.lexicon
    offered = [w for letter in "0123456789" + "BVHADRFKJQ"
               for w in suggest(letter, v)] + suggest("", view(fits=ALL_CARDS))
    cards = [w for w in offered if try_card(w, lex) is not None]
    assert {str(try_card(w, lex)) for w in cards} == {*ALL_CARDS, "Joker"}
    for w in cards:
        assert describe(w, v) == pretty(try_card(w, lex))
