"""House-rule keys, declared once (RULES.md R8): the one job of this module.

Every key of the R8 table is a ``Key`` in ``HOUSE_KEYS`` (type, range, default,
rule id, rule-book marks); everything else reads them: ``HouseRules``' fields
(``referee.engine.rules``), the checks of a file (``referee.engine.rulecheck``),
``KEY_RULE``, the rule book and ``rules --diff``.

Public API:

- ``Key``, ``HOUSE_KEYS``, ``KEY_BY_NAME`` (by dotted name), ``KEY_RULE`` (dotted
  name -> rule id); ``OLD_KEYS`` (earlier versions' keys and what they expand
  into).
- ``RankMeaning``, ``RANK_MEANINGS``, ``RANK_MEANING`` (by rank): the rule book's
  meaning of each action rank under today's keys (R5), the one table of rank ->
  effects, today's keys and rule id; ``OLD_KEY_RANK`` (the rank each of today's
  keys speaks of) and ``CLASSIC_STARTERS`` (R2.4) are read from it.
- The sections: ``TOP_KEYS`` (top-level name -> Key), ``SECTION_KEYS`` (table
  name -> name -> Key), ``TABLE_NAMES``, ``SPARSE`` (tables whose keys are all left
  out by default), ``SERIES_KEYS``; ``OVERLAPS`` (today's key and the table entry
  that decides the same thing, R9.1).
- Default tables: ``DEFAULT_TABLES``, ``DEFAULT_POINTS``, ``DEFAULT_SERIES``.
- Constants: ``POINT_RANKS``, ``SERIES_MODES``, ``SCORING_MODES``, ``MAX_DECKS``, ``DEAL_SIZE_RANGE``,
  ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``EXTENDS``, ``MAX_EXTENDS``, ``JUMP_IN_MODES``.
"""

from __future__ import annotations

from types import MappingProxyType
from collections.abc import Mapping
from typing import Any

from referee.engine.cards import ALL_RANKS as ACTION_RANKS, JOKER
from referee.engine.values import Value, set_field


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
            a list of ranks), ``"draw"`` (a word of ``detail`` or ``{ up_to = N }``,
            R10.50), ``"call"`` (a table of the fields ``detail`` names,
            R10.80).
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


class RankMeaning(Value):
    """What one rank does by the rule book (RULES.md R5), under today's keys: the
    one statement of it, which the effects (``effects.old_key_effects``), the rule a
    ruling cites (``effects.classic_rule``), the starters that act (``HouseRules.start_ranks``),
    ``why``'s house rule (``compiled.house_of``) and ``OLD_KEY_RANK`` all read.

    Fields:
        rank: the rank (``"K"``, ``"Joker"``).
        rule: the R5 rule its rulings cite while it keeps this meaning (R9.1).
        forms: its effects by the value of ``switch`` (the only key ``None`` when
            there is no switch), each a tuple of ``(effect kind, {parameter: value})``;
            ``()``: no effect.
        switch: today's key whose value picks the form (``king``, ``four``, ``five``):
            the house rule ``why`` names for the rank, or None.
        tuned: today's keys that set a parameter of the form, as ``(key, parameter,
            {key value: parameter value} or None for the value itself)``; while the
            rank keeps its meaning, those parameters may hold any value.
        starter: a starter of this rank acts under ``start_card = "applies"`` (R2.4).
    """

    __slots__ = ("rank", "rule", "forms", "switch", "tuned", "starter")
    __match_args__ = __slots__

    def __init__(self, rank: str, rule: str, forms: Mapping[Any, tuple], *,
                 switch: str | None = None, tuned: tuple = (), starter: bool = False) -> None:
        set_field(self, "rank", rank)
        set_field(self, "rule", rule)
        set_field(self, "forms", MappingProxyType(dict(forms)))
        set_field(self, "switch", switch)
        set_field(self, "tuned", tuned)
        set_field(self, "starter", starter)

    @property
    def keys(self) -> tuple[str, ...]:
        """Today's keys that speak of the rank: ``switch``, then the ``tuned`` ones."""
        return ((self.switch,) if self.switch else ()) + tuple(key for key, _p, _v in self.tuned)


