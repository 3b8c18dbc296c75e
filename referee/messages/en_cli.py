"""English texts of the command line (keys ``cli.*``)."""

MESSAGES = {
    # ``--version`` (the fields are click's: %-style)
    "cli.version": "%(prog)s, version %(version)s",
    "cli.internal": ("pesten-ref hit an internal error ({kind}: {error}). Nothing more was "
                     "saved; please report it (set PESTEN_REF_DEBUG=1 for details)."),
    "cli.internal_saved": ("pesten-ref hit an internal error ({kind}: {error}) after saving "
                           "{files}: what it saved there stays saved, nothing after it was; please "
                           "report it (set PESTEN_REF_DEBUG=1 for details)."),
    "cli.save.no_rules": "the save file has no [rules] table.",
    "cli.save.negative_points": "{name}'s score is {points}, and points cannot be negative (R7.1).",
    "cli.save.allowed.entries": "entries, one table a line, each with its `line`",
    "cli.save.allowed.entry": "line, by, at and refused",
    # a save file that says what its hands do not (the hands are the record)
    "cli.save.no_result": (
        "this hand has no [result], yet the series has scored every hand up to hand "
        "{last}; a hand once scored stays scored. Put its [result] back (the previous version of "
        "the file ends in .bak); to change a score, correct the hand with "
        "`pesten-ref score --hand {hand} ...`."
    ),
    "cli.save.total_disagrees": (
        "the series file says {name}'s total is {found}, but {name}'s hands add up to "
        "{total}. The hands are the record of the series: set `total = {total}` back on "
        "this line of {file}; to change a score, correct its hand with "
        "`pesten-ref score --hand N ...` (`pesten-ref history` shows every hand)."
    ),
    "cli.save.header_disagrees": (
        "the series file says `{key} = {found}`, but the hands in {file} give {expected}. "
        "The hands are the record of the series: set it back to {expected} here."
    ),
    "cli.save.dealer_disagrees": (
        "this file says {found} is the dealer of hand {hand}, but by the rotation of the "
        "series it is {expected} (R2.1). Put `dealer = \"{expected}\"` back: who deals "
        "follows from the hands before, not from an edit."
    ),
    "cli.save.first_dealer_disagrees": (
        "this file says {found} dealt hand 1, but the series file {file} says {expected} "
        "did (`first_dealer`), and the deal went round from there (R2.1). Put back the "
        "one of the two that was edited."
    ),
    "cli.save.players_disagrees": (
        "this file seats {found} at hand {hand}, but the players still in the series are "
        "{expected} (R7.4). Put `players` back as the series has them."
    ),
    "cli.save.log_disagrees": (
        "this hand's entries do not give the result it was scored with: {reason} The "
        "entries are the record of the hand: put back what was edited; to change a score, correct the hand with "
        "`pesten-ref score --hand {hand} ...`."
    ),
    "cli.save.hand_number": (
        "this file says `hand = {found}`, but it is the file of hand {hand}. Put "
        "`hand = {hand}` back: a hand's number is its file's."
    ),
    "cli.save.rule_missing": (
        "`{key}` is missing from the rule set this series was started with, and a rule left "
        "out is not quietly the standard one. Put the line back as it was."
    ),
    "cli.save.no_replay": "the entry '{line}' no longer replays: {reason}",
    "cli.new.started": "New series: {players}; rules {rules}; saved in {file}.",
    "cli.new.dealer": {
        "one": "{dealer} deals 1 card each; {first} plays first once the starter is turned (`{ex:start 9h}`).",
        "other": "{dealer} deals {n} cards each; {first} plays first once the starter is turned (`{ex:start 9h}`)."},
    "cli.new.dealer_free": {
        "one": "{dealer} deals 1 card each; once the starter is turned (`{ex:start 9h}`) anyone may play (snel pesten).",
        "other": "{dealer} deals {n} cards each; once the starter is turned (`{ex:start 9h}`) anyone may play (snel pesten)."},
    "cli.new.drawn": "The dealer was drawn at random: {dealer}.",
    "cli.new.exists": "{file} holds a series that is not over yet; use --force to start a new one anyway (the old one is kept, `pesten-ref series` lists it), or --save another file.",
    "cli.new.bad_dealer": "The dealer {dealer} is not one of the players ({players}).",
    "cli.new.player_count": "Pesten takes 2 to 8 players, not {n} (R1.1).",
    "cli.new.bad_name_chars": "'{name}' is not a valid name: use letters, digits and - _ ' . only (R1.1).",
    "cli.new.bad_name_plus": (
        "'{name}' is not a valid name: `+` joins cards played together (R3.10); use "
        "letters, digits and - _ ' . only (R1.1)."),
    "cli.new.bad_name_word": "'{name}' reads as a card, a suit or a command word; choose another name, like '{name}.' (R1.1).",
    "cli.new.bad_name_start": "'{name}' must start with a letter or a digit (R1.1).",
    "cli.new.duplicate": "{name} is seated twice; names must differ (R1.1).",
    "cli.new.hands_needed": "Mode 'hands' needs --hands N.",
    "cli.play.series_over": "The series is over: {winners} won it. Start a new one with `pesten-ref new`.",
    "cli.series.no_such": "There is no kept series {id} (series kept: {ids}); `pesten-ref series` lists them.",
    "cli.series.none": "No series has been started here yet; start one with `pesten-ref new --players ...`.",
    "cli.series.head_id": "Id",
    "cli.series.head_players": "Players",
    "cli.series.head_hands": "Hands",
    "cli.series.head_winner": "Winner",
    "cli.series.head_started": "Started (UTC)",
    "cli.series.head_updated": "Last played (UTC)",
    "cli.series.current": "(current)",
    "cli.series.going_on": "still going",
    "cli.series.damaged": "damaged: {reason}",
    "cli.series.where": "Series of {file}. Reopen one with `pesten-ref series --open ID`.",
    "cli.series.opened": "Series {id} is the current series again ({players}; {hands}).",
    "cli.series.kept": "The series that was current is kept as series {id}.",
    "cli.series.n_hands": {"one": "1 hand scored", "other": "{n} hands scored"},
    "cli.new.kept": "The previous series is kept as series {id} (`pesten-ref series` lists every series).",
    "cli.play.script_unreadable": "Cannot read the script {file}: {error}.",
    "cli.play.script_not_utf8": "The script {file} is not UTF-8 text (a stray byte at offset {offset}); save it as UTF-8 and try again.",
    "cli.prompt_word": ("`{word}` is typed at the table, not in the shell: start the table "
                        "with `pesten-ref play` and type it at its prompt."),
    "cli.play.refused_line": "line {n}: {line}: refused: {ruling}",
    "cli.play.stopped": "Stopped at line {n}; everything before it is saved. Use --keep-going to apply the rest.",
    "cli.lang.unknown": "'{value}' is not a language pesten-ref speaks; --lang takes one of {codes}.",
    "cli.status.waiting": "waiting for the starter",
    "cli.status.playing": "being played",
    "cli.status.over": "over",
    "cli.status.scored": "scored",
    "cli.state.head": "Hand {hand} ({status}), dealer {dealer}, rules {rules}.",
    "cli.state.piles": "Draw pile {draw}, discard pile {discard}, play goes {direction}.",
    "cli.state.to_act": "<- to play",
    "cli.state.skips": {"one": "misses 1 turn", "other": "misses {n} turns"},
    "cli.state.waits": {"one": "waits 1 more turn", "other": "waits {n} more turns"},
    "cli.state.announce_due": "may still announce",
    "cli.state.callable": "can be called!",
    "cli.replay.no_hand": "There is no hand {hand}; the series is at hand {last}.",
    "cli.replay.head": {"one": "Hand {hand}: 1 entry.", "other": "Hand {hand}: {n} entries."},
    "cli.replay.correction": "   [correction]",
    "cli.replay.refused": "   [refused]",
    "cli.replay.after": "after: top {top}, turn {turn}, counts {counts}, draw pile {pile}",
    "cli.replay.empty": "(no entries yet)",
    "cli.replay.score": "Scored {when}: {outcome}",
    "cli.replay.score_corrected": "Corrected {when}: {outcome}",
    "cli.replay.score_corrected_by": "Corrected {when} by {by}: {outcome}",
    "cli.replay.score_won": "{winner} won the hand; points {points}.",
    "cli.replay.score_blocked": "The hand was blocked; points {points}.",
    "cli.replay.score_left": "Left the table during the hand and scored nothing: {names}.",
    "cli.simulate.label": "Simulating",
    # click's names of the number types, in its "'x' is not a valid {number_type}."
    "cli.type.integer": "integer",
    "cli.type.integer_range": "integer range",
    "cli.type.float_range": "float range",
    "cli.help.more": (
        "\nMore: `pesten-ref help notation` (everything that can be typed, and the commands), "
        "`help rules` (the rule book), `help json` (the JSON the commands print), "
        "`help COMMAND` (a command's options); `pesten-ref rules R5.1` explains one rule."),
    # `help notation` in a language other than English: a guide built from these
    # texts, the entries and the prompt's commands (English reads docs/NOTATION.md).
    "cli.help.notation.head": "What to type at the table, one entry a line (the full contract, in English: docs/NOTATION.md).",
    "cli.help.notation.cards": (
        "Cards are typed rank then suit, in any case: the numbers 2 to 10, then {courts}; "
        "the suits {suits}; a Joker is `{joker}`. The English letters (`7c` is 7♣) and the "
        "suit symbols (`7♣`) work too."),
    "cli.help.notation.letter": "`{letter}` {name}",
    "cli.help.json_english": "The JSON the commands print is a contract for programmers, kept in English:",
    "cli.help.no_topic": (
        "There is no help on \"{topic}\". Try `pesten-ref help` with one of {topics}, "
        "or a command: {commands}."),
    "cli.help.no_doc": (
        "The document {name} is missing from this installation of pesten-ref; "
        "reinstall it (`pipx install .` or `pip install --user .`)."),
}
