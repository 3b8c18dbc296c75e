"""Hand-edited saves (README: a save file a person can read and edit).

A series is written by the commands themselves (``new``, ``score``), one of its
files is edited as a person would in an editor, and the command run on it.
Every value read back is checked as ``new`` checks it (the same check, the
same sentence: R1.1, R1.3, R8), at the line of the key itself; Python's own
text never reaches the user; the series file must say what its hands say
(the hands are the record); and a hands folder that is missing or cannot be
read is told by ``standings`` and ``history`` alike.  Every refusal is exit
status 2 and leaves the files as they were (the hands' index, derived data,
and the lock file aside).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli
from test_hand_index import parsed_hand_files

REPO = Path(__file__).resolve().parents[1]
READERS = (("standings",), ("history",), ("export", "--format", "csv"), ("state",))
WRITERS = (("score", "--winner", "Anna", "Bram=4", "Cees=9"), ("play",))
ALL_HANDS = (("history",), ("export", "--format", "json"), ("series", "--stats"),
             ("score", "--hand", "1", "--winner", "Anna", "Bram=6", "Cees=12"))
"""The commands that read every hand (a correction too): they check each against
the series, as opening a series checks only the hand being played."""


@pytest.fixture
def save(tmp_path) -> Path:
    """Anna, Bram, Cees: hand 1 (Anna 0, Bram 5, Cees 12) and hand 2 (Anna 3,
    Bram 0, Cees 1) scored, hand 3 dealt by Cees."""
    path = tmp_path / "pesten.toml"
    cli(path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    cli(path, "score", "--winner", "Anna", "Bram=5", "Cees=12")
    cli(path, "score", "--winner", "Bram", "Anna=3", "Cees=1")
    return path


def hand(save: Path, n: int) -> Path:
    return save.parent / "pesten.hands" / f"hand-{n:05d}.toml"


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (a whole line, or the start of one) by ``new`` as a person
    would in an editor; returns the line number (from 1) of the edit."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for number, line in enumerate(lines, 1):
        if line.startswith(old) or line.strip().startswith(old):
            lines[number - 1] = line.replace(old, new, 1)
            path.write_text("".join(lines), encoding="utf-8")
            return number
    raise AssertionError(f"{old!r} is not in {path}")


def files(save: Path) -> dict[str, bytes]:
    """The series' own files, byte for byte (not the derived index nor the lock)."""
    return {str(p.relative_to(save.parent)): p.read_bytes()
            for p in sorted(save.parent.rglob("*"))
            if p.is_file() and p.name != "index.json" and not p.name.endswith(".lock")}


def refused(save: Path, *commands: tuple[str, ...]) -> list[str]:
    """Run each command (exit 2 expected), check that nothing was written, and
    return what each printed on stderr."""
    before = files(save)
    said = []
    for command in commands:
        result = cli(save, *command, input="", code=2)
        assert result.stdout == "" or command[0] == "play", result.stdout
        assert "invalid literal" not in result.stderr and "int()" not in result.stderr
        said.append(result.stderr)
    assert files(save) == before
    return said


# -- 1. every value checked as strictly as at `new` -----------------------------------------

def test_R1_3_a_hand_edited_deal_size_is_refused_at_its_line_with_the_sentence_new_gives(
        save, tmp_path):
    ours = tmp_path / "ours.toml"
    ours.write_text("deal_size = 70\n", encoding="utf-8")
    at_new = cli(tmp_path / "other.toml", "new", "--players", "Anna,Bram,Cees",
                 "--rules", str(ours), code=2).stderr
    line = edit(save, "deal_size = 7", "deal_size = 70")
    for said in refused(save, *READERS, *WRITERS):
        assert f"pesten.toml, line {line} (rules.deal_size): " in said
        problem = said.split("(rules.deal_size): ", 1)[1]
        assert problem in at_new   # the same check, the same sentence as `new`
        assert "need 211 cards" in problem and "(R1.3)" in problem and "Draw pile" not in said


