"""Table notation (NOTATION.md "Cards" and "Entries"): ``parse_card`` and ``parse_line``.

Lenient in, canonical out; every error is a ``NotationError`` (a ``ValueError``)
whose message names the token that does not read as notation.
"""

from __future__ import annotations

import pytest

from referee.engine.cards import Card, NotationError, parse_card, parse_suit, try_card
from referee.engine.notation import (Announce, Call, Draw, Fix, Leave, Line, Play, Start,
                              parse_line)
from referee.messages import say
from referee.engine.compiled import standard_names

JOKER = Card("Joker", None)


def C(rank: str, suit: str | None = None) -> Card:
    return Card(rank, suit)


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, card", [
    ("7h", C("7", "h")), ("7H", C("7", "h")), ("7♥", C("7", "h")), ("7♡", C("7", "h")),
    ("10s", C("10", "s")), ("10S", C("10", "s")), ("10♠", C("10", "s")),
    ("Ts", C("10", "s")), ("tS", C("10", "s")), ("T♠", C("10", "s")),
    ("2c", C("2", "c")), ("2♣", C("2", "c")), ("9d", C("9", "d")), ("9♦", C("9", "d")),
    ("Qd", C("Q", "d")), ("qD", C("Q", "d")), ("Kc", C("K", "c")), ("k♣", C("K", "c")),
    ("Ac", C("A", "c")), ("aC", C("A", "c")), ("Jh", C("J", "h")), ("j♥", C("J", "h")),
    ("joker", JOKER), ("Joker", JOKER), ("JOKER", JOKER), ("jo", JOKER), ("Jo", JOKER),
    ("*", JOKER),
])
def test_card_spellings(text, card):
    assert parse_card(text) == card
    assert try_card(text) == card


@pytest.mark.parametrize("text, canonical", [
    ("7H", "7h"), ("10S", "10s"), ("T♥", "10h"), ("qd", "Qd"), ("ac", "Ac"), ("jS", "Js"),
    ("kc", "Kc"), ("*", "Joker"), ("jo", "Joker"),
])
def test_card_canonical_form(text, canonical):
    assert str(parse_card(text)) == canonical
    assert parse_card(str(parse_card(text))) == parse_card(text)   # round trip


@pytest.mark.parametrize("text", ["7x", "1h", "11h", "h7", "♥7", "77", "10", "h", "7hh",
                                  "0s", "Ls", "", "joke", "7 h"])
def test_not_a_card(text):
    assert try_card(text) is None
    with pytest.raises(NotationError) as exc:
        parse_card(text)
    assert repr(text) in say(exc.value)
    assert isinstance(exc.value, ValueError)


@pytest.mark.parametrize("text, suit", [
    ("s", "s"), ("♠", "s"), ("spades", "s"), ("S", "s"), ("h", "h"), ("♥", "h"),
    ("hearts", "h"), ("d", "d"), ("♦", "d"), ("diamonds", "d"), ("c", "c"), ("♣", "c"),
    ("clubs", "c"),
])
def test_suit_spellings(text, suit):
    assert parse_suit(text) == suit


def test_not_a_suit():
    assert parse_suit("x") is None
    assert parse_suit("7h") is None


# ---------------------------------------------------------------------------
# Entries
# ---------------------------------------------------------------------------

def entry(text: str, names=None) -> Line:
    """``text`` parsed as a hand under the standard rules reads it (a Jack names a suit),
    or with ``names`` (by card id: the card names a suit)."""
    line = parse_line(text, names=STANDARD if names is None else names)
    assert line.kind == "entry"
    return line


STANDARD = standard_names()


def test_start():
    line = entry("start 9h")
    assert line.actions == (Start(C("9", "h")),)
    assert line.player is None
    assert entry("Cees: START 10♦").actions == (Start(C("10", "d")),)
    assert entry("start jo").actions == (Start(JOKER),)


@pytest.mark.parametrize("text, card", [
    ("7h", C("7", "h")), ("10S", C("10", "s")), ("T♥", C("10", "h")), ("jo", JOKER),
])
def test_play_one_card(text, card):
    assert entry(text).actions == (Play(card),)


@pytest.mark.parametrize("text", ["Jh s", "Jh spades", "Jh ♠", "jh S", "J♥ ♠", "Jh schoppen"])
def test_jack_names_a_suit(text):
    assert entry(text).actions == (Play(C("J", "h"), "s"),)


