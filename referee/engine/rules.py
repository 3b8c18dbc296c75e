"""House rules: one frozen ``HouseRules`` value per rule set (RULES.md R8), its
presets and their other names, and the error a rule set that cannot be used raises.

The keys are declared in ``referee.engine.keys``; the top-level keys and the
tables (``points``, ``series`` ...) are the fields of ``HouseRules``.  Presets
live as TOML files in ``house_rules/`` (shipped inside the package as
``referee.house_rules``, read by ``referee.series.presets``).  Reading a file is
``referee.engine.reading``'s job, checking its values ``referee.engine.rulecheck``'s,
placing an error on its line ``referee.engine.tomlsource``'s.

Public API:

- ``HouseRules`` (frozen): ``deck_count``, ``action_ranks``, ``to_table``,
  ``flat_items``, ``differences``; ``KEYS`` (its fields but ``name``).
- ``PRESETS``, ``ALIASES``, ``PRESET_RULE``, ``presets_told()``, ``resolve_preset(name)``;
  the family's games as presets: ``GAMES``, ``GAME_ALIASES`` (R10).
- ``RulesError(ValueError)`` with ``told``, ``problem``, ``file``, ``line``, ``key``,
  ``allowed``: data (``told.Told``), said by whoever catches it in its reader's
  language (``referee.messages.say``, ``rules.*`` keys); the engine makes no text.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.engine.cardkeys import card_keys, key_order
from referee.engine.cards import ALL_RANKS as ACTION_RANKS, JOKER
from referee.engine.keys import (
    CLASSIC_STARTERS, DEFAULT_TABLES, HOUSE_KEYS, OLD_KEYS, OVERLAPS, TOP_KEYS, card_points_of)
from referee.engine.told import OneOf, Told
from referee.engine.values import Value, set_field

if TYPE_CHECKING:  # types only: effects are imported when used (``score`` and ``standings`` start-up)
    from referee.engine.effects import Effect

_EMPTY: Mapping[str, Any] = MappingProxyType({})

_FIELDS: Mapping[str, Any] = MappingProxyType({
    "name": "standard",
    **{key.name: key.default for key in HOUSE_KEYS if key.section is None},
    **{section: table for section, table in DEFAULT_TABLES.items() if section not in TOP_KEYS}})
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

    def card_entry(self, card) -> tuple[str | None, tuple[Effect, ...]]:
        """The entry that decides what ``card`` does (R10.10): the most specific key
        of ``[actions]`` naming it (the card, then its colour, then its rank), else
        its rank's entry under today's keys; ``(key, effects)``, ``(None, ())`` for
        a card without one.  An entry of ``"none"`` is found, with no effects."""
        from referee.engine.cardkeys import card_keys
        for key in card_keys(card):
            if key in self.actions:
                return key, self.actions[key]
        effects = self.effects().get(card.rank)
        return (card.rank, effects) if effects else (None, ())

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
        ranks = sorted(self.penalty_ranks(), key=key_order)
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

    def last_call(self) -> tuple[str, Mapping[str, Any]] | None:
        """The last-card call's own entry of ``[calls]``: ``("last", {...})`` (R10.80)
        or ``("second_last", {...})`` (R10.81, the same call under Tschau Sepp's
        name; a file gives at most one of them), or None: R4's "Laatste kaart!"."""
        for name in ("last", "second_last"):
            if name in self.calls:
                return name, self.calls[name]
        return None

    def last_call_rule(self) -> str:
        """The rule id a ruling on the last-card call cites: R10.81 for
        ``second_last``, else R10.80 (R4's own rules when no word is set)."""
        found = self.last_call()
        return "R10.81" if found is not None and found[0] == "second_last" else "R10.80"

    def last_call_word(self) -> str | None:
        """The last-card call's own word (``[calls] last.word`` or ``second_last.word``,
        R10.80, R10.81: ``"Mau"``), or None: the call is R4's "Laatste kaart!"."""
        found = self.last_call()
        return found[1]["word"] if found is not None else None

    def last_call_penalty(self) -> int:
        """Cards a missed last-card call costs (R4.3, R10.80, R10.81): the call's
        ``penalty``, else ``last_card_penalty``."""
        found = self.last_call()
        return (found[1] if found else {}).get("penalty", self.last_card_penalty)

    def false_call_cost(self) -> int:
        """Cards an announcement costs when no call is due (R10.84: ``[calls]
        last.false_penalty`` or ``second_last.false_penalty``; 0 without one)."""
        found = self.last_call()
        return int((found[1] if found else {}).get("false_penalty", 0))

    def out_call_word(self) -> str | None:
        """The word of the call on going out (``[calls] out.word``, R10.82:
        ``"Mau-Mau"``), or None: there is none."""
        return self.calls.get("out", {}).get("word")

    def out_factor(self, card: Any) -> int | None:
        """R10.82: what the call on going out on ``card`` (a ``Card``) multiplies the
        others' points by (``factor``, default 1), or None when the rule set has no
        such call or ``on`` does not name ``card`` (R10.10's keys; ``on`` left out:
        any card)."""
        out = self.calls.get("out")
        if out is None:
            return None
        on = out.get("on")
        if on is not None and not set(card_keys(card)) & set(on):
            return None
        return out.get("factor", 1)

    def start_mode(self) -> str:
        """An action starter (R2.4, R9.16): ``"no_effect"``, ``"applies"`` or ``"redraw"``."""
        return self.start.get("mode") or self.start_card

    def start_ranks(self) -> frozenset[str]:
        """The ranks whose starter counts under ``start_mode`` (R2.4, R9.16):
        ``[start] ranks``; else, under ``start_card = "applies"``, a Two, a Joker,
        an Eight and an Ace (``keys.CLASSIC_STARTERS``, as today); else every action card."""
        ranks = self.start.get("ranks")
        if ranks is not None:
            return frozenset(ranks) & self.action_ranks()
        if self.start_card == "applies" and "mode" not in self.start:
            return CLASSIC_STARTERS & self.action_ranks()
        return self.action_ranks()

    def to_table(self) -> dict[str, Any]:
        """Every key as a plain dict, ready for a TOML file (no ``name``); the tables
        today's keys fill hold only what was set."""
        out: dict[str, Any] = {}
        for key in KEYS:
            value = getattr(self, key)
            if any(old == key and isinstance(table := getattr(self, section), Mapping)
                   and sub in table for old, (section, sub) in OVERLAPS):
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
                if key.kind == "draw" or not isinstance(value, Mapping):  # (``stacking`` as a table: its keys)
                    out.append((key.name, value))
                continue
            table = getattr(self, key.section)
            if isinstance(table, Mapping) and key.name in table:
                value = table[key.name]
                if key.section == "actions":
                    value = _file_effects(value)
                out.append((key.shown, _plain(value)))
        # R10.10: the entries of a card or a colour, after the ranks' (``CARD_ACTION``)
        own = [(f"actions.{k}", _plain(_file_effects(v)))
               for k, v in sorted(self.actions.items(), key=lambda kv: key_order(kv[0]))
               if k not in ACTION_RANKS]
        if own:
            at = sum(1 for name, _ in out if _ORDER.get(name, 0) <= _LAST_ACTION)
            out[at:at] = own
        out += [(f"points.{card}", n) for card, n in card_points_of(self.points).items()]  # R10.93
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



