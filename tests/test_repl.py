"""The table prompt (referee.interface.repl) driven through prompt_toolkit's pipe input.

Every test runs on a series saved in a temporary folder, with the history in a
temporary state directory, and checks what the hand and the save file hold
afterwards (reopened with ``OpenSeries.open``), not only what was printed.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.engine.reading import with_series
from referee.interface.app import SeriesApp
from referee.interface.repl import LineCompleter, history_path, prompt_parts, run_repl, toolbar_parts
from referee.series.presets import load_rules
from referee.series.session import OpenSeries
from referee.series.store import SaveError, SaveFile

CTRL_C, CTRL_D = "\x03", "\x04"


@pytest.fixture
def table(tmp_path, monkeypatch) -> OpenSeries:
    """A fresh standard series (Anna, Bram, Cees; Cees deals) saved in tmp_path."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    return OpenSeries.create(SaveFile(tmp_path / "p.toml"), ["Anna", "Bram", "Cees"],
                        load_rules("standard"), "Cees")


def drive(table: OpenSeries, keys: str, **kw) -> int:
    """Type ``keys`` at run_repl (ending with Ctrl-D unless they already do)."""
    if not keys.endswith(CTRL_D):
        keys += CTRL_D
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        with create_app_session(input=pipe, output=DummyOutput()):
            return run_repl(table, **kw)


def printed(capsys) -> str:
    """What run_repl printed, with line breaks and wrapping folded into single spaces."""
    return " ".join(capsys.readouterr().out.split())


def saved_lines(table: OpenSeries) -> list[str]:
    reopened = OpenSeries.open(SaveFile(table.save.path))
    return [e["line"] for e in reopened.meta["entries"]]


def result_of(table: OpenSeries, hand: int = 1) -> dict | None:
    """The result saved in hand ``hand``'s file, or None."""
    return SaveFile(table.save.path).read_hand(hand).get("result")


def text_of(fragments) -> str:
    return "".join(text for _, text in fragments)


# -- a short hand at the prompt ---------------------------------------------------

def test_entries_refusal_and_the_suit_question(table, capsys, tmp_path):
    status = drive(table, "start 9h\n9c\nKd\nJc\ns\n")
    out = printed(capsys)
    assert status == 0
    st = table.state()
    assert (st["top"], st["named_suit"], st["turn"]) == ("Jc", "s", "Cees")
    assert st["counts"] == {"Anna": 6, "Bram": 6, "Cees": 7}
    # The save file holds the three entries that took effect, the Jack with its suit.
    assert saved_lines(table) == ["start 9h", "9c", "Jc s"]
    reopened = OpenSeries.open(SaveFile(tmp_path / "p.toml"))
    assert reopened.state() == st
    assert "✗ K♦ does not match 9♣" in out
    assert "Bram plays J♣ and names spades (R5.4)." in out
    assert "Name a suit" not in out  # the refusal for want of a suit is asked, not shown
    assert "Every entry is saved in" in out


def test_history_goes_to_the_state_directory_without_the_suit_answer(table, tmp_path):
    drive(table, "start 9h\n9c\nKd\nJc\ns\n")
    lines = (tmp_path / "state" / "pesten-ref" / "history").read_text().splitlines()
    typed = [line[1:] for line in lines if line.startswith("+")]
    assert typed == ["start 9h", "9c", "Kd", "Jc"]


def test_a_wrong_suit_answer_is_asked_again(table, capsys):
    drive(table, "start 9h\n9c\nJc\nx\nhearts\n")
    out = printed(capsys)
    assert "'x' is not a suit" in out
    assert table.state()["named_suit"] == "h"
    assert saved_lines(table) == ["start 9h", "9c", "Jc h"]


def test_enter_alone_takes_the_jack_back(table, capsys):
    drive(table, "start 9h\n9c\nJc\n\n")
    out = printed(capsys)
    assert "No suit named: 'Jc' was not entered." in out
    assert table.state()["turn"] == "Bram"
    assert saved_lines(table) == ["start 9h", "9c"]


def test_a_lone_d_answered_for_the_suit_is_diamonds(table):
    drive(table, "start 9h\nfix count Anna 2\nJh\nd\n")
    assert saved_lines(table) == ["start 9h", "fix count Anna 2", "Jh d"]
    assert table.state()["named_suit"] == "d"
    assert table.state()["counts"]["Anna"] == 1  # 'd' was the suit, not a draw
    assert table.state()["draw_pile"] == 37


def test_the_suit_is_inserted_before_words_that_follow_the_jack(table):
    drive(table, "start 9h\nfix count Anna 2\nJh lk\nc\n")
    assert saved_lines(table)[-1] == "Jh c lk"
    assert table.state()["announce_due"] is None  # announced in time (R4.1)
    assert table.state()["counts"]["Anna"] == 1


def test_ctrl_c_clears_the_line_and_enters_nothing(table):
    drive(table, "start 9h\n9c" + CTRL_C + "9d\n")
    assert saved_lines(table) == ["start 9h", "9d"]
    assert table.state()["top"] == "9d"


