"""The words of each language's rules sheet, and sentences about a player that
read right for any name (no agreement with the name, no elision before it)."""

import pytest

from test_languages import run


# Anna goes over the limit: the sentence about her must not agree with a
# masculine player ("Anna est éliminé", "Anna è eliminato").
OUT = {"fr": ("Anna sort de la série avec 40 points", "éliminé"),
       "it": ("Anna esce dalla serie con 40 punti", "eliminato"),
       "pt": ("Anna está fora com 40 pontos", "eliminado"),
       "nl": ("Anna ligt eruit met 40 punten", None)}


@pytest.mark.parametrize("language", sorted(OUT))
def test_R7_4_an_eliminated_player_is_told_in_words_that_fit_any_name(tmp_path, language):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", language, "--players", "Anna,Bram,Cees", "--dealer", "Cees",
        "--limit", "30")
    told = run(save, "score", "--winner", "Bram", "Anna=40", "Cees=5").stdout
    wanted, masculine = OUT[language]
    assert wanted in told
    line = next(x for x in told.splitlines() if x.startswith("Anna "))
    assert masculine is None or masculine not in line


def test_R3_7_italian_names_the_player_to_act_without_a_before_the_name(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "it", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    told = run(save, "play", input="start 9h\n9c\nCees: 9s\n", code=1)
    out = told.stdout + told.stderr
    assert "inizia Anna (R2.5)" in out          # not "gioca per primo Anna"
    assert "È il turno di Bram." in out        # not "Tocca a Bram"
    assert "È il turno di Bram, non di Cees (R3.7)" in out
    assert "Tocca a" not in out and "per primo" not in out


def test_R5_7_french_says_cumuler_where_nothing_stacks(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "fr", "--rules", "family", "--players", "Anna,Bram,Cees",
        "--dealer", "Cees")
    told = run(save, "play", input="start 9h\n2h\n2s\n", code=1).stderr
    assert "ces règles maison ne permettent pas de cumuler" in told
    assert "surenchérir" not in told


@pytest.mark.parametrize("language, rule, title", [
    ("it", "R8.5", "R8.5 cumulativo (Pesten cumulativo)"),
    ("it", "R8.6", "R8.6 torneo (Pesten torneo)"),
    ("nl", "R7.6", "R7.6 Informeel spelen"),
    ("nl", "R8.6", "R8.6 toernooi (Toernooi Pesten)"),
    ("pt", "R8.5", "R8.5 cumulativo (Pesten cumulativo)"),
    ("fr", "R8.5", "R8.5 cumulatif (Pesten cumulatif)"),
])
def test_R8_the_rule_book_titles_use_the_rules_sheet_names(tmp_path, language, rule, title):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", language, "--players", "Anna,Bram", "--dealer", "Anna")
    assert run(save, "rules", rule).stdout.startswith(title)


def test_portuguese_says_pilha_de_descarte(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "pt", "--players", "Anna,Bram", "--dealer", "Anna")
    assert "pilha de descarte" in run(save, "rules", "R2.3").stdout


def test_R8_6_dutch_calls_a_tournament_round_a_toernooironde(tmp_path):
    save = tmp_path / "t.toml"
    run(save, "tournament", "new", "--lang", "nl", "--players", "Anna,Bram,Cees,Dora",
        "--seed", "1")
    assert "Toernooironde 1" in run(save, "tournament", "show", "--lang", "nl").stdout
