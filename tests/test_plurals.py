"""Plurals read right ("1 card", "2 cards", "1 entry") in the messages of the
command line, the save files, scoring and the simulator.

A count next to a counted word is written as a text with plural forms
(``{"one": ..., "other": ...}``, chosen by ``n``; see ``referee.messages``),
never built by hand: these tests scan the catalogs and the code that speaks
through them for a number field followed by a counted noun, for "(s)", and for
f-strings that glue a count to a noun.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from conftest import cli  # noqa: E402
from referee import messages
from referee.messages import t
from test_cli import new3, save  # noqa: F401  (fixtures)

REPO = Path(__file__).resolve().parent.parent
AREAS = ("cli", "store", "score", "sim")
# Modules whose sentences come from those areas, scanned for counts glued to nouns.
MODULES = ("interface/cli.py", "series/store.py", "series/scoring.py", "simulator/simulate.py",
           "series/session.py", "series/replay.py")

NOUNS = (r"cards?|entry|entries|hands?|points?|players?|turns?|cop(?:y|ies)|times|seconds?"
         r"|decks?|rounds?|tables?|games?|lines?|jokers?|penalt(?:y|ies)")
# A field (``{n}``, ``{total}``, ``{hands:,}``) and the word after it.
FIELD_NOUN = re.compile(r"\{(?P<field>\w+)(?::(?P<spec>[^}]*))?\}\s+(?P<noun>" + NOUNS + r")\b")
# Count fields followed by a verb that agrees with them.
COUNT_VERB = re.compile(r"\{(?P<field>n|count|given|copies|available|refused|mismatches)"
                        r"(?::[^}]*)?\}\s+(?:was|were|is|are|has|have)\b")


def decimal_spec(spec: str | None) -> bool:
    """A format with decimals (``.1f``, ``.2%``): "1.0 cards" is right as it is."""
    return bool(spec) and re.search(r"\.[1-9]\d*[fFeEgG%]$", spec) is not None


def texts() -> list[tuple[str, str | None, str]]:
    """Every English template of the scanned areas: (key, plural form or None, text)."""
    out = []
    for area in AREAS:
        for key, value in messages._load_area("en", area).items():
            if isinstance(value, dict):
                out += [(key, form, text) for form, text in value.items()]
            else:
                out.append((key, None, value))
    return out


def problems_in(key: str, form: str | None, text: str) -> list[str]:
    found = []
    if "(s)" in text:
        found.append("'(s)'")
    for m in FIELD_NOUN.finditer(text):
        if form is not None and m["field"] == "n":
            continue  # the count that chooses the form
        if not decimal_spec(m["spec"]):
            found.append(f"'{m[0]}'")
    for m in COUNT_VERB.finditer(text):
        if not (form is not None and m["field"] == "n"):
            found.append(f"'{m[0]}'")
    return [f"{key}{'[' + form + ']' if form else ''}: {p}" for p in found]


def test_no_catalog_text_builds_a_counted_word_by_hand():
    problems = [p for key, form, text in texts() for p in problems_in(key, form, text)]
    assert problems == []


@pytest.mark.parametrize("text, bad", [
    ("{dealer} deals {n} cards each", True),
    ("misses {n} turn(s)", True),
    ("{hands:,} hands for {players} players", True),
    ("{rate:,.0f} hands a second", True),
    ("{given} were given", True),
    ("{card} is in the discard pile", False),
    ("{cards:.1f} cards per hand", False),
    ("Hand {hand} was blocked", False),
])
def test_the_scan_finds_counted_words_built_by_hand(text, bad):
    assert bool(problems_in("k", None, text)) is bad


def test_plural_texts_have_both_forms_and_use_n():
    for area in AREAS:
        for key, value in messages._load_area("en", area).items():
            if isinstance(value, dict):
                assert set(value) == {"one", "other"}, key
                fields = {f for form in value.values()
                          for _, f, _, _ in string.Formatter().parse(form) if f}
                assert "n" in fields, key


def glued_counts(source: str) -> list[str]:
    """f-strings and concatenations in ``source`` that put a counted noun after a value."""
    noun_after = re.compile(r"^\s+(?:" + NOUNS + r")\b")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            for before, after in zip(parts, parts[1:]):
                if isinstance(before, ast.FormattedValue) and isinstance(after, ast.Constant) \
                        and isinstance(after.value, str) and noun_after.match(after.value):
                    found.append(f"line {node.lineno}: f-string ...{after.value[:20]!r}")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) \
                and isinstance(node.right, ast.Constant) and isinstance(node.right.value, str) \
                and noun_after.match(node.right.value):
            found.append(f"line {node.lineno}: ... + {node.right.value[:20]!r}")
    return found


@pytest.mark.parametrize("module", MODULES)
def test_no_code_glues_a_count_to_a_noun(module):
    assert glued_counts((REPO / "referee" / module).read_text(encoding="utf-8")) == []


def test_the_code_scan_finds_glued_counts():
    assert glued_counts('x = f"{n} cards"\ny = str(n) + " entries"\nz = f"{a} is {b}"\n') == [
        "line 1: f-string ...' cards'", "line 2: ... + ' entries'"]


# -- the sentences as a player reads them ---------------------------------------

@pytest.mark.parametrize("key, fields, one, other", [
    ("cli.replay.head", {"hand": 3}, "Hand 3: 1 entry.", "Hand 3: 2 entries."),
    ("cli.state.skips", {}, "misses 1 turn", "misses 2 turns"),
    ("cli.new.dealer", {"dealer": "Anna", "first": "Bram"},
     "Anna deals 1 card each; Bram plays first once the starter is turned (`start 9h`).",
     "Anna deals 2 cards each; Bram plays first once the starter is turned (`start 9h`)."),
    ("score.refuse.player_count", {}, "A series needs 2 to 8 players; 1 was given",
     "A series needs 2 to 8 players; 2 were given"),
    ("score.line.hands", {"scored": 0, "hands": 3},
     "Fixed series: 0 scored out of 3, 1 hand left; the lowest total wins.",
     "Fixed series: 0 scored out of 3, 2 hands left; the lowest total wins."),
    ("score.line.limit", {}, "Elimination: a total over 1 point is out.",
     "Elimination: a total over 2 points is out."),
])
def test_counted_sentences_read_right(key, fields, one, other):
    assert t(key, n=1, **fields) == one
    assert t(key, n=2, **fields) == other


def test_a_score_too_big_to_be_right_says_its_points(save):
    new3(save)
    result = cli(save, "score", "--winner", "Anna", "Bram=200000", "Cees=1", code=1)
    assert "200000 points for Bram cannot be right" in result.stderr


def test_replay_of_one_entry_says_1_entry(save):
    new3(save)
    cli(save, "play", input="start 9h\n")
    assert cli(save, "replay").stdout.startswith("Hand 1: 1 entry.\n")


def test_a_count_refusal_with_one_card_given_says_1_was_given(save):
    new3(save)
    cli(save, "play", input="start 9h\n7h 7s 7c 7d 3d\n3s\n3c\n3h lk\n4h\n4c\n4s\n")
    result = cli(save, "score", "Bram=Ah", "Cees=20", code=1)
    assert "Bram holds 5 cards by the referee's count, 1 was given (R7.2)." in result.stderr


def test_a_series_of_one_hand_says_1_hand(save):
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna", "--hands", "1")
    assert "0 scored out of 1, 1 hand left" in cli(save, "standings").stdout
