"""A card put on the discard pile (R3.1): the play itself, then R4.1 / R6 / R5.

``play`` applies a play already checked (``matching.check_play``, or for several
cards ``doubles.check_together``): the cards go down, what the last play left in
force ends, then the hand after the play decides R4.1 (one card left), R6.1 /
R6.3 (none: ``goingout.go_out``) or R9.15 (``goingout.draw_after``), and the card
acts (R5: ``actions.effect``) or the turn passes.
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import actions, demands, goingout, lastcard, order, runs
from referee.engine.events import Played, RunThrough


def play(h, player: str, card: Card, suit: str | None, ev: list,
         more: tuple[Card, ...] = ()) -> None:
    """``player`` plays ``card`` (naming ``suit`` with a Jack), checked before
    (``matching.check_play``; unchecked only on ``Hand.push``'s contract): the card
    goes on the discard pile and takes effect (R3.1, R5, R6.1).  ``more``: the further
    cards of a double (``doubles.check_together``, R3.10): they go down after
    ``card``, the last on top, before any card's effect; the hand after them all
    decides R4 and R6.  A run (``doubles.check_together``, R10.60): its cards
    before its last rank go down first and do nothing (R10.64), told in a
    ``RunThrough``; the cards of its last rank are played as a double's."""
    through, card, more = runs.split(card, more)
    counts = h.counts
    count_after = counts[player] - 1 - len(more) - len(through)
    counts[player] = count_after
    copies = h.copies
    for other in through:  # (R10.64: a run's cards before its last rank)
        h.discard.append(other)
        copies[other] = copies.get(other, 0) + 1
    if through:
        ev.append(RunThrough(player, through, ("multi_play", h.rules.multi_play)))
    h.discard.append(card)
    copies[card] = copies.get(card, 0) + 1
    for other in more:
        h.discard.append(other)
        copies[other] = copies.get(other, 0) + 1
    h.named_suit = None
    h.limit = None
    if not h.skip_stacks:  # (R10.21: a card added to a wait carries its total on, ``_skip``)
        h.pending_skip = 0
    if h.demand is not None:  # R10.22: the demander's turn came back, or a card demands anew
        demands.played(h, player, card)
    h.penalty_turn = None
    if h.idle:
        h.idle.clear()
    if h.owed:
        h.owed.pop(player, None)
    if h.last_card:
        lastcard.played(h, player)
    t = h.tables
    if count_after < 2:
        if count_after == 1:
            h.last_card[player] = "open"
        elif t.draw_after >> card.id & 1:
            # R9.15 draw_after: the card stands; the player draws first, then its effect
            # applies (no hand is empty while an effect runs)
            goingout.draw_after(h, player, more[-1] if more else card, ev)
        else:
            goingout.go_out(h, player, card, ev, more)
            return
    if t.action[card.id]:
        actions.effect(h, player, card, suit, ev, more)
    else:
        ev.append(Played(player, card))
        for other in more:
            ev.append(Played(player, other))
        order.pass_turn(h, player)
