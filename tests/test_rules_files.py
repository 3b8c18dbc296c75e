"""House-rule files checked to the line (issue 32; issue 30 D18, D20): nothing wrong
is accepted, and every error names the file and the line where the value is written.

Each point is run as the user meets it: ``pesten-ref rules FILE`` and ``pesten-ref
new --rules FILE`` as subprocesses in a temporary folder (HOME and PESTEN_REF_SAVE
in it), asserting exit status 2, one sentence naming the file, its line and the
key, no traceback, and every file left as it was (no series made).  A property
test mutates a valid file (bytes, truncation, keys and values, ``extends``
chains) and asks that any error is placed on a file that exists, at a line
within it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.keys import HOUSE_KEYS, MAX_EXTENDS
from referee.engine.rules import RulesError
from referee.messages import say
from referee.series.presets import load_rules

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = "Anna,Bram,Cees"


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """``pesten-ref ARGS`` in ``cwd``, as a user runs it (its own HOME and series)."""
    return subprocess.run(
        [sys.executable, "-m", "referee.interface.cli", *args], cwd=cwd, capture_output=True,
        text=True, env={"PATH": "/usr/bin:/bin", "HOME": str(cwd), "NO_COLOR": "1",
                        "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(cwd / "data"),
                        "PESTEN_REF_SAVE": str(cwd / "series.toml")})


def files_in(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def write(folder: Path, files: dict[str, str | bytes]) -> None:
    for name, text in files.items():
        path = folder / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")


def refused(folder: Path, files: dict[str, str | bytes], *args: str) -> str:
    """Write ``files``, run ``pesten-ref ARGS``: refused with status 2, no traceback,
    every file as it was; -> what it printed."""
    write(folder, files)
    before = files_in(folder)
    done = run(folder, *args)
    out = done.stdout + done.stderr
    assert done.returncode == 2, out
    assert "Traceback" not in out and "internal error" not in out, out
    assert files_in(folder) == before, out
    return out


def both_refuse(folder: Path, files: dict[str, str | bytes], main: str = "ours.toml") -> str:
    """``rules MAIN`` and ``new --rules MAIN`` refuse alike; -> the sentence."""
    shown = refused(folder, files, "rules", main)
    made = refused(folder, {}, "new", "--players", PLAYERS, "--rules", main)
    assert shown.strip() == made.strip(), (shown, made)
    return shown.strip()


# ---------------------------------------------------------------------------
# R9.16: a redraw under which no starter could ever stay (issue 30, D20)
# ---------------------------------------------------------------------------

EVERY_RANK = '["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]'
PLAIN_RANKS = ("3", "4", "5", "6", "9", "10", "Q", "K")
EFFECTS = "[actions]\n" + "".join(f'"{rank}" = "reverse"\n' for rank in PLAIN_RANKS)


def test_R9_16_redraw_of_every_rank_without_jokers_is_refused_at_the_ranks_line(tmp_path):
    text = f'jokers_per_deck = 0\n\n[start]\nmode = "redraw"\nranks = {EVERY_RANK}\n\n{EFFECTS}'
    out = both_refuse(tmp_path, {"ours.toml": text})
    assert out.startswith("ours.toml, line 5: `start.ranks`:"), out
    assert "no starter would ever stay" in out and "(R9.16)" in out


def test_R9_16_redraw_with_jokers_in_the_deck_keeps_a_joker_starter(tmp_path):
    # the same ranks, but Jokers are dealt and a Joker is not in `ranks`: it stays
    text = f'[start]\nmode = "redraw"\nranks = {EVERY_RANK}\n\n{EFFECTS}'
    (tmp_path / "ours.toml").write_text(text, encoding="utf-8")
    made = run(tmp_path, "new", "--players", PLAYERS, "--rules", "ours.toml")
    assert made.returncode == 0, made.stdout + made.stderr


def test_R9_16_redraw_of_every_action_card_is_refused_at_the_mode_line(tmp_path):
    # no `ranks`: every rank with an effect goes back; with no Jokers that is all of them
    text = f'extends = "family"\n[start]\nmode = "redraw"\n{EFFECTS}'
    out = both_refuse(tmp_path, {"ours.toml": text})
    assert out.startswith("ours.toml, line 3: `start.ranks`:"), out
    assert "(R9.16)" in out


# ---------------------------------------------------------------------------
# R9.15: finish_on_action_draw is [finish] draw, checked as that key
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, line, key", [
    ('finish_on_action_draw = 11\n\n[finish]\nmode = "draw_after"\n', 1,
     "finish_on_action_draw = 11"),
    ("# ours\nfinish_on_action_draw = 11\n", 2, "finish_on_action_draw = 11"),
    ('[finish]\nmode = "draw_after"\ndraw = 11\n', 3, "finish.draw = 11"),
], ids=["old-key-draw-after", "old-key", "table"])
def test_R9_15_a_draw_above_10_is_refused_through_the_old_key_too(tmp_path, text, line, key):
    out = both_refuse(tmp_path, {"ours.toml": text})
    assert out.startswith(f"ours.toml, line {line}: `{key}` is not allowed"), out
    assert "from 0 to 10" in out


def test_R9_15_draw_after_with_the_old_key_at_0_is_refused_at_its_line(tmp_path):
    text = '# ours\nfinish_on_action_draw = 0\n[finish]\nmode = "draw_after"\n'
    out = both_refuse(tmp_path, {"ours.toml": text})
    assert out.startswith("ours.toml, line 2: `finish_on_action_draw` must be at least 1"), out
    assert "(R9.15)" in out


# ---------------------------------------------------------------------------
# R8: extends chains
# ---------------------------------------------------------------------------

def chain(count: int, last: str = "deal_size = 5\n") -> dict[str, str]:
    files = {f"c{n}.toml": f'# link {n}\nextends = "c{n + 1}.toml"\n' for n in range(1, count)}
    files[f"c{count}.toml"] = last
    return files


def test_R8_an_extends_chain_of_hundreds_of_files_is_refused_with_a_sentence(tmp_path):
    out = both_refuse(tmp_path, chain(300), main="c1.toml")
    assert out.startswith(f'c{MAX_EXTENDS}.toml, line 2: `extends = "c{MAX_EXTENDS + 1}.toml"`'), out
    assert f"more than {MAX_EXTENDS} files" in out and "(R8)" in out
    assert "Recursion" not in out


def test_R8_a_chain_of_the_most_files_allowed_is_read(tmp_path):
    family = 'extends = "family"\ndeal_size = 5\n'
    # 10 files, then the family preset (presets are not counted)
    (tmp_path / "ok").mkdir()
    write(tmp_path / "ok", chain(MAX_EXTENDS, last=family))
    assert run(tmp_path / "ok", "rules", "c1.toml").returncode == 0
    rules = load_rules(str(tmp_path / "ok" / "c1.toml"))
    assert rules.deal_size == 5 and rules.jokers_per_deck == 0
    # one file more is one too many
    (tmp_path / "long").mkdir()
    out = refused(tmp_path / "long", chain(MAX_EXTENDS + 1, last=family), "rules", "c1.toml")
    assert out.startswith(f'c{MAX_EXTENDS}.toml, line 2: `extends = "c{MAX_EXTENDS + 1}.toml"`'), out


def test_R8_a_circle_of_extends_is_refused_naming_the_circle(tmp_path):
    files = {"a.toml": 'extends = "b.toml"\n', "b.toml": '# b\nextends = "c.toml"\n',
             "c.toml": 'deal_size = 6\nextends = "a.toml"\n'}
    out = both_refuse(tmp_path, files, main="a.toml")
    assert out.startswith("c.toml, line 2: `extends` goes round in a circle"), out
    assert "a.toml -> b.toml -> c.toml -> a.toml" in out


# ---------------------------------------------------------------------------
# R8: an error is placed where the value is written, also in an extended file
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("parent, line, words", [
    ('# parent\n[actions]\n"5" = ["name_suit", "name_suit"]\n', 3,
     ["`actions.5`", "(R9.13)"]),
    ('[actions]\n"5" = "again"\n\n[stacking]\ndouble = ["5"]\n', 5,
     ["`stacking.double`", "(R9.14)"]),
    ('# parent\n[stacking]\ngroups = [["2", "7"]]\n', 3, ["`stacking.groups`", "(R9.14)"]),
    ('[finish]\n\nmode = "draw_after"\ndraw = 0\n', 4, ["`finish.draw`", "(R9.15)"]),
    (f'jokers_per_deck = 0\n[start]\nmode = "redraw"\n{EFFECTS}', 3,
     ["`start.ranks`", "(R9.16)"]),
    ('[series]\nmode = "hands"\n', 2, ["`series.hands`"]),
], ids=["combination", "double", "groups", "draw-after", "redraw", "series-hands"])
def test_R8_an_error_in_an_extended_file_names_that_file_and_its_line(tmp_path, parent, line,
                                                                       words):
    main = 'extends = "parent.toml"\ndeal_size = 6\n'
    out = both_refuse(tmp_path, {"parent.toml": parent, "main.toml": main}, main="main.toml")
    assert out.startswith(f"parent.toml, line {line}: "), out
    assert "main.toml" not in out
    for word in words:
        assert word in out, (word, out)


@pytest.mark.parametrize("parent, main, start", [
    # the parent's draw 0 is fine under "refuse"; main's draw_after makes it wrong
    ("[finish]\ndraw = 0\n", '[finish]\nmode = "draw_after"\n',
     "main.toml, line 4: `finish.draw` must be at least 1"),
    # the parent's Sevens stack as penalties; main takes the penalty away
    ('[actions]\n"7" = { draw = 1 }\n[stacking]\ngroups = [["2"], ["7"]]\n',
     '[actions]\n"7" = "again"\n', "main.toml, line 4: `actions.7`: 7 makes no draw penalty"),
    # the parent's Eights pass the skip on; main plays in free turn order
    ('[actions]\n"8" = { skip = 1, pass_on = true }\n', 'turn_order = "free"\n',
     "main.toml, line 3: `turn_order`: with `turn_order = \"free\"`"),
    # the parent doubles Twos; main's groups leave the Two out
    ('[stacking]\ndouble = ["2"]\n', '[stacking]\ngroups = [["Joker"]]\n',
     "main.toml, line 4: `stacking.groups`: 2 is in no stacking group"),
], ids=["draw-after", "stack-rank", "free-pass-on", "double"])
def test_R8_the_file_that_makes_a_combination_wrong_is_named(tmp_path, parent, main, start):
    files = {"parent.toml": parent, "main.toml": 'extends = "parent.toml"\n\n' + main}
    out = both_refuse(tmp_path, files, main="main.toml")
    assert out.startswith(start), out


def test_R8_a_file_that_is_not_utf8_names_the_line_of_the_byte(tmp_path):
    data = b'# ours\nextends = "family"\ndeal_size = 5 # caf\xe9\n'
    out = both_refuse(tmp_path, {"ours.toml": data})
    assert out.startswith("ours.toml, line 3: byte 0xe9 is not UTF-8 text."), out
    assert "codec" not in out and "position" not in out


def test_R8_a_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    (tmp_path / "ours.toml").write_bytes(b'\xef\xbb\xbfextends = "family"\ndeal_size = 5\n')
    assert load_rules(str(tmp_path / "ours.toml")).deal_size == 5


@pytest.mark.parametrize("text, line", [
    ('extends = "family"\ndeal_size = 5\nname = "Oma\'s rules', 3),
    ('extends = "family"\ndeal_size = 5\n[series\n', 3),
    ('deal_size = 5\n[actions]\nK = ["again"\n\n', 3),
], ids=["string", "header", "list"])
def test_R8_a_toml_error_at_the_end_of_the_file_names_its_last_line(tmp_path, text, line):
    out = both_refuse(tmp_path, {"ours.toml": text})
    assert out.startswith(f"ours.toml, line {line}: this is not valid TOML"), out


def test_R8_lists_nested_too_deeply_are_refused_with_a_sentence(tmp_path):
    text = "# ours\ndeal_size = 5\ngroups = " + "[" * 5000 + "\n"
    out = both_refuse(tmp_path, {"ours.toml": text})
    assert out.startswith("ours.toml, line 3: lists or tables are nested too deeply"), out


def test_R8_a_key_written_with_escapes_is_placed_on_its_line(tmp_path):
    out = both_refuse(tmp_path, {"ours.toml": '# ours\n"dea\\u006c_size" = 0\n'})
    assert out.startswith("ours.toml, line 2: `deal_size = 0` is not allowed"), out


def test_R8_lines_are_counted_by_newlines_alone(tmp_path):
    # a line separator (U+2028) in a comment does not start a new line
    out = both_refuse(tmp_path, {"ours.toml": "# Oma\u2028Opa\ndeal_size = 0\n"})
    assert out.startswith("ours.toml, line 2: `deal_size = 0` is not allowed"), out


def test_R8_a_table_written_through_dotted_keys_is_placed_on_its_line(tmp_path):
    out = both_refuse(tmp_path, {"ours.toml": '# ours\n\ne.xtends = "family"\n'})
    assert out.startswith("ours.toml, line 3: [e] is not a house-rule table"), out


def test_R2_2_new_with_a_deal_too_big_names_the_file_and_the_deal_size_line(tmp_path):
    out = refused(tmp_path, {"ds.toml": "# big hands\ndeal_size = 30\n"},
                  "new", "--players", PLAYERS, "--rules", "ds.toml")
    assert out.strip().startswith("ds.toml, line 2: 3 players with 30 cards each"), out
    assert "`deal_size` of at most 17" in out and "(R1.3)" in out
    assert not (tmp_path / "series.toml").exists()


def test_R1_3_new_with_too_few_decks_names_the_decks_line_also_of_an_old_key(tmp_path):
    players = "Anna,Bram,Cees,Daan,Eva,Fien,Gijs,Hans"
    out = refused(tmp_path, {"ours.toml": "# ours\njokers = false\ndecks = 1\n"},
                  "new", "--players", players, "--rules", "ours.toml")
    assert out.strip().startswith("ours.toml, line 3: 8 players with 7 cards each"), out


# ---------------------------------------------------------------------------
# R9.6 (issue 30, D18) and R9.14 (a [stacking] table over a stacking word)
# ---------------------------------------------------------------------------

def test_R9_6_follow_same_suit_on_the_joker_is_refused_when_the_file_is_read(tmp_path):
    text = '# ours\n[actions]\nJoker = { again = true, follow = "same_suit" }\n'
    out = both_refuse(tmp_path, {"ours.toml": text})
    assert out.startswith("ours.toml, line 3: `actions.Joker`: a Joker has no suit"), out
    assert "(R9.6)" in out


def test_R9_6_follow_same_suit_on_another_rank_is_accepted(tmp_path):
    (tmp_path / "ours.toml").write_text('[actions]\nK = { again = true, follow = "same_suit" }\n',
                                        encoding="utf-8")
    assert run(tmp_path, "rules", "ours.toml").returncode == 0


def test_R9_14_a_stacking_table_with_only_double_keeps_the_family_no_stacking(tmp_path):
    text = 'extends = "family"\n\n[stacking]\ndouble = ["2"]\n'
    out = both_refuse(tmp_path, {"ours.toml": text})
    assert out.startswith("ours.toml, line 4: `stacking.double`: 2 is in no stacking group"), out
    write(tmp_path, {"empty.toml": 'extends = "family"\n[stacking]\ndouble = []\n'})
    assert load_rules(str(tmp_path / "empty.toml")).stack_groups() == ()


def test_R9_14_a_stacking_table_with_only_double_keeps_cumulative_groups(tmp_path):
    write(tmp_path, {"ours.toml": 'extends = "cumulative"\n[stacking]\ndouble = ["2"]\n'})
    rules = load_rules(str(tmp_path / "ours.toml"))
    assert rules.stack_groups() == (frozenset({"2", "Joker"}),)
    assert rules.double_ranks() == frozenset({"2"})
    shown = run(tmp_path, "rules", "ours.toml")
    assert shown.returncode == 0 and '`stacking.double = ["2"]`' in shown.stdout, shown.stderr


# ---------------------------------------------------------------------------
# property: no mutation of a valid file gives a traceback or an unplaced error
# ---------------------------------------------------------------------------

VALID = """\
# our house
extends = "family"
deal_size = 6
jack_wild = true
[points]
A = 20
[series]
mode = "hands"
hands = 5
[actions]
K = "again"
"8" = { skip = 1, pass_on = true }
"3" = [{ draw = 1, to = "self" }, "reverse"]
[stacking]
groups = [["2"]]
[finish]
mode = "draw_after"
draw = 2
[start]
mode = "applies"
ranks = ["2", "8"]
"""

KEY_NAMES = [key.shown for key in HOUSE_KEYS] + ["extends", "jokers", "stacking", "e.x"]
VALUES = st.one_of(
    st.integers(-3, 30).map(str),
    st.sampled_from(['true', '"none"', '"redraw"', '"draw_after"', '"same"', '"cumulative"',
                     '[]', '["2"]', '[["2", "Joker"]]', '"actions"', '{ draw = 0 }', '1.5',
                     '{ again = true, follow = "same_suit" }', '{ skip = 1, pass_on = true }',
                     '"family"', '"p1.toml"', '"main.toml"', '"nowhere.toml"', '{}', '[1, "a"]']),
    st.text(max_size=8).map(lambda t: '"' + t.replace("\\", "").replace('"', "") + '"'))


@st.composite
def mutated(draw, text: str) -> bytes:
    data = text.encode("utf-8")
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["bytes", "cut", "line", "drop", "mark"]))
        if kind == "bytes":
            data = data[:at] + draw(st.binary(min_size=1, max_size=3)) + data[at:]
        elif kind == "cut":
            data = data[:at]
        elif kind == "line":
            key, value = draw(st.sampled_from(KEY_NAMES)), draw(VALUES)
            if "." in key and draw(st.booleans()):
                section, sub = key.split(".", 1)
                line = f'[{section}]\n"{sub}" = {value}\n'
            else:
                line = f"{key} = {value}\n"
            start = data.rfind(b"\n", 0, at) + 1
            data = data[:start] + line.encode("utf-8") + data[start:]
        elif kind == "drop":
            lines = data.split(b"\n")
            del lines[draw(st.integers(0, len(lines) - 1))]
            data = b"\n".join(lines)
        else:
            mark = draw(st.sampled_from(list('"[]={}\n#\',.\r\x0c\u2028\x85')))
            data = data[:at] + mark.encode("utf-8") + data[at:]
    return data


@st.composite
def rule_files(draw) -> dict[str, bytes]:
    """main.toml extending p1.toml ... (a short chain, a long one or a circle), each
    file the valid one, perhaps mutated."""
    count = draw(st.one_of(st.integers(1, 4), st.just(MAX_EXTENDS + 1)))
    names = ["main.toml"] + [f"p{n}.toml" for n in range(1, count)]
    files = {}
    for n, name in enumerate(names):
        text = VALID
        if n + 1 < len(names):
            text = text.replace('"family"', f'"{names[n + 1]}"')
        elif draw(st.booleans()) and n:
            text = text.replace('"family"', '"main.toml"')   # a circle
        files[name] = draw(mutated(text)) if draw(st.booleans()) else text.encode("utf-8")
    return files


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(files=rule_files(), players=st.integers(2, 8))
def test_R8_a_mutated_file_gives_a_placed_error_never_a_traceback(tmp_path_factory, files,
                                                                   players):
    from click.testing import CliRunner

    from referee.interface.cli import main

    folder = tmp_path_factory.mktemp("mutated")
    write(folder, files)
    main_file = str(folder / "main.toml")
    try:
        load_rules(main_file)
    except RulesError as err:
        error, said = err, True
    else:
        try:
            load_rules(main_file, players=players)
            return
        except RulesError as err:
            error, said = err, False
    message = say(error.told)
    path = Path(error.file)
    assert path.is_file(), message
    lines = path.read_bytes().count(b"\n") + 1
    assert error.line is not None and 1 <= error.line <= lines, message
    assert message.startswith(f"{error.file}, line {error.line}: "), message
    if said:   # the command says the same, and nothing else
        result = CliRunner(env={"PESTEN_REF_SAVE": str(folder / "s.toml")}).invoke(
            main, ["rules", main_file])
        assert result.exit_code == 2, result.output
        assert result.output.strip() == message, result.output
