"""Checking a house-rule file's tables (RULES.md R8, R9, R10): one file's own keys
and tables, the ``[actions]`` and ``[stacking]`` combinations of a merged rule set,
and whether a table of players fits the deck.  One value against its key is
``valuecheck``'s job.

Every refusal is a ``RulesError`` naming the file and line (``tomlsource.Source``),
the key and what is allowed.

Public API:

- ``check_table(table, src)``, ``check_subtable(section, value, src)``: a file's own
  keys, checked (names with did-you-mean, types, values; old keys expanded).
- ``check_actions(rules, merged, src)``: the combinations R9.6 and R9.13-R9.16 refuse.
- ``check_table_fits(rules, players, merged=None)``: 2-8 players, deal + starter
  fit the deck (R1.1, R1.3, R2.2).
- ``extends_allowed()`` (what ``extends`` may name, told).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable

from referee.engine.cardkeys import key_cards, key_order
from referee.engine.cards import ALL_RANKS, JOKER, deck_ranks, deck_size, try_card
from referee.engine.keys import (
    CARD_ACTION, EXTENDS, MAX_DECKS, MAX_PLAYERS, MIN_PLAYERS, OLD_KEYS, OVERLAPS,
    SECTION_KEYS, TABLE_NAMES, TOP_KEYS, card_points_key, card_points_of)
from referee.engine.rules import KEYS, HouseRules, RulesError, presets_told
from referee.engine.told import OneOf, Told
from referee.engine.tomlsource import Merged, Source, placed, toml_value
from referee.engine.valuecheck import (
    check_key, check_value, describe, join_or)

def _suggest(word: str, candidates: tuple[str, ...] | list[str]) -> Told:
    import difflib

    lowered = {c.lower(): c for c in candidates}
    match = lowered.get(word.lower())
    if match is None and word.lower() == "t" and "10" in candidates:
        match = "10"
    if match is None:
        close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
        if not close:
            close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
            close = [lowered[c] for c in close]
        match = close[0] if close else None
    return Told("rules.err.suggest", suggestion=match) if match else Told("rules.err.no_suggestion")


def extends_allowed() -> Told:
    """What ``extends`` may name, to be said: a preset (``PRESETS``) or a file."""
    return Told("rules.allowed.extends", presets=presets_told())


def check_table(table: Mapping[str, Any], src: Source) -> dict[str, Any]:
    """Validate one file's (or one save table's) own keys; return them, tables as dicts.

    Checks names (with did-you-mean), types and values.  Combinations that
    depend on the merged result (``series.hands`` for ``mode = "hands"``) are
    checked by ``finish_rules``.
    """
    top_keys = KEYS + (EXTENDS,)
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key == EXTENDS:
            if not isinstance(value, str) or not value.strip():
                raise src.error("rules.err.extends_type", key=EXTENDS, line=src.line_of(EXTENDS),
                                allowed=extends_allowed(),
                                got=describe(value))
            out[key] = value.strip()
        elif key in TABLE_NAMES and (key not in TOP_KEYS or isinstance(value, Mapping)):
            if not isinstance(value, Mapping):
                what = Told(_TABLE_WHAT.get(key, "rules.allowed.table_keys"),
                         keys=", ".join(SECTION_KEYS[key]))
                raise src.error("rules.err.type", key=key, line=src.line_of(key),
                                allowed=Told("rules.allowed.table", what=what), got=describe(value))
            out[key] = check_subtable(key, value, src)
        elif key in TOP_KEYS:
            out[key] = check_key(src, TOP_KEYS[key], value)
        elif key in OLD_KEYS:
            out[key] = check_key(src, OLD_KEYS[key][0], value)
        else:
            line = src.line_of(key)
            if isinstance(value, Mapping):
                # An unknown [section]: suggest among tables first.
                suggestion = _suggest(key, TABLE_NAMES)
                raise src.error("rules.err.unknown_section", key=key, line=line,
                                allowed=Told("rules.allowed.tables"), section=key,
                                suggestion=suggestion)
            raise src.error("rules.err.unknown_key", key=key, line=line,
                            allowed=", ".join(top_keys), suggestion=_suggest(key, top_keys))
    _check_overlap(out, src)
    return _expand_old_keys(out, src)


def _expand_old_keys(table: dict[str, Any], src: Source) -> dict[str, Any]:
    """``table`` (one file's own keys, checked) with each old key (``OLD_KEYS``)
    replaced by the declared key it expands into (``jokers = false`` ->
    ``jokers_per_deck = 0``, R1.3).  A file that sets both says the same thing
    twice: RulesError naming both keys and both lines (``key`` is the old one)."""
    for old, (_key, into, expand) in OLD_KEYS.items():
        if old not in table:
            continue
        if into in table:
            raise src.error("rules.err.both_keys", key=old, line=src.line_of(old),
                            allowed=Told("rules.allowed.one_of", old=old, new=into),
                            new=into, new_line=src.line_of(into) or "?",
                            old_value=toml_value(table[old]),
                            new_value=toml_value(expand[table[old]]))
        table[into] = expand[table.pop(old)]
        if (old,) in src.lines:  # (an error about the value is placed where the old key is)
            src.lines.setdefault((into,), src.lines[(old,)])
    return table


_TABLE_WHAT = {"points": "rules.allowed.table_points", "series": "rules.allowed.table_series",
               "actions": "rules.allowed.table_actions"}


def _local_rank_key(section: str, sub: str, src: Source) -> str:
    """A key of ``[actions]`` or ``[points]`` written as the language's own name for a
    rank (``src.ranks``: French ``R``, Dutch ``H``, Italian ``Re``) -> the rank's key
    (``K``), its lines known under it too; any other key is returned as it is.
    RulesError naming the file, the line and the key for a name standing for more
    than one rank (R9.1)."""
    ranks = src.ranks.get(sub.strip().lower())
    if not ranks or section not in ("actions", "points"):
        return sub
    if len(ranks) > 1:
        raise src.error("rules.err.rank_ambiguous", key=f"{section}.{sub}",
                        line=src.line_of(section, sub), allowed=OneOf(ranks, "rules.word.or"),
                        ranks=" / ".join(ranks))
    for path, n in list(src.lines.items()):
        if path[:2] == (section, sub):
            src.lines.setdefault((section, ranks[0]) + path[2:], n)
    return ranks[0]


def _points_card(section: str, sub: str, src: Source) -> str | None:
    """A key of ``[points]`` naming one card (``"Qs"``, ``"Q♠"``, with the language's
    rank letter and the suit's symbol: Dutch ``"V♠"``) -> its canonical
    name (``"Qs"``; a Joker: ``"Joker"``, the rank's key), its lines known under it
    too (R10.93); None for any other key or section."""
    if section != "points":
        return None
    found = try_card(sub)
    local = src.ranks.get(sub[:-1].strip().lower(), ())  # (the language's letter: ``V♠``)
    if found is None and len(local) == 1 and sub[-1:] in "♠♥♦♣":
        found = try_card(local[0] + sub[-1])
    if found is None or found.is_joker:  # (the Joker is a rank's key, written ``Joker``)
        return None
    card = str(found)
    for path, n in list(src.lines.items()):
        if path[:2] == (section, sub):
            src.lines.setdefault((section, card) + path[2:], n)
    return card


def check_subtable(section: str, value: Mapping[str, Any], src: Source) -> dict[str, Any]:
    out: dict[str, Any] = {}
    keys = SECTION_KEYS[section]
    written_as: dict[str, str] = {}
    for written, item in value.items():
        if section == "actions" and written not in keys:
            found = _action_key(src, written, out)
            if found is not None:  # a card or a colour (R10.10)
                out[found] = check_value(src, f"actions.{written}", ("actions", written), item,
                                          CARD_ACTION.kind, CARD_ACTION.detail)
                src.lines.setdefault(("actions", found), src.line_of("actions", written))
                continue
        sub = written if written in keys else _local_rank_key(section, written, src)
        sub = (_points_card(section, sub, src) or sub) if sub not in keys else sub
        if sub in written_as:  # (one rank under two names: ``K`` and French ``R``)
            raise src.error("rules.err.rank_twice", key=f"{section}.{written}",
                            line=src.line_of(section, written), allowed=None,
                            other=f"{section}.{written_as[sub]}",
                            other_line=src.line_of(section, written_as[sub]) or "?")
        written_as[sub] = written
        if sub not in keys and section == "points" and _points_card(section, sub, src) == sub:
            out[sub] = check_key(src, card_points_key(sub), item)  # (one card's, R10.93)
            continue
        if sub not in keys:
            allowed = (Told("rules.allowed.action_keys") if section == "actions" else
                       Told("rules.allowed.points_keys") if section == "points"
                       else ", ".join(keys))
            raise _unknown_in_section(src, section, sub, src.line_of(section, sub), tuple(keys),
                                      allowed)
        out[sub] = check_key(src, keys[sub], item)
    return out


def _action_key(src: Source, sub: str, out: Mapping[str, Any]) -> str | None:
    """R10.10: ``sub`` as the key of a card or a colour (``"K♥"`` -> ``"Kh"``), or None
    (a rank, or no key: checked as the section's keys are); RulesError when the
    file already gave the same card or colour under another spelling."""
    from referee.engine.cardkeys import is_rank, parse_key
    found = parse_key(sub)
    if found is None or is_rank(found):
        return None
    if found in out:
        raise src.error("rules.err.key_twice", key=f"actions.{sub}",
                        line=src.line_of("actions", sub),
                        allowed=Told("rules.allowed.one_spelling"), other=found)
    return found


def _check_overlap(own: Mapping[str, Any], src: Source) -> None:
    """R9.1: one file may not set today's key and the table entry that decides the
    same thing; the error names both, with their lines."""
    for old, (section, sub) in OVERLAPS:
        table = own.get(section)
        if old in own and isinstance(table, Mapping) and sub in table:
            shown = f"{section}.{sub}"
            other_line = src.line_of(old)
            raise src.error("rules.err.overlap" if other_line else "rules.err.overlap_here",
                            key=shown, line=src.line_of(section, sub),
                            allowed=Told("rules.allowed.one_of", old=old, new=shown),
                            other=old, other_line=other_line)


def _unknown_in_section(src: Source, section: str, sub: str, line: int | None,
                        candidates: tuple[str, ...], allowed: Told | str) -> RulesError:
    shown = f"{section}.{sub}"
    suggestion = _suggest(sub, candidates)
    if sub in KEYS or sub == EXTENDS:
        return src.error("rules.err.unknown_key_in_section", key=shown, line=line, allowed=allowed,
                         suggestion=suggestion, section=section)
    return src.error(f"rules.err.unknown_in_{section}", key=shown, line=line, allowed=allowed,
                     suggestion=suggestion)


_Error = Callable[..., RulesError]
"""``error(problem, paths, allowed, key=None, **fields)``: the RulesError of
``check_actions``, placed where the first written of ``paths`` is (``placed``)."""


def check_actions(rules: HouseRules, merged: Mapping[str, Any], src: Source) -> None:
    """The combinations R9.6, R9.13-R9.16 and R10.73 refuse, on the merged rule set; RulesError
    naming the file and line where the value at fault is written (``placed``), the
    key and what would be allowed."""
    def error(problem: str, paths: tuple[tuple[str, ...], ...], allowed: Any,
              key: str | None = None, **fields: Any) -> RulesError:
        where, path, line = placed(merged, src, *paths)
        return where.error(problem, key=key or ".".join(path), line=line, allowed=allowed,
                           **fields)

    _check_rank_lists(rules, error)
    table = rules.stacking if isinstance(rules.stacking, Mapping) else {}
    _check_stack_groups(rules, table, error)
    _check_doubling(rules, table, error)
    _check_finish(rules, error)
    _check_start(rules, error)
    _check_calls(rules, error)
    _check_deck_keys(rules, merged, error)
    _check_jump_in(rules, error)


def _check_rank_lists(rules: HouseRules, error: _Error) -> None:
    """R9.6, R9.13: each rank's list of effects in ``[actions]``."""
    if rules.actions:
        from referee.engine.effects import check_combination, check_rank
        free = rules.free_order
        for rank, effects in rules.actions.items():
            problem = check_rank(rank, effects) or check_combination(effects, free)
            if problem is not None:
                # (in free order a skip passed on may be wrong only for the turn order)
                paths = (("actions", rank),) + ((("turn_order",),) if free else ())
                raise error(problem, paths, Told("rules.allowed.combination"), rank=rank)


def _check_stack_groups(rules: HouseRules, table: Mapping[str, Any], error: _Error) -> None:
    """R9.14: ``[stacking] groups`` holds penalty ranks, each once."""
    # (the ranks' effects are asked only of a table that sets them: a saved series of
    # today's keys reads without the effects module, ``score`` start-up)
    penalty = rules.penalty_ranks() if table.get("groups") else frozenset()
    seen: set[str] = set()
    for group in table.get("groups", ()):
        for rank in group:
            if rank not in penalty and not all(  # (R10.10: a card or colour whose cards all draw)
                    any(e.pending_draw for e in rules.card_entry(c)[1]) for c in key_cards(rank)):
                # (or the file that took the rank's penalty away)
                raise error("rules.err.stack_rank", (("stacking", "groups"), ("actions", rank)),
                            join_or(sorted(penalty, key=key_order)), rank=rank)
            if rank in seen:
                raise error("rules.err.stack_twice", (("stacking", "groups"),),
                            Told("rules.allowed.groups"), rank=rank)
            seen.add(rank)


def _check_doubling(rules: HouseRules, table: Mapping[str, Any], error: _Error) -> None:
    """R9.14: a rank of ``[stacking] double`` is in a stacking group."""
    grouped = frozenset().union(*rules.stack_groups()) if table.get("double") else frozenset()
    for rank in table.get("double", ()):
        if rank not in grouped:
            raise error("rules.err.double_rank", (("stacking", "double"), ("stacking", "groups")),
                        join_or(sorted(grouped, key=key_order)), rank=rank)


def _check_finish(rules: HouseRules, error: _Error) -> None:
    """R9.15: ``draw_after`` draws at least one card."""
    if rules.finish_mode() == "draw_after" and rules.finish_draw() < 1:
        draw = ("finish", "draw") if "draw" in rules.finish else ("finish_on_action_draw",)
        raise error("rules.err.finish_draw_after", (draw, ("finish", "mode")),
                    Told("rules.allowed.int_range", low=1, high=10), key=".".join(draw),
                    got=rules.finish_draw())


def _check_start(rules: HouseRules, error: _Error) -> None:
    """R9.16: under ``redraw`` some rank a starter may have stays on the table."""
    # a starter stays when its rank is not turned back; with no Jokers in the
    # deck (``jokers_per_deck = 0``) the Joker is never turned, nor a rank a deck of 36
    # or 32 cards does not hold (R10.40)
    turned = frozenset(deck_ranks(rules.deck) + ((JOKER,) if rules.jokers else ()))
    if rules.start_mode() == "redraw" and rules.start_ranks() >= turned:
        raise error("rules.err.start_redraw", (("start", "ranks"), ("start", "mode")),
                    Told("rules.allowed.rank_list"), key="start.ranks")


def _check_calls(rules: HouseRules, error: _Error) -> None:
    """R10.81: ``last`` and ``second_last`` are one call, given once; R10.82: each call
    its own word."""
    calls = rules.calls
    if "last" in calls and "second_last" in calls:
        raise error("rules.err.call_both", (("calls", "second_last"), ("calls", "last")),
                    Told("rules.allowed.call_one"), other="calls.last")
    words: dict[str, str] = {}
    for name in ("last", "second_last", "out"):
        if name in calls:
            low = calls[name]["word"].lower()
            if low in words:
                raise error("rules.err.call_same_word", (("calls", name), ("calls", words[low])),
                            Told("rules.allowed.call_word"), key=f"calls.{name}.word",
                            word=calls[name]["word"], other=f"calls.{words[low]}.word")
            words[low] = name


def _check_deck_keys(rules: HouseRules, merged: Mapping[str, Any], error: _Error) -> None:
    """R1.3, R10.40: a card key a file writes (``[actions]``, ``[stacking]``,
    ``[finish] blocked``, a card's ``[points]``, R10.93, and ``[calls] out.on``) names
    some card of the deck in play: not ``"6h"`` under ``deck = 32``, nor the Joker
    under ``jokers_per_deck = 0``.  The presets' own entries are not asked, nor an
    ``[actions]`` entry ``"none"``, which only takes away what ``extends`` gave."""
    origins = merged.origins if isinstance(merged, Merged) else {}
    held = frozenset(deck_ranks(rules.deck)) | ({JOKER} if rules.jokers else frozenset())
    for path, (_depth, where) in list(origins.items()):
        if where.preset or len(path) != 2:
            continue
        for key in _written_keys(rules, path):
            if not any(card.rank in held for card in key_cards(key)):
                ranks = [r for r in ALL_RANKS if r in held]
                raise error("rules.err.key_not_in_deck", (path,),
                            Told("rules.allowed.deck_ranks", ranks=", ".join(ranks)),
                            key=".".join(path) + (".on" if path == ("calls", "out") else ""),
                            card=key, cards=deck_size(1, 0, rules.deck),
                            jokers=rules.jokers_per_deck)


def _written_keys(rules: HouseRules, path: tuple[str, ...]) -> tuple[str, ...]:
    """The card keys the value at ``path`` of a rule set names (R10.10, R10.93)."""
    section, sub = path
    if section == "actions":  # ("none" takes an inherited meaning away: it needs no card)
        effects = rules.actions.get(sub, ())
        return (sub,) if any(e.kind != "none" for e in effects) else ()
    if section == "points":
        return (sub,) if sub in card_points_of(rules.points) else ()
    if path == ("stacking", "groups") and isinstance(rules.stacking, Mapping):
        return tuple(k for group in rules.stacking.get("groups", ()) for k in group)
    if path == ("stacking", "double") and isinstance(rules.stacking, Mapping):
        return tuple(rules.stacking.get("double", ()))
    if path == ("finish", "blocked") and rules.finish.get("blocked", "actions") != "actions":
        return tuple(rules.finish["blocked"])
    if path == ("calls", "out"):
        return tuple(rules.calls["out"].get("on", ())) if "out" in rules.calls else ()
    return ()
def _check_jump_in(rules: HouseRules, error: _Error) -> None:
    """R10.73: jump-in plays out of turn, so free turn order (R8.4, no turn) has none."""
    if rules.jump_in != "off" and rules.free_order:
        raise error("rules.err.jump_in_free", (("jump_in",), ("turn_order",)),
                    Told("rules.allowed.jump_in_free"), key="jump_in")


def check_table_fits(rules: HouseRules, players: int, merged: Merged | None = None) -> None:
    """Check that ``players`` can sit at one table under ``rules`` (R1.1, R1.3, R2.2).

    ``players`` must be 2 to 8, and the dealt cards plus the starter must fit
    the deck in play: ``players * deal_size + 1`` cards at most
    ``deck_size(rules.deck_count(players), rules.jokers_per_deck)`` (``decks =
    "auto"`` gives 2 decks from 6 players; 1 to ``MAX_DECKS`` decks otherwise).
    Returns None; raises RulesError (``file`` is the rule set's name, ``key`` is
    ``"players"``, ``"decks"`` or ``"deal_size"``; ``allowed`` names the fewest
    decks that would hold the deal, when there are such, and the largest deal).
    ``merged``: the table the rules were built from (``resolve_table``), when
    known: the error is then placed on the file and line where ``key`` is written,
    else ``deal_size``, ``decks`` or ``jokers_per_deck`` (on the file read first
    when no file wrote any of them).
    """
    src = Source(file=rules.name, name=rules.name, where_key="rules.where.table_fit")
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise src.error("rules.err.players", key="players", got=players,
                        allowed=Told("rules.allowed.players"))
    decks = rules.deck_count(players)
    have = deck_size(decks, rules.jokers_per_deck, rules.deck)
    need = players * rules.deal_size + 1
    if need <= have:
        return
    options: list[Told] = []
    key = "decks" if decks < 2 and rules.decks != "auto" else "deal_size"
    enough = next((n for n in range(decks + 1, MAX_DECKS + 1)
                   if need <= deck_size(n, rules.jokers_per_deck, rules.deck)), None)
    if enough is not None:
        auto = enough == 2 and rules.decks == 1 and players >= 6
        options.append(Told("rules.allowed.more_decks_auto" if auto else "rules.allowed.more_decks",
                         n=enough))
        key = "decks"
    most = (have - 1) // players
    options.append(Told("rules.allowed.smaller_deal", most=most))
    allowed = join_or(options)
    decks_text = Told("rules.word.decks_one") if decks == 1 else Told("rules.word.decks_many", n=decks)
    line = None
    if merged is not None and () in merged.origins:
        # where the key to change is written, else where what made the deal too big is
        src, _path, line = placed(merged, src, (key,), ("deal_size",), ("decks",),
                                   ("jokers_per_deck",), ("deck",))
    raise src.error("rules.err.deck", key=key, allowed=allowed, line=line, players=players,
                    deal=rules.deal_size, need=need, decks_hold=decks_text, have=have)
