"""Rulings as typed events: what happened on one entry, as data.

The engine tells what an entry did by appending events to a list, in the
order they happened: a card played, cards drawn, a reshuffle, a penalty aimed,
a refusal with its reason and rule id ...  Nothing in the engine builds a
sentence: ``referee.words.events`` (the application) turns an event into text
through the message layer where someone reads it (``sentence(event)``), and no
logic anywhere looks at a message key or at rendered text.

Every event has ``rule`` (the rule id behind it, or None), ``house`` (the
``(key, value)`` of the house rule that decided it, or None) and
``tells_turn`` (True when its sentence says who plays next, so that a ruling
need not add "X is to play") and ``told`` (False for an event that another
event's sentence tells, a card drawn on a call).  Events are plain slotted objects (the engine
makes one or two per entry); the engine passes their first fields (who, what
card, what kind) by position and the rest by keyword.

The events a simulator needs to move the real cards: ``Drew`` (every card
that goes from the draw pile to a player, with ``n`` the cards actually
drawn), ``Reshuffled`` (the discard pile but its top became the draw pile),
``Played`` and every card event carrying ``card`` (a card put on the discard
pile), ``Left`` (a player's cards went under the draw pile); ``CardsMoved``
(``referee.engine.actionevents``: cards that changed hands).

The events of what an action card did (a penalty aimed, a skip, a reverse, a
suit named, cards moved ...: RULES.md R5, R9) are in ``referee.engine.actionevents``;
the refusals (``Reason``, ``Refused``, ``Refusal``: R0.3) are here.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from referee.engine.values import Value, set_field


class Event:
    """One thing an entry did (base class).

    ``rule``: rule id or None; ``house``: (house-rule key, value) or None;
    ``tells_turn``: the sentence names who plays next; ``acts``: a play or a
    draw by the player acting (the turn moves on after it); ``cites``: the
    sentence cites its rule id itself (``why`` then does not say it again);
    ``told``: the event has a sentence of its own (``why`` lists it).
    """

    __slots__ = ()
    rule: str | None = None   # (a class attribute where fixed, a slot where it varies)
    house: tuple | None = None
    tells_turn = False
    acts = False  # a play or a draw of the player acting, which moves the turn on
    cites = True  # the sentence ends with its rule id, "... (R5.1)."
    told = True   # it has a sentence of its own (not told within another event's)

    def _fields(self) -> tuple:
        return tuple(getattr(self, n) for n in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.rule, self.house) == (other.rule, other.house) \
            and self._fields() == other._fields()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # (mutable while the entry is applied)

    def __repr__(self) -> str:
        names = self.__slots__ if "rule" in self.__slots__ else (*self.__slots__, "rule")
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{type(self).__name__}({inner})"


# ---------------------------------------------------------------------------
# Refusals (R0.3)
# ---------------------------------------------------------------------------

class Reason(Enum):
    """Why an entry was refused; the rule id travels beside it in ``Refused``."""

    UNKNOWN_PLAYER = "unknown_player"      # R1.1
    LEFT = "left"                          # R1.5
    OUT = "out"                            # R6.3: a player who went out (only calls)
    CALL_OUT = "call_out"                  # R6.3: a call on a player who went out
    FREE_NO_PLAYER = "free_no_player"      # R8.4
    WAITING = "waiting"                    # R2.3: no starter yet
    OVER = "over"                          # R6.1
    STARTED = "started"                    # R2.3: a second starter
    START_DEALER = "start_dealer"          # R2.3: not the dealer's
    TURN = "turn"                          # R3.7
    TURN_PASSED = "turn_passed"            # R3.7: an earlier action of the line passed the turn
    FREE_PENDING = "free_pending"          # R3.7 in free order
    NO_JOKERS = "no_jokers"                # R1.3
    NOT_IN_DECK = "not_in_deck"            # R1.3: a rank the deck does not hold (R10.40)
    IDENTITY = "identity"                  # R1.4 (``alt``: a likely card meant, or "")
    MUST_STACK = "must_stack"              # R5.7
    MUST_DRAW = "must_draw"                # R5.7, stacking = "none"
    PENDING_DRAW_PLAY = "pending_draw_play"  # R5.7: ``d CARD`` on a penalty
    NO_DOUBLES = "no_doubles"              # R3.10: multi_play = "none"
    DOUBLE_RANK = "double_rank"            # R3.10: a further card of another rank
    DOUBLE_COUNT = "double_count"          # R3.10: more cards than the player holds
    RUN_GOVERNED = "run_governed"          # R10.61: a run on a penalty, a skip or a limit
    RUN_BREAK = "run_break"                # R10.62: a card that does not follow the run
    RUN_JOKER = "run_joker"                # R10.63: a Joker in a run
    MATCH = "match"                        # R3.1
    MATCH_NAMED = "match_named"            # R3.3
    NOT_ON = "not_on"                      # R9.8: ``not_on`` bars the card on the top card
    OUT_NOT_WILD = "out_not_wild"          # R9.8: ``wild_out = false``: going out, it must match
    JACK_SUIT = "jack_suit"                # R5.4: a Jack without a suit
    FINISH_ON_ACTION = "finish_on_action"  # R6.2
    NO_DRAW_THEN_PLAY = "no_draw_then_play"  # R3.4
    OWED_MANY = "owed_many"                # R6.2
    NOTHING_TO_DRAW = "nothing_to_draw"    # R3.6
    NO_SKIP = "no_skip"                    # R5.11: ``pass`` with no skip pending
    CALL_SELF = "call_self"                # R4.4
    CALL_UNNAMED = "call_unnamed"          # R4.4
    ANNOUNCE_UNNAMED = "announce_unnamed"  # R10.84: a lone call, none due, false calls cost
    FIX_COUNT = "fix_count"                # R0.2
    FIX_PLAY = "fix_play"                  # R0.2
    MUST_ANSWER_SKIP = "must_answer_skip"  # R5.11: a skip is pending: its rank or ``pass``
    SKIP_NO_DRAW = "skip_no_draw"          # R5.11: a draw while a skip is pending
    LIMIT = "limit"                        # R9.6 / R9.9: the card the limit asks for
    NO_SUIT_TO_NAME = "no_suit_to_name"    # R5.4: a suit typed after a card that names none
    START_SUIT = "start_suit"              # R9.16: a starter that names a suit, without one
    START_NO_SUIT = "start_no_suit"        # R2.3: a suit typed after a starter that names none
    DRAW_ONE = "draw_one"                  # R10.50: ``d 3`` where one card is drawn
    DRAW_UP_TO = "draw_up_to"              # R10.50: more than ``{ up_to = N }``
    DRAW_COUNT_OWED = "draw_count_owed"    # R10.50: a count typed on a penalty or a draw owed
    DRAW_UNTIL_PLAYABLE = "draw_until_playable"  # R10.51: a draw that stops with no card played
    DRAW_COUNT_PILES = "draw_count_piles"  # R10.52: more than the piles hold
    MUST_ANSWER_WAIT = "must_answer_wait"  # R10.21: a wait is pending: add to it or ``pass``
    WAIT_NO_DRAW = "wait_no_draw"          # R10.21: a draw while a wait is pending
    DEMANDED = "demanded"                  # R10.22: a card that does not answer the demand
    NO_DEMAND = "no_demand"                # R10.22: a rank typed after a card that demands none
    DEMAND_EXCEPT = "demand_except"        # R10.22: a rank the card may not demand
    JUMP_NOT_SAME = "jump_not_same"        # R10.71: out of turn, not the top card's twin
    JUMP_PENDING = "jump_pending"          # R10.72: out of turn over a penalty, skip or limit
    JUMP_DOUBLE = "jump_double"            # R10.74: several cards out of turn
    SWAP_NO_NAME = "swap_no_name"          # R10.30: a card that swaps, no player named
    SWAP_UNKNOWN = "swap_unknown"          # R10.30: the name is no player of the hand
    SWAP_SELF = "swap_self"                # R10.30: the player named themself
    SWAP_OUT = "swap_out"                  # R10.30: the player named left or went out

    @property
    def card_refused(self) -> bool:
        """A card put on the pile that may not go there (R3.8: the illegal-play
        draw applies), as opposed to a refusal of the entry's form or moment."""
        return self in _CARD_REFUSALS

    @property
    def needs_suit(self) -> bool:
        """The entry lacked only a suit named with a Jack (R5.4): ask for one."""
        return self is Reason.JACK_SUIT


