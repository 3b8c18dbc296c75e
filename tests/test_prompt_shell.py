"""The prompt and the shell (issue 33): what a mistyped or misplaced word is told,
who is out of the series, the shell's completion and a closed pipe.

Everything runs as the user meets it: ``pesten-ref`` as a subprocess, the table's
lines on its stdin (``play`` reads a pipe as a script).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def run(tmp_path: Path, *args: str, input: str | None = None, code: int | None = 0,
        env: dict | None = None) -> subprocess.CompletedProcess:
    """``pesten-ref ARGS`` in ``tmp_path`` (its own data and state folders), English
    unless ``env`` says otherwise; asserts the exit status ``code`` and no traceback."""
    full = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_STATE_HOME": str(tmp_path / "state"), "NO_COLOR": "1", "LANG": "C.UTF-8",
            "PYTHONPATH": str(REPO), **(env or {})}
    for key in ("PESTEN_REF_SAVE", "PESTEN_REF_LANG", "LC_ALL", "LANGUAGE"):
        full.pop(key, None)
    full.update(env or {})
    done = subprocess.run([sys.executable, "-m", "referee", *args], cwd=tmp_path, input=input,
                          capture_output=True, text=True, env=full)
    shown = f"pesten-ref {' '.join(args)} -> {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr + done.stdout, shown
    if code is not None:
        assert done.returncode == code, shown
    return done


def new(tmp_path: Path, *extra: str, players: str = "Anna,Bram,Lotte") -> None:
    run(tmp_path, "new", "--save", "s.toml", "--players", players, "--dealer",
        players.split(",")[-1], *extra)


def play(tmp_path: Path, lines: str, *extra: str, code: int | None = None):
    return run(tmp_path, "play", "--save", "s.toml", "--keep-going", *extra, input=lines,
               code=code)


# -- did you mean ------------------------------------------------------------------

def test_R1_5_did_you_mean_never_offers_leave_for_a_word_not_close_to_it(tmp_path):
    new(tmp_path, "--lang", "nl")
    out = play(tmp_path, "start 9h\nclear\nlaeve\nscroe\nstaet\n").stderr
    clear = next(line for line in out.splitlines() if "clear" in line)
    assert "`weg`" not in clear and "`leave`" not in clear and "Bedoel" not in clear
    assert "Bedoel je `leave`?" in out  # (laeve is close to leave itself)
    assert "Bedoel je `score`?" in out and "`punten`" not in out
    assert "`stand`" in out  # a query: the word the Dutch help offers


@pytest.mark.parametrize("word", ["stop", "quit", "exit", "STOP"])
def test_stop_quit_and_exit_leave_the_prompt(tmp_path, word):
    new(tmp_path)
    done = play(tmp_path, f"start 9h\n{word}\nd\n", code=0)
    assert "Anna draws" not in done.stdout  # (the line after it was not read)
    saved = run(tmp_path, "state", "--save", "s.toml", "--json").stdout
    assert json.loads(saved)["turn"] == "Anna"


def test_R3_10_cards_typed_without_plus_are_told_the_play_meant_where_doubles_are_played(
        tmp_path):
    (tmp_path / "doubles.toml").write_text('multi_play = "same_rank"\n', encoding="utf-8")
    new(tmp_path, "--rules", "doubles.toml", "--lang", "nl")
    out = play(tmp_path, "start 9h\n10h10r\n").stderr
    assert "Bedoel je `10h+10r`?" in out
    new(tmp_path, "--lang", "nl", "--force")  # (multi_play = "none": no such play)
    assert "10h+10r" not in play(tmp_path, "start 9h\n10h10r\n").stderr


def test_R0_2_fix_with_a_number_below_zero_says_what_is_wrong_with_it(tmp_path):
    new(tmp_path)
    out = play(tmp_path, "start 9h\nfix draw Lotte -1\nfix count Lotte 12345\n", code=1).stderr
    assert "'-1' is below zero: a correction counts cards, 0 or more" in out
    assert "'12345' is more cards than any game holds" in out
    assert "Did you mean `fix`" not in out  # (fix is the right word)


# -- who is out of the series ----------------------------------------------------------

def _one_card_series(tmp_path: Path, limit: int) -> None:
    (tmp_path / "one.toml").write_text("deal_size = 1\n", encoding="utf-8")
    run(tmp_path, "new", "--save", "s.toml", "--players", "Anna,Bram,Cees,Dirk", "--dealer",
        "Dirk", "--rules", "one.toml", "--mode", "elimination", "--limit", str(limit))


def test_R1_5_a_player_who_left_and_types_in_a_later_hand_is_told_they_are_out(tmp_path):
    _one_card_series(tmp_path, 50)
    play(tmp_path, "start 9h\nleave Cees\n9c\nscore Bram=4h Dirk=5h\n", code=0)
    done = run(tmp_path, "play", "--save", "s.toml", "--json", input="cees: 7h\n", code=1)
    answer = json.loads(done.stdout.splitlines()[0])
    assert answer["rule"] == "R1.5" and not answer["ok"]
    assert "Cees left the table in an earlier hand and is out of the series" in answer["ruling"]
    assert "There is no player" not in done.stderr


def test_R7_4_an_eliminated_player_who_types_is_told_they_are_out_of_the_series(tmp_path):
    _one_card_series(tmp_path, 5)
    play(tmp_path, "start 9h\n9c\nscore Bram=Kh Cees=2h Dirk=3h\n", code=0)  # Bram: 10 > 5
    out = play(tmp_path, "Bram: 7h\ncall Bram\nXavier: 7h\n", code=1).stderr
    assert out.count("Bram is out of the series: their points passed the limit") == 2
    assert "(R7.4)" in out and "There is no player called Bram" not in out
    assert "There is no player called Xavier at this table (R1.1)" in out


def test_R8_6_tournament_show_does_not_list_players_already_out_under_still_in(tmp_path):
    run(tmp_path, "tournament", "new", "--players", "Anna,Bram,Cees,Dirk,Eva,Fien,Gijs,Hans",
        "--seed", "3")
    data = json.loads(run(tmp_path, "tournament", "show", "--json").stdout)
    first, other = data["tables"][0], data["tables"][1]
    # one table refereed: all but one leave (R1.5), the last one wins the hand
    seated = first["players"]
    leaving = [p for p in seated if p != seated[0]]
    lines = "start 9h\n" + "".join(f"leave {p}\n" for p in leaving)
    run(tmp_path, "play", "--table", first["table"], input=lines)
    run(tmp_path, "score", "--table", first["table"])
    data = json.loads(run(tmp_path, "tournament", "show", "--json").stdout)
    assert data["status"] == "round" and data["round"] == 1  # (not closed yet)
    assert sorted(data["remaining"]) == sorted([seated[0], *other["players"]])
    # the other scored without refereeing: those who do not go through are out too
    winner, *rest = other["players"]
    run(tmp_path, "score", "--table", other["table"], "--winner", winner,
        *[f"{p}={10 * i}" for i, p in enumerate(rest, 1)])
    data = json.loads(run(tmp_path, "tournament", "show", "--json").stdout)
    assert len(data["remaining"]) == 1 + (len(other["players"]) + 1) // 2
    shown = run(tmp_path, "tournament", "show").stdout
    still = next(line for line in shown.splitlines() if line.startswith("Still in"))
    assert all(p not in still for p in leaving) and rest[-1] not in still


# -- the shell -------------------------------------------------------------------------

@pytest.mark.parametrize("word", ["undo", "redo", "why", "check", "pass", "d", "call", "lk",
                                  "leave", "fix", "show", "stop", "pak"])
def test_a_prompt_word_typed_in_the_shell_says_to_use_it_at_play(tmp_path, word):
    done = run(tmp_path, word, code=2)
    assert (f"`{word}` is typed at the table, not in the shell: start the table with "
            "`pesten-ref play` and type it at its prompt.") in done.stderr
    assert "No such command" not in done.stderr


def test_a_mistyped_shell_command_still_gets_clicks_did_you_mean(tmp_path):
    assert "Did you mean 'score'?" in run(tmp_path, "scroe", code=2).stderr


@pytest.mark.skipif(sys.platform.startswith("win"), reason="POSIX pipes")
@pytest.mark.parametrize("args", [["help"], ["--help"], ["rules"], ["new", "--help"],
                                  ["help", "notation"], ["rules", "R5.1"], ["--version"],
                                  ["simulate", "--hands", "20"]])
def test_a_command_piped_into_a_closed_pipe_ends_quietly(tmp_path, args):
    """``pesten-ref help | head -3``: the reader is gone before the output is written."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "referee", *args], cwd=tmp_path,
                              stdout=write, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "HOME": str(tmp_path),
                                   "PYTHONPATH": str(REPO)})
    finally:
        os.close(write)
    assert done.stderr == "" and done.returncode in (0, 1), done.stderr


