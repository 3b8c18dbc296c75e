"""Exports (NOTATION.md "Exports"): CSV with a byte-order mark, JSON = history
plus the series header, one self-contained HTML page with every name escaped
(referee/series/export.py).  Golden files in tests/golden/ (see test_scoreboard.py)."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser

import pytest

from referee.series.export import (FORMATS, chart_geometry, export, json_object, to_csv, to_html,
                            to_json, write_output)
from test_scoreboard import golden, load_history

HEADER = {"id": 3, "players": ["Anna", "Bram", "Cees", "Dörte"],
          "rules": {"name": "standard", "table": {"deal_size": 7}}, "mode": "elimination",
          "limit": 100, "hands": None, "hands_scored": 12, "created": "2024-01-05T19:30:00+00:00",
          "updated": "2024-01-05T22:10:00+00:00", "series_winner": None}


def rename(history: dict, old: str, new: str) -> dict:
    return json.loads(json.dumps(history).replace(f'"{old}"', json.dumps(new)))


# ---------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------

def test_csv_matches_golden():
    golden("export-12.csv", to_csv(load_history()).decode("utf-8"))


def test_csv_starts_with_a_byte_order_mark_and_keeps_accents():
    data = to_csv(load_history())
    assert data.startswith(b"\xef\xbb\xbf")
    assert "Dörte".encode("utf-8") in data


def test_csv_has_the_notation_headers_and_one_row_per_hand():
    rows = list(csv.reader(io.StringIO(to_csv(load_history()).decode("utf-8-sig"))))
    assert rows[0] == ["hand", "dealer", "winner", "points:Anna", "points:Bram", "points:Cees",
                       "points:Dörte", "total:Anna", "total:Bram", "total:Cees", "total:Dörte",
                       "corrected"]
    assert [r[0] for r in rows[1:]] == [str(n) for n in range(1, 13)]
    assert rows[7] == ["7", "Cees", "Anna", "0", "16", "8", "24", "40", "64", "76", "106", "false"]


def test_R7_3_the_csv_marks_a_corrected_hand_as_history_does():
    history = load_history()
    rows = list(csv.reader(io.StringIO(to_csv(history).decode("utf-8-sig"))))
    marked = [r[0] for r in rows[1:] if r[-1] == "true"]
    assert marked == [str(h["hand"]) for h in history["hands"] if h["corrected"]] == ["3"]
    assert {r[-1] for r in rows[1:]} == {"true", "false"}


def test_csv_leaves_the_points_of_a_player_not_in_the_hand_empty():
    rows = list(csv.reader(io.StringIO(to_csv(load_history()).decode("utf-8-sig"))))
    assert rows[8][6] == "" and rows[8][10] == "106"


def test_csv_of_a_blocked_hand_has_an_empty_winner():
    history = load_history()
    history["hands"][0].update(winner=None, blocked=True)
    rows = list(csv.reader(io.StringIO(to_csv(history).decode("utf-8-sig"))))
    assert rows[1][2] == ""


def test_csv_quotes_a_name_with_a_comma_or_quote_as_a_spreadsheet_expects():
    history = rename(load_history(), "Anna", 'Anna, "A"')
    rows = list(csv.reader(io.StringIO(to_csv(history).decode("utf-8-sig"))))
    assert rows[0][3] == 'points:Anna, "A"'


# ---------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------

def test_json_matches_golden():
    golden("export-12.json", to_json(load_history(), HEADER).decode("utf-8"))


def test_json_is_the_history_object_plus_the_series_header():
    history = load_history()
    data = to_json(history, HEADER)
    assert data.count(b"\n") == 1 and data.endswith(b"\n")
    obj = json.loads(data)
    for key, value in history.items():
        assert obj[key] == value
    assert obj["rules"]["name"] == "standard"
    assert obj["created"] == "2024-01-05T19:30:00+00:00"
    assert obj["series_winner"] is None
    assert obj["hands_planned"] is None


def test_json_turns_a_datetime_into_iso_text():
    from datetime import datetime, timezone
    header = {**HEADER, "created": datetime(2024, 1, 5, 19, 30, tzinfo=timezone.utc)}
    assert json_object(load_history(), header)["created"] == "2024-01-05T19:30:00Z"


# ---------------------------------------------------------------------------
# HTML (the page's DOM is checked in a real browser in test_browser.py)
# ---------------------------------------------------------------------------

class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse(page: bytes) -> _Collect:
    parser = _Collect()
    parser.feed(page.decode("utf-8"))
    return parser


def test_the_page_is_self_contained():
    page = to_html(load_history(), HEADER, "0.1.0")
    doc = parse(page)
    for tag, attrs in doc.tags:
        assert tag not in ("link", "script", "img", "iframe"), tag
        for name, value in attrs.items():
            if name in ("src", "href"):
                pytest.fail(f"<{tag} {name}={value}> points outside the page")
    assert not re.search(rb"https?://(?!www\.w3\.org/2000/svg)", page)
    assert b"<style>" in page and b"<svg" in page


def test_the_page_has_a_row_per_hand_and_the_standings():
    doc = parse(to_html(load_history(), HEADER))
    rows = [a for t, a in doc.tags if t == "tr" and a.get("class") == "hand"]
    assert len(rows) == 12
    text = "".join(doc.text)
    assert "Dörte out" in text
    assert "Pesten series: Anna, Bram, Cees and Dörte" in text


def test_every_name_is_escaped_on_the_page():
    history = rename(load_history(), "Anna", "<Anna>")
    header = {**HEADER, "players": ["<Anna>", "Bram", "Cees", "Dörte"]}
    page = to_html(history, header)
    assert b"<Anna>" not in page
    assert b"&lt;Anna&gt;" in page
    doc = parse(page)
    assert "anna>" not in [t for t, _ in doc.tags]
    assert "<Anna>" in "".join(doc.text)


def test_a_name_cannot_break_out_of_an_attribute_or_the_svg():
    history = rename(load_history(), "Bram", '"><script>alert(1)</script>')
    page = to_html(history, HEADER)
    assert b"<script>" not in page
    assert not [t for t, _ in parse(page).tags if t == "script"]


def test_the_chart_draws_a_line_per_player_and_the_limit():
    geo = chart_geometry(load_history())
    assert len(geo["lines"]) == 4
    assert geo["limit"] is not None and geo["y0"] < geo["limit"] < geo["y1"]
    dorte = geo["lines"][3]
    assert dorte["out"] and dorte["value"] == 106
    assert len(dorte["points"].split()) == 8  # positions 0 .. 7: out after hand 7
    assert [label for _, label in geo["yticks"]] == ["0", "20", "40", "60", "80", "100", "120"]


def test_a_long_series_is_sampled_in_the_chart_but_ends_exactly():
    history = load_history()
    hands = []
    for i in range(5000):
        hands.append({"hand": i + 1, "dealer": "Anna", "winner": "Anna", "blocked": False,
                      "points": {"Anna": 0, "Bram": 1}, "totals": {"Anna": 0, "Bram": i + 1},
                      "eliminated": [], "corrected": False, "corrections": []})
    history.update(players=["Anna", "Bram"], hands=hands, mode="hands", limit=None)
    geo = chart_geometry(history)
    bram = geo["lines"][1]
    assert len(bram["points"].split()) <= 1300
    assert bram["value"] == 5000
    assert geo["xticks"][-1][1] == "5000"


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_exports_an_empty_series(fmt):
    history = {"players": ["Anna", "Bram"], "limit": 100, "mode": "elimination", "hands": []}
    data = export(fmt, history, {**HEADER, "players": ["Anna", "Bram"]})
    assert data


def test_an_unknown_format_is_a_programming_error():
    with pytest.raises(ValueError):
        export("pdf", load_history(), HEADER)


# ---------------------------------------------------------------------------
# --output FILE
# ---------------------------------------------------------------------------

def test_output_replaces_an_earlier_export_and_keeps_it_as_bak(tmp_path):
    target = tmp_path / "series.csv"
    target.write_bytes(b"old")
    write_output(str(target), b"new", [str(tmp_path / "pesten.toml")])
    assert target.read_bytes() == b"new"
    assert (tmp_path / "series.csv.bak").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["series.csv", "series.csv.bak"]


def test_output_refuses_the_series_own_files(tmp_path):
    save = tmp_path / "pesten.toml"
    save.write_text("format = 1\n")
    hands = tmp_path / "pesten.hands"
    hands.mkdir()
    for target in (save, hands / "hand-00001.toml"):
        with pytest.raises(ValueError, match="own save files"):
            write_output(str(target), b"x", [str(save), str(hands)])
    assert save.read_text() == "format = 1\n"


# ---------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

NAMES = st.text(st.sampled_from("abcXYZéöçñßØ'-._0123"), min_size=1, max_size=8).filter(
    lambda s: s[0].isalnum())


@settings(max_examples=30, deadline=None)
@given(st.lists(NAMES, min_size=2, max_size=6, unique_by=str.casefold),
       st.lists(st.integers(0, 200), min_size=1, max_size=40))
def test_csv_reads_back_every_name_and_number(names, points):
    totals = dict.fromkeys(names, 0)
    hands = []
    for i, pts in enumerate(points, 1):
        winner = names[i % len(names)]
        row = {p: 0 if p == winner else pts for p in names}
        for p in names:
            totals[p] += row[p]
        hands.append({"hand": i, "dealer": names[(i + 1) % len(names)], "winner": winner,
                      "blocked": False, "points": row, "totals": dict(totals),
                      "eliminated": [], "corrected": False, "corrections": []})
    history = {"players": names, "limit": None, "mode": "hands", "hands": hands}
    rows = list(csv.reader(io.StringIO(to_csv(history).decode("utf-8-sig"), newline="")))
    assert rows[0][3:] == [f"points:{p}" for p in names] + [f"total:{p}" for p in names] + ["corrected"]
    for h, row in zip(hands, rows[1:]):
        assert row[:3] == [str(h["hand"]), h["dealer"], h["winner"]]
        assert [int(x) for x in row[3:-1]] == [h["points"][p] for p in names] + \
            [h["totals"][p] for p in names]
        assert row[-1] == "false"
    page = parse(to_html(history, {**HEADER, "players": names}))
    text = "".join(page.text)
    assert all(p in text for p in names)
