"""The players' rule book: ids, texts with the values in force, topics, lookup (RULES.md, NOTATION `rules`)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.series import rulebook
from referee.series.rulebook import (
    find_topic, lookup, render_diff, render_rulebook, rule_ids, rule_text, rule_title,
)
from referee.engine.rules import PRESETS, HouseRules
from referee.series.presets import load_rules

ROOT = Path(__file__).resolve().parent.parent

# Every rule id of RULES.md, in order: each rule's bold head (``- **R4.1 Duty.**``).
RULES_MD_IDS = re.findall(r"^- \*\*(R\d+\.\d+)[ *]",
                          (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8"), re.M)
assert len(RULES_MD_IDS) > 100 and RULES_MD_IDS[:2] == ["R0.1", "R0.2"]
STANDARD = HouseRules()


def header_ids(text: str) -> list[str]:
    """Ids that start a line of rendered output (``R5.6 Joker``)."""
    return re.findall(r"^(R\d+\.\d+) ", text, flags=re.M)


# ---------------------------------------------------------------------------
# ids and titles
# ---------------------------------------------------------------------------

def test_rule_book_has_every_id_of_rules_md_in_order():
    assert rule_ids() == RULES_MD_IDS


@pytest.mark.parametrize("rule_id", RULES_MD_IDS)
def test_every_rule_has_a_title_and_a_text(rule_id):
    assert rule_title(rule_id).strip()
    assert len(rule_text(rule_id, STANDARD)) > 20


def test_titles_are_the_short_titles_of_rules_md():
    assert rule_title("R4.1") == "Duty"
    assert rule_title("R5.6") == "Joker"
    assert rule_title("r3.5") == "Reshuffle"
    assert rule_title("R5") == "Action cards"
    assert "Laatste kaart" in rule_title("R4")


def test_unknown_ids_raise_key_error():
    with pytest.raises(KeyError):
        rule_text("R9.19", STANDARD)
    with pytest.raises(KeyError):
        rule_title("R5.12")
    with pytest.raises(KeyError):
        rule_title("R11")
    with pytest.raises(KeyError):
        rule_text("joker", STANDARD)


# ---------------------------------------------------------------------------
# texts follow the house rules in force
# ---------------------------------------------------------------------------

def test_joker_text_states_the_penalty_in_force_and_marks_the_change():
    standard = rule_text("R5.6", STANDARD)
    assert "draws 5 cards" in standard and "5, 10, 15, 20" in standard
    assert "House rule" not in standard
    three = rule_text("r5.6", STANDARD.replace(joker_penalty=3))
    assert "draws 3 cards" in three and "3, 6, 9, 12" in three
    assert "`joker_penalty = 3`" in three and "standard 5" in three


def test_joker_stack_double():
    text = rule_text("R5.6", STANDARD.replace(joker_stack="double"))
    assert "5, 10, 20, 40" in text
    assert '`joker_stack = "double"`' in text


def test_family_joker_text_says_there_are_no_jokers_and_costs_three():
    text = rule_text("R5.6", load_rules("family"))
    assert "without Jokers" in text and "3 cards" in text
    assert "`jokers_per_deck = 0`" in text


@pytest.mark.parametrize("key, value, rule_id, expected", [
    ("deal_size", 5, "R2.2", "dealt 5 cards"),
    ("last_card_penalty", 4, "R4.3", "draws 4 cards"),
    ("last_card_penalty", 1, "R4.3", "draws 1 card."),
    ("illegal_play_penalty", 2, "R3.8", "draws 2 cards as a penalty"),
    ("false_call_penalty", 1, "R4.4", "draws 1 card"),
    ("finish_on_action_draw", 3, "R6.2", "draws 3 cards"),
    ("finish_on_action", True, "R6.2", "You may go out on an action card"),
    ("draw_then_play", False, "R3.4", "That ends your turn"),
    ("start_card", "applies", "R2.4", "counts"),
    ("jack_wild", True, "R5.4", "on any card"),
    ("king", "draw_one", "R5.8", "draws one card at once"),
    ("king", "reverse_skip", "R5.8", "misses their turn"),
    ("four", "skip_two", "R5.9", "next two turns"),
    ("five", "all_draw_one", "R5.10", "Every opponent draws one card"),
    ("turn_order", "free", "R5.3", "No effect in free turn order"),
    ("stacking", "none", "R5.7", "Nothing stacks"),
    ("stacking", "cumulative", "R5.7", "2 + 5 + 2 = 9"),
    ("decks", 2, "R1.3", "Two standard decks"),
    ("jokers_per_deck", 0, "R1.3", "without Jokers"),
    ("jokers_per_deck", 3, "R1.3", "plus 3 Jokers: 55 cards"),
    ("jokers_per_deck", 1, "R1.4", "(1 Joker per deck)"),
    ("decks", 3, "R1.3", "Three standard decks of 52 cards plus 2 Jokers, shuffled together: 162"),
    ("hand_end", "last_holder", "R6.3", "is out and placed"),
    ("hand_end", "last_holder", "R6.1", "the hand goes on until one player still holds cards"),
    ("hand_end", "last_holder", "R7.1", "only the last holder scores"),
])
def test_rule_text_reflects_a_changed_house_rule(key, value, rule_id, expected):
    before = rule_text(rule_id, STANDARD)
    after = rule_text(rule_id, STANDARD.replace(**{key: value}))
    assert expected in after
    assert expected not in before
    assert f"`{key} = " in after


def test_cumulative_double_example_uses_the_joker_penalty():
    text = rule_text("R5.7", STANDARD.replace(stacking="cumulative", joker_stack="double",
                                     joker_penalty=4))
    assert "2 + 4 + 2 = 8" in text and "(2 + 4) x 2 = 12" in text


def test_points_and_series_texts():
    rules = STANDARD.replace(points={**STANDARD.points, "K": 5},
                    series={"mode": "hands", "limit": 150, "hands": 6})
    assert "King 5" in rule_text("R7.1", rules)
    assert "`points.K = 5`" in rule_text("R7.1", rules)
    assert "Ace 15" in rule_text("R7.1", STANDARD)
    assert "After 6 hands" in rule_text("R7.5", rules)
    assert "This series is played this way" in rule_text("R7.5", rules)
    assert "Not used in this series" in rule_text("R7.4", rules)
    assert "over 150 points" in rule_text("R7.4", rules)


def test_the_variant_in_force_is_marked():
    assert "This is the rule set in force." in rule_text("R8.3", load_rules("hard"))
    assert "in force" not in rule_text("R8.3", load_rules("family"))


# ---------------------------------------------------------------------------
# the whole book
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_rulebook_shows_every_rule_grouped_by_section(preset):
    text = render_rulebook(load_rules(preset))
    assert header_ids(text) == RULES_MD_IDS
    for section in ("R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"):
        assert re.search(rf"^{section} \S", text, flags=re.M)
    assert f"Rule set: {rulebook.PRESET_RULE[preset]} {preset}" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_rulebook_lists_the_house_rules_that_differ_from_standard():
    text = render_rulebook(load_rules("family"))
    tail = text.split("House rules that differ from standard")[1]
    assert "jokers_per_deck = 0" in tail and "R1.3" in tail
    assert "joker_penalty = 3" in tail and "R5.6" in tail
    assert 'stacking = "none"' in tail and "R5.7" in tail
    assert "deal_size" not in tail
    standard_tail = render_rulebook(STANDARD).split("House rules that differ from standard")[1]
    assert "None" in standard_tail


def test_rulebook_of_a_file_names_it_and_its_closest_variant(tmp_path):
    path = tmp_path / "ourhouse.toml"
    path.write_text('extends = "hard"\ndeal_size = 5\n', encoding="utf-8")
    text = render_rulebook(load_rules(str(path)))
    assert "ourhouse" in text and "R8.3 hard" in text
    assert "deal_size = 5" in text.split("differ from standard")[1]


# ---------------------------------------------------------------------------
# topics
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("words, must_include, first", [
    ("laatste kaart", {"R4.1"}, "R4.1"),
    ("Laatste kaart!", {"R4.1", "R4.3"}, "R4.1"),
    ("last card", {"R4.1", "R4.2", "R4.3"}, "R4.1"),
    ("joker", {"R3.2", "R5.6", "R1.3"}, None),
    ("boer", {"R5.4", "R3.3"}, None),
    ("Jack", {"R5.4", "R3.3"}, None),
    ("stack", {"R5.7", "R5.1", "R5.6", "R8.5"}, None),
    ("stapelen", {"R5.7"}, None),
    ("reshuffle", {"R3.5"}, "R3.5"),
    ("schudden", {"R3.5"}, "R3.5"),
    ("aas", {"R5.5"}, "R5.5"),
    ("vergeten laatste kaart", {"R4.3"}, "R4.3"),
    ("who deals", {"R2.1"}, "R2.1"),
    ("afvallen", {"R7.4"}, "R7.4"),
    ("snel pesten", {"R8.4"}, "R8.4"),
])
def test_find_topic(words, must_include, first):
    found = find_topic(words)
    assert must_include <= set(found)
    assert len(found) == len(set(found))
    if first:
        assert found[0] == first


def test_find_topic_is_case_insensitive_and_precise():
    assert find_topic("RESHUFFLE") == find_topic("reshuffle")
    assert "R5.6" not in find_topic("reshuffle")
    assert find_topic("xyzzy plugh") == []
    assert find_topic("") == []


# ---------------------------------------------------------------------------
# pesten-ref rules [WHAT]
# ---------------------------------------------------------------------------

def test_lookup_without_what_is_the_rulebook_in_force():
    family = load_rules("family")
    assert lookup(None, family) == render_rulebook(family)
    assert lookup("  ", family) == render_rulebook(family)


@pytest.mark.parametrize("what", ["R5.1", "r5.1", "5.1", " R5.1 "])
def test_lookup_a_rule_id(what):
    text = lookup(what, STANDARD)
    assert header_ids(text) == ["R5.1"]
    assert "Two" in text and "draws 2 cards" in text


def test_lookup_a_rule_uses_the_rules_in_force():
    assert "draws 3 cards" in lookup("R5.6", load_rules("family"))


def test_lookup_a_section():
    text = lookup("r5", STANDARD)
    assert header_ids(text) == [f"R5.{n}" for n in range(1, 12)]
    assert text.startswith("R5 Action cards")


def test_lookup_an_unknown_rule_suggests_rules():
    text = lookup("R9.99", STANDARD)
    assert "no rule R9.99" in text and "`rules`" in text


@pytest.mark.parametrize("what, preset", [("hard", "hard"), ("gezinspesten", "family"),
                                          ("Toernooi", "tournament")])
def test_lookup_a_preset_or_alias(what, preset):
    text = lookup(what, STANDARD)
    assert text == render_rulebook(load_rules(preset))
    assert rulebook.PRESET_RULE[preset] in text


def test_lookup_a_house_rule_file(tmp_path):
    (tmp_path / "ourhouse.toml").write_text('extends = "family"\ndeal_size = 5\n', encoding="utf-8")
    text = lookup("ourhouse.toml", STANDARD, base_dir=tmp_path)
    assert "ourhouse" in text and "Each player is dealt 5 cards" in text
    assert header_ids(text) == RULES_MD_IDS
    assert lookup(str(tmp_path / "ourhouse.toml"), STANDARD) == text


def test_lookup_a_broken_or_missing_file_gives_a_plain_message(tmp_path):
    (tmp_path / "broken.toml").write_text("stackng = 1\n", encoding="utf-8")
    text = lookup("broken.toml", STANDARD, base_dir=tmp_path)
    assert "line 1" in text and "did you mean `stacking`?" in text
    text = lookup("missing.toml", STANDARD, base_dir=tmp_path)
    assert "missing.toml" in text and "`rules`" in text


def test_lookup_topic_words_shows_the_matching_rules():
    text = lookup("laatste kaart", STANDARD)
    ids = header_ids(text)
    assert ids[0] == "R4.1" and set(ids) == set(find_topic("laatste kaart"))
    assert "Laatste kaart!" in text


def test_lookup_nothing_found_suggests_rule_ids():
    text = lookup("xyzzy plugh", STANDARD)
    assert "xyzzy plugh" in text
    assert "`rules`" in text and "R5.1" in text


# ---------------------------------------------------------------------------
# side by side
# ---------------------------------------------------------------------------

def test_render_diff_family_against_hard():
    text = render_diff(load_rules("family"), load_rules("hard"))
    lines = text.splitlines()
    assert "family" in lines[0] and "hard" in lines[0]
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert set(rows) == {"jokers_per_deck", "joker_penalty", "stacking", "king", "four", "five"}
    assert rows["stacking"] == ["stacking", '"none"', '"same"', "R5.7"]
    assert rows["jokers_per_deck"] == ["jokers_per_deck", "0", "2", "R1.3"]
    assert rows["king"] == ["king", '"none"', '"reverse_skip"', "R5.8"]
    assert rows["four"][-1] == "R5.9" and rows["five"][-1] == "R5.10"
    # Aligned columns: the column header and every row start each column at the same place.
    starts = {tuple(m.start() for m in re.finditer(r"\S+", line)) for line in lines[1:]}
    assert len(starts) == 1
    assert lines[1].split() == ["key", "family", "hard", "rule"]


def test_render_diff_of_equal_sets_says_so():
    text = render_diff(load_rules("standard"), load_rules("tournament"))
    assert "same house rules" in text


def test_render_diff_shows_keys_inside_tables():
    a = load_rules("standard")
    b = a.replace(name="ours", points={**a.points, "A": 25},
                series={"mode": "hands", "limit": 100, "hands": 4})
    text = render_diff(a, b)
    assert "points.A" in text and "25" in text
    assert "series.mode" in text and "R7.4/R7.5" in text


# ---------------------------------------------------------------------------
# invariants
# ---------------------------------------------------------------------------

_choices = st.fixed_dictionaries({
    "deal_size": st.integers(2, 15), "jokers_per_deck": st.integers(0, 4),
    "decks": st.sampled_from(["auto", 1, 2, 3]), "joker_penalty": st.integers(0, 9),
    "joker_stack": st.sampled_from(["add", "double"]),
    "stacking": st.sampled_from(["same", "cumulative", "none"]),
    "last_card_penalty": st.integers(0, 4), "false_call_penalty": st.integers(0, 3),
    "illegal_play_penalty": st.integers(0, 3), "finish_on_action": st.booleans(),
    "jack_wild": st.booleans(), "jack_on_jack": st.booleans(),
    "penalty_ends_turn": st.booleans(), "draw_then_play": st.booleans(),
    "start_card": st.sampled_from(["no_effect", "applies"]),
    "finish_on_action_draw": st.integers(1, 3),
    "king": st.sampled_from(["none", "draw_one", "reverse_skip"]),
    "four": st.sampled_from(["none", "skip_two"]),
    "five": st.sampled_from(["none", "all_draw_one"]),
    "turn_order": st.sampled_from(["seated", "free"]),
    "hand_end": st.sampled_from(["first_out", "last_holder"]),
})


@settings(max_examples=60, deadline=None)
@given(values=_choices)
def test_every_rule_set_renders_every_rule_and_marks_each_change(values):
    rules = STANDARD.replace(name="x", **values)
    text = render_rulebook(rules)
    assert header_ids(text) == RULES_MD_IDS
    assert "{" not in text and "}" not in text
    tail = text.split("House rules that differ from standard")[1]
    for key, _, value in STANDARD.differences(rules):
        assert f"{key} = " in tail
        rule_id = rulebook.rule_for_key(key, value)
        assert f"`{key} = " in rule_text(rule_id, rules)


def test_rulebook_does_not_import_terminal_libraries():
    code = ("import sys, referee.series.rulebook, referee.engine.rules; "
            "print(any(m.split('.')[0] in ('click', 'prompt_toolkit') for m in sys.modules))")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         env={"PYTHONPATH": str(root), "PATH": ""}, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------------------
# R9: the actions table in force, in words (``rules``)
# ---------------------------------------------------------------------------

def actions_shown(text: str) -> list[str]:
    """The lines of "What each card does here", unwrapped (one per rank)."""
    block = text.split("What each card does here\n", 1)[1].split("\n\n", 1)[0]
    lines: list[str] = []
    for line in block.splitlines():
        if line.startswith("        "):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.strip())
    return lines


FAMILY_FILE = '# Onze huisregels\nextends = "standard"\n\n[actions]\nK = "again"\n' \
              '"8" = { skip = 1, pass_on = true }\n'


def test_R9_1_rules_lists_what_each_card_does_under_standard():
    from conftest import cli

    assert actions_shown(cli(None, "rules", "standard").stdout) == [
        "Two: the next player draws 2 cards or stacks on it (R5.1)",
        "Seven: the same player plays again (R5.2)",
        "Eight: the next player misses a turn (R5.3)",
        "Jack: the player names a suit (R5.4)",
        "Ace: play reverses; with two players, the same player plays again (R5.5)",
        "Joker: the next player draws 5 cards or stacks on it (R5.6)",
    ]


def test_R9_1_rules_lists_what_each_card_does_under_hard():
    from conftest import cli

    shown = actions_shown(cli(None, "rules", "hard").stdout)
    assert "Four: the next player misses 2 turns (R5.9)" in shown
    assert "Five: every other player draws 1 card at once (R5.10)" in shown
    assert "King: play reverses (R5.8), then the next player misses a turn (R5.8)" in shown
    assert len(shown) == 9


def test_R9_6_R5_11_rules_of_a_family_file_with_a_king_again_and_an_eight_passed_on(tmp_path):
    from conftest import cli

    (tmp_path / "familie.toml").write_text(FAMILY_FILE, encoding="utf-8")
    text = cli(None, "rules", str(tmp_path / "familie.toml")).stdout
    shown = actions_shown(text)
    assert "King: the same player plays again (R9.6)" in shown
    assert "Eight: the next player misses a turn, or passes it on with an Eight (R5.11)" in shown
    assert "Seven: the same player plays again (R5.2)" in shown
    assert len(shown) == 7
    tail = text.split("House rules that differ from standard")[1]
    assert 'actions.K = "again"' in tail and "changes R9.1" in tail
    assert "Ranks with an effect here: Two, Seven, Eight, Jack, King, Ace, Joker." in " ".join(
        rule_text("R9.1", load_rules(str(tmp_path / "familie.toml"))).split())
    assert all(len(line) <= 80 for line in text.splitlines())


@pytest.mark.parametrize("entry, words", [
    ('"3" = { draw = 2, to = "self" }', "Three: the player draws 2 cards and the turn passes (R9.3)"),
    ('"3" = { draw = 1, to = "previous" }', "Three: the previous player draws 1 card at once (R9.3)"),
    ('"3" = { others_draw = 1 }', "Three: every other player draws 1 card at once (R9.4)"),
    ('"5" = { next_at_most = 5 }',
     "Five: the next card must be a card of at most 5 (any suit) or a Joker (R9.9)"),
    ('"10" = "show"', "Ten: the next player shows their cards (R9.10)"),
    ('"10" = { pass_cards = 1, to = "right" }', "Ten: everyone passes 1 card to the right (R9.11)"),
    ('Q = "rotate_hands"',
     "Queen: every hand moves one seat against the direction of play (R9.12)"),
    ('K = [{ reverse = true, two_players = "none" }, { skip = 2 }]',
     "King: play reverses (R9.7), then the next player misses 2 turns (R9.5)"),
    ('"9" = { again = true, follow = "same_suit" }',
     "Nine: the same player plays again, in the same suit or rank (R9.6)"),
    ('A = { name_suit = true, wild = true }',
     "Ace: goes on any card, and the player names a suit (R9.8)"),
])
def test_R9_each_effect_is_told_in_words_citing_its_rule(entry, words, tmp_path):
    (tmp_path / "ours.toml").write_text(f"[actions]\n{entry}\n", encoding="utf-8")
    text = render_rulebook(load_rules(str(tmp_path / "ours.toml")))
    assert words in actions_shown(text)


def test_R9_17_in_free_order_the_turn_effects_do_nothing():
    shown = actions_shown(render_rulebook(load_rules("fast")))
    assert "Seven: nothing in free turn order (R9.17)" in shown
    assert "Eight: nothing in free turn order (R9.17)" in shown


def test_R9_14_to_R9_16_state_the_tables_in_force(tmp_path):
    assert "Here the groups are: (Two), (Joker)." in rule_text("R9.14", STANDARD)
    assert "Here nothing stacks." in rule_text("R9.14", load_rules("family"))
    assert "(Two, Joker)" in rule_text("R9.14", load_rules("cumulative"))
    assert "Here you may not go out on: Two, Seven" in rule_text("R9.15", STANDARD)
    assert "Here an action starter does nothing." in rule_text("R9.16", STANDARD)
    (tmp_path / "ours.toml").write_text(
        '[finish]\nmode = "draw_after"\ndraw = 3\n[start]\nmode = "redraw"\nranks = ["J"]\n'
        '[stacking]\ngroups = [["2", "Joker"]]\ndouble = ["Joker"]\n', encoding="utf-8")
    ours = load_rules(str(tmp_path / "ours.toml"))
    assert "then you draw 3 cards and are not out" in rule_text("R9.15", ours)
    assert "another is turned, when it is: Jack." in rule_text("R9.16", ours)
    assert "Doubling here: Joker." in rule_text("R9.14", ours)
    assert "`[start]` table: see R9.16" in rule_text("R2.4", ours)


def test_R9_1_a_card_rule_of_R5_says_what_the_actions_table_gives_its_rank(tmp_path):
    (tmp_path / "familie.toml").write_text(FAMILY_FILE + '"5" = "none"\nJoker = { draw = 3 }\n',
                                            encoding="utf-8")
    ours = load_rules(str(tmp_path / "familie.toml"))
    assert rule_text("R5.8", ours).startswith(
        "At this table the `[actions]` table gives the King another meaning: the same player "
        "plays again (R9.6).")
    assert "or passes it on with an Eight (R5.11)" in rule_text("R5.3", ours)
    assert rule_text("R5.10", ours).startswith("At this table the Five has no effect")
    assert "The next player draws 3 cards" in rule_text("R5.6", ours)   # still R5.6, with 3
    assert rule_text("R5.2", ours) == rule_text("R5.2", STANDARD)       # the Seven is as ever


def test_R9_14_the_stacking_rules_read_the_groups_in_force(tmp_path):
    (tmp_path / "ours.toml").write_text('[stacking]\ngroups = [["2"]]\n', encoding="utf-8")
    ours = load_rules(str(tmp_path / "ours.toml"))
    assert "set by `[stacking] groups` (R9.14)" in rule_text("R5.7", ours)
    assert "`stacking.groups = [[\"2\"]]`" in rule_text("R5.7", ours)
    assert "`stacking = -`" not in rule_text("R5.7", ours)          # the table stands for it
    differ = render_rulebook(ours).split("House rules that differ from standard")[1]
    assert "stacking.groups" in differ and "stacking = " not in differ
    assert "unless they play a card of its stacking group (R9.14)" in rule_text("R5.1", ours)
    (tmp_path / "ours.toml").write_text('[stacking]\ngroups = [["2", "Joker"]]\n', encoding="utf-8")
    assert "2 + 5 + 2 = 9" in rule_text("R5.7", load_rules(str(tmp_path / "ours.toml")))
    (tmp_path / "ours.toml").write_text('[stacking]\ngroups = []\n', encoding="utf-8")
    assert "Nothing stacks" in rule_text("R5.7", load_rules(str(tmp_path / "ours.toml")))


def test_R9_15_R6_2_under_draw_after_says_the_card_stands_and_the_player_draws(tmp_path):
    (tmp_path / "ours.toml").write_text('[finish]\nmode = "draw_after"\ndraw = 2\n', encoding="utf-8")
    text = rule_text("R6.2", load_rules(str(tmp_path / "ours.toml")))
    assert "the card stands with its effect, then you draw 2 cards" in text
    assert "the card stands" not in rule_text("R6.2", STANDARD)
