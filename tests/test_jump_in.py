"""R10.70-R10.75 jump-in (``jump_in = "identical" | "same_rank"``): a card played out of
turn on its twin, through the engine, the file's checks, the rule book, the legality
API and ``play --script`` (a subprocess).

Four players, Dirk dealing, two decks: Anna plays first, then Bram, Cees, Dirk.
"""

from __future__ import annotations

import json

from conftest import make_hand, play, refusal, refused, subprocess_cli
from referee.engine.events import JumpedIn
from referee.series.presets import rules_from_table
from referee.series.rulebook import rule_text
from referee.words.events import told

FOUR = ("Anna", "Bram", "Cees", "Dirk")
IDENTICAL = rules_from_table({"jump_in": "identical", "decks": 2})
SAME_RANK = rules_from_table({"jump_in": "same_rank", "decks": 2})
ON_PENALTY = rules_from_table({"jump_in": "identical", "jump_in_on_penalty": True, "decks": 2})


def four(rules=IDENTICAL, *lines: str):
    return make_hand(rules, FOUR, "Dirk", lines=("start 9h", *lines))


def test_R10_70_a_twin_out_of_turn_is_played_and_play_goes_on_from_the_jumper():
    h = four(IDENTICAL, "Anna: 9s")                  # Bram is to play
    ruling = play(h, "Dirk: 9s")                     # Dirk jumps in over Bram and Cees
    assert ruling.rule == "R10.70"
    assert type(ruling.events[0]) is JumpedIn and ruling.events[0].passed == ("Bram", "Cees")
    assert h.turn == "Anna" and h.counts["Dirk"] == 6 and str(h.top) == "9s"
    said = told(ruling)
    assert "Dirk jumps in out of turn with 9♠" in said and "passing over Bram and Cees" in said
    assert h.log[-1] == "Dirk: 9s"


def test_R10_70_off_any_entry_out_of_turn_is_refused_by_R3_7():
    h = four(rules_from_table({"decks": 2}), "Anna: 9s")
    refused(h, "Dirk: 9s", "R3.7")


def test_R10_70_a_draw_or_a_draw_and_play_out_of_turn_is_refused_by_R3_7():
    h = four(IDENTICAL, "Anna: 9s")
    refused(h, "Dirk: d", "R3.7")
    refused(h, "Dirk: d 9s", "R3.7")


def test_R10_70_a_player_may_jump_in_on_their_own_card():
    h = four(IDENTICAL, "Anna: 9s")
    ruling = play(h, "Anna: 9s")
    assert ruling.events[0].passed == ("Bram", "Cees", "Dirk") and h.turn == "Bram"


def test_R10_71_a_card_that_is_not_the_twin_is_refused_and_says_why():
    h = four(IDENTICAL, "Anna: 9s")
    ruling = refused(h, "Cees: 9c", "R10.71")
    assert "only a card identical to the top card, 9♠" in told(ruling)
    refused(h, "Cees: 5s", "R10.71")


def test_R10_71_same_rank_lets_any_card_of_the_rank_jump_in():
    h = four(SAME_RANK, "Anna: 9s")
    play(h, "Cees: 9c")
    assert h.turn == "Dirk"
    ruling = refused(h, "Anna: 5c", "R10.71")
    assert "a card of the top card's rank" in told(ruling)


def test_R10_71_on_a_named_suit_the_twin_is_the_jack():
    h = four(IDENTICAL, "Anna: Jh s")                # spades named, Bram to play
    refused(h, "Cees: 5s", "R10.71")                # a spade is no twin of the Jack
    ruling = play(h, "Cees: Jh d")                   # the Jack's twin, naming its own suit
    assert ruling.events[0].passed == ("Bram",) and h.named_suit == "d" and h.turn == "Dirk"


def test_R10_71_the_twin_must_pass_the_checks_of_a_play():
    h = four(rules_from_table({"jump_in": "identical", "decks": 2, "jack_on_jack": False}),
             "Anna: Jh s")
    refused(h, "Cees: Jh d", "R3.3")                 # jack_on_jack = false: the suit binds


def test_R10_72_nobody_jumps_in_over_a_pending_penalty():
    h = four(IDENTICAL, "Anna: 2h")                  # Bram must draw 2 or stack
    ruling = refused(h, "Cees: 2h", "R10.72")
    assert "nobody may jump in now" in told(ruling)


def test_R10_72_with_jump_in_on_penalty_the_twin_stacks_from_the_jumper():
    h = four(ON_PENALTY, "Anna: 2h")
    play(h, "Cees: 2h")
    assert h.pending == 4 and h.turn == "Dirk"       # the seat after the jumper


def test_R10_72_nobody_jumps_in_over_a_skip_passed_on():
    rules = rules_from_table({"jump_in": "identical", "decks": 2,
                              "actions": {"8": {"skip": 1, "pass_on": True}}})
    h = four(rules, "Anna: 8h")
    refused(h, "Cees: 8h", "R10.72")


def test_R10_73_the_player_to_act_plays_the_twin_as_a_play():
    h = four(IDENTICAL, "Anna: 9s")
    ruling = play(h, "Bram: 9s")
    assert ruling.rule == "R3.1" and not any(type(e) is JumpedIn for e in ruling.events)
    ruling = play(h, "9c")                           # no prefix: the player to act (Cees)
    assert h.turn == "Dirk" and h.counts["Cees"] == 6


def test_R10_73_jump_in_with_free_turn_order_is_refused_when_the_file_is_read(tmp_path):
    text = refusal(tmp_path, 'jump_in = "identical"\nturn_order = "free"\n')
    assert "ours.toml, line 1: `jump_in`" in text
    assert "R10.73" in text and '`jump_in = "off"`, or `turn_order = "seated"`' in text


