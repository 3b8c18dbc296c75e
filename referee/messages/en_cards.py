"""English names of cards as players read them on screen (keys ``cards.*``).

A card on screen is its rank as the table says it plus the suit symbol
(``J♥``, ``10♠``); the number ranks are digits in every language, the court
cards and the Ace take the language's own letter (Dutch ``B♥`` for boer).
"""

MESSAGES = {
    "cards.rank.J": "J",
    "cards.rank.Q": "Q",
    "cards.rank.K": "K",
    "cards.rank.A": "A",
    "cards.joker": "Joker",
    # The Joker as the card a player plays, with the article the language needs
    # ("Bram joue le Joker :"); English names it bare, as the other cards.
    "cards.joker.played": "Joker",
}
