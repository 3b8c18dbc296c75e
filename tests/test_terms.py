"""Issue 34: a term base per language (referee/messages/terms/LANG.toml) names the one
word each concept is said with; `catalogs check` fails on a translation that uses
another word for it, and lists the keys of those messages."""

import re

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
    assert catalogs.term_problems("pt", "x", "a variante ({presets}), número do sorteio {seed}", terms) == []
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
    planted = text.replace('msgstr "en faute\u00a0!"', 'msgstr "à signaler\u00a0!"', 1)
    assert planted != text
    (po / "fr.po").write_text(planted, encoding="utf-8")
    monkeypatch.setattr(catalogs, "PO_DIR", str(po))
    found = [line for line in catalogs.problems() if "terms/fr.toml" in line]
    assert found == ["fr: 'signal' is not the word for call in terms/fr.toml "
                     "(write 'prendre en faute'): repl.bar.callable"]


def test_the_term_base_names_the_command_words_the_lexicon_reads():
    """[commands] is what ``{cmd:...}`` writes: the lexicon's first word for each."""
    from referee.engine.lexicon import lexicon, local_forms
    for code in LOCAL:
        for english, local in catalogs.term_base(code)[1].items():
            assert (local_forms(english, lexicon(code)) or [english])[0] == local, (code, english)


@pytest.mark.parametrize("code, text, marked", [
    ("fr", "tapez `pass` ou `Bram: call Anna`", ["pass", "Bram: call Anna"]),
    ("fr", "tapez `{cmd:pass}`", []),
    ("nl", "typ `start 9h`", []),                 # Dutch types start too
    ("it", "scrivi `pesten-ref score`", []),      # a shell command stays as it is
    ("pt", "digite `why`", ["why"]),
])
def test_the_check_marks_a_backticked_english_command_word(code, text, marked):
    assert catalogs.english_commands(code, "engine.x", text) == marked


def test_a_planted_english_command_word_fails_the_check(tmp_path, monkeypatch):
    import shutil
    po = tmp_path / "po"
    shutil.copytree(catalogs.PO_DIR, po)
    text = (po / "nl.po").read_text(encoding="utf-8")
    planted = text.replace('msgstr "{rank}, of `{cmd:pass}`"', 'msgstr "{rank}, of `pass`"', 1)
    assert planted != text
    (po / "nl.po").write_text(planted, encoding="utf-8")
    monkeypatch.setattr(catalogs, "PO_DIR", str(po))
    found = catalogs.problems()
    assert ["nl: engine.check.skip_options: `pass` is an English command word; write "
            "`{cmd:pass}` (the language's own word)"] == [f for f in found if "English" in f]


@pytest.mark.parametrize("code, said", [("en", "`pass`"), ("nl", "`pas`"), ("fr", "`passe`"),
                                        ("it", "`passo`"), ("pt", "`passo`")])
def test_R5_11_a_ruling_names_pass_in_the_language_in_use(code, said):
    import referee.words.entries  # noqa: F401  (fills {cmd:...})
    from referee import messages
    before = messages.language()
    messages.set_language(code)
    try:
        assert said in messages.t("engine.summary.skip", turn="Anna", rank="8")
    finally:
        messages.set_language(before)


@pytest.mark.parametrize("code, text, marked", [
    ("fr", "Seul {name} a encore des cartes.", True),
    ("fr", "Il ne reste des cartes qu'à {name}.", False),
    ("fr", "{names} sont qualifiés.", True),
    ("fr", "{names} passent à la manche suivante.", False),
    ("fr", "{name} gagne la finale et est champion du tournoi !", True),
    ("fr", "La pénalité en attente pour {name} est annulée.", False),
    ("it", "un salto passato a lui: {name}", True),
    ("it", "{names} è eliminato dal torneo.", True),
    ("it", "{names} esce dal torneo.", False),
    ("it", "{name} ha pescato.", False),
    ("pt", "um pulo passado para ele: {name}", True),
    ("pt", "{name} é o campeão do torneio!", True),
    ("pt", "{name} vence o torneio!", False),
    ("nl", "{who} laat zijn kaarten zien.", True),
    ("nl", "{who} legt de kaarten open op tafel.", False),
    ("nl", "Elke zet wordt opgeslagen zodra je hem intypt.", False),   # no name
])
def test_the_check_marks_a_word_that_gives_a_player_a_gender(code, text, marked):
    found = [p for p in catalogs.style_problems(code, "tour.x", text) if "gender" in p]
    assert bool(found) is marked, found


