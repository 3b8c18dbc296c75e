"""House rules: one frozen ``HouseRules`` value per rule set (RULES.md R8).

Every key of the R8 table is declared once, as a ``Key`` in ``HOUSE_KEYS``;
the top-level keys and the tables (``points``, ``series``) are the fields of
``HouseRules``.  Presets live as TOML files in ``house_rules/`` (shipped inside
the package as ``referee.house_rules``, read by ``referee.series.presets``); a
family's own file may ``extends = "PRESET"`` and override keys.  Loading validates everything before a series starts.

Public API:

- ``Key``, ``HOUSE_KEYS``, ``KEY_BY_NAME``: each house-rule key declared once
  (type, range, default, rule id, rule-book text); everything below reads them.
- ``HouseRules`` (frozen): ``deck_count``, ``action_ranks``, ``to_table``,
  ``flat_items``, ``differences``, ``with_series``; ``KEYS`` (its fields but
  ``name``), ``KEY_RULE``.
- ``PRESETS``, ``ALIASES``, ``PRESET_RULE``, ``resolve_preset(name)``,
  ``extends_allowed()`` (what ``extends`` may name, told).
- ``Source``, ``parse_toml(text, src)``, ``resolve_table(own, src, ident, read)``,
  ``build_rules(table, src, read)``, ``finish_rules``: a table read, merged onto
  what it ``extends`` (a chain of ``MAX_EXTENDS`` files at most, followed in a
  loop) and checked; the ``Merged`` table knows the file and line of each value,
  so every error names where the value at fault is written.  The engine reads no
  file: ``read`` (the application's, ``referee.series.presets``, which also has
  ``load_rules``, ``preset_text`` and ``rules_from_table``) gives the table an
  ``extends`` names.
- ``check_table_fits(rules, players, merged=None)``: 2-8 players, deal + starter
  fit the deck.
- ``check_saved(table, key, kind, ...)``: a value read back from a save file,
  checked as a house-rule value is (the same sentences); ``REQUIRED``.
- ``key_lines(text)``, ``line_of(lines, path)``: the line of each key path of a
  TOML text (house-rule files and save files alike).
- ``RulesError(ValueError)`` with ``told``, ``problem``, ``file``, ``line``, ``key``,
  ``allowed``: data (``told.Told``), said by whoever catches it in its reader's
  language (``referee.messages.say``, ``rules.*`` keys); the engine makes no text.
"""

from __future__ import annotations

import re
import tomllib
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping

from referee.engine.cards import ALL_RANKS as ACTION_RANKS, JOKER, deck_size
from referee.engine.told import OneOf, Told
from referee.engine.values import Value, set_field

if TYPE_CHECKING:  # types only: the engine reads no file; effects are imported when used
    from pathlib import Path                       # (``score`` and ``standings`` start-up)
    from referee.engine.effects import Effect

#: The rank each of today's keys speaks of: a file setting both is refused (R9.1).
OLD_KEY_RANK: Mapping[str, str] = MappingProxyType({
    "king": "K", "four": "4", "five": "5", "jack_wild": "J", "jack_on_jack": "J",
    "joker_penalty": JOKER})

class Key(Value):
    """One house-rule key (RULES.md R8), declared once: everything the program knows of it.

    Fields:
        name: the key as a file writes it (``"stacking"``; a rank in ``[points]``,
            ``"limit"`` in ``[series]``).
        section: the table it is written in (``"points"``, ``"series"``), or None
            for a top-level key.
        kind: its type, as validation checks it: ``"int"``, ``"bool"``, ``"enum"``,
            ``"decks"`` (``"auto"``, or 1 to ``MAX_DECKS``), ``"effects"`` (a rank's entry of
            ``[actions]``, ``effects.parse_effects``), ``"ranks"`` (a list of ranks),
            ``"groups"`` (a list of lists of ranks), ``"blocked"`` (``"actions"`` or
            a list of ranks).
        detail: the allowed values: ``(low, high or None)`` for ``"int"``, the
            choices for ``"enum"``, None otherwise.
        default: its standard value (R8.1); None in the tables that today's keys
            fill when the file leaves them out (``[actions]``, ``[stacking]``,
            ``[finish]``, ``[start]``: ``SPARSE``).
        rule: the rule id it changes (``why``, ``rules``, ``rules --diff``).
        marks: the rule ids whose text in the rule book depends on it and carries
            its mark when it differs from standard (default: ``rule`` alone).
        by_value: ``((value, rule id), ...)`` for a key whose rule depends on its
            value (``series.mode``), else ``()``.
        text: the message key (prefix) of its rule-book text, ``rules.book.text.RULE``
            unless given; variants add ``.VALUE`` (``rules.book.text.R5.8.draw_one``).

    Immutable and hashable (a ``Value``).  ``shown`` is the dotted name that
    errors, the rule book's marks and ``rules --diff`` print (``"series.limit"``).
    """

    __slots__ = ("name", "section", "kind", "detail", "default", "rule", "marks",
                 "by_value", "text")
    __match_args__ = __slots__

    def __init__(self, name: str, kind: str, detail: Any, default: Any, rule: str, *,
                 section: str | None = None, marks: tuple[str, ...] | None = None,
                 by_value: tuple[tuple[Any, str], ...] = (), text: str | None = None) -> None:
        set_field(self, "name", name)
        set_field(self, "section", section)
        set_field(self, "kind", kind)
        set_field(self, "detail", detail)
        set_field(self, "default", default)
        set_field(self, "rule", rule)
        set_field(self, "marks", (rule,) if marks is None else marks)
        set_field(self, "by_value", by_value)
        set_field(self, "text", "rules.book.text." + rule if text is None else text)

    @property
    def shown(self) -> str:
        """The dotted name: ``"stacking"``, ``"points.K"``, ``"series.limit"``."""
        return self.name if self.section is None else f"{self.section}.{self.name}"

    @property
    def path(self) -> tuple[str, ...]:
        """Where the key stands in a file: ``("stacking",)``, ``("series", "limit")``."""
        return (self.name,) if self.section is None else (self.section, self.name)

    def rule_for(self, value: Any = None) -> str:
        """The rule id the key changes when set to ``value`` (``rule`` unless ``by_value`` says)."""
        for choice, rule in self.by_value:
            if choice == value:
                return rule
        return self.rule


# The standard points of each rank (R7.1), declared below as the keys of [points].
_STANDARD_POINTS = {"A": 15, "K": 10, "Q": 10, "J": 10, "Joker": 20,
                    **{str(n): n for n in range(2, 11)}}
#: Ranks that ``[points]`` may hold (R7.1), in display order.
POINT_RANKS: tuple[str, ...] = tuple(_STANDARD_POINTS)
#: The modes of ``series.mode`` (R7.4-R7.6).
SERIES_MODES: tuple[str, ...] = ("elimination", "hands", "casual")
#: Decks shuffled together at most (R1.3, ``decks``).
MAX_DECKS = 3
#: Range of ``deal_size`` (R2.2): any whole number from 1; whether the deck(s) hold the
#: deal and the starter is checked per table (``check_table_fits``).
DEAL_SIZE_RANGE = (1, None)

