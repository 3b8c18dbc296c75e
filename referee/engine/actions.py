"""R5, R9 Action cards: the effects of a card just played, and penalties (R5.7).

What a rank does is compiled once (``tables.effects``, from ``[actions]`` and
today's keys, ``effects``; ``tables.steps``: each effect with the rule it
cites and the house rule behind it); ``effect`` applies a card's effects in
order and then passes the turn once (R9.13), nothing built but the events.
It is the one interpreter of the vocabulary: a card played, a starter that
counts as the dealer's play (R2.4, R9.16, ``deal.start``: ``tables.start_steps``)
and a card that takes a player out under ``last_holder`` (R6.3,
``goingout.go_out``: ``tables.out_steps``) all go through it, their exceptions
being data.  One function per effect of the vocabulary:

- R5.1 / R5.6 / R9.3 a draw penalty for the next player .... ``_draw`` (``aim_penalty``)
- R5.8 / R9.3 a draw at once (next, self, previous) ........ ``_draw``
- R5.10 / R9.4 every other player draws ..................... ``_others_draw``
- R5.3 / R5.9 / R9.5 skip; R5.11 a skip passed on ........... ``_skip``, ``pass_skip``
- R5.2 / R9.6 the same player plays again ................... ``_again``
- R5.5 / R9.7 reverse ........................................ ``_reverse``
- R5.4 / R9.8 a named suit ................................... ``_name_suit``
- R9.9 a limit on the next card .............................. ``_limit``
- R9.10 show, R9.11 pass cards, R9.12 rotate hands, R10.30 swap ... ``_show``, ``_move``
- R5 preamble: a penalty aimed at a player who must miss the turn ... ``aim_penalty``
- R5.7 facing a penalty: what stacks (``compiled.stackers``) ... ``must_stack_refusal``
- R8.4: in free order the effects on the turn do nothing (``compiled``)
- R5.11 a skip passed on, sat out with ``pass`` ..................... ``pass_skip``
- R10.21 a stacked wait: added to (``_skip``), accepted with ``pass`` (``pass_skip``)
- R10.22 a demanded rank (the rank typed after the card) ........... ``_demand``
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine import lastcard, order, piles
from referee.engine.actionevents import (
    CardsMoved, DrawsAtOnce, LimitSet, OthersDraw, PenaltyAimed, PenaltyAtOnce, PlaysAgain,
    Countered, Demanded, OpenPlayed, Reversed, Shown, SkipPassed, SkipPending, Skipped, SkipMany,
    SuitNamed,
)
from referee.engine.events import Reason, Refusal


def stack_options(h) -> tuple[str, ...]:
    """The keys of the cards that stack on the pending penalty (R5.7, R9.14, R10.10:
    ranks, colours, cards), in rank order;
    ``()`` when nothing does."""
    stack = h.tables.stack_ranks.get(h.pending_kind, ())
    if h.tables.countering and h.discard:  # R10.11: and the counter cards
        stack += tuple(k for k in h.tables.counter_keys(h.pending_kind, h.discard[-1])
                       if k not in stack)
    return stack


def must_stack_refusal(h, card: Card) -> Refusal:
    """R5.7: ``card`` does not stack on the pending penalty."""
    stack = stack_options(h)
    house = ("stacking", h.rules.stacking) if isinstance(h.rules.stacking, str) else None
    reason = Reason.MUST_STACK if stack else Reason.MUST_DRAW
    return Refusal(reason, "R5.7", house=house, card=card, n=h.pending, stack=stack)


# What the effects of the card just played have done so far, as bits: ``effect``
# hands them from one effect to the next and then decides who plays next (R9.13).
_AGAIN = 1      # the same player plays again (R5.2, R5.5, R9.6)
_AIMED = 2      # a penalty aimed: the turn is its victim's (R5.1)
_SKIPPED = 4    # a skip fell on a player (R9.5): the last skip event told names them
_REVERSED = 8   # the last ``Reversed`` told is this card's, for a skip after it to join
_MOVED = 16     # cards changed hands (R9.11, R9.12): R4 duties anew
_HELD = 32      # a further card of the same double follows (R3.10): a penalty waits for it
_COUNTERS = 64  # the play went down as a counter on the pending penalty (R10.11), judged
                # by the card it went on before any effect moved the piles (a reshuffle)


def effect(h, player: str, card: Card, suit: str | None, ev: list,
           more: tuple[Card, ...] = (), table: tuple | None = None) -> None:
    """The effects of the action card ``card`` just played by ``player``, in order
    (R5, R9.13); then the turn passes once: to the player again, to a
    penalty's victim, or on past the players skipped.  ``more``: the further
    cards of a double (R3.10), whose effects follow, card after card, before the
    turn passes.

    The one interpreter of the vocabulary: every card played goes through it,
    the starter that counts as the dealer's play (R2.4, R9.16: ``deal.start``)
    and the card that takes a player out under ``last_holder`` (R6.3,
    ``goingout.go_out``) too, each with its own ``table`` of steps by card id
    (compiled: ``tables.start_steps``, ``tables.out_steps``; default
    ``tables.steps``), which a double's further cards follow too.
    Each effect is one function of ``_APPLY``, called with the effect, the rule
    its ruling cites and the house rule behind the card and the bits of what
    the card's earlier effects did; it returns them with its own."""
    told = len(ev)
    done = (_HELD if more else 0) | _countering(h, card, len(more))
    if table is None:
        table = h.tables.steps
    for e, rule, house in table[card.id]:
        done = _APPLY[e.kind](h, player, card, suit, e, rule, house, ev, done)
    if more:
        done = _further(h, player, more, suit, ev, done, table)
    if done & _AIMED:
        if not h.pending:  # (drawn at once, ``aim_penalty``: its victim was passed by)
            if not h.free and h.skips.get(h.turn, 0) > 0:  # a later skip fell on the next
                order.pass_turn(h, order.previous_seat(h, h.turn))
        elif done & _SKIPPED and not h.free and h.skips.get(h.turn, 0) > 0:
            # R5 preamble: a skip after the penalty fell on its victim: drawn at once
            _penalty_at_once(h, player, card, h.turn, _drop_aimed(ev, told), ev)
        # (else ``aim_penalty`` gave the turn to the penalty's victim)
    elif done & _AGAIN:
        h.turn = player
        if h.pending_skip:  # R9.13: the other player of two missed the turn the skip held
            h.pending_skip, h.skip_rank, h.skip_stacks = 0, None, False
            _drop_pending(ev, told)
    else:
        order.pass_turn(h, player)
    if done & _SKIPPED:  # (the sentences of a lost turn name who plays next)
        for event in ev[told:]:
            if type(event) is Skipped:
                event.turn = h.turn
    if done & _MOVED:
        _duties_anew(h)


