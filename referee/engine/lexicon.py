"""The table's words in each language: card letters, suit words, entry words.

NOTATION.md "Languages": the English letters and the suit symbols work in every
language with their English meaning (``7c`` is 7♣ everywhere); the active
language adds its own letters and words, which never collide with an English
token.  This module is data only: the notation parser and the completion read
it; nothing here is shown to players (the message catalogs do that).

Each language's ``Lexicon`` maps local tokens (lower case) to canonical ones:
``ranks`` a rank letter to ``J``/``Q``/``K``/``A``; ``suits`` a suit letter
(used inside a card token, ``Bh``) to ``c``/``d``/``h``/``s``; ``suit_words``
whole words naming a suit after a Jack (``Jh schoppen``); ``jokers`` the words
for a Joker; ``words`` the entry and command words to their English form
(``pakken`` -> ``draw``).  ``false_friends`` lists English suit letters that
start a local word for another suit (``c`` for cœur, copas, cuori): the
prompt explains once what they mean.
"""

from __future__ import annotations

from typing import Mapping


class Lexicon:
    """The local tokens of one language (all lower case)."""

    __slots__ = ("code", "ranks", "suits", "suit_words", "jokers", "words", "false_friends")

    def __init__(self, code: str, *, ranks: Mapping[str, str] = {}, suits: Mapping[str, str] = {},
                 suit_words: Mapping[str, str] = {}, jokers: tuple[str, ...] = (),
                 words: Mapping[str, str] = {}, false_friends: Mapping[str, str] = {}) -> None:
        self.code = code
        self.ranks = dict(ranks)
        self.suits = dict(suits)
        self.suit_words = {**suits, **suit_words}
        self.jokers = frozenset(jokers)
        self.words = dict(words)
        # English letter -> the local suit a reader might take it for.
        self.false_friends = dict(false_friends)


ENGLISH = Lexicon("en")

LEXICONS: dict[str, Lexicon] = {
    "en": ENGLISH,
    "nl": Lexicon(
        "nl",
        ranks={"b": "J", "v": "Q", "h": "K", "a": "A"},
        suits={"k": "c", "r": "d", "h": "h", "s": "s"},
        suit_words={"klaveren": "c", "klaver": "c", "ruiten": "d", "ruit": "d",
                    "harten": "h", "hart": "h", "schoppen": "s", "schop": "s"},
        jokers=("joker",),
        words={"pak": "draw", "pakken": "draw", "trek": "draw", "trekken": "draw",
               "betrap": "call", "betrappen": "call", "weg": "leave", "vertrek": "leave",
               "terug": "undo", "ongedaan": "undo", "opnieuw": "redo", "herhaal": "redo",
               "stand": "state", "waarom": "why", "regels": "rules", "hulp": "help",
               "controleer": "check", "check": "check",
               "punten": "score", "telling": "score", "score": "score",
               "tussenstand": "standings", "verloop": "replay", "geschiedenis": "history",
               "start": "start", "begin": "start",
               "pas": "pass", "passen": "pass",
               "laatste": "lk", "laatstekaart": "lk"},
    ),
    "fr": Lexicon(
        "fr",
        ranks={"v": "J", "d": "Q", "r": "K", "a": "A"},
        suits={"tr": "c", "ca": "d", "co": "h", "pi": "s"},
        suit_words={"trèfle": "c", "trefle": "c", "carreau": "d", "cœur": "h", "coeur": "h",
                    "pique": "s"},
        jokers=("joker",),
        words={"pioche": "draw", "piocher": "draw",
               "appel": "call", "appeler": "call", "signale": "call", "signaler": "call",
               "part": "leave", "partir": "leave",
               "annule": "undo", "annuler": "undo", "refais": "redo", "refaire": "redo",
               "état": "state", "etat": "state", "pourquoi": "why", "règles": "rules",
               "regles": "rules", "aide": "help", "vérifie": "check", "verifie": "check",
               "points": "score", "classement": "standings", "historique": "history",
               "début": "start", "debut": "start", "passe": "pass", "passer": "pass",
               "dernière": "lk", "derniere": "lk"},
        false_friends={"c": "h"},
    ),
    "it": Lexicon(
        "it",
        ranks={"f": "J", "d": "Q", "r": "K", "a": "A"},
        suits={"fi": "c", "qu": "d", "cu": "h", "pi": "s"},
        suit_words={"fiori": "c", "quadri": "d", "cuori": "h", "picche": "s"},
        jokers=("jolly",),
        words={"pesca": "draw", "pescare": "draw",
               "chiama": "call", "contesta": "call", "esce": "leave", "esci": "leave",
               "lascia": "leave",
               "annulla": "undo", "ripeti": "redo", "rifai": "redo",
               "stato": "state", "perché": "why", "perche": "why", "regole": "rules",
               "aiuto": "help", "verifica": "check", "punti": "score",
               "classifica": "standings", "storico": "history", "inizio": "start",
               "passo": "pass", "ultima": "lk"},
        false_friends={"c": "h"},
    ),
    "pt": Lexicon(
        "pt",
        ranks={"v": "J", "d": "Q", "r": "K", "a": "A", "á": "A"},
        suits={"pa": "c", "ou": "d", "co": "h", "es": "s"},
        suit_words={"paus": "c", "ouros": "d", "copas": "h", "espadas": "s"},
        jokers=("coringa", "curinga"),
        words={"compra": "draw", "comprar": "draw",
               "cobra": "call", "cobrar": "call", "chama": "call", "chamar": "call", "sai": "leave", "sair": "leave",
               "desfaz": "undo", "desfazer": "undo", "refaz": "redo", "refazer": "redo",
               "estado": "state", "porquê": "why", "porque": "why", "regras": "rules",
               "ajuda": "help", "confere": "check", "conferir": "check",
               "verifica": "check", "verificar": "check",
               "pontos": "score", "classificação": "standings", "classificacao": "standings",
               "histórico": "history", "historico": "history", "início": "start",
               "inicio": "start", "passo": "pass", "passar": "pass",
               "última": "lk", "ultima": "lk"},
        false_friends={"c": "h"},
    ),
}


