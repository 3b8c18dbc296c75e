"""The family's games as presets (RULES.md R10, issue 36): found by their common
names, each with its own rule book in five languages, a recorded hand of it refereed
with ``play --script`` (the rulings its sources predict), a series of it scored to
its winner with ``score``, and the simulator over it.  Everything runs as the user
meets it: the command line as a subprocess.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine.rules import GAME_ALIASES, GAMES, PRESETS
from referee.series.presets import load_rules, resolve_preset

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run(tmp_path: Path, *args: str, save: bool = True, lang: str = "en",
        code: int = 0) -> subprocess.CompletedProcess:
    """``pesten-ref ARGS`` in a subprocess (``--save s.toml`` in ``tmp_path``)."""
    env = {**os.environ, "PESTEN_REF_LANG": lang, "PYTHONPATH": str(ROOT),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("PESTEN_REF_SAVE", None)
    done = subprocess.run([sys.executable, "-m", "referee", *args,
                           *(["--save", str(tmp_path / "s.toml")] if save else [])],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == code, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "internal error" not in done.stdout + done.stderr
    return done


def hand_file(game: str) -> Path:
    return EXAMPLES / f"hand-{game}-3.txt"


def score_line(game: str) -> list[str]:
    """The ``# score:`` line of a recorded hand, as ``score``'s arguments."""
    text = hand_file(game).read_text(encoding="utf-8")
    line = re.search(r"^# score: (.*)$", text, re.M).group(1)
    return [f"{name}={cards.strip(chr(34))}"
            for name, cards in re.findall(r'(\w+)=("[^"]*"|\S+)', line)]


def play_recorded(tmp_path: Path, game: str) -> tuple[str, dict]:
    """A new series of ``game`` (Anna, Bram, Cees; Cees deals) and its recorded hand
    played with ``play --script --keep-going``: (everything said, the state)."""
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", game)
    refusals = re.search(r"#.*\?", hand_file(game).read_text(encoding="utf-8"))
    done = run(tmp_path, "play", "--script", str(hand_file(game)), "--keep-going",
               code=1 if refusals else 0)        # (a refused entry: status 1)
    state = json.loads(run(tmp_path, "state", "--json").stdout)
    return done.stdout + done.stderr, state


# -- names ---------------------------------------------------------------------

def test_R10_the_games_are_presets_apart_from_pestens_variants():
    assert set(GAMES).isdisjoint(PRESETS)
    for game in GAMES:
        assert load_rules(game).name == game
        assert hand_file(game).is_file()


@pytest.mark.parametrize("typed, game", [
    ("mau-mau", "mau-mau"), ("maumau", "mau-mau"), ("Mau Mau", "mau-mau"),
    ("crazy-eights", "crazy-eights"), ("crazy8", "crazy-eights"), ("Crazy_8", "crazy-eights"),
    ("huit-americain", "huit-americain"), ("huit", "huit-americain"),
    ("Huit américain", "huit-americain"), ("prší", "prsi"), ("vlaams", "pesten-vlaams"),
    ("tschau", "tschau-sepp"), ("ocholoco", "ocho-loco"), ("jack-change-it", "switch"),
    ("lastcard", "last-card"), ("blackjack", "black-jack"), ("Black Jack", "black-jack"),
    ("macao", "makao"), ("makao-pl", "makao"), ("Makao", "makao"),
])
def test_R10_a_game_is_found_by_its_common_names(typed, game):
    assert resolve_preset(typed) == game


def test_R10_every_alias_names_a_game():
    assert set(GAME_ALIASES.values()) <= set(GAMES)
    assert set(GAME_ALIASES).isdisjoint(PRESETS)


def test_R10_rules_of_an_alias_is_the_games_book(tmp_path):
    assert run(tmp_path, "rules", "maumau", save=False).stdout == \
        run(tmp_path, "rules", "mau-mau", save=False).stdout


# -- the rule book ---------------------------------------------------------------

