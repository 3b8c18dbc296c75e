"""The rule decisions of RULES.md that changed rulings (one test each, named after
its rule id), the order and wording of what a ruling tells, and the one legality
API (``Hand.legal``, ``legality.refusal``) with its unchecked ``Hand.push``
against the checked path."""

from __future__ import annotations

import random

import pytest

from conftest import drain, make_hand, play, refused
from referee.engine.cards import CARDS
from referee.engine import Hand, Reason, legality
from referee.engine import events as E
from referee.engine.notation import Draw, Play
from referee.engine.rules import HouseRules
from referee.series.presets import load_rules
from referee.words.events import told

# ---------------------------------------------------------------------------
# The decisions
# ---------------------------------------------------------------------------


def test_R2_2_a_deal_of_one_card_plays():
    hand = make_hand(HouseRules(deal_size=1), lines=["start 9h"])
    assert hand.state()["counts"] == {"Anna": 1, "Bram": 1, "Cees": 1}
    assert hand.draw_pile == 54 - 3 - 1
    r = hand.apply_line("9c")
    assert (r.ok, r.rule, hand.winner) == (True, "R6.1", "Anna")


def test_R6_2_finish_on_action_draw_zero_draws_nothing_and_the_turn_passes():
    rules = HouseRules(deal_size=2, finish_on_action_draw=0)
    hand = make_hand(rules, lines=["start 9h", "9c lk", "d", "d"])
    r = hand.apply_line("8c")                      # Anna would go out on an Eight
    assert (r.ok, r.rule, r.logged) == (False, "R6.2", True)
    assert "draws nothing" in told(r)
    refused(hand, "d 5c", "R6.2")                  # the owed draw is not one card
    before = hand.draw_pile
    r = hand.apply_line("d")
    assert (r.ok, r.rule) == (True, "R6.2")
    assert hand.draw_pile == before and hand.counts["Anna"] == 1
    assert hand.turn == "Bram" and "draws nothing" in told(r)
    assert not hand.owed


def test_R5_7_d_card_on_a_penalty_takes_it_then_plays_the_card():
    rules = HouseRules(penalty_ends_turn=False)
    hand = make_hand(rules, lines=["start 9h", "2h"])
    r = hand.apply_line("d 5h")                    # Bram takes 2, then plays 5h on the 2h
    assert (r.ok, r.rule) == (True, "R3.1")        # an ordinary play cites its own rule
    st = hand.state()
    assert (st["top"], st["pending_draw"], st["turn"]) == ("5h", 0, "Cees")
    assert st["counts"]["Bram"] == 7 + 2 - 1 and st["draw_pile"] == 32 - 2
    kinds = [type(e) for e in r.events]
    assert kinds[:2] == [E.Drew, E.Played] and r.events[0].cause == E.Drew.PENALTY
    hand = make_hand(rules, lines=["start 9h", "2h"])
    r = hand.apply_line("d 8h")                    # ... an action card cites its rule
    assert (r.ok, r.rule, hand.turn) == (True, "R5.3", "Anna")
    hand = make_hand(rules, lines=["start 9h", "2h"])
    refused(hand, "d 5c", "R3.1")                  # the card must match the 2h: nothing taken


def test_R5_7_d_card_on_a_penalty_with_the_draw_pile_empty_takes_it_before_the_reshuffle():
    """R3.5 reshuffles first only a ``d CARD`` without a penalty; with one, the
    penalty is taken first (its draw runs the pile out and reshuffles, R3.5)."""
    hand = make_hand(HouseRules(penalty_ends_turn=False), lines=["start 9h"])
    drain(hand)
    play(hand, "2h")                               # the 9h can be reshuffled again
    r = hand.apply_line("d 5h")
    assert r.ok, told(r)
    kinds = [type(e) for e in r.events]
    assert kinds.index(E.Drew) < kinds.index(E.Reshuffled), kinds
    assert r.events[0].cause == E.Drew.PENALTY


def test_R5_7_d_card_on_a_penalty_is_refused_under_R3_4_without_draw_then_play():
    rules = HouseRules(penalty_ends_turn=False, draw_then_play=False)
    hand = make_hand(rules, lines=["start 9h", "2h"])
    refused(hand, "d 5h", "R3.4")
    hand = make_hand(HouseRules(draw_then_play=False), lines=["start 9h", "2h"])
    refused(hand, "d 5h", "R5.7")                  # penalty_ends_turn = true: R5.7 first


