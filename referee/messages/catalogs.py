"""Development tool for the translations: extract, check and compile the catalogs.

The English texts in ``en_AREA`` modules are the source.  ``extract`` writes the
template ``po/pesten-ref.pot`` from them (each entry keyed by its message key as
``msgctxt``, with the English text as ``msgid``, plural texts as
``msgid``/``msgid_plural``) together with click's own texts ("Usage:",
"Options:", ...; no context, extracted from click's source with Babel), and
merges it into every ``po/LANG.po`` (changed texts become fuzzy, new ones
empty).  ``compile`` writes ``locale/LANG/LC_MESSAGES/pesten-ref-AREA.mo`` for
each area and ``click.mo`` for click's texts.  ``check`` fails when a message is
untranslated or fuzzy, when a translation's ``{placeholders}`` differ from the
English ones, when ``msgfmt -c`` (GNU gettext, if installed) objects, when a
translation uses another word for a concept of the language's term base
(``terms/LANG.toml``, what a translator reads first; the check lists the keys), or
when the template or the compiled files are out of date.

Run with ``python -m referee.messages.catalogs extract|compile|check``.  Needs
Babel (a development dependency: ``pip install -e '.[test]'``); the program
itself reads the compiled files with the standard library only.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import io
import os
import re
import shutil
import string
import subprocess
import sys
from typing import Iterable, Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from referee.messages import AREAS, DOMAIN, LANGUAGES, LOCALE_DIR

HERE = os.path.dirname(os.path.abspath(__file__))
PO_DIR = os.path.join(HERE, "po")
TEMPLATE = os.path.join(PO_DIR, f"{DOMAIN}.pot")
CLICK_DOMAIN = "click"

#: Each language's plural rule in gettext's notation (its ``Plural-Forms``).
PLURAL_FORMS = {
    "nl": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "it": "nplurals=2; plural=(n != 1);",
    # Brazil writes "0 pontos" (the native reviews): 0 takes the plural, as in
    # Dutch and Italian; CLDR's "one" for pt (i = 0..1) would give "0 ponto".
    "pt": "nplurals=2; plural=(n != 1);",
}
#: Languages whose first plural form is read for 1 only, so it may say "a"
#: where the English says "{n}" ("perde a vez"): the form need not repeat ``{n}``.
ONE_ONLY = frozenset(lang for lang, rule in PLURAL_FORMS.items() if "n != 1" in rule)
#: A fixed date in the headers, so that an unchanged source gives identical files.
_EPOCH = _dt.datetime(2026, 1, 1, tzinfo=_dt.timezone.utc)


def _english() -> Iterator[tuple[str, str, str | dict]]:
    """(area, key, English text or plural dict) for every message, in source order."""
    for area in AREAS:
        module = importlib.import_module(f"referee.messages.en_{area}")
        for key, text in module.MESSAGES.items():
            yield area, key, text


def _click_texts() -> Iterator[tuple[str | tuple[str, str], str]]:
    """Every text click shows through gettext, from click's installed source."""
    import click
    folder = os.path.dirname(click.__file__)
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2)}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py") and not name.startswith("_winconsole"):
            path = os.path.join(folder, name)
            for lineno, message, _comments, _context in extract_from_file(
                    "python", path, keywords=keywords):
                yield message, f"click/{name}"
    # Looked up through a variable, so no extractor sees it: ``_(extra["required"])``
    # (an option's "[required]" in --help).
    yield "required", "click/core.py"


def _fields(text: str) -> set[str]:
    """The named placeholders of a ``str.format`` template."""
    try:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return {"<malformed>"}


def build_template() -> Catalog:
    """The template catalog from the English sources and click's texts."""
    cat = Catalog(domain=DOMAIN, project="pesten-ref", version="",
                  copyright_holder="pesten-ref", charset="utf-8",
                  creation_date=_EPOCH, revision_date=_EPOCH, fuzzy=False)
    for area, key, text in _english():
        one, other = (text["one"], text["other"]) if isinstance(text, dict) else (text, None)
        msgid = (one, other) if other is not None else one
        flags = ("python-brace-format",) if _fields(one) | _fields(other or "") else ()
        cat.add(msgid, context=key, flags=flags, auto_comments=(f"area: {area}",))
    for message, where in _click_texts():
        flags = ("python-brace-format",) if any(_fields(m) for m in
                                                 ((message,) if isinstance(message, str)
                                                  else message)) else ()
        if message not in cat:
            cat.add(message, flags=flags, auto_comments=(f"click: {where}",))
    return cat


