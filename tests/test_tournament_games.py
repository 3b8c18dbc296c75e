"""A tournament of another game of the family (``tournament new --rules``, R8.6):
the tables play the game's cards and point table, each hand over at the first
player out and scored by the cards held, the final an elimination series."""

from __future__ import annotations

import json
import random
import shutil
import tomllib

import pytest

from conftest import cli
from referee.engine.rules import RulesError
from referee.messages import t
from referee.series.presets import load_rules
from referee.simulator.tables import random_rules
from referee.tournament.bracket import table_rules

CHANGED = ("series", "scoring", "hand_end")


def show(save) -> dict:
    return json.loads(cli(save, "tournament", "show", "--json").output)


def table_file(save, round_no: int, table: str) -> dict:
    folder = save.parent / (save.stem + ".tables") / (
        f"round-{round_no}-final" if table == "final" else f"round-{round_no}-table-{table}")
    return tomllib.loads((folder / "series.toml").read_text(encoding="utf-8"))


def test_R8_6_a_table_plays_the_games_cards_scored_by_the_cards_held_over_random_tables():
    """Under any rule set, a table changes only the series, the scoring and the hand's
    end: a round's table plays one hand, the final is an elimination series to the
    rule set's limit, and every hand ends at the first out and scores the cards held."""
    rng = random.Random(86)
    for _ in range(60):
        rules, _text = random_rules(rng)
        for final in (False, True):
            try:
                played = table_rules(rules, final)
            except RulesError as exc:  # pragma: no cover - a rule set no table could play
                pytest.fail(f"{rules.name}: {exc}")
            assert played.scoring["mode"] == "penalty" and played.hand_end == "first_out"
            if final:
                assert played.series["mode"] == "elimination"
                assert played.series["limit"] == rules.series["limit"]
            else:
                assert (played.series["mode"], played.series["hands"]) == ("hands", 1)
            mine, theirs = played.to_table(), rules.to_table()
            assert {k: v for k, v in mine.items() if k not in CHANGED} == \
                {k: v for k, v in theirs.items() if k not in CHANGED}


def test_R8_6_a_crazy_eights_tournament_ranks_by_the_games_points_to_its_champion(tmp_path):
    save = tmp_path / "cup.toml"
    out = cli(save, "tournament", "new", "--players", "Anna,Bram,Cees,Dirk,Eva,Fien",
              "--seed", "3", "--rules", "crazy-eights").output
    assert t("tour.new.rules", rules="Crazy Eights", limit=100) in out
    assert "Rules: Crazy Eights" in cli(save, "tournament", "show").output
    data = show(save)
    assert data["rules"] == "crazy-eights"
    assert [len(tb["players"]) for tb in data["tables"]] == [6]
    first, eight, *others = data["tables"][0]["players"]
    # An Eight is 50 under Crazy Eights (8 in Pesten): the one holding it goes home,
    # though every other player holds more cards.
    small = ["2c 3c", "2d 3d 4d", "2h 3h 4h 5h", "2s 3s 4s 5s 6s"]
    cli(save, "score", "--table", "1", "--winner", first, f"{eight}=8h",
        *[f"{p}={cards}" for p, cards in zip(others, small)])
    played = table_file(save, 1, "1")
    assert played["rules"]["name"] == "crazy-eights"
    assert played["rules"]["scoring"]["mode"] == "penalty"
    assert {r["name"]: r["total"] for r in played["records"]}[eight] == 50
    cli(save, "tournament", "next")
    assert set(show(save)["remaining"]) == {first, others[0], others[1]}
    tb = show(save)["tables"][0]
    cli(save, "score", "--table", "1", "--winner", tb["players"][0],
        f"{tb['players'][1]}=2c", f"{tb['players'][2]}=Kh")
    cli(save, "tournament", "next")
    data = show(save)
    assert data["status"] == "final"
    assert set(data["tables"][0]["players"]) == {tb["players"][0], tb["players"][1]}
    a, b = data["tables"][0]["players"]
    assert not (tmp_path / "cup.tables" / "round-3-final").exists()  # dealt when first played
    cli(save, "play", "--table", "final", input="")
    rules = table_file(save, 3, "final")["rules"]
    assert rules["series"]["mode"] == "elimination" and rules["series"]["limit"] == 100
    assert rules["deal_size"] == load_rules("crazy-eights").deal_size
    cli(save, "score", "--table", "final", "--winner", a, f"{b}=8h 8s 8d")  # 150 > 100 (R7.4)
    out = cli(save, "tournament", "next").output
    assert f"{a} is the champion" in out


