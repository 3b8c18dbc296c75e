"""A tournament's files: the tournament file, one folder per table per round, imports.

Layout for ``--save cup.toml`` (default ``tournament.toml``)::

    cup.toml                          the tournament (players, seed, rounds, tables,
                                      lots, withdrawals, champion); written by the
                                      director's commands only: new, next, withdraw, import
    cup.toml.lock                     its lock
    cup.tables/
        round-1-table-1/              one table of one round, written by that table's
            table.toml                laptop only: which tournament, round and table
            series.toml               an ordinary series (RULES R7), one hand (mode hands)
            series.hands/hand-00001.toml
        round-1-table-2/ ...
        round-4-final/                the final: an elimination series to 100 (R8.6)

A table's folder is made the first time ``play --table T`` or ``score --table
T`` is run for it, by whichever laptop does so, from what the tournament file
says (players, dealer), so the director never writes a table's files and a
folder kept by an ordinary sync tool has one writer per file.  Before its
first entry a table is dealt again when the tournament file has changed its
players (a withdrawal, a move).  ``import`` brings in a table's folder from
elsewhere; a table that arrives twice with different results is reported,
never merged.  A sync tool's conflict copy in a table's folder (a file named
``...conflict...``) is reported the same way.

Every problem is a ``SaveError`` (unreadable or busy files) or a
``TournamentError`` (the bracket refuses); nothing is written then.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

from referee.messages import t
from referee.scoring import points_text
from referee.store import SaveError, SaveFile, os_reason
from referee.tournament import (ABSENT, FINAL, Outcome, Round, Tournament, TournamentError,
                                table_label)

__all__ = ["DEFAULT_TOURNAMENT", "TournamentFiles", "ImportReport"]

DEFAULT_TOURNAMENT = "tournament.toml"
KIND = "tournament"
_SERIES = "series.toml"
_TICKET = "table.toml"


def _folder_name(round_no: int, table: str) -> str:
    return f"round-{round_no}-final" if table == FINAL else f"round-{round_no}-table-{table}"


def table_rules(final: bool):
    """The rule set of a table: the tournament preset (R8.6); a round's table plays one hand."""
    from referee.rules import load_rules
    rules = load_rules("tournament")
    return rules if final else rules.with_series(mode="hands", hands=1)


