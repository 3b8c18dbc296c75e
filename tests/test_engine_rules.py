"""One test (or a few) per rule id of RULES.md, run straight through the engine.

Every test asserts the ruling (accepted or refused, and the rule it cites) and
the state that results (turn, counts, piles, pending draw, skips, ...).  The
default table is Anna, Bram, Cees with Cees dealing, so Anna plays first.
"""

from __future__ import annotations

import pytest

from conftest import drain, make_hand, play, refused
from referee.engine import Hand, ReplayError
from referee.engine.rules import HouseRules
from referee.words.events import told

SMALL = HouseRules(deal_size=2)   # players reach their last card quickly (R4, R6)


def check(hand: Hand, **expected) -> None:
    """Assert that ``hand.state()`` has the given fields."""
    state = hand.state()
    for key, value in expected.items():
        assert state[key] == value, f"state[{key!r}] = {state[key]!r}, expected {value!r}"


def conserved(hand: Hand) -> None:
    """Every card is in a hand in play, the draw pile or the discard pile."""
    assert sum(hand.counts.values()) + hand.draw_pile + len(hand.discard) == hand.deck_total


def note_rules(ruling) -> list:
    return [n.rule for n in ruling.notes]


# ---------------------------------------------------------------------------
# R0 What the referee knows
# ---------------------------------------------------------------------------

def test_R0_2_corrections_are_logged_entries():
    hand = make_hand(lines=["start 9h"])
    r = hand.apply_line("fix draw Bram 2")
    assert (r.ok, r.rule, r.logged) == (True, "R0.2", True)
    assert hand.log[-1] == "fix draw Bram 2"
    check(hand, turn="Anna", counts={"Anna": 7, "Bram": 9, "Cees": 7}, draw_pile=30)
    r = hand.apply_line("fix count Cees 5")
    assert (r.ok, r.rule) == (True, "R0.2")
    check(hand, counts={"Anna": 7, "Bram": 9, "Cees": 5}, draw_pile=32)
    r = hand.apply_line("fix play Bram 9c")
    assert (r.ok, r.rule) == (True, "R0.2")
    # A corrected play has no turn effect: Anna is still to act, on 9c.
    check(hand, turn="Anna", top="9c", discard_pile=2, counts={"Anna": 7, "Bram": 8, "Cees": 5})
    conserved(hand)
    # The corrections are undone like any entry.
    play(hand, "undo", "undo", "undo")
    check(hand, counts={"Anna": 7, "Bram": 7, "Cees": 7}, draw_pile=32, top="9h")


def test_R0_2_undo_with_nothing_to_undo_is_refused():
    hand = make_hand()
    refused(hand, "undo", "R0.2")
    refused(hand, "redo", "R0.2")


# R0.3: (rules, setup lines, refused line, the rule it must cite, the others that also forbid it)
R0_3_CASES = [
    pytest.param(HouseRules(), [], "Zed: 9h", "R1.1", id="unknown-player-before-status"),
    pytest.param(HouseRules(), ["start 9h"], "Zed: 5c", "R1.1", id="unknown-player-before-turn-and-match"),
    pytest.param(HouseRules(), [], "Bram: 9h", "R2.3", id="waiting-before-turn"),
    pytest.param(HouseRules(), ["start 9h", "leave Anna", "leave Bram"], "Anna: 9c", "R6.1",
                 id="over-before-left"),
    pytest.param(HouseRules(), ["start 9h", "leave Cees"], "Cees: 5c", "R1.5",
                 id="left-before-turn-and-match"),
    pytest.param(HouseRules(turn_order="free"), ["start 9h", "Anna: 2h"], "5c", "R8.4",
                 id="free-no-player-before-pending"),
    pytest.param(HouseRules(turn_order="free"), ["start 9h", "Anna: 2h"], "Cees: 9h", "R3.7",
                 id="free-pending-before-deck"),
    pytest.param(HouseRules(jokers=False), ["start 9h"], "Bram: Joker", "R3.7",
                 id="turn-before-deck"),
    pytest.param(HouseRules(jokers=False, stacking="none"), ["start 9h", "2h"], "Joker", "R1.3",
                 id="no-jokers-before-pending"),
    pytest.param(HouseRules(), ["start 9h", "2h"], "9h", "R1.4", id="identity-before-pending"),
    pytest.param(HouseRules(), ["start 9h"], "Bram: 9h", "R3.7", id="turn-before-identity"),
    pytest.param(HouseRules(), ["start 9h", "2h"], "Cees: 2c", "R3.7", id="turn-before-pending"),
    pytest.param(HouseRules(), ["start 9h", "leave Anna", "leave Bram"], "Zed: 9c", "R1.1",
                 id="unknown-player-before-over"),
    pytest.param(HouseRules(draw_then_play=False), ["start 9h", "2h"], "d 2c", "R5.7",
                 id="pending-before-draw-then-play"),
    pytest.param(HouseRules(draw_then_play=False, finish_on_action_draw=2),
                 ["start 9h", "fix count Anna 1", "7h"], "d 5h", "R3.4",
                 id="draw-then-play-before-owed-draw"),
    pytest.param(HouseRules(finish_on_action_draw=2),
                 ["start 9h", "fix count Anna 1", "fix draw Bram 99", "7h"], "d 5s", "R6.2",
                 id="owed-draw-before-nothing-to-draw-and-match"),
    pytest.param(HouseRules(), ["start 9h", "fix draw Bram 99"], "d 5s", "R3.6",
                 id="nothing-to-draw-before-match"),
    pytest.param(HouseRules(), ["start 9h", "2h"], "5c", "R5.7", id="pending-before-match"),
    pytest.param(HouseRules(), ["start 9h"], "Jc", "R3.1", id="match-before-jack-suit"),
    pytest.param(HouseRules(jack_on_jack=False), ["start 9h", "Jh s"], "Jc", "R3.3",
                 id="named-suit-before-jack-suit"),
    pytest.param(HouseRules(turn_order="free"), ["start 9h", "Anna: leave Bram"], "call Bram",
                 "R1.5", id="left-before-free-no-player"),
    pytest.param(HouseRules(), ["start 9h", "fix count Anna 1"], "2c", "R3.1",
                 id="match-before-finish-on-action"),
    pytest.param(HouseRules(), ["start 9h", "fix count Anna 2"], "Jh", "R5.4",
                 id="jack-suit-when-not-going-out"),
]


@pytest.mark.parametrize("rules, setup, line, rule", R0_3_CASES)
def test_R0_3_refusal_cites_first_rule_in_order(rules, setup, line, rule):
    hand = make_hand(rules)
    for entry in setup:                      # setup may hold a logged R6.2 refusal
        r = hand.apply_line(entry)
        assert r.ok or r.logged, (entry, r.rule)
    before = hand.state()
    r = hand.apply_line(line)
    assert (r.ok, r.rule, r.logged) == (False, rule, False)
    assert hand.state() == before


def test_R0_3_a_jack_going_out_needs_no_suit_so_R6_2_is_cited():
    # R5.4: a Jack that empties the hand names nothing, so "Jh" alone is not a
    # missing suit; going out on it is what is forbidden (R6.2).
    hand = make_hand(lines=["start 9h", "fix count Anna 1"])
    r = hand.apply_line("Jh")
    assert (r.ok, r.rule, r.logged) == (False, "R6.2", True)
    check(hand, turn="Anna", top="9h", counts={"Anna": 1, "Bram": 7, "Cees": 7})


