"""Scoring and the series: points, running totals, elimination, standings (RULES.md R7).

Pure Python, no I/O.  The data flows one way:

    HandFacts (what the referee knows) + what the table says
        -> score_hand()   validates, returns a HandResult, changes nothing
        -> apply_result() adds it to the Series, returns Events to tell the table
        -> standings_json() / render_standings() for the screen

Map from rule ids to code:

- R1.1 unique names, 2 to 8 players ............ ``Series.new``; unknown names in ``score_hand``;
  what a name may be ........................... ``player_name_problem`` (``new``, an edit)
- R1.3 no Jokers without jokers ................ ``score_hand`` (cards given)
- R1.5 leaving: out of the series .............. ``Series.mark_left``, ``apply_result``
- R2.1 dealer, rotation skipping the eliminated  ``choose_dealer``, ``Series.next_dealer``
- R3.9 blocked hand: no winner, everyone scores  ``score_hand``
- R6.1 the hand must be over to be scored ...... ``score_hand``
- R7.1 points per card ......................... ``card_points``, ``score_hand``
- R7.1 the score typed as words ................ ``parse_score_words``; at most ``MAX_POINTS``
- R7.2 consistency with the referee's picture .. ``score_hand``
- R7.3 running totals .......................... ``apply_result``
- R7.4 elimination over the limit .............. ``apply_result``
- R7.5 fixed number of hands ................... ``apply_result``
- R7.6 casual: wins counted .................... ``apply_result``
- R10.90 the winner collects ................... ``hand_gains`` (``score_hand``)
- R10.91 a target score ........................ ``apply_result``; ``places_of`` (``best_high``)
- R10.92 a blocked hand when the winner collects ``hand_gains``

Every refusal is a ``ScoreError`` (a ``ValueError``) whose ``message`` is one
or two plain sentences ending in the rule id, and whose ``rule`` is that id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Iterable

from referee.engine.cards import (
    DECKS, JOKER, Card, copies_per_deck, deck_ranks, in_the_deck, try_card,
)
from referee.messages import say, t
from referee.engine.keys import DEFAULT_POINTS
from referee.engine.rules import HouseRules, RulesError
from referee.engine.valuecheck import REQUIRED, check_saved
from referee.engine.told import Told
from referee.engine.values import Record, Value, set_field
from referee.series.spoken import table_lexicon

__all__ = [
    "ScoreError", "SeriesDataError", "SavedSection", "player_name_problem", "PlayerRecord",
    "Series", "HandFacts", "HandResult",
    "Event", "choose_dealer", "card_points", "parse_hand_cards", "ScoreWords",
    "result_points_text",
    "parse_score_words", "MAX_POINTS", "score_hand", "untold_winner", "check_given",
    "check_given_cards", "recorded_problem", "apply_result", "replay_series", "joins_of",
    "seat_joiners", "Deal", "standings_json", "places", "places_of",
    "render_standings", "join_names",
    "series_mode", "series_limit", "series_hands", "points_text", "hand_end_event",
    "scoring_mode", "series_target", "target_reaching", "best_high", "hand_gains", "family_fields",
    "text_width", "pad_cell",
]

MODES = ("elimination", "hands", "casual", "target")
# Patterns compiled on first use (``re`` caches them): only ``score`` needs them.
# A score's words are read with str methods, not patterns: compiling one costs
# about 0.1 ms at every start of ``score`` (bench/bench_startup.py).


def _integer(text: str) -> bool:
    """True for an optional sign and decimal digits (``-3``, ``+12``, ``07``)."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    return digits.isdecimal()


def _name_value(word: str) -> tuple[str, str] | None:
    """A ``score`` word ``NAME=...`` or ``NAME:...`` as (name, rest): the name up to
    the first ``=`` or ``:``, not empty and without a blank; else None."""
    cut = min([i for i in (word.find("="), word.find(":")) if i >= 0], default=-1)
    if cut <= 0 or any(ch.isspace() for ch in word[:cut]):
        return None
    rest = word[cut + 1:].removesuffix("\n")
    return None if "\n" in rest else (word[:cut], rest)


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

class ScoreError(ValueError):
    """A score, series set-up or next deal that the rules refuse.

    ``reason`` is the sentence without the rule id, ``rule`` the rule id
    (``"R7.2"``), ``message`` (also ``str(err)``) the full text for the table:
    ``"Cees holds 2 cards by the referee's count, 3 were given (R7.2)."``.
    """

    def __init__(self, key: str, rule: str, /, **fields: Any) -> None:
        self.key = key
        self.rule = rule
        self.fields = fields
        self.reason = t(key, **fields)
        self.message = t("score.cite", text=self.reason, rule=rule)
        super().__init__(self.message)


class SeriesDataError(ValueError):
    """A stored series or result (``Series.from_dict``, ``HandResult.from_dict``)
    that cannot be read back; ``message`` says what.

    ``where``: the key path of the bad value inside the file, as parts
    (``["records", 2]``: the second record), or ``[]`` when unknown.
    ``what`` is a phrase put in the series' damage sentence (``score.bad_save``),
    or with ``sentence`` a whole sentence of its own.
    """

    def __init__(self, what: str, where: list[str | int] | None = None,
                 sentence: bool = False) -> None:
        self.message = what if sentence else t("score.bad_save", what=what)
        self.where = list(where or [])
        super().__init__(self.message)


class SavedSection:
    """One section of a save file as read (a TOML table, ``[rules]``, a hand's
    header): each value is checked as it is taken (``valuecheck.check_saved``: the
    checks and sentences of a house-rule value), a wrong or missing one a
    SeriesDataError at its key path.  ``where``: the key path of the section
    in its file."""

    def __init__(self, table: Mapping[str, Any], where: list[str | int]) -> None:
        self.table = table
        self.where = where

    @classmethod
    def of(cls, value: Any, where: list[str | int], what: str) -> "SavedSection":
        """``value`` found at ``where`` (a key path ending in its key or item
        number), checked to be a table of ``what`` (a ``Told``, said only if it is not)."""
        if not isinstance(value, Mapping):
            last = where[-1] if where else ""
            shown = f"{where[-2]}[{last}]" if isinstance(last, int) and len(where) > 1 else str(last)
            cls._check({shown: value}, shown, "table", what, REQUIRED, shown, where)
        return cls(value, where)

    def keys(self) -> list[str]:
        """The keys of the table, in the file's order."""
        return list(self.table)

    def __call__(self, key: str, kind: str, detail: Any = None, default: Any = REQUIRED) -> Any:
        """The value of ``key`` (``valuecheck.check_saved``'s kinds), or ``default``."""
        where = self.where + [key] if key in self.table else self.where  # (missing: its table)
        return self._check(self.table, key, kind, detail, default, key, where)

    def item(self, of: str, i: int, value: Any, kind: str, detail: Any = None) -> Any:
        """Item ``i`` (from 1) of the list ``of``, checked as ``kind``."""
        return self._check({of: value}, of, kind, detail, REQUIRED, f"{of}[{i}]",
                           self.where + [of, i])

    def table_at(self, key: str, what: str, default: Any = REQUIRED) -> "SavedSection":
        """The table under ``key`` (``what``: what it holds, a ``Told`` said only if it
        is wrong), to read in turn."""
        return SavedSection(self(key, "table", what, default), self.where + [key])

    def items_at(self, key: str, what: str, default: Any = REQUIRED) -> list[Any]:
        """The list under ``key`` (``what``: what it holds, a ``Told`` said only if it
        is wrong)."""
        return self(key, "list", what, default)

    @staticmethod
    def _check(table: Mapping[str, Any], key: str, kind: str, detail: Any, default: Any,
               shown: str, where: list[str | int]) -> Any:
        try:
            return check_saved(table, key, kind, detail, default, shown)
        except RulesError as exc:
            raise SeriesDataError(say(exc.problem), where, sentence=True) from None


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

def join_names(names: Iterable[str]) -> str:
    """``["Anna"]`` -> ``"Anna"``; two -> ``"Anna and Bram"``; more -> ``"Anna, Bram and Cees"``."""
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return t("score.join.pair", first=names[0], second=names[1])
    return t("score.join.last", head=t("score.join.sep").join(names[:-1]), last=names[-1])


def _n_cards(n: int) -> str:
    return t("score.n_cards", n=n)


def points_text(points: Mapping[str, int]) -> str:
    """Points per player as the table reads them: ``"Anna 0, Bram 15"`` (in the
    order given)."""
    return ", ".join(f"{p} {n}" for p, n in points.items())


def result_points_text(result: "HandResult") -> str:
    """A scored hand's points as ``points_text`` says them, and the factor of the
    winner's call on going out when there was one (R10.82: "..., multiplied by 2
    ...")."""
    text = points_text(result.points)
    return t("score.factor", points=text, factor=result.factor) if result.factor != 1 else text


def series_mode(rules: HouseRules) -> str:
    """The series' mode (``[series] mode``): ``"elimination"`` (R7.4, the default),
    ``"hands"`` (R7.5) or ``"casual"`` (R7.6)."""
    return str(rules.series.get("mode", "elimination"))


def series_limit(rules: HouseRules) -> int:
    """The elimination limit in points (R7.4; ``[series] limit``, 100 by default)."""
    return int(rules.series.get("limit", 100))


