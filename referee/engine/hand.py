"""The hand: one typed line in, a ruling out, kept in the log (undo, redo, replay).

``Hand.apply_line`` parses a line (``notation``), finds whose entry it is
(R0.3's first checks: R1.1, the status, R1.5, R8.4), applies its actions left
to right through the rule modules and returns a ``Ruling``.  A line is
atomic: when one action is refused, a snapshot puts back what the earlier
ones did (R0.3), and the refusal's own effects follow (R0.4).  That is the
checked path; ``Hand.push`` is the one unchecked one.  The queries (``state``,
``check``, ``why``) are ``queries``'s, the legality API ``legality``'s.

The hand is three layers, each a class adding one job to the one below:
``state.HandState`` (the fields an entry changes), ``dealt.Dealt`` (the hand as
dealt and what reads its state without the rules: the JSON state, the record of
a hand over), ``Hand`` (this module: entries applied by the rules, the log).
"""

from __future__ import annotations

from typing import Iterable

from referee.engine.cards import NotationError
from referee.engine.notation import (
    Announce, Call, Draw, Fix, Leave, Line, OutCall, Pass, Play, Start, parse_line,
)
from referee.engine.rules import HouseRules
from referee.engine import (
    blocked, corrections, deal, demands, doubles, draws, goingout, jumpin, lastcard, legality,
    matching, order, piles, plays, queries, swap, table,
)
from referee.engine.actions import pass_skip
from referee.engine.dealt import Dealt, Situation
from referee.engine.lexicon import ENGLISH, Lexicon
from referee.engine.events import (
    Entry, Event, IllegalPlayPenalty, Reason, Refusal, Refused, Said,
)
from referee.engine.ruling import ReplayError, Ruling, said
from referee.engine.state import Snapshot
from referee.engine.told import Told
from referee.engine.compiled import tables_for


