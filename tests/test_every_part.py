"""One house-rule file using every part of the family's vocabulary (RULES.md R10,
issue 35: ``examples/every-part.toml``) and a recorded hand under it
(``examples/hand-every-part-3.txt``), refereed by ``play --script`` and scored as
the user meets them, through the command line in a subprocess."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "examples" / "every-part.toml"
HAND = ROOT / "examples" / "hand-every-part-3.txt"


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PESTEN_REF_LANG": "en", "PYTHONPATH": str(ROOT),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("PESTEN_REF_SAVE", None)
    done = subprocess.run([sys.executable, "-m", "referee", *args, "--save",
                           str(tmp_path / "s.toml")], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


def test_R10_every_part_of_the_vocabulary_in_one_hand_refereed_and_scored(tmp_path):
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", str(RULES))
    told = run(tmp_path, "play", "--script", str(HAND)).stdout
    for sentence in (
        "jumps in out of turn with 5♥, the top card's twin: play goes on from Cees",  # R10.70
        "on the way in a run: only the cards of its last rank act",                  # R10.64
        "must draw 5 or play K♥ or a Ten of diamonds or hearts (R9.3)",               # R10.10
        "the penalty of 5 cards is cancelled (R10.11)",                               # R10.11
        "an open card: any card may go on it (R10.20)",                               # R10.20
        "or type `pass` and wait 1 turn (R10.21)",                                    # R10.21
        "swaps hands with Anna (R10.30)",                                             # R10.30
        "demands a Nine",                                                             # R10.22
        "draws 3 cards; the turn passes (R10.50)",                                    # R10.50
        "draws 2 cards and plays the last one drawn (R10.50)",
        '"Mau!" — announced in time (R10.80)',                                        # R10.80
        '"Mau-Mau!" on J♣: the others\' points of this hand are multiplied by 2 (R10.82)',
    ):
        assert sentence in told, sentence
    score = re.search(r"^# score: (.*)$", HAND.read_text(encoding="utf-8"), re.M).group(1)
    args = [f"{n}={c.strip(chr(34))}" for n, c in re.findall(r'(\w+)=("[^"]*"|\S+)', score)]
    run(tmp_path, "score", *args)
    standings = json.loads(run(tmp_path, "standings", "--json").stdout)
    totals = {row["name"]: row["total"] for row in standings["players"]}
    # the winner collects (R10.90): (Anna's 63 + the Queen of spades' own 50, R10.93) x 2
    assert totals == {"Cees": 226, "Anna": 0, "Bram": 0}
