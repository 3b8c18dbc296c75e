"""The project stands alone: the rule book, the notation and the JSON contract
ship inside it (``docs/``, installed as ``referee/docs``), ``pesten-ref help``
shows them at the table, the README says how to install and turn on shell
completion, and nothing points outside the project."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import cli  # noqa: E402
from referee.interface.cli import DOCS, doc_path, main
from referee.series.rulebook import rule_ids

REPO = Path(__file__).resolve().parent.parent
DOC_FILES = sorted((REPO / "docs").glob("*.md"))
USER_TEXTS = [REPO / "README.md", *DOC_FILES]
OUTSIDE = re.compile(r"\.\./shared|/work/|shared/(?:RULES|NOTATION|STYLE|transcripts|acceptance|seeds)")


def test_the_three_documents_are_in_docs():
    assert {p.name for p in DOC_FILES} >= {"RULES.md", "NOTATION.md", "JSON.md"}


@pytest.mark.parametrize("path", USER_TEXTS, ids=lambda p: p.name)
def test_readme_and_docs_name_no_path_outside_the_project(path):
    found = [line for line in path.read_text(encoding="utf-8").splitlines() if OUTSIDE.search(line)]
    assert found == []


# A path built from parts that climbs out of the repository to a folder beside it.
CLIMBS_OUT = re.compile(r'"\.\.",\s*"\.\.",\s*"shared"|"\.\.",\s*"shared"')
CODE_FILES = sorted(p for folder in ("referee", "tests", "bench", "examples")
                    for p in (REPO / folder).rglob("*") if p.suffix in (".py", ".sh", ".toml"))


def test_no_code_reads_a_file_outside_the_project():
    """The program, its tests and benchmarks read only what ships with the project
    (the recorded hands the tests replay are in tests/data/)."""
    found = [f"{p.relative_to(REPO)}:{n}" for p in CODE_FILES if p.name != "test_docs.py"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if OUTSIDE.search(line) or CLIMBS_OUT.search(line)]
    assert found == []


@pytest.mark.parametrize("path", USER_TEXTS, ids=lambda p: p.name)
def test_every_docs_path_named_exists(path):
    named = set(re.findall(r"docs/[\w.-]+\.md", path.read_text(encoding="utf-8")))
    assert named, f"{path.name} names none of the documents"
    assert [n for n in sorted(named) if not (REPO / n).is_file()] == []


def test_the_notation_speaks_of_the_project_not_of_its_checks():
    text = (REPO / "docs" / "NOTATION.md").read_text(encoding="utf-8").lower()
    assert "acceptance" not in text and "transcript" not in text
    assert "docs/rules.md" in text and "docs/json.md" in text


def test_the_rule_book_holds_every_rule_id_the_referee_cites():
    text = (REPO / "docs" / "RULES.md").read_text(encoding="utf-8")
    headed = re.findall(r"^- \*\*(R\d+\.\d+) ", text, flags=re.M)
    assert headed == rule_ids()


def test_the_json_contract_documents_the_error_object():
    text = (REPO / "docs" / "JSON.md").read_text(encoding="utf-8")
    assert '{"ok": false, "error":' in text and '"exit": 2}' in text
    for field in ("named_suit", "pending_draw", "announce_due", "series_winner", "corrected"):
        assert f"`{field}`" in text or f'"{field}"' in text, field


# -- pesten-ref help -----------------------------------------------------------

def test_help_alone_shows_the_entries_and_the_topics():
    out = cli(None, "help").stdout
    assert "start 9h" in out and "call Anna" in out
    assert "`pesten-ref help notation`" in out and "`help json`" in out


@pytest.mark.parametrize("topic", sorted(DOCS))
def test_help_topic_shows_the_shipped_document(topic):
    out = cli(None, "help", topic.upper()).stdout
    assert out == (REPO / "docs" / DOCS[topic]).read_text(encoding="utf-8")


def test_help_command_shows_its_options():
    out = cli(None, "help", "score").stdout
    assert out.startswith("Usage: ") and " score [OPTIONS] [SCORES]..." in out and "--winner" in out


def test_help_on_an_unknown_topic_is_exit_2():
    result = cli(None, "help", "bogus", code=2)
    assert 'no help on "bogus"' in result.stderr and "notation" in result.stderr


def test_doc_path_finds_every_document():
    for name in DOCS.values():
        assert Path(doc_path(name)).read_bytes() == (REPO / "docs" / name).read_bytes()
    assert doc_path("NOPE.md") is None


def test_the_package_build_ships_the_documents(tmp_path):
    """setuptools' build_py lays out what a wheel holds (``pip wheel . -w DIR``
    packs the same tree); run on a copy, so the project folder is not written."""
    pytest.importorskip("setuptools")
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "referee", "house_rules", "docs"):
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(REPO / name, source / name)
    proc = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q",
                           "build_py", "--build-lib", str(tmp_path / "lib")],
                          cwd=source, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    built = tmp_path / "lib" / "referee"
    for name in DOCS.values():
        assert (built / "docs" / name).read_bytes() == (REPO / "docs" / name).read_bytes()
    assert (built / "house_rules" / "standard.toml").is_file()


def test_pyproject_maps_the_docs_into_the_package():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    tool = project["tool"]["setuptools"]
    assert "referee.docs" in tool["packages"]
    assert tool["package-dir"]["referee.docs"] == "docs"
    assert tool["package-data"]["referee.docs"] == ["*.md"]


# -- the README ----------------------------------------------------------------

def test_the_readme_says_how_to_install_and_turn_on_completion():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert "pipx install ." in text and "pip install --user ." in text
    assert "_PESTEN_REF_COMPLETE=bash_source pesten-ref" in text
    assert "bash examples/demo.sh" in text                      # the two commands for a
    assert "pip install -e '.[test]'" in text and "pytest" in text   # fresh machine


def complete(words: str, env_value: str = "bash_complete") -> list[str]:
    """What click's completion answers for the command line ``words`` (bash)."""
    parts = words.split(" ")
    runner = CliRunner(env={"_PESTEN_REF_COMPLETE": env_value, "COMP_WORDS": words,
                            "COMP_CWORD": str(len(parts) - 1), "PESTEN_REF_SAVE": None})
    result = runner.invoke(main, [], prog_name="pesten-ref")
    return [line.partition(",")[2] for line in result.output.splitlines()]


