"""The legality API (``Hand.legal``) against the checked path, card by card.

``Legal`` is built from the checks the referee applies (``turn.play_mask``,
``turn.draw_play_mask``), so it cannot disagree with a ruling; these tests hold
it to that.  Over random hands of every preset and random combinations of the
house-rule keys, at every position: every play, every ``d CARD`` and the plain
``d`` that ``legal()`` offers a player is accepted by ``Hand.entry`` (the
checked path, tried and put back), and every one it leaves out is refused; a
Jack needs a suit exactly when ``Legal.names_suit`` says so (R5.4).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.cards import CARDS
from referee.engine import Hand, Reason
from referee.engine.state import Snapshot
from referee.engine.notation import parse_line
from referee.engine.rules import HouseRules
from referee.series.presets import load_rules

PRESETS = ("standard", "family", "hard", "cumulative", "fast", "tournament")
NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fien"]

# Keys that change what may be played or drawn, and values to try (R5-R8).
KEY_VALUES = {
    "deal_size": [1, 2, 3, 7],
    "jokers": [True, False],
    "stacking": ["same", "cumulative", "none"],
    "joker_stack": ["add", "double"],
    "jack_wild": [False, True],
    "jack_on_jack": [True, False],
    "finish_on_action": [False, True],
    "finish_on_action_draw": [0, 1, 2],
    "penalty_ends_turn": [True, False],
    "draw_then_play": [True, False],
    "illegal_play_penalty": [0, 1],
    "king": ["none", "draw_one", "reverse_skip"],
    "four": ["none", "skip_two"],
    "five": ["none", "all_draw_one"],
    "turn_order": ["seated", "free"],
    "start_card": ["no_effect", "applies"],
}

_PARSED: dict = {}


def parsed(hand: Hand, text: str):
    """``text`` as ``hand`` reads it (``Hand.parse``: its rules say after which card a
    lone ``d`` is diamonds), kept by rule set."""
    key = (text, hand.tables)
    line = _PARSED.get(key)
    if line is None:
        line = _PARSED[key] = hand.parse(text)
    return line


def accepted(hand: Hand, text: str) -> tuple[bool, object]:
    """Whether the checked path accepts ``text`` now (tried, then put back), and the
    refusal's reason."""
    snap = Snapshot(hand)
    ok, events, _logged, _actor = hand.entry(parsed(hand, text))
    snap.restore(hand)
    return ok, (None if ok else events[0].reason)


def typed(card, suit: str | None = "s") -> str:
    """A card as typed, a Jack with ``suit`` named."""
    return f"{card} {suit}" if card.rank == "J" and suit else str(card)


def check_position(hand: Hand, player: str) -> int:
    """Every play and draw ``hand.legal(player)`` offers is accepted by the checked
    path, every one it leaves out refused; returns how many were offered."""
    legal = hand.legal(player)
    prefix = player + ": "
    offered = 0
    ok, _ = accepted(hand, prefix + "d")
    assert ok == legal.draw, (player, "d", hand.state())
    for card in CARDS:
        ok, why = accepted(hand, prefix + typed(card))
        assert ok == legal.may_play(card), (player, str(card), why, hand.state())
        ok_d, why_d = accepted(hand, prefix + "d " + typed(card))
        assert ok_d == legal.may_draw_play(card), (player, "d " + str(card), why_d,
                                                   hand.state())
        offered += ok + ok_d
        if card.rank == "J" and ok:
            _, bare = accepted(hand, prefix + str(card))
            assert (bare is Reason.JACK_SUIT) == legal.names_suit(card), (player, str(card))
        if card.rank == "J" and ok_d and legal.draw_plays_drawn_card:
            _, bare = accepted(hand, prefix + "d " + str(card))
            assert (bare is Reason.JACK_SUIT) == legal.names_suit(card, drawn=True)
    return offered


