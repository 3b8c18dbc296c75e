"""The ``[actions]`` vocabulary: what a rank does when played (RULES.md R9).

Each effect is declared once, as an ``EffectKind`` in ``EFFECT_KINDS``: its
name, its own value (``draw = 2``), its parameters with their types, ranges
and defaults, the rule id it cites and whether it may be written bare
(``"again"``).  Checking a house-rule file (``referee.engine.rulecheck``), the rule
book, ``rules`` and the compiled tables (``referee.engine.compiled``) all read
it from here.

- ``Effect``: one effect with its parameters filled in (immutable).
- ``parse_effects(value, fail, write)``: a rank's entry of ``[actions]`` (a string, an
  inline table, or a list of them) -> a tuple of ``Effect``; ``fail(problem,
  allowed, **fields)`` raises the caller's error (the file, the line, the key),
  ``write`` is the one TOML value writer (``tomlsource.toml_value``) its sentences
  show a value with.
- ``old_key_effects(rules)``: the effects today's keys (``king``, ``four``,
  ``five``, ``jack_wild``, ``jack_on_jack``, ``joker_penalty``) give each rank
  (R9.1: they expand into the table).
- ``check_rank(rank, effects)``, ``check_combination(effects, free)``: what a
  rank's list may not hold (R9.6, R9.13), as a message key, or None.
- ``classic_rule(rank, effects)``: the R5 rule a rank keeping its rule-book
  meaning cites, or None (then each effect cites its own R9 rule).
- ``effect_table(value)``: an ``Effect`` tuple back into what a file writes.
"""

from __future__ import annotations

from typing import Any, Callable

from referee.engine.cards import ALL_RANKS, JOKER
from referee.engine.keys import RANK_MEANING, RANK_MEANINGS
from referee.engine.values import Value, set_field

#: The ranks ``[actions]`` may hold, in display order (RULES.md R9.1).
ACTION_RANKS: tuple[str, ...] = ALL_RANKS

#: The value of each rank for ``next_at_most`` / ``next_at_least`` (R9.9): A = 1,
#: J = 11, Q = 12, K = 13; a Joker has none (it always goes, R3.2).
RANK_VALUE: dict[str, int] = {"A": 1, "J": 11, "Q": 12, "K": 13,
                              **{str(n): n for n in range(2, 11)}}


class Param(Value):
    """One parameter of an effect: ``name`` as a file writes it, ``kind`` (``"int"``,
    ``"bool"``, ``"enum"``, ``"value"``: 1-13 or a rank but the Joker, ``"rank"``: a
    rank but the Joker), ``detail`` (``(low, high)`` for an int, the choices for an
    enum), ``default`` (None: it must be given)."""

    __slots__ = ("name", "kind", "detail", "default")
    __match_args__ = __slots__

    def __init__(self, name: str, kind: str, detail: Any = None, default: Any = None) -> None:
        set_field(self, "name", name)
        set_field(self, "kind", kind)
        set_field(self, "detail", detail)
        set_field(self, "default", default)


class EffectKind(Value):
    """One effect of the ``[actions]`` vocabulary (RULES.md R9), declared once.

    ``name``: as a file writes it.  ``value``: the ``Param`` of the effect's own
    key (``draw = 2``: ``n``), or None for an effect that is only named
    (``"again"``, ``{ again = true, ... }``).  ``params``: its other parameters.
    ``rule``: the rule id its rulings cite when the rank does not keep a
    rule-book meaning (``classic_rule``).  ``bare``: it may be written as a
    string alone (every parameter then at its default).
    """

    __slots__ = ("name", "value", "params", "rule", "bare")
    __match_args__ = __slots__

    def __init__(self, name: str, value: Param | None, params: tuple[Param, ...], rule: str) -> None:
        set_field(self, "name", name)
        set_field(self, "value", value)
        set_field(self, "params", params)
        set_field(self, "rule", rule)
        set_field(self, "bare", value is None or value.default is not None)


_TO_NEXT = ("next", "self", "previous")

