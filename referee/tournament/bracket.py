"""Tournament Pesten (RULES.md R8.6): the draw, the bracket and who goes through.

Pure Python, no I/O: the files live in ``tournament.files``.  The data flows one way:

    Tournament.new()        draws round 1 (tables of 3 to 6, as even as possible)
    Outcome                 what a table's series file says (read by the store)
    close_round()           ranks every table, draws lots for ties that decide a seat,
                            records the results and draws the next round or the final
    withdraw()              a withdrawal or no-show, at any moment
    view() / render_view()  ``tournament show``

Map from rule ids to code:

- R8.6 tables of 3 to 6, as even as possible ..... ``table_sizes``, ``draw_round``
- R8.6 half rounded up advance ................... ``advancing``, ``rank_table``
- R8.6 winner, then lowest points, then total, lot ``rank_table``
- R8.6 a blocked hand ranks all by points ........ ``rank_table``
- R8.6 until two remain; the final to 100 ........ ``close_round`` (the final is a series)
- R8.6 a withdrawal ranks last; never alone ...... ``withdraw``, ``rank_table``
- R1.5 a player who left the hand ranks last ..... ``rank_table``
- R8.6 what a table plays under a game's rules ..... ``table_rules``

Randomness is seeded: the tournament's ``seed`` (drawn once and recorded when
none is given) decides every draw, dealer and lot, each from its own generator
(``_rng``), so a result does not depend on the order things are computed in.
Every refusal is a ``TournamentError`` whose message says what and why.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Iterable

from referee.engine.rules import HouseRules
from referee.messages import t
from referee.series.scoring import SavedSection, SeriesDataError, join_names, points_text
from referee.engine.told import Told
from referee.engine.values import Record, Value, set_field

__all__ = [
    "FINAL", "MIN_TABLE", "MAX_TABLE", "TournamentError", "Outcome", "Lot", "TotalTie", "TableDraw",
    "Round", "Tournament", "table_sizes", "advancing", "draw_round", "rank_table",
    "close_round", "withdraw", "view", "render_view", "table_label", "Version", "Conflict",
    "describe_result", "seed_check", "table_rules",
]

FINAL = "final"
"""The name of the final's table (``play --table final``)."""
MIN_TABLE, MAX_TABLE = 3, 6
"""Players at a table of a round (R8.6)."""


class TournamentError(ValueError):
    """A tournament command the rules or the bracket refuse; ``message`` is for the players.

    ``key`` and ``fields`` are the message's, for callers that render it again;
    ``exit_code``: 1 for a refusal, 2 for bad usage (an unknown name or table);
    ``at``: for a tournament file that does not read, the key path of what is
    wrong (``["rounds", 2, "tables", 1]``, items from 1), so its line can be named.
    """

    def __init__(self, key: str, /, exit_code: int = 1, at: list[str | int] | None = None,
                 **fields: Any) -> None:
        self.key = key
        self.exit_code = exit_code
        self.at = at
        self.fields = fields
        self.message = t(key, **fields)
        super().__init__(self.message)


def table_rules(rules: HouseRules, final: bool) -> HouseRules:
    """The rule set a table of the tournament plays (R8.6), from the tournament's
    ``rules`` (the ``tournament`` preset, or the game or file given to ``tournament
    new --rules``): its cards, deal, calls and point table, each hand scored by the
    cards each player holds (R7.1, ``scoring.mode = "penalty"``, whatever the game
    scores) and over when the first player goes out (R6.1, ``hand_end =
    "first_out"``), so that a table ranks its players by points.  A round's table
    plays one hand (R7.5); the final is a two-player elimination series (R7.4) to
    the rule set's ``series.limit`` (100 unless the file says otherwise).  Raises
    RulesError only for a rule set whose deal cannot be scored that way (none the
    program ships)."""
    from referee.engine.reading import with_values
    series = ({"mode": "elimination", "limit": int(rules.series.get("limit", 100))} if final
              else {"mode": "hands", "hands": 1})
    return with_values(rules, {"series": series, "scoring": {"mode": "penalty"},
                               "hand_end": "first_out"})


def _rng(seed: int, *parts: object) -> random.Random:
    """A generator of its own for one draw or lot: ``seed`` and the parts name it."""
    return random.Random(":".join(str(p) for p in (seed, *parts)))


# ---------------------------------------------------------------------------
# What a table's series says
# ---------------------------------------------------------------------------

class Outcome(Value):
    """A table's series as read from its file (R7), for the bracket.

    ``status``: ``"absent"`` (no file yet), ``"waiting"`` (dealt, no entry),
    ``"playing"`` (entries, no result) or ``"over"`` (the series has a winner:
    a round's one-hand series once scored, the final once decided);
    ``players``: seated in the series; ``points``: name -> total in the series
    (a round's table: its one hand); ``winner``: the hand's winner, None when
    blocked (R3.9) or not over; ``blocked``: the hand was blocked; ``left``:
    players who left during the hand (R1.5); ``winners``: the series winners;
    ``hands``: hands scored.
    """

    __slots__ = ("status", "players", "points", "winner", "blocked", "left", "winners", "hands")
    __match_args__ = __slots__

    def __init__(self, status: str, players: Iterable[str] = (), points: Mapping[str, int] | None = None,
                 winner: str | None = None, blocked: bool = False, left: Iterable[str] = (),
                 winners: Iterable[str] = (), hands: int = 0) -> None:
        set_field(self, "status", status)
        set_field(self, "players", tuple(players))
        set_field(self, "points", dict(points or {}))
        set_field(self, "winner", winner)
        set_field(self, "blocked", blocked)
        set_field(self, "left", tuple(left))
        set_field(self, "winners", tuple(winners))
        set_field(self, "hands", hands)

    def __hash__(self) -> int:
        return hash((self.status, self.players, self.winner))

    @property
    def started(self) -> bool:
        """True once anything was entered or scored at the table."""
        return self.status in ("playing", "over")

    def result(self) -> dict[str, Any] | None:
        """NOTATION's ``result``: ``{"winner", "points"}`` once over, else None."""
        if self.status != "over":
            return None
        return {"winner": self.winner, "points": dict(self.points)}


ABSENT = Outcome("absent")


def describe_result(status: str, winner: str | None, points: Mapping[str, int]) -> str:
    """What a table's result says in words: who won and the points, a blocked
    hand (R3.9) and its points, or that it has no result yet."""
    if status != "over":
        return t("tour.import.no_result")
    pts = points_text(dict(points))
    if winner is None:
        return t("tour.import.blocked", points=pts)
    return t("tour.import.result", winner=winner, points=pts)


# ---------------------------------------------------------------------------
# Two versions of a table's result
# ---------------------------------------------------------------------------

