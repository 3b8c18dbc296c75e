"""Simulator speed against RLCard's UNO engine and OpenSpiel's crazy_eights, measured in the same run.

    python bench/bench_simulate.py [--hands 2000] [--players 2 4] [--rules standard]
                                   [--rounds 5] [--seed 1] [--split]

Our side: ``referee.simulator.simulate.simulate`` plays ``--hands`` whole hands of Pesten
(bots, real shuffled cards, every entry through the referee engine).  Their
side, if ``rlcard`` is importable: ``rlcard.games.uno.game.UnoGame`` with the
same number of players plays ``--hands`` games, each step a random choice
among ``get_legal_actions()``.  If ``pyspiel`` (the ``open_spiel`` package) is
importable, OpenSpiel's C++ ``crazy_eights`` with the same number of players
plays ``--hands`` games too, driven from Python (each step a random legal action,
or a chance outcome by its probability: the deal and the draws), the next mark
to beat.  They alternate in ``--rounds`` chunks so that all see the same machine
load.  This script installs nothing: run ``pip install rlcard open_spiel`` first
to compare (rlcard pulls in numpy).

Times are process CPU time by default (``--clock cpu``), which other work on
a busy machine disturbs less than the wall clock (``--clock wall``).

``--split`` also shows how the time divides between the referee engine and
the bots: it times ``Hand.push``, ``Hand.legal`` and ``Hand.apply_parsed`` (what the
simulator calls) inside one more simulation, and replays the very entries the
bots typed through the engine alone (pre-parsed, checked: ``Hand.apply_parsed``).

The last lines per table size are ``N players: simulate: X hands/s, rlcard uno:
Y games/s, ratio X/Y = Z`` and the same per step of play, ``N players:
simulate: E entries/s, rlcard uno: S steps/s, ratio R`` (or our figure alone
when rlcard is missing).  Those figures are per process: one core each.

``--command H`` also runs the command itself, ``pesten-ref simulate --hands H
--json`` (which plays a long run in parts on every core), and reads the
rate it reports (wall clock, start-up aside), beside RLCard's wall-clock
rate in one process, measured just before and after it.

``--instructions`` counts instead of timing: each side plays ``--hands`` in a child
process under valgrind's callgrind, and again with none; the difference over the
steps played is the instructions per entry or step, which the machine's load does
not move (``N players: simulate against rlcard uno: ratio R``).  Needs ``valgrind``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from referee.engine import Hand  # noqa: E402
from referee.engine.notation import parse_line  # noqa: E402
from referee.engine.compiled import tables_for  # noqa: E402
from referee.engine.rules import HouseRules  # noqa: E402
from referee.simulator.simulate import NAMES, record, simulate  # noqa: E402


def load(name: str) -> HouseRules:
    """A preset by name (``load_rules``), or the standard rules when it is missing."""
    try:
        from referee.series.presets import load_rules
    except ImportError:  # pragma: no cover - before the preset loader existed
        return HouseRules(name=name)
    return load_rules(name)


def rlcard_uno(players: int, seed: int):
    """A function playing ``n`` UNO games with random legal actions, or None without rlcard."""
    try:
        from rlcard.games.uno.game import UnoGame
    except Exception:  # noqa: BLE001 - any import problem means "not available"
        return None
    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    rng = random.Random(seed)

    def play(n: int) -> int:
        steps = 0
        for _ in range(n):
            game.init_game()
            while not game.is_over():
                game.step(rng.choice(game.get_legal_actions()))
                steps += 1
        return steps

    return play


def openspiel_crazy_eights(players: int, seed: int):
    """A function playing ``n`` games of OpenSpiel's ``crazy_eights`` with random legal
    actions (chance outcomes drawn by their probabilities), or None without pyspiel."""
    try:
        import pyspiel
    except Exception:  # noqa: BLE001 - any import problem means "not available"
        return None
    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(seed)

    def play(n: int) -> int:
        steps = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return play


def engine_alone(rules: HouseRules, players: int, hands: int, seed: int,
                 clock=time.process_time) -> tuple[float, float]:
    """Replay the bots' entries through the engine alone: (hands/s, entries per hand)."""
    recorded = record(rules, players, hands, seed)
    seats = list(NAMES[:players])
    cache: dict = {}
    names = tables_for(rules).names  # (a lone ``d`` after a card that names a suit: diamonds)
    parsed = [(dealer, number, [cache.setdefault(t, parse_line(t, names=names)) for t in lines])
              for dealer, number, lines, _ in recorded]
    entries = sum(len(lines) for _, _, lines in parsed)
    started = clock()
    for dealer, number, lines in parsed:
        hand = Hand(rules, seats, dealer, number)
        for line in lines:
            hand.apply_parsed(line)
    seconds = clock() - started
    return hands / seconds, entries / max(hands, 1)


