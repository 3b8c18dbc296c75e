"""The one legality API: what a player may do now, and why a card may or may not go.

- ``legal(h, player)`` -> ``Legal``: the plays and draws open to ``player`` (the
  player to act by default; in free order any player), a live view of the hand.  Its masks are the
  checks the referee applies, asked once for every card (``matching.play_mask``
  for a play, ``draws.draw_play_mask`` for ``d CARD``), so that it cannot
  disagree with a ruling.
- ``refusal(h, card, player, suit)`` -> the ``Refused`` event a play of ``card``
  would get (rule id and reason, R0.3 order), or None when it is legal.
- ``start_names_suit(h, card)``: whether the starter needs a suit named (R9.16).
- ``may_call(h, target, caller)``: whether a last-card call would be accepted
  (R4.3, R4.4, R8.4); ``blank_turns(h)``: who had a blank turn (R3.9).

``Hand.check`` (the ``check CARD`` query), Tab completion and the simulator's
bots all ask here.
"""

from __future__ import annotations

from typing import Sequence

from referee.engine.cards import CARDS, Card
from referee.engine.notation import Call, Line
from referee.engine import (
    deal, demands, doubles, draws, goingout, jumpin, matching, order, runs, table)
from referee.engine.state import Snapshot
from referee.engine.events import Reason, Refusal, Refused

_NONE = 0  # (no card)


