"""Rules a mutation of their statement once broke with every test still passing
(``bench/mutate.py``, issue 31): one test each, named after its rule id.

Each builds its hand as the other engine tests do (Anna, Bram and Cees, Cees
deals, Anna plays first, unless it says otherwise), types lines as the table
does and asserts the state and what the referee says; a house-rule file the
referee refuses goes through ``pesten-ref rules FILE`` as a subprocess.
"""

from __future__ import annotations

import pytest

from conftest import cli, drain, make_hand, play, refused
from referee.engine import Hand
from referee.engine.lexicon import LEXICONS
from referee.engine.rules import HouseRules
from referee.engine.written import written
from referee.messages import t
from referee.series.presets import rules_from_table
from referee.words.events import told


def table_hand(table: dict, players=("Anna", "Bram", "Cees"), dealer: str = "Cees") -> Hand:
    """A hand under a family's house-rule table (``[actions]`` and the rest)."""
    return Hand(rules_from_table(table, "family"), list(players), dealer)


#: A deal that leaves nothing to draw once the starter is turned: 3 x 17 cards and
#: the starter make the 52 of one deck without Jokers (R2.2, R1.3).
EMPTY_DEAL = dict(deal_size=17, jokers_per_deck=0, start_card="applies")


# -- R9.5 several skips in one play ----------------------------------------------------

def test_R9_5_two_skips_in_one_play_with_two_players_fall_both_on_the_other():
    h = table_hand({"actions": {"Q": ["skip", "skip"]}}, ["Anna", "Bram"], "Bram")
    ruling = play(h, "start 9h", "Qh")
    assert (h.turn, h.skips) == ("Anna", {"Bram": 1})     # one of Bram's two used at once
    assert told(ruling) == "Anna plays Q♥: Bram misses the next 2 turns; Anna is next (R9.5)."
    play(h, "5h")
    assert (h.turn, h.skips) == ("Anna", {})             # Bram misses the second turn too
    play(h, "6h")
    assert h.turn == "Bram"


# -- R9.11 pass_cards ----------------------------------------------------------------------

def test_R9_11_pass_cards_without_a_direction_goes_to_the_left():
    h = table_hand({"deal_size": 2, "actions": {"10": {"pass_cards": 2}}})
    ruling = play(h, "start 9h", "10h")    # Anna holds 1 and passes it to Bram (her left)
    assert h.counts == {"Anna": 2, "Bram": 1, "Cees": 2}
    assert told(ruling) == ("Anna plays 10♥: everyone passes 2 cards to the player on their "
                            "left (R9.11). Bram is to play.")


# -- R9.13 combinations refused when the file is read --------------------------------------

@pytest.mark.parametrize("entry, key", [
    ('"3" = ["again", { draw = 2 }]', "rules.err.combo.again_turn"),
    ('"8" = [{ skip = 1, pass_on = true }, "skip"]', "rules.err.combo.pass_on"),
], ids=["again-beside-a-penalty", "pass-on-beside-a-skip"])
def test_R9_13_a_combination_that_decides_the_turn_twice_is_refused(tmp_path, entry, key):
    path = tmp_path / "ours.toml"
    path.write_text(f"[actions]\n{entry}\n", encoding="utf-8")
    out = cli(None, "rules", str(path), code=2).output
    rank = entry.split('"')[1]
    assert out.startswith(f"{path}, line 2") and t(key, key=f"actions.{rank}") in out, out


# -- R3.9 blank turns ------------------------------------------------------------------------

def test_R3_9_a_penalty_that_brings_no_card_is_a_blank_turn():
    h = make_hand(HouseRules(**EMPTY_DEAL), lines=["start 2h"])  # the dealer's Two (R2.4)
    assert (h.draw_pile, h.pending, h.turn) == (0, 2, "Anna")
    play(h, "d")                            # Anna takes the penalty: nothing to draw
    assert h.blank_turns() == {"Anna"} and h.turn == "Bram"
    play(h, "d")
    ruling = play(h, "d")                   # Bram and Cees draw nothing: blocked
    assert h.blocked and h.status == "over" and "R3.9" in [e.rule for e in ruling.events]


def test_R3_9_R8_4_in_free_order_a_penalty_that_brings_no_card_is_a_blank_turn():
    rules = HouseRules(**EMPTY_DEAL, turn_order="free", penalty_ends_turn=False)
    h = make_hand(rules, lines=["start 2h"])
    play(h, "Anna: d")
    assert h.blank_turns() == {"Anna"} and h.turn is None
    play(h, "Bram: d")
    ruling = play(h, "Cees: d")
    assert h.blocked and h.status == "over" and "R3.9" in [e.rule for e in ruling.events]