#: What each game's book must say, from the game's own table.
BOOK = {
    "crazy-eights": ["Crazy Eights: the rule book", "Eight: goes on any card, and the player "
                     "names a suit (R9.8)", "Eight 50", "Ace 1", "collects", "R10.92",
                     "draw one card at a time until one can be played",
                     "no last-card call", "Hoyle"],
    "ocho-loco": ["Ocho loco: the rule book", "Two: the next player draws 2 cards or stacks "
                  "on it (R5.1)", "Ace: the next player draws 3 cards or stacks on it (R9.3)"],
    "mau-mau": ["Mau-Mau: the rule book", "Seven: the next player draws 2 cards or stacks on "
                "it (R9.3)", "Eight: the next player misses a turn (R5.3)", '"Mau!"',
                "draws 1 card (R10.80)", "Jack 20", "Ace 11", "32 cards",
                "reaching the target loses"],
    "switch": ["Switch: the rule book", "Seven: the same player plays again, in the same "
               "suit or rank (R9.6)", "Ace: goes on any card, and the player names a suit "
               "(R9.8)", "Two, Eight, Jack", '"Last-card!"'],
    "black-jack": ["Black Jack: the rule book", "Black Jack: the next player draws 5 cards "
                   "or stacks on it (R9.3)", "Red Jack: played on a penalty of black Jack, it "
                   "cancels the penalty (R10.11)", "King: play reverses", "Two, Eight, Jack, "
                   "King", '"Last-card!"'],
    "makao": ["Makao: the rule book", "Three of hearts: the next player draws 3 cards or stacks on it "
              "(R9.3)", "Four: the next player waits a turn unless they add a Four",
              "its player may demand a rank", "(R10.22)", "Queen: it goes on any card",
              "King of hearts: the next player draws 5 cards (R9.3)",
              "King of spades: the previous player draws 5 cards at once (R9.3)",
              "Ace: the player names a suit (R9.8)", '"Makao!"', "draws 5 cards (R10.80)"],
    "huit-americain": ["Huit américain: the rule book", "it cancels the penalty (R10.11)",
                       "Nine: the next card must be a Nine or a Joker (R9.9)",
                       "Two: the next player draws 2 cards (R5.1)", "Eight 32", "Joker 50",
                       '"Carte!"', "After 10 hands"],
    "last-card": ["Last Card: the rule book", "Five: the next player draws 5 cards or stacks "
                  "on it (R9.3)", "Jack: the same player plays again (R9.6)"],
    "pesten-vlaams": ["Flemish Pesten: the rule book", '"klop!"', "draws 5 cards (R10.80)",
                      "next draw takes 5 cards (R6.2)", "That ends your turn, even when the card would fit"],
    "prsi": ["Prší: the rule book", "Ace: the next player misses a turn, or passes it on "
             "with an Ace (R5.11)", "Queen: goes on any card", "Jack 2", "Queen 3", "King 4",
             "The last player holding cards scores them", "no last-card call"],
    "tschau-sepp": ["Tschau Sepp: the rule book", "36 cards", '"Tschau!"',
                    "Ten: play reverses", "The last player holding cards scores them"],
}


@pytest.mark.parametrize("game", GAMES)
def test_R10_rules_GAME_prints_the_games_own_book(tmp_path, game):
    book = " ".join(run(tmp_path, "rules", game, save=False).stdout.split())
    for title in ("How to deal", "How to play", "What each card does here", "Going out",
                  "The calls", "Scoring", "House rules", "Sources"):
        assert title in book
    for said in BOOK[game]:
        assert said in book, said
    assert "R0.1" not in book                       # not Pesten's whole book
    rules = load_rules(game)
    if not rules.jokers:
        assert "Joker:" not in book and "Joker 20" not in book


@pytest.mark.parametrize("lang, title, name", [
    ("nl", "Vlaams pesten: het spelregelboek", "pesten-vlaams"),
    ("fr", "Huit américain\u00a0: le livre des règles", "huit-americain"),
    ("it", "Mau-Mau: il regolamento", "mau-mau"),
    ("pt", "Prší: o livro de regras", "prsi"),
])
def test_R10_the_games_book_in_the_tables_language(tmp_path, lang, title, name):
    book = run(tmp_path, "rules", name, save=False, lang=lang).stdout
    assert book.startswith(title)
    assert "the rule book" not in book and "How to deal" not in book


