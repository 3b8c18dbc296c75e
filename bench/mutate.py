"""Mutation check: break one rule of the engine and see that the engine's tests notice.

    python bench/mutate.py --list
    python bench/mutate.py [MUTATION ...] [--tests tests/test_a.py ...] [--jobs 2] [--no-clean]

Each mutation (``MUTATIONS``) is a small edit of one rule statement of the
engine package, or of a condition the legality API asks of the checked path: a
file, a piece of its text that must occur exactly once, and the text put in its
place.  Each rule lives in one place, so one edit breaks it for every caller:
the rulings, the legality API (``Hand.legal``) and the simulator's bots, which
hold no rule of their own.  Covered: the actions table (R9, R5.11: passing a
skip on, several skips, limits, following suit, draws to the previous player,
card moves and the duties after them, draw_after, the redrawn starter, the
stacking groups, the rule a rank cites, free order), matching (R3.1-R3.3, ``jack_wild``,
``jack_on_jack``), stacking (R5.7) and the penalty's arithmetic (R5.1, R5.6,
Joker doubling), the next seat, turns to miss, Sevens, Eights, Aces, Kings,
Fours and Fives (R1.2, R5.2-R5.10, the R5 preamble), going out (R6.2) and the
owed draw, the draw and ``d CARD`` (R3.4-R3.6, R5.7), the blocked hand (R3.9),
the last-card windows and calls (R4), the deck (R1.3, R1.4) and the legality
API's own conditions (the count after a play, the copies a ``d CARD`` sees
after its reshuffle, who may act in free order); and every other engine module:
the vocabulary's defaults, ``check_combination`` and the ``[stacking]`` checks
(R9.2-R9.14), the deal, the starter and the first player (R2), corrections and
undo (R0.2) and a refusal that changes nothing (R0.4, the snapshot), leaving
(R1.5), going out and the last holder (R6.1, R6.3), the notation's lone ``d``
(R9.8), ``why``'s trail (R5.7) and the ruling that says who plays next.  One
mutation is of the simulator, whose ``_shuffle`` claims to be ``random.shuffle``:
it is judged by the test that pins that claim (``OWN_TESTS``), not by the
engine's.

For each mutation named (all by default) the script copies the tree
(``referee``, ``house_rules``, ``tests``, ``bench``, ``docs``, ``examples``,
``pyproject.toml``) to a temporary folder, applies the edit and runs the engine's
own test files there (``ENGINE_TESTS``: not the simulator's, the golden or the
differential files), after the test that pins the mutation's rule when ``JUDGES``
names one (a run of its own, so that a caught mutation stops at once; some are of
the rest of the suite, where the engine's tests miss the rule: a house-rule file
refused through the command line, ``why``'s answer ...),
each in one ``pytest -x -q -p no:cacheprovider``, which stops at the first failing
test; ``--jobs`` mutations side by side.  It prints one row per mutation:
``caught`` and the first test that failed, or ``NOT CAUGHT``; ``stale`` when its
text is no longer in the file once (the snippet must then be written again for
the code).  A first row runs the files unmutated (``--no-clean`` skips it): they
must pass there.  The last line reads ``N of M mutations caught by the engine
tests``.

Exit status 1 when the unmutated run fails or a mutation is stale or survives.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("referee", "house_rules", "tests", "bench", "docs", "examples", "pyproject.toml")

TABLES = "referee/engine/compiled.py"
KEYS = "referee/engine/keys.py"
ACTIONS = "referee/engine/actions.py"
ORDER = "referee/engine/order.py"
MATCHING = "referee/engine/matching.py"
PLAYS = "referee/engine/plays.py"
DRAWS = "referee/engine/draws.py"
BLOCKED = "referee/engine/blocked.py"
GOINGOUT = "referee/engine/goingout.py"
LASTCARD = "referee/engine/lastcard.py"
TABLE = "referee/engine/table.py"
LEGALITY = "referee/engine/legality.py"
PILES = "referee/engine/piles.py"
EFFECTS = "referee/engine/effects.py"
CORRECTIONS = "referee/engine/corrections.py"
HAND = "referee/engine/hand.py"
DEAL = "referee/engine/deal.py"
DEALT = "referee/engine/dealt.py"
STATE = "referee/engine/state.py"
NOTATION = "referee/engine/notation.py"
DOUBLES = "referee/engine/doubles.py"
RUNS = "referee/engine/runs.py"

MUTATIONS: dict[str, tuple[str, str, str, str]] = {
    # name: (what it breaks, file, old text, new text)
    # -- matching (R3.1-R3.3, R5.4) -------------------------------------------
    "match-rank": (
        "matches: a card of the top card's rank no longer matches (R3.1)",
        TABLES,
        "    return card.suit == top.suit or card.rank == top.rank\n",
        "    return card.suit == top.suit\n"),
    "match-suit": (
        "matches: a card of the top card's suit no longer matches (R3.1)",
        TABLES,
        "    return card.suit == top.suit or card.rank == top.rank\n",
        "    return card.rank == top.rank\n"),
    "match-on-joker": (
        "matches: only a Joker goes on a Joker (R3.2: any card may)",
        TABLES,
        "    if top.rank == JOKER:\n        return True\n",
        "    if False:\n        return True\n"),
    "match-named-suit": (
        "matches: the Jack's own suit still matches while another suit is named (R3.3)",
        TABLES,
        "        if card.suit == named:\n",
        "        if card.suit == named or card.suit == top.suit:\n"),
    "match-jack-wild": (
        "matches: a suit-naming card goes on anything whatever wild / jack_wild says (R5.4, R9.8)",
        TABLES,
        "    if card.rank in wild:\n",
        "    if card.rank in same_rank or card.rank in wild:\n"),
    "match-jack-on-jack": (
        "matches: a Jack on a Jack while a suit is named whatever jack_on_jack says (R3.3, R9.8)",
        TABLES,
        "        return card.rank == top.rank and card.rank in same_rank\n",
        "        return card.rank == top.rank and card.rank == \"J\"\n"),
    # -- stacking (R5.7) ------------------------------------------------------
    "stack-cumulative": (
        "stack_groups: stacking = \"cumulative\" is taken as \"same\" (R5.7, R9.14)",
        "referee/engine/rules.py",
        "        if mode == \"cumulative\":\n            return (frozenset(ranks),)\n",
        "        if False:\n            return (frozenset(ranks),)\n"),
    "stack-none": (
        "stack_groups: stacking = \"none\" is taken as \"same\" (R5.7, R9.14)",
        "referee/engine/rules.py",
        "        if mode == \"none\" or not ranks:\n",
        "        if not ranks:\n"),
    "stack-two-adds": (
        "effect: a penalty card on a pending penalty starts it again instead of adding (R5.1)",
        ACTIONS,
        "            h.pending += e.n\n",
        "            h.pending = e.n\n"),
    # -- Joker doubling (R5.6, R5.7) ------------------------------------------
    "joker-double": (
        "effect: a Joker on a Joker adds joker_penalty under joker_stack = \"double\" (R5.6)",
        ACTIONS,
        "            h.pending *= 2\n",
        "            h.pending += e.n\n"),
    "joker-double-on-two": (
        "effect: under joker_stack = \"double\" a Joker on a Two doubles too "
        "(R5.7: only a Joker on a Joker)",
        ACTIONS,
        " in h.tables.doubling_ranks and h.pending_kind == kind:\n",
        " in h.tables.doubling_ranks:\n"),
    # -- the next seat, skips, reverse (R1.2, R5.2-R5.10, the R5 preamble) ----
    "next-seat": (
        "next_seat ignores the direction of play (penalties, Fours, Kings, Fives aim clockwise)",
        ORDER,
        "    return seats[(seats.index(player) + h.direction) % len(seats)]\n",
        "    return seats[(seats.index(player) + 1) % len(seats)]\n"),
    "pass-direction": (
        "pass_turn: the turn always moves clockwise (R1.2, R5.5)",
        ORDER,
        "    i = (seats.index(player) + h.direction) % n\n",
        "    i = (seats.index(player) + 1) % n\n"),
    "pass-lose-next": (
        "_skip: an Eight or a King's skip no longer costs the next seat its turn (R5.3, R9.5)",
        ACTIONS,
        "    h.skips[victim] = h.skips.get(victim, 0) + e.n\n",
        "    h.skips[victim] = h.skips.get(victim, 0) + e.n - 1\n"),
    "pass-one-skip": (
        "pass_turn: only the first seat with turns to miss is passed (R5.9)",
        ORDER,
        "        while missing(h, seats[i]):  # (skips run out: each pass uses one)\n",
        "        if missing(h, seats[i]):\n"),
    "use-skip-keeps": (
        "use_skip: a turn missed is not used up (R5.9)",
        ORDER,
        "    left = owed.get(player, 0) - 1\n",
        "    left = owed.get(player, 0)\n"),
    "seven-passes": (
        "effect: a Seven (an again) passes the turn instead of playing again (R5.2, R9.6)",
        ACTIONS,
        "    elif done & _AGAIN:\n        h.turn = player\n",
        "    elif done & _AGAIN:\n        order.pass_turn(h, player)\n"),
    "ace-no-reverse": (
        "effect: an Ace (a reverse) no longer reverses the direction (R5.5, R9.7)",
        ACTIONS,
        "def _reverse(h, player, card, suit, e, rule, house, ev, done) -> int:\n"
        "    h.direction = -h.direction\n",
        "def _reverse(h, player, card, suit, e, rule, house, ev, done) -> int:\n    pass\n"),
    "ace-two-players": (
        "effect: an Ace between two players passes the turn (R5.5: plays again)",
        ACTIONS,
        "    if len(h.active) == 2 and not h.free and e.two_players == \"again\":\n",
        "    if False:\n"),
    "king-no-reverse": (
        "RANK_MEANINGS: king = \"reverse_skip\" does not reverse (R5.8)",
        KEYS,
        "                              \"reverse_skip\": ((\"reverse\", {\"two_players\": \"none\"}), (\"skip\", {}))},\n",
        "                              \"reverse_skip\": ((\"skip\", {}),)},\n"),
    "four-skips-one": (
        "RANK_MEANINGS: a Four makes the next player miss one turn, not two (R5.9)",
        KEYS,
        "    RankMeaning(\"4\", \"R5.9\", {\"none\": (), \"skip_two\": ((\"skip\", {\"n\": 2}),)}, switch=\"four\"),\n",
        "    RankMeaning(\"4\", \"R5.9\", {\"none\": (), \"skip_two\": ((\"skip\", {\"n\": 1}),)}, switch=\"four\"),\n"),
    "five-misses-one": (
        "effect: a Five (others_draw) makes every other player but one draw (R5.10, R9.4)",
        ACTIONS,
        "    for _ in range(len(h.active) - 1):\n",
        "    for _ in range(len(h.active) - 2):\n"),
    "penalty-at-once": (
        "aim_penalty: a penalty on a player who must miss the turn waits (R5 preamble)",
        ACTIONS,
        "    if at_once and not h.free and order.missing(h, target):\n",
        "    if False:\n"),
    # -- going out (R6.2) -----------------------------------------------------
    "finish-on-action": (
        "finishers: a player may go out on an action card whatever finish_on_action says (R6.2)",
        TABLES,
        "        self.finish: int = -1 if mode == \"allowed\" else ~blocked\n",
        "        self.finish: int = -1\n"),
    "owed-not-kept": (
        "owe_draw: the refusal of R6.2 owes no draw (R0.4)",
        GOINGOUT,
        "    h.owed[player] = n\n",
        "    pass\n"),
    "owed-zero-draw-play": (
        "draw_play_refusal: d CARD allowed while no card is owed (finish_on_action_draw = 0, R6.2)",
        DRAWS,
        "    if owed is not None and owed != 1:\n",
        "    if owed is not None and owed > 1:\n"),
    "penalty-keeps-owed": (
        "take_penalty: a penalty no longer replaces the draw owed (R6.2)",
        DRAWS,
        "    h.owed.pop(player, None)\n    drew = Drew(player, n, Drew.PENALTY)\n",
        "    drew = Drew(player, n, Drew.PENALTY)\n"),
    # -- the draw and d CARD (R3.4-R3.6, R5.7) --------------------------------
    "exhausted-discard": (
        "exhausted: an empty draw pile is exhausted whatever the discard pile holds (R3.6)",
        PILES,
        "    return h.draw_pile == 0 and len(h.discard) <= 1\n",
        "    return h.draw_pile == 0\n"),
    "draw-play-exhausted": (
        "draw_play_refusal: d CARD allowed on exhausted piles (R3.6)",
        DRAWS,
        "    if not h.draw_pile and exhausted(h):",
        "    if False:"),
    "draw-play-pending": (
        "draw_play_refusal: d CARD allowed on a penalty under penalty_ends_turn (R5.7)",
        DRAWS,
        "    if h.pending and r.penalty_ends_turn:\n",
        "    if False:\n"),
    "draw-play-off": (
        "draw_play_refusal: d CARD allowed under draw_then_play = false (R3.4)",
        DRAWS,
        "    if not r.draw_then_play:\n        return Refusal(",
        "    if False:\n        return Refusal("),
    # -- the draw policy (R10.50-R10.52) ---------------------------------------
    "draw-up-to-unchecked": (
        "check_counted: a count above { up_to = N } is taken (R10.50)",
        DRAWS,
        "    if not isinstance(policy, str) and count > policy[\"up_to\"]:\n",
        "    if False:\n"),
    "draw-until-no-card": (
        "check_counted: under until_playable a draw stops with no card played (R10.51)",
        DRAWS,
        "        if policy == \"until_playable\" and h.rules.draw_then_play and count < left:\n",
        "        if False:\n"),
    "draw-count-piles": (
        "check_counted: a count above what the piles hold is taken, the rest forgiven (R10.52)",
        DRAWS,
        "    if count > left:\n",
        "    if False:\n"),
    "draw-play-count": (
        "draw_play_mask: d CARD taken as a play leaving one card fewer (R3.4: one drawn, one played)",
        DRAWS,
        "        return matching.play_mask(h, h.counts[player])  # (one drawn, one played)\n",
        "        return matching.play_mask(h, h.counts[player] - 1)\n"),
    "draw-play-penalty-untaken": (
        "draw_play_mask: on a pending penalty the card is asked before the penalty is taken (R5.7)",
        DRAWS,
        "    take_penalty(h, player, [])\n",
        "    pass\n"),
    "reshuffle-first": (
        "reshuffles_first: d CARD on an empty draw pile under a penalty reshuffles first (R3.5)",
        DRAWS,
        "    return h.draw_pile == 0 and not h.pending\n",
        "    return h.draw_pile == 0\n"),
    "reshuffle-moves-top": (
        "take: a reshuffle moves the top card too (R3.5)",
        PILES,
        "            moved = len(h.discard) - 1\n",
        "            moved = len(h.discard)\n"),
    "draw-forgives-none": (
        "take: a draw on exhausted piles is not forgiven, the cards counted anyway (R3.6)",
        PILES,
        "    if got:\n        h.counts[player] += got\n",
        "    if n:\n        h.counts[player] += n\n"),
    "plays-on-after-penalty": (
        "draw: under penalty_ends_turn = false the turn passes after the penalty (R5.7)",
        DRAWS,
        "                h.turn = player\n                h.penalty_turn = player if got else None\n",
        "                order.pass_turn(h, player)\n"
        "                h.penalty_turn = player if got else None\n"),
    "jack-suit": (
        "names_suit: a Jack that empties the hand must name a suit (R5.4)",
        MATCHING,
        "    return (count_after > 0 or h.tables.draw_after >> card.id & 1) and h.tables.names[card.id]\n",
        "    return h.tables.names[card.id]\n"),
    "play-mask-last": (
        "play_mask: going out on an action card asked of every play (R6.2)",
        MATCHING,
        "    if count_after == 0:\n        return mask & goingout.finishers(h)\n",
        "    if count_after <= 1:\n        return mask & goingout.finishers(h)\n"),
    # -- the blocked hand (R3.9) ----------------------------------------------
    "blocked-any": (
        "check_blocked: one blank turn on exhausted piles blocks the hand (R3.9: every player)",
        BLOCKED,
        "    if all(p in h.idle for p in h.active):\n",
        "    if any(p in h.idle for p in h.active):\n"),
    "blocked-play-keeps-idle": (
        "play: a card played does not start the blank turns again (R3.9)",
        PLAYS,
        "    if h.idle:\n        h.idle.clear()\n",
        "    if h.idle:\n        pass\n"),
    "blocked-penalty-turn": (
        "draw: the draw after a penalty that brought cards is a blank turn (R3.9, R5.7)",
        DRAWS,
        "    got = drew.n = take(h, player, drew.n, ev)\n    if got == 0 and h.penalty_turn != player:\n",
        "    got = drew.n = take(h, player, drew.n, ev)\n    if got == 0:\n"),
    # -- last card (R4) -------------------------------------------------------
    "window-draw-open": (
        "typed_draw: a typed draw leaves the other windows open (R4.2)",
        LASTCARD,
        "    \"\"\"``player`` typed a draw: other open windows close (R4.2).\"\"\"\n"
        "    if \"open\" in h.last_card.values():\n",
        "    \"\"\"``player`` typed a draw: other open windows close (R4.2).\"\"\"\n"
        "    if False:\n"),
    "window-opens-two": (
        "play: the last-card duty starts with two cards left (R4.1: one)",
        PLAYS,
        "    if count_after < 2:\n",
        "    if count_after < 3:\n"),
    "call-unnamed": (
        "call: an unnamed call allowed under a false_call_penalty (R4.4)",
        LASTCARD,
        "    if caller is None and r.false_call_penalty > 0:\n",
        "    if False:\n"),
    "call-premature": (
        "call: a call while the window is open hits (R4.2: premature)",
        LASTCARD,
        "    if state == \"missed\" and h.counts.get(target) == 1:\n",
        "    if state in (\"missed\", \"open\") and h.counts.get(target) == 1:\n"),
    "lapse": (
        "lapse: the duty stays when the count changes (R4.5)",
        PILES,
        "    \"\"\"R4.5: the duty and the chance to call end when the count changes.\"\"\"\n"
        "    h.last_card.pop(player, None)\n",
        "    \"\"\"R4.5: the duty and the chance to call end when the count changes.\"\"\"\n"),
    # -- the deck (R1.3, R1.4) ------------------------------------------------
    "deck-copies": (
        "in_deck: one copy more than the decks hold (R1.4)",
        TABLE,
        "    return (h.copies if copies is None else copies).get(card, 0) < copies_allowed(h, card)\n",
        "    return (h.copies if copies is None else copies).get(card, 0) <= copies_allowed(h, card)\n"),
    "deck-jokers": (
        "copies_per_deck: a deck holds 2 Jokers whatever jokers_per_deck says (R1.3, R1.4)",
        "referee/engine/cards.py",
        "        return int(jokers)\n",
        "        return 2\n"),
    # -- the legality API's own conditions -------------------------------------
    "legal-count": (
        "legal: the play mask asked for the cards held, not those left after the play (R6.2)",
        LEGALITY,
        "    mask = matching.play_mask(h, h.counts[who] - 1)",
        "    mask = matching.play_mask(h, h.counts[who])"),
    "legal-copies": (
        "may_draw_play: the discard pile's copies before the reshuffle d CARD makes (R1.4, R3.5)",
        LEGALITY,
        "    copies = {h.discard[-1]: 1} if draws.reshuffles_first(h) else h.copies",
        "    copies = h.copies"),
    "legal-free-pending": (
        "actor: in free order anyone may act on someone else's penalty (R3.7, R8.4)",
        LEGALITY,
        "        return player if (not h.pending or player == h.turn) else None\n",
        "        return player\n"),
    # -- the actions table (R9, R5.11) ------------------------------------------
    "skip-pending-any-card": (
        "play_mask: facing a skip passed on any matching card goes (R5.11)",
        MATCHING,
        "    elif kind is SKIP:\n        mask = t.limit((\"rank\", h.skip_rank))",
        "    elif False:\n        mask = t.limit((\"rank\", h.skip_rank))"),
    "pass-misses-one": (
        "pass_skip: a pass misses one turn whatever the skip holds (R5.11)",
        ACTIONS,
        "    if n > 1:\n        owed[player] = owed.get(player, 0) + n - 1\n",
        "    if False:\n        owed[player] = owed.get(player, 0) + n - 1\n"),
    "skips-same-victim": (
        "_skip: two skips of one play fall on the same player (R9.5: the next players in turn)",
        ACTIONS,
        "    victim = order.next_seat(h, _last_victim(ev) if done & _SKIPPED else player)\n",
        "    victim = order.next_seat(h, player)\n"),
    "limit-lasts": (
        "play: a limit on the next card stays after a card is played (R9.9)",
        PLAYS,
        "    h.limit = None\n    if not h.skip_stacks:",
        "    if not h.skip_stacks:"),
    "limit-at-most-inclusive": (
        "within: next_at_most lets through only lower values (R9.9: at most)",
        TABLES,
        "    return own <= value if kind == \"at_most\" else own >= value\n",
        "    return own < value if kind == \"at_most\" else own >= value\n"),
    "follow-joker": (
        "within: a Joker follows an again that must follow suit (R9.6)",
        TABLES,
        "        return card.rank != JOKER and (card.suit == value.suit or card.rank == value.rank)\n",
        "        return card.rank == JOKER or card.suit == value.suit or card.rank == value.rank\n"),
    "draw-previous-is-next": (
        "_draw: to = \"previous\" draws the next player (R9.3)",
        ACTIONS,
        "        victim = order.previous_seat(h, player)\n",
        "        victim = order.next_seat(h, player)\n"),
    "rotate-with-play": (
        "_move: hands rotate with the play when against_play (R9.12)",
        ACTIONS,
        "        step = -h.direction if e.against_play else h.direction\n",
        "        step = h.direction\n"),
    "moved-no-duty": (
        "effects: after cards change hands nobody owes Laatste kaart (R9.18)",
        ACTIONS,
        "    if done & _MOVED:\n        _duties_anew(h)\n",
        "    if False:\n        _duties_anew(h)\n"),
    "draw-after-wins": (
        "play: under finish.mode = \"draw_after\" the player goes out (R9.15)",
        TABLES,
        "        self.draw_after: int = blocked if mode == \"draw_after\" else 0\n",
        "        self.draw_after: int = 0\n"),
    "redraw-applies": (
        "Tables: a starter under start.mode = \"redraw\" stays (R9.16)",
        TABLES,
        "        self.start_redraw: int = starters if start == \"redraw\" else 0\n",
        "        self.start_redraw: int = 0\n"),
    "stack-groups-any": (
        "stacks: a penalty rank stacks on any penalty (R9.14: its own group only)",
        TABLES,
        "    return any(_holds(group, _wider(kind)) and _holds(group, card_keys(card)) for group in groups)\n",
        "    return any(_holds(group, card_keys(card)) for group in groups)\n"),
    "classic-rule-generic": (
        "RANK_MEANINGS: a Seven that plays again cites the effect's R9.6, not R5.2 (R9.1)",
        KEYS,
        "    RankMeaning(\"7\", \"R5.2\", {None: ((\"again\", {}),)}),\n",
        "    RankMeaning(\"7\", None, {None: ((\"again\", {}),)}),\n"),
    "free-again-acts": (
        "Tables: in free order an again still keeps the turn's card an action card (R9.17)",
        "referee/engine/rules.py",
        "                         if not free or any(not e.turn_effect for e in effects))\n",
        "                         if True)\n"),
    # -- the simulator's speed code: its shuffle (not a rule) ------------------
    "shuffle-modulo": (
        "_shuffle: an index out of range folded back with % instead of drawn again "
        "(no longer random.shuffle)",
        "referee/simulator/simulate.py",
        "        while j >= n:\n            j = getrandbits(k)\n",
        "        j %= n\n"),
    # -- one interpreter: the starter, going out, leaving (issue 30) --------------
    "start-not-dealers-play": (
        "start: an applied starter acts as the first player's play, not the dealer's (R9.16)",
        "referee/engine/deal.py",
        "    actions.effect(h, h.dealer, card, suit, ev, table=h.tables.start_steps)\n",
        "    actions.effect(h, h.first_player(), card, suit, ev, table=h.tables.start_steps)\n"),
    "out-card-no-effect": (
        "go_out: the card that takes a player out under last_holder does nothing (R6.3)",
        GOINGOUT,
        "    if card is not None and len(h.active) > 2 and h.tables.action[card.id]:\n",
        "    if False:\n"),
    "leave-skip-moves-on": (
        "unseat: a skip passed on to a player who leaves stays for the next player (R1.5)",
        ORDER,
        "    if was_turn and h.pending_skip:\n",
        "    if False:\n"),
    "duties-in-seat-order": (
        "_duties_anew: announce_due names the first seat, not the first from the player to act (R9.18)",
        ACTIONS,
        "    start = seats.index(h.turn) if h.turn in seats else 0\n",
        "    start = 0\n"),
    "penalty-then-skip-pending": (
        "effect: a skip after a penalty on its victim leaves the penalty pending (R5 preamble)",
        ACTIONS,
        "        elif done & _SKIPPED and not h.free and h.skips.get(h.turn, 0) > 0:\n",
        "        elif False:\n"),
    "at-once-then-skip-stays": (
        "effect: a skip after a penalty drawn at once leaves the turn on the seat it "
        "skipped (R5 preamble)",
        ACTIONS,
        "            if not h.free and h.skips.get(h.turn, 0) > 0:  # a later skip fell on the next\n",
        "            if False:\n"),
    # -- the review's survivors (issue 31) -----------------------------------------
    "skips-round-two-players": (
        "_skip: with two players the second skip of one play falls on the player (R9.5: "
        "the other misses both)",
        ACTIONS,
        "    if victim == player and len(h.active) > 1:  # (the skips went round: the next again)\n"
        "        victim = order.next_seat(h, player)\n",
        ""),
    "combo-again-penalty": (
        "check_combination: again beside a pending draw is not refused (R9.13)",
        EFFECTS,
        "    if \"again\" in kinds and (skips or pending):\n",
        "    if \"again\" in kinds and skips:\n"),
    "blocked-empty-penalty": (
        "draw: a penalty that brings no card is no blank turn under penalty_ends_turn (R3.9)",
        DRAWS,
        "            if got == 0:\n                h.idle.add(player)\n            order.pass_turn(h, player)\n",
        "            order.pass_turn(h, player)\n"),
    "blocked-empty-penalty-free": (
        "draw: in free order a penalty that brings no card is no blank turn (R3.9, R8.4)",
        DRAWS,
        "                h.turn = None\n                if got == 0:\n                    h.idle.add(player)\n",
        "                h.turn = None\n"),
    "fix-play-keeps-idle": (
        "fix play: a card put on the pile by a correction does not start the blank turns "
        "again (R3.9, R0.2)",
        CORRECTIONS,
        "        h.idle.clear()\n        piles.lapse(h, target)\n",
        "        piles.lapse(h, target)\n"),
    "undo-scored": (
        "undo: a scored hand's last entry can be undone (R0.2)",
        HAND,
        "        if self.scored:\n            return said(\"R0.2\", \"engine.undo.scored\"",
        "        if False:\n            return said(\"R0.2\", \"engine.undo.scored\""),
    "resume-keeps-misses": (
        "resume_at: the seat after a leaver plays though it has a turn to miss (R1.5, R5.9)",
        ORDER,
        "    elif missing(h, seat):\n        use_skip(h, seat)\n        pass_turn(h, seat)\n",
        "    elif False:\n        pass\n"),
    "pass-cards-right": (
        "EFFECT_KINDS: pass_cards goes to the right when the file says no direction (R9.11)",
        EFFECTS,
        "               (Param(\"to\", \"enum\", (\"left\", \"right\"), \"left\"),), \"R9.11\"),\n",
        "               (Param(\"to\", \"enum\", (\"left\", \"right\"), \"right\"),), \"R9.11\"),\n"),
    # -- the vocabulary's defaults and combinations (R9.2-R9.13) --------------------
    "draw-default-self": (
        "EFFECT_KINDS: a draw falls on the player when the file names nobody (R9.3: the next)",
        EFFECTS,
        "(Param(\"to\", \"enum\", _TO_NEXT, \"next\"), Param(\"at_once\", \"bool\", None, False)),",
        "(Param(\"to\", \"enum\", _TO_NEXT, \"self\"), Param(\"at_once\", \"bool\", None, False)),"),
    "draw-default-at-once": (
        "EFFECT_KINDS: a draw is drawn at once when the file does not say (R9.3: pending)",
        EFFECTS,
        "(Param(\"to\", \"enum\", _TO_NEXT, \"next\"), Param(\"at_once\", \"bool\", None, False)),",
        "(Param(\"to\", \"enum\", _TO_NEXT, \"next\"), Param(\"at_once\", \"bool\", None, True)),"),
    "skip-default-two": (
        "EFFECT_KINDS: a bare skip makes the next player miss two turns (R9.5: one)",
        EFFECTS,
        "    EffectKind(\"skip\", Param(\"n\", \"int\", (1, 3), 1),",
        "    EffectKind(\"skip\", Param(\"n\", \"int\", (1, 3), 2),"),
    "again-default-follow": (
        "EFFECT_KINDS: again follows suit when the file does not say (R9.6: any card)",
        EFFECTS,
        "Param(\"follow\", \"enum\", (\"any\", \"same_suit\"), \"any\"),",
        "Param(\"follow\", \"enum\", (\"any\", \"same_suit\"), \"same_suit\"),"),
    "pass-cards-step": (
        "_move: pass_cards to the left gives to the previous seat (R9.11)",
        ACTIONS,
        "        step = 1 if e.to == \"left\" else -1\n",
        "        step = -1 if e.to == \"left\" else 1\n"),
    "combo-two-penalties": (
        "check_combination: two pending draws on one rank are not refused (R9.13)",
        EFFECTS,
        "    if pending > 1:\n",
        "    if pending > 2:\n"),
    "combo-limit-suit": (
        "check_combination: a next_* limit beside a named suit is not refused (R9.13)",
        EFFECTS,
        "    if limits > 1 or (limits and \"name_suit\" in kinds):\n",
        "    if limits > 1:\n"),
    "combo-pass-on-skips": (
        "check_combination: a passed-on skip beside another skip is not refused (R9.13)",
        EFFECTS,
        "    if passed_on and (pending or skips > 1):\n",
        "    if passed_on and pending:\n"),
    "combo-pass-on-free": (
        "check_combination: a passed-on skip in free order is not refused (R9.13, R8.4)",
        EFFECTS,
        "    if problem is None and free and passed_on:\n",
        "    if False:\n"),
    # -- [stacking] validation (R9.14) -------------------------------------------------
    "stack-group-not-penalty": (
        "check_actions: a [stacking] group may hold a rank that makes no penalty (R9.14)",
        "referee/engine/rulecheck.py",
        "            if rank not in penalty and not all(  # (R10.10: a card or colour whose cards all draw)\n",
        "            if False and not all(\n"),
    "stack-group-twice": (
        "check_actions: a rank may stand in two [stacking] groups (R9.14)",
        "referee/engine/rulecheck.py",
        "            if rank in seen:\n",
        "            if False:\n"),
    "stack-double-ungrouped": (
        "check_actions: [stacking] double may name a rank in no group (R9.14)",
        "referee/engine/rulecheck.py",
        "        if rank not in grouped:\n",
        "        if False:\n"),
    # -- the deal and the starter (R2) ------------------------------------------------
    "start-any-dealer": (
        "start: anyone may turn the starter (R2.3: the dealer)",
        DEAL,
        "    if named != h.dealer:\n",
        "    if False:\n"),
    "start-suit-on-plain": (
        "start: a suit typed after a starter that names none is taken (R2.3)",
        DEAL,
        "    if suit is not None and not names:\n        raise Refusal(Reason.START_NO_SUIT",
        "    if False:\n        raise Refusal(Reason.START_NO_SUIT"),
    "first-player-right": (
        "first_player: the seat before the dealer plays first (R2.5: the next seat clockwise)",
        DEALT,
        "        return seats[(seats.index(self.dealer) + 1) % len(seats)]\n",
        "        return seats[(seats.index(self.dealer) - 1) % len(seats)]\n"),
    "deal-one-hand": (
        "reset: the draw pile holds all but one hand's cards (R2.2: every player is dealt)",
        STATE,
        "        self.draw_pile: int = deck_total - deal_size * len(seats)",
        "        self.draw_pile: int = deck_total - deal_size"),
    "snapshot-forgets-corrections": (
        "Snapshot.restore: a refused line does not put back the corrections counted nor "
        "the places (R0.4: a refusal changes nothing)",
        STATE,
        "        for name in MUTABLE:\n            setattr(h, name, getattr(self, name))\n",
        "        for name in MUTABLE[:-2]:\n            setattr(h, name, getattr(self, name))\n"),
    # -- corrections (R0.2) -----------------------------------------------------------
    "fix-count-past-pile": (
        "fix count: more cards than the draw pile holds are taken (R0.2)",
        CORRECTIONS,
        "        if diff > h.draw_pile:\n",
        "        if False:\n"),
    "fix-count-zero-plays-on": (
        "fix count: a count set to 0 does not end the hand (R0.2, R6.1)",
        CORRECTIONS,
        "        if amount == 0:\n            _won(h, target, None, ev)\n",
        "        if False:\n            _won(h, target, None, ev)\n"),
    "fix-play-no-suit": (
        "fix play: the suit a correction's suit-naming card names is not kept (R0.2, R5.4)",
        CORRECTIONS,
        "        h.named_suit = suit if names else None\n",
        "        h.named_suit = None\n"),
    "fix-leaver": (
        "fix: a correction for a player who left is taken (R1.5)",
        CORRECTIONS,
        "    if target in h.left:\n        raise Refusal(Reason.LEFT, \"R1.5\", name=target)\n"
        "    h.corrections += 1\n",
        "    h.corrections += 1\n"),
    # -- the hand's log (R0.2, R0.4) ------------------------------------------------------
    "redo-after-new-entry": (
        "apply_line: a new entry keeps what was undone for redo (R0.2)",
        HAND,
        "                self.log.append(_logged_text(line, self.lexicon))\n"
        "                self.redo_stack.clear()\n",
        "                self.log.append(_logged_text(line, self.lexicon))\n"),
    "illegal-play-free": (
        "_refusal_effect: a refused card costs nothing whatever illegal_play_penalty says (R3.8)",
        HAND,
        "        if reason.card_refused and actor and n > 0:\n",
        "        if False:\n"),
    # -- going out and leaving (R1.5, R6) ------------------------------------------------
    "win-keeps-penalty": (
        "hand_over: a penalty pending when the hand ends stays pending (R6.1)",
        GOINGOUT,
        "    h.pending, h.pending_kind = 0, None\n",
        ""),
    "out-skips-vanish": (
        "go_out: the turns a player going out still had to miss vanish (R6.3: they move on)",
        GOINGOUT,
        "    if skips:\n        h.skips[nxt] = h.skips.get(nxt, 0) + skips\n",
        "    if False:\n        h.skips[nxt] = h.skips.get(nxt, 0) + skips\n"),
    "last-holder-wins": (
        "last_holder: the last player holding cards wins (R6.3: the first out)",
        GOINGOUT,
        "    hand_over(h, h.places[0])\n",
        "    hand_over(h, h.active[0])\n"),
    "out-may-play": (
        "check_not_out: a player who went out may still play (R6.3)",
        GOINGOUT,
        "    if player is not None and h.places and player in h.places and not calling:\n",
        "    if False:\n"),
    "draw-after-no-duty": (
        "draw_after: one card left after the draw owes no Laatste kaart (R9.15, R4.1)",
        GOINGOUT,
        "    if h.counts[player] == 1:\n        h.last_card[player] = \"open\"\n",
        "    if False:\n        h.last_card[player] = \"open\"\n"),
    "leave-cards-gone": (
        "leave: a leaver's cards do not go under the draw pile (R1.5)",
        TABLE,
        "    h.draw_pile += cards\n",
        "    pass\n"),
    "leave-penalty-stays": (
        "leave: a penalty pending for the leaver stays for the next seat (R1.5: it lapses)",
        TABLE,
        "    if facing:\n        h.pending, h.pending_kind = 0, None\n",
        "    if facing:\n"),
    "leave-last-plays-on": (
        "leave: the last player left does not win the hand (R1.5)",
        TABLE,
        "    if len(h.active) == 1:\n        goingout.hand_over(h, h.active[0])\n",
        "    if False:\n        goingout.hand_over(h, h.active[0])\n"),
    "no-jokers-r1-4": (
        "check_deck: a Joker in a game without Jokers is refused as a copy too many (R1.3)",
        TABLE,
        "    if card.rank == JOKER and not h.rules.jokers:\n",
        "    if False:\n"),
    # -- the notation (NOTATION.md) --------------------------------------------------------
    "lone-d-draws": (
        "_named_suit: a lone d after a card that names a suit is a draw (R9.8: diamonds)",
        NOTATION,
        "                and (names is None or not names[card.id])):\n",
        "):\n"),
    # -- why: what made the position (R5.7) --------------------------------------------------
    "why-part-total": (
        "Trail.step: each card of a stacked penalty is said to add the whole penalty (R5.7)",
        "referee/engine/cause.py",
        "                self.penalty.append(Part(e.player, e.card, e.n - before, e.rule))\n",
        "                self.penalty.append(Part(e.player, e.card, e.n, e.rule))\n"),
    # -- the ruling says who plays next --------------------------------------------------------
    "ruling-no-next": (
        "Ruling.events: an entry's ruling does not say who plays next (R3.7)",
        "referee/engine/ruling.py",
        "            if not _told_turn(events):\n",
        "            if False:\n"),
    # -- the refusals R3.8 makes cost a card, the table's words (NOTATION "Languages") --
    "illegal-play-limit-free": (
        "Reason.card_refused: a card over a limit costs no illegal-play penalty (R3.8, R9.9)",
        "referee/engine/events.py",
        "Reason.MUST_DRAW, Reason.MUST_ANSWER_SKIP, Reason.LIMIT,",
        "Reason.MUST_DRAW, Reason.MUST_ANSWER_SKIP,"),
    "nl-schoppen-clubs": (
        "LEXICONS: the Dutch suit word schoppen names clubs (NOTATION.md Languages: spades)",
        "referee/engine/lexicon.py",
        "\"harten\": \"h\", \"hart\": \"h\", \"schoppen\": \"s\", \"schop\": \"s\"},",
        "\"harten\": \"h\", \"hart\": \"h\", \"schoppen\": \"c\", \"schop\": \"s\"},"),
    "written-lone-d-suit": (
        "written: a lone d after a card that names no suit is shown as diamonds, not the "
        "draw word (R9.8, NOTATION.md Languages)",
        "referee/engine/written.py",
        "        if not names[card.id]:\n            return None\n",
        "        if False:\n            return None\n"),
    # -- effects on a card or a colour (R10.10) ---------------------------------
    "card-key-least-specific": (
        "card_entry: the rank's entry wins over the card's and the colour's (R10.10: the "
        "most specific)",
        "referee/engine/rules.py",
        "        for key in card_keys(card):\n",
        "        for key in reversed(card_keys(card)):\n"),
    "card-key-colour-both": (
        "card_keys: a colour key names every suit (R10.10: black is clubs and spades)",
        "referee/engine/cardkeys.py",
        "_COLOUR_OF = {s: colour for colour, suits in COLOURS.items() for s in suits}\n",
        "_COLOUR_OF = {s: \"black\" for colour, suits in COLOURS.items() for s in suits}\n"),
    "stack-non-penalty": (
        "stackers: a card whose own entry makes no penalty stacks on its rank's (R10.10)",
        TABLES,
        "            kind: _mask(c for c in CARDS if self.penalty[c.id] and stacks(groups, c, kind))",
        "            kind: _mask(c for c in CARDS if stacks(groups, c, kind))"),
    "counter-judged-late": (
        "counter: judged by the card under it after its own effects moved the piles (R10.11)",
        ACTIONS,
        "    if not done & _COUNTERS or not h.pending:\n",
        "    if not (h.pending and len(h.discard) > 1\n"
        "            and h.tables.counters(h.pending_kind, h.discard[-2]) >> card.id & 1):\n"),
    "counter-any-suit": (
        "counters: same_suit is ignored (R10.11)",
        TABLES,
        "                and (not e.same_suit or c.suit == under.suit))\n",
        "                and True)\n"),
    # -- runs (R10.60-R10.65) -------------------------------------------------
    "run-on-pending": (
        "_run_refusal: a run goes down on a pending penalty, a skip or a limit (R10.61)",
        DOUBLES,
        "    if matching.governs(h) is not matching.MATCH:\n",
        "    if False:\n"),
    "run-first-unmatched": (
        "_run_refusal: a run's first card need not go on the top card (R10.61)",
        DOUBLES,
        "    if not matching.play_mask(h, 1) >> cards[0].id & 1:\n",
        "    if False:\n"),
    "run-any-rank": (
        "_break: a run's next card of its suit may be of any rank (R10.62)",
        RUNS,
        "        if card.suit != before.suit or place[card.rank] != place[before.rank] + step:\n",
        "        if card.suit != before.suit:\n"),
    "run-no-turn": (
        "_break: a run may not turn to another suit on the same rank (R10.62)",
        RUNS,
        "        if card.rank == before.rank:\n            continue  # a turn: the same rank, any suit\n",
        "        if card.rank == before.rank and card.suit == before.suit:\n"
        "            continue  # a turn: the same rank, any suit\n"),
    "run-wraps": (
        "broken_at: the Ace read low and high in one run, K+A+2 wraps (R10.62)",
        RUNS,
        "    for place in (_LOW, _HIGH):\n",
        "    for place in (_LOW, _HIGH, {**_HIGH, \"2\": 15, \"3\": 16}):\n"),
    "run-joker": (
        "broken_at: a Joker is taken in a run (R10.63)",
        RUNS,
        "    if any(card.is_joker for card in cards):\n",
        "    if any(card.is_joker for card in cards[1:]) and cards[0].is_joker:\n"),
    "run-all-act": (
        "acting: every card of a run acts (R10.64: only its last rank)",
        RUNS,
        "    while i > 0 and cards[i - 1].rank == last:\n",
        "    while i > 0:\n"),
    "run-finish-first": (
        "_run_refusal: going out on a run is judged by its first card (R10.65: the cards that act)",
        DOUBLES,
        "    if count_after == 0 and not goingout.finishers(h) >> acting.id & 1:\n",
        "    if count_after == 0 and not goingout.finishers(h) >> cards[0].id & 1:\n"),
    "counter-back-next": (
        "_counter: back sends the penalty to the next player (R10.11)",
        ACTIONS,
        "    victim = (order.previous_seat(h, player) if e.mode == \"back\"\n",
        "    victim = (order.next_seat(h, player) if e.mode == \"back\"\n"),
    "open-nothing-on-it": (
        "fits: a card goes on an open card only if it matches it (R10.20)",
        TABLES,
        "        if mask is None and self.open >> top.id & 1:  # R10.20: any card goes on an open card\n",
        "        if False:\n"),
    "not-on-ignored": (
        "fits: a card barred on the top card by not_on goes on it all the same (R9.8)",
        TABLES,
        "                & ~self.barred[top.id]  # R9.8: ``not_on`` bars a card even where it matches\n",
        "                & ~0\n"),
    "not-on-refusal-match": (
        "card_refusal: a card not_on bars is refused as one that does not match (R9.8)",
        "referee/engine/matching.py",
        "    if h.tables.barred[top.id] >> card.id & 1:\n",
        "    if False:\n"),
    "wild-out-ignored": (
        "play_mask: a card that is not wild going out stays wild as the last card (R9.8)",
        "referee/engine/matching.py",
        "        if count_after == 0 and t.tame_out:  # R9.8: not wild going out, as any card\n",
        "        if False:\n"),
    "wild-out-refusal": (
        "check_play: a wild card refused going out is told as finishing on an action card "
        "(R9.8)",
        "referee/engine/matching.py",
        "        if goingout.finishers(h) >> card.id & 1:  # (its wildness is what it lacks, R9.8)\n",
        "        if False:\n"),
    "false-call-free": (
        "announce: a call nobody owes costs nothing, false_penalty or not (R10.84)",
        "referee/engine/lastcard.py",
        "        if cost and held is not None and held != 1 and h.status == \"playing\":\n",
        "        if False:\n"),
    "false-call-one-card": (
        "announce: a call by a player holding one card, owed none, costs false_penalty "
        "(R10.84)",
        "referee/engine/lastcard.py",
        "        if cost and held is not None and held != 1 and h.status == \"playing\":\n",
        "        if cost and held is not None and h.status == \"playing\":\n"),
    "false-call-unnamed": (
        "_acting: a lone call nobody owes is the player to act's, false_penalty or not "
        "(R10.84)",
        "referee/engine/hand.py",
        "            if named is None and self.announce_due is None and cost:\n",
        "            if False:\n"),
    "card-key-stack-rank": (
        "stacks: a penalty of the King of hearts takes every King's group (R10.10)",
        TABLES,
        "        return (kind, rank)\n    return card_keys(Card(rank, kind[-1]))\n",
        "        return (kind, rank)\n    return (kind, rank)\n"),
    "call-penalty-r4": (
        "lastcard.call: a missed call costs last_card_penalty, not the rule set's own "
        "penalty (R10.80)",
        "referee/engine/lastcard.py",
        "        n = r.last_call_penalty()",
        "        n = r.last_card_penalty"),
    "call-word-unread": (
        "table_lexicon: the rule set's own call word is not read as the announcement (R10.80)",
        "referee/series/spoken.py",
        "    return with_calls(lex, {word.lower(): \"lk\"}) if word else lex",
        "    return lex"),
    "card-points-rank-first": (
        "card_points: a card's own entry of [points] is ignored, its rank's counts (R10.93)",
        "referee/series/scoring.py",
        "    own = rules.points.get(str(card)) if not card.is_joker else None  # (R10.93)",
        "    own = None"),
    "second-last-unread": (
        "HouseRules.last_call: [calls] second_last is not the last-card call (R10.81)",
        "referee/engine/rules.py",
        '        for name in ("last", "second_last"):',
        '        for name in ("last",):'),
    "out-call-any-card": (
        "HouseRules.out_factor: the call on going out multiplies whatever the card (R10.82)",
        "referee/engine/rules.py",
        "        if on is not None and not set(card_keys(card)) & set(on):",
        "        if False:"),
    "out-factor-unscored": (
        "score_hand: the winner's call on going out multiplies no points (R10.82)",
        "referee/series/scoring.py",
        "        gains = {name: n * factor for name, n in gains.items()}",
        "        pass"),
    "out-call-not-first-counts": (
        "lastcard.out_call: a player going out after the winner sets the factor (R10.83)",
        "referee/engine/lastcard.py",
        "    elif isinstance(out, WentOut) and out.place > 1:",
        "    elif False:"),
    "deck-keys-unchecked": (
        "check_actions: a card key naming no card of the deck is accepted (R1.3, R10.40)",
        "referee/engine/rulecheck.py",
        "    _check_deck_keys(rules, merged, error)\n",
        ""),
    # -- stacked waits (R10.21) ----------------------------------------------------
    "wait-no-add": (
        "_skip: a card added to a stacked wait starts it anew instead of adding (R10.21)",
        ACTIONS,
        "        h.pending_skip += e.n\n",
        "        h.pending_skip = e.n\n"),
    "wait-any-rank-card": (
        "play_mask: any card of the wait's rank adds to it, waiting or not (R10.21)",
        MATCHING,
        "            mask &= t.waits\n",
        "            pass\n"),
    "wait-untold": (
        "tell_waits: a turn waited is passed without a word (R10.21)",
        ORDER,
        "        if left < before[p] and (p in h.active):\n",
        "        if False:\n"),
    # -- a demanded rank (R10.22) ---------------------------------------------------
    "demand-demander-free": (
        "played: the demander's own play leaves the demand in force (R10.22)",
        "referee/engine/demands.py",
        "    if h.demand[1] == player or h.tables.demands >> card.id & 1:\n",
        "    if h.tables.demands >> card.id & 1:\n"),
    "demand-no-jack": (
        "play_mask: a card that demands does not answer a demand (R10.22)",
        MATCHING,
        "        mask = t.limit((\"rank\", h.demand[0])) | t.demands\n",
        "        mask = t.limit((\"rank\", h.demand[0]))\n"),
    "demand-except-ignored": (
        "check: a rank in except may be demanded (R10.22)",
        "referee/engine/demands.py",
        "    if rank not in ranks:\n",
        "    if False:\n"),
    # -- jump-in (R10.70-R10.75) and the swap (R10.30) --------------------------
    "jump-any-card": (
        "jumpin.refusal: any card jumps in, not only the top card's twin (R10.71)",
        "referee/engine/jumpin.py",
        "    if not twins(h) >> card.id & 1:\n",
        "    if False:\n"),
    "jump-legal-any-card": (
        "jump_mask: Legal offers a player out of turn every card that fits (R10.70, R10.71)",
        "referee/engine/jumpin.py",
        "    return twins(h) & matching.play_mask(h, h.counts[player] - 1)\n",
        "    return matching.play_mask(h, h.counts[player] - 1)\n"),
    "jump-over-penalty": (
        "jumpin.refusal: a twin jumps in over a pending penalty (R10.72)",
        "referee/engine/jumpin.py",
        "    if matching.governs(h) is not matching.MATCH and not h.rules.jump_in_on_penalty:\n"
        "        return Refusal(",
        "    if False:\n        return Refusal("),
    "jump-double": (
        "jumpin.refusal: a double jumps in out of turn (R10.74)",
        "referee/engine/jumpin.py",
        "    if len(cards) > 1:\n",
        "    if False:\n"),
    "jump-free-accepted": (
        "_check_jump_in: jump_in with turn_order = \"free\" is read (R10.73)",
        "referee/engine/rulecheck.py",
        "    if rules.jump_in != \"off\" and rules.free_order:\n",
        "    if False:\n"),
    "jump-owes-draw": (
        "_refusal_effect: a jump-in refused by R6.2 owes the draw (R10.75)",
        HAND,
        "        if reason is Reason.FINISH_ON_ACTION and actor and not jumpin.may_jump(self, actor):\n",
        "        if reason is Reason.FINISH_ON_ACTION and actor:\n"),
    "swap-no-name": (
        "check_target: a card that swaps is played without a name (R10.30)",
        "referee/engine/swap.py",
        "        if swaps(h, cards, count_after):\n",
        "        if False:\n"),
    "swap-self": (
        "check_target: a player swaps hands with themself (R10.30)",
        "referee/engine/swap.py",
        "    if named == player:\n",
        "    if False:\n"),
    "swap-counts-kept": (
        "_move: a swap gives each player their own count back (R10.30)",
        ACTIONS,
        "        moves = ((player, other, counts[player]), (other, player, counts[other]))\n",
        "        moves = ((player, other, counts[other]), (other, player, counts[player]))\n"),
}
"""Every mutation: name -> (what it breaks, file, old text (exactly once), new text).

