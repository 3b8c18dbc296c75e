"""History-independent cost: save an entry, open a series for play, standings.

    python bench/bench_history.py [--hands 10000] [--rounds 5]

Builds two series in a temporary folder with the real session layer: one of
1 hand and one of ``--hands`` hands (hands 1 .. N-1 scored, written as
``bench/make_big_series.py`` writes them; the current hand is a real hand from
``examples/hand-standard-3.txt``).  Then, for each series, in alternation:

- save: ``OpenSeries.handle(line)`` for every entry of the example hand (parse, rule
  and the durable save of the hand's file, fsync included), per entry;
- open: ``OpenSeries.open`` (series file + current hand file, replayed);
- standings: ``session.read_standings`` + ``scoring.standings_json``.

Prints p50/p99 in ms for each, and on its last line the worst ratio of the
N-hand series to the 1-hand one (target: <= 1.5; save p99 <= 10 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from make_big_series import _rules as big_rules, hand_dict  # noqa: E402
from referee.series.scoring import HandResult, replay_series, standings_json  # noqa: E402
from referee.series.session import OpenSeries, read_standings  # noqa: E402
from referee.series.store import SaveFile, render  # noqa: E402

PLAYERS = ["Anna", "Bram", "Cees"]
EXAMPLE = REPO / "examples" / "hand-standard-3.txt"


def example_lines() -> list[str]:
    return [ln for ln in EXAMPLE.read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.lstrip().startswith("#")]


def build(folder: Path, hands: int) -> SaveFile:
    """A series whose current hand is number ``hands`` (waiting), Anna dealing
    hand 1 and the deal going round; the standings are what the scored hands
    add up to (no total reaches the limit: ``make_big_series.LIMIT``)."""
    folder.mkdir(parents=True)
    save = SaveFile(folder / "pesten.toml")
    table = OpenSeries.create(save, PLAYERS, big_rules(), "Anna")
    if hands > 1:
        rng = random.Random(7)
        results = []
        for n in range(1, hands):
            data = hand_dict(n, PLAYERS, 150, rng, True)
            results.append(HandResult.from_dict(data["result"]))
            save.hand_path(n).write_text(render(data), encoding="utf-8")
        table.series, _ = replay_series(PLAYERS, table.rules, "Anna", results)
        table.meta = OpenSeries._new_hand_meta(table.series)
        table.save_all()
    return save


def pct(samples: list[float]) -> tuple[float, float]:
    s = sorted(samples)
    return statistics.median(s) * 1000, s[min(len(s) - 1, int(len(s) * 0.99))] * 1000


def measure(save: SaveFile, lines: list[str], out: dict) -> None:
    with save.lock():
        table = OpenSeries.open(save)
        # Undo to the start so every round replays the same hand.
        while table.hand.log:
            table.handle("undo")
        for line in lines:
            t0 = time.perf_counter()
            table.handle(line)
            out["save"].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        OpenSeries.open(save)
        out["open"].append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    series, started = read_standings(save)
    standings_json(series, started)
    out["standings"].append(time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=5)
    opts = ap.parse_args(argv)
    lines = example_lines()
    with tempfile.TemporaryDirectory(prefix="pesten-bench-") as tmp:
        t0 = time.perf_counter()
        small = build(Path(tmp) / "one", 1)
        big = build(Path(tmp) / "many", opts.hands)
        print(f"built series of 1 and {opts.hands} hands in {time.perf_counter() - t0:.1f} s")
        res = {k: {"save": [], "open": [], "standings": []} for k in ("one", "many")}
        for _ in range(opts.rounds):
            measure(small, lines, res["one"])
            measure(big, lines, res["many"])
    worst = 0.0
    for what in ("save", "open", "standings"):
        p50a, p99a = pct(res["one"][what])
        p50b, p99b = pct(res["many"][what])
        ratio = p50b / p50a if p50a else float("inf")
        worst = max(worst, ratio)
        print(f"{what:<10} 1 hand: p50 {p50a:6.2f} ms p99 {p99a:6.2f} ms | "
              f"{opts.hands} hands: p50 {p50b:6.2f} ms p99 {p99b:6.2f} ms | ratio {ratio:.2f}")
    save_p99 = max(pct(res["one"]["save"])[1], pct(res["many"]["save"])[1])
    print(f"history: worst p50 ratio {opts.hands} hands / 1 hand = {worst:.2f} (target <= 1.5); "
          f"save p99 {save_p99:.2f} ms (target <= 10)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
