"""``pesten-ref export``: the whole series as CSV, JSON or one HTML page (NOTATION.md "Exports").

Pure functions from the ``history --json`` object and the series header to
bytes (``to_csv``, ``to_json``, ``to_html``), and ``write_output`` for
``--output FILE``.  Only the ``export`` command imports this module; Jinja2
is imported only for the HTML page.

The series header (``header``, ``history.series_header``) is a mapping with
at least ``players``, ``rules`` (``{"name", "table"}``, or the rule set's
name), ``mode``, ``limit`` and ``created`` (ISO 8601 UTC text, a datetime,
or None), and may carry ``hands`` (the number of hands of a fixed series)
and ``series_winner`` (a list of names or None).

- CSV: one row per scored hand, ``hand,dealer,winner,points:NAME...,total:NAME...``,
  UTF-8 with a byte-order mark (a spreadsheet then reads accents right),
  CRLF line ends (RFC 4180).  A player not in a hand has an empty points
  cell; a blocked hand an empty winner.  Names cannot start a formula
  (R1.1: they start with a letter or a digit), so no cell needs defusing.
- JSON: the history object plus the series header (``rules``, ``created``,
  ``series_winner`` ...; its ``hands`` as ``hands_planned``); one compact line.
- HTML: one self-contained page (styles and an inline SVG chart inside, no
  link to anything), autoescaped by Jinja2, laid out to print on one A4 page
  for a normal series.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.messages import long_date, t
from referee.words.events import rules_name
from referee.series.scoreboard import PLAYER_MARKS, correction_text, first_out, ranked_places
from referee.series.scoring import join_names, places_of

__all__ = ["FORMATS", "to_csv", "to_json", "to_html", "export", "chart_geometry", "hand_rows_html",
           "standings_from_history", "write_output", "SVG_COLOURS"]

FORMATS = ("csv", "json", "html")

SVG_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#17becf", "#8c564b",
               "#e377c2", "#7f7f7f")
"""Each seat's colour in the page's chart (no red: red is the limit line)."""

COMPACT_PRINT = 20
"""Past this many hands the page prints its table of hands in a smaller type."""

CHART_POINTS = 1200
"""At most this many positions per line in the SVG chart (a longer series is sampled)."""


def _iso(value: Any) -> str | None:
    if value is None:
        return None
    if hasattr(value, "isoformat"):
        text = value.isoformat()
        return text.replace("+00:00", "Z")
    return str(value)


# ---------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------

def to_csv(history: Mapping[str, Any]) -> bytes:
    """The CSV export: UTF-8 with BOM, header ``hand,dealer,winner,points:NAME...,total:NAME...,corrected``
    (``corrected``: ``true`` for a hand whose score was corrected, as ``history`` marks it, else ``false``);
    the header and ``true``/``false`` in the language spoken (it is for a spreadsheet:
    French ``donne,donneur,gagnant,points:Anna,...,corrigée`` and ``oui``/``non``)."""
    import csv
    import io

    players = list(history.get("players", []))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([t("board.csv.hand"), t("board.csv.dealer"), t("board.csv.winner"),
                     *(t("board.csv.points", name=p) for p in players),
                     *(t("board.csv.total", name=p) for p in players), t("board.csv.corrected")])
    yes, no = t("board.csv.yes"), t("board.csv.no")
    for h in history.get("hands", []):
        points, totals = h.get("points", {}), h.get("totals", {})
        writer.writerow([h["hand"], h.get("dealer", ""), h.get("winner") or "",
                         *(points.get(p, "") for p in players),
                         *(totals.get(p, "") for p in players),
                         yes if h.get("corrected") else no])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


# ---------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------

def json_object(history: Mapping[str, Any], header: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON export as a dict: the history object, then every field of the
    series header it does not have (``rules``, ``created``, ``series_winner`` ...);
    the header's ``hands`` (the hands of a fixed series) becomes ``hands_planned``,
    since ``hands`` is the list of hands.  Times as ISO 8601 text."""
    out = dict(history)
    for key, value in header.items():
        if key == "hands":
            out["hands_planned"] = value
        elif key not in out:
            out[key] = _iso(value) if hasattr(value, "isoformat") else value
    return out