#: Every house-rule key of RULES.md R8, in R8 order: the one place a key is declared.
#: ``HouseRules``' fields and defaults, validation, ``KEY_RULE``, the rule book's
#: marks and ``rules --diff`` all read it.
HOUSE_KEYS: tuple[Key, ...] = (
    Key("deal_size", "int", DEAL_SIZE_RANGE, 7, "R2.2"),
    Key("jokers_per_deck", "int", (0, 4), 2, "R1.3", marks=("R1.3", "R1.4", "R3.2", "R5.6")),
    Key("decks", "decks", None, "auto", "R1.3"),
    Key("joker_penalty", "int", (0, None), 5, "R5.6"),
    Key("joker_stack", "enum", ("add", "double"), "add", "R5.6", marks=("R5.6", "R5.7")),
    Key("stacking", "enum", ("same", "cumulative", "none"), "same", "R5.7",
        marks=("R5.1", "R5.7")),
    Key("last_card_penalty", "int", (0, None), 2, "R4.3"),
    Key("false_call_penalty", "int", (0, None), 0, "R4.4"),
    Key("illegal_play_penalty", "int", (0, None), 0, "R3.8"),
    Key("finish_on_action", "bool", None, False, "R6.2"),
    Key("jack_wild", "bool", None, False, "R5.4", marks=("R3.1", "R5.4")),
    Key("jack_on_jack", "bool", None, True, "R3.3"),
    Key("penalty_ends_turn", "bool", None, True, "R5.7", marks=("R5.1", "R5.7")),
    Key("draw_then_play", "bool", None, True, "R3.4"),
    Key("start_card", "enum", ("no_effect", "applies"), "no_effect", "R2.4"),
    # 0: the ``d`` draws nothing (R6.2); it is ``[finish] draw``, checked as that key (R9.15)
    Key("finish_on_action_draw", "int", (0, 10), 1, "R6.2"),
    Key("king", "enum", ("none", "draw_one", "reverse_skip"), "none", "R5.8"),
    Key("four", "enum", ("none", "skip_two"), "none", "R5.9"),
    Key("five", "enum", ("none", "all_draw_one"), "none", "R5.10"),
    Key("multi_play", "enum", ("none", "same_rank"), "none", "R3.10"),
    Key("turn_order", "enum", ("seated", "free"), "seated", "R8.4",
        marks=("R3.7", "R5.2", "R5.3", "R8.4")),
    Key("hand_end", "enum", ("first_out", "last_holder"), "first_out", "R6.3",
        marks=("R6.1", "R6.3", "R7.1")),
    *(Key(rank, "int", (0, None), points, "R7.1", section="points")
      for rank, points in _STANDARD_POINTS.items()),
    Key("mode", "enum", SERIES_MODES, "elimination", "R7.4", section="series", marks=(),
        by_value=(("elimination", "R7.4"), ("hands", "R7.5"), ("casual", "R7.6"))),
    Key("limit", "int", (1, None), 100, "R7.4", section="series"),
    Key("hands", "int", (0, None), 0, "R7.5", section="series"),
    # R9: what each rank does; left out, a rank does what today's keys say (R9.1).
    *(Key(rank, "effects", None, None, "R9.1", section="actions") for rank in ACTION_RANKS),
    Key("groups", "groups", None, None, "R9.14", section="stacking", marks=("R5.7", "R9.14")),
    Key("double", "ranks", None, None, "R9.14", section="stacking", marks=("R5.6", "R9.14")),
    Key("blocked", "blocked", None, None, "R9.15", section="finish", marks=("R6.2", "R9.15")),
    Key("mode", "enum", ("refuse", "draw_after", "allowed"), None, "R9.15", section="finish",
        marks=("R6.2", "R9.15")),
    Key("draw", "int", (0, 10), None, "R9.15", section="finish", marks=("R6.2", "R9.15")),
    Key("mode", "enum", ("no_effect", "applies", "redraw"), None, "R9.16", section="start",
        marks=("R2.4", "R9.16")),
    Key("ranks", "ranks", None, None, "R9.16", section="start", marks=("R2.4", "R9.16")),
)

#: Keys of earlier versions a file may still write, each expanding into a declared
#: key (R8): ``name -> (Key, the declared key's name, {value: its value})``.  A file
#: that sets both is refused (``_expand_old_keys``).  ``jokers = true`` is
#: ``jokers_per_deck = 2``, ``false`` is 0 (R1.3).
OLD_KEYS: Mapping[str, tuple[Key, str, Mapping[Any, Any]]] = MappingProxyType({
    "jokers": (Key("jokers", "bool", None, True, "R1.3"), "jokers_per_deck",
               MappingProxyType({True: 2, False: 0})),
})

#: Each declared key by its dotted name (``Key.shown``).
KEY_BY_NAME: Mapping[str, Key] = MappingProxyType({key.shown: key for key in HOUSE_KEYS})

_TOP: Mapping[str, Key] = MappingProxyType({k.name: k for k in HOUSE_KEYS if k.section is None})
_SECTIONS: Mapping[str, Mapping[str, Key]] = MappingProxyType({
    section: MappingProxyType({k.name: k for k in HOUSE_KEYS if k.section == section})
    for section in dict.fromkeys(k.section for k in HOUSE_KEYS if k.section is not None)})
_TABLES = tuple(_SECTIONS)

#: The tables whose keys are all left out by default: what a file leaves out
#: there, today's keys decide (R9.1).  ``stacking`` is also a top-level key: the
#: value is either ``stacking = "same"`` or a ``[stacking]`` table.
SPARSE: frozenset[str] = frozenset(
    section for section, keys in _SECTIONS.items()
    if all(key.default is None for key in keys.values()))

#: Keys of ``[series]`` (R7.4-R7.6).
SERIES_KEYS: tuple[str, ...] = tuple(_SECTIONS["series"])

_EMPTY: Mapping[str, Any] = MappingProxyType({})
_DEFAULT_TABLES: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    section: _EMPTY if section in SPARSE else
    MappingProxyType({name: key.default for name, key in keys.items()})
    for section, keys in _SECTIONS.items()})
DEFAULT_POINTS: Mapping[str, int] = _DEFAULT_TABLES["points"]
DEFAULT_SERIES: Mapping[str, Any] = _DEFAULT_TABLES["series"]

_FIELDS: Mapping[str, Any] = MappingProxyType({
    "name": "standard",
    **{key.name: key.default for key in HOUSE_KEYS if key.section is None},
    **{section: table for section, table in _DEFAULT_TABLES.items() if section not in _TOP}})
"""Every field of HouseRules in R8 order with its standard value (``name`` first):
the top-level keys of ``HOUSE_KEYS``, then its tables (``stacking`` is the top-level
key, whose value may be the ``[stacking]`` table)."""