@pytest.mark.parametrize("code, said", [("en", "Bram plays Joker"), ("nl", "Bram speelt de Joker"),
                                        ("fr", "Bram joue le Joker"), ("it", "Bram gioca il Jolly"),
                                        ("pt", "Bram joga o Coringa")])
def test_R5_6_the_joker_played_takes_its_article(code, said):
    from referee.engine.cards import try_card
    from referee.words.cards import played
    from referee import messages
    before = messages.language()
    messages.set_language(code)
    try:
        text = messages.t("engine.play", name="Bram", card=played(try_card("Joker")))
        assert text.startswith(said), text
        assert played(try_card("7h")) == "7♥"
    finally:
        messages.set_language(before)


# -- a whole evening in the language: no English command word, no card as a code, no
#    sentence that gives a player a gender (issue 34) -----------------------------------

PLAYERS = ("Anna", "Bram", "Cees", "Daan", "Eva", "Fien", "Gijs")


def _code_card(code: str) -> re.Pattern:
    """A card in English notation (7h, Ks, 10d) that is not also the language's own
    entry (Dutch writes hearts and spades h, s too): a code, not a card as read."""
    from referee.engine.lexicon import lexicon
    own = {letter for letter in lexicon(code).suits if len(letter) == 1}
    suits = "".join(sorted(set("cdhs") - own))
    return re.compile(r"(?<![\w/.`-])(?!As\b)(?:10|[2-9AKQJ])[" + suits + r"](?![\w`])")


def _evening_problems(code: str, text: str, typed: list[str]) -> list[str]:
    """What a native reader of ``code`` would mark in ``text``, all the program printed
    in an evening (``typed``: the lines the players typed, which the program may echo):
    English command words in backticks, cards written as codes, gendered sentences."""
    for line in sorted(typed, key=len, reverse=True):  # an echoed entry ("Zed: 7h")
        text = re.sub(r"(?<!\w)" + re.escape(line) + r"(?!\w)", " ", text)
    prose = re.sub(r"`[^`]*`", "`", text)
    found = [f"command `{c}`" for c in catalogs.english_commands(code, "repl.x", text)]
    found += [f"card {c!r}" for c in _code_card(code).findall(prose)]
    found += [f"gender {g!r}" for g in catalogs.gendered(code, text, PLAYERS)]
    return found


@pytest.fixture(scope="module")
def evenings(tmp_path_factory):
    """Everything printed by the same whole series (test_native's) in each language."""
    from tests.test_native import _recorded_hand, _series_output
    typed = _recorded_hand() + ["Zed: 7h"]
    return {code: (_series_output(tmp_path_factory.mktemp(code), code), typed)
            for code in ("en", *LOCAL)}


@pytest.mark.parametrize("code", LOCAL)
def test_a_whole_evening_reads_as_native_text(evenings, code):
    text, typed = evenings[code]
    assert "Bram" in text and "R5.1" in text
    assert _evening_problems(code, text, typed) == []


def test_the_evening_check_can_fail_on_the_english_run(evenings):
    """The control: the same evening in English names `start 9h` (French types
    `début 9co`) and writes the entries as codes (replay: "Cees: start 10h")."""
    text, typed = evenings["en"]
    found = _evening_problems("fr", text, typed)
    assert any(p.startswith("command") for p in found)
    assert any(p.startswith("card") for p in found)
    assert _evening_problems("fr", "Seul Anna a encore des cartes.", []) == ["gender 'Seul Anna'"]


@pytest.mark.parametrize("code, said", [("nl", "Ontbrekende optie '--players'"),
                                        ("fr", "Il manque l'option '--players'"),
                                        ("it", "Manca l'opzione '--players'"),
                                        ("pt", "Falta a opção '--players'")])
def test_click_names_a_missing_option_as_a_native_writes_it(tmp_path, code, said):
    import os
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items()
           if k not in ("PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["PESTEN_REF_SAVE"] = str(tmp_path / "s.toml")
    done = subprocess.run([sys.executable, "-m", "referee", "--lang", code, "new", "--rules",
                           "family"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 2 and said in done.stderr, done.stderr
