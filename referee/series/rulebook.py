"""The rule book for players: RULES.md in plain language, with the values in force.

Every rule id of RULES.md (``R0.1`` ... ``R10.93``) has a short title and a
text; texts come from the message layer (``rules.book.*`` in
``messages/en_rules.py``) and are filled with the house rules in force, so
``rule_text("R5.6", family)`` says a Joker costs 3 cards.  Where a house rule
differs from standard the text carries a mark naming the key and value.

This module implements ``pesten-ref rules [WHAT]`` (NOTATION.md) through
``lookup``.  It is pure (no terminal, no click, no prompt_toolkit); the only
I/O is reading preset and house-rule files through ``referee.engine.reading``.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from pathlib import Path
from typing import Any, Callable

from referee.engine.cards import Card, deck_ranks
from referee.engine.lexicon import LEXICONS
from referee import messages
from referee.messages import catalog, say, t
from referee.engine.effects import ACTION_RANKS, EFFECT_BY_NAME, Effect, classic_rule
from referee.engine.keys import (
    CLASSIC_STARTERS, HOUSE_KEYS, KEY_BY_NAME, card_points_key, card_points_of, declared)
from referee.engine.rules import GAMES, PRESETS, PRESET_RULE, HouseRules, RulesError, presets_told
from referee.engine.tomlsource import toml_value
from referee.engine.cardkeys import is_rank, key_cards, key_order, key_rank
from referee.words.cards import a_rank, pretty, suit_word
from referee.words.events import a_key, limit_words, or_list, rules_name
from referee.series.presets import find_rules_file, load_rules, resolve_preset

#: Sections of the rule book and their rule ids, in book order (RULES.md).
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("R0", ("R0.1", "R0.2", "R0.3", "R0.4")),
    ("R1", ("R1.1", "R1.2", "R1.3", "R1.4", "R1.5")),
    ("R2", ("R2.1", "R2.2", "R2.3", "R2.4", "R2.5")),
    ("R3", ("R3.1", "R3.2", "R3.3", "R3.4", "R3.5", "R3.6", "R3.7", "R3.8", "R3.9",
            "R3.10")),
    ("R4", ("R4.1", "R4.2", "R4.3", "R4.4", "R4.5")),
    ("R5", ("R5.1", "R5.2", "R5.3", "R5.4", "R5.5", "R5.6", "R5.7", "R5.8", "R5.9", "R5.10",
            "R5.11")),
    ("R6", ("R6.1", "R6.2", "R6.3")),
    ("R7", ("R7.1", "R7.2", "R7.3", "R7.4", "R7.5", "R7.6")),
    ("R8", ("R8.1", "R8.2", "R8.3", "R8.4", "R8.5", "R8.6")),
    ("R9", tuple(f"R9.{n}" for n in range(1, 19))),
    ("R10", ("R10.10", "R10.11", "R10.20", "R10.21", "R10.22", "R10.30", "R10.31", "R10.40",
             "R10.41", "R10.50", "R10.51", "R10.52", "R10.60", "R10.61", "R10.62", "R10.63",
             "R10.64", "R10.65", "R10.70", "R10.71", "R10.72", "R10.73", "R10.74", "R10.75",
             "R10.80", "R10.81", "R10.82", "R10.83", "R10.84", "R10.90", "R10.91", "R10.92",
             "R10.93")),
)
_SECTION_OF = {rid: sec for sec, ids in SECTIONS for rid in ids}
_SECTION_IDS = tuple(sec for sec, _ in SECTIONS)

_STANDARD = HouseRules()
#: The ranks ``[points]`` holds (R7.1); any other of its keys is one card (R10.93).
KEY_BY_NAME_POINTS = frozenset(k.name for k in HOUSE_KEYS if k.section == "points")
_WIDTH = 78
_INDENT = "    "


# ---------------------------------------------------------------------------
# ids and titles
# ---------------------------------------------------------------------------

def rule_ids() -> list[str]:
    """Every rule id of the book in order: ``["R0.1", ..., "R9.18"]`` (no section ids)."""
    return [rid for _, ids in SECTIONS for rid in ids]


def section_ids() -> list[str]:
    """The section ids ``["R0", ..., "R9"]``."""
    return list(_SECTION_IDS)


def normalize_id(text: str) -> str | None:
    """``"r5.1"``, ``"R 5.1"``, ``"5.1"`` -> ``"R5.1"``; ``"r5"`` -> ``"R5"``; anything else -> None.

    Only the shape is checked; the id may not exist (see ``rule_ids``).
    """
    m = re.fullmatch(r"\s*[rR]\s*(\d+)(?:\.(\d+))?\s*|\s*(\d+)\.(\d+)\s*", text or "")
    if not m:
        return None
    if m.group(1) is not None:
        return f"R{int(m.group(1))}" + (f".{int(m.group(2))}" if m.group(2) else "")
    return f"R{int(m.group(3))}.{int(m.group(4))}"


def _known(rule_id: str) -> str:
    rid = normalize_id(rule_id)
    if rid is None or (rid not in _SECTION_OF and rid not in _SECTION_IDS):
        raise KeyError(rule_id)
    return rid


def rule_title(rule_id: str) -> str:
    """The short title of a rule (``"R5.6"`` -> ``"Joker"``) or a section (``"R5"`` -> ``"Action cards"``).

    Case-insensitive.  Raises KeyError for an id that is not in the book.
    """
    rid = _known(rule_id)
    if rid in _SECTION_IDS:
        return t(f"rules.book.section.{rid}")
    return t(f"rules.book.title.{rid}")


def rule_for_key(key: str, value: Any = None) -> str:
    """The rule id a house-rule key changes: ``"stacking"`` -> ``"R5.7"``, ``"points.K"`` -> ``"R7.1"``.

    ``series.mode`` gives the rule of ``value`` (``"hands"`` -> ``"R7.5"``),
    R7.4 when no value is given.  Raises KeyError for an unknown key.
    """
    return declared(key).rule_for(value)


# ---------------------------------------------------------------------------
# the text of one rule
# ---------------------------------------------------------------------------

def _cards(n: int) -> str:
    return t("rules.book.cards_one") if n == 1 else t("rules.book.cards_many", n=n)


def _rank(rank: str) -> str:
    """A rank's name, or a card's or a colour's of ``[actions]`` (R10.10): "King",
    "King of hearts", "black Jack"."""
    if is_rank(rank):
        return t(f"rules.book.rank.{rank}")
    own = t(f"rules.book.rank.{key_rank(rank)}")
    if " " in rank:
        return t(f"rules.book.key.{rank.split()[1]}", rank=own)
    return t("rules.book.key.card", rank=own, suit=suit_word(rank[-1]))


def _key(rid: str, suffix: str = "") -> str:
    return f"rules.book.text.{rid}" + (f".{suffix}" if suffix else "")


def _after_penalty(r: HouseRules) -> str:
    return t("rules.book.text.after.ends" if r.penalty_ends_turn else "rules.book.text.after.plays")


def _r0_4(r: HouseRules) -> str:
    return t(_key("R0.4"), illegal_play_penalty=r.illegal_play_penalty)


def _r1_2(r: HouseRules) -> str:
    reversers = t(_key("R1.2", "ace_king" if r.king == "reverse_skip" else "ace"))
    return t(_key("R1.2"), reversers=reversers)


def _r1_3(r: HouseRules) -> str:
    jokers = r.jokers_per_deck
    per_deck = r.deck + jokers
    part = t(_key("R1.3", "jokers"), n=jokers) if jokers else t(_key("R1.3", "no_jokers"))
    variant = {"auto": "auto", 1: "fixed_one", 2: "fixed_two", 3: "fixed_three"}[r.decks]
    return t(_key("R1.3", variant), joker_part=part, one_deck=per_deck, two_decks=2 * per_deck,
             three_decks=3 * per_deck, size=r.deck)


def _r1_4(r: HouseRules) -> str:
    jokers = t(_key("R1.4", "per_deck"), n=r.jokers_per_deck) if r.jokers else ""
    return (t(_key("R1.4"), jokers=jokers)
            + t(_key("R1.4", "jokers" if r.jokers else "no_jokers")))


def _r2_2(r: HouseRules) -> str:
    return t(_key("R2.2", "standard")) if r.deal_size == 7 else t(_key("R2.2"), deal_size=r.deal_size, n=r.deal_size)


def _r2_4(r: HouseRules) -> str:
    """R2.4 under ``start_card``, or R9.16's table when ``[start]`` decides otherwise."""
    mode = r.start_mode()
    if mode == "no_effect" or (mode == "applies" and r.start_ranks() == CLASSIC_STARTERS & r.action_ranks()):
        return t(f"{KEY_BY_NAME['start_card'].text}.{mode}")
    return t(_key("R2.4", "table"))


