"""The referee's rulings compared with a baseline revision's, entry by entry.

    python bench/differential.py record  [--rev 15b2f64] [--hands 100000] [--seed 1]
                                         [--out /tmp/pesten-diff] [--jobs 2]
    python bench/differential.py compare [--data /tmp/pesten-diff] [--tree .] [--rev REV]
                                         [--jobs 2] [--show 5]
    python bench/differential.py run     [the options of both: record, then compare]

``record`` deals simulated hands with the engine *as it is at* ``--rev``
(``git archive REV referee house_rules pyproject.toml`` unpacked in a temporary
folder, run in subprocesses with ``python -S`` so that the old ``referee``
imports under its own name and nothing else is found).  The old simulator's
bots (``referee/simulator/simulate.py``: real shuffled cards, ``_Table``) type the
entries, and noise is mixed in at a modest rate so that refusals and
corrections are compared too: illegal plays, entries out of turn, ``lk``,
``call X``, ``undo``/``redo``, ``fix ...``, ``leave X``, ``d CARD`` (often on a
pending penalty), Jacks without a suit, unknown players, bad notation,
``check``/``why``/``state``, a few lines before the starter and after the end.
After a noise entry the real cards are brought back in line with the
engine's picture (the players keep what they can of their cards) so the bots
can play on.  Every preset (``house_rules/*.toml``) and random combinations of
the house-rule keys, 2 to 8 players, random dealer and hand number; hand ``i``
depends only on ``--seed`` and ``i``.

Each hand is stored as one JSON line (gzip, one file per job under ``--out``,
not committed): the rule table, players, dealer, number, the lines, the state
before the first line, and per line the answer ``[ok, rule, legal, delta]``:
``ok`` and ``rule`` of the ``Ruling``, ``legal`` its ``data["legal"]`` (a
``check`` query) or null, and the keys of ``Hand.state()`` that changed.

``compare`` replays every hand through the candidate engine (default: this
working tree; ``--tree DIR`` or ``--rev REV`` for another) through its public
API only, as ``session.py`` uses it: ``rules_from_table``, ``Hand(rules,
players, dealer, number)``, ``apply_line(text)``, ``state()`` (see
``Candidate``).  A hand whose first difference is explained by one of the rule
decisions of issue 11 (``DECISIONS``) is counted under that decision and the
rest of it skipped; any other difference is a failure, reported with the
hand, the entry's number, the line, the rules and both answers (and written
whole to ``--failures``).  Sentences are not compared (their order and
wording may change).  Exit status 1 on any unexplained difference.

The differences a decision explains (RULES.md, issue 11):

- ``d_card_takes_penalty`` (R5.7): ``d CARD`` on a pending penalty under
  ``penalty_ends_turn = false`` takes the penalty, then plays the card (or is
  refused citing R3.4 under ``draw_then_play = false``);
- ``penalty_turn_not_blank`` (R5.7/R3.9): the same player's turn after taking a
  penalty that brought cards is not blank, so the baseline's blocked hand is
  not blocked yet;
- ``no_r38_for_d_card`` (R3.8): no illegal-play draw for a ``d CARD`` refused
  because a penalty is pending or draw-and-play is off;
- ``jack_on_jack_over_jack_wild`` (R3.3, R8): ``jack_on_jack = false`` wins
  over ``jack_wild = true`` while a suit is named: a Jack of another suit no
  longer matches, so it is refused (R3.3, R3.8) where the baseline took it,
  or, since matching comes first in R0.3's order, refused citing R3.3 (R3.8
  with its draw) where the baseline refused it later in that order (R5.4: no
  suit typed; R6.2: the last card);
- ``starter_cites_r23`` (R2.4): a starter that is no action card under the
  rules in force cites R2.3, with the same state;
- ``penalty_then_draw_in_order`` (R5.7): ``d d`` on a pending penalty (a line
  that goes on after the penalty is taken: ``penalty_ends_turn = false``, or
  free order) takes the penalty, then draws, with the same state; the
  baseline told the second draw first (it put every draw's sentence at the
  front of the line's) and cited it (R3.4), the candidate tells them in the
  order they happen and cites the first, the penalty (R5.7).  No rule
  decision: the order of a ruling's events (issue 11, rulings as events).
- ``free_king_reverse_turn`` (R8.4, R9.17): in free order a King under
  ``reverse_skip`` reverses and, as an Ace does, leaves nobody to act; the
  baseline left ``turn`` as a penalty of 0 cards (``joker_penalty = 0``) had set it.
- ``penalty_lapses_at_end`` (R6.1): a correction that empties a hand (``fix play``,
  ``fix count NAME 0``) ends it as a play that empties it does: a penalty still
  pending lapses (``pending_draw`` 0), the rest of the state the same; the
  baseline kept it.

``deal_size`` 1 or above 15 and ``finish_on_action_draw = 0`` (R2.2, R8) are
in the recorded rule tables too (the baseline's engine plays them; its
validation refused them): ``compare`` reports how many tables the candidate's
``rules_from_table`` still refuses and then compares them unvalidated.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "15b2f64"
DATA = Path("/tmp/pesten-diff")
FAILURES = Path("/tmp/pesten-diff-failures")
FORMAT = 1

DECISIONS = {
    "d_card_takes_penalty": "R5.7 d CARD on a pending penalty (penalty_ends_turn = false)",
    "penalty_turn_not_blank": "R5.7/R3.9 a penalty that brought cards: the turn is not blank",
    "no_r38_for_d_card": "R3.8 no illegal-play draw for d CARD refused by R5.7 or R3.4",
    "jack_on_jack_over_jack_wild": "R3.3 jack_on_jack = false wins over jack_wild = true",
    "starter_cites_r23": "R2.4 only an action starter under the rules in force cites R2.4",
    "penalty_then_draw_in_order": "R5.7 d d on a pending penalty: the penalty told and cited first",
    "free_king_reverse_turn": "R8.4/R9.17 in free order a King's reverse leaves nobody to act",
    "penalty_lapses_at_end": "R6.1 a correction that ends the hand: a pending penalty lapses",
}
"""The rule decisions that may change a ruling: name -> what it is (issue 11's; the
``penalty_then_draw_in_order`` is no rule decision but the baseline's sentence order,
see ``explain``; ``free_king_reverse_turn``: the actions table's, R9.17)."""

# ---------------------------------------------------------------------------
# Recording (runs inside the baseline tree: ``python -S``, the old ``referee``)
# ---------------------------------------------------------------------------

NOISE_RATE = 0.06
"""Chance, before each bot entry, of one noise entry (or a short burst)."""

PENDING_NOISE_RATE = 0.10
"""Extra chance, while a penalty is pending or a suit named, of a ``d CARD`` or an
illegal card (a penalty card that does not stack, a Jack of another suit) by the
player to act."""

MAX_LINES = 120
"""Lines per hand at most (bots and noise); a longer hand is cut (still compared)."""

KEY_CHOICES: dict[str, tuple] = {
    "jokers": (True, False),
    "decks": ("auto", 1, 2),
    "joker_penalty": (5, 3, 1, 0, 8),
    "joker_stack": ("add", "double"),
    "stacking": ("same", "cumulative", "none"),
    "last_card_penalty": (2, 0, 1, 3),
    "false_call_penalty": (0, 1, 2),
    "illegal_play_penalty": (0, 1, 2),
    "finish_on_action": (False, True),
    "jack_wild": (False, True),
    "jack_on_jack": (True, False),
    "penalty_ends_turn": (True, False),
    "draw_then_play": (True, False),
    "start_card": ("no_effect", "applies"),
    "finish_on_action_draw": (1, 0, 2, 3),
    "king": ("none", "draw_one", "reverse_skip"),
    "four": ("none", "skip_two"),
    "five": ("none", "all_draw_one"),
    "turn_order": ("seated", "seated", "free"),
}
"""The house-rule keys a random rule set may change, and the values it picks from."""

CHANGE_RATE = 0.35
"""Chance that a random rule set changes each key of ``KEY_CHOICES`` from its preset."""

NOISE_KINDS: tuple[tuple[str, int], ...] = (
    ("illegal", 6), ("out_of_turn", 3), ("lk", 2), ("call", 3), ("undo", 1), ("redo", 1),
    ("fix", 2), ("leave", 1), ("d_card", 3), ("jack", 2), ("bad", 1), ("query", 3),
    ("unknown", 1), ("multi", 1))
"""Noise entries by kind, with their weights."""

SCRIPTED: tuple[tuple[str, str, dict, tuple[str, ...]], ...] = (
    # (what it shows, preset, changes, lines); players Anna and Bram, Bram deals.
    ("d CARD on a pending Two, penalty_ends_turn = false", "standard",
     {"penalty_ends_turn": False}, ("start 5h", "2h", "d 9h", "9c")),
    ("the same with draw_then_play = false", "standard",
     {"penalty_ends_turn": False, "draw_then_play": False}, ("start 5h", "2h", "d 9h", "d")),
    ("d CARD on a pending Two with an illegal-play penalty", "standard",
     {"illegal_play_penalty": 1}, ("start 5h", "2h", "d 9h", "d")),
    ("d CARD with draw_then_play = false and an illegal-play penalty", "standard",
     {"illegal_play_penalty": 2, "draw_then_play": False}, ("start 5h", "d 9h", "d 9s", "d")),
    ("a penalty that brought cards, then nothing left to draw", "standard",
     {"penalty_ends_turn": False, "deal_size": 26}, ("start 5h", "2h", "d", "d", "d", "d")),
    ("a Jack on a named suit: jack_wild and not jack_on_jack", "standard",
     {"jack_wild": True, "jack_on_jack": False}, ("start 5h", "Jh s", "check Jc", "Jc d")),
    ("a Four starter without four", "standard", {}, ("start 4h", "4c")),
    ("a Seven starter in fast play", "fast", {}, ("start 7h", "Anna: 7c")),
    ("an Eight starter in fast play, start_card = applies", "fast",
     {"start_card": "applies"}, ("start 8h", "Bram: 8c")),
    ("one card each; out on an Ace refused, finish_on_action_draw = 0", "standard",
     {"deal_size": 1, "finish_on_action_draw": 0}, ("start 5h", "Ah", "d", "d 9h")),
    ("twenty cards each", "standard", {"deal_size": 20}, ("start 5h", "6h", "d", "lk")),
)
"""Hands typed by hand, recorded with the random ones: each decision of ``DECISIONS``
(and the newly allowed ``deal_size`` and ``finish_on_action_draw``) at least once."""

_MISSING = object()


def _preset_tables(folder: Path) -> dict[str, dict]:
    """Every preset in ``folder`` as a full table (``extends`` merged, key by key for
    ``[points]`` and ``[series]``), read with tomllib: no preset lookup of the package."""
    import tomllib

    raw = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.toml")}

    def resolve(name: str) -> dict:
        own = dict(raw[name])
        base = own.pop("extends", None)
        merged = resolve(base) if base else {}
        for key, value in own.items():
            if isinstance(value, dict):
                merged[key] = {**merged.get(key, {}), **value}
            else:
                merged[key] = value
        return merged

    return {name: resolve(name) for name in sorted(raw)}


def _hand_config(index: int, seed: int, presets: dict, api: Any) -> dict:
    """Rules, players, dealer, number and seeds of hand ``index`` (``api``: the old package)."""
    rng = random.Random(f"{seed}:{index}")
    names = sorted(presets)
    if index % 4 == 0:  # every preset as shipped, in turn
        name = names[(index // 4) % len(names)]
        changes: dict[str, Any] = {}
    else:
        name = rng.choice(names)
        changes = {k: rng.choice(v) for k, v in KEY_CHOICES.items() if rng.random() < CHANGE_RATE}
    players = rng.randint(2, 8)
    rules = api.preset(name).replace(**changes)
    most = (api.deck_size(rules.deck_count(players), rules.jokers) - 1) // players
    deal = rules.deal_size
    roll = rng.random()
    if deal > most or (changes and roll < 0.4):
        if roll < 0.05:
            deal = 1
        elif roll < 0.10:
            deal = most
        else:
            deal = rng.randint(1, min(most, 15))
    rules = rules.replace(deal_size=deal, name=name + ("+" if changes else ""))
    seats = list(api.NAMES[:players])
    return {"rules": rules, "players": seats, "dealer": rng.choice(seats),
            "number": rng.randint(1, 9), "sim_seed": rng.getrandbits(64),
            "noise_seed": rng.getrandbits(64)}


def _noisy_table_class(sim: Any) -> type:
    """A subclass of the old simulator's ``_Table`` that records every answer and mixes
    noise into the bots' entries (made here: ``sim`` is the baseline's module)."""

    class NoisyTable(sim._Table):
        """The bots of ``sim._Table`` playing one hand, with noise and a record."""

        # -- recording ------------------------------------------------------
        def begin(self, number: int, dealer: str, noise_seed: int) -> None:
            self.deal(number, dealer)
            self.nrng = random.Random(noise_seed)
            self.ids = {text: i for i, text in enumerate(self.text)}
            self.lines: list[str] = []
            self.answers: list[list] = []
            self.prev = self.hand.state()
            self.state0 = dict(self.prev)
            self.noise_lines = 0
            self.resynced = 0
            self.stop = ""

        def enter(self, text: str) -> Any:
            """Type ``text`` through ``Hand.apply_line``; record the answer."""
            hand = self.hand
            ruling = hand.apply_line(text)
            state = hand.state()
            prev = self.prev
            delta = {k: v for k, v in state.items() if prev.get(k, _MISSING) != v}
            data = ruling.data
            self.lines.append(text)
            self.answers.append([ruling.ok, ruling.rule,
                                 data.get("legal") if data else None, delta])
            self.prev = state
            self.entries += 1
            self.last = text
            return ruling

        def apply(self, text: str) -> bool:  # the bots' entries (``_Table.apply``)
            if not self.enter(text).ok:
                self.stop = "bot entry refused"
                return False
            if not self.picture_ok():
                # The bots know nothing of what noise left behind (a draw owed after an
                # R6.2 refusal draws ``finish_on_action_draw`` cards): deal again.
                self.resynced += 1
                if not self.resync():
                    self.stop = "resync failed"
                    return False
            return True

        def typed(self, text: str) -> list | None:  # the bots' entries (``_Table.typed``)
            self.entries -= 1  # (``send`` and ``aside`` counted the entry already)
            ruling = self.enter(text)
            if not ruling.ok:
                self.stop = "bot entry refused"
                self.stopped = True
                return None
            return ruling.events

        def check(self) -> bool:  # (after noise the real cards may be behind: deal again)
            if self.picture_ok():
                return True
            self.resynced += 1
            if not self.resync():
                self.stop = "resync failed"
                return False
            return True

        def picture_ok(self) -> bool:
            hand, discard = self.hand, self.discard
            return (hand.counts == self.count and hand.draw_pile == len(self.draw)
                    and len(hand.discard) == len(discard)
                    and (not discard or str(hand.discard[-1]) == self.text[discard[-1]]))

        # -- the hand -----------------------------------------------------
        def drive(self, number: int, dealer: str, noise_seed: int) -> None:
            """Play one hand: noise before the starter, the bots with noise, noise after."""
            self.begin(number, dealer, noise_seed)
            hand, r = self.hand, self.nrng
            if r.random() < 0.3:
                for text in self.waiting_noise():
                    self.enter(text)
                    self.noise_lines += 1
            starter = self.draw.pop()
            self.discard.append(starter)
            start = "start " + self.text[starter]
            if not self.apply(f"{dealer}: {start}" if r.random() < 0.2 else start):
                return
            while hand.status == "playing":
                if self.entries >= MAX_LINES:
                    self.stop = "cut"
                    return
                if r.random() < NOISE_RATE:
                    if not self.noise(self.noise_entry()):
                        return
                    continue
                if (hand.pending or hand.named_suit) and r.random() < PENDING_NOISE_RATE:
                    kind = "d_card" if hand.pending and r.random() < 0.5 else "illegal"
                    if not self.noise(self.noise_entry(kind)):
                        return
                    continue
                duties = hand.last_card if hasattr(hand, "last_card") else hand.lk
                if duties and "missed" in duties.values():
                    if not self.maybe_call():
                        return
                    if hand.status != "playing":
                        break
                if not (self.free_step() if self.free else self.turn(hand.turn)):
                    return
            if hand.status == "over" and r.random() < 0.4:
                self.noise(self.over_noise())

        def noise(self, lines: list[str]) -> bool:
            """Type noise ``lines``, then bring the real cards in line with the engine;
            False when the hand cannot go on (back before its starter, or no deal fits)."""
            hand = self.hand
            for text in lines:
                self.enter(text)
                self.noise_lines += 1
            while hand.status == "waiting" and hand.redo_stack:
                self.enter("redo")  # (an undo back before the starter: put it back)
                self.noise_lines += 1
            if hand.status == "waiting":
                self.stop = "back before the starter"
                return False
            if not self.picture_ok() and not self.resync():
                self.stop = "resync failed"
                return False
            return True

        def resync(self) -> bool:
            """Deal the real cards again to match the engine's picture: the discard pile as
            the engine has it, each player keeping what they can of their cards."""
            hand = self.hand
            pool = Counter(self.deck)
            discard = [self.ids[str(c)] for c in hand.discard]
            for c in discard:
                pool[c] -= 1
                if pool[c] < 0:
                    return False
            cards: dict[str, list[int]] = {}
            for p, n in hand.counts.items():
                keep = []
                for c in self.cards.get(p, ()):
                    if len(keep) < n and pool[c] > 0:
                        keep.append(c)
                        pool[c] -= 1
                cards[p] = keep
            rest = []
            for c in self.draw:
                if pool[c] > 0:
                    rest.append(c)
                    pool[c] -= 1
            extra = list(pool.elements())
            self.nrng.shuffle(extra)
            for p, n in hand.counts.items():
                while len(cards[p]) < n:
                    if extra:
                        cards[p].append(extra.pop())
                    elif rest:
                        cards[p].append(rest.pop())
                    else:
                        return False
            for c in extra:
                rest.insert(self.nrng.randrange(len(rest) + 1), c)
            self.cards, self.draw, self.discard = cards, rest, discard
            self.count = {p: len(c) for p, c in cards.items()}
            if hasattr(self, "held"):  # (a simulator that keeps each hand as counts and bits)
                kinds = len(sim.CARDS)
                self.copies = {p: [0] * kinds for p in cards}
                for p, held in cards.items():
                    for c in held:
                        self.copies[p][c] += 1
                self.held = {p: sum(1 << c for c in set(held)) for p, held in cards.items()}
            return self.picture_ok()

        # -- noise ----------------------------------------------------------
        def say(self, player: str, text: str) -> str:
            """``text`` as ``player`` types it: always named in free order (now and then
            not, which R8.4 refuses), sometimes named in seated order."""
            r = self.nrng
            if self.free:
                return text if r.random() < 0.1 else f"{player}: {text}"
            return f"{player}: {text}" if r.random() < 0.25 else text

        def any_card(self, player: str | None = None) -> int:
            """A card of ``player`` (mostly), else any card of the deck."""
            r = self.nrng
            held = self.cards.get(player) if player else None
            if held and r.random() < 0.8:
                return r.choice(held)
            return r.randrange(len(self.text))

        def card_text(self, card: int, suit: bool = True) -> str:
            text = self.text[card]
            if suit and self.rank[card] == "J" and self.nrng.random() < 0.9:
                text += " " + self.nrng.choice("cdhs")
            return text

        def noise_entry(self, kind: str | None = None) -> list[str]:
            """Lines of one kind of noise (``NOISE_KINDS``) for the hand being played."""
            hand, r = self.hand, self.nrng
            if kind is None:
                kind = r.choices([k for k, _ in NOISE_KINDS], [w for _, w in NOISE_KINDS])[0]
            active = list(hand.active)
            actor = hand.turn or r.choice(active)
            others = [p for p in active if p != actor] or active
            other = r.choice(others)
            anyone = r.choice(active)
            if kind == "illegal":
                # A card that does not fit, a penalty card that does not stack on the
                # pending penalty, a Jack on a named suit: held (mostly) or not.
                rank = self.rank
                if hasattr(self, "fits"):  # (a simulator that kept its own fit tables)
                    row = self.fits(self.discard[-1], hand.named_suit)[1]
                    suit = self.suit
                    fit = sum(1 << c for c, ok in enumerate(row) if ok)
                    stack = (sum(1 << c for c, ok in enumerate(self.stackers[hand.pending_kind])
                                 if ok) if hand.pending else 0)
                else:  # (the engine's compiled tables: masks by card id)
                    tables, cards = hand.tables, sim.CARDS
                    fit = tables.fits(cards[self.discard[-1]], hand.named_suit)
                    suit = [c.suit for c in cards]
                    stack = tables.stackers[hand.pending_kind] if hand.pending else 0
                tempting = [c for c in range(len(rank)) if not fit >> c & 1
                            or (hand.pending and rank[c] in ("2", "Joker")
                                and not stack >> c & 1)
                            or (hand.named_suit and rank[c] == "J"
                                and suit[c] != hand.named_suit)]
                if hand.named_suit and r.random() < 0.4:  # (mostly a Jack on a Jack)
                    tempting = [c for c in tempting if rank[c] == "J"] or tempting
                held = set(self.cards.get(actor, ()))
                wrong = [c for c in tempting if c in held]
                roll = r.random()
                card = (r.choice(wrong) if wrong and roll < 0.6 else
                        r.choice(tempting) if tempting and roll < 0.85 else self.any_card(actor))
                return [self.say(actor, self.card_text(card))]
            if kind == "out_of_turn":
                if r.random() < 0.25:
                    return [f"{other}: d"]
                return [f"{other}: {self.card_text(self.any_card(other))}"]
            if kind == "lk":
                return ["lk" if r.random() < 0.5 else f"{anyone}: lk"]
            if kind == "call":
                target = r.choice(active + ["Zed"])
                form = r.random()
                if form < 0.4:
                    return [f"call {target}"]
                if form < 0.9:
                    return [f"{r.choice(others)}: call {target}"]
                return [f"{target}: call {target}"]
            if kind == "undo":
                k = 1 if r.random() < 0.75 else 2
                back = k if r.random() < 0.7 else r.randint(0, k - 1)
                return ["undo"] * k + ["redo"] * back
            if kind == "redo":
                return ["redo"]
            if kind == "fix":
                x = r.choice(active + ["Zed"] if r.random() < 0.1 else active)
                form = r.random()
                if form < 0.35:
                    line = f"fix draw {x} {r.randint(1, 2)}"
                elif form < 0.7:
                    n = max(1, hand.counts.get(x, 3) + r.choice((-1, 0, 1, 2)))
                    line = f"fix count {x} {n}"
                else:
                    line = f"fix play {x} {self.card_text(self.any_card(x))}"
                lines = [f"{anyone}: {line}" if r.random() < 0.2 else line]
                return lines + (["undo"] if r.random() < 0.3 else [])
            if kind == "leave":
                if r.random() < 0.15:
                    return ["leave Zed"]
                line = f"leave {anyone}"
                if r.random() < 0.2:
                    line = f"{other}: {line}"
                undo = len(active) <= 2 or r.random() < 0.3
                return [line] + (["undo"] if undo else [])
            if kind == "d_card":
                card = self.draw[-1] if self.draw and r.random() < 0.8 else self.any_card()
                return [self.say(actor, "d " + self.card_text(card))]
            if kind == "jack":
                jacks = [c for c in self.cards.get(actor, ()) if self.rank[c] == "J"]
                if not jacks:
                    jacks = [i for i, rank in enumerate(self.rank) if rank == "J"]
                return [self.say(actor, self.text[r.choice(jacks)])]
            if kind == "bad":
                return [r.choice(("7x", "d d", "Jh x", "call", "fix", "zz", "start",
                                  "lk lk lk", "fix count Anna x", "undo undo", ":"))]
            if kind == "query":
                form = r.random()
                if form < 0.6:
                    return [f"check {self.card_text(self.any_card(actor))}"]
                if form < 0.75:
                    return [f"{other}: check {self.text[self.any_card(other)]}"]
                return [r.choice(("why", "state", "check"))]
            if kind == "unknown":
                return [f"Zed: {self.text[self.any_card()]}" if r.random() < 0.7 else "Zed: d"]
            # multi: two cards at once, or a card or draw with a needless "lk"
            a = self.card_text(self.any_card(actor), suit=False)
            b = self.card_text(self.any_card(actor), suit=False)
            return [self.say(actor, r.choice((f"{a} {b}", f"{a} lk", "d lk")))]

        def waiting_noise(self) -> list[str]:
            """A line or two typed before the starter (R2.3 refusals, nothing to undo)."""
            r = self.nrng
            other = r.choice([p for p in self.seats if p != self.hand.dealer])
            pick = (self.text[self.any_card()], "d", "lk", "undo", "redo", "why",
                    f"{other}: start {self.text[self.any_card()]}", f"call {other}",
                    f"fix draw {other} 1", f"leave {other}", "check 7h")
            return [r.choice(pick) for _ in range(r.randint(1, 2))]

        def over_noise(self) -> list[str]:
            """A line or two after the end (R6.1), or the winning entry undone and redone."""
            r = self.nrng
            if r.random() < 0.2:
                return ["undo", "redo"]
            pick = (self.text[self.any_card()], "d", "lk", "start 7h", "redo", "why",
                    f"call {r.choice(self.seats)}", f"leave {r.choice(self.seats)}")
            return [r.choice(pick) for _ in range(r.randint(1, 2))]

    return NoisyTable


class _OldPackage:
    """What the recorder takes from the baseline's ``referee`` (imported from ``tree``)."""

    def __init__(self, tree: Path):
        sys.path.insert(0, str(tree))
        import referee
        where = Path(referee.__file__).resolve()
        if tree.resolve() not in where.parents:
            raise SystemExit(f"the baseline's referee did not import from {tree} ({where})")
        try:  # the baseline's layout: its folders, or (before they were made) flat
            from referee.simulator import simulate
        except ModuleNotFoundError:
            from referee import simulate  # type: ignore[no-redef]
            from referee.cards import deck_size  # type: ignore[no-redef]
            from referee.engine import Hand  # type: ignore[no-redef]
            from referee.rules import rules_from_table  # type: ignore[no-redef]
        else:
            from referee.engine.cards import deck_size
            from referee.engine import Hand
            from referee.series.presets import rules_from_table

        self.NAMES = simulate.NAMES
        self.Hand = Hand
        self.deck_size = deck_size
        self.table_class = _noisy_table_class(simulate)
        self.presets = _preset_tables(tree / "house_rules")
        self._rules = {name: rules_from_table(table, name) for name, table in self.presets.items()}

    def preset(self, name: str) -> Any:
        return self._rules[name]


def _record_lines(api: _OldPackage, rules: Any, players: list[str], dealer: str,
                  number: int, lines: tuple[str, ...]) -> tuple[dict, list[list]]:
    """The state before ``lines`` and the answer to each, typed in a new hand."""
    hand = api.Hand(rules, players, dealer, number)
    prev = hand.state()
    state0, answers = dict(prev), []
    for text in lines:
        ruling = hand.apply_line(text)
        state = hand.state()
        data = ruling.data
        answers.append([ruling.ok, ruling.rule, data.get("legal") if data else None,
                        {k: v for k, v in state.items() if prev.get(k, _MISSING) != v}])
        prev = state
    return state0, answers


def _table_of(rules: Any) -> dict:
    return {k: v for k, v in rules.to_table().items() if k not in ("points", "series")}


def _record_shard(tree: Path, shard: int, jobs: int, hands: int, seed: int, out: Path,
                  rev: str) -> None:
    """Record hands ``shard, shard + jobs, ...`` below ``hands`` into ``out`` (gzip JSON lines)."""
    api = _OldPackage(tree)
    started = time.perf_counter()
    tally: Counter = Counter()
    rules_cited: Counter = Counter()
    with gzip.open(out, "wt", encoding="utf-8", compresslevel=3) as f:
        f.write(json.dumps({"format": FORMAT, "rev": rev, "seed": seed, "hands": hands,
                            "shard": shard, "jobs": jobs, "standard": _table_of(
                                api.preset("standard"))}) + "\n")
        for j, (_what, preset, changes, lines) in enumerate(SCRIPTED if shard == 0 else ()):
            rules = api.preset(preset).replace(**changes, name=preset + ("+" if changes else ""))
            state0, answers = _record_lines(api, rules, ["Anna", "Bram"], "Bram", 1, lines)
            f.write(json.dumps({"i": -1 - j, "name": rules.name, "rules": _table_of(rules),
                                "players": ["Anna", "Bram"], "dealer": "Bram", "number": 1,
                                "state0": state0, "lines": list(lines), "answers": answers},
                               separators=(",", ":")) + "\n")
            tally["scripted hands"] += 1
        for i in range(shard, hands, jobs):
            config = _hand_config(i, seed, api.presets, api)
            rules = config["rules"]
            table = api.table_class(rules, len(config["players"]), config["sim_seed"], False)
            table.drive(config["number"], config["dealer"], config["noise_seed"])
            record = {"i": i, "name": rules.name, "rules": _table_of(rules),
                      "players": config["players"], "dealer": config["dealer"],
                      "number": config["number"], "state0": table.state0,
                      "lines": table.lines, "answers": table.answers}
            f.write(json.dumps(record, separators=(",", ":")) + "\n")
            tally["hands"] += 1
            tally["entries"] += len(table.lines)
            tally["noise"] += table.noise_lines
            tally["resynced after a bot entry"] += table.resynced
            tally["stop: " + (table.stop or "played out")] += 1
            for ok, rule, _legal, _delta in table.answers:
                if not ok:
                    tally["refused"] += 1
                    rules_cited[rule or "-"] += 1
            if (tally["hands"]) % 2000 == 0:
                print(f"  record shard {shard}: {tally['hands']} hands", file=sys.stderr)
        f.write(json.dumps({"summary": dict(tally), "refused_by_rule": dict(rules_cited),
                            "seconds": time.perf_counter() - started}) + "\n")


# ---------------------------------------------------------------------------
# Comparing (runs with the candidate's ``referee``)
# ---------------------------------------------------------------------------

class Candidate:
    """The engine under test, reached only through its public API (as ``session.py``):
    ``rules_from_table(table, name)``, ``Hand(rules, players, dealer, number)``,
    ``hand.apply_line(text)`` -> a ruling with ``ok``, ``rule`` and (``check``)
    ``data["legal"]``, and ``hand.state()``.  Adapt ``answer`` here if the ruling's
    shape changes; the rest of the comparison does not touch the engine."""

    def __init__(self, as_actions: bool = False) -> None:
        from referee.engine import Hand
        from referee.engine.rules import HouseRules
        from referee.series.presets import rules_from_table

        self.Hand = Hand
        self.HouseRules = HouseRules
        self.rules_from_table = rules_from_table
        self.as_actions = as_actions
        self._rules: dict[str, tuple[Any, bool]] = {}

    def rules(self, table: dict, name: str) -> tuple[Any, bool]:
        """The rule set of ``table``, and whether the candidate's validation accepted it
        (a refused table is built unvalidated, to compare the engine all the same).
        ``as_actions``: the table written as the ``[actions]``, ``[stacking]``,
        ``[finish]`` and ``[start]`` tables today's keys expand to (R9.1)."""
        key = json.dumps(table, sort_keys=True) + name
        got = self._rules.get(key)
        if got is None:
            try:
                got = (self.rules_from_table(table, name), True)
                if self.as_actions:
                    got = (self.rules_from_table(actions_form(table, got[0]), name), True)
            except ValueError:
                got = (self.HouseRules().replace(**table, name=name), False)
            self._rules[key] = got
        return got

    def hand(self, rules: Any, players: list[str], dealer: str, number: int) -> Any:
        return self.Hand(rules, players, dealer, number)

    @staticmethod
    def answer(ruling: Any) -> tuple[bool, str | None, bool | None]:
        """``(ok, rule, legal)`` of a ruling (``legal``: a ``check`` query's, else None)."""
        data = getattr(ruling, "data", None)
        return bool(ruling.ok), ruling.rule, (data.get("legal") if data else None)


#: Today's keys that expand into the R9 tables (``actions_form`` writes them there).
_EXPANDED = ("king", "four", "five", "jack_wild", "jack_on_jack", "joker_penalty", "joker_stack",
             "stacking", "finish_on_action", "finish_on_action_draw", "start_card")


def actions_form(table: dict, rules: Any) -> dict:
    """``table`` (a rule table of today's keys, ``rules`` what it reads as) written as
    the tables those keys expand to (RULES.md R9.1): every rank with an effect in
    ``[actions]``, the stacking groups and doubles in ``[stacking]``, ``[finish]``,
    ``[start]``.  A Joker penalty outside ``draw``'s range (0, or more than 10)
    stays ``joker_penalty``; a double of no stacking group is left out (it never acts)."""
    from referee.engine.effects import effect_table

    out = {k: v for k, v in table.items() if k not in _EXPANDED}
    keep_joker = not 1 <= rules.joker_penalty <= 10
    if keep_joker:
        out["joker_penalty"] = rules.joker_penalty
    out["actions"] = {rank: effect_table(effects) for rank, effects in rules.effects().items()
                      if not (rank == "Joker" and keep_joker)}
    groups = rules.stack_groups()
    grouped = set().union(*groups)
    out["stacking"] = {"groups": [sorted(g) for g in groups],
                       "double": sorted(r for r in rules.double_ranks() if r in grouped)}
    out["finish"] = {"mode": rules.finish_mode(), "draw": rules.finish_draw()}
    out["start"] = {"mode": rules.start_mode()}
    if rules.start_mode() == "applies":
        out["start"]["ranks"] = sorted(rules.start_ranks())
    return out


_PREFIX = re.compile(r"^\s*([^\s:#]+)\s*:\s*(.*)$")
_CARD = re.compile(r"^(?:(?:10|[2-9jqka])[cdhs]|joker)$", re.IGNORECASE)


def _tokens(line: str) -> tuple[str | None, list[str]]:
    """``(prefix or None, tokens lower-cased)`` of a recorded line."""
    text = line.split("#", 1)[0]
    m = _PREFIX.match(text)
    if m:
        return m.group(1), m.group(2).lower().split()
    return None, text.lower().split()


def _action_ranks(rules: dict) -> set[str]:
    """Ranks that are action cards under ``rules`` (RULES.md R8, R8.4)."""
    ranks = {"2", "j", "a", "joker"}
    if rules["turn_order"] != "free":
        ranks |= {"7", "8"}
        if rules["four"] != "none":
            ranks.add("4")
    if rules["king"] != "none":
        ranks.add("k")
    if rules["five"] != "none":
        ranks.add("5")
    return ranks


def _rank(token: str) -> str:
    return "joker" if token == "joker" else token[:-1]


def _blocked(state: dict) -> bool:
    return state.get("status") == "over" and state.get("winner") is None


class _PenaltyTurns:
    """R3.9 under ``penalty_ends_turn = false``: since a card was last played, has a
    player who took a penalty that brought cards then drawn nothing (a turn the
    baseline counts blank and the decision does not)?"""

    def __init__(self) -> None:
        self.took: set[str] = set()
        self.seen = False

    def update(self, line: str, before: dict, after: dict) -> None:
        if after.get("top") != before.get("top") or (
                after.get("discard_pile", 0) > before.get("discard_pile", 0)):
            self.took.clear()
            self.seen = False
        player, tokens = _tokens(line)
        if tokens not in (["d"], ["draw"]):
            return
        actor = player or before.get("turn")
        got = after.get("counts", {}).get(actor, 0) - before.get("counts", {}).get(actor, 0)
        if before.get("pending_draw"):
            if got > 0:
                self.took.add(actor)
        elif got == 0 and actor in self.took:
            self.seen = True


def explain(rules: dict, line: str, before: dict, old: tuple, new: tuple,
            turns: _PenaltyTurns | None) -> str | None:
    """The decision (a ``DECISIONS`` name) that explains a difference, or None.

    ``before`` is the state before ``line`` (the same on both sides: every earlier
    entry agreed); ``old`` and ``new`` are ``(ok, rule, legal, state)``; ``turns`` is
    kept under ``penalty_ends_turn = false`` only."""
    _player, tokens = _tokens(line)
    if not tokens:
        return None
    first = tokens[0]
    pending = bool(before.get("pending_draw"))
    d_card = first in ("d", "draw") and len(tokens) > 1 and bool(_CARD.match(tokens[1]))
    if d_card and pending and not rules["penalty_ends_turn"]:
        return "d_card_takes_penalty"
    if (d_card and (pending or not rules["draw_then_play"]) and rules["illegal_play_penalty"]
            and not old[0] and not new[0] and old[1] == "R3.8" and new[1] in ("R5.7", "R3.4")
            and new[3] == before):
        return "no_r38_for_d_card"
    named = before.get("named_suit")
    if rules["jack_wild"] and not rules["jack_on_jack"] and named:
        cards = [t for t in tokens[1:] if _CARD.match(t)] if first in ("d", "draw", "check") \
            else [t for t in tokens if _CARD.match(t)]
        if cards and _rank(cards[0]) == "j" and cards[0][-1] != named:
            was_legal = old[2] if first == "check" else old[0]
            is_legal = new[2] if first == "check" else new[0]
            if was_legal and not is_legal and new[1] in ("R3.3", "R3.8"):
                return "jack_on_jack_over_jack_wild"
            # The baseline let the Jack match (jack_wild won) and refused it for a
            # later rule of R0.3's order: a Jack typed without a suit (R5.4), or the
            # last card, an action card (R6.2, the draw owed kept out of state()).
            # Now it does not match, and matching comes first in that order, so the
            # refusal cites R3.3 with nothing changed (R0.4), or R3.8 with the
            # illegal-play draw (a card put on the pile that may not go there) as
            # its one effect.
            if (first != "check" and not old[0] and not new[0] and old[1] in ("R5.4", "R6.2")
                    and old[3] == before
                    and (new[1] == "R3.3" and new[3] == before
                         or new[1] == "R3.8" and _illegal_play_draw(
                             before, new[3], rules["illegal_play_penalty"]))):
                return "jack_on_jack_over_jack_wild"
    if (first == "start" and len(tokens) == 2 and old[0] and new[0] and old[3] == new[3]
            and (old[1], new[1]) == ("R2.4", "R2.3")
            and _rank(tokens[1]) not in _action_ranks(rules)):
        return "starter_cites_r23"
    if (turns is not None and turns.seen and _blocked(old[3])
            and new[3].get("status") == "playing"):
        return "penalty_turn_not_blank"
    # R9.17: in free order a King under reverse_skip reverses and, like an Ace, leaves
    # nobody to act (``turn`` None); the baseline left the turn as it was (set by a
    # penalty of 0 cards, joker_penalty = 0), the only difference.
    if (rules["turn_order"] == "free" and rules["king"] == "reverse_skip"
            and any(_CARD.match(t) and _rank(t) == "k" for t in tokens)
            and (old[0], old[1]) == (new[0], new[1]) and new[3].get("turn") is None
            and {k: v for k, v in old[3].items() if k != "turn"}
            == {k: v for k, v in new[3].items() if k != "turn" and k in old[3]}):
        return "free_king_reverse_turn"
    # R6.1: a correction that ends the hand lapses the pending penalty, as a play that
    # ends it does; the baseline kept it (the only difference).
    if (first == "fix" and (old[0], old[1]) == (new[0], new[1]) and old[0]
            and new[3].get("status") == "over" and old[3].get("pending_draw")
            and new[3].get("pending_draw") == 0
            and _same_state({k: v for k, v in old[3].items() if k != "pending_draw"}, new[3])):
        return "penalty_lapses_at_end"
    # "d d" on a pending penalty: the same state; the baseline cited the second draw
    # (R3.4, its sentence put first), the candidate the penalty taken first (R5.7).
    if (tokens[:2] in (["d", "d"], ["d", "draw"], ["draw", "d"], ["draw", "draw"])
            and pending and old[0] and new[0] and (old[1], new[1]) == ("R3.4", "R5.7")
            and _same_state(old[3], new[3])):
        return "penalty_then_draw_in_order"
    return None


def _same_state(old: dict, new: dict) -> bool:
    """``new`` agrees with ``old`` on every key of ``old`` (the baseline's keys)."""
    return all(new.get(k, _MISSING) == v for k, v in old.items())


def _illegal_play_draw(before: dict, after: dict, n: int) -> bool:
    """``after`` is ``before`` with one player's illegal-play draw (R3.8): up to ``n``
    cards (fewer when the piles run out, R3.6) from the piles to that player, and
    what a draw changes besides (a last-card duty lapsing, R4.5; a blocked hand, R3.9)."""
    changed = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    if not changed <= {"counts", "draw_pile", "discard_pile", "announce_due", "callable",
                       "status", "turn", "winner", "skips"}:
        return False
    if after.get("status") != before.get("status") and not _blocked(after):
        return False
    was, now = before.get("counts", {}), after.get("counts", {})
    if was.keys() != now.keys():
        return False
    grew = [now[p] - was[p] for p in was if now[p] != was[p]]
    got = sum(grew)
    piles = (before.get("draw_pile", 0) + before.get("discard_pile", 0)
             - after.get("draw_pile", 0) - after.get("discard_pile", 0))
    return len(grew) <= 1 and 0 <= got <= n and piles == got


def _newly_allowed(rules: dict) -> bool:
    """A table the baseline's validation refused and the decisions allow (R2.2, R8)."""
    return not 2 <= rules["deal_size"] <= 15 or rules["finish_on_action_draw"] == 0


class Result:
    """What ``compare`` found: counts, and the unexplained differences in detail."""

    def __init__(self) -> None:
        self.hands = 0
        self.entries = 0            # entries compared (after the first difference: none)
        self.recorded = 0           # entries recorded
        self.identical = 0
        self.explained: Counter = Counter()
        self.unexplained = 0
        self.failures: list[dict] = []
        self.refused_tables = 0     # tables the candidate's validation refused
        self.newly_allowed = 0      # tables with deal_size 1 or > 15, or foad 0
        self.extra_keys: set[str] = set()
        self.presets: Counter = Counter()
        self.header: dict = {}
        self.recording: Counter = Counter()
        self.refused_by_rule: Counter = Counter()

    def merge(self, other: dict) -> None:
        for key in ("hands", "entries", "recorded", "identical", "unexplained",
                    "refused_tables", "newly_allowed"):
            setattr(self, key, getattr(self, key) + other[key])
        self.explained.update(other["explained"])
        self.failures += other["failures"]
        self.extra_keys |= set(other["extra_keys"])
        self.presets.update(other["presets"])
        self.recording.update(other["recording"])
        self.refused_by_rule.update(other["refused_by_rule"])
        self.header = self.header or other["header"]

    def to_json(self) -> dict:
        return {"hands": self.hands, "entries": self.entries, "recorded": self.recorded,
                "identical": self.identical, "unexplained": self.unexplained,
                "refused_tables": self.refused_tables, "newly_allowed": self.newly_allowed,
                "explained": dict(self.explained), "failures": self.failures,
                "extra_keys": sorted(self.extra_keys), "presets": dict(self.presets),
                "recording": dict(self.recording),
                "refused_by_rule": dict(self.refused_by_rule), "header": self.header}

    def report(self, show: int = 5) -> str:
        """The summary, then up to ``show`` unexplained differences in detail."""
        h = self.header
        out = [f"baseline {h.get('rev', '?')} (seed {h.get('seed', '?')}): "
               f"{self.hands} hands, {self.recorded} entries recorded, "
               f"{self.entries} compared",
               f"  recording: {self.recording.get('scripted hands', 0)} hands typed by hand "
               f"(SCRIPTED), {self.recording.get('noise', 0)} noise entries, "
               f"{self.recording.get('refused', 0)} refused; hands: "
               + ", ".join(f"{k[6:]} {v}" for k, v in sorted(self.recording.items())
                           if k.startswith("stop: ")),
               "  refusals by rule: " + ", ".join(
                   f"{k} {v}" for k, v in self.refused_by_rule.most_common()),
               "  presets as shipped / as a base: " + ", ".join(
                   f"{k} {v}" for k, v in sorted(self.presets.items())),
               f"identical hands: {self.identical}",
               "explained by a decision (first difference; the rest of the hand skipped):"]
        for name, what in DECISIONS.items():
            out.append(f"  {name:28} {self.explained.get(name, 0):7}  {what}")
        out.append(f"rule tables newly allowed (deal_size 1 or > 15, finish_on_action_draw 0): "
                   f"{self.newly_allowed} hands; refused by the candidate's validation: "
                   f"{self.refused_tables} (compared unvalidated)")
        if self.extra_keys:
            out.append(f"the candidate's state() has keys the baseline's has not (not compared): "
                       f"{', '.join(sorted(self.extra_keys))}")
        out.append(f"unexplained: {self.unexplained}")
        for fail in self.failures[:show]:
            out.append(_describe_failure(fail))
        if self.unexplained > show:
            out.append(f"... and {self.unexplained - show} more")
        return "\n".join(out)


def _describe_failure(fail: dict) -> str:
    lines = fail["lines"]
    shown = lines if len(lines) <= 30 else ["..."] + lines[-30:]
    old, new = fail["old"], fail["new"]
    changed = sorted(k for k in set(old["state"]) | set(new["state"])
                     if old["state"].get(k) != new["state"].get(k))
    parts = [f"--- hand {fail['i']}, entry {fail['entry']}: {fail['line']!r}",
             f"  rules ({fail['name']}), differing from standard: {fail['rules_diff']}",
             f"  players {fail['players']}, dealer {fail['dealer']}, hand {fail['number']}",
             f"  lines: {' | '.join(shown)}",
             f"  baseline:  ok={old['ok']} rule={old['rule']} legal={old['legal']}",
             f"  candidate: ok={new['ok']} rule={new['rule']} legal={new['legal']}"
             + (f" text={new['text']!r}" if new.get("text") else "")]
    for key in changed:
        parts.append(f"  state[{key!r}]: baseline {old['state'].get(key)!r}, "
                     f"candidate {new['state'].get(key, '(missing)')!r}")
    if fail.get("error"):
        parts.append("  " + fail["error"].rstrip().replace("\n", "\n  "))
    if fail.get("file"):
        parts.append(f"  (whole hand: {fail['file']})")
    return "\n".join(parts)


def _read(path: Path) -> Iterator[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def _data_files(data: Path) -> list[Path]:
    if data.is_dir():
        files = sorted(data.glob("*.jsonl.gz"))
        if not files:
            raise SystemExit(f"no recorded hands in {data} (run: differential.py record)")
        return files
    return [data]


def compare_hand(candidate: Candidate, record: dict, standard: dict,
                 extra_keys: set | None = None) -> tuple[str, int, Any]:
    """Replay one recorded hand through ``candidate``.

    Returns ``("same", entries, None)``, ``("explained", entries, decision)`` or
    ``("failure", entries, details)``; ``entries`` is how many were compared.  Keys
    of the candidate's ``state()`` that the baseline's lacks go into ``extra_keys``
    (an extension of the contract: not compared)."""
    rules_table = record["rules"]
    rules, _valid = candidate.rules(rules_table, record["name"])
    players, dealer, number = record["players"], record["dealer"], record["number"]
    lines, answers = record["lines"], record["answers"]
    old_state = record["state0"]

    def failure(k: int, old: tuple, new: tuple, error: str = "", text: str = "") -> tuple:
        return "failure", k, {
            "i": record["i"], "entry": k, "line": lines[k - 1] if k else "(the dealt hand)",
            "name": record["name"], "rules": rules_table,
            "rules_diff": {key: v for key, v in rules_table.items() if standard.get(key) != v},
            "players": players, "dealer": dealer, "number": number, "lines": lines[:k],
            "old": {"ok": old[0], "rule": old[1], "legal": old[2], "state": old[3]},
            "new": {"ok": new[0], "rule": new[1], "legal": new[2], "state": new[3],
                    "text": text},
            "error": error}

    try:
        hand = candidate.hand(rules, players, dealer, number)
        state = hand.state()
    except Exception:  # noqa: BLE001 - any exception is a difference to report
        return failure(0, (None, None, None, old_state), (None, None, None, {}),
                       traceback.format_exc())
    if {k: state.get(k, _MISSING) for k in old_state} != old_state:
        return failure(0, (None, None, None, old_state), (None, None, None, state))
    if extra_keys is not None:
        extra_keys.update(state.keys() - old_state.keys())
    turns = None if rules_table["penalty_ends_turn"] else _PenaltyTurns()
    answer = candidate.answer
    for k, (line, (ok, rule, legal, delta)) in enumerate(zip(lines, answers), 1):
        before = old_state
        old_state = {**before, **delta}
        try:
            ruling = hand.apply_line(line)
            new = answer(ruling)
            state = hand.state()
        except Exception:  # noqa: BLE001
            return failure(k, (ok, rule, legal, old_state), (None, None, None, {}),
                           traceback.format_exc())
        if new != (ok, rule, legal) or (state != old_state and {
                key: state.get(key, _MISSING) for key in old_state} != old_state):
            old = (ok, rule, legal, old_state)
            # (keys the baseline's state() has not are not compared: ``extra_keys``)
            new4 = new + ({key: v for key, v in state.items() if key in old_state},)
            decision = explain(rules_table, line, before, old, new4, turns)
            if decision is not None:
                return "explained", k, decision
            try:
                from referee.words.events import told
                text = told(ruling)
            except Exception:  # noqa: BLE001
                text = ""
            return failure(k, old, new4, text=text)
        if turns is not None:
            turns.update(line, before, old_state)
    return "same", len(lines), None


def compare_file(path: Path, show: int = 5, failures_dir: Path | None = None,
                 as_actions: bool = False) -> Result:
    """Compare every hand recorded in ``path`` with the ``referee`` importable now
    (``as_actions``: its rule tables written as the R9 tables, ``actions_form``)."""
    candidate = Candidate(as_actions)
    result = Result()
    header: dict = {}
    for record in _read(path):
        if "format" in record:
            header = record
            result.header = {k: v for k, v in record.items() if k != "standard"}
            continue
        if "summary" in record:
            result.recording.update(record["summary"])
            result.refused_by_rule.update(record["refused_by_rule"])
            continue
        result.hands += 1
        result.recorded += len(record["lines"])
        result.presets[record["name"].rstrip("+")] += 1
        if _newly_allowed(record["rules"]):
            result.newly_allowed += 1
            if not candidate.rules(record["rules"], record["name"])[1]:
                result.refused_tables += 1
        outcome, entries, what = compare_hand(candidate, record, header.get("standard", {}),
                                              result.extra_keys)
        result.entries += entries
        if outcome == "same":
            result.identical += 1
        elif outcome == "explained":
            result.explained[what] += 1
        else:
            result.unexplained += 1
            if failures_dir is not None:
                failures_dir.mkdir(parents=True, exist_ok=True)
                file = failures_dir / f"hand-{record['i']}.json"
                file.write_text(json.dumps({**record, "first_difference": what}, indent=1))
                what["file"] = str(file)
            if len(result.failures) < show:
                result.failures.append(what)
    return result


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------

def _extract(rev: str, into: Path) -> Path:
    """``git archive REV referee house_rules pyproject.toml`` unpacked into ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "referee", "house_rules",
                              "pyproject.toml"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def _run_jobs(commands: list[list[str]], env: dict | None = None) -> list[str]:
    """Run the worker ``commands`` side by side; their stdout, in order (any failure exits)."""
    procs = [subprocess.Popen(c, stdout=subprocess.PIPE, env=env, text=True) for c in commands]
    outs = [p.communicate()[0] for p in procs]
    for p in procs:
        if p.returncode:
            raise SystemExit(f"a worker failed (exit {p.returncode}): {' '.join(p.args)}")
    return outs


def cmd_record(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pesten-baseline-") as tmp:
        tree = _extract(args.rev, Path(tmp))
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.rev],
                             check=True, capture_output=True, text=True).stdout.strip()
        out = Path(args.out)
        if out.suffix == ".gz":  # one file (a fixture): one job
            files, jobs = [out], 1
        else:
            if out.exists():
                for old in out.glob("*.jsonl.gz"):
                    old.unlink()
            out.mkdir(parents=True, exist_ok=True)
            jobs = args.jobs
            files = [out / f"shard-{k}.jsonl.gz" for k in range(jobs)]
        _run_jobs([[sys.executable, "-S", str(Path(__file__).resolve()), "_record",
                    "--tree", str(tree), "--shard", str(k), "--jobs", str(jobs),
                    "--hands", str(args.hands), "--seed", str(args.seed), "--out", str(f),
                    "--rev", rev] for k, f in enumerate(files)])
    size = sum(f.stat().st_size for f in files)
    print(f"record: {args.hands} hands of {rev} (seed {args.seed}) in "
          f"{time.perf_counter() - started:.1f} s, {size / 1e6:.1f} MB in {args.out}")


def cmd_compare(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    tmp = None
    tree = Path(args.tree).resolve()
    label = f"working tree {tree}"
    if args.candidate_rev:
        tmp = tempfile.mkdtemp(prefix="pesten-candidate-")
        tree = _extract(args.candidate_rev, Path(tmp))
        label = f"revision {args.candidate_rev}"
    try:
        files = _data_files(Path(args.data))
        fdir = Path(args.failures)
        if fdir.exists():
            shutil.rmtree(fdir)
        result = Result()
        for k in range(0, len(files), args.jobs):
            outs = _run_jobs([[sys.executable, str(Path(__file__).resolve()), "_compare",
                               "--tree", str(tree), "--data", str(f), "--show", str(args.show),
                               "--failures", str(fdir)] + (["--as-actions"] if args.as_actions
                                                          else [])
                              for f in files[k:k + args.jobs]])
            for out in outs:
                result.merge(json.loads(out))
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"compare: {label}" + (", the rule tables written as [actions] (R9.1)"
                                  if args.as_actions else ""))
    print(result.report(args.show))
    print(f"compare: {time.perf_counter() - started:.1f} s")
    return 1 if result.unexplained else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def record_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--rev", default=BASELINE, help="baseline revision (default %(default)s)")
        p.add_argument("--hands", type=int, default=100_000)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--out", default=str(DATA),
                       help="a folder (one file per job), or one FILE.jsonl.gz")

    def compare_options(p: argparse.ArgumentParser, data: bool = True) -> None:
        if data:
            p.add_argument("--data", default=str(DATA), help="a folder or one .jsonl.gz file")
        p.add_argument("--tree", default=str(ROOT), help="the candidate tree (default: this one)")
        p.add_argument("--candidate-rev", dest="candidate_rev", default=None,
                       help="compare this revision instead of a tree")
        p.add_argument("--show", type=int, default=5, help="unexplained differences shown")
        p.add_argument("--failures", default=str(FAILURES),
                       help="folder for the whole failing hands (emptied first)")
        p.add_argument("--as-actions", dest="as_actions", action="store_true",
                       help="write every rule table as the [actions] tables today's keys "
                            "expand to (RULES.md R9.1), then compare")

    p = sub.add_parser("record", help="record the baseline's answers")
    record_options(p)
    p.add_argument("--jobs", type=int, default=2)
    p = sub.add_parser("compare", help="compare a candidate with the recording")
    compare_options(p)
    p.add_argument("--jobs", type=int, default=2)
    p = sub.add_parser("run", help="record, then compare")
    record_options(p)
    compare_options(p, data=False)
    p.add_argument("--jobs", type=int, default=2)
    p = sub.add_parser("_record")  # a worker: inside the baseline tree
    for name in ("--tree", "--out", "--rev"):
        p.add_argument(name, required=True)
    for name in ("--shard", "--jobs", "--hands", "--seed"):
        p.add_argument(name, type=int, required=True)
    p = sub.add_parser("_compare")  # a worker: with the candidate's referee
    for name in ("--tree", "--data", "--failures"):
        p.add_argument(name, required=True)
    p.add_argument("--show", type=int, default=5)
    p.add_argument("--as-actions", dest="as_actions", action="store_true")

    args = parser.parse_args(argv)
    if args.command == "record":
        cmd_record(args)
        return 0
    if args.command == "compare":
        return cmd_compare(args)
    if args.command == "run":
        cmd_record(args)
        args.data = args.out
        return cmd_compare(args)
    if args.command == "_record":
        _record_shard(Path(args.tree), args.shard, args.jobs, args.hands, args.seed,
                      Path(args.out), args.rev)
        return 0
    # _compare
    tree = Path(args.tree)
    sys.path.insert(0, str(tree))
    import referee
    where = Path(referee.__file__).resolve()
    if tree.resolve() not in where.parents:
        raise SystemExit(f"the candidate's referee did not import from {tree} ({where})")
    result = compare_file(Path(args.data), args.show, Path(args.failures), args.as_actions)
    print(json.dumps(result.to_json()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
