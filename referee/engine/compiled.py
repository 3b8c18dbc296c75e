"""The rule set compiled to tables, once per ``HouseRules`` (RULES.md R8, R9).

Everything the engine asks about cards again and again is decided here once,
indexed by the card's small int id (``Card.id``, ``cards.CARDS``):

- ``effects[id]``: what the card does when played, in order (R5, R9: a tuple of
  ``effects.Effect``; in free order without the effects on whose turn it is,
  R8.4); ``rule[id]``: the rule its rulings cite (R9.1: the rule book's R5
  rule while the rank keeps that meaning, else None: each effect's own);
  ``steps[id]``: each effect with the rule its ruling cites and ``house[id]``;
  ``start_steps[id]``: those of a starter that counts as the dealer's play (R2.4,
  R9.16: no ``again``, ``show`` or card move; ``()`` for a starter that does not
  act), ``out_steps[id]``: those of a card that takes a player out under
  ``last_holder`` (R6.3: no suit named, no draw for the player).
- ``action[id]``: the card has an effect under these rules (R8 "Action cards").
- ``penalty[id]``: the card makes a draw penalty for the next player (R5.7).
- ``demands``: the cards that demand a rank (R10.22), a mask; ``demand_of[id]``:
  the ``demand`` effect of a card (its ``except``), else None.
- ``waits``: the cards that make a stacked wait (R10.21: ``skip`` with ``stack``),
  a mask: those of its rank add to a pending wait.
- ``stackers[kind]``: by pending penalty kind (the rank that made it), the
  cards that may be played on it (R5.7, R9.14), a bit mask by id (``stack_ranks``:
  their ranks, in rank order);
  ``doubling_ranks``: the ranks that double a penalty their own rank made (R5.6,
  R9.14: ``[stacking] double``).
- ``names[id]``: the card names a suit (R5.4, R9.8): the one answer to "does this
  card name a suit", which the notation (a lone ``d`` after it is diamonds), the
  checks, ``check``, a correction, Tab and the written entry all ask.
- ``swaps[id]``: the card's play names a player to swap hands with (R10.30,
  ``swap``): the notation reads a name after it (``7h Anna``), the checks ask for one.
- ``finish``: the cards one may go out on (R6.2, R9.15), a mask.
- ``multi_play``: several cards may go down as one play; ``doubles``: of one rank
  (R3.10, ``multi_play = "same_rank"``); ``runs``: consecutive ranks in one suit
  (R10.60, ``"run"``; both: ``"same_rank_or_run"``).
- ``start_applies`` / ``start_redraw``: the starters that act, or go back into the
  draw pile (R2.4, R9.16), masks; ``house[id]``: the house rule that gives the
  card its effect, for ``why`` (``house_of``).
- ``fits(top, named)``: the cards that may go on ``top`` with suit ``named`` in
  force (R3.1-R3.3, R9.8), a bit mask by id, built from ``matches`` (the one
  statement of the rule) the first time it is asked; ``fit_rows[named][top.id]``
  is the same mask once built (None before), for the legality API's one
  lookup per turn.
- ``limit(what)``: the cards a ``next_*`` limit or an ``again`` that must follow
  suit lets through (R9.6, R9.9), built when first asked.

``tables_for(rules)`` returns the one ``Tables`` of a rule set (compiled on
first use, then shared by every hand and every simulated game under it).
"""

from __future__ import annotations

from referee.engine.cardkeys import card_keys, covers, key_cards
from referee.engine.cards import CARDS, JOKER, RANKS, SUITS, Card
from referee.engine.effects import EFFECT_BY_NAME, RANK_VALUE, Effect, classic_rule
from referee.engine.keys import RANK_MEANING
from referee.engine.rules import HouseRules
from referee.engine.values import set_field


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.id
    return m


_NOT_AT_START = frozenset({"again", "show", "pass_cards", "rotate_hands",  # (R9.16)
                           "demand", "swap"})  # (R10.22: the dealer demands nothing)
