"""The simulator's cross-check: random house-rule files, real cards, every entry checked.

``cross_check(seeds)`` plays one hand per seed under a random house-rule file
(``referee.simulator.tables``: every ``[actions]`` effect, lists, ``[stacking]``,
``[finish]``, ``[start]``, decks, Jokers, ``hand_end = "last_holder"``,
``multi_play``, free order) with bots that type every construct the notation has
under them, as a person would (the checked path, ``Hand.apply_line``): doubles of
every rank (``8h+8s``, a suit named after the last), runs from their hands
(``5h+6h+6s+7s``, R10.60), a twin played out of turn (``Cees: 7h``, R10.70), a player
named to swap hands with (``7h Anna``, R10.30), ``pass`` on a skip passed on
and the skip deflected with a card of its rank, a stacked wait added to or
accepted with ``pass`` (R10.21), a rank demanded with a card and answered (R10.22), ``d CARD`` under a limit, a call
after a card move (R9.11, R9.12), "Laatste kaart!" with the play or alone, and
now and then a player who leaves mid-hand (R1.5).  The simulator holds the real
cards (``simulate.Run``) and after every entry checks that

- the cards are conserved (every card of the deck is in a hand, the draw pile or
  the discard pile);
- every count the referee keeps equals the real hand, and the piles' sizes and
  the top card are the real ones;
- nobody holds 0 cards unless out (the hand's winner, or out under ``last_holder``);
- the discard pile's order is the order the cards were put down.

An entry the referee refuses, an exception, or a check that fails is a
``Finding``, with what reproduces it: the house-rule file, the players, the dealer
and the lines typed.  ``avoid`` names constructs (``CONSTRUCTS`` here and
``tables.CONSTRUCTS``) the files and the bots leave out: a test sets aside what a
known bug reproduces until its fix is in.

Pure but for the clock (``CrossReport.seconds``); nothing here does I/O.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from referee.engine.cards import CARDS
from referee.engine.compiled import tables_for
from referee.engine.actionevents import CardsMoved
from referee.engine.events import Left
from referee.simulator.simulate import NAMES, Run
from referee.simulator.tables import CONSTRUCTS as FILE_CONSTRUCTS
from referee.simulator.tables import random_table

CONSTRUCTS = {
    "double_card_move": "a double of a rank that moves cards between hands (R3.10, R9.11, R9.12)",
    "double_skip": "a double of a rank that skips (R3.10, R9.5)",
    "double_applied_draw": "a double of a rank whose draw the referee applies (R3.10, R9.3)",
    "double_others_draw": "a double of a rank that makes the others draw (R3.10, R9.4)",
    "double_reverse": "a double of a rank that reverses (R3.10, R9.7)",
    "double_out_last_holder": "a double that takes a player out under last_holder (R3.10, R6.3)",
    "draw_after_card_move": "a last card that moves cards, under [finish] mode = \"draw_after\" "
                            "(R9.15, R9.11, R9.12)",
    "leave": "a player who leaves mid-hand (R1.5)",
    "leave_pass_on": "a player who leaves while a skip passed on is pending (R1.5, R5.11)",
}
"""The bots' constructs ``avoid`` may name, besides the files' (``tables.CONSTRUCTS``)."""

CAP = 400
"""Entries after which a hand is stopped (not a finding: a long hand checks little more)."""

_DOUBLES = frozenset(k for k in CONSTRUCTS if k.startswith("double_"))


def _double_of(effect) -> str | None:
    """The construct a double of a card with ``effect`` is (``CONSTRUCTS``), or None."""
    kind = effect.kind
    if kind in ("rotate_hands", "pass_cards", "swap"):
        return "double_card_move"
    if kind == "draw" and not effect.pending_draw:
        return "double_applied_draw"
    return {"skip": "double_skip", "others_draw": "double_others_draw",
            "reverse": "double_reverse"}.get(kind)


LEAVE_RATE = 0.02
"""Chance, at each turn while three or more play, that someone leaves (R1.5), once a hand."""


@dataclass
class Finding:
    """One entry after which the referee went wrong: ``kind`` (``"refused"``,
    ``"mismatch"``, ``"exception"``), ``what`` (the problem in words), and what
    reproduces it: the seed, the house-rule file (``rules``, TOML), the ``players``
    in seating order, the ``dealer`` and the ``lines`` typed (the last one the entry)."""

    seed: int
    kind: str
    what: str
    rules: str
    players: list[str]
    dealer: str
    lines: list[str]

    def reproduction(self) -> str:
        """The finding as a bug report: the file, the table and the lines."""
        head = f"seed {self.seed}: {self.kind}: {self.what}"
        table = f"players={','.join(self.players)} dealer={self.dealer}"
        rules = "\n".join("    | " + line for line in self.rules.strip().splitlines())
        return "\n".join([head, table, rules, *("    " + line for line in self.lines)])


@dataclass
class CrossReport:
    """What ``cross_check`` found: ``hands`` played, ``entries`` typed and checked,
    ``seconds`` of wall-clock time, the ``findings`` (none when the referee kept
    every real card right)."""

    hands: int = 0
    entries: int = 0
    seconds: float = 0.0
    findings: list[Finding] = field(default_factory=list)
    constructs: Counter = field(default_factory=Counter)
    """How often each construct was typed (``SEEN``): that the check is not vacuous."""


SEEN = {
    "double": "a play of several cards (R3.10)",
    "run": "a run, consecutive ranks in one suit (R10.60)",
    "double_naming": "a double of a rank that names a suit, the suit after the last (R9.8)",
    "name_other_rank": "a suit named after a card other than a Jack (R9.8)",
    "pass": "pass on a skip passed on (R5.11)",
    "deflect": "a skip passed on deflected with a card of its rank (R5.11)",
    "wait_added": "a card added to a stacked wait (R10.21)",
    "wait_accepted": "pass on a stacked wait: its total waited (R10.21)",
    "demand": "a rank demanded with the card (Jh 7, R10.22)",
    "demand_answered": "an entry under a demand: its rank, a card that demands, or a draw (R10.22)",
    "draw_play_limit": "d CARD under a limit (R9.6, R9.9, D16)",
    "leave": "a player leaving mid-hand (R1.5)",
    "call_after_move": "a call after a card move (R9.11, R9.12, D29)",
    "lone_lk": "Laatste kaart! on a line of its own (R4.1)",
    "lone_call_word": "the rule set's own last-card word on a line of its own (R10.80)",
    "call_word": "the rule set's own last-card word after a play (R10.80)",
    "out_call": "the rule set's call on going out after the play that empties a hand (R10.82)",
    "card_move": "an entry that moved cards between hands (R9.11, R9.12)",
    "starter_applies": "a starter that acts (R2.4, R9.16)",
    "draw_count": "d 3, cards drawn under the draw policy (R10.50)",
    "draw_count_play": "d 3 5h, the last card drawn played (R10.50)",
    "jump_in": "a card played out of turn on its twin, Cees: 7h (R10.70)",
    "swap": "a card played naming the player to swap hands with, 7h Anna (R10.30)",
}
"""The constructs ``CrossReport.constructs`` counts."""


class _Cross(Run):
    """One hand under a random file: the real cards (``Run``), typed entries, and the
    cross-check's invariants after every entry."""

    def __init__(self, rules, players: int, seed: int, avoid: frozenset[str]):
        super().__init__(rules, players, seed, True)
        self.pushing = False   # (every entry typed: the checked path, ``Hand.parse``)
        self.record = []
        self.cap = CAP
        self.avoid = avoid
        self.left_once = False
        self.why: str | None = None
        self.seen: Counter = Counter()
        self.moved = False   # (cards moved since the last call)
        tables = tables_for(rules)
        if "draw_after_card_move" in avoid and tables.draw_after:
            movers = 0
            for c in CARDS:
                if tables.draw_after >> c.id & 1 and any(
                        e.kind in ("rotate_hands", "pass_cards", "swap")
                        for e in tables.effects[c.id]):
                    movers |= 1 << c.id
            if movers:
                self.choosers = {p: self._without(choose, movers)
                                 for p, choose in self.choosers.items()}

    def _without(self, choose, movers: int):
        """``choose`` that never goes out on one of the cards ``movers`` (a mask)."""
        def chosen(table, player: str, mask: int) -> int:
            if len(self.cards[player]) == 1:
                mask &= ~movers
            return choose(table, player, mask)
        return chosen

    def typed(self, text: str) -> list | None:
        """Type ``text`` (``Run.typed``), counting the constructs it uses (``SEEN``)."""
        hand, seen = self.hand, self.seen
        body = text.split(": ", 1)[-1]
        words = body.split()
        first = words[0]
        names = hand.tables.names
        if "+" in first:
            seen["double"] += 1
            if len({part[:-1] for part in first.split("+")}) > 1:
                seen["run"] += 1
            if len(words) > 1 and len(words[1]) == 1:
                seen["double_naming"] += 1
        if hand.demand is not None and first not in ("lk", "call", "leave", "pass"):
            seen["demand_answered"] += 1
        if first == "pass":
            seen["wait_accepted" if hand.skip_stacks else "pass"] += 1
        elif hand.pending_skip and first not in ("d", "lk", "call", "leave"):
            seen["wait_added" if hand.skip_stacks else "deflect"] += 1
        if first == "d" and len(words) > 1 and hand.limit is not None:
            seen["draw_play_limit"] += 1
        if first == "d" and len(words) > 1 and words[1].isdigit():
            seen["draw_count_play" if len(words) > 2 else "draw_count"] += 1
        if first == "leave":
            seen["leave"] += 1
        if first == "lk":
            seen["lone_lk"] += 1
        elif first == self.call_word():
            seen["lone_call_word"] += 1
        if first != "d" and len(words) > 1 and words[1][:1].isdigit():
            seen["demand"] += 1
        if len(words) > 1 and words[-1] == self.call_word() != "lk":
            seen["call_word"] += 1
        if len(words) > 1 and words[-1] == self.out_word:
            seen["out_call"] += 1
        if "call" in words and self.moved:
            seen["call_after_move"] += 1
            self.moved = False
        if first == "start" and hand.tables.start_applies:
            seen["starter_applies"] += 1
        prefix = text.split(": ", 1)[0] if ": " in text else None
        if prefix is not None and not self.free and prefix != hand.turn and "call" not in words:
            seen["jump_in"] += 1
        if first == "d" and len(words) > 1 and words[1].isdigit():
            words = words[:1] + words[2:]  # (``d 3 5h``: the card after the count)
        card = words[1] if first == "d" and len(words) > 1 else first
        rank = card.split("+")[-1][:-1]
        nxt = words[2] if first == "d" and len(words) > 2 else (words[1] if len(words) > 1 else "")
        if rank not in ("J", "") and len(nxt) == 1 and nxt in "cdhs" and any(
                names[c.id] for c in CARDS if c.rank == rank):
            seen["name_other_rank"] += 1
        events = super().typed(text)
        if events and any(type(e) is CardsMoved for e in events):
            seen["card_move"] += 1
            if any(type(e) is CardsMoved and e.kind == "swap" for e in events):
                seen["swap"] += 1
            self.moved = True
        return events

    # -- the bots' constructs ---------------------------------------------------
    def together(self, player: str, card: int, legal) -> list[int]:
        """Doubles of every rank (R3.10), but the constructs ``avoid`` names."""
        if self.avoid and _DOUBLES.intersection(self.avoid) and any(
                _double_of(e) in self.avoid for e in self.hand.tables.effects[card]):
            return []
        more = super().together(player, card, legal)
        if (more and "double_out_last_holder" in self.avoid and self.rules.last_holder
                and len(more) + 1 >= len(self.cards[player])):
            return []
        return more

    def turn(self, player: str) -> bool:
        """Now and then a player leaves first (R1.5); then the turn as ``Run`` plays it."""
        hand = self.hand
        if (not self.left_once and "leave" not in self.avoid and len(hand.active) > 2
                and self.random() < LEAVE_RATE
                and not ("leave_pass_on" in self.avoid and hand.pending_skip)):
            self.left_once = True
            leaver = hand.active[int(self.random() * len(hand.active))]
            if not self.aside("leave " + leaver):
                return False
            if hand.status != "playing" or hand.turn is None:
                return True
            player = hand.turn
        return super().turn(player)

    def free_step(self) -> bool:
        """In free order the leaver comes through ``turn`` as well."""
        hand = self.hand
        if (not self.left_once and "leave" not in self.avoid and len(hand.active) > 2
                and self.random() < LEAVE_RATE):
            self.left_once = True
            leaver = hand.active[int(self.random() * len(hand.active))]
            return self.aside("leave " + leaver)
        return super().free_step()

    # -- the real cards and the checks ------------------------------------------
    def follow(self, events: list, skip_drawn: bool = False) -> bool:
        for e in events:
            if type(e) is Left:   # (their cards go under the draw pile, R1.5)
                cards = self.cards[e.player]
                if e.n != len(cards):
                    return self.broken(f"{e.player} left with {e.n} cards, holding {len(cards)}")
                self.draw[:0] = cards
                self._hold(e.player, [])
                del self.count[e.player]
        if not super().follow(events, skip_drawn):
            return False
        return self.invariants()

    def invariants(self) -> bool:
        """The cross-check's checks after an entry (see the module); False when one fails."""
        hand = self.hand
        held = sum(len(c) for c in self.cards.values())
        total = held + len(self.draw) + len(self.discard)
        if total != len(self.deck):
            return self.broken(f"{total} real cards, the deck has {len(self.deck)}")
        engine_total = sum(hand.counts.values()) + hand.draw_pile + len(hand.discard)
        if engine_total != len(self.deck):
            return self.broken(f"the referee counts {engine_total} cards, the deck has "
                               f"{len(self.deck)}")
        for p, n in hand.counts.items():
            if n != len(self.cards[p]):
                return self.broken(f"{p}: the referee counts {n}, holding {len(self.cards[p])}")
            if n == 0 and not (hand.status == "over" and hand.winner == p):
                return self.broken(f"{p} holds 0 cards and is not out")
        if [c.id for c in hand.discard] != self.discard:
            return self.broken("the discard pile is "
                               + " ".join(str(c) for c in hand.discard[-4:])
                               + ", really " + " ".join(str(CARDS[c]) for c in self.discard[-4:]))
        return True

    def broken(self, what: str) -> bool:
        """A failed check: counted as a mismatch, the hand stops."""
        self.why = what
        self.mismatches += 1
        self.stopped = True
        return False

    def problem(self, key: str, **fields) -> None:
        super().problem(key, **fields)
        from referee import messages
        self.why = messages.t(key, **fields)


