"""An entry as the language of whoever reads it writes it (NOTATION.md "Languages").

The save file and the engine keep every entry in English notation (``Kh``,
``d``, ``Jh s``); what a player reads is written in the letters and words of
the language the messages speak (Dutch ``Hh``, ``pak``; French ``Vco pi``):
``engine.written`` in the language of ``messages.language()``.
"""

from __future__ import annotations

from referee import messages
from referee.engine.lexicon import lexicon
from referee.engine.written import written


def as_read(text: str) -> str:
    """``written`` in the language the messages speak now (``messages.language()``):
    an entry shown to whoever reads it (undo's sentence, ``replay``, a message's
    example)."""
    return written(text, lexicon(messages.language()))


class Examples:
    """Fills a message's example placeholders, ``{ex:Ah Ks 3d}``, with the
    example written in the letters of the language the messages speak
    (``as_read``); given to ``messages.set_examples`` when this module is imported,
    so every message read after it shows its examples so."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return as_read(spec)


EXAMPLES = Examples()
messages.set_examples(EXAMPLES)