def _po_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, cat, width=100, omit_header=False, sort_output=False, include_lineno=False)
    # The file depends on the sources only, not on the Babel that wrote it.
    return b"".join(line for line in out.getvalue().splitlines(keepends=True)
                    if not line.startswith(b'"Generated-By: '))


def _own(cat: Catalog) -> bytes:
    """The project's own entries of a catalog (click's left out), for comparing."""
    own = Catalog(domain=DOMAIN, charset="utf-8", creation_date=_EPOCH, revision_date=_EPOCH)
    for message in cat:
        if message.context:
            own[message.id] = message  # keyed by (id, context)
    return _po_bytes(own)


def _read(path: str, locale: str | None = None) -> Catalog:
    with open(path, "rb") as fp:
        return read_po(fp, locale=locale)


def _write_if_changed(path: str, data: bytes) -> bool:
    try:
        with open(path, "rb") as fp:
            if fp.read() == data:
                return False
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as fp:
        fp.write(data)
    os.replace(tmp, path)
    return True


def _new_catalog(language: str, template: Catalog) -> Catalog:
    cat = Catalog(locale=language, domain=DOMAIN, project="pesten-ref", version="",
                  copyright_holder="pesten-ref", charset="utf-8",
                  creation_date=_EPOCH, revision_date=_EPOCH, fuzzy=False)
    cat.update(template, no_fuzzy_matching=True)
    return cat


def _set_header(cat: Catalog, language: str) -> None:
    cat.revision_date = _EPOCH
    cat.creation_date = _EPOCH
    cat.language_team = language
    cat.last_translator = "pesten-ref"
    set_plural_forms(cat, language)


def set_plural_forms(cat: Catalog, language: str) -> None:
    """Give ``cat`` the project's plural rule for ``language`` (``PLURAL_FORMS``).

    Babel would take CLDR's rule for the locale (Italian has three forms
    there); the catalogs keep gettext's usual two, which the translations use.
    """
    cat.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]


def french_spaces(text: str) -> str:
    """``text`` with the space before ``!``, ``?``, ``:``, ``;`` and ``»`` and after
    ``«`` made non-breaking (U+00A0), as French typography wants, outside ``code``."""
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(part if i % 2 else _FRENCH_PLAIN_SPACE.sub("\u00a0", part)
                   for i, part in enumerate(parts))


def _with_french_spaces(cat: Catalog) -> None:
    for message in cat:
        if message.context and message.string:
            if isinstance(message.string, (tuple, list)):
                message.string = tuple(french_spaces(s) for s in message.string)
            else:
                message.string = french_spaces(message.string)


def extract() -> None:
    """Write the template and merge it into every language's catalog (French with its
    non-breaking spaces: ``french_spaces``)."""
    template = build_template()
    changed = _write_if_changed(TEMPLATE, _po_bytes(template))
    print(f"{'wrote' if changed else 'unchanged'} {os.path.relpath(TEMPLATE)}")
    for language in LANGUAGES[1:]:
        path = os.path.join(PO_DIR, f"{language}.po")
        if os.path.exists(path):
            cat = _read(path, language)
            cat.update(template, no_fuzzy_matching=True)
        else:
            cat = _new_catalog(language, template)
        if language == "fr":
            _with_french_spaces(cat)
        _set_header(cat, language)
        changed = _write_if_changed(path, _po_bytes(cat))
        print(f"{'wrote' if changed else 'unchanged'} {os.path.relpath(path)}")


def _area_of(message: Message) -> str | None:
    return message.context.partition(".")[0] if message.context else None


