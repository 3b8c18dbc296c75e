"""Start-up time of ``pesten-ref`` against a bare click app, in the same Python.

    python bench/bench_startup.py [--runs 20]

Makes, in a temporary folder, a bare click app with two subcommands and a
small series (``pesten-ref new``, one hand refereed with ``play --script``
and scored, a second hand half played), then times as subprocesses, wall
clock, alternating, ``--runs`` runs of each:

    python bare_app.py --help
    pesten-ref --help
    pesten-ref standings --save S
    pesten-ref state --save S
    pesten-ref score --save S --winner W NAME="cards" ...   (on a fresh copy each run)
    pesten-ref score --save D --winner W NAME="cards" ...   (D: a series just made with
                                                             ``new``, its hand only dealt)

and ``standings`` and ``score`` again with ``PESTEN_REF_LANG`` set to each of
``--langs`` (default nl fr it pt; the plain runs above have it unset, so they
speak English), and prints the median and the minimum of each and their ratios
to the bare app's, in wall-clock time and in the CPU time of the child process
(user + system, which other work on a shared machine disturbs less; ``score``
also waits for its fsyncs, which only the wall clock sees), with the load
average before and after (the minimum is the least disturbed run).  It also checks
that ``python -X importtime -c "import referee.interface.cli"`` does not import
prompt_toolkit, and that neither do ``state``, ``standings`` and ``score``; and
that ``score``, ``standings`` and ``state`` of a hand only dealt (the series D, as
a family keeping the score without refereeing has it), and ``score`` and ``state``
of the hand ``score --save S`` scores (refereed to its end: read from its saved
``end``), import none of
the engine's rule modules (``RULE_MODULES``).
``pesten-ref`` is the console script next to this Python (not a shell shim);
install it with ``pip install -e .`` first.  The subprocesses run without
PYTHONDONTWRITEBYTECODE and after one untimed warm-up run, so bytecode is
cached as on a user's machine.  Each round runs the bare app and then every
command once; the paired figure is the median of each run's CPU time over the
bare app's of its round (the load of a shared machine drifts from round to round
more than within one).  The last two lines are the worst ratio of the medians
(any command) and the worst paired ratio of ``score`` and ``standings`` in every
language (the figure the start-up target names).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BARE_APP = '''\
import click


@click.group()
def main():
    """A bare click app with two subcommands."""


@main.command()
@click.option("--save", default=None)
def one(save):
    """First subcommand."""
    click.echo("one")


@main.command()
@click.option("--save", default=None)
def two(save):
    """Second subcommand."""
    click.echo("two")


if __name__ == "__main__":
    main()
'''

PLAYERS = "Anna,Bram,Cees"

RULE_MODULES = tuple(f"referee.engine.{name}" for name in (
    "hand", "turn", "actions", "lastcard", "legality", "words", "ruling", "corrections")) \
    + ("referee.engine.notation",)
"""What a hand only dealt (no entry) is scored, told and shown without."""


def _targeted(label: str) -> bool:
    """Whether ``label`` is a command the start-up target names (score, standings)."""
    return label.startswith(("pesten-ref score", "pesten-ref standings", "score", "standings"))


def pesten_ref() -> list[str] | None:
    """The ``pesten-ref`` console script of this Python environment, or None."""
    for folder in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        script = folder / "pesten-ref"
        if script.exists():
            return [str(script)]
    found = shutil.which("pesten-ref")
    return [found] if found else None


# Bytecode caching as on a user's machine: PYTHONDONTWRITEBYTECODE would make
# every run compile the project's modules again (click's are compiled at install).
# The plain runs speak English: no language asked for, and a locale of none.
_LANGUAGE_VARS = ("PESTEN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
ENV = {k: v for k, v in os.environ.items()
       if k != "PYTHONDONTWRITEBYTECODE" and k not in _LANGUAGE_VARS}
ENV["LANG"] = "C.UTF-8"


def run(cmd: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run ``cmd``; raise SystemExit with its output when it fails."""
    done = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True, env=ENV)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return done


