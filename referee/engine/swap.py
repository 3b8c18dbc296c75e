"""R10.30 Swap with a chosen player: the checks of the player a card names.

A card whose effects hold ``swap`` (``"7" = { swap = "choose" }``, Uno's 7-0 house
rule) is typed with the player it swaps hands with: ``7h Anna`` (``Qh s Anna`` after
a suit it names, R9.8).  ``check_target`` is the one statement of who may be named;
the swap itself is a card move of the one interpreter (``actions._move``, beside
R9.11 and R9.12: hands moving between seats are moved in one place), told by
``CardsMoved`` (``kind = "swap"``), after which R9.18's last-card duties hold
(R10.31).
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import order, runs
from referee.engine.events import Reason, Refusal


def swaps(h, cards: tuple[Card, ...], count_after: int) -> bool:
    """Whether a play of ``cards`` leaving ``count_after`` cards swaps hands (R10.30): a
    card of it swaps under these rules (``Tables.swaps``) and acts (the hand is not
    emptied, or its last card stands under R9.15 ``draw_after``); in a run only the
    cards of its last rank act (R10.64), so a card played through swaps nothing."""
    t = h.tables
    return (any(t.swaps[c.id] for c in cards[runs.acting(cards):])  # (R10.64: cards that act)
            and (count_after > 0 or bool(t.draw_after >> cards[-1].id & 1)))


def check_target(h, player: str, cards: tuple[Card, ...], target: str | None,
                 count_after: int) -> None:
    """R10.30: ``target``, the name typed with a play of ``cards`` by ``player`` that
    leaves them ``count_after`` cards, is a player ``player`` may swap hands with:
    one is named when the play swaps (``swaps``), and a name typed is a player of the
    hand, not ``player``, still in it (not left, R1.5, nor out, R6.3).  Raises
    ``Refusal`` citing R10.30."""
    if target is None:
        if swaps(h, cards, count_after):
            raise Refusal(Reason.SWAP_NO_NAME, "R10.30", name=player,
                          card=cards[runs.acting(cards)],
                          other=order.next_seat(h, player))  # (the example's name)
        return
    named = h.player(target)
    if named is None:
        raise Refusal(Reason.SWAP_UNKNOWN, "R10.30", name=player, target=target, card=cards[0])
    if named == player:
        raise Refusal(Reason.SWAP_SELF, "R10.30", name=player, card=cards[0])
    if named not in h.counts or named in h.places:
        raise Refusal(Reason.SWAP_OUT, "R10.30", name=player, target=named, card=cards[0])
