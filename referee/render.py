"""Rendering for a terminal and for programs: the state as text, the history as a
table, JSON answers (NOTATION "JSON").  Application layer, no I/O; light to
import (``pesten-ref standings --json`` loads it for ``dumps``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .messages import t

if TYPE_CHECKING:
    from .session import Table


def dumps(obj: Any) -> str:
    """One compact JSON object on one line (NOTATION "JSON"), UTF-8 text kept."""
    import json
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str)


def render_state(table: "Table") -> str:
    """A few aligned lines on the current hand for a terminal (``state``).

    Who may still announce and who can be called are marked only when the
    series shows them (``show calls on``).
    """
    st = table.state()
    lines = [t("cli.state.head", hand=st["hand"], dealer=st["dealer"], status=t(f"cli.status.{st['status']}"),
               rules=table.rules.name)]
    lines.append(table.hand.summary())
    if st["status"] in ("playing", "waiting"):
        shown = table.show_calls
        lines.append(t("cli.state.piles", draw=st["draw_pile"], discard=st["discard_pile"],
                       direction=t(f"engine.words.{st['direction']}")))
        width = max(len(p) for p in st["counts"]) if st["counts"] else 0
        for p, n in st["counts"].items():
            marks = []
            if p == st["turn"]:
                marks.append(t("cli.state.to_act"))
            if st["skips"].get(p):
                marks.append(t("cli.state.skips", n=st["skips"][p]))
            if shown and p == st["announce_due"]:
                marks.append(t("cli.state.announce_due"))
            if shown and p in st["callable"]:
                marks.append(t("cli.state.callable"))
            lines.append(f"  {p:<{width}}  {n:>2}  {'  '.join(marks)}".rstrip())
    return "\n".join(lines)


def render_history(series, results: list) -> str:
    """``history`` at the prompt: the scored hands ``results`` of ``series`` as a table.

    One row per hand: its number, its winner (or blocked), then each
    player's points that hand and running total (``12 = 34``).
    """
    if not results:
        return t("repl.history.empty")
    players = list(series.players)
    casual = series.mode == "casual"
    totals = {p: 0 for p in players}
    head = [t("repl.history.hand"), t("repl.history.winner"), *players]
    rows = []
    for result in results:
        cells = [str(result.hand), result.winner or t("repl.history.blocked")]
        for p in players:
            if p in result.points:
                if not casual:
                    totals[p] += result.points[p]
                cells.append(t("repl.history.cell", points=result.points[p], total=totals[p]))
            else:
                cells.append("-")
        rows.append(cells)
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    out = [t("repl.history.title", n=len(rows))]
    for row in [head, *rows]:
        out.append("  " + "  ".join(cell.rjust(w) if i != 1 else cell.ljust(w)
                                    for i, (cell, w) in enumerate(zip(row, widths))).rstrip())
    return "\n".join(out)
