"""Invariants of the engine under random input (hypothesis).

Lines are random unicode, control characters, very long lines, and entries built
from cards, entry words and names (plausible plays biased towards the top card,
so that games get somewhere).  They are fed to hands under preset-like house
rules.  After every line: no exception escaped, a refused line changed nothing
unless it was logged (R0.4), cards are conserved, no count is negative, the turn
is consistent with the turn order, and replaying the log gives the same state.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.cards import try_card
from referee.engine import Hand
from referee.engine.notation import Play, parse_line
from referee.engine.rules import HouseRules
from referee.words.events import told

PRESETS = {
    "standard": HouseRules(),
    "family": HouseRules(name="family", jokers=False, joker_penalty=3, stacking="none"),
    "hard": HouseRules(name="hard", four="skip_two", five="all_draw_one", king="reverse_skip"),
    "cumulative": HouseRules(name="cumulative", stacking="cumulative"),
    "fast": HouseRules(name="fast", turn_order="free"),
    # Every other key away from its default, in two sets that go together.
    "strict": HouseRules(name="strict", illegal_play_penalty=1, false_call_penalty=1,
                         finish_on_action_draw=2, jack_on_jack=False, draw_then_play=False,
                         start_card="applies", last_card_penalty=3, deal_size=5),
    "loose": HouseRules(name="loose", finish_on_action=True, jack_wild=True,
                        penalty_ends_turn=False, joker_stack="double", stacking="cumulative",
                        decks=2, start_card="applies", king="draw_one"),
}

NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fenna", "Gijs", "Hanna"]
RANK_SPELLINGS = {"2": ["2"], "3": ["3"], "4": ["4"], "5": ["5"], "6": ["6"], "7": ["7"],
                  "8": ["8"], "9": ["9"], "10": ["10", "T", "t"], "J": ["J", "j"],
                  "Q": ["Q", "q"], "K": ["K", "k"], "A": ["A", "a"]}
SUIT_SPELLINGS = {"c": ["c", "C", "♣"], "d": ["d", "D", "♦"], "h": ["h", "H", "♥"],
                  "s": ["s", "S", "♠"]}
SUIT_WORDS = ["s", "h", "c", "d", "♠", "spades", "hearts", "klaver", "ruiten"]
JOKER_SPELLINGS = ["Joker", "jo", "*", "JOKER"]
WORDS = ["d", "draw", "lk", "last", "laatste", "undo", "redo", "state", "why", "check 7h",
         "help", "rules R5.1", "#", "call", "leave", "start", "fix", "kaart", ":", "::"]

SETTINGS = settings(max_examples=40, deadline=None, derandomize=bool(os.environ.get("CI")),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---------------------------------------------------------------------------
# strategies
# ---------------------------------------------------------------------------

def card_text(rank: str, suit: str, draw) -> str:
    return draw(st.sampled_from(RANK_SPELLINGS[rank])) + draw(st.sampled_from(SUIT_SPELLINGS[suit]))


def any_card(draw) -> str:
    if draw(st.integers(0, 12)) == 0:
        return draw(st.sampled_from(JOKER_SPELLINGS))
    rank = draw(st.sampled_from(list(RANK_SPELLINGS)))
    return card_text(rank, draw(st.sampled_from(list(SUIT_SPELLINGS))), draw)


def matching_card(hand: Hand, draw) -> str:
    """A card that plausibly matches the top card (suit, named suit or rank)."""
    top = hand.top
    if top is None or top.rank == "Joker":
        return any_card(draw)
    suit = hand.named_suit or top.suit
    if draw(st.booleans()):
        rank = draw(st.sampled_from(list(RANK_SPELLINGS)))
        return card_text(rank, suit, draw)
    return card_text(top.rank, draw(st.sampled_from(list(SUIT_SPELLINGS))), draw)


def play_token(hand: Hand, draw) -> str:
    card = matching_card(hand, draw) if draw(st.integers(0, 3)) else any_card(draw)
    if try_card(card).rank == "J" and draw(st.integers(0, 5)):
        card += " " + draw(st.sampled_from(SUIT_WORDS))
    return card


def entry_line(hand: Hand, players: list, draw) -> str:
    """A plausible entry, valid-looking more often than not."""
    kind = draw(st.sampled_from(["play", "play", "play", "draw", "draw", "drawplay", "lk",
                                 "call", "multi", "undo", "redo", "leave", "start", "query",
                                 "fix", "words"]))
    if kind == "play":
        body = play_token(hand, draw)
    elif kind == "draw":
        body = draw(st.sampled_from(["d", "draw", "D", "trek"]))
    elif kind == "drawplay":
        body = "d " + play_token(hand, draw)
    elif kind == "lk":
        body = draw(st.sampled_from(["lk", "last", "laatste", "laatste kaart"]))
    elif kind == "call":
        body = "call " + draw(st.sampled_from(players + ["Zed"]))
    elif kind == "multi":
        parts = [play_token(hand, draw) for _ in range(draw(st.integers(2, 4)))]
        if draw(st.booleans()):
            parts.insert(draw(st.integers(0, len(parts))), draw(st.sampled_from(["lk", "d"])))
        body = " ".join(parts)
    elif kind in ("undo", "redo"):
        return kind
    elif kind == "leave":
        if draw(st.integers(0, 4)):        # leaving is rare: games should go on
            body = "d"
        else:
            body = "leave " + draw(st.sampled_from(players))
    elif kind == "start":
        body = "start " + any_card(draw)
    elif kind == "query":
        body = draw(st.sampled_from(["state", "why", "check " + play_token(hand, draw), "help",
                                     "rules", "?", "check", "check " + any_card(draw)]))
    elif kind == "fix":
        who = draw(st.sampled_from(players))
        body = draw(st.sampled_from([f"fix draw {who} {draw(st.integers(0, 12))}",
                                     f"fix count {who} {draw(st.integers(0, 12))}",
                                     f"fix play {who} {any_card(draw)}",
                                     f"fix {who}", "fix play"]))
    else:
        body = " ".join(draw(st.lists(st.sampled_from(WORDS + players), min_size=1, max_size=4)))
    # The prefix: the player to act mostly (always needed in free order), sometimes another.
    roll = draw(st.integers(0, 9))
    if roll < 6 and (hand.turn or hand.free):
        who = hand.turn if hand.turn and roll < 4 else draw(st.sampled_from(players))
        body = f"{who}: {body}"
    elif roll == 6:
        body = f"{draw(st.sampled_from(players + ['zed', 'ANNA']))}:{body}"
    if draw(st.integers(0, 9)) == 0:
        body += "   # " + draw(st.text(max_size=10))
    return body


def junk_line(draw) -> str:
    return draw(st.one_of(
        st.text(max_size=40),
        st.text(alphabet=st.characters(codec="utf-8", categories=["Cc", "Cf", "Zs", "Zl",
                                                                  "Zp", "So", "Sm"]),
                max_size=30),
        st.text(min_size=500, max_size=3000),
        st.just("7h " * 400),
        st.just("Anna: " + "d " * 300),
        st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    ))


# ---------------------------------------------------------------------------
# checks
# ---------------------------------------------------------------------------

def check_invariants(hand: Hand) -> None:
    state = hand.state()
    counts = state["counts"]
    assert all(n >= 0 for n in counts.values()), counts
    assert state["draw_pile"] >= 0
    assert state["discard_pile"] == len(hand.discard)
    # Cards are conserved: a leaver's cards went under the draw pile.
    assert sum(counts.values()) + state["draw_pile"] + state["discard_pile"] == hand.deck_total
    assert state["pending_draw"] >= 0
    assert all(n > 0 for n in state["skips"].values())
    assert set(state["skips"]) <= set(counts)
    if state["status"] == "playing":
        assert state["top"] is not None
        if hand.free:
            if state["pending_draw"]:
                assert state["turn"] in counts
            else:
                assert state["turn"] is None
        else:
            assert state["turn"] in counts
        assert state["winner"] is None
        assert len(counts) >= 2
    else:
        assert state["turn"] is None
    if state["status"] == "waiting":
        assert state["top"] is None and state["discard_pile"] == 0
    if state["status"] == "over":
        if hand.blocked:
            assert state["winner"] is None
        else:
            assert state["winner"] in counts
            assert counts[state["winner"]] == 0 or len(counts) == 1
    if state["announce_due"] is not None:
        assert counts[state["announce_due"]] == 1
    for p in state["callable"]:
        assert counts[p] == 1


def apply_and_check(hand: Hand, line: str) -> None:
    before = hand.state()
    log = list(hand.log)
    redo = list(hand.redo_stack)
    ruling = hand.apply_line(line)           # must never raise
    told(ruling)                              # and every ruling must render
    assert isinstance(ruling.ok, bool)
    if ruling.kind in ("query", "blank"):
        assert ruling.ok
    if not ruling.ok and not ruling.logged:
        # R0.4: a refusal changes nothing.
        assert hand.state() == before, (line, ruling.rule)
        assert hand.log == log
        if ruling.kind != "redo":
            assert hand.redo_stack == redo
    if ruling.kind in ("query", "blank", "error"):
        assert hand.state() == before and hand.log == log and hand.redo_stack == redo
    if ruling.logged and not ruling.ok and ruling.kind == "entry":
        # R0.4: the two refusals with an effect.
        assert ruling.rule in ("R3.8", "R6.2"), (line, ruling.rule)
    if ruling.kind == "entry" and ruling.logged:
        assert hand.log == log + [line.strip()]
        assert hand.redo_stack == []
    if ruling.kind == "entry" and ruling.ok:
        assert ruling.logged
        check_single_play(hand, line, before)
    check_invariants(hand)


def check_single_play(hand: Hand, line: str, before: dict) -> None:
    """An accepted line that is one card played: it lies on top and left its player's hand;
    nobody else's count changes unless the card makes the referee apply a draw."""
    parsed = parse_line(line)
    if len(parsed.actions) != 1 or not isinstance(parsed.actions[0], Play):
        return
    card = parsed.actions[0].card
    player = hand.player(parsed.player) if parsed.player else before["turn"]
    after = hand.state()
    assert after["top"] == str(card)
    assert after["counts"][player] == before["counts"][player] - 1
    r = hand.rules
    applied_draws = ((card.rank == "5" and r.five != "none")
                     or (card.rank == "K" and r.king == "draw_one")
                     or (card.rank in ("2", "Joker") and r.four != "none"))   # R5 preamble
    if not applied_draws:
        assert after["discard_pile"] == before["discard_pile"] + 1
        assert after["draw_pile"] == before["draw_pile"]
        for other, n in after["counts"].items():
            if other != player:
                assert n == before["counts"][other]


