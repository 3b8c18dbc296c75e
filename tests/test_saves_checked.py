"""Edited saves and tournament records (issue 32): nothing wrong is accepted unsaid.

Each file is written by the commands themselves, edited as a person would in an
editor, and the command run on it as the user runs it: ``pesten-ref`` in a
process of its own.  A refusal names the file and the line (and the key path),
exits with status 2, and leaves every file the user made byte for byte as it
was (the hands' index, derived data, and lock files aside); a reading command
never writes; a refused command writes nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from freezegun import freeze_time

from conftest import cli

REPO = Path(__file__).resolve().parents[1]
ANNA_WINS = "start 9h\n7h 7s 7c 7d 3d\n3s\n3c\n3h lk\n4h\n4c\n4s\n"
"""Cees deals to Anna, Bram, Cees; Anna goes out; Bram and Cees hold 5 cards each
and the discard pile holds 9h 7h 7s 7c 7d 3d 3s 3c 3h 4h 4c 4s."""


def run(save: Path, *args: str, input: str = "", code: int = 0) -> subprocess.CompletedProcess:
    """``pesten-ref ARGS --save SAVE`` in a process of its own, in English; asserts
    the exit status and that no traceback was printed."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PESTEN_REF_LANG": "en"}
    env.pop("PESTEN_REF_SAVE", None)
    done = subprocess.run([sys.executable, "-m", "referee", *args, "--save", str(save)],
                          input=input, capture_output=True, text=True, env=env, cwd=save.parent)
    shown = f"pesten-ref {' '.join(args)} -> {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert done.returncode == code, shown
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, shown
    return done


def files(folder: Path) -> dict[str, bytes]:
    """Every file a user made under ``folder``, byte for byte (not the hands'
    derived index nor the lock files)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "index.json" and not p.name.endswith(".lock")}


def refused(save: Path, *commands: tuple[str, ...], code: int = 2) -> list[str]:
    """Run each command (exit ``code``), check that no file changed; what each said."""
    before = files(save.parent)
    said = [run(save, *command, code=code).stderr for command in commands]
    assert files(save.parent) == before
    return said


def edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` by ``new`` as a person would; the line (from 1) edited."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def hand(save: Path, n: int) -> Path:
    return save.parent / f"{save.stem}.hands" / f"hand-{n:05d}.toml"


@pytest.fixture
def scored(tmp_path) -> Path:
    """Anna, Bram, Cees (Anna deals): hand 1 (Anna 0, Bram 5, Cees 12) and hand 2
    (Anna 3, Bram 0, Cees 1) scored without the referee; hand 3 dealt."""
    save = tmp_path / "pesten.toml"
    with freeze_time("2026-05-01 20:00:00"):
        cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
        cli(save, "score", "--winner", "Anna", "Bram=5", "Cees=12")
        cli(save, "score", "--winner", "Bram", "Anna=3", "Cees=1")
    return save


@pytest.fixture
def refereed(tmp_path) -> Path:
    """Hand 1 refereed (Cees deals, Anna goes out) and scored with Bram's cards."""
    save = tmp_path / "pesten.toml"
    with freeze_time("2026-05-01 20:00:00"):
        cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
        cli(save, "play", input=ANNA_WINS)
        cli(save, "score", "Bram=Kh Qh Jh 2c 5c", "Cees=23")
    return save


HISTORY_READERS = (("history",), ("export", "--format", "json"), ("series", "--stats"))


# -- a refused command writes nothing; a reading command never writes ---------------------------

@pytest.mark.skipif(os.name == "nt", reason="needs a read-only folder")
def test_R7_3_a_correction_refused_for_a_read_only_hands_folder_writes_nothing(scored):
    folder = hand(scored, 1).parent
    folder.chmod(0o555)
    try:
        said = refused(scored, ("score", "--hand", "1", "--winner", "Anna", "Bram=6", "Cees=12"))
    finally:
        folder.chmod(0o755)
    assert f"The folder {folder.name} is read-only" in said[0] or "read-only" in said[0]
    assert "nothing was written" in said[0]
    assert "settling" not in scored.read_text(encoding="utf-8")


def test_a_reading_command_never_writes_even_a_header_left_behind(scored):
    """A correction killed after marking the header (``settling``): every reading
    command shows the settled series and writes nothing; the next command that
    writes saves it settled."""
    edit(scored, "hands_scored = 2\n", "hands_scored = 2\nsettling = 1\n")
    before = files(scored.parent)
    for command in (("history",), ("standings",), ("state",), ("replay", "--hand", "1"),
                    ("export", "--format", "csv"), ("series", "--stats")):
        assert run(scored, *command).stdout
    assert files(scored.parent) == before
    run(scored, "play", input="")
    assert "settling" not in scored.read_text(encoding="utf-8")


