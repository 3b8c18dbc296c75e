"""``pesten-ref replay`` (NOTATION.md "Commands"): a hand told again entry by
entry, and once scored its score, with the points as first scored and as
corrected when the hand file holds corrections (``referee.series.replay``)."""

from __future__ import annotations

import datetime as dt

from conftest import cli  # noqa: E402
from referee.series.replay import render_replay, replayed, score_lines
from referee.engine.rules import HouseRules
from test_cli import ANNA_WINS, new3, save, won  # noqa: F401  (fixtures)

UTC = dt.timezone.utc


def meta_of(lines: list[str], **extra) -> dict:
    """A hand file's content for Anna, Bram, Cees (dealer Cees) with ``lines``."""
    return {"hand": 1, "dealer": "Cees", "players": ["Anna", "Bram", "Cees"],
            "entries": [{"line": line} for line in lines], **extra}


def test_replay_logs_every_entry_once():
    lines = [line for line in ANNA_WINS.splitlines() if line]
    hand, rows = replayed(HouseRules(), meta_of(lines), 1)
    assert hand.log == lines
    assert len(rows) == len(lines) and rows[-1]["state"]["winner"] == "Anna"


def test_replay_of_an_undo_after_replaying_takes_back_only_the_last_entry():
    hand, _ = replayed(HouseRules(), meta_of(["start 9h", "7h", "d"]), 1)
    assert hand.apply_line("undo").ok
    assert hand.log == ["start 9h", "7h"]
    assert hand.state()["top"] == "7h"


def test_replay_of_a_scored_hand_shows_its_score(won):
    cli(won, "score", "Bram=30", "Cees=20")
    out = cli(won, "replay", "--hand", "1").stdout
    last = out.rstrip("\n").splitlines()[-1]
    assert last.startswith("Scored 20") and "UTC" in last
    assert "Anna won the hand; points Anna 0, Bram 30, Cees 20." in last


def test_replay_of_a_hand_not_scored_shows_no_score(won):
    assert "Scored" not in cli(won, "replay").stdout


def test_replay_json_rows_are_the_entries_only(won):
    cli(won, "score", "Bram=30", "Cees=20")
    assert len(cli(won, "replay", "--json", "--hand", "1").stdout.splitlines()) == 8


def test_score_lines_of_a_blocked_hand_and_players_who_left():
    meta = meta_of([], result={"hand": 1, "blocked": True,
                               "points": {"Cees": 12, "Anna": 3}, "left": ["Bram"],
                               "scored": dt.datetime(2026, 5, 1, 20, 13, tzinfo=UTC)})
    assert score_lines(meta) == [
        "Scored 2026-05-01 20:13 UTC: The hand was blocked; points Anna 3, Cees 12.",
        "Left the table during the hand and scored nothing: Bram.",
    ]


def test_score_lines_with_corrections_show_the_original_and_the_corrected_points():
    # As the hand file keeps them: [result] in force (scored = the first score's
    # time), [[corrections]] oldest first with the points before and after.
    meta = meta_of([], result={
        "hand": 1, "winner": "Bram", "blocked": False,
        "points": {"Anna": 25, "Bram": 0, "Cees": 30},
        "scored": dt.datetime(2026, 5, 1, 20, 13, tzinfo=UTC),
        "corrected": dt.datetime(2026, 5, 2, 9, 0, tzinfo=UTC)},
        corrections=[
            {"at": dt.datetime(2026, 5, 1, 20, 20, tzinfo=UTC),
             "old_winner": "Anna", "new_winner": "Anna",
             "old": {"Anna": 0, "Bram": 400, "Cees": 30}, "new": {"Anna": 0, "Bram": 40, "Cees": 30}},
            {"at": dt.datetime(2026, 5, 2, 9, 0, tzinfo=UTC), "by": "Cees",
             "old_winner": "Anna", "new_winner": "Bram",
             "old": {"Anna": 0, "Bram": 40, "Cees": 30}, "new": {"Anna": 25, "Bram": 0, "Cees": 30}},
        ])
    assert score_lines(meta) == [
        "Scored 2026-05-01 20:13 UTC: Anna won the hand; points Anna 0, Bram 400, Cees 30.",
        "Corrected 2026-05-01 20:20 UTC: Anna won the hand; points Anna 0, Bram 40, Cees 30.",
        "Corrected 2026-05-02 09:00 UTC by Cees: Bram won the hand; points Anna 25, Bram 0, Cees 30.",
    ]
    text = render_replay(HouseRules(), meta, 1)
    assert text.endswith("\n".join(score_lines(meta)))


def test_score_lines_of_a_corrected_blocked_hand():
    meta = meta_of([], result={"hand": 1, "blocked": True, "points": {"Anna": 3, "Bram": 9},
                               "scored": "2026-05-01T20:13:00+00:00"},
                   corrections=[{"at": "2026-05-01T20:14:00+00:00",
                                 "old": {"Anna": 3, "Bram": 90}, "new": {"Anna": 3, "Bram": 9}}])
    assert score_lines(meta) == [
        "Scored 2026-05-01 20:13 UTC: The hand was blocked; points Anna 3, Bram 90.",
        "Corrected 2026-05-01 20:14 UTC: The hand was blocked; points Anna 3, Bram 9.",
    ]


def test_replay_tells_a_correction_by_its_entry_not_by_the_words_typed_R0_2():
    """A ``fix ...`` entry is a correction whatever its comment says; a play whose
    comment happens to read "...: fix ..." is not."""
    lines = ["start 9h", "7h  # Bram: fix the lamp later",
             "fix count Bram 6  # Cees: he dropped one: sorry"]
    _, rows = replayed(HouseRules(), meta_of(lines), 1)
    assert [row["ok"] for row in rows] == [True, True, True]
    assert [row["correction"] for row in rows] == [False, False, True]
