"""Score-only series and corrections (NOTATION.md "Between hands and scoring"; RULES R2.1, R7).

A family that keeps score without refereeing runs `score` after every hand; a
mistyped score is corrected with `score --hand N`, recorded beside the original,
and the series is settled again from the results (the results are the log).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from freezegun import freeze_time
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import cli
from referee.engine.reading import with_series
from referee.series.presets import load_rules
from referee.series.scoring import HandResult, ScoreError, replay_series, standings_json
from referee.series.session import OpenSeries, read_history
from referee.series.store import SaveFile

ABCD = ["Anna", "Bram", "Cees", "Dirk"]


def new4(save, *extra: str):
    cli(save, "new", "--players", ",".join(ABCD), "--dealer", "Anna", *extra)


def standings(save) -> dict:
    return json.loads(cli(save, "standings", "--json").stdout)


def state(save) -> dict:
    return json.loads(cli(save, "state", "--json").stdout)


def totals(save) -> dict[str, int]:
    return {p["name"]: p["total"] for p in standings(save)["players"]}


def out(save) -> list[str]:
    return [p["name"] for p in standings(save)["players"] if p["eliminated"]]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file the series is made of (not the lock file, nor the hands' index:
    derived data, which any command that reads the hands may bring up to date)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock") and p.name != "index.json"}


@pytest.fixture
def save(tmp_path) -> Path:
    return tmp_path / "pesten.toml"


# -- score after score ------------------------------------------------------------------------

@pytest.mark.parametrize("mode, extra", [("elimination", []), ("hands", ["--hands", "5"]),
                                         ("casual", [])])
def test_R7_3_score_after_score_records_hand_after_hand_in_every_mode(save, mode, extra):
    new4(save, "--mode", mode, *extra)
    for n, winner in enumerate(["Bram", "Cees", "Dirk"], 1):
        others = [] if mode == "casual" else [f"{p}=5" for p in ABCD if p != winner]
        cli(save, "score", "--winner", winner, *others)
        st_ = state(save)
        assert (st_["hand"], st_["status"]) == (n + 1, "waiting")
    table = standings(save)
    assert table["hands_scored"] == 3
    assert {p["name"]: p["wins"] for p in table["players"]} == {"Anna": 0, "Bram": 1, "Cees": 1,
                                                                "Dirk": 1}
    if mode != "casual":
        assert totals(save) == {"Anna": 15, "Bram": 10, "Cees": 10, "Dirk": 10}


def test_R2_1_the_next_hand_is_dealt_at_once_by_the_next_seat(save):
    new4(save)
    out_text = cli(save, "score", "--winner", "Bram", "Anna=5", "Cees=5", "Dirk=5").stdout
    assert "Hand 2: Bram deals; Cees plays first" in out_text
    st_ = state(save)
    assert (st_["hand"], st_["dealer"], st_["status"]) == (2, "Bram", "waiting")
    assert standings(save)["next_dealer"] == "Bram"


def test_R7_3_a_refereed_hand_between_score_only_hands(save):
    new4(save)
    cli(save, "score", "--winner", "Bram", "Anna=5", "Cees=5", "Dirk=5")
    # hand 2 refereed: Bram deals, Cees plays first
    cli(save, "play", input="start 9h\nfix count Cees 0\n")
    assert state(save)["winner"] == "Cees"
    cli(save, "score", "Anna=20", "Bram=20", "Dirk=20")   # 7 cards each by the referee's count
    cli(save, "score", "--winner", "Anna", "Bram=1", "Cees=1", "Dirk=1")
    assert totals(save) == {"Anna": 25, "Bram": 21, "Cees": 6, "Dirk": 26}
    assert state(save)["hand"] == 4


def test_R7_4_once_the_series_is_won_play_and_score_refuse(save):
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna", "--limit", "10")
    cli(save, "score", "--winner", "Anna", "Bram=11")
    result = cli(save, "score", "--winner", "Anna", "Bram=3", code=1)
    assert "The series is over and was won by Anna" in result.stderr
    assert "score --hand N" in result.stderr and "(R7.4)" in result.stderr
    result = cli(save, "play", input="start 9h\n", code=1)
    assert "The series is over" in result.stderr
    assert standings(save)["series_winner"] == ["Anna"]


# -- corrections -------------------------------------------------------------------------------

@freeze_time("2026-12-01 20:15:00")
def test_R7_3_a_correction_is_kept_beside_the_original_with_who_and_when(save):
    new4(save)
    cli(save, "score", "--winner", "Anna", "Bram=40", "Cees=30", "Dirk=12")
    with freeze_time("2026-12-01 20:31:07"):
        text = cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=4", "Cees=30",
                   "Dirk=12", "--by", "Cees").stdout
    assert "Hand 1 corrected: Anna 0, Bram 4, Cees 30, Dirk 12 (was Bram 40)." in text
    assert totals(save) == {"Anna": 0, "Bram": 4, "Cees": 30, "Dirk": 12}
    hands = json.loads(cli(save, "history", "--json").stdout)["hands"]
    assert hands[0]["corrected"] is True and hands[0]["points"]["Bram"] == 4
    header, metas = read_history(SaveFile(save))
    assert metas[0]["corrections"] == [{
        "at": metas[0]["corrections"][0]["at"], "by": "Cees", "old_winner": "Anna",
        "new_winner": "Anna", "old": {"Anna": 0, "Bram": 40, "Cees": 30, "Dirk": 12},
        "new": {"Anna": 0, "Bram": 4, "Cees": 30, "Dirk": 12}}]
    assert metas[0]["corrections"][0]["at"].isoformat() == "2026-12-01T20:31:07+00:00"
    assert metas[0]["result"]["scored"].isoformat() == "2026-12-01T20:15:00+00:00"
    shown = cli(save, "history").stdout
    assert "* Hand 1 corrected on 2026-12-01 20:31 UTC by Cees: Bram 40 -> 4." in shown


def test_R7_4_a_correction_brings_a_player_back_and_the_waiting_hand_is_dealt_again(save):
    new4(save)
    cli(save, "score", "--winner", "Anna", "Bram=40", "Cees=30", "Dirk=12")
    cli(save, "score", "--winner", "Cees", "Anna=10", "Bram=400", "Dirk=12")   # meant 40
    assert out(save) == ["Bram"]
    assert list(state(save)["counts"]) == ["Anna", "Cees", "Dirk"]            # hand 3 dealt without Bram
    text = cli(save, "score", "--hand", "2", "--winner", "Cees", "Anna=10", "Bram=40",
               "Dirk=12").stdout
    assert "Bram is back in the series with 80 points (not over 100)." in text
    assert out(save) == []
    st_ = state(save)
    assert st_["hand"] == 3 and list(st_["counts"]) == ABCD                   # dealt again, with Bram
    assert st_["dealer"] == "Cees"
    assert totals(save) == {"Anna": 10, "Bram": 80, "Cees": 30, "Dirk": 24}


def test_R2_1_a_correction_moves_the_deal_of_the_waiting_hand(save):
    """Bram would deal hand 2; a correction of hand 1 puts Bram out, so Cees deals (R2.1)."""
    new4(save)
    cli(save, "score", "--winner", "Anna", "Bram=40", "Cees=30", "Dirk=12")
    assert state(save)["dealer"] == "Bram"
    cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=140", "Cees=30", "Dirk=12")
    st_ = state(save)
    assert st_["dealer"] == "Cees" and list(st_["counts"]) == ["Anna", "Cees", "Dirk"]
    assert standings(save)["next_dealer"] == "Cees"


def test_R7_4_a_correction_that_changes_who_played_a_later_hand_is_refused(save):
    new4(save)
    cli(save, "score", "--winner", "Anna", "Bram=400", "Cees=30", "Dirk=12")   # Bram out
    cli(save, "score", "--winner", "Cees", "Anna=10", "Dirk=12")               # hand 2, without Bram
    before = snapshot(save.parent)
    result = cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=40", "Cees=30",
                 "Dirk=12", code=1)
    assert ("With this correction Bram would still have been in the series for hand 2, but "
            "hand 2 was already played without Bram, so hand 1 cannot be corrected this way "
            "(R7.4).") in result.stderr
    assert snapshot(save.parent) == before
    # the other way round: a correction that would put a player of hand 2 out before it
    result = cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=400", "Cees=130",
                 "Dirk=12", code=1)
    assert "Cees would have been out of the series before hand 2" in result.stderr
    assert snapshot(save.parent) == before


def test_R7_4_a_correction_can_end_the_series_and_another_reopen_it(save):
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Anna", "--limit", "50")
    cli(save, "score", "--winner", "Anna", "Bram=60", "Cees=10")                # Bram out
    cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=60", "Cees=60")  # Cees out too
    table = standings(save)
    assert table["series_winner"] == ["Anna"] and table["next_dealer"] is None
    cli(save, "score", "--winner", "Anna", "Bram=1", "Cees=1", code=1)          # the series is over
    text = cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=20", "Cees=10").stdout
    assert "The series is not won after all: it goes on." in text
    table = standings(save)
    assert table["series_winner"] is None and out(save) == []
    st_ = state(save)
    assert (st_["hand"], st_["status"], st_["dealer"]) == (2, "waiting", "Bram")


def test_R7_2_a_correction_of_a_refereed_hand_is_checked_as_the_score_was(save):
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    cli(save, "play", input="start 9h\nfix count Anna 0\n")                     # Anna went out
    cli(save, "score", "Bram=30", "Cees=20")
    result = cli(save, "score", "--hand", "1", "Bram=Ah", "Cees=20", code=1)    # Bram holds 7
    assert "Bram holds 7 cards by the referee's count, 1 was given (R7.2)." in result.stderr
    result = cli(save, "score", "--hand", "1", "--winner", "Bram", "Anna=3", "Cees=20", code=1)
    assert "(R6.1)" in result.stderr
    cli(save, "score", "--hand", "1", "Bram=35", "Cees=20")
    assert totals(save) == {"Anna": 0, "Bram": 35, "Cees": 20}


def test_R7_3_correcting_a_hand_that_was_not_scored_is_refused(save):
    new4(save)
    result = cli(save, "score", "--hand", "3", "--winner", "Anna", "Bram=1", "Cees=1", "Dirk=1",
                 code=1)
    assert "no hand has been scored yet" in result.stderr
    cli(save, "score", "--winner", "Anna", "Bram=1", "Cees=1", "Dirk=1")
    result = cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=1", "Cees=1", "Dirk=1",
                 code=1)
    assert "Hand 1 already has exactly this score; nothing was changed (R7.3)." in result.stderr
    # --hand naming the current hand, not yet scored, simply scores it
    cli(save, "score", "--hand", "2", "--winner", "Bram", "Anna=2", "Cees=2", "Dirk=2")
    assert standings(save)["hands_scored"] == 2


# -- history -----------------------------------------------------------------------------------

def test_history_json_is_exactly_the_notation_object(save):
    new4(save)
    cli(save, "score", "--winner", "Anna", "Bram=40", "Cees=30", "Dirk=120")
    cli(save, "score", "--winner", "Bram", "Anna=5", "Cees=5")
    cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=40", "Cees=31", "Dirk=120")
    data = json.loads(cli(save, "history", "--json").stdout)
    assert set(data) == {"hands", "players", "limit", "mode", "abandoned", "joined"}
    assert data["abandoned"] == [] and data["joined"] == []
    assert (data["players"], data["limit"], data["mode"]) == (ABCD, 100, "elimination")
    assert data["hands"] == [
        {"hand": 1, "dealer": "Anna", "winner": "Anna", "blocked": False,
         "points": {"Anna": 0, "Bram": 40, "Cees": 31, "Dirk": 120},
         "totals": {"Anna": 0, "Bram": 40, "Cees": 31, "Dirk": 120},
         "eliminated": ["Dirk"], "corrected": True},
        {"hand": 2, "dealer": "Bram", "winner": "Bram", "blocked": False,
         "points": {"Anna": 5, "Bram": 0, "Cees": 5},
         "totals": {"Anna": 5, "Bram": 40, "Cees": 36, "Dirk": 120},
         "eliminated": ["Dirk"], "corrected": False},
    ]
    text = cli(save, "history").stdout
    lines = text.splitlines()
    assert lines[0].split() == ABCD  # each name over its points and total
    assert lines[1].split()[:3] == ["Hand", "Dealer", "Winner"]
    assert "1*" in text and "out" in text.splitlines()[2]


def test_history_of_carries_the_corrections_and_the_header(save):
    from referee.series.history import history_of, series_header
    new4(save)
    cli(save, "score", "--winner", "Anna", "Bram=4", "Cees=3", "Dirk=2")
    cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=5", "Cees=3", "Dirk=2")
    header, hands = read_history(SaveFile(save))
    data = history_of(header, hands)
    (c,) = data["hands"][0]["corrections"]
    assert (c["old"]["Bram"], c["new"]["Bram"]) == (4, 5) and c["at"].endswith("+00:00")
    head = series_header(header)
    assert head["players"] == ABCD and head["rules"]["name"] == "standard"
    assert (head["mode"], head["limit"], head["hands"], head["series_winner"]) == \
        ("elimination", 100, None, None)
    assert head["created"].endswith("+00:00") and head["hands_scored"] == 1


# -- the property: the results are the log -----------------------------------------------------

PLAYERS3 = ["Anna", "Bram", "Cees"]
ops = st.lists(st.one_of(
    st.tuples(st.just("score"), st.integers(0, 2), st.lists(st.integers(0, 40), min_size=3,
                                                            max_size=3)),
    st.tuples(st.just("correct"), st.integers(1, 6), st.integers(0, 2),
              st.lists(st.integers(0, 40), min_size=3, max_size=3)),
), min_size=1, max_size=9)


def _given(series_players, active, winner, points):
    return {p: pts for p, pts in zip(series_players, points) if p in active and p != winner}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_scores_and_corrections_give_the_standings_of_the_corrected_results_from_scratch(plan):
    rules = with_series(load_rules("standard"), mode="elimination", limit=50)
    with tempfile.TemporaryDirectory() as tmp:
        save = SaveFile(Path(tmp) / "a" / "pesten.toml")
        table = OpenSeries.create(save, PLAYERS3, rules, "Anna")
        for op in plan:
            before = standings_json(table.series, False)
            try:
                if op[0] == "score":
                    active = table.series.active_players()
                    winner = active[op[1] % len(active)]
                    table.score(winner, _given(PLAYERS3, active, winner, op[2]))
                else:
                    n = op[1]
                    table = OpenSeries.open(save)
                    if n > table.series.hands_scored:
                        continue
                    players = [str(p) for p in save.read_hand(n)["players"]]
                    winner = players[op[2] % len(players)]
                    table.correct(n, winner, _given(PLAYERS3, players, winner, op[3]))
            except ScoreError:
                table = OpenSeries.open(save)
                assert standings_json(table.series, False) == before  # a refusal changes nothing
            table = OpenSeries.open(save)
        # The corrected results, scored from scratch in a fresh series.
        header, hands = read_history(save)
        results = [HandResult.from_dict(h["result"]) for h in hands if "result" in h]
        fresh = OpenSeries.create(SaveFile(Path(tmp) / "b" / "pesten.toml"), PLAYERS3, rules, "Anna")
        for r in results:
            fresh.score(r.winner, {p: v for p, v in r.points.items() if p != r.winner})
        got = standings_json(OpenSeries.open(save).series, False)
        assert got == standings_json(fresh.series, False)
        pure, _ = replay_series(PLAYERS3, rules, "Anna", results)
        assert got == standings_json(pure, False)
        assert state_of(save) == state_of(fresh.save)


def state_of(save: SaveFile) -> tuple:
    table = OpenSeries.open(save)
    st_ = table.state()
    return st_["hand"], st_["dealer"], st_["status"], tuple(st_["counts"])


def test_a_series_saved_before_hands_were_dealt_at_once_keeps_working(save):
    """A series file of the earlier flow: hand 1 scored, the header at hand 1
    with ``hand_scored`` and no hand 2 dealt yet.  `score` deals hand 2 and scores it."""
    import tomllib

    import tomli_w

    new4(save)
    cli(save, "score", "--winner", "Anna", "Bram=10", "Cees=20", "Dirk=30")
    data = tomllib.loads(save.read_text(encoding="utf-8"))
    for key in ("id", "first_dealer", "last"):
        data.pop(key, None)
    for rec in data["records"]:
        rec.pop("out_hand", None)
    data.update(hand=1, dealer="Anna", hand_scored=True)
    save.write_text(tomli_w.dumps(data), encoding="utf-8")
    (save.parent / "pesten.hands" / "hand-00002.toml").unlink()
    assert standings(save)["next_dealer"] == "Bram"
    cli(save, "score", "--winner", "Bram", "Anna=1", "Cees=1", "Dirk=1")
    assert totals(save) == {"Anna": 1, "Bram": 10, "Cees": 21, "Dirk": 31}
    st_ = state(save)
    assert (st_["hand"], st_["dealer"], st_["status"]) == (3, "Cees", "waiting")
    cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=10", "Cees=20", "Dirk=3")
    assert totals(save)["Dirk"] == 4


def test_a_correction_keeps_the_hand_being_played_or_is_refused_if_it_would_change_it(save):
    new4(save)
    cli(save, "score", "--winner", "Anna", "Bram=40", "Cees=30", "Dirk=12")
    cli(save, "play", input="start 9h\n9c\n")                 # hand 2 under way: Cees played 9c
    played = json.loads(cli(save, "state", "--json").stdout)
    cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=41", "Cees=30", "Dirk=12")
    assert state(save) == played                              # the hand goes on as it was
    assert totals(save)["Bram"] == 41
    result = cli(save, "score", "--hand", "1", "--winner", "Anna", "Bram=141", "Cees=30",
                 "Dirk=12", code=1)
    assert "Bram would have been out of the series before hand 2" in result.stderr
    assert state(save) == played and totals(save)["Bram"] == 41