class TournamentFiles:
    """The files of one tournament, for the file at ``path`` (nothing touched until asked).

    ``save``: a SaveFile on the tournament file (its atomic writes, ``.bak``
    and lock serve the tournament too); ``tables_dir``: the folder of the
    tables' folders.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.path.expanduser(os.fspath(path))
        self.save = SaveFile(self.path)
        name = os.path.basename(self.path)
        stem = name[:-5] if name.lower().endswith(".toml") and len(name) > 5 else name
        self.tables_dir = os.path.join(os.path.dirname(self.path), stem + ".tables")
        self.created: Any = None  # the tournament's creation time, once loaded

    # -- the tournament file ------------------------------------------------------
    def exists(self) -> bool:
        """True when the tournament file exists."""
        return os.path.isfile(self.path)

    def load(self) -> Tournament:
        """The tournament; SaveError when missing, damaged or not a tournament file."""
        if not self.exists():
            raise SaveError(t("tour.file.missing", file=self.path), file=self.path)
        data = self.save.read_series()
        if data.get("kind") != KIND:
            raise SaveError(t("tour.file.not_tournament", file=self.path), file=self.path)
        self.created = data.get("created")
        try:
            return Tournament.from_dict(data)
        except TournamentError as exc:
            raise SaveError(t("store.in_file", file=self.path, what=exc.message), file=self.path) from None

    def write(self, tour: Tournament) -> None:
        """Save the tournament atomically (the previous version kept as ``.bak``), with
        the time it was created (as ``load`` read it, else now) and updated, in UTC.
        Raises SaveBusy when another process holds its lock, SaveError when it
        cannot be written (the old file is then unchanged)."""
        from referee.session import utcnow
        data: dict[str, Any] = {"kind": KIND}
        data["created"] = self.created or utcnow()
        data["updated"] = utcnow()
        data.update(tour.to_dict())
        payload = render_tournament(data).encode("utf-8")
        try:
            with self.save.lock():
                _write_atomic(self.path, payload)
        except OSError as exc:
            raise SaveError(t("store.unwritable", file=self.path, reason=os_reason(exc)),
                            file=self.path) from None

    # -- a table's folder ---------------------------------------------------------
    def table_dir(self, round_no: int, table: str) -> str:
        """The folder of ``table`` (``"3"`` or ``"final"``) of round ``round_no``."""
        return os.path.join(self.tables_dir, _folder_name(round_no, table))

    def table_save(self, round_no: int, table: str) -> SaveFile:
        """The series of a table (it may not exist yet)."""
        return SaveFile(os.path.join(self.table_dir(round_no, table), _SERIES))

    def outcome(self, round_no: int, table: str) -> Outcome:
        """What a table's series says, read without replaying (``ABSENT`` without a file)."""
        return read_outcome(self.table_save(round_no, table), table == FINAL)

    def outcomes(self, tour: Tournament) -> dict[str, Outcome]:
        """Outcome of every table of the current round that has players."""
        rnd = tour.current
        return {tb.name: self.outcome(rnd.number, tb.name) for tb in rnd.tables if tb.players}

    def open_table(self, tour: Tournament, name: str, play: bool = False) -> SaveFile:
        """The series file for ``play/score --table NAME``, made or dealt again if need be.

        A table not yet begun is dealt from the tournament file (its players,
        less those withdrawn, and its drawn dealer) under the tournament rules
        (R8.6).  Raises TournamentError when the table is not one of the
        current round, is a bye or empty, or the tournament is over, and with
        ``play`` when the table has its result (``score --hand 1`` still
        corrects it); SaveError when the folder belongs to another tournament
        or cannot be written.
        """
        rnd = tour.current
        if tour.over:
            raise TournamentError("tour.refuse.over", champion=tour.champion or "-")
        tb = rnd.table(name)
        if tb is None:
            raise TournamentError("tour.refuse.no_table", exit_code=2, table=name.strip(), round=rnd.number,
                                  tables=_table_list(rnd))
        if tb.bye or not tb.players:
            raise TournamentError("tour.refuse.no_hand", table=table_label(tb.name))
        players = [p for p in tb.players if p not in tour.withdrawn]
        if len(players) < 2:
            raise TournamentError("tour.refuse.no_hand", table=table_label(tb.name))
        folder = self.table_dir(rnd.number, tb.name)
        save = SaveFile(os.path.join(folder, _SERIES))
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise SaveError(t("store.unwritable", file=folder, reason=os_reason(exc)),
                            file=folder) from None
        with save.lock():
            ticket = _read_ticket(folder)
            if ticket is not None and ticket.get("tournament") != tour.id:
                raise SaveError(t("tour.file.other_tournament", folder=folder), file=folder)
            if save.exists():
                outcome = read_outcome(save, tb.name == FINAL)
                if play and outcome.status == "over":
                    key = "tour.refuse.final_won" if tb.name == FINAL else "tour.refuse.table_over"
                    raise TournamentError(key, table=tb.name, label=table_label(tb.name),
                                          round=rnd.number, result=_describe(outcome))
                if outcome.started or list(outcome.players) == players:
                    return save
            self._deal(save, folder, tour, rnd, tb.name, players, tb.dealer)
        return save

    def _deal(self, save: SaveFile, folder: str, tour: Tournament, rnd: Round, name: str,
              players: list[str], dealer: str) -> None:
        from referee.session import Table
        from referee.store import render
        ticket = {"format": 1, "kind": "tournament-table", "tournament": tour.id,
                  "round": rnd.number, "table": name, "players": players}
        _write_atomic(os.path.join(folder, _TICKET), render(ticket).encode("utf-8"))
        dealer = dealer if dealer in players else players[0]
        Table.create(save, players, table_rules(rnd.final), dealer)

    # -- sync conflicts -------------------------------------------------------------
    def conflicts(self, tour: Tournament) -> list[str]:
        """Sentences naming each table of the current round whose folder holds a sync
        tool's conflict copy (a name with ``conflict`` in it): two versions of a result."""
        out = []
        rnd = tour.current
        for tb in rnd.tables:
            folder = self.table_dir(rnd.number, tb.name)
            found = _conflict_copies(folder)
            if found:
                out.append(t("tour.conflict.copy", table=table_label(tb.name), round=rnd.number,
                             files=", ".join(found)))
        return out

    # -- import -------------------------------------------------------------------
    def import_from(self, tour: Tournament, source: str) -> "ImportReport":
        """Bring in the tables' folders found at ``source`` (a table's folder, a tables
        folder, a tournament file or the folder holding one).

        A table not here yet is copied in; one here already with the same result
        is left as it is; one here that has not begun is replaced (the old folder
        kept aside); one whose result differs, or that was begun here too, is
        reported as a conflict and left untouched on both sides.
        """
        report = ImportReport()
        found = _find_tables(source)
        if not found:
            raise SaveError(t("tour.import.nothing", source=source), file=source)
        for folder in found:
            self._import_one(tour, folder, report)
        return report

    def _import_one(self, tour: Tournament, folder: str, report: "ImportReport") -> None:
        ticket = _read_ticket(folder) or {}
        if ticket.get("tournament") != tour.id:
            report.skipped.append(t("tour.import.other", folder=folder))
            return
        try:
            round_no, name = int(ticket["round"]), str(ticket["table"])
            rnd = tour.rounds[round_no - 1]
        except (KeyError, ValueError, IndexError, TypeError):
            report.skipped.append(t("tour.import.unknown_table", folder=folder))
            return
        tb = rnd.table(name)
        label = t("tour.import.label", table=table_label(name), round=round_no)
        if tb is None:
            report.skipped.append(t("tour.import.unknown_table", folder=folder))
            return
        theirs = read_outcome(SaveFile(os.path.join(folder, _SERIES)), name == FINAL)
        dest = self.table_dir(round_no, name)
        if os.path.abspath(dest) == os.path.abspath(folder):
            report.same.append(t("tour.import.same", label=label))
            return
        if rnd.closed:
            recorded = Outcome("over", tb.players, tb.points, tb.winner, tb.blocked)
            if theirs.status != "over" or not _same_result(theirs, recorded):
                report.conflicts.append(t("tour.import.closed_differs", label=label,
                                          here=_describe(recorded), there=_describe(theirs),
                                          folder=folder))
            else:
                report.same.append(t("tour.import.same", label=label))
            return
        if not os.path.isdir(dest):
            _copy_in(folder, dest, self.tables_dir)
            report.taken.append(t("tour.import.taken", label=label, result=_describe(theirs)))
            return
        ours = read_outcome(SaveFile(os.path.join(dest, _SERIES)), name == FINAL)
        if ours.status == "over" and theirs.status == "over":
            if _same_result(ours, theirs):
                report.same.append(t("tour.import.same", label=label))
            else:
                report.conflicts.append(t("tour.import.differs", label=label, table=name, here=_describe(ours),
                                          there=_describe(theirs), folder=folder))
            return
        if not ours.started:
            if not theirs.started:
                report.same.append(t("tour.import.same", label=label))
                return
            with SaveFile(os.path.join(dest, _SERIES)).lock():
                aside = _aside(dest)
                os.replace(dest, aside)
                _copy_in(folder, dest, self.tables_dir)
            report.taken.append(t("tour.import.taken", label=label, result=_describe(theirs)))
            return
        if not theirs.started:
            report.same.append(t("tour.import.ours_newer", label=label))
            return
        report.conflicts.append(t("tour.import.differs", label=label, table=name, here=_describe(ours),
                                  there=_describe(theirs), folder=folder))


