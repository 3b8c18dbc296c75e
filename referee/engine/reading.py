"""Reading a house-rule table (RULES.md R8): checked, merged onto what it
``extends`` (a chain of ``MAX_EXTENDS`` files at most, followed in a loop) and
built into a ``HouseRules`` value.

The ``Merged`` table knows the file and line of each value, so every error names
where the value at fault is written.  The engine reads no file: ``read`` (the
application's, ``referee.series.presets``, which also has ``load_rules``,
``preset_text`` and ``rules_from_table``) gives the table an ``extends`` names.

Public API: ``resolve_table(own, src, ident, read)``, ``finish_rules(merged, src,
name)``, ``build_rules(table, src, read)``, ``with_series(rules, ...)``, ``with_values(rules, table)``,
``not_found_error(spec)``, ``Read``.
"""

from __future__ import annotations

from types import MappingProxyType
from collections.abc import Mapping
from typing import Any, Callable

from referee.engine.cardkeys import key_order
from referee.engine.keys import (
    EXTENDS, MAX_EXTENDS, OVERLAPS, SECTION_KEYS, SPARSE, TABLE_NAMES, TOP_KEYS, card_points_of)
from referee.engine.rulecheck import check_actions, check_table, extends_allowed
from referee.engine.rules import KEYS, HouseRules, RulesError, presets_told, resolve_preset
from referee.engine.told import Told
from referee.engine.tomlsource import Merged, Source, placed
from referee.engine.valuecheck import describe

def _merge(base: Mapping[str, Any], over: Mapping[str, Any], src: Source | None = None,
           depth: int = 0) -> Merged:
    """``over`` on top of ``base``: plain keys replace, tables merge key by key
    (``stacking``: a word replaces a table; a table with ``groups`` replaces a
    word, one without keeps the word's groups, R9.14).  What decides
    the same thing as a key ``over`` sets gives way (R9.1): a file's
    ``king`` wins over the ``K`` of the table it extends, and its ``K`` over
    the ``king`` it extends (set back to standard).  ``src`` (at ``depth`` in
    the ``extends`` chain) wrote ``over``: the ``origins`` of the result say so."""
    merged = Merged({k: (dict(v) if isinstance(v, Mapping) else v) for k, v in base.items()})
    if isinstance(base, Merged):
        merged.origins.update(base.origins)
        merged.stacking_word = base.stacking_word
    _give_way(merged, over)
    for key, value in over.items():
        if key == EXTENDS:
            continue
        if key in TABLE_NAMES and isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            _replace(merged, key, value)
        if src is not None:
            _written(merged, key, value, (depth, src))
    return merged


def _give_way(merged: Merged, over: Mapping[str, Any]) -> None:
    """R9.1: what decides the same thing as a key ``over`` sets gives way in ``merged``
    (the table entry to today's key, today's key, set back to standard, to the entry)."""
    origins = merged.origins
    for old, (section, sub) in OVERLAPS:
        table = over.get(section)
        if old in over and isinstance(merged.get(section), dict):
            merged[section].pop(sub, None)
            origins.pop((section, sub), None)
        elif isinstance(table, Mapping) and sub in table and old in merged:
            merged[old] = TOP_KEYS[old].default
            origins.pop((old,), None)


def _replace(merged: Merged, key: str, value: Any) -> None:
    """``key`` of ``merged`` replaced by ``value``, what was written below it forgotten;
    a ``[stacking]`` table without ``groups`` over a word keeps the word (R9.14)."""
    origins = merged.origins
    if key == "stacking":
        word = merged.get(key)
        merged.stacking_word = (
            (word, origins.get((key,))) if isinstance(value, Mapping)
            and isinstance(word, str) and "groups" not in value else None)
    for path in [p for p in origins if p[:1] == (key,)]:
        del origins[path]
    merged[key] = dict(value) if isinstance(value, Mapping) else value


def _written(merged: Merged, key: str, value: Any, origin: tuple[int, Source]) -> None:
    """``origin`` (depth, Source) wrote ``key`` (and each key of a table ``value``)."""
    merged.origins[(key,)] = origin
    if isinstance(value, Mapping):
        for sub in value:
            merged.origins[(key, sub)] = origin


def finish_rules(merged: Mapping[str, Any], src: Source, name: str) -> HouseRules:
    """Check the combinations of a merged table and build the HouseRules value.

    ``merged``: ``resolve_table``'s table (a ``Merged``: each error is placed on
    the file and line where the value at fault is written) or a plain dict (errors
    placed on ``src``).  Raises RulesError (R7.5, R9.6, R9.13-R9.16, R10.90)."""
    series = merged["series"]
    if series["mode"] == "hands" and series["hands"] < 1:
        where, _path, line = placed(merged, src, ("series", "hands"), ("series", "mode"))
        raise where.error("rules.err.series_hands", key="series.hands", line=line,
                          allowed=Told("rules.allowed.int_min", low=1), got=series["hands"])
    if merged["scoring"]["mode"] == "winner_collects" and series["mode"] == "elimination":
        # R10.90: eliminating whoever collects most would send the best player home
        where, _path, line = placed(merged, src, ("scoring", "mode"), ("series", "mode"))
        raise where.error("rules.err.collects_elimination", key="scoring.mode", line=line,
                          allowed=Told("rules.allowed.collects_series"), got="winner_collects")
    values = {k: MappingProxyType(dict(merged[k])) if isinstance(merged[k], Mapping)
              else merged[k] for k in TOP_KEYS}
    tables = {section: MappingProxyType(
        dict(merged.get(section, {})) if section in SPARSE else
        {k: merged[section][k] for k in keys}
        | (card_points_of(merged[section]) if section == "points" else {}))  # (R10.93)
        for section, keys in SECTION_KEYS.items() if section not in TOP_KEYS}
    rules = HouseRules(name=name, **tables, **values)
    word = getattr(merged, "stacking_word", None)
    if word is not None and word[0] != "same" and isinstance(rules.stacking, Mapping):
        # a [stacking] table without groups over ``stacking = "none"`` / ``"cumulative"``:
        # the word's groups stay (R9.14), written out now the penalty ranks are known
        groups = rules.replace(stacking=word[0]).stack_groups()
        rules = rules.replace(stacking=MappingProxyType({
            "groups": tuple(tuple(sorted(g, key=key_order)) for g in groups),
            **rules.stacking}))
    check_actions(rules, merged, src)
    return rules