def test_R10_rules_diff_between_two_games(tmp_path):
    diff = run(tmp_path, "rules", "--diff", "mau-mau", "switch", save=False).stdout
    assert "Mau-Mau" in diff.splitlines()[0] and "Switch" in diff.splitlines()[0]
    rows = {line.split()[0]: line.split()[1:] for line in diff.splitlines()[2:] if line.strip()}
    assert rows["deck"][:2] == ["32", "52"]
    # an [actions] row cites the rules of the effects either game gives the rank
    assert rows["actions.7"][-1] == "R9.3/R9.6"          # a draw against play again
    assert rows["actions.J"][-1] == "R9.8/R9.7"          # names a suit against reverse
    makao = run(tmp_path, "rules", "--diff", "makao", "black-jack", save=False).stdout
    rows = {line.split()[0]: line.split()[1:] for line in makao.splitlines()[2:] if line.strip()}
    assert rows["actions.4"][-1] == "R10.21/R9.2"        # a stacked wait against nothing
    assert rows["actions.2c"][-1] == "R10.10/R5.1"       # a card's own entry (R10.10), a Two either side


def test_R10_a_game_as_a_base_for_a_familys_file(tmp_path):
    (tmp_path / "ours.toml").write_text('extends = "maumau"\ndeal_size = 6\n', encoding="utf-8")
    rules = load_rules(tmp_path / "ours.toml")
    assert (rules.deck, rules.deal_size, rules.last_call_word()) == (32, 6, "Mau")


# -- a recorded hand of each game, refereed ----------------------------------------

