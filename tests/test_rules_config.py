"""House-rule presets, loading, merging and validation (RULES.md R8, R1.1, R1.3)."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.messages import en_rules, say
from referee.engine.keys import HOUSE_KEYS, SPARSE
from referee.engine.reading import with_series
from referee.engine.rules import ALIASES, KEYS, PRESETS, HouseRules, RulesError, resolve_preset
from referee.engine.rulecheck import check_table_fits
from referee.series.presets import load_rules, rules_from_table

HOUSE_RULES_DIR = Path(__file__).resolve().parent.parent / "house_rules"
STANDARD_POINTS = {"A": 15, "Joker": 20, "K": 10, "Q": 10, "J": 10, "2": 2, "3": 3, "4": 4,
                   "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}

# What RULES.md R8 says each preset changes from standard.
PRESET_CHANGES = {
    "standard": {},
    "family": {"jokers_per_deck": 0, "joker_penalty": 3, "stacking": "none"},
    "hard": {"four": "skip_two", "five": "all_draw_one", "king": "reverse_skip"},
    "fast": {"turn_order": "free"},
    "cumulative": {"stacking": "cumulative"},
    "tournament": {},
}
STANDARD_VALUES = {
    "deal_size": 7, "jokers_per_deck": 2, "decks": "auto", "joker_penalty": 5, "joker_stack": "add",
    "stacking": "same", "last_card_penalty": 2, "false_call_penalty": 0,
    "illegal_play_penalty": 0, "finish_on_action": False, "jack_wild": False,
    "jack_on_jack": True, "penalty_ends_turn": True, "draw_then_play": True,
    "start_card": "no_effect", "finish_on_action_draw": 1, "king": "none", "four": "none",
    "five": "none", "turn_order": "seated", "hand_end": "first_out",
}


#: The keys of [series] a target series reads (R10.91), at their standard values.
NEW_SERIES = {"target": 100, "reaching": "auto"}

def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_for(tmp_path: Path, text: str, name: str = "ours.toml") -> RulesError:
    path = write(tmp_path, name, text)
    with pytest.raises(RulesError) as info:
        load_rules(str(path))
    return info.value


def assert_names(err: RulesError, *, file: str | None, line: int | None, key: str | None,
                 allowed_bits: tuple[str, ...] = ()) -> None:
    """The error carries and its message names the file, line, key and allowed values."""
    message = say(err.told)
    assert err.file == file
    assert err.line == line
    assert err.key == key
    if file is not None:
        assert file in message
    if line is not None:
        assert f"line {line}" in message
    if key is not None:
        assert f"`{key}" in message
    for bit in allowed_bits:
        assert bit in say(err.allowed)
        assert bit in message


# ---------------------------------------------------------------------------
# presets
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_loads_with_the_values_of_rules_md(preset):
    rules = load_rules(preset)
    expected = {**STANDARD_VALUES, **PRESET_CHANGES[preset]}
    assert {k: getattr(rules, k) for k in expected} == expected
    assert dict(rules.points) == STANDARD_POINTS
    assert dict(rules.series) == {"mode": "elimination", "limit": 100, "hands": 0, **NEW_SERIES}
    assert rules.name == preset


def test_presets_are_the_six_of_r8():
    assert PRESETS == ("standard", "family", "hard", "fast", "cumulative", "tournament")


def test_standard_equals_the_default_values():
    assert load_rules("standard") == HouseRules()


def test_house_rules_are_immutable_and_replace_makes_a_changed_copy():
    rules = HouseRules(stacking="none")
    assert rules.stacking == "none" and rules.deal_size == 7
    with pytest.raises(AttributeError):
        rules.stacking = "same"  # type: ignore[misc]
    changed = rules.replace(deal_size=5)
    assert (changed.deal_size, changed.stacking, rules.deal_size) == (5, "none", 7)
    assert changed != rules and changed == HouseRules(stacking="none", deal_size=5)
    assert hash(changed) == hash(HouseRules(stacking="none", deal_size=5))
    with pytest.raises(TypeError):
        HouseRules(staking="none")
    with pytest.raises(TypeError):
        rules.replace(staking="none")


def test_standard_file_spells_out_every_key_of_r8():
    table = tomllib.loads((HOUSE_RULES_DIR / "standard.toml").read_text(encoding="utf-8"))
    # (not the tables today's keys fill, R9.1; ``stacking`` is there as today's word)
    assert set(table) == set(KEYS) - SPARSE | {"stacking"}
    assert table["points"] == STANDARD_POINTS
    assert table["series"] == {"mode": "elimination", "limit": 100, "hands": 0, **NEW_SERIES}
    assert {k: table[k] for k in STANDARD_VALUES} == STANDARD_VALUES


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "standard"])
def test_other_presets_extend_standard_and_explain_themselves(preset):
    text = (HOUSE_RULES_DIR / f"{preset}.toml").read_text(encoding="utf-8")
    assert text.startswith("#")
    table = tomllib.loads(text)
    assert table["extends"] == "standard"
    own = {k: v for k, v in table.items() if k not in ("extends", "series")}
    assert own == PRESET_CHANGES[preset]


def test_tournament_sets_an_elimination_series_to_100():
    table = tomllib.loads((HOUSE_RULES_DIR / "tournament.toml").read_text(encoding="utf-8"))
    assert table["series"] == {"mode": "elimination", "limit": 100}
    assert load_rules("tournament").differences(load_rules("standard")) == []


@pytest.mark.parametrize("alias, preset", [
    ("gezinspesten", "family"), ("hard-pesten", "hard"), ("hardpesten", "hard"),
    ("snel", "fast"), ("snel-pesten", "fast"), ("toernooi", "tournament"),
    ("cumulatief", "cumulative"), ("GezinsPesten", "family"), ("SNEL", "fast"),
    ("Hard Pesten", "hard"), ("Standard", "standard"), ("FAMILY", "family"),
])
def test_aliases_load_their_preset_case_insensitively(alias, preset):
    assert resolve_preset(alias) == preset
    rules = load_rules(alias)
    assert rules.name == preset
    assert rules == load_rules(preset)


def test_alias_table_is_the_documented_one():
    assert dict(ALIASES) == {
        "gezinspesten": "family", "hard-pesten": "hard", "hardpesten": "hard",
        "snel": "fast", "snel-pesten": "fast", "toernooi": "tournament",
        "cumulatief": "cumulative",
    }
    assert resolve_preset("nonsense") is None


def test_presets_load_from_the_folder_when_the_package_is_missing(monkeypatch):
    def missing(name):
        raise ModuleNotFoundError(name)

    monkeypatch.setattr(resources, "files", missing)
    assert load_rules("hard").king == "reverse_skip"


# ---------------------------------------------------------------------------
# files, extends and merging
# ---------------------------------------------------------------------------

def test_file_extends_a_preset_and_overrides_keys(tmp_path):
    path = write(tmp_path, "ourhouse.toml", 'extends = "family"\ndeal_size = 5\nstacking = "same"\n')
    rules = load_rules(str(path))
    assert rules.name == "ourhouse"
    assert (rules.jokers, rules.joker_penalty, rules.deal_size, rules.stacking) == (False, 3, 5, "same")


def test_file_extends_an_alias(tmp_path):
    path = write(tmp_path, "x.toml", 'extends = "Hard Pesten"\n')
    assert load_rules(str(path)).four == "skip_two"


def test_file_without_extends_starts_from_standard(tmp_path):
    path = write(tmp_path, "mini.toml", "last_card_penalty = 4\n")
    rules = load_rules(str(path))
    assert rules.last_card_penalty == 4
    assert rules.differences(HouseRules()) == [("last_card_penalty", 4, 2)]


def test_spec_is_found_relative_to_base_dir_and_without_suffix(tmp_path):
    write(tmp_path, "ourhouse.toml", "deal_size = 6\n")
    assert load_rules("ourhouse.toml", base_dir=tmp_path).deal_size == 6
    assert load_rules("ourhouse", base_dir=str(tmp_path)).deal_size == 6
    assert load_rules(tmp_path / "ourhouse.toml").deal_size == 6


def test_file_extends_another_file_relative_to_itself(tmp_path):
    (tmp_path / "sub").mkdir()
    write(tmp_path, "base.toml", 'extends = "hard"\ndeal_size = 5\n[points]\nA = 20\n')
    path = write(tmp_path / "sub", "child.toml",
                 'extends = "../base.toml"\nfive = "none"\n[points]\nK = 5\n')
    rules = load_rules(str(path))
    assert rules.name == "child"
    assert (rules.deal_size, rules.king, rules.five) == (5, "reverse_skip", "none")
    assert dict(rules.points) == {**STANDARD_POINTS, "A": 20, "K": 5}


def test_points_merge_rank_by_rank_with_the_preset(tmp_path):
    path = write(tmp_path, "p.toml", 'extends = "family"\n[points]\nJoker = 50\n"10" = 12\n')
    rules = load_rules(str(path))
    assert dict(rules.points) == {**STANDARD_POINTS, "Joker": 50, "10": 12}
    assert rules.jokers is False


def test_series_merge_key_by_key_with_the_preset(tmp_path):
    path = write(tmp_path, "s.toml", 'extends = "tournament"\n[series]\nlimit = 150\n')
    assert dict(load_rules(str(path)).series) == {"mode": "elimination", "limit": 150, "hands": 0, **NEW_SERIES}
    path = write(tmp_path, "h.toml", '[series]\nmode = "hands"\nhands = 5\n')
    assert dict(load_rules(str(path)).series) == {"mode": "hands", "limit": 100, "hands": 5, **NEW_SERIES}


def test_dotted_and_inline_tables_merge_too(tmp_path):
    path = write(tmp_path, "d.toml", 'points.K = 4\nseries = { limit = 50 }\n')
    rules = load_rules(str(path))
    assert rules.points["K"] == 4 and rules.points["Q"] == 10
    assert dict(rules.series) == {"mode": "elimination", "limit": 50, "hands": 0, **NEW_SERIES}


def test_unknown_extends_names_file_line_key_and_allowed(tmp_path):
    err = error_for(tmp_path, '# ours\nextends = "famly"\n')
    assert_names(err, file=str(tmp_path / "ours.toml"), line=2, key="extends",
                 allowed_bits=("family", "standard", ".toml"))
    assert "famly" in say(err.told)


def test_extends_cycle_is_detected(tmp_path):
    write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    write(tmp_path, "b.toml", 'deal_size = 5\nextends = "a"\n')
    with pytest.raises(RulesError) as info:
        load_rules(str(tmp_path / "a.toml"))
    err = info.value
    assert err.key == "extends"
    assert err.file == str(tmp_path / "b.toml") and err.line == 2
    assert "a.toml -> b.toml -> a.toml" in say(err.told)


def test_a_file_extending_itself_is_a_cycle(tmp_path):
    err = error_for(tmp_path, 'extends = "self.toml"\n', name="self.toml")
    assert err.key == "extends" and err.line == 1
    assert "circle" in say(err.told)


def test_extends_must_be_text(tmp_path):
    err = error_for(tmp_path, "extends = 3\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=1, key="extends")


def test_missing_file_or_preset_is_refused(tmp_path):
    with pytest.raises(RulesError) as info:
        load_rules("nowhere.toml", base_dir=tmp_path)
    assert info.value.file == "nowhere.toml"
    assert "nowhere.toml" in say(info.value.told)
    assert "family" in say(info.value.allowed)


def test_a_file_that_is_not_utf8_is_refused_clearly(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_bytes(b"deal_size = 5 # \xff\xfe\n")
    with pytest.raises(RulesError) as info:
        load_rules(str(path))
    assert info.value.file == str(path) and info.value.line == 1
    assert "line 1: byte 0xff is not UTF-8 text" in say(info.value.told)
    assert "codec" not in say(info.value.told)


# ---------------------------------------------------------------------------
# validation errors
# ---------------------------------------------------------------------------

def test_unknown_key_gives_did_you_mean_and_its_line(tmp_path):
    err = error_for(tmp_path, 'extends = "family"\n\n# no stacking please\nstackng = "none"\n')
    assert_names(err, file=str(tmp_path / "ours.toml"), line=4, key="stackng",
                 allowed_bits=("stacking", "deal_size", "turn_order"))
    assert "did you mean `stacking`?" in say(err.told)


def test_unknown_key_without_a_close_match_has_no_suggestion(tmp_path):
    err = error_for(tmp_path, "zzzzzz = 1\n")
    assert err.key == "zzzzzz" and err.line == 1
    assert "did you mean" not in say(err.told)


def test_unknown_rank_in_points(tmp_path):
    err = error_for(tmp_path, "[points]\nK = 5\njoker = 25\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=3, key="points.joker",
                 allowed_bits=("A", "Joker", "10"))
    assert "did you mean `Joker`?" in say(err.told)


def test_rank_t_suggests_10(tmp_path):
    err = error_for(tmp_path, "[points]\nT = 12\n")
    assert "did you mean `10`?" in say(err.told)


def test_top_level_key_written_below_a_table_is_explained(tmp_path):
    err = error_for(tmp_path, '[points]\nK = 5\nstacking = "none"\n')
    assert err.key == "points.stacking" and err.line == 3
    assert "before the first [section]" in say(err.told)


def test_unknown_series_key(tmp_path):
    err = error_for(tmp_path, "[series]\nlimt = 50\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=2, key="series.limt",
                 allowed_bits=("mode", "limit", "hands"))
    assert "did you mean `limit`?" in say(err.told)


def test_unknown_table(tmp_path):
    err = error_for(tmp_path, "deal_size = 5\n[serie]\nlimit = 50\n")
    assert err.key == "serie" and err.line == 2
    assert "did you mean `series`?" in say(err.told)
    assert "[series]" in say(err.allowed)


@pytest.mark.parametrize("line, key, shown_value", [
    ("deal_size = true", "deal_size", "true"),          # bool is not int
    ("deal_size = \"7\"", "deal_size", '"7"'),
    ("deal_size = 7.0", "deal_size", "7.0"),
    ("joker_penalty = false", "joker_penalty", "false"),
    ("last_card_penalty = \"2\"", "last_card_penalty", '"2"'),
    ("jokers = 1", "jokers", "1"),
    ("jokers = \"yes\"", "jokers", '"yes"'),
    ("finish_on_action = 0", "finish_on_action", "0"),
    ("decks = true", "decks", "true"),
    ("decks = 1.0", "decks", "1.0"),
    ("stacking = 2", "stacking", "2"),
    ("king = false", "king", "false"),
    ("points = 5", "points", "5"),
    ("series = \"hands\"", "series", '"hands"'),
])
def test_wrong_types_are_refused(tmp_path, line, key, shown_value):
    err = error_for(tmp_path, f"# ours\n{line}\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=2, key=key)
    assert shown_value in say(err.told)
    assert say(err.allowed) and say(err.allowed) in say(err.told)


def test_bool_is_not_a_whole_number_inside_tables(tmp_path):
    err = error_for(tmp_path, "[points]\nA = true\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=2, key="points.A",
                 allowed_bits=("whole number",))
    err = error_for(tmp_path, "[series]\nlimit = true\n")
    assert err.key == "series.limit" and err.line == 2


@pytest.mark.parametrize("key, bad, allowed", [
    ("stacking", "all", ('"same"', '"cumulative"', '"none"')),
    ("joker_stack", "triple", ('"add"', '"double"')),
    ("start_card", "apply", ('"no_effect"', '"applies"')),
    ("king", "skip", ('"none"', '"draw_one"', '"reverse_skip"')),
    ("four", "skip_one", ('"none"', '"skip_two"')),
    ("five", "draw", ('"none"', '"all_draw_one"')),
    ("turn_order", "fast", ('"seated"', '"free"')),
    ("decks", "two", ('"auto"', "1", "3")),
])
def test_bad_enum_values_name_the_allowed_values(tmp_path, key, bad, allowed):
    err = error_for(tmp_path, f'deal_size = 7\n{key} = "{bad}"\n')
    assert_names(err, file=str(tmp_path / "ours.toml"), line=2, key=key, allowed_bits=allowed)
    assert bad in say(err.told)


def test_bad_series_mode(tmp_path):
    err = error_for(tmp_path, '[series]\nmode = "knockout"\n')
    assert_names(err, file=str(tmp_path / "ours.toml"), line=2, key="series.mode",
                 allowed_bits=('"elimination"', '"hands"', '"casual"'))


@pytest.mark.parametrize("key", ["joker_penalty", "last_card_penalty", "false_call_penalty",
                                 "illegal_play_penalty"])
def test_negative_penalties_are_refused(tmp_path, key):
    err = error_for(tmp_path, f"{key} = -1\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=1, key=key,
                 allowed_bits=("0 or more",))


def test_zero_penalties_are_fine(tmp_path):
    path = write(tmp_path, "z.toml", "joker_penalty = 0\nlast_card_penalty = 0\n")
    assert load_rules(str(path)).joker_penalty == 0


def test_negative_points_are_refused(tmp_path):
    err = error_for(tmp_path, "[points]\n5 = -5\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=2, key="points.5",
                 allowed_bits=("0 or more",))


@pytest.mark.parametrize("value", [0, -7])
def test_R2_2_deal_size_below_one_is_refused(tmp_path, value):
    err = error_for(tmp_path, f"deal_size = {value}\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=1, key="deal_size",
                 allowed_bits=("1 or more",))


@pytest.mark.parametrize("value", [1, 2, 5, 15, 16, 53])
def test_R2_2_deal_size_any_whole_number_from_one(tmp_path, value):
    """R2.2: no upper limit of its own; the deck decides per table (below)."""
    path = write(tmp_path, "ok.toml", f"deal_size = {value}\n")
    assert load_rules(str(path)).deal_size == value


@pytest.mark.parametrize("players, deal, fits", [
    (2, 26, True),     # 52 + the starter = 53 <= 54
    (2, 27, False),    # 55 > 54 (one deck below 6 players)
    (6, 17, True),     # 103 <= 108 (two decks)
    (6, 18, False),    # 109 > 108
    (3, 1, True),
])
def test_R2_2_deal_and_starter_must_fit_the_decks(players, deal, fits):
    rules = HouseRules(deal_size=deal)
    if fits:
        check_table_fits(rules, players)
    else:
        with pytest.raises(RulesError) as info:
            check_table_fits(rules, players)
        assert info.value.key in ("deal_size", "decks")


@pytest.mark.parametrize("value", [0, 4, -1])
def test_R1_3_decks_must_be_auto_or_1_to_3(tmp_path, value):
    err = error_for(tmp_path, f"decks = {value}\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=1, key="decks",
                 allowed_bits=('"auto"', "from 1 to 3"))


def test_R6_2_finish_on_action_draw_may_be_zero_not_negative(tmp_path):
    assert load_rules(str(write(tmp_path, "ok.toml", "finish_on_action_draw = 0\n"))
                      ).finish_on_action_draw == 0
    err = error_for(tmp_path, "finish_on_action_draw = -1\n")
    assert_names(err, file=str(tmp_path / "ours.toml"), line=1, key="finish_on_action_draw",
                 allowed_bits=("from 0 to 10",))


@pytest.mark.parametrize("text, key, line", [
    ("[series]\nlimit = 0\n", "series.limit", 2),
    ("[series]\nlimit = -100\n", "series.limit", 2),
    ("[series]\nhands = -1\n", "series.hands", 2),
])
def test_series_numbers(tmp_path, text, key, line):
    err = error_for(tmp_path, text)
    assert_names(err, file=str(tmp_path / "ours.toml"), line=line, key=key)


def test_hands_mode_needs_a_number_of_hands(tmp_path):
    err = error_for(tmp_path, 'extends = "family"\n[series]\nmode = "hands"\n')
    assert_names(err, file=str(tmp_path / "ours.toml"), line=3, key="series.hands",
                 allowed_bits=("1 or more",))
    err = error_for(tmp_path, '[series]\nmode = "hands"\nhands = 0\n')
    assert err.key == "series.hands" and err.line == 3


def test_hands_from_the_base_file_count(tmp_path):
    write(tmp_path, "base.toml", "[series]\nhands = 4\n")
    path = write(tmp_path, "child.toml", 'extends = "base.toml"\n[series]\nmode = "hands"\n')
    assert dict(load_rules(str(path)).series) == {"mode": "hands", "limit": 100, "hands": 4, **NEW_SERIES}


def test_toml_syntax_error_names_file_and_line(tmp_path):
    err = error_for(tmp_path, 'extends = "family"\ndeal_size = \nstacking = "none"\n')
    assert err.file == str(tmp_path / "ours.toml")
    assert err.line == 2
    assert f"{tmp_path / 'ours.toml'}, line 2" in say(err.told)
    assert "not valid TOML" in say(err.told)


def test_key_given_twice_is_placed_on_its_second_line(tmp_path):
    err = error_for(tmp_path, "jokers = false\ndeal_size = 5\njokers = true\n")
    assert err.line == 3
    assert "line 3" in say(err.told)


def test_unterminated_string_still_names_the_file(tmp_path):
    err = error_for(tmp_path, 'stacking = "none\n')
    assert err.file == str(tmp_path / "ours.toml")
    assert str(tmp_path / "ours.toml") in say(err.told)
    assert "not valid TOML" in say(err.told)


def test_rules_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)


def test_every_rules_message_key_belongs_to_the_rules_area():
    assert all(key.startswith("rules.") for key in en_rules.MESSAGES)
    # t() returns a template as is when called without fields, so no escaped braces.
    assert not any("{{" in v or "}}" in v for v in en_rules.MESSAGES.values())


# ---------------------------------------------------------------------------
# tables from save files
# ---------------------------------------------------------------------------

def test_rules_from_a_full_table_round_trips():
    hard = load_rules("hard")
    again = rules_from_table(hard.to_table(), name="hard")
    assert again == hard


def test_rules_from_a_partial_table_keeps_standard_values():
    rules = rules_from_table({"stacking": "none", "points": {"K": 3}}, name="kitchen")
    assert rules.name == "kitchen"
    assert rules.stacking == "none" and rules.deal_size == 7
    assert dict(rules.points) == {**STANDARD_POINTS, "K": 3}


def test_rules_from_a_table_may_extend_a_preset():
    rules = rules_from_table({"extends": "snel", "deal_size": 5})
    assert (rules.turn_order, rules.deal_size, rules.name) == ("free", 5, "custom")


def test_rules_from_a_table_validates_the_same_way():
    with pytest.raises(RulesError) as info:
        rules_from_table({"deal_size": True}, name="saved")
    err = info.value
    assert (err.file, err.line, err.key) == (None, None, "deal_size")
    assert "saved" in say(err.told) and "whole number" in say(err.told)
    with pytest.raises(RulesError) as info:
        rules_from_table({"stacknig": "none"})
    assert "did you mean `stacking`?" in say(info.value.told)
    with pytest.raises(RulesError):
        rules_from_table({"series": {"mode": "hands"}})


def test_differences_lists_keys_in_r8_order():
    family, hard = load_rules("family"), load_rules("hard")
    assert family.differences(hard) == [
        ("jokers_per_deck", 0, 2), ("joker_penalty", 3, 5), ("stacking", "none", "same"),
        ("king", "none", "reverse_skip"), ("four", "none", "skip_two"),
        ("five", "none", "all_draw_one"),
    ]
    assert family.differences(family) == []
    changed = family.replace(points={**STANDARD_POINTS, "K": 1},
                      series={"mode": "casual", "limit": 100, "hands": 0, **NEW_SERIES})
    assert family.differences(changed) == [("points.K", 10, 1), ("series.mode", "elimination", "casual")]


def test_with_series_overrides_and_validates():
    rules = with_series(load_rules("family"), mode="hands", hands=8)
    assert dict(rules.series) == {"mode": "hands", "limit": 100, "hands": 8, **NEW_SERIES}
    assert rules.name == "family" and rules.jokers is False
    assert with_series(load_rules("standard"), limit=150).series["limit"] == 150
    with pytest.raises(RulesError) as info:
        with_series(load_rules("standard"), mode="hands")
    assert info.value.key == "series.hands"
    with pytest.raises(RulesError) as info:
        with_series(load_rules("standard"), mode="knockout")
    assert info.value.key == "series.mode" and '"casual"' in say(info.value.allowed)


# ---------------------------------------------------------------------------
# does the table fit the deck (R1.1, R1.3)
# ---------------------------------------------------------------------------

def test_eight_players_of_seven_cards_do_not_fit_one_deck():
    rules = load_rules("standard").replace(decks=1)
    with pytest.raises(RulesError) as info:
        check_table_fits(rules, 8)
    err = info.value
    message = say(err.told)
    assert err.key == "decks"
    assert "57" in message and "54" in message and "8 players" in message
    assert "decks = 2" in say(err.allowed) and "decks = 2" in message
    assert "deal_size` of at most 6" in message
    assert err.file == "standard" and err.line is None


def test_decks_auto_means_two_decks_from_six_players():
    standard = load_rules("standard")
    assert standard.deck_count(5) == 1
    assert standard.deck_count(6) == 2
    check_table_fits(standard, 6)
    check_table_fits(standard, 8)
    big = standard.replace(deal_size=11)
    with pytest.raises(RulesError) as info:       # 5 x 11 + 1 = 56 > 54 with one deck
        check_table_fits(big, 5)
    assert info.value.key == "decks" and "decks = 2" in say(info.value.told)
    check_table_fits(big, 6)                      # 67 <= 108 with two decks


def test_family_without_jokers_counts_52_per_deck():
    family = load_rules("family").replace(decks=1, deal_size=8)
    check_table_fits(family, 6)                   # 49 <= 52
    with pytest.raises(RulesError) as info:       # 57 > 52
        check_table_fits(family, 7)
    assert "52" in say(info.value.told)


def test_R1_3_three_decks_that_still_do_not_fit_suggest_a_smaller_deal():
    rules = load_rules("standard").replace(decks=3, deal_size=21)
    with pytest.raises(RulesError) as info:       # 8 x 21 + 1 = 169 > 162
        check_table_fits(rules, 8)
    assert info.value.key == "deal_size"
    assert "at most 20" in say(info.value.told) and "decks =" not in say(info.value.told)


def test_R1_3_two_decks_that_do_not_fit_suggest_three():
    rules = load_rules("standard").replace(decks=2, deal_size=15)
    with pytest.raises(RulesError) as info:       # 8 x 15 + 1 = 121 > 108, <= 162
        check_table_fits(rules, 8)
    assert info.value.key == "decks"
    assert "`decks = 3`" in say(info.value.told) and "at most 13" in say(info.value.told)
    check_table_fits(rules.replace(decks=3), 8)


@pytest.mark.parametrize("players", [0, 1, 9, 12, True, "4"])
def test_two_to_eight_players(players):
    with pytest.raises(RulesError) as info:
        check_table_fits(load_rules("standard"), players)
    assert info.value.key == "players"
    assert "2 to 8" in say(info.value.told)


@settings(max_examples=200, deadline=None)
@given(players=st.integers(2, 8), deal=st.integers(2, 15),
       decks=st.sampled_from(["auto", 1, 2, 3]), jokers=st.integers(0, 4))
def test_table_fits_exactly_when_the_deal_and_starter_fit_the_deck(players, deal, decks, jokers):
    rules = HouseRules().replace(deal_size=deal, decks=decks, jokers_per_deck=jokers)
    expected_decks = (2 if players >= 6 else 1) if decks == "auto" else decks
    fits = players * deal + 1 <= expected_decks * (52 + jokers)
    if fits:
        check_table_fits(rules, players)
    else:
        with pytest.raises(RulesError) as info:
            check_table_fits(rules, players)
        assert info.value.key in ("decks", "deal_size")
        assert str(players * deal + 1) in say(info.value.told)


# ---------------------------------------------------------------------------
# invariants over random valid tables
# ---------------------------------------------------------------------------

_enum = {key.name: key.detail for key in HOUSE_KEYS
         if key.kind == "enum" and key.section is None}
valid_tables = st.fixed_dictionaries({}, optional={
    "deal_size": st.integers(2, 15),
    "jokers_per_deck": st.integers(0, 4),
    "decks": st.sampled_from(["auto", 1, 2, 3]),
    "joker_penalty": st.integers(0, 20),
    "last_card_penalty": st.integers(0, 5),
    "finish_on_action": st.booleans(),
    "finish_on_action_draw": st.integers(1, 4),
    **{key: st.sampled_from(values) for key, values in _enum.items()},
    "points": st.dictionaries(st.sampled_from(list(STANDARD_POINTS)), st.integers(0, 50)),
    "series": st.fixed_dictionaries({}, optional={
        "limit": st.integers(1, 500), "mode": st.sampled_from(["elimination", "casual"])}),
})


@settings(max_examples=60, deadline=None)
@given(table=valid_tables, preset=st.sampled_from(PRESETS))
def test_a_file_loads_as_its_preset_with_its_keys_on_top(tmp_path_factory, table, preset):
    if table.get("turn_order", "free" if preset == "fast" else "seated") == "free":
        table.pop("jump_in", None)   # (R10.73: no jump-in without turns, refused when read)
    directory = tmp_path_factory.mktemp("rules")
    path = directory / "house.toml"
    path.write_text(tomli_w.dumps({"extends": preset, **table}), encoding="utf-8")
    rules = load_rules(str(path))
    base = load_rules(preset)
    for key, value in table.items():
        if key in ("points", "series"):
            assert dict(getattr(rules, key)) == {**getattr(base, key), **value}
        else:
            assert getattr(rules, key) == value
    # What the file does not set stays as in the preset.
    changed = {k.split(".")[0] for k, _, _ in base.differences(rules)}
    assert changed <= set(table)
    # A save file's table gives the same rules back.
    assert rules_from_table(rules.to_table(), name=rules.name) == rules
    assert rules.differences(rules) == []
