"""A club's tournament and a family's score-only evening, as the user meets them:
the ``pesten-ref`` command in a subprocess, the table prompt through a pipe.

Issue 33: a player who leaves a tournament's table (R1.5) never locks the
tournament, a no-show decides nothing about how many go through (R8.6), and
scoring a hand not refereed asks no more than it needs (R7.1-R7.3).
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run(cwd: Path, *args: str, input: str | None = None, code: int = 0) -> subprocess.CompletedProcess:
    """``pesten-ref ARGS`` in ``cwd`` (a subprocess, English, no saved-series default);
    asserts its exit status and that no traceback was printed."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PESTEN_REF_SAVE", "PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(PYTHONPATH=str(REPO) + os.pathsep + env.get("PYTHONPATH", ""), LANG="C.UTF-8",
               NO_COLOR="1", HOME=str(cwd), XDG_DATA_HOME=str(cwd / ".data"))
    done = subprocess.run([sys.executable, "-m", "referee", *args], cwd=cwd, input=input,
                          capture_output=True, text=True, env=env, timeout=120)
    shown = f"pesten-ref {' '.join(args)} -> {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert done.returncode == code, shown
    assert "Traceback" not in done.stdout + done.stderr, shown
    return done


def show(cwd: Path) -> dict:
    return json.loads(run(cwd, "tournament", "show", "--json", "--save", "cup.toml").stdout)


def table_of(data: dict, name: str) -> dict:
    return next(tb for tb in data["tables"] if name in tb["players"] or name in tb["absent"])


def score_table(cwd: Path, tb: dict, winner: str | None = None) -> subprocess.CompletedProcess:
    """Score a table not refereed: ``winner`` (default the first) 0, the others 10, 20, ..."""
    winner = winner or tb["players"][0]
    others = [p for p in tb["players"] if p != winner]
    return run(cwd, "score", "--table", tb["table"], "--save", "cup.toml", "--winner", winner,
               *(f"{p}={10 * i}" for i, p in enumerate(others, 1)))


def leave_and_finish(cwd: Path, table: str, leaver: str) -> list[str]:
    """At a table being played: ``leave LEAVER`` piped into the prompt, then the player
    to act goes out (a correction leaves them one card, a Nine on the Nine); -> the
    players still holding cards, to score."""
    run(cwd, "play", "--table", table, "--save", "cup.toml", input=f"leave {leaver}\n")
    state = json.loads(run(cwd, "state", "--json", "--table", table, "--save", "cup.toml").stdout)
    turn = state["turn"]
    run(cwd, "play", "--table", table, "--save", "cup.toml", input=f"fix count {turn} 1\n9s\n")
    return [p for p in state["counts"] if p != turn]


# ---------------------------------------------------------------------------
# R1.5: a leaver never locks a tournament
# ---------------------------------------------------------------------------

def _round_with_a_leaver(cwd: Path) -> tuple[dict, str, list[str]]:
    names = "Anna,Bram,Cees,Daan,Eva,Frits,Gijs,Henk"
    run(cwd, "tournament", "new", "--players", names, "--seed", "2024", "--save", "cup.toml")
    data = show(cwd)
    tb = table_of(data, "Anna")
    run(cwd, "play", "--table", tb["table"], "--save", "cup.toml", input="start 9h\n")
    told = run(cwd, "tournament", "withdraw", "Anna", "--save", "cup.toml").stdout
    assert "leave Anna" in told
    holding = leave_and_finish(cwd, tb["table"], "Anna")
    run(cwd, "score", "--table", tb["table"], "--save", "cup.toml",
        *(f"{p}={30 + i}" for i, p in enumerate(holding)))
    for other in data["tables"]:
        if other["table"] != tb["table"]:
            score_table(cwd, other)
    return tb, tb["table"], holding