def series_hands(rules: HouseRules) -> int:
    """How many hands the series plays (R7.5, R7.6; ``[series] hands``, 0: not fixed)."""
    return int(rules.series.get("hands", 0) or 0)


def scoring_mode(rules: HouseRules) -> str:
    """How a hand is scored (``[scoring] mode``): ``"penalty"`` (R7.1, the default:
    the losers score their cards) or ``"winner_collects"`` (R10.90: the winner
    scores the others' cards)."""
    return str(rules.scoring.get("mode", "penalty"))


def series_target(rules: HouseRules) -> int:
    """The target total of ``series.mode = "target"`` in points (R10.91; ``[series]
    target``, 100 by default)."""
    return int(rules.series.get("target", 100))


def target_reaching(rules: HouseRules) -> str:
    """What reaching the target does (R10.91): ``"wins"`` or ``"loses"``.
    ``[series] reaching = "auto"`` (the default) is ``"wins"`` when the winner
    collects (R10.90) and ``"loses"`` under penalty scoring (R7.1)."""
    reaching = str(rules.series.get("reaching", "auto"))
    if reaching == "auto":
        return "wins" if scoring_mode(rules) == "winner_collects" else "loses"
    return reaching


def best_high(rules: HouseRules) -> bool:
    """Whether the highest total is the best one (R10.91, R10.90): in target mode
    when reaching the target wins; in the other modes when the winner collects.
    Otherwise (R7.4, R7.5) the lowest total is the best."""
    if series_mode(rules) == "target":
        return target_reaching(rules) == "wins"
    return scoring_mode(rules) == "winner_collects"


def hand_gains(rules: HouseRules, winner: str | None, blocked: bool,
               held: Mapping[str, int]) -> dict[str, int]:
    """What each player adds to their total for one hand (R7.1, R10.90, R10.92).

    ``held``: name -> points of the cards each scoring player held at the end
    (the winner and the players who went out 0), in seating order.  Under
    penalty scoring (R7.1) that is what each adds.  When the winner collects
    (R10.90) the winner adds the sum of the others' points and everyone else 0;
    a blocked hand (R10.92): the one player holding the fewest points adds the
    difference between each other player's points and theirs, everyone else 0
    (two or more holding the fewest: nobody scores).  Returns name -> points, in
    the order of ``held``.  Pure.
    """
    if scoring_mode(rules) != "winner_collects":
        return dict(held)
    gains = dict.fromkeys(held, 0)
    if not blocked:
        if winner is not None and winner in gains:
            gains[winner] = sum(n for p, n in held.items() if p != winner)
        return gains
    lowest = min(held.values(), default=0)
    low = [p for p, n in held.items() if n == lowest]
    if len(low) == 1:
        gains[low[0]] = sum(n - lowest for n in held.values())
    return gains


def family_fields(rules: HouseRules) -> dict[str, Any]:
    """The JSON fields of a series scored another way than R7's (docs/JSON.md):
    in target mode or when the winner collects, ``{"scoring": "penalty" |
    "winner_collects" (R10.90), "target": points or None outside target mode,
    "reaching": "wins" | "loses" or None (R10.91), "best": "low" | "high" (which
    total ranks first)}``; otherwise ``{}`` (the objects stay as R7 made them)."""
    mode = series_mode(rules)
    if mode != "target" and scoring_mode(rules) == "penalty":
        return {}
    target = mode == "target"
    return {"scoring": scoring_mode(rules), "target": series_target(rules) if target else None,
            "reaching": target_reaching(rules) if target else None,
            "best": "high" if best_high(rules) else "low"}


def _mode_rule(rules: HouseRules) -> str:
    return {"elimination": "R7.4", "hands": "R7.5", "casual": "R7.6",
            "target": "R10.91"}.get(series_mode(rules), "R7.4")


def player_name_problem(names: list[str], count: bool = True) -> str | None:
    """R1.1: 2-8 unique names of letters, digits and - _ ' . that read as no card or word
    (``count=False``: any number of them, for a tournament)."""
    from referee.engine.cards import parse_suit
    from referee.engine.notation import MORE, RESERVED_WORDS  # (not at start-up: only `new` and an edit)
    if count and not 2 <= len(names) <= 8:
        return t("cli.new.player_count", n=len(names))
    seen = set()
    lex = table_lexicon()
    for name in names:
        if MORE in name:
            return t("cli.new.bad_name_plus", name=name)
        if not all(ch.isalnum() or ch in "-_'." for ch in name):
            return t("cli.new.bad_name_chars", name=name)
        if not name[0].isalnum():
            return t("cli.new.bad_name_start", name=name)
        if try_card(name, lex) or parse_suit(name, lex) or name.lower() in RESERVED_WORDS:
            return t("cli.new.bad_name_word", name=name)
        if name.casefold() in seen:
            return t("cli.new.duplicate", name=name)
        seen.add(name.casefold())
    return None



# ---------------------------------------------------------------------------
# The series
# ---------------------------------------------------------------------------

class PlayerRecord(Record):
    """One player's standing in the series.

    ``total``: points over the scored hands (R7.3; stays 0 in casual mode);
    ``wins``: hands won; ``eliminated``: out of the series (R7.4, or left);
    ``left``: left the table during a hand (R1.5) - a leaver is also eliminated;
    ``out_hand``: the hand after which the player went out (0 while in; 0 too
    in a series saved before this was recorded), which ranks the players out.
    """

    __slots__ = ("name", "total", "wins", "eliminated", "left", "out_hand")
    __match_args__ = __slots__

    def __init__(self, name: str, total: int = 0, wins: int = 0,
                 eliminated: bool = False, left: bool = False, out_hand: int = 0) -> None:
        self.name = name
        self.total = total
        self.wins = wins
        self.eliminated = eliminated
        self.left = left
        self.out_hand = out_hand

    def to_dict(self) -> dict[str, Any]:
        """Plain values: ``{"name", "total", "wins", "eliminated", "left", "out_hand"}``."""
        return {"name": self.name, "total": self.total, "wins": self.wins,
                "eliminated": self.eliminated, "left": self.left, "out_hand": self.out_hand}