def lexicon(code: str) -> Lexicon:
    """The lexicon of language ``code`` (English for an unknown code)."""
    return LEXICONS.get(code, ENGLISH)


ACTIVE: Lexicon = ENGLISH
"""The lexicon whose tokens the parser reads besides the English ones."""


def set_active(code: str) -> None:
    """Read the tokens of language ``code`` from now on (English ones always)."""
    global ACTIVE
    ACTIVE = lexicon(code)


def word(token: str) -> str:
    """The English entry word for a typed word (lower case): ``pakken`` -> ``draw``
    in Dutch; any other token is returned as it is."""
    return ACTIVE.words.get(token, token) if ACTIVE is not ENGLISH else token


def words_for(canonical: str) -> frozenset[str]:
    """The English entry word ``canonical`` and its local words in every language
    (lower case): what a player's name may not be (R1.1), whichever language the
    series is played in (``pass``: ``pas``, ``passe``, ``passo`` ...)."""
    return frozenset({canonical, *(local for lex in LEXICONS.values()
                                   for local, english in lex.words.items()
                                   if english == canonical)})


def false_friends(tokens: list[str]) -> list[tuple[str, str]]:
    """(English suit letter, local suit it may be taken for) for each card token in
    ``tokens`` whose English suit letter starts another suit's local word: in
    French ``7c`` and ``Vc`` are clubs, though ``c`` starts cœur.  The prompt
    explains such a letter once."""
    found = []
    friends = ACTIVE.false_friends
    if not friends:
        return found
    for token in tokens:
        low = token.lower()
        letter = low[-1:]
        rank = low[:-1]
        if letter in friends and (not rank or rank in _RANK_TOKENS or rank in ACTIVE.ranks):
            found.append((letter, friends[letter]))
    return found


def local_suit_letter(suit: str) -> str | None:
    """The active language's letter for the canonical suit ``suit`` (French ``co``
    for ``h``), or None where it has none (English)."""
    return next((local for local, canonical in ACTIVE.suits.items() if canonical == suit), None)


def rank_letter(rank: str) -> str:
    """The active language's letter for the court card or Ace ``rank`` (``J``,
    ``Q``, ``K``, ``A``), upper case: Dutch ``B`` for ``J``; English its own."""
    return next((local.upper() for local, r in ACTIVE.ranks.items() if r == rank), rank)


def suit_letters() -> str:
    """The suit letters a player of the active language types, clubs to spades:
    ``c/d/h/s`` in English, Dutch ``k/r/h/s``, French ``tr/ca/co/pi``."""
    return "/".join(local_suit_letter(s) or s for s in _SUIT_LETTERS)


_RANK_TOKENS = frozenset([str(n) for n in range(2, 11)] + ["t", "j", "q", "k", "a"])
_SUIT_LETTERS = ("c", "d", "h", "s")


def local_forms(canonical: str) -> list[str]:
    """How the active language writes the canonical token ``canonical``, its
    usual form first (Tab completion offers them): a card (``Jh``: Dutch
    ``Bh``, French ``Vco``), ``Joker`` (Italian ``jolly``), a suit letter
    (``c``: French ``tr``) or an entry or command word (``draw``: Dutch
    ``pak``).  A form may be the English one (Dutch ``7h``, ``start``).  Empty
    in English, for ``lk`` (the call is "Laatste kaart!" in every language) and
    for any other token (a name, a rule id)."""
    lex = ACTIVE
    low = canonical.lower()
    if lex is ENGLISH or not low or low == "lk":
        return []
    if low == "joker":
        return sorted(lex.jokers)
    if low in _SUIT_LETTERS:
        return [local for local, suit in lex.suits.items() if suit == low]
    rank, suit = low[:-1], low[-1]
    if suit in _SUIT_LETTERS and rank in _RANK_TOKENS and rank != "t":
        ranks = [local.upper() for local, r in lex.ranks.items() if r.lower() == rank] or [rank.upper()]
        return [r + s for r in ranks for s, c in lex.suits.items() if c == suit]
    return [local for local, english in lex.words.items() if english == low]
