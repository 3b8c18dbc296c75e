"""The queries a player asks at the table: ``state``, ``check CARD``, ``why``.

They read the hand and change nothing; their answers are facts (``Situation``,
``Allowed``, ``LegalNow``, ``HouseWhere``) and ``Said`` events, said where they
are read (``referee.words.events``).  ``Hand.query``, ``Hand.check``, ``Hand.why``,
``Hand.situation`` and ``Hand.allowed`` ask here.
"""

from __future__ import annotations

from referee.engine.cards import JOKER, RANKS, SUITS, Card, parse_suit, try_card
from referee.engine.notation import Line
from referee.engine.keys import KEY_BY_NAME, KEY_RULE
from referee.engine.rules import HouseRules
from referee.engine.tomlsource import toml_value
from referee.engine import legality, matching
from referee.engine.actions import stack_options
from referee.engine.dealt import Dealt, Situation
from referee.engine.events import Reason, Refused, Said
from referee.engine.ruling import Ruling, said
from referee.engine.compiled import matches

_STANDARD = HouseRules()  # (``why`` tells a house rule only where it is not standard)


def allowed(h) -> Allowed:
    """What may go on the top card now, as facts said where they are read (R3.1-R3.3)."""
    r = h.rules
    t = h.tables
    barred = t.barred[h.top.id] if h.top is not None else 0
    return Allowed(h.top, h.named_suit, t.wild, t.same_rank, r.jokers, barred,
                   t.barred_keys(h.top) if barred else ())


def query(h, line: Line) -> Ruling:
    """Answer a query (``state``, ``check CARD``, ``why``); others go to the session.

    Queries change nothing and are always ``ok``.
    """
    q = line.query
    if q == "state":
        return said(None, "engine.query.state", {"summary": h.situation()},
                    kind="query", query=q)
    if q == "check":
        return h.check(line.arg, line.player)
    if q == "why":
        return h.why()
    return Ruling(True, None, [], kind="query", query=q, arg=line.arg)


def situation(h) -> Situation:
    """The hand in short, as facts (``Situation``: the top card, the named suit,
    whose turn, a pending penalty and what stacks on it, a skip to answer, a limit);
    of a hand not being played, ``Dealt.situation``."""
    if h.status != "playing" or h.scored:
        return Dealt.situation(h)
    pending = h.pending
    return Situation("playing", top=h.top, named=h.named_suit, turn=h.turn,
                     pending=pending, stack=stack_options(h) if pending else (),
                     pending_skip=h.pending_skip, skip_rank=h.skip_rank,
                     limit=h.limit, demand=h.demand)


def check(h, arg: str, player: str | None = None) -> Ruling:
    """``check CARD``: would ``CARD`` be legal now for the player to act? Changes nothing."""
    tokens = arg.split()
    card = try_card(tokens[0], h.lexicon) if tokens else None
    if card is None:
        return said(None, "engine.check.usage", kind="query", query="check",
                    data={"legal": False})
    suit = parse_suit(tokens[1], h.lexicon) if len(tokens) > 1 else None
    refused = legality.refusal(h, card, player, suit)
    if refused is not None:
        ruling = said(refused.rule, "engine.check.illegal",
                      {"card": card, "why": refused, "allowed": LegalNow(h)},
                      kind="query", query="check", data={"legal": False, "card": str(card)})
        ruling.events.extend(_check_reasons(h, refused))
        return ruling
    who = h.player(player) if player is not None else (
        h.turn if not h.free or h.pending else None)
    rule = matching.rule_of(h, card)
    key = "engine.check.legal" if who else "engine.check.legal_anyone"
    return said(rule, key, {"card": card, "name": who}, kind="query", query="check",
                data={"legal": True, "card": str(card)})


def why(h) -> Ruling:
    """``why``: the reasoning behind the last ruling, with rule ids and house rules:
    one ``Said`` per event that cites a rule or a house rule and has a sentence of
    its own, showing the event itself (said where the answer is read), each card
    of a double once; then what made it (``_why_cause``).  The last ruling is
    this session's, else the last entry of the log, replayed (``cause.explain``)."""
    from referee.engine.cause import explain
    explained = explain(h)
    last = explained.ruling if explained is not None else h.last_ruling
    if last is None or not last.events:
        return said(None, "engine.why.nothing", kind="query", query="why")
    lines = []
    told_cards: set = set()  # (each card of a double told once, R3.10)
    for e in last.events:
        if e.rule is None and e.house is None:
            continue
        if not e.told:  # told within another event's sentence (a call's draw)
            continue
        card = getattr(e, "card", None)
        if card is not None and type(e).__name__ == "Played":
            if (getattr(e, "player", None), card) in told_cards:
                continue
        told_cards.add((getattr(e, "player", None), card))
        decided = e.house or _house_of_card(h, card)
        house: Said | str = _house_said(h, decided, e.rule) if decided else ""
        lines.append(Said(e.rule, "engine.why.cited" if e.cites else "engine.why.line",
                          {"rule": e.rule or "-", "text": e, "house": house}))
    if explained is not None:
        lines.extend(_why_cause(h, explained))
    if not lines:
        lines = [Said(None, "engine.why.nothing")]
    return Ruling(True, last.rule, lines, kind="query", query="why")


