"""An open series at the table: series header, rule set and the current hand.

This is the layer between the pure engine (``engine``, ``scoring``) and the
save file (``store``): it turns saved dicts into a ``Series`` and a replayed
``Hand``, applies typed lines one at a time and saves after every entry that
took effect.  The REPL, ``play --script`` and the other commands all use it.
No terminal I/O here.

Save layout (format 1): the series file holds the header (players, rule set
copied in, running standings; fixed size), and ``<name>.hands/hand-NNNNN.toml``
holds each hand: its dealer, players, UTC timestamps, entries in order, what
``redo`` can put back and, once scored, its result.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, Mapping

from typing import TYPE_CHECKING

from . import messages
from .rules import HouseRules
from .scoring import (Event, HandFacts, HandResult, Series, SeriesDataError,
                      apply_result, score_hand)
from .store import FORMAT, SaveFile

if TYPE_CHECKING:  # the engine is imported only where a hand is opened (start-up time)
    from .engine import Hand, Ruling

t = messages.t


def utcnow() -> _dt.datetime:
    """The current time in UTC, to the second (what the save file records)."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0)


def load_rules_table(table: Mapping[str, Any], name: str = "custom") -> HouseRules:
    """The rule set copied into a save file -> HouseRules (validated)."""
    from .rules import rules_from_table
    table = {k: v for k, v in table.items() if k != "name"}
    return rules_from_table(table, name)


class Table:
    """One series opened from its save file, with the current hand replayed.

    ``save``: the SaveFile; ``series``: the Series (standings, dealer, hand
    number); ``rules``: the HouseRules copied into the save; ``hand``: the
    engine Hand of hand ``series.hand``; ``meta``: that hand's saved header
    (``started`` time, entry times).  Methods raise SaveError for save-file
    trouble and ScoreError for refused scores.
    """

    __slots__ = ("save", "series", "rules", "hand", "meta", "created")

    # A plain class, not a dataclass: building one costs start-up time.
    def __init__(self, save: SaveFile, series: Series, rules: HouseRules, hand: "Hand",
                 meta: dict, created: Any = None) -> None:
        self.save = save
        self.series = series
        self.rules = rules
        self.hand = hand
        self.meta = meta
        self.created = created

    # -- opening and creating -------------------------------------------
    @classmethod
    def open(cls, save: SaveFile) -> "Table":
        """Read the series file and the current hand's file, replaying its log.

        Raises SaveError naming the file and the line or key path of anything
        that no longer reads or replays.
        """
        data = save.read_series()
        try:
            rules_table = data["rules"]
            rules = load_rules_table(rules_table, str(rules_table.get("name", "custom")))
        except KeyError:
            raise save.error_at(None, ["rules"], t("cli.save.no_rules")) from None
        except ValueError as exc:
            raise save.error_at(None, ["rules"], str(exc)) from None
        try:
            series = Series.from_dict(data, rules)
        except SeriesDataError as exc:
            raise save.error_at(None, [], str(exc)) from None
        hand, meta = cls._open_hand(save, series, rules)
        return cls(save, series, rules, hand, meta, data.get("created"))

    @staticmethod
    def _open_hand(save: SaveFile, series: Series, rules: HouseRules) -> tuple["Hand", dict]:
        from .engine import Hand, ReplayError
        n = series.hand
        meta = save.read_hand(n)  # every hand of a series has its file from its deal on
        try:
            players = [str(p) for p in meta["players"]]
            dealer = str(meta["dealer"])
            entries = meta.get("entries", [])
            lines = [str(e["line"]) for e in entries]
            redo = [str(e["line"]) for e in meta.get("redo", [])]
        except (KeyError, TypeError) as exc:
            raise save.error_at(n, [], t("cli.save.bad_hand", what=str(exc))) from None
        try:
            hand = Hand.replay(rules, players, dealer, n, lines, redo)
        except ReplayError as exc:
            raise save.error_at(n, ["entries", exc.index + 1],
                                t("cli.save.no_replay", line=exc.line, reason=exc.reason)) from None
        except ValueError as exc:
            raise save.error_at(n, [], str(exc)) from None
        hand.scored = series.hand_scored or "result" in meta
        return hand, meta

    @staticmethod
    def _new_hand_meta(series: Series) -> dict:
        now = utcnow()
        return {"format": FORMAT, "hand": series.hand, "dealer": series.dealer,
                "players": series.active_players(), "dealt": now, "updated": now,
                "status": "waiting", "entries": [], "redo": []}

    @classmethod
    def create(cls, save: SaveFile, players: list[str], rules: HouseRules, dealer: str) -> "Table":
        """A new series at hand 1, dealt and waiting for its starter; saved at once."""
        from .engine import Hand
        series = Series.new(players, rules, dealer)
        meta = cls._new_hand_meta(series)
        hand = Hand(rules, meta["players"], meta["dealer"], 1)
        table = cls(save, series, rules, hand, meta, utcnow())
        table.save_all()
        return table

    # -- saving -------------------------------------------------------------
    def series_dict(self) -> dict:
        """The series file's content: header, rules copy, standings (no per-hand data)."""
        d = self.series.to_dict()
        d.pop("history", None)
        rules = self.rules.to_table()
        rules = {"name": self.rules.name, **rules}
        out = {"format": FORMAT, "created": self.created or utcnow(), "updated": utcnow()}
        out.update(d)
        out["rules"] = rules
        return out

    def hand_dict(self) -> dict:
        """The current hand's file content: header, entries with times, redo, result."""
        meta = self.meta
        meta["status"] = self.hand.state()["status"]
        meta["updated"] = utcnow()
        return meta

    def save_hand(self) -> None:
        """Write the current hand's file (atomic); cost independent of the series length."""
        self.save.write_hand(self.series.hand, self.hand_dict())

    def save_all(self) -> None:
        """Write the current hand's file, then the series file."""
        self.save_hand()
        self.save.write_series(self.series_dict())

    # -- the table ------------------------------------------------------------
    def ensure_dealt(self) -> str | None:
        """Deal the next hand if the current one has been scored (R2.1).

        Returns a sentence telling the table (new hand, dealer), or None.
        Raises ScoreError when the series is over.
        """
        if not self.hand.scored:
            return None
        from .engine import Hand
        self.series.start_next_hand()
        self.meta = self._new_hand_meta(self.series)
        self.hand = Hand(self.rules, self.meta["players"], self.meta["dealer"], self.series.hand)
        self.save_all()
        key = "cli.play.new_hand_free" if self.rules.free_order else "cli.play.new_hand"
        return t(key, hand=self.series.hand, dealer=self.series.dealer,
                 first=self.hand.next_seat(self.series.dealer))

    def handle(self, text: str) -> "Ruling":
        """Apply one typed line and save if it changed the hand's log.

        Returns the engine's Ruling.  Undo/redo rewrite the log; every other
        logged entry is appended with its player and UTC time.
        """
        ruling = self.hand.apply_line(text)
        if ruling.kind in ("undo", "redo") and ruling.ok:
            self._sync_entries()
            self.save_hand()
        elif ruling.logged:
            entries = self.meta.setdefault("entries", [])
            entry = {"line": self.hand.log[-1], "at": utcnow()}
            if ruling.actor:
                entry["by"] = ruling.actor
            if not ruling.ok:
                entry["refused"] = ruling.rule or ""
            entries.append(entry)
            self.meta["redo"] = []
            self.save_hand()
        return ruling

    def _sync_entries(self) -> None:
        """After undo/redo: keep the saved entries (with their times) matching the log."""
        entries = self.meta.setdefault("entries", [])
        redo = self.meta.setdefault("redo", [])
        log = self.hand.log
        while len(entries) > len(log):
            redo.append(entries.pop())
        while len(entries) < len(log):
            if redo and redo[-1].get("line") == log[len(entries)]:
                entries.append(redo.pop())
            else:
                entries.append({"line": log[len(entries)], "at": utcnow()})
        # The engine's redo stack is the truth; keep the saved one in step.
        stack = self.hand.redo_stack
        if [e.get("line") for e in redo] != stack:
            self.meta["redo"] = [{"line": line} for line in stack]

    def state(self) -> dict:
        """The NOTATION.md state object of the current hand."""
        return self.hand.state()

    # -- scoring ----------------------------------------------------------------
    def facts(self) -> HandFacts:
        """What the referee knows of the current hand, for scoring (R7.2)."""
        h = self.hand
        st = h.state()
        return HandFacts(status=st["status"], players=list(h.seats), left=list(h.left),
                         winner=h.winner, blocked=h.blocked,
                         counts={p: h.counts[p] for p in h.active}, discard=list(h.discard),
                         decks=h.decks, refereed=h.status != "waiting")

    def score(self, winner: str | None, given: Mapping[str, Any]) -> tuple[HandResult, list[Event]]:
        """Record the current hand's result (R7) and save; returns it and its events.

        Raises ScoreError (with ``.rule``) when refused; nothing is then written.
        """
        result = score_hand(self.series, self.facts(), winner, given)
        for name in result.left:
            self.series.mark_left(name)
        events = apply_result(self.series, result)
        self.hand.scored = True
        res = result.to_dict()
        res["scored"] = utcnow()
        self.meta["result"] = res
        # The series file decides that the hand is scored: write it first, so a
        # crash between the two writes never leaves a result without its totals.
        self.save.write_series(self.series_dict())
        self.save_hand()
        return result, events