def check_replay(hand: Hand, rules: HouseRules, players: list, dealer: str) -> None:
    again = Hand.replay(rules, players, dealer, 1, hand.log, hand.redo_stack)
    assert again.state() == hand.state()
    assert again.log == hand.log


@st.composite
def tables(draw, preset=None):
    name = preset or draw(st.sampled_from(sorted(PRESETS)))
    rules = PRESETS[name]
    deal = draw(st.sampled_from([rules.deal_size, 2, 3]))
    rules = rules.replace(deal_size=deal)
    n = draw(st.sampled_from([2, 3, 3, 4, 6]))
    players = NAMES[:n]
    dealer = draw(st.sampled_from(players))
    return rules, players, dealer


def starter_for(rules: HouseRules, draw) -> str:
    rank = draw(st.sampled_from(list(RANK_SPELLINGS)))
    suit = draw(st.sampled_from(list(SUIT_SPELLINGS)))
    return f"start {rank}{suit}"


# ---------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------

@SETTINGS
@given(table=tables(), lines=st.lists(st.one_of(st.text(max_size=60),
                                                 st.text(min_size=200, max_size=2000)),
                                       max_size=15))
def test_random_text_never_raises_and_changes_nothing_when_refused(table, lines):
    rules, players, dealer = table
    hand = Hand(rules, players, dealer)
    hand.apply_line("start 9h")
    for line in lines:
        apply_and_check(hand, line)
    check_replay(hand, rules, players, dealer)


