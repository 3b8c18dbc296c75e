"""R3.5 / R3.6 The piles: drawing, the reshuffle, exhausted piles; R4.5 the lapse.

What every draw shares, below the rules that draw: a turn's draw and the
penalty (``turn``), the draws an action card applies (``actions``), a call's
(``lastcard``), a correction's (``corrections``).

- R3.5 / R3.6 reshuffle, exhausted ... ``take``, ``exhausted``
- a draw the referee applies ......... ``applied_draw`` (a Five, a King, a penalty at
  once, R3.8, a false call R4.4)
- R4.5 lapse ......................... ``lapse`` (the count changed: the last-card duty
  and the chance to call end)
"""

from __future__ import annotations

from referee.engine.events import Drew, Forgiven, Reshuffled


def lapse(h, player: str) -> None:
    """R4.5: the duty and the chance to call end when the count changes."""
    h.last_card.pop(player, None)


def exhausted(h) -> bool:
    """R3.6: the draw pile is empty and the discard pile holds only its top card."""
    return h.draw_pile == 0 and len(h.discard) <= 1


def take(h, player: str, n: int, ev: list, reshuffle: bool = False) -> int:
    """``player`` draws up to ``n`` cards, reshuffling when the draw pile runs out
    (R3.5) and forgiving what is not there (R3.6); ``reshuffle``: reshuffle first
    if the draw pile is empty even for no card.  Returns the cards drawn.

    The caller tells the draw itself (a ``Drew`` event, put before this call so
    that the events keep the order things happened in); ``take`` adds
    ``Reshuffled`` and ``Forgiven``.
    """
    if n <= h.draw_pile and not reshuffle:
        if n:
            h.draw_pile -= n
            h.counts[player] += n
            if h.last_card:
                lapse(h, player)
        return n
    got = 0
    while got < n or reshuffle:
        reshuffle = False
        if h.draw_pile == 0:
            if len(h.discard) <= 1:
                break
            top = h.discard[-1]
            moved = len(h.discard) - 1
            h.draw_pile = moved
            h.discard = [top]
            h.copies = {top: 1}
            ev.append(Reshuffled(moved))
        take_now = min(n - got, h.draw_pile)
        h.draw_pile -= take_now
        got += take_now
    if got:
        h.counts[player] += got
        lapse(h, player)
    if got < n:
        ev.append(Forgiven(player, n=n - got, got=got))
    return got


def applied_draw(h, player: str, n: int, ev: list) -> int:
    """A draw the referee applies (a Five, a King, a penalty at once, R3.8, R4.4): told."""
    drew = Drew(player, n, Drew.APPLIED)
    ev.append(drew)
    drew.n = take(h, player, n, ev)
    return drew.n