REFUSALS = [
    ("5c", "R3.1"),              # does not match
    ("Bram: 9c", "R3.7"),        # out of turn
    ("9h", "R1.4"),              # the only 9h is the starter
    ("Jh", "R5.4"),              # Jack without a suit
    ("Zed: 9c", "R1.1"),
    ("start 9c", "R2.3"),
    ("d 5c", "R3.1"),            # the drawn card must be playable
    ("7h 5d", "R3.1"),           # atomic: the 7h is not played either
    ("9c 5d", "R3.7"),           # the 9c passed the turn; the line is refused whole
    ("Anna: call Anna", "R4.4"),
]


@pytest.mark.parametrize("line, rule", REFUSALS)
def test_R0_4_refused_entry_changes_nothing(line, rule):
    hand = make_hand(lines=["start 9h"])
    refused(hand, line, rule)
    assert hand.log == ["start 9h"]


def test_R0_4_illegal_play_penalty_is_logged_and_undone():
    hand = make_hand(HouseRules(illegal_play_penalty=1), lines=["start 9h"])
    r = hand.apply_line("5c")
    assert (r.ok, r.rule, r.logged) == (False, "R3.8", True)
    assert hand.log == ["start 9h", "5c"]
    check(hand, turn="Anna", top="9h", counts={"Anna": 8, "Bram": 7, "Cees": 7}, draw_pile=31)
    play(hand, "undo")
    check(hand, turn="Anna", counts={"Anna": 7, "Bram": 7, "Cees": 7}, draw_pile=32)
    assert hand.log == ["start 9h"]


def test_R0_4_owed_draw_after_R6_2_is_logged_and_undone():
    hand = make_hand(HouseRules(finish_on_action_draw=2), lines=["start 9h", "fix count Anna 1"])
    before = hand.state()
    r = hand.apply_line("7h")
    assert (r.ok, r.rule, r.logged) == (False, "R6.2", True)
    assert hand.log == ["start 9h", "fix count Anna 1", "7h"]
    assert hand.state() == before       # the effect is the owed draw, not a visible field
    refused(hand, "d 5h", "R6.2")       # two cards are owed: no draw-and-play
    play(hand, "undo")
    assert hand.log == ["start 9h", "fix count Anna 1"]
    assert hand.state() == before
    r = hand.apply_line("d 5h")         # nothing owed any more: an ordinary R3.4 draw-and-play
    assert (r.ok, r.rule) == (True, "R3.4")
    check(hand, turn="Bram", top="5h", counts={"Anna": 1, "Bram": 7, "Cees": 7})


# ---------------------------------------------------------------------------
# R1 The table
# ---------------------------------------------------------------------------

def test_R1_1_unknown_player_is_refused_and_names_are_case_insensitive():
    hand = make_hand(lines=["start 9h"])
    refused(hand, "Zed: 9c", "R1.1")
    refused(hand, "call Zed", "R1.1")
    refused(hand, "leave Zed", "R1.1")
    r = hand.apply_line("aNNa: 9c")
    assert (r.ok, r.rule) == (True, "R3.1")
    check(hand, turn="Bram", top="9c", counts={"Anna": 6, "Bram": 7, "Cees": 7})


def test_R1_2_seating_is_clockwise_in_the_order_entered():
    hand = make_hand(players=("Dirk", "Anna", "Cees", "Bram"), dealer="Bram",
                     lines=["start 9h"])
    order = []
    for _ in range(5):
        order.append(hand.turn)
        play(hand, "d")
    assert order == ["Dirk", "Anna", "Cees", "Bram", "Dirk"]
    check(hand, direction="clockwise")


@pytest.mark.parametrize("rules, players, total", [
    (HouseRules(), 3, 54),
    (HouseRules(), 5, 54),
    (HouseRules(), 6, 108),
    (HouseRules(), 8, 108),
    (HouseRules(jokers=False), 3, 52),
    (HouseRules(jokers=False), 6, 104),
])
def test_R1_3_deck_size(rules, players, total):
    names = [f"P{i}" for i in range(players)]
    hand = make_hand(rules, players=names, dealer=names[-1])
    assert hand.deck_total == total
    check(hand, draw_pile=total - 7 * players, discard_pile=0)


def test_R1_3_joker_refused_without_jokers():
    hand = make_hand(HouseRules(jokers=False), lines=["start 9h"])
    refused(hand, "Joker", "R1.3")
    refused(hand, "d jo", "R1.3")


def test_R1_4_each_card_once_per_deck_one_deck():
    hand = make_hand(lines=["start 9h", "9c", "Kc", "d"])
    refused(hand, "9c", "R1.4")            # Anna: the only 9c is on the discard pile
    refused(hand, "d 9h", "R1.4")
    r = hand.apply_line("Joker")
    assert (r.ok, r.rule) == (True, "R5.6")
    play(hand, "Joker")                    # the second Joker of the deck stacks
    check(hand, pending_draw=10, turn="Cees")
    refused(hand, "Joker", "R1.4")         # there are only two Jokers per deck


def test_R1_4_two_decks_two_copies():
    players = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fenna"]
    hand = make_hand(players=players, dealer="Fenna", lines=["start 7h"])
    assert hand.deck_total == 108
    r = hand.apply_line("7h")              # the second 7h (two decks): Anna plays again (R5.2)
    assert (r.ok, r.rule) == (True, "R5.2")
    check(hand, top="7h", discard_pile=2, turn="Anna")
    refused(hand, "7h", "R1.4")            # a third 7h does not exist
    play(hand, "Joker", "Joker", "Joker", "Joker")   # four Jokers in two decks: 5, 10, 15, 20
    check(hand, pending_draw=20, turn="Eva")
    refused(hand, "Joker", "R1.4")


def test_R1_5_leave_cards_under_draw_pile_pending_lapses_turn_passes():
    hand = make_hand(lines=["start 9h", "2h"])
    check(hand, turn="Bram", pending_draw=2)
    r = hand.apply_line("leave Bram")
    assert (r.ok, r.rule) == (True, "R1.5")
    check(hand, turn="Cees", pending_draw=0, counts={"Anna": 6, "Cees": 7}, draw_pile=39,
          discard_pile=2, top="2h")
    conserved(hand)
    assert hand.left == ["Bram"]
    refused(hand, "Bram: 5h", "R1.5")
    refused(hand, "call Bram", "R1.5")
    refused(hand, "leave Bram", "R1.5")
    # The pending Two lapsed: the 2h is now an ordinary card to match.
    play(hand, "5h")
    check(hand, turn="Anna", counts={"Anna": 6, "Cees": 6})
    r = hand.apply_line("Anna: leave Cees")
    assert (r.ok, r.rule) == (True, "R1.5")
    check(hand, status="over", winner="Anna", turn=None, counts={"Anna": 6}, draw_pile=45)
    conserved(hand)


def test_R1_5_leaver_not_on_turn_takes_skips_and_last_card_duty_along():
    hand = make_hand(HouseRules(four="skip_two"), lines=["start 9h", "4h"])
    check(hand, skips={"Bram": 1}, turn="Cees")
    r = hand.apply_line("leave Bram")
    assert (r.ok, r.rule) == (True, "R1.5")
    check(hand, skips={}, turn="Cees", counts={"Anna": 6, "Cees": 7}, draw_pile=39)
    play(hand, "d")
    check(hand, turn="Anna")
    hand = make_hand(SMALL, lines=["start 9h", "9c"])
    check(hand, announce_due="Anna", turn="Bram")
    play(hand, "leave Anna")
    check(hand, announce_due=None, callable=[], turn="Bram", counts={"Bram": 2, "Cees": 2},
          draw_pile=48)
    conserved(hand)