#: The rulings each recorded hand must get, as its game's sources predict.
RULINGS = {
    "crazy-eights": ["Bram plays 8♥ and names spades (R9.8)",
                     "Cees draws 3 cards and plays the last one drawn (R10.50)",
                     "refused: At this table you draw until a card can be played",
                     "Anna goes out on J♣ and wins the hand (R6.1)"],
    "ocho-loco": ["Bram plays A♥: Cees must draw 6 or play an Ace (R9.3)",
                  "refused: 2♦ cannot be played now: 6 cards to draw are pending", "Cees takes the penalty and draws 6 (R5.7)",
                  "Anna goes out on 4♥ and wins the hand (R6.1)"],
    "mau-mau": ["Bram plays 7♠: Cees must draw 4 or play a Seven (R9.3)",
                "Anna plays 8♠: Bram misses the turn; Cees is next (R5.3)",
                "Anna plays 10♣. Bram is to play",
                "There is no 5♥ in this game: its 32-card deck runs from Seven to Ace (R1.3",
                'Anna: "Mau!" — announced in time (R10.80)',
                "Anna goes out on A♥ and wins the hand (R6.1)"],
    "switch": ["The starter 8♣ is an action card: it goes back into the draw pile",
               "Anna plays 7♣ and plays again: a card of clubs or another Seven",
               "refused: 3♥ cannot follow", "play now goes counterclockwise (R9.7)",
               "Anna plays A♦ and names hearts (R9.8)", 'Bram: "Last-card!"',
               "Bram goes out on K♣ and wins the hand (R6.1)"],
    "black-jack": ["The starter 2♥ is an action card: it goes back",
                   "Anna plays 6♠. Anna plays 6♦.",
                   "Anna plays J♣: Bram must draw 5 or play a Two",
                   "Bram plays 2♣: Cees must draw 7 or play a Two or a Jack of clubs or spades",
                   "Cees plays J♠: Anna must draw 12",
                   "refused: 5♦ cannot be played now: 12 cards to draw are pending",
                   "Anna plays J♥: the penalty of 12 cards is cancelled (R10.11)",
                   "Bram plays K♥: play now goes counterclockwise (R9.7)",
                   "Bram plays 10♠. Bram plays 10♦.", 'Anna: "Last-card!"',
                   "Anna goes out on 4♠ and wins the hand (R6.1)"],
    "makao": ["The starter 4♣ is an action card: it goes back",
              "refused: 3♥ cannot be played now: 2 cards to draw are pending, so only a Two "
              "or 3♠ may be played on them",
              "Bram plays 3♦: Cees must draw 3 or play 2♦ or a Three (R9.3)",
              "Bram plays 4♥: Cees must add a Four to the wait, or type `pass` and wait 2 turns",
              "refused: A wait of 2 turns is pending for Cees", "Cees waits 2 turns",
              "Anna plays J♥ and demands a Seven", "refused: 8♥ cannot be played now: Anna "
              "demanded a Seven", 'Bram: "Makao!"', "Cees waits: that was the last turn",
              "Anna plays 7♦. Anna plays 7♠. The demand Anna made for a Seven ends (R10.22)",
              "Cees plays K♠: Bram draws 5 cards at once (R9.3)",
              "Anna plays Q♠, an open card: any card may go on it (R10.20)",
              "Bram plays K♥: Cees must draw 5", "Anna plays A♥ and names clubs (R9.8)",
              'Anna: "Makao!"', "Anna goes out on Q♦ and wins the hand (R6.1)"],
    "huit-americain": ["Bram plays A♣: Cees must draw 4 or play an Ace or an Eight (R9.3)",
                       "the penalty of 4 cards is cancelled (R10.11)",
                       "refused: 5♠ cannot be played now: play a Nine or a Joker",
                       "Anna plays 10♠ and plays again (R9.6)",
                       "Anna plays Joker: Cees must draw 5; nothing stacks here",
                       'Anna: "Carte!"', "Anna goes out on Q♣ and wins the hand (R6.1)"],
    "last-card": ["Bram plays 5♠: Cees must draw 10 or play a Five (R9.3)",
                  "Anna plays J♠ and plays again (R9.6)", "Anna plays 9♠. Anna plays 9♥.",
                  "Bram plays 10♥: Cees misses the turn; Anna is next (R9.5)",
                  "Anna plays A♠ and names diamonds (R9.8)", 'Anna: "Last-card!"',
                  "Anna goes out on K♣ and wins the hand (R6.1)"],
    "pesten-vlaams": ["Anna plays 7♥ and plays again: a card of hearts or another Seven",
                      "Bram plays 10♥: Cees shows their cards to the table (R9.10)",
                      "refused: Under these house rules a drawn card cannot be "
                      "played at once", "Anna plays K♥ and plays again (R9.6)",
                      'Anna: "klop!"', "Anna goes out on Q♦ and wins the hand (R6.1)"],
    "prsi": ["Bram plays A♠: Cees must play an Ace to pass the skip on",
             "Cees passes and misses 1 turn (R5.11)", "refused: Q♠ cannot be played now: 2 cards to draw are pending",
             "Cees plays Q♦ and names hearts (R9.8)",
             "Anna goes out on 8♥ and is out in place 1; the hand goes on (R6.3)",
             "Only Bram still holds cards: the hand is over"],
    "tschau-sepp": ["Cees plays 10♣: play now goes counterclockwise (R9.7)",
                    "Bram plays J♣ and names diamonds (R5.4)",
                    "There is no 5♦ in this game: its 36-card deck runs from Six to Ace",
                    'Anna: "Tschau!"', "Anna goes out on 9♣ and is out in place 1",
                    'Bram: "Tschau!"', "Only Cees still holds cards: the hand is over"],
}

