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
    cup.kept/                         versions set aside: a table's folder replaced by
                                      import, an imported version in conflict, the
                                      versions not kept when a conflict was settled

A table's folder is made the first time ``play --table T`` or ``score --table
T`` is run for it, by whichever laptop does so, from what the tournament file
says (players, dealer), so the director never writes a table's files and a
folder kept by an ordinary sync tool has one writer per file.  Before its
first entry a table is dealt again when the tournament file has changed its
players (a withdrawal, a move).  ``import`` brings in a table's folder from
elsewhere; a table that arrives twice with different results is a conflict,
never merged.  So is a sync tool's conflict copy, of a file in a table's
folder (a name with ``conflict`` in it) or of the whole folder (any entry of
the tables folder that names a table and is not its folder), and a
half-synced folder whose series file and hand disagree.  A conflict is
recorded in the tournament file (``Conflict``: what each version says, where
it came from) until ``settle`` keeps one version and sets the others aside
in ``cup.kept/`` (nothing is deleted); while one is open ``tournament next``
refuses.  A folder with a series file but not its hands, or hands without a
series file, is incomplete: neither scored nor "not begun".

Every problem is a ``SaveError`` (unreadable or busy files) or a
``TournamentError`` (the bracket refuses); nothing is written then.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

from referee.messages import t
from referee.series.store import SaveError, SaveFile, atomic_write, os_reason
from referee.engine.rules import HouseRules
from referee.tournament.bracket import (ABSENT, FINAL, Conflict, Outcome, Round, Tournament,
                                TournamentError, Version, describe_result, table_label,
                                table_rules)

__all__ = ["DEFAULT_TOURNAMENT", "TournamentFiles", "ImportReport", "Scan", "copy_in"]

DEFAULT_TOURNAMENT = "tournament.toml"
KIND = "tournament"
_SERIES = "series.toml"
_TICKET = "table.toml"