# ---------------------------------------------------------------------------
# R2 The deal
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("dealer, first", [("Anna", "Bram"), ("Bram", "Cees"), ("Cees", "Anna")])
def test_R2_1_dealer_is_given_and_first_player_sits_left_of_dealer(dealer, first):
    hand = make_hand(dealer=dealer, lines=["start 9h"])
    check(hand, dealer=dealer, turn=first)


def test_R2_1_dealer_must_be_in_the_hand():
    with pytest.raises(ValueError):
        Hand(HouseRules(), ["Anna", "Bram"], "Cees")


def test_R2_2_deal_size_seven():
    hand = make_hand()
    check(hand, status="waiting", counts={"Anna": 7, "Bram": 7, "Cees": 7}, draw_pile=33,
          discard_pile=0, top=None, turn=None, named_suit=None, direction="clockwise")


def test_R2_3_starter_comes_from_the_draw_pile_and_comes_first():
    hand = make_hand()
    refused(hand, "9h", "R2.3")
    refused(hand, "d", "R2.3")
    refused(hand, "call Anna", "R2.3")
    refused(hand, "Bram: start 9h", "R2.3")        # only the dealer turns the starter
    r = hand.apply_line("start 9h")
    assert (r.ok, r.rule) == (True, "R2.3")
    check(hand, status="playing", top="9h", draw_pile=32, discard_pile=1, turn="Anna")
    refused(hand, "start 9c", "R2.3")
    r = make_hand().apply_line("Cees: start 9h")   # the dealer may name themself
    assert r.ok


@pytest.mark.parametrize("starter", ["2h", "Joker", "8h", "Ah", "7h", "Jh"])
def test_R2_4_action_starter_has_no_effect(starter):
    hand = make_hand()
    r = hand.apply_line(f"start {starter}")
    assert (r.ok, r.rule) == (True, "R2.4")
    check(hand, turn="Anna", pending_draw=0, skips={}, named_suit=None, direction="clockwise")
    play(hand, "d")
    check(hand, turn="Bram")


def test_R2_4_starter_jack_matched_by_its_own_suit_or_rank():
    hand = make_hand(lines=["start Jh"])
    refused(hand, "5c", "R3.1")
    play(hand, "5h")
    check(hand, turn="Bram", top="5h")
    hand = make_hand(lines=["start Jh"])
    play(hand, "Jc s")
    check(hand, named_suit="s", turn="Bram")


def test_R2_4_starter_joker_accepts_any_card():
    hand = make_hand(lines=["start Joker"])
    play(hand, "3c")
    check(hand, top="3c", turn="Bram", pending_draw=0)


def test_R2_5_first_player_is_left_of_dealer_wrapping_round():
    hand = make_hand(players=("Anna", "Bram", "Cees", "Dirk"), dealer="Dirk",
                     lines=["start 9h"])
    check(hand, turn="Anna")
    hand = make_hand(players=("Anna", "Bram", "Cees", "Dirk"), dealer="Bram",
                     lines=["start 9h"])
    check(hand, turn="Cees")


# ---------------------------------------------------------------------------
# R3 A turn
# ---------------------------------------------------------------------------

def test_R3_1_matching_suit_or_rank(hand):
    refused(hand, "5c", "R3.1")
    r = hand.apply_line("5h")
    assert (r.ok, r.rule) == (True, "R3.1")
    check(hand, turn="Bram", top="5h", counts={"Anna": 6, "Bram": 7, "Cees": 7}, discard_pile=2)
    r = hand.apply_line("5c")
    assert (r.ok, r.rule) == (True, "R3.1")
    check(hand, turn="Cees", top="5c", counts={"Anna": 6, "Bram": 6, "Cees": 7}, discard_pile=3)


def test_R3_2_joker_on_anything_and_anything_on_a_dealt_with_joker(hand):
    r = hand.apply_line("Joker")
    assert (r.ok, r.rule) == (True, "R5.6")
    play(hand, "d")                          # Bram takes the five
    check(hand, turn="Cees", top="Joker", pending_draw=0, counts={"Anna": 6, "Bram": 12, "Cees": 7})
    r = hand.apply_line("3c")
    assert (r.ok, r.rule) == (True, "R3.1")
    check(hand, top="3c", turn="Anna")


def test_R3_3_named_suit_replaces_jack_suit(hand):
    r = hand.apply_line("Jh s")
    assert (r.ok, r.rule) == (True, "R5.4")
    check(hand, named_suit="s", top="Jh", turn="Bram")
    refused(hand, "5h", "R3.3")              # the Jack's own suit no longer matches
    play(hand, "d")                          # the named suit stays through draws
    check(hand, named_suit="s", turn="Cees")
    play(hand, "Jc d")                       # another Jack (rank) is allowed, names diamonds
    check(hand, named_suit="d", top="Jc", turn="Anna")
    play(hand, "Joker")                      # a Joker is still allowed
    check(hand, named_suit=None, pending_draw=5, turn="Bram")


def test_R3_3_named_suit_holds_until_a_card_is_played(hand):
    play(hand, "Jh c", "d", "d")
    check(hand, named_suit="c", turn="Anna")
    play(hand, "5c")
    check(hand, named_suit=None, top="5c")
    play(hand, "5d")                         # ordinary matching again
    check(hand, top="5d")


def test_R3_4_plain_draw_ends_the_turn(hand):
    r = hand.apply_line("d")
    assert (r.ok, r.rule) == (True, "R3.4")
    check(hand, turn="Bram", counts={"Anna": 8, "Bram": 7, "Cees": 7}, draw_pile=31, top="9h")


def test_R3_4_draw_and_play_one_card(hand):
    r = hand.apply_line("d 5h")
    assert (r.ok, r.rule) == (True, "R3.4")
    check(hand, turn="Bram", counts={"Anna": 7, "Bram": 7, "Cees": 7}, draw_pile=31,
          top="5h", discard_pile=2)
    refused(hand, "d 6c", "R3.1")            # the drawn card must be playable
    r = hand.apply_line("d Jh c")            # a drawn Jack names its suit
    assert r.ok
    check(hand, named_suit="c", turn="Cees", counts={"Anna": 7, "Bram": 7, "Cees": 7})


def test_R3_4_nothing_after_a_draw_that_passed_the_turn(hand):
    refused(hand, "d d", "R3.7")
    refused(hand, "d 5h 5c", "R3.7")


def test_R3_5_reshuffle_when_the_draw_pile_runs_out():
    hand = make_hand(lines=["start 9h", "9c", "9d", "9s"])
    check(hand, discard_pile=4, draw_pile=32, top="9s")
    drain(hand)
    check(hand, draw_pile=0, discard_pile=4, top="9s")
    conserved(hand)
    drawer = hand.turn
    before = hand.counts[drawer]
    r = hand.apply_line("d")
    assert (r.ok, r.rule) == (True, "R3.4")
    assert "R3.5" in note_rules(r)
    assert hand.counts[drawer] == before + 1
    check(hand, draw_pile=2, discard_pile=1, top="9s")   # 3 reshuffled, 1 drawn
    conserved(hand)
    # The reshuffled cards are back in play: 9h may be played again (R1.4).
    r = hand.apply_line("9h")
    assert (r.ok, r.rule) == (True, "R3.1")