class HouseRules(Value):
    """The rule set in force (RULES.md R8), resolved: no ``extends`` left.

    Field names are the R8 keys (``HOUSE_KEYS`` declares each with its type,
    range and default; the tables are mappings), standard values by default
    (``HouseRules(stacking="none")``; keywords only, a TypeError for an unknown
    one).  ``points`` maps canonical ranks to points (R7.1); ``series`` holds
    ``mode`` ("elimination" | "hands" | "casual"), ``limit`` (points, R7.4) and
    ``hands`` (count, R7.5).  ``actions`` maps a rank to its effects (a tuple of
    ``effects.Effect``, empty for ``"none"``: R9.1) where the file set it;
    ``finish`` (R9.15) and ``start`` (R9.16) hold what the file set; ``stacking``
    is today's word or the ``[stacking]`` table (R9.14).  What a table leaves
    out, today's keys decide: ask ``effects()``, ``stack_groups()``,
    ``finish_mode()``, ``start_mode()`` ... rather than the fields.  ``name``
    is the preset or file the set came from, for display only.  Immutable (a ``Value``): ``replace(**changes)`` gives a
    changed copy.  Equal when every field is.
    """

    # ``compiled``: the rule set's compiled tables, made once when first asked for
    # (``referee.engine.compiled.tables_for``); not a field, so equality, the hash
    # and pickling ignore it.
    __slots__ = tuple(_FIELDS) + ("compiled",)
    __match_args__ = tuple(_FIELDS)

    def __init__(self, **values: Any) -> None:
        for old, (_key, into, expand) in OLD_KEYS.items():  # ``jokers=False``: 0 per deck
            if old in values:
                values[into] = expand[values.pop(old)]
        unknown = values.keys() - _FIELDS.keys()
        if unknown:
            raise TypeError(f"HouseRules has no field {sorted(unknown)[0]!r}")
        for key, default in _FIELDS.items():
            set_field(self, key, values.get(key, default))
        set_field(self, "compiled", None)

    def replace(self, **changes: Any) -> "HouseRules":
        """A copy with ``changes`` (field -> value, or an old key such as ``jokers``);
        TypeError for an unknown field.  Values are not checked: ``load_rules`` and
        ``rules_from_table`` check them."""
        fields = dict(zip(_FIELDS, self._fields()))
        for old, (_key, into, _expand) in OLD_KEYS.items():
            if old in changes:
                fields.pop(into)
        return HouseRules(**{**fields, **changes})

    def __hash__(self) -> int:  # the tables are read-only mappings
        return hash(tuple(tuple(sorted(v.items())) if isinstance(v, Mapping) else v
                          for v in self._fields()))

    def __reduce__(self) -> tuple:  # keywords only; the mappings as plain dicts
        fields = {k: dict(v) if isinstance(v, Mapping) else v
                  for k, v in zip(_FIELDS, self._fields())}
        return (_rules_from_fields, (fields,))

    # -- derived facts the engine asks for -------------------------------
    def deck_count(self, players: int) -> int:
        """Decks in play for ``players`` players in the hand (R1.3, ``decks``)."""
        if self.decks == "auto":
            return 2 if players >= 6 else 1
        return int(self.decks)

    @property
    def jokers(self) -> bool:
        """True when the deck holds Jokers (R1.3: ``jokers_per_deck`` above 0)."""
        return self.jokers_per_deck > 0

    @property
    def last_holder(self) -> bool:
        """True under ``hand_end = "last_holder"``: the hand goes on until one player
        holds cards (R6.3)."""
        return self.hand_end == "last_holder"

    @property
    def free_order(self) -> bool:
        """True under ``turn_order = "free"`` (snel pesten, R8.4)."""
        return self.turn_order == "free"

    def effects(self) -> dict[str, tuple[Effect, ...]]:
        """What each rank does when played (R9.1): ``[actions]`` where the file set the
        rank, else what today's keys say (``effects.old_key_effects``); ranks
        without an effect are left out.  A dict of rank -> effects in order."""
        from referee.engine.effects import old_key_effects
        table = old_key_effects(self)
        for rank, effects in self.actions.items():
            if effects:
                table[rank] = effects
            else:
                table.pop(rank, None)
        return table

    def action_ranks(self) -> frozenset[str]:
        """Ranks with an effect under this set (R8, R9.1: standard 2 7 8 J A Joker).

        In free turn order an effect on whose turn it is (``again``, ``skip``)
        does nothing, so a rank with only those is no action card there (R8.4).
        """
        free = self.free_order
        return frozenset(rank for rank, effects in self.effects().items()
                         if not free or any(not e.turn_effect for e in effects))

    def penalty_ranks(self) -> frozenset[str]:
        """Ranks whose card makes a draw penalty for the next player (R5.7, R9.3)."""
        return frozenset(rank for rank, effects in self.effects().items()
                         if any(e.pending_draw for e in effects))

    def stack_groups(self) -> tuple[frozenset[str], ...]:
        """The groups of penalty ranks that stack on each other (R5.7, R9.14).

        ``[stacking] groups`` when given; else ``stacking = "same"``: each penalty
        rank on its own rank, ``"cumulative"``: all of them together, ``"none"``: none.
        """
        table = self.stacking if isinstance(self.stacking, Mapping) else _EMPTY
        if "groups" in table:
            return tuple(frozenset(group) for group in table["groups"])
        mode = self.stacking if isinstance(self.stacking, str) else "same"
        ranks = sorted(self.penalty_ranks(), key=ACTION_RANKS.index)
        if mode == "none" or not ranks:
            return ()
        if mode == "cumulative":
            return (frozenset(ranks),)
        return tuple(frozenset((rank,)) for rank in ranks)

    def double_ranks(self) -> frozenset[str]:
        """Ranks whose card on a penalty made by its own rank doubles it (R5.6, R9.14):
        ``[stacking] double``, else the Joker under ``joker_stack = "double"``."""
        table = self.stacking if isinstance(self.stacking, Mapping) else _EMPTY
        if "double" in table:
            return frozenset(table["double"])
        return frozenset((JOKER,)) if self.joker_stack == "double" else frozenset()

    def finish_mode(self) -> str:
        """Going out on a blocked rank (R6.2, R9.15): ``"refuse"``, ``"draw_after"`` or
        ``"allowed"`` (``[finish] mode``, else ``finish_on_action``)."""
        return self.finish.get("mode") or ("allowed" if self.finish_on_action else "refuse")

    def finish_draw(self) -> int:
        """Cards drawn after a refused or a ``draw_after`` finish (R6.2, R9.15)."""
        draw = self.finish.get("draw")
        return self.finish_on_action_draw if draw is None else draw

    def finish_blocked(self) -> frozenset[str]:
        """The ranks one may not simply go out on (R6.2, R9.15): ``[finish] blocked``,
        else every action card (``"actions"``)."""
        blocked = self.finish.get("blocked", "actions")
        return self.action_ranks() if blocked == "actions" else frozenset(blocked)

    def start_mode(self) -> str:
        """An action starter (R2.4, R9.16): ``"no_effect"``, ``"applies"`` or ``"redraw"``."""
        return self.start.get("mode") or self.start_card

    def start_ranks(self) -> frozenset[str]:
        """The ranks whose starter counts under ``start_mode`` (R2.4, R9.16):
        ``[start] ranks``; else, under ``start_card = "applies"``, a Two, a Joker,
        an Eight and an Ace (as today); else every action card."""
        ranks = self.start.get("ranks")
        if ranks is not None:
            return frozenset(ranks) & self.action_ranks()
        if self.start_card == "applies" and "mode" not in self.start:
            return frozenset(("2", JOKER, "8", "A")) & self.action_ranks()
        return self.action_ranks()

    def to_table(self) -> dict[str, Any]:
        """Every key as a plain dict, ready for a TOML file (no ``name``); the tables
        today's keys fill hold only what was set."""
        out: dict[str, Any] = {}
        for key in KEYS:
            value = getattr(self, key)
            if any(old == key and isinstance(table := getattr(self, section), Mapping)
                   and sub in table for old, (section, sub) in _OVERLAPS):
                continue  # (the table decides it: the key would only contradict it, R9.1)
            if key == "actions":
                out[key] = {rank: _plain(_file_effects(effects)) for rank, effects in value.items()}
            elif isinstance(value, Mapping):
                out[key] = {k: _plain(v) for k, v in value.items()}
            else:
                out[key] = value
        return out

    def flat_items(self) -> list[tuple[str, Any]]:
        """Every key and value in R8 order, tables flattened: ``("points.A", 15)``, ``("series.mode", ...)``.

        One item per declared key (``HOUSE_KEYS``, their order): ranks follow
        ``POINT_RANKS``; series keys are ``mode``, ``limit``, ``hands``; the tables
        today's keys fill give only what was set (``("actions.K", "again")``).
        """
        out: list[tuple[str, Any]] = []
        for key in HOUSE_KEYS:
            if key.section is None:
                value = getattr(self, key.name)
                if not isinstance(value, Mapping):  # (``stacking`` as a table: its keys)
                    out.append((key.name, value))
                continue
            table = getattr(self, key.section)
            if isinstance(table, Mapping) and key.name in table:
                value = table[key.name]
                if key.section == "actions":
                    value = _file_effects(value)
                out.append((key.shown, _plain(value)))
        return out

    def differences(self, other: "HouseRules") -> list[tuple[str, Any, Any]]:
        """The keys where ``other`` differs: ``[(key, self_value, other_value)]`` in R8 order.

        Keys inside tables are dotted (``"points.K"``, ``"series.limit"``,
        ``"actions.K"``).  ``name`` is not compared.
        """
        theirs = dict(other.flat_items())
        mine = dict(self.flat_items())
        keys = list(mine) + [k for k in theirs if k not in mine]
        return [(key, mine.get(key), theirs.get(key)) for key in keys
                if theirs.get(key) != mine.get(key)
                or type(theirs.get(key)) is not type(mine.get(key))]

    def with_series(self, mode: str | None = None, limit: int | None = None,
                    hands: int | None = None) -> "HouseRules":
        """A copy with ``[series]`` values replaced (options given to ``pesten-ref new`` win, R8).

        ``None`` keeps the value in force.  Validated like a file (R7.4-R7.6):
        raises RulesError with ``key`` ``"series.mode"``, ``"series.limit"`` or
        ``"series.hands"`` (e.g. ``mode = "hands"`` without ``hands`` >= 1).
        """
        given = {k: v for k, v in (("mode", mode), ("limit", limit), ("hands", hands)) if v is not None}
        src = Source(file=None, name=self.name, where_key="rules.where.options")
        checked = _check_subtable("series", given, src)
        merged = {key: dict(v) if isinstance(v, Mapping) else v
                  for key, v in zip(_FIELDS, self._fields()) if key != "name"}
        merged["series"] = {**merged["series"], **checked}
        return finish_rules(merged, src, self.name)


