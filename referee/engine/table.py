"""R1 The table: players, the deck, card identity, leaving.

- R1.1 players ........... ``Hand.player`` (names resolved case-insensitively)
- R1.3 / R1.4 the deck ... ``check_deck`` (no Jokers in this game, no rank the deck
  does not hold (R10.40); no more copies
  of a card on the discard pile than the decks hold), ``in_deck``, ``copies_allowed``
- R1.5 leaving ........... ``leave``
"""

from __future__ import annotations

from referee.engine.cards import DECKS, JOKER, Card, copies_per_deck, in_the_deck
from referee.engine import goingout, order
from referee.engine.events import LastPlayerWins, Left, NextToPlay, PenaltyLapses, Reason, Refusal


def copies_allowed(h, card: Card) -> int:
    """How many copies of ``card`` the decks in play hold (R1.3, R1.4)."""
    return h.decks * copies_per_deck(card, h.rules.jokers_per_deck, h.rules.deck)


def in_deck(h, card: Card, copies: dict | None = None) -> bool:
    """Whether one more ``card`` can go on a discard pile holding ``copies`` (default:
    the hand's) without breaking R1.4 (no more copies than the decks hold) or R1.3
    (no Jokers in this game: its decks hold none): what ``check_deck`` refuses."""
    return (h.copies if copies is None else copies).get(card, 0) < copies_allowed(h, card)


def check_deck(h, card: Card, copies: dict | None = None) -> None:
    """R1.3 (no Jokers in this game; no card of a rank the deck does not hold, R10.40)
    and R1.4 (no more copies than the decks hold, on a discard pile holding
    ``copies``: default the hand's)."""
    if card.rank == JOKER and not h.rules.jokers:
        raise Refusal(Reason.NO_JOKERS, "R1.3", house=("jokers_per_deck", 0))
    if not in_the_deck(card, h.rules.deck):
        raise Refusal(Reason.NOT_IN_DECK, "R1.3", card=card, deck=h.rules.deck,
                      lowest=DECKS[h.rules.deck], house=("deck", h.rules.deck))
    if not in_deck(h, card, copies):
        raise Refusal(Reason.IDENTITY, "R1.4", card=card, alt=_mis_entry_hint(h, card))


def _mis_entry_hint(h, card: Card) -> Card | None:
    """A card of the same rank still out of the discard pile: what was probably meant."""
    if card.rank == JOKER:
        return None
    for s in ("h", "d", "c", "s"):
        alt = Card(card.rank, s)
        if s != card.suit and h.copies.get(alt, 0) < h.decks:
            return alt
    return None


def leave(h, target: str, ev: list) -> None:
    """R1.5: ``target`` leaves; their cards go under the draw pile; a penalty or a skip
    passed on pending for them lapses (``order.unseat``); the last player left wins
    the hand."""
    if target in h.left:
        raise Refusal(Reason.LEFT, "R1.5", name=target)
    cards = h.counts[target]
    h.draw_pile += cards
    facing = h.turn == target and h.pending
    skip = h.pending_skip if h.turn == target else 0
    nxt, was_turn, _ = order.unseat(h, target)
    h.left.append(target)
    ev.append(Left(target, cards))
    if facing:
        h.pending, h.pending_kind = 0, None
        ev.append(PenaltyLapses(target))
    elif skip:
        ev.append(PenaltyLapses(target, skip=skip))
    if len(h.active) == 1 and h.places:  # the last holder (R6.3)
        goingout.last_holder(h, ev)
        return
    if len(h.active) == 1:
        goingout.hand_over(h, h.active[0])
        ev.append(LastPlayerWins(h.winner))
        return
    if was_turn:
        order.resume_at(h, nxt)
        if h.turn:
            ev.append(NextToPlay(h.turn, "R1.5"))