class Version(Value):
    """One version of a table's result in a Conflict.

    ``path``: where it is (a folder or a file, ``/``-separated, relative to
    the tournament file's folder); ``source``: where it came from
    (``"here"``, ``"imported"`` with ``origin`` the folder it was imported
    from, ``"copy"``: a sync tool's conflict copy, ``"series"``: the table's
    series file, ``"hand"``: a hand's file, ``"hands"``: the final's hands
    replayed); ``status``, ``winner``,
    ``points``: what it says (as an Outcome's).
    """

    __slots__ = ("path", "source", "origin", "status", "winner", "points")
    __match_args__ = __slots__

    def __init__(self, path: str, source: str, status: str, winner: str | None = None,
                 points: Mapping[str, int] | None = None, origin: str | None = None) -> None:
        set_field(self, "path", path)
        set_field(self, "source", source)
        set_field(self, "origin", origin)
        set_field(self, "status", status)
        set_field(self, "winner", winner)
        set_field(self, "points", dict(points or {}))

    def __hash__(self) -> int:
        return hash((self.path, self.source, self.status, self.winner))

    @classmethod
    def of(cls, path: str, source: str, outcome: Outcome, origin: str | None = None) -> "Version":
        """The version at ``path`` that says what ``outcome`` says."""
        return cls(path, source, outcome.status, outcome.winner, outcome.points, origin)

    def to_dict(self) -> dict[str, Any]:
        """Plain TOML/JSON values (no None)."""
        d: dict[str, Any] = {"path": self.path, "source": self.source}
        if self.origin is not None:
            d["origin"] = self.origin
        d["status"] = self.status
        if self.winner is not None:
            d["winner"] = self.winner
        d["points"] = dict(self.points)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Version":
        """The inverse of ``to_dict``."""
        return cls(str(d["path"]), str(d["source"]), str(d["status"]),
                   None if d.get("winner") is None else str(d["winner"]),
                   {str(k): int(v) for k, v in d.get("points", {}).items()},
                   None if d.get("origin") is None else str(d["origin"]))

    def text(self) -> str:
        """``PATH (where from): what it says``."""
        source = t(f"tour.source.{self.source}", folder=self.origin or "")
        return t("tour.conflict.version", path=self.path, source=source,
                 result=describe_result(self.status, self.winner, self.points))


CONFLICT_KINDS = ("import", "copy", "half")
"""How a conflict was found: a result imported that differs from the one here,
a sync tool's conflict copy (of a table's folder or of a file in it), a
table's series file and its hands that disagree (a half-synced folder)."""


class Conflict(Record):
    """Two (or more) versions of one table's result (R8.6: a table has one result).

    ``round``, ``table``: which table; ``kind``: one of CONFLICT_KINDS;
    ``found``: when it was found (UTC, given by the caller); ``versions``:
    the Versions; ``state``: ``"open"`` (``tournament next`` refuses),
    ``"settling"`` (``plan`` being carried out) or ``"settled"``; once
    settling: ``kept`` (the path of the version kept), ``by``, ``at`` (who
    settled it and when), ``plan``: the file moves that keep the other
    versions aside (``[op, src, dst]``, done by the store, repeatable).
    """

    __slots__ = ("round", "table", "kind", "found", "versions", "state", "kept", "by", "at", "plan")
    __match_args__ = __slots__

    def __init__(self, round: int, table: str, kind: str, found: Any, versions: list[Version],
                 state: str = "open", kept: str | None = None, by: str | None = None,
                 at: Any = None, plan: list[list[str]] | None = None) -> None:
        self.round = round
        self.table = table
        self.kind = kind
        self.found = found
        self.versions = versions
        self.state = state
        self.kept = kept
        self.by = by
        self.at = at
        self.plan = [] if plan is None else plan

    def covers(self, other: "Conflict") -> bool:
        """True when ``other`` is this conflict found again: the same table, and every
        place it names is one of this one's versions."""
        return ((self.round, self.table) == (other.round, other.table)
                and {v.path for v in other.versions} <= {v.path for v in self.versions})

    def here(self) -> str | None:
        """The path of the version that is the table's own (source ``"here"``), or None."""
        return next((v.path for v in self.versions if v.source == "here"), None)

    def merge(self, other: "Conflict") -> bool:
        """Take in the versions of ``other``, a conflict of the same table against the
        same version here (a further copy, a further import): a table's versions
        are settled together.  -> True when it added one; False (nothing done)
        when ``other`` is of another table or against another version here."""
        if (self.round, self.table) != (other.round, other.table) or self.here() is None \
                or self.here() != other.here():
            return False
        paths = {v.path for v in self.versions}
        added = [v for v in other.versions if v.path not in paths]
        self.versions.extend(added)
        return bool(added)

    def version(self, path: str) -> Version | None:
        """The version at ``path`` (as recorded), or None."""
        return next((v for v in self.versions if v.path == path), None)

    def to_dict(self) -> dict[str, Any]:
        """Plain TOML values (no None)."""
        d: dict[str, Any] = {"round": self.round, "table": self.table, "kind": self.kind,
                             "state": self.state}
        if self.found is not None:
            d["found"] = self.found
        for key in ("kept", "by", "at"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        if self.plan:
            d["plan"] = [list(step) for step in self.plan]
        d["versions"] = [v.to_dict() for v in self.versions]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Conflict":
        """The inverse of ``to_dict``; TournamentError for a kind or state it does not know."""
        kind, state = str(d["kind"]), str(d.get("state", "open"))
        if kind not in CONFLICT_KINDS or state not in ("open", "settling", "settled"):
            raise TournamentError("tour.bad_conflict", kind=kind, state=state)
        return cls(int(d["round"]), str(d["table"]), kind, d.get("found"),
                   [Version.from_dict(v) for v in d.get("versions", [])], state,
                   None if d.get("kept") is None else str(d["kept"]),
                   None if d.get("by") is None else str(d["by"]), d.get("at"),
                   [[str(x) for x in step] for step in d.get("plan", [])])

    def text(self) -> str:
        """What the versions say and how to settle it, one line a version."""
        label = table_label(self.table)
        lines = [t(f"tour.conflict.{self.kind}", table=label, round=self.round)]
        lines += ["  " + v.text() for v in self.versions]
        lines.append(t("tour.conflict.settle_how", table=self.table))
        return "\n".join(lines)

    def begin(self, kept: str, by: str, at: Any, plan: list[list[str]]) -> None:
        """Settle it by keeping the version at ``kept`` (one of ``versions``), ``by`` whom
        and ``at`` when; ``plan``: the moves that keep the others aside.  The
        state is ``"settling"`` until ``finish``.  TournamentError (exit 2) when
        ``kept`` is no version of it or it is settled already."""
        if self.state == "settled":
            raise TournamentError("tour.settle.none", exit_code=1, table=table_label(self.table),
                                  round=self.round)
        if self.version(kept) is None:
            raise TournamentError("tour.settle.not_a_version", exit_code=2, path=kept,
                                  table=table_label(self.table),
                                  paths=", ".join(v.path for v in self.versions))
        self.state, self.kept, self.by, self.at, self.plan = "settling", kept, by, at, plan

    def finish(self) -> None:
        """The plan is carried out: the conflict is settled."""
        self.state = "settled"

    def settled_text(self) -> str:
        """One sentence: what was kept, by whom and when."""
        kept = self.version(self.kept or "")
        return t("tour.settle.done", table=table_label(self.table), round=self.round,
                 path=self.kept or "-", by=self.by or "-", at=str(self.at or "-"),
                 result=describe_result(kept.status, kept.winner, kept.points) if kept else "-")


def seed_check(id: str, seed: int) -> str:
    """A short digest of the tournament's ``id`` and ``seed``, kept beside the seed in
    the file, so that a seed changed by hand is told (its lots and draws would change)."""
    import hashlib
    return hashlib.sha256(f"{id}:{seed}".encode()).hexdigest()[:10]


# ---------------------------------------------------------------------------
# The bracket
# ---------------------------------------------------------------------------

class Lot(Value):
    """A lot drawn at a table (R8.6) between ``tied`` players (equal points and total).

    ``order``: the order the lot gave them (the first go through first);
    ``points``, ``total``: what they were tied on; ``seats``: how many of them go through.
    """

    __slots__ = ("table", "tied", "order", "points", "total", "seats")
    __match_args__ = __slots__

    def __init__(self, table: str, tied: Iterable[str], order: Iterable[str], points: int,
                 total: int, seats: int) -> None:
        set_field(self, "table", table)
        set_field(self, "tied", tuple(tied))
        set_field(self, "order", tuple(order))
        set_field(self, "points", points)
        set_field(self, "total", total)
        set_field(self, "seats", seats)

    def to_dict(self) -> dict[str, Any]:
        """Plain TOML/JSON values."""
        return {"table": self.table, "tied": list(self.tied), "order": list(self.order),
                "points": self.points, "total": self.total, "seats": self.seats}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Lot":
        """The inverse of ``to_dict``."""
        return cls(str(d["table"]), [str(p) for p in d["tied"]], [str(p) for p in d["order"]],
                   int(d["points"]), int(d["total"]), int(d["seats"]))

    def text(self) -> str:
        """One sentence: who tied on what, and the order the lot gave."""
        return t("tour.lot", table=table_label(self.table), tied=join_names(self.tied),
                 points=self.points, total=self.total,
                 drawn=join_names(self.order[:self.seats]), n=self.seats)


class TotalTie(Value):
    """A tie on points at a table decided by the lower total so far (R8.6).

    ``tied``: the players level on points (sorted); ``order``: as the totals
    ranked them; ``points``: what they were level on; ``totals``: name -> total
    so far (this round included); ``seats``: how many of them went through.
    """

    __slots__ = ("table", "tied", "order", "points", "totals", "seats")
    __match_args__ = __slots__

    def __init__(self, table: str, tied: Iterable[str], order: Iterable[str], points: int,
                 totals: Mapping[str, int], seats: int) -> None:
        set_field(self, "table", table)
        set_field(self, "tied", tuple(tied))
        set_field(self, "order", tuple(order))
        set_field(self, "points", points)
        set_field(self, "totals", dict(totals))
        set_field(self, "seats", seats)

    def __hash__(self) -> int:
        return hash((self.table, self.tied, self.order))

    def to_dict(self) -> dict[str, Any]:
        """Plain TOML/JSON values."""
        return {"table": self.table, "tied": list(self.tied), "order": list(self.order),
                "points": self.points, "totals": dict(self.totals), "seats": self.seats}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "TotalTie":
        """The inverse of ``to_dict``."""
        return cls(str(d["table"]), [str(p) for p in d["tied"]], [str(p) for p in d["order"]],
                   int(d["points"]), {str(k): int(v) for k, v in d["totals"].items()},
                   int(d["seats"]))

    def text(self) -> str:
        """One sentence: who tied on points, and how the totals so far ranked them."""
        totals = ", ".join(f"{p} {self.totals[p]}" for p in self.order)
        return t("tour.tie_total", table=table_label(self.table), tied=join_names(self.tied),
                 points=self.points, totals=totals, through=join_names(self.order[:self.seats]))


class TableDraw(Record):
    """One table of a round: ``name`` (``"1"``, ``"2"``… or ``"final"``), ``players``
    in seating order (those withdrawn before it started are taken off), ``dealer``
    (R2.1, drawn), ``bye`` (a lone player left after withdrawals, with no table
    to move to, goes through without playing), ``absent``: players the draw
    seated there who withdrew before it began (no-shows, R8.6), and once the
    round is closed its frozen result: ``winner``, ``blocked``, ``points``,
    ``ranking`` (best first, withdrawn and left last) and ``advanced``.
    """

    __slots__ = ("name", "players", "dealer", "bye", "closed", "winner", "blocked", "points",
                 "ranking", "advanced", "absent")
    __match_args__ = __slots__

    def __init__(self, name: str, players: list[str], dealer: str, bye: bool = False,
                 closed: bool = False, winner: str | None = None, blocked: bool = False,
                 points: dict[str, int] | None = None, ranking: list[str] | None = None,
                 advanced: list[str] | None = None, absent: list[str] | None = None) -> None:
        self.name = name
        self.players = players
        self.dealer = dealer
        self.bye = bye
        self.closed = closed
        self.winner = winner
        self.blocked = blocked
        self.points = {} if points is None else points
        self.ranking = [] if ranking is None else ranking
        self.advanced = [] if advanced is None else advanced
        self.absent = [] if absent is None else absent

    def to_dict(self) -> dict[str, Any]:
        """Plain TOML values (no None)."""
        d: dict[str, Any] = {"table": self.name, "players": list(self.players), "dealer": self.dealer}
        if self.absent:
            d["absent"] = list(self.absent)
        if self.bye:
            d["bye"] = True
        if self.closed:
            d["closed"] = True
            if self.winner is not None:
                d["winner"] = self.winner
            d["blocked"] = self.blocked
            d["ranking"] = list(self.ranking)
            d["advanced"] = list(self.advanced)
            d["points"] = dict(self.points)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: list[str | int] | None = None) -> "TableDraw":
        """The inverse of ``to_dict``, every value checked against its kind;
        ``where``: the table's key path in its file (``["rounds", 1, "tables",
        2]``).  Raises SeriesDataError naming the key at fault."""
        sec = SavedSection.of(d, list(where or []), Told("tour.allowed.table"))

        def names(key: str, required: bool = False) -> list[str]:
            found = sec.items_at(key, Told("score.allowed.names"), *(() if required else ([],)))
            return [sec.item(key, i, p, "text") for i, p in enumerate(found, 1)]

        name, players = sec("table", "text"), names("players", required=True)
        dealer = sec("dealer", "text", None, "")
        bye, closed = sec("bye", "bool", None, False), sec("closed", "bool", None, False)
        winner, blocked = sec("winner", "text", None, None), sec("blocked", "bool", None, False)
        points = sec.table_at("points", Told("score.allowed.points"), {})
        return cls(name, players, dealer, bye, closed, winner, blocked,
                   {k: points(k, "int", (0, None)) for k in points.keys()},
                   names("ranking"), names("advanced"), names("absent"))


