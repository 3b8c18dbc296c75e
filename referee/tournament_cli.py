"""``pesten-ref tournament ...``: the command group of a knockout tournament (RULES R8.6).

A thin layer like ``cli``: the bracket is ``referee.tournament``, the files
``referee.tournament_store``, both imported when a command runs.  The tables'
hands are played and scored with ``play --table T`` and ``score --table T``
(``cli``).  Exit status as ``cli``: 0 done; 1 refused (a round still being
played, a result that arrived twice); 2 bad usage or an unreadable file;
3 a file is busy.
"""

from __future__ import annotations

import click

from .messages import t


# ``cli`` adds this group to ``main``; its helpers are looked up when a command runs,
# so that ``python -m referee.cli`` (cli as __main__) imports no half-built module.
def _Guard():
    from .cli import _Guard as guard
    return guard()


def _fail(message: str, code: int):
    from .cli import _fail as fail
    fail(message, code)


def _dumps(obj) -> str:
    from .cli import _dumps as dumps
    return dumps(obj)

tour_save_option = click.option("--save", "save", metavar="PATH", default=None,
                                help=t("tour.help.save"))


def _files(save: str | None):
    from .tournament_store import DEFAULT_TOURNAMENT, TournamentFiles
    return TournamentFiles(save or DEFAULT_TOURNAMENT)


@click.group(help=t("tour.help.group"))
def tournament() -> None:
    """A knockout tournament across several tables (R8.6)."""


@tournament.command("new", help=t("tour.help.new"))
@click.option("--players", default=None, metavar="A,B,C", help=t("tour.help.players"))
@click.option("--players-file", default=None, metavar="FILE", help=t("tour.help.players_file"))
@click.option("--seed", type=int, default=None, help=t("tour.help.seed"))
@tour_save_option
def tournament_new(players, players_file, seed, save):
    with _Guard():
        import unicodedata
        names = [p for p in (players or "").split(",")]
        if players_file is not None:
            try:
                with open(players_file, encoding="utf-8-sig") as f:
                    names += [line.split("#", 1)[0] for line in f.read().splitlines()]
            except (OSError, UnicodeDecodeError) as exc:
                _fail(t("tour.refuse.players_file", file=players_file,
                        error=getattr(exc, "strerror", None) or str(exc)), 2)
        names = [unicodedata.normalize("NFC", n.strip()) for n in names if n.strip()]
        if not names:
            _fail(t("tour.refuse.no_players"), 2)
        from .cli import player_name_problem
        problem = player_name_problem(names, count=False)
        if problem:
            _fail(problem, 2)
        import os
        import secrets

        from .tournament import Tournament
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        files = _files(save)
        with files.save.lock():
            if files.exists():
                _fail(t("tour.refuse.exists", file=files.path), 2)
            if os.path.exists(files.tables_dir):
                _fail(t("tour.refuse.tables_exist", folder=files.tables_dir), 2)
            tour = Tournament.new(names, seed, secrets.token_hex(4))
            files.write(tour)
        click.echo(t("tour.new.started", n=len(names), seed=seed, file=files.path))
        for line in _drawn_lines(tour):
            click.echo(line)


def _drawn_lines(tour) -> list[str]:
    from .tournament import FINAL, _table_label
    rnd = tour.current
    if rnd.final:
        tb = rnd.tables[0]
        return [t("tour.told.final", names=" - ".join(tb.players), dealer=tb.dealer)]
    lines = [t("tour.told.drawn", round=rnd.number, n=len(rnd.tables))]
    lines += [t("tour.told.table", table=_table_label(tb.name), players=", ".join(tb.players),
                dealer=tb.dealer) for tb in rnd.tables if tb.name != FINAL]
    return lines


@tournament.command("show", help=t("tour.help.show"))
@click.option("--json", "as_json", is_flag=True, help=t("tour.help.json"))
@tour_save_option
def tournament_show(as_json, save):
    with _Guard():
        from .tournament import render_view, view
        files = _files(save)
        tour = files.load()
        data = view(tour, files.outcomes(tour))
        conflicts = files.conflicts(tour) if not tour.over else []
        if as_json:
            data["conflicts"] = conflicts
            click.echo(_dumps(data))
            return
        click.echo(render_view(data, recorded=tour.champion is not None or data["champion"] is None))
        for line in conflicts:
            click.echo(line)


@tournament.command("next", help=t("tour.help.next"))
@tour_save_option
def tournament_next(save):
    with _Guard():
        from .tournament import close_round
        files = _files(save)
        with files.save.lock():
            tour = files.load()
            conflicts = files.conflicts(tour)
            if conflicts:
                for line in conflicts:
                    click.echo(line, err=True)
                _fail(t("tour.refuse.conflicts"), 1)
            told = close_round(tour, files.outcomes(tour))
            files.write(tour)
        for line in told:
            click.echo(line)


@tournament.command("withdraw", help=t("tour.help.withdraw"))
@click.argument("name")
@tour_save_option
def tournament_withdraw(name, save):
    with _Guard():
        from .tournament import withdraw
        files = _files(save)
        with files.save.lock():
            tour = files.load()
            told = withdraw(tour, name, files.outcomes(tour))
            files.write(tour)
        for line in told:
            click.echo(line)


@tournament.command("import", help=t("tour.help.import"))
@click.argument("path")
@tour_save_option
def tournament_import(path, save):
    with _Guard():
        files = _files(save)
        with files.save.lock():
            tour = files.load()
            report = files.import_from(tour, path)
        for line in report.taken + report.same + report.skipped:
            click.echo(line)
        for line in report.conflicts:
            click.echo(line, err=True)
        if report.conflicts:
            _fail(t("tour.refuse.import_conflicts", n=len(report.conflicts)), 1)
