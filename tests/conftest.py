"""Shared helpers for the engine tests (RULES.md, NOTATION.md).

``make_hand`` builds a dealt hand and applies setup lines, failing the test
at once if a setup line is refused, so that a test never silently starts from
the wrong position.
"""

from __future__ import annotations

import os
import sys
from typing import Iterable

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from referee.engine import Hand, Ruling  # noqa: E402
from referee.engine.rules import HouseRules  # noqa: E402
from referee.words.events import told  # noqa: E402

PLAYERS = ("Anna", "Bram", "Cees")


def make_hand(rules: HouseRules | None = None, players: Iterable[str] = PLAYERS,
              dealer: str = "Cees", lines: Iterable[str] = (), number: int = 1) -> Hand:
    """A ``Hand`` under ``rules`` (default: standard) after applying ``lines``.

    Every setup line must be accepted; a refused line fails the test with the
    ruling's text.  With the default seating Anna plays first (left of Cees).
    """
    hand = Hand(rules or HouseRules(), list(players), dealer, number)
    play(hand, *lines)
    return hand


def play(hand: Hand, *lines: str) -> Ruling | None:
    """Apply ``lines`` in order, each of which must be accepted and can be said; the
    last ruling."""
    ruling = None
    for line in lines:
        ruling = hand.apply_line(line)
        assert ruling.ok, f"setup line {line!r} refused: {ruling.rule} {told(ruling)}"
        told(ruling)  # (every ruling can be said)
    return ruling


ANY_RULE = object()
"""``refused``'s ``rule`` when the test reads the rule itself."""


def refused(hand: Hand, line: str, rule: object = ANY_RULE) -> Ruling:
    """Apply ``line``, assert it is refused citing ``rule`` (any, by default) and
    changes nothing (R0.4)."""
    before = hand.state()
    log = list(hand.log)
    ruling = hand.apply_line(line)
    assert not ruling.ok, f"{line!r} was accepted: {ruling.rule} {told(ruling)}"
    assert rule is ANY_RULE or ruling.rule == rule, \
        f"{line!r} cited {ruling.rule}, expected {rule}: {told(ruling)}"
    assert not ruling.logged
    assert hand.state() == before
    assert hand.log == log
    return ruling


def run_in(*args: str, cwd, stdin: str | None = None):
    """``pesten-ref ARGS`` as a player runs it, as a subprocess in ``cwd`` (its own
    HOME, no colour, this project on ``PYTHONPATH``); -> CompletedProcess (text)."""
    import subprocess
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    return subprocess.run([sys.executable, "-m", "referee.interface.cli", *args], cwd=cwd,
                          input=stdin, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(cwd), "NO_COLOR": "1",
                               "PYTHONPATH": str(root)})


def drain(hand: Hand, keep: int = 0) -> None:
    """Draw with plain ``d`` entries until the draw pile holds ``keep`` cards.

    Every draw must be accepted; used to reach R3.5 / R3.6 positions.
    """
    guard = 0
    while hand.draw_pile > keep:
        play(hand, "d")
        guard += 1
        assert guard < 500


def rules_of(tmp_path, text: str) -> HouseRules:
    """The rule set of a house-rule file holding ``text``, read as ``--rules FILE`` reads
    it (``tmp_path/ours.toml``); raises ``RulesError``."""
    from referee.series.presets import load_rules
    path = tmp_path / "ours.toml"
    path.write_text(text, encoding="utf-8")
    return load_rules(str(path))


def refusal(tmp_path, text: str) -> str:
    """The sentence refusing a house-rule file holding ``text`` (it must be refused)."""
    from referee.engine.rules import RulesError
    from referee.messages import say
    with pytest.raises(RulesError) as caught:
        rules_of(tmp_path, text)
    return say(caught.value.told)


@pytest.fixture
def hand() -> Hand:
    """A standard hand for Anna, Bram, Cees (dealer Cees), started on 9h: Anna to play."""
    return make_hand(lines=("start 9h",))


# CI runs the property tests on a fixed set of examples (derandomized), so a
# run is repeatable; on a developer's machine they search afresh every time.
from hypothesis import settings as _settings  # noqa: E402

_settings.register_profile("ci", derandomize=True, deadline=None)
if __import__("os").environ.get("CI"):
    _settings.load_profile("ci")


@pytest.fixture
def speak():
    """``speak(code)``: the messages in language ``code`` for the rest of the test; English
    again (not chosen) after it."""
    from referee import messages

    def use(code: str) -> None:
        messages.set_language(code)
    yield use
    messages.set_language("en", chosen=False)


def bench_module(name: str):
    """The benchmark script ``bench/NAME.py`` loaded as a module (the tests that run
    a short version of it: the crash test, the play fuzzing, the differential)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"pesten_bench_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up by name
    spec.loader.exec_module(module)
    return module


def cli(save, *args: str, input: str | bytes | None = None, code: int = 0):
    """Run ``pesten-ref ARGS --save SAVE`` in-process (no ``--save`` when ``save``
    is None); -> click Result.

    Asserts the exit status is ``code``, that nothing escaped as an exception
    and that no traceback or internal-error text was printed.
    """
    from click.testing import CliRunner

    from referee.interface.cli import main

    runner = CliRunner(env={"PESTEN_REF_SAVE": None})
    argv = [*args] + (["--save", str(save)] if save is not None else [])
    result = runner.invoke(main, argv, input=input)
    shown = f"pesten-ref {' '.join(argv)} -> {result.exit_code}\n{result.output}"
    assert result.exception is None or isinstance(result.exception, SystemExit), shown
    assert "Traceback" not in result.output, shown
    assert "internal error" not in result.output, shown
    assert result.exit_code == code, shown
    return result


@pytest.fixture(autouse=True, scope="session")
def _data_dir_of_the_tests(tmp_path_factory):
    """No test ever touches the user's own series: the data directory (where a
    series is kept without --save, NOTATION "Commands") is a temporary folder.
    Tests of the data directory itself set their own with monkeypatch."""
    before = {k: os.environ.get(k) for k in ("XDG_DATA_HOME", "PESTEN_REF_SAVE")}
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("xdg-data"))
    os.environ.pop("PESTEN_REF_SAVE", None)
    yield
    for key, value in before.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def subprocess_cli(tmp_path, save: str = "series.toml", lang: str = "en"):
    """A function ``run(*args, code=0)`` running ``pesten-ref ARGS --save SAVE`` as a
    subprocess in ``tmp_path`` (the project on ``PYTHONPATH``, a data folder of its
    own, the table's language ``lang``); it asserts the exit status is ``code`` and
    that no traceback was printed, and returns the ``CompletedProcess``."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PESTEN_REF_LANG": lang, "PYTHONPATH": str(root),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("PESTEN_REF_SAVE", None)
    path = str(tmp_path / save)

    def run(*args: str, code: int = 0) -> subprocess.CompletedProcess:
        done = subprocess.run([sys.executable, "-m", "referee", *args, "--save", path],
                              capture_output=True, text=True, env=env, cwd=tmp_path)
        assert done.returncode == code, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        return done
    return run
