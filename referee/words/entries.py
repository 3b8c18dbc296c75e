"""An entry as the language of whoever reads it writes it (NOTATION.md "Languages").

The save file and the engine keep every entry in English notation (``Kh``,
``d``, ``Jh s``); what a player reads is written in the letters and words of
the language the messages speak (Dutch ``Hh``, ``pak``; French ``Vco pi``):
``engine.written`` in the language of ``messages.language()``.
"""

from __future__ import annotations

from referee import messages
from referee.engine.lexicon import lexicon, local_forms, switch_forms
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


#: The prompt's command words a message may name (``{cmd:help}``), besides the entry
#: words ``written`` knows (``pass``, ``call``, ``leave``, ``start``, ``d``).
COMMAND_WORDS = frozenset(("help", "state", "why", "check", "undo", "redo", "rules", "score",
                           "standings", "history", "replay", "show"))


def as_command(text: str) -> str:
    """A command to type, given in English (``pass``, ``Bram: call Anna``,
    ``check 7h``), as the language the messages speak writes it (``as_read``), each
    prompt command word by the language's own first word for it (French ``aide``
    for ``help``, Italian ``perché`` for ``why``), and ``show``'s words by the
    language's (``show calls on``: Dutch ``toon betrappen aan``).  English is returned
    as it is."""
    lex = lexicon(messages.language())
    text = written(text, lex)
    head, sep, rest = text.partition(" ")
    if head == "show":  # ``show calls on``: Dutch ``toon betrappen aan``
        rest = " ".join((switch_forms(w, lex) or [w])[0] for w in rest.split())
    if head in COMMAND_WORDS:
        forms = local_forms(head, lex)
        if forms:
            return forms[0] + sep + rest
    return text


class Commands:
    """Fills a message's command placeholders, ``{cmd:pass}``, with the command in
    the words of the language the messages speak (``as_command``); given to
    ``messages.set_commands`` when this module is imported."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return as_command(spec)


COMMANDS = Commands()
messages.set_commands(COMMANDS)
