"""What made the position ``why`` explains, as data derived from the hand's log.

``why`` settles the argument at the table: not only the ruling, but the cards
behind it, who played them, and what was allowed instead.  The log is the
record: ``trail(hand, lines)`` replays lines on a fresh hand of the same deal
and follows, entry by entry, which plays made the pending draw penalty (R5.7),
the pending skip (R5.11), the limit on the next card (R9.6, R9.9) and the named
suit (R3.3, R5.4, R9.8).  ``explain(hand)`` gives the last ruling to explain (the
session's, or after reopening the last entry of the log, replayed) with those
facts before and after it.  Pure: no I/O, no sentence (``referee.words.events``
says the facts).
"""

from __future__ import annotations

from referee.engine.values import Value, set_field


class Part(Value):
    """One play that added to a pending penalty or skip: ``player`` played ``card``,
    adding ``n`` (cards, or turns) for ``rule`` (R5.1 a Two, R5.6 a Joker, R9.3 ...)."""

    __slots__ = ("player", "card", "n", "rule")
    __match_args__ = __slots__

    def __init__(self, player: str, card, n: int, rule: str | None):
        for name, value in zip(self.__slots__, (player, card, n, rule)):
            set_field(self, name, value)


class PenaltyCause(Value):
    """Why a draw penalty is (or was) pending (R5.7): ``parts`` the plays that made
    it, first played first (a ``Part`` each), ``total`` the cards, ``taken`` True when
    the entry explained took it (``by``: who)."""

    __slots__ = ("parts", "total", "taken", "by")
    __match_args__ = __slots__

    def __init__(self, parts: tuple, total: int, taken: bool = False, by: str | None = None):
        for name, value in zip(self.__slots__, (parts, total, taken, by)):
            set_field(self, name, value)

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids behind it, each once: the cards' rules, then R5.7 when more
        than one card stacked or the penalty was taken."""
        ids = [p.rule for p in self.parts if p.rule]
        if len(self.parts) > 1 or self.taken:
            ids.append("R5.7")
        return tuple(dict.fromkeys(ids))


class SkipCause(Value):
    """Why a skip is pending (R5.11): ``parts`` the plays that passed it on, ``total``
    the turns, ``rank`` the rank that passes it on."""

    __slots__ = ("parts", "total", "rank")
    __match_args__ = __slots__

    def __init__(self, parts: tuple, total: int, rank: str | None):
        for name, value in zip(self.__slots__, (parts, total, rank)):
            set_field(self, name, value)


class SetBy(Value):
    """A limit or a named suit and the play that set it: ``player`` played ``card``;
    ``what`` the limit (``("at_most", 5)``, ``("follow", card)``) or the suit letter;
    ``rule`` its rule id (R5.4, R9.6, R9.8, R9.9)."""

    __slots__ = ("kind", "player", "card", "what", "rule")
    __match_args__ = __slots__

    def __init__(self, kind: str, player: str, card, what, rule: str | None):
        for name, value in zip(self.__slots__, (kind, player, card, what, rule)):
            set_field(self, name, value)


class Trail:
    """What made the hand's position, followed entry by entry (``step``): the
    pending penalty's ``penalty`` parts, the pending skip's ``skip`` parts, the
    ``limit`` and the ``suit`` set (a ``SetBy`` or None)."""

    __slots__ = ("penalty", "skip", "limit", "suit")

    def __init__(self) -> None:
        self.penalty: list[Part] = []
        self.skip: list[Part] = []
        self.limit: SetBy | None = None
        self.suit: SetBy | None = None

    def copy(self) -> "Trail":
        """A copy (the lists copied)."""
        other = Trail()
        other.penalty, other.skip = list(self.penalty), list(self.skip)
        other.limit, other.suit = self.limit, self.suit
        return other

    def step(self, hand: "Hand", events: list) -> None:
        """Follow one entry's ``events``, applied to ``hand`` (its state after them)."""
        for e in events:
            name = type(e).__name__
            if name == "PenaltyAimed":
                before = sum(p.n for p in self.penalty)
                self.penalty.append(Part(e.player, e.card, e.n - before, e.rule))
            elif name == "SkipPending":
                before = sum(p.n for p in self.skip)
                self.skip.append(Part(e.player, e.card, e.n - before, e.rule))
            elif name == "LimitSet":
                self.limit = SetBy("limit", e.player, e.card, e.limit, e.rule)
            elif name == "PlaysAgain" and e.follow:
                self.limit = SetBy("limit", e.player, e.card, ("follow", e.card), e.rule)
            elif name == "SuitNamed":
                self.suit = SetBy("suit", e.player, e.card, e.suit, e.rule)
        if not hand.pending:
            self.penalty = []
        if not hand.pending_skip:
            self.skip = []
        if hand.limit is None:
            self.limit = None
        if hand.named_suit is None:
            self.suit = None

    def penalty_cause(self, taken_by: str | None = None) -> PenaltyCause | None:
        """The pending penalty's cause (None when no play made one)."""
        if not self.penalty:
            return None
        return PenaltyCause(tuple(self.penalty), sum(p.n for p in self.penalty),
                            taken_by is not None, taken_by)

    def skip_cause(self, rank: str | None) -> SkipCause | None:
        """The pending skip's cause (None when no play made one)."""
        if not self.skip:
            return None
        return SkipCause(tuple(self.skip), sum(p.n for p in self.skip), rank)


