"""English texts of the command line (keys ``cli.*``)."""

MESSAGES = {
    # click would look these two up in its own gettext catalog at every start
    "cli.version": "%(prog)s, version %(version)s",
    "cli.option.version": "Show the version and exit.",
    "cli.internal": ("pesten-ref hit an internal error ({kind}: {error}). Nothing more was "
                     "saved; please report it (set PESTEN_REF_DEBUG=1 for details)."),
    "cli.save.no_rules": "the save file has no [rules] table.",
    "cli.save.bad_result": "the hand's result does not read ({what}).",
    "cli.save.negative_points": "{name} has {points} points, and points cannot be negative (R7.1).",
    "cli.save.bad_hand": "the hand's file is missing a field ({what}).",
    "cli.save.no_replay": "the entry '{line}' no longer replays: {reason}",
    "cli.new.started": "New series: {players}; rules {rules}; saved in {file}.",
    "cli.new.dealer": "{dealer} deals {n} cards each; {first} plays first once the starter is turned (`start 9h`).",
    "cli.new.dealer_free": "{dealer} deals {n} cards each; once the starter is turned (`start 9h`) anyone may play (snel pesten).",
    "cli.new.drawn": "The dealer was drawn at random: {dealer}.",
    "cli.new.exists": "{file} holds a series that is not over yet; use --force to start a new one anyway (the old one is kept, `pesten-ref series` lists it), or --save another file.",
    "cli.new.bad_dealer": "The dealer {dealer} is not one of the players ({players}).",
    "cli.new.player_count": "Pesten takes 2 to 8 players, not {n} (R1.1).",
    "cli.new.bad_name_chars": "'{name}' is not a valid name: use letters, digits and - _ ' . only (R1.1).",
    "cli.new.bad_name_word": "'{name}' reads as a card, a suit or a command word; choose another name, like '{name}.' (R1.1).",
    "cli.new.bad_name_start": "'{name}' must start with a letter or a digit (R1.1).",
    "cli.new.duplicate": "{name} is seated twice; names must differ (R1.1).",
    "cli.new.hands_needed": "Mode 'hands' needs --hands N.",
    "cli.play.series_over": "The series is over: {winners} won it. Start a new one with `pesten-ref new`.",
    "cli.history.empty": "No hand of this series has been scored yet.",
    "cli.history.hand": "Hand",
    "cli.history.dealer": "Dealer",
    "cli.history.winner": "Winner",
    "cli.history.blocked": "(blocked)",
    "cli.history.out": "out",
    "cli.history.cell": "{points} ({total})",
    "cli.history.cell_none": "- ({total})",
    "cli.history.legend": "Each player: the points of the hand (the running total). * corrected.",
    "cli.history.change": "{name} {old} -> {new}",
    "cli.history.winner_only": "the winner",
    "cli.history.correction": "* Hand {hand} corrected on {at} UTC: {what}.",
    "cli.history.correction_by": "* Hand {hand} corrected on {at} UTC by {by}: {what}.",
    "cli.series.no_such": "There is no kept series {id} (series kept: {ids}); `pesten-ref series` lists them.",
    "cli.series.none": "No series has been started here yet; start one with `pesten-ref new --players ...`.",
    "cli.series.head_id": "Id",
    "cli.series.head_players": "Players",
    "cli.series.head_hands": "Hands",
    "cli.series.head_winner": "Winner",
    "cli.series.head_dates": "Started - last played",
    "cli.series.current": "(current)",
    "cli.series.going_on": "still going",
    "cli.series.damaged": "damaged: {reason}",
    "cli.series.where": "Series of {file}. Reopen one with `pesten-ref series --open ID`.",
    "cli.series.opened": "Series {id} is the current series again ({players}; {hands}).",
    "cli.series.kept": "The series that was current is kept as series {id}.",
    "cli.series.already": "Series {id} is already the current series.",
    "cli.series.n_hands": {"one": "1 hand scored", "other": "{n} hands scored"},
    "cli.new.kept": "The previous series is kept as series {id} (`pesten-ref series` lists every series).",
    "cli.score.corrected": "Hand {hand} corrected: {points} (was {old}).",
    "cli.deal.decks": "Shuffle {n} decks together: {cards} cards.",
    "cli.play.new_hand": "Hand {hand}: {dealer} deals; {first} plays first once the starter is turned (`start 9h`).",
    "cli.play.new_hand_free": "Hand {hand}: {dealer} deals; once the starter is turned (`start 9h`) anyone may play (snel pesten).",
    "cli.play.script_unreadable": "Cannot read the script {file}: {error}.",
    "cli.play.script_not_utf8": "The script {file} is not UTF-8 text (a stray byte at offset {offset}); save it as UTF-8 and try again.",
    "cli.play.refused_line": "line {n}: {line}: refused: {ruling}",
    "cli.play.stopped": "Stopped at line {n}; everything before it is saved. Use --keep-going to apply the rest.",
    "cli.state.head": "Hand {hand} ({status}), dealer {dealer}, rules {rules}.",
    "cli.state.piles": "Draw pile {draw}, discard pile {discard}, play goes {direction}.",
    "cli.state.to_act": "<- to play",
    "cli.state.skips": "misses {n} turn(s)",
    "cli.state.announce_due": "may still announce",
    "cli.state.callable": "can be called!",
    "cli.score.bad_arg": "'{arg}' should read NAME=\"Ah Ks 3d\" or NAME=23.",
    "cli.score.twice": "{name} is given twice; give each player once.",
    "cli.score.too_big": "{value} points for {name} cannot be right; give the cards, or the points they are worth.",
    "cli.score.recorded": "Hand {hand} scored: {points}.",
    "cli.replay.no_hand": "There is no hand {hand}; the series is at hand {last}.",
    "cli.replay.head": "Hand {hand}: {n} entries.",
    "cli.replay.correction": "   [correction]",
    "cli.replay.refused": "   [refused]",
    "cli.replay.after": "after: top {top}, turn {turn}, counts {counts}, draw pile {pile}",
    "cli.replay.empty": "(no entries yet)",
    "cli.simulate.label": "Simulating",
    "cli.help.entries": (
        "Entries (one line each):\n"
        "  start 9h        the starter card\n"
        "  7h              play a card          7h 7s 9s   several plays (Sevens)\n"
        "  Jh s            a Jack naming spades\n"
        "  d               draw                 d 5h       draw and play at once\n"
        "  lk              Laatste kaart!       4h lk      play and announce\n"
        "  call Anna       call a forgotten last card\n"
        "  leave Anna      Anna leaves the table\n"
        "  Anna: 7h        name the player (needed in snel pesten)\n"
        "  undo / redo     take back / put back the last entry\n"
        "Corrections: fix draw Anna 2 | fix count Anna 5 | fix play Anna 7h\n"
        "Queries: state | check 7h | why | rules [R5.1 | topic] | replay | help"),
}
