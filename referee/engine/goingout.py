"""R6 Going out: the win, and the refusal to go out on an action card.

- R6.1 win ......................... ``win`` (the hand ends; also ``corrections``)
- R6.2 not on an action card ........ ``finishers`` (the cards one may go out on),
  ``finish_refusal`` (the refusal), ``owe_draw``
  (its effect, R0.4: the next ``d`` takes ``finish_on_action_draw`` cards, drawn
  in ``turn.draw``)
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine.events import OwedDraw, Reason, Refusal, Won


_EVERY_CARD = -1  # (every bit set: a mask holding every card)


def finishers(h) -> int:
    """R6.2: the cards a player may go out on, a bit mask by card id: every card
    under ``finish_on_action``, else every card but the action cards."""
    return _EVERY_CARD if h.rules.finish_on_action else ~h.tables.action_mask


def finish_refusal(h, player: str, card: Card) -> Refusal:
    """R6.2: the refusal of going out on ``card``, which ``finishers`` leaves out."""
    return Refusal(Reason.FINISH_ON_ACTION, "R6.2", card=card, name=player)


def owe_draw(h, player: str, ev: list) -> None:
    """The effect of an R6.2 refusal (R0.4): ``player``'s next draw takes
    ``finish_on_action_draw`` cards (0: that ``d`` draws nothing and the turn passes)."""
    n = h.rules.finish_on_action_draw
    h.owed[player] = n
    ev.append(OwedDraw(player, n))


def win(h, player: str, card: Card | None, ev: list) -> None:
    """R6.1: ``player`` emptied their hand (on ``card``; None after a correction)."""
    h.status, h.winner, h.turn = "over", player, None
    h.pending, h.pending_kind = 0, None
    ev.append(Won(player, card))
