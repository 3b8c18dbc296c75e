"""Save files: a series as TOML a person can read and edit, written atomically and locked.

Layout on disk, for ``--save PATH`` (default ``pesten.toml``)::

    pesten.toml                 the series header: format, players, rule set, standings
    pesten.toml.bak             the previous version of the header
    pesten.toml.lock            lock file of the process writing (holds its pid)
    pesten.hands/               one file per hand, rewritten only while that hand is played
        hand-00001.toml
        hand-00001.toml.bak
        hand-00002.toml ...
        index.json              derived: each hand's file without its log, and what
                                the records derive from the log (see below)

The header is small and of fixed size whatever the number of hands, and saving an
entry rewrites only the current hand's file, so the cost of a save does not grow
with the series.

Every file carries ``format = FORMAT`` as its first key.  Values are plain TOML
values: str, int, float, bool, datetime (stored in UTC), date, list, dict.  TOML
has no null, so ``None`` values are dropped when writing, at any depth.  A list of
flat tables at the top level of a file (the entries of a hand, the standings) is
written as one inline table per line, so the log reads like the table talk::

    entries = [
        { line = "start 9h", by = "Anna", at = 2024-05-01 20:13:05+00:00 },
        { line = "7h", by = "Bram", at = 2024-05-01 20:13:09+00:00 },
    ]

Writing is atomic: the new text goes to a temporary file in the same folder, is
flushed and fsynced, the old file is kept as ``<file>.bak`` (hard link, else copy),
the temporary file replaces the old one (``os.replace``) and the folder is fsynced.
At every instant the file on disk is a complete old or new version.

Commands that write hold ``SaveFile.lock()`` for the whole command (an
exclusive, non-blocking ``flock`` on ``<PATH>.lock``; the lock of a killed
process is released by the OS), so that a second pesten-ref is refused at once
(``SaveBusy``) rather than working from a stale read.  Every write also takes
the lock itself when this process does not hold it, so no two processes ever
write at the same time.  Read-only commands do not lock: they see complete
files, but may see a hand file one save newer than its series file.  Every problem a player can meet is a
``SaveError`` with a one- or two-sentence message (exit status 2, or 3 for
``SaveBusy``); programming errors (a value TOML cannot hold) are ``TypeError``.

The hands' index, ``pesten.hands/index.json``, spares ``history`` and the
exports from parsing every hand's whole log: it holds each hand's file
without its log (``entries``, ``redo`` and the ``end`` derived from them: what ``SaveFile.read_hand_heads``
returns), with the file's identity when it was read (inode, size, mtime and
ctime in ns) and a digest of its bytes.  It is derived data, never the
source of truth: an entry is used only while its file is unchanged (same
identity; for a file changed less than ``_INDEX_SETTLE_NS`` before the
entry was made, where a same-size edit within the file system's clock tick
would keep the identity, the same digest too), any other file is read in
full and its entry replaced.  An index that is missing, damaged or of
another version is ignored and rebuilt; deleting it changes nothing but the
time of the next read.  It is JSON, not TOML (``tomllib`` would take as long
to read it as the logs it replaces; times are tagged ``{"$t": "datetime", "v":
ISO text}``, and a hand-edited file with a ``$t`` key of its own is never
indexed), written atomically like every file here, without a backup, under
the lock when it can be had at once, else not at all (a reader never waits
for a writer; a writer starting in the moment a reader writes the index is
refused as busy, as with any other writer).  An entry may also keep what a
reader derived from the whole file, log included (``SaveFile.read_hand_facts``:
the all-time records' biggest penalty), under the name of the derivation the
reader gives (which says what it depends on besides the file: the rule set):
derived from the same version of the file, it is trusted as the head is, and
lost with it when the file changes.
"""

from __future__ import annotations

import errno
import os
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import date, datetime, time, timezone
from functools import lru_cache
from typing import TYPE_CHECKING, Any


from referee.messages import t

if TYPE_CHECKING:
    from pathlib import Path

if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt
else:
    import fcntl

__all__ = [
    "FORMAT",
    "SaveError",
    "SaveBusy",
    "SaveFile",
    "os_reason",
    "data_dir",
    "resolve_save",
    "key_path",
    "render",
]

FORMAT = 1
"""The save format this version writes, and the newest one it reads."""

# Patterns as text, compiled on first use (``re`` caches them): reading a save
# file needs none of them, and start-up time counts.
_HAND_FILE = r"hand-(\d+)\.toml"
_ARCHIVED_FILE = r"series-(\d+)\.toml"
_ABANDONED_FILE = r"hand-(\d+)\.abandoned-(\d+)\.toml"
_BARE_KEY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
"""The characters of a bare TOML key (read without a pattern: start-up of ``score``)."""
_DECODE_AT = r"(?s)^(?P<what>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)\s*$"
_DECODE_END = r"(?s)^(?P<what>.*?)\s*\(at end of document\)\s*$"
_O_BINARY = getattr(os, "O_BINARY", 0)
_INDEX_NAME = "index.json"
_INDEX_VERSION = 3
"""3: a hand is indexed only once its whole file passed the reader's ``whole``
check (its log replays to its result), so an index of 2 is rebuilt."""
END = "end"
"""The key of a hand file's ``end``: the state its entries end in once the hand
is over, derived from them (``session`` writes and checks it), so it goes with
the log."""
_LOG_KEYS = frozenset({"entries", "redo", END})
_INDEX_SETTLE_NS = 2_000_000_000
"""A file changed less than this before its index entry was made is checked by
its digest too: 2 s, the coarsest clock of a common file system (FAT)."""


def _as_path(name: str) -> Path:
    """``name`` as a ``pathlib.Path``, for callers.  Inside, paths are strings and
    ``os.path`` does the work: importing pathlib costs start-up time that
    ``state``, ``standings`` and ``score`` need not pay."""
    from pathlib import Path
    return Path(name)
_WIN_LOCK_OFFSET = 1 << 30  # Windows: the locked byte lies past the pid text