_DEFAULTS: list[dict[str, Any]] = []  # the standard table, made once (see ``_defaults``)


def _defaults() -> dict[str, Any]:
    """The standard values of every key (``HouseRules().to_table()``), made once:
    each call returns the tables copied one level down, as ``_merge`` copies them."""
    if not _DEFAULTS:
        _DEFAULTS.append(HouseRules().to_table())
    return {k: dict(v) if isinstance(v, dict) else v for k, v in _DEFAULTS[0].items()}


# -- a table read: parsed, merged onto what it extends, checked ---------------

def not_found_error(spec: str) -> RulesError:
    """The RulesError for a rule set ``spec`` that is neither a preset nor a file (R8)."""
    allowed = Told("rules.allowed.presets", presets=presets_told())
    told = Told("rules.error", where=Told("rules.where.file", file=spec),
                 problem=Told("rules.err.not_found", spec=spec, allowed=allowed))
    return RulesError(told, file=str(spec), line=None, key=None, allowed=allowed)


Read = Callable[[str, Source, tuple[str, ...]], "tuple[Mapping[str, Any], Source, str]"]
"""What a table's ``extends = "..."`` names, read (by the application:
``referee.series.presets``): ``read(spec, src, chain)`` -> (that file's or preset's
own table, as parsed; its ``Source``; its identity in ``chain``).  ``src`` is the
file whose ``extends`` it is, ``chain`` the identities read so far, first file
first (the reader refuses a circle).  Raises RulesError."""


def resolve_table(own: Mapping[str, Any], src: Source, ident: str, read: Read) -> Merged:
    """Validate ``own`` (the table of ``src``, known in a chain as ``ident``) and
    each table its ``extends`` chain names (``read`` gives them), and merge them
    onto the standard defaults, the last one read first (R8).

    The chain is followed in a loop, never by recursion: more than
    ``MAX_EXTENDS`` files (presets not counted) is refused at the ``extends``
    line that goes one too far.  Returns a ``Merged`` (each value knows its file).  Raises RulesError."""
    files: list[tuple[dict[str, Any], Source]] = []
    chain = (ident,)
    while True:
        checked = check_table(own, src)
        files.append((checked, src))
        spec = checked.get(EXTENDS)
        if spec is None:
            break
        if len(files) >= MAX_EXTENDS and not src.preset and resolve_preset(spec) is None:
            raise src.error("rules.err.extends_deep", key=EXTENDS, line=src.line_of(EXTENDS),
                            allowed=extends_allowed(), most=MAX_EXTENDS, got=spec)
        own, src, ident = read(spec, src, chain)
        chain += (ident,)
    merged = Merged(_defaults())
    for depth in range(len(files) - 1, -1, -1):
        checked, file_src = files[depth]
        merged = _merge(merged, checked, file_src, depth)
    merged.origins[()] = (0, files[0][1])
    return merged


def build_rules(table: Mapping[str, Any], src: Source, read: Read) -> HouseRules:
    """A validated HouseRules from a plain table (complete or partial; keys left
    out keep their standard values), named ``src.name``; ``read`` gives the
    table an ``extends`` names.  Raises RulesError (R8)."""
    if not isinstance(table, Mapping):
        raise src.error("rules.err.type", key=None, got=describe(table),
                        allowed=Told("rules.allowed.table", what=Told("rules.allowed.table_points")))
    return finish_rules(resolve_table(table, src, "table:" + src.name, read), src, src.name)


def with_series(rules: HouseRules, mode: str | None = None, limit: int | None = None,
                hands: int | None = None) -> HouseRules:
    """A copy of ``rules`` with ``[series]`` values replaced (options given to ``pesten-ref new`` win, R8).

    ``None`` keeps the value in force.  Validated like a file (R7.4-R7.6):
    raises RulesError with ``key`` ``"series.mode"``, ``"series.limit"`` or
    ``"series.hands"`` (e.g. ``mode = "hands"`` without ``hands`` >= 1).
    """
    given = {k: v for k, v in (("mode", mode), ("limit", limit), ("hands", hands)) if v is not None}
    return with_values(rules, {"series": given})


def with_values(rules: HouseRules, table: Mapping[str, Any]) -> HouseRules:
    """A copy of ``rules`` with the keys of ``table`` (a partial house-rule table:
    top-level keys and tables, ``{"hand_end": "first_out", "scoring": {"mode":
    "penalty"}}``) put over it, a table key by key, as an ``extends`` would (R8).

    Checked like a file: raises RulesError naming the key (placed on the options,
    not on a file) for a wrong key, type or value, or a combination R7.5 or
    R10.90 refuses."""
    src = Source(file=None, name=rules.name, where_key="rules.where.options")
    checked = check_table(table, src)
    merged = {key: dict(v) if isinstance(v, Mapping) else v
              for key in KEYS for v in (getattr(rules, key),)}
    for key, value in checked.items():
        both = isinstance(value, Mapping) and isinstance(merged[key], Mapping)
        merged[key] = {**merged[key], **value} if both else value
    return finish_rules(merged, src, rules.name)