def trail(hand: "Hand", lines) -> tuple["Hand", Trail]:
    """``lines`` (logged entries) replayed on a fresh hand of ``hand``'s deal, rules
    and language, followed by a ``Trail``: the hand they give and its trail.
    A line that no longer takes effect is skipped (the trail is a courtesy)."""
    fresh = type(hand)(hand.rules, hand.seats, hand.dealer, hand.number, hand.lexicon)
    t = Trail()
    for line in lines:
        ruling = fresh._apply_entry_text(line)
        if ruling.logged:
            fresh.log.append(line)
            t.step(fresh, ruling.events)
    return fresh, t


class Explained:
    """The ruling ``why`` explains and what made it: ``ruling`` (a ``Ruling``),
    ``hand`` the hand as it stood before the entry, ``before`` and ``after`` its
    ``Trail`` before and after the entry; ``double``: the entry put several cards
    down as one play (R3.10, ``8h+8s``)."""

    __slots__ = ("ruling", "hand", "before", "after", "double")

    def __init__(self, ruling: "Ruling", hand: "Hand", before: Trail, after: Trail,
                 line: str | None = None):
        self.ruling, self.hand, self.before, self.after = ruling, hand, before, after
        self.double = _is_double(line, hand) if line else False


def _is_double(line: str, hand: "Hand") -> bool:
    """Whether logged ``line`` holds a play of several cards (R3.10)."""
    from referee.engine.cards import NotationError
    from referee.engine.notation import Play
    try:
        parsed = hand.parse(line)
    except NotationError:
        return False
    return any(type(a) is Play and a.more for a in getattr(parsed, "actions", None) or ())


def explain(hand: "Hand") -> Explained | None:
    """The entry ``why`` explains on ``hand``: its last ruling on an entry this session
    (a refusal the log does not keep is ruled on the position as it is), else the
    last entry of the log, replayed (the log is the record: after the series is
    opened again).  None when there is none (nor for an undo or a query)."""
    last = hand.last_ruling
    if last is None:
        if not hand.log:
            return None
        before_hand, before = trail(hand, hand.log[:-1])
        after = before.copy()
        ruling = before_hand._apply_entry_text(hand.log[-1])
        after.step(before_hand, ruling.events)
        return Explained(ruling, trail(hand, hand.log[:-1])[0], before, after, hand.log[-1])
    if last.kind != "entry" and last.kind != "redo":
        return None
    lines = hand.log[:-1] if last.logged else hand.log
    before_hand, before = trail(hand, lines)
    after = before.copy()
    if last.logged:
        fresh, _ = trail(hand, hand.log)
        after.step(fresh, [e for e in last.events])
    return Explained(last, before_hand, before, after, hand.log[-1] if last.logged else None)
