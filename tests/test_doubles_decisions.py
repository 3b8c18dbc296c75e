"""Several cards of one rank as one play (RULES.md R3.10, ``multi_play = "same_rank"``):
the decisions on a double and the cases where it went wrong, one test each, named
after its rule id.

A double is one play: its cards go on the discard pile in the order typed (the
last on top), each card's effect applies in order as that card's would, and the
turn passes once, after all of them.  Each test builds its rule set as a family's
file would (``rules_from_table``), types the lines the table types and asserts the
state the rule book calls for.  The last test plays a double of every effect of
the vocabulary (R9) under random house rules: the cards are conserved and nothing
raises.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import refused, run_in as run
from referee.engine import Hand
from referee.engine.effects import EFFECT_KINDS, Effect, check_combination, effect_table
from referee.series.presets import rules_from_table
from referee.words.events import told

THREE = ["Anna", "Bram", "Cees"]
FOUR = ["Anna", "Bram", "Cees", "Dirk"]
TWO = ["Anna", "Bram"]


def hand(table: dict, players=THREE, lines=()) -> Hand:
    """A hand under ``table`` (doubles played; the last player deals, so the first
    plays first) after ``lines``, each of which must be taken."""
    rules = rules_from_table({"multi_play": "same_rank", **table})
    h = Hand(rules, list(players), players[-1])
    play(h, *lines)
    return h


def play(h: Hand, *lines: str):
    """Type ``lines``; every one must be taken; the last ruling."""
    ruling = None
    for line in lines:
        ruling = h.apply_line(line)
        assert ruling.ok, (line, ruling.rule, told(ruling))
    return ruling


def seen(h: Hand, *keys: str) -> dict:
    """The state's ``keys`` (NOTATION.md "State")."""
    state = h.state()
    return {k: state[k] for k in keys}


# -- the cards go down first, then each card's effect in order (M1, M3, N3) -----------

def test_R3_10_a_double_of_hand_rotations_moves_the_hands_after_both_cards_are_down():
    # M1: Bram's two Sixes leave his hand before either rotation moves it.
    h = hand({"actions": {"6": "rotate_hands"}}, lines=["start 9c", "5c"])
    play(h, "6c+6s")
    assert seen(h, "counts", "turn") == {"counts": {"Anna": 7, "Bram": 6, "Cees": 5},
                                         "turn": "Cees"}


def test_R3_10_a_double_drawing_through_a_reshuffle_reshuffles_both_cards_but_the_top():
    # M3: both Threes are on the pile when the first draw finds the draw pile empty.
    h = hand({"deal_size": 25, "jokers_per_deck": 0,
              "actions": {"3": {"draw": 1, "to": "self"}}},
             players=TWO, lines=["start 9c", "9d", "d", "9s"])
    play(h, "3s+3d")
    assert seen(h, "draw_pile", "discard_pile", "top", "turn", "counts") == {
        "draw_pile": 2, "discard_pile": 1, "top": "3d", "turn": "Anna",
        "counts": {"Anna": 23, "Bram": 26}}


def test_R3_10_a_double_of_suit_namers_with_d_puts_both_cards_down():
    # N3: `6c+6s d` names diamonds with the double; both Sixes go down.
    h = hand({"actions": {"6": "name_suit"}}, lines=["start 9c"])
    play(h, "6c+6s d")
    assert seen(h, "top", "named_suit", "discard_pile", "counts", "turn") == {
        "top": "6s", "named_suit": "d", "discard_pile": 3,
        "counts": {"Anna": 5, "Bram": 7, "Cees": 7}, "turn": "Bram"}
    assert h.log == ["start 9c", "6c+6s d"]


# -- the turn passes once, after all the cards (M2, M2b, M4, M5) -------------------------

def test_R3_10_two_skips_with_two_players_make_the_other_player_miss_both():
    # M2, and R9.5: with two players the other player misses every skip of the play.
    h = hand({}, players=TWO, lines=["start 9c"])
    play(h, "8c+8s")
    assert seen(h, "turn", "skips") == {"turn": "Anna", "skips": {"Bram": 1}}
    play(h, "d")
    assert seen(h, "turn", "skips") == {"turn": "Anna", "skips": {}}


