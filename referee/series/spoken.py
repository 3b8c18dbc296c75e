"""The language a table's lines are read in (NOTATION.md "Languages").

The engine keeps no language of its own: a ``Hand`` reads its lines in the
``Lexicon`` it is given.  The application gives it the lexicon of the language
it speaks (``messages.language()``: ``--lang``, ``$PESTEN_REF_LANG``, the
series' own, the locale), the one definition used by the series, the prompt
and the command line alike.
"""

from __future__ import annotations

from referee import messages
from referee.engine.lexicon import LEXICONS, OUT_CALL, Lexicon, lexicon, with_calls


def table_lexicon(rules=None) -> Lexicon:
    """The ``Lexicon`` of the language spoken now: the letters and words a line
    typed at the table (or saved, or completed) is read in besides the English ones;
    with ``rules`` (a ``HouseRules``), also the game's own call words (R10.80:
    ``Mau`` is the last-card announcement ``lk``; R10.82: ``Mau-Mau`` the call on
    going out), whatever the language."""
    lex = lexicon(messages.language())
    out = rules.out_call_word() if rules is not None else None
    if out:
        lex = with_calls(lex, {out.lower(): OUT_CALL})
    word = rules.last_call_word() if rules is not None else None
    return with_calls(lex, {word.lower(): "lk"}) if word else lex


def file_ranks() -> dict[str, tuple[str, ...]]:
    """The names a house-rule file may give a rank besides the English ones (R9.1:
    ``[actions]`` and ``[points]`` keys, rank lists), lower case, each with the
    ranks it stands for: the letters and words of the language spoken (French ``r``
    and ``roi`` for ``K``); in English, those of every language, where a letter
    standing for two ranks (``v``: Dutch Queen, French Jack) is refused where it is
    used.  Passed to the engine in the file's ``Source``."""
    from referee.engine.cards import ALL_RANKS
    english = {rank.lower() for rank in ALL_RANKS}  # (``a``, ``joker``: written as in English)
    code = messages.language()
    chosen = [lexicon(code)] if code != "en" else list(LEXICONS.values())
    found: dict[str, tuple[str, ...]] = {}
    for lex in chosen:
        names = {**lex.ranks, **lex.rank_words, **{joker: "Joker" for joker in lex.jokers}}
        for name, rank in names.items():
            if name not in english and rank not in found.get(name, ()):
                found[name] = found.get(name, ()) + (rank,)
    return found