def _r3_1(r: HouseRules) -> str:
    return t(_key("R3.1")) + (t(_key("R3.1", "jack_wild")) if r.jack_wild else "")


def _r3_3(r: HouseRules) -> str:
    jack = r.jack_on_jack or r.jack_wild
    variant = ("jack_joker" if r.jokers else "jack") if jack else ("joker_only" if r.jokers else "nothing")
    return t(_key("R3.3"), still_allowed=t(_key("R3.3", variant)))


def _r3_8(r: HouseRules) -> str:
    n = r.illegal_play_penalty
    sentence = t(_key("R3.8", "penalty"), illegal_cards=_cards(n)) if n else t(_key("R3.8", "none"))
    return t(_key("R3.8"), illegal_sentence=sentence)


def _r4_4(r: HouseRules) -> str:
    n = r.false_call_penalty
    sentence = t(_key("R4.4", "penalty"), false_call_cards=_cards(n)) if n else t(_key("R4.4", "none"))
    return t(_key("R4.4"), false_call_sentence=sentence)


def _stacking(r: HouseRules) -> str:
    """What stacks, in words of ``stacking`` (R5.7, R9.14): ``"none"``, ``"same"`` (each
    penalty rank on its own), ``"cumulative"`` (all together), or ``"groups"`` for
    any other ``[stacking] groups``."""
    groups, penalty = r.stack_groups(), r.penalty_ranks()
    if not groups:
        return "none"
    if frozenset().union(*groups) != penalty:
        return "groups"
    if all(len(g) == 1 for g in groups):
        return "same"
    return "cumulative" if len(groups) == 1 else "groups"


def _joker_stack(r: HouseRules) -> str:
    return "double" if "Joker" in r.double_ranks() else "add"


def _joker_penalty(r: HouseRules) -> int:
    """The Joker's draw penalty in force (R5.6): its ``[actions]`` draw, else ``joker_penalty``."""
    return next((e.n for e in r.effects().get("Joker", ()) if e.pending_draw), r.joker_penalty)


def _r5_1(r: HouseRules) -> str:
    stacking = _stacking(r)
    if stacking == "none":
        return t(_key("R5.1", "none"), after_penalty=_after_penalty(r))
    card = "same" if stacking == "cumulative" and not r.jokers else stacking
    return t(_key("R5.1"), after_penalty=_after_penalty(r), two_stack=t(_key("R5.1", card)))


def _r5_6(r: HouseRules) -> str:
    p = _joker_penalty(r)
    stacking, joker_stack = _stacking(r), _joker_stack(r)
    prefix = "" if r.jokers else t(_key("R5.6", "no_jokers"))
    if stacking == "none":
        return prefix + t(_key("R5.6", "none"), joker_cards=_cards(p), after_penalty=_after_penalty(r))
    steps = [p, 2 * p, 3 * p, 4 * p] if joker_stack == "add" else [p, 2 * p, 4 * p, 8 * p]
    stack_sentence = t(_key("R5.6", joker_stack), j1=steps[0], j2=steps[1], j3=steps[2], j4=steps[3])
    card = t(_key("R5.6", stacking))
    return prefix + t(_key("R5.6"), joker_cards=_cards(p), after_penalty=_after_penalty(r),
                      joker_stack_card=card, joker_stack_sentence=stack_sentence)


def _r5_7(r: HouseRules) -> str:
    take = t(_key("R5.7", "take_ends" if r.penalty_ends_turn else "take_plays"))
    p = _joker_penalty(r)
    stacking = _stacking(r)
    if stacking in ("none", "groups"):
        stack = t(_key("R5.7", stacking))
    elif stacking == "same":
        stack = t(_key("R5.7", "same" if r.jokers else "same_no_jokers"))
    else:
        stack = t(_key("R5.7", f"cumulative_{_joker_stack(r)}"), joker_penalty=p,
                  sum_example=4 + p, double_example=(2 + p) * 2)
    return t(_key("R5.7"), take_sentence=take, stack_sentence=stack)


#: The rank each card rule of R5 speaks of: where ``[actions]`` gives that rank
#: another meaning, the rule says what the table gives it (R9.1).
_R5_RANK = {"R5.1": "2", "R5.2": "7", "R5.3": "8", "R5.4": "J", "R5.5": "A", "R5.6": "Joker",
            "R5.8": "K", "R5.9": "4", "R5.10": "5"}


def _r5_from_table(rid: str, r: HouseRules) -> str | None:
    """The text of a card rule of R5 whose rank ``[actions]`` sets to another meaning
    than the rule's (R9.1): what the table gives the rank; None otherwise."""
    rank = _R5_RANK.get(rid)
    if rank is None or rank not in r.actions:
        return None
    effects = r.actions[rank]
    if not effects:
        return t(_key("R5", "table_none"), card=_rank(rank))
    if classic_rule(rank, effects) == rid:
        return None
    return t(_key("R5", "table"), card=_rank(rank),
             effects=rank_effects_words(rank, effects, r.free_order))


def _r5_8(r: HouseRules) -> str:
    variant = r.king
    if variant == "reverse_skip" and r.free_order:
        variant = "reverse_skip_free"
    return t(_key("R5.8", variant))


def _r5_9(r: HouseRules) -> str:
    variant = r.four
    if variant == "skip_two" and r.free_order:
        variant = "skip_two_free"
    return t(_key("R5.9", variant))


def _r6_2(r: HouseRules) -> str:
    mode, n = r.finish_mode(), r.finish_draw()
    if mode == "allowed":
        return t(_key("R6.2", "allowed"))
    if mode == "draw_after":
        return t(_key("R6.2", "draw_after"), finish_cards=_cards(n))
    note = t(_key("R6.2", "one_card")) if n == 1 else ""
    return t(_key("R6.2"), finish_cards=_cards(n), one_card_note=note)


def _r7_1(r: HouseRules) -> str:
    parts = [t(_key("R7.1", "rank_points"), rank=_rank(rank), points=r.points[rank])
             for rank in ("A", "Joker", "K", "Q", "J")]
    numbers = [str(n) for n in range(2, 11)]
    if all(r.points[n] == int(n) for n in numbers):
        parts.append(t(_key("R7.1", "numbers")))
    else:
        parts += [t(_key("R7.1", "rank_points"), rank=_rank(n), points=r.points[n]) for n in numbers]
    out_note = t(_key("R7.1", "last_holder")) if r.last_holder else ""
    return t(_key("R7.1"), points_list=", ".join(parts)) + out_note