def test_jack_without_suit_parses_and_names_nothing():
    assert entry("Jh").actions == (Play(C("J", "h"), None),)


def test_R9_8_lone_d_is_diamonds_after_any_card_the_table_says_names_a_suit():
    """One answer (the compiled ``Tables.names``): after a card that names a suit a lone
    ``d`` is diamonds, whatever its rank; after a Jack that names none it is a draw
    (D36); the parser alone (no rules given) reads it as a draw after every card."""
    from referee.engine.compiled import tables_for
    from referee.series.presets import rules_from_table
    queen = tables_for(rules_from_table({"actions": {"Q": "name_suit"}})).names
    assert entry("Qh d", queen).actions == (Play(C("Q", "h"), "d"),)
    assert entry("Qh+Qs d", queen).actions == (Play(C("Q", "h"), "d", (C("Q", "s"),)),)
    assert entry("8c d 9d", queen).actions == (Play(C("8", "c")), Draw(C("9", "d")))
    assert entry("Qc d 9d", queen).actions == (Play(C("Q", "c"), "d"), Play(C("9", "d")))
    assert entry("d Qc d", queen).actions == (Draw(C("Q", "c"), "d"),)
    plain_jack = tables_for(rules_from_table({"actions": {"J": "none"}})).names
    assert entry("Jc d", plain_jack).actions == (Play(C("J", "c")), Draw())
    assert parse_line("Jh d").actions == (Play(C("J", "h")), Draw())
    assert parse_line("Qh s").actions == (Play(C("Q", "h"), "s"),)  # (refused by the engine, R5.4)


def test_lone_d_after_a_jack_is_diamonds():
    assert entry("Jh d").actions == (Play(C("J", "h"), "d"),)
    assert entry("Jc D").actions == (Play(C("J", "c"), "d"),)
    # After the suit, another d is a draw; after any other card, d is a draw.
    assert entry("Jh d d").actions == (Play(C("J", "h"), "d"), Draw())
    assert entry("7h d").actions == (Play(C("7", "h")), Draw())
    # A drawn Jack names its suit the same way.
    assert entry("d Jh d").actions == (Draw(C("J", "h"), "d"),)
    # Another suit token names the suit at once.
    assert entry("Jh ♦").actions == (Play(C("J", "h"), "d"),)
    from referee.engine import Hand
    from referee.engine.rules import HouseRules
    hand = Hand(HouseRules(), ["Anna", "Bram"], "Bram")
    hand.apply_line("start 9h")
    assert hand.apply_line("Jh d").ok and hand.named_suit == "d"


def test_several_plays_in_one_line():
    assert entry("7h 7s 9s").actions == (Play(C("7", "h")), Play(C("7", "s")), Play(C("9", "s")))
    assert entry("7h Jh c 5c").actions == (Play(C("7", "h")), Play(C("J", "h"), "c"),
                                           Play(C("5", "c")))


@pytest.mark.parametrize("text", ["d", "draw", "D", "DRAW", "Draw"])
def test_draw(text):
    assert entry(text).actions == (Draw(),)


@pytest.mark.parametrize("text, card", [("d 5h", C("5", "h")), ("draw 5H", C("5", "h")),
                                        ("d 10♣", C("10", "c")), ("d *", JOKER)])
def test_draw_and_play(text, card):
    assert entry(text).actions == (Draw(card),)


@pytest.mark.parametrize("text", ["lk", "last", "laatste", "LK", "Laatste", "laatste kaart"])
def test_announce(text):
    assert entry(text).actions == (Announce(),)


def test_announce_after_a_play():
    assert entry("4h lk").actions == (Play(C("4", "h")), Announce())
    assert entry("7h 4h laatste").actions == (Play(C("7", "h")), Play(C("4", "h")), Announce())


def test_call_and_leave():
    assert entry("call Anna").actions == (Call("Anna"),)
    assert entry("Bram: call Anna").actions == (Call("Anna"),)
    assert entry("Bram: call Anna").player == "Bram"
    assert entry("leave Anna").actions == (Leave("Anna"),)
    assert entry("CALL anna").actions == (Call("anna"),)   # names are resolved by the engine


