"""R2 The deal and the starter.

- R2.2 deal size ...................... ``HandState.reset`` (``rules.check_table_fits``
  checks that the deal and the starter fit the deck(s))
- R2.3 the starter, R2.5 first player . ``start``
- R2.4 an action starter has no effect  ``start`` (``start_card = "applies"``: a Two or
  Joker is a penalty, an Eight skips, an Ace reverses)
"""

from __future__ import annotations

from referee.engine.cards import JOKER, Card
from referee.engine import order, table
from referee.engine.events import FreeOrder, Reason, Refusal, Started


def start(h, named: str | None, card: Card, ev: list) -> None:
    """The dealer (``named``) turns the starter ``card`` (R2.3-R2.5)."""
    if h.status == "over" or h.scored:
        raise Refusal(Reason.OVER, "R6.1")
    if h.status != "waiting":
        raise Refusal(Reason.STARTED, "R2.3")
    if named != h.dealer:
        raise Refusal(Reason.START_DEALER, "R2.3", name=named, dealer=h.dealer)
    table.check_deck(h, card)
    h.draw_pile -= 1
    h.discard = [card]
    h.copies = {card: 1}
    h.status = "playing"
    first = h.first_player()
    h.turn = None if h.free else first
    rank = card.rank
    action = h.tables.action[card.id]  # (R2.4 only for an action card under these rules)
    if action and h.rules.start_card == "applies" and rank in ("2", JOKER, "8", "A"):
        house = ("start_card", "applies")
        if rank in ("2", JOKER):
            h.pending = 2 if rank == "2" else h.rules.joker_penalty
            h.pending_kind = rank
            h.turn = first
            ev.append(Started(card, Started.PENALTY, free=h.free, turn=first, rule="R2.4",
                              house=house, victim=first, n=h.pending))
        elif rank == "8":  # (seated order only: in free order an Eight is no action card)
            order.pass_turn(h, h.dealer, lose_next=True)
            ev.append(Started(card, Started.EIGHT, free=h.free, turn=h.turn, rule="R2.4",
                              house=house, lost=first))
        else:
            h.direction = -1
            if not h.free:
                h.turn = order.next_seat(h, h.dealer)
            ev.append(Started(card, Started.ACE, free=h.free, turn=h.turn, rule="R2.4",
                              house=house))
        return
    ev.append(Started(card, Started.NO_EFFECT if action else Started.PLAIN, free=h.free,
                      turn=h.turn, rule="R2.4" if action else "R2.3"))
    if h.free:
        ev.append(FreeOrder())
