"""A tournament's bracket never goes wrong silently (R8.6: one result a table):
conflicts recorded until settled, folder copies, half-synced and incomplete
tables, hand-edited tournament files, and the bracket's own words."""

from __future__ import annotations

import json
import os
import shutil
import tomllib

import pytest
from conftest import cli
from freezegun import freeze_time


def new(save, n, seed=1):
    players = ",".join(f"P{i:02d}" for i in range(1, n + 1))
    return cli(save, "tournament", "new", "--players", players, "--seed", str(seed))


def show(save) -> dict:
    return json.loads(cli(save, "tournament", "show", "--json").output)


def text(save) -> str:
    return cli(save, "tournament", "show").output


def score_table(save, table, players, winner=None):
    """Score a table not refereed: ``winner`` (default the first) 0, the others 10, 20, ..."""
    winner = winner or players[0]
    args = [f"{p}={10 * i}" for i, p in enumerate([p for p in players if p != winner], 1)]
    return cli(save, "score", "--table", table, "--winner", winner, *args)


def folder_of(save, rnd, table):
    return save.parent / "cup.tables" / f"round-{rnd}-table-{table}"


def closed_table(save, rnd, table) -> dict:
    data = show(save)
    return next(tb for tb in data["rounds"][rnd - 1]["tables"] if tb["table"] == table)


