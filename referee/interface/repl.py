"""The table prompt of ``pesten-ref play`` (prompt-toolkit 3).

The only module that imports prompt_toolkit; ``referee.interface.cli`` imports it when
``play`` runs at a terminal.  Each typed line goes to
``app.SeriesApp.handle_line`` (the same path as ``play --script``), so the
session saves after every entry and the REPL holds no state of its own beyond
the prompt: it draws the reply and asks the reply's question, if any.

What the REPL adds: a prompt naming who is to act, a bottom toolbar with the
public state of the hand, Tab completion (``referee.interface.complete``), a history
file in the user's state directory, and the questions a reply asks (the suit
of a Jack typed without one, R5.4; the cards left in each hand for ``score``).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.formatted_text import ANSI, FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.output import create_output
from prompt_toolkit.shortcuts import CompleteStyle, print_formatted_text
from prompt_toolkit.styles import Style

from referee.interface.app import Board, Question, Reply, SeriesApp
from referee.engine.cards import SUIT_SYMBOLS, parse_suit, try_card
from referee.interface.complete import (
    HandView, describe, fits, partial_word, suggest, suggest_answer,
)
from referee.messages import t
from referee.words.cards import pretty
from referee.words.events import rules_name, summary

STYLE = Style.from_dict({
    "prompt.name": "bold",
    "prompt.other": "italic",
    "refused": "fg:ansired bold",
    "notice": "italic",
    "bottom-toolbar": "reverse",
    "bottom-toolbar bar.turn": "bold",
    "bottom-toolbar bar.alert": "bold fg:ansired",
    "bottom-toolbar bar.sep": "",
    "completion.fits": "bold",
})

_CODE = re.compile(r"`[^`]*`")
# French sets a space before : ; ! ? » and after «: a line does not break there.
_TIED_SPACE = re.compile(r" (?=[:;!?»])|(?<=«) ")
_NBSP = "\u00a0"


# ---------------------------------------------------------------------------
# History file
# ---------------------------------------------------------------------------

def history_path(env: dict | None = None, platform: str | None = None) -> Path:
    """Where the prompt history lives: ``$XDG_STATE_HOME/pesten-ref/history``.

    Default ``~/.local/state/pesten-ref/history``; on Windows
    ``%LOCALAPPDATA%\\pesten-ref\\history``.  ``env`` and ``platform`` default
    to ``os.environ`` and ``sys.platform`` (given in tests).  Pure: creates nothing.
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if platform.startswith("win"):
        base = env.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    else:
        base = env.get("XDG_STATE_HOME") or str(Path(env.get("HOME") or Path.home())
                                                / ".local" / "state")
    return Path(base) / "pesten-ref" / "history"


class _QuietFileHistory(FileHistory):
    """A FileHistory that turns a failed write into one warning and goes on in memory."""

    def __init__(self, path: Path, warn: Callable[[str], None]):
        super().__init__(str(path))
        self._path, self._warn, self._off = path, warn, False

    def store_string(self, string: str) -> None:
        if self._off:
            return
        try:
            super().store_string(string)
        except OSError as exc:
            self._off = True
            self._warn(t("repl.history_off", path=str(self._path), error=exc.strerror or exc))


