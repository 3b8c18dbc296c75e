"""The engine's rulings, events and facts as sentences, through the message layer.

The engine makes no sentence: it hands up typed events (``referee.engine.events``),
a ``Ruling`` holding them, and facts (a hand's ``Situation``, what may go on top,
what is legal now).  This module alone knows which message tells each and which
fields it shows, and says them in the active language where they are read:
``told(ruling)`` (every sentence of a ruling), ``sentence(event)`` (one event's,
None for one another event's sentence tells: a card drawn on a call),
``summary(hand)`` (the hand in short, ``state``), and the phrases they are made
of (``limit_words``, ``stack_words``, ``allowed_words`` ...).  A card is said by
``referee.words.cards``.

It imports no event class (start-up: ``state`` of a hand only dealt says its
summary and imports no event, nor any rule module): an event is told by its class
name, a refusal by its reason's value, a fact by its class name, and the constants
of an event (``Drew``'s causes ...) are read from the event itself.  What only a
refereed hand needs (an entry in the reader's letters) is imported when first used.
"""

from __future__ import annotations

from typing import Any

from referee import messages
from referee.engine.cards import JOKER, Card, parse_card
from referee.words.cards import a_rank, played, pretty, rank_word, suit_word
from referee.engine.told import Told

t = messages.t


def _entry(line: str) -> str:
    """An entry (English notation) in the letters of whoever reads it (``as_read``)."""
    from referee.words.entries import as_read
    return as_read(line)


def _show(value: Any) -> Any:
    """A field of a sentence as it is shown: a card as players read it, an event by its
    sentence, a fact (``Entry``, ``Allowed``, ``LegalNow``, ``Situation``) in words."""
    if isinstance(value, Card):
        return pretty(value)
    if isinstance(value, Told):
        return messages.say(value)
    name = type(value).__name__
    if name in _FACTS:
        return _FACTS[name](value)
    if name in _RENDER:
        return _RENDER[name](value) or ""
    return "-" if value is None else value


def allowed_words(allowed) -> str:
    """What may go on the top card now (``Hand.allowed``: an ``Allowed``), in words
    (R3.1-R3.3): "" before the starter."""
    top = allowed.top
    if top is None:
        return ""
    parts = []
    if allowed.named:
        parts.append(t("engine.words.any_suit", suit=suit_word(allowed.named)))
    elif top.rank == JOKER:
        parts = [t("engine.words.any_card")]
    else:
        parts.append(t("engine.words.any_suit", suit=suit_word(top.suit)))
        if top.rank not in allowed.barred:  # (R9.8: a rank barred on itself)
            parts.append(t("engine.words.any_rank", rank=rank_word(top.rank)))
    if allowed.named or top.rank != JOKER:
        parts.extend(a_rank(rank) for rank in allowed.naming)
        if allowed.jokers:
            parts.append(a_rank(JOKER))
    if allowed.barred:  # R9.8 ``not_on``
        return t("engine.words.but_not", allowed=or_list(parts),
                 barred=or_list([a_key(key) for key in allowed.barred]))
    return or_list(parts)


def legal_now_words(legal) -> str:
    """What is legal now (``check``'s ``LegalNow``), in words."""
    if not legal.playing:
        return t("engine.words.nothing")
    if legal.pending:
        if not legal.stack:
            return t("engine.check.pending_draw", n=legal.pending)
        return t("engine.check.pending_options", stack=stack_words(legal.stack),
                 n=legal.pending)
    if legal.pending_skip:
        return t("engine.check.skip_options", rank=a_rank(legal.skip_rank))
    if legal.limit is not None:
        return limit_words(legal.limit)
    if legal.demand is not None:  # R10.22
        return t("engine.check.demand_options", rank=a_rank(legal.demand[0]))
    return allowed_words(legal.allowed)


