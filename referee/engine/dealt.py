"""A hand as dealt: who is in it, the decks, the state of R2.2; no rule module.

``Dealt`` answers what a hand dealt and not yet started is, and the queries
that only read the state: the NOTATION.md state object, the situation of a hand
not being played (``Situation``, facts: ``referee.words.events.summary`` says
them), whose seat follows whose, who plays first (R2.5), how many decks are
shuffled together and how many cards they hold (R1.3).  ``Hand`` inherits all
of it and adds the rules (``hand``), so that each of these facts
has one definition, and a program that only scores a hand it did not referee
(``pesten-ref score``) need not load the rule modules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Iterable

from referee.engine.cards import SUITS, NotationError, deck_size, parse_card
from referee.engine import order
from referee.engine.state import HandState
from referee.engine.values import Record

if TYPE_CHECKING:
    from referee.engine.cards import Card
    from referee.engine.rules import HouseRules


class Dealt(HandState):
    """One hand of Pesten right after the deal, waiting for its starter (R2.2, R2.3).

    Construct with the rule set, the players in the hand in seating order
    (clockwise, R1.2), the dealer and the hand's number; raises ValueError
    when the dealer is not in the hand.  ``scored``: the hand's result is
    recorded (R7).  Its state changes only through ``Hand`` (the subclass
    that applies entries).
    """

    __slots__ = ("rules", "number", "seats", "dealer", "decks", "deck_total", "free",
                 "_lower", "scored")

    def __init__(self, rules: "HouseRules", players: Iterable[str], dealer: str, number: int = 1):
        self.rules = rules
        self.number = number                   # the hand's number in the series
        self.seats: list[str] = list(players)  # the players dealt in, seating order (R1.2)
        if dealer not in self.seats:
            raise ValueError(f"dealer {dealer!r} is not in the hand")
        self.dealer = dealer
        self.decks = rules.deck_count(len(self.seats))         # decks in play (R1.3)
        self.deck_total = deck_size(self.decks, rules.jokers_per_deck, rules.deck)  # in play
        self.free = rules.free_order           # snel pesten (R8.4)
        self._lower = {p.lower(): p for p in self.seats}
        self.scored = False                    # the hand's result is recorded (R7)
        self.reset(self.seats, rules.deal_size, self.deck_total)

    # -- a hand over, kept without its log --------------------------------------
    def end_record(self) -> dict[str, Any]:
        """The record of this hand once it is over (won R6.1, R1.5, or blocked R3.9),
        which ``ended`` reads back: its state as a plain dict that TOML can hold (no None): what ``Dealt.ended`` needs
        to answer ``state``, ``situation`` and the facts scoring reads (R7.2)
        without replaying the log.

        Keys: ``counts`` (name -> cards held, players still in the hand),
        ``draw_pile`` (cards), ``discard`` (the discard pile's cards as text,
        top card last), ``direction`` (1 or -1), ``pending`` (cards), ``left``
        (who left, R1.5), ``blocked``, ``corrections`` (R0.2), and ``winner``,
        ``named_suit`` and ``places`` (who went out, in order, R6.3) when set.
        Raises ValueError for a hand not over.
        """
        if self.status != "over":
            raise ValueError(f"hand {self.number} is not over")
        end: dict[str, Any] = {
            "counts": {p: self.counts[p] for p in self.active},
            "draw_pile": self.draw_pile,
            "discard": " ".join(str(c) for c in self.discard),
            "direction": self.direction,
            "pending": self.pending,
            "left": list(self.left),
            "blocked": self.blocked,
            "corrections": self.corrections,
        }
        if self.winner is not None:
            end["winner"] = self.winner
        if self.named_suit is not None:
            end["named_suit"] = self.named_suit
        if self.places:
            end["places"] = list(self.places)
        if self.out_factor != 1:  # (R10.82: the winner's call on going out)
            end["out_factor"] = self.out_factor
        return end

    @classmethod
    def ended(cls, rules: "HouseRules", players: Iterable[str], dealer: str, number: int,
              end: Mapping[str, Any]) -> "Dealt":
        """The hand dealt as ``Dealt(rules, players, dealer, number)`` and over with
        ``end`` (what ``end_record()`` gave): its status ``"over"`` and every field
        ``end`` holds; the turn, skips, last-card duties and owed draws of a hand
        over are none.  Only the queries of ``Dealt`` read it; applying entries
        needs the ``Hand`` its log replays to.

        Raises ValueError when ``end`` is not such a record (a key missing or of
        another type, a card that does not read, a name not in the hand).
        """
        hand = cls(rules, players, dealer, number)
        try:
            left = [str(p) for p in end["left"]]
            places = [str(p) for p in end.get("places", [])]
            active = [p for p in hand.seats if p not in left and p not in places]
            counts = {str(p): n for p, n in end["counts"].items()}
            winner = end.get("winner")
            discard = [parse_card(c) for c in str(end["discard"]).split()]
            fields = (end["draw_pile"], end["pending"], end["corrections"])
            ok = (list(counts) == active
                  and len(left) + len(active) + len(places) == len(hand.seats)
                  and _whole_numbers(*counts.values(), *fields)
                  and _other_fields_fit(end, discard, winner, hand.seats))
        except (KeyError, TypeError, AttributeError, NotationError) as exc:
            raise ValueError(f"not the end of a hand: {exc}") from None
        if not ok:
            raise ValueError("not the end of a hand")
        hand.active, hand.left, hand.counts, hand.places = active, left, counts, places
        hand.draw_pile, hand.pending, hand.corrections = fields
        hand.discard = discard
        hand.copies = dict(Counter(discard))
        hand.direction = end["direction"]
        hand.named_suit = end.get("named_suit")
        hand.winner = winner
        hand.blocked = end["blocked"]
        hand.out_factor = end.get("out_factor", 1)
        hand.status = "over"
        return hand

    def state(self) -> dict:
        """The NOTATION.md state object (plain JSON-ready dict)."""
        status = "scored" if self.scored else self.status
        playing = self.status == "playing"
        return {
            "hand": self.number,
            "status": status,
            "dealer": self.dealer,
            "turn": self.turn if playing else None,
            "direction": "clockwise" if self.direction == 1 else "counterclockwise",
            "top": str(self.discard[-1]) if self.discard else None,
            "named_suit": self.named_suit,
            "pending_draw": self.pending,
            "pending_skip": self.pending_skip if playing else 0,
            "pending_wait": bool(self.skip_stacks and self.pending_skip) if playing else False,
            "limit": _limit_json(self.limit) if playing else None,
            "skips": ({p: self.skips[p] for p in self.active if self.skips.get(p)}
                      if playing else {}),
            "waits": ({p: self.waits[p] for p in self.active if self.waits.get(p)}
                      if playing else {}),
            "demand": ({"rank": self.demand[0], "by": self.demand[1]}
                       if playing and self.demand is not None else None),
            "counts": {p: self.counts[p] for p in self.active},
            "draw_pile": self.draw_pile,
            "discard_pile": len(self.discard),
            "announce_due": self.announce_due if playing else None,
            "callable": self.callable if playing else [],
            "winner": self.winner,
            "places": list(self.places),
        }

    @property
    def top(self) -> "Card | None":
        """The card on top of the discard pile (a ``Card``), or None before the starter."""
        return self.discard[-1] if self.discard else None

    @property
    def announce_due(self) -> str | None:
        """The player whose "Laatste kaart!" window is open (R4.2), or None."""
        for p, s in self.last_card.items():
            if s == "open":
                return p
        return None

    @property
    def callable(self) -> list[str]:
        """Players who may now be called for a forgotten last card (R4.3)."""
        last_card = self.last_card
        if "missed" not in last_card.values():
            return []
        return [p for p in self.active if last_card.get(p) == "missed"]

    def situation(self) -> "Situation":
        """The hand in short, as facts (``Situation``), of a hand not being played:
        waiting for the starter (R2.3), blocked (R3.9) or won (R6.1);
        ``Hand.situation`` tells a hand being played."""
        if self.status == "waiting":
            return Situation("waiting", dealer=self.dealer)
        if self.blocked:
            return Situation("blocked")
        return Situation("over", winner=self.winner)

    def player(self, name: str) -> str | None:
        """The seated name matching ``name`` case-insensitively, or None (R1.1)."""
        return self._lower.get(name.lower())

    def next_seat(self, player: str) -> str:
        """The seat after ``player`` in the current direction, among those still in the hand."""
        return order.next_seat(self, player)

    def first_player(self) -> str:
        """Who plays first after the dealer (R2.5): the seat after the dealer, clockwise."""
        seats = self.seats
        return seats[(seats.index(self.dealer) + 1) % len(seats)]


class Situation(Record):
    """The hand in short, as facts, for a sentence on it (``state``; said by
    ``referee.words.events.summary``).

    ``status``: ``"waiting"`` (``dealer`` deals, R2.3), ``"blocked"`` (R3.9),
    ``"over"`` (``winner``, R6.1) or ``"playing"``; a hand being played adds the
    ``top`` card (a ``Card``), the ``named`` suit (R3.3), whose ``turn`` it is (None:
    a free turn, R8.4), the ``pending`` penalty (R5.7) and the ranks that ``stack`` on
    it, the turns to miss of a ``pending_skip`` answered by ``skip_rank`` (R5.11), and
    the ``limit`` on the next card (R9.6, R9.9) and the ``demand`` in force (R10.22:
    the rank, who demanded it), all as ``Hand`` holds them.
    """

    __slots__ = ("status", "dealer", "winner", "top", "named", "turn", "pending", "stack",
                 "pending_skip", "skip_rank", "limit", "demand")
    __match_args__ = __slots__

    def __init__(self, status: str, *, dealer: str | None = None, winner: str | None = None,
                 top: "Card | None" = None, named: str | None = None, turn: str | None = None,
                 pending: int = 0, stack: tuple[str, ...] = (), pending_skip: int = 0,
                 skip_rank: str | None = None, limit: tuple | None = None,
                 demand: tuple | None = None):
        self.status, self.dealer, self.winner = status, dealer, winner
        self.top, self.named, self.turn = top, named, turn
        self.pending, self.stack = pending, stack
        self.pending_skip, self.skip_rank, self.limit = pending_skip, skip_rank, limit
        self.demand = demand


def _whole_numbers(*values) -> bool:
    """Whether every value is a whole number (an int, not a bool) from 0 (``Dealt.ended``)."""
    return all(type(n) is int and n >= 0 for n in values)


def _other_fields_fit(end: Mapping[str, Any], discard: list, winner, seats: list[str]) -> bool:
    """Whether the direction, ``blocked``, the discard pile, the winner and the named
    suit of the record ``end`` read as a hand over's (``Dealt.ended``; raises
    KeyError for a key missing)."""
    return (end["direction"] in (1, -1) and type(end["blocked"]) is bool
            and bool(discard) and (winner is None or winner in seats)
            and (end.get("named_suit") is None or end["named_suit"] in SUITS)
            and end.get("out_factor", 1) in range(1, 11))  # (R10.82)


def _limit_json(limit: tuple | None) -> dict | None:
    """The JSON of a limit on the next card (R9.6, R9.9; docs/JSON.md ``limit``)."""
    if limit is None:
        return None
    kind, value = limit
    if kind == "follow":
        return {"suit": value.suit, "rank": value.rank}
    return {kind: value}
