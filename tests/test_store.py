"""Save files (referee.series.store): round trips, backups, damaged files, formats, locking."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import tomli_w
from freezegun import freeze_time
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.series import store
from referee.series.store import FORMAT, SaveBusy, SaveError, SaveFile, key_path, render

REPO = Path(__file__).resolve().parents[1]
posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX locking and signals")

AWKWARD = [
    "Anna",
    "Bram de Vries",
    "Zoë Müller-Ångström",
    "Søren 🃏",
    'Jan "de Boer"',
    "it's [Kees]",
    "a=b",
    "x = [1]",
    "back\\slash",
    "tab\there",
    "{curly}",
    "#not a comment",
    "",
]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (but the lock file, which holds a pid)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix != ".lock"
    }


@pytest.fixture
def save(tmp_path) -> SaveFile:
    return SaveFile(tmp_path / "pesten.toml")


# --------------------------------------------------------------------- layout


def test_layout_names(tmp_path):
    save = SaveFile(tmp_path / "pesten.toml")
    assert save.hands_dir == tmp_path / "pesten.hands"
    assert save.hand_path(3) == tmp_path / "pesten.hands" / "hand-00003.toml"
    assert save.lock_path == tmp_path / "pesten.toml.lock"
    assert save.backup_path() == tmp_path / "pesten.toml.bak"
    other = SaveFile(tmp_path / "friday night")
    assert other.hands_dir == tmp_path / "friday night.hands"
    with pytest.raises(ValueError):
        save.hand_path(0)


def test_hand_numbers_sorted_and_only_hand_files(save):
    assert save.hand_numbers() == []
    for n in (3, 1, 12, 3):
        save.write_hand(n, {"hand": n})
    (save.hands_dir / "notes.txt").write_text("ours, not a hand")
    (save.hands_dir / ".hand-00007.toml.123.tmp").write_text("left by a crash")
    assert save.hand_numbers() == [1, 3, 12]
    assert save.has_hand(12) and not save.has_hand(7)


# --------------------------------------------------------------------- round trips


def test_awkward_names_round_trip_as_keys_and_values(save):
    data = {
        "players": AWKWARD,
        "totals": {name: i for i, name in enumerate(AWKWARD)},
        "standings": [{"name": name, "total": i, "eliminated": i % 2 == 0} for i, name in enumerate(AWKWARD)],
        "nested": {name: {"seat": name} for name in AWKWARD},
    }
    save.write_series(data)
    assert save.read_series() == {"format": FORMAT, **data}
    save.write_hand(1, {"entries": [{"line": f"{name}: 7h", "by": name} for name in AWKWARD]})
    assert [e["by"] for e in save.read_hand(1)["entries"]] == AWKWARD


text = st.text(max_size=30)
scalar = st.one_of(
    text,
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.booleans(),
    st.floats(allow_nan=False),
    st.datetimes(timezones=st.just(timezone.utc)),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    header=st.dictionaries(text, scalar, max_size=5),
    entries=st.lists(st.dictionaries(text, scalar, max_size=4), max_size=8),
    table=st.dictionaries(text, st.dictionaries(text, scalar, max_size=3), max_size=3),
)
def test_any_plain_data_round_trips(save, header, entries, table):
    data = {**header, "entries": entries, "table": table}
    data.pop("format", None)
    save.write_hand(1, data)
    assert save.read_hand(1) == {"format": FORMAT, **data}


@settings(max_examples=60, deadline=None)
@given(entries=st.lists(st.dictionaries(text, scalar, min_size=1, max_size=3), min_size=1, max_size=5))
def test_log_lines_are_written_as_tomli_w_writes_them(entries):
    """Where tomli_w itself writes the list inline, our layout is byte-identical."""
    reference = tomli_w.dumps({"format": FORMAT, "entries": entries})
    if "[[entries]]" not in reference:
        assert render({"entries": entries}) == reference


def test_nested_tables_and_lists_round_trip(save):
    data = {
        "hand": 7,
        "entries": [{"line": "7h", "by": "Anna"}],
        "history": [{"hand": 1, "points": {"Anna": 0, "Bram B": 23}, "cards": {"Bram B": ["Ah", "Ks"]}}],
        "result": {"winner": "Anna", "cards": {"Bram B": ["Ah", "Ks"]}, "left": []},
        "rules": {"name": "standard", "points": {"A": 15, "Joker": 20}, "series": {"mode": "elimination"}},
    }
    save.write_hand(7, data)
    assert save.read_hand(7) == {"format": FORMAT, **data}


def test_long_entries_stay_one_per_line(save):
    long_name = "Anna-Sophie Wilhelmina van den Bergh tot Oudenrijn"
    entries = [{"line": f"{long_name}: 7h 7s 9s lk # {i}", "by": long_name, "at": datetime(2024, 5, 1, tzinfo=timezone.utc)}
               for i in range(5)]
    save.write_hand(1, {"entries": entries})
    text = save.hand_path(1).read_text(encoding="utf-8")
    assert "[[entries]]" not in text
    assert sum(1 for line in text.splitlines() if line.startswith("    { line = ")) == 5
    assert text.splitlines()[0] == f"format = {FORMAT}"


def test_none_is_dropped_at_every_depth(save):
    save.write_series({"winner": None, "a": {"b": None, "c": 1}, "l": [1, None, 2], "d": [{"x": None, "y": "z"}]})
    assert save.read_series() == {"format": FORMAT, "a": {"c": 1}, "l": [1, 2], "d": [{"y": "z"}]}


def test_values_toml_cannot_hold_are_a_type_error(save):
    with pytest.raises(TypeError, match="set"):
        save.write_series({"a": {"b": {1, 2}}})
    with pytest.raises(TypeError):
        save.write_series({1: "not a str key"})
    assert not save.exists()


@freeze_time("2024-05-01 20:13:05.250000")
def test_times_are_stored_in_utc_and_round_trip(save):
    now = datetime.now(timezone.utc)
    amsterdam = timezone(timedelta(hours=2))
    save.write_hand(1, {
        "dealt": now,
        "entries": [
            {"line": "start 9h", "at": now},
            {"line": "7h", "at": now.astimezone(amsterdam)},
            {"line": "8h", "at": datetime.utcnow()},  # naive: taken to be UTC
        ],
    })
    back = save.read_hand(1)
    assert back["dealt"] == now and back["dealt"].utcoffset() == timedelta(0)
    assert [e["at"] for e in back["entries"]] == [now, now, now]
    assert all(e["at"].utcoffset() == timedelta(0) for e in back["entries"])
    assert "2024-05-01 20:13:05.250000+00:00" in save.hand_path(1).read_text(encoding="utf-8")


# --------------------------------------------------------------------- backups and atomic writes


def test_backup_holds_the_previous_version(save):
    save.write_series({"v": 1})
    assert not save.backup_path().exists()
    save.write_series({"v": 2})
    save.write_series({"v": 3})
    assert save.read_series()["v"] == 3
    assert tomllib.loads(save.backup_path().read_text(encoding="utf-8"))["v"] == 2
    save.write_hand(2, {"v": 1})
    save.write_hand(2, {"v": 2})
    hand_backup = save.backup_path(save.hand_path(2))
    assert hand_backup.name == "hand-00002.toml.bak"
    assert tomllib.loads(hand_backup.read_text(encoding="utf-8"))["v"] == 1


def test_failed_write_leaves_the_old_file_and_no_temporary(save, monkeypatch):
    save.write_series({"v": 1})
    save.write_series({"v": 2})
    before = snapshot(save.path.parent)

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(store.os, "fsync", broken_fsync)
    with pytest.raises(SaveError) as caught:
        save.write_series({"v": 3})
    monkeypatch.undo()
    assert "pesten.toml" in str(caught.value) and "unchanged" in str(caught.value)
    assert caught.value.exit_code == 2
    assert snapshot(save.path.parent) == before


def test_write_into_a_missing_folder_is_a_save_error(tmp_path):
    save = SaveFile(tmp_path / "no such folder" / "pesten.toml")
    with pytest.raises(SaveError, match="could not be written"):
        save.write_series({"v": 1})


# --------------------------------------------------------------------- reading errors


def test_missing_series_points_to_new(save):
    with pytest.raises(SaveError) as caught:
        save.read_series()
    assert "pesten.toml" in str(caught.value)
    assert "pesten-ref new --players" in str(caught.value)
    assert caught.value.exit_code == 2


def test_missing_hand_file_is_named(save):
    save.write_hand(1, {"hand": 1})
    with pytest.raises(SaveError, match="hand-00002.toml"):
        save.read_hand(2)


def test_damaged_file_reports_its_line_and_nothing_is_written(save):
    save.write_series({"players": ["Anna", "Bram"], "dealer": "Anna"})
    save.write_series({"players": ["Anna", "Bram"], "dealer": "Bram"})
    lines = save.path.read_text(encoding="utf-8").splitlines()
    assert lines[1].startswith("players")
    lines[1] = "players = [Anna, Bram]"  # an edit gone wrong, on line 2
    save.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = snapshot(save.path.parent)

    with save.lock(), pytest.raises(SaveError) as caught:
        save.read_series()
    error = caught.value
    assert error.line == 2 and error.file == save.path
    assert "line 2, column" in str(error)
    assert "Nothing was written" in str(error)
    assert "pesten.toml.bak" in str(error)
    assert "Traceback" not in str(error)
    assert snapshot(save.path.parent) == before


def test_damaged_file_without_backup_does_not_promise_one(save):
    save.path.write_text('format = 1\nplayers = ["Anna"\n', encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        save.read_series()
    assert caught.value.line is not None
    assert ".bak" not in str(caught.value)


def test_damaged_hand_file_names_the_hand_file(save):
    save.write_hand(4, {"entries": [{"line": "7h"}]})
    path = save.hand_path(4)
    path.write_text(path.read_text(encoding="utf-8") + "oops\n", encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        save.read_hand(4)
    assert caught.value.file == path
    assert str(path) in str(caught.value)
    assert caught.value.line == len(path.read_text(encoding="utf-8").splitlines())


def test_bytes_that_are_not_utf8_are_located(save):
    save.path.write_bytes(b'format = 1\ndealer = "Bram"\nname = "Z\xf6e"\n')
    with pytest.raises(SaveError) as caught:
        save.read_series()
    assert caught.value.line == 3
    assert "UTF-8" in str(caught.value)


def test_byte_order_mark_is_accepted(save):
    save.path.write_bytes(b'\xef\xbb\xbfformat = 1\ndealer = "Bram"\n')
    assert save.read_series()["dealer"] == "Bram"


@pytest.mark.parametrize("first_line", ["format = 2", "format = 17"])
def test_newer_format_is_refused(save, first_line):
    save.path.write_text(f'{first_line}\nplayers = ["Anna"]\n', encoding="utf-8")
    before = save.path.read_bytes()
    with pytest.raises(SaveError) as caught:
        save.read_series()
    found = first_line.split()[-1]
    assert f"newer pesten-ref (format {found})" in str(caught.value)
    assert f"up to format {FORMAT}" in str(caught.value)
    assert caught.value.where == "format" and caught.value.line == 1
    assert save.path.read_bytes() == before


@pytest.mark.parametrize("text", ['players = ["Anna"]', 'format = "1"', "format = true", "format = 0", "format = 1.0", ""])
def test_missing_or_bad_format_is_refused(save, text):
    save.path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(SaveError, match="no valid format number"):
        save.read_series()


# --------------------------------------------------------------------- key paths and later errors


def test_key_path_rendering():
    assert key_path(["hands", 3, "entries", 12]) == "hands[3].entries[12]"
    assert key_path(["players", "Anna B", "total"]) == 'players."Anna B".total'
    assert key_path(['a"b', 1]) == '"a\\"b"[1]'
    assert key_path([]) == ""


def test_error_at_names_file_line_and_key_path(save):
    entries = [{"line": line, "by": "Anna"} for line in ("start 9h", "7h", "8h", "Jh s", "2s")]
    save.write_hand(3, {"hand": 3, "entries": entries})
    error = save.error_at(3, ["entries", 4], "The entry `Jh s` no longer replays.")
    assert isinstance(error, SaveError) and error.exit_code == 2
    assert error.file == save.hand_path(3)
    assert error.where == "hands[3].entries[4]"
    lines = save.hand_path(3).read_text(encoding="utf-8").splitlines()
    assert '"Jh s"' in lines[error.line - 1]
    assert f"line {error.line}" in str(error) and "hands[3].entries[4]" in str(error)
    assert str(error).endswith("The entry `Jh s` no longer replays.")


def test_save_error_at_without_a_line():
    error = SaveError.at("pesten.toml", ["rules", "deal_size"], "deal_size must be at least 1.")
    assert error.line is None and error.where == "rules.deal_size"
    assert str(error) == "pesten.toml, at rules.deal_size: deal_size must be at least 1."
    whole = SaveError.at("pesten.toml", [], "The standings do not add up.")
    assert whole.where is None and str(whole) == "pesten.toml: The standings do not add up."


# --------------------------------------------------------------------- locking

HOLDER = """
import sys
from referee.series.store import SaveFile
with SaveFile(sys.argv[1]).lock():
    print("locked", flush=True)
    sys.stdin.read()