def summary(hand) -> str:
    """One or two sentences on the state of ``hand`` (a ``Dealt`` or a ``Hand``), for
    players: its ``situation()`` said."""
    return situation_words(hand.situation())


def situation_words(s) -> str:
    """A hand's ``Situation`` (``referee.engine.dealt``) in one or two sentences:
    waiting for the starter (R2.3), blocked (R3.9), won (R6.1), or the top card,
    the named suit, whose turn and what they face."""
    status = s.status
    if status == "waiting":
        return t("engine.summary.waiting", dealer=s.dealer)
    if status == "blocked":
        return t("engine.summary.blocked")
    if status == "over":
        return t("engine.summary.over", winner=s.winner)
    parts = [t("engine.summary.top", top=pretty(s.top))]
    if s.named:
        parts.append(t("engine.summary.named", suit=suit_word(s.named)))
    if s.turn:
        if s.pending:
            key = "engine.summary.pending" if s.stack else "engine.summary.pending_nostack"
            parts.append(t(key, turn=s.turn, n=s.pending, stack=stack_words(s.stack)))
        elif s.pending_skip:
            parts.append(t("engine.summary.skip", turn=s.turn, n=s.pending_skip,
                           rank=a_rank(s.skip_rank)))
        elif s.demand is not None and s.limit is None:  # R10.22
            parts.append(t("engine.summary.demand", turn=s.turn, rank=a_rank(s.demand[0]),
                           name=s.demand[1]))
        else:
            parts.append(t("engine.summary.turn", turn=s.turn))
    else:
        parts.append(t("engine.summary.free"))
    if s.limit is not None:
        parts.append(t("engine.summary.limit", limit=limit_words(s.limit)))
    return " ".join(parts)


def _chain(parts) -> str:
    """The plays behind a pending penalty or skip, last on first: "Bram's Joker on
    Anna's Two" (``cause.Part``s, first played first)."""
    said = ""
    for p in parts:
        card = t("engine.why.card_of", name=p.player, card=rank_word(p.card.rank))
        said = card if not said else t("engine.why.on", card=card, under=said)
    return said


def _sum(parts, total: int) -> str:
    """``2 + 5 = 7`` (one part: ``2``)."""
    if len(parts) < 2:
        return str(total)
    return " + ".join(str(p.n) for p in parts) + f" = {total}"


def _penalty_cause(c) -> dict:
    return {"chain": _chain(c.parts), "sum": _sum(c.parts, c.total),
            "rules": ", ".join(c.rules), "n": c.total}


def _skip_cause(c) -> dict:
    return {"chain": _chain(c.parts), "sum": c.total, "n": c.total,  # (passed on: no sum)
            "rank": a_rank(c.rank) if c.rank else "-"}


def _set_by(c) -> dict:
    what = (suit_word(c.what) if c.kind == "suit" else limit_words(c.what))
    return {"name": c.player, "card": pretty(c.card), "suit": what, "limit": what,
            "rule": c.rule or "-"}


def _house_where(w, origin=None) -> str:
    """Where the house rule ``w.key`` was set (``Hand.why``'s ``HouseWhere``), as
    ``origin`` says (see ``told_why``): a file and its line, a file, a preset; else
    nothing."""
    found = origin(w.key) if origin is not None else None
    if not found:
        return ""
    kind, name, line = found
    if kind == "preset":
        return t("engine.why.where.preset", name=rules_name(name))
    if line is None:
        return t("engine.why.where.file", file=name)
    return t("engine.why.where.line", file=name, line=line)


def told_why(ruling, origin=None, sep: str = " ") -> str:
    """The answer to ``why`` (a ``Ruling`` of ``Hand.why``), its sentences joined by
    ``sep``, with where each house rule was set: ``origin(key)`` gives ``("file",
    name, line)`` (line None when the file is no longer there), ``("preset", name,
    None)`` or None."""
    said = (sentence(_placed(e, origin)) for e in ruling.events)
    return sep.join(s.strip() for s in said if s)


