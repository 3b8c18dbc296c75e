"""The table in its own language, as a native reader meets it (NOTATION.md "Languages"):
the words the help offers are read, every card shown is in the language's
letters, the examples and the suit question are in them, and the save keeps the
English form."""

from __future__ import annotations

import re

import pytest

from referee.engine import lexicon
from referee import messages
from tests.test_repl import saved_lines, table  # noqa: F401  (the fixture: a fresh series)
from tests.test_repl import drive

LOCAL = ["nl", "fr", "it", "pt"]


def _help_words() -> list[tuple[str, str]]:
    """(local word, English word) for each word the prompt's help offers."""
    from referee.interface.app import help_text
    return [(local, english) for english, local
            in re.findall(r"([a-z]+) \(`([^`]+)`\)", help_text().splitlines()[-1])]


# -- every word the help offers is read (issue 23, point 1) ----------------------------

@pytest.mark.parametrize("code", LOCAL)
def test_every_word_the_help_offers_is_read_at_the_prompt(speak, table, code):
    from referee.interface.app import SeriesApp
    speak(code)
    offered = _help_words()
    assert {english for _, english in offered} >= {"score", "standings", "history", "state",
                                                   "undo", "help"}
    app = SeriesApp(table, interactive=True)
    app.handle_line("start 9h")
    for word, english in offered:
        if english in ("call", "leave"):
            word += " Anna"
        if english == "start":
            word += " 9h"
        if english == "fix":
            word += " " + lexicon.local_forms("count", lexicon.lexicon(code))[0] + " Anna 5"
        reply = app.handle_line(word)
        assert reply.kind != "error", (word, reply.text)
        if reply.question is not None:
            reply.question.answer(None)


@pytest.mark.parametrize("code", LOCAL)
def test_the_local_words_for_score_standings_history_work_in_a_script(speak, table, code):
    from referee.interface.app import run_script
    speak(code)
    words = {english: word for word, english in _help_words()}
    out: list[str] = []
    status = run_script(table, ["start 9h", words["standings"], words["history"]], False, False,
                        lambda text, err: out.append(text))
    assert status == 0, out
    # Between hands `score` in the language's word records the hand.
    from referee.interface.app import SeriesApp
    app = SeriesApp(table)
    app.handle_line("Bram: d")
    reply = app.handle_line(words["score"] + " Anna=3")
    assert reply.kind == "command"  # read as `score` (refused here: the hand is being played)


@pytest.mark.parametrize("code", LOCAL)
def test_a_mistyped_command_is_answered_with_the_languages_own_word(speak, table, capsys, code):
    """At the prompt, "did you mean" names the word the help offers (French
    `classement`), not the English one, for a mistyped English word and for a mistyped
    local one; a word that changes the series (``score``) only in a form close to
    the word typed (``scroe``: `score`, not French `points`; issue 33)."""
    speak(code)
    words = {english: word for word, english in _help_words()}
    local = words["standings"]
    typo = local[:-2] + local[-1] + local[-2]  # two letters swapped: classemetn
    drive(table, f"stnadings\n{typo}\nscroe\n")
    out = " ".join(capsys.readouterr().out.split())
    suggested = re.findall(r"`([^`]+)`", out)
    assert local in suggested and "standings" not in suggested
    assert "score" in suggested and words["score"] not in suggested
    assert saved_lines(table) == []


# -- every card a player reads is in the language's letters (point 2) ------------------

KING_OF_HEARTS = {"nl": "Hh", "fr": "Rco", "it": "Rcu", "pt": "Rco"}
SHOWN = {"nl": "H♥", "fr": "R♥", "it": "R♥", "pt": "R♥"}


@pytest.mark.parametrize("code", LOCAL)
def test_undo_redo_and_replay_show_the_cards_in_the_languages_letters_R0_2(
        speak, table, capsys, code):
    speak(code)
    local = KING_OF_HEARTS[code]
    drive(table, f"start 9h\nAnna: {local}\nundo\nredo\nreplay\n")
    out = capsys.readouterr().out
    undone = messages.t("engine.undo.done", line=f"Anna: {local}")
    redone = messages.t("engine.redo.done", line=f"Anna: {local}")
    assert undone in out and redone in out
    assert "Kh" not in out
    # replay: the entry as the language writes it, the top card as the rulings show it
    assert f"Anna: {local}" in out
    after = messages.t("cli.replay.after", top=SHOWN[code], turn="Bram",
                       counts="Anna 6 Bram 7 Cees 7", pile=32)
    assert " ".join(after.split()) in " ".join(out.split())  # the prompt wraps long lines
    # The save keeps the English form.
    assert saved_lines(table) == ["start 9h", "Anna: Kh"]


