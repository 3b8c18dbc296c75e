"""The ``pesten-ref`` command line (NOTATION.md "Commands"): a thin layer.

Start-up matters (``pesten-ref score`` after every hand): this module imports
only click at load time; each command imports what it needs, and only the
interactive ``play`` loads prompt-toolkit (``referee.repl``).

Exit status: 0 done; 1 an entry or a score refused; 2 bad usage, an unreadable
save file, or ``new`` onto an existing series without ``--force``; 3 the save
file is busy.  Errors go to stderr in plain sentences, never a traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Any, NoReturn

import click

from .messages import t

DEFAULT_SAVE = "pesten.toml"


def _save_path(save: str | None) -> str:
    return save or os.environ.get("PESTEN_REF_SAVE") or DEFAULT_SAVE


def _fail(message: str, code: int) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(code)


def _dumps(obj: Any) -> str:
    from .render import dumps
    return dumps(obj)


class _Guard:
    """Turn the project's own errors into one clear sentence and an exit status."""

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None or isinstance(exc, (SystemExit, KeyboardInterrupt, click.exceptions.Exit,
                                           click.ClickException, click.exceptions.Abort)):
            if isinstance(exc, KeyboardInterrupt):
                sys.exit(130)
            return False
        from .store import SaveError
        if isinstance(exc, SaveError):
            _fail(exc.message, exc.exit_code)
        from .rules import RulesError
        if isinstance(exc, RulesError):
            _fail(str(exc), 2)
        from .scoring import ScoreError
        if isinstance(exc, ScoreError):
            _fail(str(exc), 1)
        if isinstance(exc, BrokenPipeError):
            sys.exit(0)
        if os.environ.get("PESTEN_REF_DEBUG"):
            return False
        _fail(t("cli.internal", kind=type(exc).__name__, error=str(exc)), 2)


save_option = click.option("--save", "save", metavar="PATH", default=None,
                           help="Save file of the series (default: $PESTEN_REF_SAVE, else pesten.toml).")
json_option = click.option("--json", "as_json", is_flag=True, help="One compact JSON object per answer.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pesten-ref", message=t("cli.version"),
                      help=t("cli.option.version"))
def main() -> None:
    """A referee and scorekeeper for Pesten, played with a real deck.

    Start a series with `new`, type every card at `play`, `score` each hand,
    and see `standings`.  `rules` explains any rule by its id.
    """


# ---------------------------------------------------------------------------
# new
# ---------------------------------------------------------------------------

@main.command()
@click.option("--players", required=True, metavar="A,B,C", help="Players in seating order, clockwise.")
@click.option("--rules", "rules_spec", default="standard", metavar="PRESET|FILE",
              help="standard, family, hard, fast, cumulative, tournament, or a house-rule file.")
@click.option("--dealer", default=None, help="Dealer of the first hand (default: drawn at random).")
@click.option("--mode", type=click.Choice(["elimination", "hands", "casual"]), default=None)
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Elimination limit in points.")
@click.option("--hands", type=click.IntRange(min=1), default=None, help="Number of hands (mode hands).")
@click.option("--seed", type=int, default=None, help="Makes the dealer draw repeatable.")
@click.option("--force", is_flag=True, help="Replace an existing series at --save.")
@save_option
def new(players, rules_spec, dealer, mode, limit, hands, seed, force, save):
    """Start a series and deal hand 1."""
    with _Guard():
        from .rules import check_table_fits, load_rules
        from .scoring import choose_dealer
        from .session import Table
        from .store import SaveFile

        import unicodedata
        names = [unicodedata.normalize("NFC", p.strip()) for p in players.split(",") if p.strip()]
        problem = player_name_problem(names)
        if problem:
            _fail(problem, 2)
        rules = load_rules(rules_spec)
        if hands is not None and mode is None:
            mode = "hands"
        rules = rules.with_series(mode=mode, limit=limit, hands=hands)
        check_table_fits(rules, len(names))
        chosen = None
        if dealer is not None:
            dealer = unicodedata.normalize("NFC", dealer.strip())
            chosen = next((p for p in names if p.casefold() == dealer.casefold()), None)
            if chosen is None:
                _fail(t("cli.new.bad_dealer", dealer=dealer, players=", ".join(names)), 2)
        save_file = SaveFile(_save_path(save))
        with save_file.lock():
            if save_file.exists() and not force:
                _fail(t("cli.new.exists", file=str(save_file.path)), 2)
            save_file.remove_all()  # also a hands folder left without its series file
            drawn = chosen is None
            chosen = chosen or choose_dealer(names, seed)
            table = Table.create(save_file, names, rules, chosen)
        click.echo(t("cli.new.started", players=", ".join(names), rules=rules.name,
                     file=str(save_file.path)))
        if drawn:
            click.echo(t("cli.new.drawn", dealer=chosen))
        key = "cli.new.dealer_free" if rules.free_order else "cli.new.dealer"
        click.echo(t(key, dealer=chosen, first=table.hand.next_seat(chosen), n=rules.deal_size))