def _placed(event, origin):
    """``event`` with each ``HouseWhere`` in its fields (and in the sentences among
    them) said as ``origin`` places it: only ``why``'s sentences carry one."""
    if type(event).__name__ != "Said":
        return event
    fields = {}
    for k, v in event.fields.items():
        kind = type(v).__name__
        fields[k] = (_house_where(v, origin) if kind == "HouseWhere" else
                     _placed(v, origin) if kind == "Said" else v)
    return type(event)(event.rule, event.key, fields, event.house)


_FACTS = {"Entry": lambda e: _entry(e.line), "Allowed": allowed_words,
          "LegalNow": legal_now_words, "Situation": situation_words,
          "HouseWhere": _house_where}

_CAUSES = {"PenaltyCause": _penalty_cause, "SkipCause": _skip_cause, "SetBy": _set_by}


def or_list(parts: list[str]) -> str:
    """``a, b or c`` in the active language."""
    if len(parts) > 1:
        return t("engine.words.or_list", head=", ".join(parts[:-1]), last=parts[-1])
    return parts[0]


def and_list(parts: list[str]) -> str:
    """``a, b and c`` in the active language."""
    if len(parts) > 1:
        return t("engine.words.and_list", head=", ".join(parts[:-1]), last=parts[-1])
    return parts[0]


def stack_words(stack: tuple[str, ...]) -> str:
    """What stacks on a pending penalty (``actions.stack_options``: ranks), in words."""
    if not stack:
        return t("engine.words.nothing")
    return or_list([a_key(key) for key in stack])


def a_key(key: str) -> str:
    """One card a key names (R10.10), as a sentence says it: "a Two", "a black Jack",
    "K♥"."""
    from referee.engine.cardkeys import is_rank, key_rank
    if is_rank(key):
        return a_rank(key)
    rank = key_rank(key)
    if " " in key:
        return t(f"engine.words.a_colour.{key.split()[1]}", a_rank=a_rank(rank))
    return pretty(parse_card(key))


def rules_name(name: str) -> str:
    """A rule set's name (``HouseRules.name``) as shown to a player: a preset by its
    name in the language spoken (R8: French ``famille``, Italian ``base``), a
    house-rule file's stem as it is; a game of the family by its own name (R10:
    "Mau-Mau", Dutch "Vlaams pesten")."""
    from referee.engine.rules import GAMES, PRESETS
    if name in GAMES:
        return messages.t(f"games.{name}.name")
    return messages.t(f"rules.preset.{name}") if name in PRESETS else name


def limit_words(limit: tuple) -> str:
    """What a limit on the next card lets through (R9.6, R9.9), in words."""
    kind, value = limit
    if kind == "follow":
        return t("engine.words.limit.follow", suit=suit_word(value.suit),
                 rank=rank_word(value.rank))
    if kind == "rank":
        return t("engine.words.limit.rank", rank=a_rank(value))
    return t(f"engine.words.limit.{kind}", value=value)