Left out as equivalent (no entry can tell them apart): ``close_windows`` closing the
actor's own window too (its own play drops the duty, and a draw after a play always
brings a card, so the duty lapses, R4.5), and ``call`` hitting a missed announcement
whatever the count (a count that changes ends the duty, R4.5, so "missed" means one
card); and a skip passed on adding up (R5.11): ``play`` clears the pending skip before
the card's effects, so the skip set again is the card's own either way."""

OWN_TESTS = {"shuffle-modulo": ["tests/test_simulate.py::test_shuffle_is_random_shuffle"]}
"""Mutations outside the engine package, judged by the one test that pins that code
instead of the engine's (the simulator's ``_shuffle`` claims to be ``random.shuffle``)."""

ENGINE_TESTS = ("tests/test_engine_rules.py", "tests/test_engine_oracle.py",
                "tests/test_engine_legality.py", "tests/test_engine_decisions.py",
                "tests/test_house_keys.py", "tests/test_actions_table.py",
                "tests/test_actions_decisions.py", "tests/test_engine_mutants.py")
"""The engine's own tests (the rule-by-rule tests first: ``pytest -x`` stops at the first
failure, and most mutations fail there; last ``test_engine_mutants.py``, the rules a
mutation once broke unseen, whose mutations name their test in ``JUDGES``)."""


def _pinned(test: str, *names: str) -> dict[str, tuple[str, ...]]:
    """``JUDGES`` entries: each mutation of ``names`` judged first by ``test``."""
    return {name: (test,) for name in names}


_MUTANTS = "tests/test_engine_mutants.py::test_"
_RULES = "tests/test_engine_rules.py::test_"
_FILES = "tests/test_actions_files.py::test_"
_DECISIONS = "tests/test_actions_decisions.py::test_"
_RUNS = "tests/test_runs.py::test_"
JUDGES: dict[str, tuple[str, ...]] = {
    # the rules no test pinned before the mutation run found them (issue 31)
    **_pinned(_MUTANTS + "R9_5_two_skips_in_one_play_with_two_players_fall_both_on_the_other",
              "skips-round-two-players", "skip-default-two"),
    **_pinned(_MUTANTS + "R9_13_a_combination_that_decides_the_turn_twice_is_refused",
              "combo-again-penalty", "combo-pass-on-skips"),
    **_pinned(_MUTANTS + "R3_9_a_penalty_that_brings_no_card_is_a_blank_turn",
              "blocked-empty-penalty", "deal-one-hand"),
    **_pinned(_MUTANTS + "R3_9_R8_4_in_free_order_a_penalty_that_brings_no_card_is_a_blank_turn",
              "blocked-empty-penalty-free"),
    **_pinned(_MUTANTS + "R3_9_R0_2_a_card_put_on_the_pile_by_fix_play_starts_the_blank_turns_again",
              "fix-play-keeps-idle"),
    **_pinned(_MUTANTS + "R0_4_a_refused_fix_is_not_counted_as_a_correction",
              "snapshot-forgets-corrections", "fix-count-past-pile",
              "fix-count-zero-plays-on"),
    **_pinned(_MUTANTS + "R0_2_the_last_entry_of_a_scored_hand_cannot_be_undone", "undo-scored"),
    **_pinned(_DECISIONS + "R5_PS_a_penalty_drawn_at_once_then_a_skip_of_the_same_card_passes"
              "_its_victim", "at-once-then-skip-stays"),
    **_pinned(_MUTANTS + "R1_5_the_seat_after_a_leaver_still_misses_its_turn",
              "resume-keeps-misses"),
    **_pinned(_MUTANTS + "R9_11_pass_cards_without_a_direction_goes_to_the_left",
              "pass-cards-right", "pass-cards-step"),
    **_pinned(_MUTANTS + "R1_5_R0_2_no_correction_for_a_player_who_left", "fix-leaver"),
    **_pinned(_MUTANTS + "R6_1_R6_2_going_out_on_a_two_on_a_pending_penalty_ends_the_penalty"
              "_with_the_hand", "win-keeps-penalty"),
    **_pinned(_MUTANTS + "R3_8_a_card_over_a_limit_costs_the_illegal_play_penalty",
              "illegal-play-limit-free"),
    **_pinned(_MUTANTS + "R5_4_a_dutch_table_names_spades_with_schoppen", "nl-schoppen-clubs"),
    **_pinned(_MUTANTS + "R9_8_a_lone_d_is_written_as_the_draw_word_unless_its_card_names_a_suit",
              "written-lone-d-suit"),
    # the draw policy (R10.50-R10.52)
    **_pinned("tests/test_draw_policy.py::test_R10_50_more_than_up_to_is_refused",
              "draw-up-to-unchecked"),
    **_pinned("tests/test_draw_policy.py::test_R10_51_until_playable_stops_on_a_card_that_is"
              "_played", "draw-until-no-card"),
    **_pinned("tests/test_draw_policy.py::test_R10_52_a_count_above_what_the_piles_hold_is"
              "_refused", "draw-count-piles"),
    **_pinned("tests/test_card_effects.py::test_R10_10_a_card_whose_own_entry_makes_no_penalty"
              "_does_not_stack_on_its_rank", "stack-non-penalty"),
    **_pinned("tests/test_card_effects.py::test_R10_11_a_counter_is_judged_by_the_card_it_went"
              "_on_though_its_own_draw_reshuffles", "counter-judged-late"),
    # runs (R10.60-R10.65)
    **_pinned(_RUNS + "R10_61_a_run_on_a_pending_penalty_is_refused_even_from_a_card_that"
              "_stacks", "run-on-pending"),
    **_pinned(_RUNS + "R10_61_the_first_card_must_go_on_the_top_card_as_a_single_card",
              "run-first-unmatched"),
    **_pinned(_RUNS + "R10_62_a_card_out_of_sequence_is_refused_naming_it_and_the_card_before",
              "run-any-rank"),
    **_pinned(_RUNS + "R10_62_a_run_turns_to_another_suit_on_the_same_rank", "run-no-turn"),
    **_pinned(_RUNS + "R10_62_the_ace_is_low_or_high_but_a_run_does_not_wrap", "run-wraps"),
    **_pinned(_RUNS + "R10_63_a_joker_in_a_run_is_refused", "run-joker"),
    **_pinned(_RUNS + "R10_64_only_the_cards_of_the_last_rank_act", "run-all-act"),
    **_pinned(_RUNS + "R10_65_going_out_on_a_run_ending_on_an_action_card_is_refused_by_R6_2",
              "run-finish-first"),
    **_pinned("tests/test_card_points.py", "card-points-rank-first"),
    # jump-in (R10.70-R10.75) and the swap (R10.30)
    **_pinned("tests/test_jump_in.py::test_R10_71_a_card_that_is_not_the_twin_is_refused_and"
              "_says_why", "jump-any-card"),
    **_pinned("tests/test_jump_in.py::test_R10_70_legal_offers_the_twin_to_a_player_whose_turn"
              "_it_is_not", "jump-legal-any-card"),
    **_pinned("tests/test_jump_in.py::test_R10_72_nobody_jumps_in_over_a_pending_penalty",
              "jump-over-penalty"),
    **_pinned("tests/test_jump_in.py::test_R10_74_a_double_out_of_turn_is_refused", "jump-double"),
    **_pinned("tests/test_jump_in.py::test_R10_73_jump_in_with_free_turn_order_is_refused_when"
              "_the_file_is_read", "jump-free-accepted"),
    **_pinned("tests/test_jump_in.py::test_R10_75_a_jump_in_refused_by_R6_2_owes_no_draw",
              "jump-owes-draw"),
    **_pinned("tests/test_swap.py::test_R10_30_a_missing_unknown_or_own_name_is_refused",
              "swap-no-name", "swap-self"),
    **_pinned("tests/test_swap.py::test_R10_30_the_two_players_swap_hands_and_the_table_is_told",
              "swap-counts-kept"),
    **_pinned("tests/test_calls.py", "call-penalty-r4", "call-word-unread"),
    **_pinned("tests/test_calls_out.py", "second-last-unread", "out-call-any-card",
              "out-factor-unscored", "out-call-not-first-counts", "deck-keys-unchecked"),
    # the rest of the suite: a house-rule file through ``pesten-ref rules``, ``why``, R6.3
    **_pinned(_FILES + "R9_6_R5_11_a_familys_file_through_the_command_line",
              "again-default-follow"),
    **_pinned(_FILES + "R9_13_a_combination_that_cannot_be_played_is_refused",
              "combo-two-penalties", "combo-limit-suit", "combo-pass-on-free"),
    **_pinned(_FILES + "R9_14_to_R9_16_a_bad_table_is_refused_naming_its_key",
              "stack-group-not-penalty", "stack-group-twice", "stack-double-ungrouped"),
    **_pinned("tests/test_suit_naming.py::test_R0_2_fix_play_a_queen_that_names_a_suit_names_it",
              "fix-play-no-suit"),
    **_pinned("tests/test_decks_and_last_holder.py",
              "out-skips-vanish", "last-holder-wins", "out-may-play"),
    **_pinned("tests/test_why.py::test_R5_7_why_after_a_stacked_joker_names_each_card_and_who"
              "_played_it", "why-part-total"),
    # the engine's own test that pins the rule, first (else caught late)
    **_pinned("tests/test_actions_table.py::test_R9_3_a_draw_for_the_next_player_is_a_pending"
              "_penalty_that_stacks_on_its_own_rank", "draw-default-self", "draw-default-at-once"),
    **_pinned(_RULES + "R2_1_dealer_is_given_and_first_player_sits_left_of_dealer",
              "first-player-right"),
    **_pinned(_RULES + "R2_3_starter_comes_from_the_draw_pile_and_comes_first", "start-any-dealer"),
    **_pinned(_DECISIONS + "R2_3_a_suit_after_a_starter_that_names_none_is_refused",
              "start-suit-on-plain"),
    **_pinned(_DECISIONS + "R9_15_draw_after_a_last_suit_naming_card_must_name_its_suit",
              "draw-after-no-duty"),
    **_pinned(_RULES + "redo_cleared_by_a_new_entry", "redo-after-new-entry"),
    **_pinned(_RULES + "R0_4_illegal_play_penalty_is_logged_and_undone", "illegal-play-free"),
    **_pinned(_RULES + "R1_5_leave_cards_under_draw_pile_pending_lapses_turn_passes",
              "leave-cards-gone", "leave-penalty-stays"),
    **_pinned(_RULES + "R0_3_refusal_cites_first_rule_in_order",
              "leave-last-plays-on", "no-jokers-r1-4"),
    **_pinned(_RULES + "R3_3_named_suit_replaces_jack_suit", "lone-d-draws"),
    **_pinned("tests/test_engine_decisions.py::test_R5_2_a_seven_then_a_draw_tells_in_order_and"
              "_who_is_next", "ruling-no-next"),
    **_pinned("tests/test_card_effects.py", "card-key-least-specific", "card-key-colour-both",
              "card-key-stack-rank", "counter-any-suit", "counter-back-next",
              "open-nothing-on-it"),
    **_pinned("tests/test_waits.py", "wait-no-add", "wait-any-rank-card", "wait-untold"),
    **_pinned("tests/test_demands.py", "demand-demander-free", "demand-no-jack",
              "demand-except-ignored"),
    **_pinned("tests/test_not_on.py", "not-on-ignored", "not-on-refusal-match",
              "wild-out-ignored", "wild-out-refusal"),
    **_pinned("tests/test_false_call.py", "false-call-free", "false-call-one-card",
              "false-call-unnamed"),
}
"""The test that pins a mutation's rule, run first: name -> test files or tests, run on
their own before the engine's (``ENGINE_TESTS``, which run only if they pass), so that a
caught mutation stops at once.  Some are of the rest of the suite, where the engine's
tests miss the rule: a house-rule file refused through ``pesten-ref rules``, ``why``'s
answer, a player going out under ``last_holder``.  The unmutated run includes them all."""


def copy_tree(into: Path) -> Path:
    """The parts of the tree the tests need, copied into ``into`` (no caches, no venv)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=ignore)
        else:
            shutil.copy2(src, into / name)
    return into


