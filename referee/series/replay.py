"""``pesten-ref replay``: a hand's record told again, entry by entry (pure).

Every logged entry is applied again to a fresh hand, so the rulings shown are
the referee's rulings as they stand now, with who acted, whether the entry was
a correction (R0.2) and the state after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.cards import try_card
from referee.engine import Hand
from referee.messages import t, when
from referee.engine.notation import NotationError, parse_line
from referee.words.cards import pretty
from referee.words.entries import as_read
from referee.words.events import told
from referee.engine.rules import HouseRules
from referee.series.spoken import table_lexicon


def replayed(rules: HouseRules, meta: Mapping[str, Any], number: int) -> tuple[Hand, list[dict]]:
    """The hand saved as ``meta`` replayed entry by entry: ``(hand, rows)``.

    ``hand`` is the engine Hand after the last entry (its log holds each
    logged entry once, as the engine appends it); ``rows`` as ``replay_rows``.
    """
    hand = Hand(rules, [str(p) for p in meta["players"]], str(meta["dealer"]), number,
                table_lexicon(rules))
    rows = []
    for i, entry in enumerate(meta.get("entries", []), 1):
        line = str(entry["line"])
        ruling = hand.apply_line(line)  # the engine logs the entry itself
        at = entry.get("at")
        rows.append({"n": i, "by": ruling.actor, "input": line, "ok": ruling.ok,
                     "rule": ruling.rule, "ruling": told(ruling),
                     "correction": _is_correction(line),
                     "at": _when_iso(at),
                     "state": hand.state()})
    return hand, rows


def replay_rows(rules: HouseRules, meta: Mapping[str, Any], number: int) -> list[dict]:
    """One dict per logged entry of the hand saved as ``meta``.

    Each row: ``n`` (from 1), ``by`` (player or null), ``input``, ``ok``,
    ``rule``, ``ruling`` (text), ``correction`` (bool, R0.2), ``at`` (ISO
    time or null) and ``state`` (the NOTATION state after it).
    """
    return replayed(rules, meta, number)[1]


def _is_correction(line: str) -> bool:
    """True when the logged ``line`` reads as a ``fix ...`` entry (R0.2)."""
    try:
        return parse_line(line, table_lexicon()).is_correction()
    except NotationError:
        return False


def _when_iso(at: Any) -> Any:
    return at.isoformat() if hasattr(at, "isoformat") else at


def _points_text(points: Mapping[str, Any], seats: list[str]) -> str:
    """``Anna 0, Bram 23, Cees 40``: the points in seat order, then anyone else."""
    order = [p for p in seats if p in points] + [p for p in points if p not in seats]
    return ", ".join(f"{p} {points[p]}" for p in order)


def _outcome(winner: Any, points: Mapping[str, Any], seats: list[str]) -> str:
    """One sentence: who won (or that the hand was blocked) and the points."""
    text = _points_text(points or {}, seats)
    if winner:
        return t("cli.replay.score_won", winner=winner, points=text)
    return t("cli.replay.score_blocked", points=text)


def score_lines(meta: Mapping[str, Any]) -> list[str]:
    """The score of the hand saved as ``meta``, for a terminal ([] if not scored).

    Reads the hand file's ``result`` table (the result in force: ``winner``,
    ``points``, ``left``, and ``scored``, the time of the first score) and its
    ``corrections`` list, oldest first: each with ``at`` (its time), ``by``
    (who, if given), ``old`` and ``new`` (``{name: points}``) and
    ``old_winner``/``new_winner`` (when the hand has a winner).  With
    corrections the lines show the points as first scored
    (``corrections[0].old``), then each correction in turn.
    """
    result = meta.get("result")
    if not result:
        return []
    seats = [str(p) for p in meta.get("players", [])]
    corrections = [c for c in meta.get("corrections", []) or [] if isinstance(c, Mapping)]
    scored = when(result.get("scored", "?"))
    if not corrections:
        lines = [t("cli.replay.score", when=scored,
                   outcome=_outcome(result.get("winner"), result.get("points"), seats))]
    else:
        first = corrections[0]
        lines = [t("cli.replay.score", when=scored,
                   outcome=_outcome(first.get("old_winner"), first.get("old"), seats))]
        for c in corrections:
            outcome = _outcome(c.get("new_winner"), c.get("new"), seats)
            at = when(c.get("at", "?"))
            lines.append(t("cli.replay.score_corrected_by", when=at, by=c["by"], outcome=outcome)
                         if c.get("by") else
                         t("cli.replay.score_corrected", when=at, outcome=outcome))
    left = [str(p) for p in result.get("left", [])]
    if left:
        lines.append(t("cli.replay.score_left", names=", ".join(left)))
    return lines


def _card(text: str | None) -> str:
    """A card of the state (canonical) as players read it (``words.cards.pretty``), or ``-``."""
    card = try_card(text) if text else None
    return pretty(card) if card is not None else (text or "-")


def render_rows(rows: list[dict], number: int) -> str:
    """The rows as numbered lines for a terminal."""
    out = [t("cli.replay.head", hand=number, n=len(rows))]
    width = len(str(len(rows)))
    for row in rows:
        st = row["state"]
        mark = t("cli.replay.correction") if row["correction"] else (
            "" if row["ok"] else t("cli.replay.refused"))
        line = as_read(row["input"])
        who = row["by"]
        if who and not line.lower().startswith(who.lower() + ":"):
            line = f"{who}: {line}"
        out.append(f"{row['n']:>{width}}. {line}{mark}")
        out.append(" " * (width + 2) + row["ruling"])
        if st["status"] == "playing":
            counts = " ".join(f"{p} {c}" for p, c in st["counts"].items())
            out.append(" " * (width + 2) + t("cli.replay.after", top=_card(st["top"]),
                                              turn=st["turn"] or "-", counts=counts,
                                              pile=st["draw_pile"]))
    if not rows:
        out.append(t("cli.replay.empty"))
    return "\n".join(out)


def render_replay(rules: HouseRules, meta: Mapping[str, Any], number: int) -> str:
    """A hand's record for a terminal: every entry with its ruling, then its
    score once it is scored (``score_lines``).  ``pesten-ref replay`` and
    ``replay`` typed at the prompt."""
    text = render_rows(replay_rows(rules, meta, number), number)
    lines = score_lines(meta)
    return "\n".join([text, *lines]) if lines else text
