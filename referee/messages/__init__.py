"""The message layer: every sentence a player reads comes from here.

Texts are looked up by a stable key (``"engine.refuse.turn"``) in the catalog
of the active language and filled with ``str.format`` fields.  The English texts are
the source (modules ``en_AREA``); every other language is a gettext catalog
(``po/LANG.po``, compiled to ``locale/LANG/LC_MESSAGES/pesten-ref-AREA.mo``,
read at run time with the standard library), whose entries are keyed by
message key (``msgctxt``) and carry the English text as ``msgid``.  A key a
catalog lacks falls back to English.  ``python -m referee.messages.catalogs``
extracts, checks and compiles the catalogs (a development tool; needs Babel).

A text that depends on a count is a dict of plural forms, ``{"one": "1 card",
"other": "{n} cards"}``, chosen by the field ``n`` through the language's own
plural rule (English: ``plural_form``; other languages: their catalog's
``Plural-Forms``, through ``npgettext``): ``t("score.n_cards", n=2)`` reads "2 cards".

Catalog modules by area (so that each part of the program owns its texts):
``en_engine`` (rulings), ``en_rules`` (the rule book and house-rule errors),
``en_cli`` (commands, errors, standings), ``en_store`` (save files),
``en_repl`` (the prompt), ``en_sim`` (the simulator), ``en_tour`` (tournaments),
``en_help`` (every ``--help`` text, read only when help is shown), ``en_games`` (the
rule books of the family's games).
"""

from __future__ import annotations

import importlib
import os
from typing import Any

#: The message areas: one ``en_AREA`` module of English texts and one compiled
#: catalog per language each.
AREAS = ("engine", "rules", "cli", "store", "repl", "sim", "score", "cards", "tour", "board",
         "notation", "help", "games")
#: The languages the program speaks (NOTATION.md "Languages").
LANGUAGES = ("en", "nl", "fr", "it", "pt")
#: The gettext domain of every catalog: one compiled file per area and language.
DOMAIN = "pesten-ref"
_HERE = os.path.dirname(__file__)
LOCALE_DIR = os.path.join(_HERE, "locale")

_catalogs: dict[str, dict[str, Any]] = {}
_areas: dict[tuple[str, str], dict[str, Any]] = {}
_language = "en"


def language_code(value: str | None) -> str | None:
    """The language code of ``value`` when the program speaks it, else None.

    Accepts a bare code (``"nl"``), a locale name (``"nl_NL.UTF-8"``,
    ``"pt-BR"``) or a ``LANGUAGE`` list (``"fr:en"``: the first spoken one).
    """
    if not value:
        return None
    for item in value.split(":"):
        code = item.strip().replace("-", "_").partition("_")[0].partition(".")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def choose_language(explicit: str | None = None, series: str | None = None,
                    environ: Any = None) -> str:
    """The language to speak, in NOTATION.md's order.

    ``explicit`` (``--lang``), then ``$PESTEN_REF_LANG``, then ``series`` (the
    series' own language), then the locale (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``), else English.  Unknown values are passed over.
    """
    env = os.environ if environ is None else environ
    for value in (explicit, env.get("PESTEN_REF_LANG"), series):
        code = language_code(value)
        if code:
            return code
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            # The first locale variable that is set decides, as for gettext
            # ("C", or a language the program does not speak: English).
            return language_code(value) or "en"
    return "en"


class _Plural:
    """A translated text with plural forms: the form is chosen by the
    catalog's own ``Plural-Forms`` rule when the count is known."""

    __slots__ = ("_translations", "_key", "_one", "_other")

    def __init__(self, translations: Any, key: str, one: str, other: str) -> None:
        self._translations = translations
        self._key = key
        self._one = one
        self._other = other

    def form(self, n: int) -> str:
        return self._translations.npgettext(self._key, self._one, self._other, n)


def _translations(language: str, area: str) -> Any:
    """The compiled catalog of one area in ``language``, or None if there is none."""
    path = os.path.join(LOCALE_DIR, language, "LC_MESSAGES", f"{DOMAIN}-{area}.mo")
    try:
        with open(path, "rb") as fp:
            import gettext
            return gettext.GNUTranslations(fp)
    except FileNotFoundError:
        return None