def test_R3_9_R0_2_a_card_put_on_the_pile_by_fix_play_starts_the_blank_turns_again():
    h = make_hand(lines=["start 9h"])
    drain(h)
    assert h.turn == "Cees" and h.exhausted
    play(h, "d", "d")                       # Cees and Anna draw nothing: two blank turns
    assert h.blank_turns() == {"Cees", "Anna"}
    play(h, "fix play Bram 5h", "fix play Bram 6h")    # two cards the referee missed
    assert h.blank_turns() == frozenset()
    play(h, "d")                            # Bram: the 9h and 5h reshuffled, one drawn
    play(h, "d")                            # Cees draws the other: no blank turn
    assert h.draw_pile == 0 and h.exhausted
    play(h, "d", "d")                       # Anna and Bram draw nothing
    assert h.status == "playing" and h.turn == "Cees" and h.blank_turns() == {"Anna", "Bram"}
    ruling = play(h, "d")                   # Cees draws nothing: now every player has
    assert h.blocked and "R3.9" in [e.rule for e in ruling.events]


# -- R0.2 corrections, R0.4 a refusal changes nothing -------------------------------------

def test_R0_4_a_refused_fix_is_not_counted_as_a_correction():
    h = make_hand(lines=["start 9h", "fix count Bram 8"])
    too_many = 7 + h.draw_pile + 1
    ruling = refused(h, f"fix count Anna {too_many}", "R0.2")
    assert "Anna" in told(ruling) and str(too_many) in told(ruling)
    play(h, "fix count Anna 0")             # the hand ends: two corrections, not three
    assert h.end_record()["corrections"] == 2 and h.log == ["start 9h", "fix count Bram 8",
                                                     "fix count Anna 0"]


def test_R0_2_the_last_entry_of_a_scored_hand_cannot_be_undone():
    h = make_hand(lines=["start 9h", "fix count Anna 0"])
    assert (h.status, h.winner) == ("over", "Anna")
    h.scored = True                         # the series recorded its result (R7)
    ruling = h.apply_line("undo")
    assert (ruling.ok, ruling.rule) == (False, "R0.2")
    assert told(ruling) == "This hand has been scored; a scored hand cannot be undone (R0.2)."
    assert (h.status, h.winner, h.log) == ("over", "Anna", ["start 9h", "fix count Anna 0"])


# -- R1.5 leaving ------------------------------------------------------------------------

def test_R1_5_the_seat_after_a_leaver_still_misses_its_turn():
    h = make_hand(HouseRules(four="skip_two"), lines=["start 9h", "4h"])
    assert (h.turn, h.skips) == ("Cees", {"Bram": 1})
    play(h, "5h")                           # Anna to play; Bram has a turn to miss
    ruling = play(h, "leave Anna")
    assert (h.turn, h.skips) == ("Cees", {})              # Bram's miss used, Cees plays
    assert "Cees" in told(ruling)


@pytest.mark.parametrize("line", ["fix count Bram 3", "fix draw Bram 2", "fix play Bram 5h"])
def test_R1_5_R0_2_no_correction_for_a_player_who_left(line):
    h = make_hand(lines=["start 9h", "leave Bram"])
    ruling = refused(h, line, "R1.5")
    assert told(ruling) == "Bram has left the table and takes no part in this hand (R1.5)."


# -- R6.1 the win ----------------------------------------------------------------------------

def test_R6_1_R6_2_going_out_on_a_two_on_a_pending_penalty_ends_the_penalty_with_the_hand():
    h = make_hand(HouseRules(deal_size=2, finish_on_action=True),
                  lines=["start 9h", "9c", "9s", "2s"])
    assert (h.turn, h.pending) == ("Anna", 2)
    ruling = play(h, "2c")                  # Anna stacks her last card: she goes out
    assert told(ruling) == "Anna goes out on 2♣ and wins the hand (R6.1)."
    assert (h.status, h.winner, h.pending) == ("over", "Anna", 0)
    assert h.end_record()["pending"] == 0 and h.state()["pending_draw"] == 0


# -- R3.8 an illegal play ------------------------------------------------------------------

def test_R3_8_a_card_over_a_limit_costs_the_illegal_play_penalty():
    h = table_hand({"illegal_play_penalty": 2, "actions": {"5": {"next_at_most": 5}}})
    play(h, "start 9h", "5h")
    ruling = h.apply_line("9s")             # Bram: at most a 5 may follow (R9.9)
    assert (ruling.ok, ruling.rule, ruling.logged) == (False, "R3.8", True)
    assert told(ruling).endswith(
        "Bram draws 2 for the illegal play (R3.8, illegal_play_penalty = 2).")
    assert h.counts == {"Anna": 6, "Bram": 9, "Cees": 7} and h.turn == "Bram"


# -- the table's words (NOTATION.md "Languages") --------------------------------------------

def test_R5_4_a_dutch_table_names_spades_with_schoppen():
    h = Hand(HouseRules(), ["Anna", "Bram", "Cees"], "Cees", 1, LEXICONS["nl"])
    play(h, "start 9h")
    ruling = play(h, "Bh schoppen")          # Dutch B is the Jack
    assert h.named_suit == "s"
    assert told(ruling) == "Anna plays J♥ and names spades (R5.4). Bram is to play."


def test_R9_8_a_lone_d_is_written_as_the_draw_word_unless_its_card_names_a_suit():
    nl = LEXICONS["nl"]
    assert written("9h d", nl) == "9h pak"   # after a Nine: the draw
    assert written("Jh d", nl) == "Bh r"     # after a Jack: diamonds (ruiten)