# --------------------------------------------------------------------------- where a series is

DEFAULT_NAME = "pesten.toml"
"""The series file looked for in the current folder."""


def data_dir() -> str:
    """The user's pesten-ref folder: ``$XDG_DATA_HOME/pesten-ref``, by default
    ``~/.local/share/pesten-ref`` (not created here)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pesten-ref")


def resolve_save(given: str | os.PathLike[str] | None = None) -> str:
    """The series file a command works on (NOTATION "Commands"): ``given``
    (``--save``), else ``$PESTEN_REF_SAVE``, else ``pesten.toml`` in the current
    folder if it exists, else the user's current series in ``data_dir()``
    (``series.toml``), where ``new`` creates it."""
    if given:
        return os.fspath(given)
    env = os.environ.get("PESTEN_REF_SAVE")
    if env:
        return env
    if os.path.isfile(DEFAULT_NAME):
        return DEFAULT_NAME
    return os.path.join(data_dir(), "series.toml")


def series_language(path: str) -> str | None:
    """The own language (``new --lang``: ``[display] lang``; a tournament file's
    ``display = { lang = ... }``) of the series or tournament file at ``path``,
    or None (no file, none kept).  A quick look at the text, without parsing the
    TOML, so that every command can speak the series' language before it reads
    its command line (the file itself is read, and checked, later)."""
    try:
        with open(path, "rb") as fp:
            text = fp.read(65536).decode("utf-8", "replace")
    except OSError:
        return None
    return _display_lang(text)


def _display_lang(text: str) -> str | None:
    """The ``lang`` of the display settings in the TOML ``text`` (a ``[display]``
    table, or ``display = { ... }`` at the top), read line by line without a
    parser or a pattern (start-up of every command); None when there is none or
    it is not a plain string."""
    section = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
            continue
        key, equals, value = line.partition("=")
        if not equals:
            continue
        key = key.strip()
        if section == "[display]" and key == "lang":
            return _quoted(value)
        if section is None and key == "display" and value.lstrip().startswith("{"):
            for item in value.strip()[1:].rstrip("}").split(","):
                name, _, inner = item.partition("=")
                if name.strip() == "lang":
                    return _quoted(inner)
    return None


def _quoted(value: str) -> str | None:
    """The text of the basic string (without escapes) that ``value`` begins with, or None."""
    value = value.strip()
    end = value.find('"', 1)
    if not value.startswith('"') or end < 0 or "\\" in value[:end]:
        return None
    return value[1:end]


# --------------------------------------------------------------------------- errors


class SaveError(Exception):
    """A save file that cannot be read or written, told in one or two sentences.

    Attributes: ``message`` (str, already through the message layer), ``file``
    (Path of the file concerned, or None), ``line`` (int line number from 1, or
    None), ``where`` (a key path such as ``hands[3].entries[12]``, or None) and
    ``exit_code`` (2: an unreadable save file, NOTATION "Commands").
    """

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        file: str | os.PathLike[str] | None = None,
        line: int | None = None,
        where: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self._file = os.fspath(file) if file is not None else None
        self.line = line
        self.where = where

    @property
    def file(self) -> Path | None:
        """The file concerned (``pathlib.Path``), or None."""
        return _as_path(self._file) if self._file is not None else None

    def __str__(self) -> str:
        return self.message

    @classmethod
    def at(
        cls,
        file: str | os.PathLike[str],
        where: str | Sequence[str | int] | None,
        what: str,
        line: int | None = None,
    ) -> "SaveError":
        """An error found after reading, e.g. an entry that no longer replays.

        ``file``: the file it was read from; ``where``: a key path, as a string or
        as parts for ``key_path``; ``what``: the sentence saying what is wrong
        (from the message layer); ``line``: its line in the file, if known.
        The message reads "pesten.toml, line 17 (hands[3].entries[12]): what".
        """
        where_text = (where if isinstance(where, str) or where is None else key_path(where)) or None
        key = "store.at_line" if line else "store.at"
        if not where_text:
            key = "store.in_file_line" if line else "store.in_file"
        fields = {"file": os.fspath(file), "where": where_text, "what": what, "line": line}
        return cls(t(key, **fields), file=file, line=line, where=where_text)


class SaveBusy(SaveError):
    """The save file is locked by another pesten-ref process (exit status 3).

    ``pid`` is the process holding the lock when it could be read, else None.
    """

    exit_code = 3

    def __init__(self, message: str, *, file: str | os.PathLike[str], pid: int | None) -> None:
        super().__init__(message, file=file)
        self.pid = pid


# --------------------------------------------------------------------------- key paths


@lru_cache(maxsize=1024)
def toml_key(key: str) -> str:
    """``key`` as TOML writes it: bare when it can be, else a quoted basic string."""
    if key and _BARE_KEY.issuperset(key):
        return key
    return _string(key)


def _string(value: str) -> str:
    """A TOML basic string, escaped as tomli_w escapes it."""
    if not value.isprintable() or '"' in value or "\\" in value:  # (the quick test first)
        value = value.translate(_ESCAPES)
    return f'"{value}"'


def key_path(parts: Sequence[str | int]) -> str:
    """Render a key path: ``["hands", 3, "entries", 12]`` -> ``hands[3].entries[12]``.

    String parts are keys (quoted as in TOML when not bare: ``players."Anna B"``),
    int parts are item numbers, rendered as given.
    """
    out: list[str] = []
    for part in parts:
        if isinstance(part, int) and not isinstance(part, bool):
            out.append(f"[{part}]")
        else:
            key = toml_key(str(part))
            out.append(f".{key}" if out else key)
    return "".join(out)


# --------------------------------------------------------------------------- rendering


_PLAIN = frozenset({str, int, float, bool, date})  # time: checked for an offset below

# TOML basic strings: escape quote, backslash and control characters except tab,
# exactly as tomli_w does (tests check the two agree).
_ESCAPES = {i: f"\\u{i:04x}" for i in (*range(0x20), 0x7F) if i != 0x09}
_ESCAPES.update({0x08: "\\b", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r", 0x22: '\\"', 0x5C: "\\\\"})


def clean_for_toml(value: Any, where: list[str | int]) -> Any:
    """A copy of ``value`` ready for TOML: None dropped at any depth, tuples as lists,
    datetimes in UTC (a naive datetime is taken to be UTC).  ``where`` is the key
    path of ``value`` (``[]`` at the top), named in the TypeError raised for a
    value TOML cannot hold or a key that is not a str."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is datetime or isinstance(value, datetime):
        if value.tzinfo is timezone.utc:
            return value
        if value.tzinfo is None or value.utcoffset() is None:
            return value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc)
    if kind is dict or isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if v is None:
                continue
            if type(k) is not str:
                raise TypeError(
                    f"save file keys must be str, not {type(k).__name__} (at {key_path(where) or 'top'})"
                )
            out[k] = v if type(v) in _PLAIN else clean_for_toml(v, where + [k])
        return out
    if kind is list or kind is tuple:
        return [
            v if type(v) in _PLAIN else clean_for_toml(v, where + [i])
            for i, v in enumerate(value, 1)
            if v is not None
        ]
    if isinstance(value, (int, float, str)):  # subclasses (IntEnum, StrEnum): the plain value
        for base in (int, float, str):
            if isinstance(value, base):
                return base.__str__(value) if base is str else base(value)
    if isinstance(value, date) or (isinstance(value, time) and value.tzinfo is None):
        return value
    raise TypeError(f"a save file cannot hold {kind.__name__} (at {key_path(where) or 'top'})")


