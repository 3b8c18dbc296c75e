"""R10.93: ``[points]`` gives one card its own points (``"Qs" = 50``) beside the
ranks' points; the card's entry wins.  Checked through the rule set
(``load_rules``, ``card_points``), ``rules FILE`` / ``rules --diff`` and, as the
table meets it, ``score --cards`` run as a subprocess.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import cli, refusal, rules_of
from referee.engine.cards import Card
from referee.series.scoring import card_points

ROOT = Path(__file__).resolve().parents[1]

QUEEN = """\
# the Queen of spades costs 50 (Black Lady)
[points]
"Qs" = 50
Q = 12
"""


def test_R10_93_the_cards_entry_wins_over_its_ranks(tmp_path):
    rules = rules_of(tmp_path, QUEEN)
    assert card_points(Card("Q", "s"), rules) == 50
    assert card_points(Card("Q", "h"), rules) == 12          # the rank's entry
    assert card_points(Card("K", "s"), rules) == 10          # standard R7.1
    assert card_points(Card("Joker"), rules) == 20


def test_R10_93_a_card_written_with_its_symbol_is_the_same_key(tmp_path):
    rules = rules_of(tmp_path, '[points]\n"Q♠" = 40\n"10h" = 1\n')
    assert dict(rules.points)["Qs"] == 40
    assert card_points(Card("Q", "s"), rules) == 40 and card_points(Card("10", "h"), rules) == 1
    assert card_points(Card("10", "d"), rules) == 10


def test_R10_93_one_card_under_two_names_is_refused(tmp_path):
    told = refusal(tmp_path, '[points]\n"Qs" = 50\n"Q♠" = 40\n')
    assert "ours.toml, line 3" in told and "points.Q♠" in told and "points.Qs" in told


def test_R10_93_a_bad_value_names_the_file_line_and_key(tmp_path):
    told = refusal(tmp_path, '[points]\nA = 1\n"Qs" = -1\n')
    assert "ours.toml, line 3" in told and "`points.Qs = -1`" in told and "0 or more" in told


def test_R10_93_a_key_neither_rank_nor_card_says_what_is_allowed(tmp_path):
    told = refusal(tmp_path, '[points]\n"Qx" = 3\n')
    assert "ours.toml, line 2" in told and "points.Qx" in told and '"Qs"' in told


def test_R10_93_rules_file_tells_it_in_words(tmp_path):
    (tmp_path / "q.toml").write_text(QUEEN, encoding="utf-8")
    book = cli(None, "rules", str(tmp_path / "q.toml")).output
    section = book.split("R10.93 ", 1)[1].split("\n\n", 1)[0]
    assert "Here: Q♠ 50." in " ".join(section.split())
    diff = cli(None, "rules", "--diff", "standard", str(tmp_path / "q.toml")).output
    line = next(x for x in diff.splitlines() if x.startswith("points.Qs"))
    assert line.split()[-2:] == ["50", "R10.93"]
    standard = cli(None, "rules", "standard").output.split("R10.93 ", 1)[1].split("\n\n", 1)[0]
    assert "Not used" in standard


def test_R10_93_score_cards_counts_the_cards_own_points(tmp_path):
    (tmp_path / "q.toml").write_text(QUEEN, encoding="utf-8")

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "referee.interface.cli", *args, "--save", "s.toml"],
                              cwd=tmp_path, capture_output=True, text=True,
                              env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "NO_COLOR": "1",
                                   "PYTHONPATH": str(ROOT)})
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        return done.stdout

    run("new", "--players", "Anna,Bram,Cees", "--rules", "q.toml", "--dealer", "Cees")
    told = run("score", "--winner", "Anna", "Bram=Qs Qh", "Cees=Qd 2d")
    assert "Bram 62" in told and "Cees 14" in told


def test_R10_93_a_card_by_the_languages_letter(tmp_path):
    (tmp_path / "v.toml").write_text('[points]\n"V♠" = 50\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "referee", "--lang", "nl", "rules", "v.toml"],
                          cwd=tmp_path, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "NO_COLOR": "1",
                               "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    book = done.stdout
    assert "points.Qs = 50" in book and "Hier: V♠ 50." in " ".join(book.split())
