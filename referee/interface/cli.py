"""The ``pesten-ref`` command line (NOTATION.md "Commands"): a thin layer.

Start-up matters (``pesten-ref score`` after every hand): this module imports
only click at load time; each command imports what it needs, and only the
interactive ``play`` loads prompt-toolkit (``referee.interface.repl``).

Exit status: 0 done; 1 an entry or a score refused; 2 bad usage, an unreadable
save file, or ``new`` onto an existing series without ``--force``; 3 the save
file is busy.  Errors go to stderr in plain sentences, never a traceback; with
``--json`` the error that stops a command is also one JSON object on stdout
(docs/JSON.md "Errors").
"""

from __future__ import annotations

import os
import sys
from typing import Any, NoReturn

import click

from referee.messages import t, when


def _save_path(save: str | None) -> str:
    """The series a command works on: --save, else $PESTEN_REF_SAVE, else
    ./pesten.toml if it exists, else the user's current series in the data
    directory (``store.resolve_save``)."""
    from referee.series.store import resolve_save
    return resolve_save(save)


_JSON_ERRORS = "pesten_ref.json_errors"  # ctx.meta key: the command line asked for --json


def _options(args) -> list[str]:
    """The command line ``args`` before a ``--`` (what follows it is no option)."""
    args = list(args)
    return args[:args.index("--")] if "--" in args else args


def _json_requested(args) -> bool:
    """True when ``--json`` is among the options of the command line ``args``."""
    return "--json" in _options(args)


_LANG_OPTION: list[str | None] = [None]
"""The language given with ``--lang`` on this command line (``new`` keeps it)."""


def _take_language(args: list[str], wants_json: bool) -> list[str]:
    """Remove ``--lang CODE`` (any command takes it) from ``args`` and speak that
    language; without it the language is ``$PESTEN_REF_LANG``, the series' own,
    the locale, or English (NOTATION.md "Languages").  Exit 2 for a code the
    program does not speak."""
    from referee import messages
    code = None
    _LANG_OPTION[0] = None  # this command line's own (several may run in one process)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" or arg.startswith("--lang="):
            value = arg.partition("=")[2] if "=" in arg else (args[i + 1] if i + 1 < len(args) else "")
            del args[i:i + (1 if "=" in arg else 2)]
            code = messages.language_code(value)
            if code is None or value.lower() != code:
                if messages.chosen_language() is None:
                    messages.series_language(_series_language_at(args))
                    speak(messages.language())
                message = t("cli.lang.unknown", value=value, codes=", ".join(messages.LANGUAGES))
                if wants_json:
                    _echo_error_object(message, 2)
                _fail(message, 2)
            break
    if code is not None:
        messages.set_language(code)
        _LANG_OPTION[0] = code
    elif messages.chosen_language() is None:
        # Before click reads the command line: its own errors ("No such command")
        # and every refusal before the series is opened speak the series' language.
        messages.series_language(_series_language_at(args))
    speak(messages.language())
    return args


def _without_language(args: list[str]) -> list[str]:
    """``args`` without ``--lang CODE`` (shell completion reads the command line
    without speaking; a code being typed is not refused)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" or arg.startswith("--lang="):
            del args[i:i + (1 if "=" in arg else 2)]
            break
    return args


def _save_in(args: list[str]) -> str | None:
    """The ``--save`` of the command line ``args`` (before click reads it), or None."""
    save = None
    words = _options(args)
    for i, arg in enumerate(words):
        if arg == "--save" and i + 1 < len(words):
            save = words[i + 1]
        elif arg.startswith("--save="):
            save = arg.partition("=")[2]
    return save


def _series_language_at(args: list[str]) -> str | None:
    """The own language of the file the command line ``args`` works on, or None:
    no such file or none kept (``store.series_language``: a quick look, the file
    is read later).  The file is the series' (``new --lang``; ``--save`` as
    ``store.resolve_save`` finds it), or for a ``tournament`` command and a
    ``--table`` the tournament's (``tournament new --lang``; ``--save``, else
    ``tournament.toml``)."""
    from referee.series.store import resolve_save, series_language
    save = _save_in(args)
    words = _options(args)
    command = next((arg for arg in words if not arg.startswith("-")), None)
    if command == "tournament" or any(w == "--table" or w.startswith("--table=") for w in words):
        from referee.tournament.files import DEFAULT_TOURNAMENT
        return series_language(save or DEFAULT_TOURNAMENT)
    return series_language(resolve_save(save))


def speak(code: str) -> None:
    """Write the messages' examples in the table's letters and show click's own
    texts ("Usage:", "Options:") in language ``code``: click looks its texts up
    through gettext's global domain."""
    if code != "en":
        import referee.words.entries  # (the messages' examples in the table's letters)  # noqa: F401
        import gettext

        from referee.messages import LOCALE_DIR
        os.environ["LANGUAGE"] = code
        gettext.bindtextdomain("click", LOCALE_DIR)
        gettext.textdomain("click")


def _echo_error_object(message: str, code: int) -> None:
    """The error that stops a command as one JSON object on stdout (docs/JSON.md "Errors")."""
    click.echo(_dumps({"ok": False, "error": message, "exit": code}))


def _json_error(message: str, code: int) -> None:
    """Under ``--json``: ``_echo_error_object``; the sentence itself goes to
    stderr as always."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.meta.get(_JSON_ERRORS):
        _echo_error_object(message, code)


def _fail(message: str, code: int) -> NoReturn:
    """Stop the command: ``message`` on stderr (and as JSON under --json), exit ``code``."""
    click.echo(message, err=True)
    _json_error(message, code)
    sys.exit(code)


def _dumps(obj: Any) -> str:
    from referee.series.render import dumps
    return dumps(obj)


class _Guard:
    """Turn the project's own errors into one clear sentence and an exit status."""

    def __enter__(self):
        store = sys.modules.get("referee.series.store")   # (not imported for this alone: start-up)
        self._saved_before = store.save_count() if store is not None else 0
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None or isinstance(exc, (SystemExit, KeyboardInterrupt, click.exceptions.Exit,
                                           click.ClickException, click.exceptions.Abort)):
            if isinstance(exc, KeyboardInterrupt):
                sys.exit(130)
            return False
        from referee.series.store import SaveError
        if isinstance(exc, SaveError):
            _fail(exc.message, exc.exit_code)
        from referee.engine.rules import RulesError
        if isinstance(exc, RulesError):
            from referee.messages import say
            _fail(say(exc.told), 2)
        from referee.series.scoring import ScoreError
        if isinstance(exc, ScoreError):
            _fail(str(exc), 1)
        from referee.tournament.bracket import TournamentError
        if isinstance(exc, TournamentError):
            _fail(exc.message, exc.exit_code)
        if isinstance(exc, BrokenPipeError):
            sys.exit(0)
        if os.environ.get("PESTEN_REF_DEBUG"):
            return False
        from referee.series.store import saved_files
        saved = saved_files(self._saved_before)   # (saved by this command: it stays saved)
        if saved:
            _fail(t("cli.internal_saved", kind=type(exc).__name__, error=str(exc),
                    files=", ".join(saved)), 2)
        _fail(t("cli.internal", kind=type(exc).__name__, error=str(exc)), 2)


# ---------------------------------------------------------------------------
# Help in the language: click is given message keys, read when help is shown
# ---------------------------------------------------------------------------