class Round(Record):
    """A round: ``number`` from 1, its ``tables``, the ``lots`` drawn when it was
    closed, ``closed``, ``final`` (the two-player series to 100), and ``ties``:
    the ties on points that the totals so far decided."""

    __slots__ = ("number", "tables", "lots", "closed", "final", "ties")
    __match_args__ = __slots__

    def __init__(self, number: int, tables: list[TableDraw], lots: list[Lot] | None = None,
                 closed: bool = False, final: bool = False,
                 ties: list[TotalTie] | None = None) -> None:
        self.number = number
        self.tables = tables
        self.lots = [] if lots is None else lots
        self.closed = closed
        self.final = final
        self.ties = [] if ties is None else ties

    def table(self, name: str) -> TableDraw | None:
        """The table called ``name`` (case-insensitive; ``"final"``, ``"3"``, ``"03"``), or None."""
        key = name.strip().lower()
        if key.isdigit():
            key = str(int(key))
        return next((tb for tb in self.tables if tb.name == key), None)

    def players(self) -> list[str]:
        """Everyone seated at a table of this round, table by table."""
        return [p for tb in self.tables for p in tb.players]

    def to_dict(self) -> dict[str, Any]:
        """Plain TOML values; a closed round with its ``RECORD_SUM``, and each of
        its tables with its own (``record_sum``)."""
        d: dict[str, Any] = {"round": self.number, "closed": self.closed}
        if self.final:
            d["final"] = True
        d["tables"] = [tb.to_dict() for tb in self.tables]
        if self.ties:
            d["ties"] = [tie.to_dict() for tie in self.ties]
        if self.lots:
            d["lots"] = [lot.to_dict() for lot in self.lots]
        if self.closed:
            for table in d["tables"]:
                table[RECORD_SUM] = record_sum(table)
            d[RECORD_SUM] = record_sum(d)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: list[str | int] | None = None) -> "Round":
        """The inverse of ``to_dict``, every value checked against its kind and a
        closed round against the record it was closed with (``check_record``);
        ``where``: its key path (``["rounds", 2]``).  Raises SeriesDataError
        naming the key at fault, TournamentError (with ``at``) for an edited record."""
        where = list(where or [])
        sec = SavedSection.of(d, where, Told("tour.allowed.round"))
        number = sec("round", "int", (1, None))
        closed, final = sec("closed", "bool", None, False), sec("final", "bool", None, False)
        tables = [TableDraw.from_dict(x, where + ["tables", j])
                  for j, x in enumerate(sec.items_at("tables", Told("tour.allowed.tables"), []), 1)]
        check_record(d, where)
        return cls(number, tables, [Lot.from_dict(x) for x in d.get("lots", [])], closed, final,
                   [TotalTie.from_dict(x) for x in d.get("ties", [])])


