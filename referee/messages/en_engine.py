"""English rulings of the referee engine (keys ``engine.*``).

Fields are filled by the engine: ``name``/``victim``/``turn`` are players,
``card`` a card as shown to players (``7♥``), ``n`` a number of cards,
``suit`` a suit's name, ``allowed`` a phrase saying what may be played.
"""

MESSAGES = {
    # -- notation and log ---------------------------------------------------
    "engine.notation": "That line is not table notation: {error}. Type `{cmd:help}` for the entries.",
    "engine.replay.not_entry": "only entries (plays, draws, calls, ...) belong in a hand's log.",
    "engine.undo.nothing": "There is nothing to undo in this hand (R0.2).",
    "engine.undo.scored": "This hand has been scored; a scored hand cannot be undone (R0.2).",
    "engine.undo.done": "Undone: {line}.",
    "engine.redo.nothing": "There is nothing to redo (R0.2).",
    "engine.redo.failed": "'{line}' cannot be put back any more (R0.2).",
    "engine.redo.done": "Redone: {line}.",
    # -- refusals -----------------------------------------------------------
    "engine.refuse.unknown_player": "There is no player called {name} at this table (R1.1).",
    "engine.refuse.left": "{name} has left the table and takes no part in this hand (R1.5).",
    "engine.refuse.out": (
        "{name} is out of this hand in place {place}: they may still call others, nothing "
        "else (R6.3)."),
    "engine.refuse.call_out": "{name} is out of this hand and holds no cards, so cannot be called (R6.3).",
    "engine.refuse.free_no_player": (
        "In snel pesten every entry names its player, like `{ex:Anna: 7h}` (R8.4)."),
    "engine.refuse.waiting": (
        "The hand has not started: first enter the starter card, like `{ex:start 9h}` (R2.3)."),
    "engine.refuse.over": "The hand is over; score it with `pesten-ref score` (R6.1).",
    "engine.refuse.started": "The starter card has already been turned (R2.3).",
    "engine.refuse.start_dealer": "Only the dealer, {dealer}, turns the starter, not {name} (R2.3).",
    "engine.refuse.turn": "It is {turn}'s turn, not {name}'s (R3.7).",
    "engine.refuse.turn_passed": ("After `{done}` the turn passed to {turn}, so `{word}` on the same line "
                                  "is refused: it is {turn}'s turn, not {name}'s (R3.7). Nothing of the line was entered."),
    "engine.refuse.free_pending": (
        {"one": "{turn} must first draw {n} or stack on the penalty; nobody else may play now (R3.7).",
        "other": "{turn} must first draw {n} or stack on the penalty; nobody else may play now (R3.7)."}),
    "engine.refuse.no_jokers": "This game is played without Jokers (R1.3, jokers_per_deck = 0).",
    "engine.refuse.not_in_deck": (
        "There is no {card} in this game: its {deck}-card deck runs from {lowest} to Ace "
        "(R1.3, deck = {deck})."),
    "engine.refuse.identity": (
        "Every {card} in the deck is already on the discard pile; check what was played (R1.4)."),
    "engine.refuse.identity_hint": (
        "{card} is already on the discard pile — was it {alt}? (R1.4)"),
    "engine.refuse.must_stack": {
        "one": ("{card} cannot be played now: {n} card to draw is pending, so only {allowed} "
                "may be played on it, or type `d` to draw (R5.7)."),
        "other": ("{card} cannot be played now: {n} cards to draw are pending, so only "
                  "{allowed} may be played on them, or type `d` to draw (R5.7).")},
    "engine.refuse.must_draw": {
        "one": ("{card} cannot be played now: {n} card to draw is pending and nothing stacks "
                "on it under these house rules; type `d` to draw it (R5.7)."),
        "other": ("{card} cannot be played now: {n} cards to draw are pending and nothing "
                  "stacks on them under these house rules; type `d` to draw them (R5.7).")},
    "engine.refuse.pending_draw_play": {
        "one": ("With {n} card to draw pending, a draw takes the penalty and the turn ends; "
                "{card} cannot be played with it (R5.7)."),
        "other": ("With {n} cards to draw pending, a draw takes the whole penalty and the "
                  "turn ends; {card} cannot be played with it (R5.7).")},
    "engine.refuse.no_doubles": (
        "Doubles are not played at this table: put your cards down one at a time, each in "
        "its own turn (R3.10)."),
    "engine.refuse.double_rank": (
        "Only cards of one rank go down together: {card} is not of the rank of {first} "
        "(R3.10)."),
    "engine.refuse.double_count": {
        "one": ("{name} holds {n} card, fewer than the {cards} cards of this play: check "
                "the entry (R3.10)."),
        "other": ("{name} holds {n} cards, fewer than the {cards} cards of this play: "
                  "check the entry (R3.10).")},
    "engine.refuse.run_governed": (
        "{card} cannot start a run now: a run is not played on a pending penalty, a skip "
        "passed on or a limit; answer it with one card, or draw (R10.61)."),
    "engine.refuse.run_break": (
        "{card} does not follow {before} in this run: a run goes one rank at a time, up or "
        "down but one way, in one suit, or turns to another suit on the same rank (R10.62)."),
    "engine.refuse.run_joker": "A Joker cannot be part of a run: play it alone (R10.63).",
    "engine.refuse.match": "{card} does not match {top}: play {allowed}, or draw (R3.1).",
    "engine.refuse.not_on": (
        "{card} may not go on {top} under these house rules: play {allowed}, or draw (R9.8)."),
    "engine.refuse.out_not_wild": (
        "{card} is not wild as the last card under these house rules: to go out on it, it "
        "must match {top} as any card does (R9.8)."),
    "engine.refuse.out_not_wild_named": (
        "{card} is not wild as the last card under these house rules: to go out on it, it "
        "must be of the named suit, {suit} (R9.8)."),
    "engine.refuse.match_named": (
        "{card} does not follow the named suit, {suit}: play {allowed}, or draw (R3.3)."),
    "engine.refuse.must_answer_skip": {
        "one": ("{card} cannot be played now: a skip is pending, so play {rank} to pass it "
                "on, or type `{cmd:pass}` and miss {n} turn (R5.11)."),
        "other": ("{card} cannot be played now: a skip is pending, so play {rank} to pass it "
                  "on, or type `{cmd:pass}` and miss {n} turns (R5.11).")},
    "engine.refuse.skip_no_draw": (
        "A skip is pending for {name}: play {rank} to pass it on, or type `{cmd:pass}`; there is "
        "no draw now (R5.11)."),
    "engine.refuse.must_answer_wait": {
        "one": ("{card} cannot be played now: {name} must wait {n} turn unless they add {rank} "
                "that waits too; or type `{cmd:pass}` to wait (R10.21)."),
        "other": ("{card} cannot be played now: {name} must wait {n} turns unless they add "
                  "{rank} that waits too; or type `{cmd:pass}` to wait (R10.21).")},
    "engine.refuse.demanded": ("{card} cannot be played now: {name} demanded {rank}; play {rank} "
                               "or {demanders}, or draw (R10.22)."),
    "engine.refuse.no_demand": "{card} demands no rank: type it without {rank} (R10.22).",
    "engine.refuse.demand_except": ("{card} cannot demand {rank}: it may demand {ranks}, or "
                                    "nothing (R10.22)."),
    "engine.refuse.wait_no_draw": {
        "one": ("A wait of {n} turn is pending for {name}: add {rank}, or type `{cmd:pass}` to "
                "wait; there is no draw now (R10.21)."),
        "other": ("A wait of {n} turns is pending for {name}: add {rank}, or type `{cmd:pass}` "
                  "to wait; there is no draw now (R10.21).")},
    "engine.refuse.limit": "{card} cannot be played now: play {limit}, or draw (R9.9).",
    "engine.refuse.follow": (
        "{card} cannot follow: play {limit}, or draw (R9.6)."),
    "engine.refuse.start_suit": (
        "The starter {card} names a suit: the dealer types it, like `{entry}` for spades (R9.16)."),
    "engine.refuse.start_no_suit": (
        "The starter {card} names no suit here: type it alone, `{entry}` (R2.3)."),
    "engine.refuse.name_suit": (
        "{card} names a suit under these house rules: type it after the card, like "
        "`{entry}` for spades (R9.8)."),
    "engine.refuse.no_suit_to_name": (
        "{card} names no suit under these house rules: type the card alone, `{entry}` (R5.4)."),
    "engine.refuse.jack_suit": (
        "Name a suit with the Jack, like `{entry}` for spades (R5.4)."),
    "engine.refuse.finish_on_action": (
        "{name} may not go out on {card}, an action card: it goes back to the hand, and "
        "{name} must draw instead (R6.2)."),
    "engine.refuse.no_draw_then_play": (
        "Under these house rules a drawn card cannot be played at once; type `d` alone "
        "(R3.4, draw_then_play = false)."),
    "engine.refuse.owed_many": {
        "one": ("After going out on an action card was refused, the draw owed is {n} card "
                "and the turn ends: type `d` alone (R6.2)."),
        "other": ("After going out on an action card was refused, the draw owed is {n} cards "
                  "and the turn ends: type `d` alone (R6.2).")},
    "engine.refuse.owed_none": (
        "After going out on an action card was refused, the next `d` draws nothing and the "
        "turn passes: type `d` alone (R6.2)."),
    "engine.refuse.draw_one": (
        "At this table a draw is one card (R10.50, draw = \"one\"): type `{cmd:d}`, or "
        "`{ex:d 5h}` when the card drawn is played at once, not {n} cards."),
    "engine.refuse.draw_up_to": (
        "At this table you draw at most {most} cards, stopping at one you can play "
        "(R10.50): not {n}."),
    "engine.refuse.draw_count_owed": (
        "{name} takes the penalty or the draw owed with `{cmd:d}` alone, without a count "
        "({n}) (R10.50)."),
    "engine.refuse.draw_until_playable": {
        "one": ("At this table you draw until a card can be played, and play it (R10.51): "
                "after {n} card there were cards left to draw, so the last one drawn is "
                "played; type it after the count (`{ex:d 3 5h}`)."),
        "other": ("At this table you draw until a card can be played, and play it (R10.51): "
                  "after {n} cards there were cards left to draw, so the last one drawn is "
                  "played; type it after the count (`{ex:d 3 5h}`).")},
    "engine.refuse.jump_not_same": (
        "It is {turn}'s turn: {name} may play out of turn only a card identical to the top "
        "card, {top}, and {card} is not (R10.71)."),
    "engine.refuse.jump_not_rank": (
        "It is {turn}'s turn: {name} may play out of turn only a card of the top card's "
        "rank, like {top}, and {card} is not (R10.71)."),
    "engine.refuse.jump_pending": (
        "It is {turn}'s turn and something is pending for them (a penalty, a skip or a "
        "limit on the next card): nobody may jump in now (R10.72)."),
    "engine.refuse.jump_double": (
        "It is {turn}'s turn: {name} may jump in with one card only (R10.74)."),
    "engine.refuse.swap_no_name": (
        "{card} swaps hands with a player of {name}'s choice: name them after the card, "
        "like `{entry}` (R10.30)."),
    "engine.refuse.swap_unknown": (
        "There is no player called {target} at this table to swap hands with (R10.30)."),
    "engine.refuse.swap_self": (
        "{name} cannot swap hands with themself: name another player (R10.30)."),
    "engine.refuse.swap_out": (
        "{target} is no longer in this hand, so {name} cannot swap hands with them (R10.30)."),
    "engine.refuse.draw_count_piles": {
        "one": "You cannot draw {n} card: there are {most} left to draw (R10.52).",
        "other": ("You cannot draw {n} cards: the draw pile, with the discard pile under its "
                  "top card, holds {most} now (R10.52).")},
    "engine.refuse.nothing_to_draw": (
        "There is no card left to draw: the draw pile is empty and the discard pile holds "
        "only its top card (R3.6)."),
    "engine.refuse.no_skip": (
        "There is no skip to pass: `{cmd:pass}` only sits out a skip passed on to {name} (R5.11)."),
    "engine.refuse.call_self": "{name} cannot call themself (R4.4).",
    "engine.refuse.call_unnamed": (
        "A call must name its caller, like `{cmd:Bram: call Anna}`, because a false call costs "
        "the caller {n} cards here (R4.4)."),
    "engine.refuse.announce_unnamed": {
        "one": ("Nobody owes \"{word}!\" now, and a false call costs 1 card here: name who "
                "said it, like `{entry}` (R10.84)."),
        "other": ("Nobody owes \"{word}!\" now, and a false call costs {n} cards here: name "
                  "who said it, like `{entry}` (R10.84).")},
    "engine.refuse.fix_count": {
        "one": "{name} cannot hold {n} card: the draw pile is empty (R0.2).",
        "other": "{name} cannot hold {n} cards: only {pile} are left in the draw pile (R0.2)."},
    "engine.refuse.fix_play": "{name} holds no card to have played (R0.2).",
    # -- rulings on accepted entries ---------------------------------------
    "engine.start": "The starter is {card} (R2.3); {turn} plays first (R2.5).",
    "engine.start.no_effect": (
        "The starter is {card}; as a starter it has no effect (R2.4). {turn} plays first."),
    "engine.start.free_plain": "The starter is {card}.",
    "engine.start.free_no_effect": "The starter is {card}; as a starter it has no effect (R2.4).",
    "engine.start.free": "Snel pesten: anyone may play a matching card at any moment (R8.4).",
    "engine.start.applies": "The starter {card} counts as played by the dealer, {name} (R2.4).",
    "engine.start.redraw": (
        "The starter {card} is an action card: it goes back into the draw pile, and the "
        "dealer turns another (`{ex:start 9h}`) (R9.16)."),
    "engine.play": "{name} plays {card}.",
    "engine.run_through": {
        "one": ("{name} plays {cards} on the way in a run: only the cards of its last rank "
                "act, so it does nothing (R10.64)."),
        "other": ("{name} plays {cards} on the way in a run: only the cards of its last rank "
                  "act, so they do nothing (R10.64).")},
    "engine.win_on": "{name} goes out on {card} and wins the hand (R6.1).",
    "engine.win": "{name} goes out and wins the hand (R6.1).",
    "engine.win_last": "{name} is the last player in the hand and wins it (R1.5).",
    "engine.out_on": "{name} goes out on {card} and is out in place {place}; the hand goes on (R6.3).",
    "engine.out": "{name} is out in place {place}; the hand goes on (R6.3).",
    "engine.out_on_last": "{name} goes out on {card} in place {place} (R6.3).",
    "engine.out_last": "{name} is out in place {place} (R6.3).",
    "engine.moves_on.penalty": "The penalty of {n} aimed at {name} moves on to {to} (R6.3).",
    "engine.moves_on.skips": "The turns {name} still had to miss ({n}) move on to {to} (R6.3).",
    "engine.last_holder": (
        "Only {name} still holds cards: the hand is over. {winner} went out first and wins "
        "it (R6.3)."),
    "engine.blocked": (
        "The hand is blocked: nothing is left to draw and nobody can play. It ends without "
        "a winner and everyone scores the cards they hold (R3.9)."),
    "engine.effect.two": (
        {"one": "{name} plays {card}: {victim} must draw {n} or play {stack} (R5.1).",
        "other": "{name} plays {card}: {victim} must draw {n} or play {stack} (R5.1)."}),
    "engine.effect.joker": (
        {"one": "{name} plays {card}: {victim} must draw {n} or play {stack} (R5.6).",
        "other": "{name} plays {card}: {victim} must draw {n} or play {stack} (R5.6)."}),
    "engine.effect.penalty_at_once": {
        "one": ("{name} plays {card}: {victim} must miss the coming turn, so draws the {n} "
                "card at once and is passed by (R5)."),
        "other": ("{name} plays {card}: {victim} must miss the coming turn, so draws the {n} "
                  "cards at once and is passed by (R5).")},
    "engine.effect.two_nostack": (
        {"one": "{name} plays {card}: {victim} must draw {n}; nothing stacks here (R5.1, R5.7).",
        "other": "{name} plays {card}: {victim} must draw {n}; nothing stacks here (R5.1, R5.7)."}),
    "engine.effect.joker_nostack": (
        {"one": "{name} plays {card}: {victim} must draw {n}; nothing stacks here (R5.6, R5.7).",
        "other": "{name} plays {card}: {victim} must draw {n}; nothing stacks here (R5.6, R5.7)."}),
    "engine.effect.penalty": (
        {"one": "{name} plays {card}: {victim} must draw {n} or play {stack} ({rule}).",
        "other": "{name} plays {card}: {victim} must draw {n} or play {stack} ({rule})."}),
    "engine.effect.penalty_nostack": (
        {"one": "{name} plays {card}: {victim} must draw {n}; nothing stacks here ({rule}, R5.7).",
        "other": "{name} plays {card}: {victim} must draw {n}; nothing stacks here ({rule}, R5.7)."}),
    "engine.effect.again": "{name} plays {card} and plays again ({rule}).",
    "engine.effect.open": "{name} plays {card}, an open card: any card may go on it ({rule}).",
    "engine.effect.counter.cancel": {
        "one": "{name} plays {card}: the penalty of {n} card is cancelled ({rule}).",
        "other": "{name} plays {card}: the penalty of {n} cards is cancelled ({rule})."},
    "engine.effect.counter.back": {
        "one": "{name} plays {card}: the penalty of {n} card goes back to {victim} ({rule}).",
        "other": "{name} plays {card}: the penalty of {n} cards goes back to {victim} ({rule})."},
    "engine.effect.counter.on": {
        "one": "{name} plays {card}: the penalty of {n} card passes on to {victim} ({rule}).",
        "other": "{name} plays {card}: the penalty of {n} cards passes on to {victim} ({rule})."},
    "engine.effect.again_follow": (
        "{name} plays {card} and plays again: {limit}, or a draw ({rule})."),
    "engine.effect.again_two": "{name} plays {card}: with two players, {name} plays again ({rule}).",
    "engine.effect.skip": "{name} plays {card}: {lost} misses the turn; {turn} is next ({rule}).",
    "engine.effect.skip_two": (
        "{name} plays {card}: {lost} misses the turn, so {name} plays again ({rule})."),
    "engine.effect.reverse_skip": (
        "{name} plays {card}: play reverses and {lost} misses the turn; {turn} is next ({rule})."),
    "engine.effect.skip_many": "{name} plays {card}: {victim} misses the next {n} turns ({rule}).",
    "engine.effect.skips": "{name} plays {card}: {missed}; {turn} is next ({rule}).",
    "engine.effect.skips_only": "{name} plays {card}: {missed} ({rule}).",
    "engine.effect.skip_pending": {
        "one": ("{name} plays {card}: {victim} must play {rank} to pass the skip on, or type "
                "`{cmd:pass}` and miss {n} turn (R5.11)."),
        "other": ("{name} plays {card}: {victim} must play {rank} to pass the skip on, or "
                  "type `{cmd:pass}` and miss {n} turns (R5.11).")},
    "engine.effect.skip_passed": {
        "one": "{name} passes and misses {n} turn (R5.11).",
        "other": "{name} passes and misses {n} turns (R5.11)."},
    "engine.effect.wait_pending": {
        "one": ("{name} plays {card}: {victim} must add {rank} to the wait, or type "
                "`{cmd:pass}` and wait {n} turn (R10.21)."),
        "other": ("{name} plays {card}: {victim} must add {rank} to the wait, or type "
                  "`{cmd:pass}` and wait {n} turns, this one and the next ones as play comes "
                  "round (R10.21).")},
    "engine.effect.wait_accepted": {
        "one": "{name} waits this turn (R10.21).",
        "other": "{name} waits {n} turns: this one and, as play comes round, the next ones (R10.21)."},
    "engine.effect.demand": ("{name} plays {card} and demands {rank}: every player in turn plays "
                             "{rank} or a card that demands, or draws, until {name} has played "
                             "again (R10.22)."),
    "engine.effect.demand_none": "{name} plays {card} and demands nothing (R10.22).",
    "engine.effect.demand_ended": "The demand {name} made for {rank} ends (R10.22).",
    "engine.effect.waited_last": "{name} waits: that was the last turn to wait (R10.21).",
    "engine.effect.waited": {
        "one": "{name} waits: {n} turn left (R10.21).",
        "other": "{name} waits: {n} turns left (R10.21)."},
    "engine.effect.reverse": "{name} plays {card}: play now goes {direction} ({rule}).",
    "engine.effect.name_suit": "{name} plays {card} and names {suit} ({rule}).",
    "engine.effect.draw_at_once": {
        "one": "{name} plays {card}: {victim} draws {n} card at once ({rule}).",
        "other": "{name} plays {card}: {victim} draws {n} cards at once ({rule})."},
    "engine.effect.draw_self": {
        "one": "{name} plays {card} and draws {n} card ({rule}).",
        "other": "{name} plays {card} and draws {n} cards ({rule})."},
    "engine.effect.others_draw": {
        "one": "{name} plays {card}: every other player draws {n} card ({rule}).",
        "other": "{name} plays {card}: every other player draws {n} cards ({rule})."},
    "engine.effect.limit": (
        "{name} plays {card}: the next card must be {limit}, or the next player draws ({rule})."),
    "engine.effect.show_next": (
        "{name} plays {card}: {who} shows their cards to the table ({rule})."),
    "engine.effect.show_others": (
        "{name} plays {card}: everyone but {name} shows their cards to the table ({rule})."),
    "engine.effect.pass_cards_left": {
        "one": "{name} plays {card}: everyone passes {n} card to the player on their left ({rule}).",
        "other": "{name} plays {card}: everyone passes {n} cards to the player on their left ({rule})."},
    "engine.effect.pass_cards_right": {
        "one": "{name} plays {card}: everyone passes {n} card to the player on their right ({rule}).",
        "other": "{name} plays {card}: everyone passes {n} cards to the player on their right ({rule})."},
    "engine.effect.swap": "{name} plays {card} and swaps hands with {other} ({rule}).",
    "engine.jump_in": (
        "{name} jumps in out of turn with {card}, the top card's twin: play goes on from "
        "{name}, passing over {passed} (R10.70)."),
    "engine.effect.rotate": (
        "{name} plays {card}: every hand moves one seat on, {direction} ({rule})."),
    "engine.effect.draw_after": {
        "one": ("{card} was {name}'s last card: it stands, and {name} draws {n} card and "
                "is not out (R9.15)."),
        "other": ("{card} was {name}'s last card: it stands, and {name} draws {n} cards and "
                  "is not out (R9.15).")},
    "engine.effect.seven": "{name} plays {card} and plays again (R5.2).",
    "engine.effect.eight": "{name} plays {card}: {lost} misses the turn; {turn} is next (R5.3).",
    "engine.effect.eight_two": "{name} plays {card}: {lost} misses the turn, so {name} plays again (R5.3).",
    "engine.effect.jack": "{name} plays {card} and names {suit} (R5.4).",
    "engine.effect.ace": "{name} plays {card}: play now goes {direction} (R5.5).",
    "engine.effect.ace_two": "{name} plays {card}: with two players, {name} plays again (R5.5).",
    "engine.effect.king_draw": "{name} plays {card}: {victim} draws one card (R5.8).",
    "engine.effect.king_reverse_skip": (
        "{name} plays {card}: play reverses and {lost} misses the turn; {turn} is next (R5.8)."),
    "engine.effect.king_reverse_free": "{name} plays {card}: play reverses (R5.8).",
    "engine.effect.four": (
        "{name} plays {card}: {victim} misses the next two turns (R5.9)."),
    "engine.effect.five": "{name} plays {card}: every other player draws one card (R5.10).",
    "engine.effect.reshuffle": {
        "one": ("The draw pile is empty: the discard pile except its top card ({n} card) is "
                "shuffled into a new draw pile (R3.5)."),
        "other": ("The draw pile is empty: the discard pile except its top card ({n} cards) "
                  "is shuffled into a new draw pile (R3.5).")},
    "engine.effect.exhausted": {
        "one": ("Nothing is left to draw: {name} drew {got}, and the last card owed is "
                "forgiven (R3.6)."),
        "other": ("Nothing is left to draw: {name} drew {got}, and the other {n} are "
                  "forgiven (R3.6).")},
    "engine.effect.owed_draw": {"one": "{name}'s next draw takes {n} card (R6.2).",
                                "other": "{name}'s next draw takes {n} cards (R6.2)."},
    "engine.effect.owed_none": "{name}'s next `d` draws nothing and passes the turn (R6.2).",
    "engine.effect.illegal_play_penalty": (
        {"one": "{name} draws {n} for the illegal play (R3.8, illegal_play_penalty = {n}).",
        "other": "{name} draws {n} for the illegal play (R3.8, illegal_play_penalty = {n})."}),
    "engine.effect.penalty_plays_on": (
        "{name} took the penalty and now plays the turn (R5.7, penalty_ends_turn = false)."),
    "engine.effect.false_call": {"one": "{name} made a false call and draws {n} (R4.4).",
        "other": "{name} made a false call and draws {n} (R4.4)."},
    "engine.effect.false_announce": {
        "one": ("{name}: \"{word}!\" holding {held} cards, with no call due: a false call "
                "costs 1 card, which {name} draws (R10.84)."),
        "other": ("{name}: \"{word}!\" holding {held} cards, with no call due: a false call "
                  "costs {n} cards, which {name} draws (R10.84).")},
    "engine.effect.penalty_lapses": "The penalty pending for {name} lapses (R1.5).",
    "engine.effect.skip_lapses": {
        "one": "The skip passed on to {name} ({n} turn) lapses with them (R1.5).",
        "other": "The skip passed on to {name} ({n} turns) lapses with them (R1.5)."},
    "engine.effect.turn_to": "{name} is to play.",
    "engine.draw": "{name} draws a card; the turn passes (R3.4).",
    "engine.draw_play": "{name} draws a card and plays it at once (R3.4).",
    "engine.draw_counted": {"one": "{name} draws {n} card; the turn passes (R10.50).",
        "other": "{name} draws {n} cards; the turn passes (R10.50)."},
    "engine.draw_counted_play": {
        "one": "{name} draws {n} card and plays the last one drawn (R10.50).",
        "other": "{name} draws {n} cards and plays the last one drawn (R10.50)."},
    "engine.draw_penalty": {"one": "{name} takes the penalty and draws {n} (R5.7).",
        "other": "{name} takes the penalty and draws {n} (R5.7)."},
    "engine.draw_owed": {
        "one": "{name} draws {n} card instead of going out on an action card (R6.2).",
        "other": "{name} draws {n} cards instead of going out on an action card (R6.2)."},
    "engine.draw_owed_none": (
        "{name} draws nothing instead of going out on an action card; the turn passes (R6.2)."),
    "engine.announce": "{name}: \"Laatste kaart!\" — announced in time (R4.1).",
    "engine.announce.word": "{name}: \"{word}!\" — announced in time (R10.80).",
    "engine.announce.second_last": (
        "{name}: \"{word}!\" on the second-to-last card — announced in time (R10.81)."),
    "engine.out_call.counts": (
        "{name}: \"{word}!\" on {card}: the others' points of this hand are multiplied by "
        "{factor} (R10.82)."),
    "engine.out_call.told": "{name} goes out on {card} with \"{word}!\" (R10.82).",
    "engine.out_call.wrong_card": (
        "{name} says \"{word}!\" but went out on {card}, which the call is not said on: "
        "no effect on the points (R10.83)."),
    "engine.out_call.not_first": (
        "{name} says \"{word}!\" going out after the hand's winner: only the winner's "
        "call counts (R10.83)."),
    "engine.out_call.not_out": (
        "{name} says \"{word}!\" without going out: the call is said with the play "
        "that goes out, and has no effect (R10.83)."),
    "engine.announce.late": (
        "{name} announces too late: another player has acted, so {name} can still be "
        "called (R4.2)."),
    "engine.announce.again": "{name} has already announced the last card (R4.1).",
    "engine.announce.none": "{name} owes no announcement now; it has no effect (R4.1).",
    "engine.call.hit": (
        {"one": "{name} forgot to say \"Laatste kaart!\" and draws {n} (R4.3).",
        "other": "{name} forgot to say \"Laatste kaart!\" and draws {n} (R4.3)."}),
    "engine.call.hit.second_last": (
        {"one": "{name} forgot to say \"{word}!\" and draws {n} (R10.81).",
         "other": "{name} forgot to say \"{word}!\" and draws {n} (R10.81)."}),
    "engine.call.hit.word": (
        {"one": "{name} forgot to say \"{word}!\" and draws {n} (R10.80).",
         "other": "{name} forgot to say \"{word}!\" and draws {n} (R10.80)."}),
    "engine.call.premature": (
        "Too early: {name} may still announce until another player acts; the call has "
        "no effect (R4.2)."),
    "engine.call.void_announced": "{name} announced in time; the call has no effect (R4.4).",
    "engine.call.void_called": "{name} has already been called; the call has no effect (R4.4).",
    "engine.call.void_count": {
        "one": "{name} holds {n} card but owes no announcement now; the call has no effect (R4.4).",
        "other": "{name} holds {n} cards, not one; the call has no effect (R4.4)."},
    "engine.leave": {
        "one": ("{name} leaves the table; their {n} card goes under the draw pile and they "
                "are out of the series (R1.5)."),
        "other": ("{name} leaves the table; their {n} cards go under the draw pile and they "
                  "are out of the series (R1.5).")},
    "engine.fix.draw": {
        "one": "Correction: {name} drew {n} card that was not entered (R0.2).",
        "other": "Correction: {name} drew {n} cards that were not entered (R0.2)."},
    "engine.fix.count": {"one": "Correction: {name} holds {n} card, not {old} (R0.2).",
                         "other": "Correction: {name} holds {n} cards, not {old} (R0.2)."},
    "engine.fix.play": "Correction: {name} played {card}, which was not entered (R0.2).",
    "engine.next": "{name} is to play.",
    # -- queries ------------------------------------------------------------
    "engine.query.state": "{summary}",
    "engine.summary.waiting": "Hand dealt by {dealer}; waiting for the starter card (`{ex:start 9h}`).",
    "engine.summary.over": "The hand is over: {winner} won it.",
    "engine.summary.blocked": "The hand is over: it was blocked (R3.9).",
    "engine.summary.top": "Top card {top}.",
    "engine.summary.named": "Named suit: {suit}.",
    "engine.summary.pending": {"one": "{turn} must draw {n} or play {stack}.",
        "other": "{turn} must draw {n} or play {stack}."},
    "engine.summary.pending_nostack": {"one": "{turn} must draw {n}.",
        "other": "{turn} must draw {n}."},
    "engine.summary.skip": "{turn} must play {rank} or `{cmd:pass}`.",
    "engine.summary.limit": "The next card must be {limit}.",
    "engine.summary.demand": "{turn} must play {rank} or a card that demands, or draw ({name} demanded it).",
    "engine.summary.turn": "{turn} is to play.",
    "engine.summary.free": "Anyone may play (snel pesten).",
    "engine.check.usage": "Name a card to check, like `{cmd:check 7h}`.",
    "engine.check.legal": "Yes: {name} may play {card} now.",
    "engine.check.illegal": "No: {why} Legal now: {allowed}.",
    "engine.check.pending_draw": {"one": "only `d`, to take the {n} pending card",
                                  "other": "only `d`, to take the {n} pending cards"},
    "engine.check.skip_options": "{rank}, or `{cmd:pass}`",
    "engine.check.demand_options": "{rank} or a card that demands, or `d`",
    "engine.check.legal_anyone": "Yes: {card} fits the discard pile now, for any player.",
    "engine.check.pending_options": "{stack} on the pending {n}, or `d` to take them",
    "engine.why.nothing": "No ruling yet in this session.",
    "engine.why.line": "{rule}: {text}{house}",
    "engine.why.cited": "{text}{house}",
    "engine.why.house": " House rule `{key} = {value}`.",
    "engine.why.house_rule": " House rule `{key} = {value}` ({rule}).",
    "engine.why.house_at": " House rule `{key} = {value}` ({rule}).{where}",
    "engine.why.where.line": " Set in {file}, line {line}.",
    "engine.why.where.file": " Set in {file}.",
    "engine.why.where.preset": " Set by the preset {name}.",
    "engine.why.card_of": "{name}'s {card}",
    "engine.why.on": "{card} on {under}",
    "engine.why.cause.pending": "Cause: {chain}: {sum} pending ({rules}).",
    "engine.why.cause.taken": "Cause: {name} had to draw {sum}: {chain} ({rules}).",
    "engine.why.cause.skip": {
        "one": "Cause: {chain}: {sum} turn to miss, unless {rank} passes it on (R5.11).",
        "other": "Cause: {chain}: {sum} turns to miss, unless {rank} passes them on (R5.11)."},
    "engine.why.cause.wait": {
        "one": "Cause: {chain}: {sum} turn to wait, unless {rank} adds to it (R10.21).",
        "other": "Cause: {chain}: {sum} turns to wait, unless {rank} adds to them (R10.21)."},
    "engine.why.cause.suit": "Cause: {name} named {suit} with {card} ({rule}).",
    "engine.why.cause.limit": "Cause: {name} played {card}: the next card must be {limit} ({rule}).",
    "engine.why.allowed": "Allowed instead: {allowed}.",
    "engine.why.double": ("{name} put {n} cards of one rank down as one play, the last on top, "
                          "each with its effect (R3.10).{house}"),
    # -- words --------------------------------------------------------------
    "engine.words.nothing": "nothing",
    "engine.words.a.2": "a Two", "engine.words.a.3": "a Three", "engine.words.a.4": "a Four",
    "engine.words.a.5": "a Five", "engine.words.a.6": "a Six", "engine.words.a.7": "a Seven",
    "engine.words.a.8": "an Eight", "engine.words.a.9": "a Nine", "engine.words.a.10": "a Ten",
    "engine.words.a.J": "a Jack", "engine.words.a.Q": "a Queen", "engine.words.a.K": "a King",
    "engine.words.a.A": "an Ace", "engine.words.a.Joker": "a Joker",
    "engine.words.a_colour.black": "{a_rank} of clubs or spades",
    "engine.words.a_colour.red": "{a_rank} of diamonds or hearts",
    "engine.words.limit.at_most": "a card of at most {value} (any suit) or a Joker",
    "engine.words.limit.at_least": "a card of at least {value} (any suit) or a Joker",
    "engine.words.limit.rank": "{rank} or a Joker",
    "engine.words.limit.follow": "a card of {suit} or another {rank}",
    "engine.words.any_card": "any card",
    "engine.words.any_suit": "any {suit}",
    "engine.words.any_rank": "any {rank}",
    "engine.words.but_not": "{allowed}, but not {barred}",
    "engine.words.or_list": "{head} or {last}",
    "engine.words.and_list": "{head} and {last}",
    "engine.words.misses_turn": "{name} misses the turn",
    "engine.words.reverses": "play reverses",
    "engine.words.misses_turns": "{name} misses the next {n} turns",
    "engine.suit.c": "clubs", "engine.suit.d": "diamonds", "engine.suit.h": "hearts",
    "engine.suit.s": "spades",
    "engine.words.clockwise": "clockwise",
    "engine.words.counterclockwise": "counterclockwise",
    "engine.rank.2": "Two", "engine.rank.3": "Three", "engine.rank.4": "Four",
    "engine.rank.5": "Five", "engine.rank.6": "Six", "engine.rank.7": "Seven",
    "engine.rank.8": "Eight", "engine.rank.9": "Nine", "engine.rank.10": "Ten",
    "engine.rank.J": "Jack", "engine.rank.Q": "Queen", "engine.rank.K": "King",
    "engine.rank.A": "Ace", "engine.rank.Joker": "Joker",
}
