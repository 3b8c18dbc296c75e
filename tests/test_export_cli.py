"""``pesten-ref history`` and ``pesten-ref export`` through the command line
(NOTATION.md "Commands", "Exports"): a series scored hand by hand, one hand
corrected, then read back as text, CSV, JSON and HTML."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli
from test_scoreboard import load_history

REPO = Path(__file__).resolve().parent.parent


def build_series(save: Path, names: list[str] | None = None) -> dict:
    """Score the 12 hands of tests/data/history-12.json at ``save`` (hand 3
    first with its old points, then corrected); -> the fixture, renamed to ``names``."""
    history = load_history()
    if names:
        text = json.dumps(history, ensure_ascii=False)
        for old, new in zip(history["players"], names):
            text = text.replace(json.dumps(old, ensure_ascii=False), json.dumps(new, ensure_ascii=False))
        history = json.loads(text)
    players = history["players"]
    cli(save, "new", "--players", ",".join(players), "--dealer", players[0])
    for h in history["hands"]:
        points = h["corrections"][0]["old"] if h["corrected"] else h["points"]
        args = [f"{p}={n}" for p, n in points.items() if p != h["winner"]]
        cli(save, "score", "--winner", h["winner"], *args)
    for h in history["hands"]:
        if h["corrected"]:
            args = [f"{p}={n}" for p, n in h["points"].items() if p != h["winner"]]
            cli(save, "score", "--hand", str(h["hand"]), "--winner", h["winner"], *args)
    return history


@pytest.fixture
def series(tmp_path) -> tuple[Path, dict]:
    save = tmp_path / "pesten.toml"
    return save, build_series(save)


def test_history_json_matches_the_scored_series(series):
    save, expected = series
    data = json.loads(cli(save, "history", "--json").output)
    assert data["players"] == expected["players"]
    assert [h["totals"] for h in data["hands"]] == [h["totals"] for h in expected["hands"]]
    assert [h["eliminated"] for h in data["hands"]] == [h["eliminated"] for h in expected["hands"]]
    assert [h["corrected"] for h in data["hands"]] == [h["corrected"] for h in expected["hands"]]


def test_history_text_through_a_pipe_has_the_table_and_no_chart_or_colour(series):
    save, _ = series
    out = cli(save, "history").output
    assert "\x1b" not in out
    assert "Running totals" not in out
    lines = out.splitlines()
    assert lines[1].split()[:3] == ["Hand", "Dealer", "Winner"]
    assert any(line.split()[:2] == ["3*", "Cees"] for line in lines)
    assert "Dörte out" in out


def test_export_csv_to_stdout_has_the_bom_and_a_row_per_hand(series):
    save, expected = series
    from click.testing import CliRunner
    from referee.interface.cli import main
    result = CliRunner().invoke(main, ["export", "--format", "csv", "--save", str(save)])
    assert result.exit_code == 0, result.output
    data = result.stdout_bytes
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert len(rows) == 1 + len(expected["hands"])
    assert rows[12][-5:] == ["77", "99", "100", "106", "false"]


def test_export_json_is_history_plus_header(series):
    save, expected = series
    obj = json.loads(cli(save, "export", "--format", "json").output)
    assert obj["players"] == expected["players"]
    assert obj["rules"]["name"] == "standard"
    assert obj["mode"] == "elimination" and obj["limit"] == 100
    assert obj["created"] and obj["series_winner"] is None
    assert len(obj["hands"]) == 12
    assert obj["hands"][2]["corrections"][0]["old"]["Anna"] == 12


def test_export_to_a_file_writes_it_and_says_where(series, tmp_path):
    save, _ = series
    out = tmp_path / "series.html"
    result = cli(save, "export", "--format", "html", "--output", str(out))
    assert str(out) in result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count('<tr class="hand">') == 12


def test_export_again_onto_the_same_file_keeps_the_previous_one(series, tmp_path):
    save, _ = series
    out = tmp_path / "series.csv"
    cli(save, "export", "--format", "csv", "--output", str(out))
    first = out.read_bytes()
    cli(save, "score", "--winner", "Anna", "Bram=3", "Cees=4")
    cli(save, "export", "--format", "csv", "--output", str(out))
    assert (tmp_path / "series.csv.bak").read_bytes() == first
    assert out.read_bytes().count(b"\r\n") == first.count(b"\r\n") + 1


def test_export_refuses_to_write_over_the_save_file(series):
    save, _ = series
    before = save.read_bytes()
    result = cli(save, "export", "--format", "csv", "--output", str(save), code=2)
    assert "own save files" in result.output
    assert save.read_bytes() == before


def test_export_into_a_missing_folder_is_a_clear_error(series, tmp_path):
    save, _ = series
    result = cli(save, "export", "--format", "json", "--output", str(tmp_path / "no" / "x.json"),
                 code=2)
    assert "Cannot write" in result.output


def test_export_of_a_missing_series_is_a_clear_error(tmp_path):
    result = cli(tmp_path / "none.toml", "export", "--format", "csv", code=2)
    assert "pesten-ref new" in result.output


def test_export_needs_a_format(series):
    save, _ = series
    cli(save, "export", code=2)


def run_console(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("pesten-ref")
    return subprocess.run([str(exe), *args], capture_output=True, env={**os.environ, **env},
                          timeout=60)


def test_no_escape_codes_through_a_real_pipe_even_with_a_colour_terminal(series):
    save, _ = series
    done = run_console(["history", "--save", str(save)], {"TERM": "xterm-256color"})
    assert done.returncode == 0, done.stderr
    assert b"\x1b" not in done.stdout and b"Hand" in done.stdout


def test_score_through_a_pipe_tells_events_one_sentence_a_line(tmp_path):
    save = tmp_path / "s.toml"
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna", "--limit", "10")
    out = cli(save, "score", "--winner", "Anna", "Bram=12").output
    assert "Anna wins hand 1.\nBram is out with 12 points (over 10).\nAnna wins the series!" in out
    assert "║" not in out


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
@pytest.mark.parametrize("env, coloured", [({"TERM": "xterm-256color"}, True),
                                           ({"TERM": "xterm-256color", "NO_COLOR": "1"}, False),
                                           ({"TERM": "dumb"}, False)])
def test_on_a_terminal_history_draws_the_chart_in_colour_unless_told_not_to(series, env, coloured):
    save, _ = series
    out = on_a_terminal(["history", "--save", str(save)], env)
    assert "Running totals after each hand" in out
    assert ("\x1b[" in out) is coloured
    assert max(len(line) for line in out.splitlines() if "|" in line and "\x1b" not in line) <= 90


def on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """What ``pesten-ref ARGS`` shows on a terminal 90 columns wide (a pseudo-terminal;
    ``env`` on top of this process's environment but its NO_COLOR and TERM)."""
    import pty
    exe = Path(sys.executable).with_name("pesten-ref")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")} | env
    env["COLUMNS"] = "90"
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execve(str(exe), [str(exe), *args], env)
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.waitpid(pid, 0)
    return b"".join(chunks).decode("utf-8")


def five_out_one_by_one(save: Path) -> None:
    """Bram wins every hand: Anna and Eva out together after hand 1 (60 each), Daan
    after hand 2 (60), Cees after hand 3 (70), and Bram wins the series (R7.4)."""
    for args in (["new", "--players", "Anna,Bram,Cees,Daan,Eva", "--dealer", "Anna",
                  "--limit", "50"],
                 ["score", "--winner", "Bram", "Anna=60", "Cees=10", "Daan=5", "Eva=60"],
                 ["score", "--winner", "Bram", "Cees=10", "Daan=55"],
                 ["score", "--winner", "Bram", "Cees=50"]):
        done = run_console([*args, "--save", str(save)], {})
        assert done.returncode == 0, done.stderr


def html_standings(page: str) -> list[tuple[int, str]]:
    """(place, name) of each row of the page's standings table, top to bottom."""
    table = page[page.index('id="standings"'):]
    table = table[:table.index("</table>")]
    return [(int(place), name) for place, name in re.findall(
        r'<tr[^>]*>\s*<td>(\d+)</td>\s*<td class="name"><span[^>]*></span>([^<\s]+)', table)]


def test_the_terminal_the_json_and_the_page_place_the_players_alike_R7_4(tmp_path):
    """One ranking: those out rank after those still in, the last to go out first
    (R7.4); players out in the same hand with the same total share a place."""
    save = tmp_path / "s.toml"
    five_out_one_by_one(save)
    expected = [(1, "Bram"), (2, "Cees"), (3, "Daan"), (4, "Anna"), (4, "Eva")]
    text = run_console(["standings", "--save", str(save)], {}).stdout.decode("utf-8")
    rows = [line.split() for line in text.splitlines()[1:] if line[:5].strip().isdigit()]
    assert [(int(row[0]), row[1]) for row in rows] == expected
    data = json.loads(run_console(["standings", "--json", "--save", str(save)], {}).stdout)
    assert sorted((p["place"], p["name"]) for p in data["players"]) == expected
    page = run_console(["export", "--format", "html", "--save", str(save)], {}).stdout
    assert html_standings(page.decode("utf-8")) == expected


def test_the_page_names_the_series_winner_in_a_sentence_of_its_own(tmp_path):
    save = tmp_path / "s.toml"
    five_out_one_by_one(save)
    page = run_console(["export", "--format", "html", "--save", str(save)], {}).stdout
    assert '<p class="result won">Series winner: Bram. 3 hands scored.</p>' in page.decode("utf-8")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_on_a_terminal_a_line_the_same_as_another_shows_both_marks(tmp_path):
    """Bram scores what Anna scores, hand for hand: the chart's one line shows both
    their marks in turn, and the legend says whose line it is."""
    save = tmp_path / "s.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    for points in (5, 20, 12, 30):
        cli(save, "score", "--winner", "Cees", f"Anna={points}", f"Bram={points}")
    out = on_a_terminal(["history", "--save", str(save)], {"TERM": "dumb"})
    plot = [line.split("|", 1)[1] for line in out.splitlines() if "|" in line]
    anna, bram = (sum(line.count(mark) for line in plot) for mark in "*o")
    assert anna > 5 and bram > 5 and abs(anna - bram) <= 3
    assert "Anna and Bram have the same totals: their marks take turns on one line." in out


@pytest.mark.parametrize("fmt", ["csv", "json", "html"])
def test_export_output_dash_writes_to_standard_output_and_no_file(series, tmp_path, fmt):
    """``export --output -`` is standard output (NOTATION "Commands"): the same bytes as
    without ``--output``, and no file called ``-`` is made."""
    save, _ = series
    work = tmp_path / "work"
    work.mkdir()
    exe = [sys.executable, "-m", "referee"]
    env = dict(os.environ)
    dash = subprocess.run([*exe, "export", "--format", fmt, "--output", "-", "--save", str(save)],
                          capture_output=True, cwd=work, env=env, timeout=120)
    plain = subprocess.run([*exe, "export", "--format", fmt, "--save", str(save)],
                           capture_output=True, cwd=work, env=env, timeout=120)
    assert dash.returncode == 0, dash.stderr.decode()
    assert list(work.iterdir()) == []
    assert dash.stdout == plain.stdout and dash.stdout
    if fmt == "csv":
        assert dash.stdout.startswith(b"\xef\xbb\xbf")
    elif fmt == "json":
        assert len(json.loads(dash.stdout)["hands"]) == 12
    else:
        assert dash.stdout.lstrip().lower().startswith(b"<!doctype html")
