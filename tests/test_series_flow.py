"""A series across hands: decks follow the table as eliminations shrink it (R1.3, R2.1, R7.4)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import main

PLAYERS = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fenna"]


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_R1_3_two_decks_from_six_players_then_one_after_an_elimination(tmp_path):
    save = str(tmp_path / "s.toml")
    assert run("new", "--save", save, "--players", ",".join(PLAYERS), "--dealer", "Anna").exit_code == 0
    st = json.loads(run("state", "--save", save, "--json").output)
    assert st["draw_pile"] == 108 - 6 * 7           # two decks at six players
    # A hand played without the referee: Fenna goes over the limit of 100 (R7.4).
    r = run("score", "--save", save, "--winner", "Bram", "Anna=10", "Cees=20", "Dirk=5",
            "Eva=7", "Fenna=101")
    assert r.exit_code == 0, r.output
    standings = json.loads(run("standings", "--save", save, "--json").output)
    assert [p["eliminated"] for p in standings["players"]] == [False] * 5 + [True]
    assert standings["next_dealer"] == "Bram"          # R2.1: the deal passes clockwise
    out = run("play", "--save", save, "--json", input="state\n")
    assert out.exit_code == 0, out.output
    st = json.loads(out.output.strip().splitlines()[-1])["state"]
    assert st["hand"] == 2 and st["dealer"] == "Bram" and st["status"] == "waiting"
    assert list(st["counts"]) == PLAYERS[:5]
    assert st["draw_pile"] == 54 - 5 * 7                # one deck at five players
