"""An entry in English notation as a language writes it (NOTATION.md "Languages").

Pure: the language is the ``Lexicon`` passed in.  Read by ``score``'s sentences
for their examples, so it imports only the cards and the lexicon (start-up:
not the notation's parser).
"""

from __future__ import annotations

import re
from typing import Sequence

from referee.engine.cards import Card, parse_suit, try_card
from referee.engine.lexicon import ENGLISH, Lexicon, local_forms

# The English words of an entry that a language may write its own way
# (``notation.PASS_WORD`` is ``pass``).
_ENTRY_WORDS = {"d": "draw", "draw": "draw", "call": "call", "leave": "leave", "start": "start",
                "pass": "pass", "fix": "fix"}
#: The words of a correction after ``fix`` (R0.2): ``fix count Anna 5``.
_FIX_WORDS = {"draw": "draw", "count": "count", "play": "play"}
_SEPARATORS = re.compile(r"(\s+|[=:,|+]|`)")


def written(text: str, lex: Lexicon = ENGLISH, names: Sequence[bool] | None = None) -> str:
    """An entry (or an example of one) in English notation as language ``lex``
    writes it: each card in its letters (Dutch ``Hh`` for ``Kh``, French ``Vco pi``
    for ``Jh s``), the suit named after a Jack, and the entry words ``d``, ``call``,
    ``leave``, ``start``, ``pass`` and a correction's ``fix count``/``fix play`` by its
    own word (Dutch ``pak``, ``corrigeer aantal``).  Names, numbers
    and every other token are kept; so is the whole text in English.  What the
    save file keeps (English) is shown so to a player (NOTATION.md "Languages").
    Raises nothing: a token that is no card or entry word is kept as typed.

    After a card a suit token is the suit it names; a lone ``d`` is diamonds only
    after a card that names a suit (``names``: by card id, the compiled
    ``Tables.names`` of the rules the entry was made under, R5.4, R9.8; None: the
    standard rules'), else the draw word, as ``notation.parse_line`` reads it."""
    out = []
    after = None  # (the card just written, if the token before was one)
    fixing = False  # (the token before was ``fix``: a correction's word follows)
    first = None  # (R3.10: the first card of a double, which names its suit)
    joined = False  # (the separator before was a ``+``)
    for token in _SEPARATORS.split(text):
        if not token or _SEPARATORS.fullmatch(token):
            if token == "+" and after is not None:
                first, joined = first or after, True
            elif token:
                joined = False
            out.append(token)
            continue
        low = token.lower()
        suit = _suit_named(token, first or after, names, lex) if after is not None else None
        was_fix, fixing = fixing, low == "fix"
        forms, after = _forms(token, low, suit, was_fix, lex)
        if after is None or not joined:
            first = None
        joined = False
        out.append(forms[0] if forms else token)
    return "".join(out)


def _suit_named(token: str, card: Card, names, lex: Lexicon) -> str | None:
    """The suit ``token`` names after ``card`` (a double's first card), or None: a lone
    ``d`` is diamonds only after a card that names a suit (``names``; None: the
    standard rules', R5.4, R9.8), else the draw word."""
    suit = parse_suit(token, lex)
    if suit is not None and token.lower() in _ENTRY_WORDS:
        if names is None:
            from referee.engine.compiled import standard_names  # (only here: start-up)
            names = standard_names()
        if not names[card.id]:
            return None
    return suit


def _forms(token: str, low: str, suit: str | None, was_fix: bool,
           lex: Lexicon) -> tuple[list[str], Card | None]:
    """The ways ``lex`` writes ``token`` (a suit, a correction's word after ``fix``, an
    entry word, a card; none: kept as typed) and the card it is, if one."""
    if suit is not None:
        return local_forms(suit, lex), None
    if was_fix and low in _FIX_WORDS:
        return local_forms(_FIX_WORDS[low], lex), None
    if low in _ENTRY_WORDS:
        return local_forms(_ENTRY_WORDS[low], lex), None
    card = try_card(token, lex)
    return (local_forms(str(card), lex) if card is not None else []), card

