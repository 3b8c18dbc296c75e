"""The rule set compiled to tables, once per ``HouseRules`` (RULES.md R8).

Everything the engine asks about cards again and again is decided here once,
indexed by the card's small int id (``Card.id``, ``cards.CARDS``):

- ``action[id]``: the card has an effect under these rules (R8 "Action cards").
- ``penalty[id]``: a penalty card, a Two or a Joker (R5.7).
- ``stackers[kind]``: by pending penalty kind (``"2"`` or ``"Joker"``), the
  cards that may be played on it (R5.7, ``stacking``), a bit mask by id.
- ``fits(top, named)``: the cards that may go on ``top`` with suit ``named`` in
  force (R3.1-R3.3, ``jack_wild``, ``jack_on_jack``), a bit mask by id, built
  from ``matches`` (the one statement of the rule) the first time it is asked;
  ``fit_rows[named][top.id]`` is the same mask once built (None before), for
  the legality API's one lookup per turn.

``tables_for(rules)`` returns the one ``Tables`` of a rule set (compiled on
first use, then shared by every hand and every simulated game under it).
"""

from __future__ import annotations

from referee.engine.cards import CARDS, JOKER, RANKS, SUITS, Card
from referee.engine.rules import HouseRules

PENALTY_RANKS = frozenset({"2", JOKER})
"""The ranks of penalty cards (R5.7)."""


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.id
    return m


_RANK = {r: _mask(c for c in CARDS if c.rank == r) for r in RANKS + (JOKER,)}
_NAMED = (None,) + SUITS


class Tables:
    """The compiled facts of one rule set (read-only after construction).

    Sets of cards are int bit masks by card id (bit ``card.id`` set: the card is
    in): ``mask >> card.id & 1``.
    """

    __slots__ = ("action", "action_mask", "penalty", "stackers", "fit_rows", "jack_wild",
                 "jack_on_jack")

    def __init__(self, rules: HouseRules):
        self.jack_wild, self.jack_on_jack = rules.jack_wild, rules.jack_on_jack
        self.action_mask: int = 0
        for rank in rules.action_ranks():
            self.action_mask |= _RANK[rank]
        self.action: tuple[bool, ...] = tuple(bool(self.action_mask >> i & 1)
                                              for i in range(len(CARDS)))
        self.penalty: tuple[bool, ...] = tuple(c.rank in PENALTY_RANKS for c in CARDS)
        self.stackers: dict[str, int] = {
            kind: _mask(c for c in CARDS if stacks(rules.stacking, c, kind))
            for kind in PENALTY_RANKS}
        # By named suit (None first), by top card id: the mask, built when first asked.
        self.fit_rows: dict[str | None, list[int | None]] = {
            n: [None] * len(CARDS) for n in _NAMED}

    def fits(self, top: Card, named: str | None) -> int:
        """The cards that may be played on ``top`` with ``named`` in force (R3.1-R3.3):
        the mask of the cards ``matches`` allows, built the first time it is asked."""
        row = self.fit_rows[named]
        mask = row[top.id]
        if mask is None:
            mask = row[top.id] = _mask(c for c in CARDS if matches(
                c, top, named, self.jack_wild, self.jack_on_jack))
        return mask


def matches(card: Card, top: Card, named: str | None, jack_wild: bool, jack_on_jack: bool) -> bool:
    """R3.1-R3.3: may ``card`` be played on ``top`` with ``named`` (a suit or None) in
    force, under ``jack_wild`` and ``jack_on_jack``?

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
        return card.rank == "J" and top.rank == "J" and jack_on_jack
    if card.rank == "J" and jack_wild:
        return True
    return card.suit == top.suit or card.rank == top.rank


def stacks(mode: str, card: Card, kind: str) -> bool:
    """R5.7: may ``card`` be played on a pending penalty of ``kind`` (``"2"``, ``"Joker"``)
    under ``stacking = mode``?"""
    if mode == "none" or card.rank not in PENALTY_RANKS:
        return False
    if mode == "cumulative":
        return True
    return card.rank == kind


_TABLES: dict[tuple, Tables] = {}


def tables_for(rules: HouseRules) -> Tables:
    """The compiled ``Tables`` of ``rules``: one per combination of the keys they
    depend on (which ranks act, what stacks, the Jack's rules), kept."""
    key = (rules.action_ranks(), rules.stacking, rules.jack_wild, rules.jack_on_jack)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Tables(rules)
    return found
