"""Write a long, realistic series to benchmark the save files against.

    python bench/make_big_series.py FOLDER [--hands 10000] [--entries 150] [--seed 1] [--refereed]

Writes FOLDER/pesten.toml (the series header: players, rule set, standings, as
``referee.series.session`` writes it) and FOLDER/pesten.hands/hand-00001.toml ... one
file per hand of about ``--entries`` entries ({line, by, at}; the last, current
hand exactly that many), all scored but the last.  The entries are typed at
random, so a replay of one stops at its first few lines; with ``--refereed``
each scored hand's log is instead a whole hand the simulator's bots played
(``simulate.record``, standard rules: about 80 entries a hand for 4 players,
``--entries`` ignored), which replays to its end as a refereed hand does,
and the current hand's log is the first half of one.  The files are rendered exactly as ``referee.series.store`` writes them, but
written without fsync so that 10,000 hands take seconds, not minutes.
Last line: ``hands=10000 entries=... bytes=... seconds=...``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from referee.series.store import SaveFile, render  # noqa: E402

PLAYERS = ["Anna", "Bram de Vries", "Cees", "Dörte", "Emre", "Fleur"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "cdhs"
T0 = datetime(2024, 1, 5, 19, 30, tzinfo=timezone.utc)


LIMIT = 10 ** 9
"""The elimination limit of the series (R7.4): no total reaches it, so a series
of any length goes on."""


def _rules() -> "HouseRules":
    from referee.engine.rules import HouseRules
    return HouseRules(name="standard", series={"mode": "elimination", "limit": LIMIT, "hands": 0})


def _rules_table() -> dict:
    rules = _rules()
    return {"name": rules.name, **rules.to_table()}


def _line(rng: random.Random, player: str) -> str:
    roll = rng.random()
    card = f"{rng.choice(RANKS)}{rng.choice(SUITS)}"
    if roll < 0.55:
        return card
    if roll < 0.75:
        return "d"
    if roll < 0.82:
        return f"J{rng.choice(SUITS)} {rng.choice(['s', 'hearts', 'd', 'clubs'])}"
    if roll < 0.88:
        return f"7{rng.choice(SUITS)} 7{rng.choice(SUITS)} {card}"
    if roll < 0.92:
        return f"{card} lk"
    if roll < 0.95:
        return f"d {card}"
    if roll < 0.97:
        return f"call {rng.choice(PLAYERS)}"
    return f"{player}: {card}  # {rng.choice(['oops', 'te laat', 'pesten!'])}"


def hand_dict(n: int, players: list[str], entries: int, rng: random.Random, scored: bool,
              lines: list[str] | None = None) -> dict:
    """Hand ``n`` as ``referee.series.session`` saves it, with ``entries`` entries typed
    at random, or the entries ``lines`` when given."""
    dealer = players[(n - 1) % len(players)]
    dealt = T0 + timedelta(minutes=12 * n)
    at = dealt
    typed = lines or [f"start {rng.choice(RANKS)}{rng.choice(SUITS)}"] + \
        [_line(rng, players[(i + n) % len(players)]) for i in range(1, entries)]
    log = [{"line": typed[0], "by": dealer, "at": at}]
    for i in range(1, len(typed)):
        at += timedelta(seconds=rng.randint(2, 15))
        log.append({"line": typed[i], "by": players[(i + n) % len(players)], "at": at})
    data = {"hand": n, "dealer": dealer, "players": players, "dealt": dealt, "updated": at,
            "status": "scored" if scored else "playing", "entries": log, "redo": []}
    if scored:
        winner = rng.choice(players)
        data["result"] = {"hand": n, "winner": winner, "blocked": False,
                          "points": {p: 0 if p == winner else rng.randint(0, 60) for p in players},
                          "cards": {}, "left": []}
    return data


def series_dict(hands: int, players: list[str], results: list[dict]) -> dict:
    """The series header after ``hands`` hands (fixed size, whatever ``hands`` is):
    the standings that the scored hands' ``results`` add up to, as a score
    leaves them (the header must agree with its hands)."""
    from referee.series.scoring import HandResult, replay_series
    series, _ = replay_series(players, _rules(), players[0],
                              [HandResult.from_dict(r) for r in results])
    from referee.series.session import STANDINGS_SUM, standings_sum
    header = series.to_dict()
    header.pop("history", None)
    header[STANDINGS_SUM] = standings_sum(header)
    return {"created": T0, "updated": T0 + timedelta(minutes=12 * hands), **header,
            "rules": _rules_table()}


def make(folder: Path, hands: int, entries: int, players: int = 4, seed: int = 1,
         refereed: bool = False) -> SaveFile:
    """Write the series in ``folder`` (which must not hold one yet: nothing is
    ever overwritten) and return its SaveFile; ``refereed``: the scored hands'
    logs are hands the simulator's bots played (module docstring)."""
    rng = random.Random(seed)
    names = PLAYERS[:players]
    played: list = []
    if refereed:
        from referee.engine.rules import HouseRules
        from referee.simulator.simulate import NAMES, record

        names = list(NAMES[:players])  # the bots' names: their logs call them so
        played = [lines for _, _, lines, _ in record(HouseRules(), players, hands, seed)]
        played[-1] = played[-1][:len(played[-1]) // 2]  # the current hand, half played
    folder.mkdir(parents=True, exist_ok=True)
    save = SaveFile(folder / "pesten.toml")
    if save.exists() or save.hands_dir.exists():
        raise SystemExit(f"{folder} already holds a series; give an empty folder")
    save.hands_dir.mkdir()
    results = []
    for n in range(1, hands + 1):
        size = entries if n == hands else entries + rng.randint(-20, 20)  # the current hand: exactly
        data = hand_dict(n, names, size, rng, scored=n < hands,
                         lines=played[n - 1] if played else None)
        if "result" in data:
            results.append(data["result"])
        save.hand_path(n).write_text(render(data), encoding="utf-8")
    save.write_series(series_dict(hands, names, results))
    return save


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--entries", type=int, default=150)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--refereed", action="store_true",
                        help="scored hands whose logs the simulator's bots played")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    save = make(args.folder, args.hands, args.entries, args.players, args.seed, args.refereed)
    size = save.path.stat().st_size + sum(p.stat().st_size for p in save.hands_dir.iterdir())
    count = sum(len(save.read_hand(n)["entries"]) for n in (1, args.hands))
    print(f"series header: {save.path.stat().st_size} bytes; hand 1 and {args.hands}: {count} entries")
    print(f"hands={args.hands} bytes={size} seconds={time.perf_counter() - started:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
