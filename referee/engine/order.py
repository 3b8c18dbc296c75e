"""Turn order: seated (R1.2, R3.7) and free (R8.4).

- ``next_seat``: the next seat in the current direction among the players
  still in the hand ("the next player" of R5 is always this seat);
  ``previous_seat`` the one before (R9.3 ``to = "previous"``).
- ``pass_turn``: the turn moves on, using up turns to miss (R5.3, R5.9, R9.5).
  In free order there is no turn (R8.4).
- ``use_skip``: one turn to miss used (R5.9), or one turn waited (R10.21);
  ``tell_waits``: the turns waited during an entry, told.
- ``resume_at``: the turn goes to the seat after a player who left or went out.
- ``check_turn``: R3.7, whose turn it is (in free order: nobody may act over
  someone else's pending penalty).
- ``unseat``: a seat leaves the seating (R1.5 a player who leaves, R6.3 one who
  went out): the one statement of what goes with them.
"""

from __future__ import annotations

# ``events`` is loaded by ``check_turn`` when it refuses, not here: a hand only
# dealt, or over and opened from its saved end, asks this module for seats only
# (``score`` start-up).


def next_seat(h, player: str) -> str:
    """The seat after ``player`` in the current direction (players still in the hand)."""
    seats = h.active
    return seats[(seats.index(player) + h.direction) % len(seats)]


def previous_seat(h, player: str) -> str:
    """The seat before ``player`` in the current direction: who played before them (R9.3)."""
    seats = h.active
    return seats[(seats.index(player) - h.direction) % len(seats)]


def use_skip(h, player: str) -> None:
    """``player`` misses one turn of those owed (R5.9), else waits one of the turns
    of a stacked wait they accepted (R10.21)."""
    owed = h.skips if h.skips.get(player, 0) > 0 else h.waits
    left = owed.get(player, 0) - 1
    if left > 0:
        owed[player] = left
    else:
        owed.pop(player, None)


def missing(h, player: str) -> bool:
    """Whether ``player`` misses the turn that reaches them: turns to miss (R5.9) or
    to wait (R10.21) left."""
    return h.skips.get(player, 0) > 0 or h.waits.get(player, 0) > 0


def tell_waits(h, before: dict[str, int], ev: list) -> None:
    """R10.21: every player whose turns to wait went down from ``before`` (the
    ``waits`` when the entry began) waited a turn the referee passed: told, with the
    turns left, in the order they began to wait."""
    from referee.engine.actionevents import Waited
    for p in list(before):
        left = h.waits.get(p, 0)
        if left < before[p] and (p in h.active):
            ev.append(Waited(p, left))


def pass_turn(h, player: str) -> None:
    """Pass the turn on from ``player`` (R1.2, R5.3, R5.9; none in free order, R8.4).

    Every seat the turn reaches with turns to miss left (an Eight's, a Four's,
    any skip's: ``actions``) uses one and is passed.
    """
    if h.free:
        h.turn = None
        return
    seats = h.active
    n = len(seats)
    i = (seats.index(player) + h.direction) % n
    if h.skips or h.waits:
        while missing(h, seats[i]):  # (skips run out: each pass uses one)
            use_skip(h, seats[i])
            if h.demand is not None and h.demand[1] == seats[i]:
                h.demand = None  # (R10.22: play came back to the demander, who missed it)
            i = (i + h.direction) % n
    h.turn = seats[i]


def resume_at(h, seat: str) -> None:
    """The turn goes to ``seat``, the seat after a player who left or went out
    (R1.5, R6.3): a turn of theirs to miss is used and the turn passes on as in
    ``pass_turn`` (R5.9); in free order there is no turn (R8.4)."""
    if h.free:
        h.turn = None
    elif missing(h, seat):
        use_skip(h, seat)
        pass_turn(h, seat)
    else:
        h.turn = seat


def check_turn(h, player: str | None) -> None:
    """R3.7: refuse an entry by a player whose turn it is not (free order: R3.7 only
    over a pending penalty that is someone else's)."""
    if h.free:
        if h.pending and player != h.turn:
            from referee.engine.events import Reason, Refusal
            raise Refusal(Reason.FREE_PENDING, "R3.7", name=player, turn=h.turn, n=h.pending)
        return
    if player != h.turn:
        from referee.engine.events import Reason, Refusal
        raise Refusal(Reason.TURN, "R3.7", name=player, turn=h.turn)


def unseat(h, player: str) -> tuple[str | None, bool, int]:
    """``player`` leaves the seating: they left (R1.5) or went out (R6.3).

    Their count, last-card duty, owed draw and blank turn go with them, and so
    does a skip passed on or a stacked wait that was pending for them, and the
    turns they still had to wait, and the rank they demanded (R1.5, R5.11, R10.21,
    R10.22: they lapse).
    Returns ``(nxt, was_turn, skips)``: the seat after theirs (None when they
    were the last), whether it was their turn, and the turns they still had to
    miss (taken off them: what becomes of those, and of a penalty pending for
    them, is the caller's rule).  The turn itself is not moved."""
    seats = h.active
    nxt = next_seat(h, player) if len(seats) > 1 else None
    was_turn = h.turn == player
    skips = h.skips.pop(player, 0)
    h.waits.pop(player, None)
    if h.demand is not None and h.demand[1] == player:
        h.demand = None  # (R10.22: a demand lapses with its demander)
    seats.remove(player)
    del h.counts[player]
    h.last_card.pop(player, None)
    h.owed.pop(player, None)
    h.idle.discard(player)
    if h.penalty_turn == player:
        h.penalty_turn = None
    if was_turn and h.pending_skip:
        h.pending_skip, h.skip_rank, h.skip_stacks = 0, None, False
    return nxt, was_turn, skips
