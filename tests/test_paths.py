"""The engine's one way to end a hand, one fast path and the order of what governs a
card (R6.1, R0.3, R5.7, R5.11, R9.6, R9.9, R3.1-R3.3): each written once, the
others read it."""

from __future__ import annotations

import random

from conftest import make_hand
from referee.engine import Hand, matching
from referee.engine.cards import parse_card
from referee.engine.notation import Draw, Play
from referee.engine.rules import HouseRules


def test_R6_1_a_correction_that_ends_the_hand_lapses_the_pending_penalty():
    """R6.1: the hand ends at once, and nothing acts after it: a penalty pending when
    a correction empties the hand lapses, as after a play that empties it."""
    hand = make_hand(lines=["start 9h", "2h"])          # Anna: a Two for Bram
    assert hand.pending == 2 and hand.turn == "Bram"
    ruling = hand.apply_line("fix count Bram 0")       # the table: Bram holds no card
    assert ruling.ok
    state = hand.state()
    assert state["status"] == "over" and state["winner"] == "Bram"
    assert state["pending_draw"] == 0 and state["turn"] is None
    assert hand.end_record()["pending"] == 0


def test_R6_1_every_way_a_hand_ends_leaves_nothing_pending():
    """Won on a card, by a correction, by the last player in (R1.5) or blocked (R3.9):
    the hand is over, nobody is to act and no penalty is pending."""
    ways = [
        ["start 9h", "fix count Anna 1", "9c"],        # Anna goes out on a card
        ["start 9h", "2h", "fix count Bram 0"],           # a correction (R0.2)
        ["start 9h", "2h", "leave Anna", "leave Cees"],   # the last player in (R1.5)
    ]
    for lines in ways:
        hand = make_hand(lines=lines)
        assert hand.status == "over", lines
        assert hand.turn is None and hand.pending == 0 and hand.pending_kind is None, lines
        assert hand.winner is not None, lines


def test_R0_3_what_governs_the_next_card_in_its_order():
    """R0.3: a pending penalty (R5.7) before a skip passed on (R5.11) before a limit
    (R9.6, R9.9) before matching (R3.1-R3.3); the refusal, the rule of a legal card
    and the mask read the same order."""
    hand = make_hand(lines=["start 9h"])
    five = parse_card("5c")
    assert matching.governs(hand) is matching.MATCH
    assert matching.card_refusal(hand, five).event.rule == "R3.1"
    hand.limit = ("at_most", 5)
    assert matching.governs(hand) is matching.LIMIT
    assert matching.rule_of(hand, five) == "R9.9"
    hand.pending_skip, hand.skip_rank = 1, "8"
    assert matching.governs(hand) is matching.SKIP
    assert matching.card_refusal(hand, five).event.rule == "R5.11"
    hand.pending, hand.pending_kind = 2, "2"
    assert matching.governs(hand) is matching.PENALTY
    assert matching.card_refusal(hand, five).event.rule == "R5.7"
    assert matching.rule_of(hand, five) == "R5.7"
    assert matching.play_mask(hand, 3) == hand.tables.stackers.get("2", 0)


def test_R0_3_push_and_the_checked_path_agree_on_every_offered_action():
    """``Hand.push`` (the one unchecked path) applies what ``legal`` offers as the
    checked path does: the same events' rules and the same state, hand after hand."""
    rng = random.Random(31)
    for rules in (HouseRules(), HouseRules(penalty_ends_turn=False, draw_then_play=True)):
        for _ in range(8):
            pushed = Hand(rules, ["Anna", "Bram", "Cees"], "Cees")
            checked = Hand(rules, ["Anna", "Bram", "Cees"], "Cees")
            for h in (pushed, checked):
                assert h.apply_line("start 9h").ok
            for _ in range(80):
                if pushed.status != "playing":
                    break
                legal = pushed.legal()
                options = [Play(c, "s" if pushed.tables.names[c.id] else None)
                           for c in legal.plays]
                options += [Draw(c, "s" if pushed.tables.names[c.id] else None)
                            for c in legal.draw_plays]
                if legal.draw_open:
                    options.append(Draw())
                action = rng.choice(options) if options else None
                if action is None:
                    break
                events = pushed.push(action)
                ok, ruled, _, _ = checked.apply_parsed(_line(action))
                assert ok, (action, checked.state())
                assert [e.rule for e in events] == [e.rule for e in ruled]
                assert pushed.state() == checked.state()


def _line(action):
    from referee.engine.notation import Line
    return Line("entry", None, (action,))
