"""R3 A turn: matching, playing, drawing, the reshuffle, the blocked hand.

- R0.3 checks of a card, in order .. ``check_play`` (deck R1.3/R1.4, penalty R5.7,
  matching R3.1-R3.3, a Jack's suit R5.4, finishing R6.2); what it lets through for
  every card at once: ``play_mask`` (the legality API's, ``legality.legal``)
- R3.1-R3.3 matching ............... ``compiled.matches`` (compiled), ``match_refusal``
- R3.4 draw, draw-and-play ......... ``draw`` (the checks of ``d CARD`` that do not
  depend on the card: ``draw_play_refusal``; for every card at once: ``draw_play_mask``)
- R3.5 / R3.6 reshuffle, exhausted . ``piles.take``, ``piles.exhausted``
- R3.8 illegal play ................ ``Hand._refusal_effect`` (the one effect of a refusal)
- R3.9 blocked hand ................ ``check_blocked``
- R5.7 ``d CARD`` on a penalty ...... ``draw`` (taken, then an ordinary play)
- a card put on the discard pile ... ``play`` (then R6.1/R6.3 ``goingout.go_out`` or R5 ``actions.effect``)
- R3.10 several cards of one rank .. ``together_refusal`` (its checks), ``play_together``
  (one play: ``play`` puts every card down, then each acts, then the turn passes)
"""

from __future__ import annotations

from referee.engine.cards import JOKER as JOKER_RANK, Card
from referee.engine import actions, goingout, lastcard, order, table
from referee.engine.events import Blocked, Drew, Played, PlaysOn, Reason, Refusal
from referee.engine.piles import exhausted, lapse, take
from referee.engine.state import Snapshot


# -- matching and the checks of a play (R0.3) ---------------------------------

def match_refusal(h, card: Card) -> Refusal:
    """The refusal of a card that does not match (R3.1, or R3.3 with a named suit;
    R5.11 facing a skip passed on; R9.6 / R9.9 under a limit)."""
    if h.pending_skip:
        return Refusal(Reason.MUST_ANSWER_SKIP, "R5.11", card=card, rank=h.skip_rank,
                       n=h.pending_skip)
    if h.limit is not None:
        rule = "R9.6" if h.limit[0] == "follow" else "R9.9"
        return Refusal(Reason.LIMIT, rule, card=card, limit=h.limit)
    if h.named_suit is not None:
        return Refusal(Reason.MATCH_NAMED, "R3.3", card=card, suit=h.named_suit,
                       allowed=h.allowed())
    return Refusal(Reason.MATCH, "R3.1", card=card, top=h.discard[-1], allowed=h.allowed())


def play_mask(h, count_after: int) -> int:
    """The cards a player holding ``count_after`` cards after the play may put on the
    discard pile now, a bit mask by card id, the deck checks aside: on a pending
    penalty what stacks on it (R5.7), else what fits the top card with the named
    suit in force (R3.1-R3.3); going out, no action card (R6.2); a Jack taken with
    a suit named; facing a skip passed on, its rank (R5.11); under a limit, what it
    lets through (R9.6, R9.9).  What ``check_play`` lets through, asked once for
    every card."""
    t = h.tables
    if h.pending:
        mask = t.stackers.get(h.pending_kind, 0)
    elif h.pending_skip:
        mask = t.limit(("rank", h.skip_rank))
        if h.skip_rank != JOKER_RANK:  # (a Joker passes on only a Joker's skip)
            mask &= ~t.limit(("rank", JOKER_RANK))
    elif h.limit is not None:
        mask = t.limit(h.limit)
    else:
        top = h.discard[-1]
        mask = t.fit_rows[h.named_suit][top.id]
        if mask is None:
            mask = t.fits(top, h.named_suit)
    if count_after == 0:
        return mask & goingout.finishers(h)
    return mask


def opening_mask(h) -> int:
    """The cards that pass the penalty and matching checks of R0.3 now (R5.7,
    R3.1-R3.3): ``play_mask`` for a play that does not empty the hand."""
    return play_mask(h, 1)


def names_suit(h, card: Card, count_after: int) -> bool:
    """R5.4, R9.8: a play of ``card`` leaving ``count_after`` cards must name a suit (a
    Jack, or a rank with ``name_suit``, unless it empties the hand: under R9.15
    ``draw_after`` a last card that stands still names one)."""
    return (count_after > 0 or h.tables.draw_after >> card.id & 1) and h.tables.names[card.id]


