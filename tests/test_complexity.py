"""The engine reads as its rule book does: no function of the engine so branched
that radon grades it D or worse (cyclomatic complexity over 20), and no engine
module over about 600 lines (each module has one job, its docstring says which)."""

from pathlib import Path

from radon.complexity import cc_rank, cc_visit

ENGINE = Path(__file__).resolve().parent.parent / "referee" / "engine"
MODULES = sorted(ENGINE.glob("*.py"))


def test_no_engine_function_is_graded_d_or_worse():
    graded = [f"{path.name}:{block.fullname} {cc_rank(block.complexity)} ({block.complexity})"
              for path in MODULES
              for block in cc_visit(path.read_text(encoding="utf-8"))
              if cc_rank(block.complexity) not in "ABC"]
    assert graded == []


def test_no_engine_module_is_over_600_lines_and_each_says_its_job():
    too_long = [p.name for p in MODULES if len(p.read_text(encoding="utf-8").splitlines()) > 600]
    assert too_long == []
    silent = [p.name for p in MODULES if not p.read_text(encoding="utf-8").lstrip().startswith('"""')]
    assert silent == []
