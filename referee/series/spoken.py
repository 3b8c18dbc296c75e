"""The language a table's lines are read in (NOTATION.md "Languages").

The engine keeps no language of its own: a ``Hand`` reads its lines in the
``Lexicon`` it is given.  The application gives it the lexicon of the language
it speaks (``messages.language()``: ``--lang``, ``$PESTEN_REF_LANG``, the
series' own, the locale), the one definition used by the series, the prompt
and the command line alike.
"""

from __future__ import annotations

from referee import messages
from referee.engine.lexicon import Lexicon, lexicon


def table_lexicon() -> Lexicon:
    """The ``Lexicon`` of the language spoken now: the letters and words a line
    typed at the table (or saved, or completed) is read in besides the English ones."""
    return lexicon(messages.language())