def mutate(tree: Path, name: str) -> bool:
    """Apply mutation ``name`` to the copy ``tree``; False when its text is not found once."""
    _what, file, old, new = MUTATIONS[name]
    path = tree / file
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        return False
    path.write_text(text.replace(old, new), encoding="utf-8")
    return True


def run_tests(tree: Path, tests: list[str]) -> tuple[bool, str]:
    """Run the test files in ``tree`` in one pytest, stopping at the first failure:
    (passed, the first test that failed, else the last line pytest printed)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                           "-rf", *tests], cwd=tree, env=env, capture_output=True, text=True)
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    failed = [line[len("FAILED "):].split(" - ")[0] for line in lines
              if line.startswith("FAILED ")]
    if failed:
        return False, failed[0]
    return proc.returncode == 0, (lines[-1] if lines else proc.stderr.strip()[-200:])


def check_imports(tree: Path) -> None:
    """The copy's ``referee`` is the one a subprocess there imports (not the installed one)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    where = subprocess.run([sys.executable, "-c", "import referee; print(referee.__file__)"],
                           cwd=tree, env=env, capture_output=True, text=True).stdout.strip()
    if not Path(where).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the copy does not import its own referee ({where})")


def judged_by(name: str | None, tests: list[str]) -> list[list[str]]:
    """The test runs that judge mutation ``name``, in turn until one fails: its
    ``OWN_TESTS``; else its ``JUDGES`` and then ``tests`` (two runs: pytest collects a
    test named alone and its file once, at the file's place); for the unmutated copy
    (None) one run of ``tests`` and every judge, which must pass there too."""
    if name in OWN_TESTS:
        return [OWN_TESTS[name]]
    if name is None:
        judges = dict.fromkeys(t for run in JUDGES.values() for t in run)
        return [[*tests, *(t for t in judges if t.split("::")[0] not in tests)]]
    return [[*JUDGES[name]], tests] if name in JUDGES else [tests]


