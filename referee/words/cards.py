"""A card, a suit and a rank as whoever reads them reads them, in the active language.

The engine keeps a card as a value (``referee.engine.cards.Card``, canonical
``str``: ``Kh``); what a player reads on screen is said here, through the
message layer: the rank's letter and the suit symbol (Dutch ``H♥``), the suit's
and the rank's names ("spades", "Seven"), one card of a rank ("an Eight").
Light to import (``score``, ``standings`` and ``state`` of a hand only dealt read
it): the message layer and the cards alone.
"""

from __future__ import annotations

from referee.engine.cards import JOKER, SUIT_SYMBOLS, Card
from referee.messages import t

_RANK_KEYS = {"J": "cards.rank.J", "Q": "cards.rank.Q", "K": "cards.rank.K", "A": "cards.rank.A"}


def pretty(card: Card) -> str:
    """The card as players read it on screen, in the active language: its rank
    (the court cards and the Ace by the language's letter: Dutch ``B♥``) and the
    suit symbol; ``Joker`` by the language's word (Italian ``Jolly``)."""
    if card.rank == JOKER:
        return t("cards.joker")
    rank = card.rank
    if rank in _RANK_KEYS:
        rank = t(_RANK_KEYS[rank])
    return f"{rank}{SUIT_SYMBOLS[card.suit]}"


def played(card: Card) -> str:
    """The card a player plays, as a ruling names it: ``pretty``, except the Joker,
    which takes the article its language needs (French ``le Joker``, Italian
    ``il Jolly``: "Bram joue le Joker :"; English ``Joker``)."""
    return t("cards.joker.played") if card.rank == JOKER else pretty(card)


def suit_word(suit: str) -> str:
    """The name of a suit (``"s"`` -> "spades") in the active language."""
    return t(f"engine.suit.{suit}")


def rank_word(rank: str) -> str:
    """The name of a rank (``"7"`` -> "Seven") in the active language."""
    return t(f"engine.rank.{rank}")


def a_rank(rank: str) -> str:
    """One card of ``rank``, as a sentence names it: "a Two", "een Boer" (R9)."""
    return t(f"engine.words.a.{rank}")