_START_REVERSE = Effect("reverse", two_players="none")  # (R9.16: no playing again)
_NAMED = (None,) + SUITS


class Tables:
    """The compiled facts of one rule set (read-only after construction).

    Sets of cards are int bit masks by card id (bit ``card.id`` set: the card is
    in): ``mask >> card.id & 1``.  ``wild``: the ranks that name a suit and go
    on any card (R9.8 ``wild``, ``jack_wild``); ``same_rank``: the ranks that
    name a suit and go on their own rank whatever suit is named (R3.3,
    ``on_same_rank = "always"``, ``jack_on_jack``).
    """

    __slots__ = ("effects", "rule", "steps", "action", "action_mask", "penalty", "stackers", "stack_ranks",
                 "entry", "kind", "_wild_cards", "_same_cards", "countering", "_counters",
                 "open", "waits", "demands", "demand_of", "swaps",
                 "doubling_ranks", "names", "finish", "draw_after", "multi_play", "start_applies",
                 "doubles", "runs",
                 "start_redraw",
                 "start_steps", "out_steps",
                 "house", "fit_rows", "wild", "same_rank", "barred", "tame_out", "_tame_rows",
                 "_limits")

    def __init__(self, rules: HouseRules):
        effects, rule = self._compile_effects(rules)
        self._compile_actions(rules)
        self._compile_stacking(rules)
        self._compile_suits(rules, effects)
        # R10.30: the cards whose play names a player to swap hands with (``7h Anna``)
        self.swaps: tuple[bool, ...] = tuple(
            any(e.kind == "swap" for e in es) for es in effects)
        self._compile_finish(rules)
        self.multi_play: bool = rules.multi_play != "none"  # R3.10, R10.60
        self.doubles: bool = rules.multi_play in ("same_rank", "same_rank_or_run")  # R3.10
        self.runs: bool = rules.multi_play in ("run", "same_rank_or_run")  # R10.60
        self._compile_start(rules)
        self._compile_steps(rules, effects, rule)
        # By named suit (None first), by top card id: the mask, built when first asked.
        self.fit_rows: dict[str | None, list[int | None]] = {
            n: [None] * len(CARDS) for n in _NAMED}
        self._limits: dict[tuple, int] = {}
        # R10.11: the counter cards and their effect, by card id
        self.countering: tuple = tuple(
            (c, next(e for e in es if e.kind == "counter")) for c, es in zip(CARDS, effects)
            if any(e.kind == "counter" for e in es))
        self._counters: dict[tuple, int] = {}
        self.waits: int = _mask(c for c, es in zip(CARDS, effects)  # R10.21
                                if any(e.kind == "skip" and e.stack for e in es))
        self.demand_of: tuple = tuple(  # R10.22
            next((e for e in es if e.kind == "demand"), None) for es in effects)
        self.demands: int = _mask(c for c, e in zip(CARDS, self.demand_of) if e is not None)

    def _compile_effects(self, rules: HouseRules) -> tuple[tuple, tuple]:
        """``effects``, ``rule`` and ``entry`` by card (R9.1, R10.10: the most specific
        entry naming the card; in free order without the effects on whose turn it
        is, R8.4); returns the effects and the rules by card id."""
        free = rules.free_order
        found = [rules.card_entry(c) for c in CARDS]
        self.entry: tuple[str | None, ...] = tuple(key for key, _ in found)
        # (a rank's entry keeps its rule-book rule, R9.1; a card's or a colour's cites its effects')
        self.rule: tuple[str | None, ...] = tuple(
            classic_rule(key, listed) if key == c.rank else None
            for c, (key, listed) in zip(CARDS, found))
        self.effects: tuple[tuple, ...] = tuple(
            tuple(e for e in listed if not (free and e.turn_effect)) for _, listed in found)
        return self.effects, self.rule

    def _compile_actions(self, rules: HouseRules) -> None:
        """``action_mask`` and ``action``: the action cards (R8, R9.1)."""
        free = rules.free_order
        self.action_mask: int = _mask(
            c for c, key in zip(CARDS, self.entry) if key is not None
            and any(not free or not e.turn_effect for e in rules.card_entry(c)[1]))
        self.action: tuple[bool, ...] = tuple(bool(self.action_mask >> i & 1)
                                              for i in range(len(CARDS)))

    def _compile_stacking(self, rules: HouseRules) -> None:
        """``penalty``, ``stackers``, ``stack_ranks`` and ``doubling_ranks`` (R5.6, R5.7, R9.14)."""
        self.penalty: tuple[bool, ...] = tuple(
            any(e.pending_draw for e in rules.card_entry(c)[1]) for c in CARDS)
        groups = rules.stack_groups()
        # R10.10: a penalty's kind is the most specific key of its card that an entry
        # or a group names (the rank, under today's keys): the cards of one kind are
        # in the same groups.
        named = frozenset().union(*groups)
        self.kind: tuple[str | None, ...] = tuple(
            next(k for k in card_keys(c) if k == entry or k in named) if pen else None
            for c, entry, pen in zip(CARDS, self.entry, self.penalty))
        self.stackers: dict[str, int] = {  # (only a card that makes a penalty stacks)
            kind: _mask(c for c in CARDS if self.penalty[c.id] and stacks(groups, c, kind))
            for kind in dict.fromkeys(k for k in self.kind if k is not None)}
        self.stack_ranks: dict[str, tuple[str, ...]] = {  # (the same, as keys: for words)
            kind: _keys_of(mask) for kind, mask in self.stackers.items()}
        self.doubling_ranks: frozenset[str] = rules.double_ranks()

    def _compile_suits(self, rules: HouseRules, effects: tuple) -> None:
        """``wild``, ``same_rank`` and ``names``: the cards that name a suit (R3.3, R5.4,
        R9.8); ``wild`` and ``same_rank`` hold the ranks of which any card does (for
        words), ``_wild_cards`` and ``_same_cards`` each card's own (R10.10)."""
        listed = [rules.card_entry(c)[1] for c in CARDS]
        self._wild_cards: tuple[frozenset[str], ...] = tuple(
            frozenset((c.rank,)) if any(e.kind == "name_suit" and e.wild for e in es)
            else frozenset() for c, es in zip(CARDS, listed))
        self._same_cards: tuple[frozenset[str], ...] = tuple(
            frozenset((c.rank,)) if any(e.kind == "name_suit" and e.on_same_rank == "always"
                                        for e in es)
            else frozenset() for c, es in zip(CARDS, listed))
        # R10.20: an open card goes on any card (as a wild one does, naming nothing)
        # and any card goes on it: ``open``, a mask
        self.open: int = _mask(c for c, es in zip(CARDS, listed) if any(e.kind == "open" for e in es))
        if self.open:
            self._wild_cards = tuple(
                w | frozenset((c.rank,)) if self.open >> c.id & 1 else w
                for c, w in zip(CARDS, self._wild_cards))
        self.wild: frozenset[str] = frozenset().union(*(
            w for c, w in zip(CARDS, self._wild_cards) if not self.open >> c.id & 1))
        self.same_rank: frozenset[str] = frozenset().union(*self._same_cards)
        self.barred: tuple[int, ...] = _barred(listed)
        self.tame_out: int = _tame_out(listed)
        self._tame_rows: dict[tuple[int, str | None], int] = {}
        self.names: tuple[bool, ...] = tuple(
            any(e.kind == "name_suit" for e in es) for es in effects)

    def _compile_finish(self, rules: HouseRules) -> None:
        """``finish`` and ``draw_after``: going out on a blocked rank (R6.2, R9.15)."""
        mode = rules.finish_mode()
        keys = rules.finish.get("blocked", "actions")
        blocked = (self.action_mask if keys == "actions" else
                   _mask(c for c in CARDS if any(covers(k, c) for k in keys)))
        self.finish: int = -1 if mode == "allowed" else ~blocked
        self.draw_after: int = blocked if mode == "draw_after" else 0

    def _compile_start(self, rules: HouseRules) -> None:
        """``start_applies`` and ``start_redraw`` (R2.4, R9.16): the starters that act as
        if the dealer had played them, and those that go back into the draw pile."""
        ranks = rules.start_ranks()
        starters = _mask(c for c in CARDS if any(k in ranks for k in card_keys(c)))
        starters &= self.action_mask
        start = rules.start_mode()
        self.start_applies: int = starters if start == "applies" else 0
        self.start_redraw: int = starters if start == "redraw" else 0

    def _compile_steps(self, rules: HouseRules, effects: dict, rule: dict) -> None:
        """``house``, ``steps``, ``start_steps`` and ``out_steps``: each effect with the rule
        its ruling cites and the house rule, for ``actions.effect``."""
        houses = {key: house_of(rules, key) for key in dict.fromkeys(self.entry) if key}
        self.house: tuple[tuple | None, ...] = tuple(houses.get(key) for key in self.entry)
        self.steps: tuple[tuple, ...] = tuple(
            tuple((e, rule[c.id] or EFFECT_BY_NAME[e.kind].rule, self.house[c.id])
                  for e in effects[c.id])
            for c in CARDS)
        # The same steps where the card is not simply played: the exceptions as data.
        # R2.4 / R9.16: the starter as the dealer's play (none but for the starters
        # that act): ``again``, ``show`` and the card moves do nothing, nor does a
        # reverse's playing again with two players (the direction turns).
        self.start_steps: tuple[tuple, ...] = tuple(
            tuple((_START_REVERSE if e.kind == "reverse" else e, rule_, house_)
                  for e, rule_, house_ in steps if e.kind not in _NOT_AT_START)
            if self.start_applies >> c.id & 1 else () for c, steps in zip(CARDS, self.steps))
        # R6.3: the card that takes a player out (``last_holder``) acts on those still
        # in: it names no suit (R9.8), draws the player nothing and swaps no hand (R10.30).
        self.out_steps: tuple[tuple, ...] = tuple(
            tuple(step for step in steps
                  if step[0].kind not in ("name_suit", "demand", "swap")
                  and not (step[0].kind == "draw" and step[0].to == "self"))
            for steps in self.steps)

    def fits(self, top: Card, named: str | None) -> int:
        """The cards that may be played on ``top`` with ``named`` in force (R3.1-R3.3):
        the mask of the cards ``matches`` allows, built the first time it is asked."""
        row = self.fit_rows[named]
        mask = row[top.id]
        if mask is None and self.open >> top.id & 1:  # R10.20: any card goes on an open card
            mask = row[top.id] = ((1 << len(CARDS)) - 1) & ~self.barred[top.id]
        if mask is None:
            mask = row[top.id] = _mask(c for c in CARDS if matches(
                c, top, named, self._wild_cards[c.id], self._same_cards[c.id])) \
                & ~self.barred[top.id]  # R9.8: ``not_on`` bars a card even where it matches
        return mask

    def fits_tame(self, top: Card, named: str | None) -> int:
        """R9.8 ``wild_out = false``: of the cards ``tame_out`` holds, those that go on
        ``top`` with ``named`` in force as any card does, without their wildness
        (R3.1-R3.3; on an open card, R10.20, all of them), a mask built when first asked."""
        found = self._tame_rows.get((top.id, named))
        if found is None:
            if self.open >> top.id & 1:
                found = self.tame_out
            else:
                found = _mask(c for c in CARDS if self.tame_out >> c.id & 1 and matches(
                    c, top, named, frozenset(), self._same_cards[c.id]))
            self._tame_rows[(top.id, named)] = found
        return found

    def barred_keys(self, top: Card) -> tuple[str, ...]:
        """The cards that may not go on ``top`` (R9.8 ``not_on``), as keys for words: a
        rank when all its cards are barred, else a colour, else the cards."""
        mask = self.barred[top.id]
        keys: list[str] = []
        for rank in dict.fromkeys(c.rank for c in CARDS if mask >> c.id & 1):
            cards = [c for c in CARDS if c.rank == rank]
            if all(mask >> c.id & 1 for c in cards):
                keys.append(rank)
                continue
            for colour in ("red", "black"):
                both = [c for c in cards if colour in card_keys(c)[1]]
                if both and all(mask >> c.id & 1 for c in both):
                    keys.append(f"{rank} {colour}")
                else:
                    keys.extend(card_keys(c)[0] for c in both if mask >> c.id & 1)
        return tuple(keys)

    def counters(self, kind: str | None, under: Card) -> int:
        """R10.11: the counter cards that may go on a pending penalty of ``kind`` (the
        key of its card, ``kind``) whose last card is ``under``, a mask: those whose
        ``against`` names a card of the kind (or is empty), of ``under``'s suit where
        ``same_suit`` says so.  Built when first asked."""
        found = self._counters.get((kind, under.suit))
        if found is None:
            named = frozenset(key_cards(kind)) if kind else frozenset()
            found = self._counters[(kind, under.suit)] = _mask(
                c for c, e in self.countering
                if (not e.against or any(named & frozenset(key_cards(a)) for a in e.against))
                and (not e.same_suit or c.suit == under.suit))
        return found

    def counter_keys(self, kind: str | None, under: Card) -> tuple[str, ...]:
        """The keys of ``counters(kind, under)``, for words (R10.11)."""
        return _keys_of(self.counters(kind, under))

    def limit(self, what: tuple) -> int:
        """The cards a limit lets through (R9.6, R9.9), a mask: ``("at_most", v)``,
        ``("at_least", v)``, ``("rank", r)`` (each with the Jokers, R3.2), or
        ``("follow", card)``: the card's suit or its rank (no Joker)."""
        mask = self._limits.get(what)
        if mask is None:
            mask = self._limits[what] = _mask(c for c in CARDS if within(c, what))
        return mask


