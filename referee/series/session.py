"""An open series at the table: series header, rule set and the current hand.

This is the layer between the pure engine (``engine``, ``scoring``) and the
save file (``store``): it turns saved dicts into a ``Series`` and a replayed
``Hand``, applies typed lines one at a time and saves after every entry that
took effect.  The REPL, ``play --script`` and the other commands all use it.
No terminal I/O here.

Save layout (format 1): the series file holds the header (players, rule set
copied in, running standings; fixed size), and ``<name>.hands/hand-NNNNN.toml``
holds each hand: its dealer, players, UTC timestamps, entries in order, what
``redo`` can put back, once over the state its entries end in (``end``,
derived: see ``end_name``) and, once scored, its result and its corrections.

The hands' results are the log of the series; the standings in the header are
what replaying them gives (``scoring.replay_series``), kept so that opening a
series costs the same whatever its length.  Every write puts the log first:
a score writes the hand's result, then the next hand's deal, then the header;
a correction marks the header ``settling``, writes the hand, then settles the
header again from every result.  So after a crash at any moment the header is
either up to date or visibly behind (``settling``, or a result the header has
not counted), and the next command settles it from the results
(``OpenSeries.open``).  Kept series: see ``start_series``, ``switch_series`` and
``kept_series``.

Everything read back is checked as ``new`` checks what it is given (the rules,
the seating, the deal fitting the deck, R1.1, R1.3, R8), and a value that is
not is a SaveError at the line of its key.  The header keeps a checksum of its
standings (``STANDINGS_SUM``): standings edited by hand are checked against
the hands' results, which ``history``, the exports and a correction always
do, and a series file or hand file that says what the hands do not (a total,
who deals) is refused, never quietly believed (``_check_against_hands``).
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Mapping
from typing import Any

from typing import TYPE_CHECKING

from referee import messages
from referee.engine.rules import HouseRules, RulesError
from referee.engine.tomlsource import toml_value
from referee.engine.rulecheck import check_table_fits
from referee.engine.told import Told
from referee.series.presets import rules_from_saved
from referee.series.scoring import (
    Event, HandFacts, HandResult, SavedSection, ScoreError, Series, SeriesDataError, apply_result,
    join_names, joins_of, player_name_problem, recorded_problem, replay_series, score_hand,
    best_high, series_limit, untold_winner,
)
from referee.series.store import END, FORMAT, SaveError, SaveFile, os_reason
from referee.series.spoken import table_lexicon

if TYPE_CHECKING:  # the engine is imported only where a hand is opened (start-up time),
    from referee.engine import Hand, Ruling  # its rules only where one is played
    from referee.engine.dealt import Dealt

t = messages.t


def utcnow() -> _dt.datetime:
    """The current time in UTC, to the second (what the save file records)."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0)


def saved_rules(save: SaveFile, data: Mapping[str, Any]) -> HouseRules:
    """The rule set copied into the series file ``data`` (its ``[rules]`` table),
    validated as ``new`` validates one (``rules_from_saved``); SaveError naming
    the line of the key at fault (``rules.stacking``, not the ``[rules]`` line).

    A series file written with its ``RULES_SUM`` holds every key of its rule
    set (R8): one taken out is a SaveError naming it (``_missing_rule``), not
    the standard value in its place.  A file without the sum (written before
    it was kept) reads as before: a key it lacks has its standard value."""
    if "rules" not in data:
        raise save.error_at(None, ["rules"], t("cli.save.no_rules"))
    try:
        rules = rules_from_saved(data["rules"])
    except RulesError as exc:
        raise _rules_error(save, exc) from None
    table = data["rules"]
    if RULES_SUM in data and data.get(RULES_SUM) != rules_sum(table):
        missing = _missing_rule(rules, table)
        if missing:
            raise save.error_at(None, ["rules", *missing], t(
                "cli.save.rule_missing", key=".".join(["rules", *missing])))
    return rules


RULES_SUM = "rules_sum"
"""The series file's key holding ``rules_sum`` of its ``[rules]`` table as written."""


def rules_sum(table: Mapping[str, Any]) -> str:
    """A CRC-32 (8 hex digits) of a series file's ``[rules]`` table: the same for
    the table written and read back, another once a key is edited or taken out."""
    import zlib
    text = repr(_canonical(table))
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def _canonical(value: Any) -> Any:
    """``value`` with its tables' keys sorted and each value tagged with its type."""
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _canonical(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_canonical(v) for v in value)
    return (type(value).__name__, value)


def _missing_rule(rules: HouseRules, table: Mapping[str, Any]) -> list[str] | None:
    """The first key (as parts: ``["points", "K"]``) that the series file's
    ``[rules]`` ``table`` lacks, of those a series file is written with for
    ``rules`` (``HouseRules.to_table``: every key, the points and the series
    settings whole); None when none is missing."""
    for key, value in rules.to_table().items():
        if key not in table:
            return [key]
        saved = table[key]
        if isinstance(value, Mapping) and isinstance(saved, Mapping) \
                and not any(isinstance(v, Mapping) for v in value.values()):
            for sub in value:
                if sub not in saved:
                    return [key, str(sub)]
    return None


def _rules_error(save: SaveFile, exc: RulesError) -> SaveError:
    """A RulesError about the series file's rules or seating as a SaveError at the
    key's own line: ``players`` (R1.1) or ``rules.KEY``."""
    parts: list[str | int] = ["rules"]
    if exc.key == "players":
        parts = ["players"]
    elif exc.key:
        parts += exc.key.split(".")
    return save.error_at(None, parts, messages.say(exc.problem))


def _series_from(save: SaveFile, data: Mapping[str, Any]) -> tuple[HouseRules, Series]:
    """The rules and Series of a series file's content, every value checked as
    ``new`` checks it (the rules, the seating, the deal fitting the deck:
    ``check_table_fits``); SaveError naming the line of the key at fault."""
    rules = saved_rules(save, data)
    try:
        series = Series.from_dict(data, rules)
    except SeriesDataError as exc:
        raise save.error_at(None, exc.where, str(exc)) from None
    try:
        check_table_fits(rules, len(series.players))
    except RulesError as exc:
        raise _rules_error(save, exc) from None
    return rules, series


def _deal(rules: HouseRules, players: list[str], dealer: str, n: int) -> "Dealt":
    """Hand ``n`` dealt to ``players`` by ``dealer`` (R2.2), waiting for its starter:
    the engine's ``Dealt``, without its rule modules (ValueError: the dealer is not
    in the hand)."""
    from referee.engine.dealt import Dealt
    return Dealt(rules, players, dealer, n)


# A hand over keeps the state its entries end in under ``END`` (``Dealt.end_record``),
# with ``of`` naming what it was derived from (``end_name``).  Derived data, as
# the hands' index is: written with every save of a hand that is over, used
# only while ``of`` names the file's entries, its rules, the ``end`` itself and
# this version of the program, so that ``score`` and ``state`` after a hand
# need not load the rule modules and replay it; anything else (missing,
# damaged, hand-edited, older) means the entries are replayed, as they always
# may be.


def end_name(rules: HouseRules, lines: list[str], end: Mapping[str, Any]) -> str:
    """What a hand's ``end`` (without its ``of``) was derived from: this program's
    version and a CRC-32 of the rule set in force, the entry ``lines`` and the
    ``end``.  A hand-edited entry, rule or ``end``, or another version of the
    referee, gives another name."""
    import zlib
    from referee import __version__
    fields = sorted((k, sorted(v.items()) if isinstance(v, dict) else v)
                    for k, v in end.items() if k != "of")
    text = "\n".join([repr(rules.to_table()), *lines, repr(fields)])
    return f"{__version__} {zlib.crc32(text.encode('utf-8')):08x}"