"""


def start_holder(path: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout.readline().strip() == "locked"
    return proc


@posix_only
def test_second_writer_is_refused_at_once_naming_file_and_process(save):
    holder = start_holder(save.path)
    try:
        with pytest.raises(SaveBusy) as caught:
            with save.lock():
                pytest.fail("took a lock another process holds")
        error = caught.value
        assert isinstance(error, SaveError) and error.exit_code == 3
        assert error.pid == holder.pid
        assert "pesten.toml" in str(error) and str(holder.pid) in str(error)
    finally:
        holder.communicate("")
    with save.lock():  # released when the holder finished
        assert save.lock_path.read_text().strip() == str(os.getpid())


@posix_only
def test_lock_left_by_a_killed_holder_does_not_block(save):
    holder = start_holder(save.path)
    holder.send_signal(signal.SIGKILL)
    holder.communicate()
    assert holder.returncode == -signal.SIGKILL
    assert save.lock_path.read_text().strip() == str(holder.pid)  # the stale lock file is there
    with save.lock():
        save.write_series({"v": 1})
    assert save.read_series()["v"] == 1


def test_lock_is_reentrant_and_reading_needs_none(save):
    save.write_series({"v": 1})
    with save.lock():
        with save.lock():
            save.write_series({"v": 2})
        save.write_series({"v": 3})
    assert save.read_series()["v"] == 3


def test_temporaries_left_by_a_killed_writer_are_reused(save):
    save.write_hand(1, {"v": 1})
    left = [save.path.with_name(".pesten.toml.tmp"), save.path.with_name(".pesten.toml.bak.tmp"),
            save.hands_dir / ".hand-00001.toml.tmp", save.hands_dir / ".hand-00001.toml.bak.tmp"]
    for path in left:
        path.write_text("half a file")
    save.write_series({"v": 2})
    save.write_hand(1, {"v": 2})
    assert not any(p.exists() for p in left)
    assert save.read_hand(1)["v"] == 2
    assert tomllib.loads(save.backup_path(save.hand_path(1)).read_text(encoding="utf-8"))["v"] == 1


@posix_only
def test_writes_take_the_lock_so_a_second_writer_cannot_tear_a_file(save):
    save.write_series({"v": 1})
    holder = start_holder(save.path)
    try:
        for write in (lambda: save.write_series({"v": 2}), lambda: save.write_hand(1, {"v": 2}),
                      lambda: save.move_series([(save, save.archived(1))])):
            with pytest.raises(SaveBusy):
                write()
    finally:
        holder.communicate("")
    assert save.read_series()["v"] == 1 and not save.has_hand(1)


def test_lock_is_shared_by_every_save_file_of_the_path_in_one_process(save):
    twin = SaveFile(save.path)
    with save.lock():
        twin.write_series({"v": 1})
        with twin.lock():
            pass
    assert save.read_series()["v"] == 1