_CARD_REFUSALS = frozenset({Reason.MATCH, Reason.MATCH_NAMED, Reason.NOT_ON, Reason.OUT_NOT_WILD,
                            Reason.MUST_STACK,
                            Reason.MUST_DRAW, Reason.MUST_ANSWER_SKIP, Reason.LIMIT,
                            Reason.DOUBLE_RANK, Reason.MUST_ANSWER_WAIT, Reason.DEMANDED,
                            Reason.RUN_GOVERNED, Reason.RUN_BREAK, Reason.RUN_JOKER})


class Refused(Event):
    """An entry the rules forbid: ``reason`` (a ``Reason``), ``rule`` the id cited,
    ``fields`` the values its sentence shows (``card``, ``n``, ``name`` ...)."""

    __slots__ = ("reason", "fields", "rule", "house")

    def __init__(self, reason: Reason, rule: str | None, fields: dict, house=None):
        self.reason, self.rule, self.fields, self.house = reason, rule, fields, house


class Refusal(Exception):
    """Raised inside the engine for an entry the rules forbid; carries ``event`` (``Refused``)."""

    def __init__(self, reason: Reason, rule: str | None, house: tuple | None = None,
                 **fields: Any):
        super().__init__(reason.value)
        self.event = Refused(reason, rule, fields, house)


