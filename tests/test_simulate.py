"""The simulator (referee/simulator/simulate.py): bots play whole hands through the engine.

Every preset plays seeded hands to the end with no refused entry and no
difference between the engine's picture and the real cards; pushing the bots'
picks unchecked gives the same report as typing every entry; the same seed
gives the same report and the same deals under another rule set; the report
renders through the message layer; its shuffle is ``random.shuffle``.  The
simulator holds no rule: the independent oracle of the rules lives with the
engine's tests (``tests/test_engine_oracle.py``).
"""

from __future__ import annotations

import json
import os
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from referee import messages  # noqa: E402
from referee.simulator import simulate as sim_module  # noqa: E402
from referee.engine.cards import SUITS  # noqa: E402
from referee.engine.events import Forgiven, Reshuffled  # noqa: E402
from referee.engine.rules import HouseRules  # noqa: E402
from referee.simulator.simulate import SimReport, record, simulate  # noqa: E402

try:
    from referee.series.presets import load_rules
except ImportError:  # pragma: no cover - before the preset loader existed
    load_rules = None

_FALLBACK = {
    "standard": HouseRules(name="standard"),
    "family": HouseRules(name="family", jokers=False, joker_penalty=3, stacking="none"),
    "hard": HouseRules(name="hard", four="skip_two", five="all_draw_one", king="reverse_skip"),
    "cumulative": HouseRules(name="cumulative", stacking="cumulative"),
    "fast": HouseRules(name="fast", turn_order="free"),
}
PRESETS = tuple(_FALLBACK)


def rules_for(name: str) -> HouseRules:
    """The preset ``name`` (R8.1-R8.5) from the preset files, else built directly."""
    if load_rules is not None:
        return load_rules(name)
    return _FALLBACK[name]  # pragma: no cover


def numbers(report: SimReport) -> dict:
    """Every figure of a report except the times."""
    out = report.to_json()
    del out["seconds"], out["hands_per_second"]
    return out


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("preset", PRESETS)
def test_preset_plays_to_the_end_without_refusals_or_mismatches(preset, players):
    report = simulate(rules_for(preset), players, 25, seed=7)
    assert report.refused_entries == 0, report.problems
    assert report.mismatches == 0, report.problems
    assert report.capped == 0
    assert report.hands == 25 and report.players == players
    assert report.rules == preset
    # Every hand was played: at least the starter and a winning play each.
    assert report.avg_turns >= 2
    assert 0 <= report.dealer_left_wins_rate <= 1
    assert 0 <= report.blocked_rate <= 1
    assert report.avg_loser_points > 0


def test_same_seed_same_numbers_and_other_seed_other_numbers():
    rules = rules_for("standard")
    first = simulate(rules, 3, 30, seed=11)
    again = simulate(rules, 3, 30, seed=11)
    other = simulate(rules, 3, 30, seed=12)
    assert numbers(first) == numbers(again)
    assert numbers(first) != numbers(other)


def test_fast_path_gives_the_same_report_as_typing_every_line():
    rules = rules_for("hard")
    fast = simulate(rules, 3, 15, seed=5, fast=True)
    typed = simulate(rules, 3, 15, seed=5, fast=False)
    assert numbers(fast) == numbers(typed)
    assert typed.refused_entries == 0 and typed.mismatches == 0


@pytest.mark.parametrize("overrides", [
    {"finish_on_action": True},
    {"draw_then_play": False},
    {"penalty_ends_turn": False},
    {"joker_stack": "double", "stacking": "cumulative"},
    {"jack_wild": True, "jack_on_jack": False},
    {"king": "draw_one", "five": "all_draw_one", "four": "skip_two"},
    {"king": "draw_one", "five": "all_draw_one", "turn_order": "free"},
    {"deal_size": 5, "last_card_penalty": 3, "decks": 2},
])
def test_house_rule_variants_play_cleanly(overrides):
    report = simulate(HouseRules(**overrides), 4, 20, seed=3)
    assert report.refused_entries == 0, report.problems
    assert report.mismatches == 0, report.problems


