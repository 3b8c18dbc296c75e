"""Cards: parsing and printing (NOTATION.md "Cards", RULES.md R1.3).

A card is a small immutable value. ``parse_card`` is lenient (``7H``, ``7♥``,
``10S``, ``T``, ``jo``, ``*``); ``str(card)`` is canonical (``7h``, ``10s``,
``Qd``, ``Ac``, ``Joker``).
"""

from __future__ import annotations

from referee.engine.lexicon import ENGLISH, EVERYWHERE, Lexicon

SUITS = ("c", "d", "h", "s")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "Joker"
#: Every rank, the Joker last: what ``[actions]`` and ``[points]`` may name (R7.1, R9.1).
ALL_RANKS: tuple[str, ...] = RANKS + (JOKER,)
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

# The suits as every language reads them: English, the symbols, and Pesten's
# own Dutch words (``lexicon.EVERYWHERE``).
_SUIT_WORDS = {
    "c": "c", "♣": "c", "clubs": "c", "club": "c",
    "d": "d", "♦": "d", "diamonds": "d", "diamond": "d",
    "h": "h", "♥": "h", "hearts": "h", "heart": "h",
    "s": "s", "♠": "s", "spades": "s", "spade": "s",
    "♧": "c", "♢": "d", "♡": "h", "♤": "s",
    **EVERYWHERE.suit_names,
}
# Only the one-character forms may follow a rank inside a card token.
_SUIT_CHARS = {"c": "c", "d": "d", "h": "h", "s": "s", "♣": "c", "♦": "d", "♥": "h",
               "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
_RANK_WORDS = {str(n): str(n) for n in range(2, 11)}
_RANK_WORDS.update({"t": "10", "j": "J", "q": "Q", "k": "K", "a": "A"})
_JOKER_WORDS = {"joker", "jo", "*", "jkr", "🃏"}


class NotationError(ValueError):
    """A token or line that does not read as table notation (NOTATION.md).

    Data, not text: ``key`` names the message (area ``notation``) and ``fields``
    its values, as a ``told.Told`` does; whoever catches it says it in its
    reader's language (``referee.messages.say(error)``).
    """

    def __init__(self, key: str, /, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


_INTERNED: dict[tuple[str, str | None], Card] = {}
"""The one ``Card`` object of each (rank, suit) made so far."""


class Card:
    """One playing card.

    ``rank`` is one of ``RANKS`` or ``"Joker"``; ``suit`` is one of ``SUITS``,
    or None for a Joker.  ``str(card)`` is the canonical form (``"10h"``).

    ``id`` is the card's small int, ``rank index * 4 + suit index`` (0 = 2c ...
    51 = As) and 52 for the Joker: ``CARDS[card.id] is card``; the engine's
    compiled tables are indexed by it.

    Cards are interned: ``Card(rank, suit)`` always returns the same object
    for the same rank and suit, so equality and hashing go by identity and
    cost next to nothing (the engine looks cards up on every entry).  A card
    is immutable; setting an attribute raises ``AttributeError``.
    """

    __slots__ = ("rank", "suit", "_text", "id")
    __match_args__ = ("rank", "suit")

    def __new__(cls, rank: str, suit: str | None = None) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is None:
            card = object.__new__(cls)
            _set = object.__setattr__
            _set(card, "rank", rank)
            _set(card, "suit", suit)
            _set(card, "_text", JOKER if rank == JOKER else f"{rank}{suit}")
            _set(card, "id", _card_id(rank, suit))
            _INTERNED[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a Card is immutable")

    def __reduce__(self) -> tuple:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"parse_card({self._text!r})"

    @property
    def is_joker(self) -> bool:
        """True for a Joker (R3.2)."""
        return self.rank == JOKER


def _card_id(rank: str, suit: str | None) -> int:
    if rank == JOKER:
        return JOKER_ID
    if rank not in _RANK_INDEX or suit not in _SUIT_INDEX:
        raise ValueError(f"not a card: {rank!r} {suit!r}")
    return _RANK_INDEX[rank] * 4 + _SUIT_INDEX[suit]


_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
JOKER_ID = 52
"""The Joker's card id (the 52 others: ``rank index * 4 + suit index``)."""

CARDS: tuple[Card, ...] = tuple([Card(r, s) for r in RANKS for s in SUITS] + [Card(JOKER, None)])
"""Every kind of card by its id: ``CARDS[card.id] is card``."""

JOKER_CARD = CARDS[JOKER_ID]


def parse_suit(token: str, lex: Lexicon = ENGLISH) -> str | None:
    """A suit token (``s``, ``♠``, ``spades``, ``schoppen``) -> ``"s"``; None if not a suit.

    Besides the English words and the symbols, the suit letters and words of
    language ``lex`` are read (``referee.engine.lexicon``: French ``pi``, ``pique``).
    """
    t = token.strip().lower()
    suit = _SUIT_WORDS.get(t)
    if suit is None and lex is not ENGLISH:
        suit = lex.suit_words.get(t)
    return suit


def parse_card(token: str, lex: Lexicon = ENGLISH) -> Card:
    """One card token -> Card, read in language ``lex`` (``try_card``).

    Accepts ``7h``, ``7H``, ``7♥``, ``10s``, ``Ts``, ``joker``/``jo``/``*``.
    Raises NotationError when the token is not a card.
    """
    card = try_card(token, lex)
    if card is None:
        raise NotationError("notation.not_card", token=token)
    return card


def try_card(token: str, lex: Lexicon = ENGLISH) -> Card | None:
    """Like ``parse_card`` but returns None for a token that is not a card.

    The English letters are read in every language; ``lex`` (a
    ``referee.engine.lexicon.Lexicon``, English by default) adds its own
    (Dutch ``Bh``, French ``Vco``)."""
    t = token.strip().lower()
    if not t:
        return None
    if t in _JOKER_WORDS:
        return JOKER_CARD
    suit = _SUIT_CHARS.get(t[-1])
    rank = _RANK_WORDS.get(t[:-1]) if suit is not None else None
    if rank is None:
        # English letters keep their meaning in every language; the table's
        # language only adds its own (NOTATION.md "Languages").
        return None if lex is ENGLISH else _local_card(t, lex)
    return Card(rank, suit)


def try_rank(token: str, lex: Lexicon = ENGLISH) -> str | None:
    """A rank but the Joker as typed alone (``7``, ``10``, ``Q``; in ``lex``'s letters
    too: Dutch ``V``), the demand after a card (R10.22); None for another token."""
    t = token.strip().lower()
    return _RANK_WORDS.get(t) or (lex.ranks.get(t) if lex is not ENGLISH else None)


def _local_card(t: str, lex: Lexicon) -> Card | None:
    """A card token in language ``lex``'s letters (Dutch ``Bh``, French ``Vco``)."""
    if t in lex.jokers:
        return JOKER_CARD
    for cut in (2, 1):
        if len(t) <= cut:
            continue
        tail, head = t[-cut:], t[:-cut]
        suit = lex.suits.get(tail) or (_SUIT_CHARS.get(tail) if cut == 1 else None)
        if suit is None:
            continue
        rank = _RANK_WORDS.get(head) or lex.ranks.get(head)
        if rank is not None:
            return Card(rank, suit)
    return None


#: The decks a rule set may play with (R10.40, ``deck``): cards in one deck without
#: its Jokers -> its lowest rank (52: Two to Ace; 36: Six to Ace; 32: Seven to Ace).
DECKS: dict[int, str] = {52: "2", 36: "6", 32: "7"}


def deck_ranks(deck: int = 52) -> tuple[str, ...]:
    """The ranks a deck of ``deck`` cards holds, Two (or Six, or Seven) to Ace, Joker
    not included (R10.40).  Raises KeyError for a size that is no deck."""
    return RANKS[RANKS.index(DECKS[deck]):]


def in_the_deck(card: Card, deck: int = 52) -> bool:
    """Whether a deck of ``deck`` cards holds ``card``'s rank (R1.3, R10.40); a Joker
    always (``jokers_per_deck`` says how many)."""
    return card.rank == JOKER or card.rank in deck_ranks(deck)


def full_deck(jokers: int = 2, deck: int = 52) -> list[Card]:
    """One deck: ``deck`` cards (52, 36 or 32: R10.40) plus ``jokers`` Jokers (R1.3,
    ``jokers_per_deck``)."""
    cards = [Card(r, s) for s in SUITS for r in deck_ranks(deck)]
    cards += [JOKER_CARD] * int(jokers)
    return cards


def deck_size(decks: int, jokers: int, deck: int = 52) -> int:
    """Cards in play: ``decks`` decks of ``deck`` cards (R10.40) plus ``jokers`` Jokers
    each (R1.3)."""
    return decks * (deck + int(jokers))


def copies_per_deck(card: Card, jokers: int = 2, deck: int = 52) -> int:
    """How many of this card one deck holds: 1, or ``jokers`` for a Joker (R1.3, R1.4);
    0 for a rank a deck of ``deck`` cards does not hold (R10.40)."""
    if card.rank == JOKER:
        return int(jokers)
    return 1 if card.rank in deck_ranks(deck) else 0