def _keys_of(mask: int) -> tuple[str, ...]:
    """The fewest keys naming the cards of ``mask``, in rank order (R10.10): a rank when
    all its cards are in, else a colour when both its cards are, else the cards."""
    out: list[str] = []
    for rank in RANKS + (JOKER,):
        cards = [c for c in CARDS if c.rank == rank]
        inside = [c for c in cards if mask >> c.id & 1]
        if len(inside) == len(cards):
            out.append(rank)
            continue
        for c in inside:
            colour = card_keys(c)[1]
            if all(mask >> d.id & 1 for d in cards if card_keys(d)[1] == colour):
                if colour not in out:
                    out.append(colour)
            else:
                out.append(str(c))
    return tuple(out)


def within(card: Card, what: tuple) -> bool:
    """R9.6, R9.9: does ``card`` meet the limit ``what`` (see ``Tables.limit``)?"""
    kind, value = what
    if kind == "follow":
        return card.rank != JOKER and (card.suit == value.suit or card.rank == value.rank)
    if card.rank == JOKER:
        return True
    if kind == "rank":
        return card.rank == value
    own = RANK_VALUE[card.rank]
    return own <= value if kind == "at_most" else own >= value


def _tame_out(listed: list) -> int:
    """R9.8 ``wild_out = false``: the mask of the wild cards that are not wild going
    out (``listed``: each card's effects, by card id)."""
    return _mask(c for c, es in zip(CARDS, listed)
                 if any(e.kind == "name_suit" and e.wild and not e.wild_out for e in es))