def _further(h, player: str, more: tuple[Card, ...], suit: str | None, ev: list,
             done: int, steps: tuple) -> int:
    """R3.10: the effects of a double's further cards, each card's in order as if it
    were played alone after the one before (``steps``: the table of steps by card
    id the first card followed), the bits of what they did carried on (the skips
    add up on the next players, the penalties on one player, who draws them at
    once after the last card if they must miss the turn)."""
    last = len(more) - 1
    for i, card in enumerate(more):
        done &= ~_REVERSED  # (a reverse is told with a skip of its own card only)
        if i == last:
            done &= ~_HELD
        for e, rule, house in steps[card.id]:
            done = _APPLY[e.kind](h, player, card, suit, e, rule, house, ev, done)
    return done


def _draw(h, player, card, suit, e, rule, house, ev, done) -> int:
    if e.pending_draw:
        stacked = bool(h.pending)  # on a pending penalty: the house rule allowed it (R5.7)
        kind = h.tables.kind[card.id]  # (the key of its penalty, R10.10: the rank by default)
        if h.pending and kind in h.tables.doubling_ranks and h.pending_kind == kind:
            h.pending *= 2
        else:
            h.pending += e.n
        h.pending_kind = kind
        aim_penalty(h, player, card, rule, ev, stacked, at_once=not done & _HELD)
        return done | _AIMED
    if e.to == "self":
        victim = player
    elif e.to == "previous":
        victim = order.previous_seat(h, player)
    else:
        victim = order.next_seat(h, player)
    ev.append(DrawsAtOnce(player, card, victim=victim, n=e.n, rule=rule, house=house))
    piles.applied_draw(h, victim, e.n, ev)
    return done