#: Who holds how many cards when each recorded hand is over.
COUNTS = {
    "crazy-eights": {"Anna": 0, "Bram": 4, "Cees": 6},
    "ocho-loco": {"Anna": 0, "Bram": 4, "Cees": 13},
    "mau-mau": {"Anna": 0, "Bram": 4, "Cees": 10},
    "switch": {"Anna": 10, "Bram": 0, "Cees": 8},
    "black-jack": {"Anna": 0, "Bram": 4, "Cees": 6},
    "makao": {"Anna": 0, "Bram": 6, "Cees": 13},
    "huit-americain": {"Anna": 0, "Bram": 3, "Cees": 14},
    "last-card": {"Anna": 0, "Bram": 5, "Cees": 17},
    "pesten-vlaams": {"Anna": 0, "Bram": 5, "Cees": 11},
    "prsi": {"Bram": 10},
    "tschau-sepp": {"Cees": 13},
}


@pytest.mark.parametrize("game", GAMES)
def test_R10_a_recorded_hand_of_the_game_is_refereed(tmp_path, game):
    told, state = play_recorded(tmp_path, game)
    flat = " ".join(told.split())
    for ruling in RULINGS[game]:
        assert ruling in flat, ruling
    assert {k: v for k, v in state["counts"].items()} == COUNTS[game]


#: The scores after the recorded hand's that end each series, and its winner.
MORE_HANDS = {
    "crazy-eights": ([], "Anna wins the series!"),
    "ocho-loco": ([], "Anna wins the series!"),
    "mau-mau": ([], "Anna wins the series!"),
    "switch": ([["--winner", "Bram", "Anna=40", "Cees=60"]], "Bram wins the series!"),
    "black-jack": ([["--winner", "Anna", "Bram=70", "Cees=70"]], "Anna wins the series!"),
    "makao": ([["--winner", "Anna", "Bram=70"]], "Anna wins the series!"),
    "huit-americain": ([["--winner", "Anna", "Bram=1", "Cees=1"]] * 9,
                       "Anna wins the series!"),
    "last-card": ([["--winner", "Anna", "Bram=70", "Cees=10"]], "Anna wins the series!"),
    "pesten-vlaams": ([["--winner", "Anna", "Bram=60", "Cees=30"]], "Anna wins the series!"),
    "prsi": ([["--winner", "Anna", "Bram=0", "Cees=2"]] * 9, "Anna wins the series!"),
    "tschau-sepp": ([["--winner", "Cees", "Anna=0", "Bram=15"],
                     ["--winner", "Anna", "Bram=0", "Cees=95"]], "Anna wins the series!"),
}


@pytest.mark.parametrize("game", GAMES)
def test_R10_a_series_of_the_game_is_scored_to_its_winner(tmp_path, game):
    play_recorded(tmp_path, game)
    told = run(tmp_path, "score", *score_line(game)).stdout
    more, winner = MORE_HANDS[game]
    for args in more:
        assert "wins the series" not in told
        told = run(tmp_path, "score", *args).stdout
    assert winner in told
    standings = json.loads(run(tmp_path, "standings", "--json").stdout)
    assert standings["series_winner"] == [winner.split()[0]]
    history = json.loads(run(tmp_path, "history", "--json").stdout)
    assert len(history["hands"]) == 1 + len(more)


def test_R10_90_crazy_eights_the_winner_collects_hoyles_points(tmp_path):
    play_recorded(tmp_path, "crazy-eights")
    told = run(tmp_path, "score", *score_line("crazy-eights")).stdout
    # Bram 3+7+10+4 = 24; Cees Ace 1, 6, Eight 50, Jack 10, 10, 3 = 80
    assert "Hand 1 scored: Anna 104, Bram 0, Cees 0." in told


def test_R10_mau_mau_the_losers_count_the_german_points(tmp_path):
    play_recorded(tmp_path, "mau-mau")
    told = run(tmp_path, "score", *score_line("mau-mau")).stdout
    # Bram: Jack 20, 9, 8, Queen 10; Cees: Ace 11, 7, 10, 10, 10, 10, Jack 20, 9, 8, 10
    assert "Hand 1 scored: Anna 0, Bram 47, Cees 105." in told


