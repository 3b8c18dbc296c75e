"""The state of one hand: every field an entry may change, and its snapshot.

``HandState`` holds the fields (one comment each); ``Snapshot`` copies them so
that a refused line can be put back exactly (R0.4: a refusal changes nothing).
The state is public information only (R0.1): counts, not cards in hand.
"""

from __future__ import annotations

from referee.engine.cards import Card

MUTABLE = ("active", "left", "counts", "draw_pile", "discard", "copies", "direction",
           "turn", "named_suit", "pending", "pending_kind", "pending_skip", "skip_rank",
           "skip_stacks", "limit", "demand", "skips", "waits", "status", "winner",
           "blocked", "last_card", "owed", "idle", "penalty_turn", "corrections", "places",
           "out_factor")
"""The fields an entry may change (``Snapshot`` copies them all)."""


class HandState:
    """The fields of a hand that entries change (see ``reset`` for their meaning)."""

    __slots__ = MUTABLE

    def reset(self, seats: list[str], deal_size: int, deck_total: int) -> None:
        """The state right after the deal (R2.2), waiting for the starter (R2.3)."""
        self.active: list[str] = list(seats)    # players still in the hand, seating order (R1.2)
        self.left: list[str] = []               # players who left during the hand (R1.5)
        self.counts: dict[str, int] = {p: deal_size for p in seats}  # cards each holds
        self.draw_pile: int = deck_total - deal_size * len(seats)    # cards face down
        self.discard: list[Card] = []           # the discard pile, top card last
        self.copies: dict[Card, int] = {}       # copies of each card on the discard pile (R1.4)
        self.direction: int = 1                 # 1 clockwise, -1 counterclockwise (R5.5)
        self.turn: str | None = None            # the player to act (None: nobody / free order)
        self.named_suit: str | None = None      # the suit named with the Jack on top (R3.3)
        self.pending: int = 0                   # cards of the pending draw penalty (R5.7)
        self.pending_kind: str | None = None    # rank of the card that made it: "2"/"Joker"
        self.pending_skip: int = 0              # R5.11: turns the player to act misses
        #                                         unless they pass the skip on
        self.skip_rank: str | None = None       # R5.11: the rank that passes it on
        self.skip_stacks: bool = False          # R10.21: the pending skip is a stacked wait
        #                                         (its rank's waiting cards add to it)
        self.limit: tuple | None = None         # R9.6/R9.9: what the next card must be,
        #                                         ("at_most", 5), ("follow", card) ...
        self.demand: tuple | None = None        # R10.22: (rank demanded, who demanded it)
        self.skips: dict[str, int] = {}         # turns each player still misses (R5.9)
        self.waits: dict[str, int] = {}         # R10.21: turns each still waits (told each time)
        self.status: str = "waiting"            # "waiting" (no starter), "playing", "over"
        self.winner: str | None = None          # who won the hand (R6.1, R1.5)
        self.blocked: bool = False              # the hand ended blocked (R3.9)
        # R4: per player with a last-card duty: "open" (window open, not announced),
        # "announced", "missed" (window closed unannounced: callable), "called".
        self.last_card: dict[str, str] = {}
        self.owed: dict[str, int] = {}          # R6.2: cards the player's next draw takes
        self.idle: set[str] = set()             # R3.9: who had a blank turn since the last play
        self.penalty_turn: str | None = None    # R3.9/R5.7: whose turn began with a penalty
        #                                         that brought cards (penalty_ends_turn = false)
        self.corrections: int = 0               # corrections entered (R0.2)
        self.places: list[str] = []             # R6.3: who went out, in order (last_holder)
        self.out_factor: int = 1                # R10.82: the winner's call on going out
        #                                         multiplies the others' points by it


class Snapshot:
    """A copy of every ``MUTABLE`` field of a hand; ``restore(hand)`` puts it back.

    Containers are copied; the copy is taken before an entry that may change
    the state and still be refused (R0.3/R0.4).
    """

    __slots__ = MUTABLE

    def __init__(self, h: HandState):
        self.active = h.active.copy()
        self.left = h.left.copy()
        self.counts = h.counts.copy()
        self.draw_pile = h.draw_pile
        self.discard = h.discard.copy()
        self.copies = h.copies.copy()
        self.direction = h.direction
        self.turn = h.turn
        self.named_suit = h.named_suit
        self.pending = h.pending
        self.pending_kind = h.pending_kind
        self.pending_skip = h.pending_skip
        self.skip_rank = h.skip_rank
        self.skip_stacks = h.skip_stacks
        self.limit = h.limit
        self.demand = h.demand
        self.skips = h.skips.copy()
        self.waits = h.waits.copy()
        self.status = h.status
        self.winner = h.winner
        self.blocked = h.blocked
        self.last_card = h.last_card.copy()
        self.owed = h.owed.copy()
        self.idle = h.idle.copy()
        self.penalty_turn = h.penalty_turn
        self.corrections = h.corrections
        self.places = h.places.copy()
        self.out_factor = h.out_factor

    def restore(self, h: HandState) -> None:
        """Put the copied fields back into ``h`` (the snapshot is used up)."""
        for name in MUTABLE:
            setattr(h, name, getattr(self, name))