def test_R3_5_draw_and_play_reshuffles_first():
    hand = make_hand(lines=["start 9h", "9c", "9d", "9s"])
    drain(hand)
    r = hand.apply_line("d 9h")
    assert (r.ok, r.rule) == (True, "R3.4")
    assert "R3.5" in note_rules(r)
    check(hand, draw_pile=2, discard_pile=2, top="9h")
    conserved(hand)


def test_R3_6_exhausted_piles_draw_what_exists():
    hand = make_hand(lines=["start 9h"])
    drain(hand)
    check(hand, draw_pile=0, discard_pile=1)
    drawer = hand.turn
    counts = dict(hand.counts)
    refused(hand, "d 5h", "R3.6")
    r = hand.apply_line("d")                 # draws nothing, the turn passes
    assert (r.ok, r.rule) == (True, "R3.4")
    assert "R3.6" in note_rules(r)
    assert hand.counts == counts
    assert hand.turn != drawer
    # A penalty partly drawn: one card can be reshuffled, one is forgiven.
    play(hand, "2h")
    victim = hand.turn
    before = hand.counts[victim]
    r = hand.apply_line("d")
    assert (r.ok, r.rule) == (True, "R5.7")
    assert "R3.5" in note_rules(r) and "R3.6" in note_rules(r)
    assert hand.counts[victim] == before + 1
    check(hand, draw_pile=0, discard_pile=1, top="2h", pending_draw=0)
    conserved(hand)


def test_R3_7_out_of_turn_entry_refused(hand):
    refused(hand, "Bram: 9c", "R3.7")
    refused(hand, "Cees: d", "R3.7")
    r = hand.apply_line("Anna: 9c")
    assert (r.ok, r.rule) == (True, "R3.1")
    check(hand, turn="Bram")


def test_R3_8_illegal_play_goes_back_and_same_player_acts(hand):
    refused(hand, "Kc", "R3.1")
    check(hand, turn="Anna", counts={"Anna": 7, "Bram": 7, "Cees": 7})
    play(hand, "Jh s")
    refused(hand, "Kh", "R3.3")
    check(hand, turn="Bram", named_suit="s")
    play(hand, "2s")
    refused(hand, "Ks", "R5.7")
    check(hand, turn="Cees", pending_draw=2)


def test_R3_9_blocked_hand():
    hand = make_hand(lines=["start 9h"])
    drain(hand)
    for _ in range(2):
        r = hand.apply_line("d")
        assert r.ok
        check(hand, status="playing")
        assert not hand.blocked
    r = hand.apply_line("d")
    assert r.ok and "R3.9" in note_rules(r)
    assert hand.blocked
    check(hand, status="over", winner=None, turn=None)
    conserved(hand)
    refused(hand, "d", "R6.1")
    play(hand, "undo")
    check(hand, status="playing", winner=None)
    assert not hand.blocked


def test_R3_9_a_play_resets_the_count_of_idle_turns():
    hand = make_hand(lines=["start 9h"])
    drain(hand)
    play(hand, "d", "d")                     # two players draw nothing
    play(hand, "9c")                         # a card is played: counting starts again
    play(hand, "d")                          # reshuffles the 9h and draws it
    check(hand, status="playing", draw_pile=0, discard_pile=1)
    play(hand, "d", "d")
    check(hand, status="playing")
    r = hand.apply_line("d")
    assert "R3.9" in note_rules(r)
    check(hand, status="over", winner=None)


def test_R3_9_a_missed_turn_does_not_count():
    hand = make_hand(HouseRules(four="skip_two"), players=("Anna", "Bram", "Cees", "Dirk"),
                     dealer="Dirk", lines=["start 9h"])
    drain(hand)
    check(hand, turn="Bram", draw_pile=0, discard_pile=1)
    play(hand, "4h")                         # Cees must miss two turns (one used at once)
    check(hand, turn="Dirk", skips={"Cees": 1})
    play(hand, "d")                          # Dirk draws the reshuffled 9h
    check(hand, draw_pile=0, discard_pile=1)
    play(hand, "d", "d")                     # Anna and Bram draw nothing; Cees misses
    check(hand, turn="Dirk", skips={}, status="playing")
    play(hand, "d", "d", "d")                # Dirk, Anna, Bram draw nothing
    check(hand, turn="Cees", status="playing")   # Cees's missed turn did not count
    r = hand.apply_line("d")
    assert "R3.9" in note_rules(r)
    check(hand, status="over", winner=None)


# ---------------------------------------------------------------------------
# R4 Last card
# ---------------------------------------------------------------------------

def test_R4_1_duty_and_announcement():
    hand = make_hand(SMALL, lines=["start 9h", "9c"])
    check(hand, announce_due="Anna", turn="Bram", counts={"Anna": 1, "Bram": 2, "Cees": 2})
    r = hand.apply_line("lk")                # without a prefix: the player who owes it
    assert (r.ok, r.rule) == (True, "R4.1")
    check(hand, announce_due=None, callable=[], turn="Bram")
    play(hand, "9d")
    check(hand, callable=[], announce_due="Bram")
    r = hand.apply_line("Bram: lk")
    assert (r.ok, r.rule) == (True, "R4.1")


def test_R4_1_announce_can_follow_the_play():
    hand = make_hand(SMALL, lines=["start 9h"])
    r = hand.apply_line("9c lk")
    assert r.ok
    check(hand, announce_due=None, turn="Bram", counts={"Anna": 1, "Bram": 2, "Cees": 2})
    play(hand, "9d")
    check(hand, callable=[])


def test_R4_2_premature_call_has_no_effect():
    hand = make_hand(SMALL, lines=["start 9h", "9c"])
    r = hand.apply_line("Bram: call Anna")
    assert (r.ok, r.rule) == (True, "R4.2")
    check(hand, counts={"Anna": 1, "Bram": 2, "Cees": 2}, announce_due="Anna", callable=[],
          draw_pile=47)
    r = hand.apply_line("Anna: lk")          # a call does not close the window
    assert (r.ok, r.rule) == (True, "R4.1")
    play(hand, "9d")
    check(hand, callable=[])


def test_R4_2_window_closed_by_another_players_play():
    hand = make_hand(SMALL, lines=["start 9h", "9c", "9d"])
    check(hand, callable=["Anna"], announce_due="Bram")
    r = hand.apply_line("Anna: lk")          # too late
    assert (r.ok, r.rule) == (True, "R4.2")
    check(hand, callable=["Anna"])


def test_R4_2_window_closed_by_a_typed_draw():
    hand = make_hand(SMALL, lines=["start 9h", "9c", "d"])
    check(hand, callable=["Anna"], announce_due=None, counts={"Anna": 1, "Bram": 3, "Cees": 2})


def test_R4_2_window_not_closed_by_applied_draws_or_calls():
    # A call's penalty (applied by the referee) does not close another player's window.
    hand = make_hand(SMALL, lines=["start 9h", "9c", "9d", "9s"])
    check(hand, callable=["Anna", "Bram"], announce_due="Cees", turn="Anna")
    r = hand.apply_line("Anna: call Bram")
    assert (r.ok, r.rule) == (True, "R4.3")
    check(hand, announce_due="Cees", counts={"Anna": 1, "Bram": 3, "Cees": 1})
    r = hand.apply_line("Cees: lk")
    assert (r.ok, r.rule) == (True, "R4.1")
    # A King's single card (applied) does not close the King player's own window either,
    # and a Five's draws do not close the window of the player who played it.
    hand = make_hand(HouseRules(deal_size=2, king="draw_one"), lines=["start 9h"])
    play(hand, "Kh")
    check(hand, announce_due="Anna", counts={"Anna": 1, "Bram": 3, "Cees": 2})
    play(hand, "Anna: lk")
    check(hand, announce_due=None, callable=[])