class Legal:
    """What a player may do, a live view of the hand (as python-chess's
    ``board.legal_moves`` is of its board): every attribute and method answers
    for the position at the moment it is read, never for an earlier one.  The
    referee never sees a hand: it answers by card kind.  ``legal`` makes a new
    one at each call, so that no two callers share one.

    ``player``: who acts for the player asked (None: nobody may act now: the
    hand is not being played, or it is not that player's turn, R3.7, R8.4).
    ``mask``: the cards (bit ``card.id``) whose play passes the penalty,
    matching and going-out checks (R5.7, R3.1-R3.3, R6.2, R5.11, R9.6, R9.9; a
    Jack with a suit named): ``matching.play_mask``, what ``matching.check_play``
    applies.  ``draw_open``: a plain ``d`` is open; ``passes``: ``pass`` is (a
    skip passed on is pending, R5.11: then no draw is).  ``draw_mask``: the cards
    ``d CARD`` may name (R3.4; R5.7 under ``penalty_ends_turn = false``: the
    penalty taken, then the card played): ``draws.draw_play_mask``, what
    ``draws.check_draw_play`` applies.  ``may_play(card)`` / ``may_draw_play(card)`` add the
    deck checks (R1.3, R1.4), which a player holding the real card always
    passes.  ``doubles``: this table plays several cards of one rank as one
    play (R3.10, the compiled ``Tables.doubles``): whether ``may_double(first,
    more)`` can be true.  Each mask is worked out when read:
    read it once per position.
    """

    __slots__ = ("_hand", "_asked")

    def __init__(self, hand, asked: str | None = None):
        self._hand = hand     # the hand it views
        self._asked = asked   # the player asked for (None: the player to act)

    @property
    def player(self) -> str | None:
        """Who acts now for the player asked (None: nobody may, R3.7, R8.4)."""
        return actor(self._hand, self._asked)

    @property
    def mask(self) -> int:
        """The cards ``player`` may play now, a bit mask by card id (the deck checks aside);
        for a player asked whose turn it is not, the cards they may jump in with (R10.70:
        ``jumpin.jump_mask``; ``jumping`` says so)."""
        h = self._hand
        who = actor(h, self._asked)
        if who is None:
            return jumpin.jump_mask(h, self._asked) if self._asked is not None else _NONE
        mask = matching.play_mask(h, h.counts[who] - 1)  # (a play: one card fewer)
        return mask

    @property
    def jumping(self) -> bool:
        """Whether a play by the player asked would be a jump-in (R10.70): the table plays
        jump-in and it is not their turn (their plays: ``mask``; no draw is open)."""
        return jumpin.may_jump(self._hand, self._asked)

    @property
    def doubles(self) -> bool:
        """Whether this table plays several cards of one rank as one play (R3.10,
        ``multi_play``): whether ``may_double`` can be true (it is false while
        nobody may act)."""
        return self._hand.tables.multi_play

    @property
    def runs(self) -> bool:
        """Whether this table plays runs (R10.60, ``multi_play = "run"`` or
        ``"same_rank_or_run"``): whether ``may_double`` can be true of a run."""
        return self._hand.tables.runs

    @property
    def passes(self) -> bool:
        """Whether ``pass`` is open: a skip passed on (R5.11) or a stacked wait (R10.21)
        is pending for ``player``."""
        return self.player is not None and bool(self._hand.pending_skip)

    @property
    def draw_open(self) -> bool:
        """Whether a plain ``d`` is open (not while a skip passed on is pending, R5.11;
        under ``draw = "until_playable"`` only when it takes the last card left to
        draw, R10.51: ``draws.count_refusal``)."""
        who = self.player
        h = self._hand
        return who is not None and not h.pending_skip \
            and (h.rules.draw == "one" or draws.count_refusal(h, who, None) is None)

    @property
    def draw_counts(self) -> bool:
        """Whether the table's draw policy governs a ``d`` now (R10.50): ``d 3`` and
        ``d 3 5h`` may be typed (``draws.by_policy``; not on a penalty or a draw owed)."""
        if self._hand.rules.draw == "one":  # (first: the simulator asks at every draw)
            return False
        who = self.player
        if who is None:
            return False
        try:
            return draws.by_policy(self._hand, who, None)
        except Refusal:
            return False

    def may_draw(self, count: int) -> bool:
        """Whether ``player`` may type ``d COUNT``, no card played (R10.50-R10.52)."""
        who = self.player
        return who is not None and not self._hand.pending_skip \
            and draws.count_refusal(self._hand, who, count) is None

    @property
    def draw_mask(self) -> int:
        """The cards ``d CARD`` may name now, a bit mask by card id (the deck checks aside;
        none while a skip passed on is pending, R5.11: ``draws.draw_play_refusal``)."""
        who = actor(self._hand, self._asked)
        if who is None:
            return _NONE
        return draws.draw_play_mask(self._hand, who)

    def may_play(self, card: Card) -> bool:
        """Whether ``player`` may play ``card`` now (every check of R0.3)."""
        return bool(self.mask >> card.id & 1) and table.in_deck(self._hand, card)

    def may_draw_play(self, card: Card) -> bool:
        """Whether ``player`` may type ``d CARD`` (draw, then play ``card`` at once)."""
        h = self._hand
        return bool(self.draw_mask >> card.id & 1) and table.in_deck(h, card, _draw_copies(h))

    def names_suit(self, card: Card, drawn: bool = False, played: int = 1) -> bool:
        """Whether a play of ``card`` by ``player`` must name a suit (R5.4: a Jack,
        unless it empties the hand); ``drawn``: typed as ``d CARD`` (one card drawn
        first, not on a pending penalty); ``played``: the cards the play puts down
        (``Jh+Js``: 2, R3.10).  Raises KeyError when nobody may act (``player`` None)."""
        h = self._hand
        if not h.tables.names[card.id]:  # (a card that names no suit here never must)
            return False
        held = h.counts[actor(h, self._asked) or self._asked]
        return matching.names_suit(h, card, held + 1 - played if drawn else held - played)

    def demand_ranks(self, card: Card) -> tuple[str, ...]:
        """The ranks a play of ``card`` may demand, typed after it (``Jh 7``, R10.22):
        ``()`` for a card that demands nothing (it may always be typed without one)."""
        return demands.allowed(self._hand, card)

    def may_double(self, first: Card, more: Sequence[Card], suit: str | None = None) -> bool:
        """Whether ``player`` may play ``first`` with ``more`` after it as one play now
        (``8h+8s``, R3.10): the checks the referee applies (``doubles.together_refusal``),
        the deck checks included.  A card that names a suit under these rules (the
        compiled ``Tables.names``: a Jack, a rank with ``name_suit``, R5.4, R9.8) is
        taken with ``suit`` named (default hearts)."""
        who = actor(self._hand, self._asked)
        if who is None or not more:
            return False
        cards = (first, *more)
        if suit is None and self._hand.tables.names[cards[runs.acting(cards)].id]:
            suit = "h"  # (the card that acts names it: a double's first, a run's last rank, R10.64)
        return doubles.together_refusal(self._hand, who, cards, suit) is None

    def follows(self, cards: Sequence[Card]) -> list[Card]:
        """The cards that may follow ``cards`` (one or more, in order) in one play now,
        by card id: those after which the play may be played (``may_double``), and
        where runs are played (R10.60) a turn (a card of the last card's rank, R10.62)
        after which some card may follow: ``5h+`` offers ``5s`` when ``5h+5s+6s`` may
        be played, though ``5h+5s`` alone is a double (R3.10)."""
        first, more = cards[0], tuple(cards[1:])
        out = [c for c in CARDS if self.may_double(first, (*more, c))]
        if self._hand.tables.runs and not self._hand.tables.doubles:
            last = cards[-1].rank
            for c in CARDS:
                if c.rank == last and c not in out and any(
                        self.may_double(first, (*more, c, d)) for d in CARDS if d.rank != last):
                    out.append(c)
            out.sort(key=lambda c: c.id)
        return out

    @property
    def draw_plays_drawn_card(self) -> bool:
        """Whether ``d CARD`` now plays the card just drawn (R3.4), rather than taking
        the pending penalty and then playing a card held (R5.7)."""
        return not self._hand.pending

    @property
    def plays(self) -> list[Card]:
        """Every kind of card ``player`` may play now, by card id."""
        mask = self.mask
        return [c for c in CARDS if mask >> c.id & 1 and table.in_deck(self._hand, c)]

    @property
    def draw_plays(self) -> list[Card]:
        """Every kind of card ``d CARD`` may name now, by card id."""
        h = self._hand
        mask = self.draw_mask
        copies = _draw_copies(h)
        return [c for c in CARDS if mask >> c.id & 1 and table.in_deck(h, c, copies)]


