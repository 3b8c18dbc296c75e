"""The bracket of a tournament (RULES.md R8.6): draws, ranking, lots, withdrawals, the final."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.tournament.bracket import (FINAL, Outcome, Tournament, TournamentError, advancing,
                                close_round, rank_table, render_view, table_sizes, view,
                                withdraw)


def names(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(1, n + 1)]


def over(players, points, winner=None, blocked=False, left=()):
    """A round table's Outcome once scored: ``points`` name -> points."""
    if winner is None and not blocked:
        winner = min(points, key=points.get)
    return Outcome("over", players, points, winner, blocked, left,
                   [winner] if winner else [min(points, key=points.get)], 1)


def score_all(tour: Tournament, pick=None) -> dict[str, Outcome]:
    """An Outcome for every table: the first seat wins, the others score 10, 20, ..."""
    out = {}
    for tb in tour.current.tables:
        if not tb.players or tb.bye:
            continue
        players = [p for p in tb.players if p not in tour.withdrawn]
        if tb.name == FINAL:
            out[tb.name] = Outcome("over", players, {players[0]: 40, players[1]: 130}, players[0],
                                   False, (), [players[0]], 5)
            continue
        points = pick(players) if pick else {p: 10 * i for i, p in enumerate(players)}
        out[tb.name] = over(players, points)
    return out


# ---------------------------------------------------------------------------
# The draw
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("n, sizes", [
    (3, [3]), (7, [4, 3]), (12, [6, 6]), (13, [5, 4, 4]), (17, [6, 6, 5]),
    (32, [6, 6, 5, 5, 5, 5]),
])
def test_R8_6_tables_of_3_to_6_as_even_as_possible(n, sizes):
    tour = Tournament.new(names(n), seed=1, id="x")
    drawn = [len(tb.players) for tb in tour.current.tables]
    assert sorted(drawn, reverse=True) == sizes
    seated = [p for tb in tour.current.tables for p in tb.players]
    assert sorted(seated) == names(n)
    for tb in tour.current.tables:
        assert tb.dealer in tb.players