def test_R4_3_call_after_the_window_closed():
    hand = make_hand(SMALL, lines=["start 9h", "9c", "9d"])
    r = hand.apply_line("call Anna")
    assert (r.ok, r.rule) == (True, "R4.3")
    check(hand, counts={"Anna": 3, "Bram": 1, "Cees": 2}, callable=[], draw_pile=45,
          turn="Cees", announce_due="Bram")
    conserved(hand)
    r = hand.apply_line("call Anna")         # now holds three cards: void
    assert (r.ok, r.rule) == (True, "R4.4")
    check(hand, counts={"Anna": 3, "Bram": 1, "Cees": 2})


def test_R4_4_self_call_refused_and_void_calls():
    hand = make_hand(SMALL, lines=["start 9h", "9c lk", "9d"])
    refused(hand, "Bram: call Bram", "R4.4")
    before = hand.state()
    r = hand.apply_line("Cees: call Anna")   # Anna announced in time
    assert (r.ok, r.rule) == (True, "R4.4")
    assert hand.state() == before
    r = hand.apply_line("call Cees")         # Cees holds two cards
    assert (r.ok, r.rule) == (True, "R4.4")
    assert hand.state() == before


def test_R4_4_already_called_is_void():
    hand = make_hand(HouseRules(deal_size=2, last_card_penalty=0),
                     lines=["start 9h", "9c", "9d", "call Anna"])
    check(hand, counts={"Anna": 1, "Bram": 1, "Cees": 2}, callable=[])
    r = hand.apply_line("call Anna")
    assert (r.ok, r.rule) == (True, "R4.4")
    check(hand, counts={"Anna": 1, "Bram": 1, "Cees": 2})


def test_R4_5_duty_lapses_when_the_count_changes():
    hand = make_hand(SMALL, lines=["start 9h", "9c", "9d", "9s"])
    check(hand, callable=["Anna", "Bram"], turn="Anna")
    play(hand, "d")                           # Anna draws: her count changes
    check(hand, callable=["Bram", "Cees"], counts={"Anna": 2, "Bram": 1, "Cees": 1})
    r = hand.apply_line("call Anna")
    assert (r.ok, r.rule) == (True, "R4.4")
    check(hand, counts={"Anna": 2, "Bram": 1, "Cees": 1})


# ---------------------------------------------------------------------------
# R5 Action cards
# ---------------------------------------------------------------------------

def test_R5_1_two_stacks_and_passes_on(hand):
    r = hand.apply_line("2h")
    assert (r.ok, r.rule) == (True, "R5.1")
    check(hand, turn="Bram", pending_draw=2, top="2h")
    r = hand.apply_line("2c")
    assert (r.ok, r.rule) == (True, "R5.1")
    check(hand, turn="Cees", pending_draw=4)
    r = hand.apply_line("2s")
    check(hand, turn="Anna", pending_draw=6)
    r = hand.apply_line("d")
    assert (r.ok, r.rule) == (True, "R5.7")
    check(hand, turn="Bram", pending_draw=0, counts={"Anna": 12, "Bram": 6, "Cees": 6},
          draw_pile=26)
    conserved(hand)


def test_R5_2_seven_plays_again(hand):
    r = hand.apply_line("7h")
    assert (r.ok, r.rule) == (True, "R5.2")
    check(hand, turn="Anna", top="7h", counts={"Anna": 6, "Bram": 7, "Cees": 7})
    r = hand.apply_line("7c")                # a Seven on a Seven: yet another turn
    assert (r.ok, r.rule) == (True, "R5.2")
    check(hand, turn="Anna")
    refused(hand, "Bram: 7s", "R3.7")        # the extra turn cannot be skipped
    play(hand, "d")                          # ... except by drawing
    check(hand, turn="Bram", counts={"Anna": 6, "Bram": 7, "Cees": 7}, draw_pile=31)


def test_R5_2_sevens_in_one_line(hand):
    r = hand.apply_line("7h 7c 9c")
    assert r.ok
    check(hand, turn="Bram", top="9c", counts={"Anna": 4, "Bram": 7, "Cees": 7}, discard_pile=4)


def test_R5_3_eight_skips_the_next_player(hand):
    r = hand.apply_line("8h")
    assert (r.ok, r.rule) == (True, "R5.3")
    check(hand, turn="Cees", skips={})


def test_R5_3_eight_with_two_players_plays_again():
    hand = make_hand(players=("Anna", "Bram"), dealer="Bram", lines=["start 9h"])
    r = hand.apply_line("8h")
    assert (r.ok, r.rule) == (True, "R5.3")
    check(hand, turn="Anna", counts={"Anna": 6, "Bram": 7})
    play(hand, "8c")
    check(hand, turn="Anna")
    play(hand, "9c")
    check(hand, turn="Bram")


def test_R5_4_jack_names_a_suit(hand):
    refused(hand, "Jc s", "R3.1")            # a Jack must itself match
    refused(hand, "Jh", "R5.4")              # and name a suit
    r = hand.apply_line("Jh h")              # its own suit included
    assert (r.ok, r.rule) == (True, "R5.4")
    check(hand, named_suit="h", turn="Bram", counts={"Anna": 6, "Bram": 7, "Cees": 7})
    play(hand, "Jd spades")
    check(hand, named_suit="s", turn="Cees")


def test_R5_4_jack_that_empties_the_hand_names_nothing():
    hand = make_hand(HouseRules(finish_on_action=True),
                     lines=["start 9h", "fix count Anna 1"])
    r = hand.apply_line("Jh s")
    assert (r.ok, r.rule) == (True, "R6.1")
    check(hand, status="over", winner="Anna", named_suit=None)
    hand = make_hand(HouseRules(finish_on_action=True),
                     lines=["start 9h", "fix count Anna 1"])
    r = hand.apply_line("Jh")                # going out: no suit to name (R5.4)
    assert (r.ok, r.rule) == (True, "R6.1")
    check(hand, status="over", winner="Anna")


def test_R5_5_ace_reverses(hand):
    r = hand.apply_line("Ah")
    assert (r.ok, r.rule) == (True, "R5.5")
    check(hand, direction="counterclockwise", turn="Cees")
    play(hand, "Ac")
    check(hand, direction="clockwise", turn="Anna")


def test_R5_5_ace_with_two_players_plays_again():
    hand = make_hand(players=("Anna", "Bram"), dealer="Bram", lines=["start 9h"])
    r = hand.apply_line("Ah")
    assert (r.ok, r.rule) == (True, "R5.5")
    check(hand, turn="Anna", direction="counterclockwise", counts={"Anna": 6, "Bram": 7})
    play(hand, "5h")
    check(hand, turn="Bram")


