"""Scripts and damaged save files (NOTATION.md "Commands": ``play --script``,
``--keep-going``, exit statuses 1 and 2).

A script stops at its first refused line, telling that line's number on
stderr, and keeps everything before it; a script that cannot be read is bad
usage.  A save file that was hand-edited into something that no longer reads
or replays is reported with the file, the line or key path, exit status 2,
and is left byte for byte as it was.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import cli  # noqa: E402
from referee.interface.cli import main


def state(save) -> dict:
    return json.loads(cli(save, "state", "--json").stdout)


def replayed_inputs(save) -> list[str]:
    out = cli(save, "replay", "--json").stdout
    return [json.loads(line)["input"] for line in out.split("\n") if line.strip()]


@pytest.fixture
def save(tmp_path) -> Path:
    path = tmp_path / "pesten.toml"
    cli(path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    return path


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


# Line 5 is refused (4h does not match 9c); lines 2-3 are blank / comment.
SCRIPT = "start 9h\n\n# Anna opens\n9c\n4h   # a mis-typed card\n3c\n"


# ---------------------------------------------------------------------------
# play --script
# ---------------------------------------------------------------------------

def test_script_stops_at_the_bad_line_and_tells_its_number(save, tmp_path):
    script = write(tmp_path / "hand.txt", SCRIPT)
    result = cli(save, "play", "--script", str(script), code=1)
    assert re.search(r"\bline 5\b", result.stderr)
    assert "4h" in result.stderr and "R3.1" in result.stderr
    assert "9♣" in result.stdout
    st = state(save)                               # reopened from the save file
    assert st["top"] == "9c" and st["turn"] == "Bram"
    assert st["counts"] == {"Anna": 6, "Bram": 7, "Cees": 7}
    assert replayed_inputs(save) == ["start 9h", "9c"]


def test_script_with_json_stops_at_the_bad_line(save, tmp_path):
    script = write(tmp_path / "hand.txt", SCRIPT)
    result = cli(save, "play", "--script", str(script), "--json", code=1)
    objects = [json.loads(line) for line in result.stdout.split("\n") if line.strip()]
    assert [o["input"] for o in objects] == ["start 9h", "9c", "4h   # a mis-typed card"]
    assert [o["ok"] for o in objects] == [True, True, False]
    assert state(save) == objects[1]["state"]


def test_keep_going_applies_the_rest_and_exits_1(save, tmp_path):
    script = write(tmp_path / "hand.txt", SCRIPT + "Anna: 5c\n3d\n")   # line 7 out of turn
    result = cli(save, "play", "--script", str(script), "--keep-going", code=1)
    assert re.search(r"\bline 5\b", result.stderr) and re.search(r"\bline 7\b", result.stderr)
    assert "line 8" not in result.stderr
    st = state(save)
    assert st["top"] == "3d" and st["turn"] == "Anna"
    assert replayed_inputs(save) == ["start 9h", "9c", "3c", "3d"]


def test_keep_going_with_nothing_refused_exits_0(save, tmp_path):
    script = write(tmp_path / "hand.txt", "start 9h\n9c\n3c\n")
    cli(save, "play", "--script", str(script), "--keep-going")
    assert state(save)["top"] == "3c"


def test_script_with_windows_line_ends(save, tmp_path):
    script = tmp_path / "hand.txt"
    script.write_bytes(b"start 9h\r\n9c\r\n3c\r\n")
    cli(save, "play", "--script", str(script))
    assert replayed_inputs(save) == ["start 9h", "9c", "3c"]


def test_script_with_a_byte_order_mark(save, tmp_path):
    script = tmp_path / "hand.txt"
    script.write_bytes(b"\xef\xbb\xbfstart 9h\n9c\n")
    cli(save, "play", "--script", str(script))
    assert state(save)["top"] == "9c"


def test_script_that_is_not_utf8_is_bad_usage_and_applies_nothing(save, tmp_path):
    script = tmp_path / "hand.txt"
    script.write_bytes(b"start 9h\n9c \xff\xfe\n")
    before = state(save)
    result = cli(save, "play", "--script", str(script), code=2)
    assert "hand.txt" in result.stderr and "utf-8" in result.stderr.lower()
    assert len(result.stderr.strip().splitlines()) <= 2
    assert state(save) == before


def test_script_not_found_is_bad_usage(save, tmp_path):
    result = cli(save, "play", "--script", str(tmp_path / "nothere.txt"), code=2)
    assert "nothere.txt" in result.stderr
    assert state(save)["status"] == "waiting"


def test_script_that_is_a_folder_is_bad_usage(save, tmp_path):
    result = cli(save, "play", "--script", str(tmp_path), code=2)
    assert result.stderr


def test_stdin_that_is_not_utf8_is_refused_not_a_crash(save):
    runner = CliRunner(env={"PESTEN_REF_SAVE": None})
    result = runner.invoke(main, ["play", "--json", "--save", str(save)],
                           input=b"start 9h\n\xff\xfe9c\n9c\n")
    assert result.exit_code == 1 and "Traceback" not in result.output
    objects = [json.loads(line) for line in result.stdout.split("\n") if line.strip()]
    assert [o["ok"] for o in objects] == [True, False]
    assert state(save)["top"] == "9h"


# ---------------------------------------------------------------------------
# damaged save files
# ---------------------------------------------------------------------------

def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (but lock files) -> its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock")}


@pytest.fixture
def played(save) -> Path:
    """Hand 1 under way: start 9h, 9c, 3c, 3d (entries 1-4); Anna to play."""
    cli(save, "play", input="start 9h\n9c\n3c\n3d\n")
    return save


def hand_file(save: Path) -> Path:
    return save.parent / "pesten.hands" / "hand-00001.toml"


READERS_AND_WRITERS = [["state"], ["state", "--json"], ["play"], ["score", "--winner", "Anna"],
                       ["replay"], ["play", "--json"]]


@pytest.mark.parametrize("args", READERS_AND_WRITERS)
def test_an_entry_that_no_longer_replays(played, args):
    hand = hand_file(played)
    text = hand.read_text(encoding="utf-8")
    assert text.count('line = "3c"') == 1
    hand.write_text(text.replace('line = "3c"', 'line = "4s"'), encoding="utf-8")
    edited_line = next(i for i, line in enumerate(hand.read_text().splitlines(), 1)
                       if '"4s"' in line)
    before = snapshot(played.parent)
    result = cli(played, *args, input="9s\n", code=2)
    message = result.stderr
    assert str(hand) in message
    assert "hands[1].entries[3]" in message
    assert f"line {edited_line}" in message
    assert "4s" in message
    assert len(message.strip().splitlines()) <= 2
    assert snapshot(played.parent) == before


@pytest.mark.parametrize("which", ["series", "hand"])
@pytest.mark.parametrize("args", READERS_AND_WRITERS)
def test_a_file_that_is_not_toml_any_more(played, which, args):
    path = played if which == "series" else hand_file(played)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    broken_at = 3
    lines[broken_at - 1] = "players = = [\n"
    path.write_text("".join(lines), encoding="utf-8")
    before = snapshot(played.parent)
    result = cli(played, *args, input="9s\n", code=2)
    assert str(path) in result.stderr and f"line {broken_at}" in result.stderr
    assert snapshot(played.parent) == before


def test_standings_reports_a_damaged_series_file(played):
    played.write_text(played.read_text(encoding="utf-8").replace("hand = 1", "hand = = 1"),
                      encoding="utf-8")
    before = snapshot(played.parent)
    result = cli(played, "standings", code=2)
    assert str(played) in result.stderr and "line" in result.stderr
    assert snapshot(played.parent) == before


@pytest.mark.parametrize("which", ["series", "hand"])
def test_a_newer_format_is_refused(played, which):
    path = played if which == "series" else hand_file(played)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("format = 1\n")
    path.write_text("format = 2\n" + text[len("format = 1\n"):], encoding="utf-8")
    before = snapshot(played.parent)
    for args in (["state"], ["play"], ["score", "--winner", "Anna"]):
        result = cli(played, *args, input="9s\n", code=2)
        assert str(path) in result.stderr and "newer" in result.stderr
    assert snapshot(played.parent) == before


def test_a_series_file_without_its_rules_is_reported(played):
    text = played.read_text(encoding="utf-8")
    played.write_text(text[:text.index("[rules]")], encoding="utf-8")
    before = snapshot(played.parent)
    result = cli(played, "state", code=2)
    assert str(played) in result.stderr and "rules" in result.stderr
    assert snapshot(played.parent) == before


def test_a_file_that_is_not_a_save_file(played):
    played.write_text('title = "my shopping list"\n', encoding="utf-8")
    before = snapshot(played.parent)
    result = cli(played, "state", code=2)
    assert str(played) in result.stderr and "format" in result.stderr
    assert snapshot(played.parent) == before


def test_new_force_replaces_a_damaged_series(played):
    played.write_text("format = = 1\n", encoding="utf-8")
    cli(played, "new", "--players", "Anna,Bram", "--dealer", "Bram", code=2)
    cli(played, "new", "--players", "Anna,Bram", "--dealer", "Bram", "--force")
    assert state(played)["counts"] == {"Anna": 7, "Bram": 7}


def test_a_missing_hand_file_is_reported(played):
    hand_file(played).unlink()
    result = cli(played, "state", "--json", code=2)
    assert "hand-00001.toml" in result.stderr
