"""The second native review's last points (issue 34): the presets named in the
language where a rule set is refused and where Tab offers them, ``show calls on|off``
and the Brazilian ``why`` in the language's words, typed and read at the prompt."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_languages import run

REPO = Path(__file__).resolve().parent.parent

LOCAL_PRESETS = {
    "en": "standard, family, hard, fast, cumulative or tournament",
    "nl": "standaard, familie, hard, snel, cumulatief of toernooi",
    "fr": "standard, famille, difficile, rapide, cumulatif ou tournoi",
    "it": "base, famiglia, difficile, veloce, cumulativo o torneo",
    "pt": "padrão, família, difícil, rápido, cumulativo ou torneio",
}


@pytest.mark.parametrize("language", sorted(LOCAL_PRESETS))
def test_R8_a_rule_set_that_does_not_exist_is_refused_with_the_presets_in_the_language(
        tmp_path, language):
    save = tmp_path / "p.toml"
    refused = run(save, "--lang", language, "new", "--players", "Anna,Bram",
                  "--rules", "nowhere", code=2)
    assert LOCAL_PRESETS[language] in refused.stderr
    (tmp_path / "ours.toml").write_text('extends = "nowhere"\n', encoding="utf-8")
    told = run(save, "--lang", language, "rules", str(tmp_path / "ours.toml"), code=2)
    assert LOCAL_PRESETS[language] in told.stdout + told.stderr
    missing = run(save, "--lang", language, "rules", "nowhere.toml", code=2)
    assert LOCAL_PRESETS[language] in missing.stdout + missing.stderr
    if language != "en":
        assert "family, hard" not in refused.stderr + told.stdout + missing.stdout


def _complete(tmp_path: Path, words: str, env: dict | None = None) -> list[str]:
    """What the shell's Tab offers for the last word of ``words`` (click's bash protocol)."""
    full = {k: v for k, v in os.environ.items()
            if k not in ("PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    full.update({"_PESTEN_REF_COMPLETE": "bash_complete", "COMP_WORDS": words,
                 "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
                 "HOME": str(tmp_path), "PYTHONPATH": str(REPO), **(env or {})})
    done = subprocess.run([sys.executable, "-m", "referee"], cwd=tmp_path, capture_output=True,
                          text=True, env=full)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [line.partition(",")[2] for line in done.stdout.splitlines() if line]


@pytest.mark.parametrize("language, typed, offered", [
    ("fr", "f", ["famille", "family", "fast"]),
    ("it", "", ["base", "famiglia", "difficile", "veloce", "cumulativo", "torneo"]),
    ("pt", "pa", ["padrão"]),
    ("nl", "s", ["standaard", "snel", "standard"]),
])
def test_R8_shell_tab_after_rules_offers_the_presets_in_the_language_first(
        tmp_path, language, typed, offered):
    got = _complete(tmp_path, f"pesten-ref --lang {language} new --rules {typed}")
    assert got[:len(offered)] == offered
    by_env = _complete(tmp_path, f"pesten-ref new --rules {typed}", {"PESTEN_REF_LANG": language})
    assert by_env[:len(offered)] == offered


@pytest.mark.parametrize("language, typed, offered", [
    ("fr", "rules fa", ["famille"]),
    ("it", "rules R5.7 fa", ["famiglia"]),
    ("pt", "rules pa", ["padrão"]),
    ("en", "rules fa", ["family", "fast"]),
])
def test_R8_prompt_tab_after_rules_offers_the_presets_in_the_language(
        tmp_path, language, typed, offered):
    """Tab at the prompt offers what ``SeriesApp.view`` gives completion: the
    presets by the names ``rules`` shows (and reads) in the table's language."""
    from referee import messages
    from referee.interface.app import SeriesApp
    from referee.interface.complete import suggest
    from referee.series.session import OpenSeries
    from referee.series.store import SaveFile
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", language, "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    before = messages.language()
    messages.set_language(language)
    try:
        app = SeriesApp(OpenSeries.open(SaveFile(save), write=False), interactive=False)
        assert suggest(typed, app.view(("R5.7", "R5.1"))) == offered
        said = run(save, "--lang", language, "rules", offered[0]).stdout
        assert "R8" in said
    finally:
        messages.set_language(before)


