"""All-time records (``pesten-ref series --stats``, referee/series/records.py): series
played and won, hands won, average points, the biggest penalty ever drawn."""

from __future__ import annotations

import json

from conftest import cli
from referee.series.handfacts import biggest_draw
from referee.series.records import all_time, render_records
from referee.series.presets import load_rules
from test_scoreboard import load_history

# Anna wins; Bram takes 2, then a stack of 4 (R5.1: Twos stack, R5.7: the penalty taken).
PENALTY_HAND = ["start 9h", "2h", "d", "2c", "2s", "d", "3s", "7s 7h 7c 3c", "3d", "3h", "4h"]


def meta(lines, number=1):
    return {"hand": number, "players": ["Anna", "Bram", "Cees"], "dealer": "Cees",
            "entries": [{"line": line} for line in lines]}


def test_R5_1_a_stacked_penalty_taken_at_once_is_the_biggest_draw():
    assert biggest_draw(load_rules("standard"), meta(PENALTY_HAND, 4)) == \
        {"hand": 4, "player": "Bram", "cards": 4}


def test_R3_4_a_plain_draw_is_no_penalty():
    assert biggest_draw(load_rules("standard"), meta(["start 9h", "d", "d"])) is None


def test_a_hand_not_refereed_has_no_draws():
    assert biggest_draw(load_rules("standard"), meta([])) is None


def test_a_penalty_still_pending_is_not_counted():
    assert biggest_draw(load_rules("standard"), meta(["start 9h", "2h"])) is None


def series_item(history, winners=None, draws=(), series_id=1):
    return {"header": {"id": series_id, "players": history["players"], "series_winner": winners,
                       "created": "2024-01-05T19:30:00+00:00", "mode": history["mode"]},
            "history": history, "draws": list(draws)}


def test_records_count_series_hands_and_average_points():
    history = load_history()
    records = all_time([series_item(history, ["Anna"]), series_item(history, None, series_id=2)])
    assert records["series"] == 2
    by_name = {r["name"]: r for r in records["players"]}
    assert by_name["Anna"]["played"] == 2 and by_name["Anna"]["won"] == 1
    assert by_name["Anna"]["hands"] == 24 and by_name["Anna"]["hands_won"] == 10
    assert by_name["Anna"]["average"] == round(2 * 77 / 24, 1)
    # Dörte played 7 hands of each series: out after hand 7.
    assert by_name["Dörte"]["hands"] == 14
    assert by_name["Dörte"]["average"] == round(106 / 7, 1)
    assert [r["name"] for r in records["players"]][0] == "Anna"


def test_the_same_player_in_another_spelling_is_one_person():
    history = load_history()
    other = json.loads(json.dumps(history).replace('"Anna"', '"anna"'))
    records = all_time([series_item(history), series_item(other, ["anna"], series_id=2)])
    names = [r["name"] for r in records["players"]]
    assert names.count("anna") + names.count("Anna") == 1
    assert "anna" in names  # the newest spelling
    assert next(r for r in records["players"] if r["name"] == "anna")["won"] == 1


def test_the_biggest_penalty_names_the_player_hand_and_series():
    history = load_history()
    records = all_time([
        series_item(history, draws=[{"hand": 2, "player": "Bram", "cards": 4}]),
        series_item(history, draws=[{"hand": 5, "player": "Cees", "cards": 6},
                                    {"hand": 6, "player": "Anna", "cards": 6}], series_id=2)])
    assert records["biggest"]["player"] == "Cees" and records["biggest"]["series"] == 2
    text = render_records(records)
    assert "Cees took 6 cards at once (hand 5, series 2 of 2024-01-05)." in text


def test_casual_play_counts_hands_but_no_average():
    history = load_history()
    history["mode"] = "casual"
    records = all_time([series_item(history)])
    assert all(r["average"] is None for r in records["players"])
    assert "-" in render_records(records).splitlines()[3].split()


def test_no_series_kept_says_so():
    assert render_records(all_time([])) == "No series has been kept yet."


def test_series_stats_over_the_current_and_an_archived_series(tmp_path):
    save = tmp_path / "pesten.toml"
    cli(save, "new", "--players", "Anna,Bram,Cees", "--dealer", "Cees")
    cli(save, "play", input="\n".join(PENALTY_HAND) + "\n")
    cli(save, "score", "Bram=60", "Cees=20")
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna", "--force")
    cli(save, "score", "--winner", "Bram", "Anna=30")
    out = json.loads(cli(save, "series", "--stats", "--json").output)
    assert out["series"] == 2
    by_name = {r["name"]: r for r in out["players"]}
    assert by_name["Anna"]["played"] == 2 and by_name["Cees"]["played"] == 1
    assert by_name["Anna"]["hands_won"] == 1 and by_name["Bram"]["hands_won"] == 1
    assert out["biggest"]["player"] == "Bram" and out["biggest"]["cards"] == 4
    text = cli(save, "series", "--stats").output
    assert text.startswith("All-time records over 2 series")
    assert "Bram took 4 cards at once (hand 1" in text


def test_series_stats_and_open_together_is_bad_usage(tmp_path):
    save = tmp_path / "pesten.toml"
    cli(save, "new", "--players", "Anna,Bram", "--dealer", "Anna")
    result = cli(save, "series", "--stats", "--open", "1", code=2)
    assert "give one of them" in result.output