def test_R3_10_two_kings_reverse_and_skip_each_in_turn():
    # M2b: the first King reverses and skips Dirk, the second reverses back and skips
    # Bram; the turn passes once: Cees, with Dirk's miss still to come.
    h = hand({"extends": "hard"}, players=FOUR, lines=["start 9c"])
    play(h, "Kc+Ks")
    assert seen(h, "turn", "skips", "direction") == {
        "turn": "Cees", "skips": {"Dirk": 1}, "direction": "clockwise"}


def test_R3_10_two_fives_make_a_player_with_a_turn_to_miss_draw_twice():
    # M4: Bram has a Four's miss left; he still draws for each Five, and the turn
    # passes him once.
    h = hand({"extends": "hard"}, players=FOUR, lines=["start 9c", "4c", "6c", "6d"])
    play(h, "5d+5h")
    assert seen(h, "counts", "draw_pile", "turn", "skips") == {
        "counts": {"Anna": 4, "Bram": 9, "Cees": 8, "Dirk": 8}, "draw_pile": 19,
        "turn": "Cees", "skips": {}}


def test_R3_10_two_aces_pass_the_turn_once_and_use_no_turn_to_miss():
    # M5: two reverses leave the direction; the turn passes once, to Anna, and
    # Bram's three misses (one used) are not touched.
    h = hand({"actions": {"8": {"skip": 3}}}, players=["Anna", "Bram", "Dirk"],
             lines=["start 10s", "8s"])
    assert seen(h, "turn", "skips") == {"turn": "Dirk", "skips": {"Bram": 2}}
    play(h, "As+Ah")
    assert seen(h, "turn", "skips", "direction") == {
        "turn": "Anna", "skips": {"Bram": 2}, "direction": "clockwise"}


def test_R3_10_a_double_of_skips_passed_on_is_one_skip_of_their_sum_for_the_next_player():
    # R5.11: the next player answers both Eights at once: `pass` misses two turns.
    h = hand({"actions": {"8": {"skip": 1, "pass_on": True}}}, lines=["start 9c"])
    play(h, "8c+8s")
    assert seen(h, "turn", "pending_skip") == {"turn": "Bram", "pending_skip": 2}
    play(h, "pass")
    assert seen(h, "turn", "skips", "pending_skip") == {
        "turn": "Cees", "skips": {"Bram": 1}, "pending_skip": 0}


# -- penalties: one victim (D24, PO) ----------------------------------------------------

def test_R3_10_two_twos_on_a_player_who_must_miss_the_turn_are_drawn_at_once_together():
    # All four cards fall on the next seat; Bram has a Four's miss left, so he draws
    # the four at once (R5 preamble), uses the miss, and Cees plays.
    h = hand({"extends": "hard"}, players=FOUR, lines=["start 4c", "4h", "9h", "9d"])
    assert seen(h, "turn", "skips") == {"turn": "Anna", "skips": {"Bram": 1}}
    play(h, "2d+2s")
    assert seen(h, "turn", "skips", "pending_draw", "counts") == {
        "turn": "Cees", "skips": {}, "pending_draw": 0,
        "counts": {"Anna": 4, "Bram": 11, "Cees": 6, "Dirk": 6}}


def test_R3_10_a_penalty_after_a_reverse_of_the_same_double_falls_on_the_next_seat_then():
    # PO: the second Six's penalty is aimed at the next seat when it applies, after
    # the first Six reversed play: Dirk; the whole 4 is his.
    h = hand({"actions": {"6": [{"draw": 2}, {"reverse": True, "two_players": "none"}]}},
             players=FOUR, lines=["start 9h"])
    play(h, "6h+6c")
    assert seen(h, "turn", "pending_draw", "direction") == {
        "turn": "Dirk", "pending_draw": 4, "direction": "clockwise"}


# -- refused doubles (D22, a double of more cards than held) ----------------------------

def test_R3_10_a_double_with_a_card_of_another_rank_costs_the_illegal_play_draw():
    # D22: an illegal play; under illegal_play_penalty the draw of R3.8 applies and
    # the ruling cites R3.8, as for every illegal play with the draw.
    h = hand({"illegal_play_penalty": 2}, lines=["start 2c"])
    ruling = h.apply_line("2h+4d")
    assert (ruling.ok, ruling.rule, ruling.logged) == (False, "R3.8", True)
    assert "4♦" in told(ruling)
    assert seen(h, "counts", "draw_pile", "turn", "discard_pile") == {
        "counts": {"Anna": 9, "Bram": 7, "Cees": 7}, "draw_pile": 30, "turn": "Anna",
        "discard_pile": 1}
    plain = hand({}, lines=["start 2c"])
    refused(plain, "2h+4d", "R3.10")            # without the draw: R3.10, nothing changes