# -- click's own texts beside a series in another language (point 3) -------------------

def _cli(tmp_path, *args: str):
    import os
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items()
           if k not in ("PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["PESTEN_REF_SAVE"] = str(tmp_path / "s.toml")
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                          text=True, env=env, cwd=tmp_path)


@pytest.mark.parametrize("code", LOCAL)
def test_click_errors_beside_a_series_speak_its_language(tmp_path, code):
    made = _cli(tmp_path, "new", "--lang", code, "--players", "Anna,Bram", "--dealer", "Anna")
    assert made.returncode == 0, made.stderr
    english = _cli(tmp_path, "--lang", "en", "stnadings")
    assert "No such command" in english.stderr
    typo = _cli(tmp_path, "stnadings")
    assert typo.returncode == 2
    assert "No such command" not in typo.stderr and "Usage:" not in typo.stderr
    assert "stnadings" in typo.stderr
    one = _cli(tmp_path, "new", "--players", "Anna", "--force")
    assert one.returncode == 2 and "Pesten takes" not in one.stderr and "R1.1" in one.stderr
    bad = _cli(tmp_path, "--lang", "xx", "standings")
    assert bad.returncode == 2
    assert "is not a language" not in bad.stderr and "xx" in bad.stderr
    option = _cli(tmp_path, "standings", "--foo")
    assert option.returncode == 2 and "No such option" not in option.stderr


@pytest.mark.parametrize("code", LOCAL)
def test_a_tournament_keeps_its_language_as_a_series_does_R8_6(tmp_path, code):
    """``tournament new --lang CODE``: its other commands, click's errors about them,
    and its tables' series speak that language without --lang; --lang still comes
    first (NOTATION.md "Languages")."""
    cup = str(tmp_path / "cup.toml")
    made = _cli(tmp_path, "tournament", "new", "--lang", code, "--players",
                "Anna,Bram,Cees,Daan,Eva", "--seed", "3", "--save", cup)
    assert made.returncode == 0, made.stderr

    def same_as(*args: str) -> tuple[str, str, str]:
        """(as run, with --lang CODE, with --lang en): the output of ``args``."""
        return tuple(_cli(tmp_path, *lang, *args).stdout
                     for lang in ((), ("--lang", code), ("--lang", "en")))

    for args in (("tournament", "show", "--save", cup), ("state", "--table", "1", "--save", cup)):
        shown, local, english = same_as(*args)
        assert shown == local != english, args
    table_series = next((tmp_path / "cup.tables").glob("*/series.toml"))
    shown, local, english = same_as("state", "--save", str(table_series))
    assert shown == local != english
    typo = _cli(tmp_path, "tournament", "sohw", "--save", cup)
    assert typo.returncode == 2 and "sohw" in typo.stderr
    assert "No such command" not in typo.stderr and "Usage:" not in typo.stderr


# -- the suit question and the examples in the language's letters (point 4) -------------

LETTERS = {"nl": "(k/r/h/s)", "fr": "(tr/ca/co/pi)", "it": "(fi/qu/cu/pi)", "pt": "(pa/ou/co/es)"}
EXAMPLE = {"nl": "Ah Hs 3r", "fr": "Aco Rpi 3ca", "it": "Acu Rpi 3qu", "pt": "Aco Res 3ou"}
JACK = {"nl": "Bh s", "fr": "Vco pi", "it": "Fcu pi", "pt": "Vco es"}


@pytest.mark.parametrize("code", LOCAL)
def test_the_suit_question_offers_the_languages_letters_R5_4(speak, table, code):
    from referee.interface.app import SeriesApp
    speak(code)
    app = SeriesApp(table, interactive=True)
    app.handle_line("start 9h")
    app.handle_line("Anna: 9c")
    question = app.handle_line("Jc").question
    assert LETTERS[code] in question.prompt and "(c/d/h/s)" not in question.prompt
    again = question.answer("x")
    assert LETTERS[code].strip("()") in again.text
    local_spades = LETTERS[code].strip("()").split("/")[3]
    assert again.question.answer(local_spades).ok
    assert table.state()["named_suit"] == "s"