def make_series(ref: list[str], where: Path) -> tuple[Path, Path, list[str]]:
    """A small series: hand 1 refereed and scored, hand 2 half played.

    Returns (folder of the series in play, folder of the series with hand 2
    over, the score arguments for hand 2).  The hands are the simulator's
    (real shuffled cards), typed through ``pesten-ref play --script``.
    """
    from referee.series.presets import load_rules
    from referee.simulator.simulate import record
    hands = record(load_rules("standard"), 3, 2, seed=3)
    live = where / "live"
    live.mkdir()
    save = str(live / "pesten.toml")
    run(ref + ["new", "--players", PLAYERS, "--dealer", hands[0][0], "--save", save], live)

    def score_args(held: dict[str, list[str]]) -> list[str]:
        winner = [p for p, cards in held.items() if not cards]
        args = ["--winner", winner[0]] if winner else []
        return args + [f"{p}={' '.join(cards)}" for p, cards in held.items() if cards]

    dealer, _, lines, held = hands[0]
    run(ref + ["play", "--save", save], live, stdin="\n".join(lines) + "\n")
    run(ref + ["score", "--save", save] + score_args(held), live)
    dealer, _, lines, held = hands[1]
    half = len(lines) // 2
    run(ref + ["play", "--save", save], live, stdin="\n".join(lines[:half]) + "\n")
    over = where / "over"
    shutil.copytree(live, over)
    run(ref + ["play", "--save", str(over / "pesten.toml")], over,
        stdin="\n".join(lines[half:]) + "\n")
    return live, over, score_args(held)


def make_dealt(ref: list[str], where: Path) -> Path:
    """A series just made with ``new`` (hand 1 dealt, no entry): its folder."""
    dealt = where / "dealt"
    dealt.mkdir()
    run(ref + ["new", "--players", PLAYERS, "--dealer", PLAYERS.split(",")[0],
               "--save", str(dealt / "pesten.toml")], dealt)
    return dealt


DEALT_SCORE = ["--winner", "Anna", "Bram=7h 8h Kd", "Cees=12"]


def imports_prompt_toolkit(args: list[str], cwd: Path,
                           env: dict[str, str] = ENV) -> tuple[bool, int]:
    """(prompt_toolkit imported?, modules imported) for ``python -X importtime ARGS``."""
    modules = imported_modules(args, cwd, env)
    return any(m.split(".")[0] == "prompt_toolkit" for m in modules), len(modules)