def recorded(save) -> dict:
    return tomllib.loads(save.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------
# Three laptops
# ---------------------------------------------------------------------------

def test_R8_6_three_laptops_a_conflict_each_way_blocks_next_until_settled(tmp_path):
    """The director's laptop D and two table laptops B and C, each with a copy of the
    tournament's folder.  Round 1 comes back by copying folders (a sync tool's copy of
    table 2 in conflict), round 2 by `import` (table 1 imported twice, differently)."""
    d = tmp_path / "D"
    d.mkdir()
    save = d / "cup.toml"
    new(save, 18)
    b, c = tmp_path / "B", tmp_path / "C"
    shutil.copytree(d, b)
    shutil.copytree(d, c)
    t1, t2, t3 = (tb["players"] for tb in show(save)["tables"])
    # round 1: B plays tables 1 and 2, C plays table 2 differently and table 3
    score_table(b / "cup.toml", "1", t1)
    score_table(b / "cup.toml", "2", t2, winner=t2[0])
    score_table(c / "cup.toml", "2", t2, winner=t2[1])
    score_table(c / "cup.toml", "3", t3)
    # brought back by copying folders, as a sync tool would: C's table 2 arrives
    # beside B's as a conflict copy of the whole folder
    tables = d / "cup.tables"
    for src, name in ((b, "round-1-table-1"), (b, "round-1-table-2"), (c, "round-1-table-3"),
                      (c, "round-1-table-2")):
        dest = tables / name
        if dest.exists():
            dest = tables / f"{name} (conflicted copy 2026-12-01)"
        shutil.copytree(src / "cup.tables" / name, dest)
    out = text(save)
    assert "conflict copy" in out and "Every table has its result" not in out
    assert f"{t2[0]} won" in out and f"{t2[1]} won" in out
    r = cli(save, "tournament", "next", code=1)
    assert "Table 2" in r.output and "settle" in r.output
    [conflict] = recorded(save)["conflicts"]  # `next` recorded it
    assert conflict["kind"] == "copy" and conflict["state"] == "open"
    copy = "cup.tables/round-1-table-2 (conflicted copy 2026-12-01)"
    assert [v["path"] for v in conflict["versions"]] == ["cup.tables/round-1-table-2", copy]
    # C's version is the right one
    with freeze_time("2026-12-01 21:05:00"):
        r = cli(save, "tournament", "settle", "--table", "2", "--keep", str(d / copy), "--by", "Joke")
    assert "settled by Joke" in r.output and "kept aside" in r.output
    assert not (d / copy).exists()
    assert list((d / "cup.kept").iterdir())  # B's version kept aside, nothing deleted
    settled = recorded(save)["conflicts"][0]
    assert settled["state"] == "settled" and settled["by"] == "Joke" and settled["kept"] == copy
    assert str(settled["at"]) == "2026-12-01 21:05:00+00:00"
    assert "Every table has its result" in text(save)
    cli(save, "tournament", "next")
    assert closed_table(save, 1, "2")["result"]["winner"] == t2[1]
    assert t2[1] in closed_table(save, 1, "2")["advanced"]

    # round 2: the new tournament file goes to both laptops; B plays table 1,
    # C plays table 1 differently and table 2; D imports B, then C
    for laptop in (b, c):
        shutil.copy(save, laptop / "cup.toml")
    r1, r2 = (tb["players"] for tb in show(save)["tables"])
    score_table(b / "cup.toml", "1", r1, winner=r1[0])
    score_table(c / "cup.toml", "1", r1, winner=r1[2])
    score_table(c / "cup.toml", "2", r2)
    cli(save, "tournament", "import", str(b / "cup.toml"))
    r = cli(save, "tournament", "import", str(c / "cup.toml"), code=1)
    assert "arrived twice with different results" in r.output
    assert f"{r1[0]} won" in r.output and f"{r1[2]} won" in r.output
    assert "imported" in r.output  # table 2 came in all the same
    out = text(save)
    assert "arrived twice" in out and "Every table has its result" not in out
    data = show(save)
    [conflict] = data["conflicts"]
    assert conflict["kind"] == "import" and conflict["round"] == 2
    there = next(v for v in conflict["versions"] if v["source"] == "imported")
    assert there["origin"].endswith("round-2-table-1") and there["winner"] == r1[2]
    # the same import again records nothing more
    cli(save, "tournament", "import", str(c / "cup.toml"), code=1)
    assert len(show(save)["conflicts"]) == 1
    cli(save, "tournament", "next", code=1)
    here = next(v for v in conflict["versions"] if v["source"] == "here")
    cli(save, "tournament", "settle", "--table", "1", "--keep", str(d / here["path"]))
    assert show(save)["conflicts"] == []
    cli(save, "tournament", "next")
    assert closed_table(save, 2, "1")["result"]["winner"] == r1[0]
    assert r1[0] in closed_table(save, 2, "1")["advanced"]
    assert r1[2] in closed_table(save, 2, "1")["ranking"]
    assert len(show(save)["settled"]) == 2


def _two_laptops(tmp_path, there=3):
    """A 4-player tournament on the director's laptop D and a copy on B; table 1 won by
    its first seat on D, by seat ``there`` on B.  -> (D's file, B's folder, players)."""
    director, laptop = tmp_path / "D", tmp_path / "B"
    director.mkdir()
    save = director / "cup.toml"
    new(save, 4)
    shutil.copytree(director, laptop)
    players = show(save)["tables"][0]["players"]
    score_table(save, "1", players)
    score_table(laptop / "cup.toml", "1", players, winner=players[there])
    return save, laptop, players


def test_R8_6_keeping_the_imported_version_puts_it_in_place(tmp_path):
    save, laptop, players = _two_laptops(tmp_path)
    director = save.parent
    cli(save, "tournament", "import", str(laptop / "cup.tables"), code=1)
    [conflict] = show(save)["conflicts"]
    there = next(v for v in conflict["versions"] if v["source"] == "imported")
    cli(save, "tournament", "settle", "--table", "1", "--keep", there["path"])
    assert show(save)["tables"][0]["result"]["winner"] == players[3]
    assert (director / there["path"]).is_dir()  # the imported copy stays kept
    kept = [p.name for p in (director / "cup.kept").iterdir()]
    assert any(name.startswith("round-1-table-1.settled-") for name in kept)
    cli(save, "tournament", "next")


def test_settling_names_a_version_or_is_refused(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    r = cli(save, "tournament", "settle", "--table", "1", "--keep", "x", code=1)
    assert "no conflict" in r.output
    players = show(save)["tables"][0]["players"]
    score_table(save, "1", players)
    folder = folder_of(save, 1, "1")
    shutil.copytree(folder, tmp_path / "cup.tables" / "round-1-table-1.sync-conflict-ABC")
    with open(tmp_path / "cup.tables" / "round-1-table-1.sync-conflict-ABC" / "series.toml", "a") as f:
        f.write("# as the other laptop saved it\n")   # (a copy byte for byte says nothing)
    r = cli(save, "tournament", "settle", "--table", "1", "--keep", "nowhere", code=2)
    assert "none of the versions" in r.output and "round-1-table-1.sync-conflict-ABC" in r.output
    assert recorded(save)["conflicts"][0]["state"] == "open"


def test_R8_6_every_version_of_a_table_is_settled_together(tmp_path):
    """Two copies and an import of one table: one conflict of four versions; keeping
    one sets the three others aside, and what the table says at settling is told."""
    save, laptop, players = _two_laptops(tmp_path, there=1)
    director = save.parent
    theirs = folder_of(laptop / "cup.toml", 1, "1")
    shutil.copytree(theirs, director / "cup.tables" / "round-1-table-1 (1)")
    shutil.copytree(theirs, director / "cup.tables" / "round-1-table-1 (2)")
    cli(save, "tournament", "next", code=1)
    cli(save, "tournament", "import", str(theirs), code=1)
    [conflict] = show(save)["conflicts"]
    assert len(conflict["versions"]) == 4
    # the table corrects its own result before the director settles
    a, b, c, d = players
    cli(save, "score", "--table", "1", "--hand", "1", "--winner", a, f"{b}=7", f"{c}=8", f"{d}=9")
    r = cli(save, "tournament", "settle", "--table", "1", "--keep", str(folder_of(save, 1, "1")))
    assert f"{b} 7" in r.output and r.output.count("kept aside") == 2
    assert sorted(p.name for p in (director / "cup.tables").iterdir()) == ["round-1-table-1"]
    assert show(save)["conflicts"] == [] and len(show(save)["settled"]) == 1
    cli(save, "tournament", "next")


# ---------------------------------------------------------------------------
# Folder copies, half-synced and incomplete tables
# ---------------------------------------------------------------------------

def test_R8_6_keeping_a_sync_tools_copy_of_a_hand_settles_the_series_from_it(tmp_path):
    save, laptop, players = _two_laptops(tmp_path)
    ours = folder_of(save, 1, "1") / "series.hands"
    copy = ours / "hand-00001 (conflicted copy 2026-12-01).toml"
    shutil.copy(folder_of(laptop / "cup.toml", 1, "1") / "series.hands" / "hand-00001.toml", copy)
    [conflict] = show(save)["conflicts"]
    assert [v["winner"] for v in conflict["versions"]] == [players[0], players[3]]
    cli(save, "tournament", "settle", "--table", "1", "--keep", str(copy))
    assert not copy.exists()
    data = show(save)
    assert data["conflicts"] == [] and data["tables"][0]["result"]["winner"] == players[3]
    cli(save, "tournament", "next")
    assert players[3] in closed_table(save, 1, "1")["advanced"]


def test_an_entry_that_only_begins_like_a_table_is_not_its_copy(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    score_table(save, "1", show(save)["tables"][0]["players"])
    (tmp_path / "cup.tables" / "round-1-table-10").mkdir()
    assert show(save)["conflicts"] == []
    (tmp_path / "cup.tables" / "round-1-table-1 (2)").mkdir()
    assert show(save)["conflicts"][0]["kind"] == "copy"


def _half_synced(tmp_path):
    """Table 1 scored on two laptops; the director's folder ends with the series
    file of the laptop (its winner the last seat) and its own hand (the first seat)."""
    save, laptop, players = _two_laptops(tmp_path)
    ours = folder_of(save, 1, "1")
    shutil.copy(folder_of(laptop / "cup.toml", 1, "1") / "series.toml", ours / "series.toml")
    return save, players, ours


def test_R8_6_a_half_synced_table_is_a_conflict_and_keeping_the_hand_rebuilds_the_series(tmp_path):
    save, players, folder = _half_synced(tmp_path)
    data = show(save)
    [conflict] = data["conflicts"]
    assert conflict["kind"] == "half" and data["tables"][0]["state"] == "conflict"
    by = {v["source"]: v["winner"] for v in conflict["versions"]}
    assert by == {"series": players[3], "hand": players[0]}
    assert "half-synced" in text(save)
    cli(save, "tournament", "next", code=1)
    hand = next(v["path"] for v in conflict["versions"] if v["source"] == "hand")
    cli(save, "tournament", "settle", "--table", "1", "--keep", hand)
    assert show(save)["tables"][0]["result"]["winner"] == players[0]
    standings = cli(folder / "series.toml", "standings", "--json").output
    assert players[0] in json.dumps(json.loads(standings))
    assert any((save.parent / "cup.kept").rglob("series.toml.settled-*"))
    cli(save, "tournament", "next")
    assert closed_table(save, 1, "1")["result"]["winner"] == players[0]


def test_R8_6_a_half_synced_table_kept_by_its_series_file_corrects_the_hand(tmp_path):
    save, players, folder = _half_synced(tmp_path)
    [conflict] = show(save)["conflicts"]
    series = next(v["path"] for v in conflict["versions"] if v["source"] == "series")
    cli(save, "tournament", "settle", "--table", "1", "--keep", series)
    assert show(save)["tables"][0]["result"]["winner"] == players[3]
    hand = tomllib.loads((folder / "series.hands" / "hand-00001.toml").read_text())
    assert hand["result"]["winner"] == players[3]
    assert any((save.parent / "cup.kept").rglob("hand-00001.toml.settled-*"))
    cli(save, "tournament", "next")


def test_R8_6_R7_4_a_half_synced_final_is_settled_from_its_hands(tmp_path):
    director, laptop = tmp_path / "D", tmp_path / "B"
    director.mkdir()
    save = director / "cup.toml"
    cli(save, "tournament", "new", "--players", "Anna,Bram", "--seed", "1")
    shutil.copytree(director, laptop)
    cli(save, "score", "--table", "final", "--winner", "Anna", "Bram=40")
    cli(laptop / "cup.toml", "score", "--table", "final", "--winner", "Bram", "Anna=30")
    final = director / "cup.tables" / "round-1-final"
    shutil.copy(laptop / "cup.tables" / "round-1-final" / "series.toml", final / "series.toml")
    [conflict] = show(save)["conflicts"]
    assert conflict["kind"] == "half"
    by = {v["source"]: v["points"] for v in conflict["versions"]}
    assert by == {"series": {"Anna": 30, "Bram": 0}, "hands": {"Anna": 0, "Bram": 40}}
    series = next(v["path"] for v in conflict["versions"] if v["source"] == "series")
    r = cli(save, "tournament", "settle", "--table", "final", "--keep", series, code=1)
    assert "Keep the hands" in r.output
    hands = next(v["path"] for v in conflict["versions"] if v["source"] == "hands")
    cli(save, "tournament", "settle", "--table", "final", "--keep", hands)
    data = show(save)
    assert data["conflicts"] == [] and data["tables"][0]["totals"] == {"Anna": 0, "Bram": 40}


def test_R8_6_a_table_without_its_hands_or_its_series_file_is_incomplete(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    score_table(save, "1", show(save)["tables"][0]["players"])
    folder = folder_of(save, 1, "1")
    shutil.move(folder / "series.hands", tmp_path / "hands-elsewhere")
    data = show(save)
    assert data["tables"][0]["state"] == "incomplete" and data["incomplete"][0]["missing"] == "hands"
    out = text(save)
    assert "incomplete" in out and "Every table has its result" not in out
    r = cli(save, "tournament", "next", code=1)
    assert "incomplete" in r.output
    shutil.move(tmp_path / "hands-elsewhere", folder / "series.hands")
    os.rename(folder / "series.toml", tmp_path / "series.toml")
    assert show(save)["incomplete"][0]["missing"] == "series"
    cli(save, "tournament", "next", code=1)
    hand = (folder / "series.hands" / "hand-00001.toml").read_bytes()
    r = cli(save, "play", "--table", "1", input="", code=1)  # not dealt anew over its hands
    assert "incomplete" in r.output
    assert (folder / "series.hands" / "hand-00001.toml").read_bytes() == hand
    os.rename(tmp_path / "series.toml", folder / "series.toml")
    cli(save, "tournament", "next")


# ---------------------------------------------------------------------------
# A hand-edited tournament file
# ---------------------------------------------------------------------------

def _edit(save, old, new_text, count=-1):
    body = save.read_text(encoding="utf-8")
    assert old in body
    save.write_text(body.replace(old, new_text, count), encoding="utf-8")


def _line_of(save, needle) -> int:
    return next(i for i, line in enumerate(save.read_text().splitlines(), 1) if needle in line)


def test_R8_6_a_player_removed_from_a_tables_line_is_caught_with_the_line(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    players = show(save)["tables"][0]["players"]
    score_table(save, "1", players)
    line = _line_of(save, "[[rounds.tables]]")
    _edit(save, f'"{players[1]}", ', "", 1)
    r = cli(save, "tournament", "show", code=2)
    assert f"line {line}" in r.output and "its own record" in r.output
    before = save.read_bytes()
    cli(save, "tournament", "next", code=2)
    assert save.read_bytes() == before


def test_R8_6_a_player_deleted_everywhere_is_caught_before_anything_is_written(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    players = show(save)["tables"][0]["players"]
    score_table(save, "1", players)
    gone = players[0]  # the winner
    body = save.read_text(encoding="utf-8")
    save.write_text(body.replace(f'"{gone}", ', "").replace(f', "{gone}"', ""), encoding="utf-8")
    assert gone not in save.read_text(encoding="utf-8")
    before = save.read_bytes()
    r = cli(save, "tournament", "next", code=2)
    assert "line" in r.output and gone in r.output
    assert save.read_bytes() == before


def test_R8_6_a_changed_seed_is_told_with_its_line_and_nothing_is_drawn_again(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4, seed=5)
    before = show(save)
    _edit(save, "seed = 5", "seed = 6")
    r = cli(save, "tournament", "next", code=2)
    assert f"line {_line_of(save, 'seed = 6')}" in r.output and "seed was changed" in r.output
    _edit(save, "seed = 6", "seed = 5")
    assert show(save) == before


def test_a_tournament_that_would_not_read_back_is_not_written(tmp_path):
    from referee.series.store import SaveError
    from referee.tournament.files import TournamentFiles
    save = tmp_path / "cup.toml"
    new(save, 4)
    files = TournamentFiles(save)
    tour = files.load()
    tour.current.tables[0].players.append("Nobody")  # seated, never entered
    before = save.read_bytes()
    with pytest.raises(SaveError, match="would not read back"):
        files.write(tour)
    assert save.read_bytes() == before


def test_a_broken_block_of_the_tournament_file_is_named_by_its_line(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 7)
    _edit(save, "round = 1\nclosed", 'round = "one"\nclosed')
    r = cli(save, "tournament", "show", code=2)
    line = _line_of(save, 'round = "one"')
    assert f"line {line}: " in r.output   # the key's own line
    assert '`round` must be a whole number, 1 or more, not "one" (text).' in r.output
    _edit(save, 'round = "one"\nclosed', "round = 1\nclosed")
    _edit(save, 'players = ["P05"', 'players = ["P05", "P05"', 1)
    r = cli(save, "tournament", "show", code=2)
    assert f"line {_line_of(save, '[[rounds.tables]]')}" in r.output and "seated twice" in r.output


# ---------------------------------------------------------------------------
# The smaller points
# ---------------------------------------------------------------------------

def test_R1_1_a_players_files_error_names_its_line_and_a_name_twice_is_entered_twice(tmp_path):
    club = tmp_path / "club.txt"
    club.write_text("Anna\nBram\n# late\nCees 7h\n", encoding="utf-8")
    r = cli(tmp_path / "t.toml", "tournament", "new", "--players-file", str(club), code=2)
    assert f"{club}, line 4" in r.output
    club.write_text("Anna\nBram\nbram\n", encoding="utf-8")
    r = cli(tmp_path / "t.toml", "tournament", "new", "--players-file", str(club), code=2)
    assert "line 3" in r.output and "entered twice" in r.output and "seated" not in r.output
    r = cli(tmp_path / "t.toml", "tournament", "new", "--players", "Anna,Bram,Anna", code=2)
    assert "Anna is entered twice" in r.output
    assert not (tmp_path / "t.toml").exists()


def test_R8_6_a_table_left_without_a_hand_says_why(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 7)  # tables of 4 and 3
    small = next(tb for tb in show(save)["tables"] if len(tb["players"]) == 3)
    big = next(tb for tb in show(save)["tables"] if len(tb["players"]) == 4)
    score_table(save, big["table"], big["players"])  # begun: no room to move to
    cli(save, "tournament", "withdraw", small["players"][0])
    cli(save, "tournament", "withdraw", small["players"][1])
    r = cli(save, "play", "--table", small["table"], code=1)
    assert f"{small['players'][2]} goes through without playing" in r.output
    assert "went through without one" not in r.output

    save2 = tmp_path / "two.toml"
    new(save2, 7)
    small = next(tb for tb in show(save2)["tables"] if len(tb["players"]) == 3)
    cli(save2, "tournament", "withdraw", small["players"][0])
    cli(save2, "tournament", "withdraw", small["players"][1])  # the last one moves
    r = cli(save2, "score", "--table", small["table"], "--winner", "P01", code=1)
    assert "withdrew or moved to another table" in r.output


@pytest.mark.skipif(os.name == "nt", reason="needs a read-only folder")
def test_a_read_only_table_folder_is_told_as_a_table(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    players = show(save)["tables"][0]["players"]
    cli(save, "play", "--table", "1", input="")
    folder = folder_of(save, 1, "1")
    folder.chmod(0o555)
    try:
        r = score_table_code(save, players, 2)
        assert "Table 1 cannot be played or scored" in r.output and "elsewhere" not in r.output
    finally:
        folder.chmod(0o755)


def score_table_code(save, players, code):
    args = [f"{p}={10 * i}" for i, p in enumerate(players[1:], 1)]
    return cli(save, "score", "--table", "1", "--winner", players[0], *args, code=code)


# ---------------------------------------------------------------------------
# The bracket's words
# ---------------------------------------------------------------------------

def test_R8_6_the_bracket_explains_its_mark_and_marks_a_withdrawal_in_its_round(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 7)
    tables = show(save)["tables"]
    small = next(tb for tb in tables if len(tb["players"]) == 3)
    big = next(tb for tb in tables if len(tb["players"]) == 4)
    no_show = big["players"][3]
    cli(save, "tournament", "withdraw", no_show)  # before the table began
    score_table(save, big["table"], big["players"][:3])
    score_table(save, small["table"], small["players"])
    out = text(save)
    assert f"{no_show} (withdrew)" in out  # a no-show is named at the table
    cli(save, "tournament", "next")
    out = text(save)
    assert "» goes through to the next round" in out
    quitter = show(save)["remaining"][0]
    score_line = [line for line in out.splitlines() if quitter in line]
    cli(save, "tournament", "withdraw", quitter)
    out = text(save)
    round1 = out.split("Round 2")[0]
    assert f"{quitter} (withdrew)" not in round1  # they withdrew in round 2, not 1
    assert f"{no_show} (withdrew)" in round1
    assert score_line and f"{quitter} (withdrew)" in out.split("Round 2")[1]


def test_R8_6_no_champion_is_shown_while_the_final_is_played(tmp_path):
    save = tmp_path / "cup.toml"
    cli(save, "tournament", "new", "--players", "Anna,Bram", "--seed", "1")
    cli(save, "score", "--table", "final", "--winner", "Anna", "Bram=60")
    out = text(save)
    assert "Champion" not in out and "Still playing: Final" in out
    cli(save, "play", "--table", "final", input="")
    cli(save, "score", "--table", "final", "--winner", "Anna", "Bram=60")
    out = text(save)
    assert "Champion: Anna" in out and "tournament next" in out


def test_the_readme_tells_a_director_how_to_settle_a_conflict():
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## A tournament across several tables")[1].split("\n## ")[0]
    assert "tournament settle --table 2 --keep" in section
    assert "cup.kept/" in section and "nothing is ever deleted" in section
    assert "conflicted copy" in section and "half-synced" in section and "incomplete" in section