def to_json(history: Mapping[str, Any], header: Mapping[str, Any]) -> bytes:
    """The JSON export: one compact object on one line, UTF-8, newline at the end."""
    text = json.dumps(json_object(history, header), ensure_ascii=False,
                      separators=(",", ":"), default=_iso)
    return (text + "\n").encode("utf-8")


# ---------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------

def standings_from_history(history: Mapping[str, Any], header: Mapping[str, Any]) -> dict[str, Any]:
    """A ``standings --json``-shaped dict (players with total, wins, eliminated,
    place (``scoring.places_of``); ``series_winner``, ``mode``) read off the
    history, for the page's standings."""
    players = list(history.get("players", []))
    hands = history.get("hands", [])
    last = hands[-1].get("totals", {}) if hands else {}
    wins = dict.fromkeys(players, 0)
    for h in hands:
        if h.get("winner") in wins:
            wins[h["winner"]] += 1
    out_at = first_out(hands)
    mode = history.get("mode", header.get("mode"))
    rows = [{"name": p, "total": int(last.get(p, 0)), "wins": wins[p],
             "eliminated": p in out_at, "left": False,
             "out_hand": int(hands[out_at[p]]["hand"]) if p in out_at else 0} for p in players]
    place = places_of(rows, mode, history.get("best", header.get("best")) == "high")
    return {"players": [{**row, "place": place[row["name"]]} for row in rows],
            "series_winner": header.get("series_winner") or None, "mode": mode}


