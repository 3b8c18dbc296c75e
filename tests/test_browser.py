"""The HTML export in a real browser: headless Chromium loads the page, the
DOM it builds is checked (one row per hand, the SVG chart, names shown as
text), a screenshot is taken and the page printed to PDF.

Chromium is Debian's ``chromium`` package, which ``.ci/run`` installs when it
is missing; without it these tests are skipped on a developer's machine and
fail in CI (``CI`` set), so CI never passes without having run them.
Screenshots go to the test's temporary folder, or to ``$PESTEN_REF_SCREENSHOTS``.
"""

from __future__ import annotations

import json
import os
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

import chromium
from referee.series.export import to_html
from test_export import HEADER
from test_export_cli import build_series
from test_scoreboard import load_history
from conftest import cli

if chromium.find() is None:
    if os.environ.get("CI"):
        pytest.fail("CI needs chromium for the browser tests (.ci/run installs it)",
                    pytrace=False)
    pytestmark = pytest.mark.skip(reason="chromium is not installed (apt-get install chromium)")


class DOM(HTMLParser):
    """The elements of a page as (tag, attributes, text inside), in document order."""

    def __init__(self, text: str):
        super().__init__()
        self.elements: list[dict] = []
        self._open: list[dict] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": "", "parent": list(self._open)}
        self.elements.append(element)
        if tag not in ("meta", "link", "br", "img", "input", "hr", "circle", "line", "path",
                       "polyline"):
            self._open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append({"tag": tag, "attrs": dict(attrs), "text": "",
                              "parent": list(self._open)})

    def handle_endtag(self, tag):
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i]["tag"] == tag:
                del self._open[i:]
                break

    def handle_data(self, data):
        for element in self._open:
            element["text"] += data

    def find(self, tag: str, **attrs: str) -> list[dict]:
        return [e for e in self.elements if e["tag"] == tag and
                all(e["attrs"].get(k) == v for k, v in attrs.items())]


def keep(png: Path) -> None:
    folder = os.environ.get("PESTEN_REF_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(png, Path(folder) / png.name)


def test_the_exported_page_in_a_browser_has_every_hand_the_chart_and_the_standings(tmp_path):
    save = tmp_path / "pesten.toml"
    names = ["Anna", "Bram", "D'Arcy", "Dörte"]
    build_series(save, names)
    page = tmp_path / "series.html"
    cli(save, "export", "--format", "html", "--output", str(page))

    dom = DOM(chromium.dump_dom(page))
    hands = dom.find("table", id="hands")
    assert len(hands) == 1
    rows = [e for e in dom.find("tr", **{"class": "hand"}) if hands[0] in e["parent"]]
    assert len(rows) == 12
    cells = [e["text"] for e in dom.find("td") if rows[6] in e["parent"]]
    assert cells == ["7", "D'Arcy", "Anna", "0", "40", "16", "64", "8", "76", "24", "106",
                     "Dörte out"]
    cells = [e["text"] for e in dom.find("td") if rows[7] in e["parent"]]
    assert cells[9:11] == ["-", "106"]  # Dörte is out: no points, the total stays

    svg = dom.find("svg", id="chart")
    assert len(svg) == 1
    lines = [e for e in dom.find("polyline") if svg[0] in e["parent"]]
    assert len(lines) == 4
    assert dom.find("line", **{"class": "limit"})

    standings = dom.find("table", id="standings")[0]
    ranked = [e["text"].split()[1] for e in dom.find("tr") if standings in e["parent"]
              and e["parent"][-1]["tag"] == "tbody"]
    assert ranked == ["Anna", "Bram", "D'Arcy", "Dörte"]
    assert "D'Arcy" in dom.find("title")[0]["text"]

    png = chromium.screenshot(page, tmp_path / "export-series.png")
    assert chromium.png_size(png) == (1000, 1400)
    keep(png)


def test_a_name_that_looks_like_a_tag_shows_as_text_in_the_browser(tmp_path):
    history = json.loads(json.dumps(load_history()).replace('"Anna"', '"<Anna>"')
                         .replace('"Bram"', json.dumps("<b>Bram</b> & co")))
    header = {**HEADER, "players": history["players"]}
    page = tmp_path / "escaped.html"
    page.write_bytes(to_html(history, header))
    dom = DOM(chromium.dump_dom(page))
    assert not dom.find("anna")
    assert not [e for e in dom.find("b") if "Bram" in e["text"]]
    heads = [e["text"] for e in dom.find("th", **{"class": "player"}) if e["attrs"].get("colspan")]
    assert heads == ["<Anna>", "<b>Bram</b> & co", "Cees", "Dörte"]
    titles = [e["text"] for e in dom.find("title")]
    assert "<Anna>" in titles[1:]  # the chart line's tooltip


def test_a_normal_series_prints_on_one_a4_page(tmp_path):
    page = tmp_path / "print.html"
    page.write_bytes(to_html(load_history(), HEADER, "0.1.0"))
    assert chromium.print_pdf(page, tmp_path / "print.pdf") == 1