# ---------------------------------------------------------------------------
# The deal and the starter (R2)
# ---------------------------------------------------------------------------

class Started(Event):
    """The starter ``card`` was turned (R2.3-R2.5).  ``effect``: ``Started.PLAIN``
    (R2.3), ``NO_EFFECT`` (an action card without effect, R2.4), ``APPLIES``: under
    ``start_card = "applies"`` / ``[start] mode = "applies"`` (R2.4, R9.16) it counts
    as the play of the dealer, ``victim``, and the events of its effects follow
    (``actions.effect``); ``REDRAW``: it goes back into the draw pile and another is
    turned (R9.16).  ``free``: snel pesten (no turn); ``turn`` who plays first (or
    None)."""

    __slots__ = ("card", "effect", "free", "turn", "victim", "rule", "house")
    PLAIN, NO_EFFECT, APPLIES, REDRAW = "plain", "no_effect", "applies", "redraw"

    def __init__(self, card, effect, free, turn, rule, house=None, victim=None):
        self.card, self.effect, self.free, self.turn = card, effect, free, turn
        self.rule, self.house, self.victim = rule, house, victim

    @property
    def tells_turn(self) -> bool:  # type: ignore[override]
        return not self.free and self.effect not in (Started.APPLIES, Started.REDRAW)


class FreeOrder(Event):
    """Snel pesten: anyone may play (R8.4), told after the starter."""

    __slots__ = ()
    rule = "R8.4"


# ---------------------------------------------------------------------------
# A turn (R3)
# ---------------------------------------------------------------------------

class Played(Event):
    """``player`` played ``card``, a card without an effect (R3.1)."""

    __slots__ = ("player", "card")
    rule = "R3.1"
    acts = True
    cites = False  # "Anna plays 7♥."

    def __init__(self, player, card):
        self.player, self.card = player, card


class RunThrough(Event):
    """``player`` put ``cards`` down in a run before the cards of its last rank: they
    are played through and do nothing (R10.64); the cards that act follow.
    ``house``: ``("multi_play", value)``, the house rule that plays runs."""

    __slots__ = ("player", "cards", "house")
    rule = "R10.64"

    def __init__(self, player, cards, house=None):
        self.player, self.cards, self.house = player, cards, house