@pytest.mark.parametrize("code", LOCAL)
def test_help_and_the_score_question_give_examples_in_the_languages_letters(speak, table, code):
    from referee.interface.app import SeriesApp, help_text
    speak(code)
    text = help_text()
    assert EXAMPLE[code] in text and JACK[code] in text
    assert "Ah Ks 3d" not in text and "Jh s" not in text
    app = SeriesApp(table, interactive=True)
    winner = app.handle_line("score").question       # a hand played without the referee
    cards = winner.answer("Anna").question
    assert cards.kind == "cards" and EXAMPLE[code] in cards.prompt


@pytest.mark.parametrize("code", LOCAL)
def test_pesten_ref_help_gives_examples_in_the_languages_letters(tmp_path, code):
    shown = _cli(tmp_path, "--lang", code, "help").stdout
    assert JACK[code] in shown and "Jh s" not in shown


# -- help notation / rules / json in the language (point 6) -----------------------------

def _english_sentences(text: str) -> list[str]:
    """The English catalog's sentences (of 4 words or more) found whole in ``text``."""
    from referee.messages import catalog
    found = []
    flat = " ".join(text.split())
    for key, template in catalog("en").items():
        if key.startswith("repl.usage."):  # notation typed as it is (`show calls on`)
            continue
        forms = template.values() if isinstance(template, dict) else [template]
        for form in forms:
            for piece in re.split(r"\{[^}]*\}|`[^`]*`|\n", form):
                piece = " ".join(piece.split()).strip(" .,;:()")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 4 and piece in flat:
                    found.append(piece)
    return found


@pytest.mark.parametrize("code", LOCAL)
def test_help_notation_and_rules_are_in_the_language(tmp_path, code):
    notation = _cli(tmp_path, "--lang", code, "help", "notation")
    assert notation.returncode == 0
    assert "# " not in notation.stdout  # not the English document
    assert JACK[code] in notation.stdout
    assert LETTERS[code].strip("()").split("/")[0] in notation.stdout
    assert _english_sentences(notation.stdout) == []
    rules = _cli(tmp_path, "--lang", code, "help", "rules")
    assert rules.stdout == _cli(tmp_path, "--lang", code, "rules").stdout
    assert _english_sentences(rules.stdout) == []
    json_doc = _cli(tmp_path, "--lang", code, "help", "json").stdout
    first = json_doc.splitlines()[0]
    assert "JSON" in first and "contract for programmers" not in first


# -- numbers as the language writes them (point 5) --------------------------------------

NUMBERS = {"nl": ("2.000", "%"), "fr": ("2\u202f000", "\u00a0%"), "it": ("2.000", "%"),
           "pt": ("2.000", "%")}


@pytest.mark.parametrize("code", LOCAL)
def test_simulate_writes_numbers_by_the_languages_cldr_conventions(tmp_path, code):
    shown = _cli(tmp_path, "--lang", code, "simulate", "--hands", "2000", "--seed", "1",
                 "--players", "3", "--forget", "0,1")
    assert shown.returncode == 0, shown.stderr
    thousands, percent = NUMBERS[code]
    out = shown.stdout
    assert thousands in out and "2,000" not in out
    assert re.search(r"\d+,\d+" + re.escape(percent), out), out
    assert not re.search(r"\d\.\d(?!\d\d)", out), out  # no English decimal point


def test_the_cldr_table_is_babels():
    from babel import Locale
    from babel.numbers import format_decimal, format_percent
    from referee.messages import localize_number
    from referee.messages.catalogs import CLDR_LOCALES
    for code, locale in CLDR_LOCALES.items():
        assert localize_number(f"{2000.5:,.1f}", code) == format_decimal(2000.5, "#,##0.0",
                                                                         locale=locale)
        pattern = Locale.parse(locale).percent_formats[None].pattern.replace("#,##0", "#,##0.0")
        assert localize_number(f"{0.257:.1%}", code, True) == format_percent(
            0.257, pattern, locale=locale)


@pytest.mark.parametrize("code", LOCAL)
def test_click_names_its_number_types_in_the_language(tmp_path, code):
    bad = _cli(tmp_path, "--lang", code, "simulate", "--forget", "abc")
    assert bad.returncode == 2
    assert "float" not in bad.stderr and "abc" in bad.stderr
    bad = _cli(tmp_path, "--lang", code, "simulate", "--hands", "x")
    assert "integer" not in bad.stderr