def _load_area(language: str, area: str) -> dict[str, Any]:
    """The texts of one area in ``language``, falling back to English per key.

    Every key starts with its area (``"engine.refuse.turn"`` lives in
    ``en_engine``), so a command loads only the catalogs of the areas it
    speaks: ``standings`` never reads the rule book's texts (start-up time).
    """
    found = _areas.get((language, area))
    if found is None:
        english = importlib.import_module(f"{__name__}.en_{area}").MESSAGES
        if language == "en":
            found = english
        else:
            found = dict(english)
            translations = _translations(language, area)
            if translations is not None:
                for key, text in english.items():
                    if type(text) is dict:
                        found[key] = _Plural(translations, key, text["one"], text["other"])
                    else:
                        found[key] = translations.pgettext(key, text)
        _areas[(language, area)] = found
    return found


def catalog(language: str | None = None) -> dict[str, Any]:
    """The merged catalog ``{key: template}`` of a language (default: active one), every area."""
    language = language or _language
    if language not in _catalogs:
        merged: dict[str, Any] = {}
        for area in AREAS:
            merged.update(_load_area(language, area))
        _catalogs[language] = merged
    return _catalogs[language]


def set_language(language: str, chosen: bool = True) -> None:
    """Choose the language of every message from now on (falls back to English per key).

    ``chosen``: the user asked for it (``--lang``, ``$PESTEN_REF_LANG``), so a
    series' own language does not replace it (``series_language``).
    Raises ValueError for a language the program does not speak.
    """
    global _language, _chosen
    if language not in LANGUAGES:
        raise ValueError(language)
    _language = language
    _chosen = chosen


def series_language(code: str | None) -> bool:
    """Speak a series' own language (``new --lang``) unless the user chose one
    (NOTATION.md order: ``--lang``, ``$PESTEN_REF_LANG``, the series, the locale).
    Returns True when the language changed."""
    code = language_code(code)
    if code is None or _chosen or code == _language:
        return False
    set_language(code, chosen=False)
    return True


def chosen_language() -> str | None:
    """The language the user asked for (``--lang`` or ``$PESTEN_REF_LANG``), or None."""
    return _language if _chosen else None


def language() -> str:
    """The active language's code."""
    return _language


def plural_form(n: int) -> str:
    """The English plural form (``"one"`` or ``"other"``) that ``n`` takes."""
    return "one" if n == 1 else "other"


def t(key: str, /, **fields: Any) -> str:
    """The text for ``key`` in the active language, with ``fields`` filled in.

    A text with plural forms picks the one for ``fields["n"]`` (an int).  Its
    example placeholders (``{ex:Ah Ks 3d}``) are filled by ``set_examples``'s
    filler, its command placeholders (``{cmd:pass}``, ``{cmd:Bram: call Anna}``) by
    ``set_commands``'s: the words to type in the language in use; numbers with a
    format spec follow the language's CLDR conventions.
    Raises KeyError for an unknown key or a plural text without ``n`` (a
    programming error, caught by tests).
    """
    template = _load_area(_language, key.partition(".")[0])[key]
    kind = type(template)
    if kind is not str:
        template = template[plural_form(fields["n"])] if kind is dict else template.form(fields["n"])
    if "{ex:" in template:
        fields["ex"] = _examples
    if "{cmd:" in template:
        fields["cmd"] = _commands
    if not fields:
        return template
    if _language != "en":
        fields = {k: _Number(v) if type(v) in _NUMBER_TYPES else v for k, v in fields.items()}
    return template.format(**fields)


_NUMBER_TYPES = (int, float)


def say(told: Any) -> str:
    """A told message in the active language: ``told.key`` filled with ``told.fields``
    (``t``), each field said first when it is itself told (a ``.key`` and ``.fields``:
    the engine's ``Told``, a ``NotationError``) or a list of choices (``.items`` and
    ``.word``, the key of the word before the last: "a, b or c"); any other field is
    filled in as it is.  ``told`` may itself be such a list, or plain text (returned
    as text).  The engine tells (``referee.engine.told``); the place that shows a
    message says it, so it is read in the language set there.
    Raises KeyError as ``t`` does."""
    said = _said(told)
    return said if type(said) is str else str(said)


def _said(value: Any) -> Any:
    """A told value as ``t`` fills it in (see ``say``); a plain value as it is."""
    if hasattr(value, "fields") and hasattr(value, "key"):
        return t(value.key, **{name: _said(field) for name, field in value.fields.items()})
    if hasattr(value, "word") and hasattr(value, "items"):
        items = [str(_said(item)) for item in value.items]
        if len(items) < 2:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {t(value.word)} " + items[-1]
    return value


