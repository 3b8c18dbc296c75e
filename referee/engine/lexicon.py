"""The table's words in each language: card letters, suit words, entry words.

NOTATION.md "Languages": the English letters and the suit symbols work in every
language with their English meaning (``7c`` is 7♣ everywhere); the table's
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
prompt explains once what they mean.  ``topics``, ``synonyms`` and
``stopwords`` are what ``rules WORDS`` searches the rule book with besides its
English words (rule id -> phrases; a word -> its English ones; words left out).
``presets`` names the presets in the language (``famille`` -> ``family``, R8) and
``rank_words`` the ranks by their whole words (``roi`` -> ``K``), which a house-rule
file's ``[actions]`` may use besides the letters (R9.1).  ``switches`` are the words
of a display setting (``show calls on``: Dutch ``toon betrappen aan``), read after
``show`` only.

This is the one place a language's words are spelled (``tests/test_language_words.py``
checks that no other module does): Pesten's own Dutch words that every
language reads (``EVERYWHERE``: the suits after a Jack, ``trek``/``pak``,
"Laatste kaart!") are read from the Dutch lexicon too.

No language is active here: whoever parses or writes passes the ``Lexicon``
(``lexicon(code)``; English when none is given), so hands in two languages
can live in one process (a ``Hand`` holds its own).
"""

from __future__ import annotations

from collections.abc import Mapping


class Lexicon:
    """The local tokens of one language (all lower case)."""

    __slots__ = ("code", "ranks", "suits", "suit_names", "suit_words", "jokers", "words",
                 "false_friends", "card_word", "shared", "topics", "synonyms", "stopwords",
                 "presets", "rank_words", "switches")

    def __init__(self, code: str, *, ranks: Mapping[str, str] = {}, suits: Mapping[str, str] = {},
                 suit_words: Mapping[str, str] = {}, jokers: tuple[str, ...] = (),
                 words: Mapping[str, str] = {}, false_friends: Mapping[str, str] = {},
                 card_word: str = "", shared: tuple[str, ...] = (), topics: Mapping[str, str] = {},
                 synonyms: Mapping[str, tuple[str, ...]] = {}, stopwords: str = "",
                 presets: Mapping[str, str] = {}, rank_words: Mapping[str, str] = {},
                 switches: Mapping[str, str] = {}) -> None:
        self.code = code
        self.ranks = dict(ranks)
        self.suits = dict(suits)
        self.suit_names = dict(suit_words)        # the whole words only
        self.suit_words = {**suits, **suit_words}
        self.jokers = frozenset(jokers)
        self.words = dict(words)
        # English letter -> the local suit a reader might take it for.
        self.false_friends = dict(false_friends)
        # The word for "card" that may follow the call (``lk kaart``), in every language.
        self.card_word = card_word
        # Of ``words``, those every language reads (``EVERYWHERE``: Pesten's own).
        self.shared = {w: self.words[w] for w in shared}
        self.topics = dict(topics)
        self.synonyms = dict(synonyms)
        self.stopwords = frozenset(stopwords.split())
        # A preset's own name in the language (``famille`` -> ``family``, R8).
        self.presets = dict(presets)
        # A rank's whole word (``roi`` -> ``K``): a house-rule file's ``[actions]`` keys.
        self.rank_words = dict(rank_words)
        # ``show``'s words (``betrappen`` -> ``calls``, ``aan`` -> ``on``), its usual one first.
        self.switches = dict(switches)


