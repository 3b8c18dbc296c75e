"""Crash safety of the save files: a writer killed at random moments never leaves a
broken or half-written file, and loses at most the version it was writing.

The machinery lives in bench/crash_test.py (run it for 200 kills); here ~30 kills.
"""

from __future__ import annotations

import os
import random

import pytest
from conftest import bench_module

pytestmark = pytest.mark.skipif(os.name == "nt", reason="needs SIGKILL")


def _crash_module():
    return bench_module("crash_test")


def test_versions_are_complete_after_sigkill(tmp_path):
    crash = _crash_module()
    seed = random.randrange(1 << 30)
    report = crash.run(tmp_path, runs=30, seed=seed)
    assert report.problems == [], f"seed {seed}: {report.problems}"
    assert report.kills == 30
    assert report.entries_lost == 0
    # after every run there were a hand file and a series file to check (plus backups)
    assert report.files_checked >= 2 * 30


def test_checker_sees_a_torn_file(tmp_path):
    """The check is not blind: a hand cut short or a wrong marker is reported."""
    crash = _crash_module()
    from referee.series.store import SaveFile

    save = SaveFile(tmp_path / "pesten.toml")
    torn = crash.hand_data(5)
    torn["entries"] = torn["entries"][:3]
    save.write_hand(1, torn)
    save.write_series(crash.series_data(5))
    report = crash.Report()
    crash.check(tmp_path, 5, report, 1)
    assert any("entries" in p for p in report.problems)

    save.write_hand(1, crash.hand_data(3))
    report = crash.Report()
    crash.check(tmp_path, 5, report, 1)
    assert report.entries_lost == crash.entries_for(4) + crash.entries_for(5)


def test_series_writes_are_complete_after_sigkill(tmp_path):
    """Scores, corrections, `new` (the old series archived) and reopening a kept
    series, killed at random: the series opens, its standings are its results
    replayed, every kept series reads, and nothing reported is lost."""
    crash = _crash_module()
    seed = random.randrange(1 << 30)
    report = crash.run_series(tmp_path, runs=10, seed=seed)
    assert report.problems == [], f"seed {seed}: {report.problems}"
    assert report.kills == 10 and report.entries_lost == 0


def test_R8_6_recording_and_settling_a_conflict_is_complete_after_sigkill(tmp_path):
    """A table's version brought in (a sync tool's copy, or by import), the conflict
    recorded, then settled, killed at random: the tournament reads, a settle cut
    short is finished by the next writer, the table holds the version kept, and
    no conflict reported and no version of the table is lost."""
    crash = _crash_module()
    seed = random.randrange(1 << 30)
    report = crash.run_tournament(tmp_path, runs=10, seed=seed)
    assert report.problems == [], f"seed {seed}: {report.problems}"
    assert report.kills == 10 and report.files_checked >= 10


def test_play_killed_mid_hand_under_doubles_and_card_moves_loses_nothing(tmp_path):
    """``pesten-ref play`` killed while it types a hand with doubles, a passed-on Eight
    and card moves: the log is what was answered (or one more), the files read, the
    cards add up, and the next ``play`` takes the hand up where the log ends."""
    crash = _crash_module()
    seed = random.randrange(1 << 30)
    report = crash.run_play(tmp_path, runs=8, seed=seed)
    assert report.problems == [], f"seed {seed}: {report.problems}"
    assert report.kills == 8
    assert report.entries_lost == 0 and report.versions_written > 0
