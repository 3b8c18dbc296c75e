"""The simulator's statistics (referee/simulator/simstats.py): intervals that mean what they say.

The coverage tests draw many synthetic samples from a known distribution
(seeded, so every run gives the same answer) and count how often the 95%
interval holds the true value: it must be close to 95% (the range allows
for the finite number of samples: with 2,000 samples the count's standard
error is about 0.5 points).
"""

from __future__ import annotations

import math
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from referee.simulator.simstats import (  # noqa: E402
    BIG_PICKUP, Difference, HandRecord, QuantileDifference, binomial_test, compare,
    fair_seats, figure_values, holm, mean_estimate, paired_difference, quantile_estimate,
    quantile_ranks, ratio_estimate, seat_order, summarize, t_value, wilson,
)


def covers(estimate, truth) -> bool:
    return estimate.low <= truth <= estimate.high


# -- the building blocks ------------------------------------------------------

@pytest.mark.parametrize("df, expected", [(1, 12.706), (2, 4.303), (3, 3.182), (5, 2.571),
                                          (10, 2.228), (30, 2.042), (1000, 1.962)])
def test_t_quantiles_match_the_table(df, expected):
    assert t_value(0.95, df) == pytest.approx(expected, rel=2e-3)


def test_wilson_known_answer_and_edges():
    est = wilson(10, 100)
    assert est.value == 0.1
    assert est.low == pytest.approx(0.05523, abs=1e-4)
    assert est.high == pytest.approx(0.17437, abs=1e-4)
    assert wilson(0, 20).low == 0 and wilson(0, 20).high > 0
    assert wilson(20, 20).high == 1 and wilson(20, 20).low < 1
    assert math.isnan(wilson(0, 0).value)
    with pytest.raises(ValueError):
        wilson(5, 3)


@pytest.mark.parametrize("share, n", [(0.3, 100), (0.05, 200), (0.5, 30)])
def test_wilson_covers_a_known_share_at_its_stated_rate(share, n):
    rng = random.Random(1)
    trials = 2000
    hits = sum(covers(wilson(sum(rng.random() < share for _ in range(n)), n), share)
               for _ in range(trials))
    assert 0.93 <= hits / trials <= 0.97


def test_mean_interval_covers_a_known_mean_at_its_stated_rate():
    rng = random.Random(2)
    trials = 2000
    hits = sum(covers(mean_estimate([rng.expovariate(1 / 20) for _ in range(150)]), 20)
               for _ in range(trials))
    assert 0.93 <= hits / trials <= 0.97


@pytest.mark.parametrize("q", [0.5, 0.9])
def test_quantile_interval_covers_a_known_quantile_at_least_at_its_rate(q):
    """Order-statistic intervals hold at least 95% (a little more: ranks are whole)."""
    rng = random.Random(3)
    trials = 1500
    truth = -30 * math.log(1 - q)  # the q quantile of an exponential with mean 30
    hits = sum(covers(quantile_estimate([rng.expovariate(1 / 30) for _ in range(120)], q),
                      truth) for _ in range(trials))
    assert 0.94 <= hits / trials <= 0.985


def test_quantile_of_whole_numbers_is_an_observed_value():
    data = [5, 1, 3, 2, 4, 100, 7, 6, 8, 9]
    est = quantile_estimate(data, 0.5)
    assert est.value == 5 and est.n == 10
    assert est.low <= 5 <= est.high
    assert quantile_estimate(data, 0.9).value == 9
    low, high = quantile_ranks(10, 0.5)
    assert (low, high) == (2, 9)  # the textbook ranks for n = 10 at 95%


def test_ratio_interval_covers_a_known_ratio_with_clustered_units():
    """Points per loser: the losers of one hand share its length, so they are not
    independent; the interval treats the hand as the unit and still covers."""
    rng = random.Random(4)
    trials = 1500
    hits = 0
    for _ in range(trials):
        nums, dens = [], []
        for _ in range(200):
            losers = rng.randint(1, 3)
            level = rng.expovariate(1 / 10)  # shared by the hand's losers
            nums.append(sum(level + rng.random() * 10 for _ in range(losers)))
            dens.append(losers)
        hits += covers(ratio_estimate(nums, dens), 15)
    assert 0.93 <= hits / trials <= 0.97


