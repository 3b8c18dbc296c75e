"""The layers of ``referee/`` and the way their dependencies point (README "Layout").

The folders are the layers:

    interface    interface/cli (click): the commands; it starts the prompt for ``play``
        |        interface/repl (prompt-toolkit): the table prompt, which knows no click
        |
    application  interface/app (one typed line), interface/complete, series/ (a series
        |        and its saves), tournament/, simulator/, words/ (the engine's rulings,
        |        events and cards as sentences), and any module not named below
    engine       engine/ (with cards, notation, rules, values, lexicon): it makes no
        |        sentence and imports nothing of messages/ (rulings are typed events,
        |        errors carry a Told: said by words/ and messages.say where read)
    base         messages/ (every sentence), the package itself

Every ``import`` of every module under ``referee/`` is read (at the top of the
module and inside functions alike, since a lazy import is still a
dependency): a module may import its own layer or a lower one, never a higher
one (within the interface, ``repl`` never imports ``cli``, so the two do not
import each other); and no chain of imports leads back to where it started.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "referee"

LAYERS = ("base", "engine", "application", "prompt", "command line")
INTERFACE = ("prompt", "command line")
# Module name (or package prefix) -> layer; anything else is application.
_PLACED = {
    "referee.messages": "base",
    "referee.engine": "engine",
    "referee.interface.repl": "prompt",
    "referee.interface.cli": "command line",
    "referee.interface.console": "command line",
    "referee.__main__": "command line",
}


def layer_of(module: str) -> str:
    """The layer of a ``referee`` module: its own entry, else its package's, else
    application (the package ``referee`` itself is base)."""
    if module == "referee":
        return "base"
    name = module
    while name != "referee":
        if name in _PLACED:
            return _PLACED[name]
        name = name.rpartition(".")[0]
    return "application"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package: name -> file."""
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def import_origin(node: ast.ImportFrom, package: str) -> str:
    """The absolute module a ``from ... import`` reads, relative levels resolved
    against ``package`` (the package of the importing module)."""
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The ``referee`` modules that module ``name`` (file ``path``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            origin = import_origin(node, package)
            targets = [(origin, alias.name) for alias in node.names]
        else:
            continue
        for origin, member in targets:
            if member is not None and f"{origin}.{member}" in known:
                found.add(f"{origin}.{member}")  # ``from . import messages``: the module
            elif origin in known:
                found.add(origin)
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


# ---------------------------------------------------------------------------

def test_the_walk_sees_every_module_and_their_imports():
    edges = graph()
    assert {"referee.interface.cli", "referee.interface.repl", "referee.interface.app",
            "referee.series.session"} <= set(edges)
    assert "referee.interface.app" in edges["referee.interface.repl"]
    assert "referee.messages" in edges["referee.interface.app"]  # ``from .messages import t``
    assert "referee.engine.cards" in edges["referee.series.scoring"]  # ``from referee.engine.cards import ...``
    assert "referee.series.store" in edges["referee.interface.repl"]  # imported inside ``run_repl``
    assert "referee.words.entries" in edges["referee.words.events"]  # inside ``_entry``
    assert "referee.engine.events" in edges["referee.engine.order"]  # inside ``check_turn``


def test_no_module_imports_a_higher_layer():
    upward = [f"{name} ({layer_of(name)}) imports {dep} ({layer_of(dep)})"
              for name, deps in graph().items() for dep in sorted(deps)
              if LAYERS.index(layer_of(dep)) > LAYERS.index(layer_of(name))]
    assert upward == []


def test_the_prompt_does_not_import_the_command_line():
    edges = graph()
    assert "referee.interface.cli" not in edges["referee.interface.repl"]
    assert {layer_of("referee.interface.cli"),
            layer_of("referee.interface.repl")} <= set(INTERFACE)
    # Nothing below the interface reaches the prompt or the command line.
    reach = [f"{name} imports {dep}" for name, deps in edges.items()
             if layer_of(name) not in INTERFACE for dep in sorted(deps)
             if layer_of(dep) in INTERFACE]
    assert reach == []


def test_there_is_no_import_cycle():
    """No chain of imports leads back to where it started, lazy imports included
    (inside the engine too: what ``turn``, ``actions`` and ``lastcard`` share, the
    piles, lies below all three)."""
    assert cycles(graph()) == []


def package_of(module: str) -> str:
    """The package a module belongs to for the package graph: ``referee.X`` for
    every module under ``referee/X/``, else the module itself."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 else module


def package_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The imports between packages that the module imports give."""
    out: dict[str, set[str]] = {}
    for name, deps in edges.items():
        for dep in deps:
            if package_of(dep) != package_of(name):
                out.setdefault(package_of(name), set()).add(package_of(dep))
    return out


def test_packages_import_each_other_one_way():
    """Issue 31: no chain of imports between packages leads back, lazy imports
    included (a tournament is made of series: ``tournament`` imports ``series``,
    so where a series is played, ``seat``, lives in ``tournament``)."""
    packages = package_graph(graph())
    assert "referee.series" in packages["referee.tournament"]
    assert cycles(packages) == []


def test_the_package_check_sees_a_cycle():
    edges = {"referee.series.seat": {"referee.tournament.files"},
             "referee.tournament.files": {"referee.series.store"}}
    assert cycles(package_graph(edges)) == [["referee.series", "referee.tournament"]]


def test_the_engine_makes_no_sentence_and_reads_no_language():
    """Issue 21: no module of the engine imports the message layer, at the top or
    inside a function: rulings, events, the hand's summary, ``check`` and ``why``
    are facts said by ``referee/words`` (the renderer that was ``engine/words.py``
    is ``referee/words/events.py``), and the engine's errors (``RulesError``,
    ``NotationError``) carry a ``told.Told``, said where they are caught."""
    mods = modules()
    assert "referee.engine.words" not in mods and "referee.words.events" in mods
    edges = graph()
    engine = [name for name in mods if layer_of(name) == "engine"]
    assert {"referee.engine.rules", "referee.engine.cards", "referee.engine.hand"} <= set(engine)
    speaking = {name: sorted(filter(_speaks, edges[name])) for name in engine}
    assert speaking == {name: [] for name in engine}


def _speaks(module: str) -> bool:
    return module == "referee.messages" or module.startswith("referee.messages.")


def test_a_sentence_made_in_the_engine_would_be_caught(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def told(self):\n    from referee.messages import t\n"
                     "    return t('engine.play')\n")
    assert imports_of("referee.engine.ruling", probe, {"referee.messages"}) \
        == {"referee.messages"}


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": set()}, []),
])
def test_the_cycle_finder_finds_cycles(edges, expected):
    assert cycles(edges) == expected