def compiled(language: str, po_dir: str = PO_DIR) -> dict[str, bytes]:
    """The compiled files of one language: {file name: .mo bytes}.

    One file per area (``pesten-ref-engine.mo`` ...), so that a command loads
    only the areas it speaks, and ``click.mo`` for click's own texts.
    Untranslated and fuzzy entries are left out (English is shown for them).
    """
    cat = _read(os.path.join(po_dir, f"{language}.po"), language)
    groups: dict[str, Catalog] = {}
    for message in cat:
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        if not message.id or message.fuzzy or not all(strings):
            continue  # untranslated: the program falls back to English
        area = _area_of(message)
        name = f"{DOMAIN}-{area}.mo" if area else f"{CLICK_DOMAIN}.mo"
        group = groups.get(name)
        if group is None:
            group = groups[name] = Catalog(locale=language, domain=DOMAIN, charset="utf-8",
                                           creation_date=_EPOCH, revision_date=_EPOCH,
                                           fuzzy=False)
            set_plural_forms(group, language)
        group[message.id] = message  # keyed by (id, context)
    files = {}
    for name, group in sorted(groups.items()):
        out = io.BytesIO()
        write_mo(out, group, use_fuzzy=False)
        files[name] = out.getvalue()
    return files


NUMBERS = os.path.join(HERE, "numbers.py")
#: The CLDR locale of each language (Portuguese: Brazil's, README "Languages").
CLDR_LOCALES = {"nl": "nl", "fr": "fr", "it": "it", "pt": "pt_BR"}


def numbers_module() -> str:
    """The text of ``messages/numbers.py``: each language's CLDR number symbols
    (decimal sign, group sign, percent pattern), from Babel's CLDR data, so that the
    program formats numbers without importing Babel (start-up)."""
    from babel import Locale
    rows = []
    for language in LANGUAGES[1:]:
        loc = Locale.parse(CLDR_LOCALES[language])
        symbols = loc.number_symbols.get("latn", loc.number_symbols)
        percent = loc.percent_formats[None].pattern.replace("#,##0", "{}").replace(
            "%", symbols["percentSign"])
        rows.append(f"    {language!r}: ({symbols['decimal']!r}, {symbols['group']!r}, "
                    f"{percent!r}),")
    dates = []
    for language in LANGUAGES[1:]:
        loc = Locale.parse(CLDR_LOCALES[language])
        both = str(loc.datetime_formats["short"]).replace("{1}", _date_pattern(
            loc.date_formats["short"].pattern)).replace("{0}", _date_pattern(
            loc.time_formats["short"].pattern))
        dates.append(f"    {language!r}: {both!r},")
    from babel.dates import format_date
    import datetime as _dt
    long_dates = []
    for language in LANGUAGES[1:]:
        months = tuple(format_date(_dt.date(1999, month, 28), "long", locale=CLDR_LOCALES[language])
                       .replace("28", "{day}").replace("1999", "{year}") for month in range(1, 13))
        long_dates.append(f"    {language!r}: {months!r},")
    return ('"""Each language\'s CLDR number symbols: (decimal sign, group sign, percent\n'
            'pattern); its short date and time pattern (a format string over\n'
            'day, month, year, hour, minute); and its long date, one format string over\n'
            'day and year a month (Babel\'s ``format_date(..., "long")``: French\n'
            '"6 décembre 2026").  Generated from Babel\'s CLDR data by\n'
            '`python -m referee.messages.catalogs compile`; do not edit."""\n\n'
            "SYMBOLS = {\n" + "\n".join(rows) + "\n}\n\n"
            "DATES = {\n" + "\n".join(dates) + "\n}\n\n"
            "LONG_DATES = {\n" + "\n".join(long_dates) + "\n}\n")


#: CLDR date-pattern letters -> the fields of ``messages.when``'s format string.
_CLDR_FIELDS = {"dd": "{day:02}", "d": "{day}", "MM": "{month:02}", "M": "{month}",
                "yy": "{year2:02}", "y": "{year}", "yyyy": "{year}", "HH": "{hour:02}",
                "H": "{hour}", "mm": "{minute:02}"}