def test_R1_5_a_leaver_at_a_tournament_table_is_recorded_alike_and_the_round_closes(tmp_path):
    tb, table, holding = _round_with_a_leaver(tmp_path)
    data = show(tmp_path)
    assert data["conflicts"] == [] and data["incomplete"] == []
    result = table_of(data, "Anna")["result"]
    assert "Anna" not in result["points"]  # R1.5: who left does not score the hand
    folder = tmp_path / "cup.tables" / f"round-1-table-{table}"
    series = (folder / "series.toml").read_text(encoding="utf-8")
    hand = (folder / "series.hands" / "hand-00001.toml").read_text(encoding="utf-8")
    assert "left = true" in series and 'left = [\n    "Anna",\n]' in hand
    out = run(tmp_path, "tournament", "next", "--save", "cup.toml").stdout
    assert "Round 1 is closed" in out and "half-synced" not in out
    closed = show(tmp_path)["rounds"][0]["tables"]
    ranking = next(x for x in closed if x["table"] == table)["ranking"]
    assert ranking[-1] == "Anna" and "Anna" not in show(tmp_path)["remaining"]


def test_R1_5_settle_ends_a_leavers_conflict_recorded_before_whichever_version_is_kept(tmp_path):
    # A tournament that recorded the leaver's table as half-synced (as it did before
    # issue 33): either version kept ends the conflict, and the round closes.
    from referee.tournament.bracket import Conflict, Version
    from referee.tournament.files import TournamentFiles
    tb, table, holding = _round_with_a_leaver(tmp_path)
    base = f"cup.tables/round-1-table-{table}"
    points = {p: 30 + i for i, p in enumerate(holding)}
    winner = next(p for p in tb["players"] if p not in holding and p != "Anna")
    old = dict(points, **{winner: 0, "Anna": 0})
    for keep in ("series.toml", "series.hands/hand-00001.toml"):
        copy = tmp_path / keep.replace("/", "-")
        copy.mkdir()
        for name in ("cup.toml", "cup.tables"):
            src = tmp_path / name
            (subprocess.run(["cp", "-r", str(src), str(copy / name)], check=True))
        files = TournamentFiles(copy / "cup.toml")
        with files.save.lock():
            tour = files.load()
            tour.conflicts.append(Conflict(1, table, "half", None, [
                Version(f"{base}/series.toml", "series", "over", winner, old),
                Version(f"{base}/series.hands/hand-00001.toml", "hand", "over", winner,
                        dict(points, **{winner: 0}))]))
            files.write(tour)
        r = run(copy, "tournament", "next", "--save", "cup.toml", code=1)
        assert "half-synced" in r.stderr
        r = run(copy, "tournament", "settle", "--table", table, "--keep", f"{base}/{keep}",
                "--save", "cup.toml")
        assert "is settled" in r.stdout and ")." not in r.stdout.split("settled by")[0]
        out = run(copy, "tournament", "next", "--save", "cup.toml").stdout
        assert "Round 1 is closed" in out


def test_R1_5_a_refused_settle_says_the_tables_reason_once(tmp_path):
    from referee.messages import t
    text = t("tour.settle.refused", reason="Cees holds 7 cards (R7.2).")
    assert "(R7.2). Keep" in text and "))" not in text and ")." not in text.replace("(R7.2).", "")


# ---------------------------------------------------------------------------
# R8.6: the table as drawn decides how many go through
# ---------------------------------------------------------------------------

def test_R8_6_a_no_show_at_a_table_of_five_still_sends_three_through_and_is_told(tmp_path):
    run(tmp_path, "tournament", "new", "--players", "A1,B2,C3,D4,E5,F6,G7,H8,I9", "--seed", "5",
        "--save", "cup.toml")
    five = next(tb for tb in show(tmp_path)["tables"] if len(tb["players"]) == 5)
    dirk = five["players"][-1]
    run(tmp_path, "tournament", "withdraw", dirk, "--save", "cup.toml")
    label = f"Table {five['table']}"
    sentence = f"{dirk} withdrew and ranks last at {label}; 3 of 5 go through (R8.6)."
    assert sentence in run(tmp_path, "tournament", "show", "--save", "cup.toml").stdout
    now = next(tb for tb in show(tmp_path)["tables"] if tb["table"] == five["table"])
    assert len(now["players"]) == 4 and now["absent"] == [dirk]
    out = score_table(tmp_path, now).stdout
    assert sentence in out
    assert f"{', '.join(now['players'][:2])} and {now['players'][2]} go through from {label}" in out
    for tb in show(tmp_path)["tables"]:
        if tb["table"] != five["table"]:
            score_table(tmp_path, tb)
    run(tmp_path, "tournament", "next", "--save", "cup.toml")
    closed = next(tb for tb in show(tmp_path)["rounds"][0]["tables"] if tb["table"] == five["table"])
    assert closed["advanced"] == now["players"][:3] and closed["ranking"][-1] == dirk


