"""What the light commands import: ``score``, ``standings`` and ``state`` of a hand
only dealt (no entry: a family that keeps the score without refereeing) load none
of the engine's rule modules; the ``Hand`` is made from the deal the first time
something needs it, and behaves as one made at once.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from referee.engine import Hand
from referee.engine.dealt import Dealt
from referee.engine.rules import HouseRules
from referee.series.session import OpenSeries
from referee.series.store import SaveFile
from referee.words.events import summary

REPO = Path(__file__).resolve().parents[1]

RULE_MODULES = {f"referee.engine.{name}" for name in (
    "hand", "turn", "actions", "lastcard", "legality", "ruling", "corrections")} \
    | {"referee.engine.notation"}
"""The modules a hand only dealt does without (the rules, and the notation)."""

ENV = {k: v for k, v in os.environ.items()
       if k not in ("PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
ENV.update(LANG="C.UTF-8", PYTHONPATH=str(REPO))


def imported(args: list[str], cwd: Path) -> tuple[set[str], str]:
    """The ``referee`` modules ``python -X importtime -m referee.interface.cli ARGS`` imports,
    and its output; fails the test when the command fails."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee.interface.cli", *args],
                          cwd=cwd, capture_output=True, text=True, env=ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:") and "|" in line}
    return {m for m in modules if m.split(".")[0] == "referee"}, done.stdout


def modules_of(args: list[str], cwd: Path, lang: str | None = None) -> set[str]:
    """Every module (the standard library's too) ``pesten-ref ARGS`` imports, in
    language ``lang`` ($PESTEN_REF_LANG; English when None)."""
    env = dict(ENV, PESTEN_REF_LANG=lang) if lang else ENV
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee.interface.cli", *args],
                          cwd=cwd, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:") and "|" in line}


def new_series(where: Path) -> Path:
    save = where / "pesten.toml"
    imported(["new", "--players", "Anna,Bram,Cees", "--dealer", "Anna", "--save", str(save)],
             where)
    return save


def test_score_of_a_hand_only_dealt_imports_no_rule_module(tmp_path):
    save = new_series(tmp_path)
    modules, out = imported(["score", "--save", str(save), "--winner", "Anna",
                             "Bram=7h 8h", "Cees=Kd"], tmp_path)
    assert modules & RULE_MODULES == set()
    assert "referee.engine.dealt" in modules
    assert "referee.engine.events" not in modules   # (no ruling is made)
    assert "Hand 1 scored: Anna 0, Bram 15, Cees 10." in out
    assert "Hand 2: Bram deals; Cees plays first" in out  # R2.1, R2.5
    hand2 = SaveFile(save).read_hand(2)
    assert (hand2["dealer"], hand2["status"], hand2["entries"]) == ("Bram", "waiting", [])


@pytest.mark.parametrize("command", [["standings"], ["standings", "--json"],
                                     ["state"], ["state", "--json"]])
def test_standings_and_state_of_a_hand_only_dealt_import_no_rule_module(tmp_path, command):
    save = new_series(tmp_path)
    modules, out = imported([*command, "--save", str(save)], tmp_path)
    assert modules & RULE_MODULES == set()
    assert "Anna" in out


def test_a_hand_being_refereed_imports_the_rules(tmp_path):
    """The check sees the rule modules when they are needed: a hand with an entry."""
    save = new_series(tmp_path)
    subprocess.run([sys.executable, "-m", "referee.interface.cli", "play", "--save", str(save)],
                   input="start 9h\n", cwd=tmp_path, capture_output=True, text=True, env=ENV,
                   check=True)
    modules, out = imported(["state", "--json", "--save", str(save)], tmp_path)
    assert {"referee.engine.hand", "referee.engine.plays", "referee.engine.notation"} <= modules
    assert '"top":"9h"' in out


# -- the deal's facts: one definition, shared by Dealt and Hand -----------------------

_players = st.lists(st.sampled_from(["Anna", "Bram", "Cees", "Dirk", "Eva", "Fien", "Gijs",
                                     "Hanna", "Ids", "Joke"]), min_size=2, max_size=10,
                    unique=True)