KEYS = tuple(key for key in _FIELDS if key != "name")
_ORDER = {key.shown: i for i, key in enumerate(HOUSE_KEYS)}
_LAST_ACTION = max(i for i, key in enumerate(HOUSE_KEYS) if key.section == "actions")


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


#: The family's games shipped as presets (RULES.md R10, issue 36), in the order
#: of the README's table: each is ``house_rules/NAME.toml`` with its rule book.
GAMES: tuple[str, ...] = (
    "crazy-eights", "ocho-loco", "mau-mau", "switch", "black-jack", "makao",
    "huit-americain", "last-card", "pesten-vlaams", "prsi", "tschau-sepp",
)

#: The games' common names (lower case; spaces and underscores count as ``-``).
GAME_ALIASES: Mapping[str, str] = MappingProxyType({
    "crazy-8": "crazy-eights", "crazy-8s": "crazy-eights", "crazy8": "crazy-eights",
    "crazy8s": "crazy-eights", "crazyeights": "crazy-eights", "eights": "crazy-eights",
    "ocho-locos": "ocho-loco", "ocholoco": "ocho-loco", "locos": "ocho-loco",
    "maumau": "mau-mau", "mau": "mau-mau",
    "irish-switch": "switch", "jack-change-it": "switch", "two-four-jacks": "switch",
    "blackjack": "black-jack", "black-jacks": "black-jack", "switch-black-jack": "black-jack",
    "macao": "makao", "makao-pl": "makao", "makau": "makao", "macau": "makao",
    "huit": "huit-americain", "huit-américain": "huit-americain",
    "huitamericain": "huit-americain", "8-americain": "huit-americain",
    "8-américain": "huit-americain",
    "lastcard": "last-card",
    "vlaams-pesten": "pesten-vlaams", "vlaams": "pesten-vlaams",
    "flemish-pesten": "pesten-vlaams", "pesten-flemish": "pesten-vlaams",
    "prší": "prsi", "pony": "prsi",
    "tschausepp": "tschau-sepp", "tschau": "tschau-sepp",
})


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


def presets_told() -> OneOf:
    """The presets (``PRESETS``, R8) to be said as one list, each by its name in the
    language it is read in (``rules.preset.NAME``: French ``famille``), as ``rules``
    and ``new`` show them: "standard, famille, ... ou tournoi"."""
    return OneOf(tuple(Told(f"rules.preset.{name}") for name in PRESETS), "rules.word.or")


def resolve_preset(name: str) -> str | None:
    """A preset name or alias (any case, ``hard pesten`` = ``hard-pesten``) -> preset name, else None."""
    norm = re.sub(r"[\s_]+", "-", str(name).strip().lower())
    if norm in PRESETS or norm in GAMES:
        return norm
    return ALIASES.get(norm) or GAME_ALIASES.get(norm)
