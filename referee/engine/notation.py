"""Table notation: one typed line -> one typed ``Line`` (NOTATION.md "Entries").

The parser knows cards, suits and command words, not the players: a prefix
``Anna:`` and the names after ``call``/``leave`` are kept as typed and resolved
by the engine (R1.1).  Lenient in, canonical out: ``Line.canonical()`` prints
the entry in the form the save file and ``replay`` show.
"""

from __future__ import annotations

import re
from typing import Sequence

from referee.engine.cards import Card, NotationError, parse_suit, try_card, try_rank
from referee.engine import runs
from referee.engine.lexicon import (
    CARD_WORDS, ENGLISH, EVERYWHERE, OUT_CALL, SHARED_CARD_WORDS, Lexicon)
from referee.engine.lexicon import words_for as _words_for
from referee.engine.lexicon import word as _word
from referee.engine.values import Value as _Value
from referee.engine.values import set_field as _set

# The English words, and Pesten's own that every language reads (``trek``, ``pak``,
# ``laatste``: ``lexicon.EVERYWHERE``).
DRAW_WORDS = frozenset({"d", "draw", *(w for w, e in EVERYWHERE.shared.items() if e == "draw")})
ANNOUNCE_WORDS = frozenset({"lk", "last", *(w for w, e in EVERYWHERE.shared.items() if e == "lk")})
QUERY_WORDS = frozenset({"state", "check", "why", "rules", "help", "replay", "?"})
CONTROL_WORDS = frozenset({"undo", "redo"})
FIX_WORD = "fix"
PASS_WORD = "pass"
MORE = "+"
#: The most cards one ``d N`` may say were drawn (R10.50: ``{ up_to = N }`` allows
#: at most 10; ``"until_playable"`` counts what the piles hold).
MAX_DRAW_COUNT = 200
"""Joins the cards of one play of several cards (R3.10): ``8h+8s``."""
# Words that a player's name must not be (R1.1), besides cards and suits: the
# English entry words, and ``pass`` in every language (a name typed alone reads
# as no entry, R5.11).
RESERVED_WORDS = (DRAW_WORDS | ANNOUNCE_WORDS | QUERY_WORDS | CONTROL_WORDS
                  | {"start", "call", "leave", FIX_WORD} | SHARED_CARD_WORDS
                  | _words_for(PASS_WORD))

_PREFIX = re.compile(r"^\s*([^\s:]+)\s*:\s*(.*)$", re.S)
_AROUND_MORE = re.compile(r"\s*\+\s*")  # (``8h + 8s`` is read as ``8h+8s``)