def player_name_problem(names: list[str]) -> str | None:
    """R1.1: 2-8 unique names of letters, digits and - _ ' . that read as no card or word."""
    from .cards import parse_suit, try_card
    from .notation import RESERVED_WORDS
    if not 2 <= len(names) <= 8:
        return t("cli.new.player_count", n=len(names))
    seen = set()
    for name in names:
        if not all(ch.isalnum() or ch in "-_'." for ch in name):
            return t("cli.new.bad_name_chars", name=name)
        if not name[0].isalnum():
            return t("cli.new.bad_name_start", name=name)
        if try_card(name) or parse_suit(name) or name.lower() in RESERVED_WORDS:
            return t("cli.new.bad_name_word", name=name)
        if name.casefold() in seen:
            return t("cli.new.duplicate", name=name)
        seen.add(name.casefold())
    return None


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------

@main.command()
@click.option("--script", "script", metavar="FILE", default=None,
              help="Read the entries from FILE instead of the keyboard.")
@click.option("--keep-going", is_flag=True, help="Go on after a refused entry (exit 1 at the end).")
@json_option
@save_option
def play(script, keep_going, as_json, save):
    """Referee the current hand: type every card as it is played."""
    with _Guard():
        from .session import Table
        from .store import SaveFile

        save_file = SaveFile(_save_path(save))
        with save_file.lock():
            table = Table.open(save_file)
            if table.series.over:
                _fail(t("cli.play.series_over", winners=", ".join(table.series.winners)), 1)
            notice = table.ensure_dealt()
            if notice and not as_json:
                click.echo(notice)
            if script is None and sys.stdin.isatty() and sys.stdout.isatty():
                from .repl import run_repl
                sys.exit(run_repl(table))
            if script is not None:
                try:
                    with open(script, encoding="utf-8-sig") as f:
                        lines = f.read().splitlines()
                except OSError as exc:
                    _fail(t("cli.play.script_unreadable", file=script,
                            error=exc.strerror or str(exc)), 2)
                except UnicodeDecodeError as exc:
                    _fail(t("cli.play.script_not_utf8", file=script, offset=exc.start), 2)
            else:
                lines = _stdin_lines()
            from .app import run_script
            sys.exit(run_script(table, lines, as_json, keep_going,
                                lambda text, err: click.echo(text, err=err)))


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

@main.command()
@json_option
@save_option
def state(as_json, save):
    """Show the current hand: top card, whose turn, counts."""
    with _Guard():
        from .session import Table
        from .store import SaveFile
        table = Table.open(SaveFile(_save_path(save)))
        st = table.state()
        if as_json:
            click.echo(_dumps(st))
            return
        from .render import render_state
        click.echo(render_state(table))


@main.command()
@json_option
@save_option
def standings(as_json, save):
    """Totals, wins, who is out and who deals next."""
    with _Guard():
        from .session import read_standings
        from .store import SaveFile
        series, started = read_standings(SaveFile(_save_path(save)))
        from .scoring import render_standings, standings_json
        if as_json:
            click.echo(_dumps(standings_json(series, started)))
        else:
            click.echo(render_standings(series, started))


# ---------------------------------------------------------------------------
# score
# ---------------------------------------------------------------------------