def _mode_sentence(r: HouseRules, mode: str) -> str:
    on = r.series["mode"] == mode
    return " " + t("rules.book.text.R7.mode_on" if on else "rules.book.text.R7.mode_off",
                   mode=r.series["mode"])


def _r7_4(r: HouseRules) -> str:
    return t(_key("R7.4"), limit=r.series["limit"]) + _mode_sentence(r, "elimination")


def _r7_5(r: HouseRules) -> str:
    n = r.series["hands"]
    hands = t(_key("R7.5", "hands_n"), n=n) if n >= 1 else t(_key("R7.5", "hands_any"))
    return t(_key("R7.5"), hands_text=hands) + _mode_sentence(r, "hands")


def _r7_6(r: HouseRules) -> str:
    return t(_key("R7.6")) + _mode_sentence(r, "casual")


def _r10_40(r: HouseRules) -> str:
    return t(_key("R10.40")) + " " + t(_key("R10.40", "in_force"), size=r.deck,
                                        lowest=_rank(deck_ranks(r.deck)[0]))


def _r10_80(r: HouseRules) -> str:
    word = r.last_call_word()
    if word is None:
        return t(_key("R10.80")) + " " + t(_key("R10.80", "off"))
    return t(_key("R10.80")) + " " + t(_key("R10.80", "on"), word=word,
                                        cards=_cards(r.last_call_penalty()))


def _r10_81(r: HouseRules) -> str:
    found = r.last_call()
    if found is None or found[0] != "second_last":
        return _here("R10.81", "off")
    return _here("R10.81", "on", word=found[1]["word"], cards=_cards(r.last_call_penalty()))


def _r10_82(r: HouseRules) -> str:
    out = r.calls.get("out")
    if out is None:
        return _here("R10.82", "off")
    on = out.get("on")
    return _here("R10.82", "on" if on else "on_any", word=out["word"],
                 cards=_ranks_words(on or ()), factor=out.get("factor", 1))


def _r10_84(r: HouseRules) -> str:
    cost = r.false_call_cost()
    if not cost:
        return _here("R10.84", "off")
    return _here("R10.84", "on", word=r.last_call_word(), cards=_cards(cost))


def _r10_90(r: HouseRules) -> str:
    on = r.scoring["mode"] == "winner_collects"
    return t(_key("R10.90")) + " " + t(_key("R10.90", "on" if on else "off"))


def _r10_91(r: HouseRules) -> str:
    from referee.series.scoring import target_reaching  # (the rule book only)
    reaching = t(_key("R10.91", target_reaching(r)))
    return (t(_key("R10.91"), target=r.series["target"], reaching_text=reaching)
            + _mode_sentence(r, "target"))


def _r10_93(r: HouseRules) -> str:
    cards = card_points_of(r.points)
    if not cards:
        return t(_key("R10.93")) + " " + t(_key("R10.93", "off"))
    listed = ", ".join(t(_key("R7.1", "rank_points"), rank=_points_name(c), points=n)
                       for c, n in cards.items())
    return t(_key("R10.93")) + " " + t(_key("R10.93", "on"), cards=listed)


def _ranks_words(ranks) -> str:
    """Rank names in table order, joined: "Two, Seven, Jack"."""
    return ", ".join(_rank(x) for x in sorted(ranks, key=key_order))


def _here(rid: str, variant: str, **fields: Any) -> str:
    """A rule's text, then the sentence (its ``variant``) saying what holds here."""
    return t(_key(rid)) + " " + t(_key(rid, variant), **fields)


def _r9_1(r: HouseRules) -> str:
    ranks = r.action_ranks()
    if not ranks:
        return _here("R9.1", "no_ranks")
    return _here("R9.1", "ranks", action_ranks=_ranks_words(ranks))


def _r9_14(r: HouseRules) -> str:
    groups = [g for g in r.stack_groups() if g]
    if groups:
        shown = ", ".join(f"({_ranks_words(g)})" for g in groups)
        in_force = t(_key("R9.14", "groups"), groups=shown)
    else:
        in_force = t(_key("R9.14", "no_groups"))
    double = r.double_ranks()
    if double:
        in_force += " " + t(_key("R9.14", "double"), ranks=_ranks_words(double))
    return t(_key("R9.14")) + " " + in_force


def _r9_15(r: HouseRules) -> str:
    mode, blocked = r.finish_mode(), r.finish_blocked()
    if mode == "allowed" or not blocked:
        mode = "allowed"
    return _here("R9.15", mode, blocked=_ranks_words(blocked),
                 finish_cards=_cards(r.finish_draw()))


def _r9_16(r: HouseRules) -> str:
    mode, ranks = r.start_mode(), r.start_ranks()
    return _here("R9.16", "no_effect" if not ranks else mode, ranks=_ranks_words(ranks))


def _r10_50(r: HouseRules) -> str:
    policy = r.draw
    if isinstance(policy, str):
        return t(_key("R10.50", policy))
    return t(_key("R10.50", "up_to"), n=policy["up_to"])


def _by_flag(rid: str, flag: Callable[[HouseRules], str | None]) -> Callable[[HouseRules], str]:
    def build(r: HouseRules) -> str:
        variant = flag(r)
        return t(_key(rid, variant)) if variant else t(_key(rid))
    return build


def _by_value(name: str) -> Callable[[HouseRules], str]:
    """The text of the value in force of the house-rule key ``name``: its ``Key.text``
    with the value as variant (``rules.book.text.R5.10.all_draw_one``)."""
    key = KEY_BY_NAME[name]
    return lambda r: t(f"{key.text}.{getattr(r, key.name)}")


def _free(r: HouseRules) -> str | None:
    return "free" if r.free_order else None


_BUILDERS: dict[str, Callable[[HouseRules], str]] = {
    "R0.4": _r0_4,
    "R1.2": _r1_2,
    "R1.3": _r1_3,
    "R1.4": _r1_4,
    "R2.2": _r2_2,
    "R2.4": _r2_4,
    "R2.5": _by_flag("R2.5", lambda r: "applies" if r.start_mode() == "applies"
                     and "A" in r.start_ranks() else None),
    "R3.1": _r3_1,
    "R3.2": _by_flag("R3.2", lambda r: None if r.jokers else "no_jokers"),
    "R3.3": _r3_3,
    "R3.4": _by_flag("R3.4", lambda r: None if r.draw_then_play else "no_play"),
    "R3.7": _by_flag("R3.7", lambda r: _free(r) or ("jump_in" if r.jump_in != "off" else None)),
    "R3.8": _r3_8,
    "R3.9": _by_flag("R3.9", _free),
    "R3.10": _by_value("multi_play"),
    "R4.3": lambda r: t(_key("R4.3"), last_card_cards=_cards(r.last_call_penalty())),
    "R4.4": _r4_4,
    "R5.1": _r5_1,
    "R5.2": _by_flag("R5.2", _free),
    "R5.3": _by_flag("R5.3", _free),
    "R5.4": _by_flag("R5.4", lambda r: "wild" if r.jack_wild else None),
    "R5.5": _by_flag("R5.5", _free),
    "R5.6": _r5_6,
    "R5.7": _r5_7,
    "R5.8": _r5_8,
    "R5.9": _r5_9,
    "R5.10": _by_value("five"),
    "R6.1": _by_flag("R6.1", lambda r: "last_holder" if r.last_holder else None),
    "R6.2": _r6_2,
    "R6.3": _by_value("hand_end"),
    "R7.1": _r7_1,
    "R7.4": _r7_4,
    "R7.5": _r7_5,
    "R7.6": _r7_6,
    "R9.1": _r9_1,
    "R9.14": _r9_14,
    "R9.15": _r9_15,
    "R9.16": _r9_16,
    "R10.40": _r10_40,
    "R10.50": _r10_50,
    "R10.70": _by_value("jump_in"),
    "R10.72": lambda r: _here("R10.72", "on" if r.jump_in_on_penalty else "off"),
    "R10.80": _r10_80,
    "R10.81": _r10_81,
    "R10.82": _r10_82,
    "R10.84": _r10_84,
    "R10.90": _r10_90,
    "R10.91": _r10_91,
    "R10.93": _r10_93,
}


