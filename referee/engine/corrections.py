"""R0.2 Corrections: the table agrees the referee's picture is wrong (``fix ...``).

``fix`` applies one; undo, redo and replay are ``Hand.undo``, ``Hand.redo``,
``Hand.replay``.  A correction has no turn or action effect.
"""

from __future__ import annotations

from referee.engine import goingout, piles, table
from referee.engine.events import Drew, Fixed, Reason, Refusal, Reshuffled


def fix(h, what: str, target: str, amount: int, card, suit, ev: list) -> None:
    """Apply ``fix draw|count|play`` for ``target`` (R0.2); raises ``Refusal``.  A
    ``fix play`` names ``suit`` only with a card that names one under these rules
    (the compiled ``Tables.names``: R5.4, R9.8; else refused citing R5.4)."""
    if target in h.left:
        raise Refusal(Reason.LEFT, "R1.5", name=target)
    h.corrections += 1
    if what == "draw":
        fixed = Fixed("draw", target, amount)
        drew = Drew(target, amount, Drew.FIX)
        ev += (fixed, drew)
        moved: list = []
        drew.n = fixed.n = piles.take(h, target, amount, moved)
        ev += [e for e in moved if type(e) is Reshuffled]  # (what is forgiven is not told)
    elif what == "count":
        old = h.counts[target]
        diff = amount - old
        if diff > h.draw_pile:
            raise Refusal(Reason.FIX_COUNT, "R0.2", name=target, n=amount, pile=h.draw_pile)
        h.counts[target] = amount
        h.draw_pile -= diff
        if diff:
            piles.lapse(h, target)
        ev.append(Fixed("count", target, amount, old))
        if amount == 0:
            _won(h, target, None, ev)
    else:
        table.check_deck(h, card)
        names = h.tables.names[card.id]   # (R5.4, R9.8: the compiled table answers)
        if suit is not None and not names:
            raise Refusal(Reason.NO_SUIT_TO_NAME, "R5.4", card=card)
        if h.counts[target] < 1:
            raise Refusal(Reason.FIX_PLAY, "R0.2", name=target)
        h.counts[target] -= 1
        h.discard.append(card)
        h.copies[card] = h.copies.get(card, 0) + 1
        h.named_suit = suit if names else None
        h.idle.clear()
        piles.lapse(h, target)
        ev.append(Fixed("play", target, card=card))
        if h.counts[target] == 0:
            _won(h, target, card, ev)


def _won(h, target: str, card, ev: list) -> None:
    """R6.1 after a correction: the hand ends as after any play that empties a hand
    (``goingout.go_out``: a pending penalty lapses with it); under ``hand_end =
    "last_holder"`` the player is out instead (R6.3)."""
    goingout.go_out(h, target, card, ev)