# -- the catalogs' check reads as a native reader would (point 7) -----------------------

@pytest.mark.parametrize("language, key, text, marked", [
    ("fr", "repl.score.ask", "Cartes de {name} ? (Ah Ks 3d)", True),
    ("fr", "repl.score.ask", "Cartes de {name}\u00a0? ({ex:Ah Ks 3d})", False),
    ("nl", "cli.new.dealer", "Leg de startkaart (`start 9h`).", True),
    ("pt", "engine.rank.A", "As cartas", False),
    ("fr", "cli.help.notation.cards", "`7c` est 7♣", False),
    ("fr", "repl.keys", "Tapez `aide`: la notation", True),
    ("fr", "repl.keys", "Tapez `aide` : la notation ; Entrée !", True),
    ("fr", "repl.keys", "Tapez `aide`\u00a0: la notation\u00a0; Entrée\u00a0!", False),
    ("fr", "repl.keys", "la variante « famille »", True),
    ("fr", "repl.keys", "la variante «\u00a0famille\u00a0»", False),
    ("fr", "repl.keys", "Tapez `aide`\u202f: la notation", False),
    ("fr", "engine.out", "{name} est éliminé.", True),
    ("fr", "engine.out", "{name} éliminé.", True),
    ("fr", "engine.out", "La pénalité de {name} est annulée.", False),
    ("it", "engine.out", "{name} è eliminato.", True),
    ("it", "engine.out", "{name} ha pescato.", False),
    ("nl", "repl.keys", "Typ `hulp`: de notatie", False),
    ("fr", "repl.help.entries", "plusieurs cartes (les Sept)", True),
    ("fr", "repl.help.entries", "plusieurs cartes (les sept)", False),
    ("fr", "engine.effect.seven", "Sept\u00a0: rejouez.", False),
    ("nl", "engine.effect.seven", "na een Zeven", True),
    ("nl", "engine.effect.seven", "Zeven: nog een keer.", False),
    ("it", "engine.effect.seven", "dopo un Sette", True),
    ("pt", "engine.effect.seven", "depois de um Sete", True),
])
def test_the_catalogs_check_marks_what_a_native_reader_would(language, key, text, marked):
    from referee.messages.catalogs import style_problems
    assert bool(style_problems(language, key, text)) is marked


def test_the_catalogs_pass_their_check():
    from referee.messages.catalogs import problems
    assert problems() == []


# -- a whole series in the language prints no English sentence (point 8) ---------------

def _recorded_hand() -> list[str]:
    """The entries of a recorded family hand (Anna, Bram, Cees; Cees deals; Anna wins,
    Bram holds 2 cards and Cees 3 at the end), each with its player."""
    import json
    from pathlib import Path
    path = Path(__file__).parent / "data" / "transcripts" / "1-family-3.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [row["input"] for row in rows[1:]]


