"""R10.70-R10.75 Jump-in: a card played out of turn on its twin (``jump_in``).

Under ``jump_in = "identical"`` a player holding a card identical to the top card
(same rank and suit), or under ``"same_rank"`` one of its rank, may play it when it
is not their turn (``Cees: 7h`` while Anna is to play); play goes on from them.

- R10.71 what may jump in, and the card's own checks ... ``jump_mask``, ``refusal``
- R10.72 not over a penalty, a skip or a limit ......... ``refusal`` (``matching.governs``;
  ``jump_in_on_penalty = true`` lets the card be checked as any play)
- R10.74 one card ...................................... ``refusal``
- R10.70 the jump itself: the players passed over, the turn taken ... ``jump``

A jump-in by the player whose turn it is is a play (R10.73): nothing here is
asked.  The card is then played by ``plays.play`` from the jumper's seat, through
the one interpreter of effects (R10.75).
"""

from __future__ import annotations

from referee.engine.cards import CARDS, Card
from referee.engine import matching
from referee.engine.events import JumpedIn, Reason, Refusal

_NONE = 0
#: The cards of each rank, a mask by card id (``same_rank``).
_RANK_MASK: dict[str, int] = {}
for _c in CARDS:
    _RANK_MASK[_c.rank] = _RANK_MASK.get(_c.rank, 0) | 1 << _c.id


def may_jump(h, player: str | None) -> bool:
    """Whether ``player`` would be jumping in with a play now (R10.70): the table plays
    jump-in, the hand is being played in seated order, and it is not ``player``'s turn
    though they are still in the hand."""
    return (h.rules.jump_in != "off" and not h.free and h.status == "playing"
            and not h.scored and player is not None and player != h.turn
            and player in h.counts and player not in h.places)


def twins(h) -> int:
    """The cards that may jump in on the top card, a mask by card id (R10.71): the
    top card itself under ``"identical"`` (the Jack on a named suit: the Jack), every
    card of its rank under ``"same_rank"``."""
    top = h.discard[-1]
    if h.rules.jump_in == "same_rank":
        return _RANK_MASK[top.rank]
    return 1 << top.id


def jump_mask(h, player: str) -> int:
    """The cards ``player``, whose turn it is not, may jump in with now, a mask by
    card id (the deck checks aside): the top card's twins (R10.71) that pass every
    check of a play (``matching.play_mask``), none over a penalty, a skip passed on or
    a limit unless ``jump_in_on_penalty`` (R10.72)."""
    if not may_jump(h, player):
        return _NONE
    if matching.governs(h) is not matching.MATCH and not h.rules.jump_in_on_penalty:
        return _NONE
    return twins(h) & matching.play_mask(h, h.counts[player] - 1)


def refusal(h, player: str, cards: tuple[Card, ...]) -> Refusal | None:
    """Why ``player`` may not jump in with ``cards`` now, before the card's own checks
    (R10.74 one card, R10.71 the top card's twin, R10.72 nothing pending), or None;
    the card then meets every check of a play (``matching.check_play``)."""
    house = ("jump_in", h.rules.jump_in)
    if len(cards) > 1:
        return Refusal(Reason.JUMP_DOUBLE, "R10.74", house=house, name=player, turn=h.turn)
    card = cards[0]
    if not twins(h) >> card.id & 1:
        return Refusal(Reason.JUMP_NOT_SAME, "R10.71", house=house, name=player, card=card,
                       top=h.discard[-1], turn=h.turn,
                       same_rank=h.rules.jump_in == "same_rank")
    if matching.governs(h) is not matching.MATCH and not h.rules.jump_in_on_penalty:
        return Refusal(Reason.JUMP_PENDING, "R10.72",
                       house=("jump_in_on_penalty", False), name=player, card=card,
                       turn=h.turn)
    return None


def check(h, player: str, cards: tuple[Card, ...]) -> None:
    """R10.71, R10.72, R10.74: raise ``refusal``'s ``Refusal`` when there is one."""
    refused = refusal(h, player, cards)
    if refused is not None:
        raise refused


def jump(h, player: str, card: Card, ev: list) -> None:
    """``player`` jumps in with ``card`` (checked before): the players from the one
    to act up to ``player`` are passed over (their turn is lost; turns they still
    have to miss stay theirs), the turn is ``player``'s, and the play that follows
    acts from their seat (R10.70, R10.75)."""
    seats = h.active
    n = len(seats)
    i = seats.index(h.turn)
    passed = []
    while seats[i] != player and len(passed) < n:
        passed.append(seats[i])
        i = (i + h.direction) % n
    ev.append(JumpedIn(player, card, tuple(passed), ("jump_in", h.rules.jump_in)))
    h.turn = player
