"""R3.9 the blocked hand: exhausted piles and a blank turn for everyone."""

from __future__ import annotations

from referee.engine import goingout
from referee.engine.events import Blocked
from referee.engine.piles import exhausted


def check_blocked(h, ev: list) -> None:
    """R3.9: piles exhausted and every player in the hand had a blank turn: blocked.
    Under ``last_holder`` with a player out, the first out is the hand's winner (R6.3)."""
    if h.status != "playing" or not exhausted(h):
        return
    if all(p in h.idle for p in h.active):
        goingout.hand_over(h, h.places[0] if h.places else None, blocked=True)
        ev.append(Blocked())