#: The rule book's meaning of each action rank under today's keys, in R5 order: the
#: one table of rank -> effects, today's keys and rule id (R5.1-R5.10, R2.4).
RANK_MEANINGS: tuple[RankMeaning, ...] = (
    RankMeaning("2", "R5.1", {None: (("draw", {"n": 2}),)}, starter=True),
    RankMeaning("7", "R5.2", {None: (("again", {}),)}),
    RankMeaning("8", "R5.3", {None: (("skip", {}),)}, starter=True),
    RankMeaning("J", "R5.4", {None: (("name_suit", {}),)},
                tuned=(("jack_wild", "wild", None),
                       ("jack_on_jack", "on_same_rank", {True: "always", False: "named_suit"}))),
    RankMeaning("A", "R5.5", {None: (("reverse", {}),)}, starter=True),
    RankMeaning(JOKER, "R5.6", {None: (("draw", {}),)}, tuned=(("joker_penalty", "n", None),),
                starter=True),
    RankMeaning("K", "R5.8", {"none": (),
                              "draw_one": (("draw", {"n": 1, "at_once": True}),),
                              "reverse_skip": (("reverse", {"two_players": "none"}), ("skip", {}))},
                switch="king"),
    RankMeaning("4", "R5.9", {"none": (), "skip_two": (("skip", {"n": 2}),)}, switch="four"),
    RankMeaning("5", "R5.10", {"none": (), "all_draw_one": (("others_draw", {"n": 1}),)},
                switch="five"),
)

#: Each rank's meaning by rank.
RANK_MEANING: Mapping[str, RankMeaning] = MappingProxyType({m.rank: m for m in RANK_MEANINGS})

#: The ranks whose starter acts under ``start_card = "applies"`` (R2.4): a Two, a
#: Joker, an Eight and an Ace.
CLASSIC_STARTERS: frozenset[str] = frozenset(m.rank for m in RANK_MEANINGS if m.starter)

#: The rank each of today's keys speaks of: a file setting both is refused (R9.1).
#: The keys that switch a meaning on first (``king``, ``four``, ``five``), then those
#: that tune one.
OLD_KEY_RANK: Mapping[str, str] = MappingProxyType({
    **{m.switch: m.rank for m in RANK_MEANINGS if m.switch},
    **{key: m.rank for m in RANK_MEANINGS for key, _param, _values in m.tuned}})


# The standard points of each rank (R7.1), declared below as the keys of [points].
_STANDARD_POINTS = {"A": 15, "K": 10, "Q": 10, "J": 10, "Joker": 20,
                    **{str(n): n for n in range(2, 11)}}
#: Ranks that ``[points]`` may hold (R7.1), in display order.
POINT_RANKS: tuple[str, ...] = tuple(_STANDARD_POINTS)


def card_points_key(card: str) -> Key:
    """The ``[points]`` key of one card (R10.93): ``card`` in canonical form (``"Qs"``),
    a whole number of points from 0, no default (the card's rank decides when left
    out); a card's entry wins over its rank's (``"Qs" = 50`` beside ``Q = 10``)."""
    return Key(card, "int", (0, None), None, "R10.93", section="points")


def card_points_of(points: Mapping[str, int]) -> dict[str, int]:
    """The cards ``[points]`` gives their own points (R10.93): ``{"Qs": 50}``, in
    the order written; the ranks' entries left out."""
    return {key: n for key, n in points.items() if key not in _STANDARD_POINTS}


#: The modes of ``series.mode`` (R7.4-R7.6).
SERIES_MODES: tuple[str, ...] = ("elimination", "hands", "casual", "target")
#: The modes of ``scoring.mode`` (R7.1, R10.90).
SCORING_MODES: tuple[str, ...] = ("penalty", "winner_collects")
#: The fields each call of ``[calls]`` may hold (R10.80-R10.82), ``word`` required: the
#: word said at the table (one word, as typed), ``penalty`` the cards a missed call costs
#: (left out: ``last_card_penalty``, R4.3), ``false_penalty`` the cards an announcement
#: costs when no call is due (left out: 0, R10.84); ``second_last`` is ``last`` under Tschau
#: Sepp's name (R10.81); ``out``: ``on`` the card keys it is said on (R10.10; left out:
#: any card), ``factor`` what it multiplies the others' points by (R10.82).
CALL_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "last": ("word", "penalty", "false_penalty"),
    "second_last": ("word", "penalty", "false_penalty"),
    "out": ("word", "on", "factor")})
#: The range of ``[calls] out.factor`` (R10.82), its default 1.
OUT_FACTOR_RANGE = (1, 10)


