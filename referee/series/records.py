"""All-time records over every series a user keeps (``pesten-ref series --stats``).

``read_all`` reads every kept series (the only I/O here); the rest is pure:
``all_time`` takes the series already read (header, history object, the
biggest penalty drawn in each refereed hand) and counts;
``handfacts.biggest_draw`` replays one hand's saved entries through the
engine to find the largest pending penalty a player took at once (RULES
R5.1 Twos, R5.6 Jokers, stacked as R5.7 allows), once per version of the
hand's file: the hands' index keeps it.  ``render_records`` lays the result
out for a terminal.

A player is the same person across series when the names match ignoring
case (``Anna`` and ``anna``); the spelling of the newest series is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Iterable, Sequence

from referee.messages import language, localize_number, t
from referee.series.scoring import pad_cell, text_width

__all__ = ["all_time", "render_records", "read_all"]


def all_time(series: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Records over ``series``, each ``{"header": series header, "history":
    history object, "draws": [biggest_draw results of its hands]}`` (newest last).

    Returns ``{"series": number of series, "players": [{"name", "played",
    "won", "hands", "hands_won", "points", "average"}], "biggest": {"player",
    "cards", "hand", "series", "created"} or None}``.  ``played``: series sat
    in; ``won``: series won (a shared win counts for each); ``hands``: hands
    scored that the player was dealt into; ``hands_won``; ``points``: points
    scored outside casual play; ``average``: ``points`` per such hand (float,
    None without one).  Players sorted by series won, hands won, then name.
    """
    people: dict[str, dict[str, Any]] = {}
    biggest: dict[str, Any] | None = None
    count = 0
    for item in series:
        count += 1
        header = item.get("header", {})
        history = item.get("history", {})
        players = list(history.get("players") or header.get("players") or [])
        counted = history.get("mode", header.get("mode")) != "casual"
        winners = {w.casefold() for w in (header.get("series_winner") or ())}
        for name in players:
            rec = people.setdefault(name.casefold(), {
                "name": name, "played": 0, "won": 0, "hands": 0, "hands_won": 0,
                "points": 0, "counted_hands": 0})
            rec["name"] = name
            rec["played"] += 1
            rec["won"] += name.casefold() in winners
        for h in history.get("hands", []):
            for name, pts in h.get("points", {}).items():
                rec = people.get(name.casefold())
                if rec is None:
                    continue
                rec["hands"] += 1
                if counted:
                    rec["points"] += int(pts)
                    rec["counted_hands"] += 1
            winner = h.get("winner")
            if winner and winner.casefold() in people:
                people[winner.casefold()]["hands_won"] += 1
        for draw in item.get("draws", ()):
            if draw and (biggest is None or draw["cards"] > biggest["cards"]):
                biggest = {**draw, "series": header.get("id"), "created": header.get("created")}
    rows = []
    for rec in people.values():
        n = rec.pop("counted_hands")
        rec["average"] = round(rec["points"] / n, 1) if n else None
        rows.append(rec)
    rows.sort(key=lambda r: (-r["won"], -r["hands_won"], r["name"].casefold()))
    return {"series": count, "players": rows, "biggest": biggest}


def render_records(records: Mapping[str, Any]) -> str:
    """The records as an aligned table and a closing line on the biggest penalty; the
    averages in the language's decimal sign (Dutch ``31,0``)."""
    if not records.get("series"):
        return t("board.stats.none")
    head = [t("board.stats.col.player"), t("board.stats.col.played"), t("board.stats.col.won"),
            t("board.stats.col.hands"), t("board.stats.col.hands_won"), t("board.stats.col.average")]
    rows = [[r["name"], str(r["played"]), str(r["won"]), str(r["hands"]), str(r["hands_won"]),
             "-" if r["average"] is None else localize_number(f"{r['average']:.1f}", language())]
            for r in records["players"]]
    widths = [max(text_width(head[c]), *(text_width(r[c]) for r in rows)) for c in range(len(head))] \
        if rows else [text_width(h) for h in head]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(pad_cell(c, widths[k], right=k > 0) for k, c in enumerate(cells)).rstrip()

    out = [t("board.stats.title", n=records["series"]), "", line(head), *(line(r) for r in rows), ""]
    big = records.get("biggest")
    if big:
        out.append(t("board.stats.biggest", player=big["player"],
                     cards=t("board.stats.cards", n=big["cards"]), hand=big["hand"],
                     series=_series_label(big)))
    else:
        out.append(t("board.stats.no_biggest"))
    return "\n".join(out)


def _series_label(big: Mapping[str, Any]) -> str:
    created = str(big.get("created") or "")[:10]
    if big.get("series") is not None:
        return t("board.stats.series", id=big["series"], created=created) if created else \
            t("board.stats.series_id", id=big["series"])
    return created


def read_all(save: Any) -> list[dict[str, Any]]:
    """Every series kept at ``save`` (a ``store.SaveFile``: the current one and
    the archive beside it), oldest first, as ``all_time`` takes them.

    The biggest penalty of each refereed hand (``handfacts.biggest_draw``)
    comes from the hands' index while the hand's file is unchanged, else the
    file is read and replayed (``session.read_history_facts``).  A kept series
    that no longer reads is left out (``pesten-ref series`` names it).  Raises
    SaveError for the current series as the store does.
    """
    from referee.series.history import history_of, series_header
    from referee.series.session import kept_series, read_history_facts
    from referee.series.store import SaveError, SaveFile

    out = []
    for entry in sorted(kept_series(save), key=lambda e: (e["current"], e["id"] or 0)):
        if entry.get("damaged"):
            continue
        try:
            header, hands, facts = read_history_facts(SaveFile(entry["path"]))
        except SaveError:
            if entry["current"]:
                raise
            continue
        draws = [f["biggest_draw"] for f in facts.values() if f.get("biggest_draw")]
        out.append({"header": series_header(header), "history": history_of(header, hands),
                    "draws": draws})
    return out