def test_shell_completion_script_and_answers():
    runner = CliRunner(env={"_PESTEN_REF_COMPLETE": "bash_source"})
    script = runner.invoke(main, [], prog_name="pesten-ref").output
    assert "complete -o nosort -F _pesten_ref_completion pesten-ref" in script
    assert complete("pesten-ref st") == ["standings", "state"]
    assert complete("pesten-ref help n") == ["notation", "new"]
    assert complete("pesten-ref new --mode ") == ["elimination", "hands", "casual", "target"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_shell_completion_works_in_bash():
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "pesten-ref").exists():
        pytest.skip("pesten-ref is not installed beside this Python")
    script = ('eval "$(_PESTEN_REF_COMPLETE=bash_source pesten-ref)"; '
              'COMP_WORDS=(pesten-ref help j); COMP_CWORD=2; '
              '_pesten_ref_completion pesten-ref; echo "${COMPREPLY[@]}"')
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                          env={"PATH": f"{bin_dir}:/usr/bin:/bin"})
    assert proc.stdout.split() == ["json", "join"], proc.stderr  # a topic, then a command


# -- files the program writes are ignored by git ----------------------------------

@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_gitignore_covers_every_file_a_save_writes_beside_it(tmp_path):
    save = tmp_path / "pesten.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    cli(save, "play", input="start 9h\n7h 7s 7c 7d 3d\n3s\n3c\n3h lk\n4h\n4c\n4s\n")
    cli(save, "score", "Bram=30", "Cees=20")
    cli(save, "play", input="start 9h\n")
    written = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()}
    cli(save, "new", "--players", "Dirk,Eva", "--force")    # the old series kept beside it
    written |= {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()}
    assert {"pesten.toml.lock", "pesten.toml.bak", "pesten.hands/hand-00001.toml.bak"} <= written
    proc = subprocess.run(["git", "check-ignore", "--no-index", "--stdin", "-v", "-n"],
                          input="\n".join(sorted(written)) + "\n", capture_output=True, text=True, cwd=REPO)
    not_ignored = [line.split("\t")[-1] for line in proc.stdout.splitlines() if line.startswith("::")]
    assert not_ignored == []
    # and the hidden temporary files of an interrupted atomic write
    hidden = [".pesten.toml.tmp", ".pesten.toml.bak.tmp", "pesten.hands/.hand-00001.toml.tmp",
              "pesten.hands/index.json", "pesten.hands/.index.json.tmp",
              "pesten.toml.moves", ".pesten.toml.moves.tmp", "pesten.archive/.new.toml",
              "pesten.archive/series-0001.toml"]
    proc = subprocess.run(["git", "check-ignore", "--no-index", *hidden],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.stdout.splitlines() == hidden


CARD_RULE = re.compile(r"\b(R\d+\.\d+) (Two|Seven|Eight|Jack|Ace|Joker|King|Four|Five)s?\b")


def test_a_rule_cited_for_a_card_in_the_code_is_that_cards_rule():
    """``R5.6 Jokers`` in a docstring is the rule book's ``R5.6 Joker.``."""
    text = (REPO / "docs" / "RULES.md").read_text(encoding="utf-8")
    titles = dict(re.findall(r"^- \*\*(R\d+\.\d+) (\w+)", text, flags=re.M))
    wrong = [f"{path.relative_to(REPO)}: {rule} {card}"
             for path in sorted((REPO / "referee").rglob("*.py"))
             for rule, card in CARD_RULE.findall(path.read_text(encoding="utf-8"))
             if titles.get(rule) != card]
    assert wrong == []