# ---------------------------------------------------------------------------
# The README's club flow, with a withdrawal during a hand, before one, and
# between rounds, through to a champion
# ---------------------------------------------------------------------------

def test_R8_6_R1_5_the_club_flow_with_withdrawals_through_to_a_champion(tmp_path):
    (tmp_path / "club.txt").write_text("\n".join(f"P{i}" for i in range(1, 10)) + "\n",
                                       encoding="utf-8")
    run(tmp_path, "tournament", "new", "--players-file", "club.txt", "--seed", "2024",
        "--save", "cup.toml")
    data = show(tmp_path)
    big, small = sorted(data["tables"], key=lambda tb: -len(tb["players"]))
    assert (len(big["players"]), len(small["players"])) == (5, 4)
    # before a hand: a no-show at the table of five
    no_show = big["players"][1]
    run(tmp_path, "tournament", "withdraw", no_show, "--save", "cup.toml")
    big = table_of(show(tmp_path), big["players"][0])
    score_table(tmp_path, big)
    # during a hand: a player leaves the table of four
    run(tmp_path, "play", "--table", small["table"], "--save", "cup.toml", input="start 9h\n")
    quitter = small["players"][2]
    run(tmp_path, "tournament", "withdraw", quitter, "--save", "cup.toml")
    holding = leave_and_finish(tmp_path, small["table"], quitter)
    run(tmp_path, "score", "--table", small["table"], "--save", "cup.toml",
        *(f"{p}={40 + i}" for i, p in enumerate(holding)))
    out = run(tmp_path, "tournament", "next", "--save", "cup.toml").stdout
    assert "Round 1 is closed; 5 players go through" in out  # 3 of 5, 2 of 4
    # between rounds: one of round 2 withdraws before its table begins
    data = show(tmp_path)
    assert data["round"] == 2 and len(data["remaining"]) == 5
    gone = data["tables"][0]["players"][0]
    run(tmp_path, "tournament", "withdraw", gone, "--save", "cup.toml")
    tb = show(tmp_path)["tables"][0]
    assert f"{gone} withdrew and ranks last" in score_table(tmp_path, tb).stdout
    run(tmp_path, "tournament", "next", "--save", "cup.toml")
    while show(tmp_path)["status"] != "final":
        for tb in show(tmp_path)["tables"]:
            score_table(tmp_path, tb)
        run(tmp_path, "tournament", "next", "--save", "cup.toml")
    a, b = show(tmp_path)["tables"][0]["players"]
    for _ in range(3):  # 35, 70, 105 > 100 (R7.4)
        run(tmp_path, "score", "--table", "final", "--save", "cup.toml", "--winner", a, f"{b}=35")
    out = run(tmp_path, "tournament", "next", "--save", "cup.toml").stdout
    assert f"{a} is the champion" in out
    data = show(tmp_path)
    assert data["champion"] == a and data["conflicts"] == []
    assert {w["name"] for w in data["withdrawn"]} >= {no_show, quitter, gone}


# ---------------------------------------------------------------------------
# Score-only friction (R7.1-R7.3)
# ---------------------------------------------------------------------------

def _family(cwd: Path) -> None:
    run(cwd, "new", "--players", "Anna,Bram,Cees,Daan", "--dealer", "Anna", "--save", "p.toml")