def _is_log(value: Any) -> bool:
    """True for a non-empty list of flat tables (each value a scalar); ``value`` cleaned."""
    if type(value) is not list or not value:
        return False
    for item in value:
        if type(item) is not dict:
            return False
        for v in item.values():
            if type(v) is list or type(v) is dict:
                return False
    return True


def toml_literal(value: Any) -> str:
    """A cleaned scalar as tomli_w writes it in an inline table."""
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is bool:
        return "true" if value else "false"
    return str(value)  # int, float (inf, nan), date, time, datetime: as tomli_w


def _inline(item: dict[str, Any]) -> str:
    if not item:
        return "{}"
    return "{ " + ", ".join(f"{toml_key(k)} = {toml_literal(v)}" for k, v in item.items()) + " }"


def render(data: Mapping[str, Any]) -> str:
    """The TOML text written for ``data``: ``format = FORMAT`` first, None values
    dropped, datetimes in UTC (see the module docstring).  TypeError for a value
    TOML cannot hold.

    tomli_w does the encoding, except that lists of flat tables at the top level
    are laid out one inline table per line whatever their length (tomli_w alone
    switches the whole list to ``[[key]]`` blocks once one line passes 100
    characters), with the same escapes as tomli_w.
    """
    import tomli_w  # only writers need it; read-only commands start faster
    body = clean_for_toml({k: v for k, v in data.items() if k != "format"}, [])
    head: list[str] = []
    run: dict[str, Any] = {"format": FORMAT}
    tables: dict[str, Any] = {}
    for key, value in body.items():
        if _is_log(value):
            if run:
                head.append(tomli_w.dumps(run))
                run = {}
            lines = "".join([f"    {_inline(item)},\n" for item in value])
            head.append(f"{toml_key(key)} = [\n{lines}]\n")
        elif type(value) is dict or (
            type(value) is list and value and all(type(v) is dict for v in value)
        ):
            tables[key] = value
        else:
            run[key] = value
    if run:
        head.append(tomli_w.dumps(run))
    text = "".join(head)
    if tables:
        text += "\n" + tomli_w.dumps(tables)
    return text


# --------------------------------------------------------------------------- file helpers


def _backup_path(path: str) -> str:
    return path + ".bak"


def _beside(path: str, name: str) -> str:
    """The file called ``name`` in the folder of ``path``."""
    return os.path.join(os.path.dirname(path), name)


def os_reason(exc: OSError) -> str:
    """Why the system refused a file operation, as it says it ("Permission denied")."""
    return exc.strerror or str(exc)


def fsync_dir(folder: str) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op on Windows)."""
    if os.name == "nt":  # pragma: no cover
        return
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot fsync a folder; the rename stands
        pass
    finally:
        os.close(fd)


def _keep_backup(path: str) -> None:
    """Make ``<path>.bak`` the current version of ``path`` (nothing if there is none)."""
    tmp = _beside(path, f".{os.path.basename(path)}.bak.tmp")
    try:
        os.link(path, tmp)
    except FileNotFoundError:  # no previous version (and no backup to make)
        with suppress(OSError):
            os.unlink(tmp)  # what a killed writer may have left
        return
    except FileExistsError:
        os.unlink(tmp)
        os.link(path, tmp)
    except (OSError, AttributeError, NotImplementedError):
        import shutil  # links not supported here: copy instead

        try:
            shutil.copyfile(path, tmp)
        except FileNotFoundError:
            return
    os.replace(tmp, _backup_path(path))


def is_read_only(path: str) -> bool:
    """True when ``path`` exists and its owner made it read-only.

    The mode bits are read as well as ``os.access``: for root ``os.access`` is
    always true, yet a file with no write bit (``chmod a-w``) is one a person
    marked as not to be changed.  A missing path is not read-only.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not mode & 0o222 or not os.access(path, os.W_OK)


def _refuse_read_only(path: str) -> None:
    """Raise SaveError when ``path``, or the folder it is written in, is read-only."""
    folder = os.path.dirname(path) or "."
    if is_read_only(folder):
        raise SaveError(t("store.read_only_folder", folder=folder, file=path), file=path)
    if is_read_only(path):
        raise SaveError(t("store.read_only", file=path), file=path)