RECORD_SUM = "record_sum"
"""The key of a closed round's and a closed table's ``record_sum`` in the tournament file."""


def record_sum(d: Mapping[str, Any]) -> str:
    """A CRC-32 (8 hex digits) of a round's or a table's record ``d`` as the
    tournament file holds it (its own ``record_sum`` left out): the same for
    the dict written and the file read back, another once a value is edited."""
    import zlib

    def canonical(value: Any) -> Any:
        if isinstance(value, Mapping):
            return tuple(sorted((str(k), canonical(v)) for k, v in value.items()
                                if k != RECORD_SUM or value is not d))
        if isinstance(value, (list, tuple)):
            return tuple(canonical(v) for v in value)
        return (type(value).__name__, value)

    return f"{zlib.crc32(repr(canonical(d)).encode('utf-8')):08x}"


def check_record(d: Mapping[str, Any], where: list[str | int]) -> None:
    """R8.6: a closed round (``d`` as read, at key path ``where``) is what it was
    closed with: each table's result (``winner``, ``blocked``, ``points``,
    ``ranking``, ``advanced``, ``closed``) and the round's own (``closed``,
    lots, ties), against the ``record_sum`` written when it was closed.  A
    round written before the sums were kept (none) reads as before.  Raises
    TournamentError with ``at`` the key path of the table (or the round's
    ``closed``) that was edited."""
    if RECORD_SUM not in d:
        return
    number = d.get("round")
    for j, table in enumerate(d.get("tables", []), 1):
        if isinstance(table, Mapping) and RECORD_SUM in table \
                and table[RECORD_SUM] != record_sum(table):
            at = where + ["tables", j]
            if table.get("closed") is not True:
                at.append("closed")
            raise TournamentError("tour.bad_file", at=at, what=t(
                "tour.bad_record_edited", table=table_label(str(table.get("table", j))),
                round=number))
    if d[RECORD_SUM] != record_sum(d):
        at = where + (["closed"] if d.get("closed") is not True else [])
        raise TournamentError("tour.bad_file", at=at, what=t("tour.bad_round_edited", round=number))


