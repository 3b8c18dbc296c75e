"""Where an open series is played, and what its table is told when it ends.

A series is played on its own (``--save q.toml``, or the default file) or as
one table of a tournament (``--table 3 --save cup.toml``, RULES R8.6).  A
``Seat`` says which, as the command line names it, so that every hint names
the options in use (``pesten-ref play --save q.toml`` carries on), and tells
a tournament's table, once its series is over, what the tournament makes of
it: who goes through and who is out (R8.6), or the champion after the final,
and that ``pesten-ref tournament next`` comes next, never "the series".

``pesten-ref score --table`` and the table prompt (``app.SeriesApp``) both
ask a Seat, so the command line and the prompt say the same.
"""

from __future__ import annotations

from typing import Any, Iterable

from referee.messages import t
from referee.engine.values import Value, set_field

__all__ = ["Seat", "Ending"]


class Ending(Value):
    """What a table is told after a score (``Seat.ending``).

    ``events``: the scoring Events to tell (``scoring.apply_result``), with a
    tournament round's ``series_won`` left out (its series is only the
    round's one hand); ``title``: at a tournament's final, the sentence that
    names the champion, told instead of the series winner's (the banner's
    title), else None; ``told``: the sentences after the standings (who goes
    through, who is out, what comes next), empty for a series of its own.
    """

    __slots__ = ("events", "title", "told")
    __match_args__ = __slots__

    def __init__(self, events: Iterable[Any], title: str | None, told: Iterable[str]) -> None:
        set_field(self, "events", tuple(events))
        set_field(self, "title", title)
        set_field(self, "told", tuple(told))

    def sentences(self) -> list[str]:
        """Each event's sentence, the title in place of the series winner's."""
        return [self.title if self.title and e.kind == "series_won" else e.text()
                for e in self.events]


class Seat(Value):
    """Where the open series is played, as the command line names it.

    ``save``: ``--save`` as typed (the series file; with ``table`` the
    tournament file), or None for the default; ``table``: ``--table`` as
    typed (``"3"``, ``"final"``), or None for a series of its own.
    """

    __slots__ = ("save", "table")
    __match_args__ = __slots__

    def __init__(self, save: str | None = None, table: str | None = None) -> None:
        set_field(self, "save", save)
        set_field(self, "table", table)

    @property
    def tournament(self) -> bool:
        """True at a table of a tournament (R8.6)."""
        return self.table is not None

    def options(self) -> str:
        """The options naming this series on a command line, each after a blank:
        ``" --table 3 --save cup.toml"``, ``" --save q.toml"``, or ``""``."""
        import shlex  # (only for a sentence that names the series: start-up)
        table = f" --table {shlex.quote(self.table.strip())}" if self.table is not None else ""
        return table + self._save_option()

    def _save_option(self) -> str:
        if self.save is None:
            return ""
        import shlex
        return f" --save {shlex.quote(self.save)}"

    def ending(self, series: Any, events: Iterable[Any]) -> Ending:
        """What the table is told after a score that gave ``events`` (``series``
        as it is after it): see ``Ending``.  For a series of its own the events
        as they are and nothing more."""
        events = list(events)
        if not self.tournament or not series.over:
            return Ending(events, None, ())
        told = self.told(series)
        if self._final():
            title, told = (told[0], told[1:]) if told else (None, told)
            return Ending(events, title, told)
        return Ending([e for e in events if e.kind != "series_won"], None, told)

    def check_score(self, series: Any) -> None:
        """Before a new score (not a correction) of ``series``: at a tournament's
        table whose series is over, raise ScoreError saying the table has its
        result and how to correct it (R8.6), not that "the series" is over."""
        if self.tournament and series.over:
            from referee.series.scoring import ScoreError
            from referee.tournament.bracket import table_label
            raise ScoreError("tour.refuse.table_scored", "R8.6",
                             table=table_label(self.table.strip().lower()),
                             options=self.options(), save=self._save_option())

    def _final(self) -> bool:
        from referee.tournament.bracket import FINAL
        return self.table is not None and self.table.strip().lower() == FINAL

    def told(self, series: Any) -> list[str]:
        """Once a tournament table's series (``scoring.Series``) is over, what the
        tournament makes of it (R8.6): at a round's table who goes through and
        who is out (ties decided as ``tournament next`` will decide them), then
        the next step, ``pesten-ref tournament next`` with this ``--save``; after
        the final, the champion and how to record them.  Empty for a series of
        its own or one not over.  A tournament file that cannot be read is told
        in its sentence (the score itself is saved already)."""
        if not self.tournament or not series.over:
            return []
        from referee.series.store import SaveError
        from referee.tournament.bracket import TournamentError
        try:
            return self._told()
        except SaveError as exc:
            return [exc.message]
        except TournamentError as exc:
            return [exc.message]

    def _told(self) -> list[str]:
        from referee.series.scoring import join_names
        from referee.tournament.bracket import absent_note, rank_table, table_label, view
        from referee.tournament.files import DEFAULT_TOURNAMENT, TournamentFiles
        files = TournamentFiles(self.save or DEFAULT_TOURNAMENT)
        tour = files.load()
        rnd = tour.current
        tb = rnd.table(self.table or "")
        options = self._save_option()
        if tb is None or rnd.closed:
            return []
        outcomes = files.outcomes(tour)
        outcome = outcomes[tb.name]
        if rnd.final:
            champion = next((p for p in outcome.winners if p not in tour.withdrawn), None)
            if champion is None:
                return [t("tour.told.no_champion")]
            return [t("tour.told.final_champion", name=champion),
                    t("tour.told.final_won", options=options)]
        ranking, through, lot, tie = rank_table(tb, outcome, tour.totals(), tour.withdrawn,
                                                tour.seed, rnd.number)
        out = [p for p in ranking if p not in through]
        note = absent_note(tb)
        told = [note] if note else []
        told += [" ".join(filter(None, (
            t("tour.told.through", n=len(through), names=join_names(through),
              table=table_label(tb.name)) if through else "",
            t("tour.told.out", n=len(out), names=join_names(out)) if out else "")))]
        told += [x.text() for x in (tie, lot) if x is not None]
        playing = [x["table"] for x in view(tour, outcomes)["tables"]
                   if x["state"] in ("waiting", "playing")]
        if playing:
            told.append(t("tour.told.next_waiting", n=len(playing), round=rnd.number,
                          tables=join_names(table_label(x) for x in playing), options=options))
        else:
            told.append(t("tour.told.next_ready", round=rnd.number, options=options))
        return told