def _date_pattern(pattern: str) -> str:
    """A CLDR date or time pattern (``dd-MM-y``, ``HH:mm``) as a format string over
    ``day``, ``month``, ``year``, ``year2``, ``hour``, ``minute``.  ValueError for
    a letter it does not know (the generated table would be wrong)."""
    def field(m: re.Match) -> str:
        if m.group(0) not in _CLDR_FIELDS:
            raise ValueError(f"CLDR pattern {pattern!r}: {m.group(0)!r} is not known")
        return _CLDR_FIELDS[m.group(0)]
    return re.sub(r"([A-Za-z])\1*", field, pattern)


def compile_all() -> None:
    """Write every language's compiled files under ``locale/``, and ``numbers.py``."""
    if _write_if_changed(NUMBERS, numbers_module().encode("utf-8")):
        print(f"wrote {os.path.relpath(NUMBERS)}")
    for language in LANGUAGES[1:]:
        folder = os.path.join(LOCALE_DIR, language, "LC_MESSAGES")
        for name, data in compiled(language).items():
            if _write_if_changed(os.path.join(folder, name), data):
                print(f"wrote {os.path.relpath(os.path.join(folder, name))}")


#: A card in English notation (rank then English suit letter), outside placeholders:
#: an example in a translation must be an ``{ex:...}`` placeholder, which writes it
#: in the language's letters.  ``As`` is the Ace in French and Portuguese.
_ENGLISH_CARD = re.compile(r"(?<![\w{}/\\-])((?:10|[2-9AKQJT])[cdhs])(?![\w}])")
#: Messages that explain the English letters themselves (``7c`` is 7♣ everywhere).
ENGLISH_LETTERS_KEYS = frozenset({"cli.help.notation.cards", "repl.hint.false_friend"})
#: French puts a space (normal, no-break or narrow no-break) before ! ? : ;
_FRENCH_PUNCTUATION = re.compile(r"[^\s\u00a0\u202f]([!?;:])(?=\s|$)")
#: A French sign that takes a space before it (or « after it) with a plain, breakable space.
_FRENCH_PLAIN_SPACE = re.compile(r" (?=[!?;:»])|(?<=«) ")
#: A player's name (or names) filled into a sentence.
_NAMES = r"\{(?:name|names|winner|winners|who|victim|turn|lost|player|caller|other|through|dealer)\}"
#: What agrees with a player's name, so that the sentence gives the player a gender
#: ("Anna est éliminé", "un salto passato a lui", "zijn kaarten"): a participle or
#: adjective right after the name (after "de", "pour", "di", "per", "a" the name is no
#: subject), a pronoun or a gendered noun said of the player.  A sentence must say it
#: so that nothing agrees with the name (issue 34).
_GENDERED = {
    "nl": re.compile(r"\bzijn (?:kaarten|kaart|beurt|hand|eigen|plaats|naam|punten)\b"
                     r"|\bhij\b|\b(?:aan|van|voor|naar|op) hem\b"),
    "fr": re.compile(r"(?<!de )(?<!d')(?<!pour )(?<!à )" + _NAMES +
                     r" (?:(?:est|sont|reste|restent|a été|ont été|s'est|se sont|sera|serait) )?"
                     r"\w+(?:é|és|ée|ées|ti|tis|ie|ies|seul|seule|seuls)\b"
                     r"|\bSeule? " + _NAMES + r"|-t-il\b|\b(?:est|sont) (?:le |la )?champion"
                     r"|\bqualifiés\b|\béliminés\b"),
    "it": re.compile(r"(?<!di )(?<!per )(?<!a )(?<!ad )" + _NAMES +
                     r" (?:(?:è|resta|viene|sono|è stato|è stata|sarebbe) )?"
                     r"\w+(?:ato|ati|ito|iti|uto|uti)\b"
                     r"|\ba lui\b|\bè il campione\b|\bper primo\b|\bda solo\b|\bsé stesso\b"),
    "pt": re.compile(r"(?<!de )(?<!para )(?<!a )" + _NAMES +
                     r" (?:(?:é|foi|está|fica|ficou|seria) )?\w+(?:ado|ados|ido|idos)\b"
                     r"|\bpara ele\b|\bé o campeão\b|\bdado como\b|" + _NAMES + r" \w+ sozinho\b"),
}
_NAMED = re.compile(_NAMES)