class Series(Record):
    """A series of hands at one table (R7.3-R7.6).

    ``players``: names in seating order, clockwise, fixed for the series (R1.2);
    ``records``: name -> PlayerRecord; ``hand``: number of the current (or last)
    hand, from 1; ``dealer``: dealer of hand ``hand`` (R2.1); ``hand_scored``:
    whether hand ``hand`` has been scored; ``winners``: the series winner(s),
    more than one for a shared win, empty while the series goes on;
    ``history``: the HandResult of every hand scored since the series was
    built or read (not saved: the hands' files hold the results);
    ``first_dealer``: the dealer of hand 1, from which the deal rotates (R2.1);
    ``last_points``: name -> points of the last scored hand ({} before the first).
    Build one with ``Series.new`` (or ``replay_series`` from the results); the
    house rules are kept by the caller and passed back to ``Series.from_dict``.
    """

    __slots__ = ("players", "rules", "records", "hand", "dealer", "hand_scored", "winners",
                 "history", "scored_count", "first_dealer", "last_points")
    __match_args__ = __slots__

    def __init__(self, players: list[str], rules: HouseRules, records: dict[str, PlayerRecord],
                 hand: int = 1, dealer: str = "", hand_scored: bool = False,
                 winners: list[str] | None = None, history: list[HandResult] | None = None,
                 scored_count: int = 0, first_dealer: str = "",
                 last_points: dict[str, int] | None = None) -> None:
        self.players = players
        self.rules = rules
        self.records = records
        self.hand = hand
        self.dealer = dealer
        self.hand_scored = hand_scored
        self.winners = [] if winners is None else winners
        self.history = [] if history is None else history
        self.scored_count = scored_count
        self.first_dealer = first_dealer or dealer
        self.last_points = {} if last_points is None else last_points

    # -- building and storing ------------------------------------------------
    @classmethod
    def new(cls, players: list[str], rules: HouseRules, dealer: str) -> "Series":
        """A fresh series at hand 1, ``dealer`` dealing (R2.1).

        ``players`` in seating order (R1.2).  Raises ScoreError for fewer than 2
        or more than 8 players, a name seated twice (case-insensitive) (R1.1),
        or a dealer who is not at the table (R2.1; matched case-insensitively).
        Name spelling (R1.1 characters) is checked where names are typed, not here.
        """
        players = list(players)
        cls._check_seating(players)
        canonical = {p.casefold(): p for p in players}
        if dealer.casefold() not in canonical:
            raise ScoreError("score.refuse.dealer", "R2.1", name=dealer)
        records = {p: PlayerRecord(p) for p in players}
        return cls(players=players, rules=rules, records=records, hand=1,
                   dealer=canonical[dealer.casefold()])

    @staticmethod
    def _check_seating(players: list[str]) -> None:
        """2 to 8 players, no name seated twice (case-insensitive); ScoreError (R1.1)."""
        if not 2 <= len(players) <= 8:
            raise ScoreError("score.refuse.player_count", "R1.1", n=len(players))
        seen: set[str] = set()
        for name in players:
            if name.casefold() in seen:
                raise ScoreError("score.refuse.duplicate", "R1.1", name=name)
            seen.add(name.casefold())

    def to_dict(self) -> dict[str, Any]:
        """Plain TOML-able values, no None; the rules are not included.

        ``{"players": [...], "hand": int, "dealer": str, "hand_scored": bool,
        "winners": [...], "records": [PlayerRecord.to_dict() in seating order],
        "hands_scored": int, "first_dealer": str, "last": {name: points},
        "history": [HandResult.to_dict(), ...]}``.
        """
        return {
            "players": list(self.players),
            "hand": self.hand,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "hand_scored": self.hand_scored,
            "winners": list(self.winners),
            "records": [self.records[p].to_dict() for p in self.players],
            "hands_scored": self.hands_scored,
            "last": dict(self.last_points),
            "history": [r.to_dict() for r in self.history],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], rules: HouseRules) -> "Series":
        """The inverse of ``to_dict``, with the rules stored apart; every value
        checked as strictly as ``new`` checks what it is given.

        Raises SeriesDataError (``where``: the key path of the value at fault)
        for a field missing or of the wrong type, a name that is not seated,
        a player seated twice or a count of players outside 2 to 8 (R1.1), or
        a negative total or count.
        """
        table = SavedSection(d, [])
        names = Told("score.allowed.names")
        players = [table.item("players", i, p, "text")
                   for i, p in enumerate(table.items_at("players", names), 1)]
        try:
            cls._check_seating(players)   # as ``new``: seated twice, too many or too few (R1.1)
        except ScoreError as exc:
            raise SeriesDataError(exc.message, ["players"], sentence=True) from None
        seated = tuple(players)
        dealer = table("dealer", "enum", seated)
        records: dict[str, PlayerRecord] = {}
        for i, rec in enumerate(table.items_at("records", Told("score.allowed.records")), 1):
            item = SavedSection.of(rec, ["records", i], Told("score.allowed.record"))
            name = item("name", "text")
            if name not in players:
                raise SeriesDataError(t("score.bad.unknown_record", name=name), ["records", i])
            counts = {}
            for key in ("total", "wins", "out_hand"):
                value = item.table.get(key, 0)
                if type(value) is int and value < 0:
                    raise SeriesDataError(t("score.bad.negative", name=name, key=key, value=value),
                                          ["records", i])
                counts[key] = item(key, "int", (0, None), 0)
            records[name] = PlayerRecord(name=name, eliminated=item("eliminated", "bool", None, False),
                                         left=item("left", "bool", None, False), **counts)
        for p in players:
            records.setdefault(p, PlayerRecord(p))
        winners = [table.item("winners", i, w, "enum", seated)
                   for i, w in enumerate(table.items_at("winners", names, []), 1)]
        history = [HandResult.from_dict(h, ["history", i])
                   for i, h in enumerate(table.items_at("history", Told("score.allowed.results"), []), 1)]
        first_dealer = table("first_dealer", "enum", seated, "")
        last = table.table_at("last", Told("score.allowed.points"), {})
        last_points = {name: last(name, "int", (0, None)) for name in last.keys()}
        return cls(players=players, rules=rules, records=records, hand=table("hand", "int", (1, None)),
                   dealer=dealer, hand_scored=table("hand_scored", "bool"), winners=winners,
                   history=history,
                   scored_count=table("hands_scored", "int", (0, None), len(history)),
                   first_dealer=first_dealer, last_points=last_points)

    # -- questions -------------------------------------------------------------
    @property
    def mode(self) -> str:
        """``"elimination"`` | ``"hands"`` | ``"casual"`` | ``"target"`` (``[series] mode``)."""
        return series_mode(self.rules)

    @property
    def over(self) -> bool:
        """True once the series has a winner (R7.4-R7.6)."""
        return bool(self.winners)

    @property
    def hands_scored(self) -> int:
        """Number of hands scored so far."""
        return max(self.scored_count, len(self.history))

    def canonical(self, name: str) -> str | None:
        """The seated spelling of ``name`` (case-insensitive), or None."""
        folded = name.strip().casefold()
        for p in self.players:
            if p.casefold() == folded:
                return p
        return None

    def active_players(self) -> list[str]:
        """Players not eliminated (nor left), in seating order."""
        return [p for p in self.players if not self.records[p].eliminated]

    def next_dealer(self) -> str:
        """The dealer after this hand's: next seat clockwise, skipping eliminated players (R2.1).

        When the current dealer has been eliminated the deal still passes to the
        first active seat after theirs.  With one player left, that player.
        """
        n = len(self.players)
        start = self.players.index(self.dealer)
        for step in range(1, n + 1):
            candidate = self.players[(start + step) % n]
            if not self.records[candidate].eliminated:
                return candidate
        return self.dealer  # nobody active: cannot happen once a hand was scored

    # -- changes ---------------------------------------------------------------
    def start_next_hand(self) -> None:
        """Move on to the next hand: ``hand`` + 1, the next dealer (R2.1), not scored.

        Raises ScoreError when the current hand has not been scored (R7.3) or the
        series is over (R7.4-R7.6).
        """
        if self.over:
            raise ScoreError("score.refuse.next_hand_over", _mode_rule(self.rules),
                             names=join_names(self.winners))
        if not self.hand_scored:
            raise ScoreError("score.refuse.not_scored", "R7.3", hand=self.hand)
        self.dealer = self.next_dealer()
        self.hand += 1
        self.hand_scored = False

    def mark_left(self, name: str) -> bool:
        """``name`` left the table (R1.5): out of the series, eliminated, total kept.

        Returns True when this changed anything (False if already marked).  It
        does not end the series, even when one player is left: the hand they
        left is still scored, and ``apply_result`` then declares the last player
        standing.  Raises ScoreError for an unknown player (R1.1).
        """
        canonical = self.canonical(name)
        if canonical is None:
            raise ScoreError("score.refuse.unknown_player", "R1.1", name=name,
                             players=join_names(self.players))
        rec = self.records[canonical]
        changed = not (rec.left and rec.eliminated)
        rec.left = True
        rec.eliminated = True
        return changed


def choose_dealer(players: list[str], seed: int | None = None) -> str:
    """The first dealer, drawn fairly (R2.1): each player equally likely.

    The same ``seed`` always gives the same dealer for the same seating;
    ``None`` draws from the system's randomness.
    """
    import random  # only `new` draws a dealer; keep start-up light
    return random.Random(seed).choice(list(players))


# ---------------------------------------------------------------------------
# Cards and points
# ---------------------------------------------------------------------------

def card_points(card: Card, rules: HouseRules) -> int:
    """Points for one card left in hand (R7.1, ``[points]``): Ace 15, Joker 20, K/Q/J 10, 2-10 face value by default."""
    own = rules.points.get(str(card)) if not card.is_joker else None  # (R10.93)
    return int(own if own is not None else rules.points.get(card.rank, DEFAULT_POINTS[card.rank]))


def parse_hand_cards(text: str, player: str | None = None) -> list[Card]:
    """Cards typed for a hand: ``"Ah Ks 3d"``, ``"Ah,Ks, 3d"``, ``"7♥ jo"`` -> list of Card.

    Separators are spaces, commas and semicolons; an empty text is no cards.
    Raises ScoreError (R7.1) naming the first token that is not a card, and the
    player when ``player`` is given.
    """
    cards = []
    lex = table_lexicon()
    for token in text.replace(",", " ").replace(";", " ").split():
        if not token:
            continue
        card = try_card(token, lex)
        if card is None:
            if player is None:
                raise ScoreError("score.refuse.bad_card", "R7.1", token=token)
            raise ScoreError("score.refuse.bad_card_for", "R7.1", token=token, player=player)
        cards.append(card)
    return cards


# ---------------------------------------------------------------------------
# Scores typed as words (``pesten-ref score`` and ``score`` at the prompt alike)
# ---------------------------------------------------------------------------

MAX_POINTS = 100_000
"""The largest point total a player can be given for one hand (R7.1): more is a typing slip."""


class ScoreWords(Value):
    """``score`` words read by ``parse_score_words``.

    ``winner``: the ``--winner NAME`` given, or None; ``given``: name as typed
    -> the cards or the points typed for them (``"Ah Ks 3d"``, ``"23"``);
    ``bare``: names typed with nothing after them (the prompt asks for their
    cards, the command line refuses them); ``problem``: a sentence when the
    words do not read, else None (then the other fields are empty);
    ``hand``: the hand ``--hand N`` corrects, or None; ``by``: ``--by NAME``.
    """

    __slots__ = ("winner", "given", "bare", "problem", "hand", "by")
    __match_args__ = __slots__

    def __init__(self, winner: str | None = None, given: Mapping[str, str] | None = None,
                 bare: Iterable[str] = (), problem: str | None = None, hand: int | None = None,
                 by: str | None = None) -> None:
        set_field(self, "winner", winner)
        set_field(self, "given", dict(given or {}))
        set_field(self, "bare", tuple(bare))
        set_field(self, "problem", problem)
        set_field(self, "hand", hand)
        set_field(self, "by", by)