def test_R7_1_the_readmes_score_names_the_one_player_not_given_as_the_winner(tmp_path):
    _family(tmp_path)
    out = run(tmp_path, "score", "Anna=Ah Ks 3d", "Bram=23", "Daan=7c", "--save", "p.toml").stdout
    assert "Hand 1 scored: Anna 28, Bram 23, Cees 0, Daan 7." in out
    assert "No score was given for Cees, who went out with 0 cards (R7.1)." in out
    assert "Cees wins hand 1." in out
    # two players not given: who won is asked for, nothing is recorded
    r = run(tmp_path, "score", "Anna=3", "Bram=4", "--save", "p.toml", code=1)
    assert "--winner" in r.stderr and "R6.1" in r.stderr


def test_R7_3_a_correction_keeps_the_recorded_winner_unless_a_new_one_is_named(tmp_path):
    _family(tmp_path)
    run(tmp_path, "score", "--winner", "Bram", "Anna=10", "Cees=20", "Daan=30", "--save", "p.toml")
    out = run(tmp_path, "score", "--hand", "1", "Anna=12", "Cees=20", "Daan=30",
              "--save", "p.toml").stdout
    assert "Hand 1 corrected" in out
    hist = json.loads(run(tmp_path, "history", "--json", "--save", "p.toml").stdout)
    assert hist["hands"][0]["winner"] == "Bram" and hist["hands"][0]["points"]["Anna"] == 12
    run(tmp_path, "score", "--hand", "1", "--winner", "Anna", "Bram=5", "Cees=20", "Daan=30",
        "--save", "p.toml")
    hist = json.loads(run(tmp_path, "history", "--json", "--save", "p.toml").stdout)
    assert hist["hands"][0]["winner"] == "Anna" and hist["hands"][0]["points"]["Bram"] == 5


def test_R7_2_a_card_given_twice_to_one_player_says_twice_to_that_player(tmp_path):
    _family(tmp_path)
    r = run(tmp_path, "score", "Anna=Ah Ah", "Bram=23", "Daan=7c", "--save", "p.toml", code=1)
    assert "Ah was given twice to Anna" in r.stderr and "(R7.2)" in r.stderr
    r = run(tmp_path, "score", "Anna=Ah 3c", "Bram=Ah", "Daan=7c", "--save", "p.toml", code=1)
    assert "given to Anna and Bram" in r.stderr


def test_R7_3_the_csv_export_marks_a_corrected_hand(tmp_path):
    _family(tmp_path)
    run(tmp_path, "score", "--winner", "Bram", "Anna=10", "Cees=20", "Daan=30", "--save", "p.toml")
    run(tmp_path, "score", "--winner", "Anna", "Bram=10", "Cees=20", "Daan=30", "--save", "p.toml")
    run(tmp_path, "score", "--hand", "1", "Anna=11", "Cees=20", "Daan=30", "--save", "p.toml")
    text = run(tmp_path, "export", "--format", "csv", "--save", "p.toml").stdout
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0][-1] == "corrected"
    assert [r[-1] for r in rows[1:]] == ["true", "false"]


def test_R7_2_asked_player_by_player_a_clashing_card_asks_only_that_player_again(tmp_path):
    from referee.interface.app import SeriesApp
    from referee.series.presets import load_rules
    from referee.series.session import OpenSeries
    from referee.series.store import SaveFile
    table = OpenSeries.create(SaveFile(tmp_path / "p.toml"), ["Anna", "Bram", "Cees"],
                              load_rules("standard"), "Cees")
    app = SeriesApp(table, interactive=True)
    # Anna goes out on 9c (the discard pile: 9h, 9c); Bram keeps 3 cards, Cees 1
    for line in ("start 9h", "fix count Anna 1", "fix count Bram 3", "fix count Cees 1", "9c"):
        assert app.handle_line(line).ok, line
    reply = app.handle_line("score")
    assert "Bram" in reply.question.prompt
    reply = reply.question.answer("Ah Ks 9c")  # on the discard pile: Bram asked again
    assert not reply.ok and reply.rule == "R7.2" and "9♣" in reply.text
    assert "Bram" in reply.question.prompt
    reply = reply.question.answer("Ah Ks 3d")
    assert "Cees" in reply.question.prompt
    reply = reply.question.answer("Ks")  # given to Bram already: only Cees asked again
    assert not reply.ok and reply.rule == "R7.2" and "Bram and Cees" in reply.text
    assert "Cees" in reply.question.prompt and reply.question.taken == ("Ah", "Ks", "3d")
    reply = reply.question.answer("7c")
    assert reply.ok and "Hand 1 scored" in reply.text
    result = SaveFile(tmp_path / "p.toml").read_hand(1)["result"]
    assert result["points"] == {"Anna": 0, "Bram": 28, "Cees": 7}