SHOW = {
    "nl": ("toon betrappen aan", "toon betrappen uit", "Betrappen wordt getoond",
           "Betrappen wordt niet getoond", "toon betrappen aan|uit"),
    "fr": ("montre fautes oui", "montre fautes non", "Les fautes sont affichées",
           "Les fautes sont masquées", "montre fautes oui|non"),
    "it": ("mostra beccare sì", "mostra beccare no", "Chi si può beccare è visibile",
           "Chi si può beccare non è visibile", "mostra beccare sì|no"),
    "pt": ("mostra pegar sim", "mostra pegar não", "Quem pode ser pego aparece",
           "Quem pode ser pego não aparece", "mostra pegar sim|não"),
}


@pytest.mark.parametrize("language", sorted(SHOW))
def test_R4_show_calls_on_off_is_typed_and_shown_in_the_language(tmp_path, language):
    on, off, shown, hidden, usage = SHOW[language]
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", language, "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    done = run(save, "play", input=f"{on}\n{off}\nshow calls on\nhelp\nshow calls maybe\n",
               code=1)
    out = done.stdout
    lines = [line for line in out.splitlines() if line.strip()]
    assert any(line.startswith(shown) for line in lines)
    assert any(line.startswith(hidden) and f"`{on}`" in line for line in lines)
    assert sum(line.startswith(shown) for line in lines) == 2      # English still read
    assert f"`{on}`" in done.stderr and f"`{off}`" in done.stderr  # the usage
    assert usage in out and "show calls" not in out.replace("show calls on\n", "")


def test_brazilian_why_is_motivo_and_porque_is_still_read(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "pt", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    out = run(save, "play", "--keep-going", input="início 9co\n5pa\nmotivo\nporquê\najuda\n",
              code=1).stdout
    assert out.count("(R3.1)") >= 2 or out.count("R3") >= 3
    assert "\n  motivo" in out and "\n  porquê" not in out


def test_french_spaces_before_signs_are_non_breaking_and_extract_writes_them():
    """French typography (the review's point fr 3): the space before ``:``, ``;``,
    ``!``, ``?`` and ``»`` and after ``«`` does not break; typed code keeps its own."""
    from referee.messages.catalogs import french_spaces, style_problems
    plain = "Tapez `a :b` : la variante « famille » !"
    assert style_problems("fr", "repl.keys", plain)
    fixed = french_spaces(plain)
    assert fixed == "Tapez `a :b`\u00a0: la variante «\u00a0famille\u00a0»\u00a0!"
    assert not style_problems("fr", "repl.keys", fixed)


def test_french_rulings_at_the_prompt_keep_the_sign_on_the_line_of_its_word(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "fr", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    out = run(save, "play", input="début 9co\n9tr\n").stdout
    assert "Bram joue 9♣\u00a0: " in out or "Bram joue 9♣." in out
    assert " :" not in out and " ;" not in out


@pytest.mark.parametrize("language, calls, on_off", [
    ("nl", "betrappen", ["aan", "uit"]), ("fr", "fautes", ["oui", "non"]),
    ("it", "beccare", ["sì", "no"]), ("pt", "pegar", ["sim", "não"]), ("en", "calls", ["on", "off"]),
])
def test_R4_tab_after_show_offers_the_words_of_the_table_language(language, calls, on_off):
    from referee.engine.lexicon import lexicon
    from referee.interface.app import COMMANDS
    from referee.interface.complete import HandView, suggest
    view = HandView(players=("Anna", "Bram"), commands=tuple(COMMANDS.values()),
                    lexicon=lexicon(language))
    show = suggest("", view)
    word = next(w for w in show if w in ("show", "toon", "montre", "mostra"))
    assert suggest(f"{word} ", view) == [calls]
    assert suggest(f"{word} {calls} ", view) == on_off
    assert suggest(f"{word} calls ", view) == on_off      # the English word is read too