class Tournament(Record):
    """A knockout tournament across tables (R8.6).

    ``id``: a short token naming it (a table's files carry it, so ``import``
    refuses another tournament's); ``seed``: decides every draw and lot;
    ``players``: everyone entered, in the order given; ``rounds``: the rounds
    so far, the last one current; ``withdrawn``: name -> the round they
    withdrew in; ``champion``: the winner of the final, or None;
    ``conflicts``: every Conflict found, open or settled (kept as a record).
    """

    __slots__ = ("id", "seed", "players", "rounds", "withdrawn", "champion", "conflicts")
    __match_args__ = __slots__

    def __init__(self, id: str, seed: int, players: list[str], rounds: list[Round],
                 withdrawn: dict[str, int] | None = None, champion: str | None = None,
                 conflicts: list[Conflict] | None = None) -> None:
        self.id = id
        self.seed = seed
        self.players = players
        self.rounds = rounds
        self.withdrawn = {} if withdrawn is None else withdrawn
        self.champion = champion
        self.conflicts = [] if conflicts is None else conflicts

    @classmethod
    def new(cls, players: list[str], seed: int, id: str) -> "Tournament":
        """A tournament with round 1 drawn (R8.6); ``players`` unique names (checked by the caller).

        Raises TournamentError for fewer than 2 players or a name entered twice.
        """
        if len(players) < 2:
            raise TournamentError("tour.refuse.too_few", exit_code=2, n=len(players))
        seen: set[str] = set()
        for name in players:
            if name.casefold() in seen:
                raise TournamentError("tour.refuse.duplicate", exit_code=2, name=name)
            seen.add(name.casefold())
        return cls(id, seed, list(players), [draw_round(list(players), seed, 1)])

    # -- questions ------------------------------------------------------------
    @property
    def current(self) -> Round:
        """The round being played (or the last one, once there is a champion)."""
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        """True once the tournament is decided (a champion, or nobody left)."""
        return self.current.closed

    @property
    def status(self) -> str:
        """``"round"``, ``"final"`` or ``"over"`` (NOTATION "Tournaments")."""
        if self.over:
            return "over"
        return "final" if self.current.final else "round"

    def canonical(self, name: str) -> str | None:
        """The entered spelling of ``name`` (case-insensitive), or None."""
        folded = name.strip().casefold()
        return next((p for p in self.players if p.casefold() == folded), None)

    def remaining(self) -> list[str]:
        """Names still in: at a table of the current round and not withdrawn."""
        if self.over:
            return [self.champion] if self.champion else []
        return [p for p in self.current.players() if p not in self.withdrawn]

    def totals(self) -> dict[str, int]:
        """Each player's points over the closed rounds' tables (the tie-break, R8.6)."""
        out = {p: 0 for p in self.players}
        for rnd in self.rounds:
            if rnd.final:
                continue
            for tb in rnd.tables:
                for name, pts in tb.points.items():
                    out[name] = out.get(name, 0) + pts
        return out

    def table_of(self, name: str) -> TableDraw | None:
        """``name``'s table in the current round, or None."""
        return next((tb for tb in self.current.tables if name in tb.players), None)

    def open_conflicts(self) -> list[Conflict]:
        """The conflicts not settled yet (``"open"`` or ``"settling"``), in the order found."""
        return [c for c in self.conflicts if c.state != "settled"]

    def record_conflicts(self, found: Iterable[Conflict]) -> list[Conflict]:
        """Record each conflict of ``found`` not recorded already among the open ones:
        a further version of a table already in conflict against the same version
        here joins that conflict (``Conflict.merge``), any other is added.  -> the
        conflicts added or grown."""
        changed: list[Conflict] = []
        for c in found:
            opened = self.open_conflicts()
            if any(old.covers(c) for old in opened):
                continue
            grown = next((old for old in opened if old.state == "open" and old.merge(c)), None)
            if grown is None:
                self.conflicts.append(c)
                grown = c
            if grown not in changed:
                changed.append(grown)
        return changed

    def conflict_of(self, table: str) -> Conflict | None:
        """The open conflict of ``table`` (a name as ``Round.table`` takes it) in the
        current round, or None."""
        tb = self.current.table(table)
        name = tb.name if tb else table.strip().lower()
        return next((c for c in self.open_conflicts()
                     if c.round == self.current.number and c.table == name), None)

    # -- storing ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain TOML values (no None); ``status`` and ``round`` repeated for a reader;
        ``seed_check`` ties the seed to the draws made from it (``seed_check``)."""
        d: dict[str, Any] = {"id": self.id, "seed": self.seed,
                             "seed_check": seed_check(self.id, self.seed), "status": self.status,
                             "round": self.current.number, "players": list(self.players)}
        if self.champion:
            d["champion"] = self.champion
        if self.withdrawn:
            d["withdrawn"] = [{"name": n, "round": r} for n, r in self.withdrawn.items()]
        d["rounds"] = [r.to_dict() for r in self.rounds]
        if self.conflicts:
            d["conflicts"] = [c.to_dict() for c in self.conflicts]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Tournament":
        """The inverse of ``to_dict``, checked: raises TournamentError naming what is
        wrong and where (``at``): a missing or mistyped value, a name that is not
        entered, a player seated twice in a round, a closed table whose ranking
        names someone not seated there, a round drawn from players who did not go
        through, or a seed changed by hand (``seed_check``: the lots and draws
        already due come from the seed the tournament was drawn with)."""
        at: list[str | int] = []
        try:
            sec = SavedSection(d, [])
            at = ["players"]
            players = [sec.item("players", i, p, "text")
                       for i, p in enumerate(sec.items_at("players", Told("score.allowed.names")), 1)]
            rounds = []
            for i, r in enumerate(sec.items_at("rounds", Told("tour.allowed.rounds")), 1):
                at = ["rounds", i]
                rounds.append(Round.from_dict(r, ["rounds", i]))
            at = ["withdrawn"]
            withdrawn = {}
            for i, w in enumerate(sec.items_at("withdrawn", Told("tour.allowed.withdrawn"), []), 1):
                item = SavedSection.of(w, ["withdrawn", i], Told("tour.allowed.withdrawal"))
                withdrawn[item("name", "text")] = item("round", "int", (1, None))
            conflicts = []
            for i, c in enumerate(d.get("conflicts", []), 1):
                at = ["conflicts", i]
                conflicts.append(Conflict.from_dict(c))
            at = ["id"]
            champion = sec("champion", "text", None, None)
            tour = cls(sec("id", "text"), sec("seed", "int", (None, None)), players, rounds,
                       withdrawn, champion, conflicts)
        except SeriesDataError as err:
            raise TournamentError("tour.bad_file", at=err.where or at, what=err.message) from None
        except KeyError as err:
            raise TournamentError("tour.bad_file", at=at,
                                  what=t("tour.bad_missing", key=err.args[0])) from None
        except TournamentError as err:
            if err.at is not None:
                raise
            raise TournamentError("tour.bad_file", at=at, what=err.message) from None
        except (TypeError, ValueError, AttributeError) as err:
            raise TournamentError("tour.bad_file", at=at,
                                  what=t("tour.bad_value", key=at[0], error=type(err).__name__)) from None
        if not rounds:
            raise TournamentError("tour.bad_file", at=["rounds"], what=t("tour.bad_missing", key="rounds"))
        check = d.get("seed_check")
        if check is not None and str(check) != seed_check(tour.id, tour.seed):
            raise TournamentError("tour.bad_file", at=["seed"], what=t("tour.bad_seed", seed=tour.seed))
        _check_names(tour)
        _check_repeated(tour, d)
        return tour


def _check_repeated(tour: Tournament, d: Mapping[str, Any]) -> None:
    """What the tournament file repeats for a reader (``status``, ``round``) is
    what its rounds give, and each round is numbered in turn: an edit there is
    a TournamentError at its key, never overwritten unsaid by the next write."""
    for i, rnd in enumerate(tour.rounds, 1):
        if rnd.number != i:
            raise TournamentError("tour.bad_file", at=["rounds", i, "round"], what=t(
                "tour.bad_repeated", key="round", found=rnd.number, expected=i))
    for key, expected in (("status", tour.status), ("round", tour.current.number)):
        if key in d and d[key] != expected:
            found = d[key]
            raise TournamentError("tour.bad_file", at=[key], what=t(
                "tour.bad_repeated", key=key,
                found=f'"{found}"' if isinstance(found, str) else found,
                expected=f'"{expected}"' if isinstance(expected, str) else expected))


def _check_names(tour: Tournament) -> None:
    """Every name the file holds is entered, seated once a round, ranked where seated,
    and each round after the first drawn from those who went through (R8.6)."""
    known = set(tour.players)

    def bad(at: list[str | int], key: str, **fields: Any) -> TournamentError:
        return TournamentError("tour.bad_file", at=at, what=t(key, **fields))

    through: set[str] | None = None
    for i, rnd in enumerate(tour.rounds, 1):
        seen: set[str] = set()
        for j, tb in enumerate(rnd.tables, 1):
            at: list[str | int] = ["rounds", i, "tables", j]
            for name in tb.players:
                if name not in known:
                    raise bad(at, "tour.bad_player", name=name, round=rnd.number)
                if name in seen:
                    raise bad(at, "tour.bad_twice", name=name, round=rnd.number)
                if through is not None and name not in through:
                    raise bad(at, "tour.bad_not_through", name=name, round=rnd.number,
                              before=rnd.number - 1)
                seen.add(name)
            expected = FINAL if rnd.final else str(j)
            if tb.name != expected:
                raise bad(at + ["table"], "tour.bad_table_name", found=tb.name, expected=expected,
                          round=rnd.number)
            if tb.players and tb.dealer not in [*tb.players, *tb.absent] \
                    and tb.dealer not in tour.withdrawn:   # (a table emptied by a move deals no more)
                raise bad(at + ["dealer"], "tour.bad_dealer", name=tb.dealer or '""',
                          table=table_label(tb.name), round=rnd.number)
            stray = [p for p in [*tb.ranking, *tb.advanced, *tb.points]
                     if p not in tb.players and p not in tour.withdrawn]
            if stray:
                raise bad(at, "tour.bad_not_seated", name=stray[0], table=table_label(tb.name),
                          round=rnd.number)
        through = {p for tb in rnd.tables for p in tb.advanced} if rnd.closed else None
    for name in tour.withdrawn:
        if name not in known:
            raise bad(["withdrawn"], "tour.bad_player", name=name, round=tour.withdrawn[name])
    if tour.champion is not None and tour.champion not in known:
        raise bad(["champion"], "tour.bad_player", name=tour.champion, round=tour.current.number)


# ---------------------------------------------------------------------------
# Drawing a round
# ---------------------------------------------------------------------------

def table_sizes(n: int) -> list[int]:
    """Sizes of the tables for ``n`` >= 3 players: 3 to 6 each, as even as possible (R8.6).

    The fewest tables that hold everyone at 6 a table, the larger ones first:
    7 -> [4, 3], 13 -> [5, 4, 4], 32 -> [6, 6, 5, 5, 5, 5].  Raises ValueError below 3.
    """
    if n < MIN_TABLE:
        raise ValueError(f"a round needs {MIN_TABLE} players or more, not {n}")
    k = -(-n // MAX_TABLE)
    return [n // k + (1 if i < n % k else 0) for i in range(k)]


def advancing(n: int) -> int:
    """How many of a table of ``n`` go through: half rounded up (3 -> 2, 5 -> 3; R8.6)."""
    return (n + 1) // 2


def draw_round(players: list[str], seed: int, number: int) -> Round:
    """Round ``number`` drawn from ``players`` (R8.6): the final when two remain.

    Seats and each table's dealer (R2.1) come from the seeded draw of this round.
    """
    rng = _rng(seed, "round", number)
    order = list(players)
    rng.shuffle(order)
    if len(order) == 2:
        return Round(number, [TableDraw(FINAL, order, rng.choice(order))], final=True)
    tables, start = [], 0
    for i, size in enumerate(table_sizes(len(order)), 1):
        seated = order[start:start + size]
        start += size
        tables.append(TableDraw(str(i), seated, rng.choice(seated)))
    return Round(number, tables)


# ---------------------------------------------------------------------------
# Ranking a table and closing a round
# ---------------------------------------------------------------------------

def rank_table(table: TableDraw, outcome: Outcome, totals: Mapping[str, int],
               withdrawn: Iterable[str], seed: int, number: int
               ) -> tuple[list[str], list[str], Lot | None, TotalTie | None]:
    """Rank one table of round ``number`` after its hand (R8.6); -> (ranking,
    advanced, lot, tie).

    ``outcome`` must be over (or the table a bye).  Seated players are ranked:
    the winner first (none when the hand was blocked, R3.9), then by the
    fewest points this hand, then the lower ``totals`` (points in the closed
    rounds), then a lot, drawn only when the tie decides a seat.  ``lot`` (a
    Lot) and ``tie`` (a TotalTie: a tie on points that the totals decided at
    the seat) are returned to be recorded and told, else None.  Players
    withdrawn or who left the hand (R1.5) rank last and never go through.
    ``advancing(n)`` go through, n the players of the table as drawn: those
    dealt in and those who withdrew before it began (``absent``), who rank
    last of all (R8.6; ``absent_note`` says so).
    """
    if table.bye:
        return list(table.players), [p for p in table.players if p not in set(withdrawn)], None, None
    out = set(withdrawn) | set(outcome.left)
    seated = list(outcome.players) or list(table.players)
    playing = [p for p in seated if p not in out]

    def key(p: str) -> tuple[int, int, int]:
        pts = outcome.points.get(p, 0)
        return (0 if p == outcome.winner else 1, pts, totals.get(p, 0) + pts)

    playing.sort(key=key)  # stable: seating order within a tie
    absent = [p for p in table.absent if p not in seated]
    seats = min(advancing(len(seated) + len(absent)), len(playing))
    lot = tie = None
    cut = 0 < seats < len(playing)
    if cut and key(playing[seats - 1])[:2] == key(playing[seats])[:2] \
            and key(playing[seats - 1]) != key(playing[seats]):  # the totals decide the seat
        level = [p for p in playing if key(p)[:2] == key(playing[seats])[:2]]
        tie = TotalTie(table.name, sorted(level), level, key(level[0])[1],
                       {p: key(p)[2] for p in level}, seats - playing.index(level[0]))
    if cut and key(playing[seats - 1]) == key(playing[seats]):  # a lot decides it
        level_key = key(playing[seats])
        tied = [p for p in playing if key(p) == level_key]
        first = playing.index(tied[0])
        order = sorted(tied)
        _rng(seed, "lot", number, table.name).shuffle(order)
        playing[first:first + len(tied)] = order
        lot = Lot(table.name, sorted(tied), order, level_key[1], level_key[2], seats - first)
    ranking = playing + [p for p in seated if p in out] + absent
    return ranking, playing[:seats], lot, tie


def absent_note(table: TableDraw) -> str | None:
    """R8.6: the sentence for a table some of whose players withdrew before it began
    ("Dirk withdrew and ranks last at Table 1; 3 of 5 go through"), None without
    any (or at a bye, or at a table emptied by withdrawals)."""
    absent = [p for p in table.absent if p not in table.players]
    if not absent or table.bye or not table.players or table.name == FINAL:
        return None
    drawn = len(table.players) + len(absent)
    return t("tour.told.absent_last", n=len(absent), names=join_names(absent),
             table=table_label(table.name), through=advancing(drawn), drawn=drawn)


def close_round(tour: Tournament, outcomes: Mapping[str, Outcome]) -> list[str]:
    """Close the current round and draw the next (R8.6); -> sentences to tell.

    ``outcomes``: table name -> Outcome read from its file.  Every table must
    be over (a bye or a table emptied by withdrawals needs none) and no
    conflict of the round open; otherwise TournamentError naming the tables
    still playing or in conflict, and nothing changes.
    Players who left a hand (R1.5) are recorded as withdrawn.  After the
    final, its series' winner is the champion.  Otherwise the players who go
    through are drawn into the next round: tables of 3 to 6 while 3 or more
    remain, the final when two remain; one left is the champion.
    """
    rnd = tour.current
    _refuse_to_close(tour, outcomes)
    if rnd.final:
        return [_close_final(tour, outcomes[rnd.tables[0].name])]
    told, through = _close_tables(tour, outcomes)
    rnd.closed = True
    told.append(t("tour.told.closed", round=rnd.number, n=len(through), names=join_names(through)))
    return told + _after_round(tour, through)


def _refuse_to_close(tour: Tournament, outcomes: Mapping[str, Outcome]) -> None:
    """R8.6: a round closes once, with no conflict open and every table over, its players seated."""
    rnd = tour.current
    if rnd.closed:
        raise TournamentError("tour.refuse.over", champion=tour.champion or "-")
    conflicts = [c for c in tour.open_conflicts() if c.round == rnd.number]
    if conflicts:
        raise TournamentError("tour.refuse.conflicts", n=len(conflicts),
                              tables=join_names(table_label(c.table) for c in conflicts))
    _refuse_tables_playing(rnd, outcomes)
    for tb in rnd.tables:
        _refuse_unseated(tour, tb, outcomes.get(tb.name, ABSENT))


def _refuse_tables_playing(rnd: Round, outcomes: Mapping[str, Outcome]) -> None:
    """R8.6: every table of the round with players is over (a bye needs no hand)."""
    waiting = [tb.name for tb in rnd.tables
               if not tb.bye and tb.players and outcomes.get(tb.name, ABSENT).status != "over"]
    if waiting:
        if rnd.final:
            raise TournamentError("tour.refuse.final_playing")
        raise TournamentError("tour.refuse.playing", round=rnd.number, n=len(waiting),
                              tables=join_names(table_label(x) for x in waiting))


def _refuse_unseated(tour: Tournament, tb: TableDraw, outcome: Outcome) -> None:
    """R8.6: everyone drawn to a played table and not withdrawn was dealt in there."""
    if tb.bye or not tb.players or not outcome.players:
        return
    unseated = [p for p in tb.players if p not in outcome.players and p not in tour.withdrawn]
    if unseated:
        raise TournamentError("tour.refuse.not_seated", table=table_label(tb.name),
                              names=join_names(unseated), n=len(unseated))


def _close_final(tour: Tournament, outcome: Outcome) -> str:
    """R8.6: the final's series winner (not withdrawn) is the champion; -> the sentence to tell."""
    rnd = tour.current
    tb = rnd.tables[0]
    champion = next((p for p in outcome.winners if p not in tour.withdrawn), None)
    tb.closed, tb.winner, tb.points = True, champion, dict(outcome.points)
    tb.ranking = sorted(tb.players, key=lambda p: p != champion)
    tb.advanced = [champion] if champion else []
    rnd.closed = True
    tour.champion = champion
    return t("tour.told.champion", name=champion) if champion else t("tour.told.no_champion")