def test_R5_6_joker_penalty_and_stack(hand):
    r = hand.apply_line("Joker")
    assert (r.ok, r.rule) == (True, "R5.6")
    check(hand, turn="Bram", pending_draw=5)
    refused(hand, "2h", "R5.7")              # only a Joker stacks on a Joker (same)
    r = hand.apply_line("Joker")
    assert (r.ok, r.rule) == (True, "R5.6")
    check(hand, turn="Cees", pending_draw=10)
    play(hand, "d")
    check(hand, turn="Anna", pending_draw=0, counts={"Anna": 6, "Bram": 6, "Cees": 17},
          draw_pile=22)


def test_R5_7_facing_a_penalty(hand):
    play(hand, "2h")
    refused(hand, "5h", "R5.7")              # matches, but does not stack
    refused(hand, "Joker", "R5.7")           # stacking = "same": no Joker on a Two
    refused(hand, "d 2c", "R5.7")            # a draw takes the whole penalty
    play(hand, "d")
    check(hand, turn="Cees", pending_draw=0, counts={"Anna": 6, "Bram": 9, "Cees": 7})
    play(hand, "5h")                         # the 2h is an ordinary card now
    check(hand, turn="Anna", top="5h")


def test_R5_7_penalty_on_a_player_who_must_miss_the_turn():
    hand = make_hand(HouseRules(four="skip_two"), lines=["start 9h", "4h"])
    check(hand, turn="Cees", skips={"Bram": 1})
    play(hand, "5h")                         # Cees
    check(hand, turn="Anna")
    r = hand.apply_line("2h")                # aimed at Bram, who must miss the turn
    assert (r.ok, r.rule) == (True, "R5.1")
    check(hand, turn="Cees", pending_draw=0, skips={},
          counts={"Anna": 5, "Bram": 9, "Cees": 6}, draw_pile=30)
    play(hand, "d")
    check(hand, turn="Anna")
    play(hand, "d")
    check(hand, turn="Bram")                 # Bram has no misses left and plays again


def test_R5_8_king_draw_one():
    hand = make_hand(HouseRules(king="draw_one"), lines=["start 9h"])
    r = hand.apply_line("Kh")
    assert (r.ok, r.rule) == (True, "R5.8")
    check(hand, turn="Bram", pending_draw=0, counts={"Anna": 6, "Bram": 8, "Cees": 7},
          draw_pile=31)
    r = hand.apply_line("Kc")                # never stacks: Cees draws one, Bram's turn over
    assert (r.ok, r.rule) == (True, "R5.8")
    check(hand, turn="Cees", pending_draw=0, counts={"Anna": 6, "Bram": 7, "Cees": 8})


def test_R5_8_king_reverse_skip():
    hand = make_hand(HouseRules(king="reverse_skip"),
                     players=("Anna", "Bram", "Cees", "Dirk"), dealer="Dirk",
                     lines=["start 9h", "9c"])
    check(hand, turn="Bram")
    r = hand.apply_line("Kc")                # reverses; Anna (now next) misses the turn
    assert (r.ok, r.rule) == (True, "R5.8")
    check(hand, direction="counterclockwise", turn="Dirk", skips={})


def test_R5_9_four_skip_two():
    hand = make_hand(HouseRules(four="skip_two"),
                     players=("Anna", "Bram", "Cees", "Dirk"), dealer="Dirk",
                     lines=["start 9h"])
    r = hand.apply_line("4h")
    assert (r.ok, r.rule) == (True, "R5.9")
    check(hand, turn="Cees", skips={"Bram": 1})
    play(hand, "d", "d", "d")                # Cees, Dirk, Anna; Bram misses again
    check(hand, turn="Cees", skips={})
    play(hand, "d", "d", "d")
    check(hand, turn="Bram")


def test_R5_9_four_across_an_ace():
    hand = make_hand(HouseRules(four="skip_two"),
                     players=("Anna", "Bram", "Cees", "Dirk"), dealer="Dirk",
                     lines=["start 9h", "4h"])
    check(hand, turn="Cees", skips={"Bram": 1})
    play(hand, "Ah")                         # Cees reverses: Bram is next and misses again
    check(hand, direction="counterclockwise", turn="Anna", skips={})
    play(hand, "d")
    check(hand, turn="Dirk")
    play(hand, "d", "d")                     # Dirk, Cees
    check(hand, turn="Bram")                 # Bram missed exactly two turns


def test_R5_9_eight_turn_uses_no_skip():
    hand = make_hand(HouseRules(four="skip_two"),
                     players=("Anna", "Bram", "Cees", "Dirk"), dealer="Dirk",
                     lines=["start 9h", "4h", "d", "d"])
    check(hand, turn="Anna", skips={"Bram": 1})
    play(hand, "8h")                         # Bram loses this turn to the Eight: no miss used
    check(hand, turn="Cees", skips={"Bram": 1})
    play(hand, "d", "d", "d")                # Cees, Dirk, Anna; Bram uses his last miss
    check(hand, turn="Cees", skips={})


def test_R5_10_five_all_draw_one():
    hand = make_hand(HouseRules(five="all_draw_one"), lines=["start 9h"])
    r = hand.apply_line("5h")
    assert (r.ok, r.rule) == (True, "R5.10")
    check(hand, turn="Bram", counts={"Anna": 6, "Bram": 8, "Cees": 8}, draw_pile=30)


def test_R5_10_five_draws_in_direction_when_piles_run_out():
    hand = make_hand(HouseRules(five="all_draw_one"), lines=["start 5h"])
    drain(hand)
    player = hand.turn
    seats = list(hand.counts)
    nxt = seats[(seats.index(player) + 1) % 3]
    other = seats[(seats.index(player) + 2) % 3]
    before = dict(hand.counts)
    r = hand.apply_line("5c")
    assert (r.ok, r.rule) == (True, "R5.10")
    assert "R3.6" in note_rules(r)
    assert hand.counts[nxt] == before[nxt] + 1      # the 5h reshuffled goes to the next player
    assert hand.counts[other] == before[other]      # nothing left for the last one
    check(hand, draw_pile=0, discard_pile=1, top="5c")
    conserved(hand)


# ---------------------------------------------------------------------------
# R6 Going out
# ---------------------------------------------------------------------------

def test_R6_1_win_ends_the_hand():
    hand = make_hand(SMALL, lines=["start 9h", "9c lk", "9d lk", "9s lk"])
    r = hand.apply_line("5s")
    assert (r.ok, r.rule) == (True, "R6.1")
    check(hand, status="over", winner="Anna", turn=None, counts={"Anna": 0, "Bram": 1, "Cees": 1},
          announce_due=None, callable=[])
    refused(hand, "Bram: 5c", "R6.1")
    refused(hand, "call Bram", "R6.1")
    refused(hand, "start 9h", "R6.1")


@pytest.mark.parametrize("typed", ["5s lk", "Anna: 5s lk"])
def test_R6_1_going_out_with_laatste_kaart_is_refused_and_changes_nothing(typed):
    """The play would end the hand, so the announcement after it is refused (R6.1) and
    the play with it: typed with or without the name, the same ruling."""
    hand = make_hand(SMALL, lines=["start 9h", "9c lk", "9d lk", "9s lk"])
    before = hand.state()
    r = hand.apply_line(typed)
    assert (r.ok, r.rule) == (False, "R6.1")
    assert hand.state() == before
    r = hand.apply_line("5s")
    assert (r.ok, r.rule) == (True, "R6.1")


