"""R3.10 several cards of one rank as one play: what such a play needs.

``together_refusal`` is the one statement of what a double needs (the checked path's
``check_together``, ``Legal.may_double``); the play itself is ``plays.play`` with
its further cards (every card goes down, then each acts, then the turn passes).
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import matching, table
from referee.engine.events import Reason, Refusal


def together_refusal(h, player: str, cards: tuple[Card, ...], suit: str | None) -> Refusal | None:
    """Why ``player`` may not put ``cards`` (two or more, in order) down as one play now,
    or None; in R0.3 order: doubles at this table, one rank and no more cards than
    ``player`` holds (R3.10), the deck for
    each card with the play's earlier cards counted (R1.3, R1.4), then every check of
    the first card (``matching.check_play``: R5.7, R3.1-R3.3, R5.4) with the hand as
    the whole play leaves it (R6.2)."""
    first = cards[0]
    if not h.tables.multi_play:  # (R3.10, ``multi_play``)
        return Refusal(Reason.NO_DOUBLES, "R3.10", house=("multi_play", h.rules.multi_play))
    for card in cards[1:]:
        if card.rank != first.rank:
            return Refusal(Reason.DOUBLE_RANK, "R3.10", card=card, first=first)
    held = h.counts[player]
    if len(cards) > held:  # (the real hand cannot hold them: a mis-entry)
        return Refusal(Reason.DOUBLE_COUNT, "R3.10", name=player, n=held, cards=len(cards))
    copies = dict(h.copies)
    try:
        for card in cards:
            table.check_deck(h, card, copies)
            copies[card] = copies.get(card, 0) + 1
        matching.check_play(h, player, first, suit, h.counts[player] - len(cards))
    except Refusal as refused:
        if refused.event.reason is Reason.JACK_SUIT:  # (the entry to type is the whole play)
            refused.event.fields["play"] = "+".join(map(str, cards))
        return refused
    return None


def check_together(h, player: str, cards: tuple[Card, ...], suit: str | None) -> None:
    """R3.10: raise the refusal of ``together_refusal`` when there is one."""
    refused = together_refusal(h, player, cards, suit)
    if refused is not None:
        raise refused
