"""R2 The deal and the starter.

- R2.2 deal size ...................... ``HandState.reset`` (``rulecheck.check_table_fits``
  checks that the deal and the starter fit the deck(s))
- R2.3 the starter, R2.5 first player . ``start`` (a suit typed after a starter that
  names none is refused)
- R2.4 an action starter has no effect  ``start`` (``start_card = "applies"``: the
  starter is the dealer's play, R9.16)
- R9.16 ``[start]``: ``applies`` for the ranks of ``ranks`` (the starter goes through
  ``actions.effect`` as the dealer's play, with the steps of ``tables.start_steps``),
  ``redraw`` (the starter goes back and another is turned)
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import actions, table
from referee.engine.events import FreeOrder, Reason, Refusal, Started


def start(h, named: str | None, card: Card, ev: list, suit: str | None = None) -> None:
    """The dealer (``named``) turns the starter ``card`` (R2.3-R2.5); ``suit``: the
    suit the dealer names with a starter that names one (R9.16).  Raises ``Refusal``
    when the hand has started or is over, ``named`` is not the dealer, the card is not
    in the deck, a starter that names a suit comes without one (R9.16) or a suit
    comes with a starter that names none (R2.3)."""
    if h.status == "over" or h.scored:
        raise Refusal(Reason.OVER, "R6.1")
    if h.status != "waiting":
        raise Refusal(Reason.STARTED, "R2.3")
    if named != h.dealer:
        raise Refusal(Reason.START_DEALER, "R2.3", name=named, dealer=h.dealer)
    table.check_deck(h, card)
    tables = h.tables
    names = needs_suit(h, card)
    if suit is not None and not names:
        raise Refusal(Reason.START_NO_SUIT, "R2.3", card=card)
    action = tables.action[card.id]  # (R2.4 only for an action card under these rules)
    if tables.start_redraw >> card.id & 1:  # R9.16: back into the draw pile, another is turned
        ev.append(Started(card, Started.REDRAW, free=h.free, turn=None, rule="R9.16",
                          house=("start.mode", "redraw")))
        return
    if names and suit is None:
        raise Refusal(Reason.START_SUIT, "R9.16", card=card, name=h.dealer)
    h.draw_pile -= 1
    h.discard = [card]
    h.copies = {card: 1}
    h.status = "playing"
    if tables.start_steps[card.id]:
        _dealers_play(h, card, suit, ev)
        return
    h.turn = None if h.free else h.first_player()
    ev.append(Started(card, Started.NO_EFFECT if action else Started.PLAIN, free=h.free,
                      turn=h.turn, rule="R2.4" if action else "R2.3"))
    if h.free:
        ev.append(FreeOrder())


def needs_suit(h, card: Card) -> bool:
    """R9.16: the starter ``card`` acts (``[start] mode = "applies"``, its rank in
    ``ranks``) and names a suit: the dealer types it, ``start Jh s``."""
    return bool(h.tables.start_applies >> card.id & 1) and h.tables.names[card.id]


def _dealers_play(h, card: Card, suit: str | None, ev: list) -> None:
    """R2.4 ``start_card = "applies"``, R9.16 ``[start] mode = "applies"``: the starter
    counts as the dealer's play.  It goes through the one interpreter of the
    effects (``actions.effect``) with the dealer as the player, so a penalty or a
    skip falls on the next seat, a reverse turns the play before the turn passes
    from the dealer, and the dealer names the suit; its steps
    (``tables.start_steps``) leave out what does nothing at the start (``again``,
    ``show``, the card moves)."""
    r = h.rules
    house = ("start_card", "applies") if "mode" not in r.start else ("start.mode", "applies")
    told = len(ev)
    ev.append(Started(card, Started.APPLIES, free=h.free, turn=None, rule="R2.4",
                      house=house, victim=h.dealer))
    actions.effect(h, h.dealer, card, suit, ev, table=h.tables.start_steps)
    ev[told].turn = h.turn
    if h.free:
        ev.append(FreeOrder())