#: The vocabulary of ``[actions]`` (RULES.md R9.2-R9.12), in rule-book order.
EFFECT_KINDS: tuple[EffectKind, ...] = (
    EffectKind("none", None, (), "R9.2"),
    EffectKind("draw", Param("n", "int", (1, 10)),
               (Param("to", "enum", _TO_NEXT, "next"), Param("at_once", "bool", None, False)),
               "R9.3"),
    EffectKind("others_draw", Param("n", "int", (1, 5)), (), "R9.4"),
    EffectKind("skip", Param("n", "int", (1, 3), 1), (Param("pass_on", "bool", None, False),
                                                      Param("stack", "bool", None, False)),
               "R9.5"),
    EffectKind("again", None, (Param("follow", "enum", ("any", "same_suit"), "any"),), "R9.6"),
    EffectKind("reverse", None, (Param("two_players", "enum", ("again", "none"), "again"),),
               "R9.7"),
    EffectKind("name_suit", None, (Param("wild", "bool", None, False),
                                   Param("on_same_rank", "enum", ("always", "named_suit"),
                                         "always"),
                                   Param("not_on", "keys", None, ()),
                                   Param("wild_out", "bool", None, True)), "R9.8"),
    EffectKind("next_at_most", Param("value", "value", (1, 13)), (), "R9.9"),
    EffectKind("next_at_least", Param("value", "value", (1, 13)), (), "R9.9"),
    EffectKind("next_rank", Param("rank", "rank"), (), "R9.9"),
    EffectKind("show", Param("who", "enum", ("next", "others"), "next"), (), "R9.10"),
    EffectKind("pass_cards", Param("n", "int", (1, 3), 1),
               (Param("to", "enum", ("left", "right"), "left"),), "R9.11"),
    EffectKind("rotate_hands", None, (Param("against_play", "bool", None, True),), "R9.12"),
    EffectKind("counter", Param("mode", "enum", ("cancel", "back", "on")),
               (Param("against", "keys", None, ()), Param("same_suit", "bool", None, False)),
               "R10.11"),
    EffectKind("open", None, (), "R10.20"),
    EffectKind("demand", Param("what", "enum", ("rank",)),
               (Param("except", "ranks", None, ()),), "R10.22"),
    EffectKind("swap", Param("mode", "enum", ("choose",), "choose"), (), "R10.30"),
)

#: Each effect of the vocabulary by name.
EFFECT_BY_NAME: dict[str, EffectKind] = {kind.name: kind for kind in EFFECT_KINDS}

#: Every parameter name any effect has: the fields of ``Effect``.
_PARAM_NAMES: tuple[str, ...] = tuple(dict.fromkeys(
    p.name for kind in EFFECT_KINDS for p in ((kind.value,) if kind.value else ()) + kind.params))


class Effect(Value):
    """One effect with every parameter filled in (RULES.md R9).

    ``kind``: the effect's name (``"draw"``).  The parameters of the vocabulary
    are fields, None where the effect has no such parameter: ``n`` (cards or
    turns), ``to`` (``draw``: ``"next"``/``"self"``/``"previous"``; ``pass_cards``:
    ``"left"``/``"right"``), ``at_once``, ``pass_on``, ``stack`` (R10.21), ``follow``, ``two_players``,
    ``wild``, ``on_same_rank``, ``not_on`` (R9.8: a tuple of the keys of the cards it
    may not go on), ``wild_out`` (R9.8: False, a wild card that empties the hand
    must match as any card), ``value`` (1-13), ``rank``, ``who``,
    ``against_play``; ``counter`` (R10.11): ``mode``, ``against`` (a tuple of keys,
    ``()``: every penalty), ``same_suit``; ``demand`` (R10.22): ``what`` (``"rank"``),
    ``except`` (a tuple of the ranks it may not demand); ``swap`` (R10.30): ``mode``
    (``"choose"``).  ``Effect("draw", n=2)`` fills the defaults of ``to`` and
    ``at_once``; a parameter the effect does not have is a TypeError.
    """

    __slots__ = ("kind",) + _PARAM_NAMES
    __match_args__ = __slots__

    def __init__(self, kind: str, **params: Any) -> None:
        decl = EFFECT_BY_NAME[kind]
        own = ((decl.value,) if decl.value else ()) + decl.params
        names = {p.name for p in own}
        unknown = params.keys() - names
        if unknown:
            raise TypeError(f"the effect {kind!r} has no parameter {sorted(unknown)[0]!r}")
        set_field(self, "kind", kind)
        for name in _PARAM_NAMES:
            set_field(self, name, None)
        for p in own:
            set_field(self, p.name, params.get(p.name, p.default))

    def __reduce__(self) -> tuple:  # (keywords: the parameters the effect has)
        return (_effect, (self.kind, {name: getattr(self, name) for name in _PARAM_NAMES
                                      if getattr(self, name) is not None}))

    @property
    def pending_draw(self) -> bool:
        """A draw penalty for the next player, pending and stackable (R5.1, R5.7, R9.3)."""
        return self.kind == "draw" and self.to == "next" and not self.at_once

    @property
    def turn_effect(self) -> bool:
        """An effect on whose turn it is (``again``, ``skip``): void in free order (R8.4)."""
        return self.kind in ("again", "skip")

    def file_value(self) -> Any:
        """The effect as a file writes it: a string when every parameter is at its
        default and the effect may be bare, else an inline table."""
        decl = EFFECT_BY_NAME[self.kind]
        changed = {p.name: list(v) if isinstance(v, tuple) else v for p in decl.params
                   if (v := getattr(self, p.name)) != p.default}
        own = getattr(self, decl.value.name) if decl.value else True
        if decl.bare and not changed and (decl.value is None or own == decl.value.default):
            return self.kind
        return {self.kind: own, **changed}


