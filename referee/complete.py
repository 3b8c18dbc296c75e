"""Tab completion at the table prompt: the pure core (no terminal, no prompt_toolkit).

``suggest(text_before_cursor, view)`` gives the words that could replace the
word being typed, best first; ``partial_word`` says which characters that word
is; ``describe`` gives the short note shown beside a word in the menu.
``referee.repl`` wraps the three in a prompt_toolkit ``Completer``.

The referee sees no hand (RULES R0.1), so neither does completion: "fits now"
means the rules allow the card on the table, never that someone holds it.
Cards whose every copy already lies in the discard pile (R1.4) are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

from .cards import JOKER, RANKS, SUIT_SYMBOLS, SUITS, parse_suit, try_card
from .messages import t
from .notation import ANNOUNCE_WORDS, DRAW_WORDS

# The words completion offers, in canonical spelling (NOTATION.md "Entries").
ENTRY_WORDS = ("draw", "lk", "call", "leave", "fix")
CONTROL_WORDS = ("undo", "redo")
QUERY_WORDS = ("state", "check", "why", "rules", "help", "replay")
FIX_KINDS = ("draw", "count", "play")
ALL_CARDS = tuple(f"{r}{s}" for r in RANKS for s in SUITS)

_PREFIX = re.compile(r"^\s*([^\s:]+)\s*:\s*(.*)$", re.S)
_SYMBOL_TO_LETTER = {"♣": "c", "♦": "d", "♥": "h", "♠": "s",
                     "♧": "c", "♢": "d", "♡": "h", "♤": "s"}


@dataclass(frozen=True)
class TableView:
    """What completion may know of the table: public information only (R0.1).

    ``players``: names still in the hand, in seating order; ``status``:
    ``"waiting" | "playing" | "over" | "scored"``; ``turn``: the player to act
    or None; ``free``: snel pesten (R8.4, every entry needs ``Name:``);
    ``callable``: players who may be called now (R4.3); ``announce_due``: the
    player who may still say "Laatste kaart!" (R4.2); ``named_suit``: ``c d h
    s`` or None (R3.3); ``fits``: canonical cards the rules allow on the table
    now for the player to act, in order; ``spent``: canonical cards with every
    copy in the discard pile (R1.4); ``jokers``: the deck has Jokers (R1.3);
    ``decks``: decks in play (R1.3); ``rule_ids``: rule ids for ``rules R…``.
    """

    players: tuple[str, ...]
    status: str = "playing"
    turn: str | None = None
    free: bool = False
    callable: tuple[str, ...] = ()
    announce_due: str | None = None
    named_suit: str | None = None
    fits: tuple[str, ...] = ()
    spent: frozenset[str] = field(default_factory=frozenset)
    jokers: bool = True
    decks: int = 1
    rule_ids: tuple[str, ...] = ()
    pending: int = 0                          # a draw penalty pending (R5.7): only ``fits``
    draw_fits: tuple[str, ...] | None = None  # the cards ``d CARD`` may name (None: any)

    def cards(self, typed: Iterable[str] = ()) -> list[str]:
        """Every card that may still turn up (canonical), Joker last.

        ``typed``: cards already typed in the line; with one deck they are left
        out too (a card exists once per deck, R1.4).
        """
        gone = set(self.spent)
        if self.decks == 1:
            gone.update(c for c in typed if c != JOKER)
        out = [c for c in ALL_CARDS if c not in gone]
        if self.jokers and JOKER not in self.spent:
            out.append(JOKER)
        return out


def partial_word(text_before_cursor: str) -> str:
    """The word being typed: the characters after the last blank (or after ``Name:``)."""
    if not text_before_cursor or text_before_cursor[-1].isspace():
        return ""
    word = text_before_cursor.split()[-1]
    m = _PREFIX.match(text_before_cursor)
    if m and len(text_before_cursor.split()) == 1:
        return m.group(2)
    return word


def suggest(text_before_cursor: str, view: TableView) -> list[str]:
    """Words that may replace the word being typed, best first (canonical forms).

    ``text_before_cursor``: the line up to the cursor.  Returns a list of
    strings without repeats: commands, cards (those that fit now first), player
    names (``Anna:`` as a prefix, plain after ``call``/``leave``), suits after a
    Jack, rule ids after ``rules``.  Never raises.
    """
    prefixed = False
    body = text_before_cursor
    m = _PREFIX.match(body)
    if m:
        prefixed, body = True, m.group(2)
    tokens = body.split()
    typed = "" if not body or body[-1].isspace() else tokens.pop()
    words = _candidates(tokens, view, prefixed, bool(typed))
    return _filter(words, typed)


def describe(word: str, view: TableView) -> str:
    """A few words on what ``word`` is, for the completion menu ("" when none)."""
    low = word.lower()
    if word.endswith(":") and word[:-1] in view.players:
        return t("repl.meta.player", name=word[:-1])
    if word in view.players:
        return t("repl.meta.callable") if word in view.callable else ""
    if low in ("draw", "lk", "call", "leave", "undo", "redo", "start", "fix") + QUERY_WORDS:
        return t(f"repl.meta.{low}")
    if re.fullmatch(r"R\d+(\.\d+)?", word):
        return t("repl.meta.rule", rule=word)
    if len(word) == 1 and word in SUITS:
        return t("repl.meta.suit", symbol=SUIT_SYMBOLS[word], suit=t(f"repl.suit.{word}"))
    card = try_card(word)
    if card is not None:
        return t("repl.meta.fits") if str(card) in view.fits else ""
    return ""


def with_suit(line: str, suit: str) -> str:
    """``line`` with ``suit`` named right after its first Jack that names none (R5.4).

    ``Jh`` -> ``Jh s``; ``Anna: 7h Jh lk`` -> ``Anna: 7h Jh s lk``.  A line
    without such a Jack gets the suit at its end.  A ``#`` comment is kept.
    """
    code, hash_, comment = line.partition("#")
    head = ""
    m = _PREFIX.match(code)
    if m:
        head = code[:m.start(2)]
        code = m.group(2)
    tokens = code.split()
    for i, tok in enumerate(tokens):
        card = try_card(tok)
        if card is None or card.rank != "J":
            continue
        if i > 0 and tokens[i - 1].lower() == "start":
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if nxt is not None and parse_suit(nxt) is not None:
            continue
        tokens.insert(i + 1, suit)
        break
    else:
        tokens.append(suit)
    out = head + " ".join(tokens)
    return f"{out} {hash_}{comment}" if hash_ else out


# ---------------------------------------------------------------------------

def _candidates(before: list[str], view: TableView, prefixed: bool, typing: bool) -> list[str]:
    """Everything that may come next after the complete tokens ``before``."""
    if not before:
        return _first_words(view, prefixed, typing)
    first = before[0].lower()
    prev = before[-1].lower()
    n = len(before)
    if first in CONTROL_WORDS or first in ("state", "why", "help", "replay", "?"):
        return []
    if first == "start":
        return view.cards() if n == 1 else []
    if first == "check":
        return _cards_fit_first(view) if n == 1 else _suits_after(before[-1])
    if first == "rules":
        return list(view.rule_ids) if n == 1 else []
    if first == "fix":
        return _fix_words(before, view)
    if first == "leave":
        return list(view.players) if n == 1 else []
    if prev == "call" or (first == "call" and n == 1):
        return _call_targets(view)
    if first == "call":
        return []
    typed = [str(c) for c in map(try_card, before) if c is not None]
    suits = _suits_after(before[-1])
    if suits:
        return suits
    suit = parse_suit(before[-1])
    if suit is not None and n >= 2 and _is_jack(before[-2]):
        # ``Jh d``: the Jack named diamonds (a lone ``d`` after a Jack is a suit).
        return ["lk"] + _cards_matching(view, typed, suit, None)
    if prev in DRAW_WORDS:
        if view.draw_fits is not None and view.pending:
            return list(view.draw_fits)
        return list(view.fits) + view.cards(typed)
    if prev in ANNOUNCE_WORDS or prev in ("kaart", "card"):
        return ["call"] if view.callable else []
    card = try_card(before[-1])
    if card is not None:
        return ["lk"] + _cards_matching(view, typed, card.suit, card.rank)
    return []


def _first_words(view: TableView, prefixed: bool, typing: bool) -> list[str]:
    names = [] if prefixed else [f"{p}:" for p in view.players]
    queries = list(QUERY_WORDS)
    if view.status == "waiting":
        words = ["start"] + queries
    elif view.status == "playing":
        words = list(view.fits) + ["draw"]
        if view.announce_due:
            words.append("lk")
        if view.callable:
            words.append("call")
        words += ([] if view.pending else view.cards()) + list(CONTROL_WORDS) + queries \
            + ["leave", "fix"]
        if not view.announce_due:
            words.append("lk")
        if not view.callable:
            words.append("call")
    else:
        words = list(CONTROL_WORDS) + queries
    if view.free and view.status == "playing":
        return names + words
    # In seated order a prefix is rare: offer names only once something is typed.
    return words + (names if typing else [])


def _fix_words(before: list[str], view: TableView) -> list[str]:
    n = len(before)
    if n == 1:
        return list(FIX_KINDS)
    if n == 2:
        return list(view.players) if before[1].lower() in FIX_KINDS else []
    if n == 3 and before[1].lower() == "play":
        return view.cards()
    if n == 4 and before[1].lower() == "play":
        return _suits_after(before[3])
    return []


def _call_targets(view: TableView) -> list[str]:
    return list(view.callable) + [p for p in view.players if p not in view.callable]


def _is_jack(token: str) -> bool:
    card = try_card(token)
    return card is not None and card.rank == "J"


def _suits_after(token: str) -> list[str]:
    return list(SUITS) if _is_jack(token) else []


def _cards_fit_first(view: TableView) -> list[str]:
    return list(view.fits) + view.cards()


def _cards_matching(view: TableView, typed: list[str], suit: str | None,
                    rank: str | None) -> list[str]:
    """Cards that would match a card just typed in the same line (a Seven's extra turn) first."""
    cards = view.cards(typed)
    near = [c for c in cards if c == JOKER or (try_card(c).suit == suit)
            or (rank is not None and try_card(c).rank == rank)]
    return near + cards


def _normalise(typed: str) -> str:
    """What the user typed, in the spelling of canonical cards (``t`` -> ``10``, ``♥`` -> ``h``)."""
    low = typed.lower()
    if low and low[-1] in _SYMBOL_TO_LETTER:
        low = low[:-1] + _SYMBOL_TO_LETTER[low[-1]]
    if low.startswith("t") and len(low) <= 2:
        low = "10" + low[1:]
    if low == "*":
        low = "joker"
    return low


def _filter(words: list[str], typed: str) -> list[str]:
    """Words starting with ``typed`` (case-insensitive, card spellings folded), no repeats."""
    low = typed.lower()
    folded = _normalise(typed)
    seen: set[str] = set()
    out = []
    for w in words:
        if w in seen:
            continue
        wl = w.lower()
        if wl.startswith(low) or (folded != low and wl.startswith(folded)):
            seen.add(w)
            out.append(w)
    return out