def test_R7_2_at_the_prompt_a_card_on_the_discard_pile_is_refused_at_that_answer(tmp_path):
    import pytest
    if sys.platform.startswith("win"):
        pytest.skip("needs a POSIX pseudo-terminal")
    from test_app import WON, _Terminal
    save = tmp_path / "p.toml"
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--save", "p.toml")
    with _Terminal(tmp_path, save) as term:
        term.expect("start>")
        for line in WON:
            term.type(line)
        term.expect("over>")
        term.type("score")
        term.expect("Cards left for Bram?")
        term.type("Ah Ks 9h")
        term.expect("9h")
        term.expect("Cards left for Bram?")
        term.type("Ah Ks 3d")
        term.expect("Cards left for Cees?")
        term.type("3d")
        term.expect("Cards left for Cees?")
        term.type("7c")
        term.expect("Hand 2: Anna deals")
        term.type("quit")
        assert term.proc.wait(timeout=30) == 0
    text = run(tmp_path, "history", "--json", "--save", "p.toml").stdout
    assert json.loads(text)["hands"][0]["points"] == {"Anna": 0, "Bram": 28, "Cees": 7}


# ---------------------------------------------------------------------------
# What a family expects: a player who arrives, a hand abandoned at bedtime (R7.3)
# ---------------------------------------------------------------------------

def test_R7_3_join_seats_a_player_from_the_next_hand_with_the_highest_total(tmp_path):
    _family(tmp_path)
    run(tmp_path, "score", "--winner", "Anna", "Bram=30", "Cees=12", "Daan=7", "--save", "p.toml")
    out = run(tmp_path, "join", "Eva", "--save", "p.toml").stdout
    assert ("Eva joins the series from hand 2, starting at 30: the highest total of those still "
            "in (R7.3).") in out
    assert "Hand 2: Bram deals" in out  # the same dealer, the hand dealt again with Eva
    state = json.loads(run(tmp_path, "state", "--json", "--save", "p.toml").stdout)
    assert list(state["counts"]) == ["Anna", "Bram", "Cees", "Daan", "Eva"]
    run(tmp_path, "score", "--winner", "Eva", "Anna=3", "Bram=4", "Cees=5", "Daan=6",
        "--save", "p.toml")
    standings = json.loads(run(tmp_path, "standings", "--json", "--save", "p.toml").stdout)
    assert {p["name"]: p["total"] for p in standings["players"]}["Eva"] == 30
    assert standings["next_dealer"] == "Cees"
    hist = json.loads(run(tmp_path, "history", "--json", "--save", "p.toml").stdout)
    assert [j["name"] for j in hist["joined"]] == ["Eva"] and hist["joined"][0]["hand"] == 2
    assert "Eva" not in hist["hands"][0]["totals"] and hist["hands"][1]["totals"]["Eva"] == 30
    text = run(tmp_path, "history", "--save", "p.toml").stdout
    assert "Eva joined on" in text and "from hand 2, with a starting total of 30" in text
    # a correction of a hand before replays the join with it; the chosen total is kept
    run(tmp_path, "score", "--hand", "1", "Bram=31", "Cees=12", "Daan=7", "--save", "p.toml")
    out = run(tmp_path, "join", "Fien", "--total", "5", "--save", "p.toml").stdout
    assert "Fien joins the series from hand 3, starting at 5 (R7.3)." in out
    run(tmp_path, "join", "Gijs", "--total", "0", "--save", "p.toml")  # two for the same hand
    standings = json.loads(run(tmp_path, "standings", "--json", "--save", "p.toml").stdout)
    totals = {p["name"]: p["total"] for p in standings["players"]}
    assert totals["Eva"] == 30 and totals["Fien"] == 5 and totals["Bram"] == 35
    hist = json.loads(run(tmp_path, "history", "--json", "--save", "p.toml").stdout)
    assert [(j["name"], j["hand"]) for j in hist["joined"]] == [("Eva", 2), ("Fien", 3), ("Gijs", 3)]
    state = json.loads(run(tmp_path, "state", "--json", "--save", "p.toml").stdout)
    assert list(state["counts"])[-3:] == ["Eva", "Fien", "Gijs"]