def one(name: str | None, tests: list[str]) -> tuple[str, str]:
    """Copy, mutate (``name``; None: as it is), run the tests: (verdict, detail), the
    verdict ``caught``, ``survives``, ``stale``, or for the unmutated copy ``green``
    or ``FAILS``."""
    with tempfile.TemporaryDirectory(prefix="pesten-mutant-") as tmp:
        tree = copy_tree(Path(tmp))
        if name is not None and not mutate(tree, name):
            return "stale", "its text is not in the code once"
        check_imports(tree)
        for run in judged_by(name, tests):
            passed, detail = run_tests(tree, run)
            if not passed:
                break
        if name is None:
            return ("green" if passed else "FAILS"), detail
        return ("survives" if passed else "caught"), detail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mutations", nargs="*", help="names (default: all)")
    parser.add_argument("--tests", nargs="+", default=list(ENGINE_TESTS),
                        help="test files (default: the engine's own)")
    parser.add_argument("--list", action="store_true", help="list the mutations")
    parser.add_argument("--jobs", type=int, default=2, help="mutations tried side by side")
    parser.add_argument("--no-clean", action="store_true", help="skip the unmutated run")
    args = parser.parse_args(argv)
    if args.list:
        for name, (what, file, _old, _new) in MUTATIONS.items():
            print(f"{name:26} {file:28} {what}")
        return 0
    names = args.mutations or list(MUTATIONS)
    unknown = [n for n in names if n not in MUTATIONS]
    if unknown:
        parser.error(f"unknown mutation {unknown[0]!r} (see --list)")
    started = time.perf_counter()
    width = max(len(n) for n in names + ["(unmutated)"])
    rows = ([None] if not args.no_clean else []) + names
    failed, clean = [], True
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, (verdict, detail) in zip(rows, pool.map(lambda n: one(n, args.tests), rows)):
            if name is None:
                clean = verdict == "green"
                print(f"{'(unmutated)':{width}}  {verdict:8}  {detail}", flush=True)
                continue
            if verdict != "caught":
                failed.append(name)
            label = "NOT CAUGHT" if verdict == "survives" else verdict
            print(f"{name:{width}}  {label:8}  {detail}", flush=True)
    print(f"({time.perf_counter() - started:.0f} s"
          + (f"; not caught: {', '.join(failed)}" if failed else "")
          + ("; the unmutated tests fail" if not clean else "") + ")")
    own = [n for n in names if n in OWN_TESTS]
    if own:
        print("(" + "; ".join(f"{n}: by {OWN_TESTS[n][0]}" for n in own) + ")")
    print(f"{len(names) - len(failed)} of {len(names)} mutations caught by the engine tests")
    return 1 if failed or not clean else 0


if __name__ == "__main__":
    sys.exit(main())
