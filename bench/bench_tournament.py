"""A 1,000-player tournament from the first draw to the champion (RULES R8.6).

    python bench/bench_tournament.py [--players 1000] [--seed 1] [--inprocess]

In a temporary folder: ``pesten-ref tournament new`` with ``--players`` names
(from a players file), then round after round every table's hand is scored
with ``pesten-ref score --table T --winner W NAME=POINTS ...`` (run in this
process through click, the very code of the command: a subprocess per table
would time start-up a thousand times), with random points; then ``pesten-ref tournament show`` and ``pesten-ref tournament
next``, each timed as a real subprocess (start-up included).  The final is
played as a series of hands to 100 points.

Prints one line per round (tables, players, show and next in ms: wall clock
and the child's CPU time, since on a loaded machine the wall clock also counts
waiting for a core) and as its last line the slowest ``show`` and ``next``
(target: each under 1 s at every round) with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from click.testing import CliRunner  # noqa: E402

from referee.interface.cli import main  # noqa: E402

EXE = [sys.executable, "-c", "import sys; from referee.interface.cli import main; sys.argv[0] = 'pesten-ref'; main()"]


def run_inprocess(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    if result.exit_code != 0:
        raise SystemExit(f"pesten-ref {' '.join(args)} -> {result.exit_code}\n{result.output}")
    return result.output


CPU: list[float] = []


def run_timed(*args: str) -> tuple[float, str]:
    """Run ``pesten-ref ARGS`` as a subprocess; -> (wall seconds, stdout).  The child's
    CPU time (user + system) is appended to ``CPU``: on a loaded machine the wall
    clock also counts the time spent waiting for a core."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([*EXE, *args], capture_output=True, text=True, cwd=REPO)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        raise SystemExit(f"pesten-ref {' '.join(args)} -> {proc.returncode}\n{proc.stderr}")
    return took, proc.stdout


def score_table(save: str, table: dict, rng: random.Random) -> None:
    players = table["players"]
    args = ["score", "--table", table["table"], "--save", save]
    winner = rng.choice(players)
    args += ["--winner", winner]
    args += [f"{p}={rng.randint(2, 60)}" for p in players if p != winner]
    run_inprocess(*args)


def main_bench() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    worst_show = worst_next = 0.0
    worst_cpu = [0.0, 0.0]
    with tempfile.TemporaryDirectory() as tmp:
        save = os.path.join(tmp, "club.toml")
        names = Path(tmp, "club.txt")
        names.write_text("\n".join(f"Player{i:04d}" for i in range(1, opts.players + 1)) + "\n")
        run_inprocess("tournament", "new", "--players-file", str(names), "--seed",
                      str(opts.seed), "--save", save)
        print(f"{'round':>5} {'tables':>6} {'players':>7} {'show ms':>8} {'cpu':>5} {'next ms':>8} {'cpu':>5}")
        while True:
            took_show, out = run_timed("tournament", "show", "--json", "--save", save)
            data = json.loads(out)
            if data["status"] != "round":
                break
            for tb in data["tables"]:
                score_table(save, tb, rng)
            took_show, _ = run_timed("tournament", "show", "--save", save)
            cpu_show = CPU[-1]
            took_next, _ = run_timed("tournament", "next", "--save", save)
            cpu_next = CPU[-1]
            worst_show, worst_next = max(worst_show, took_show), max(worst_next, took_next)
            worst_cpu[0], worst_cpu[1] = max(worst_cpu[0], cpu_show), max(worst_cpu[1], cpu_next)
            print(f"{data['round']:>5} {len(data['tables']):>6} {len(data['remaining']):>7} "
                  f"{took_show * 1000:>8.0f} {cpu_show * 1000:>5.0f} {took_next * 1000:>8.0f} "
                  f"{cpu_next * 1000:>5.0f}")
        a, b = data["tables"][0]["players"]
        hands = 0
        while data["champion"] is None:
            hands += 1
            winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
            run_inprocess("score", "--table", "final", "--winner", winner,
                          f"{loser}={rng.randint(5, 45)}", "--save", save)
            data = json.loads(run_timed("tournament", "show", "--json", "--save", save)[1])
        took_next, out = run_timed("tournament", "next", "--save", save)
        took_show, _ = run_timed("tournament", "show", "--save", save)
        worst_show, worst_next = max(worst_show, took_show), max(worst_next, took_next)
        print(f"final: {hands} hands; {out.strip()}  (show {took_show * 1000:.0f} ms, "
              f"next {took_next * 1000:.0f} ms)")
    print(f"slowest tournament show: {worst_show * 1000:.0f} ms (cpu {worst_cpu[0] * 1000:.0f}), "
          f"slowest tournament next: {worst_next * 1000:.0f} ms (cpu {worst_cpu[1] * 1000:.0f}); "
          f"target < 1000 ms each; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main_bench()
