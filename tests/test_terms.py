"""Issue 34: a term base per language (referee/messages/terms/LANG.toml) names the one
word each concept is said with; `catalogs check` fails on a translation that uses
another word for it, and lists the keys of those messages."""

import pytest

from referee.messages import catalogs

LOCAL = ("nl", "fr", "it", "pt")
CONCEPTS = {"call", "preset", "skip", "entry", "hand", "tournament_round", "table", "series",
            "dealer", "draw_pile", "discard_pile", "named_suit", "penalty", "stack", "go_out",
            "out_of_series", "correction"}


@pytest.mark.parametrize("code", LOCAL)
def test_every_language_names_one_word_for_every_concept(code):
    terms, commands = catalogs.term_base(code)
    assert CONCEPTS <= {t.concept for t in terms}
    assert all(t.word for t in terms)
    assert {"pass", "call", "draw", "leave", "start", "help"} <= set(commands)


@pytest.mark.parametrize("code, key, bad, good", [
    ("fr", "engine.call.premature", "Trop tôt : le signalement n'a aucun effet (R4.2).",
     "Trop tôt : la prise en faute n'a aucun effet (R4.2)."),
    ("it", "engine.call.premature", "Troppo presto: la contestazione non ha effetto (R4.2).",
     "Troppo presto: beccare ora non ha effetto (R4.2)."),
    ("pt", "engine.call.premature", "Cedo demais: a cobrança não tem efeito (R4.2).",
     "Cedo demais: pegar agora não tem efeito (R4.2)."),
    ("nl", "help.metavar.rules", "VOORINSTELLING|BESTAND", "VARIANT|BESTAND"),
    ("pt", "engine.effect.skip_passed", "{name} passa e perde {n} vez (R5.11).",
     "{name} passa e perde a vez (R5.11)."),
    ("it", "tour.show.round", "Turno {round}", "Fase {round}"),
])
def test_the_term_check_marks_another_word_for_a_concept(code, key, bad, good):
    terms, _ = catalogs.term_base(code)
    assert catalogs.term_problems(code, key, bad, terms)
    assert catalogs.term_problems(code, key, good, terms) == []


def test_the_term_check_reads_words_not_typed_code_nor_placeholders():
    terms, _ = catalogs.term_base("pt")
    assert catalogs.term_problems("pt", "x", "a variante ({presets}), semente {seed}", terms) == []
    terms, _ = catalogs.term_base("fr")
    # "signaler une erreur" is to report a bug: the term base allows it there.
    assert catalogs.term_problems("fr", "cli.internal", "merci de la signaler", terms) == []
    assert catalogs.term_problems("fr", "repl.bar.callable", "à signaler !", terms)


def test_a_planted_word_fails_the_check_and_the_report_lists_its_keys(tmp_path, monkeypatch):
    """A whole catalog with one planted word: ``problems`` names the word, the concept,
    the term base's word and the key."""
    import shutil
    po = tmp_path / "po"
    shutil.copytree(catalogs.PO_DIR, po)
    text = (po / "fr.po").read_text(encoding="utf-8")
    planted = text.replace('msgstr "en faute !"', 'msgstr "à signaler !"', 1)
    assert planted != text
    (po / "fr.po").write_text(planted, encoding="utf-8")
    monkeypatch.setattr(catalogs, "PO_DIR", str(po))
    found = [line for line in catalogs.problems() if "terms/fr.toml" in line]
    assert found == ["fr: 'signal' is not the word for call in terms/fr.toml "
                     "(write 'prendre en faute'): repl.bar.callable"]


def test_the_term_base_names_the_command_words_the_lexicon_reads():
    for code in LOCAL:
        assert catalogs._command_problems(code, catalogs.term_base(code)[1]) == []
    assert catalogs._command_problems("fr", {"pass": "pas"}) == [
        "fr: terms/fr.toml names 'pas' for `pass` but the lexicon writes 'passe'"]
