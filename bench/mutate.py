"""Mutation check: break one rule and see which test files notice.

    python bench/mutate.py --list
    python bench/mutate.py [MUTATION ...] [--tests tests/test_a.py tests/test_b.py ...]
                           [--jobs 2] [--no-clean]

Each mutation (``MUTATIONS``) is a small edit of one rule of the engine
package: a file, a piece of its text that must occur exactly once, and the
text put in its place.  Each rule lives in one place (issue 11), so one edit
breaks it for every caller: the rulings, the legality API, and the simulator's
bots, which hold no rule of their own (``referee/simulate.py`` asks
``Hand.legal`` and moves the real cards from the engine's events).

- matching (R3.1-R3.3, ``jack_wild``, ``jack_on_jack``): ``tables.matches``,
  compiled once per rule set into ``Tables.fits``;
- stacking (R5.7, ``stacking``): ``tables.stacks``, compiled into
  ``Tables.stackers``; the amounts (R5.1, R5.6) in ``actions.effect``;
- Joker doubling (R5.6, ``joker_stack = "double"``): ``actions.effect``;
- the next seat (R1.2, R5.5, R5 preamble): ``order.next_seat``.

For each mutation named (all by default) the script copies the tree
(``referee``, ``house_rules``, ``tests``, ``bench``, ``pyproject.toml``) to a
temporary folder, applies the edit and runs each test file there on its own
(``pytest -x``, the copy first on ``sys.path`` and ``PYTHONPATH``), then prints
a table: per mutation, per test file, ``caught`` (the file failed) or ``-``
(all green).  The test files fall in two groups, the engine's
(``tests/test_engine*``, the house keys, disputes, properties and the
differential fixture) and the simulator's (``tests/test_simulate*``); every
mutation must be caught by both, and the last columns say by which files;
below the table, the first test of each file that failed.
First it runs the test files on an unmutated copy (``--no-clean`` skips
that), since a file that fails there says nothing.  A mutation whose text is
no longer found once is ``stale`` and must be written again for the code.

Exit status 1 when a mutation is stale or survives either group, else 0.
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

TABLES = "referee/engine/tables.py"
ACTIONS = "referee/engine/actions.py"
ORDER = "referee/engine/order.py"

MUTATIONS: dict[str, tuple[str, str, str, str]] = {
    # name: (what it breaks, file, old text, new text)
    # -- matching (R3.1-R3.3, R5.4) -------------------------------------------
    "match-rank": (
        "matches: a card of the top card's rank no longer matches (R3.1)",
        TABLES,
        "    return card.suit == top.suit or card.rank == top.rank\n",
        "    return card.suit == top.suit\n"),
    "match-suit": (
        "matches: a card of the top card's suit no longer matches (R3.1)",
        TABLES,
        "    return card.suit == top.suit or card.rank == top.rank\n",
        "    return card.rank == top.rank\n"),
    "match-on-joker": (
        "matches: only a Joker goes on a Joker (R3.2: any card may)",
        TABLES,
        "    if card.rank == JOKER or top.rank == JOKER:\n",
        "    if card.rank == JOKER:\n"),
    "match-named-suit": (
        "matches: the Jack's own suit still matches while another suit is named (R3.3)",
        TABLES,
        "        if card.suit == named:\n",
        "        if card.suit == named or card.suit == top.suit:\n"),
    "match-jack-wild": (
        "matches: a Jack goes on anything whatever jack_wild says (R5.4, R8)",
        TABLES,
        "    if card.rank == \"J\" and jack_wild:\n",
        "    if card.rank == \"J\":\n"),
    "match-jack-on-jack": (
        "matches: a Jack on a Jack while a suit is named whatever jack_on_jack says (R3.3, R8)",
        TABLES,
        "        return card.rank == \"J\" and top.rank == \"J\" and jack_on_jack\n",
        "        return card.rank == \"J\" and top.rank == \"J\"\n"),
    # -- stacking (R5.7) ------------------------------------------------------
    "stack-cumulative": (
        "stacks: stacking = \"cumulative\" is taken as \"same\" (R5.7)",
        TABLES,
        "    if mode == \"cumulative\":\n        return True\n    return card.rank == kind\n",
        "    return card.rank == kind\n"),
    "stack-none": (
        "stacks: stacking = \"none\" is taken as \"same\" (R5.7)",
        TABLES,
        "    if mode == \"none\" or card.rank not in PENALTY_RANKS:\n",
        "    if card.rank not in PENALTY_RANKS:\n"),
    "stack-two-adds": (
        "effect: a Two on a pending penalty starts it again at 2 instead of adding 2 (R5.1)",
        ACTIONS,
        "            h.pending += 2\n",
        "            h.pending = 2\n"),
    # -- Joker doubling (R5.6, R5.7) ------------------------------------------
    "joker-double": (
        "effect: a Joker on a Joker adds joker_penalty under joker_stack = \"double\" (R5.6)",
        ACTIONS,
        "            h.pending *= 2\n",
        "            h.pending += r.joker_penalty\n"),
    "joker-double-on-two": (
        "effect: under joker_stack = \"double\" a Joker on a Two doubles too "
        "(R5.7: only a Joker on a Joker)",
        ACTIONS,
        " and r.joker_stack == \"double\" and h.pending_kind == JOKER:\n",
        " and r.joker_stack == \"double\":\n"),
    # -- the next seat (R1.2, R5.5, the R5 preamble) --------------------------
    "next-seat": (
        "next_seat ignores the direction of play (penalties, Fours, Kings, Fives aim clockwise)",
        ORDER,
        "    return seats[(seats.index(player) + h.direction) % len(seats)]\n",
        "    return seats[(seats.index(player) + 1) % len(seats)]\n"),
}
"""Every mutation: name -> (what it breaks, file, old text (exactly once), new text)."""

ENGINE_TESTS = ("tests/test_engine_rules.py", "tests/test_engine_decisions.py",
                "tests/test_house_keys.py", "tests/test_disputes.py",
                "tests/test_differential.py", "tests/test_properties.py")
"""The tests of the engine (cheapest first: ``pytest -x`` stops a file at its first failure)."""

SIM_TESTS = ("tests/test_simulate.py",)
"""The tests of the simulator."""


def group(test: str) -> str:
    """``"simulator"`` for ``tests/test_simulate*``, else ``"engine"``."""
    return "simulator" if Path(test).stem.startswith("test_simulate") else "engine"


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
    """Run one test file in ``tree``: (passed, the first test that failed, else the
    last line pytest printed)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                           "-rf", test], cwd=tree, env=env, capture_output=True, text=True)
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    failed = [line.split()[1] for line in lines if line.startswith("FAILED ")]
    if failed:
        return False, failed[0].split("::", 1)[-1]
    return proc.returncode == 0, (lines[-1] if lines else proc.stderr.strip()[-200:])