class ImportReport:
    """What ``import_from`` did: sentences for tables ``taken``, the ``same`` as here,
    ``skipped`` (not this tournament's) and ``conflicts`` (reported, left untouched)."""

    __slots__ = ("taken", "same", "skipped", "conflicts")

    def __init__(self) -> None:
        self.taken: list[str] = []
        self.same: list[str] = []
        self.skipped: list[str] = []
        self.conflicts: list[str] = []

    def lines(self) -> list[str]:
        """Every sentence, conflicts last."""
        return self.taken + self.same + self.skipped + self.conflicts


# ---------------------------------------------------------------------------
# The tournament file's text
# ---------------------------------------------------------------------------

def render_tournament(data: dict[str, Any]) -> str:
    """The tournament file's TOML, laid out for a person: ``format`` first, one line
    per value where it fits (lists of names wrapped at 100 columns, points as an
    inline table), the withdrawals and lots one per line, then a ``[[rounds]]``
    block per round and a ``[[rounds.tables]]`` block per table.  None values
    are dropped.  The values are the store's (``store._clean``), so the file
    reads back with ``tomllib`` as the store's own files do.
    """
    from referee.store import FORMAT, _clean
    body = _clean({k: v for k, v in data.items() if k != "format"}, [])
    out = [f"format = {FORMAT}\n"]
    _render_block(body, "", out)
    return "".join(out)