def _replay_hand(save: SaveFile, rules: HouseRules, n: int, meta: Mapping[str, Any],
                 use_end: bool = True) -> "Dealt":
    """Hand ``n`` replayed from its saved ``meta``; SaveError naming the entry that fails.

    A hand with no entry and nothing to redo is only dealt: its ``Dealt``,
    without the engine's rule modules (``OpenSeries.hand`` makes the ``Hand`` when
    one is needed).  So is a hand over whose saved ``end`` names its entries
    (``END``; unless not ``use_end``): ``Dealt.ended``, which ``OpenSeries.hand``
    replays when asked for the ``Hand``.  Any other is the ``Hand`` its log
    replays to.
    """
    players = _players_of(save, n, meta)
    try:
        dealer = SavedSection(meta, [])("dealer", "enum", tuple(players))
    except SeriesDataError as exc:
        raise save.error_at(n, exc.where, exc.message) from None
    lines, redo = ([str(e["line"]) for e in _log_of(save, n, meta, key)]
                   for key in ("entries", "redo"))
    if not lines and not redo:
        return _deal(rules, players, dealer, n)   # (the dealer is one of the players: checked)
    end = meta.get(END)
    if use_end and not redo and isinstance(end, dict):
        from referee.engine.dealt import Dealt
        try:
            if end.get("of") == end_name(rules, lines, end):
                return Dealt.ended(rules, players, dealer, n, end)
        except (ValueError, TypeError):
            pass  # (not an end this program wrote: the entries say what it is)
    from referee.engine import Hand, ReplayError
    from referee.words.events import told
    try:
        return Hand.replay(rules, players, dealer, n, lines, redo, table_lexicon(rules))
    except ReplayError as exc:
        raise save.error_at(n, ["entries", exc.index + 1],
                            t("cli.save.no_replay", line=exc.line, reason=told(exc.reason))) from None
    except ValueError as exc:
        raise save.error_at(n, [], str(exc)) from None


# The standings in the series file are derived from the hands' results (the
# record), kept there so that opening a series costs the same whatever its
# length.  ``STANDINGS_SUM`` is a checksum of them as written: while it matches,
# they are what the last command wrote and are used as they are; a series file
# whose standings were edited by hand (or that has no sum: written before it
# was kept) is checked against its hands first (``_check_against_hands``),
# which ``history``, the exports and a correction always do.
STANDINGS_SUM = "standings_sum"
"""The series file's key holding ``standings_sum`` of its standings."""
_STANDINGS_KEYS = ("players", "hand", "dealer", "first_dealer", "hand_scored", "winners",
                   "records", "hands_scored", "last")


def standings_sum(data: Mapping[str, Any]) -> str:
    """A CRC-32 (8 hex digits) of the standings in the series file ``data``
    (players, hand, dealer, first dealer, winners, records, hands scored, the
    last hand's points): the same for the dict written and for the file read
    back, another for any value edited."""
    import zlib

    def canonical(value: Any) -> Any:
        if isinstance(value, Mapping):
            return tuple(sorted((str(k), canonical(v)) for k, v in value.items()))
        if isinstance(value, (list, tuple)):
            return tuple(canonical(v) for v in value)
        return (type(value).__name__, value)

    text = repr([(key, canonical(data.get(key))) for key in _STANDINGS_KEYS])
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def _edited(data: Mapping[str, Any]) -> bool:
    """Whether the standings in the series file ``data`` may have been edited
    since a command wrote them (their ``STANDINGS_SUM`` does not match, or
    there is none), so that they must be checked against the hands."""
    return data.get(STANDINGS_SUM) != standings_sum(data)


def _behind(data: Mapping[str, Any], series: Series, current: Mapping[str, Any] | None) -> bool:
    """Whether the series header ``data`` (read as ``series``) is behind its hands'
    results: a correction cut short (``settling``), or a score cut short after
    the current hand's file ``current`` got its result (see the module docstring)."""
    return bool(data.get("settling")) or (current is not None and "result" in current
                                          and not series.hand_scored)


def _result_check(save: SaveFile):
    """The ``check`` that ``SaveFile.read_hand_heads`` runs on each hand's file: it
    is the file of hand ``n`` (``_check_number``), and a result must read and
    hold no negative score (``_result_of``; a hand-edited file is reported
    with its line)."""
    def check(n: int, meta: Mapping[str, Any]) -> None:
        _check_number(save, n, meta)
        if "result" in meta:
            _result_of(save, n, meta)
    return check


def _check_number(save: SaveFile, n: int, meta: Mapping[str, Any]) -> None:
    """Hand ``n``'s file says it is hand ``n``: its ``hand`` and its result's;
    SaveError at the line of the one that does not (a hand-edited file)."""
    for parts in (["hand"], ["result", "hand"]):
        table = meta.get("result") if len(parts) == 2 else meta
        if not isinstance(table, Mapping) or "hand" not in table:
            continue
        try:
            found = SavedSection(table, parts[:-1])("hand", "int", (1, None))
        except SeriesDataError as exc:
            raise save.error_at(n, exc.where, exc.message) from None
        if found != n:
            raise save.error_at(n, parts, t("cli.save.hand_number", found=found, hand=n))


def _log_check(save: SaveFile, rules: HouseRules):
    """The ``whole`` check that ``SaveFile.read_hand_heads`` runs on each hand's
    file read in full (``check_log``)."""
    def whole(n: int, data: Mapping[str, Any]) -> None:
        check_log(save, rules, n, data)
    return whole


def check_log(save: SaveFile, rules: HouseRules, n: int, meta: Mapping[str, Any]) -> None:
    """Hand ``n``'s log (its whole file ``meta``) replays, and once the hand is
    scored, to the result it was scored with (``scoring.recorded_problem``:
    R3.9, R6.1, R7.1, R7.2).  A hand-edited entry or result is a SaveError
    naming the file, the line and the key path (``hands[1].entries[3]``,
    ``hands[1].result.cards.Bram``), as an edited total is.  Cheap for a file
    as written: its saved ``end`` names its entries, so they are not replayed
    (``_replay_hand``)."""
    if not meta.get("entries") and not meta.get("redo"):
        return   # dealt only, or scored without the referee: no log to replay
    hand = _replay_hand(save, rules, n, meta)
    if "result" not in meta:
        return
    result = _result_of(save, n, meta)
    found = recorded_problem(rules, _facts(hand), result)
    if found is not None:
        where, exc = found
        raise save.error_at(n, where, t("cli.save.log_disagrees", reason=exc.message, hand=n))


def _joins(save: SaveFile, metas: Any) -> dict[int, list[tuple[str, int]]]:
    """Who joined at which hand (``scoring.joins_of``) from hands' files ``metas``
    (None ones skipped); SaveError at the line of an entry that does not read."""
    found: dict[int, list[tuple[str, int]]] = {}
    for meta in metas:
        if not meta or not meta.get("joined"):
            continue
        try:
            found.update(joins_of([meta]))
        except SeriesDataError as exc:
            raise save.error_at(meta.get("hand") if type(meta.get("hand")) is int else None,
                                exc.where, exc.message) from None
    return found


def _check_corrections(save: SaveFile, n: int, meta: Mapping[str, Any]) -> None:
    """The corrections kept in hand ``n``'s file (``history`` shows them): each a
    table whose ``old`` and ``new`` hold whole numbers by name; SaveError with
    the line of the value at fault."""
    try:
        head = SavedSection(meta, [])
        for i, item in enumerate(head.items_at("corrections", Told("score.allowed.corrections"), []), 1):
            correction = SavedSection.of(item, ["corrections", i], Told("score.allowed.correction"))
            correction("by", "text", None, None)
            for key in ("old", "new"):
                points = correction.table_at(key, Told("score.allowed.points"), {})
                for name in points.keys():
                    points(name, "int", (None, None))
    except SeriesDataError as exc:
        raise save.error_at(n, exc.where, exc.message) from None