def _marks(rid: str, rules: HouseRules) -> list[str]:
    """A mark for each key off its standard value that this rule's text depends on
    (``Key.marks``), then for a key whose value picks this rule (``series.mode``)."""
    standard = dict(_STANDARD.flat_items())
    mine = dict(rules.flat_items())
    keys = [key.shown for key in HOUSE_KEYS if rid in key.marks]
    keys += [key.shown for key in HOUSE_KEYS
             if key.by_value and rid not in key.marks and key.rule_for(mine.get(key.shown)) == rid]
    keys += [f"points.{card}" for card in card_points_of(rules.points)
             if rid in card_points_key(card).marks]  # (one card's points, R10.93)
    return [t("rules.book.mark", key=k, value=toml_value(mine.get(k)),
              standard=toml_value(standard.get(k)))
            for k in keys if (mine.get(k) != standard.get(k)
                              or type(mine.get(k)) is not type(standard.get(k)))
            and not _as_table(k, mine)]


def _as_table(key: str, items: dict) -> bool:
    """True when today's word ``key`` gave way to its table (``stacking`` as a
    ``[stacking]`` table, R9.14): the table's own keys carry the marks."""
    return key not in items and any(k.startswith(key + ".") for k in items)


def rule_text(rule_id: str, rules: HouseRules, marks: bool = True) -> str:
    """The text of one rule under ``rules``, in plain language (one paragraph, not wrapped).

    States the values in force (R5.6 under family: a Joker costs 3 cards) and
    ends with a mark ``[House rule: `key = value`; standard ...]`` for each
    house rule that changes this rule.  For R8.1-R8.6 it says whether that
    variant is the one in force.  ``rule_id`` is case-insensitive
    (``"r5.6"``).  ``marks=False``: the text alone, without the marks (a game's
    rule book, ``gamebook``).  Raises KeyError for an id that is not a rule of the book.
    """
    rid = _known(rule_id)
    if rid in _SECTION_IDS:
        raise KeyError(rule_id)
    build = _BUILDERS.get(rid)
    text = _r5_from_table(rid, rules) or (build(rules) if build else t(_key(rid)))
    if not marks:
        return text
    extra = _marks(rid, rules)
    if rid.startswith("R8.") and PRESET_RULE.get(rules.name) == rid:
        extra.append(t("rules.book.in_force"))
    return " ".join([text] + extra)


def section_intro(section_id: str, rules: HouseRules) -> str | None:
    """The introduction of a section under ``rules`` (R5 and R8 have one), else None."""
    sid = _known(section_id)
    key = f"rules.book.intro.{sid}"
    if key not in catalog():
        return None
    if sid == "R8":
        order = dict.fromkeys(("2", "7", "8", "J", "A", "Joker", "K", "4", "5") + ACTION_RANKS)
        ranks = [_rank(x) for x in order if x in rules.action_ranks()]
        return t(key, action_ranks=", ".join(ranks))
    return t(key)


# ---------------------------------------------------------------------------
# rendering
# ---------------------------------------------------------------------------

_NBSP = "\u00a0"


def _wrap(text: str, indent: str = _INDENT, subsequent: str | None = None) -> str:
    """Wrap to the screen width without breaking inside a `code span`; the lines after
    the first are indented by ``subsequent`` (default: as the first)."""
    glued = re.sub(r"`[^`]*`", lambda m: m.group(0).replace(" ", _NBSP), text)
    wrapped = textwrap.fill(glued, width=_WIDTH, initial_indent=indent,
                            subsequent_indent=indent if subsequent is None else subsequent,
                            break_long_words=False, break_on_hyphens=False)
    return wrapped.replace(_NBSP, " ")


def render_rule(rule_id: str, rules: HouseRules) -> str:
    """One rule for the screen: ``"R5.6 Joker"`` then its text, wrapped and indented."""
    rid = _known(rule_id)
    return f"{rid} {rule_title(rid)}\n{_wrap(rule_text(rid, rules))}"


def render_section(section_id: str, rules: HouseRules) -> str:
    """One section for the screen: its id and title, its introduction, then each rule."""
    sid = _known(section_id)
    if sid not in _SECTION_IDS:
        raise KeyError(section_id)
    parts = [f"{sid} {rule_title(sid)}"]
    intro = section_intro(sid, rules)
    if intro:
        parts.append(_wrap(intro, ""))
    ids = dict(SECTIONS)[sid]
    return "\n".join(parts) + "\n\n" + "\n\n".join(render_rule(rid, rules) for rid in ids)


def _variant_label(preset: str) -> str:
    rid = PRESET_RULE[preset]
    return t("rules.view.variant", id=rid, title=rule_title(rid))


def closest_preset(rules: HouseRules) -> str:
    """The preset ``rules`` is named after, else the one with the fewest differing keys (R8)."""
    if rules.name in PRESETS:
        return rules.name
    counts = [(len(load_rules(p).differences(rules)), i, p) for i, p in enumerate(PRESETS)]
    return min(counts)[2]


def _key_label(key: str, value: Any, rules: HouseRules) -> str:
    """What a house-rule key of a file is about, in the language spoken: the title of
    the rule it changes (``stacking``: R5.7's), with the rank for a card's key
    (``points.K``: "Points: King"), and for ``actions.K`` the rank and the titles of
    its effects (R9: "King: Play again (again)")."""
    section, _, name = key.partition(".")
    if section == "actions" and name:
        effects = rules.effects().get(name, ())
        titles = ", ".join(rule_title(EFFECT_BY_NAME[e.kind].rule) for e in effects) \
            or rule_title("R9.2")
        return t("rules.view.label_rank", what=_rank(name), detail=titles)
    title = rule_title(rule_for_key(key, value))
    if section == "points" and name:
        return t("rules.view.label_rank", what=title, detail=_points_name(name))
    return title


def _points_name(name: str) -> str:
    """A key of ``[points]`` in words: a rank's name (``K``: "King"), or one card as
    players read it (``Qs``: "Q♠", R10.93)."""
    return _rank(name) if name in KEY_BY_NAME_POINTS else pretty(Card(name[:-1], name[-1]))


def render_differences(rules: HouseRules) -> str:
    """The section "House rules that differ from standard": ``key = value`` lines with the
    rule each changes, each under its label in the language spoken (``_key_label``)."""
    lines = [t("rules.view.differ_title")]
    mine = dict(rules.flat_items())
    diffs = [d for d in _STANDARD.differences(rules) if not _as_table(d[0], mine)]
    if not diffs:
        lines.append(_INDENT + t("rules.view.differ_none"))
    for key, standard, value in diffs:
        line = t("rules.view.differ_line", key=key, value=toml_value(value),
                 standard=toml_value(standard), rule=rule_for_key(key, value))
        label = _key_label(key, value, rules)
        lines.append(_wrap(label[:1].upper() + label[1:], _INDENT, 2 * _INDENT))
        lines.append(_wrap(line, 2 * _INDENT))
    return "\n".join(lines)


