"""R6 Going out: the win, the refusal to go out on an action card, playing on.

- R6.1 win ......................... ``win`` (the hand ends), through ``go_out``
  (also ``corrections``); every way a hand ends ... ``hand_over``
- R9.15 the card stands, then a draw . ``draw_after``
- R6.2 not on an action card ........ ``finishers`` (the cards one may go out on),
  ``finish_refusal`` (the refusal), ``owe_draw``
  (its effect, R0.4: the next ``d`` takes ``finish_on_action_draw`` cards, drawn
  in ``draws.draw``)
- R6.3 playing on until one holds cards (``hand_end = "last_holder"``) ... ``go_out``
  (the player is out and placed; their card acts on those still in; what was aimed
  at them moves on), ``last_holder``
  (the hand's end), ``check_not_out`` (what a player who is out may still do)
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import actions, order, piles
from referee.engine.events import (
    DrawAfter, LastHolder, MovesOn, OwedDraw, Reason, Refusal, WentOut, Won,
)


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
    """R9.15 ``draw_after``: ``player`` played their last card, a blocked rank; it
    stands, they draw ``[finish] draw`` cards at once and are not out, and then its
    effect applies (``plays.play``: a Two's penalty is pending for the next player).
    Holding one card after the draw, they owe "Laatste kaart!" (R4.1)."""
    n = h.rules.finish_draw()
    ev.append(DrawAfter(player, card, n=n))
    piles.applied_draw(h, player, n, ev)
    if h.counts[player] == 1:
        h.last_card[player] = "open"


def hand_over(h, winner: str | None, blocked: bool = False) -> None:
    """The hand is over (R6.1), won by ``winner`` (None: a blocked hand with nobody
    out, R3.9), ``blocked`` or not: the one statement of it, for every way a hand
    ends (a win, R6.1; the last holder, R6.3; the last player in, R1.5; a correction,
    R0.2; a blocked hand, R3.9).  Nobody is to act, and a pending penalty lapses with
    the hand (R6.1: the hand ends at once, nothing acts after it)."""
    h.status, h.winner, h.turn, h.blocked = "over", winner, None, blocked
    h.pending, h.pending_kind = 0, None


def win(h, player: str, card: Card | None, ev: list) -> None:
    """R6.1: ``player`` emptied their hand (on ``card``; None after a correction)."""
    hand_over(h, player)
    ev.append(Won(player, card))


def go_out(h, player: str, card: Card | None, ev: list, more: tuple[Card, ...] = ()) -> None:
    """``player`` emptied their hand (on ``card``, then the further cards ``more`` of a
    double, R3.10; None after a correction).

    ``hand_end = "first_out"``: they win and the hand ends (R6.1); the card has
    no effect (R6.2).  Under ``"last_holder"`` (R6.3) they are out, placed in
    the order out; an action card ``card`` then acts on those still in, as
    played from their seat (an Eight still skips; going out names no suit and
    draws the player nothing: ``Tables.out_steps``); then they leave the
    seating (not the table, ``order.unseat``): a penalty pending for them or
    turns they still had to miss move on to the next seat, whose turn it is if
    it was theirs; when one player still holds cards the hand ends
    (``last_holder``).
    """
    last = more[-1] if more else card
    if not h.rules.last_holder:
        win(h, player, last, ev)
        return
    h.places.append(player)
    ev.append(WentOut(player, last, len(h.places), last=len(h.active) == 2))
    if card is not None and len(h.active) > 2 and h.tables.action[card.id]:
        actions.effect(h, player, card, None, ev, more, table=h.tables.out_steps)
    nxt, was_turn, skips = order.unseat(h, player)
    if len(h.active) == 1:
        last_holder(h, ev)
        return
    if skips:
        h.skips[nxt] = h.skips.get(nxt, 0) + skips
        ev.append(MovesOn("skips", player, nxt, skips))
    if was_turn and h.pending:  # (only a finishing penalty card, finish_on_action = true)
        h.turn = nxt
        ev.append(MovesOn("penalty", player, nxt, h.pending))
    elif was_turn:
        order.resume_at(h, nxt)


def last_holder(h, ev: list) -> None:
    """R6.3: one player still holds cards: the hand is over, the first out wins it."""
    hand_over(h, h.places[0])
    ev.append(LastHolder(h.active[0], h.winner))


def check_not_out(h, player: str | None, calling: bool = False) -> None:
    """R6.3: a player who went out makes no entry but a call (``calling``); raises Refusal."""
    if player is not None and h.places and player in h.places and not calling:
        raise Refusal(Reason.OUT, "R6.3", name=player, place=h.places.index(player) + 1)