def test_R7_3_join_is_refused_for_a_name_seated_a_hand_being_played_or_a_total_over_the_limit(tmp_path):
    _family(tmp_path)
    before = (tmp_path / "p.toml").read_text(encoding="utf-8")
    r = run(tmp_path, "join", "anna", "--save", "p.toml", code=1)
    assert "seated twice" in r.stderr and "(R1.1)" in r.stderr and r.stderr.count("R1.1") == 1
    r = run(tmp_path, "join", "Eva", "--total", "101", "--save", "p.toml", code=1)
    assert "over the limit of 100 (R7.4)" in r.stderr
    run(tmp_path, "play", "--save", "p.toml", input="start 9h\n")
    r = run(tmp_path, "join", "Eva", "--save", "p.toml", code=1)
    assert "Hand 1 is being played: Eva can join from the next hand" in r.stderr
    assert (tmp_path / "p.toml").read_text(encoding="utf-8") == before


def test_R7_3_abandon_keeps_the_hand_marked_scores_nobody_and_the_same_dealer_deals_again(tmp_path):
    _family(tmp_path)
    run(tmp_path, "score", "--winner", "Anna", "Bram=30", "Cees=12", "Daan=7", "--save", "p.toml")
    run(tmp_path, "play", "--save", "p.toml", input="start 9h\n9s\n")
    out = run(tmp_path, "abandon", "--save", "p.toml").stdout
    assert "Hand 2 is abandoned: nobody scores it" in out and "hand-00002.abandoned-1.toml" in out
    assert "Hand 2: Bram deals" in out
    kept = (tmp_path / "p.hands" / "hand-00002.abandoned-1.toml").read_text(encoding="utf-8")
    assert 'status = "abandoned"' in kept and 'line = "9s"' in kept and "[result" not in kept
    state = json.loads(run(tmp_path, "state", "--json", "--save", "p.toml").stdout)
    assert (state["hand"], state["status"], state["dealer"]) == (2, "waiting", "Bram")
    standings = json.loads(run(tmp_path, "standings", "--json", "--save", "p.toml").stdout)
    assert standings["hands_scored"] == 1
    r = run(tmp_path, "abandon", "--save", "p.toml", code=1)  # nothing begun: nothing to abandon
    assert "has not begun" in r.stderr and "(R7.3)" in r.stderr
    # at the prompt, through a pipe
    out = run(tmp_path, "play", "--save", "p.toml", input="start 9h\n9s\nabandon\n").stdout
    assert "Hand 2 is abandoned" in out and "hand-00002.abandoned-2.toml" in out
    hist = json.loads(run(tmp_path, "history", "--json", "--save", "p.toml").stdout)
    assert [(a["hand"], a["dealer"], a["entries"]) for a in hist["abandoned"]] == \
        [(2, "Bram", 2), (2, "Bram", 2)]
    text = run(tmp_path, "history", "--save", "p.toml").stdout
    assert text.count("Hand 2 was abandoned on") == 2 and "Bram dealt it again" in text
    run(tmp_path, "score", "--winner", "Bram", "Anna=3", "Cees=4", "Daan=5", "--save", "p.toml")
    hist = json.loads(run(tmp_path, "history", "--json", "--save", "p.toml").stdout)
    assert [h["dealer"] for h in hist["hands"]] == ["Anna", "Bram"]
