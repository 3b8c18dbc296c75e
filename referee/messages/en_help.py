"""English texts of ``--help`` (keys ``help.*``): every command's and option's help.

The command line (``referee.interface.cli``) gives click these keys, not the texts, and
they are read here only when click shows a help page or a completion menu: a
command that shows no help reads none of them (start-up), and help speaks the
language chosen by the time it is shown (``--lang``, ``$PESTEN_REF_LANG``, ...).
A command's text is its help page's paragraph; its first sentence is what the
list of commands shows beside it.  ``help.COMMAND.OPTION`` is an option's help.
"""

MESSAGES = {
    # -- the program and the options every command has ----------------------------
    "help.main": (
        "A referee and scorekeeper for Pesten, played with a real deck.\n\n"
        "Start a series with `new`, type every card at `play`, `score` each hand, "
        "and see `standings`.  `rules` explains any rule by its id; `help` shows "
        "what to type at the table, and `help notation` the whole notation."),
    "help.option.help": "Show this message and exit.",
    "help.heading": "{heading}:",
    "help.option.version": "Show the version and exit.",
    "help.option.save": (
        "Save file of the series (default: $PESTEN_REF_SAVE, else ./pesten.toml if it "
        "exists, else your current series in $XDG_DATA_HOME/pesten-ref)."),
    "help.option.lang": (
        "The language to speak: en, nl, fr, it or pt (any command takes it; with `new` "
        "it becomes the series' own, with `tournament new` the tournament's)."),
    "help.option.json": "One compact JSON object per answer.",
    "help.option.table": (
        "A table of the tournament's current round (1, 2, ... or final); --save is then "
        "the tournament file (default tournament.toml)."),

    # -- what stands for a value in a usage line or an option (a metavar) ----------
    "help.metavar.options": "[OPTIONS]",
    "help.metavar.command": "COMMAND [ARGS]...",
    "help.metavar.path": "PATH",
    "help.metavar.file": "FILE",
    "help.metavar.name": "NAME",
    "help.metavar.code": "CODE",
    "help.metavar.table": "T",
    "help.metavar.points": "POINTS",
    "help.metavar.rate": "RATE",
    "help.metavar.rules": "PRESET|FILE",
    "help.metavar.rule_sets": "[PRESET|FILE]...",
    "help.metavar.scores": "[SCORES]...",
    "help.metavar.what": "[WHAT]...",
    "help.metavar.topic": "[TOPIC]",

    # -- new ----------------------------------------------------------------------------
    "help.new": "Start a series and deal hand 1 (the series there before is kept).",
    "help.new.players": "Players in seating order, clockwise.",
    "help.new.rules": ("standard, family, hard, fast, cumulative, tournament, a game of the family "
                       "(mau-mau, crazy-eights, switch ...: `pesten-ref rules mau-mau`), or a "
                       "house-rule file."),
    "help.new.dealer": "Dealer of the first hand (default: drawn at random).",
    "help.new.mode": (
        "elimination (over the limit is out, R7.4), hands (lowest total after N hands, "
        "R7.5), casual (wins counted, R7.6) or target (the first to reach the file's "
        "target ends the series, R10.91)."),
    "help.new.limit": "Elimination limit in points.",
    "help.new.hands": "Number of hands (mode hands).",
    "help.new.seed": "Makes the dealer draw repeatable.",
    "help.new.force": "Start anew even though the series there is not over (it is kept).",

    # -- play, state, standings -------------------------------------------------------
    "help.play": "Referee the current hand: type every card as it is played.",
    "help.play.script": "Read the entries from FILE instead of the keyboard.",
    "help.play.keep_going": "Go on after a refused entry (exit 1 at the end).",
    "help.state": "Show the current hand: top card, whose turn, counts.",
    "help.standings": "Places, totals, the last hand, points to go, who is out and who deals next.",
    "help.standings.seats": "In seating order instead of by place.",

    # -- history, series ------------------------------------------------------------------
    "help.history": "Every scored hand: dealer, winner, points and running totals, corrections marked.",
    "help.series": "Every series kept here (the current one marked); reopen one with --open ID.",
    "help.series.open": "Make kept series ID the current one again (the current one is kept).",
    "help.series.stats": (
        "All-time records over every series kept here: series and hands won, average "
        "points, the biggest penalty ever drawn."),

    # -- score --------------------------------------------------------------------------------
    "help.score": (
        "Record the hand: NAME=\"{ex:Ah Ks 3d}\" or NAME=23 for each player still holding cards.\n\n"
        "The next hand is dealt at once, so `score` after every hand keeps a series "
        "without refereeing it.  `--hand N` corrects hand N."),
    "help.score.winner": (
        "Who went out (for a hand not refereed: needed unless one player alone is given no score)."),
    "help.score.hand": (
        "Correct hand N, already scored (same arguments); the old score is kept beside it."),
    "help.score.by": "Who makes the correction (kept with it).",

    "help.join": (
        "A player arriving during the series sits in from the hand to come, after the "
        "last seat, with a starting total (default: the highest total of those still in)."),
    "help.join.total": "The starting total (default: the highest total of those still in).",
    "help.abandon": (
        "Abandon the hand being played: its log is kept marked abandoned, nobody scores "
        "it, and the same dealer deals it again."),

    # -- export ---------------------------------------------------------------------------------
    "help.export": "The whole series as CSV, JSON or one self-contained HTML page.",
    "help.export.format": "csv (a spreadsheet), json (scripts) or html (one page to print or share).",
    "help.export.output": (
        "Write to FILE (atomically; a file there is kept as FILE.bak) instead of stdout; "
        "`-` is stdout."),

    # -- rules, replay, help ----------------------------------------------------------------------
    "help.rules": "The rule set in force; or one rule (R5.1), a preset, a house-rule file, a topic.",
    "help.rules.diff": "Two rule sets side by side.",
    "help.replay": "Every entry of a hand again, numbered, with its ruling and the state after it.",
    "help.replay.hand": "Which hand (default: the current one).",
    "help.help": (
        "What to type at the table; `help notation`, `help rules`, `help json` show the "
        "documents, `help COMMAND` a command's options."),
    "help.help.short": "What to type at the table; the notation, rules and JSON documents.",

    # -- simulate ------------------------------------------------------------------------------------
    "help.simulate": "Bots play whole hands under a rule set: what does it do to the game?",
    "help.simulate.rules": "The rule set the bots play (a preset or a house-rule file).",
    "help.simulate.compare": "Play the rule sets named as arguments on the same deals, side by side.",
    "help.simulate.players": "Bots at the table.",
    "help.simulate.hands": "Hands per rule set (default 1,000; 10,000 with --compare).",
    "help.simulate.seed": "Makes the deals repeatable.",
    "help.simulate.bots": "Random legal play, the rules sheet's advice, or half and half.",
    "help.simulate.forget": "How often a sheet bot forgets to say Laatste kaart (0 to 1, default 0.1).",
    "help.simulate.jobs": "Worker processes to play in (default: one per core for long runs).",

    # -- tournament ------------------------------------------------------------------------------------
    "help.tournament": "A knockout tournament across several tables (R8.6).",
    "help.tournament.new": "Draw the players into tables of 3 to 6 and save the tournament.",
    "help.tournament.show": "The bracket: every round, who is still in, the champion.",
    "help.tournament.next": "Close the round once every table has its result and draw the next.",
    "help.tournament.withdraw": "A player withdraws (or did not show up).",
    "help.tournament.import": "Bring in tables' files from another laptop or folder.",
    "help.tournament.settle": "Settle a table's conflict: keep one version, set the others aside.",
    "help.tournament.settle_table": "The table in conflict (a number, or final).",
    "help.tournament.settle_keep": "The version to keep (a path `tournament show` lists).",
    "help.tournament.settle_by": "Who settles it, for the record (default: your login name).",
    "help.tournament.players": "Players, comma-separated.",
    "help.tournament.players_file": "Players from a file, one a line (# starts a comment).",
    "help.tournament.seed": "Makes every draw, dealer and lot repeatable.",
    "help.tournament.rules": ("The tables' rules: tournament (the default, R8.6), another preset, "
                              "a game of the family (mau-mau, makao ...) or a house-rule file."),
    "help.tournament.json": "One compact JSON object.",
    "help.tournament.save": "The tournament file (default: tournament.toml here).",
}