_REFUSALS = {
    "unknown_player": "engine.refuse.unknown_player",
    "left": "engine.refuse.left",
    "out": "engine.refuse.out",
    "call_out": "engine.refuse.call_out",
    "free_no_player": "engine.refuse.free_no_player",
    "waiting": "engine.refuse.waiting",
    "over": "engine.refuse.over",
    "started": "engine.refuse.started",
    "start_dealer": "engine.refuse.start_dealer",
    "turn": "engine.refuse.turn",
    "turn_passed": "engine.refuse.turn_passed",
    "free_pending": "engine.refuse.free_pending",
    "no_jokers": "engine.refuse.no_jokers",
    "not_in_deck": "engine.refuse.not_in_deck",
    "identity": "engine.refuse.identity",
    "must_stack": "engine.refuse.must_stack",
    "must_draw": "engine.refuse.must_draw",
    "pending_draw_play": "engine.refuse.pending_draw_play",
    "no_doubles": "engine.refuse.no_doubles",
    "double_rank": "engine.refuse.double_rank",
    "double_count": "engine.refuse.double_count",
    "run_governed": "engine.refuse.run_governed",
    "run_break": "engine.refuse.run_break",
    "run_joker": "engine.refuse.run_joker",
    "match": "engine.refuse.match",
    "match_named": "engine.refuse.match_named",
    "not_on": "engine.refuse.not_on",
    "out_not_wild": "engine.refuse.out_not_wild",
    "jack_suit": "engine.refuse.jack_suit",
    "finish_on_action": "engine.refuse.finish_on_action",
    "no_draw_then_play": "engine.refuse.no_draw_then_play",
    "owed_many": "engine.refuse.owed_many",
    "nothing_to_draw": "engine.refuse.nothing_to_draw",
    "no_skip": "engine.refuse.no_skip",
    "call_self": "engine.refuse.call_self",
    "call_unnamed": "engine.refuse.call_unnamed",
    "announce_unnamed": "engine.refuse.announce_unnamed",
    "fix_count": "engine.refuse.fix_count",
    "fix_play": "engine.refuse.fix_play",
    "must_answer_skip": "engine.refuse.must_answer_skip",
    "skip_no_draw": "engine.refuse.skip_no_draw",
    "must_answer_wait": "engine.refuse.must_answer_wait",
    "wait_no_draw": "engine.refuse.wait_no_draw",
    "demanded": "engine.refuse.demanded",
    "no_demand": "engine.refuse.no_demand",
    "demand_except": "engine.refuse.demand_except",
    "limit": "engine.refuse.limit",
    "start_suit": "engine.refuse.start_suit",
    "start_no_suit": "engine.refuse.start_no_suit",
    "no_suit_to_name": "engine.refuse.no_suit_to_name",
    "draw_one": "engine.refuse.draw_one",
    "draw_up_to": "engine.refuse.draw_up_to",
    "draw_count_owed": "engine.refuse.draw_count_owed",
    "draw_until_playable": "engine.refuse.draw_until_playable",
    "draw_count_piles": "engine.refuse.draw_count_piles",
    "jump_not_same": "engine.refuse.jump_not_same",
    "jump_pending": "engine.refuse.jump_pending",
    "jump_double": "engine.refuse.jump_double",
    "swap_no_name": "engine.refuse.swap_no_name",
    "swap_unknown": "engine.refuse.swap_unknown",
    "swap_self": "engine.refuse.swap_self",
    "swap_out": "engine.refuse.swap_out",
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
        fields["entry"] = _entry(f"{play or card} s")
        if card.rank != "J":
            key, fields["card"] = "engine.refuse.name_suit", card
    elif reason == "no_suit_to_name":
        fields["entry"] = _entry(str(fields["card"]))
    elif reason == "limit" and fields["limit"][0] == "follow":
        key = "engine.refuse.follow"
    elif reason == "start_suit":
        fields["entry"] = _entry(f"start {fields['card']} s")
    elif reason == "start_no_suit":
        fields["entry"] = _entry(f"start {fields['card']}")
    elif reason == "jump_not_same" and fields.pop("same_rank", False):
        key = "engine.refuse.jump_not_rank"
    elif reason == "out_not_wild":  # (R9.8: on a named suit, or on the top card)
        if fields["suit"] is None:
            del fields["suit"]
        else:
            key = "engine.refuse.out_not_wild_named"
    elif reason == "announce_unnamed":  # (R10.84: the entry to type, the player named)
        fields["entry"] = f"{fields.pop('name')}: {fields['word']}"
    elif reason == "swap_no_name":  # (R10.30: the entry to type, a name after the card)
        fields["entry"] = _entry(f"{fields['card']} {fields.pop('other')}")
    elif reason == "not_in_deck":  # (R10.40: "from Seven to Ace")
        fields["lowest"] = rank_word(fields["lowest"])
    if "suit" in fields:
        fields["suit"] = suit_word(fields["suit"])
    if "stack" in fields:
        fields["allowed"] = stack_words(fields.pop("stack"))
    if "rank" in fields:
        fields["rank"] = a_rank(fields["rank"])
    if "ranks" in fields:  # (R10.22: the ranks a card may demand)
        fields["ranks"] = or_list([rank_word(r) for r in fields["ranks"]])
    if "demanders" in fields:  # (R10.22: the cards that answer a demand besides its rank)
        fields["demanders"] = or_list([a_rank(r) for r in fields["demanders"]])
    if "limit" in fields:
        fields["limit"] = limit_words(fields["limit"])
    return t(key, **{k: _show(v) for k, v in fields.items()})


def _started(e) -> str:
    card, turn = pretty(e.card), e.turn or "-"
    effect = e.effect
    if effect == e.APPLIES:  # (the sentences of its effects follow)
        return t("engine.start.applies", card=card, name=e.victim)
    if effect == e.REDRAW:
        return t("engine.start.redraw", card=card)
    if e.free:
        return t("engine.start.free_no_effect" if effect == e.NO_EFFECT
                 else "engine.start.free_plain", card=card)
    return t("engine.start.no_effect" if effect == e.NO_EFFECT else "engine.start",
             card=card, turn=turn)


_DREW = {"turn": "engine.draw", "draw_play": "engine.draw_play",
         "penalty": "engine.draw_penalty", "owed": "engine.draw_owed",
         "counted": "engine.draw_counted", "counted_play": "engine.draw_counted_play"}


def _drew(e) -> str | None:
    if not e.told or e.cause == e.APPLIED:
        # (told by the call or the correction; a draw the referee applies is told by
        # the event that applies it, just before: ``DrawsAtOnce``, ``OthersDraw``,
        # ``PenaltyAtOnce``, a starter's ``Started``, ``DrawAfter``,
        # ``IllegalPlayPenalty``, ``FalseCall``, ``FalseAnnounced``)
        return None
    key = _DREW[e.cause]
    if e.cause == e.OWED and e.n == 0:
        key = "engine.draw_owed_none"
    return t(key, name=e.player, n=e.n, card=_show(e.card))


_PENALTY = {"R5.1": "engine.effect.two", "R5.6": "engine.effect.joker"}


def _penalty(e) -> str:
    key = _PENALTY.get(e.rule, "engine.effect.penalty")
    if not e.stack:
        key += "_nostack"
    return t(key, name=e.player, card=played(e.card), victim=e.victim, n=e.n,
             stack=stack_words(e.stack), rule=e.rule)


def _skips(events: list) -> str:
    """One sentence for the skips one card made (``Skipped``, ``SkipMany``: a rank
    with ``["skip", "skip"]``, R9.5): who misses how many turns, then who is next."""
    missed: dict[str, int] = {}
    for e in events:
        one = type(e).__name__ == "Skipped"
        who = e.lost if one else e.victim
        missed[who] = missed.get(who, 0) + (1 if one else e.n)
    parts = [t("engine.words.misses_turn", name=who) if n == 1 else
             t("engine.words.misses_turns", name=who, n=n) for who, n in missed.items()]
    first, last = events[0], events[-1]
    if getattr(first, "reversed", False):  # (a reverse before the skips, R9.13)
        parts.insert(0, t("engine.words.reverses"))
    # Who is next, as the last skip tells it (after a ``SkipMany``, ``NextToPlay`` does).
    turn = last.turn if type(last).__name__ == "Skipped" else None
    return t("engine.effect.skips_only" if turn is None else "engine.effect.skips",
             name=first.player, card=pretty(first.card), missed=and_list(parts),
             turn=turn or "-", rule=first.rule)


def _skipped(e) -> str:
    if e.reversed:
        key = ("engine.effect.king_reverse_skip" if e.rule == "R5.8"
               else "engine.effect.reverse_skip")
    elif e.rule == "R5.3":
        key = "engine.effect.eight_two" if e.two_players else "engine.effect.eight"
    else:
        key = "engine.effect.skip_two" if e.two_players else "engine.effect.skip"
    return t(key, name=e.player, card=played(e.card), lost=e.lost, turn=e.turn or "-",
             rule=e.rule)


def _reversed(e) -> str:
    if e.rule == "R5.8":
        return t("engine.effect.king_reverse_free", name=e.player, card=played(e.card))
    direction = t("engine.words.clockwise" if e.clockwise else "engine.words.counterclockwise")
    return t("engine.effect.ace" if e.rule == "R5.5" else "engine.effect.reverse",
             name=e.player, card=played(e.card), direction=direction, rule=e.rule)


def _again(e) -> str:
    if e.rule == "R5.2":
        return t("engine.effect.seven", name=e.player, card=played(e.card))
    if e.two_players:
        return t("engine.effect.ace_two" if e.rule == "R5.5" else "engine.effect.again_two",
                 name=e.player, card=played(e.card), rule=e.rule)
    if e.follow:
        return t("engine.effect.again_follow", name=e.player, card=played(e.card),
                 limit=limit_words(("follow", e.card)), rule=e.rule)
    return t("engine.effect.again", name=e.player, card=played(e.card), rule=e.rule)


def _draws_at_once(e) -> str:
    if e.rule == "R5.8":
        return t("engine.effect.king_draw", name=e.player, card=played(e.card),
                 victim=e.victim)
    key = "engine.effect.draw_self" if e.victim == e.player else "engine.effect.draw_at_once"
    return t(key, name=e.player, card=played(e.card), victim=e.victim, n=e.n, rule=e.rule)


def _moved(e) -> str:
    if e.kind == "swap":  # R10.30: the player's hand and the one named change places
        return t("engine.effect.swap", name=e.player, card=played(e.card),
                 other=e.moves[0][1], rule=e.rule)
    if e.kind == "pass_cards":
        giver, taker, n = e.moves[0]
        side = "left" if taker == _after(e.moves, giver) else "right"
        return t(f"engine.effect.pass_cards_{side}", name=e.player, card=played(e.card),
                 n=max(n for _, _, n in e.moves), rule=e.rule)
    giver, taker, _ = e.moves[0]
    clockwise = taker == _after(e.moves, giver)
    direction = t("engine.words.clockwise" if clockwise else "engine.words.counterclockwise")
    return t("engine.effect.rotate", name=e.player, card=played(e.card), direction=direction,
             rule=e.rule)


def _after(moves: tuple, giver: str) -> str:
    """The seat after ``giver`` clockwise (the order ``moves`` lists the seats in)."""
    seats = [m[0] for m in moves]
    return seats[(seats.index(giver) + 1) % len(seats)]


_ANNOUNCED = {"in_time": "engine.announce", "late": "engine.announce.late",
              "again": "engine.announce.again", "none": "engine.announce.none"}
_CALLED = {"hit": "engine.call.hit", "premature": "engine.call.premature",
           "void_announced": "engine.call.void_announced",
           "void_called": "engine.call.void_called",
           "void_count": "engine.call.void_count"}
_FIXED = {"draw": "engine.fix.draw", "count": "engine.fix.count", "play": "engine.fix.play"}


def _said(e) -> str:
    fields = {}
    for k, v in e.fields.items():
        cause = _CAUSES.get(type(v).__name__)
        if cause is not None:  # (a cause of ``why``: its own fields)
            fields.update(cause(v))
        else:
            fields[k] = _show(v)
    return t(e.key, **fields)


_RENDER = {
    "Refused": _refused,
    "Started": _started,
    "FreeOrder": lambda e: t("engine.start.free"),
    "Played": lambda e: t("engine.play", name=e.player, card=played(e.card)),
    "RunThrough": lambda e: t("engine.run_through", name=e.player, n=len(e.cards),
                              cards=and_list([played(c) for c in e.cards])),
    "Drew": _drew,
    "Reshuffled": lambda e: t("engine.effect.reshuffle", n=e.n),
    "Forgiven": lambda e: t("engine.effect.exhausted", name=e.player, n=e.n, got=e.got),
    "IllegalPlayPenalty": lambda e: t("engine.effect.illegal_play_penalty", name=e.player, n=e.n),
    "Blocked": lambda e: t("engine.blocked"),
    "NextToPlay": lambda e: t("engine.next", name=e.player),
    "Announced": lambda e: (t("engine.announce.word" if e.rule == "R10.80" else
                              "engine.announce.second_last", name=e.player or "?", word=e.word)
                            if e.word and e.how == "in_time" else
                            t(_ANNOUNCED[e.how], name=e.player or "?")),
    "Called": lambda e: (t("engine.call.hit.word" if e.rule == "R10.80" else
                           "engine.call.hit.second_last", name=e.target, n=e.n, word=e.word)
                         if e.word and e.outcome == "hit" else
                         t(_CALLED[e.outcome], name=e.target, n=e.n)),
    "FalseCall": lambda e: t("engine.effect.false_call", name=e.player, n=e.n),
    "FalseAnnounced": lambda e: t("engine.effect.false_announce", name=e.player, n=e.n,
                                  held=e.held, word=e.word),  # (a call with a word, R10.80)
    "PenaltyAimed": _penalty,
    "PenaltyAtOnce": lambda e: t("engine.effect.penalty_at_once", name=e.player,
                                 card=pretty(e.card), victim=e.victim, n=e.n),
    "PlaysAgain": _again,
    "Skipped": _skipped,
    "Reversed": _reversed,
    "SuitNamed": lambda e: t("engine.effect.jack" if e.rule == "R5.4" else
                             "engine.effect.name_suit", name=e.player, card=played(e.card),
                             suit=suit_word(e.suit), rule=e.rule),
    "DrawsAtOnce": _draws_at_once,
    "SkipMany": lambda e: t("engine.effect.four" if e.rule == "R5.9" else "engine.effect.skip_many",
                            name=e.player, card=played(e.card), victim=e.victim, n=e.n,
                            rule=e.rule),
    "OthersDraw": lambda e: t("engine.effect.five" if e.rule == "R5.10" else
                              "engine.effect.others_draw", name=e.player, card=played(e.card),
                              n=e.n, rule=e.rule),
    "SkipPending": lambda e: t("engine.effect.wait_pending" if e.stacks else
                               "engine.effect.skip_pending", name=e.player, card=played(e.card),
                               victim=e.victim, n=e.n, rank=a_rank(e.card.rank)),
    "SkipPassed": lambda e: t("engine.effect.wait_accepted" if e.rule == "R10.21" else
                              "engine.effect.skip_passed", name=e.player, n=e.n),
    "Waited": lambda e: (t("engine.effect.waited", name=e.player, n=e.left) if e.left else
                         t("engine.effect.waited_last", name=e.player)),
    "Demanded": lambda e: (t("engine.effect.demand", name=e.player, card=played(e.card),
                             rank=a_rank(e.rank)) if e.rank else
                           t("engine.effect.demand_none", name=e.player, card=played(e.card))),
    "DemandEnded": lambda e: t("engine.effect.demand_ended", name=e.player, rank=a_rank(e.rank)),
    "LimitSet": lambda e: t("engine.effect.limit", name=e.player, card=played(e.card),
                            limit=limit_words(e.limit), rule=e.rule),
    "Shown": lambda e: t("engine.effect.show_others" if e.who is None else
                         "engine.effect.show_next", name=e.player, card=played(e.card),
                         who=e.who, rule=e.rule),
    "Countered": lambda e: t(f"engine.effect.counter.{e.mode}", name=e.player,
                             card=played(e.card), n=e.n, victim=e.victim, rule=e.rule),
    "OpenPlayed": lambda e: t("engine.effect.open", name=e.player, card=played(e.card),
                              rule=e.rule),
    "CardsMoved": _moved,
    "JumpedIn": lambda e: t("engine.jump_in", name=e.player, card=played(e.card),
                            passed=and_list(list(e.passed))),
    "DrawAfter": lambda e: t("engine.effect.draw_after", name=e.player, card=played(e.card),
                             n=e.n),
    "PlaysOn": lambda e: t("engine.effect.penalty_plays_on", name=e.player),
    "Won": lambda e: (t("engine.win", name=e.player) if e.card is None else
                      t("engine.win_on", name=e.player, card=played(e.card))),
    "WentOut": lambda e: t(("engine.out" if e.card is None else "engine.out_on")
                           + ("_last" if e.last else ""),
                           name=e.player, card=played(e.card) if e.card else "", place=e.place),
    "OutCalled": lambda e: t("engine.out_call." + ("told" if e.how == "counts" and e.factor == 1
                                                   else e.how),
                             name=e.player or "?", word=e.word, factor=e.factor, n=e.n,
                             card=played(e.card) if e.card else ""),
    "MovesOn": lambda e: t("engine.moves_on." + e.what, name=e.player, to=e.to, n=e.n),
    "LastHolder": lambda e: t("engine.last_holder", name=e.player, winner=e.winner),
    "OwedDraw": lambda e: t("engine.effect.owed_draw" if e.n else "engine.effect.owed_none",
                            name=e.player, n=e.n),
    "Left": lambda e: t("engine.leave", name=e.player, n=e.n),
    "PenaltyLapses": lambda e: (t("engine.effect.skip_lapses", name=e.player, n=e.skip)
                                if e.skip else t("engine.effect.penalty_lapses", name=e.player)),
    "LastPlayerWins": lambda e: t("engine.win_last", name=e.player),
    "Fixed": lambda e: t(_FIXED[e.what], name=e.player, n=e.n, old=e.old, card=_show(e.card)),
    "Said": _said,
}


def sentence(event) -> str | None:
    """The sentence that tells ``event`` (``referee.engine.events``) in the active
    language; None for an event with no sentence of its own (``event.told`` False:
    a card drawn on a call, which the call tells)."""
    return _RENDER[type(event).__name__](event)


_SKIP_EVENTS = frozenset({"Skipped", "SkipMany"})


def told(ruling) -> str:
    """Every sentence of ``ruling`` (a ``Ruling``) in the active language, joined
    (events with no sentence of their own left out): what a player reads of it,
    and the JSON's ``ruling``.  Each event is told once, in the order it happened:
    the skips one card made are one sentence (``_skips``), and a reshuffle (R3.5)
    is told before the draw it happened in when that draw has a sentence of its own."""
    return " ".join(_sentences(ruling.events))


def _sentences(events) -> list[str]:
    """The sentences of ``events`` (``told``)."""
    out: list[str] = []
    draw_at = None  # where the sentence of the draw just told stands in ``out``
    i, count = 0, len(events)
    while i < count:
        e = events[i]
        kind = type(e).__name__
        j = i + 1
        if kind in _SKIP_EVENTS:
            while (j < count and type(events[j]).__name__ in _SKIP_EVENTS
                   and events[j].player == e.player and events[j].card == e.card):
                j += 1
        said = _skips(events[i:j]) if j > i + 1 else sentence(e)
        i = j
        if not said:
            continue
        if kind == "Reshuffled" and draw_at is not None:
            out.insert(draw_at, said)  # (the pile ran out during that draw)
            draw_at += 1
            continue
        draw_at = len(out) if kind == "Drew" else None
        out.append(said)
    return out
