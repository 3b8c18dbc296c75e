"""``pesten-ref tournament ...`` and ``play/score --table T`` through the command line (R8.6)."""

from __future__ import annotations

import json
import os
import shutil

from conftest import cli
from referee.messages import t


def new(save, n, seed=1):
    players = ",".join(f"P{i:02d}" for i in range(1, n + 1))
    return cli(save, "tournament", "new", "--players", players, "--seed", str(seed))


def show(save) -> dict:
    return json.loads(cli(save, "tournament", "show", "--json").output)


def score_table(save, table, players, winner=None, code=0):
    """Score a table not refereed: ``winner`` (default the first) 0, the others 10, 20, ..."""
    winner = winner or players[0]
    args = [f"{p}={10 * i}" for i, p in enumerate([p for p in players if p != winner], 1)]
    return cli(save, "score", "--table", table, "--winner", winner, *args, code=code)


def test_R8_6_new_draws_tables_and_saves_a_readable_tournament(tmp_path):
    save = tmp_path / "cup.toml"
    out = new(save, 13, seed=7).output
    assert "13 players" in out and "Table 3" in out
    text = save.read_text()
    assert 'kind = "tournament"' in text and "seed = 7" in text
    data = show(save)
    assert data["round"] == 1 and data["status"] == "round" and data["champion"] is None
    assert sorted(len(tb["players"]) for tb in data["tables"]) == [4, 4, 5]
    assert all(tb["result"] is None for tb in data["tables"])
    assert len(data["remaining"]) == 13


def test_R8_6_players_from_a_file_one_a_line(tmp_path):
    club = tmp_path / "club.txt"
    club.write_text("Anna\nBram\n\n# late entries\nCees\nDirk  \n", encoding="utf-8")
    cli(tmp_path / "t.toml", "tournament", "new", "--players-file", str(club), "--players", "Eva")
    data = show(tmp_path / "t.toml")
    assert sorted(data["remaining"]) == ["Anna", "Bram", "Cees", "Dirk", "Eva"]


def test_R1_1_a_bad_name_or_a_missing_list_is_refused_and_nothing_saved(tmp_path):
    save = tmp_path / "t.toml"
    r = cli(save, "tournament", "new", "--players", "Anna,Bram,7h", code=2)
    assert t("cli.new.bad_name_word", name="7h") in r.output and not save.exists()
    cli(save, "tournament", "new", code=2)
    cli(save, "tournament", "new", "--players-file", str(tmp_path / "none.txt"), code=2)
    assert not save.exists()


def test_new_onto_an_existing_tournament_is_refused(tmp_path):
    save = tmp_path / "t.toml"
    new(save, 5)
    before = save.read_text()
    r = cli(save, "tournament", "new", "--players", "A1,B1,C1", code=2)
    assert "already" in r.output and save.read_text() == before


def test_R8_6_each_table_is_an_ordinary_series_in_its_own_folder(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 7)
    table = show(save)["tables"][0]
    # refereed at the table: the series' rulings hold (R2.3: the starter first)
    r = cli(save, "play", "--table", table["table"], "--json", input="start 9h\n")
    assert json.loads(r.output.splitlines()[-1])["state"]["status"] == "playing"
    folder = tmp_path / "cup.tables" / f"round-1-table-{table['table']}"
    assert (folder / "series.toml").exists() and (folder / "table.toml").exists()
    assert (folder / "series.hands" / "hand-00001.toml").exists()
    # R6.1: a hand being played cannot be scored, at a table as in any series
    r = score_table(save, table["table"], table["players"], code=1)
    assert "R6.1" in r.output
    assert show(save)["tables"][0]["state"] == "playing"


