"""The scoreboard: ``history`` text and chart, colour only where wanted, the
banners after a hand and a series (referee/series/scoreboard.py).

Golden files live in tests/golden/; after a deliberate change of layout,
rewrite them with ``PESTEN_REF_GOLDEN=update python -m pytest tests/test_scoreboard.py``
and read the diff.
"""

from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from referee.series.scoreboard import (MIN_WIDTH, PLAYER_MARKS, colour_wanted, render_banner, render_chart,
                                render_history, render_grid)
from referee.series.scoring import Event, places_of

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def load_history() -> dict:
    """4 players, 12 hands, Dörte out after hand 7 (106 > 100), hand 3 corrected once."""
    return json.loads((HERE / "data" / "history-12.json").read_text(encoding="utf-8"))


def golden(name: str, text: str) -> None:
    """``text`` must equal tests/golden/NAME (rewritten when PESTEN_REF_GOLDEN=update)."""
    path = GOLDEN / name
    if os.environ.get("PESTEN_REF_GOLDEN") == "update":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="")
    assert text == path.read_bytes().decode("utf-8"), f"differs from {path}"


# ---------------------------------------------------------------------------
# golden output
# ---------------------------------------------------------------------------

def test_history_text_plain_matches_golden():
    golden("history-12.txt", render_history(load_history(), width=80, colour=False))


def test_history_text_in_colour_matches_golden():
    golden("history-12-colour.txt", render_history(load_history(), width=80, colour=True))


def test_history_in_colour_reads_the_same_once_the_colour_codes_are_taken_out():
    history = load_history()
    coloured = render_history(history, width=80, colour=True)
    assert ANSI.search(coloured)
    assert ANSI.sub("", coloured) == render_history(history, width=80, colour=False)


def test_plain_history_has_no_escape_codes():
    assert "\x1b" not in render_history(load_history(), width=80, colour=False)


# ---------------------------------------------------------------------------
# what the table shows
# ---------------------------------------------------------------------------

def test_every_hand_has_one_row_with_dealer_winner_points_and_totals():
    text = render_grid(load_history())
    lines = text.splitlines()
    assert lines[0].split() == ["Anna", "Bram", "Cees", "Dörte"]
    row7 = next(line for line in lines if line.split()[0] == "7")
    assert row7.split() == ["7", "Cees", "Anna", "0", "40", "16", "64", "8", "76", "24", "106",
                            "Dörte", "out"]
    rows = [line for line in lines[2:] if line.split()[0].rstrip("*").isdigit()]
    assert [int(r.split()[0].rstrip("*")) for r in rows] == list(range(1, 13))


def test_a_player_out_shows_a_dash_for_points_in_later_hands():
    lines = render_grid(load_history()).splitlines()
    row8 = next(line for line in lines if line.split()[0] == "8")
    assert row8.split()[-2:] == ["-", "106"]


def test_a_corrected_hand_is_marked_and_its_correction_told_below():
    text = render_grid(load_history())
    assert any(line.split()[0] == "3*" and line.endswith("corrected") for line in text.splitlines())
    assert "* Hand 3 corrected on 2024-01-05 21:14 UTC: Anna 12 -> 14." in text


def test_a_hand_corrected_twice_says_so():
    history = load_history()
    corr = history["hands"][2]["corrections"][0]
    history["hands"][2]["corrections"].append({**corr, "at": "2024-01-06T10:00:00+00:00"})
    text = render_grid(history)
    assert "corrected 2 times" in text
    assert "* Hand 3 corrected on 2024-01-06 10:00 UTC" in text


def test_a_blocked_hand_shows_blocked_as_its_winner():
    history = load_history()
    history["hands"][1].update(winner=None, blocked=True)
    row2 = next(line for line in render_grid(history).splitlines() if line.split()[0] == "2")
    assert row2.split()[2] == "blocked"


def test_an_empty_history_says_no_hand_is_scored():
    history = {"players": ["Anna", "Bram"], "limit": 100, "mode": "elimination", "hands": []}
    assert render_history(history) == "No hand of this series has been scored yet."
    assert render_chart(history) == ""


def test_the_summary_line_counts_hands_with_the_plural_form():
    history = load_history()
    assert "12 hands scored; a total over 100 is out." in render_history(history)
    history["hands"] = history["hands"][:1]
    assert "1 hand scored; a total over 100 is out." in render_history(history)