class _Told:
    """A click command or option whose ``help`` (and a command's ``short_help``)
    is a message key (``"help.score"``), read through the message layer each
    time click shows it.

    So ``--help`` speaks the language chosen by then (``--lang`` is read after
    this module is imported), and a command run without ``--help`` reads no
    help text and loads no catalog for it (start-up of ``score``).
    """

    _help_key: str | None = None
    _short_key: str | None = None

    @property
    def help(self) -> str | None:
        return t(self._help_key) if self._help_key else None

    @help.setter
    def help(self, key: str | None) -> None:
        self._help_key = key

    @property
    def short_help(self) -> str | None:
        return t(self._short_key) if self._short_key else None

    @short_help.setter
    def short_help(self, key: str | None) -> None:
        self._short_key = key


class _Named:
    """A click parameter whose metavar may be a message key (``metavar_key``,
    read when shown: ``--save PATH`` is ``--save PAD`` in Dutch); a plain
    ``metavar`` (``A,B,C``, ``N``) is the same in every language."""

    _metavar_key: str | None = None
    _metavar: str | None = None

    @property
    def metavar(self) -> str | None:
        return t(self._metavar_key) if self._metavar_key else self._metavar

    @metavar.setter
    def metavar(self, value: str | None) -> None:
        self._metavar = value