@given(st.integers(3, 2000))
def test_R8_6_table_sizes_fewest_tables_each_3_to_6_differing_by_at_most_one(n):
    sizes = table_sizes(n)
    assert sum(sizes) == n
    assert all(3 <= s <= 6 for s in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert len(sizes) == -(-n // 6)


def test_R8_6_the_draw_is_repeatable_from_the_seed():
    a = Tournament.new(names(17), seed=5, id="x")
    b = Tournament.new(names(17), seed=5, id="y")
    c = Tournament.new(names(17), seed=6, id="x")
    assert a.current.to_dict() == b.current.to_dict()
    assert a.current.to_dict() != c.current.to_dict()


def test_R8_6_two_players_play_the_final_at_once():
    tour = Tournament.new(["Anna", "Bram"], seed=1, id="x")
    assert tour.current.final and tour.status == "final"
    assert sorted(tour.current.tables[0].players) == ["Anna", "Bram"]


def test_R8_6_fewer_than_two_players_or_a_name_twice_is_refused():
    with pytest.raises(TournamentError):
        Tournament.new(["Anna"], seed=1, id="x")
    with pytest.raises(TournamentError, match="twice"):
        Tournament.new(["Anna", "Bram", "anna"], seed=1, id="x")


# ---------------------------------------------------------------------------
# Ranking a table
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("size, through", [(3, 2), (4, 2), (5, 3), (6, 3)])
def test_R8_6_half_of_each_table_rounded_up_advance(size, through):
    tour = Tournament.new(names(size), seed=3, id="x")
    tb = tour.current.tables[0]
    assert len(tb.players) == size
    seats = tb.players
    # the last seat wins; the others score in reverse seating order
    points = {p: 5 * (size - i) for i, p in enumerate(seats)}
    points[seats[-1]] = 0
    outcome = over(seats, points, winner=seats[-1])
    ranking, advanced, lot, _ = rank_table(tb, outcome, {}, (), 3, 1)
    assert advancing(size) == through
    assert advanced == [seats[-1]] + sorted(seats[:-1], key=points.get)[:through - 1]
    assert ranking[:through] == advanced and sorted(ranking) == sorted(seats)
    assert lot is None


def test_R8_6_the_winner_first_even_with_points_given_as_zero_by_others():
    tour = Tournament.new(names(4), seed=3, id="x")
    tb = tour.current.tables[0]
    a, b, c, d = tb.players
    outcome = over(tb.players, {a: 0, b: 0, c: 7, d: 9}, winner=b)
    ranking, advanced, _, _ = rank_table(tb, outcome, {}, (), 3, 1)
    assert ranking[0] == b and advanced == [b, a]


def test_R8_6_a_blocked_hand_ranks_everyone_by_points():
    tour = Tournament.new(names(5), seed=3, id="x")
    tb = tour.current.tables[0]
    pts = dict(zip(tb.players, [30, 8, 15, 2, 40]))
    outcome = over(tb.players, pts, blocked=True)
    assert outcome.winner is None
    ranking, advanced, _, _ = rank_table(tb, outcome, {}, (), 3, 1)
    assert ranking == sorted(tb.players, key=pts.get)
    assert advanced == ranking[:3]


def test_R8_6_ties_broken_by_the_lower_total_so_far():
    tour = Tournament.new(names(4), seed=3, id="x")
    tb = tour.current.tables[0]
    w, x, y, z = tb.players
    outcome = over(tb.players, {w: 0, x: 12, y: 12, z: 30}, winner=w)
    # y has fewer points over the earlier rounds: y goes through, x does not
    ranking, advanced, lot, tie = rank_table(tb, outcome, {x: 20, y: 5}, (), 3, 2)
    assert advanced == [w, y] and ranking == [w, y, x, z] and lot is None
    # and the table is told why, in a sentence kept with the round
    assert tie.order == (y, x) and tie.totals == {y: 17, x: 32} and tie.seats == 1
    assert f"sent {y} through" in tie.text()


def test_R8_6_ties_on_points_and_total_broken_by_a_recorded_seeded_lot():
    tour = Tournament.new(names(4), seed=3, id="x")
    tb = tour.current.tables[0]
    w, x, y, z = tb.players
    outcome = over(tb.players, {w: 0, x: 12, y: 12, z: 30}, winner=w)
    ranking, advanced, lot, _ = rank_table(tb, outcome, {x: 7, y: 7}, (), 3, 2)
    assert lot is not None
    assert lot.tied == tuple(sorted([x, y])) and lot.points == 12 and lot.total == 19
    assert lot.seats == 1 and advanced == [w, lot.order[0]]
    # the same seed draws the same lot; the lot is told in a sentence
    again = rank_table(tb, outcome, {x: 7, y: 7}, (), 3, 2)
    assert again[:3] == (ranking, advanced, lot) and again[3] is None
    assert lot.order[0] in lot.text() and "lot" in lot.text()
    # the seed decides: over many seeds both players win the lot sometimes
    firsts = {rank_table(tb, outcome, {}, (), s, 2)[2].order[0] for s in range(40)}
    assert firsts == {x, y}


def test_R8_6_a_tie_that_decides_no_seat_draws_no_lot():
    tour = Tournament.new(names(5), seed=3, id="x")
    tb = tour.current.tables[0]
    a, b, c, d, e = tb.players
    outcome = over(tb.players, {a: 0, b: 3, c: 9, d: 20, e: 20}, winner=a)
    _, advanced, lot, _ = rank_table(tb, outcome, {}, (), 3, 1)
    assert lot is None and advanced == [a, b, c]


def test_R8_6_R1_5_a_player_who_left_the_hand_ranks_last_and_is_recorded_withdrawn():
    tour = Tournament.new(names(3), seed=3, id="x")
    tb = tour.current.tables[0]
    a, b, c = tb.players
    outcome = over(tb.players, {a: 0, b: 0, c: 14}, winner=a, left=[b])
    told = close_round(tour, {tb.name: outcome})
    assert tb.ranking == [a, c, b] and tb.advanced == [a, c]
    assert b in tour.withdrawn
    assert tour.current.final and any("final" in line.lower() for line in told)


# ---------------------------------------------------------------------------
# Closing rounds
# ---------------------------------------------------------------------------

def test_R8_6_next_is_refused_while_a_table_has_no_result():
    tour = Tournament.new(names(13), seed=3, id="x")
    outcomes = score_all(tour)
    outcomes.pop("2")
    with pytest.raises(TournamentError, match="Table 2"):
        close_round(tour, outcomes)
    assert not tour.current.closed and len(tour.rounds) == 1


@pytest.mark.parametrize("n", [3, 7, 12, 13, 17, 32])
def test_R8_6_a_tournament_runs_to_one_champion(n):
    tour = Tournament.new(names(n), seed=11, id="x")
    sizes_seen = []
    while not tour.over:
        rnd = tour.current
        if not rnd.final:
            sizes = [len(tb.players) for tb in rnd.tables]
            sizes_seen.append(sizes)
            assert all(3 <= s <= 6 for s in sizes)
        close_round(tour, score_all(tour))
        if not tour.over and not rnd.final:
            assert len(tour.remaining()) == sum(advancing(s) for s in sizes)
    assert tour.champion in names(n)
    assert tour.rounds[-1].final and tour.status == "over"
    data = view(tour, {})
    assert data["status"] == "over" and data["champion"] == tour.champion
    assert data["remaining"] == [tour.champion]


def test_R8_6_the_final_is_decided_by_its_series():
    tour = Tournament.new(names(4), seed=2, id="x")
    close_round(tour, score_all(tour))
    assert tour.current.final and tour.status == "final"
    a, b = tour.current.tables[0].players
    with pytest.raises(TournamentError, match="final"):
        close_round(tour, {FINAL: Outcome("playing", (a, b), {a: 50, b: 60})})
    live = Outcome("over", (a, b), {a: 104, b: 60}, b, False, (), (b,), 4)
    data = view(tour, {FINAL: live})
    assert data["champion"] == b and data["status"] == "over"
    assert "champion" in render_view(data, recorded=False).lower()
    close_round(tour, {FINAL: live})
    assert tour.champion == b and tour.over


def test_R8_6_the_tournament_round_trips_through_plain_values():
    tour = Tournament.new(names(13), seed=4, id="abc")
    close_round(tour, score_all(tour))
    again = Tournament.from_dict(tour.to_dict())
    assert again.to_dict() == tour.to_dict()


def test_a_damaged_tournament_is_told_not_raised_as_a_key_error():
    with pytest.raises(TournamentError, match="rounds"):
        Tournament.from_dict({"id": "x", "seed": 1, "players": ["A", "B"]})


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 150), st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_R8_6_property_any_field_and_any_results_give_one_champion(n, seed, rnd):
    tour = Tournament.new(names(n), seed=seed, id="x")
    rounds = 0
    while not tour.over:
        rounds += 1
        assert rounds < 30
        left = len(tour.remaining())
        if not tour.current.final:
            assert all(3 <= len(tb.players) <= 6 for tb in tour.current.tables) or left < 3

        def pick(players):
            return {p: rnd.choice([0, 2, 5, 5, 9, 30]) for p in players}
        close_round(tour, score_all(tour, pick))
    assert tour.champion in names(n)


# ---------------------------------------------------------------------------
# Withdrawals
# ---------------------------------------------------------------------------

def test_R8_6_a_withdrawal_mid_round_ranks_last_at_a_table_that_has_begun():
    tour = Tournament.new(names(4), seed=3, id="x")
    tb = tour.current.tables[0]
    a, b, c, d = tb.players
    told = withdraw(tour, b, {tb.name: Outcome("playing", tb.players)})
    assert tb.players == [a, b, c, d] and b in tour.withdrawn
    assert any("leave" in line for line in told)
    # b scored the fewest points after the winner, but ranks last and does not go through
    close_round(tour, {tb.name: over(tb.players, {a: 0, b: 1, c: 7, d: 9}, winner=a)})
    assert tb.ranking[-1] == b and tb.advanced == [a, c]


def test_R8_6_a_no_show_is_taken_off_a_table_not_begun():
    tour = Tournament.new(names(13), seed=3, id="x")
    tb = tour.current.table("2")
    gone = tb.players[0]
    withdraw(tour, gone, {})
    assert gone not in tb.players and len(tb.players) == 3
    assert tb.dealer in tb.players
    assert gone not in tour.remaining()


def test_R8_6_a_player_is_never_left_alone_at_a_table():
    tour = Tournament.new(names(7), seed=3, id="x")  # tables of 4 and 3
    small = min(tour.current.tables, key=lambda tb: len(tb.players))
    big = next(tb for tb in tour.current.tables if tb is not small)
    lone = small.players[2]
    withdraw(tour, small.players[0], {})
    withdraw(tour, small.players[0], {})
    assert small.players == [] and lone in big.players and len(big.players) == 5


def test_R8_6_a_lone_player_with_no_table_to_join_goes_through_without_playing():
    tour = Tournament.new(names(7), seed=3, id="x")
    small = min(tour.current.tables, key=lambda tb: len(tb.players))
    big = next(tb for tb in tour.current.tables if tb is not small)
    lone = small.players[2]
    begun = {big.name: Outcome("playing", big.players)}
    withdraw(tour, small.players[0], begun)
    told = withdraw(tour, small.players[0], begun)
    assert small.bye and small.players == [lone]
    assert any(lone in line for line in told)
    outcomes = {big.name: over(big.players, {p: 3 * i for i, p in enumerate(big.players)})}
    close_round(tour, outcomes)
    assert lone in tour.remaining() and len(tour.remaining()) == 3


def test_R8_6_a_finalist_who_withdraws_leaves_the_other_champion():
    tour = Tournament.new(["Anna", "Bram"], seed=3, id="x")
    withdraw(tour, "bram", {})
    assert tour.champion == "Anna" and tour.over


def test_R8_6_withdrawing_an_unknown_or_eliminated_player_is_refused():
    tour = Tournament.new(names(7), seed=3, id="x")
    with pytest.raises(TournamentError) as err:
        withdraw(tour, "Nobody", {})
    assert err.value.exit_code == 2
    close_round(tour, score_all(tour))
    out = next(p for p in names(7) if p not in tour.remaining())
    with pytest.raises(TournamentError, match="no longer"):
        withdraw(tour, out, {})
    still = tour.remaining()[0]
    withdraw(tour, still, {})
    with pytest.raises(TournamentError, match="already"):
        withdraw(tour, still, {})


def test_R8_6_the_next_draw_never_leaves_a_table_below_three_while_three_remain():
    tour = Tournament.new(names(12), seed=8, id="x")
    # withdrawals from tables that have begun still rank last: 12 -> 6 through
    begun = {tb.name: Outcome("playing", tb.players) for tb in tour.current.tables}
    withdraw(tour, tour.current.tables[0].players[0], begun)
    close_round(tour, score_all(tour))
    assert all(len(tb.players) >= 3 for tb in tour.current.tables)


def test_the_tournament_file_reads_back_exactly_and_keeps_one_table_a_block():
    import tomllib

    from referee.tournament.files import render_tournament
    tour = Tournament.new(names(40) + ['Zoë "Z" van Dam'], seed=9, id="abc")
    withdraw(tour, "P001", {})
    close_round(tour, score_all(tour))
    data = {"kind": "tournament", **tour.to_dict()}
    text = render_tournament(data)
    back = tomllib.loads(text)
    assert back.pop("format") == 1
    assert back == data
    assert text.count("[[rounds.tables]]") == sum(len(r.tables) for r in tour.rounds)
    assert max(len(line) for line in text.splitlines()) <= 110