def test_ctrl_d_says_everything_is_saved(table, capsys):
    assert drive(table, CTRL_D) == 0
    out = printed(capsys)
    assert "Hand 1, dealt by Cees" in out
    assert f"Every entry is saved in {table.save.path}" in out


def test_quit_leaves_like_ctrl_d(table, capsys):
    assert drive(table, "start 9h\nquit\n9c\n") == 0
    assert saved_lines(table) == ["start 9h"]
    assert "Every entry is saved in" in printed(capsys)


def test_a_shell_command_at_the_prompt_gets_a_hint(table, capsys):
    drive(table, "start 9h\nnew --players A,B\npesten-ref simulate\n")
    out = printed(capsys)
    assert "✗ `new` is a command of its own, not an entry" in out
    assert "then run `pesten-ref simulate`" in out
    assert saved_lines(table) == ["start 9h"]


# -- queries ---------------------------------------------------------------------

def test_queries_print_their_answers_and_change_nothing(table, capsys):
    drive(table, "start 9h\nrules R4.2\ncheck 9c\nwhy\nstate\nhelp\nreplay\n")
    out = printed(capsys)
    assert "R4.2 Window" in out
    assert "Yes: Anna may play 9♣ now." in out
    assert "R2.3" in out  # why: the starter
    assert "Hand 1 (being played), dealer Cees" in out and "Anna 7 <- to play" in out
    assert "start 9h the starter card" in out and "Up and Down recall earlier lines" in out
    assert "start 9h" in out.split("Up and Down recall")[-1]  # replay lists the entry
    assert saved_lines(table) == ["start 9h"]


def test_undo_at_the_prompt(table, capsys):
    drive(table, "start 9h\n9c\nundo\n")
    assert "Undone: 9c." in printed(capsys)
    assert saved_lines(table) == ["start 9h"]
    assert table.state()["turn"] == "Anna"


# -- the end of a hand -----------------------------------------------------------------

def test_the_end_of_the_hand_names_the_winner_and_how_to_score(table, capsys):
    drive(table, "start 9h\nfix count Anna 1\n9c\n")
    out = printed(capsys)
    st = table.state()
    assert (st["status"], st["winner"]) == ("over", "Anna")
    assert "Hand 1 is over: Anna won it. Score it here" in out
    assert "score Bram=… Cees=…" in out
    assert "record its result with `score` at the prompt" in out
    assert OpenSeries.open(SaveFile(table.save.path)).state()["winner"] == "Anna"


# -- score, standings and history at the prompt ----------------------------------------

WON = "start 9h\nfix count Anna 1\nfix count Bram 3\nfix count Cees 1\n9c\n"


def test_score_on_one_line_without_quotes_deals_the_next_hand(table, capsys):
    drive(table, WON + "score Bram=Ah Ks 3d Cees=7\nstandings\nhistory\n")
    out = printed(capsys)
    assert "Hand 1 scored: Anna 0, Bram 28, Cees 7." in out
    reopened = OpenSeries.open(SaveFile(table.save.path))
    assert result_of(table)["points"] == {"Anna": 0, "Bram": 28, "Cees": 7}
    assert result_of(table)["cards"]["Bram"] == ["Ah", "Ks", "3d"]
    assert reopened.state()["hand"] == 2 and reopened.state()["status"] == "waiting"
    assert "Hand 2: Anna deals" in out
    assert "1 hand scored; a total over 100 is out." in out  # history
    assert "1 Cees Anna 0 0 28 28 7 7" in out and "Running totals after each hand" in out
    assert out.count("Bram") >= 3


def test_score_alone_asks_for_each_player_in_turn(table, capsys):
    drive(table, WON + "score\nAh Kx\nAh Ks 3d\n7\n")
    out = printed(capsys)
    assert "✗ 'Kx' given for Bram is not a card (R7.1)." in out  # asked again, nothing lost
    assert result_of(table)["points"] == {"Anna": 0, "Bram": 28, "Cees": 7}
    assert OpenSeries.open(SaveFile(table.save.path)).state()["hand"] == 2


def test_score_asks_only_for_those_not_given(table, capsys):
    drive(table, WON + "score Cees=7\n23\n")
    assert result_of(table)["points"] == {"Anna": 0, "Bram": 23, "Cees": 7}


def test_enter_alone_at_a_score_question_records_nothing(table, capsys):
    drive(table, WON + "score\nAh Ks 3d\n\n")
    out = printed(capsys)
    assert "Not scored: nothing was recorded." in out
    reopened = OpenSeries.open(SaveFile(table.save.path))
    assert result_of(table) is None and reopened.state()["status"] == "over"


def test_a_refused_score_is_told_and_changes_nothing(table, capsys):
    drive(table, WON + "score Bram=Ah Ks Cees=7\n")  # Bram holds 3 cards (R7.2)
    out = printed(capsys)
    assert "✗" in out and "R7.2" in out
    reopened = OpenSeries.open(SaveFile(table.save.path))
    assert result_of(table) is None and reopened.state()["status"] == "over"


def test_score_while_the_hand_is_played_is_refused(table, capsys):
    drive(table, "start 9h\nscore Bram=3 Cees=4\n")
    assert "R6.1" in printed(capsys)
    assert saved_lines(table) == ["start 9h"]


