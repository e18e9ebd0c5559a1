"""A cheap copy of an immutable state with some fields changed.

``dataclasses.replace`` reads every field and runs the generated ``__init__`` again; on a
state of thirty fields changed a hundred thousand times a game that was most of a
simulation's time (issue 19). :func:`evolve` copies the instance's ``__dict__`` instead,
for the frozen dataclasses where that gives the very same value: no ``__post_init__``, no
``init=False`` field, no ``__slots__``. Any other class falls back to ``replace``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> evolve(Point(1, 2), y=5)
Point(x=1, y=5)
>>> evolve(Point(1), z=3)
Traceback (most recent call last):
...
TypeError: Point has no field 'z'
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

# class -> its init fields' names when a __dict__ copy is exact, None when it is not
_FIELDS: dict[type, frozenset[str] | None] = {}


def _plain_fields(cls: type) -> frozenset[str] | None:
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or (
            "__slots__" in cls.__dict__):
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None
    return frozenset(f.name for f in fields)


def evolve(state: T, /, **changes: Any) -> T:
    """``dataclasses.replace(state, **changes)``, without re-running ``__init__``."""
    cls = type(state)
    try:
        names = _FIELDS[cls]
    except KeyError:
        names = _FIELDS[cls] = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(state, **changes)  # type: ignore[type-var]
    if not changes.keys() <= names:
        unknown = sorted(changes.keys() - names)[0]
        raise TypeError(f"{cls.__name__} has no field {unknown!r}")
    new = _new(cls)
    _set(new, "__dict__", {**state.__dict__, **changes})
    return new


_new = object.__new__
_set = object.__setattr__
