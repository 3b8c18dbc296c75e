"""R2 The deal and the starter.

- R2.2 deal size ...................... ``HandState.reset`` (``rules.check_table_fits``
  checks that the deal and the starter fit the deck(s))
- R2.3 the starter, R2.5 first player . ``start``
- R2.4 an action starter has no effect  ``start`` (``start_card = "applies"``: a Two or
  Joker is a penalty, an Eight skips, an Ace reverses: ``_applies``, R9.16)
- R9.16 ``[start]``: ``applies`` for the ranks of ``ranks``, ``redraw`` (the starter
  goes back and another is turned)
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import order, piles, table
from referee.engine.events import FreeOrder, Reason, Refusal, Started


def start(h, named: str | None, card: Card, ev: list, suit: str | None = None) -> None:
    """The dealer (``named``) turns the starter ``card`` (R2.3-R2.5); ``suit``: the
    suit the dealer names with a starter that names one (R9.16)."""
    if h.status == "over" or h.scored:
        raise Refusal(Reason.OVER, "R6.1")
    if h.status != "waiting":
        raise Refusal(Reason.STARTED, "R2.3")
    if named != h.dealer:
        raise Refusal(Reason.START_DEALER, "R2.3", name=named, dealer=h.dealer)
    table.check_deck(h, card)
    tables = h.tables
    action = tables.action[card.id]  # (R2.4 only for an action card under these rules)
    if tables.start_redraw >> card.id & 1:  # R9.16: back into the draw pile, another is turned
        ev.append(Started(card, Started.REDRAW, free=h.free, turn=None, rule="R9.16",
                          house=("start.mode", "redraw")))
        return
    applies = tables.start_applies >> card.id & 1
    if applies and suit is None and tables.names[card.id]:
        raise Refusal(Reason.START_SUIT, "R9.16", card=card, name=h.dealer)
    h.draw_pile -= 1
    h.discard = [card]
    h.copies = {card: 1}
    h.status = "playing"
    first = h.first_player()
    h.turn = None if h.free else first
    if applies:
        _applies(h, card, suit, ev)
        return
    ev.append(Started(card, Started.NO_EFFECT if action else Started.PLAIN, free=h.free,
                      turn=h.turn, rule="R2.4" if action else "R2.3"))
    if h.free:
        ev.append(FreeOrder())


def names_suit(h, card: Card) -> bool:
    """R9.16: the starter ``card`` acts (``[start] mode = "applies"``, its rank in
    ``ranks``) and names a suit: the dealer types it, ``start Jh s``."""
    return bool(h.tables.start_applies >> card.id & 1) and h.tables.names[card.id]


def _applies(h, card: Card, suit: str | None, ev: list) -> None:
    """R2.4 ``start_card = "applies"``, R9.16 ``[start] mode = "applies"``: the starter
    acts as if the dealer had played it, effect by effect: a penalty or a skip
    for the first player, a reversed direction, the suit the dealer names, a
    limit, draws at once.  ``again``, ``show`` and card moves do nothing."""
    r = h.rules
    dealer, first = h.dealer, h.first_player()
    # (R2.4 is the rule of an action starter; the house rule says which table set it)
    rule = "R2.4"
    house = ("start_card", "applies") if "mode" not in r.start else ("start.mode", "applies")
    told = len(ev)
    for e in h.tables.effects[card.id]:
        kind = e.kind
        if e.pending_draw:
            h.pending += e.n
            h.pending_kind = card.rank
            ev.append(Started(card, Started.PENALTY, free=h.free, turn=first, rule=rule,
                              house=house, victim=first, n=h.pending))
        elif kind == "skip" and e.pass_on:
            h.pending_skip, h.skip_rank = e.n, card.rank
            ev.append(Started(card, Started.SKIP_PENDING, free=h.free, turn=first, rule=rule,
                              house=house, victim=first, n=e.n))
        elif kind == "skip":
            h.skips[first] = h.skips.get(first, 0) + e.n
            ev.append(Started(card, Started.EIGHT, free=h.free, turn=None, rule=rule,
                              house=house, lost=first, n=e.n))
        elif kind == "reverse":
            h.direction = -h.direction
            ev.append(Started(card, Started.ACE, free=h.free, turn=None, rule=rule, house=house))
        elif kind == "name_suit":
            h.named_suit = suit
            ev.append(Started(card, Started.SUIT, free=h.free, turn=None, rule=rule,
                              house=house, victim=dealer, suit=suit))
        elif kind.startswith("next_"):
            h.limit = (kind[len("next_"):], e.rank if kind == "next_rank" else e.value)
            ev.append(Started(card, Started.LIMIT, free=h.free, turn=None, rule=rule,
                              house=house, limit=h.limit))
        elif kind in ("draw", "others_draw"):
            victims = ([p for p in h.active if p != dealer] if kind == "others_draw" else
                       [dealer if e.to == "self" else order.previous_seat(h, dealer)
                        if e.to == "previous" else first])
            ev.append(Started(card, Started.DRAWS, free=h.free, turn=None, rule=rule,
                              house=house, victim=victims[0] if len(victims) == 1 else None,
                              n=e.n))
            for p in victims:
                piles.applied_draw(h, p, e.n, ev)
    if len(ev) == told:  # (nothing of it acts at the start)
        ev.append(Started(card, Started.NO_EFFECT, free=h.free, turn=h.turn, rule=rule))
    if h.pending_kind or h.pending_skip:  # (a penalty aimed, even of 0 cards: its victim acts)
        h.turn = first
    elif not h.free:
        order.pass_turn(h, dealer)
    for event in ev[told:]:
        if isinstance(event, Started) and event.turn is None:
            event.turn = h.turn
