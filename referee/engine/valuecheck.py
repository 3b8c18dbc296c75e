"""Checking one house-rule value against its key's declaration (RULES.md R8, R9,
R10): a whole number in its range, a choice, a deck count, a draw policy, a rank
list, an ``[actions]`` entry's effects, a call; and a value read back from a save
file, checked as a house-rule value is (the same sentences).

Every refusal is a ``RulesError`` naming the file and line (``tomlsource.Source``),
the key and what is allowed.

Public API: ``check_value(src, shown_key, path, value, kind, detail)``,
``check_key(src, key, value)``, ``check_saved(table, key, kind, ...)`` and
``REQUIRED``, ``rank_name(text, src)`` (a rank as a file writes it),
``describe(value)`` (a value's type, told), ``join_or(items)``.
"""

from __future__ import annotations

from types import MappingProxyType
from collections.abc import Mapping
from typing import Any

from referee.engine.cards import ALL_RANKS as ACTION_RANKS, parse_suit, try_card
from referee.engine.keys import DRAW_UP_TO, MAX_DECKS, OUT_FACTOR_RANGE, CallTable, Key
from referee.engine.rules import RulesError
from referee.engine.told import OneOf, Told
from referee.engine.tomlsource import Source, toml_value


def join_or(items: list[Any]) -> Any:
    """The items as one phrase to be said, "a, b or c" (a ``OneOf``); one item as
    it is, none as ``[]``."""
    if not items:
        return "[]"
    if len(items) == 1:
        return items[0]
    return OneOf(tuple(items), "rules.word.or")


def _allowed_text(kind: str, detail: Any) -> Told:
    if kind == "int":
        low, high = detail
        if low is None:
            return Told("rules.allowed.int")
        if high is None:
            return Told("rules.allowed.int_min", low=low)
        return Told("rules.allowed.int_range", low=low, high=high)
    if kind == "bool":
        return Told("rules.allowed.bool")
    if kind == "enum":
        return Told("rules.allowed.choices", choices=join_or([toml_value(c) for c in detail]))
    if kind == "decks":
        return Told("rules.allowed.decks", most=MAX_DECKS)
    if kind == "text":
        return Told("rules.allowed.text")
    if kind == "list":
        return Told("rules.allowed.list", what=detail)
    if kind == "table":
        return Told("rules.allowed.table", what=detail)
    if kind == "effects":
        return _EFFECT_ALLOWED["effects"]({})
    if kind == "ranks":
        return Told("rules.allowed.rank_list")
    if kind == "groups":
        return Told("rules.allowed.groups")
    if kind == "blocked":
        return Told("rules.allowed.blocked")
    if kind == "draw":
        return Told("rules.allowed.draw", choices=join_or([toml_value(c) for c in detail]),
                    table="{ up_to = N }", low=DRAW_UP_TO[0], high=DRAW_UP_TO[1])
    if kind == "call":
        return Told("rules.allowed.call_out" if "factor" in detail else "rules.allowed.call_last")
    raise AssertionError(kind)


def describe(value: Any) -> Told:
    if isinstance(value, bool):
        return Told("rules.type.bool", value=toml_value(value))
    if isinstance(value, int):
        return Told("rules.type.int", value=value)
    if isinstance(value, float):
        return Told("rules.type.float", value=value)
    if isinstance(value, str):
        return Told("rules.type.str", value=toml_value(value))
    if isinstance(value, Mapping):
        return Told("rules.type.table")
    if isinstance(value, (list, tuple)):
        return Told("rules.type.list")
    return Told("rules.type.other", value=value)


class _Checked:
    """One value being checked against its key's ``kind`` and ``detail``: the errors
    it may raise, their allowed values and line worked out only when raised."""

    __slots__ = ("src", "shown_key", "path", "value", "kind", "detail")

    def __init__(self, src: Source, shown_key: str, path: tuple[str, ...], value: Any,
                 kind: str, detail: Any) -> None:
        self.src, self.shown_key, self.path = src, shown_key, path
        self.value, self.kind, self.detail = value, kind, detail

    def wrong_type(self) -> RulesError:
        return self.src.error("rules.err.type", key=self.shown_key,
                              allowed=_allowed_text(self.kind, self.detail),
                              line=self.src.line_of(*self.path), got=describe(self.value))

    def bad_value(self) -> RulesError:
        return self.src.error("rules.err.value", key=self.shown_key,
                              allowed=_allowed_text(self.kind, self.detail),
                              line=self.src.line_of(*self.path), got=toml_value(self.value))