def _others_draw(h, player, card, suit, e, rule, house, ev, done) -> int:
    ev.append(OthersDraw(player, card, n=e.n, rule=rule, house=house))
    p = player
    for _ in range(len(h.active) - 1):
        p = order.next_seat(h, p)
        piles.applied_draw(h, p, e.n, ev)
    return done


def _skip(h, player, card, suit, e, rule, house, ev, done) -> int:
    if e.stack:  # R10.21: a wait, pending; on a pending wait (kept by ``plays``) it adds
        victim = _last_victim(ev) if done & _SKIPPED else order.next_seat(h, player)
        h.pending_skip += e.n
        h.skip_rank, h.skip_stacks = card.rank, True
        ev.append(SkipPending(player, card, victim=victim, n=h.pending_skip, rule="R10.21",
                              stacks=True))
        return done | _SKIPPED
    if e.pass_on:  # (the skips of a double add up for the one player to answer them)
        more = done & _SKIPPED
        victim = _last_victim(ev) if more else order.next_seat(h, player)
        h.pending_skip = h.pending_skip + e.n if more else e.n
        h.skip_rank = card.rank
        ev.append(SkipPending(player, card, victim=victim, n=h.pending_skip, rule="R5.11"))
        return done | _SKIPPED
    victim = order.next_seat(h, _last_victim(ev) if done & _SKIPPED else player)
    if victim == player and len(h.active) > 1:  # (the skips went round: the next again)
        victim = order.next_seat(h, player)
    h.skips[victim] = h.skips.get(victim, 0) + e.n
    reversed_ = done & _REVERSED
    if e.n == 1:
        event = Skipped(player, card, lost=victim, turn=None, two_players=len(h.active) == 2,
                        rule=rule, house=house, reversed=bool(reversed_))
    else:
        event = SkipMany(player, card, victim=victim, n=e.n, rule=rule, house=house)
    if reversed_:  # "play reverses and Bram misses the turn": one sentence
        ev[_last_reversed(ev)] = event
    else:
        ev.append(event)
    return (done & ~_REVERSED) | _SKIPPED


def _drop_aimed(ev: list, told: int) -> str:
    """Take back the ``PenaltyAimed`` this card told (its victim draws at once
    instead); the rule it cited."""
    for i in range(len(ev) - 1, told - 1, -1):
        if type(ev[i]) is PenaltyAimed:
            return ev.pop(i).rule
        if type(ev[i]) is Countered:  # (R10.11: it told where the penalty went)
            return ev[i].rule
    raise AssertionError("no penalty told")  # pragma: no cover - ``_AIMED`` says there is


def _drop_pending(ev: list, told: int) -> None:
    """Take back the ``SkipPending`` this card told (the skip lapsed, R9.13)."""
    for i in range(len(ev) - 1, told - 1, -1):
        if type(ev[i]) is SkipPending:
            del ev[i]
            return


def _last_victim(ev: list) -> str:
    """The player the last skip told fell on (``_skip``, after one of the same card)."""
    for event in reversed(ev):
        kind = type(event)
        if kind is Skipped:
            return event.lost
        if kind is SkipMany or kind is SkipPending:
            return event.victim
    raise AssertionError("no skip told")  # pragma: no cover - ``_SKIPPED`` says there is


def _last_reversed(ev: list) -> int:
    """The index of the last ``Reversed`` told (``_skip``, after a reverse of the same card)."""
    for i in range(len(ev) - 1, -1, -1):
        if type(ev[i]) is Reversed:
            return i
    raise AssertionError("no reverse told")  # pragma: no cover - ``_REVERSED`` says there is