def _render_block(table: dict[str, Any], name: str, out: list[str]) -> None:
    from referee.store import _toml_key
    blocks = []
    for key, value in table.items():
        if type(value) is list and value and all(type(v) is dict for v in value):
            if any(type(x) in (list, dict) for v in value for x in v.values()):
                blocks.append((key, value))
                continue
            lines = "".join(f"    {_inline_flat(item)},\n" for item in value)
            out.append(f"{_toml_key(key)} = [\n{lines}]\n")
        else:
            out.append(f"{_toml_key(key)} = {_value(value)}\n")
    for key, items in blocks:
        full = f"{name}.{_toml_key(key)}" if name else _toml_key(key)
        for item in items:
            out.append(f"\n[[{full}]]\n")
            _render_block(item, full, out)


def _inline_flat(item: dict[str, Any]) -> str:
    from referee.store import _toml_key
    return "{ " + ", ".join(f"{_toml_key(k)} = {_value(v)}" for k, v in item.items()) + " }"


def _value(value: Any) -> str:
    """A cleaned value on one line (a long list of scalars wrapped, 4 spaces in)."""
    from referee.store import _literal, _toml_key
    if type(value) is dict:
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_toml_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    if type(value) is list:
        parts = [_value(v) for v in value]
        one = "[" + ", ".join(parts) + "]"
        if len(one) <= 88:
            return one
        lines, line = [], ""
        for part in parts:
            if line and len(line) + len(part) + 2 > 96:
                lines.append(line)
                line = ""
            line = f"{line} {part}," if line else f"{part},"
        lines.append(line)
        return "[\n" + "".join(f"    {x}\n" for x in lines) + "]"
    return _literal(value)


# ---------------------------------------------------------------------------
# Reading a table
# ---------------------------------------------------------------------------

def read_outcome(save: SaveFile, final: bool = False) -> Outcome:
    """A table's Outcome from its series file, read without replaying anything.

    A round's table is over once its series has a winner (one hand, R7.5):
    its hand's winner is the player with a win, none when it was blocked.
    Speed by design (``tournament show`` reads every table of a round, 167 of
    them for 1,000 players): only the series header's standings are parsed,
    not the rule set copied below them (``_read_head``), and a hand's file
    only while the hand has no result, up to its entries.  Anything that does
    not read that way (a hand-edited file, a series being settled) goes
    through ``session.read_standings``, which reports what is wrong.
    """
    if not save.exists():
        return ABSENT
    head = _read_head(os.fspath(save.path), "\n[rules")
    outcome = _outcome_of(head, save, final) if head is not None and "settling" not in head else None
    if outcome is not None:
        return outcome
    from referee.session import read_standings
    series, started = read_standings(save)
    recs = series.records
    return _make_outcome(final, series.players, {p: recs[p].total for p in series.players},
                         {p: recs[p].wins for p in series.players},
                         [p for p in series.players if recs[p].left], series.winners,
                         series.hands_scored, started)


def _outcome_of(head: dict[str, Any], save: SaveFile, final: bool) -> Outcome | None:
    try:
        players = [str(p) for p in head["players"]]
        records = {str(r["name"]): r for r in head["records"]}
        points = {p: int(records[p].get("total", 0)) for p in players}
        wins = {p: int(records[p].get("wins", 0)) for p in players}
        left = [p for p in players if records[p].get("left")]
        winners = [str(w) for w in head.get("winners", [])]
        hands = int(head.get("hands_scored", 0))
        started = bool(hands) or bool(head.get("hand_scored"))
        if not winners and not started:
            number = int(head["hand"])
            hand = _read_head(os.fspath(save.hand_path(number)), "\nentries = [", "\n[result")
            if hand is None:
                return None  # unreadable, or scored but the series not yet settled
            started = hand.get("status", "waiting") != "waiting"
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return _make_outcome(final, players, points, wins, left, winners, hands, started)