_saved: list[str] = []
"""The files this process saved (``atomic_write`` with a backup: what a user
made, not derived data), in order: ``saved_files``."""


def saved_files(since: int = 0) -> list[str]:
    """The paths of the files this process has saved (series, hands, tournament
    and table files; not the hands' index nor journals) since ``since`` saves
    (``save_count``), each once, in the order first saved: what an error after
    them leaves saved."""
    return list(dict.fromkeys(_saved[since:]))


def save_count() -> int:
    """How many saves this process has made (``saved_files``' ``since``)."""
    return len(_saved)


def atomic_write(path: str, data: bytes, keep: bool = True) -> None:
    """Replace ``path`` by ``data`` atomically, keeping the old version as ``.bak``
    (unless ``keep`` is False).

    The caller holds the lock, so the temporary names are fixed: what a killed
    writer left behind is truncated and reused, never piles up.  Raises
    SaveError when ``path`` or its folder is read-only (``is_read_only``),
    FileNotFoundError when the folder is missing (the caller may create it) and
    OSError for any other failure; the old file is then untouched.
    """
    _refuse_read_only(path)
    tmp = _beside(path, f".{os.path.basename(path)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _O_BINARY, 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if keep:
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if keep:
        _saved.append(path)
    fsync_dir(os.path.dirname(path))


def _line_of(text: str, index: int) -> tuple[int, int]:
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def key_line(path: str | os.PathLike[str], parts: Sequence[str | int]) -> int | None:
    """The line (from 1) of the key path ``parts`` in the TOML file at ``path``
    (items of an array of tables counted from 1: ``["rounds", 2, "tables", 1,
    "winner"]``), else of the nearest key above it that can be found; None."""
    return _locate(os.fspath(path), parts)


def _locate(path: str, parts: Sequence[str | int]) -> int | None:
    """Best-effort line (from 1) of the key path ``parts`` in the file at ``path``
    (``["rules", "stacking"]``, ``["records", 2, "total"]``: item numbers from
    1), else of the nearest key above it that can be found (``tomlsource.key_lines``);
    None when none can."""
    if not parts:
        return None
    try:
        with open(path, encoding="utf-8-sig") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError):
        return None
    from referee.engine.tomlsource import key_lines, line_of  # (only for an error)
    return line_of(key_lines(text)[0], tuple(parts))


def _load(path: str, missing: Callable[[], SaveError]) -> dict[str, Any]:
    """Read and check one save file; every failure is a SaveError naming ``path``."""
    return _load_file(path, missing)[0]


def _load_file(path: str, missing: Callable[[], SaveError]
               ) -> tuple[dict[str, Any], bytes, os.stat_result]:
    """``_load``, also returning the bytes read and the ``os.fstat`` of the file
    they were read from (the version read, even if another replaced it since)."""
    name = path
    try:
        with open(path, "rb") as file:
            raw = file.read()
            stat = os.fstat(file.fileno())
    except FileNotFoundError:
        raise missing() from None
    except OSError as exc:
        raise SaveError(t("store.unreadable", file=name, reason=os_reason(exc)), file=path) from None

    def damaged(message: str, line: int | None) -> SaveError:
        backup = _backup_path(path)
        if os.path.exists(backup):
            message += t("store.backup_hint", file=name, backup=backup)
        return SaveError(message, file=path, line=line)

    text_bytes = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw  # a BOM some editors add
    try:
        text = text_bytes.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = text_bytes[: exc.start].decode("utf-8", errors="replace")
        line, column = _line_of(good, len(good))
        raise damaged(t("store.encoding", file=name, line=line, column=column), line) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _decode_error(exc, text, name, damaged) from None

    fmt = data.get("format")
    if type(fmt) is not int or fmt < 1:
        error = damaged(t("store.format_missing", file=name, supported=FORMAT), _locate(path, ["format"]))
        error.where = "format"
        raise error
    if fmt > FORMAT:
        raise SaveError(
            t("store.format_newer", file=name, found=fmt, supported=FORMAT),
            file=path, line=_locate(path, ["format"]), where="format",
        )
    return data, raw, stat


def _decode_error(exc: tomllib.TOMLDecodeError, text: str, name: str, damaged) -> SaveError:
    what = getattr(exc, "msg", None)
    line = getattr(exc, "lineno", None)
    column = getattr(exc, "colno", None)
    if what is None or line is None:  # Python < 3.14: parse the message
        message = str(exc)
        if match := re.match(_DECODE_AT, message):
            what, line, column = match["what"], int(match["line"]), int(match["col"])
        else:
            what = (match["what"] if (match := re.match(_DECODE_END, message)) else message)
            line, column = _line_of(text, len(text))
    what = what[:1].lower() + what[1:]
    return damaged(t("store.parse", file=name, line=line, column=column, what=what), line)


# --------------------------------------------------------------------------- the hands' index


def _identity(stat: os.stat_result) -> list[int]:
    """What tells a version of a file from another without reading it."""
    return [stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns]


def _digest(raw: bytes) -> str:
    import hashlib
    return hashlib.blake2b(raw, digest_size=16).hexdigest()


