"""English texts of the games area: the rule book of each game of Pesten's family
shipped as a preset (RULES.md R10, ``referee.series.gamebook``).

Keys:

- ``games.book.*``: the frame of a game's rule book (section titles, the calls,
  the scoring);
- ``games.<game>.name``, ``.intro``, ``.deal``, ``.variants``: each game's own
  name (kept in every language: "Huit américain" stays), introduction, deal and
  the house rules its sources name beside the preset's.  What each card does,
  the draw, going out, the calls and the scoring are written from the preset's
  own table, never here.

Templates are ``str.format`` strings; none contains a literal brace.
"""

MESSAGES: dict[str, str | dict[str, str]] = {
    # --- the frame of a game's rule book --------------------------------------
    "games.book.title": "{game}: the rule book",
    "games.book.family": "One of Pesten's family of games, refereed with the rules of this "
                         "book and the preset `{name}` (R10).",
    "games.book.deal": "How to deal",
    "games.book.play": "How to play",
    "games.book.match": "Play a card of the suit or the rank of the top card (R3.1).",
    "games.book.out": "Going out",
    "games.book.blocked": {
        "one": "No one goes out on these cards: {cards}; such a play is refused, and the "
               "player's next draw takes {n} card (R6.2).",
        "other": "No one goes out on these cards: {cards}; such a play is refused, and the "
                 "player's next draw takes {n} cards (R6.2).",
    },
    "games.book.calls": "The calls",
    "games.book.call_false": {
        "one": "One who says \"{word}!\" with no call due draws 1 card (R10.84).",
        "other": "One who says \"{word}!\" with no call due draws {n} cards (R10.84)."},
    "games.book.call_word": {
        "one": "A player whose play leaves them one card says \"{word}!\" (typed `{word}` "
               "or `lk`); one who forgets and is caught (`{cmd:call Anna}`) draws {n} card (R10.80).",
        "other": "A player whose play leaves them one card says \"{word}!\" (typed `{word}` "
                 "or `lk`); one who forgets and is caught (`{cmd:call Anna}`) draws {n} cards "
                 "(R10.80).",
    },
    "games.book.call_free": "There is no last-card call in this game: a call costs nothing "
                            "(R4.3).",
    "games.book.out_on": "A player who goes out on a card of rank {cards} and says "
                         "\"{word}!\" (typed after the play) multiplies the others' points "
                         "for the hand by {factor} (R10.82).",
    "games.book.out_any": "A player who goes out and says \"{word}!\" (typed after the play) "
                          "multiplies the others' points for the hand by {factor} (R10.82).",
    "games.book.out_told": "A player who goes out says \"{word}!\" with the last card (typed "
                           "after the play); forgetting it costs nothing (R10.82).",
    "games.book.scoring": "Scoring",
    "games.book.points": "Points of the cards: {points}.",
    "games.book.penalty": "When a player goes out, the others score the cards left in their "
                          "hands and the winner 0; the lowest total is the best (R7.1).",
    "games.book.penalty_last": "The last player holding cards scores them; everyone out "
                               "scores 0 and the lowest total is the best (R6.3, R7.1).",
    "games.book.collects": "The first out collects the points of every card the others hold; "
                           "the others score 0 and the highest total is the best (R10.90). In "
                           "a blocked hand the one holding the fewest points scores the "
                           "difference to each other hand (R10.92).",
    "games.book.variants": "House rules",
    "games.book.others": "Other tables play with these house rules, which a file that "
                         "extends `{name}` can set:",
    "games.book.sources": "Sources",
    "games.book.more": "One rule under this game: `pesten-ref rules R3.4 {name}`; how it "
                       "differs from Pesten: `pesten-ref rules --diff standard {name}`; a "
                       "series of it: `pesten-ref new --rules {name} --players Anna,Bram,Cees`.",

    # --- Crazy Eights -------------------------------------------------------------
    "games.crazy-eights.name": "Crazy Eights",
    "games.crazy-eights.intro": "The American game of the family: only the Eights act, and "
                                "the first to shed their cards collects the points of the "
                                "cards the others still hold.",
    "games.crazy-eights.deal": "Deal 5 cards each from one pack without Jokers (Hoyle deals 7 "
                               "each to two players: `deal_size = 7` in a file that extends "
                               "`crazy-eights`). An Eight as the starter goes back into the "
                               "stock and another is turned. The player on the dealer's left "
                               "begins.",
    "games.crazy-eights.variants": "A Two makes the next player draw 2 and a Four draw 4; "
                                   "the Queen of spades draws 5 (a card's own entry, R10.10); one "
                                   "card is drawn (`draw = \"one\"`) or up to three (`draw = "
                                   "{ up_to = 3 }`); the losers score penalty points instead "
                                   "(`[scoring] mode = \"penalty\"`). Ocho loco is the preset "
                                   "`ocho-loco`.",

    # --- Ocho loco ----------------------------------------------------------------
    "games.ocho-loco.name": "Ocho loco",
    "games.ocho-loco.intro": "Crazy Eights as Spain and Latin America play it: besides the "
                             "wild Eights, a Two makes the next player draw 2 and an Ace "
                             "draw 3, and the draws pile up.",
    "games.ocho-loco.deal": "As in Crazy Eights: 5 cards each from one pack without Jokers; "
                            "an Eight as the starter goes back into the stock. The player on "
                            "the dealer's left begins.",
    "games.ocho-loco.variants": "Twos and Aces on each other (`[stacking] groups = [[\"2\", "
                                "\"A\"]]`); Jokers that draw 5; a Jack that skips.",

    # --- Mau-Mau ------------------------------------------------------------------
    "games.mau-mau.name": "Mau-Mau",
    "games.mau-mau.intro": "The German game, played in Germany, Austria and Brazil: a "
                           "32-card pack, Sevens that draw, Eights that skip, wild Jacks and "
                           "\"Mau!\" on the last card.",
    "games.mau-mau.deal": "Deal 5 cards each from a 32-card pack, Seven to Ace (German cards: "
                          "Ober = Queen, Unter = Jack, R10.41). The player on the dealer's "
                          "left begins.",
    "games.mau-mau.variants": "A Jack on a Jack (`J = { name_suit = true, wild = true }`, "
                              "without `not_on`); a Nine or a Ten reverses, an "
                              "Ace skips; Sevens that double (2, 4, 8); a Seven countered by "
                              "an Eight of its suit (`\"8\" = { counter = \"cancel\", against "
                              "= [\"7\"], same_suit = true }`), passed on by a Nine, sent back "
                              "by a Ten; a 36-card pack (`deck = 36`). In Brazil a Seven draws "
                              "3, a Queen reverses and an Ace skips.",

    # --- Switch -------------------------------------------------------------------
    "games.switch.name": "Switch",
    "games.switch.intro": "The British and Irish game (also Two Four Jacks, Jack Change It): "
                          "Aces change the suit, Twos pick up, Eights skip, Jacks reverse and "
                          "a Seven must be covered.",
    "games.switch.deal": "Deal 7 cards each from one pack without Jokers (two packs from six "
                         "players). A trick card as the starter goes back and another is "
                         "turned. The player on the dealer's left begins.",
    "games.switch.variants": "A Queen or a King reverses instead of the Jack; the Ace of "
                             "hearts picks up 5 (R10.10); going out on any "
                             "card (`[finish] mode = \"allowed\"`); Black Jack, where a black "
                             "Jack picks up 5 and a red Jack cancels it, is the preset "
                             "`black-jack`.",

    # --- Black Jack ---------------------------------------------------------------
    "games.black-jack.name": "Black Jack",
    "games.black-jack.intro": "Switch as many British tables play it: a black Jack makes the "
                              "next player pick up 5, a red Jack cancels it, Twos and black "
                              "Jacks pile up on each other, and runs of one suit go down as "
                              "one play.",
    "games.black-jack.deal": "As in Switch: 7 cards each from one pack without Jokers (5 each "
                             "from five players, two packs from six). A trick card as the "
                             "starter goes back and another is turned. The player on the "
                             "dealer's left begins.",
    "games.black-jack.variants": "A black Jack picks up 7 (`\"J black\" = { draw = 7 }`); "
                                 "a Ten or a Queen reverses instead of the King; the Ace of "
                                 "hearts picks up 5 (R10.10); a Seven that lets its player lay "
                                 "every card of its suit; going out on any card (`[finish] "
                                 "mode = \"allowed\"`).",

    # --- Makao ---------------------------------------------------------------------
    "games.makao.name": "Makao",
    "games.makao.intro": "The Polish game (Macau in Hungary): fighting cards that make the "
                         "next player draw or wait, Jacks that ask for a rank, Aces that ask "
                         "for a suit, a Queen that goes on anything and \"Makao!\" on the "
                         "last card but one.",
    "games.makao.deal": "Deal 5 cards each from one pack without Jokers (two packs from six "
                        "players). An action card as the starter goes back and another is "
                        "turned. The player on the dealer's left begins.",
    "games.makao.variants": "A Three on a Two (and a Two on a Three) of any suit "
                            "(`[stacking] groups = [[\"2\", \"3\"]]`); the Kings of hearts and spades on each other or "
                            "on a Two or Three of their suit; Jokers standing for any card; a "
                            "demand that lasts until another Jack; \"po makale\" on going "
                            "out (`[calls] out = { word = \"po-makale\" }`); in Hungary, runs "
                            "(`multi_play = \"same_rank_or_run\"`).",

    # --- Huit américain -----------------------------------------------------------
    "games.huit-americain.name": "Huit américain",
    "games.huit-americain.intro": "The French game (also 8 américain): wild Eights, Aces that "
                                  "pile up, Jokers that draw 5 and \"Carte !\" on the last "
                                  "card.",
    "games.huit-americain.deal": "Deal 8 cards each from two packs and two Jokers. A special "
                                 "card as the starter goes back into the stock and another "
                                 "is turned. The player on the dealer's left begins.",
    "games.huit-americain.variants": "One pack (`decks = 1`); an Eight that goes on an Eight "
                                     "or an Ace too (without `not_on`); a Two that does not act (`\"2\" = \"none\"`); a "
                                     "Nine that does not act (`\"9\" = \"none\"`); going out "
                                     "on any card (`[finish] mode = \"allowed\"`).",

    # --- Last Card ----------------------------------------------------------------
    "games.last-card.name": "Last Card",
    "games.last-card.intro": "The New Zealand and Australian game: Twos and Fives pick up "
                             "(a Two on a Two, a Five on a Five), Tens skip, Aces change the suit, Jacks "
                             "play again, and several cards of a rank go down together.",
    "games.last-card.deal": "Deal 7 cards each from one pack without Jokers. The player on "
                            "the dealer's left begins.",
    "games.last-card.variants": "A Two on a Five (`[stacking] groups = [[\"2\", \"5\"]]`), or "
                                "only in its suit; an Ace wild as the last card too (without "
                                "`wild_out = false`); a Seven passes the hands round and an "
                                "Eight reverses; a missed \"Last card\" costs 5 (`[calls] "
                                "last = { word = \"Last-card\", penalty = 5 }`).",

    # --- Flemish Pesten -----------------------------------------------------------
    "games.pesten-vlaams.name": "Flemish Pesten",
    "games.pesten-vlaams.intro": "Pesten as it is played in Flanders: you knock on your last "
                                 "card, and forgetting it, knocking without a last card or "
                                 "going out on an action card each cost 5 cards.",
    "games.pesten-vlaams.deal": "Deal 7 cards each from one pack with its two Jokers (two "
                                "packs from six players). The player on the dealer's left "
                                "begins.",
    "games.pesten-vlaams.variants": "An Eight that lets its player play again instead; a Ten "
                                    "after which everyone else shows their hand (`\"10\" = { "
                                    "show = \"others\" }`); Jokers on Twos (`stacking = "
                                    "\"cumulative\"`); a drawn card played at once "
                                    "(`draw_then_play = true`).",

    # --- Prší ---------------------------------------------------------------------
    "games.prsi.name": "Prší",
    "games.prsi.intro": "The Czech and Slovak game with the 32-card German pack: Sevens draw, "
                        "Aces make the next player stand, and the Ober (Queen) changes the "
                        "suit.",
    "games.prsi.deal": "Deal 4 cards each from a 32-card pack, Seven to Ace (German cards: "
                       "Ober = Queen, Unter = Jack, R10.41). The player on the dealer's left "
                       "begins.",
    "games.prsi.variants": "5 cards each (`deal_size = 5`); the hand ends when the first is "
                           "out (`hand_end = \"first_out\"`); \"Prší!\" said on going out; no "
                           "points, only the winners counted (`[series] mode = \"casual\"`).",

    # --- Tschau Sepp --------------------------------------------------------------
    "games.tschau-sepp.name": "Tschau Sepp",
    "games.tschau-sepp.intro": "The Swiss game with the 36-card Jass pack: the Under (Jack) "
                               "changes the suit, Sevens draw, Eights skip and the Banner "
                               "(Ten) reverses; \"Tschau!\" when one card is left, \"Sepp!\" "
                               "with the last.",
    "games.tschau-sepp.deal": "Deal 5 cards each from a 36-card pack, Six to Ace (Swiss "
                              "cards: Under = Jack, Banner = Ten, Rosen = hearts, Schellen = "
                              "diamonds, Eicheln = clubs, Schilten = spades, R10.41); two "
                              "packs from six players. The player on the dealer's right "
                              "begins and play goes counterclockwise: enter the players in "
                              "that order.",
    "games.tschau-sepp.variants": "An Ace that must be covered by its player; an identical "
                                  "card played out of turn; hands won counted instead of "
                                  "points (`[series] mode = \"casual\"`).",
}
