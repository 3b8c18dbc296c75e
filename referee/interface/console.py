"""The ``pesten-ref`` console script (and ``python -m referee``): the command line
of ``cli``, started with Python's cyclic garbage collector set for a short process.

Loading the command line builds a graph of modules, classes and functions (click,
typing, the program's own) that the process keeps until it exits.  With the
collector on, every 700 new objects set off a pass over that graph, which frees
next to nothing: about a tenth of what ``score`` costs after every hand
(bench/bench_startup.py).  So the collector is off while ``cli`` is imported; then
``gc.freeze()`` moves what is loaded out of every later pass, and the collector is
on again for the command itself, whatever it does (``play`` for an evening,
``simulate`` for a million hands) as before.  The cost is the little cyclic
garbage that the import itself leaves, kept until the process exits.

``referee.interface.cli`` imported as a library (the tests, another program) sets
no collector policy: only this entry point does.
"""

from __future__ import annotations

import gc


def main() -> None:
    """Run ``pesten-ref`` with the command line of the process (``cli.main``).

    Exits as ``cli.main`` does (``SystemExit`` with the exit status of NOTATION.md
    "Commands").  The collector is as it was found once ``cli`` is loaded: if the
    caller had turned it off, it stays off.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        from referee.interface.cli import main as command_line
    finally:
        gc.freeze()
        if was_on:
            gc.enable()
    command_line(prog_name="pesten-ref")