def test_R10_82_mau_mau_going_out_on_a_jack_with_mau_mau_doubles_the_others_points(tmp_path):
    """The preset's `[calls] out`: "Mau-Mau!" with the Jack that goes out doubles the
    hand's points, which ends the series at 100 (R10.91)."""
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "maumau")
    (tmp_path / "h.txt").write_text("start 9h\n10h\nd\nd\nQh\nd\nd\nKh\nd\nd\nAh Mau\n"
                                    "d\nd\nJh h Mau-Mau\n", encoding="utf-8")
    told = run(tmp_path, "play", "--script", str(tmp_path / "h.txt")).stdout
    assert 'Anna: "Mau-Mau!" on J♥: the others\' points of this hand are multiplied by 2' in told
    done = run(tmp_path, "score", "Bram=7s 8s 9s 10s Ks Ad Qd 7d 8d", "Cees=70").stdout
    assert "Bram      160" in done and "Cees      140" in done and "Anna won the series." in done


def test_R10_82_tschau_sepp_says_sepp_on_the_last_card_and_tschau_before(tmp_path):
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules",
        "tschau-sepp")
    (tmp_path / "h.txt").write_text("start 9h\n10h\nd\nd\nQh\nd\nd\nKh\nd\nd\nAh Tschau\n"
                                    "d\nd\n6h Sepp\n", encoding="utf-8")
    told = run(tmp_path, "play", "--script", str(tmp_path / "h.txt")).stdout
    assert 'Anna: "Tschau!"' in told and '"Sepp!"' in told, told


def test_R10_a_game_is_exported_with_its_own_name(tmp_path):
    play_recorded(tmp_path, "mau-mau")
    run(tmp_path, "score", *score_line("mau-mau"))
    page = tmp_path / "page.html"
    run(tmp_path, "export", "--format", "html", "--output", str(page))
    assert "Mau-Mau" in page.read_text(encoding="utf-8")


# -- the simulator -------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_R10_simulate_a_game_the_referee_follows_the_real_cards(tmp_path, game):
    out = json.loads(run(tmp_path, "simulate", "--rules", game, "--hands", "150", "--seed",
                         "7", "--jobs", "1", "--json", save=False).stdout)
    assert (out["hands"], out["refused_entries"], out["mismatches"], out["problems"]) == (
        150, 0, 0, [])


def test_R10_simulate_compare_two_games(tmp_path):
    told = run(tmp_path, "simulate", "--compare", "mau-mau", "crazy-eights", "--hands", "150",
               "--seed", "1", "--jobs", "1", save=False).stdout
    assert "mau-mau" in told and "crazy-eights" in told
    # Crazy Eights makes nobody draw a penalty: told as both values
    assert "Penalty cards drawn per hand: 0.0 with crazy-eights, against" in told


def test_R10_80_makao_a_forgotten_makao_costs_5_cards(tmp_path):
    """Makao's call: "Makao!" with the card that leaves one; caught without it, the
    player draws 5 (the Polish sources' penalty)."""
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules", "macao")
    (tmp_path / "h.txt").write_text("start 9h\n10h\nd\nd\nQh\nd\nd\n8h\nd\nd\n7h\nd\n"
                                    "call Anna\n", encoding="utf-8")
    told = run(tmp_path, "play", "--script", str(tmp_path / "h.txt")).stdout
    assert 'Anna forgot to say "Makao!" and draws 5 (R10.80)' in told
    state = json.loads(run(tmp_path, "state", "--json").stdout)
    assert state["counts"]["Anna"] == 6


def test_R10_11_black_jack_a_red_jack_does_not_cancel_a_two(tmp_path):
    """Black Jack's red Jack cancels a black Jack's pick-up only: on a Two's it is
    refused, and the refusal names what may go on the Two."""
    run(tmp_path, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees", "--rules",
        "blackjack")
    (tmp_path / "h.txt").write_text("start 9h\n2h\nJh\n", encoding="utf-8")
    done = run(tmp_path, "play", "--script", str(tmp_path / "h.txt"), code=1)
    told = " ".join((done.stdout + done.stderr).split())
    assert ("J♥ cannot be played now: 2 cards to draw are pending, so only a Two or a "
            "Jack of clubs or spades may be played on them") in told
