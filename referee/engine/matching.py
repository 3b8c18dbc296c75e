"""R0.3 the checks of a card put on the discard pile: what governs the next card, and
matching (R3.1-R3.3).

The next card is governed by the first of these that holds, in this order (the one
statement of it: ``governs``): a pending penalty (R5.7), a skip passed on (R5.11), a
limit on the next card (R9.6, R9.9), else matching the top card with the named suit
in force (R3.1-R3.3).  What reads that order reads ``governs``: the mask of every
card that may go (``play_mask``), the refusal of one that may not (``card_refusal``),
the rule a legal card is played by (``rule_of``) and the facts ``check`` says
(``hand.LegalNow``).

- R0.3 checks of a card, in order .. ``check_play`` (deck R1.3/R1.4, then
  ``governs``, a Jack's suit R5.4, finishing R6.2); for every card at once:
  ``play_mask`` (the legality API's, ``legality.legal``)
- R3.1-R3.3 matching ............... ``compiled.matches`` (compiled), ``card_refusal``
- R5.4 / R9.8 a suit named ......... ``names_suit``
"""

from __future__ import annotations

from referee.engine.cards import CARDS, JOKER as JOKER_RANK, SUITS, Card
from referee.engine import actions, demands, goingout, table
from referee.engine.events import Reason, Refusal

PENALTY = "penalty"  # a pending penalty (R5.7): only what stacks on it
SKIP = "skip"        # a skip passed on (R5.11): only its rank; a stacked wait (R10.21):
#                      only its rank's cards that wait
LIMIT = "limit"      # a limit on the next card (R9.6, R9.9): what it lets through
DEMAND = "demand"    # a demanded rank (R10.22): that rank, a card that demands, a Joker
MATCH = "match"      # matching the top card, the named suit in force (R3.1-R3.3)


def governs(h) -> str:
    """What governs the next card now, the first that holds of: a pending penalty
    (``PENALTY``, R5.7), a skip passed on or a stacked wait (``SKIP``, R5.11, R10.21),
    a limit (``LIMIT``, R9.6, R9.9), a demanded rank (``DEMAND``, R10.22), else matching
    (``MATCH``, R3.1-R3.3)."""
    if h.pending:
        return PENALTY
    if h.pending_skip:
        return SKIP
    if h.limit is not None:
        return LIMIT
    if h.demand is not None:
        return DEMAND
    return MATCH


def demanders(h) -> tuple[str, ...]:
    """The ranks of the cards that demand (R10.22), for words: what else answers a demand."""
    mask = h.tables.demands
    return tuple(dict.fromkeys(c.rank for c in CARDS if mask >> c.id & 1))


def limit_rule(limit: tuple) -> str:
    """The rule of a limit on the next card: R9.6 (``follow``), else R9.9."""
    return "R9.6" if limit[0] == "follow" else "R9.9"


def rule_of(h, card: Card) -> str:
    """The rule by which ``card``, legal now, may be played (what ``governs``: R5.7,
    R5.11, R9.6 / R9.9; matching: R3.2 a Joker, R3.3 on a named suit, else R3.1)."""
    kind = governs(h)
    if kind is PENALTY:
        return "R5.7"
    if kind is SKIP:
        return "R10.21" if h.skip_stacks else "R5.11"
    if kind is LIMIT:
        return limit_rule(h.limit)
    if kind is DEMAND:
        return "R10.22"
    if card.is_joker:
        return "R3.2"
    return "R3.3" if h.named_suit else "R3.1"


def card_refusal(h, card: Card) -> Refusal:
    """The refusal of a card that what ``governs`` lets not through: R5.7 (it does not
    stack), R5.11 (not the rank of the skip passed on), R9.6 / R9.9 (the limit), R9.8
    (``not_on`` bars it on the top card), R3.3 (not the named suit) or R3.1 (it does
    not match)."""
    kind = governs(h)
    if kind is PENALTY:
        return actions.must_stack_refusal(h, card)
    if kind is SKIP and h.skip_stacks:
        return Refusal(Reason.MUST_ANSWER_WAIT, "R10.21", card=card, rank=h.skip_rank,
                       n=h.pending_skip, name=h.turn)
    if kind is SKIP:
        return Refusal(Reason.MUST_ANSWER_SKIP, "R5.11", card=card, rank=h.skip_rank,
                       n=h.pending_skip)
    if kind is LIMIT:
        return Refusal(Reason.LIMIT, limit_rule(h.limit), card=card, limit=h.limit)
    if kind is DEMAND:
        return Refusal(Reason.DEMANDED, "R10.22", card=card, rank=h.demand[0],
                       name=h.demand[1], demanders=demanders(h))
    top = h.discard[-1]
    if h.tables.barred[top.id] >> card.id & 1:
        return Refusal(Reason.NOT_ON, "R9.8", card=card, top=top,
                       allowed=h.allowed())
    if h.named_suit is not None:
        return Refusal(Reason.MATCH_NAMED, "R3.3", card=card, suit=h.named_suit,
                       allowed=h.allowed())
    return Refusal(Reason.MATCH, "R3.1", card=card, top=top, allowed=h.allowed())


