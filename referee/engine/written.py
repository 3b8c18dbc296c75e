"""An entry in English notation as a language writes it (NOTATION.md "Languages").

Pure: the language is the ``Lexicon`` passed in.  Read by ``score``'s sentences
for their examples, so it imports only the cards and the lexicon (start-up:
not the notation's parser).
"""

from __future__ import annotations

import re

from referee.engine.cards import parse_suit, try_card
from referee.engine.lexicon import ENGLISH, Lexicon, local_forms

# The English words of an entry that a language may write its own way
# (``notation.PASS_WORD`` is ``pass``).
_ENTRY_WORDS = {"d": "draw", "draw": "draw", "call": "call", "leave": "leave", "start": "start",
                "pass": "pass"}
_SEPARATORS = re.compile(r"(\s+|[=:,|+]|`)")


def written(text: str, lex: Lexicon = ENGLISH) -> str:
    """An entry (or an example of one) in English notation as language ``lex``
    writes it: each card in its letters (Dutch ``Hh`` for ``Kh``, French ``Vco pi``
    for ``Jh s``), the suit named after a Jack, and the entry words ``d``, ``call``,
    ``leave``, ``start``, ``pass`` by its own word (Dutch ``pak``).  Names, numbers
    and every other token are kept; so is the whole text in English.  What the
    save file keeps (English) is shown so to a player (NOTATION.md "Languages").
    Raises nothing: a token that is no card or entry word is kept as typed."""
    out = []
    jack = False
    for token in _SEPARATORS.split(text):
        if not token or _SEPARATORS.fullmatch(token):
            out.append(token)
            continue
        low = token.lower()
        suit = parse_suit(token, lex) if jack else None
        jack = False
        if suit is not None:
            forms = local_forms(suit, lex)
        elif low in _ENTRY_WORDS:
            forms = local_forms(_ENTRY_WORDS[low], lex)
        else:
            card = try_card(token, lex)
            forms = local_forms(str(card), lex) if card is not None else []
            jack = card is not None and card.rank == "J"
        out.append(forms[0] if forms else token)
    return "".join(out)
