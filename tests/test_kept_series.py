"""Nothing is ever deleted, and the series is found from anywhere (NOTATION.md "Commands").

`new` onto a finished series keeps it (archived beside it); onto an unfinished one
it needs --force and still keeps it; `series` lists every kept series and reopens
one.  Without --save the series is $PESTEN_REF_SAVE, else ./pesten.toml, else the
user's current series in the data directory.  Also: standings ranked, two decks
from six players, a hand-edited negative total reported.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cli
from referee.series.session import kept_series
from referee.series.store import SaveFile


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock")}


def standings(save) -> dict:
    return json.loads(cli(save, "standings", "--json").stdout)


def finished_series(save) -> None:
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna", "--limit", "10")
    cli(save, "score", "--winner", "Anna", "Bram=11")
    assert standings(save)["series_winner"] == ["Anna"]


@pytest.fixture
def save(tmp_path) -> Path:
    return tmp_path / "pesten.toml"


# -- nothing is ever deleted -------------------------------------------------------------------

def test_new_onto_a_finished_series_keeps_it_in_the_archive(save):
    finished_series(save)
    old_hand = (save.parent / "pesten.hands" / "hand-00001.toml").read_bytes()
    text = cli(save, "new", "--players", "Cees,Dirk,Eva", "--dealer", "Eva").stdout
    assert "The previous series is kept as series 1" in text
    kept = save.parent / "pesten.archive" / "series-0001.toml"
    assert (save.parent / "pesten.archive" / "series-0001.hands" / "hand-00001.toml").read_bytes() \
        == old_hand
    assert standings(kept)["series_winner"] == ["Anna"]          # an ordinary series file
    assert [p["name"] for p in standings(save)["players"]] == ["Cees", "Dirk", "Eva"]


def test_new_onto_an_unfinished_series_needs_force_and_still_keeps_it(save):
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    cli(save, "score", "--winner", "Anna", "Bram=30", "Cees=20")
    before = snapshot(save.parent)
    result = cli(save, "new", "--players", "Dirk,Eva", code=2)
    assert "not over yet" in result.stderr and "--force" in result.stderr
    assert snapshot(save.parent) == before
    cli(save, "new", "--players", "Dirk,Eva", "--dealer", "Eva", "--force")
    kept = SaveFile(save).archived(1)
    assert kept.exists() and kept.has_hand(1) and kept.has_hand(2)
    # every file of the old series is still there, byte for byte, in the archive
    for name, data in before.items():
        if name.startswith("pesten.hands/"):
            moved = save.parent / "pesten.archive" / name.replace("pesten.hands", "series-0001.hands")
            assert moved.read_bytes() == data
    assert {p["name"]: p["total"] for p in standings(kept.path)["players"]} == \
        {"Anna": 0, "Bram": 30, "Cees": 20}


def test_series_lists_every_kept_series_and_reopens_one(save):
    finished_series(save)
    cli(save, "new", "--players", "Cees,Dirk", "--dealer", "Cees")
    cli(save, "score", "--winner", "Dirk", "Cees=7")
    listing = json.loads(cli(save, "series", "--json").stdout)["series"]
    assert [(e["id"], e["current"], e["players"], e["hands_scored"], e["series_winner"])
            for e in listing] == [(2, True, ["Cees", "Dirk"], 1, None),
                                  (1, False, ["Anna", "Bram"], 1, ["Anna"])]
    assert all(e["created"].endswith("+00:00") for e in listing)
    text = cli(save, "series").stdout
    assert "2 (current)" in text and "Anna, Bram" in text and "still going" in text

    text = cli(save, "series", "--open", "1").stdout
    assert "Series 1 is the current series again (Anna, Bram; 1 hand scored)." in text
    assert "The series that was current is kept as series 2." in text
    assert standings(save)["series_winner"] == ["Anna"]
    listing = kept_series(SaveFile(save))
    assert [(e["id"], e["current"]) for e in listing] == [(1, True), (2, False)]
    # and back: the other series carries on where it was
    cli(save, "series", "--open", "2")
    assert {p["name"]: p["total"] for p in standings(save)["players"]} == {"Cees": 7, "Dirk": 0}
    cli(save, "score", "--winner", "Cees", "Dirk=3")
    assert standings(save)["hands_scored"] == 2


def test_series_open_of_an_unknown_id_is_refused_and_changes_nothing(save):
    finished_series(save)
    before = snapshot(save.parent)
    result = cli(save, "series", "--open", "7", code=2)
    assert "There is no kept series 7" in result.stderr
    assert snapshot(save.parent) == before


def test_new_force_no_longer_removes_anything():
    import referee.series.store as store
    assert not hasattr(store.SaveFile, "remove_all")


# -- found from anywhere -----------------------------------------------------------------------

def test_without_save_the_series_is_the_users_own_found_from_any_folder(tmp_path, monkeypatch):
    data = tmp_path / "xdg"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.delenv("PESTEN_REF_SAVE", raising=False)
    (tmp_path / "kitchen").mkdir()
    (tmp_path / "garden").mkdir()
    monkeypatch.chdir(tmp_path / "kitchen")
    cli(None, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    assert (data / "pesten-ref" / "series.toml").is_file()
    assert not (tmp_path / "kitchen" / "pesten.toml").exists()
    monkeypatch.chdir(tmp_path / "garden")
    cli(None, "score", "--winner", "Bram", "Anna=5", "Cees=6")
    table = json.loads(cli(None, "standings", "--json").stdout)
    assert table["hands_scored"] == 1


def test_a_pesten_toml_here_and_pesten_ref_save_come_first(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("PESTEN_REF_SAVE", raising=False)
    monkeypatch.chdir(tmp_path)
    cli(None, "new", "--players", "Anna,Bram", "--dealer", "Anna")            # the data directory
    cli(tmp_path / "pesten.toml", "new", "--players", "Cees,Dirk", "--dealer", "Cees")
    names = lambda: [p["name"] for p in json.loads(cli(None, "standings", "--json").stdout)["players"]]
    assert names() == ["Cees", "Dirk"]                                          # ./pesten.toml
    other = tmp_path / "elsewhere.toml"
    cli(other, "new", "--players", "Eva,Fenna", "--dealer", "Eva")
    from click.testing import CliRunner

    from referee.interface.cli import main
    result = CliRunner(env={"PESTEN_REF_SAVE": str(other)}).invoke(main, ["standings", "--json"])
    assert [p["name"] for p in json.loads(result.stdout)["players"]] == ["Eva", "Fenna"]
    (tmp_path / "pesten.toml").rename(tmp_path / "old.toml")
    assert names() == ["Anna", "Bram"]                                          # the data directory


# -- standings at a glance ---------------------------------------------------------------------

def test_standings_rank_with_ties_sharing_a_place_and_tell_the_last_hand_and_points_to_go(save):
    cli(save, "new", "--players", "Anna,Bram,Cees,Dirk", "--dealer", "Anna")
    cli(save, "score", "--winner", "Anna", "Bram=20", "Cees=20", "Dirk=35")
    table = standings(save)
    assert [p["name"] for p in table["players"]] == ["Anna", "Bram", "Cees", "Dirk"]  # seats
    assert [(p["place"], p["last"], p["to_go"]) for p in table["players"]] == \
        [(1, 0, 100), (2, 20, 80), (2, 20, 80), (4, 35, 65)]
    lines = cli(save, "standings").stdout.splitlines()
    assert lines[0].split() == ["Place", "Player", "Total", "Last", "To", "go", "Wins"]
    assert [line.split()[:2] for line in lines[1:5]] == \
        [["1", "Anna"], ["2", "Bram"], ["2", "Cees"], ["4", "Dirk"]]
    seats = cli(save, "standings", "--seats").stdout.splitlines()
    assert seats[0].split()[:2] == ["Seat", "Place"]


def test_R7_5_standings_tell_the_hands_left(save):
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna", "--hands", "3")
    cli(save, "score", "--winner", "Anna", "Bram=20")
    assert standings(save)["hands_left"] == 2
    assert "1 scored out of 3, 2 hands left" in cli(save, "standings").stdout
    cli(save, "score", "--winner", "Anna", "Bram=20")
    assert "2 scored out of 3, 1 hand left" in cli(save, "standings").stdout


# -- two decks from six players ----------------------------------------------------------------

@pytest.mark.parametrize("rules, cards", [("standard", 108), ("family", 104)])
def test_R1_3_six_players_are_told_to_shuffle_two_decks_together(save, rules, cards):
    players = "Anna,Bram,Cees,Dirk,Eva,Fenna"
    text = cli(save, "new", "--players", players, "--dealer", "Anna", "--rules", rules).stdout
    assert f"Shuffle 2 decks together: {cards} in all." in text
    text = cli(save, "score", "--winner", "Anna", "Bram=1", "Cees=1", "Dirk=1", "Eva=1",
               "Fenna=1").stdout
    assert "Hand 2: Bram deals" in text and f"Shuffle 2 decks together: {cards} in all." in text


def test_R1_3_five_players_are_not_told_to_shuffle_two_decks(save):
    text = cli(save, "new", "--players", "Anna,Bram,Cees,Dirk,Eva", "--dealer", "Anna").stdout
    assert "decks" not in text


# -- hand-edited files -------------------------------------------------------------------------

def test_a_negative_total_in_a_hand_edited_series_file_is_reported_with_its_line(save):
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna")
    cli(save, "score", "--winner", "Anna", "Bram=12")
    text = save.read_text(encoding="utf-8")
    edited = text.replace('name = "Bram", total = 12', 'name = "Bram", total = -12')
    assert edited != text
    save.write_text(edited, encoding="utf-8")
    line = next(i for i, ln in enumerate(edited.splitlines(), 1) if "total = -12" in ln)
    before = snapshot(save.parent)
    for command in (["standings"], ["score", "--winner", "Bram", "Anna=3"], ["state"]):
        result = cli(save, *command, code=2)
        assert f"line {line}" in result.stderr and "Bram has total = -12" in result.stderr
    assert snapshot(save.parent) == before


def test_a_negative_score_in_a_hand_edited_hand_file_is_reported(save):
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna")
    cli(save, "score", "--winner", "Anna", "Bram=12")
    hand = save.parent / "pesten.hands" / "hand-00001.toml"
    hand.write_text(hand.read_text(encoding="utf-8").replace("Bram = 12", "Bram = -12"),
                    encoding="utf-8")
    before = snapshot(save.parent)
    result = cli(save, "history", code=2)
    assert "hand-00001.toml" in result.stderr and "Bram's score is -12" in result.stderr
    assert "line" in result.stderr
    assert snapshot(save.parent) == before


# -- cut short at any step: the next command finishes it --------------------------------------

class Killed(KeyboardInterrupt):
    """Stands for the process dying at this point: nothing catches it, the
    command stops where it is (exit 130) and the files stay as they are."""


def _die_after(monkeypatch, target, name: str, calls: int) -> None:
    real = getattr(target, name)
    count = [0]

    def wrapper(*args, **kwargs):
        if count[0] == calls:
            raise Killed
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(target, name, wrapper)


@pytest.mark.parametrize("step", range(5))  # five renames: header, backup, hands; new header, hands
def test_new_cut_short_after_any_move_is_finished_by_the_next_command(save, monkeypatch, step):
    import referee.series.store as store
    finished_series(save)
    with monkeypatch.context() as m:
        _die_after(m, store.os, "rename", step)
        with pytest.raises(Killed):
            cli_raw(save, "new", "--players", "Cees,Dirk", "--dealer", "Cees")
    table = standings(save)            # finishes the moves
    assert [p["name"] for p in table["players"]] == ["Cees", "Dirk"]
    assert not Path(str(save) + ".moves").exists()
    assert standings(SaveFile(save).archived(1).path)["series_winner"] == ["Anna"]


@pytest.mark.parametrize("writes", [1, 2])
def test_a_score_cut_short_is_counted_by_the_next_command(save, monkeypatch, writes):
    """The hand's result is written first: once it is on disk the score counts."""
    import referee.series.store as store
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    with monkeypatch.context() as m:
        _die_after(m, store, "atomic_write", writes)
        with pytest.raises(Killed):
            cli_raw(save, "score", "--winner", "Anna", "Bram=12", "Cees=3")
    table = standings(save)
    assert {p["name"]: p["total"] for p in table["players"]} == {"Anna": 0, "Bram": 12, "Cees": 3}
    st_ = json.loads(cli(save, "state", "--json").stdout)
    assert (st_["hand"], st_["dealer"], st_["status"]) == (2, "Bram", "waiting")


