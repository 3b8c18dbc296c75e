"""English texts of the simulator (keys ``sim.*``).

Fields: ``players`` and ``n`` counts (``n`` chooses the plural form: hands in
``head`` and ``capped``, hands a second, rounded, in ``speed``), ``rules`` a
rule set's name, ``seconds`` a float, ``rate``/``fair`` in the ``dealer_left``
and ``blocked`` lines are shares from 0 to 1 (shown as %),
``turns``/``cards``/``points`` averages.
"""

MESSAGES = {
    "sim.render.head": {
        "one": "The bots played 1 hand at a table of {players} with the {rules} rules.",
        "other": "The bots played {n:,} hands at a table of {players} with the {rules} rules."},
    "sim.render.speed": {
        "one": "That took {seconds:.2f} seconds (1 hand a second).",
        "other": "That took {seconds:.2f} seconds ({n:,} hands a second)."},
    "sim.render.turns": ("A hand lasted {turns:.1f} turns on average ({entries:.1f} entries "
                         "with the starter, lone announcements and calls)."),
    "sim.render.dealer_left": (
        "The player on the dealer's left won {rate:.1%} of the hands "
        "(an equal share would be {fair:.1%})."),
    "sim.render.penalty": (
        "Penalties (draw penalties taken, the draws the cards' effects make, and forgotten "
        "last cards) made players draw {cards:.1f} cards per hand."),
    "sim.render.loser_points": (
        "At the end of a hand each loser held {points:.1f} points on average."),
    "sim.render.blocked": (
        "{rate:.2%} of the hands were blocked: nobody could play and the cards ran out."),
    "sim.render.never_blocked": "No hand was blocked.",
    "sim.render.capped": {
        "one": "1 hand was still going at the cap on entries per hand ({cap}) and was stopped.",
        "other": "{n} hands were still going at the cap on entries per hand ({cap}) and were stopped."},
    "sim.render.clean": (
        "The referee accepted every entry the bots typed, and its count of the cards "
        "always matched the real cards."),
    "sim.render.trouble": (
        "Something is wrong in the referee or the bots. Entries refused: {refused}; times the "
        "count differed from the real cards: {mismatches}. Please report this."),
    "sim.render.problem": "  - {text}",
    "sim.problem.refused": "hand {hand}: '{line}' was refused ({rule}): {why}",
    "sim.problem.mismatch": "hand {hand}: after '{line}' the referee's count was off: {what}",
    "sim.problem.picture": (
        "counts {counts} (real {real}), draw pile {draw} (real {real_draw}), "
        "discard pile {discard} (real {real_discard}), top {top} (real {real_top})"),
    "sim.error.hands": "The number of hands to simulate cannot be negative (got {hands}).",
    "sim.error.bots": "Unknown bots '{bots}': choose one of {choices}.",
    "sim.error.no_rules": "Name at least one rule set to simulate.",
    # -- comparing rule sets (simulate --compare) ---------------------------------
    "sim.compare.head": (
        "The bots ({bots}) played each rule set on the same {hands:,} deals (seed {seed}), "
        "at a table of {players}."),
    "sim.compare.bots.random": "random legal play",
    "sim.compare.bots.sheet": "the rules sheet's advice",
    "sim.compare.bots.mixed": "half of them the rules sheet's advice, half random play",
    "sim.compare.speed": {
        "one": "That took {seconds:.1f} seconds, at a speed of {n:,} hand a second.",
        "other": "That took {seconds:.1f} seconds, at a speed of {n:,} hands a second."},
    "sim.compare.figure.turns_median": "Hand length in turns, median",
    "sim.compare.figure.turns_p90": "Hand length in turns, 9 hands in 10 within",
    "sim.compare.figure.turns_mean": "Hand length in turns, mean",
    "sim.compare.figure.turns_long": "Hands longer than {factor}× the median",
    "sim.compare.figure.seat": "Hands won by {who}",
    "sim.compare.figure.seats": "Hands won, seat by seat",
    "sim.compare.figure.penalty_cards": "Penalty cards drawn per hand",
    "sim.compare.figure.largest_pickup": "Largest single pick-up (cards)",
    "sim.compare.figure.big_pickup": {"one": "Hands where someone picks up {n} or more at once",
        "other": "Hands where someone picks up {n} or more at once"},
    "sim.compare.figure.loser_points": "Points per loser",
    "sim.compare.figure.blocked": "Blocked hands",
    "sim.compare.figure.calls": "Forgotten last cards called per hand",
    "sim.compare.who.left": "the dealer's left (who starts)",
    "sim.compare.who.dealer": "the dealer",
    "sim.compare.who.seat": {"one": "the player {n} seat left of the dealer",
                             "other": "the player {n} seats left of the dealer"},
    "sim.compare.cell.share": "{value:.1%} ({low:.1%}-{high:.1%})",
    "sim.compare.cell.small_share": "{value:.2%} ({low:.2%}-{high:.2%})",
    "sim.compare.cell.number": "{value:.2f} ({low:.2f}-{high:.2f})",
    "sim.compare.cell.whole": "{value:.0f} ({low:.0f}-{high:.0f})",
    "sim.compare.cell.max": "{value:.0f}",
    "sim.compare.cell.none": "-",
    "sim.compare.legend": (
        "In brackets: 95% intervals. * marks a difference from {base} that the hands support "
        "(allowing for the {n} figures compared at once)."),
    "sim.compare.no_difference": (
        "The hands show no difference between {rules} and {base} that chance could not explain."),
    "sim.compare.say.none": (
        "{figure}: no difference between {rules} and {base} that the hands can tell."),
    "sim.compare.say.from_zero": (
        "{figure}: {b:.1f} with {rules}, against {a:.1f} with {base}."),
    "sim.compare.say.turns_mean.more": (
        "With {rules}, hands last {rel:.0%} longer (±{pm:.0%}) than with {base}."),
    "sim.compare.say.turns_mean.less": (
        "With {rules}, hands are {rel:.0%} shorter (±{pm:.0%}) than with {base}."),
    "sim.compare.say.turns_median": (
        "With {rules}, half the hands are over by turn {b:.0f}, against turn {a:.0f} with {base}."),
    "sim.compare.say.turns_p90": (
        "With {rules}, 9 hands in 10 are over by turn {b:.0f}, against turn {a:.0f} with {base}."),
    "sim.compare.say.turns_long": (
        "With {rules}, {b:.1%} of the hands run past {factor}× the median, "
        "against {a:.1%} with {base}."),
    "sim.compare.say.seat": (
        "With {rules}, {who} wins {b:.1%} of the hands, against {a:.1%} with {base}."),
    "sim.compare.say.penalty_cards.more": (
        "With {rules}, players draw {rel:.0%} more penalty cards (±{pm:.0%}) "
        "than with {base}."),
    "sim.compare.say.penalty_cards.less": (
        "With {rules}, players draw {rel:.0%} fewer penalty cards (±{pm:.0%}) "
        "than with {base}."),
    "sim.compare.say.big_pickup": {
        "one": ("With {rules}, someone picks up 1 card or more at once in {b:.1%} of the hands, "
                "against {a:.1%} with {base}."),
        "other": ("With {rules}, someone picks up {n} cards or more at once in {b:.1%} of the "
                  "hands, against {a:.1%} with {base}.")},
    "sim.compare.say.loser_points.more": (
        "With {rules}, a loser is left holding {rel:.0%} more points (±{pm:.0%}) "
        "than with {base}."),
    "sim.compare.say.loser_points.less": (
        "With {rules}, a loser is left holding {rel:.0%} fewer points (±{pm:.0%}) "
        "than with {base}."),
    "sim.compare.say.blocked": (
        "With {rules}, {b:.2%} of the hands end blocked, against {a:.2%} with {base}."),
    "sim.compare.say.calls.more": (
        "With {rules}, {rel:.0%} more forgotten last cards are called (±{pm:.0%}) "
        "than with {base}."),
    "sim.compare.say.calls.less": (
        "With {rules}, {rel:.0%} fewer forgotten last cards are called (±{pm:.0%}) "
        "than with {base}."),
    "sim.compare.unfair.more": (
        "Under {rules}, {who} wins more often than an equal share "
        "({share:.1%} against {fair:.1%})."),
    "sim.compare.unfair.less": (
        "Under {rules}, {who} wins less often than an equal share "
        "({share:.1%} against {fair:.1%})."),
    "sim.compare.skill.pays": (
        "Under {rules}, the bots that follow the rules sheet won {share:.1%} of the hands "
        "({low:.1%}-{high:.1%}) against {fair:.1%} for an equal share: good play pays off."),
    "sim.compare.skill.unclear": (
        "Under {rules}, the bots that follow the rules sheet won {share:.1%} of the hands "
        "({low:.1%}-{high:.1%}) against {fair:.1%} for an equal share: the hands cannot tell "
        "skill from luck."),
}
