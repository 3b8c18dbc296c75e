"""The simulator: bots play whole hands of Pesten through the referee engine.

The simulator knows no rule.  It holds the real cards: a shuffled deck (the
decks the engine says are in play, R1.3), ``rules.deal_size`` cards dealt to
each player, a real draw pile and discard pile, and a dealer who moves one
seat clockwise every hand (R2.1).  At every turn it asks the engine what the
player to act may do (``Hand.legal``, the one legality API), a bot picks among
the legal cards it really holds, and the pick goes to the engine
(``Hand.push``, the unchecked path for actions taken from ``legal``; or typed
as text through ``Hand.apply_line`` with ``fast=False``).  The simulator then
moves the real cards as the engine's events say: the card the bot played goes
on the discard pile; a ``Drew`` event takes that many cards off the real draw
pile, a ``Reshuffled`` event shuffles the real discard pile but its top into a
new draw pile.  After every entry the engine's picture (cards per player,
draw pile, discard pile, top card) is compared with the real cards; a refused
entry or a difference is a bug, counted in the report.

Bots (``BOTS``): ``random`` picks at random among the legal cards it holds
(each as likely; it draws only when none goes, and so stacks on a penalty
when it can), plays a drawn card when it may (R3.4), names the suit it holds most with a Jack, announces its
last card most of the time; ``sheet`` follows the rules sheet's advice (keep a
Two to answer a Two, name the suit held most, chain Sevens into action cards,
save Aces in a two-player game, announce "Laatste kaart!" and sometimes forget
it at the rate ``forget``); ``mixed`` seats them alternately.  An opponent
calls a player who forgot (R4.3) now and then.  In free turn order (R8.4) each
step picks a random player who can play, else someone draws.

Each hand ``i`` of a run is dealt and played from its own seeded generator,
so two rule sets simulated with the same seed play the same deals
(``referee.simulator.simstats`` compares them hand by hand).

Nothing here does I/O or imports click; ``progress`` lets a caller show a bar.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from referee import messages
from referee.words.events import rules_name
from referee.engine.cards import CARDS, SUITS, full_deck
from referee.engine import Hand
from referee.engine.actionevents import CardsMoved
from referee.engine.events import Called, Drew, Reshuffled, WentOut
from referee.engine.legality import start_names_suit
from referee.engine.compiled import tables_for
from referee.engine.notation import Draw, Line, Pass, Play
from referee.engine.rules import HouseRules
from referee.engine.rulecheck import check_table_fits
from referee.engine.runs import acting as acting_index
from referee.series.scoring import card_points
from referee.series.spoken import table_lexicon
from referee.simulator.simstats import HandRecord

NAMES = ("Anna", "Bram", "Cees", "Daan", "Eva", "Fien", "Gijs", "Hugo")
"""Seat names used by the bots, clockwise (R1.1: none reads as a card or word)."""

ANNOUNCE_RATE = 0.85
"""Chance that a random bot announces "Laatste kaart!" with the play that leaves it one card (R4.1)."""

FORGET_RATE = 0.1
"""Chance that a sheet bot forgets to announce its last card (the family may set another)."""

ANNOUNCE_ALONE_RATE = 0.25
"""Share of those announcements typed as a line of their own (``lk``) right after the play."""

OUT_CALL_RATE = 0.8
"""Chance that a bot says the rule set's call on going out (R10.82: ``Jh Mau-Mau``) with the
play that empties its hand, whatever the card (R10.83 when ``on`` does not name it)."""

CALL_RATE = 0.5
"""Chance, at each entry while someone is callable, that an opponent calls them (R4.3)."""

DOUBLE_RATE = 0.7
"""Chance that a bot holding more cards of the rank it plays puts them down with it,
where the rules allow a play of several cards (R3.10, ``multi_play``)."""

DEMAND_NOTHING_RATE = 0.2
"""How often a bot plays a card that demands a rank (R10.22) without demanding one."""
RUN_RATE = 0.6
"""Chance that a bot tries a run from its hand with the card it plays, where runs are
played (R10.60, ``multi_play = "run"`` or ``"same_rank_or_run"``)."""

RUN_STOP_RATE = 0.2
"""Chance, after each card a bot adds to a run, that it stops there."""
JUMP_RATE = 0.3
"""Chance, before each turn under ``jump_in`` (R10.70), that a bot holding the top card's
twin jumps in out of turn."""

MAX_ENTRIES = 10_000
"""Safety cap: a hand still going after this many entries is stopped and counted as capped."""

MAX_PROBLEMS = 5
"""How many refused entries or mismatches the report describes in detail."""

BOTS = ("random", "sheet", "mixed")
"""The bot choices of ``simulate``: every seat random, every seat the sheet's advice, or alternating."""

ProgressFn = Callable[[int, int], Any]

_STEPS: list[list[tuple[int, int, int]]] = []
"""Per list length: the (index, index + 1, bits of index + 1) steps of a shuffle."""

_PENALTY_CAUSES = frozenset({Drew.PENALTY, Drew.APPLIED, Drew.CALLED})
"""The draws that count as penalty cards: a penalty taken, a draw the referee applies
(Five, King, a penalty drawn at once, a false call), a last-card call."""

_DRAWN_PLAYS = frozenset({Drew.DRAW_PLAY, Drew.COUNTED_PLAY})
"""The draws whose played card the simulator draws and plays itself (``d 5h``, ``d 3 5h``)."""