def test_a_hand_not_refereed_is_scored_after_asking_who_won(table, capsys):
    drive(table, "score\nBram\n12\n30\n")
    result = result_of(table)
    assert result["winner"] == "Bram" and result["points"] == {"Anna": 12, "Bram": 0, "Cees": 30}


def test_show_calls_is_kept_in_the_series(table, capsys):
    for line in ("start 9h", "fix count Anna 2", "9c", "9d"):
        assert table.handle(line).ok, line
    assert "call!" not in text_of(toolbar_parts(table))
    drive(table, "show calls on\n")
    reopened = OpenSeries.open(SaveFile(table.save.path))
    assert reopened.show_calls is True
    assert "Anna 1 call!" in text_of(toolbar_parts(reopened))
    assert tomllib.loads(table.save.path.read_text())["display"] == {"show_calls": True}
    drive(reopened, "show calls off\nshow\n")
    assert "Calls are hidden" in printed(capsys)
    assert OpenSeries.open(SaveFile(table.save.path)).show_calls is False


# -- history trouble is a warning, never a crash --------------------------------------

def test_an_unwritable_history_folder_only_warns(table, capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))
    assert drive(table, "start 9h\n") == 0
    out = printed(capsys)
    assert "the command history is off this time" in out
    assert saved_lines(table) == ["start 9h"]


def test_history_can_be_turned_off(table, tmp_path):
    drive(table, "start 9h\n", history=False)
    assert not (tmp_path / "state").exists()


def test_history_path_follows_the_platform():
    assert history_path({"XDG_STATE_HOME": "/x/state", "HOME": "/h"}, "linux") == \
        Path("/x/state/pesten-ref/history")
    assert history_path({"HOME": "/h"}, "linux") == Path("/h/.local/state/pesten-ref/history")
    assert history_path({"XDG_STATE_HOME": "", "HOME": "/h"}, "darwin") == \
        Path("/h/.local/state/pesten-ref/history")
    assert history_path({"LOCALAPPDATA": r"C:\Users\a\AppData\Local"}, "win32") == \
        Path(r"C:\Users\a\AppData\Local") / "pesten-ref" / "history"


def test_a_save_that_fails_stops_the_session_with_its_status(table, capsys, monkeypatch):
    def broken(*args, **kw):
        raise SaveError("p.toml cannot be written (disk full).")
    monkeypatch.setattr(table.save, "write_hand", broken)
    assert drive(table, "start 9h\n9c\n") == 2
    out = printed(capsys)
    assert "✗ p.toml cannot be written (disk full). The session stops here" in out
    assert "9c" not in out.split("disk full")[-1]