def complete(tmp_path: Path, words: str, cword: int) -> list[str]:
    done = run(tmp_path, env={"_PESTEN_REF_COMPLETE": "bash_complete", "COMP_WORDS": words,
                              "COMP_CWORD": str(cword)}, code=None)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [line.partition(",")[2] for line in done.stdout.splitlines() if line]


def test_shell_completion_of_lang_offers_the_languages_and_never_an_error(tmp_path):
    assert complete(tmp_path, "pesten-ref --lang ", 2) == ["en", "nl", "fr", "it", "pt"]
    assert complete(tmp_path, "pesten-ref --lang n", 2) == ["nl"]
    assert complete(tmp_path, "pesten-ref --lang xx new --p", 4) == ["--players"]
    assert complete(tmp_path, "pesten-ref play --lang f", 3) == ["fr"]
    assert complete(tmp_path, "pesten-ref tournament show --lang ", 4) == ["en", "nl", "fr",
                                                                           "it", "pt"]


def test_shell_completion_of_rules_offers_the_presets_their_aliases_and_toml_files(tmp_path):
    (tmp_path / "ours.toml").write_text("deal_size = 5\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    offered = complete(tmp_path, "pesten-ref new --rules ", 3)
    assert {"standard", "hard", "snel", "gezinspesten", "ours.toml"} <= set(offered)
    assert {"mau-mau", "maumau", "crazy-eights"} <= set(offered)     # the family's games (R10)
    assert "notes.txt" not in offered
    assert complete(tmp_path, "pesten-ref simulate --rules ou", 3) == ["ours.toml"]
    assert complete(tmp_path, "pesten-ref new --rules hard", 3) == ["hard", "hard-pesten",
                                                                     "hardpesten"]