def parse_score_words(words: Iterable[str], players: Iterable[str]) -> ScoreWords:
    """Read ``Anna=Ah Ks 3d Cees=23``: the names delimit the values, no quotes needed.

    ``words``: the words typed after ``score`` (the command line's arguments
    may each hold several: ``"Anna=Ah Ks 3d"``); ``players``: the seated names.
    A word ``NAME=...`` (or ``NAME:...``) starts a player's value; so does a
    word that is a seated player's name (any case), with or without ``=``,
    since no name reads as a card, a suit or a number (R1.1).  Every other
    word belongs to the value of the name before it: cards (``Ah Ks 3d``) or
    a point total (``23``).  ``--winner NAME`` names the winner, ``--hand N``
    the hand corrected and ``--by NAME`` who corrects it, as on the command
    line (where click reads those options first).  Never raises:
    what does not read is told in ``problem``.  What the values say is checked
    by ``score_hand`` (R7.1, R7.2), names against the series too.
    """
    words = [w for item in words for w in str(item).split()]
    seated = {p.casefold(): p for p in players}
    options: dict[str, str] = {}  # --winner, --hand, --by -> the value typed
    given: dict[str, list[str]] = {}
    current: str | None = None
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        option, _, value = word.partition("=")
        if option.lower() in _SCORE_OPTIONS:
            option = option.lower()
            if not value and i < len(words):
                value = words[i]
                i += 1
            if not value or (option == "--hand" and not (value.isdigit() and int(value) >= 1)):
                return ScoreWords(problem=t(_SCORE_OPTIONS[option]))
            options[option], current = value, None
            continue
        if word == "=" and current is not None:
            continue
        name, rest = _name_value(word) or (None, "")
        if name is None and word.rstrip("=:").casefold() in seated:
            name, rest = word.rstrip("=:"), ""
        if name is not None:
            if name.casefold() in {g.casefold() for g in given}:
                return ScoreWords(problem=t("score.words.twice", name=name))
            given[name] = [rest] if rest else []
            current = name
            continue
        if current is None:
            return ScoreWords(problem=t("score.words.no_name", word=word))
        given[current].append(word.lstrip("="))
    hand = options.get("--hand")
    return ScoreWords(options.get("--winner"), {name: " ".join(v) for name, v in given.items() if v},
                      [name for name, v in given.items() if not v], None,
                      int(hand) if hand else None, options.get("--by"))


_SCORE_OPTIONS = {"--winner": "score.words.bad_winner", "--hand": "score.words.bad_hand",
                  "--by": "score.words.bad_by"}  # a score's options -> what their lack says


def corrected_text(result: HandResult, replaced: HandResult) -> str:
    """The sentence telling a corrected hand: its new points and what they were
    (``score --hand N``, at the prompt and on the command line)."""
    points = points_text(result.points)
    old = dict(replaced.points)
    was = points_text({p: n for p, n in old.items() if result.points.get(p) != n})
    return t("score.line.corrected", hand=result.hand, points=points, old=was or points_text(old))


def _rank_points_range(rules: HouseRules) -> tuple[int, int]:
    ranks = list(deck_ranks(rules.deck)) + ([JOKER] if rules.jokers else [])
    values = [card_points(Card(r, None if r == JOKER else "s"), rules) for r in ranks]
    return min(values), max(values)


# ---------------------------------------------------------------------------
# Scoring a hand
# ---------------------------------------------------------------------------

class HandFacts(Record):
    """What the referee knows about the hand being scored (R0.1).

    ``status``: ``"waiting"`` | ``"playing"`` | ``"over"`` | ``"scored"``;
    ``players``: names dealt in, seating order; ``left``: who left during the
    hand (R1.5); ``winner``: the hand's winner or None; ``blocked``: ended
    without a winner (R3.9); ``counts``: name -> cards held, for players still
    in the hand; ``discard``: cards lying in the discard pile; ``decks``: decks
    in play (R1.3); ``refereed``: False when the hand was played without the
    referee (it never left ``waiting``); ``out``: who went out, in order, under
    ``hand_end = "last_holder"`` (R6.3; they score 0); ``factor``: what the
    winner's call on going out multiplies the others' points by (R10.82), else 1.
    """

    __slots__ = ("status", "players", "left", "winner", "blocked", "counts", "discard", "decks",
                 "refereed", "out", "factor")
    __match_args__ = __slots__

    def __init__(self, status: str, players: list[str] | None = None,
                 left: list[str] | None = None, winner: str | None = None,
                 blocked: bool = False, counts: dict[str, int] | None = None,
                 discard: list[Card] | None = None, decks: int = 1,
                 refereed: bool = True, out: list[str] | None = None, factor: int = 1) -> None:
        self.status = status
        self.players = [] if players is None else players
        self.left = [] if left is None else left
        self.winner = winner
        self.blocked = blocked
        self.counts = {} if counts is None else counts
        self.discard = [] if discard is None else discard
        self.decks = decks
        self.refereed = refereed
        self.out = [] if out is None else out
        self.factor = factor

    @classmethod
    def from_hand(cls, hand: Any) -> "HandFacts":
        """Facts from an engine hand (``referee.engine.Hand``, read duck-typed).

        Uses its ``status``, ``scored``, ``seats``, ``left``, ``winner``,
        ``blocked``, ``counts``, ``discard``, ``decks``, ``places`` and ``out_factor``
        (R10.82); a hand still ``waiting`` counts as not refereed.
        """
        status = "scored" if getattr(hand, "scored", False) else hand.status
        return cls(status=status, players=list(hand.seats), left=list(hand.left),
                   winner=hand.winner, blocked=bool(hand.blocked), counts=dict(hand.counts),
                   discard=list(hand.discard), decks=int(hand.decks),
                   refereed=hand.status != "waiting", out=list(getattr(hand, "places", ())),
                   factor=int(getattr(hand, "out_factor", 1)))

    @classmethod
    def unrefereed(cls, series: Series, decks: int | None = None) -> "HandFacts":
        """Facts for a hand played without the referee: status waiting, the active players, nothing known."""
        active = series.active_players()
        if decks is None:
            decks = series.rules.deck_count(len(active))
        return cls(status="waiting", players=active, decks=decks, refereed=False)