def chart_geometry(history: Mapping[str, Any], width: float = 640, height: float = 260,
                   margin: tuple[float, float, float, float] = (14, 16, 36, 48)) -> dict[str, Any]:
    """The numbers of the SVG chart of the running totals (no text of names: the
    template writes those, escaped).

    ``margin``: top, right, bottom, left in SVG units.  Returns ``width``,
    ``height``, the plot box (``x0 y0 x1 y1``), ``lines`` (per seat: ``points``,
    an SVG ``points`` string, and ``end``: x, y of the last position drawn),
    ``limit`` (y of the limit line, or None), ``yticks`` and ``xticks``
    (lists of (position, label)).  A player's line stops at the hand that put
    them out; more than ``CHART_POINTS`` hands are sampled (the last hand of
    each stretch, so the ends are exact).
    """
    from referee.series.scoreboard import nice_top, chart_values

    players = list(history.get("players", []))
    hands = history.get("hands", [])
    what, rows = chart_values(history)
    n = len(hands)
    limit = int(history.get("limit") or 0) if history.get("mode") == "elimination" else 0
    peak = max((max(r) for r in rows), default=0)
    top = nice_top(max(peak, limit, 1))
    mt, mr, mb, ml = margin
    x0, y0, x1, y1 = ml, mt, width - mr, height - mb

    def sx(pos: float) -> float:
        return round(x0 + (x1 - x0) * pos / max(1, n), 1)

    def sy(value: float) -> float:
        return round(y1 - (y1 - y0) * value / top, 1)

    step = max(1, -(-n // CHART_POINTS))
    positions = list(range(0, n + 1, step))
    if positions[-1] != n:
        positions.append(n)
    out_at = first_out(hands)
    lines = []
    for k, p in enumerate(players):
        stop = out_at.get(p, n - 1) + 1
        values = [0] + [r[k] for r in rows]
        drawn = [pos for pos in positions if pos <= stop]
        if drawn[-1] != stop:
            drawn.append(stop)
        pts = " ".join(f"{sx(pos)},{sy(values[pos])}" for pos in drawn)
        lines.append({"name": p, "points": pts, "colour": SVG_COLOURS[k % len(SVG_COLOURS)],
                      "mark": PLAYER_MARKS[k % len(PLAYER_MARKS)], "out": p in out_at,
                      "end": (sx(stop), sy(values[stop])), "value": values[stop]})
    ystep = _nice_step(top, 6)
    yticks = [(sy(v), str(v)) for v in range(0, top + 1, ystep)]
    xstep = max(1, _nice_step(n, 8))
    xticks = [(sx(k), str(k)) for k in range(0, n + 1, xstep)]
    if xticks[-1][1] != str(n) and n:
        if sx(n) - xticks[-1][0] < 24:
            xticks.pop()
        xticks.append((sx(n), str(n)))
    return {"width": width, "height": height, "x0": x0, "y0": y0, "x1": x1, "y1": y1,
            "lines": lines, "limit": sy(limit) if limit else None, "limit_value": limit,
            "yticks": yticks, "xticks": xticks, "what": what}


def _nice_step(n: int, most: int) -> int:
    """The smallest round step (1, 2, 5, 10, 20, 50 ...) that puts at most ``most`` steps on 0..n."""
    scale = 1
    while True:
        for k in (1, 2, 5):
            if n <= most * k * scale:
                return k * scale
        scale *= 10


def hand_rows_html(history: Mapping[str, Any]) -> str:
    """The page's rows of hands (``<tr class="hand">`` each), every text escaped.

    Built here with ``markupsafe.escape`` rather than in the template: a
    series of 10,000 hands has 100,000 cells, and a template loop over them
    costs seconds where joining strings costs a tenth of one.  Columns:
    hand (``*`` when corrected), dealer, winner (or *blocked*), then each
    player's points (``-`` when not in the hand) and running total, and the
    notes (who went out, corrected).  Returns markup (``markupsafe.Markup``).
    """
    from markupsafe import Markup, escape

    players = list(history.get("players", []))
    hands = history.get("hands", [])
    out_at = first_out(hands)
    dash = escape(t("board.not_in_hand"))
    mark = f'<span class="fixmark">{escape(t("board.mark.corrected"))}</span>'
    blocked = f"<em>{escape(t('board.blocked'))}</em>"
    out = []
    for i, h in enumerate(hands):
        points, totals = h.get("points", {}), h.get("totals", {})
        winner = h.get("winner")
        corrected = bool(h.get("corrected"))
        parts = [f'<tr class="hand"><td>{int(h["hand"])}{mark if corrected else ""}</td>'
                 f'<td class="name">{escape(h.get("dealer", ""))}</td>',
                 f'<td class="name winner">{escape(winner)}</td>' if winner else
                 f'<td class="name">{blocked if h.get("blocked") else ""}</td>']
        for p in players:
            gone = out_at.get(p, i) < i
            pts = points.get(p)
            total = totals.get(p)
            pts_class = "pts won" if p == winner else "pts gone" if gone else "pts"
            total_class = "outnow" if out_at.get(p) == i else "gone" if gone else ""
            parts.append(f'<td class="{pts_class}">{dash if pts is None else int(pts)}</td>'
                         f'<td class="{total_class}">{"" if total is None else int(total)}</td>')
        notes = []
        gone_now = [k for k, p in enumerate(players) if out_at.get(p) == i]
        if gone_now:
            note = t("board.note.out", names=join_names(players[k] for k in gone_now))
            notes.append(f'<span class="o">{escape(note)}</span>')
        if corrected:
            note = t("board.note.corrected", n=max(1, len(h.get("corrections", ()))))
            notes.append(f'<span class="c">{escape(note)}</span>')
        parts.append(f'<td class="note">{"; ".join(notes)}</td></tr>\n')
        out.append("".join(parts))
    return Markup("".join(out))


def _rules_name(header: Mapping[str, Any]) -> str:
    rules = header.get("rules")
    return str(rules.get("name", "")) if isinstance(rules, Mapping) else str(rules or "")


def _mode_line(header: Mapping[str, Any], history: Mapping[str, Any]) -> str:
    mode = history.get("mode", header.get("mode"))
    if mode == "hands":
        return t("board.export.mode_hands", n=header.get("hands") or len(history.get("hands", [])))
    if mode == "casual":
        return t("board.export.mode_casual")
    return t("board.export.mode_elimination", limit=history.get("limit", header.get("limit")))


def to_html(history: Mapping[str, Any], header: Mapping[str, Any], version: str = "") -> bytes:
    """The HTML export: one self-contained page, UTF-8, every name escaped.

    Jinja2 (a dependency) is imported here, so only the HTML export loads it.
    """
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("referee", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    template = env.get_template("report.html")
    players = list(history.get("players", []))
    hands = history.get("hands", [])
    standings = standings_from_history(history, header)
    winners = standings["series_winner"] or []
    casual = standings["mode"] == "casual"
    ranked = []
    for place, p in ranked_places(standings):
        ranked.append({**p, "place": place, "winner": p["name"] in winners,
                       "colour": SVG_COLOURS[players.index(p["name"]) % len(SVG_COLOURS)]})
    corrections = [correction_text(h["hand"], corr, players)
                   for h in hands for corr in h.get("corrections", ())]
    created = _iso(header.get("created"))
    texts = {key.partition(".")[2].replace(".", "_"): t(key) for key in (
        "board.export.standings", "board.export.hands", "board.export.chart",
        "board.export.place", "board.export.player", "board.export.total", "board.export.wins",
        "board.col.hand", "board.col.dealer", "board.col.winner", "board.col.points",
        "board.col.total", "board.col.notes", "board.blocked", "board.mark.corrected",
        "board.not_in_hand", "board.banner.out", "board.banner.winner")}
    page = template.render(
        lang=t("board.export.lang"),
        title=t("board.export.title", players=join_names(players)),
        rules_line=t("board.export.rules", rules=rules_name(_rules_name(header))),
        mode_line=_mode_line(header, history),
        started=t("board.export.started", created=long_date(created)) if created else "",
        result=(t("board.export.winner", names=join_names(winners)) if winners
                else t("board.export.going_on")),
        summary=t("board.summary", n=len(hands)),
        players=players, colours=[SVG_COLOURS[k % len(SVG_COLOURS)] for k in range(len(players))],
        ranked=ranked, hand_rows=hand_rows_html(history), corrections=corrections, chart=chart_geometry(history),
        limit_label=t("board.chart.limit", limit=history.get("limit")),
        hand_word=t("board.chart.hands"),
        made=t("board.export.made", version=version) if version else "",
        empty=t("board.empty"), text=texts, compact=len(hands) > COMPACT_PRINT, casual=casual,
    )
    return page.encode("utf-8")


def export(fmt: str, history: Mapping[str, Any], header: Mapping[str, Any],
           version: str = "") -> bytes:
    """The export in ``fmt`` (one of ``FORMATS``) as bytes. Raises ValueError for another format."""
    if fmt == "csv":
        return to_csv(history)
    if fmt == "json":
        return to_json(history, header)
    if fmt == "html":
        return to_html(history, header, version)
    raise ValueError(f"unknown export format {fmt!r}")


# ---------------------------------------------------------------------------
# Reading the series, --output FILE
# ---------------------------------------------------------------------------

def series_data(save: Any) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """(history object, series header, the series' own files) of the series at
    ``save`` (a ``store.SaveFile``).  Raises SaveError as the store does."""
    from referee.series.history import history_of, series_header
    from referee.series.session import read_history

    header, hands = read_history(save)
    head = series_header(header)
    own = [str(save.path), str(save.backup_path()), str(save.hands_dir), str(save.lock_path)]
    return history_of(header, hands), head, own



def write_output(path: str, data: bytes, own_files: list[str]) -> None:
    """Write ``data`` to ``path`` atomically (temp file, fsync, rename).

    A file already at ``path`` is replaced, its previous version kept as
    ``PATH.bak``, so an export written over by mistake is not lost.
    ``own_files``: the series' own save files (series file, its backup, hand
    files); writing onto one of them raises ValueError with a sentence.
    Raises OSError when the file cannot be written (nothing is then changed).
    """
    import os

    from referee.series.store import atomic_write

    real = os.path.realpath(path)
    for own in own_files:
        if real == os.path.realpath(own) or real.startswith(os.path.realpath(own) + os.sep):
            raise ValueError(t("board.export.is_save", file=path))
    atomic_write(path, data)