def _effect(kind: str, params: dict) -> Effect:
    """Unpickling an ``Effect``."""
    return Effect(kind, **params)


def effect_table(effects: tuple[Effect, ...]) -> Any:
    """A rank's effects as ``[actions]`` writes them: one effect, or a list."""
    if len(effects) == 1:
        return effects[0].file_value()
    return [e.file_value() for e in effects]


# -- reading a file's entry ----------------------------------------------------

Fail = Callable[..., Exception]
"""``fail(problem, allowed, **fields)``: the caller's error for a bad entry
(``problem`` a message key of ``rules.err.*``; ``allowed`` what would be, in words;
``fields`` for the sentence).  It returns the exception; the parser raises it."""

Write = Callable[[Any], str]
"""``write(value)``: a value as TOML writes it (``tomlsource.toml_value``, given by
the caller: the reader of files sits above this vocabulary)."""


def parse_effects(value: Any, fail: Fail, write: Write) -> tuple[Effect, ...]:
    """One rank's entry of ``[actions]`` -> its effects, in order (R9.1).

    ``value``: a string (an effect written bare), an inline table naming one
    effect and its parameters, or a list of those (applied in order).  Raises
    what ``fail`` gives for an unknown effect or parameter, a value of the
    wrong type or out of range, a bare effect that needs a value, a table
    naming no effect or two, an empty list, or ``"none"`` beside another
    effect.  Combinations of effects are checked by ``check_combination``.
    """
    items = value if isinstance(value, list) else [value]
    if not items:
        raise fail("rules.err.effect_empty", "effects")
    effects = tuple(_parse_one(item, fail, write) for item in items)
    if len(effects) > 1 and any(e.kind == "none" for e in effects):
        raise fail("rules.err.effect_none_beside", "effects")
    if effects[0].kind == "none":
        return ()
    return effects


def _parse_one(item: Any, fail: Fail, write: Write) -> Effect:
    if isinstance(item, str):
        decl = EFFECT_BY_NAME.get(item)
        if decl is None:
            raise fail("rules.err.effect_unknown", "effects", effect=item,
                       suggestion=_close(item, EFFECT_BY_NAME))
        if not decl.bare:
            raise fail("rules.err.effect_needs_value", "effect_value", effect=item,
                       param=decl.value.name, example=_example(decl, write))
        return Effect(item)
    if not isinstance(item, dict):
        raise fail("rules.err.effect_type", "effects", got=type(item).__name__)
    named = [k for k in item if k in EFFECT_BY_NAME]
    if len(named) != 1:
        unknown = next((k for k in item if k not in EFFECT_BY_NAME), None)
        if not named and unknown is not None:
            raise fail("rules.err.effect_unknown", "effects", effect=unknown,
                       suggestion=_close(unknown, EFFECT_BY_NAME))
        raise fail("rules.err.effect_one", "effects", effects=", ".join(named) or "-")
    kind = named[0]
    decl = EFFECT_BY_NAME[kind]
    params: dict[str, Any] = {}
    own = item[kind]
    if decl.value is None:
        if own is not True:
            raise fail("rules.err.effect_flag", "true", effect=kind, got=write(own))
    else:
        params[decl.value.name] = _check_param(decl, decl.value, kind, own, fail, write)
    by_name = {p.name: p for p in decl.params}
    for name, given in item.items():
        if name == kind:
            continue
        param = by_name.get(name)
        if param is None:
            raise fail("rules.err.effect_param_unknown", "params", effect=kind, param=name,
                       params=", ".join(by_name) or "-")
        params[name] = _check_param(decl, param, name, given, fail, write)
    return Effect(kind, **params)