def test_piles_running_out_reshuffle_and_exhaust_like_the_engine(monkeypatch):
    """Hard pesten with five players reshuffles (R3.5) and runs the piles dry (R3.6).

    The engine's reshuffles and forgiven draws are counted as the simulator
    follows them with the real cards; the engine's picture must still match.
    """
    seen = {"forgiven": 0, "reshuffled": 0}
    original = sim_module._Run.follow

    def counting(self, events, skip_drawn=False):
        for e in events:
            seen["forgiven"] += type(e) is Forgiven
            seen["reshuffled"] += type(e) is Reshuffled
        return original(self, events, skip_drawn)

    monkeypatch.setattr(sim_module._Run, "follow", counting)
    report = simulate(rules_for("hard"), 5, 30, seed=3)
    assert seen["forgiven"] > 0 and seen["reshuffled"] > 0
    assert report.refused_entries == 0, report.problems
    assert report.mismatches == 0, report.problems


def test_penalties_count_cards_drawn_for_penalties():
    """Family play has no Jokers and no stacking, so fewer penalty cards than cumulative."""
    family = simulate(rules_for("family"), 4, 60, seed=9)
    cumulative = simulate(rules_for("cumulative"), 4, 60, seed=9)
    assert 0 < family.avg_penalty_cards < cumulative.avg_penalty_cards


def test_dealer_left_neighbour_share_is_a_share_of_hands():
    report = simulate(rules_for("standard"), 2, 60, seed=4)
    # With two players the winner is either the dealer or the dealer's left neighbour.
    assert 0 < report.dealer_left_wins_rate < 1


def test_a_refused_entry_is_counted_and_described(monkeypatch):
    """A bot bug (here: a Jack typed without a suit) shows in the report, not as a crash."""
    original = sim_module._Run.typed

    def broken(self, text):
        words = text.split(" ")
        for i, word in enumerate(words[:-1]):
            if word[:1] == "J" and word[1:] in SUITS and words[i + 1] in SUITS:
                del words[i + 1]  # (the suit named with the Jack)
                break
        return original(self, " ".join(words))

    monkeypatch.setattr(sim_module._Run, "typed", broken)
    report = simulate(rules_for("standard"), 3, 40, seed=1, fast=False)
    assert report.refused_entries > 0
    assert report.problems and "R5.4" in report.problems[0]
    assert "Please report" in report.render()
    # the refusal's own sentence, not the method that would build it
    assert report.problems[0].endswith("was refused (R5.4): Name a suit with the Jack, "
                                       "like `Jd s` for spades (R5.4).")


def test_a_mismatch_is_counted(monkeypatch):
    """When the real cards and the engine disagree, the report says so."""
    original = sim_module._Run.take

    def lose_a_card(self, player, n):
        return original(self, player, n - 1 if n > 1 else n)  # one card short on a penalty

    monkeypatch.setattr(sim_module._Run, "take", lose_a_card)
    report = simulate(rules_for("standard"), 3, 20, seed=1)
    assert report.mismatches > 0
    assert "count was off" in report.problems[0]


def test_a_card_lost_without_the_count_knowing_is_a_mismatch_of_that_hand(monkeypatch):
    """The check at the end of each hand compares the counts used after every entry
    with the cards the players really hold."""
    original = sim_module._Run.check_hand
    lost_in = []

    def lose_a_card(self):
        if self.hand.number == 3:
            loser = next(p for p, cards in self.cards.items() if cards)
            self.cards[loser].pop()
            lost_in.append(self.hand.number)
        return original(self)

    monkeypatch.setattr(sim_module._Run, "check_hand", lose_a_card)
    report = simulate(rules_for("standard"), 3, 5, seed=1)
    assert lost_in == [3]
    assert report.mismatches == 1 and report.refused_entries == 0
    assert report.problems[0].startswith("hand 3:")
    assert "count was off" in report.problems[0]


def test_report_renders_in_plain_language_and_as_json():
    report = simulate(rules_for("family"), 4, 20, seed=1)
    text = report.render()
    assert "20 hands at a table of 4 with the family rules" in text
    assert "matched the real cards" in text
    assert "Traceback" not in text and "{" not in text
    data = report.to_json()
    assert json.loads(json.dumps(data)) == data
    assert set(data) >= {"hands", "players", "rules", "seconds", "hands_per_second",
                         "avg_turns", "dealer_left_wins_rate", "avg_penalty_cards",
                         "avg_loser_points", "blocked_rate", "refused_entries",
                         "mismatches", "capped"}


