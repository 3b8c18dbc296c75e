"""Rendering for a terminal and for programs: the state as text, JSON answers
(NOTATION "JSON"); the history and the banners are ``referee.series.scoreboard``.
Application layer, no I/O; light to import (``pesten-ref standings --json``
loads it for ``dumps``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.messages import t

if TYPE_CHECKING:
    from referee.series.session import OpenSeries


def dumps(obj: Any) -> str:
    """One compact JSON object on one line (NOTATION "JSON"), UTF-8 text kept."""
    import json
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str)


def render_state(table: "OpenSeries") -> str:
    """A few aligned lines on the current hand for a terminal (``state``).

    Who may still announce and who can be called are marked only when the
    series shows them (``show calls on``).
    """
    st = table.shown_state()
    from referee.words.events import rules_name, summary
    lines = [t("cli.state.head", hand=st["hand"], dealer=st["dealer"], status=t(f"cli.status.{st['status']}"),
               rules=rules_name(table.rules.name))]
    lines.append(summary(table.dealt))
    if st["status"] in ("playing", "waiting"):
        lines.append(t("cli.state.piles", draw=st["draw_pile"], discard=st["discard_pile"],
                       direction=t(f"engine.words.{st['direction']}")))
        width = max(len(p) for p in st["counts"]) if st["counts"] else 0
        for p, n in st["counts"].items():
            marks = []
            if p == st["turn"]:
                marks.append(t("cli.state.to_act"))
            if st["skips"].get(p):
                marks.append(t("cli.state.skips", n=st["skips"][p]))
            if st["waits"].get(p):  # R10.21
                marks.append(t("cli.state.waits", n=st["waits"][p]))
            if p == st["announce_due"]:
                marks.append(t("cli.state.announce_due"))
            if p in st["callable"]:
                marks.append(t("cli.state.callable"))
            lines.append(f"  {p:<{width}}  {n:>2}  {'  '.join(marks)}".rstrip())
    return "\n".join(lines)