class _AsWritten:
    """Writes an example as it is (until the notation gives its own filler)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return spec


_examples: Any = _AsWritten()


def set_examples(filler: Any) -> None:
    """What fills a message's example placeholders, ``{ex:Ah Ks 3d}``: an object
    whose ``format(filler, "Ah Ks 3d")`` writes the example in the active language's
    letters (``notation.EXAMPLES``, set when the notation is imported)."""
    global _examples
    _examples = filler


_commands: Any = _AsWritten()


def set_commands(filler: Any) -> None:
    """What fills a message's command placeholders, ``{cmd:pass}``: an object whose
    ``format(filler, "pass")`` writes the command in the words of the active language
    (Dutch ``pas``, French ``passe``; ``words.entries.COMMANDS``, set when that module
    is imported).  A message never spells a command word itself (issue 34)."""
    global _commands
    _commands = filler


class _Number:
    """A number filled into a message of a language other than English: its format
    spec (``{n:,}``, ``{seconds:.2f}``, ``{rate:.1%}``) writes it with that language's
    CLDR decimal sign, group sign and percent pattern (``numbers.SYMBOLS``, generated
    from Babel at build time): Dutch ``2.000``, ``0,71``, ``25,7%``; French
    ``2 000``, ``0,71``, ``25,7 %``.  Without a spec (a hand number, a seed) it is
    written as it is."""

    __slots__ = ("value",)

    def __init__(self, value: int | float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        text = format(self.value, spec)
        if not spec:
            return text
        return localize_number(text, _language, spec.endswith("%"))


def localize_number(text: str, language: str, percent: bool = False) -> str:
    """A number written by Python's format (``2,000.5``, ``25.7%`` when ``percent``)
    in ``language``'s CLDR symbols; English is returned as it is."""
    if language == "en":
        return text
    from referee.messages.numbers import SYMBOLS
    decimal, group, pattern = SYMBOLS[language]
    if percent:
        text = pattern.format(text[:-1])
    return text.translate({44: "\0", 46: decimal}).replace("\0", group)


def when(at: object, zone: bool = True) -> str:
    """A stored time (a datetime, or its ISO-8601 text) as a person of the active
    language reads it, in UTC: English ``2026-12-01 20:13 UTC``, Dutch
    ``01-12-2026 20:13 UTC``, French ``01/12/2026 20:13 UTC`` (the language's CLDR
    short pattern, ``numbers.DATES``, generated from Babel at build time).  Text
    that is no time (``?``, a hand-edited value) is returned as it is.  ``zone``
    False leaves out " UTC" (a column headed "(UTC)")."""
    import datetime as _dt
    moment = at
    if not isinstance(moment, _dt.datetime):
        try:
            moment = _dt.datetime.fromisoformat(str(at).replace("Z", "+00:00"))
        except ValueError:
            return "" if at is None else str(at)
    if _language == "en":
        text = moment.strftime("%Y-%m-%d %H:%M")
    else:
        from .numbers import DATES
        text = DATES[_language].format(day=moment.day, month=moment.month, year=moment.year,
                                       year2=moment.year % 100, hour=moment.hour,
                                       minute=moment.minute)
    offset = moment.utcoffset()
    return f"{text} UTC" if zone and (offset is None or not offset) else text


def long_date(at: object) -> str:
    """The day of a stored time (a datetime or date, or its ISO-8601 text) written out
    as a person of the active language reads it in a sentence: French "6 décembre
    2026", Dutch "6 december 2026" (CLDR's long date, ``numbers.LONG_DATES``,
    generated from Babel's ``format_date`` at build time); English ``2026-12-06``.
    Text that is no date is returned as it is."""
    import datetime as _dt
    try:
        day = _dt.date.fromisoformat(str(at)[:10])
    except ValueError:
        return "" if at is None else str(at)
    if _language == "en":
        return day.isoformat()
    from .numbers import LONG_DATES
    return LONG_DATES[_language][day.month - 1].format(day=day.day, year=day.year)


def decimal_sign(language: str | None = None) -> str:
    """The decimal sign of ``language`` (default: the active one): ``,`` in Dutch."""
    language = language or _language
    if language == "en":
        return "."
    from referee.messages.numbers import SYMBOLS
    return SYMBOLS[language][0]


def has(key: str) -> bool:
    """True when ``key`` is in the active catalog."""
    return key in _load_area(_language, key.partition(".")[0])


_language = choose_language()
_chosen = language_code(os.environ.get("PESTEN_REF_LANG")) is not None