def test_R6_2_not_on_an_action_card():
    hand = make_hand(SMALL, lines=["start 9h", "9c lk", "9d lk", "9s lk"])
    r = hand.apply_line("7s")
    assert (r.ok, r.rule, r.logged) == (False, "R6.2", True)
    check(hand, status="playing", turn="Anna", top="9s", counts={"Anna": 1, "Bram": 1, "Cees": 1})
    r = hand.apply_line("d")                 # the owed draw: one card, the turn passes
    assert (r.ok, r.rule) == (True, "R6.2")
    check(hand, turn="Bram", counts={"Anna": 2, "Bram": 1, "Cees": 1}, draw_pile=46)


def test_R6_2_owed_single_card_may_be_played_at_once():
    hand = make_hand(SMALL, lines=["start 9h", "9c lk", "9d lk", "9s lk"])
    hand.apply_line("2s")
    r = hand.apply_line("d 5s")              # R3.4 applies to a one-card owed draw
    assert (r.ok, r.rule) == (True, "R3.4")
    check(hand, turn="Bram", top="5s", counts={"Anna": 1, "Bram": 1, "Cees": 1})


def test_R6_2_last_two_cannot_stack_and_pending_replaces_owed_draw():
    hand = make_hand(SMALL, lines=["start 9h", "9c lk", "2c"])
    check(hand, turn="Cees", pending_draw=2)
    play(hand, "2d")                         # Cees has 1 card; Anna faces 4 with one card
    check(hand, turn="Anna", pending_draw=4, counts={"Anna": 1, "Bram": 1, "Cees": 1})
    r = hand.apply_line("2h")                # her only card: stacking would empty the hand
    assert (r.ok, r.rule, r.logged) == (False, "R6.2", True)
    check(hand, turn="Anna", pending_draw=4)
    r = hand.apply_line("d")                 # takes the pending 4, which replaces the owed draw
    assert (r.ok, r.rule) == (True, "R5.7")
    check(hand, turn="Bram", pending_draw=0, counts={"Anna": 5, "Bram": 1, "Cees": 1})
    assert "Anna" not in hand.owed                # (nothing owed after the penalty)


def test_R6_2_the_penalty_taken_is_the_owed_draw_so_the_next_draw_is_one_card():
    rules = HouseRules(deal_size=2, finish_on_action_draw=3)
    hand = make_hand(rules, lines=["start 9h", "9c lk", "2c", "2d"])
    r = hand.apply_line("2h")                # Anna's only card, on a pending 4 (R6.2)
    assert (r.ok, r.rule, r.logged) == (False, "R6.2", True)
    play(hand, "d")                          # the 4 of the penalty, and no owed 3 after it
    play(hand, "d", "d")                     # Bram, Cees draw
    r = hand.apply_line("d")                 # Anna's next draw: one card (R3.4)
    assert (r.ok, r.rule) == (True, "R3.4")
    check(hand, counts={"Anna": 6, "Bram": 2, "Cees": 2})


def test_R6_2_owed_draw_lasts_until_next_draw_or_play():
    rules = HouseRules(deal_size=2, finish_on_action_draw=2)
    hand = make_hand(rules, lines=["start 9h", "9c lk", "9d lk", "9s lk"])
    assert hand.apply_line("7s").logged
    play(hand, "d")                          # draws the two owed cards
    check(hand, counts={"Anna": 3, "Bram": 1, "Cees": 1}, turn="Bram")
    play(hand, "d", "d")
    check(hand, turn="Anna")
    play(hand, "d")                          # nothing owed any more: one card
    check(hand, counts={"Anna": 4, "Bram": 2, "Cees": 2})


# ---------------------------------------------------------------------------
# R8.4 free turn order
# ---------------------------------------------------------------------------

FAST = HouseRules(turn_order="free")


def test_R8_4_free_order_anyone_plays_and_turn_is_null():
    hand = make_hand(FAST, lines=["start 9h"])
    check(hand, turn=None)
    refused(hand, "9c", "R8.4")
    refused(hand, "d", "R8.4")
    refused(hand, "lk", "R8.4")
    r = hand.apply_line("Cees: 9c")
    assert (r.ok, r.rule) == (True, "R3.1")
    play(hand, "Cees: 5c", "Bram: 5d", "Bram: 5s")
    check(hand, turn=None, counts={"Anna": 7, "Bram": 5, "Cees": 5}, top="5s")
    play(hand, "Anna: d")
    check(hand, turn=None, counts={"Anna": 8, "Bram": 5, "Cees": 5})


def test_R8_4_penalty_falls_on_next_seat_and_blocks_others():
    hand = make_hand(FAST, lines=["start 9h", "Bram: 2h"])
    check(hand, turn="Cees", pending_draw=2)
    refused(hand, "Anna: 2c", "R3.7")
    refused(hand, "Anna: d", "R3.7")
    play(hand, "Cees: 2c")                   # stacks: the penalty moves on
    check(hand, turn="Anna", pending_draw=4)
    play(hand, "Anna: d")
    check(hand, turn=None, pending_draw=0, counts={"Anna": 11, "Bram": 6, "Cees": 6})


def test_R8_4_ace_decides_where_penalties_fall():
    hand = make_hand(FAST, lines=["start 9h", "Anna: Ah", "Anna: 2h"])
    check(hand, direction="counterclockwise", turn="Cees", pending_draw=2)


# ---------------------------------------------------------------------------
# undo / redo / replay (NOTATION "undo", R0.2)
# ---------------------------------------------------------------------------

def test_undo_restores_the_previous_state(hand):
    before = hand.state()
    play(hand, "2h")
    r = hand.apply_line("undo")
    assert (r.ok, r.rule) == (True, "R0.2")
    assert hand.state() == before
    assert hand.redo_stack == ["2h"]
    r = hand.apply_line("redo")
    assert (r.ok, r.rule) == (True, "R0.2")
    check(hand, pending_draw=2, turn="Bram", top="2h")
    assert hand.redo_stack == []


def test_undo_back_to_start_returns_the_hand_to_waiting(hand):
    play(hand, "undo")
    check(hand, status="waiting", top=None, turn=None, draw_pile=33)
    refused(hand, "undo", "R0.2")


def test_redo_cleared_by_a_new_entry(hand):
    play(hand, "9c", "undo")
    assert hand.redo_stack == ["9c"]
    play(hand, "9d")
    assert hand.redo_stack == []
    refused(hand, "redo", "R0.2")
    check(hand, top="9d", turn="Bram")


def test_redo_not_cleared_by_a_refusal(hand):
    play(hand, "9c", "undo")
    hand.apply_line("5c")
    assert hand.redo_stack == ["9c"]


def test_undo_after_a_reshuffle():
    hand = make_hand(lines=["start 9h", "9c", "9d", "9s"])
    drain(hand)
    before = hand.state()
    r = hand.apply_line("d")
    assert "R3.5" in note_rules(r)
    play(hand, "undo")
    assert hand.state() == before
    play(hand, "redo")
    check(hand, draw_pile=2, discard_pile=1)
    conserved(hand)


def test_undo_of_a_won_hand_reopens_it():
    hand = make_hand(SMALL, lines=["start 9h", "9c lk", "9d lk", "9s lk", "5s"])
    check(hand, status="over", winner="Anna")
    play(hand, "undo")
    check(hand, status="playing", winner=None, turn="Anna", counts={"Anna": 1, "Bram": 1, "Cees": 1})
    play(hand, "d")
    check(hand, turn="Bram")


