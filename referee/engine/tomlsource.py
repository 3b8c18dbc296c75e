"""TOML text: where each key of a house-rule or save file is written, and the one
writer of a value as TOML writes it (RULES.md R8).

Public API:

- ``toml_value(value)``: a value as TOML writes it (messages, the rule book).
- ``key_lines(text)``, ``line_of(lines, path)``: the line of each key path of a
  TOML text (house-rule files and save files alike).
- ``Source``: where a table came from (a file, a preset, a save table, options),
  to place a ``RulesError`` on its file and line.
- ``parse_toml(text, src)``: a house-rule text's table, a syntax error placed on
  its line.
- ``Merged``: a table merged over what it extends, knowing the ``Source`` each
  value was written in; ``placed(merged, src, *paths)``: where to say an error
  about those values.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.engine.rules import RulesError
from referee.engine.told import OneOf, Told

if TYPE_CHECKING:  # types only: the engine reads no file
    from pathlib import Path

def toml_value(value: Any) -> str:
    """A scalar as TOML writes it: ``true``, ``5``, ``"same"`` (for messages and the rule
    book); ``-`` for None (a key of ``[actions]``, ``[finish]`` ... left out: R9.1)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)


# -- where a table came from --------------------------------------------------

# Patterns are compiled on first use (``re`` caches them), keeping imports fast.
_BARE_OR_QUOTED = r'(?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_\-]+)'
_KEY_LINE = rf"^\s*({_BARE_OR_QUOTED}(?:\s*\.\s*{_BARE_OR_QUOTED})*)\s*="
_HEADER_LINE = rf"^\s*\[\[?\s*({_BARE_OR_QUOTED}(?:\s*\.\s*{_BARE_OR_QUOTED})*)\s*\]\]?"


def _key_path(text: str) -> tuple[str, ...]:
    return tuple(_key_part(p) for p in re.findall(_BARE_OR_QUOTED, text))


def _key_part(part: str) -> str:
    """One key of a dotted key as TOML reads it: quotes taken off, the escapes of a
    basic string (``"dea\\u006c_size"``) read."""
    if part[:1] == '"' and "\\" in part:
        try:
            return tomllib.loads("k = " + part)["k"]
        except tomllib.TOMLDecodeError:
            pass
    return part.strip("\"'") if part[:1] in "\"'" else part


_STRINGS = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''


def _depth(text: str) -> int:
    """How many more ``[`` than ``]`` a line's value holds (strings and a comment left out)."""
    bare = re.sub(_STRINGS, "", text).split("#", 1)[0]
    return bare.count("[") - bare.count("]")


def key_lines(text: str) -> tuple[dict[tuple[str | int, ...], int], int | None]:
    """Map each key path of a TOML text to the line (from 1) it is first set on.

    Paths are tuples of keys and item numbers (from 1, as people count):
    ``("rules", "stacking")`` for ``stacking`` below ``[rules]``,
    ``("points", "K")``, ``("records", 2)`` for the second line of a
    ``records = [ ... ]`` written one item a line (its inline table's keys are
    on that line too), ``("corrections", 2, "old")`` for ``[corrections.old]``
    below the second ``[[corrections]]``.  Also returns the line of the first
    key path set twice (TOML refuses that), or None.  A plain scan of the
    lines as pesten-ref and people write them, good enough to point at a line
    (``line_of`` finds the nearest key path that is mapped).
    """
    lines: dict[tuple[str | int, ...], int] = {}
    duplicate: int | None = None
    section: tuple[str | int, ...] = ()
    arrays: dict[tuple[str | int, ...], int] = {}   # [[path]] -> items so far
    inside: tuple[tuple[str | int, ...], int, int] | None = None  # (path, items, depth)

    def placed(path: tuple[str, ...]) -> tuple[str | int, ...]:
        out: tuple[str | int, ...] = ()
        for part in path:
            out += (part,)
            if out in arrays:
                out += (arrays[out],)
        return out

    for number, line in enumerate(text.split("\n"), 1):  # (a line ends at a newline alone, as in TOML)
        stripped = line.strip()
        if inside is not None:   # the items of a list written over several lines
            path, items, depth = inside
            if depth == 1 and stripped and not stripped.startswith(("#", "]")):
                items += 1
                lines.setdefault(path + (items,), number)
            depth += _depth(line)
            inside = (path, items, depth) if depth > 0 else None
            continue
        header = re.match(_HEADER_LINE, line)
        if header:
            path = _key_path(header.group(1))
            section = placed(path[:-1]) + path[-1:]
            if stripped.startswith("[["):
                arrays[section] = arrays.get(section, 0) + 1
                lines.setdefault(section, number)
                section += (arrays[section],)
            elif section in lines and duplicate is None:
                duplicate = number
            lines.setdefault(section, number)
            continue
        key = re.match(_KEY_LINE, line)
        if key:
            path = section + _key_path(key.group(1))
            if path in lines and duplicate is None:
                duplicate = number
            lines.setdefault(path, number)
            depth = _depth(line[key.end():])
            if depth > 0:
                inside = (path, 0, depth)
    return lines, duplicate


def line_of(lines: Mapping[tuple[str | int, ...], int], path: tuple[str | int, ...]) -> int | None:
    """The line ``key_lines`` gives for ``path``, else for the nearest key path
    above it (the ``[rules]`` table of an unmapped ``rules.x``), else None."""
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None