def check_value(src: Source, shown_key: str, path: tuple[str, ...], value: Any,
                 kind: str, detail: Any) -> Any:
    """Return ``value`` when it fits ``kind``/``detail`` (checked as ``_BY_KIND`` says,
    else by its type alone); else raise RulesError."""
    if kind == "effects":
        return _check_effects(src, shown_key, path, value)
    return _BY_KIND.get(kind, _check_type)(_Checked(src, shown_key, path, value, kind, detail))


def _check_int(c: _Checked) -> Any:
    """A whole number within ``detail`` (low, high; None: no bound)."""
    value = c.value
    if isinstance(value, bool) or not isinstance(value, int):
        raise c.wrong_type()
    low, high = c.detail
    if (low is not None and value < low) or (high is not None and value > high):
        raise c.bad_value()
    return value


def _check_word(c: _Checked) -> Any:
    """``enum``: one of ``detail`` (text, or whole numbers: ``deck``, R10.40); ``text``:
    a string that is not blank."""
    value = c.value
    if type(value) is not (type(c.detail[0]) if c.kind == "enum" else str):
        raise c.wrong_type()
    if (value not in c.detail) if c.kind == "enum" else not value.strip():
        raise c.bad_value()
    return value


def _check_decks(c: _Checked) -> Any:
    """``"auto"`` or 1 to ``MAX_DECKS`` decks (R1.3)."""
    value = c.value
    if isinstance(value, str):
        if value != "auto":
            raise c.bad_value()
    elif isinstance(value, bool) or not isinstance(value, int):
        raise c.wrong_type()
    elif not 1 <= value <= MAX_DECKS:
        raise c.bad_value()
    return value


def _check_draw(c: _Checked) -> Any:
    """``draw`` (R10.50): ``"one"``, ``"until_playable"`` or ``{ up_to = N }`` with N
    in ``DRAW_UP_TO``; the table is returned read-only."""
    value = c.value
    if isinstance(value, str):
        if value not in c.detail:
            raise c.bad_value()
        return value
    if not isinstance(value, Mapping):
        raise c.wrong_type()
    n = value.get("up_to")
    low, high = DRAW_UP_TO
    if set(value) != {"up_to"} or isinstance(n, bool) or not isinstance(n, int) \
            or not low <= n <= high:
        raise c.src.error("rules.err.value", key=c.shown_key,
                          allowed=_allowed_text(c.kind, c.detail),
                          line=c.src.line_of(*c.path), got=toml_value(value))
    return MappingProxyType({"up_to": n})


def _check_ranks(c: _Checked) -> Any:
    """``ranks``: a list of ranks; ``groups``: a list of such lists; ``blocked``: a list
    of ranks or ``"actions"``.  Ranks as ``[actions]`` writes them, each once."""
    kind, value = c.kind, c.value
    if kind == "blocked" and value == "actions":
        return value
    groups = value if kind == "groups" else [value]
    if not isinstance(value, list) or not all(
            isinstance(g, list) and all(isinstance(r, str) for r in g) for g in groups):
        raise c.wrong_type()
    bad = next((r for g in groups for r in g if rank_name(r, c.src) is None), None)
    if bad is not None:
        raise c.src.error("rules.err.rank", key=c.shown_key, line=c.src.line_of(*c.path),
                          allowed=Told("rules.allowed.action_keys"), got=toml_value(bad))
    checked = tuple(tuple(dict.fromkeys(rank_name(r, c.src) for r in g)) for g in groups)
    return checked if kind == "groups" else checked[0]


def _check_type(c: _Checked) -> Any:
    """``bool``, ``list``, ``table``: a value of that type."""
    if not isinstance(c.value, _TYPE_OF[c.kind]):
        raise c.wrong_type()
    return c.value