def _house_said(h, decided: tuple, cited: str | None) -> Said:
    """The house rule ``decided`` (``(key, value)``) as ``why`` tells it after an
    event citing ``cited``: with its own rule id when another's; a value other
    than the standard one (or an ``[actions]`` entry) with where it was set
    (``HouseWhere``: the file and line, or the preset)."""
    key, value = decided[0], toml_value(decided[1])
    table, dot, name = key.rpartition(".")  # ("actions.K": its effect's rule)
    declared = KEY_BY_NAME.get(key)  # (its rule by the value: multi_play = "run" R10.60)
    rule = cited if dot else (declared.rule_for(decided[1]) if declared else KEY_RULE.get(key))
    if not dot and decided[1] == getattr(_STANDARD, key, None):
        return (Said(None, "engine.why.house_rule", {"key": key, "value": value,
                                                     "rule": rule})
                if rule and rule != cited else
                Said(None, "engine.why.house", {"key": key, "value": value}))
    return Said(None, "engine.why.house_at", {
        "key": f"[{table}] {name}" if dot else key, "value": value, "rule": rule or "-",
        "where": HouseWhere(key, h.rules.name)})


def _card_house(h, card, rule: str | None) -> list:
    """The house rule that gave ``card`` the effect a cause names, as a line of
    ``why`` (none for a rank keeping its standard effect)."""
    decided = _house_of_card(h, card)
    if not decided:
        return []
    return [Said(None, "engine.why.cited", {"text": "", "house": _house_said(h, decided,
                                                                                  rule)})]


def _house_of_card(h, card) -> tuple | None:
    """The house rule that gives ``card``'s rank an effect other than the standard
    game's (``compiled.house_of``), for ``why``; None for a standard one."""
    if card is None or not isinstance(card, Card):
        return None
    from referee.engine.compiled import house_of
    found = house_of(h.rules, card.rank)
    if found is None:
        return None
    key, value = found
    if not key.startswith("actions.") and value == getattr(_STANDARD, key, value):
        return None
    return found


def _check_reasons(h, refused: Refused) -> list:
    """The reasons ``why`` would give for ``refused`` (``check``'s no): the house
    rule that decided, with where it was set, and the plays behind the pending
    penalty, skip, limit or named suit (R5.7, R5.11, R9.6, R9.9, R3.3)."""
    from referee.engine.cause import Explained, trail
    out: list = []
    if refused.house:
        out.append(_house_said(h, refused.house, refused.rule))
    if refused.reason.card_refused or refused.reason is Reason.PENDING_DRAW_PLAY:
        _, before = trail(h, h.log)
        explained = Explained(Ruling(False, refused.rule, [refused]), h, before, before)
        out.extend(_why_cause(h, explained, allowed=False))
    return out


def _why_cause(h, explained, allowed: bool = True) -> list:
    """The lines of ``why`` that say what made the ruling: the plays behind a
    pending or taken penalty (R5.7), a skip (R5.11), a limit (R9.6, R9.9) or a
    named suit (R3.3), and for a refused card what was allowed instead (unless
    not ``allowed``: ``check`` says what is legal itself)."""
    out: list = []
    events = explained.ruling.events
    names = [type(e).__name__ for e in events]
    played = list(dict.fromkeys((e.player, e.card) for e in events if e.acts
                                and isinstance(getattr(e, "card", None), Card)))
    if explained.double and played and "RunThrough" not in names:  # a double (R3.10; a run
        # tells itself, R10.64)
        out.append(Said("R3.10", "engine.why.double", {
            "name": played[0][0], "n": len(played),
            "house": _house_said(h, ("multi_play", h.rules.multi_play), "R3.10")}))
    out.extend(_causes_of_events(explained, events, names))
    if events and names[0] == "Refused":
        out.extend(_causes_of_refusal(h, explained, events[0].reason, allowed))
    return out


def _causes_of_events(explained, events: list, names: list[str]) -> list:
    """The plays behind what the ruling's events did: a penalty taken or aimed (R5.7),
    a skip passed on (R5.11), as lines of ``why``."""
    out: list = []
    before, after, hand = explained.before, explained.after, explained.hand
    if "Drew" in names:
        drew = events[names.index("Drew")]
        if drew.cause == "penalty":
            cause = before.penalty_cause(taken_by=drew.player)
            if cause is not None:
                out.append(Said(None, "engine.why.cause.taken",
                                {"cause": cause, "name": drew.player}))
    if "PenaltyAimed" in names:
        cause = after.penalty_cause()
        if cause is not None:
            out.append(Said(None, "engine.why.cause.pending", {"cause": cause}))
    if "SkipPassed" in names:
        cause = before.skip_cause(hand.skip_rank)
        if cause is not None:
            out.append(Said(None, _skip_key(cause), {"cause": cause}))
    return out