class Drew(Event):
    """``player`` drew ``n`` cards (the cards actually drawn) for ``cause``.

    Causes: ``TURN`` (a plain ``d``, R3.4), ``DRAW_PLAY`` (``d CARD``: one card,
    played at once, R3.4; ``card``), ``COUNTED`` / ``COUNTED_PLAY`` (``d 3`` /
    ``d 3 5h`` under the draw policy, R10.50; the last card drawn played), ``PENALTY`` (a pending penalty taken, R5.7),
    ``OWED`` (the draw owed after R6.2), ``APPLIED`` (a draw the referee applies:
    a Five, a King, a penalty drawn at once, an illegal play, a false call),
    ``CALLED`` (R4.3, told by ``Called``), ``FIX`` (R0.2, told by ``Fixed``).
    A reshuffle needed on the way comes as a ``Reshuffled`` event after this
    one, and cards that were not there as ``Forgiven``.
    """

    __slots__ = ("player", "n", "cause", "card")
    TURN, DRAW_PLAY, PENALTY, OWED, APPLIED, CALLED, FIX = (
        "turn", "draw_play", "penalty", "owed", "applied", "called", "fix")
    COUNTED, COUNTED_PLAY = "counted", "counted_play"
    _RULES = {"turn": "R3.4", "draw_play": "R3.4", "penalty": "R5.7", "owed": "R6.2",
              "applied": None, "called": "R4.3", "fix": "R0.2",
              "counted": "R10.50", "counted_play": "R10.50"}

    def __init__(self, player, n, cause, card=None):
        self.player, self.n, self.cause, self.card = player, n, cause, card

    @property
    def rule(self) -> str | None:  # type: ignore[override]
        """R3.4, R5.7, R6.2, R4.3, R0.2 by cause (None: a draw the referee applies)."""
        return Drew._RULES[self.cause]

    @property
    def acts(self) -> bool:  # type: ignore[override]
        """A draw the player typed (their turn moves on), not one the referee applies."""
        return self.cause in _TYPED_DRAWS

    @property
    def told(self) -> bool:  # type: ignore[override]
        """The draw has a sentence of its own: not one on a call (``Called`` tells it)
        or a correction's (``Fixed``), nor an applied draw of no card."""
        cause = self.cause
        return cause in _TOLD_DRAWS and (self.n != 0 or cause != Drew.APPLIED)


_TYPED_DRAWS = frozenset({Drew.TURN, Drew.DRAW_PLAY, Drew.PENALTY, Drew.OWED,
                          Drew.COUNTED, Drew.COUNTED_PLAY})
_TOLD_DRAWS = _TYPED_DRAWS | {Drew.APPLIED}


class Reshuffled(Event):
    """The draw pile ran out: the discard pile but its top card (``n`` cards) became
    the new draw pile (R3.5)."""

    __slots__ = ("n",)
    rule = "R3.5"

    def __init__(self, n):
        self.n = n


class Forgiven(Event):
    """Nothing left to draw: ``player`` drew ``got``; the other ``n`` are forgiven (R3.6)."""

    __slots__ = ("player", "n", "got")
    rule = "R3.6"

    def __init__(self, player, n, got):
        self.player, self.n, self.got = player, n, got


class IllegalPlayPenalty(Event):
    """``player`` draws ``n`` for an illegal play (R3.8, ``illegal_play_penalty``)."""

    __slots__ = ("player", "n")
    rule = "R3.8"

    def __init__(self, player, n):
        self.player, self.n = player, n

    @property
    def house(self) -> tuple:  # type: ignore[override]
        return ("illegal_play_penalty", self.n)


class Blocked(Event):
    """The hand is blocked and ends without a winner (R3.9)."""

    __slots__ = ()
    rule = "R3.9"


class NextToPlay(Event):
    """``player`` is to play (added to a ruling when no event says so)."""

    __slots__ = ("player", "rule")
    tells_turn = True

    def __init__(self, player, rule=None):
        self.player, self.rule = player, rule


# ---------------------------------------------------------------------------
# Last card (R4)
# ---------------------------------------------------------------------------

class Announced(Event):
    """``player`` said "Laatste kaart!": ``how`` is ``IN_TIME`` (R4.1), ``LATE``
    (R4.2), ``AGAIN`` or ``NONE`` (nothing owed, R4.1); ``word`` the rule set's
    own word for the call (R10.80: ``"Mau"``), or None; ``cite`` the rule of that
    word (R10.80, or R10.81 for ``second_last``)."""

    __slots__ = ("player", "how", "word", "cite")
    IN_TIME, LATE, AGAIN, NONE = "in_time", "late", "again", "none"
    _RULES = {"in_time": "R4.1", "late": "R4.2", "again": "R4.1", "none": "R4.1"}

    def __init__(self, player, how, word=None, cite="R10.80"):
        self.player, self.how, self.word, self.cite = player, how, word, cite

    @property
    def rule(self) -> str:  # type: ignore[override]
        return self.cite if self.word and self.how == "in_time" else Announced._RULES[self.how]