class Source:
    """Where a table came from, to place errors: a file, a preset, a save table, options
    (``file``, ``preset``, ``name``, ``directory``: the folder a file's own ``extends``
    is relative to, None for the current directory; ``lines`` of each key).

    ``ranks``: the names a file may give a rank in the keys of ``[actions]`` and
    ``[points]`` and in its rank lists besides the English ones, lower case, each with
    the ranks it may stand for (``{"h": ("K",), "v": ("Q", "J")}``): the application
    passes the language's letters and words in (NOTATION.md "Languages"); the engine
    reads no language.  A name standing for more than one rank is refused where used."""

    def __init__(self, *, file: str | None = None, preset: bool = False, text: str | None = None,
                 name: str = "custom", where_key: str | None = None, directory: Path | None = None,
                 ranks: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.file = file
        self.preset = preset
        self.name = name
        self.where_key = where_key
        self.directory = directory
        self.ranks = dict(ranks or {})
        self.lines, self.duplicate = key_lines(text) if text is not None else ({}, None)

    def line_of(self, *path: str) -> int | None:
        """The line ``path`` is written on; for a table only written through dotted
        keys (``e.x = 1``), the first of them; else the nearest path above it."""
        if path and path not in self.lines:
            below = [n for p, n in self.lines.items() if p[:len(path)] == path]
            if below:
                return min(below)
        return line_of(self.lines, path)

    def where(self, line: int | None) -> Told:
        """Where an error is, to be said (``rules.where.*``): the file and ``line``,
        a preset, a table or the options."""
        if self.where_key:
            return Told(self.where_key, name=self.name)
        if self.file is None:
            return Told("rules.where.table", name=self.name)
        kind = "rules.where.preset" if self.preset else "rules.where.file"
        if line is not None:
            return Told(kind + "_line", file=self.file, line=line)
        return Told(kind, file=self.file)

    def error(self, problem_key: str, *, key: str | None, allowed: Told | OneOf | str | None,
              line: int | None = None, **fields: Any) -> RulesError:
        """The RulesError of problem ``problem_key`` (``rules.err.*``, told with
        ``key``, ``allowed`` and ``fields``) at ``line`` of this source."""
        problem = Told(problem_key, key=key, allowed=allowed, **fields)
        told = Told("rules.error", where=self.where(line), problem=problem)
        return RulesError(told, file=self.file, line=line, key=key, allowed=allowed,
                          problem=problem)




class Merged(dict):
    """A rule set's table merged over what it extends (``resolve_table``), a plain
    dict of the keys, that also knows where each value was written.

    ``origins`` maps a key path (``("deal_size",)``, ``("actions", "K")``) to
    ``(depth, Source)``: the file (or preset) that wrote the value in force and how
    far down the ``extends`` chain it is (0: the file read first); the empty path
    ``()`` is that first file.  ``stacking_word``: ``(word, origin)`` when a
    ``[stacking]`` table without ``groups`` was written over ``stacking = "WORD"``
    (its groups stay those of the word, R9.14; ``origin`` as in ``origins``, None
    for the default), else None.
    """

    __slots__ = ("origins", "stacking_word")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.origins: dict[tuple[str, ...], tuple[int, Source]] = {}
        self.stacking_word: tuple[str, tuple[int, Source] | None] | None = None


def placed(merged: Mapping[str, Any], src: Source,
            *paths: tuple[str, ...]) -> tuple[Source, tuple[str, ...], int | None]:
    """Where to say an error about the values at ``paths`` of a merged table is:
    of the paths some file wrote, the one written nearest the file read first
    (the first path on a tie) -> (its Source, the path, its line).  When no file
    wrote any of them, the file read first (``src`` when unknown), no line."""
    origins = merged.origins if isinstance(merged, Merged) else {}
    found = [(origins[path][0], n, path) for n, path in enumerate(paths) if path in origins]
    if not found:
        return origins.get((), (0, src))[1], paths[0], None
    _depth_found, _n, path = min(found)
    where = origins[path][1]
    return where, path, where.line_of(*path)


def parse_toml(text: str, src: Source) -> dict[str, Any]:
    """The table of a house-rule TOML text; raises RulesError placing a syntax
    error on its line of ``src`` (an error at the end of the text on its last
    line; values nested too deeply to read on the line where they get so deep)."""
    last = max((n for n, row in enumerate(text.split("\n"), 1) if row.strip()), default=1)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise src.error("rules.err.nested", key=None, allowed=None,
                        line=_deepest_line(text)) from None
    except tomllib.TOMLDecodeError as exc:
        detail = str(exc)
        found = re.search(r"\s*\(at line (\d+), column (\d+)\)\s*$", detail)
        if found:
            line = min(int(found.group(1)), last)
            detail = detail[:found.start()]
            raise src.error("rules.err.syntax", key=None, allowed=None, line=line,
                            detail=detail) from None
        detail = re.sub(r"\s*\(at end of document\)\s*$", "", detail)
        if src.duplicate is not None:
            raise src.error("rules.err.syntax", key=None, allowed=None, line=src.duplicate,
                            detail=detail) from None
        raise src.error("rules.err.syntax_end", key=None, allowed=None, line=last,
                        detail=detail) from None


def _deepest_line(text: str) -> int:
    """The line (from 1) where the brackets of a text are nested deepest."""
    depth, deepest, line = 0, -1, 1
    for number, row in enumerate(text.split("\n"), 1):
        bare = re.sub(_STRINGS, "", row).split("#", 1)[0]
        for char in bare:
            depth += 1 if char in "[{" else -1 if char in "]}" else 0
            if depth > deepest:
                deepest, line = depth, number
    return line