def _folder_name(round_no: int, table: str) -> str:
    return f"round-{round_no}-final" if table == FINAL else f"round-{round_no}-table-{table}"




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
        self.base = os.path.dirname(self.path) or "."
        self.tables_dir = os.path.join(self.base, stem + ".tables")
        self.kept_dir = os.path.join(self.base, stem + ".kept")
        self.created: Any = None  # the tournament's creation time, once loaded
        # Its display settings, once loaded or given: its own language (``tournament new
        # --lang``: ``display.lang``), which its commands and its tables' series speak.
        self.display: dict[str, Any] | None = None
        # The rule set it was started with (``tournament new --rules``: its ``[rules]``),
        # once loaded or given; None: the tournament preset (R8.6).
        self.rules: HouseRules | None = None

    def table_rules(self, final: bool) -> HouseRules:
        """The rule set a table plays (R8.6, ``bracket.table_rules``) under the
        tournament's rules: those it was started with, else the tournament preset."""
        from referee.series.presets import load_rules
        return table_rules(self.rules or load_rules("tournament"), final)

    def rel(self, path: str) -> str:
        """``path`` as a tournament file records it: relative to its folder, ``/``-separated."""
        return os.path.relpath(path, self.base).replace(os.sep, "/")

    def full(self, rel: str) -> str:
        """The inverse of ``rel``: the path on this machine."""
        return os.path.normpath(os.path.join(self.base, *rel.split("/")))

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
        display = data.get("display")
        self.display = display if isinstance(display, dict) else None
        from referee.series.session import saved_rules, speak_series_language
        speak_series_language(data)
        self.rules = saved_rules(self.save, data) if "rules" in data else None
        try:
            return Tournament.from_dict(data)
        except TournamentError as exc:
            raise self._error_at(exc.at, exc.message) from None

    def _error_at(self, at: list[str | int] | None, what: str) -> SaveError:
        """A SaveError naming the tournament file and the line of ``at`` (a key path:
        a block, ``["rounds", 2, "tables", 1]``, or a key in one, ``[..., "winner"]``)."""
        line = _locate_block(self.path, at or [])
        if at and isinstance(at[-1], str) and len(at) > 1:
            from referee.series.store import key_line
            line = key_line(self.path, at) or line
        return SaveError.at(self.path, None, what, line=line)

    def write(self, tour: Tournament) -> None:
        """Save the tournament atomically (the previous version kept as ``.bak``), with
        the time it was created (as ``load`` read it, else now) and updated, in UTC.
        Raises SaveBusy when another process holds its lock, SaveError when it
        cannot be written, or when what would be written does not read back as
        this tournament (the old file is then unchanged)."""
        from referee.series.session import utcnow
        data: dict[str, Any] = {"kind": KIND}
        data["created"] = self.created or utcnow()
        data["updated"] = utcnow()
        if self.display:
            data["display"] = dict(self.display)
        rules = None
        if self.rules is not None:
            from referee.series.session import RULES_SUM, rules_sum
            rules = {"name": self.rules.name, **self.rules.to_table()}
            data[RULES_SUM] = rules_sum(rules)
        data.update(tour.to_dict())
        text = render_tournament(data)
        if rules is not None:
            import tomli_w  # only writers need it

            from referee.series.store import clean_for_toml
            data["rules"] = rules
            text += "\n" + tomli_w.dumps(clean_for_toml({"rules": rules}, []))
        _check_reads_back(self.path, text, data)
        payload = text.encode("utf-8")
        try:
            with self.save.lock():
                atomic_write(self.path, payload)
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
        """Outcome of every table of the current round that has players (``scan``'s)."""
        return self.scan(tour).outcomes

    def scan(self, tour: Tournament) -> "Scan":
        """Read every table of the current round and check it (R8.6: one result a table).

        Each table's result is read from its series file and checked against
        the rest of its folder: its hand's own result (a mismatch is a
        ``half`` conflict), a sync tool's conflict copy of a file in it or of
        the whole folder (``copy``), hands missing or a series file missing
        (incomplete: the outcome's status is ``"incomplete"``).  The players
        its series seats must be those the tournament file seats there
        (withdrawn players aside): else SaveError naming the file's line.
        Nothing is written.
        """
        from referee.series.session import utcnow
        rnd = tour.current
        scan = Scan()
        if rnd.closed:
            return scan
        now = utcnow()
        self._check_tables_dir()
        entries = _entries(self.tables_dir)
        out = set(tour.withdrawn)
        for j, tb in enumerate(rnd.tables, 1):
            if not tb.players:
                continue
            folder = self.table_dir(rnd.number, tb.name)
            save = SaveFile(os.path.join(folder, _SERIES))
            final = tb.name == FINAL
            missing = _missing(save)
            outcome = read_outcome(save, final) if missing is None else ABSENT
            if missing is None and final and outcome.hands > 1:
                missing = _missing(save, outcome.hands)
            if missing:
                scan.outcomes[tb.name] = Outcome("incomplete", tb.players)
                scan.incomplete.append({"round": rnd.number, "table": tb.name,
                                        "folder": self.rel(folder), "missing": missing})
                continue
            scan.outcomes[tb.name] = outcome
            if outcome is not ABSENT:
                _check_ticket(folder, tour, rnd.number, tb.name, outcome.players)
            if outcome.started and set(outcome.players) - out != set(tb.players) - out:
                raise self._error_at(["rounds", rnd.number, "tables", j], t(
                    "tour.bad_record", table=table_label(tb.name), round=rnd.number,
                    listed=", ".join(tb.players), seated=", ".join(outcome.players),
                    file=self.rel(str(save.path))))
            here = Version.of(self.rel(folder), "here", outcome)
            name = os.path.basename(folder)
            for entry in entries:
                if entry != name and _names_table(entry, name):
                    copy = os.path.join(self.tables_dir, entry)
                    if _same_bytes(folder, copy):
                        continue   # a copy byte for byte: it says nothing else
                    theirs = _outcome_at(os.path.join(copy, _SERIES), final)
                    scan.found.append(Conflict(rnd.number, tb.name, "copy", now, [
                        here, Version.of(self.rel(copy), "copy", theirs)]))
            for where, copy in _conflict_copies(folder):
                original = _original_of(where, copy)
                if original is None or _same_bytes(original, os.path.join(where, copy)):
                    continue
                scan.found.append(Conflict(rnd.number, tb.name, "copy", now, [
                    self._file_version(original, "here", final),
                    self._file_version(os.path.join(where, copy), "copy", final)]))
            if not final and outcome.status == "over":
                hand = _hand_result(str(save.hand_path(1)))
                if hand is None or not _same_result(outcome, hand):
                    scan.found.append(Conflict(rnd.number, tb.name, "half", now, [
                        Version.of(self.rel(str(save.path)), "series", outcome),
                        Version.of(self.rel(str(save.hand_path(1))), "hand", hand or ABSENT)]))
            elif final and outcome.hands:
                hands = _final_from_hands(save, outcome, self.table_rules(True))
                if hands is None or not _same_result(outcome, hands) or hands.status != outcome.status:
                    scan.found.append(Conflict(rnd.number, tb.name, "half", now, [
                        Version.of(self.rel(str(save.path)), "series", outcome),
                        Version.of(self.rel(str(save.hands_dir)), "hands", hands or ABSENT)]))
        return scan

    def _check_tables_dir(self) -> None:
        """SaveError when the tables' folder is there but is not a folder (every
        table would otherwise read as not begun)."""
        if os.path.lexists(self.tables_dir) and not os.path.isdir(self.tables_dir):
            raise SaveError(t("tour.file.tables_not_folder", folder=self.tables_dir,
                              file=self.path), file=self.tables_dir)

    def _file_version(self, path: str, source: str, final: bool) -> Version:
        """The Version of one file of a table: a series file or a hand's file."""
        if os.path.basename(os.path.dirname(path)) == "series.hands":
            return Version.of(self.rel(path), source, _hand_result(path) or ABSENT)
        return Version.of(self.rel(path), source, _outcome_at(path, final))

    def open_table(self, tour: Tournament, name: str, play: bool = False) -> SaveFile:
        """The series file for ``play/score --table NAME``, made or dealt again if need be.

        A table not yet begun is dealt from the tournament file (its players,
        less those withdrawn, and its drawn dealer) under the tournament rules
        (R8.6).  Raises TournamentError when the table is not one of the
        current round, is a bye or empty, or the tournament is over, and with
        ``play`` when the table has its result (``score --hand 1`` still
        corrects it), and when its folder is incomplete (hands without a series
        file, or the reverse: nothing is dealt over them); SaveError when the
        folder belongs to another tournament or cannot be written.
        """
        rnd = tour.current
        if tour.over:
            raise TournamentError("tour.refuse.over", champion=tour.champion or "-")
        tb = rnd.table(name)
        if tb is None:
            raise TournamentError("tour.refuse.no_table", exit_code=2, table=name.strip(), round=rnd.number,
                                  tables=_table_list(rnd))
        if tb.bye:
            raise TournamentError("tour.refuse.no_hand_bye", table=table_label(tb.name),
                                  name=tb.players[0])
        players = [p for p in tb.players if p not in tour.withdrawn]
        if not players:
            raise TournamentError("tour.refuse.no_hand_empty", table=table_label(tb.name))
        if len(players) < 2:
            raise TournamentError("tour.refuse.no_hand_alone", table=table_label(tb.name),
                                  name=players[0])
        self._check_tables_dir()
        folder = self.table_dir(rnd.number, tb.name)
        save = SaveFile(os.path.join(folder, _SERIES))
        from referee.series.store import is_read_only
        for where in (folder, os.path.join(folder, _SERIES), os.path.join(folder, "series.hands"),
                      self.tables_dir):
            if os.path.exists(where) and is_read_only(where):
                raise SaveError(t("tour.file.table_read_only", folder=where,
                                  table=table_label(tb.name)), file=where)
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise SaveError(t("store.unwritable", file=folder, reason=os_reason(exc)),
                            file=folder) from None
        with save.lock():
            missing = _missing(save)
            if missing:  # never dealt anew over hands that are here, nor played without them
                raise TournamentError(f"tour.incomplete.{missing}", table=table_label(tb.name),
                                      round=rnd.number, folder=self.rel(folder))
            ticket = _read_ticket(folder)
            if ticket is not None and ticket.get("tournament") != tour.id:
                raise SaveError(t("tour.file.other_tournament", folder=folder), file=folder)
            if save.exists():
                outcome = read_outcome(save, tb.name == FINAL)
                if ticket is not None:
                    _check_ticket(folder, tour, rnd.number, tb.name, outcome.players)
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
        from referee.series.session import OpenSeries
        from referee.series.store import render
        ticket = {"format": 1, "kind": "tournament-table", "tournament": tour.id,
                  "round": rnd.number, "table": name, "players": players}
        atomic_write(os.path.join(folder, _TICKET), render(ticket).encode("utf-8"))
        dealer = dealer if dealer in players else players[0]
        lang = (self.display or {}).get("lang")
        OpenSeries.create(save, players, self.table_rules(rnd.final), dealer,
                     display={"lang": lang} if lang else None)

    # -- settling a conflict -----------------------------------------------------
    def version_path(self, conflict: Conflict, given: str) -> str:
        """The recorded path of the version of ``conflict`` that ``given`` names (as
        typed: relative to here or to the tournament's folder, or absolute); the
        path as given when none matches (``Conflict.begin`` then refuses)."""
        for v in conflict.versions:
            full = self.full(v.path)
            for candidate in (given, os.path.join(self.base, given)):
                if os.path.abspath(os.path.expanduser(candidate)).rstrip(os.sep) == \
                        os.path.abspath(full).rstrip(os.sep):
                    return v.path
            if given.replace(os.sep, "/").rstrip("/") == v.path:
                return v.path
        return given

    def plan(self, conflict: Conflict, kept: str) -> list[list[str]]:
        """The steps that keep the version at ``kept`` and set the others aside in
        ``cup.kept/`` (nothing is deleted): ``["move", src, dst]``, ``["copy",
        src, dst]`` (a folder or a file), ``["settle", series]`` (its header
        settled again from its hands), ``["correct", series]`` (its hand 1
        corrected to what its header says), paths as the tournament records
        them.  A correction the table refuses (R7.2: the cards held say
        otherwise) raises TournamentError here, before anything is done."""
        table_folder = self.rel(self.table_dir(conflict.round, conflict.table))
        kept_table = self.rel(os.path.join(self.kept_dir, os.path.basename(
            self.table_dir(conflict.round, conflict.table))))
        others = [v for v in conflict.versions if v.path != kept]
        keep = conflict.version(kept)
        steps: list[list[str]] = []
        if conflict.kind == "half":
            series = next(v.path for v in conflict.versions if v.source == "series")
            for v in others:
                name = v.path.rsplit("/", 1)[-1]
                steps.append(["copy", v.path, self.rel(_aside(self.full(f"{kept_table}/{name}"),
                                                              "settled"))])
            if keep is not None and keep.source == "series" and conflict.table == FINAL:
                raise TournamentError("tour.settle.final_series", path=others[0].path)
            if keep is not None and keep.source == "series":
                step = ["correct", series, keep.winner or "",
                        ";".join(f"{p}={v}" for p, v in keep.points.items())]
                self._trial_correction(step)
                steps.append(step)
            else:
                steps.append(["settle", series])
            return steps
        own = next(v.path for v in conflict.versions if v.source == "here")
        file_level = own != table_folder
        aside_dir = kept_table if file_level else self.rel(self.kept_dir)
        if kept == own:
            for v in others:
                if v.source != "imported":  # an imported version is in cup.kept already
                    name = v.path.rsplit("/", 1)[-1]
                    steps.append(["move", v.path, self.rel(_aside(self.full(f"{aside_dir}/{name}"),
                                                                  "settled"))])
            return steps
        name = own.rsplit("/", 1)[-1]
        steps.append(["move", own, self.rel(_aside(self.full(f"{aside_dir}/{name}"), "settled"))])
        steps.append(["copy" if keep is not None and keep.source == "imported" else "move",
                      kept, own])
        for v in others:
            if v.path != own and v.source != "imported":
                other = v.path.rsplit("/", 1)[-1]
                steps.append(["move", v.path, self.rel(_aside(self.full(f"{aside_dir}/{other}"),
                                                              "settled"))])
        if file_level and "/series.hands/" in own:  # the header follows the hand kept
            steps.append(["settle", f"{table_folder}/{_SERIES}"])
        return steps

    def refresh(self, conflict: Conflict) -> None:
        """Read again what each version of ``conflict`` says, from the files as they are
        now (a table may have been corrected since it was recorded); a version no
        longer there keeps what was recorded."""
        final = conflict.table == FINAL
        fresh = []
        for v in conflict.versions:
            path = self.full(v.path)
            if v.source == "hands":  # the final's hands, replayed
                save = SaveFile(os.path.join(os.path.dirname(path), _SERIES))
                series = _outcome_at(os.fspath(save.path), True)
                again = (_final_from_hands(save, series, self.table_rules(True)) if series.hands
                         else None)
                fresh.append(v if again is None else Version.of(v.path, v.source, again, v.origin))
            elif os.path.isdir(path):
                outcome = _outcome_at(os.path.join(path, _SERIES), final)
                fresh.append(Version.of(v.path, v.source, outcome, v.origin))
            elif os.path.isfile(path):
                again = self._file_version(path, v.source, final)
                fresh.append(Version(v.path, v.source, again.status, again.winner, again.points,
                                     v.origin))
            else:
                fresh.append(v)
        conflict.versions = fresh

    def settle(self, tour: Tournament, conflict: Conflict, given: str, by: str, at: Any) -> None:
        """Settle ``conflict`` (one of ``tour``'s, the tournament's lock held) keeping the
        version ``given`` names (``version_path``), ``by`` whom, ``at`` when.

        What each version says is read again (``refresh``), the plan made
        (``plan``), the conflict written as settling with its plan, the plan
        carried out, then the conflict written as settled: a crash at any
        moment leaves it settling, and the next writer finishes it
        (``finish_settling``).  The table's own lock is held throughout (SaveBusy
        while the table is being played or scored).  TournamentError (nothing
        written) when ``given`` is none of its versions or the table refuses the
        result kept.
        """
        from contextlib import nullcontext
        table = self.table_save(conflict.round, conflict.table)
        with table.lock() if os.path.isdir(os.path.dirname(table.path)) else nullcontext():
            kept = self.version_path(conflict, given)
            self.refresh(conflict)
            conflict.begin(kept, by, at, [])
            conflict.plan = self.plan(conflict, kept)
            self.write(tour)
            self.carry_out(conflict.plan)
            conflict.finish()
            self.write(tour)

    def _trial_correction(self, step: list[str]) -> None:
        """Do a ``correct`` step on a copy of the table's folder, to see that the table
        takes it; TournamentError (the table's own reason) when it does not."""
        import tempfile
        folder = os.path.dirname(self.full(step[1]))
        with tempfile.TemporaryDirectory(prefix=".settle-") as tmp:
            trial = os.path.join(tmp, "table")
            shutil.copytree(folder, trial, ignore=shutil.ignore_patterns("*.lock"))
            _correct(os.path.join(trial, _SERIES), step[2:])

    def carry_out(self, steps: list[list[str]]) -> None:
        """Do the steps of a plan (``plan``); each is done at most once, so a plan cut
        short (a crash) is finished by carrying it out again."""
        for step in steps:
            op, src = step[0], self.full(step[1])
            if op == "move":
                _move(src, self.full(step[2]))
            elif op == "copy":
                dst = self.full(step[2])
                if os.path.exists(dst) or not os.path.exists(src):
                    continue
                if os.path.isdir(src):
                    copy_in(src, dst, os.path.dirname(dst))
                else:
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    with open(src, "rb") as f:
                        atomic_write(dst, f.read())
            elif op == "settle":
                _settle_from_hands(src)
            elif op == "correct":
                _correct(src, step[2:])

    def finish_settling(self, tour: Tournament) -> bool:
        """Carry out the plan of every conflict left ``settling`` (a settle cut short) and
        mark it settled; -> True when there was one (the caller writes the tournament)."""
        left = [c for c in tour.conflicts if c.state == "settling"]
        for c in left:
            self.carry_out(c.plan)
            c.finish()
        return bool(left)

    # -- import -------------------------------------------------------------------
    def import_from(self, tour: Tournament, source: str) -> "ImportReport":
        """Bring in the tables' folders found at ``source`` (a table's folder, a tables
        folder, a tournament file or the folder holding one).

        A table not here yet is copied in; one here already with the same result
        is left as it is; one here that has not begun is replaced (the old folder
        kept aside in ``cup.kept/``); one whose result differs, or that was
        begun here too, is a conflict: reported, copied into ``cup.kept/`` as
        it came, and given in ``recorded``; the table here is left untouched.
        """
        report = ImportReport()
        found = _find_tables(source)
        if not found:
            raise SaveError(t("tour.import.nothing", source=source), file=source)
        others = 0
        for folder in found:
            if (_read_ticket(folder) or {}).get("tournament") != tour.id:
                others += 1
            self._import_one(tour, folder, report)
        report.only_other = others == len(found)
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
            settled = next((c for c in tour.conflicts if c.state == "settled" and c.round == round_no
                            and c.table == name and any(v.path != c.kept and _same_result(v, theirs)
                                                        for v in c.versions)), None)
            if settled is not None and theirs.status == "over":
                report.same.append(t("tour.import.settled_before", label=label, by=settled.by or "-",
                                     at=str(settled.at or "-")))
            elif theirs.status != "over" or not _same_result(theirs, recorded):
                report.conflicts.append(t("tour.import.closed_differs", label=label,
                                          here=_describe(recorded), there=_describe(theirs),
                                          folder=folder))
            else:
                report.same.append(t("tour.import.same", label=label))
            return
        if not os.path.isdir(dest):
            copy_in(folder, dest, self.tables_dir)
            report.taken.append(t("tour.import.taken", label=label, result=_describe(theirs)))
            return
        ours = read_outcome(SaveFile(os.path.join(dest, _SERIES)), name == FINAL)
        if ours.status == "over" and theirs.status == "over":
            if _same_result(ours, theirs):
                report.same.append(t("tour.import.same", label=label))
            else:
                self._import_conflict(tour, round_no, name, dest, folder, ours, theirs, report)
            return
        if not ours.started:
            if not theirs.started:
                report.same.append(t("tour.import.same", label=label))
                return
            with SaveFile(os.path.join(dest, _SERIES)).lock():
                aside = _aside(os.path.join(self.kept_dir, os.path.basename(dest)))
                _move(dest, aside)
                copy_in(folder, dest, self.tables_dir)
            report.taken.append(t("tour.import.taken", label=label, result=_describe(theirs)))
            return
        if not theirs.started:
            report.same.append(t("tour.import.ours_newer", label=label))
            return
        self._import_conflict(tour, round_no, name, dest, folder, ours, theirs, report)

    def _import_conflict(self, tour: Tournament, round_no: int, name: str, dest: str, folder: str,
                         ours: Outcome, theirs: Outcome, report: "ImportReport") -> None:
        """A table imported whose result differs from the one here: its folder is copied
        into the kept folder (``cup.kept/round-R-table-T.import-N``) and the conflict
        added to ``report.recorded`` (for the caller to record); here is untouched.
        The same version imported again is not copied a second time."""
        from referee.series.session import utcnow
        origin = self.rel(os.path.abspath(folder))
        for c in tour.open_conflicts():
            if c.round == round_no and c.table == name and any(
                    v.origin == origin and _same_result(v, theirs) for v in c.versions):
                report.conflicts.append(c.text())
                return
        n = 1
        while os.path.exists(os.path.join(self.kept_dir, f"{os.path.basename(dest)}.import-{n}")):
            n += 1
        kept = os.path.join(self.kept_dir, f"{os.path.basename(dest)}.import-{n}")
        copy_in(folder, kept, self.kept_dir)
        conflict = Conflict(round_no, name, "import", utcnow(), [
            Version.of(self.rel(dest), "here", ours),
            Version.of(self.rel(kept), "imported", theirs, origin=origin)])
        report.recorded.append(conflict)
        report.conflicts.append(conflict.text())


