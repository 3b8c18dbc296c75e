"""What the all-time records read from a scored hand's log, derived once per
version of its file and kept in the hands' index (``SaveFile.read_hand_facts``).

``hand_facts`` replays a hand's saved entries with the engine; ``facts_name``
names that derivation for the index: the version of ``hand_facts`` and the
rule set it replays under, so that facts derived under other rules (a
hand-edited series file) or by an older ``hand_facts`` are derived again.
Pure: no I/O here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["FACTS_VERSION", "biggest_draw", "facts_name", "hand_facts", "is_facts"]

FACTS_VERSION = 1
"""Changes whenever ``hand_facts`` would give another value for the same file."""


def biggest_draw(rules: Any, meta: Mapping[str, Any]) -> dict[str, Any] | None:
    """The largest pending penalty taken at once in the hand saved as ``meta``.

    ``rules``: the series' HouseRules; ``meta``: the hand file's dict
    (``players``, ``dealer``, ``hand``, ``entries``).  Replays the entries with
    the engine: a penalty is taken when the player to act had ``pending_draw``
    N > 0 before an accepted entry and held N more cards after it, with
    nothing pending any more (RULES R5.1 Twos, R5.6 Jokers, stacked as
    R5.7 allows).  Returns ``{"hand", "player", "cards"}`` for the largest (the
    first, on a tie), or None when no penalty was drawn (a hand not refereed
    has no entries) or the hand cannot be dealt again (a hand-edited file
    without its players or dealer).  An entry that no longer replays ends the
    search (what came before it counts).
    """
    entries = meta.get("entries") or []
    if not entries or not isinstance(entries, list):
        return None
    from referee.engine import Hand
    from referee.series.spoken import table_lexicon

    try:
        number = int(meta.get("hand", 1))
        hand = Hand(rules, [str(p) for p in meta["players"]], str(meta["dealer"]), number,
                    table_lexicon(rules))
    except (KeyError, TypeError, ValueError):
        return None
    best: dict[str, Any] | None = None
    before = hand.state()
    for entry in entries:
        pending, actor = before["pending_draw"], before["turn"]
        line = entry.get("line", "") if isinstance(entry, dict) else ""
        ruling = hand.apply_line(str(line))
        if not ruling.logged:
            break
        after = hand.state()
        if pending and actor and after["pending_draw"] == 0 and \
                after["counts"].get(actor, 0) - before["counts"].get(actor, 0) == pending:
            if best is None or pending > best["cards"]:
                best = {"hand": number, "player": actor, "cards": pending}
        before = after
    return best


def hand_facts(rules: Any, meta: Mapping[str, Any]) -> dict[str, Any]:
    """The facts of the hand saved as ``meta`` (its whole file) that the records
    read from its log: ``{"biggest_draw": biggest_draw(rules, meta)}``.  A JSON
    value, as the hands' index keeps it."""
    return {"biggest_draw": biggest_draw(rules, meta)}


def is_facts(value: Any) -> bool:
    """True when ``value`` has the shape ``hand_facts`` gives (a value read back
    from the hands' index is checked so: a damaged one is derived again)."""
    if type(value) is not dict or set(value) != {"biggest_draw"}:
        return False
    draw = value["biggest_draw"]
    return draw is None or (type(draw) is dict and set(draw) == {"hand", "player", "cards"}
                            and type(draw["hand"]) is int and type(draw["player"]) is str
                            and type(draw["cards"]) is int and draw["cards"] > 0)


def facts_name(rules: Any) -> str:
    """The name of ``hand_facts`` under ``rules`` (a HouseRules) in the hands'
    index: ``"records.v1 "`` and a digest of the rule set's table."""
    import hashlib
    import json
    table = json.dumps(rules.to_table(), sort_keys=True, default=str).encode("utf-8")
    return f"records.v{FACTS_VERSION} {hashlib.blake2b(table, digest_size=12).hexdigest()}"