KEYS = tuple(key for key in _FIELDS if key != "name")


def _rules_from_fields(fields: dict[str, Any]) -> HouseRules:
    """Unpickling a HouseRules: its tables read-only again."""
    return HouseRules(**{k: MappingProxyType(v) if isinstance(v, dict) else v
                         for k, v in fields.items()})


def _file_effects(effects: tuple) -> Any:
    """A rank's effects as ``[actions]`` writes them (``"none"`` for none, R9.1)."""
    if not effects:
        return "none"
    from referee.engine.effects import effect_table  # (only for a table that sets a rank)
    return effect_table(effects)


def _plain(value: Any) -> Any:
    """A checked value as a file writes it: tuples as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value



# ---------------------------------------------------------------------------
# Presets, loading and validation (R8)
# ---------------------------------------------------------------------------

#: The rule id each house-rule key changes (``rulebook.rule_for_key``, ``why``), by
#: dotted name; ``series.mode`` gives R7.4 here (its rule by value: ``Key.rule_for``).
KEY_RULE: Mapping[str, str] = MappingProxyType({key.shown: key.rule for key in HOUSE_KEYS})

#: The preset names, in the order of RULES.md R8.1-R8.6.
PRESETS: tuple[str, ...] = ("standard", "family", "hard", "fast", "cumulative", "tournament")

#: The R8 id of each preset.
PRESET_RULE: Mapping[str, str] = MappingProxyType({
    "standard": "R8.1", "family": "R8.2", "hard": "R8.3",
    "fast": "R8.4", "cumulative": "R8.5", "tournament": "R8.6",
})

#: Other names for presets (lower case; spaces and underscores count as ``-``).
ALIASES: Mapping[str, str] = MappingProxyType({
    "gezinspesten": "family",
    "hard-pesten": "hard",
    "hardpesten": "hard",
    "snel": "fast",
    "snel-pesten": "fast",
    "toernooi": "tournament",
    "cumulatief": "cumulative",
})

#: Players at one table (R1.1).
MIN_PLAYERS, MAX_PLAYERS = 2, 8
EXTENDS = "extends"
#: House-rule files one rule set may be built of through ``extends``, the first file
#: read included and the presets they end on left out (R8): a longer chain is
#: refused with a sentence.
MAX_EXTENDS = 10



class RulesError(ValueError):
    """A house-rule set that cannot be used (RULES.md R8), as a ValueError.

    It carries data, not text: ``messages.say(error.told)`` is a one- or
    two-sentence message for the players, in the language of the place that says
    it, that names where (``file`` and ``line``), what (``key``) and what is allowed.

    Attributes:
        told: the whole message (``Told("rules.error", where=..., problem=...)``).
        file: path of the house-rule file (as text), a preset name, the rule
            set's name (``check_table_fits``), or None (a table from a save
            file, series options).
        line: 1-based line in that file, or None when unknown.
        key: the key at fault (``"stacking"``, ``"points.K"``,
            ``"series.limit"``, ``"extends"``, ``"decks"``, ``"players"``), or None.
        allowed: the allowed values, to be said (a ``Told``, a ``OneOf`` or
            plain text such as a list of keys), or None.
        problem: what is wrong, without where (the message is "where: problem"),
            for a caller that says where itself (a save file's line): a ``Told``.
    """

    def __init__(self, told: Told, *, file: str | None = None, line: int | None = None,
                 key: str | None = None, allowed: Told | OneOf | str | None = None,
                 problem: Told | None = None) -> None:
        super().__init__(told)
        self.told = told
        self.problem = told if problem is None else problem
        self.file = file
        self.line = line
        self.key = key
        self.allowed = allowed


def resolve_preset(name: str) -> str | None:
    """A preset name or alias (any case, ``hard pesten`` = ``hard-pesten``) -> preset name, else None."""
    norm = re.sub(r"[\s_]+", "-", str(name).strip().lower())
    if norm in PRESETS:
        return norm
    return ALIASES.get(norm)


def toml_value(value: Any) -> str:
    """A scalar as TOML writes it: ``true``, ``5``, ``"same"`` (for messages and the rule
    book); ``-`` for None (a key of ``[actions]``, ``[finish]`` ... left out: R9.1)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)