def imported_modules(args: list[str], cwd: Path, env: dict[str, str] = ENV) -> list[str]:
    """The modules ``python -X importtime ARGS`` imports, in order."""
    done = subprocess.run([sys.executable, "-X", "importtime"] + args, cwd=cwd,
                          capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"python -X importtime {' '.join(args)} failed ({done.returncode}):\n"
                         + "\n".join(line for line in done.stderr.splitlines()
                                     if not line.startswith("import time:")))
    modules = [line.split("|")[-1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:") and "|" in line]
    return [m for m in modules if m and m != "imported package"]


def _children_cpu() -> float:
    """CPU seconds (user + system) used so far by this process's finished children."""
    import resource
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--langs", default="nl,fr,it,pt",
                        help="languages (PESTEN_REF_LANG) to time standings and score in")
    args = parser.parse_args(argv)
    langs = [code for code in args.langs.split(",") if code]
    if hasattr(os, "getloadavg"):
        print("load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))

    ref = pesten_ref()
    with tempfile.TemporaryDirectory(prefix="pesten-startup-") as tmp:
        where = Path(tmp)
        (where / "bare_app.py").write_text(BARE_APP, encoding="utf-8")

        pt, n = imports_prompt_toolkit(["-c", "import referee.interface.cli"], ROOT)
        print(f"import referee.interface.cli: {n} modules, prompt_toolkit "
              f"{'IMPORTED (should not be)' if pt else 'not imported'}")
        if ref is None:
            print("pesten-ref is not installed here (pip install -e .); "
                  "timing the bare app alone")

        commands: dict[str, tuple[list[str], Path | None, dict[str, str]]] = {
            "bare app --help": ([sys.executable, str(where / "bare_app.py"), "--help"], None, ENV),
        }
        fresh = None
        if ref is not None:
            live, over, score = make_series(ref, where)
            save = ["--save", str(live / "pesten.toml")]
            for label, cmd in (("state", ["state"]), ("standings", ["standings"]),
                               ("score", ["score"])):
                if label == "score":
                    copy = where / "check"
                    shutil.copytree(over, copy)
                    check = ["-m", "referee.interface.cli", "score", "--save",
                             str(copy / "pesten.toml")] + score
                else:
                    check = ["-m", "referee.interface.cli"] + cmd + save
                pt, n = imports_prompt_toolkit(check, ROOT)
                print(f"pesten-ref {label}: {n} modules, prompt_toolkit "
                      f"{'IMPORTED (should not be)' if pt else 'not imported'}")
                if label == "standings":
                    counts = [f"{code} {imports_prompt_toolkit(check, ROOT, {**ENV, 'PESTEN_REF_LANG': code})[1]}"
                              for code in langs]
                    print(f"pesten-ref standings modules per language: {', '.join(counts)}")
            dealt = make_dealt(ref, where)

            def rule_modules_check(label: str, cmd: list[str], series: Path, what: str) -> None:
                copy = where / f"check-{what.replace(' ', '-')}-{label}"
                shutil.copytree(series, copy)
                modules = imported_modules(["-m", "referee.interface.cli", cmd[0], "--save",
                                            str(copy / "pesten.toml")] + cmd[1:], ROOT)
                rules = [m for m in RULE_MODULES if m in modules]
                print(f"pesten-ref {label} of a hand {what}: {len(modules)} modules, "
                      + (f"rule modules IMPORTED (should not be): {', '.join(rules)}" if rules
                         else "no rule module of the engine imported"))

            for label, cmd in (("state", ["state"]), ("standings", ["standings"]),
                               ("score", ["score"] + DEALT_SCORE)):
                rule_modules_check(label, cmd, dealt, "only dealt")
            for label, cmd in (("state", ["state"]), ("score", ["score"] + score)):
                rule_modules_check(label, cmd, over, "refereed to its end")
            commands.update({
                "pesten-ref --help": (ref + ["--help"], None, ENV),
                "pesten-ref standings": (ref + ["standings"] + save, None, ENV),
                "pesten-ref state": (ref + ["state"] + save, None, ENV),
                "pesten-ref score": (ref + ["score", "--save", "FRESH"] + score, over, ENV),
                "score, only dealt": (ref + ["score", "--save", "FRESH"] + DEALT_SCORE,
                                      dealt, ENV),
            })
            for code in langs:
                env = {**ENV, "PESTEN_REF_LANG": code}
                commands[f"standings {code}"] = (ref + ["standings"] + save, None, env)
                commands[f"score {code}"] = (ref + ["score", "--save", "FRESH"] + score, over,
                                             env)
            fresh = where / "fresh"

        if "PYTHONDONTWRITEBYTECODE" in os.environ:
            print("PYTHONDONTWRITEBYTECODE is set here; the timed runs write and use "
                  "bytecode caches as an installed pesten-ref does")
        times: dict[str, list[float]] = {label: [] for label in commands}
        cpu: dict[str, list[float]] = {label: [] for label in commands}
        for i in range(args.runs + 1):  # run 0 warms up (bytecode caches), untimed
            for label, (cmd, template, env) in commands.items():
                if template is not None:  # score needs an unscored hand every run
                    shutil.rmtree(fresh, ignore_errors=True)
                    shutil.copytree(template, fresh)
                    if hasattr(os, "sync"):
                        # The copy's pages on disk before the clock starts: score's
                        # fsyncs would otherwise also flush the files just copied.
                        os.sync()
                    cmd = [str(fresh / "pesten.toml") if c == "FRESH" else c for c in cmd]
                used = _children_cpu()
                started = time.perf_counter()
                done = subprocess.run(cmd, cwd=where, capture_output=True, env=env)
                if i:
                    times[label].append(time.perf_counter() - started)
                    cpu[label].append(_children_cpu() - used)
                if done.returncode != 0:
                    raise SystemExit(f"{label} failed ({done.returncode}): "
                                     f"{done.stderr.decode(errors='replace')}")

    worst_label, worst = "bare app --help", 1.0
    paired_label, paired_worst = "bare app --help", 1.0
    for kind, table in (("wall", times), ("cpu", cpu)):
        bare = statistics.median(table["bare app --help"])
        bare_min = min(table["bare app --help"])
        print(f"{kind} time, {args.runs} runs each (ratio: to the bare app's median / minimum):")
        for label, samples in table.items():
            median = statistics.median(samples)
            ratio = median / bare
            print(f"  {label:22s} median {median * 1000:6.1f} ms x{ratio:.2f}   "
                  f"min {min(samples) * 1000:6.1f} ms x{min(samples) / bare_min:.2f}")
            if kind == "cpu" and ratio > worst:
                worst_label, worst = label, ratio
    # Paired: each run against the bare app's run of the same round (the machine's
    # load drifts between rounds more than within one), the median of those ratios.
    print("cpu time, paired: the median of each run's ratio to the bare app's run of its round:")
    for label, samples in cpu.items():
        ratio = statistics.median(c / b for c, b in zip(samples, cpu["bare app --help"]))
        print(f"  {label:22s} x{ratio:.2f}")
        if ratio > paired_worst and _targeted(label):
            paired_label, paired_worst = label, ratio
    if hasattr(os, "getloadavg"):
        print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"worst ratio of the CPU-time medians to the bare click app: {worst:.2f} ({worst_label})")
    print(f"worst paired ratio of score and standings, every language: {paired_worst:.2f} "
          f"({paired_label})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
