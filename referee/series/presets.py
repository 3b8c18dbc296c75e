"""Reading rule sets (RULES.md R8): the shipped presets and a family's house-rule
files, read from disk and handed to the engine's pure checking
(``referee.engine.tomlsource.parse_toml``, ``referee.engine.reading``: ``resolve_table``,
``build_rules``).
An ``extends`` chain is read one file at a time (``_read_extended``), never by
recursion.

Public API:

- ``preset_text(name)``: the TOML text of a preset, as shipped.
- ``find_rules_file(spec, directory=None)``: the house-rule file a name gives.
- ``load_rules(spec, base_dir=None, players=None)``: a preset, alias or TOML file
  -> HouseRules (with ``players``: checked to seat them, ``check_table_fits``).
- ``rules_from_table(table, name="custom")``: a table read back from a save.
- ``rules_from_saved(table)``: a save file's ``[rules]`` table.
- ``rules_origin(spec, base_dir=None)``: where a rule set comes from (file, key lines).

Each raises ``RulesError`` (with ``told``, ``file``, ``line``, ``key``, ``allowed``:
data, said by whoever catches it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from referee.engine.keys import EXTENDS
from referee.engine.rules import HouseRules, RulesError
from referee.engine.rules import resolve_preset as _english_preset
from referee.engine.tomlsource import Source, parse_toml
from referee.engine.rulecheck import check_table_fits, extends_allowed
from referee.engine.reading import build_rules, finish_rules, not_found_error, resolve_table

if TYPE_CHECKING:  # pathlib is imported where files are looked up, not at start-up
    from pathlib import Path


def resolve_preset(name: str) -> str | None:
    """A preset name or alias (the engine's ``resolve_preset``), or a language's own
    name for a preset (``famille``, ``famiglia``, ``padrão``: ``lexicon.local_preset``)
    -> the preset's name, else None (R8)."""
    from referee.engine.lexicon import local_preset
    return _english_preset(name) or local_preset(name)


def _preset_dir() -> Any:
    """The presets folder: the package ``referee.house_rules``, else ``house_rules/`` beside ``referee/``."""
    from importlib import resources

    try:
        return resources.files("referee.house_rules")
    except ModuleNotFoundError:
        from pathlib import Path
        return Path(__file__).resolve().parents[2] / "house_rules"


def preset_text(name: str) -> str:
    """The TOML text of a preset (name or alias), as shipped; raises RulesError for an unknown name."""
    preset = resolve_preset(name)
    if preset is None:
        raise not_found_error(name)
    return (_preset_dir() / f"{preset}.toml").read_text(encoding="utf-8")


def _read_extended(spec: str, src: Source,
                   chain: tuple[str, ...]) -> tuple[dict[str, Any], Source, str]:
    """What ``extends = spec`` names (a preset, else a file relative to the file of
    ``src``), read but not merged: the engine's ``Read``.  A name already in
    ``chain`` is a circle: RulesError at the ``extends`` line of ``src``."""
    preset = resolve_preset(spec)
    line = src.line_of(EXTENDS)
    if preset is not None:
        ident = f"preset:{preset}"
        if ident in chain:
            raise _cycle(src, chain + (ident,), line)
        return _preset_own(preset) + (ident,)
    if src.preset:
        path = None
    else:
        path = find_rules_file(spec, src.directory)
    if path is None:
        raise src.error("rules.err.extends_unknown", key=EXTENDS, line=line, got=spec,
                        allowed=extends_allowed())
    ident = str(path.resolve())
    if ident in chain:
        raise _cycle(src, chain + (ident,), line)
    return _file_own(path) + (ident,)


def _cycle(src: Source, chain: tuple[str, ...], line: int | None) -> RulesError:
    from pathlib import Path
    names = [c.split(":", 1)[1] if c.startswith("preset:") else Path(c).name for c in chain]
    start = chain.index(chain[-1])
    return src.error("rules.err.extends_cycle", key=EXTENDS, line=line,
                     allowed=extends_allowed(),
                     chain=" -> ".join(names[start:]))


def find_rules_file(spec: str | Path, directory: str | Path | None = None) -> Path | None:
    """The house-rule file ``spec`` names (relative to ``directory``, default the
    current directory; ``"ourhouse"`` also finds ``ourhouse.toml``), or None."""
    from pathlib import Path
    path = Path(spec).expanduser()
    if not path.is_absolute() and directory is not None:
        path = Path(directory) / path
    if path.is_file():
        return path
    if path.suffix == "":
        with_suffix = path.with_suffix(".toml")
        if with_suffix.is_file():
            return with_suffix
    return None


def _preset_own(preset: str) -> tuple[dict[str, Any], Source]:
    """A preset's own table, as parsed, and its source."""
    text = preset_text(preset)
    src = Source(file=preset, preset=True, text=text, name=preset)
    return parse_toml(text, src), src


def _file_own(path: Path) -> tuple[dict[str, Any], Source]:
    """A house-rule file's own table, as parsed, and its source.  A file that is not
    UTF-8 text is refused at the line of the first byte that is not (R8); a UTF-8
    byte order mark is read past."""
    shown = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise Source(file=shown, name=path.stem).error(
            "rules.err.unreadable", key=None, allowed=None, detail=reason) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        skipped = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        at = exc.start + skipped
        raise Source(file=shown, name=path.stem).error(
            "rules.err.not_utf8", key=None, allowed=None, line=data.count(b"\n", 0, at) + 1,
            byte=f"0x{data[at]:02x}") from None
    from referee.series.spoken import file_ranks
    src = Source(file=shown, text=text, name=path.stem, directory=path.parent, ranks=file_ranks())
    return parse_toml(text, src), src


def _preset_table(preset: str) -> tuple[dict[str, Any], Source]:
    """A preset merged onto its base, with the source used to place later errors."""
    own, src = _preset_own(preset)
    return resolve_table(own, src, f"preset:{preset}", _read_extended), src


def _file_table(path: Path) -> tuple[dict[str, Any], Source]:
    """A house-rule file merged onto what it extends, with its source."""
    own, src = _file_own(path)
    return resolve_table(own, src, str(path.resolve()), _read_extended), src


# -- public loading API -------------------------------------------------------

def load_rules(spec: str | Path, base_dir: str | Path | None = None,
               players: int | Iterable[int] | None = None) -> HouseRules:
    """Load a rule set (RULES.md R8): a preset name or alias, or a house-rule TOML file.

    ``spec`` is first read as a preset name or alias (``"family"``,
    ``"Gezinspesten"``, ``"snel pesten"``), else as a path, relative to
    ``base_dir`` (default: the current directory); ``"ourhouse"`` also finds
    ``ourhouse.toml``.  A file may ``extends = "PRESET"`` or another file
    (relative to itself); ``[points]`` and ``[series]`` merge key by key with
    the base, and keys left out keep their standard values.

    ``players`` (a count, or several: every table size a tournament may draw),
    when given: a table of each must seat them and the deal fit the deck
    (``check_table_fits``), the error placed on the file and line where
    ``deal_size`` or ``decks`` is written.

    Returns a validated HouseRules whose ``name`` is the preset name or the
    file's stem.  Raises RulesError (with ``file``, ``line``, ``key``,
    ``allowed``: the file and line where the value at fault is written, also
    in a file it extends) for an unknown preset or missing file, unreadable,
    non-UTF-8 or invalid TOML, an unknown key, a wrong type or value, an
    unknown or circular ``extends`` or one more than ``MAX_EXTENDS`` files
    deep, or ``series.mode = "hands"`` without ``series.hands``.
    """
    from pathlib import Path
    if not isinstance(spec, Path):
        preset = resolve_preset(spec)
        if preset is not None:
            merged, src = _preset_table(preset)
            return _fits(finish_rules(merged, src, preset), merged, players)
    directory = Path(base_dir) if base_dir is not None else None
    path = find_rules_file(spec, directory)
    if path is None:
        raise not_found_error(str(spec))
    merged, src = _file_table(path)
    return _fits(finish_rules(merged, src, path.stem), merged, players)


def _fits(rules: HouseRules, merged: Any, players: int | Iterable[int] | None) -> HouseRules:
    for count in (() if players is None else (players,) if isinstance(players, int)
                  else players):
        check_table_fits(rules, count, merged)
    return rules


def rules_origin(spec: str | Path, base_dir: str | Path | None = None) -> dict[str, Any]:
    """Where the rule set ``spec`` (as ``load_rules`` reads it) comes from, to keep
    with a series (``why`` names the file and line of a house rule, R8):
    ``{"rules_preset": name}`` for a preset or alias; for a house-rule file
    ``{"rules_file": its absolute path, "rules_lines": {key: line}}`` with the
    line (from 1) of each key the file itself sets (``"stacking"``,
    ``"actions.K"``), and ``"rules_extends"``: the preset it extends, if it does.
    Reads the file; raises RulesError as ``load_rules``."""
    from pathlib import Path
    if not isinstance(spec, Path):
        preset = resolve_preset(spec)
        if preset is not None:
            return {"rules_preset": preset}
    directory = Path(base_dir) if base_dir is not None else None
    path = find_rules_file(spec, directory)
    if path is None:
        raise not_found_error(str(spec))
    _merged, src = _file_table(path)
    lines = {".".join(str(p) for p in key): n for key, n in src.lines.items()
             if all(isinstance(p, str) for p in key)}
    out: dict[str, Any] = {"rules_file": str(path.resolve()), "rules_lines": lines}
    base = _merged_extends(path)
    if base is not None:
        out["rules_extends"] = base
    return out


def _merged_extends(path: Path) -> str | None:
    """The preset a house-rule file ``extends`` (directly), or None."""
    try:
        table = parse_toml(path.read_text(encoding="utf-8"), Source(file=str(path)))
    except (OSError, UnicodeDecodeError, RulesError):
        return None
    spec = table.get(EXTENDS)
    return resolve_preset(spec) if isinstance(spec, str) else None


def rules_from_saved(table: Mapping[str, Any]) -> HouseRules:
    """The rule set copied into a save file (its ``[rules]`` table: the R8 keys and
    the set's ``name``, default ``"custom"``) -> HouseRules, validated as
    ``rules_from_table``.  Raises RulesError."""
    rest = {k: v for k, v in table.items() if k != "name"}
    return rules_from_table(rest, str(table.get("name", "custom")))


def rules_from_table(table: Mapping[str, Any], name: str = "custom") -> HouseRules:
    """A HouseRules from a plain table (complete or partial), e.g. read back from a save file.

    Keys are those of R8 (as ``HouseRules.to_table()`` writes them); keys left
    out keep their standard values; ``extends`` may name a preset (or a file,
    relative to the current directory).  Validated exactly like a file;
    errors carry ``file = None`` and ``line = None``.  Raises RulesError.
    """
    src = Source(file=None, name=name, directory=None)  # a file it extends: from the current directory
    return build_rules(table, src, _read_extended)