def test_long_lines_wrap_without_breaking_code_examples(table, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    drive(table, "help\n")
    lines = capsys.readouterr().out.splitlines()
    assert any("`start 9h`" in line for line in lines)
    for line in lines:
        assert line.count("`") % 2 == 0, line
        if str(table.save.path) not in line:  # a file name is never broken
            assert len(line) <= 60, line


def test_a_line_does_not_break_before_a_french_colon(monkeypatch):
    from referee.interface.repl import _Screen
    text = "Pour ♥ cœur, tapez `co` : `9co`, et « Laatste kaart ! » après."
    for columns in (41, 52, 54):  # plain wrapping would break at « , before ! and before »
        monkeypatch.setenv("COLUMNS", str(columns))
        lines = _Screen()._wrap(text).splitlines()
        assert all(not line.startswith((":", "!", "»")) and not line.endswith("«")
                   for line in lines), lines
        assert " ".join(lines) == text


def test_every_message_key_of_the_prompt_exists():
    import re

    from referee.messages import catalog
    from referee.messages.en_repl import MESSAGES
    assert all(key.startswith("repl.") for key in MESSAGES)
    root = Path(__file__).resolve().parents[1] / "referee"
    for name in ("interface/repl.py", "interface/complete.py"):
        for key in re.findall(r't\("(repl\.[a-z_.]+)"', (root / name).read_text()):
            assert key in catalog("en"), key


# -- prompt, toolbar, completer ---------------------------------------------------------

def test_the_prompt_names_who_is_to_act(table):
    assert text_of(prompt_parts(table)) == "hand 1, start> "
    table.handle("start 9h")
    assert text_of(prompt_parts(table)) == "Anna> "
    table.handle("fix count Anna 1")
    table.handle("9c")
    assert text_of(prompt_parts(table)) == "hand 1 over> "


def test_the_prompt_in_snel_pesten(tmp_path):
    fast = OpenSeries.create(SaveFile(tmp_path / "f.toml"), ["Anna", "Bram", "Cees"],
                        load_rules("fast"), "Cees")
    fast.handle("start 9h")
    assert text_of(prompt_parts(fast)) == "snel> "
    assert "Anna: 7h" in text_of(toolbar_parts(fast))


def test_the_toolbar_shows_the_public_state(table):
    assert "waiting for the starter" in text_of(toolbar_parts(table))
    for line in ("start 9h", "9c", "2c", "2h"):
        assert table.handle(line).ok, line
    bar = text_of(toolbar_parts(table))
    assert "top 2♥" in bar and "↻ clockwise" in bar
    assert "Anna must draw 4 cards or stack" in bar
    assert "▶ Anna 6 · Bram 6 · Cees 6" in bar
    assert table.handle("d").ok and table.handle("Jh").ok is False
    assert table.handle("Jh c").ok
    bar = text_of(toolbar_parts(table))
    assert "named ♣ clubs" in bar and "▶ Cees 6" in bar


def test_the_toolbar_wraps_instead_of_cutting_off(tmp_path):
    wide = OpenSeries.create(SaveFile(tmp_path / "w.toml"),
                        ["Annabel", "Bramwell", "Ceesje", "Dirkjan", "Evelien", "Fenneke"],
                        load_rules("fast"), "Fenneke")
    for line in ("start 9h", "Annabel: Ah", "Bramwell: Jh c", "Evelien: 2c"):
        assert wide.handle(line).ok, line
    lines = text_of(toolbar_parts(wide, width=40)).split("\n")
    assert len(lines) > 4
    assert all(len(line) <= 40 for line in lines), lines
    joined = " ".join(" ".join(lines).split())
    assert "↺ counterclockwise" in joined and "snel: name the player" in joined
    assert "Dirkjan must draw 2 cards or stack" in joined and "▶ Dirkjan 7" in joined


def test_the_toolbar_hides_who_can_be_called_unless_the_series_shows_calls(table):
    for line in ("start 9h", "fix count Anna 2", "9c"):
        assert table.handle(line).ok, line
    assert table.state()["announce_due"] == "Anna"
    bar = text_of(toolbar_parts(table))
    assert "Anna 1" in bar and "may say lk" not in bar
    table.set_show_calls(True)
    assert "Anna 1 (may say lk)" in text_of(toolbar_parts(table))
    table.set_show_calls(False)
    assert table.handle("9d").ok
    assert table.state()["callable"] == ["Anna"]
    assert "call!" not in text_of(toolbar_parts(table))
    table.set_show_calls(True)
    assert "Anna 1 call!" in text_of(toolbar_parts(table))


def test_the_prompt_texts_read_right_for_one_and_for_more():
    from referee.messages import t
    assert t("repl.bar.pending", name="Anna", n=1) == "Anna must draw 1 card or stack"
    assert t("repl.bar.pending", name="Anna", n=4) == "Anna must draw 4 cards or stack"
    assert t("repl.bar.skips", n=1) == "misses 1 turn"
    assert t("repl.bar.skips", n=2) == "misses 2 turns"
    assert t("cli.state.skips", n=1) == "misses 1 turn"


def test_every_prompt_text_with_a_count_has_plural_forms():
    import string

    from referee.messages.en_repl import MESSAGES
    for key, text in MESSAGES.items():
        forms = text.values() if isinstance(text, dict) else [text]
        fields = {f for form in forms for _, f, _, _ in string.Formatter().parse(form) if f}
        if "n" in fields:
            assert isinstance(text, dict) and set(text) == {"one", "other"}, key


def test_completer_offers_names_cards_and_suits(table):
    table.handle("start 9h")
    completer = LineCompleter(lambda: SeriesApp(table).view())

    def offered(text):
        return [(c.text, c.start_position)
                for c in completer.get_completions(Document(text), CompleteEvent())]

    assert offered("An") == [("Anna: ", -2)]
    assert offered("leave B") == [("Bram", -1)]
    assert offered("Jh ") == [("c", 0), ("d", 0), ("h", 0), ("s", 0)]
    fits = [text for text, _ in offered("")][:17]
    assert fits == ["2h", "3h", "4h", "5h", "6h", "7h", "8h", "9c", "9d", "9s", "10h", "Jh",
                    "Qh", "Kh", "Ah", "Joker", "draw"]
    assert "9h" not in [text for text, _ in offered("9")]  # the starter is in the discard pile
    table.handle("9c")
    completer.refresh()
    assert [text for text, _ in offered("9")] == ["9d", "9s"]


def test_completer_offers_names_and_cards_for_score(table):
    for line in WON.strip().split("\n"):
        assert table.handle(line).ok, line
    completer = LineCompleter(lambda: SeriesApp(table).view())

    def offered(text):
        return [(c.text, c.start_position)
                for c in completer.get_completions(Document(text), CompleteEvent())]

    assert offered("sc") == [("score", -2)]
    assert offered("score ") == [("Bram=", 0), ("Cees=", 0)]
    assert offered("score Bram=K") == [("Kc", -1), ("Kd", -1), ("Kh", -1), ("Ks", -1)]
    assert ("Cees=", 0) == offered("score Bram=Ah ")[0]


def test_the_answer_completer_offers_the_cards_left(table):
    from referee.interface.app import Question
    from referee.interface.repl import AnswerCompleter
    table.handle("start 9h")
    question = Question("Cards left for Bram? ", "cards", lambda answer: None, taken=("Ks",))
    completer = AnswerCompleter(question, SeriesApp(table).view())
    words = [c.text for c in completer.get_completions(Document("Ah K"), CompleteEvent())]
    assert words == ["Kc", "Kd", "Kh"]  # Ks is given to another player already
    suit = AnswerCompleter(Question("Which suit? ", "suit", lambda a: None),
                           SeriesApp(table).view())
    assert [c.display_meta_text for c in suit.get_completions(Document(""), CompleteEvent())] \
        == ["clubs", "diamonds", "hearts", "spades"]


# -- the scoreboard at the prompt: the banners and history -------------------------------

def test_going_out_at_the_prompt_shows_the_banner_of_the_hand_then_how_to_score_it(table, capsys):
    drive(table, WON)
    out = capsys.readouterr().out
    banner = "│ Anna wins hand 1. │"
    assert banner in out
    assert out.index("Anna goes out") < out.index(banner) < out.index("Hand 1 is over: Anna won it.")
    assert "\x1b" not in out  # not a terminal, NO_COLOR: no colour codes


def test_score_at_the_prompt_shows_who_is_out_and_the_series_winner_with_final_standings(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    rules = with_series(load_rules("standard"), mode="elimination", limit=15)
    table = OpenSeries.create(SaveFile(tmp_path / "p.toml"), ["Anna", "Bram", "Cees"], rules, "Cees")
    drive(table, WON + "score Bram=Ah Ks 3d Cees=20\n")
    out = capsys.readouterr().out
    lines = out.splitlines()
    recorded = lines.index("Hand 1 scored: Anna 0, Bram 28, Cees 20.")
    assert lines[recorded + 1].startswith("┌") and lines[recorded + 2:recorded + 5] == [
        "│ Anna wins hand 1.                     │",
        "│ Bram is out with 28 points (over 15). │",
        "│ Cees is out with 20 points (over 15). │"]
    assert "║          Anna wins the series!           ║" in lines
    assert lines.index("║ Final standings                          ║") < \
        lines.index("║ 1.  Anna   0 points  1 hand won   winner ║") < \
        lines.index("║ 3.  Bram  28 points  0 hands won  out    ║")
    assert out.index("╝") < out.index("The series is over.")  # then the standings, as after `score`
    assert result_of(table)["points"] == {"Anna": 0, "Bram": 28, "Cees": 20}
    assert OpenSeries.open(SaveFile(tmp_path / "p.toml")).series.winners == ["Anna"]


def test_history_at_the_prompt_is_what_pesten_ref_history_shows_with_its_chart(table, capsys):
    from conftest import cli
    from referee.series.history import history_of
    from referee.series.scoreboard import render_history
    from referee.series.session import read_history
    drive(table, WON + "score Bram=Ah Ks 3d Cees=7\n")
    capsys.readouterr()
    drive(table, "history\n")
    out = capsys.readouterr().out.replace("\r\n", "\n")
    board = render_history(history_of(*read_history(SaveFile(table.save.path))), width=99)
    assert board in out and "Running totals after each hand" in board
    assert cli(table.save.path, "history").output.rstrip("\n") in out  # the command's table
    assert "\x1b" not in out


def test_the_prompt_colours_the_scoreboard_only_when_the_interface_says_so(table):
    import re
    app = SeriesApp(table, interactive=True, colour=True, columns=lambda: 90)
    for line in WON.splitlines():
        app.handle_line(line)
    scored = app.handle_line("score Bram=Ah Ks 3d Cees=7")
    assert "\x1b[" in scored.screen and "\x1b" not in scored.text  # scripts get the plain text
    shown = app.handle_line("history")
    assert re.sub(r"\x1b\[[0-9;]*m", "", shown.screen) == \
        SeriesApp(table, interactive=True, columns=lambda: 90).handle_line("history").screen
    plain = SeriesApp(table, interactive=True).handle_line("history")
    assert plain.screen is None and "\x1b" not in plain.text and "Running totals" not in plain.text


def test_a_laid_out_board_is_printed_as_it_is(capsys):
    from referee.interface.app import Board
    from referee.interface.repl import _Screen
    screen = _Screen()
    screen.board(Board("\x1b[32m" + "x" * 150 + "\x1b[0m\n  two"))
    assert capsys.readouterr().out.replace("\r\n", "\n") == "x" * 150 + "\n  two\n"  # never wrapped, codes not shown


def test_history_at_the_prompt_tells_a_hand_file_that_no_longer_reads(table, capsys):
    drive(table, WON + "score Bram=Ah Ks 3d Cees=7\n")
    hand = SaveFile(table.save.path).hand_path(1)
    hand.write_text(hand.read_text(encoding="utf-8").replace("Bram = 28", "Bram = -28"),
                    encoding="utf-8")
    capsys.readouterr()
    assert drive(table, "history\nstandings\n") == 0  # play goes on
    out = printed(capsys)
    assert "✗" in out and "hand-00001.toml" in out and "Bram's score is -28" in out


# -- one reading of a score's words, at the prompt and on the command line (R7.1) ------

def test_R7_1_a_total_too_big_is_refused_at_the_prompt_as_on_the_command_line(table, capsys):
    from conftest import cli
    drive(table, "score --winner Anna Bram=200000 Cees=1\n")
    out = printed(capsys)
    said = "200000 points for Bram cannot be right; give the cards, or the points they are worth (R7.1)."
    assert "✗ " + said in out
    assert result_of(table) is None
    assert said in cli(table.save.path, "score", "--winner", "Anna", "Bram=200000", "Cees=1",
                       code=1).stderr


def test_R7_1_the_command_line_reads_a_score_as_the_prompt_does(table):
    from conftest import cli
    for line in WON.splitlines():
        assert table.handle(line).ok
    assert "given twice" in cli(table.save.path, "score", "Bram=3", "bram=4", code=2).stderr
    assert "'Ah' comes before any name" in cli(table.save.path, "score", "Ah", code=2).stderr
    done = cli(table.save.path, "score", "Bram=Ah", "Ks", "3d", "Cees", "7")  # no quotes needed
    assert "Hand 1 scored: Anna 0, Bram 28, Cees 7." in done.stdout


# -- a tournament's table at the prompt speaks of the tournament (R8.6) ----------------

SEVEN = "Anna,Bram,Cees,Daan,Eva,Fien,Gijs"  # seed 1: Table 1 Eva, Daan, Bram, Fien; Table 2 Gijs, Cees, Anna


def _tournament_table(tmp_path, monkeypatch, name: str):
    """A tournament of seven (seed 1) at tmp_path/t.toml; -> (the table's OpenSeries, its Seat)."""
    from conftest import cli
    from referee.tournament.seat import Seat
    from referee.tournament.files import TournamentFiles
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.chdir(tmp_path)
    if not (tmp_path / "t.toml").exists():
        cli("t.toml", "tournament", "new", "--players", SEVEN, "--seed", "1")
    cli("t.toml", "play", "--table", name, input="")  # deals the table
    files = TournamentFiles("t.toml")
    tour = files.load()
    save = files.table_save(tour.current.number, tour.current.table(name).name)
    return OpenSeries.open(save), Seat("t.toml", name)


def test_R8_6_a_round_table_scored_at_the_prompt_tells_who_goes_through_and_what_is_next(
        tmp_path, monkeypatch, capsys):
    table, seat = _tournament_table(tmp_path, monkeypatch, "2")
    drive(table, "score --winner Gijs Cees=3 Anna=9\nstandings\nhistory\nscore\n", seat=seat)
    out = printed(capsys)
    through = ("Gijs and Cees go through from Table 2 (R8.6). Anna is out of the tournament. "
               "Round 1 goes on: once Table 1 has its result too, "
               "`pesten-ref tournament next --save t.toml` closes the round.")
    assert out.count(through) == 3  # after the score, then standings, then history
    assert "series" not in out.replace("series.toml", "")
    assert "Left the table; everything is saved in" in out
    assert "nothing is left to play at this table" in text_of(toolbar_parts(table))
    assert ("✗ Table 2 has its result already: correct it with `pesten-ref score --table 2 "
            "--save t.toml --hand N ...`, or see the bracket with `pesten-ref tournament show "
            "--save t.toml` (R8.6).") in out


def test_R8_6_score_table_on_the_command_line_says_what_the_prompt_says(tmp_path, monkeypatch):
    from conftest import cli
    _tournament_table(tmp_path, monkeypatch, "2")
    out = cli("t.toml", "score", "--table", "1", "--winner", "Eva", "Daan=3", "Bram=4",
              "Fien=20").stdout
    assert "Eva and Daan go through from Table 1 (R8.6). Bram and Fien are out of the tournament." in out
    assert "once Table 2 has its result too, `pesten-ref tournament next --save t.toml`" in out
    out = cli("t.toml", "score", "--table", "2", "--winner", "Gijs", "Cees=3", "Anna=9").stdout
    assert ("Every table of round 1 has its result: `pesten-ref tournament next --save t.toml` "
            "closes the round.") in out
    assert "series" not in out


def test_R8_6_the_final_scored_at_the_prompt_names_the_champion(tmp_path, monkeypatch, capsys):
    from conftest import cli
    _tournament_table(tmp_path, monkeypatch, "2")
    for table, winner, others in (("1", "Eva", ["Daan=3", "Bram=4", "Fien=20"]),
                                  ("2", "Gijs", ["Cees=3", "Anna=9"])):
        cli("t.toml", "score", "--table", table, "--winner", winner, *others)
    cli("t.toml", "tournament", "next")
    cli("t.toml", "score", "--table", "1", "--winner", "Eva", "Daan=3", "Cees=4", "Gijs=20")
    cli("t.toml", "tournament", "next")
    table, seat = _tournament_table(tmp_path, monkeypatch, "final")
    capsys.readouterr()
    drive(table, "score --winner Eva Daan=60\nscore --winner Eva Daan=45\n", seat=seat)
    out = capsys.readouterr().out
    assert "║ Eva wins the final and is the champion of the tournament! ║" in out
    assert "`pesten-ref tournament next --save t.toml` records the champion." in out
    assert "wins the series" not in out and "The series is over" not in out


def test_the_toolbar_after_the_last_hand_of_a_series_offers_no_score(tmp_path, monkeypatch):
    rules = with_series(load_rules("standard"), mode="elimination", limit=15)
    table = OpenSeries.create(SaveFile(tmp_path / "p.toml"), ["Anna", "Bram", "Cees"], rules, "Cees")
    app = SeriesApp(table, interactive=True)
    for line in WON.splitlines():
        app.handle_line(line)
    assert "Score it here" in text_of(toolbar_parts(table))
    assert app.handle_line("score Bram=Ah Ks 3d Cees=20").ok and table.series.over
    bar = text_of(toolbar_parts(table))
    assert "Score it here" not in bar
    assert "Hand 1 is scored and nothing is left to play at this table" in bar


# -- hints name the options in use -----------------------------------------------------

def test_hints_name_the_save_and_the_table_in_use(tmp_path, monkeypatch, capsys):
    from conftest import cli
    from referee.tournament.seat import Seat
    monkeypatch.chdir(tmp_path)
    cli("q.toml", "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    out = cli("q.toml", "play", input=WON).stdout
    assert "wins the hand (R6.1).\nScore it with `pesten-ref score --save q.toml`." in out
    assert "Score it with `pesten-ref score` " not in out  # (the engine's ruling names no option)
    table = OpenSeries.open(SaveFile(tmp_path / "q.toml"))
    drive(table, "", seat=Seat("q.toml"))
    assert "`pesten-ref score --save q.toml`, then `pesten-ref play --save q.toml` deals" in printed(capsys)
    cli("q.toml", "score", "Bram=Ah Ks 3d", "Cees=7")
    drive(OpenSeries.open(SaveFile(tmp_path / "q.toml")), "", seat=Seat("q.toml"))
    assert "`pesten-ref play --save q.toml` carries on from here." in printed(capsys)
    cli("t.toml", "tournament", "new", "--players", SEVEN, "--seed", "1")
    out = cli("t.toml", "play", "--table", "2", input="start 9h\nfix count Anna 1\n9c\n").stdout
    assert "Score it with `pesten-ref score --table 2 --save t.toml`." in out


# -- every prompt command takes the words of its command-line twin, and no others ------

def test_replay_at_the_prompt_takes_a_hand_as_pesten_ref_replay_does(table, capsys):
    from conftest import cli
    drive(table, WON + "score Bram=Ah Ks 3d Cees=7\n")
    capsys.readouterr()
    drive(table, "replay 1\nreplay --hand 1\nreplay 3\n")
    out = capsys.readouterr().out.replace("\r\n", "\n")
    hand_1 = cli(table.save.path, "replay", "--hand", "1").stdout.rstrip("\n")
    assert "Anna: 9c" in hand_1 and out.count(hand_1) == 2
    assert "✗ There is no hand 3; the series is at hand 2." in out


def test_a_command_given_words_it_does_not_take_refuses_them(table, capsys):
    drive(table, "start 9h\nstate extra\nwhy me\nhistory all\nstandings x\nreplay x\nquit now\n"
                 "standings --seats\n")
    out = printed(capsys)
    assert "✗ `state` does not take 'extra'; type `state`." in out
    assert "✗ `why` does not take 'me'; type `why`." in out
    assert "✗ `history` does not take 'all'; type `history`." in out
    assert "✗ `standings` does not take 'x'; type `standings [--seats]`." in out
    assert "✗ `replay` does not take 'x'; type `replay [N | --hand N]`." in out
    assert "✗ `quit` does not take 'now'; type `quit`." in out
    assert "Seat Place Player" in out  # standings --seats, as on the command line
    assert "Left the table. Every entry is saved" in out  # (quit now did not leave)
    assert saved_lines(table) == ["start 9h"]


def test_a_script_stops_at_a_command_given_words_it_does_not_take(table):
    from conftest import cli
    done = cli(table.save.path, "play", input="start 9h\nstate extra\n9c\n", code=1)
    assert "line 2: state extra: refused: `state` does not take 'extra'" in done.stderr
    assert saved_lines(table) == ["start 9h"]


def test_a_misspelled_command_at_the_prompt_gets_a_did_you_mean_as_on_the_command_line(
        table, capsys):
    from conftest import cli
    drive(table, "scroe\nstaet\nxyzzy\n")
    out = printed(capsys)
    assert "'scroe' is not a card or an entry word. Type `help` for the entries. " \
           "Did you mean `score`?" in out
    assert "Did you mean one of these: `state`, `start`?" in out
    assert out.count("Did you mean") == 2  # nothing is close to xyzzy
    assert "Did you mean 'score'?" in cli(None, "scroe", code=2).output  # click's own
    assert saved_lines(table) == []


def test_R7_2_each_answer_to_score_is_checked_as_it_is_given(table, capsys):
    drive(table, WON + "score\nAh Ks\nAh Ks 3d\n30\n7\n")  # Bram holds 3 cards, Cees 1
    out = printed(capsys)
    assert "✗ Bram holds 3 cards by the referee's count, 2 were given (R7.2)." in out
    assert ("✗ Cees holds 1 card by the referee's count, worth from 2 to 20 in points, "
            "so a total of 30 is not possible (R7.2).") in out
    assert result_of(table)["points"] == {"Anna": 0, "Bram": 28, "Cees": 7}  # Bram's kept


def test_up_at_a_score_question_recalls_the_earlier_answer(table):
    import threading
    import time
    with create_pipe_input() as pipe:
        pipe.send_text(WON + "score\nAh Ks\n")  # refused: Bram holds 3 cards (R7.2)

        def type_later():  # (the question's history is read when it is drawn)
            time.sleep(0.5)
            pipe.send_text("\x1b[A")  # Up: "Ah Ks" again
            time.sleep(0.3)
            pipe.send_text(" 3d\n7\n" + CTRL_D)
        threading.Thread(target=type_later, daemon=True).start()
        with create_app_session(input=pipe, output=DummyOutput()):
            run_repl(table, history=False)
    assert result_of(table)["cards"]["Bram"] == ["Ah", "Ks", "3d"]


def test_R3_7_a_line_that_goes_on_after_a_draw_passed_the_turn_says_so(table, capsys):
    drive(table, "start 9h\nd d\n")  # Anna draws: the turn passes to Bram, then `d` again
    out = printed(capsys)
    assert ("✗ After `d` the turn passed to Bram, so `d` on the same line is refused: "
            "it is Bram's turn, not Anna's (R3.7). Nothing of the line was entered.") in out
    assert saved_lines(table)[-1] == "start 9h"
    assert table.state()["turn"] == "Anna"


# -- why names the house rule that decided (R5.7), and each rule id once --------------

def test_R5_7_why_names_the_stacking_house_rule_that_let_a_two_on_a_joker(tmp_path, capsys,
                                                                           monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    table = OpenSeries.create(SaveFile(tmp_path / "c.toml"), ["Anna", "Bram", "Cees"],
                         load_rules("cumulative"), "Cees")
    drive(table, "start 9h\nJo\n2h\nwhy\n", history=False)
    out = printed(capsys)
    assert ("Bram plays 2♥: Cees must draw 7 or play a Two or a Joker (R5.1). "
            "House rule `stacking = \"cumulative\"` (R5.7).") in out


def test_R5_7_why_of_a_refused_two_on_a_joker_names_stacking_same_and_its_rule_once(table, capsys):
    drive(table, "start 9h\nJo\n2h\nwhy\n")
    out = printed(capsys)
    why = out[out.rindex("2♥ cannot be played now"):]
    assert why.startswith("2♥ cannot be played now: 5 cards to draw are pending, so only a Joker "
                          "may be played on them, or type `d` to draw (R5.7). "
                          "House rule `stacking = \"same\"`.")
    assert why.count("R5.7") == 1


def test_why_says_each_rule_id_once(table, capsys):
    drive(table, "start 9h\n7h 7c\nwhy\n9c\nwhy\n")  # Sevens: each sentence cites R5.2
    out = capsys.readouterr().out.splitlines()
    assert out[out.index("Anna plays 9♣. Bram is to play.") - 1] == \
        "Anna plays 7♥ and plays again (R5.2). Anna plays 7♣ and plays again (R5.2)."  # why
    assert "R3.1: Anna plays 9♣." in out  # a sentence without its rule id gets it in front


def test_score_at_the_prompt_corrects_a_hand_as_pesten_ref_score_hand_does(table, capsys):
    from conftest import cli
    drive(table, WON + "score Bram=Ah Ks 3d Cees=7\nscore --hand 1 --by Anna Bram=Ah Ks 4d Cees=7\n"
                 "score --hand x Bram=3\n")
    out = printed(capsys)
    assert "Hand 1 corrected: Anna 0, Bram 29, Cees 7 (was Bram 28)." in out
    assert "✗ `--hand` needs the number of a hand" in out
    assert result_of(table)["points"] == {"Anna": 0, "Bram": 29, "Cees": 7}
    again = cli(table.save.path, "score", "--hand", "1", "Bram=Ah Ks 3d", "Cees=7").stdout
    assert "Hand 1 corrected: Anna 0, Bram 28, Cees 7 (was Bram 29)." in again


def test_a_command_typed_after_pesten_ref_at_the_prompt_reads_the_same(table, capsys):
    drive(table, "start 9h\npesten-ref state extra\npesten-ref scroe\n")
    out = printed(capsys)
    assert "✗ `state` does not take 'extra'; type `state`." in out
    assert "Did you mean `score`?" in out and "`scroe` is a command of its own" not in out


def test_R8_6_standings_and_history_of_a_table_on_the_command_line_tell_the_tournament(
        tmp_path, monkeypatch):
    """``pesten-ref standings --table T`` and ``history --table T`` of a table whose hand is
    scored say what the prompt says: who goes through, and ``tournament next``."""
    from conftest import cli
    _tournament_table(tmp_path, monkeypatch, "2")
    cli("t.toml", "score", "--table", "2", "--winner", "Gijs", "Cees=3", "Anna=9")
    through = "Gijs and Cees go through from Table 2 (R8.6). Anna is out of the tournament."
    for command in ("standings", "history"):
        out = cli("t.toml", command, "--table", "2").stdout
        assert through in out, command
        assert "`pesten-ref tournament next --save t.toml`" in out, command
        assert "series" not in out.replace("series.toml", ""), command
