"""English texts for scoring, series and standings (``referee.series.scoring``, RULES.md R7).

Refusal templates carry no rule id and no closing full stop: ``ScoreError``
adds both through ``score.cite`` ("... 3 were given (R7.2).").
"""

MESSAGES = {
    # -- how a refusal cites its rule -------------------------------------
    "score.cite": "{text} ({rule}).",

    # -- a hand scored (``score``) -------------------------------------------
    "score.recorded": "Hand {hand} scored: {points}.",
    "score.factor": "{points} (multiplied by {factor} for the winner's call on going out, R10.82)",

    # -- the next hand dealt (``score``, ``new``, ``play``: R2.1, R2.5, R1.3) ----
    "score.deal.decks": {"one": "Shuffle 1 deck: {cards} in all.",
                         "other": "Shuffle {n} decks together: {cards} in all."},
    "score.deal.next_hand": "Hand {hand}: {dealer} deals; {first} plays first once the starter is turned (`{ex:start 9h}`).",
    "score.deal.next_hand_free": "Hand {hand}: {dealer} deals; once the starter is turned (`{ex:start 9h}`) anyone may play (snel pesten).",

    # -- lists of names and counted things ---------------------------------
    "score.join.pair": "{first} and {second}",
    "score.join.last": "{head} and {last}",
    "score.join.sep": ", ",
    "score.n_cards": {"one": "1 card", "other": "{n} cards"},

    # -- refusals: the series and the hand ---------------------------------
    "score.refuse.series_over": "The series is over and was won by {names}; there is no hand left to score. Correct a hand with `score --hand N`, or start the next series with `pesten-ref new`",
    "score.refuse.next_hand_over": "The series is over and was won by {names}; no further hand is dealt",
    "score.refuse.unknown_player": "There is no player called {name} at this table (players: {players})",
    "score.refuse.playing": "Hand {hand} is still being played; it can be scored once it is over",
    "score.refuse.scored": "Hand {hand} has already been scored",
    "score.refuse.not_scored": "Hand {hand} has not been scored yet; score it before the next deal",
    "score.refuse.result_mismatch": "This result is for hand {got}, but the series is at hand {hand}",

    "score.refuse.no_such_hand": "There is no scored hand {hand} to correct; hands 1 to {last} have been scored",
    "score.refuse.no_hand_yet": "There is no scored hand {hand} to correct; no hand has been scored yet",
    "score.refuse.no_change": "Hand {hand} already has exactly this score; nothing was changed",
    "score.refuse.correct_back": "With this correction {names} would still have been in the series for hand {later}, but hand {later} was already played without {names}, so hand {hand} cannot be corrected this way",
    "score.refuse.correct_out": "With this correction {names} would have been out of the series before hand {later}, but {names} already played hand {later}, so hand {hand} cannot be corrected this way",
    "score.refuse.correct_ends_series": "With this correction the series would have been over before hand {later}, but hand {later} was already played, so hand {hand} cannot be corrected this way",
    "score.refuse.correct_dealer": "With this correction {other} would have dealt hand {later}, but {dealer} already dealt it, so hand {hand} cannot be corrected this way",

    # -- refusals: who won --------------------------------------------------
    "score.refuse.winner_required": "Hand {hand} was not refereed, so its winner must be named (--winner NAME)",
    "score.refuse.winner_unknown": "The referee has no winner for hand {hand}, so it must be named (--winner NAME)",
    "score.refuse.winner_disagrees": "The referee has {winner} as the winner of hand {hand}, not {given}",
    "score.refuse.blocked_winner": "Hand {hand} was blocked and has no winner, so {given} cannot be given as its winner",
    "score.refuse.winner_cards": "{player} won hand {hand} and scores 0, so no cards or points can be given for {player}",
    "score.refuse.out_cards": "{player} went out in hand {hand} and scores 0, so no cards or points can be given for {player}",

    # -- refusals: who is in the hand ---------------------------------------
    "score.refuse.left": "{player} left the table during hand {hand} and does not score it",
    "score.refuse.left_winner": "{player} left the table during hand {hand} and cannot have won it",
    "score.refuse.out": "{player} is out of the series and did not play hand {hand}",
    "score.refuse.missing": "No score was given for {players}: give the cards each one holds (NAME=\"{ex:Ah Ks 3d}\") or a point total (NAME=23)",

    # -- the words of a score (``parse_score_words``: the command line and the prompt)
    "score.words.bad_winner": "`--winner` needs a name: score --winner Anna Bram=23 Cees={ex:Ah Ks}.",
    "score.words.bad_hand": "`--hand` needs the number of a hand: score --hand 2 Bram=23 Cees={ex:Ah Ks}.",
    "score.words.bad_by": "`--by` needs a name: score --hand 2 --by Anna Bram=23 Cees={ex:Ah Ks}.",
    "score.line.corrected": "Hand {hand} corrected: {points} (was {old}).",
    "score.words.twice": "{name} is given twice; give each player once.",
    "score.words.no_name": "'{word}' comes before any name: write score Anna={ex:Ah Ks 3d} Cees=23.",
    "score.words.bare": "'{arg}' should read NAME=\"{ex:Ah Ks 3d}\" or NAME=23.",

    # -- refusals: the cards and points given ------------------------------
    "score.refuse.bad_card": "'{token}' is not a card",
    "score.refuse.bad_card_for": "'{token}' given for {player} is not a card",
    "score.refuse.negative": "A point total cannot be negative ({player}: {total})",
    "score.refuse.too_big": {
        "one": "1 point for {player} cannot be right; give the cards, or the points they are worth",
        "other": "{n} points for {player} cannot be right; give the cards, or the points they are worth"},
    "score.refuse.no_jokers": "This game has no Jokers, so {player} cannot hold one",
    "score.refuse.not_in_deck": (
        "{player} cannot hold {card}: this game's {deck}-card deck runs from {lowest} to Ace"),
    "score.refuse.count": {"one": "{player} holds {held} by the referee's count, 1 was given",
                           "other": "{player} holds {held} by the referee's count, {n} were given"},
    "score.refuse.points_range": "{player} holds {held} by the referee's count, worth from {low} to {high} in points, so a total of {total} is not possible",
    "score.refuse.log_blocked": "By its entries hand {hand} was blocked, so its result cannot have a winner",
    "score.refuse.log_not_blocked": "By its entries {winner} won hand {hand}, so its result cannot say it was blocked",
    "score.refuse.log_points": "{player}'s cards in the result add up to {worth}, not {points}",
    "score.refuse.log_factor": "the call on going out multiplies the points of hand {hand} by {factor}, not {given}",
    "score.refuse.in_discard": "{card} is in the discard pile; {player} cannot hold it",
    "score.refuse.in_discard_all": {
        "one": "The only copy of {card} is in the discard pile; {player} cannot hold it",
        "other": "All {n} copies of {card} are in the discard pile; {player} cannot hold one"},
    "score.refuse.too_many_one": "There is only one {card} in play, but it was given to {players}",
    "score.refuse.same_twice": "{card} was given twice to {player}, but only one copy of it is outside the discard pile",
    "score.refuse.same_many": {
        "one": "{card} was given {n} time to {player}, more often than it is outside the discard pile",
        "other": "{card} was given {n} times to {player}, more often than it is outside the discard pile"},
    "score.refuse.too_many": {
        "one": "{card} was given to {players} ({given} in all), but only one copy of it is outside the discard pile",
        "other": "{card} was given to {players} ({given} in all), but only {n} copies of it are outside the discard pile"},

    # -- refusals: setting up a series -------------------------------------
    "score.refuse.player_count": {"one": "A series needs 2 to 8 players; 1 was given",
                                  "other": "A series needs 2 to 8 players; {n} were given"},
    "score.refuse.duplicate": "{name} is seated twice; names must be unique",
    "score.refuse.dealer": "The dealer {name} is not at this table",
    "score.bad_save": "The series record in the save file is damaged ({what}).",
    "score.bad.unknown_record": "a record for {name}, who is not seated",
    "score.bad.negative": "{name} has {key} = {value}, and it cannot be negative",
    # what a value read back from a save may be (after "a list of", "a table of")
    "score.allowed.names": "the players' names, in quotes",
    "score.allowed.joined": "a list of tables with name, total and at",
    "score.allowed.records": "records, one for each player",
    "score.allowed.record": "name, total, wins, eliminated, left and out_hand",
    "score.allowed.results": "hand results",
    "score.allowed.result": "hand, winner, blocked, points, cards and left",
    "score.allowed.points": "name = points",
    "score.allowed.cards": "name = the cards left in the hand",
    "score.allowed.card_list": "cards, in quotes",
    "score.allowed.corrections": "corrections, each with its at, by, old and new",
    "score.allowed.correction": "at, by, old and new",

    # -- events after a hand is scored (told to the table) ------------------
    "score.joined_highest": "{name} joins the series from hand {hand}, starting at {total}: the highest total of those still in (R7.3).",
    "score.joined_total": "{name} joins the series from hand {hand}, starting at {total} (R7.3).",
    "score.refuse.join_over": "The series is over ({names} won it): nobody can join it",
    "score.refuse.join_name": "{problem}",
    "score.refuse.join_playing": "Hand {hand} is being played: {name} can join from the next hand, once this one is scored",
    "score.refuse.join_over_limit": "{name} cannot start at {total}: that is over the limit of {limit}",
    "score.abandoned": "Hand {hand} is abandoned: nobody scores it, and its log is kept as {file} (R7.3).",
    "score.refuse.abandon_over": "The series is over ({names} won it): there is no hand to abandon",
    "score.refuse.abandon_scored": "Hand {hand} is scored already; correct its score with `score --hand {hand}` instead",
    "score.refuse.abandon_waiting": "Hand {hand} has not begun: there is nothing to abandon",
    "score.event.winner_untold": "No score was given for {names}, who went out with 0 cards (R7.1).",
    "score.event.hand_won": "{names} wins hand {hand}.",
    "score.event.hand_blocked": "Hand {hand} was blocked: everyone scored the cards they held.",
    "score.event.left": "{names} left the table and is out of the series.",
    "score.event.eliminated": {"one": "{names} is out with 1 point (over {limit}).",
                               "other": "{names} is out with {n} points (over {limit})."},
    "score.event.all_over": "Everyone would go over {limit}; {names} stays with the lowest total, {total}.",
    "score.event.all_over_shared": "Everyone would go over {limit}; {names} stay with the lowest total, {total}.",
    "score.event.series_won": "{names} wins the series!",
    "score.event.back_in": {"one": "{names} is back in the series with 1 point (not over {limit}).",
                            "other": "{names} is back in the series with {n} points (not over {limit})."},
    "score.event.series_open": "The series is not won after all: it goes on.",
    "score.event.series_shared": "{names} share the series win!",

    # -- standings ----------------------------------------------------------
    "score.col.seat": "Seat",
    "score.col.place": "Place",
    "score.col.last": "Last",
    "score.col.to_go": "To go",
    "score.col.player": "Player",
    "score.col.total": "Total",
    "score.col.wins": "Wins",
    "score.status.out": "out",
    "score.status.left": "left",
    "score.status.deals": "deals next",
    "score.line.next_dealer": "Next to deal: {name} (hand {hand}).",
    "score.line.series_won": "{names} won the series.",
    "score.line.series_shared": "{names} share the series win.",
    "score.line.limit": {"one": "Elimination: a total over 1 point is out.",
                         "other": "Elimination: a total over {n} points is out."},
    "score.line.hands": {"one": "Fixed series: {scored} scored out of {hands}, 1 hand left; the lowest total wins.",
                         "other": "Fixed series: {scored} scored out of {hands}, {n} hands left; the lowest total wins."},
    "score.line.casual": "Casual play: only wins are counted.",
    "score.line.casual_hands": {"one": "Casual series: {scored} scored out of {hands}, 1 hand left; the most wins wins.",
                                "other": "Casual series: {scored} scored out of {hands}, {n} hands left; the most wins wins."},
}
