"""R3.4-R3.6, R5.7 draws: a plain ``d``, and ``d CARD`` (draw, then play at once).

- R3.4 draw .................... ``draw`` (its check: ``check_draw``)
- R3.4 draw-and-play ........... ``draw_play`` (its checks: ``check_draw_play``; those
  that do not depend on the card: ``draw_play_refusal``; for every card at once:
  ``draw_play_mask``)
- R3.5 / R3.6 reshuffle, exhausted . ``piles.take``, ``piles.exhausted``; a ``d CARD``
  reshuffles before its card is checked: ``reshuffles_first``
- R5.7 taking the penalty ...... ``take_penalty``; ``d CARD`` on a penalty under
  ``penalty_ends_turn = false``: taken, then an ordinary play
- R6.2 an owed draw ............ ``draw`` (the next ``d`` takes it)
- R10.50-R10.52 draw policy ..... ``by_policy``, ``check_counted``, ``counted_draw``;
  ``d 3 5h``: ``draw_play`` with its count

The checks (``check_draw``, ``check_draw_play``) change nothing; ``draw`` and
``draw_play`` apply a draw already checked (unchecked only on ``Hand.push``'s
contract).
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import demands, lastcard, matching, order, plays, table
from referee.engine.events import Drew, PlaysOn, Reason, Refusal
from referee.engine.piles import exhausted, lapse, take
from referee.engine.state import Snapshot


# -- a plain ``d`` -------------------------------------------------------------

def check_draw(h, player: str) -> None:
    """R5.11: no plain ``d`` while a skip passed on is pending; raises ``Refusal``."""
    if h.pending_skip:
        raise draw_play_refusal(h, player, None)


def draw(h, player: str, ev: list) -> None:
    """A plain ``d`` by ``player`` (R3.4), checked before (``check_draw``): the pending
    penalty taken (R5.7; the turn passes, or under ``penalty_ends_turn = false``
    the player plays on), else the draw owed (R6.2) or one card; a draw that brings
    no card is a blank turn (R3.9)."""
    if h.last_card:
        lastcard.typed_draw(h, player)
    h.limit = None
    if h.demand is not None:
        demands.acted(h, player)  # (R10.22: the demander drew: the demand ends)
    if h.pending:
        got = take_penalty(h, player, ev)
        if h.rules.penalty_ends_turn:
            if got == 0:
                h.idle.add(player)
            order.pass_turn(h, player)
        else:
            # The player plays on: taking the penalty and what follows are one turn
            # (R5.7, R3.9), blank only if neither brings or plays a card.
            if h.free:
                h.turn = None
                if got == 0:
                    h.idle.add(player)
            else:
                h.turn = player
                h.penalty_turn = player if got else None
            ev.append(PlaysOn(player))
        return
    owed = h.owed.pop(player, None) if h.owed else None
    drew = Drew(player, 1, Drew.TURN) if owed is None else Drew(player, owed, Drew.OWED)
    ev.append(drew)
    got = drew.n = take(h, player, drew.n, ev)
    if got == 0 and h.penalty_turn != player:
        h.idle.add(player)
    h.penalty_turn = None
    order.pass_turn(h, player)


# -- ``d 3``, ``d 3 5h``: the draw policy (R10.50-R10.52) ---------------------------

def by_policy(h, player: str, count: int | None) -> bool:
    """Whether the table's draw policy governs a ``d`` by ``player`` typed with
    ``count`` cards (None: not typed): ``draw`` is ``"until_playable"`` or
    ``{ up_to = N }``, or a count other than 1 was typed (R10.50), and no penalty,
    draw owed or skip passed on is pending (those are drawn as R5.7, R6.2 and R5.11
    say), and a plain ``d`` has a card to draw (else R3.6: it draws nothing).  Raises
    ``Refusal`` (R10.50) for a count typed on a penalty or a draw owed, or above one
    under ``draw = "one"``."""
    if h.pending_skip:
        return False  # (refused by R5.11's own check)
    if h.pending or (h.owed and player in h.owed):
        if count is not None:
            raise Refusal(Reason.DRAW_COUNT_OWED, "R10.50", name=player, n=count)
        return False
    policy = h.rules.draw
    if policy == "one":
        if count is not None and count != 1:
            raise Refusal(Reason.DRAW_ONE, "R10.50", n=count, house=("draw", policy))
        return False
    # A plain ``d`` with nothing left to draw draws nothing, as R3.6 says (R3.9).
    return count is not None or drawable(h) > 0


def drawable(h) -> int:
    """The cards a draw can take now: the draw pile and, reshuffled, the discard pile
    but its top card (R3.5, R3.6)."""
    return h.draw_pile + max(len(h.discard) - 1, 0)


def check_counted(h, player: str, count: int, card: Card | None, suit: str | None) -> None:
    """Every check of a draw under the draw policy (``by_policy``), changing nothing;
    raises ``Refusal``: more than ``{ up_to = N }`` allows (R10.50); more than the
    piles hold (R3.6, R10.52); under ``"until_playable"`` with draw-and-play, a draw
    with no card played that stops while cards are left to draw (R10.51: the last
    card drawn could be played, and must be); then, with ``card``, the checks of
    ``d CARD`` (``check_draw_play``) once the cards before it are drawn (tried and
    put back)."""
    policy = h.rules.draw
    if not isinstance(policy, str) and count > policy["up_to"]:
        raise Refusal(Reason.DRAW_UP_TO, "R10.50", n=count, most=policy["up_to"],
                      house=("draw", policy))
    left = drawable(h)
    if count > left:
        raise Refusal(Reason.DRAW_COUNT_PILES, "R10.52", n=count, most=left)
    if card is None:
        if policy == "until_playable" and h.rules.draw_then_play and count < left:
            raise Refusal(Reason.DRAW_UNTIL_PLAYABLE, "R10.51", n=count,
                          house=("draw", policy))
        return
    if count == 1:
        check_draw_play(h, player, card, suit)
        return
    snap = Snapshot(h)
    take(h, player, count - 1, [])
    try:
        check_draw_play(h, player, card, suit)
    finally:
        snap.restore(h)


def count_refusal(h, player: str, count: int | None) -> Refusal | None:
    """Why ``d COUNT`` with no card (``count`` None: a plain ``d``) by ``player`` may
    not be typed now under the draw policy (R10.50-R10.52), or None; the checks
    ``by_policy`` and ``check_counted`` make, changing nothing."""
    try:
        if by_policy(h, player, count):
            check_counted(h, player, count or 1, None, None)
    except Refusal as refused:
        return refused
    return None


def counted_draw(h, player: str, count: int, ev: list) -> None:
    """``d 3`` by ``player`` under the draw policy, checked before (``check_counted``):
    ``count`` cards drawn, none played; the turn passes (R10.50)."""
    if h.last_card:
        lastcard.typed_draw(h, player)
    h.limit = None
    if h.demand is not None:
        demands.acted(h, player)  # (R10.22)
    drew = Drew(player, count, Drew.COUNTED)
    ev.append(drew)
    got = drew.n = take(h, player, count, ev)
    if got == 0 and h.penalty_turn != player:
        h.idle.add(player)
    h.penalty_turn = None
    order.pass_turn(h, player)


# -- ``d CARD`` ------------------------------------------------------------------

def check_draw_play(h, player: str, card: Card, suit: str | None) -> None:
    """Every check of R0.3 for ``d CARD`` by ``player``, in order, changing nothing;
    raises ``Refusal``: R5.11 (no draw facing a skip passed on); the deck (R1.3,
    R1.4) on the discard pile as a reshuffle the draw needs first leaves it (R3.5);
    ``draw_play_refusal`` (R5.7, R3.4, R6.2, R3.6); then the card's own checks
    (``matching.check_play``) with the hand as the draw leaves it: one card drawn,
    one played, or on a pending penalty the penalty taken (tried and put back)."""
    if h.pending_skip:
        raise draw_play_refusal(h, player, card)
    copies = {h.discard[-1]: 1} if reshuffles_first(h) else None
    table.check_deck(h, card, copies)
    refused = draw_play_refusal(h, player, card)
    if refused is not None:
        raise refused
    if not h.pending:
        matching.check_play(h, player, card, suit, h.counts[player], copies)  # (one drawn, one played)
        return
    _penalty_taken(h, player, lambda: matching.check_play(h, player, card, suit,
                                                          h.counts[player] - 1))


def draw_play(h, player: str, card: Card, suit: str | None, ev: list, count: int = 1) -> int:
    """``d CARD`` by ``player``, checked before (``check_draw_play``): the draw, then the
    card played as ``plays.play`` plays it (R3.4); on a pending penalty (R5.7,
    ``penalty_ends_turn = false``) the penalty taken, then the card played from the
    hand as an ordinary play.  ``count`` (R10.50, ``d 3 5h``, checked before by
    ``check_counted``): the cards drawn, the last one the card played.  Returns the
    index in ``ev`` of the event whose rule the ruling cites: the play's, after a
    penalty taken, else the first."""
    told = len(ev)  # (the draw is told before a reshuffle it needs)
    if count > 1:  # (the cards drawn before the one played: R10.50)
        take(h, player, count - 1, ev)
    if reshuffles_first(h):
        take(h, player, 0, ev, reshuffle=True)
    if h.last_card:
        lastcard.typed_draw(h, player)
    if h.pending:
        take_penalty(h, player, ev)
        cited = len(ev)
        plays.play(h, player, card, suit, ev)
        return cited
    # One card off the draw pile (a draw owed, R6.2, is settled by ``play``) (it has
    # one: reshuffled above, or refused).
    ev.insert(told, Drew(player, 1, Drew.DRAW_PLAY, card=card) if count == 1 else
              Drew(player, count, Drew.COUNTED_PLAY, card=card))
    h.draw_pile -= 1
    h.counts[player] += 1
    if h.last_card:
        lapse(h, player)
    plays.play(h, player, card, suit, ev)
    return 0


def draw_play_refusal(h, player: str, card: Card | None) -> Refusal | None:
    """Why no ``d CARD`` by ``player`` may be played now, whatever the card (R5.7,
    R3.4, R6.2, R3.6; ``card`` only for the sentence), or None: then the card's own
    checks decide (``matching.check_play``, on a pending penalty once it is taken)."""
    r = h.rules
    if h.pending_skip:
        if h.skip_stacks:
            return Refusal(Reason.WAIT_NO_DRAW, "R10.21", name=player, rank=h.skip_rank,
                           n=h.pending_skip)
        return Refusal(Reason.SKIP_NO_DRAW, "R5.11", name=player, rank=h.skip_rank,
                       n=h.pending_skip)
    if h.pending and r.penalty_ends_turn:
        return Refusal(Reason.PENDING_DRAW_PLAY, "R5.7", card=card, n=h.pending)
    if not r.draw_then_play:
        return Refusal(Reason.NO_DRAW_THEN_PLAY, "R3.4", house=("draw_then_play", False))
    if h.pending:
        return None
    if h.owed:
        owed = h.owed.get(player)
        if owed is not None and owed != 1:
            return Refusal(Reason.OWED_MANY, "R6.2", n=owed,
                           house=("finish_on_action_draw", owed))
    if not h.draw_pile and exhausted(h):  # (asked only of an empty draw pile)
        return Refusal(Reason.NOTHING_TO_DRAW, "R3.6")
    return None


def draw_play_mask(h, player: str) -> int:
    """The cards ``d CARD`` by ``player`` may name now, the deck checks aside: the
    checks ``check_draw_play`` makes, asked once for every card (on a pending
    penalty the penalty is taken on trial and put back, R5.7)."""
    if draw_play_refusal(h, player, None) is not None:
        return 0
    if not h.pending:
        return matching.play_mask(h, h.counts[player])  # (one drawn, one played)
    return _penalty_taken(h, player, lambda: matching.play_mask(h, h.counts[player] - 1))


def _penalty_taken(h, player: str, ask):
    """``ask()`` with ``player``'s pending penalty taken on trial (R5.7: ``d CARD``
    then plays from the hand the penalty leaves), then put back; what it returns
    or raises."""
    snap = Snapshot(h)
    take_penalty(h, player, [])
    try:
        return ask()
    finally:
        snap.restore(h)


def reshuffles_first(h) -> bool:
    """Whether a ``d CARD`` now reshuffles before its card is checked (R3.5: the
    draw pile is empty and no penalty is pending)."""
    return h.draw_pile == 0 and not h.pending


def take_penalty(h, player: str, ev: list) -> int:
    """``player`` takes the whole pending penalty (R5.7); it replaces an owed draw (R6.2)."""
    n = h.pending
    h.pending, h.pending_kind = 0, None
    h.owed.pop(player, None)
    drew = Drew(player, n, Drew.PENALTY)
    ev.append(drew)
    drew.n = take(h, player, n, ev)
    return drew.n