@pytest.mark.parametrize("writes", [1, 2, 3])
def test_a_correction_cut_short_is_settled_by_the_next_command(save, monkeypatch, writes):
    import referee.series.store as store
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    cli(save, "score", "--winner", "Anna", "Bram=400", "Cees=3")
    with monkeypatch.context() as m:
        _die_after(m, store, "atomic_write", writes)
        with pytest.raises(Killed):
            cli_raw(save, "score", "--hand", "1", "--winner", "Anna", "Bram=40", "Cees=3")
    left = save.read_bytes()
    totals = {p["name"]: p["total"] for p in standings(save)["players"]}
    assert totals in ({"Anna": 0, "Bram": 400, "Cees": 3}, {"Anna": 0, "Bram": 40, "Cees": 3})
    hand = json.loads(cli(save, "history", "--json").stdout)["hands"][0]
    assert hand["points"]["Bram"] == totals["Bram"]       # the header agrees with the hand
    players = list(json.loads(cli(save, "state", "--json").stdout)["counts"])
    assert ("Bram" in players) == (totals["Bram"] == 40)  # the waiting hand dealt to match
    assert save.read_bytes() == left                      # settled in memory: readers write nothing
    cli(save, "play", input="")                           # the next command that writes saves it
    assert "settling" not in save.read_text(encoding="utf-8")
    assert {p["name"]: p["total"] for p in standings(save)["players"]} == totals


