"""An independent oracle of the rules, checked against the engine entry by entry.

The engine states each rule once (``compiled.matches``, ``compiled.stacks``,
``actions.effect``, ``order``, ``goingout``, ``lastcard``, ``turn``), and its
other tests compare it with itself where it compiles a rule into a table.
This file states the rules a second time, in a different shape and knowing
nothing of the engine's code (only its public state: ``Hand`` fields and
``state()``), and plays random hands through the checked path
(``Hand.apply_line``) under many rule sets:

- before every entry, what ``legal()`` offers (plays and ``d CARD``) must be
  what the oracle allows: matching (R3.1-R3.3, ``jack_wild``,
  ``jack_on_jack``), stacking (R5.7, ``stacking``), not going out on an action
  card (R6.2, ``finish_on_action``), ``d CARD`` (R3.4, R5.7
  ``penalty_ends_turn``, the owed draw of R6.2, exhausted piles R3.6);
- after every accepted play or draw, the turn, the direction, the turns to
  miss, the pending penalty and the cards drawn must be the oracle's: the next
  seat (R5 preamble), Sevens, Eights, Aces, Kings, Fours, Fives (R5.2-R5.10),
  the penalty's arithmetic (R5.1, R5.6, ``joker_stack``) and the player it
  falls on, drawn at once by a player who must miss the turn (R5 preamble),
  the draw of what exists (R3.5, R3.6);
- after every entry the last-card windows (R4.1, R4.2, R4.5) and the blocked
  hand (R3.9: piles exhausted and every player in the hand had a blank turn)
  must be the oracle's.
"""

from __future__ import annotations

import random

import pytest

from referee.engine.cards import CARDS, JOKER
from referee.engine import Hand
from referee.engine.rules import HouseRules
from referee.words.events import told

NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva"]
SUITS = "cdhs"
PENALTY = {"2", JOKER}


# ---------------------------------------------------------------------------
# The oracle: the rules as RULES.md says them, written again
# ---------------------------------------------------------------------------

def acting_ranks(rules: HouseRules) -> set[str]:
    """R8: the ranks with an effect (R8.4: in free order Seven, Eight, Four have none)."""
    ranks = {"2", "J", "A", JOKER}
    if rules.turn_order != "free":
        ranks |= {"7", "8"}
        if rules.four == "skip_two":
            ranks.add("4")
    if rules.king != "none":
        ranks.add("K")
    if rules.five != "none":
        ranks.add("5")
    return ranks


def goes_on(rules, card, top, named) -> bool:
    """R3.1-R3.3: may ``card`` go on ``top`` with ``named`` in force?"""
    if JOKER in (card.rank, top.rank):
        return True
    if card.rank == "J" and rules.jack_wild:  # (R9.8: any card, a named suit included)
        return True
    if named:
        if card.suit == named:
            return True
        return card.rank == top.rank == "J" and rules.jack_on_jack
    return card.suit == top.suit or card.rank == top.rank


def answers(rules, card, kind) -> bool:
    """R5.7: may ``card`` go on a pending penalty made by a ``kind``?"""
    if card.rank not in PENALTY or rules.stacking == "none":
        return False
    return rules.stacking == "cumulative" or card.rank == kind


def may_put(rules, h, card, left_after: int) -> bool:
    """Whether ``card`` may go on the discard pile now, by a player left with
    ``left_after`` cards (the deck aside)."""
    if h.pending:
        ok = answers(rules, card, h.pending_kind)
    else:
        ok = goes_on(rules, card, h.top, h.named_suit)
    if left_after == 0 and card.rank in acting_ranks(rules) and not rules.finish_on_action:
        return False  # R6.2
    return ok


def cards_left(h) -> int:
    """What a draw can bring: the draw pile, then the discard pile but its top (R3.5)."""
    return h.draw_pile + len(h.discard) - 1


def oracle_plays(rules, h, player) -> set[str]:
    held = h.counts[player]
    return {str(c) for c in CARDS if may_put(rules, h, c, held - 1)}