def play_mask(h, count_after: int) -> int:
    """The cards a player holding ``count_after`` cards after the play may put on the
    discard pile now, a bit mask by card id, the deck checks aside: what ``governs``
    lets through (on a pending penalty what stacks on it, R5.7; facing a skip passed
    on, its rank, R5.11; under a limit, what it lets through, R9.6, R9.9; else what
    fits the top card with the named suit in force, R3.1-R3.3); going out, no
    action card (R6.2), nor a wild card that is not wild going out and does not match
    (R9.8 ``wild_out``); a Jack taken with a suit named.  What ``check_play`` lets
    through, asked once for every card."""
    t = h.tables
    kind = governs(h)
    if kind is PENALTY:
        mask = t.stackers.get(h.pending_kind, 0)
        if t.countering:  # R10.11: the counter cards of this penalty
            mask |= t.counters(h.pending_kind, h.discard[-1])
    elif kind is SKIP:
        mask = t.limit(("rank", h.skip_rank))
        if h.skip_rank != JOKER_RANK:  # (a Joker passes on only a Joker's skip)
            mask &= ~t.limit(("rank", JOKER_RANK))
        if h.skip_stacks:  # R10.21: only the rank's cards that wait too add to a wait
            mask &= t.waits
    elif kind is LIMIT:
        mask = t.limit(h.limit)
    elif kind is DEMAND:  # R10.22: the rank (a Joker too, as under a limit) or a demanding card
        mask = t.limit(("rank", h.demand[0])) | t.demands
    else:
        top = h.discard[-1]
        mask = t.fit_rows[h.named_suit][top.id]
        if mask is None:
            mask = t.fits(top, h.named_suit)
        if count_after == 0 and t.tame_out:  # R9.8: not wild going out, as any card
            mask &= ~t.tame_out | t.fits_tame(top, h.named_suit)
    if count_after == 0:
        return mask & goingout.finishers(h)
    return mask


def names_suit(h, card: Card, count_after: int) -> bool:
    """R5.4, R9.8: a play of ``card`` leaving ``count_after`` cards must name a suit (a
    Jack, or a rank with ``name_suit``, unless it empties the hand: under R9.15
    ``draw_after`` a last card that stands still names one)."""
    return (count_after > 0 or h.tables.draw_after >> card.id & 1) and h.tables.names[card.id]


def check_play(h, player: str, card: Card, suit: str | None, count_after: int,
               copies: dict | None = None) -> None:
    """Every check of R0.3 from the deck on, for ``player`` putting ``card`` on the
    discard pile and holding ``count_after`` cards after it; raises ``Refusal``.
    ``copies``: the discard pile's copies the deck check counts (default the hand's;
    a ``d CARD`` that reshuffles first counts the pile the reshuffle leaves, R3.5).

    The Jack's suit (R5.4, the hand not emptied) and the finishing card (R6.2,
    the hand emptied) never apply together, so ``play_mask`` answers for all the
    checks after the deck but the suit."""
    table.check_deck(h, card, copies)
    if not play_mask(h, count_after) >> card.id & 1:
        if not play_mask(h, 1) >> card.id & 1:  # (a play that does not empty the hand)
            raise card_refusal(h, card)
        if goingout.finishers(h) >> card.id & 1:  # (its wildness is what it lacks, R9.8)
            raise Refusal(Reason.OUT_NOT_WILD, "R9.8", card=card, top=h.discard[-1],
                          suit=h.named_suit)
        raise goingout.finish_refusal(h, player, card)
    check_suit(h, card, suit, count_after)


def check_suit(h, card: Card, suit: str | None, count_after: int) -> None:
    """R5.4, R9.8: the suit typed with ``card`` (the card that acts, leaving
    ``count_after`` cards): one named when the card must name one (``names_suit``),
    none after a card that names none; raises ``Refusal``."""
    if suit is None:
        if names_suit(h, card, count_after):
            raise Refusal(Reason.JACK_SUIT, h.tables.rule[card.id] or "R9.8", card=card)
    elif suit not in SUITS:  # (the word after the card is a rank: a demand, R10.22)
        demands.check(h, card, suit)
    elif not h.tables.names[card.id]:
        raise Refusal(Reason.NO_SUIT_TO_NAME, "R5.4", card=card)
