"""Crash test of the save files: kill a writer with SIGKILL at random moments.

A child process takes the lock and writes successive versions of hand 1 and of
the series file through ``SaveFile`` (version k of the hand holds
``entries_for(k)`` entries numbered 1, 2, ...; both files carry ``version`` and
a matching ``marker``), printing each version once both files are written.  The
parent kills it at a random moment, then checks that every file (and its
``.bak``) loads, is a complete version, and that at most the version being
written was lost.  The next child carries on in the same folder, so every run
also checks that the lock of a killed writer does not block.

    python bench/crash_test.py [--runs 200] [--seed N] [--dir DIR] [--series | --tournament | --play]

Last line: ``runs=200 kills=200 files_checked=... entries_lost=0 problems=0``.

``--series`` kills a child doing what a family does instead, through the session
layer: scores (each one writes the hand's result, the next deal and the
header), corrections (header marked settling, the hand, the header settled
again), ``new`` onto the series (the old one moved to the archive) and
reopening a kept series (two series swapped).  After each kill the series must
open (finishing what was cut short), its standings must be what replaying its
results gives, every kept series must read, and at most the one operation being
done may be lost: no scored hand and no series that the child had reported.
``--tournament`` kills a child recording and settling a tournament's
conflicts: a version of a table brought in as a sync tool's copy of its
folder or by ``import``, the conflict recorded, then settled (a version kept
at random, the others set aside).  After each kill the tournament must read,
a settle cut short must be finished by the next writer, the table must hold
the version kept, no conflict reported may be lost, and no version of the
table may be gone (nothing is deleted).
``--play`` kills ``pesten-ref play --json --keep-going`` itself while it types
hands the simulator's bots recorded under a house-rule table with doubles, a
passed-on Eight and card moves (``PLAY_RULES``), scoring each hand that ends and
going on to the next.  After each kill the hand's log must be the lines the
command had answered, or one more, in the order typed (an entry is answered only
once saved); its backup must read; ``state`` and ``standings`` must open with no
count or pile negative and the cards adding up to the deck; and the next
``play`` must take up the hand where the log ends.
POSIX only (SIGKILL).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from referee.series.store import SaveBusy, SaveError, SaveFile  # noqa: E402

T0 = datetime(2024, 5, 1, 20, 0, 0, tzinfo=timezone.utc)
PLAYERS = ["Anna", "Bram de Vries", "Cées", "Dörte 🃏"]


def entries_for(version: int) -> int:
    """Entries in version ``version`` of the hand: 1, 2, ... 200, then 1 again."""
    return (version - 1) % 200 + 1


def hand_data(version: int) -> dict:
    """Version ``version`` of hand 1."""
    return {
        "hand": 1,
        "version": version,
        "marker": f"v{version}",
        "dealer": PLAYERS[0],
        "entries": [
            {"n": i, "line": f"{PLAYERS[i % 4]}: {2 + i % 9}h", "by": PLAYERS[i % 4],
             "at": T0 + timedelta(seconds=i)}
            for i in range(1, entries_for(version) + 1)
        ],
    }


def series_data(version: int) -> dict:
    """Version ``version`` of the series header."""
    return {
        "version": version,
        "marker": f"v{version}",
        "players": PLAYERS,
        "standings": [{"name": p, "total": version % 97, "wins": 0} for p in PLAYERS],
    }


def child(folder: Path) -> int:
    """The writer: resume after the last version written in full, write until killed."""
    save = SaveFile(folder / "pesten.toml")
    with save.lock():
        # the series is written after the hand, so its version was fully written
        version = save.read_series()["version"] if save.exists() else 0
        print("ready", version, flush=True)
        while True:
            version += 1
            save.write_hand(1, hand_data(version))
            save.write_series(series_data(version))
            print(version, flush=True)


@dataclass
class Report:
    runs: int = 0
    kills: int = 0
    files_checked: int = 0
    entries_lost: int = 0
    versions_written: int = 0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"runs={self.runs} kills={self.kills} files_checked={self.files_checked} "
                f"entries_lost={self.entries_lost} problems={len(self.problems)}")


def _check_version(data: dict, what: str, is_hand: bool) -> tuple[int, str | None]:
    """The version in ``data`` and a problem (or None) if it is not complete."""
    version = data.get("version")
    if not isinstance(version, int):
        return -1, f"{what}: no version"
    if data.get("marker") != f"v{version}":
        return version, f"{what}: marker {data.get('marker')!r} for version {version}"
    if is_hand:
        numbers = [e.get("n") for e in data.get("entries", [])]
        if numbers != list(range(1, entries_for(version) + 1)):
            return version, f"{what}: version {version} has entries {numbers[:3]}...{numbers[-3:]} ({len(numbers)})"
    elif len(data.get("standings", [])) != len(PLAYERS):
        return version, f"{what}: standings incomplete"
    return version, None


def check(folder: Path, confirmed: int, report: Report, run: int) -> int:
    """Check the files after a kill, ``confirmed`` being the last version the child
    reported written; returns the hand's version on disk."""
    save = SaveFile(folder / "pesten.toml")
    if confirmed == 0 and not save.has_hand(1):
        return 0
    problems = report.problems
    try:
        hand = save.read_hand(1)
    except SaveError as exc:
        problems.append(f"run {run}: hand file unreadable: {exc}")
        return confirmed
    report.files_checked += 1
    hv, problem = _check_version(hand, f"run {run} hand", True)
    if problem:
        problems.append(problem)
    if hv < confirmed:
        report.entries_lost += sum(entries_for(v) for v in range(hv + 1, confirmed + 1))
        problems.append(f"run {run}: hand at version {hv}, but {confirmed} was written")
    if hv > confirmed + 1:
        problems.append(f"run {run}: hand at version {hv}, more than one past {confirmed}")
    if save.exists():
        try:
            sv, problem = _check_version(save.read_series(), f"run {run} series", False)
            report.files_checked += 1
            if problem:
                problems.append(problem)
            if not (hv - 1 <= sv <= hv and sv >= confirmed):
                problems.append(f"run {run}: series at version {sv}, hand at {hv}, confirmed {confirmed}")
        except SaveError as exc:
            problems.append(f"run {run}: series file unreadable: {exc}")
    elif confirmed:
        problems.append(f"run {run}: series file missing")
    for path, is_hand, current in ((save.hand_path(1), True, hv), (save.path, False, hv)):
        backup = save.backup_path(path)
        if not backup.exists():
            continue
        try:
            import tomllib

            data = tomllib.loads(backup.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            problems.append(f"run {run}: {backup.name} unreadable: {exc}")
            continue
        report.files_checked += 1
        bv, problem = _check_version(data, f"run {run} {backup.name}", is_hand)
        if problem:
            problems.append(problem)
        elif bv > current:
            problems.append(f"run {run}: {backup.name} at version {bv}, newer than {current}")
    return hv


def _child_exit(work) -> int:
    """Run a child's ``work()`` until it is killed; a busy or unreadable file is told
    on its output, with the exit status of the command line (3, 2)."""
    try:
        return work()
    except SaveBusy as exc:
        print(f"busy: {exc}", flush=True)
        return 3
    except SaveError as exc:
        print(f"error: {exc}", flush=True)
        return 2


def _child_env() -> dict[str, str]:
    """The environment of a child: this tree first on its path."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))


def _kill_after(proc: subprocess.Popen, delay: float, report: "Report", i: int) -> tuple[str, str]:
    """SIGKILL child ``proc`` (run ``i``) after ``delay`` s; counts the kill in
    ``report``, or a problem when it ended before; returns its (stdout, stderr)."""
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate()
    report.runs = i
    if proc.returncode == -signal.SIGKILL:
        report.kills += 1
    else:
        report.problems.append(f"run {i}: child ended with {proc.returncode} before the kill: "
                               f"{out[-300:]} {err[-800:]}")
    return out, err


def run(folder: Path, runs: int, seed: int, max_delay: float = 0.03, log=None) -> Report:
    """``runs`` children in ``folder``, each SIGKILLed after a random delay (s)."""
    rng = random.Random(seed)
    report = Report()
    env = _child_env()
    save = SaveFile(folder / "pesten.toml")
    if not save.exists():  # start from version 1, so that every run has files to check
        save.write_hand(1, hand_data(1))
        save.write_series(series_data(1))
    confirmed = save.read_series()["version"]
    for i in range(1, runs + 1):
        proc = subprocess.Popen([sys.executable, __file__, "--child", str(folder)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        first = proc.stdout.readline().split()
        if len(first) != 2 or first[0] != "ready":
            proc.kill()
            out, err = proc.communicate()
            report.problems.append(f"run {i}: child did not start: {first} {out} {err[-500:]}")
            report.runs = i
            break
        start = int(first[1])  # the version the child found fully written
        if start < confirmed:
            report.problems.append(f"run {i}: the child found version {start}, but {confirmed} was written")
        confirmed = max(confirmed, start)
        out, _ = _kill_after(proc, rng.uniform(0, max_delay), report, i)
        done = [int(x) for x in out.split() if x.isdigit()]
        if done:
            report.versions_written += done[-1] - confirmed
            confirmed = done[-1]
        check(folder, confirmed, report, i)
        if log and i % 50 == 0:
            log(f"  {report.line()} versions={report.versions_written}")
    return report


# --------------------------------------------------------------------------- real series

SERIES_PLAYERS = ["Anna", "Bram", "Cees"]


def _series_rules():
    from referee.engine.reading import with_series
    from referee.series.presets import load_rules
    return with_series(load_rules("standard"), mode="elimination", limit=60)


def counts(save: SaveFile) -> tuple[int, int]:
    """(scored hands across every kept series, number of series) as on disk,
    read from the hands' files (not the headers)."""
    saves = ([save] if save.exists() else []) + [save.archived(i) for i in save.archived_ids()]
    scored = 0
    for one in saves:
        for n in one.hand_numbers():
            if "result" in one.read_hand(n):
                scored += 1
    return scored, len(saves)


def series_child(folder: Path, seed: int) -> int:
    """The writer of ``--series``: score, correct, start anew and reopen, until killed."""
    from referee.series.scoring import ScoreError
    from referee.series.session import OpenSeries, start_series, switch_series

    rng = random.Random(seed)
    save = SaveFile(folder / "pesten.toml")
    rules = _series_rules()
    with save.lock():
        if not save.exists():
            start_series(save, SERIES_PLAYERS, rules, "Anna")
        table = OpenSeries.open(save)  # finishes what a killed writer left
        print("ready", *counts(save), flush=True)
        while True:
            op = rng.random()
            if table.series.over or op < 0.06:
                start_series(save, SERIES_PLAYERS, rules, rng.choice(SERIES_PLAYERS),
                             force=True)
            elif op < 0.14 and save.archived_ids():
                switch_series(save, rng.choice(save.archived_ids()))
            elif op < 0.34 and table.series.hands_scored:
                n = rng.randint(1, table.series.hands_scored)
                players = [str(p) for p in save.read_hand(n)["players"]]
                winner = rng.choice(players)
                try:
                    table.correct(n, winner, {p: rng.randint(0, 30) for p in players
                                              if p != winner})
                except ScoreError:
                    pass
            else:
                active = table.series.active_players()
                winner = rng.choice(active)
                table.score(winner, {p: rng.randint(0, 30) for p in active if p != winner})
            table = OpenSeries.open(save)
            print(*counts(save), flush=True)


def check_series(folder: Path, confirmed: tuple[int, int], report: Report, run: int) -> tuple[int, int]:
    """Check a series folder after a kill; returns the counts found on disk."""
    from referee.series.history import history_of
    from referee.series.scoring import HandResult, replay_series, standings_json
    from referee.series.session import OpenSeries, read_history

    save = SaveFile(folder / "pesten.toml")
    problems = report.problems
    try:
        table = OpenSeries.open(save)  # recovers: moves finished, header settled
    except SaveError as exc:
        problems.append(f"run {run}: the series does not open: {exc}")
        return confirmed
    report.files_checked += 1
    if Path(str(save.path) + ".moves").exists():
        problems.append(f"run {run}: moves left unfinished after opening")
    header, hands = read_history(save)
    results = [HandResult.from_dict(h["result"]) for h in hands if "result" in h]
    first = str(hands[0]["dealer"])
    pure, _ = replay_series(table.series.players, table.rules, first, results)
    if standings_json(pure, False) != standings_json(table.series, False):
        problems.append(f"run {run}: standings differ from the results replayed")
    for series_id in save.archived_ids():
        kept = save.archived(series_id)
        try:
            history_of(*read_history(kept))
            report.files_checked += 1
        except SaveError as exc:
            problems.append(f"run {run}: kept series {series_id} does not read: {exc}")
    found = counts(save)
    if not (confirmed[0] <= found[0] <= confirmed[0] + 1):
        report.entries_lost += max(0, confirmed[0] - found[0])
        problems.append(f"run {run}: {found[0]} scored hands on disk, {confirmed[0]} reported")
    if not (confirmed[1] <= found[1] <= confirmed[1] + 1):
        problems.append(f"run {run}: {found[1]} series on disk, {confirmed[1]} reported")
    return found


def _spawn(flag: str, folder: Path, rng: random.Random, env: dict[str, str], report: Report,
           i: int) -> tuple[subprocess.Popen, list[str]] | None:
    """Start the child ``flag`` (``--series-child``...) of run ``i`` in ``folder`` with a
    seed from ``rng``; -> (process, its "ready A B" line split), or None (a problem
    counted in ``report``) when it did not start."""
    proc = subprocess.Popen([sys.executable, __file__, flag, str(folder),
                             "--seed", str(rng.randrange(1 << 30))],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    first = proc.stdout.readline().split()
    if len(first) == 3 and first[0] == "ready":
        return proc, first
    proc.kill()
    out, err = proc.communicate()
    report.problems.append(f"run {i}: child did not start: {first} {out} {err[-800:]}")
    report.runs = i
    return None


def _pairs(out: str) -> list[tuple[int, int]]:
    """The "A B" count lines a child printed, as pairs of ints."""
    rows = [line.split() for line in out.splitlines()]
    return [(int(r[0]), int(r[1])) for r in rows if len(r) == 2 and all(x.isdigit() for x in r)]


def run_series(folder: Path, runs: int, seed: int, max_delay: float = 0.25, log=None) -> Report:
    """``runs`` children doing real series work in ``folder``, each SIGKILLed at random."""
    rng = random.Random(seed)
    report = Report()
    env = _child_env()
    confirmed = (0, 0)
    for i in range(1, runs + 1):
        started = _spawn("--series-child", folder, rng, env, report, i)
        if started is None:
            break
        proc, first = started
        start = (int(first[1]), int(first[2]))
        if start[0] < confirmed[0] or start[1] < confirmed[1]:
            report.problems.append(f"run {i}: the child found {start}, but {confirmed} was reported")
        confirmed = (max(confirmed[0], start[0]), max(confirmed[1], start[1]))
        out, _ = _kill_after(proc, rng.uniform(0.02, max_delay), report, i)
        done = _pairs(out)
        if done:
            report.versions_written += 1
            confirmed = done[-1]
        confirmed = check_series(folder, confirmed, report, i)
        if log and i % 20 == 0:
            log(f"  {report.line()} scored={confirmed[0]} series={confirmed[1]}")
    return report


# --------------------------------------------------------------------------- tournament conflicts

TOURNAMENT_PLAYERS = ["Anna", "Bram", "Cees", "Dirk"]


def _tournament_setup(folder: Path) -> None:
    """A tournament of one table, scored (Anna won), and four versions of that table
    scored otherwise (each player the winner once), kept in ``versions/`` for the
    child to bring in as a sync tool's copy or through a laptop's folder to import."""
    import shutil

    from referee.series.session import OpenSeries
    from referee.tournament.bracket import Tournament
    from referee.tournament.files import TournamentFiles
    files = TournamentFiles(folder / "cup.toml")
    tour = Tournament.new(TOURNAMENT_PLAYERS, 1, "crash001")
    files.write(tour)
    for i, winner in enumerate(TOURNAMENT_PLAYERS):
        save = files.open_table(tour, "1")
        OpenSeries.open(save).score(winner, {p: 10 + i for p in TOURNAMENT_PLAYERS if p != winner})
        shutil.move(files.table_dir(1, "1"), folder / "versions" / f"v{i}")
    save = files.open_table(tour, "1")
    OpenSeries.open(save).score("Anna", {p: 5 for p in TOURNAMENT_PLAYERS if p != "Anna"})


def _versions_on_disk(folder: Path) -> int:
    """Series files of the table in the tables and kept folders: never fewer (nothing deleted)."""
    return sum(1 for where in ("cup.tables", "cup.kept") for _ in (folder / where).rglob("series.toml"))


def tournament_child(folder: Path, seed: int) -> int:
    """The writer of ``--tournament``: bring in another version of the table (a sync
    tool's copy of its folder, or `import` from a laptop's folder), record the
    conflict, settle it keeping one version at random; again, until killed."""
    import shutil
    from referee.series.session import utcnow
    from referee.tournament.files import TournamentFiles, copy_in

    rng = random.Random(seed)
    files = TournamentFiles(folder / "cup.toml")
    laptop = folder / "laptop" / "cup.tables"
    with files.save.lock():
        tour = files.load()
        if files.finish_settling(tour):  # what a killed settle left
            files.write(tour)
        print("ready", len(tour.conflicts),
              sum(c.state == "settled" for c in tour.conflicts), flush=True)
        n = 0
        while True:
            n += 1
            source = folder / "versions" / f"v{rng.randrange(len(TOURNAMENT_PLAYERS))}"
            if not tour.open_conflicts():
                if rng.random() < 0.5:  # a sync tool's copy of the whole folder
                    name = f"round-1-table-1 (conflicted copy {seed}-{n})"
                    copy_in(str(source), str(files.tables_dir) + "/" + name, files.tables_dir)
                    tour.record_conflicts(files.scan(tour).found)
                else:                   # a laptop's folder, imported
                    shutil.rmtree(laptop, ignore_errors=True)
                    laptop.mkdir(parents=True)
                    shutil.copytree(source, laptop / "round-1-table-1")
                    tour.record_conflicts(files.import_from(tour, str(laptop)).recorded)
                files.write(tour)
            conflict = next(iter(tour.open_conflicts()), None)
            if conflict is not None:
                files.settle(tour, conflict, rng.choice(conflict.versions).path, "crash",
                             utcnow())
            print(len(tour.conflicts), sum(c.state == "settled" for c in tour.conflicts),
                  flush=True)


def check_tournament(folder: Path, confirmed: tuple[int, int], versions: int, report: Report,
                     run: int) -> tuple[tuple[int, int], int]:
    """After a kill: the tournament reads; a settle cut short is finished by the next
    writer; the version kept of the last conflict settled is the table's result; no
    recorded or settled conflict reported was lost; no version of the table is gone."""
    from referee.tournament.bracket import FINAL
    from referee.tournament.files import TournamentFiles, read_outcome
    files = TournamentFiles(folder / "cup.toml")
    problems = report.problems
    try:
        with files.save.lock():
            tour = files.load()
            if files.finish_settling(tour):
                files.write(tour)
            tour = files.load()
    except SaveError as exc:
        problems.append(f"run {run}: the tournament does not read: {exc}")
        return confirmed, versions
    report.files_checked += 1
    found = (len(tour.conflicts), sum(c.state == "settled" for c in tour.conflicts))
    if any(c.state == "settling" for c in tour.conflicts):
        problems.append(f"run {run}: a conflict left settling after a writer opened the tournament")
    # more conflicts than reported is right when a copy brought in by a killed child
    # is found by the next one beside its own; fewer would be one lost
    if not (confirmed[0] <= found[0] and confirmed[1] <= found[1] <= confirmed[1] + 1):
        problems.append(f"run {run}: conflicts {found} on disk, {confirmed} reported")
    settled = [c for c in tour.conflicts if c.state == "settled"]
    if settled and not tour.open_conflicts():
        last = settled[-1]
        kept = last.version(last.kept or "")
        here = read_outcome(files.table_save(1, "1"), "1" == FINAL)
        if kept is None or (kept.winner, kept.points) != (here.winner, here.points):
            problems.append(f"run {run}: the table says {here.winner}, the version kept {kept}")
    on_disk = _versions_on_disk(folder)
    if on_disk < versions:
        problems.append(f"run {run}: {on_disk} versions of the table on disk, {versions} before")
    report.files_checked += on_disk
    return found, on_disk


def run_tournament(folder: Path, runs: int, seed: int, max_delay: float = 0.25, log=None) -> Report:
    """``runs`` children recording and settling conflicts in ``folder``, SIGKILLed at random."""
    rng = random.Random(seed)
    report = Report()
    env = _child_env()
    if not (folder / "cup.toml").exists():
        _tournament_setup(folder)
    confirmed, versions = (0, 0), _versions_on_disk(folder)
    for i in range(1, runs + 1):
        started = _spawn("--tournament-child", folder, rng, env, report, i)
        if started is None:
            break
        out, _ = _kill_after(started[0], rng.uniform(0.02, max_delay), report, i)
        done = _pairs(out)
        if done:
            report.versions_written += len(done)
            confirmed = done[-1]
        confirmed, versions = check_tournament(folder, confirmed, versions, report, i)
        if log and i % 20 == 0:
            log(f"  {report.line()} conflicts={confirmed[0]} settled={confirmed[1]}")
    return report


# --------------------------------------------------------------------------- play at the table

#: The house rules of ``--play``: doubles, a passed-on Eight and both card moves, so
#: that an entry changes several hands and the pile at once (R3.10, R5.11, R9.11, R9.12).
PLAY_RULES = """# the crash test's table: doubles, a passed-on Eight, card moves
extends = "standard"
multi_play = "same_rank"

[actions]
"8" = { skip = 1, pass_on = true }
"6" = "rotate_hands"
"9" = "pass_cards"

[series]
limit = 10000   # nobody is out of the series: every recorded hand is dealt to all four
"""
PLAY_PLAYERS = ["Anna", "Bram", "Cees", "Daan"]


def _command(env: dict[str, str], save: Path, *args: str, stdin: str | None = None,
             ) -> subprocess.CompletedProcess:
    """``pesten-ref ARGS --save SAVE`` run to its end (the real command line)."""
    return subprocess.run([sys.executable, "-m", "referee", *args, "--save", str(save)],
                          input=stdin, capture_output=True, text=True, env=env)


class _PlaySeries:
    """A series under ``PLAY_RULES`` in its own folder, and the hands its bots
    recorded (``simulate.record``: lines typed, cards held at the end)."""

    def __init__(self, folder: Path, number: int, seed: int, env: dict[str, str], hands: int = 6):
        from referee.series.presets import load_rules
        from referee.simulator.simulate import record

        self.folder = folder / f"series-{number}"
        self.folder.mkdir(parents=True)
        rules_file = folder / "house.toml"
        if not rules_file.exists():
            rules_file.write_text(PLAY_RULES, encoding="utf-8")
        self.save = self.folder / "pesten.toml"
        # record's hand i is dealt by seat i, as the series' rotation deals it
        self.hands = record(load_rules(str(rules_file)), len(PLAY_PLAYERS), hands, seed)
        assert [h[0] for h in self.hands[:2]] == PLAY_PLAYERS[:2]
        done = _command(env, self.save, "new", "--rules", str(rules_file),
                        "--players", ",".join(PLAY_PLAYERS), "--dealer", PLAY_PLAYERS[0])
        if done.returncode:
            raise RuntimeError(f"new refused: {done.stderr}")
        self.number = 1  # the hand being played

    def logged(self) -> list[str] | None:
        """The lines of the current hand's log on disk (None: no hand file yet)."""
        import tomllib

        path = SaveFile(self.save).hand_path(self.number)
        if not path.exists():
            return None
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return [str(e["line"]) for e in data.get("entries", [])]


def _deck_size(state: dict) -> int:
    return sum(state["counts"].values()) + state["draw_pile"] + state["discard_pile"]


def check_play(series: _PlaySeries, lines: list[str], confirmed: int, env: dict[str, str],
               report: Report, run: int, deck: int | None) -> tuple[int, int | None]:
    """Check the series after a kill of ``play``: the hand's log is the lines the
    command had answered (``confirmed`` of them) or one more, in order; its backup
    reads; ``state`` and ``standings`` open, no count or pile negative and the cards
    add up to the deck.  Returns (entries on disk, the deck's size)."""
    import tomllib

    problems = report.problems
    try:
        logged = series.logged() or []
    except (OSError, ValueError) as exc:
        problems.append(f"run {run}: hand {series.number} unreadable: {exc}")
        return confirmed, deck
    report.files_checked += 1
    if logged != lines[:len(logged)]:
        problems.append(f"run {run}: hand {series.number}'s log is not the lines typed")
    if len(logged) < confirmed:
        report.entries_lost += confirmed - len(logged)
        problems.append(f"run {run}: {len(logged)} entries on disk, {confirmed} answered")
    if len(logged) > confirmed + 1:
        problems.append(f"run {run}: {len(logged)} entries on disk, more than one past {confirmed}")
    backup = SaveFile(series.save).backup_path(SaveFile(series.save).hand_path(series.number))
    if backup.exists():
        try:
            tomllib.loads(backup.read_text(encoding="utf-8"))
            report.files_checked += 1
        except (OSError, ValueError) as exc:
            problems.append(f"run {run}: {backup.name} unreadable: {exc}")
    state = _command(env, series.save, "state", "--json")
    standings = _command(env, series.save, "standings", "--json")
    for name, done in (("state", state), ("standings", standings)):
        if done.returncode or "Traceback" in done.stderr or "internal error" in done.stderr:
            problems.append(f"run {run}: {name} after the kill: {done.returncode} {done.stderr[-300:]}")
    if state.returncode == 0:
        shown = json.loads(state.stdout)
        if min([*shown["counts"].values(), shown["draw_pile"], shown["discard_pile"]]) < 0:
            problems.append(f"run {run}: a negative count {shown}")
        if shown["status"] != "waiting":
            size = _deck_size(shown)
            if deck is not None and size != deck:
                problems.append(f"run {run}: {size} cards counted in a deck of {deck}")
            deck = size if deck is None else deck
    return len(logged), deck


def _finish_hand(series: _PlaySeries, env: dict[str, str], report: Report, run: int) -> bool:
    """Score the current hand with the cards its bots held (when it is over) and go on
    to the next; False when it did not end as recorded (a new series is needed)."""
    state = _command(env, series.save, "state", "--json")
    if state.returncode or json.loads(state.stdout)["status"] != "over":
        return False
    _, _, _, held = series.hands[series.number - 1]
    done = _command(env, series.save, "score",
                    *[f"{p}={' '.join(cards)}" for p, cards in held.items() if cards])
    if done.returncode:
        report.problems.append(f"run {run}: score refused: {done.stderr[-300:]}")
        return False
    series.number += 1
    return series.number <= len(series.hands)


def run_play(folder: Path, runs: int, seed: int, max_delay: float = 0.1, log=None) -> Report:
    """``runs`` kills of ``pesten-ref play --json --keep-going`` typing the bots'
    recorded hands under ``PLAY_RULES``, each at a random moment; after each, the
    next ``play`` carries on from what the log holds.  A ``play`` that typed all its
    lines before the kill is a run without a kill; runs go on until ``runs`` kills
    (at most three times as many runs)."""
    rng = random.Random(seed)
    report = Report()
    env = _child_env()
    made = 0
    series = _PlaySeries(folder, made, rng.randrange(1 << 30), env)
    deck = None
    i = 0
    while report.kills < runs and i < 3 * runs:
        lines = series.hands[series.number - 1][2]
        logged = series.logged() or []
        if len(logged) >= len(lines):
            if not _finish_hand(series, env, report, i):
                made += 1
                series = _PlaySeries(folder, made, rng.randrange(1 << 30), env)
                deck = None
            continue
        i += 1
        proc = subprocess.Popen([sys.executable, "-m", "referee", "play", "--json",
                                 "--keep-going", "--save", str(series.save)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, text=True)
        proc.stdin.write("".join(line + "\n" for line in lines[len(logged):]))
        proc.stdin.close()
        # one kill in five at any moment from the start (while the log is replayed);
        # the others once the first entry was answered, so that every run goes on
        first = ""
        if rng.random() >= 0.2:
            first = proc.stdout.readline()
        time.sleep(rng.uniform(0, max_delay))
        proc.send_signal(signal.SIGKILL)
        out = first + proc.stdout.read()
        err = proc.stderr.read()
        proc.wait()
        report.runs = i
        if proc.returncode == -signal.SIGKILL:
            report.kills += 1
        elif proc.returncode:
            report.problems.append(f"run {i}: play ended with {proc.returncode}: {err[-500:]}")
        answered = 0
        for row in out.splitlines():
            try:
                answer = json.loads(row)
            except ValueError:
                continue  # cut short by the kill
            if not answer.get("ok"):
                report.problems.append(f"run {i}: {answer.get('input')!r} refused: {answer.get('ruling')}")
            answered += 1
        report.versions_written += answered
        _, deck = check_play(series, lines, len(logged) + answered, env, report, i, deck)
        if log and i % 20 == 0:
            log(f"  {report.line()} entries={report.versions_written} series={made + 1}")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--dir", type=Path, default=None, help="folder to use (default: a temporary one)")
    parser.add_argument("--series", action="store_true",
                        help="kill a child scoring, correcting, archiving and reopening series")
    parser.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--tournament", action="store_true",
                        help="kill a child recording and settling a tournament's conflicts")
    parser.add_argument("--play", action="store_true",
                        help="kill pesten-ref play typing hands under a table with doubles and card moves")
    parser.add_argument("--series-child", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--tournament-child", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child_exit(lambda: child(args.child))
    if args.series_child:
        return _child_exit(lambda: series_child(args.series_child, args.seed or 0))
    if args.tournament_child:
        return _child_exit(lambda: tournament_child(args.tournament_child, args.seed or 0))
    if os.name == "nt":
        print("the crash test needs SIGKILL (POSIX)")
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    print(f"seed={seed}")
    with tempfile.TemporaryDirectory(prefix="pesten-crash-") as tmp:
        folder = args.dir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        runner = (run_tournament if args.tournament else run_series if args.series
                  else run_play if args.play else run)
        report = runner(folder, args.runs, seed, log=print)
        print(f"versions written={report.versions_written}, {time.perf_counter() - started:.1f} s")
    for problem in report.problems[:20]:
        print("PROBLEM:", problem)
    print(report.line())
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
