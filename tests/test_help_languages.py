"""``--help`` in the table's language (NOTATION.md "Languages"): every command's
help page, with click's own "Usage:", "Options:", "Commands:" and "Show this
message and exit.", has no English sentence left; the help texts are read only
when help is shown."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

COMMANDS = ["", "new", "play", "state", "standings", "history", "series", "score", "export",
            "rules", "replay", "help", "simulate", "tournament", "tournament new",
            "tournament show", "tournament next", "tournament withdraw", "tournament import"]
_LOCALE = ("PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "PESTEN_REF_SAVE")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _LOCALE}
    env["COLUMNS"] = "80"
    env.update(extra)
    return env


def _help(command: str, *lang: str, env: dict | None = None) -> str:
    args = [sys.executable, "-m", "referee", *lang, *command.split(), "--help"]
    result = subprocess.run(args, capture_output=True, text=True, env=env or _env())
    assert result.returncode == 0, result.stderr
    return result.stdout


def _sentences(text: str) -> list[str]:
    """The sentences of a help page, its lines joined (wrapping differs per language);
    the usage line is left out (its metavars, ``[OPTIONS]``, stay as they are)."""
    body = text.partition("\n")[2]
    flat = " ".join(body.split())
    return [s for s in re.split(r"(?<=[.!?:])\s+", flat)
            if len(re.findall(r"[A-Za-z]{2,}", s)) >= 3]


def _left_in_english(english: str, local: str) -> list[str]:
    flat = " ".join(local.split())
    return [s for s in _sentences(english) if s in flat]


@pytest.fixture(scope="module")
def english_pages():
    return {command: _help(command) for command in COMMANDS}


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_page_is_wholly_dutch(command, english_pages):
    english = english_pages[command]
    dutch = _help(command, "--lang", "nl")
    assert _left_in_english(english, dutch) == []
    assert dutch.startswith("Gebruik: ") and "Opties:" in dutch
    # The usage line's and the options' placeholders are Dutch too (metavars).
    assert "[OPTIES]" in dutch.splitlines()[0] and "[OPTIONS]" not in dutch
    shown = re.sub(r"`[^`]*`", "", dutch)  # typed examples (`help COMMAND`) stay as typed
    assert not re.search(r"\b(PATH|FILE|NAME|TEXT|INTEGER|COMMAND)\b", shown)
    assert "Show this message and exit." in english
    assert "Toon deze hulp en stop." in dutch
    assert "[required]" not in dutch and "Options:" not in dutch
    if command in ("", "tournament"):
        assert "Opdrachten:" in dutch and "Commands:" not in dutch


@pytest.mark.parametrize("language, usage", [("fr", "Utilisation\u00a0: "), ("it", "Uso: "),
                                             ("pt", "Uso: ")])
def test_help_pages_in_the_other_languages_have_no_english_sentence(language, usage,
                                                                     english_pages):
    for command in ("", "score", "new", "tournament new"):
        local = _help(command, env=_env(PESTEN_REF_LANG=language))
        assert local.startswith(usage)
        assert _left_in_english(english_pages[command], local) == [], (language, command)


def test_the_test_would_see_an_english_sentence(english_pages):
    page = english_pages["score"]
    assert "NAME=\"Ah Ks 3d\" or NAME=23 for each player still holding cards." in _sentences(page)
    assert _left_in_english(page, page.replace("Usage:", "Gebruik:"))


def test_a_second_command_line_in_one_process_speaks_its_own_language():
    """click makes a command's --help option once, with the text of the language
    active then; the help page reads it again in the language of its own line."""
    from click.testing import CliRunner

    from referee import messages
    from referee.interface.cli import main
    runner = CliRunner()
    try:
        assert "Show this message and exit." in runner.invoke(main, ["state", "--help"]).output
        dutch = runner.invoke(main, ["--lang", "nl", "state", "--help"]).output
        assert "Toon deze hulp en stop." in dutch and "Show this message" not in dutch
        assert "Toon de huidige ronde" in dutch
    finally:
        messages.set_language("en", chosen=False)
        os.environ.pop("LANGUAGE", None)


def test_help_lists_the_language_option():
    assert "--lang CODE" in _help("")
    assert "--lang CODE  De taal: en, nl, fr, it of pt" in _help("", "--lang", "nl")


def test_a_command_that_shows_no_help_reads_no_help_text(tmp_path):
    """Start-up: ``standings`` in Dutch loads the catalogs it speaks, not the help texts."""
    save = tmp_path / "p.toml"
    subprocess.run([sys.executable, "-m", "referee", "new", "--players", "Anna,Bram",
                    "--dealer", "Anna", "--save", str(save)], check=True, capture_output=True,
                   env=_env())
    code = ("import sys\nfrom referee import messages\nfrom referee.interface import cli\n"
            "try:\n    cli.main(sys.argv[1:], standalone_mode=False)\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(area for lang, area in messages._areas))\n")
    shown = subprocess.run([sys.executable, "-c", code, "--lang", "nl", "standings", "--save",
                            str(save)], capture_output=True, text=True, env=_env(), check=True)
    areas = shown.stdout.strip().splitlines()[-1]
    assert "'help'" not in areas and "'score'" in areas
    helped = subprocess.run([sys.executable, "-c", code, "--lang", "nl", "standings", "--help"],
                            capture_output=True, text=True, env=_env(), check=True)
    assert "'help'" in helped.stdout.strip().splitlines()[-1]


def test_help_speaks_the_series_own_language_unless_another_is_asked_for(tmp_path):
    """NOTATION order: --lang, $PESTEN_REF_LANG, the series' own (``new --lang``), the locale."""
    subprocess.run([sys.executable, "-m", "referee", "new", "--lang", "nl", "--players",
                    "Anna,Bram", "--dealer", "Anna", "--save", str(tmp_path / "pesten.toml")],
                   check=True, capture_output=True, env=_env())

    def shown(*args, **env):
        done = subprocess.run([sys.executable, "-m", "referee", *args], cwd=tmp_path,
                              capture_output=True, text=True, env=_env(**env))
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert shown("score", "--help").startswith("Gebruik: ")
    assert shown("--help").startswith("Gebruik: ")
    assert shown("help").startswith("Zetten (één per regel):")
    assert shown("rules", "R4.3").startswith("R4.3 Betrappen")
    assert shown("score", "--help", PESTEN_REF_LANG="fr").startswith("Utilisation\u00a0: ")
    assert shown("--lang", "en", "score", "--help").startswith("Usage: ")
    # The locale comes after the series' own language.
    assert shown("--help", LANG="it_IT.UTF-8").startswith("Gebruik: ")