def _result_of(save: SaveFile, n: int, meta: Mapping[str, Any]) -> HandResult:
    """The result saved in hand ``n``'s file; SaveError (with its line) when a
    value of it does not read or it holds a negative score (a hand-edited file)."""
    try:
        result = HandResult.from_dict(meta["result"], ["result"])
    except SeriesDataError as exc:
        raise save.error_at(n, exc.where, exc.message) from None
    _check_corrections(save, n, meta)
    for name, points in result.points.items():
        if points < 0:
            raise save.error_at(n, ["result", "points", name],
                                t("cli.save.negative_points", name=name, points=points))
    return result


class OpenSeries:
    """One series opened from its save file, with the current hand replayed.

    ``save``: the SaveFile; ``series``: the Series (standings, dealer, hand
    number); ``rules``: the HouseRules copied into the save; ``hand``: the
    engine Hand of hand ``series.hand``; ``dealt``: the same hand for what a
    hand as dealt can answer (its deal, state and result: a ``Dealt``, which
    ``hand`` is too); ``meta``: that hand's saved header
    (``started`` time, entry times); ``display``: the series' display settings
    (``[display]`` in the series file: ``show_calls``), which change no
    ruling.  Methods raise SaveError for save-file trouble and ScoreError for
    refused scores.  (The table is where its players sit, R8.6: a tournament's
    table plays one such series.)
    """

    __slots__ = ("save", "series", "rules", "dealt", "meta", "created", "series_id", "display")

    # A plain class, not a dataclass: building one costs start-up time.
    def __init__(self, save: SaveFile, series: Series, rules: HouseRules, hand: "Dealt",
                 meta: dict, created: Any = None, series_id: int | None = None,
                 display: Mapping[str, Any] | None = None) -> None:
        self.save = save
        self.series = series
        self.rules = rules
        self.dealt = hand
        self.meta = meta
        self.created = created
        self.series_id = series_id
        self.display = dict(display or {})

    @property
    def hand(self) -> "Hand":
        """The engine Hand of the current hand, to play it and to query it.

        A hand only dealt (no entry, nothing to redo) is held as its ``Dealt``,
        which answers what scoring it and telling its deal ask (``dealt``)
        without the engine's rule modules; the ``Hand`` is made from it here,
        the one place, the first time anything asks for it (an entry, undo,
        a query): the same hand, dealt, waiting for its starter (R2.3).  A
        hand over opened from its saved ``end`` (``END``) is held so too; its
        ``Hand`` is what its entries replay to.
        """
        from referee.engine.dealt import Dealt
        hand = self.dealt
        if type(hand) is Dealt:
            if hand.status == "waiting":
                from referee.engine import Hand
                dealt = hand
                hand = Hand(dealt.rules, dealt.seats, dealt.dealer, dealt.number,
                            table_lexicon(dealt.rules))
            else:
                hand = _replay_hand(self.save, self.rules, hand.number, self.meta, use_end=False)
            hand.scored = self.dealt.scored
            self.dealt = hand
        return hand  # type: ignore[return-value]

    @property
    def started(self) -> bool:
        """Whether the current hand's log holds an entry that took effect."""
        from referee.engine.dealt import Dealt
        hand = self.dealt
        if type(hand) is Dealt:
            return hand.status != "waiting"   # (a hand over, opened from its ``end``)
        return bool(hand.log)  # type: ignore[attr-defined]

    # -- opening and creating -------------------------------------------
    @classmethod
    def open(cls, save: SaveFile, write: bool = True) -> "OpenSeries":
        """Read the series file and the current hand's file, replaying its log.

        Finishes first what a killed command left half done: moves of kept
        series (``SaveFile.recover``), and a header behind its hands' results
        (a score or a correction cut short), which is settled again from the
        results and saved; with ``write`` False (a command that only reads:
        ``state``, ``replay``) it is settled in memory only and nothing is
        written (the next command that writes saves it).  Raises SaveError
        naming the file and the line or key path of anything that no longer
        reads or replays.
        """
        save.recover()
        data = save.read_series()
        speak_series_language(data)
        rules, series = _series_from(save, data)
        save.check_hands()
        meta = save.read_hand(series.hand) if save.has_hand(series.hand) else None
        table_id = data.get("id") if type(data.get("id")) is int else None
        display = data.get("display")
        display = display if isinstance(display, dict) else None
        if _behind(data, series, meta):
            table = cls(save, series, rules, None, {}, data.get("created"), table_id,  # type: ignore[arg-type]
                        display)
            if write:
                with save.lock():
                    table.settle()
            else:
                table.settle(write=False)
            return table
        _check_header(save, data, series, rules, None if series.hand_scored else meta)
        hand, meta = cls._open_hand(save, series, rules, meta)
        return cls(save, series, rules, hand, meta, data.get("created"), table_id, display)

    @staticmethod
    def _open_hand(save: SaveFile, series: Series, rules: HouseRules,
                   meta: dict | None = None) -> tuple["Dealt", dict]:
        n = series.hand
        if meta is None:
            meta = save.read_hand(n)  # every hand of a series has its file from its deal on
        hand = _replay_hand(save, rules, n, meta)
        hand.scored = series.hand_scored or "result" in meta
        return hand, meta

    @staticmethod
    def _new_hand_meta(series: Series) -> dict:
        now = utcnow()
        return {"format": FORMAT, "hand": series.hand, "dealer": series.dealer,
                "players": series.active_players(), "dealt": now, "updated": now,
                "status": "waiting", "entries": [], "redo": []}

    @classmethod
    def create(cls, save: SaveFile, players: list[str], rules: HouseRules, dealer: str,
               series_id: int | None = None, display: Mapping[str, Any] | None = None) -> "OpenSeries":
        """A new series at hand 1, dealt and waiting for its starter; saved at once
        (the folder is made if needed).  ``series_id``: its id among the series
        kept beside it (``start_series`` chooses it)."""
        series = Series.new(players, rules, dealer)
        meta = cls._new_hand_meta(series)
        hand = _deal(rules, meta["players"], meta["dealer"], 1)
        table = cls(save, series, rules, hand, meta, utcnow(), series_id, display)
        folder = os.path.dirname(os.path.abspath(os.fspath(save.path)))
        os.makedirs(folder, exist_ok=True)
        table.save_all()
        return table

    # -- saving -------------------------------------------------------------
    def series_dict(self) -> dict:
        """The series file's content: header, rules copy, standings (no per-hand data)."""
        d = self.series.to_dict()
        d.pop("history", None)
        rules = self.rules.to_table()
        rules = {"name": self.rules.name, **rules}
        out = {"format": FORMAT, "id": self.series_id, "created": self.created or utcnow(),
               "updated": utcnow()}
        out.update(d)
        out[STANDINGS_SUM] = standings_sum(out)
        out[RULES_SUM] = rules_sum(rules)
        if self.display:
            out["display"] = dict(self.display)
        out["rules"] = rules
        return out

    def hand_dict(self) -> dict:
        """The current hand's file content: header, entries with times, redo, once
        over its ``end`` (``END``), result."""
        meta = self.meta
        hand = self.dealt
        meta["status"] = hand.state()["status"]
        meta["updated"] = utcnow()
        if hand.status == "over":  # (derived: END)
            lines = [str(e["line"]) for e in meta.get("entries", [])]
            end = hand.end_record()
            meta[END] = {"of": end_name(self.rules, lines, end), **end}
        else:
            meta.pop(END, None)
        return meta

    def save_hand(self) -> None:
        """Write the current hand's file (atomic); cost independent of the series length."""
        self.save.write_hand(self.series.hand, self.hand_dict())

    def save_all(self) -> None:
        """Write the current hand's file, then the series file."""
        self.save_hand()
        self.save.write_series(self.series_dict())

    # -- display settings (no ruling depends on them) ---------------------------
    def rule_origin(self, key: str) -> tuple[str, str, int | None] | None:
        """Where house rule ``key`` (``"stacking"``, ``"actions.K"``) of this series
        was set, as kept when it was started (``start_series``'s ``origin``):
        ``("file", file name, line)`` (line None when the file is no longer
        there), ``("preset", name, None)`` (a preset, or the preset the file
        extends for a key the file does not set), or
        None when unknown (a series started before this was kept)."""
        display = self.display
        preset = display.get("rules_preset")
        if isinstance(preset, str):
            return ("preset", preset, None)
        path = display.get("rules_file")
        if not isinstance(path, str):
            return None
        lines = display.get("rules_lines")
        line = lines.get(key) if isinstance(lines, dict) else None
        base = display.get("rules_extends")
        if type(line) is not int and isinstance(base, str):
            return ("preset", base, None)  # (not set in the file: the preset it extends)
        if not os.path.isfile(path) or type(line) is not int:
            line = None
        return ("file", os.path.basename(path), line)

    @property
    def show_calls(self) -> bool:
        """Whether the prompt shows who owes "Laatste kaart!" and who can be called
        (R4.2, R4.3).  Off unless the family turns it on: noticing it is the game."""
        return self.display.get("show_calls") is True

    def shown_state(self) -> dict:
        """``state()`` as the table is shown it (the text ``state``, the prompt and
        its completion): who may still announce and who can be called (R4.2,
        R4.3) left out unless the series shows them (``show_calls``)."""
        st = self.state()
        if not self.show_calls:
            st["announce_due"], st["callable"] = None, []
        return st

    def set_show_calls(self, on: bool) -> None:
        """Turn ``show_calls`` on or off for this series and save the series file."""
        self.display["show_calls"] = bool(on)
        self.save.write_series(self.series_dict())

    # -- the table ------------------------------------------------------------
    def ensure_dealt(self) -> str | None:
        """Deal the next hand if the current one has been scored (R2.1).

        Returns a sentence telling the table (new hand, dealer), or None.
        Raises ScoreError when the series is over.
        """
        if not self.dealt.scored:
            return None
        self._deal_next()
        self.save.write_series(self.series_dict())
        return self._deal_sentence()

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
        return self.dealt.state()

    def hand_log(self, n: int) -> Mapping[str, Any] | None:
        """The saved log of hand ``n`` of the series (``replay``): the current hand's
        as it stands, an earlier one's read from its file (SaveError when it no
        longer reads), or None when the series has not reached hand ``n``."""
        if n > self.series.hand:
            return None
        return self.meta if n == self.series.hand else self.save.read_hand(n)

    # -- scoring ----------------------------------------------------------------
    def facts(self) -> HandFacts:
        """What the referee knows of the current hand, for scoring (R7.2)."""
        return _facts(self.dealt)

    def score(self, winner: str | None, given: Mapping[str, Any]) -> tuple[HandResult, list[Event]]:
        """Record the current hand's result (R7), deal the next hand at once
        (status waiting, the next dealer by R2.1) unless the series is over, and
        save; returns the result and its events.  Afterwards ``hand``/``meta``
        are the new hand (``deal_text`` tells it).

        Raises ScoreError (with ``.rule``) when refused; nothing is then written.
        Saving order (see the module docstring): the hand's result, the next
        deal, then the header.
        """
        if self.dealt.scored and not self.series.over:  # saved before hands were dealt at once
            self.ensure_dealt()
        facts = self.facts()
        untold = untold_winner(self.series, facts, winner, given)
        result = score_hand(self.series, facts, winner, given)
        for name in result.left:
            self.series.mark_left(name)
        events = apply_result(self.series, result)
        if untold is not None:  # R7.1: said, as every automatic effect is
            events.insert(0, Event("winner_untold", (untold,), "R7.1", hand=result.hand))
        self.dealt.scored = True
        res = result.to_dict()
        res["scored"] = utcnow()
        self.meta["result"] = res
        self.save_hand()
        if not self.series.over:
            self._deal_next()
        self.save.write_series(self.series_dict())
        return result, events

    def join(self, name: str, total: int | None = None) -> str:
        """Seat ``name``, who arrives during the series, from the hand to come (R7.3):
        appended to the seating (R1.2), with the starting ``total`` the family
        chooses, by default the highest total of those still in.  Recorded in
        that hand's file (``joined``: name, total, when) as ``history`` shows
        it, the hand dealt again to the same dealer with them, then the series
        settled from its hands; saved.  -> the sentence telling it (the deal is
        ``deal_text``).  Raises ScoreError: the series is over, the hand is
        being played or over and not scored (R7.3: they join the next one), the
        name is refused (R1.1: its spelling, seated already, more than 8), or
        in elimination a total over the limit (R7.4); RulesError when the deck
        would not hold the deal (R1.3, R2.2).  Nothing is written then."""
        series = self.series
        if series.over:
            raise ScoreError("score.refuse.join_over", "R7.3", names=join_names(series.winners))
        name = name.strip()
        problem = player_name_problem([*series.players, name])
        if problem:
            cited = "(R1.1)."  # the problem cites its rule; the refusal cites it once
            bare = problem[:-len(cited)].rstrip() if problem.endswith(cited) else problem.rstrip(".")
            raise ScoreError("score.refuse.join_name", "R1.1", problem=bare)
        if self.started:
            raise ScoreError("score.refuse.join_playing", "R7.3", name=name, hand=series.hand)
        still = series.active_players()
        chosen = total is not None
        if total is None:
            # the worst total of those still in: the lowest when the highest is best (R10.90)
            worst = min if best_high(self.rules) else max
            total = worst((series.records[p].total for p in still), default=0)
        limit = series_limit(self.rules)
        if series.mode == "elimination" and total > limit:
            raise ScoreError("score.refuse.join_over_limit", "R7.4", name=name, total=total,
                             limit=limit)
        check_table_fits(self.rules, len(still) + 1)
        with self.save.lock():
            series.players.append(name)
            from referee.series.scoring import PlayerRecord
            series.records[name] = PlayerRecord(name, total=total)
            joined = [*self.meta.get("joined", []), {"name": name, "total": total, "at": utcnow()}]
            self.meta = self._new_hand_meta(series)
            self.meta["joined"] = joined  # (two arriving for the same hand: both kept)
            self.dealt = _deal(self.rules, self.meta["players"], self.meta["dealer"], series.hand)
            self.save_hand()
            self.settle()
        key = "score.joined_total" if chosen else "score.joined_highest"
        return t(key, name=name, hand=self.series.hand, total=total)

    def abandon(self) -> str:
        """Abandon the hand being played (R7.3): its file, entries and all, is kept
        as ``hand-0000N.abandoned-K.toml`` marked ``status = "abandoned"`` with the
        time, nobody scores it, and the same hand is dealt again by the same
        dealer to the same players; saved.  -> the sentence telling it (the deal
        is ``deal_text``).  Raises ScoreError when the series is over, or the
        hand has not begun (nothing to abandon) or is over and scored."""
        series = self.series
        if series.over:
            raise ScoreError("score.refuse.abandon_over", "R7.3", names=join_names(series.winners))
        if self.dealt.scored or series.hand_scored:
            raise ScoreError("score.refuse.abandon_scored", "R7.3", hand=series.hand)
        if not self.started:
            raise ScoreError("score.refuse.abandon_waiting", "R7.3", hand=series.hand)
        kept = dict(self.hand_dict())
        kept["status"] = "abandoned"
        kept["abandoned"] = utcnow()
        with self.save.lock():
            path = self.save.keep_abandoned(series.hand, kept)
            self.meta = self._new_hand_meta(series)
            self.dealt = _deal(self.rules, self.meta["players"], self.meta["dealer"], series.hand)
            self.save_hand()
        return t("score.abandoned", hand=series.hand, file=os.path.basename(os.fspath(path)))

    def _deal_next(self) -> None:
        """Move to the next hand and deal it (R2.1): its file is written, not the header."""
        self.series.start_next_hand()
        self.meta = self._new_hand_meta(self.series)
        self.dealt = _deal(self.rules, self.meta["players"], self.meta["dealer"], self.series.hand)
        self.save_hand()

    def deal_text(self) -> str:
        """The sentences telling the table the current hand's deal: who deals, who
        plays first (R2.1, R2.5), and with two decks or more to shuffle them
        together (R1.3)."""
        text = self._deal_sentence()
        shuffle = self.shuffle_text()
        return f"{text} {shuffle}" if shuffle else text

    def _deal_sentence(self) -> str:
        """Who deals the current hand and who plays first (R2.1, R2.5)."""
        key = "score.deal.next_hand_free" if self.rules.free_order else "score.deal.next_hand"
        return t(key, hand=self.series.hand, dealer=self.series.dealer,
                 first=self.dealt.next_seat(self.series.dealer))

    def shuffle_text(self) -> str | None:
        """"Shuffle 2 decks together: 108 cards." when the current hand needs more
        than one deck (R1.3: six players or more, or ``decks``), else None."""
        decks = self.dealt.decks
        if decks < 2:
            return None
        return t("score.deal.decks", n=decks, cards=self.dealt.deck_total)

    # -- corrections -------------------------------------------------------------
    def correct(self, n: int, winner: str | None, given: Mapping[str, Any],
                by: str | None = None) -> tuple[HandResult, list[Event], HandResult | None]:
        """Correct the result of hand ``n`` (NOTATION "Between hands and scoring").

        The hand is scored again, checked as it was the first time (R7.1, R7.2
        for a refereed hand, the players out before it as then), and the
        correction is recorded in the hand's file beside the result (who if
        ``by`` is given, when, old and new points).  The series is then settled
        again from every result: totals, eliminations, the series winner and the
        dealer rotation (R2.1, R7.3-R7.6).  A hand dealt but not started is dealt
        again to the players and dealer it now has.  ``n`` being the current hand
        not yet scored, this is an ordinary ``score``.

        Returns the new result, the events (who is out or back in, the series
        winner) to tell, and the result it replaced (None for an ordinary
        ``score``).  Raises ScoreError: no such hand (R7.3), the
        score refused, or a later hand already started or scored that would have
        been dealt to other players or by another dealer (R2.1 / R7.4); nothing
        is then written (but the hands' index, derived data).  Only hand ``n``'s
        file is read whole: of the others, the results, players and dealers
        come from the hands' index while their files are unchanged
        (``SaveFile.read_hand_heads``), here and when settling.
        """
        series = self.series
        if n == series.hand and not series.hand_scored and not self.dealt.scored:
            return (*self.score(winner, given), None)
        last_scored = series.hand if series.hand_scored else series.hand - 1
        if not 1 <= n <= last_scored:
            key = "score.refuse.no_such_hand" if last_scored else "score.refuse.no_hand_yet"
            raise ScoreError(key, "R7.3", hand=n, last=last_scored)
        # Of the other hands only results, players and dealers count: their heads
        # (the hands' index); hand n whole, to replay it and to write it again.
        metas = self._scored_heads(last_scored)
        header = self.save.read_series()
        _check_against_hands(self.save, header, series, self.rules,
                             None if series.hand_scored else self.meta, metas)
        metas[n] = self.save.read_hand(n)
        results = [_result_of(self.save, k, metas[k]) for k in range(1, last_scored + 1)]
        first_dealer = _dealer_of(self.save, 1, metas[1], series)
        joins = _joins(self.save, [*metas.values(), self.meta])
        before, _ = replay_series(series.players, self.rules, first_dealer, results[:n - 1], joins)
        facts = self._facts_of(n, metas[n])
        old = results[n - 1]
        if winner is None or not winner.strip():  # the recorded winner stays unless one is named
            winner = old.winner
        new = score_hand(before, facts, winner, given)
        if (new.points, new.winner, new.blocked) == (old.points, old.winner, old.blocked):
            raise ScoreError("score.refuse.no_change", "R7.3", hand=n)
        results[n - 1] = new
        after, deals = replay_series(series.players, self.rules, first_dealer, results, joins)
        self._check_later_hands(n, metas, deals, last_scored)
        events = _changes(series, after, n)

        # Write: the header marked settling, the hand, then the settled header.
        header["settling"] = n
        with self.save.lock():
            self.save.check_hand_writable(n)   # (a refusal writes nothing, not even `settling`)
            self.save.write_series(header)
            meta = metas[n]
            correction: dict[str, Any] = {"at": utcnow()}
            if by:
                correction["by"] = by
            if old.winner is not None or new.winner is not None:
                correction["old_winner"] = old.winner
                correction["new_winner"] = new.winner
            correction["old"] = dict(old.points)
            correction["new"] = dict(new.points)
            res = new.to_dict()
            res["scored"] = meta["result"].get("scored", correction["at"])
            res["corrected"] = correction["at"]
            meta["result"] = res
            meta.setdefault("corrections", []).append(correction)
            meta["updated"] = correction["at"]
            self.save.write_hand(n, meta)
            self.settle()
        return new, events, old

    def _scored_heads(self, last: int) -> dict[int, dict[str, Any]]:
        """``_scored_heads`` of this series, each file read in full with its log checked."""
        return _scored_heads(self.save, last, rules=self.rules)

    def _facts_of(self, n: int, meta: Mapping[str, Any]) -> HandFacts:
        """What the referee knew of hand ``n`` (replayed from its entries)."""
        hand = _replay_hand(self.save, self.rules, n, meta)
        return _facts(hand)

    def _check_later_hands(self, n: int, metas: Mapping[int, Mapping[str, Any]],
                           deals: list, last_scored: int) -> None:
        """Refuse a correction that would change who played a later hand already
        started or scored (its players or its dealer, R2.1 / R7.4)."""
        by_hand = {d.hand: d for d in deals}
        later = list(range(n + 1, last_scored + 1))
        current = self.series.hand
        if current > last_scored and self.meta.get("entries"):
            later.append(current)  # the hand being played
        for k in later:
            meta = metas.get(k, self.meta)
            players = tuple(str(p) for p in meta.get("players", []))
            dealer = str(meta.get("dealer", ""))
            deal = by_hand.get(k)
            if deal is None:
                raise ScoreError("score.refuse.correct_ends_series", "R7.4", hand=n, later=k)
            if deal.players != players:
                gone = [p for p in players if p not in deal.players]
                back = [p for p in deal.players if p not in players]
                if back:
                    raise ScoreError("score.refuse.correct_back", "R7.4", hand=n, later=k,
                                     names=join_names(back), n=len(back))
                raise ScoreError("score.refuse.correct_out", "R7.4", hand=n, later=k,
                                 names=join_names(gone), n=len(gone))
            if deal.dealer != dealer:
                raise ScoreError("score.refuse.correct_dealer", "R2.1", hand=n, later=k,
                                 dealer=dealer, other=deal.dealer)

    def settle(self, write: bool = True) -> None:
        """Settle the header again from every hand's result (the log), and deal the
        current hand again if it is only dealt and now has other players or
        another dealer; save (the caller holds the lock), unless not ``write``:
        then only this object is settled (a reading command writes nothing)."""
        save = self.save
        saved = set(save.hand_numbers())
        last = 0  # the hands 1 .. last have a file
        while last + 1 in saved:
            last += 1
        # The hands before the newest: their results (heads); the newest whole, as
        # the hand being played, or scored the last (SaveError when hand 1 has no file).
        metas = self._scored_heads(last - 1)
        metas[max(last, 1)] = save.read_hand(max(last, 1))
        results = []
        k = 1
        while k in metas and "result" in metas[k]:
            results.append(_result_of(save, k, metas[k]))
            k += 1
        meta = None if k not in metas else metas[k] if k == last else save.read_hand(k)
        self.series, deals = replay_series(list(self.series.players), self.rules,
                                           _dealer_of(save, 1, metas[1], self.series), results,
                                           _joins(save, [*metas.values(), meta]))
        if self.series.over:
            last = self.series.hand
            self.meta = save.read_hand(last)
            self.dealt = _replay_hand(save, self.rules, last, self.meta)
            self.dealt.scored = True
        else:
            deal = deals[-1]
            fresh = meta is None or (not meta.get("entries") and (
                tuple(str(p) for p in meta.get("players", [])) != deal.players
                or str(meta.get("dealer")) != deal.dealer))
            if fresh:
                self.meta = self._new_hand_meta(self.series)
                self.dealt = _deal(self.rules, self.meta["players"], self.meta["dealer"],
                                   self.series.hand)
                if write:
                    self.save_hand()
            else:
                self.meta = meta
                self.dealt = _replay_hand(save, self.rules, self.series.hand, meta)
        if write:
            save.write_series(self.series_dict())