def test_R3_8_no_illegal_play_draw_for_d_card_refused_by_R5_7_or_R3_4():
    hand = make_hand(HouseRules(illegal_play_penalty=1), lines=["start 9h", "2h"])
    refused(hand, "d 5h", "R5.7")                  # refused() asserts: nothing drawn, not logged
    hand = make_hand(HouseRules(illegal_play_penalty=1, draw_then_play=False),
                     lines=["start 9h"])
    refused(hand, "d 5h", "R3.4")
    # A card of ``d CARD`` refused for matching is still an illegal play (R3.8).
    hand = make_hand(HouseRules(illegal_play_penalty=1), lines=["start 9h"])
    r = hand.apply_line("d 5c")
    assert (r.ok, r.rule, r.logged) == (False, "R3.8", True)
    assert hand.counts["Anna"] == 8


def test_R3_9_taking_a_penalty_and_what_follows_are_one_turn():
    hand = make_hand(HouseRules(penalty_ends_turn=False), lines=["start 9h"])
    drain(hand)                                    # draw pile empty, discard 9h: exhausted
    x = hand.turn
    play(hand, "2h")                               # the 9h can be reshuffled again
    y = hand.turn
    r = play(hand, "d")                            # y takes the penalty: 1 card, 1 forgiven
    assert hand.turn == y and hand.exhausted
    assert [e.n for e in r.events if type(e) is E.Drew] == [1]
    play(hand, "d")                                # nothing: still not a blank turn
    z = hand.turn
    play(hand, "d")                                # z: blank
    assert hand.turn == x
    r = play(hand, "d")                            # x: blank; y's turn brought a card
    assert hand.status == "playing", told(r)
    r = play(hand, "d")                            # y: blank now -> blocked
    assert z != y and hand.blocked and "R3.9" in [e.rule for e in r.events]


def test_R9_8_a_wild_jack_goes_on_a_named_suit_even_with_jack_on_jack_false():
    rules = HouseRules(jack_wild=True, jack_on_jack=False)
    hand = make_hand(rules, lines=["start 9c", "Jh s"])   # a wild Jack on the 9c
    assert legality.refusal(hand, CARDS[9 * 4]) is None        # Jc: a wild Jack goes on any card
    assert hand.legal().may_play(CARDS[9 * 4])
    play(hand, "Jc d")
    hand = make_hand(HouseRules(jack_on_jack=False), lines=["start 9h", "Jh s"])
    refused(hand, "Jc d", "R3.3")                  # not wild: only a Jack of the named suit
    play(hand, "Js d")
    hand = make_hand(rules, lines=["start Jh"])    # a starter Jack names nothing
    play(hand, "Jc s")


def test_R0_3_a_jack_that_does_not_match_cites_R3_3_before_R5_4_and_R6_2():
    # jack_on_jack = false while a suit is named: the Jack of clubs does not match,
    # and matching comes before a Jack's suit (R0.3).
    rules = HouseRules(jack_on_jack=False)
    hand = make_hand(rules, lines=["start 9h", "Jh s"])
    refused(hand, "Jc", "R3.3")                   # (refused() asserts: nothing changed)
    refused(hand, "d Jc", "R3.3")
    refused(hand, "Js", "R5.4")                   # the named suit's Jack matches: its suit
    hand = make_hand(HouseRules(jack_on_jack=False, illegal_play_penalty=2),
                     lines=["start 9h", "Jh s"])
    r = hand.apply_line("Jc")                     # not matching: an illegal play (R3.8)
    assert (r.ok, r.rule, r.logged, hand.counts["Bram"]) == (False, "R3.8", True, 9)
    hand = make_hand(HouseRules(jack_wild=True), lines=["start 9c"])  # jack_wild, then R5.4
    refused(hand, "Jh", "R5.4")
    # The last card: matching comes before finishing on an action card (R6.2), so
    # no draw is owed for it.
    hand = make_hand(HouseRules(jack_on_jack=False, finish_on_action_draw=2),
                     lines=["start 9h", "Jh s", "fix count Bram 1"])
    refused(hand, "Jc d", "R3.3")
    assert not hand.owed
    assert hand.apply_line("d").rule == "R3.4" and hand.counts["Bram"] == 2