class Scan:
    """What ``TournamentFiles.scan`` found: ``outcomes`` (table name -> Outcome),
    ``found`` (Conflicts seen in the files), ``incomplete`` (``{round, table,
    folder, missing}``, ``missing`` ``"hands"`` or ``"series"``)."""

    __slots__ = ("outcomes", "found", "incomplete")

    def __init__(self) -> None:
        self.outcomes: dict[str, Outcome] = {}
        self.found: list[Conflict] = []
        self.incomplete: list[dict[str, Any]] = []


class ImportReport:
    """What ``import_from`` did: sentences for tables ``taken``, the ``same`` as here,
    ``skipped`` (not this tournament's) and ``conflicts`` (reported, left untouched);
    ``recorded``: the Conflicts for the caller to record in the tournament;
    ``only_other``: every table found belongs to other tournaments."""

    __slots__ = ("taken", "same", "skipped", "conflicts", "recorded", "only_other")

    def __init__(self) -> None:
        self.taken: list[str] = []
        self.same: list[str] = []
        self.skipped: list[str] = []
        self.conflicts: list[str] = []
        self.recorded: list[Conflict] = []
        self.only_other = False

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
    are dropped.  The values are the store's (``store.clean_for_toml``), so the file
    reads back with ``tomllib`` as the store's own files do.
    """
    from referee.series.store import FORMAT, clean_for_toml
    body = clean_for_toml({k: v for k, v in data.items() if k != "format"}, [])
    out = [f"format = {FORMAT}\n"]
    _render_block(body, "", out)
    return "".join(out)


def _render_block(table: dict[str, Any], name: str, out: list[str]) -> None:
    from referee.series.store import toml_key
    blocks = []
    for key, value in table.items():
        if type(value) is list and value and all(type(v) is dict for v in value):
            if any(type(x) in (list, dict) for v in value for x in v.values()):
                blocks.append((key, value))
                continue
            lines = "".join(f"    {_inline_flat(item)},\n" for item in value)
            out.append(f"{toml_key(key)} = [\n{lines}]\n")
        else:
            out.append(f"{toml_key(key)} = {_value(value)}\n")
    for key, items in blocks:
        full = f"{name}.{toml_key(key)}" if name else toml_key(key)
        for item in items:
            out.append(f"\n[[{full}]]\n")
            _render_block(item, full, out)


def _inline_flat(item: dict[str, Any]) -> str:
    from referee.series.store import toml_key
    return "{ " + ", ".join(f"{toml_key(k)} = {_value(v)}" for k, v in item.items()) + " }"


def _value(value: Any) -> str:
    """A cleaned value on one line (a long list of scalars wrapped, 4 spaces in)."""
    from referee.series.store import toml_literal, toml_key
    if type(value) is dict:
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
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
    return toml_literal(value)


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
    from referee.series.session import read_standings
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
    # R1.5: a player who left a round's one hand does not score it; the hand's file
    # lists them apart (``left``), and so does its series' outcome.
    points = {p: v for p, v in points.items() if p not in left}
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
    return describe_result(o.status, o.winner, o.points)


def _table_list(rnd: Round) -> str:
    return ", ".join(tb.name for tb in rnd.tables)


def _read_ticket(folder: str) -> dict[str, Any] | None:
    path = os.path.join(folder, _TICKET)
    if not os.path.isfile(path):
        return None
    return SaveFile(path).read_series()


def _check_ticket(folder: str, tour: Tournament, round_no: int, name: str,
                  seated: Any) -> None:
    """A table's ``table.toml`` (when there is one) says what its folder is: this
    tournament, round ``round_no``, table ``name``, and the players its series
    seats (``seated``); SaveError at the line of the value that does not (an
    edit), nothing believed over the folder's place and its series."""
    ticket = _read_ticket(folder)
    if ticket is None:
        return
    path = os.path.join(folder, _TICKET)
    expected = {"kind": "tournament-table", "tournament": tour.id, "round": round_no,
                "table": name, "players": list(seated)}
    for key, value in expected.items():
        found = ticket.get(key)
        if found != value or type(found) is not type(value):
            from referee.series.store import clean_for_toml
            raise SaveFile(path).error_at(None, [key], t(
                "tour.file.ticket_disagrees", key=key,
                found=_value(clean_for_toml(found, [key])) if found is not None else "-",
                expected=_value(value), folder=folder))


