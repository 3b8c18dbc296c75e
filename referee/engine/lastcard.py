"""R4 Last card, "Laatste kaart!": the duty, the window, calls, the lapse; the
call's own word and penalty of a rule set (R10.80, R10.81, ``HouseRules.last_call``);
the call on going out (R10.82, R10.83: ``out_call``).

The state is ``last_card``: per player with a duty, ``"open"`` (window open,
not announced), ``"announced"``, ``"missed"`` (window closed unannounced:
callable), ``"called"``.

- R4.1 duty ........... ``plays.play`` opens the window (one card left)
- R4.2 window ......... ``played``, ``typed_draw`` (another player acted: open windows close)
- R4.1 / R4.2 announce  ``announce``
- R10.84 a false call . ``announce`` (no call due: ``false_penalty`` cards)
- R4.3 / R4.4 call .... ``call``
- R4.5 lapse .......... ``piles.lapse`` (the count changed: every draw's, below this module)
- R10.82 / R10.83 the call on going out .. ``out_call``
"""

from __future__ import annotations

from referee.engine import piles
from referee.engine.events import (
    Announced, Called, Drew, FalseAnnounced, FalseCall, OutCalled, Reason, Refusal, WentOut,
    Won)


def close_windows(h, actor: str) -> None:
    """Another player acted (an accepted play or a typed draw): open windows close (R4.2)."""
    lk = h.last_card
    for p, s in lk.items():
        if s == "open" and p != actor:
            lk[p] = "missed"


def played(h, player: str) -> None:
    """``player`` played a card: other windows close (R4.2), their own duty lapses (R4.5)."""
    if "open" in h.last_card.values():
        close_windows(h, player)
    h.last_card.pop(player, None)


def typed_draw(h, player: str) -> None:
    """``player`` typed a draw: other open windows close (R4.2)."""
    if "open" in h.last_card.values():
        close_windows(h, player)


def announce(h, player: str | None, ev: list) -> None:
    """``player`` says "Laatste kaart!" (R4.1; too late after the window, R4.2); said
    with no call due, holding other than one card, it costs the rule set's
    ``false_penalty`` cards (R10.84), else it has no effect (R4.1)."""
    state = h.last_card.get(player) if player else None
    word = h.rules.last_call_word()  # (the game's own word, R10.80, R10.81)
    if state == "open":
        h.last_card[player] = "announced"
        ev.append(Announced(player, Announced.IN_TIME, word, h.rules.last_call_rule()))
    elif state == "missed":
        ev.append(Announced(player, Announced.LATE, word))
    elif state == "announced":
        ev.append(Announced(player, Announced.AGAIN, word))
    else:
        cost = h.rules.false_call_cost()
        held = h.counts.get(player) if player else None
        if cost and held is not None and held != 1 and h.status == "playing":
            # R10.84: a false call (Flemish Pesten's false knock) costs its cards
            ev.append(FalseAnnounced(player, held, cost, word))
            piles.applied_draw(h, player, cost, ev)
            return
        ev.append(Announced(player, Announced.NONE, word))


def call(h, caller: str | None, target: str, ev: list) -> None:
    """``caller`` (None: unnamed) calls ``target`` for a forgotten last card (R4.3, R4.4)."""
    r = h.rules
    if caller == target:
        raise Refusal(Reason.CALL_SELF, "R4.4", name=target)
    if caller is None and r.false_call_penalty > 0:
        raise Refusal(Reason.CALL_UNNAMED, "R4.4", n=r.false_call_penalty,
                      house=("false_call_penalty", r.false_call_penalty))
    state = h.last_card.get(target)
    if state == "missed" and h.counts.get(target) == 1:
        h.last_card[target] = "called"
        n = r.last_call_penalty()
        word = r.last_call_word()
        own = r.last_call()
        house = ((f"calls.{own[0]}.penalty", n) if own and "penalty" in own[1]
                 else ("last_card_penalty", n) if n != 2 else None)  # (R10.80, R10.81, R4.3)
        ev.append(Called(target, Called.HIT, n=n, rule=r.last_call_rule() if word else "R4.3",
                         house=house, word=word))
        drew = Drew(target, n, Drew.CALLED)
        ev.append(drew)
        drew.n = piles.take(h, target, n, ev)
        return
    if state == "open":
        ev.append(Called(target, Called.PREMATURE, n=0, rule="R4.2"))
        return
    outcome = (Called.VOID_ANNOUNCED if state == "announced" else
               Called.VOID_CALLED if state == "called" else Called.VOID_COUNT)
    ev.append(Called(target, outcome, n=h.counts.get(target, 0), rule="R4.4"))
    if caller is not None and r.false_call_penalty > 0 and caller in h.counts:
        # (a caller who went out holds no cards and stays out, R6.3)
        n = r.false_call_penalty
        ev.append(FalseCall(caller, n))
        piles.applied_draw(h, caller, n, ev)


def out_call(h, player: str | None, word: str, ev: list) -> None:
    """``player`` says the rule set's call on going out, ``word`` (R10.82: ``Jh Mau-Mau``),
    after the entries of the line before it (``ev``: their events).

    Said with the play that took ``player`` out and won the hand (``Won``, or the
    first ``WentOut`` under ``hand_end = "last_holder"``) on a card ``on`` names,
    it counts: the others' points of the hand are multiplied by ``factor``
    (``out_factor``; a factor of 1 is told and changes nothing).  Otherwise it has
    no effect (R10.83): on a card ``on`` does not name, or by a player who went out
    after the winner; said without going out, the speaker draws
    ``false_call_penalty`` as after a false call (R4.4).  The call's word is told
    as typed.  Raises nothing: whether the hand still takes entries is the line's
    check (R6.1)."""
    out = next((e for e in reversed(ev) if isinstance(e, (Won, WentOut))
                and e.player == player), None)
    if out is None or out.card is None:
        n = h.counts.get(player, 0) if player else 0
        ev.append(OutCalled(player, word, OutCalled.NOT_OUT, n=n))
        penalty = h.rules.false_call_penalty
        if player is not None and penalty > 0 and h.status == "playing" and player in h.counts:
            ev.append(FalseCall(player, penalty))
            piles.applied_draw(h, player, penalty, ev)
        return
    factor = h.rules.out_factor(out.card)
    if factor is None:
        ev.append(OutCalled(player, word, OutCalled.WRONG_CARD, card=out.card))
    elif isinstance(out, WentOut) and out.place > 1:
        ev.append(OutCalled(player, word, OutCalled.NOT_FIRST, card=out.card))
    else:
        h.out_factor = factor
        ev.append(OutCalled(player, word, OutCalled.COUNTS, card=out.card, factor=factor))