def _check_call(c: _Checked) -> Any:
    """``call``: a table of the fields ``detail`` names (R10.80-R10.82), ``word``
    required: one word that is not a card, a suit or an entry word (``Mau``; the call
    on going out, R10.82, not ``lk`` either); ``penalty`` and ``false_penalty`` (R10.84)
    whole numbers, 0 or more;
    ``on`` a list of card keys (R10.10); ``factor`` a whole number in
    ``OUT_FACTOR_RANGE``."""
    from referee.engine.notation import ANNOUNCE_WORDS, RESERVED_WORDS
    value = c.value
    if not isinstance(value, Mapping):
        raise c.wrong_type()
    for field in value:
        if field not in c.detail:
            raise c.src.error("rules.err.call_field", key=c.shown_key, field=field,
                              line=c.src.line_of(*c.path, field) or c.src.line_of(*c.path),
                              allowed=OneOf(c.detail, "rules.word.or"))
    if "word" not in value:
        raise c.src.error("rules.err.call_word_missing", key=c.shown_key,
                          line=c.src.line_of(*c.path), allowed=_allowed_text("call", c.detail))
    word = check_value(c.src, c.shown_key + ".word", c.path + ("word",), value["word"],
                        "text", None)
    low = word.strip().lower()
    announce = ANNOUNCE_WORDS if "penalty" in c.detail else frozenset()  # (R10.82: not ``lk``)
    if (len(word.split()) != 1 or ":" in word or "+" in word or try_card(low) is not None
            or parse_suit(low) is not None or (low in RESERVED_WORDS and low not in announce)):
        raise c.src.error("rules.err.call_word", key=c.shown_key + ".word", word=word,
                          line=c.src.line_of(*c.path, "word") or c.src.line_of(*c.path),
                          allowed=Told("rules.allowed.call_word"))
    out: dict[str, Any] = {"word": word.strip()}
    if "penalty" in value:
        out["penalty"] = check_value(c.src, c.shown_key + ".penalty", c.path + ("penalty",),
                                      value["penalty"], "int", (0, None))
    if "false_penalty" in value:  # (R10.84: a false call)
        out["false_penalty"] = check_value(
            c.src, c.shown_key + ".false_penalty", c.path + ("false_penalty",),
            value["false_penalty"], "int", (0, None))
    if "on" in value:
        out["on"] = _call_keys(c, value["on"])
    if "factor" in value:
        out["factor"] = check_value(c.src, c.shown_key + ".factor", c.path + ("factor",),
                                     value["factor"], "int", OUT_FACTOR_RANGE)
    return CallTable(out)


def _call_keys(c: _Checked, value: Any) -> tuple[str, ...]:
    """``[calls] out.on`` (R10.82): a list of card keys as ``[actions]`` reads them
    (R10.10: ``"J"``, ``"Jh"``, ``"J black"``), each once, as a tuple."""
    from referee.engine.cardkeys import parse_key
    line = c.src.line_of(*c.path, "on") or c.src.line_of(*c.path)
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise c.src.error("rules.err.type", key=c.shown_key + ".on", line=line,
                          allowed=Told("rules.allowed.key_list"), got=describe(value))
    keys = []
    for written in value:
        key = parse_key(written) or rank_name(written, c.src)
        if key is None:
            raise c.src.error("rules.err.rank", key=c.shown_key + ".on", line=line,
                              allowed=Told("rules.allowed.action_keys"), got=toml_value(written))
        keys.append(key)
    return tuple(dict.fromkeys(keys))


_BY_KIND = {"int": _check_int, "enum": _check_word, "text": _check_word, "decks": _check_decks,
            "draw": _check_draw,
            "ranks": _check_ranks, "groups": _check_ranks, "blocked": _check_ranks,
            "call": _check_call}


_TYPE_OF = {"bool": bool, "list": list, "table": Mapping}

_RANK_NAMES = {r.lower(): r for r in ACTION_RANKS}


