"""The referee engine: the state of one hand and every ruling on it. Pure: no I/O.

A hand is a log of entries (the lines the table typed that took effect); its
state is what replaying that log gives.  ``Hand.apply_line`` applies one new
line at a time; undo and reopening a saved hand replay the log.

Map from rule ids to code (RULES.md):

- R0.2 corrections, undo/redo ... ``_do_fix``, ``undo``, ``redo``, ``replay``
- R0.3 order of refusals ........ ``_line_actor``, ``_check_status``, ``_check_turn``,
  ``_check_play`` (deck, pending penalty, matching, Jack's suit, finishing card),
  ``_do_draw`` (draw-and-play refusals)
- R0.4 effect-bearing refusals .. ``_refusal_effect``
- R1.1 players .................. ``_line_actor``, ``player``
- R1.3 / R1.4 deck, card identity ``_check_deck``
- R1.5 leaving .................. ``_do_leave``
- R2.2-R2.5 deal, starter ........ ``Hand._reset``, ``_do_start``
- R3.1-R3.3 matching ............ ``_match_error``
- R3.4 draw (then play) ......... ``_do_draw``
- R3.5 / R3.6 reshuffle, exhausted ``_take``
- R3.7 turn ..................... ``_check_turn``
- R3.8 illegal play ............. ``_refusal_effect``
- R3.9 blocked hand ............. ``_check_blocked``
- R4 last card .................. ``_do_announce``, ``_do_call``, ``_close_windows``, ``_lapse``
- R5 action cards ............... ``_effect``, ``_king``, ``_aim_penalty``, ``_pass``,
  ``_next_seat``, ``_stacks``
- R6 going out .................. ``_do_play``, ``_check_play``
- R8.4 free turn order .......... ``free`` branches throughout
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Iterable

from . import messages
from .cards import JOKER, Card, NotationError, deck_size, try_card
from .notation import (Announce, Call, Draw, Fix, Leave, Line, Play, Start,
                       parse_line)
from .rules import HouseRules

SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
PENALTY_RANKS = frozenset({"2", JOKER})
# Rulings that already say who is to act next.
_TELLS_TURN = frozenset({
    "engine.start", "engine.start.no_effect", "engine.start.eight", "engine.start.ace",
    "engine.effect.eight", "engine.effect.eight_two", "engine.effect.king_reverse_skip",
    "engine.effect.turn_to", "engine.effect.seven", "engine.effect.ace_two",
    "engine.effect.penalty_plays_on"})


# ---------------------------------------------------------------------------
# Rulings
# ---------------------------------------------------------------------------

class Note(tuple):
    """One sentence of a ruling: a message key and its fields, rendered lazily.

    A 4-tuple ``(rule, key, fields, house)`` read by name: ``rule`` is the
    rule id behind it; ``key`` the message key; ``fields`` a dict of the values
    the message shows (cards as ``Card``); ``house`` names the house-rule key
    that decided it (``("stacking", "none")``) or is None.

    While it applies an entry the engine writes its sentences as plain tuples
    ``(rule, key[, fields[, house]])`` (much cheaper to build than a Note);
    ``Ruling.notes`` makes them Notes when first read.
    """

    __slots__ = ()

    def __new__(cls, rule: str | None, key: str, fields: dict | None = None,
                house: tuple | None = None) -> Note:
        return tuple.__new__(cls, (rule, key, {} if fields is None else fields, house))

    def __getnewargs__(self) -> tuple:
        return tuple(self)

    rule = property(itemgetter(0), doc="The rule id behind the sentence, or None.")
    key = property(itemgetter(1), doc="The message key.")
    fields = property(itemgetter(2), doc="The values the message shows (a dict).")
    house = property(itemgetter(3), doc="(house-rule key, value) that decided it, or None.")

    def __repr__(self) -> str:
        return f"Note(rule={self[0]!r}, key={self[1]!r}, fields={self[2]!r}, house={self[3]!r})"

    def text(self) -> str:
        """The sentence in the active language."""
        return messages.t(self.key, **{k: _show(v) for k, v in self.fields.items()})


class _Words(str):
    """A message key standing in a note's fields for words (``"engine.words.a_two"``),
    looked up only when the sentence is read: an entry nobody reads costs no lookup."""

    __slots__ = ()


def _show(value: Any) -> Any:
    if isinstance(value, Card):
        return value.pretty()
    if type(value) is _Words:
        return messages.t(value)
    return value


class Refusal(Exception):
    """An entry the rules forbid (R0.3): ``rule`` is the id it cites."""

    def __init__(self, rule: str | None, key: str, house: tuple | None = None, **fields: Any):
        super().__init__(key)
        self.note = Note(rule, key, fields, house)


class Ruling:
    """The referee's answer to one line.

    ``ok`` is False when the line was refused; ``rule`` is the rule id cited
    (the refusal's, or the main effect's); ``notes`` are the sentences, the
    first being the refusal or the main ruling and the rest automatic effects
    (a skip, a reshuffle, a penalty draw).  ``logged`` is True when the line
    goes into the hand's log (it took effect, or it is an effect-bearing
    refusal, R0.4).  ``kind`` is the line's kind (entry, undo, redo, query,
    blank, error).  ``query`` and ``arg`` are the query word and its argument
    for a query, ``data`` extra JSON-ready facts (``check``: ``legal``,
    ``card``), ``actor`` the player the entry was taken to be by.  Text is
    built only when ``text`` is read.

    ``next_turn`` (for an entry that took effect in seated order) names the
    player to act after it: unless a sentence already says who is next, the
    notes end with one that does (``engine.next``), added when first read.
    """

    __slots__ = ("ok", "rule", "_notes", "logged", "kind", "query", "arg", "data", "actor",
                 "_next")
    _FIELDS = ("ok", "rule", "notes", "logged", "kind", "query", "arg", "data", "actor")
    __hash__ = None  # mutable

    def __init__(self, ok: bool, rule: str | None, notes: list | None = None,
                 logged: bool = False, kind: str = "entry", query: str | None = None,
                 arg: str = "", data: dict | None = None, actor: str | None = None,
                 next_turn: str | None = None):
        self.ok = ok
        self.rule = rule
        self._notes = [] if notes is None else notes
        self.logged = logged
        self.kind = kind
        self.query = query
        self.arg = arg
        self.data = data
        self.actor = actor
        self._next = next_turn

    @property
    def notes(self) -> list[Note]:
        """The sentences (``Note``); the engine's plain tuples become Notes here."""
        notes = self._notes
        if self._next is not None:
            if not any(n[1] in _TELLS_TURN for n in notes):
                notes.append((None, "engine.next", {"name": self._next}))
            self._next = None
        for i, n in enumerate(notes):
            if n.__class__ is tuple:
                notes[i] = Note(*n)
        return notes

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._FIELDS)

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._FIELDS)
        return f"Ruling({inner})"

    @property
    def text(self) -> str:
        """Every sentence of the ruling, joined."""
        return " ".join(n.text() for n in self.notes)

    def house_rules(self) -> list[tuple]:
        """The (key, value) of house rules that decided this ruling."""
        return [n.house for n in self.notes if n.house]