def test_multi_token_line_is_atomic(hand):
    before = hand.state()
    r = hand.apply_line("7h 9s")
    assert (r.ok, r.rule) == (False, "R3.1")
    assert hand.state() == before
    assert hand.log == ["start 9h"]
    play(hand, "7h 7s")
    check(hand, turn="Anna", top="7s", counts={"Anna": 5, "Bram": 7, "Cees": 7})


def test_replay_of_the_log_gives_the_same_state():
    hand = make_hand(HouseRules(illegal_play_penalty=1),
                     lines=["start 9h", "9c", "2c", "d", "Jc d"])
    assert hand.apply_line("5h").logged      # logged refusal with a penalty draw
    play(hand, "undo")
    assert hand.apply_line("redo").logged
    again = Hand.replay(hand.rules, list(hand.seats), hand.dealer, 1, hand.log, hand.redo_stack)
    assert again.state() == hand.state()


def test_replay_error_names_the_broken_entry():
    with pytest.raises(ReplayError) as exc:
        Hand.replay(HouseRules(), ["Anna", "Bram", "Cees"], "Cees", 1, ["start 9h", "5c"])
    assert (exc.value.index, exc.value.line) == (1, "5c")
    assert isinstance(exc.value, ValueError)
    # R0.2: the reason is the refusal itself, as data; it is said where it is caught
    reason = exc.value.reason
    assert (reason.ok, reason.rule) == (False, "R3.1")
    hand = make_hand(lines=["start 9h"])
    assert told(reason) == told(hand.apply_line("5c")) and "5♣" in told(reason)


@pytest.mark.parametrize("lang, card", [("en", "Q♣"), ("nl", "V♣")])
def test_R0_2_a_saved_entry_that_no_longer_replays_is_refused_in_the_readers_words(
        tmp_path, lang, card):
    """Opening a hand-edited save whose entry the rules now refuse names the entry and
    says the refusal in the language of whoever reads it (its card as they read it)."""
    from referee import messages
    from referee.series.session import _replay_hand
    from referee.series.store import SaveError, SaveFile
    meta = {"players": ["Anna", "Bram", "Cees"], "dealer": "Cees",
            "entries": [{"line": "start 9h"}, {"line": "Qc"}]}
    before = messages.language()
    messages.set_language(lang)
    try:
        with pytest.raises(SaveError) as exc:
            _replay_hand(SaveFile(tmp_path / "pesten.toml"), HouseRules(), 1, meta)
        said = told(make_hand(lines=["start 9h"]).apply_line("Qc"))
    finally:
        messages.set_language(before, chosen=False)
    assert "'Qc'" in str(exc.value) and said in str(exc.value) and card in said


# ---------------------------------------------------------------------------
# The rulings of R0.4's two effect-bearing refusals render (their texts once raised KeyError)
# ---------------------------------------------------------------------------

def test_R3_8_penalty_ruling_text_renders():
    hand = make_hand(HouseRules(illegal_play_penalty=2), lines=["start 9h"])
    r = hand.apply_line("5c")
    assert r.rule == "R3.8"
    assert "R3.8" in told(r) and "Anna" in told(r)


def test_R6_2_refusal_ruling_text_renders():
    hand = make_hand(lines=["start 9h", "fix count Anna 1"])
    r = hand.apply_line("7h")
    assert r.rule == "R6.2"
    assert "R6.2" in told(r) and "Anna" in told(r)


# ---------------------------------------------------------------------------
# Queries (NOTATION: they change nothing and always answer ok) and the ruling text
# ---------------------------------------------------------------------------

def test_queries_change_nothing(hand):
    play(hand, "9c")
    before, log = hand.state(), list(hand.log)
    r = hand.apply_line("check 5c")
    assert (r.ok, r.kind, r.rule, r.data["legal"]) == (True, "query", "R3.1", True)
    r = hand.apply_line("check 5h")
    assert (r.ok, r.rule, r.data["legal"]) == (True, "R3.1", False)
    r = hand.apply_line("Anna: check 5c")    # not Anna's turn
    assert (r.ok, r.rule, r.data["legal"]) == (True, "R3.7", False)
    r = hand.apply_line("check 9c")          # already on the discard pile
    assert (r.ok, r.rule, r.data["legal"]) == (True, "R1.4", False)
    r = hand.apply_line("why")               # the rule behind the last ruling (the 9c)
    assert (r.ok, r.rule) == (True, "R3.1")
    for line in ("state", "help", "rules R5.1", "# a comment", "   "):
        assert hand.apply_line(line).ok
    assert hand.state() == before and hand.log == log


def test_check_facing_a_penalty(hand):
    play(hand, "2h")
    r = hand.apply_line("check 2c")
    assert (r.ok, r.rule, r.data["legal"]) == (True, "R5.7", True)
    r = hand.apply_line("check 5h")
    assert (r.ok, r.rule, r.data["legal"]) == (True, "R5.7", False)


# (rules, setup, refused line): the text of every refusal cites the rule in ``ruling.rule``.
TEXT_CASES = [
    (HouseRules(), ["start 9h"], "Zed: 9c"),
    (HouseRules(), [], "9h"),
    (HouseRules(), ["start 9h", "leave Bram"], "Bram: 9c"),
    (HouseRules(turn_order="free"), ["start 9h"], "9c"),
    (HouseRules(turn_order="free"), ["start 9h", "Anna: 2h"], "Cees: 2c"),
    (HouseRules(), ["start 9h"], "Bram: 9c"),
    (HouseRules(jokers=False), ["start 9h"], "Joker"),
    (HouseRules(), ["start 9h"], "9h"),
    (HouseRules(), ["start 9h", "2h"], "5h"),
    (HouseRules(draw_then_play=False), ["start 9h"], "d 5h"),
    (HouseRules(), ["start 9h", "fix draw Bram 99"], "d 5h"),
    (HouseRules(), ["start 9h"], "5c"),
    (HouseRules(), ["start 9h", "Jh s"], "5h"),
    (HouseRules(), ["start 9h"], "Jh"),
    (HouseRules(), ["start 9h", "fix count Anna 1"], "7h"),
    (HouseRules(illegal_play_penalty=1), ["start 9h"], "5c"),
    (HouseRules(), ["start 9h"], "Anna: call Anna"),
    (HouseRules(false_call_penalty=1), ["start 9h"], "call Anna"),
    (HouseRules(), ["start 9h", "leave Anna", "leave Bram"], "9c"),
    (HouseRules(), ["start 9h"], "start 9c"),
    (HouseRules(), [], "undo"),
]


@pytest.mark.parametrize("rules, setup, line", TEXT_CASES)
def test_refusal_text_cites_the_ruling_rule(rules, setup, line):
    hand = make_hand(rules, lines=setup)
    r = hand.apply_line(line)
    assert not r.ok and r.rule
    assert f"({r.rule}" in told(r), (r.rule, told(r))


def test_start_by_non_dealer_text_cites_the_ruling_rule():
    # Once refused citing R3.7 while the text said R2.3.
    hand = make_hand()
    r = hand.apply_line("Bram: start 9h")
    assert not r.ok
    assert f"({r.rule}" in told(r), (r.rule, told(r))


def test_R1_5_check_by_a_player_who_left_answers():
    # In free order this once raised KeyError out of apply_line.
    hand = make_hand(HouseRules(turn_order="free"), lines=["start 9h", "Anna: leave Bram"])
    before = hand.state()
    r = hand.apply_line("Bram: check 9c")
    assert (r.ok, r.kind, r.rule, r.data["legal"]) == (True, "query", "R1.5", False)
    assert hand.state() == before
