"""Invariants of the command line, checked with hypothesis (NOTATION.md "Entries",
"JSON"; RULES.md R0.4, R1.1).

- Any line at all fed to ``play --json`` (unicode, control characters, very
  long lines, random entries that look valid) gives no traceback and exit
  status 0 or 1; every non-blank line gets exactly one compact JSON object,
  in order; a refused line leaves the state unchanged (R0.4: except the draw
  of ``illegal_play_penalty``, R3.8); cards are never created or lost; and
  what ``state --json`` reads back from the save is the last state answered.
- Player names allowed by R1.1 (accents, apostrophes, dots, any alphabet)
  round-trip through the save file, entries, ``score`` and ``standings``.

Example counts are modest: the whole file runs in well under a minute.
"""

from __future__ import annotations

import os
import json
import unicodedata
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from referee.interface.cli import main
from referee.series.scoring import player_name_problem

SETTINGS = settings(max_examples=40, deadline=None, derandomize=bool(os.environ.get("CI")),
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


def invoke(args: list[str], input: str | bytes | None = None):
    """Run ``pesten-ref ARGS`` in-process with ``PESTEN_REF_SAVE`` unset; -> Result."""
    return CliRunner(env={"PESTEN_REF_SAVE": None}).invoke(main, args, input=input)


def checked(args: list[str], input=None, codes=(0,)):
    result = invoke(args, input)
    shown = f"pesten-ref {' '.join(args)} -> {result.exit_code}\n{result.output[-3000:]}"
    assert result.exception is None or isinstance(result.exception, SystemExit), shown
    assert "Traceback" not in result.output and "internal error" not in result.output, shown
    assert result.exit_code in codes, shown
    return result


# ---------------------------------------------------------------------------
# series templates: made once, copied for every example
# ---------------------------------------------------------------------------

DECK = {"standard": 54, "family": 52, "hard": 54, "fast": 54, "penalty": 54}


@pytest.fixture(scope="module")
def templates(tmp_path_factory) -> dict[str, Path]:
    """Per rule set, a folder holding a series for Anna, Bram, Cees (Cees dealing)
    with the starter 9h turned: Anna to play (``turn`` null under fast)."""
    root = tmp_path_factory.mktemp("templates")
    house = root / "penalty.toml"
    house.write_text("illegal_play_penalty = 1\n", encoding="utf-8")
    out = {}
    for name in DECK:
        folder = root / name
        folder.mkdir()
        save = folder / "pesten.toml"
        spec = str(house) if name == "penalty" else name
        checked(["new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", spec,
                 "--save", str(save)])
        checked(["play", "--save", str(save)], input="start 9h\n")
        out[name] = folder
    return out


def fresh_copy(template: Path, into: str) -> Path:
    target = Path(into) / "series"
    shutil.copytree(template, target)
    for lock in target.glob("*.lock"):
        lock.unlink()
    return target / "pesten.toml"


# ---------------------------------------------------------------------------
# line strategies
# ---------------------------------------------------------------------------

NAMES = ["Anna", "Bram", "Cees", "anna", "Xavier"]
CARDS = [f"{r}{s}" for r in ("2", "3", "4", "5", "7", "8", "9", "10", "J", "Q", "K", "A", "T")
         for s in ("h", "d", "c", "s", "♥", "♠")] + ["joker", "jo", "*", "Joker"]
card = st.sampled_from(CARDS)
name = st.sampled_from(NAMES)
suit = st.sampled_from(["h", "d", "c", "s", "spades", "♦", "x"])
no_newline = st.characters(blacklist_categories=("Cs",), blacklist_characters="\n")

play_tokens = st.lists(st.one_of(card, st.just("d"), st.just("lk"),
                                 st.tuples(st.sampled_from(["Jh", "Jc", "Js", "Jd"]), suit)
                                 .map(" ".join)), min_size=1, max_size=4).map(" ".join)
entry = st.one_of(
    play_tokens,
    st.tuples(name, play_tokens).map(lambda t: f"{t[0]}: {t[1]}"),
    st.builds(lambda n: f"call {n}", name),
    st.builds(lambda a, n: f"{a}: call {n}", name, name),
    st.builds(lambda n: f"leave {n}", name),
    st.builds(lambda w, n, k: f"fix {w} {n} {k}", st.sampled_from(["draw", "count"]), name,
              st.integers(0, 60)),
    st.builds(lambda n, c: f"fix play {n} {c}", name, card),
    st.builds(lambda c: f"start {c}", card),
    st.sampled_from(["undo", "redo", "state", "why", "help", "replay", "rules R5.1", "?",
                     "rules laatste kaart", "d", "draw", "laatste kaart"]),
    st.builds(lambda c: f"check {c}", card),
    st.builds(lambda n, c: f"{n}: check {c}", name, card),
    st.builds(lambda e, c: f"{e}  # {c}", play_tokens, st.text(no_newline, max_size=10)),
)
noise = st.one_of(
    st.text(no_newline, max_size=30),                                     # any unicode
    st.lists(st.characters(max_codepoint=0x1F, blacklist_characters="\n")
             | st.sampled_from(["\x7f", "\x85", "\u2028", "\u2029", "\ufeff", "\u200b", "\u00a0"])
             | st.sampled_from(["7h", " ", "d", ":", "#", "Anna"]),
             max_size=20).map("".join),                                 # control characters
    st.builds(lambda tok, n: " ".join([tok] * n), st.sampled_from(["7h", "lk", "d", "Anna:", "x"]),
              st.integers(200, 1500)),                                    # very long entries
    st.text(no_newline, min_size=3000, max_size=6000),                    # very long noise
    st.sampled_from(["", "   ", "#", "# only a comment", "\t", "\r"]),
)
lines_strategy = st.lists(st.one_of(entry, entry, entry, noise), min_size=1, max_size=25)


def is_blank(line: str) -> bool:
    """NOTATION: blank and comment-only lines produce no output (``#`` starts a comment)."""
    return line.split("#", 1)[0].strip() == ""


def conserved(st_: dict, deck: int) -> None:
    """Cards are never created or lost: hands + draw pile + discard pile = the deck."""
    assert sum(st_["counts"].values()) + st_["draw_pile"] + st_["discard_pile"] == deck, st_
    assert st_["draw_pile"] >= 0 and all(n >= 0 for n in st_["counts"].values())


# ---------------------------------------------------------------------------
# any line through play --json
# ---------------------------------------------------------------------------

@SETTINGS
@given(lines=lines_strategy, preset=st.sampled_from(["standard", "family", "hard", "fast"]),
       keep_going=st.booleans())
@example(lines=["Anna: check 9c", "leave Bram", "7h 7h", "\x00\x1c7h", "Jh", "d 5h"],
         preset="standard", keep_going=True)
@example(lines=["\ufeff0"], preset="standard", keep_going=True)
def test_any_line_gets_one_answer_and_refusals_change_nothing(templates, lines, preset,
                                                              keep_going):
    with tempfile.TemporaryDirectory() as into:
        save = fresh_copy(templates[preset], into)
        start = json.loads(checked(["state", "--json", "--save", str(save)]).stdout)
        args = ["play", "--json", "--save", str(save)] + (["--keep-going"] if keep_going else [])
        result = checked(args, input="\n".join(lines) + "\n", codes=(0, 1))
        out = [line for line in result.stdout.split("\n") if line]
        answers = [json.loads(line) for line in out]
        for text, obj in zip(out, answers):
            assert text == json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
        # A byte-order mark opening the input is dropped, as editors on Windows write one.
        read = list(lines)
        if read and read[0].startswith("\ufeff"):
            read[0] = read[0][1:]
        expected = [line.rstrip("\r") for line in read if not is_blank(line)]
        refused_at = next((i for i, a in enumerate(answers) if not a["ok"]), None)
        if keep_going or refused_at is None:
            assert len(answers) == len(expected)
        else:
            assert len(answers) == refused_at + 1        # stopped at the first refusal
        assert [a["input"] for a in answers] == expected[:len(answers)]
        previous = start
        for a in answers:
            assert {"input", "ok", "ruling", "rule", "state"} <= set(a)
            assert isinstance(a["ok"], bool) and isinstance(a["ruling"], str)
            conserved(a["state"], DECK[preset])
            if not a["ok"]:
                assert a["rule"] is None or a["rule"].startswith("R")
                assert a["state"] == previous, a["input"]          # R0.4
            previous = a["state"]
        assert result.exit_code == (1 if any(not a["ok"] for a in answers) else 0)
        after = json.loads(checked(["state", "--json", "--save", str(save)]).stdout)
        assert after == previous


@SETTINGS
@given(lines=st.lists(entry, min_size=1, max_size=20))
def test_with_an_illegal_play_penalty_a_refusal_only_draws_for_the_offender(templates, lines):
    """R0.4 / R3.8: the one effect a refused entry may have is the offender's draw."""
    with tempfile.TemporaryDirectory() as into:
        save = fresh_copy(templates["penalty"], into)
        previous = json.loads(checked(["state", "--json", "--save", str(save)]).stdout)
        result = checked(["play", "--json", "--keep-going", "--save", str(save)],
                         input="\n".join(lines) + "\n", codes=(0, 1))
        for a in (json.loads(line) for line in result.stdout.split("\n") if line):
            st_ = a["state"]
            conserved(st_, DECK["penalty"])
            if not a["ok"]:
                if a["rule"] == "R3.8":
                    offender = previous["turn"]
                    assert "illegal_play_penalty" in a["ruling"] or "R3.8" in a["ruling"]
                    changed = {p for p in st_["counts"] if st_["counts"][p] != previous["counts"][p]}
                    assert changed <= {offender}
                    assert st_["counts"][offender] in (previous["counts"][offender],
                                                       previous["counts"][offender] + 1)
                    assert st_["turn"] == offender and st_["top"] == previous["top"]
                else:
                    assert st_ == previous, a["input"]
            previous = st_
        after = json.loads(checked(["state", "--json", "--save", str(save)]).stdout)
        assert after == previous


# ---------------------------------------------------------------------------
# player names (R1.1)
# ---------------------------------------------------------------------------

name_chars = st.characters(whitelist_categories=("Lu", "Ll", "Lt", "Lo", "Nd")) | \
    st.sampled_from(list("-_'.éèëñçøåßÆœÜ"))
player_name = st.text(name_chars, min_size=1, max_size=12)


@SETTINGS
@given(names=st.lists(player_name, min_size=2, max_size=5))
@example(names=["O'Neil", "J.R.", "Zoë", "Jo."])
@example(names=["Ñandú", "D'Artagnan", "Anne-Marie", "Ægir_2", "李雷"])
@example(names=["Ørjan", "Łukasz", "Ana.María", "Ζωή"])
def test_names_allowed_by_r1_1_round_trip(names):
    # Names are kept in Unicode NFC, so a name typed decomposed comes back composed.
    names = [unicodedata.normalize("NFC", n) for n in names]
    assume(player_name_problem(names) is None)
    first, second, dealer = names[0], names[1], names[-1]
    with tempfile.TemporaryDirectory() as into:
        save = str(Path(into) / "pesten.toml")
        checked(["new", "--players", ",".join(names), "--dealer", dealer, "--save", save])
        table = json.loads(checked(["standings", "--json", "--save", save]).stdout)
        assert [p["name"] for p in table["players"]] == names
        script = f"start 9h\n{first}: 9c\ncall {second}\nfix count {first} 0\n"
        result = checked(["play", "--json", "--save", save], input=script)
        answers = [json.loads(line) for line in result.stdout.split("\n") if line]
        assert all(a["ok"] for a in answers), answers
        st_ = json.loads(checked(["state", "--json", "--save", save]).stdout)
        assert list(st_["counts"]) == names and st_["winner"] == first and st_["dealer"] == dealer
        others = [f"{n}=30" for n in names if n != first]
        # `--` so that a name such as "-h" is not read as an option (see test_cli.py,
        # test_a_player_named_like_an_option_can_be_scored).
        checked(["score", "--save", save, "--", *others])
        table = json.loads(checked(["standings", "--json", "--save", save]).stdout)
        assert [p["name"] for p in table["players"]] == names
        assert {p["name"]: p["total"] for p in table["players"]} == {
            n: (0 if n == first else 30) for n in names}
        assert {p["name"]: p["wins"] for p in table["players"]}[first] == 1
        replay = [json.loads(line) for line in
                  checked(["replay", "--hand", "1", "--json", "--save", save]).stdout.split("\n") if line]
        assert [r["by"] for r in replay[:2]] == [dealer, first]
        assert table["next_dealer"] == names[0]          # the seat after the dealer (R2.1)
