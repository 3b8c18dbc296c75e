"""The table's application layer: one typed line in, one reply out (no terminal).

``SeriesApp(table).handle_line(text) -> Reply`` is what ``pesten-ref play``
does with every line, at the prompt (``referee.interface.repl``) and in a script
(``run_script``, for ``play --script`` and stdin) alike.  It knows no
terminal: the prompt draws the reply, a script prints its text or its JSON
answer (``Reply.answer``), and the tests call it directly.

The prompt's commands (the queries of the notation, undo/redo, ``score``,
``standings``, ``history``, ``show``, ``help``, ``quit``) come from one
registry, ``COMMANDS``, filled by the ``@command`` decorator on each
command's handler below; the registry also writes ``help`` and tells Tab
completion (``referee.interface.complete``) what each command takes.  Adding a prompt
command is one decorated function here (and its texts in
``messages/en_repl.py``).

A line that is no command of this layer goes to the session
(``OpenSeries.handle``: the engine rules on it and the entry is saved).  Where the
table must answer a question before a line can take effect (the suit of a
Jack typed without one, R5.4; the cards left in each hand for ``score``) an
interactive app (``interactive=True``, the prompt) returns a ``Question``; a
script gets the refusal instead.

Dependencies point one way: ``cli`` and ``repl`` (interface) -> this module,
``render``, ``session``, ``scoring``, ``complete`` (application) -> ``engine``,
``notation``, ``cards``, ``rules`` (engine) -> ``messages``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable, Iterable

from referee.engine.lexicon import suit_letters
from referee.series.spoken import table_lexicon
from referee.messages import t
from referee.series.render import dumps, render_state
from referee.words.cards import pretty
from referee.words.entries import as_read
from referee.words.events import told

if TYPE_CHECKING:  # imported where a table is open (start-up time of `pesten-ref`)
    from referee.interface.complete import HandView
    from referee.tournament.seat import Seat
    from referee.series.session import OpenSeries

# ``pesten-ref`` commands a player may type at the prompt by mistake.
SHELL_WORDS = frozenset({"new", "play", "simulate", "export", "series", "tournament"})
_STATUSES = frozenset({"waiting", "playing", "over", "scored"})


# ---------------------------------------------------------------------------
# Replies and questions
# ---------------------------------------------------------------------------

class Reply:
    """The answer to one typed line.

    ``input``: the line as typed; ``ok``: False when it was refused; ``text``:
    the ruling or the command's answer (the JSON ``ruling``); ``rule``: the
    rule id cited, or None; ``kind``: ``"blank" | "entry" | "undo" | "redo" |
    "query" | "command" | "error" | "leave"``, and at the prompt ``"question"``
    (the line waits for ``question``'s answer) or ``"cancelled"`` (the answer
    took the line back; nothing was entered); ``data``: extra JSON facts
    (``check``: ``legal``); ``screen``: what the prompt shows instead of
    ``text`` when it differs (``state`` as a table), or None; ``notes``: more
    ``(style, text)`` lines for the prompt after it (the end of a hand, the
    keys); ``question``: what the table must answer before the line can take
    effect (interactive apps only), or None; ``hints``: sentences told once in a
    session on how the line was read (an English suit letter that starts another
    suit's local word, ``SeriesApp``), shown after it at the prompt and in a text
    script, never in JSON: they change no ruling.
    """

    __slots__ = ("input", "ok", "text", "rule", "kind", "data", "screen", "notes", "question",
                 "hints")

    def __init__(self, input: str, ok: bool, text: str, rule: str | None = None,
                 kind: str = "entry", data: Mapping[str, Any] | None = None,
                 screen: str | None = None, notes: list[tuple[str, str]] | None = None,
                 question: "Question | None" = None) -> None:
        self.input = input
        self.ok = ok
        self.text = text
        self.rule = rule
        self.kind = kind
        self.data = data
        self.screen = screen
        self.notes = [] if notes is None else notes
        self.question = question
        self.hints: list[str] = []

    @property
    def refused(self) -> bool:
        """True for a refused entry or command (a query is never refused; NOTATION)."""
        return not self.ok and self.kind not in ("query", "question")

    def __repr__(self) -> str:
        return f"Reply({self.input!r}, ok={self.ok}, rule={self.rule!r}, kind={self.kind!r})"


class Question:
    """What the table is asked before a line takes effect (interactive apps only).

    ``prompt``: the question as printed; ``kind``: what completes the answer,
    ``"suit" | "cards" | "player"``; ``taken``: canonical cards already given
    in this score (left out of the completion with one deck).  ``answer(text)``
    gives the next Reply (which may carry the next Question); ``text`` None
    or blank takes the line back.
    """

    __slots__ = ("prompt", "kind", "taken", "_resume")

    def __init__(self, prompt: str, kind: str, resume: Callable[[str | None], Reply],
                 taken: Iterable[str] = ()) -> None:
        self.prompt = prompt
        self.kind = kind
        self.taken = tuple(taken)
        self._resume = resume

    def answer(self, text: str | None) -> Reply:
        """The table's answer -> the next Reply."""
        return self._resume(text)


class Board(str):
    """Text laid out for the terminal already: a table, a chart, a banner, with
    SGR colour codes when the app colours (``SeriesApp.colour``).  The prompt
    prints it as it is, never wrapped; everywhere else it is plain text."""

    __slots__ = ()


# ---------------------------------------------------------------------------
# The command registry
# ---------------------------------------------------------------------------

class Command:
    """One command of the table prompt.

    ``name``: the word typed (``aliases``: other words for it); ``args``: what
    follows it, for completion and for refusing what it does not take:
    ``"" | "card" | "rule" | "score" | "show" | "hand" | "seats" | "command"``;
    ``when``: the hand statuses in which completion offers it among the first
    words; ``notation``: True for the notation's own queries and controls
    (NOTATION "Entries"), which the session's engine parses and rules on
    first (``run`` then only renders their answer); ``run(app, arg, ruling)``
    -> Reply, or None to reply with the engine's ruling as it is.  Its texts:
    ``repl.cmd.NAME`` (what it does) and ``repl.usage.NAME`` (how to type it).

    A command takes the words its ``pesten-ref`` twin takes (``replay 2`` or
    ``replay --hand 2``, ``standings --seats``) and refuses any other
    (``SeriesApp.refuse_words``); with ``args`` ``""`` it takes none.
    """

    __slots__ = ("name", "aliases", "args", "when", "notation", "run")

    def __init__(self, name: str, aliases: tuple[str, ...], args: str, when: frozenset[str],
                 notation: bool, run: Callable[..., Reply] | None) -> None:
        self.name = name
        self.aliases = aliases
        self.args = args
        self.when = when
        self.notation = notation
        self.run = run

    def summary(self) -> str:
        """What the command does, in a few words (help, completion menu)."""
        return t(f"repl.cmd.{self.name}")

    def usage(self) -> str:
        """How to type it (``check 7h``), by the first word the language spoken has
        for the command (Italian ``verifica 7cu``; ``help`` lists them so)."""
        from referee.engine.lexicon import local_forms
        text = t(f"repl.usage.{self.name}")
        head, sep, rest = text.partition(" ")
        forms = local_forms(self.name, table_lexicon()) if head == self.name else []
        return forms[0] + sep + rest if forms else text

    def __repr__(self) -> str:
        return f"Command({self.name!r})"


COMMANDS: dict[str, Command] = {}
"""Every prompt command by name, in the order ``help`` lists them."""
_WORDS: dict[str, Command] = {}  # name and aliases (lower case) -> Command


def command(name: str, *, aliases: tuple[str, ...] = (), args: str = "",
            when: Iterable[str] = _STATUSES, notation: bool = False):
    """Register the decorated ``run(app, arg, ruling) -> Reply | None`` as a prompt command."""
    def register(run):
        cmd = Command(name, tuple(aliases), args, frozenset(when), notation, run)
        COMMANDS[name] = cmd
        for word in (name, *aliases):
            _WORDS[word] = cmd
        return run
    return register


def find_command(word: str) -> Command | None:
    """The command typed as ``word`` (any case), in English or in the words of the
    language spoken (``lexicon.word``: Dutch ``tussenstand``), or None."""
    from referee.engine.lexicon import word as local_word
    low = word.lower()
    return _WORDS.get(low) or _WORDS.get(local_word(low, table_lexicon()))


# ---------------------------------------------------------------------------
# The application
# ---------------------------------------------------------------------------

class SeriesApp:
    """The application around an open series: ``handle_line`` for every typed line.

    ``table``: an open ``session.OpenSeries`` (its save file locked by the
    caller); ``interactive``: True at the prompt, where a line that needs an
    answer (a Jack's suit, the cards left for ``score``) returns a Question
    instead of being refused.  ``columns``: for a terminal, what tells its
    width now; the replies then also carry the scoreboard laid out for it
    (``Reply.screen``, a ``Board``: the banner at the end of a hand, the
    history with its chart), in colour when ``colour`` (the interface
    decides, as ``scoreboard.colour_wanted`` says).  Without it (a script, a
    pipe) the replies are plain sentences and tables.  ``seat``: where the
    series is played, as the command line named it (``seat.Seat``: the
    options the hints name, and at a tournament's table what its end tells);
    default a series of its own at the default file.  Raises SaveError from
    the session when a save fails (nothing after it is applied).

    The first time in a session that a line has an English suit letter which
    starts another suit's word in the table's language (French, Italian and
    Portuguese ``c``: ``7c`` is clubs, not cœur, cuori, copas), its reply
    carries a hint saying how to type the local suit (``Reply.hints``).
    """

    __slots__ = ("table", "interactive", "colour", "columns", "seat", "_told")

    def __init__(self, table: "OpenSeries", interactive: bool = False, colour: bool = False,
                 columns: Callable[[], int] | None = None, seat: "Seat | None" = None) -> None:
        from referee.tournament.seat import Seat
        self.table = table
        self.interactive = interactive
        self.colour = colour
        self.columns = columns
        self.seat = seat or Seat()
        self._told: set[str] = set()  # the false-friend letters already explained

    # -- one line ---------------------------------------------------------------
    def handle_line(self, text: str) -> Reply:
        """Handle one typed line -> Reply (never raises for bad input)."""
        reply = self._handle_line(text)
        if reply.kind != "blank":
            reply.hints.extend(self._false_friend_hints(text))
        return reply

    def _false_friend_hints(self, text: str) -> list[str]:
        """The hint for each false-friend letter of ``text`` not explained yet."""
        from referee.engine import lexicon
        from referee.engine.cards import SUIT_SYMBOLS, try_card
        hints = []
        lex = table_lexicon()
        for token in text.partition("#")[0].replace(":", " ").replace("=", " ").split():
            for letter, other in lexicon.false_friends([token], lex):
                if letter in self._told:
                    continue
                self._told.add(letter)
                card = try_card(token, lex)
                local = lexicon.local_suit_letter(other, lex) or other
                hints.append(t("repl.hint.false_friend", token=token, letter=letter,
                               shown=pretty(card) if card else SUIT_SYMBOLS[letter],
                               symbol=SUIT_SYMBOLS[letter], suit=t(f"repl.suit.{letter}"),
                               local_symbol=SUIT_SYMBOLS[other],
                               local_suit=t(f"repl.suit.{other}"), local_letter=local,
                               local_example=token[:-1] + local))
        return hints

    def _handle_line(self, text: str) -> Reply:
        words = text.partition("#")[0].split(None, 1)
        first = words[0].lower() if words else ""
        line = text
        if first == "pesten-ref" and len(words) > 1:  # ``pesten-ref standings`` typed here
            rest = words[1].split(None, 1)
            if find_command(rest[0]) is None and rest[0].lower() in SHELL_WORDS:
                return self._shell_hint(text, rest[0].lower())
            line, words, first = words[1], rest, rest[0].lower()  # (a typo: did you mean)
        cmd = find_command(first) if first else None
        if cmd is not None and not cmd.notation:
            return self._run(cmd, text, words[1] if len(words) > 1 else "")
        if cmd is not None and not cmd.args and len(words) > 1:  # ``state extra``
            return self.refuse_words(cmd, text, words[1])
        return self._entry(line)

    def answer(self, text: str) -> dict | None:
        """Handle one line -> its NOTATION JSON answer, or None for a blank line."""
        reply = self.handle_line(text)
        if reply.kind == "blank":
            return None
        return self.answer_of(reply)

    def answer_of(self, reply: Reply) -> dict:
        """The NOTATION JSON answer of ``reply``: input, ok, ruling, rule[, legal], state."""
        out: dict[str, Any] = {"input": reply.input, "ok": reply.ok, "ruling": reply.text,
                               "rule": reply.rule}
        if reply.data and "legal" in reply.data:
            out["legal"] = reply.data["legal"]
        out["state"] = self.table.state()
        return out

    def refuse_words(self, cmd: Command, text: str, words: str) -> Reply:
        """The reply to ``cmd`` typed with ``words`` it does not take: refused, nothing done."""
        return Reply(text, False, t("repl.args.refused", command=cmd.name, words=words.strip(),
                                    usage=cmd.usage()), None, "error")

    def _run(self, cmd: Command, text: str, arg: str) -> Reply:
        from referee.series.scoring import ScoreError
        if not cmd.args and arg.strip():
            return self.refuse_words(cmd, text, arg)
        try:
            return cmd.run(self, text, arg.strip(), None)
        except ScoreError as exc:
            return Reply(text, False, str(exc), exc.rule, "command")

    def _shell_hint(self, text: str, word: str) -> Reply:
        return Reply(text, False, t("repl.shell_command", word=word), None, "error")

    def _entry(self, text: str) -> Reply:
        """A line of notation: the session rules on it (and saves it)."""
        table = self.table
        before = table.hand.status
        ruling = table.handle(text)
        kind = ruling.kind
        if kind == "blank":
            return Reply(text, True, "", None, "blank")
        if kind == "query":
            cmd = find_command(ruling.query)
            reply = cmd.run(self, text, ruling.arg, ruling) if cmd and cmd.run else None
            return reply or Reply(text, ruling.ok, told(ruling), ruling.rule, "query", ruling.data)
        if self.interactive and asks_suit(ruling):
            return self._suit_question(text, ruling)
        said, rule = told(ruling), ruling.rule
        out = self._out_of_series(ruling)
        if out is not None:
            said, rule = out
        if kind == "error":
            words = text.split()
            if words and words[0].lower() in SHELL_WORDS:
                return self._shell_hint(text, words[0].lower())
            if words and not known_word(words[0]):  # (``fix draw Anna -1``: not `fix`)
                said = " ".join(filter(None, (said, self._glued(words) or did_you_mean(words[0]))))
        reply = Reply(text, ruling.ok, said, rule, kind, ruling.data)
        if before == "playing" and table.hand.status == "over":
            reply.notes.extend(self._end_notes())
            if not self.interactive:  # (the prompt's notes say how to score it there)
                reply.hints.append(t("repl.hint.score", options=self.seat.options()))
        return reply

    def _out_of_series(self, ruling) -> tuple[str, str] | None:
        """For an entry refused because it names no player of the hand (R1.1) where
        the name is a player of the series already out of it: the sentence saying so
        and the rule it cites (R7.4 over the limit, R1.5 left); None otherwise."""
        from referee.engine.events import Reason
        refusal = ruling.refusal
        if refusal is None or refusal.reason is not Reason.UNKNOWN_PLAYER:
            return None
        name = str(refusal.fields.get("name", "")).casefold()
        series = self.table.series
        for player in series.players:
            record = series.records[player]
            if player.casefold() == name and record.eliminated:
                if record.left:
                    return t("repl.out.left", name=player), "R1.5"
                return t("repl.out.eliminated", name=player), "R7.4"
        return None

    def _glued(self, words: list[str]) -> str:
        """For a line whose first word is cards typed without ``+`` (``10h10r``) at a
        table where several cards of one rank go down as one play (R3.10): the
        sentence naming the play meant (`10h+10r`); "" otherwise."""
        from referee.engine.notation import MORE
        hand = self.table.hand
        if not hasattr(hand, "tables") or not hand.tables.multi_play:  # (R3.10)
            return ""
        cards = glued_cards(words[0], hand.lexicon)
        if not cards:
            return ""
        return t("repl.did_you_mean", n=1, words=f"`{MORE.join(cards)}`")

    # -- the suit of a Jack typed without one (R5.4) ------------------------------
    def _suit_question(self, text: str, ruling) -> Reply:
        who = ruling.actor or self.table.state()["turn"] or "?"
        question = Question(t("repl.suit.question", name=who, letters=suit_letters(table_lexicon())), "suit",
                            lambda answer: self._suit_answer(text, question, answer))
        return Reply(text, True, "", None, "question", question=question)

    def _suit_answer(self, text: str, question: Question, answer: str | None) -> Reply:
        from referee.engine.cards import parse_suit
        from referee.interface.complete import with_suit
        if answer is None or not answer.strip():
            return Reply(text, True, t("repl.suit.cancelled", line=text.strip()), None, "cancelled")
        lex = table_lexicon()
        suit = parse_suit(answer.strip(), lex)
        if suit is None:
            return Reply(text, True, t("repl.suit.again", answer=answer.strip(), letters=suit_letters(lex)), None,
                         "question", question=question)
        return self.handle_line(with_suit(text, suit, lex, self.table.hand.tables.names))

    # -- the end of a hand ----------------------------------------------------------
    def _end_notes(self) -> list[tuple[str, str]]:
        """What the table is told when a player goes out or the hand is blocked:
        on a terminal the banner of the hand won (R6.1) or blocked (R3.9), then
        how to score it."""
        from referee.series.scoring import hand_end_event
        st = self.table.state()
        key = "repl.over.blocked" if st["winner"] is None else "repl.over.winner"
        others = [p for p in st["counts"] if p != st["winner"]]
        example = " ".join(t("repl.over.example", name=p) for p in others)
        notes = [("bold", t(key, hand=st["hand"], winner=st["winner"])),
                 ("", t("repl.over.command", example=example))]
        banner = self._banner([hand_end_event(st["hand"], st["winner"])])
        return [("", banner), *notes] if banner else notes

    def _banner(self, events: Iterable, title: str | None = None) -> Board | None:
        """The banner of ``events`` (``scoreboard.render_banner``, ``title`` as
        there) for the terminal, or None without one (``columns``) or without events."""
        if self.columns is None or not events:
            return None
        from referee.series.scoreboard import render_banner
        from referee.series.scoring import standings_json
        table = self.table
        started = table.started or table.dealt.scored
        text = render_banner(events, standings_json(table.series, started),
                             width=self.columns(), colour=self.colour, title=title)
        return Board(text) if text else None

    # -- score ------------------------------------------------------------------------
    def score(self, text: str, winner: str | None, given: dict[str, str]) -> Reply:
        """Record the hand's result (``OpenSeries.score``) -> the reply telling it.

        Asks for what is missing first when interactive: the winner of a hand
        not refereed, then the cards left for each player still in the hand.
        """
        table = self.table
        self.seat.check_score(table.series)  # a tournament's table that has its result
        st = table.state()
        if self.interactive and not table.series.over and st["status"] in ("over", "waiting"):
            if st["status"] == "waiting" and winner is None:
                question = Question(t("repl.score.ask_winner", hand=st["hand"]), "player",
                                    lambda answer: self._winner_answer(text, given, answer))
                return Reply(text, True, "", None, "question", question=question)
            missing = self._missing(winner, given)
            if missing:
                return self._ask_cards(text, winner, given, missing[0])
        from referee.series.scoring import result_points_text
        result, events = table.score(winner, given)
        return self._tell_score(text, t("repl.score.recorded", hand=result.hand,
                                  points=result_points_text(result)), events)

    def correct(self, text: str, n: int, winner: str | None, given: dict[str, str],
                by: str | None = None) -> Reply:
        """``score --hand N``: correct hand ``n``'s result (``OpenSeries.correct``; ``by``:
        who corrects it) -> the reply telling it, as ``pesten-ref score --hand N``."""
        from referee.series.scoring import corrected_text, result_points_text
        result, events, replaced = self.table.correct(n, winner, given, by=by)
        said = (corrected_text(result, replaced) if replaced is not None else
                t("repl.score.recorded", hand=result.hand, points=result_points_text(result)))
        return self._tell_score(text, said, events)

    def _tell_score(self, text: str, said: str, events: list) -> Reply:
        """The reply to a score or a correction: ``said``, the events (a banner on a
        terminal), the standings, then the deal of the hand to come, or the end
        (a tournament's table: who goes through, ``seat.Seat.told``)."""
        from referee.series.scoring import render_standings
        table = self.table
        ending = self.seat.ending(table.series, events)
        after = [render_standings(table.series, table.started, closing=ending.told)]
        if not table.series.over:
            if not table.started:
                after.append(table.deal_text())
        elif not ending.told:
            after.append(t("repl.score.series_over"))
        lines = [said, *ending.sentences(), *after]
        banner = self._banner(ending.events, ending.title)
        screen = Board("\n".join([said, banner, *after])) if banner else None
        return Reply(text, True, "\n".join(lines), None, "command", screen=screen)

    def _missing(self, winner: str | None, given: Mapping[str, str]) -> list[str]:
        """Players still in the hand with no score given (none in casual mode, R7.6)."""
        table = self.table
        if table.series.mode == "casual":
            return []
        st = table.state()
        won = st["winner"] or (table.series.canonical(winner) if winner else None)
        if st["status"] == "waiting" and won is None:
            return []
        have = {name.casefold() for name in given}
        return [p for p in st["counts"] if p != won and p.casefold() not in have]

    def _ask_cards(self, text: str, winner: str | None, given: dict[str, str],
                   player: str) -> Reply:
        taken = [c for value in given.values() for c in _cards_in(value)]
        question = Question(t("repl.score.ask", name=player), "cards",
                            lambda answer: self._cards_answer(text, winner, given, player,
                                                              question, answer), taken)
        return Reply(text, True, "", None, "question", question=question)

    def _cards_answer(self, text: str, winner: str | None, given: dict[str, str], player: str,
                      question: Question, answer: str | None) -> Reply:
        from referee.series.scoring import ScoreError, check_given, check_given_cards
        if answer is None or not answer.strip():
            return Reply(text, True, t("repl.score.cancelled"), None, "cancelled")
        value = answer.strip()
        try:  # each answer is checked as it is given (R7.1, R7.2): only it is asked again
            facts = self.table.facts()
            check_given(self.table.series, facts, player, value)
            check_given_cards(self.table.series, facts, given, player, value)
        except ScoreError as exc:
            return Reply(text, False, str(exc), exc.rule, "question", question=question)
        return self._guarded(lambda: self.score(text, winner, {**given, player: value}), text)

    def _winner_answer(self, text: str, given: dict[str, str], answer: str | None) -> Reply:
        if answer is None or not answer.strip():
            return Reply(text, True, t("repl.score.cancelled"), None, "cancelled")
        return self._guarded(lambda: self.score(text, answer.strip(), given), text)

    def _guarded(self, step: Callable[[], Reply], text: str) -> Reply:
        from referee.series.scoring import ScoreError
        try:
            return step()
        except ScoreError as exc:
            return Reply(text, False, str(exc), exc.rule, "command")

    # -- what completion may know -----------------------------------------------------
    def view(self, rule_ids: Iterable[str] = ()) -> "HandView":
        """The HandView of the current hand for completion (public state only, R0.1).

        Who owes "Laatste kaart!" and who can be called are left out unless the
        series shows them (``show calls on``): noticing it is the game.
        """
        from referee.engine.rules import PRESETS
        from referee.interface.complete import HandView
        from referee.words.events import rules_name
        table = self.table
        hand = table.hand
        st = table.shown_state()
        fits, draw_fits = fits_now(hand)
        legal = legal_now(hand)
        return HandView(
            together=together_now(hand, fits),
            follow=lambda typed: follow_now(hand, typed),
            passes=legal is not None and legal.passes, draws=legal is not None and legal.draw_open,
            players=tuple(hand.active), status=st["status"], turn=st["turn"],
            free=bool(table.rules.free_order),
            callable=tuple(st["callable"]), announce_due=st["announce_due"],
            named_suit=st["named_suit"], fits=fits, draw_fits=draw_fits, spent=spent_cards(hand),
            jokers=bool(table.rules.jokers), decks=hand.decks, rule_ids=tuple(rule_ids),
            presets=tuple(rules_name(name) for name in PRESETS),
            winner=st["winner"], commands=tuple(COMMANDS.values()), lexicon=hand.lexicon,
            names=hand.tables.names, swaps=hand.tables.swaps, jumps=jumps_now(hand))


# The words of entries and commands that change the hand or the series (a wrong guess
# costs: ``leave`` takes a player out, R1.5): "did you mean" names one only when the
# word it shows is itself close to what was typed (``_CLOSE_CHANGE``).
_CHANGES = frozenset({"start", "draw", "pass", "call", "leave", "fix", "undo", "redo", "score"})
_CLOSE = 0.6          # (``difflib.get_close_matches``' own cutoff, as click uses it)
_CLOSE_CHANGE = 0.75


def did_you_mean(word: str) -> str:
    """For a first word that is no entry or command: the sentence naming the words
    it is close to (``scroe``: "Did you mean `score`?"), found as click finds a
    mistyped command (``difflib.get_close_matches``), among the entry words and
    the commands in English and in the table's language; "" when none is close.
    A query is suggested as the table's language writes it (French ``staet``:
    `état`), as its help offers it; a word that changes the hand or the series
    (``_CHANGES``) only in a form that is itself close to the word typed (Dutch
    ``clear`` is not told `weg`, which takes a player out, R1.5)."""
    from difflib import SequenceMatcher, get_close_matches
    from referee.interface.complete import ENTRY_WORDS
    from referee.engine.lexicon import local_forms
    english = [*ENTRY_WORDS, *(w for cmd in COMMANDS.values() for w in (cmd.name, *cmd.aliases)
                               if w.isalpha())]
    lex = table_lexicon()
    low = word.lower()

    def close(form: str, cutoff: float) -> bool:
        return SequenceMatcher(None, low, form).ratio() >= cutoff

    shown: dict[str, str] = {}  # a word it may be close to -> the word suggested
    for w in english:
        forms = local_forms(w, lex)
        canonical = (find_command(w).name if find_command(w) else w)
        if canonical in _CHANGES:
            near = [f for f in (*forms, w) if close(f, _CLOSE_CHANGE)]
            for form in (w, *forms):
                if near:
                    shown.setdefault(form, near[0])
            continue
        shown.setdefault(w, forms[0] if forms else w)
        for form in forms:
            shown.setdefault(form, form)
    close_words = get_close_matches(low, list(shown), cutoff=_CLOSE)
    close_words = list(dict.fromkeys(shown[w] for w in close_words))
    if not close_words:
        return ""
    return t("repl.did_you_mean", n=len(close_words),
             words=", ".join(f"`{w}`" for w in close_words))


def known_word(word: str) -> bool:
    """Whether ``word`` (any case) is an entry word or a command, in English or in the
    table's language, or a player's prefix (``Anna:``)."""
    from referee.engine.lexicon import word as local_word
    from referee.interface.complete import ENTRY_WORDS
    low = word.lower()
    return (find_command(low) is not None or low.endswith(":")
            or local_word(low, table_lexicon()) in (*ENTRY_WORDS, "lk"))


def glued_cards(token: str, lex) -> list[str] | None:
    """``token`` read as two or more cards written one after the other (``10h10r``:
    ``["10h", "10r"]``, as typed), or None when it is not."""
    from referee.engine.cards import try_card
    for cut in range(2, len(token) - 1):
        head, rest = token[:cut], token[cut:]
        if try_card(head, lex) is None:
            continue
        if try_card(rest, lex) is not None:
            return [head, rest]
        more = glued_cards(rest, lex)
        if more:
            return [head, *more]
    return None


def asks_suit(ruling) -> bool:
    """The engine refused a Jack for want of a named suit (R5.4): ask the table for it."""
    return ruling.needs_suit


def _cards_in(value: str) -> list[str]:
    from referee.engine.cards import try_card
    lex = table_lexicon()
    return [str(c) for c in (try_card(v, lex) for v in value.split()) if c is not None]


# ---------------------------------------------------------------------------
# The commands
# ---------------------------------------------------------------------------

@command("state", notation=True)
def _state(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    return Reply(text, True, told(ruling), ruling.rule, "query", ruling.data,
                 screen=render_state(app.table) if app.interactive else None)


@command("check", args="card", when=("playing",), notation=True)
def _check(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``check CARD``: the engine's yes or no, a no with the reasons ``why`` gives
    (the house rule with where it was set, the cards behind the position)."""
    from referee.words.events import told_why
    return Reply(text, ruling.ok, told_why(ruling, app.table.rule_origin), ruling.rule,
                 "query", ruling.data)


@command("why", notation=True)
def _why(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``why``: the engine's reasons, with where each house rule was set (its file
    and line, or its preset)."""
    from referee.words.events import told_why
    return Reply(text, True, told_why(ruling, app.table.rule_origin), ruling.rule, "query",
                 ruling.data)


@command("rules", args="rule", notation=True)
def _rules(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``rules [R5.1 | topic]``, or ``rules --diff A B`` as ``pesten-ref rules --diff``."""
    from referee.series.rulebook import lookup
    words = arg.split()
    if words and words[0].lower() == "--diff":
        if len(words) != 3:
            return app.refuse_words(COMMANDS["rules"], text, arg)
        from referee.series.rulebook import render_diff
        from referee.engine.rules import RulesError
        from referee.series.presets import load_rules
        try:
            return Reply(text, True, render_diff(load_rules(words[1]), load_rules(words[2])),
                         None, "query")
        except RulesError as exc:
            from referee.messages import say
            return Reply(text, False, say(exc.told), None, "error")
    return Reply(text, True, lookup(arg or None, app.table.rules), None, "query")


@command("replay", args="hand", notation=True)
def _replay(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``replay``, ``replay N`` or ``replay --hand N`` (as ``pesten-ref replay --hand N``)."""
    from referee.series.replay import render_replay
    from referee.series.store import SaveError
    table = app.table
    words = arg.replace("=", " ").split()
    if words and words[0].lower() == "--hand":
        words = words[1:]
    if len(words) > 1 or (words and not (words[0].isdigit() and int(words[0]) >= 1)):
        return app.refuse_words(COMMANDS["replay"], text, arg)
    n = int(words[0]) if words else table.series.hand
    try:
        meta = table.hand_log(n)
    except SaveError as exc:
        return Reply(text, False, exc.message, None, "error")
    if meta is None:
        return Reply(text, False, t("cli.replay.no_hand", hand=n, last=table.series.hand), None,
                     "error")
    return Reply(text, True, render_replay(table.rules, meta, n), None, "query")




@command("score", args="score", when=("over", "waiting"))
def _score(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    from referee.series.scoring import parse_score_words
    table = app.table
    words = parse_score_words([arg], table.series.players)
    if words.problem:
        return Reply(text, False, words.problem, "R7.1", "command")
    if words.hand is not None:  # a correction, as `pesten-ref score --hand N`
        return app.correct(text, words.hand, words.winner, words.given, words.by)
    return app.score(text, words.winner, words.given)


def _saved_or_told(app: SeriesApp, text: str, read):
    """``read()`` (what ``standings`` or ``history`` reads from the save), or,
    for a save file that no longer reads, the Reply telling it at the prompt
    (play goes on; ``standings`` and ``history`` alike); a script gets the
    SaveError, as ``pesten-ref standings`` and ``history`` would (exit 2)."""
    from referee.series.store import SaveError
    try:
        return read(), None
    except SaveError as exc:
        if not app.interactive:
            raise
        return None, Reply(text, False, exc.message, None, "command")


@command("standings", args="seats")
def _standings(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``standings [--seats]``, as ``pesten-ref standings``; a save file that no
    longer reads is told as ``history`` tells it (``_saved_or_told``)."""
    from referee.series.scoring import render_standings
    from referee.series.session import read_standings
    if arg.strip() and arg.strip().lower() != "--seats":
        return app.refuse_words(COMMANDS["standings"], text, arg)
    read, told = _saved_or_told(app, text, lambda: read_standings(app.table.save))
    if told is not None:
        return told
    series, started = read
    return Reply(text, True, render_standings(series, started, by_seat=bool(arg.strip()),
                                              closing=app.seat.told(series)), None, "query")


@command("history")
def _history(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``history``: what ``pesten-ref history`` shows (``history.history_of`` laid
    out by ``scoreboard.render_history``): on a terminal with the chart, as wide
    as it is, else the table alone.  A hand file that no longer reads is told
    at the prompt (play goes on); a script gets the SaveError."""
    from referee.series.history import history_of
    from referee.series.scoreboard import render_history
    from referee.series.session import read_history
    data, told = _saved_or_told(app, text, lambda: history_of(*read_history(app.table.save)))
    if told is not None:
        return told
    closing = "".join("\n" + line for line in app.seat.told(app.table.series))  # a tournament's table
    plain = render_history(data, chart=False) + closing
    screen = None
    if app.columns is not None:
        screen = Board(render_history(data, width=app.columns(), colour=app.colour) + closing)
    return Reply(text, True, plain, None, "query", screen=screen)


command("undo", when=("playing", "over"), notation=True)(None)
command("redo", when=("playing", "over"), notation=True)(None)


@command("abandon", when=("playing", "over"))
def _abandon(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``abandon``, as ``pesten-ref abandon``: the hand being played is kept marked
    abandoned, nobody scores it, and its dealer deals it again (R7.3)."""
    table = app.table
    said = table.abandon()
    return Reply(text, True, f"{said}\n{table.deal_text()}", "R7.3", "command")


@command("show", args="show")
def _show(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``show``, or ``show calls on|off`` in English or the table's words (Dutch
    ``toon betrappen aan|uit``): whether who owes and who may call is shown."""
    from referee.engine.lexicon import switch_word
    table = app.table
    lex = table_lexicon()
    words = [switch_word(w, lex) for w in arg.split()]
    if not words:
        key = "repl.show.calls_on" if table.show_calls else "repl.show.calls_off"
        return Reply(text, True, t(key), None, "query")
    if words[0] != "calls" or len(words) != 2 or words[1] not in ("on", "off"):
        return Reply(text, False, t("repl.show.usage"), None, "command")
    table.set_show_calls(words[1] == "on")
    key = "repl.show.calls_on" if table.show_calls else "repl.show.calls_off"
    return Reply(text, True, t(key), None, "command")


@command("help", aliases=("?",), args="command", notation=True)
def _help(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    """``help``, or ``help COMMAND``: how that command is typed and what it does."""
    if arg.strip():
        cmd = find_command(arg.strip()) if len(arg.split()) == 1 else None
        if cmd is None:
            return app.refuse_words(COMMANDS["help"], text, arg)
        return Reply(text, True, f"{cmd.usage()}  {cmd.summary()}", None, "query")
    return Reply(text, True, help_text(), None, "query",
                 notes=[("class:notice", t("repl.keys"))])


@command("quit", aliases=("exit", "stop"), when=())  # not offered by Tab: `q` is for Queens
def _quit(app: SeriesApp, text: str, arg: str, ruling) -> Reply:
    return Reply(text, True, t("repl.quit.done"), None, "leave")


# The notation's entries in ``help``: (example, what it does[, example, what it does]),
# each example in English notation, shown in the language's letters and words.
_ENTRY_ROWS = (("start 9h", "start"), ("7h", "play", "7h 7s 9s", "plays"), ("Jh s", "jack"),
               ("8h+8s", "together", "Jh+Js c", "together_jack"), ("pass", "pass"),
               ("d", "draw", "d 5h", "draw_play"), ("lk", "announce", "4h lk", "play_announce"),
               ("call Anna", "call"), ("leave Anna", "leave"), ("Anna: 7h", "player"))


def entries_text() -> str:
    """The notation's entries, one example a row with what it does, in the language
    spoken (its examples in its letters: ``words.entries.as_read``), then the corrections
    (``help`` at the prompt and ``pesten-ref help``)."""
    rows = [[as_read(cell) if i % 2 == 0 else t(f"repl.help.e.{cell}")
             for i, cell in enumerate(row)] for row in _ENTRY_ROWS]
    first = max(len(row[0]) for row in rows) + 2
    second = max(len(row[1]) for row in rows if len(row) > 2) + 2
    third = max(len(row[2]) for row in rows if len(row) > 2) + 2
    lines = [t("repl.help.entries")]
    for row in rows:
        if len(row) > 2:
            lines.append(f"  {row[0]:<{first}}{row[1]:<{second}}{row[2]:<{third}}{row[3]}")
        else:
            lines.append(f"  {row[0]:<{first}}{row[1]}")
    lines.append(t("repl.help.corrections"))
    return "\n".join(lines)


def help_text() -> str:
    """``help``: the notation's entries, then every prompt command from the registry,
    each by the language's own word, then, in a language with words of its own, the
    English words it reads too."""
    from referee.engine.lexicon import local_forms
    rows = [(cmd.usage(), cmd.summary()) for cmd in COMMANDS.values()]
    width = max(len(usage) for usage, _ in rows)
    lines = [entries_text(), t("repl.help.commands")]
    lines.extend(f"  {usage:<{width}}  {summary}" for usage, summary in rows)
    local = []
    lex = table_lexicon()
    for english in ("start", "draw", "call", "leave", "pass", "fix", *COMMANDS):
        forms = local_forms(english, lex)
        if forms and forms[0] != english:  # Dutch says `start` too
            local.append(t("repl.help.local_word", word=forms[0], english=english))
    if local:
        lines.append(t("repl.help.local_words", words=", ".join(local)))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Scripts (``play --script`` and stdin)
# ---------------------------------------------------------------------------

def run_script(table: "OpenSeries", lines: Iterable[str], as_json: bool, keep_going: bool,
               write: Callable[[str, bool], None], seat: "Seat | None" = None) -> int:
    """Apply ``lines`` one by one (``play --script`` / stdin) -> exit status.

    ``write(text, to_stderr)`` prints.  Each answer goes to stdout (one JSON
    object per line with ``as_json``); a refusal is also told on stderr with
    the line's number.  Stops at the first refused entry or score (exit 1)
    unless ``keep_going``; ``quit`` ends the script there.  ``seat`` as for
    ``SeriesApp``.
    """
    app = SeriesApp(table, seat=seat)
    refused = False
    for number, text in enumerate(lines, 1):
        reply = app.handle_line(text)
        if reply.kind == "blank":
            continue
        if as_json:
            write(dumps(app.answer_of(reply)), False)
        elif reply.ok:
            write(reply.text, False)
        if not reply.ok:
            write(t("cli.play.refused_line", n=number, line=text.strip(), ruling=reply.text), True)
        if not as_json:
            for hint in reply.hints:
                write(hint, not reply.ok)
        if reply.kind == "leave":
            break
        if reply.refused:
            refused = True
            if not keep_going:
                write(t("cli.play.stopped", n=number), True)
                return 1
    return 1 if refused else 0


# ---------------------------------------------------------------------------
# What the rules allow now (completion), public state only (R0.1)
# ---------------------------------------------------------------------------

def spent_cards(hand) -> frozenset[str]:
    """Cards (canonical) with every copy in the discard pile, or of a rank the deck does
    not hold (R10.40): no one can hold them (R1.3, R1.4)."""
    from referee.engine.cards import full_deck
    from referee.engine.table import copies_allowed
    spent = {str(c) for c, n in hand.copies.items() if n >= copies_allowed(hand, c)}
    if hand.rules.deck != 52:
        held = {str(c) for c in full_deck(0, hand.rules.deck)}
        spent |= {str(c) for c in full_deck(0) if str(c) not in held}
    return frozenset(spent)


def legal_now(hand):
    """The engine's ``Legal`` for completion: the player to act, or in free order
    without a pending penalty the player holding most cards (so that R6.2 does
    not interfere); None while the hand is not being played."""
    if hand.status != "playing" or hand.scored:
        return None
    who = hand.turn
    if who is None:
        if not hand.active:
            return None
        who = max(hand.active, key=lambda p: hand.counts.get(p, 0))
    return hand.legal(who)


def together_now(hand, fits: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """For each card of ``fits`` (canonical), the cards that may follow it after ``+``
    in one play now (R3.10; the legality API's ``Legal.may_double``); empty where
    doubles are not played."""
    from referee.engine.cards import CARDS, parse_card
    legal = legal_now(hand)
    if legal is None or not legal.doubles:
        return {}
    out = {}
    for text in fits:
        first = parse_card(text)
        follow = tuple(str(c) for c in CARDS if legal.may_double(first, (c,)))
        if follow:
            out[text] = follow
    return out


def follow_now(hand, typed: tuple[str, ...]) -> tuple[str, ...]:
    """The cards that may follow ``typed`` (canonical cards, in order) after ``+`` in
    one play now (R3.10, R10.60: the legality API's ``Legal.follows``); () where
    several cards are not played."""
    from referee.engine.cards import parse_card
    legal = legal_now(hand)
    if legal is None or not legal.doubles or not typed:
        return ()
    return tuple(str(c) for c in legal.follows(tuple(parse_card(c) for c in typed)))


def jumps_now(hand) -> dict[str, tuple[str, ...]]:
    """For each player whose turn it is not, the canonical cards they may jump in with
    now (R10.70; the legality API's ``Legal.plays`` for them, ``Legal.jumping``); empty
    where jump-in is not played."""
    if hand.status != "playing" or hand.scored or hand.rules.jump_in == "off":
        return {}
    out = {}
    for p in hand.active:
        legal = hand.legal(p)
        if legal.jumping:
            out[p] = tuple(map(str, legal.plays))
    return out


def fits_now(hand) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Canonical cards the rules allow now (the engine's legality API), in deck order:
    (the plays, the cards ``d CARD`` may name)."""
    legal = legal_now(hand)
    if legal is None or legal.player is None:
        return (), ()
    return tuple(map(str, legal.plays)), tuple(map(str, legal.draw_plays))