def _check_param(decl: EffectKind, param: Param, shown: str, given: Any, fail: Fail,
                 write: Write) -> Any:
    """``given`` as the effect ``decl`` keeps its ``param`` (a rank's name as its value
    or its letter); raises ``fail``'s RulesError naming what is allowed (R9.2)."""
    check, allowed, fields = _PARAM_CHECKS[param.kind]
    value = check(param, given)
    if value is _BAD:
        raise fail("rules.err.effect_param", allowed, effect=decl.name, param=shown,
                   got=write(given), **fields(param))
    return value


_BAD = object()  # (a parameter's value that does not fit its kind)


def _whole(given: Any) -> bool:
    return isinstance(given, int) and not isinstance(given, bool)


def _int_param(param: Param, given: Any) -> Any:
    low, high = param.detail
    return given if _whole(given) and low <= given <= high else _BAD


def _value_param(param: Param, given: Any) -> Any:
    """1-13, or a rank but the Joker (its value)."""
    if isinstance(given, str) and given.upper() in RANK_VALUE:
        return RANK_VALUE[given.upper()]
    return given if _whole(given) and 1 <= given <= 13 else _BAD


def _keys_param(param: Param, given: Any) -> Any:
    """R10.10: a list of ranks, cards or colours, each once."""
    from referee.engine.cardkeys import parse_key
    keys = [parse_key(k) if isinstance(k, str) else None
            for k in (given if isinstance(given, list) else [None])]
    return _BAD if not keys or None in keys else tuple(dict.fromkeys(keys))


def _rank_param(param: Param, given: Any) -> Any:
    """A rank but the Joker."""
    return given.upper() if isinstance(given, str) and given.upper() in RANK_VALUE else _BAD


def _ranks_param(param: Param, given: Any) -> Any:
    """R10.22: a list of ranks but the Joker, each once (``[]``: none)."""
    if not isinstance(given, list):
        return _BAD
    ranks = [_rank_param(param, r) for r in given]
    return _BAD if _BAD in ranks else tuple(dict.fromkeys(ranks))


_NO_FIELDS: Callable[[Param], dict] = lambda param: {}

_PARAM_CHECKS: dict[str, tuple[Callable[[Param, Any], Any], str, Callable[[Param], dict]]] = {
    "int": (_int_param, "int_range", lambda param: dict(zip(("low", "high"), param.detail))),
    "bool": (lambda param, given: given if isinstance(given, bool) else _BAD, "bool", _NO_FIELDS),
    "enum": (lambda param, given: given if isinstance(given, str) and given in param.detail
             else _BAD, "choices", lambda param: {"choices": param.detail}),
    "value": (_value_param, "value", _NO_FIELDS),
    "keys": (_keys_param, "keys", _NO_FIELDS),
    "rank": (_rank_param, "rank", _NO_FIELDS),
    "ranks": (_ranks_param, "rank_list", _NO_FIELDS),
}
"""Each parameter kind: its check (the value kept, or ``_BAD``), the allowed text's
kind and the fields that text takes."""


def _example(decl: EffectKind, write: Write) -> str:
    sample = {"n": 1, "value": 5, "rank": "Q"}.get(decl.value.name, 1)
    return write({decl.name: sample})


def _close(word: str, names) -> str:
    import difflib

    close = difflib.get_close_matches(str(word).lower(), list(names), n=1, cutoff=0.6)
    return close[0] if close else ""


# -- on its rank (R9.6) and combinations (R9.13) -------------------------------

def check_rank(rank: str, effects: tuple[Effect, ...]) -> str | None:
    """The message key of the refusal of ``effects`` on ``rank``, or None: the
    Joker has no suit, so ``again`` with ``follow = "same_suit"`` cannot stand on
    it (R9.6, refused when the file is read)."""
    if rank == JOKER and any(e.kind == "again" and e.follow == "same_suit" for e in effects):
        return "rules.err.joker_follow"
    return None