# The rule book's search words in Dutch (``rules WORDS``, read in every language).
NL_TOPICS: dict[str, str] = {
    "R0.1": "scheidsrechter, zichtbaar, informatie",
    "R0.2": "correctie, fout, vergissing",
    "R0.3": "weigering, geweigerd",
    "R0.4": "weigering, geweigerd",
    "R1.1": "spelers, naam, namen, aantal spelers",
    "R1.2": "plaats, zitplaats, volgorde, richting, met de klok mee",
    "R1.3": "kaartspel, spel kaarten, twee spellen, drie spellen",
    "R1.4": "dubbel, kopie",
    "R1.5": "vertrekken, weggaan, stoppen, opgeven",
    "R2.1": "gever, deler, delen",
    "R2.2": "delen, aantal kaarten",
    "R2.3": "startkaart, eerste kaart, trekstapel, aflegstapel, pot",
    "R2.4": "startkaart, eerste kaart",
    "R2.5": "eerste speler, wie begint, beginnen",
    "R3.1": "kleur, zelfde kleur, waarde, opleggen",
    "R3.3": "kleur vragen, kleur kiezen, kleur bepalen, gevraagde kleur, boer",
    "R3.4": "kan niet, trekken, pakken, kaart pakken, passen",
    "R3.5": "schudden, opnieuw schudden, stapel leeg, trekstapel leeg",
    "R3.6": "geen kaarten meer",
    "R3.7": "beurt, niet aan de beurt, aan de beurt",
    "R3.8": "verkeerde kaart, fout, straf",
    "R3.9": "geblokkeerd, vast",
    "R4.1": "laatste kaart, melden, zeggen",
    "R4.2": "laatste kaart, te laat, op tijd, te vroeg",
    "R4.3": "laatste kaart, roepen, vergeten, straf",
    "R4.4": "laatste kaart, onterecht",
    "R4.5": "laatste kaart, verlopen",
    "R5.1": "twee, pesten, strafkaart, pestkaart",
    "R5.2": "zeven, nog een keer, kleven, pestkaart",
    "R5.3": "acht, overslaan, wachten, pestkaart",
    "R5.4": "boer, kleur kiezen, kleur vragen, pestkaart",
    "R5.5": "aas, omdraaien, richting, andersom, pestkaart",
    "R5.6": "strafkaart, pestkaart",
    "R5.7": "stapelen, opstapelen, doorgeven, straf",
    "R5.8": "heer, koning, pestkaart",
    "R5.9": "vier, overslaan, pestkaart",
    "R5.11": "doorgeven, overslaan, passen, acht",
    "R5.10": "vijf, iedereen pakt, pestkaart",
    "R6.1": "winnen, winnaar, uitgaan",
    "R6.2": "uitgaan, pestkaart, laatste kaart pestkaart",
    "R6.3": "doorspelen, plaatsen, verliezer, laatste speler",
    "R7.1": "punten, tellen, strafpunten",
    "R7.2": "controle",
    "R7.3": "totaal, optellen",
    "R7.4": "afvallen, uitgeschakeld, limiet, honderd",
    "R7.5": "rondes, aantal rondes, potjes",
    "R7.6": "gezellig, voor de lol, overwinningen",
    "R8.1": "standaard, huisregels",
    "R8.2": "gezinspesten, gezin, kinderen, huisregels",
    "R8.3": "hard pesten, hardpesten, huisregels",
    "R8.4": "snel, snel pesten, vrij, huisregels",
    "R8.5": "cumulatief, stapelen, huisregels",
    "R8.6": "toernooi, wedstrijd",
    "R9.1": "huisregels, pestkaarten",
    "R9.2": "geen effect",
    "R9.3": "pakken, strafkaart",
    "R9.4": "iedereen pakt, allemaal pakken",
    "R9.5": "overslaan, beurt overslaan",
    "R9.6": "heer nog een keer, nog een keer",
    "R9.7": "omdraaien, richting, andersom",
    "R9.8": "kleur kiezen, kleur vragen",
    "R9.9": "hoger, lager, maximaal",
    "R9.10": "tien zien, laten zien, kaarten laten zien",
    "R9.11": "kaart doorgeven, links, rechts",
    "R9.12": "wasmachine, handen doorschuiven",
    "R9.13": "combinatie",
    "R9.14": "stapelen, verdubbelen",
    "R9.15": "uitgaan, afgaan",
    "R9.16": "startkaart, opnieuw",
    "R9.17": "snel pesten, vrij",
    "R9.18": "laatste kaart",
}
NL_SYNONYMS: dict[str, tuple[str, ...]] = {
    "boer": ("jack",),
    "vrouw": ("queen",),
    "heer": ("king",),
    "koning": ("king",),
    "aas": ("ace",),
    "twee": ("two",),
    "drie": ("three",),
    "vier": ("four",),
    "vijf": ("five",),
    "zes": ("six",),
    "zeven": ("seven",),
    "acht": ("eight",),
    "negen": ("nine",),
    "tien": ("ten",),
    "schudden": ("shuffle", "reshuffle"),
    "stapelen": ("stack",),
    "trekken": ("draw",),
    "pakken": ("draw",),
    "beurt": ("turn",),
    "richting": ("direction",),
    "punten": ("points",),
    "spelers": ("players",),
    "speler": ("player",),
    "kaart": ("card",),
    "kaarten": ("cards",),
    "kleur": ("suit",),
    "straf": ("penalty",),
    "winnen": ("win",),
    "delen": ("deal",),
    "gever": ("dealer",),
    "stapel": ("pile",),
    "laatste": ("last",),
    "jokers": ("joker",),
}