def _skip_key(cause) -> str:
    """The sentence of a pending skip's cause: a stacked wait's (R10.21) or a skip
    passed on (R5.11), as the last play that made it cited."""
    return "engine.why.cause.wait" if cause.parts[-1].rule == "R10.21" else "engine.why.cause.skip"


def _causes_of_refusal(h, explained, reason: Reason, allowed: bool) -> list:
    """What made a refusal for ``reason``: the plays behind the pending penalty (R5.7),
    the skip (R5.11), the named suit (R3.3) or the limit (R9.6, R9.9), with the house
    rule that gave the card its effect; then what was allowed instead (unless not
    ``allowed``), as lines of ``why``."""
    out: list = []
    before, hand = explained.before, explained.hand
    if reason in (Reason.MUST_STACK, Reason.MUST_DRAW, Reason.PENDING_DRAW_PLAY):
        cause = before.penalty_cause()
        if cause is not None:
            out.append(Said(None, "engine.why.cause.pending", {"cause": cause}))
    elif reason in (Reason.MUST_ANSWER_SKIP, Reason.SKIP_NO_DRAW, Reason.MUST_ANSWER_WAIT,
                    Reason.WAIT_NO_DRAW):
        cause = before.skip_cause(hand.skip_rank)
        if cause is not None:
            out.append(Said(None, _skip_key(cause), {"cause": cause}))
    elif reason is Reason.MATCH_NAMED and before.suit is not None:
        out.append(Said(None, "engine.why.cause.suit", {"cause": before.suit}))
        out.extend(_card_house(h, before.suit.card, before.suit.rule))
    elif reason in (Reason.NOT_ON, Reason.OUT_NOT_WILD):  # R9.8: the entry that bars it
        out.extend(_card_house(h, explained.ruling.events[0].fields.get("card"), "R9.8"))
    elif reason is Reason.LIMIT and before.limit is not None:
        out.append(Said(None, "engine.why.cause.limit", {"cause": before.limit}))
        out.extend(_card_house(h, before.limit.card, before.limit.rule))
    if allowed and (reason.card_refused or reason is Reason.PENDING_DRAW_PLAY):
        out.append(Said(None, "engine.why.allowed", {"allowed": LegalNow(hand)}))
    return out


class HouseWhere:
    """Where a house rule ``key`` (``"stacking"``, ``"actions.K"``) of the rule set
    ``name`` was set, as data: the application knows the file and its line (``why``)."""

    __slots__ = ("key", "name")

    def __init__(self, key: str, name: str):
        self.key, self.name = key, name


class Allowed:
    """What may go on the top card now, as a rule (never guessing the hand), as facts
    said where they are read (R3.1-R3.3): the ``top`` card (None before the starter),
    the ``named`` suit, the suit-naming ranks (``naming``) whose card of another suit
    goes on top by the matching rule itself, whether ``jokers`` are in play, and
    ``barred``: the keys of the cards that may not go on top all the same (R9.8
    ``not_on``: "but not a Jack"), given with ``barred_mask``, those cards' mask."""

    __slots__ = ("top", "named", "naming", "jokers", "barred")

    def __init__(self, top: Card | None, named: str | None, wild: frozenset[str],
                 same_rank: frozenset[str], jokers: bool, barred_mask: int = 0,
                 barred: tuple[str, ...] = ()):
        self.top, self.named, self.jokers, self.barred = top, named, jokers, barred
        # "a Jack" is said of a suit-naming rank whose card of another suit goes on top
        # by the matching rule itself (``compiled.matches``: ``same_rank`` on a named suit,
        # ``wild`` otherwise), and not already as the top card's rank.
        suit = named or (top.suit if top is not None else None)
        self.naming = tuple(  # (only a suit-naming rank goes on another suit and rank)
            rank for rank in RANKS if rank in wild or rank in same_rank
            if top is not None and top.rank != JOKER
            and (named or top.rank != rank)
            and any(matches(Card(rank, s), top, named, wild, same_rank)
                    and not barred_mask >> Card(rank, s).id & 1
                    for s in SUITS if s != suit))


class LegalNow:
    """What is legal now, as facts said where they are read (``check``): whether the
    hand is ``playing``; a ``pending`` penalty (R5.7) and the ranks that ``stack`` on
    it; a ``pending_skip`` answered by ``skip_rank`` (R5.11); the ``limit`` on the next
    card (R9.6, R9.9); the ``demand`` in force (R10.22); else what may go on top (``allowed``, None when one of those
    comes first)."""

    __slots__ = ("playing", "pending", "stack", "pending_skip", "skip_rank", "limit",
                 "demand", "allowed")

    def __init__(self, h):
        self.playing = h.status == "playing"
        self.pending = h.pending
        self.stack = stack_options(h) if self.playing and h.pending else ()
        self.pending_skip, self.skip_rank, self.limit = h.pending_skip, h.skip_rank, h.limit
        self.demand = h.demand if self.playing else None  # R10.22: (rank, who demanded it)
        self.allowed = (h.allowed() if self.playing and matching.governs(h) is matching.MATCH
                        else None)