@main.command(context_settings={"ignore_unknown_options": True})
@click.option("--winner", default=None, help="Who went out (required for a hand not refereed).")
@click.argument("scores", nargs=-1)
@json_option
@save_option
def score(winner, scores, as_json, save):
    """Record the hand: NAME="Ah Ks 3d" or NAME=23 for each player still holding cards."""
    with _Guard():
        given: dict[str, str] = {}
        for item in scores:
            name, sep, value = item.partition("=")
            name = name.strip()
            if not sep or not name or not value.strip():
                _fail(t("cli.score.bad_arg", arg=item), 2)
            if name.casefold() in {g.casefold() for g in given}:
                _fail(t("cli.score.twice", name=name), 2)
            if value.strip().isdigit() and int(value) > 100_000:
                _fail(t("cli.score.too_big", name=name, value=value.strip()), 2)
            given[name] = value
        from .scoring import render_standings, standings_json
        from .session import Table
        from .store import SaveFile
        save_file = SaveFile(_save_path(save))
        with save_file.lock():
            table = Table.open(save_file)
            result, events = table.score(winner, given)
        if as_json:
            out = standings_json(table.series, False)
            out["result"] = result.to_dict()
            out["events"] = [e.text() for e in events]
            click.echo(_dumps(out))
            return
        click.echo(t("cli.score.recorded", hand=result.hand,
                     points=", ".join(f"{p} {n}" for p, n in result.points.items())))
        for e in events:
            click.echo(e.text())
        click.echo(render_standings(table.series, False))


# ---------------------------------------------------------------------------
# rules, replay, simulate
# ---------------------------------------------------------------------------

@main.command()
@click.argument("what", nargs=-1)
@click.option("--diff", "diff", nargs=2, default=None, metavar="A B", help="Two rule sets side by side.")
@save_option
def rules(what, diff, save):
    """The rule set in force; or one rule (R5.1), a preset, a house-rule file, a topic."""
    with _Guard():
        from .rulebook import lookup, render_diff
        from .rules import load_rules
        if diff:
            click.echo(render_diff(load_rules(diff[0]), load_rules(diff[1])))
            return
        in_force = _rules_in_force(save)
        click.echo(lookup(" ".join(what) or None, in_force))


def _rules_in_force(save):
    from .rules import load_rules
    from .store import SaveFile
    save_file = SaveFile(_save_path(save))
    if save_file.exists():
        from .session import load_rules_table
        data = save_file.read_series()
        table = data.get("rules", {})
        return load_rules_table(table, str(table.get("name", "custom")))
    return load_rules("standard")


@main.command()
@click.option("--hand", "hand_no", type=click.IntRange(min=1), default=None,
              help="Which hand (default: the current one).")
@json_option
@save_option
def replay(hand_no, as_json, save):
    """Every entry of a hand again, numbered, with its ruling and the state after it."""
    with _Guard():
        from .replay import replay_rows, render_rows
        from .session import Table
        from .store import SaveFile
        save_file = SaveFile(_save_path(save))
        table = Table.open(save_file)
        n = hand_no or table.series.hand
        if n > table.series.hand:
            _fail(t("cli.replay.no_hand", hand=n, last=table.series.hand), 2)
        meta = table.meta if n == table.series.hand else save_file.read_hand(n)
        rows = replay_rows(table.rules, meta, n)
        if as_json:
            for row in rows:
                click.echo(_dumps(row))
        else:
            click.echo(render_rows(rows, n))


@main.command()
@click.option("--rules", "rules_spec", default="standard", metavar="PRESET|FILE")
@click.option("--players", type=click.IntRange(2, 8), default=4)
@click.option("--hands", type=click.IntRange(min=1), default=1000)
@click.option("--seed", type=int, default=None)
@json_option
def simulate(rules_spec, players, hands, seed, as_json):
    """Bots play whole hands under a rule set: what does it do to the game?"""
    with _Guard():
        from .rules import check_table_fits, load_rules
        from .simulate import simulate as run
        rules = load_rules(rules_spec)
        check_table_fits(rules, players)
        if as_json or not sys.stderr.isatty():
            report = run(rules, players, hands, seed)
        else:
            with click.progressbar(length=hands, label=t("cli.simulate.label"),
                                   file=sys.stderr) as bar:
                done = [0]

                def progress(n, total):
                    bar.update(n - done[0])
                    done[0] = n
                report = run(rules, players, hands, seed, progress=progress)
        if as_json:
            click.echo(_dumps(report.to_json()))
        else:
            click.echo(report.render())


if __name__ == "__main__":  # pragma: no cover
    main()
