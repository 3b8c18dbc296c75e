"""R10.22 A demanded rank (Makao's Jack: ``{ demand = "rank", except = [ranks] }``).

The player names a rank with the card (``Jh 7``, the word after the card: see
``notation.Play``); until play comes back to them and they have taken their turn,
every player in turn plays that rank, a card that demands (which may demand
anew), or draws (``matching.governs``: ``DEMAND``).  A card that demands typed
without a rank demands nothing.

- the checks of a rank typed after a card ....... ``check`` (R10.22)
- the ranks a card may demand now ................ ``allowed`` (the legality API, bots)
- the demander acted: the demand ends ............ ``acted``; a card played on it: ``played``;
  the end told ................................... ``tell_end``
"""

from __future__ import annotations

from referee.engine.cards import Card, deck_ranks
from referee.engine.events import Reason, Refusal


def allowed(h, card: Card) -> tuple[str, ...]:
    """The ranks ``card`` may demand under ``h``'s rules, in rank order: the deck's
    ranks (R10.40) but those its ``except`` names; ``()`` for a card that demands
    nothing (R10.22)."""
    e = h.tables.demand_of[card.id]
    if e is None:
        return ()
    barred = getattr(e, "except")
    return tuple(r for r in deck_ranks(h.rules.deck) if r not in barred)


def check(h, card: Card, rank: str) -> None:
    """R10.22: ``rank`` typed after ``card``: refused (``Refusal``) when the card
    demands nothing, or the rank is one it may not demand (its ``except``, or not
    in the deck), naming the ranks it may."""
    ranks = allowed(h, card)
    if not ranks:
        raise Refusal(Reason.NO_DEMAND, "R10.22", card=card, rank=rank)
    if rank not in ranks:
        raise Refusal(Reason.DEMAND_EXCEPT, "R10.22", card=card, rank=rank, ranks=ranks)


def played(h, player: str, card: Card) -> None:
    """A card goes down under a demand (``plays.play``): the demand ends when its
    demander plays (their turn came back) or when the card demands itself (it may
    demand anew, ``actions._demand``)."""
    if h.demand[1] == player or h.tables.demands >> card.id & 1:
        h.demand = None


def acted(h, player: str) -> None:
    """``player`` took their turn without a card (a draw, ``pass``) or was passed by
    (``order.pass_turn``): if they demanded the rank in force, it ends (R10.22)."""
    if h.demand is not None and h.demand[1] == player:
        h.demand = None


def tell_end(h, before: tuple | None, ev: list) -> None:
    """R10.22: the demand in force when the entry began (``before``) ended during it
    and none took its place: told."""
    if before is not None and h.demand is None:
        from referee.engine.actionevents import DemandEnded
        ev.append(DemandEnded(before[1], before[0]))