def engine_share(rules: HouseRules, players: int, hands: int,
                 seed: int) -> tuple[float, float]:
    """Time the engine inside a simulation: (us per entry in the engine, share 0..1).

    Wraps ``Hand.push`` and ``Hand.apply_parsed`` (the entries) and ``Hand.legal``
    (the legality API) for one run, then puts them back.  Uses
    ``perf_counter`` (cheap to read; the process clock is a system call)
    and counts its reads in the engine's share.
    """
    clock = time.perf_counter
    originals = {name: getattr(Hand, name) for name in ("push", "apply_parsed", "legal")}
    spent = [0.0, 0]

    def timed(name):
        original = originals[name]

        def call(self, *args, **kwargs):
            started = clock()
            result = original(self, *args, **kwargs)
            spent[0] += clock() - started
            spent[1] += name != "legal"
            return result
        return call

    for name in originals:
        setattr(Hand, name, timed(name))
    try:
        started = clock()
        simulate(rules, players, hands, seed=seed)
        total = clock() - started
    finally:
        for name, original in originals.items():
            setattr(Hand, name, original)
    return spent[0] / max(spent[1], 1) * 1e6, spent[0] / total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands (and UNO games) to play")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4],
                        help="one side-by-side run per table size (default: 2 and 4)")
    parser.add_argument("--rules", default="standard", help="preset for the simulator")
    parser.add_argument("--rounds", type=int, default=5, help="alternating chunks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="cpu: process time (steadier on a busy machine); wall: perf_counter")
    parser.add_argument("--split", action="store_true",
                        help="also time the engine alone on the same entries")
    parser.add_argument("--command", type=int, default=0, metavar="H",
                        help="also time `pesten-ref simulate --hands H` on every core")
    parser.add_argument("--instructions", action="store_true",
                        help="count machine instructions per entry and per step under "
                             "valgrind's callgrind instead of timing (load-independent)")
    parser.add_argument("--child", choices=sorted(_SIDES), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    rules = load(args.rules)
    if args.child:
        print(_SIDES[args.child](rules, args.players[0], args.hands, args.seed))
        return 0
    if args.instructions:
        for players in args.players:
            instructions(players, args)
        return 0
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    for players in args.players:
        side_by_side(rules, players, args, clock)
        if args.command:
            the_command(players, args)
    return 0


def _our_steps(rules: HouseRules, players: int, hands: int, seed: int) -> int:
    simulate(rules, players, 20, seed=seed)  # warm-up (imports, caches), as when timed
    if not hands:
        return 0
    report = simulate(rules, players, hands, seed=seed + 1)
    return round(report.avg_entries * hands)


def _their_steps(make):
    def steps(rules: HouseRules, players: int, games: int, seed: int) -> int:
        play = make(players, seed)
        if play is None:
            return -1
        play(5)  # warm-up
        return play(games) if games else 0
    return steps


_SIDES = {"ours": _our_steps, "uno": _their_steps(rlcard_uno),
          "eights": _their_steps(openspiel_crazy_eights)}


def _counted(side: str, players: int, hands: int, args) -> tuple[int, int]:
    """``(instructions, steps)`` of one child process playing ``hands`` under callgrind."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, os.path.abspath(__file__), "--child", side, "--rules", args.rules,
             "--players", str(players), "--hands", str(hands), "--seed", str(args.seed)],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": str(args.seed)})  # (the same sets each run)
        with open(out, encoding="utf-8") as f:
            total = next(int(line.split()[1]) for line in f
                         if line.startswith(("summary:", "totals:")))
    return total, int(done.stdout.split()[-1])


def instructions(players: int, args) -> None:
    """Instructions per entry (ours) and per step (RLCard's UNO, OpenSpiel's crazy_eights)
    under callgrind: each side run with ``--hands`` and with none, the difference divided
    by the steps played, so start-up and warm-up do not count.  A machine's load does not
    change these counts, as it changes times."""
    per = {}
    for side in _SIDES:
        full, steps = _counted(side, players, args.hands, args)
        if steps < 0:
            continue
        empty, _ = _counted(side, players, 0, args)
        per[side] = (full - empty) / steps
        print(f"{players} players: {side}: {per[side]:,.0f} instructions per step "
              f"({steps} steps in {args.hands} hands)")
    for side, name in (("uno", "rlcard uno"), ("eights", "openspiel crazy_eights")):
        if side in per:
            print(f"{players} players: simulate against {name}: ratio "
                  f"{per[side] / per['ours']:.2f} (their instructions per step over ours "
                  f"per entry)")


def the_command(players: int, args) -> None:
    """``pesten-ref simulate`` as a user runs it (all cores) beside RLCard's wall-clock rate."""
    uno = rlcard_uno(players, args.seed)
    games = max(1, args.command // 10)
    theirs = []
    if uno is not None:
        started = time.perf_counter()
        uno(games)
        theirs.append(games / (time.perf_counter() - started))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-m", "referee", "simulate", "--rules", args.rules,
                          "--players", str(players), "--hands", str(args.command),
                          "--seed", str(args.seed), "--json"],
                         cwd=root, capture_output=True, text=True, check=True).stdout
    report = json.loads(out)
    if uno is not None:
        started = time.perf_counter()
        uno(games)
        theirs.append(games / (time.perf_counter() - started))
    ours = report["hands_per_second"]
    line = (f"{players} players: the command `pesten-ref simulate --hands {args.command}` "
            f"on {os.cpu_count()} cores: {ours:.0f} hands/s (wall clock)")
    if theirs:
        rate = sum(theirs) / len(theirs)
        line += f", rlcard uno in one process: {rate:.0f} games/s, ratio {ours / rate:.2f}"
    print(line)


def side_by_side(rules: HouseRules, players: int, args, clock) -> None:
    """Our hands and UNO's games for ``players`` players, alternating in ``args.rounds`` chunks."""
    uno = rlcard_uno(players, args.seed)
    eights = openspiel_crazy_eights(players, args.seed)
    chunk = max(1, args.hands // args.rounds)
    ours_time = theirs_time = eights_time = 0.0
    ours_hands = theirs_games = eights_games = 0
    entries = steps = eights_steps = 0
    simulate(rules, players, 20, seed=args.seed)  # warm-up (imports, caches)
    if uno is not None:
        uno(5)
    if eights is not None:
        eights(5)
    for r in range(args.rounds):
        started = clock()
        report = simulate(rules, players, chunk, seed=args.seed + r)
        ours_time += clock() - started
        ours_hands += chunk
        entries += round(report.avg_entries * chunk)
        if report.refused_entries or report.mismatches:
            print(f"warning: {report.refused_entries} refused entries, "
                  f"{report.mismatches} mismatches", file=sys.stderr)
        if uno is not None:
            started = clock()
            steps += uno(chunk)
            theirs_time += clock() - started
            theirs_games += chunk
        if eights is not None:
            started = clock()
            eights_steps += eights(chunk)
            eights_time += clock() - started
            eights_games += chunk
    ours = ours_hands / ours_time
    print(f"rules {rules.name}, {players} players, {ours_hands} hands in "
          f"{args.rounds} rounds ({args.clock} time): {entries / ours_hands:.1f} entries per hand, "
          f"{ours_time / entries * 1e6:.1f} us per entry")
    if args.split:
        inside, share = engine_share(rules, players, chunk, args.seed)
        print(f"inside the simulation the engine (push, entry, legal) took {inside:.1f} us "
              f"per entry, {share:.0%} of the time; the bots and card checks the rest")
        alone, per_hand = engine_alone(rules, players, chunk, args.seed, clock)
        print(f"the engine alone replaying the same entries: {alone:.0f} hands/s "
              f"({1e6 / alone / per_hand:.1f} us per entry)")
    per_entry = entries / ours_time
    if eights is None:
        print("open_spiel is not installed (pip install open_spiel to compare with its crazy_eights)")
    else:
        per_eight = eights_steps / eights_time
        print(f"openspiel crazy_eights: {eights_games} games, "
              f"{eights_steps / eights_games:.1f} steps per game, "
              f"{eights_time / eights_steps * 1e6:.1f} us per step")
        print(f"{players} players: simulate: {per_entry:.0f} entries/s, openspiel crazy_eights: "
              f"{per_eight:.0f} steps/s, ratio {per_entry / per_eight:.2f}")
    if uno is None:
        print("rlcard is not installed (pip install rlcard to compare); "
              f"simulate: {ours:.0f} hands/s")
        return
    theirs = theirs_games / theirs_time
    print(f"rlcard uno: {theirs_games} games, {steps / theirs_games:.1f} steps per game, "
          f"{theirs_time / steps * 1e6:.1f} us per step")
    print(f"{players} players: simulate: {ours:.0f} hands/s, rlcard uno: {theirs:.0f} games/s, "
          f"ratio X/Y = {ours / theirs:.2f}")
    per_step = steps / theirs_time
    print(f"{players} players: simulate: {per_entry:.0f} entries/s, rlcard uno: {per_step:.0f} "
          f"steps/s, ratio {per_entry / per_step:.2f}")


if __name__ == "__main__":
    sys.exit(main())
