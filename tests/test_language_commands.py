"""The language's own words everywhere a player types or reads a command, a name or a
number (NOTATION.md "Languages"): corrections, leaving, `help` at the prompt, house-rule
files, `rules`, presets, the exports' numbers and dates."""

import re

import pytest

from test_languages import run


def _italian_series(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "it", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    return save


def test_R0_2_a_correction_is_typed_in_the_language_words(tmp_path):
    save = _italian_series(tmp_path)
    out = run(save, "play", input="inizio 9cu\ncorreggi conta Anna 5\ncorreggi pesca Bram 1\n"
                                 "replay\n").stdout
    assert "Anna ha 5 carte, non 7 (R0.2)" in out
    assert "correggi conta Anna 5" in out          # replay tells it back in Italian
    assert "fix count" not in out


def test_R1_5_italian_leave_is_ritira(tmp_path):
    save = _italian_series(tmp_path)
    out = run(save, "play", input="inizio 9cu\nritira Bram\naiuto\n").stdout
    assert "Bram lascia il tavolo" in out
    assert "ritira Anna" in out and "esce Anna" not in out
    assert "prendi una carta dal tallone" in out and "accetta il salto passato a te (R5.11)" in out
    assert "subire" not in out       # the help's entries are imperatives, as "gioca una carta"


def test_R1_5_a_leave_without_a_name_is_explained_with_the_word_typed(tmp_path):
    """The usage of ``ritira`` (Italian ``leave``) is told with ``ritira``, not the
    English word (issue 34: the language's own command words inside sentences)."""
    save = _italian_series(tmp_path)
    done = run(save, "play", "--keep-going", input="inizio 9cu\nritira\n", code=1)
    out = done.stdout + done.stderr
    assert "'ritira'" in out and "ritira Anna" in out and "leave" not in out


@pytest.mark.parametrize("language, words, quit_said", [
    ("it", ("stato", "verifica 7cu", "perché", "regole [", "punti [", "classifica [", "storico",
            "annulla", "ripeti", "abbandona", "mostra", "aiuto [", "fine"), "Hai lasciato il tavolo"),
    ("nl", ("toestand", "controleer 7h", "waarom", "regels [", "punten [", "tussenstand [",
            "geschiedenis", "terug", "opnieuw", "afbreken", "toon", "hulp [", "stoppen"), None),
])
def test_help_at_the_prompt_lists_every_command_by_its_own_word(tmp_path, language, words,
                                                                 quit_said):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", language, "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    help_ = run(save, "play", input="help\n").stdout
    commands = help_[help_.index(":\n", help_.index("\n  " + words[0]) - 40):]
    heads = {line.split()[0] for line in commands.splitlines() if line.startswith("  ")}
    for word in words:
        assert "\n  " + word in commands, word
    for english in ("state", "check", "why", "undo", "redo", "abandon", "show", "quit",
                    "standings", "history", "score", "rules", "help"):
        assert english not in heads, english
    said = run(save, "play", input=words[-1] + "\n").stdout
    assert quit_said is None or quit_said in said


FRENCH_MONTHS = ("janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|"
                 "novembre|décembre")


def _french_scored_series(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "fr", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    run(save, "score", "--winner", "Bram", "Anna=12", "Cees=7")
    run(save, "score", "--winner", "Anna", "Bram=5", "Cees=20")
    return save


def test_series_stats_averages_take_the_language_decimal_sign(tmp_path):
    save = _french_scored_series(tmp_path)
    stats = run(save, "series", "--stats").stdout
    assert re.search(r"Anna .* 6,0$", stats, re.M), stats
    assert re.search(r"Bram .* 2,5$", stats, re.M)
    assert "6.0" not in stats and "2.5" not in stats


def test_the_html_export_writes_its_date_in_words_of_the_language(tmp_path):
    save = _french_scored_series(tmp_path)
    page = run(save, "export", "--format", "html").stdout
    assert re.search(rf"Commencée le \d{{1,2}} ({FRENCH_MONTHS}) \d{{4}}", page)
    assert not re.search(r"Commencée le \d{4}-", page)


def test_the_csv_header_follows_the_language_and_the_json_stays_english(tmp_path):
    import json
    save = _french_scored_series(tmp_path)
    rows = run(save, "export", "--format", "csv").stdout.lstrip("\ufeff").splitlines()
    assert rows[0] == ("donne,donneur,gagnant,points:Anna,points:Bram,points:Cees,"
                       "total:Anna,total:Bram,total:Cees,corrigée")
    assert rows[1] == "1,Anna,Bram,12,0,7,12,0,7,non"
    data = json.loads(run(save, "export", "--format", "json").stdout)
    assert data["hands"][0]["dealer"] == "Anna" and data["hands"][0]["corrected"] is False
    assert data["rules"]["name"] == "standard"
    assert re.match(r"\d{4}-\d\d-\d\d", data["created"])


@pytest.mark.parametrize("spoken, topic", [("fr", "dernière carte"), ("it", "ultima carta"),
                                           ("pt", "última carta"), ("en", "ultima carta"),
                                           ("nl", "derniere carte")])
def test_R4_rules_topic_finds_the_last_card_rules_in_any_language(tmp_path, spoken, topic):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", spoken, "--players", "Anna,Bram", "--dealer", "Anna")
    found = re.findall(r"^(R\d+\.\d+) ", run(save, "rules", topic).stdout, re.M)
    assert found[:5] == ["R4.1", "R4.2", "R4.3", "R4.4", "R4.5"], found


def test_R8_a_preset_is_shown_by_its_local_name_and_typed_by_either(tmp_path):
    save = tmp_path / "p.toml"
    said = run(save, "new", "--lang", "fr", "--players", "Anna,Bram,Cees", "--rules", "famille",
               "--dealer", "Anna").stdout
    assert "règles famille" in said
    json_new = run(tmp_path / "q.toml", "new", "--lang", "fr", "--players", "Anna,Bram",
                   "--rules", "family", "--json").stdout
    assert '"rules": "family"' in json_new or '"rules":"family"' in json_new
    diff = run(save, "rules", "--diff", "famiglia", "hard", "--lang", "it").stdout
    assert diff.splitlines()[0] == "Regole della casa: famiglia a confronto con difficile"
    book = run(save, "rules", "--lang", "nl").stdout
    assert "Regels: R8.2 familie (Gezinspesten)." in book
    assert "standard (standaard)" not in book


@pytest.mark.parametrize("language, titles", [
    ("pt", ("R9.2 Nenhum efeito (none)", "R9.5 Perder a vez (skip)", "R9.6 Jogar de novo (again)")),
    ("nl", ("R9.3 Kaarten pakken (draw)", "R9.8 Kleur vragen (name_suit)")),
])
def test_R9_the_effect_titles_are_translated_with_the_value_to_write(tmp_path, language, titles):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", language, "--players", "Anna,Bram", "--dealer", "Anna")
    book = run(save, "rules", "R9").stdout
    for title in titles:
        assert title in book


def test_R9_1_rules_file_labels_each_line_of_the_file_in_the_language(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "fr", "--players", "Anna,Bram", "--dealer", "Anna")
    (tmp_path / "maison.toml").write_text('stacking = "none"\n[actions]\nK = "again"\n'
                                          'Q = ["skip", "reverse"]\n[points]\nK = 20\n',
                                          encoding="utf-8")
    told = run(save, "rules", str(tmp_path / "maison.toml")).stdout
    section = told[told.index("Règles maison qui diffèrent du standard"):]
    assert "    Roi : Rejouer (again)\n        actions.K = \"again\"" in section
    assert "    Dame : Passer son tour (skip), Changer de sens (reverse)\n" in section
    assert "    Points : Roi\n        points.K = 20" in section
    assert "\n        stacking = \"none\"" in section


@pytest.mark.parametrize("language, text, label", [
    ("nl", 'H = "again"\nV = "skip"\n', "Heer: Nog een keer (again)"),
    ("fr", 'R = "again"\nD = "skip"\n', "Roi : Rejouer (again)"),
    ("it", 'Re = "again"\nF = "skip"\n', "Re: Rigiocare (again)"),
    ("pt", 'Rei = "again"\nV = "skip"\n', "Rei: Jogar de novo (again)"),
])
def test_R9_1_actions_take_the_language_rank_letters_and_words(tmp_path, language, text, label):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", language, "--players", "Anna,Bram", "--dealer", "Anna")
    (tmp_path / "local.toml").write_text("[actions]\n" + text, encoding="utf-8")
    told = run(save, "rules", str(tmp_path / "local.toml")).stdout
    assert label + '\n        actions.K = "again"' in told
    run(tmp_path / "q.toml", "new", "--players", "Anna,Bram", "--lang", language,
        "--rules", str(tmp_path / "local.toml"), "--dealer", "Anna")
    saved = (tmp_path / "q.toml").read_text(encoding="utf-8")
    assert '[rules.actions]\nK = "again"\n' in saved      # the save keeps the English rank


def test_R9_1_an_ambiguous_rank_letter_is_refused_with_file_line_and_key(tmp_path):
    (tmp_path / "v.toml").write_text('# house rules\n[actions]\nV = "skip"\n', encoding="utf-8")
    refused = run(tmp_path / "p.toml", "rules", str(tmp_path / "v.toml"), code=2)
    said = refused.stdout + refused.stderr
    assert "v.toml, line 3: `actions.V` names more than one rank (Q / J)" in said
    (tmp_path / "kr.toml").write_text('[actions]\nK = "skip"\nR = "again"\n', encoding="utf-8")
    twice = run(tmp_path / "p.toml", "rules", str(tmp_path / "kr.toml"), "--lang", "fr", code=2)
    assert "ligne 3\u00a0: `actions.R` désigne le même rang que `actions.K` (ligne 2)" in (
        twice.stdout + twice.stderr)


def test_R5_2_italian_says_rigioca_for_a_seven(tmp_path):
    save = _italian_series(tmp_path)
    out = run(save, "play", input="inizio 9cu\n7cu\n").stdout
    assert "Anna gioca 7♥ e rigioca (R5.2)." in out
    assert "gioca ancora" not in out


def test_R2_1_dutch_dealer_line_says_everyone_gets_the_cards(tmp_path):
    said = run(tmp_path / "p.toml", "new", "--lang", "nl", "--players", "Anna,Bram,Cees",
               "--dealer", "Anna").stdout
    assert "Anna deelt; iedereen krijgt 7 kaarten;" in said
    assert "deelt ieder" not in said


def test_R7_4_french_standings_headers_are_whole_words(tmp_path):
    save = _french_scored_series(tmp_path)
    table = run(save, "standings").stdout
    assert "Dernière donne" in table and "Marge" in table
    assert "Dern." not in table and "élim." not in table


def test_R7_6_portuguese_names_casual_play_partida_amistosa(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "pt", "--players", "Anna,Bram", "--dealer", "Anna")
    assert run(save, "rules", "R7.6").stdout.startswith("R7.6 Partida amistosa")