#: The variant of an effect's sentence in ``rules.view.effect.KIND[.VARIANT]``, from
#: its parameters (effects.EFFECT_KINDS); an effect not listed has one sentence.
_EFFECT_VARIANT: dict[str, Callable[[Effect], str]] = {
    "draw": lambda e: "next" if e.pending_draw else "at_once" if e.to == "next" else e.to,
    "skip": lambda e: ("pass_on_" if e.pass_on else "stack_" if e.stack else "")
    + ("turn" if e.n == 1 else "turns"),
    "again": lambda e: e.follow,
    "reverse": lambda e: e.two_players,
    "name_suit": lambda e: ("wild_" if e.wild else "") + e.on_same_rank,
    "show": lambda e: e.who,
    "pass_cards": lambda e: e.to,
    "rotate_hands": lambda e: "against" if e.against_play else "with",
    "counter": lambda e: e.mode + ("_same_suit" if e.same_suit else ""),
    "demand": lambda e: "except" if getattr(e, "except") else "any",
}


def effect_words(rank: str, effect: Effect, rule: str, free: bool = False,
                 alone: bool = False) -> str:
    """One effect of a card of ``rank`` in words, citing ``rule`` (R9): "the same
    player plays again (R9.6)".  ``free``: turn order is free, where an effect on
    whose turn it is does nothing (R9.17).  ``alone``: the rank is in no stacking
    group (R9.14), so its penalty is drawn, never stacked on."""
    if free and effect.turn_effect:
        return t("rules.view.effect.free_void", rule="R9.17")
    variant = _EFFECT_VARIANT.get(effect.kind)
    key = f"rules.view.effect.{effect.kind}" + (f".{variant(effect)}" if variant else "")
    if alone and key == "rules.view.effect.draw.next":
        key += "_alone"
    limit = None
    if effect.kind.startswith("next_"):
        kind = effect.kind[len("next_"):]
        limit = limit_words((kind, effect.rank if kind == "rank" else effect.value))
    against = None
    if effect.kind == "counter":  # R10.11: the penalties it counters
        against = (_ranks_words(effect.against) if effect.against
                   else t("rules.view.effect.counter_any"))
    if effect.kind == "demand":  # R10.22: the ranks it may not demand
        against = _ranks_words(getattr(effect, "except"))
    text = t(key, n=effect.n if effect.n is not None else 1, rule=rule, limit=limit,
             against=against,
             card=a_rank(key_rank(rank)))
    if effect.kind == "name_suit" and effect.not_on:  # R9.8: the cards it may not go on
        text += t("rules.view.effect.not_on", rule="R9.8",
                  cards=or_list([a_key(k) for k in sorted(effect.not_on, key=key_order)]))
    if effect.kind == "name_suit" and effect.wild and not effect.wild_out:  # R9.8
        text += t("rules.view.effect.wild_out", rule="R9.8")
    return text


def rank_effects_words(rank: str, effects: tuple[Effect, ...], free: bool = False,
                       alone: bool = False) -> str:
    """What a card of ``rank`` does, its effects in order (R9.13), each citing its rule:
    the R5 rule a rank keeping its rule-book meaning cites, else the effect's own
    (R9.1); a skip passed on cites R5.11, a stacked wait R10.21.  ``alone``: as
    ``effect_words``."""
    classic = classic_rule(rank, effects)
    parts = [effect_words(rank, e, _effect_rule(e, classic), free, alone) for e in effects]
    return t("rules.view.effect.then").join(parts)


def render_actions(rules: HouseRules) -> str:
    """The section "What each card does here": one line per rank with an effect under
    ``rules`` (``HouseRules.effects``, R9.1), in rank order: "King: the same player
    plays again (R9.6)"."""
    table = rules.effects()
    lines = [t("rules.view.actions_title")]
    for rank in sorted(table, key=key_order):
        if table[rank] and _in_play(rank, rules):
            alone = not any(rank in group for group in rules.stack_groups())
            line = t("rules.view.actions_line", rank=_rank(rank),
                     effects=rank_effects_words(rank, table[rank], rules.free_order, alone))
            lines.append(_wrap(line[:1].upper() + line[1:], _INDENT, 2 * _INDENT))
    if len(lines) == 1:
        lines.append(_INDENT + t("rules.view.actions_none"))
    return "\n".join(lines)


def _in_play(key: str, rules: HouseRules) -> bool:
    """True when the cards a key of ``[actions]`` names are in the game (R10.40:
    no Five in a 32-card game, no Joker without Jokers, R1.3)."""
    rank = key_rank(key)
    return rules.jokers if rank == "Joker" else rank in deck_ranks(rules.deck)


def render_rulebook(rules: HouseRules) -> str:
    """The whole rule book in force: a header naming the rule set and its R8 variant,
    every section with its rules (ids shown), what each card does at this table
    (``render_actions``), then the house rules that differ from standard
    (``key = value``, the standard value and the rule id it changes).  A game
    of the family (``GAMES``, R10) has its own book: ``render_game_book``.
    """
    if rules.name in GAMES:
        return render_game_book(rules)
    if rules.name in PRESETS:
        intro = t("rules.view.set_preset", name=rules.name, variant=_variant_label(rules.name))
    else:
        intro = t("rules.view.set_file", name=rules.name,
                  variant=_variant_label(closest_preset(rules)))
    parts = [t("rules.view.book_title"), intro]
    parts += [render_section(sid, rules) for sid in _SECTION_IDS]
    parts.append(render_actions(rules))
    parts.append(render_differences(rules))
    return "\n\n".join(parts) + "\n"


def _actions_rule(entry: str, *sets: HouseRules) -> str:
    """The rule ids an ``[actions]`` row of ``rules --diff`` changes: R10.10 for a card
    or colour key, then the rule of each effect the cards of ``entry`` have under
    either rule set (R9.3 for a draw, R10.22 for a demand...; the rule book's R5 rule
    for a rank keeping its meaning; R9.2 for none), once each, in order."""
    rules = ["R10.10"] if not is_rank(entry) else []
    card = key_cards(entry)[0]
    for r in sets:
        effects = r.card_entry(card)[1]  # (what the card does there, today's keys too)
        classic = classic_rule(card.rank, effects)
        rules += [_effect_rule(e, classic) for e in effects] or ["R9.2"]
    return "/".join(dict.fromkeys(rules))


def _effect_rule(effect: Effect, classic: str | None = None) -> str:
    """The rule an effect cites (R9): a skip passed on R5.11, a stacked wait R10.21,
    else ``classic`` (the R5 rule of a rank keeping its rule-book meaning) or the
    effect's own."""
    if effect.kind == "skip" and effect.pass_on:
        return "R5.11"
    if effect.kind == "skip" and effect.stack:
        return "R10.21"
    return classic or EFFECT_BY_NAME[effect.kind].rule


def render_diff(a: HouseRules, b: HouseRules) -> str:
    """Two rule sets side by side: a header naming both, then aligned columns
    key | a's value | b's value | rule id, for the keys that differ only
    (``points.K``, ``series.limit`` for keys inside tables).  Says so when
    nothing differs.
    """
    name_a, name_b = rules_name(a.name), rules_name(b.name)
    if name_a == name_b:
        name_a, name_b = f"{name_a} (1)", f"{name_b} (2)"
    diffs = a.differences(b)
    if not diffs:
        return t("rules.view.diff_same", a=name_a, b=name_b) + "\n"
    rows = [(t("rules.view.diff_col_key"), name_a, name_b, t("rules.view.diff_col_rule"))]
    for key, va, vb in diffs:
        rule = rule_for_key(key, va)
        if declared(key).by_value and rule_for_key(key, vb) != rule:  # (series.mode, multi_play)
            rule = f"{rule}/{rule_for_key(key, vb)}"
        if key.startswith("actions."):  # (the rules of the effects either side gives, R9.1)
            rule = _actions_rule(key.partition(".")[2], a, b)
        rows.append((key, toml_value(va), toml_value(vb), rule))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [t("rules.view.diff_title", a=name_a, b=name_b)]
    for row in rows:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths)) + "  " + row[3])
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# topics
# ---------------------------------------------------------------------------

