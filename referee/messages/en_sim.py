"""English texts of the simulator (keys ``sim.*``).

Fields: ``players`` and ``n`` counts (``n`` chooses the plural form: hands in
``head`` and ``capped``, hands a second, rounded, in ``speed``), ``rules`` a
rule set's name, ``seconds`` a float, ``rate``/``fair`` in the ``dealer_left``
and ``blocked`` lines are shares from 0 to 1 (shown as %),
``turns``/``cards``/``points`` averages.
"""

MESSAGES = {
    "sim.render.head": {
        "one": "The bots played 1 hand of {players}-player Pesten with the {rules} rules.",
        "other": "The bots played {n:,} hands of {players}-player Pesten with the {rules} rules."},
    "sim.render.speed": {
        "one": "That took {seconds:.2f} seconds (1 hand a second).",
        "other": "That took {seconds:.2f} seconds ({n:,} hands a second)."},
    "sim.render.turns": ("A hand lasted {turns:.1f} turns on average ({entries:.1f} entries "
                         "with the starter, lone announcements and calls)."),
    "sim.render.dealer_left": (
        "The player on the dealer's left won {rate:.1%} of the hands "
        "(an equal share would be {fair:.1%})."),
    "sim.render.penalty": (
        "Penalties (Twos and Jokers taken, forgotten last cards, and Kings and Fives where "
        "they count) made players draw {cards:.1f} cards per hand."),
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
}