def read_standings(save: SaveFile) -> tuple[Series, bool]:
    """The series for ``standings``: the series file only, plus whether the
    current hand has started (its file's ``status``), without replaying anything.

    Returns (series, current_hand_started).  Raises SaveError.
    """
    data = save.read_series()
    try:
        rules_table = data["rules"]
        rules = load_rules_table(rules_table, str(rules_table.get("name", "custom")))
        series = Series.from_dict(data, rules)
    except KeyError:
        raise save.error_at(None, ["rules"], t("cli.save.no_rules")) from None
    except (ValueError, SeriesDataError) as exc:
        raise save.error_at(None, [], str(exc)) from None
    started = series.hand_scored
    if not started and save.has_hand(series.hand):
        meta = save.read_hand(series.hand)
        started = bool(meta.get("entries"))
        for name in _left_in(meta):
            series.mark_left(name)  # shown as out at once (R1.5); saved at `score`
    return series, started


def _left_in(meta: Mapping[str, Any]) -> list[str]:
    """Players who left during a hand, read from its entries without replaying (R1.5)."""
    from .notation import Leave, parse_line
    out = []
    players = {str(p).lower(): str(p) for p in meta.get("players", [])}
    for entry in meta.get("entries", []):
        if "leave" not in str(entry.get("line", "")).lower():
            continue
        try:
            line = parse_line(str(entry.get("line", "")))
        except ValueError:
            continue
        for action in line.actions:
            if isinstance(action, Leave) and action.target.lower() in players and \
                    not entry.get("refused"):
                out.append(players[action.target.lower()])
    return out