def test_every_rendered_line_comes_from_the_sim_catalog():
    keys = [k for k in messages.catalog() if k.startswith("sim.")]
    assert "sim.render.head" in keys and "sim.render.clean" in keys
    report = SimReport(hands=10, players=3, rules="standard", seconds=1.0,
                       hands_per_second=10.0, avg_turns=40.0, dealer_left_wins_rate=0.4,
                       avg_penalty_cards=5.0, avg_loser_points=30.0, blocked_rate=0.1,
                       refused_entries=1, mismatches=0, capped=2, problems=["x"])
    text = report.render()
    assert "10.00% of the hands were blocked" in text
    assert "2 hands were still going" in text
    assert "Entries refused: 1;" in text


def test_progress_is_reported_up_to_the_total():
    calls = []
    simulate(rules_for("standard"), 2, 7, seed=1, progress=lambda done, total: calls.append(
        (done, total)))
    assert calls[-1] == (7, 7)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_zero_hands_gives_an_empty_report():
    report = simulate(rules_for("standard"), 2, 0, seed=1)
    assert report.hands == 0 and report.avg_turns == 0
    assert report.render()


@pytest.mark.parametrize("players", [1, 9])
def test_players_must_fit_the_table(players):
    with pytest.raises(ValueError):
        simulate(rules_for("standard"), players, 1, seed=1)


def test_negative_hands_are_refused():
    with pytest.raises(ValueError, match="negative"):
        simulate(rules_for("standard"), 2, -1)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(PRESETS), players=st.integers(2, 8))
def test_any_seed_any_table_stays_consistent(seed, preset, players):
    """Invariant: whatever the deal, the bots' entries are accepted and the counts agree."""
    report = simulate(rules_for(preset), players, 2, seed=seed)
    assert report.refused_entries == 0, report.problems
    assert report.mismatches == 0, report.problems


def test_turns_are_the_plays_and_draws_without_the_starter_lone_announcements_and_calls():
    rules = rules_for("standard")
    hands = record(rules, 3, 30, seed=11)
    report = simulate(rules, 3, 30, seed=11)

    def aside(line: str) -> bool:
        typed = line.split(":", 1)[-1].split()  # (without a "Name:" prefix)
        return typed == ["lk"] or typed[0] == "call"

    lines = [line for _, _, hand_lines, _ in hands for line in hand_lines]
    asides = sum(aside(line) for line in lines)
    assert asides > 0  # the seed has some, so the test can tell them apart
    assert report.avg_entries * 30 == pytest.approx(len(lines))
    assert report.avg_turns * 30 == pytest.approx(len(lines) - 30 - asides)


# -- the simulator's own speed code ---------------------------------------------

@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 8, 54, 55, 108, 216])
def test_shuffle_is_random_shuffle(size):
    """``_shuffle`` (the deal, a reshuffle, the free-order pick) puts the cards in the
    order ``random.Random.shuffle`` does, and leaves the generator in the same state."""
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, want = list(range(size)), list(range(size))
        sim_module._shuffle(mine, ours.getrandbits)
        theirs.shuffle(want)
        assert mine == want, (size, seed)
        assert ours.getstate() == theirs.getstate(), (size, seed)


def test_same_seed_same_deals_under_another_rule_set():
    """Hand i starts from the same shuffle whatever the rules (the paired comparison)."""
    a = record(rules_for("standard"), 4, 5, seed=3)
    b = record(rules_for("cumulative"), 4, 5, seed=3)
    assert [lines[0] for _, _, lines, _ in a] == [lines[0] for _, _, lines, _ in b]
    assert [r for r in simulate(rules_for("standard"), 4, 30, seed=3).records] == \
        [r for r in simulate(rules_for("standard"), 4, 30, seed=3).records]


def test_R9_8_a_bot_going_out_on_a_joker_that_names_a_suit_names_one():
    """Under ``[finish] mode = "draw_after"`` a last Joker that names a suit still
    names one (R9.8, R9.15): a bot with nothing else held names the first suit (the
    cross-check's seed 1736 typed a bare ``Joker``)."""
    from referee.engine.cards import parse_card
    from referee.simulator.simulate import SUITS, RandomBot
    assert RandomBot().suit(None, [], parse_card("Joker").id) == SUITS[0]
    assert RandomBot().suit(None, [], parse_card("Jh").id) == "h"