def test_wide_names_keep_the_columns_aligned():
    history = load_history()
    history = json.loads(json.dumps(history).replace("Dörte", "Bartholomeus"))
    lines = render_grid(history).splitlines()
    header = lines[1]
    row = next(line for line in lines if line.split()[0] == "1")
    # The totals of the last player end in the same column as their header.
    assert header.index("total", header.rindex("pts")) + len("total") == row.rindex("20") + 2


def test_on_a_narrow_terminal_each_player_keeps_the_running_total_only():
    history = load_history()
    wide = render_grid(history, width=200).splitlines()
    narrow = render_grid(history, width=60).splitlines()
    assert wide == render_grid(history).splitlines()
    assert narrow[1].split() == ["Hand", "Dealer", "Winner", "total", "total", "total", "total",
                                 "Notes"]
    assert narrow[8].split() == ["7", "Cees", "Anna", "40", "64", "76", "106", "Dörte", "out"]
    assert max(len(line) for line in narrow[:14]) <= 60
    assert render_grid(history, colour=True, width=60) != render_grid(history, width=60)


# ---------------------------------------------------------------------------
# the chart
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("width", [40, 60, 80, 132])
def test_the_chart_fits_the_width(width):
    chart = render_chart(load_history(), width=width)
    assert max(len(line) for line in chart.splitlines()) <= width


def test_the_chart_draws_the_limit_line_and_labels_it():
    chart = render_chart(load_history(), width=80)
    limit_row = next(line for line in chart.splitlines() if line.startswith("100 |"))
    assert limit_row.count("-") > 40
    assert "--- limit 100" in chart


def test_the_chart_has_a_mark_per_player_and_a_legend():
    chart = render_chart(load_history(), width=80)
    plot = "\n".join(line.partition("|")[2] for line in chart.splitlines() if "|" in line)
    for mark in PLAYER_MARKS[:4]:
        assert mark in plot
    legend = chart.splitlines()[-1]
    assert "* Anna" in legend and "x Dörte" in legend


def test_a_player_line_stops_at_the_hand_that_put_them_out():
    chart = render_chart(load_history(), width=80)
    rows = [line.partition("|")[2] for line in chart.splitlines()[1:] if "|" in line]
    last_x = max(row.rfind("x") for row in rows)
    # Dörte went out after hand 7 of 12: the line ends a little past the middle.
    plot_w = 80 - 5
    assert 7 / 12 * plot_w - 2 <= last_x <= 7 / 12 * plot_w + 2


def test_a_long_series_is_drawn_in_the_width_all_the_same():
    history = load_history()
    hands = history["hands"]
    many = [dict(copy.deepcopy(hands[i % 6]), hand=i + 1, eliminated=[]) for i in range(500)]
    for i, h in enumerate(many):
        h["totals"] = {p: i for p in history["players"]}
    history["hands"] = many
    chart = render_chart(history, width=70)
    lines = chart.splitlines()
    assert max(len(line) for line in lines) <= 70
    axis = next(i for i, line in enumerate(lines) if line.lstrip().startswith("+-"))
    assert "500" in lines[axis + 1]


def test_casual_play_charts_the_hands_won():
    history = load_history()
    history["mode"] = "casual"
    chart = render_chart(history, width=60)
    assert chart.splitlines()[0] == "Hands won, running"
    assert "limit" not in chart


def test_casual_play_names_the_players_with_as_many_hands_won_under_the_chart():
    history = load_history()
    history["mode"] = "casual"
    for h in history["hands"]:
        h.update(winner="Bram", eliminated=[])
    chart = render_chart(history, width=60)
    assert "Anna, Cees and Dörte have the same number of hands won:\n" in chart


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 60), min_size=3, max_size=3), min_size=1, max_size=60),
       st.integers(20, 200))
def test_any_history_renders_within_the_width_without_escape_codes(points, width):
    players = ["Anna", "Bram", "Cees"]
    totals = dict.fromkeys(players, 0)
    hands = []
    for i, row in enumerate(points, 1):
        pts = dict(zip(players, row))
        for p in players:
            totals[p] += pts[p]
        hands.append({"hand": i, "dealer": players[i % 3], "winner": None, "blocked": True,
                      "points": pts, "totals": dict(totals), "eliminated": [],
                      "corrected": False, "corrections": []})
    history = {"players": players, "limit": 100, "mode": "elimination", "hands": hands}
    chart = render_chart(history, width=width)
    assert "\x1b" not in chart
    assert max(len(line) for line in chart.splitlines()) <= max(width, MIN_WIDTH)