class HandResult(Record):
    """The accepted score of one hand (R7.1).

    ``hand``: its number; ``winner``: name, or None for a blocked hand (R3.9);
    ``points``: name -> points scored this hand (the winner 0; in casual mode only
    those given); ``cards``: name -> canonical card strings, for players given as
    cards; ``left``: players who left during the hand (R1.5), who score nothing;
    ``held``: name -> points of the cards each held, when the points scored are
    not those (the winner collects, R10.90; a call on going out, R10.82), else
    empty; ``factor``: what the winner's call on going out multiplied the others'
    points by (R10.82), 1 without one.
    """

    __slots__ = ("hand", "winner", "blocked", "points", "cards", "left", "held", "factor")
    __match_args__ = __slots__

    def __init__(self, hand: int, winner: str | None, blocked: bool = False,
                 points: dict[str, int] | None = None, cards: dict[str, list[str]] | None = None,
                 left: list[str] | None = None, held: dict[str, int] | None = None,
                 factor: int = 1) -> None:
        self.hand = hand
        self.winner = winner
        self.blocked = blocked
        self.points = {} if points is None else points
        self.cards = {} if cards is None else cards
        self.left = [] if left is None else left
        self.held = {} if held is None else held
        self.factor = factor

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON/TOML values; ``winner`` is left out when there is none."""
        d: dict[str, Any] = {"hand": self.hand}
        if self.winner is not None:
            d["winner"] = self.winner
        d["blocked"] = self.blocked
        d["points"] = dict(self.points)
        d["cards"] = {k: list(v) for k, v in self.cards.items()}
        d["left"] = list(self.left)
        if self.held:
            d["held"] = dict(self.held)
        if self.factor != 1:
            d["factor"] = self.factor
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: list[str | int] | None = None) -> "HandResult":
        """The inverse of ``to_dict``, every value checked (as ``Series.from_dict``).

        ``where``: the key path of ``d`` in its file (``["result"]``), for the
        errors.  Raises SeriesDataError naming the key at fault.
        """
        table = SavedSection.of(d, list(where or ["result"]), Told("score.allowed.result"))
        points = table.table_at("points", Told("score.allowed.points"), {})
        cards = table.table_at("cards", Told("score.allowed.cards"), {})
        held = table.table_at("held", Told("score.allowed.points"), {})
        winner = table("winner", "text", None, None)
        return cls(hand=table("hand", "int", (1, None)), winner=winner,
                   blocked=table("blocked", "bool", None, False),
                   points={name: points(name, "int", (None, None)) for name in points.keys()},
                   cards={name: [cards.item(name, i, c, "text")
                                 for i, c in enumerate(cards(name, "list", Told("score.allowed.card_list")), 1)]
                          for name in cards.keys()},
                   left=[table.item("left", i, p, "text")
                         for i, p in enumerate(table.items_at("left", Told("score.allowed.names"), []), 1)],
                   held={name: held(name, "int", (0, None)) for name in held.keys()},
                   factor=table("factor", "int", (1, None), 1))


def _given_value(value: Any, player: str) -> int | list[Card]:
    """A given score: an int total, a digit string as a total, else cards text (or a list of card strings)."""
    if isinstance(value, bool):
        raise ScoreError("score.refuse.bad_card_for", "R7.1", token=str(value), player=player)
    if isinstance(value, int):
        total = value
    elif isinstance(value, str) and _integer(value.strip()):
        total = int(value.strip())
    elif isinstance(value, (list, tuple)):
        return parse_hand_cards(" ".join(str(v) for v in value), player)
    else:
        return parse_hand_cards(str(value), player)
    if total < 0:
        raise ScoreError("score.refuse.negative", "R7.1", player=player, total=total)
    if total > MAX_POINTS:
        raise ScoreError("score.refuse.too_big", "R7.1", player=player, n=total)
    return total


def score_hand(series: Series, facts: HandFacts, winner: str | None,
               given: Mapping[str, str | int]) -> HandResult:
    """Check the table's score of hand ``series.hand`` and return it; changes nothing.

    ``winner``: the ``--winner`` name or None; ``given``: player -> cards text
    (``"Ah Ks 3d"``) or a point total (int, or a string of digits).  Names match
    case-insensitively; the result uses the seated spelling.

    Refusals (ScoreError), checked in this order:
      the series already has a winner (R7.4/R7.5/R7.6); an unknown player
      (R1.1); the hand still being played (R6.1) or already scored (R7.3); a
      player who left during the hand (R1.5) or is out of the series (R7.4);
      the winner: required when the hand was not refereed (R6.1), must agree with
      the referee's (R6.1), none for a blocked hand (R3.9), scores 0 (R7.1);
      a player still in the hand left out (R7.1; not in casual mode); a token that
      is not a card (R7.1), a Joker without jokers (R1.3), a negative total (R7.1);
      for a refereed hand a number of cards other than the referee's count, or a
      total no such number of cards can make (R7.2); more copies of a card across
      the given hands and the discard pile than the decks hold (R7.2; a Joker
      ``jokers_per_deck`` per deck).

    A blocked hand (R3.9) has no winner and everyone still in the hand scores.
    In casual mode (R7.6) only the winner is needed; scores given for others are
    checked all the same and reported, but never added to a total.
    """
    _refuse_series_over(series)
    # R1.1 first (as RULES R0.3), then the hand's status.
    winner_c, given_c = _seated_names(series, winner, given)
    _refuse_hand_status(series, facts)

    refereed = facts.refereed and facts.status != "waiting"
    left, in_hand = _who_is_in(series, facts)
    if winner_c is not None:
        _check_present(series, left, in_hand, winner_c, as_winner=True)
    for name in given_c:
        _check_present(series, left, in_hand, name, as_winner=False)

    blocked = bool(refereed and facts.blocked)
    if winner_c is None:  # R7.1: the one player not given went out with 0 cards
        winner_c = untold_winner(series, facts, None, given_c)
    hand_winner = _hand_winner(series, facts, refereed, blocked, winner_c)
    if hand_winner is not None and hand_winner in given_c:
        _check_winner_scores_nothing(hand_winner, given_c.pop(hand_winner), series.hand)
    out = [p for p in in_hand if p in facts.out and p != hand_winner] if refereed else []
    for name in out:  # R6.3: who went out scores 0, as the winner does
        if name in given_c:
            _check_winner_scores_nothing(name, given_c.pop(name), series.hand, out=True)
    scorers = [p for p in in_hand if p != hand_winner and p not in out]
    if series.mode != "casual":
        _refuse_missing(scorers, given_c)

    points, cards, held = _read_scores(series, facts, [p for p in scorers if p in given_c], given_c)
    _check_copies(held, facts.discard if refereed else [], max(1, int(facts.decks)),
                  series.rules.jokers_per_deck, series.rules.deck)
    points.update(dict.fromkeys(out, 0))
    held = _in_seating_order(series, hand_winner, points)
    gains = hand_gains(series.rules, hand_winner, blocked, held)  # R10.90
    factor = facts.factor if refereed and hand_winner is not None and not blocked else 1
    if factor != 1:  # R10.82: the winner's call on going out
        gains = {name: n * factor for name, n in gains.items()}
    return HandResult(hand=series.hand, winner=hand_winner, blocked=blocked, points=gains,
                      cards=cards, left=left, held=held if gains != held else {}, factor=factor)


def untold_winner(series: Series, facts: HandFacts, winner: str | None,
                  given: Mapping[str, Any]) -> str | None:
    """R7.1: the winner of a hand not refereed that the score leaves untold: with no
    ``winner`` named, the one player still in the hand not ``given`` a score
    (they went out with 0 cards); None when a winner is named, the hand was
    refereed, the series is casual (R7.6) or not exactly one player is left
    out.  Names in ``given`` match case-insensitively; unknown ones count for
    nobody (``score_hand`` refuses them, R1.1)."""
    if (winner is not None and winner.strip()) or series.mode == "casual" \
            or (facts.refereed and facts.status != "waiting"):
        return None
    _, in_hand = _who_is_in(series, facts)
    named = {series.canonical(name) for name in given}
    missing = [p for p in in_hand if p not in named]
    return missing[0] if len(missing) == 1 else None


def _refuse_series_over(series: Series) -> None:
    """R7.4/R7.5/R7.6: a series that has its winner scores no more hands."""
    if series.over:
        raise ScoreError("score.refuse.series_over", _mode_rule(series.rules),
                         names=join_names(series.winners))


def _seated(series: Series, name: str) -> str:
    """R1.1: ``name`` as seated (case-insensitive), or ScoreError for a player not in the series."""
    found = series.canonical(name)
    if found is None:
        raise ScoreError("score.refuse.unknown_player", "R1.1", name=name.strip(),
                         players=join_names(series.players))
    return found


def _seated_names(series: Series, winner: str | None, given: Mapping[str, Any]
                  ) -> tuple[str | None, dict[str, Any]]:
    """R1.1: the winner (None when not given) and the given players as seated, in the order given."""
    winner_c = _seated(series, winner) if winner is not None and winner.strip() else None
    return winner_c, {_seated(series, name): value for name, value in given.items()}


def _who_is_in(series: Series, facts: HandFacts) -> tuple[list[str], list[str]]:
    """R1.5 / R7.4: who left during the hand, and who is still in it, in seating order."""
    left = [p for p in series.players if p in set(facts.left)]
    dealt = [p for p in series.players if p in set(facts.players)] or series.active_players()
    return left, [p for p in dealt if p not in left and not series.records[p].eliminated]


def _refuse_hand_status(series: Series, facts: HandFacts) -> None:
    """R6.1 / R7.3: the hand is over and not scored yet, else ScoreError."""
    if facts.status == "playing":
        raise ScoreError("score.refuse.playing", "R6.1", hand=series.hand)
    if facts.status == "scored" or series.hand_scored:
        raise ScoreError("score.refuse.scored", "R7.3", hand=series.hand)


def _check_present(series: Series, left: list[str], in_hand: list[str], name: str,
                   as_winner: bool) -> None:
    """R1.5 / R7.4: ``name`` is still in the hand: neither left during it nor out of the series."""
    if name in left:
        key = "score.refuse.left_winner" if as_winner else "score.refuse.left"
        raise ScoreError(key, "R1.5", player=name, hand=series.hand)
    if name not in in_hand:
        rule = "R1.5" if series.records[name].left else "R7.4"
        raise ScoreError("score.refuse.out", rule, player=name, hand=series.hand)


def _hand_winner(series: Series, facts: HandFacts, refereed: bool, blocked: bool,
                 winner: str | None) -> str | None:
    """R6.1 / R3.9: who won, the referee's winner agreeing with ``winner`` (None when
    blocked, unless a player went out first under ``last_holder``: R6.3)."""
    hand = series.hand
    if blocked and not (refereed and facts.winner is not None):
        if winner is not None:
            raise ScoreError("score.refuse.blocked_winner", "R3.9", hand=hand, given=winner)
        return None
    if refereed and facts.winner is not None:
        hand_winner = series.canonical(facts.winner) or facts.winner
        if winner is not None and winner != hand_winner:
            raise ScoreError("score.refuse.winner_disagrees", "R6.1", winner=hand_winner,
                             hand=hand, given=winner)
        return hand_winner
    if winner is None:
        key = "score.refuse.winner_unknown" if refereed else "score.refuse.winner_required"
        raise ScoreError(key, "R6.1", hand=hand)
    return winner


def _check_winner_scores_nothing(winner: str, value: Any, hand: int, out: bool = False) -> None:
    """R7.1: a score given for the winner (``out``: for a player who went out
    under ``hand_end = "last_holder"``, R6.3) is 0 (or no cards)."""
    if _given_value(value, winner) not in (0, []):
        key, rule = ("score.refuse.out_cards", "R6.3") if out else ("score.refuse.winner_cards", "R7.1")
        raise ScoreError(key, rule, player=winner, hand=hand)


def _refuse_missing(scorers: list[str], given: Mapping[str, Any]) -> None:
    """R7.1: everyone still in the hand but the winner is given a score (not in casual play)."""
    missing = [p for p in scorers if p not in given]
    if missing:
        raise ScoreError("score.refuse.missing", "R7.1", players=join_names(missing))


def _read_scores(series: Series, facts: HandFacts, names: list[str], given: Mapping[str, Any]
                 ) -> tuple[dict[str, int], dict[str, list[str]], dict[str, list[Card]]]:
    """R7.1 / R7.2: each of ``names``' scores checked, in seating order -> points, card texts, cards."""
    points: dict[str, int] = {}
    cards: dict[str, list[str]] = {}
    held: dict[str, list[Card]] = {}
    for name in names:
        value = check_given(series, facts, name, given[name])
        if isinstance(value, int):
            points[name] = value
            continue
        held[name] = value
        cards[name] = [str(c) for c in value]
        points[name] = sum(card_points(c, series.rules) for c in value)
    return points, cards, held


def _in_seating_order(series: Series, winner: str | None, points: dict[str, int]) -> dict[str, int]:
    """R7.1: the hand's points in seating order, the winner's 0 among them."""
    if winner is not None:
        points = {winner: 0, **points}
    return {p: points[p] for p in series.players if p in points}


