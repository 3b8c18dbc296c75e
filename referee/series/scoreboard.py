"""The scoreboard on a terminal: ``history``, its chart, and the banners after a hand.

Pure rendering: every function takes plain data (the ``history --json`` object
of NOTATION.md "JSON", the ``standings --json`` object, ``scoring.Event``s)
plus the terminal's width and whether to colour, and returns text.  No I/O,
no look at the terminal: the command line decides ``width`` and ``colour``
(``colour_wanted``).  Every word comes from the message layer (``board.*``).

The history object (one entry per scored hand, in order)::

    {"players": [names in seating order], "limit": int, "mode": str,
     "hands": [{"hand": int, "dealer": str, "winner": str | None,
                "blocked": bool, "points": {name: int},
                "totals": {name: int} (running, after this hand),
                "eliminated": [names out after this hand],
                "corrected": bool,
                "corrections": [{"at": ISO time, "old": {name: int},
                                 "new": {name: int}}]}]}

``eliminated`` may list everyone out so far or only those newly out; a
player is marked out at the first hand that lists them either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Iterable, Sequence

from referee.messages import t, when
from referee.series.scoring import pad_cell, text_width, join_names

__all__ = ["colour_wanted", "render_history", "render_grid", "render_chart", "correction_text",
           "render_banner", "render_final_standings", "ranked_places", "first_out",
           "chart_values", "nice_top", "PLAYER_MARKS", "PLAYER_COLOURS"]

PLAYER_MARKS = "*o+x#@%&"
"""The chart's mark for each seat (plain ASCII, told apart without colour)."""

PLAYER_COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "bright_cyan",
                  "bright_magenta", "bright_green")
"""The chart's colour for each seat, where colour is on (click colour names)."""

LIMIT_COLOUR = "red"
CHART_HEIGHT = 12
MIN_WIDTH = 40
"""The narrowest chart drawn; a narrower terminal gets this width (and wraps)."""


# ---------------------------------------------------------------------------
# Colour
# ---------------------------------------------------------------------------

def colour_wanted(env: Mapping[str, str], is_tty: bool) -> bool:
    """Whether to colour: a terminal (``is_tty``), no ``NO_COLOR`` set (any value,
    no-color.org), and ``TERM`` not ``dumb``.  ``env``: the environment."""
    if not is_tty or "NO_COLOR" in env:
        return False
    return env.get("TERM", "") != "dumb"


def _style(text: str, colour: bool, **how: Any) -> str:
    """``text`` in SGR colour codes (click.style) when ``colour``, else as it is."""
    if not colour or not text:
        return text
    import click
    return click.style(text, **how)


# ---------------------------------------------------------------------------
# Reading the history object
# ---------------------------------------------------------------------------