class Called(Event):
    """A call on ``target`` (R4.3/R4.4): ``outcome`` ``HIT`` (they draw ``n``),
    ``PREMATURE`` (R4.2), ``VOID_ANNOUNCED``, ``VOID_CALLED``, ``VOID_COUNT``
    (``n``: the cards they hold); ``word`` the call's own word on a hit (R10.80),
    or None."""

    __slots__ = ("target", "outcome", "n", "rule", "house", "word")
    HIT, PREMATURE, VOID_ANNOUNCED, VOID_CALLED, VOID_COUNT = (
        "hit", "premature", "void_announced", "void_called", "void_count")

    def __init__(self, target, outcome, n, rule, house=None, word=None):
        self.target, self.outcome, self.n, self.rule, self.house = target, outcome, n, rule, house
        self.word = word


class OutCalled(Event):
    """``player`` said the call on going out, ``word`` (R10.82: ``"Mau-Mau"``):
    ``how`` is ``COUNTS`` (they won the hand on ``card``, a card of ``on``: the
    others' points are multiplied by ``factor``; 1: told only), ``WRONG_CARD``
    (``card`` is not one of ``on``: no effect, R10.83), ``NOT_FIRST`` (they went out
    after the hand's winner, R6.3: no effect, R10.83) or ``NOT_OUT`` (said without
    going out: no effect, R10.83; ``n`` the cards they hold)."""

    __slots__ = ("player", "word", "how", "card", "factor", "n")
    COUNTS, WRONG_CARD, NOT_FIRST, NOT_OUT = "counts", "wrong_card", "not_first", "not_out"

    def __init__(self, player, word, how, card=None, factor=1, n=0):
        self.player, self.word, self.how, self.card = player, word, how, card
        self.factor, self.n = factor, n

    @property
    def rule(self) -> str:  # type: ignore[override]
        return "R10.82" if self.how == "counts" else "R10.83"

    @property
    def house(self) -> tuple | None:  # type: ignore[override]
        return ("calls.out.factor", self.factor) if self.how == "counts" and self.factor > 1 \
            else None


class FalseAnnounced(Event):
    """``player`` made the last-card call holding ``held`` cards, none due, and draws
    ``n`` (R10.84, ``[calls] last.false_penalty``); ``word`` the call's own word."""

    __slots__ = ("player", "held", "n", "word")
    rule = "R10.84"

    def __init__(self, player, held, n, word=None):
        self.player, self.held, self.n, self.word = player, held, n, word


class FalseCall(Event):
    """``player`` made a false call and draws ``n`` (R4.4, ``false_call_penalty``)."""

    __slots__ = ("player", "n")
    rule = "R4.4"

    def __init__(self, player, n):
        self.player, self.n = player, n

    @property
    def house(self) -> tuple:  # type: ignore[override]
        return ("false_call_penalty", self.n)


# ---------------------------------------------------------------------------
# A penalty taken (R5.7); what action cards do is ``actionevents``
# ---------------------------------------------------------------------------

class PlaysOn(Event):
    """``player`` took the penalty and now plays the turn (R5.7, ``penalty_ends_turn = false``)."""

    __slots__ = ("player",)
    rule, house = "R5.7", ("penalty_ends_turn", False)
    tells_turn = True

    def __init__(self, player):
        self.player = player


class JumpedIn(Event):
    """``player`` played ``card`` out of turn, on its twin (R10.70, ``jump_in``): play
    goes on from them; ``passed``: the players whose turn it was or would have been
    before them, passed over (in order of play); the card's own events follow."""

    __slots__ = ("player", "card", "passed", "house")
    rule = "R10.70"

    def __init__(self, player, card, passed, house):
        self.player, self.card, self.passed, self.house = player, card, passed, house


# ---------------------------------------------------------------------------
# Going out (R6), leaving (R1.5), corrections (R0.2)
# ---------------------------------------------------------------------------

