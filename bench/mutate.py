"""Mutation check: break one copy of a rule and see which test files notice.

    python bench/mutate.py --list
    python bench/mutate.py [MUTATION ...] [--tests tests/test_a.py tests/test_b.py ...]
                           [--jobs 2] [--no-clean]

Each mutation (``MUTATIONS``) is a small edit of one copy of a rule: a file, a
piece of its text that must occur exactly once, and the text put in its place.
For each mutation named (all by default) the script copies the tree (``referee``,
``house_rules``, ``tests``, ``bench``, ``pyproject.toml``) to a temporary folder,
applies the edit and runs each test file there on its own (``pytest -x``, the
copy first on ``sys.path`` and ``PYTHONPATH``), then prints a table: per
mutation, per test file, ``caught`` (the file failed) or ``-`` (all green, the
mutation survived).  First it runs the test files on an unmutated copy
(``--no-clean`` skips that), since a file that fails there says nothing.

The snippets follow the engine and simulator of revision 15b2f64
(``referee/engine.py``, ``referee/simulate.py``); a mutation whose text is no
longer found is reported as ``stale`` and must be written again for the new
code (after the engine rewrite of issue 11, every one of them).

Exit status 0; the table is the result.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("referee", "house_rules", "tests", "bench", "pyproject.toml")

MUTATIONS: dict[str, tuple[str, str, str, str]] = {
    # name: (what it breaks, file, old text, new text)
    # -- matching (R3.1-R3.3, R5.4) -----------------------------------------
    "engine-match-rank": (
        "engine: _match_error no longer accepts a card of the top card's rank (R3.1); "
        "equivalent today: the fast paths of _do_play and _check_play decide those first",
        "referee/engine.py",
        "        if card.suit == top.suit or card.rank == top.rank:\n            return None\n"
        "        return Refusal(\"R3.1\"",
        "        if card.suit == top.suit:\n            return None\n"
        "        return Refusal(\"R3.1\""),
    "engine-match-fast-play": (
        "engine: the lone-play fast path takes any card of another suit and rank as a match",
        "referee/engine.py",
        "                    and (card.suit == top.suit or card.rank == top.rank)):\n"
        "                self._check_play(player, card, suit, count_after)",
        "                    and (card.suit == top.suit or card.rank != top.rank)):\n"
        "                self._check_play(player, card, suit, count_after)"),
    "engine-jack-wild": (
        "engine: _match_error lets a Jack go on anything whatever jack_wild says (R5.4)",
        "referee/engine.py",
        "        if card.rank == \"J\" and self.rules.jack_wild:\n            return None",
        "        if card.rank == \"J\":\n            return None"),
    "engine-jack-on-jack": (
        "engine: _match_error ignores jack_on_jack (a Jack on a Jack always, R3.3)",
        "referee/engine.py",
        "if card.rank == \"J\" and top.rank == \"J\" and self.rules.jack_on_jack:",
        "if card.rank == \"J\" and top.rank == \"J\":"),
    "sim-fits-jack-wild": (
        "simulator: _Table.fits ignores jack_wild (a Jack fits anything)",
        "referee/simulate.py",
        "ok = by_rank[JOKER] | (by_rank[\"J\"] if rules.jack_wild else frozenset())",
        "ok = by_rank[JOKER] | by_rank[\"J\"]"),
    "sim-fits-jack-on-jack": (
        "simulator: _Table.fits ignores jack_on_jack",
        "referee/simulate.py",
        "if rank == \"J\" and rules.jack_on_jack:",
        "if rank == \"J\":"),
    "sim-fits-rank": (
        "simulator: _Table.fits matches by suit only (R3.1)",
        "referee/simulate.py",
        "ok |= self._by_suit[self.suit[top]] | by_rank[rank]",
        "ok |= self._by_suit[self.suit[top]]"),
    # -- stacking (R5.7) ----------------------------------------------------
    "engine-stack-cumulative": (
        "engine: _stacks treats stacking = \"cumulative\" as \"same\"",
        "referee/engine.py",
        "        if mode == \"cumulative\":\n            return True\n"
        "        return card.rank == self.pending_kind",
        "        return card.rank == self.pending_kind"),
    "engine-stack-none": (
        "engine: _stacks ignores stacking = \"none\" (stacks as \"same\")",
        "referee/engine.py",
        "        if mode == \"none\" or card.rank not in PENALTY_RANKS:",
        "        if card.rank not in PENALTY_RANKS:"),
    "sim-stackers-cumulative": (
        "simulator: the stackers ignore stacking = \"cumulative\"",
        "referee/simulate.py",
        "and (mode == \"cumulative\" or c.rank == k)",
        "and c.rank == k"),
    # -- Joker doubling (R5.6) ------------------------------------------------
    "engine-joker-double": (
        "engine: a Joker on a Joker adds joker_penalty under joker_stack = \"double\"",
        "referee/engine.py",
        "                self.pending *= 2",
        "                self.pending += r.joker_penalty"),
    "sim-joker-double": (
        "simulator: instant draws ignore joker_stack = \"double\"",
        "referee/simulate.py",
        "            pending *= 2",
        "            pending += rules.joker_penalty"),
    # -- the next seat (R1.2, R5.5) ---------------------------------------------
    "engine-next-seat": (
        "engine: _next_seat ignores the direction of play",
        "referee/engine.py",
        "        return seats[(seats.index(player) + self.direction) % len(seats)]",
        "        return seats[(seats.index(player) + 1) % len(seats)]"),
    "sim-next-seat": (
        "simulator: instant draws (Five, King, a penalty at once) ignore the direction",
        "referee/simulate.py",
        "        nxt = seats[(here + step) % n]",
        "        nxt = seats[(here + 1) % n]"),
}
"""Every mutation: name -> (what it breaks, file, old text (exactly once), new text)."""

DEFAULT_TESTS = ("tests/test_engine_rules.py", "tests/test_house_keys.py",
                 "tests/test_disputes.py", "tests/test_properties.py",
                 "tests/test_simulate.py", "tests/test_differential.py")
"""The tests of the engine and of the simulator."""


def copy_tree(into: Path) -> Path:
    """The parts of the tree the tests need, copied into ``into`` (no caches, no venv)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=ignore)
        else:
            shutil.copy2(src, into / name)
    return into