def cli_raw(save, *args):
    """``pesten-ref ARGS --save SAVE`` in-process, letting a Killed through."""
    from click.testing import CliRunner

    from referee.interface.cli import main
    result = CliRunner().invoke(main, [*args, "--save", str(save)])
    if result.exit_code == 130:
        raise Killed
    return result


def test_a_kept_series_that_no_longer_reads_is_not_reopened_and_nothing_moves(save):
    finished_series(save)
    cli(save, "new", "--players", "Cees,Dirk", "--dealer", "Cees")
    kept = SaveFile(save).archived(1).path
    kept.write_text(kept.read_text(encoding="utf-8").replace("players = [", "players = [[", 1),
                    encoding="utf-8")
    before = snapshot(save.parent)
    result = cli(save, "series", "--open", "1", code=2)
    assert "series-0001.toml" in result.stderr and "line" in result.stderr
    assert snapshot(save.parent) == before
    listing = json.loads(cli(save, "series", "--json").stdout)["series"]
    assert listing[1]["id"] == 1 and listing[1]["damaged"]
    assert "damaged" in cli(save, "series").stdout


def test_new_force_onto_a_damaged_series_keeps_it_as_it_is(save):
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna")
    save.write_text("format = 1\nplayers = [[\n", encoding="utf-8")
    damaged = save.read_bytes()
    result = cli(save, "new", "--players", "Cees,Dirk", "--dealer", "Cees", code=2)
    assert "line" in result.stderr
    cli(save, "new", "--players", "Cees,Dirk", "--dealer", "Cees", "--force")
    assert SaveFile(save).archived(1).path.read_bytes() == damaged
    assert [p["name"] for p in standings(save)["players"]] == ["Cees", "Dirk"]