class ReplayError(ValueError):
    """A logged entry that no longer replays: ``index`` (from 0), ``line`` and ``reason``."""

    def __init__(self, index: int, line: str, reason: str):
        super().__init__(messages.t("engine.replay.broken", n=index + 1, line=line, reason=reason))
        self.index, self.line, self.reason = index, line, reason


# ---------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------

# The fields an entry may change: ``Hand._snapshot`` and ``_restore`` list them all.
_MUTABLE = ("active", "left", "counts", "draw_pile", "discard", "copies", "direction",
            "turn", "named_suit", "pending", "pending_kind", "skips", "status", "winner",
            "blocked", "lk", "owed", "idle", "corrections")


class Hand:
    """One hand of Pesten as the referee sees it (public information only, R0.1).

    Construct with the rule set, the players in the hand in seating order
    (clockwise, R1.2), the dealer and the hand's number.  The hand starts dealt
    and ``waiting`` for its starter (R2.2, R2.3).  ``apply_line(text)`` rules on
    one typed line and returns a ``Ruling``; ``state()`` gives the NOTATION.md
    state object.  ``log`` holds the lines that took effect, ``redo_stack``
    what ``redo`` can put back.
    """

    # Slots: attribute access is what an entry mostly does.
    __slots__ = ("rules", "number", "seats", "dealer", "decks", "deck_total", "action_ranks",
                 "free", "_lower", "log", "redo_stack", "last_ruling", "scored") + _MUTABLE

    def __init__(self, rules: HouseRules, players: Iterable[str], dealer: str, number: int = 1):
        self.rules = rules
        self.number = number
        self.seats: list[str] = list(players)
        if dealer not in self.seats:
            raise ValueError(f"dealer {dealer!r} is not in the hand")
        self.dealer = dealer
        self.decks = rules.deck_count(len(self.seats))
        self.deck_total = deck_size(self.decks, rules.jokers)
        self.action_ranks = rules.action_ranks()
        self.free = rules.free_order
        self._lower = {p.lower(): p for p in self.seats}
        self.log: list[str] = []
        self.redo_stack: list[str] = []
        self.last_ruling: Ruling | None = None
        self.scored = False
        self._reset()

    # -- setup --------------------------------------------------------------
    def _reset(self) -> None:
        r = self.rules
        self.active: list[str] = list(self.seats)
        self.left: list[str] = []
        self.counts: dict[str, int] = {p: r.deal_size for p in self.seats}
        self.draw_pile = self.deck_total - r.deal_size * len(self.seats)
        self.discard: list[Card] = []
        self.copies: dict[Card, int] = {}
        self.direction = 1
        self.turn: str | None = None
        self.named_suit: str | None = None
        self.pending = 0
        self.pending_kind: str | None = None
        self.skips: dict[str, int] = {}
        self.status = "waiting"
        self.winner: str | None = None
        self.blocked = False
        # R4: per player with a last-card duty: "open" (window open, not announced),
        # "announced", "missed" (window closed unannounced: callable), "called".
        self.lk: dict[str, str] = {}
        self.owed: dict[str, int] = {}       # R6.2 owed draws
        self.idle: set[str] = set()          # R3.9 turns without a draw or play
        self.corrections = 0

    def _snapshot(self) -> tuple:
        """Every field that an entry may change (``_MUTABLE``), containers copied.

        Spelled out (here and in ``_restore``, in the order of ``_MUTABLE``): a
        loop over the names costs several times more.
        """
        return (self.active.copy(), self.left.copy(), self.counts.copy(), self.draw_pile,
                self.discard.copy(), self.copies.copy(), self.direction, self.turn,
                self.named_suit, self.pending, self.pending_kind, self.skips.copy(),
                self.status, self.winner, self.blocked, self.lk.copy(), self.owed.copy(),
                self.idle.copy(), self.corrections)

    def _restore(self, snap: tuple) -> None:
        (self.active, self.left, self.counts, self.draw_pile,
         self.discard, self.copies, self.direction, self.turn,
         self.named_suit, self.pending, self.pending_kind, self.skips,
         self.status, self.winner, self.blocked, self.lk, self.owed,
         self.idle, self.corrections) = snap

    @classmethod
    def replay(cls, rules: HouseRules, players: Iterable[str], dealer: str, number: int,
               log: Iterable[str], redo: Iterable[str] = ()) -> "Hand":
        """Rebuild a hand from its log (and redo stack).

        Raises ``ReplayError`` for the first logged line that no longer takes
        effect (a hand-edited save file).
        """
        hand = cls(rules, players, dealer, number)
        for i, line in enumerate(log):
            ruling = hand._apply_entry_text(line)
            if not ruling.logged:
                raise ReplayError(i, line, ruling.text)
            hand.log.append(line)
        hand.redo_stack = list(redo)
        hand.last_ruling = None
        return hand

    def _rebuild(self) -> None:
        log = self.log
        self._reset()
        self.log = []
        for line in log:
            self._apply_entry_text(line)
            self.log.append(line)

    # -- public API ---------------------------------------------------------
    def apply_line(self, text: str) -> Ruling:
        """Rule on one typed line (NOTATION.md "Entries") and apply it if allowed.

        Never raises for bad input: a line that is not notation is refused
        with kind ``"error"``.  A refused line changes nothing except the two
        effects of R0.4, which are logged.
        """
        try:
            line = parse_line(text)
        except NotationError as exc:
            ruling = Ruling(False, None, [Note(None, "engine.notation", {"error": str(exc)})],
                            kind="error")
            return ruling
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
                self.log.append(line.text.strip())
                self.redo_stack.clear()
        self.last_ruling = ruling
        return ruling

    def undo(self) -> Ruling:
        """Take back the last entry that took effect (NOTATION "undo"); R0.2 when none."""
        if self.scored:
            return Ruling(False, "R0.2", [Note("R0.2", "engine.undo.scored")], kind="undo")
        if not self.log:
            return Ruling(False, "R0.2", [Note("R0.2", "engine.undo.nothing")], kind="undo")
        line = self.log.pop()
        self.redo_stack.append(line)
        self._rebuild()
        return Ruling(True, "R0.2", [Note("R0.2", "engine.undo.done", {"line": line})],
                      kind="undo")

    def redo(self) -> Ruling:
        """Put back the last undone entry (NOTATION "redo"); R0.2 when none."""
        if not self.redo_stack:
            return Ruling(False, "R0.2", [Note("R0.2", "engine.redo.nothing")], kind="redo")
        line = self.redo_stack.pop()
        ruling = self._apply_entry_text(line)
        if not ruling.logged:
            self.redo_stack.clear()
            return Ruling(False, "R0.2", [Note("R0.2", "engine.redo.failed", {"line": line})],
                          kind="redo")
        self.log.append(line)
        ruling.notes.insert(0, ("R0.2", "engine.redo.done", {"line": line}))
        # The redo itself took effect, even when what it put back is a refusal
        # that the log keeps for its effect (R0.4).
        ruling.ok, ruling.rule, ruling.kind = True, "R0.2", "redo"
        return ruling

    def state(self) -> dict:
        """The NOTATION.md state object (plain JSON-ready dict)."""
        status = "scored" if self.scored else self.status
        return {
            "hand": self.number,
            "status": status,
            "dealer": self.dealer,
            "turn": self.turn if self.status == "playing" else None,
            "direction": "clockwise" if self.direction == 1 else "counterclockwise",
            "top": str(self.discard[-1]) if self.discard else None,
            "named_suit": self.named_suit,
            "pending_draw": self.pending,
            "skips": ({p: self.skips[p] for p in self.active if self.skips.get(p)}
                      if self.status == "playing" else {}),
            "counts": {p: self.counts[p] for p in self.active},
            "draw_pile": self.draw_pile,
            "discard_pile": len(self.discard),
            "announce_due": self.announce_due if self.status == "playing" else None,
            "callable": self.callable if self.status == "playing" else [],
            "winner": self.winner,
        }

    @property
    def top(self) -> Card | None:
        """The card on top of the discard pile, or None before the starter."""
        return self.discard[-1] if self.discard else None

    @property
    def announce_due(self) -> str | None:
        """The player whose "Laatste kaart!" window is open (R4.2), or None."""
        for p, s in self.lk.items():
            if s == "open":
                return p
        return None

    @property
    def callable(self) -> list[str]:
        """Players who may now be called for a forgotten last card (R4.3)."""
        return [p for p in self.active if self.lk.get(p) == "missed"]

    @property
    def exhausted(self) -> bool:
        """R3.6: the draw pile is empty and the discard pile holds only its top card."""
        return self.draw_pile == 0 and len(self.discard) <= 1

    def player(self, name: str) -> str | None:
        """The seated name matching ``name`` case-insensitively, or None (R1.1)."""
        return self._lower.get(name.lower())

    # -- line application ---------------------------------------------------
    def _apply_entry_text(self, text: str) -> Ruling:
        try:
            line = parse_line(text)
        except NotationError as exc:
            return Ruling(False, None, [Note(None, "engine.notation", {"error": str(exc)})],
                          kind="error")
        if line.kind != "entry":
            return Ruling(False, None, [Note(None, "engine.replay.not_entry")], kind="error")
        return self._apply_entry(line)

    def _apply_entry(self, line: Line) -> Ruling:
        """Rule on one parsed entry line and apply it if allowed (a refusal changes nothing but R0.4)."""
        ok, notes, logged, actor = self._rule_entry(line)
        # Who is to act next is told when the ruling is read (``Ruling.notes``).
        next_turn = (self.turn if ok and self.status == "playing" and not self.pending
                     and not self.free else None)
        # (Notes are read by position here: they are plain tuples, see ``Note``.  All
        # arguments by position: calling a class with keywords costs more.)
        return Ruling(ok, notes[0][0] if notes else None, notes, logged, "entry", None, "",
                      None, actor, next_turn)

    def _rule_entry(self, line: Line) -> tuple:
        """The work of ``_apply_entry``: ``(ok, notes, logged, actor)``, the ruling
        without the parts ``_apply_entry`` reads off the notes and the state after it
        (the rule cited is the first note's, ``notes[0][0]``; who is to act next).

        ``ok`` is False for a refusal, whose note comes first in ``notes``; ``notes``
        holds the sentences as plain tuples (see ``Note``); ``logged`` as in
        ``Ruling``; ``actor`` the player the entry was taken to be by.  For callers
        that need no ``Ruling`` object (the simulator).
        """
        notes: list = []
        snap = None  # the state to put back on a refusal, when needed (``_needs_snapshot``)
        actor = None
        lone = line.lone
        try:
            if lone is not None and not self.free:
                # The commonest entries, a lone play or draw of the player to act,
                # perhaps with "Laatste kaart!" (``line.announced``): as
                # ``_line_actor``, ``_needs_snapshot`` and ``_act_play``/``_act_draw``/
                # ``_act_announce`` would (whose turn check cannot fail here), with
                # fewer calls.
                if self.status != "playing" or self.scored:
                    self._check_status()
                actor = self.turn
                announced = line.announced
                if type(lone) is Play:
                    if announced and self.counts.get(actor, 0) <= 1:
                        snap = self._snapshot()  # (the play may end the hand: R6.1)
                    self._do_play(actor, lone.card, lone.suit, notes, False)
                else:
                    if lone.card is not None and not self.draw_pile:
                        snap = self._snapshot()
                    self._do_draw(actor, lone, notes)
                if announced:
                    if self.status != "playing" or self.scored:
                        self._check_status()
                    self._do_announce(actor, notes)
            else:
                actions = line.actions
                actor = self._line_actor(line)  # (checks only: changes nothing)
                if self._needs_snapshot(actions, actor):
                    snap = self._snapshot()
                prefixed = line.player is not None
                for action in actions:
                    _ACTIONS[type(action)](self, action, actor, prefixed, notes)
        except Refusal as refusal:
            if snap is not None:
                self._restore(snap)
            notes = [refusal.note]
            logged = self._refusal_effect(refusal.note, actor, notes)
            return False, notes, logged, actor
        if self.draw_pile == 0:
            self._check_blocked(notes)
        return True, notes, True, actor

    def _needs_snapshot(self, actions: tuple, actor: str | None) -> bool:
        """Whether ``actions`` may change the state and still be refused (R0.3: then
        nothing may have changed), so that a snapshot must be put back.

        A single action checks everything before it changes anything, except a
        correction and a card drawn and played onto an empty draw pile (the
        reshuffle comes first).  Of several actions a later one may be refused
        after an earlier one took effect, except "Laatste kaart!" after a play
        or draw that cannot end the hand (it is refused only once the hand is
        over, R6.1): the commonest line of two, ``7h lk``.
        """
        first = actions[0]
        kind = type(first)
        if kind is Draw and first.card is not None and not self.draw_pile:
            return True
        if len(actions) == 1:
            return kind is Fix
        return not (len(actions) == 2 and type(actions[1]) is Announce
                    and (kind is Draw or (kind is Play and self.counts.get(actor, 0) > 1)))

    def _line_actor(self, line: Line) -> str | None:
        """Who the line belongs to (NOTATION "Who an entry belongs to"), checked per R0.3."""
        first = line.actions[0]
        kind = type(first)  # (the action classes have no subclasses)
        named = None
        if line.player is not None:
            named = self.player(line.player)
            if named is None:
                raise Refusal("R1.1", "engine.refuse.unknown_player", name=line.player)
        if kind is Call or kind is Leave or kind is Fix:
            target = self.player(first.target)
            if target is None:
                raise Refusal("R1.1", "engine.refuse.unknown_player", name=first.target)
        if kind is Start:
            return named if named is not None else self.dealer
        if self.status != "playing" or self.scored:
            self._check_status()
        if named is not None and named in self.left:
            raise Refusal("R1.5", "engine.refuse.left", name=named)
        if kind is Leave or kind is Fix:
            return named
        if kind is Call:
            target = self.player(first.target)
            if target in self.left:
                raise Refusal("R1.5", "engine.refuse.left", name=target)
        if self.free:
            if named is None:
                raise Refusal("R8.4", "engine.refuse.free_no_player")
            return named
        if kind is Call:
            return named
        if kind is Announce:
            return named if named is not None else (self.announce_due or self.turn)
        return named if named is not None else self.turn

    def _check_status(self) -> None:
        if self.status == "waiting":
            raise Refusal("R2.3", "engine.refuse.waiting")
        if self.status == "over" or self.scored:
            raise Refusal("R6.1", "engine.refuse.over")

    # One method per kind of action, in ``_ACTIONS`` (below the class): the
    # checks of R0.3 that belong to the action, then its effect.
    # (A play or a draw calls the status and turn checks only when they can
    # refuse: a hand being played, the player to act in seated order.)
    def _act_play(self, action: Play, actor, prefixed: bool, notes: list) -> None:
        if self.status != "playing" or self.scored:
            self._check_status()
        if self.free or actor != self.turn:
            self._check_turn(actor)
        self._do_play(actor, action.card, action.suit, notes, False)

    def _act_draw(self, action: Draw, actor, prefixed: bool, notes: list) -> None:
        if self.status != "playing" or self.scored:
            self._check_status()
        if self.free or actor != self.turn:
            self._check_turn(actor)
        self._do_draw(actor, action, notes)

    def _act_announce(self, action: Announce, actor, prefixed: bool, notes: list) -> None:
        if self.status != "playing" or self.scored:
            self._check_status()
        self._do_announce(actor, notes)

    def _act_call(self, action: Call, actor, prefixed: bool, notes: list) -> None:
        target = self.player(action.target)
        if target is None:
            raise Refusal("R1.1", "engine.refuse.unknown_player", name=action.target)
        self._check_status()
        if target in self.left:
            raise Refusal("R1.5", "engine.refuse.left", name=target)
        self._do_call(actor, target, prefixed, notes)

    def _act_leave(self, action: Leave, actor, prefixed: bool, notes: list) -> None:
        self._do_leave(self.player(action.target), notes)

    def _act_start(self, action: Start, actor, prefixed: bool, notes: list) -> None:
        self._do_start(actor, action.card, notes)

    def _act_fix(self, action: Fix, actor, prefixed: bool, notes: list) -> None:
        self._do_fix(action, notes)

    # -- refusals with an effect (R0.4) -------------------------------------
    def _refusal_effect(self, note: Note, actor: str | None, notes: list) -> bool:
        """R0.4: the effects a refusal still has; True when the entry is logged for them.

        ``notes`` holds the refusal's ``note`` first; an illegal-play penalty
        (R3.8) replaces it with the same sentence citing R3.8.
        """
        if note.rule == "R6.2" and note.key == "engine.refuse.finish_on_action" and actor:
            self.owed[actor] = self.rules.finish_on_action_draw
            notes.append(("R6.2", "engine.effect.owed_draw",
                          {"name": actor, "n": self.rules.finish_on_action_draw}))
            return True
        if (note.rule in ("R3.1", "R3.3", "R5.7") and note.key.startswith("engine.refuse.match")
                or note.key in ("engine.refuse.must_stack", "engine.refuse.must_draw",
                             "engine.refuse.pending_draw_play")) and actor and \
                self.rules.illegal_play_penalty > 0:
            n = self.rules.illegal_play_penalty
            notes[0] = Note("R3.8", note.key, note.fields, ("illegal_play_penalty", n))
            notes.append(("R3.8", "engine.effect.illegal_play_penalty",
                          {"name": actor, "n": n}, ("illegal_play_penalty", n)))
            self._take(actor, n, notes, applied=True)
            self._check_blocked(notes)
            return True
        return False

    # -- checks (R0.3 order) ------------------------------------------------
    def _check_turn(self, player: str | None) -> None:
        """R3.7: whose turn it is (free order: nobody may act over a pending penalty)."""
        if self.free:
            if self.pending and player != self.turn:
                raise Refusal("R3.7", "engine.refuse.free_pending", name=player,
                              turn=self.turn, n=self.pending)
            return
        if player != self.turn:
            raise Refusal("R3.7", "engine.refuse.turn", name=player, turn=self.turn)

    def _check_deck(self, card: Card) -> None:
        """R1.3 (no Jokers in this game) and R1.4 (no more copies than the decks hold)."""
        if card.rank == JOKER and not self.rules.jokers:
            raise Refusal("R1.3", "engine.refuse.no_jokers", house=("jokers", False))
        if self.copies.get(card, 0) >= (2 * self.decks if card.rank == JOKER else self.decks):
            alt = self._mis_entry_hint(card)
            if alt:
                raise Refusal("R1.4", "engine.refuse.identity_hint", card=card, alt=alt)
            raise Refusal("R1.4", "engine.refuse.identity", card=card)

    def _mis_entry_hint(self, card: Card) -> str:
        if card.rank == JOKER:
            return ""
        for s in ("h", "d", "c", "s"):
            alt = Card(card.rank, s)
            if s != card.suit and self.copies.get(alt, 0) < self.decks:
                return alt.pretty()
        return ""

    def _check_pending(self, card: Card) -> None:
        """R5.7: facing a pending penalty, only a card that stacks on it."""
        if not self.pending:
            return
        if not self._stacks(card):
            mode = self.rules.stacking
            house = ("stacking", mode) if mode != "same" else None
            key = "engine.refuse.must_draw" if mode == "none" else "engine.refuse.must_stack"
            raise Refusal("R5.7", key, house=house, card=card,
                          n=self.pending, allowed=self._stack_options())
        return

    def _stacks(self, card: Card) -> bool:
        mode = self.rules.stacking
        if mode == "none" or card.rank not in PENALTY_RANKS:
            return False
        if mode == "cumulative":
            return True
        return card.rank == self.pending_kind

    def _stack_options(self) -> str:
        """What may be stacked on the pending penalty, in words (R5.7, ``stacking``)."""
        return messages.t(self._stack_key())

    def _stack_key(self) -> str:
        mode = self.rules.stacking
        if mode == "none":
            return "engine.words.nothing"
        if mode == "cumulative":
            return "engine.words.two_or_joker"
        return "engine.words.a_two" if self.pending_kind == "2" else "engine.words.a_joker"

    def _match_error(self, card: Card) -> Refusal | None:
        """R3.1-R3.3 (and ``jack_wild``/``jack_on_jack``): None when ``card`` may go on the top card."""
        discard = self.discard
        if card.rank == JOKER or not discard:
            return None
        top = discard[-1]
        if top.rank == JOKER:
            return None
        if card.rank == "J" and self.rules.jack_wild:
            return None
        if self.named_suit is not None:
            if card.suit == self.named_suit:
                return None
            if card.rank == "J" and top.rank == "J" and self.rules.jack_on_jack:
                return None
            return Refusal("R3.3", "engine.refuse.match_named", card=card,
                           suit=SUIT_NAMES[self.named_suit], allowed=self._allowed_text())
        if card.suit == top.suit or card.rank == top.rank:
            return None
        return Refusal("R3.1", "engine.refuse.match", card=card, top=top,
                       allowed=self._allowed_text())

    def _allowed_text(self) -> str:
        """What may go on the top card now, as a rule (never guessing the hand)."""
        top = self.top
        if top is None:
            return ""
        parts = []
        if self.named_suit:
            parts.append(messages.t("engine.words.any_suit", suit=SUIT_NAMES[self.named_suit]))
            if self.rules.jack_on_jack or self.rules.jack_wild:
                parts.append(messages.t("engine.words.a_jack"))
        elif top.rank == JOKER:
            return messages.t("engine.words.any_card")
        else:
            parts.append(messages.t("engine.words.any_suit", suit=SUIT_NAMES[top.suit]))
            parts.append(messages.t("engine.words.any_rank", rank=_rank_word(top.rank)))
            if self.rules.jack_wild and top.rank != "J":
                parts.append(messages.t("engine.words.a_jack"))
        if self.rules.jokers:
            parts.append(messages.t("engine.words.a_joker"))
        return messages.t("engine.words.or_list", head=", ".join(parts[:-1]), last=parts[-1]) \
            if len(parts) > 1 else parts[0]

    def _check_play(self, player: str, card: Card, suit: str | None, count_after: int) -> None:
        """Every check of R0.3 from the deck on, for a play by the player to act."""
        rank = card.rank
        if rank == JOKER or self.copies.get(card, 0) >= self.decks:
            self._check_deck(card)  # (it refuses nothing else)
        if self.pending:
            self._check_pending(card)
        discard = self.discard
        top = discard[-1] if discard else None
        if (self.named_suit is not None or top is None
                or (card.suit != top.suit and rank != top.rank)):
            # Anything but the plain match of R3.1 (suit or rank of the top card).
            err = self._match_error(card)
            if err is not None and not (self.pending and self._stacks(card)):
                raise err
        if rank == "J" and suit is None and count_after > 0 and self._has_effect(card):
            raise Refusal("R5.4", "engine.refuse.jack_suit", card=card)
        if count_after == 0 and self._has_effect(card) and not self.rules.finish_on_action:
            raise Refusal("R6.2", "engine.refuse.finish_on_action", card=card, name=player)

    def _has_effect(self, card: Card) -> bool:
        return card.rank in self.action_ranks

    # -- plays --------------------------------------------------------------
    def _do_play(self, player: str, card: Card, suit: str | None, notes: list,
                 drawn: bool) -> None:
        """``player`` plays ``card`` (naming ``suit`` with a Jack): checks, then applies (R6.1).

        ``drawn``: the card was just drawn to be played (R3.4, ``_do_draw``), which
        checked it before the draw.
        """
        counts = self.counts
        count_after = counts[player] - 1
        copies = self.copies
        held = copies.get(card, 0)  # copies of the card on the discard pile (R1.4)
        discard = self.discard
        plain = card.rank not in self.action_ranks
        if not drawn:
            # ``_check_play`` is skipped only where it can refuse nothing: a card
            # without an effect (not a Joker, R1.3; no Jack's suit, R5.4; not out on
            # an action card, R6.2) with a copy still out of the discard pile (R1.4),
            # no penalty pending (R5.7) and no suit named (R3.3), of the top card's
            # suit or rank (R3.1).
            top = discard[-1] if discard else None
            if not (plain and top is not None and held < self.decks and not self.pending
                    and self.named_suit is None
                    and (card.suit == top.suit or card.rank == top.rank)):
                self._check_play(player, card, suit, count_after)
        # Apply.
        counts[player] = count_after
        discard.append(card)
        copies[card] = held + 1
        self.named_suit = None
        if self.idle:
            self.idle.clear()
        if self.owed:
            self.owed.pop(player, None)
        if self.lk:
            if "open" in self.lk.values():
                self._close_windows(player)
            self._lapse(player)
        if count_after < 2:
            if count_after == 0:
                self.status, self.winner, self.turn = "over", player, None
                self.pending, self.pending_kind = 0, None
                notes.append(("R6.1", "engine.win", {"name": player, "card": card}))
                return
            self.lk[player] = "open"
        if not plain:
            self._effect(player, card, suit, notes)
            return
        notes.append(("R3.1", "engine.play", {"name": player, "card": card}))
        if self.skips or self.free:
            self._pass(player)
        else:
            # ``_pass`` with no skips to use, in seated order: the next seat.
            seats = self.active
            self.turn = seats[(seats.index(player) + self.direction) % len(seats)]

    def _effect(self, player: str, card: Card, suit: str | None, notes: list) -> None:
        """The effect of an action card just played (R5.1-R5.10, R8.4); passes the turn."""
        rank = card.rank
        r = self.rules
        if rank == "2" or rank == JOKER:
            if rank == "2":
                self.pending += 2
            elif self.pending and r.joker_stack == "double" and self.pending_kind == JOKER:
                self.pending *= 2
            else:
                self.pending += r.joker_penalty
            self.pending_kind = rank
            rule = "R5.1" if rank == "2" else "R5.6"
            self._aim_penalty(player, card, rule, notes)
        elif rank == "7":
            self.turn = player
            notes.append(("R5.2", "engine.effect.seven", {"name": player, "card": card}))
        elif rank == "8":
            lost = self._next_seat(player)
            self._pass(player, lose_next=True)
            key = "engine.effect.eight_two" if len(self.active) == 2 else "engine.effect.eight"
            notes.append(("R5.3", key, {"name": player, "card": card, "lost": lost,
                                        "turn": self.turn}))
        elif rank == "J":
            self.named_suit = suit
            notes.append(("R5.4", "engine.effect.jack",
                          {"name": player, "card": card, "suit": SUIT_NAMES[suit]}))
            self._pass(player)
        elif rank == "A":
            self.direction = -self.direction
            direction = _Words("engine.words.clockwise" if self.direction == 1
                               else "engine.words.counterclockwise")
            if len(self.active) == 2 and not self.free:
                self.turn = player
                notes.append(("R5.5", "engine.effect.ace_two", {"name": player, "card": card}))
            else:
                self._pass(player)
                notes.append(("R5.5", "engine.effect.ace",
                              {"name": player, "card": card, "direction": direction}))
        elif rank == "K":
            self._king(player, card, notes)
        elif rank == "4":
            victim = self._next_seat(player)
            self.skips[victim] = self.skips.get(victim, 0) + 2
            self._pass(player)
            notes.append(("R5.9", "engine.effect.four", {"name": player, "card": card,
                                                         "victim": victim},
                          ("four", r.four)))
        elif rank == "5":
            notes.append(("R5.10", "engine.effect.five", {"name": player, "card": card},
                          ("five", r.five)))
            p = player
            for _ in range(len(self.active) - 1):
                p = self._next_seat(p)
                self._take(p, 1, notes, applied=True)
            self._pass(player)
        else:  # pragma: no cover - every action rank is handled above
            self._pass(player)

    def _king(self, player: str, card: Card, notes: list) -> None:
        r = self.rules
        if r.king == "draw_one":
            victim = self._next_seat(player)
            notes.append(("R5.8", "engine.effect.king_draw", {"name": player, "card": card,
                                                              "victim": victim},
                          ("king", r.king)))
            self._take(victim, 1, notes, applied=True)
            self._pass(player)
        else:  # reverse_skip
            self.direction = -self.direction
            if self.free:
                notes.append(("R5.8", "engine.effect.king_reverse_free",
                              {"name": player, "card": card}, ("king", r.king)))
                return
            lost = self._next_seat(player)
            self._pass(player, lose_next=True)
            notes.append(("R5.8", "engine.effect.king_reverse_skip",
                          {"name": player, "card": card, "lost": lost, "turn": self.turn},
                          ("king", r.king)))

    def _aim_penalty(self, player: str, card: Card, rule: str, notes: list) -> None:
        """A draw penalty falls on the next seat (R5.1, R5.6, R5 preamble, R8.4)."""
        target = self._next_seat(player)
        if not self.free and self.skips.get(target, 0) > 0:
            n = self.pending
            notes.append((rule, "engine.effect.penalty_at_once",
                          {"name": player, "card": card, "victim": target, "n": n}))
            self.pending, self.pending_kind = 0, None
            self._take(target, n, notes, applied=True)
            self._use_skip(target, notes)
            self.turn = target
            self._pass(target)
            return
        self.turn = target
        key = "engine.effect.two" if card.rank == "2" else "engine.effect.joker"
        house = None
        if self.rules.stacking == "none":
            key, house = key + "_nostack", ("stacking", "none")
        notes.append((rule, key, {"name": player, "card": card, "victim": target,
                                  "n": self.pending, "stack": _Words(self._stack_key())},
                      house))

    # -- turn order ---------------------------------------------------------
    def _next_seat(self, player: str) -> str:
        """The next seat in the current direction among players still in the hand."""
        seats = self.active
        return seats[(seats.index(player) + self.direction) % len(seats)]

    def _use_skip(self, player: str, notes: list | None = None) -> None:
        left = self.skips.get(player, 0) - 1
        if left > 0:
            self.skips[player] = left
        else:
            self.skips.pop(player, None)

    def _pass(self, player: str, lose_next: bool = False) -> None:
        """Pass the turn on from ``player`` (R1.2, R5.3, R5.9).

        ``lose_next``: the next seat loses this turn (an Eight, a King's skip),
        which uses none of its skips.  Every other seat the turn reaches with
        skips left uses one and is passed.  In free order there is no turn.
        """
        if self.free:
            self.turn = None
            return
        seats = self.active
        n = len(seats)
        i = (seats.index(player) + self.direction) % n
        if lose_next:
            i = (i + self.direction) % n
        if not self.skips:
            self.turn = seats[i]
            return
        for _ in range(64 * n):
            p = seats[i]
            if self.skips.get(p, 0) > 0:
                self._use_skip(p)
                i = (i + self.direction) % n
                continue
            self.turn = p
            return
        self.turn = seats[i]  # pragma: no cover - skips always run out

    # -- draws --------------------------------------------------------------
    def _take(self, player: str, n: int, notes: list, applied: bool,
              reshuffle: bool = False) -> int:
        """``player`` draws up to ``n`` cards (R3.5 reshuffle, R3.6 exhausted piles).

        ``applied``: a draw the referee applies (told to the table).  Returns the
        number of cards actually drawn.
        """
        if n <= self.draw_pile and not reshuffle:
            # Enough cards on the draw pile: no reshuffle, nothing runs out.
            if n:
                self.draw_pile -= n
                self.counts[player] += n
                if self.lk:
                    self._lapse(player)
                if applied:
                    notes.append((None, "engine.effect.applied_draw",
                                  {"name": player, "n": n}))
            return n
        got = 0
        while got < n or reshuffle:
            reshuffle = False
            if self.draw_pile == 0:
                if len(self.discard) <= 1:
                    break
                top = self.discard[-1]
                moved = len(self.discard) - 1
                self.draw_pile = moved
                self.discard = [top]
                self.copies = {top: 1}
                notes.append(("R3.5", "engine.effect.reshuffle", {"n": moved}))
            take = min(n - got, self.draw_pile)
            self.draw_pile -= take
            got += take
        if got:
            self.counts[player] += got
            self._lapse(player)
        if applied and got:
            notes.append((None, "engine.effect.applied_draw", {"name": player, "n": got}))
        if got < n:
            notes.append(("R3.6", "engine.effect.exhausted",
                          {"name": player, "n": n - got, "got": got}))
        return got

    def _do_draw(self, player: str, action: Draw, notes: list) -> None:
        r = self.rules
        card = action.card
        if card is not None:
            if self.draw_pile == 0 and not self.pending:
                self._take(player, 0, notes, applied=False, reshuffle=True)
            if card.rank == JOKER or self.copies.get(card, 0) >= self.decks:
                self._check_deck(card)  # (as in ``_check_play``: it refuses nothing else)
            if self.pending:
                raise Refusal("R5.7", "engine.refuse.pending_draw_play", card=action.card,
                              n=self.pending)
            if not r.draw_then_play:
                raise Refusal("R3.4", "engine.refuse.no_draw_then_play",
                              house=("draw_then_play", False))
            owed = self.owed.get(player)
            if owed is not None and owed != 1:
                raise Refusal("R6.2", "engine.refuse.owed_many", n=owed,
                              house=("finish_on_action_draw", owed))
            if not self.draw_pile and self.exhausted:
                raise Refusal("R3.6", "engine.refuse.nothing_to_draw")
            # The drawn card must be playable (R3.4): check before drawing.  (As in
            # ``_do_play``, ``_check_play`` is skipped where it can refuse nothing: the
            # copies and the penalty are checked above; a card without an effect, no
            # suit named, of the top card's suit or rank.)
            top = self.discard[-1] if self.discard else None
            if not (card.rank not in self.action_ranks and top is not None
                    and self.named_suit is None
                    and (card.suit == top.suit or card.rank == top.rank)):
                self._check_play(player, card, action.suit, self.counts[player])
            if self.lk and "open" in self.lk.values():
                self._close_windows(player)
            if self.owed:
                self.owed.pop(player, None)
            # One card off the draw pile (``_take``'s first case: the pile has it, else
            # it was reshuffled above or the entry refused; not applied: the player drew).
            self.draw_pile -= 1
            self.counts[player] += 1
            if self.lk:
                self._lapse(player)
            notes.insert(0, ("R3.4", "engine.draw_play", {"name": player, "card": card}))
            self._do_play(player, card, action.suit, notes, True)  # (drawn: checked above)
            return
        if self.lk and "open" in self.lk.values():
            self._close_windows(player)
        if self.pending:
            n = self.pending
            self.pending, self.pending_kind = 0, None
            self.owed.pop(player, None)
            got = self._take(player, n, notes, applied=False)
            notes.insert(0, ("R5.7", "engine.draw_penalty", {"name": player, "n": got}))
            if got == 0:
                self.idle.add(player)
            if r.penalty_ends_turn:
                self._pass(player)
            else:
                self.turn = player if not self.free else None
                notes.append(("R5.7", "engine.effect.penalty_plays_on", {"name": player},
                              ("penalty_ends_turn", False)))
            return
        owed = self.owed.pop(player, None) if self.owed else None
        if owed is None and self.draw_pile:
            # The commonest draw: one card off a draw pile that has it (``_take``'s
            # first case: no reshuffle, nothing runs out, no sentence of its own).
            self.draw_pile -= 1
            self.counts[player] += 1
            if self.lk:
                self._lapse(player)
            notes.insert(0, ("R3.4", "engine.draw", {"name": player}))
        else:
            n = owed if owed is not None else 1
            got = self._take(player, n, notes, False)  # (not applied: the player drew)
            if owed is not None:
                notes.insert(0, ("R6.2", "engine.draw_owed", {"name": player, "n": got}))
            else:
                notes.insert(0, ("R3.4", "engine.draw", {"name": player}))
            if got == 0:
                self.idle.add(player)
        if self.skips or self.free:
            self._pass(player)
        else:
            # ``_pass`` with no skips to use, in seated order: the next seat.
            seats = self.active
            self.turn = seats[(seats.index(player) + self.direction) % len(seats)]

    # -- last card (R4) -----------------------------------------------------
    def _close_windows(self, actor: str) -> None:
        """Another player acted (a play or a typed draw): open windows close (R4.2)."""
        for p, s in self.lk.items():
            if s == "open" and p != actor:
                self.lk[p] = "missed"

    def _lapse(self, player: str) -> None:
        """R4.5: the duty and the chance to call end when the count changes."""
        self.lk.pop(player, None)

    def _do_announce(self, player: str | None, notes: list) -> None:
        state = self.lk.get(player) if player else None
        if state == "open":
            self.lk[player] = "announced"
            notes.append(("R4.1", "engine.announce", {"name": player}))
        elif state == "missed":
            notes.append(("R4.2", "engine.announce.late", {"name": player}))
        elif state == "announced":
            notes.append(("R4.1", "engine.announce.again", {"name": player}))
        else:
            notes.append(("R4.1", "engine.announce.none", {"name": player or "?"}))

    def _do_call(self, caller: str | None, target: str, prefixed: bool, notes: list) -> None:
        r = self.rules
        if caller == target:
            raise Refusal("R4.4", "engine.refuse.call_self", name=target)
        if caller is None and r.false_call_penalty > 0:
            raise Refusal("R4.4", "engine.refuse.call_unnamed", n=r.false_call_penalty,
                          house=("false_call_penalty", r.false_call_penalty))
        state = self.lk.get(target)
        if state == "missed" and self.counts.get(target) == 1:
            self.lk[target] = "called"
            n = r.last_card_penalty
            house = ("last_card_penalty", n) if n != 2 else None
            notes.append(("R4.3", "engine.call.hit", {"name": target, "n": n}, house))
            self._take(target, n, notes, applied=False)
            return
        if state == "open":
            notes.append(("R4.2", "engine.call.premature", {"name": target}))
            return
        if state == "announced":
            key = "engine.call.void_announced"
        elif state == "called":
            key = "engine.call.void_called"
        else:
            key = "engine.call.void_count"
        notes.append(("R4.4", key, {"name": target, "n": self.counts.get(target, 0)}))
        if caller is not None and r.false_call_penalty > 0:
            n = r.false_call_penalty
            notes.append(("R4.4", "engine.effect.false_call",
                          {"name": caller, "n": n}, ("false_call_penalty", n)))
            self._take(caller, n, notes, applied=True)

    # -- leaving (R1.5) -----------------------------------------------------
    def _do_leave(self, target: str, notes: list) -> None:
        if target in self.left:
            raise Refusal("R1.5", "engine.refuse.left", name=target)
        cards = self.counts.pop(target)
        self.draw_pile += cards
        was_turn = self.turn == target
        facing = was_turn and self.pending
        nxt = self._next_seat(target) if len(self.active) > 1 else None
        self.active.remove(target)
        self.left.append(target)
        self.skips.pop(target, None)
        self.lk.pop(target, None)
        self.owed.pop(target, None)
        self.idle.discard(target)
        notes.append(("R1.5", "engine.leave", {"name": target, "n": cards}))
        if facing:
            self.pending, self.pending_kind = 0, None
            notes.append(("R1.5", "engine.effect.penalty_lapses", {"name": target}))
        if len(self.active) == 1:
            self.status, self.winner, self.turn = "over", self.active[0], None
            self.pending, self.pending_kind = 0, None
            notes.append(("R1.5", "engine.win_last", {"name": self.winner}))
            return
        if was_turn:
            if self.free:
                self.turn = None
            elif self.skips.get(nxt, 0) > 0:
                self._use_skip(nxt)
                self._pass(nxt)
            else:
                self.turn = nxt
            if self.turn:
                notes.append(("R1.5", "engine.effect.turn_to", {"name": self.turn}))

    # -- the starter (R2.3-R2.5) --------------------------------------------
    def _do_start(self, named: str | None, card: Card, notes: list) -> None:
        if self.status == "over" or self.scored:
            raise Refusal("R6.1", "engine.refuse.over")
        if self.status != "waiting":
            raise Refusal("R2.3", "engine.refuse.started")
        if named != self.dealer:
            raise Refusal("R2.3", "engine.refuse.start_dealer", name=named, dealer=self.dealer)
        self._check_deck(card)
        self.draw_pile -= 1
        self.discard = [card]
        self.copies = {card: 1}
        self.status = "playing"
        first = self._next_seat(self.dealer)
        self.turn = None if self.free else first
        applies = self.rules.start_card == "applies"
        rank = card.rank
        action = rank in self.action_ranks or rank in ("7", "8", "4")
        if applies and rank in ("2", JOKER, "8", "A"):
            house = ("start_card", "applies")
            if rank in ("2", JOKER):
                self.pending = 2 if rank == "2" else self.rules.joker_penalty
                self.pending_kind = rank
                self.turn = first
                notes.append(("R2.4", "engine.start.penalty",
                              {"card": card, "victim": first, "n": self.pending}, house))
            elif rank == "8":
                if not self.free:
                    self._pass(self.dealer, lose_next=True)
                notes.append(("R2.4", "engine.start.eight",
                              {"card": card, "lost": first, "turn": self.turn or "-"}, house))
            else:
                self.direction = -1
                if not self.free:
                    self.turn = self._next_seat(self.dealer)
                notes.append(("R2.4", "engine.start.ace",
                              {"card": card, "turn": self.turn or "-"}, house))
            return
        if self.free:
            key = "engine.start.free_no_effect" if action else "engine.start.free_plain"
            notes.append(("R2.4" if action else "R2.3", key, {"card": card}))
            notes.append(("R8.4", "engine.start.free"))
        elif action:
            notes.append(("R2.4", "engine.start.no_effect", {"card": card, "turn": self.turn}))
        else:
            notes.append(("R2.3", "engine.start", {"card": card, "turn": self.turn}))

    # -- corrections (R0.2) -------------------------------------------------
    def _do_fix(self, fix: Fix, notes: list) -> None:
        target = self.player(fix.target)
        if target in self.left:
            raise Refusal("R1.5", "engine.refuse.left", name=target)
        self.corrections += 1
        if fix.what == "draw":
            got = self._take(target, fix.amount, [], applied=False)
            notes.append(("R0.2", "engine.fix.draw", {"name": target, "n": got}))
        elif fix.what == "count":
            old = self.counts[target]
            diff = fix.amount - old
            if diff > self.draw_pile:
                raise Refusal("R0.2", "engine.refuse.fix_count", name=target, n=fix.amount,
                              pile=self.draw_pile)
            self.counts[target] = fix.amount
            self.draw_pile -= diff
            if diff:
                self._lapse(target)
            notes.append(("R0.2", "engine.fix.count", {"name": target, "n": fix.amount,
                                                       "old": old}))
            if fix.amount == 0:
                self.status, self.winner, self.turn = "over", target, None
                notes.append(("R6.1", "engine.win", {"name": target, "card": "-"}))
        else:
            card = fix.card
            self._check_deck(card)
            if self.counts[target] < 1:
                raise Refusal("R0.2", "engine.refuse.fix_play", name=target)
            self.counts[target] -= 1
            self.discard.append(card)
            self.copies[card] = self.copies.get(card, 0) + 1
            self.named_suit = fix.suit if card.rank == "J" else None
            self.idle.clear()
            self._lapse(target)
            notes.append(("R0.2", "engine.fix.play", {"name": target, "card": card}))
            if self.counts[target] == 0:
                self.status, self.winner, self.turn = "over", target, None
                notes.append(("R6.1", "engine.win", {"name": target, "card": card}))

    # -- the blocked hand (R3.9) --------------------------------------------
    def _check_blocked(self, notes: list) -> None:
        if self.status != "playing" or not self.exhausted:
            return
        if all(p in self.idle for p in self.active):
            self.status, self.blocked, self.turn = "over", True, None
            self.pending, self.pending_kind = 0, None
            notes.append(("R3.9", "engine.blocked"))

    # -- queries -------------------------------------------------------------
    def query(self, line: Line) -> Ruling:
        """Answer a query (``state``, ``check CARD``, ``why``); others go to the session.

        Queries change nothing and are always ``ok``.
        """
        q = line.query
        if q == "state":
            return Ruling(True, None, [Note(None, "engine.query.state",
                                            {"summary": self.summary()})],
                          kind="query", query=q)
        if q == "check":
            return self.check(line.arg, line.player)
        if q == "why":
            return self.why()
        return Ruling(True, None, [], kind="query", query=q, arg=line.arg)

    def summary(self) -> str:
        """One or two sentences on the state of the hand, for players."""
        if self.status == "waiting":
            return messages.t("engine.summary.waiting", dealer=self.dealer)
        if self.status == "over" or self.scored:
            if self.blocked:
                return messages.t("engine.summary.blocked")
            return messages.t("engine.summary.over", winner=self.winner)
        parts = [messages.t("engine.summary.top", top=self.top.pretty())]
        if self.named_suit:
            parts.append(messages.t("engine.summary.named", suit=SUIT_NAMES[self.named_suit]))
        if self.turn:
            if self.pending:
                key = ("engine.summary.pending_nostack" if self.rules.stacking == "none"
                       else "engine.summary.pending")
                parts.append(messages.t(key, turn=self.turn, n=self.pending,
                                        stack=self._stack_options()))
            else:
                parts.append(messages.t("engine.summary.turn", turn=self.turn))
        else:
            parts.append(messages.t("engine.summary.free"))
        return " ".join(parts)

    def check(self, arg: str, player: str | None = None) -> Ruling:
        """``check CARD``: would ``CARD`` be legal now for the player to act? Changes nothing."""
        tokens = arg.split()
        card = try_card(tokens[0]) if tokens else None
        if card is None:
            return Ruling(True, None, [Note(None, "engine.check.usage")], kind="query",
                          query="check", data={"legal": False})
        suit = None
        if len(tokens) > 1:
            from .cards import parse_suit
            suit = parse_suit(tokens[1])
        who = None
        snap = self._snapshot()
        try:
            self._check_status()
            if player is not None:
                who = self.player(player)
                if who is None:
                    raise Refusal("R1.1", "engine.refuse.unknown_player", name=player)
                if who in self.left:
                    raise Refusal("R1.5", "engine.refuse.left", name=who)
            elif not self.free or self.pending:
                who = self.turn
            if who is not None:
                self._check_turn(who)
                count_after = self.counts[who] - 1
            else:
                # Snel pesten, nobody named: would the card fit for anyone?
                count_after = 1
            self._check_play(who or "?", card, suit or ("h" if card.rank == "J" else None),
                             count_after)
        except Refusal as refusal:
            self._restore(snap)
            note = refusal.note
            return Ruling(True, note.rule, [Note(note.rule, "engine.check.illegal",
                                                 {"card": card, "why": note.text(),
                                                  "allowed": self._legal_text()})],
                          kind="query", query="check",
                          data={"legal": False, "card": str(card)})
        rule = self._card_rule(card)
        key = "engine.check.legal" if who else "engine.check.legal_anyone"
        return Ruling(True, rule, [Note(rule, key, {"card": card, "name": who})],
                      kind="query", query="check", data={"legal": True, "card": str(card)})

    def _card_rule(self, card: Card) -> str:
        if self.pending:
            return "R5.7"
        if card.rank == JOKER:
            return "R3.2"
        return "R3.3" if self.named_suit else "R3.1"

    def _legal_text(self) -> str:
        if self.status != "playing":
            return messages.t("engine.words.nothing")
        if self.pending:
            if self.rules.stacking == "none":
                return messages.t("engine.check.pending_draw", n=self.pending)
            return messages.t("engine.check.pending_options", stack=self._stack_options(),
                              n=self.pending)
        return self._allowed_text()

    def why(self) -> Ruling:
        """``why``: the reasoning behind the last ruling, with rule ids and house rules."""
        last = self.last_ruling
        if last is None or not last.notes:
            return Ruling(True, None, [Note(None, "engine.why.nothing")], kind="query",
                          query="why")
        notes = []
        for n in last.notes:
            if n.rule is None and n.house is None:
                continue
            house = (messages.t("engine.why.house", key=n.house[0], value=_toml_value(n.house[1]))
                     if n.house else "")
            text = n.text()
            if n.rule and text.endswith(f" ({n.rule})."):
                text = text[:-len(f" ({n.rule}).")] + "."
            notes.append((n.rule, "engine.why.line",
                          {"rule": n.rule or "-", "text": text, "house": house}))
        if not notes:
            notes = [Note(None, "engine.why.nothing")]
        return Ruling(True, last.rule, notes, kind="query", query="why")


_ACTIONS = {Play: Hand._act_play, Draw: Hand._act_draw, Announce: Hand._act_announce,
            Call: Hand._act_call, Leave: Hand._act_leave, Start: Hand._act_start,
            Fix: Hand._act_fix}
"""Each kind of action (``notation``) -> the ``Hand`` method applying it."""


def _rank_word(rank: str) -> str:
    return messages.t(f"engine.rank.{rank}")


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)