def _check_header(save: SaveFile, data: Mapping[str, Any], series: Series, rules: HouseRules,
                  current: Mapping[str, Any] | None) -> None:
    """What opening a series checks of its series file ``data`` at a cost that
    does not grow with the series: against the hands only when its standings
    were edited (``_edited``: ``_check_against_hands``), else the file of the
    hand being dealt or played, ``current``, against the series (its dealer
    and players, R2.1).  Raises SaveError."""
    if _edited(data):
        _check_against_hands(save, data, series, rules, current)
    elif current is not None:
        _check_current(save, series, current)


def _scored_heads(save: SaveFile, last: int,
                  heads: Mapping[int, dict[str, Any]] | None = None,
                  rules: HouseRules | None = None) -> dict[int, dict[str, Any]]:
    """The files of hands 1 .. ``last`` (the hands scored) without their logs
    (``SaveFile.read_hand_heads``, unless the caller read them: ``heads``),
    each result checked as ``_result_of`` does; SaveError for a file that
    does not read, is missing or has no result (a hand before the last scored
    one cannot be unscored), or a result that does not read (the first, in
    the order of the hands); with ``rules``, each file read in full has its
    log checked too (``check_log``)."""
    if heads is None:
        heads = save.read_hand_heads(range(1, last + 1), _result_check(save),
                                     None if rules is None else _log_check(save, rules))
    heads = {k: heads[k] for k in range(1, last + 1) if k in heads}
    for k in range(1, last + 1):
        if k not in heads:
            save.read_hand(k)  # raises SaveError: the hand's file is missing
        if "result" not in heads[k]:
            raise save.error_at(k, [], t("cli.save.no_result", hand=k, last=last))
    return heads