def mutate(tree: Path, name: str) -> bool:
    """Apply mutation ``name`` to the copy ``tree``; False when its text is not found once."""
    _what, file, old, new = MUTATIONS[name]
    path = tree / file
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        return False
    path.write_text(text.replace(old, new), encoding="utf-8")
    return True


def run_tests(tree: Path, test: str) -> tuple[bool, str]:
    """Run one test file in ``tree``: (passed, the last line pytest printed)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                           test], cwd=tree, env=env, capture_output=True, text=True)
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    return proc.returncode == 0, (lines[-1] if lines else proc.stderr.strip()[-200:])


def check_imports(tree: Path) -> None:
    """The copy's ``referee`` is the one a subprocess there imports (not the installed one)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    where = subprocess.run([sys.executable, "-c", "import referee; print(referee.__file__)"],
                           cwd=tree, env=env, capture_output=True, text=True).stdout.strip()
    if not Path(where).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the copy does not import its own referee ({where})")


def one(name: str | None, tests: list[str]) -> dict[str, str]:
    """Copy, mutate (``name``; None: as it is), run every test file: test -> verdict."""
    with tempfile.TemporaryDirectory(prefix="pesten-mutant-") as tmp:
        tree = copy_tree(Path(tmp))
        if name is not None and not mutate(tree, name):
            return {t: "stale" for t in tests}
        check_imports(tree)
        out = {}
        for test in tests:
            passed, last = run_tests(tree, test)
            out[test] = ("green" if passed else "FAILS") if name is None else (
                "-" if passed else "caught")
            if name is None and not passed:
                print(f"  {test} fails unmutated: {last}", file=sys.stderr)
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mutations", nargs="*", help="names (default: all)")
    parser.add_argument("--tests", nargs="+", default=list(DEFAULT_TESTS))
    parser.add_argument("--list", action="store_true", help="list the mutations")
    parser.add_argument("--jobs", type=int, default=2, help="mutations tried side by side")
    parser.add_argument("--no-clean", action="store_true", help="skip the unmutated run")
    args = parser.parse_args(argv)
    if args.list:
        for name, (what, file, _old, _new) in MUTATIONS.items():
            print(f"{name:26} {file:22} {what}")
        return 0
    names = args.mutations or list(MUTATIONS)
    unknown = [n for n in names if n not in MUTATIONS]
    if unknown:
        parser.error(f"unknown mutation {unknown[0]!r} (see --list)")
    started = time.perf_counter()
    short = [Path(t).stem.removeprefix("test_") for t in args.tests]
    width = max(len(n) for n in names + ["(unmutated)"])
    print(f"{'':{width}}  " + "  ".join(f"{s:>13}" for s in short))
    rows = ([None] if not args.no_clean else []) + names
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, verdicts in zip(rows, pool.map(lambda n: one(n, args.tests), rows)):
            label = "(unmutated)" if name is None else name
            cells = "  ".join(f"{verdicts[t]:>13}" for t in args.tests)
            survived = name is not None and all(v == "-" for v in verdicts.values())
            print(f"{label:{width}}  {cells}" + ("   <- survives every test" if survived else ""),
                  flush=True)
    print(f"mutate: {len(names)} mutations, {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