@SETTINGS
@given(table=tables(), data=st.data())
def test_junk_lines_never_raise(table, data):
    rules, players, dealer = table
    hand = Hand(rules, players, dealer)
    for _ in range(data.draw(st.integers(1, 8))):
        apply_and_check(hand, junk_line(data.draw))
        if data.draw(st.booleans()):
            apply_and_check(hand, "start 9c")
    check_replay(hand, rules, players, dealer)


def _play_a_game(table, data, steps: int) -> None:
    rules, players, dealer = table
    hand = Hand(rules, players, dealer)
    apply_and_check(hand, starter_for(rules, data.draw))
    for i in range(steps):
        if data.draw(st.integers(0, 14)) == 0:
            line = junk_line(data.draw)
        else:
            line = entry_line(hand, players, data.draw)
        apply_and_check(hand, line)
        if i % 10 == 9:
            check_replay(hand, rules, players, dealer)
    check_replay(hand, rules, players, dealer)


@settings(SETTINGS, max_examples=15)
@given(data=st.data())
def test_games_under_every_preset_keep_the_invariants(data):
    # Each preset in turn, so that every one of them is played on every run.
    for name in sorted(PRESETS):
        _play_a_game(data.draw(tables(name)), data, steps=25)


@settings(SETTINGS, max_examples=20)
@given(table=tables(), data=st.data())
def test_long_games_keep_the_invariants(table, data):
    _play_a_game(table, data, steps=80)