# ---------------------------------------------------------------------------
# colour: only on a terminal, never with NO_COLOR or TERM=dumb
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("env, tty, wanted", [
    ({"TERM": "xterm-256color"}, True, True),
    ({"TERM": "xterm-256color"}, False, False),
    ({"TERM": "xterm-256color", "NO_COLOR": ""}, True, False),
    ({"TERM": "xterm-256color", "NO_COLOR": "1"}, True, False),
    ({"TERM": "dumb"}, True, False),
])
def test_colour_only_on_a_terminal_that_supports_it(env, tty, wanted):
    assert colour_wanted(env, tty) is wanted


# ---------------------------------------------------------------------------
# banners
# ---------------------------------------------------------------------------

def placed(standings: dict) -> dict:
    """``standings`` with each player's ``place``, as ``standings --json`` gives it."""
    place = places_of(standings["players"], standings["mode"])
    return {**standings, "players": [{**p, "place": place[p["name"]]} for p in standings["players"]]}


STANDINGS = placed({
    "players": [{"name": "Anna", "total": 77, "wins": 5, "eliminated": False, "left": False},
                {"name": "Bram", "total": 99, "wins": 4, "eliminated": False, "left": False},
                {"name": "Cees", "total": 104, "wins": 2, "eliminated": True, "left": False,
                 "out_hand": 9},
                {"name": "Dörte", "total": 106, "wins": 1, "eliminated": True, "left": False,
                 "out_hand": 7}],
    "series_winner": None, "mode": "elimination", "limit": 100})


def test_a_won_hand_gets_a_framed_banner():
    banner = render_banner([Event("hand_won", ("Anna",), "R6.1", hand=7)], STANDINGS)
    lines = banner.splitlines()
    assert lines[1] == "│ Anna wins hand 7. │"
    assert lines[0].startswith("┌") and lines[-1].startswith("└")
    assert len({len(line) for line in lines}) == 1


def test_an_elimination_is_told_in_the_banner():
    events = [Event("hand_won", ("Bram",), "R6.1", hand=11),
              Event("eliminated", ("Cees",), "R7.4", hand=11, total=104, limit=100)]
    banner = render_banner(events, STANDINGS)
    assert "Cees is out with 104 points (over 100)." in banner


def test_the_series_banner_names_the_winner_and_ranks_the_final_standings():
    standings = copy.deepcopy(STANDINGS)
    standings["players"][1].update(total=108, eliminated=True, out_hand=12)
    standings["series_winner"] = ["Anna"]
    events = [Event("hand_won", ("Cees",), "R6.1", hand=12),
              Event("eliminated", ("Bram",), "R7.4", hand=12, total=108, limit=100),
              Event("series_won", ("Anna",), "R7.4", hand=12)]
    banner = render_banner(events, placed(standings), width=80)
    golden("banner-series.txt", banner)
    lines = [line.strip("║ ") for line in banner.splitlines()]
    assert "Anna wins the series!" in banner
    ranked = [line.split()[1] for line in lines if line[:2] in ("1.", "2.", "3.", "4.")]
    # The winner first, then those out, the last to go out first (R7.4).
    assert ranked == ["Anna", "Bram", "Cees", "Dörte"]
    assert "1.  Anna    77 points  5 hands won  winner" in banner


def test_the_banner_counts_in_the_right_plural():
    standings = copy.deepcopy(STANDINGS)
    standings["players"][0].update(total=1, wins=1)
    standings["series_winner"] = ["Anna"]
    banner = render_banner([Event("series_won", ("Anna",), "R7.4", hand=3)], placed(standings))
    assert "1 point  1 hand won " in banner


def test_a_shared_win_puts_both_winners_first_at_the_same_place():
    standings = copy.deepcopy(STANDINGS)
    standings["players"][1]["total"] = 77
    standings["series_winner"] = ["Anna", "Bram"]
    banner = render_banner([Event("series_won", ("Anna", "Bram"), "R7.5", hand=12)], placed(standings))
    assert "Anna and Bram share the series win!" in banner
    assert "1.  Anna" in banner and "1.  Bram" in banner


def test_the_banner_in_colour_differs_only_by_the_codes():
    events = [Event("hand_won", ("Anna",), "R6.1", hand=7)]
    coloured = render_banner(events, STANDINGS, colour=True)
    assert ANSI.search(coloured)
    assert ANSI.sub("", coloured) == render_banner(events, STANDINGS, colour=False)


def test_no_events_no_banner():
    assert render_banner([], STANDINGS) == ""