# -- where a table came from --------------------------------------------------

# Patterns are compiled on first use (``re`` caches them), keeping imports fast.
_BARE_OR_QUOTED = r'(?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_\-]+)'
_KEY_LINE = rf"^\s*({_BARE_OR_QUOTED}(?:\s*\.\s*{_BARE_OR_QUOTED})*)\s*="
_HEADER_LINE = rf"^\s*\[\[?\s*({_BARE_OR_QUOTED}(?:\s*\.\s*{_BARE_OR_QUOTED})*)\s*\]\]?"


def _key_path(text: str) -> tuple[str, ...]:
    return tuple(_key_part(p) for p in re.findall(_BARE_OR_QUOTED, text))


def _key_part(part: str) -> str:
    """One key of a dotted key as TOML reads it: quotes taken off, the escapes of a
    basic string (``"dea\\u006c_size"``) read."""
    if part[:1] == '"' and "\\" in part:
        try:
            return tomllib.loads("k = " + part)["k"]
        except tomllib.TOMLDecodeError:
            pass
    return part.strip("\"'") if part[:1] in "\"'" else part


_STRINGS = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''


def _depth(text: str) -> int:
    """How many more ``[`` than ``]`` a line's value holds (strings and a comment left out)."""
    bare = re.sub(_STRINGS, "", text).split("#", 1)[0]
    return bare.count("[") - bare.count("]")


def key_lines(text: str) -> tuple[dict[tuple[str | int, ...], int], int | None]:
    """Map each key path of a TOML text to the line (from 1) it is first set on.

    Paths are tuples of keys and item numbers (from 1, as people count):
    ``("rules", "stacking")`` for ``stacking`` below ``[rules]``,
    ``("points", "K")``, ``("records", 2)`` for the second line of a
    ``records = [ ... ]`` written one item a line (its inline table's keys are
    on that line too), ``("corrections", 2, "old")`` for ``[corrections.old]``
    below the second ``[[corrections]]``.  Also returns the line of the first
    key path set twice (TOML refuses that), or None.  A plain scan of the
    lines as pesten-ref and people write them, good enough to point at a line
    (``line_of`` finds the nearest key path that is mapped).
    """
    lines: dict[tuple[str | int, ...], int] = {}
    duplicate: int | None = None
    section: tuple[str | int, ...] = ()
    arrays: dict[tuple[str | int, ...], int] = {}   # [[path]] -> items so far
    inside: tuple[tuple[str | int, ...], int, int] | None = None  # (path, items, depth)

    def placed(path: tuple[str, ...]) -> tuple[str | int, ...]:
        out: tuple[str | int, ...] = ()
        for part in path:
            out += (part,)
            if out in arrays:
                out += (arrays[out],)
        return out

    for number, line in enumerate(text.split("\n"), 1):  # (a line ends at a newline alone, as in TOML)
        stripped = line.strip()
        if inside is not None:   # the items of a list written over several lines
            path, items, depth = inside
            if depth == 1 and stripped and not stripped.startswith(("#", "]")):
                items += 1
                lines.setdefault(path + (items,), number)
            depth += _depth(line)
            inside = (path, items, depth) if depth > 0 else None
            continue
        header = re.match(_HEADER_LINE, line)
        if header:
            path = _key_path(header.group(1))
            section = placed(path[:-1]) + path[-1:]
            if stripped.startswith("[["):
                arrays[section] = arrays.get(section, 0) + 1
                lines.setdefault(section, number)
                section += (arrays[section],)
            elif section in lines and duplicate is None:
                duplicate = number
            lines.setdefault(section, number)
            continue
        key = re.match(_KEY_LINE, line)
        if key:
            path = section + _key_path(key.group(1))
            if path in lines and duplicate is None:
                duplicate = number
            lines.setdefault(path, number)
            depth = _depth(line[key.end():])
            if depth > 0:
                inside = (path, 0, depth)
    return lines, duplicate


def line_of(lines: Mapping[tuple[str | int, ...], int], path: tuple[str | int, ...]) -> int | None:
    """The line ``key_lines`` gives for ``path``, else for the nearest key path
    above it (the ``[rules]`` table of an unmapped ``rules.x``), else None."""
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None


class Source:
    """Where a table came from, to place errors: a file, a preset, a save table, options
    (``file``, ``preset``, ``name``, ``directory``: the folder a file's own ``extends``
    is relative to, None for the current directory; ``lines`` of each key)."""

    def __init__(self, *, file: str | None = None, preset: bool = False, text: str | None = None,
                 name: str = "custom", where_key: str | None = None, directory: Path | None = None) -> None:
        self.file = file
        self.preset = preset
        self.name = name
        self.where_key = where_key
        self.directory = directory
        self.lines, self.duplicate = key_lines(text) if text is not None else ({}, None)

    def line_of(self, *path: str) -> int | None:
        """The line ``path`` is written on; for a table only written through dotted
        keys (``e.x = 1``), the first of them; else the nearest path above it."""
        if path and path not in self.lines:
            below = [n for p, n in self.lines.items() if p[:len(path)] == path]
            if below:
                return min(below)
        return line_of(self.lines, path)

    def where(self, line: int | None) -> Told:
        """Where an error is, to be said (``rules.where.*``): the file and ``line``,
        a preset, a table or the options."""
        if self.where_key:
            return Told(self.where_key, name=self.name)
        if self.file is None:
            return Told("rules.where.table", name=self.name)
        kind = "rules.where.preset" if self.preset else "rules.where.file"
        if line is not None:
            return Told(kind + "_line", file=self.file, line=line)
        return Told(kind, file=self.file)

    def error(self, problem_key: str, *, key: str | None, allowed: Told | OneOf | str | None,
              line: int | None = None, **fields: Any) -> RulesError:
        """The RulesError of problem ``problem_key`` (``rules.err.*``, told with
        ``key``, ``allowed`` and ``fields``) at ``line`` of this source."""
        problem = Told(problem_key, key=key, allowed=allowed, **fields)
        told = Told("rules.error", where=self.where(line), problem=problem)
        return RulesError(told, file=self.file, line=line, key=key, allowed=allowed,
                          problem=problem)


# -- checking values ----------------------------------------------------------

def _join_or(items: list[Any]) -> Any:
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
        return Told("rules.allowed.choices", choices=_join_or([toml_value(c) for c in detail]))
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
    raise AssertionError(kind)


def _describe(value: Any) -> Told:
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


