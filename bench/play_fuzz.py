"""Play fuzzing: random valid house-rule tables, lines typed through the real command.

For each seed, a random house-rule file (``referee.simulator.tables``: any effect
of the ``[actions]`` vocabulary on any rank, lists of them, ``[stacking]``,
``[finish]``, ``[start]``, decks, jokers, ``hand_end``, ``multi_play``,
``turn_order``) that the rule-file checks accept; a series of as many players as
fit its deck started on it with ``pesten-ref new``;
then one hand typed through ``pesten-ref play --json --keep-going``: the lines the
simulator's bots typed under that table (real shuffled cards), with noise mixed
in (lines that are not notation, cards out of turn, doubles of any cards,
``pass``, ``undo``/``redo``, ``why``, ``check``, calls, ``lk``, a player
leaving).  After every answer:

- nothing a user may not read reached the output (a traceback, "internal error",
  an exception's name);
- no count or pile is negative;
- the hands and the piles add up to the deck (from the first answer after the
  starter on; a player leaving takes their cards out of play, R1.5);
- nobody holds 0 cards unless the hand is over or they went out (R6.3).

Then every save must open with ``state``, ``standings``, ``history``, ``replay``
and ``export``.

    python bench/play_fuzz.py [--seeds 0:300] [--dir DIR] [--show 5]

Last line: ``tables=N lines=N answers=N failures=N``.  ``tests/test_play_fuzz.py``
runs a fixed seed range of it in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from referee.engine.cards import CARDS  # noqa: E402

NAMES = ["Anna", "Bram", "Cees", "Daan", "Eva", "Fenna", "Gijs", "Hanna"]

#: The bots' lines typed of one hand at the most (a long hand under free order or
#: many draws is cut short: the checks hold at every answer, over or not).
MAX_LINES = 200

#: What may not reach a user: the signs of an exception escaping.
LEAKS = ("Traceback", "internal error", "Error:", "KeyError", "ValueError", "TypeError",
         "IndexError", "AttributeError", "RecursionError", "Exception")


def valid_table(rng: random.Random, folder: Path):
    """A random house-rule file the rule-file checks accept (``referee.simulator.tables``,
    the generator the cross-check and the legality property test use), written in
    ``folder``: (its path, its HouseRules, a number of players who fit its deck)."""
    from referee.simulator.tables import random_table

    rules, text, players = random_table(rng)
    path = folder / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path, rules, players


def noise(rng: random.Random, players: list[str]) -> str:
    """A line a person might type by mistake or on purpose beside the play."""
    card = str(rng.choice(CARDS))
    other = str(rng.choice(CARDS))
    name = rng.choice(players)
    return rng.choice([
        "zz top", card, f"{card}+{other}", f"{card}+{card}", f"d {card}", "d", "pass",
        "undo", "redo", "why", f"check {card}", f"call {name}", "lk", f"{card} lk",
        f"{card} h", f"{name}: {card}", "d d", f"fix count {name} 3",
    ])


@dataclass
class Report:
    tables: int = 0
    lines: int = 0
    answers: int = 0
    failures: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"tables={self.tables} lines={self.lines} answers={self.answers} "
                f"failures={len(self.failures)}")


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [str(REPO), os.environ.get("PYTHONPATH")])), PESTEN_REF_LANG="en")


def _run(env, save: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args, "--save", str(save)],
                          input=stdin, capture_output=True, text=True, env=env)


def _leaks(text: str) -> str | None:
    return next((leak for leak in LEAKS if leak in text), None)


def check_answer(answer: dict, deck: int | None, out: set[str]) -> tuple[str | None, int | None]:
    """A problem with one answer of ``play --json`` (or None), and the deck's size
    as counted from it once the hand has a starter."""
    leak = _leaks(answer.get("ruling") or "")
    if leak:
        return f"{leak!r} in the ruling", deck
    state = answer.get("state") or {}
    if "counts" not in state:
        return None, deck
    counts = state["counts"]
    if min([*counts.values(), state["draw_pile"], state["discard_pile"]], default=0) < 0:
        return "a negative count or pile", deck
    if state["status"] == "playing":
        empty = [p for p, n in counts.items() if n == 0 and p not in out]
        if empty:
            return f"{empty} hold 0 cards while the hand goes on", deck
    if state["status"] == "waiting":
        return None, deck
    size = sum(counts.values()) + state["draw_pile"] + state["discard_pile"]
    if deck is not None and size != deck:
        return f"{size} cards counted in a deck of {deck}", deck
    return None, size


def fuzz_one(seed: int, folder: Path, report: Report, env: dict[str, str]) -> None:
    """One random table, one hand typed with noise, the checks after every answer."""
    from referee.simulator.simulate import record

    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    path, rules, seats = valid_table(rng, folder)
    players = NAMES[:seats]
    save = folder / "pesten.toml"
    started = _run(env, save, "new", "--rules", str(path), "--players", ",".join(players),
                   "--dealer", players[0])
    where = f"seed {seed} ({path.read_text(encoding='utf-8')!r}, players {players})"
    report.tables += 1
    if started.returncode:
        if _leaks(started.stderr + started.stdout):
            report.failures.append(f"{where}: new: {started.stderr[-400:]}")
        return
    try:
        lines = record(rules, len(players), 1, seed)[0][2]
    except Exception as exc:  # the simulator itself under a table: a failure to look at
        report.failures.append(f"{where}: the simulator raised {exc!r}")
        return
    typed: list[str] = []
    for line in lines[:MAX_LINES]:
        typed.append(line)
        if rng.random() < 0.15:
            typed.append(noise(rng, players))
    if rng.random() < 0.2 and len(players) > 2:
        typed.insert(rng.randrange(1, max(2, len(typed))), f"leave {rng.choice(players)}")
    report.lines += len(typed)
    done = _run(env, save, "play", "--json", "--keep-going", stdin="\n".join(typed) + "\n")
    leak = _leaks(done.stderr)
    if leak or done.returncode not in (0, 1):
        report.failures.append(f"{where}: play exit {done.returncode}: {done.stderr[-400:]}")
    deck = None
    out: set[str] = set()
    for row in done.stdout.splitlines():
        try:
            answer = json.loads(row)
        except ValueError:
            report.failures.append(f"{where}: not JSON: {row[:200]!r}")
            continue
        report.answers += 1
        state = answer.get("state") or {}
        out.update(state.get("places") or [])
        if answer.get("ok") and str(answer.get("input", "")).startswith("leave"):
            deck = None  # the leaver's cards are out of play (R1.5)
        problem, deck = check_answer(answer, deck, out)
        if problem:
            report.failures.append(f"{where}: after {answer.get('input')!r}: {problem}")
            break
    for args in (("state", "--json"), ("standings", "--json"), ("history",), ("replay", "--hand", "1"),
                 ("export", "--format", "json"), ("export", "--format", "csv")):
        shown = _run(env, save, *args)
        leak = _leaks(shown.stderr)
        if shown.returncode or leak:
            report.failures.append(f"{where}: {' '.join(args)} exit {shown.returncode}: "
                                   f"{shown.stderr[-400:]}")


def fuzz(seeds: range, folder: Path, log=None) -> Report:
    """Fuzz ``play`` over the tables of ``seeds`` in ``folder`` (a folder each)."""
    report = Report()
    env = _env()
    for i, seed in enumerate(seeds, 1):
        fuzz_one(seed, folder / f"t{seed}", report, env)
        if log and i % 20 == 0:
            log(f"  {report.line()}")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0:300", help="a range FIRST:END of seeds")
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--show", type=int, default=5)
    args = parser.parse_args(argv)
    first, end = (int(x) for x in args.seeds.split(":"))
    with tempfile.TemporaryDirectory(prefix="pesten-fuzz-") as tmp:
        report = fuzz(range(first, end), args.dir or Path(tmp), log=print)
    for failure in report.failures[:args.show]:
        print("FAILURE:", failure)
    print(report.line())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
