"""The one legality API: what a player may do now, and why a card may or may not go.

- ``legal(h, player)`` -> ``Legal``: the plays and draws open to ``player`` (the
  player to act by default; in free order any player).  Its masks are the
  checks the referee applies, asked once for every card (``turn.play_mask``
  for a play, ``turn.draw_play_mask`` for ``d CARD``), so that it cannot
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
from referee.engine import deal, goingout, order, table, turn
from referee.engine.state import Snapshot
from referee.engine.events import Reason, Refusal, Refused

_NONE = 0  # (no card)


class Legal:
    """What ``player`` may do now (the referee never sees a hand: by card kind).

    ``player``: who (None: nobody may act).  ``mask``: the cards (bit ``card.id``)
    whose play passes the penalty, matching and going-out checks (R5.7,
    R3.1-R3.3, R6.2, R5.11, R9.6, R9.9; a Jack with a suit named):
    ``turn.play_mask``, what ``turn.check_play`` applies.  ``draw``: a plain
    ``d`` is open; ``passes``: ``pass`` is (a skip passed on is pending, R5.11:
    then no draw is); both asked when read.
    ``draw_mask``: the cards ``d CARD`` may name (R3.4; R5.7 under
    ``penalty_ends_turn = false``: the penalty taken, then the card played):
    ``turn.draw_play_mask``, what ``turn.draw`` applies, asked when first read.
    ``may_play(card)`` / ``may_draw_play(card)`` add the deck checks (R1.3,
    R1.4), which a player holding the real card always passes.  ``doubles``:
    several cards of one rank may go down as one play at this table (R3.10,
    ``turn.doubles_open``): whether ``may_double(first, more)`` can be true.

    ``legal`` keeps one per player of the hand (``Hand.legals``) and brings it up
    to date each time it is asked.
    """

    __slots__ = ("player", "mask", "doubles", "_draw_mask", "_hand")

    def __init__(self, hand, player, mask):
        self._hand, self.player, self.mask = hand, player, mask
        self.doubles = player is not None and hand.tables.multi_play  # (``turn.doubles_open``)
        self._draw_mask = None if player is not None else _NONE

    @property
    def passes(self) -> bool:
        """Whether ``pass`` is open: a skip passed on is pending for ``player`` (R5.11)."""
        return self.player is not None and bool(self._hand.pending_skip)

    @property
    def draw(self) -> bool:
        """Whether a plain ``d`` is open (not while a skip passed on is pending, R5.11)."""
        return self.player is not None and not self._hand.pending_skip

    @property
    def draw_mask(self) -> int:
        """The cards ``d CARD`` may name now, a bit mask by card id (the deck checks aside;
        none while a skip passed on is pending, R5.11: ``turn.draw_play_refusal``)."""
        mask = self._draw_mask
        if mask is None:
            mask = self._draw_mask = turn.draw_play_mask(self._hand, self.player)
        return mask

    def may_play(self, card: Card) -> bool:
        """Whether ``player`` may play ``card`` now (every check of R0.3)."""
        return bool(self.mask >> card.id & 1) and table.in_deck(self._hand, card)

    def may_draw_play(self, card: Card) -> bool:
        """Whether ``player`` may type ``d CARD`` (draw, then play ``card`` at once)."""
        h = self._hand
        copies = {h.discard[-1]: 1} if turn.reshuffles_first(h) else h.copies  # (R3.5 first)
        return bool(self.draw_mask >> card.id & 1) and table.in_deck(h, card, copies)

    def names_suit(self, card: Card, drawn: bool = False, played: int = 1) -> bool:
        """Whether a play of ``card`` by ``player`` must name a suit (R5.4: a Jack,
        unless it empties the hand); ``drawn``: typed as ``d CARD`` (one card drawn
        first, not on a pending penalty); ``played``: the cards the play puts down
        (``Jh+Js``: 2, R3.10)."""
        h = self._hand
        held = h.counts[self.player]
        return turn.names_suit(h, card, held + 1 - played if drawn else held - played)

    def may_double(self, first: Card, more: Sequence[Card], suit: str | None = None) -> bool:
        """Whether ``player`` may play ``first`` with ``more`` after it as one play now
        (``8h+8s``, R3.10): the checks the referee applies (``turn.together_refusal``),
        the deck checks included.  A card that names a suit under these rules (the
        compiled ``Tables.names``: a Jack, a rank with ``name_suit``, R5.4, R9.8) is
        taken with ``suit`` named (default hearts)."""
        if self.player is None or not more:
            return False
        if suit is None and self._hand.tables.names[first.id]:
            suit = "h"
        return turn.together_refusal(self._hand, self.player, (first, *more), suit) is None

    @property
    def draw_plays_drawn_card(self) -> bool:
        """Whether ``d CARD`` now plays the card just drawn (R3.4), rather than taking
        the pending penalty and then playing a card held (R5.7)."""
        return not self._hand.pending

    @property
    def plays(self) -> list[Card]:
        """Every kind of card ``player`` may play now, by card id."""
        return [c for c in CARDS if self.may_play(c)]

    @property
    def draw_plays(self) -> list[Card]:
        """Every kind of card ``d CARD`` may name now, by card id."""
        return [c for c in CARDS if self.may_draw_play(c)]


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
    """The plays and draws open to ``player`` (default: the player to act) now.

    Returns a ``Legal``, valid until the next entry: the player's own ``Legal``
    of this hand, brought up to date (each player has one, made when first
    asked, so that a turn makes no object; a ``Legal`` kept past an entry tells
    the position of the last ``legal`` asked for that player).  Never raises:
    nobody may act (``Legal.player`` None) while the hand is not being played,
    for a player not in it, or for a player whose turn it is not (R3.7, R8.4).
    """
    if player is None or player == h.turn:
        who = h.turn if h.status == "playing" and not h.scored else None
    else:
        who = actor(h, player)
    if who is None:
        return Legal(h, None, _NONE)
    mask = turn.play_mask(h, h.counts[who] - 1)  # (a play: one card fewer)
    mine = h.legals.get(who)
    if mine is None:
        mine = h.legals[who] = Legal(h, who, mask)
    else:  # (the position now, as ``Legal.__init__`` sets it)
        mine.mask, mine._draw_mask = mask, None
    return mine


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
        return h.entry(Line("entry", caller, (Call(target),)))[0]
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
        if who is not None:
            order.check_turn(h, who)
            count_after = h.counts[who] - 1
        else:
            count_after = 1
        if suit is None and h.tables.names[card.id]:
            suit = "h"
        turn.check_play(h, who or "?", card, suit, count_after)
    except Refusal as exc:
        return exc.event
    return None
