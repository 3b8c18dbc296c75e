"""A series across hands: decks follow the table as eliminations shrink it (R1.3, R2.1, R7.4)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.interface.cli import main

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


def test_a_series_header_that_still_lists_every_hand_is_migrated_on_the_next_write(tmp_path):
    """A header holding the scored hands' ``history`` (and no ``hands_scored``)
    reads as before; the next write keeps the count and drops the list, so the
    header is of fixed size from then on."""
    import tomllib

    import tomli_w

    save = tmp_path / "s.toml"
    assert run("new", "--save", str(save), "--players", "Anna,Bram,Cees", "--dealer", "Anna").exit_code == 0
    for _ in range(2):
        r = run("score", "--save", str(save), "--winner", "Bram", "Anna=10", "Cees=20")
        assert r.exit_code == 0, r.output
        assert run("play", "--save", str(save), input="").exit_code == 0  # deals the next hand
    data = tomllib.loads(save.read_text(encoding="utf-8"))
    assert data["hands_scored"] == 2 and "history" not in data
    # The older header: no count, the hands listed instead.
    del data["hands_scored"]
    data["history"] = [{"hand": n, "winner": "Bram", "blocked": False,
                        "points": {"Anna": 10, "Bram": 0, "Cees": 20}, "cards": {}, "left": []}
                       for n in (1, 2)]
    save.write_text(tomli_w.dumps(data), encoding="utf-8")
    standings = json.loads(run("standings", "--save", str(save), "--json").output)
    assert [p["total"] for p in standings["players"]] == [20, 0, 40]
    assert standings["hands_scored"] == 2
    r = run("score", "--save", str(save), "--winner", "Anna", "Bram=5", "Cees=5")
    assert r.exit_code == 0, r.output
    data = tomllib.loads(save.read_text(encoding="utf-8"))
    assert data["hands_scored"] == 3 and "history" not in data
    assert json.loads(run("standings", "--save", str(save), "--json").output)["hands_scored"] == 3


def test_standings_and_history_settle_a_header_behind_its_results(tmp_path):
    """A score cut short after the hand's result was written, before the header
    (the save order of ``session``): ``standings`` and ``history`` count the
    result, as ``OpenSeries.open`` settles it, in memory: a reading command
    writes nothing, and the next command that writes saves the header settled."""
    import shutil
    import tomllib

    save = tmp_path / "s.toml"
    assert run("new", "--save", str(save), "--players", "Anna,Bram,Cees", "--dealer", "Anna").exit_code == 0
    shutil.copy(save, tmp_path / "before.toml")
    assert run("score", "--save", str(save), "--winner", "Bram", "Anna=10", "Cees=20").exit_code == 0
    for command in ("standings", "history"):
        shutil.copy(tmp_path / "before.toml", save)  # (the header as the killed score left it)
        assert tomllib.loads(save.read_text(encoding="utf-8")).get("hands_scored", 0) == 0
        out = json.loads(run(command, "--save", str(save), "--json").output)
        if command == "standings":
            assert [p["total"] for p in out["players"]] == [10, 0, 20]
            assert out["hands_scored"] == 1 and out["next_dealer"] == "Bram"   # R2.1
        else:
            assert [h["points"] for h in out["hands"]] == [{"Anna": 10, "Bram": 0, "Cees": 20}]
        assert save.read_bytes() == (tmp_path / "before.toml").read_bytes()
    assert run("play", "--save", str(save), input="").exit_code == 0
    assert tomllib.loads(save.read_text(encoding="utf-8"))["hands_scored"] == 1