@settings(SETTINGS, max_examples=30)
@given(table=tables(), data=st.data())
def test_undo_everything_returns_to_the_deal(table, data):
    rules, players, dealer = table
    hand = Hand(rules, players, dealer)
    dealt = hand.state()
    apply_and_check(hand, starter_for(rules, data.draw))
    states = [hand.state()] if hand.log else []   # states[i]: the state after log[:i + 1]
    for _ in range(data.draw(st.integers(0, 30))):
        apply_and_check(hand, entry_line(hand, players, data.draw))
        del states[len(hand.log):]
        if len(hand.log) == len(states) + 1:
            states.append(hand.state())
        assert len(states) == len(hand.log)
    # Undo walks back through every state that was logged, then to the deal.
    while hand.log:
        assert hand.state() == states[len(hand.log) - 1]
        ruling = hand.apply_line("undo")
        assert ruling.ok and ruling.rule == "R0.2"
        check_invariants(hand)
    assert hand.state() == dealt
    assert not hand.apply_line("undo").ok
    # ... and redo walks forward again.
    for state in states:
        assert hand.apply_line("redo").logged
        assert hand.state() == state


@settings(SETTINGS, max_examples=20)
@given(table=tables(), data=st.data())
def test_check_agrees_with_the_play(table, data):
    """``check CARD`` (NOTATION queries) says legal exactly when playing CARD is accepted."""
    rules, players, dealer = table
    hand = Hand(rules, players, dealer)
    apply_and_check(hand, starter_for(rules, data.draw))
    for _ in range(30):
        apply_and_check(hand, entry_line(hand, players, data.draw))
        if hand.status != "playing":
            continue
        token = play_token(hand, data.draw)
        if try_card(token.split()[0]).rank == "J" and len(token.split()) == 1:
            continue                         # check assumes a named suit; a play needs one
        who = hand.turn or data.draw(st.sampled_from(sorted(hand.counts)))
        answer = hand.apply_line(f"{who}: check {token}")
        assert answer.ok and answer.kind == "query"
        copy = Hand.replay(rules, players, dealer, 1, hand.log)
        ruling = copy.apply_line(f"{who}: {token}")
        assert answer.data["legal"] == ruling.ok, (token, answer.rule, ruling.rule)
        if not ruling.ok:
            assert answer.rule == ruling.rule or ruling.rule == "R3.8"