def check_play(h, player: str, card: Card, suit: str | None, count_after: int) -> None:
    """Every check of R0.3 from the deck on, for ``player`` putting ``card`` on the
    discard pile and holding ``count_after`` cards after it; raises ``Refusal``.

    The Jack's suit (R5.4, the hand not emptied) and the finishing card (R6.2,
    the hand emptied) never apply together, so ``play_mask`` answers for all the
    checks after the deck but the suit."""
    table.check_deck(h, card)
    if not play_mask(h, count_after) >> card.id & 1:
        if not opening_mask(h) >> card.id & 1:
            raise actions.must_stack_refusal(h, card) if h.pending else match_refusal(h, card)
        raise goingout.finish_refusal(h, player, card)
    if suit is None:
        if names_suit(h, card, count_after):
            raise Refusal(Reason.JACK_SUIT, h.tables.rule[card.id] or "R9.8", card=card)
    elif not h.tables.names[card.id]:
        raise Refusal(Reason.NO_SUIT_TO_NAME, "R5.4", card=card)


# -- a card played -------------------------------------------------------------

def play(h, player: str, card: Card, suit: str | None, ev: list, checked: bool,
         more: tuple[Card, ...] = ()) -> None:
    """``player`` plays ``card`` (naming ``suit`` with a Jack): the checks of R0.3
    unless ``checked`` (already made), then the card goes on the discard pile and
    takes effect (R3.1, R5, R6.1).  ``more``: the further cards of a double, already
    checked (``play_together``, R3.10): they go down after ``card``, the last on top,
    before any card's effect; the hand after them all decides R4 and R6."""
    counts = h.counts
    count_after = counts[player] - 1 - len(more)
    if not checked:
        check_play(h, player, card, suit, count_after)
    counts[player] = count_after
    h.discard.append(card)
    copies = h.copies
    copies[card] = copies.get(card, 0) + 1
    for other in more:
        h.discard.append(other)
        copies[other] = copies.get(other, 0) + 1
    h.named_suit = None
    h.limit = None
    h.pending_skip = 0
    h.penalty_turn = None
    if h.idle:
        h.idle.clear()
    if h.owed:
        h.owed.pop(player, None)
    if h.last_card:
        lastcard.played(h, player)
    if count_after < 2:
        if count_after == 1:
            h.last_card[player] = "open"
        elif h.tables.draw_after >> card.id & 1:
            # R9.15 draw_after: the card stands; the player draws first, then its effect
            # applies (no hand is empty while an effect runs)
            goingout.draw_after(h, player, more[-1] if more else card, ev)
        else:
            goingout.go_out(h, player, card, ev, more)
            return
    if h.tables.action[card.id]:
        actions.effect(h, player, card, suit, ev, more)
    else:
        ev.append(Played(player, card))
        for other in more:
            ev.append(Played(player, other))
        order.pass_turn(h, player)


# -- several cards of one rank as one play (R3.10) ------------------------------

def together_refusal(h, player: str, cards: tuple[Card, ...], suit: str | None) -> Refusal | None:
    """Why ``player`` may not put ``cards`` (two or more, in order) down as one play now,
    or None; in R0.3 order: doubles at this table, one rank and no more cards than
    ``player`` holds (R3.10), the deck for
    each card with the play's earlier cards counted (R1.3, R1.4), then every check of
    the first card (``check_play``: R5.7, R3.1-R3.3, R5.4) with the hand as the whole
    play leaves it (R6.2).  The one statement of what a double needs (``play_together``,
    ``Legal.may_double``)."""
    first = cards[0]
    if not h.tables.doubles:  # (R3.10, ``multi_play``)
        return Refusal(Reason.NO_DOUBLES, "R3.10", house=("multi_play", h.rules.multi_play))
    for card in cards[1:]:
        if card.rank != first.rank:
            return Refusal(Reason.DOUBLE_RANK, "R3.10", card=card, first=first)
    held = h.counts[player]
    if len(cards) > held:  # (the real hand cannot hold them: a mis-entry)
        return Refusal(Reason.DOUBLE_COUNT, "R3.10", name=player, n=held, cards=len(cards))
    copies = dict(h.copies)
    try:
        for card in cards:
            table.check_deck(h, card, copies)
            copies[card] = copies.get(card, 0) + 1
        check_play(h, player, first, suit, h.counts[player] - len(cards))
    except Refusal as refused:
        if refused.event.reason is Reason.JACK_SUIT:  # (the entry to type is the whole play)
            refused.event.fields["play"] = "+".join(map(str, cards))
        return refused
    return None