# -- a scored hand's log replays to its result -------------------------------------------------

def test_R7_2_a_scored_hands_edited_entry_is_told_with_its_file_and_line(refereed):
    line = edit(hand(refereed, 1), 'line = "3s"', 'line = "zz top"')
    for said in refused(refereed, *HISTORY_READERS, ("replay", "--hand", "1")):
        assert f"hand-00001.toml, line {line} (hands[1].entries[3]): the entry 'zz top' no " \
               "longer replays: " in said
    assert "won" not in run(refereed, "standings").stderr


def test_R7_2_a_result_naming_a_card_on_the_discard_pile_is_told(refereed):
    edit(hand(refereed, 1), '"Kh",', '"9h",')
    line = next(i for i, text in enumerate(hand(refereed, 1).read_text().splitlines(), 1)
                if text == "Bram = [")
    for said in refused(refereed, *HISTORY_READERS, ("replay", "--hand", "1")):
        assert f"hand-00001.toml, line {line} (hands[1].result.cards.Bram): this hand's " \
               "entries do not give the result it was scored with: 9♥ is in the discard " \
               "pile; Bram cannot hold it (R7.2)." in said


def test_R6_1_a_result_whose_winner_the_log_does_not_give_is_told(refereed):
    line = edit(hand(refereed, 1), '[result]\nhand = 1\nwinner = "Anna"',
                '[result]\nhand = 1\nwinner = "Cees"') + 2
    for said in refused(refereed, *HISTORY_READERS, ("replay", "--hand", "1")):
        assert f"line {line} (hands[1].result.winner): this hand's entries do not give the " \
               "result it was scored with: The referee has Anna as the winner of hand 1, " \
               "not Cees (R6.1)." in said


def test_R7_1_result_points_that_its_cards_do_not_make_are_told(refereed):
    line = edit(hand(refereed, 1), "Bram = 37", "Bram = 30")
    said = refused(refereed, ("history",))[0]
    assert f"line {line} (hands[1].result.points.Bram): " in said
    assert "Bram's cards in the result add up to 37, not 30 (R7.1)." in said


def test_a_hand_file_numbered_as_another_hand_is_told(scored):
    line = edit(hand(scored, 2), "hand = 2\n", "hand = 3\n")
    for said in refused(scored, *HISTORY_READERS):
        assert f"hand-00002.toml, line {line} (hands[2].hand): this file says `hand = 3`, but " \
               "it is the file of hand 2." in said
    line = edit(hand(scored, 3), "hand = 3\n", "hand = 4\n")
    for said in refused(scored, ("state",), ("standings",), ("play",)):
        assert f"hand-00003.toml, line {line} (hands[3].hand): " in said


# -- a series reads back the rules it was started with -----------------------------------------

@pytest.mark.parametrize("gone, key", [('joker_stack = "add"\n', "rules.joker_stack"),
                                       ("K = 10\n", "rules.points.K"),
                                       ("limit = 100\n", "rules.series.limit")])
def test_R8_a_rule_taken_out_of_the_series_file_is_told_not_made_standard(scored, gone, key):
    edit(scored, gone, "")
    for said in refused(scored, ("standings",), ("rules",), ("history",),
                        ("score", "--winner", "Anna", "Bram=4", "Cees=9")):
        assert f"pesten.toml, line " in said and f"({key}): `{key}` is missing from the rule " \
               "set this series was started with" in said


def test_R8_a_series_file_written_before_the_rules_sum_reads_as_before(scored):
    edit(scored, "rules_sum = ", "# rules_sum = ")
    edit(scored, 'joker_stack = "add"\n', "")    # (a key that version did not know)
    assert "Anna" in run(scored, "standings").stdout
    run(scored, "score", "--winner", "Anna", "Bram=4", "Cees=9")
    assert 'rules_sum = "' in scored.read_text() and 'joker_stack = "add"' in scored.read_text()


# -- tournament records ------------------------------------------------------------------------

def tournament(tmp_path: Path, close: bool = True) -> Path:
    """Seven players (seed 1): round 1's tables 1 (P05 P04 P02 P06, P06 deals) and 2
    (P07 P03 P01) scored, and, with ``close``, the round closed (round 2: one table)."""
    save = tmp_path / "cup.toml"
    with freeze_time("2026-05-01 20:00:00"):
        cli(save, "tournament", "new", "--players", "P01,P02,P03,P04,P05,P06,P07", "--seed", "1")
        cli(save, "score", "--table", "1", "--winner", "P05", "P04=10", "P02=20", "P06=30")
        cli(save, "score", "--table", "2", "--winner", "P07", "P03=10", "P01=20")
        if close:
            cli(save, "tournament", "next")
    return save