class _Option(_Told, _Named, click.Option):
    """A click option whose ``help`` is a message key (``_Told``), and its metavar
    one if given as ``metavar_key`` (``_Named``)."""

    def __init__(self, *args: Any, metavar_key: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._metavar_key = metavar_key


class _Argument(_Named, click.Argument):
    """A click argument whose metavar is a message key (``metavar_key``), written
    as shown (``[SCORES]...``: click adds no brackets to a given metavar)."""

    def __init__(self, *args: Any, metavar_key: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._metavar_key = metavar_key


class _Declared:
    """A command's parameter as declared (``@_option(...)``), built into its click
    object only when its command is (``_Group.command``): a command line builds
    the options of the one command it runs (start-up of ``score``), not of all."""

    __slots__ = ("cls", "decls", "attrs")

    def __init__(self, cls: type, decls: tuple[str, ...], attrs: dict[str, Any]) -> None:
        self.cls, self.decls, self.attrs = cls, decls, attrs

    def __call__(self, f):
        """Declare the parameter on the command function ``f`` (as click's decorators do)."""
        f.__dict__.setdefault("__click_params__", []).append(self)
        return f

    def build(self) -> click.Parameter:
        """A new click parameter of this declaration."""
        return self.cls(self.decls, **self.attrs)


def _built(f):
    """The command function ``f`` with its declared parameters (``_Declared``) built,
    for click's command and group decorators."""
    f.__click_params__ = [p.build() if type(p) is _Declared else p
                          for p in f.__dict__.get("__click_params__", ())]
    return f


def _option(*decls: str, **attrs: Any) -> _Declared:
    """``click.option`` with ``help`` (and ``metavar_key``) given as message keys,
    built with its command (``_Declared``)."""
    return _Declared(_Option, decls, attrs)


def _argument(*decls: str, **attrs: Any) -> _Declared:
    """``click.argument`` with ``metavar_key`` given as a message key, built with its
    command (``_Declared``)."""
    return _Declared(_Argument, decls, attrs)


class _Formatter(click.HelpFormatter):
    """click's help page with its headings ("Options:", "Commands:") punctuated as
    the language writes them (French puts a space before the colon)."""

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{t('help.heading', heading=heading)}\n")


class _Context(click.Context):
    formatter_class = _Formatter


class _ToldCommand(_Told):
    """A command whose help page is wholly in the language: its own texts are
    message keys, and the ``--help`` option's text is read when the page is shown
    (click makes that option once, with the text of the language active then, and
    keeps it: a second command line in the same process, or the series' own
    language, would otherwise show the first language's text)."""

    _options_key = "help.metavar.options"
    context_class = _Context

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """click's ``--help`` option, made in gettext's default domain: click asks
        for its English text when it makes it, and in click's domain (``speak``)
        that would read click's catalog on every command line (start-up); the
        text shown is the message's (``format_help``)."""
        import gettext
        domain = gettext.textdomain()
        gettext.textdomain("messages")
        try:
            return super().get_help_option(ctx)
        finally:
            gettext.textdomain(domain)

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        """click's parameters; while Tab completes a command's line (``resilient_parsing``)
        also ``--lang``, which every command takes (``_take_language`` reads it before
        click), so that its value completes after any command."""
        params = super().get_params(ctx)
        if ctx.resilient_parsing and ctx.parent is not None:
            params = [*params, click.Option(["--lang"], expose_value=False,
                                            shell_complete=_lang_codes)]
        return params

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        option = self.get_help_option(ctx)
        if option is not None:
            option.help = t("help.option.help")
        super().format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        """The command's line in its group's list of commands: its short help, or
        else the first paragraph of its help, whole (click would cut it to ``limit``
        columns with "..."; the list wraps it instead)."""
        if self.short_help:
            return super().get_short_help_str(limit)
        return " ".join((self.help or "").split("\n\n")[0].split())

    @property
    def options_metavar(self) -> str | None:
        """click's ``[OPTIONS]`` in the usage line, in the language."""
        return t(self._options_key)

    @options_metavar.setter
    def options_metavar(self, value: str | None) -> None:
        pass  # always the message's


class _Command(_ToldCommand, click.Command):
    """A ``pesten-ref`` command (``_ToldCommand``)."""


class _Group(_ToldCommand, click.Group):
    """A group of commands (``_ToldCommand``); its commands and groups are of the same
    kind, and its usage line's ``COMMAND [ARGS]...`` is in the language."""

    command_class = _Command
    group_class = type

    def command(self, *args: Any, **kwargs: Any):
        """click's ``group.command(...)``, the command's declared parameters
        (``_Declared``) built first."""
        decorator = super().command(*args, **kwargs)
        return lambda f: decorator(_built(f))

    @property
    def subcommand_metavar(self) -> str:
        return t("help.metavar.command")

    @subcommand_metavar.setter
    def subcommand_metavar(self, value: str) -> None:
        pass  # always the message's


class _NumberType:
    """A click number type that speaks the language: its name in click's errors
    ("'x' is not a valid integer") is a message (``cli.type.KIND``), and a decimal
    number may be typed with the language's decimal sign (Dutch ``--forget 0,1``)."""

    _kind = "integer"

    @property
    def name(self) -> str:
        return t(f"cli.type.{self._kind}")

    @name.setter
    def name(self, value: str) -> None:
        pass  # always the message's

    def convert(self, value, param, ctx):
        if isinstance(value, str) and self._kind == "float_range":
            from referee.messages import decimal_sign
            value = value.replace(decimal_sign(), ".")
        return super().convert(value, param, ctx)


class _Int(_NumberType, click.types.IntParamType):
    """``type=int``, in the language (``_NumberType``)."""


class _IntRange(_NumberType, click.IntRange):
    """``click.IntRange``, in the language (``_NumberType``)."""

    _kind = "integer_range"


class _FloatRange(_NumberType, click.FloatRange):
    """``click.FloatRange``, in the language and its decimal sign (``_NumberType``)."""

    _kind = "float_range"


save_option = _option("--save", "save", metavar_key="help.metavar.path", default=None,
                      help="help.option.save")
json_option = _option("--json", "as_json", is_flag=True, help="help.option.json")
table_option = _option("--table", "table_name", metavar_key="help.metavar.table", default=None,
                       help="help.option.table")


class _Main(_Group):
    """The ``pesten-ref`` group: click's own usage errors (an unknown option, a
    bad value) are also told as a JSON object when the command line has --json."""

    def make_context(self, info_name, args, parent=None, **extra):
        wants_json = _json_requested(args)
        if parent is None and extra.get("resilient_parsing"):  # Tab: no language, no error
            args = _without_language(list(args))
        elif parent is None:
            args = _take_language(list(args), wants_json)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except click.ClickException as exc:
            if wants_json:
                _echo_error_object(exc.format_message(), exc.exit_code)
            raise
        ctx.meta[_JSON_ERRORS] = wants_json
        return ctx

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:  # raised while reading a command's arguments
            if ctx.meta.get(_JSON_ERRORS):
                _echo_error_object(exc.format_message(), exc.exit_code)
            raise




def _table_series(save: str | None, table_name: str | None, play: bool = False) -> str | None:
    """``--save`` as given, or with ``--table T`` the series file of table T of the
    tournament at ``--save`` (default tournament.toml), dealt if need be; ``play``:
    refused once the table has its result."""
    if table_name is None:
        return save
    from referee.tournament.files import DEFAULT_TOURNAMENT, TournamentFiles
    files = TournamentFiles(save or DEFAULT_TOURNAMENT)
    return os.fspath(files.open_table(files.load(), table_name, play=play).path)


class _Commands(_Main):
    """The command group, whose commands are built when asked for (click's "lazily
    loading subcommands"): ``main.command(...)`` declares a command, and
    ``get_command`` builds it, its options with it, the first time its name is
    read; ``tournament`` is built by ``_tournament_commands``.  So ``score`` after
    every hand builds its own options and no other command's (start-up)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._declared: dict[str, tuple[tuple, dict, Any]] = {}

    def command(self, *args: Any, **kwargs: Any):
        """Declare a command (``@main.command("name", help=...)``, with parentheses;
        the name is the function's when not given), built by ``get_command``; the
        decorated function stays a plain function."""
        def declare(f):
            name = args[0] if args else f.__name__.lower().replace("_", "-")
            self._declared[name] = (args, kwargs, f)
            return f
        return declare

    def get_command(self, ctx, name):
        if name == "tournament":
            return _tournament_commands()
        if name in self._declared:
            self._build(name)
        elif name not in self.commands:  # a typo: click's "Did you mean" reads every command
            if _prompt_word(name, self.list_commands(ctx)):
                _fail(t("cli.prompt_word", word=name), 2)
            for declared in list(self._declared):
                self._build(declared)
        return super().get_command(ctx, name)

    def _build(self, name: str) -> None:
        args, kwargs, f = self._declared.pop(name)
        super().command(*args, **kwargs)(f)

    def list_commands(self, ctx):
        return sorted([*super().list_commands(ctx), *self._declared, "tournament"])


def _prompt_word(name: str, shell: list[str]) -> bool:
    """Whether ``name`` is typed at the table prompt only: an entry word (``d``,
    ``pass``, ``call``, ``leave``, ``fix`` ..., in any language) or a prompt command
    with no twin among the ``shell`` commands (``undo``, ``redo``, ``why``, ``check`` ...)."""
    from referee.engine.lexicon import words_for
    from referee.interface.app import COMMANDS
    from referee.interface.complete import ENTRY_WORDS
    low = name.lower()
    english = {"d", *ENTRY_WORDS, *(w for cmd in COMMANDS.values() if cmd.name not in shell
                                    for w in (cmd.name, *cmd.aliases))}
    return any(low in words_for(w) for w in english)


def _lang_codes(ctx, param, incomplete):
    """Tab completion of ``--lang``: the languages the program speaks (never an error)."""
    from referee import messages
    return [code for code in messages.LANGUAGES if code.startswith(incomplete.lower())]


def _completion_language() -> str:
    """The language a shell's Tab completes in: the ``--lang`` of the line being
    completed (``COMP_WORDS``, as click's completion gives it), else
    ``$PESTEN_REF_LANG`` and the locale (``messages.choose_language``)."""
    from referee import messages
    words = os.environ.get("COMP_WORDS", "").split()
    code = None
    for i, word in enumerate(words):
        if word.startswith("--lang="):
            code = word.partition("=")[2]
        elif word == "--lang" and i + 1 < len(words):
            code = words[i + 1]
    return messages.choose_language(messages.language_code(code))


def _rules_specs(ctx, param, incomplete):
    """Tab completion of ``--rules``: the presets by their names in the language in use
    (``--lang`` on the line, else as NOTATION.md "Languages" says: French ``famille``),
    then by their English names and aliases, then the house-rule files (``*.toml``)
    and the folders on the way to them."""
    from click.shell_completion import CompletionItem
    from referee import messages
    from referee.engine.rules import ALIASES, GAME_ALIASES, GAMES, PRESETS
    low = incomplete.lower()
    local = messages.catalog(_completion_language())
    names = [local.get(f"rules.preset.{name}", name) for name in PRESETS]
    names = list(dict.fromkeys(n for n in (*names, *PRESETS, *ALIASES, *GAMES, *GAME_ALIASES)
                               if isinstance(n, str)))
    out = [CompletionItem(name) for name in names if name.lower().startswith(low)]
    folder, _, start = incomplete.rpartition(os.sep)
    try:
        entries = sorted(os.scandir(os.path.expanduser(folder) if folder else "."),
                         key=lambda e: e.name)
    except OSError:
        return out
    for entry in entries:
        if not entry.name.startswith(start) or (entry.name.startswith(".") and not start):
            continue
        path = f"{folder}{os.sep}{entry.name}" if folder else entry.name
        try:
            if entry.is_dir():
                out.append(CompletionItem(path + os.sep, type="plain"))
            elif entry.name.endswith(".toml"):
                out.append(CompletionItem(path))
        except OSError:
            continue
    return out


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``: the program's name and version, then exit."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version
    click.echo(t("cli.version") % {"prog": ctx.find_root().info_name,
                                    "version": version("pesten-ref")})
    ctx.exit()


@click.group(cls=_Commands, help="help.main",
             context_settings={"help_option_names": ["-h", "--help"]})
@_built
@_option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
         help="help.option.version")
# Read (and taken out of the command line) before click parses it (_take_language);
# declared here so that --help lists it.
@_option("--lang", "lang", metavar_key="help.metavar.code", expose_value=False,
         shell_complete=_lang_codes, help="help.option.lang")
def main() -> None:
    """The ``pesten-ref`` group (its help: ``help.main``)."""


# ---------------------------------------------------------------------------
# new
# ---------------------------------------------------------------------------

@main.command(help="help.new")
@_option("--players", required=True, metavar="A,B,C", help="help.new.players")
@_option("--rules", "rules_spec", default="standard", metavar_key="help.metavar.rules",
         shell_complete=_rules_specs,
         help="help.new.rules")
@_option("--dealer", default=None, metavar_key="help.metavar.name", help="help.new.dealer")
@_option("--mode", type=click.Choice(["elimination", "hands", "casual", "target"]), default=None,
         help="help.new.mode")
@_option("--limit", type=_IntRange(min=1), default=None, metavar_key="help.metavar.points",
         help="help.new.limit")
@_option("--hands", type=_IntRange(min=1), default=None, metavar="N", help="help.new.hands")
@_option("--seed", type=_Int(), default=None, metavar="N", help="help.new.seed")
@_option("--force", is_flag=True, help="help.new.force")
@json_option
@save_option
def new(players, rules_spec, dealer, mode, limit, hands, seed, force, as_json, save):
    """Start a series and deal hand 1 (the series there before is kept)."""
    with _Guard():
        from referee.engine.reading import with_series
        from referee.engine.rulecheck import check_table_fits
        from referee.series.presets import load_rules
        from referee.series.scoring import choose_dealer
        from referee.series.session import start_series
        from referee.series.store import SaveFile

        import unicodedata
        names = [unicodedata.normalize("NFC", p.strip()) for p in players.split(",") if p.strip()]
        from referee.series.scoring import player_name_problem
        problem = player_name_problem(names)
        if problem:
            _fail(problem, 2)
        rules = load_rules(rules_spec, players=len(names))
        if hands is not None and mode is None:
            mode = "hands"
        rules = with_series(rules, mode=mode, limit=limit, hands=hands)
        check_table_fits(rules, len(names))
        chosen = None
        if dealer is not None:
            dealer = unicodedata.normalize("NFC", dealer.strip())
            chosen = next((p for p in names if p.casefold() == dealer.casefold()), None)
            if chosen is None:
                _fail(t("cli.new.bad_dealer", dealer=dealer, players=", ".join(names)), 2)
        save_file = SaveFile(_save_path(save))
        drawn = chosen is None
        chosen = chosen or choose_dealer(names, seed)
        from referee.series.presets import rules_origin
        table, kept = start_series(save_file, names, rules, chosen, force=force,
                                   lang=_LANG_OPTION[0], origin=rules_origin(rules_spec))
        if as_json:
            click.echo(_dumps(_new_json(table, save_file, drawn, kept)))
            return
        from referee.words.events import rules_name
        click.echo(t("cli.new.started", players=", ".join(names), rules=rules_name(rules.name),
                     file=str(save_file.path)))
        if kept is not None:
            click.echo(t("cli.new.kept", id=kept))
        if drawn:
            click.echo(t("cli.new.drawn", dealer=chosen))
        key = "cli.new.dealer_free" if rules.free_order else "cli.new.dealer"
        click.echo(t(key, dealer=chosen, first=table.dealt.next_seat(chosen), n=rules.deal_size))
        shuffle = table.shuffle_text()
        if shuffle:
            click.echo(shuffle)


def _new_json(table: Any, save_file: Any, drawn: bool, kept: int | None) -> dict[str, Any]:
    """The ``new --json`` object (docs/JSON.md "A new series: new --json")."""
    from referee.series.scoring import family_fields, series_hands, series_limit
    series, rules = table.series, table.series.rules
    return {"ok": True, "file": str(save_file.path), "players": list(series.players),
            "rules": rules.name, "mode": series.mode,
            "limit": series_limit(rules) if series.mode == "elimination" else None,
            **family_fields(rules),
            "hands": series_hands(rules) or None, "dealer": series.dealer,
            "dealer_drawn": drawn, "first": None if rules.free_order else
            table.dealt.next_seat(series.dealer), "deal_size": rules.deal_size,
            "decks": table.dealt.decks, "kept": kept, "state": table.state()}


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------

@main.command(help="help.play")
@_option("--script", "script", metavar_key="help.metavar.file", default=None,
         help="help.play.script")
@_option("--keep-going", is_flag=True, help="help.play.keep_going")
@json_option
@save_option
@table_option
def play(script, keep_going, as_json, save, table_name):
    """Referee the current hand: type every card as it is played."""
    with _Guard():
        from referee.tournament.seat import Seat
        seat = Seat(save, table_name)
        save = _table_series(save, table_name, play=True)
        from referee.series.session import OpenSeries
        from referee.series.store import SaveFile

        # The script is read before the series is opened: a script that cannot
        # be read changes nothing (no hand dealt, nothing written).
        lines = _script_lines(script) if script is not None else None
        save_file = SaveFile(_save_path(save))
        with save_file.lock():
            table = OpenSeries.open(save_file)
            if table.series.over:
                _fail(t("cli.play.series_over", winners=", ".join(table.series.winners)), 1)
            notice = table.ensure_dealt()
            if notice and not as_json:
                click.echo(notice)
            if script is None and sys.stdin.isatty() and sys.stdout.isatty():
                from referee.interface.repl import run_repl
                sys.exit(run_repl(table, seat=seat))
            from referee.interface.app import run_script
            sys.exit(run_script(table, _stdin_lines() if lines is None else lines,
                                as_json, keep_going, lambda text, err: click.echo(text, err=err),
                                seat=seat))


def _script_lines(script: str) -> list[str]:
    """The lines of ``play --script FILE``; exit 2 with a sentence when it cannot be
    read (before the series is opened)."""
    try:
        with open(script, encoding="utf-8-sig") as f:
            return f.read().splitlines()
    except OSError as exc:
        from referee.series.store import os_reason
        _fail(t("cli.play.script_unreadable", file=script, error=os_reason(exc)), 2)
    except UnicodeDecodeError as exc:
        _fail(t("cli.play.script_not_utf8", file=script, offset=exc.start), 2)


def _stdin_lines():
    first = True
    for raw in sys.stdin.buffer:
        if first and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        first = False
        yield raw.decode("utf-8", "replace").rstrip("\r\n")


# ---------------------------------------------------------------------------
# state, standings
# ---------------------------------------------------------------------------

@main.command(help="help.state")
@json_option
@save_option
@table_option
def state(as_json, save, table_name):
    """Show the current hand: top card, whose turn, counts."""
    with _Guard():
        save = _table_series(save, table_name)
        from referee.series.session import OpenSeries
        from referee.series.store import SaveFile
        table = OpenSeries.open(SaveFile(_save_path(save)), write=False)
        st = table.state()
        if as_json:
            click.echo(_dumps(st))
            return
        from referee.series.render import render_state
        click.echo(render_state(table))


@main.command(help="help.standings")
@_option("--seats", "by_seat", is_flag=True, help="help.standings.seats")
@json_option
@save_option
@table_option
def standings(by_seat, as_json, save, table_name):
    """Places, totals, the last hand, points to go, who is out and who deals next;
    at a tournament's table, once it is over, who goes through (``Seat.told``)."""
    with _Guard():
        closing: list[str] = []
        series_save = _table_series(save, table_name)
        from referee.series.session import read_standings
        from referee.series.store import SaveFile
        series, started = read_standings(SaveFile(_save_path(series_save)))
        from referee.series.scoring import render_standings, standings_json
        if as_json:
            click.echo(_dumps(standings_json(series, started)))
            return
        if table_name:
            from referee.tournament.seat import Seat
            closing = Seat(save, table_name).told(series)
        click.echo(render_standings(series, started, by_seat=by_seat, closing=closing))


# ---------------------------------------------------------------------------
# history, series
# ---------------------------------------------------------------------------

@main.command(help="help.history")
@json_option
@save_option
@table_option
def history(as_json, save, table_name):
    """Every scored hand: dealer, winner, points and running totals, corrections marked."""
    with _Guard():
        series_save = _table_series(save, table_name)
        from referee.series.history import history_of
        from referee.series.session import read_history
        from referee.series.store import SaveFile
        header, hands = read_history(SaveFile(_save_path(series_save)))
        data = history_of(header, hands)
        if as_json:
            data = dict(data, hands=[{k: v for k, v in h.items() if k != "corrections"}
                                     for h in data["hands"]])
            click.echo(_dumps(data))
            return
        click.echo(_history_text(data))
        if table_name:  # a tournament's table: what the tournament makes of it, once over
            from referee.tournament.seat import Seat
            from referee.series.session import read_standings
            series, _ = read_standings(SaveFile(_save_path(series_save)))
            for line in Seat(save, table_name).told(series):
                click.echo(line)


def _history_text(data: dict) -> str:
    """``history`` for the screen: the table, and on a terminal the chart below it,
    in colour unless NO_COLOR, TERM=dumb or a pipe says otherwise."""
    import shutil
    from referee.series.scoreboard import colour_wanted, render_history
    tty = sys.stdout.isatty()
    width = shutil.get_terminal_size((80, 24)).columns
    return render_history(data, width=width, colour=colour_wanted(os.environ, tty), chart=tty)


@main.command("series", help="help.series")
@_option("--open", "open_id", type=_IntRange(min=1), default=None, metavar="ID",
         help="help.series.open")
@_option("--stats", is_flag=True, help="help.series.stats")
@json_option
@save_option
def series_cmd(open_id, stats, as_json, save):
    """Every series kept here (the current one marked); reopen one with --open ID."""
    with _Guard():
        from referee.series.session import kept_series, switch_series
        from referee.series.store import SaveFile
        save_file = SaveFile(_save_path(save))
        if stats and open_id is not None:
            _fail(t("board.stats.with_open"), 2)
        if stats:
            from referee.series.records import all_time, read_all, render_records
            records = all_time(read_all(save_file))
            click.echo(_dumps(records) if as_json else render_records(records))
            return
        if open_id is not None:
            table, kept = switch_series(save_file, open_id)
            if as_json:
                click.echo(_dumps({"ok": True, "current": open_id, "kept": kept}))
                return
            click.echo(t("cli.series.opened", id=open_id, players=", ".join(table.series.players),
                         hands=t("cli.series.n_hands", n=table.series.hands_scored)))
            if kept is not None:
                click.echo(t("cli.series.kept", id=kept))
            return
        entries = kept_series(save_file)
        if as_json:
            click.echo(_dumps({"series": entries, "file": str(save_file.path)}))
            return
        if not entries:
            click.echo(t("cli.series.none"))
            return
        click.echo(render_series(entries))
        click.echo("")
        click.echo(t("cli.series.where", file=str(save_file.path)))


def render_series(entries: list[dict]) -> str:
    """The kept series as an aligned table: id, players, hands, winner, dates."""
    head = [t("cli.series.head_id"), t("cli.series.head_players"), t("cli.series.head_hands"),
            t("cli.series.head_winner"), t("cli.series.head_started"), t("cli.series.head_updated")]
    rows = []
    for e in entries:
        if e["damaged"]:
            rows.append([str(e["id"]), t("cli.series.damaged", reason=e["damaged"]), "", "", "", ""])
            continue
        started, updated = (when(d, zone=False) if d else "" for d in (e["created"], e["updated"]))
        winner = ", ".join(e["series_winner"]) if e["series_winner"] else t("cli.series.going_on")
        mark = " " + t("cli.series.current") if e["current"] else ""
        rows.append([f"{e['id']}{mark}", ", ".join(e["players"]), str(e["hands_scored"]),
                     winner, started, updated])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip()
                     for r in [head, *rows])


# ---------------------------------------------------------------------------
# score
# ---------------------------------------------------------------------------

@main.command(help="help.score", context_settings={"ignore_unknown_options": True})
@_option("--winner", default=None, metavar_key="help.metavar.name", help="help.score.winner")
@_option("--hand", "hand_no", type=_IntRange(min=1), default=None, metavar="N",
         help="help.score.hand")
@_option("--by", "by", default=None, metavar_key="help.metavar.name", help="help.score.by")
@_argument("scores", nargs=-1, metavar_key="help.metavar.scores")
@json_option
@save_option
@table_option
def score(winner, hand_no, by, scores, as_json, save, table_name):
    """Record the hand: NAME="Ah Ks 3d" or NAME=23 for each player still holding cards.

    The next hand is dealt at once, so `score` after every hand keeps a series
    without refereeing it.  `--hand N` corrects hand N.
    """
    with _Guard():
        from referee.tournament.seat import Seat
        seat = Seat(save, table_name)
        save = _table_series(save, table_name)
        from referee.series.scoring import (
            corrected_text, parse_score_words, render_standings, result_points_text,
            standings_json,
        )
        from referee.series.session import OpenSeries
        from referee.series.store import SaveFile
        save_file = SaveFile(_save_path(save))
        with save_file.lock():
            table = OpenSeries.open(save_file)
            # The one reading of a score's words, as at the prompt (R7.1).
            words = parse_score_words(scores, table.series.players)
            if words.problem or words.bare:
                _fail(words.problem or t("score.words.bare", arg=words.bare[0]), 2)
            given = words.given
            winner = winner if words.winner is None else words.winner
            if hand_no is not None:
                result, events, replaced = table.correct(hand_no, winner, given, by=by)
            else:
                seat.check_score(table.series)  # a tournament's table that has its result
                (result, events), replaced = table.score(winner, given), None
        corrected = replaced is not None
        started = table.started  # a correction leaves a hand being played as it is
        dealt = not table.series.over and not started
        if as_json:
            out = standings_json(table.series, started)
            out["result"] = result.to_dict()
            out["corrected"] = corrected
            out["events"] = [e.text() for e in events]
            if dealt:
                out["dealt"] = {"hand": table.series.hand, "dealer": table.series.dealer,
                                "decks": table.dealt.decks}
            click.echo(_dumps(out))
            return
        if replaced is not None:
            click.echo(corrected_text(result, replaced))
        else:
            click.echo(t("score.recorded", hand=result.hand, points=result_points_text(result)))
        ending = seat.ending(table.series, events)
        if ending.events:
            click.echo(_events_text(table.series, ending, started))
        click.echo(render_standings(table.series, started, closing=ending.told))
        if dealt:
            click.echo("")
            click.echo(table.deal_text())


# ---------------------------------------------------------------------------
# join
# ---------------------------------------------------------------------------

@main.command(help="help.join")
@_argument("name", metavar_key="help.metavar.name")
@_option("--total", type=_IntRange(min=0), default=None, metavar_key="help.metavar.points",
         help="help.join.total")
@json_option
@save_option
def join(name, total, as_json, save):
    """A player arriving during the series sits in from the hand to come (R7.3)."""
    with _Guard():
        from referee.series.session import OpenSeries
        from referee.series.store import SaveFile
        save_file = SaveFile(_save_path(save))
        with save_file.lock():
            table = OpenSeries.open(save_file)
            said = table.join(name, total)
        if as_json:
            from referee.series.scoring import standings_json
            out = standings_json(table.series, table.started)
            out["joined"] = table.meta["joined"][-1]["name"]
            out["total"] = table.meta["joined"][-1]["total"]
            out["hand"] = table.series.hand
            click.echo(_dumps(out))
            return
        click.echo(said)
        click.echo(table.deal_text())


# ---------------------------------------------------------------------------
# abandon
# ---------------------------------------------------------------------------

@main.command(help="help.abandon")
@json_option
@save_option
@table_option
def abandon(as_json, save, table_name):
    """Abandon the hand being played (R7.3): kept marked abandoned, nobody scores it,
    the same dealer deals it again."""
    with _Guard():
        save = _table_series(save, table_name)
        from referee.series.session import OpenSeries
        from referee.series.store import SaveFile
        save_file = SaveFile(_save_path(save))
        with save_file.lock():
            table = OpenSeries.open(save_file)
            said = table.abandon()
        if as_json:
            kept = table.save.abandoned_hands()[-1]
            click.echo(_dumps({"ok": True, "abandoned": table.series.hand,
                               "kept": os.fspath(table.save.abandoned_path(*kept)),
                               "dealer": table.series.dealer, "state": table.state()}))
            return
        click.echo(said)
        click.echo(table.deal_text())


def _events_text(series, ending, started: bool) -> str:
    """What a score tells the table (``ending``: a ``seat.Ending``): on a terminal a
    banner (the hand won, who is out, the series winner or a tournament's champion
    with the final standings), else one sentence a line.
    ``started``: whether the current hand has started (for the standings)."""
    if not sys.stdout.isatty():
        return "\n".join(ending.sentences())
    import shutil
    from referee.series.scoreboard import colour_wanted, render_banner
    from referee.series.scoring import standings_json
    return render_banner(ending.events, standings_json(series, started),
                         width=shutil.get_terminal_size((80, 24)).columns,
                         colour=colour_wanted(os.environ, True), title=ending.title)


# ---------------------------------------------------------------------------
# export
# ---------------------------------------------------------------------------

@main.command(help="help.export")
@_option("--format", "fmt", type=click.Choice(["csv", "json", "html"]), required=True,
         help="help.export.format")
@_option("--output", "output", metavar_key="help.metavar.file", default=None,
         help="help.export.output")
@save_option
def export(fmt, output, save):
    """The whole series as CSV, JSON or one self-contained HTML page."""
    with _Guard():
        from referee.series.export import export as render_export, series_data, write_output
        from referee.series.store import SaveFile
        save_file = SaveFile(_save_path(save))
        history, header, own_files = series_data(save_file)
        version = ""
        if fmt == "html":
            from importlib.metadata import PackageNotFoundError, version as package_version
            try:
                version = package_version("pesten-ref")
            except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
                version = ""
        data = render_export(fmt, history, header, version)
        if output is None or output == "-":  # ``--output -``: standard output, as without it
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        try:
            write_output(output, data, own_files)
        except ValueError as exc:
            _fail(str(exc), 2)
        except OSError as exc:
            from referee.series.store import os_reason
            _fail(t("board.export.unwritable", file=output, reason=os_reason(exc)), 2)
        click.echo(t("board.export.written", file=output))


# ---------------------------------------------------------------------------
# rules, replay, simulate
# ---------------------------------------------------------------------------

@main.command(help="help.rules")
@_argument("what", nargs=-1, metavar_key="help.metavar.what")
@_option("--diff", "diff", nargs=2, default=None, metavar="A B", help="help.rules.diff")
@save_option
def rules(what, diff, save):
    """The rule set in force; or one rule (R5.1), a preset, a house-rule file, a topic."""
    with _Guard():
        from referee.series.rulebook import lookup_answer, render_diff
        from referee.series.presets import load_rules
        if diff:
            click.echo(render_diff(load_rules(diff[0]), load_rules(diff[1])))
            return
        in_force = _rules_in_force(save)
        text, found = lookup_answer(" ".join(what) or None, in_force)
        if not found:
            _fail(text.rstrip("\n"), 2)
        click.echo(text)


def _rules_in_force(save):
    from referee.series.presets import load_rules
    from referee.series.store import SaveFile
    save_file = SaveFile(_save_path(save))
    if save_file.exists():
        from referee.series.session import saved_rules
        return saved_rules(save_file, save_file.read_series())
    return load_rules("standard")


@main.command(help="help.replay")
@_option("--hand", "hand_no", type=_IntRange(min=1), default=None, metavar="N",
         help="help.replay.hand")
@json_option
@save_option
@table_option
def replay(hand_no, as_json, save, table_name):
    """Every entry of a hand again, numbered, with its ruling and the state after it."""
    with _Guard():
        save = _table_series(save, table_name)
        from referee.series.replay import render_replay, replay_rows
        from referee.series.session import OpenSeries
        from referee.series.store import SaveFile
        save_file = SaveFile(_save_path(save))
        table = OpenSeries.open(save_file, write=False)
        n = hand_no or table.series.hand
        meta = table.hand_log(n)
        if meta is None:
            _fail(t("cli.replay.no_hand", hand=n, last=table.series.hand), 2)
        from referee.series.session import check_log, read_history
        check_log(save_file, table.rules, n, meta)   # (an edited log is told, not replayed)
        if n < table.series.hand or table.series.hand_scored:
            read_history(save_file)   # (a scored hand's result: as the series counted it)
        if as_json:
            for row in replay_rows(table.rules, meta, n):
                click.echo(_dumps(row))
        else:
            click.echo(render_replay(table.rules, meta, n))


# The documents shipped with the program (docs/ in the source, referee/docs in a
# wheel): `pesten-ref help TOPIC` shows them at the table.
DOCS = {"notation": "NOTATION.md", "rules": "RULES.md", "json": "JSON.md"}


def doc_path(name: str) -> str | None:
    """The file of the shipped document ``name`` (``"NOTATION.md"``), or None.

    Installed, the documents sit in the package (``referee/docs``); in a source
    tree or an editable install they are ``docs/`` beside ``referee/``.
    """
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # referee/
    for folder in (os.path.join(here, "docs"), os.path.join(os.path.dirname(here), "docs")):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return None


def _notation_guide() -> str:
    """``help notation`` in a language other than English: what to type (the card
    letters of the language, the entries, the prompt's commands and words), written
    in the language from its catalog (English reads docs/NOTATION.md itself)."""
    from referee.interface.app import help_text
    from referee.engine.cards import SUIT_SYMBOLS, SUITS
    from referee.words.cards import rank_word, suit_word
    from referee.engine.lexicon import local_forms, rank_letter
    from referee.series.spoken import table_lexicon
    lex = table_lexicon()
    courts = ", ".join(t("cli.help.notation.letter", letter=rank_letter(r, lex), name=rank_word(r).lower())
                       for r in ("J", "Q", "K", "A"))
    suits = ", ".join(t("cli.help.notation.letter", letter=(local_forms(s, lex) or [s])[0],
                        name=f"{SUIT_SYMBOLS[s]} {suit_word(s)}") for s in SUITS)
    joker = (local_forms("joker", lex) or ["joker"])[0]
    return "\n\n".join([t("cli.help.notation.head"),
                         t("cli.help.notation.cards", courts=courts, suits=suits, joker=joker),
                         help_text()])


def _rules_book(save: str | None) -> str:
    """The rule book of the rules in force, in the active language (``rules`` alone)."""
    from referee.series.rulebook import lookup_answer
    return lookup_answer(None, _rules_in_force(save))[0]


def _help_topics(ctx, param, incomplete):
    """Tab completion of ``help TOPIC``: the documents, then the commands."""
    root = ctx.find_root()
    return [name for name in [*DOCS, *main.list_commands(root)]
            if name.startswith(incomplete.lower())]


@main.command("help", help="help.help", short_help="help.help.short")
@_argument("topic", required=False, shell_complete=_help_topics, metavar_key="help.metavar.topic")
def help_(topic):
    """What to type at the table; `help notation`, `help rules`, `help json` show
    the documents, `help COMMAND` a command's options."""
    with _Guard():
        if topic is None:
            from referee.interface.app import entries_text
            click.echo(entries_text())
            click.echo(t("cli.help.more"))
            return
        key = topic.strip().lower()
        from referee.messages import language
        if key in ("notation", "rules") and language() != "en":
            text = _notation_guide() if key == "notation" else _rules_book(None)
            if sys.stdout.isatty():
                click.echo_via_pager(text)
            else:
                click.echo(text)
            return
        if key in DOCS:
            if key == "json" and language() != "en":
                click.echo(t("cli.help.json_english") + "\n")
            path = doc_path(DOCS[key])
            if path is None:
                _fail(t("cli.help.no_doc", name=DOCS[key]), 2)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if sys.stdout.isatty():
                click.echo_via_pager(text)
            else:
                click.echo(text, nl=False)
            return
        parent = click.get_current_context().find_root()
        command = main.get_command(parent, key)   # (``tournament`` is loaded when asked for)
        if command is None:
            _fail(t("cli.help.no_topic", topic=topic, topics=", ".join(DOCS),
                    commands=", ".join(main.list_commands(parent))), 2)
        with click.Context(command, info_name=key, parent=parent) as ctx:
            click.echo(command.get_help(ctx))


@main.command(help="help.simulate")
@_argument("rule_sets", nargs=-1, metavar_key="help.metavar.rule_sets")
@_option("--rules", "rules_spec", default="standard", metavar_key="help.metavar.rules",
         shell_complete=_rules_specs,
         help="help.simulate.rules")
@_option("--compare", "comparing", is_flag=True, help="help.simulate.compare")
@_option("--players", type=_IntRange(2, 8), default=4, metavar="N",
         help="help.simulate.players")
@_option("--hands", type=_IntRange(min=1), default=None, metavar="N",
         help="help.simulate.hands")
@_option("--seed", type=_Int(), default=None, metavar="N", help="help.simulate.seed")
@_option("--bots", type=click.Choice(["random", "sheet", "mixed"]), default="random",
         help="help.simulate.bots")
@_option("--forget", type=_FloatRange(0, 1), default=None, metavar_key="help.metavar.rate",
         help="help.simulate.forget")
@_option("--jobs", type=_IntRange(min=1), default=None, metavar="N", help="help.simulate.jobs")
@json_option
def simulate(rule_sets, rules_spec, comparing, players, hands, seed, bots, forget, jobs,
             as_json):
    """Bots play whole hands under a rule set: what does it do to the game?"""
    with _Guard():
        from referee.engine.rulecheck import check_table_fits
        from referee.series.presets import load_rules
        from referee.simulator.simulate import FORGET_RATE
        forget = FORGET_RATE if forget is None else forget
        if comparing or rule_sets:
            from referee.simulator.simcompare import DEFAULT_HANDS, compare_rule_sets
            specs = list(rule_sets) if comparing else [rules_spec, *rule_sets]
            if not specs:
                raise click.UsageError(t("sim.error.no_rules"))
            loaded = [load_rules(spec, players=players) for spec in specs]
            for rules in loaded:
                check_table_fits(rules, players)
            hands = hands or DEFAULT_HANDS
            report = _with_progress(
                hands * len(loaded), as_json,
                lambda progress: compare_rule_sets(loaded, players, hands, seed, bots, forget,
                                                   progress, jobs))
        else:
            from referee.simulator.simcompare import simulate_in_parts
            rules = load_rules(rules_spec, players=players)
            check_table_fits(rules, players)
            hands = hands or 1000
            report = _with_progress(
                hands, as_json,
                lambda progress: simulate_in_parts(rules, players, hands, seed, bots, forget,
                                                   progress, jobs))
        if as_json:
            click.echo(_dumps(report.to_json()))
        else:
            click.echo(report.render())


# ---------------------------------------------------------------------------
# tournament (RULES R8.6): built when asked for (``_Commands``), so that the
# commands a family runs after every hand build none of its options
# ---------------------------------------------------------------------------

def _drawn_lines(tour) -> list[str]:
    from referee.tournament.bracket import FINAL, table_label
    rnd = tour.current
    if rnd.final:
        tb = rnd.tables[0]
        return [t("tour.told.final", names=" - ".join(tb.players), dealer=tb.dealer)]
    lines = [t("tour.told.drawn", round=rnd.number, n=len(rnd.tables))]
    lines += [t("tour.told.table", table=table_label(tb.name), players=", ".join(tb.players),
                dealer=tb.dealer) for tb in rnd.tables if tb.name != FINAL]
    return lines


def _tournament_files(save: str | None):
    """The tournament's files: ``--save`` or the default file."""
    from referee.tournament.files import DEFAULT_TOURNAMENT, TournamentFiles
    return TournamentFiles(save or DEFAULT_TOURNAMENT)


def _entered(players: str | None, players_file: str | None) -> list[str]:
    """The names entered, each checked (R1.1): a name from the file named with its line."""
    import unicodedata

    from referee.series.scoring import player_name_problem
    given = [(n, None) for n in (players or "").split(",")]
    if players_file is not None:
        try:
            with open(players_file, encoding="utf-8-sig") as f:
                given += [(line.split("#", 1)[0], i)
                          for i, line in enumerate(f.read().splitlines(), 1)]
        except (OSError, UnicodeDecodeError) as exc:
            _fail(t("tour.refuse.players_file", file=players_file,
                    error=getattr(exc, "strerror", None) or str(exc)), 2)
    names: list[str] = []
    seen: set[str] = set()
    for raw, line in given:
        name = unicodedata.normalize("NFC", raw.strip())
        if not name:
            continue
        problem = (t("tour.refuse.duplicate", name=name) if name.casefold() in seen
                   else player_name_problem([name], count=False))
        if problem:
            _fail(problem if line is None else
                  t("store.in_file_line", file=players_file, line=line, what=problem), 2)
        seen.add(name.casefold())
        names.append(name)
    if not names:
        _fail(t("tour.refuse.no_players"), 2)
    return names


def _open_tournament(files):
    """Load the tournament (its lock held), finishing a settle cut short."""
    tour = files.load()
    if files.finish_settling(tour):
        files.write(tour)
    return tour


def _change_tournament(save: str | None, change) -> None:
    """Under the tournament's lock: load it, ``change(files, tour)`` (the lines to
    tell), write it; then tell the lines."""
    files = _tournament_files(save)
    with files.save.lock():
        tour = _open_tournament(files)
        told = change(files, tour)
        files.write(tour)
    for line in told:
        click.echo(line)


def _login_name() -> str:
    """Who runs the command, for the record (``--by`` not given): the login name, else "-"."""
    import getpass
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return "-"


def _tournament_rules(spec: str | None, players: int):
    """The rule set ``tournament new --rules`` names (a preset, a game or a file), None
    without one (the tournament preset); RulesError when it does not read, or when a
    table the tournament can draw (2 in the final, 3 to 6 in a round) could not be
    dealt under it (R8.6, R2.2)."""
    if spec is None:
        return None
    from referee.series.presets import load_rules
    from referee.tournament.bracket import MAX_TABLE, table_rules
    rules = load_rules(spec, players=range(2, min(MAX_TABLE, players) + 1))
    table_rules(rules, True)
    return rules


def _tournament_new(players: str | None, players_file: str | None, seed: int | None,
                    save: str | None, rules_spec: str | None = None) -> None:
    """``tournament new``: the players entered, round 1 drawn (R8.6), a new file written."""
    names = _entered(players, players_file)
    import secrets

    from referee.tournament.bracket import Tournament
    rules = _tournament_rules(rules_spec, len(names))
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    files = _tournament_files(save)
    with files.save.lock():
        if files.exists():
            _fail(t("tour.refuse.exists", file=files.path), 2)
        if os.path.exists(files.tables_dir):
            _fail(t("tour.refuse.tables_exist", folder=files.tables_dir), 2)
        tour = Tournament.new(names, seed, secrets.token_hex(4))
        files.display = {"lang": _LANG_OPTION[0]} if _LANG_OPTION[0] else None
        files.rules = rules
        files.write(tour)
    click.echo(t("tour.new.started", n=len(names), seed=seed, file=files.path))
    if rules is not None:
        from referee.words.events import rules_name
        click.echo(t("tour.new.rules", rules=rules_name(rules.name),
                     limit=files.table_rules(True).series["limit"]))
    for line in _drawn_lines(tour):
        click.echo(line)


def _tournament_show(as_json: bool, save: str | None) -> None:
    """``tournament show``: the bracket and the tables' results as they stand."""
    from referee.tournament.bracket import render_view, view
    files = _tournament_files(save)
    tour = files.load()
    scan = files.scan(tour)
    data = view(tour, scan.outcomes, scan.found, scan.incomplete,
                files.rules.name if files.rules is not None else "tournament")
    if as_json:
        click.echo(_dumps(data))
        return
    click.echo(render_view(data, recorded=tour.champion is not None or data["champion"] is None))


def _close_scanned_round(files, tour) -> list[str]:
    """``tournament next`` under the lock: the tables' files read (conflicts recorded and
    told, an incomplete table refused), then the round closed (R8.6); -> the lines to tell."""
    from referee.tournament.bracket import close_round, incomplete_text
    scan = files.scan(tour)
    if tour.record_conflicts(scan.found):
        files.write(tour)
    open_ = [c for c in tour.open_conflicts() if c.round == tour.current.number]
    for line in [c.text() for c in open_] + [incomplete_text(x) for x in scan.incomplete]:
        click.echo(line, err=True)
    if scan.incomplete and not open_:
        _fail(t("tour.refuse.incomplete"), 1)
    return close_round(tour, scan.outcomes)


def _tournament_withdraw(name: str, save: str | None) -> None:
    """``tournament withdraw NAME``: ``name`` withdraws (R8.6)."""
    from referee.tournament.bracket import withdraw
    _change_tournament(save, lambda files, tour: withdraw(tour, name, files.outcomes(tour)))


def _tournament_import(path: str, save: str | None) -> None:
    """``tournament import PATH``: the tables' files from ``path`` taken in; exit 1 when
    nothing there belongs to this tournament or a result arrived twice."""
    files = _tournament_files(save)
    with files.save.lock():
        tour = _open_tournament(files)
        report = files.import_from(tour, path)
        if tour.record_conflicts(report.recorded):
            files.write(tour)
    for line in report.taken + report.same + report.skipped:
        click.echo(line)
    for line in report.conflicts:
        click.echo(line, err=True)
    if report.only_other:
        _fail(t("tour.import.only_other", source=path), 1)
    if report.conflicts:
        _fail(t("tour.refuse.import_conflicts", n=len(report.conflicts)), 1)


def _tournament_settle(table_name: str, keep: str, by: str | None, save: str | None) -> None:
    """``tournament settle``: table ``table_name``'s conflict settled by keeping ``keep``
    (the others set aside, nothing deleted); exit 1 when the table has no conflict."""
    from referee.series.session import utcnow
    from referee.tournament.bracket import table_label
    files = _tournament_files(save)
    with files.save.lock():
        tour = _open_tournament(files)
        if tour.record_conflicts(files.scan(tour).found):
            files.write(tour)
        conflict = tour.conflict_of(table_name)
        if conflict is None:
            _fail(t("tour.settle.none", table=table_label(table_name.strip()),
                    round=tour.current.number), 1)
        files.settle(tour, conflict, keep, by or _login_name(), utcnow())
    click.echo(conflict.settled_text())
    kept_dir = files.rel(files.kept_dir) + "/"
    for step in conflict.plan:
        if step[0] in ("move", "copy") and step[2].startswith(kept_dir):
            click.echo(t("tour.settle.aside", path=step[1], dest=step[2]))


def _tournament_commands() -> click.Group:
    """The ``tournament`` group: new, show, next, withdraw, import, settle.

    The bracket is ``referee.tournament.bracket``, its files ``referee.tournament.files``,
    both imported when a command runs.  Exit status as every command: 0 done;
    1 refused (a round still being played, a conflict open, a result that
    arrived twice); 2 bad usage or an unreadable file; 3 a file is busy.
    Each command is its options here and one step above (``_tournament_new`` ...).
    """
    tour_save_option = _option("--save", "save", metavar_key="help.metavar.path", default=None,
                               help="help.tournament.save")

    @click.group(cls=_Group, help="help.tournament")
    @_built
    def tournament() -> None:
        """A knockout tournament across several tables (R8.6)."""

    @tournament.command("new", help="help.tournament.new")
    @_option("--players", default=None, metavar="A,B,C", help="help.tournament.players")
    @_option("--players-file", default=None, metavar_key="help.metavar.file",
             help="help.tournament.players_file")
    @_option("--seed", type=_Int(), default=None, metavar="N", help="help.tournament.seed")
    @_option("--rules", "rules_spec", default=None, metavar_key="help.metavar.rules",
             shell_complete=_rules_specs, help="help.tournament.rules")
    @tour_save_option
    def tournament_new(players, players_file, seed, rules_spec, save):
        with _Guard():
            _tournament_new(players, players_file, seed, save, rules_spec)

    @tournament.command("show", help="help.tournament.show")
    @_option("--json", "as_json", is_flag=True, help="help.tournament.json")
    @tour_save_option
    def tournament_show(as_json, save):
        with _Guard():
            _tournament_show(as_json, save)

    @tournament.command("next", help="help.tournament.next")
    @tour_save_option
    def tournament_next(save):
        with _Guard():
            _change_tournament(save, _close_scanned_round)

    @tournament.command("withdraw", help="help.tournament.withdraw")
    @_argument("name", metavar_key="help.metavar.name")
    @tour_save_option
    def tournament_withdraw(name, save):
        with _Guard():
            _tournament_withdraw(name, save)

    @tournament.command("import", help="help.tournament.import")
    @_argument("path", metavar_key="help.metavar.path")
    @tour_save_option
    def tournament_import(path, save):
        with _Guard():
            _tournament_import(path, save)

    @tournament.command("settle", help="help.tournament.settle")
    @_option("--table", "table_name", required=True, metavar="T", help="help.tournament.settle_table")
    @_option("--keep", "keep", required=True, metavar_key="help.metavar.path",
             help="help.tournament.settle_keep")
    @_option("--by", "by", default=None, metavar_key="help.metavar.name",
             help="help.tournament.settle_by")
    @tour_save_option
    def tournament_settle(table_name, keep, by, save):
        with _Guard():
            _tournament_settle(table_name, keep, by, save)

    return tournament


def _with_progress(total: int, as_json: bool, work):
    """``work(progress)`` with a progress bar on a terminal (stderr), else without one."""
    if as_json or not sys.stderr.isatty():
        return work(None)
    with click.progressbar(length=total, label=t("cli.simulate.label"), file=sys.stderr) as bar:
        done = [0]

        def progress(n, _total):
            bar.update(n - done[0])
            done[0] = n
        return work(progress)


if __name__ == "__main__":  # pragma: no cover
    main()