def _check_against_hands(save: SaveFile, data: Mapping[str, Any], series: Series,
                         rules: HouseRules, current: Mapping[str, Any] | None,
                         heads: Mapping[int, dict[str, Any]] | None = None) -> None:
    """Refuse a series file (``data``, read as ``series``) that says what its
    hands do not: the hands' results are the record of the series, the
    standings in the series file what replaying them gives (``replay_series``,
    as ``history`` and the exports do).  So a hand-edited total, win,
    elimination, dealer or hand number in the series file, and a hand's file
    whose dealer (or, for ``current``, the hand being played, its players) is
    not the one the rotation gives (R2.1), are a SaveError naming the file and
    line to fix, instead of quietly changing the standings or who deals next.
    Edited players must be names ``new`` takes (R1.1: ``player_name_problem``).
    ``heads``: the hands' files without their logs, when the caller has read
    them (``_scored_heads``).
    """
    if STANDINGS_SUM in data and _edited(data):   # (names a series kept from before may not)
        problem = player_name_problem(series.players)
        if problem:
            raise save.error_at(None, ["players"], problem)
    last = series.hand if series.hand_scored else series.hand - 1
    heads = _scored_heads(save, last, heads, rules)
    results = [_result_of(save, k, heads[k]) for k in range(1, last + 1)]
    first = series.first_dealer
    if last and "first_dealer" not in data:   # (a series saved before it was kept)
        first = _dealer_of(save, 1, heads[1], series)
    try:
        replayed, deals = replay_series(list(series.players), rules, first, results,
                                        _joins(save, [*heads.values(), current]))
    except ScoreError as exc:   # a result after the series was won
        raise save.error_at(len(results), ["result"], exc.message) from None
    for deal in deals:
        if deal.hand in heads:
            _check_deal(save, deal.hand, heads[deal.hand], series, deal.dealer)
        elif current is not None and deal.hand == series.hand:
            _check_deal(save, deal.hand, current, series, deal.dealer, deal.players)
    for i, name in enumerate(series.players, 1):
        saved, record = series.records[name], replayed.records[name]
        if saved.total != record.total:
            raise save.error_at(None, ["records", i, "total"], t(
                "cli.save.total_disagrees", name=name, found=saved.total, total=record.total,
                file=save.path))
        for key in ("wins", "eliminated"):
            if getattr(saved, key) != getattr(record, key):
                raise save.error_at(None, ["records", i, key], t(
                    "cli.save.header_disagrees", key=key,
                    found=toml_value(getattr(saved, key)),
                    expected=toml_value(getattr(record, key)), file=save.hands_dir))
    if series.hands_scored != replayed.hands_scored:
        raise save.error_at(None, ["hands_scored"], t(
            "cli.save.header_disagrees", key="hands_scored", found=series.hands_scored,
            expected=replayed.hands_scored, file=save.hands_dir))
    for name, points in series.last_points.items():
        if replayed.last_points.get(name) != points:
            raise save.error_at(None, ["last", name], t(
                "cli.save.header_disagrees", key=f"last.{name}", found=points,
                expected=toml_value(replayed.last_points.get(name, "-")), file=save.hands_dir))
    if series.winners != replayed.winners:
        raise save.error_at(None, ["winners"], t(
            "cli.save.header_disagrees", key="winners",
            found=toml_value(series.winners), expected=toml_value(replayed.winners),
            file=save.hands_dir))
    if not series.hand_scored and not replayed.over:
        for key in ("hand", "dealer"):
            if getattr(series, key) != getattr(replayed, key):
                raise save.error_at(None, [key], t(
                    "cli.save.header_disagrees", key=key, found=toml_value(getattr(series, key)),
                    expected=toml_value(getattr(replayed, key)), file=save.hands_dir))