def _make_outcome(final: bool, players: list[str], points: dict[str, int], wins: dict[str, int],
                  left: list[str], winners: list[str], hands: int, started: bool) -> Outcome:
    over = bool(winners)
    status = "over" if over else ("playing" if started or hands else "waiting")
    if final:
        return Outcome(status, players, points, winners[0] if over else None, False, left,
                       winners, hands)
    winner = next((p for p in players if wins[p]), None) if over else None
    return Outcome(status, players, points, winner, over and winner is None, left, winners, hands)


def _read_head(path: str, cut: str, absent: str | None = None) -> dict[str, Any] | None:
    """The TOML of ``path`` up to the line starting ``cut`` (all of it without one);
    None when the file is missing, holds ``absent``, or that part does not parse."""
    import tomllib
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    if absent is not None and absent in text:
        return None
    at = text.find(cut)
    try:
        return tomllib.loads(text if at < 0 else text[:at + 1])
    except tomllib.TOMLDecodeError:
        return None


def _same_result(a: Outcome, b: Outcome) -> bool:
    return a.winner == b.winner and a.points == b.points


def _describe(o: Outcome) -> str:
    if o.status != "over":
        return t("tour.import.no_result")
    pts = points_text(o.points)
    if o.winner is None:
        return t("tour.import.blocked", points=pts)
    return t("tour.import.result", winner=o.winner, points=pts)


def _table_list(rnd: Round) -> str:
    return ", ".join(tb.name for tb in rnd.tables)


def _read_ticket(folder: str) -> dict[str, Any] | None:
    path = os.path.join(folder, _TICKET)
    if not os.path.isfile(path):
        return None
    return SaveFile(path).read_series()


def _write_atomic(path: str, data: bytes) -> None:
    from referee.store import _atomic_write
    _atomic_write(path, data)


def _conflict_copies(folder: str) -> list[str]:
    out = []
    for where in (folder, os.path.join(folder, "series.hands")):
        try:
            with os.scandir(where) as entries:
                out += [e.name for e in entries if "conflict" in e.name.lower()]
        except (FileNotFoundError, NotADirectoryError):
            continue
    return sorted(out)


def _find_tables(source: str) -> list[str]:
    """Table folders (holding ``table.toml``) at ``source``, two levels deep at most."""
    source = os.path.expanduser(source)
    if os.path.isfile(source):
        name = os.path.basename(source)
        stem = name[:-5] if name.lower().endswith(".toml") else name
        if name == _TICKET:
            return [os.path.dirname(source) or "."]
        source = os.path.join(os.path.dirname(source), stem + ".tables")
    found: list[str] = []

    def visit(folder: str, depth: int) -> None:
        if os.path.isfile(os.path.join(folder, _TICKET)):
            found.append(folder)
            return
        if depth == 0:
            return
        try:
            with os.scandir(folder) as entries:
                subs = sorted(e.path for e in entries if e.is_dir() and not e.name.startswith(".")
                              and ".before-import-" not in e.name)
        except OSError:
            return
        for sub in subs:
            visit(sub, depth - 1)

    visit(source, 2)
    return found


def _copy_in(src: str, dest: str, tables_dir: str) -> None:
    """Copy a table's folder to ``dest`` all at once: into a hidden folder, then renamed."""
    os.makedirs(tables_dir, exist_ok=True)
    tmp = os.path.join(tables_dir, f".import-{os.getpid()}-{os.path.basename(dest)}")
    shutil.rmtree(tmp, ignore_errors=True)
    ignore = shutil.ignore_patterns("*.lock", ".*.tmp")
    shutil.copytree(src, tmp, ignore=ignore)
    for root, _dirs, files in os.walk(tmp):
        for f in files:
            fd = os.open(os.path.join(root, f), os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    os.replace(tmp, dest)


def _aside(dest: str) -> str:
    """A free name beside ``dest`` to keep an old folder under (nothing is deleted)."""
    n = 1
    while os.path.exists(f"{dest}.before-import-{n}"):
        n += 1
    return f"{dest}.before-import-{n}"
