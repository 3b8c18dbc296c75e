"""A hand over keeps the state its entries end in (``end`` in its file, derived):
``score`` and ``state`` after a refereed hand read it instead of loading the rule
modules and replaying the log, and say exactly what the replay says; an ``end``
that no longer names the file's entries, rules and itself is not believed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib
from hypothesis import given, settings, strategies as st

from referee.engine import Hand
from referee.engine.dealt import Dealt
from referee.series.presets import load_rules
from referee.series.session import END, OpenSeries, _facts
from referee.simulator.simulate import record
from referee.series.store import SaveFile
from referee.words.events import summary

from test_startup_imports import ENV, RULE_MODULES, imported

PLAYERS = "Anna,Bram,Cees"


def refereed(where: Path, seed: int = 3) -> tuple[Path, list[str]]:
    """A series whose hand 1 was refereed to its end with ``play`` (a hand the
    simulator's bots played, real cards); returns the save and the ``score``
    arguments for it."""
    dealer, _, lines, held = record(load_rules("standard"), 3, 1, seed=seed)[0]
    where.mkdir(parents=True, exist_ok=True)
    save = where / "pesten.toml"
    imported(["new", "--players", PLAYERS, "--dealer", dealer, "--save", str(save)], where)
    subprocess.run([sys.executable, "-m", "referee.interface.cli", "play", "--save", str(save)],
                   input="\n".join(lines) + "\n", cwd=where, capture_output=True, text=True,
                   env=ENV, check=True)
    winner = [p for p, cards in held.items() if not cards]
    args = (["--winner", winner[0]] if winner else []) + [
        f"{p}={' '.join(cards)}" for p, cards in held.items() if cards]
    return save, args


def hand_file(save: Path, n: int = 1) -> Path:
    return save.parent / "pesten.hands" / f"hand-{n:05d}.toml"


def without_end(save: Path, where: Path) -> Path:
    """A copy of the series with the ``end`` taken out of hand 1's file."""
    shutil.copytree(save.parent, where)
    path = hand_file(where / save.name)
    text = path.read_text(encoding="utf-8")
    start = text.index(f"[{END}]")
    path.write_text(text[:start], encoding="utf-8")
    return where / save.name


def test_score_of_a_refereed_hand_reads_its_end_and_imports_no_rule_module(tmp_path):
    save, args = refereed(tmp_path / "a")
    assert END in tomllib.loads(hand_file(save).read_text(encoding="utf-8"))
    plain = without_end(save, tmp_path / "b")
    modules, out = imported(["score", "--save", str(save), "--json", *args], save.parent)
    assert modules & RULE_MODULES == set() and "referee.engine.events" not in modules
    replayed, again = imported(["score", "--save", str(plain), "--json", *args], plain.parent)
    assert {"referee.engine.hand", "referee.engine.plays"} <= replayed
    assert out == again   # (the same result, standings and next deal; no time in it)


@pytest.mark.parametrize("flag", [[], ["--json"]])
def test_state_of_a_hand_over_from_its_end_is_what_the_replay_says(tmp_path, flag):
    save, _ = refereed(tmp_path / "a", seed=5)
    plain = without_end(save, tmp_path / "b")
    modules, out = imported(["state", "--save", str(save), *flag], save.parent)
    assert modules & RULE_MODULES == set()
    assert out == imported(["state", "--save", str(plain), *flag], plain.parent)[1]


def test_an_end_hand_edited_is_not_believed(tmp_path):
    """Edit a count in the ``end`` (not its ``of``): the entries are replayed and
    the score checks the cards given against what they say (R7.2)."""
    save, args = refereed(tmp_path)
    path = hand_file(save)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    loser = next(p for p, n in data[END]["counts"].items() if n > 0)
    text = path.read_text(encoding="utf-8")
    edited = text.replace(f"\n{loser} = {data[END]['counts'][loser]}\n", f"\n{loser} = 0\n")
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    table = OpenSeries.open(SaveFile(save))
    assert type(table.dealt) is Hand   # (replayed)
    assert table.facts().counts[loser] == data[END]["counts"][loser]


def test_an_edited_entry_of_a_hand_over_is_reported_with_its_line(tmp_path):
    """The ``end`` no longer names the entries: they are replayed, and one that no
    longer replays is reported (entry number) with nothing written."""
    save, args = refereed(tmp_path)
    path = hand_file(save)
    text = path.read_text(encoding="utf-8")
    lines = [e["line"] for e in tomllib.loads(text)["entries"]]
    edited = text.replace(f'line = "{lines[1]}"', 'line = "Joker Joker"', 1)
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "referee.interface.cli", "score", "--save", str(save),
                           *args], cwd=tmp_path, capture_output=True, text=True, env=ENV)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "entries[2]" in done.stderr and "Traceback" not in done.stderr
    assert path.read_text(encoding="utf-8") == edited