def check_given(series: Series, facts: HandFacts, name: str, value: Any) -> int | list[Card]:
    """One player's score as given, read and checked against what the referee knows
    of the hand -> the point total (int) or the cards (list of Card).

    ``name``: the seated name; ``value``: cards text, a point total (int or
    digits) or a list of card strings.  Raises ScoreError: a token that is not
    a card or a total that cannot be right (R7.1), a Joker without jokers
    (R1.3), and for a refereed hand a number of cards other than the
    referee's count or a total no such number of cards can make (R7.2).
    ``score_hand`` checks every player so; the prompt checks each answer so as
    it is given.  The copies of a card across hands are checked by
    ``score_hand`` once all are given.
    """
    value = _given_value(value, name)
    count = facts.counts.get(name) if facts.refereed and facts.status != "waiting" else None
    if isinstance(value, int):
        low, high = _rank_points_range(series.rules)
        if count is not None and not count * low <= value <= count * high:
            raise ScoreError("score.refuse.points_range", "R7.2", player=name,
                             held=_n_cards(count), low=count * low, high=count * high,
                             total=value)
        return value
    if not series.rules.jokers and any(c.is_joker for c in value):
        raise ScoreError("score.refuse.no_jokers", "R1.3", player=name)
    outside = [c for c in value if not in_the_deck(c, series.rules.deck)]
    if outside:  # R1.3, R10.40: a deck of 36 or 32 cards
        from referee.words.cards import pretty
        raise ScoreError("score.refuse.not_in_deck", "R1.3", player=name,
                         card=pretty(outside[0]), deck=series.rules.deck,
                         lowest=DECKS[series.rules.deck])
    if count is not None and len(value) != count:
        raise ScoreError("score.refuse.count", "R7.2", player=name, held=_n_cards(count),
                         n=len(value))
    return value


def _check_copies(held: dict[str, list[Card]], discard: list[Card], decks: int,
                  jokers: int, deck: int = 52) -> None:
    """R7.2 / R1.4: no card more often in the given hands plus discard pile than the
    ``decks`` decks of ``deck`` cards (R10.40) and ``jokers`` Jokers each hold."""
    from referee.words.cards import pretty  # a card is read as a card (3♦), never as 3d
    in_discard = Counter(discard)
    holders: dict[Card, list[str]] = {}
    for name, cards in held.items():
        for card in cards:
            holders.setdefault(card, []).append(name)
    for name, cards in held.items():  # first offender in seating order
        for card in cards:
            copies = decks * copies_per_deck(card, jokers, deck)
            given = len(holders[card])
            if in_discard[card] + given <= copies:
                continue
            if in_discard[card] >= copies:
                if copies == 1:
                    raise ScoreError("score.refuse.in_discard", "R7.2", card=pretty(card), player=name)
                raise ScoreError("score.refuse.in_discard_all", "R7.2", card=pretty(card),
                                 player=name, n=copies)
            names = join_names(dict.fromkeys(holders[card]))
            if len(set(holders[card])) == 1:  # one player given it more often than it exists
                left = copies - in_discard[card]
                if given == 2 and left == 1:
                    raise ScoreError("score.refuse.same_twice", "R7.2", card=str(card), player=name)
                raise ScoreError("score.refuse.same_many", "R7.2", card=str(card), player=name,
                                 n=given)
            if copies == 1:
                raise ScoreError("score.refuse.too_many_one", "R7.2", card=pretty(card), players=names)
            raise ScoreError("score.refuse.too_many", "R7.2", card=pretty(card),
                             n=copies - in_discard[card], given=given, players=names)


def recorded_problem(rules: HouseRules, facts: HandFacts, result: "HandResult"
                     ) -> tuple[list[str | int], ScoreError] | None:
    """Whether a scored hand's ``result`` (as saved) is what its log gives:
    None when it is, else ``(where, error)``, the key path inside the hand's
    file of the first value that is not (``["result", "cards", "Bram"]``) and
    the refusal saying why, as ``score_hand`` would have refused it.

    ``facts``: the hand as its entries replay (a refereed hand: for one
    scored without the referee there is nothing to compare).  Checked: the
    hand is over (R6.1), blocked or not and who won (R3.9, R6.1), each
    player's cards: cards, as many as the referee counted, worth the points
    the result gives (R7.1, R7.2), and no card held more often than the
    decks and the discard pile leave (R7.2).  Pure.
    """
    hand = result.hand
    if not facts.refereed or facts.status == "waiting":
        return None
    if facts.status == "playing":
        return ["result"], ScoreError("score.refuse.playing", "R6.1", hand=hand)
    if facts.blocked != result.blocked:
        if facts.blocked:
            return ["result", "blocked"], ScoreError("score.refuse.log_blocked", "R3.9", hand=hand)
        return ["result", "blocked"], ScoreError("score.refuse.log_not_blocked", "R6.1", hand=hand,
                                                 winner=facts.winner or "-")
    if not facts.blocked and facts.winner is not None and result.winner != facts.winner:
        return ["result", "winner"], ScoreError("score.refuse.winner_disagrees", "R6.1",
                                                winner=facts.winner, hand=hand,
                                                given=result.winner or "-")
    held: dict[str, list[Card]] = {}
    for name, texts in result.cards.items():
        cards = []
        for text in texts:
            card = try_card(text, table_lexicon())
            if card is None:
                return ["result", "cards", name], ScoreError("score.refuse.bad_card_for", "R7.1",
                                                             token=text, player=name)
            cards.append(card)
        count = facts.counts.get(name)
        if count is not None and len(cards) != count:
            return ["result", "cards", name], ScoreError("score.refuse.count", "R7.2", player=name,
                                                         held=_n_cards(count), n=len(cards))
        held[name] = cards
    decks = max(1, int(facts.decks))
    in_discard = Counter(facts.discard)
    given = Counter(card for cards in held.values() for card in cards)
    for name, cards in held.items():   # the first holder of a card held too often
        if any(in_discard[c] + given[c] > decks * copies_per_deck(c, rules.jokers_per_deck,
                                                                   rules.deck)
               for c in cards):
            try:
                _check_copies(held, facts.discard, decks, rules.jokers_per_deck, rules.deck)
            except ScoreError as exc:
                return ["result", "cards", name], exc
    had = result.held or result.points
    for name, cards in held.items():
        worth = sum(card_points(c, rules) for c in cards)
        if had.get(name) != worth:
            return ["result", "held" if result.held else "points", name], ScoreError(
                "score.refuse.log_points", "R7.1", player=name, worth=worth,
                points=had.get(name, "-"))
    factor = facts.factor if not facts.blocked and facts.winner is not None else 1
    if result.factor != factor:  # R10.82: the winner's call on going out, as logged
        return ["result", "factor"], ScoreError("score.refuse.log_factor", "R10.82", hand=hand,
                                                factor=factor, given=result.factor)
    gains = hand_gains(rules, result.winner, result.blocked, had)
    gains = {name: n * factor for name, n in gains.items()}
    for name, points in result.points.items():  # R10.90: what the cards held give
        if gains.get(name, points) != points:
            return ["result", "points", name], ScoreError(
                "score.refuse.log_points", "R10.82" if factor != 1 else "R10.90",
                player=name, worth=gains[name], points=points)
    return None


def check_given_cards(series: Series, facts: HandFacts, given: Mapping[str, Any], name: str,
                      value: Any) -> None:
    """R7.2 / R1.4: ``name``'s cards (``value``, as ``check_given`` takes it) checked
    against the cards ``given`` to the players answered before (name -> value) and,
    for a refereed hand, against the discard pile: a card more often than the
    decks hold raises ScoreError naming this player's answer (the prompt asks
    only this player again, keeping the others' answers).  Answers that do not
    read as cards are left to ``check_given``."""
    def cards(player: str, v: Any) -> list[Card]:
        try:
            got = _given_value(v, player)
        except ScoreError:
            return []
        return got if isinstance(got, list) else []
    held = {series.canonical(p) or p: cards(p, v) for p, v in given.items()
            if (series.canonical(p) or p) != name}
    held[name] = cards(name, value)  # last: the answer at fault is this one
    refereed = facts.refereed and facts.status != "waiting"
    _check_copies({p: c for p, c in held.items() if c}, facts.discard if refereed else [],
                  max(1, int(facts.decks)), series.rules.jokers_per_deck, series.rules.deck)


# ---------------------------------------------------------------------------
# Applying a result to the series
# ---------------------------------------------------------------------------

class Event(Value):
    """Something the table should be told after a hand is scored.

    ``kind``: ``"hand_won"`` | ``"hand_blocked"`` | ``"left"`` | ``"eliminated"``
    | ``"all_over"`` (R7.4: everyone would go over; ``names`` stay) |
    ``"series_won"`` (``names``: one winner, or several sharing the win);
    ``rule``: the rule id; ``hand``, ``total``, ``limit`` fill the text.
    """

    __slots__ = ("kind", "names", "rule", "hand", "total", "limit")
    __match_args__ = __slots__

    def __init__(self, kind: str, names: tuple[str, ...] = (), rule: str = "", hand: int = 0,
                 total: int = 0, limit: int = 0) -> None:
        set_field(self, "kind", kind)
        set_field(self, "names", tuple(names))
        set_field(self, "rule", rule)
        set_field(self, "hand", hand)
        set_field(self, "total", total)
        set_field(self, "limit", limit)

    def text(self) -> str:
        """One sentence for the table, through the message layer."""
        key = f"score.event.{self.kind}"
        if self.kind == "series_won" and len(self.names) > 1:
            key = "score.event.series_shared"
        if self.kind == "all_over" and len(self.names) > 1:
            key = "score.event.all_over_shared"
        return t(key, names=join_names(self.names), hand=self.hand, total=self.total,
                 limit=self.limit, n=self.total)

    def to_dict(self) -> dict[str, Any]:
        """``{"kind", "names", "rule", "text"}`` for JSON output."""
        return {"kind": self.kind, "names": list(self.names), "rule": self.rule, "text": self.text()}