def gendered(language: str, text: str, names: Iterable[str]) -> list[str]:
    """What in ``text`` (what the program printed, the players' ``names`` filled in)
    agrees with a player's name in ``language`` (``_GENDERED``): [] when nothing
    gives a player a gender."""
    if language not in _GENDERED:
        return []
    alternatives = "|".join(re.escape(name) for name in names)
    pattern = re.compile(_GENDERED[language].pattern.replace(_NAMES, f"(?:{alternatives})"))
    return [m.group(0) for m in pattern.finditer(text)]


#: The number ranks as each language writes them in words.  The rules sheets write
#: them lower-case in running text ("un sept", "een zeven"); only the court cards
#: (Boer, Valet, ...) are capitalised there, so only number ranks are checked.
_NUMBER_RANKS = {
    "nl": "Twee Drie Vier Vijf Zes Zeven Acht Negen Tien",
    "fr": "Deux Trois Quatre Cinq Six Sept Huit Neuf Dix",
    "it": "Due Tre Quattro Cinque Sei Sette Otto Nove Dieci",
    "pt": "Dois Três Quatro Cinco Seis Sete Oito Nove Dez",
}
_CAPITAL_RANK = {lang: re.compile(r"(?<=[\w,;(] )(?:" + "|".join(words.split()) + r")\b")
                 for lang, words in _NUMBER_RANKS.items()}


#: The entry and prompt words a message names inside backticks; a translation names
#: them with ``{cmd:...}`` (the language's own word), never in English.  The prompt's
#: queries that are also ``pesten-ref`` commands count in the table's messages only.
_TABLE_WORDS = frozenset(("pass", "call", "leave", "start", "draw", "why", "check", "undo",
                          "redo"))
_QUERY_WORDS = frozenset(("help", "state", "score", "standings", "history", "rules", "replay"))
#: Keys whose backticked words are the house-rule file's vocabulary (``draw = 2``,
#: ``[start]``), the same in every language.
_FILE_WORDS = re.compile(r"^rules\.err\.|^rules\.book\.text\.R9\.")


def _commands_of(language: str) -> dict[str, str]:
    """The command words of ``language``'s term base ({} when it has none)."""
    if language not in _COMMANDS:
        try:
            _COMMANDS[language] = term_base(language)[1]
        except FileNotFoundError:
            _COMMANDS[language] = {}
    return _COMMANDS[language]


_COMMANDS: dict[str, dict[str, str]] = {}


def english_commands(language: str, key: str, text: str) -> list[str]:
    """The command words of ``text`` (the translation of ``key``) written in English
    inside backticks where ``language`` has its own word (its term base's
    ``[commands]``: ``pass`` in Dutch, which types ``pas``): each should be a
    ``{cmd:...}`` placeholder.  A shell command
    (``pesten-ref score``), an option or a house-rule line is not looked at."""
    if language == "en" or _FILE_WORDS.search(key):
        return []
    commands = _commands_of(language)
    table = key.partition(".")[0] in ("engine", "repl")
    found = []
    for code in re.findall(r"`([^`]*)`", re.sub(r"\{[^{}]*\}", "\x00", text)):
        if any(x in code for x in ("pesten-ref", "--", "=", "[", '"', "|", "/", "\x00")):
            continue
        words = code.split()
        head = words[1] if len(words) > 1 and words[0].endswith(":") else (words or [""])[0]
        head = head.lower()
        if head in _TABLE_WORDS or (table and head in _QUERY_WORDS):
            if commands.get(head, head) != head:
                found.append(code)
    return found