def _barred(listed: list) -> tuple[int, ...]:
    """R9.8 ``not_on``: by top card id, the mask of the cards that may not go on it
    (``listed``: each card's effects, by card id)."""
    barred = [0] * len(CARDS)
    for c, es in zip(CARDS, listed):
        for e in es:
            if e.kind == "name_suit" and e.not_on:
                for top in {t for key in e.not_on for t in key_cards(key)}:
                    barred[top.id] |= 1 << c.id
    return tuple(barred)


def matches(card: Card, top: Card, named: str | None, wild: frozenset[str],
            same_rank: frozenset[str]) -> bool:
    """R3.1-R3.3, R9.8: may ``card`` be played on ``top`` with ``named`` (a suit or
    None) in force?  ``wild``: the suit-naming ranks that go on anything
    (``jack_wild``); ``same_rank``: those that go on their own rank while a suit
    is named (``jack_on_jack``).

    A Joker goes on anything (R3.2), and so does a ``wild`` rank, a named suit
    included (R9.8: "any card").  While a suit is named, a card of that suit,
    or a card on its own suit-naming rank (``same_rank``); the named suit binds
    the card after a Joker that named it too (R9.8).  Otherwise anything on a
    Joker (R3.2), else the top card's suit or rank.
    """
    if card.rank == JOKER:
        return True
    if card.rank in wild:
        return True
    if named is not None:
        if card.suit == named:
            return True
        return card.rank == top.rank and card.rank in same_rank
    if top.rank == JOKER:
        return True
    return card.suit == top.suit or card.rank == top.rank


