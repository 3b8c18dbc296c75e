"""Statistics for the simulator: figures of many hands, with honest intervals.

Pure functions on plain numbers (no I/O, no rules, standard library only), in
three parts:

* **Intervals for one rule set** (``Estimate``: the figure, a 95% interval and
  the hands behind it): Wilson intervals for shares (``wilson``); Student-t
  intervals for means (``mean_estimate``); ratio estimates such as points per
  loser, where the hand is the unit and the players of one hand are not
  independent (``ratio_estimate``, the delta method); the median and p90 with
  distribution-free order-statistic intervals (``quantile_estimate``).
* **Paired comparisons** of two rule sets played on the same seeded deals: hand
  ``i`` of rule set A and hand ``i`` of rule set B start from the same shuffled
  deck, so the difference is measured hand by hand (``paired_difference``);
  a difference is *supported* when the hands can tell it from chance, allowing
  for the number of figures compared at once (Holm's method, ``holm``).
  Medians and p90s are compared by their intervals (``quantile_difference``).
* **The figures** a family asks about (``FIGURES``, ``HandRecord``,
  ``summarize``, ``compare``): hand length in turns (median, p90, the share of
  hands past 3x the median, and the mean), the share of wins by seat relative
  to the dealer, cards drawn through penalties per hand, the largest single
  pick-up and how often someone draws 10 or more at once, points per loser,
  blocked hands, forgotten last cards called.

Levels are given as a confidence level (0.95 by default).  Every interval is a
large-sample interval unless said otherwise; the tests check their coverage on
synthetic data.
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Any, Iterable, NamedTuple, Sequence

LEVEL = 0.95
"""The confidence level of every interval unless a caller asks otherwise."""

_NORMAL = NormalDist()


class Estimate(NamedTuple):
    """A figure with its interval: ``value`` in ``[low, high]`` at the stated level.

    ``n`` is the number of observations behind it (hands, or won hands for a
    seat's share of wins).  With no observations every number is NaN.
    """

    value: float
    low: float
    high: float
    n: int


class Difference(NamedTuple):
    """Rule set B against rule set A on the same deals, for one figure.

    ``value`` is B - A with its interval ``[low, high]``; ``relative`` is
    B / A - 1 with ``[rel_low, rel_high]`` (NaN when A's figure is not
    positive); ``p`` is the two-sided p-value of "no difference"; ``supported``
    says whether the hands support a difference (set by ``compare`` after
    Holm's adjustment over every figure of the comparison; a lone call marks
    ``p < 1 - level``).
    """

    value: float
    low: float
    high: float
    relative: float
    rel_low: float
    rel_high: float
    p: float
    supported: bool


_NAN = float("nan")
_EMPTY = Estimate(_NAN, _NAN, _NAN, 0)


def z_value(level: float = LEVEL) -> float:
    """The two-sided standard normal quantile for ``level`` (1.95996... for 0.95)."""
    return _NORMAL.inv_cdf(0.5 + level / 2)


def t_value(level: float, df: int) -> float:
    """The two-sided Student-t quantile for ``level`` with ``df`` degrees of freedom.

    Exact for 1 and 2 degrees of freedom; from 3 on the Cornish-Fisher series
    of Abramowitz & Stegun 26.7.5 (at 0.95: off by 0.1% at 3 degrees of
    freedom, under 0.01% from 5 on).
    Raises ValueError when ``df`` < 1.
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    p = 0.5 + level / 2
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = _NORMAL.inv_cdf(p)
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


# ---------------------------------------------------------------------------
# One rule set
# ---------------------------------------------------------------------------

def wilson(k: int, n: int, level: float = LEVEL) -> Estimate:
    """The share ``k / n`` with its Wilson score interval.

    ``k`` successes out of ``n`` independent trials, 0 <= k <= n.  The Wilson
    interval keeps close to its stated coverage for shares near 0 or 1 and
    small ``n``, where the plain normal interval fails.  Raises ValueError
    for counts out of range.
    """
    if not 0 <= k <= n:
        raise ValueError(f"a share needs 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return _EMPTY
    z = z_value(level)
    share = k / n
    z2n = z * z / n
    centre = (share + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(share * (1 - share) / n + z2n / (4 * n))
    return Estimate(share, max(0.0, centre - half), min(1.0, centre + half), n)


def mean_estimate(values: Sequence[float], level: float = LEVEL) -> Estimate:
    """The mean of ``values`` with its Student-t interval (a single value: no width)."""
    n = len(values)
    if n == 0:
        return _EMPTY
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_value(level, n - 1) * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def _ratio_parts(nums: Sequence[float], dens: Sequence[float]) -> tuple[float, list[float]]:
    """``sum(nums) / sum(dens)`` and each unit's influence on it (the delta method).

    The influence ``(num_i - r * den_i) / mean(den)`` has mean 0; its variance
    over ``n`` is the ratio's variance.  Raises ZeroDivisionError when the
    denominators sum to 0.
    """
    n = len(nums)
    total = math.fsum(dens)
    ratio = math.fsum(nums) / total
    mean_den = total / n
    return ratio, [(a - ratio * b) / mean_den for a, b in zip(nums, dens)]


def ratio_estimate(nums: Sequence[float], dens: Sequence[float],
                   level: float = LEVEL) -> Estimate:
    """``sum(nums) / sum(dens)`` with its interval, each pair one independent unit.

    For figures like points per loser: each hand gives the points its losers
    held (``nums``) and how many losers it had (``dens``); the losers of one
    hand are not independent of each other, the hands are.  With every
    denominator 1 this is the mean and its interval.  An empty or all-zero
    denominator gives NaN.
    """
    n = len(nums)
    if n != len(dens):
        raise ValueError("a ratio needs as many numerators as denominators")
    if n == 0 or not any(dens):
        return _EMPTY
    ratio, influence = _ratio_parts(nums, dens)
    if n == 1:
        return Estimate(ratio, ratio, ratio, 1)
    var = math.fsum(u * u for u in influence) / (n - 1)
    half = t_value(level, n - 1) * math.sqrt(var / n)
    return Estimate(ratio, ratio - half, ratio + half, n)


def _binomial_cdf(n: int, p: float) -> list[float]:
    """``[P(B <= k) for k in 0..n]`` for B ~ Binomial(n, p), 0 < p < 1 (log-space terms)."""
    log_p, log_q = math.log(p), math.log1p(-p)
    log_n = math.lgamma(n + 1)
    out, total = [], 0.0
    for k in range(n + 1):
        total += math.exp(log_n - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                          + k * log_p + (n - k) * log_q)
        out.append(total)
    return out


def quantile_ranks(n: int, q: float, level: float = LEVEL) -> tuple[int, int]:
    """The 1-based ranks ``(l, u)`` whose order statistics bracket the ``q`` quantile.

    With B ~ Binomial(n, q) the number of observations below the true
    quantile, ``P(x_(l) <= quantile <= x_(u)) >= P(l <= B <= u - 1) >= level``
    for continuous data (and at least as much with ties): ``l`` is the largest
    rank with ``P(B <= l - 1) <= (1 - level) / 2``, ``u`` the smallest with
    ``P(B <= u - 1) >= (1 + level) / 2``, both kept within 1..n (a sample too
    small for the level gives the sample's range, with less coverage).
    """
    if n < 1 or not 0 < q < 1:
        raise ValueError(f"quantile ranks need n >= 1 and 0 < q < 1, got n={n}, q={q}")
    tail = (1 - level) / 2
    cdf = _binomial_cdf(n, q)
    low = 1
    for rank in range(1, n + 1):      # cdf[rank - 1] = P(B <= rank - 1), rising
        if cdf[rank - 1] <= tail:
            low = rank
        else:
            break
    high = n
    for rank in range(1, n + 1):
        if cdf[rank - 1] >= 1 - tail:
            high = rank
            break
    return low, high


def quantile_estimate(values: Iterable[float], q: float, level: float = LEVEL) -> Estimate:
    """The ``q`` quantile (nearest rank: an observed value) with an order-statistic interval.

    Distribution-free (``quantile_ranks``); for whole numbers such as turns,
    ties make the interval at least as likely to hold the true quantile.
    """
    data = sorted(values)
    n = len(data)
    if n == 0:
        return _EMPTY
    value = data[max(0, math.ceil(q * n) - 1)]
    low, high = quantile_ranks(n, q, level)
    return Estimate(value, data[low - 1], data[high - 1], n)


def binomial_test(k: int, n: int, p: float) -> float:
    """Two-sided exact binomial p-value of ``k`` successes in ``n`` trials at share ``p``.

    The probability of an outcome no more likely than ``k`` (the usual
    "minimum likelihood" two-sided test).  ``n == 0`` gives 1.
    """
    if n == 0:
        return 1.0
    if p <= 0 or p >= 1:
        return 1.0 if k == round(p * n) else 0.0
    log_p, log_q, log_n = math.log(p), math.log1p(-p), math.lgamma(n + 1)

    def log_pmf(j: int) -> float:
        return (log_n - math.lgamma(j + 1) - math.lgamma(n - j + 1)
                + j * log_p + (n - j) * log_q)

    limit = log_pmf(k) + 1e-9
    total = math.fsum(math.exp(lp) for lp in map(log_pmf, range(n + 1)) if lp <= limit)
    return min(1.0, total)


# ---------------------------------------------------------------------------
# Two rule sets on the same deals
# ---------------------------------------------------------------------------

def _two_sided(statistic: float) -> float:
    """The two-sided normal p-value of a z statistic."""
    return 2 * (1 - _NORMAL.cdf(abs(statistic)))


def paired_difference(num_a: Sequence[float], den_a: Sequence[float],
                      num_b: Sequence[float], den_b: Sequence[float],
                      level: float = LEVEL) -> Difference:
    """Figure B minus figure A, each ``sum(num) / sum(den)``, hand ``i`` of both on one deal.

    The hands are the units: hand ``i`` contributes ``num_a[i] / den_a[i]``
    to A and the same deal played under B contributes ``num_b[i] / den_b[i]``
    (every denominator 1 for a mean per hand or a share of hands).  The
    interval comes from the paired influences (delta method) and the t
    quantile; the relative change from the log ratio.  When every
    numerator is 0 or 1 with denominators 1 (a share of hands), ``p`` is
    McNemar's exact test on the deals where A and B disagree; otherwise the
    normal test of the paired difference.  Identical inputs give a
    difference of 0 with ``p = 1``.  ``supported`` is ``p < 1 - level``.
    """
    n = len(num_a)
    if not n == len(den_a) == len(num_b) == len(den_b):
        raise ValueError("a paired comparison needs the same hands under both rule sets")
    if n == 0 or not any(den_a) or not any(den_b):
        return Difference(_NAN, _NAN, _NAN, _NAN, _NAN, _NAN, 1.0, False)
    ra, ua = _ratio_parts(num_a, den_a)
    rb, ub = _ratio_parts(num_b, den_b)
    diff = rb - ra
    z = [b - a for a, b in zip(ua, ub)]
    var = math.fsum(v * v for v in z) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    t = t_value(level, max(1, n - 1))
    low, high = diff - t * se, diff + t * se
    if ra > 0 and rb > 0:
        w = [b / rb - a / ra for a, b in zip(ua, ub)]
        log_var = math.fsum(v * v for v in w) / (n - 1) if n > 1 else 0.0
        log_se = math.sqrt(log_var / n)
        log_ratio = math.log(rb / ra)
        relative = rb / ra - 1
        rel_low = math.exp(log_ratio - t * log_se) - 1
        rel_high = math.exp(log_ratio + t * log_se) - 1
    else:
        relative = rel_low = rel_high = _NAN
    binary = (all(d == 1 for d in den_a) and all(d == 1 for d in den_b)
              and all(v in (0, 1) for v in num_a) and all(v in (0, 1) for v in num_b))
    if binary:
        only_b = sum(1 for a, b in zip(num_a, num_b) if b and not a)
        only_a = sum(1 for a, b in zip(num_a, num_b) if a and not b)
        p = binomial_test(only_b, only_a + only_b, 0.5)
    elif se > 0:
        p = _two_sided(diff / se)
    else:
        p = 1.0 if diff == 0 else 0.0
    return Difference(diff, low, high, relative, rel_low, rel_high, p, p < 1 - level)


def holm(pvalues: Sequence[float], level: float = LEVEL) -> list[bool]:
    """Which of several hypotheses to reject, keeping the chance of any false one below ``1 - level``.

    Holm's step-down method: sort the p-values, reject the ``i``-th smallest
    (0-based) while it is below ``(1 - level) / (m - i)``, stop at the first
    that is not.  Returns one flag per p-value, in the order given.
    """
    alpha = 1 - level
    m = len(pvalues)
    flags = [False] * m
    for i, index in enumerate(sorted(range(m), key=lambda j: pvalues[j])):
        if pvalues[index] < alpha / (m - i):
            flags[index] = True
        else:
            break
    return flags


class QuantileDifference(NamedTuple):
    """Two quantiles (A and B, each an ``Estimate``) and B - A; ``supported`` when
    their intervals do not overlap (a conservative test: two disjoint 95%
    intervals mean a difference at well under 5%; the pairing, which could only
    narrow it, is not used)."""

    value: float
    a: Estimate
    b: Estimate
    supported: bool


def quantile_difference(a: Sequence[float], b: Sequence[float], q: float,
                        level: float = LEVEL) -> QuantileDifference:
    """The ``q`` quantiles of two samples and whether their intervals are apart."""
    ea, eb = quantile_estimate(a, q, level), quantile_estimate(b, q, level)
    if not ea.n or not eb.n:
        return QuantileDifference(_NAN, ea, eb, False)
    apart = ea.high < eb.low or eb.high < ea.low
    return QuantileDifference(eb.value - ea.value, ea, eb, apart)


# ---------------------------------------------------------------------------
# The figures of a simulation
# ---------------------------------------------------------------------------

class HandRecord(NamedTuple):
    """What one simulated hand contributes to the figures (every count a whole number).

    ``turns``: plays and draws, the hand's length as the table counts it;
    ``winner``: the winner's seat counted clockwise from the dealer (1 = the
    dealer's left-hand neighbour, who starts (R2.5); 0 = the dealer), -1 when
    nobody won (blocked, or stopped); ``blocked``: the hand ended blocked
    (R3.9); ``penalty_cards``: cards drawn through penalties (draw penalties
    taken, last-card calls, the draws effects apply, R3.8); ``largest_pickup``: the most
    cards one player drew through one penalty; ``loser_points`` and ``losers``:
    the points (R7.1) held at the end by the players who did not win, and how
    many they were (everyone in a blocked hand; 0 and 0 for a stopped hand);
    ``calls``: forgotten last cards called with effect (R4.3); ``skilled``: the
    winner was a bot that follows the rules sheet's advice (mixed tables).
    """

    turns: int
    winner: int
    blocked: bool
    penalty_cards: int
    largest_pickup: int
    loser_points: int
    losers: int
    calls: int
    skilled: bool = False


BIG_PICKUP = 10
"""A pick-up of at least this many cards counts as a big one ("draws 10 or more at once")."""

LONG_FACTOR = 3
"""A hand longer than this many times the median counts as a long hand."""


class Figure(NamedTuple):
    """One figure of a summary: ``key`` (stable, for JSON and the message layer),
    ``kind`` (``"share"``, ``"mean"``, ``"ratio"``, ``"quantile"`` or ``"max"``) and
    its ``Estimate`` (a maximum has no interval: low = high = value).  ``seat`` is
    the seat from the dealer for a seat's share of wins, else None."""

    key: str
    kind: str
    estimate: Estimate
    seat: int | None = None


def seat_order(players: int) -> list[int]:
    """The seats from the dealer in the order they start: the dealer's left (1), ..., the dealer (0)."""
    return list(range(1, players)) + [0]


def _paired_series(records: Sequence[HandRecord], players: int
                   ) -> dict[str, tuple[list[float], list[float]]]:
    """Per figure compared hand by hand, its numerators and denominators (one per hand)."""
    ones = [1] * len(records)
    won = [1 if r.winner >= 0 else 0 for r in records]
    out = {
        "turns_mean": ([r.turns for r in records], ones),
        "penalty_cards": ([r.penalty_cards for r in records], ones),
        "big_pickup": ([1 if r.largest_pickup >= BIG_PICKUP else 0 for r in records], ones),
        "loser_points": ([r.loser_points for r in records], [r.losers for r in records]),
        "blocked": ([1 if r.blocked else 0 for r in records], ones),
        "calls": ([r.calls for r in records], ones),
    }
    if records:
        median = quantile_estimate([r.turns for r in records], 0.5).value
        out["turns_long"] = ([1 if r.turns > LONG_FACTOR * median else 0 for r in records],
                             ones)
    else:
        out["turns_long"] = ([], [])
    for seat in seat_order(players):
        out[f"seat_{seat}"] = ([1 if r.winner == seat else 0 for r in records], won)
    return out


def summarize(records: Sequence[HandRecord], players: int,
              level: float = LEVEL) -> list[Figure]:
    """The figures of one rule set's hands, in the order a report shows them.

    Turns: median and p90 (order-statistic intervals), mean (t interval), the
    share of hands longer than ``LONG_FACTOR`` times the median (Wilson; the
    median taken from the same hands); per seat from the dealer, its share of
    the hands somebody won (Wilson); penalty cards per hand (t); the largest
    single pick-up (the most in any hand: no interval) and the share of hands
    with a pick-up of ``BIG_PICKUP`` or more (Wilson); points per loser
    (ratio, the hand as unit); the share of blocked hands (Wilson); forgotten
    last cards called per hand (t).
    """
    n = len(records)
    turns = [r.turns for r in records]
    figures = [
        Figure("turns_median", "quantile", quantile_estimate(turns, 0.5, level)),
        Figure("turns_p90", "quantile", quantile_estimate(turns, 0.9, level)),
        Figure("turns_mean", "mean", mean_estimate(turns, level)),
    ]
    series = _paired_series(records, players)
    long_hands = series["turns_long"][0]
    figures.append(Figure("turns_long", "share", wilson(sum(long_hands), n, level)))
    won = sum(1 for r in records if r.winner >= 0)
    for seat in seat_order(players):
        wins = sum(1 for r in records if r.winner == seat)
        figures.append(Figure(f"seat_{seat}", "share", wilson(wins, won, level), seat))
    figures.append(Figure("penalty_cards", "mean",
                          mean_estimate([r.penalty_cards for r in records], level)))
    largest = max((r.largest_pickup for r in records), default=0)
    figures.append(Figure("largest_pickup", "max", Estimate(largest, largest, largest, n)))
    figures.append(Figure("big_pickup", "share",
                          wilson(sum(series["big_pickup"][0]), n, level)))
    figures.append(Figure("loser_points", "ratio", ratio_estimate(
        [r.loser_points for r in records], [r.losers for r in records], level)))
    figures.append(Figure("blocked", "share", wilson(sum(series["blocked"][0]), n, level)))
    figures.append(Figure("calls", "mean", mean_estimate([r.calls for r in records], level)))
    return figures


class Comparison(NamedTuple):
    """One figure of rule set B against rule set A on the same deals.

    ``a`` and ``b`` the two ``Figure``s; ``difference`` a ``Difference``
    (means, ratios, shares) or a ``QuantileDifference`` (median, p90), None
    for a maximum (a record has no interval to compare); ``supported``: the
    hands support a difference, after Holm's adjustment over the figures of
    the comparison (quantiles: disjoint intervals).
    """

    key: str
    a: Figure
    b: Figure
    difference: Difference | QuantileDifference | None
    supported: bool


def compare(records_a: Sequence[HandRecord], records_b: Sequence[HandRecord],
            players: int, level: float = LEVEL) -> list[Comparison]:
    """Every figure of ``summarize`` for A and B, with B - A and whether it is supported.

    ``records_a[i]`` and ``records_b[i]`` must be the same deal played under
    the two rule sets (raises ValueError when the lengths differ).  The
    figures with a paired test (means, ratios, shares, seats) form one family
    for Holm's adjustment at ``1 - level``, so that over all of them the
    chance of marking a difference that is not there stays below 5%.
    """
    if len(records_a) != len(records_b):
        raise ValueError("a paired comparison needs the same hands under both rule sets")
    figures_a = summarize(records_a, players, level)
    figures_b = summarize(records_b, players, level)
    series_a = _paired_series(records_a, players)
    series_b = _paired_series(records_b, players)
    turns_a = [r.turns for r in records_a]
    turns_b = [r.turns for r in records_b]
    diffs: list[Difference | QuantileDifference | None] = []
    for fa in figures_a:
        if fa.kind == "quantile":
            q = 0.5 if fa.key == "turns_median" else 0.9
            diffs.append(quantile_difference(turns_a, turns_b, q, level))
        elif fa.kind == "max":
            diffs.append(None)
        else:
            num_a, den_a = series_a[fa.key]
            num_b, den_b = series_b[fa.key]
            diffs.append(paired_difference(num_a, den_a, num_b, den_b, level))
    tested = [i for i, d in enumerate(diffs) if isinstance(d, Difference)]
    flags = holm([diffs[i].p for i in tested], level)
    supported = [isinstance(d, QuantileDifference) and d.supported for d in diffs]
    for i, flag in zip(tested, flags):
        supported[i] = flag
        diffs[i] = diffs[i]._replace(supported=flag)
    return [Comparison(fa.key, fa, fb, d, s)
            for fa, fb, d, s in zip(figures_a, figures_b, diffs, supported)]


def fair_seats(records: Sequence[HandRecord], players: int,
               level: float = LEVEL) -> dict[int, tuple[float, bool]]:
    """Per seat from the dealer: the exact binomial p-value of "this seat wins an
    equal share (1 / players) of the won hands", and whether the hands support an
    unequal share (Holm over the seats at ``1 - level``)."""
    won = sum(1 for r in records if r.winner >= 0)
    seats = seat_order(players)
    pvalues = [binomial_test(sum(1 for r in records if r.winner == s), won, 1 / players)
               for s in seats]
    return {s: (p, flag) for s, p, flag in zip(seats, pvalues, holm(pvalues, level))}


def json_number(x: Any) -> Any:
    """``x`` for a JSON document: a NaN (a figure with no data) as None."""
    return None if isinstance(x, float) and math.isnan(x) else x


def figure_values(figures: Sequence[Figure]) -> dict[str, dict]:
    """Figures as plain JSON-ready dicts: ``{key: {"value", "low", "high", "n"}}``
    (NaN as None)."""
    clean = json_number
    return {f.key: {"value": clean(f.estimate.value), "low": clean(f.estimate.low),
                    "high": clean(f.estimate.high), "n": f.estimate.n}
            for f in figures}

