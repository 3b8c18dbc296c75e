"""English texts of the table prompt (``referee.interface.repl``, ``referee.interface.complete``; keys ``repl.*``)."""

MESSAGES = {
    # Opening and leaving
    "repl.banner": "Hand {hand}, dealt by {dealer}, rules {rules}. Each entry is saved as soon as it is typed.",
    "repl.banner.keys": "Tab completes; `{cmd:help}` shows the notation; Ctrl-C clears a line; Ctrl-D or `quit` leaves.",
    "repl.bye": "Left the table. Every entry is saved in {file}; `pesten-ref play{options}` carries on from here.",
    "repl.bye.over": ("Left the table. Hand {hand} is saved in {file}; record its result with "
                      "`{cmd:score}` at the prompt or `pesten-ref score{options}`, then `pesten-ref play{options}` deals the next hand."),
    "repl.bye.done": "Left the table; everything is saved in {file}.",
    "repl.history_off": "Note: the command history is off this time: {path} cannot be written ({error}).",
    "repl.did_you_mean": {"one": "Did you mean {words}?",
                          "other": "Did you mean one of these: {words}?"},
    "repl.out.eliminated": (
        "{name} is out of the series: their points passed the limit, so they play no more "
        "hands (R7.4)."),
    "repl.out.left": "{name} left the table in an earlier hand and is out of the series (R1.5).",
    "repl.shell_command": ("`{word}` is a command of its own, not an entry: leave the table with "
                           "Ctrl-D (everything is saved), then run `pesten-ref {word}`."),
    "repl.save_failed": "{message} The session stops here; check the save file before going on.",
    "repl.keys": ("At the prompt: Tab completes commands, cards and names; Up and Down recall "
                  "earlier lines; Ctrl-C clears the line; Ctrl-D or `quit` leaves (everything is already saved)."),

    # The prompt itself (the part before "> ")
    "repl.prompt.turn": "{name}",
    "repl.prompt.waiting": "hand {hand}, start",
    "repl.prompt.free": "snel",
    "repl.prompt.over": "hand {hand} over",
    "repl.prompt.end": "> ",

    # Rulings
    "repl.refused": "✗",

    # The suit question after a Jack typed without one (R5.4)
    "repl.suit.question": "Which suit does {name} name? ({letters}) ",
    "repl.suit.again": "'{answer}' is not a suit: answer {letters} (or ♣ ♦ ♥ ♠); Enter alone takes the Jack back.",
    "repl.suit.cancelled": "No suit named: '{line}' was not entered.",

    # The end of a hand
    "repl.over.winner": ("Hand {hand} is over: {winner} won it. Score it here with the cards the "
                         "others still hold (or their points, NAME=23), or type `{cmd:score}` alone to be asked:"),
    "repl.over.blocked": ("Hand {hand} is blocked (R3.9): nobody won it. Score it here with the cards "
                          "everyone still holds (or their points, NAME=23), or type `{cmd:score}` alone to be asked:"),
    "repl.over.command": "    score {example}",
    "repl.over.example": "{name}=…",

    # Scoring at the prompt (R7)
    "repl.score.ask": "Cards left for {name}? ({ex:Ah Ks 3d}, or points; Enter alone stops) ",
    "repl.score.ask_winner": "Who won hand {hand}? ",
    "repl.score.cancelled": "Not scored: nothing was recorded.",
    "repl.score.recorded": "Hand {hand} scored: {points}.",
    "repl.score.series_over": "The series is over. Start a new one with `pesten-ref new`.",

    # show calls on|off (a display setting of the series; no ruling depends on it)
    "repl.show.calls_on": ("Calls are shown: the toolbar, `{cmd:state}` and Tab mark who may still say "
                           "Laatste kaart! and who can be called (saved for this series)."),
    "repl.show.calls_off": ("Calls are hidden: noticing a forgotten Laatste kaart! is up to the "
                            "table (saved for this series; `{cmd:show calls on}` shows them)."),
    "repl.show.usage": "Type `{cmd:show calls on}` or `{cmd:show calls off}`.",

    "repl.quit.done": "Left the table.",

    # A command typed with words it does not take (each takes what its `pesten-ref` twin takes)
    "repl.args.refused": "`{command}` does not take '{words}'; type `{usage}`.",

    # help: the entries of the notation, then the commands (from the registry)
    "repl.help.entries": "Entries (one line each):",
    "repl.help.e.start": "the starter card",
    "repl.help.e.play": "play a card",
    "repl.help.e.plays": "several plays (Sevens)",
    "repl.help.e.jack": "a Jack naming spades",
    "repl.help.e.together": "cards of one rank as one play (R3.10)",
    "repl.help.e.together_jack": "two Jacks naming clubs",
    "repl.help.e.pass": "sit out a skip passed on (R5.11), or accept a stacked wait (R10.21)",
    "repl.help.e.draw": "draw",
    "repl.help.e.draw_play": "draw and play at once",
    "repl.help.e.announce": "Laatste kaart!",
    "repl.help.e.play_announce": "play and announce",
    "repl.help.e.call": "call a forgotten last card",
    "repl.help.e.leave": "Anna leaves the table",
    "repl.help.e.player": "name the player (needed in snel pesten)",
    "repl.help.corrections": "Corrections: {ex:fix draw Anna 2} | {ex:fix count Anna 5} | {ex:fix play Anna 7h}",
    "repl.help.commands": "Commands:",
    # Shown only in a language with entry and command words of its own.
    "repl.help.local_words": "The English words work too: {words}.",
    "repl.help.local_word": "{english} (`{word}`)",

    # The commands: what each does (help, the completion menu) and how it is typed
    "repl.cmd.state": "the state of the hand",
    "repl.cmd.check": "would a card be legal now?",
    "repl.cmd.why": "the rule behind the last ruling",
    "repl.cmd.rules": "the rules in force, a rule or a topic",
    "repl.cmd.replay": "the hand so far",
    "repl.cmd.undo": "take back the last entry",
    "repl.cmd.redo": "put back what `{cmd:undo}` took",
    "repl.cmd.score": "record the hand's result (asks for what is missing)",
    "repl.cmd.abandon": "abandon the hand: nobody scores it, its dealer deals it again",
    "repl.cmd.standings": "totals, wins, who is out, who deals next",
    "repl.cmd.history": "every scored hand of the series",
    "repl.cmd.show": "show or hide who owes Laatste kaart! and who can be called",
    "repl.cmd.help": "the notation and these commands",
    "repl.cmd.quit": "leave the table (everything is saved)",
    "repl.usage.state": "state",
    "repl.usage.check": "check {ex:7h}",
    "repl.usage.why": "why",
    "repl.usage.rules": "rules [R5.1 | topic | --diff A B]",
    "repl.usage.replay": "replay [N | --hand N]",
    "repl.usage.undo": "undo",
    "repl.usage.redo": "redo",
    "repl.usage.score": "score [--hand N] Anna={ex:Ah Ks 3d} Cees=23",
    "repl.usage.abandon": "abandon",
    "repl.usage.standings": "standings [--seats]",
    "repl.usage.history": "history",
    "repl.usage.show": "show calls on|off",
    "repl.usage.help": "help [command]",
    "repl.usage.quit": "quit",

    # The bottom toolbar
    "repl.bar.waiting": "Hand {hand}: {dealer} has dealt; waiting for the starter card ({ex:start 9h})",
    "repl.bar.top": "top {card}",
    "repl.bar.named": "named {symbol} {suit}",
    "repl.bar.clockwise": "↻ clockwise",
    "repl.bar.counterclockwise": "↺ counterclockwise",
    "repl.bar.pending": {"one": "{name} must draw 1 card or stack",
                         "other": "{name} must draw {n} cards or stack"},
    "repl.bar.piles": "draw pile {draw}",
    "repl.bar.free": "snel: name the player ({example})",
    "repl.bar.count": "{name} {count}",
    "repl.bar.to_act": "▶",
    "repl.bar.skips": {"one": "misses 1 turn", "other": "misses {n} turns"},
    "repl.bar.waits": {"one": "waits 1 more turn", "other": "waits {n} more turns"},
    "repl.bar.announce": "may say lk",
    "repl.bar.callable": "call!",
    "repl.bar.over": "Hand {hand} is over: {winner} won it. Score it here: score NAME=cards …",
    "repl.bar.blocked": "Hand {hand} is blocked (R3.9). Score it here: score NAME=cards …",
    "repl.bar.done": "Hand {hand} is scored and nothing is left to play at this table: Ctrl-D or `quit` leaves.",

    # After the entry that ends a hand, in a script (the prompt tells how to score it there)
    "repl.hint.score": "Score it with `pesten-ref score{options}`.",

    # Suit names (after a Jack, in the toolbar)
    "repl.hint.false_friend": (
        "Note: `{token}` is {shown}, because `{letter}` is the English letter for {symbol} "
        "{suit} in every language. For {local_symbol} {local_suit} type `{local_letter}`: "
        "`{local_example}`."),
    "repl.suit.c": "clubs",
    "repl.suit.d": "diamonds",
    "repl.suit.h": "hearts",
    "repl.suit.s": "spades",

    # What each completion is (shown beside it in the menu)
    "repl.meta.start": "the starter card",
    "repl.meta.draw": "draw (the penalty, or one card)",
    "repl.meta.lk": "Laatste kaart!",
    "repl.meta.call": "call a forgotten last card",
    "repl.meta.leave": "a player leaves the table",
    "repl.meta.pass": "sit out the skip passed on (R5.11), or accept the wait (R10.21)",
    "repl.meta.together": "{cards}: one play (R3.10)",
    "repl.meta.fix": "a correction (R0.2)",
    "repl.meta.card_fits": "{card}, fits now",
    "repl.meta.player": "entry by {name}",
    "repl.meta.score_for": "the cards left for {name}",
    "repl.meta.winner": "who won (a hand played without the referee)",
    "repl.meta.callable": "can be called!",
    "repl.meta.suit": "{symbol} {suit}",
    "repl.meta.rule": "rule {rule}",
}