def test_an_upward_import_would_be_caught(tmp_path):
    module = tmp_path / "referee" / "engine_probe.py"
    module.parent.mkdir()
    module.write_text("from ..interface.cli import main\nfrom .. import messages\n")
    found = imports_of("referee.engine.notation", module,
                       {"referee.interface.cli", "referee.messages"})
    assert found == {"referee.interface.cli", "referee.messages"}
    assert LAYERS.index(layer_of("referee.interface.cli")) \
        > LAYERS.index(layer_of("referee.engine.notation"))


# A named tuple's public methods start with an underscore.
_NAMEDTUPLE_API = frozenset({"_replace", "_asdict", "_fields", "_make"})


def _private_uses(path: Path) -> list[str]:
    """``x._name`` on anything but ``self``/``cls``, and ``from ..engine... import _name``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") and node.attr not in _NAMEDTUPLE_API:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                out.append(f"{path.name}:{node.lineno} .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and "engine" in (node.module or ""):
            out += [f"{path.name}:{node.lineno} import {a.name}" for a in node.names
                    if a.name.startswith("_")]
    return out


def test_nothing_outside_the_engine_touches_its_private_names():
    found = [use for name, path in modules().items() if layer_of(name) != "engine"
             for use in _private_uses(path)]
    assert found == []


def test_a_private_name_used_across_would_be_caught(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f(table):\n    return table.hand._next_seat('Anna')\n"
                     "from .engine.hand import _LegalNow\n")
    assert sorted(_private_uses(probe)) == ["probe.py:2 ._next_seat", "probe.py:3 import _LegalNow"]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_names_crossing(name: str, path: Path, known: set[str]) -> list[str]:
    """Where module ``name`` (file ``path``) reaches another ``referee`` module's
    private name: ``from referee.series.store import _clean`` (relative or absolute, at
    the top or inside a function), or ``store._clean`` on a module it imported
    (``from referee import store``, ``import referee.series.store as store``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[str] = []
    bound: dict[str, str] = {}  # a local name -> the referee module it is
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            origin = import_origin(node, package)
            if origin != "referee" and not origin.startswith("referee."):
                continue
            for alias in node.names:
                if f"{origin}.{alias.name}" in known:
                    bound[alias.asname or alias.name] = f"{origin}.{alias.name}"
                elif _private(alias.name) and origin != name:
                    found.append(f"{path.name}:{node.lineno} from {origin} import {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    bound[alias.asname or alias.name.partition(".")[0]] = \
                        alias.name if alias.asname else alias.name.partition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            target = ast.unparse(node.value)
            head, _, rest = target.partition(".")
            module = ".".join(filter(None, (bound.get(head), rest))) if head in bound else None
            if module in known and module != name:
                found.append(f"{path.name}:{node.lineno} {target}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_name():
    """What one module of ``referee/`` takes from another is that module's public
    API: no ``from .store import _atomic_write``, no ``scoring._pad`` (tests may)."""
    mods = modules()
    known = set(mods)
    found = [use for name, path in mods.items()
             for use in private_names_crossing(name, path, known)]
    assert found == []


def test_a_private_name_taken_from_another_module_would_be_caught(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from .store import _atomic_write, render\n"
                     "from . import scoring\n"
                     "import referee.simulator.simulate\n"
                     "def f():\n"
                     "    from referee.messages import _AREAS\n"
                     "    return scoring._pad, referee.simulator.simulate._seed, "
                     "_private_here()\n"
                     "def _private_here():\n"
                     "    return 1\n")
    known = {"referee", "referee.series.store", "referee.series.scoring",
             "referee.simulator.simulate", "referee.messages", "referee.series.probe"}
    assert sorted(private_names_crossing("referee.series.probe", probe, known)) == [
        "probe.py:1 from referee.series.store import _atomic_write",
        "probe.py:5 from referee.messages import _AREAS",
        "probe.py:6 referee.simulator.simulate._seed",
        "probe.py:6 scoring._pad",
    ]


# What reads or writes a file, or finds one on disk.
_FILE_IO = frozenset({"open", "read_text", "write_text", "read_bytes", "write_bytes",
                      "is_file", "exists", "iterdir", "glob", "rglob"})
_FILE_MODULES = frozenset({"os", "io", "shutil", "importlib.resources", "pathlib", "tempfile"})


def file_io(path: Path) -> list[str]:
    """Where a module touches files: a call of ``open``/``x.read_text``/... or an
    import of ``os``, ``pathlib``, ``importlib.resources``... (a ``TYPE_CHECKING``
    import of a type excepted)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and ast.unparse(node.test) == "TYPE_CHECKING" for n in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in _FILE_IO:
                found.append(f"{path.name}:{node.lineno} {name}()")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            found += [f"{path.name}:{node.lineno} import {n}" for n in names if n in _FILE_MODULES]
    return found


def test_the_engine_reads_no_file():
    """The engine is pure (README "Layout"): nothing under ``referee/engine/`` opens,
    reads or looks for a file; presets and house-rule files are read by
    ``referee.series.presets`` and handed to it."""
    found = [use for name, path in modules().items() if layer_of(name) == "engine"
             for use in file_io(path)]
    assert found == []


def test_a_file_read_in_the_engine_would_be_caught(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from importlib import resources\nimport os\n"
                     "if TYPE_CHECKING:\n    from pathlib import Path\n"
                     "def f(p):\n    return (p / 'x.toml').read_text(), open(p)\n")
    assert sorted(file_io(probe)) == ["probe.py:1 import importlib.resources",
                                      "probe.py:2 import os", "probe.py:6 open()",
                                      "probe.py:6 read_text()"]


