"""The wheel is the program: built from this tree, it holds every module and data
file the repository has, and, unpacked alone on the path, referees and scores a
hand, speaks Dutch, shows the shipped rule book and writes the HTML page.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of the tree without what earlier builds and
    installs left in it (``build/``, ``*.egg-info``), which setuptools would reuse."""
    tree = tmp_path_factory.mktemp("tree") / "pesten-ref"
    shutil.copytree(REPO, tree, ignore=shutil.ignore_patterns(
        "build", "dist", "*.egg-info", ".venv*", ".git", "__pycache__", ".hypothesis",
        ".pytest_cache"))
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(tree), "--no-deps",
                           "-q", "-w", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("pesten_ref-*.whl")
    return built


def shipped() -> set[str]:
    """What the wheel must hold: every module and data file, at its installed path."""
    want = {str(p.relative_to(REPO)) for p in (REPO / "referee").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".mo", ".html")}
    want |= {f"referee/house_rules/{p.name}" for p in (REPO / "house_rules").iterdir()
             if p.suffix in (".py", ".toml")}
    want |= {f"referee/docs/{p.name}" for p in (REPO / "docs").glob("*.md")}
    return want


def test_the_wheel_holds_every_module_and_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    want = shipped()
    assert "referee/engine/hand.py" in want and any(n.endswith(".mo") for n in want)
    assert want - names == set()


def test_the_wheel_alone_referees_scores_and_speaks(wheel, tmp_path):
    from referee.series.presets import load_rules
    from referee.simulator.simulate import record
    dealer, _, lines, held = record(load_rules("standard"), 2, 1, seed=1)[0]
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PESTEN_REF_LANG", "PESTEN_REF_SAVE", "LANGUAGE", "LC_ALL",
                        "LC_MESSAGES", "LANG")}
    env.update(PYTHONPATH=str(site), LANG="C.UTF-8", HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path / "data"))
    work = tmp_path / "table"
    work.mkdir()
    save = ["--save", str(work / "pesten.toml")]

    def ref(*args: str, stdin: str | None = None) -> str:
        done = subprocess.run([sys.executable, "-m", "referee.interface.cli", *args], cwd=work,
                              input=stdin, capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    where = subprocess.run([sys.executable, "-c", "import referee; print(referee.__file__)"],
                           cwd=work, capture_output=True, text=True, env=env).stdout
    assert Path(where.strip()).is_relative_to(site)   # (not this tree)
    ref("new", "--players", "Anna,Bram", "--dealer", dealer, *save)
    ref("play", *save, stdin="\n".join(lines) + "\n")
    winner = next(p for p, cards in held.items() if not cards)
    loser = next(p for p in held if p != winner)
    out = ref("score", *save, "--winner", winner, f"{loser}={' '.join(held[loser])}")
    assert "Hand 1 scored" in out
    assert "Speler" in ref("--lang", "nl", "standings", *save)       # (the Dutch catalog)
    assert "R3.1" in ref("help", "rules")                            # (the rule book)
    ref("export", "--format", "html", "--output", str(work / "board.html"), *save)
    assert "<html" in (work / "board.html").read_text(encoding="utf-8").lower()