def test_R7_2_a_tables_score_is_checked_like_a_series(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    players = show(save)["tables"][0]["players"]
    a, b, c, d = players
    r = cli(save, "score", "--table", "1", "--winner", a, f"{b}=Ah Ah", f"{c}=3", f"{d}=4", code=1)
    assert "R7.2" in r.output
    assert show(save)["tables"][0]["result"] is None


def test_an_unknown_table_or_a_series_file_given_as_the_tournament_is_told(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 7)
    r = cli(save, "play", "--table", "9", code=2)
    assert "no table 9" in r.output
    cli(tmp_path / "pesten.toml", "new", "--players", "Anna,Bram")
    r = cli(tmp_path / "pesten.toml", "score", "--table", "1", "--winner", "Anna", code=2)
    assert "not a tournament" in r.output
    r = cli(tmp_path / "nothing.toml", "tournament", "show", code=2)
    assert "tournament new" in r.output


def test_R8_6_next_waits_for_every_table(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 13)
    data = show(save)
    first = data["tables"][0]
    r = score_table(save, first["table"], first["players"])
    assert "tournament next" in r.output  # the table is told what comes next
    before = save.read_text()
    r = cli(save, "tournament", "next", code=1)
    assert "still being played" in r.output and "Table 2 and Table 3" in r.output
    assert save.read_text() == before
    assert show(save)["tables"][0]["result"]["winner"] == first["players"][0]


def test_R8_6_a_withdrawal_mid_round_through_the_command_line(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 7)
    data = show(save)
    big = max(data["tables"], key=lambda tb: len(tb["players"]))
    small = min(data["tables"], key=lambda tb: len(tb["players"]))
    # withdrawing at a table being played: the referee is told to type `leave`
    cli(save, "play", "--table", big["table"], input="start 9h\n")
    r = cli(save, "tournament", "withdraw", big["players"][2])
    assert f"leave {big['players'][2]}" in r.output
    cli(save, "play", "--table", big["table"], input=f"leave {big['players'][2]}\nundo\nundo\n")
    # the big table has played: its withdrawn player ranks last, even with the fewest points
    quitter = big["players"][1]
    seated = [p for p in big["players"] if p != big["players"][2]]  # dealt again without them
    score_table(save, big["table"], seated)
    r = cli(save, "tournament", "withdraw", quitter.lower())
    assert "ranks last" in r.output
    # the small one has not: its no-show is taken off and it is dealt again without them
    no_show = small["players"][0]
    cli(save, "play", "--table", small["table"], input="")  # dealt with the old draw
    cli(save, "tournament", "withdraw", no_show)
    rest = [p for p in small["players"] if p != no_show]
    assert show(save)["tables"][[tb["table"] for tb in data["tables"]].index(small["table"])]["players"] == rest
    r = cli(save, "play", "--table", small["table"], "--json", input="state\n")
    assert sorted(json.loads(r.output)["state"]["counts"]) == sorted(rest)
    score_table(save, small["table"], rest)
    out = cli(save, "tournament", "next").output
    assert quitter not in out.split("go through:")[1].splitlines()[0]
    data = show(save)
    closed = data["rounds"][0]["tables"]
    assert next(tb for tb in closed if tb["table"] == big["table"])["ranking"][-1] == quitter
    assert {"name": quitter, "round": 1} in data["withdrawn"]
    assert quitter not in data["remaining"] and no_show not in data["remaining"]
    r = cli(save, "tournament", "withdraw", quitter, code=1)
    assert "already" in r.output


def _copy_tournament(src, dest_dir):
    dest_dir.mkdir()
    shutil.copy(src, dest_dir / src.name)
    return dest_dir / src.name


def _director_and_laptop(tmp_path):
    """A 7-player tournament on the director's laptop and a copy on a table's laptop."""
    director = tmp_path / "director"
    director.mkdir()
    save = director / "cup.toml"
    new(save, 7)
    return save, _copy_tournament(save, tmp_path / "laptop")


def test_R8_6_a_table_played_on_another_laptop_is_imported(tmp_path):
    save, laptop = _director_and_laptop(tmp_path)
    table = show(save)["tables"][1]
    score_table(laptop, table["table"], table["players"])
    assert show(save)["tables"][1]["result"] is None
    r = cli(save, "tournament", "import", str(laptop.parent / "cup.tables"))
    assert "imported" in r.output
    assert show(save)["tables"][1]["result"]["winner"] == table["players"][0]
    # the same again: nothing to do
    r = cli(save, "tournament", "import", str(laptop))
    assert "already here" in r.output


def test_R8_6_a_result_entered_twice_with_different_contents_is_reported_not_merged(tmp_path):
    save, laptop = _director_and_laptop(tmp_path)
    director = save.parent
    table = show(save)["tables"][0]
    players = table["players"]
    score_table(save, table["table"], players)                       # here: the first seat won
    score_table(laptop, table["table"], players, winner=players[1])  # there: the second
    series = director / "cup.tables" / f"round-1-table-{table['table']}" / "series.toml"
    before = series.read_bytes()
    r = cli(save, "tournament", "import", str(laptop), code=1)
    assert "arrived twice with different results" in r.output
    assert series.read_bytes() == before
    data = show(save)
    assert data["tables"][0]["state"] == "conflict" and data["tables"][0]["result"] is None
    [conflict] = data["conflicts"]
    assert conflict["kind"] == "import" and conflict["state"] == "open"
    assert [v["winner"] for v in conflict["versions"]] == [players[0], players[1]]


def test_R8_6_a_sync_tools_conflict_copy_stops_the_round(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    players = show(save)["tables"][0]["players"]
    score_table(save, "1", players)
    folder = tmp_path / "cup.tables" / "round-1-table-1"
    shutil.copy(folder / "series.toml", folder / "series.sync-conflict-20261201-101010-ABC.toml")
    with open(folder / "series.sync-conflict-20261201-101010-ABC.toml", "a") as copy:
        copy.write("# as the other laptop saved it\n")   # (a copy byte for byte says nothing)
    r = cli(save, "tournament", "next", code=1)
    assert "two versions" in r.output and "sync-conflict" in r.output
    assert "two versions" in cli(save, "tournament", "show").output
    cli(save, "tournament", "settle", "--table", "1", "--keep", str(folder / "series.toml"))
    assert not (folder / "series.sync-conflict-20261201-101010-ABC.toml").exists()
    cli(save, "tournament", "next")


def test_a_table_folder_of_another_tournament_is_refused(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir(), two.mkdir()
    new(one / "cup.toml", 4, seed=2)
    new(two / "cup.toml", 4, seed=2)
    score_table(two / "cup.toml", "1", show(two / "cup.toml")["tables"][0]["players"])
    r = cli(one / "cup.toml", "tournament", "import", str(two / "cup.tables"), code=1)
    assert "another tournament" in r.output and "only tables of other tournaments" in r.output
    assert show(one / "cup.toml")["tables"][0]["result"] is None


def test_R8_6_a_full_32_player_tournament_from_first_round_to_champion(tmp_path):
    save = tmp_path / "club.toml"
    new(save, 32, seed=32)
    rounds = 0
    while True:
        data = show(save)
        if data["status"] == "final":
            break
        rounds += 1
        assert all(3 <= len(tb["players"]) <= 6 for tb in data["tables"])
        for tb in data["tables"]:
            score_table(save, tb["table"], tb["players"])
        assert show(save)["tables"][0]["result"] is not None
        before = len(data["remaining"])
        out = cli(save, "tournament", "next").output
        assert "closed" in out
        assert len(show(save)["remaining"]) == sum((len(tb["players"]) + 1) // 2 for tb in data["tables"])
        assert len(show(save)["remaining"]) < before
    assert rounds == 5  # 32 -> 18 -> 9 -> 5 -> 3 -> 2 (tables of 6,6,5,5,5,5; 6,6,6; 5,4; 5; 3)
    final = data["tables"][0]
    assert final["table"] == "final" and len(final["players"]) == 2
    a, b = final["players"]
    r = cli(save, "play", "--table", "2", code=2)
    assert t("tour.refuse.no_table", table="2", round=rounds + 1, tables="final") in r.output
    hands = 0
    while show(save)["champion"] is None:
        hands += 1
        cli(save, "play", "--table", "final", input="")  # the next hand dealt
        cli(save, "score", "--table", "final", "--winner", a, f"{b}=35")
    assert hands == 3  # 35, 70, 105 > 100 (R7.4)
    assert t("tour.show.record_it") in cli(save, "tournament", "show").output
    out = cli(save, "tournament", "next").output
    assert f"{a} is the champion" in out
    data = show(save)
    assert data["status"] == "over" and data["champion"] == a and data["remaining"] == [a]
    assert "Champion: " + a in cli(save, "tournament", "show").output
    r = cli(save, "tournament", "next", code=1)
    assert t("tour.refuse.over", champion=a) in r.output


def test_R8_6_a_tables_result_is_corrected_before_the_round_is_closed(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    a, b, c, d = show(save)["tables"][0]["players"]
    cli(save, "score", "--table", "1", "--winner", a, f"{b}=10", f"{c}=20", f"{d}=30")
    # the table made a mistake: d held fewer points than b
    cli(save, "score", "--table", "1", "--hand", "1", "--winner", a, f"{b}=30", f"{c}=20", f"{d}=10")
    assert show(save)["tables"][0]["result"]["points"] == {a: 0, b: 30, c: 20, d: 10}
    cli(save, "tournament", "next")
    data = show(save)
    assert data["status"] == "final" and sorted(data["remaining"]) == sorted([a, d])


def test_R8_6_playing_a_table_that_has_its_result_points_to_the_correction(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 4)
    players = show(save)["tables"][0]["players"]
    score_table(save, "1", players)
    r = cli(save, "play", "--table", "1", input="start 9h\n", code=1)
    assert "has its result" in r.output and "--hand 1" in r.output
    assert "pesten-ref new" not in r.output


def test_every_tournament_text_in_the_code_is_in_the_catalog_with_its_plural_forms():
    import re
    from pathlib import Path

    from referee.messages.en_tour import MESSAGES
    root = Path(__file__).resolve().parents[1] / "referee"
    used = set()
    for name in ("tournament/bracket.py", "tournament/files.py", "interface/cli.py"):
        used |= set(re.findall(r'"(tour\.[a-z_.]+)"', (root / name).read_text(encoding="utf-8")))
    assert used and not used - set(MESSAGES)
    for key, text in MESSAGES.items():
        if isinstance(text, dict):
            assert set(text) == {"one", "other"}, key


def test_the_tournament_keeps_when_it_was_created_and_tells_when_it_changed(tmp_path):
    import tomllib

    from freezegun import freeze_time
    save = tmp_path / "cup.toml"
    with freeze_time("2026-05-01 19:30:00"):
        new(save, 4)
    with freeze_time("2026-05-01 20:15:00"):
        score_table(save, "1", show(save)["tables"][0]["players"])
        cli(save, "tournament", "next")
    data = tomllib.loads(save.read_text(encoding="utf-8"))
    assert str(data["created"]) == "2026-05-01 19:30:00+00:00"
    assert str(data["updated"]) == "2026-05-01 20:15:00+00:00"


def test_a_hand_edited_tournament_that_no_longer_reads_is_reported_with_its_line(tmp_path):
    save = tmp_path / "cup.toml"
    new(save, 5)
    text = save.read_text(encoding="utf-8").replace('seed = 1', 'seed = = 1')
    save.write_text(text, encoding="utf-8")
    r = cli(save, "tournament", "next", code=2)
    assert "line" in r.output
    assert save.read_text(encoding="utf-8") == text  # left untouched
    r = cli(save, "score", "--table", "1", "--winner", "P01", code=2)
    assert "line" in r.output


def test_R8_6_state_replay_and_history_take_a_table_as_play_and_score_do(tmp_path):
    """``state``, ``replay`` and ``history --table T`` (console script) read table T's
    series, as ``play`` and ``score --table T`` write it."""
    from test_cli import run
    save = tmp_path / "cup.toml"
    new(save, 7)
    table = show(save)["tables"][0]
    name, players = table["table"], table["players"]
    cli(save, "play", "--table", name, input="start 9h\n")
    series = tmp_path / "cup.tables" / f"round-1-table-{name}" / "series.toml"

    def both(*args: str) -> tuple[str, str]:
        by_table = run(tmp_path, *args, "--table", name, "--save", str(save))
        direct = run(tmp_path, *args, "--save", str(series))
        assert by_table.returncode == direct.returncode == 0, by_table.stderr
        return by_table.stdout.decode("utf-8"), direct.stdout.decode("utf-8")

    by_table, direct = both("state", "--json")
    assert by_table == direct and json.loads(by_table)["top"] == "9h"
    by_table, direct = both("replay")
    assert by_table == direct and "1. " in by_table and "start 9h" in by_table
    cli(save, "play", "--table", name, input="undo\n")
    score_table(save, name, players)
    by_table, direct = both("history", "--json")
    assert by_table == direct and len(json.loads(by_table)["hands"]) == 1
    refused = run(tmp_path, "state", "--table", "9", "--save", str(save))
    assert refused.returncode == 2 and "no table 9" in refused.stderr.decode("utf-8")
