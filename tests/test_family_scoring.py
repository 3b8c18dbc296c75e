"""R10.90-R10.92: scoring of the family's games: the winner collects, a target
score, a blocked hand when the winner collects.

The series rules are checked through ``score_hand`` / ``apply_result`` and, as the
table meets them, through ``pesten-ref new --rules FILE``, ``score``,
``standings --json``, ``history --json`` and ``export`` (in-process and, once, as
subprocesses).  Presets and files that set none of these keys score as R7 says
(tests/test_scoring.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli
from referee.engine.rules import HouseRules, RulesError
from referee.series.presets import load_rules
from referee.series.scoring import (
    HandFacts, HandResult, Series, apply_result, hand_gains, recorded_problem, score_hand,
    standings_json,
)

ROOT = Path(__file__).resolve().parents[1]
ABC = ["Anna", "Bram", "Cees"]

CRAZY = """\
# Crazy Eights as Hoyle scores it
[points]
"8" = 50
A = 1
[scoring]
mode = "winner_collects"
[series]
mode = "target"
target = 100
"""


def rules_of(tmp_path: Path, text: str) -> HouseRules:
    path = tmp_path / "ours.toml"
    path.write_text(text, encoding="utf-8")
    return load_rules(str(path))


def series(rules: HouseRules) -> Series:
    return Series.new(list(ABC), rules, "Cees")


def play_hand(s: Series, winner: str | None, given: dict) -> HandResult:
    if s.hand_scored:
        s.start_next_hand()
    result = score_hand(s, HandFacts.unrefereed(s), winner, given)
    apply_result(s, result)
    return result


@pytest.fixture
def save(tmp_path) -> Path:
    return tmp_path / "pesten.toml"


# -- R10.90 the winner collects ----------------------------------------------------------------

def test_R10_90_the_winner_scores_the_cards_the_others_hold(tmp_path):
    s = series(rules_of(tmp_path, CRAZY))
    result = play_hand(s, "Anna", {"Bram": "8h Ks", "Cees": "Ah 3d"})
    assert result.points == {"Anna": 64, "Bram": 0, "Cees": 0}   # 50 + 10 + 1 + 3
    assert result.held == {"Anna": 0, "Bram": 60, "Cees": 4}
    assert [s.records[p].total for p in ABC] == [64, 0, 0]
    assert standings_json(s, False)["players"][0]["place"] == 1   # the highest total is best


def test_R10_90_penalty_scoring_keeps_what_each_player_held():
    s = series(HouseRules())
    result = play_hand(s, "Anna", {"Bram": "8h Ks", "Cees": "Ah 3d"})
    assert result.points == {"Anna": 0, "Bram": 18, "Cees": 18} and result.held == {}
    assert "held" not in result.to_dict()
    assert hand_gains(HouseRules(), "Anna", False, {"Anna": 0, "Bram": 5}) == {"Anna": 0, "Bram": 5}


def test_R10_90_a_saved_result_is_checked_against_what_the_cards_give(tmp_path):
    rules = rules_of(tmp_path, CRAZY)
    facts = HandFacts(status="over", players=list(ABC), winner="Anna", counts={"Bram": 2, "Cees": 1},
                      refereed=True)
    good = HandResult(1, "Anna", points={"Anna": 11, "Bram": 0, "Cees": 0},
                      cards={"Bram": ["Ks", "Ad"], "Cees": ["9c"]}, held={"Anna": 0, "Bram": 11, "Cees": 9})
    assert recorded_problem(rules, facts, good) is not None          # Cees' Nine is worth 9
    good.points["Anna"] = 20
    assert recorded_problem(rules, facts, good) is None
    good.points["Anna"] = 21
    where, error = recorded_problem(rules, facts, good)
    assert (where, error.rule) == (["result", "points", "Anna"], "R10.90")
    assert HandResult.from_dict(good.to_dict()).held == good.held


def test_R10_90_winner_collects_in_an_elimination_is_refused_naming_the_line(tmp_path):
    path = tmp_path / "ours.toml"
    path.write_text('# ours\n[scoring]\nmode = "winner_collects"\n', encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_rules(str(path))
    assert (caught.value.file, caught.value.line, caught.value.key) == (str(path), 3, "scoring.mode")
    shown = cli(None, "rules", str(path), code=2)
    text = shown.output
    assert "ours.toml" in text and "line 3" in text and "R10.90" in text
    assert '"target", "hands" or "casual"' in text


def test_R10_90_with_a_number_of_hands_the_highest_total_wins(tmp_path):
    s = series(rules_of(tmp_path, CRAZY.replace('mode = "target"', 'mode = "hands"\nhands = 2')))
    play_hand(s, "Anna", {"Bram": 5, "Cees": 5})
    play_hand(s, "Bram", {"Anna": 4, "Cees": 3})
    assert s.winners == ["Anna"]                     # 10 against 7


def test_R10_90_the_rule_book_says_how_the_series_is_scored(tmp_path):
    (tmp_path / "crazy.toml").write_text(CRAZY, encoding="utf-8")
    book = cli(None, "rules", str(tmp_path / "crazy.toml"), "R10.90").stdout
    assert "The winner collects" in book and 'scoring.mode = "winner_collects"' in book
    assert "Not used in this series" in cli(None, "rules", "standard", "R10.90").stdout


# -- R10.91 target ------------------------------------------------------------------------------

def test_R10_91_reaching_the_target_wins_when_the_winner_collects(tmp_path):
    s = series(rules_of(tmp_path, CRAZY))
    play_hand(s, "Anna", {"Bram": "8h 8s", "Cees": "3d"})        # Anna 103
    assert s.winners == ["Anna"] and s.over
    assert standings_json(s, False)["target"] == 100


def test_R10_91_reaching_the_target_loses_under_penalty_scoring(tmp_path):
    s = series(rules_of(tmp_path, '[series]\nmode = "target"\ntarget = 30\n'))
    play_hand(s, "Anna", {"Bram": 20, "Cees": 10})
    assert not s.over
    assert [p["to_go"] for p in standings_json(s, False)["players"]] == [30, 10, 20]
    play_hand(s, "Bram", {"Anna": 5, "Cees": 25})                  # Cees 35 reaches it
    assert s.winners == ["Anna"]                                   # 5 is the lowest total
    assert standings_json(s, False)["reaching"] == "loses"


def test_R10_91_the_file_says_whether_reaching_it_wins(tmp_path):
    s = series(rules_of(tmp_path, '[series]\nmode = "target"\ntarget = 30\nreaching = "wins"\n'))
    play_hand(s, "Anna", {"Bram": 30, "Cees": 10})
    assert s.winners == ["Bram"]


def test_R10_91_a_target_series_through_the_command_line(tmp_path):
    (tmp_path / "crazy.toml").write_text(CRAZY, encoding="utf-8")

    def run(*args: str) -> subprocess.CompletedProcess:
        done = subprocess.run([sys.executable, "-m", "referee.interface.cli", *args, "--save", "s.toml"],
                              cwd=tmp_path, capture_output=True, text=True,
                              env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "NO_COLOR": "1",
                                   "PYTHONPATH": str(ROOT)})
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        return done

    made = json.loads(run("new", "--players", "Anna,Bram,Cees", "--rules", "crazy.toml",
                          "--dealer", "Cees", "--json").stdout)
    assert (made["mode"], made["target"], made["scoring"], made["best"]) == (
        "target", 100, "winner_collects", "high")
    told = run("score", "--winner", "Bram", "Anna=8h Kc", "Cees=2d").stdout
    assert "Bram 62" in told
    told = run("score", "--winner", "Cees", "Anna=8d", "Bram=8c").stdout
    assert "Hand 2 scored: Anna 0, Bram 0, Cees 100." in told and "Cees wins the series!" in told
    standings = json.loads(run("standings", "--json").stdout)
    assert standings["series_winner"] == ["Cees"]
    assert [p["place"] for p in standings["players"]] == [3, 2, 1]
    history = json.loads(run("history", "--json").stdout)
    assert [h["points"]["Cees"] for h in history["hands"]] == [0, 100]
    assert history["best"] == "high" and history["target"] == 100


def test_R10_91_export_ranks_the_highest_total_first(save, tmp_path):
    (tmp_path / "crazy.toml").write_text(CRAZY, encoding="utf-8")
    cli(save, "new", "--players", "Anna,Bram,Cees", "--rules", str(tmp_path / "crazy.toml"),
        "--dealer", "Cees")
    cli(save, "score", "--winner", "Bram", "Anna=8h Kc", "Cees=2d")
    page = tmp_path / "page.html"
    cli(save, "export", "--format", "html", "--output", str(page))
    html = page.read_text(encoding="utf-8").split('id="standings"', 1)[1]
    assert html.index("Bram") < html.index("Anna") < html.index("Cees")   # 62, 0, 0


# -- R10.92 a blocked hand when the winner collects ---------------------------------------------

def test_R10_92_the_lowest_hand_scores_the_difference(tmp_path):
    rules = rules_of(tmp_path, CRAZY)
    assert hand_gains(rules, None, True, {"Anna": 5, "Bram": 12, "Cees": 30}) == {
        "Anna": 7 + 25, "Bram": 0, "Cees": 0}
    assert hand_gains(rules, None, True, {"Anna": 5, "Bram": 5, "Cees": 30}) == dict.fromkeys(ABC, 0)
    assert hand_gains(HouseRules(), None, True, {"Anna": 5, "Bram": 5}) == {"Anna": 5, "Bram": 5}


def test_R10_90_a_player_who_joins_starts_with_the_lowest_total(save, tmp_path):
    (tmp_path / "crazy.toml").write_text(CRAZY, encoding="utf-8")
    cli(save, "new", "--players", "Anna,Bram,Cees", "--rules", str(tmp_path / "crazy.toml"),
        "--dealer", "Cees")
    cli(save, "score", "--winner", "Bram", "Anna=8h Kc", "Cees=2d")        # Bram 62
    joined = json.loads(cli(save, "join", "Dirk", "--json").stdout)
    assert joined["total"] == 0
