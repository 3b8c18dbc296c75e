"""Random house-rule files: every key, every ``[actions]`` effect, lists, ``[stacking]``,
``[finish]``, ``[start]``, ``[calls]`` (R10.80-R10.82), decks of 52, 36 and 32 cards
(R10.40), Jokers, ``last_holder``, ``multi_play`` (runs too, R10.60), entries for one
card or one colour (RULES.md R8, R9, R10.10), ``[points]`` of ranks and cards (R7.1,
R10.93), ``[scoring]`` and ``[series]`` (R7.4-R7.6, R10.90, R10.91), jump-in (R10.70)
and the swap with a chosen player (R10.30).

One generator for the property test of the legality API and the simulator's
cross-check (``referee.simulator.crosscheck``): ``random_file(rng)`` writes a
house-rule file as a family would (TOML text), and ``random_rules(rng)`` reads it
through the checks every house-rule file goes through (``presets``: the TOML, each
key's type and range, ``extends``, R9.13-R9.16's combinations); a file those checks
refuse is written anew, so every rule set it returns is one a file may hold.
``random_table(rng)`` adds a number of players who fit the deck (R1.1, R1.3, R2.2).

``avoid``: constructs left out of the files (names of ``CONSTRUCTS``), so that a
test can set aside what a known bug reproduces until it is fixed.

Pure: a seeded ``random.Random`` in, the same file out.  No I/O.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from referee.engine.cardkeys import key_order, key_rank, parse_key
from referee.engine.cards import ALL_RANKS, JOKER, deck_ranks
from referee.engine.effects import EFFECT_KINDS, Effect, check_combination
from referee.engine.keys import OVERLAPS
from referee.engine.rules import HouseRules, RulesError
from referee.engine.tomlsource import toml_value
from referee.engine.rulecheck import check_table_fits

PRESETS = ("standard", "family", "hard", "cumulative", "fast", "tournament")
"""The presets a file may extend (R8)."""

CONSTRUCTS = {
    "joker_follow_same_suit": "the Joker given { again = true, follow = \"same_suit\" } (R9.6)",
    "joker_pass_on": "the Joker given a skip passed on (R5.11)",
    "penalty_and_skip_list": "a list with a pending draw and a skip (R9.13)",
    "pass_on_and_reverse_list": "a list with a skip passed on and a reverse (R9.13)",
    "start_applies": "[start] mode = \"applies\", or start_card = \"applies\" (R2.4, R9.16)",
    "finish_draw_after": "[finish] mode = \"draw_after\" (R9.15)",
    "last_holder": "hand_end = \"last_holder\" (R6.3)",
    "draw_policy": "draw = \"until_playable\" or { up_to = N } (R10.50)",
    "runs": "multi_play = \"run\" or \"same_rank_or_run\" (R10.60)",
    "free_order": "turn_order = \"free\" (R8.4)",
    "card_keys": "an [actions] entry for one card or one colour (\"Kh\", \"J black\", R10.10)",
    "small_deck": "deck = 36 or 32 (R10.40)",
    "out_call": "[calls] out, the call on going out (R10.82)",
    "stacked_wait": "a skip that is a stacked wait, { skip = N, stack = true } (R10.21)",
    "demand": "a card that demands a rank, { demand = \"rank\" } (R10.22)",
    "jump_in": "jump_in = \"identical\" or \"same_rank\", jump_in_on_penalty (R10.70-R10.75)",
    "swap": "a rank that swaps hands with a chosen player, { swap = \"choose\" } (R10.30)",
    "not_on": "a suit-naming card barred on some cards, { name_suit = true, not_on = [...] }, "
              "or not wild going out, wild_out = false (R9.8)",
}
"""What ``avoid`` may name: constructs of a file, each with what it is."""

_TOP_KEYS: dict[str, tuple] = {
    "deal_size": (1, 2, 2, 3, 3, 4, 5, 7),
    "jokers_per_deck": (0, 1, 2, 2, 3),
    "decks": ("auto", "auto", 1, 2),
    "joker_penalty": (0, 1, 3, 5),
    "joker_stack": ("add", "double"),
    "stacking": ("same", "cumulative", "none"),
    "last_card_penalty": (0, 1, 2),
    "false_call_penalty": (0, 1),
    "illegal_play_penalty": (0, 0, 1),
    "finish_on_action": (False, True),
    "jack_wild": (False, True),
    "jack_on_jack": (True, False),
    "penalty_ends_turn": (True, False),
    "draw_then_play": (True, False),
    "start_card": ("no_effect", "applies"),
    "finish_on_action_draw": (0, 1, 2),
    "king": ("none", "draw_one", "reverse_skip"),
    "four": ("none", "skip_two"),
    "five": ("none", "all_draw_one"),
    "multi_play": ("none", "same_rank", "same_rank"),
    "turn_order": ("seated", "seated", "seated", "free"),
    "hand_end": ("first_out", "first_out", "last_holder"),
}

_DRAW_POLICIES = ("one", "until_playable", {"up_to": 2}, {"up_to": 3})
"""``draw`` (R10.50), picked on a side stream (``_side_keys``)."""

_RANKS = tuple(ALL_RANKS)

#: The effects ``random_effect`` picks from: all but ``none`` and the swap, which the
#: side stream writes (``_side_sections``), so that a seed's other effects stay.
_RANDOM_KINDS = tuple(k for k in EFFECT_KINDS[1:] if k.name != "swap")

def random_effect(rng: random.Random) -> Any:
    """One effect as a file writes it: bare (``"again"``) or an inline table with
    random parameters in their declared ranges (``effects.EFFECT_KINDS``)."""
    kind = rng.choice(_RANDOM_KINDS)
    params: dict[str, Any] = {}
    for p in ((kind.value,) if kind.value else ()) + kind.params:
        if p.name in ("not_on", "wild_out"):  # (R9.8: added by ``_side_not_on``, its own stream)
            continue
        if rng.random() < 0.5 and p.default is not None and p is not kind.value:
            continue
        if p.kind == "int":
            low, high = p.detail
            params[p.name] = rng.randint(low, min(high, low + 3))
        elif p.kind == "bool":
            params[p.name] = rng.random() < 0.5
        elif p.kind == "enum":
            params[p.name] = rng.choice(p.detail)
        elif p.kind == "value":
            params[p.name] = rng.randint(1, 13)
        elif p.kind == "keys":  # (R10.11: the penalties a counter card answers)
            params[p.name] = rng.sample(["2", "Joker", "K", "3", "2 black", "Kh"],
                                        rng.randint(1, 2))
        elif p.kind == "ranks":  # (R10.22: the ranks a demand may not name)
            params[p.name] = rng.sample([r for r in _RANKS if r != JOKER], rng.randint(0, 7))
        else:  # "rank"
            params[p.name] = rng.choice([r for r in _RANKS if r != JOKER])
    if kind.value is None:
        if not params and rng.random() < 0.6:
            return kind.name
        return {kind.name: True, **params}
    own = params.pop(kind.value.name, kind.value.default)
    if not params and own == kind.value.default and rng.random() < 0.5:
        return kind.name
    return {kind.name: own, **params}


def _effects_of(entry: Any) -> tuple[Effect, ...]:
    items = entry if isinstance(entry, list) else [entry]
    out = []
    for item in items:
        if isinstance(item, str):
            out.append(Effect(item))
        else:
            (name, own), *rest = item.items()
            decl = next(k for k in EFFECT_KINDS if k.name == name)
            params = dict(rest)
            if decl.value is not None:
                params[decl.value.name] = own
            out.append(Effect(name, **params))
    return tuple(out)


def _avoided(rank: str, effects: tuple[Effect, ...], avoid: frozenset[str]) -> bool:
    kinds = [e.kind for e in effects]
    if rank == JOKER and "joker_follow_same_suit" in avoid and any(
            e.kind == "again" and e.follow == "same_suit" for e in effects):
        return True
    if rank == JOKER and "joker_pass_on" in avoid and any(
            e.kind == "skip" and e.pass_on for e in effects):
        return True
    if "penalty_and_skip_list" in avoid and "skip" in kinds and any(
            e.pending_draw for e in effects):
        return True
    if "pass_on_and_reverse_list" in avoid and "reverse" in kinds and any(
            e.kind == "skip" and e.pass_on for e in effects):
        return True
    if "stacked_wait" in avoid and any(e.kind == "skip" and e.stack for e in effects):
        return True
    if "demand" in avoid and "demand" in kinds:
        return True
    return False


def random_actions(rng: random.Random, free: bool, avoid: frozenset[str] = frozenset()
                   ) -> dict[str, Any]:
    """An ``[actions]`` table: a few ranks, each one effect or a list of two or three
    that R9.13 allows (``effects.check_combination``), now and then ``"none"``."""
    out: dict[str, Any] = {}
    for rank in rng.sample(_RANKS, rng.choice((0, 1, 2, 3, 3, 4, 6))):
        if "card_keys" not in avoid and rank != JOKER and rng.random() < 0.3:
            rank = _card_key(rng, rank)     # (R10.10: a card or a colour of the rank)
        if rng.random() < 0.08:
            out[rank] = "none"
            continue
        for _ in range(20):
            n = rng.choice((1, 1, 1, 2, 2, 3))
            entry = [random_effect(rng) for _ in range(n)]
            value = entry[0] if n == 1 else entry
            effects = _effects_of(value)
            if check_combination(effects, free) is None and not _avoided(rank, effects, avoid):
                out[rank] = value
                break
    return out


def _card_key(rng: random.Random, rank: str) -> str:
    """A key of one card or one colour of ``rank``, spelled as a family may (R10.10)."""
    if rng.random() < 0.4:
        return f"{rank} {rng.choice(('black', 'red'))}"
    suit = rng.choice("cdhs")
    return rank + (rng.choice((suit, suit.upper(), _SYMBOL[suit])))


_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def _rank_list(rng: random.Random, pool: Iterable[str], most: int = 4) -> list[str]:
    pool = list(pool)
    return rng.sample(pool, rng.randint(1, min(most, len(pool)))) if pool else []


def random_file(rng: random.Random, avoid: Iterable[str] = ()) -> str:
    """A house-rule file (TOML text) with random keys and tables (see the module).
    It may be one the checks refuse (``random_rules`` then writes another)."""
    avoid = frozenset(avoid)
    top: dict[str, Any] = {}
    if rng.random() < 0.4:
        top["extends"] = rng.choice(PRESETS)
    for key in rng.sample(sorted(_TOP_KEYS), rng.randint(2, 12)):
        top[key] = rng.choice(_TOP_KEYS[key])
    if "free_order" in avoid:
        top["turn_order"] = "seated"
    if "last_holder" in avoid:
        top["hand_end"] = "first_out"
    if "start_applies" in avoid:
        top["start_card"] = "no_effect"
    _side_keys(rng, top, avoid)
    if rng.random() < 0.15:   # (an old key a file may still write, R8)
        top.pop("jokers_per_deck", None)
        top["jokers"] = rng.random() < 0.5
    sections: dict[str, dict[str, Any]] = {}
    actions = random_actions(rng, top.get("turn_order") == "free", avoid)
    _side_swap(rng, actions, top.get("turn_order") == "free", avoid)
    _side_not_on(rng, actions, avoid)
    if actions:
        sections["actions"] = actions
    if rng.random() < 0.3:
        top.pop("stacking", None)
        stacking: dict[str, Any] = {}
        probe = _probe(top, sections)
        penalty = sorted(probe.penalty_ranks(), key=key_order) if probe else []
        if penalty and rng.random() < 0.8:
            rng.shuffle(penalty)
            cut = rng.randint(1, len(penalty))
            groups = [penalty[:cut]] + ([penalty[cut:]] if penalty[cut:] else [])
            stacking["groups"] = groups
            if rng.random() < 0.4:
                stacking["double"] = _rank_list(rng, [r for g in groups for r in g], 2)
        elif penalty:
            stacking["double"] = _rank_list(rng, penalty, 2)
        if stacking:
            sections["stacking"] = stacking
    if rng.random() < 0.3:
        modes = ["refuse", "allowed"] + ([] if "finish_draw_after" in avoid else ["draw_after"])
        finish: dict[str, Any] = {"mode": rng.choice(modes)}
        if rng.random() < 0.5:
            finish["blocked"] = rng.choice(["actions", _rank_list(rng, _RANKS)])
        if finish["mode"] == "draw_after" or rng.random() < 0.3:
            finish["draw"] = rng.randint(1 if finish["mode"] == "draw_after" else 0, 3)
        sections["finish"] = finish
    if rng.random() < 0.3:
        modes = ["no_effect", "redraw"] + ([] if "start_applies" in avoid else ["applies"])
        start: dict[str, Any] = {"mode": rng.choice(modes)}
        if rng.random() < 0.6:
            start["ranks"] = _rank_list(rng, _RANKS, 5)
        sections["start"] = start
    if rng.random() < 0.2:   # (the last-card call's own word, R10.80)
        call: dict[str, Any] = {"word": rng.choice(("Mau", "Macao", "Tschau", "Last"))}
        if rng.random() < 0.5:
            call["penalty"] = rng.randint(0, 3)
        sections["calls"] = {"last": call}
    _family_keys(rng, top, sections, avoid)
    return _toml(top, sections)


_OUT_ON = (["J"], ["J"], ["J", "Qs"], ["A red"], ["8"], ["K", "Q"])
"""``[calls] out.on`` lists a file may write (R10.82)."""


def _family_keys(rng: random.Random, top: dict[str, Any], sections: dict[str, dict[str, Any]],
                 avoid: frozenset[str]) -> None:
    """The keys of the family's games (R10.40, R10.81, R10.82, R7, R10.90, R10.91,
    R10.93), on a stream of their own as ``_side_keys`` (a seed gives the same file as
    before but for them): the call on the second-to-last card and on going out, a
    deck of 36 or 32 cards (the entries naming no card of it left out: R1.3),
    ``[points]`` of ranks and cards, ``[scoring]`` and ``[series]``."""
    side = _stream(rng, 35)
    calls = sections.get("calls")
    if calls and side.random() < 0.4:   # (R10.81: Tschau Sepp's name of the call)
        calls["second_last"] = calls.pop("last")
    false = _stream(rng, 84)   # (R10.84, added later: a stream of its own)
    for call in (calls or {}).values():
        if false.random() < 0.5:
            call["false_penalty"] = false.randint(1, 5)
    if "out_call" not in avoid and side.random() < (0.6 if calls else 0.15):
        out: dict[str, Any] = {"word": side.choice(("Mau-Mau", "Sepp", "Kadi"))}
        if side.random() < 0.7:
            out["on"] = list(side.choice(_OUT_ON))
        if side.random() < 0.6:
            out["factor"] = side.randint(1, 3)
        sections.setdefault("calls", {})["out"] = out
    held = list(ALL_RANKS)
    if "small_deck" not in avoid and side.random() < 0.3:
        top["deck"] = side.choice((36, 32))
        held = [r for r in deck_ranks(top["deck"])] + [JOKER]
        _keep_in_deck(sections, frozenset(held))
    if side.random() < 0.3:
        points: dict[str, int] = {}
        for rank in side.sample(held, side.randint(0, 2)):
            points[rank] = side.randint(0, 50)
        for rank in side.sample([r for r in held if r != JOKER], side.randint(1, 2)):
            suit = side.choice("cdhs")
            points[rank + side.choice((suit, _SYMBOL[suit]))] = side.randint(0, 60)
        sections["points"] = points
    if side.random() < 0.3:
        mode = side.choice(("target", "target", "hands", "casual"))
        series: dict[str, Any] = {"mode": mode}
        if mode == "target":
            series["target"] = side.choice((50, 100, 200))
            if side.random() < 0.4:
                series["reaching"] = side.choice(("wins", "loses", "auto"))
        elif mode == "hands":
            series["hands"] = side.randint(1, 5)
        sections["series"] = series
        if side.random() < 0.5:
            sections["scoring"] = {"mode": "winner_collects"}


def _keep_in_deck(sections: dict[str, dict[str, Any]], held: frozenset[str]) -> None:
    """Leave out of ``sections`` the entries naming no rank of ``held`` (R1.3: a
    file's card keys name cards of its deck)."""
    def fits(key: str) -> bool:
        return key_rank(parse_key(key) or key) in held
    actions = sections.get("actions")
    if actions:
        for key in [k for k in actions if not fits(k)]:
            del actions[key]
        if not actions:
            del sections["actions"]
    stacking = sections.get("stacking", {})
    if any(not fits(k) for g in stacking.get("groups", ()) for k in g) or any(
            not fits(k) for k in stacking.get("double", ())):
        del sections["stacking"]
    finish = sections.get("finish", {})
    if isinstance(finish.get("blocked"), list):
        finish["blocked"] = [k for k in finish["blocked"] if fits(k)] or "actions"
    start = sections.get("start", {})
    if "ranks" in start:
        start["ranks"] = [k for k in start["ranks"] if fits(k)]
        if not start["ranks"]:
            del start["ranks"]
    out = sections.get("calls", {}).get("out", {})
    if "on" in out:
        out["on"] = [k for k in out["on"] if fits(k)]
        if not out["on"]:
            del out["on"]


def _stream(rng: random.Random, salt: int) -> random.Random:
    """A stream of its own seeded by ``rng``'s state without drawing from it; the same
    in every process (``hash`` of the state is not: it holds ``None``, whose hash is
    its address before Python 3.12)."""
    return random.Random(f"{salt}:{rng.getstate()[1]}")


def _side_keys(rng: random.Random, top: dict[str, Any], avoid: frozenset[str]) -> None:
    """The keys added after the first files (R10): picked from a stream of their own,
    seeded by ``rng``'s state without drawing from it, so that a seed gives the same
    file as before but for them."""
    side = _stream(rng, 0)
    if "draw_policy" not in avoid and side.random() < 0.4:
        top["draw"] = side.choice(_DRAW_POLICIES)
    if "runs" not in avoid and side.random() < 0.3:  # (R10.60, after the draw policy's draws)
        top["multi_play"] = side.choice(("run", "same_rank_or_run"))
    if ("jump_in" not in avoid and top.get("turn_order") != "free"
            and side.random() < 0.3):   # (R10.70: seated order only, R10.73)
        top["jump_in"] = side.choice(("identical", "same_rank"))
        if side.random() < 0.3:
            top["jump_in_on_penalty"] = True
        if side.random() < 0.5:
            top["decks"] = 2   # (a twin of the same suit needs two decks)


def _side_swap(rng: random.Random, actions: dict[str, Any], free: bool,
               avoid: frozenset[str]) -> None:
    """Now and then a rank that swaps hands (R10.30), alone (``"7" = { swap = "choose"
    }``, a bare ``"swap"``) or added to a rank's list where R9.13 allows it; from a
    side stream as ``_side_keys`` (a seed's other entries stay)."""
    side = _stream(rng, 1)
    if "swap" in avoid or side.random() >= 0.25:
        return
    rank = side.choice([r for r in _RANKS if r != JOKER])
    swap = side.choice(({"swap": "choose"}, "swap"))
    entry = actions.get(rank)
    if entry is None or entry == "none" or side.random() < 0.5:
        actions[rank] = swap
        return
    value = (entry if isinstance(entry, list) else [entry]) + [swap]
    if check_combination(_effects_of(value), free) is None:
        actions[rank] = value


def _side_not_on(rng: random.Random, actions: dict[str, Any], avoid: frozenset[str]) -> None:
    """Now and then a rank that names a suit is barred on some cards (R9.8 ``not_on``:
    its own rank, as Mau-Mau's Jack, and others), from a side stream as ``_side_keys``;
    a rank that names none is given ``name_suit`` first."""
    side = _stream(rng, 2)
    if "not_on" in avoid or side.random() >= 0.3:
        return
    rank = side.choice([r for r in _RANKS if r != JOKER])
    keys = [rank] + side.sample(["8", "A", "Joker", "Q red", "Ks"], side.randint(0, 2))
    entry = actions.get(rank)
    naming = [e for e in (entry if isinstance(entry, list) else [entry])
              if e == "name_suit" or (isinstance(e, dict) and "name_suit" in e)]
    if not naming:
        actions[rank] = {"name_suit": True, "wild": side.random() < 0.5, "not_on": keys}
        if actions[rank]["wild"] and side.random() < 0.5:  # (R9.8: not wild going out)
            actions[rank]["wild_out"] = False
        return
    named = naming[0]
    table = dict(named) if isinstance(named, dict) else {"name_suit": True}
    table["not_on"] = keys
    if table.get("wild") and side.random() < 0.5:  # (R9.8: not wild as the last card)
        table["wild_out"] = False
    if isinstance(entry, list):
        actions[rank] = [table if e is named else e for e in entry]
    else:
        actions[rank] = table


def _probe(top: dict[str, Any], sections: dict[str, dict[str, Any]]) -> HouseRules | None:
    """The rule set of the file so far (to know its penalty ranks), or None if refused."""
    try:
        return rules_from_text(_toml(top, sections), "probe")
    except RulesError:
        return None


def _toml(top: dict[str, Any], sections: dict[str, dict[str, Any]]) -> str:
    """The file: the top-level keys, then the tables; a key that a table entry also
    decides is left out (R9.1: a file sets one or the other; this only spares
    ``random_rules`` a refusal, the file checks decide)."""
    overlap = {old for old, (section, sub) in OVERLAPS if sub in sections.get(section, {})}
    lines = [f"{key} = {toml_value(value)}" for key, value in top.items() if key not in overlap]
    for name, table in sections.items():
        lines += ["", f"[{name}]"]
        lines += [f'"{key}" = {toml_value(value)}' for key, value in table.items()]
    return "\n".join(lines) + "\n"


def rules_from_text(text: str, name: str = "random") -> HouseRules:
    """A house-rule file's text -> HouseRules: its TOML read, then every check a file
    goes through (``presets.rules_from_table``: each key, ``extends``, R9.13-R9.16).
    Raises RulesError (a refused file) or ``tomllib.TOMLDecodeError``."""
    import tomllib
    from referee.series.presets import rules_from_table
    return rules_from_table(tomllib.loads(text), name)


def random_rules(rng: random.Random, avoid: Iterable[str] = ()) -> tuple[HouseRules, str]:
    """A random rule set that the house-rule file checks accept, and its file's text
    (``random_file``, written anew until accepted)."""
    while True:
        text = random_file(rng, avoid)
        try:
            return rules_from_text(text), text
        except RulesError:
            continue


def random_table(rng: random.Random, avoid: Iterable[str] = ()) -> tuple[HouseRules, str, int]:
    """A random rule set (``random_rules``), its file's text and a number of players
    (2 to 6) who fit its deck (R1.1, R1.3, R2.2)."""
    while True:
        rules, text = random_rules(rng, avoid)
        for players in rng.sample((2, 2, 3, 3, 4, 5, 6), 7):
            try:
                check_table_fits(rules, players)
            except RulesError:
                continue
            return rules, text, players

