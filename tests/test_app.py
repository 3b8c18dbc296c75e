"""The application layer without a terminal (referee.interface.app): ``handle_line`` and its replies,
the command registry, scores typed on one line, and ``play`` driven through a pipe
and through a real pseudo-terminal.
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import cli  # noqa: E402
from referee.interface import app as app_module
from referee import messages
from referee.interface.app import COMMANDS, SeriesApp, find_command, help_text
from referee.series.scoring import parse_score_words
from referee.interface.complete import suggest
from referee.engine.notation import CONTROL_WORDS, QUERY_WORDS
from referee.series.presets import load_rules
from referee.series.session import OpenSeries
from referee.series.store import SaveFile
from referee.words.events import summary

PLAYERS = ["Anna", "Bram", "Cees"]
# Anna goes out on 9c; Bram keeps 3 cards and Cees 1.
WON = ("start 9h", "fix count Anna 1", "fix count Bram 3", "fix count Cees 1", "9c")


@pytest.fixture
def table(tmp_path) -> OpenSeries:
    return OpenSeries.create(SaveFile(tmp_path / "p.toml"), PLAYERS, load_rules("standard"), "Cees")


def reopened(table: OpenSeries) -> OpenSeries:
    return OpenSeries.open(SaveFile(table.save.path))


def result_of(table: OpenSeries, hand: int = 1) -> dict | None:
    return SaveFile(table.save.path).read_hand(hand).get("result")


def won(table: OpenSeries, interactive: bool = False) -> SeriesApp:
    app = SeriesApp(table, interactive)
    for line in WON:
        assert app.handle_line(line).ok, line
    return app


# -- one line in, one reply out --------------------------------------------------

def test_an_entry_is_ruled_on_and_saved(table):
    reply = SeriesApp(table).handle_line("start 9h")
    assert (reply.ok, reply.kind, reply.rule) == (True, "entry", "R2.3")
    assert "9♥" in reply.text
    assert [e["line"] for e in reopened(table).meta["entries"]] == ["start 9h"]


def test_a_refused_entry_changes_nothing(table):
    app = SeriesApp(table)
    app.handle_line("start 9h")
    reply = app.handle_line("4c")
    assert (reply.ok, reply.rule, reply.refused) == (False, "R3.1", True)
    assert [e["line"] for e in reopened(table).meta["entries"]] == ["start 9h"]


def test_blank_and_comment_lines_give_a_blank_reply(table):
    app = SeriesApp(table)
    assert app.handle_line("   ").kind == "blank"
    assert app.handle_line("# a note").kind == "blank"
    assert app.answer("") is None


def test_the_json_answer_is_the_notation_one(table):
    app = SeriesApp(table)
    app.handle_line("start 9h")
    out = app.answer("check 4c")
    assert set(out) == {"input", "ok", "ruling", "rule", "legal", "state"}
    assert out["ok"] is True and out["legal"] is False and out["rule"] == "R3.1"
    assert out["state"] == table.state()


def test_state_shows_a_table_at_the_prompt_and_the_summary_in_json(table):
    app = SeriesApp(table, interactive=True)
    app.handle_line("start 9h")
    reply = app.handle_line("state")
    assert reply.kind == "query" and reply.ok
    assert "Anna   7  <- to play" in reply.screen
    assert reply.text == summary(table.hand)


def test_a_query_is_never_refused(table):
    reply = SeriesApp(table).handle_line("check")
    assert reply.kind == "query" and not reply.refused


def test_a_pesten_ref_command_typed_at_the_prompt_runs_when_it_is_a_prompt_command(table):
    app = SeriesApp(table)
    assert "Place" in app.handle_line("pesten-ref standings").text
    assert app.handle_line("pesten-ref replay").kind == "query"
    hint = app.handle_line("pesten-ref new --players A,B")
    assert not hint.ok and "`new` is a command of its own" in hint.text


def test_quit_leaves(table):
    assert SeriesApp(table).handle_line("quit").kind == "leave"
    assert SeriesApp(table).handle_line("EXIT").kind == "leave"


# -- the registry -------------------------------------------------------------------

def test_every_query_and_control_word_of_the_notation_is_a_registered_command():
    for word in QUERY_WORDS | CONTROL_WORDS:
        cmd = find_command(word)
        assert cmd is not None and cmd.notation, word
    for cmd in COMMANDS.values():
        if not cmd.notation:
            assert cmd.name not in QUERY_WORDS | CONTROL_WORDS, cmd.name


def test_help_lists_every_command_from_the_registry():
    text = help_text()
    for cmd in COMMANDS.values():
        assert f"  {cmd.usage()}" in text and cmd.summary() in text, cmd.name


def test_a_command_added_in_one_place_is_in_help_completion_and_handle_line(table,
                                                                           monkeypatch):
    monkeypatch.setattr(app_module, "COMMANDS", dict(COMMANDS))
    monkeypatch.setattr(app_module, "_WORDS", dict(app_module._WORDS))
    texts = messages._load_area("en", "repl")
    monkeypatch.setitem(texts, "repl.cmd.tally", "count the cards")
    monkeypatch.setitem(texts, "repl.usage.tally", "tally")

    @app_module.command("tally")
    def _tally(app, text, arg, ruling):
        return app_module.Reply(text, True, "tallied", None, "query")

    assert "count the cards" in app_module.help_text()
    view = SeriesApp(table).view()
    assert "tally" in suggest("ta", view)
    assert SeriesApp(table).handle_line("tally").text == "tallied"


# -- score words ------------------------------------------------------------------------

@pytest.mark.parametrize("line, winner, given", [
    ("Bram=Ah Ks 3d Cees=23", None, {"Bram": "Ah Ks 3d", "Cees": "23"}),
    ("Bram Ah Ks 3d cees 23", None, {"Bram": "Ah Ks 3d", "cees": "23"}),
    ("Bram = Ah Ks Cees= 7", None, {"Bram": "Ah Ks", "Cees": "7"}),
    ("Bram:Ah,Ks", None, {"Bram": "Ah,Ks"}),
    ("--winner Anna Bram=3 Cees=4", "Anna", {"Bram": "3", "Cees": "4"}),
    ("--winner=Anna Bram=3", "Anna", {"Bram": "3"}),
    ("Bram= Cees=4", None, {"Cees": "4"}),
    ("Xavier=3", None, {"Xavier": "3"}),
])
def test_score_words_are_delimited_by_the_names(line, winner, given):
    words = parse_score_words(line.split(), PLAYERS)
    assert (words.problem, words.winner, words.given) == (None, winner, given)


def test_score_words_that_do_not_read_are_told():
    assert "before any name" in parse_score_words(["Ah", "Bram=3"], PLAYERS).problem
    assert "given twice" in parse_score_words(["Bram=3", "bram=4"], PLAYERS).problem
    assert "needs a name" in parse_score_words(["--winner"], PLAYERS).problem


# -- score, standings, history ---------------------------------------------------------

def test_score_on_one_line_records_the_hand_and_deals_the_next(table):
    app = won(table)
    reply = app.handle_line("score Bram=Ah Ks 3d Cees=7")
    assert reply.ok and reply.kind == "command"
    assert "Hand 1 scored: Anna 0, Bram 28, Cees 7." in reply.text
    assert "Hand 2: Anna deals" in reply.text
    assert result_of(table)["points"] == {"Anna": 0, "Bram": 28, "Cees": 7}
    assert reopened(table).state()["hand"] == 2
    assert "   1  Cees    Anna      0      0   28     28    7      7" in \
        app.handle_line("history").text
    assert "Bram" in app.handle_line("standings").text


def test_a_script_gets_the_refusal_where_the_prompt_would_ask(table):
    app = won(table)
    reply = app.handle_line("score Bram=Ah Ks 3d")
    assert not reply.ok and reply.rule == "R7.1" and reply.question is None
    assert result_of(table) is None


def test_the_prompt_asks_for_each_player_left_out(table):
    app = won(table, interactive=True)
    reply = app.handle_line("score")
    assert reply.question.kind == "cards" and "Bram" in reply.question.prompt
    reply = reply.question.answer("Ah Kx")  # not a card: told, asked again
    assert not reply.ok and "Kx" in reply.text and "Bram" in reply.question.prompt
    reply = reply.question.answer("Ah Ks 3d")
    assert "Cees" in reply.question.prompt and reply.question.taken == ("Ah", "Ks", "3d")
    reply = reply.question.answer("7")
    assert reply.ok and reply.question is None and "Hand 1 scored" in reply.text
    assert result_of(table)["points"] == {"Anna": 0, "Bram": 28, "Cees": 7}


def test_the_prompt_asks_who_won_a_hand_not_refereed(table):
    reply = SeriesApp(table, interactive=True).handle_line("score")
    assert reply.question.kind == "player"
    reply = reply.question.answer("bram")
    reply = reply.question.answer("12").question.answer("30")
    assert reply.ok
    assert result_of(table)["winner"] == "Bram"


def test_a_refused_score_records_nothing(table):
    app = won(table)
    reply = app.handle_line("score Bram=Ah Ks Cees=7")  # Bram holds 3 cards
    assert not reply.ok and reply.rule == "R7.2" and reply.refused
    assert result_of(table) is None and table.state()["status"] == "over"


def test_history_before_any_score(table):
    assert "No hand" in SeriesApp(table).handle_line("history").text


# -- the suit question ----------------------------------------------------------------------

def test_a_jack_without_a_suit_asks_at_the_prompt_and_is_refused_in_a_script(table):
    SeriesApp(table).handle_line("start 9h")
    assert SeriesApp(table).handle_line("Jh").rule == "R5.4"
    reply = SeriesApp(table, interactive=True).handle_line("Jh")
    assert reply.question.kind == "suit" and "Anna" in reply.question.prompt
    again = reply.question.answer("x")
    assert again.question is reply.question and "'x' is not a suit" in again.text
    done = again.question.answer("spades")
    assert done.ok and table.state()["named_suit"] == "s"
    assert reopened(table).meta["entries"][-1]["line"] == "Jh s"


# -- show calls -----------------------------------------------------------------------------

def test_the_view_hides_calls_unless_the_series_shows_them(table):
    app = SeriesApp(table, interactive=True)
    for line in ("start 9h", "fix count Anna 2", "9c", "9d"):
        assert app.handle_line(line).ok
    assert app.view().callable == () and "can be called!" not in app.handle_line("state").screen
    assert app.handle_line("show calls on").ok
    assert app.view().callable == ("Anna",)
    assert "can be called!" in app.handle_line("state").screen
    assert reopened(table).show_calls
    assert not app.handle_line("show calls maybe").ok


# -- play through a pipe -------------------------------------------------------------------------

def test_play_through_a_pipe_scores_and_deals_the_next_hand(tmp_path):
    save = tmp_path / "p.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    lines = "\n".join([*WON, "score Bram=Ah Ks 3d Cees=7", "standings", "start 9h", ""])
    done = subprocess.run([*_pesten_ref(), "play", "--json", "--save", str(save)],
                          input=lines.encode(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    objects = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [o["input"] for o in objects][-3:] == ["score Bram=Ah Ks 3d Cees=7", "standings",
                                                  "start 9h"]
    assert all(o["ok"] for o in objects)
    assert objects[-2]["state"]["hand"] == 2 and objects[-1]["state"]["status"] == "playing"


def test_a_refused_score_in_a_script_stops_it_with_exit_1(tmp_path):
    save = tmp_path / "p.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    result = cli(save, "play", input="\n".join([*WON, "score Bram=Ah", "standings", ""]), code=1)
    assert "line 6" in result.stderr and "(R7.1)" in result.stderr
    assert "result" not in SaveFile(save).read_hand(1)


# -- the table prompt in a real pseudo-terminal ----------------------------------------------

def _pesten_ref() -> list[str]:
    found = Path(sys.executable).with_name("pesten-ref")
    return [str(found)] if found.exists() else [sys.executable, "-m", "referee.interface.cli"]


_ESCAPE = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|[\r\x07]")


def _plain(seen: bytearray) -> bytes:
    """What the terminal shows, without its control sequences."""
    return _ESCAPE.sub(b"", bytes(seen))


def _read_until(fd: int, needle: bytes, seen: bytearray, limit: float = 30.0) -> bool:
    """Read the terminal until ``needle`` shows (False if it has not after ``limit`` s:
    a guard against hanging, not a timing)."""
    end = time.monotonic() + limit
    while needle not in _plain(seen) and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen.extend(chunk)
    return needle in _plain(seen)


class _Terminal:
    """``pesten-ref play`` on a POSIX pseudo-terminal (120x40, no colour): ``type`` a
    line, ``expect`` a text on the screen, ``shown`` all it printed so far."""

    def __init__(self, tmp_path, save):
        import pty
        env = {**os.environ, "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"),
               "NO_COLOR": "1", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
               "COLUMNS": "120", "LINES": "40"}
        env.pop("PESTEN_REF_SAVE", None)
        self.main, child = pty.openpty()
        self.proc = subprocess.Popen([*_pesten_ref(), "play", "--save", str(save)], stdin=child,
                                     stdout=child, stderr=child, env=env, close_fds=True)
        os.close(child)
        self.seen = bytearray()

    def type(self, line: str) -> None:
        os.write(self.main, line.encode() + b"\r")

    def expect(self, text: str) -> None:
        assert _read_until(self.main, text.encode(), self.seen), self.shown()

    def shown(self) -> str:
        return _plain(self.seen).decode(errors="replace")

    def __enter__(self) -> "_Terminal":
        return self

    def __exit__(self, *exc) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.main)


@pytest.mark.skipif(sys.platform.startswith("win"), reason="needs a POSIX pseudo-terminal")
def test_the_prompt_in_a_pseudo_terminal_scores_a_hand(tmp_path):
    save = tmp_path / "p.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    with _Terminal(tmp_path, save) as term:
        term.expect("start>")
        for line in WON:
            term.type(line)
        term.expect("over>")
        term.type("score")
        term.expect("Cards left for Bram?")
        term.type("Ah Ks 3d")
        term.expect("Cards left for Cees?")
        term.type("7")
        term.expect("Hand 2: Anna deals")
        term.expect("hand 2, start>")
        term.type("quit")
        assert term.proc.wait(timeout=30) == 0
    assert result_of_file(save)["points"] == {"Anna": 0, "Bram": 28, "Cees": 7}


@pytest.mark.skipif(sys.platform.startswith("win"), reason="needs a POSIX pseudo-terminal")
def test_the_prompt_in_a_pseudo_terminal_shows_the_banners_and_the_history_chart(tmp_path):
    save = tmp_path / "p.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--limit", "15")
    with _Terminal(tmp_path, save) as term:
        term.expect("start>")
        for line in WON:
            term.type(line)
        term.expect("│ Anna wins hand 1. │")
        term.type("score Bram=Ah Ks 3d Cees=20")
        term.expect("Anna wins the series!")
        term.expect("║ Final standings")
        term.type("history")
        term.expect("Running totals after each hand")
        term.expect("--- limit 15")
        term.type("quit")
        assert term.proc.wait(timeout=30) == 0
        shown = term.shown()
    assert "Bram is out with 28 points (over 15)." in shown
    assert "Bram and Cees out" in shown  # the history table's notes


def test_a_hand_piped_into_play_tells_its_end_in_sentences_and_history_as_a_table(tmp_path):
    save = tmp_path / "p.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--limit", "15")
    lines = "\n".join([*WON, "score Bram=Ah Ks 3d Cees=20", "history", ""])
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PESTEN_REF_SAVE")}
    done = subprocess.run([*_pesten_ref(), "play", "--save", str(save)], input=lines.encode(),
                          capture_output=True, timeout=120, env={**env, "TERM": "xterm-256color"})
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode()
    assert ("Anna wins hand 1.\nBram is out with 28 points (over 15).\n"
            "Cees is out with 20 points (over 15).\nAnna wins the series!") in out
    assert "   1  Cees    Anna      0      0   28     28   20     20  Bram and Cees out" in out
    assert "1 hand scored; a total over 15 is out." in out
    assert "Running totals" not in out  # no chart through a pipe, as `pesten-ref history`
    assert not any(c in out for c in "┌│║\x1b")


def result_of_file(save: Path) -> dict:
    return SaveFile(save).read_hand(1)["result"]


# -- completion from the engine's legality API ----------------------------------------------

def test_with_a_two_pending_tab_offers_what_stacks_and_draw(table):
    app = SeriesApp(table)
    for line in ("start 9h", "2h"):
        assert app.handle_line(line).ok
    view = app.view()
    assert view.fits and all(c.startswith("2") or c == "Joker" for c in view.fits)
    offered = suggest("", view)
    assert offered[:len(view.fits) + 1] == [*view.fits, "draw"]
    cards = [w for w in offered if w[0].isdigit() or w[0] in "JQKA"]
    assert cards == list(view.fits)


def test_the_cards_tab_offers_are_those_check_calls_legal(table):
    app = SeriesApp(table)
    for line in ("start 9h", "9c", "Jc s"):
        assert app.handle_line(line).ok
    view = app.view()
    from referee.engine.cards import CARDS
    legal = [str(c) for c in CARDS
             if str(c) not in view.spent and app.answer(f"check {c}")["legal"]]
    assert list(view.fits) == legal


def test_help_lists_the_languages_own_words_beside_the_english_ones():
    from referee import messages
    from referee.interface.app import help_text
    assert "`stand` (state)" not in help_text()
    messages.set_language("nl")
    try:
        last = help_text().splitlines()[-1]
        assert last.startswith("De Engelse woorden werken ook: draw (`pak`), call (`betrap`)")
        assert "state (`toestand`)" in last and "help (`hulp`)" in last and "start (" not in last
        assert "\n  toestand " in help_text() and "\n  state " not in help_text()
    finally:
        messages.set_language("en", chosen=False)
