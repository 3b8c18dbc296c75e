"""English texts of the rules area: house-rule errors and the players' rule book.

Keys:

- ``rules.where.*``, ``rules.err.*``, ``rules.allowed.*``, ``rules.type.*``:
  the pieces of a ``RulesError`` message (``referee.engine.rules``).
- ``rules.book.section.<R0..R9>`` and ``rules.book.intro.<R5|R8>``: section
  titles and introductions of the rule book.
- ``rules.book.title.<id>`` and ``rules.book.text.<id>[.<variant>]``: one
  rule in plain language (``referee.series.rulebook``).  Variant suffixes name the
  house-rule value the text is for (``rules.book.text.R5.8.draw_one``).
- ``rules.view.*``: the frames around rules: rule book header, differences,
  side-by-side comparison, topic search; ``rules.view.effect.<kind>[.<variant>]``:
  one effect of ``[actions]`` in words, for the table in force (R9).

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
    "rules.err.not_utf8": "byte {byte} is not UTF-8 text. Save the file as UTF-8 (plain text) and try again.",
    "rules.err.nested": "lists or tables are nested too deeply here to be read; a house-rule file needs at most a list of lists.",
    "rules.err.not_found": "there is no preset or house-rule file called \"{spec}\". Use {allowed}.",
    "rules.err.unknown_key": "`{key}` is not a house-rule key{suggestion} Allowed keys: {allowed}.",
    "rules.err.unknown_in_points": "`{key}` is not a rank{suggestion} Allowed ranks in [points]: {allowed}.",
    "rules.err.unknown_in_actions": "`{key}` is not a rank{suggestion} Allowed ranks in [actions]: {allowed}.",
    "rules.err.unknown_in_stacking": "`{key}` is not a key of [stacking]{suggestion} Allowed keys there: {allowed}.",
    "rules.err.unknown_in_finish": "`{key}` is not a key of [finish]{suggestion} Allowed keys there: {allowed}.",
    "rules.err.unknown_in_start": "`{key}` is not a key of [start]{suggestion} Allowed keys there: {allowed}.",
    "rules.err.unknown_in_calls": "`{key}` is not a call{suggestion} Allowed calls in [calls]: {allowed} (R10.80).",
    "rules.err.call_field": "`{key}` has no field `{field}`; a call holds {allowed} (R10.80).",
    "rules.err.call_word_missing": "`{key}` says no word; write {allowed} (R10.80).",
    "rules.err.call_word": "`{key} = \"{word}\"` cannot be a call's word; use {allowed} (R10.80).",
    "rules.err.call_both": "`{key}` and `{other}` are the same call, said on the play that leaves one card; write {allowed} (R10.81).",
    "rules.err.call_same_word": "`{key} = \"{word}\"` is also `{other}`: each call needs a word of its own; use {allowed} (R10.82).",
    "rules.err.key_not_in_deck": "`{key}` names {card}, which is not in this game's deck ({cards} cards, {jokers} Jokers each); the deck holds {allowed} (R1.3, R10.40).",
    "rules.err.unknown_in_series": "`{key}` is not a series key{suggestion} Allowed keys in [series]: {allowed}.",
    "rules.err.unknown_key_in_section": "`{key}` is not allowed here: a key written below [{section}] belongs to [{section}] (allowed there: {allowed}). Put top-level keys before the first [section].",
    "rules.err.unknown_section": "[{section}] is not a house-rule table{suggestion} Allowed tables: {allowed}.",
    "rules.err.type": "`{key}` must be {allowed}, not {got}.",
    "rules.err.value": "`{key} = {got}` is not allowed; use {allowed}.",
    "rules.err.missing": "`{key}` is missing; it must be {allowed}.",
    "rules.err.extends_type": "`extends` must name a preset or a file, as text in quotes (e.g. `extends = \"family\"`), not {got}.",
    "rules.err.extends_unknown": "`extends = \"{got}\"` names no preset and no file. Use {allowed}.",
    "rules.err.extends_deep": "`extends = \"{got}\"` makes a chain of more than {most} files, each extending the next; at most {most} may. Let one of them start from a preset instead (R8).",
    "rules.err.extends_cycle": "`extends` goes round in a circle ({chain}). Let one file start from a preset instead.",
    "rules.err.series_hands": "with `series.mode = \"hands\"` the series needs `series.hands` of at least 1 (it is {got}); use {allowed}.",
    "rules.err.collects_elimination": "`scoring.mode = \"winner_collects\"` cannot go with `series.mode = \"elimination\"`: whoever collects the most would be eliminated (R10.90). Set {allowed}.",
    "rules.err.players": "a table has 2 to 8 players, not {got} (R1.1). Use {allowed}.",
    "rules.err.both_keys": "`{key} = {old_value}` and `{new}` (line {new_line}) set the same thing (`{key} = {old_value}` is `{new} = {new_value}`); keep one of them: {allowed}.",
    "rules.err.deck": "{players} players with {deal} cards each, plus the starter, need {need} cards, but {decks_hold} {have} (R1.3). Use {allowed}.",
    "rules.err.effect_unknown": "`{key}`: there is no effect \"{effect}\"{suggestion} Use {allowed}.",
    "rules.err.effect_needs_value": "`{key}`: \"{effect}\" needs a value; use {allowed}.",
    "rules.err.effect_type": "`{key}` must be {allowed}, not {got}.",
    "rules.err.effect_one": "`{key}`: one inline table names one effect (here: {effects}); write several as a list, such as `[\"reverse\", \"skip\"]`.",
    "rules.err.effect_flag": "`{key}`: write `{effect} = true`, not {got}, and its parameters beside it.",
    "rules.err.effect_param_unknown": "`{key}`: \"{effect}\" has no parameter `{param}`; its parameters: {allowed}.",
    "rules.err.effect_param": "`{key}`: `{param} = {got}` is not allowed for \"{effect}\"; use {allowed}.",
    "rules.err.effect_empty": "`{key}` is an empty list; give at least one effect, or \"none\". Use {allowed}.",
    "rules.err.effect_none_beside": "`{key}`: \"none\" cannot stand beside other effects. Use {allowed}.",
    "rules.err.overlap": "`{key}` and `{other}` (line {other_line}) both decide this; keep one of them: {allowed} (R9.1).",
    "rules.err.overlap_here": "`{key}` and `{other}` both decide this; keep one of them: {allowed} (R9.1).",
    "rules.err.combo.two_penalties": "`{key}`: one card makes one draw penalty for the next player; keep one `draw` for the next player in the list (R9.13).",
    "rules.err.combo.again_turn": "`{key}`: \"again\" keeps the turn, but a skip or a penalty for the next player passes it; they cannot stand on one rank (R9.13).",
    "rules.err.combo.twice": "`{key}`: \"again\" and \"name_suit\" may each stand once in a rank's list (R9.13).",
    "rules.err.combo.pass_on": "`{key}`: a skip that is passed on stands alone: no other skip and no penalty for the next player beside it (R9.13).",
    "rules.err.combo.limit": "`{key}`: a rank sets at most one limit on the next card, and not beside a named suit (R9.13).",
    "rules.err.combo.demand": "`{key}`: the word typed after the card is a suit or a rank: a card that demands a rank demands one and names no suit (R9.13, R10.22).",
    "rules.err.combo.demand_free": "`{key}`: with `turn_order = \"free\"` no player's turn comes round, so a demand could never end (R8.4, R10.22); leave `demand` out or play seated turns.",
    "rules.err.combo.stack": "`{key}`: a stacked wait stands alone: no other skip and no penalty for the next player beside it (R9.13, R10.21).",
    "rules.err.combo.stack_pass_on": "`{key}`: a skip is either passed on (`pass_on = true`, R5.11) or a stacked wait (`stack = true`, R10.21), not both.",
    "rules.err.combo.stack_free": "`{key}`: with `turn_order = \"free\"` nobody's turn comes next, so there is no wait to stack (R8.4, R10.21); use `stack = false` or seated turns.",
    "rules.err.combo.pass_on_free": "`{key}`: with `turn_order = \"free\"` nobody's turn comes next, so a skip cannot be passed on (R8.4, R9.13); use `pass_on = false` or seated turns.",
    "rules.err.stack_rank": "`{key}`: {rank} makes no draw penalty for the next player under these rules, so it cannot stack; ranks that can: {allowed} (R9.14).",
    "rules.err.stack_twice": "`{key}`: {rank} is in two groups; a rank stacks in one group only. Use {allowed} (R9.14).",
    "rules.err.double_rank": "`{key}`: {rank} is in no stacking group, so it cannot double a penalty; ranks in a group: {allowed} (R9.14).",
    "rules.err.finish_draw_after": "`{key}` must be at least 1 with `finish.mode = \"draw_after\"` (it is {got}): the player draws and is not out. Use {allowed} (R9.15).",
    "rules.err.jump_in_free": "`{key}`: with `turn_order = \"free\"` nobody has a turn, so nobody can play out of turn; use {allowed} (R10.73).",
    "rules.err.start_redraw": "`{key}`: with `start.mode = \"redraw\"` every rank would be turned back and no starter would ever stay; leave at least one rank out. Use {allowed} (R9.16).",
    "rules.err.joker_follow": "`{key}`: a Joker has no suit, so \"again\" on it cannot ask for `follow = \"same_suit\"`; write \"again\" alone (R9.6).",
    "rules.err.rank": "`{key}`: {got} is not a rank; use {allowed}.",
    "rules.err.rank_ambiguous": "`{key}` names more than one rank ({ranks}); write {allowed} instead (R9.1).",
    "rules.err.rank_twice": "`{key}` names the same rank as `{other}` (line {other_line}); keep one of them (R9.1).",
    "rules.err.key_twice": "`{key}` names {other} again: [actions] gives one entry per card, however it is written. Use {allowed} (R10.10).",
    "rules.err.suggest": "; did you mean `{suggestion}`?",
    "rules.err.no_suggestion": ".",

    # --- allowed values ------------------------------------------------------
    "rules.allowed.int_range": "a whole number from {low} to {high}",
    "rules.allowed.int_min": "a whole number, {low} or more",
    "rules.allowed.int": "a whole number",
    "rules.allowed.bool": "true or false",
    "rules.allowed.text": "text in quotes",
    "rules.allowed.choices": "{choices}",
    "rules.allowed.decks": "\"auto\" or a whole number from 1 to {most}",
    "rules.allowed.ranks": "A, K, Q, J, Joker, 2, 3, 4, 5, 6, 7, 8, 9, 10",
    "rules.allowed.action_keys": "a rank (A, K, Q, J, Joker, 2 ... 10), a card (\"{ex:Kh}\", \"K♥\") or a rank and a colour (\"J black\", \"J red\")",
    "rules.allowed.one_spelling": "one spelling of each card",
    "rules.allowed.points_keys": "A, K, Q, J, Joker, 2, 3, 4, 5, 6, 7, 8, 9, 10, or one card (\"Q♠\", \"Qs\", R10.93)",
    "rules.allowed.series_keys": "mode, limit, hands",
    "rules.allowed.tables": "[points], [series], [actions], [stacking], [finish], [start]",
    "rules.allowed.presets": "a preset ({presets}) or the path of a .toml file",
    "rules.allowed.extends": "a preset ({presets}) or the path of a .toml file, relative to the file that extends it",
    "rules.allowed.players": "2 to 8 players",
    "rules.allowed.more_decks": "`decks = {n}`",
    "rules.allowed.more_decks_auto": "`decks = {n}` (or \"auto\")",
    "rules.allowed.one_of": "`{old}` or `{new}`, not both",
    "rules.allowed.smaller_deal": "`deal_size` of at most {most}",
    "rules.allowed.effects": "an effect ({effects}), an inline table naming one effect with its values, or a list of them",
    "rules.allowed.effect_value": "a value, such as `{example}`",
    "rules.allowed.effect_rank_value": "a value from 1 to 13 (A = 1, J = 11, Q = 12, K = 13) or a rank",
    "rules.allowed.effect_rank": "a rank: A, K, Q, J, 2 to 10",
    "rules.allowed.effect_ranks": "a list of ranks but the Joker, such as `[\"2\", \"J\", \"A\"]`",
    "rules.allowed.effect_keys": "a list of ranks, cards or colours, such as `[\"J black\", \"2\"]`",
    "rules.allowed.rank_list": "a list of ranks, such as `[\"2\", \"Joker\"]`",
    "rules.allowed.groups": "a list of groups of ranks, such as `[[\"2\"], [\"Joker\"]]`",
    "rules.allowed.draw": "{choices} or `{table}` with N from {low} to {high}",
    "rules.allowed.call_last": "a table such as `{ word = \"Mau\", penalty = 1 }` (`penalty` left out: `last_card_penalty`)",
    "rules.allowed.call_out": "a table such as `{ word = \"Mau-Mau\", on = [\"J\"], factor = 2 }` (`on` left out: any card; `factor` 1 to 10, left out: 1)",
    "rules.allowed.call_one": "one of them, `last` or `second_last`",
    "rules.allowed.key_list": "a list of ranks, cards or colours, such as `[\"J\", \"{ex:Qs}\", \"K red\"]`",
    "rules.allowed.deck_ranks": "the ranks {ranks}",
    "rules.allowed.call_word": "one word that is not a card, a suit or a word of the notation, such as \"Mau\"",
    "rules.allowed.blocked": "\"actions\" or a list of ranks, such as `[\"2\", \"Joker\"]`",
    "rules.allowed.combination": "the effects of one rank that go together",
    "rules.allowed.jump_in_free": "`jump_in = \"off\"`, or `turn_order = \"seated\"`",
    "rules.allowed.table_actions": "rank = effect",
    "rules.allowed.table_keys": "its keys ({keys})",
    "rules.allowed.table": "a table of {what}",
    "rules.allowed.list": "a list of {what}",
    "rules.allowed.table_points": "rank = points",
    "rules.allowed.table_series": "mode, limit, hands, target and reaching",
    "rules.allowed.collects_series": "`series.mode` to \"target\", \"hands\" or \"casual\"",
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
    # A preset's name as shown (R8); the English one is also what is typed
    "rules.preset.standard": "standard",
    "rules.preset.family": "family",
    "rules.preset.hard": "hard",
    "rules.preset.fast": "fast",
    "rules.preset.cumulative": "cumulative",
    "rules.preset.tournament": "tournament",
    "rules.view.set_preset": "Rule set: {variant}.",
    "rules.view.set_file": "Rule set: {name}, a house-rule file; closest variant: {variant}.",
    "rules.view.variant": "{id} {title}",
    "rules.view.differ_title": "House rules that differ from standard",
    "rules.view.differ_none": "None: every rule is at its standard value (R8.1).",
    "rules.view.house_line": "{file}, line {line}: {key} = {value}",
    "rules.view.differ_line": "{key} = {value}  (standard {standard}; changes {rule})",
    # A house-rule line's label, with a rank: "King: Play again (again)", "Points: King"
    "rules.view.label_rank": "{what}: {detail}",
    "rules.view.diff_title": "House rules: {a} against {b}",
    "rules.view.diff_same": "{a} and {b} have the same house rules.",
    "rules.view.diff_col_key": "key",
    "rules.view.diff_col_rule": "rule",
    "rules.view.topic_title": "Rules about \"{what}\":",
    "rules.view.not_found": "Nothing in the rules matches \"{what}\". Type `rules` for the whole rule book, `rules R5` for a section (R0 to R9), or `rules R5.1` for one rule.",
    "rules.view.no_such_rule": "There is no rule {what}. Type `rules` for the whole rule book, `rules R5` for a section (R0 to R9), or `rules R5.1` for one rule.",
    "rules.view.no_such_file": "There is no house-rule file \"{what}\". Type `rules` for the rules in force, or give a preset: {presets}.",
    "rules.view.bad_file": "{error}",
    "rules.view.actions_title": "What each card does here",
    "rules.view.actions_line": "{rank}: {effects}",
    "rules.view.actions_none": "No card has an effect: every card is a plain card (R9.2).",
    "rules.view.effect.then": ", then ",
    "rules.view.effect.free_void": "nothing in free turn order ({rule})",
    "rules.view.effect.draw.next": {
        "one": "the next player draws {n} card or stacks on it ({rule})",
        "other": "the next player draws {n} cards or stacks on it ({rule})"},
    "rules.view.effect.draw.next_alone": {
        "one": "the next player draws {n} card ({rule})",
        "other": "the next player draws {n} cards ({rule})"},
    "rules.view.effect.draw.at_once": {
        "one": "the next player draws {n} card at once, then plays their turn ({rule})",
        "other": "the next player draws {n} cards at once, then plays their turn ({rule})"},
    "rules.view.effect.draw.self": {
        "one": "the player draws {n} card and the turn passes ({rule})",
        "other": "the player draws {n} cards and the turn passes ({rule})"},
    "rules.view.effect.draw.previous": {
        "one": "the previous player draws {n} card at once ({rule})",
        "other": "the previous player draws {n} cards at once ({rule})"},
    "rules.view.effect.others_draw": {
        "one": "every other player draws {n} card at once ({rule})",
        "other": "every other player draws {n} cards at once ({rule})"},
    "rules.view.effect.skip.turn": "the next player misses a turn ({rule})",
    "rules.view.effect.skip.turns": "the next player misses {n} turns ({rule})",
    "rules.view.effect.skip.pass_on_turn": "the next player misses a turn, or passes it on with {card} ({rule})",
    "rules.view.effect.skip.pass_on_turns": "the next player misses {n} turns, or passes them on with {card} ({rule})",
    "rules.view.effect.demand.any": "its player may demand a rank: every player in turn plays it, a card that demands or draws, until the turn has come back round ({rule})",
    "rules.view.effect.demand.except": "its player may demand a rank but {against}: every player in turn plays it, a card that demands or draws, until the turn has come back round ({rule})",
    "rules.view.effect.skip.stack_turn": "the next player waits a turn unless they add {card}; the waits add up ({rule})",
    "rules.view.effect.skip.stack_turns": "the next player waits {n} turns unless they add {card}; the waits add up ({rule})",
    "rules.view.effect.again.any": "the same player plays again ({rule})",
    "rules.view.effect.again.same_suit": "the same player plays again, in the same suit or rank ({rule})",
    "rules.view.effect.reverse.again": "play reverses; with two players, the same player plays again ({rule})",
    "rules.view.effect.reverse.none": "play reverses ({rule})",
    "rules.view.effect.name_suit.always": "the player names a suit ({rule})",
    "rules.view.effect.name_suit.named_suit": "the player names a suit; on a named suit, only in that suit ({rule})",
    "rules.view.effect.name_suit.wild_always": "goes on any card, and the player names a suit ({rule})",
    "rules.view.effect.not_on": "; it may not go on {cards} ({rule})",
    "rules.view.effect.wild_out": "; as the last card it is not wild and must match as any card ({rule})",
    "rules.view.effect.name_suit.wild_named_suit": "goes on any card, and the player names a suit; on a named suit, only in that suit ({rule})",
    "rules.view.effect.next_at_most": "the next card must be {limit} ({rule})",
    "rules.view.effect.next_at_least": "the next card must be {limit} ({rule})",
    "rules.view.effect.next_rank": "the next card must be {limit} ({rule})",
    "rules.view.effect.show.next": "the next player shows their cards ({rule})",
    "rules.view.effect.show.others": "every other player shows their cards ({rule})",
    "rules.view.effect.pass_cards.left": {
        "one": "everyone passes {n} card to the left ({rule})",
        "other": "everyone passes {n} cards to the left ({rule})"},
    "rules.view.effect.pass_cards.right": {
        "one": "everyone passes {n} card to the right ({rule})",
        "other": "everyone passes {n} cards to the right ({rule})"},
    "rules.view.effect.rotate_hands.against": "every hand moves one seat against the direction of play ({rule})",
    "rules.view.effect.rotate_hands.with": "every hand moves one seat in the direction of play ({rule})",
    "rules.view.effect.counter_any": "any card",
    "rules.view.effect.open": "it goes on any card outside a penalty, and any card goes on it ({rule})",
    "rules.view.effect.swap": "the player swaps hands with a player they name ({rule})",
    "rules.view.effect.counter.cancel": "played on a penalty of {against}, it cancels the penalty ({rule})",
    "rules.view.effect.counter.back": "played on a penalty of {against}, it sends the penalty back to the player who played the last penalty card ({rule})",
    "rules.view.effect.counter.on": "played on a penalty of {against}, it passes the penalty on to the next player ({rule})",
    "rules.view.effect.counter.cancel_same_suit": "played on a penalty of {against} in its own suit, it cancels the penalty ({rule})",
    "rules.view.effect.counter.back_same_suit": "played on a penalty of {against} in its own suit, it sends the penalty back to the player who played the last penalty card ({rule})",
    "rules.view.effect.counter.on_same_suit": "played on a penalty of {against} in its own suit, it passes the penalty on to the next player ({rule})",
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
    "rules.book.key.card": "{rank} of {suit}",
    "rules.book.key.black": "black {rank}",
    "rules.book.key.red": "red {rank}",

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
    "rules.book.section.R9": "The actions table",
    "rules.book.section.R10": "The family's games",
    "rules.book.intro.R5": (
        "\"The next player\" always means the next seat in the current direction, even "
        "when that player has turns to miss (R5.9). A draw penalty aimed at a player who "
        "must miss the coming turn is drawn by them at once (they get no turn in which to "
        "stack), and the turn still passes them by."
    ),
    "rules.book.intro.R10": (
        "Pesten's relatives (Crazy Eights, Mau-Mau, Switch, Makao, Huit américain, Last "
        "Card, Prší, Tschau Sepp) are refereed with the same rules and a house-rule file "
        "that says how the game differs. Left at their defaults, the keys of this "
        "section change nothing in a game of Pesten."
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
        "player in free turn order (R8.4), or a lone last-card call nobody owes where a "
        "false call costs cards (R10.84); whose turn it is (R3.7, also for playing over "
        "someone else's pending penalty in free order; out of turn, a jump-in's own checks "
        "instead: one card R10.74, the top card's twin R10.71, nothing pending R10.72); a "
        "play of several cards where doubles are not played, with a card of another rank, "
        "or of more cards than the player holds (R3.10); a run that breaks (R10.62) or "
        "holds a Joker (R10.63); `{cmd:pass}` with no skip pending (R5.11); the deck (R1.3, "
        "R1.4; each card of a play of several); a run on a pending penalty, a skip or a "
        "limit (R10.61); a pending penalty (R5.7); a draw-and-play that is not allowed "
        "(R3.4); a `d CARD` after an R6.2 refusal when the owed draw is not exactly one "
        "card (R6.2); nothing left to draw for a `d CARD` (R3.6); matching (R3.1, R3.3; a "
        "card barred on the top card, R9.8); a Jack without a suit (R5.4); going out on an "
        "action card (R6.2), or on a wild card that is not wild as the last card (R9.8); "
        "the player a swap names (R10.30)."
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
        "One standard deck of {size} cards{joker_part}: {one_deck} cards. From 6 players on, "
        "two decks are shuffled together: {two_decks} cards."
    ),
    "rules.book.text.R1.3.fixed_one": (
        "One standard deck of {size} cards{joker_part}: {one_deck} cards, whatever the "
        "number of players."
    ),
    "rules.book.text.R1.3.fixed_two": (
        "Two standard decks of {size} cards{joker_part}, shuffled together: {two_decks} "
        "cards, whatever the number of players."
    ),
    "rules.book.text.R1.3.fixed_three": (
        "Three standard decks of {size} cards{joker_part}, shuffled together: {three_decks} "
        "cards, whatever the number of players."
    ),
    "rules.book.text.R1.3.jokers": {"one": " plus {n} Joker", "other": " plus {n} Jokers"},
    "rules.book.text.R1.3.no_jokers": ", without Jokers",
    "rules.book.title.R1.4": "Card identity",
    "rules.book.text.R1.4": (
        "Each card exists once per deck{jokers}. A card may only be played while "
        "fewer copies of it lie in the discard pile than there are decks; an entry that "
        "breaks this is refused as a probable typing mistake."
    ),
    "rules.book.text.R1.4.per_deck": {"one": " ({n} Joker per deck)", "other": " ({n} Jokers per deck)"},
    "rules.book.text.R1.4.jokers": " In a game without Jokers, a Joker is refused under R1.3.",
    "rules.book.text.R1.4.no_jokers": " This game has no Jokers, so a Joker is refused under R1.3.",
    "rules.book.title.R1.5": "Leaving",
    "rules.book.text.R1.5": (
        "A player who leaves during a hand puts their cards under the draw pile and is "
        "out of the series. Their turns to miss and their last-card duty go with them, "
        "and a penalty waiting for them lapses; if it was their turn, the next player is "
        "to act. When one player is left in the hand, that player wins it. The hand they "
        "left is recorded without points for them, alike in every file that records it."
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
    "rules.book.text.R2.4.table": (
        "What an action card as starter does is set in the house rules' `[start]` table: "
        "see R9.16."
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
    "rules.book.text.R3.7.jump_in": (
        "Players take turns in seating order: an entry by a player whose turn it is not "
        "is refused, except a card played on its twin (R10.70)."
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
    "rules.book.text.R3.10.run": (
        "Runs of one suit are played as one play (R10.60); a play of several cards of one "
        "rank alone (`{ex:8h+8s}`) is refused."),
    "rules.book.text.R3.10.same_rank_or_run": (
        "You may put several cards of one rank down as one play, joined by `+` (`{ex:8h+8s}`), "
        "and runs of one suit too (R10.60). The first card must be playable on its own; the "
        "cards go down in the order typed, the last one on top, and each card of a double "
        "acts in turn."),
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
        "player (`{cmd:call Anna}`), as long as that player still holds exactly one card and "
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
        "(`{cmd:Bram: call Anna}`); an unnamed call is refused."
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
    "rules.book.text.R5.1.groups": "a card of its stacking group (R9.14)",
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
    "rules.book.text.R5.6.groups": "a card of its stacking group (R9.14)",
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
    "rules.book.text.R5.7.groups": "What stacks on what is set by `[stacking] groups` (R9.14).",
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

    "rules.book.text.R5.table": "At this table the `[actions]` table gives the {card} another meaning: {effects}.",
    "rules.book.text.R5.table_none": "At this table the {card} has no effect (`[actions]`, R9.2).",
    "rules.book.title.R5.11": "Passing a skip on",
    "rules.book.text.R5.11": (
        "Where a card's skip may be passed on (`pass_on = true`, R9.5), the skip waits "
        "for the next player. They either play a card of the same rank, and the same skip "
        "passes on to the player after them (skips do not add up), or type `{cmd:pass}` and "
        "miss the turns it holds, this one included. A draw is refused while a skip "
        "waits; `{cmd:pass}` counts as a blank turn for R3.9 and closes an open last-card "
        "window as a draw does; `{cmd:pass}` with no skip waiting is refused."
    ),

    # --- R6 ------------------------------------------------------------------
    "rules.book.title.R6.1": "Win",
    "rules.book.text.R6.1": "The first player to empty their hand wins the hand, and the hand ends.",
    "rules.book.text.R6.1.last_holder": (
        "The first player to empty their hand wins the hand; the hand goes on until one "
        "player still holds cards (R6.3)."
    ),
    "rules.book.title.R6.2": "Not on an action card",
    "rules.book.text.R6.2": (
        "You may not go out on an action card (R8 lists them). Such a play is refused and "
        "you must draw instead: your next `d` draws {finish_cards}{one_card_note}, and "
        "play goes on. The owed draw lasts until your next draw or play. So a player "
        "whose only card is a Two cannot stack it on a pending Two; their next `d` takes "
        "the pending penalty, which replaces the owed draw."
    ),
    "rules.book.text.R6.2.one_card": " (then R3.4 applies)",
    "rules.book.text.R6.2.draw_after": (
        "Going out on an action card (R8 lists them) does not end the hand here: the card "
        "stands with its effect, then you draw {finish_cards} and play goes on (R9.15)."
    ),
    "rules.book.text.R6.2.allowed": (
        "You may go out on an action card: the hand ends at once and the card has no "
        "effect."
    ),

    "rules.book.title.R6.3": "Playing on until one holds cards",
    "rules.book.text.R6.3.first_out": (
        "The hand ends when the first player goes out (R6.1); with `hand_end = "
        "\"last_holder\"` it would go on until one player still holds cards."
    ),
    "rules.book.text.R6.3.last_holder": (
        "A player who empties their hand is out and placed (first out, place 1, and so "
        "on); their seat is skipped, and the hand goes on until one player still holds "
        "cards. The first out wins the hand; only the last holder scores (R7.1). R6.2 "
        "holds for everyone going out. A player who is out may still call others for a "
        "forgotten \"Laatste kaart!\" but cannot be called, and makes no other entry. A "
        "penalty or turns to miss aimed at a player who just went out move on to the "
        "next seat. The card that takes a player out still acts on those still in (an "
        "Eight still makes the next player miss the turn). A blocked hand is won by the "
        "first out."
    ),

    # --- R7 ------------------------------------------------------------------
    "rules.book.title.R7.1": "Points",
    "rules.book.text.R7.1": (
        "The winner scores 0. Every other player scores the cards left in their hand: "
        "{points_list}. When a hand the referee did not follow is scored without naming "
        "its winner, the one player given no score went out with 0 cards and won it."
    ),
    "rules.book.text.R7.1.numbers": "2 to 10 their number",
    "rules.book.text.R7.1.last_holder": (
        " Here the hand goes on until one player holds cards (R6.3): everyone who went "
        "out scores 0, and only the last holder scores their cards."
    ),
    "rules.book.text.R7.1.rank_points": "{rank} {points}",
    "rules.book.title.R7.2": "Consistency",
    "rules.book.text.R7.2": (
        "When the referee followed the hand, each player's scored cards must number "
        "exactly what the referee counted, and must not be cards known to be in the "
        "discard pile. No card may be given more often than the decks hold it; asked "
        "player by player, only the player whose answer clashes is asked again."
    ),
    "rules.book.title.R7.3": "Running total",
    "rules.book.text.R7.3": (
        "Points add up over the hands of a series. A correction of a hand's score keeps "
        "its winner unless a new one is named, and the hand is shown as corrected. A "
        "player who arrives during a series sits in from the next hand with a starting "
        "total the table chooses (by default the highest of those still in); a hand "
        "abandoned scores nobody and the same dealer deals it again."
    ),
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
        "Standard card rules, fixed, unless the tournament was started with `--rules` "
        "(a game of the family or a house-rule file): then the tables play that rule "
        "set's cards, deal, calls and points, each hand over when the first player goes "
        "out and scored by the cards each player holds. Players are drawn into tables of "
        "3 to 6, and each table plays one hand. The winner, then the lowest penalty "
        "scores (ties: the lower total so far, then a drawn lot) fill the next round's "
        "seats, about half of each table going through, until two remain. The final is "
        "a two-player elimination series to 100 points (or the rule set's limit). How "
        "many go through is decided by the table as drawn: a player who withdrew before "
        "it began ranks last there."
    ),

    # --- R9 ------------------------------------------------------------------
    "rules.book.title.R9.1": "The table",
    "rules.book.text.R9.1": (
        "The `[actions]` table of a house-rule file gives a rank (\"2\" to \"10\", \"J\", "
        "\"Q\", \"K\", \"A\", \"Joker\") one effect, an effect with its values "
        "(`\"4\"` with `skip = 2`), or a list of effects applied in order. A rank left "
        "out does what the other house rules say (`king`, `four`, `five`, `jack_wild` "
        "... are short ways of writing entries of the table); a file may not set both a "
        "key and the entry it stands for. A rank that keeps its meaning in this book "
        "cites its R5 rule; any other effect cites its own rule in this section."
    ),
    "rules.book.text.R9.1.ranks": "Ranks with an effect here: {action_ranks}.",
    "rules.book.text.R9.1.no_ranks": "Here no rank has an effect.",
    "rules.book.title.R9.2": "none",
    "rules.book.text.R9.2": "`\"none\"`: no effect. The card is a plain card, not an action card (R2.4, R6.2).",
    "rules.book.title.R9.3": "draw",
    "rules.book.text.R9.3": (
        "`draw = N` (1 to 10): a draw penalty for the next player, which waits and "
        "stacks as `[stacking]` says (R5.7, R9.14). With `at_once = true` the next player "
        "draws at once (the referee applies it) and then plays their turn; it never "
        "stacks. With `to = \"self\"` the player draws at once and the turn passes; with "
        "`to = \"previous\"` the player before them in the direction of play draws at "
        "once (with two players, the other player)."
    ),
    "rules.book.title.R9.4": "others_draw",
    "rules.book.text.R9.4": (
        "`others_draw = N` (1 to 5): every other player draws N cards at once, one "
        "after another from the next seat on; when the piles run out, R3.6 forgives what "
        "is missing. It never waits."
    ),
    "rules.book.title.R9.5": "skip",
    "rules.book.text.R9.5": (
        "`skip = N` (1 to 3; `\"skip\"` alone is 1): the next player misses N turns "
        "(counted as in R5.9). Several skips in one play fall on the next players in "
        "turn, never on the player, so with two players the other player misses them "
        "all. With `pass_on = true` the skip may be passed on (R5.11)."
    ),
    "rules.book.title.R9.6": "again",
    "rules.book.text.R9.6": (
        "`\"again\"`: the same player plays again at once, as in R5.2 (a matching card or "
        "a draw). With `follow = \"same_suit\"` the next card must be of the same suit "
        "or rank; a Joker does not follow, nor a wild Jack of another suit. A draw ends "
        "the turn as usual."
    ),
    "rules.book.title.R9.7": "reverse",
    "rules.book.text.R9.7": (
        "`\"reverse\"`: the direction of play reverses (R5.5). With two players the "
        "player plays again (`two_players = \"again\"`), or nothing else happens "
        "(`two_players = \"none\"`)."
    ),
    "rules.book.title.R9.8": "name_suit",
    "rules.book.text.R9.8": (
        "`\"name_suit\"`: the player names a suit (R5.4, R3.3); any rank may do it. With "
        "`wild = true` the card goes on any card. With `on_same_rank = \"always\"` it goes "
        "on its own rank whatever suit is named; with `\"named_suit\"` only in the named "
        "suit. With `not_on = [...]` (ranks, cards or colours) it never goes on those cards, "
        "wild or not, whatever suit is named: `not_on = [\"J\"]` on a Jack, no Jack on a "
        "Jack. With `wild_out = false` a wild card is not wild as the last card: going out "
        "on it, it must match as any card does. A card that empties the hand names nothing."
    ),
    "rules.book.title.R9.9": "Limits on the next card",
    "rules.book.text.R9.9": (
        "`next_at_most = V`, `next_at_least = V` and `next_rank = R` (V from "
        "1 to 13 or a rank: A = 1, J = 11, Q = 12, K = 13): the next turn, whoever's it "
        "is after the skips, must be a card of at most V, of at least V or of rank R (any "
        "suit), or a Joker, or a draw. A wild Jack counts as 11. The limit binds `d CARD` "
        "too and ends with the next card played or draw taken; in free turn order it "
        "binds everyone until someone plays or draws."
    ),
    "rules.book.title.R9.10": "show",
    "rules.book.text.R9.10": (
        "`\"show\"`: the referee tells the table that the next player (or, with "
        "`show = \"others\"`, every other player) shows their cards. Nothing else "
        "changes: the referee never sees a hand (R0.1)."
    ),
    "rules.book.title.R9.11": "pass_cards",
    "rules.book.text.R9.11": (
        "`pass_cards = N` (1 to 3; `\"pass_cards\"` alone is 1): every player passes "
        "N cards to their left-hand neighbour (the next seat clockwise), or to the right "
        "with `to = \"right\"`. A player holding fewer passes what they hold."
    ),
    "rules.book.title.R9.12": "rotate_hands",
    "rules.book.text.R9.12": (
        "`\"rotate_hands\"`: every hand moves one seat against the direction of play "
        "(with it: `against_play = false`). The counts move with the hands."
    ),
    "rules.book.title.R9.13": "Lists",
    "rules.book.text.R9.13": (
        "The effects of a list apply in order, and the turn passes once, after all of "
        "them. A file is refused that gives one rank two draw penalties for the next "
        "player, `again` beside a skip or a penalty for the next player, `again` or "
        "`name_suit` twice, a skip passed on beside another skip or a penalty, or two "
        "limits on the next card (or one beside `name_suit`). A reverse followed by a "
        "skip is told in one sentence: \"play reverses and Bram misses the turn\"."
    ),
    "rules.book.title.R9.14": "Stacking",
    "rules.book.text.R9.14": (
        "`[stacking] groups` lists groups of penalty ranks that stack on each other "
        "(`[[\"2\"], [\"Joker\"]]` is `stacking = \"same\"`, `[[\"2\", \"Joker\"]]` is "
        "`\"cumulative\"`, `[]` is `\"none\"`). A rank in a group must make a draw penalty "
        "for the next player, and stands in one group only; nothing stacks on a penalty "
        "rank in no group. `double` lists ranks (in a group) whose card, on a penalty "
        "whose last card was of its own rank, doubles the pending amount; otherwise it "
        "adds its own draw."
    ),
    "rules.book.text.R9.14.groups": "Here the groups are: {groups}.",
    "rules.book.text.R9.14.no_groups": "Here nothing stacks.",
    "rules.book.text.R9.14.double": "Doubling here: {ranks}.",
    "rules.book.title.R9.15": "Going out",
    "rules.book.text.R9.15": (
        "`[finish] blocked` names the cards one may not simply go out on: `\"actions\"` "
        "(every rank with an effect, the default) or a list of ranks. `mode = \"refuse\"` "
        "is R6.2; with `\"draw_after\"` the card stands: the player first draws `draw` "
        "cards (1 to 10) and is not out, owing \"Laatste kaart!\" if they then hold one "
        "card, and then the card's effect applies (a Two's penalty waits for the next "
        "player; a card that names a suit names it); with `\"allowed\"` one may go out on "
        "them. Under `refuse`, `draw` (0 to 10) is the draw owed after R6.2."
    ),
    "rules.book.text.R9.15.refuse": "Here you may not go out on: {blocked}; instead your next draw takes {finish_cards}.",
    "rules.book.text.R9.15.draw_after": "Here going out on {blocked} stands, then you draw {finish_cards} and are not out.",
    "rules.book.text.R9.15.allowed": "Here you may go out on any card.",
    "rules.book.title.R9.16": "Action starter",
    "rules.book.text.R9.16": (
        "`[start] mode` says what an action starter does: `\"no_effect\"` (R2.4), "
        "`\"applies\"` or `\"redraw\"`; `ranks` lists the ranks it holds for (every rank "
        "with an effect unless given). Under `applies` the starter acts as if the dealer "
        "had played it: a penalty or a skip is for the first player, a reverse makes play "
        "go counterclockwise, the dealer names the suit with the starter (`{ex:start Jh s}`), "
        "a limit binds the first card, and draws fall as if the dealer had played; "
        "`again`, `show` and card moves do nothing. Under `redraw` the starter goes back "
        "into the draw pile and the dealer turns another, entered with a second `{cmd:start}`."
    ),
    "rules.book.text.R9.16.no_effect": "Here an action starter does nothing.",
    "rules.book.text.R9.16.applies": "Here a starter counts when it is: {ranks}.",
    "rules.book.text.R9.16.redraw": "Here a starter goes back, and another is turned, when it is: {ranks}.",
    "rules.book.title.R9.17": "Free turn order",
    "rules.book.text.R9.17": (
        "With `turn_order = \"free\"` (R8.4), `again` and `skip` do nothing, so a rank "
        "with only those is no action card; a skip passed on is refused when the file is "
        "read; a limit on the next card binds everyone; every other effect works as with "
        "seated turns."
    ),
    "rules.book.title.R10.10": "A card or a colour",
    "rules.book.text.R10.10": (
        "A key of `[actions]` may be a rank (`K`), a card (`\"{ex:Kh}\"`, `\"K♥\"`) or a rank "
        "and a colour (`\"J black\"`: clubs and spades; `\"J red\"`: diamonds and hearts). "
        "The most specific entry decides what a card does: the card's, else its colour's, "
        "else its rank's. `[stacking] groups`, `[finish] blocked` and `[start] ranks` take "
        "the same keys."
    ),
    "rules.book.title.R10.11": "Counter cards",
    "rules.book.text.R10.11": (
        "`counter = \"cancel\"`, `\"back\"` or `\"on\"`, with `against` (the penalties "
        "it answers: ranks, cards or colours; left out, every penalty) and `same_suit`: "
        "played on a pending penalty it answers, the card ends the penalty, sends it back "
        "to the player who played the last penalty card, or passes it on to the next "
        "player. Elsewhere it is a plain card."
    ),
    "rules.book.title.R10.20": "Open cards",
    "rules.book.text.R10.20": (
        "`\"open\"`: the card goes on any card outside a pending penalty, and any card "
        "goes on it. It names no suit."
    ),
    "rules.book.title.R10.21": "Stacked waits",
    "rules.book.text.R10.21": (
        "`skip = N, stack = true` (Makao's Four): the skip is pending like a penalty. "
        "The next player adds a card of its rank that waits too (the turns add up and the "
        "next player faces the total) or types `{cmd:pass}` and waits the total: this turn and, "
        "as play comes round, the next ones, which the referee passes and tells. There is "
        "no draw while a wait is pending. Waits end with the hand."
    ),
    "rules.book.title.R10.22": "A demanded rank",
    "rules.book.text.R10.22": (
        "`demand = \"rank\"`, with `except` (the ranks it may not demand; Makao's Jack: "
        "`except = [\"2\", \"3\", \"4\", \"J\", \"Q\", \"K\", \"A\"]`): the player types "
        "the rank after the card (`{ex:Jh 7}`) or nothing (then the card demands nothing). Every "
        "player in turn, the demander included when play comes back to them, plays that "
        "rank (any suit, or a Joker), a card that demands (which may demand anew, or "
        "demands nothing and ends the demand) or draws. The demand ends once the demander "
        "has taken that turn."
    ),
    "rules.book.title.R10.50": "Draw policy",
    "rules.book.text.R10.50.one": (
        "If you cannot play, you draw one card (R3.4): a count (`{ex:d 3}`) is refused."),
    "rules.book.text.R10.50.until_playable": (
        "If you cannot play, you draw one card at a time until one can be played. Type how "
        "many you drew and the card you play, the last one drawn (`{ex:d 3 5h}`); a plain "
        "`{cmd:d}` is one card. A penalty or a draw owed is taken with `{cmd:d}` alone."),
    "rules.book.text.R10.50.up_to": (
        "If you cannot play, you draw one card at a time until one can be played, at most "
        "{n}. Type how many you drew (`{ex:d 3}`), with the card you play, the last one drawn "
        "(`{ex:d 3 5h}`). A penalty or a draw owed is taken with `{cmd:d}` alone."),
    "rules.book.title.R10.51": "Until playable",
    "rules.book.text.R10.51": (
        "When you draw until a card can be played, that card ends the drawing and is played: "
        "a draw with no card played is accepted only when it took every card left to draw. "
        "If drawn cards may not be played at once (`draw_then_play = false`), the playable "
        "card is kept and the turn passes."),
    "rules.book.title.R10.52": "The count and the piles",
    "rules.book.text.R10.52": (
        "You cannot say you drew more cards than the draw pile and, reshuffled, the discard "
        "pile under its top card hold; such an entry is refused and changes nothing."),
    "rules.book.title.R10.60": "Runs",
    "rules.book.text.R10.60": (
        "Where runs are played (`multi_play = \"run\"`, or `\"same_rank_or_run\"` with "
        "doubles too), you may put consecutive cards of one suit down as one play, joined "
        "by `+` (`{ex:5h+6h+7h}`), as Switch, Black Jack and Hungarian Macau play them."),
    "rules.book.title.R10.61": "A run's first card",
    "rules.book.text.R10.61": (
        "The first card of a run must go on the top card as a single card would. A run "
        "answers nothing: on a pending penalty, a skip passed on or a limit it is refused."),
    "rules.book.title.R10.62": "The sequence",
    "rules.book.text.R10.62": (
        "Each card is one rank up or down from the one before, in its suit, in one "
        "direction for the whole run, or turns to another suit on the same rank "
        "(`{ex:5h+6h+6s+7s}`). The Ace is below the Two or above the King, never both "
        "in one run (no `{ex:Kh+Ah+2h}`). A card that breaks the run makes it an illegal "
        "play."),
    "rules.book.title.R10.63": "No Joker in a run",
    "rules.book.text.R10.63": "A Joker cannot be part of a run.",
    "rules.book.title.R10.64": "The cards that act",
    "rules.book.text.R10.64": (
        "Only the cards of the run's last rank act, as a double's would (R3.10); the "
        "cards before them do nothing. The last card is the top card: its suit is the one "
        "to follow, and a Jack there names the suit (`{ex:9h+10h+Jh s}`)."),
    "rules.book.title.R10.65": "Going out on a run",
    "rules.book.text.R10.65": (
        "Whether you must say \"Laatste kaart!\" (R4) and whether you may go out (R6.2) "
        "depend on your hand after the whole run; you go out on the cards that act."),
    "rules.book.title.R9.18": "Cards changing hands",
    "rules.book.text.R9.18": (
        "After `pass_cards` or `rotate_hands`, every player holding one card owes "
        "\"Laatste kaart!\" as if they had just come down to one (R4.1); every other "
        "duty to announce and chance to call lapses (R4.5)."
    ),

    # --- R10 -----------------------------------------------------------------
    "rules.book.title.R10.40": "Deck",
    "rules.book.text.R10.40": (
        "A deck holds 52 cards (Two to Ace), 36 (Six to Ace) or 32 (Seven to Ace), plus "
        "its Jokers; the cards in play, the copies of a card and the deal that fits "
        "count from it. A card of a rank the deck does not hold is refused wherever it "
        "is typed (R1.3)."
    ),
    "rules.book.text.R10.40.in_force": "Here each deck holds {size} cards, {lowest} to Ace.",
    "rules.book.title.R10.41": "German and Swiss cards",
    "rules.book.text.R10.41": (
        "German and Swiss cards are typed as the French cards they stand for: Ober = "
        "Queen, Unter = Jack, Banner = Ten, Daus = Ace; Herz (Rosen) = hearts, "
        "Schellen = diamonds, Eichel = clubs, Laub or Grün (Schilten) = spades."
    ),
    "rules.book.title.R10.30": "Swap with a chosen player",
    "rules.book.text.R10.30": (
        "A card with `swap` (Uno's 7-0 house rule: the Seven swaps) is played with the "
        "name of a player, after the card and any suit it names (`{ex:7h Anna}`, "
        "`{ex:Qh s Anna}`); the two exchange their whole hands and the referee swaps their "
        "counts. No name, an unknown name, your own or that of a player no longer in the "
        "hand is refused. A starter swaps nothing, nor does a card you go out on; in a "
        "double each card swaps in turn."
    ),
    "rules.book.title.R10.31": "Duties after a swap",
    "rules.book.text.R10.31": (
        "After a swap, as after any cards changing hands (R9.18), everyone holding one card "
        "owes \"Laatste kaart!\" as if they had just come down to one; every other duty "
        "and chance to call lapses."
    ),
    "rules.book.title.R10.70": "Jump-in",
    "rules.book.text.R10.70.off": (
        "Not played in this series: every entry waits for its turn (R3.7)."),
    "rules.book.text.R10.70.identical": (
        "A player holding a card identical to the top card (same rank and suit: with two "
        "decks) may play it out of turn, typed with their name (`{ex:Cees: 7h}`). Play "
        "goes on from them: the players in between lose that turn, and the card acts as "
        "in the jumper's own turn."),
    "rules.book.text.R10.70.same_rank": (
        "A player holding a card of the top card's rank may play it out of turn, typed "
        "with their name (`{ex:Cees: 7s}` on 7♥). Play goes on from them: the players in "
        "between lose that turn, and the card acts as in the jumper's own turn."),
    "rules.book.title.R10.71": "What may jump in",
    "rules.book.text.R10.71": (
        "Only the top card's twin jumps in (on a Jack that named a suit, the Jack's twin), "
        "and it must pass every check of a play in the jumper's own turn; any other card "
        "is refused."),
    "rules.book.title.R10.72": "Jump-in and what is pending",
    "rules.book.text.R10.72": (
        "A pending penalty, a skip passed on or a limit on the next card is the business "
        "of the player to act."),
    "rules.book.text.R10.72.off": "Here nobody jumps in while one is pending.",
    "rules.book.text.R10.72.on": (
        "Here a twin may jump in then too, if it answers it as a play would: it stacks on "
        "the penalty, passes the skip on or meets the limit."),
    "rules.book.title.R10.73": "Whose entry",
    "rules.book.text.R10.73": (
        "An entry without a name is the player to act's; a jump-in by that player is a "
        "play like any. Jump-in needs turns: with free turn order (R8.4) it is refused "
        "when the file is read."),
    "rules.book.title.R10.74": "One card",
    "rules.book.text.R10.74": "A jump-in is one card; several cards out of turn are refused.",
    "rules.book.title.R10.75": "Jumping in with your last card",
    "rules.book.text.R10.75": (
        "Going out on a jump-in is a play like any (R6.1, R6.2; a refused one owes no "
        "draw, as it was not your turn). A jump-in closes every last-card window still "
        "open (R4.2); coming down to one card, the jumper owes the call (R4.1)."),
    "rules.book.title.R10.80": "The last-card call's word",
    "rules.book.text.R10.80": (
        "A game may give the last-card call of R4 its own word and penalty (`[calls] "
        "last` with `word = \"Mau\"` and `penalty = 1`). The word is said and typed as the "
        "game says it, in every language; `lk` stays the announcement too. A missed "
        "call is caught as under R4.3 and costs the penalty."
    ),
    "rules.book.text.R10.80.on": "Here the call is \"{word}!\" and a missed one costs {cards}.",
    "rules.book.text.R10.80.off": "Not used in this series: the call is \"Laatste kaart!\" (R4).",
    "rules.book.title.R10.81": "The call on the second-to-last card",
    "rules.book.text.R10.81": (
        "Tschau Sepp calls \"Tschau!\" with the second-to-last card, the play that "
        "leaves one card: the moment of R4. `[calls] second_last` with `word = \"Tschau\"` "
        "is that call, with the fields, window and penalty of R10.80; a game gives "
        "`last` or `second_last`, not both."
    ),
    "rules.book.text.R10.81.on": "Here the call is \"{word}!\" and a missed one costs {cards}.",
    "rules.book.text.R10.81.off": "Not used in this series.",
    "rules.book.title.R10.82": "The call on going out",
    "rules.book.text.R10.82": (
        "A game may have a call said with the play that goes out (`[calls] out` with `word "
        "= \"Mau-Mau\"`, `on = [\"J\"]` and `factor = 2`), typed after the play, after the suit a "
        "Jack names: `{ex:Jh} Mau-Mau`. Said by the hand's winner on a card of `on` (left out: any "
        "card), it multiplies the points the others score for the hand by `factor`; "
        "without the word nothing is multiplied and there is nothing to catch."
    ),
    "rules.book.text.R10.82.on": "Here the call is \"{word}!\", on {cards}, and the points count {factor} times.",
    "rules.book.text.R10.82.on_any": "Here the call is \"{word}!\", on any card, and the points count {factor} times.",
    "rules.book.text.R10.82.off": "Not used in this series.",
    "rules.book.title.R10.83": "A call on going out out of place",
    "rules.book.text.R10.83": (
        "The call on going out said on a card `on` does not name, or by a player "
        "going out after the hand's winner (R6.3), has no effect. Said without going "
        "out, it has none either, and the speaker draws `false_call_penalty` (R4.4)."
    ),
    "rules.book.title.R10.84": "A false last-card call",
    "rules.book.text.R10.84": (
        "A game may make a last-card call said with no call due cost cards (`[calls] last` "
        "with `false_penalty = 5`, Flemish Pesten's false knock): the player who says it "
        "holding other than one card, outside the window and not late, draws them at once. "
        "Said alone, it must name who said it (`Bram: klop`)."
    ),
    "rules.book.text.R10.84.on": "Here a false \"{word}!\" costs {cards}.",
    "rules.book.text.R10.84.off": "Not used in this series: a call with no call due has no effect (R4.1).",
    "rules.book.title.R10.90": "The winner collects",
    "rules.book.text.R10.90": (
        "The winner of a hand scores the points of every card the others hold, the "
        "others score 0, and the highest total is the best (Crazy Eights). The score "
        "is typed and checked as under R7.1 and R7.2. Such a series is not an "
        "elimination: it plays to a target, a number of hands (the highest total wins) "
        "or casually."
    ),
    "rules.book.text.R10.90.on": "This series is scored this way (`scoring.mode = \"winner_collects\"`).",
    "rules.book.text.R10.90.off": "Not used in this series: the losers score their cards (R7.1).",
    "rules.book.title.R10.91": "Target",
    "rules.book.text.R10.91": (
        "Once a player still in the series has {target} points or more after a hand, "
        "the series ends: {reaching_text} Equal totals share the win."
    ),
    "rules.book.text.R10.91.wins": "reaching the target wins, and the highest total wins.",
    "rules.book.text.R10.91.loses": "reaching the target loses, and the lowest total wins.",
    "rules.book.title.R10.93": "Points of one card",
    "rules.book.text.R10.93": (
        "`[points]` may give one card its own points (`\"Q♠\" = 50`) beside the "
        "points of its rank; the card's entry wins."
    ),
    "rules.book.text.R10.93.on": "Here: {cards}.",
    "rules.book.text.R10.93.off": "Not used in this series: every card scores its rank's points (R7.1).",
    "rules.book.title.R10.92": "A blocked hand when the winner collects",
    "rules.book.text.R10.92": (
        "When the winner collects (R10.90) and a hand is blocked (R3.9), the one player "
        "holding the fewest points scores the difference between each other player's "
        "points and theirs, and everyone else 0; when two or more hold the fewest, "
        "nobody scores."
    ),
}