@pytest.mark.parametrize("rules, starter, rule", [
    (HouseRules(), "4h", "R2.3"),                  # a Four without ``four``
    (HouseRules(four="skip_two"), "4h", "R2.4"),
    (HouseRules(), "Kh", "R2.3"),
    (HouseRules(king="draw_one"), "Kh", "R2.4"),
    (HouseRules(turn_order="free"), "7h", "R2.3"),  # no Seven or Eight in fast play
    (HouseRules(turn_order="free"), "8h", "R2.3"),
    (HouseRules(turn_order="free", start_card="applies"), "8h", "R2.3"),
    (HouseRules(turn_order="free"), "2h", "R2.4"),
    (HouseRules(), "7h", "R2.4"),
])
def test_R2_4_only_an_action_starter_under_the_rules_in_force_cites_R2_4(rules, starter, rule):
    r = make_hand(rules).apply_line(f"start {starter}")
    assert (r.ok, r.rule) == (True, rule)


# ---------------------------------------------------------------------------
# What a ruling tells: order, who is next, plurals
# ---------------------------------------------------------------------------

def test_R5_2_a_seven_then_a_draw_tells_in_order_and_who_is_next():
    hand = make_hand(lines=["start 9h"])
    r = hand.apply_line("7h d")
    text = told(r)
    assert text.index("plays again") < text.index("draws a card")
    assert text.endswith("Bram is to play.")
    hand = make_hand(lines=["start 9h"])
    assert told(hand.apply_line("7h 3h")).endswith("Bram is to play.")
    hand = make_hand(lines=["start 9h"])
    assert told(hand.apply_line("7h")).count("is to play") == 0  # "plays again" says it


def test_R5_7_taking_the_penalty_then_drawing_on_one_line_tells_in_order_and_cites_R5_7():
    # penalty_ends_turn = false: "d d" takes the penalty, then the turn's draw (one
    # turn, R5.7); the ruling tells both in that order and cites the first.
    def draws(r):
        return [e.cause for e in r.events if type(e) is E.Drew]

    hand = make_hand(HouseRules(penalty_ends_turn=False), lines=["start 9h", "2h"])
    r = hand.apply_line("d d")
    assert (r.ok, r.rule) == (True, "R5.7")
    assert draws(r) == [E.Drew.PENALTY, E.Drew.TURN]
    assert told(r).index("takes the penalty") < told(r).index("draws a card")
    assert (hand.counts["Bram"], hand.turn) == (7 + 2 + 1, "Cees")
    hand = make_hand(HouseRules(turn_order="free"), lines=["start 9h", "Anna: 2h"])
    r = hand.apply_line("Bram: d d")              # free order: the same, turn or no turn
    assert (r.ok, r.rule, draws(r)) == (True, "R5.7", [E.Drew.PENALTY, E.Drew.TURN])


def test_counts_read_right_in_the_singular():
    hand = make_hand(lines=["start 9h"])
    assert "drew 1 card that" in told(hand.apply_line("fix draw Bram 1"))
    assert "holds 1 card, not" in told(hand.apply_line("fix count Bram 1"))
    assert "their 1 card goes" in told(hand.apply_line("leave Bram"))
    hand = make_hand(HouseRules(joker_penalty=1, stacking="none"), lines=["start 9h", "Joker"])
    assert "1 card to draw is pending" in told(hand.apply_line("Bram: 5h"))
    hand = make_hand(HouseRules(king="draw_one"), lines=["start 9h"])
    said = told(hand.apply_line("Kh"))  # (the draw the King applies is told once, by it)
    assert "Bram draws one card (R5.8)" in said and said.count("Bram draws") == 1


def test_R5_4_a_jack_without_a_suit_says_so_as_data():
    hand = make_hand(lines=["start 9h"])
    r = hand.apply_line("Jh")
    assert (r.ok, r.rule, r.reason, r.needs_suit) == (False, "R5.4", Reason.JACK_SUIT, True)
    assert not hand.apply_line("5c").needs_suit


# ---------------------------------------------------------------------------
# The legality API
# ---------------------------------------------------------------------------

def test_R5_7_with_a_two_pending_only_the_twos_and_d_are_legal():
    hand = make_hand(lines=["start 9h", "2h"])
    legal = hand.legal()
    assert legal.player == "Bram" and legal.draw_open
    assert [str(c) for c in legal.plays] == ["2c", "2d", "2s"]
    assert legal.draw_plays == []
    assert hand.legal("Anna").player is None       # not Anna's turn (R3.7)


