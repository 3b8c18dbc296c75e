"""The events of action cards (RULES.md R5, R9): what a card's effect did, as data.

A penalty aimed or taken at once (``PenaltyAimed``, ``PenaltyAtOnce``,
``DrawsAtOnce``, ``OthersDraw``), playing again (``PlaysAgain``), skips
(``Skipped``, ``SkipMany``, ``SkipPending``, ``SkipPassed``, ``Waited``), a reverse
(``Reversed``), a suit named (``SuitNamed``), a limit on the next card
(``LimitSet``), a hand shown (``Shown``) and cards that changed hands
(``CardsMoved``).  Each is an ``events.Event``: the engine appends them to a
ruling, ``referee.words.events`` says them.
"""

from __future__ import annotations

from referee.engine.events import Event


class PenaltyAimed(Event):
    """``player`` played ``card`` (a Two, R5.1, a Joker, R5.6, or a rank with a draw
    for the next player, R9.3): ``victim`` must draw ``n`` or play one of the
    ranks ``stack`` (``()``: nothing stacks, R5.7, R9.14)."""

    __slots__ = ("player", "card", "victim", "n", "stack", "rule", "house")
    acts = True

    def __init__(self, player, card, victim, n, stack, rule, house=None):
        self.player, self.card, self.victim, self.n, self.stack = player, card, victim, n, stack
        self.rule, self.house = rule, house


class PenaltyAtOnce(Event):
    """``player`` played ``card``; ``victim`` must miss the coming turn, so draws the
    ``n`` cards at once and is passed by (R5 preamble)."""

    __slots__ = ("player", "card", "victim", "n", "rule")
    acts = True

    def __init__(self, player, card, victim, n, rule):
        self.player, self.card, self.victim, self.n = player, card, victim, n
        self.rule = rule


class PlaysAgain(Event):
    """``player`` played ``card`` and plays again: a Seven (R5.2), an Ace with two
    players (R5.5, ``two_players``), or a rank with ``again`` (R9.6; ``follow``:
    the next card must be of the card's suit or rank)."""

    __slots__ = ("player", "card", "rule", "follow", "two_players")
    acts = True
    tells_turn = True

    def __init__(self, player, card, rule, follow=False, two_players=False):
        self.player, self.card, self.rule = player, card, rule
        self.follow, self.two_players = follow, two_players


class Skipped(Event):
    """``player`` played ``card``; ``lost`` misses the turn and ``turn`` is next: an
    Eight (R5.3; ``two_players``: the player plays again), a King under
    ``reverse_skip`` (R5.8; ``reversed``: the direction reversed first), or a
    rank with ``skip = 1`` (R9.5)."""

    __slots__ = ("player", "card", "lost", "turn", "two_players", "reversed", "rule", "house")
    acts = True
    tells_turn = True

    def __init__(self, player, card, lost, turn, two_players, rule, house=None, reversed=False):
        self.player, self.card, self.lost, self.turn = player, card, lost, turn
        self.two_players, self.rule, self.house, self.reversed = two_players, rule, house, reversed


class SkipMany(Event):
    """``player`` played ``card``: ``victim`` misses the next ``n`` turns (a Four, R5.9;
    a rank with ``skip = n``, R9.5)."""

    __slots__ = ("player", "card", "victim", "n", "rule", "house")
    acts = True

    def __init__(self, player, card, victim, n, rule, house=None):
        self.player, self.card, self.victim, self.n = player, card, victim, n
        self.rule, self.house = rule, house


class SkipPending(Event):
    """``player`` played ``card``: the skip of ``n`` turns is pending for ``victim``, who
    passes it on with a card of the same rank or types ``pass`` (R5.11); ``stacks``:
    a stacked wait of ``n`` turns in all, which a waiting card of the rank adds to
    (R10.21)."""

    __slots__ = ("player", "card", "victim", "n", "rule", "stacks")
    acts = True
    tells_turn = True

    def __init__(self, player, card, victim, n, rule, stacks=False):
        self.player, self.card, self.victim, self.n, self.rule = player, card, victim, n, rule
        self.stacks = stacks


class SkipPassed(Event):
    """``player`` typed ``pass``: they sit out the skip of ``n`` turns (R5.11), or accept
    a stacked wait of ``n`` turns, this one the first (``rule`` R10.21)."""

    __slots__ = ("player", "n", "rule")
    acts = True

    def __init__(self, player, n, rule="R5.11"):
        self.player, self.n, self.rule = player, n, rule


class Waited(Event):
    """The turn reached ``player``, who waits it out (a stacked wait accepted, R10.21):
    the referee passed it; ``left`` turns still to wait."""

    __slots__ = ("player", "left")
    rule = "R10.21"

    def __init__(self, player, left):
        self.player, self.left = player, left


