"""The ``pesten-ref`` console script (``referee.interface.console``): the command line
loaded with the cyclic garbage collector off, then frozen out of its passes, and
the collector on again for the command itself; ``cli`` as a library sets no policy."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

import referee.interface.cli as cli
from referee.interface import console

# Run in a fresh interpreter: note whether the collector is on while click loads,
# and, at exit, whether it is on and how many objects were frozen.
_WATCH = """
import atexit, gc, sys
seen = {}
class Watch:
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            seen.setdefault("loading", gc.isenabled())
        return None
sys.meta_path.insert(0, Watch())
atexit.register(lambda: print(seen.get("loading"), gc.isenabled(), gc.get_freeze_count()))
sys.argv = ["pesten-ref", *sys.argv[1:]]
%s
"""


def _watched(code: str, *args: str) -> tuple[str, str, int, str]:
    done = subprocess.run([sys.executable, "-c", _WATCH % code, *args],
                          capture_output=True, text=True)
    *out, last = done.stdout.splitlines()
    loading, on_after, frozen = last.split()
    return loading, on_after, int(frozen), "\n".join(out)


def test_the_console_script_loads_the_command_line_with_the_collector_off_and_runs_it_on():
    loading, on_after, frozen, out = _watched(
        "from referee.interface.console import main\nmain()", "--version")
    assert loading == "False"          # click loaded with the collector off
    assert on_after == "True"          # and the command ran with it on again
    assert frozen > 1000               # what was loaded is out of every later pass
    assert out.startswith("pesten-ref, ")


def test_python_dash_m_referee_is_the_console_script():
    loading, on_after, frozen, out = _watched("import runpy\nrunpy.run_module('referee', "
                                              "run_name='__main__')", "--version")
    assert (loading, on_after) == ("False", "True") and frozen > 1000
    assert out.startswith("pesten-ref, ")


def test_the_command_line_imported_as_a_library_sets_no_collector_policy():
    loading, on_after, frozen, _ = _watched("import referee.interface.cli")
    assert (loading, on_after, frozen) == ("True", "True", 0)


@pytest.fixture
def command_line(monkeypatch):
    """``cli.main`` replaced by one that notes the collector's state when it runs."""
    seen = []
    monkeypatch.setattr(cli, "main", lambda **kw: seen.append((gc.isenabled(), kw)))
    yield seen
    gc.unfreeze()


def test_the_collector_is_as_the_caller_left_it(command_line):
    console.main()
    gc.disable()
    try:
        console.main()
    finally:
        gc.enable()
    assert command_line == [(True, {"prog_name": "pesten-ref"}),
                            (False, {"prog_name": "pesten-ref"})]