def cross_check(seeds: Iterable[int], avoid: Iterable[str] = ()) -> CrossReport:
    """Play one hand per seed under a random house-rule file with real cards, checking
    every entry (see the module).  ``avoid``: constructs left out (``CONSTRUCTS``,
    ``tables.CONSTRUCTS``).  Returns a ``CrossReport``; raises nothing (an exception
    in the referee is a finding)."""
    avoid = frozenset(avoid)
    unknown = avoid - CONSTRUCTS.keys() - FILE_CONSTRUCTS.keys()
    if unknown:
        raise ValueError(f"unknown constructs: {sorted(unknown)}")
    report = CrossReport()
    started = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        rules, text, players = random_table(rng, avoid & FILE_CONSTRUCTS.keys())
        run = _Cross(rules, players, seed, avoid)
        dealer = run.seats[rng.randrange(players)]
        kind = None
        try:
            run.run(1, dealer)
        except Exception as exc:  # (the referee raised: a finding, with where)
            kind = "exception"
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            run.why = f"{type(exc).__name__}: {exc} ({frame.filename.rsplit('/', 1)[-1]}:{frame.lineno})"
        if kind is None and run.refused:
            kind = "refused"
        elif kind is None and run.mismatches:
            kind = "mismatch"
        report.hands += 1
        report.entries += run.entries
        report.constructs.update(run.seen)
        if kind is not None:
            lines = run.record[-1][2] if run.record else []
            report.findings.append(Finding(seed, kind, run.why or "", text,
                                           list(NAMES[:players]), dealer, list(lines)))
    report.seconds = time.perf_counter() - started
    return report
