"""The simulator: bots play whole hands of Pesten through the referee engine.

Each bot knows its own cards; the table is real: a shuffled deck
(``rules.deck_count`` decks, R1.3), ``rules.deal_size`` cards dealt to each
player (R2.2), a real draw pile and discard pile, and a dealer who moves one
seat clockwise every hand (R2.1).  The bots type every entry as a person at
the table would (``7h``, ``Jh s``, ``d``, ``d 5h``, ``7h lk``, ``Bram: call
Anna``; ``Anna: 7h`` in free turn order) and hand it to the same engine that
referees a real table (``Hand``).  After every entry the engine's public
picture (cards per player, draw pile, discard pile, top card) is compared
with the real cards (the cards per player as the simulator counts them while
it moves them, and at the end of each hand against the cards themselves); a
refused entry or a difference is a bug, counted in the report.

Bot policy: facing a draw penalty, stack if possible, else draw (R5.7);
otherwise play a legal card, preferring one without an effect (random among
the legal ones), or draw, playing the drawn card with ``d CARD`` when it is
legal and ``draw_then_play`` allows it (R3.4); a Jack names the suit the bot
holds most (R5.4); a bot announces its last card most of the time (R4.1) and
calls a player who forgot (R4.3); a bot never tries to go out on an action
card unless ``finish_on_action`` (R6.2).  In free turn order (R8.4) each step
picks a random player who can play (the penalty's target while one is
pending), else someone draws.

Nothing here does I/O or imports click; ``progress`` lets a caller show a bar.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import messages
from .cards import JOKER, SUITS, full_deck
from .engine import Hand, Ruling
from .notation import Line, parse_line
from .rules import HouseRules, check_table_fits

NAMES = ("Anna", "Bram", "Cees", "Daan", "Eva", "Fien", "Gijs", "Hugo")
"""Seat names used by the bots, clockwise (R1.1: none reads as a card or word)."""

ANNOUNCE_RATE = 0.85
"""Chance that a bot announces "Laatste kaart!" with the play that leaves it one card (R4.1)."""

ANNOUNCE_ALONE_RATE = 0.25
"""Share of those announcements typed as a line of their own (``lk``) right after the play."""

CALL_RATE = 0.5
"""Chance, at each entry while someone is callable, that an opponent calls them (R4.3)."""

MAX_ENTRIES = 10_000
"""Safety cap: a hand still going after this many entries is stopped and counted as capped."""

MAX_PROBLEMS = 5
"""How many refused entries or mismatches the report describes in detail."""

ProgressFn = Callable[[int, int], Any]

_FITS: dict[tuple, dict[Any, tuple[list[bool], list[bool]]]] = {}
"""The cached ``_Table.fits`` per deciding rules (Jokers, ``jack_wild``, ``jack_on_jack``,
action ranks): the card ids are the same in every run with the same Jokers setting."""

_PARSED: dict[str, Line] = {}
"""Entry text -> parsed line, shared by every run (parsing is pure; the bots type few
distinct texts)."""


_STEPS: list[list[tuple[int, int, int]]] = []
"""Per list length: the (index, index + 1, bits of index + 1) steps of a shuffle."""


def _shuffle(items: list, getrandbits: Callable[[int], int]) -> None:
    """Shuffle ``items`` in place exactly as ``random.Random.shuffle`` does with the
    generator of ``getrandbits`` (same order for the same state), without a call per card."""
    size = len(items)
    while len(_STEPS) <= size:
        n = len(_STEPS)
        _STEPS.append([(i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1)])
    for i, n, k in _STEPS[size]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


@dataclass
class SimReport:
    """What a simulation found.

    ``hands`` and ``players`` as asked; ``rules`` is the rule set's name;
    ``seconds`` the wall-clock time of the whole run and ``hands_per_second``
    the rate; ``avg_turns`` the turns per hand (plays and draws, the length of
    a hand as players count it); ``avg_entries`` the entries typed per hand
    (the turns plus the starter, lone "Laatste kaart!" lines and calls);
    ``dealer_left_wins_rate`` the share of hands (0..1) won by
    the dealer's left-hand neighbour, the player who starts (R2.5);
    ``avg_penalty_cards`` the cards drawn per hand because of a penalty (Twos
    and Jokers taken, last-card calls, Kings and Fives, R3.8); ``avg_loser_points``
    the points (``rules.points``, R7.1) each player but the winner held at the
    end, averaged over those players (everyone in a blocked hand);
    ``blocked_rate`` the share of hands (0..1) that ended blocked (R3.9);
    ``refused_entries`` the entries the engine refused and ``mismatches`` the
    entries after which the engine's picture differed from the real cards
    (both should be 0: each stops its hand); ``capped`` the hands stopped at
    ``MAX_ENTRIES``; ``seed`` the seed used; ``problems`` short descriptions of
    the first refusals or mismatches, for a bug report.
    """

    hands: int
    players: int
    rules: str
    seconds: float
    hands_per_second: float
    avg_turns: float
    dealer_left_wins_rate: float
    avg_penalty_cards: float
    avg_loser_points: float
    blocked_rate: float
    refused_entries: int
    mismatches: int
    capped: int
    seed: int | None = None
    problems: list[str] = field(default_factory=list)
    avg_entries: float = 0.0

    def to_json(self) -> dict:
        """The report as a plain JSON-ready dict (every field above)."""
        return {
            "hands": self.hands,
            "players": self.players,
            "rules": self.rules,
            "seed": self.seed,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "avg_turns": self.avg_turns,
            "avg_entries": self.avg_entries,
            "dealer_left_wins_rate": self.dealer_left_wins_rate,
            "avg_penalty_cards": self.avg_penalty_cards,
            "avg_loser_points": self.avg_loser_points,
            "blocked_rate": self.blocked_rate,
            "refused_entries": self.refused_entries,
            "mismatches": self.mismatches,
            "capped": self.capped,
            "problems": list(self.problems),
        }

    def render(self) -> str:
        """The report in plain language for a family, one sentence a line (``sim.*`` messages)."""
        t = messages.t
        fair = 1 / self.players if self.players else 0.0
        lines = [
            t("sim.render.head", hands=self.hands, players=self.players, rules=self.rules),
            t("sim.render.speed", seconds=self.seconds, rate=self.hands_per_second),
            t("sim.render.turns", turns=self.avg_turns, entries=self.avg_entries),
            t("sim.render.dealer_left", rate=self.dealer_left_wins_rate, fair=fair),
            t("sim.render.penalty", cards=self.avg_penalty_cards),
            t("sim.render.loser_points", points=self.avg_loser_points),
        ]
        if self.blocked_rate:
            lines.append(t("sim.render.blocked", rate=self.blocked_rate))
        else:
            lines.append(t("sim.render.never_blocked"))
        if self.capped:
            lines.append(t("sim.render.capped", n=self.capped, cap=MAX_ENTRIES))
        if self.refused_entries or self.mismatches:
            lines.append(t("sim.render.trouble", refused=self.refused_entries,
                           mismatches=self.mismatches))
            lines.extend(t("sim.render.problem", text=p) for p in self.problems)
        else:
            lines.append(t("sim.render.clean"))
        return "\n".join(lines)


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------
#
# Speed matters here (the issue asks for at least the rate of a well-known
# card-game engine), so the real cards are small ints indexing the card
# tables below (``text``, ``suit``, ``rank``, ``action``, ``instant``,
# ``points``), two decks simply holding every id twice, and one ``_Table``
# object serves every hand of a run.

class _Table:
    """The real cards and the bots of one run, dealing and playing hand after hand.

    Run-wide: the rules and their consequences, the card tables, the parse
    cache, the tallies.  Per hand (``deal``): the engine's ``Hand``, every
    player's cards, the draw pile (its top is the last item) and the discard
    pile.  ``apply`` sends an entry to the engine; the physical consequences
    of an entry (who draws how many cards, R3.5 reshuffles, R3.6 exhausted
    piles) are worked out here from the rules and the public picture before
    the entry, then compared with the engine's picture after it.
    """

    __slots__ = ("rules", "rng", "random", "getrandbits", "seats", "card", "text", "drawn_text",
                 "suit", "suit_index", "rank",
                 "action", "points", "deck", "free", "finish_on_action", "draw_then_play",
                 "five", "king_draws", "instant", "special", "stackers", "_all", "_by_suit", "_by_rank",
                 "_fits", "fast", "cache", "record", "refused", "mismatches", "capped",
                 "problems",
                 # per hand
                 "hand", "cards", "count", "draw", "discard", "entries", "penalty_cards",
                 "stopped", "tried_empty", "last", "asides")

    def __init__(self, rules: HouseRules, players: int, seed: int | None, fast: bool):
        self.rules = rules
        rng = random.Random(seed)
        self.rng = rng
        self.random = rng.random
        self.getrandbits = rng.getrandbits
        self.seats = list(NAMES[:players])
        kinds = full_deck(rules.jokers)
        unique = list(dict.fromkeys(kinds))
        ids = {c: i for i, c in enumerate(unique)}
        self.card = unique                  # id -> the (interned) Card the engine sees
        self.text = [str(c) for c in unique]
        self.drawn_text = ["d " + t for t in self.text]  # a card drawn and played at once
        self.suit = [c.suit for c in unique]
        self.suit_index = [SUITS.index(c.suit) if c.suit else 4 for c in unique]
        self.rank = [c.rank for c in unique]
        action_ranks = rules.action_ranks()
        self.action = [c.rank in action_ranks for c in unique]
        self.points = [rules.points[c.rank] for c in unique]
        self.deck = [ids[c] for c in kinds] * rules.deck_count(players)
        self.free = rules.free_order
        self.finish_on_action = rules.finish_on_action
        self.draw_then_play = rules.draw_then_play
        # Cards whose play makes others draw at once (R5.8 draw_one, R5.10).
        self.five = rules.five == "all_draw_one"
        self.king_draws = rules.king == "draw_one"
        self.instant = [(c.rank == "5" and self.five) or (c.rank == "K" and self.king_draws)
                        or (c.rank in ("2", JOKER) and not self.free) for c in unique]
        # Cards whose play needs more than a plain play: a Jack (names a suit) or instant.
        self.special = [c.rank == "J" or i for c, i in zip(unique, self.instant)]
        # Per pending kind (R5.7): for each card id, may it stack on the penalty?
        mode = rules.stacking
        self.stackers = {k: [mode != "none" and c.rank in ("2", JOKER)
                             and (mode == "cumulative" or c.rank == k) for c in unique]
                         for k in ("2", JOKER)}
        # For the matching rules (R3.1-R3.3, R5.4): ids by suit and by rank.
        self._all = frozenset(range(len(unique)))
        self._by_suit = {s: frozenset(i for i, c in enumerate(unique) if c.suit == s)
                         for s in SUITS}
        self._by_rank = {r: frozenset(i for i, c in enumerate(unique) if c.rank == r)
                         for r in set(self.rank)}
        self._by_rank.setdefault(JOKER, frozenset())
        self._by_rank.setdefault("J", frozenset())
        # (top, named) -> (plain cards that fit, all cards that fit); the key is the
        # top card's id alone when no suit is named.  Shared by the runs whose rules
        # decide the same.
        self._fits = _FITS.setdefault(
            (rules.jokers, rules.jack_wild, rules.jack_on_jack, action_ranks), {})
        self.fast = fast
        self.cache = _PARSED
        self.record: list[tuple[str, int, list[str]]] | None = None
        self.refused = 0
        self.mismatches = 0
        self.capped = 0
        self.problems: list[str] = []

    # -- card knowledge -----------------------------------------------------
    def playable(self, top: int, named: str | None) -> list[bool]:
        """For each card id, True when it may go on ``top`` with ``named`` in force (R3.1-R3.3, R5.4)."""
        return self.fits(top, named)[1]

    def fits(self, top: int, named: str | None) -> tuple[list[bool], list[bool]]:
        """For each card id, may it go on ``top`` with ``named``: (plain cards only, any card).

        Lists of booleans indexed by card id (the cheapest lookup for the bots).

        A Joker goes on anything and anything on a Joker (R3.2); a Jack on
        anything under ``jack_wild`` (R5.4); with a named suit, that suit or
        (``jack_on_jack``) a Jack on a Jack (R3.3); otherwise the top card's
        suit or rank (R3.1).  Cached per run.
        """
        key = top if named is None else (top, named)
        fit = self._fits.get(key)
        if fit is None:
            rules, rank = self.rules, self.rank[top]
            by_rank = self._by_rank
            if rank == JOKER:
                ok = self._all
            else:
                # (jack_on_jack = false wins over jack_wild while a suit is named)
                wild = rules.jack_wild and (named is None or rules.jack_on_jack)
                ok = by_rank[JOKER] | (by_rank["J"] if wild else frozenset())
                if named is not None:
                    ok |= self._by_suit[named]
                    if rank == "J" and rules.jack_on_jack:
                        ok |= by_rank["J"]
                else:
                    ok |= self._by_suit[self.suit[top]] | by_rank[rank]
            action = self.action
            fit = self._fits[key] = ([i in ok and not action[i] for i in range(len(action))],
                                     [i in ok for i in range(len(action))])
        return fit

    def problem(self, key: str, **fields: Any) -> None:
        """Describe a refusal or mismatch (the first ``MAX_PROBLEMS`` of a run)."""
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(messages.t(key, **fields))

    # -- one hand -----------------------------------------------------------
    def deal(self, number: int, dealer: str) -> None:
        """Shuffle, deal ``rules.deal_size`` cards each (R2.2) and open hand ``number``."""
        self.hand = Hand(self.rules, self.seats, dealer, number)
        deck = self.deck[:]
        _shuffle(deck, self.getrandbits)
        size = self.rules.deal_size
        self.cards: dict[str, list[int]] = {}
        for p in self.seats:
            self.cards[p] = deck[-size:]
            del deck[-size:]
        # The real cards per player, kept by every move of a player's cards (``take``,
        # ``play``) for the picture check after each entry; ``check_hand`` compares it
        # with the cards themselves at the end of the hand.
        self.count: dict[str, int] = dict.fromkeys(self.seats, size)
        self.last = ""  # the last entry typed, for a report
        self.draw = deck
        self.discard: list[int] = []
        self.entries = 0
        self.asides = 0  # entries that are not a turn: a lone "Laatste kaart!", a call
        self.penalty_cards = 0
        self.stopped = False               # a refusal or mismatch stopped the hand
        self.tried_empty: set[str] = set()  # drew nothing since the last play
        if self.record is not None:
            self.record.append((dealer, number, []))

    def take(self, player: str, n: int, penalty: bool = False) -> list[int]:
        """``player`` draws up to ``n`` real cards (R3.5 reshuffle, R3.6 exhausted piles)."""
        draw = self.draw
        if n == 1 and draw:  # the commonest draw, made short
            card = draw.pop()
            cards = self.cards[player]
            cards.append(card)
            self.count[player] = len(cards)
            if penalty:
                self.penalty_cards += 1
            return [card]
        got: list[int] = []
        for _ in range(n):
            if not draw:
                if len(self.discard) <= 1:
                    break
                draw = self.discard
                top = draw.pop()
                _shuffle(draw, self.getrandbits)
                self.draw = draw
                self.discard = [top]
            got.append(draw.pop())
        cards = self.cards[player]
        cards += got
        self.count[player] = len(cards)
        if penalty:
            self.penalty_cards += len(got)
        return got

    def apply(self, text: str) -> bool:
        """Type ``text`` at the table; False when the hand must stop (refused or mismatch)."""
        hand = self.hand
        self.entries += 1
        self.last = text
        if self.record is not None:
            self.record[-1][2].append(text)
        if self.fast:
            line = self.cache.get(text)
            if line is None:
                line = self.cache[text] = parse_line(text)
            ok, notes, logged, actor = hand.entry(line)
        else:
            ruling = hand.apply_line(text)
            ok, notes = ruling.ok, ruling.notes
        if not ok:
            self.refused += 1
            rule = notes[0].rule  # the refusal's (see ``Hand.entry``)
            self.problem("sim.problem.refused", hand=hand.number, line=text,
                         rule=rule or "-", why=Ruling(ok, rule, notes).text)
            self.stopped = True
            return False
        # The engine's picture must equal the real cards: the counts per player (one
        # dict comparison with ``count``, the cards each player holds, which
        # ``check_hand`` holds against the cards themselves when the hand ends), the
        # piles, the top card (cards are interned: the top cards are one object).
        discard = self.discard
        if (hand.counts == self.count and hand.draw_pile == len(self.draw)
                and len(hand.discard) == len(discard)
                and hand.discard[-1] is self.card[discard[-1]]):
            return True
        return self.mismatch()

    def mismatch(self) -> bool:
        """Count and describe a difference between the engine's picture and the real
        cards after the last entry; stops the hand (returns False)."""
        self.mismatches += 1
        self.problem("sim.problem.mismatch", hand=self.hand.number, line=self.last,
                     what=self.difference())
        self.stopped = True
        return False

    def check_hand(self) -> None:
        """At the end of a hand (won, blocked or capped): the counts the picture check
        used (``count``) must be the cards each player really holds, and so the
        engine's counts; a difference is a mismatch of this hand."""
        count, counts = self.count, self.hand.counts
        for p, cards in self.cards.items():
            if count[p] != len(cards) or counts.get(p) != len(cards):
                self.mismatch()
                return

    def difference(self) -> str:
        """The engine's picture against the real one, for a bug report."""
        hand = self.hand
        real = {p: len(c) for p, c in self.cards.items()}
        real_top = self.text[self.discard[-1]] if self.discard else None
        return messages.t("sim.problem.picture",
                          counts=dict(hand.counts), real=real,
                          draw=hand.draw_pile, real_draw=len(self.draw),
                          discard=len(hand.discard), real_discard=len(self.discard),
                          top=str(hand.top), real_top=str(real_top))

    # -- the bots -----------------------------------------------------------
    def choose(self, player: str, options: list[int]) -> int:
        """The bot's pick among legal ``options``, or -1: plain cards first, random among
        them; never out on an action card unless ``finish_on_action`` (R6.2)."""
        if not options:
            return -1
        action = self.action
        plain = []
        for c in options:
            if not action[c]:
                plain.append(c)
        if plain:
            return plain[int(self.random() * len(plain))]
        if len(self.cards[player]) == 1 and not self.finish_on_action:
            return -1
        return options[int(self.random() * len(options))]

    def play(self, player: str, card: int, drawn: bool = False) -> bool:
        """``player`` plays ``card`` (chosen as legal), typed as a person would.

        ``drawn``: the card was just drawn and is played with it (``d 5h``, R3.4).
        A play leaving one card is announced most of the time (R4.1), with the
        play (``7h lk``) or on a line of its own right after it (``lk``).
        """
        cards = self.cards[player]
        cards.remove(card)
        left = self.count[player] = len(cards)
        text = self.drawn_text[card] if drawn else self.text[card]
        special = self.special[card]
        if not special and left > 1 and not self.free:
            # The commonest play: no suit to name, nothing to announce, no draws.
            self.discard.append(card)
            if self.tried_empty:
                self.tried_empty.clear()
            return self.apply(text)
        if special and left and self.rank[card] == "J":
            # Name the suit held most, the first of SUITS on a tie (R5.4); the Jack's
            # own when only Jokers are left.
            suit_index = self.suit_index
            tally = [0, 0, 0, 0, 0]  # per SUITS, then Jokers
            for c in cards:
                tally[suit_index[c]] += 1
            most = max(tally[0], tally[1], tally[2], tally[3])
            text += " " + (SUITS[tally.index(most)] if most else self.suit[card])
        announce_alone = False
        if left == 1 and self.random() < ANNOUNCE_RATE:
            if self.random() < ANNOUNCE_ALONE_RATE:
                announce_alone = True
            else:
                text += " lk"
        if self.free:
            text = player + ": " + text
        # The physical consequences, worked out from the picture before the entry.
        draws = (self.instant_draws(player, card) if special and left and self.instant[card]
                 else None)
        self.discard.append(card)
        if self.tried_empty:
            self.tried_empty.clear()
        if draws:
            for victim, n in draws:
                self.take(victim, n, True)
        if not self.apply(text):
            return False
        if announce_alone and self.hand.status == "playing":
            self.asides += 1
            return self.apply(player + ": lk" if self.free else "lk")
        return True

    def instant_draws(self, player: str, card: int) -> list[tuple[str, int]]:
        """Who draws at once, and how many, because ``player`` plays ``card``.

        A Five makes every opponent draw one, from the next seat on (R5.10);
        a King under ``draw_one`` the next seat (R5.8); a Two or Joker aimed
        at a player who must miss the coming turn is drawn at once, whole
        (R5 preamble, R5.9).
        """
        hand = self.hand
        rank = self.rank[card]
        seats = hand.active
        n = len(seats)
        step = hand.direction
        here = seats.index(player)
        nxt = seats[(here + step) % n]
        if rank == "5":
            return [(seats[(here + k * step) % n], 1) for k in range(1, n)]
        if rank == "K":
            return [(nxt, 1)]
        if not hand.skips.get(nxt):
            return []
        rules = self.rules
        pending = hand.pending
        if rank == "2":
            pending += 2
        elif pending and rules.joker_stack == "double" and hand.pending_kind == JOKER:
            pending *= 2
        else:
            pending += rules.joker_penalty
        return [(nxt, pending)]

    def draw_turn(self, player: str) -> bool:
        """``player`` draws one card and plays it at once if legal (R3.4), else ends the turn."""
        draw = self.draw
        if draw:
            # ``take``'s first case, inlined: one card off a draw pile that has it.
            card = draw.pop()
            cards = self.cards[player]
            cards.append(card)
            self.count[player] = len(cards)
        else:
            got = self.take(player, 1)  # (a reshuffle first, or nothing left, R3.5, R3.6)
            if not got:
                self.tried_empty.add(player)
                return self.apply(player + ": d" if self.free else "d")
            card = got[0]
        if self.draw_then_play:
            named = self.hand.named_suit
            top = self.discard[-1]
            fit = self._fits.get(top if named is None else (top, named)) or self.fits(top, named)
            if fit[1][card]:
                return self.play(player, card, True)
        return self.apply(player + ": d" if self.free else "d")

    def turn(self, player: str) -> bool:
        """One turn of ``player``: stack on or take a penalty (R5.7), play, or draw (R3.4)."""
        hand = self.hand
        cards = self.cards[player]
        if hand.pending:
            ok = self.stackers[hand.pending_kind]
            options = []
            for c in cards:
                if ok[c]:
                    options.append(c)
            card = self.choose(player, options) if options else -1
            if card >= 0:
                return self.play(player, card)
            if not self.take(player, hand.pending, True):
                self.tried_empty.add(player)
            return self.apply(player + ": d" if self.free else "d")
        named = hand.named_suit
        top = self.discard[-1]
        plain_fit, any_fit = (self._fits.get(top if named is None else (top, named))
                              or self.fits(top, named))
        # As ``choose``, inlined for the common turn: a plain card if there is one.
        # (Plain loops: cheaper than comprehensions for a hand of cards.)
        plain = []
        for c in cards:
            if plain_fit[c]:
                plain.append(c)
        if plain:
            card = plain[int(self.random() * len(plain))]
            if len(cards) > 2 and not self.free:
                # ``play``'s first case, inlined for the commonest entry: a card without
                # an effect (never ``special``: Jacks and the cards that make others
                # draw are action cards) that leaves two cards or more: no suit to
                # name, nothing to announce, nobody draws.
                cards.remove(card)
                self.count[player] = len(cards)
                self.discard.append(card)
                if self.tried_empty:
                    self.tried_empty.clear()
                return self.apply(self.text[card])
            return self.play(player, card)
        if len(cards) > 1 or self.finish_on_action:
            options = []
            for c in cards:
                if any_fit[c]:
                    options.append(c)
            if options:
                return self.play(player, options[int(self.random() * len(options))])
        return self.draw_turn(player)

    def free_step(self) -> bool:
        """One entry in free turn order (R8.4): someone who can play does, else someone draws."""
        hand = self.hand
        if hand.pending:
            return self.turn(hand.turn)
        order = list(hand.active)
        _shuffle(order, self.getrandbits)
        ok = self.playable(self.discard[-1], hand.named_suit)
        for p in order:
            card = self.choose(p, [c for c in self.cards[p] if ok[c]])
            if card >= 0:
                return self.play(p, card)
        fresh = [p for p in order if p not in self.tried_empty]
        return self.draw_turn((fresh or order)[0])

    def maybe_call(self) -> bool:
        """Now and then an opponent calls a player who forgot "Laatste kaart!" (R4.3)."""
        if self.random() >= CALL_RATE:
            return True
        hand = self.hand
        missed = [p for p, s in hand.last_card.items() if s == "missed"]
        target = missed[int(self.random() * len(missed))]
        callers = [p for p in hand.active if p != target]
        caller = callers[int(self.random() * len(callers))]
        self.take(target, self.rules.last_card_penalty, True)
        self.asides += 1
        if not self.free and not self.rules.false_call_penalty and self.random() < 0.5:
            return self.apply("call " + target)   # an unnamed call (R4.4 allows it)
        return self.apply(f"{caller}: call {target}")

    def run(self, number: int, dealer: str) -> None:
        """Deal and play hand ``number`` to its end (won, blocked R3.9, or the cap)."""
        self.deal(number, dealer)
        hand = self.hand
        starter = self.draw.pop()
        self.discard.append(starter)
        if not self.apply("start " + self.text[starter]):
            return
        step = self.free_step if self.free else None
        turn = self.turn
        while hand.status == "playing":
            if self.entries >= MAX_ENTRIES:
                self.capped += 1
                break
            if hand.last_card and "missed" in hand.last_card.values():
                if not self.maybe_call():
                    return
                if hand.status != "playing":
                    break
            if not (step() if step else turn(hand.turn)):
                return
        self.check_hand()


