"""Card input in the table's language (NOTATION.md "Languages"): the local
letters and words are read, and English letters keep their meaning everywhere."""

import itertools

import pytest

from referee.engine import lexicon
from referee.engine.cards import RANKS, SUITS, Card, JOKER_CARD, parse_suit, try_card
from referee.engine.notation import Draw, Play, parse_line
from referee.messages import say

LOCAL = ["nl", "fr", "it", "pt"]

# NOTATION.md's table: Jack, Queen, King, Ace, clubs, diamonds, hearts, spades, Joker.
TABLE = {
    "nl": (("b", "v", "h", "a"), ("k", "r", "h", "s"), "joker",
           ("klaveren", "ruiten", "harten", "schoppen")),
    "fr": (("v", "d", "r", "a"), ("tr", "ca", "co", "pi"), "joker",
           ("trèfle", "carreau", "cœur", "pique")),
    "it": (("f", "d", "r", "a"), ("fi", "qu", "cu", "pi"), "jolly",
           ("fiori", "quadri", "cuori", "picche")),
    "pt": (("v", "d", "r", "a"), ("pa", "ou", "co", "es"), "coringa",
           ("paus", "ouros", "copas", "espadas")),
}

ENGLISH_TOKENS = ([f"{r}{s}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "t",
                                        "j", "q", "k", "a"]
                   for s in ["c", "d", "h", "s", "♣", "♦", "♥", "♠"]]
                  + ["joker", "jo", "*"])


@pytest.mark.parametrize("code", LOCAL)
def test_every_letter_of_the_table_reads_in_its_language(code):
    lex = lexicon.lexicon(code)
    courts, suits, joker, suit_words = TABLE[code]
    for (letter, rank), (suit_letter, suit) in itertools.product(
            zip(courts, ["J", "Q", "K", "A"]), zip(suits, SUITS)):
        for token in (letter + suit_letter, (letter + suit_letter).upper()):
            assert try_card(token, lex) is Card(rank, suit), token
    for number in ["2", "7", "10"]:
        for suit_letter, suit in zip(suits, SUITS):
            assert try_card(number + suit_letter, lex) is Card(number, suit)
    assert try_card(joker, lex) is JOKER_CARD
    for word, suit in zip(suit_words, SUITS):
        assert parse_suit(word, lex) == suit
    for suit_letter, suit in zip(suits, SUITS):
        assert parse_suit(suit_letter, lex) == suit


@pytest.mark.parametrize("code", LOCAL)
def test_english_letters_keep_their_meaning_in_every_language(code):
    english = {token: try_card(token) for token in ENGLISH_TOKENS}
    english_suits = {t: parse_suit(t) for t in ["c", "d", "h", "s", "clubs", "spades"]}
    lex = lexicon.lexicon(code)
    for token, card in english.items():
        assert card is not None and try_card(token, lex) is card, token
    for token, suit in english_suits.items():
        assert parse_suit(token, lex) == suit


@pytest.mark.parametrize("code", LOCAL)
def test_no_local_token_is_an_english_token_with_another_meaning(code):
    lex = lexicon.lexicon(code)
    local = set(lex.ranks) | set(lex.suits) | set(lex.suit_words) | set(lex.jokers) | set(lex.words)
    english_words = {"d", "draw", "lk", "last", "call", "leave", "undo", "redo", "start",
                     "fix", "state", "check", "why", "rules", "help", "replay"}
    for token in local:
        if token in english_words:
            assert lex.words.get(token, token) == token, token
        card = try_card(token)
        if card is not None and token not in lex.jokers:
            pytest.fail(f"{code}: {token!r} reads as the English card {card}")


def test_dutch_lines_read_as_the_table_types_them():
    nl = lexicon.lexicon("nl")
    line = parse_line("Bh k", nl)
    assert line.actions == (Play(Card("J", "h"), "c"),)
    assert parse_line("Hs", nl).actions == (Play(Card("K", "s")),)
    assert parse_line("pakken", nl).actions == (Draw(),)
    assert parse_line("pak 5h", nl).actions == (Draw(Card("5", "h")),)
    assert parse_line("4h laatste", nl).canonical() == "4h lk"


def test_french_lines_read_as_the_table_types_them():
    fr = lexicon.lexicon("fr")
    assert parse_line("Vco pi", fr).actions == (Play(Card("J", "h"), "s"),)
    assert parse_line("pioche", fr).actions == (Draw(),)
    assert parse_line("Vco pi", fr).canonical() == "Jh s"


def test_local_letters_are_not_read_outside_their_language():
    assert try_card("Bh") is None
    assert try_card("Vco") is None


