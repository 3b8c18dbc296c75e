"""Plain value classes: slotted, compared and shown field by field.

Plain classes rather than dataclasses: building a dataclass costs about half a
millisecond at import (a frozen one more), and every command imports the
modules that define them (start-up time, bench/bench_startup.py).

- ``Value``: immutable (the parsed entries of ``notation``, ``Event``,
  ``HouseRules``); hashable.
- ``Record``: mutable (the series records of ``scoring``); not hashable.

A subclass lists its public fields in ``__match_args__``, in constructor order
(its ``__slots__`` may hold more, derived from them).  Two values are equal
when they are of the same class with equal fields; ``repr`` shows the class
and the fields.
"""

from __future__ import annotations

__all__ = ["Value", "Record", "set_field"]

set_field = object.__setattr__
"""``set_field(obj, name, value)``: how a ``Value``'s ``__init__`` fills its slots."""


class _Fields:
    __slots__ = ()
    __match_args__: tuple = ()

    def _fields(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({inner})"


class Value(_Fields):
    """Immutable: setting or deleting an attribute raises ``AttributeError``
    (``__init__`` fills the slots with ``set_field``); the hash is the fields'."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a {type(self).__name__} "
                             "is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a {type(self).__name__} "
                             "is immutable")

    def __reduce__(self) -> tuple:
        return (type(self), self._fields())


class Record(_Fields):
    """Mutable, so not hashable."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]