def check_combination(effects: tuple[Effect, ...], free: bool) -> str | None:
    """The message key of the R9.13 refusal of a rank's list of ``effects``
    (``free``: turn order is free, R8.4), or None when the list may be played.

    Refused: two effects that each decide who plays next in contradiction
    (``again`` with a ``skip`` or with a pending draw; a passed-on ``skip``
    with a pending draw or another skip), two pending draws, two ``again``,
    two named suits, two ``next_*`` limits or one beside a named suit, and
    in free order a passed-on skip (nobody's turn to pass it to).  A stacked
    wait (``stack = true``, R10.21) stands alone as a passed-on skip does, and
    is never passed on too."""
    kinds = [e.kind for e in effects]
    skips = [e for e in effects if e.kind == "skip"]
    if any(e.pass_on and e.stack for e in skips):
        return "rules.err.combo.stack_pass_on"
    stacked = any(e.stack for e in skips)
    passed_on = stacked or any(e.pass_on for e in skips)
    problem = _refused_together(kinds, sum(e.pending_draw for e in effects), passed_on)
    if problem is None and "demand" in kinds:
        return _demand_problem(kinds, free)
    if problem == "rules.err.combo.pass_on" and stacked:
        return "rules.err.combo.stack"
    if problem is None and free and passed_on:
        return "rules.err.combo.stack_free" if stacked else "rules.err.combo.pass_on_free"
    return problem


def _demand_problem(kinds: list[str], free: bool) -> str | None:
    """R10.22: a demand stands beside no named suit and no other demand (the word after
    the card is one or the other), and needs seated turns (R8.4)."""
    if "name_suit" in kinds or kinds.count("demand") > 1:
        return "rules.err.combo.demand"
    return "rules.err.combo.demand_free" if free else None


def _refused_together(kinds: list[str], pending: int, passed_on: bool) -> str | None:
    """R9.13 whatever the turn order: the message key of the first refusal of a list
    of effects of ``kinds`` with ``pending`` draw penalties (``passed_on``: a skip
    among them is passed on), or None."""
    skips = kinds.count("skip")
    limits = sum(k.startswith("next_") for k in kinds)
    if pending > 1:
        return "rules.err.combo.two_penalties"
    if "again" in kinds and (skips or pending):
        return "rules.err.combo.again_turn"
    if kinds.count("again") > 1 or kinds.count("name_suit") > 1:
        return "rules.err.combo.twice"
    if passed_on and (pending or skips > 1):
        return "rules.err.combo.pass_on"
    if limits > 1 or (limits and "name_suit" in kinds):
        return "rules.err.combo.limit"
    return None


# -- today's keys, expanded (R9.1) ---------------------------------------------

def old_key_effects(rules) -> dict[str, tuple[Effect, ...]]:
    """The effects every rank has under the R8 keys alone (``rules`` a HouseRules):
    the rule book's R5 cards (``keys.RANK_MEANINGS``), with ``king``, ``four``,
    ``five``, ``jack_wild``, ``jack_on_jack`` and ``joker_penalty`` as set.  Ranks
    without an effect are left out."""
    out = {}
    for meaning in RANK_MEANINGS:
        form = meaning.forms.get(getattr(rules, meaning.switch) if meaning.switch else None)
        if form:
            tuned = {param: getattr(rules, key) if values is None else values[getattr(rules, key)]
                     for key, param, values in meaning.tuned}
            out[meaning.rank] = tuple(Effect(kind, **params, **tuned) for kind, params in form)
    return out


def classic_rule(rank: str, effects: tuple[Effect, ...]) -> str | None:
    """The rule-book rule (R5.1-R5.10) a rank keeping that meaning cites, or None.

    The rank keeps its meaning when ``effects`` are one of its forms in
    ``keys.RANK_MEANINGS``, the parameters today's keys tune (a Joker's draw, a
    Jack's ``wild`` and ``on_same_rank``) at any value: a Two drawing 2, a Joker
    drawing any number, a Seven playing again, an Eight skipping one, a Jack
    naming a suit (wild or not), an Ace reversing (again with two players), a
    King as ``king`` allows, a Four skipping two, a Five making the others draw one.
    """
    meaning = RANK_MEANING.get(rank)
    if meaning is None or not effects:
        return None
    free = [param for _key, param, _values in meaning.tuned]
    for form in meaning.forms.values():
        if len(form) == len(effects) and all(
                e.kind == kind and e == Effect(kind, **params, **{p: getattr(e, p) for p in free})
                for e, (kind, params) in zip(effects, form)):
            return meaning.rule
    return None
