"""The repository stands alone: a fresh clone holds nothing that points at the
machine it was made on (no link to a folder outside it, no virtual environment),
so the README's test command passes wherever it is cloned."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def tracked() -> list[tuple[str, str]]:
    """(mode, path) of every file git tracks in this checkout; skips outside one
    (an unpacked source distribution has no history to read)."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "-C", str(REPO), "ls-files", "-s", "-z"],
                         capture_output=True, text=True, check=True).stdout
    rows = []
    for row in filter(None, out.split("\0")):
        meta, path = row.split("\t", 1)
        rows.append((meta.split()[0], path))
    return rows


def test_no_tracked_link_points_outside_the_repository():
    outside = []
    for mode, path in tracked():
        if mode != "120000":
            continue
        target = os.readlink(REPO / path) if (REPO / path).is_symlink() else ""
        resolved = (REPO / path).parent.joinpath(target).resolve()
        if os.path.isabs(target) or REPO.resolve() not in (resolved, *resolved.parents):
            outside.append(f"{path} -> {target}")
    assert outside == []


def test_no_virtual_environment_is_tracked():
    assert [p for _, p in tracked() if p.split("/")[0].startswith(".venv")] == []


def test_virtual_environments_are_ignored():
    tracked()  # skips outside a git checkout
    for name in (".venv", ".venv-main", ".venv311"):
        ignored = subprocess.run(["git", "-C", str(REPO), "check-ignore", "-q", "--no-index", name])
        assert ignored.returncode == 0, name
