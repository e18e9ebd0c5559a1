"""An append-only log that successive immutable states share.

A state that adds a line to a tuple log copies the whole log: a game of a few hundred
lines copied at every line is quadratic (issue 19). A :class:`Log` is a view of the first
``len`` lines of a list that every later log extends in place; adding to the newest log
appends, adding to an older one (a state kept from before, a planner's branch) copies its
own lines first, so no log ever sees a line added after it was made. It reads like the
tuple of its lines (indexing, slices as tuples, iteration, ``len``, equality with a tuple).

>>> first = Log(("a",))
>>> second = first.add("b")
>>> branch = first.add("c")
>>> first, second, branch
(('a',), ('a', 'b'), ('a', 'c'))
>>> second == ("a", "b"), second[-1], second[:1]
(True, 'b', ('a',))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, overload


class Log(Sequence[str]):
    """The lines of a log so far (immutable; see the module's doc)."""

    __slots__ = ("_lines", "_size")

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self._lines = list(lines)
        self._size = len(self._lines)

    @classmethod
    def of(cls, lines: Iterable[str]) -> Log:
        """``lines`` as a Log (itself if it is one)."""
        return lines if isinstance(lines, Log) else cls(lines)

    def add(self, *lines: str) -> Log:
        """This log with ``lines`` after it."""
        shared = self._lines
        if len(shared) != self._size:  # a later log went on from here: branch off
            shared = shared[:self._size]
        shared.extend(lines)
        new = Log.__new__(Log)
        new._lines, new._size = shared, len(shared)
        return new

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._size)
            if step == 1:  # the usual "lines since": no copy of the rest
                return tuple(self._lines[start:stop])
            return tuple(self._lines[:self._size][index])
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("log index out of range")
        return self._lines[index]

    def __iter__(self) -> Iterator[str]:
        return islice(self._lines, self._size)

    def __reversed__(self) -> Iterator[str]:
        return reversed(self._lines[:self._size])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self._size == other._size and (
                self._lines is other._lines or self._lines[:self._size]
                == other._lines[:other._size])
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[str]) -> tuple[str, ...]:
        return (*self, *other)

    def __radd__(self, other: Sequence[str]) -> tuple[str, ...]:
        return (*other, *self)

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Log, (tuple(self),))
