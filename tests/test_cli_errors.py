"""How the command line fails (NOTATION.md "Commands"): a clear sentence on
stderr, the exit status, nothing changed, and under ``--json`` the same error as
one JSON object ``{"ok": false, "error": ..., "exit": N}`` on stdout.

Covers ``rules`` for an unknown rule id or house-rule file, errors under
``--json`` (click's own usage errors included), ``play --script`` with a script
that cannot be read, and save files or folders made read-only.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from conftest import cli  # noqa: E402
from test_cli import ANNA_WINS, jlines, locked, new3, save, state, won  # noqa: F401  (fixtures)


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative name -> bytes), to show nothing changed."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def json_error(result) -> dict:
    """The one JSON error object a failed ``--json`` command printed on stdout."""
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout
    obj = json.loads(lines[0])
    assert obj["ok"] is False and obj["exit"] == result.exit_code
    assert obj["error"] and obj["error"] in result.stderr
    return obj


# ---------------------------------------------------------------------------
# rules WHAT: found or not
# ---------------------------------------------------------------------------

def test_rules_an_unknown_rule_id_is_exit_2_with_a_sentence(save):
    result = cli(save, "rules", "R9.99", code=2)
    assert "There is no rule R9.99" in result.stderr and "`rules R5.1`" in result.stderr
    assert result.stdout == ""


def test_rules_a_missing_house_rule_file_is_exit_2(save, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(save, "rules", "bad.toml", code=2)
    assert 'no house-rule file "bad.toml"' in result.stderr and "family" in result.stderr


def test_rules_a_house_rule_file_that_does_not_read_is_exit_2(save, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.toml").write_text("stackng = 1\n", encoding="utf-8")
    result = cli(save, "rules", "bad.toml", code=2)
    assert "bad.toml, line 1" in result.stderr and "did you mean `stacking`?" in result.stderr
    (tmp_path / "broken.toml").write_bytes(b"\xff\xfe = 1\n")
    assert "broken.toml" in cli(save, "rules", "broken.toml", code=2).stderr


def test_rules_topic_words_that_match_nothing_are_exit_2(save):
    assert "xyzzy" in cli(save, "rules", "xyzzy", code=2).stderr


@pytest.mark.parametrize("what", [["R4.2"], ["laatste", "kaart"], ["family"], ["R5"], []])
def test_rules_that_exist_still_answer_with_exit_0(save, what):
    assert cli(save, "rules", *what).stdout.strip()


def test_rules_r9_9_at_the_table_is_still_a_query_that_answers(save):
    new3(save)
    [obj] = jlines(cli(save, "play", "--json", input="rules R9.99\n"))
    assert obj["ok"] is True and "There is no rule R9.99" in obj["ruling"]


# ---------------------------------------------------------------------------
# errors under --json
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["state", "--json"], ["standings", "--json"], ["play", "--json"],
    ["score", "--json", "--winner", "Anna"], ["replay", "--json"],
])
def test_no_series_under_json_is_one_error_object(save, args):
    result = cli(save, *args, input="", code=2)
    assert str(save) in json_error(result)["error"]


@pytest.mark.parametrize("args", [
    ["play", "--json", "--bogus"],                    # click: no such option
    ["replay", "--json", "--hand", "0"],              # click: a bad value
    ["state", "--json", "extra"],                     # click: an unexpected argument
    ["simulate", "--json", "--players", "9"],
    ["score", "--json", "Anna"],                      # our own usage check
    ["nonsense", "--json"],                           # click: no such command
])
def test_bad_usage_under_json_is_one_error_object_exit_2(save, args):
    new3(save)
    before = files_of(save.parent)
    result = cli(save, *args, code=2)
    json_error(result)
    assert files_of(save.parent) == before


def test_bad_usage_without_json_prints_nothing_on_stdout(save):
    result = cli(save, "play", "--bogus", code=2)
    assert result.stdout == "" and "--bogus" in result.stderr


def test_a_refused_score_under_json_is_an_error_object_exit_1(won):
    result = cli(won, "score", "--json", "Bram=30", code=1)   # Cees not given
    obj = json_error(result)
    assert "Cees" in obj["error"] and "(R7" in obj["error"]


def test_a_damaged_save_under_json_is_an_error_object(save):
    new3(save)
    save.write_text("format = 1\nplayers = [\n", encoding="utf-8")
    result = cli(save, "standings", "--json", code=2)
    assert "line" in json_error(result)["error"]


def test_a_busy_save_under_json_is_an_error_object_exit_3(locked):
    save, pid = locked
    result = cli(save, "score", "--json", "Bram=30", "Cees=20", code=3)
    assert str(pid) in json_error(result)["error"]


def test_play_json_prints_one_object_per_line_and_a_refusal_is_no_error_object(save):
    new3(save)
    result = cli(save, "play", "--json", input="start 9h\n7h\n# a comment\n2c\n5h\n", code=1)
    objects = jlines(result)
    assert [o["input"] for o in objects] == ["start 9h", "7h", "2c"]
    assert objects[-1]["ok"] is False and "exit" not in objects[-1]
    assert "Stopped at line 4" in result.stderr


def test_play_json_with_keep_going_answers_every_line(save):
    new3(save)
    result = cli(save, "play", "--json", "--keep-going", input="start 9h\n2c\n7h\nstate\n", code=1)
    assert [o["input"] for o in jlines(result)] == ["start 9h", "2c", "7h", "state"]


# ---------------------------------------------------------------------------
# play --script FILE that cannot be read
# ---------------------------------------------------------------------------

def test_play_script_missing_changes_nothing(save, tmp_path):
    new3(save)
    before = files_of(save.parent)
    result = cli(save, "play", "--script", str(tmp_path / "missing.txt"), code=2)
    assert "Cannot read the script" in result.stderr and "missing.txt" in result.stderr
    assert files_of(save.parent) == before


def test_play_script_missing_after_a_scored_hand_deals_no_hand(won, tmp_path):
    cli(won, "score", "Bram=30", "Cees=20")
    before = files_of(won.parent)
    result = cli(won, "play", "--json", "--script", str(tmp_path / "missing.txt"), code=2)
    json_error(result)
    assert files_of(won.parent) == before


def test_play_script_not_utf8_changes_nothing(save, tmp_path):
    new3(save)
    script = tmp_path / "latin1.txt"
    script.write_bytes("start 9h\n# caf\xe9\n".encode("latin-1"))
    before = files_of(save.parent)
    assert "not UTF-8" in cli(save, "play", "--script", str(script), code=2).stderr
    assert files_of(save.parent) == before


# ---------------------------------------------------------------------------
# read-only save files and folders
# ---------------------------------------------------------------------------

def read_only(path: Path) -> None:
    path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


@pytest.fixture
def writable_again(save):
    """Give write permission back after the test, so tmp_path can be removed."""
    yield
    for path in [save.parent, *save.parent.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)


@pytest.mark.parametrize("args, stdin", [
    (["play"], "start 9h\n"), (["score", "Bram=30", "Cees=20"], None),
    (["new", "--players", "Dirk,Eva", "--force"], None),
])
def test_a_read_only_series_file_is_refused_not_overwritten(won, writable_again, args, stdin):
    read_only(won)
    before = files_of(won.parent)
    result = cli(won, *args, input=stdin, code=2)
    assert f"{won} is read-only" in result.stderr and "nothing was written" in result.stderr
    assert files_of(won.parent) == before
    assert stat.S_IMODE(won.stat().st_mode) & 0o222 == 0


def test_a_read_only_hand_file_is_refused_not_overwritten(save, writable_again):
    new3(save)
    hand = save.parent / "pesten.hands" / "hand-00001.toml"
    read_only(hand)
    before = files_of(save.parent)
    result = cli(save, "play", input="start 9h\n", code=2)
    assert f"{hand} is read-only" in result.stderr
    assert files_of(save.parent) == before


@pytest.mark.parametrize("folder", [".", "pesten.hands"])
def test_a_read_only_folder_is_refused(save, writable_again, folder):
    new3(save)
    read_only(save.parent / folder)
    before = files_of(save.parent)
    result = cli(save, "play", "--json", input="start 9h\n", code=2)
    assert "read-only" in json_error(result)["error"]
    assert files_of(save.parent) == before
    assert not any(name.endswith(".tmp") for name in os.listdir(save.parent / folder))


def test_new_in_a_read_only_folder_writes_nothing(tmp_path, writable_again):
    folder = tmp_path / "ro"
    folder.mkdir()
    read_only(folder)
    result = cli(folder / "x.toml", "new", "--players", "Anna,Bram", code=2)
    assert "The folder" in result.stderr and "read-only" in result.stderr
    assert list(folder.iterdir()) == []


def test_reading_commands_work_on_a_read_only_series(won, writable_again):
    read_only(won)
    read_only(won.parent)
    assert state(won)["winner"] == "Anna"
    cli(won, "standings")
    cli(won, "replay")