def oracle_draw_plays(rules, h, player) -> set[str]:
    """R3.4, R5.7, R6.2, R3.6: the cards ``d CARD`` may name now (the deck aside)."""
    if not rules.draw_then_play:
        return set()
    held = h.counts[player]
    if h.pending:
        if rules.penalty_ends_turn:
            return set()
        # The penalty taken first (what exists of it), then an ordinary play.
        after = held + min(h.pending, cards_left(h))
        return {str(c) for c in CARDS if goes_on(rules, c, h.top, None)
                and not (after == 1 and c.rank in acting_ranks(rules)
                         and not rules.finish_on_action)}
    owed = h.owed.get(player)
    if owed is not None and owed != 1:
        return set()
    if cards_left(h) == 0:
        return set()  # R3.6: nothing to draw
    return {str(c) for c in CARDS if goes_on(rules, c, h.top, h.named_suit)}


class Seats:
    """The oracle's turn order: seats, direction and turns to miss (R1.2, R5.9)."""

    def __init__(self, h):
        self.seats, self.d, self.skips = list(h.active), h.direction, dict(h.skips)

    def after(self, p: str) -> str:
        return self.seats[(self.seats.index(p) + self.d) % len(self.seats)]

    def miss(self, p: str) -> None:
        self.skips[p] -= 1
        if not self.skips[p]:
            del self.skips[p]

    def pass_from(self, p: str, lose_next: bool = False) -> str:
        q = self.after(p)
        if lose_next:
            q = self.after(q)
        while self.skips.get(q):
            self.miss(q)
            q = self.after(q)
        return q


def expect_play(rules, h, player, card) -> dict:
    """The oracle's turn, direction, skips and penalty after ``player`` plays ``card``
    in seated order (the hand not emptied)."""
    s = Seats(h)
    pending, kind = h.pending, h.pending_kind
    rank = card.rank
    acts = rank in acting_ranks(rules)
    turn = None
    if not acts or rank in ("J", "5"):
        turn = s.pass_from(player)
    elif rank in PENALTY:
        if rank == "2":
            pending += 2
        elif pending and kind == JOKER and rules.joker_stack == "double":
            pending *= 2
        else:
            pending += rules.joker_penalty
        kind = rank
        target = s.after(player)
        if s.skips.get(target):      # (must miss the turn: drawn at once)
            pending, kind = 0, None
            s.miss(target)
            turn = s.pass_from(target)
        else:
            turn = target
    elif rank == "7":
        turn = player
    elif rank == "8":
        turn = s.pass_from(player, lose_next=True)
    elif rank == "A":
        s.d = -s.d
        turn = player if len(s.seats) == 2 else s.pass_from(player)
    elif rank == "K":
        if rules.king == "draw_one":
            turn = s.pass_from(player)
        else:
            s.d = -s.d
            turn = s.pass_from(player, lose_next=True)
    elif rank == "4":
        victim = s.after(player)
        s.skips[victim] = s.skips.get(victim, 0) + 2
        turn = s.pass_from(player)
    return {"turn": turn, "direction": s.d, "skips": s.skips, "pending": pending}


def expect_draw(rules, h, player) -> dict:
    """The oracle's cards drawn, turn and penalty after a plain ``d`` in seated order."""
    s = Seats(h)
    if h.pending:
        n = min(h.pending, cards_left(h))
        turn = s.pass_from(player) if rules.penalty_ends_turn else player
    else:
        n = min(h.owed.get(player, 1), cards_left(h))
        turn = s.pass_from(player)
    return {"turn": turn, "direction": s.d, "skips": s.skips, "pending": 0,
            "count": h.counts[player] + n}


def windows_after(before: dict, actor: str, kind: str, counts_before: dict, h) -> dict:
    """R4.1, R4.2, R4.5: the last-card states after ``actor``'s accepted ``kind``
    (``"play"`` or ``"draw"``), from ``before``."""
    lk = {p: ("missed" if s == "open" and p != actor else s) for p, s in before.items()}
    for p, n in h.counts.items():
        if n != counts_before.get(p):
            lk.pop(p, None)        # R4.5: the count changed
    if kind == "play":
        lk.pop(actor, None)
        if h.counts[actor] == 1:
            lk[actor] = "open"     # R4.1: one card left
    return lk


class Blank:
    """The oracle's R3.9: who had a blank turn (neither a card played nor one brought)
    since the last card played."""

    def __init__(self):
        self.idle: set[str] = set()
        self.brought: str | None = None  # a penalty that brought cards began this turn

    def play(self):
        self.idle.clear()
        self.brought = None

    def draw(self, rules, player, was_pending, got):
        if was_pending:
            if rules.penalty_ends_turn or rules.turn_order == "free":
                if got == 0:
                    self.idle.add(player)
                self.brought = None
            else:
                self.brought = player if got else None
            return
        if got == 0 and self.brought != player:
            self.idle.add(player)
        self.brought = None


