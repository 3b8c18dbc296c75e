"""R10.6x runs: consecutive ranks in one suit put down as one play (``5h+6h+7h``).

The one statement of what a run is (``is_run``, ``broken_at``) and of which of its
cards act (``acting``); ``doubles.together_refusal`` checks a play of several cards
by them and ``plays.play`` applies it.  Pure functions of the cards: a run's shape
asks nothing of the hand.

- R10.62 the sequence: each card one rank on from the one before, in the run's one
  direction (up or down, set by its first step in rank) and in its suit, or a
  *turn*: the same rank in any suit; the Ace below the Two or above the King, never
  both in one run (no wrap: ``K+A+2``) .......................... ``broken_at``
- R10.63 no Joker in a run ........................................ ``broken_at``
- R10.64 the cards of the run's last rank act, as a double's would (R3.10); the
  cards before them are played through ............................ ``acting``
"""

from __future__ import annotations

from typing import Sequence

from referee.engine.cards import RANKS, Card

# A rank's place in a run, the Ace read low (A 2 3) and high (Q K A).
_LOW = {rank: i + 2 for i, rank in enumerate(RANKS)} | {"A": 1}
_HIGH = {rank: i + 2 for i, rank in enumerate(RANKS)}


def is_run(cards: Sequence[Card]) -> bool:
    """Whether the play ``cards`` (two or more, in order) changes rank anywhere: a run
    (R10.60) rather than a double (R3.10)."""
    first = cards[0].rank
    return any(card.rank != first for card in cards[1:])


def acting(cards: Sequence[Card]) -> int:
    """R10.64: the index in ``cards`` of the first card of the play's last rank; those
    cards act (a double's cards all do, index 0), the ones before are played through."""
    last = cards[-1].rank
    i = len(cards) - 1
    while i > 0 and cards[i - 1].rank == last:
        i -= 1
    return i


def split(card: Card, more: tuple[Card, ...]) -> tuple[tuple[Card, ...], Card, tuple[Card, ...]]:
    """R10.64: a play of ``card`` then ``more`` as (the cards played through, the
    first card that acts, the further cards that act); a double's or a single
    card's play passes nothing through."""
    if not more or more[-1].rank == card.rank:
        return (), card, more
    cards = (card, *more)
    i = acting(cards)
    return cards[:i], cards[i], cards[i + 1:]


def broken_at(cards: Sequence[Card]) -> int | None:
    """The index of the first card of ``cards`` (a run, two or more in order) that
    breaks it (R10.62; a Joker's, R10.63), or None when it holds: the furthest any reading gets
    (the Ace low or high, going up or down), so that the card named is where the
    run stops being one."""
    if any(card.is_joker for card in cards):
        return next(i for i, card in enumerate(cards) if card.is_joker)
    furthest = 1
    for place in (_LOW, _HIGH):
        for step in (1, -1):
            broke = _break(cards, place, step)
            if broke == 0:
                return None
            furthest = max(furthest, broke)
    return furthest


def _break(cards: Sequence[Card], place: dict[str, int], step: int) -> int:
    """The index of the first card that does not follow the one before it, the ranks
    at ``place`` and the run going ``step`` (+1 up, -1 down); 0 when none."""
    for i in range(1, len(cards)):
        before, card = cards[i - 1], cards[i]
        if card.rank == before.rank:
            continue  # a turn: the same rank, any suit
        if card.suit != before.suit or place[card.rank] != place[before.rank] + step:
            return i
    return 0