def test_R3_7_legal_is_a_live_view_never_shared_between_callers():
    """``legal`` makes a new ``Legal`` at each call (no caller's object is changed by
    another's asking), and a ``Legal`` answers for the position when it is read: after
    an entry, the new position, nothing of the one it was asked in (R3.7: the turn has
    moved on)."""
    hand = make_hand(lines=["start 9h", "2h"])
    bram = hand.legal()
    assert hand.legal("Bram") is not bram and hand.legal() is not bram
    assert bram.player == "Bram" and [str(c) for c in bram.plays] == ["2c", "2d", "2s"]
    assert bram.draw_mask == 0                       # (R5.7: no d CARD on the penalty)
    anna = hand.legal("Anna")
    assert anna.player is None and anna.mask == 0 and not anna.draw_open
    hand.apply_line("d")                             # Bram takes the penalty
    assert bram.player == "Cees"                     # (the player to act, now)
    assert hand.legal("Bram").player is None         # (no longer Bram's turn)
    assert "5c" not in [str(c) for c in bram.plays]  # (on 2h, no penalty: hearts and twos)
    assert "5h" in [str(c) for c in bram.plays]
    hand.apply_line("2c")                            # Cees: a penalty for Anna, who takes it
    assert anna.player == "Anna" and anna.plays == bram.plays
    hand.apply_line("d")
    assert bram.player == "Bram" and anna.player is None and bram.draw_open
    assert bram.plays == \
        [c for c in CARDS if legality.refusal(hand, c, "Bram", "s" if c.rank == "J" else None) is None]
    assert "5c" in [str(c) for c in bram.plays]      # (on 2c, no penalty pending)
    assert bram.draw_mask == bram.mask               # (d CARD plays the same cards)


def test_R3_1_legal_plays_agree_with_check_for_every_card():
    rng = random.Random(5)
    for rules in (HouseRules(), load_rules("hard"), load_rules("fast"),
                  HouseRules(jack_wild=True, jack_on_jack=False, penalty_ends_turn=False)):
        for hand in _random_positions(rules, rng, games=6):
            legal = hand.legal(None if not hand.free else hand.turn or hand.active[0])
            for card in CARDS:
                refused_ = legality.refusal(hand, card, legal.player, "s" if card.rank == "J" else None)
                assert (refused_ is None) == legal.may_play(card), (card, hand.state())


def _random_positions(rules, rng, games):
    for g in range(games):
        hand = Hand(rules, ["Anna", "Bram", "Cees", "Dirk"], "Dirk")
        hand.apply_line(f"start {rng.choice(['9h', '5c', 'Kd', '3s'])}")
        for _ in range(60):
            if hand.status != "playing":
                break
            yield hand
            _random_step(hand, rng, hand.apply_line)


def _random_step(hand, rng, apply):
    who = hand.turn or rng.choice(hand.active)
    legal = hand.legal(who)
    prefix = f"{who}: " if hand.free else ""
    plays = [c for c in legal.plays if rng.random() < 0.3]
    if plays and rng.random() < 0.8:
        card = rng.choice(plays)
        suit = rng.choice("cdhs") if card.rank == "J" else None
        return apply(prefix + f"{card} {suit or ''}".strip()), (who, Play(card, suit))
    draws = legal.draw_plays
    if draws and rng.random() < 0.2:
        card = rng.choice(draws)
        suit = rng.choice("cdhs") if card.rank == "J" else None
        return apply(prefix + f"d {card} {suit or ''}".strip()), (who, Draw(card, suit))
    return apply(prefix + "d"), (who, Draw())


@pytest.mark.parametrize("preset", ["standard", "hard", "fast", "cumulative", "family"])
def test_push_unchecked_gives_the_checked_paths_state_and_events(preset):
    """``Hand.push`` (no checks) on actions from ``Hand.legal`` = ``apply_line``."""
    rules = load_rules(preset).replace(penalty_ends_turn=preset == "hard")
    rng = random.Random(preset)
    for game in range(8):
        checked = Hand(rules, ["Anna", "Bram", "Cees"], "Cees")
        pushed = Hand(rules, ["Anna", "Bram", "Cees"], "Cees")
        for h in (checked, pushed):
            h.apply_line("start 9h")
        seed = rng.random()
        step_rng = random.Random(seed)
        for _ in range(150):
            if checked.status != "playing":
                break
            state = step_rng.getstate()
            ruling, (who, action) = _random_step(checked, step_rng, checked.apply_line)
            assert ruling.ok, told(ruling)
            step_rng.setstate(state)
            _random_step(pushed, step_rng, lambda text: None)
            events = pushed.push(action, who)
            assert pushed.state() == checked.state()
            assert [(type(e), e.rule) for e in events] == \
                [(type(e), e.rule) for e in ruling.events if type(e) is not E.NextToPlay]


