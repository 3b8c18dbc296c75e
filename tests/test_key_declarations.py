"""R8: declaring a house-rule key (``referee.engine.keys.HOUSE_KEYS``) is all it takes.

For every declared key, each consumer knows it without a list of its own:
a house-rule file refuses a value out of its range naming the file, the line,
the key and what is allowed; a value in range is taken; ``rules --diff`` shows
it with the rule it changes; the rule book marks it in that rule's text and
lists it among the house rules that differ; ``why`` cites its rule; the
R8 table of docs/RULES.md gives its default; and the standard preset spells
it out.  A key left out of any of them fails here.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from conftest import cli
from referee.messages import catalog, say, t
from referee.series.rulebook import render_rulebook, rule_text
from referee.engine.keys import HOUSE_KEYS, KEY_BY_NAME, KEY_RULE, SPARSE, Key
from referee.engine.rules import KEYS, HouseRules, RulesError
from referee.engine.tomlsource import toml_value
from referee.series.presets import load_rules, preset_text

DOCS = Path(__file__).resolve().parents[1] / "docs"
IDS = [key.shown for key in HOUSE_KEYS]


def out_of_range(key: Key) -> tuple[object, list[str]]:
    """A value the key refuses, and the words the refusal must give as allowed."""
    if key.kind == "int":
        low, high = key.detail
        return (low - 1, [str(low)]) if low is not None else (high + 1, [str(high)])
    if key.kind == "enum":
        return "nonsense", [toml_value(choice) for choice in key.detail]
    if key.kind == "bool":
        return "yes", ["true", "false"]
    if key.kind == "decks":
        return 4, ['"auto"', "1", "3"]
    if key.kind == "effects":
        return "nonsense", ["draw", "again", "skip"]
    if key.kind == "ranks":
        return ["Z"], ["A", "K", "Joker"]
    if key.kind == "groups":
        return "2", ['[["2"], ["Joker"]]']
    if key.kind == "blocked":
        return 7, ['"actions"']
    if key.kind == "draw":
        return {"up_to": 11}, ['"one"', '"until_playable"', "up_to", "10"]
    if key.kind == "call":  # (R10.80-R10.82: the fields of that call)
        return "Mau", ["word", *(("factor",) if "factor" in key.detail else ("penalty",))]
    raise AssertionError(f"no out-of-range value for kind {key.kind!r}")


def other_value(key: Key) -> object:
    """A value in range that is not the standard one (series.mode: one that needs no other key)."""
    if key.kind == "int":
        return (key.detail[0] + 1) if key.default is None else key.default + 1
    if key.kind == "effects":
        return "again"
    if key.kind in ("ranks", "blocked"):
        return ["2"]
    if key.kind == "groups":
        return [["2"]]
    if key.kind == "bool":
        return not key.default
    if key.kind == "enum":
        return [c for c in key.detail if c != key.default and c != "hands"][-1]
    if key.kind == "decks":
        return 2
    if key.kind == "draw":
        return "until_playable"
    if key.kind == "call":
        return {"word": "Mau", "factor" if "factor" in key.detail else "penalty": 2}
    raise AssertionError(key.kind)


#: What a key's other value needs beside it, written after it: the winner collects
#: only in a series that is not an elimination (R10.90).
COMPANION = {"scoring.mode": ("series", "mode", "target")}


def line_for(key: Key, value: object) -> str:
    """The key set to ``value`` as a house-rule file writes it, on line 3."""
    head = "# ours\n\n" if key.section is None else f"# ours\n[{key.section}]\n"
    name = key.name if key.name.isidentifier() else f'"{key.name}"'
    tail = ""
    if key.shown in COMPANION:
        section, other, other_value_ = COMPANION[key.shown]
        tail = f"[{section}]\n{other} = {toml_value(other_value_)}\n"
    return f"{head}{name} = {toml_value(value)}\n{tail}"


def rules_with(key: Key, value: object, tmp_path: Path) -> HouseRules:
    path = tmp_path / "ours.toml"
    path.write_text(line_for(key, value), encoding="utf-8")
    return load_rules(str(path))


def test_R8_every_field_of_the_house_rules_is_declared():
    # Compared with statements made apart from the declarations, not with them read
    # back: the R8 table of docs/RULES.md names every key and table in R8 order, and
    # the shipped standard preset spells every key out at the value HouseRules() has.
    book = (DOCS / "RULES.md").read_text(encoding="utf-8").split("## R8", 1)[1]
    rows = re.findall(r"^ ?\| `\[?([a-z_]+)\]?` \|", book.split("\n## ", 1)[0], re.M)
    assert list(dict.fromkeys(rows)) == list(KEYS)
    assert {key.section or key.name for key in HOUSE_KEYS} == set(KEYS)
    assert len(IDS) == len(set(IDS)) == len(KEY_BY_NAME)
    standard = tomllib.loads(preset_text("standard"))
    flat = HouseRules().flat_items()
    assert [shown for shown, _ in flat] == [key.shown for key in HOUSE_KEYS
                                            if key.section not in SPARSE]
    for shown, value in flat:
        spelled = standard
        for part in shown.split("."):
            spelled = spelled[part]
        assert spelled == (list(value) if isinstance(value, tuple) else value), shown


@pytest.mark.parametrize("key", HOUSE_KEYS, ids=IDS)
def test_R8_a_value_out_of_range_is_refused_naming_the_key_and_what_is_allowed(key, tmp_path):
    value, allowed = out_of_range(key)
    with pytest.raises(RulesError) as caught:
        rules_with(key, value, tmp_path)
    err = caught.value
    assert (err.file, err.line, err.key) == (str(tmp_path / "ours.toml"), 3, key.shown)
    assert f"`{key.shown}" in say(err.told)
    for word in allowed:
        assert word in say(err.allowed), (word, say(err.allowed))


#: The rule each standard rank's effect cites (R5), and each effect's own (R9), for
#: ``rules --diff``'s [actions] rows.
STANDARD_MEANING = {"2": "R5.1", "7": "R5.2", "8": "R5.3", "J": "R5.4", "A": "R5.5",
                    "Joker": "R5.6"}
EFFECT_RULES = {"again": "R9.6", "skip": "R9.5", "reverse": "R9.7", "draw": "R9.3",
                "none": "R9.2", "name_suit": "R9.8"}


@pytest.mark.parametrize("key", HOUSE_KEYS, ids=IDS)
def test_R8_a_value_in_range_is_taken_and_rules_diff_labels_it_with_its_rule(key, tmp_path):
    if key.kind == "call":  # (an inline table: its diff and marks, tests/test_calls.py)
        pytest.skip("checked by test_R10_80_rules_file_tells_the_word_and_the_penalty")
    value = other_value(key)
    rules = rules_with(key, value, tmp_path)
    assert (key.shown, value) in rules.flat_items()
    # A [stacking] table stands where today's word stood: that differs too (R9.14).
    word = [["stacking", '"same"', "-", "R5.7"]] if key.section == "stacking" else []
    if key.shown in COMPANION:  # (the key it needs is set too, and shown before it)
        section, other, other_value_ = COMPANION[key.shown]
        need = KEY_BY_NAME[f"{section}.{other}"]
        word = [[need.shown, toml_value(need.default), toml_value(other_value_),
                 f"{need.rule_for(need.default)}/{need.rule_for(other_value_)}"]]
    assert [d[0] for d in HouseRules().differences(rules)] == [r[0] for r in word] + [key.shown]
    shown = cli(None, "rules", "--diff", "standard", str(tmp_path / "ours.toml")).stdout
    rows = [line.split() for line in shown.splitlines()[2:] if line.strip()]
    rule = key.rule_for(key.default)        # a mode names both rules: R7.4/R7.6
    rule += "" if key.rule_for(value) == rule else f"/{key.rule_for(value)}"
    if key.section == "actions":  # (the rules of the effects either side gives the rank)
        kind = value if isinstance(value, str) else next(iter(value))
        mine = ("R5.2" if (key.name, kind) == ("7", "again")   # (the rule book's Seven)
                else EFFECT_RULES[kind])
        rule = "/".join(dict.fromkeys([STANDARD_MEANING.get(key.name, "R9.2"), mine]))
    assert rows == word + [[key.shown, toml_value(key.default), toml_value(value), rule]]


@pytest.mark.parametrize("key", HOUSE_KEYS, ids=IDS)
def test_R8_the_rule_book_marks_the_key_in_its_rule_and_lists_it(key, tmp_path):
    if key.kind == "call":  # (an inline table: its diff and marks, tests/test_calls.py)
        pytest.skip("checked by test_R10_80_rules_file_tells_the_word_and_the_penalty")
    value = other_value(key)
    rules = rules_with(key, value, tmp_path)
    rule = key.rule_for(value)
    mark = t("rules.book.mark", key=key.shown, value=toml_value(value),
             standard=toml_value(key.default))
    assert mark in rule_text(rule, rules)
    assert mark not in rule_text(rule, HouseRules())
    for other in key.marks:
        assert mark in rule_text(other, rules), other
    differ = render_rulebook(rules).split("House rules that differ from standard")[1]
    assert f"{key.shown} = {toml_value(value)}" in differ and f"changes {rule})" in differ


@pytest.mark.parametrize("key", HOUSE_KEYS, ids=IDS)
def test_R8_the_key_has_its_rule_book_text_and_why_cites_its_rule(key):
    assert any(k == key.text or k.startswith(key.text + ".") for k in catalog()), key.text
    # what `why` cites for the key is a rule the rule book defines (not the
    # declaration read back: a rule id missing from docs/RULES.md fails here)
    book = (DOCS / "RULES.md").read_text(encoding="utf-8")
    rule = re.escape(KEY_RULE[key.shown])
    assert re.search(rf"\*\*{rule}\b", book) or re.search(rf"^## {rule} ", book, re.M), key.rule


@pytest.mark.parametrize("key", [k for k in HOUSE_KEYS if k.section is None],
                         ids=[k.name for k in HOUSE_KEYS if k.section is None])
def test_R8_the_rule_book_document_gives_the_key_and_its_default(key):
    table = (DOCS / "RULES.md").read_text(encoding="utf-8").split("## R8", 1)[1]
    assert f"| `{key.name}` | {toml_value(key.default)} |" in table


@pytest.mark.parametrize("key", [k for k in HOUSE_KEYS if k.section not in SPARSE],
                         ids=[k.shown for k in HOUSE_KEYS if k.section not in SPARSE])
def test_R8_1_the_standard_preset_spells_out_the_key_at_its_default_with_its_rule(key):
    text = preset_text("standard")
    table = tomllib.loads(text)
    assert (table if key.section is None else table[key.section])[key.name] == key.default
    if key.section is None:
        line = next(line for line in text.splitlines() if line.startswith(f"{key.name} ="))
        assert f"# {key.rule} " in line