def _check_current(save: SaveFile, series: Series, current: Mapping[str, Any]) -> None:
    """The file of the hand being dealt or played, ``current``, against the
    series file: its number, the dealer it gives this hand and the players still in."""
    _check_number(save, series.hand, current)
    _check_deal(save, series.hand, current, series, series.dealer,
                tuple(series.active_players()))


def _check_deal(save: SaveFile, n: int, meta: Mapping[str, Any], series: Series, dealer: str,
                players: tuple[str, ...] | None = None) -> None:
    """Hand ``n``'s file ``meta`` against the deal the series gives it: its
    ``dealer`` (R2.1) and, for the hand being played, its ``players`` (R7.4);
    SaveError at the line of the one that is not, so that an edit never
    changes who deals."""
    found = _dealer_of(save, n, meta, series)
    if found != dealer:
        key = "cli.save.first_dealer_disagrees" if n == 1 else "cli.save.dealer_disagrees"
        raise save.error_at(n, ["dealer"], t(key, hand=n, found=found, expected=dealer,
                                             file=save.path))
    if players is not None:
        seated = _players_of(save, n, meta)
        if tuple(seated) != tuple(players):
            raise save.error_at(n, ["players"], t(
                "cli.save.players_disagrees", hand=n, found=join_names(seated),
                expected=join_names(players)))