def _close_tables(tour: Tournament, outcomes: Mapping[str, Outcome]) -> tuple[list[str], list[str]]:
    """R8.6: each table of the round ranked and closed; -> (ties and lots told, who goes through)."""
    rnd = tour.current
    totals = tour.totals()
    told: list[str] = []
    through: list[str] = []
    for tb in rnd.tables:
        if not tb.players:
            tb.closed = True
            continue
        told += _close_table(tour, tb, outcomes.get(tb.name, ABSENT), totals)
        through += tb.advanced
    return told, through


def _close_table(tour: Tournament, tb: TableDraw, outcome: Outcome,
                 totals: Mapping[str, int]) -> list[str]:
    """R8.6 / R1.5: one table's result, ranking and who goes through recorded (who left
    withdrawn); -> the tie on points and the lot it needed, told."""
    rnd = tour.current
    ranking, advanced, lot, tie = rank_table(tb, outcome, totals, tour.withdrawn, tour.seed,
                                             rnd.number)
    for name in outcome.left:
        tour.withdrawn.setdefault(name, rnd.number)
    tb.closed = True
    tb.winner = outcome.winner if not tb.bye else None
    tb.blocked = outcome.blocked
    tb.points = {p: outcome.points.get(p, 0) for p in (outcome.players or tb.players)
                 if p in outcome.points}
    tb.ranking, tb.advanced = ranking, advanced
    told: list[str] = []
    if tie is not None:
        rnd.ties.append(tie)
        told.append(tie.text())
    if lot is not None:
        rnd.lots.append(lot)
        told.append(lot.text())
    return told


