"""The hands' index (referee/series/store.py, ``pesten.hands/index.json``): derived
data that spares ``history`` and the exports from parsing every hand's log.

It is never the source of truth: what the commands print is the same with it,
without it, with a damaged one and after any change to a hand's file (a hand
edit, a correction), and a hand-edited file that does not read is reported
with its line as it would be without an index.
"""

from __future__ import annotations

import json
import os
import re
import tomllib

import pytest

from conftest import cli
from referee.series import store
from referee.series.session import read_history
from referee.series.store import SaveFile

OUTPUTS = (("history", "--json"), ("history",), ("export", "--format", "csv"),
           ("export", "--format", "json"), ("export", "--format", "html"))


@pytest.fixture
def save(tmp_path):
    """A series of four scored hands (hand 3 corrected) and hand 5 dealt."""
    path = tmp_path / "pesten.toml"
    cli(path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    for winner, a, b in (("Anna", 12, 30), ("Bram", 7, 4), ("Cees", 20, 9), ("Anna", 5, 6)):
        others = [p for p in ("Anna", "Bram", "Cees") if p != winner]
        cli(path, "score", "--winner", winner, f"{others[0]}={a}", f"{others[1]}={b}")
    cli(path, "score", "--hand", "3", "--winner", "Cees", "Anna=21", "Bram=9")
    return path


def index_of(save) -> "os.PathLike[str]":
    return SaveFile(save).hands_dir / "index.json"


def outputs(save) -> list[bytes]:
    return [cli(save, *args).stdout_bytes for args in OUTPUTS]


def parsed_hand_files(monkeypatch) -> list[str]:
    """Every hand file ``tomllib`` parses from now on (its first key lines)."""
    seen: list[str] = []
    real = tomllib.loads

    def loads(text, **kw):
        if text.startswith("format = 1\nhand = "):
            seen.append(text.split("\n")[1])
        return real(text, **kw)

    monkeypatch.setattr(store.tomllib, "loads", loads)
    return seen


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def edit_score(save, n: int, name: str, old: int, new: int) -> None:
    """Hand-edit ``name``'s score in hand ``n``'s file, and the series file's total
    with it (the series file must agree with its hands, or it is refused)."""
    edit(SaveFile(save).hand_path(n), f"{name} = {old}", f"{name} = {new}")
    text = SaveFile(save).path.read_text(encoding="utf-8")
    found = re.search(rf'name = "{name}", total = (\d+)', text)
    edit(SaveFile(save).path, found[0], f'name = "{name}", total = {int(found[1]) + new - old}')
    if re.search(rf"^hands_scored = {n}$", text, re.M):   # the last hand scored: its points
        head, last = SaveFile(save).path.read_text(encoding="utf-8").split("\n[last]\n", 1)
        last = re.sub(rf"^{name} = {old}$", f"{name} = {new}", last, count=1, flags=re.M)
        SaveFile(save).path.write_text(f"{head}\n[last]\n{last}", encoding="utf-8")


def test_history_builds_the_index_and_then_reads_no_scored_hand_again(save, monkeypatch):
    index_of(save).unlink()  # (the correction made it)
    first = cli(save, "history", "--json").stdout
    assert index_of(save).exists()
    seen = parsed_hand_files(monkeypatch)
    assert cli(save, "history", "--json").stdout == first
    assert seen == ["hand = 5"]  # only the hand being dealt, which has no result


def test_the_heads_are_the_hand_files_without_their_logs(save):
    hands = SaveFile(save)
    read_history(hands)  # builds the index
    heads = hands.read_hand_heads(range(1, 5))
    for n, head in heads.items():
        full = hands.read_hand(n)
        assert head == {k: v for k, v in full.items() if k not in ("entries", "redo")}
    assert heads[3]["corrections"][0]["at"] == hands.read_hand(3)["corrections"][0]["at"]


def test_outputs_are_the_same_with_and_without_the_index(save):
    without = outputs(save)  # the first command builds it
    assert index_of(save).exists()
    assert outputs(save) == without
    index_of(save).unlink()
    assert outputs(save) == without
    assert index_of(save).exists()  # rebuilt


@pytest.mark.parametrize("damage", [
    b"", b"{not json", b"[]", b'{"index": 99, "format": 1, "hands": {}}',
    b'{"index": 2, "format": 1, "hands": []}',
    b'{"index": 2, "format": 1, "hands": {"1": 7, "2": {"file": [1], "head": {}}}}',
    b"\xff\xfe garbage",
])
def test_a_damaged_index_is_ignored_and_rebuilt(save, damage):
    good = outputs(save)
    index_of(save).write_bytes(damage)
    assert outputs(save) == good
    data = json.loads(index_of(save).read_bytes())
    assert data["index"] == store._INDEX_VERSION and sorted(data["hands"]) == ["1", "2", "3", "4"]


def test_an_entry_with_an_unknown_value_is_read_again_from_its_file(save):
    good = outputs(save)
    data = json.loads(index_of(save).read_bytes())
    data["hands"]["2"]["head"]["dealt"] = {"$t": "timestamp", "v": 12}
    index_of(save).write_text(json.dumps(data))
    assert outputs(save) == good


def test_a_hand_edit_is_seen_at_once_even_of_the_same_size_with_its_mtime_put_back(save):
    cli(save, "history", "--json")
    hand = SaveFile(save).hand_path(1)
    before = os.stat(hand)
    edit_score(save, 1, "Cees", 30, 31)
    os.utime(hand, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(hand).st_size == before.st_size
    hands = json.loads(cli(save, "history", "--json").stdout)["hands"]
    assert hands[0]["points"]["Cees"] == 31 and hands[0]["totals"]["Cees"] == 31


def test_a_settled_file_is_known_by_its_identity_alone(save, monkeypatch):
    monkeypatch.setattr(store, "_INDEX_SETTLE_NS", -10**18)  # every file long unchanged
    cli(save, "history", "--json")
    seen = parsed_hand_files(monkeypatch)
    cli(save, "history", "--json")
    assert seen == ["hand = 5"]
    edit_score(save, 2, "Cees", 4, 8)
    hands = json.loads(cli(save, "history", "--json").stdout)["hands"]
    assert hands[1]["points"]["Cees"] == 8 and "hand = 2" in seen


def test_a_correction_is_seen_by_the_next_history(save):
    cli(save, "history", "--json")
    cli(save, "score", "--hand", "2", "--winner", "Bram", "Anna=1", "Cees=4")
    hands = json.loads(cli(save, "history", "--json").stdout)["hands"]
    assert hands[1]["points"] == {"Anna": 1, "Bram": 0, "Cees": 4} and hands[1]["corrected"]


def test_a_hand_edited_negative_score_is_reported_with_its_line_despite_the_index(save):
    cli(save, "history", "--json")
    index = index_of(save).read_bytes()
    edit(SaveFile(save).hand_path(2), "Cees = 4", "Cees = -4")
    result = cli(save, "history", code=2)
    assert "hand-00002.toml" in result.stderr and "line" in result.stderr
    assert "Cees's score is -4" in result.stderr
    assert index_of(save).read_bytes() == index  # not written on an error


def test_a_hand_file_that_no_longer_parses_is_reported_with_its_line(save):
    cli(save, "history", "--json")
    path = SaveFile(save).hand_path(3)
    edit(path, "winner = ", "winner = = ")
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text.startswith("winner = = "))
    before = path.read_bytes()
    result = cli(save, "export", "--format", "csv", code=2)
    assert "hand-00003.toml" in result.stderr and f"line {line}" in result.stderr
    assert path.read_bytes() == before  # reported, left untouched


def test_the_index_is_never_believed_over_a_hand_file(save):
    good = outputs(save)
    data = json.loads(index_of(save).read_bytes())
    data["hands"]["2"]["head"]["result"]["points"]["Cees"] = -40  # identity and digest kept
    index_of(save).write_text(json.dumps(data))
    assert outputs(save) == good


def test_a_read_only_hands_folder_is_read_without_an_index(save):
    index_of(save).unlink()
    folder = SaveFile(save).hands_dir
    mode = os.stat(folder).st_mode
    os.chmod(folder, 0o555)
    try:
        first = outputs(save)
        assert not index_of(save).exists()
    finally:
        os.chmod(folder, mode)
    assert outputs(save) == first



def test_a_hand_file_with_a_key_the_index_uses_itself_is_read_in_full_each_time(save):
    good = outputs(save)
    hand = SaveFile(save).hand_path(2)
    hand.write_text(hand.read_text(encoding="utf-8") + '\n[notes]\n"$t" = "datetime"\nv = "x"\n',
                    encoding="utf-8")
    assert outputs(save) == good
    assert "2" not in json.loads(index_of(save).read_bytes())["hands"]
    heads = SaveFile(save).read_hand_heads([2])
    assert heads[2]["notes"] == {"$t": "datetime", "v": "x"}


# -- corrections (score --hand N) ---------------------------------------------------------

def test_a_correction_reads_whole_only_the_hand_it_corrects_and_the_hand_being_dealt(
        save, monkeypatch):
    cli(save, "history", "--json")
    seen = parsed_hand_files(monkeypatch)
    cli(save, "score", "--hand", "2", "--winner", "Bram", "Anna=1", "Cees=4")
    assert set(seen) == {"hand = 2", "hand = 5"}
    assert json.loads(cli(save, "history", "--json").stdout)["hands"][1]["points"] == \
        {"Anna": 1, "Bram": 0, "Cees": 4}


@pytest.mark.parametrize("code, correction", [
    (1, ("--hand", "1", "--winner", "Anna", "Bram=400", "Cees=30")),  # Bram out before hand 2 (R7.4)
    (0, ("--hand", "1", "--winner", "Anna", "Bram=50", "Cees=60")),
    (1, ("--hand", "4", "--winner", "Anna", "Bram=5", "Cees=6")),     # no change (R7.3)
    (1, ("--hand", "9", "--winner", "Anna", "Bram=5", "Cees=6")),     # no such hand (R7.3)
])
def test_a_correction_says_and_does_the_same_with_and_without_the_index(tmp_path, code,
                                                                       correction):
    def run(folder, build_index):
        path = folder / "pesten.toml"
        cli(path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
        for winner, a, b in (("Anna", 12, 30), ("Bram", 7, 4), ("Cees", 20, 9), ("Anna", 5, 6)):
            others = [p for p in ("Anna", "Bram", "Cees") if p != winner]
            cli(path, "score", "--winner", winner, f"{others[0]}={a}", f"{others[1]}={b}")
        if build_index:
            cli(path, "history", "--json")
            edit_score(path, 3, "Anna", 20, 21)  # a stale entry too
        else:
            edit_score(path, 3, "Anna", 20, 21)
            index_of(path).unlink(missing_ok=True)
        done = cli(path, "score", *correction, code=code)
        return (done.exit_code, done.stdout, done.stderr.replace(str(folder), "DIR"),
                cli(path, "history", "--json").stdout, cli(path, "standings", "--json").stdout)

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert run(tmp_path / "a", True) == run(tmp_path / "b", False)


def test_a_correction_reports_a_hand_edited_negative_score_despite_the_index(save):
    cli(save, "history", "--json")
    edit(SaveFile(save).hand_path(2), "Cees = 4", "Cees = -4")
    result = cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=1", "Cees=2", code=2)
    assert "hand-00002.toml" in result.stderr and "Cees's score is -4" in result.stderr


def test_a_correction_reports_a_missing_hand_file(save):
    cli(save, "history", "--json")
    SaveFile(save).hand_path(2).rename(SaveFile(save).hand_path(2).with_suffix(".gone"))
    result = cli(save, "score", "--hand", "3", "--winner", "Anna", "Bram=1", "Cees=2", code=2)
    assert "hand-00002.toml" in result.stderr


# -- what the records derive from the logs (series --stats) ---------------------------

PENALTY_HAND = ["start 9h", "2h", "d", "2c", "2s", "d", "3s", "7s 7h 7c 3c", "3d", "3h", "4h"]
"""Bram takes 2, then a stack of 4 (R5.1); Anna goes out."""


@pytest.fixture
def refereed(tmp_path):
    """Hand 1 refereed (Bram takes 4 at once), hand 2 scored without refereeing,
    hand 3 dealt."""
    path = tmp_path / "pesten.toml"
    cli(path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    cli(path, "play", input="\n".join(PENALTY_HAND) + "\n")
    cli(path, "score", "Bram=60", "Cees=20")
    cli(path, "score", "--winner", "Bram", "Anna=5", "Cees=9")
    return path


def stats(save) -> dict:
    return json.loads(cli(save, "series", "--stats", "--json").stdout)


def test_records_are_the_same_with_and_without_the_index(refereed):
    first = stats(refereed)  # builds the index, the facts with the heads
    assert first["biggest"]["player"] == "Bram" and first["biggest"]["cards"] == 4
    entry = json.loads(index_of(refereed).read_bytes())["hands"]["1"]
    assert entry["derived"][1] == {"biggest_draw": {"hand": 1, "player": "Bram", "cards": 4}}
    assert stats(refereed) == first
    index_of(refereed).unlink()
    assert stats(refereed) == first


def test_series_stats_parses_no_scored_hand_again_and_then_only_the_one_edited(refereed,
                                                                              monkeypatch):
    stats(refereed)
    seen = parsed_hand_files(monkeypatch)
    stats(refereed)
    assert seen == ["hand = 3"]  # only the hand dealt, which has no result
    edit_score(refereed, 2, "Cees", 9, 8)
    seen.clear()
    stats(refereed)
    assert sorted(seen) == ["hand = 2", "hand = 3"]


def test_the_biggest_penalty_follows_an_edit_of_the_hands_log(refereed):
    assert stats(refereed)["biggest"]["cards"] == 4
    hand = SaveFile(refereed).hand_path(1)
    before = os.stat(hand)
    # Anna no longer stacks the third Two: the log stops replaying there (R5.1),
    # which is told with its line, as a stale index would not tell it.  Same
    # size, mtime put back.
    edit(hand, 'line = "2s"', 'line = "3c"')
    os.utime(hand, ns=(before.st_atime_ns, before.st_mtime_ns))
    said = cli(refereed, "series", "--stats", code=2).output
    assert "hand-00001.toml, line " in said and "the entry '3c' no longer replays" in said
    index_of(refereed).unlink()
    assert cli(refereed, "series", "--stats", code=2).output == said
    edit(hand, 'line = "3c"', 'line = "2s"')
    assert stats(refereed)["biggest"]["cards"] == 4


def test_history_keeps_what_the_records_derived_and_drops_it_with_a_changed_file(
        refereed, monkeypatch):
    first = stats(refereed)
    cli(refereed, "history", "--json")  # an up-to-date index: kept as it is
    seen = parsed_hand_files(monkeypatch)
    assert stats(refereed) == first and seen == ["hand = 3"]
    edit_score(refereed, 1, "Cees", 20, 21)
    cli(refereed, "history", "--json")  # reads hand 1 again, for its head only
    assert "derived" not in json.loads(index_of(refereed).read_bytes())["hands"]["1"]
    seen.clear()
    assert stats(refereed)["biggest"] == first["biggest"] and "hand = 1" in seen


def test_facts_derived_under_other_rules_are_derived_again(refereed):
    assert stats(refereed)["biggest"]["cards"] == 4
    # A hand-edited rule set: no Two stacks on a Two any more (R5.1 stacking = "none"),
    # so Anna's 2s after Cees's 2c no longer replays: the hand is read again under
    # the rules now in the file, and that entry told with its line.
    edit(SaveFile(refereed).path, 'stacking = "same"', 'stacking = "none"')
    said = cli(refereed, "series", "--stats", code=2).output
    assert "hand-00001.toml, line " in said and "the entry '2s' no longer replays" in said
    edit(SaveFile(refereed).path, 'stacking = "none"', 'stacking = "same"')
    assert stats(refereed)["biggest"]["cards"] == 4


@pytest.mark.parametrize("value", [
    None, 7, {"biggest_draw": {"hand": 1, "player": "Bram", "cards": "40"}},
    {"biggest_draw": {"hand": 1, "player": "Bram"}}, {"biggest": None},
])
def test_a_damaged_derived_value_is_derived_again_from_its_file(refereed, value):
    first = stats(refereed)
    data = json.loads(index_of(refereed).read_bytes())
    data["hands"]["1"]["derived"][1] = value  # identity and digest kept
    index_of(refereed).write_text(json.dumps(data))
    assert stats(refereed) == first


def test_an_index_of_the_previous_version_is_rebuilt(refereed):
    first = stats(refereed)
    data = json.loads(index_of(refereed).read_bytes())
    data["index"] = 1
    for entry in data["hands"].values():
        entry["head"]["result"]["points"]["Cees"] = 99
        del entry["derived"]
    index_of(refereed).write_text(json.dumps(data))
    assert stats(refereed) == first
    assert json.loads(index_of(refereed).read_bytes())["index"] == store._INDEX_VERSION


def test_archived_series_keep_their_facts_in_their_own_index(refereed, monkeypatch):
    cli(refereed, "new", "--players", "Anna,Bram", "--dealer", "Anna", "--force")
    cli(refereed, "score", "--winner", "Bram", "Anna=30")
    first = stats(refereed)
    assert first["series"] == 2 and first["biggest"]["cards"] == 4
    seen = parsed_hand_files(monkeypatch)
    assert stats(refereed) == first
    assert seen == ["hand = 3", "hand = 2"]  # the hands being dealt, of either series