def check_imports(tree: Path) -> None:
    """The copy's ``referee`` is the one a subprocess there imports (not the installed one)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    where = subprocess.run([sys.executable, "-c", "import referee; print(referee.__file__)"],
                           cwd=tree, env=env, capture_output=True, text=True).stdout.strip()
    if not Path(where).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the copy does not import its own referee ({where})")


def one(name: str | None, tests: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """Copy, mutate (``name``; None: as it is), run every test file: (test -> verdict,
    test -> the first test of that file that failed)."""
    with tempfile.TemporaryDirectory(prefix="pesten-mutant-") as tmp:
        tree = copy_tree(Path(tmp))
        if name is not None and not mutate(tree, name):
            return {t: "stale" for t in tests}, {}
        check_imports(tree)
        out, first = {}, {}
        for test in tests:
            passed, last = run_tests(tree, test)
            out[test] = ("green" if passed else "FAILS") if name is None else (
                "-" if passed else "caught")
            if not passed:
                first[test] = last
            if name is None and not passed:
                print(f"  {test} fails unmutated: {last}", file=sys.stderr)
        return out, first


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mutations", nargs="*", help="names (default: all)")
    parser.add_argument("--tests", nargs="+", default=list(ENGINE_TESTS + SIM_TESTS),
                        help="test files (tests/test_simulate* are the simulator's, the "
                             "rest the engine's)")
    parser.add_argument("--list", action="store_true", help="list the mutations")
    parser.add_argument("--jobs", type=int, default=2, help="mutations tried side by side")
    parser.add_argument("--no-clean", action="store_true", help="skip the unmutated run")
    args = parser.parse_args(argv)
    if args.list:
        for name, (what, file, _old, _new) in MUTATIONS.items():
            print(f"{name:20} {file:27} {what}")
        return 0
    names = args.mutations or list(MUTATIONS)
    unknown = [n for n in names if n not in MUTATIONS]
    if unknown:
        parser.error(f"unknown mutation {unknown[0]!r} (see --list)")
    groups = sorted({group(t) for t in args.tests})
    started = time.perf_counter()
    short = [Path(t).stem.removeprefix("test_") for t in args.tests]
    width = max(len(n) for n in names + ["(unmutated)"])
    cell = max(8, *(len(s) for s in short))
    print(f"{'':{width}}  " + "  ".join(f"{s:>{cell}}" for s in short))
    rows = ([None] if not args.no_clean else []) + names
    failed = []
    firsts: dict[str, dict[str, str]] = {}
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, (verdicts, first) in zip(rows, pool.map(lambda n: one(n, args.tests), rows)):
            if name is not None:
                firsts[name] = first
            label = "(unmutated)" if name is None else name
            cells = "  ".join(f"{verdicts[t]:>{cell}}" for t in args.tests)
            note = ""
            if name is not None:
                if "stale" in verdicts.values():
                    note = "   <- stale: its text is not in the code once"
                    failed.append(name)
                else:
                    caught = {g: [Path(t).stem for t in args.tests
                                  if group(t) == g and verdicts[t] == "caught"] for g in groups}
                    survives = [g for g in groups if not caught[g]]
                    note = "   " + "; ".join(f"{g}: {', '.join(c) or 'NOT CAUGHT'}"
                                             for g, c in caught.items())
                    if survives:
                        note += f"   <- survives the {' and the '.join(survives)} tests"
                        failed.append(name)
            print(f"{label:{width}}  {cells}{note}", flush=True)
    print("the first test that failed, per mutation and file:")
    for name, first in firsts.items():
        for test, failed_test in first.items():
            print(f"  {name:{width}}  {group(test):9}  {Path(test).name}::{failed_test}")
    print(f"mutate: {len(names)} mutations, {len(names) - len(failed)} caught by the "
          f"{' and the '.join(groups)} tests"
          + (f"; not: {', '.join(failed)}" if failed else "")
          + f"; {time.perf_counter() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