class Won(Event):
    """``player`` went out (on ``card``, or None after a correction) and won (R6.1)."""

    __slots__ = ("player", "card")
    rule = "R6.1"
    acts = True

    def __init__(self, player, card):
        self.player, self.card = player, card


class DrawAfter(Event):
    """``player`` played their last card ``card``, a blocked rank: it stands with its
    effect, and ``player`` draws ``n`` and is not out (R9.15 ``draw_after``); the
    draw follows."""

    __slots__ = ("player", "card", "n")
    rule = "R9.15"

    def __init__(self, player, card, n):
        self.player, self.card, self.n = player, card, n


class WentOut(Event):
    """``player`` emptied their hand (on ``card``, or None after a correction) and is
    out in ``place`` (1 = first out); the hand goes on unless ``last`` (one player
    still holds cards: ``LastHolder`` follows) (R6.3, ``hand_end = "last_holder"``)."""

    __slots__ = ("player", "card", "place", "last")
    rule = "R6.3"
    house = ("hand_end", "last_holder")
    acts = True

    def __init__(self, player, card, place, last=False):
        self.player, self.card, self.place, self.last = player, card, place, last


class MovesOn(Event):
    """What was aimed at ``player``, who just went out, moves on to ``to`` (R6.3):
    ``what`` is ``"penalty"`` (``n`` cards pending) or ``"skips"`` (``n`` turns to miss)."""

    __slots__ = ("what", "player", "to", "n")
    rule = "R6.3"

    def __init__(self, what, player, to, n):
        self.what, self.player, self.to, self.n = what, player, to, n


class LastHolder(Event):
    """Only ``player`` still holds cards: the hand is over; ``winner`` went out first
    and wins it (R6.3)."""

    __slots__ = ("player", "winner")
    rule = "R6.3"
    tells_turn = True

    def __init__(self, player, winner):
        self.player, self.winner = player, winner


class OwedDraw(Event):
    """``player``'s next draw takes ``n`` cards (R6.2, ``finish_on_action_draw``)."""

    __slots__ = ("player", "n")
    rule = "R6.2"

    def __init__(self, player, n):
        self.player, self.n = player, n


class Left(Event):
    """``player`` left the table; their ``n`` cards went under the draw pile (R1.5)."""

    __slots__ = ("player", "n")
    rule = "R1.5"

    def __init__(self, player, n):
        self.player, self.n = player, n


class PenaltyLapses(Event):
    """The penalty pending for ``player``, who left, lapses (R1.5); ``skip``: the
    turns of a skip passed on to them (R5.11) that lapses instead (0: a penalty)."""

    __slots__ = ("player", "skip")
    rule = "R1.5"

    def __init__(self, player, skip=0):
        self.player, self.skip = player, skip


class LastPlayerWins(Event):
    """``player`` is the last in the hand and wins it (R1.5)."""

    __slots__ = ("player",)
    rule = "R1.5"

    def __init__(self, player):
        self.player = player


class Fixed(Event):
    """A correction (R0.2): ``what`` is ``"draw"`` (``player`` drew ``n``), ``"count"``
    (``player`` holds ``n``, not ``old``) or ``"play"`` (``player`` played ``card``)."""

    __slots__ = ("what", "player", "n", "old", "card")
    rule = "R0.2"

    def __init__(self, what, player, n=0, old=0, card=None):
        self.what, self.player, self.n, self.old, self.card = what, player, n, old, card


class Said(Event):
    """A sentence that is not a ruling on the game (undo, redo, a query's answer,
    a line that is not notation): the message ``key`` and its ``fields``, as data
    (a card, an ``Entry``, an event, the hand's ``Situation`` ...: each is said
    where the sentence is read)."""

    __slots__ = ("key", "fields", "rule", "house")

    def __init__(self, rule, key, fields=None, house=None):
        self.rule, self.key, self.fields, self.house = rule, key, fields or {}, house


class Entry(Value):
    """An entry of the log (``line``: English notation, as saved) that a sentence
    shows: undo and redo name it, said in the letters of whoever reads it."""

    __slots__ = ("line",)
    __match_args__ = __slots__

    def __init__(self, line: str):
        set_field(self, "line", line)