class Demanded(Event):
    """``player`` played ``card``, which demands a rank: ``rank`` (a rank, or None: it
    demands nothing); every player in turn plays it, a card that demands, or draws,
    until ``player`` has had their turn again (R10.22)."""

    __slots__ = ("player", "card", "rank")
    rule = "R10.22"
    acts = True
    tells_turn = False

    def __init__(self, player, card, rank):
        self.player, self.card, self.rank = player, card, rank


class DemandEnded(Event):
    """The demand of ``rank`` made by ``player`` ended: play came back to them, a card
    that demands went down, or they left (R10.22)."""

    __slots__ = ("player", "rank")
    rule = "R10.22"

    def __init__(self, player, rank):
        self.player, self.rank = player, rank


class Reversed(Event):
    """``player`` played ``card`` and the direction of play reversed, now ``clockwise``
    or not (an Ace, R5.5; a King under ``reverse_skip`` in free order, R5.8; a
    rank with ``reverse``, R9.7)."""

    __slots__ = ("player", "card", "clockwise", "rule", "house")
    acts = True

    def __init__(self, player, card, clockwise, rule, house=None):
        self.player, self.card, self.clockwise, self.rule, self.house = (
            player, card, clockwise, rule, house)


class SuitNamed(Event):
    """``player`` played ``card`` and named ``suit`` (the Jack, R5.4; a rank with
    ``name_suit``, R9.8)."""

    __slots__ = ("player", "card", "suit", "rule")
    acts = True

    def __init__(self, player, card, suit, rule="R5.4"):
        self.player, self.card, self.suit, self.rule = player, card, suit, rule


class DrawsAtOnce(Event):
    """``player`` played ``card``: ``victim`` (the next player, ``player`` or the
    previous one) draws ``n`` at once (a King under ``draw_one``, R5.8; a rank with
    an ``at_once`` draw, R9.3); the draw follows."""

    __slots__ = ("player", "card", "victim", "n", "rule", "house")
    acts = True

    def __init__(self, player, card, victim, n, rule, house=None):
        self.player, self.card, self.victim, self.n = player, card, victim, n
        self.rule, self.house = rule, house


class OthersDraw(Event):
    """``player`` played ``card``: every other player draws ``n`` (a Five, R5.10; a
    rank with ``others_draw``, R9.4); the draws follow."""

    __slots__ = ("player", "card", "n", "rule", "house")
    acts = True

    def __init__(self, player, card, n, rule, house=None):
        self.player, self.card, self.n, self.rule, self.house = player, card, n, rule, house


class LimitSet(Event):
    """``player`` played ``card``: the next card must meet ``limit`` (``("at_most", 5)``,
    ``("at_least", 10)``, ``("rank", "Q")``), or be a Joker, or the player draws (R9.9)."""

    __slots__ = ("player", "card", "limit", "rule")
    acts = True

    def __init__(self, player, card, limit, rule):
        self.player, self.card, self.limit, self.rule = player, card, limit, rule


class Shown(Event):
    """``player`` played ``card``: ``who`` shows their cards to the table (None:
    everyone but ``player``); nothing else changes (R9.10, R0.1)."""

    __slots__ = ("player", "card", "who", "rule")
    acts = True

    def __init__(self, player, card, who, rule):
        self.player, self.card, self.who, self.rule = player, card, who, rule


class Countered(Event):
    """``player`` played ``card`` on a pending penalty of ``n`` cards as a counter card
    (R10.11): ``mode`` ``"cancel"`` (the penalty ends), ``"back"`` (it goes to
    ``victim``, who played the last penalty card) or ``"on"`` (it passes to
    ``victim``, the next player)."""

    __slots__ = ("player", "card", "mode", "n", "victim", "rule")
    acts = True

    def __init__(self, player, card, mode, n, victim, rule):
        self.player, self.card, self.mode, self.n = player, card, mode, n
        self.victim, self.rule = victim, rule


class OpenPlayed(Event):
    """``player`` played ``card``, an open card: it went on the top card whatever it
    was, and any card may go on it (R10.20)."""

    __slots__ = ("player", "card", "rule")
    acts = True

    def __init__(self, player, card, rule):
        self.player, self.card, self.rule = player, card, rule


class CardsMoved(Event):
    """``player`` played ``card`` and cards changed hands (R9.11 ``pass_cards``, R9.12
    ``rotate_hands``, R10.30 ``swap``: ``kind``): ``moves`` is ``((giver, taker, n),
    ...)``, every player's cards given (the counts follow; which cards, the players
    know); a swap's two moves are the player's whole hand and the one named."""

    __slots__ = ("player", "card", "kind", "moves", "rule")
    acts = True

    def __init__(self, player, card, kind, moves, rule):
        self.player, self.card, self.kind, self.moves, self.rule = (
            player, card, kind, moves, rule)