_FOLLOWED = frozenset({Drew, Reshuffled, Called, WentOut, CardsMoved})
"""The events ``_Run.follow`` acts on (the others move no real card and count in no figure)."""

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def _bits(mask: int) -> list[int]:
    """The indexes of the set bits of ``mask``, lowest first (card ids)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
    ``avg_penalty_cards`` the cards drawn per hand because of a penalty (draw
    penalties taken, last-card calls, the draws effects apply, R3.8); ``avg_loser_points``
    the points (``rules.points``, R7.1) each player but the winner held at the
    end, averaged over those players (everyone in a blocked hand);
    ``blocked_rate`` the share of hands (0..1) that ended blocked (R3.9);
    ``refused_entries`` the entries the engine refused and ``mismatches`` the
    entries after which the engine's picture differed from the real cards
    (both should be 0: each stops its hand); ``capped`` the hands stopped at
    ``MAX_ENTRIES``; ``seed`` the seed used; ``problems`` short descriptions of
    the first refusals or mismatches, for a bug report; ``records`` one
    ``simstats.HandRecord`` per hand (not in ``to_json``).
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
    records: list[HandRecord] = field(default_factory=list, repr=False)

    @classmethod
    def of(cls, rules: str, players: int, seed: int, records: list[HandRecord], entries: int,
           refused: int, mismatches: int, capped: int, problems: list[str],
           seconds: float) -> "SimReport":
        """The report of the hands ``records`` (in order) of one rule set, which took
        ``entries`` entries in all and ``seconds`` of wall-clock time."""
        hands = len(records)
        n = hands or 1
        losers = sum(r.losers for r in records)
        return cls(
            hands=hands,
            players=players,
            rules=rules,
            seconds=seconds,
            hands_per_second=hands / seconds if seconds > 0 else 0.0,
            avg_turns=sum(r.turns for r in records) / n,
            avg_entries=entries / n,
            dealer_left_wins_rate=sum(1 for r in records if r.winner == 1) / n,
            avg_penalty_cards=sum(r.penalty_cards for r in records) / n,
            avg_loser_points=sum(r.loser_points for r in records) / losers if losers else 0.0,
            blocked_rate=sum(1 for r in records if r.blocked) / n,
            refused_entries=refused,
            mismatches=mismatches,
            capped=capped,
            seed=seed,
            problems=problems[:MAX_PROBLEMS],
            records=records,
        )

    @classmethod
    def merged(cls, parts: list["SimReport"], seconds: float) -> "SimReport":
        """One report of the parts of a run (``parts`` in the order of their hands,
        at least one), which took ``seconds`` of wall-clock time in all."""
        first = parts[0]
        return cls.of(first.rules, first.players, first.seed,
                      [r for part in parts for r in part.records],
                      round(sum(part.avg_entries * part.hands for part in parts)),
                      sum(part.refused_entries for part in parts),
                      sum(part.mismatches for part in parts),
                      sum(part.capped for part in parts),
                      [p for part in parts for p in part.problems], seconds)

    def to_json(self) -> dict:
        """The report as a plain JSON-ready dict (every field above but ``records``)."""
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
            t("sim.render.head", n=self.hands, players=self.players, rules=rules_name(self.rules)),
            t("sim.render.speed", seconds=self.seconds, n=round(self.hands_per_second)),
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
# The bots
# ---------------------------------------------------------------------------
#
# A bot sees what a player sees: its own cards, the legal cards among them
# (from the engine), the top card, the others' counts.  It decides which card
# to play (or -1: draw), which suit to name with a Jack, whether to announce.

class RandomBot:
    """Random legal play: any legal card it holds, each as likely (a draw only when none
    goes), as the random players of other card-game engines play."""

    skilled = False

    def choose(self, table: "_Run", player: str, mask: int) -> int:
        """The card id to play among the cards ``player`` holds that the engine's legal
        ``mask`` (bit ``card id``) allows, at random, or -1 to draw."""
        m = mask & table.held[player]
        if not m:
            return -1
        k = int(table.random() * m.bit_count())  # (one of the set bits, each as likely)
        while k:
            m &= m - 1   # (drop the lowest set bit)
            k -= 1
        return (m & -m).bit_length() - 1

    def play_drawn(self, table: "_Run", player: str, card: int) -> bool:
        """Whether to play a just-drawn ``card`` that may be played (R3.4): always."""
        return True

    def suit(self, table: "_Run", held: list[int], card: int) -> str:
        """The suit to name with the Jack ``card`` (R5.4): the one held most (the first of
        ``SUITS`` on a tie), the Jack's own when only Jokers are left, the first of
        ``SUITS`` for a Joker that names one with nothing else held."""
        tally = [0, 0, 0, 0]
        for c in held:
            s = CARDS[c].suit
            if s is not None:
                tally[_SUIT_INDEX[s]] += 1
        most = max(tally)
        return SUITS[tally.index(most)] if most else CARDS[card].suit or SUITS[0]

    def announces(self, table: "_Run") -> bool:
        """Whether the bot says "Laatste kaart!" with the play that leaves it one card."""
        return table.random() < ANNOUNCE_RATE


class SheetBot(RandomBot):
    """The rules sheet's advice ("Tips en strategieën"), played as a careful person would.

    Keep one Two to answer a Two (R5.1): play a Two only when nothing else goes
    or a penalty must be answered; name the suit held most with a Jack (R5.4);
    chain a Seven (R5.2) into an action card: with a Seven and another action
    card playable, the Seven goes first; save Aces in a two-player game (R5.5:
    an extra turn there) for the moment they let the player go out; press an
    opponent close to going out with a penalty card; otherwise shed the card
    worth most points (R7.1) first.  Announces "Laatste kaart!" but forgets it
    at the rate ``forget``.
    """

    skilled = True

    def __init__(self, forget: float = FORGET_RATE):
        self.forget = forget

    def choose(self, table: "_Run", player: str, mask: int) -> int:
        options = table.options(player, mask)
        held = table.cards[player]
        if not options:
            return -1
        if len(options) == 1:
            return options[0]
        hand = table.hand
        rank = table.rank
        if hand.pending:
            return options[0]  # (any stacker answers: keep the rest)
        points = table.points
        two_players = len(hand.active) == 2
        close = min(n for p, n in hand.counts.items() if p != player) <= 2
        twos = [c for c in held if rank[c] == "2"]

        def worth(c: int) -> float:
            r = rank[c]
            score = points[c]
            if r == "2" and len(twos) == 1 and not close:
                score -= 100          # keep a Two to answer a Two
            if r == "A" and two_players and len(held) > 2:
                score -= 60           # save the Ace for the decisive moment
            if close and table.penalty[c]:
                score += 50           # press the player about to go out
            if r == "7" and any(table.action[o] and rank[o] != "7" for o in options):
                score += 40           # a Seven first, then the action card it brings
            return score + table.random()  # (ties at random)

        return max(options, key=worth)

    def announces(self, table: "_Run") -> bool:
        return table.random() >= self.forget


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------
#
# Speed matters here (the issue asks for 1.5 times the rate of a well-known
# card-game engine): the real cards are the engine's small card ids, two
# decks simply holding an id twice; the engine's compiled masks (bits by card id)
# say what is legal; one ``_Run`` serves every hand of a run.

class _Run:
    """The real cards and the bots of one run, dealing and playing hand after hand.

    Run-wide: the rules, the bots per seat, the card facts the bots use (from
    the engine's compiled rule facts), the tallies.  Per hand (``deal``): the
    engine's ``Hand`` (read in ``lexicon``, the language spoken), every
    player's cards, the draw pile (its top is the last item) and the discard
    pile, the hand's generator and figures.
    """

    def __init__(self, rules: HouseRules, players: int, seed: int, fast: bool,
                 bots: str = "random", forget: float = FORGET_RATE):
        check_bots(bots)
        self.rules = rules
        self.seed = seed
        self.seats = list(NAMES[:players])
        sheet = SheetBot(forget)
        plain = RandomBot()
        self.bots = {p: (sheet if bots == "sheet" or (bots == "mixed" and i % 2 == 0)
                         else plain)
                     for i, p in enumerate(self.seats)}
        self.choosers = {p: bot.choose for p, bot in self.bots.items()}  # (bound once)
        tables = tables_for(rules)
        self.action = tables.action          # by card id: has an effect under these rules
        self.penalty = tables.penalty        # by card id: a Two or a Joker
        self.rank = [c.rank for c in CARDS]
        self.text = [str(c) for c in CARDS]
        self.points = [card_points(c, rules) for c in CARDS]
        self.deck = [c.id for c in full_deck(rules.jokers_per_deck, rules.deck)] * \
            rules.deck_count(players)
        # The actions a bot may send, made once (they are immutable values).
        self.plays = [Play(c) for c in CARDS]
        self.drawn_plays = [Draw(c) for c in CARDS]
        self.plain_draw = Draw()
        self.sit_out = Pass()
        self.swaps = tables.swaps            # by card id: its play names a player (R10.30)
        self.jumps = rules.jump_in != "off"  # R10.70: bots jump in out of turn
        self.free = rules.free_order
        self.fast = fast
        self.lexicon = table_lexicon(rules)  # (the bots type English; a hand logs as in the language spoken)
        self.out_word = rules.out_call_word()  # (R10.82: said with the play that goes out)
        self.record: list[tuple[str, int, list[str]]] | None = None
        self.pushing = fast   # picks are pushed, not typed (and not recorded as text)
        # Entry text -> the line as a hand under these rules reads it (``Hand.parse``:
        # parsing is pure for one rule set, and the bots type few distinct texts).
        self.parsed: dict[str, Line] = {}
        self.refused = 0
        self.mismatches = 0
        self.capped = 0
        self.cap = MAX_ENTRIES   # (entries a hand may take before it is stopped)
        self.problems: list[str] = []

    # -- one hand -----------------------------------------------------------
    def deal(self, number: int, dealer: str) -> None:
        """Shuffle, deal ``rules.deal_size`` cards each (R2.2) and open hand ``number``."""
        rng = random.Random(self.seed * 1_000_003 + number)
        self.random = rng.random
        self.getrandbits = rng.getrandbits
        self.hand = Hand(self.rules, self.seats, dealer, number, self.lexicon)
        deck = self.deck[:]
        _shuffle(deck, self.getrandbits)
        size = self.rules.deal_size
        self.cards: dict[str, list[int]] = {}    # the cards each player holds
        self.copies: dict[str, list[int]] = {}   # per player, how many of each card id
        self.held: dict[str, int] = {}           # per player, the card ids held (bits)
        kinds = len(CARDS)
        for p in self.seats:
            cards = self.cards[p] = deck[-size:]
            del deck[-size:]
            copies = self.copies[p] = [0] * kinds
            held = 0
            for c in cards:
                copies[c] += 1
                held |= 1 << c
            self.held[p] = held
        # The real cards per player, kept by every move of a player's cards for the
        # picture check after each entry; ``check_hand`` compares it with the cards
        # themselves at the end of the hand.
        self.count: dict[str, int] = dict.fromkeys(self.seats, size)
        self.last: Any = ""  # the last entry (its text, or the action pushed), for a report
        self.draw = deck
        self.discard: list[int] = []
        self.entries = 0
        self.asides = 0  # entries that are not a turn: a lone "Laatste kaart!", a call
        self.penalty_cards = 0
        self.largest_pickup = 0
        self.calls = 0
        self.stopped = False               # a refusal or mismatch stopped the hand
        if self.record is not None:
            self.record.append((dealer, number, []))

    def take(self, player: str, n: int) -> int:
        """``player`` takes up to ``n`` real cards off the draw pile; returns how many."""
        draw = self.draw
        k = n if n <= len(draw) else len(draw)
        if k:
            got = draw[-k:]
            del draw[-k:]
            cards = self.cards[player]
            cards += got
            self.count[player] = len(cards)
            copies = self.copies[player]
            held = self.held[player]
            for c in got:
                copies[c] += 1
                held |= 1 << c
            self.held[player] = held
        return k

    def follow(self, events: list, skip_drawn: bool = False) -> bool:
        """Move the real cards as the engine's ``events`` say (draws, reshuffles), keep
        the hand's figures (penalty cards, the largest pick-up, calls), then check the
        picture: the engine's must equal the real cards (the counts per player, the
        piles, the top card); False (a mismatch, the hand stops) when it does not.

        A ``Drew`` takes its cards off the real draw pile; when the pile runs out
        during it, the ``Reshuffled`` event that follows moves the discard pile but
        its top card into a new, shuffled draw pile, and the rest of the draw is
        taken from there.  ``skip_drawn``: the card of a ``d CARD`` was already
        drawn and played by the simulator itself.
        """
        owed_player, owed = None, 0
        skipping = False  # (the reshuffle of a ``d 3 5h`` the simulator made itself)
        for e in events:
            kind = type(e)
            if kind not in _FOLLOWED:
                continue
            if skipping and kind is Reshuffled:
                continue
            skipping = False
            if kind is Drew:
                if skip_drawn and e.cause in _DRAWN_PLAYS:
                    skipping = True
                    continue
                n = e.n
                got = self.take(e.player, n)
                owed_player, owed = e.player, n - got
                if e.cause in _PENALTY_CAUSES:
                    self.penalty_cards += n
                    if n > self.largest_pickup:
                        self.largest_pickup = n
            elif kind is Reshuffled:
                discard = self.discard
                moved = discard[:e.n]
                del discard[:e.n]
                _shuffle(moved, self.getrandbits)
                self.draw = moved
                if owed:
                    owed -= self.take(owed_player, owed)
            elif kind is Called and e.outcome == Called.HIT:
                self.calls += 1
            elif kind is WentOut:  # out of the hand, which goes on (R6.3)
                del self.count[e.player]
            elif kind is CardsMoved:
                self.move(e)
        hand = self.hand
        discard = self.discard
        if (hand.counts == self.count and hand.draw_pile == len(self.draw)
                and len(hand.discard) == len(discard)
                and (not discard or hand.discard[-1] is CARDS[discard[-1]])):
            return True
        return self.mismatch()

    def move(self, e: CardsMoved) -> None:
        """Cards change hands as ``e`` says (R9.11, R9.12): for ``pass_cards`` each giver
        passes that many of their real cards, picked at random; for ``rotate_hands``
        whole hands move."""
        if e.kind in ("rotate_hands", "swap"):  # (whole hands move: R9.12, R10.30)
            hands = {giver: self.cards[giver] for giver, _, _ in e.moves}
            for giver, taker, _ in e.moves:
                self._hold(taker, hands[giver])
            return
        given = {}
        for giver, _, n in e.moves:
            cards = self.cards[giver]
            picked = [cards.pop(int(self.random() * len(cards))) for _ in range(n)]
            given[giver] = picked
        for giver, taker, _ in e.moves:
            self._hold(taker, self.cards[taker] + given[giver])

    def _hold(self, player: str, cards: list[int]) -> None:
        """``player`` now holds ``cards`` (their count, copies and held mask anew)."""
        self.cards[player] = cards
        copies = self.copies[player] = [0] * len(CARDS)
        held = 0
        for c in cards:
            copies[c] += 1
            held |= 1 << c
        self.held[player] = held
        self.count[player] = len(cards)

    def problem(self, key: str, **fields: Any) -> None:
        """Describe a refusal or mismatch (the first ``MAX_PROBLEMS`` of a run)."""
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(messages.t(key, **fields))

    def typed(self, text: str) -> list | None:
        """Type ``text`` at the table (checked, as a person's entry); the events, or None
        when the engine refused it (counted and described; the hand stops)."""
        hand = self.hand
        if self.fast:
            line = self.parsed.get(text)
            if line is None:
                line = self.parsed[text] = hand.parse(text)
            ok, events, _, _ = hand.apply_parsed(line)
        else:
            ruling = hand.apply_line(text)
            ok, events = ruling.ok, ruling.events
        if ok:
            return events
        self.refused += 1
        refusal = events[0]
        from referee.words.events import sentence
        self.problem("sim.problem.refused", hand=hand.number, line=text,
                     rule=refusal.rule or "-", why=sentence(refusal))
        self.stopped = True
        return None

    def send(self, action: Any, player: str, announce: bool, said: str | None = None
             ) -> list | None:
        """Give a bot's pick (a ``Play`` or ``Draw`` taken from ``legal``, with "Laatste
        kaart!" if ``announce``, and the call on going out ``said``, R10.82) to the engine:
        pushed, unchecked; or, with ``fast=False``, when recording or with a call on
        going out, typed as a person would type it (``typed_text``)."""
        self.entries += 1
        if self.pushing and said is None:
            self.last = action
            return self.hand.push(action, player, announce)
        text = self.last = self.typed_text(action, player, announce, said)
        if self.record is not None:
            self.record[-1][2].append(text)
        return self.typed(text)

    def typed_text(self, action: Any, player: str, announce: bool, said: str | None = None
                   ) -> str:
        """The line a person types for ``action``: ``7h``, ``Jc h``, ``d 5h``, with `` lk``
        for "Laatste kaart!" (the rule set's own word, R10.80: `` Mau``), the call on
        going out ``said`` after it (R10.82: ``Jc h Mau-Mau``), and ``Anna: `` before it
        in free order (R8.4)."""
        text = action.canonical()
        if announce:
            text += " " + self.call_word()
        if said:
            text += " " + said
        # (a jump-in, R10.70, names its player as free order does)
        return player + ": " + text if self.free or player != self.hand.turn else text

    def call_word(self) -> str:
        """What a player says for the last card: the rule set's own word (R10.80:
        ``Mau``), else ``lk``."""
        return self.rules.last_call_word() or "lk"

    def mismatch(self) -> bool:
        """Count and describe a difference between the engine's picture and the real
        cards after the last entry; stops the hand (returns False)."""
        self.mismatches += 1
        last = self.last if isinstance(self.last, str) else self.last.canonical()
        self.problem("sim.problem.mismatch", hand=self.hand.number, line=last,
                     what=self.difference())
        self.stopped = True
        return False

    def check_hand(self) -> None:
        """At the end of a hand (won, blocked or capped): the counts the picture check
        used (``count``) must be the cards each player really holds, and so the
        engine's counts (a player out of the hand, R6.3, holds none and has no
        count); a difference is a mismatch of this hand."""
        count, counts = self.count, self.hand.counts
        for p, cards in self.cards.items():
            copies = [0] * len(CARDS)
            held = 0
            for c in cards:
                copies[c] += 1
                held |= 1 << c
            if (count.get(p, 0) != len(cards) or counts.get(p, 0) != len(cards)
                    or copies != self.copies[p] or held != self.held[p]):
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

    # -- a turn ---------------------------------------------------------------
    def options(self, player: str, mask: int) -> list[int]:
        """The card ids ``player`` really holds that the engine's legal ``mask`` allows
        (each id once, lowest first)."""
        return _bits(mask & self.held[player])

    def together(self, player: str, card: int, legal) -> list[int]:
        """The further cards of ``card``'s rank that ``player`` puts down with it as one
        play (R3.10), as many as the engine allows (``Legal.may_double``), or none: only
        where the rules allow it, and then not always (``DOUBLE_RATE``).  Where runs
        are played (R10.60) the bot first tries a run from its hand (``RUN_RATE``:
        ``run_from``)."""
        if legal.runs and self.random() < RUN_RATE:
            run = self.run_from(player, card, legal)
            if run:
                return run
        rank = self.rank[card]
        cards = self.cards[player]
        more = [c for c in cards if self.rank[c] == rank]
        more.remove(card)
        if not more or self.random() >= DOUBLE_RATE:
            return []
        first = CARDS[card]
        while more and not legal.may_double(first, [CARDS[c] for c in more]):
            more.pop()
        return more

    def run_from(self, player: str, card: int, legal) -> list[int]:
        """A run starting with ``card`` from ``player``'s real cards (R10.60): card by
        card, one the engine allows next (``Legal.may_double`` of the run so far), or
        a turn with the card after it (``5h+5s+6s``, R10.62), until none is left or
        the bot stops (``RUN_STOP_RATE``); [] when no card follows."""
        held = list(self.cards[player])
        held.remove(card)
        first = CARDS[card]
        more: list[int] = []
        while held:
            sofar = [CARDS[c] for c in more]
            step = [c for c in dict.fromkeys(held) if legal.may_double(first, sofar + [CARDS[c]])]
            if step:
                chosen = [step[int(self.random() * len(step))]]
            else:
                last = self.rank[more[-1] if more else card]
                chosen = next(([c, d] for c in dict.fromkeys(held) if self.rank[c] == last
                               for d in dict.fromkeys(held) if d != c or held.count(c) > 1
                               if legal.may_double(first, sofar + [CARDS[c], CARDS[d]])), [])
                if not chosen:
                    break
            for c in chosen:
                held.remove(c)
            more += chosen
            if self.random() < RUN_STOP_RATE:
                break
        return more

    def play(self, player: str, card: int, legal, drawn: bool = False,
             more: list[int] | tuple = (), count: int = 1) -> bool:
        """``player`` plays ``card``, legal by the engine's ``legal`` (a ``Legal``), as a
        person would type it.

        ``drawn``: the card was just drawn and is played at once (``d 5h``,
        R3.4; ``count``: the last of ``count`` cards drawn, ``d 3 5h``, R10.50, the
        real cards already moved: ``counted_turn``).  ``more``: cards of its rank put down after it as one play
        (``8h+8s``, R3.10).  A suit is named when the engine says the play
        needs one (``Legal.names_suit``: a Jack, unless it empties the hand,
        R5.4); a play leaving one card is announced unless the bot forgets
        (R4.1), with the play (``7h lk``) or on a line of its own right after
        it (``lk``).
        """
        cards = self.cards[player]
        copies = self.copies[player]
        for c in (card, *more) if not drawn else ():
            cards.remove(c)
            copies[c] -= 1
            if not copies[c]:
                self.held[player] ^= 1 << c
        left = self.count[player] = len(cards)
        self.discard.append(card)
        if more:
            self.discard += more
            acting = (card, *more)[acting_index([CARDS[c] for c in (card, *more)])]
            needs_suit = legal.names_suit(CARDS[acting], played=1 + len(more))  # (R10.64)
            suit = self.bots[player].suit(self, cards, more[-1]) if needs_suit else None
            target = self.swap_with(player, (card, *more), left)
            return self.played(player, Play(CARDS[card], suit, tuple(CARDS[c] for c in more),
                                            target), left, drawn)
        needs_suit = legal.names_suit(CARDS[card], drawn)
        demand = (self.demand(player, card, legal)
                  if left and self.hand.tables.demands >> card & 1 else None)
        target = self.swap_with(player, (card,), left) if self.swaps[card] else None
        if left > 1 and not drawn and not needs_suit and demand is None and target is None:
            # The commonest entry: no suit to name, nothing to announce.
            events = self.send(self.plays[card], player, False)
            if events is None:
                return False
            return self.follow(events)
        suit = self.bots[player].suit(self, cards, card) if needs_suit else demand
        if count > 1 or target is not None:
            action = (Draw(CARDS[card], suit, count if count > 1 else None, target) if drawn
                      else Play(CARDS[card], suit, target=target))
        elif suit is not None:
            action = Draw(CARDS[card], suit) if drawn else Play(CARDS[card], suit)
        else:
            action = self.drawn_plays[card] if drawn else self.plays[card]
        return self.played(player, action, left, drawn)

    def demand(self, player: str, card: int, legal) -> str | None:
        """The rank a bot demands with ``card`` (R10.22: ``Jh 7``): now and then none,
        else one of the ranks it may demand that it holds (it knows its hand), if any."""
        ranks = legal.demand_ranks(CARDS[card])
        held = [CARDS[c].rank for c in self.cards[player] if CARDS[c].rank in ranks]
        if not held or self.random() < DEMAND_NOTHING_RATE:
            return None
        return held[int(self.random() * len(held))]

    def swap_with(self, player: str, cards: tuple[int, ...], left: int) -> str | None:
        """The player ``player`` names to swap hands with (R10.30) when a play of ``cards``
        leaving ``left`` cards swaps (``swap.swaps``), picked at random among the others
        still in the hand; else None."""
        if not any(self.swaps[c] for c in cards):
            return None
        hand = self.hand
        from referee.engine.swap import swaps
        if not swaps(hand, tuple(CARDS[c] for c in cards), left):
            return None
        others = [p for p in hand.counts if p != player and p not in hand.places]
        return others[int(self.random() * len(others))] if others else None

    def played(self, player: str, action: Any, left: int, drawn: bool) -> bool:
        """Send the play ``action`` (the real cards already moved; ``left`` held after
        it), announcing "Laatste kaart!" with it or alone unless the bot forgets (R4.1),
        and follow and check its events."""
        bot = self.bots[player]
        announce = alone = False
        if left == 1 and bot.announces(self):
            if self.random() < ANNOUNCE_ALONE_RATE:
                alone = True
            else:
                announce = True
        said = (self.out_word if left == 0 and self.out_word
                and self.random() < OUT_CALL_RATE else None)  # (R10.82)
        events = self.send(action, player, announce, said)
        if events is None:
            return False
        if not self.follow(events, drawn):
            return False
        if alone and self.hand.status == "playing":
            word = self.call_word()
            # (named in free order, R8.4, and where a false call costs cards, R10.84)
            named = self.free or self.hand.rules.false_call_cost()
            return self.aside(player + ": " + word if named else word)
        return True

    def draw_turn(self, player: str, legal) -> bool:
        """``player`` draws: the card on top of the real draw pile is played at once when
        the engine allows ``d CARD`` for it and the bot wants to (R3.4), else a plain ``d``."""
        draw = self.draw
        if legal.draw_counts:  # (R10.50: ``d 3``, ``d 3 5h``)
            return self.counted_turn(player, legal)
        if draw and legal.draw_plays_drawn_card:
            card = draw[-1]
            if legal.draw_mask >> card & 1 and self.bots[player].play_drawn(self, player, card):
                draw.pop()   # (drawn, and straight on the pile: ``play``)
                return self.play(player, card, legal, True)
        events = self.send(self.plain_draw, player, False)
        if events is None:
            return False
        return self.follow(events)

    def counted_turn(self, player: str, legal) -> bool:
        """``player`` draws under the table's draw policy (R10.50): one real card at a
        time, the discard pile reshuffled here when the draw pile runs out (as the
        engine will, R3.5), until one the engine allows is drawn and the bot plays it
        (``d 3 5h``) or the policy's most is reached (``d 3``; ``"until_playable"``:
        every card left)."""
        policy = self.hand.rules.draw
        draw, discard = self.draw, self.discard
        left = len(draw) + max(len(discard) - 1, 0)
        most = left if isinstance(policy, str) else min(left, policy["up_to"])
        ahead = draw[::-1]
        moved: list[int] = []
        if most > len(draw):
            moved = discard[:-1]
            _shuffle(moved, self.getrandbits)
            ahead += moved[::-1]
        mask = legal.draw_mask if legal.draw_plays_drawn_card else 0
        bot = self.bots[player]
        for i in range(most):
            card = ahead[i]
            if mask >> card & 1 and bot.play_drawn(self, player, card):
                if i + 1 > len(draw):  # (the reshuffle, as the engine makes it)
                    taken = len(draw)
                    self.take(player, taken)
                    self.draw = moved
                    del discard[:-1]
                    self.take(player, i - taken)
                else:
                    self.take(player, i)
                self.draw.pop()   # (drawn, and straight on the pile: ``play``)
                return self.play(player, card, legal, True, count=i + 1)
        if most == 0:
            events = self.send(self.plain_draw, player, False)
        else:
            events = self.send(Draw(count=most), player, False)
        if events is None:
            return False
        return self.follow(events)

    def turn(self, player: str) -> bool:
        """One turn of ``player``: the bot picks among the legal cards it holds, or draws;
        under ``jump_in`` another bot holding the top card's twin may jump in first
        (``jump_in``)."""
        if self.jumps and self.random() < JUMP_RATE and self.hand.discard:
            jumped = self.jump_in(player)
            if jumped is not None:
                return jumped
        legal = self.hand.legal(player)   # (the player to act: its one lookup)
        card = self.choosers[player](self, player, legal.mask)
        if card >= 0:
            return self.play(player, card, legal, False,
                             self.together(player, card, legal) if legal.doubles else ())
        if legal.passes:   # (a skip passed on, and no card of its rank: R5.11)
            events = self.send(self.sit_out, player, False)
            if events is None:
                return False
            return self.follow(events)
        return self.draw_turn(player, legal)

    def jump_in(self, player: str) -> bool | None:
        """R10.70: the first other player, from ``player`` on in the order of play, whose
        bot picks a card the engine lets them jump in with (``Legal.mask`` for a player
        whose turn it is not) plays it out of turn; None when nobody does."""
        hand = self.hand
        seats = hand.active
        i = seats.index(player)
        for k in range(1, len(seats)):
            other = seats[(i + k * hand.direction) % len(seats)]
            legal = hand.legal(other)
            card = self.choosers[other](self, other, legal.mask)
            if card >= 0:
                return self.play(other, card, legal)
        return None

    def free_step(self) -> bool:
        """One entry in free turn order (R8.4): someone who can play does, else someone draws."""
        hand = self.hand
        if hand.turn is not None:   # (a penalty is pending: its player must act)
            return self.turn(hand.turn)
        order = list(hand.active)
        _shuffle(order, self.getrandbits)
        for p in order:
            legal = hand.legal(p)
            card = self.choosers[p](self, p, legal.mask)
            if card >= 0:
                return self.play(p, card, legal, False,
                                 self.together(p, card, legal) if legal.doubles else ())
        blank = hand.blank_turns()   # (R3.9: draw first who has not had a blank turn)
        fresh = [p for p in order if p not in blank]
        player = (fresh or order)[0]
        return self.draw_turn(player, hand.legal(player))

    def aside(self, text: str) -> bool:
        """An entry that is not a turn (a lone "Laatste kaart!", a call), typed and checked."""
        self.asides += 1
        return self.enter(text)

    def entry(self, text: str) -> list | None:
        """Type one entry through the checked path, counted and recorded: its events,
        or None when it was refused (``typed``)."""
        self.entries += 1
        self.last = text
        if self.record is not None:
            self.record[-1][2].append(text)
        return self.typed(text)

    def enter(self, text: str) -> bool:
        """Type one entry through the checked path, move the cards by its events
        and check the picture; False when it was refused or the picture differs."""
        events = self.entry(text)
        if events is None:
            return False
        return self.follow(events)

    def maybe_call(self) -> bool:
        """Now and then an opponent calls a player who forgot "Laatste kaart!" (R4.3)."""
        if self.random() >= CALL_RATE:
            return True
        hand = self.hand
        missed = hand.callable
        target = missed[int(self.random() * len(missed))]
        callers = [p for p in hand.active if p != target]
        caller = callers[int(self.random() * len(callers))]
        if hand.may_call(target) and self.random() < 0.5:
            return self.aside("call " + target)   # an unnamed call, where R4.4 allows it
        return self.aside(f"{caller}: call {target}")

    def run(self, number: int, dealer: str) -> None:
        """Deal and play hand ``number`` to its end (won, blocked R3.9, or the cap)."""
        self.deal(number, dealer)
        hand = self.hand
        while hand.status == "waiting":
            starter = self.draw.pop()
            self.discard.append(starter)
            text = "start " + self.text[starter]
            if start_names_suit(hand, CARDS[starter]):   # (the dealer names it, R9.16)
                text += " " + self.bots[dealer].suit(self, self.cards[dealer], starter)
            events = self.entry(text)
            if events is None:
                return
            if hand.status == "waiting":  # R9.16 redraw: the starter goes back, under the pile
                self.draw.insert(0, self.discard.pop())
            if not self.follow(events):
                return
        step = self.free_step if self.free else None
        turn = self.turn
        while hand.status == "playing":
            if self.entries >= self.cap:
                self.capped += 1
                break
            if hand.last_card and hand.callable:
                if not self.maybe_call():
                    return
                if hand.status != "playing":
                    break
            if not (step() if step else turn(hand.turn)):
                return
        self.check_hand()

    def figures(self) -> HandRecord:
        """What the hand just played contributes to the figures (``simstats``)."""
        hand = self.hand
        seats = self.seats
        over = not self.stopped and hand.status == "over"
        winner = -1
        loser_points = losers = 0
        skilled = False
        if over:
            if not hand.blocked and hand.winner is not None:
                winner = (seats.index(hand.winner) - seats.index(hand.dealer)) % len(seats)
                skilled = self.bots[hand.winner].skilled
            points = self.points
            for p, cards in self.cards.items():
                if p != hand.winner and p not in hand.places:  # (who went out scores 0, R6.3)
                    losers += 1
                    loser_points += sum(points[c] for c in cards)
        return HandRecord(turns=self.entries - 1 - self.asides, winner=winner,
                          blocked=over and hand.blocked, penalty_cards=self.penalty_cards,
                          largest_pickup=self.largest_pickup, loser_points=loser_points,
                          losers=losers, calls=self.calls, skilled=skilled)



Run = _Run
"""The real cards and the bots of one run (``_Run``), for a caller that plays its own
hands with them (``crosscheck``: random house-rule files, every entry checked)."""

def _check(rules: HouseRules, players: int, hands: int) -> None:
    """``hands`` >= 0, and 2 to 8 players who fit the deck (R1.1, R1.3, R2.2);
    raises ValueError (``RulesError`` for the table)."""
    if hands < 0:
        raise ValueError(messages.t("sim.error.hands", hands=hands))
    check_table_fits(rules, players)


def check_bots(bots: str) -> None:
    """``bots`` is one of ``BOTS``; raises ValueError (a sentence naming the choices)."""
    if bots not in BOTS:
        raise ValueError(messages.t("sim.error.bots", bots=bots, choices=", ".join(BOTS)))


def run_seed(seed: int | None) -> int:
    """The run's seed: ``seed``, or a fresh one when None (reported, so a run can be repeated)."""
    return random.randrange(2 ** 32) if seed is None else seed


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
    _check(rules, players, hands)
    table = _Run(rules, players, run_seed(seed), True)
    table.record = []
    table.pushing = False  # (typed, so that every entry is also checked)
    out = []
    for i in range(hands):
        table.run(i + 1, table.seats[i % players])
        dealer, number, lines = table.record[-1]
        held = {p: [table.text[c] for c in cards] for p, cards in table.cards.items()}
        out.append((dealer, number, lines, held))
    return out