def _check_value(src: Source, shown_key: str, path: tuple[str, ...], value: Any,
                 kind: str, detail: Any) -> Any:
    """Return ``value`` when it fits ``kind``/``detail``; else raise RulesError."""
    # The allowed values and the line are worked out only for an error.
    def wrong_type() -> RulesError:
        return src.error("rules.err.type", key=shown_key, allowed=_allowed_text(kind, detail),
                         line=src.line_of(*path), got=_describe(value))

    def bad_value() -> RulesError:
        return src.error("rules.err.value", key=shown_key, allowed=_allowed_text(kind, detail),
                         line=src.line_of(*path), got=toml_value(value))

    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise wrong_type()
        low, high = detail
        if (low is not None and value < low) or (high is not None and value > high):
            raise bad_value()
    elif kind in ("enum", "text"):
        if not isinstance(value, str):
            raise wrong_type()
        if (value not in detail) if kind == "enum" else not value.strip():
            raise bad_value()
    elif kind == "decks":
        if isinstance(value, str):
            if value != "auto":
                raise bad_value()
        elif isinstance(value, bool) or not isinstance(value, int):
            raise wrong_type()
        elif not 1 <= value <= MAX_DECKS:
            raise bad_value()
    elif kind == "effects":
        return _check_effects(src, shown_key, path, value)
    elif kind in ("ranks", "groups", "blocked"):
        if kind == "blocked" and value == "actions":
            return value
        groups = value if kind == "groups" else [value]
        if not isinstance(value, list) or not all(
                isinstance(g, list) and all(isinstance(r, str) for r in g) for g in groups):
            raise wrong_type()
        bad = next((r for g in groups for r in g if _rank_name(r) is None), None)
        if bad is not None:
            raise src.error("rules.err.rank", key=shown_key, line=src.line_of(*path),
                            allowed=Told("rules.allowed.ranks"), got=toml_value(bad))
        checked = tuple(tuple(dict.fromkeys(_rank_name(r) for r in g)) for g in groups)
        return checked if kind == "groups" else checked[0]
    elif not isinstance(value, _TYPE_OF[kind]):   # "bool", "list", "table"
        raise wrong_type()
    return value


_TYPE_OF = {"bool": bool, "list": list, "table": Mapping}

_RANK_NAMES = {r.lower(): r for r in ACTION_RANKS}


def _rank_name(text: str) -> str | None:
    """A rank as ``[actions]`` and the rank lists write it (``"k"`` -> ``"K"``), or None."""
    return _RANK_NAMES.get(str(text).strip().lower())


_EFFECT_ALLOWED = {
    "effects": lambda f: Told("rules.allowed.effects", effects=", ".join(_effect_names())),
    "effect_value": lambda f: Told("rules.allowed.effect_value", example=f["example"]),
    "true": lambda f: "true",
    "params": lambda f: f["params"],
    "int_range": lambda f: Told("rules.allowed.int_range", low=f["low"], high=f["high"]),
    "bool": lambda f: Told("rules.allowed.bool"),
    "choices": lambda f: _join_or([toml_value(c) for c in f["choices"]]),
    "value": lambda f: Told("rules.allowed.effect_rank_value"),
    "rank": lambda f: Told("rules.allowed.effect_rank"),
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
                        allowed=_allowed_text("effects", None), got=_describe(value))
    from referee.engine.effects import parse_effects
    return parse_effects(dict(value) if isinstance(value, Mapping) else
                         [dict(v) if isinstance(v, Mapping) else v for v in value]
                         if isinstance(value, list) else value, fail)


def _check_key(src: Source, key: Key, value: Any) -> Any:
    """``value`` for the declared ``key`` when it fits the key's kind and range; else RulesError."""
    return _check_value(src, key.shown, key.path, value, key.kind, key.detail)


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
    return _check_value(src, shown, (shown,), table[key], kind, detail)


def _suggest(word: str, candidates: tuple[str, ...] | list[str]) -> Told:
    import difflib

    lowered = {c.lower(): c for c in candidates}
    match = lowered.get(word.lower())
    if match is None and word.lower() == "t" and "10" in candidates:
        match = "10"
    if match is None:
        close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
        if not close:
            close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
            close = [lowered[c] for c in close]
        match = close[0] if close else None
    return Told("rules.err.suggest", suggestion=match) if match else Told("rules.err.no_suggestion")


def extends_allowed() -> Told:
    """What ``extends`` may name, to be said: a preset (``PRESETS``) or a file."""
    return Told("rules.allowed.extends", presets=", ".join(PRESETS))


def _check_table(table: Mapping[str, Any], src: Source) -> dict[str, Any]:
    """Validate one file's (or one save table's) own keys; return them, tables as dicts.

    Checks names (with did-you-mean), types and values.  Combinations that
    depend on the merged result (``series.hands`` for ``mode = "hands"``) are
    checked by ``finish_rules``.
    """
    top_keys = KEYS + (EXTENDS,)
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key == EXTENDS:
            if not isinstance(value, str) or not value.strip():
                raise src.error("rules.err.extends_type", key=EXTENDS, line=src.line_of(EXTENDS),
                                allowed=extends_allowed(),
                                got=_describe(value))
            out[key] = value.strip()
        elif key in _TABLES and (key not in _TOP or isinstance(value, Mapping)):
            if not isinstance(value, Mapping):
                what = Told(_TABLE_WHAT.get(key, "rules.allowed.table_keys"),
                         keys=", ".join(_SECTIONS[key]))
                raise src.error("rules.err.type", key=key, line=src.line_of(key),
                                allowed=Told("rules.allowed.table", what=what), got=_describe(value))
            out[key] = _check_subtable(key, value, src)
        elif key in _TOP:
            out[key] = _check_key(src, _TOP[key], value)
        elif key in OLD_KEYS:
            out[key] = _check_key(src, OLD_KEYS[key][0], value)
        else:
            line = src.line_of(key)
            if isinstance(value, Mapping):
                # An unknown [section]: suggest among tables first.
                suggestion = _suggest(key, _TABLES)
                raise src.error("rules.err.unknown_section", key=key, line=line,
                                allowed=Told("rules.allowed.tables"), section=key,
                                suggestion=suggestion)
            raise src.error("rules.err.unknown_key", key=key, line=line,
                            allowed=", ".join(top_keys), suggestion=_suggest(key, top_keys))
    _check_overlap(out, src)
    return _expand_old_keys(out, src)


def _expand_old_keys(table: dict[str, Any], src: Source) -> dict[str, Any]:
    """``table`` (one file's own keys, checked) with each old key (``OLD_KEYS``)
    replaced by the declared key it expands into (``jokers = false`` ->
    ``jokers_per_deck = 0``, R1.3).  A file that sets both says the same thing
    twice: RulesError naming both keys and both lines (``key`` is the old one)."""
    for old, (_key, into, expand) in OLD_KEYS.items():
        if old not in table:
            continue
        if into in table:
            raise src.error("rules.err.both_keys", key=old, line=src.line_of(old),
                            allowed=Told("rules.allowed.one_of", old=old, new=into),
                            new=into, new_line=src.line_of(into) or "?",
                            old_value=toml_value(table[old]),
                            new_value=toml_value(expand[table[old]]))
        table[into] = expand[table.pop(old)]
        if (old,) in src.lines:  # (an error about the value is placed where the old key is)
            src.lines.setdefault((into,), src.lines[(old,)])
    return table


_TABLE_WHAT = {"points": "rules.allowed.table_points", "series": "rules.allowed.table_series",
               "actions": "rules.allowed.table_actions"}


def _check_subtable(section: str, value: Mapping[str, Any], src: Source) -> dict[str, Any]:
    out: dict[str, Any] = {}
    keys = _SECTIONS[section]
    for sub, item in value.items():
        if sub not in keys:
            allowed = (Told("rules.allowed.ranks") if section in ("points", "actions")
                       else ", ".join(keys))
            raise _unknown_in_section(src, section, sub, src.line_of(section, sub), tuple(keys),
                                      allowed)
        out[sub] = _check_key(src, keys[sub], item)
    return out