# ---------------------------------------------------------------------------
# Driving hands through the engine
# ---------------------------------------------------------------------------

RULE_SETS = [
    HouseRules(name="standard"),
    HouseRules(name="small", deal_size=2),
    HouseRules(name="cumulative", stacking="cumulative", deal_size=3),
    HouseRules(name="double", stacking="cumulative", joker_stack="double", decks=2),
    HouseRules(name="double-same", joker_stack="double", decks=2, deal_size=4),
    HouseRules(name="no-stacking", stacking="none", deal_size=3),
    HouseRules(name="wild", jack_wild=True, deal_size=3),
    HouseRules(name="wild-narrow", jack_wild=True, jack_on_jack=False, deal_size=3),
    HouseRules(name="narrow", jack_on_jack=False),
    HouseRules(name="finish", finish_on_action=True, joker_penalty=3, deal_size=2),
    HouseRules(name="hard", four="skip_two", five="all_draw_one", king="reverse_skip",
               deal_size=3),
    HouseRules(name="king-draw", king="draw_one", four="skip_two", deal_size=3),
    HouseRules(name="plays-on", penalty_ends_turn=False, deal_size=2),
    HouseRules(name="plays-on-owed", penalty_ends_turn=False, finish_on_action_draw=2,
               deal_size=2),
    HouseRules(name="owed-none", finish_on_action_draw=0, deal_size=2),
    HouseRules(name="no-draw-play", draw_then_play=False, deal_size=3),
    HouseRules(name="free", turn_order="free", deal_size=3),
    HouseRules(name="free-hard", turn_order="free", king="reverse_skip", five="all_draw_one",
               deal_size=3),
]