def _draw_copies(h) -> dict:
    """The discard pile's copies the deck check of a ``d CARD`` counts: as a reshuffle
    the draw needs first leaves the pile (R3.5: its top card alone)."""
    copies = {h.discard[-1]: 1} if draws.reshuffles_first(h) else h.copies
    return copies


def actor(h, player: str | None) -> str | None:
    """Who would act for an entry by ``player`` (None: the player to act), or None
    when nobody may (the hand is not being played, R3.7, R8.4)."""
    if h.status != "playing" or h.scored:
        return None
    if player is None:
        return h.turn
    if player not in h.counts:
        return None
    if h.free:
        return player if (not h.pending or player == h.turn) else None
    return player if player == h.turn else None


def legal(h, player: str | None = None) -> Legal:
    """The plays and draws open to ``player`` (default: the player to act), a new
    ``Legal``: a live view of ``h`` that answers for the position when it is read
    (never for the one it was asked in), shared with no other caller.  Never
    raises: nobody may act (``Legal.player`` None) while the hand is not being
    played, for a player not in it, or for a player whose turn it is not (R3.7,
    R8.4).
    """
    return Legal(h, player)


def start_names_suit(h, card: Card) -> bool:
    """Whether the starter ``card`` needs the suit the dealer names (R9.16: a starter
    that names a suit under ``[start] mode = "applies"``: ``start Jh s``)."""
    return deal.needs_suit(h, card)


def may_call(h, target: str, caller: str | None = None) -> bool:
    """Whether ``caller`` (None: nobody named) may call ``target`` for a forgotten last
    card now (R4.3, R4.4; R8.4: in free order an entry names its player): the
    checked path asked, the entry tried and put back, nothing logged."""
    snap = Snapshot(h)
    try:
        return h.apply_parsed(Line("entry", caller, (Call(target),)))[0]
    finally:
        snap.restore(h)


def blank_turns(h) -> frozenset[str]:
    """R3.9: the players who had a blank turn (neither played nor brought a card)
    since the last card was played; the hand is blocked once every player in it
    has, on exhausted piles."""
    return frozenset(h.idle)


def refusal(h, card: Card, player: str | None = None, suit: str | None = None) -> Refused | None:
    """Why a play of ``card`` by ``player`` (default: the player to act) would be
    refused now, as the ``Refused`` event (reason, rule id), or None if legal.

    A card that names a suit under these rules (the compiled ``Tables.names``: a
    Jack, a rank with ``name_suit``, R5.4, R9.8) is taken with a suit named
    (``suit``, else hearts).  In free order
    with nobody named and no penalty pending: whether the card fits for anyone.
    """
    try:
        h.check_status()
        who = None
        if player is not None:
            who = h.player(player)
            if who is None:
                raise Refusal(Reason.UNKNOWN_PLAYER, "R1.1", name=player)
            if who in h.left:
                raise Refusal(Reason.LEFT, "R1.5", name=who)
            goingout.check_not_out(h, who)   # (R6.3: who went out plays no more)
        elif not h.free or h.pending:
            who = h.turn
        if who is not None and jumpin.may_jump(h, who):  # (R10.70: out of turn, a jump-in)
            jumpin.check(h, who, (card,))
            count_after = h.counts[who] - 1
        elif who is not None:
            order.check_turn(h, who)
            count_after = h.counts[who] - 1
        else:
            count_after = 1
        if suit is None and h.tables.names[card.id]:
            suit = "h"
        matching.check_play(h, who or "?", card, suit, count_after)
    except Refusal as exc:
        return exc.event
    return None
