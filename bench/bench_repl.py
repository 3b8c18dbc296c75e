"""The table prompt's own latency per entry: parse, rule, durable save, redraw.

    python bench/bench_repl.py [--rounds 5]

Replays ``examples/hand-standard-3.txt`` through the same calls the REPL makes
for each typed line (``SeriesApp.handle_line``: parse, rule, save with fsync; then the
redraw: the completer's table view, the prompt and the bottom toolbar), on a
series in a temporary folder.  Prints p50/p99 in ms for each part and, on its
last line, the whole per-entry latency.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from referee.interface.app import SeriesApp  # noqa: E402
from referee.interface.repl import prompt_parts, toolbar_parts  # noqa: E402
from referee.series.presets import load_rules  # noqa: E402
from referee.series.session import OpenSeries  # noqa: E402
from referee.series.store import SaveFile  # noqa: E402

EXAMPLE = REPO / "examples" / "hand-standard-3.txt"


def pct(xs: list[float]) -> tuple[float, float]:
    s = sorted(xs)
    return statistics.median(s) * 1000, s[min(len(s) - 1, int(len(s) * 0.99))] * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    opts = ap.parse_args(argv)
    lines = [ln for ln in EXAMPLE.read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#")]
    rule = {"answer": [], "redraw": [], "total": []}
    with tempfile.TemporaryDirectory(prefix="pesten-repl-bench-") as tmp:
        for r in range(opts.rounds):
            save = SaveFile(Path(tmp) / f"s{r}.toml")
            with save.lock():
                table = OpenSeries.create(save, ["Anna", "Bram", "Cees"], load_rules("standard"), "Cees")
                app = SeriesApp(table, interactive=True)
                for line in lines:
                    t0 = time.perf_counter()
                    app.handle_line(line)
                    t1 = time.perf_counter()
                    app.view()
                    prompt_parts(table)
                    toolbar_parts(table, 100)
                    t2 = time.perf_counter()
                    rule["answer"].append(t1 - t0)
                    rule["redraw"].append(t2 - t1)
                    rule["total"].append(t2 - t0)
    for part in ("answer", "redraw"):
        p50, p99 = pct(rule[part])
        label = "parse+rule+save" if part == "answer" else "redraw"
        print(f"{label:<16} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms")
    p50, p99 = pct(rule["total"])
    print(f"repl entry latency ({len(rule['total'])} entries): p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
