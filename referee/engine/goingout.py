"""R6 Going out: the win, and the refusal to go out on an action card.

- R6.1 win ......................... ``win`` (the hand ends; also ``corrections``)
- R9.15 the card stands, then a draw . ``draw_after``
- R6.2 not on an action card ........ ``finishers`` (the cards one may go out on),
  ``finish_refusal`` (the refusal), ``owe_draw``
  (its effect, R0.4: the next ``d`` takes ``finish_on_action_draw`` cards, drawn
  in ``turn.draw``)
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import piles
from referee.engine.events import DrawAfter, OwedDraw, Reason, Refusal, Won


def finishers(h) -> int:
    """R6.2, R9.15: the cards a player may go out on, a bit mask by card id: every
    card under ``finish_on_action`` (``[finish] mode = "allowed"``), else every
    card but the blocked ranks (the action cards, or ``[finish] blocked``); under
    ``draw_after`` the blocked ranks too (the player then draws, ``draw_after``)."""
    return h.tables.finish | h.tables.draw_after


def finish_refusal(h, player: str, card: Card) -> Refusal:
    """R6.2: the refusal of going out on ``card``, which ``finishers`` leaves out."""
    return Refusal(Reason.FINISH_ON_ACTION, "R6.2", card=card, name=player)


def owe_draw(h, player: str, ev: list) -> None:
    """The effect of an R6.2 refusal (R0.4): ``player``'s next draw takes
    ``finish_on_action_draw`` cards (0: that ``d`` draws nothing and the turn passes)."""
    n = h.rules.finish_draw()
    h.owed[player] = n
    ev.append(OwedDraw(player, n))


def draw_after(h, player: str, card: Card, ev: list) -> None:
    """R9.15 ``draw_after``: ``player`` played their last card, a blocked rank; its
    effect stood (a Two's penalty stays pending for the next player), and now they
    draw ``[finish] draw`` cards at once and are not out.  Holding one card
    afterwards, they owe "Laatste kaart!" (R4.1)."""
    n = h.rules.finish_draw()
    ev.append(DrawAfter(player, card, n=n))
    piles.applied_draw(h, player, n, ev)
    if h.counts[player] == 1:
        h.last_card[player] = "open"


def win(h, player: str, card: Card | None, ev: list) -> None:
    """R6.1: ``player`` emptied their hand (on ``card``; None after a correction)."""
    h.status, h.winner, h.turn = "over", player, None
    h.pending, h.pending_kind = 0, None
    ev.append(Won(player, card))