class Hand(Dealt):
    """One hand of Pesten as the referee sees it (public information only, R0.1).

    Construct with the rule set, the players in the hand in seating order
    (clockwise, R1.2), the dealer and the hand's number.  The hand starts dealt
    and ``waiting`` for its starter (R2.2, R2.3).  ``lexicon``: the language
    (``referee.engine.lexicon.Lexicon``, English by default) whose letters and
    words its lines are read in, besides the English ones; the log keeps them
    in English (NOTATION.md "Languages").  ``apply_line(text)`` rules on
    one typed line and returns a ``Ruling``; ``state()`` gives the NOTATION.md
    state object; ``legal(player)`` what may be played now.  ``log`` holds the
    lines that took effect, ``redo_stack`` what ``redo`` can put back.  The deal
    and the queries that only read the state (``state``, ``next_seat``,
    ``first_player``, ``decks`` ...) are ``Dealt``'s: ``Hand`` is the layer of
    ``Dealt`` that applies entries (see the module's docstring).
    """

    __slots__ = ("tables", "log", "redo_stack", "last_ruling", "lexicon", "chosen")

    def __init__(self, rules: HouseRules, players: Iterable[str], dealer: str, number: int = 1,
                 lexicon: Lexicon = ENGLISH):
        super().__init__(rules, players, dealer, number)  # the deal (R1.3, R2.2)
        self.lexicon = lexicon                 # the language its lines are read in
        self.tables = tables_for(rules)        # the rule set compiled (what fits, stacks, acts)
        self.log: list[str] = []               # the lines that took effect
        self.redo_stack: list[str] = []        # what ``redo`` can put back
        self.last_ruling: Ruling | None = None  # for ``why``
        # R10.30: the player the card being played names to swap hands with (``7h
        # Anna``), set by the entry for its card's effects (``actions``), else None
        self.chosen: str | None = None

    # -- replaying ------------------------------------------------------------
    @classmethod
    def replay(cls, rules: HouseRules, players: Iterable[str], dealer: str, number: int,
               log: Iterable[str], redo: Iterable[str] = (), lexicon: Lexicon = ENGLISH) -> "Hand":
        """Rebuild a hand from its log (and redo stack), read in ``lexicon``.

        Raises ``ReplayError`` for the first logged line that no longer takes
        effect (a hand-edited save file).
        """
        hand = cls(rules, players, dealer, number, lexicon)
        for i, line in enumerate(log):
            ruling = hand._apply_entry_text(line)
            if not ruling.logged:
                raise ReplayError(i, line, ruling)
            hand.log.append(line)
        hand.redo_stack = list(redo)
        hand.last_ruling = None
        return hand

    def _rebuild(self) -> None:
        log = self.log
        self.reset(self.seats, self.rules.deal_size, self.deck_total)
        self.log = []
        for line in log:
            self._apply_entry_text(line)
            self.log.append(line)

    # -- public API -------------------------------------------------------------
    def apply_line(self, text: str) -> Ruling:
        """Rule on one typed line (NOTATION.md "Entries") and apply it if allowed.

        Never raises for bad input: a line that is not notation is refused
        with kind ``"error"``.  A refused line changes nothing except the two
        effects of R0.4, which are logged.
        """
        try:
            line = self.parse(text)
        except NotationError as exc:
            return _not_notation(exc)
        if line.kind == "blank":
            return Ruling(True, None, [], kind="blank")
        if line.kind == "undo":
            ruling = self.undo()
        elif line.kind == "redo":
            ruling = self.redo()
        elif line.kind == "query":
            return self.query(line)
        else:
            ruling = self._apply_entry(line)
            if ruling.logged:
                self.log.append(_logged_text(line, self.lexicon))
                self.redo_stack.clear()
        self.last_ruling = ruling
        return ruling

    def undo(self) -> Ruling:
        """Take back the last entry that took effect (NOTATION "undo"); R0.2 when none."""
        if self.scored:
            return said("R0.2", "engine.undo.scored", ok=False, kind="undo")
        if not self.log:
            return said("R0.2", "engine.undo.nothing", ok=False, kind="undo")
        line = self.log.pop()
        self.redo_stack.append(line)
        self._rebuild()
        return said("R0.2", "engine.undo.done", {"line": Entry(line)}, kind="undo")

    def redo(self) -> Ruling:
        """Put back the last undone entry (NOTATION "redo"); R0.2 when none."""
        if not self.redo_stack:
            return said("R0.2", "engine.redo.nothing", ok=False, kind="redo")
        line = self.redo_stack.pop()
        ruling = self._apply_entry_text(line)
        if not ruling.logged:
            self.redo_stack.clear()
            return said("R0.2", "engine.redo.failed", {"line": Entry(line)}, ok=False, kind="redo")
        self.log.append(line)
        ruling.events.insert(0, Said("R0.2", "engine.redo.done", {"line": Entry(line)}))
        # The redo itself took effect, even when what it put back is a refusal
        # that the log keeps for its effect (R0.4).
        ruling.ok, ruling.rule, ruling.kind = True, "R0.2", "redo"
        return ruling

    @property
    def exhausted(self) -> bool:
        """R3.6: the draw pile is empty and the discard pile holds only its top card."""
        return piles.exhausted(self)

    def legal(self, player: str | None = None) -> legality.Legal:
        """What ``player`` (default: the player to act) may play or draw now: a new
        ``legality.Legal``, a live view of this hand (the one legality API,
        ``legality.legal``)."""
        return legality.Legal(self, player)

    def may_call(self, target: str, caller: str | None = None) -> bool:
        """Whether ``caller`` (None: unnamed) may call ``target`` now (``legality.may_call``)."""
        return legality.may_call(self, target, caller)

    def blank_turns(self) -> frozenset[str]:
        """Who had a blank turn since the last card played (R3.9, ``legality.blank_turns``)."""
        return legality.blank_turns(self)

    def push(self, action, player: str | None = None, announce: bool = False) -> list[Event]:
        """Apply ``action`` (a ``Play`` or ``Draw``) by ``player`` WITHOUT checking it.

        The one unchecked fast path (as python-chess's ``push`` beside
        ``push_san``); every other way in (``apply_line``, ``apply_parsed``,
        ``replay``, ``redo``) takes the checked path.  Contract: the hand is being
        played, ``player`` (default: the player to act) is ``legal(player).player``,
        and the action is one that ``Legal`` allows now: a ``Play`` of a card it
        ``may_play`` (a Jack with a suit), of cards it ``may_double`` (R3.10), a
        ``Draw()`` when it is ``draw_open``, a ``Draw(card)`` it ``may_draw_play``,
        a ``Draw(count=N)`` it ``may_draw(N)`` or a ``Draw(card, count=N)`` under
        ``draw_counts`` whose checks passed (R10.50),
        or a ``Pass()`` when it ``passes`` (R5.11); for a player whose turn it is not,
        a one-card ``Play`` it ``may_play`` while ``legal(player).jumping`` (a jump-in,
        R10.70).  A card that swaps hands (R10.30) carries the player it names
        (``target``) when ``swap.swaps`` says the play swaps.  ``announce``: the player says
        "Laatste kaart!" with it (R4.1).  The action is applied as the checked path
        applies it after its checks (``plays.play``, ``draws.draw``,
        ``draws.draw_play``, ``actions.pass_skip``), then the blocked hand is
        checked (R3.9).  Nothing is logged (``log``, ``undo`` and ``replay`` know
        only checked entries); no ``Ruling`` is made.  Returns the events.  An
        action outside the contract may leave the hand in a state no ruling gives.
        """
        if player is None:
            player = self.turn
        ev: list = []
        waits = self.waits.copy() if self.waits else None
        demand = self.demand
        kind = type(action)
        if kind is not Pass:
            self.chosen = action.target  # (R10.30: the player a swap names)
        if kind is Play:
            if player != self.turn and jumpin.may_jump(self, player):  # (R10.70: a jump-in)
                jumpin.jump(self, player, action.card, ev)
            plays.play(self, player, action.card, action.suit, ev, action.more)
        elif kind is Draw:
            if action.count is not None and action.count != 1:  # (R10.50)
                if action.card is None:
                    draws.counted_draw(self, player, action.count, ev)
                else:
                    draws.draw_play(self, player, action.card, action.suit, ev, action.count)
            elif action.card is None:
                draws.draw(self, player, ev)
            else:
                draws.draw_play(self, player, action.card, action.suit, ev)
        else:
            pass_skip(self, player, ev)
        if waits:  # R10.21: the turns waited as play came round, told
            order.tell_waits(self, waits, ev)
        if demand is not None:  # R10.22
            demands.tell_end(self, demand, ev)
        if announce and self.status == "playing":
            lastcard.announce(self, player, ev)
        if self.draw_pile == 0:
            blocked.check_blocked(self, ev)
        return ev

    def apply_parsed(self, line: Line) -> tuple[bool, list, bool, str | None]:
        """Rule on a parsed entry and apply it (the checked path) without a ``Ruling``
        or a log: ``(ok, events, logged, actor)`` as in ``Ruling`` (for simulators and
        benchmarks).  ``line`` is read as ``parse`` reads it (a lone ``d`` after a card
        that names a suit is diamonds, R9.8).  A refused entry changes nothing but
        R0.4's effects."""
        return self._rule_entry(line)[:4]

    # -- line application -------------------------------------------------------
    def _apply_entry_text(self, text: str) -> Ruling:
        try:
            line = self.parse(text)
        except NotationError as exc:
            return _not_notation(exc)
        if line.kind != "entry":
            return said(None, "engine.replay.not_entry", ok=False, kind="error")
        return self._apply_entry(line)

    def _apply_entry(self, line: Line) -> Ruling:
        ok, ev, logged, actor, cited = self._rule_entry(line)
        next_turn = (self.turn if ok and self.status == "playing" and not self.pending
                     and not self.free else None)
        rule = ev[cited].rule if ev else None
        return Ruling(ok, rule, ev, logged=logged, actor=actor, next_turn=next_turn)

    def _rule_entry(self, line: Line) -> tuple:
        """``(ok, events, logged, actor, cited)``: the ruling on ``line``, applied (the
        checked path: a refusal changes nothing but R0.4's effects, the state taken
        before the line put back whatever its earlier actions did, R0.3); the ruling
        cites ``events[cited]``."""
        ev: list = []
        cited = 0
        actor = None
        done = 0  # the line's actions applied before a refusal
        snap = Snapshot(self)
        try:
            actions = line.actions
            actor = self._line_actor(line)  # (checks only: changes nothing)
            for done, action in enumerate(actions):
                at = _ACTIONS[type(action)](self, action, actor, ev)
                if at:
                    cited = at
            if snap.waits:  # R10.21: the turns waited as play came round, told
                order.tell_waits(self, snap.waits, ev)
            if snap.demand is not None:  # R10.22: a demand that ended, told
                demands.tell_end(self, snap.demand, ev)
        except Refusal as refusal:
            snap.restore(self)
            if refusal.event.reason is Reason.TURN and actor is not None and done:
                # An earlier action of the line passed the turn (R3.7): say so.
                refusal.event = Refused(Reason.TURN_PASSED, "R3.7", dict(
                    refusal.event.fields, done=" ".join(a.canonical() for a in actions[:done]),
                    word=actions[done].canonical()))
            ev = [refusal.event]
            logged = self._refusal_effect(refusal.event, actor, ev)
            return False, ev, logged, actor, 0
        if self.draw_pile == 0:
            blocked.check_blocked(self, ev)
        return True, ev, True, actor, cited

    def parse(self, text: str) -> Line:
        """``text`` read as this hand reads a line: in its language, a lone ``d`` right
        after a card that names a suit under its rules (the compiled ``Tables.names``,
        R5.4, R9.8) being diamonds, a name after a card that swaps hands the player it
        names (``Tables.swaps``, R10.30; ``notation.parse_line``); raises ``NotationError``."""
        return parse_line(text, self.lexicon, self.tables.names, self.tables.swaps)

    def _line_actor(self, line: Line) -> str | None:
        """Who the line belongs to (NOTATION "Who an entry belongs to"), checked per R0.3:
        the names (R1.1), the status (R2.3, R6.1), who is still in the hand (R1.5,
        R6.3), then who acts (R8.4, R3.7)."""
        first = line.actions[0]
        kind = type(first)  # (the action classes have no subclasses)
        named = self._named(line.player, first, kind)
        if kind is Start:
            return named if named is not None else self.dealer
        if self.status != "playing" or self.scored:
            self.check_status()
        self._check_in_hand(named, first, kind)
        if kind is Leave or kind is Fix:
            return named
        return self._acting(named, kind)

    def _named(self, name: str | None, first, kind) -> str | None:
        """R1.1: the seated player the line names (None: none named) and the target of a
        call, a ``leave`` or a ``fix`` must be players of the hand."""
        named = None
        if name is not None:
            named = self.player(name)
            if named is None:
                raise Refusal(Reason.UNKNOWN_PLAYER, "R1.1", name=name)
        if kind is Call or kind is Leave or kind is Fix:
            if self.player(first.target) is None:
                raise Refusal(Reason.UNKNOWN_PLAYER, "R1.1", name=first.target)
        return named

    def _check_in_hand(self, named: str | None, first, kind) -> None:
        """R1.5: who left makes no entry (nor is called); R6.3: who went out only calls,
        and is not called."""
        if named is not None and named in self.left:
            raise Refusal(Reason.LEFT, "R1.5", name=named)
        if self.places:
            goingout.check_not_out(self, named, calling=kind is Call)
            if kind is not Call:
                goingout.check_not_out(self, self.player(getattr(first, "target", "") or ""))
            elif self.player(first.target) in self.places:
                raise Refusal(Reason.CALL_OUT, "R6.3", name=self.player(first.target))
        if kind is Call:
            target = self.player(first.target)
            if target in self.left:
                raise Refusal(Reason.LEFT, "R1.5", name=target)

    def _acting(self, named: str | None, kind) -> str | None:
        """Who acts for a line naming ``named`` (None: nobody named): in free order the
        player named (R8.4); a call its caller; a lone "Laatste kaart!" the player whose
        window is open (none open and a false call costing cards: refused unnamed,
        R10.84); else the player named or the player to act (R3.7)."""
        if self.free:
            if named is None:
                raise Refusal(Reason.FREE_NO_PLAYER, "R8.4")
            return named
        if kind is Call:
            return named
        if kind is Announce:
            cost = self.rules.false_call_cost()
            if named is None and self.announce_due is None and cost:
                # R10.84: a false call costs cards, so whose call it is must be known
                raise Refusal(Reason.ANNOUNCE_UNNAMED, "R10.84", n=cost,
                              word=self.rules.last_call_word(), name=self.turn)
            return named if named is not None else (self.announce_due or self.turn)
        return named if named is not None else self.turn

    def check_status(self) -> None:
        """Refuse an entry while the hand is not being played (R2.3, R6.1)."""
        if self.status == "waiting":
            raise Refusal(Reason.WAITING, "R2.3")
        if self.status == "over" or self.scored:
            raise Refusal(Reason.OVER, "R6.1")

    # One function per kind of action, in ``_ACTIONS`` (below the class): the
    # checks of R0.3 that belong to the action, then its effect.
    def _check_acting(self, actor) -> None:
        """R0.3's checks of a play, a draw or a ``pass``: the hand is being played
        (R2.3, R6.1) and it is ``actor``'s turn (R3.7, R8.4)."""
        if self.status != "playing" or self.scored:
            self.check_status()
        if self.free or actor != self.turn:
            order.check_turn(self, actor)

    def _act_play(self, action: Play, actor, ev: list) -> None:
        jumping = jumpin.may_jump(self, actor)  # (R10.70: out of turn, on the top card's twin)
        if jumping:
            jumpin.check(self, actor, action.cards)
        else:
            self._check_acting(actor)
        if action.more:
            doubles.check_together(self, actor, action.cards, action.suit)
        else:
            matching.check_play(self, actor, action.card, action.suit, self.counts[actor] - 1)
        swap.check_target(self, actor, action.cards, action.target,
                          self.counts[actor] - len(action.cards))
        if jumping:
            jumpin.jump(self, actor, action.card, ev)
        self.chosen = action.target
        plays.play(self, actor, action.card, action.suit, ev, action.more)

    def _act_draw(self, action: Draw, actor, ev: list) -> int:
        self._check_acting(actor)
        if draws.by_policy(self, actor, action.count):  # (R10.50: ``d 3``, ``d 3 5h``)
            count = action.count or 1
            draws.check_counted(self, actor, count, action.card, action.suit)
            if action.card is None:
                draws.counted_draw(self, actor, count, ev)
                return 0
            swap.check_target(self, actor, (action.card,), action.target,
                              self.counts[actor] + count - 1)
            self.chosen = action.target
            return draws.draw_play(self, actor, action.card, action.suit, ev, count)
        if action.card is None:
            draws.check_draw(self, actor)
            draws.draw(self, actor, ev)
            return 0
        draws.check_draw_play(self, actor, action.card, action.suit)
        swap.check_target(self, actor, (action.card,), action.target,
                          self.counts[actor])  # (a card drawn first: never the last one)
        self.chosen = action.target
        return draws.draw_play(self, actor, action.card, action.suit, ev)

    def _act_pass(self, action: Pass, actor, ev: list) -> None:
        self._check_acting(actor)
        pass_skip(self, actor, ev)  # (refused with no skip pending: then nothing changed, R0.4)

    def _act_announce(self, action: Announce, actor, ev: list) -> None:
        if self.status != "playing" or self.scored:
            self.check_status()
        lastcard.announce(self, actor, ev)

    def _act_out_call(self, action: OutCall, actor, ev: list) -> None:
        # (R10.82: with the play that went out the hand may be over: the line's
        # first action checked the status, R6.1)
        lastcard.out_call(self, actor, action.word, ev)

    def _act_call(self, action: Call, actor, ev: list) -> None:
        target = self.player(action.target)
        if target is None:
            raise Refusal(Reason.UNKNOWN_PLAYER, "R1.1", name=action.target)
        self.check_status()
        if target in self.left:
            raise Refusal(Reason.LEFT, "R1.5", name=target)
        lastcard.call(self, actor, target, ev)

    def _act_leave(self, action: Leave, actor, ev: list) -> None:
        table.leave(self, self.player(action.target), ev)

    def _act_start(self, action: Start, actor, ev: list) -> None:
        deal.start(self, actor, action.card, ev, action.suit)

    def _act_fix(self, action: Fix, actor, ev: list) -> None:
        corrections.fix(self, action.what, self.player(action.target), action.amount,
                        action.card, action.suit, ev)

    # -- refusals with an effect (R0.4) -----------------------------------------
    def _refusal_effect(self, refused: Refused, actor: str | None, ev: list) -> bool:
        """R0.4: the effects a refusal still has; True when the entry is logged for them.

        ``ev`` holds the ``Refused`` event first.  R6.2: the draw owed (not by a
        jump-in, R10.75).  R3.8: a
        card put on the pile that may not go there (``Reason.card_refused``)
        costs ``illegal_play_penalty`` cards, and the refusal then cites R3.8.
        """
        reason = refused.reason
        if reason is Reason.FINISH_ON_ACTION and actor and not jumpin.may_jump(self, actor):
            # (R10.75: a jump-in refused by R6.2 owes no draw: the draw is a turn's)
            goingout.owe_draw(self, actor, ev)
            return True
        n = self.rules.illegal_play_penalty
        if reason.card_refused and actor and n > 0:
            refused.rule, refused.house = "R3.8", ("illegal_play_penalty", n)
            ev.append(IllegalPlayPenalty(actor, n))
            piles.applied_draw(self, actor, n, ev)
            blocked.check_blocked(self, ev)
            return True
        return False

    # -- queries (``queries``: they read the state, never change it) -----------------
    def allowed(self) -> "queries.Allowed":
        """What may go on the top card now, as facts said where they are read (R3.1-R3.3;
        ``queries.allowed``)."""
        return queries.allowed(self)

    def query(self, line: Line) -> Ruling:
        """Answer a query (``state``, ``check CARD``, ``why``; ``queries.query``); others
        go to the session.  Queries change nothing and are always ``ok``."""
        return queries.query(self, line)

    def situation(self) -> Situation:
        """The hand in short, as facts (``Situation``; ``queries.situation``)."""
        return queries.situation(self)

    def check(self, arg: str, player: str | None = None) -> Ruling:
        """``check CARD``: would ``CARD`` be legal now for the player to act? Changes
        nothing (``queries.check``)."""
        return queries.check(self, arg, player)

    def why(self) -> Ruling:
        """``why``: the reasoning behind the last ruling, with rule ids and house rules
        (``queries.why``)."""
        return queries.why(self)


_ACTIONS = {Play: Hand._act_play, Draw: Hand._act_draw, Pass: Hand._act_pass,
            Announce: Hand._act_announce, OutCall: Hand._act_out_call,
            Call: Hand._act_call, Leave: Hand._act_leave, Start: Hand._act_start,
            Fix: Hand._act_fix}
"""Each kind of action (``notation``) -> the ``Hand`` method applying it."""


def _logged_text(line: Line, lexicon: Lexicon) -> str:
    """The text a line read in ``lexicon`` is logged (and saved) as: as typed in
    English notation; typed in another language's letters or words, its
    canonical English form, so that a hand reads back the same in any language
    (NOTATION.md "Languages")."""
    if lexicon is ENGLISH:
        return line.text.strip()
    return line.canonical()


def _not_notation(exc: NotationError) -> Ruling:
    """The ruling on a line that is not notation: refused, the error told in its
    sentence (``engine.notation``), said when the ruling is read."""
    return said(None, "engine.notation", {"error": Told(exc.key, **exc.fields)}, ok=False,
                kind="error")
