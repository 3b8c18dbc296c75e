"""A series' history: every scored hand with its points, running totals and corrections.

Pure: plain dicts in (the series file and the hands' files as ``session.read_history``
reads them), plain dicts and text out, no I/O.  The totals and eliminations are
replayed from the results (``scoring.replay_series`` folds the same
``apply_result``), never read from the header, so a corrected series reads the
same wherever it is shown.

- ``history_of(header, hands)``: the ``history --json`` object (NOTATION.md "JSON"),
  each hand also carrying its ``corrections``;
- ``series_header(header)``: players, rules, mode, limit, hands, created, winner.

The terminal view (table and chart) is ``referee.series.scoreboard.render_history``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Iterable

from referee.series.presets import rules_from_saved
from referee.series.scoring import (
    HandResult, Series, apply_result, family_fields, joins_of, seat_joiners, series_hands,
    series_limit, series_mode,
)

__all__ = ["history_of", "series_header"]


def _iso(value: Any) -> str | None:
    if value is None:
        return None
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def _corrections(meta: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for c in meta.get("corrections", []):
        item: dict[str, Any] = {"at": _iso(c.get("at"))}
        if c.get("by"):
            item["by"] = str(c["by"])
        item["old"] = {str(k): int(v) for k, v in c.get("old", {}).items()}
        item["new"] = {str(k): int(v) for k, v in c.get("new", {}).items()}
        out.append(item)
    return out


def history_of(header: Mapping[str, Any], hands: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The ``history --json`` object of a series (NOTATION.md "JSON").

    ``header``: the series file's content; ``hands``: the hands' files in order
    from hand 1 (those without a result are skipped: dealt, or being played).
    Returns ``{"hands": [{"hand", "dealer", "winner" (None if blocked),
    "blocked", "points": {name: int}, "totals": {name: int} (running, after this
    hand, every seated player), "eliminated": [every player out after this
    hand, seating order], "corrected": bool, "corrections": [{"at": ISO-8601
    UTC, "by" (only if given), "old": {name: int}, "new": {name: int}}]}],
    "players": [seating order], "limit": int (None outside elimination mode),
    "mode": str, ``family_fields``, "abandoned": [{"hand", "dealer", "at": ISO-8601 UTC, "entries":
    int}]}`` (the hands abandoned, R7.3: ``hands`` items with ``status =
    "abandoned"``, never scored, in order), "joined": [{"hand", "name", "total",
    "at"}]}`` (who joined during the series, R7.3: from that hand on, with that
    starting total; ``totals`` of a hand before leave them out).  Raises RulesError for a rules table that does not read,
    KeyError / ValueError for a result that does not (``read_history`` has
    checked them).
    """
    rules = rules_from_saved(header.get("rules", {}))
    players = [str(p) for p in header["players"]]
    hands = list(hands)
    abandoned = sorted(({"hand": int(h.get("hand", 0)), "dealer": str(h.get("dealer", "")),
                         "at": _iso(h.get("abandoned")), "entries": int(h.get("entries", 0))}
                        for h in hands if h.get("status") == "abandoned"),
                       key=lambda a: (a["hand"], a["at"] or ""))
    kept = [h for h in hands if h.get("status") != "abandoned"]
    joins = joins_of(kept)  # R7.3: who joined at which hand, with their starting total
    joined = [{"hand": int(h["hand"]), "name": str(item["name"]), "total": int(item["total"]),
               "at": _iso(item.get("at"))} for h in kept for item in h.get("joined", [])]
    later = {j["name"] for j in joined}
    hands = [h for h in kept if "result" in h]
    first = str(hands[0]["dealer"]) if hands else str(header.get("dealer", players[0]))
    series = Series.new([p for p in players if p not in later], rules, first)
    out = []
    for meta in hands:
        if series.over:
            break
        if series.hand_scored:
            series.start_next_hand()
        seat_joiners(series, players, joins)
        result = HandResult.from_dict(meta["result"])
        result = HandResult(series.hand, result.winner, result.blocked, result.points,
                            result.cards, result.left)
        apply_result(series, result)
        corrections = _corrections(meta)
        out.append({
            "hand": series.hand,
            "dealer": str(meta.get("dealer", series.dealer)),
            "winner": result.winner,
            "blocked": result.blocked,
            "points": dict(result.points),
            "totals": {p: series.records[p].total for p in players if p in series.records},
            "eliminated": [p for p in players if p in series.records and series.records[p].eliminated],
            "corrected": bool(corrections),
            "corrections": corrections,
        })
    mode = series.mode
    return {"hands": out, "players": players,
            "limit": series_limit(rules) if mode == "elimination" else None,
            "mode": mode, **family_fields(rules), "abandoned": abandoned, "joined": joined}


def series_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """The series header for exports and tables.

    ``{"id": int or None, "players": [seating order], "rules": {"name": str,
    "table": {rule key: value}}, "mode": str, "limit": int or None (elimination
    only), ``family_fields``, "hands": int or None (a set number of hands), "hands_scored": int,
    "created", "updated": ISO-8601 UTC text or None, "series_winner": [names]
    or None}``.
    """
    rules = rules_from_saved(header.get("rules", {}))
    mode = series_mode(rules)
    hands = series_hands(rules)
    table = {k: v for k, v in header.get("rules", {}).items() if k != "name"}
    return {
        "id": header.get("id") if type(header.get("id")) is int else None,
        "players": [str(p) for p in header["players"]],
        "rules": {"name": rules.name, "table": table},
        "mode": mode,
        "limit": series_limit(rules) if mode == "elimination" else None,
        **family_fields(rules),
        "hands": hands or None,
        "hands_scored": int(header.get("hands_scored", 0)),
        "created": _iso(header.get("created")),
        "updated": _iso(header.get("updated")),
        "series_winner": [str(w) for w in header.get("winners", [])] or None,
    }