def test_R8_6_a_game_that_plays_on_to_the_last_holder_ends_a_tables_hand_at_the_first_out(tmp_path):
    save = tmp_path / "cup.toml"
    assert load_rules("tschau-sepp").hand_end == "last_holder"
    cli(save, "tournament", "new", "--players", "Anna,Bram,Cees", "--seed", "1",
        "--rules", "tschau-sepp")
    cli(save, "play", "--table", "1", input="")
    rules = table_file(save, 1, "1")["rules"]
    assert rules["hand_end"] == "first_out" and rules["deck"] == 36


def test_R8_6_the_rule_set_travels_in_the_tournament_file_to_another_laptop(tmp_path):
    """A house-rule file given to ``tournament new`` is copied into the tournament file:
    a laptop that has only the tournament file deals its table under it."""
    director, laptop = tmp_path / "director", tmp_path / "laptop"
    director.mkdir()
    house = director / "ours.toml"
    house.write_text('extends = "mau-mau"\ndeal_size = 6\n', encoding="utf-8")
    cli(director / "cup.toml", "tournament", "new", "--players", "Anna,Bram,Cees",
        "--seed", "2", "--rules", str(house))
    laptop.mkdir()
    shutil.copy(director / "cup.toml", laptop / "cup.toml")
    house.unlink()
    cli(laptop / "cup.toml", "play", "--table", "1", input="")
    rules = table_file(laptop / "cup.toml", 1, "1")["rules"]
    assert rules["name"] == "ours" and rules["deal_size"] == 6 and rules["deck"] == 32


def test_R8_6_a_rule_set_that_cannot_deal_a_table_of_six_is_refused_and_nothing_saved(tmp_path):
    save = tmp_path / "cup.toml"
    house = tmp_path / "big.toml"
    house.write_text('extends = "mau-mau"\ndeal_size = 6\n', encoding="utf-8")
    players = ",".join(f"P{i}" for i in range(1, 7))
    r = cli(save, "tournament", "new", "--players", players, "--rules", str(house), code=2)
    assert "big.toml, line 2:" in r.output and "deal_size" in r.output and "(R1.3)" in r.output
    assert not save.exists()
    r = cli(save, "tournament", "new", "--players", players, "--rules", "no-such-game", code=2)
    assert "no-such-game" in r.output and not save.exists()


def test_R8_6_a_hand_edited_rule_set_in_the_tournament_file_is_reported_with_its_line(tmp_path):
    save = tmp_path / "cup.toml"
    cli(save, "tournament", "new", "--players", "Anna,Bram,Cees", "--seed", "1",
        "--rules", "makao")
    text = save.read_text(encoding="utf-8")
    broken = text.replace("deal_size = 5", "deal_size = 0")
    assert broken != text
    save.write_text(broken, encoding="utf-8")
    line = broken.splitlines().index("deal_size = 0") + 1
    r = cli(save, "tournament", "show", code=2)
    assert f"line {line}" in r.output and "deal_size" in r.output
    assert save.read_text(encoding="utf-8") == broken  # left untouched


def test_R8_6_a_tournament_without_rules_reads_and_writes_as_before(tmp_path):
    save = tmp_path / "cup.toml"
    cli(save, "tournament", "new", "--players", "Anna,Bram,Cees", "--seed", "1")
    text = save.read_text(encoding="utf-8")
    assert "[rules]" not in text and "rules_sum" not in text
    assert show(save)["rules"] == "tournament"
    cli(save, "play", "--table", "1", input="")
    rules = table_file(save, 1, "1")["rules"]
    assert rules["name"] == "tournament" and rules["series"]["hands"] == 1