def test_R3_10_a_double_of_more_cards_than_the_player_holds_is_refused():
    h = hand({}, lines=["start 5c", "fix count Anna 1"])
    ruling = refused(h, "5h+5s", "R3.10")
    assert "1" in told(ruling) and "2" in told(ruling)
    assert not h.legal().may_double(*_cards("5h", "5s"))


# -- a double that ends the hand or takes a player out (D25, X1) -------------------------

def test_R3_10_a_double_that_ends_the_hand_has_no_effect():
    # D25: under finish_on_action the hand ends on the double; no Five makes anyone draw.
    h = hand({"five": "all_draw_one", "finish_on_action": True},
             lines=["start 5c", "fix count Anna 2"])
    pile = h.draw_pile
    ruling = play(h, "5h+5s")
    assert seen(h, "status", "winner", "counts", "top") == {
        "status": "over", "winner": "Anna", "counts": {"Anna": 0, "Bram": 7, "Cees": 7},
        "top": "5s"}
    assert h.draw_pile == pile and ruling.rule == "R6.1"


def test_R3_10_a_double_that_takes_a_player_out_under_last_holder_plays_on():
    # X1: Anna goes out on her two Fours; the hand goes on with Bram.
    h = hand({"hand_end": "last_holder", "deal_size": 2}, lines=["start 9c"])
    ruling = play(h, "4c+4d")
    assert ruling.rule == "R6.3"
    assert seen(h, "status", "turn", "places", "counts", "winner") == {
        "status": "playing", "turn": "Bram", "places": ["Anna"],
        "counts": {"Bram": 2, "Cees": 2}, "winner": None}
    assert told(h.apply_line("why"))






def test_R3_10_doubles_through_the_command_line_go_out_and_draw_for_an_illegal_play(tmp_path):
    # X1 as a family meets it: the script plays on after Anna goes out on a double,
    # and a double with a card of another rank costs Bram the illegal-play draw.
    (tmp_path / "dubbel.toml").write_text(
        'multi_play = "same_rank"\nhand_end = "last_holder"\ndeal_size = 3\n'
        'illegal_play_penalty = 1\n', encoding="utf-8")
    made = run("new", "--players", "Anna,Bram,Cees", "--rules", "dubbel.toml",
               "--dealer", "Cees", "--save", "s.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hand.txt").write_text("start 9c\nfix count Anna 2\n4c+4d\n9d+5d\n",
                                       encoding="utf-8")
    played = run("play", "--save", "s.toml", "--script", "hand.txt", "--keep-going",
                 cwd=tmp_path)
    out = played.stdout + played.stderr
    assert "internal error" not in out and "Traceback" not in out, out
    assert "Anna goes out on 4♦ and is out in place 1" in out
    assert "5♦ is not of the rank of 9♦" in out and "R3.8" in out
    state = json.loads(run("state", "--json", "--save", "s.toml", cwd=tmp_path).stdout)
    assert (state["places"], state["turn"], state["counts"]) == (
        ["Anna"], "Bram", {"Bram": 4, "Cees": 3})


def _cards(*texts: str):
    from referee.engine.cards import parse_card
    first, *more = (parse_card(t) for t in texts)
    return first, more


# -- every effect in a double, under random house rules ----------------------------------

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@st.composite
def one_effect(draw) -> Effect:
    """Any effect of the vocabulary (R9), its parameters at random in their ranges."""
    kind = draw(st.sampled_from([k for k in EFFECT_KINDS if k.name != "none"]))
    params = {}
    for p in ((kind.value,) if kind.value else ()) + kind.params:
        if p.kind == "int":
            params[p.name] = draw(st.integers(*p.detail))
        elif p.kind == "bool":
            params[p.name] = draw(st.booleans())
        elif p.kind == "enum":
            params[p.name] = draw(st.sampled_from(p.detail))
        elif p.kind == "value":
            params[p.name] = draw(st.integers(1, 13))
        elif p.kind == "keys":  # (R10.11: the penalties a counter card answers)
            params[p.name] = tuple(draw(st.lists(st.sampled_from(RANKS), min_size=1,
                                                 max_size=2, unique=True)))
        elif p.kind == "ranks":  # (R10.22: the ranks a demand may not name)
            params[p.name] = tuple(draw(st.lists(st.sampled_from(
                [r for r in RANKS if r != "Joker"]), max_size=3, unique=True)))
        else:
            params[p.name] = draw(st.sampled_from(RANKS))
    return Effect(kind.name, **params)