def open_history(path: Path, warn: Callable[[str], None]) -> History:
    """A history kept in ``path``; a folder that cannot be made or written gives a
    warning through ``warn`` and a history in memory only (never an error)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab"):
            pass
        with open(path, "rb"):
            pass
    except OSError as exc:
        warn(t("repl.history_off", path=str(path), error=exc.strerror or exc))
        return InMemoryHistory()
    return _QuietFileHistory(path, warn)


# ---------------------------------------------------------------------------
# What the prompt, the toolbar and completion show (public state only, R0.1)
# ---------------------------------------------------------------------------

def prompt_parts(table) -> list[tuple[str, str]]:
    """The prompt as (style, text) fragments: ``Anna> ``, ``hand 2, start> ``, ``snel> ``."""
    st = table.state()
    end = ("", t("repl.prompt.end"))
    if st["status"] == "waiting":
        return [("class:prompt.other", t("repl.prompt.waiting", hand=st["hand"])), end]
    if st["status"] != "playing":
        return [("class:prompt.other", t("repl.prompt.over", hand=st["hand"])), end]
    if st["turn"]:
        return [("class:prompt.name", t("repl.prompt.turn", name=st["turn"])), end]
    return [("class:prompt.other", t("repl.prompt.free")), end]


def toolbar_parts(table, width: int | None = None) -> list[tuple[str, str]]:
    """The bottom toolbar as (style, text) fragments: the table (top card, named
    suit, direction, pending penalty, draw pile), then the players (cards held,
    the player to act, skips; who may announce or be called only when the
    series shows calls, ``show calls on``: noticing it is the game).

    ``width``: the terminal's columns (default: asked of the system); a part
    that would run past it starts a new line, so nothing is cut off.
    """
    width = width or shutil.get_terminal_size((100, 24)).columns
    st = table.shown_state()
    if st["status"] == "waiting":
        parts = [[("", t("repl.bar.waiting", hand=st["hand"], dealer=st["dealer"]))]]
    elif st["status"] != "playing":
        key = "repl.bar.blocked" if st["winner"] is None else "repl.bar.over"
        if table.series.over:  # the last hand is scored: nothing is left to score here
            key = "repl.bar.done"
        return _flow([[("", t(key, hand=st["hand"], winner=st["winner"]))]], "", width)
    else:
        top = try_card(st["top"])
        parts = [[("", t("repl.bar.top", card=pretty(top)))]]
        if st["named_suit"]:
            s = st["named_suit"]
            parts.append([("class:bar.turn", t("repl.bar.named", symbol=SUIT_SYMBOLS[s],
                                                suit=t(f"repl.suit.{s}")))])
        parts.append([("", t(f"repl.bar.{st['direction']}"))])
        if st["pending_draw"]:
            parts.append([("class:bar.alert", t("repl.bar.pending", name=st["turn"],
                                                 n=st["pending_draw"]))])
        parts.append([("", t("repl.bar.piles", draw=st["draw_pile"]))])
        if table.rules.free_order:
            first = next(iter(st["counts"]), "Anna")
            parts.append([("", t("repl.bar.free", example=f"{first}: 7h"))])
    players = []
    for name, n in st["counts"].items():
        to_act = name == st["turn"]
        chunk = []
        if to_act:
            chunk.append(("class:bar.turn", t("repl.bar.to_act") + " "))
        chunk.append(("class:bar.turn" if to_act else "",
                      t("repl.bar.count", name=name, count=n)))
        if st["skips"].get(name):
            chunk.append(("", " (" + t("repl.bar.skips", n=st["skips"][name]) + ")"))
        if st["waits"].get(name):  # R10.21
            chunk.append(("", " (" + t("repl.bar.waits", n=st["waits"][name]) + ")"))
        if name == st["announce_due"]:
            chunk.append(("", " (" + t("repl.bar.announce") + ")"))
        if name in st["callable"]:
            chunk.append(("class:bar.alert", " " + t("repl.bar.callable")))
        players.append(chunk)
    return (_flow(parts, "  │  ", width) + [("", "\n")]
            + _flow(players, " · ", width))


def _flow(chunks: list[list[tuple[str, str]]], sep: str, width: int) -> list[tuple[str, str]]:
    """Join chunks of fragments with ``sep``, starting a new line before a chunk
    that would pass ``width`` columns; every line has a blank at each end."""
    out: list[tuple[str, str]] = [("", " ")]
    used = 1
    for i, chunk in enumerate(chunks):
        size = sum(len(text) for _, text in chunk)
        if i and used + len(sep) + size + 1 > width:
            out.append(("", " \n "))
            used = 1
        elif i:
            out.append(("class:bar.sep", sep))
            used += len(sep)
        out.extend(chunk)
        used += size
    out.append(("", " "))
    return out


class LineCompleter(Completer):
    """prompt_toolkit Completer around ``complete.suggest``; the view is rebuilt
    by ``refresh()`` after every line (the state changes only then)."""

    def __init__(self, view_of: Callable[[], HandView]):
        self._view_of = view_of
        self.view = view_of()

    def refresh(self) -> None:
        """Read the table again (after an entry)."""
        self.view = self._view_of()

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        word = partial_word(text)
        for w in suggest(text, self.view):
            insert = w + " " if w.endswith(":") else w
            style = "class:completion.fits" if fits(w, self.view) else ""
            yield Completion(insert, start_position=-len(word), display=w,
                             display_meta=describe(w, self.view), style=style)


class AnswerCompleter(Completer):
    """Completion of the answer to a Question (``complete.suggest_answer``)."""

    def __init__(self, question: Question, view: HandView):
        self.question, self.view = question, view

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        word = partial_word(text)
        for w in suggest_answer(text, self.question.kind, self.view, self.question.taken):
            if self.question.kind == "suit":
                suit = parse_suit(w, self.view.lexicon)
                yield Completion(w, start_position=-len(word),
                                 display=f"{w} {SUIT_SYMBOLS[suit]}",
                                 display_meta=t(f"repl.suit.{suit}"))
            else:
                yield Completion(w, start_position=-len(word), display_meta=describe(w, self.view))


# ---------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------

class _Screen:
    """Lines printed between prompts, wrapped to the terminal, styled unless NO_COLOR."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.output = create_output(stdout=self.stream)

    def width(self) -> int:
        """The columns to fill: the terminal's less one (at least 40)."""
        return max(40, shutil.get_terminal_size((100, 24)).columns - 1)

    def _wrap(self, text: str, indent: str = "") -> str:
        width = self.width()
        out = []
        for i, line in enumerate(text.split("\n")):
            lead = indent if i else ""
            if len(lead + line) <= width:
                out.append(lead + line)
                continue
            own = line[:len(line) - len(line.lstrip())]
            # Keep `code like this` on one line: blanks inside backticks do not break,
            # nor the space French sets before a colon ("tapez `co` : `9co`").
            kept = _CODE.sub(lambda m: m.group(0).replace(" ", _NBSP), line)
            kept = _TIED_SPACE.sub(_NBSP, kept)
            out.append(textwrap.fill(kept, width=width, initial_indent=lead,
                                     subsequent_indent=indent + own, break_on_hyphens=False,
                                     break_long_words=False).replace(_NBSP, " "))
        return "\n".join(out)

    def say(self, text: str, style: str = "") -> None:
        """Print ``text`` (already through the message layer)."""
        print_formatted_text(FormattedText([(style, self._wrap(text))]), style=STYLE,
                             output=self.output)

    def board(self, text: str) -> None:
        """Print a ``Board`` as it is laid out (its colour codes, no wrapping)."""
        print_formatted_text(ANSI(text), style=STYLE, output=self.output)

    def refuse(self, text: str) -> None:
        """Print a refusal, marked (a red ✗ unless NO_COLOR)."""
        mark = t("repl.refused") + " "
        body = self._wrap(mark + text, indent=" " * len(mark))[len(mark):]
        print_formatted_text(FormattedText([("class:refused", mark), ("", body)]),
                             style=STYLE, output=self.output)