def simulate(rules: HouseRules, players: int, hands: int, seed: int | None = None,
             progress: ProgressFn | None = None, *, fast: bool = True,
             bots: str = "random", forget: float = FORGET_RATE, start: int = 0) -> SimReport:
    """Let bots play ``hands`` whole hands for ``players`` players under ``rules``.

    ``players`` is 2 to 8 (R1.1) and must fit the deck (R1.3, R2.2);
    ``hands`` >= 0.  ``seed`` makes the run repeatable (hand ``i`` is dealt
    and played from a generator seeded by ``seed`` and ``i``: the same seed
    gives the same report, times aside, and the same deals under another rule
    set); None picks one, reported in ``seed``.  ``progress``, if given, is
    called as ``progress(done, total)`` (hands) from time to time and once at
    the end.  ``fast`` (default) pushes the bots' picks to the engine
    unchecked (``Hand.push``: they come from ``Hand.legal``); with
    ``fast=False`` every entry is typed as text through ``Hand.apply_line``
    (checked).  The rulings are the same either way.  ``bots``: ``"random"``,
    ``"sheet"`` or ``"mixed"`` (``BOTS``); ``forget``: how often a sheet bot
    forgets "Laatste kaart!" (0..1).  ``start``: the hands are numbers
    ``start + 1`` to ``start + hands`` of the run (a run split in parts
    plays the same hands as the whole run).

    Returns a ``SimReport``.  Raises ``ValueError`` (``RulesError``) when the
    players do not fit the table, when ``hands`` is negative or ``bots`` unknown.
    """
    _check(rules, players, hands)
    seed = run_seed(seed)
    table = _Run(rules, players, seed, fast, bots, forget)
    seats = table.seats
    every = max(1, hands // 100)
    entries = 0
    records: list[HandRecord] = []
    started = time.perf_counter()
    for i in range(hands):
        number = start + i + 1
        table.run(number, seats[(number - 1) % players])
        entries += table.entries
        records.append(table.figures())
        if progress is not None and ((i + 1) % every == 0 or i + 1 == hands):
            progress(i + 1, hands)
    return SimReport.of(rules.name, players, seed, records, entries, table.refused,
                        table.mismatches, table.capped, table.problems,
                        time.perf_counter() - started)