def test_R1_1_a_player_seated_twice_in_the_series_file_is_refused_as_new_refuses_it(save):
    line = edit(save, '"Cees",', '"Bram",')
    for said in refused(save, *READERS):
        assert f"pesten.toml, line {line - 3} (players): " in said  # the `players = [` line
        assert "Bram is seated twice" in said and "(R1.1)" in said


def test_R8_a_hand_edited_rule_is_checked_as_a_house_rule_file_is(save):
    line = edit(save, 'joker_stack = "add"', 'joker_stack = "triple"')
    for said in refused(save, *READERS, *WRITERS, ("rules",)):
        assert f"line {line} (rules.joker_stack): `joker_stack = \"triple\"` is not allowed; " \
               "use \"add\" or \"double\"." in said


# -- 2. the series file says what its hands say -----------------------------------------------

def test_a_hand_edited_total_is_reported_naming_the_file_to_fix_not_shown(save):
    line = edit(save, '{ name = "Anna", total = 3,', '{ name = "Anna", total = 50,')
    for said in refused(save, *READERS, *WRITERS):
        assert f"pesten.toml, line {line} (records[1].total): the series file says Anna's " \
               "total is 50, but Anna's hands add up to 3." in said
        assert f"set `total = 3` back on this line of {save}" in said


def test_the_hands_are_the_record_history_and_standings_agree_once_it_is_put_back(save):
    good = [cli(save, *command).stdout for command in READERS]
    edit(save, '{ name = "Anna", total = 3,', '{ name = "Anna", total = 50,')
    refused(save, *READERS)
    edit(save, '{ name = "Anna", total = 50,', '{ name = "Anna", total = 3,')
    assert [cli(save, *command).stdout for command in READERS] == good


@pytest.mark.parametrize("old, new, key, says", [
    ('{ name = "Bram", total = 5, wins = 1,', '{ name = "Bram", total = 5, wins = 4,',
     "records[2].wins", "the series file says `wins = 4`, but the hands in"),
    ('{ name = "Cees", total = 13, wins = 0, eliminated = false,',
     '{ name = "Cees", total = 13, wins = 0, eliminated = true,',
     "records[3].eliminated", "the series file says `eliminated = true`, but the hands in"),
    ('dealer = "Cees"', 'dealer = "Anna"', "dealer",
     'the series file says `dealer = "Anna"`, but the hands in'),
    ('winners = []', 'winners = ["Bram"]', "winners",
     'the series file says `winners = ["Bram"]`, but the hands in'),
    ("hands_scored = 2", "hands_scored = 5", "hands_scored",
     "the series file says `hands_scored = 5`, but the hands in"),
    ("Cees = 1", "Cees = 4", "last.Cees", "the series file says `last.Cees = 4`, but the hands in"),
])
def test_R2_1_R7_4_the_series_file_is_refused_where_it_says_what_its_hands_do_not(
        save, old, new, key, says):
    line = edit(save, old, new)
    for said in refused(save, *READERS, *WRITERS):
        assert f"pesten.toml, line {line} ({key}): {says}" in said


# -- 3. the line of the key itself -------------------------------------------------------------

@pytest.mark.parametrize("old, new, key", [
    ('stacking = "same"', 'stacking = "sometimes"', "rules.stacking"),
    ("K = 10", 'K = "ten"', "rules.points.K"),
    ("limit = 100", "limit = 0", "rules.series.limit"),
    ("hand = 3", 'hand = "three"', "hand"),
    ('{ name = "Bram", total = 5,', '{ name = "Bram", total = "five",', "records[2].total"),
])
def test_an_error_names_the_line_of_the_key_not_of_its_table(save, old, new, key):
    line = edit(save, old, new)
    header = next(i for i, text in enumerate(save.read_text().splitlines(), 1)
                  if text == "[rules]")
    assert line != header
    for said in refused(save, ("standings",), ("history",)):
        assert f"pesten.toml, line {line} ({key}): " in said


def test_an_error_in_a_hand_file_names_its_line_and_key(save):
    line = edit(hand(save, 2), "Cees = 1", 'Cees = "one"')
    for said in refused(save, *ALL_HANDS):
        assert f"hand-00002.toml, line {line} (hands[2].result.points.Cees): `Cees` must be " \
               "a whole number, not \"one\" (text)." in said


