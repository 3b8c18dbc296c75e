"""Per-entry cost of the referee engine, side by side with a baseline revision.

Replays recorded hands (the differential fixture by default) line by line
through ``Hand.apply_line`` — what the prompt and reopening a saved hand do —
once without reading the rulings and once reading each ruling's text (what the
prompt shows), and reports microseconds per entry for the working tree and for
a baseline revision extracted with ``git archive`` into a temporary folder.
Each engine runs in its own process (``python -S``, the tree first on the
path); the runs alternate and the best of ``--repeat`` is kept.

    .venv/bin/python bench/bench_engine.py [--rev 15b2f64] [--data FILE.jsonl.gz]
                                           [--hands 300] [--repeat 5]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "tests", "data", "differential-15b2f64.jsonl.gz")


def load(path: str, limit: int) -> list[dict]:
    hands = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            if "lines" in record:
                hands.append(record)
                if len(hands) >= limit:
                    break
    return hands


def child(tree: str, data: str, limit: int, read_text: bool) -> None:
    """Time the replay in this process under ``tree``; print seconds and entries."""
    sys.path.insert(0, tree)
    from referee.engine import Hand
    from referee.series.presets import rules_from_table
    try:
        from referee.words.events import told
    except ImportError:  # (a revision whose ruling said itself: ``Ruling.text``)
        def told(ruling):
            return ruling.text

    hands = load(data, limit)
    setups = []
    for h in hands:
        table = h["rules"]
        if not (2 <= table.get("deal_size", 7) <= 15 and table.get("finish_on_action_draw", 1)):
            continue  # (the same hands for both: tables the baseline's validation accepts)
        try:
            rules = rules_from_table(h["rules"], h.get("name") or "bench")
        except ValueError:
            continue  # (a rule table the tree's validation refuses)
        setups.append((rules, h["players"], h["dealer"], h["number"], h["lines"]))
    entries = 0
    start = time.perf_counter()
    for rules, players, dealer, number, lines in setups:
        hand = Hand(rules, players, dealer, number)
        apply = hand.apply_line
        for text in lines:
            ruling = apply(text)
            if read_text:
                told(ruling)  # the prompt shows every ruling
        entries += len(lines)
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "entries": entries}))


def run(tree: str, data: str, limit: int, read_text: bool) -> dict:
    out = subprocess.run([sys.executable, "-S", os.path.abspath(__file__), "--child", tree,
                          "--data", data, "--hands", str(limit)]
                         + (["--text"] if read_text else []),
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", default="15b2f64", help="baseline revision")
    ap.add_argument("--data", default=FIXTURE, help="recorded hands (.jsonl.gz)")
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--text", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.data, args.hands, args.text)
        return 0
    with tempfile.TemporaryDirectory(prefix="pesten-bench-") as tmp:
        archive = subprocess.run(["git", "-C", ROOT, "archive", args.rev, "referee"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        trees = {f"baseline {args.rev}": tmp, "working tree": ROOT}
        for read_text in (False, True):
            best: dict[str, float] = {}
            entries = 0
            for _ in range(args.repeat):
                for label, tree in trees.items():
                    result = run(tree, args.data, args.hands, read_text)
                    us = result["seconds"] / result["entries"] * 1e6
                    best[label] = min(best.get(label, us), us)
                    entries = result["entries"]
            what = "apply_line + ruling text" if read_text else "apply_line"
            print(f"{what}: {entries} entries, best of {args.repeat}")
            for label, us in best.items():
                print(f"  {label:<20} {us:7.2f} us/entry")
            base = best[f"baseline {args.rev}"]
            print(f"  ratio working/baseline {best['working tree'] / base:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
