"""R5 Action cards: the effect of a card just played, and penalties (R5.7).

- R5 preamble: a penalty aimed at a player who must miss the turn ... ``aim_penalty``
- R5.1 Two, R5.6 Joker (stacking amounts) ........................ ``effect``, ``aim_penalty``
- R5.2 Seven, R5.3 Eight, R5.4 Jack, R5.5 Ace .................... ``effect``
- R5.7 facing a penalty: what stacks (``tables.stacks``) ........ ``must_stack_refusal``
- R5.8 King ........................................................ ``king``
- R5.9 Four, R5.10 Five ............................................ ``effect``
- R5.11 a skip passed on, sat out with ``pass`` ..................... ``pass_skip``
- R8.4: in free order Seven, Eight and Four are no action cards (``tables``)
"""

from __future__ import annotations

from referee.engine.cards import JOKER, Card
from referee.engine import order, piles
from referee.engine.events import (
    AllDrawOne, KingDraw, PenaltyAimed, PenaltyAtOnce, PlaysAgain, Reason, Refusal, Reversed,
    Skipped, SkipTwo, SuitNamed,
)


def stack_options(h) -> str:
    """What stacks on the pending penalty (R5.7): ``"nothing"``, ``"either"``, or the kind."""
    mode = h.rules.stacking
    if mode == "none":
        return "nothing"
    if mode == "cumulative":
        return "either"
    return "two" if h.pending_kind == "2" else "joker"


def must_stack_refusal(h, card: Card) -> Refusal:
    """R5.7: ``card`` does not stack on the pending penalty."""
    mode = h.rules.stacking
    house = ("stacking", mode)
    reason = Reason.MUST_DRAW if mode == "none" else Reason.MUST_STACK
    return Refusal(reason, "R5.7", house=house, card=card, n=h.pending, stack=stack_options(h))


def effect(h, player: str, card: Card, suit: str | None, ev: list) -> None:
    """The effect of the action card ``card`` just played by ``player``; passes the turn."""
    rank = card.rank
    r = h.rules
    if rank == "2" or rank == JOKER:
        stacked = bool(h.pending)  # on a pending penalty: the house rule allowed it (R5.7)
        if rank == "2":
            h.pending += 2
        elif h.pending and r.joker_stack == "double" and h.pending_kind == JOKER:
            h.pending *= 2
        else:
            h.pending += r.joker_penalty
        h.pending_kind = rank
        aim_penalty(h, player, card, "R5.1" if rank == "2" else "R5.6", ev, stacked)
    elif rank == "7":
        h.turn = player
        ev.append(PlaysAgain(player, card, "R5.2"))
    elif rank == "8":
        lost = order.next_seat(h, player)
        order.pass_turn(h, player, lose_next=True)
        ev.append(Skipped(player, card, lost=lost, turn=h.turn,
                           two_players=len(h.active) == 2, rule="R5.3"))
    elif rank == "J":
        h.named_suit = suit
        ev.append(SuitNamed(player, card, suit))
        order.pass_turn(h, player)
    elif rank == "A":
        h.direction = -h.direction
        if len(h.active) == 2 and not h.free:
            h.turn = player
            ev.append(PlaysAgain(player, card, "R5.5"))
        else:
            order.pass_turn(h, player)
            ev.append(Reversed(player, card, clockwise=h.direction == 1, rule="R5.5"))
    elif rank == "K":
        king(h, player, card, ev)
    elif rank == "4":
        victim = order.next_seat(h, player)
        h.skips[victim] = h.skips.get(victim, 0) + 2
        order.pass_turn(h, player)
        ev.append(SkipTwo(player, card, victim=victim, house=("four", r.four)))
    elif rank == "5":
        ev.append(AllDrawOne(player, card, ("five", r.five)))
        p = player
        for _ in range(len(h.active) - 1):
            p = order.next_seat(h, p)
            piles.applied_draw(h, p, 1, ev)
        order.pass_turn(h, player)
    else:  # pragma: no cover - every action rank is handled above
        order.pass_turn(h, player)


def king(h, player: str, card: Card, ev: list) -> None:
    """R5.8: ``draw_one`` (the next player draws one at once) or ``reverse_skip``."""
    r = h.rules
    house = ("king", r.king)
    if r.king == "draw_one":
        victim = order.next_seat(h, player)
        ev.append(KingDraw(player, card, victim=victim, house=house))
        piles.applied_draw(h, victim, 1, ev)
        order.pass_turn(h, player)
        return
    h.direction = -h.direction
    if h.free:
        ev.append(Reversed(player, card, clockwise=h.direction == 1, rule="R5.8",
                           house=house))
        return
    lost = order.next_seat(h, player)
    order.pass_turn(h, player, lose_next=True)
    ev.append(Skipped(player, card, lost=lost, turn=h.turn, two_players=False,
                       rule="R5.8", house=house))


def aim_penalty(h, player: str, card: Card, rule: str, ev: list, stacked: bool = False) -> None:
    """A draw penalty falls on the next seat (R5.1, R5.6, R8.4); drawn at once by a
    player who must miss the coming turn (R5 preamble).  ``stacked``: ``card``
    went on a pending penalty, as the ``stacking`` house rule allows (R5.7)."""
    target = order.next_seat(h, player)
    if not h.free and h.skips.get(target, 0) > 0:
        n = h.pending
        ev.append(PenaltyAtOnce(player, card, victim=target, n=n, rule=rule))
        h.pending, h.pending_kind = 0, None
        piles.applied_draw(h, target, n, ev)
        order.use_skip(h, target)
        h.turn = target
        order.pass_turn(h, target)
        return
    h.turn = target
    house = ("stacking", h.rules.stacking) if stacked or h.rules.stacking == "none" else None
    ev.append(PenaltyAimed(player, card, victim=target, n=h.pending,
                           stack=stack_options(h), rule=rule, house=house))


def pass_skip(h, player: str, ev: list) -> None:
    """R5.11: ``player`` types ``pass`` to sit out the skip passed on to them
    (``h.pending_skip``, turns).  Raises ``Refusal`` (NO_SKIP, R5.11) when no
    skip is pending."""
    if not h.pending_skip:
        raise Refusal(Reason.NO_SKIP, "R5.11", name=player)
