"""A cheap copy of an immutable state with some fields changed.

``dataclasses.replace`` reads every field and runs the generated ``__init__`` again; on a
state of thirty fields changed a hundred thousand times a game that was most of a
simulation's time (issue 19). :func:`evolve` copies the instance's ``__dict__`` instead,
for the frozen dataclasses where that gives the very same value: no ``__post_init__``, no
``__init__`` of their own (which may check its values), no ``init=False`` field (a slotted
class is copied slot by slot). A class of the compiled build keeps its fields in neither a
``__dict__`` nor slots: one rewritten for it (tools/native.py) copies itself by its own
``_with``; any other such class, like any other class, falls back to ``replace``.

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
from collections.abc import Callable
from operator import attrgetter
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")

#: a slotted class's field setters in order, and what reads them all from an instance
_Slots = tuple[tuple[Callable[[Any, Any], None], ...], Callable[[Any], tuple[Any, ...]]]

# class -> (its init fields' names, for a class that keeps them in __slots__ a setter of
# each in order with a reader of all of them, and whether it copies itself by its
# ``_with``) when a copy field by field is exact; None when it is not (then
# dataclasses.replace does it)
_FIELDS: dict[type, tuple[frozenset[str], _Slots | None, bool] | None] = {}


def _plain_fields(cls: type) -> tuple[frozenset[str], _Slots | None, bool] | None:
    params = getattr(cls, "__dataclass_params__", None)  # init False: an __init__ of its own
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") \
            or params is None or not params.init:
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None
    names = tuple(f.name for f in fields)
    if "_with" in cls.__dict__:  # a class of the compiled build, rewritten for it
        return frozenset(names), None, True
    if "__slots__" not in cls.__dict__:
        if not cls.__dictoffset__:  # no __dict__ and no slots: a class compiled by mypyc
            return None  # (the opt-in compiled build, README "How fast")
        return frozenset(names), None, False
    # attrgetter of two names or more reads them all in one call, as a tuple (a slot read
    # one by one costs twice as much: a Figure is copied a hundred times a game, issue 19)
    read = attrgetter(*names) if len(names) > 1 else (lambda state: (getattr(state, names[0]),))
    return frozenset(names), (tuple(_setter(cls, name) for name in names), read), False


def _setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """What sets field ``name`` on a new instance of ``cls``: its slot's own ``__set__``
    where it has one (a third faster than ``object.__setattr__``, which looks it up)."""
    slot = getattr(cls, name, None)
    if isinstance(slot, MemberDescriptorType):
        return slot.__set__
    return lambda instance, value: _set(instance, name, value)


def evolve(state: T, /, **changes: Any) -> T:
    """``dataclasses.replace(state, **changes)``, without re-running ``__init__``."""
    cls = type(state)
    try:
        plain = _FIELDS[cls]
    except KeyError:
        plain = _FIELDS[cls] = _plain_fields(cls)
    if plain is None:
        return dataclasses.replace(state, **changes)  # type: ignore[type-var]
    names, slots, native = plain
    for name in changes:  # a loop: cheaper than changes.keys() <= names for a change or two
        if name not in names:
            unknown = sorted(changes.keys() - names)[0]
            raise TypeError(f"{cls.__name__} has no field {unknown!r}")
    if native:
        copied: T = state._with(changes)  # type: ignore[attr-defined]
        return copied
    new = _new(cls)
    if slots is not None:  # no __dict__: each field set in its slot, then the changes
        setters, read = slots
        for setter, value in zip(setters, read(state), strict=True):
            setter(new, value)
        for name, value in changes.items():
            _set(new, name, value)
    else:
        _set(new, "__dict__", {**state.__dict__, **changes})
    return new


def evolve_known(state: T, fields: frozenset[str], changes: dict[str, Any]) -> T:
    """``evolve(state, **changes)`` for a class :func:`evolve` copies by its ``__dict__``
    (a plain frozen dataclass without slots), whose field names ``fields`` the caller
    keeps: no look-up of the class (a game's table is copied a thousand times a game,
    issue 19). A name not among ``fields`` goes to :func:`evolve`, which says it."""
    for name in changes:  # (a loop: quicker than a keys view's comparison for a few)
        if name not in fields:
            return evolve(state, **changes)
    new = _new(type(state))
    _set(new, "__dict__", {**state.__dict__, **changes})
    return new


class Keeps:
    """Base of a frozen dataclass that keeps what was worked out from its fields beside
    them (each checked against the very objects it came from, so a copy never reads a stale
    one; issue 19). Each is declared on the class as ``_name: ClassVar[T | None] = None``
    (nothing worked out yet), read as ``self._name`` and set by ``object.__setattr__(self,
    "_name", value)``; :func:`evolve` copies it along. What is kept is left out when the
    value is pickled (a table sent back from a worker process): it would only weigh. It is
    worked out again when next asked. The compiled build makes each an attribute of the
    instance, and the pickle its class's ``__reduce__`` (tools/native.py)."""

    def __getstate__(self) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if name[0] != "_"}


_new = object.__new__
_set = object.__setattr__
