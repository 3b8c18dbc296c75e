"""The referee's answer to one line: ``Ruling`` (events, the rule cited, whether logged)."""

from __future__ import annotations

from referee.engine.events import Event, NextToPlay, Reason, Refused, Said


class Ruling:
    """The referee's answer to one line.

    ``ok`` is False when the line was refused; ``rule`` is the rule id cited
    (the refusal's, or the main effect's); ``events`` (also ``notes``) are
    what happened, in order: for a refusal the ``Refused`` event first, then
    its effects (R0.4).  ``logged`` is True when the line goes into the hand's
    log (it took effect, or it is an effect-bearing refusal, R0.4).  ``kind``
    is the line's kind (entry, undo, redo, query, blank, error).  ``query``
    and ``arg`` are the query word and its argument for a query, ``data``
    extra JSON-ready facts (``check``: ``legal``, ``card``), ``actor`` the
    player the entry was taken to be by.  It holds no text: the application
    says it where it is read (``referee.words.events.told``).

    ``next_turn`` (for an entry that took effect in seated order) names the
    player to act after it: unless an event after the last play or draw
    already says who is next, the events end with a ``NextToPlay``, added
    when first read.
    """

    __slots__ = ("ok", "rule", "_events", "logged", "kind", "query", "arg", "data", "actor",
                 "_next")
    _FIELDS = ("ok", "rule", "events", "logged", "kind", "query", "arg", "data", "actor")
    __hash__ = None  # mutable

    def __init__(self, ok: bool, rule: str | None, events: list | None = None, *,
                 logged: bool = False, kind: str = "entry", query: str | None = None,
                 arg: str = "", data: dict | None = None, actor: str | None = None,
                 next_turn: str | None = None):
        self.ok = ok
        self.rule = rule
        self._events = [] if events is None else events
        self.logged = logged
        self.kind = kind
        self.query = query
        self.arg = arg
        self.data = data
        self.actor = actor
        self._next = next_turn

    @property
    def events(self) -> list[Event]:
        """What happened, in order (typed events, ``referee.engine.events``)."""
        events = self._events
        if self._next is not None:
            if not _told_turn(events):
                events.append(NextToPlay(self._next))
            self._next = None
        return events

    notes = events  # (the name callers used for the sentences)

    @property
    def refusal(self) -> Refused | None:
        """The ``Refused`` event of a refused entry, else None."""
        events = self._events
        if events and type(events[0]) is Refused and not self.ok:
            return events[0]
        return None

    @property
    def reason(self) -> Reason | None:
        """Why the entry was refused (a ``Reason``), or None."""
        refusal = self.refusal
        return refusal.reason if refusal is not None else None

    @property
    def needs_suit(self) -> bool:
        """The entry was refused only for want of a suit named with a Jack (R5.4)."""
        reason = self.reason
        return reason is not None and reason.needs_suit

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._FIELDS)

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._FIELDS)
        return f"Ruling({inner})"

    def house_rules(self) -> list[tuple]:
        """The (key, value) of house rules that decided this ruling."""
        return [e.house for e in self.events if e.house]


def _told_turn(events: list) -> bool:
    """Whether an event after the last play or draw of the entry says who is next."""
    for e in reversed(events):
        if e.tells_turn:
            return True
        if e.acts:
            return False
    return False


def said(rule: str | None, key: str, fields: dict | None = None, **kw) -> Ruling:
    """A ruling of one sentence that is not about the game (undo, a query ...)."""
    return Ruling(kw.pop("ok", True), rule, [Said(rule, key, fields)], **kw)


class ReplayError(ValueError):
    """A logged entry that no longer replays: ``index`` (from 0), ``line`` (English
    notation, as logged) and ``reason``, the ``Ruling`` that refused it; as data,
    said where it is caught (``referee.words.events.told`` says the reason)."""

    def __init__(self, index: int, line: str, reason: Ruling):
        super().__init__(index, line, reason)
        self.index, self.line, self.reason = index, line, reason