def _series_output(tmp_path, code: str) -> str:
    """Everything printed by a whole series in ``code``: a refereed hand (with a
    refusal, undo, redo, the queries, a correction), scored, its score corrected,
    hands scored until the series is won, the boards, and a tournament's table."""
    import os
    import subprocess
    import sys
    out = []
    env = {k: v for k, v in os.environ.items()
           if k not in ("PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(PESTEN_REF_SAVE=str(tmp_path / "s.toml"), NO_COLOR="1",
               XDG_STATE_HOME=str(tmp_path / "state"))

    def run(*args, stdin=None, ok=(0,)):
        done = subprocess.run([sys.executable, "-m", "referee", *args], input=stdin,
                              capture_output=True, text=True, env=env, cwd=tmp_path)
        assert done.returncode in ok, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        out.extend([done.stdout, done.stderr])

    hand = _recorded_hand()
    run("new", "--lang", code, "--rules", "family", "--players", "Anna,Bram,Cees",
        "--dealer", "Cees", "--limit", "40")
    extra = ["Zed: 7h", "state", "why", "check 7h", "undo", "redo", "replay", "help"]
    run("play", "--keep-going", stdin="\n".join(hand[:5] + extra + hand[5:]) + "\n", ok=(1,))
    run("score", "Bram=12", "Cees=20")
    run("score", "--hand", "1", "Bram=20", "Cees=12")   # a correction
    run("standings")
    run("score", "--winner", "Bram", "Anna=30", "Cees=25")
    run("score", "--winner", "Cees", "Anna=30", "Bram=5")     # Anna is out
    run("score", "--winner", "Bram", "Cees=30")                # Cees is out: Bram wins
    for command in (["standings"], ["history"], ["replay", "--hand", "1"], ["state"],
                    ["series"], ["rules", "R5.1"]):
        run(*command)
    (tmp_path / "club.txt").write_text("Anna\nBram\nCees\nDaan\nEva\nFien\nGijs\n")
    run("--lang", code, "tournament", "new", "--players-file", "club.txt", "--seed", "7",
        "--save", "cup.toml")
    run("--lang", code, "score", "--table", "1", "--save", "cup.toml", "--winner", "Bram",
        "Daan=3", "Eva=7", "Fien=9")
    run("--lang", code, "tournament", "show", "--save", "cup.toml")
    return "\n".join(out)


@pytest.mark.parametrize("code", LOCAL)
def test_a_whole_series_in_the_language_prints_no_english_sentence(tmp_path, code):
    text = _series_output(tmp_path, code)
    assert _english_sentences(text) == [], text
    assert "Bram" in text and "R5.1" in text


def test_the_same_series_in_english_is_found_english(tmp_path):
    """The comparison can fail: the series in English is full of its catalog's sentences."""
    assert len(_english_sentences(_series_output(tmp_path, "en"))) > 10


START = {"nl": "start 9h", "fr": "début 9co", "it": "inizio 9cu", "pt": "início 9co"}


@pytest.mark.parametrize("code", LOCAL)
def test_state_and_score_of_a_hand_only_dealt_give_the_example_in_the_language(tmp_path, code):
    _cli(tmp_path, "new", "--lang", code, "--players", "Anna,Bram", "--dealer", "Anna")
    assert f"`{START[code]}`" in _cli(tmp_path, "state").stdout
    assert f"`{START[code]}`" in _cli(tmp_path, "score", "--winner", "Anna", "Bram=3").stdout
    bad = _cli(tmp_path, "score", "foo")
    assert EXAMPLE[code] in bad.stderr


JACK_EXAMPLE = {"en": "`Jh s`", "nl": "`Bh s`", "fr": "`Vco pi`", "it": "`Fcu pi`",
                "pt": "`Vco es`"}


@pytest.mark.parametrize("code", ["en", *LOCAL])
def test_R5_4_a_jack_without_a_suit_is_told_the_entry_in_the_languages_letters(tmp_path, code):
    """The refusal shows what to type, as the language writes it ("`B♥ s`" was neither)."""
    import subprocess
    import sys
    made = _cli(tmp_path, "new", "--lang", code, "--players", "Anna,Bram,Cees",
                "--dealer", "Cees")
    assert made.returncode == 0, made.stderr
    env = {k: v for k, v in __import__("os").environ.items() if k != "PESTEN_REF_LANG"}
    env["PESTEN_REF_SAVE"] = str(tmp_path / "s.toml")
    out = subprocess.run([sys.executable, "-m", "referee", "play"], input="start 9h\nAnna: Jh\n",
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    told = out.stdout + out.stderr
    assert JACK_EXAMPLE[code] in told and "(R5.4)" in told, told
    assert "♥ s`" not in told


@pytest.mark.parametrize("code, shown", [
    ("en", "2026-12-01 20:13 UTC"), ("nl", "01-12-2026, 20:13 UTC"),
    ("fr", "01/12/2026 20:13 UTC"), ("it", "01/12/26, 20:13 UTC"), ("pt", "01/12/2026 20:13 UTC")])
def test_a_stored_time_is_shown_as_the_language_writes_dates(speak, code, shown):
    """Dates by the language's CLDR short pattern (generated from Babel); a stored
    ISO text and a datetime alike; what is no time is shown as it is."""
    import datetime as dt
    speak(code)
    assert messages.when("2026-12-01T20:13:05Z") == shown
    assert messages.when(dt.datetime(2026, 12, 1, 20, 13, tzinfo=dt.timezone.utc)) == shown
    assert messages.when("2026-12-01T20:13:05Z", zone=False) == shown[:-4]
    assert messages.when("?") == "?"


def test_the_date_table_is_babels():
    from referee.messages.catalogs import numbers_module
    from referee.messages import numbers
    text = open(numbers.__file__, encoding="utf-8").read()
    assert text == numbers_module() and "DATES" in text