def play_hand(rules, players, rng, seen, wrong, steps=160, draw_rate=0.35):
    hand = Hand(rules, players, players[-1])
    hand.apply_line("start " + rng.choice(["9h", "5c", "Kd", "3s", "6d"]))
    blank = Blank()
    free = rules.turn_order == "free"
    for _ in range(steps):
        if hand.status != "playing":
            break
        who = hand.turn or rng.choice(hand.active)
        legal = hand.legal(who)
        plays = {str(c) for c in CARDS if legal.mask >> c.id & 1}
        draws = {str(c) for c in CARDS if legal.draw_mask >> c.id & 1}
        want, want_d = oracle_plays(rules, hand, who), oracle_draw_plays(rules, hand, who)
        seen["positions"] += 1
        seen["pending"] += bool(hand.pending)
        seen["draw_plays"] += bool(want_d)
        seen["last_card"] += hand.counts[who] == 1
        seen["exhausted"] += cards_left(hand) == 0
        seen["owed"] += who in hand.owed
        if plays != want:
            wrong.append(f"{rules.name}: {who} may play {sorted(plays ^ want)} "
                         f"(engine {sorted(plays)}) on {hand.state()}")
        if draws != want_d:
            wrong.append(f"{rules.name}: {who} d CARD {sorted(draws ^ want_d)} "
                         f"(engine {sorted(draws)}) on {hand.state()}")
        prefix = who + ": "
        mine = [c for c in legal.plays]
        before_lk, before_counts = dict(hand.last_card), dict(hand.counts)
        was_pending = hand.pending
        roll = rng.random()
        if roll < 0.3 and hand.counts[who] == 1 and not hand.pending:
            # Going out on an action card (R6.2: refused, a draw owed).
            card = next((c for c in CARDS if c.rank in acting_ranks(rules)
                         and goes_on(rules, c, hand.top, hand.named_suit)), None)
            if card is not None:
                hand.apply_line(prefix + (f"{card} {rng.choice(SUITS)}" if card.rank == "J"
                                          else str(card)))
                continue
        if mine and roll > draw_rate:
            card = rng.choice(mine)
            expected = None if free or hand.counts[who] == 1 else \
                expect_play(rules, hand, who, card)
            text = f"{card} {rng.choice(SUITS)}" if card.rank == "J" else str(card)
            if rng.random() < 0.5 and hand.counts[who] == 2:
                text += " lk"
            r = hand.apply_line(prefix + text)
            if not r.ok:
                wrong.append(f"{rules.name}: {who} {text} refused: {told(r)}")
                break
            blank.play()
            seen["plays"] += 1
            seen[card.rank] += 1
            if expected is not None:
                got = {"turn": hand.turn, "direction": hand.direction, "skips": hand.skips,
                       "pending": hand.pending}
                if hand.status == "playing" and got != expected:
                    wrong.append(f"{rules.name}: {who} played {card}: engine {got}, "
                                 f"oracle {expected}")
                seen["aimed_back"] += card.rank in PENALTY and hand.direction == -1
            if hand.status == "playing":
                lk = windows_after(before_lk, who, "play", before_counts, hand)
                if "lk" in text:
                    lk[who] = "announced"
                if hand.last_card != lk:
                    wrong.append(f"{rules.name}: {who} {text}: windows {hand.last_card}, "
                                 f"oracle {lk}")
        else:
            expected = None if free else expect_draw(rules, hand, who)
            r = hand.apply_line(prefix + "d")
            if not r.ok:
                wrong.append(f"{rules.name}: {who} d refused: {told(r)}")
                break
            got_cards = hand.counts[who] - before_counts[who]
            blank.draw(rules, who, was_pending, got_cards)
            seen["draws"] += 1
            if expected is not None:
                got = {"turn": hand.turn, "direction": hand.direction, "skips": hand.skips,
                       "pending": hand.pending, "count": hand.counts[who]}
                if hand.status == "playing" and got != expected:
                    wrong.append(f"{rules.name}: {who} d: engine {got}, oracle {expected}")
            lk = windows_after(before_lk, who, "draw", before_counts, hand)
            if hand.status == "playing" and hand.last_card != lk:
                wrong.append(f"{rules.name}: {who} d: windows {hand.last_card}, oracle {lk}")
        blocked = cards_left(hand) == 0 and all(p in blank.idle for p in hand.active)
        if hand.blocked != blocked:
            wrong.append(f"{rules.name}: blocked {hand.blocked}, oracle {blocked} "
                         f"(idle {sorted(blank.idle)}) on {hand.state()}")
            break
        seen["blocked"] += hand.blocked
        if wrong:
            break
    return hand


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_the_engine_agrees_with_an_independent_oracle(rules):
    rng = random.Random(rules.name)
    seen: dict = {k: 0 for k in ("positions", "pending", "draw_plays", "last_card",
                                 "exhausted", "owed", "plays", "draws", "aimed_back",
                                 "blocked")}
    seen.update({c.rank: 0 for c in CARDS})
    wrong: list[str] = []
    for g in range(50):
        players = NAMES[:2 + g % 4]
        play_hand(rules, players, rng, seen, wrong, draw_rate=(0.3, 0.7, 0.95)[g % 3])
        assert not wrong, wrong[:3]
    # The hands met the cases the oracle decides, so that a change of a rule shows.
    assert seen["positions"] > 1000 and seen["pending"] > 20, seen
    assert seen["last_card"] > 20 and seen["exhausted"] > 0, seen
    if rules.draw_then_play:
        assert seen["draw_plays"] > 100, seen
    assert seen["A"] > 10 and seen["2"] > 10, seen
    if rules.turn_order != "free":
        assert seen["aimed_back"] > 0 and seen["8"] > 10 and seen["7"] > 10, seen


def test_the_oracle_meets_blocked_hands_and_owed_draws():
    """Hands long on draws run the piles dry (R3.6) and end blocked (R3.9); hands of
    two cards each meet R6.2's owed draw."""
    seen: dict = {"blocked": 0, "owed": 0, "exhausted": 0}
    rng = random.Random(9)
    for g in range(60):
        rules = RULE_SETS[g % len(RULE_SETS)]
        seen2: dict = {k: 0 for k in ("positions", "pending", "draw_plays", "last_card",
                                      "exhausted", "owed", "plays", "draws", "aimed_back",
                                      "blocked")}
        seen2.update({c.rank: 0 for c in CARDS})
        wrong: list[str] = []
        if g % 2:
            play_hand(rules.replace(deal_size=max(rules.deal_size, 9)), NAMES[:5], rng, seen2,
                      wrong, steps=400, draw_rate=0.97)
        else:
            play_hand(rules.replace(deal_size=2), NAMES[:3], rng, seen2, wrong, draw_rate=0.3)
        assert not wrong, wrong[:3]
        for k in seen:
            seen[k] += seen2[k]
    assert seen["blocked"] > 0 and seen["owed"] > 0 and seen["exhausted"] > 0, seen