def _after_round(tour: Tournament, through: list[str]) -> list[str]:
    """R8.6: the next round drawn from who went through (the final when two), else the
    champion (one left) or none; -> the sentences to tell."""
    if len(through) < 2:
        tour.champion = through[0] if through else None
        return [t("tour.told.champion", name=tour.champion) if tour.champion
                else t("tour.told.no_champion")]
    nxt = draw_round(through, tour.seed, tour.current.number + 1)
    tour.rounds.append(nxt)
    if nxt.final:
        return [t("tour.told.final", names=join_names(nxt.tables[0].players),
                  dealer=nxt.tables[0].dealer)]
    return [t("tour.told.drawn", round=nxt.number, n=len(nxt.tables)),
            *(t("tour.told.table", table=table_label(tb.name), players=", ".join(tb.players),
                dealer=tb.dealer) for tb in nxt.tables)]


# ---------------------------------------------------------------------------
# Withdrawals
# ---------------------------------------------------------------------------

def withdraw(tour: Tournament, name: str, outcomes: Mapping[str, Outcome]) -> list[str]:
    """``name`` withdraws (or did not show up) (R8.6); -> sentences to tell.

    At a table that has not started, they are taken off it; a player left
    alone there is moved to the smallest table of the round that has not
    started either (and has room), else goes through without playing (a
    bye).  At a table that has started or is over, they stay seated and rank
    last.  In the final, the other finalist is the champion.  ``outcomes``:
    table name -> Outcome (what has started).  Raises TournamentError for an
    unknown name, someone already out, or a tournament that is over.
    """
    found = tour.canonical(name)
    if found is None:
        raise TournamentError("tour.refuse.unknown", exit_code=2, name=name.strip())
    if tour.over:
        raise TournamentError("tour.refuse.over", champion=tour.champion or "-")
    if found in tour.withdrawn:
        raise TournamentError("tour.refuse.withdrawn_already", name=found)
    rnd = tour.current
    table = tour.table_of(found)
    if table is None:
        raise TournamentError("tour.refuse.not_in", name=found, round=rnd.number)
    tour.withdrawn[found] = rnd.number
    told = [t("tour.told.withdrawn", name=found, table=table_label(table.name))]
    outcome = outcomes.get(table.name, ABSENT)
    if rnd.final:
        other = next(p for p in table.players if p != found)
        table.closed, table.winner, table.advanced = True, other, [other]
        table.ranking, table.points = [other, found], dict(outcome.points)
        rnd.closed = True
        tour.champion = other
        told.append(t("tour.told.champion", name=other))
        return told
    if outcome.started:
        told.append(t("tour.told.ranks_last", name=found, table=table_label(table.name)))
        return told
    table.players.remove(found)
    table.absent.append(found)
    if table.dealer == found and table.players:
        table.dealer = table.players[0]
    if len(table.players) == 1 and not table.bye:
        lone = table.players[0]
        free = [tb for tb in rnd.tables if tb is not table and tb.players and not tb.bye
                and len(tb.players) < MAX_TABLE and not outcomes.get(tb.name, ABSENT).started]
        if free:
            dest = min(free, key=lambda tb: len(tb.players))
            dest.players.append(lone)
            table.players.clear()
            told.append(t("tour.told.moved", name=lone, table=table_label(dest.name)))
        else:
            table.bye = True
            told.append(t("tour.told.bye", name=lone))
    return told


# ---------------------------------------------------------------------------
# Showing the bracket
# ---------------------------------------------------------------------------

def table_label(name: str) -> str:
    """``"3"`` -> "Table 3", ``"final"`` -> "Final" (through the message layer)."""
    return t("tour.final") if name == FINAL else t("tour.table", table=name)


def _table_view(tb: TableDraw, outcome: Outcome, closed: bool, conflict: bool = False
                ) -> dict[str, Any]:
    if closed:
        result = None if tb.bye or not tb.players else {"winner": tb.winner, "points": dict(tb.points)}
        state = "closed"
    else:
        result = None if tb.bye or conflict else outcome.result()
        state = "bye" if tb.bye else ("empty" if not tb.players else "conflict" if conflict else
                                      {"absent": "waiting"}.get(outcome.status, outcome.status))
    out: dict[str, Any] = {"table": tb.name, "players": list(tb.players), "dealer": tb.dealer,
                           "result": result, "state": state, "absent": list(tb.absent)}
    if closed:
        out["advanced"] = list(tb.advanced)
        out["ranking"] = list(tb.ranking)
        out["blocked"] = tb.blocked
    elif tb.name == FINAL and outcome.status != "absent":
        out["totals"] = dict(outcome.points)
        out["hands"] = outcome.hands
    return out


def view(tour: Tournament, outcomes: Mapping[str, Outcome],
         found: Iterable[Conflict] = (), incomplete: Iterable[Mapping[str, Any]] = (),
         rules: str = "tournament") -> dict[str, Any]:
    """The ``tournament show --json`` object (NOTATION "Tournaments").

    ``rules``: the name of the rule set the tournament plays (``tournament new
    --rules``; the tournament preset's by default), given back as ``rules``.

    ``round``, ``status`` (``"round"``/``"final"``/``"over"``), ``tables`` (the
    current round: ``{table, players, result, state, dealer, absent}``,
    ``result`` null or ``{winner, points}``, ``state`` ``"conflict"`` while
    the table has two versions of its result), ``remaining``, ``champion`` (a
    decided final counts even before ``tournament next`` records it), plus
    ``rounds`` (every round's tables, lots and ties decided by totals),
    ``withdrawn``, ``players``, ``seed``, ``conflicts`` (the open ones: those
    recorded and ``found`` in the files, not recorded yet), ``settled`` (the
    conflicts settled, with who kept what and when) and ``incomplete``
    (``{round, table, folder, missing}`` from the store).
    """
    open_ = [Conflict.from_dict(c.to_dict()) for c in tour.open_conflicts()]  # tour unchanged
    for c in found:
        if not any(o.covers(c) for o in open_) and not any(o.merge(c) for o in open_
                                                             if o.state == "open"):
            open_.append(c)
    in_conflict = {c.table for c in open_ if c.round == tour.current.number}
    rounds = []
    for rnd in tour.rounds:
        current = rnd is tour.current
        tables = [_table_view(tb, outcomes.get(tb.name, ABSENT) if current else ABSENT,
                              rnd.closed, current and tb.name in in_conflict) for tb in rnd.tables]
        rounds.append({"round": rnd.number, "final": rnd.final, "closed": rnd.closed,
                       "tables": tables, "lots": [lot.to_dict() for lot in rnd.lots],
                       "ties": [tie.to_dict() for tie in rnd.ties]})
    champion = tour.champion
    status = tour.status
    if champion is None and tour.current.final and not tour.over:
        final = outcomes.get(FINAL, ABSENT)
        if final.status == "over" and final.winners:
            champion, status = final.winners[0], "over"
    # No longer in: who left their table this round (R1.5), and at a table whose result
    # is in, who does not go through (R8.6) though the round is not closed yet.
    gone: set[str] = set()
    rnd = tour.current
    for tb in rnd.tables if not rnd.closed else ():
        outcome = outcomes.get(tb.name, ABSENT)
        gone.update(outcome.left)
        if outcome.status == "over" and not rnd.final and not tb.bye and tb.name not in in_conflict:
            ranking, through, _, _ = rank_table(tb, outcome, tour.totals(), tour.withdrawn,
                                                tour.seed, rnd.number)
            gone.update(p for p in ranking if p not in through)
    return {"round": tour.current.number, "status": status, "tables": rounds[-1]["tables"],
            "remaining": ([champion] if champion and status == "over" else
                          [p for p in tour.remaining() if p not in gone]),
            "champion": champion, "rounds": rounds,
            "withdrawn": [{"name": n, "round": r} for n, r in tour.withdrawn.items()],
            "players": len(tour.players), "seed": tour.seed, "rules": rules,
            "conflicts": [c.to_dict() for c in open_],
            "settled": [c.to_dict() for c in tour.conflicts if c.state == "settled"],
            "incomplete": [dict(x) for x in incomplete]}