def style_problems(language: str, key: str, text: str) -> list[str]:
    """What a native reader would mark in the translation ``text`` of ``key`` and that
    a program can see: an example card in English letters (not an ``{ex:...}``
    placeholder), a backticked English command word (``english_commands``), in French a ``!``, ``?``, ``:`` or ``;`` without its space
    or with a plain (breakable) one (``»`` too, and after ``«``), in
    French and Italian a participle right after ``{name}``, and a number rank
    capitalised in running text ("les Sept" for "les sept")."""
    found = []
    where = f"{language}: {key}"
    body = re.sub(r"\{[^{}]*\}|https?://\S+", "\x00", text)
    if key not in ENGLISH_LETTERS_KEYS:
        for card in _ENGLISH_CARD.findall(body):
            if card != "As":
                found.append(f"{where}: the example card {card!r} is in English letters; "
                             "write it as {ex:" + card + "}")
    if language == "fr":
        # A placeholder or `code` stands for a word: a sign right after it needs its
        # space; what is quoted as typed (« Anna: ») is notation.
        for m in _FRENCH_PUNCTUATION.finditer(re.sub(r"`[^`]*`|«[^»]*»|\x00", "X", body)):
            found.append(f"{where}: no space before {m.group(1)!r} "
                         f"({body[max(0, m.start() - 12):m.end()].strip()!r})")
    if language == "fr":
        for m in _FRENCH_PLAIN_SPACE.finditer(re.sub(r"`[^`]*`", "X", body)):
            found.append(f"{where}: the space at {body[max(0, m.start() - 12):m.end() + 2]!r} "
                         "must be non-breaking (U+00A0; `extract` writes it)")
    if language in _CAPITAL_RANK:
        for m in _CAPITAL_RANK[language].finditer(body):
            found.append(f"{where}: the rank {m.group(0)!r} is capitalised in running text; "
                         f"write {m.group(0).lower()!r}")
    for code in english_commands(language, key, text):
        found.append(f"{where}: `{code}` is an English command word; write "
                     f"`{{cmd:{code}}}` (the language's own word)")
    if language in _GENDERED and _NAMED.search(text):
        for m in _GENDERED[language].finditer(text):
            found.append(f"{where}: {m.group(0)!r} agrees with a player's name (it gives "
                         "the player a gender); say it so that nothing agrees with the name")
    return found


TERMS_DIR = os.path.join(HERE, "terms")


class Term:
    """One concept of a language's term base (``terms/LANG.toml``): the ``word``
    the catalog uses for it, the other words it must not use (``avoid``, regular
    expressions matched case-insensitively at the start of a word, never inside a
    ``{placeholder}``'s name) and the message keys
    where such a word means something else (``allow``)."""

    __slots__ = ("concept", "word", "avoid", "allow")

    def __init__(self, concept: str, word: str, avoid: list[str], allow: list[str]) -> None:
        self.concept = concept
        self.word = word
        self.avoid = [re.compile(r"(?<![\w{])(?:" + a + ")", re.IGNORECASE) for a in avoid]
        self.allow = frozenset(allow)


def term_base(language: str, folder: str = TERMS_DIR) -> tuple[list[Term], dict[str, str]]:
    """The term base of ``language``: its concepts (``Term``) and its command words
    ({English command: the language's word}).  FileNotFoundError when the language
    has none; ValueError for a concept without its ``word``."""
    import tomllib
    with open(os.path.join(folder, f"{language}.toml"), "rb") as fp:
        data = tomllib.load(fp)
    commands = dict(data.pop("commands", {}))
    terms = []
    for concept, entry in data.items():
        if not isinstance(entry, dict) or not entry.get("word"):
            raise ValueError(f"terms/{language}.toml: [{concept}] has no word")
        terms.append(Term(concept, entry["word"], list(entry.get("avoid", [])),
                          list(entry.get("allow", []))))
    return terms, commands


def _prose(text: str) -> str:
    """A message's text without its typed code (`` `pass` ``): what it says in words.
    Placeholders stay, so a term may be matched beside one (``turno {round}``)."""
    return re.sub(r"`[^`]*`", "`", text)


def term_problems(language: str, key: str, text: str, terms: list[Term]) -> list[tuple[Term, str]]:
    """(the concept, the word found) for each word of ``text`` (the translation of
    ``key``) that the term base of ``language`` names as another word for one of
    its concepts."""
    found = []
    prose = _prose(text)
    for term in terms:
        if key in term.allow:
            continue
        for pattern in term.avoid:
            m = pattern.search(prose)
            if m:
                found.append((term, m.group(0)))
                break
    return found


def _term_report(language: str, hits: dict[tuple[str, str], list[str]],
                 words: dict[str, str]) -> list[str]:
    """One line per concept and word found: the keys of the messages that use it."""
    return [f"{language}: {found!r} is not the word for {concept} in terms/{language}.toml "
            f"(write {words[concept]!r}): {', '.join(keys)}"
            for (concept, found), keys in sorted(hits.items())]


