"""How long saving an entry takes, for a series of 1 hand and of 10,000 hands.

    python bench/save_bench.py [--big FOLDER] [--hands 10000] [--entries 150] [--iterations 300]

For each series, the current hand (about ``--entries`` entries {line, by, at}) is
saved again and again with one entry changed, as the referee does after every
entry: ``SaveFile.write_hand``, fsync of the file and of its folder included.
The two series are timed in turn, round after round, so that whatever else the
machine is doing weighs on both alike; beside them, the bare disk work of one
save (write, fsync, rename, fsync folder) shows how much of it is the disk.
Also timed: a one-shot command's save cycle (read the series, read the hand,
write the hand).  ``--big`` reuses a folder made by make_big_series.py (made in
a temporary folder when not given).  Last line: the ratio of the write_hand p50
times, 10,000 hands over 1 hand.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_big_series  # noqa: E402

from referee.series.store import SaveFile  # noqa: E402


def percentiles(samples: list[float]) -> tuple[float, float]:
    """(p50, p99) in ms."""
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1e3, p99 * 1e3


class Writer:
    """Saves the current hand of one series with its last entry changed each time."""

    def __init__(self, save: SaveFile) -> None:
        self.save = save
        self.n = save.read_series()["hand"]
        self.hand = save.read_hand(self.n)
        self.last = self.hand["entries"][-1]
        self.i = 0

    def write(self) -> float:
        self.i += 1
        self.hand["entries"][-1] = {"line": f"{self.i % 10 + 2}h", "by": self.last["by"],
                                    "at": self.last["at"] + timedelta(seconds=self.i)}
        started = time.perf_counter()
        self.save.write_hand(self.n, self.hand)
        return time.perf_counter() - started

    def cycle(self) -> float:
        started = time.perf_counter()
        self.save.read_series()
        data = self.save.read_hand(self.n)
        data["entries"][-1]["line"] = f"{self.i % 10 + 2}d"
        self.save.write_hand(self.n, data)
        return time.perf_counter() - started


def floor_write(folder: Path, data: bytes) -> float:
    """The bare disk work of one save: write a temporary file, fsync it, rename it
    over the file, fsync the folder."""
    path, tmp = folder / "floor.toml", folder / ".floor.toml.tmp"
    started = time.perf_counter()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.write(fd, data)
    os.fsync(fd)
    os.close(fd)
    os.replace(tmp, path)
    if os.name != "nt":
        dfd = os.open(folder, os.O_RDONLY)
        os.fsync(dfd)
        os.close(dfd)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", type=Path, default=None, help="a folder made by make_big_series.py")
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--entries", type=int, default=150)
    parser.add_argument("--iterations", type=int, default=300)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="pesten-bench-") as tmp:
        small = make_big_series.make(Path(tmp) / "small", 1, args.entries)
        if args.big and (args.big / "pesten.toml").exists():
            big = SaveFile(args.big / "pesten.toml")
        else:
            print(f"making a series of {args.hands} hands ...", flush=True)
            big = make_big_series.make(args.big or Path(tmp) / "big", args.hands, args.entries)
            if hasattr(os, "sync"):
                os.sync()  # let the unsynced bulk write settle before timing
        writers = {"1 hand": Writer(small), f"{len(big.hand_numbers())} hands": Writer(big)}
        data = small.hand_path(1).read_bytes()
        writes = {label: [] for label in writers}
        cycles = {label: [] for label in writers}
        floor = []
        for round_ in range(args.iterations):
            for label, writer in writers.items():
                writes[label].append(writer.write())
                if round_ % 5 == 0:
                    cycles[label].append(writer.cycle())
            floor.append(floor_write(Path(tmp), data))

        results = {}
        for label, writer in writers.items():
            results[label] = w50, w99 = percentiles(writes[label])
            c50, c99 = percentiles(cycles[label])
            print(f"series of {label:>12}: hand of {len(writer.hand['entries'])} entries, "
                  f"write_hand p50 {w50:.2f} ms p99 {w99:.2f} ms; "
                  f"read series + read hand + write hand p50 {c50:.2f} ms p99 {c99:.2f} ms")
        f50, f99 = percentiles(floor)
        print(f"disk floor (write {len(data)} bytes, fsync, rename, fsync folder): "
              f"p50 {f50:.2f} ms p99 {f99:.2f} ms")
        (small_label, (s50, _)), (big_label, (b50, _)) = results.items()
        print(f"ratio write_hand p50 {big_label} / {small_label}: {b50 / s50:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