def test_binomial_test_known_answers():
    assert binomial_test(5, 10, 0.5) == pytest.approx(1.0)
    assert binomial_test(0, 10, 0.5) == pytest.approx(2 / 1024)
    assert binomial_test(9, 10, 0.5) == pytest.approx(22 / 1024)
    assert binomial_test(0, 0, 0.5) == 1.0


def test_holm_known_answer():
    # alpha 0.05: 0.01 < 0.05/4, 0.012 < 0.05/3, 0.03 >= 0.05/2 stops.
    assert holm([0.03, 0.01, 0.2, 0.012]) == [False, True, False, True]
    assert holm([]) == []
    assert holm([0.04]) == [True]


# -- paired comparisons ---------------------------------------------------------

def paired_sample(rng, n, shift):
    """Hands of A and B on the same deals: B = A's deal length plus noise plus shift."""
    a, b = [], []
    for _ in range(n):
        deal = rng.expovariate(1 / 30)
        a.append(deal + rng.gauss(0, 5))
        b.append(deal + rng.gauss(0, 5) + shift)
    return a, b


@pytest.mark.parametrize("shift", [0.0, 2.0])
def test_paired_difference_covers_the_true_difference_at_its_rate(shift):
    rng = random.Random(5)
    trials = 1500
    hits = supported = 0
    for _ in range(trials):
        a, b = paired_sample(rng, 100, shift)
        ones = [1] * len(a)
        d = paired_difference(a, ones, b, ones)
        hits += d.low <= shift <= d.high
        supported += d.supported
    assert 0.93 <= hits / trials <= 0.97
    if shift == 0:
        assert supported / trials <= 0.07  # a difference that is not there: rarely marked
    else:
        assert supported / trials >= 0.75  # 2 turns on 100 paired hands: mostly found


def test_pairing_finds_what_two_separate_samples_would_miss():
    """The same deals under both rule sets: the deal's own spread cancels out."""
    a, b = paired_sample(random.Random(6), 200, 1.5)
    ones = [1] * len(a)
    paired = paired_difference(a, ones, b, ones)
    apart = mean_estimate(b).low > mean_estimate(a).high
    assert paired.supported and not apart


def test_relative_change_of_a_mean():
    a = [10.0, 20.0, 30.0, 40.0] * 50
    b = [x * 1.1 for x in a]
    ones = [1] * len(a)
    d = paired_difference(a, ones, b, ones)
    assert d.relative == pytest.approx(0.1)
    assert d.rel_low == pytest.approx(0.1) and d.rel_high == pytest.approx(0.1)
    assert d.supported


def test_shares_are_compared_with_mcnemar_on_the_deals_that_differ():
    a = [0] * 100 + [1] * 10
    b = [0] * 100 + [1] * 10
    b[0] = b[1] = b[2] = 1  # three deals blocked under B only
    ones = [1] * len(a)
    d = paired_difference(a, ones, b, ones)
    assert d.p == pytest.approx(binomial_test(3, 3, 0.5))  # 0.25
    assert d.value == pytest.approx(3 / 110) and not d.supported


def test_identical_samples_are_no_difference():
    a, _ = paired_sample(random.Random(7), 50, 0)
    ones = [1] * len(a)
    d = paired_difference(a, ones, a, ones)
    assert (d.value, d.low, d.high, d.p, d.supported) == (0, 0, 0, 1.0, False)


def test_paired_comparison_needs_the_same_hands():
    with pytest.raises(ValueError):
        paired_difference([1, 2], [1, 1], [1], [1])


# -- the figures ----------------------------------------------------------------