def play_together(h, player: str, cards: tuple[Card, ...], suit: str | None, ev: list,
                  checked: bool) -> None:
    """R3.10: ``player`` puts ``cards`` down as one play (the checks of
    ``together_refusal`` unless ``checked``).  The play is one play: every card goes
    on the discard pile in the order typed, the last on top; then each card's effect
    applies in order, as that card's would (penalties add up on the one player they
    fall on, skips add up, each reverse turns play, each card move happens), and
    the turn passes once, after them all (``actions.effect``).  The hand after the
    whole play decides R4 and R6: a play that ends the hand has no effect (R6.1,
    R6.2)."""
    if not checked:
        refused = together_refusal(h, player, cards, suit)
        if refused is not None:
            raise refused
    play(h, player, cards[0], suit, ev, True, cards[1:])


# -- drawing (R3.4-R3.6) -------------------------------------------------------

def draw(h, player: str, card: Card | None, suit: str | None, ev: list,
         checked: bool = False) -> None:
    """``d`` or ``d CARD`` by ``player`` (R3.4, R5.7, R6.2): the checks of R0.3 in their
    order unless ``checked`` (already made: ``Legal.draw``, ``Legal.may_draw_play``),
    then the draw, and for ``d CARD`` the card played as ``play`` plays it."""
    r = h.rules
    if h.pending_skip and not checked:  # (no draw at all, R5.11: draw_play_refusal first)
        raise draw_play_refusal(h, player, card)
    if card is not None:
        told = len(ev)  # (the draw is told before a reshuffle it needs)
        if reshuffles_first(h):
            take(h, player, 0, ev, reshuffle=True)
        if not checked:
            table.check_deck(h, card)
            refused = draw_play_refusal(h, player, card)
            if refused is not None:
                raise refused
        if h.pending:
            # R5.7, penalty_ends_turn = false: take the penalty, then play the card as
            # an ordinary play (the ruling cites the play's rule).
            if h.last_card:
                lastcard.typed_draw(h, player)
            take_penalty(h, player, ev)
            h.cite = len(ev)
            play(h, player, card, suit, ev, checked)
            return
        if not checked:
            check_play(h, player, card, suit, h.counts[player])  # (one drawn, one played)
        if h.last_card:
            lastcard.typed_draw(h, player)
        # One card off the draw pile (a draw owed, R6.2, is settled by ``play``) (it has one: reshuffled above, or refused).
        ev.insert(told, Drew(player, 1, Drew.DRAW_PLAY, card=card))
        h.draw_pile -= 1
        h.counts[player] += 1
        if h.last_card:
            lapse(h, player)
        play(h, player, card, suit, ev, True)
        return
    if h.last_card:
        lastcard.typed_draw(h, player)
    h.limit = None
    if h.pending:
        got = take_penalty(h, player, ev)
        if r.penalty_ends_turn:
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


def draw_play_refusal(h, player: str, card: Card | None) -> Refusal | None:
    """Why no ``d CARD`` by ``player`` may be played now, whatever the card (R5.7,
    R3.4, R6.2, R3.6; ``card`` only for the sentence), or None: then the card's own
    checks decide (``check_play``, on a pending penalty once it is taken)."""
    r = h.rules
    if h.pending_skip:
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
    checks ``draw`` makes, asked once for every card (on a pending penalty the
    penalty is taken on trial and put back, R5.7)."""
    if draw_play_refusal(h, player, None) is not None:
        return 0
    if not h.pending:
        return play_mask(h, h.counts[player])  # (one drawn, one played)
    snap = Snapshot(h)
    take_penalty(h, player, [])
    mask = play_mask(h, h.counts[player] - 1)
    snap.restore(h)
    return mask


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


# -- the blocked hand (R3.9) ---------------------------------------------------

def check_blocked(h, ev: list) -> None:
    """R3.9: piles exhausted and every player in the hand had a blank turn: blocked.
    Under ``last_holder`` with a player out, the first out is the hand's winner (R6.3)."""
    if h.status != "playing" or not exhausted(h):
        return
    if all(p in h.idle for p in h.active):
        h.status, h.blocked, h.turn = "over", True, None
        if h.places:
            h.winner = h.places[0]
        h.pending, h.pending_kind = 0, None
        ev.append(Blocked())