ENGLISH = Lexicon("en", card_word="card")

LEXICONS: dict[str, Lexicon] = {
    "en": ENGLISH,
    "nl": Lexicon(
        "nl",
        ranks={"b": "J", "v": "Q", "h": "K", "a": "A"},
        suits={"k": "c", "r": "d", "h": "h", "s": "s"},
        suit_words={"klaveren": "c", "klaver": "c", "ruiten": "d", "ruit": "d",
                    "harten": "h", "hart": "h", "schoppen": "s", "schop": "s"},
        jokers=("joker",),
        card_word="kaart",
        presets={"standaard": "standard", "familie": "family", "gezin": "family",
                 "snel": "fast", "cumulatief": "cumulative", "toernooi": "tournament"},
        rank_words={"boer": "J", "vrouw": "Q", "heer": "K", "aas": "A"},
        switches={"betrappen": "calls", "betrap": "calls", "aan": "on", "uit": "off"},
        shared=("pak", "trek", "laatste", "laatstekaart"),
        topics=NL_TOPICS,
        synonyms=NL_SYNONYMS,
        stopwords="de het een van op wat hoe als met en voor mag ik je regel regels bij er die dat wanneer moet kan welke over",
        words={"pak": "draw", "pakken": "draw", "trek": "draw", "trekken": "draw",
               "betrap": "call", "betrappen": "call", "weg": "leave", "vertrek": "leave",
               "terug": "undo", "ongedaan": "undo", "opnieuw": "redo", "herhaal": "redo",
               "toestand": "state", "waarom": "why", "regels": "rules", "hulp": "help",
               "controleer": "check", "check": "check",
               "punten": "score", "telling": "score", "score": "score",
               "tussenstand": "standings", "stand": "standings", "verloop": "replay", "geschiedenis": "history",
               "start": "start", "begin": "start",
               "pas": "pass", "passen": "pass",
               "corrigeer": "fix", "aantal": "count", "speel": "play",
               "afbreken": "abandon", "toon": "show", "stoppen": "quit",
               "laatste": "lk", "laatstekaart": "lk"},
    ),
    "fr": Lexicon(
        "fr",
        ranks={"v": "J", "d": "Q", "r": "K", "a": "A"},
        suits={"tr": "c", "ca": "d", "co": "h", "pi": "s"},
        suit_words={"trèfle": "c", "trefle": "c", "carreau": "d", "cœur": "h", "coeur": "h",
                    "pique": "s"},
        jokers=("joker",),
        card_word="carte",
        presets={"famille": "family", "difficile": "hard", "rapide": "fast",
                 "cumulatif": "cumulative", "tournoi": "tournament"},
        rank_words={"valet": "J", "dame": "Q", "roi": "K", "as": "A"},
        switches={"fautes": "calls", "faute": "calls", "oui": "on", "non": "off"},
        words={"pioche": "draw", "piocher": "draw",
               "prends": "call", "prendre": "call", "appel": "call", "appeler": "call", "signale": "call", "signaler": "call",
               "part": "leave", "partir": "leave",
               "annule": "undo", "annuler": "undo", "refais": "redo", "refaire": "redo",
               "état": "state", "etat": "state", "pourquoi": "why", "règles": "rules",
               "regles": "rules", "aide": "help", "vérifie": "check", "verifie": "check",
               "points": "score", "classement": "standings", "historique": "history",
               "début": "start", "debut": "start", "passe": "pass", "passer": "pass",
               "corrige": "fix", "nombre": "count", "joue": "play",
               "abandonne": "abandon", "montre": "show", "quitte": "quit", "quitter": "quit",
               "dernière": "lk", "derniere": "lk"},
        false_friends={"c": "h"},
    ),
    "it": Lexicon(
        "it",
        ranks={"f": "J", "d": "Q", "r": "K", "a": "A"},
        suits={"fi": "c", "qu": "d", "cu": "h", "pi": "s"},
        suit_words={"fiori": "c", "quadri": "d", "cuori": "h", "picche": "s"},
        jokers=("jolly",),
        card_word="carta",
        presets={"base": "standard", "famiglia": "family", "difficile": "hard",
                 "veloce": "fast", "cumulativo": "cumulative", "torneo": "tournament"},
        rank_words={"fante": "J", "donna": "Q", "re": "K", "asso": "A"},
        switches={"beccare": "calls", "becca": "calls", "sì": "on", "si": "on", "no": "off"},
        words={"pesca": "draw", "pescare": "draw",
               "becca": "call", "beccare": "call", "chiama": "call", "contesta": "call",
               "ritira": "leave", "esce": "leave", "esci": "leave", "lascia": "leave",
               "correggi": "fix", "conta": "count", "gioca": "play",
               "abbandona": "abandon", "mostra": "show", "fine": "quit",
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
        card_word="carta",
        presets={"padrão": "standard", "padrao": "standard", "família": "family",
                 "familia": "family", "difícil": "hard", "dificil": "hard", "rápido": "fast",
                 "rapido": "fast", "cumulativo": "cumulative", "torneio": "tournament"},
        rank_words={"valete": "J", "dama": "Q", "rei": "K", "ás": "A", "as": "A"},
        switches={"pegar": "calls", "pega": "calls", "sim": "on", "não": "off", "nao": "off"},
        words={"compra": "draw", "comprar": "draw",
               "pega": "call", "pegar": "call", "cobra": "call", "cobrar": "call", "chama": "call", "chamar": "call", "sai": "leave", "sair": "leave",
               "desfaz": "undo", "desfazer": "undo", "refaz": "redo", "refazer": "redo",
               "estado": "state", "motivo": "why", "porquê": "why", "porque": "why", "regras": "rules",
               "ajuda": "help", "confere": "check", "conferir": "check",
               "verifica": "check", "verificar": "check",
               "pontos": "score", "classificação": "standings", "classificacao": "standings",
               "histórico": "history", "historico": "history", "início": "start",
               "inicio": "start", "passo": "pass", "passar": "pass",
               "corrige": "fix", "conta": "count", "joga": "play",
               "abandona": "abandon", "mostra": "show", "encerra": "quit", "encerrar": "quit",
               "última": "lk", "ultima": "lk"},
        false_friends={"c": "h"},
    ),
}


#: The entry word a rule set's call on going out is read as (R10.82: ``with_calls``
#: maps ``mau-mau`` to it); holding a space, it is no token anyone types.
OUT_CALL = "out call"


def with_calls(lex: Lexicon, words: Mapping[str, str]) -> Lexicon:
    """``lex`` reading a game's own call words besides its own (R10.80): ``words``
    maps each word, lower case, to the entry word it stands for (``{"mau": "lk"}``).
    A new lexicon (``lex`` is left as it is); ``lex`` itself when ``words`` is empty."""
    if not words:
        return lex
    import copy
    out = copy.copy(lex)
    out.words = {**lex.words, **words}
    return out


def lexicon(code: str) -> Lexicon:
    """The lexicon of language ``code`` (English for an unknown code)."""
    return LEXICONS.get(code, ENGLISH)


EVERYWHERE = LEXICONS["nl"]
"""Pesten's own language, some of whose words every language reads (NOTATION.md
"Languages"): its suit words after a Jack (``Jh schoppen``), ``trek``/``pak``
and "Laatste kaart!" (``laatste``, ``laatstekaart``)."""

CARD_WORDS = frozenset(lex.card_word for lex in LEXICONS.values())
SHARED_CARD_WORDS = frozenset((ENGLISH.card_word, EVERYWHERE.card_word))
"""The word for "card" no player's name may be (R1.1): English's and Pesten's own."""
"""The word for "card" after the call, in any language (``lk kaart``, ``lk carte``)."""


def word(token: str, lex: Lexicon = ENGLISH) -> str:
    """The English entry word for a word typed (lower case) in language ``lex``:
    ``pakken`` -> ``draw`` in Dutch; any other token is returned as it is."""
    return lex.words.get(token, token) if lex is not ENGLISH else token


def words_for(canonical: str) -> frozenset[str]:
    """The English entry word ``canonical`` and its local words in every language
    (lower case): what a player's name may not be (R1.1), whichever language the
    series is played in (``pass``: ``pas``, ``passe``, ``passo`` ...)."""
    return frozenset({canonical, *(local for lex in LEXICONS.values()
                                   for local, english in lex.words.items()
                                   if english == canonical)})


def local_preset(name: str) -> str | None:
    """The preset (R8) a language's own name for it stands for, in any language
    (``famille``, ``famiglia``, ``família`` -> ``family``; lower case, spaces and
    underscores read as ``-``), else None."""
    import re
    norm = re.sub(r"[\s_]+", "-", str(name).strip().lower())
    for lex in LEXICONS.values():
        if norm in lex.presets:
            return lex.presets[norm]
    return None


def switch_word(token: str, lex: Lexicon = ENGLISH) -> str:
    """A word typed after ``show`` in English (lower case): Dutch ``betrappen`` ->
    ``calls``, ``aan`` -> ``on``; any other (English ``on``) as typed."""
    low = token.lower()
    return lex.switches.get(low, low)


def switch_forms(canonical: str, lex: Lexicon = ENGLISH) -> list[str]:
    """How language ``lex`` writes ``show``'s word ``canonical`` (``on``: Dutch
    ``aan``), its usual form first; empty in English and for any other word."""
    return [local for local, english in lex.switches.items() if english == canonical]


def false_friends(tokens: list[str], lex: Lexicon = ENGLISH) -> list[tuple[str, str]]:
    """(English suit letter, local suit it may be taken for) for each card token in
    ``tokens`` whose English suit letter starts another suit's word in language
    ``lex``: in
    French ``7c`` and ``Vc`` are clubs, though ``c`` starts cœur.  The prompt
    explains such a letter once."""
    found = []
    friends = lex.false_friends
    if not friends:
        return found
    for token in tokens:
        low = token.lower()
        letter = low[-1:]
        rank = low[:-1]
        if letter in friends and (not rank or rank in _RANK_TOKENS or rank in lex.ranks):
            found.append((letter, friends[letter]))
    return found


def local_suit_letter(suit: str, lex: Lexicon = ENGLISH) -> str | None:
    """Language ``lex``'s letter for the canonical suit ``suit`` (French ``co``
    for ``h``), or None where it has none (English)."""
    return next((local for local, canonical in lex.suits.items() if canonical == suit), None)


def rank_letter(rank: str, lex: Lexicon = ENGLISH) -> str:
    """Language ``lex``'s letter for the court card or Ace ``rank`` (``J``,
    ``Q``, ``K``, ``A``), upper case: Dutch ``B`` for ``J``; English its own."""
    return next((local.upper() for local, r in lex.ranks.items() if r == rank), rank)


def suit_letters(lex: Lexicon = ENGLISH) -> str:
    """The suit letters a player of language ``lex`` types, clubs to spades:
    ``c/d/h/s`` in English, Dutch ``k/r/h/s``, French ``tr/ca/co/pi``."""
    return "/".join(local_suit_letter(s, lex) or s for s in _SUIT_LETTERS)


_RANK_TOKENS = frozenset([str(n) for n in range(2, 11)] + ["t", "j", "q", "k", "a"])
_SUIT_LETTERS = ("c", "d", "h", "s")


def local_forms(canonical: str, lex: Lexicon = ENGLISH) -> list[str]:
    """How language ``lex`` writes the canonical token ``canonical``, its
    usual form first (Tab completion offers them): a card (``Jh``: Dutch
    ``Bh``, French ``Vco``), ``Joker`` (Italian ``jolly``), a suit letter
    (``c``: French ``tr``) or an entry or command word (``draw``: Dutch
    ``pak``).  A form may be the English one (Dutch ``7h``, ``start``).  Empty
    in English, for ``lk`` (the call is "Laatste kaart!" in every language) and
    for any other token (a name, a rule id)."""
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