def first_out(hands: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """``{name: index in hands}`` of the hand after which each player was first out."""
    out: dict[str, int] = {}
    for i, h in enumerate(hands):
        for name in h.get("eliminated", ()):
            out.setdefault(name, i)
    return out


def chart_values(history: Mapping[str, Any]) -> tuple[str, list[list[int]]]:
    """What the chart draws: ``("totals", rows)`` running totals, or in casual play
    ``("wins", rows)`` the running count of hands won.  ``rows[i][p]``: after hand i."""
    players = list(history.get("players", []))
    hands = history.get("hands", [])
    if history.get("mode") == "casual":
        wins = dict.fromkeys(players, 0)
        rows = []
        for h in hands:
            if h.get("winner") in wins:
                wins[h["winner"]] += 1
            rows.append([wins[p] for p in players])
        return "wins", rows
    return "totals", [[int(h.get("totals", {}).get(p, 0)) for p in players] for h in hands]


# ---------------------------------------------------------------------------
# The table of hands
# ---------------------------------------------------------------------------

def render_grid(history: Mapping[str, Any], colour: bool = False,
                 width: int | None = None) -> str:
    """Every scored hand as an aligned grid: hand, dealer, winner, then each
    player's points and running total, then notes (who went out, corrected).

    A corrected hand's number carries a mark, and a line per correction follows
    the grid (when, and each player's old and new points).  A player not in a
    hand (out, or left) shows ``-`` for points.  When ``width`` is given and
    the grid would be wider, each player keeps only the running total (many
    players on a narrow terminal).  No trailing newline.
    """
    hands = history.get("hands", [])
    if not hands:
        return "\n".join([t("board.empty"), *_abandoned_lines(history, colour)])
    text = _grid(history, colour, True)
    if width is not None and colour:
        plain = _grid(history, False, True)
    else:
        plain = text
    table_lines = plain.splitlines()[:2 + len(hands)]  # not the correction sentences
    if width is not None and max(text_width(line) for line in table_lines) > width:
        text = _grid(history, colour, False)
    return text


def _grid(history: Mapping[str, Any], colour: bool, with_points: bool) -> str:
    players = list(history.get("players", []))
    hands = history.get("hands", [])
    out_at = first_out(hands)
    mark = t("board.mark.corrected")
    per = 2 if with_points else 1  # columns per player

    rows: list[list[str]] = []
    notes: list[str] = []
    for i, h in enumerate(hands):
        number = str(h["hand"]) + (mark if h.get("corrected") else "")
        winner = h.get("winner") or (t("board.blocked") if h.get("blocked") else "")
        cells = [number, str(h.get("dealer", "")), winner]
        points, totals = h.get("points", {}), h.get("totals", {})
        for p in players:
            if with_points:
                cells.append(str(points[p]) if p in points else t("board.not_in_hand"))
            cells.append(str(totals.get(p, "")))
        note = []
        gone = [p for p in players if out_at.get(p) == i]
        if gone:
            note.append(t("board.note.out", names=join_names(gone)))
        if h.get("corrected"):
            note.append(t("board.note.corrected", n=max(1, len(h.get("corrections", ())))))
        notes.append("; ".join(note))
        rows.append(cells)

    head = [t("board.col.hand"), t("board.col.dealer"), t("board.col.winner")]
    for _ in players:
        head += [t("board.col.points"), t("board.col.total")][2 - per:]
    widths = [max(text_width(head[c]), *(text_width(r[c]) for r in rows)) for c in range(len(head))]
    # A player's name spans their columns; widen the total if the name is longer.
    for k, p in enumerate(players):
        c = 3 + per * k
        need = text_width(p) - (sum(widths[c:c + per]) + 2 * (per - 1))
        if need > 0:
            widths[c + per - 1] += need

    def join(cells: list[str], styled: list[str] | None = None) -> str:
        parts = []
        for c, text in enumerate(cells):
            padded = pad_cell(text, widths[c], right=c == 0 or c >= 3)
            if styled is not None and styled[c] != text:
                padded = padded.replace(text, styled[c], 1)
            parts.append(padded)
        return "  ".join(parts)

    name_line = "  ".join(pad_cell("", widths[c]) for c in range(3))
    for k, p in enumerate(players):
        c = 3 + per * k
        name_line += "  " + pad_cell(p, sum(widths[c:c + per]) + 2 * (per - 1), right=True)
    lines = [_style(name_line.rstrip(), colour, bold=True),
             _style(join(head) + "  " + t("board.col.notes"), colour, bold=True)]
    for i, (cells, note) in enumerate(zip(rows, notes)):
        styled = list(cells)
        if colour:
            h = hands[i]
            if h.get("winner"):
                styled[2] = _style(cells[2], True, fg="green", bold=True)
            elif h.get("blocked"):
                styled[2] = _style(cells[2], True, fg="yellow")
            if h.get("corrected"):
                styled[0] = _style(cells[0], True, fg="yellow")
            for k, p in enumerate(players):
                total = 3 + per * k + per - 1
                if out_at.get(p) == i:
                    styled[total] = _style(cells[total], True, fg=LIMIT_COLOUR, bold=True)
                elif out_at.get(p, i) < i:
                    for c in range(3 + per * k, total + 1):
                        styled[c] = _style(cells[c], True, dim=True)
        text = join(cells, styled)
        if note:
            text += "  " + _style(note, colour, fg=LIMIT_COLOUR if any(
                out_at.get(p) == i for p in players) else "yellow")
        lines.append(text.rstrip())
    for h in hands:
        for corr in h.get("corrections", ()):
            lines.append(_style(correction_text(h["hand"], corr, players), colour, fg="yellow"))
    lines += _abandoned_lines(history, colour)
    return "\n".join(lines)


def _abandoned_lines(history: Mapping[str, Any], colour: bool) -> list[str]:
    """R7.3: a sentence for each player who joined (from which hand, with what total,
    when) and each hand abandoned (kept, scored by nobody, dealt again)."""
    joined = [_style(t("board.joined", name=j["name"], hand=j["hand"], total=j["total"],
                       at=when(j.get("at"))), colour, fg="yellow")
              for j in history.get("joined", ())]
    return joined + [_style(t("board.abandoned", hand=a["hand"], dealer=a["dealer"],
                              at=when(a.get("at")), n=a["entries"]), colour, fg="yellow")
                     for a in history.get("abandoned", ())]


def correction_text(hand: int, corr: Mapping[str, Any], players: Sequence[str]) -> str:
    """One correction of hand ``hand`` told in a sentence: when, by whom if known,
    and each player's old and new points (``the winner`` when only that changed)."""
    old, new = corr.get("old", {}), corr.get("new", {})
    changes = [t("board.change", name=p, old=old.get(p, "-"), new=new.get(p, "-"))
               for p in players if old.get(p) != new.get(p)]
    key = "board.correction_by" if corr.get("by") else "board.correction"
    return t(key, hand=hand, at=when(corr.get("at")), by=corr.get("by"),
             changes=", ".join(changes) or t("board.winner_only"))


# ---------------------------------------------------------------------------
# The chart
# ---------------------------------------------------------------------------

def nice_top(value: int) -> int:
    """The smallest 'round' number >= value for the top of the y axis (10, 20, 25, 50 ...)."""
    if value <= 10:
        return 10
    step = 10 ** (len(str(value)) - 1)
    for k in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        top = int(k * step)
        if top >= value:
            return top
    return value


def render_chart(history: Mapping[str, Any], width: int = 80, colour: bool = False,
                 height: int = CHART_HEIGHT) -> str:
    """The running totals over the hands as a text chart ``width`` columns wide.

    One mark per seat (``PLAYER_MARKS``; in its colour when ``colour``), a
    line of ``-`` at the elimination limit (elimination mode), the y axis in
    points and the x axis in hands from 0 (before the first hand).  A player's
    line stops at the hand that put them out.  With more hands than columns,
    each column shows the last hand it covers; with fewer, the lines are drawn
    straight between hands.  Where lines run through the same cells their
    marks take turns (column by column), so that no line hides another; players
    with the very same line are named under the legend.  In casual play the
    chart counts hands won.
    ``height``: rows of the plot; ``width`` at least ``MIN_WIDTH``.  Returns ""
    when no hand is scored.
    """
    players = list(history.get("players", []))
    hands = history.get("hands", [])
    if not hands or not players:
        return ""
    what, rows = chart_values(history)
    width = max(width, MIN_WIDTH)
    limit = int(history.get("limit") or 0) if history.get("mode") == "elimination" else 0
    peak = max(max(r) for r in rows)
    top = nice_top(max(peak, limit))
    label_w = max(len(str(top)), 1)
    plot_w = max(12, width - label_w - 2)
    n = len(hands)
    out_at = first_out(hands)
    series = [[0] + [r[k] for r in rows] for k in range(len(players))]  # position 0 = before hand 1

    def row_of(value: float) -> int:
        return min(height - 1, max(0, round(value * (height - 1) / top)))

    grid = [[" "] * plot_w for _ in range(height)]
    owner = [[-1] * plot_w for _ in range(height)]  # -1 empty, -2 limit, k seat
    drawn: dict[tuple[int, int], list[tuple[int, float]]] = {}  # (y, x) -> (seat, value)s
    if limit:
        y = row_of(limit)
        for x in range(plot_w):
            grid[y][x], owner[y][x] = "-", -2
    for k, p in enumerate(players):
        last = out_at.get(p, n - 1) + 1  # the last position drawn
        values = series[k]
        for x in range(plot_w):
            pos = x * n / (plot_w - 1)
            if pos > last + 1e-9:
                break
            lo = int(pos)
            if n >= plot_w:
                v: float = values[min(n, -int(-pos // 1))]  # the last hand in this column
            elif lo >= n:
                v = values[n]
            else:
                v = values[lo] + (values[lo + 1] - values[lo]) * (pos - lo)
            drawn.setdefault((row_of(v), x), []).append((k, v))
    for (y, x), here in drawn.items():
        # The last seat drawn shows, and the seats at the very same value take turns.
        same = [k for k, v in here if v == here[-1][1]]
        k = same[x % len(same)]
        grid[y][x], owner[y][x] = PLAYER_MARKS[k % len(PLAYER_MARKS)], k

    labels = {height - 1: str(top), 0: "0"}
    if limit:
        labels.setdefault(row_of(limit), str(limit))
    lines = [_style(t("board.chart.title_wins" if what == "wins" else "board.chart.title"),
                    colour, bold=True)]
    for y in range(height - 1, -1, -1):
        label = labels.get(y, "").rjust(label_w)
        lines.append(f"{label} |" + _paint(grid[y], owner[y], colour).rstrip())
    lines.append(" " * label_w + " +" + "-" * plot_w)
    lines.append(" " * (label_w + 2) + _x_labels(n, plot_w))
    legend = [_style(PLAYER_MARKS[k % len(PLAYER_MARKS)], colour,
                     fg=PLAYER_COLOURS[k % len(PLAYER_COLOURS)], bold=True) + " " + p
              for k, p in enumerate(players)]
    if limit:
        legend.append(_style("---", colour, fg=LIMIT_COLOUR) + " " + t("board.chart.limit", limit=limit))
    lines += _wrap_legend(legend, [2 + text_width(p) for p in players] +
                          ([4 + text_width(t("board.chart.limit", limit=limit))] if limit else []),
                          width, label_w + 2)
    for group in _same_lines(players, series, out_at, n):
        words = t("board.chart.same_wins" if what == "wins" else "board.chart.same_totals",
                  names=join_names(group)).split(" ")
        lines += _wrap_legend(words, [text_width(w) for w in words], width, label_w + 2, gap=1)
    return "\n".join(lines)


def _same_lines(players: list[str], series: list[list[int]], out_at: Mapping[str, int],
                n: int) -> list[list[str]]:
    """The groups of players (two or more, seating order) whose lines in the chart
    are one and the same: the same values at every position, ending at the same hand."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for k, p in enumerate(players):
        groups.setdefault(tuple(series[k][:out_at.get(p, n - 1) + 2]), []).append(p)
    return [group for group in groups.values() if len(group) > 1]


def _paint(cells: list[str], owners: list[int], colour: bool) -> str:
    """One row of the plot, runs of the same owner coloured together."""
    if not colour:
        return "".join(cells)
    out, x = [], 0
    while x < len(cells):
        end = x
        while end < len(cells) and owners[end] == owners[x]:
            end += 1
        text = "".join(cells[x:end])
        who = owners[x]
        if who == -2:
            out.append(_style(text, True, fg=LIMIT_COLOUR))
        elif who >= 0:
            out.append(_style(text, True, fg=PLAYER_COLOURS[who % len(PLAYER_COLOURS)], bold=True))
        else:
            out.append(text)
        x = end
    return "".join(out)


def _x_labels(n: int, plot_w: int) -> str:
    """Hand numbers under the x axis: 0 at the left, n at the right, some between."""
    line = [" "] * plot_w
    word = t("board.chart.hands")

    def put(text: str, x: int) -> bool:
        x = max(0, min(plot_w - len(text), x))
        if any(c != " " for c in line[max(0, x - 1):x + len(text) + 1]):
            return False
        line[x:x + len(text)] = text
        return True

    put(str(n), plot_w - len(str(n)))
    put("0", 0)
    ticks = max(1, plot_w // 12)
    step = max(1, round(n / ticks))
    for k in range(step, n, step):
        put(str(k), round(k * (plot_w - 1) / n) - len(str(k)) // 2)
    text = "".join(line).rstrip()
    return text + "  " + word if text_width(text) + 2 + text_width(word) <= plot_w + 4 else text


def _wrap_legend(items: list[str], widths: list[int], width: int, indent: int,
                 gap: int = 3) -> list[str]:
    """``items`` (of ``widths`` columns) ``gap`` spaces apart, in lines of at most
    ``width`` columns, each ``indent`` in (an item longer than a line gets one)."""
    lines, current, used = [], [], indent
    for item, w in zip(items, widths):
        if current and used + gap + w > width:
            lines.append(" " * indent + (" " * gap).join(current))
            current, used = [], indent
        current.append(item)
        used += w + (gap if len(current) > 1 else 0)
    if current:
        lines.append(" " * indent + (" " * gap).join(current))
    return lines


# ---------------------------------------------------------------------------
# history: table, chart below it
# ---------------------------------------------------------------------------

def render_history(history: Mapping[str, Any], width: int = 80, colour: bool = False,
                   chart: bool = True) -> str:
    """``pesten-ref history`` as text: the table of hands, a closing line, and
    (``chart``) the chart of the running totals ``width`` columns wide.

    ``colour``: SGR colour codes in the output (never set it for a pipe or
    ``NO_COLOR``; see ``colour_wanted``).  No trailing newline.
    """
    hands = history.get("hands", [])
    parts = [render_grid(history, colour, width)]
    if hands:
        if history.get("mode") == "elimination" and history.get("limit"):
            parts.append(t("board.summary_limit", n=len(hands), limit=history["limit"]))
        else:
            parts.append(t("board.summary", n=len(hands)))
        if chart:
            parts.append("")
            parts.append(render_chart(history, width, colour))
    return "\n".join(parts)


# ---------------------------------------------------------------------------
# Banners after a hand is scored
# ---------------------------------------------------------------------------

def ranked_places(standings: Mapping[str, Any]) -> list[tuple[int, Mapping[str, Any]]]:
    """The players of a ``standings --json``-shaped object best first, each with
    their ``place`` (``scoring.places_of``: tied players share a place and the
    next place is skipped); tied players stay in seating order."""
    players = list(standings.get("players", []))
    order = sorted(range(len(players)), key=lambda i: (players[i]["place"], i))
    return [(players[i]["place"], players[i]) for i in order]


def render_final_standings(standings: Mapping[str, Any], colour: bool = False) -> list[str]:
    """The standings ranked best first, one line each: place, name, points, hands won,
    and ``winner`` / ``out`` / ``left``.  Tied players share a place."""
    casual = standings.get("mode") == "casual"
    winners = set(standings.get("series_winner") or ())
    rows = []
    for place, p in ranked_places(standings):
        status = (t("board.banner.winner") if p["name"] in winners else
                  t("board.banner.left") if p.get("left") else
                  t("board.banner.out") if p.get("eliminated") else "")
        cells = [t("board.banner.place", n=place), p["name"]]
        if not casual:
            cells.append(t("board.banner.points", n=p.get("total", 0)))
        cells.append(t("board.banner.wins", n=p.get("wins", 0)))
        rows.append((cells, status, p["name"] in winners, bool(p.get("eliminated"))))
    widths = [max(text_width(r[0][c]) for r in rows) for c in range(len(rows[0][0]))] if rows else []
    lines = []
    for cells, status, won, out in rows:
        last = len(cells) - 1
        text = "  ".join(pad_cell(c, widths[k], right=k not in (1, last)) for k, c in enumerate(cells))
        if status:
            text += "  " + status
        style = {"fg": "green", "bold": True} if won else {"dim": True} if out else {}
        lines.append(_style(text, colour and bool(style), **style))
    return lines


def _box(lines: list[str], widths: list[int], heavy: bool, colour: bool,
         fg: str | None) -> list[str]:
    """``lines`` in a frame of box-drawing characters, as wide as the widest line
    (``widths``: each line's width without colour codes); the frame in ``fg``."""
    inner = max(widths) + 2
    h, v, corners = ("═", "║", "╔╗╚╝") if heavy else ("─", "│", "┌┐└┘")
    edge = lambda s: _style(s, colour and fg is not None, fg=fg, bold=heavy)  # noqa: E731
    out = [edge(corners[0] + h * inner + corners[1])]
    for line, w in zip(lines, widths):
        out.append(edge(v) + " " + line + " " * (inner - 1 - w) + edge(v))
    out.append(edge(corners[2] + h * inner + corners[3]))
    return out


def render_banner(events: Iterable[Any], standings: Mapping[str, Any], width: int = 80,
                  colour: bool = False, title: str | None = None) -> str:
    """The end of a hand told as a banner, from the Events of ``scoring.apply_result``
    and the ``standings --json`` object after it.

    A frame around each event's sentence (``Event.text()``: the hand won or
    blocked, who left or is out, everyone over); when the series has a winner
    (an event of kind ``series_won``), a double frame with the winner and the
    final standings ranked below it; ``title``, when given, is that frame's
    first line instead of the series winner's sentence (a tournament's final
    names its champion, ``seat.Ending``).  ``width`` caps the frame; a longer
    sentence is not cut.  Returns "" when there are no events.
    """
    events = list(events)
    if not events:
        return ""
    told = [e for e in events if e.kind != "series_won"]
    won = [e for e in events if e.kind == "series_won"]
    out: list[str] = []
    if told:
        texts = [e.text() for e in told]
        styled = []
        for e, text in zip(told, texts):
            fg = {"hand_won": "green", "eliminated": LIMIT_COLOUR, "left": LIMIT_COLOUR,
                  "all_over": "yellow", "hand_blocked": "yellow"}.get(e.kind)
            styled.append(_style(text, colour and fg is not None, fg=fg, bold=True))
        out += _box(styled, [text_width(x) for x in texts], False, colour, None)
    if won:
        title = title or won[-1].text()
        head = t("board.banner.final")
        table = render_final_standings(standings, False)
        table_c = render_final_standings(standings, colour)
        inner = [_style(title, colour, fg="green", bold=True), "", _style(head, colour, bold=True),
                 *table_c]
        widths = [text_width(title), 0, text_width(head), *(text_width(x) for x in table)]
        big = max(widths)
        pad = max(0, (min(width - 4, big) - text_width(title)) // 2)
        inner[0] = " " * pad + inner[0]
        widths[0] += pad
        out += _box(inner, widths, True, colour, "green")
    return "\n".join(out)