class CallTable(Mapping):
    """One call of ``[calls]`` as checked (R10.80): its fields (``word``, ``penalty``)
    read-only and hashable, so that a rule set holding it stays hashable."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, Any]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __reduce__(self) -> tuple:
        return (CallTable, (self._items,))

    def __repr__(self) -> str:
        return f"CallTable({self._items!r})"


#: Decks shuffled together at most (R1.3, ``decks``).
MAX_DECKS = 3
#: Range of ``deal_size`` (R2.2): any whole number from 1; whether the deck(s) hold the
#: deal and the starter is checked per table (``check_table_fits``).
DEAL_SIZE_RANGE = (1, None)

#: ``draw`` (R10.50): the words it may be, and the most ``{ up_to = N }`` may say
#: (N from 2 to that).
DRAW_POLICIES: tuple[str, ...] = ("one", "until_playable")
DRAW_UP_TO = (2, 10)

#: ``jump_in`` (R10.70): off, a card identical to the top card, or one of its rank.
JUMP_IN_MODES: tuple[str, ...] = ("off", "identical", "same_rank")

#: Every house-rule key of RULES.md R8, in R8 order: the one place a key is declared.
#: ``HouseRules``' fields and defaults, validation, ``KEY_RULE``, the rule book's
#: marks and ``rules --diff`` all read it.
HOUSE_KEYS: tuple[Key, ...] = (
    Key("deal_size", "int", DEAL_SIZE_RANGE, 7, "R2.2"),
    Key("jokers_per_deck", "int", (0, 4), 2, "R1.3", marks=("R1.3", "R1.4", "R3.2", "R5.6")),
    Key("decks", "decks", None, "auto", "R1.3"),
    Key("deck", "enum", (52, 36, 32), 52, "R10.40", marks=("R1.3", "R1.4", "R10.40")),
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
    Key("draw", "draw", DRAW_POLICIES, "one", "R10.50", marks=("R3.4", "R10.50", "R10.51")),
    Key("start_card", "enum", ("no_effect", "applies"), "no_effect", "R2.4"),
    # 0: the ``d`` draws nothing (R6.2); it is ``[finish] draw``, checked as that key (R9.15)
    Key("finish_on_action_draw", "int", (0, 10), 1, "R6.2"),
    Key("king", "enum", ("none", "draw_one", "reverse_skip"), "none", "R5.8"),
    Key("four", "enum", ("none", "skip_two"), "none", "R5.9"),
    Key("five", "enum", ("none", "all_draw_one"), "none", "R5.10"),
    Key("multi_play", "enum", ("none", "same_rank", "run", "same_rank_or_run"), "none", "R3.10",
        marks=("R3.10", "R10.60"),
        by_value=(("none", "R3.10"), ("same_rank", "R3.10"), ("run", "R10.60"),
                  ("same_rank_or_run", "R10.60"))),
    # R10.70: a card identical to the top card (or of its rank) played out of turn
    Key("jump_in", "enum", JUMP_IN_MODES, "off", "R10.70", marks=("R3.7", "R10.70")),
    Key("jump_in_on_penalty", "bool", None, False, "R10.72"),
    Key("turn_order", "enum", ("seated", "free"), "seated", "R8.4",
        marks=("R3.7", "R5.2", "R5.3", "R8.4")),
    Key("hand_end", "enum", ("first_out", "last_holder"), "first_out", "R6.3",
        marks=("R6.1", "R6.3", "R7.1")),
    *(Key(rank, "int", (0, None), points, "R7.1", section="points")
      for rank, points in _STANDARD_POINTS.items()),
    Key("mode", "enum", SERIES_MODES, "elimination", "R7.4", section="series", marks=(),
        by_value=(("elimination", "R7.4"), ("hands", "R7.5"), ("casual", "R7.6"),
                  ("target", "R10.91"))),
    Key("limit", "int", (1, None), 100, "R7.4", section="series"),
    Key("hands", "int", (0, None), 0, "R7.5", section="series"),
    Key("target", "int", (1, None), 100, "R10.91", section="series"),
    # "auto": reaching the target loses under penalty scoring, wins when the winner collects
    Key("reaching", "enum", ("auto", "wins", "loses"), "auto", "R10.91", section="series"),
    Key("mode", "enum", SCORING_MODES, "penalty", "R10.90", section="scoring",
        marks=("R7.1", "R10.90")),
    # R10.80: the last-card call's own word and penalty; left out, R4's "Laatste kaart!"
    Key("last", "call", CALL_FIELDS["last"], None, "R10.80", section="calls",
        marks=("R4.1", "R4.3", "R10.80")),
    # R10.81: the same call said on the second-to-last card (Tschau Sepp's "Tschau")
    Key("second_last", "call", CALL_FIELDS["second_last"], None, "R10.81", section="calls",
        marks=("R4.1", "R4.3", "R10.81")),
    # R10.82: the call on going out ("Mau-Mau"), multiplying the others' points
    Key("out", "call", CALL_FIELDS["out"], None, "R10.82", section="calls",
        marks=("R7.1", "R10.82")),
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

#: R10.10: the entry of ``[actions]`` for one card or one colour of a rank (``"Kh"``,
#: ``"J black"``), declared once for all of them (``declared``: ``actions.Kh``).
CARD_ACTION = Key("card", "effects", None, None, "R10.10", section="actions")

#: Each declared key by its dotted name (``Key.shown``).
KEY_BY_NAME: Mapping[str, Key] = MappingProxyType({key.shown: key for key in HOUSE_KEYS})


def declared(shown: str) -> Key:
    """The declared key of a dotted name (``KEY_BY_NAME``; ``actions.Kh`` and
    ``actions.J black``: ``CARD_ACTION``, R10.10; a card's points, ``points.Qs``:
    ``card_points_key``, R10.93).  Raises KeyError for an unknown key."""
    found = KEY_BY_NAME.get(shown)
    if found is not None:
        return found
    section, _, name = shown.partition(".")
    if section == "points" and name:
        return card_points_key(name)
    from referee.engine.cardkeys import is_rank, parse_key
    key = parse_key(name) if section == "actions" else None
    if key is None or is_rank(key):
        raise KeyError(shown)
    return CARD_ACTION

TOP_KEYS: Mapping[str, Key] = MappingProxyType({k.name: k for k in HOUSE_KEYS if k.section is None})
SECTION_KEYS: Mapping[str, Mapping[str, Key]] = MappingProxyType({
    section: MappingProxyType({k.name: k for k in HOUSE_KEYS if k.section == section})
    for section in dict.fromkeys(k.section for k in HOUSE_KEYS if k.section is not None)})
TABLE_NAMES = tuple(SECTION_KEYS)

#: The tables whose keys are all left out by default: what a file leaves out
#: there, today's keys decide (R9.1).  ``stacking`` is also a top-level key: the
#: value is either ``stacking = "same"`` or a ``[stacking]`` table.
SPARSE: frozenset[str] = frozenset(
    section for section, keys in SECTION_KEYS.items()
    if all(key.default is None for key in keys.values()))

#: Keys of ``[series]`` (R7.4-R7.6).
SERIES_KEYS: tuple[str, ...] = tuple(SECTION_KEYS["series"])

_EMPTY: Mapping[str, Any] = MappingProxyType({})
DEFAULT_TABLES: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    section: _EMPTY if section in SPARSE else
    MappingProxyType({name: key.default for name, key in keys.items()})
    for section, keys in SECTION_KEYS.items()})
DEFAULT_POINTS: Mapping[str, int] = DEFAULT_TABLES["points"]
DEFAULT_SERIES: Mapping[str, Any] = DEFAULT_TABLES["series"]

#: The rule id each house-rule key changes (``rulebook.rule_for_key``, ``why``), by
#: dotted name; ``series.mode`` gives R7.4 here (its rule by value: ``Key.rule_for``).
KEY_RULE: Mapping[str, str] = MappingProxyType({key.shown: key.rule for key in HOUSE_KEYS})

#: Players at one table (R1.1).
MIN_PLAYERS, MAX_PLAYERS = 2, 8
EXTENDS = "extends"
#: House-rule files one rule set may be built of through ``extends``, the first file
#: read included and the presets they end on left out (R8): a longer chain is
#: refused with a sentence.
MAX_EXTENDS = 10

#: Today's keys and the new table entry that decides the same thing (R9.1): a
#: file setting both is refused.  ``("actions", rank)`` for the keys of a rank.
OVERLAPS: tuple[tuple[str, tuple[str, str]], ...] = (
    *((key, ("actions", rank)) for key, rank in OLD_KEY_RANK.items()),
    ("joker_stack", ("stacking", "double")),
    ("finish_on_action", ("finish", "mode")),
    ("finish_on_action_draw", ("finish", "draw")),
    ("start_card", ("start", "mode")),
    ("start_card", ("start", "ranks")),
)