# Extra search words per rule in English (lower case; phrases allowed); each
# language's own are its lexicon's ``topics`` (Dutch: ``lexicon.EVERYWHERE``).
_TOPICS: dict[str, str] = {
    "R0.1": "referee knows, public, hidden, see, information",
    "R0.2": "correction, mistake, wrong, missed entry",
    "R0.3": "refusal, refused, cite, which rule",
    "R0.4": "refusal, refused, nothing changes",
    "R1.1": "players, names, name, how many players",
    "R1.2": "seating, seats, clockwise, order, direction",
    "R1.3": "deck, decks, 52, 54, 104, 108, 162, two decks, three decks, jokers, jokers per deck",
    "R1.4": "card identity, copies, duplicate, mis-entry, typo",
    "R1.5": "leave, leaving, quit, stop",
    "R2.1": "dealer, deal, who deals",
    "R2.2": "deal size, cards each, how many cards",
    "R2.3": "starter, start card, first card, draw pile, discard pile",
    "R2.4": "starter, start card, action starter",
    "R2.5": "first player, who starts, begins",
    "R3.1": "matching, match, suit, rank, same suit",
    "R3.2": "joker, wild",
    "R3.3": "named suit, ask suit, choose suit, jack",
    "R3.4": "cannot play, can't play, draw, drawing, draw one, pass",
    "R3.5": "reshuffle, shuffle, empty draw pile",
    "R3.6": "nothing left to draw, exhausted, no cards left, forgiven",
    "R3.7": "out of turn, whose turn, turn",
    "R3.8": "illegal play, wrong card, invalid, penalty",
    "R3.9": "blocked, stuck, no winner",
    "R4.1": "last card, announce, lk, one card",
    "R4.2": "last card, window, in time, too early",
    "R4.3": "last card, call, forgot, forgotten, penalty",
    "R4.4": "last card, false call, wrong call, void call, call yourself",
    "R4.5": "last card, lapse, expires",
    "R5.1": "two, 2, draw two, penalty, stack",
    "R5.2": "seven, 7, play again, extra turn",
    "R5.3": "eight, 8, skip, miss a turn",
    "R5.4": "jack, name suit, choose suit",
    "R5.5": "ace, reverse, direction",
    "R5.6": "joker, penalty, stack, double",
    "R5.7": "stack, stacking, penalty, pending, cumulative",
    "R5.8": "king, k, draw one, reverse skip",
    "R5.9": "four, 4, skip two, miss two turns",
    "R5.10": "five, 5, all draw, everyone draws",
    "R5.11": "pass, pass on, skip, eight",
    "R6.1": "win, winner, going out, empty hand",
    "R6.2": "finish, going out, action card",
    "R6.3": "last holder, play on, places, place, out, loser",
    "R7.1": "points, score, scoring, count",
    "R7.2": "consistency, check score",
    "R7.3": "running total, total",
    "R7.4": "elimination, limit, 100, eliminated",
    "R7.5": "fixed hands, number of hands, rounds",
    "R7.6": "casual, wins, just for fun",
    "R8.1": "standard, default, variant, house rules",
    "R8.2": "family, kids, children, variant",
    "R8.3": "hard, variant",
    "R8.4": "fast, free, free order, variant",
    "R8.5": "cumulative, stack, variant",
    "R8.6": "tournament, competition, variant",
    "R9.1": "actions, action table, effect, effects, which card does what",
    "R9.2": "none, no effect, plain card",
    "R9.3": "draw, penalty, draw at once, self, previous",
    "R9.4": "others draw, everyone draws",
    "R9.5": "skip, miss a turn",
    "R9.6": "again, play again, same suit",
    "R9.7": "reverse, direction",
    "R9.8": "name suit, wild",
    "R9.9": "at most, at least, lower, higher, next card, limit",
    "R9.10": "show, show cards",
    "R9.11": "pass cards, give cards, left, right",
    "R9.12": "rotate, washing machine, hands move",
    "R9.13": "list, several effects, combination",
    "R9.14": "stacking groups, double",
    "R9.15": "finish, going out, blocked, draw after",
    "R9.16": "starter, start card, redraw",
    "R9.17": "free, fast",
    "R9.18": "pass cards, rotate, last card, duty",
    "R10.10": "card, colour, color, black, red, king of hearts, black jack",
    "R10.11": "counter, cancel, send back, pass on, red jack",
    "R10.20": "open, any card, queen on anything",
    "R10.21": "wait, waits, stacked wait, four, makao, pass",
    "R10.22": "demand, demanded rank, jack, makao, ask for a rank",
    "R10.50": "draw policy, draw until playable, draw up to, several cards drawn, count",
    "R10.51": "until playable, must play the card drawn",
    "R10.52": "count, piles, how many drawn",
    "R10.81": "tschau, sepp, second to last, second-to-last",
    "R10.82": "mau-mau, going out, call, factor, double points",
    "R10.83": "false call, wrong card, mau-mau",
    "R10.84": "false call, false knock, klop, knock, flemish",
    "R10.60": "run, runs, sequence, straight, consecutive cards, switch, black jack, macau",
    "R10.61": "run, first card, pending penalty",
    "R10.62": "run, sequence, direction, ace low, ace high, turn, change suit",
    "R10.63": "run, joker",
    "R10.64": "run, last card acts, top card",
    "R10.65": "run, going out, last card",
    "R10.30": "swap, swap hands, 7-0, seven, trade hands, chosen player",
    "R10.31": "swap, last card, one card after a swap",
    "R10.70": "jump in, jump-in, out of turn, identical card, twin, interception",
    "R10.71": "jump in, identical, same rank, twin, top card",
    "R10.72": "jump in, penalty, pending, skip, limit",
    "R10.73": "jump in, whose turn, free turn order",
    "R10.74": "jump in, double, one card",
    "R10.75": "jump in, going out, last card, window",
}

# Words read as their English counterparts in the texts (each language's own:
# its lexicon's ``synonyms``).
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "2": ("two",), "4": ("four",), "5": ("five",), "7": ("seven",), "8": ("eight",),
    **{word: english for lex in LEXICONS.values() for word, english in lex.synonyms.items()},
}
_STOPWORDS = frozenset((
    "the a an of on in to is are what how when with and or for do does i you can may "
    "rule rules happens about if my it at by be").split()).union(
        *(lex.stopwords for lex in LEXICONS.values()))
_SUFFIXES = ("s", "es", "ing", "ed", "e")


def _norm(text: str) -> str:
    """Lower case words without their accents (``Dernière`` -> ``derniere``: a topic
    is found typed with or without them), rule ids kept whole."""
    text = unicodedata.normalize("NFKD", text.lower().replace("`", " "))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.findall(r"r\d+(?:\.\d+)?|[^\W_]+", text))


# The synonyms and stop words as the index holds words (without accents).
_SYNONYMS = {_norm(word): english for word, english in _SYNONYMS.items()}
_STOPWORDS = frozenset(_norm(word) for word in _STOPWORDS)
_index_cache: dict[str, tuple[str, str, set[str], set[str]]] = {}