def stacks(groups: tuple[frozenset[str], ...], card: Card, kind: str) -> bool:
    """R5.7, R9.14, R10.10: may ``card`` be played on a pending penalty of ``kind``
    (``Tables.kind``: the key of the card that made it), the stacking ``groups``
    in force (``HouseRules.stack_groups``: keys)?  A group holds the penalty
    when it names its kind or a wider key of it (``"K"`` for ``"Kh"``), and the
    card when it names one of the card's keys."""
    return any(_holds(group, _wider(kind)) and _holds(group, card_keys(card)) for group in groups)


def _holds(group: frozenset[str], keys: tuple[str, ...]) -> bool:
    return any(k in group for k in keys)


def _wider(kind: str) -> tuple[str, ...]:
    """``kind`` and the keys naming all its cards (``"Kh"``: ``"K red"``, ``"K"``)."""
    from referee.engine.cardkeys import key_rank
    rank = key_rank(kind)
    if kind == rank:
        return (kind,)
    if " " in kind:
        return (kind, rank)
    return card_keys(Card(rank, kind[-1]))


def house_of(rules: HouseRules, rank: str) -> tuple | None:
    """The house rule that gives ``rank`` its effect, for ``why``: the ``[actions]``
    entry (``("actions.K", "again")``) or today's key (``("king", "draw_one")``)."""
    if rank in rules.actions:
        from referee.engine.effects import effect_table
        return (f"actions.{rank}", effect_table(rules.actions[rank]))
    meaning = RANK_MEANING.get(rank)   # (the key that switches the rank's meaning on)
    key = meaning.switch if meaning else None
    return (key, getattr(rules, key)) if key else None


_STANDARD = HouseRules()


def standard_names() -> tuple[bool, ...]:
    """``Tables.names`` of the standard rules (a Jack names a suit, R5.4): what a reader
    that knows no rule set (an example in a message, a view made without one) asks."""
    return tables_for(_STANDARD).names

def tables_for(rules: HouseRules) -> Tables:
    """The compiled ``Tables`` of ``rules``: compiled once per rule set, when first
    asked for, and kept on it (``HouseRules.compiled``, not a field of the value), so
    they go when the rule set goes; no cache of the module's own to keep in step."""
    found = rules.compiled
    if found is None:
        found = Tables(rules)
        set_field(rules, "compiled", found)
    return found