def test_R10_74_a_double_out_of_turn_is_refused():
    rules = rules_from_table({"jump_in": "same_rank", "decks": 2, "multi_play": "same_rank"})
    h = four(rules, "Anna: 9s")
    ruling = refused(h, "Cees: 9c+9d", "R10.74")
    assert "one card only" in told(ruling)


def test_R10_75_the_card_acts_from_the_jumpers_seat():
    h = four(IDENTICAL, "Anna: 8h")                  # Bram misses the turn: Cees to play
    assert h.turn == "Cees"
    play(h, "Dirk: 8h")                              # Dirk's Eight skips Anna
    assert h.turn == "Bram" and h.skips == {}


def test_R10_75_going_out_on_a_jump_in_wins():
    h = four(IDENTICAL, "fix count Cees 1", "Anna: 9s")
    ruling = play(h, "Cees: 9s")
    assert h.status == "over" and h.winner == "Cees" and ruling.ok


def test_R10_75_a_jump_in_refused_by_R6_2_owes_no_draw():
    h = four(IDENTICAL, "fix count Cees 1", "Anna: 8h")
    assert h.turn == "Cees"
    play(h, "Cees: d")                               # Cees draws: 2 cards, Dirk to play
    h = four(IDENTICAL, "fix count Dirk 1", "Anna: 8h")
    ruling = h.apply_line("Dirk: 8h")
    assert not ruling.ok and ruling.rule == "R6.2" and h.owed == {} and not ruling.logged


def test_R10_75_a_jump_in_closes_the_last_card_window_of_the_player_it_went_on():
    h = four(IDENTICAL, "fix count Anna 2", "Anna: 9s")
    assert h.last_card["Anna"] == "open"
    play(h, "Cees: 9s")
    assert h.last_card["Anna"] == "missed"
    ruling = play(h, "Bram: call Anna")
    assert h.counts["Anna"] == 3 and ruling.ok


def test_R10_70_legal_offers_the_twin_to_a_player_whose_turn_it_is_not():
    h = four(IDENTICAL, "Anna: 9s")
    legal = h.legal("Cees")
    assert legal.jumping and [str(c) for c in legal.plays] == ["9s"]
    assert legal.player is None and not legal.draw_open
    assert not h.legal("Bram").jumping
    assert h.check("9s", "Cees").ok
    h2 = four(IDENTICAL, "Anna: 2h")
    assert h2.legal("Cees").plays == []


def test_R10_70_the_rule_book_says_whether_jump_in_is_played():
    assert "Not played" in rule_text("R10.70", rules_from_table({}))
    assert "identical to the top card" in rule_text("R10.70", IDENTICAL)
    assert "except a card played on its twin" in rule_text("R3.7", IDENTICAL)
    assert "Here a twin may jump in" in rule_text("R10.72", ON_PENALTY)


def test_R10_70_play_script_jumps_in_and_refuses_a_card_that_is_no_twin(tmp_path):
    rules = tmp_path / "ours.toml"
    rules.write_text('extends = "standard"\njump_in = "identical"\ndecks = 2\n',
                     encoding="utf-8")
    run = subprocess_cli(tmp_path)

    run("new", "--players", "Anna,Bram,Cees,Dirk", "--dealer", "Dirk", "--rules", str(rules))
    script = tmp_path / "hand.txt"
    script.write_text("start 9h\nAnna: 9s\nDirk: 9s\n", encoding="utf-8")
    shown = run("play", "--script", str(script)).stdout
    assert "Dirk jumps in out of turn with 9♠" in shown
    state = json.loads(run("state", "--json").stdout)
    assert state["turn"] == "Anna" and state["counts"]["Dirk"] == 6
    script.write_text("Cees: 5c\n", encoding="utf-8")
    out = run("play", "--script", str(script), code=1)
    assert "R10.71" in out.stdout + out.stderr


def test_R10_70_R10_30_random_tables_bots_jump_in_and_swap_and_the_real_cards_agree():
    # The cross-check's random files write jump-in and the swap; its bots jump in with
    # a twin they really hold and name a player to swap with, and after every entry
    # the referee's counts and piles are checked against the real cards.
    from referee.simulator.crosscheck import cross_check
    report = cross_check(range(60))
    assert [f.reproduction() for f in report.findings] == []
    assert report.constructs["jump_in"] > 0 and report.constructs["swap"] > 0


def test_R10_70_tab_offers_a_prefixed_player_the_twin_they_may_jump_in_with():
    from referee.interface.app import jumps_now
    from referee.interface.complete import HandView, suggest
    h = four(IDENTICAL, "Anna: 9s")
    jumps = jumps_now(h)
    assert jumps["Cees"] == ("9s",) and "Bram" not in jumps
    view = HandView(players=tuple(h.active), turn=h.turn, fits=("9c", "5s"), jumps=jumps)
    assert suggest("Cees: ", view) == ["9s"]
    assert suggest("", view)[:2] == ["9c", "5s"]
    assert jumps_now(four(rules_from_table({"decks": 2}), "Anna: 9s")) == {}


def test_R10_70_a_bad_jump_in_value_names_the_file_line_key_and_what_is_allowed(tmp_path):
    text = refusal(tmp_path, '# ours\njump_in = "twin"\n')
    assert 'ours.toml, line 2: `jump_in = "twin"` is not allowed' in text
    assert 'use "off", "identical" or "same_rank"' in text
    text = refusal(tmp_path, 'jump_in_on_penalty = "yes"\n')
    assert "line 1: `jump_in_on_penalty`" in text and "true or false" in text