def pass_skip(h, player: str, ev: list) -> None:
    """R5.11: ``player``, facing a skip passed on, types ``pass`` and sits it out:
    open last-card windows of others close (R4.2), they miss the turns it holds
    and the turn moves on.  Facing a stacked wait (R10.21) they accept it: this
    turn is the first of the total, the others are waits the referee passes as
    play comes round (``order.tell_waits``).  Raises ``Refusal`` when no skip is
    pending for them, having changed nothing (R0.4)."""
    n = h.pending_skip
    if not n:
        raise Refusal(Reason.NO_SKIP, "R5.11", name=player)
    if h.last_card:
        lastcard.typed_draw(h, player)  # (another player acted: open windows close, R4.2)
    if h.demand is not None and h.demand[1] == player:
        h.demand = None  # (R10.22: the demander's turn came back)
    owed = h.waits if h.skip_stacks else h.skips
    h.pending_skip, h.skip_rank, h.skip_stacks = 0, None, False
    if n > 1:
        owed[player] = owed.get(player, 0) + n - 1
    h.idle.add(player)          # (a blank turn, R3.9: no card played or brought)
    ev.append(SkipPassed(player, n=n, rule="R10.21" if owed is h.waits else "R5.11"))
    order.pass_turn(h, player)


def _demand(h, player, card, suit, e, rule, house, ev, done) -> int:
    # R10.22: ``suit`` is the word typed after the card, here a rank (``matching``
    # checked it); none: the card demands nothing
    if suit is not None:
        h.demand = (suit, player)
    ev.append(Demanded(player, card, rank=suit))
    return done


def _again(h, player, card, suit, e, rule, house, ev, done) -> int:
    follow = e.follow == "same_suit" and card.suit is not None  # (a Joker has no suit to follow)
    if follow:
        h.limit = ("follow", card)
    ev.append(PlaysAgain(player, card, rule, follow=follow))
    return done | _AGAIN


def _reverse(h, player, card, suit, e, rule, house, ev, done) -> int:
    h.direction = -h.direction
    if len(h.active) == 2 and not h.free and e.two_players == "again":
        ev.append(PlaysAgain(player, card, rule, two_players=True))
        return done | _AGAIN
    ev.append(Reversed(player, card, clockwise=h.direction == 1, rule=rule, house=house))
    return done | _REVERSED


def _name_suit(h, player, card, suit, e, rule, house, ev, done) -> int:
    if suit is None:  # (a card that names nothing here, R5.4: no suit to tell)
        return done
    h.named_suit = suit
    ev.append(SuitNamed(player, card, suit, rule=rule))
    return done


def _limit(h, player, card, suit, e, rule, house, ev, done) -> int:
    kind = e.kind[len("next_"):]
    h.limit = (kind, e.rank if kind == "rank" else e.value)
    ev.append(LimitSet(player, card, limit=h.limit, rule=rule))
    return done


def _show(h, player, card, suit, e, rule, house, ev, done) -> int:
    who = order.next_seat(h, player) if e.who == "next" else None
    ev.append(Shown(player, card, who=who, rule=rule))
    return done


def _move(h, player, card, suit, e, rule, house, ev, done) -> int:
    """R9.11 / R9.12 / R10.30: cards change hands among those still in (a player going
    out under ``last_holder`` takes no part, R6.3); the counts follow (the referee sees
    counts only).  The one place where hands move between seats."""
    seats = h.active
    if h.places:
        seats = [p for p in seats if p not in h.places]
    counts = h.counts
    if e.kind == "swap":  # R10.30: with the player named with the card (``swap.check_target``)
        other = h.player(h.chosen or "")
        if other is None or other == player:
            return done
        moves = ((player, other, counts[player]), (other, player, counts[other]))
    elif e.kind == "pass_cards":  # to the left: the next seat clockwise
        step = 1 if e.to == "left" else -1
        given = {p: min(e.n, counts[p]) for p in seats}
        moves = tuple((p, seats[(i + step) % len(seats)], given[p]) for i, p in enumerate(seats))
    else:  # every hand one seat on, against the play or with it
        step = -h.direction if e.against_play else h.direction
        moves = tuple((p, seats[(i + step) % len(seats)], counts[p]) for i, p in enumerate(seats))
    new = dict(counts)
    for giver, taker, n in moves:
        new[giver] -= n
    for giver, taker, n in moves:
        new[taker] += n
    counts.update(new)
    ev.append(CardsMoved(player, card, kind=e.kind, moves=moves, rule=rule))
    return done | _MOVED