TOUR_READERS = (("tournament", "show"), ("tournament", "next"))


def block_line(save: Path, needle: str, nth: int = 1) -> int:
    lines = save.read_text(encoding="utf-8").splitlines()
    return [i for i, text in enumerate(lines, 1) if text == needle][nth - 1]


@pytest.mark.parametrize("old, new", [
    ('winner = "P05"', 'winner = "P04"'),
    ("P04 = 10, P02 = 20", "P04 = 1, P02 = 20"),
    ('ranking = ["P05", "P04", "P02", "P06"]', 'ranking = ["P04", "P05", "P02", "P06"]'),
    ('advanced = ["P05", "P04"]', 'advanced = ["P05", "P02"]'),
])
def test_R8_6_a_closed_rounds_record_edited_is_told_with_its_table_and_line(tmp_path, old, new):
    save = tournament(tmp_path)
    edit(save, old, new)
    line = block_line(save, "[[rounds.tables]]")
    for said in refused(save, *TOUR_READERS):
        assert f"cup.toml, line {line}: the tournament does not read: Table 1 of round 1 is " \
               "not what the round was closed with" in said


def test_R8_6_a_closed_round_edited_open_or_blocked_is_told_at_the_key(tmp_path):
    save = tournament(tmp_path)
    line = edit(save, "blocked = false", 'blocked = "no"')
    for said in refused(save, *TOUR_READERS):
        assert f"cup.toml, line {line}: the tournament does not read: `blocked` must be true " \
               "or false, not \"no\" (text)." in said
    edit(save, 'blocked = "no"', "blocked = false")
    line = edit(save, "round = 1\nclosed = true", "round = 1\nclosed = false") + 1
    for said in refused(save, *TOUR_READERS):
        assert f"cup.toml, line {line}: the tournament does not read: round 1 is not what it " \
               "was closed with" in said


@pytest.mark.parametrize("old, new, says", [
    ('status = "round"', 'status = "over"', 'the file says `status = "over"`, but its rounds '
                                            'give "round"'),
    ("round = 2\nplayers", "round = 7\nplayers", "the file says `round = 7`, but its rounds give 2"),
])
def test_R8_6_status_and_round_edited_are_told_not_overwritten_by_next(tmp_path, old, new, says):
    save = tournament(tmp_path)
    line = edit(save, old, new)
    for said in refused(save, *TOUR_READERS):
        assert f"cup.toml, line {line}: the tournament does not read: {says}" in said


def test_R2_1_a_tables_dealer_who_is_not_at_the_table_is_told(tmp_path):
    save = tournament(tmp_path)
    line = edit(save, 'dealer = "P05"', 'dealer = "P01"')
    for said in refused(save, *TOUR_READERS, ("play", "--table", "1")):
        assert f"cup.toml, line {line}: the tournament does not read: P01 deals at Table 1 of " \
               "round 2 but is not seated there (R2.1)" in said


def test_R8_6_a_table_renumbered_is_told_and_its_hand_in_progress_not_hidden(tmp_path):
    save = tmp_path / "cup.toml"
    cli(save, "tournament", "new", "--players", "P01,P02,P03,P04,P05,P06,P07", "--seed", "1")
    cli(save, "play", "--table", "1", input="start 9h\n")
    line = edit(save, 'table = "1"', 'table = "3"')
    for said in refused(save, *TOUR_READERS, ("play", "--table", "3")):
        assert f"cup.toml, line {line}: the tournament does not read: the table here is 3, but " \
               "tables are numbered in turn and this one is table 1 of round 1" in said


@pytest.mark.parametrize("old, new, key", [
    ("round = 1", "round = 2", "round"),
    ('"P02",', '"P01",', "players"),
    ('table = "1"', 'table = "2"', "table"),
])
def test_R8_6_an_edited_table_toml_is_told_with_its_line(tmp_path, old, new, key):
    save = tournament(tmp_path, close=False)
    ticket = tmp_path / "cup.tables" / "round-1-table-1" / "table.toml"
    line = edit(ticket, old, new)
    if key == "players":   # (the line of `players = [`)
        line = ticket.read_text(encoding="utf-8").splitlines().index("players = [") + 1
    for said in refused(save, ("tournament", "show"), ("tournament", "next"),
                        ("score", "--table", "1", "--hand", "1", "--winner", "P05", "P04=11",
                         "P02=20", "P06=30")):
        assert f"table.toml, line {line} ({key}): this file says `{key} = " in said
        assert "a table's table.toml only repeats them" in said