class Play(_Value):
    """Play ``card``; ``suit`` is the suit named with a Jack (R5.4), else None; after a
    card that demands a rank it is the rank demanded (R10.22: ``Jh 7``, ``suit ==
    "7"``): the word typed after the card, a suit letter or a rank, never both.

    ``more``: the further cards of a play of several cards of one rank, put down
    after ``card`` in order (``8h+8s``, R3.10), else ``()``; the suit is named
    after the last of them (``Jh+Js c``).  ``cards`` is the whole play.
    ``target``: the player named to swap hands with (``7h Anna``, after the suit:
    ``Qh s Anna``; R10.30), as typed, else None."""

    __slots__ = ("card", "suit", "more", "target")
    __match_args__ = __slots__

    def __init__(self, card: Card, suit: str | None = None, more: tuple[Card, ...] = (),
                 target: str | None = None):
        _set(self, "card", card)
        _set(self, "suit", suit)
        _set(self, "more", tuple(more))
        _set(self, "target", target)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the play, in the order put down (one, or more with ``+``)."""
        return (self.card, *self.more)

    def canonical(self) -> str:
        cards = MORE.join(str(c) for c in self.cards) if self.more else str(self.card)
        text = f"{cards} {self.suit}" if self.suit else cards
        return f"{text} {self.target}" if self.target else text


class Draw(_Value):
    """Draw (R3.4 / R5.7 / R6.2); with ``card``: draw one and play it at once.

    ``count``: the cards drawn, as typed (``d 3``, ``d 3 5h``: R10.50), the last of
    them the card played; None when not typed (one card, or the penalty or the draw
    owed).  ``target``: the player the card played names to swap hands with
    (``d 7h Anna``, R10.30), else None."""

    __slots__ = ("card", "suit", "count", "target")
    __match_args__ = __slots__

    def __init__(self, card: Card | None = None, suit: str | None = None,
                 count: int | None = None, target: str | None = None):
        _set(self, "card", card)
        _set(self, "suit", suit)
        _set(self, "count", count)
        _set(self, "target", target)

    def canonical(self) -> str:
        head = "d" if self.count is None else f"d {self.count}"
        if self.card is None:
            return head
        return (f"{head} {self.card}" + (f" {self.suit}" if self.suit else "")
                + (f" {self.target}" if self.target else ""))


class Announce(_Value):
    """"Laatste kaart!" (R4.1)."""

    __slots__ = ()

    def canonical(self) -> str:
        return "lk"


class OutCall(_Value):
    """The call on going out of the rule set (R10.82: ``Jh Mau-Mau``): ``word`` as typed,
    which is also its canonical form (the game's word in every language)."""

    __slots__ = ("word",)
    __match_args__ = __slots__

    def __init__(self, word: str):
        _set(self, "word", word)

    def canonical(self) -> str:
        return self.word


class Pass(_Value):
    """A skip passed on is sat out: ``pass`` (R5.11)."""

    __slots__ = ()

    def canonical(self) -> str:
        return PASS_WORD


class Call(_Value):
    """Call ``target`` for a forgotten last card (R4.3)."""

    __slots__ = ("target",)
    __match_args__ = __slots__

    def __init__(self, target: str):
        _set(self, "target", target)

    def canonical(self) -> str:
        return f"call {self.target}"


class Leave(_Value):
    """``target`` leaves the table during the hand (R1.5)."""

    __slots__ = ("target",)
    __match_args__ = __slots__

    def __init__(self, target: str):
        _set(self, "target", target)

    def canonical(self) -> str:
        return f"leave {self.target}"


class Start(_Value):
    """The starter card of the hand (R2.3); ``suit``: the suit the dealer names with a
    starter that names one (R9.16, ``start Jh s``), or None."""

    __slots__ = ("card", "suit")
    __match_args__ = __slots__

    def __init__(self, card: Card, suit: str | None = None):
        _set(self, "card", card)
        _set(self, "suit", suit)

    def canonical(self) -> str:
        return f"start {self.card}" + (f" {self.suit}" if self.suit else "")


class Fix(_Value):
    """A correction entered because the table agrees the referee's picture is wrong (R0.2).

    ``what`` is ``"draw"`` (``target`` drew ``amount`` cards that were not typed),
    ``"count"`` (``target`` holds ``amount`` cards) or ``"play"`` (``target``
    played ``card``, possibly naming ``suit``, without it being entered; no turn
    or action effect is applied).
    """

    __slots__ = ("what", "target", "amount", "card", "suit")
    __match_args__ = __slots__

    def __init__(self, what: str, target: str, amount: int = 0, card: Card | None = None,
                 suit: str | None = None):
        _set(self, "what", what)
        _set(self, "target", target)
        _set(self, "amount", amount)
        _set(self, "card", card)
        _set(self, "suit", suit)

    def canonical(self) -> str:
        if self.what == "play":
            return f"fix play {self.target} {self.card}" + (f" {self.suit}" if self.suit else "")
        return f"fix {self.what} {self.target} {self.amount}"


Action = Play | Draw | Announce | OutCall | Pass | Call | Leave | Start | Fix


class Line(_Value):
    """One parsed line.

    ``kind`` is ``"entry"`` (``actions`` holds the tokens, applied left to right
    by one player), ``"undo"``, ``"redo"``, ``"query"`` (``query`` is the word,
    ``arg`` the rest) or ``"blank"``.  ``player`` is the typed prefix or None.
    """

    __slots__ = ("kind", "player", "actions", "query", "arg", "text")
    __match_args__ = ("kind", "player", "actions", "query", "arg", "text")

    def __init__(self, kind: str, player: str | None = None, actions: tuple = (),
                 query: str | None = None, arg: str = "", text: str = ""):
        _set(self, "kind", kind)
        _set(self, "player", player)
        _set(self, "actions", actions)
        _set(self, "query", query)
        _set(self, "arg", arg)
        _set(self, "text", text)

    def is_correction(self) -> bool:
        """True for a ``fix ...`` entry, a correction (R0.2)."""
        return self.kind == "entry" and type(self.actions[0]) is Fix

    def canonical(self) -> str:
        """The entry in canonical notation (``Anna: 7h lk``)."""
        if self.kind == "entry":
            body = " ".join(a.canonical() for a in self.actions)
        elif self.kind == "query":
            body = f"{self.query} {self.arg}".strip()
        elif self.kind in ("undo", "redo"):
            body = self.kind
        else:
            return ""
        return f"{self.player}: {body}" if self.player else body


def _strip_comment(text: str) -> str:
    i = text.find("#")
    return text if i < 0 else text[:i]


def parse_line(text: str, lex: Lexicon = ENGLISH, names: Sequence[bool] | None = None,
               swaps: Sequence[bool] | None = None) -> Line:
    """Parse one line of table notation, read in language ``lex`` (a
    ``referee.engine.lexicon.Lexicon``; its letters and words besides the
    English ones, which every language reads: NOTATION.md "Languages").

    ``names``: by card id, whether the card names a suit under the rules in
    force (the compiled ``Tables.names``, R5.4, R9.8): right after such a card
    a lone ``d`` is diamonds, after any other a draw.  None: no card does (the
    parser alone knows no rule; ``Hand`` passes its own).  A suit token that is
    no entry word is read as a suit after any card (the engine refuses it after
    a card that names none, R5.4).  ``swaps``: by card id, whether the card swaps
    hands with a player it names (the compiled ``Tables.swaps``, R10.30): after
    such a card (and its suit) a token that is no card, suit or entry word is that
    player (``7h Anna``); None: no card does.

    Returns a ``Line``; raises ``NotationError`` (a ``ValueError``): the key and
    fields of a short message naming the token that does not read as notation,
    said by whoever catches it (``referee.messages.say``).
    """
    import unicodedata  # (not at start-up: ``score`` and ``standings`` parse no line)
    body = unicodedata.normalize("NFC", _strip_comment(text)).strip()
    if not body:
        return Line("blank", text=text)
    player = None
    m = _PREFIX.match(body)
    if m:
        player, body = m.group(1), m.group(2).strip()
        if not body:
            raise NotationError("notation.nothing_after", player=player)
    tokens = _AROUND_MORE.sub(MORE, body).split()
    first = _word(tokens[0].lower(), lex)
    if first in CONTROL_WORDS:
        if len(tokens) > 1:
            raise NotationError("notation.alone", word=tokens[0])
        return Line(first, player=player, text=text)
    if first in QUERY_WORDS:
        query = "help" if first == "?" else first
        return Line("query", player=player, query=query, arg=" ".join(tokens[1:]), text=text)
    if first == "start":
        if len(tokens) not in (2, 3):
            raise NotationError("notation.start_usage")
        card = try_card(tokens[1], lex)
        if card is None:
            raise NotationError("notation.not_card", token=tokens[1])
        suit = parse_suit(tokens[2], lex) if len(tokens) == 3 else None
        return Line("entry", player, (Start(card, suit),), text=text)
    if first in ("call", "leave"):
        if len(tokens) != 2:
            raise NotationError("notation.name_usage", word=tokens[0])  # (as typed: `sair`)
        action = Call(tokens[1]) if first == "call" else Leave(tokens[1])
        return Line("entry", player, (action,), text=text)
    if first == FIX_WORD:
        return Line("entry", player, (_parse_fix(tokens, lex),), text=text)
    return Line("entry", player, tuple(_parse_actions(tokens, lex, names, swaps)), text=text)


def _fix_number_key(token: str) -> str:
    """What is wrong with a correction's number of cards (R0.2): below zero, more
    than three digits, or no whole number at all."""
    if token[:1] in ("-", "\u2212") and token[1:].isdigit():
        return "notation.fix_negative"
    return "notation.fix_large" if token.isdigit() else "notation.fix_number"


def _parse_fix(tokens: list[str], lex: Lexicon) -> Fix:
    if len(tokens) < 4:
        raise NotationError("notation.fix_incomplete", text=" ".join(tokens))
    what, target = _word(tokens[1].lower(), lex), tokens[2]
    if what in ("draw", "count"):
        if len(tokens) > 4:
            raise NotationError("notation.fix_extra", token=tokens[4])
        if not tokens[3].isdigit() or len(tokens[3]) > 3:
            raise NotationError(_fix_number_key(tokens[3]), token=tokens[3])
        return Fix(what, target, int(tokens[3]))
    if what == "play":
        card = try_card(tokens[3], lex)
        if card is None:
            raise NotationError("notation.fix_card", token=tokens[3])
        if len(tokens) > 5:
            raise NotationError("notation.fix_extra", token=tokens[5])
        suit = parse_suit(tokens[4], lex) if len(tokens) == 5 else None
        if len(tokens) == 5 and suit is None:  # (a card that names none: the engine, R5.4)
            raise NotationError("notation.fix_suit", token=tokens[4])
        return Fix("play", target, 0, card, suit)
    raise NotationError("notation.fix_what", token=tokens[1])


def _parse_actions(tokens: list[str], lex: Lexicon, names: Sequence[bool] | None,
                   swaps: Sequence[bool] | None = None) -> list:
    out: list = []
    i, n = 0, len(tokens)
    while i < n:
        tok = tokens[i]
        low = _word(tok.lower(), lex)
        if low in DRAW_WORDS:
            draw, i = _draw(tokens, i + 1, lex, names)
            draw, i = _targeted(draw, tokens, i, lex, swaps)
            out.append(draw)
            continue
        if low == "call" and out:
            if i + 1 >= n:
                raise NotationError("notation.name_usage", word=tok)
            out.append(Call(tokens[i + 1]))
            i += 2
            continue
        if low == PASS_WORD:
            out.append(Pass())
            i += 1
            continue
        if low == OUT_CALL:  # (R10.82: the rule set's word, ``Jh Mau-Mau``)
            out.append(OutCall(tok))
            i += 1
            continue
        if low in ANNOUNCE_WORDS:
            i += 1
            if i < n and tokens[i].lower() in CARD_WORDS:
                i += 1
            out.append(Announce())
            continue
        if MORE in tok:
            play = _together(tok, tokens, i + 1, lex, names)
            play, i = _targeted(play, tokens, i + (2 if play.suit else 1), lex, swaps)
            out.append(play)
            continue
        card = try_card(tok, lex)
        if card is None:
            if parse_suit(tok, lex):
                raise NotationError("notation.suit_alone", token=tok)
            raise NotationError("notation.unknown", token=tok)
        i += 1
        suit, i = _named_suit(card, tokens, i, lex, names)
        play, i = _targeted(Play(card, suit), tokens, i, lex, swaps)
        out.append(play)
    return out


def _targeted(action, tokens: list[str], i: int, lex: Lexicon,
              swaps: Sequence[bool] | None) -> tuple:
    """``(action, next index)``: a ``Play`` or ``Draw`` with the player named at
    ``tokens[i]`` when a card of it swaps hands (``swaps``, R10.30: ``_target``)."""
    cards = action.cards if type(action) is Play else (action.card,)
    if swaps is None or cards[0] is None:
        return action, i
    if not any(swaps[c.id] for c in cards[runs.acting(cards):]):  # (R10.64: cards that act)
        return action, i
    target, i = _target(tokens, i, lex)
    if type(action) is Play:
        return Play(action.card, action.suit, action.more, target), i
    return Draw(action.card, action.suit, action.count, target), i


def _target(tokens: list[str], i: int, lex: Lexicon) -> tuple[str | None, int]:
    """After a card that swaps hands (R10.30), the player named at ``tokens[i]``: a
    token that is no card, suit, ``+`` play or entry word (``lk``, ``d``, ``call``,
    ``pass``, the call on going out, R10.82; a player's name is none of these, R1.1),
    kept as typed; else None."""
    if i < len(tokens):
        token = tokens[i]
        low = _word(token.lower(), lex)
        if (low not in DRAW_WORDS and low not in ANNOUNCE_WORDS and low != "call"
                and low != PASS_WORD and low != OUT_CALL and MORE not in token
                and try_card(token, lex) is None and parse_suit(token, lex) is None):
            return token, i + 1
    return None, i


def _draw(tokens: list[str], i: int, lex: Lexicon, names: Sequence[bool] | None) -> tuple:
    """``(Draw, next index)`` for the draw word before ``tokens[i]``: ``d``, ``d 3``
    (three cards drawn, R10.50), ``d 5h``, ``d 3 5h`` and a suit the card names;
    raises ``NotationError``."""
    n = len(tokens)
    count = None
    if i < n and tokens[i].isdigit() and tokens[i].isascii():
        count = int(tokens[i])
        if not 1 <= count <= MAX_DRAW_COUNT:
            raise NotationError("notation.draw_count", token=tokens[i], most=MAX_DRAW_COUNT)
        i += 1
    card = try_card(tokens[i], lex) if i < n else None
    if card is None and i < n and MORE in tokens[i]:
        raise NotationError("notation.draw_one_card", token=tokens[i])
    if card is None:
        return Draw(count=count), i
    suit, i = _named_suit(card, tokens, i + 1, lex, names)
    return Draw(card, suit, count), i


def _together(tok: str, tokens: list[str], i: int, lex: Lexicon,
              names: Sequence[bool] | None) -> Play:
    """``8h+8s`` (R3.10): the cards joined by ``+``, each read as a card; after the
    last, a suit token at ``tokens[i]`` names the suit (R5.4, R9.8) when the first
    card of the play's last rank names one (it decides for the play: a double's
    first card, ``matching.check_play``, R10.10: the cards of one rank may differ;
    a run's first card that acts, R10.64)."""
    cards = []
    for part in tok.split(MORE):
        card = try_card(part, lex) if part else None
        if card is None:
            raise NotationError("notation.more_card", token=tok, part=part)
        cards.append(card)
    suit, _ = _named_suit(cards[runs.acting(cards)], tokens, i, lex, names)
    return Play(cards[0], suit, tuple(cards[1:]))


def _named_suit(card: Card, tokens: list[str], i: int, lex: Lexicon,
                names: Sequence[bool] | None) -> tuple[str | None, int]:
    """After a card, a suit token names the suit (R5.4, R9.8: ``Jh s``, ``Qh schoppen``).
    A token that is also an entry word (a lone ``d``) names diamonds only after a card
    that names a suit (``names[card.id]``, see ``parse_line``); after another card it is
    a draw."""
    if i < len(tokens):
        token = tokens[i]
        if (_word(token.lower(), lex) in DRAW_WORDS
                and (names is None or not names[card.id])):
            return None, i
        suit = parse_suit(token, lex) or try_rank(token, lex)  # (R10.22: a rank demanded)
        if suit is not None:
            return suit, i + 1
    return None, i