def _book_in(code: str, sets: list[HouseRules]) -> dict[str, tuple[list[str], list[str]]]:
    """rule id -> (its title and its section's, its texts under ``sets``) in the rule
    book of language ``code`` (its catalog; the language spoken is restored)."""
    before, chosen = messages.language(), messages.chosen_language() is not None
    messages.set_language(code, chosen=False)
    try:
        return {rid: ([rule_title(rid), rule_title(rid.partition(".")[0])],
                      [rule_text(rid, r) for r in sets]) for rid in rule_ids()}
    finally:
        messages.set_language(before, chosen)


def _index() -> dict[str, tuple[str, str, set[str], set[str]]]:
    """rule id -> (keyword text, body text, keyword tokens, body tokens), built once from
    the rule book of every language (each catalog's titles, its section's title and
    texts: under every preset in English and the language spoken, under the standard
    rules in the others) and the topic words, so that a topic is found in any language whichever
    is spoken (``rules dernière carte``, ``ultima carta``: R4)."""
    if not _index_cache:
        sets = [_STANDARD] + [load_rules(p) for p in ("family", "hard", "fast", "cumulative")]
        spoken = ("en", messages.language())  # (the others' texts under the standard rules)
        books = [_book_in(code, sets if code in spoken else sets[:1]) for code in messages.LANGUAGES]
        for rid in rule_ids():
            topics = ",".join(filter(None, [_TOPICS.get(rid, ""),
                                            *(lex.topics.get(rid, "") for lex in LEXICONS.values())]))
            titles = ",".join(title for book in books for title in book[rid][0])
            head = " | ".join(_norm(part) for part in (titles + "," + topics).split(","))
            body = " | ".join(_norm(text) for book in books for text in book[rid][1])
            _index_cache[rid] = (head, body, set(head.split()) - {"|"}, set(body.split()) - {"|"})
    return _index_cache


def _word_hits(word: str, tokens: set[str]) -> bool:
    if word in tokens:
        return True
    for token in tokens:
        if len(word) >= 3 and token.startswith(word):
            return True
        if len(token) >= 4 and word.startswith(token) and word[len(token):] in _SUFFIXES:
            return True
    return False


def find_topic(text: str) -> list[str]:
    """Rule ids about the topic words in ``text``, best first, in any language (``_index``).

    ``"laatste kaart"``, ``"last card"`` -> R4.1 ... R4.5; ``"boer"`` (Dutch for
    Jack) -> the Jack rules; ``"stack"``, ``"reshuffle"``, ``"joker"`` work
    alike.  Case-insensitive.  A phrase found as a whole wins; otherwise rules
    matching every word, else rules matching any word.  Empty list when
    nothing matches.
    """
    phrase = _norm(text)
    words = phrase.split()
    if not words:
        return []
    content = [w for w in words if w not in _STOPWORDS] or words
    index = _index()
    order = {rid: i for i, rid in enumerate(rule_ids())}

    scores: dict[str, tuple[int, int]] = {}
    for rid, (head, body, head_tokens, body_tokens) in index.items():
        matched = 0
        score = 0
        for word in content:
            alternatives = (word,) + _SYNONYMS.get(word, ())
            if any(_word_hits(w, head_tokens) for w in alternatives):
                matched, score = matched + 1, score + 3
            elif any(_word_hits(w, body_tokens) for w in alternatives):
                matched, score = matched + 1, score + 1
        if len(content) > 1:
            if f" {phrase} " in f" {head} ":
                score += 10
            elif f" {phrase} " in f" {body} ":
                score += 5
        if matched:
            scores[rid] = (matched, score)

    def ranked(ids: list[str]) -> list[str]:
        return sorted(ids, key=lambda rid: (-scores[rid][1], order[rid]))

    if len(content) > 1:
        whole = [rid for rid in scores if _has_phrase(rid, phrase)]
        if whole:
            return ranked(whole)
    every = [rid for rid, (m, _) in scores.items() if m == len(content)]
    if every:
        return ranked(every)
    return sorted(scores, key=lambda rid: (-scores[rid][0], -scores[rid][1], order[rid]))


def _has_phrase(rid: str, phrase: str) -> bool:
    head, body, _, _ = _index()[rid]
    return f" {phrase} " in f" {head} " or f" {phrase} " in f" {body} "


# ---------------------------------------------------------------------------
# pesten-ref rules [WHAT]
# ---------------------------------------------------------------------------

def lookup(what: str | None, rules_in_force: HouseRules,
           base_dir: str | Path | None = None) -> str:
    """Answer ``pesten-ref rules [WHAT]`` (NOTATION.md) as text for the screen.

    The text of ``lookup_answer`` (which see), found or not: at the table
    prompt ``rules R9.9`` is a query, answered with the plain message.
    """
    return lookup_answer(what, rules_in_force, base_dir)[0]


def lookup_answer(what: str | None, rules_in_force: HouseRules,
                  base_dir: str | Path | None = None) -> tuple[str, bool]:
    """Answer ``pesten-ref rules [WHAT]``: ``(text, found)``.

    ``what`` is read, in this order, as: nothing -> the whole rule book in
    force (``render_rulebook``); a rule id, any case (``r5.1``) -> that rule,
    or a section id (``R5``) -> that section, under the rules in force; a
    preset name or alias -> that preset's rule book; a house-rule file
    (``*.toml``, relative to ``base_dir``, default the current directory) ->
    its rule book; else topic words -> the matching rules with their text.
    Never raises for a user's input: an unknown id, a missing or invalid file
    and a topic without matches give a plain message suggesting ``rules`` ids,
    with ``found`` False (the command line then exits with status 2).
    """
    if what is None or not str(what).strip():
        return render_rulebook(rules_in_force), True
    what = str(what).strip()
    under = _rule_under(what.split(), base_dir)
    if under is not None:
        return under

    rid = normalize_id(what)
    if rid is not None:
        if rid in _SECTION_IDS:
            return render_section(rid, rules_in_force) + "\n", True
        if rid in _SECTION_OF:
            return render_rule(rid, rules_in_force) + "\n", True
        return t("rules.view.no_such_rule", what=rid) + "\n", False

    preset = resolve_preset(what)
    if preset is not None:
        return render_rulebook(load_rules(preset)), True

    directory = Path(base_dir) if base_dir is not None else None
    path = find_rules_file(what, directory) if _looks_like_file(what) else None
    if path is None and what.lower().endswith(".toml"):
        return t("rules.view.no_such_file", what=what, presets=say(presets_told())) + "\n", False
    if path is not None:
        try:
            return render_rulebook(load_rules(path)), True
        except RulesError as exc:
            return t("rules.view.bad_file", error=say(exc.told)) + "\n", False

    found = find_topic(what)
    if not found:
        return t("rules.view.not_found", what=what) + "\n", False
    parts = [t("rules.view.topic_title", what=what)]
    parts += [render_rule(r, rules_in_force) for r in found]
    return "\n\n".join(parts) + "\n", True