# -- 4. never Python's own text ---------------------------------------------------------------

@pytest.mark.parametrize("where, old, new, key, allowed", [
    (0, "hand_scored = false", 'hand_scored = "no"', "hand_scored", "true or false"),
    (0, "hands_scored = 2", "hands_scored = 2.5", "hands_scored", "a whole number, 0 or more"),
    (0, "Anna = 3", 'Anna = "two"', "last.Anna", "a whole number, 0 or more"),
    (0, 'dealer = "Cees"', 'dealer = "Zoë"', "dealer", '"Anna", "Bram" or "Cees"'),
    (0, "hand = 3", "", "", "a whole number, 1 or more"),
    (0, '{ name = "Bram", total = 5,', '{ name = "Bram", total = "two",', "records[2].total",
     "a whole number, 0 or more"),
    (2, "left = []", 'left = "Anna"', "hands[2].result.left", "a list of the players' names"),
    (2, "blocked = false", "blocked = 0", "hands[2].result.blocked", "true or false"),
    (1, 'winner = "Anna"', "winner = 1", "hands[1].result.winner", "text in quotes"),
])
def test_every_value_error_is_a_sentence_naming_key_line_and_what_is_allowed(
        save, where, old, new, key, allowed):
    path = save if where == 0 else hand(save, where)
    line = edit(path, old, new)
    for said in refused(save, *(READERS if where == 0 else ALL_HANDS)):
        assert "Traceback" not in said and "literal" not in said and "KeyError" not in said
        assert allowed in said
        if key:
            assert f"line {line} ({key}): " in said
        else:
            assert "`hand` is missing; it must be a whole number, 1 or more." in said


def test_a_hand_edited_entry_is_told_with_its_line_not_a_key_error(tmp_path):
    save = tmp_path / "pesten.toml"
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna")
    cli(save, "play", input="start 9h\n9c\n")
    line = edit(hand(save, 1), '{ line = "9c",', '{ lijn = "9c",')
    for said in refused(save, ("state",), ("standings",), ("replay",), ("play",)):
        assert f"hand-00001.toml, line {line} (hands[1].entries[2]): `line` is missing; it " \
               "must be text in quotes." in said


# -- 5. the hands folder; who deals next --------------------------------------------------------

def test_a_missing_hands_folder_is_told_alike_by_history_and_standings(save):
    folder = save.parent / "pesten.hands"
    folder.rename(save.parent / "elsewhere")
    said = refused(save, ("history",), ("standings",), ("state",), ("export", "--format", "csv"))
    assert len(set(said)) == 1
    assert said[0].startswith(f"The hands of the series in {save} are missing: there is no "
                              f"folder {folder}.")


def test_an_unreadable_hands_folder_is_told_alike_by_history_and_standings(save):
    folder = save.parent / "pesten.hands"
    folder.rename(save.parent / "elsewhere")
    folder.write_text("not a folder\n", encoding="utf-8")
    said = refused(save, ("history",), ("standings",))
    assert said[0] == said[1]
    assert said[0].startswith(f"The hands of the series in {save} cannot be read: {folder} "
                              "does not open (")


def test_R2_1_a_hand_edited_dealer_of_the_hand_dealt_never_changes_who_deals(save):
    line = edit(hand(save, 3), 'dealer = "Cees"', 'dealer = "Anna"')
    for said in refused(save, ("state",), ("standings",), ("play",),
                        ("score", "--winner", "Bram", "Anna=4", "Cees=9")):
        assert f"hand-00003.toml, line {line} (hands[3].dealer): this file says Anna is the " \
               "dealer of hand 3, but by the rotation of the series it is Cees (R2.1)." in said


def test_R2_1_a_hand_edited_dealer_of_a_scored_hand_is_refused(save):
    line = edit(hand(save, 2), 'dealer = "Bram"', 'dealer = "Cees"')
    for said in refused(save, *ALL_HANDS):
        assert f"hand-00002.toml, line {line} (hands[2].dealer): this file says Cees" in said