def rank_name(text: str, src: Source | None = None) -> str | None:
    """A rank as ``[actions]`` and the rank lists write it (``"k"`` -> ``"K"``; the
    language's own name for it, ``src.ranks``, when it stands for one rank only), a
    card or a colour of a rank (``"K♥"`` -> ``"Kh"``, ``"J black"``, R10.10), or None."""
    low = str(text).strip().lower()
    local = src.ranks.get(low, ()) if src is not None else ()
    found = _RANK_NAMES.get(low) or (local[0] if len(local) == 1 else None)
    if found is None:
        from referee.engine.cardkeys import parse_key
        found = parse_key(str(text))
    return found


_EFFECT_ALLOWED = {
    "effects": lambda f: Told("rules.allowed.effects", effects=", ".join(_effect_names())),
    "effect_value": lambda f: Told("rules.allowed.effect_value", example=f["example"]),
    "true": lambda f: "true",
    "params": lambda f: f["params"],
    "int_range": lambda f: Told("rules.allowed.int_range", low=f["low"], high=f["high"]),
    "bool": lambda f: Told("rules.allowed.bool"),
    "choices": lambda f: join_or([toml_value(c) for c in f["choices"]]),
    "value": lambda f: Told("rules.allowed.effect_rank_value"),
    "rank": lambda f: Told("rules.allowed.effect_rank"),
    "keys": lambda f: Told("rules.allowed.effect_keys"),
    "rank_list": lambda f: Told("rules.allowed.effect_ranks"),
}


def _effect_names() -> list[str]:
    from referee.engine.effects import EFFECT_KINDS
    return [kind.name for kind in EFFECT_KINDS]


def _check_effects(src: Source, shown_key: str, path: tuple[str, ...], value: Any) -> tuple:
    """A rank's entry of ``[actions]`` -> its effects (R9.1); RulesError naming the
    file, the line, the key and what is allowed (``effects.parse_effects``)."""
    def fail(problem: str, allowed: str, **fields: Any) -> RulesError:
        allowed_text = _EFFECT_ALLOWED[allowed](fields)
        fields.pop("choices", None)
        if "suggestion" in fields:
            found = fields["suggestion"]
            fields["suggestion"] = (Told("rules.err.suggest", suggestion=found) if found
                                    else Told("rules.err.no_suggestion"))
        return src.error(problem, key=shown_key, line=src.line_of(*path),
                         allowed=allowed_text, **fields)

    if isinstance(value, (bool, int, float)) or not isinstance(value, (str, list, Mapping)):
        raise src.error("rules.err.type", key=shown_key, line=src.line_of(*path),
                        allowed=_allowed_text("effects", None), got=describe(value))
    from referee.engine.effects import parse_effects
    return parse_effects(dict(value) if isinstance(value, Mapping) else
                         [dict(v) if isinstance(v, Mapping) else v for v in value]
                         if isinstance(value, list) else value, fail, toml_value)


def check_key(src: Source, key: Key, value: Any) -> Any:
    """``value`` for the declared ``key`` when it fits the key's kind and range; else RulesError."""
    return check_value(src, key.shown, key.path, value, key.kind, key.detail)


REQUIRED = object()
"""``check_saved``'s default: the key must be there."""


def check_saved(table: Mapping[str, Any], key: str, kind: str, detail: Any = None,
                default: Any = REQUIRED, shown: str | None = None) -> Any:
    """``table[key]`` read from a save file (the series file, a hand's file),
    checked as a house-rule value is (the same check, the same sentences).

    ``kind``: "int" (``detail``: (low, high or None)), "bool", "enum"
    (``detail``: the choices, e.g. the players' names), "text" (not blank),
    "list" and "table" (``detail``: what they hold, a ``Told`` said only in
    the error, or words).  A key left out gives ``default``; without one it is an error.  ``shown``: the key
    as the sentence names it (default ``key``).  Returns the value; raises
    RulesError whose ``problem`` names the key and says what is allowed (the
    caller says where: the file and its line).
    """
    shown = key if shown is None else shown
    src = Source(file=None, name="", where_key="rules.where.options")
    if key not in table:
        if default is not REQUIRED:
            return default
        raise src.error("rules.err.missing", key=shown, allowed=_allowed_text(kind, detail))
    return check_value(src, shown, (shown,), table[key], kind, detail)