def test_help_topic_names_every_command_the_tournament_group_too(tmp_path):
    """``pesten-ref help COMMAND`` is ``COMMAND --help`` for every command, the
    ``tournament`` group (loaded only when asked for) among them; an unknown topic
    lists it."""
    env = _env(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "referee", "help", "tournament"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == _help("tournament", env=env)
    unknown = subprocess.run([sys.executable, "-m", "referee", "help", "nothing"],
                             capture_output=True, text=True, env=env)
    assert unknown.returncode == 2 and "tournament" in unknown.stderr


def _commands_listed(page: str) -> dict[str, str]:
    """The "Commands:" list of a help page: each command with its description, the
    wrapped lines joined again."""
    listing = page.split("\n\n")[-1].splitlines()[1:]
    out: dict[str, str] = {}
    for line in listing:
        if line[2:3] != " ":
            name, _, text = line.strip().partition(" ")
            out[name] = text.strip()
        else:
            joined = out[name]
            out[name] = joined + ("" if joined.endswith("-") else " ") + line.strip()
    return out


@pytest.mark.parametrize("language", ["en", "nl", "fr", "it", "pt"])
@pytest.mark.parametrize("group", ["", "tournament"])
def test_the_list_of_commands_shows_each_description_whole(group, language):
    """No description in ``--help``'s list is cut short with "...": in English each
    is the first paragraph of the command's help, whole (wrapped)."""
    import click

    from referee.interface.cli import main
    listed = _commands_listed(_help(group, "--lang", language))
    assert len(listed) >= 5
    assert not [text for text in listed.values() if text.endswith(("...", "…"))], listed
    if language == "en":
        ctx = click.Context(main)
        owner = main.get_command(ctx, group) if group else main
        for name, text in listed.items():
            command = owner.get_command(ctx, name)
            first = command.short_help or command.help.split("\n\n")[0]
            assert text == " ".join(first.split()), name


@pytest.mark.parametrize("command", ["", "score", "tournament"])
def test_french_help_headings_put_a_space_before_the_colon(command):
    """click writes its headings as "Options:"; French typography wants "Options :"."""
    page = _help(command, "--lang", "fr")
    headings = [line for line in page.splitlines() if line and not line[0].isspace()
                and line.rstrip().endswith(":")]
    assert headings, page
    assert all(re.search(r"\S[\u00a0\u202f ]:$", line.rstrip()) for line in headings), headings
    english = _help(command, "--lang", "en")
    assert "Options:" in english.splitlines()