def _check_players(rules: HouseRules, players: int) -> None:
    """2 to 8 players who fit the deck (R1.1, R1.3, R2.2); raises RulesError (a ValueError)."""
    check_table_fits(rules, players)


def record(rules: HouseRules, players: int, hands: int,
           seed: int | None = None) -> list[tuple[str, int, list[str], dict[str, list[str]]]]:
    """The entries the bots type, hand by hand, as ``simulate`` with the same arguments plays them.

    Returns one ``(dealer, hand number, lines, held)`` per hand, the players
    being ``NAMES[:players]`` in seating order and ``held`` the cards each
    player holds at the end (canonical texts, the winner's list empty):
    enough to replay a hand through ``Hand`` (benchmarks of the engine alone)
    or to feed it to ``pesten-ref play`` and ``score``.  Raises like
    ``simulate``.
    """
    if hands < 0:
        raise ValueError(messages.t("sim.error.hands", hands=hands))
    _check_players(rules, players)
    table = _Table(rules, players, seed, True)
    table.record = []
    out = []
    for i in range(hands):
        table.run(i + 1, table.seats[i % players])
        dealer, number, lines = table.record[-1]
        held = {p: [table.text[c] for c in cards] for p, cards in table.cards.items()}
        out.append((dealer, number, lines, held))
    return out