@pytest.mark.parametrize("text, player", [
    ("Anna: 7h", "Anna"), ("Anna:7h", "Anna"), ("Anna : 7h", "Anna"), ("  anna:  7h ", "anna"),
    ("Zoë: 7h", "Zoë"), ("Jo.: 7h", "Jo."), ("O'Brien: 7h", "O'Brien"),
])
def test_player_prefix(text, player):
    line = entry(text)
    assert line.player == player
    assert line.actions == (Play(C("7", "h")),)


@pytest.mark.parametrize("text", ["7h # nice", "7h#nice", "7h   # d 5h"])
def test_comments(text):
    assert entry(text).actions == (Play(C("7", "h")),)


@pytest.mark.parametrize("text", ["", "   ", "# only a comment", "\t# x", "#"])
def test_blank_and_comment_lines(text):
    assert parse_line(text).kind == "blank"


@pytest.mark.parametrize("text", ["undo", "redo", "UNDO", "Anna: undo"])
def test_undo_redo(text):
    assert parse_line(text).kind == text.split()[-1].lower()


@pytest.mark.parametrize("text, query, arg", [
    ("state", "state", ""), ("check 7h", "check", "7h"), ("why", "why", ""),
    ("rules", "rules", ""), ("rules R5.1", "rules", "R5.1"), ("help", "help", ""),
    ("?", "help", ""), ("STATE", "state", ""),
])
def test_queries(text, query, arg):
    line = parse_line(text)
    assert (line.kind, line.query, line.arg) == ("query", query, arg)


@pytest.mark.parametrize("text, fix", [
    ("fix draw Anna 2", Fix("draw", "Anna", 2)),
    ("fix count Bram 5", Fix("count", "Bram", 5)),
    ("fix play Cees 7h", Fix("play", "Cees", 0, C("7", "h"))),
    ("fix play Cees Jh s", Fix("play", "Cees", 0, C("J", "h"), "s")),
])
def test_fix_corrections(text, fix):
    assert entry(text).actions == (fix,)


@pytest.mark.parametrize("text, canonical", [
    ("anna: 7H LK", "anna: 7h lk"),
    ("10S", "10s"),
    ("Jh spades", "Jh s"),
    ("draw t♣", "d 10c"),
    ("d jh ♠", "d Jh s"),
    ("laatste kaart", "lk"),
    ("start JOKER", "start Joker"),
    ("call Anna", "call Anna"),
    ("fix play Anna jh s", "fix play Anna Jh s"),
    ("check 7h", "check 7h"),
    ("undo", "undo"),
])
def test_canonical_form_round_trips(text, canonical):
    line = parse_line(text, names=STANDARD)
    assert line.canonical() == canonical
    again = parse_line(canonical, names=STANDARD)
    assert (again.kind, again.player, again.actions) == (line.kind, line.player, line.actions)


# ---------------------------------------------------------------------------
# Errors name the offending token
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, token", [
    ("7x", "7x"),
    ("7h 9x", "9x"),
    ("d 7x", "7x"),
    ("7h,", "7h,"),
    ("start 9x", "9x"),
    ("start", "start"),
    ("s", "s"),                      # a suit without a Jack
    ("7h spades s", "s"),            # (a suit after a card: the engine decides, R9.8)
    ("Jh s s", "s"),
    ("call", "call"),
    ("leave", "leave"),
    ("call Anna Bram", "call"),
    ("Anna:", "Anna"),
    ("undo 2", "undo"),
    ("redo now", "redo"),
    ("hello", "hello"),
    ("♥7", "♥7"),
])
def test_errors_name_the_offending_token(text, token):
    with pytest.raises(NotationError) as exc:
        parse_line(text)
    assert isinstance(exc.value, ValueError)
    assert token in say(exc.value)


@pytest.mark.parametrize("text", ["fix", "fix draw Anna", "fix play Anna", "fix count Anna 1 2"])
def test_fix_errors_are_notation_errors(text):
    with pytest.raises(NotationError) as exc:
        parse_line(text)
    assert "fix" in say(exc.value)


@pytest.mark.parametrize("text, token", [
    ("fix draw Anna x", "x"),
    ("fix jump Anna 2", "jump"),
    ("fix play Anna 7h x", "x"),
    ("fix play Anna 7q", "7q"),
    ("fix count Anna 1 2", "2"),
])
def test_fix_errors_name_the_offending_token(text, token):
    with pytest.raises(NotationError) as exc:
        parse_line(text)
    assert f"'{token}'" in say(exc.value)
