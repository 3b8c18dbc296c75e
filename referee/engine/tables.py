"""The rule set compiled to tables, once per ``HouseRules`` (RULES.md R8).

Everything the engine asks about cards again and again is decided here once,
indexed by the card's small int id (``Card.id``, ``cards.CARDS``):

- ``action[id]``: the card has an effect under these rules (R8 "Action cards").
- ``penalty[id]``: a penalty card, a Two or a Joker (R5.7).
- ``stackers[kind]``: by pending penalty kind (``"2"`` or ``"Joker"``), which
  cards may be played on it (R5.7, ``stacking``).
- ``fits(top, named)``: which cards may go on ``top`` with suit ``named`` in
  force (R3.1-R3.3, ``jack_wild``, ``jack_on_jack``), a tuple of bools by id,
  built the first time a (top, named suit) is met.

``tables_for(rules)`` returns the one ``Tables`` of a rule set (compiled on
first use, then shared by every hand and every simulated game under it).
"""

from __future__ import annotations

from ..cards import CARDS, JOKER, Card
from ..rules import HouseRules

PENALTY_RANKS = frozenset({"2", JOKER})
"""The ranks of penalty cards (R5.7)."""


class Tables:
    """The compiled facts of one rule set (read-only after construction)."""

    __slots__ = ("rules", "action_ranks", "action", "penalty", "stackers", "_fits", "free",
                 "_plain")

    def __init__(self, rules: HouseRules):
        self.rules = rules
        self.free = rules.free_order
        self.action_ranks: frozenset[str] = rules.action_ranks()
        self.action: tuple[bool, ...] = tuple(c.rank in self.action_ranks for c in CARDS)
        self.penalty: tuple[bool, ...] = tuple(c.rank in PENALTY_RANKS for c in CARDS)
        self.stackers: dict[str, tuple[bool, ...]] = {
            kind: tuple(stacks(rules, c, kind) for c in CARDS) for kind in PENALTY_RANKS}
        self._fits: dict[tuple, tuple[bool, ...]] = {}
        self._plain: dict[int, tuple] = {}

    def fits(self, top: Card, named: str | None) -> tuple[bool, ...]:
        """By card id: may that card be played on ``top`` with ``named`` in force? (R3.1-R3.3)"""
        try:
            return self._fits[top, named]
        except KeyError:
            row = self._fits[top, named] = tuple(matches(self.rules, c, top, named)
                                                 for c in CARDS)
            return row

    def without_action(self, row: tuple[bool, ...]) -> tuple[bool, ...]:
        """``row`` less the action cards (R6.2: not going out on one); ``row`` must be
        one of this table's rows (they are kept, so its id names it)."""
        found = self._plain.get(id(row))
        if found is None or found[0] is not row:
            found = self._plain[id(row)] = (row, tuple(ok and not act
                                                       for ok, act in zip(row, self.action)))
        return found[1]


def matches(rules: HouseRules, card: Card, top: Card, named: str | None) -> bool:
    """R3.1-R3.3: may ``card`` be played on ``top`` with ``named`` (a suit or None) in force?

    A Joker goes on anything and anything on a Joker (R3.2).  While a suit is
    named, a card of that suit, or a Jack on the Jack (``jack_on_jack``, which
    also decides for ``jack_wild`` then: the narrower rule wins).  Otherwise
    the top card's suit or rank, or a Jack under ``jack_wild``.
    """
    if card.rank == JOKER or top.rank == JOKER:
        return True
    if named is not None:
        if card.suit == named:
            return True
        return card.rank == "J" and top.rank == "J" and rules.jack_on_jack
    if card.rank == "J" and rules.jack_wild:
        return True
    return card.suit == top.suit or card.rank == top.rank


def stacks(rules: HouseRules, card: Card, kind: str) -> bool:
    """R5.7: may ``card`` be played on a pending penalty of ``kind`` (``"2"``, ``"Joker"``)?"""
    mode = rules.stacking
    if mode == "none" or card.rank not in PENALTY_RANKS:
        return False
    if mode == "cumulative":
        return True
    return card.rank == kind


_TABLES: dict[HouseRules, Tables] = {}


def tables_for(rules: HouseRules) -> Tables:
    """The compiled ``Tables`` of ``rules`` (one per rule set, kept)."""
    found = _TABLES.get(rules)
    if found is None:
        found = _TABLES[rules] = Tables(rules)
    return found