def _head(data: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's file without its log."""
    return {k: v for k, v in data.items() if k not in _LOG_KEYS}


def _tag(value: Any) -> dict[str, str]:
    """``json.dumps``' default: a datetime, date or time as ``{"$t": kind, "v": ISO
    text}`` (``_untag`` reads it back); TypeError for anything else."""
    for kind in ("datetime", "date", "time"):  # datetime first: it is a date too
        if isinstance(value, _ISO_TYPES[kind]):
            return {"$t": kind, "v": value.isoformat()}
    raise TypeError(f"the index cannot hold {type(value).__name__}")


_ISO_TYPES = {"datetime": datetime, "date": date, "time": time}


def _untag(table: dict[str, Any]) -> Any:
    """``json.loads``' object hook undoing ``_tag``; ValueError for a tag it does
    not know (a damaged index)."""
    if "$t" not in table:
        return table
    kind, value = table["$t"], table.get("v")
    if kind in _ISO_TYPES and type(value) is str and len(table) == 2:
        return _ISO_TYPES[kind].fromisoformat(value)
    raise ValueError(f"unknown value in the index: {kind!r}")


def _taggable(value: Any) -> bool:
    """False when a table of ``value`` has a ``$t`` key of its own (a hand-edited
    file): ``_untag`` would misread it, so such a file is never indexed."""
    if type(value) is dict:
        return "$t" not in value and all(_taggable(v) for v in value.values())
    if type(value) is list:
        return all(_taggable(v) for v in value)
    return True


def _read_index(path: str) -> dict[str, Any]:
    """The entries of the index at ``path`` by hand number (as text); {} when
    there is none, or it is damaged or of another version (it is rebuilt)."""
    import json
    try:
        with open(path, "rb") as file:
            data = json.loads(file.read(), object_hook=_untag)
    except (OSError, ValueError, TypeError, RecursionError):
        return {}
    if (type(data) is not dict or data.get("index") != _INDEX_VERSION
            or data.get("format") != FORMAT or type(data.get("hands")) is not dict):
        return {}
    return data["hands"]


def _index_entry(head: dict[str, Any], raw: bytes, stat: os.stat_result, made: int,
                 derived: list[Any] | None = None) -> dict:
    """The index entry of a hand's file read as ``raw`` with ``stat``; ``made``:
    ``time.time_ns()`` when the reading began (a file changed shortly before
    is checked by its digest as well as its identity); ``derived``: ``[name,
    value]`` derived from the whole file, if a reader asked for it."""
    racy = max(stat.st_mtime_ns, stat.st_ctime_ns) >= made - _INDEX_SETTLE_NS
    entry = {"file": _identity(stat), "digest": _digest(raw), "racy": racy, "head": head}
    if derived is not None:
        entry["derived"] = derived
    return entry


def _current_entry(entry: Any, path: str, stat: os.stat_result) -> dict[str, Any] | None:
    """``entry`` when it has a head and the file at ``path`` (now ``stat``) is
    the version it was made from, else None."""
    if type(entry) is not dict or type(entry.get("head")) is not dict:
        return None
    if entry.get("file") != _identity(stat):
        return None
    if entry.get("racy") is not False:
        try:
            with open(path, "rb") as file:
                if _digest(file.read()) != entry.get("digest"):
                    return None
        except OSError:
            return None
    return entry


def _derived(entry: Mapping[str, Any], name: str) -> tuple[bool, Any]:
    """(True, value) when ``entry`` keeps a value derived as ``name``, else (False, None)."""
    kept = entry.get("derived")
    if type(kept) is list and len(kept) == 2 and kept[0] == name:
        return True, kept[1]
    return False, None


# --------------------------------------------------------------------------- locking


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", errors="replace")
    except OSError:
        return None
    return int(text.strip()) if text.strip().isdigit() else None


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock without waiting; False when another process holds it."""
    if os.name == "nt":  # pragma: no cover
        os.lseek(fd, _WIN_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    try:
        with suppress(OSError):
            os.ftruncate(fd, 0)  # no pid: nobody holds it
        if os.name == "nt":  # pragma: no cover
            os.lseek(fd, _WIN_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


_held: dict[str, list[int]] = {}  # lock file (absolute) -> [fd, depth]: locks this process holds


# --------------------------------------------------------------------------- the save file


class SaveFile:
    """One series on disk: the header file at ``path`` and its hands folder.

    ``SaveFile("pesten.toml")`` has ``path`` ``pesten.toml``, ``hands_dir``
    ``pesten.hands`` and ``lock_path`` ``pesten.toml.lock``.  Nothing is touched
    until a method is called.  Hands are numbered from 1.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        # Paths are kept as strings (os.path) and handed out as pathlib.Path.
        self._path = os.path.expanduser(os.fspath(path))
        name = os.path.basename(self._path)
        stem = name[:-5] if name.lower().endswith(".toml") and len(name) > 5 else name
        self._hands = _beside(self._path, stem + ".hands")
        self._lock = _beside(self._path, name + ".lock")

    def __repr__(self) -> str:
        return f"SaveFile({self._path!r})"

    # -- where things are ---------------------------------------------------
    @property
    def path(self) -> Path:
        """The series file (``pathlib.Path``)."""
        return _as_path(self._path)

    @property
    def hands_dir(self) -> Path:
        """The folder of the hands' files (``pathlib.Path``)."""
        return _as_path(self._hands)

    @property
    def lock_path(self) -> Path:
        """The lock file (``pathlib.Path``)."""
        return _as_path(self._lock)

    def exists(self) -> bool:
        """True when the series file exists (a series has been started here)."""
        return os.path.isfile(self._path)

    def _hand_file(self, n: int) -> str:
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"hand numbers start at 1, not {n!r}")
        return os.path.join(self._hands, f"hand-{n:05d}.toml")

    def hand_path(self, n: int) -> Path:
        """The file of hand ``n`` (int >= 1): ``pesten.hands/hand-00003.toml``.

        Raises ValueError for a number that is not a positive int.
        """
        return _as_path(self._hand_file(n))

    def backup_path(self, file: str | os.PathLike[str] | None = None) -> Path:
        """Where the previous version of ``file`` (default: the series file) is kept."""
        return _as_path(_backup_path(os.fspath(file) if file is not None else self._path))

    def check_hands(self) -> None:
        """Raise SaveError when the hands folder is missing or cannot be read (a
        series has it from its first deal on: its hands are the record of the
        series).  A stat and an open of the folder, whatever its size."""
        folder = self._hands
        try:
            os.stat(folder)
        except FileNotFoundError:
            raise SaveError(t("store.hands_missing", folder=folder, file=self._path),
                            file=folder) from None
        except OSError:
            pass   # (said below, with the reason)
        try:
            with os.scandir(folder):
                pass
        except OSError as exc:
            raise SaveError(t("store.hands_unreadable", folder=folder, file=self._path,
                              reason=os_reason(exc)), file=folder) from None

    def has_hand(self, n: int) -> bool:
        """True when hand ``n`` has a file (one stat; cheaper than ``hand_numbers``)."""
        return os.path.isfile(self._hand_file(n))

    def hand_numbers(self) -> list[int]:
        """The numbers of the hands saved, ascending ([] when there are none)."""
        try:
            with os.scandir(self._hands) as entries:
                numbers = [int(m[1]) for e in entries if (m := re.fullmatch(_HAND_FILE, e.name))]
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(numbers)

    # -- reading ------------------------------------------------------------
    def read_series(self) -> dict[str, Any]:
        """The series header as a dict (with its ``format`` key).

        Raises SaveError: no series at ``path`` (pointing to ``pesten-ref new``), a
        file that does not parse (with its line and column, and the backup as a
        way out), no valid ``format``, or a format newer than FORMAT.
        """
        path = self._path
        return _load(path, lambda: SaveError(t("store.missing", file=path), file=path))

    def read_hand(self, n: int) -> dict[str, Any]:
        """Hand ``n`` as a dict (with its ``format`` key); SaveError as ``read_series``,
        and when the hand's file is missing."""
        path = self._hand_file(n)
        return _load(path, lambda: SaveError(t("store.hand_missing", hand=n, file=path), file=path))

    def read_hand_heads(self, numbers: Sequence[int],
                        check: Callable[[int, dict[str, Any]], None] | None = None,
                        whole: Callable[[int, dict[str, Any]], None] | None = None,
                        ) -> dict[int, dict[str, Any]]:
        """The files of hands ``numbers`` as ``read_hand`` reads them, without
        their logs (``entries``, ``redo``): ``{n: head}`` in the order given,
        for those that have a file (a missing one is left out).

        Each head comes from the hands' index (module docstring) while its
        file is unchanged, else from the file itself, read in full; then the
        index is brought up to date (only when something changed and the lock
        can be had at once; a failure to write it is ignored).  The cost of a
        call with an up-to-date index is a stat per hand and reading the
        index, not parsing the logs.  ``check(n, head)``: called on every head
        before the index is written; when it raises on a head from the
        index, that hand's file is read again and checked again, so an error
        raised always comes from the file (the index is never believed over
        it).  ``whole(n, data)``: called on the whole file (log included) of
        every hand read in full, before its head is indexed, so a file whose
        log it refuses is never indexed (the log is not read again while the
        file is unchanged).  Raises SaveError as ``read_hand`` for a file that
        does not read, and what ``check`` or ``whole`` raise (the index is then
        not written).
        """
        return {n: head for n, (head, _) in self._read_indexed(numbers, check, None,
                                                               whole).items()}

    def read_hand_facts(self, numbers: Sequence[int], name: str,
                        derive: Callable[[int, dict[str, Any]], Any],
                        check: Callable[[int, dict[str, Any]], None] | None = None,
                        accept: Callable[[Any], bool] | None = None,
                        whole: Callable[[int, dict[str, Any]], None] | None = None,
                        ) -> dict[int, tuple[dict[str, Any], Any]]:
        """``read_hand_heads``, each head with what ``derive(n, data)`` gives
        from hand ``n``'s whole file (``data``: as ``read_hand`` reads it, log
        included): ``{n: (head, value)}``.

        The value is kept in the hand's index entry as derived by ``name``, a
        text that must change whenever the value would for the same file (a
        version of ``derive``, what it depends on besides the file, such as
        the rule set), and used while the file is unchanged and the name the
        same; otherwise the file is read in full and ``derive`` called on it.
        So a call with an up-to-date index parses no hand's file.  ``value``:
        a JSON value (dict, list, str, int, float, bool, None; a date or time
        too).  ``derive`` raising is a programming error: it must take any file
        that reads.  ``accept(value)``: False for a value kept in the index
        that is not of the shape ``derive`` gives (a damaged index), which is
        then derived again from the file, as a head ``check`` refuses is read
        again.  ``whole``: as for ``read_hand_heads``.  Raises SaveError as
        ``read_hand_heads``.
        """
        return self._read_indexed(numbers, check, (name, derive, accept), whole)

    def _read_indexed(self, numbers: Sequence[int],
                      check: Callable[[int, dict[str, Any]], None] | None,
                      derive: tuple[str, Callable[[int, dict[str, Any]], Any],
                                    Callable[[Any], bool] | None] | None,
                      whole: Callable[[int, dict[str, Any]], None] | None = None,
                      ) -> dict[int, tuple[dict[str, Any], Any]]:
        """``read_hand_heads`` and ``read_hand_facts`` (value None without ``derive``)."""
        import time as _time
        made = _time.time_ns()
        index_path = os.path.join(self._hands, _INDEX_NAME)
        entries = _read_index(index_path)
        changed = False
        out: dict[int, tuple[dict[str, Any], Any]] = {}
        for n in numbers:
            path = self._hand_file(n)
            key = str(n)
            try:
                stat = os.stat(path)
            except FileNotFoundError:
                changed |= entries.pop(key, None) is not None
                continue
            except OSError:
                stat = None
            entry = None if stat is None else _current_entry(entries.get(key), path, stat)
            head, value = (None, None) if entry is None else (entry["head"], None)
            if head is not None and derive is not None:
                found, value = _derived(entry, derive[0])
                if not found or (derive[2] is not None and not derive[2](value)):
                    head = None  # derived from another version or by another name: read it
            if head is not None and check is not None:
                try:
                    check(n, head)
                except SaveError:
                    head = None
            if head is None:
                missing = lambda: SaveError(t("store.hand_missing", hand=n, file=path),  # noqa: E731
                                            file=path)
                data, raw, stat = _load_file(path, missing)
                head = _head(data)
                if check is not None:
                    check(n, head)
                if whole is not None:
                    whole(n, data)
                derived = None
                if derive is not None:
                    value = derive[1](n, data)
                    derived = [derive[0], value]
                if _taggable(head) and _taggable(derived):
                    entries[key] = _index_entry(head, raw, stat, made, derived)
                else:
                    entries.pop(key, None)
                changed = True
            out[n] = (head, value)
        if changed and os.path.isdir(self._hands):
            self._write_index(index_path, entries)
        return out

    def _write_index(self, path: str, entries: Mapping[str, Any]) -> None:
        """Replace the hands' index (atomic, no backup) if the lock is free now."""
        import json
        payload = json.dumps({"index": _INDEX_VERSION, "format": FORMAT, "hands": entries},
                             ensure_ascii=False, separators=(",", ":"), default=_tag).encode("utf-8")
        try:
            with self.lock():
                atomic_write(path, payload, keep=False)
        except (SaveError, OSError):  # busy, read-only, full disk: derived data, next time
            pass

    # -- writing --------------------------------------------------------------
    def write_series(self, data: Mapping[str, Any]) -> None:
        """Replace the series header by ``data`` atomically (previous one kept as .bak).

        ``format = FORMAT`` is written first; None values are dropped at any depth.
        Takes the lock for the write if this process does not hold it already.
        Raises SaveBusy when another process holds the lock, SaveError when the
        file cannot be written (the old one is then unchanged), TypeError for a
        value TOML cannot hold.
        """
        payload = render(data).encode("utf-8", errors="replace")
        try:
            with self.lock():
                atomic_write(self._path, payload)
        except OSError as exc:
            raise SaveError(t("store.unwritable", file=self._path, reason=os_reason(exc)), file=self._path) from None

    def check_hand_writable(self, n: int) -> None:
        """Raise the SaveError ``write_hand(n, ...)`` would for a read-only hands
        folder or hand file, before anything is written: a command that writes
        the series file before hand ``n``'s (a correction) asks first, so that
        its refusal writes nothing."""
        path = self._hand_file(n)
        if os.path.isdir(self._hands):
            _refuse_read_only(path)

    def write_hand(self, n: int, data: Mapping[str, Any]) -> None:
        """Replace hand ``n``'s file by ``data`` atomically, creating the hands folder.

        Only this one file is rewritten, so the cost does not depend on the number
        of hands.  Same rules, lock and errors as ``write_series``.
        """
        path = self._hand_file(n)
        payload = render(data).encode("utf-8", errors="replace")
        try:
            with self.lock():
                try:
                    atomic_write(path, payload)
                except FileNotFoundError:
                    if os.path.isdir(self._hands):
                        raise
                    os.mkdir(self._hands)
                    fsync_dir(os.path.dirname(self._hands))
                    atomic_write(path, payload)
        except OSError as exc:
            raise SaveError(t("store.unwritable", file=path, reason=os_reason(exc)), file=path) from None

    # -- abandoned hands (R7.3: kept, never scored) --------------------------------
    def abandoned_hands(self) -> list[tuple[int, int]]:
        """``(hand, k)`` of every abandoned hand's file kept beside the hands
        (``hand-00003.abandoned-1.toml``: the first time hand 3 was abandoned),
        in order; [] when there are none."""
        try:
            with os.scandir(self._hands) as entries:
                found = [(int(m[1]), int(m[2])) for e in entries
                         if (m := re.fullmatch(_ABANDONED_FILE, e.name))]
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(found)

    def abandoned_path(self, n: int, k: int) -> Path:
        """The file of the ``k``-th abandoned deal of hand ``n``."""
        return _as_path(os.path.join(self._hands, f"hand-{n:05d}.abandoned-{k}.toml"))

    def read_abandoned(self, n: int, k: int) -> dict[str, Any]:
        """The ``k``-th abandoned deal of hand ``n`` as a dict; SaveError as ``read_hand``."""
        path = os.fspath(self.abandoned_path(n, k))
        return _load(path, lambda: SaveError(t("store.hand_missing", hand=n, file=path), file=path))

    def keep_abandoned(self, n: int, data: Mapping[str, Any]) -> Path:
        """Write ``data``, hand ``n``'s file as it was when abandoned, to the next free
        ``hand-0000N.abandoned-K.toml`` (atomic; the caller holds the lock); -> its
        path.  SaveError when it cannot be written."""
        k = 1 + max((j for h, j in self.abandoned_hands() if h == n), default=0)
        path = os.fspath(self.abandoned_path(n, k))
        try:
            atomic_write(path, render(data).encode("utf-8", errors="replace"), keep=False)
        except OSError as exc:
            raise SaveError(t("store.unwritable", file=path, reason=os_reason(exc)), file=path) from None
        return _as_path(path)

    # -- kept series (nothing is ever deleted) ----------------------------------
    @property
    def archive_dir(self) -> Path:
        """The folder of the series kept beside this one: ``pesten.archive``."""
        return _as_path(self._archive)

    @property
    def _archive(self) -> str:
        return self._hands[: -len(".hands")] + ".archive"

    def archived(self, series_id: int) -> "SaveFile":
        """The kept series ``series_id`` (an ordinary series file):
        ``pesten.archive/series-0003.toml``.  Raises ValueError for an id below 1."""
        if not isinstance(series_id, int) or isinstance(series_id, bool) or series_id < 1:
            raise ValueError(f"series ids start at 1, not {series_id!r}")
        return SaveFile(os.path.join(self._archive, f"series-{series_id:04d}.toml"))

    def archived_ids(self) -> list[int]:
        """The ids of the series kept in the archive folder, ascending."""
        try:
            with os.scandir(self._archive) as entries:
                ids = [int(m[1]) for e in entries
                       if (m := re.fullmatch(_ARCHIVED_FILE, e.name)) and e.is_file()]
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(ids)

    def staging(self) -> "SaveFile":
        """Where ``new`` builds the next series before it takes this one's place
        (``pesten.archive/.new.toml``; never listed)."""
        return SaveFile(os.path.join(self._archive, ".new.toml"))

    def companion_paths(self) -> list[str]:
        """The paths that make up this series on disk: header, its backup, hands folder."""
        return [self._path, _backup_path(self._path), self._hands]

    def move_series(self, moves: Sequence[tuple["SaveFile", "SaveFile"]]) -> None:
        """Move whole series (header, its backup, hands folder) from one place to
        another, as one step that a crash cannot leave half done.

        ``moves``: (from, to) pairs, done in order; this SaveFile is the series
        whose lock is held (the one being replaced).  The moves are first written
        to ``<PATH>.moves`` (fsynced), then done one by one, each a rename that
        is skipped when already done; ``recover`` finishes them after a crash.
        Nothing is ever overwritten: a destination that already exists is a
        SaveError and the moves stop there.  Raises SaveBusy when another
        process holds the lock.
        """
        pairs = []
        for src, dst in moves:
            pairs += list(zip(src.companion_paths(), dst.companion_paths()))
        base = os.path.dirname(os.path.abspath(self._path))
        journal = {"moves": [{"from": os.path.relpath(os.path.abspath(a), base),
                              "to": os.path.relpath(os.path.abspath(b), base)} for a, b in pairs]}
        with self.lock():
            os.makedirs(self._archive, exist_ok=True)
            try:
                atomic_write(self._journal, render(journal).encode("utf-8"), keep=False)
            except OSError as exc:
                raise SaveError(t("store.unwritable", file=self._journal, reason=os_reason(exc)),
                                file=self._journal) from None
            self._finish_moves()

    @property
    def _journal(self) -> str:
        return self._path + ".moves"

    def recover(self) -> None:
        """Finish the moves of a ``move_series`` that was killed half way (nothing
        if there are none: one stat).  Raises SaveBusy when another process
        holds the lock (it is finishing them), SaveError when a move cannot be done."""
        if os.path.exists(self._journal):
            with self.lock():
                if os.path.exists(self._journal):
                    self._finish_moves()

    def _finish_moves(self) -> None:
        """Do the moves of the journal from the first not done; the journal's
        ``done`` (moves done so far) is rewritten after each rename, so a move
        is never done twice even when a later one puts something back at its
        source (the new series taking the old one's place)."""
        journal = _load(self._journal, lambda: SaveError(t("store.missing", file=self._journal)))
        base = os.path.dirname(os.path.abspath(self._path))
        moves = list(journal.get("moves", []))
        done = int(journal.get("done", 0))
        for i in range(done, len(moves)):
            src = os.path.join(base, str(moves[i]["from"]))
            dst = os.path.join(base, str(moves[i]["to"]))
            if not os.path.lexists(src):
                continue  # done before a crash, or nothing to move (no backup yet)
            if os.path.lexists(dst):
                raise SaveError(t("store.move_conflict", src=src, dst=dst), file=dst)
            try:
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                os.rename(src, dst)
                fsync_dir(os.path.dirname(src))
                fsync_dir(os.path.dirname(dst))
                journal["done"] = i + 1
                atomic_write(self._journal, render(journal).encode("utf-8"), keep=False)
            except OSError as exc:
                raise SaveError(t("store.unwritable", file=dst, reason=os_reason(exc)), file=dst) from None
        os.unlink(self._journal)
        fsync_dir(os.path.dirname(self._journal))

    def error_at(self, hand: int | None, parts: Sequence[str | int], what: str) -> SaveError:
        """A SaveError for something wrong found in the saved data after reading.

        ``hand``: the hand's number, or None for the series file; ``parts``: the key
        path inside that file, item numbers counting from 1 as people count
        (``["entries", 12]`` is the 12th entry); ``what``: the sentence saying what is
        wrong.  The error names the file, the line when it can be found, and the key
        path from the series (``hands[3].entries[12]``).
        """
        file = self._path if hand is None else self._hand_file(hand)
        where = list(parts) if hand is None else ["hands", hand, *parts]
        return SaveError.at(file, where, what, line=_locate(file, parts))

    # -- locking ----------------------------------------------------------------
    @contextmanager
    def lock(self) -> Iterator["SaveFile"]:
        """Hold the series for writing: ``with save.lock(): ...``.

        Takes an exclusive non-blocking lock on ``<PATH>.lock`` (``fcntl.flock``;
        ``msvcrt.locking`` on Windows) and writes this process's pid into it.  The
        OS releases the lock when the holder dies, so a lock file left by a killed
        process never blocks.  Re-entrant within the process (any SaveFile of the
        same path).  Costs a few system calls, whatever the size of the series.
        Raises SaveBusy at once when another process holds the lock, SaveError
        when the lock file cannot be made or the series file or its folder is
        read-only (nothing is then written, not even the lock file).
        """
        key = os.path.abspath(self._lock)
        held = _held.get(key)
        if held:
            held[1] += 1
            try:
                yield self
            finally:
                held[1] -= 1
            return
        lock_name = self._lock
        _refuse_read_only(self._path)  # before the lock file is made beside it
        try:
            fd = os.open(lock_name, os.O_RDWR | os.O_CREAT | _O_BINARY, 0o644)
        except OSError as exc:
            raise SaveError(t("store.unwritable", file=lock_name, reason=os_reason(exc)), file=lock_name) from None
        try:
            locked = _try_lock(fd)
        except OSError as exc:
            os.close(fd)
            raise SaveError(t("store.unwritable", file=lock_name, reason=os_reason(exc)), file=lock_name) from None
        if not locked:
            pid = _read_pid(fd)
            os.close(fd)
            message = t("store.busy" if pid else "store.busy_nopid", file=self._path, pid=pid)
            raise SaveBusy(message, file=self._path, pid=pid)
        try:
            with suppress(OSError):
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, f"{os.getpid()}\n".encode("ascii"))
            _held[key] = [fd, 1]
            yield self
        finally:
            _held.pop(key, None)
            _unlock(fd)