def test_another_rule_set_or_version_replays_the_entries(tmp_path, monkeypatch):
    save, _ = refereed(tmp_path)
    assert type(OpenSeries.open(SaveFile(save)).dealt) is Dealt
    import referee
    monkeypatch.setattr(referee, "__version__", "0.0.0-other")
    assert type(OpenSeries.open(SaveFile(save)).dealt) is Hand


def test_undo_after_the_end_replays_the_entries_and_drops_the_end(tmp_path):
    """R0.2: the hand opened from its ``end`` is replayed when an entry is undone."""
    save, _ = refereed(tmp_path)
    table = OpenSeries.open(SaveFile(save))
    assert type(table.dealt) is Dealt and table.started
    over = table.state()
    ruling = table.handle("undo")
    assert ruling.ok and type(table.dealt) is Hand
    assert table.state()["status"] == "playing"
    assert END not in SaveFile(save).read_hand(1)
    assert table.handle("redo").ok and table.state() == over
    assert END in SaveFile(save).read_hand(1)


_PRESETS = ("standard", "family", "cumulative", "fast", "hard", "tournament")


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(_PRESETS), players=st.integers(2, 6),
       seed=st.integers(0, 10_000), scored=st.booleans())
def test_a_hand_opened_from_its_end_answers_as_the_replayed_hand(preset, players, seed,
                                                                 scored):
    """Every query of ``Dealt`` (the state object, the summary, the facts scoring
    reads for R7.2) gives the same for ``Dealt.ended(end())`` as for the hand
    its entries replay to, for hands won and blocked (R3.9)."""
    rules = load_rules(preset)
    dealer, number, lines, _ = record(rules, players, 1, seed=seed)[0]
    seats = ["Anna", "Bram", "Cees", "Daan", "Eva", "Fien"][:players]
    hand = Hand.replay(rules, seats, dealer, number, lines, [])
    if hand.status != "over":  # (a hand stopped by the simulator's cap)
        return
    end = hand.end_record()
    restored = Dealt.ended(rules, seats, dealer, number, end)
    restored.scored = hand.scored = scored
    assert restored.state() == hand.state()
    assert restored.situation() == hand.situation()
    assert summary(restored) == summary(hand)
    assert _facts(restored) == _facts(hand)
    assert restored.end_record() == end


@pytest.mark.parametrize("damage", [
    {"counts": {"Anna": "six"}}, {"discard": "Zz"}, {"direction": 0}, {"winner": "Nobody"},
    {"left": ["Anna"]}, {"draw_pile": -1},
])
def test_an_end_that_does_not_read_is_refused(damage):
    rules = load_rules("standard")
    hand = Hand.replay(rules, ["Anna", "Bram"], "Anna", 1, record(rules, 2, 1, seed=1)[0][2], [])
    end = {**hand.end_record(), **damage}
    with pytest.raises(ValueError):
        Dealt.ended(rules, ["Anna", "Bram"], "Anna", 1, end)


def test_a_hand_not_over_has_no_end():
    rules = load_rules("standard")
    with pytest.raises(ValueError):
        Hand(rules, ["Anna", "Bram"], "Anna").end_record()


def test_R1_5_a_hand_won_by_the_last_player_left_opens_from_its_end():
    """Players who left (R1.5) stay out of the counts and the state; the one left wins."""
    rules = load_rules("standard")
    seats = ["Anna", "Bram", "Cees"]
    hand = Hand.replay(rules, seats, "Anna", 2, ["start 9h", "leave Cees", "9c", "leave Anna"],
                       [])
    assert (hand.status, hand.winner, hand.left) == ("over", "Bram", ["Cees", "Anna"])
    restored = Dealt.ended(rules, seats, "Anna", 2, hand.end_record())
    assert restored.state() == hand.state() and _facts(restored) == _facts(hand)
    assert restored.next_seat("Bram") == hand.next_seat("Bram")
