"""R9: a family's ``[actions]`` file as the user meets it, and every file it refuses.

The refused files go through ``pesten-ref rules FILE`` (exit status 2, one
sentence naming the file, the line, the key and what would be allowed); a
family's file is played through ``new --rules``, ``play --script`` and
``state --json`` as subprocesses.  The engine's own tests of each effect are
in ``test_actions_table.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cli, run_in as run

ROOT = Path(__file__).resolve().parents[1]


def refusal(tmp_path: Path, text: str) -> str:
    path = tmp_path / "ours.toml"
    path.write_text(text, encoding="utf-8")
    out = cli(None, "rules", str(path), code=2).output
    assert out.startswith(f"{path}, line "), out
    return out


@pytest.mark.parametrize("text, line, words", [
    ('[actions]\nK = "agian"\n', 2, ["`actions.K`", '"agian"', "`again`", "rotate_hands"]),
    ('[actions]\n"3" = "draw"\n', 2, ["`actions.3`", '"draw" needs a value', "{ draw = 1 }"]),
    ('[actions]\n"3" = { draw = 11 }\n', 2, ["`draw = 11`", "from 1 to 10"]),
    ('[actions]\n"3" = { draw = 1, skip = 1 }\n', 2, ["draw, skip", "as a list"]),
    ('[actions]\n"3" = { draw = 1, too = "self" }\n', 2, ["no parameter `too`", "to, at_once"]),
    ('[actions]\n"3" = { draw = 1, to = "me" }\n', 2, ['`to = "me"`', '"next"', '"previous"']),
    ('[actions]\n"5" = { next_at_most = "Joker" }\n', 2, ["from 1 to 13"]),
    ('[actions]\n"5" = { again = 1 }\n', 2, ["`again = true`"]),
    ('[actions]\n"5" = []\n', 2, ["empty list"]),
    ('[actions]\n"5" = ["none", "skip"]\n', 2, ['"none" cannot stand beside']),
    ('[actions]\nX = "again"\n', 2, ["`actions.X` is not a rank", "Joker"]),
    ('[actions]\n"5" = 3\n', 2, ["`actions.5` must be an effect"]),
], ids=["unknown", "bare-draw", "range", "two-in-one", "param", "choice", "value", "flag",
        "empty", "none-beside", "rank", "type"])
def test_R9_1_a_bad_entry_is_refused_naming_file_line_key_and_what_is_allowed(
        tmp_path, text, line, words):
    out = refusal(tmp_path, text)
    assert f"line {line}:" in out
    for word in words:
        assert word in out, (word, out)


def test_R9_1_a_file_setting_an_old_key_and_its_rank_is_refused_naming_both_lines(tmp_path):
    out = refusal(tmp_path, 'king = "draw_one"\n\n[actions]\nK = "again"\n')
    assert "line 4:" in out and "`actions.K` and `king` (line 1)" in out and "R9.1" in out


@pytest.mark.parametrize("old, table", [
    ('joker_stack = "double"', '[stacking]\ndouble = ["Joker"]'),
    ("finish_on_action = true", '[finish]\nmode = "allowed"'),
    ("finish_on_action_draw = 2", "[finish]\ndraw = 2"),
    ('start_card = "applies"', '[start]\nmode = "applies"'),
    ("jack_wild = true", '[actions]\nJ = "name_suit"'),
    ("joker_penalty = 3", "[actions]\nJoker = { draw = 3 }"),
])
def test_R9_1_every_old_key_and_its_table_entry_are_refused_together(tmp_path, old, table):
    out = refusal(tmp_path, f"{old}\n{table}\n")
    assert "(line 1)" in out and "R9.1" in out


@pytest.mark.parametrize("text, words", [
    ('[actions]\n"3" = ["again", "skip"]\n', ['"again" keeps the turn']),
    ('[actions]\n"3" = [{ draw = 1 }, { draw = 2 }]\n', ["one draw penalty"]),
    ('[actions]\n"3" = ["again", "again"]\n', ["may each stand once"]),
    ('[actions]\n"8" = [{ skip = 1, pass_on = true }, { draw = 2 }]\n', ["passed on stands alone"]),
    ('[actions]\n"5" = [{ next_at_most = 5 }, "name_suit"]\n', ["at most one limit"]),
    ('extends = "fast"\n[actions]\n"8" = { skip = 1, pass_on = true }\n', ['turn_order = "free"']),
], ids=["again-skip", "two-penalties", "again-twice", "pass-on-penalty", "limit-suit", "free"])
def test_R9_13_a_combination_that_cannot_be_played_is_refused(tmp_path, text, words):
    out = refusal(tmp_path, text)
    assert "R9.13" in out
    for word in words:
        assert word in out, (word, out)


@pytest.mark.parametrize("text, words", [
    ('[stacking]\ngroups = [["2", "7"]]\n', ["`stacking.groups`", "7 makes no draw penalty",
                                             "2 or Joker", "R9.14"]),
    ('[stacking]\ngroups = [["2"], ["2", "Joker"]]\n', ["2 is in two groups", "R9.14"]),
    ('[stacking]\ngroups = []\ndouble = ["Joker"]\n', ["`stacking.double`", "no stacking group"]),
    ('[stacking]\ngroups = [["Z"]]\n', ['"Z" is not a rank']),
    ('[finish]\nmode = "draw_after"\ndraw = 0\n', ["`finish.draw` must be at least 1", "R9.15"]),
    ('[finish]\nblocked = "some"\n', ['"actions" or a list of ranks']),
    ('[start]\nmode = "again"\n', ['"no_effect"', '"redraw"']),
    ('[start]\nmode = "redraw"\n[actions]\n' + "".join(
        f'"{r}" = "again"\n' for r in ("3", "4", "5", "6", "9", "10", "Q", "K")),
     ["`start.ranks`", "R9.16"]),
    ('[dealing]\nx = 1\n', ["[dealing] is not a house-rule table", "[actions]"]),
], ids=["group-rank", "group-twice", "double-ungrouped", "group-not-rank", "draw-after-zero",
        "blocked", "start-mode", "redraw-forever", "unknown-table"])
def test_R9_14_to_R9_16_a_bad_table_is_refused_naming_its_key(tmp_path, text, words):
    out = refusal(tmp_path, text)
    for word in words:
        assert word in out, (word, out)


# -- a family's file, as the README shows it -------------------------------------

FAMILY = """\
# Our rules at home
[actions]
K = "again"                               # heer nog een keer
"8" = { skip = 1, pass_on = true }        # an Eight passes on with another Eight
"""




def test_R9_6_R5_11_a_familys_file_through_the_command_line(tmp_path):
    (tmp_path / "familie.toml").write_text(FAMILY, encoding="utf-8")
    made = run("new", "--players", "Anna,Bram,Cees", "--rules", "familie.toml",
               "--dealer", "Cees", "--save", "s.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hand.txt").write_text("start 9h\nKh\n9h\n8h\n8c\npass\n", encoding="utf-8")
    played = run("play", "--save", "s.toml", "--script", "hand.txt", "--keep-going",
                 cwd=tmp_path)
    out = played.stdout
    assert "Anna plays K♥ and plays again (R9.6)." in out
    assert "must play an Eight to pass the skip on, or type `pass`" in out
    assert "Cees passes and misses 1 turn (R5.11)." in out
    state = json.loads(run("state", "--json", "--save", "s.toml", cwd=tmp_path).stdout)
    assert state["turn"] == "Anna" and state["pending_skip"] == 0 and state["top"] == "8c"
    shown = run("rules", "familie.toml", cwd=tmp_path).stdout
    assert "King: the same player plays again (R9.6)" in shown


def test_R5_11_the_json_state_shows_the_skip_pending(tmp_path):
    (tmp_path / "familie.toml").write_text(FAMILY, encoding="utf-8")
    cli(None, "new", "--players", "Anna,Bram,Cees", "--rules", str(tmp_path / "familie.toml"),
        "--dealer", "Cees", "--save", str(tmp_path / "s.toml"))
    out = cli(tmp_path / "s.toml", "play", "--json", input="start 9h\n8h\n").output
    last = json.loads(out.strip().splitlines()[-1])
    assert last["rule"] == "R5.11" and last["state"]["pending_skip"] == 1
    assert last["state"]["turn"] == "Bram"


def test_R9_the_example_files_are_valid_and_simulate_without_a_mismatch():
    for name in ("every-effect.toml", "heer.toml"):
        out = cli(None, "simulate", "--rules", str(ROOT / "examples" / name), "--hands", "200",
                  "--players", "4", "--seed", "3", "--jobs", "1", "--json").output
        report = json.loads(out.strip().splitlines()[-1])
        assert report["refused_entries"] == 0 and report["mismatches"] == 0, report