def simulate(rules: HouseRules, players: int, hands: int, seed: int | None = None,
             progress: ProgressFn | None = None, *, fast: bool = True) -> SimReport:
    """Let bots play ``hands`` whole hands for ``players`` players under ``rules``.

    ``players`` is 2 to 8 (R1.1) and must fit the deck (R1.3, R2.2);
    ``hands`` >= 0.  ``seed`` makes the run repeatable (``random.Random(seed)``:
    the same seed gives the same report, times aside).  ``progress``, if
    given, is called as ``progress(done, total)`` (hands) from time to time and
    once at the end.  ``fast`` (default) parses each distinct entry text once
    (per process) and hands the parsed line to the engine's core
    (``Hand.entry``: the ruling as a plain tuple; the bots need no
    ``Ruling`` object and no log of the hand); with ``fast=False`` every entry
    goes through ``Hand.apply_line`` as typed.  The rulings are the same either
    way.

    Returns a ``SimReport``.  Raises ``ValueError`` (``RulesError``) when the
    players do not fit the table, or when ``hands`` is negative.
    """
    if hands < 0:
        raise ValueError(messages.t("sim.error.hands", hands=hands))
    _check_players(rules, players)
    table = _Table(rules, players, seed, fast)
    seats = table.seats
    every = max(1, hands // 100)
    entries = 0
    turns = 0
    penalty_cards = 0
    left_wins = 0
    blocked = 0
    loser_points = 0
    losers = 0
    points = table.points
    started = time.perf_counter()
    for i in range(hands):
        dealer = seats[i % players]
        table.run(i + 1, dealer)
        hand = table.hand
        entries += table.entries
        turns += table.entries - 1 - table.asides  # (the first entry: the starter)
        penalty_cards += table.penalty_cards
        if not table.stopped and hand.status == "over":
            if hand.blocked:
                blocked += 1
            elif hand.winner == seats[(i + 1) % players]:
                left_wins += 1
            for p, cards in table.cards.items():
                if p != hand.winner:
                    losers += 1
                    loser_points += sum(points[c] for c in cards)
        if progress is not None and ((i + 1) % every == 0 or i + 1 == hands):
            progress(i + 1, hands)
    seconds = time.perf_counter() - started
    n = hands or 1
    return SimReport(
        hands=hands,
        players=players,
        rules=rules.name,
        seconds=seconds,
        hands_per_second=hands / seconds if seconds > 0 else 0.0,
        avg_turns=turns / n,
        avg_entries=entries / n,
        dealer_left_wins_rate=left_wins / n,
        avg_penalty_cards=penalty_cards / n,
        avg_loser_points=loser_points / losers if losers else 0.0,
        blocked_rate=blocked / n,
        refused_entries=table.refused,
        mismatches=table.mismatches,
        capped=table.capped,
        seed=seed,
        problems=table.problems,
    )
