"""Events into sentences, through the message layer (``referee.messages``).

The rule code builds events (``events``); this module alone knows which
message tells each one and which fields it shows.  It is called only when
someone reads a ruling (``Ruling.text``, ``Event.text()``).  ``render``
returns None for an event that has no sentence of its own (a card drawn on a
call, which the call tells).

It imports no event class (``events`` imports this module when a sentence is
read, so the dependency points one way): an event is told by its class name,
a refusal by its reason's value, and the constants of an event (``Drew``'s
causes ...) are read from the event itself.
"""

from __future__ import annotations

from typing import Any

from referee import messages
from referee.engine.cards import JOKER, SUITS, Card
from referee.engine.notation import written
from referee.engine.tables import matches

t = messages.t


def suit_word(suit: str) -> str:
    """The name of a suit (``"s"`` -> "spades") in the active language."""
    return t(f"engine.suit.{suit}")


def rank_word(rank: str) -> str:
    """The name of a rank (``"7"`` -> "Seven") in the active language."""
    return t(f"engine.rank.{rank}")


def _show(value: Any) -> Any:
    if isinstance(value, Card):
        return value.pretty()
    if isinstance(value, Phrase):
        return value.text()
    return "-" if value is None else value


class Phrase:
    """Words a sentence shows that are made from the state when read (``allowed``)."""

    __slots__ = ()

    def text(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


class Entry(Phrase):
    """A logged entry (English notation, as saved) as the active language writes it
    (``notation.written``): undo and redo tell it so."""

    __slots__ = ("line",)

    def __init__(self, line: str):
        self.line = line

    def text(self) -> str:
        return written(self.line)


class Allowed(Phrase):
    """What may go on the top card now, as a rule (never guessing the hand): R3.1-R3.3."""

    __slots__ = ("top", "named", "jack", "jokers")

    def __init__(self, top: Card | None, named: str | None, jack_on_jack: bool,
                 jack_wild: bool, jokers: bool):
        self.top, self.named, self.jokers = top, named, jokers
        # "a Jack" is said when a Jack of another suit goes on top by the matching rule
        # itself (``tables.matches``: jack_on_jack on a named suit, jack_wild otherwise),
        # and not already as the top card's rank.
        suit = named or (top.suit if top is not None else None)
        self.jack = (top is not None and top.rank != JOKER and (named or top.rank != "J")
                     and any(matches(Card("J", s), top, named, jack_wild, jack_on_jack)
                             for s in SUITS if s != suit))

    def text(self) -> str:
        top = self.top
        if top is None:
            return ""
        parts = []
        if self.named:
            parts.append(t("engine.words.any_suit", suit=suit_word(self.named)))
        elif top.rank == JOKER:
            return t("engine.words.any_card")
        else:
            parts.append(t("engine.words.any_suit", suit=suit_word(top.suit)))
            parts.append(t("engine.words.any_rank", rank=rank_word(top.rank)))
        if self.jack:
            parts.append(t("engine.words.a_jack"))
        if self.jokers:
            parts.append(t("engine.words.a_joker"))
        return or_list(parts)


def or_list(parts: list[str]) -> str:
    """``a, b or c`` in the active language."""
    if len(parts) > 1:
        return t("engine.words.or_list", head=", ".join(parts[:-1]), last=parts[-1])
    return parts[0]


_STACK = {"nothing": "engine.words.nothing", "either": "engine.words.two_or_joker",
          "two": "engine.words.a_two", "joker": "engine.words.a_joker"}


def stack_words(stack: str) -> str:
    """What stacks on a pending penalty (``actions.stack_options``), in words."""
    return t(_STACK[stack])


_REFUSALS = {
    "unknown_player": "engine.refuse.unknown_player",
    "left": "engine.refuse.left",
    "free_no_player": "engine.refuse.free_no_player",
    "waiting": "engine.refuse.waiting",
    "over": "engine.refuse.over",
    "started": "engine.refuse.started",
    "start_dealer": "engine.refuse.start_dealer",
    "turn": "engine.refuse.turn",
    "turn_passed": "engine.refuse.turn_passed",
    "free_pending": "engine.refuse.free_pending",
    "no_jokers": "engine.refuse.no_jokers",
    "identity": "engine.refuse.identity",
    "must_stack": "engine.refuse.must_stack",
    "must_draw": "engine.refuse.must_draw",
    "pending_draw_play": "engine.refuse.pending_draw_play",
    "no_doubles": "engine.refuse.no_doubles",
    "double_rank": "engine.refuse.double_rank",
    "match": "engine.refuse.match",
    "match_named": "engine.refuse.match_named",
    "jack_suit": "engine.refuse.jack_suit",
    "finish_on_action": "engine.refuse.finish_on_action",
    "no_draw_then_play": "engine.refuse.no_draw_then_play",
    "owed_many": "engine.refuse.owed_many",
    "nothing_to_draw": "engine.refuse.nothing_to_draw",
    "no_skip": "engine.refuse.no_skip",
    "call_self": "engine.refuse.call_self",
    "call_unnamed": "engine.refuse.call_unnamed",
    "fix_count": "engine.refuse.fix_count",
    "fix_play": "engine.refuse.fix_play",
}


def _refused(e) -> str:
    reason = e.reason.value
    key = _REFUSALS[reason]
    fields = dict(e.fields)
    if reason == "identity" and fields.get("alt") is not None:
        key = "engine.refuse.identity_hint"
    elif reason == "owed_many" and fields["n"] == 0:
        key = "engine.refuse.owed_none"
    elif reason == "jack_suit":  # the entry to type, in the language's letters
        card, play = fields.pop("card"), fields.pop("play", None)  # (play: ``Jh+Js``)
        fields["entry"] = Entry(f"{play or card} s")
    if "suit" in fields:
        fields["suit"] = suit_word(fields["suit"])
    if "stack" in fields:
        fields["allowed"] = stack_words(fields.pop("stack"))
    return t(key, **{k: _show(v) for k, v in fields.items()})


def _started(e) -> str:
    card, turn = e.card.pretty(), e.turn or "-"
    if e.effect == e.PENALTY:
        return t("engine.start.penalty", card=card, victim=e.victim, n=e.n)
    if e.effect == e.EIGHT:
        return t("engine.start.eight", card=card, lost=e.lost, turn=turn)
    if e.effect == e.ACE:
        return t("engine.start.ace", card=card, turn=turn)
    if e.free:
        return t("engine.start.free_no_effect" if e.effect == e.NO_EFFECT
                 else "engine.start.free_plain", card=card)
    return t("engine.start.no_effect" if e.effect == e.NO_EFFECT else "engine.start",
             card=card, turn=turn)


_DREW = {"turn": "engine.draw", "draw_play": "engine.draw_play",
         "penalty": "engine.draw_penalty", "owed": "engine.draw_owed",
         "applied": "engine.effect.applied_draw"}


def _drew(e) -> str | None:
    key = _DREW.get(e.cause)
    if key is None or (e.cause == e.APPLIED and e.n == 0):
        return None  # (told by the call or the correction; an applied draw of nothing)
    if e.cause == e.OWED and e.n == 0:
        key = "engine.draw_owed_none"
    return t(key, name=e.player, n=e.n, card=_show(e.card))


def _penalty(e) -> str:
    key = "engine.effect.two" if e.card.rank == "2" else "engine.effect.joker"
    if e.stack == "nothing":
        key += "_nostack"
    return t(key, name=e.player, card=e.card.pretty(), victim=e.victim, n=e.n,
             stack=stack_words(e.stack))


def _skipped(e) -> str:
    if e.rule == "R5.8":
        key = "engine.effect.king_reverse_skip"
    else:
        key = "engine.effect.eight_two" if e.two_players else "engine.effect.eight"
    return t(key, name=e.player, card=e.card.pretty(), lost=e.lost, turn=e.turn or "-")


def _reversed(e) -> str:
    if e.rule == "R5.8":
        return t("engine.effect.king_reverse_free", name=e.player, card=e.card.pretty())
    direction = t("engine.words.clockwise" if e.clockwise else "engine.words.counterclockwise")
    return t("engine.effect.ace", name=e.player, card=e.card.pretty(), direction=direction)


_ANNOUNCED = {"in_time": "engine.announce", "late": "engine.announce.late",
              "again": "engine.announce.again", "none": "engine.announce.none"}
_CALLED = {"hit": "engine.call.hit", "premature": "engine.call.premature",
           "void_announced": "engine.call.void_announced",
           "void_called": "engine.call.void_called",
           "void_count": "engine.call.void_count"}
_FIXED = {"draw": "engine.fix.draw", "count": "engine.fix.count", "play": "engine.fix.play"}


def _said(e) -> str:
    return t(e.key, **{k: _show(v) for k, v in e.fields.items()})


_RENDER = {
    "Refused": _refused,
    "Started": _started,
    "FreeOrder": lambda e: t("engine.start.free"),
    "Played": lambda e: t("engine.play", name=e.player, card=e.card.pretty()),
    "Drew": _drew,
    "Reshuffled": lambda e: t("engine.effect.reshuffle", n=e.n),
    "Forgiven": lambda e: t("engine.effect.exhausted", name=e.player, n=e.n, got=e.got),
    "IllegalPlayPenalty": lambda e: t("engine.effect.illegal_play_penalty", name=e.player, n=e.n),
    "Blocked": lambda e: t("engine.blocked"),
    "NextToPlay": lambda e: t("engine.next", name=e.player),
    "Announced": lambda e: t(_ANNOUNCED[e.how], name=e.player or "?"),
    "Called": lambda e: t(_CALLED[e.outcome], name=e.target, n=e.n),
    "FalseCall": lambda e: t("engine.effect.false_call", name=e.player, n=e.n),
    "PenaltyAimed": _penalty,
    "PenaltyAtOnce": lambda e: t("engine.effect.penalty_at_once", name=e.player,
                                 card=e.card.pretty(), victim=e.victim, n=e.n),
    "PlaysAgain": lambda e: t("engine.effect.seven" if e.rule == "R5.2" else "engine.effect.ace_two",
                              name=e.player, card=e.card.pretty()),
    "Skipped": _skipped,
    "Reversed": _reversed,
    "SuitNamed": lambda e: t("engine.effect.jack", name=e.player, card=e.card.pretty(),
                             suit=suit_word(e.suit)),
    "KingDraw": lambda e: t("engine.effect.king_draw", name=e.player, card=e.card.pretty(),
                            victim=e.victim),
    "SkipTwo": lambda e: t("engine.effect.four", name=e.player, card=e.card.pretty(),
                           victim=e.victim),
    "AllDrawOne": lambda e: t("engine.effect.five", name=e.player, card=e.card.pretty()),
    "PlaysOn": lambda e: t("engine.effect.penalty_plays_on", name=e.player),
    "Won": lambda e: (t("engine.win", name=e.player) if e.card is None else
                      t("engine.win_on", name=e.player, card=e.card.pretty())),
    "OwedDraw": lambda e: t("engine.effect.owed_draw" if e.n else "engine.effect.owed_none",
                            name=e.player, n=e.n),
    "Left": lambda e: t("engine.leave", name=e.player, n=e.n),
    "PenaltyLapses": lambda e: t("engine.effect.penalty_lapses", name=e.player),
    "LastPlayerWins": lambda e: t("engine.win_last", name=e.player),
    "Fixed": lambda e: t(_FIXED[e.what], name=e.player, n=e.n, old=e.old, card=_show(e.card)),
    "Said": _said,
}


def render(event) -> str | None:
    """The sentence that tells ``event`` in the active language (None: it has none)."""
    return _RENDER[type(event).__name__](event)
