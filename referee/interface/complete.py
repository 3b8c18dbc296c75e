"""Tab completion at the table prompt: the pure core (no terminal, no prompt_toolkit).

``suggest(text_before_cursor, view)`` gives the words that could replace the
word being typed, best first; ``partial_word`` says which characters that word
is; ``describe`` gives the short note shown beside a word in the menu;
``suggest_answer`` completes the answer to a question (the cards left for
``score``).  ``referee.interface.repl`` wraps them in prompt_toolkit ``Completer`` classes;
``referee.interface.app`` builds the ``HandView`` of an open table, with the prompt's
commands from its registry.

The referee sees no hand (RULES R0.1), so neither does completion: "fits now"
means the rules allow the card on the table, never that someone holds it.
Cards whose every copy already lies in the discard pile (R1.4) are left out.

Completion speaks the table's language (NOTATION.md "Languages"): the cards,
the suits after a Jack and the entry and command words are offered in the
letters and words of the view's ``lexicon`` (the hand's: Dutch ``Bh``, ``pak``;
French ``Vco``, ``pioche``), from ``referee.engine.lexicon``; the English forms are still completed
once begun (``7c`` is clubs everywhere), and every card's note in the menu
shows the card it is (``7♣``), so a letter that starts another suit's local
word reads plain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any, Callable, Iterable

from referee.engine.cards import JOKER, RANKS, SUIT_SYMBOLS, SUITS, parse_suit, try_card
from referee.engine.lexicon import (ENGLISH, SHARED_CARD_WORDS, Lexicon, local_forms, switch_forms, switch_word,
                                    word as _english_word)
from referee.messages import t
from referee.words.cards import pretty
from referee.engine.notation import ANNOUNCE_WORDS, DRAW_WORDS, MORE

# The entry words completion offers, in canonical spelling (NOTATION.md "Entries");
# the commands (queries, undo, score, ...) come with the view, from ``app.COMMANDS``.
ENTRY_WORDS = ("start", "draw", "pass", "lk", "call", "leave", "fix")
FIX_KINDS = ("draw", "count", "play")
SHOW_WORDS = ("calls",)
_OPTION_OF = {"hand": "--hand", "seats": "--seats"}  # a command's option (``Command.args``)
ALL_CARDS = tuple(f"{r}{s}" for r in RANKS for s in SUITS)

_PREFIX = re.compile(r"^\s*([^\s:]+)\s*:\s*(.*)$", re.S)
_SCORE_NAME = re.compile(r"^([^=\s]+)=(.*)$")
_SYMBOL_TO_LETTER = {"♣": "c", "♦": "d", "♥": "h", "♠": "s",
                     "♧": "c", "♢": "d", "♡": "h", "♤": "s"}


@dataclass(frozen=True)
class HandView:
    """What completion may know of the hand in play: public information only (R0.1).

    ``players``: names still in the hand, in seating order; ``status``:
    ``"waiting" | "playing" | "over" | "scored"``; ``turn``: the player to act
    or None; ``free``: snel pesten (R8.4, every entry needs ``Name:``);
    ``callable``: players who may be called now (R4.3); ``announce_due``: the
    player who may still say "Laatste kaart!" (R4.2); ``named_suit``: ``c d h
    s`` or None (R3.3); ``fits``: canonical cards the rules allow on the table
    now for the player to act, in order (the engine's legality API: with a Two
    pending, the cards that stack); ``draw_fits``: the cards ``d CARD`` may
    name now (R3.4); ``spent``: canonical cards with every
    copy in the discard pile (R1.4); ``jokers``: the deck has Jokers (R1.3);
    ``decks``: decks in play (R1.3); ``rule_ids``: rule ids for ``rules R…``;
    ``presets``: the presets by their names in the table's language (R8: French
    ``famille``), offered after ``rules`` too;
    ``winner``: the hand's winner or None; ``commands``: the prompt's commands
    (``app.Command``: ``name``, ``aliases``, ``args``, ``when``, ``summary()``),
    in the order of their registry; ``lexicon``: the language the table's lines
    are read in (``referee.engine.lexicon.Lexicon``), whose forms are offered.
    ``together``: for each card of ``fits``
    that may start a play of several cards (R3.10), the cards that may follow it
    after ``+`` (the legality API's ``Legal.may_double``); ``passes``: ``pass`` is
    open now (a skip passed on or a stacked wait is pending for the player to act,
    R5.11, R10.21: the legality API's ``Legal.passes``); ``draws``: a plain ``d`` is open (``Legal.draw_open``: not
    while such a skip is pending); ``names``: by card id, whether the card names a
    suit under the table's rules (the compiled ``Tables.names``, R5.4, R9.8; None:
    the standard rules'), after which the suits are offered; ``follow``: given the
    cards of a play typed so far (canonical), the cards that may follow them after
    ``+`` (``Legal.follows``: a run's next card or turn, R10.60), or None to read
    ``together``; ``swaps``: by card id, whether the card swaps hands with a player it
    names (``Tables.swaps``, R10.30; None: none does), after which (and after the suit
    it names) the other players are offered; ``jumps``: for each player whose turn it
    is not, the cards they may jump in with now (R10.70, the legality API's
    ``Legal.plays`` for them), offered after their prefix.
    """

    players: tuple[str, ...]
    status: str = "playing"
    turn: str | None = None
    free: bool = False
    callable: tuple[str, ...] = ()
    announce_due: str | None = None
    named_suit: str | None = None
    fits: tuple[str, ...] = ()
    draw_fits: tuple[str, ...] = ()
    spent: frozenset[str] = field(default_factory=frozenset)
    jokers: bool = True
    decks: int = 1
    rule_ids: tuple[str, ...] = ()
    presets: tuple[str, ...] = ()
    winner: str | None = None
    commands: tuple[Any, ...] = ()
    lexicon: Lexicon = ENGLISH
    together: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    passes: bool = False
    draws: bool = True
    names: tuple[bool, ...] | None = None
    follow: Callable[[tuple[str, ...]], tuple[str, ...]] | None = field(default=None, compare=False)
    swaps: tuple[bool, ...] | None = None
    jumps: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def command(self, word: str) -> Any:
        """The command typed as ``word`` (name or alias, any case), or None."""
        low = word.lower()
        for cmd in self.commands:
            if low == cmd.name or low in cmd.aliases:
                return cmd
        return None

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
    """The word being typed: the characters after the last blank (or after ``Name:``,
    or after ``Name=`` in a ``score`` line)."""
    if not text_before_cursor or text_before_cursor[-1].isspace():
        return ""
    word = text_before_cursor.split()[-1]
    m = _PREFIX.match(text_before_cursor)
    if m and len(text_before_cursor.split()) == 1:
        return m.group(2)
    s = _SCORE_NAME.match(word)
    if s and not word.startswith("-") and len(text_before_cursor.split()) > 1:
        return s.group(2)
    return word


def suggest(text_before_cursor: str, view: HandView) -> list[str]:
    """Words that may replace the word being typed, best first (canonical forms).

    ``text_before_cursor``: the line up to the cursor.  Returns a list of
    strings without repeats: commands, cards (those that fit now first), player
    names (``Anna:`` as a prefix, plain after ``call``/``leave``, ``Anna=``
    after ``score``), suits after a Jack, rule ids after ``rules``.  Never raises.
    """
    prefixed = False
    body = text_before_cursor
    m = _PREFIX.match(body)
    jumper = None
    if m:
        prefixed, body = True, m.group(2)
        jumper = view.jumps.get(m.group(1))   # (R10.70: a jump-in, out of turn)
    tokens = body.split()
    typed = "" if not body or body[-1].isspace() else tokens.pop()
    s = _SCORE_NAME.match(typed)
    if s and tokens and not typed.startswith("-"):
        tokens.append(typed[:len(typed) - len(s.group(2))])  # ``Bram=A``: ``Bram=``, then ``A``
        typed = s.group(2)
    if MORE in typed:  # ``8h+8``: the cards that may follow in one play (R3.10)
        return _together(typed, view)
    words = _candidates(tokens, view, prefixed, bool(typed))
    if jumper is not None and not tokens:
        words = list(jumper)
    lex = view.lexicon
    if typed and (not tokens or (len(tokens) == 1 and _word(tokens[0], lex) in DRAW_WORDS)):
        # Tab alone offers the legal cards only; once a card is begun, the legal
        # ones come first, then any other that may still turn up (it will be ruled on).
        words = words + view.cards(_typed_cards(tokens, lex))
    return _offer(words, typed, lex)


def _together(typed: str, view: HandView) -> list[str]:
    """``8h+8`` -> ``8h+8s``, ``8h+8d`` ...: the word with its last card completed
    by the cards that may follow the first one in one play (``HandView.together``),
    those already in the word left out (one deck)."""
    head, _, part = typed.rpartition(MORE)
    cards = [try_card(c, view.lexicon) for c in head.split(MORE)]
    if None in cards:
        return []
    given = [str(c) for c in cards]
    gone = set(given) if view.decks == 1 else set()
    if view.follow is not None:  # (the whole play typed so far: a run's next card, R10.60)
        follow = [c for c in view.follow(tuple(given)) if c not in gone]
    else:
        follow = [c for c in view.together.get(given[0], ()) if c not in gone]
    return [head + MORE + w for w in _offer(follow, part, view.lexicon)]


def suggest_answer(text_before_cursor: str, kind: str, view: HandView,
                   taken: Iterable[str] = ()) -> list[str]:
    """Words for the answer to a question of ``kind`` (``app.Question``).

    ``"cards"``: every card that may still be in a hand, without those
    ``taken`` or typed already (one deck); ``"player"``: the players;
    ``"suit"``: the four suits.
    """
    tokens = text_before_cursor.split()
    typed = "" if not text_before_cursor or text_before_cursor[-1].isspace() else tokens.pop()
    if kind == "cards":
        words = view.cards([*taken, *_typed_cards(tokens, view.lexicon)])
    elif kind == "player":
        words = list(view.players) if not tokens else []
    else:
        words = list(SUITS) if not tokens else []
    return _offer(words, typed, view.lexicon)


def describe(word: str, view: HandView) -> str:
    """A few words on what ``word`` is, for the completion menu ("" when none):
    a card is shown as it reads (``7♣``, Dutch ``B♥``) and marked when it fits now."""
    lex = view.lexicon
    low = _word(word, lex)
    if word.endswith(":") and word[:-1] in view.players:
        return t("repl.meta.player", name=word[:-1])
    if word.endswith("=") and word[:-1] in view.players:
        return t("repl.meta.score_for", name=word[:-1])
    if word in view.players:
        return t("repl.meta.callable") if word in view.callable else ""
    if low in ENTRY_WORDS:
        return t(f"repl.meta.{low}")
    cmd = view.command(low)
    if cmd is not None and low == cmd.name:
        return cmd.summary()
    if low == "--winner":
        return t("repl.meta.winner")
    if re.fullmatch(r"R\d+(\.\d+)?", word):
        return t("repl.meta.rule", rule=word)
    if MORE in word:
        cards = [try_card(part, lex) for part in word.split(MORE)]
        if None not in cards:
            return t("repl.meta.together", cards=" ".join(pretty(c) for c in cards))
    card = try_card(word, lex)
    if card is not None:
        shown = pretty(card)
        return t("repl.meta.card_fits", card=shown) if str(card) in view.fits else shown
    suit = parse_suit(word, lex)
    if suit is not None:
        return t("repl.meta.suit", symbol=SUIT_SYMBOLS[suit], suit=t(f"repl.suit.{suit}"))
    return ""


def fits(word: str, view: HandView) -> bool:
    """True when ``word`` (in any language's letters) is a card the rules allow now."""
    card = try_card(word, view.lexicon)
    return card is not None and str(card) in view.fits


def with_suit(line: str, suit: str, lex: Lexicon = ENGLISH,
              names: tuple[bool, ...] | None = None) -> str:
    """``line`` (read in language ``lex``) with ``suit`` named right after its
    first card that names a suit and names none (R5.4, R9.8; ``names``: by card
    id, the compiled ``Tables.names`` of the table's rules, None: the standard
    rules', a Jack).

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
        card = try_card(tok.rpartition(MORE)[2], lex)  # (of cards played together, the last: R3.10)
        if card is None or not _naming(names)[card.id]:
            continue
        if i > 0 and tokens[i - 1].lower() == "start":
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if nxt is not None and parse_suit(nxt, lex) is not None:  # (a lone ``d``: diamonds)
            continue
        tokens.insert(i + 1, suit)
        break
    else:
        tokens.append(suit)
    out = head + " ".join(tokens)
    return f"{out} {hash_}{comment}" if hash_ else out


# ---------------------------------------------------------------------------

def _candidates(before: list[str], view: HandView, prefixed: bool, typing: bool) -> list[str]:
    """Everything that may come next after the complete tokens ``before``."""
    if not before:
        return _first_words(view, prefixed, typing)
    lex = view.lexicon
    first = _word(before[0], lex)
    prev = _word(before[-1], lex)
    n = len(before)
    cmd = view.command(first)
    if cmd is not None:
        return _command_args(cmd.args, before, view)
    if first == "start":
        return view.cards() if n == 1 else []
    if first == "fix":
        return _fix_words(before, view)
    if first == "leave":
        return list(view.players) if n == 1 else []
    if prev == "call" or (first == "call" and n == 1):
        return _call_targets(view)
    if first == "call":
        return []
    typed = _typed_cards(before, lex)
    suits = _suits_after(before[-1], view)
    if suits:
        return suits
    named = _swap_targets(before, view)
    if named:
        return named
    suit = parse_suit(before[-1], lex)
    if suit is not None and n >= 2 and _names_suit(before[-2], view):
        # ``Jh d``: the Jack named diamonds (a lone ``d`` after a card that names a suit).
        return ["lk"] + _cards_matching(view, typed, suit, None)
    if prev in DRAW_WORDS:  # ``d CARD``: the cards it may name now (after other plays: any)
        return list(view.draw_fits) if n == 1 else view.cards(typed)
    if prev in ANNOUNCE_WORDS or prev in SHARED_CARD_WORDS:
        return ["call"] if view.callable else []
    card = _last_card(before[-1], lex)
    if card is not None:
        return ["lk"] + _cards_matching(view, typed, card.suit, card.rank)
    return []


def _command_args(args: str, before: list[str], view: HandView) -> list[str]:
    """What follows a command's word (``app.Command.args``)."""
    n = len(before)
    if args == "card":
        return _cards_fit_first(view) if n == 1 else _suits_after(before[-1], view)
    if args == "rule":  # ``rules R5.7``, ``rules famille``, ``rules R5.7 famille`` (R8)
        if n == 1:
            return [*view.rule_ids, *view.presets]
        return list(view.presets) if n == 2 and before[1].upper() in view.rule_ids else []
    if args == "score":
        return _score_words(before, view)
    if args == "show":  # ``show calls on|off``, in the table's words (Dutch ``toon betrappen aan``)
        lex = view.lexicon
        if n == 1:
            return [(switch_forms(w, lex) or [w])[0] for w in SHOW_WORDS]
        if n == 2 and switch_word(before[1], lex) in SHOW_WORDS:
            return [(switch_forms(w, lex) or [w])[0] for w in ("on", "off")]
        return []
    if args in _OPTION_OF and n == 1:  # ``replay --hand``, ``standings --seats``
        return [_OPTION_OF[args]]
    if args == "command" and n == 1:
        return [cmd.name for cmd in view.commands]
    return []


def _score_words(before: list[str], view: HandView) -> list[str]:
    """After ``score``: ``Name=`` for each player still to be given, the cards in between."""
    if before[-1].lower() == "--winner":
        return list(view.players)
    given = set()
    for token in before[1:]:
        m = _SCORE_NAME.match(token)
        name = m.group(1) if m else token.rstrip(":")
        if name in view.players:
            given.add(name)
    names = [f"{p}=" for p in view.players if p != view.winner and p not in given]
    if len(before) == 1:
        return names + (["--winner"] if view.status == "waiting" else [])
    cards = view.cards(_typed_cards(before, view.lexicon))
    if before[-1].endswith("="):
        return cards
    return names + cards


def _typed_cards(tokens: Iterable[str], lex: Lexicon) -> list[str]:
    """Canonical cards among ``tokens`` (``Bram=Ah`` counts its card, ``8h+8s`` both)."""
    out = []
    for token in tokens:
        for part in token.rpartition("=")[2].split(MORE):
            card = try_card(part, lex)
            if card is not None:
                out.append(str(card))
    return out


def _first_words(view: HandView, prefixed: bool, typing: bool) -> list[str]:
    names = [] if prefixed else [f"{p}:" for p in view.players]
    # The commands of this status, the most particular first (``score`` when over).
    commands = [c.name for c in sorted((c for c in view.commands if view.status in c.when),
                                       key=lambda c: len(c.when))]
    if view.status == "waiting":
        words = ["start"] + commands
    elif view.status == "playing":
        # The legal plays only (every card once one is begun: ``suggest``).
        # ``pass`` and ``draw`` only while the referee accepts them (R5.11).
        words = (["pass"] if view.passes else []) + list(view.fits)
        words += ["draw"] if view.draws else []
        if view.announce_due:
            words.append("lk")
        if view.callable:
            words.append("call")
        words += commands + ["leave", "fix"]
        if not view.announce_due:
            words.append("lk")
        if not view.callable:
            words.append("call")
    else:
        words = commands
    if view.free and view.status == "playing":
        return names + words
    # In seated order a prefix is rare: offer names only once something is typed.
    return words + (names if typing else [])


def _fix_words(before: list[str], view: HandView) -> list[str]:
    n = len(before)
    lex = view.lexicon
    if n == 1:
        return list(FIX_KINDS)
    if n == 2:
        return list(view.players) if _word(before[1], lex) in FIX_KINDS else []
    if n == 3 and _word(before[1], lex) == "play":
        return view.cards()
    if n == 4 and _word(before[1], lex) == "play":
        return _suits_after(before[3], view)
    return []


def _call_targets(view: HandView) -> list[str]:
    return list(view.callable) + [p for p in view.players if p not in view.callable]


def _last_card(token: str, lex: Lexicon):
    """The card a token ends on: itself, or of cards played together the last
    (``8h+8s``: 8♠, R3.10); None for any other token."""
    return try_card(token.rpartition(MORE)[2], lex)


def _naming(names: tuple[bool, ...] | None) -> tuple[bool, ...]:
    """``names`` (by card id: the card names a suit), or the standard rules' when None."""
    if names is None:
        from referee.engine.compiled import standard_names
        return standard_names()
    return names


def _names_suit(token: str, view: HandView) -> bool:
    """Whether ``token`` is a card (or cards played together) that names a suit under
    the table's rules (``HandView.names``: the compiled table's answer, R5.4, R9.8)."""
    card = _last_card(token, view.lexicon)
    return card is not None and _naming(view.names)[card.id]


def _swap_targets(before: list[str], view: HandView) -> list[str]:
    """After a card that swaps hands (``HandView.swaps``, R10.30), or after the suit it
    names: the players it may name (every player in the hand but the one to act)."""
    if view.swaps is None:
        return []
    card = _last_card(before[-1], view.lexicon)
    if card is None and len(before) >= 2 and parse_suit(before[-1], view.lexicon) is not None:
        card = _last_card(before[-2], view.lexicon)
    if card is None or not view.swaps[card.id]:
        return []
    return [p for p in view.players if p != view.turn]


def _suits_after(token: str, view: HandView) -> list[str]:
    return list(SUITS) if _names_suit(token, view) else []


def _cards_fit_first(view: HandView) -> list[str]:
    return list(view.fits) + view.cards()


def _cards_matching(view: HandView, typed: list[str], suit: str | None,
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


def _word(token: str, lex: Lexicon) -> str:
    """A word typed in language ``lex`` in English (lower case): Dutch ``pak`` ->
    ``draw``; others as typed."""
    return _english_word(token.lower(), lex)


def _offer(words: list[str], typed: str, lex: Lexicon) -> list[str]:
    """The canonical ``words`` as the table writes them, those starting with ``typed``
    (case-insensitive), no repeats.

    Tab alone offers each word in the usual form of language ``lex`` (Dutch
    ``Bh`` for ``Jh``); once something is typed, the first local form it begins
    (one per word: French ``vérifie``, not also ``verifie``), else the English
    form if it begins that (``7c`` in French: 7♣), with the card spellings
    folded (``t`` for ``10``, ``♥`` for ``h``).
    """
    low = typed.lower()
    folded = _normalise(typed)
    seen: set[str] = set()
    out = []
    for w in words:
        forms = [w if f.lower() == w.lower() else f for f in local_forms(w, lex)]
        if not typed:
            chosen = forms[:1] or [w]
        else:
            chosen = [f for f in forms if f.lower().startswith(low)][:1]
            wl = w.lower()
            if not chosen and (wl.startswith(low) or (folded != low and wl.startswith(folded))):
                chosen = [w]
        for c in chosen:
            if c not in seen:
                seen.add(c)
                out.append(c)
    return out