#: Today's keys and the new table entry that decides the same thing (R9.1): a
#: file setting both is refused.  ``("actions", rank)`` for the keys of a rank.
_OVERLAPS: tuple[tuple[str, tuple[str, str]], ...] = (
    *((key, ("actions", rank)) for key, rank in OLD_KEY_RANK.items()),
    ("joker_stack", ("stacking", "double")),
    ("finish_on_action", ("finish", "mode")),
    ("finish_on_action_draw", ("finish", "draw")),
    ("start_card", ("start", "mode")),
    ("start_card", ("start", "ranks")),
)




def _check_overlap(own: Mapping[str, Any], src: Source) -> None:
    """R9.1: one file may not set today's key and the table entry that decides the
    same thing; the error names both, with their lines."""
    for old, (section, sub) in _OVERLAPS:
        table = own.get(section)
        if old in own and isinstance(table, Mapping) and sub in table:
            shown = f"{section}.{sub}"
            other_line = src.line_of(old)
            raise src.error("rules.err.overlap" if other_line else "rules.err.overlap_here",
                            key=shown, line=src.line_of(section, sub),
                            allowed=Told("rules.allowed.one_of", old=old, new=shown),
                            other=old, other_line=other_line)


def _unknown_in_section(src: Source, section: str, sub: str, line: int | None,
                        candidates: tuple[str, ...], allowed: Told | str) -> RulesError:
    shown = f"{section}.{sub}"
    suggestion = _suggest(sub, candidates)
    if sub in KEYS or sub == EXTENDS:
        return src.error("rules.err.unknown_key_in_section", key=shown, line=line, allowed=allowed,
                         suggestion=suggestion, section=section)
    return src.error(f"rules.err.unknown_in_{section}", key=shown, line=line, allowed=allowed,
                     suggestion=suggestion)


class Merged(dict):
    """A rule set's table merged over what it extends (``resolve_table``), a plain
    dict of the keys, that also knows where each value was written.

    ``origins`` maps a key path (``("deal_size",)``, ``("actions", "K")``) to
    ``(depth, Source)``: the file (or preset) that wrote the value in force and how
    far down the ``extends`` chain it is (0: the file read first); the empty path
    ``()`` is that first file.  ``stacking_word``: ``(word, origin)`` when a
    ``[stacking]`` table without ``groups`` was written over ``stacking = "WORD"``
    (its groups stay those of the word, R9.14; ``origin`` as in ``origins``, None
    for the default), else None.
    """

    __slots__ = ("origins", "stacking_word")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.origins: dict[tuple[str, ...], tuple[int, Source]] = {}
        self.stacking_word: tuple[str, tuple[int, Source] | None] | None = None


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
    origins = merged.origins
    for old, (section, sub) in _OVERLAPS:
        table = over.get(section)
        if old in over and isinstance(merged.get(section), dict):
            merged[section].pop(sub, None)
            origins.pop((section, sub), None)
        elif isinstance(table, Mapping) and sub in table and old in merged:
            merged[old] = _TOP[old].default
            origins.pop((old,), None)
    for key, value in over.items():
        if key == EXTENDS:
            continue
        if key in _TABLES and isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            if key == "stacking":
                word = merged.get(key)
                merged.stacking_word = (
                    (word, origins.get((key,))) if isinstance(value, Mapping)
                    and isinstance(word, str) and "groups" not in value else None)
            for path in [p for p in origins if p[:1] == (key,)]:
                del origins[path]
            merged[key] = dict(value) if isinstance(value, Mapping) else value
        if src is not None:
            origins[(key,)] = (depth, src)
            if isinstance(value, Mapping):
                for sub in value:
                    origins[(key, sub)] = (depth, src)
    return merged


def _placed(merged: Mapping[str, Any], src: Source,
            *paths: tuple[str, ...]) -> tuple[Source, tuple[str, ...], int | None]:
    """Where to say an error about the values at ``paths`` of a merged table is:
    of the paths some file wrote, the one written nearest the file read first
    (the first path on a tie) -> (its Source, the path, its line).  When no file
    wrote any of them, the file read first (``src`` when unknown), no line."""
    origins = merged.origins if isinstance(merged, Merged) else {}
    found = [(origins[path][0], n, path) for n, path in enumerate(paths) if path in origins]
    if not found:
        return origins.get((), (0, src))[1], paths[0], None
    _depth_found, _n, path = min(found)
    where = origins[path][1]
    return where, path, where.line_of(*path)


def finish_rules(merged: Mapping[str, Any], src: Source, name: str) -> HouseRules:
    """Check the combinations of a merged table and build the HouseRules value.

    ``merged``: ``resolve_table``'s table (a ``Merged``: each error is placed on
    the file and line where the value at fault is written) or a plain dict (errors
    placed on ``src``).  Raises RulesError (R7.5, R9.6, R9.13-R9.16)."""
    series = merged["series"]
    if series["mode"] == "hands" and series["hands"] < 1:
        where, _path, line = _placed(merged, src, ("series", "hands"), ("series", "mode"))
        raise where.error("rules.err.series_hands", key="series.hands", line=line,
                          allowed=Told("rules.allowed.int_min", low=1), got=series["hands"])
    values = {k: MappingProxyType(dict(merged[k])) if isinstance(merged[k], Mapping)
              else merged[k] for k in _TOP}
    tables = {section: MappingProxyType(
        dict(merged.get(section, {})) if section in SPARSE else
        {k: merged[section][k] for k in keys})
        for section, keys in _SECTIONS.items() if section not in _TOP}
    rules = HouseRules(name=name, **tables, **values)
    word = getattr(merged, "stacking_word", None)
    if word is not None and word[0] != "same" and isinstance(rules.stacking, Mapping):
        # a [stacking] table without groups over ``stacking = "none"`` / ``"cumulative"``:
        # the word's groups stay (R9.14), written out now the penalty ranks are known
        groups = rules.replace(stacking=word[0]).stack_groups()
        rules = rules.replace(stacking=MappingProxyType({
            "groups": tuple(tuple(sorted(g, key=ACTION_RANKS.index)) for g in groups),
            **rules.stacking}))
    _check_actions(rules, merged, src)
    return rules


