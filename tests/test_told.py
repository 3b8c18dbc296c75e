"""The engine's errors are data, said where they are caught (issue 21).

A ``RulesError`` (R8) and a ``NotationError`` carry a message's key and fields
(``referee.engine.told``), not its text: ``referee.messages.say`` says them in the
language set where they are shown, word for word as the players read them before.
"""

from __future__ import annotations

import pickle

import pytest

from referee.engine.cards import NotationError
from referee.engine.notation import parse_line
from referee.engine.rules import HouseRules, RulesError
from referee.engine.rulecheck import check_table_fits
from referee.engine.told import OneOf, Told
from referee.messages import say
from referee.series.presets import load_rules

NBSP = "\u00a0"

#: What the players read for each error, in Dutch and French (as before the errors
#: became data).
SAID = {
    ("nl", "enum"): 'ours.toml, regel 1: `stacking = "sometimes"` mag niet; gebruik "same", '
                    '"cumulative" of "none".',
    ("fr", "enum"): f'ours.toml, ligne 1{NBSP}: `stacking = "sometimes"` n\'est pas permis{NBSP}; '
                    'utilisez "same", "cumulative" ou "none".',
    ("nl", "type"): 'ours.toml, regel 1: `deal_size` moet een heel getal, 1 of meer zijn, niet '
                    '"seven" (tekst).',
    ("fr", "type"): f'ours.toml, ligne 1{NBSP}: `deal_size` doit être un nombre entier, 1 ou plus, '
                    'pas "seven" (du texte).',
    ("nl", "deck"): 'huisregels "standard": 5 spelers met elk 11 kaarten, plus de startkaart, '
                    'hebben 56 kaarten nodig, maar 1 spel heeft er 54 (R1.3). Gebruik '
                    '`decks = 2` of `deal_size` van hoogstens 10.',
    ("fr", "deck"): f'règles maison "standard"{NBSP}: 5 joueurs avec 11 cartes chacun, plus la '
                    'première carte, demandent 56 cartes, mais 1 jeu en contient 54 (R1.3). '
                    'Utilisez `decks = 2` ou `deal_size` d\'au plus 10.',
    ("nl", "not_found"): 'nowhere.toml: er is geen variant of huisregelbestand dat '
                         '"nowhere.toml" heet. Gebruik een variant (standaard, familie, '
                         'hard, snel, cumulatief of toernooi) of het pad van een .toml-bestand.',
    ("fr", "not_found"): f'nowhere.toml{NBSP}: il n\'y a ni variante ni fichier de règles '
                         f'maison nommé «{NBSP}nowhere.toml{NBSP}». Utilisez une variante (standard, famille, '
                         'difficile, rapide, cumulatif ou tournoi) ou le chemin d\'un fichier .toml.',
    ("nl", "7x"): "'7x' is geen kaart en geen woord voor een zet",
    ("fr", "7x"): f"«{NBSP}7x{NBSP}» n'est ni une carte ni un mot de saisie",
    ("nl", "Anna:"): "niets na 'Anna:'",
    ("fr", "Anna:"): f"rien après «{NBSP}Anna:{NBSP}»",
}

FILES = {"enum": 'stacking = "sometimes"\n', "type": 'deal_size = "seven"\n'}


def raised(case: str, where) -> RulesError | NotationError:
    """The error the engine raises for ``case`` (a house-rule file ``ours.toml`` in
    the current directory ``where``, a table that does not fit, a line)."""
    with pytest.raises((RulesError, NotationError)) as caught:
        if case in FILES:
            (where / "ours.toml").write_text(FILES[case], encoding="utf-8")
            load_rules("ours.toml")
        elif case == "deck":
            check_table_fits(HouseRules(deal_size=11), 5)
        elif case == "not_found":
            load_rules("nowhere.toml")
        else:
            parse_line(case)
    return caught.value


def said(error: RulesError | NotationError) -> str:
    """The error as the place that catches it shows it."""
    return say(error.told) if isinstance(error, RulesError) else say(error)


def data(error: RulesError | NotationError) -> object:
    """What the error carries: the told message of a RulesError, a NotationError's key
    and fields."""
    return error.told if isinstance(error, RulesError) else (error.key, error.fields)


CASES = sorted({case for _, case in SAID})


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("language", ["nl", "fr"])
def test_an_error_said_in_dutch_or_french_reads_as_before(tmp_path, monkeypatch, speak,
                                                          case, language):
    monkeypatch.chdir(tmp_path)
    speak(language)
    assert said(raised(case, tmp_path)) == SAID[(language, case)]


@pytest.mark.parametrize("case", CASES)
def test_an_error_raised_in_one_language_is_said_in_the_language_that_says_it(
        tmp_path, monkeypatch, speak, case):
    """Data, not text: made while Dutch is set, read where French is."""
    monkeypatch.chdir(tmp_path)
    speak("nl")
    error = raised(case, tmp_path)
    speak("fr")
    assert said(error) == SAID[("fr", case)]
    assert data(raised(case, tmp_path)) == data(error)   # the same data in either language


def test_a_rules_error_carries_its_problem_and_allowed_values_as_told_data(tmp_path,
                                                                           monkeypatch, speak):
    monkeypatch.chdir(tmp_path)
    error = raised("enum", tmp_path)
    choices = OneOf(('"same"', '"cumulative"', '"none"'), "rules.word.or")
    assert error.allowed == Told("rules.allowed.choices", choices=choices)
    assert error.told == Told("rules.error", problem=error.problem,
                              where=Told("rules.where.file_line", file="ours.toml", line=1))
    speak("nl")
    assert say(error.allowed) == '"same", "cumulative" of "none"'
    assert say(error.told) == f"ours.toml, regel 1: {say(error.problem)}"


def test_a_told_message_is_an_immutable_value():
    told = Told("rules.where.file_line", file="ours.toml", line=2)
    assert told == Told("rules.where.file_line", line=2, file="ours.toml")
    assert told != Told("rules.where.file_line", file="ours.toml", line=3)
    assert hash(told) == hash(Told("rules.where.file_line", file="ours.toml", line=2))
    assert pickle.loads(pickle.dumps(told)) == told
    with pytest.raises(AttributeError):
        told.key = "rules.where.file"
    with pytest.raises(TypeError):
        told.fields["line"] = 3


def test_a_line_that_is_not_notation_is_refused_in_the_language_that_reads_the_ruling(speak):
    from referee.engine import Hand
    from referee.engine.lexicon import ENGLISH
    from referee.words.events import told
    hand = Hand(HouseRules(), ["Anna", "Bram"], "Anna", lexicon=ENGLISH)
    speak("nl")
    ruling = hand.apply_line("7x")
    speak("fr")
    assert not ruling.ok and SAID[("fr", "7x")] in told(ruling)