def test_a_scored_hand_whose_result_was_taken_out_is_refused_not_skipped(save):
    path = hand(save, 1)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:text.index("[result]")], encoding="utf-8")
    for said in refused(save, *ALL_HANDS):
        assert "hand-00001.toml, at hands[1]: this hand has no [result], yet the series has " \
               "scored every " \
               "hand up to hand 2" in said


def test_a_missing_hand_file_is_refused_not_renumbered(save):
    hand(save, 1).rename(save.parent / "elsewhere.toml")
    for said in refused(save, *ALL_HANDS):
        assert f"Hand 1 of the series is missing: there is no file {hand(save, 1)}." in said


def test_the_command_as_a_family_runs_it_says_the_same(save):
    """The installed command, in a process of its own, in Dutch."""
    line = edit(save, '{ name = "Anna", total = 3,', '{ name = "Anna", total = 50,')
    before = files(save)
    env = {**os.environ, "PESTEN_REF_LANG": "nl", "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "referee.interface.cli", "standings", "--save", str(save)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert re.search(rf"pesten\.toml, regel {line} \(records\[1\]\.total\): het seriebestand "
                     r"zegt dat Anna in totaal 50 heeft", done.stderr), done.stderr
    assert files(save) == before


def test_a_hand_edited_correction_is_told_at_its_own_line_below_its_table(save):
    cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=6", "Cees=12")
    cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=7", "Cees=12")
    path = hand(save, 1)
    lines = path.read_text(encoding="utf-8").splitlines()
    second = [i for i, text in enumerate(lines, 1) if text == "[[corrections]]"][1]
    line = next(i for i, text in enumerate(lines, 1) if i > second and text == "Bram = 6")
    lines[line - 1] = 'Bram = "six"'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for said in refused(save, ("history",), ("export", "--format", "html")):
        assert f"hand-00001.toml, line {line} (hands[1].corrections[2].old.Bram): `Bram` must " \
               "be a whole number, not \"six\" (text)." in said


# -- the cost of opening a series does not grow with it ----------------------------------------

def test_standings_of_a_series_file_as_written_reads_no_scored_hand(save, monkeypatch):
    seen = parsed_hand_files(monkeypatch)
    (save.parent / "pesten.hands" / "index.json").unlink(missing_ok=True)
    cli(save, "standings")
    cli(save, "state")
    assert set(seen) == {"hand = 3"}   # the hand being played only


def test_edited_standings_are_checked_against_every_hand_and_pass_when_they_agree(save,
                                                                                  monkeypatch):
    text = save.read_text(encoding="utf-8")
    assert re.search(r'^standings_sum = "[0-9a-f]{8}"$', text, re.M)
    edit(save, "standings_sum = ", "# standings_sum = ")   # as a series written before it was kept
    seen = parsed_hand_files(monkeypatch)
    (save.parent / "pesten.hands" / "index.json").unlink(missing_ok=True)
    good = cli(save, "standings").stdout
    assert {"hand = 1", "hand = 2"} <= set(seen)
    assert "Anna        3" in good


@pytest.mark.parametrize("name, says", [
    ("7h", "'7h' reads as a card, a suit or a command word"),
    ("Anna B", "'Anna B' is not a valid name"),
])
def test_R1_1_a_player_renamed_in_the_series_file_must_be_a_name_new_takes(save, name, says):
    text = save.read_text(encoding="utf-8")
    save.write_text(text.replace('"Cees"', f'"{name}"'), encoding="utf-8")
    for hand_file in (hand(save, 1), hand(save, 2), hand(save, 3)):
        text = hand_file.read_text(encoding="utf-8")
        text = text.replace('"Cees"', f'"{name}"').replace("\nCees = ", f'\n"{name}" = ')
        hand_file.write_text(text, encoding="utf-8")
    at_new = cli(save.parent / "other.toml", "new", "--players", f"Anna,Bram,{name}",
                 code=2).stderr.strip()
    for said in refused(save, *READERS, *WRITERS):
        assert f"pesten.toml, line 5 (players): {at_new}" in said
        assert says in said