def _log_of(save: SaveFile, n: int, meta: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    """The ``entries`` or ``redo`` (``key``) of hand ``n``'s file, each checked
    to be a table with its ``line`` as text; SaveError at the line of one that
    is not."""
    try:
        log = SavedSection(meta, []).items_at(key, Told("cli.save.allowed.entries"), [])
        for i, entry in enumerate(log, 1):
            SavedSection.of(entry, [key, i], Told("cli.save.allowed.entry"))("line", "text")
    except SeriesDataError as exc:
        raise save.error_at(n, exc.where, exc.message) from None
    return log


def _players_of(save: SaveFile, n: int, meta: Mapping[str, Any]) -> list[str]:
    """The players hand ``n``'s file seats, each checked to be a name (text)."""
    try:
        head = SavedSection(meta, [])
        return [head.item("players", i, p, "text")
                for i, p in enumerate(head.items_at("players", Told("score.allowed.names")), 1)]
    except SeriesDataError as exc:
        raise save.error_at(n, exc.where, exc.message) from None


def _dealer_of(save: SaveFile, n: int, meta: Mapping[str, Any], series: Series) -> str:
    """The dealer hand ``n``'s file names, checked to be a seated player."""
    try:
        return SavedSection(meta, [])("dealer", "enum", tuple(series.players))
    except SeriesDataError as exc:
        raise save.error_at(n, exc.where, exc.message) from None


def _facts(h: "Dealt") -> HandFacts:
    st = h.state()
    return HandFacts(status=st["status"], players=list(h.seats), left=list(h.left),
                     winner=h.winner, blocked=h.blocked,
                     counts={p: h.counts[p] for p in h.active}, discard=list(h.discard),
                     decks=h.decks, refereed=h.status != "waiting", out=list(h.places),
                     factor=h.out_factor)


def _changes(old: Series, new: Series, n: int) -> list[Event]:
    """What a correction of hand ``n`` changed in the series, to tell the table."""
    events = []
    for p in new.players:
        was, now = old.records[p], new.records[p]
        if was.eliminated and not now.eliminated:
            events.append(Event("back_in", (p,), "R7.4", hand=n, total=now.total,
                                limit=series_limit(new.rules)))
        elif now.eliminated and not was.eliminated:
            events.append(Event("eliminated", (p,), "R7.4", hand=now.out_hand, total=now.total,
                                limit=series_limit(new.rules)))
    if old.winners != new.winners:
        rule = {"hands": "R7.5", "casual": "R7.6"}.get(new.mode, "R7.4")
        if new.winners:
            events.append(Event("series_won", tuple(new.winners), rule, hand=new.hand))
        else:
            events.append(Event("series_open", tuple(old.winners), rule, hand=n))
    return events


def speak_series_language(data: Mapping[str, Any]) -> None:
    """Speak the series' own language (``new --lang``, the header's ``display.lang``),
    and so read its table's letters (``spoken.table_lexicon``), unless the user
    asked for a language (NOTATION.md "Languages": ``--lang``, ``$PESTEN_REF_LANG``,
    the series, the locale)."""
    display = data.get("display")
    if isinstance(display, dict):
        messages.series_language(display.get("lang"))


def _read_header(save: SaveFile, against_hands: bool = True
                 ) -> tuple[dict, HouseRules, Series, dict | None]:
    """The series file as read, its rules and Series, and the current hand's file
    while that hand is not scored (else None), speaking the series' language.

    Finishes first what a killed command left half done (``SaveFile.recover``,
    and a header behind its hands' results, which ``OpenSeries.open`` settles,
    here in memory only: a reading command writes nothing), so what it returns
    is up to date; else checks the header against
    its hands (``_check_against_hands``; unless not ``against_hands``: the
    caller does, with the hands it reads).  Raises SaveError, also for a
    missing or unreadable hands folder (``SaveFile.check_hands``).
    """
    def read() -> tuple[dict, HouseRules, Series, dict | None]:
        data = save.read_series()
        speak_series_language(data)
        rules, series = _series_from(save, data)
        save.check_hands()
        current = save.read_hand(series.hand) \
            if not series.hand_scored and save.has_hand(series.hand) else None
        return data, rules, series, current

    save.recover()
    data, rules, series, current = read()
    if _behind(data, series, current):   # settled in memory: a reading command never writes
        table = OpenSeries.open(save, write=False)
        settled = table.series_dict()
        settled["updated"] = data.get("updated", settled["updated"])
        data, rules, series = settled, table.rules, table.series
        current = None if series.hand_scored else table.meta
    elif against_hands:
        _check_header(save, data, series, rules, current)
    return data, rules, series, current


def read_standings(save: SaveFile) -> tuple[Series, bool]:
    """The series for ``standings``: the series file only, plus whether the
    current hand has started (its file's entries), without replaying anything
    (unless the header has to be settled first after a crash: ``OpenSeries.open``).

    Returns (series, current_hand_started).  Raises SaveError.
    """
    _, _, series, meta = _read_header(save)
    started = series.hand_scored
    if meta is not None:
        started = bool(meta.get("entries"))
        for name in _left_in(save, series.hand, meta):
            series.mark_left(name)  # shown as out at once (R1.5); saved at `score`
    return series, started


def read_history(save: SaveFile) -> tuple[dict, list[dict]]:
    """The series file and the files of its hands 1 .. current, for
    ``history.history_of``; settles the header first if a crash left it behind.

    Returns (header, hands) as plain dicts, each hand's file without its log
    (``entries``, ``redo`` and the ``end`` derived from them): the hands already scored come from the hands'
    index while their files are unchanged (``SaveFile.read_hand_heads``), so
    the cost does not grow with the length of the logs.  Raises SaveError,
    also for a hand-edited result that does not read or holds a negative
    score (with its line).
    """
    header, hands, _ = _read_history(save, facts=False)
    return header, hands


def read_history_facts(save: SaveFile) -> tuple[dict, list[dict], dict[int, dict]]:
    """``read_history``, and the facts the records read from the log of each
    scored hand (``handfacts.hand_facts``, under the series' rule set), by
    hand number: derived when a hand's file is read in full and kept in the
    hands' index with its head (``SaveFile.read_hand_facts``), so only the
    files changed since are parsed and replayed.  Raises SaveError as
    ``read_history``.
    """
    return _read_history(save, facts=True)


def _read_history(save: SaveFile, facts: bool) -> tuple[dict, list[dict], dict[int, dict]]:
    data, rules, series, current = _read_header(save, against_hands=False)
    check = _result_check(save)
    last = series.hand if current is None else series.hand - 1
    numbers = range(1, last + 1)
    derived: dict[int, dict] = {}
    if facts:
        from referee.series.handfacts import facts_name, hand_facts, is_facts
        read = save.read_hand_facts(numbers, facts_name(rules),
                                    lambda n, meta: hand_facts(rules, meta), check, is_facts,
                                    _log_check(save, rules))
        hands = {n: head for n, (head, _) in read.items()}
        derived = {n: value for n, (head, value) in read.items() if "result" in head}
    else:
        hands = save.read_hand_heads(numbers, check, _log_check(save, rules))
    _check_against_hands(save, data, series, rules, current, hands)
    if current is not None:
        check(series.hand, current)
        hands[series.hand] = {k: v for k, v in current.items() if k not in ("entries", "redo")}
    return data, list(hands.values()) + _abandoned_heads(save), derived


def _abandoned_heads(save: SaveFile) -> list[dict]:
    """The abandoned hands' files (R7.3, ``OpenSeries.abandon``) without their logs,
    each with ``status = "abandoned"`` and the number of its entries (``entries``
    as a count); a file that no longer reads is a SaveError."""
    out = []
    for n, k in save.abandoned_hands():
        meta = save.read_abandoned(n, k)
        head = {key: v for key, v in meta.items() if key not in ("entries", "redo", END)}
        head["status"] = "abandoned"
        head["entries"] = len(meta.get("entries", []) or [])
        out.append(head)
    return out


# ---------------------------------------------------------------------------
# Kept series: nothing is ever deleted
# ---------------------------------------------------------------------------

def _current_id(save: SaveFile, data: Mapping[str, Any] | None) -> int:
    """The id of the series at ``save``: its own, else the next free one."""
    ids = save.archived_ids()
    own = data.get("id") if data is not None else None
    if type(own) is int and own >= 1 and own not in ids:
        return own
    return max(ids, default=0) + 1


def _set_aside(save: SaveFile) -> tuple[list[tuple[SaveFile, SaveFile]], int | None]:
    """The move keeping the series at ``save`` in its archive and the id it is
    kept under (no move and None when there is nothing there); makes sure its
    header carries that id."""
    if not (save.exists() or os.path.exists(os.fspath(save.hands_dir))
            or os.path.exists(os.fspath(save.backup_path()))):
        return [], None
    data = None
    if save.exists():
        try:
            data = save.read_series()
        except SaveError:
            data = None  # damaged: kept as it is
    series_id = _current_id(save, data)
    if data is not None and data.get("id") != series_id:
        data["id"] = series_id
        save.write_series(data)
    return [(save, save.archived(series_id))], series_id


def start_series(save: SaveFile, players: list[str], rules: HouseRules, dealer: str,
                 force: bool = False, lang: str | None = None,
                 origin: Mapping[str, Any] | None = None) -> tuple[OpenSeries, int | None]:
    """Start a new series at ``save``, keeping the one there (NOTATION "Commands").

    The new series is built beside it (``SaveFile.staging``), then in one
    crash-safe step (``SaveFile.move_series``) the old series goes to the
    archive as ``series-NNNN`` and the new one takes its place.  Returns the
    new OpenSeries and the id the old series is kept under (None when there was
    none).  Raises SeriesExists (exit 2) when the series there has no winner
    yet and ``force`` is not given, SaveError / SaveBusy for file trouble.
    The folder of ``save`` is made if needed (the data directory, first time).
    ``lang``: the series' own language (``new --lang``), kept in ``[display]``.
    ``origin``: where its rules come from (``presets.rules_origin``), kept in
    ``[display]`` for ``why`` (``OpenSeries.rule_origin``).
    """
    try:
        os.makedirs(os.path.dirname(os.path.abspath(os.fspath(save.path))), exist_ok=True)
    except OSError as exc:
        raise SaveError(t("store.unwritable", file=str(save.path),
                          reason=os_reason(exc)), file=save.path) from None
    with save.lock():
        save.recover()
        old = None
        if save.exists():
            try:
                old = save.read_series()
            except SaveError:
                if not force:
                    raise
        if save.exists() and not force and not (old and old.get("winners")):
            raise SeriesExists(t("cli.new.exists", file=str(save.path)))
        moves, kept = _set_aside(save)
        new_id = max([*save.archived_ids(), kept or 0]) + 1
        staging = save.staging()
        display = {"lang": lang} if lang else {}
        display.update(origin or {})
        OpenSeries.create(staging, players, rules, dealer, new_id, display or None)
        save.move_series([*moves, (staging, save)])
    return OpenSeries.open(save), kept


class SeriesExists(SaveError):
    """``new`` onto a series that is not over, without ``--force`` (exit 2)."""


def switch_series(save: SaveFile, series_id: int) -> tuple[OpenSeries, int | None]:
    """Reopen kept series ``series_id`` at ``save``: the series there is kept in
    the archive in its place (crash-safe, as ``start_series``).  Returns the
    OpenSeries now at ``save`` and the id the other series is kept under (None if
    there was none, or ``series_id`` is already the one at ``save``).  Raises
    SaveError when there is no such kept series or it no longer reads (nothing
    is then moved).
    """
    with save.lock():
        save.recover()
        target = save.archived(series_id)
        if not target.exists():
            current = save.read_series() if save.exists() else None
            if current is not None and current.get("id") == series_id:
                return OpenSeries.open(save), None
            raise SaveError(t("cli.series.no_such", id=series_id,
                              ids=", ".join(str(i) for i in _all_ids(save)) or "-"),
                            file=target.path)
        _series_from(target, target.read_series())  # a kept series that no longer reads stays put
        moves, kept = _set_aside(save)
        save.move_series([*moves, (target, save)])
    return OpenSeries.open(save), kept


def _all_ids(save: SaveFile) -> list[int]:
    ids = list(save.archived_ids())
    if save.exists():
        try:
            ids.append(_current_id(save, save.read_series()))
        except SaveError:
            pass
    return sorted(ids)


def kept_series(save: SaveFile) -> list[dict]:
    """Every series kept at ``save``: the current one first, then the archive's
    by id (``pesten-ref series``).

    Each: ``{"id": int, "current": bool, "path": str (its series file, an
    ordinary one: open it with SaveFile), "players": [names in seating order],
    "hands_scored": int, "series_winner": [names] or None, "created",
    "updated": ISO-8601 UTC text or None, "mode": str, "rules": str, "damaged":
    None or the sentence saying why it does not read}``.  Reads only the
    series files (no hand file).  Raises SaveBusy while another process
    finishes a move.
    """
    save.recover()
    out = []
    if save.exists():
        out.append(_summary(save, None, True))
    for series_id in save.archived_ids():
        out.append(_summary(save.archived(series_id), series_id, False))
    return out


def _iso(value: Any) -> str | None:
    return value.isoformat() if hasattr(value, "isoformat") else (str(value) if value else None)


def _summary(save: SaveFile, series_id: int | None, current: bool) -> dict:
    entry: dict[str, Any] = {"id": series_id, "current": current, "path": os.fspath(save.path),
                             "players": [], "hands_scored": 0, "series_winner": None,
                             "created": None, "updated": None, "mode": None, "rules": None,
                             "damaged": None}
    try:
        data = save.read_series()
        _series_from(save, data)   # every value checked, as when it is opened
    except SaveError as exc:
        entry["damaged"] = exc.message
        return entry
    if series_id is None:
        entry["id"] = _current_id(save, data)
    entry["players"] = [str(p) for p in data.get("players", [])]
    entry["hands_scored"] = int(data.get("hands_scored", len(data.get("history", []))))
    entry["series_winner"] = [str(w) for w in data.get("winners", [])] or None
    entry["created"] = _iso(data.get("created"))
    entry["updated"] = _iso(data.get("updated"))
    rules = data.get("rules", {})
    entry["mode"] = str(rules.get("series", {}).get("mode", "elimination"))
    entry["rules"] = str(rules.get("name", "custom"))
    return entry


def _left_in(save: SaveFile, n: int, meta: Mapping[str, Any]) -> list[str]:
    """Players who left during hand ``n`` (its file ``meta``), read from its
    entries without replaying (R1.5)."""
    out = []
    players = {p.lower(): p for p in _players_of(save, n, meta)}
    for entry in _log_of(save, n, meta, "entries"):
        if "leave" not in str(entry.get("line", "")).lower():
            continue
        from referee.engine.notation import Leave, parse_line  # (only for a line that may be one)
        try:
            line = parse_line(str(entry.get("line", "")), table_lexicon())
        except ValueError:
            continue
        for action in line.actions:
            if isinstance(action, Leave) and action.target.lower() in players and \
                    not entry.get("refused"):
                out.append(players[action.target.lower()])
    return out
