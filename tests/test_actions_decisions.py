"""R9 and the starter: the decisions on the ``[actions]`` table that changed the
referee, and the bugs a differential run reproduced, one test each, named after
its rule id (issue 30).

Each builds its rule set as a family's file would (``rules_from_table``), deals
Anna, Bram and Cees (Cees deals, Anna plays first) unless it says otherwise and
types lines as the table does; the state is asserted through the engine, and the
lines that once made the command line report an internal error are typed through
``pesten-ref play --script`` / ``--json`` as a subprocess.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from referee.engine import Hand
from referee.engine.effects import Effect
from referee.engine.rules import HouseRules
from referee.words.events import told
from conftest import run_in as run
from test_actions_table import hand, play

PLAYERS = ["Anna", "Bram", "Cees"]


def refused(h: Hand, line: str, rule: str):
    """Type ``line``: refused citing ``rule``, nothing changed (R0.4), said."""
    before = h.state()
    ruling = h.apply_line(line)
    assert not ruling.ok, (line, told(ruling))
    assert ruling.rule == rule, (line, ruling.rule, told(ruling))
    assert h.state() == before
    told(ruling)
    return ruling




def script(tmp_path: Path, rules: str, lines: str, *extra: str) -> subprocess.CompletedProcess:
    """A series under the house-rule file ``rules``; ``lines`` played as a script."""
    (tmp_path / "familie.toml").write_text(rules, encoding="utf-8")
    made = run("new", "--players", "Anna,Bram,Cees", "--rules", "familie.toml",
               "--dealer", "Cees", "--save", "s.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hand.txt").write_text(lines, encoding="utf-8")
    done = run("play", "--save", "s.toml", "--script", "hand.txt", "--keep-going", *extra,
               cwd=tmp_path)
    for out in (done.stdout, done.stderr):
        assert "internal error" not in out and "Traceback" not in out, out
    return done


# -- R9.15 draw_after (D7, D9) ---------------------------------------------------

def test_R9_15_draw_after_the_player_draws_first_then_the_effect_applies():
    """The last card's effect runs on a hand that holds the cards drawn: a rotation
    moves them on (Anna's two drawn cards go to Cees, against the play)."""
    h = hand({"deal_size": 2, "actions": {"6": "rotate_hands"},
              "finish": {"mode": "draw_after", "blocked": ["6"], "draw": 2}})
    play(h, "start 9h", "9c", "d", "d")            # Anna 1, Bram 3, Cees 3
    play(h, "6c")                                  # Anna's last card: a Six
    assert h.counts == {"Anna": 3, "Bram": 3, "Cees": 2}
    assert h.turn == "Bram"


def test_R9_15_draw_after_a_last_suit_naming_card_must_name_its_suit():
    h = hand({"deal_size": 1, "finish": {"mode": "draw_after"}})
    play(h, "start 9h")
    refused(h, "Jh", "R5.4")
    ruling = play(h, "Jh s")
    assert h.named_suit == "s" and h.counts["Anna"] == 1 and h.turn == "Bram"
    assert h.announce_due == "Anna"                # one card again: she owes it (R4.1)
    assert "spades" in told(ruling)


def test_R9_15_draw_after_a_last_jack_without_a_suit_on_the_command_line(tmp_path):
    done = script(tmp_path, 'deal_size = 1\n[finish]\nmode = "draw_after"\n',
                  "start 9h\nJh\n", "--json")
    objects = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert [o["ok"] for o in objects] == [True, False]
    assert objects[1]["rule"] == "R5.4"


# -- R6.3 last_holder (D10, D11) --------------------------------------------------

def test_R6_3_the_card_that_takes_a_player_out_still_acts_on_those_still_in():
    h = hand({"deal_size": 1, "hand_end": "last_holder", "finish": {"mode": "allowed"}})
    play(h, "start 9h")
    ruling = play(h, "8h")                          # Anna goes out on an Eight
    assert h.places == ["Anna"] and h.status == "playing"
    assert h.turn == "Cees" and h.skips == {}       # Bram missed the turn
    assert "Bram" in told(ruling)


def test_R6_3_a_blocked_hand_after_someone_went_out_is_won_by_the_first_out():
    h = hand({"deal_size": 1, "hand_end": "last_holder"})
    play(h, "start 9h", "9c")                       # Anna out in place 1
    guard = 0
    while h.status == "playing":
        play(h, "d")
        guard += 1
        assert guard < 200
    assert h.blocked and h.winner == "Anna"
    assert h.state()["winner"] == "Anna"


# -- R9.18 cards changing hands (D29) ----------------------------------------------

def test_R9_18_after_a_card_move_announce_due_names_the_first_from_the_player_to_act():
    h = hand({"deal_size": 2, "actions": {"6": "rotate_hands"}})
    play(h, "start 9c", "9d", "6d")                 # Bram rotates: Anna 1, Bram 2, Cees 1
    assert h.counts == {"Anna": 1, "Bram": 2, "Cees": 1} and h.turn == "Cees"
    assert h.announce_due == "Cees"
    play(h, "lk")
    assert h.last_card["Cees"] == "announced" and h.last_card["Anna"] == "open"


# -- R1.5 leaving (D33) ------------------------------------------------------------

def test_R1_5_a_skip_passed_on_lapses_with_the_player_who_leaves():
    h = hand({"actions": {"8": {"skip": 1, "pass_on": True}}},
             players=["Anna", "Bram", "Cees", "Dirk"], dealer="Dirk")
    play(h, "start 9h", "8h")                       # the skip is pending for Bram
    assert (h.pending_skip, h.turn) == (1, "Bram")
    play(h, "leave Bram")
    assert h.pending_skip == 0 and h.skip_rank is None and h.turn == "Cees"
    play(h, "5h")                                   # Cees plays her turn as usual


# -- R9.8 naming a suit (D34, D35, D36; N1, N1b) ------------------------------------

def test_R9_8_a_wild_suit_naming_card_goes_on_a_named_suit():
    h = hand({"actions": {"Q": {"name_suit": True, "wild": True}}})
    play(h, "start 9h", "Jh s")                     # spades named
    play(h, "Qd c")                                 # a wild Queen goes on it
    assert h.named_suit == "c" and h.turn == "Cees"


def test_R9_8_a_joker_that_names_a_suit_binds_the_next_card():
    h = hand({"actions": {"Joker": "name_suit"}})
    play(h, "start 9h", "Joker c")
    refused(h, "5h", "R3.3")
    play(h, "5c")


def test_R9_8_a_draw_after_a_jack_that_names_nothing_is_a_draw():
    h = hand({"actions": {"J": "again"}})
    play(h, "start 9c", "Jc d")                     # Anna plays again, then draws
    assert h.turn == "Bram" and h.named_suit is None and h.counts["Anna"] == 7


def test_R9_8_N1_a_suit_d_then_another_card_after_a_suit_naming_rank():
    h = hand({"actions": {"8": ["name_suit", "again"]}})
    play(h, "start 9c", "8c d 9d")
    assert (h.turn, str(h.top), h.named_suit) == ("Bram", "9d", None)
    assert h.counts == {"Anna": 5, "Bram": 7, "Cees": 7}


def test_R9_8_N1b_a_drawn_suit_naming_card_then_d_names_diamonds():
    h = hand({"actions": {"8": "name_suit"}})
    play(h, "start 9c")
    pile = h.draw_pile
    play(h, "d 8c d")
    assert (h.turn, str(h.top), h.named_suit) == ("Bram", "8c", "d")
    assert h.draw_pile == pile - 1


# -- R2.3 / R9.16 the starter (D21, SA, the starter as the dealer's play) ----------

def test_R2_3_a_suit_after_a_starter_that_names_none_is_refused():
    h = hand({})
    refused(h, "start 9c s", "R2.3")
    h = hand({"start": {"mode": "applies"}})        # a starter that acts but names none
    refused(h, "start 8c s", "R2.3")
    h = hand({"start_card": "applies"})             # a Jack that does not act here
    refused(h, "start Jc s", "R2.3")


def test_R9_16_SA_an_applied_king_is_the_dealers_play():
    h = hand({"start": {"mode": "applies"}}, preset="hard")
    ruling = play(h, "start Kc")
    assert (h.turn, h.skips, h.direction) == ("Anna", {}, -1)
    assert ruling.rule == "R2.4" and "Bram" in told(ruling)


def test_R9_16_an_applied_ace_with_two_players_only_turns_the_play():
    h = hand({"start_card": "applies"}, players=["Anna", "Bram"], dealer="Bram")
    play(h, "start As")
    assert (h.turn, h.direction) == ("Anna", -1)


def test_R9_16_an_applied_four_makes_the_first_player_miss_two_turns():
    h = hand({"start": {"mode": "applies"}}, preset="hard")
    play(h, "start 4c")
    assert (h.turn, h.skips) == ("Bram", {"Anna": 1})
    play(h, "5c", "6c")
    assert (h.turn, h.skips) == ("Bram", {})


def test_R9_16_an_applied_draw_to_self_falls_on_the_dealer():
    h = hand({"actions": {"3": {"draw": 1, "to": "self"}}, "start": {"mode": "applies"}})
    play(h, "start 3c")
    assert h.counts == {"Anna": 7, "Bram": 7, "Cees": 8} and h.turn == "Anna"


def test_R9_16_an_applied_skip_passed_on_and_a_limit():
    h = hand({"actions": {"8": {"skip": 1, "pass_on": True}, "5": {"next_at_most": 5}},
              "start": {"mode": "applies"}})
    play(h, "start 8c")
    assert (h.turn, h.pending_skip) == ("Anna", 1)
    h = hand({"actions": {"5": {"next_at_most": 5}}, "start": {"mode": "applies"}})
    play(h, "start 5c")
    assert h.limit == ("at_most", 5) and h.turn == "Anna"
    refused(h, "9c", "R9.9")


# -- R5.11 passing a skip on (R04, K1, RS) --------------------------------------------

def test_R5_11_R04_a_refused_pass_changes_nothing():
    h = hand({"deal_size": 2, "actions": {"8": {"skip": 1, "pass_on": True}}})
    play(h, "start 9c", "5c")                       # Anna holds one card: her window is open
    assert h.announce_due == "Anna"
    refused(h, "pass", "R5.11")
    assert h.announce_due == "Anna" and h.callable == []


def test_R5_11_K1_a_joker_passes_a_jokers_skip_on():
    h = hand({"actions": {"Joker": {"skip": 1, "pass_on": True}}})
    play(h, "start 9c", "Joker", "Joker")
    assert (h.turn, h.pending_skip) == ("Cees", 1)
    assert h.counts == {"Anna": 6, "Bram": 6, "Cees": 7}


def test_R9_13_RS_a_skip_passed_on_then_a_reverse_with_two_players():
    h = hand({"actions": {"3": [{"skip": 1, "pass_on": True}, "reverse"]}},
             players=["Anna", "Bram"], dealer="Bram")
    play(h, "start 9c", "3c")
    assert (h.turn, h.pending_skip) == ("Anna", 0)
    play(h, "d")
    assert h.turn == "Bram" and h.counts == {"Anna": 7, "Bram": 7}


# -- R5 preamble: a penalty listed with a skip (PS) ---------------------------------

def test_R5_PS_a_penalty_listed_with_a_skip_is_drawn_at_once_by_its_victim():
    h = hand({"actions": {"3": [{"draw": 2}, "skip"]}})
    play(h, "start 9c")
    pile = h.draw_pile
    play(h, "3c")
    assert (h.turn, h.pending, h.skips) == ("Cees", 0, {})
    assert h.counts == {"Anna": 6, "Bram": 9, "Cees": 7} and h.draw_pile == pile - 2


def test_R5_PS_a_penalty_drawn_at_once_then_a_skip_of_the_same_card_passes_its_victim():
    """The victim already owed a turn, so drew the penalty at once; the card then
    reverses and skips the next seat of the new direction, who is passed over too
    (the cross-check's seed 1079 raised here before)."""
    h = hand({"actions": {"Q": {"skip": 2}, "10": [{"draw": 2, "at_once": False},
                                                 {"reverse": True, "two_players": "none"},
                                                 {"skip": 2}]}})
    play(h, "start 9h", "Qh", "5h")
    assert (h.turn, h.skips) == ("Anna", {"Bram": 1})
    ruling = play(h, "10h")
    assert (h.turn, h.pending, h.skips) == ("Bram", 0, {"Cees": 1})
    assert h.counts == {"Anna": 5, "Bram": 9, "Cees": 6}
    assert "Bram is to play" in told(ruling)


# -- R9.6 following the suit of a card without one (L3) -------------------------------

def test_R9_6_L3_again_following_the_suit_of_a_joker_never_raises():
    """The file is refused when read; a rule set built past that check still rules."""
    rules = HouseRules(actions={"Joker": (Effect("again", follow="same_suit"),)})
    h = Hand(rules, PLAYERS, "Cees")
    play(h, "start 9c", "Joker")
    assert h.turn == "Anna"
    play(h, "4d")
    assert h.turn == "Bram" and h.counts["Anna"] == 5