def hand_end_event(hand: int, winner: str | None) -> Event:
    """The event telling how hand ``hand`` ended: ``winner`` went out (R6.1,
    ``"hand_won"``), or with None it was blocked (R3.9, ``"hand_blocked"``)."""
    if winner is None:
        return Event("hand_blocked", (), "R3.9", hand=hand)
    return Event("hand_won", (winner,), "R6.1", hand=hand)


def apply_result(series: Series, result: HandResult) -> list[Event]:
    """Record a hand's result (from ``score_hand``) in the series and settle the series.

    Mutates ``series``; returns the Events in the order to tell them.
    - R1.5: players in ``result.left`` are marked left (eliminated).
    - R7.3: each player's points are added to their total (not in casual mode).
    - The hand's winner gets a win (a blocked hand has none, R3.9).
    - R7.4 elimination: a player whose total is **over** ``limit`` (> limit) is
      eliminated.  When every remaining player is over, those with the lowest
      total stay (several when tied) and the others are eliminated.
    - Any mode: when one active player is left (eliminations or leavers), they
      win the series.
    - R7.5 fixed hands: after ``hands`` scored hands the lowest total among the
      active players wins; equal totals share the win.
    - R7.6 casual: totals stay 0, wins are counted.  The series has no end of its
      own unless ``[series] hands`` is above 0: then after that many scored hands
      the most wins among the active players wins, ties share. **[decision]**
    Sets ``hand_scored``.  Raises ScoreError if the hand is already scored or the
    result belongs to another hand (R7.3).
    """
    _refuse_scored(series, result)
    events: list[Event] = []
    if result.winner is not None or result.blocked:
        events.append(hand_end_event(result.hand, result.winner))
    events += _mark_leavers(series, result)
    _add_to_totals(series, result)
    series.scored_count = series.hands_scored + 1
    series.history.append(result)
    series.hand_scored = True
    if series.mode == "elimination":
        events += _eliminate_over_limit(series, result.hand)
    for rec in series.records.values():
        if rec.eliminated and not rec.out_hand:
            rec.out_hand = result.hand
    series.last_points = dict(result.points)
    events += _settle_series(series, result.hand)
    return events


def _refuse_scored(series: Series, result: HandResult) -> None:
    """R7.3: a hand is scored once, and only the current hand."""
    if series.hand_scored:
        raise ScoreError("score.refuse.scored", "R7.3", hand=series.hand)
    if result.hand != series.hand:
        raise ScoreError("score.refuse.result_mismatch", "R7.3", got=result.hand, hand=series.hand)


def _mark_leavers(series: Series, result: HandResult) -> list[Event]:
    """R1.5: who left during the hand is out of the series; one event each newly out."""
    return [Event("left", (name,), "R1.5", hand=result.hand)
            for name in result.left if series.mark_left(name)]


def _add_to_totals(series: Series, result: HandResult) -> None:
    """R7.3 / R7.6: the points added to the running totals (not in casual play), a win to the winner."""
    if series.mode != "casual":
        for name, pts in result.points.items():
            series.records[name].total += pts
    if result.winner is not None:
        series.records[result.winner].wins += 1


def _eliminate_over_limit(series: Series, hand: int) -> list[Event]:
    """R7.4: over the limit is out, but when everyone is over the lowest total stays."""
    events: list[Event] = []
    limit = series_limit(series.rules)
    active = series.active_players()
    over = [p for p in active if series.records[p].total > limit]
    if over and len(over) == len(active):
        lowest = min(series.records[p].total for p in active)
        stay = [p for p in active if series.records[p].total == lowest]
        over = [p for p in active if p not in stay]
        events.append(Event("all_over", tuple(stay), "R7.4", hand=hand, total=lowest, limit=limit))
    for name in over:
        series.records[name].eliminated = True
        events.append(Event("eliminated", (name,), "R7.4", hand=hand,
                            total=series.records[name].total, limit=limit))
    return events


def _series_winners(series: Series, active: list[str]) -> list[str]:
    """R7.4 / R7.5 / R7.6: who wins the series now (none while it goes on)."""
    mode = series.mode
    if len(active) == 1:
        return active
    done = 0 < series_hands(series.rules) <= series.hands_scored
    best = max if best_high(series.rules) else min
    if active and mode == "hands" and done:
        top = best(series.records[p].total for p in active)
        return [p for p in active if series.records[p].total == top]
    if active and mode == "target" and any(
            series.records[p].total >= series_target(series.rules) for p in active):
        top = best(series.records[p].total for p in active)  # R10.91
        return [p for p in active if series.records[p].total == top]
    if active and mode == "casual" and done:
        most = max(series.records[p].wins for p in active)
        return [p for p in active if series.records[p].wins == most]
    return []


def _settle_series(series: Series, hand: int) -> list[Event]:
    """R7.4 / R7.5 / R7.6: the series' winners set and told, when it has them."""
    active = series.active_players()
    winners = _series_winners(series, active)
    if not winners:
        return []
    series.winners = winners
    rule = "R7.4" if len(active) == 1 and series.mode == "elimination" else _mode_rule(series.rules)
    return [Event("series_won", tuple(winners), rule, hand=hand)]


class Deal(Value):
    """Who a hand was dealt to: its number, its ``dealer`` and its ``players``
    (the players in the series when it was dealt, in seating order; R2.1)."""

    __slots__ = ("hand", "dealer", "players")
    __match_args__ = __slots__

    def __init__(self, hand: int, dealer: str, players: tuple[str, ...]) -> None:
        set_field(self, "hand", hand)
        set_field(self, "dealer", dealer)
        set_field(self, "players", tuple(players))


def joins_of(metas: Iterable[Mapping[str, Any]]) -> dict[int, list[tuple[str, int]]]:
    """R7.3: who joined the series at which hand, from the hands' files (``metas``,
    each a hand's file or its head): ``{hand: [(name, starting total), ...]}`` from
    their ``joined`` lists (``OpenSeries.join``).  Raises SeriesDataError (its key
    path) for an entry that does not read."""
    out: dict[int, list[tuple[str, int]]] = {}
    for meta in metas:
        if not meta.get("joined"):
            continue
        head = SavedSection(meta, [])
        n = head("hand", "int", (1, None))
        for i, item in enumerate(head.items_at("joined", Told("score.allowed.joined")), 1):
            entry = SavedSection.of(item, ["joined", i], Told("score.allowed.joined"))
            out.setdefault(n, []).append((entry("name", "text"), entry("total", "int", (0, None))))
    return out


def seat_joiners(series: Series, players: list[str],
                 joins: Mapping[int, Iterable[tuple[str, int]]]) -> list[str]:
    """R7.3: seat those who join at hand ``series.hand`` (``joins``, as ``joins_of``),
    each with their starting total, in the place ``players`` (the seating the
    series ends with) gives them; the dealer of that hand stays.  -> their names."""
    names = []
    for name, total in joins.get(series.hand, ()):
        if name in series.records:
            continue
        series.records[name] = PlayerRecord(name, total=total)
        names.append(name)
    if names:
        seated = set(series.players) | set(names)
        series.players = [p for p in players if p in seated]
    return names


def replay_series(players: list[str], rules: HouseRules, first_dealer: str,
                  results: Iterable[HandResult],
                  joins: Mapping[int, Iterable[tuple[str, int]]] | None = None
                  ) -> tuple[Series, list[Deal]]:
    """The series that scoring ``results`` in order from hand 1 gives (R2.1, R7.3-R7.6).

    The results are the log of a series; its standings are what replaying them
    gives, so this is how a corrected series is settled again.  Returns the
    series (at the hand after the last result, dealt but not scored, unless the
    series is over: then at the last hand, scored) and the Deal of every hand
    (one per result, plus the hand now dealt while the series goes on).
    Results are renumbered 1, 2, ... in order.  Raises ScoreError like
    ``Series.new`` for a bad seating, and when a result comes after the series
    was already won (``score.refuse.series_over``).  ``joins``: the players who
    joined, by the hand they joined at (``joins_of``): seated from that hand,
    with their starting totals (R7.3), not before.
    """
    joins = joins or {}
    later = {name for seated in joins.values() for name, _ in seated}
    series = Series.new([p for p in players if p not in later], rules, first_dealer)
    deals: list[Deal] = []
    for result in results:
        if series.over:
            raise ScoreError("score.refuse.series_over", _mode_rule(rules),
                             names=join_names(series.winners))
        if series.hand_scored:
            series.start_next_hand()
        seat_joiners(series, list(players), joins)
        deals.append(Deal(series.hand, series.dealer, tuple(series.active_players())))
        if result.hand != series.hand:
            result = HandResult(series.hand, result.winner, result.blocked, dict(result.points),
                                {k: list(v) for k, v in result.cards.items()}, list(result.left))
        apply_result(series, result)
    if not series.over and series.hand_scored:
        series.start_next_hand()
    if not series.over:
        seat_joiners(series, list(players), joins)
        deals.append(Deal(series.hand, series.dealer, tuple(series.active_players())))
    return series, deals


