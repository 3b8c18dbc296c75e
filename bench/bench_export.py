"""``history --json``, every export and ``series --stats`` of a long series: under 2 s at 10,000 hands, linear.

    python bench/bench_export.py [--small 1000] [--large 10000] [--rounds 3] [--folder DIR]
                                 [--refereed]

Builds two series with ``bench/make_big_series.py`` (4 players, about 150
entries a hand, every hand scored but the last), switched to a fixed series
of more hands than it has (``[series] mode = "hands"``) so that every hand
counts and none ends the series early.  Then, alternating between the two
so that both see the same load, ``--rounds`` times each, it runs the real
console script as a user would and times it (wall clock):

- ``pesten-ref history --json``
- ``pesten-ref export --format csv|json|html --output FILE``
- ``pesten-ref series --stats`` (the all-time records: the series' hands and
  the biggest penalty of each, replayed from its log once per version of its
  file and kept in the index)

(and the CPU time the command used, user + system),

and in-process, once per series, where the time goes: ``session.read_history``
(the files) first without the hands' index (``pesten.hands/index.json``,
deleted first: every hand's file is parsed and the index built, what the
first ``history`` of a series saved by an older version pays once), then
with it, as every later command reads; ``session.read_history_facts`` (what
``series --stats`` reads) first on that index, which has no facts yet (every
hand's file is parsed and its log replayed, what the first ``series --stats``
after a ``history`` of a series saved by an older version pays once), then
again; ``history.history_of`` (the totals);
and each format's rendering (``export.export``).  The commands run with the
index in place.  Wall clock everywhere, and the process CPU time ``(cpu)``
of the in-process reads (``cpu``: less disturbed on a shared machine).

Prints a line per command with the medians and the ratio large/small (a
linear cost gives large/small hands = 10 for the defaults), and as its last
line the slowest command at ``--large`` hands against the 2 s target.
``--folder`` keeps the series there (built once, reused when present).
``--refereed``: every scored hand's log is a hand the simulator's bots
played, which replays to its end (``make_big_series.py --refereed``), so
that the first ``series --stats`` pays what a real series would; by default
the logs are typed at random and a replay stops at their first lines.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from make_big_series import make  # noqa: E402
from referee.series.store import SaveFile, render  # noqa: E402

COMMANDS = {
    "history --json": ["history", "--json"],
    "export csv": ["export", "--format", "csv", "--output", "{out}.csv"],
    "export json": ["export", "--format", "json", "--output", "{out}.json"],
    "export html": ["export", "--format", "html", "--output", "{out}.html"],
    "series --stats": ["series", "--stats"],
}
TARGET = 2.0


def build(folder: Path, hands: int, refereed: bool = False) -> SaveFile:
    """A series of ``hands`` hands at ``folder``, fixed-length so that all count."""
    save = SaveFile(folder / "pesten.toml")
    if not save.exists():
        make(folder, hands, 150, refereed=refereed)
    data = tomllib.loads(save.path.read_text(encoding="utf-8"))
    data["rules"].setdefault("series", {}).update(mode="hands", hands=hands + 100)
    data["winners"] = []
    save.path.write_text(render(data), encoding="utf-8")
    return save


def _children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    import resource
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(save: SaveFile, args: list[str], out: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of the console script."""
    exe = Path(sys.executable).with_name("pesten-ref")
    argv = [str(exe), *(a.format(out=out) for a in args), "--save", str(save.path)]
    c0 = _children_cpu()
    t0 = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - t0
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()}")
    return seconds, _children_cpu() - c0


def split(save: SaveFile) -> dict[str, float]:
    """Seconds of each stage, in-process."""
    from referee.series.export import export
    from referee.series.history import history_of, series_header
    from referee.series.session import read_history, read_history_facts

    out: dict[str, float] = {}
    index = save.hands_dir / "index.json"
    index.unlink(missing_ok=True)
    t0, c0 = time.perf_counter(), time.process_time()
    read_history(save)
    out["read_history without index (builds it)"] = time.perf_counter() - t0
    out["its cpu"] = time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    header, hands = read_history(save)
    out["read_history"] = time.perf_counter() - t0
    out["read_history cpu"] = time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    read_history_facts(save)
    out["read_history_facts deriving the facts"] = time.perf_counter() - t0
    out["deriving cpu"] = time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    read_history_facts(save)
    out["read_history_facts"] = time.perf_counter() - t0
    out["read_history_facts cpu"] = time.process_time() - c0
    t0 = time.perf_counter()
    history = history_of(header, hands)
    out["history_of"] = time.perf_counter() - t0
    head = series_header(header)
    for fmt in ("csv", "json", "html"):
        t0 = time.perf_counter()
        export(fmt, history, head, "bench")
        out[f"render {fmt}"] = time.perf_counter() - t0
    out["hands"] = len(history["hands"])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", type=int, default=1000)
    ap.add_argument("--large", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--folder", type=Path, default=None)
    ap.add_argument("--refereed", action="store_true",
                    help="hands whose logs replay to their end (the simulator's bots)")
    opts = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pesten-export-bench-") as tmp:
        root = opts.folder or Path(tmp)
        t0 = time.perf_counter()
        kind = "refereed-" if opts.refereed else ""
        saves = {n: build(root / f"series-{kind}{n}", n, opts.refereed)
                 for n in (opts.small, opts.large)}
        print(f"series of {opts.small} and {opts.large} hands ready in "
              f"{time.perf_counter() - t0:.1f} s")
        for n, save in saves.items():
            stages = split(save)
            print(f"{n:>6} hands in-process: " + ", ".join(
                f"{k} {v:.3f} s" if k != "hands" else f"{int(v)} hands in history"
                for k, v in stages.items()))
        times: dict[str, dict[int, list[float]]] = {c: {n: [] for n in saves} for c in COMMANDS}
        for _ in range(opts.rounds):
            for name, args in COMMANDS.items():
                for n, save in saves.items():
                    times[name][n].append(timed(save, args, Path(tmp) / f"out-{n}"))
    worst = (0.0, "")
    for name in COMMANDS:
        small = statistics.median(w for w, _ in times[name][opts.small])
        large = statistics.median(w for w, _ in times[name][opts.large])
        small_cpu = statistics.median(c for _, c in times[name][opts.small])
        large_cpu = statistics.median(c for _, c in times[name][opts.large])
        worst = max(worst, (large, name))
        print(f"{name:<15} {opts.small} hands: {small:6.2f} s | {opts.large} hands: {large:6.2f} s"
              f" | ratio {large / small:5.2f} (hands ratio {opts.large / opts.small:.0f})"
              f" | cpu {small_cpu:.2f} s / {large_cpu:.2f} s")
    verdict = "within" if worst[0] < TARGET else "OVER"
    print(f"export: slowest at {opts.large} hands {worst[0]:.2f} s ({worst[1]}), "
          f"{verdict} the {TARGET:.0f} s target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