@settings(max_examples=60, deadline=None)
@given(players=_players, data=st.data(), jokers=st.booleans(), free=st.booleans())
def test_a_dealt_hand_answers_as_the_hand_does(players, data, jokers, free):
    """R1.3 decks, R2.2 counts, R2.5 who plays first: ``Dealt`` and ``Hand`` agree."""
    rules = HouseRules().replace(jokers=jokers, turn_order="free" if free else "seated")
    dealer = data.draw(st.sampled_from(players))
    number = data.draw(st.integers(1, 50))
    dealt, hand = Dealt(rules, players, dealer, number), Hand(rules, players, dealer, number)
    assert dealt.state() == hand.state()
    assert (dealt.decks, dealt.deck_total) == (hand.decks, hand.deck_total)
    assert dealt.next_seat(dealer) == hand.next_seat(dealer) == dealt.first_player()
    assert dealt.situation() == hand.situation()
    assert summary(dealt) == summary(hand)
    dealt.scored = hand.scored = True
    assert dealt.state() == hand.state()


def test_the_first_entry_makes_the_hand_from_the_deal(tmp_path):
    save = new_series(tmp_path)
    table = OpenSeries.open(SaveFile(save))
    assert type(table.dealt) is Dealt and not table.started
    ruling = table.handle("start 9h")
    assert ruling.ok and type(table.dealt) is Hand and table.dealt is table.hand
    assert table.started and table.state()["turn"] == "Bram"
    again = OpenSeries.open(SaveFile(save))
    assert type(again.dealt) is Hand and again.state() == table.state()
    assert [e["line"] for e in SaveFile(save).read_hand(1)["entries"]] == ["start 9h"]


def test_a_query_makes_the_hand_and_keeps_it_dealt(tmp_path):
    table = OpenSeries.open(SaveFile(new_series(tmp_path)))
    before = table.state()
    assert table.handle("check 9h").ok
    assert type(table.dealt) is Hand and table.state() == before and not table.started


# -- the commands are built when asked for ------------------------------------------

_BUILT = """
import sys
from referee.interface.cli import main
try:
    main(sys.argv[1:], prog_name="pesten-ref")
except SystemExit:
    pass
print("BUILT", " ".join(sorted(main.commands)), file=sys.stderr)
"""


def built_commands(args: list[str], cwd: Path) -> list[str]:
    """The commands ``pesten-ref ARGS`` builds (click objects, options and all)."""
    done = subprocess.run([sys.executable, "-c", _BUILT, *args], cwd=cwd,
                          capture_output=True, text=True, env=ENV)
    line = [x for x in done.stderr.splitlines() if x.startswith("BUILT")][-1]
    return line.split()[1:]


def test_score_and_standings_build_only_their_own_command(tmp_path):
    save = new_series(tmp_path)
    assert built_commands(["standings", "--save", str(save)], tmp_path) == ["standings"]
    assert built_commands(["score", "--save", str(save), "--winner", "Anna", "Bram=7h",
                           "Cees=Kd"], tmp_path) == ["score"]


def test_the_command_list_shows_every_command_built_or_not(tmp_path):
    done = subprocess.run([sys.executable, "-m", "referee.interface.cli", "--help"], cwd=tmp_path,
                          capture_output=True, text=True, env=ENV)
    listed = done.stdout.partition("Commands:")[2].split()
    names = ["abandon", "export", "help", "history", "join", "new", "play", "replay", "rules", "score",
             "series", "simulate", "standings", "state"]
    for name in names + ["tournament"]:
        assert name in listed
    assert built_commands(["--help"], tmp_path) == names  # (tournament: its own builder)


@pytest.mark.parametrize("code", ["en", "nl", "fr", "it", "pt"])
def test_standings_and_score_in_every_language_import_what_they_use(tmp_path, code):
    """No rule module and no notation (a hand only dealt), ``shlex`` only for a sentence naming the series' options, ``unicodedata`` only
    for text beyond Latin-1's extensions (a heading with an accent is not), click's
    catalog only when click speaks (its ``--help`` option is made without it)."""
    save = new_series(tmp_path)
    standings = modules_of(["standings", "--save", str(save)], tmp_path, code)
    assert {"shlex", "unicodedata"} & standings == set()
    assert "copy" not in standings  # (gettext copies click's catalog once it reads it)
    score = modules_of(["score", "--save", str(save), "--winner", "Anna", "Bram=7h 8h",
                        "Cees=Kd"], tmp_path, code)
    assert {"shlex", "copy", "unicodedata", "prompt_toolkit"} & score == set()
    # The example in its sentence (``start 9h``) is written in the language's letters
    # without the notation's parser (``engine.written``).
    assert RULE_MODULES & (score | standings) == set()
