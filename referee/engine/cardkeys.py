"""The keys of ``[actions]``, ``[stacking]`` and ``[finish] blocked`` (RULES.md R9.1, R10.10).

A key is a rank (``"K"``), a card (``"Kh"``: written ``"Kh"``, ``"K♥"``, ``"KH"``
or in a language's letters, ``"Vh"``), or a rank and a colour (``"J black"``,
``"J red"``).  ``parse_key`` gives the one spelling the engine keeps (``"Kh"``,
``"J black"``, ``"K"``); ``card_keys`` the keys that may name a card, most
specific first (R10.10: the card, then its colour, then its rank);
``key_cards`` the cards a key names; ``key_order`` a sort key (rank order, then
the colour, then the card).
"""

from __future__ import annotations

from referee.engine.cards import ALL_RANKS, CARDS, JOKER, Card, try_card

COLOURS: dict[str, tuple[str, ...]] = {"black": ("c", "s"), "red": ("d", "h")}
_COLOUR_OF = {s: colour for colour, suits in COLOURS.items() for s in suits}
_RANK_NAMES = {r.lower(): r for r in ALL_RANKS}


def parse_key(text: str) -> str | None:
    """``text`` as the engine keeps the key (R10.10), or None when it is none: a rank
    (``"k"`` -> ``"K"``), a card (``"K♥"`` -> ``"Kh"``, any language's letters) or
    a rank and a colour (``"j Black"`` -> ``"J black"``)."""
    if not isinstance(text, str):
        return None
    words = text.strip().split()
    if len(words) == 1:
        rank = _RANK_NAMES.get(words[0].lower())
        if rank is not None:
            return rank
        card = _any_card(words[0])
        return None if card is None or card.rank == JOKER else str(card)
    if len(words) == 2 and words[1].lower() in COLOURS:
        rank = _RANK_NAMES.get(words[0].lower())
        if rank is not None and rank != JOKER:
            return f"{rank} {words[1].lower()}"
    return None


def _any_card(token: str) -> Card | None:
    """A card in the English letters, else in the languages' letters when they all
    read it as the same card (``"Vh"`` is a Queen in Dutch, a Jack in French: none)."""
    card = try_card(token)
    if card is not None:
        return card
    from referee.engine.lexicon import LEXICONS
    found = {try_card(token, lex) for lex in LEXICONS.values()} - {None}
    return found.pop() if len(found) == 1 else None


def card_keys(card: Card) -> tuple[str, ...]:
    """The keys that may name ``card``, most specific first (R10.10)."""
    if card.suit is None:
        return (card.rank,)
    return (str(card), f"{card.rank} {_COLOUR_OF[card.suit]}", card.rank)


def key_rank(key: str) -> str:
    """The rank of a key (``"Kh"`` -> ``"K"``, ``"J black"`` -> ``"J"``)."""
    if key in _RANK_SET:
        return key
    if " " in key:
        return key.split()[0]
    return key[:-1]


_RANK_SET = frozenset(ALL_RANKS)


def key_cards(key: str) -> tuple[Card, ...]:
    """The cards ``key`` names (R10.10)."""
    return tuple(c for c in CARDS if key in card_keys(c))


def covers(key: str, card: Card) -> bool:
    """Does ``key`` name ``card`` (its rank, its colour or the card itself)?"""
    return key in card_keys(card)


def key_order(key: str) -> tuple:
    """A sort key for keys: rank order, the rank itself first, then colours, then cards."""
    rank = key_rank(key)
    if key == rank:
        return (ALL_RANKS.index(rank), 0, "")
    return (ALL_RANKS.index(rank), 1 if " " in key else 2, key)


def is_rank(key: str) -> bool:
    """True for a key that is a rank."""
    return key in _RANK_SET