def _same_bytes(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` (two files, or two folders and what they hold, lock
    files and the hands' derived index aside) are the same byte for byte."""
    import filecmp
    if os.path.isfile(a) and os.path.isfile(b):
        return filecmp.cmp(a, b, shallow=False)
    if not (os.path.isdir(a) and os.path.isdir(b)):
        return False

    def files(top: str) -> set[str]:
        out = set()
        for root, _dirs, names in os.walk(top):
            for n in names:
                if not n.endswith(".lock") and n != "index.json":
                    out.add(os.path.relpath(os.path.join(root, n), top))
        return out

    mine, theirs = files(a), files(b)
    return mine == theirs and all(filecmp.cmp(os.path.join(a, f), os.path.join(b, f), shallow=False)
                                  for f in mine)


def _conflict_copies(folder: str) -> list[tuple[str, str]]:
    """(folder, name) of each sync tool's conflict copy in a table's folder or its hands."""
    out = []
    for where in (folder, os.path.join(folder, "series.hands")):
        out += [(where, name) for name in _entries(where) if "conflict" in name.lower()]
    return out


def _entries(folder: str) -> list[str]:
    """The names in ``folder`` (sorted; none when it is missing), hidden ones left out."""
    try:
        with os.scandir(folder) as entries:
            return sorted(e.name for e in entries if not e.name.startswith("."))
    except (FileNotFoundError, NotADirectoryError):
        return []


def _names_table(entry: str, folder: str) -> bool:
    """True when ``entry`` of the tables folder names the table whose folder is
    ``folder`` (``round-2-table-2 (conflicted copy 2026-12-01)``, not ``round-2-table-20``)."""
    if not entry.startswith(folder) or ".before-import-" in entry:
        return False
    return len(entry) == len(folder) or not entry[len(folder)].isalnum()


def _original_of(where: str, copy: str) -> str | None:
    """The file that the conflict copy ``copy`` in ``where`` is a copy of: the one whose
    name without ``.toml`` begins the copy's name (the longest such), or None."""
    names = [n for n in _entries(where) if n.endswith(".toml") and "conflict" not in n.lower()]
    stems = [n for n in names if copy.startswith(n[:-5]) and copy != n]
    return os.path.join(where, max(stems, key=len)) if stems else None


def _missing(save: SaveFile, hands: int = 1) -> str | None:
    """``"series"`` when a table's folder has hands but no series file, ``"hands"`` when
    it has a series file but not the files of its hands 1 to ``hands``; None when it
    is whole (or absent).  One look at the folder for a round's table."""
    if not save.exists():
        return "series" if save.hand_numbers() else None
    if not all(save.hand_path(n).exists() for n in range(1, max(hands, 1) + 1)):
        return "hands"
    return None


def _outcome_at(path: str, final: bool) -> Outcome:
    """What the series file at ``path`` says (a copy, perhaps without its hands);
    an unreadable one says nothing (``ABSENT``)."""
    try:
        return read_outcome(SaveFile(path), final)
    except SaveError:
        return ABSENT


def _result_table(path: str) -> dict[str, Any] | None:
    """The ``[result]`` table of a hand's file (read from there on only), None without one."""
    import tomllib
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8-sig")
        at = text.find("\n[result")
        return None if at < 0 else dict(tomllib.loads(text[at + 1:])["result"])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return None


def _hand_result(path: str) -> Outcome | None:
    """The result in a hand's file as an Outcome (``"over"``), None without one."""
    result = _result_table(path)
    try:
        points = {str(k): int(v) for k, v in result["points"].items()} if result else None
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if points is None:
        return None
    winner = None if result.get("winner") is None else str(result["winner"])
    left = [str(p) for p in result.get("left", [])] if isinstance(result.get("left"), list) else []
    points = {p: v for p, v in points.items() if p not in left}  # R1.5: they do not score it
    return Outcome("over", list(points) + [p for p in left if p not in points], points, winner,
                   bool(result.get("blocked", False)), left)


def _final_from_hands(save: SaveFile, outcome: Outcome, rules: HouseRules) -> Outcome | None:
    """What the final's hands say once replayed (R7.4: the elimination series to 100),
    for its ``outcome.hands`` scored hands; None when a hand has no result or the
    results do not replay."""
    from referee.series.scoring import HandResult, ScoreError, replay_series
    head = _read_head(os.fspath(save.path), "\n[rules")
    results = [_result_table(os.fspath(save.hand_path(n))) for n in range(1, outcome.hands + 1)]
    if head is None or any(r is None for r in results):
        return None
    try:
        series, _ = replay_series(list(outcome.players), rules, str(head["first_dealer"]),
                                  [HandResult.from_dict(r) for r in results if r is not None])
    except (ScoreError, KeyError, TypeError, ValueError):
        return None
    recs = series.records
    return _make_outcome(True, series.players, {p: recs[p].total for p in series.players},
                         {p: recs[p].wins for p in series.players},
                         [p for p in series.players if recs[p].left], series.winners,
                         series.hands_scored, True)


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


def copy_in(src: str, dest: str, tables_dir: str) -> None:
    """Copy a table's folder ``src`` to ``dest`` all at once: into a hidden folder of
    ``tables_dir`` (created if missing), then renamed; OSError when a copy fails."""
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


def _aside(dest: str, why: str = "before-import") -> str:
    """A free name ``DEST.WHY-N`` to keep an old folder or file under (nothing is deleted)."""
    n = 1
    while os.path.exists(f"{dest}.{why}-{n}"):
        n += 1
    return f"{dest}.{why}-{n}"


def _move(src: str, dst: str) -> None:
    """Rename ``src`` to ``dst`` (its folder made if need be), the folder synced; done
    already (``dst`` there) or nothing to move (``src`` gone): nothing happens, so a
    move cut short is finished by doing it again."""
    if os.path.exists(dst) or not os.path.exists(src):
        return
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    os.replace(src, dst)
    from referee.series.store import fsync_dir
    fsync_dir(os.path.dirname(dst))
    fsync_dir(os.path.dirname(src))


def _locate_block(path: str, at: list[str | int]) -> int | None:
    """The line (from 1) in the tournament file of key path ``at``: a top-level key
    (``["seed"]``), the k-th ``[[rounds]]`` or ``[[conflicts]]`` block
    (``["rounds", 2]``), or the j-th ``[[rounds.tables]]`` of a round
    (``["rounds", 2, "tables", 1]``); None when it cannot be found."""
    import re
    try:
        with open(path, encoding="utf-8-sig") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    if not at:
        return None
    if len(at) == 1 or not isinstance(at[1], int):
        key = re.compile(re.escape(str(at[0])) + r"\s*=")
        for i, line in enumerate(lines):
            if line.startswith("["):
                break
            if key.match(line):
                return i + 1
        return None
    count, found = 0, None
    for i, line in enumerate(lines):
        if line.strip() == f"[[{at[0]}]]":
            count += 1
            if count == at[1]:
                found = i
                break
    if found is None or len(at) < 4 or not isinstance(at[3], int):
        return None if found is None else found + 1
    count = 0
    for i in range(found + 1, len(lines)):
        head = lines[i].strip()
        if head == f"[[{at[0]}]]":
            break
        if head == f"[[{at[0]}.{at[2]}]]":
            count += 1
            if count == at[3]:
                return i + 1
    return found + 1


def _check_reads_back(path: str, text: str, data: dict[str, Any]) -> None:
    """Refuse (SaveError, nothing written) a tournament file whose ``text`` would not
    read back as ``data``: the program never writes a file it cannot read itself."""
    import tomllib

    from referee.series.store import clean_for_toml
    try:
        back = tomllib.loads(text)
        again = Tournament.from_dict(back).to_dict()
    except (tomllib.TOMLDecodeError, TournamentError) as exc:
        what = exc.message if isinstance(exc, TournamentError) else str(exc)
        raise SaveError(t("tour.file.would_not_read", file=path, what=what), file=path) from None
    from referee.series.session import RULES_SUM
    kept = ("kind", "created", "updated", "display", "rules", RULES_SUM)  # (read by load)
    want = clean_for_toml({k: v for k, v in data.items() if k not in kept}, [])
    rules = clean_for_toml(data["rules"], []) if "rules" in data else None
    if clean_for_toml(again, []) != want or back.get("display") != data.get("display") \
            or back.get("rules") != rules or back.get(RULES_SUM) != data.get(RULES_SUM):
        raise SaveError(t("tour.file.would_not_read", file=path, what=t("tour.file.differs")),
                        file=path)


def _settle_from_hands(series: str) -> None:
    """Settle a table's series header again from its hands' results (the hands are
    the record): the header marked ``settling`` and the series opened, which settles it."""
    from referee.series.session import OpenSeries
    save = SaveFile(series)
    with save.lock():
        data = save.read_series()
        if not data.get("settling"):
            data["settling"] = 1
            save.write_series(data)
        OpenSeries.open(save)


def _correct(series: str, result: list[str]) -> None:
    """Correct hand 1 of a round's table to ``result`` (``[winner or "", "A=0;B=12"]``,
    what its series header held), as ``score --table T --hand 1`` would; done again,
    it changes nothing.  TournamentError when the table refuses it (its reason,
    with the rule id)."""
    from referee.series.scoring import ScoreError
    from referee.series.session import OpenSeries
    winner = result[0] or None
    points = {p: int(v) for p, v in (x.split("=", 1) for x in result[1].split(";") if x)}
    # The header kept disagrees with the hand (that is the conflict): it is settled
    # from the hand first, so that the table opens, then the hand is corrected to it.
    _settle_from_hands(series)
    save = SaveFile(series)
    now = _hand_result(os.fspath(save.hand_path(1)))
    if now is not None and now.winner == winner and now.points == {
            p: v for p, v in points.items() if p not in now.left}:
        return  # the hand says it already (R1.5: who left does not score it)
    with save.lock():
        table = OpenSeries.open(save)
        try:
            table.correct(1, winner, {p: v for p, v in points.items() if p != winner})
        except ScoreError as exc:
            raise TournamentError("tour.settle.refused", reason=str(exc)) from None