def step(hand: Hand, rng: random.Random, draw_rate: float) -> None:
    """One random entry: mostly a legal play or draw, sometimes a card that may not go
    (R3.8, R6.2: effect-bearing refusals) or ``d CARD``."""
    who = hand.turn or rng.choice(hand.active)
    legal = hand.legal(who)
    prefix = who + ": "
    roll = rng.random()
    if roll < 0.1:
        pool = CARDS
        if hand.counts[who] == 1 and not hand.pending:  # (going out on an action card)
            fits = hand.tables.fits(hand.top, hand.named_suit)
            pool = [c for c in CARDS if hand.tables.action[c.id] and fits >> c.id & 1]
        hand.apply_line(prefix + typed(rng.choice(pool), rng.choice("cdhs")))
        return
    plays = legal.plays
    if plays and roll > draw_rate:
        hand.apply_line(prefix + typed(rng.choice(plays), rng.choice("cdhs")))
        return
    draws = legal.draw_plays
    if draws and rng.random() < 0.3:
        hand.apply_line(prefix + "d " + typed(rng.choice(draws), rng.choice("cdhs")))
        return
    hand.apply_line(prefix + "d")


@st.composite
def tables(draw):
    rules = load_rules(draw(st.sampled_from(PRESETS)))
    keys = draw(st.lists(st.sampled_from(sorted(KEY_VALUES)), max_size=6, unique=True))
    changes = {k: draw(st.sampled_from(KEY_VALUES[k])) for k in keys}
    if changes.get("deal_size") == 1:
        changes["deal_size"] = 2 if rules.start_card == "applies" else 1
    rules = rules.replace(**changes)
    players = NAMES[:draw(st.sampled_from([2, 3, 4, 6]))]
    return rules, players


@settings(max_examples=30, deadline=None, derandomize=True)
@given(table=tables(), seed=st.integers(0, 2**32), draw_rate=st.sampled_from([0.2, 0.6, 0.9]))
def test_R0_3_legal_offers_exactly_what_the_checked_path_accepts(table, seed, draw_rate):
    rules, players = table
    rng = random.Random(seed)
    hand = Hand(rules, players, players[-1])
    starter = rng.choice(["9h", "5c", "Kd", "3s", "2h", "Jc", "Ad"])
    if not hand.apply_line("start " + starter).ok:
        hand.apply_line("start 9h")
    for _ in range(40):
        if hand.status != "playing":
            break
        acting = hand.turn or rng.choice(hand.active)
        check_position(hand, acting)
        other = rng.choice(hand.active)
        if other != acting:
            check_position(hand, other)  # (nobody else may act: nothing offered, R3.7)
        step(hand, rng, draw_rate)


def test_R0_3_the_positions_meet_the_draw_conditions():
    """The positions met include those where R5.7, R6.2 and R3.6 decide ``d CARD``:
    a penalty pending under ``penalty_ends_turn = false``, an owed draw, exhausted piles."""
    seen = {"pending_draw_play": 0, "owed": 0, "exhausted": 0, "last_card": 0}
    rng = random.Random(3)
    for g in range(60):
        rules = HouseRules(deal_size=2 + g % 3, penalty_ends_turn=g % 2 == 0,
                           finish_on_action_draw=g % 3, stacking=("same", "none")[g % 2])
        players = NAMES[:2 + g % 5]
        hand = Hand(rules, players, players[-1])
        hand.apply_line("start 9h")
        for _ in range(80):
            if hand.status != "playing":
                break
            who = hand.turn
            seen["pending_draw_play"] += bool(hand.pending and hand.legal(who).draw_mask)
            seen["owed"] += bool(hand.owed.get(who))
            seen["exhausted"] += hand.exhausted
            seen["last_card"] += hand.counts[who] == 1
            if hand.pending or hand.owed or hand.exhausted or hand.counts[who] == 1:
                check_position(hand, who)
            step(hand, rng, 0.9 if g % 4 == 0 else 0.5)
    assert all(seen.values()), seen


def test_R3_5_d_card_on_an_empty_draw_pile_may_name_a_card_the_reshuffle_brings_back():
    """``d CARD`` on an empty draw pile reshuffles first (R3.5), so a card lying under
    the top card may be drawn and played (R1.4 counts the pile after the reshuffle)."""
    from conftest import drain, make_hand
    from referee.engine.cards import parse_card

    hand = make_hand(lines=["start 9h", "9c"])
    drain(hand)                                  # draw pile empty; the discard pile 9h 9c
    nine = parse_card("9h")
    assert hand.draw_pile == 0 and nine in hand.copies
    assert hand.legal().may_draw_play(nine)
    assert accepted(hand, hand.turn + ": d 9h") == (True, None)
    assert not hand.legal().may_play(nine)       # (as a play from the hand: R1.4, one deck)
