"""R3.10 several cards of one rank as one play, R10.6x a run: what such a play needs.

``together_refusal`` is the one statement of what a double needs (the checked path's
``check_together``, ``Legal.may_double``); the play itself is ``plays.play`` with
its further cards (every card goes down, then each acts, then the turn passes).
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import goingout, matching, runs, table
from referee.engine.events import Reason, Refusal


def together_refusal(h, player: str, cards: tuple[Card, ...], suit: str | None) -> Refusal | None:
    """Why ``player`` may not put ``cards`` (two or more, in order) down as one play now,
    or None; in R0.3 order: such plays at this table (R3.10, R10.60), the play's
    shape (a double: one rank, R3.10; a run: R10.62, R10.63), no more cards than
    ``player`` holds (R3.10), the deck for each card with the play's earlier cards
    counted (R1.3, R1.4), then the checks of the first card (a double:
    ``matching.check_play``, R5.7, R3.1-R3.3, R5.4, with the hand as the whole play
    leaves it, R6.2; a run: ``_run_refusal``, R10.61, R10.65)."""
    first = cards[0]
    t = h.tables
    if not t.multi_play:  # (R3.10, ``multi_play``)
        return Refusal(Reason.NO_DOUBLES, "R3.10", house=("multi_play", h.rules.multi_play))
    run = runs.is_run(cards)
    refused = _shape_refusal(h, cards) if run else None if t.doubles else Refusal(
        Reason.NO_DOUBLES, "R3.10", house=("multi_play", h.rules.multi_play))
    if refused is not None:
        return refused
    held = h.counts[player]
    if len(cards) > held:  # (the real hand cannot hold them: a mis-entry)
        return Refusal(Reason.DOUBLE_COUNT, "R3.10", name=player, n=held, cards=len(cards))
    copies = dict(h.copies)
    try:
        for card in cards:
            table.check_deck(h, card, copies)
            copies[card] = copies.get(card, 0) + 1
        if run:
            return _run_refusal(h, player, cards, suit)
        matching.check_play(h, player, first, suit, h.counts[player] - len(cards))
    except Refusal as refused:
        if refused.event.reason is Reason.JACK_SUIT:  # (the entry to type is the whole play)
            refused.event.fields["play"] = "+".join(map(str, cards))
        return refused
    return None


def _shape_refusal(h, cards: tuple[Card, ...]) -> Refusal | None:
    """The shape of a play that changes rank (``runs.is_run``): under ``same_rank`` a
    card of another rank than the first's (R3.10); where runs are played, a run must
    hold (R10.62, no Joker: R10.63)."""
    if not h.tables.runs:
        first = cards[0]
        for card in cards[1:]:
            if card.rank != first.rank:
                return Refusal(Reason.DOUBLE_RANK, "R3.10", card=card, first=first)
        return None
    broke = runs.broken_at(cards)
    if broke is None:
        return None
    card = cards[broke]
    if card.is_joker:
        return Refusal(Reason.RUN_JOKER, "R10.63", card=card)
    return Refusal(Reason.RUN_BREAK, "R10.62", card=card, before=cards[broke - 1])


def _run_refusal(h, player: str, cards: tuple[Card, ...], suit: str | None) -> Refusal | None:
    """A run's checks after the deck: nothing pending, passed on or limiting the
    next card (R10.61); the first card goes on the top card as a single card would
    (R3.1-R3.3); the cards that act (R10.64) name the suit (R5.4, R9.8) and may
    end the hand (R6.2), the hand as the whole run leaves it (R10.65)."""
    if matching.governs(h) is not matching.MATCH:
        return Refusal(Reason.RUN_GOVERNED, "R10.61", card=cards[0])
    if not matching.play_mask(h, 1) >> cards[0].id & 1:
        return matching.card_refusal(h, cards[0])
    acting = cards[runs.acting(cards)]
    count_after = h.counts[player] - len(cards)
    if count_after == 0 and not goingout.finishers(h) >> acting.id & 1:
        return goingout.finish_refusal(h, player, acting)
    matching.check_suit(h, acting, suit, count_after)
    return None


def check_together(h, player: str, cards: tuple[Card, ...], suit: str | None) -> None:
    """R3.10: raise the refusal of ``together_refusal`` when there is one."""
    refused = together_refusal(h, player, cards, suit)
    if refused is not None:
        raise refused