# ---------------------------------------------------------------------------
# Standings
# ---------------------------------------------------------------------------

def _upcoming(series: Series, current_hand_started: bool) -> tuple[str, int] | None:
    """(dealer, hand number) of the next hand not yet started; None once the series is over."""
    if series.over:
        return None
    if not current_hand_started and not series.hand_scored:
        if not series.records[series.dealer].eliminated:
            return series.dealer, series.hand
        return series.next_dealer(), series.hand
    return series.next_dealer(), series.hand + 1


def places(series: Series) -> dict[str, int]:
    """Each player's place in the series (``places_of`` of its records): 1 the
    best, equal standing shares a place.  Returns name -> place, in seating order."""
    return places_of([series.records[p].to_dict() for p in series.players], series.mode,
                     best_high(series.rules))


def places_of(players: Iterable[Mapping[str, Any]], mode: str, high: bool = False
              ) -> dict[str, int]:
    """The one ranking of a series, used wherever places are shown (standings,
    ``standings --json``, the final standings of a banner, the HTML export).

    ``players``: one mapping per player in seating order, with ``name``,
    ``total``, ``wins``, ``eliminated`` (bool) and ``out_hand`` (the hand after
    which the player went out; 0 or missing while in).  1 is the best; equal
    standing shares a place and the next place is skipped (1, 2, 2, 4).
    ``elimination``: players still in by lowest total, then those out, the
    last to go out first (R7.4); ``hands`` and ``target``: lowest total (R7.5,
    R10.91), the highest with ``high`` (``best_high``: R10.90, R10.91);
    ``casual``: most wins (R7.6).  In every mode a player out of the series
    ranks after those still in.  Returns name -> place, in seating order.
    """
    casual = mode == "casual"
    sign = -1 if high else 1

    def key(p: Mapping[str, Any]) -> tuple[int, ...]:
        score = -int(p.get("wins", 0)) if casual else sign * int(p.get("total", 0))
        return (int(bool(p.get("eliminated"))), -int(p.get("out_hand") or 0), score)

    keys = {str(p["name"]): key(p) for p in players}
    first: dict[tuple[int, ...], int] = {}
    for i, k in enumerate(sorted(keys.values()), 1):
        first.setdefault(k, i)
    return {name: first[k] for name, k in keys.items()}


def _to_go(series: Series, name: str) -> int | None:
    """Points ``name`` may still score before going over the limit (R7.4), or before
    reaching the target (R10.91), or None."""
    rec = series.records[name]
    if series.mode == "target" and not rec.eliminated:
        return max(0, series_target(series.rules) - rec.total)
    if series.mode != "elimination" or rec.eliminated:
        return None
    return max(0, series_limit(series.rules) - rec.total)


def _hands_left(series: Series) -> int | None:
    hands = series_hands(series.rules)
    if series.mode == "elimination" or hands <= 0:
        return None
    return max(0, hands - series.hands_scored)


def standings_json(series: Series, current_hand_started: bool) -> dict[str, Any]:
    """The ``standings --json`` object (NOTATION.md "JSON").

    ``{"players": [{"name", "total", "wins", "eliminated", "left", "place",
    "last", "to_go"}, ...] in seating order, "next_dealer": name or None once
    the series is over, "series_winner": [names] or None, "hand": the
    current/last hand number, "hands_scored": int, "mode": str}``, plus
    ``"limit"`` (points) in elimination mode, ``family_fields`` and ``"hands"`` and
    ``"hands_left"`` when a number of hands is set.  ``place``: see
    ``places``; ``last``: points in the last scored hand (null when the player
    did not score it); ``to_go``: points before going over the limit, or before
    reaching the target (null in the other modes and for players out).
    ``current_hand_started``: whether hand ``series.hand`` has left ``waiting``;
    the next dealer is then the one after the current dealer (R2.1), otherwise
    the current dealer, who has yet to deal.
    """
    upcoming = _upcoming(series, current_hand_started)
    place = places(series)
    out: dict[str, Any] = {
        "players": [
            {"name": p, "total": series.records[p].total, "wins": series.records[p].wins,
             "eliminated": series.records[p].eliminated, "left": series.records[p].left,
             "place": place[p], "last": series.last_points.get(p), "to_go": _to_go(series, p)}
            for p in series.players
        ],
        "next_dealer": upcoming[0] if upcoming else None,
        "series_winner": list(series.winners) if series.winners else None,
        "hand": series.hand,
        "hands_scored": series.hands_scored,
        "mode": series.mode,
    }
    if series.mode == "elimination":
        out["limit"] = series_limit(series.rules)
    out.update(family_fields(series.rules))
    if series_hands(series.rules) > 0 and series.mode in ("hands", "casual"):
        out["hands"] = series_hands(series.rules)
        out["hands_left"] = _hands_left(series)
    return out


_FIRST_COMBINING = "\u0300"
"""Below it every character takes one column, but the soft hyphen (format, none)."""
_SOFT_HYPHEN = "\u00ad"


def text_width(text: str) -> int:
    """Columns a string takes on a terminal (wide characters 2, combining marks 0)."""
    if text.isascii() or (max(text) < _FIRST_COMBINING and _SOFT_HYPHEN not in text):
        return len(text)  # (Latin letters with accents: French, Portuguese headings)
    import unicodedata  # only for text beyond Latin-1 and its extensions (start-up time)

    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def pad_cell(text: str, width: int, right: bool = False) -> str:
    """``text`` filled with spaces to ``width`` terminal columns (``text_width``),
    on the left when ``right`` (numbers), else on the right; never cut."""
    fill = " " * max(0, width - text_width(text))
    return fill + text if right else text + fill


def render_standings(series: Series, current_hand_started: bool, by_seat: bool = False,
                     closing: Iterable[str] = ()) -> str:
    """The standings as an aligned table for a terminal, with closing lines.

    Rows by place (see ``places``; ties share a place), or in seating order
    with a seat column when ``by_seat``.  Columns: place, player, total, the
    last hand's points and the points still to go before the limit (R7.4;
    total, last and to go left out in casual mode), wins, and a note (``out``
    / ``left`` / ``deals next``).  Then who deals next (R2.1), the series
    winner(s) if any, and the mode's terms (limit, hands left); ``closing``,
    when given, are the lines said instead (a tournament's table tells who
    goes through, ``seat.Seat.told``).  No trailing newline.
    ``current_hand_started`` as in ``standings_json``.
    """
    mode = series.mode
    upcoming = _upcoming(series, current_hand_started)
    place = places(series)
    headers = ([t("score.col.seat")] if by_seat else []) + [t("score.col.place"),
                                                             t("score.col.player")]
    if mode != "casual":
        headers += [t("score.col.total"), t("score.col.last")]
        if mode == "elimination":
            headers.append(t("score.col.to_go"))
    headers.append(t("score.col.wins"))
    order = list(series.players)
    if not by_seat:
        order.sort(key=lambda p: place[p])  # stable: ties stay in seating order
    rows = []
    for p in order:
        rec = series.records[p]
        row = [str(series.players.index(p) + 1)] if by_seat else []
        row += [str(place[p]), p]
        if mode != "casual":
            last = series.last_points.get(p)
            row += [str(rec.total), "-" if last is None else str(last)]
            if mode == "elimination":
                to_go = _to_go(series, p)
                row.append("-" if to_go is None else str(to_go))
        row.append(str(rec.wins))
        if rec.left:
            note = t("score.status.left")
        elif rec.eliminated:
            note = t("score.status.out")
        elif upcoming and upcoming[0] == p:
            note = t("score.status.deals")
        else:
            note = ""
        rows.append((row, note))
    name_col = headers.index(t("score.col.player"))
    widths = [max(text_width(h), *(text_width(r[i]) for r, _ in rows)) for i, h in enumerate(headers)]
    numeric = [i != name_col for i in range(len(headers))]

    def line(cells: list[str], note: str) -> str:
        parts = [pad_cell(c, widths[i], right=numeric[i]) for i, c in enumerate(cells)]
        text = "  ".join(parts)
        return (text + "  " + note).rstrip() if note else text.rstrip()

    out = [line(headers, "")]
    out += [line(r, note) for r, note in rows]
    out.append("")
    closing = list(closing)
    if closing:
        return "\n".join(out + closing)
    if series.winners:
        key = "score.line.series_shared" if len(series.winners) > 1 else "score.line.series_won"
        out.append(t(key, names=join_names(series.winners)))
    elif upcoming:
        out.append(t("score.line.next_dealer", name=upcoming[0], hand=upcoming[1]))
    hands = series_hands(series.rules)
    left = _hands_left(series)
    if mode == "elimination":
        out.append(t("score.line.limit", n=series_limit(series.rules)))
    elif mode == "hands" and hands > 0:
        out.append(t("score.line.hands", scored=series.hands_scored, hands=hands, n=left))
    elif mode == "casual":
        if hands > 0:
            out.append(t("score.line.casual_hands", scored=series.hands_scored, hands=hands,
                         n=left))
        else:
            out.append(t("score.line.casual"))
    return "\n".join(out)