@pytest.mark.parametrize("jack_wild", [False, True])
@pytest.mark.parametrize("jack_on_jack", [False, True])
@pytest.mark.parametrize("stacking", ["same", "cumulative", "none"])
def test_R3_1_compiled_tables_agree_with_the_rules(jack_wild, jack_on_jack, stacking):
    """The masks of ``Tables`` hold exactly the cards ``matches`` / ``stacks`` allow."""
    from referee.engine.compiled import Tables, matches, stacks
    rules = HouseRules(jack_wild=jack_wild, jack_on_jack=jack_on_jack, stacking=stacking)
    tables = Tables(rules)
    for top in CARDS:
        for named in ((None, "c", "d", "h", "s") if top.rank == "J" else (None,)):
            mask = tables.fits(top, named)
            assert [bool(mask >> c.id & 1) for c in CARDS] == \
                [matches(c, top, named, frozenset("J" if jack_wild else ""),
                         frozenset("J" if jack_on_jack else "")) for c in CARDS]
    groups = rules.stack_groups()
    for kind in ("2", "Joker"):
        assert [bool(tables.stackers[kind] >> c.id & 1) for c in CARDS] == \
            [stacks(groups, c, kind) for c in CARDS]


@pytest.mark.parametrize("jack_wild,jack_on_jack,named,said", [
    (True, True, None, True),     # jack_wild: a Jack goes on anything unnamed
    (False, True, None, False),   # (a Jack of another suit does not match 9♣)
    (False, True, "h", True),     # jack_on_jack: a Jack on the Jack whatever was named
    (True, False, "h", True),     # a wild Jack goes on a named suit too (R9.8)
    (False, False, "h", False),   # jack_on_jack = false: only in the named suit
])
def test_R3_3_what_may_go_on_top_says_a_jack_only_when_the_matching_rule_lets_one(
        jack_wild, jack_on_jack, named, said):
    from referee.engine.cards import Card
    from referee.engine.queries import Allowed
    from referee.words.events import allowed_words
    top = Card("J", "c") if named else Card("9", "c")
    text = allowed_words(Allowed(top, named, frozenset("J" if jack_wild else ""),
                                 frozenset("J" if jack_on_jack else ""), True))
    assert ("a Jack" in text) is said, text


def test_an_event_shows_its_rule_once_in_its_repr():
    """``repr`` of an event (for a developer reading a failing test): every field
    once, the rule id among them whether it is a field or fixed by the class."""
    refusal = E.Refused(Reason.MATCH, "R3.1", {"card": "7h"})
    assert repr(refusal).count("rule=") == 1 and "rule='R3.1'" in repr(refusal)
    assert repr(E.FreeOrder()) == "FreeOrder(rule='R8.4')"


def test_every_event_and_every_refusal_has_its_sentence():
    """``referee.words.events`` tells events by their class name and refusals by their
    reason's value (it imports no event class: start-up): every event class and every
    ``Reason`` must have its entry there."""
    from referee.words import events as words

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    events = {c.__name__ for c in subclasses(E.Event) if c.__module__ == E.__name__}
    assert events and events <= set(words._RENDER), sorted(events - set(words._RENDER))
    assert {r.value for r in Reason} <= set(words._REFUSALS)
    # the facts a sentence shows, told by their class name too
    from referee.engine.dealt import Situation
    from referee.engine.queries import Allowed, HouseWhere, LegalNow
    assert {c.__name__ for c in (E.Entry, Allowed, LegalNow, Situation, HouseWhere)} \
        == set(words._FACTS)
    from referee.engine.cause import PenaltyCause, SetBy, SkipCause
    assert {c.__name__ for c in (PenaltyCause, SkipCause, SetBy)} == set(words._CAUSES)
    assert {E.Drew.TURN, E.Drew.DRAW_PLAY, E.Drew.PENALTY, E.Drew.OWED} <= set(words._DREW)
    # a draw the referee applies is told by the event that applies it, not again
    assert words.sentence(E.Drew("Bram", 2, E.Drew.APPLIED)) is None
    assert {E.Announced.IN_TIME, E.Announced.LATE, E.Announced.AGAIN,
            E.Announced.NONE} <= set(words._ANNOUNCED)
    assert {E.Called.HIT, E.Called.PREMATURE, E.Called.VOID_ANNOUNCED, E.Called.VOID_CALLED,
            E.Called.VOID_COUNT} <= set(words._CALLED)
