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
    import json
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str)


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
            sys.exit(run_script(table, lines, as_json, keep_going))


def _stdin_lines():
    first = True
    for raw in sys.stdin.buffer:
        if first and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        first = False
        yield raw.decode("utf-8", "replace").rstrip("\r\n")


def answer(table, text: str) -> tuple[dict | None, Any]:
    """Apply one line at ``table``; -> (the JSON answer or None for a blank line, the ruling)."""
    ruling = table.handle(text)
    if ruling.kind == "blank":
        return None, ruling
    out: dict[str, Any] = {"input": text, "ok": ruling.ok}
    if ruling.kind == "query":
        out["ruling"] = session_query_text(table, ruling)
    else:
        out["ruling"] = ruling.text
    out["rule"] = ruling.rule
    if ruling.data and "legal" in ruling.data:
        out["legal"] = ruling.data["legal"]
    out["state"] = table.state()
    return out, ruling


def session_query_text(table, ruling) -> str:
    """The text of a query that needs more than the hand (rules, help, replay)."""
    if ruling.query == "rules":
        from .rulebook import lookup
        return lookup(ruling.arg or None, table.rules)
    if ruling.query == "help":
        return t("cli.help.entries")
    if ruling.query == "replay":
        from .replay import render_replay
        return render_replay(table.rules, table.meta, table.series.hand)
    return ruling.text


def run_script(table, lines, as_json: bool, keep_going: bool) -> int:
    """Apply ``lines`` one by one (``play --script`` / stdin); -> exit status.

    Stops at the first refused entry (exit 1) unless ``keep_going``; the line's
    number is told on stderr.
    """
    refused = False
    for number, text in enumerate(lines, 1):
        out, ruling = answer(table, text)
        if out is None:
            continue
        if as_json:
            click.echo(_dumps(out))
        elif ruling.ok:
            click.echo(out["ruling"])
        if not ruling.ok:
            click.echo(t("cli.play.refused_line", n=number, line=text.strip(),
                         ruling=out["ruling"]), err=True)
        if not ruling.ok and ruling.kind != "query":
            refused = True
            if not keep_going:
                click.echo(t("cli.play.stopped", n=number), err=True)
                return 1
    return 1 if refused else 0


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
        click.echo(render_state(table))


def render_state(table) -> str:
    """A few aligned lines on the current hand for a terminal."""
    st = table.state()
    lines = [t("cli.state.head", hand=st["hand"], dealer=st["dealer"], status=st["status"],
               rules=table.rules.name)]
    lines.append(table.hand.summary())
    if st["status"] in ("playing", "waiting"):
        lines.append(t("cli.state.piles", draw=st["draw_pile"], discard=st["discard_pile"],
                       direction=st["direction"]))
        width = max(len(p) for p in st["counts"]) if st["counts"] else 0
        for p, n in st["counts"].items():
            marks = []
            if p == st["turn"]:
                marks.append(t("cli.state.to_act"))
            if st["skips"].get(p):
                marks.append(t("cli.state.skips", n=st["skips"][p]))
            if p == st["announce_due"]:
                marks.append(t("cli.state.announce_due"))
            if p in st["callable"]:
                marks.append(t("cli.state.callable"))
            lines.append(f"  {p:<{width}}  {n:>2}  {'  '.join(marks)}".rstrip())
    return "\n".join(lines)


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
@click.argument("rule_sets", nargs=-1, metavar="[PRESET|FILE]...")
@click.option("--rules", "rules_spec", default="standard", metavar="PRESET|FILE")
@click.option("--compare", "comparing", is_flag=True,
              help="Play the rule sets named as arguments on the same deals, side by side.")
@click.option("--players", type=click.IntRange(2, 8), default=4)
@click.option("--hands", type=click.IntRange(min=1), default=None,
              help="Hands per rule set (default 1,000; 10,000 with --compare).")
@click.option("--seed", type=int, default=None)
@click.option("--bots", type=click.Choice(["random", "sheet", "mixed"]), default="random",
              help="Random legal play, the rules sheet's advice, or half and half.")
@click.option("--forget", type=click.FloatRange(0, 1), default=None,
              help="How often a sheet bot forgets to say Laatste kaart (0 to 1, default 0.1).")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes for --compare (default: one per core for long runs).")
@json_option
def simulate(rule_sets, rules_spec, comparing, players, hands, seed, bots, forget, jobs,
             as_json):
    """Bots play whole hands under a rule set: what does it do to the game?"""
    with _Guard():
        from .rules import check_table_fits, load_rules
        from .simulate import FORGET_RATE
        forget = FORGET_RATE if forget is None else forget
        if comparing or rule_sets:
            from .simcompare import DEFAULT_HANDS, compare_rule_sets
            specs = list(rule_sets) if comparing else [rules_spec, *rule_sets]
            if not specs:
                raise click.UsageError(t("sim.error.no_rules"))
            loaded = [load_rules(spec) for spec in specs]
            for rules in loaded:
                check_table_fits(rules, players)
            hands = hands or DEFAULT_HANDS
            report = _with_progress(
                hands * len(loaded), as_json,
                lambda progress: compare_rule_sets(loaded, players, hands, seed, bots, forget,
                                                   progress, jobs))
        else:
            from .simulate import simulate as run
            rules = load_rules(rules_spec)
            check_table_fits(rules, players)
            hands = hands or 1000
            report = _with_progress(
                hands, as_json,
                lambda progress: run(rules, players, hands, seed, progress=progress,
                                     bots=bots, forget=forget))
        if as_json:
            click.echo(_dumps(report.to_json()))
        else:
            click.echo(report.render())


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
