"""A message to be said, as data: the engine tells, the place that shows it says.

The engine builds no text: an error of its own (``rules.RulesError``) carries a
``Told``, the message key and its fields, and whoever catches it says it in the
language of its reader (``referee.messages.say``).  So a message made while one
language is set is read in another when it is said there.

- ``Told(key, **fields)``: a message key and its fields; a field may itself be a
  ``Told`` (said first: ``rules.error`` with ``where=`` and ``problem=``) or a
  ``OneOf``.
- ``OneOf(items, word)``: a list said as "a, b or c" with the language's own word
  (``word``: its message key, ``"rules.word.or"``).

Both are immutable and compare field by field (``values.Value``).
"""

from __future__ import annotations

from types import MappingProxyType
from collections.abc import Mapping
from typing import Any

from referee.engine.values import Value, set_field

__all__ = ["Told", "OneOf"]


class Told(Value):
    """A message to be said: ``key`` (a message key, ``"rules.err.type"``) and
    ``fields`` (a read-only mapping of its fields by name, in name order, each a
    plain value, a ``Told`` or a ``OneOf``).  Said by ``referee.messages.say(told)``; equal when the key and
    the fields are; hashable when the fields are."""

    __slots__ = ("key", "fields")
    __match_args__ = ("key", "fields")

    def __init__(self, key: str, /, **fields: Any) -> None:
        set_field(self, "key", key)
        set_field(self, "fields", MappingProxyType(dict(sorted(fields.items()))))

    def _fields(self) -> tuple:
        return (self.key, tuple(self.fields.items()))

    def __repr__(self) -> str:
        inner = "".join(f", {name}={value!r}" for name, value in self.fields.items())
        return f"Told({self.key!r}{inner})"

    def __reduce__(self) -> tuple:
        return (_told, (self.key, dict(self.fields)))


def _told(key: str, fields: Mapping[str, Any]) -> Told:
    return Told(key, **fields)


class OneOf(Value):
    """Two or more choices said as one phrase, "a, b or c": ``items`` (each a plain
    value or a ``Told``) and ``word``, the message key of the word before the last
    one (``"rules.word.or"``)."""

    __slots__ = ("items", "word")
    __match_args__ = ("items", "word")

    def __init__(self, items: tuple, word: str) -> None:
        set_field(self, "items", tuple(items))
        set_field(self, "word", word)
