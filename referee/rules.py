"""House rules: one frozen ``HouseRules`` value per rule set (RULES.md R8).

Every key of the R8 table is a field with its type and default.  Presets live
as TOML files in ``house_rules/`` (shipped inside the package as
``referee.house_rules``); a family's own file may ``extends = "PRESET"`` and
override keys.  Loading validates everything before a series starts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Mapping

DEFAULT_POINTS: Mapping[str, int] = MappingProxyType({
    "A": 15, "Joker": 20, "K": 10, "Q": 10, "J": 10,
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
})
DEFAULT_SERIES: Mapping[str, Any] = MappingProxyType({"mode": "elimination", "limit": 100, "hands": 0})


@dataclass(frozen=True)
class HouseRules:
    """The rule set in force (RULES.md R8), resolved: no ``extends`` left.

    Field names are the R8 keys.  ``points`` maps canonical ranks to points
    (R7.1); ``series`` holds ``mode`` ("elimination" | "hands" | "casual"),
    ``limit`` (points, R7.4) and ``hands`` (count, R7.5).  ``name`` is the
    preset or file the set came from, for display only.
    """

    name: str = "standard"
    deal_size: int = 7
    jokers: bool = True
    decks: int | str = "auto"
    joker_penalty: int = 5
    joker_stack: str = "add"
    stacking: str = "same"
    last_card_penalty: int = 2
    false_call_penalty: int = 0
    illegal_play_penalty: int = 0
    finish_on_action: bool = False
    jack_wild: bool = False
    jack_on_jack: bool = True
    penalty_ends_turn: bool = True
    draw_then_play: bool = True
    start_card: str = "no_effect"
    finish_on_action_draw: int = 1
    king: str = "none"
    four: str = "none"
    five: str = "none"
    turn_order: str = "seated"
    points: Mapping[str, int] = field(default_factory=lambda: DEFAULT_POINTS)
    series: Mapping[str, Any] = field(default_factory=lambda: DEFAULT_SERIES)

    # -- derived facts the engine asks for -------------------------------
    def deck_count(self, players: int) -> int:
        """Decks in play for ``players`` players in the hand (R1.3, ``decks``)."""
        if self.decks == "auto":
            return 2 if players >= 6 else 1
        return int(self.decks)

    @property
    def free_order(self) -> bool:
        """True under ``turn_order = "free"`` (snel pesten, R8.4)."""
        return self.turn_order == "free"

    def action_ranks(self) -> frozenset[str]:
        """Ranks with an effect under this set (R8: 2 7 8 J A Joker, plus K/4/5 when on).

        In free turn order Seven, Eight and Four do nothing, so they are not
        action cards there (R8.4).
        """
        ranks = {"2", "J", "A", "Joker"}
        if not self.free_order:
            ranks |= {"7", "8"}
            if self.four != "none":
                ranks.add("4")
        if self.king != "none":
            ranks.add("K")
        if self.five != "none":
            ranks.add("5")
        return frozenset(ranks)

    def to_table(self) -> dict[str, Any]:
        """Every key as a plain dict, ready for a TOML file (no ``name``)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "name":
                continue
            value = getattr(self, f.name)
            out[f.name] = dict(value) if isinstance(value, Mapping) else value
        return out


KEYS = tuple(f.name for f in fields(HouseRules) if f.name != "name")