def incomplete_text(item: Mapping[str, Any]) -> str:
    """The sentence for one of ``view``'s ``incomplete``: which table, what is missing."""
    return t(f"tour.incomplete.{item['missing']}", table=table_label(str(item["table"])),
             round=item["round"], folder=item["folder"])


def render_view(data: Mapping[str, Any], recorded: bool = True) -> str:
    """The bracket for a terminal, round by round, from ``view()``'s object.

    One line per table: its players best first once closed, each with the
    points of their hand, the ones who went through marked ``»`` (a line
    under the heading says so), a player who withdrew marked in the round
    they withdrew, no-shows named at their table; lots and withdrawals in
    sentences; then the conflicts still open (what each version says, how to
    settle), tables whose folder is incomplete, the conflicts of this round
    settled (who kept what, when), who is still in and the champion (only once the final is won).  ``recorded``:
    False when the champion is known from the final's file but ``tournament
    next`` has not recorded it yet (a line says so).
    """
    lines = [t("tour.show.head", n=data["players"], seed=data["seed"])]
    if data.get("rules", "tournament") != "tournament":
        from referee.words.events import rules_name
        lines.append(t("tour.show.rules", rules=rules_name(data["rules"])))
    withdrawn = {w["name"]: w["round"] for w in data["withdrawn"]}
    if any(rnd["closed"] and not rnd["final"] for rnd in data["rounds"]):
        lines.append(t("tour.show.legend", mark=t("tour.show.through")))
    for rnd in data["rounds"]:
        head = "tour.show.final" if rnd["final"] else "tour.show.round"
        state = "tour.show.closed" if rnd["closed"] else "tour.show.open"
        lines += ["", t(head, round=rnd["round"]) + " " + t(state)]
        labels = [table_label(tb["table"]) for tb in rnd["tables"]]
        width = max((len(x) for x in labels), default=0)
        out = {n for n, r in withdrawn.items() if r == rnd["round"]}
        for label, tb in zip(labels, rnd["tables"]):
            lines.append(f"  {label:<{width}}  {_table_line(tb, out)}")
        for tb in rnd["tables"]:
            note = absent_note(TableDraw(tb["table"], list(tb["players"]), tb["dealer"],
                                         tb["state"] == "bye", absent=list(tb.get("absent", []))))
            if note:
                lines.append("  " + note)
        lines += ["  " + TotalTie.from_dict(tie).text() for tie in rnd["ties"]]
        lines += ["  " + Lot.from_dict(lot).text() for lot in rnd["lots"]]
    lines.append("")
    conflicts = [Conflict.from_dict(c) for c in data.get("conflicts", [])]
    incomplete = data.get("incomplete", [])
    for c in conflicts:
        lines += [c.text(), ""]
    for item in incomplete:
        lines += [incomplete_text(item), ""]
    lines += [Conflict.from_dict(c).settled_text() for c in data.get("settled", [])
              if c["round"] == data["round"]]
    if data["champion"] and data["status"] == "over":
        lines.append(t("tour.show.champion", name=data["champion"]))
        if not recorded:
            lines.append(t("tour.show.record_it"))
    elif data["status"] != "over":
        remaining = data["remaining"]
        lines.append(t("tour.show.remaining", n=len(remaining), names=", ".join(remaining)))
        open_tables = [tb["table"] for tb in data["tables"] if tb["state"] in ("waiting", "playing")]
        if open_tables:
            lines.append(t("tour.show.still_playing", n=len(open_tables),
                           tables=join_names(table_label(x) for x in open_tables)))
        elif conflicts or incomplete:
            lines.append(t("tour.show.not_ready"))
        else:
            lines.append(t("tour.show.ready"))
    else:
        lines.append(t("tour.told.no_champion"))
    if withdrawn:
        lines.append(t("tour.show.withdrawn", n=len(withdrawn), names=", ".join(sorted(withdrawn))))
    return "\n".join(lines)


def _table_line(tb: Mapping[str, Any], withdrawn: set[str]) -> str:
    """``Anna 0 »  Eva 4 »  Bram 12`` for a closed table; players and state otherwise;
    ``withdrawn``: who withdrew in this round (marked), no-shows added at the end."""
    absent = "  ".join(f"{p} {t('tour.show.out_mark')}" for p in tb.get("absent", [])
                       if p not in tb.get("ranking", ()))  # ranked last once closed (R8.6)
    line = _table_cells(tb, withdrawn)
    return f"{line}  {absent}" if absent else line


def _table_cells(tb: Mapping[str, Any], withdrawn: set[str]) -> str:
    if tb["state"] == "empty" or (tb["state"] == "closed" and not tb["players"]):
        return t("tour.show.empty")
    if tb["state"] == "bye":
        return t("tour.show.bye", name=tb["players"][0])
    if tb["state"] == "closed":
        through = set(tb["advanced"])
        cells = []
        for p in tb["ranking"]:
            mark = t("tour.show.through") if p in through else ""
            pts = tb["result"]["points"].get(p) if tb["result"] else None
            out = t("tour.show.out_mark") if p in withdrawn else ""
            cells.append(" ".join(x for x in (p, "" if pts is None else str(pts), mark, out) if x))
        note = t("tour.show.blocked") if tb.get("blocked") else ""
        return "  ".join(cells) + (f"  {note}" if note else "")
    names = ", ".join(f"{p} {t('tour.show.out_mark')}" if p in withdrawn else p
                      for p in tb["players"])
    if tb["state"] == "conflict":
        return t("tour.show.conflict", players=names)
    if tb["state"] == "incomplete":
        return t("tour.show.incomplete", players=names)
    if tb["table"] == FINAL and "totals" in tb:
        totals = points_text(tb["totals"])
        return t("tour.show.final_line", totals=totals, n=tb["hands"])
    if tb["result"]:
        res = tb["result"]
        pts = points_text(dict(sorted(res["points"].items(), key=lambda x: x[1])))
        return t("tour.show.has_result", players=names, points=pts)
    key = "tour.show.playing" if tb["state"] == "playing" else "tour.show.waiting"
    return t(key, players=names, dealer=tb["dealer"])
