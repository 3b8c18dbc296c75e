"""``pesten-ref replay``: a hand's record told again, entry by entry (pure).

Every logged entry is applied again to a fresh hand, so the rulings shown are
the referee's rulings as they stand now, with who acted, whether the entry was
a correction (R0.2) and the state after it.
"""

from __future__ import annotations

from typing import Any, Mapping

from .engine import Hand
from .messages import t
from .rules import HouseRules


def replay_rows(rules: HouseRules, meta: Mapping[str, Any], number: int) -> list[dict]:
    """One dict per logged entry of the hand saved as ``meta``.

    Each row: ``n`` (from 1), ``by`` (player or null), ``input``, ``ok``,
    ``rule``, ``ruling`` (text), ``correction`` (bool, R0.2), ``at`` (ISO
    time or null) and ``state`` (the NOTATION state after it).
    """
    hand = Hand(rules, [str(p) for p in meta["players"]], str(meta["dealer"]), number)
    rows = []
    for i, entry in enumerate(meta.get("entries", []), 1):
        line = str(entry["line"])
        ruling = hand.apply_line(line)
        if ruling.logged:
            hand.log.append(line)
        at = entry.get("at")
        rows.append({"n": i, "by": ruling.actor, "input": line, "ok": ruling.ok,
                     "rule": ruling.rule, "ruling": ruling.text,
                     "correction": line.split(":")[-1].strip().lower().startswith("fix"),
                     "at": at.isoformat() if hasattr(at, "isoformat") else at,
                     "state": hand.state()})
    if meta.get("result"):
        hand.scored = True
    return rows


def render_rows(rows: list[dict], number: int) -> str:
    """The rows as numbered lines for a terminal."""
    out = [t("cli.replay.head", hand=number, n=len(rows))]
    width = len(str(len(rows)))
    for row in rows:
        st = row["state"]
        mark = t("cli.replay.correction") if row["correction"] else (
            "" if row["ok"] else t("cli.replay.refused"))
        line = row["input"]
        who = row["by"]
        if who and not line.lower().startswith(who.lower() + ":"):
            line = f"{who}: {line}"
        out.append(f"{row['n']:>{width}}. {line}{mark}")
        out.append(" " * (width + 2) + row["ruling"])
        if st["status"] == "playing":
            counts = " ".join(f"{p} {c}" for p, c in st["counts"].items())
            out.append(" " * (width + 2) + t("cli.replay.after", top=st["top"] or "-",
                                              turn=st["turn"] or "-", counts=counts,
                                              pile=st["draw_pile"]))
    if not rows:
        out.append(t("cli.replay.empty"))
    return "\n".join(out)


def render_replay(rules: HouseRules, meta: Mapping[str, Any], number: int) -> str:
    """``replay`` typed at the prompt: the current hand's record."""
    return render_rows(replay_rows(rules, meta, number), number)