def test_a_false_friend_letter_is_noticed_for_the_one_time_hint():
    fr = lexicon.lexicon("fr")
    assert lexicon.false_friends(["7c"], fr) == [("c", "h")]
    assert lexicon.false_friends(["7co", "7h"], fr) == []
    assert lexicon.false_friends(["7c"], lexicon.lexicon("nl")) == []


def test_a_notation_error_is_told_in_the_active_language_catalog():
    from referee.engine.cards import NotationError
    with pytest.raises(NotationError) as exc:
        parse_line("7x")
    assert exc.value.key == "notation.unknown"
    assert say(exc.value) == "'7x' is not a card or an entry word"


def run(save, *args, input=None, code=0):
    """``pesten-ref ARGS --save SAVE`` as a subprocess (the language is process state)."""
    import os
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items()
           if k not in ("PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    result = subprocess.run([sys.executable, "-m", "referee", *args, "--save", str(save)],
                            input=input, capture_output=True, text=True, env=env)
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr
    return result


def test_new_lang_keeps_the_series_language_and_reads_its_card_letters(tmp_path):
    save = tmp_path / "p.toml"
    out = run(save, "new", "--lang", "nl", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    assert "Nieuwe serie" in out.stdout
    played = run(save, "play", "--json", input="start 9h\n9c\nBk h\n")
    import json
    answers = [json.loads(line) for line in played.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, True, True]
    assert answers[-1]["state"]["top"] == "Jc" and answers[-1]["state"]["named_suit"] == "h"
    assert "B♣" in answers[-1]["ruling"]
    # The save file keeps the canonical English form, so it reads back in any language.
    hand = (tmp_path / "p.hands" / "hand-00001.toml").read_text(encoding="utf-8")
    assert '"Jc h"' in hand
    english = run(save, "state", "--lang", "en")
    assert "J♣" in english.stdout and "B♣" not in english.stdout


def test_a_hand_edited_display_table_keeps_the_series_language(tmp_path):
    """The quick look before the command line is read finds ``[display] lang`` wherever
    the table stands and however it is spaced, and a tournament's inline
    ``display = { lang = ... }``; a ``lang`` of another table is not the series'."""
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "nl", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    text = save.read_text(encoding="utf-8")
    assert '[display]\nlang = "nl"' in text
    edited = text.replace('[display]\nlang = "nl"',
                          '[display]\nshow_calls = true\n  lang="fr"   # French, for Mamie')
    save.write_text(edited, encoding="utf-8")
    assert "Distribue ensuite" in run(save, "standings").stdout
    from referee.series.store import series_language
    for body, lang in (('format = 1\ndisplay = { lang = "it" }\n', "it"),
                       ('format = 1\ndisplay = {show_calls = true, lang="pt"}\n', "pt"),
                       ('format = 1\n[rules]\nlang = "nl"\n', None),
                       ('format = 1\n[display]\nlang = 3\n', None)):
        (tmp_path / "x.toml").write_text(body, encoding="utf-8")
        assert series_language(str(tmp_path / "x.toml")) == lang, body


def test_an_unknown_language_is_bad_usage(tmp_path):
    result = run(tmp_path / "p.toml", "standings", "--lang", "xx", code=2)
    assert "--lang takes one of en, nl, fr, it, pt" in result.stderr


def test_click_texts_follow_the_language(tmp_path):
    result = run(tmp_path / "p.toml", "standings", "--lang", "nl", "--bogus", code=2)
    assert "Gebruik:" in result.stderr and "bestaat niet" in result.stderr


# -- the one-time hint on a false-friend letter (NOTATION.md "Languages") ----------------

_HINTED = "start 9h\n9c\n7c\nCees: 3c\nJc h\n"
_HINT_START = {"fr": "Attention\u00a0: `9c` est 9♣", "it": "Attenzione: `9c` è 9♣",
               "pt": "Atenção: `9c` é 9♣", "nl": "Let op:"}


@pytest.mark.parametrize("language", ["fr", "it", "pt", "nl"])
def test_a_false_friend_letter_is_explained_once_and_changes_no_ruling(tmp_path, language):
    import json
    save = tmp_path / "p.toml"
    run(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    told = run(save, "play", "--lang", language, input=_HINTED).stdout.splitlines()
    hints = [line for line in told if line.startswith(_HINT_START[language])]
    # Dutch has no such letter (klaveren, ruiten, harten, schoppen); the others say it once.
    assert len(hints) == (0 if language == "nl" else 1)
    run(tmp_path / "q.toml", "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    answers = [json.loads(line) for line in
               run(tmp_path / "q.toml", "play", "--json", "--lang", language,
                   input=_HINTED).stdout.splitlines()]
    # Without the hint, the text is the rulings, as in JSON (where no hint is told).
    assert [line for line in told if line not in hints] == [a["ruling"] for a in answers]
    assert all(a["ok"] for a in answers) and answers[-1]["state"]["top"] == "Jc"
    assert answers[-1]["state"]["named_suit"] == "h"


def test_the_hint_says_how_to_type_the_local_suit(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    # A Jack of clubs on 9♥ is refused (R3.1): the hint goes with the refusal, on stderr.
    told = run(save, "play", "--lang", "fr", input="start 9h\nVc co\n", code=1).stderr
    assert "(R3.1)" in told
    assert ("`Vc` est V♣, car `c` est dans toutes les langues la lettre anglaise de ♣ trèfle. "
            "Pour ♥ cœur, tapez `co`\u00a0: `Vco`.") in told


def test_a_local_rank_with_an_english_suit_letter_is_a_false_friend():
    pt = lexicon.lexicon("pt")
    assert lexicon.false_friends(["Vc", "Dc", "Rc", "c"], pt) == [("c", "h")] * 4
    assert lexicon.local_suit_letter("h", pt) == "co"
    assert lexicon.local_suit_letter("h") is None


def test_standings_and_history_speak_the_series_own_language(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "nl", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    assert run(save, "standings").stdout.startswith("Plaats  Speler  Totaal")
    assert "Er is nog geen ronde van deze serie genoteerd." in run(save, "history").stdout
    assert run(save, "standings", "--lang", "en").stdout.startswith("Place  Player  Total")


def test_a_mistake_found_before_the_series_is_opened_is_told_in_its_language(tmp_path):
    save = tmp_path / "p.toml"
    run(save, "new", "--lang", "nl", "--players", "Anna,Bram,Cees", "--dealer", "Anna")
    # click's usage error, read again in the series' own language ...
    bad_value = run(save, "score", "--hand", "0", code=2).stderr
    assert "Gebruik: pesten-ref score [OPTIES]" in bad_value and "Fout:" in bad_value
    # ... and the program's own, before the series is read.
    assert "moet eruitzien als NAAM=" in run(save, "score", "Anna", code=2).stderr
    assert "kan niet gelezen worden" in run(save, "play", "--script",
                                            str(tmp_path / "none.txt"), code=2).stderr
    assert "should read NAME=" in run(save, "score", "Anna", "--lang", "en", code=2).stderr


def test_two_hands_in_two_languages_read_each_its_own_in_one_process():
    """NOTATION.md "Languages": the language is the hand's, not the process's —
    a Dutch and a French table side by side each read their own letters."""
    from referee.engine import Hand
    from referee.engine.rules import HouseRules
    players = ["Anna", "Bram", "Cees"]
    dutch = Hand(HouseRules(), players, "Anna", 1, lexicon.lexicon("nl"))
    french = Hand(HouseRules(), players, "Anna", 1, lexicon.lexicon("fr"))
    english = Hand(HouseRules(), players, "Anna", 1)
    assert dutch.apply_line("start Hh").ok      # heer: the King
    assert french.apply_line("start Rco").ok    # roi de cœur
    assert not english.apply_line("start Hh").ok
    assert dutch.log == french.log == ["start Kh"]
    assert dutch.apply_line("check Bh").data == {"legal": True, "card": "Jh"}   # boer
    assert french.apply_line("check Bh").data == {"legal": False}   # no card in French
    assert [h.lexicon.code for h in (dutch, french, english)] == ["nl", "fr", "en"]


def _local_words() -> dict[str, str]:
    """Every word a language other than English spells for the table (suit words,
    Jokers, entry and command words, the card after the call, the rule book's
    search synonyms) -> its language, without those English spells alike
    (``start``, ``score``, ``joker``; French ``points``, Dutch ``jokers``)."""
    english = {"joker", "jokers", "card", "points"} | {
        e for lex in lexicon.LEXICONS.values() for e in lex.words.values()}
    found = {}
    for code, lex in lexicon.LEXICONS.items():
        for word in (*lex.suit_names, *lex.jokers, *lex.words, lex.card_word, *lex.synonyms):
            if len(word) >= 3 and word not in english:
                found[word] = code
    return found


def test_a_languages_words_are_spelled_in_the_lexicon_only():
    """Each language's card, suit and entry words are declared once, in
    ``referee/engine/lexicon.py``: no other module of the program spells one as a
    value of its own (its docstrings and comments may name them)."""
    import ast
    from pathlib import Path
    words = _local_words()
    root = Path(lexicon.__file__).resolve().parents[1]
    spelled = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "lexicon.py" or "messages" in path.relative_to(root).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docstrings:
                for token in {node.value.strip().lower(), *node.value.lower().split(", ")}:
                    if token in words:
                        spelled.append(f"{path.relative_to(root)}:{node.lineno} {token!r} ({words[token]})")
    assert spelled == []