def problems() -> list[str]:
    """Every reason the catalogs are not ready to ship (empty when they are)."""
    found: list[str] = []
    template = build_template()
    try:
        on_disk = _own(_read(TEMPLATE))
    except FileNotFoundError:
        on_disk = b""
    # click's own texts follow the installed click; the project's must match.
    if on_disk != _own(template):
        found.append(f"{os.path.relpath(TEMPLATE)} is out of date: run "
                     "`python -m referee.messages.catalogs extract`")
    try:
        with open(NUMBERS, encoding="utf-8") as fp:
            numbers_current = fp.read() == numbers_module()
    except FileNotFoundError:
        numbers_current = False
    if not numbers_current:
        found.append(f"{os.path.relpath(NUMBERS)} is out of date: run "
                     "`python -m referee.messages.catalogs compile`")
    for language in LANGUAGES[1:]:
        path = os.path.join(PO_DIR, f"{language}.po")
        if not os.path.exists(path):
            found.append(f"{language}: no catalog {os.path.relpath(path)}")
            continue
        cat = _read(path, language)
        try:
            terms = term_base(language)[0]
        except FileNotFoundError:
            found.append(f"{language}: no term base terms/{language}.toml")
            terms = []
        hits: dict[tuple[str, str], list[str]] = {}
        for message in template:
            if not message.id:
                continue
            mine = cat.get(message.id, message.context)
            where = f"{language}: {message.context or message.id!r}"
            if mine is None:
                found.append(f"{where}: missing (run extract)")
                continue
            strings = mine.string if isinstance(mine.string, (list, tuple)) else (mine.string,)
            if mine.fuzzy or not all(strings):
                found.append(f"{where}: {'fuzzy' if mine.fuzzy else 'not translated'}")
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            wanted = set().union(*(_fields(i) for i in ids))
            if message.context:
                for text in strings:
                    found.extend(style_problems(language, message.context, text))
                for term, word in {(t.concept, w): (t, w) for text in strings for t, w in
                                   term_problems(language, message.context, text, terms)}.values():
                    hits.setdefault((term.concept, word.lower()), []).append(message.context)
            for index, text in enumerate(strings):
                fields = _fields(text)
                if index == 0 and len(strings) > 1 and language in ONE_ONLY:
                    fields = fields | ({"n"} & wanted)  # the form for 1 may say "a"
                # The project's texts fill every form with every field; click
                # names its fields per form ("{possibility}" / "{possibilities}"),
                # so a form of its texts may use some of them.
                if fields != wanted and (message.context or not fields <= wanted):
                    found.append(f"{where}: placeholders {sorted(fields)} "
                                 f"differ from {sorted(wanted)}")
        found.extend(_term_report(language, hits, {t.concept: t.word for t in terms}))
        for message in cat:
            if message.id and message.id not in template and not message.fuzzy:
                if template.get(message.id, message.context) is None:
                    found.append(f"{language}: {message.context or message.id!r} is obsolete "
                                 "(run extract)")
        msgfmt = shutil.which("msgfmt")
        if msgfmt:
            run = subprocess.run([msgfmt, "-c", "-o", os.devnull, path],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                found.append(f"{language}: msgfmt -c: {run.stderr.strip()}")
        folder = os.path.join(LOCALE_DIR, language, "LC_MESSAGES")
        for name, data in compiled(language).items():
            try:
                with open(os.path.join(folder, name), "rb") as fp:
                    current = fp.read()
            except FileNotFoundError:
                current = None
            if current != data:
                found.append(f"{language}: {name} is out of date: run "
                             "`python -m referee.messages.catalogs compile`")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m referee.messages.catalogs",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("extract", "compile", "check"))
    args = parser.parse_args(argv)
    if args.action == "extract":
        extract()
    elif args.action == "compile":
        compile_all()
    else:
        found = problems()
        for line in found:
            print(line)
        print(f"catalogs: {len(found)} problem{'' if len(found) == 1 else 's'}")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
