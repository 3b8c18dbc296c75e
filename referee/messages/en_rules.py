"""English texts of the rules area: house-rule errors and the players' rule book.

Keys:

- ``rules.where.*``, ``rules.err.*``, ``rules.allowed.*``, ``rules.type.*``:
  the pieces of a ``RulesError`` message (``referee.engine.rules``).
- ``rules.book.section.<R0..R8>`` and ``rules.book.intro.<R5|R8>``: section
  titles and introductions of the rule book.
- ``rules.book.title.<id>`` and ``rules.book.text.<id>[.<variant>]``: one
  rule in plain language (``referee.series.rulebook``).  Variant suffixes name the
  house-rule value the text is for (``rules.book.text.R5.8.draw_one``).
- ``rules.view.*``: the frames around rules: rule book header, differences,
  side-by-side comparison, topic search.

Templates are ``str.format`` strings; none contains a literal brace.
"""

MESSAGES: dict[str, str] = {
    # --- where an error is -------------------------------------------------
    "rules.where.file": "{file}",
    "rules.where.file_line": "{file}, line {line}",
    "rules.where.preset": "preset \"{file}\"",
    "rules.where.preset_line": "preset \"{file}\", line {line}",
    "rules.where.table": "house rules \"{name}\"",
    "rules.where.options": "the series options",
    "rules.where.table_fit": "house rules \"{name}\"",
    "rules.error": "{where}: {problem}",

    # --- what is wrong -------------------------------------------------------
    "rules.err.syntax": "this is not valid TOML ({detail}). Check the quotes, brackets and `key = value` lines there.",
    "rules.err.syntax_end": "this is not valid TOML ({detail}, found at the end of the file). Check for a missing quote or bracket, or a key given twice.",
    "rules.err.unreadable": "the file cannot be read ({detail}).",
    "rules.err.not_found": "there is no preset or house-rule file called \"{spec}\". Use {allowed}.",
    "rules.err.unknown_key": "`{key}` is not a house-rule key{suggestion} Allowed keys: {allowed}.",
    "rules.err.unknown_in_points": "`{key}` is not a rank{suggestion} Allowed ranks in [points]: {allowed}.",
    "rules.err.unknown_in_series": "`{key}` is not a series key{suggestion} Allowed keys in [series]: {allowed}.",
    "rules.err.unknown_key_in_section": "`{key}` is not allowed here: a key written below [{section}] belongs to [{section}] (allowed there: {allowed}). Put top-level keys before the first [section].",
    "rules.err.unknown_section": "[{section}] is not a house-rule table{suggestion} Allowed tables: {allowed}.",
    "rules.err.type": "`{key}` must be {allowed}, not {got}.",
    "rules.err.value": "`{key} = {got}` is not allowed; use {allowed}.",
    "rules.err.missing": "`{key}` is missing; it must be {allowed}.",
    "rules.err.extends_type": "`extends` must name a preset or a file, as text in quotes (e.g. `extends = \"family\"`), not {got}.",
    "rules.err.extends_unknown": "`extends = \"{got}\"` names no preset and no file. Use {allowed}.",
    "rules.err.extends_cycle": "`extends` goes round in a circle ({chain}). Let one file start from a preset instead.",
    "rules.err.series_hands": "with `series.mode = \"hands\"` the series needs `series.hands` of at least 1 (it is {got}); use {allowed}.",
    "rules.err.players": "a table has 2 to 8 players, not {got} (R1.1). Use {allowed}.",
    "rules.err.deck": "{players} players with {deal} cards each, plus the starter, need {need} cards, but {decks_hold} {have} (R1.3). Use {allowed}.",
    "rules.err.suggest": "; did you mean `{suggestion}`?",
    "rules.err.no_suggestion": ".",

    # --- allowed values ------------------------------------------------------
    "rules.allowed.int_range": "a whole number from {low} to {high}",
    "rules.allowed.int_min": "a whole number, {low} or more",
    "rules.allowed.int": "a whole number",
    "rules.allowed.bool": "true or false",
    "rules.allowed.text": "text in quotes",
    "rules.allowed.choices": "{choices}",
    "rules.allowed.decks": "\"auto\", 1 or 2",
    "rules.allowed.ranks": "A, K, Q, J, Joker, 2, 3, 4, 5, 6, 7, 8, 9, 10",
    "rules.allowed.series_keys": "mode, limit, hands",
    "rules.allowed.tables": "[points], [series]",
    "rules.allowed.presets": "a preset ({presets}) or the path of a .toml file",
    "rules.allowed.extends": "a preset ({presets}) or the path of a .toml file, relative to the file that extends it",
    "rules.allowed.players": "2 to 8 players",
    "rules.allowed.more_decks": "`decks = 2`",
    "rules.allowed.more_decks_auto": "`decks = 2` (or \"auto\")",
    "rules.allowed.smaller_deal": "`deal_size` of at most {most}",
    "rules.allowed.table": "a table of {what}",
    "rules.allowed.list": "a list of {what}",
    "rules.allowed.table_points": "rank = points",
    "rules.allowed.table_series": "mode, limit and hands",
    "rules.word.or": "or",
    "rules.word.decks_one": "1 deck holds",
    "rules.word.decks_many": "{n} decks hold",

    # --- type names for "not ..." -------------------------------------------
    "rules.type.bool": "{value} (true/false)",
    "rules.type.int": "{value} (a whole number)",
    "rules.type.float": "{value} (a decimal number)",
    "rules.type.str": "{value} (text)",
    "rules.type.table": "a table",
    "rules.type.list": "a list",
    "rules.type.other": "{value}",

    # --- frames around the rule book ----------------------------------------
    "rules.view.book_title": "Pesten: the rule book",
    "rules.view.set_preset": "Rule set: {variant}.",
    "rules.view.set_file": "Rule set: {name}, a house-rule file; closest variant: {variant}.",
    "rules.view.variant": "{id} {title}",
    "rules.view.differ_title": "House rules that differ from standard",
    "rules.view.differ_none": "None: every rule is at its standard value (R8.1).",
    "rules.view.differ_line": "{key} = {value}  (standard {standard}; changes {rule})",
    "rules.view.diff_title": "House rules: {a} against {b}",
    "rules.view.diff_same": "{a} and {b} have the same house rules.",
    "rules.view.diff_col_key": "key",
    "rules.view.diff_col_rule": "rule",
    "rules.view.topic_title": "Rules about \"{what}\":",
    "rules.view.not_found": "Nothing in the rules matches \"{what}\". Type `rules` for the whole rule book, `rules R5` for a section (R0 to R8), or `rules R5.1` for one rule.",
    "rules.view.no_such_rule": "There is no rule {what}. Type `rules` for the whole rule book, `rules R5` for a section (R0 to R8), or `rules R5.1` for one rule.",
    "rules.view.no_such_file": "There is no house-rule file \"{what}\". Type `rules` for the rules in force, or give a preset: {presets}.",
    "rules.view.bad_file": "{error}",
    "rules.book.mark": "[House rule: `{key} = {value}`; standard {standard}.]",
    "rules.book.in_force": "This is the rule set in force.",
    "rules.book.cards_one": "1 card",
    "rules.book.cards_many": "{n} cards",

    "rules.book.rank.2": "Two",
    "rules.book.rank.3": "Three",
    "rules.book.rank.4": "Four",
    "rules.book.rank.5": "Five",
    "rules.book.rank.6": "Six",
    "rules.book.rank.7": "Seven",
    "rules.book.rank.8": "Eight",
    "rules.book.rank.9": "Nine",
    "rules.book.rank.10": "Ten",
    "rules.book.rank.J": "Jack",
    "rules.book.rank.Q": "Queen",
    "rules.book.rank.K": "King",
    "rules.book.rank.A": "Ace",
    "rules.book.rank.Joker": "Joker",

    # --- the rule book: sections ---------------------------------------------
    "rules.book.section.R0": "What the referee knows",
    "rules.book.section.R1": "The table",
    "rules.book.section.R2": "The deal",
    "rules.book.section.R3": "A turn",
    "rules.book.section.R4": "Last card: \"Laatste kaart!\"",
    "rules.book.section.R5": "Action cards",
    "rules.book.section.R6": "Going out",
    "rules.book.section.R7": "Scoring",
    "rules.book.section.R8": "House rules and variants",
    "rules.book.intro.R5": (
        "\"The next player\" always means the next seat in the current direction, even "
        "when that player has turns to miss (R5.9). A draw penalty aimed at a player who "
        "must miss the coming turn is drawn by them at once (they get no turn in which to "
        "stack), and the turn still passes them by."
    ),
    "rules.book.intro.R8": (
        "Every house rule is a key in a TOML file; a family's file may start from a "
        "preset with `extends = \"family\"` and change some keys. Action cards are the "
        "ranks with an effect under the rules in force, here: {action_ranks}. Penalty "
        "cards are the Two and the Joker. Draws that leave the player no choice (a Five, "
        "a King's single card, a last-card penalty, a penalty for a player who must miss "
        "the turn) are applied by the referee, which tells the table."
    ),

    # --- R0 ------------------------------------------------------------------
    "rules.book.title.R0.1": "Public information only",
    "rules.book.text.R0.1": (
        "You play with a real deck, and the referee never sees a hand or a drawn card. "
        "It knows only what the whole table can see: the seating, the starter, every "
        "card played, how many cards each player holds, and how many cards are in the "
        "draw pile and in the discard pile (and which ones lie in the discard pile)."
    ),
    "rules.book.title.R0.2": "The table has the last word",
    "rules.book.text.R0.2": (
        "A ruling is advice that keeps the game from going wrong. When the table agrees "
        "that the referee's picture is wrong (an entry was missed, say), enter a "
        "correction: it is logged, never applied silently."
    ),
    "rules.book.title.R0.3": "Which rule a refusal cites",
    "rules.book.text.R0.3": (
        "When several rules forbid an entry, the referee cites the first that applies, "
        "in this order: an unknown player (R1.1); the state of the hand (R2.3 before the "
        "starter, R6.1 after the end); a player who left (R1.5); an entry without a "
        "player in free turn order (R8.4); whose turn it is (R3.7, also for playing over "
        "someone else's pending penalty in free order); a play of several cards where "
        "doubles are not played, or with a card of another rank (R3.10); `pass` with no "
        "skip pending (R5.11); the deck (R1.3, R1.4; each card of a play of several); a pending "
        "penalty (R5.7); a draw-and-play that is not allowed (R3.4); a `d CARD` after an "
        "R6.2 refusal when the owed draw is not exactly one card (R6.2); nothing left to "
        "draw for a `d CARD` (R3.6); matching (R3.1, R3.3); a Jack without a suit (R5.4); "
        "going out on an action card (R6.2)."
    ),
    "rules.book.title.R0.4": "Refusals change nothing",
    "rules.book.text.R0.4": (
        "A refused entry leaves the game exactly as it was, with two exceptions that the "
        "log records like any entry: the penalty draw for an illegal play (R3.8, when "
        "`illegal_play_penalty` is above 0; it is {illegal_play_penalty} here) and the "
        "draw owed after R6.2."
    ),

    # --- R1 ------------------------------------------------------------------
    "rules.book.title.R1.1": "Players",
    "rules.book.text.R1.1": (
        "2 to 8 players, each playing for themselves. Names are unique (capitals do not "
        "count) and are made of letters (any alphabet, accents welcome), digits and "
        "`-` `_` `'` `.`. A name must not read as a card, a suit or a command word: "
        "`Jo` is a Joker, but `Jo.` or `Joanne` is fine."
    ),
    "rules.book.title.R1.2": "Seating",
    "rules.book.text.R1.2": (
        "Players sit clockwise in the order they were entered. Play goes clockwise until "
        "the direction is reversed ({reversers})."
    ),
    "rules.book.text.R1.2.ace": "by an Ace, R5.5",
    "rules.book.text.R1.2.ace_king": "by an Ace or a King, R5.5 and R5.8",
    "rules.book.title.R1.3": "Deck",
    "rules.book.text.R1.3.auto": (
        "One standard deck of 52 cards{joker_part}: {one_deck} cards. From 6 players on, "
        "two decks are shuffled together: {two_decks} cards."
    ),
    "rules.book.text.R1.3.fixed_one": (
        "One standard deck of 52 cards{joker_part}: {one_deck} cards, whatever the "
        "number of players."
    ),
    "rules.book.text.R1.3.fixed_two": (
        "Two standard decks of 52 cards{joker_part}, shuffled together: {two_decks} "
        "cards, whatever the number of players."
    ),
    "rules.book.text.R1.3.jokers": " plus 2 Jokers",
    "rules.book.text.R1.3.no_jokers": ", without Jokers",
    "rules.book.title.R1.4": "Card identity",
    "rules.book.text.R1.4": (
        "Each card exists once per deck (a Joker twice). A card may only be played while "
        "fewer copies of it lie in the discard pile than there are decks; an entry that "
        "breaks this is refused as a probable typing mistake."
    ),
    "rules.book.text.R1.4.jokers": " In a game without Jokers, a Joker is refused under R1.3.",
    "rules.book.text.R1.4.no_jokers": " This game has no Jokers, so a Joker is refused under R1.3.",
    "rules.book.title.R1.5": "Leaving",
    "rules.book.text.R1.5": (
        "A player who leaves during a hand puts their cards under the draw pile and is "
        "out of the series. Their turns to miss and their last-card duty go with them, "
        "and a penalty waiting for them lapses; if it was their turn, the next player is "
        "to act. When one player is left in the hand, that player wins it."
    ),

    # --- R2 ------------------------------------------------------------------
    "rules.book.title.R2.1": "Dealer",
    "rules.book.text.R2.1": (
        "The dealer of the first hand is chosen fairly (the referee can draw one at "
        "random). After each hand the deal passes to the next seat clockwise, skipping "
        "eliminated players."
    ),
    "rules.book.title.R2.2": "Deal size",
    "rules.book.text.R2.2": {"one": "Each player is dealt {deal_size} card.",
                             "other": "Each player is dealt {deal_size} cards."},
    "rules.book.text.R2.2.standard": "Each player is dealt 7 cards (some families deal 5: `deal_size`).",
    "rules.book.title.R2.3": "Starter",
    "rules.book.text.R2.3": (
        "The rest of the cards form the face-down draw pile. Its top card is turned face "
        "up to start the discard pile: this is the starter, and naming it is the first "
        "entry of every hand (`{ex:start 9h}`)."
    ),
    "rules.book.title.R2.4": "Action starter",
    "rules.book.text.R2.4.no_effect": (
        "An action card as starter does nothing: no penalty, no skip, no reversal, no "
        "named suit. A Jack as starter is matched by its own suit or rank; on a Joker as "
        "starter any card may be played."
    ),
    "rules.book.text.R2.4.applies": (
        "An action card as starter counts: a Two or a Joker is a penalty for the first "
        "player, an Eight makes them miss their turn, and an Ace reverses the direction "
        "(so the dealer's right-hand neighbour starts). Every other rank, house-rule "
        "ranks included, still does nothing; a Jack as starter is matched by its own "
        "suit or rank."
    ),
    "rules.book.title.R2.5": "First player",
    "rules.book.text.R2.5": "The player to the dealer's left (the next seat clockwise) plays first.",
    "rules.book.text.R2.5.applies": (
        "The player to the dealer's left (the next seat clockwise) plays first; when a "
        "starter Ace reverses the direction, the dealer's right-hand neighbour starts "
        "instead (R2.4)."
    ),

    # --- R3 ------------------------------------------------------------------
    "rules.book.title.R3.1": "Matching",
    "rules.book.text.R3.1": "Play one card that matches the top card of the discard pile in suit or in rank.",
    "rules.book.text.R3.1.jack_wild": " A Jack may be played on any card.",
    "rules.book.title.R3.2": "Joker",
    "rules.book.text.R3.2": (
        "A Joker may be played on any card (but see R5.7 when a penalty is pending). Any "
        "card may be played on a Joker once its penalty has been dealt with."
    ),
    "rules.book.text.R3.2.no_jokers": (
        "This game is played without Jokers. Where they are used, a Joker may be played "
        "on any card (but see R5.7 when a penalty is pending), and any card may be played "
        "on a Joker once its penalty has been dealt with."
    ),
    "rules.book.title.R3.3": "Named suit",
    "rules.book.text.R3.3": (
        "After a Jack, the suit its player named replaces the Jack's suit for matching. "
        "{still_allowed} The named suit stays in force until a card is played on it."
    ),
    "rules.book.text.R3.3.jack_joker": "Another Jack (a rank match) or a Joker may still be played.",
    "rules.book.text.R3.3.jack": "Another Jack (a rank match) may still be played.",
    "rules.book.text.R3.3.joker_only": "A Joker may still be played; another Jack only in the named suit.",
    "rules.book.text.R3.3.nothing": "Another Jack may only be played in the named suit.",
    "rules.book.title.R3.4": "Cannot play",
    "rules.book.text.R3.4": (
        "If you cannot play (or do not want to), draw one card. If it fits you may play "
        "it at once; otherwise your turn ends. The referee cannot see what you drew, so "
        "enter the draw together with the card you play (`{ex:d 5h}`); a plain `d` ends your "
        "turn."
    ),
    "rules.book.text.R3.4.no_play": (
        "If you cannot play (or do not want to), draw one card. That ends your turn, "
        "even when the card would fit."
    ),
    "rules.book.title.R3.5": "Reshuffle",
    "rules.book.text.R3.5": (
        "When a card must be drawn and the draw pile is empty, the top card of the "
        "discard pile stays where it is; the rest is shuffled face down as the new draw "
        "pile, and play goes on. The referee announces it."
    ),
    "rules.book.title.R3.6": "Nothing left to draw",
    "rules.book.text.R3.6": (
        "The piles are exhausted when the draw pile is empty and the discard pile holds "
        "only its top card. A draw then takes only the cards that exist (reshuffling part "
        "way if needed); the rest is forgiven, and the ruling says how many cards were "
        "not drawn."
    ),
    "rules.book.title.R3.7": "Out of turn",
    "rules.book.text.R3.7": (
        "Players take turns in seating order: an entry by a player whose turn it is not "
        "is refused."
    ),
    "rules.book.text.R3.7.free": (
        "In free turn order (R8.4) there are no turns, except while a draw penalty is "
        "pending: then only the player it falls on may act, and anyone else's play is "
        "refused."
    ),
    "rules.book.title.R3.8": "Illegal play",
    "rules.book.text.R3.8": (
        "A card that may not be played (R3.1, R3.3, R5.7) is refused: it goes back to the "
        "hand, and the same player is still to act. A card that does not match cites "
        "R3.1, or R3.3 while a named suit is in force. {illegal_sentence}"
    ),
    "rules.book.text.R3.8.none": "Trying costs nothing.",
    "rules.book.text.R3.8.penalty": (
        "The player who tried draws {illegal_cards} as a penalty; that draw is the one "
        "effect a refused entry can have, and the ruling then cites R3.8."
    ),
    "rules.book.title.R3.9": "Blocked hand",
    "rules.book.text.R3.9": (
        "The hand is blocked when the piles are exhausted (R3.6) and every player still "
        "in the hand has, since a card was last played, had a turn in which they drew "
        "nothing and played nothing (a missed turn does not count; a penalty that "
        "brought no cards does). The hand then ends without a winner, and everyone "
        "scores the cards they hold."
    ),
    "rules.book.text.R3.9.free": (
        "The hand is blocked when the piles are exhausted (R3.6) and every player has "
        "made a draw that brought nothing since a card was last played. The hand then "
        "ends without a winner, and everyone scores the cards they hold."
    ),
    "rules.book.title.R3.10": "Several cards at once (house rule)",
    "rules.book.text.R3.10.none": (
        "One card per play: doubles are not played at this table, and a play of several "
        "cards (`{ex:8h+8s}`) is refused. Some families play them (`multi_play = \"same_rank\"`)."
    ),
    "rules.book.text.R3.10.same_rank": (
        "You may put several cards of one rank down as one play, joined by `+` (`{ex:8h+8s}`; "
        "`{ex:Jh+Js c}` names the suit after the last Jack). The first card must be playable on "
        "its own; the others must be of its rank, in any suit. The cards go down in the "
        "order typed, the last one on top, and each card's effect applies in turn: two Twos "
        "make 4 to draw, two Eights make the next two players each miss a turn, two Aces "
        "reverse twice, two Sevens let you play again once. Whether you must say \"Laatste "
        "kaart!\" (R4) and whether you may go out (R6.2) depend on your hand after the "
        "whole play. `d CARD` plays only the one card drawn."
    ),

    # --- R4 ------------------------------------------------------------------
    "rules.book.title.R4.1": "Duty",
    "rules.book.text.R4.1": (
        "When your play leaves you with exactly one card, you must announce "
        "\"Laatste kaart!\" (last card; enter `lk`)."
    ),
    "rules.book.title.R4.2": "Window",
    "rules.book.text.R4.2": (
        "The announcement is in time until another player acts: an accepted play, or a "
        "typed draw (`d`), by someone else. Draws the referee applies (a Five, a King, a "
        "call's penalty) and calls do not close the window. A call made before it closes "
        "is too early and has no effect."
    ),
    "rules.book.title.R4.3": "Call",
    "rules.book.text.R4.3": (
        "Once the window has closed without an announcement, any opponent may call the "
        "player (`call Anna`), as long as that player still holds exactly one card and "
        "has not been called for it yet. The called player draws {last_card_cards}."
    ),
    "rules.book.title.R4.4": "Void calls",
    "rules.book.text.R4.4": (
        "A call on a player who announced in time, holds more than one card, or was "
        "already called has no effect. {false_call_sentence} Calling yourself is "
        "refused. Otherwise announcements and calls are accepted, and the ruling says "
        "whether they had an effect."
    ),
    "rules.book.text.R4.4.none": "It costs the caller nothing.",
    "rules.book.text.R4.4.penalty": (
        "The caller then draws {false_call_cards}, so a call must name its caller "
        "(`Bram: call Anna`); an unnamed call is refused."
    ),
    "rules.book.title.R4.5": "Lapse",
    "rules.book.text.R4.5": (
        "The duty to announce and the chance to call end as soon as the player's number "
        "of cards changes: they drew, or they went out."
    ),

    # --- R5 ------------------------------------------------------------------
    "rules.book.title.R5.1": "Two",
    "rules.book.text.R5.1": (
        "The next player draws 2 cards and {after_penalty}, unless they play {two_stack} "
        "on it: then the penalty adds up (2, 4, 6, 8 ...) and passes on to the player "
        "after them."
    ),
    "rules.book.text.R5.1.none": (
        "The next player draws 2 cards and {after_penalty}. Nothing can be played on a "
        "Two to pass the penalty on."
    ),
    "rules.book.text.R5.1.same": "a Two",
    "rules.book.text.R5.1.cumulative": "a Two or a Joker",
    "rules.book.text.after.ends": "loses the turn",
    "rules.book.text.after.plays": "then plays their turn as usual",
    "rules.book.title.R5.2": "Seven",
    "rules.book.text.R5.2": (
        "You play again at once: a matching card, or a draw as in R3.4. A Seven on a "
        "Seven gives yet another turn. You cannot pass up the extra turn without drawing."
    ),
    "rules.book.text.R5.2.free": (
        "No effect in free turn order (R8.4): anyone may play at any moment anyway, and "
        "you may go out on a Seven."
    ),
    "rules.book.title.R5.3": "Eight",
    "rules.book.text.R5.3": (
        "The next player loses their turn. With two players, the player of the Eight "
        "plays again."
    ),
    "rules.book.text.R5.3.free": (
        "No effect in free turn order (R8.4), and you may go out on an Eight."
    ),
    "rules.book.title.R5.4": "Jack",
    "rules.book.text.R5.4": (
        "A Jack must itself match (R3.1). Whoever plays it names a suit (any suit, its "
        "own included); see R3.3. A Jack that empties the hand names nothing (a suit "
        "typed with it is ignored)."
    ),
    "rules.book.text.R5.4.wild": (
        "A Jack may be played on any card. Whoever plays it names a suit (any suit, its "
        "own included); see R3.3. A Jack that empties the hand names nothing (a suit "
        "typed with it is ignored)."
    ),
    "rules.book.title.R5.5": "Ace",
    "rules.book.text.R5.5": (
        "Reverses the direction of play. With two players, the player of the Ace plays "
        "again."
    ),
    "rules.book.text.R5.5.free": (
        "Reverses the direction of play; in free turn order (R8.4) that decides where "
        "penalties fall."
    ),
    "rules.book.title.R5.6": "Joker",
    "rules.book.text.R5.6": (
        "The next player draws {joker_cards} and {after_penalty}, unless they play "
        "{joker_stack_card} on it. {joker_stack_sentence}"
    ),
    "rules.book.text.R5.6.none": (
        "The next player draws {joker_cards} and {after_penalty}; nothing can be played "
        "on a Joker to pass the penalty on."
    ),
    "rules.book.text.R5.6.no_jokers": (
        "This game is played without Jokers; for families that put them back, this is "
        "how they work. "
    ),
    "rules.book.text.R5.6.same": "a Joker",
    "rules.book.text.R5.6.cumulative": "a Joker or a Two",
    "rules.book.text.R5.6.add": (
        "Joker penalties add up: {j1}, {j2}, {j3}, {j4} ..."
    ),
    "rules.book.text.R5.6.double": (
        "Each Joker on a Joker doubles the penalty: {j1}, {j2}, {j3}, {j4} ..."
    ),
    "rules.book.title.R5.7": "Facing a penalty",
    "rules.book.text.R5.7": (
        "With a draw penalty pending, you may only play a card that stacks on it, or take "
        "the whole penalty{take_sentence}. {stack_sentence} Once the penalty is taken, the "
        "card on top counts as an ordinary card for matching."
    ),
    "rules.book.text.R5.7.take_ends": ", which ends your turn",
    "rules.book.text.R5.7.take_plays": " and then play your turn as usual",
    "rules.book.text.R5.7.same": "Only a Two stacks on a Two, and only a Joker on a Joker.",
    "rules.book.text.R5.7.same_no_jokers": "Only a Two stacks on a Two.",
    "rules.book.text.R5.7.cumulative_add": (
        "Any penalty card stacks on any other, and the amounts add up: "
        "2 + {joker_penalty} + 2 = {sum_example}."
    ),
    "rules.book.text.R5.7.cumulative_double": (
        "Any penalty card stacks on any other, and the amounts add up (2 + "
        "{joker_penalty} + 2 = {sum_example}); only a Joker on a Joker doubles the whole "
        "pending amount: 2, Joker, Joker = (2 + {joker_penalty}) x 2 = {double_example}."
    ),
    "rules.book.text.R5.7.none": "Nothing stacks: you take the penalty.",
    "rules.book.title.R5.8": "King (house rule)",
    "rules.book.text.R5.8.none": "A King has no effect at this table; some families give it one (see R8).",
    "rules.book.text.R5.8.draw_one": (
        "The next player draws one card at once (the referee applies it) and then plays "
        "their turn. It never stacks."
    ),
    "rules.book.text.R5.8.reverse_skip": (
        "The direction reverses, then the next player in the new direction misses their "
        "turn."
    ),
    "rules.book.text.R5.8.reverse_skip_free": (
        "The direction reverses; in free turn order (R8.4) the skip does nothing."
    ),
    "rules.book.title.R5.9": "Four (house rule)",
    "rules.book.text.R5.9.none": "A Four has no effect at this table; some families give it one (see R8.3).",
    "rules.book.text.R5.9.skip_two": (
        "The next player misses their next two turns. The referee counts them (`skips`): "
        "the first miss is used as soon as the turn passes them, so right after the Four "
        "they show 1 left. Each time the turn reaches a player with misses left, one is "
        "used, also when they draw a penalty at once (see the start of R5); a turn lost "
        "to an Eight or a King is its own and uses none."
    ),
    "rules.book.text.R5.9.skip_two_free": (
        "No effect in free turn order (R8.4), and you may go out on a Four."
    ),
    "rules.book.title.R5.10": "Five (house rule)",
    "rules.book.text.R5.10.none": "A Five has no effect at this table; some families give it one (see R8.3).",
    "rules.book.text.R5.10.all_draw_one": (
        "Every opponent draws one card at once, one after another in the current "
        "direction, starting with the next player (the order only matters when the piles "
        "run out)."
    ),
    "rules.book.title.R5.11": "Passing a skip on",
    "rules.book.text.R5.11": (
        "Where a skip passes on (a house rule), the player a skip is pending against sits "
        "it out by typing `pass`. With no skip pending, `pass` is refused: there is no skip "
        "to pass."
    ),

    # --- R6 ------------------------------------------------------------------
    "rules.book.title.R6.1": "Win",
    "rules.book.text.R6.1": "The first player to empty their hand wins the hand, and the hand ends.",
    "rules.book.title.R6.2": "Not on an action card",
    "rules.book.text.R6.2": (
        "You may not go out on an action card (R8 lists them). Such a play is refused and "
        "you must draw instead: your next `d` draws {finish_cards}{one_card_note}, and "
        "play goes on. The owed draw lasts until your next draw or play. So a player "
        "whose only card is a Two cannot stack it on a pending Two; their next `d` takes "
        "the pending penalty, which replaces the owed draw."
    ),
    "rules.book.text.R6.2.one_card": " (then R3.4 applies)",
    "rules.book.text.R6.2.allowed": (
        "You may go out on an action card: the hand ends at once and the card has no "
        "effect."
    ),

    # --- R7 ------------------------------------------------------------------
    "rules.book.title.R7.1": "Points",
    "rules.book.text.R7.1": (
        "The winner scores 0. Every other player scores the cards left in their hand: "
        "{points_list}."
    ),
    "rules.book.text.R7.1.numbers": "2 to 10 their number",
    "rules.book.text.R7.1.rank_points": "{rank} {points}",
    "rules.book.title.R7.2": "Consistency",
    "rules.book.text.R7.2": (
        "When the referee followed the hand, each player's scored cards must number "
        "exactly what the referee counted, and must not be cards known to be in the "
        "discard pile."
    ),
    "rules.book.title.R7.3": "Running total",
    "rules.book.text.R7.3": "Points add up over the hands of a series.",
    "rules.book.title.R7.4": "Elimination",
    "rules.book.text.R7.4": (
        "A player whose total goes over {limit} points is eliminated and leaves the "
        "table. When every remaining player would go over in the same hand, those with "
        "the lowest total stay. The last player standing wins the series."
    ),
    "rules.book.title.R7.5": "Fixed hands",
    "rules.book.text.R7.5": (
        "After {hands_text} the lowest total wins; equal totals share the win."
    ),
    "rules.book.text.R7.5.hands_n": "{n} hands",
    "rules.book.text.R7.5.hands_any": "the agreed number of hands (`series.hands`)",
    "rules.book.title.R7.6": "Casual",
    "rules.book.text.R7.6": "Only each hand's winner is recorded, and wins are counted.",
    "rules.book.text.R7.mode_on": "This series is played this way (`series.mode = \"{mode}\"`).",
    "rules.book.text.R7.mode_off": "Not used in this series (`series.mode = \"{mode}\"`).",

    # --- R8 ------------------------------------------------------------------
    "rules.book.title.R8.1": "standard",
    "rules.book.text.R8.1": "Every rule at its default value, as this book describes it without house rules.",
    "rules.book.title.R8.2": "family (gezinspesten)",
    "rules.book.text.R8.2": (
        "No Jokers (`jokers = false`), and nothing stacks (`stacking = \"none\"`). For "
        "families that put the Jokers back, a Joker costs 3 cards (`joker_penalty = 3`)."
    ),
    "rules.book.title.R8.3": "hard (hard pesten)",
    "rules.book.text.R8.3": (
        "Three more action cards: a Four makes the next player miss two turns "
        "(`four = \"skip_two\"`, R5.9), a Five makes every opponent draw one card "
        "(`five = \"all_draw_one\"`, R5.10), and a King reverses the direction and skips "
        "the next player (`king = \"reverse_skip\"`, R5.8)."
    ),
    "rules.book.title.R8.4": "fast (snel pesten)",
    "rules.book.text.R8.4": (
        "No turns (`turn_order = \"free\"`): any player may at any moment play a matching "
        "card (R3.1 to R3.3) or draw one card (`d`, or `d CARD` to play it at once). "
        "Every entry names its player (`{ex:Anna: 7h}`) and entries count in the order typed; "
        "the table decides who was first. The one exception is a pending draw penalty: "
        "it falls on the player seated next after the one who played the penalty card "
        "(current direction), who must stack (the penalty then moves on to the seat "
        "after them) or draw the total before anyone else plays. An Ace still reverses "
        "the direction, which decides where penalties fall. Seven, Eight, Four and the "
        "King's skip do nothing, so they are not action cards and you may go out on "
        "them; a Jack's named suit binds everyone; a Five and a King `draw_one` work as "
        "usual. The last-card window closes at the next accepted play or draw by anyone "
        "else. An entry without a player is refused (R8.4), and so is playing while "
        "someone else must deal with a pending penalty (R3.7)."
    ),
    "rules.book.title.R8.5": "cumulative",
    "rules.book.text.R8.5": (
        "Any penalty card stacks on any other and the amounts add up "
        "(`stacking = \"cumulative\"`, R5.7)."
    ),
    "rules.book.title.R8.6": "tournament",
    "rules.book.text.R8.6": (
        "Standard card rules, fixed. Players are drawn into tables of 3 to 6, and each "
        "table plays one hand. The winner, then the lowest penalty scores (ties: the "
        "lower total so far, then a drawn lot) fill the next round's seats, about half "
        "of each table going through, until two remain. The final is a two-player "
        "elimination series to 100 points."
    ),
}
