"""Play fuzzing in CI: random valid house-rule tables, a hand each typed with noise
through ``pesten-ref play --json --keep-going``, checked after every answer
(bench/play_fuzz.py: no exception text reaches the user, no count or pile is
negative, the hands and piles add up to the deck, nobody holds 0 cards while the
hand goes on unless out), and every save then opens with ``state``, ``standings``,
``history``, ``replay`` and ``export``.  A fixed seed range, so a failure repeats;
``python bench/play_fuzz.py --seeds 0:300`` runs a longer one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from conftest import bench_module

SEEDS = range(1000, 1040)


def _fuzz_module():
    return bench_module("play_fuzz")


@pytest.fixture
def fast_folder(tmp_path):
    """A folder in memory where there is one (each entry is fsynced: the fuzzing's
    time is its saves), else the test's own."""
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        with tempfile.TemporaryDirectory(dir="/dev/shm", prefix="pesten-fuzz-") as folder:
            yield Path(folder)
    else:
        yield tmp_path


def test_play_under_random_tables_never_breaks_a_count_or_a_save(fast_folder):
    fuzz = _fuzz_module()
    report = fuzz.fuzz(SEEDS, fast_folder)
    assert report.failures == [], "\n".join(report.failures[:5])
    assert report.tables == len(SEEDS) and report.answers >= 2000, report.line()


def test_the_fuzzer_sees_a_broken_count():
    """The answer checks can fail: a count gone negative, cards lost from the deck,
    a player with no cards while the hand goes on, an exception's text."""
    fuzz = _fuzz_module()
    state = {"status": "playing", "counts": {"Anna": 3, "Bram": 4}, "draw_pile": 40,
             "discard_pile": 7, "places": []}
    assert fuzz.check_answer({"ruling": "ok", "state": state}, None, set()) == (None, 54)
    assert fuzz.check_answer({"ruling": "ok", "state": state}, 53, set())[0]
    broken = dict(state, counts={"Anna": -1, "Bram": 8})
    assert fuzz.check_answer({"ruling": "ok", "state": broken}, None, set())[0]
    empty = dict(state, counts={"Anna": 0, "Bram": 7})
    assert fuzz.check_answer({"ruling": "ok", "state": empty}, 54, set())[0]
    assert fuzz.check_answer({"ruling": "ok", "state": empty}, 54, {"Anna"})[0] is None
    assert fuzz.check_answer({"ruling": "KeyError: 'x'", "state": state}, None, set())[0]