def synthetic_hands(rng, n, players, longer=0.0, dealer_left_edge=0.0):
    """Hands of a made-up rule set: ``longer`` stretches the turns; the starter
    wins ``dealer_left_edge`` more often than an equal share."""
    out = []
    for _ in range(n):
        turns = int(rng.expovariate(1 / 25) * (1 + longer)) + 3
        blocked = rng.random() < 0.01
        if blocked:
            winner = -1
        elif rng.random() < dealer_left_edge:
            winner = 1
        else:
            winner = rng.randrange(players)
        pickup = rng.choice([0, 0, 2, 4, 5, 10, 12])
        losers = players if blocked else players - 1
        out.append(HandRecord(turns=turns, winner=winner, blocked=blocked,
                              penalty_cards=pickup + rng.randint(0, 3),
                              largest_pickup=pickup,
                              loser_points=sum(rng.randint(0, 40) for _ in range(losers)),
                              losers=losers, calls=rng.random() < 0.2))
    return out


def test_summary_figures_in_report_order():
    hands = synthetic_hands(random.Random(8), 500, 4)
    figures = summarize(hands, 4)
    keys = [f.key for f in figures]
    assert keys == ["turns_median", "turns_p90", "turns_mean", "turns_long",
                    "seat_1", "seat_2", "seat_3", "seat_0", "penalty_cards",
                    "largest_pickup", "big_pickup", "loser_points", "blocked", "calls"]
    by = {f.key: f.estimate for f in figures}
    turns = sorted(h.turns for h in hands)
    assert by["turns_median"].value == turns[249]
    assert by["turns_p90"].value == turns[449]
    assert by["largest_pickup"].value == max(h.largest_pickup for h in hands)
    assert by["big_pickup"].value == pytest.approx(
        sum(h.largest_pickup >= BIG_PICKUP for h in hands) / 500)
    won = [h for h in hands if h.winner >= 0]
    assert by["seat_1"].n == len(won)
    assert sum(by[f"seat_{s}"].value for s in seat_order(4)) == pytest.approx(1)
    assert by["loser_points"].value == pytest.approx(
        sum(h.loser_points for h in hands) / sum(h.losers for h in hands))
    assert by["turns_long"].value == pytest.approx(
        sum(h.turns > 3 * turns[249] for h in hands) / 500)
    data = figure_values(figures)
    assert set(data["turns_median"]) == {"value", "low", "high", "n"}


def test_two_identical_rule_sets_are_reported_as_not_different():
    """The same rule set on the same deals gives the same hands: nothing is marked."""
    hands = synthetic_hands(random.Random(9), 2000, 4)
    result = compare(hands, list(hands), 4)
    assert [c.key for c in result] == [f.key for f in summarize(hands, 4)]
    assert not any(c.supported for c in result)
    for c in result:
        if isinstance(c.difference, Difference):
            assert c.difference.value == 0 and c.difference.p == 1.0
        elif isinstance(c.difference, QuantileDifference):
            assert c.difference.value == 0


def test_rule_sets_that_play_alike_are_rarely_marked_as_different():
    """Two independent samples of the same made-up rule set, many times: Holm's
    adjustment keeps the share of comparisons with any marked figure near 5% or below."""
    rng = random.Random(10)
    trials = 150
    any_marked = sum(any(c.supported for c in compare(synthetic_hands(rng, 300, 3),
                                                      synthetic_hands(rng, 300, 3), 3))
                     for _ in range(trials))
    assert any_marked / trials <= 0.08


def test_a_real_difference_is_marked():
    a = synthetic_hands(random.Random(12), 3000, 4)
    b = synthetic_hands(random.Random(12), 3000, 4, longer=0.3, dealer_left_edge=0.1)
    result = {c.key: c for c in compare(a, b, 4)}
    assert result["turns_mean"].supported
    assert result["turns_mean"].difference.relative > 0
    assert result["turns_median"].supported
    assert result["seat_1"].supported
    assert not result["blocked"].supported


def test_an_unequal_seat_is_found_and_an_equal_one_is_not():
    fair = fair_seats(synthetic_hands(random.Random(13), 3000, 4), 4)
    assert not any(flag for _, flag in fair.values())
    edge = fair_seats(synthetic_hands(random.Random(13), 3000, 4, dealer_left_edge=0.1), 4)
    assert edge[1][1]