def _duties_anew(h) -> None:
    """R9.18: after cards changed hands every player holding one card owes "Laatste
    kaart!" as if they had just come down to one; other duties lapse (R4.5).  The
    duties are kept in the order of play from the player to act (``announce_due``
    names the first of them: a bare ``lk`` is theirs)."""
    seats = h.active
    lk = h.last_card
    lk.clear()
    start = seats.index(h.turn) if h.turn in seats else 0
    n = len(seats)
    for k in range(n):
        p = seats[(start + k * h.direction) % n]
        if h.counts.get(p) == 1:
            lk[p] = "open"


def _countering(h, card: Card, further: int) -> int:
    """``_COUNTERS`` when ``card``, the first of a play of ``1 + further`` cards, went
    down on a pending penalty it counters (``Tables.counters``, asked of the card
    the play went on, as the legality check asked it); else 0."""
    under = len(h.discard) - 2 - further
    if not h.pending or under < 0:
        return 0
    return _COUNTERS if h.tables.counters(h.pending_kind, h.discard[under]) >> card.id & 1 else 0


def _counter(h, player, card, suit, e, rule, house, ev, done) -> int:
    """R10.11: played as a counter on a pending penalty (``_COUNTERS``, judged before
    the card's effects), the card ends it, sends it back to the player before (who
    played the last penalty card) or passes it on to the next player, once for the
    play; elsewhere nothing."""
    if not done & _COUNTERS or not h.pending:
        return done
    done &= ~_COUNTERS
    n = h.pending
    if e.mode == "cancel":
        h.pending, h.pending_kind = 0, None
        ev.append(Countered(player, card, e.mode, n, None, rule))
        return done
    victim = (order.previous_seat(h, player) if e.mode == "back"
              else order.next_seat(h, player))
    h.turn = victim
    ev.append(Countered(player, card, e.mode, n, victim, rule))
    return done | _AIMED


def _open(h, player, card, suit, e, rule, house, ev, done) -> int:
    """R10.20: the open card's freedom is the matching's (``Tables.open``); told."""
    ev.append(OpenPlayed(player, card, rule))
    return done


_APPLY = {"draw": _draw, "others_draw": _others_draw, "skip": _skip,
          "again": _again, "reverse": _reverse, "name_suit": _name_suit,
          "next_at_most": _limit, "next_at_least": _limit, "next_rank": _limit,
          "show": _show, "pass_cards": _move, "rotate_hands": _move, "counter": _counter,
          "open": _open, "demand": _demand, "swap": _move}
"""Each effect of the vocabulary (``effects.EFFECT_KINDS``) -> the function applying it
(``"none"`` compiles to no effect at all, so it has none)."""



def aim_penalty(h, player: str, card: Card, rule: str, ev: list, stacked: bool = False,
                at_once: bool = True) -> None:
    """A draw penalty falls on the next seat (R5.1, R5.6, R8.4); drawn at once by a
    player who must miss the coming turn (R5 preamble).  ``stacked``: ``card``
    went on a pending penalty, as the ``stacking`` house rule allows (R5.7).
    ``at_once`` False: a further card of the same double follows (R3.10), so the
    penalty is only aimed; the last card's penalty is drawn at once, the whole."""
    target = order.next_seat(h, player)
    if at_once and not h.free and order.missing(h, target):
        _penalty_at_once(h, player, card, target, rule, ev)
        return
    h.turn = target
    stack = stack_options(h)
    mode = h.rules.stacking
    house = (("stacking", mode) if isinstance(mode, str) and (stacked or not stack) else None)
    ev.append(PenaltyAimed(player, card, victim=target, n=h.pending,
                           stack=stack, rule=rule, house=house))


def _penalty_at_once(h, player: str, card: Card, target: str, rule: str, ev: list) -> None:
    """R5 preamble: the pending penalty's victim ``target`` must miss the coming turn:
    they draw it at once, use that turn to miss and the turn passes them by."""
    n = h.pending
    ev.append(PenaltyAtOnce(player, card, victim=target, n=n, rule=rule))
    h.pending, h.pending_kind = 0, None
    piles.applied_draw(h, target, n, ev)
    order.use_skip(h, target)
    h.turn = target
    order.pass_turn(h, target)