def _rule_under(words: list[str], base_dir: str | Path | None) -> tuple[str, bool] | None:
    """``rules R5.7 familie.toml`` (either order; a preset too: ``rules cumulative
    R5.7``): one rule (or section) under that rule set, then each line of the file
    that changes it (``familie.toml, line 4: stacking = "none"``).  None when
    ``words`` are not a rule id and a rule set; ``(text, found)`` as
    ``lookup_answer``."""
    if len(words) != 2:
        return None
    ids = [normalize_id(w) for w in words]
    if (ids[0] is None) == (ids[1] is None):
        return None
    rid, spec = (ids[0], words[1]) if ids[0] is not None else (ids[1], words[0])
    if rid not in _SECTION_IDS and rid not in _SECTION_OF:
        return t("rules.view.no_such_rule", what=rid) + "\n", False
    from referee.series.presets import rules_origin
    if resolve_preset(spec) is None and find_rules_file(
            spec, Path(base_dir) if base_dir is not None else None) is None:
        return t("rules.view.no_such_file", what=spec, presets=say(presets_told())) + "\n", False
    try:
        rules = load_rules(spec, base_dir)
        origin = rules_origin(spec, base_dir)
    except RulesError as exc:
        return t("rules.view.bad_file", error=say(exc.told)) + "\n", False
    text = render_section(rid, rules) if rid in _SECTION_IDS else render_rule(rid, rules)
    lines = [text]
    set_lines = origin.get("rules_lines", {})
    name = Path(origin["rules_file"]).name if "rules_file" in origin else None
    table = rules.to_table()
    for key, line in sorted(set_lines.items(), key=lambda kv: kv[1]):
        changed = _key_rule(rules, key)
        if changed is None or not (changed == rid or changed.startswith(rid + ".")):
            continue
        value = _lookup(table, key)
        table_name, dot, sub = key.rpartition(".")
        lines.append(t("rules.view.house_line", file=name, line=line,
                       key=f"[{table_name}] {sub}" if dot else key, value=_toml(value)))
    return "\n".join(lines) + "\n", True


def _lookup(table: dict, key: str) -> Any:
    for part in key.split("."):
        if not isinstance(table, dict) or part not in table:
            return None
        table = table[part]
    return table


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def _key_rule(rules: HouseRules, key: str) -> str | None:
    """The rule id a key set in a house-rule file changes (``"actions.K"``: its
    effect's own rule, R9.6 for ``again``), or None (``extends``)."""
    table, dot, rank = key.partition(".")
    if table == "actions" and dot:
        effects = rules.actions.get(rank, ())
        classic = classic_rule(rank, effects)
        if classic:
            return classic
        return EFFECT_BY_NAME[effects[0].kind].rule if effects else "R9.2"
    try:
        return rule_for_key(key)
    except KeyError:
        return None


def _looks_like_file(what: str) -> bool:
    """A single token (no spaces) or anything ending in .toml may name a file."""
    return what.lower().endswith(".toml") or not re.search(r"\s", what)


# ---------------------------------------------------------------------------
# a game of the family's rule book (R10)
# ---------------------------------------------------------------------------

#: The rule that says how a series of each ``[series] mode`` is won.
_SERIES_RULE = {"elimination": "R7.4", "hands": "R7.5", "casual": "R7.6", "target": "R10.91"}


def _game_section(title: str, *paragraphs: str) -> str:
    return "\n".join([title] + [_wrap(p) for p in paragraphs if p])


def _points(rules: HouseRules) -> str:
    """The points of the cards in the game, in rank order (R7.1, R10.93): "Ace 1, King
    10, ..."; the Joker only when the deck holds Jokers."""
    ranks = set(deck_ranks(rules.deck)) | ({"Joker"} if rules.jokers else set())
    keys = [k for k in rules.points if key_rank(k) in ranks]
    return ", ".join(f"{_rank(k) if is_rank(k) else k} {rules.points[k]}"
                     for k in sorted(keys, key=key_order))


def _going_out(rules: HouseRules) -> str:
    """Going out in words (R6.2, R9.15): the cards one may not go out on and the
    draw that costs, or R6.2's text when one may go out on any card or the card
    stands (``draw_after``)."""
    mode = rules.finish_mode()
    if mode != "refuse":
        return rule_text("R9.15" if mode == "draw_after" else "R6.2", rules, marks=False)
    blocked = sorted((k for k in rules.finish_blocked() if _in_play(k, rules)), key=key_order)
    return t("games.book.blocked", cards=", ".join(_rank(k) for k in blocked),
             n=rules.finish_draw())


def _calls(rules: HouseRules) -> list[str]:
    """The last-card call in words: the game's own word (R10.80), none (a call costs
    nothing), or R4's; then the call on going out if the game has one (R10.82)."""
    word = rules.last_call_word()
    if word is not None:
        said = [t("games.book.call_word", word=word, n=rules.last_call_penalty())]
        if rules.false_call_cost():  # R10.84
            said.append(t("games.book.call_false", word=word, n=rules.false_call_cost()))
    elif rules.last_call_penalty() == 0:
        said = [t("games.book.call_free")]
    else:
        said = [rule_text("R4.1", rules, marks=False), rule_text("R4.3", rules, marks=False)]
    out = rules.calls.get("out")
    if out is not None:
        factor, on = out.get("factor", 1), out.get("on")
        if factor == 1:
            said.append(t("games.book.out_told", word=out["word"]))
        elif on:
            said.append(t("games.book.out_on", word=out["word"], factor=factor,
                          cards=_ranks_words(on)))
        else:
            said.append(t("games.book.out_any", word=out["word"], factor=factor))
    return said


def _scoring(rules: HouseRules) -> list[str]:
    """The scoring in words: the points, who scores (R7.1, R6.3, R10.90) and how the
    series is won (R7.4-R7.6, R10.91)."""
    if rules.scoring.get("mode") == "winner_collects":
        who = t("games.book.collects")
    elif rules.last_holder:
        who = t("games.book.penalty_last")
    else:
        who = t("games.book.penalty")
    mode = rules.series.get("mode", "elimination")
    return [t("games.book.points", points=_points(rules)), who,
            rule_text(_SERIES_RULE.get(mode, "R7.4"), rules, marks=False)]


def render_game_book(rules: HouseRules) -> str:
    """The rule book of the game ``rules`` is the preset of (``rules.name`` in
    ``GAMES``, R10), in the language spoken: its name and introduction, how to deal,
    how to play (matching, the draw policy), what each card does, going out, the
    calls, the scoring and the series, the house rules its sources name, and the
    sources (``gamebook.SOURCES``).  Only the introduction, the deal and the house
    rules are per-game text (``games.<game>.*``); every other line is written from
    the preset's own table (``render_actions``, ``rule_text``), so the book cannot
    say what the table does not do.  Raises KeyError for a rule set that is not
    one of the games."""
    name = rules.name
    if name not in GAMES:
        raise KeyError(name)
    draw = "R3.4" if rules.draw == "one" else "R10.50"
    out = [_going_out(rules)]
    if rules.last_holder:
        out.append(rule_text("R6.3", rules, marks=False))
    from referee.series.gamebook import SOURCES
    sources = [_INDENT + title + (f": {url}" if url else "") for title, url in SOURCES[name]]
    parts = [
        _game_section(t("games.book.title", game=rules_name(name)),
                 t(f"games.{name}.intro"), t("games.book.family", name=name)),
        _game_section(t("games.book.deal"), rule_text("R1.3", rules, marks=False),
                 t(f"games.{name}.deal")),
        _game_section(t("games.book.play"), t("games.book.match"),
                 rule_text(draw, rules, marks=False)),
        render_actions(rules),
        _game_section(t("games.book.out"), *out),
        _game_section(t("games.book.calls"), *_calls(rules)),
        _game_section(t("games.book.scoring"), *_scoring(rules)),
        _game_section(t("games.book.variants"), t("games.book.others", name=name),
                 t(f"games.{name}.variants")),
        "\n".join([t("games.book.sources")] + sources),
        _wrap(t("games.book.more", name=name), ""),
    ]
    return "\n\n".join(parts) + "\n"