def _check_actions(rules: HouseRules, merged: Mapping[str, Any], src: Source) -> None:
    """The combinations R9.6 and R9.13-R9.16 refuse, on the merged rule set; RulesError
    naming the file and line where the value at fault is written (``_placed``), the
    key and what would be allowed."""
    def error(problem: str, paths: tuple[tuple[str, ...], ...], allowed: Any,
              key: str | None = None, **fields: Any) -> RulesError:
        where, path, line = _placed(merged, src, *paths)
        return where.error(problem, key=key or ".".join(path), line=line, allowed=allowed,
                           **fields)

    if rules.actions:
        from referee.engine.effects import check_combination, check_rank
        free = rules.free_order
        for rank, effects in rules.actions.items():
            problem = check_rank(rank, effects) or check_combination(effects, free)
            if problem is not None:
                # (in free order a skip passed on may be wrong only for the turn order)
                paths = (("actions", rank),) + ((("turn_order",),) if free else ())
                raise error(problem, paths, Told("rules.allowed.combination"), rank=rank)
    table = rules.stacking if isinstance(rules.stacking, Mapping) else {}
    # (the ranks' effects are asked only of a table that sets them: a saved series of
    # today's keys reads without the effects module, ``score`` start-up)
    penalty = rules.penalty_ranks() if table.get("groups") else frozenset()
    seen: set[str] = set()
    for group in table.get("groups", ()):
        for rank in group:
            if rank not in penalty:   # (or the file that took the rank's penalty away)
                raise error("rules.err.stack_rank", (("stacking", "groups"), ("actions", rank)),
                            _join_or(sorted(penalty, key=ACTION_RANKS.index)), rank=rank)
            if rank in seen:
                raise error("rules.err.stack_twice", (("stacking", "groups"),),
                            Told("rules.allowed.groups"), rank=rank)
            seen.add(rank)
    grouped = frozenset().union(*rules.stack_groups()) if table.get("double") else frozenset()
    for rank in table.get("double", ()):
        if rank not in grouped:
            raise error("rules.err.double_rank", (("stacking", "double"), ("stacking", "groups")),
                        _join_or(sorted(grouped, key=ACTION_RANKS.index)), rank=rank)
    if rules.finish_mode() == "draw_after" and rules.finish_draw() < 1:
        draw = ("finish", "draw") if "draw" in rules.finish else ("finish_on_action_draw",)
        raise error("rules.err.finish_draw_after", (draw, ("finish", "mode")),
                    Told("rules.allowed.int_range", low=1, high=10), key=".".join(draw),
                    got=rules.finish_draw())
    # R9.16: a starter stays when its rank is not turned back; with no Jokers in the
    # deck (``jokers_per_deck = 0``) the Joker is never turned
    turned = frozenset(ACTION_RANKS) if rules.jokers else frozenset(ACTION_RANKS) - {JOKER}
    if rules.start_mode() == "redraw" and rules.start_ranks() >= turned:
        raise error("rules.err.start_redraw", (("start", "ranks"), ("start", "mode")),
                    Told("rules.allowed.rank_list"), key="start.ranks")


def _defaults() -> dict[str, Any]:
    return HouseRules().to_table()


# -- a table read: parsed, merged onto what it extends, checked ---------------

def not_found_error(spec: str) -> RulesError:
    """The RulesError for a rule set ``spec`` that is neither a preset nor a file (R8)."""
    allowed = Told("rules.allowed.presets", presets=", ".join(PRESETS))
    told = Told("rules.error", where=Told("rules.where.file", file=spec),
                 problem=Told("rules.err.not_found", spec=spec, allowed=allowed))
    return RulesError(told, file=str(spec), line=None, key=None, allowed=allowed)


def parse_toml(text: str, src: Source) -> dict[str, Any]:
    """The table of a house-rule TOML text; raises RulesError placing a syntax
    error on its line of ``src`` (an error at the end of the text on its last
    line; values nested too deeply to read on the line where they get so deep)."""
    last = max((n for n, row in enumerate(text.split("\n"), 1) if row.strip()), default=1)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise src.error("rules.err.nested", key=None, allowed=None,
                        line=_deepest_line(text)) from None
    except tomllib.TOMLDecodeError as exc:
        detail = str(exc)
        found = re.search(r"\s*\(at line (\d+), column (\d+)\)\s*$", detail)
        if found:
            line = min(int(found.group(1)), last)
            detail = detail[:found.start()]
            raise src.error("rules.err.syntax", key=None, allowed=None, line=line,
                            detail=detail) from None
        detail = re.sub(r"\s*\(at end of document\)\s*$", "", detail)
        if src.duplicate is not None:
            raise src.error("rules.err.syntax", key=None, allowed=None, line=src.duplicate,
                            detail=detail) from None
        raise src.error("rules.err.syntax_end", key=None, allowed=None, line=last,
                        detail=detail) from None


def _deepest_line(text: str) -> int:
    """The line (from 1) where the brackets of a text are nested deepest."""
    depth, deepest, line = 0, -1, 1
    for number, row in enumerate(text.split("\n"), 1):
        bare = re.sub(_STRINGS, "", row).split("#", 1)[0]
        for char in bare:
            depth += 1 if char in "[{" else -1 if char in "]}" else 0
            if depth > deepest:
                deepest, line = depth, number
    return line


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
        checked = _check_table(own, src)
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
        raise src.error("rules.err.type", key=None, got=_describe(table),
                        allowed=Told("rules.allowed.table", what=Told("rules.allowed.table_points")))
    return finish_rules(resolve_table(table, src, "table:" + src.name, read), src, src.name)


def check_table_fits(rules: HouseRules, players: int, merged: Merged | None = None) -> None:
    """Check that ``players`` can sit at one table under ``rules`` (R1.1, R1.3, R2.2).

    ``players`` must be 2 to 8, and the dealt cards plus the starter must fit
    the deck in play: ``players * deal_size + 1`` cards at most
    ``deck_size(rules.deck_count(players), rules.jokers_per_deck)`` (``decks =
    "auto"`` gives 2 decks from 6 players; 1 to ``MAX_DECKS`` decks otherwise).
    Returns None; raises RulesError (``file`` is the rule set's name, ``key`` is
    ``"players"``, ``"decks"`` or ``"deal_size"``; ``allowed`` names the fewest
    decks that would hold the deal, when there are such, and the largest deal).
    ``merged``: the table the rules were built from (``resolve_table``), when
    known: the error is then placed on the file and line where ``key`` is written,
    else ``deal_size``, ``decks`` or ``jokers_per_deck`` (on the file read first
    when no file wrote any of them).
    """
    src = Source(file=rules.name, name=rules.name, where_key="rules.where.table_fit")
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise src.error("rules.err.players", key="players", got=players,
                        allowed=Told("rules.allowed.players"))
    decks = rules.deck_count(players)
    have = deck_size(decks, rules.jokers_per_deck)
    need = players * rules.deal_size + 1
    if need <= have:
        return
    options: list[Told] = []
    key = "decks" if decks < 2 and rules.decks != "auto" else "deal_size"
    enough = next((n for n in range(decks + 1, MAX_DECKS + 1)
                   if need <= deck_size(n, rules.jokers_per_deck)), None)
    if enough is not None:
        auto = enough == 2 and rules.decks == 1 and players >= 6
        options.append(Told("rules.allowed.more_decks_auto" if auto else "rules.allowed.more_decks",
                         n=enough))
        key = "decks"
    most = (have - 1) // players
    options.append(Told("rules.allowed.smaller_deal", most=most))
    allowed = _join_or(options)
    decks_text = Told("rules.word.decks_one") if decks == 1 else Told("rules.word.decks_many", n=decks)
    line = None
    if merged is not None and () in merged.origins:
        # where the key to change is written, else where what made the deal too big is
        src, _path, line = _placed(merged, src, (key,), ("deal_size",), ("decks",),
                                   ("jokers_per_deck",))
    raise src.error("rules.err.deck", key=key, allowed=allowed, line=line, players=players,
                    deal=rules.deal_size, need=need, decks_hold=decks_text, have=have)