def test_R8_6_a_tables_folder_replaced_by_a_file_is_told_not_shown_as_not_begun(tmp_path):
    save = tournament(tmp_path, close=False)
    folder = tmp_path / "cup.tables"
    folder.rename(tmp_path / "elsewhere")
    folder.write_text("not a folder\n", encoding="utf-8")
    for said in refused(save, ("tournament", "show"), ("tournament", "next"),
                        ("play", "--table", "1")):
        assert f"The tables of the tournament in {save} cannot be read: " in said
        assert "is not a folder" in said


def test_a_tournament_value_of_the_wrong_kind_is_a_sentence_not_a_type_error(tmp_path):
    save = tournament(tmp_path)
    line = edit(save, 'players = ["P01"', 'players = 5\nwas = ["P01"')
    for said in refused(save, *TOUR_READERS):
        assert f"cup.toml, line {line}: the tournament does not read: `players` must be a list " \
               "of the players' names, in quotes, not 5 (a whole number)." in said
        assert "TypeError" not in said


def test_R8_6_a_byte_identical_sync_copy_is_no_conflict(tmp_path):
    save = tournament(tmp_path, close=False)
    folder = tmp_path / "cup.tables" / "round-1-table-1"
    shutil.copy(folder / "series.toml", folder / "series.sync-conflict-20260501-ABC.toml")
    shutil.copytree(folder, tmp_path / "cup.tables" / "round-1-table-1 (conflicted copy)")
    assert "two versions" not in run(save, "tournament", "show").stdout
    assert "Round 1 is closed" in run(save, "tournament", "next").stdout
    copy = folder / "series.sync-conflict-20260501-ABC.toml"
    assert copy.exists()   # (nothing deleted)


def test_R8_6_a_tournament_file_without_sums_reads_and_is_given_them_when_written(tmp_path):
    save = tournament(tmp_path)
    text = save.read_text(encoding="utf-8")
    old = "".join(line for line in text.splitlines(keepends=True)
                  if not line.startswith("record_sum = "))
    save.write_text(old, encoding="utf-8")
    assert "Round 1 - closed" in run(save, "tournament", "show").stdout
    run(save, "score", "--table", "1", "--winner", "P03", "P04=10", "P05=20", "P07=30")
    run(save, "tournament", "next")
    assert save.read_text(encoding="utf-8").count("record_sum = ") == 1 + 2 + 1 + 1


def test_R8_6_a_closed_tables_hand_edited_is_not_replayed_as_true(tmp_path):
    save = tournament(tmp_path)
    series = tmp_path / "cup.tables" / "round-1-table-1" / "series.toml"
    edit(hand(series, 1), "P05 = 0\nP04 = 10", "P05 = 10\nP04 = 0")
    edit(hand(series, 1), 'winner = "P05"', 'winner = "P04"')
    for said in refused(series, ("replay", "--hand", "1"), ("history",)):
        assert "series.toml, line " in said and "(records[1].total)" in said


# -- an internal error says what was saved -----------------------------------------------------

def test_an_internal_error_after_an_entry_was_saved_says_it_was_saved(tmp_path, monkeypatch):
    """``play --json --keep-going``: the answer to an entry fails after the entry
    was saved; the sentence says it was, and where (a programming error is made
    to happen here: the JSON writer breaks)."""
    from click.testing import CliRunner

    import referee.interface.app as app_module
    import referee.interface.cli as cli_module
    save = tmp_path / "pesten.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")

    def broken(value):
        raise RuntimeError("the JSON could not be written")

    def invoke(*args: str, input: str = "") -> str:
        result = CliRunner().invoke(cli_module.main, [*args, "--save", str(save)], input=input)
        assert result.exit_code == 2, result.output
        return result.output

    monkeypatch.setattr(app_module, "dumps", broken)
    said = invoke("play", "--json", "--keep-going", input="start 9h\n")
    assert "Nothing more was saved" not in said
    assert f"after saving {hand(save, 1)}: what it saved there stays saved, nothing after " \
           "it was" in said
    assert '"start 9h"' in hand(save, 1).read_text(encoding="utf-8")   # as it says
    from referee.series.session import OpenSeries
    monkeypatch.setattr(OpenSeries, "state", broken)
    said = invoke("state")
    assert "Nothing more was saved" in said   # (true: a reading command saved nothing)
