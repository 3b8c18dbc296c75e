"""English texts of the table prompt (``referee.repl``, ``referee.complete``; keys ``repl.*``)."""

MESSAGES = {
    # Opening and leaving
    "repl.banner": "Hand {hand}, dealt by {dealer}, rules {rules}. Each entry is saved as soon as it is typed.",
    "repl.banner.keys": "Tab completes; `help` shows the notation; Ctrl-C clears a line; Ctrl-D or `quit` leaves.",
    "repl.bye": "Left the table. Every entry is saved in {file}; `pesten-ref play` carries on from here.",
    "repl.bye.over": ("Left the table. Hand {hand} is saved in {file}; record its result with "
                      "`pesten-ref score`, then `pesten-ref play` deals the next hand."),
    "repl.history_off": "Note: the command history is off this time: {path} cannot be written ({error}).",
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
    "repl.suit.question": "Which suit does {name} name? (c/d/h/s) ",
    "repl.suit.again": "'{answer}' is not a suit: answer c, d, h or s (or ♣ ♦ ♥ ♠); Enter alone takes the Jack back.",
    "repl.suit.cancelled": "No suit named: '{line}' was not entered.",

    # The end of a hand
    "repl.over.winner": ("Hand {hand} is over: {winner} won it. Leave with Ctrl-D, then score it "
                         "with the cards the others still hold (or their points, NAME=23):"),
    "repl.over.blocked": ("Hand {hand} is blocked (R3.9): nobody won it. Leave with Ctrl-D, then "
                          "score it with the cards everyone still holds (or their points, NAME=23):"),
    "repl.over.command": "    pesten-ref score {example}",
    "repl.over.example": '{name}="…"',

    # The bottom toolbar
    "repl.bar.waiting": "Hand {hand}: {dealer} has dealt; waiting for the starter card (start 9h)",
    "repl.bar.top": "top {card}",
    "repl.bar.named": "named {symbol} {suit}",
    "repl.bar.clockwise": "↻ clockwise",
    "repl.bar.counterclockwise": "↺ counterclockwise",
    "repl.bar.pending": "{name} must draw {n} or stack",
    "repl.bar.piles": "draw pile {draw}",
    "repl.bar.free": "snel: name the player ({example})",
    "repl.bar.count": "{name} {n}",
    "repl.bar.to_act": "▶",
    "repl.bar.skips": "misses {n}",
    "repl.bar.announce": "may say lk",
    "repl.bar.callable": "call!",
    "repl.bar.over": "Hand {hand} is over: {winner} won it. Leave with Ctrl-D, then pesten-ref score",
    "repl.bar.blocked": "Hand {hand} is blocked (R3.9). Leave with Ctrl-D, then pesten-ref score",

    # Suit names (after a Jack, in the toolbar)
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
    "repl.meta.undo": "take back the last entry",
    "repl.meta.redo": "put back what undo took",
    "repl.meta.state": "the state of the hand",
    "repl.meta.check": "would a card be legal now?",
    "repl.meta.why": "the rule behind the last ruling",
    "repl.meta.rules": "the rules in force",
    "repl.meta.help": "the notation",
    "repl.meta.replay": "the hand so far",
    "repl.meta.fix": "a correction (R0.2)",
    "repl.meta.fits": "fits now",
    "repl.meta.player": "entry by {name}",
    "repl.meta.callable": "can be called!",
    "repl.meta.suit": "{symbol} {suit}",
    "repl.meta.rule": "rule {rule}",
}
