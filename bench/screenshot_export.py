"""Export a 4-player series of 12 hands (one player out, one hand corrected) as
HTML and photograph it with headless Chromium.

    python bench/screenshot_export.py [--out FOLDER] [--width 1000] [--height 1400]

Runs the real ``pesten-ref`` next to the running Python: ``new``, ``score``
for every hand, ``score --hand 3`` for the correction, ``export --format
html``.  Writes FOLDER/series.html, FOLDER/series.png (the page in a window
of --width x --height CSS pixels), FOLDER/series-narrow.png (a phone-sized
window) and FOLDER/series.pdf (as printed: A4 from the page's print styles).
Last line: ``html=... png=... pdf=... pages=N`` (N should be 1).
Needs Debian's ``chromium`` (``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

import chromium  # noqa: E402

PLAYERS = ["Anna", "Bram", "Cees", "Dörte"]
# (winner, {loser: points}) per hand; Dörte goes over 100 after hand 7.
HANDS = [
    ("Anna", {"Bram": 12, "Cees": 7, "Dörte": 20}),
    ("Bram", {"Anna": 9, "Cees": 15, "Dörte": 4}),
    ("Cees", {"Anna": 12, "Bram": 22, "Dörte": 11}),  # corrected below: Anna 14
    ("Anna", {"Bram": 5, "Cees": 18, "Dörte": 30}),
    ("Dörte", {"Anna": 6, "Bram": 9, "Cees": 3}),
    ("Bram", {"Anna": 11, "Cees": 25, "Dörte": 17}),
    ("Anna", {"Bram": 16, "Cees": 8, "Dörte": 24}),
    ("Bram", {"Anna": 20, "Cees": 10}),
    ("Anna", {"Bram": 13, "Cees": 9}),
    ("Cees", {"Anna": 7, "Bram": 18}),
    ("Anna", {"Bram": 4, "Cees": 2}),
    ("Bram", {"Anna": 10, "Cees": 3}),
]
CORRECTION = ("3", "Cees", {"Anna": 14, "Bram": 22, "Dörte": 11})


def run(*args: str) -> str:
    exe = Path(sys.executable).with_name("pesten-ref")
    done = subprocess.run([str(exe), *args], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"pesten-ref {' '.join(args)} failed: {done.stderr or done.stdout}")
    return done.stdout


def make_series(folder: Path) -> Path:
    """The series at FOLDER/pesten.toml, scored and corrected."""
    save = folder / "pesten.toml"
    run("new", "--players", ",".join(PLAYERS), "--dealer", PLAYERS[0], "--force",
        "--save", str(save))
    for winner, points in HANDS:
        run("score", "--winner", winner, *(f"{p}={n}" for p, n in points.items()),
            "--save", str(save))
    hand, winner, points = CORRECTION
    run("score", "--hand", hand, "--winner", winner, *(f"{p}={n}" for p, n in points.items()),
        "--save", str(save))
    return save


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=None, help="folder for the files (default: a temp folder)")
    ap.add_argument("--width", type=int, default=1000)
    ap.add_argument("--height", type=int, default=1400)
    opts = ap.parse_args(argv)
    if chromium.find() is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 2
    out = opts.out or Path(tempfile.mkdtemp(prefix="pesten-shot-"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pesten-series-") as tmp:
        save = make_series(Path(tmp))
        page = out / "series.html"
        run("export", "--format", "html", "--output", str(page), "--save", str(save))
    png = chromium.screenshot(page, out / "series.png", opts.width, opts.height)
    chromium.screenshot(page, out / "series-narrow.png", 420, 1600)
    pages = chromium.print_pdf(page, out / "series.pdf")
    print(f"html={page} png={png} pdf={out / 'series.pdf'} pages={pages}")
    return 0 if pages == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