@st.composite
def a_double(draw):
    """A rank given one or two random effects, random house rules around it, and
    the hand's first lines: the player to act holding a few cards (two: the
    double may empty the hand), the next player maybe on their last card; then
    the double, and the same rank's other two suits for the answer."""
    effects = tuple(draw(st.lists(one_effect(), min_size=1, max_size=2)))
    free = draw(st.sampled_from([False, False, False, True]))
    if check_combination(effects, free) is not None:
        effects = effects[:1]
        if check_combination(effects, free) is not None:
            effects = (Effect("skip"),)
    rank = draw(st.sampled_from(RANKS))
    table = {"actions": {rank: effect_table(effects)},
             "hand_end": draw(st.sampled_from(["first_out", "last_holder"])),
             "finish": {"mode": draw(st.sampled_from(["refuse", "allowed", "draw_after"]))},
             "deal_size": draw(st.sampled_from([3, 7, 12]))}
    if free:
        table["turn_order"] = "free"
    players = FOUR[:draw(st.integers(2, 4))]
    starter = "Qc" if rank != "Q" else "9c"
    lines = [f"start {starter}", f"fix count {players[0]} {draw(st.integers(2, 4))}"]
    if draw(st.booleans()):
        lines.append(f"fix count {players[1]} 1")
    who = f"{players[0]}: " if free else ""
    names = "name_suit" in [e.kind for e in effects]
    suit = " " + draw(st.sampled_from("cdhs")) if names else ""
    answer = f"{rank}d+{rank}h" + (" " + draw(st.sampled_from("cdhs")) if names else "")
    state = {"skips": draw(st.integers(0, 2)), "reversed": draw(st.booleans())}
    if "swap" in [e.kind for e in effects]:  # (R10.30: the player swapped with is named)
        suit += f" {players[1]}"
        answer += " {other}"
    return table, players, lines, state, f"{who}{rank}c+{rank}s{suit}", answer


def conserved(h: Hand, deck: int) -> None:
    """The cards are all somewhere (hands + piles = deck) and the hand is in order."""
    assert sum(h.counts.values()) + h.draw_pile + len(h.discard) == deck
    assert all(n >= 0 for n in h.counts.values())
    if h.status == "playing" and not h.free:
        assert h.turn in h.active
    told(h.apply_line("why"))
    h.state()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a_double())
def test_R3_10_a_double_of_any_effect_conserves_the_cards_and_never_raises(case):
    table, players, lines, state, double, answer = case
    h = Hand(rules_from_table({"multi_play": "same_rank", **table}), players, players[-1])
    for line in lines:
        assert h.apply_line(line).ok, line
    if state["skips"] and not h.free:   # the next seat may have turns to miss
        h.skips[players[1]] = state["skips"]
    if state["reversed"]:
        h.direction = -1
    deck = h.deck_total
    ruling = h.apply_line(double)
    told(ruling)
    conserved(h, deck)
    if ruling.ok:  # the last card typed is the new top, whatever its effects did
        assert str(h.top) == double.split("+")[1].split()[0]
    # the next entries: the other two cards of the rank as a double, else a draw or
    # a pass, as the legality API offers: still conserved, nothing raises
    for _ in range(3):
        if h.status != "playing":
            break
        who = h.turn or players[1]
        legal = h.legal(who)
        prefix = f"{who}: " if h.free else ""
        first, more = _cards(*answer.split()[0].split("+"))
        other = next((p for p in h.active if p != who and p not in h.places), who)
        tries = [answer.format(other=other)] if legal.may_double(first, more, _suit(answer)) else []
        tries.append("pass" if legal.passes else "d")
        ruling = h.apply_line(prefix + tries[0])
        assert ruling.ok or tries[0] == "d", (tries[0], told(ruling))
        told(ruling)
        conserved(h, deck)


def _suit(entry: str) -> str | None:
    parts = entry.split()
    return parts[1] if len(parts) > 1 and parts[1] in ("c", "d", "h", "s") else None
