"""Comparing rule sets: the same seeded deals played under each, figures side by side.

``compare_rule_sets`` lets the bots (``simulate``) play ``hands`` hands under
every rule set with one seed, so hand ``i`` starts from the same shuffle under
each; the figures (``simstats.FIGURES``: hand length, wins by seat, penalty
cards, pick-ups, points per loser, blocked hands, calls) come with their 95%
intervals, and every rule set after the first is compared with the first hand
by hand (``simstats.compare``): a difference is marked only when the hands
support it.  ``CompareReport.render`` says it in plain sentences through the
message layer, ``to_json`` gives the same figures with their intervals.

Long runs are split in parts of ``CHUNK`` hands played in parallel processes
(one per core; a part plays the same hands as the whole run would):
``play_in_parts``, which a long ``simulate`` of one rule set also uses
(``simulate_in_parts``).  No I/O
apart from the worker processes.
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple, Sequence

from referee import messages
from referee.engine.rules import HouseRules
from referee.engine.rulecheck import check_table_fits
from referee.simulator.simstats import (
    BIG_PICKUP, LONG_FACTOR, Comparison, Difference, Figure, HandRecord, QuantileDifference,
    binomial_test, compare, fair_seats, figure_values, json_number, summarize, wilson,
)
from referee.simulator.simulate import (
    FORGET_RATE, ProgressFn, SimReport, run_seed, check_bots, simulate,
)

DEFAULT_HANDS = 10_000
"""Hands per rule set when comparing (about +-1 point on a seat's share of wins)."""

CHUNK = 500
"""Hands per part of a run played in a worker process."""

PARALLEL_FROM = 2_000
"""Runs of fewer hands in all than this are played in this process (no workers to start)."""


class RuleSetRun(NamedTuple):
    """One rule set's hands: its name, one ``HandRecord`` per hand, and the trouble
    the picture check found (refused entries, mismatches, capped hands, descriptions)."""

    name: str
    records: list[HandRecord]
    refused: int
    mismatches: int
    capped: int
    problems: list[str]


def _play_part(job: tuple) -> tuple:
    """Play one part of one rule set's hands (a worker's job; module level so it pickles):
    ``(rule set index, first hand, SimReport)``."""
    index, rules, players, start, hands, seed, bots, forget = job
    return index, start, simulate(rules, players, hands, seed, bots=bots, forget=forget,
                                  start=start)


def _workers(jobs: int | None, total: int) -> int:
    """How many worker processes: ``jobs`` if given, else one per core for long runs."""
    if jobs is not None:
        return max(1, jobs)
    if total < PARALLEL_FROM:
        return 1
    return max(1, min(os.cpu_count() or 1, 4))


def _check_run(rule_sets: Sequence[HouseRules], players: int, hands: int, bots: str) -> None:
    """At least one rule set, each fitting ``players`` (R1.1, R1.3, R2.2: ``RulesError``),
    ``hands`` >= 1 and ``bots`` one of ``BOTS``; raises ValueError."""
    if not rule_sets:
        raise ValueError(messages.t("sim.error.no_rules"))
    if hands < 1:
        raise ValueError(messages.t("sim.error.hands", hands=hands))
    check_bots(bots)
    for rules in rule_sets:
        check_table_fits(rules, players)


def play_in_parts(rule_sets: Sequence[HouseRules], players: int, hands: int, seed: int,
                  bots: str = "random", forget: float = FORGET_RATE,
                  progress: ProgressFn | None = None,
                  jobs: int | None = None) -> tuple[list[SimReport], float]:
    """Play ``hands`` hands (>= 1) under each of ``rule_sets`` with ``seed``, in parts of
    ``CHUNK`` hands, in ``jobs`` worker processes (default: one per core for long
    runs, none for short ones).  A part plays the same hands as the whole run
    would, so the result does not depend on ``jobs``.

    Returns one ``SimReport`` per rule set (every hand, in order) and the
    wall-clock seconds of the whole run.  ``progress(done, total)`` counts
    hands over all rule sets.  Raises like ``simulate``.
    """
    total = hands * len(rule_sets)
    parts = [(i, rules, players, start, min(CHUNK, hands - start), seed, bots, forget)
             for i, rules in enumerate(rule_sets) for start in range(0, hands, CHUNK)]
    results: dict[tuple[int, int], SimReport] = {}
    done = 0
    started = time.perf_counter()
    workers = _workers(jobs, total)
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        for index, start, report in (pool.map(_play_part, parts) if pool is not None
                                     else map(_play_part, parts)):
            results[index, start] = report
            done += report.hands
            if progress is not None:
                progress(done, total)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    seconds = time.perf_counter() - started
    return [SimReport.merged([results[key] for key in sorted(results) if key[0] == i],
                             seconds)
            for i in range(len(rule_sets))], seconds


def simulate_in_parts(rules: HouseRules, players: int, hands: int, seed: int | None = None,
                      bots: str = "random", forget: float = FORGET_RATE,
                      progress: ProgressFn | None = None, jobs: int | None = None) -> SimReport:
    """``simulate`` for a long run, played in parts in worker processes (``play_in_parts``):
    the same report as ``simulate`` with the same arguments, times aside."""
    _check_run([rules], players, hands, bots)
    reports, _ = play_in_parts([rules], players, hands, run_seed(seed), bots, forget, progress, jobs)
    return reports[0]


def compare_rule_sets(rule_sets: Sequence[HouseRules], players: int, hands: int = DEFAULT_HANDS,
                      seed: int | None = None, bots: str = "random",
                      forget: float = FORGET_RATE, progress: ProgressFn | None = None,
                      jobs: int | None = None) -> "CompareReport":
    """Play ``hands`` hands under each of ``rule_sets`` on the same seeded deals.

    ``players`` must fit every rule set's deck (R1.1, R1.3, R2.2: raises
    ``RulesError``, a ValueError); at least one rule set; ``hands`` >= 1;
    ``bots`` one of ``BOTS``; ``forget`` (0..1) how often a sheet bot forgets
    "Laatste kaart!".  ``seed`` None picks one (reported).  ``progress(done,
    total)`` counts hands over all rule sets.  ``jobs``: worker processes
    (default: one per core for long runs, none for short ones).
    Returns a ``CompareReport``.
    """
    _check_run(rule_sets, players, hands, bots)
    seed = run_seed(seed)
    reports, seconds = play_in_parts(rule_sets, players, hands, seed, bots, forget, progress,
                                     jobs)
    runs = [RuleSetRun(name=r.rules, records=r.records, refused=r.refused_entries,
                       mismatches=r.mismatches, capped=r.capped, problems=r.problems)
            for r in reports]
    return CompareReport(runs, players, hands, seed, bots, forget, seconds)


class CompareReport:
    """The figures of several rule sets played on the same deals, and their differences.

    ``runs`` one ``RuleSetRun`` per rule set (the first is the base the others
    are compared with); ``figures`` per run its ``simstats.Figure`` list;
    ``comparisons`` per run after the first its ``simstats.Comparison`` list
    against the base; ``seats`` per run ``simstats.fair_seats``; ``skill`` per
    run (mixed bots only) the share of won hands the sheet's bots won, as an
    ``Estimate``, the share of seats they hold, and whether the hands support a
    difference.  ``seconds`` the time of the whole run.
    """

    def __init__(self, runs: list[RuleSetRun], players: int, hands: int, seed: int,
                 bots: str, forget: float, seconds: float):
        self.runs = runs
        self.players = players
        self.hands = hands
        self.seed = seed
        self.bots = bots
        self.forget = forget
        self.seconds = seconds
        self.figures = [summarize(run.records, players) for run in runs]
        base = runs[0].records
        self.comparisons = [compare(base, run.records, players) for run in runs[1:]]
        self.seats = [fair_seats(run.records, players) for run in runs]
        self.skill = [self._skill(run.records) for run in runs] if bots == "mixed" else []

    def _skill(self, records: list[HandRecord]) -> tuple:
        """(share of won hands won by the sheet's bots, their share of the seats, supported)."""
        won = [r for r in records if r.winner >= 0]
        k = sum(1 for r in won if r.skilled)
        seats = math.ceil(self.players / 2) / self.players  # (seats 0, 2, 4 ...)
        p = binomial_test(k, len(won), seats)
        return wilson(k, len(won)), seats, p < 0.05

    @property
    def names(self) -> list[str]:
        """The rule sets' names, the base first."""
        return [run.name for run in self.runs]

    # -- JSON -------------------------------------------------------------------
    def to_json(self) -> dict:
        """Every figure with its interval, per rule set, and every difference from the base.

        ``figures[name][key]``: ``{"value", "low", "high", "n"}``;
        ``differences[name][key]``: B - A with its interval, the relative change
        (means, ratios, shares) and ``p``, or the two quantiles, and
        ``supported``; ``seats[name][seat]``: ``{"p", "unequal"}``; ``skill``
        (mixed bots) per rule set; ``trouble`` per rule set (should be zeros).
        """
        clean = json_number
        differences = {}
        for run, comps in zip(self.runs[1:], self.comparisons):
            out = {}
            for c in comps:
                d = c.difference
                if isinstance(d, Difference):
                    out[c.key] = {"value": clean(d.value), "low": clean(d.low),
                                  "high": clean(d.high), "relative": clean(d.relative),
                                  "rel_low": clean(d.rel_low), "rel_high": clean(d.rel_high),
                                  "p": clean(d.p), "supported": c.supported}
                elif isinstance(d, QuantileDifference):
                    out[c.key] = {"value": clean(d.value), "supported": c.supported}
            differences[run.name] = out
        data = {
            "rules": self.names,
            "players": self.players,
            "hands": self.hands,
            "seed": self.seed,
            "bots": self.bots,
            "seconds": self.seconds,
            "hands_per_second": (self.hands * len(self.runs) / self.seconds
                                 if self.seconds > 0 else 0.0),
            "figures": {run.name: figure_values(figs)
                        for run, figs in zip(self.runs, self.figures)},
            "differences": differences,
            "seats": {run.name: {str(s): {"p": p, "unequal": flag}
                                 for s, (p, flag) in seats.items()}
                      for run, seats in zip(self.runs, self.seats)},
            "trouble": {run.name: {"refused": run.refused, "mismatches": run.mismatches,
                                   "capped": run.capped, "problems": run.problems}
                        for run in self.runs},
        }
        if self.skill:
            data["skill"] = {run.name: {"share": clean(est.value), "low": clean(est.low),
                                        "high": clean(est.high), "seats": seats,
                                        "supported": flag}
                             for run, (est, seats, flag) in zip(self.runs, self.skill)}
        return data

    # -- text -------------------------------------------------------------------
    def render(self) -> str:
        """The figures side by side, then the differences the hands support, in sentences."""
        t = messages.t
        lines = [t("sim.compare.head", hands=self.hands, players=self.players,
                   bots=t(f"sim.compare.bots.{self.bots}"), seed=self.seed),
                 self._speed(),
                 ""]
        lines += self._table()
        tested = sum(1 for c in self.comparisons[0] if c.difference is not None) \
            if self.comparisons else 0
        if self.comparisons:
            lines.append(t("sim.compare.legend", base=self.names[0], n=tested))
        lines.append("")
        base = self.names[0]
        for run, comps in zip(self.runs[1:], self.comparisons):
            if any(c.supported for c in comps):
                lines += self._sentences(comps, run.name, base)
            else:
                lines.append(t("sim.compare.no_difference", rules=run.name, base=base))
        for run, seats, figs in zip(self.runs, self.seats, self.figures):
            by_key = {f.key: f for f in figs}
            for seat, (_, unequal) in seats.items():
                if unequal:
                    share = by_key[f"seat_{seat}"].estimate.value
                    lines.append(t("sim.compare.unfair." + (
                        "more" if share > 1 / self.players else "less"),
                        rules=run.name, who=self._who(seat), share=share,
                        fair=1 / self.players))
        for run, (est, seats, flag) in zip(self.runs, self.skill):
            lines.append(t("sim.compare.skill." + ("pays" if flag else "unclear"),
                           rules=run.name, share=est.value, low=est.low, high=est.high,
                           fair=seats))
        for run in self.runs:
            if run.refused or run.mismatches:
                lines.append(t("sim.render.trouble", refused=run.refused,
                               mismatches=run.mismatches))
                lines.extend(t("sim.render.problem", text=p) for p in run.problems)
        return "\n".join(lines).rstrip()

    def _speed(self) -> str:
        """How long the run took and how many hands a second it played."""
        rate = self.hands * len(self.runs) / self.seconds if self.seconds else 0.0
        return messages.t("sim.compare.speed", seconds=self.seconds, n=round(rate))

    def _label(self, figure: Figure) -> str:
        if figure.seat is not None:
            return messages.t("sim.compare.figure.seat", who=self._who(figure.seat))
        return messages.t(f"sim.compare.figure.{figure.key}", n=BIG_PICKUP, factor=LONG_FACTOR)

    def _who(self, seat: int) -> str:
        if seat == 0:
            return messages.t("sim.compare.who.dealer")
        if seat == 1:
            return messages.t("sim.compare.who.left")
        return messages.t("sim.compare.who.seat", n=seat)

    @staticmethod
    def _cell(figure: Figure) -> str:
        est = figure.estimate
        if est.n == 0 or math.isnan(est.value):
            return messages.t("sim.compare.cell.none")
        fields = {"value": est.value, "low": est.low, "high": est.high}
        if figure.kind == "max":
            return messages.t("sim.compare.cell.max", **fields)
        if figure.kind == "share":
            small = est.high < 0.01   # (rare events: two more decimals)
            return messages.t("sim.compare.cell.small_share" if small else "sim.compare.cell.share",
                              **fields)
        if figure.kind == "quantile":
            return messages.t("sim.compare.cell.whole", **fields)
        return messages.t("sim.compare.cell.number", **fields)

    def _table(self) -> list[str]:
        labels = [self._label(f) for f in self.figures[0]]
        columns = []
        for i, figs in enumerate(self.figures):
            cells = [self._cell(f) for f in figs]
            if i:
                cells = [c + (" *" if comp.supported else "  ")
                         for c, comp in zip(cells, self.comparisons[i - 1])]
            columns.append([self.names[i]] + cells)
        width = max(len(label) for label in labels) + 2
        widths = [max(len(c) for c in col) + 3 for col in columns]
        rows = [" " * width + "".join(col[0].ljust(w) for col, w in zip(columns, widths))]
        for r, label in enumerate(labels, start=1):
            rows.append(label.ljust(width)
                        + "".join(col[r].ljust(w) for col, w in zip(columns, widths)))
        return [row.rstrip() for row in rows]

    def _sentences(self, comps: list[Comparison], rules: str, base: str) -> list[str]:
        """A sentence for every figure compared, in the table's order; the seats'
        shares of wins in one sentence when the hands tell none of them apart."""
        seats = [c for c in comps if c.a.seat is not None]
        one_for_seats = not any(c.supported for c in seats)
        out = []
        for c in comps:
            if c.difference is None:
                continue
            if c.a.seat is not None and one_for_seats:
                if c is seats[0]:
                    out.append(messages.t("sim.compare.say.none", rules=rules, base=base,
                                          figure=messages.t("sim.compare.figure.seats")))
                continue
            out.append(self._sentence(c, rules, base))
        return out

    def _sentence(self, c: Comparison, rules: str, base: str) -> str:
        """The plain sentence of a compared figure: the difference the hands support,
        or that they show none (``sim.compare.say.none``)."""
        t = messages.t
        if not c.supported:
            return t("sim.compare.say.none", figure=self._label(c.a), rules=rules, base=base)
        a, b = c.a.estimate.value, c.b.estimate.value
        d = c.difference
        fields: dict[str, Any] = {"rules": rules, "base": base, "a": a, "b": b,
                                  "n": BIG_PICKUP, "factor": LONG_FACTOR}
        if c.a.seat is not None:
            return t("sim.compare.say.seat", who=self._who(c.a.seat), **fields)
        if isinstance(d, Difference) and c.a.kind in ("mean", "ratio") \
                and math.isnan(d.relative):  # from nothing (a game without penalty cards)
            return t("sim.compare.say.from_zero", figure=self._label(c.a), **fields)
        if isinstance(d, Difference) and c.a.kind in ("mean", "ratio") \
                and not math.isnan(d.relative):
            way = "more" if d.relative > 0 else "less"
            return t(f"sim.compare.say.{c.key}.{way}", rel=abs(d.relative),
                     pm=(d.rel_high - d.rel_low) / 2, **fields)
        return t(f"sim.compare.say.{c.key}", **fields)
