"""The message layer: every sentence a player reads comes from here.

Texts are looked up by a stable key (``"engine.refuse.turn"``) in the catalog
of the active language and filled with ``str.format`` fields.  English is the
only catalog today; Dutch, French, Italian and Portuguese catalogs will be
added as modules ``nl``, ``fr``, ``it``, ``pt`` with the same keys.

A text that depends on a count is a dict of plural forms, ``{"one": "1 card",
"other": "{n} cards"}``, chosen by the field ``n`` through the language's own
plural rule (``plural_form``): ``t("score.n_cards", n=2)`` reads "2 cards".

Catalog modules by area (so that each part of the program owns its texts):
``en_engine`` (rulings), ``en_rules`` (the rule book and house-rule errors),
``en_cli`` (commands, errors, standings), ``en_store`` (save files),
``en_repl`` (the prompt), ``en_sim`` (the simulator).
"""

from __future__ import annotations

import importlib
import os
from typing import Any

_AREAS = ("engine", "rules", "cli", "store", "repl", "sim", "score", "board")
_catalogs: dict[str, dict[str, str]] = {}
_areas: dict[tuple[str, str], dict[str, str]] = {}
_language = os.environ.get("PESTEN_REF_LANG", "en")


def _load_area(language: str, area: str) -> dict[str, str]:
    """The texts of one area in ``language``, falling back to English per key.

    Every key starts with its area (``"engine.refuse.turn"`` lives in
    ``en_engine``), so a command loads only the catalogs of the areas it
    speaks: ``standings`` never reads the rule book's texts (start-up time).
    """
    found = _areas.get((language, area))
    if found is None:
        found = dict(_load_area("en", area)) if language != "en" else {}
        try:
            module = importlib.import_module(f"{__name__}.{language}_{area}")
        except ModuleNotFoundError:
            pass
        else:
            found.update(module.MESSAGES)
        _areas[(language, area)] = found
    return found


def catalog(language: str | None = None) -> dict[str, str]:
    """The merged catalog ``{key: template}`` of a language (default: active one), every area."""
    language = language or _language
    if language not in _catalogs:
        merged: dict[str, str] = {}
        for area in _AREAS:
            merged.update(_load_area(language, area))
        _catalogs[language] = merged
    return _catalogs[language]


def set_language(language: str) -> None:
    """Choose the language of every message from now on (falls back to English per key)."""
    global _language
    _language = language


# Plural rules: the form a count takes, per language (CLDR cardinal rules for
# integers).  French counts 0 and 1 as singular; the others only 1.
_PLURAL_RULES = {
    "fr": lambda n: "one" if n in (0, 1) else "other",
}


def plural_form(n: int, language: str | None = None) -> str:
    """The plural form (``"one"`` or ``"other"``) that ``n`` takes in ``language``."""
    rule = _PLURAL_RULES.get(language or _language)
    if rule is not None:
        return rule(n)
    return "one" if n == 1 else "other"


def t(key: str, /, **fields: Any) -> str:
    """The text for ``key`` in the active language, with ``fields`` filled in.

    A text with plural forms picks the one for ``fields["n"]`` (an int).
    Raises KeyError for an unknown key or a plural text without ``n`` (a
    programming error, caught by tests).
    """
    template = _load_area(_language, key.partition(".")[0])[key]
    if type(template) is dict:
        template = template[plural_form(fields["n"])]
    return template.format(**fields) if fields else template


def has(key: str) -> bool:
    """True when ``key`` is in the active catalog."""
    return key in _load_area(_language, key.partition(".")[0])