# ---------------------------------------------------------------------------
# The loop
# ---------------------------------------------------------------------------

def _columns() -> int:
    """The width of the terminal the prompt is drawn on."""
    from prompt_toolkit.application import get_app
    return get_app().output.get_size().columns


def _ask(question: Question, view: HandView, asking: PromptSession) -> str | None:
    """Ask ``question`` at the prompt of the questions (``asking``, whose history holds
    the earlier answers: Up and Down recall them); -> the answer, or None when taken back."""
    try:
        return asking.prompt(question.prompt, completer=AnswerCompleter(question, view))
    except (KeyboardInterrupt, EOFError):
        return None


def _show(reply: Reply, screen: "_Screen") -> None:
    """Print a reply: its text (a refusal marked), then its notes."""
    text = reply.screen or reply.text
    if text:
        if isinstance(text, Board):
            screen.board(text)
        elif reply.ok:
            screen.say(text)
        else:
            screen.refuse(text)
    for hint in reply.hints:
        screen.say(hint, "class:notice")
    for style, note in reply.notes:
        if isinstance(note, Board):
            screen.board(note)
        else:
            screen.say(note, style)


def run_repl(table, *, history: Path | None | bool = True, stream=None, seat=None) -> int:
    """Referee ``table``'s current hand at the keyboard until Ctrl-D; -> exit status.

    ``table``: an open ``session.OpenSeries`` (its save file locked by the caller).
    ``history``: True for the user's history file (``history_path()``), a Path
    for another file, or False/None for none.  ``stream``: where rulings are
    printed (default ``sys.stdout``).  ``seat``: where the series is played
    (``seat.Seat``, for the hints and a tournament's table; default a series
    of its own at the default file).  Input and the prompt use the current
    prompt_toolkit app session.  Returns 0 when the player leaves, or the
    exit status of a save file that could not be written (SaveError).
    """
    from referee.series.rulebook import rule_ids
    from referee.series.store import SaveError

    screen = _Screen(stream)
    if history is True:
        history = history_path()
    hist = open_history(Path(history), screen.say) if history else InMemoryHistory()
    from referee.series.scoreboard import colour_wanted
    app = SeriesApp(table, interactive=True, seat=seat,
                   colour=colour_wanted(os.environ, screen.stream.isatty()), columns=screen.width)
    ids = tuple(rule_ids())
    asking: PromptSession = PromptSession(  # the answers to questions: cards left, a suit
        history=InMemoryHistory(), style=STYLE, complete_while_typing=False)
    completer = LineCompleter(lambda: app.view(ids))
    session: PromptSession = PromptSession(
        history=hist, completer=completer, complete_while_typing=False,
        bottom_toolbar=lambda: toolbar_parts(table, _columns()), style=STYLE,
        complete_style=CompleteStyle.MULTI_COLUMN, reserve_space_for_menu=6)

    st = table.state()
    screen.say(t("repl.banner", hand=st["hand"], dealer=st["dealer"], rules=rules_name(table.rules.name)))
    screen.say(t("repl.banner.keys"), "class:notice")
    screen.say(summary(table.hand))

    while True:
        try:
            text = session.prompt(lambda: prompt_parts(table))
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        try:
            reply = app.handle_line(text)
            while reply.question is not None:
                _show(reply, screen)
                reply = reply.question.answer(_ask(reply.question, completer.view, asking))
        except SaveError as exc:
            screen.refuse(t("repl.save_failed", message=exc.message))
            return exc.exit_code
        completer.refresh()
        if reply.kind == "leave":
            break
        _show(reply, screen)

    st, options = table.state(), app.seat.options()
    if table.series.over:
        told = app.seat.told(table.series)
        screen.say(t("repl.bye.done", file=str(table.save.path)))
        screen.say(told[-1] if told else t("repl.score.series_over"))
    elif st["status"] in ("over", "scored"):
        screen.say(t("repl.bye.over", hand=st["hand"], file=str(table.save.path),
                     options=options))
    else:
        screen.say(t("repl.bye", file=str(table.save.path), options=options))
    return 0
